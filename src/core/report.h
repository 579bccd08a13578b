/*
 * report.h - the narrative report of one step (reports/NNNN.md).
 *
 * A ruleset writes the title, a one-sentence headline and the body; the
 * core adds the result once the game is over, the board (the picture
 * beside the report, reports/NNNN.svg, as an image, then the text) and,
 * last, the table of every roll drawn in the step, in order, with
 * exactly the columns | roll | sides | result | for | (and of every
 * shuffle).
 *
 * What resolve returns is a struct umpire_step_report: the Markdown, the
 * picture if asked for, and the two lines a commit message is made of,
 * so nobody has to read them back out of the Markdown.
 */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include <stdbool.h>

#include "arena.h"
#include "buf.h"
#include "dice.h"
#include "result.h"

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

/* A step's report as resolve returns it. */
struct umpire_step_report {
	char *title;		/* "Step 5: green's turn"; the commit's summary */
	char *headline;		/* one sentence, or NULL; the commit's body */
	struct umpire_buf text;	/* the whole report, Markdown */
	/*
	 * Set by the caller: draw the step's picture too (the verbs that
	 * write one; simulate does without).
	 */
	bool want_picture;
	struct umpire_buf picture;	/* reports/NNNN.svg, if wanted */
};

#define UMPIRE_STEP_REPORT_INIT \
	{ NULL, NULL, UMPIRE_BUF_INIT, false, UMPIRE_BUF_INIT }

void umpire_step_report_free(struct umpire_step_report *s);

/*
 * Render r into out: "# title", game and step, headline, body, the
 * result (if result is over and ended at this step), the board (a link
 * to the step's picture, NNNN.svg, then the text in a block), then the
 * rolls and shuffles.  Same inputs, same bytes.  Leaves out->picture
 * and out->want_picture alone.
 */
void umpire_report_render(struct umpire_step_report *out,
	const struct umpire_report *r, const char *game_id, long step,
	const char *board, const struct umpire_result *result,
	const struct umpire_dice *dice);

/*
 * A step's commit message (design brief, "History"): the title, a blank
 * line, the headline.
 */
void umpire_report_commit_message(struct umpire_buf *msg,
	const struct umpire_step_report *s);

/*
 * The rolls and shuffles a rendered report lists, numbers only (roll,
 * sides, result; shuffle, items), one per line: what verify compares
 * when the report's words come from another umpire version.
 */
void umpire_report_roll_log(struct umpire_buf *out, const char *text,
	size_t len);

#endif
