/*
 * plane.h - points and vectors on the tabletop, in whole hundredths of an
 * inch, and the exact predicates the table is built on: orientation,
 * segments meeting, the distance from a point to a segment, and arcs of
 * facing.
 *
 * Everything here is pure, allocates nothing and uses no floating point
 * (table.h says why).  The bounds below are what keeps every intermediate
 * inside int64_t without a wider type, so they are part of the contract:
 * a caller checks its input against them (umpire_plane_on) before it asks
 * anything, and refuses what is beyond them as out of range.
 *
 * Bounds, and why they suffice:
 *   - a point (a figure's centre, a corner, a waypoint) has |x| and |y|
 *     at most UMPIRE_PLANE_MAX = 2^14 (163.84 inches): a difference of
 *     two points has components within 2^15, its squared length and the
 *     cross or dot product of two differences stay within 2^31;
 *   - the distance from a point to a segment compares a squared cross
 *     product, at most (2^31)^2 = 2^62 < 2^63: this is the bound that
 *     binds;
 *   - a vector used as a facing or an arc has components within
 *     UMPIRE_VEC_MAX = 2^15 (any difference of two points is one): an
 *     arc turns a facing by another vector, at most 2^31 a component,
 *     and crosses the result with a difference, at most 2^47.
 * Line of sight works at ten times this scale (sight.h) and a box is
 * rounded with squares of at most 2^58 (piece.h); both say so.
 */
#ifndef UMPIRE_PLANE_H
#define UMPIRE_PLANE_H

#include <stdbool.h>
#include <stdint.h>

#include "exact.h"

#define UMPIRE_PLANE_MAX 16384		/* |x|, |y| of a point, hundredths */
#define UMPIRE_VEC_MAX 32768		/* |x|, |y| of a vector */

/* A point, or a vector: hundredths of an inch; y grows away from side 0. */
struct umpire_pt {
	int32_t x, y;
};

/*
 * Half-angles of arcs as vectors (umpire_plane_in_arc): none (straight
 * ahead only), 45 and 90 degrees either side, and all round.
 */
#define UMPIRE_ARC_0 ((struct umpire_pt){ 1, 0 })
#define UMPIRE_ARC_45 ((struct umpire_pt){ 1, 1 })
#define UMPIRE_ARC_90 ((struct umpire_pt){ 0, 1 })
#define UMPIRE_ARC_ALL ((struct umpire_pt){ -1, 0 })

/* What a check of the table's input may say (0 is fine). */
enum umpire_geom_err {
	UMPIRE_GEOM_OK = 0,
	UMPIRE_GEOM_RANGE = -1,		/* a point or vector beyond its bound */
	UMPIRE_GEOM_CORNERS = -2,	/* too few or too many corners */
	UMPIRE_GEOM_CONVEX = -3,	/* corners not of a convex shape, in order */
	UMPIRE_GEOM_RECT = -4,		/* four corners, not of a rectangle */
	UMPIRE_GEOM_KIND = -5,		/* a kind beyond UMPIRE_PIECE_KINDS */
	UMPIRE_GEOM_FACING = -6,	/* no facing, or not along a side */
	UMPIRE_GEOM_SIZE = -7,		/* a table, base or box out of bounds */
};

/* The message for an umpire_geom_err: lowercase, no final full stop. */
const char *umpire_geom_strerror(int err);

static inline struct umpire_pt
umpire_pt_sub(struct umpire_pt a, struct umpire_pt b)
{
	return (struct umpire_pt){ a.x - b.x, a.y - b.y };
}

static inline bool
umpire_pt_eq(struct umpire_pt a, struct umpire_pt b)
{
	return a.x == b.x && a.y == b.y;
}

static inline int64_t
umpire_cross(struct umpire_pt u, struct umpire_pt v)
{
	return (int64_t)u.x * v.y - (int64_t)u.y * v.x;
}

static inline int64_t
umpire_dot(struct umpire_pt u, struct umpire_pt v)
{
	return (int64_t)u.x * v.x + (int64_t)u.y * v.y;
}

/* The squared distance between two points. */
static inline int64_t
umpire_dist2(struct umpire_pt a, struct umpire_pt b)
{
	struct umpire_pt d = umpire_pt_sub(a, b);

	return umpire_dot(d, d);
}

/* Whether p is within the bounds of a point (UMPIRE_PLANE_MAX). */
bool umpire_plane_on(struct umpire_pt p);
/* Whether v is within the bounds of a vector (UMPIRE_VEC_MAX). */
bool umpire_plane_vec_on(struct umpire_pt v);

/* 1 if a, b, c turn left (counter-clockwise), -1 right, 0 in a line. */
int umpire_plane_orient(struct umpire_pt a, struct umpire_pt b,
	struct umpire_pt c);
/* Whether the closed segments ab and cd share a point (ends count). */
bool umpire_plane_segments_meet(struct umpire_pt a, struct umpire_pt b,
	struct umpire_pt c, struct umpire_pt d);
/*
 * The squared distance from p to the closed segment ab (a point if a = b),
 * exactly, in lowest terms.  No division is made to find it: the foot of
 * the perpendicular is placed by the sign of dot products, and only a
 * foot strictly inside the segment gives a fraction, cross^2 / |ab|^2.
 */
struct umpire_frac umpire_plane_seg_dist2(struct umpire_pt p,
	struct umpire_pt a, struct umpire_pt b);
/*
 * Whether direction v lies within the arc of half-angle `half` either side
 * of `facing`: the angle between v and facing is at most the angle that
 * `half` makes with the x axis.  half has y >= 0 and is not zero (see
 * UMPIRE_ARC_*); facing is not zero.  Decided by turning facing both
 * ways by half (integer vectors) and two cross products, so an arc may
 * be any angle with a rational tangent, exactly.  A direction on the
 * edge of the arc is within it; the zero vector is within every arc.
 */
bool umpire_plane_in_arc(struct umpire_pt facing, struct umpire_pt half,
	struct umpire_pt v);

/*
 * Sixteen directions, counter-clockwise from east, each about 100 long
 * (an inch) and none longer: what the bots of the tabletop rulesets
 * choose a move or a facing from.  Scale by k/100 for k hundredths.
 */
#define UMPIRE_PLANE_DIRS 16
extern const struct umpire_pt umpire_plane_dirs[UMPIRE_PLANE_DIRS];

#endif
