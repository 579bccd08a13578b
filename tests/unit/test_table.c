/*
 * test_table - the tabletop (geom/exact, plane, piece, table, path,
 * sight): exact answers for every question, worked out by hand, and
 * the edges of each ruling (touching, in line, through a corner, legs of
 * no length, a figure on the table's edge, the bounds of the plane).
 * tests/py/test_table.py checks the same questions on thousands of
 * random layouts against Python's fractions.
 */
#include <limits.h>

#include "geom/path.h"
#include "geom/sight.h"
#include "geom/table.h"
#include "unit.h"

#define P(x, y) ((struct umpire_pt){ (x), (y) })
#define F(n, d) ((struct umpire_frac){ (n), (d) })
#define HIGH 0
#define LOW 1

static void
assert_frac(struct umpire_frac got, int64_t num, int64_t den)
{
	if (got.num != num || got.den != den)
		fail_msg("got %lld/%lld, want %lld/%lld", (long long)got.num,
		    (long long)got.den, (long long)num, (long long)den);
}

/* An axis-aligned block from (x0, y0) to (x1, y1). */
static struct umpire_piece
block(int kind, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
	struct umpire_pt c[4] = { P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1) };
	struct umpire_piece p;

	assert_int_equal(umpire_piece_rect(&p, kind, c, P(0, 0)), 0);
	return p;
}

static struct umpire_figure
figure(int32_t x, int32_t y, int32_t base)
{
	return (struct umpire_figure){ P(x, y), base, P(0, 0) };
}

/* ------------------------------------------------------------------ exact */

static void
square_roots(void **state)
{
	(void)state;
	static const uint64_t n[] = { 0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 101,
		(uint64_t)1 << 62, UINT64_MAX, 4294967295ull * 4294967295ull,
		4294967295ull * 4294967295ull - 1 };
	static const uint64_t down[] = { 0, 1, 1, 1, 2, 3, 4, 4, 9, 10, 10,
		(uint64_t)1 << 31, 4294967295ull, 4294967295ull, 4294967294ull };
	static const uint64_t up[] = { 0, 1, 2, 2, 2, 4, 4, 5, 10, 10, 11,
		(uint64_t)1 << 31, 4294967296ull, 4294967295ull, 4294967295ull };

	for (size_t i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
		assert_true(umpire_exact_isqrt(n[i]) == down[i]);
		assert_true(umpire_exact_isqrt_up(n[i]) == up[i]);
	}
	/* Every n up to 2^16: r^2 <= n < (r + 1)^2. */
	for (uint64_t k = 0; k < 65536; k++) {
		uint64_t r = umpire_exact_isqrt(k);
		assert_true(r * r <= k && (r + 1) * (r + 1) > k);
	}
}

static void
fractions(void **state)
{
	(void)state;
	assert_int_equal(umpire_exact_floor_div(7, 2), 3);
	assert_int_equal(umpire_exact_floor_div(-7, 2), -4);
	assert_int_equal(umpire_exact_floor_div(-8, 2), -4);
	assert_int_equal(umpire_exact_gcd(-12, 18), 6);
	assert_int_equal(umpire_exact_gcd(0, 0), 0);
	assert_frac(umpire_exact_frac(6, 8), 3, 4);
	assert_frac(umpire_exact_frac(0, 8), 0, 1);
	assert_int_equal(umpire_exact_frac_cmp(F(1, 3), F(2, 6)), 0);
	assert_int_equal(umpire_exact_frac_cmp(F(1, 3), F(1, 2)), -1);
	assert_int_equal(umpire_exact_frac_cmp(F(1, 2), F(1, 3)), 1);
	assert_int_equal(umpire_exact_frac_cmp(F(0, 5), F(0, 7)), 0);
	assert_int_equal(umpire_exact_frac_cmp(F(0, 5), F(1, 7)), -1);
	assert_int_equal(umpire_exact_frac_cmp(F(7, 1), F(7, 1)), 0);
	/* Products would overflow: these differ in the 19th digit. */
	int64_t big = INT64_MAX;
	assert_int_equal(umpire_exact_frac_cmp(F(big - 1, big), F(big - 2,
	    big - 1)), 1);
	assert_int_equal(umpire_exact_frac_cmp(F(big, big - 1), F(big - 1,
	    big - 2)), -1);
	assert_int_equal(umpire_exact_frac_cmp(F(big, 3), F(big, 3)), 0);
	assert_int_equal(umpire_exact_ctz(1), 0);
	assert_int_equal(umpire_exact_ctz((uint64_t)1 << 63), 63);
	assert_int_equal(umpire_exact_ctz(12), 2);
}

/* ------------------------------------------------------------------ plane */

static void
segments(void **state)
{
	(void)state;
	assert_int_equal(umpire_plane_orient(P(0, 0), P(10, 0), P(5, 1)), 1);
	assert_int_equal(umpire_plane_orient(P(0, 0), P(10, 0), P(5, -1)), -1);
	assert_int_equal(umpire_plane_orient(P(0, 0), P(10, 0), P(20, 0)), 0);
	/* Crossing, touching at an end, a T, apart. */
	assert_true(umpire_plane_segments_meet(P(0, 0), P(10, 10), P(0, 10),
	    P(10, 0)));
	assert_true(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(10, 0),
	    P(20, 5)));
	assert_true(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(5, 0),
	    P(5, 5)));
	assert_false(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(5, 1),
	    P(5, 5)));
	/* In one line: overlapping, end to end, apart. */
	assert_true(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(5, 0),
	    P(15, 0)));
	assert_true(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(10, 0),
	    P(15, 0)));
	assert_false(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(11, 0),
	    P(15, 0)));
	/* Parallel, and legs of no length. */
	assert_false(umpire_plane_segments_meet(P(0, 0), P(10, 0), P(0, 1),
	    P(10, 1)));
	assert_true(umpire_plane_segments_meet(P(5, 0), P(5, 0), P(0, 0),
	    P(10, 0)));
	assert_false(umpire_plane_segments_meet(P(5, 1), P(5, 1), P(0, 0),
	    P(10, 0)));
	assert_true(umpire_plane_segments_meet(P(5, 1), P(5, 1), P(5, 1),
	    P(5, 1)));
}

static void
distance_to_segment(void **state)
{
	(void)state;
	/* The foot inside: 10000^2 / 130000 = 10000 / 13. */
	assert_frac(umpire_plane_seg_dist2(P(100, 100), P(0, 0), P(300, 200)),
	    10000, 13);
	/* Before the start, beyond the end, on the segment, no segment. */
	assert_frac(umpire_plane_seg_dist2(P(-30, 40), P(0, 0), P(300, 0)),
	    2500, 1);
	assert_frac(umpire_plane_seg_dist2(P(330, 40), P(0, 0), P(300, 0)),
	    2500, 1);
	assert_frac(umpire_plane_seg_dist2(P(150, 0), P(0, 0), P(300, 0)), 0, 1);
	assert_frac(umpire_plane_seg_dist2(P(3, 4), P(0, 0), P(0, 0)), 25, 1);
	/* A corner of the plane from the diagonal: cross^2 = 2^60. */
	assert_frac(umpire_plane_seg_dist2(P(-16384, 16384), P(-16384, -16384),
	    P(16384, 16384)), (int64_t)1 << 29, 1);
}

static void
arcs(void **state)
{
	(void)state;
	struct umpire_pt north = P(0, 7);

	/* Up to 90 degrees either side: the edges are in. */
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_90, P(5, 0)));
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_90, P(-5, 0)));
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_90, P(-5, 1)));
	assert_false(umpire_plane_in_arc(north, UMPIRE_ARC_90, P(-5, -1)));
	assert_false(umpire_plane_in_arc(north, UMPIRE_ARC_90, P(0, -1)));
	/* 45 degrees: (1, 1) is on the edge, (2, 1) beyond it. */
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_45, P(3, 3)));
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_45, P(-3, 3)));
	assert_false(umpire_plane_in_arc(north, UMPIRE_ARC_45, P(2, 1)));
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_45, P(1, 2)));
	/* Straight ahead only, at any length; not straight back. */
	assert_true(umpire_plane_in_arc(P(3, 4), UMPIRE_ARC_0, P(6, 8)));
	assert_false(umpire_plane_in_arc(P(3, 4), UMPIRE_ARC_0, P(-6, -8)));
	assert_false(umpire_plane_in_arc(P(3, 4), UMPIRE_ARC_0, P(6, 9)));
	/* 135 degrees either side: all but a quarter turn behind. */
	assert_true(umpire_plane_in_arc(north, P(-1, 1), P(1, -1)));
	assert_true(umpire_plane_in_arc(north, P(-1, 1), P(5, -4)));
	assert_false(umpire_plane_in_arc(north, P(-1, 1), P(4, -5)));
	assert_false(umpire_plane_in_arc(north, P(-1, 1), P(0, -1)));
	/* All round, and the zero vector is in every arc. */
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_ALL, P(0, -1)));
	assert_true(umpire_plane_in_arc(north, UMPIRE_ARC_0, P(0, 0)));
	/* A turn of up to 90 degrees, with the largest vectors. */
	assert_true(umpire_plane_in_arc(P(32768, -32768), UMPIRE_ARC_90,
	    P(32768, 32768)));
	assert_false(umpire_plane_in_arc(P(32768, -32768), UMPIRE_ARC_90,
	    P(32767, 32768)));
	/* Within 0.0017 degrees of dead behind is outside; 0.0035 is in. */
	assert_false(umpire_plane_in_arc(P(32768, -32768), P(-32768, 1),
	    P(-32768, 32767)));
	assert_true(umpire_plane_in_arc(P(32768, -32768), P(-32768, 1),
	    P(-32768, 32766)));
}

/* ------------------------------------------------------------------ piece */

static void
making_pieces(void **state)
{
	struct umpire_piece p;

	(void)state;
	/* Clockwise in, counter-clockwise kept. */
	struct umpire_pt cw[4] = { P(0, 0), P(0, 100), P(200, 100), P(200, 0) };
	assert_int_equal(umpire_piece_make(&p, 3, cw, 4), 0);
	assert_int_equal(p.kind, 3);
	assert_true(umpire_pt_eq(p.corner[0], P(200, 0)));
	assert_true(umpire_pt_eq(p.corner[1], P(200, 100)));
	assert_true(umpire_pt_eq(p.lo, P(0, 0)) && umpire_pt_eq(p.hi, P(200, 100)));
	/* A corner in line with its neighbours, one repeated, a pentagram. */
	struct umpire_pt line[4] = { P(0, 0), P(100, 0), P(200, 0), P(100, 100) };
	assert_int_equal(umpire_piece_make(&p, 0, line, 4), UMPIRE_GEOM_CONVEX);
	struct umpire_pt twice[4] = { P(0, 0), P(100, 0), P(100, 0), P(0, 100) };
	assert_int_equal(umpire_piece_make(&p, 0, twice, 4), UMPIRE_GEOM_CONVEX);
	struct umpire_pt star[5] = { P(0, 100), P(59, -81), P(-95, 31),
		P(95, 31), P(-59, -81) };
	assert_int_equal(umpire_piece_make(&p, 0, star, 5), UMPIRE_GEOM_CONVEX);
	struct umpire_pt dent[4] = { P(0, 0), P(100, 0), P(50, 10), P(50, 100) };
	assert_int_equal(umpire_piece_make(&p, 0, dent, 4), UMPIRE_GEOM_CONVEX);
	/* Bounds. */
	assert_int_equal(umpire_piece_make(&p, 0, cw, 2), UMPIRE_GEOM_CORNERS);
	assert_int_equal(umpire_piece_make(&p, 0, cw, 17), UMPIRE_GEOM_CORNERS);
	assert_int_equal(umpire_piece_make(&p, 32, cw, 4), UMPIRE_GEOM_KIND);
	assert_int_equal(umpire_piece_make(&p, -1, cw, 4), UMPIRE_GEOM_KIND);
	struct umpire_pt far[3] = { P(0, 0), P(16385, 0), P(0, 100) };
	assert_int_equal(umpire_piece_make(&p, 0, far, 3), UMPIRE_GEOM_RANGE);
	struct umpire_pt edge[3] = { P(-16384, -16384), P(16384, -16384),
		P(16384, 16384) };
	assert_int_equal(umpire_piece_make(&p, 0, edge, 3), 0);
	assert_string_equal(umpire_geom_strerror(UMPIRE_GEOM_CONVEX),
	    "the corners are not those of a convex shape, in order around it");
}

static void
rectangles(void **state)
{
	struct umpire_piece p;

	(void)state;
	/* At a 3-4-5 angle, exactly: sides (300, 400) and (-40, 30). */
	struct umpire_pt tilted[4] = { P(1000, 1000), P(1300, 1400), P(1260, 1430),
		P(960, 1030) };
	assert_int_equal(umpire_piece_rect(&p, HIGH, tilted, P(3, 4)), 0);
	assert_true(umpire_pt_eq(p.facing, P(3, 4)));
	assert_int_equal(umpire_piece_rect(&p, HIGH, tilted, P(-4, 3)), 0);
	assert_int_equal(umpire_piece_rect(&p, HIGH, tilted, P(1, 1)),
	    UMPIRE_GEOM_FACING);
	/* A parallelogram, and a kite, are not rectangles. */
	struct umpire_pt lean[4] = { P(0, 0), P(300, 0), P(350, 100), P(50, 100) };
	assert_int_equal(umpire_piece_rect(&p, HIGH, lean, P(0, 0)),
	    UMPIRE_GEOM_RECT);
	struct umpire_pt kite[4] = { P(0, 0), P(100, -50), P(300, 0), P(100, 50) };
	assert_int_equal(umpire_piece_rect(&p, HIGH, kite, P(0, 0)),
	    UMPIRE_GEOM_RECT);
}

static void
boxes(void **state)
{
	struct umpire_piece p;

	(void)state;
	/* Along an axis: exact.  Odd sizes round away from the centre. */
	assert_int_equal(umpire_piece_box(&p, 2, P(1000, 1000), P(1, 0), 400,
	    250), 0);
	assert_true(umpire_pt_eq(p.corner[0], P(800, 875)));
	assert_true(umpire_pt_eq(p.corner[2], P(1200, 1125)));
	assert_true(umpire_pt_eq(p.facing, P(1, 0)));
	assert_int_equal(umpire_piece_box(&p, 2, P(1000, 1000), P(5, 0), 401,
	    201), 0);
	assert_true(umpire_pt_eq(p.corner[0], P(799, 899)));
	assert_true(umpire_pt_eq(p.corner[2], P(1201, 1101)));
	/* A Pythagorean facing: whole corners, a rectangle. */
	assert_int_equal(umpire_piece_box(&p, 2, P(0, 0), P(3, 4), 500, 250), 0);
	assert_true(umpire_pt_eq(p.corner[0], P(-50, -275)));
	assert_true(umpire_pt_eq(p.corner[1], P(250, 125)));
	assert_true(umpire_pt_eq(p.corner[2], P(50, 275)));
	assert_true(umpire_pt_eq(p.corner[3], P(-250, -125)));
	struct umpire_piece r;
	assert_int_equal(umpire_piece_rect(&r, 2, p.corner, p.facing), 0);
	/* At 45 degrees: 200 / sqrt(2) = 141.42, 600 / sqrt(8) = 212.13. */
	assert_int_equal(umpire_piece_box(&p, 2, P(1000, 1000), P(1, 1), 400,
	    200), 0);
	assert_true(umpire_pt_eq(p.corner[0], P(929, 788)));
	assert_true(umpire_pt_eq(p.corner[1], P(1212, 1071)));
	assert_true(umpire_pt_eq(p.corner[2], P(1071, 1212)));
	assert_true(umpire_pt_eq(p.corner[3], P(788, 929)));
	/* Out of bounds. */
	assert_int_equal(umpire_piece_box(&p, 2, P(0, 0), P(0, 0), 400, 200),
	    UMPIRE_GEOM_FACING);
	assert_int_equal(umpire_piece_box(&p, 2, P(0, 0), P(1, 0), 0, 200),
	    UMPIRE_GEOM_SIZE);
	assert_int_equal(umpire_piece_box(&p, 2, P(0, 0), P(1, 0), 4097, 200),
	    UMPIRE_GEOM_SIZE);
	assert_int_equal(umpire_piece_box(&p, 2, P(16300, 0), P(1, 0), 400,
	    200), UMPIRE_GEOM_RANGE);
	/* The largest box at the steepest facing there is. */
	assert_int_equal(umpire_piece_box(&p, 2, P(0, 0), P(32768, -32767),
	    4096, 4096), 0);
}

static void
moves_and_sweeps(void **state)
{
	struct umpire_piece p = block(HIGH, 0, 0, 100, 100), s;

	(void)state;
	assert_int_equal(umpire_piece_sweep(&s, &p, P(300, 0)), 0);
	assert_int_equal(s.n, 4);
	assert_true(umpire_pt_eq(s.lo, P(0, 0)) && umpire_pt_eq(s.hi, P(400, 100)));
	assert_int_equal(umpire_piece_sweep(&s, &p, P(300, 300)), 0);
	assert_int_equal(s.n, 6);
	static const struct umpire_pt hex[6] = { { 0, 0 }, { 100, 0 },
		{ 400, 300 }, { 400, 400 }, { 300, 400 }, { 0, 100 } };
	for (int i = 0; i < 6; i++)
		assert_true(umpire_pt_eq(s.corner[i], hex[i]));
	assert_int_equal(umpire_piece_sweep(&s, &p, P(0, 0)), 0);
	assert_int_equal(s.n, 4);
	assert_int_equal(umpire_piece_move(&p, P(-50, 25)), 0);
	assert_true(umpire_pt_eq(p.corner[0], P(-50, 25)));
	assert_true(umpire_pt_eq(p.hi, P(50, 125)));
	assert_int_equal(umpire_piece_move(&p, P(16384, 0)), UMPIRE_GEOM_RANGE);
	assert_true(umpire_pt_eq(p.corner[0], P(-50, 25)));
}

static void
piece_questions(void **state)
{
	struct umpire_piece p = block(HIGH, 400, 400, 600, 600);
	struct umpire_piece q = block(HIGH, 600, 400, 800, 600);

	(void)state;
	assert_true(umpire_piece_holds(&p, P(500, 500)));
	assert_true(umpire_piece_holds(&p, P(400, 500)));
	assert_true(umpire_piece_holds(&p, P(600, 600)));
	assert_false(umpire_piece_holds(&p, P(399, 500)));
	assert_true(umpire_piece_holds_inside(&p, P(401, 599)));
	assert_false(umpire_piece_holds_inside(&p, P(400, 500)));
	/* Through, along an edge, through a corner, up to an edge. */
	assert_true(umpire_piece_meets(&p, P(0, 500), P(1000, 500)));
	assert_true(umpire_piece_enters(&p, P(0, 500), P(1000, 500)));
	assert_true(umpire_piece_meets(&p, P(0, 400), P(1000, 400)));
	assert_false(umpire_piece_enters(&p, P(0, 400), P(1000, 400)));
	assert_true(umpire_piece_meets(&p, P(300, 500), P(500, 700)));
	assert_false(umpire_piece_enters(&p, P(300, 500), P(500, 700)));
	assert_true(umpire_piece_meets(&p, P(0, 500), P(400, 500)));
	assert_false(umpire_piece_enters(&p, P(0, 500), P(400, 500)));
	assert_false(umpire_piece_meets(&p, P(0, 500), P(399, 500)));
	/* Wholly inside, and legs of no length inside, on, outside. */
	assert_true(umpire_piece_enters(&p, P(450, 450), P(550, 550)));
	assert_true(umpire_piece_enters(&p, P(450, 450), P(450, 450)));
	assert_true(umpire_piece_meets(&p, P(400, 450), P(400, 450)));
	assert_false(umpire_piece_enters(&p, P(400, 450), P(400, 450)));
	assert_false(umpire_piece_meets(&p, P(300, 450), P(300, 450)));
	/* A base of 1 inch going by: 50 away touches, 49 overlaps. */
	assert_false(umpire_piece_near(&p, P(0, 350), P(1000, 350), 100));
	assert_true(umpire_piece_near(&p, P(0, 351), P(1000, 351), 100));
	/* Past the corner (600, 600): 72 / sqrt(2) = 50.9 off; 70 is 49.5. */
	assert_false(umpire_piece_near(&p, P(572, 700), P(700, 572), 100));
	assert_true(umpire_piece_near(&p, P(570, 700), P(700, 570), 100));
	/* Standing still, touching and not. */
	assert_false(umpire_piece_near(&p, P(350, 500), P(350, 500), 100));
	assert_true(umpire_piece_near(&p, P(351, 500), P(351, 500), 100));
	/* Blocks side by side touch without overlapping. */
	assert_false(umpire_piece_overlap(&p, &q));
	struct umpire_piece r = block(HIGH, 599, 500, 700, 700);
	assert_true(umpire_piece_overlap(&p, &r));
	struct umpire_piece corner = block(HIGH, 600, 600, 700, 700);
	assert_false(umpire_piece_overlap(&p, &corner));
	struct umpire_piece in = block(HIGH, 450, 450, 460, 460);
	assert_true(umpire_piece_overlap(&p, &in) && umpire_piece_overlap(&in, &p));
}

/* ------------------------------------------------------------------ table */

static void
tables_and_figures(void **state)
{
	struct umpire_table t = { 7200, 4800, NULL, 0 };
	struct umpire_figure f = figure(0, 4800, 100);

	(void)state;
	assert_int_equal(umpire_table_check(&t), 0);
	assert_true(umpire_table_holds(&t, P(0, 0)));
	assert_true(umpire_table_holds(&t, P(7200, 4800)));
	assert_false(umpire_table_holds(&t, P(7201, 4800)));
	assert_false(umpire_table_holds(&t, P(0, -1)));
	t.width = 16385;
	assert_int_equal(umpire_table_check(&t), UMPIRE_GEOM_SIZE);
	t.width = 0;
	assert_int_equal(umpire_table_check(&t), UMPIRE_GEOM_SIZE);
	assert_int_equal(umpire_figure_check(&f), 0);
	f.base = 2049;
	assert_int_equal(umpire_figure_check(&f), UMPIRE_GEOM_SIZE);
	f.base = 100;
	f.facing = P(32769, 0);
	assert_int_equal(umpire_figure_check(&f), UMPIRE_GEOM_RANGE);
}

static void
figure_distances(void **state)
{
	struct umpire_figure a = figure(0, 0, 100), b = figure(720, 960, 100);
	struct umpire_figure c = figure(1200, 1, 100), d = figure(60, 0, 100);

	(void)state;
	/* 3-4-5: 12 inches between centres exactly, 11 between edges. */
	assert_int_equal(umpire_figure_cmp(&a, &b, UMPIRE_CENTRES, 1200), 0);
	assert_int_equal(umpire_figure_cmp(&a, &b, UMPIRE_CENTRES, 1199), 1);
	assert_int_equal(umpire_figure_cmp(&a, &b, UMPIRE_EDGES, 1100), 0);
	assert_int_equal(umpire_figure_cmp(&a, &b, UMPIRE_EDGES, 1101), -1);
	assert_int_equal(umpire_figure_distance(&a, &b, UMPIRE_EDGES, UMPIRE_UP),
	    1100);
	/* sqrt(1200^2 + 1) = 1200.0004: beyond 12 inches, shown 12.01. */
	assert_int_equal(umpire_figure_cmp(&a, &c, UMPIRE_CENTRES, 1200), 1);
	assert_int_equal(umpire_figure_distance(&a, &c, UMPIRE_CENTRES,
	    UMPIRE_UP), 1201);
	assert_int_equal(umpire_figure_distance(&a, &c, UMPIRE_CENTRES,
	    UMPIRE_DOWN), 1200);
	/* Bases that overlap are no distance apart. */
	assert_int_equal(umpire_figure_cmp(&a, &d, UMPIRE_EDGES, 0), 0);
	assert_int_equal(umpire_figure_cmp(&a, &d, UMPIRE_EDGES, 1), -1);
	assert_int_equal(umpire_figure_distance(&a, &d, UMPIRE_EDGES, UMPIRE_UP),
	    0);
	/* Odd diameters: half hundredths. 1 + 2 = 3, so 10 - 1.5 = 8.5. */
	struct umpire_figure e = figure(0, 0, 1), g = figure(10, 0, 2);
	assert_int_equal(umpire_figure_distance(&e, &g, UMPIRE_EDGES, UMPIRE_DOWN),
	    8);
	assert_int_equal(umpire_figure_distance(&e, &g, UMPIRE_EDGES, UMPIRE_UP),
	    9);
	/* A fraction: 10000 / 13 is 27.74 squared. */
	assert_int_equal(umpire_table_length(F(10000, 13), 0, UMPIRE_DOWN), 27);
	assert_int_equal(umpire_table_length(F(10000, 13), 0, UMPIRE_UP), 28);
	assert_int_equal(umpire_table_cmp(F(10000, 13), 0, 27), 1);
	assert_int_equal(umpire_table_cmp(F(10000, 13), 0, 28), -1);
}

static void
bursts(void **state)
{
	struct umpire_figure fig[4] = { figure(0, 0, 100), figure(300, 0, 100),
		figure(350, 0, 100), figure(351, 0, 100) };
	size_t out[4];

	(void)state;
	/* 3 inches round the first: centres at 0 and 3; edges reach 3.5. */
	assert_int_equal(umpire_table_within(out, fig, 4, P(0, 0), 300,
	    UMPIRE_CENTRES), 2);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 1);
	assert_int_equal(umpire_table_within(out, fig, 4, P(0, 0), 300,
	    UMPIRE_EDGES), 3);
	assert_int_equal(out[2], 2);
}

static void
facing(void **state)
{
	struct umpire_figure tank = { P(1000, 1000), 0, P(0, 1) };
	struct umpire_figure man = figure(0, 0, 100);

	(void)state;
	assert_true(umpire_figure_faces(&tank, UMPIRE_ARC_45, P(1100, 1100)));
	assert_false(umpire_figure_faces(&tank, UMPIRE_ARC_45, P(1101, 1100)));
	assert_false(umpire_figure_faces(&tank, UMPIRE_ARC_90, P(1000, 999)));
	assert_true(umpire_figure_faces(&man, UMPIRE_ARC_0, P(-5, -5)));
}

/* ------------------------------------------------------------------- path */

static void
lengths(void **state)
{
	struct umpire_table t = { 7200, 4800, NULL, 0 };
	struct umpire_pt wp[4] = { P(0, 0), P(300, 400), P(300, 400), P(301, 401) };
	size_t off = 99;

	(void)state;
	assert_int_equal(umpire_path_leg(P(0, 0), P(300, 400)), 500);
	assert_int_equal(umpire_path_leg(P(0, 0), P(1, 1)), 2);
	assert_int_equal(umpire_path_leg(P(5, 5), P(5, 5)), 0);
	/* 500 + 0 + ceil(sqrt 2) */
	assert_int_equal(umpire_path_length(wp, 4), 502);
	assert_int_equal(umpire_path_length(wp, 1), 0);
	/* A diagonal of 599.63: measured 600, so within 6 inches. */
	assert_int_equal(umpire_path_leg(P(0, 0), P(424, 424)), 600);
	assert_true(umpire_path_on_table(&t, wp, 4, &off));
	assert_int_equal(off, 99);
	struct umpire_pt edge[3] = { P(7100, 100), P(7200, 100), P(7201, 100) };
	assert_true(umpire_path_on_table(&t, edge, 2, &off));
	assert_false(umpire_path_on_table(&t, edge, 3, &off));
	assert_int_equal(off, 2);
}

static void
crossing_and_climbing(void **state)
{
	struct umpire_piece pieces[2] = { block(HIGH, 400, 400, 600, 600),
		block(LOW, 1400, 400, 1600, 600) };
	struct umpire_table t = { 7200, 4800, pieces, 2 };
	struct umpire_path_hit hit[2];

	(void)state;
	/* Through the high block, over the low one. */
	struct umpire_pt through[2] = { P(0, 500), P(2000, 500) };
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, through, 2, 100), 2);
	assert_true(hit[0].piece == 0 && hit[0].crosses && hit[0].climbs &&
	    !hit[0].starts_on);
	assert_true(hit[1].piece == 1 && hit[1].crosses && hit[1].climbs);
	/* Only the kinds asked. */
	assert_int_equal(umpire_path_pieces(hit, &t, UMPIRE_KIND(LOW), through, 2,
	    100), 1);
	assert_int_equal(hit[0].piece, 1);
	/* In base contact along the blocks: touching, not crossing. */
	struct umpire_pt along[2] = { P(0, 350), P(2000, 350) };
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, along, 2, 100), 0);
	struct umpire_pt closer[2] = { P(0, 351), P(2000, 351) };
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, closer, 2, 100), 2);
	assert_true(hit[0].crosses && !hit[0].climbs);
	/* No base: along an edge is not through. */
	struct umpire_pt edge[2] = { P(0, 400), P(2000, 400) };
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, edge, 2, 0), 0);
	/* Onto the low block, off, and on again: climbed once. */
	struct umpire_pt twice[4] = { P(1300, 500), P(1500, 500), P(1500, 700),
		P(1500, 500) };
	assert_int_equal(umpire_path_pieces(hit, &t, UMPIRE_KIND(LOW), twice, 4,
	    100), 1);
	assert_true(hit[0].climbs && !hit[0].starts_on);
	/* Starting on it: moving on it climbs nothing; off and on does. */
	struct umpire_pt on[2] = { P(1500, 500), P(1550, 550) };
	assert_int_equal(umpire_path_pieces(hit, &t, UMPIRE_KIND(LOW), on, 2, 100),
	    1);
	assert_true(hit[0].starts_on && !hit[0].climbs && hit[0].crosses);
	struct umpire_pt back[3] = { P(1500, 500), P(1700, 500), P(1500, 500) };
	assert_int_equal(umpire_path_pieces(hit, &t, UMPIRE_KIND(LOW), back, 3,
	    100), 1);
	assert_true(hit[0].starts_on && hit[0].climbs);
	/* From its edge onto it is a climb. */
	struct umpire_pt from_edge[2] = { P(1400, 500), P(1500, 500) };
	assert_int_equal(umpire_path_pieces(hit, &t, UMPIRE_KIND(LOW), from_edge,
	    2, 0), 1);
	assert_true(!hit[0].starts_on && hit[0].climbs);
	/* Standing still beside a block, and against it. */
	struct umpire_pt still[1] = { P(350, 500) };
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, still, 1, 100), 0);
	still[0] = P(351, 500);
	assert_int_equal(umpire_path_pieces(hit, &t, ~0u, still, 1, 100), 1);
}

static void
closest(void **state)
{
	struct umpire_figure enemy[3] = { figure(500, 800, 100),
		figure(100, 100, 100), figure(-100, 0, 100) };
	struct umpire_pt wp[3] = { P(0, 500), P(1000, 500), P(1300, 700) };
	struct umpire_near near[3];

	(void)state;
	umpire_path_closest(near, wp, 3, enemy, 3);
	/* 3 inches from centre to centre: not closer than 3 inches. */
	assert_frac(near[0].d2, 90000, 1);
	assert_int_equal(near[0].leg, 0);
	assert_int_equal(umpire_near_cmp(&near[0], UMPIRE_CENTRES, 100,
	    &enemy[0], 300), 0);
	/* From edge to edge it is 2 inches. */
	assert_int_equal(umpire_near_cmp(&near[0], UMPIRE_EDGES, 100, &enemy[0],
	    300), -1);
	assert_int_equal(umpire_near_distance(&near[0], UMPIRE_EDGES, 100,
	    &enemy[0], UMPIRE_DOWN), 200);
	assert_frac(near[1].d2, 160000, 1);
	assert_frac(near[2].d2, 260000, 1);
	/* The foot inside a leg: 10000 / 13. */
	struct umpire_pt diag[2] = { P(0, 0), P(300, 200) };
	struct umpire_figure e = figure(100, 100, 0);
	umpire_path_closest(near, diag, 2, &e, 1);
	assert_frac(near[0].d2, 10000, 13);
	assert_int_equal(umpire_near_distance(&near[0], UMPIRE_CENTRES, 0, &e,
	    UMPIRE_DOWN), 27);
	/* The second leg comes closer. */
	struct umpire_pt bend[3] = { P(0, 0), P(1000, 0), P(1000, 1000) };
	struct umpire_figure f = figure(1100, 500, 0);
	umpire_path_closest(near, bend, 3, &f, 1);
	assert_frac(near[0].d2, 10000, 1);
	assert_int_equal(near[0].leg, 1);
	/* A path of one point. */
	umpire_path_closest(near, bend, 1, &f, 1);
	assert_frac(near[0].d2, 1100 * 1100 + 500 * 500, 1);
	assert_int_equal(near[0].leg, 0);
}

/* ------------------------------------------------------------------ sight */

/* Sight both ways (one question, and through an eye), which must agree. */
static struct umpire_sight
look(const struct umpire_table *t, const struct umpire_figure *from,
	const struct umpire_figure *to, unsigned mask)
{
	struct umpire_sight s, plain, eyed, eyed_plain;
	struct umpire_eye eye = UMPIRE_EYE_INIT;

	umpire_sight(&s, t, from, to, mask, UMPIRE_SIGHT_EXPLAIN);
	umpire_sight(&plain, t, from, to, mask, 0);
	umpire_eye_aim(&eye, t, from, mask);
	umpire_eye_look(&eyed, &eye, to, UMPIRE_SIGHT_EXPLAIN);
	umpire_eye_look(&eyed_plain, &eye, to, 0);
	umpire_eye_free(&eye);
	assert_int_equal(plain.lines, s.lines);
	assert_int_equal(eyed.lines, s.lines);
	assert_int_equal(eyed_plain.lines, s.lines);
	assert_int_equal(plain.verdict, s.verdict);
	for (int k = 0; k < UMPIRE_SIGHT_LINES; k++) {
		assert_int_equal(eyed.by[k], s.by[k]);
		assert_int_equal(plain.by[k], -1);
		assert_int_equal(s.by[k] >= 0, (int)(s.lines >> k & 1));
	}
	return s;
}

static void
sight_lines(void **state)
{
	struct umpire_figure f = figure(0, 500, 100), t = figure(1000, 500, 100);

	(void)state;
	/* 10 (1000, 500) + 100 (4, 3): (10400, 5300), ten times (1040, 530). */
	struct umpire_pt q = umpire_sight_end10(&t, 2);
	assert_true(umpire_pt_eq(q, P(10400, 5300)));
	q = umpire_sight_end10(&t, 0);
	assert_true(umpire_pt_eq(q, P(10000, 5000)));
	q = umpire_sight_end10(&t, 10);
	assert_true(umpire_pt_eq(q, P(10000, 4500)));
	/* Nothing in the way. */
	struct umpire_table empty = { 7200, 4800, NULL, 0 };
	struct umpire_sight s = look(&empty, &f, &t, ~0u);
	assert_int_equal(s.verdict, UMPIRE_SIGHT_CLEAR);
	assert_int_equal(s.blocked, 0);
}

static void
sight_blocked(void **state)
{
	struct umpire_figure f = figure(0, 500, 100), t = figure(1000, 500, 100);
	struct umpire_piece wall[1] = { block(HIGH, 400, 0, 600, 1000) };
	struct umpire_table tab = { 7200, 4800, wall, 1 };

	(void)state;
	struct umpire_sight s = look(&tab, &f, &t, UMPIRE_KIND(HIGH));
	assert_int_equal(s.verdict, UMPIRE_SIGHT_BLOCKED);
	assert_int_equal(s.blocked, 13);
	assert_int_equal(s.lines, UMPIRE_SIGHT_ALL);
	assert_int_equal(s.by[0], 0);
	assert_int_equal(s.by[12], 0);
	/* Low blocks do not block a line looking through high ones. */
	s = look(&tab, &f, &t, UMPIRE_KIND(LOW));
	assert_int_equal(s.verdict, UMPIRE_SIGHT_CLEAR);
}

static void
sight_partly(void **state)
{
	struct umpire_figure f = figure(0, 500, 100), t = figure(1000, 500, 100);
	/*
	 * A block above the line between centres, its lower edge on it: the
	 * lines to the centre and to the rim points at y = 500 run along the
	 * edge (blocked, TABLE-5), those rising to the upper rim are blocked,
	 * those to the lower rim are clear.
	 */
	struct umpire_piece above[1] = { block(HIGH, 400, 500, 600, 1000) };
	struct umpire_table tab = { 7200, 4800, above, 1 };

	(void)state;
	struct umpire_sight s = look(&tab, &f, &t, UMPIRE_KIND(HIGH));
	assert_int_equal(s.verdict, UMPIRE_SIGHT_PARTLY);
	assert_int_equal(s.blocked, 8);
	assert_int_equal(s.lines, 0xff);
	assert_int_equal(s.by[7], 0);
	assert_int_equal(s.by[8], -1);
}

static void
sight_corners(void **state)
{
	struct umpire_figure f = figure(0, 0, 0), t = figure(1000, 1000, 0);
	struct umpire_piece touch[1] = { block(HIGH, 500, 300, 600, 500) };
	struct umpire_piece miss[1] = { block(HIGH, 510, 300, 600, 500) };
	struct umpire_table a = { 7200, 4800, touch, 1 };
	struct umpire_table b = { 7200, 4800, miss, 1 };

	(void)state;
	/* Through the corner (500, 500) exactly: blocked (TABLE-5). */
	assert_int_equal(look(&a, &f, &t, ~0u).verdict, UMPIRE_SIGHT_BLOCKED);
	assert_int_equal(look(&b, &f, &t, ~0u).verdict, UMPIRE_SIGHT_CLEAR);
	/* A figure of no base has thirteen lines that are one. */
	assert_int_equal(look(&a, &f, &t, ~0u).blocked, 13);
}

static void
sight_standing_on(void **state)
{
	struct umpire_piece low[2] = { block(LOW, 800, 300, 1200, 700),
		block(LOW, -200, 300, 100, 700) };
	struct umpire_table tab = { 7200, 4800, low, 2 };
	struct umpire_figure f = figure(0, 500, 100), t = figure(1000, 500, 100);
	struct umpire_figure beside = figure(1250, 500, 100);

	(void)state;
	/* TABLE-8: neither the block the target stands on, nor the firer's. */
	assert_int_equal(look(&tab, &f, &t, UMPIRE_KIND(LOW)).verdict,
	    UMPIRE_SIGHT_CLEAR);
	/* A target beyond the block, in base contact with it, is behind it. */
	struct umpire_sight s = look(&tab, &f, &beside, UMPIRE_KIND(LOW));
	assert_int_equal(s.verdict, UMPIRE_SIGHT_BLOCKED);
	assert_int_equal(s.by[0], 0);
	/* A tank's own hull: the target's centre is on it. */
	struct umpire_piece hull[1];
	assert_int_equal(umpire_piece_box(&hull[0], HIGH, P(1000, 500), P(-1, 0),
	    400, 250), 0);
	struct umpire_table tanks = { 7200, 4800, hull, 1 };
	assert_int_equal(look(&tanks, &f, &t, ~0u).verdict, UMPIRE_SIGHT_CLEAR);
	/* Firing past it at a man behind: blocked. */
	assert_int_equal(look(&tanks, &f, &beside, ~0u).verdict,
	    UMPIRE_SIGHT_BLOCKED);
}

static void
sight_first_piece(void **state)
{
	struct umpire_figure f = figure(0, 500, 0), t = figure(1000, 500, 0);
	struct umpire_piece two[2] = { block(HIGH, 600, 400, 700, 600),
		block(HIGH, 200, 400, 300, 600) };
	struct umpire_table tab = { 7200, 4800, two, 2 };
	/* Met at the same point, (400, 500), by both: the one listed first. */
	struct umpire_piece tie[2] = { block(HIGH, 400, 500, 500, 600),
		block(HIGH, 400, 400, 500, 500) };
	struct umpire_table tied = { 7200, 4800, tie, 2 };

	(void)state;
	struct umpire_sight s = look(&tab, &f, &t, ~0u);
	assert_int_equal(s.by[0], 1);
	s = look(&tied, &f, &t, ~0u);
	assert_int_equal(s.by[0], 0);
	tie[0] = block(HIGH, 400, 400, 500, 500);
	tie[1] = block(HIGH, 400, 500, 500, 600);
	s = look(&tied, &f, &t, ~0u);
	assert_int_equal(s.by[0], 0);
}

static void
sight_near_and_inside(void **state)
{
	struct umpire_piece wall[1] = { block(HIGH, 400, 0, 600, 1000) };
	struct umpire_table tab = { 7200, 4800, wall, 1 };
	struct umpire_sight s;

	(void)state;
	/* Firer and target within each other's base, and on the same spot. */
	struct umpire_figure f = figure(300, 500, 200), t = figure(320, 500, 100);
	assert_int_equal(look(&tab, &f, &t, ~0u).verdict, UMPIRE_SIGHT_CLEAR);
	t = figure(300, 500, 100);
	assert_int_equal(look(&tab, &f, &t, ~0u).verdict, UMPIRE_SIGHT_CLEAR);
	/* Its rim within reach of the wall: lines 1-3 and 11-12 end in it. */
	t = figure(320, 500, 200);
	s = look(&tab, &f, &t, ~0u);
	assert_int_equal(s.lines, (1u << 1) | (1u << 2) | (1u << 12));
	/* A target whose base reaches into the wall: its rim there is hid. */
	t = figure(350, 500, 200);
	f = figure(0, 500, 100);
	s = look(&tab, &f, &t, ~0u);
	assert_int_equal(s.verdict, UMPIRE_SIGHT_PARTLY);
	assert_int_equal(s.lines, (1u << 1) | (1u << 2) | (1u << 3) |
	    (1u << 11) | (1u << 12));
	/*
	 * Figures at the corners of the plane, bases of the largest size:
	 * the lines to the rim points furthest from the diagonal pass the
	 * wall's corners (checked with Python's fractions).
	 */
	f = figure(-16384, -16384, 2048);
	t = figure(16384, 16384, 2048);
	s = look(&tab, &f, &t, ~0u);
	assert_int_equal(s.lines, UMPIRE_SIGHT_ALL & ~((1u << 5) | (1u << 6) |
	    (1u << 11) | (1u << 12)));
}

/* The eye and one question at a time agree on random crowded tables. */
static void
sight_eye_agrees(void **state)
{
	struct umpire_piece pieces[60];
	struct umpire_figure figs[40];
	uint64_t seed = 12345;

	(void)state;
	for (int round = 0; round < 40; round++) {
		struct umpire_table t = { 2400, 2400, pieces, 0 };
		while (t.npieces < 60) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			int32_t x = (int32_t)((seed >> 33) % 2400);
			int32_t y = (int32_t)((seed >> 45) % 2400);
			int32_t fx = (int32_t)((seed >> 20) % 9) - 4;
			int32_t fy = (int32_t)((seed >> 24) % 9) - 4;
			if ((fx || fy) && umpire_piece_box(&pieces[t.npieces],
			    (int)((seed >> 60) % 3), P(x, y), P(fx, fy),
			    50 + (int32_t)((seed >> 40) % 300),
			    20 + (int32_t)((seed >> 50) % 100)) == 0)
				t.npieces++;
		}
		for (int i = 0; i < 40; i++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			figs[i] = figure((int32_t)((seed >> 33) % 2600) - 100,
			    (int32_t)((seed >> 45) % 2600) - 100,
			    (int32_t)((seed >> 20) % 200));
		}
		struct umpire_eye eye = UMPIRE_EYE_INIT;
		for (int i = 0; i < 40; i++) {
			unsigned mask = (unsigned)(i % 3 + 1);
			umpire_eye_aim(&eye, &t, &figs[i], mask);
			for (int j = 0; j < 40; j++) {
				struct umpire_sight a, b;
				umpire_sight(&a, &t, &figs[i], &figs[j], mask,
				    UMPIRE_SIGHT_EXPLAIN);
				umpire_eye_look(&b, &eye, &figs[j],
				    j % 2 ? UMPIRE_SIGHT_EXPLAIN : 0);
				assert_int_equal(a.lines, b.lines);
				if (j % 2)
					assert_memory_equal(a.by, b.by, sizeof(a.by));
			}
		}
		umpire_eye_free(&eye);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(square_roots),
		cmocka_unit_test(fractions),
		cmocka_unit_test(segments),
		cmocka_unit_test(distance_to_segment),
		cmocka_unit_test(arcs),
		cmocka_unit_test(making_pieces),
		cmocka_unit_test(rectangles),
		cmocka_unit_test(boxes),
		cmocka_unit_test(moves_and_sweeps),
		cmocka_unit_test(piece_questions),
		cmocka_unit_test(tables_and_figures),
		cmocka_unit_test(figure_distances),
		cmocka_unit_test(bursts),
		cmocka_unit_test(facing),
		cmocka_unit_test(lengths),
		cmocka_unit_test(crossing_and_climbing),
		cmocka_unit_test(closest),
		cmocka_unit_test(sight_lines),
		cmocka_unit_test(sight_blocked),
		cmocka_unit_test(sight_partly),
		cmocka_unit_test(sight_corners),
		cmocka_unit_test(sight_standing_on),
		cmocka_unit_test(sight_first_piece),
		cmocka_unit_test(sight_near_and_inside),
		cmocka_unit_test(sight_eye_agrees),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
