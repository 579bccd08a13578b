/*
 * pad.c - padding before encryption (pad.h).
 */
#include "crypto/pad.h"

#include <stdio.h>
#include <stdlib.h>

size_t
umpire_pad_size(size_t len, size_t floor)
{
	size_t size = floor;

	while (size <= len) {
		if (size > ((size_t)-1) / 2) {
			fprintf(stderr, "umpire: internal error: no padded size "
				"for %zu bytes\n", len);
			abort();
		}
		size *= 2;
	}
	return size;
}

void
umpire_pad(struct umpire_buf *b, size_t floor)
{
	size_t p = umpire_pad_size(b->len, floor) - b->len;

	umpire_buf_pad(b, ' ', p - 1);
	umpire_buf_putc(b, '\n');
}

size_t
umpire_pad_strip(const char *text, size_t len)
{
	size_t i;

	if (len == 0 || text[len - 1] != '\n')
		return len;
	i = len - 1;
	while (i > 0 && text[i - 1] == ' ')
		i--;
	return i > 0 && text[i - 1] == '\n' ? i : len;
}
