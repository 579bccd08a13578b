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

#include "render/svg.h"
#include "util/arena.h"

enum umpire_mark_kind {
	UMPIRE_MARK_MOVE,	/* a piece went from `from` to `to` */
	UMPIRE_MARK_ATTACK,	/* the piece at `from` attacked the one at `to` */
	UMPIRE_MARK_RETREAT,	/* a piece was forced from `from` to `to` */
	UMPIRE_MARK_PLACE,	/* a piece came onto the board at `to` */
	UMPIRE_MARK_LOSS,	/* a piece was lost at `to` */
	UMPIRE_MARK_AREA,	/* what lay within `radius` of `to` was hit:
				 * a burst, a range that decided a ruling */
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
	int radius;		/* an area's, in the same coordinates */
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

/*
 * How a ruleset's picture maps its marks to pixels: the one drawing of
 * marks every picture shares (umpire_marks_draw), so that a move, an
 * attack, a push, a loss, a piece placed and an area look the same in
 * every game, and the legend says so in the same words.
 */
struct umpire_marks_map {
	const void *ctx;	/* the ruleset's layout, handed back */
	/* Where p, one end of mark k, is on the board, in pixels (k tells
	 * whose: an end may be on the piece where it stands now). */
	void (*at)(const void *ctx, const struct umpire_mark *k,
		struct umpire_point p, int *x, int *y);
	/* The colour of player's arrows and rings. */
	const char *(*colour)(const void *ctx, const char *player);
	/* A length in the marks' coordinates, in pixels (areas); NULL: none. */
	int (*length)(const void *ctx, int d);
	int r;			/* a piece's half-size: arrows stop short */
	int width;		/* a move's arrow; attacks and pushes one less */
	/* A piece's half-height where it is wider than high (r its half-
	 * width): arrows stop at its edge, rings go round it; 0: r. */
	int half_height;
	/*
	 * A board of one line (a track), whose pieces stand side by side
	 * across it: 0, or every arrow runs in a lane of its own, this many
	 * pixels wide, the lanes side by side from x = lanes_x in the order
	 * the marks were recorded, from the y of at(from) to that of at(to),
	 * the piece's id at its tail and the mark's note at its head.
	 */
	int lane, lanes_x;
};

/*
 * Draw marks, in umpire_marks_layered's order: areas, losses and pieces
 * placed under the arrows.  A move is a solid arrow in its player's
 * colour, an attack a dashed one (a ring where the attacker shot where
 * it stood), a push a dotted one, a loss a cross, a piece placed a
 * dashed ring, an area a dashed circle of its radius.  Draw the pieces
 * after the marks and their ids with umpire_svg_labels last, so that no
 * arrow covers a label.
 */
void umpire_marks_draw(struct umpire_svg *s, const struct umpire_marks *m,
	const struct umpire_marks_map *map);

/* The words of one game's legend for its marks. */
struct umpire_marks_words {
	const char *attack;	/* "an attack", "a shot or assault" */
	const char *push;	/* "a push", "a retreat"; NULL: none */
	const char *loss;	/* "lost", "killed or destroyed" */
	const char *area;	/* "a burst"; NULL: none */
	const char *place;	/* "placed"; NULL: none */
};

/* The legend line of the marks, its baseline at y. */
void umpire_marks_legend(struct umpire_svg *s, int y,
	const struct umpire_marks_words *w);

#endif
