/*
 * piece.h - a piece of terrain on the table: a convex polygon with whole
 * corners and a kind the ruleset defines (a high block, a low block,
 * rough ground, a wall, a building, a tank...), and the exact questions
 * about one piece: does it hold a point, does a segment meet it or pass
 * through its inside, does a moving base overlap it, do two overlap.
 *
 * A piece is closed: its edges and corners belong to it (ruling TABLE-5
 * in table.h).  A shape that is not convex (an L-shaped building) is
 * given as convex pieces side by side; pieces that touch leave no gap.
 * A piece is a plain value (no pointers): the caller owns it, and every
 * function here is pure.  The umpire_piece_make family checks a piece
 * and brings it into the one form the questions expect: corners
 * counter-clockwise, no three in a line, its bounding box filled in.
 * Every other function takes a piece that came from them.
 */
#ifndef UMPIRE_PIECE_H
#define UMPIRE_PIECE_H

#include <stdbool.h>

#include "plane.h"

#define UMPIRE_PIECE_CORNERS 16
#define UMPIRE_PIECE_KINDS 32	/* kinds are 0..31: a set of them is a mask */
#define UMPIRE_BOX_MAX 4096	/* a box's length and width: 40.96 inches */

struct umpire_piece {
	int kind;
	int n;					/* corners, 3..UMPIRE_PIECE_CORNERS */
	struct umpire_pt corner[UMPIRE_PIECE_CORNERS];	/* counter-clockwise */
	struct umpire_pt facing;		/* { 0, 0 }: none */
	struct umpire_pt lo, hi;		/* the bounding box */
};

/* The mask of one kind, for the queries that take a set of kinds. */
#define UMPIRE_KIND(k) ((unsigned)1 << (k))

/*
 * A piece of the given kind with n corners, in order around it either
 * way; each is a point (umpire_plane_on).  The shape must be strictly
 * convex: no corner repeated, none on the line of its neighbours.
 * Returns 0 or an umpire_geom_err; out is written only on success.
 */
int umpire_piece_make(struct umpire_piece *out, int kind,
	const struct umpire_pt *corner, int n);
/*
 * The same for four corners that must be a rectangle exactly (at any
 * angle: its sides along any whole vector), with a facing, { 0, 0 } for
 * none, that must lie along a side (a tank's, say).
 */
int umpire_piece_rect(struct umpire_piece *out, int kind,
	const struct umpire_pt corner[4], struct umpire_pt facing);
/*
 * A box facing `facing`, `length` along it and `width` across, centred on
 * `centre`: a tank's hull after it turns.  The corners of a box at an
 * angle are not whole in general; each is rounded to the nearest
 * hundredth, halves away from the centre (ruling TABLE-14), so the box
 * is a parallelogram centred exactly, a rectangle when the facing runs
 * along an axis or a Pythagorean direction that leaves no remainder.
 * 1 <= length, width <= UMPIRE_BOX_MAX; facing within UMPIRE_VEC_MAX.
 */
int umpire_piece_box(struct umpire_piece *out, int kind,
	struct umpire_pt centre, struct umpire_pt facing, int32_t length,
	int32_t width);
/* Move p by delta; refused (UMPIRE_GEOM_RANGE, p unchanged) off the plane. */
int umpire_piece_move(struct umpire_piece *p, struct umpire_pt delta);
/*
 * The ground p covers as it moves straight by delta: the convex hull of p
 * and p moved (a tank's straight move), with p's kind and facing.  p has
 * at most UMPIRE_PIECE_CORNERS - 2 corners.
 */
int umpire_piece_sweep(struct umpire_piece *out, const struct umpire_piece *p,
	struct umpire_pt delta);

/* Whether q is on p, edges included. */
bool umpire_piece_holds(const struct umpire_piece *p, struct umpire_pt q);
/* Whether q is inside p, not on an edge. */
bool umpire_piece_holds_inside(const struct umpire_piece *p,
	struct umpire_pt q);
/* Whether the closed segment ab meets p (touching an edge or corner counts). */
bool umpire_piece_meets(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b);
/* Whether the closed segment ab passes through p's inside (touching does not). */
bool umpire_piece_enters(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b);
/*
 * Whether a round base of diameter `base`, its centre moving along ab,
 * overlaps p's inside: the distance from ab to p is less than base / 2
 * (touching is not overlapping).  For base 0, umpire_piece_enters.
 */
bool umpire_piece_near(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b, int32_t base);
/*
 * At most the squared distance from x to p (table scale): the squared
 * distance to p's bounding box, 0 inside it.  A bound that prunes
 * pieces before any exact question is asked of them (sight, cover).
 * Inline: sight asks it of every piece for every firer.
 */
static inline int64_t
umpire_piece_box2(const struct umpire_piece *p, struct umpire_pt x)
{
	int64_t dx = 0, dy = 0;

	if (x.x < p->lo.x)
		dx = p->lo.x - x.x;
	else if (x.x > p->hi.x)
		dx = x.x - p->hi.x;
	if (x.y < p->lo.y)
		dy = p->lo.y - x.y;
	else if (x.y > p->hi.y)
		dy = x.y - p->hi.y;
	return dx * dx + dy * dy;
}
/* Whether the insides of a and b overlap (touching is not overlapping). */
bool umpire_piece_overlap(const struct umpire_piece *a,
	const struct umpire_piece *b);

#endif
