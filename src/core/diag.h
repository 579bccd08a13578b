/*
 * diag.h - diagnostics in the form compilers and editors understand.
 *
 * Code that reads user files records every problem it finds here and
 * carries on where it can; only the CLI prints them and picks the exit
 * code.  A diagnostic is "FILE:LINE:COLUMN: error: message" (lowercase,
 * no final full stop), "FILE: error: message" when it has no place, and
 * "umpire: error: message" when it has no file either.
 */
#ifndef UMPIRE_DIAG_H
#define UMPIRE_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "arena.h"

enum umpire_level { UMPIRE_ERROR, UMPIRE_WARNING, UMPIRE_NOTE };

struct umpire_diag {
	const char *file;	/* NULL: not about a file */
	int line, col;		/* 1-based; 0: no place in the file */
	enum umpire_level level;
	const char *msg;
	unsigned seq;		/* insertion order, for a stable sort */
};

struct umpire_diags {
	struct umpire_arena arena;	/* owns the messages */
	struct umpire_diag *v;
	size_t n, cap;
	size_t errors;
	size_t max;		/* stop recording after this many (0: 200) */
};

#define UMPIRE_DIAGS_INIT { UMPIRE_ARENA_INIT, NULL, 0, 0, 0, 0 }

void umpire_diag(struct umpire_diags *d, enum umpire_level level,
	const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void umpire_vdiag(struct umpire_diags *d, enum umpire_level level,
	const char *file, int line, int col, const char *fmt, va_list ap);
/* Print in file order (each file's diagnostics sorted by place). */
void umpire_diags_print(struct umpire_diags *d, FILE *out);
void umpire_diags_clear(struct umpire_diags *d);
void umpire_diags_free(struct umpire_diags *d);

/*
 * For checks that answer "legal or not, and why": write the reason into
 * why, if the caller wants one (a search over many plays passes NULL and
 * pays nothing), and return false.
 */
bool umpire_refuse(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Did-you-mean: feed candidates one at a time; best is the closest one
 * within a distance that scales with the word's length, or NULL.
 */
struct umpire_suggest {
	const char *word;
	const char *best;
	int dist;
};

void umpire_suggest_init(struct umpire_suggest *s, const char *word);
void umpire_suggest_add(struct umpire_suggest *s, const char *candidate);
/* " (did you mean 'x'?)" or "", in static storage until the next call. */
const char *umpire_suggest_hint(const struct umpire_suggest *s);
/* Optimal string alignment distance, case-insensitive. */
int umpire_edit_distance(const char *a, const char *b);

#endif
