/*
 * report.h - the narrative report of one step (reports/NNNN.md).
 *
 * A ruleset writes the title, a one-sentence headline and the body; the
 * core adds the board and, last, the table of every roll drawn in the
 * step, in order, with exactly the columns | roll | sides | result | for |.
 */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include "arena.h"
#include "buf.h"
#include "dice.h"

struct umpire_report {
	struct umpire_arena *arena;
	const char *title;	/* "Step 5: green's turn"; also the commit summary */
	const char *headline;	/* one sentence; also the commit message body */
	struct umpire_buf body;	/* Markdown */
};

void umpire_report_init(struct umpire_report *r, struct umpire_arena *a);
void umpire_report_free(struct umpire_report *r);
void umpire_report_title(struct umpire_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void umpire_report_headline(struct umpire_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void umpire_report_printf(struct umpire_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The whole report: "# title", game and step, headline, body, the board
 * in a text block, then the roll table.  Same inputs, same bytes.
 */
void umpire_report_render(struct umpire_buf *out, const struct umpire_report *r,
	const char *game_id, long step, const char *board,
	const struct umpire_dice *dice);

#endif
