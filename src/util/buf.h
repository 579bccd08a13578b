/*
 * buf.h - a growable byte string on the heap.
 *
 * The buffer owns ptr; umpire_buf_free releases it.  ptr is always
 * NUL-terminated once anything has been written.
 */
#ifndef UMPIRE_BUF_H
#define UMPIRE_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct umpire_buf {
	char *ptr;
	size_t len, cap;
};

#define UMPIRE_BUF_INIT { NULL, 0, 0 }

void umpire_buf_grow(struct umpire_buf *b, size_t extra);
void umpire_buf_add(struct umpire_buf *b, const void *data, size_t n);
void umpire_buf_puts(struct umpire_buf *b, const char *s);
void umpire_buf_putc(struct umpire_buf *b, char c);
void umpire_buf_printf(struct umpire_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void umpire_buf_vprintf(struct umpire_buf *b, const char *fmt, va_list ap);
/* Append c n times. */
void umpire_buf_pad(struct umpire_buf *b, char c, size_t n);
void umpire_buf_clear(struct umpire_buf *b);
/* Keep the first len bytes (len <= b->len). */
void umpire_buf_truncate(struct umpire_buf *b, size_t len);
void umpire_buf_free(struct umpire_buf *b);
/* The text so far, "" for an empty buffer; still owned by b. */
const char *umpire_buf_cstr(struct umpire_buf *b);
bool umpire_buf_equal(const struct umpire_buf *b, const void *data, size_t n);

#endif
