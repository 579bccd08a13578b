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
 * so nobody has to read them back out of the Markdown.  Whoever writes
 * the step's files closes the report with its receipt
 * (umpire_report_receipt), once the bytes of the orders and of the new
 * state are known.
 */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include <stdarg.h>
#include <stdbool.h>

#include "util/arena.h"
#include "util/buf.h"
#include "game/dice.h"
#include "game/result.h"

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
	/*
	 * Set by the caller: no text at all, not even the board (simulate,
	 * which reads only the result).
	 */
	bool no_text;
	/*
	 * Set by the caller: the umpire version the step is made as, which
	 * decides the rules that changed between versions (version.h's
	 * UMPIRE_*_SINCE); NULL: this umpire.
	 */
	const char *version;
};

#define UMPIRE_STEP_REPORT_INIT \
	{ NULL, NULL, UMPIRE_BUF_INIT, false, UMPIRE_BUF_INIT, false, NULL }

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
 * The message of the commit that reveals a sealed game's seed, which
 * has no report: "Reveal the seed", a blank line, and the sentence that
 * says the seed matches the commitment.
 */
void umpire_report_reveal_message(struct umpire_buf *msg, const char *game_id,
	const char *commitment);

/*
 * The rolls and shuffles a rendered report lists, numbers only (roll,
 * sides, result; shuffle, items), one per line: what verify compares
 * when the report's words come from another umpire version.
 */
void umpire_report_roll_log(struct umpire_buf *out, const char *text,
	size_t len);

/* ---- the receipt ---- */

#define UMPIRE_HASH_HEX 64	/* a SHA-256 in lower-case hex */

/* The hex SHA-256 of len bytes. */
void umpire_report_hash(char out[UMPIRE_HASH_HEX + 1], const void *data,
	size_t len);

/*
 * Close the report of step with its receipt (umpire-files(5), "The
 * report"): the SHA-256 of the orders as accepted (orders_path NULL for
 * a step no orders made) and of the state as written, then the line
 * "Receipt: `STEP:HASH`" a player keeps, the state's hash.
 */
void umpire_report_receipt(struct umpire_step_report *s, long step,
	const char *orders_path, const void *orders, size_t orders_len,
	const void *state, size_t state_len);

/*
 * Read a committed report's receipt: the hash its table gives path, or
 * with path NULL the step and hash of its last line.  0 with the hex
 * hash in out (and the step in *step), 1 if the receipt lacks it, -1 if
 * the report has no receipt at all.
 */
int umpire_report_receipt_read(const char *text, size_t len, const char *path,
	long *step, char out[UMPIRE_HASH_HEX + 1]);

/*
 * The commit message a rendered report implies (its title, a blank line,
 * its headline), as umpire_report_commit_message writes it: for a report
 * that another umpire version wrote, whose title and headline cannot be
 * re-derived.  0, or -1 if text does not start with a title.
 */
int umpire_report_message_of(struct umpire_buf *msg, const char *text,
	size_t len);

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
