/*
 * space.c - VSGMR on the tabletop: whom a figure reaches hand to hand,
 * what it may shoot at and how well it sees it, whether a move is
 * allowed, where a blow or a fright throws a figure, and the distances
 * of set-up (VS-20 to VS-30).
 *
 * The geometry is geom's (table.h and its neighbours); this file says
 * which of geom's measures each sentence of the rulebook means, so that
 * each ruling is a few lines here.  Nothing is rounded where a ruling
 * is made (TABLE-2): lengths are compared through their squares.
 */
#include <stdint.h>
#include <string.h>

#include "geom/path.h"
#include "vsgmr.h"

unsigned
vs_kinds(unsigned does)
{
	unsigned mask = 0;

	for (unsigned k = 0; k < VS_GROUND_KINDS; k++)
		if (k & does)
			mask |= UMPIRE_KIND(k);
	return mask;
}

static struct umpire_frac
dist2(struct umpire_pt a, struct umpire_pt b)
{
	return (struct umpire_frac){ umpire_dist2(a, b), 1 };
}

/* Round bases of diameters a and b, centres d2 apart, overlap. */
static bool
overlap(struct umpire_frac d2, int32_t a, int32_t b)
{
	int64_t s = (int64_t)a + b;

	return umpire_exact_frac_cmp(d2, (struct umpire_frac){ s * s, 4 }) < 0;
}

/* The squared distance from q to p, exactly: 0 on it. */
static struct umpire_frac
piece_dist2(const struct umpire_piece *p, struct umpire_pt q)
{
	struct umpire_frac best;

	if (umpire_piece_holds(p, q))
		return (struct umpire_frac){ 0, 1 };
	/* Outside a convex piece, the nearest of it is on an edge. */
	best = umpire_plane_seg_dist2(q, p->corner[p->n - 1], p->corner[0]);
	for (int i = 1; i < p->n; i++) {
		struct umpire_frac d = umpire_plane_seg_dist2(q,
			p->corner[i - 1], p->corner[i]);
		if (umpire_exact_frac_cmp(d, best) < 0)
			best = d;
	}
	return best;
}

/* ------------------------------------------------------------ attacks */

bool
vs_reaches(const struct umpire_figure *by, const struct umpire_figure *target,
	int32_t reach)
{
	if (umpire_figure_cmp(by, target, UMPIRE_EDGES, VS_TOUCH) <= 0)
		return true;
	if (reach <= 0)
		return false;
	if (reach > UMPIRE_LENGTH_MAX)	/* farther than any table reaches */
		reach = UMPIRE_LENGTH_MAX;
	/* Laid flat where it stood: from its centre to the target's rim. */
	return umpire_table_cmp(dist2(by->at, target->at), target->base,
		reach) <= 0;
}

bool
vs_in_range(const struct umpire_figure *by, const struct umpire_figure *target)
{
	return umpire_figure_cmp(by, target, UMPIRE_EDGES,
		VS_DISTANCE_UNIT) <= 0;
}

bool
vs_in_range_of(const struct umpire_figure *by, const struct umpire_piece *p)
{
	return vs_piece_gap_cmp(by, p, VS_DISTANCE_UNIT) <= 0;
}

bool
vs_faces(const struct umpire_figure *by, const struct umpire_figure *target)
{
	return umpire_figure_faces(by, UMPIRE_ARC_90, target->at);
}

bool
vs_faces_piece(const struct umpire_figure *by, const struct umpire_piece *p)
{
	/* Convex: if any of it is in the front half, a corner is. */
	for (int i = 0; i < p->n; i++)
		if (umpire_figure_faces(by, UMPIRE_ARC_90, p->corner[i]))
			return true;
	return false;
}

/* ----------------------------------------------------------- distances */

int
vs_gap_cmp(const struct umpire_figure *a, const struct umpire_figure *b,
	int32_t len)
{
	return umpire_figure_cmp(a, b, UMPIRE_EDGES, len);
}

int
vs_piece_gap_cmp(const struct umpire_figure *f, const struct umpire_piece *p,
	int32_t len)
{
	/* One base's diameter off: the piece has no rim to take away. */
	return umpire_table_cmp(piece_dist2(p, f->at), f->base, len);
}

int32_t
vs_gap(const struct umpire_figure *a, const struct umpire_figure *b,
	enum umpire_round r)
{
	return umpire_figure_distance(a, b, UMPIRE_EDGES, r);
}

int32_t
vs_piece_gap(const struct umpire_figure *f, const struct umpire_piece *p,
	enum umpire_round r)
{
	return umpire_table_length(piece_dist2(p, f->at), f->base, r);
}

size_t
vs_first_closer(const struct umpire_figure *f,
	const struct umpire_figure *other, size_t n, int32_t len)
{
	for (size_t i = 0; i < n; i++)
		if (vs_gap_cmp(f, &other[i], len) < 0)
			return i;
	return n;
}

size_t
vs_first_within(const struct umpire_figure *f,
	const struct umpire_figure *other, size_t n, int32_t len)
{
	for (size_t i = 0; i < n; i++)
		if (vs_gap_cmp(f, &other[i], len) <= 0)
			return i;
	return n;
}

/* --------------------------------------------------------------- sight */

void
vs_sight_judge(struct vs_sight *out, const struct umpire_sight *lines,
	bool mounted)
{
	out->lines = *lines;
	out->half = 0;
	out->figures = 0;
	out->figure = -1;
	out->mounted = mounted;
	out->seen = lines->verdict != UMPIRE_SIGHT_BLOCKED;
	/* "At least half-blocked": 7 of 13, since 6 is less than half. */
	out->cover = mounted || lines->blocked >= VS_COVER_LINES;
}

/*
 * a * b <= c * d for non-negative a, b, c, d below 2^63, products of
 * up to 126 bits taken in 32-bit halves: the tabletop uses no type wider
 * than 64 bits (table.h).
 */
static void
wide_mul(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t al = a & 0xffffffffu, ah = a >> 32;
	uint64_t bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);

	*lo = (ll & 0xffffffffu) | (mid << 32);
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static bool
products_le(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t h1, l1, h2, l2;

	wide_mul(a, b, &h1, &l1);
	wide_mul(c, d, &h2, &l2);
	return h1 < h2 || (h1 == h2 && l1 <= l2);
}

/*
 * Whether the segment from a to b (ten times the table's scale, as
 * sight.h draws its lines: within 2^18, so differences within 2^19) meets
 * the closed disc of radius r (as scaled) about c.
 */
static bool
meets_disc(struct umpire_pt a, struct umpire_pt b, struct umpire_pt c,
	int64_t r)
{
	int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	int64_t acx = (int64_t)c.x - a.x, acy = (int64_t)c.y - a.y;
	int64_t bcx = (int64_t)c.x - b.x, bcy = (int64_t)c.y - b.y;
	int64_t along = acx * abx + acy * aby;
	int64_t len2 = abx * abx + aby * aby;
	int64_t cross = abx * acy - aby * acx;

	if (along <= 0 || len2 == 0)
		return acx * acx + acy * acy <= r * r;
	if (along >= len2)
		return bcx * bcx + bcy * bcy <= r * r;
	/* The foot is inside: the distance is |cross| / |ab|. */
	if (cross < 0)
		cross = -cross;
	return products_le((uint64_t)cross, (uint64_t)cross, (uint64_t)(r * r),
		(uint64_t)len2);
}

void
vs_sight_figures(struct vs_sight *out, const struct umpire_figure *by,
	const struct umpire_figure *target, const struct umpire_figure *foe,
	size_t n)
{
	struct umpire_pt from = { 10 * by->at.x, 10 * by->at.y };
	const uint32_t all = (1u << UMPIRE_SIGHT_LINES) - 1;

	out->figures = 0;
	out->figure = -1;
	for (int k = 0; k < UMPIRE_SIGHT_LINES; k++) {
		if (out->lines.lines >> k & 1u)
			continue;	/* cover blocks it already */
		struct umpire_pt to = umpire_sight_end10(target, k);
		for (size_t i = 0; i < n; i++) {
			struct umpire_pt c = { 10 * foe[i].at.x, 10 * foe[i].at.y };
			if (meets_disc(from, to, c, 5 * (int64_t)foe[i].base)) {
				out->figures |= 1u << k;
				if (out->figure < 0)
					out->figure = (int)i;
				break;
			}
		}
	}
	out->seen = ((out->lines.lines | out->figures) & all) != all;
}

void
vs_sight(struct vs_sight *out, const struct umpire_table *t,
	const struct umpire_figure *by, const struct umpire_figure *target,
	bool mounted, const struct umpire_figure *foe, size_t n, unsigned flags)
{
	struct umpire_sight lines;

	if (flags & VS_SIGHT_EXACT) {
		struct umpire_cover c;
		/* VS-25 from 0.6.0: over the whole base, cover by half. */
		umpire_cover(&c, t, by->at, target, vs_kinds(VS_COVER), foe, n);
		memset(out, 0, sizeof(*out));
		out->mounted = mounted;
		out->seen = c.seen;
		out->half = c.half;
		out->cover = mounted || c.half >= 0;
		out->figure = c.figure;
		return;
	}
	umpire_sight(&lines, t, by, target, vs_kinds(VS_COVER), flags);
	vs_sight_judge(out, &lines, mounted);
	vs_sight_figures(out, by, target, foe, n);
}

/* --------------------------------------------------------------- moves */

/* The first rough piece the base overlaps standing at `at`, or -1. */
static int
rough_at(const struct umpire_table *t, struct umpire_pt at, int32_t base)
{
	unsigned rough = vs_kinds(VS_ROUGH);

	for (size_t i = 0; i < t->npieces; i++)
		if ((rough & UMPIRE_KIND(t->piece[i].kind)) &&
		    umpire_piece_near(&t->piece[i], at, at, base))
			return (int)i;
	return -1;
}

/* Whether the base, its centre along wp, crosses p (TABLE-11). */
static bool
crosses(const struct umpire_piece *p, const struct umpire_pt *wp, size_t n,
	int32_t base)
{
	if (n == 1)
		return umpire_piece_near(p, wp[0], wp[0], base);
	for (size_t j = 1; j < n; j++)
		if (umpire_piece_near(p, wp[j - 1], wp[j], base))
			return true;
	return false;
}

/* The first barrier the base crosses along wp, or -1. */
static int
barrier_crossed(const struct umpire_table *t, const struct umpire_pt *wp,
	size_t n, int32_t base)
{
	unsigned barrier = vs_kinds(VS_BARRIER);

	for (size_t i = 0; i < t->npieces; i++)
		if ((barrier & UMPIRE_KIND(t->piece[i].kind)) &&
		    crosses(&t->piece[i], wp, n, base))
			return (int)i;
	return -1;
}

/*
 * The first of fig[0..n) whose base the moving base overlaps on its way
 * and comes closer to than it started: a figure that begins in contact,
 * or worse, may always draw away.  -1 if none.
 */
static int
figure_crossed(const struct umpire_figure *fig, size_t n,
	const struct umpire_pt *wp, size_t nwp, int32_t base)
{
	for (size_t i = 0; i < n; i++) {
		struct umpire_near near;

		umpire_path_closest(&near, wp, nwp, &fig[i], 1);
		if (overlap(near.d2, base, fig[i].base) &&
		    umpire_exact_frac_cmp(near.d2, dist2(wp[0], fig[i].at)) < 0)
			return (int)i;
	}
	return -1;
}

/* The first of fig[0..n) but `skip` that a base at `at` overlaps, or -1. */
static int
figure_under(const struct umpire_figure *fig, size_t n, int skip,
	struct umpire_pt at, int32_t base)
{
	for (size_t i = 0; i < n; i++)
		if ((int)i != skip && overlap(dist2(at, fig[i].at), base,
		    fig[i].base))
			return (int)i;
	return -1;
}

static bool
move_in_bounds(const struct vs_move_ask *a)
{
	if (a->n == 0 || !umpire_pt_eq(a->wp[0], a->me.at) ||
	    umpire_figure_check(&a->me) || !umpire_table_holds(a->t, a->me.at))
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (!umpire_plane_on(a->wp[i]))
			return false;
	return true;
}

/* Where it ends: on no base but its mount's, on no barrier (VS-26). */
static void
judge_end(struct vs_move *out, const struct vs_move_ask *a)
{
	struct umpire_pt end = a->wp[a->n - 1];
	int32_t base = a->me.base;
	int i;

	if ((i = figure_under(a->ally, a->nally, a->mount, end, base)) >= 0) {
		out->verdict = VS_MOVE_ONTO;
		out->figure = i;
		out->ally = true;
	} else if ((i = figure_under(a->foe, a->nfoe, -1, end, base)) >= 0) {
		out->verdict = VS_MOVE_ONTO;
		out->figure = i;
	} else if ((i = barrier_crossed(a->t, &end, 1, base)) >= 0) {
		/* Only a flier gets here over a barrier: it stops off it. */
		out->verdict = VS_MOVE_ONTO;
		out->piece = i;
	}
}

int
vs_move_judge(struct vs_move *out, const struct vs_move_ask *a)
{
	bool flight = vs_has(a->p, VS_FLIGHT);
	int i;

	memset(out, 0, sizeof(*out));
	out->rough = out->piece = out->figure = -1;
	if (!move_in_bounds(a))
		return -1;
	out->rough = rough_at(a->t, a->wp[0], a->me.base);
	out->allowance = vs_move_allowance(a->p, out->rough >= 0);
	out->length = umpire_path_length(a->wp, a->n);
	out->off = !umpire_path_on_table(a->t, a->wp, a->n, &out->off_at);
	if (out->off && out->off_at != a->n - 1) {
		out->verdict = VS_MOVE_RETURN;	/* "cannot return" */
	} else if (out->length > out->allowance) {
		out->verdict = VS_MOVE_FAR;
	} else if (!flight && (i = barrier_crossed(a->t, a->wp, a->n,
	    a->me.base)) >= 0) {
		out->verdict = VS_MOVE_BARRIER;
		out->piece = i;
	} else if ((i = figure_crossed(a->foe, a->nfoe, a->wp, a->n,
	    a->me.base)) >= 0) {		/* flying or not (VS-26) */
		out->verdict = VS_MOVE_THROUGH;
		out->figure = i;
	} else if (!out->off) {
		judge_end(out, a);	/* off the table, it ends nowhere */
	}
	return 0;
}

/* ----------------------------------------------------- moved straight back */

struct umpire_pt
vs_knockback_way(const struct umpire_figure *target,
	const struct umpire_figure *by)
{
	if (target->facing.x || target->facing.y)
		return (struct umpire_pt){ -target->facing.x,
			-target->facing.y };
	return umpire_pt_sub(target->at, by->at);
}

struct umpire_pt
vs_fear_way(const struct umpire_figure *me,
	const struct umpire_figure *fearsome)
{
	return umpire_pt_sub(me->at, fearsome->at);
}

/*
 * floor(len |c| / |way|) with c's sign: the greatest q with q^2 <=
 * len^2 c^2 / |way|^2, and isqrt(floor(x)) = floor(sqrt(x)).  len <=
 * 2^12 and |c| <= 2^15 keep len^2 c^2 within 2^54.
 */
static int32_t
part(int32_t c, int64_t way2, int32_t len)
{
	uint64_t m = (uint64_t)len * (uint64_t)len * (uint64_t)((int64_t)c * c);
	int32_t q = (int32_t)umpire_exact_isqrt(m / (uint64_t)way2);

	return c < 0 ? -q : q;
}

struct umpire_pt
vs_along(struct umpire_pt from, struct umpire_pt way, int32_t length)
{
	int64_t way2 = umpire_dot(way, way);

	if (way2 == 0)
		return from;
	return (struct umpire_pt){ from.x + part(way.x, way2, length),
		from.y + part(way.y, way2, length) };
}

/* What stops a straight leg from a->me.at to b: a piece, or a figure. */
static bool
stopped(const struct vs_push_ask *a, struct umpire_pt b, int *piece,
	int *figure)
{
	struct umpire_pt leg[2] = { a->me.at, b };

	/* A flier passes over barriers but does not come down on one. */
	*piece = vs_has(a->p, VS_FLIGHT) ? barrier_crossed(a->t, &b, 1,
		a->me.base) : barrier_crossed(a->t, leg, 2, a->me.base);
	*figure = *piece >= 0 ? -1 :
		figure_crossed(a->other, a->nother, leg, 2, a->me.base);
	return *piece >= 0 || *figure >= 0;
}

/* The longest l <= cap whose point is on the table: it only goes away
 * from the start, part by part, and the table is convex. */
static int32_t
last_on_table(const struct vs_push_ask *a, int32_t cap)
{
	int32_t lo = 0, hi = cap;

	while (lo < hi) {
		int32_t mid = lo + (hi - lo + 1) / 2;
		if (umpire_table_holds(a->t, vs_along(a->me.at, a->way, mid)))
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

int
vs_push_judge(struct vs_push *out, const struct vs_push_ask *a)
{
	int piece, figure;
	int32_t l, edge;

	memset(out, 0, sizeof(*out));
	out->piece = out->figure = -1;
	out->to = a->me.at;
	if ((a->way.x == 0 && a->way.y == 0) || !umpire_plane_vec_on(a->way) ||
	    a->length < 0 || a->length > VS_PUSH_MAX ||
	    umpire_figure_check(&a->me) || !umpire_table_holds(a->t, a->me.at))
		return -1;
	out->cap = a->length;
	if (!vs_has(a->p, VS_FLIGHT) &&
	    rough_at(a->t, a->me.at, a->me.base) >= 0) {
		int half = vs_move_allowance(a->p, true);
		if (half < out->cap)
			out->cap = half;
	}
	edge = last_on_table(a, out->cap);
	/*
	 * "As far as it can": the longest leg that nothing stops, tried
	 * from the longest down (a flier may clear a wall and land beyond
	 * it, and rounding leaves the legs not quite nested, so no
	 * halving); the blocker named is the one that stopped the next
	 * hundredth.
	 */
	for (l = edge; l > 0; l--) {
		if (!stopped(a, vs_along(a->me.at, a->way, l), &piece, &figure))
			break;
		out->piece = piece;
		out->figure = figure;
	}
	out->to = vs_along(a->me.at, a->way, l);
	out->length = l;
	if (l == edge && edge < out->cap) {
		out->off = true;	/* clear to the edge and over it */
		out->length = out->cap;
	}
	return 0;
}
