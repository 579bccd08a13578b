/*
 * path.h - a move on the tabletop as a list of waypoints, the first
 * where the figure stands: how long it is, whether it leaves the table,
 * which pieces it crosses or climbs, and how close it comes to other
 * figures.  The ruleset decides what is allowed (Army Men: 6 inches,
 * not through a high block, 2 inches more per low block climbed, never
 * closer than 3 inches to an enemy); this file only measures, exactly.
 *
 * Every waypoint is a point (umpire_plane_on); a path has at least one.
 * Nothing here allocates: out arrays are the caller's, sized as each
 * function says.  Rulings TABLE-6, 11, 12, 13 and 15 are in table.h.
 */
#ifndef UMPIRE_PATH_H
#define UMPIRE_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "table.h"

/* A leg's length in hundredths, rounded up (TABLE-6). */
int32_t umpire_path_leg(struct umpire_pt a, struct umpire_pt b);
/* The length of the path: the sum of its legs' (TABLE-6); 0 for one point. */
int64_t umpire_path_length(const struct umpire_pt *wp, size_t n);
/*
 * Exact lengths (TABLE-6 from version 0.4.0 on): the path's true length,
 * the sum of its legs' square roots, against len: -1, 0 or 1, decided
 * exactly (exact.h); and that length rounded up to the hundredth, for a
 * report, which never contradicts a comparison with a whole length:
 * a path within len shows at most len, one beyond it more than len.
 * n is at most UMPIRE_PATH_EXACT_MAX.
 */
#define UMPIRE_PATH_EXACT_MAX 64
int umpire_path_cmp(const struct umpire_pt *wp, size_t n, int64_t len);
int64_t umpire_path_length_up(const struct umpire_pt *wp, size_t n);
/*
 * Whether the path stays on the table (TABLE-13).  If not, and first_off
 * is not NULL, the index of the first waypoint off it goes there.
 */
bool umpire_path_on_table(const struct umpire_table *t,
	const struct umpire_pt *wp, size_t n, size_t *first_off);

/* What a path does to one piece. */
struct umpire_path_hit {
	size_t piece;		/* its index in the table */
	bool crosses;		/* the moving base overlaps it (TABLE-11) */
	bool climbs;		/* the centre goes onto it (TABLE-12) */
	bool starts_on;		/* the first waypoint is inside it */
};

/*
 * The pieces of the kinds in mask (bit k for kind k) that the path
 * crosses, climbs or starts on, in the table's order, for a figure whose
 * base has diameter `base` (0..UMPIRE_BASE_MAX).  out has room for
 * t->npieces.  Returns how many.
 */
size_t umpire_path_pieces(struct umpire_path_hit *out,
	const struct umpire_table *t, unsigned mask, const struct umpire_pt *wp,
	size_t n, int32_t base);

/* The closest a path comes to a point (TABLE-15). */
struct umpire_near {
	struct umpire_frac d2;	/* the least squared distance, exactly */
	size_t leg;		/* the first leg that comes that close
				   (leg i runs from wp[i] to wp[i + 1]);
				   0 for a path of one point */
};

/* The closest the path comes to each of the figures: out has room for nfig. */
void umpire_path_closest(struct umpire_near *out, const struct umpire_pt *wp,
	size_t n, const struct umpire_figure *fig, size_t nfig);
/*
 * That distance against len (0..UMPIRE_LENGTH_MAX): -1, 0 or 1, taken
 * as m says between the moving base (diameter mover) and the figure's.
 */
int umpire_near_cmp(const struct umpire_near *near, enum umpire_measure m,
	int32_t mover, const struct umpire_figure *fig, int32_t len);
/* The same distance in hundredths, rounded as r says (TABLE-4). */
int32_t umpire_near_distance(const struct umpire_near *near,
	enum umpire_measure m, int32_t mover, const struct umpire_figure *fig,
	enum umpire_round r);

#endif
