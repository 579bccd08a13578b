/*
 * text.h - the small pieces of English every ruleset's report needs:
 * lists ("a, b and c") and a headline built from clauses.
 *
 * Ownership: everything appends to a buffer the caller owns.
 */
#ifndef UMPIRE_TEXT_H
#define UMPIRE_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "report.h"

/* What goes before item i of n in "a, b and c": "", ", " or " and ". */
const char *umpire_list_sep(size_t i, size_t n);
/* items[0..n) as "a", "a and b", "a, b and c"; nothing for n == 0. */
void umpire_join(struct umpire_buf *out, const char *const *items, size_t n);

/*
 * A headline is one sentence: a lead, clauses joined by "; ", the first
 * max of them told and the rest counted ("; and 3 more"), and a tail.
 */
struct umpire_headline {
	struct umpire_buf lead;	/* before the clauses */
	struct umpire_buf text;	/* the clauses */
	int max;		/* clauses told in full; 0 for all */
	int told, more;
	bool capital;		/* start with a capital letter (when the
				   first word is not an id such as "g3") */
};

#define UMPIRE_HEADLINE_INIT(max) { UMPIRE_BUF_INIT, UMPIRE_BUF_INIT, \
	(max), 0, 0, false }

void umpire_headline_clause(struct umpire_headline *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void umpire_headline_vclause(struct umpire_headline *h, const char *fmt,
	va_list ap);
/* Text to put before the clauses, written once they are all known. */
void umpire_headline_lead(struct umpire_headline *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Whether any clause was given. */
int umpire_headline_empty(const struct umpire_headline *h);
/*
 * The lead, the clauses ("; and N more" for those left out) and the
 * tail (printf-style, may be empty), as the report's headline, with a
 * capital first letter if h->capital.  Frees h's text.
 */
void umpire_headline_finish(struct umpire_headline *h,
	struct umpire_report *r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
