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

#include "util/arena.h"

enum umpire_level { UMPIRE_ERROR, UMPIRE_WARNING, UMPIRE_NOTE };

struct umpire_diag {
	const char *file;	/* NULL: not about a file */
	int line, col;		/* 1-based; 0: no place in the file */
	enum umpire_level level;
	const char *msg;
	unsigned seq;		/* insertion order, for a stable sort */
	const char *code;	/* what kind of problem: see umpire_diags */
};

struct umpire_diags {
	struct umpire_arena arena;	/* owns the messages */
	struct umpire_diag *v;
	size_t n, cap;
	size_t errors;
	size_t max;		/* stop recording after this many (0: 200) */
	/*
	 * The code of what is recorded from now on, one of the stable codes
	 * umpire(1) lists (DIAGNOSTICS): "yaml", "schema", "envelope",
	 * "sealed", "rules", "signature"; NULL until a phase sets it, when
	 * the printer derives one from the exit status.
	 */
	const char *code;
};

#define UMPIRE_DIAGS_INIT { UMPIRE_ARENA_INIT, NULL, 0, 0, 0, 0, NULL }

void umpire_diag(struct umpire_diags *d, enum umpire_level level,
	const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void umpire_vdiag(struct umpire_diags *d, enum umpire_level level,
	const char *file, int line, int col, const char *fmt, va_list ap);
/*
 * Record every diagnostic of from in d again, as a warning: for what
 * went wrong in work that need not fail the call.
 */
void umpire_diags_warn(struct umpire_diags *d, const struct umpire_diags *from);
/* Print in file order (each file's diagnostics sorted by place). */
void umpire_diags_print(struct umpire_diags *d, FILE *out);

/* How diagnostics are printed (umpire check and turn, --format). */
enum umpire_diag_format {
	UMPIRE_FORMAT_TEXT,	/* FILE:LINE:COL: error: message */
	UMPIRE_FORMAT_JSON,	/* one JSON object: {"diagnostics": [...]} */
	UMPIRE_FORMAT_GITHUB,	/* GitHub workflow commands: ::error file=... */
	UMPIRE_FORMAT_GITLAB,	/* a GitLab Code Quality report (JSON) */
};
/*
 * d as format says.  rc is the exit status the diagnostics go with: a
 * diagnostic no phase gave a code gets one from it ("usage" for 64,
 * "data" for 65, "input" for 66, "internal" for 70, "io" for 73 and 74,
 * "busy" for 75, "permission" for 77).
 */
void umpire_diags_print_as(struct umpire_diags *d, FILE *out,
	enum umpire_diag_format format, int rc);
/* The code for diagnostics of exit status rc that no phase named. */
const char *umpire_diag_code_for(int rc);
void umpire_diags_clear(struct umpire_diags *d);
void umpire_diags_free(struct umpire_diags *d);

/*
 * Input quoted for a one-line message.  Whatever a file holds, the
 * quotation is short and inert: in single quotes, at most
 * UMPIRE_QUOTE_CHARS characters of s[0..len) and then "...", with
 * control characters (C0, DEL, C1), bidirectional controls and marks
 * (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), the line and
 * paragraph separators and every byte that is not UTF-8 escaped as \n,
 * \xHH or \uHHHH.  Every diagnostic that shows a value read from input
 * shows it through here.
 */
#define UMPIRE_QUOTE_CHARS 40
#define UMPIRE_QUOTE_SIZE (UMPIRE_QUOTE_CHARS * 6 + 8)
/* Into buf (UMPIRE_QUOTE_SIZE bytes or fewer: then cut shorter); returns buf. */
const char *umpire_quote_buf(char *buf, size_t size, const char *s,
	size_t len);
/* The same in d's arena. */
const char *umpire_quote(struct umpire_diags *d, const char *s, size_t len);
/* A NUL-terminated s. */
const char *umpire_quote_str(struct umpire_diags *d, const char *s);

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
