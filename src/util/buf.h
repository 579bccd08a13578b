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
#include <string.h>

struct umpire_buf {
	char *ptr;
	size_t len, cap;
};

#define UMPIRE_BUF_INIT { NULL, 0, 0 }

/* Room for extra bytes more and the NUL after them. */
void umpire_buf_grow(struct umpire_buf *b, size_t extra);

/*
 * The appends, inline: the pictures and reports write most of their
 * bytes a few at a time, and the room is nearly always there already.
 */
inline void
umpire_buf_add(struct umpire_buf *b, const void *data, size_t n)
{
	if (b->cap - b->len <= n)
		umpire_buf_grow(b, n);
	if (n)
		memcpy(b->ptr + b->len, data, n);
	b->len += n;
	b->ptr[b->len] = '\0';
}

inline void
umpire_buf_puts(struct umpire_buf *b, const char *s)
{
	umpire_buf_add(b, s, strlen(s));
}

inline void
umpire_buf_putc(struct umpire_buf *b, char c)
{
	if (b->cap - b->len <= 1)
		umpire_buf_grow(b, 1);
	b->ptr[b->len++] = c;
	b->ptr[b->len] = '\0';
}

/* n in decimal, the bytes printf's "%ld" writes. */
void umpire_buf_long(struct umpire_buf *b, long n);
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
