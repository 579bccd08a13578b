/*
 * arena.h - one allocation region per job, freed at once.
 *
 * Everything an adjudication builds (YAML nodes, decoded orders, report
 * text) lives in one arena and dies with it, so nothing in between needs
 * its own free.  Allocation never fails: on exhaustion the process exits
 * with EX_OSERR after saying so, as git's xmalloc does.
 */
#ifndef UMPIRE_ARENA_H
#define UMPIRE_ARENA_H

#include <stdarg.h>
#include <stddef.h>

struct umpire_arena_chunk;

struct umpire_arena {
	struct umpire_arena_chunk *head;
};

#define UMPIRE_ARENA_INIT { 0 }

/* Zeroed memory, aligned for any type, owned by the arena. */
void *umpire_arena_alloc(struct umpire_arena *a, size_t size);
/* Grow an arena array of n elements of size elem to hold want; returns it. */
void *umpire_arena_grow(struct umpire_arena *a, void *old, size_t elem,
	size_t n, size_t *cap, size_t want);
char *umpire_arena_strndup(struct umpire_arena *a, const char *s, size_t n);
char *umpire_arena_strdup(struct umpire_arena *a, const char *s);
char *umpire_arena_printf(struct umpire_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *umpire_arena_vprintf(struct umpire_arena *a, const char *fmt, va_list ap);
void umpire_arena_free(struct umpire_arena *a);

/* Plain heap allocation with the same exit-on-exhaustion policy. */
void *umpire_xmalloc(size_t size);
void *umpire_xrealloc(void *p, size_t size);
_Noreturn void umpire_die_oom(void);

#endif
