/*
 * sight.h - line of sight from one figure to another through the pieces
 * of some kinds (high blocks and tanks for Army Men's "behind a high
 * block", low blocks for its "behind a low block", buildings and walls
 * for VSGMR's cover): rulings TABLE-7 to TABLE-10 in table.h.
 *
 * Thirteen lines run from the centre of the firer's base: line 0 to the
 * centre of the target's base, lines 1 to 12 to points of its rim, in
 * order counter-clockwise from the east (umpire_sight_end10).  The rim
 * points are whole after a scale of ten: the rim point in direction
 * (a, b) / 5 of a base of diameter d is 10 c + d (a, b), over ten.  So
 * every line is decided exactly, at ten times the table's scale: points
 * within 10 (2^14 + 2^10) < 2^18, their differences within 2^19, cross
 * products within 2^39.
 *
 * Two ways to ask.  umpire_sight asks once and looks at every piece: for
 * a report, or a few questions.  An eye (umpire_eye_aim) is one firer's
 * view of the table, the pieces filed by the directions they cover as
 * seen from it: every figure of the other side can then be asked about
 * cheaply (a Fire card asks 250 x 250 questions).  Both give the same
 * answers, exactly; the tests hold them to it.
 */
#ifndef UMPIRE_SIGHT_H
#define UMPIRE_SIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "table.h"

#define UMPIRE_SIGHT_LINES 13
#define UMPIRE_SIGHT_ALL (((uint32_t)1 << UMPIRE_SIGHT_LINES) - 1)

enum umpire_sight_verdict {
	UMPIRE_SIGHT_CLEAR,	/* no line blocked */
	UMPIRE_SIGHT_PARTLY,	/* some lines blocked, not all */
	UMPIRE_SIGHT_BLOCKED,	/* every line blocked */
};

/* Flags of umpire_sight and umpire_eye_look. */
#define UMPIRE_SIGHT_EXPLAIN 1u	/* name the piece blocking each line */

struct umpire_sight {
	enum umpire_sight_verdict verdict;
	int blocked;			/* how many lines are blocked */
	uint32_t lines;			/* bit k: line k is blocked */
	/*
	 * With UMPIRE_SIGHT_EXPLAIN, the piece that line k meets first from
	 * the firer (TABLE-9), -1 for a clear line; otherwise all -1.
	 * Without it, a query stops as soon as every line is blocked.
	 */
	int by[UMPIRE_SIGHT_LINES];
};

/* Ten times the far end of line k (0..12) to a target (see above). */
struct umpire_pt umpire_sight_end10(const struct umpire_figure *to, int k);

/*
 * Line of sight from `from` to `to` through the pieces of t whose kinds
 * are in mask (bit k for kind k), but for the pieces that hold either
 * centre (TABLE-8).  flags: 0 or UMPIRE_SIGHT_EXPLAIN.  Allocates
 * nothing.
 */
void umpire_sight(struct umpire_sight *out, const struct umpire_table *t,
	const struct umpire_figure *from, const struct umpire_figure *to,
	unsigned mask, unsigned flags);

/* The directions from a firer, in bins (see sight.c): a turn in 256. */
#define UMPIRE_EYE_BINS 256

/*
 * One firer's view: for each piece of the kinds asked, whether it can
 * block anything (not if it holds the firer's centre), its outermost
 * corners as seen from the firer, and the bins of directions it covers.
 * Ownership: the eye allocates its own memory (exiting on exhaustion,
 * as all of umpire does) and umpire_eye_free releases it; the table and
 * its pieces stay the caller's, must outlive the eye, and must not change
 * between aiming it and looking through it.
 */
struct umpire_eye {
	const struct umpire_table *t;
	unsigned mask;
	struct umpire_pt from;		/* the firer's centre */
	size_t cap, n, words;		/* room for pieces, pieces that can
					   block, words a bin */
	struct umpire_eye_piece *piece;
	uint64_t *key;			/* for sorting them, and as much room */
	uint16_t *front;		/* scratch, by index */
	uint64_t *bins;			/* UMPIRE_EYE_BINS bitsets of pieces */
};

#define UMPIRE_EYE_INIT { NULL, 0, { 0, 0 }, 0, 0, 0, NULL, NULL, NULL, NULL }

/*
 * Aim e from `from` at the pieces of t whose kinds are in mask.  An eye
 * may be aimed again and again (from another firer, at a changed table):
 * it keeps its memory and grows it when the table has more pieces.
 */
void umpire_eye_aim(struct umpire_eye *e, const struct umpire_table *t,
	const struct umpire_figure *from, unsigned mask);
/* umpire_sight from e's firer to `to`, through the pieces e was aimed at. */
void umpire_eye_look(struct umpire_sight *out, struct umpire_eye *e,
	const struct umpire_figure *to, unsigned flags);
void umpire_eye_free(struct umpire_eye *e);

/*
 * Exact sight (TABLE-7 from version 0.4.0 on): not thirteen lines but
 * every line from the centre of the firer's base to every point of the
 * target, which is a round base (diameter base, 0 for a point) or a
 * convex piece (a tank's hull, a block).  A point of the target is
 * hidden when the segment from the firer's centre to it meets a blocking
 * piece (closed, TABLE-5), leaving out the pieces that hold the
 * firer's centre and those that overlap the target (TABLE-8).  The verdict:
 * BLOCKED when every point is hidden, PARTLY when some piece in front
 * of the target hides some of it, CLEAR otherwise.  Decided with whole
 * numbers only; sight.c proves how.
 */
struct umpire_target {
	struct umpire_pt at;		/* its centre: inside it */
	int32_t base;			/* a base's diameter, when hull is NULL */
	const struct umpire_piece *hull;	/* or the piece it is */
};

struct umpire_view {
	enum umpire_sight_verdict verdict;
	/*
	 * A piece that hides some of the target: of those in front of it,
	 * the one whose box is nearest the firer, then the first in the
	 * table (for a point target, the first in the table that meets the
	 * line); -1 when none does.
	 */
	int by;
};

/* From `from` through the pieces of t of the kinds in mask.  Allocates
 * only for a crowd of pieces in front of the target, and frees it. */
void umpire_view(struct umpire_view *out, const struct umpire_table *t,
	struct umpire_pt from, const struct umpire_target *to, unsigned mask);
/* The same through an eye aimed from `from` (its firer) at t, mask. */
void umpire_eye_view(struct umpire_view *out, struct umpire_eye *e,
	const struct umpire_target *to);


/*
 * Exact sight and cover at a round base (VSGMR's VS-25 from version
 * 0.5.0; cover.c proves how): every line from the firer's centre to
 * every point of the target's base, through the pieces of the kinds in
 * mask and the closed round bases disc[0..ndisc).  TABLE-8 leaves out a
 * piece that holds the firer's centre or overlaps the target (its centre
 * included), and a base that overlaps the target; a base that holds the
 * firer's centre hides everything.  The target is seen when some point
 * of it is reached (a gap between blockers with an inside: a single
 * line grazing two of them is blocked).  half says how much of the
 * target the pieces alone hide, against one half, measured across the
 * line of sight as a photograph from the firer's centre shows it (the
 * tangents of the directions from the target's centre): -1 less, 0
 * exactly half, 1 more.  A point target (base 0) is seen when the
 * segment to it meets nothing, and is never half hidden.  Allocates
 * only for a crowd of blockers, and frees it.
 */
struct umpire_cover {
	bool seen;
	int half;
	int piece;		/* a piece that hides some of it, or -1 */
	int figure;		/* a base that hides some, or the one that
				   holds the firer; -1 if none */
};

void umpire_cover(struct umpire_cover *out, const struct umpire_table *t,
	struct umpire_pt from, const struct umpire_figure *to, unsigned mask,
	const struct umpire_figure *disc, size_t ndisc);

#endif
