/*
 * table.h - the tabletop: a table of a given width and depth measured
 * with a ruler, figures on round bases, and pieces of terrain (piece.h),
 * for the games played without squares (Army Men, VSGMR).  This header
 * holds the table, the figures and the measurements between them; the
 * other questions have their own files beside it:
 *
 *   exact.h   integer square roots, fractions compared without overflow
 *   plane.h   points, bounds, orientation, segments, arcs of facing
 *   piece.h   terrain pieces: convex polygons, rectangles, boxes (tanks)
 *   path.h    a move as a list of waypoints: length, pieces, closest
 *   sight.h   line of sight through pieces: clear, partly, fully blocked,
 *             and an eye: one firer's view, the pieces filed by direction,
 *             so that a Fire card's 250 x 250 questions take milliseconds
 *
 * Units: a position or a length is a whole number of hundredths of an
 * inch.  The table is the rectangle from (0, 0) to (width, depth); x runs
 * along its width, y away from the edge side 0 plays from.  Geometry
 * only: no file is read here, the rulesets read scenarios into these
 * structures and check them with the _check and _make functions first.
 *
 * Ownership: nothing here allocates but an eye (sight.h).  A table points
 * to the caller's array of pieces and keeps no copy; figures are the
 * caller's and are passed to each question.
 *
 * No floating point is used anywhere in the tabletop.  A ruling must come
 * out the same on every machine and compiler, because verify replays it
 * years later; so every decision is made with integers, bounded (plane.h)
 * so that nothing overflows int64_t, and with no wider type (any C11
 * compiler builds it).
 *
 * Rulings.  Where the rules need what integers cannot hold exactly (a
 * length that is a square root, a direction at any angle) or say less
 * than a program must decide, the tabletop rules as follows; the man
 * pages of the rulesets cite these as TABLE-n.
 *
 * TABLE-1  Positions and lengths are whole hundredths of an inch; the
 *          table is [0, width] x [0, depth].
 * TABLE-2  Nothing is rounded where a decision is made: distances are
 *          compared through their squares, lines and pieces through
 *          the signs of cross products of whole vectors.
 * TABLE-3  The distance between two figures is from centre to centre,
 *          or from edge to edge of their bases (the centre distance less
 *          both radii, 0 when the bases touch or overlap); each ruleset
 *          says which it uses where.  "Within L" includes exactly L.
 * TABLE-4  A distance shown in a report is rounded to the hundredth on
 *          the side of the decision it explains: up where the question
 *          was "within L", down where it was "closer than L".  So the
 *          number shown never contradicts the decision: 12.004 inches is
 *          shown 12.01 and is beyond 12; 2.996 is shown 2.99 and is
 *          closer than 3.
 * TABLE-5  Pieces are closed: a line or path that touches a piece's
 *          edge or corner meets it, and pieces that touch leave no gap.
 * TABLE-6  A leg of a path measures its true length rounded up to the
 *          next hundredth (an exact integer square root), and a path
 *          measures the sum of its legs: never less than the true
 *          length, so a figure never goes further than it may.
 *          Exact lengths (path.h's umpire_path_cmp; Army Men from
 *          version 0.4.0): a path measures the exact sum of its legs'
 *          true lengths, compared with a limit exactly (exact.h), and
 *          is shown rounded up to the hundredth.
 * TABLE-7  Line of sight is 13 lines from the centre of the firer's
 *          base: one to the centre of the target's base and twelve to
 *          fixed points of its rim, at the four compass points and in
 *          the eight directions (+-3, +-4) / 5 and (+-4, +-3) / 5 (so
 *          every point is exact).  A line is blocked when it meets a
 *          blocking piece (TABLE-5).  The target is in clear sight when
 *          no line is blocked, fully blocked when all are, partly
 *          blocked otherwise; the ruleset says what each means.
 *          Exact sight (sight.h's umpire_view; Army Men from version
 *          0.4.0): every line from the firer's centre to every point of
 *          the target, a round base or a convex piece (a tank's hull, an
 *          Army Men block from 0.5.0):
 *          fully blocked when every point is hidden, partly when a
 *          piece in front hides a part with an area, clear otherwise.
 *          TABLE-8 then leaves out the pieces that overlap the target,
 *          as well as those that hold either centre.
 * TABLE-8  A piece that holds the firer's or the target's centre (its
 *          edge included) blocks no line between them: a figure on a
 *          low block sees and is seen over it, and a tank's own hull
 *          hides neither the tank nor its target.
 * TABLE-9  A report names, for each blocked line, the piece it meets
 *          first from the firer; two met at the same point, the one
 *          listed first.
 * TABLE-10 Whether a target is behind pieces of some kind (low blocks)
 *          is the same 13 lines through those pieces only (TABLE-7 and
 *          TABLE-8); the ruleset says which lines make "behind" (say,
 *          the line between centres).
 * TABLE-11 A path crosses a piece when the moving base, its centre
 *          following the path, overlaps the inside of the piece:
 *          touching it is not crossing, so a figure may move along a
 *          block in base contact.  A figure with no base (diameter 0)
 *          crosses a piece when its centre passes through the inside.
 * TABLE-12 A path climbs a piece when its centre goes into the inside
 *          of the piece from outside it or from its edge; a piece is
 *          climbed once however often the path enters it, and a figure
 *          that starts on a piece climbs nothing by moving on it.
 * TABLE-13 A path leaves the table when a waypoint is off it: the table
 *          is convex, so a leg between two points on it stays on it.  A
 *          centre on the edge of the table is on the table.
 * TABLE-14 A box at an angle (a tank's hull after a turn) has each
 *          corner rounded to the nearest hundredth, halves away from its
 *          centre.
 * TABLE-15 The closest a path comes to a figure is the least distance
 *          from any point of the path, its start included, to the
 *          figure's centre, exactly (less both radii from edge to edge);
 *          "no closer than 3 inches" is broken only by a distance less
 *          than 3 inches.
 * TABLE-16 A figure is within a burst of radius R around a point when
 *          its centre is within R (centres), or when any of its base is
 *          (edges: its centre within R and its radius).
 * TABLE-17 A facing is a whole vector of any length.  A turn of up to 90
 *          degrees keeps the dot product of the old and new facings at
 *          least 0; an arc of half-angle a holds a direction at most a
 *          either side of the facing, its edges included; straight ahead
 *          is the arc of 0 degrees.
 * TABLE-18 Figures do not block lines of sight; a ruleset that wants
 *          them to gives them pieces.
 */
#ifndef UMPIRE_TABLE_H
#define UMPIRE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "piece.h"
#include "plane.h"

#define UMPIRE_TABLE_SIDE_MAX UMPIRE_PLANE_MAX	/* width, depth: 163.84" */
#define UMPIRE_BASE_MAX 2048			/* a base's diameter: 20.48" */
#define UMPIRE_LENGTH_MAX (1 << 20)		/* a length to compare with */

struct umpire_figure {
	struct umpire_pt at;		/* the centre of its base */
	int32_t base;			/* diameter, 0..UMPIRE_BASE_MAX */
	struct umpire_pt facing;	/* { 0, 0 }: none */
};

struct umpire_table {
	int32_t width, depth;			/* 1..UMPIRE_TABLE_SIDE_MAX */
	const struct umpire_piece *piece;	/* the caller's; from piece.h */
	size_t npieces;
};

/* How the distance between figures is taken (TABLE-3). */
enum umpire_measure {
	UMPIRE_CENTRES,		/* from centre to centre */
	UMPIRE_EDGES,		/* from edge to edge of the bases */
};

/* Which way a distance shown is rounded to the hundredth (TABLE-4). */
enum umpire_round {
	UMPIRE_DOWN,		/* it explains "closer than" */
	UMPIRE_UP,		/* it explains "within" */
};

/* Whether the table's sides are within bounds: 0 or UMPIRE_GEOM_SIZE. */
int umpire_table_check(const struct umpire_table *t);
/* Whether a figure is within bounds: 0 or an umpire_geom_err. */
int umpire_figure_check(const struct umpire_figure *f);
/* Whether p is on the table, its edge included (TABLE-13). */
bool umpire_table_holds(const struct umpire_table *t, struct umpire_pt p);

/*
 * The general comparison under the ones below: sqrt(d2) - less / 2,
 * taken as 0 if negative, against len (0..UMPIRE_LENGTH_MAX); -1, 0 or
 * 1.  d2 is a squared distance between centres (at most 2^32), less the
 * sum of the diameters to take off (0 from centre to centre).
 */
int umpire_table_cmp(struct umpire_frac d2, int32_t less, int32_t len);
/* The same distance in hundredths, rounded as r says (TABLE-4). */
int32_t umpire_table_length(struct umpire_frac d2, int32_t less,
	enum umpire_round r);

/* The distance between a and b against len: -1, 0 or 1 (TABLE-3). */
int umpire_figure_cmp(const struct umpire_figure *a,
	const struct umpire_figure *b, enum umpire_measure m, int32_t len);
/* The distance between a and b in hundredths, rounded as r says. */
int32_t umpire_figure_distance(const struct umpire_figure *a,
	const struct umpire_figure *b, enum umpire_measure m,
	enum umpire_round r);
/*
 * The figures within radius of `at` (TABLE-16): their indices into fig,
 * in order, into out (room for n).  Returns how many.
 */
size_t umpire_table_within(size_t *out, const struct umpire_figure *fig,
	size_t n, struct umpire_pt at, int32_t radius, enum umpire_measure m);
/*
 * Whether f faces p: p's direction from f's centre lies within the arc of
 * half-angle `half` either side of f's facing (plane.h, TABLE-17).  A
 * figure with no facing faces everything.
 */
bool umpire_figure_faces(const struct umpire_figure *f,
	struct umpire_pt half, struct umpire_pt p);

#endif
