#include "path.h"

int32_t
umpire_path_leg(struct umpire_pt a, struct umpire_pt b)
{
	return (int32_t)umpire_exact_isqrt_up((uint64_t)umpire_dist2(a, b));
}

int64_t
umpire_path_length(const struct umpire_pt *wp, size_t n)
{
	int64_t len = 0;

	for (size_t i = 1; i < n; i++)
		len += umpire_path_leg(wp[i - 1], wp[i]);
	return len;
}

/* The squared legs of the path into a (room for n - 1): how many. */
static size_t
squared_legs(uint64_t *a, const struct umpire_pt *wp, size_t n)
{
	size_t k = 0;

	for (size_t i = 1; i < n; i++)
		a[k++] = (uint64_t)umpire_dist2(wp[i - 1], wp[i]);
	return k;
}

int
umpire_path_cmp(const struct umpire_pt *wp, size_t n, int64_t len)
{
	uint64_t a[UMPIRE_PATH_EXACT_MAX];

	return umpire_exact_roots_cmp(a, squared_legs(a, wp, n), len);
}

int64_t
umpire_path_length_up(const struct umpire_pt *wp, size_t n)
{
	uint64_t a[UMPIRE_PATH_EXACT_MAX];
	size_t k = squared_legs(a, wp, n);
	int64_t m = 0;

	/* From the sum of the roots rounded down, which is at most n short. */
	for (size_t i = 0; i < k; i++)
		m += (int64_t)umpire_exact_isqrt(a[i]);
	while (umpire_exact_roots_cmp(a, k, m) > 0)
		m++;
	return m;
}

bool
umpire_path_on_table(const struct umpire_table *t, const struct umpire_pt *wp,
	size_t n, size_t *first_off)
{
	for (size_t i = 0; i < n; i++)
		if (!umpire_table_holds(t, wp[i])) {
			if (first_off)
				*first_off = i;
			return false;
		}
	return true;
}

size_t
umpire_path_pieces(struct umpire_path_hit *out, const struct umpire_table *t,
	unsigned mask, const struct umpire_pt *wp, size_t n, int32_t base)
{
	size_t k = 0;

	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		struct umpire_path_hit h = { i, false, false, false };

		if (!(mask & UMPIRE_KIND(p->kind)))
			continue;
		h.starts_on = umpire_piece_holds_inside(p, wp[0]);
		/* A path of one point is a figure standing still. */
		if (n == 1)
			h.crosses = umpire_piece_near(p, wp[0], wp[0], base);
		for (size_t j = 1; j < n; j++) {
			struct umpire_pt a = wp[j - 1], b = wp[j];
			if (!h.crosses)
				h.crosses = umpire_piece_near(p, a, b, base);
			/*
			 * A piece is convex, so a leg that starts inside it
			 * only leaves: the centre goes onto the piece only on
			 * a leg that starts outside it or on its edge.
			 */
			if (!h.climbs && !umpire_piece_holds_inside(p, a) &&
			    umpire_piece_enters(p, a, b))
				h.climbs = true;
		}
		if (h.crosses || h.climbs || h.starts_on)
			out[k++] = h;
	}
	return k;
}

void
umpire_path_closest(struct umpire_near *out, const struct umpire_pt *wp,
	size_t n, const struct umpire_figure *fig, size_t nfig)
{
	for (size_t f = 0; f < nfig; f++) {
		struct umpire_near best = { { umpire_dist2(wp[0], fig[f].at), 1 }, 0 };

		for (size_t j = 1; j < n; j++) {
			struct umpire_frac d2 = umpire_plane_seg_dist2(fig[f].at,
				wp[j - 1], wp[j]);
			if (umpire_exact_frac_cmp(d2, best.d2) < 0) {
				best.d2 = d2;
				best.leg = j - 1;
			}
		}
		out[f] = best;
	}
}

static int32_t
less_for(enum umpire_measure m, int32_t mover, const struct umpire_figure *fig)
{
	return m == UMPIRE_EDGES ? mover + fig->base : 0;
}

int
umpire_near_cmp(const struct umpire_near *near, enum umpire_measure m,
	int32_t mover, const struct umpire_figure *fig, int32_t len)
{
	return umpire_table_cmp(near->d2, less_for(m, mover, fig), len);
}

int32_t
umpire_near_distance(const struct umpire_near *near, enum umpire_measure m,
	int32_t mover, const struct umpire_figure *fig, enum umpire_round r)
{
	return umpire_table_length(near->d2, less_for(m, mover, fig), r);
}
