/*
 * default.h - the step umpire tick commits when a decision's deadline
 * has passed (deadline.h), made the same way by tick and by verify.
 *
 * A default step is a step like any other (game.yaml, the orders, the
 * report and its picture) but for three things: its orders are the
 * bot's, drawn with the salt UMPIRE_DEFAULT_SALT (what `umpire bot DIR
 * --seed tick` prints, under another first comment line), or there are
 * none and the player forfeits the game (the default forfeit); umpire, not
 * the player, is its author, and it is unsigned; and its commit is
 * dated with the deadline itself, to the second, with the trailers
 * below, so that the next deadline and verify's checks follow from the
 * history alone, whenever the host's cron happened to run tick.
 */
#ifndef UMPIRE_DEFAULT_H
#define UMPIRE_DEFAULT_H

#include "util/buf.h"
#include "game/deadline.h"
#include "game/game.h"
#include "game/report.h"

#define UMPIRE_DEFAULT_SALT "tick"
#define UMPIRE_DEFAULT_TRAILER "Deadline-Default"
#define UMPIRE_DEADLINE_TRAILER "Deadline"

/*
 * The orders umpire plays for the awaited player, as the file's text:
 * the bot's of this level (the policy's bot-level, lookahead.h).
 */
void umpire_default_orders(const struct umpire_game *g, long long deadline,
	int level, struct umpire_buf *out);

/*
 * The default forfeit: end the game at the awaited decision, its player
 * last (umpire_game_forfeit), rendering the step's report.  Such a step
 * has no orders: it changes game.yaml and adds the report and picture
 * (and, in a game that hides, the secret part).
 */
void umpire_default_forfeit(struct umpire_game *g, struct umpire_arena *a,
	long long deadline, struct umpire_step_report *report);

/*
 * Add to a default step's report, before its receipt, the paragraph
 * that says what umpire did and why.
 */
void umpire_default_note(struct umpire_step_report *s, const char *player,
	const char *kind, long long since, long long deadline,
	enum umpire_default dflt);

/*
 * Under default: pass (from UMPIRE_DEFAULT_PASS_SINCE), the orders that
 * do nothing for the awaited decision, as the file's text: the
 * envelope and the bot's lists, each empty.  false, out left empty,
 * where the rules make that illegal (a choice must be made, dice
 * played), and in a game that hides (whether nothing is legal might
 * tell a secret): umpire then plays the bot's orders.
 */
bool umpire_default_pass_orders(const struct umpire_game *g,
	long long deadline, struct umpire_buf *out);

/* Append the default step's trailers to its commit message. */
void umpire_default_trailer(struct umpire_buf *msg, enum umpire_default dflt,
	long long deadline);

#endif
