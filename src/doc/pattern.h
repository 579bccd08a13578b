/*
 * pattern.h - the regular expressions of the schemas' "pattern" keyword.
 *
 * The subset of POSIX extended regular expressions that the schemas use,
 * matched byte by byte as regexec(3) matches them in the C locale (umpire
 * sets no locale), with the same answer: ^ and $ hold only at the ends
 * of the string, a bracket expression is bytes and ranges of bytes (a
 * backslash in it is itself), and a pattern matches a string when it
 * matches any part of it.  Also ".", groups, "|", "*", "+", "?" and
 * bounds {m}, {m,} and {m,n}.  Anything else (classes such as [:alpha:],
 * back references, GNU's \w) is refused at compile time, so the schema
 * self-test (doc/schema.h) fails rather than the two readings differ.
 *
 * Matching runs all the ways through the pattern at once, one byte at a
 * time (Thompson's construction): time in proportion to the string's
 * length times the pattern's, memory the pattern's, whatever the string.
 * glibc's matcher built a 2 KiB table for each state of its automaton,
 * 200 KiB for a turn's schemas, and took 1.5 million instructions more.
 */
#ifndef UMPIRE_PATTERN_H
#define UMPIRE_PATTERN_H

#include <stdbool.h>

struct umpire_pattern;

/* The compiled pattern, to free with umpire_pattern_free; NULL if re is
 * malformed or uses what this matcher does not implement. */
struct umpire_pattern *umpire_pattern_compile(const char *re);
/* Whether p matches some part of s (NUL-terminated). */
bool umpire_pattern_match(const struct umpire_pattern *p, const char *s);
void umpire_pattern_free(struct umpire_pattern *p);

#endif
