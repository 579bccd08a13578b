/*
 * plain.h - a report as plain text, for letters read in mail clients
 * that show Markdown as it is written.
 *
 * It reads the Markdown umpire's reports are written in (game/report.c)
 * line by line, and knows nothing of games.  The caller owns out.
 */
#ifndef UMPIRE_PLAIN_H
#define UMPIRE_PLAIN_H

#include <stddef.h>

#include "util/buf.h"

/*
 * The report md[0..len) as plain text, appended to out: headings
 * underlined, marks of emphasis and code taken off, tables aligned, the
 * picture named as the attachment picture (or NULL).
 */
void umpire_plain_report(struct umpire_buf *out, const char *md, size_t len,
	const char *picture);

#endif
