/*
 * text.h - the small pieces of English every ruleset's report needs:
 * lists ("a, b and c"), possessives ("green's").  A headline built from clauses is the report's
 * (report.h).
 *
 * Ownership: everything appends to a buffer the caller owns.
 */
#ifndef UMPIRE_TEXT_H
#define UMPIRE_TEXT_H

#include <stddef.h>

#include "util/buf.h"

/* What goes before item i of n in "a, b and c": "", ", " or " and ". */
const char *umpire_list_sep(size_t i, size_t n);
/* items[0..n) as "a", "a and b", "a, b and c"; nothing for n == 0. */
void umpire_join(struct umpire_buf *out, const char *const *items, size_t n);
/* "green's", "allies'": a player's name as a possessive, in buf. */
const char *umpire_possessive(const char *name, char *buf, size_t size);

#endif
