/*
 * marks.h - what a step did on the board, for its picture: the moves,
 * attacks and retreats drawn as arrows, the pieces placed and lost.
 *
 * A ruleset records marks from its create and resolve hooks, in the
 * order things happen, through ctx->marks; core keeps them for the step
 * and hands them back to the ruleset's picture hook, which alone knows
 * what its coordinates mean: a row of the track (x, with y 0), a square
 * (file and rank), a point on a table in hundredths of an inch.
 *
 * Ownership: the marks and their strings live in the arena given to
 * umpire_marks_init (the job's), copied there when recorded.
 */
#ifndef UMPIRE_MARKS_H
#define UMPIRE_MARKS_H

#include <stddef.h>

#include "util/arena.h"

enum umpire_mark_kind {
	UMPIRE_MARK_MOVE,	/* a piece went from `from` to `to` */
	UMPIRE_MARK_ATTACK,	/* the piece at `from` attacked the one at `to` */
	UMPIRE_MARK_RETREAT,	/* a piece was forced from `from` to `to` */
	UMPIRE_MARK_PLACE,	/* a piece came onto the board at `to` */
	UMPIRE_MARK_LOSS,	/* a piece was lost at `to` */
};

/* A place in the ruleset's own coordinates. */
struct umpire_point {
	int x, y;
};

struct umpire_mark {
	enum umpire_mark_kind kind;
	const char *player;	/* the piece's owner, a player id */
	const char *unit;	/* the piece's id */
	struct umpire_point from, to;
	const char *note;	/* a word to show, or NULL: "killed", "saved" */
};

struct umpire_marks {
	struct umpire_arena *arena;
	struct umpire_mark *v;	/* in the order recorded */
	size_t n, cap;
};

void umpire_marks_init(struct umpire_marks *m, struct umpire_arena *a);
/* Record a copy of mark; m may be NULL (a hook that draws no picture). */
void umpire_marks_add(struct umpire_marks *m, const struct umpire_mark *mark);
/*
 * The marks in the order every picture layers them, for i from 0 to
 * n - 1: what was lost or placed first, under everything, then the
 * moves, attacks and retreats, arrows over it all; each group in the
 * order recorded.
 */
const struct umpire_mark *umpire_marks_layered(const struct umpire_marks *m,
	size_t i);

#endif
