#include "table.h"

int
umpire_table_check(const struct umpire_table *t)
{
	if (t->width < 1 || t->width > UMPIRE_TABLE_SIDE_MAX || t->depth < 1 ||
	    t->depth > UMPIRE_TABLE_SIDE_MAX)
		return UMPIRE_GEOM_SIZE;
	return 0;
}

int
umpire_figure_check(const struct umpire_figure *f)
{
	if (!umpire_plane_on(f->at) || !umpire_plane_vec_on(f->facing))
		return UMPIRE_GEOM_RANGE;
	if (f->base < 0 || f->base > UMPIRE_BASE_MAX)
		return UMPIRE_GEOM_SIZE;
	return 0;
}

bool
umpire_table_holds(const struct umpire_table *t, struct umpire_pt p)
{
	return p.x >= 0 && p.x <= t->width && p.y >= 0 && p.y <= t->depth;
}

int
umpire_table_cmp(struct umpire_frac d2, int32_t less, int32_t len)
{
	/* sqrt(d2) - less/2 against len: d2 against ((2 len + less) / 2)^2. */
	int64_t k = 2 * (int64_t)len + less;
	int c = umpire_exact_frac_cmp(d2, (struct umpire_frac){ k * k, 4 });

	/* Bases that overlap are 0 apart, which is within a length of 0. */
	return c < 0 && len == 0 ? 0 : c;
}

int32_t
umpire_table_length(struct umpire_frac d2, int32_t less, enum umpire_round r)
{
	/*
	 * Rounding twice is exact here: floor(y / 2) = floor(floor(y) / 2)
	 * and likewise for ceilings, with y = 2 sqrt(d2) - less; and
	 * floor(2 sqrt(x)) = isqrt(floor(4x)), ceil(2 sqrt(x)) =
	 * isqrt_up(ceil(4x)).
	 */
	int64_t q = d2.num / d2.den, rem = d2.num % d2.den, v;
	int64_t four = 4 * q + (4 * rem) / d2.den;

	if (r == UMPIRE_DOWN) {
		v = (int64_t)umpire_exact_isqrt((uint64_t)four) - less;
		v = umpire_exact_floor_div(v, 2);
	} else {
		four += (4 * rem) % d2.den != 0;
		v = (int64_t)umpire_exact_isqrt_up((uint64_t)four) - less;
		v = -umpire_exact_floor_div(-v, 2);
	}
	return v < 0 ? 0 : (int32_t)v;
}

static int32_t
less_for(const struct umpire_figure *a, const struct umpire_figure *b,
	enum umpire_measure m)
{
	return m == UMPIRE_EDGES ? a->base + b->base : 0;
}

int
umpire_figure_cmp(const struct umpire_figure *a, const struct umpire_figure *b,
	enum umpire_measure m, int32_t len)
{
	struct umpire_frac d2 = { umpire_dist2(a->at, b->at), 1 };

	return umpire_table_cmp(d2, less_for(a, b, m), len);
}

int32_t
umpire_figure_distance(const struct umpire_figure *a,
	const struct umpire_figure *b, enum umpire_measure m, enum umpire_round r)
{
	struct umpire_frac d2 = { umpire_dist2(a->at, b->at), 1 };

	return umpire_table_length(d2, less_for(a, b, m), r);
}

size_t
umpire_table_within(size_t *out, const struct umpire_figure *fig, size_t n,
	struct umpire_pt at, int32_t radius, enum umpire_measure m)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		struct umpire_frac d2 = { umpire_dist2(fig[i].at, at), 1 };
		/* Edges: the burst reaches the base, not just the centre. */
		int32_t less = m == UMPIRE_EDGES ? fig[i].base : 0;
		if (umpire_table_cmp(d2, less, radius) <= 0)
			out[k++] = i;
	}
	return k;
}

bool
umpire_figure_faces(const struct umpire_figure *f, struct umpire_pt half,
	struct umpire_pt p)
{
	if (f->facing.x == 0 && f->facing.y == 0)
		return true;
	return umpire_plane_in_arc(f->facing, half, umpire_pt_sub(p, f->at));
}
