#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

void
umpire_buf_grow(struct umpire_buf *b, size_t extra)
{
	if (b->cap - b->len > extra)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->len <= extra) {
		if (cap > (size_t)-1 / 2)
			umpire_die_oom();
		cap *= 2;
	}
	b->ptr = umpire_xrealloc(b->ptr, cap);
	b->cap = cap;
}

/* The one definition of each inline append, for calls not inlined. */
extern inline void umpire_buf_add(struct umpire_buf *b, const void *data,
	size_t n);
extern inline void umpire_buf_puts(struct umpire_buf *b, const char *s);
extern inline void umpire_buf_putc(struct umpire_buf *b, char c);

void
umpire_buf_long(struct umpire_buf *b, long n)
{
	char digits[24], *p = digits + sizeof(digits);
	/* The magnitude as unsigned, so that LONG_MIN has one too. */
	unsigned long u = n < 0 ? 0ul - (unsigned long)n : (unsigned long)n;

	/* Most numbers written are a picture's coordinates: 0 to 999. */
	if (n >= 0 && n < 1000 && b->cap - b->len > 3) {
		char *d = b->ptr + b->len;
		size_t k = n < 10 ? 1 : n < 100 ? 2 : 3;
		for (size_t i = k; i-- > 0; u /= 10)
			d[i] = (char)('0' + u % 10);
		d[k] = '\0';
		b->len += k;
		return;
	}
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (n < 0)
		*--p = '-';
	size_t len = (size_t)(digits + sizeof(digits) - p);
	if (b->cap - b->len <= len)
		umpire_buf_grow(b, len);
	/* A byte at a time: a call to memcpy costs more than a few digits. */
	for (size_t i = 0; i < len; i++)
		b->ptr[b->len + i] = p[i];
	b->len += len;
	b->ptr[b->len] = '\0';
}

void
umpire_buf_pad(struct umpire_buf *b, char c, size_t n)
{
	umpire_buf_grow(b, n);
	memset(b->ptr + b->len, c, n);
	b->len += n;
	b->ptr[b->len] = '\0';
}

void
umpire_buf_vprintf(struct umpire_buf *b, const char *fmt, va_list ap)
{
	va_list cp;

	/* Format once into the room there is; again only if it was short. */
	umpire_buf_grow(b, 64);
	va_copy(cp, ap);
	int n = vsnprintf(b->ptr + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0) {
		b->ptr[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		umpire_buf_grow(b, (size_t)n);
		vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void
umpire_buf_printf(struct umpire_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
umpire_buf_clear(struct umpire_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

void
umpire_buf_truncate(struct umpire_buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->ptr[len] = '\0';
	}
}

void
umpire_buf_free(struct umpire_buf *b)
{
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}

const char *
umpire_buf_cstr(struct umpire_buf *b)
{
	return b->ptr ? b->ptr : "";
}

bool
umpire_buf_equal(const struct umpire_buf *b, const void *data, size_t n)
{
	return b->len == n && (n == 0 || memcmp(b->ptr, data, n) == 0);
}
