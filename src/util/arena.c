#include "util/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#define CHUNK_SIZE (64 * 1024)
#define ALIGN 16

struct umpire_arena_chunk {
	struct umpire_arena_chunk *next;
	size_t used, size;
	_Alignas(ALIGN) unsigned char data[];
};

_Noreturn void
umpire_die_oom(void)
{
	fputs("umpire: error: out of memory\n", stderr);
	exit(EX_OSERR);
}

void *
umpire_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		umpire_die_oom();
	return p;
}

void *
umpire_xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		umpire_die_oom();
	return q;
}

void *
umpire_arena_alloc(struct umpire_arena *a, size_t size)
{
	struct umpire_arena_chunk *c = a->head;
	size_t need = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);

	if (need < size)
		umpire_die_oom();
	if (!c || c->size - c->used < need) {
		size_t cap = need > CHUNK_SIZE / 2 ? need : CHUNK_SIZE;

		if (cap > SIZE_MAX - sizeof(*c))
			umpire_die_oom();
		c = umpire_xmalloc(sizeof(*c) + cap);
		c->size = cap;
		c->used = 0;
		/*
		 * A large block gets a chunk of its own behind the head, so
		 * the head's free space is not thrown away.
		 */
		if (a->head && cap != CHUNK_SIZE) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	void *p = c->data + c->used;
	c->used += need;
	memset(p, 0, size);
	return p;
}

void *
umpire_arena_grow(struct umpire_arena *a, void *old, size_t elem, size_t n,
	size_t *cap, size_t want)
{
	if (want <= *cap)
		return old;
	size_t ncap = *cap ? *cap * 2 : 8;
	while (ncap < want)
		ncap *= 2;
	if (ncap > SIZE_MAX / elem)
		umpire_die_oom();
	void *p = umpire_arena_alloc(a, ncap * elem);
	if (n)
		memcpy(p, old, n * elem);
	*cap = ncap;
	return p;
}

char *
umpire_arena_strndup(struct umpire_arena *a, const char *s, size_t n)
{
	char *p = umpire_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
umpire_arena_strdup(struct umpire_arena *a, const char *s)
{
	return umpire_arena_strndup(a, s, strlen(s));
}

char *
umpire_arena_vprintf(struct umpire_arena *a, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		n = 0;
	char *p = umpire_arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *
umpire_arena_printf(struct umpire_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = umpire_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void
umpire_arena_free(struct umpire_arena *a)
{
	struct umpire_arena_chunk *c = a->head;

	while (c) {
		struct umpire_arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	a->head = NULL;
}
