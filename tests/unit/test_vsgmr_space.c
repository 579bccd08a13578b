/*
 * test_vsgmr_space - VSGMR on the tabletop (src/rules/vsgmr/space.c):
 * one group of cases for each ruling, VS-20 to VS-30, each at its
 * limit and a hundredth past it.
 *
 * Every expected value is worked out by hand in the comment beside it,
 * mostly on 3-4-5 triangles so that the lengths are whole; none comes
 * from calling space.c.  Lengths are hundredths of an inch: 850 is a
 * Move Unit, 425 a Half Move Unit, 1100 a Distance Attack Unit.
 */
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

#define P(x, y) ((struct umpire_pt){ (x), (y) })
#define WALL (VS_BARRIER | VS_COVER)
#define FENCE VS_BARRIER
#define WOOD (VS_COVER | VS_ROUGH)

/* A 6' by 4' table, the rulebook's "about 4 feet by 6 feet". */
#define WIDTH 7200
#define DEPTH 4800

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

static struct umpire_figure
facing(int32_t x, int32_t y, int32_t base, int32_t fx, int32_t fy)
{
	return (struct umpire_figure){ P(x, y), base, P(fx, fy) };
}

static struct umpire_table
table(const struct umpire_piece *piece, size_t n)
{
	return (struct umpire_table){ WIDTH, DEPTH, piece, n };
}

static struct vs_profile
guy(bool flight)
{
	struct vs_profile p;

	vs_profile_init(&p, VS_TROOP);
	if (flight)
		p.traits |= 1u << VS_FLIGHT;
	return p;
}

/* ------------------------------------------------------ VS-20: terrain */

static void
kinds(void **state)
{
	(void)state;
	/* Barriers are the odd kinds 1, 3, 5, 7: bits 0xaa. */
	assert_int_equal(vs_kinds(VS_BARRIER), 0xaa);
	/* Cover is 2, 3, 6, 7: 0xcc.  Rough is 4 to 7: 0xf0. */
	assert_int_equal(vs_kinds(VS_COVER), 0xcc);
	assert_int_equal(vs_kinds(VS_ROUGH), 0xf0);
	/* Either a barrier or cover: every kind but 0 and 4. */
	assert_int_equal(vs_kinds(VS_BARRIER | VS_COVER), 0xee);
	assert_int_equal(vs_kinds(0), 0);
}

/* ------------------------------------------------ VS-21, VS-22: contact */

static void
touching(void **state)
{
	(void)state;
	struct umpire_figure a = figure(1000, 1000, 100);
	struct umpire_figure b;

	/* (600, 800) / 10 is 100 long: the 1" bases meet exactly. */
	b = figure(1060, 1080, 100);
	assert_true(vs_reaches(&a, &b, 0));
	/* (71, 71) is sqrt(10082) = 100.41: 0.41 hundredths apart, the
	 * closest whole point on the diagonal: touching (VS-21). */
	b = figure(1071, 1071, 100);
	assert_true(vs_reaches(&a, &b, 0));
	/* (72, 72) is sqrt(10368) = 101.82: 1.82 apart, not touching. */
	b = figure(1072, 1072, 100);
	assert_false(vs_reaches(&a, &b, 0));
	/* Along an axis: 1 hundredth apart touches, 2 do not. */
	b = figure(1101, 1000, 100);
	assert_true(vs_reaches(&a, &b, 0));
	b = figure(1102, 1000, 100);
	assert_false(vs_reaches(&a, &b, 0));
	/* A negative reach is no reach. */
	assert_false(vs_reaches(&a, &b, -5));
}

static void
reach(void **state)
{
	(void)state;
	struct umpire_figure a = figure(1000, 1000, 100);
	/* Centres (180, 240) apart: 300; the target's rim is 250 from the
	 * attacker's centre, its edges 200 apart. */
	struct umpire_figure b = figure(1180, 1240, 100);

	/* Laid flat, a 2.5" figure reaches the target's rim exactly. */
	assert_true(vs_reaches(&a, &b, 250));
	assert_false(vs_reaches(&a, &b, 249));
	/* From the centre, not the edge: 2" would reach edge to edge. */
	assert_false(vs_reaches(&a, &b, 200));
	/* Any direction: the same target behind the attacker's back. */
	a.facing = P(-3, -4);
	assert_true(vs_reaches(&a, &b, 250));
	/* Any reach at all, even one longer than a table, stays exact. */
	assert_true(vs_reaches(&a, &b, INT32_MAX));
	b = figure(16384, 16384, 100);
	assert_true(vs_reaches(&a, &b, INT32_MAX));
}

/* --------------------------------------------------- VS-23: range */

static void
range(void **state)
{
	(void)state;
	struct umpire_figure a = figure(1000, 1000, 100);
	struct umpire_figure b;

	/* Centres 1200 apart less two radii of 50: 11.00", in range. */
	b = figure(2200, 1000, 100);
	assert_true(vs_in_range(&a, &b));
	b = figure(2201, 1000, 100);	/* 11.01" */
	assert_false(vs_in_range(&a, &b));
	/* (720, 960) is 1200 long: 11.00" again. */
	b = figure(1720, 1960, 100);
	assert_true(vs_in_range(&a, &b));
	/* (720, 961): 720^2 + 961^2 = 1441921 > 1200^2 = 1440000. */
	b = figure(1720, 1961, 100);
	assert_false(vs_in_range(&a, &b));
	/* Bases of nothing measure from centre to centre. */
	a.base = 0;
	b = figure(2100, 1000, 0);
	assert_true(vs_in_range(&a, &b));
	b = figure(2101, 1000, 0);
	assert_false(vs_in_range(&a, &b));
}

static void
range_to_a_building(void **state)
{
	(void)state;
	struct umpire_figure a = figure(100, 500, 100);
	struct umpire_piece p;

	/* The nearest of the block is (1250, 500), 1150 from the centre:
	 * 1100 from the base's edge. */
	p = block(WALL, 1250, 400, 1400, 600);
	assert_true(vs_in_range_of(&a, &p));
	p = block(WALL, 1251, 400, 1400, 600);
	assert_false(vs_in_range_of(&a, &p));
	/* A corner nearest: (760, 980) - (100, 100) is (660, 880), 1100
	 * long, 1050 from the edge: in range. */
	p = block(WALL, 760, 980, 900, 1100);
	a = figure(100, 100, 100);
	assert_true(vs_in_range_of(&a, &p));
	/* (820, 1060): (720, 960), 1200 long, 1150 from the edge. */
	p = block(WALL, 820, 1060, 900, 1100);
	assert_false(vs_in_range_of(&a, &p));
}

/* -------------------------------------------------- VS-24: facing */

static void
faces(void **state)
{
	(void)state;
	struct umpire_figure a = facing(1000, 1000, 100, 1, 0);
	struct umpire_figure b = figure(2000, 1000, 100);

	assert_true(vs_faces(&a, &b));		/* dead ahead */
	b = figure(0, 1000, 100);
	assert_false(vs_faces(&a, &b));		/* behind */
	/* Exactly 90 degrees: (0, 500) has dot product 0 with (1, 0). */
	b = figure(1000, 1500, 100);
	assert_true(vs_faces(&a, &b));
	/* (-1, 500): dot product -1, a hair behind. */
	b = figure(999, 1500, 100);
	assert_false(vs_faces(&a, &b));
	/* Facing (3, 4): (400, -300) is square to it, (400, -301) gives
	 * 1200 - 1204 = -4. */
	a.facing = P(3, 4);
	b = figure(1400, 700, 100);
	assert_true(vs_faces(&a, &b));
	b = figure(1400, 699, 100);
	assert_false(vs_faces(&a, &b));
	/* No facing faces everything. */
	a.facing = P(0, 0);
	assert_true(vs_faces(&a, &b));
}

static void
faces_a_building(void **state)
{
	(void)state;
	struct umpire_figure a = facing(1000, 1000, 100, 1, 0);
	struct umpire_piece p;

	/* Behind but for its corner (1000, 1200), square to the facing. */
	p = block(WALL, 500, 1200, 1000, 1400);
	assert_true(vs_faces_piece(&a, &p));
	p = block(WALL, 500, 1200, 999, 1400);
	assert_false(vs_faces_piece(&a, &p));
	a.facing = P(0, 0);
	assert_true(vs_faces_piece(&a, &p));
}

/* ----------------------------------------------------- VS-25: sight */

/*
 * The firer at (0, 1200), the target's base 2" wide at (2000, 1000), a
 * block from (1500, 0) to (1600, Y).  Every line falls as it goes
 * east, so it meets the block when its height at x = 1600 is at most
 * Y: 1200 - (1200 - ye) 1600 / xe for its far end (xe, ye), which is,
 * line by line (k: rim direction, far end, height):
 *    0  centre   (2000, 1000)  1040
 *    1  (5, 0)   (2100, 1000)  1047.62
 *    2  (4, 3)   (2080, 1060)  1092.31
 *    3  (3, 4)   (2060, 1080)  1106.80
 *    4  (0, 5)   (2000, 1100)  1120
 *    5  (-3, 4)  (1940, 1080)  1101.03
 *    6  (-4, 3)  (1920, 1060)  1083.33
 *    7  (-5, 0)  (1900, 1000)  1031.58
 *    8  (-4, -3) (1920, 940)    983.33
 *    9  (-3, -4) (1940, 920)    969.07
 *   10  (0, -5)  (2000, 900)    960
 *   11  (3, -4)  (2060, 920)    982.52
 *   12  (4, -3)  (2080, 940)   1000
 */
static struct vs_sight
look(int kind, int32_t y, bool mounted)
{
	struct umpire_piece p = block(kind, 1500, 0, 1600, y);
	struct umpire_table t = table(&p, 1);
	struct umpire_figure a = figure(0, 1200, 100);
	struct umpire_figure b = figure(2000, 1000, 200);
	struct vs_sight s;

	vs_sight(&s, &t, &a, &b, mounted, NULL, 0, 0);
	return s;
}

/* The same, decided exactly (VS-25 from 0.5.0): foe[0..n) in the way. */
static struct vs_sight
look_exact(int32_t y, bool mounted, const struct umpire_figure *foe,
	size_t n)
{
	struct umpire_piece p;
	if (y > 0)	/* 0: no block */
		p = block(WALL, 1500, 0, 1600, y);
	struct umpire_table t = table(y > 0 ? &p : NULL, y > 0);
	struct umpire_figure a = figure(0, 1200, 100);
	struct umpire_figure b = figure(2000, 1000, 200);
	struct vs_sight s;

	vs_sight(&s, &t, &a, &b, mounted, foe, n, VS_SIGHT_EXACT);
	return s;
}

/*
 * Exact sight and cover (VS-25 from 0.5.0), with look's block.  The line
 * between centres is at 1040 at x = 1600: a block that high hides the
 * lower half of the target's width exactly, in cover; a hundredth lower,
 * less than half.  The upper tangent passes x = 1600 at 1120.1: a block
 * 1120 high leaves a sliver of the rim in sight (where the 13 lines
 * were all blocked), 1121 hides it all.
 */
static void
sight_exact(void **state)
{
	(void)state;
	struct vs_sight s;

	s = look_exact(1040, false, NULL, 0);
	assert_true(s.seen);
	assert_int_equal(s.half, 0);
	assert_true(s.cover);
	s = look_exact(1039, false, NULL, 0);
	assert_true(s.seen);
	assert_int_equal(s.half, -1);
	assert_false(s.cover);
	s = look_exact(1120, false, NULL, 0);
	assert_true(s.seen);
	assert_int_equal(s.half, 1);
	assert_false(look(WALL, 1120, false).seen);
	s = look_exact(1121, false, NULL, 0);
	assert_false(s.seen);
	/* Nothing in the way: in the open, but a rider on its mount. */
	s = look_exact(0, false, NULL, 0);
	assert_true(s.seen);
	assert_false(s.cover);
	s = look_exact(0, true, NULL, 0);
	assert_true(s.seen);
	assert_true(s.cover);
	/* An enemy base that holds the attacker's centre hides all; one
	 * overlapping the target hides nothing of it (TABLE-8). */
	struct umpire_figure on_me = figure(30, 1200, 100);
	s = look_exact(0, false, &on_me, 1);
	assert_false(s.seen);
	assert_int_equal(s.figure, 0);
	struct umpire_figure on_it = figure(1900, 1010, 400);
	s = look_exact(0, false, &on_it, 1);
	assert_true(s.seen);
	/* A base squarely between hides all, and gives no cover. */
	struct umpire_figure between = figure(1000, 1100, 400);
	s = look_exact(0, false, &between, 1);
	assert_false(s.seen);
	assert_int_equal(s.half, -1);
}

/*
 * Sight past figures (VS-25): a from (10", 10") to b at (20", 10"),
 * both bases 1".  The far ends of the 13 lines are b's centre and rim
 * points at most 0.5" either side of y = 10", so halfway, at x = 15",
 * every line runs within 0.25" of y = 10".
 */
static struct vs_sight
past(int32_t fx, int32_t fy, int32_t base)
{
	struct umpire_table t = table(NULL, 0);
	struct umpire_figure a = figure(1000, 1000, 100);
	struct umpire_figure b = figure(2000, 1000, 100);
	struct umpire_figure foe = figure(fx, fy, base);
	struct vs_sight s;

	vs_sight(&s, &t, &a, &b, false, &foe, 1, 0);
	return s;
}

static void
sight_past_figures(void **state)
{
	(void)state;
	struct vs_sight s;

	/* Nobody in the way: seen, in the open. */
	{
		struct umpire_table t = table(NULL, 0);
		struct umpire_figure a = figure(1000, 1000, 100);
		struct umpire_figure b = figure(2000, 1000, 100);
		vs_sight(&s, &t, &a, &b, false, NULL, 0, 0);
		assert_true(s.seen);
		assert_int_equal(s.figures, 0);
		assert_int_equal(s.figure, -1);
	}
	/* A foe of 1" squarely between: every line within 0.25" of its
	 * centre meets its 0.5" rim: not seen, and not covered either. */
	s = past(1500, 1000, 100);
	assert_false(s.seen);
	assert_false(s.cover);
	assert_int_equal(s.figures, UMPIRE_SIGHT_ALL);
	assert_int_equal(s.figure, 0);
	/* Its rim just touching the centre line (0.5" from it): line 0 is
	 * blocked, the rim included; a hundredth further, line 0 is clear. */
	s = past(1500, 1050, 100);
	assert_true(s.figures & 1u);
	assert_true(s.seen);
	s = past(1500, 1051, 100);
	assert_false(s.figures & 1u);
	/* Lines to b's rim on that side still pass within its reach: the
	 * rim point (20.5", 10") is line 1's end, no nearer; (20", 10.5")
	 * is line 4's (0, 5) / 5, 0.25" up at x = 15": 0.26" from the foe's
	 * centre, within its 0.5". */
	assert_true(s.figures & (1u << 4));
	assert_false(s.figures & (1u << 10));	/* (0, -5) / 5: below */
	/* Far to the side: nothing. */
	s = past(1500, 2000, 100);
	assert_int_equal(s.figures, 0);
	/* Behind the target, or behind the firer: nothing. */
	s = past(2200, 1000, 100);
	assert_int_equal(s.figures, 0);
	s = past(800, 1000, 100);
	assert_int_equal(s.figures, 0);
}

static void
cover(void **state)
{
	(void)state;
	struct vs_sight s;

	/* Y = 1039: lines 7 to 12, six of 13, less than half: open. */
	s = look(WALL, 1039, false);
	assert_int_equal(s.lines.blocked, 6);
	assert_int_equal(s.lines.lines, 0x1f80);
	assert_true(s.seen);
	assert_false(s.cover);
	/* Y = 1040: the centre line grazes the corner (1600, 1040) and is
	 * blocked (TABLE-5): seven, at least half: cover. */
	s = look(WALL, 1040, false);
	assert_int_equal(s.lines.blocked, 7);
	assert_int_equal(s.lines.lines, 0x1f81);
	assert_true(s.seen);
	assert_true(s.cover);
	/* Y = 1110: all but line 4 (1120): still seen, in cover. */
	s = look(WALL, 1110, false);
	assert_int_equal(s.lines.blocked, 12);
	assert_true(s.seen);
	assert_true(s.cover);
	/* Y = 1120: line 4 too: not to be seen at all. */
	s = look(WALL, 1120, false);
	assert_int_equal(s.lines.blocked, 13);
	assert_false(s.seen);
	assert_true(s.cover);
}

static void
cover_by_kind(void **state)
{
	(void)state;
	struct vs_sight s;

	/* A fence stops feet, not eyes; a wood hides. */
	s = look(FENCE, 1120, false);
	assert_int_equal(s.lines.blocked, 0);
	assert_false(s.cover);
	s = look(WOOD, 1040, false);
	assert_int_equal(s.lines.blocked, 7);
	assert_true(s.cover);
	/* A rider is covered in the open (II). */
	s = look(FENCE, 1120, true);
	assert_true(s.seen);
	assert_true(s.cover);
}

static void
cover_judged(void **state)
{
	(void)state;
	struct umpire_sight lines = { UMPIRE_SIGHT_PARTLY, 6, 0x3f, { 0 } };
	struct vs_sight s;

	vs_sight_judge(&s, &lines, false);
	assert_false(s.cover);
	lines.blocked = 7;
	lines.lines = 0x7f;
	vs_sight_judge(&s, &lines, false);
	assert_true(s.cover);
	assert_true(s.seen);
}

static void
figures_hide_nothing(void **state)
{
	(void)state;
	struct umpire_table t = table(NULL, 0);
	struct umpire_figure a = figure(0, 1000, 100);
	struct umpire_figure b = figure(2000, 1000, 100);
	struct vs_sight s;

	/* Another figure stands between: no piece, so nothing blocks
	 * (TABLE-18); vs_sight is not even told of it. */
	vs_sight(&s, &t, &a, &b, false, NULL, 0, 0);
	assert_int_equal(s.lines.blocked, 0);
	assert_false(s.cover);
}

/* ----------------------------------------------- VS-29, VS-30: set-up */

static void
gaps(void **state)
{
	(void)state;
	struct umpire_figure a = figure(1000, 1000, 0);
	struct umpire_figure b = figure(1071, 1071, 0);

	/* sqrt(10082) = 100.409: shown 101 up, 100 down (TABLE-4). */
	assert_int_equal(vs_gap(&a, &b, UMPIRE_UP), 101);
	assert_int_equal(vs_gap(&a, &b, UMPIRE_DOWN), 100);
	/* Area Effect: another target 4.25" from the first's edge. */
	a = figure(1000, 1000, 100);
	b = figure(1525, 1000, 100);	/* 525 - 50 - 50 = 425 */
	assert_int_equal(vs_gap_cmp(&a, &b, VS_HALF_MOVE_UNIT), 0);
	b = figure(1526, 1000, 100);
	assert_int_equal(vs_gap_cmp(&a, &b, VS_HALF_MOVE_UNIT), 1);
	/* Overlapping bases are 0 apart. */
	b = figure(1050, 1000, 100);
	assert_int_equal(vs_gap(&a, &b, UMPIRE_UP), 0);
}

static void
basic_and_ambush(void **state)
{
	(void)state;
	struct umpire_figure me = figure(100, 100, 100);
	struct umpire_figure them[2] = {
		figure(3000, 3000, 100),	/* far off */
		figure(1900, 100, 100),		/* 1800 - 100 = 1700: 2 MU */
	};

	/* Basic: exactly 2 Move Units away is "at least". */
	assert_int_equal(vs_first_closer(&me, them, 2, 2 * VS_MOVE_UNIT), 2);
	them[1] = figure(1899, 100, 100);	/* 16.99" */
	assert_int_equal(vs_first_closer(&me, them, 2, 2 * VS_MOVE_UNIT), 1);

	/* Ambush: 950 - 100 = 850, within 1 Move Unit of a friend. */
	them[1] = figure(1050, 100, 100);
	assert_int_equal(vs_first_within(&me, them, 2, VS_MOVE_UNIT), 1);
	/* 851: not within; and so, for X's revived figure, "more than
	 * one Move Unit away" from each of these. */
	them[1] = figure(1051, 100, 100);
	assert_int_equal(vs_first_within(&me, them, 2, VS_MOVE_UNIT), 2);
}

static void
fortress(void **state)
{
	(void)state;
	struct umpire_piece keep = block(WALL, 2000, 1000, 3000, 1500);
	struct umpire_figure f;

	/* Defenders: 475 from the wall less a radius of 50 is 425. */
	f = figure(1525, 1200, 100);
	assert_int_equal(vs_piece_gap_cmp(&f, &keep, VS_HALF_MOVE_UNIT), 0);
	f = figure(1524, 1200, 100);
	assert_int_equal(vs_piece_gap_cmp(&f, &keep, VS_HALF_MOVE_UNIT), 1);
	/* Off the corner (2000, 1000) by (-285, -380): 475 again. */
	f = figure(1715, 620, 100);
	assert_int_equal(vs_piece_gap_cmp(&f, &keep, VS_HALF_MOVE_UNIT), 0);
	assert_int_equal(vs_piece_gap(&f, &keep, UMPIRE_UP), 425);
	/* Assaulters: 1750 - 50 = 1700 is 2 Move Units; 1699 is closer. */
	f = figure(250, 1200, 100);
	assert_true(vs_piece_gap_cmp(&f, &keep, 2 * VS_MOVE_UNIT) >= 0);
	f = figure(251, 1200, 100);
	assert_true(vs_piece_gap_cmp(&f, &keep, 2 * VS_MOVE_UNIT) < 0);
	/* On the building, or its base over the wall: 0. */
	f = figure(2500, 1200, 100);
	assert_int_equal(vs_piece_gap(&f, &keep, UMPIRE_UP), 0);
	f = figure(1990, 1200, 100);
	assert_int_equal(vs_piece_gap(&f, &keep, UMPIRE_UP), 0);
	/* sqrt(71^2 + 71^2) = 100.409 from the corner, a base of 0. */
	f = figure(1929, 929, 0);
	assert_int_equal(vs_piece_gap(&f, &keep, UMPIRE_UP), 101);
	assert_int_equal(vs_piece_gap(&f, &keep, UMPIRE_DOWN), 100);
}

/* ------------------------------------------------- VS-26, VS-27: moves */

struct ask {
	struct umpire_table t;
	struct vs_profile p;
	struct vs_move_ask a;
};

static void
ask_init(struct ask *k, const struct umpire_piece *piece, size_t npieces,
	bool flight, struct umpire_figure me)
{
	memset(k, 0, sizeof(*k));
	k->t = table(piece, npieces);
	k->p = guy(flight);
	k->a.t = &k->t;
	k->a.p = &k->p;
	k->a.me = me;
	k->a.mount = -1;
}

/* Judge me's move along wp[0..n), wp[0] being where it stands. */
static struct vs_move
move(struct ask *k, const struct umpire_pt *wp, size_t n)
{
	struct vs_move m;

	k->a.me.at = wp[0];
	k->a.wp = wp;
	k->a.n = n;
	assert_int_equal(vs_move_judge(&m, &k->a), 0);
	return m;
}

static void
move_length(void **state)
{
	(void)state;
	struct ask k;
	struct vs_move m;

	ask_init(&k, NULL, 0, false, figure(1000, 1000, 100));
	/* (510, 680) is 850: a Move Unit exactly. */
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1510, 1680) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	assert_int_equal(m.length, 850);
	assert_int_equal(m.allowance, 850);
	assert_int_equal(m.rough, -1);
	/* (510, 681): sqrt(723861) = 850.8, counted 851 (TABLE-6). */
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1510, 1681) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_FAR);
	assert_int_equal(m.length, 851);
	/* Two legs, (300, 400) and (350, 0): 500 + 350. */
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1300, 1400),
		P(1650, 1400) }, 3);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	assert_int_equal(m.length, 850);
}

static void
move_rough(void **state)
{
	(void)state;
	struct umpire_piece rocks[2] = {
		block(WALL, 5000, 4000, 5100, 4100),	/* not rough */
		block(VS_ROUGH, 900, 900, 1100, 1100),
	};
	struct ask k;
	struct vs_move m;

	/* On the rocks: (255, 340) is 425, a Half Move Unit. */
	ask_init(&k, rocks, 2, false, figure(1000, 1000, 100));
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1255, 1340) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	assert_int_equal(m.rough, 1);
	assert_int_equal(m.allowance, 425);
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1000, 1426) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_FAR);
	/* The base's edge at x = 1100 touches the rocks: "completely
	 * outside" them, a full move. */
	m = move(&k, (struct umpire_pt[]){ P(1150, 1000), P(1150, 1850) }, 2);
	assert_int_equal(m.rough, -1);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* At x = 1149 the base overlaps them by a hundredth. */
	m = move(&k, (struct umpire_pt[]){ P(1149, 1000), P(1149, 1850) }, 2);
	assert_int_equal(m.rough, 1);
	assert_int_equal(m.verdict, VS_MOVE_FAR);
	/* Starting clear, a figure moves its full 850 through them. */
	m = move(&k, (struct umpire_pt[]){ P(500, 1000), P(1350, 1000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* Flight: its full movement, even in rough terrain (V). */
	ask_init(&k, rocks, 2, true, figure(1000, 1000, 100));
	m = move(&k, (struct umpire_pt[]){ P(1000, 1000), P(1000, 1850) }, 2);
	assert_int_equal(m.rough, 1);
	assert_int_equal(m.allowance, 850);
	assert_int_equal(m.verdict, VS_MOVE_OK);
}

static void
move_barrier(void **state)
{
	(void)state;
	struct umpire_piece wall = block(WALL, 1000, 1100, 2000, 1200);
	struct ask k;
	struct vs_move m;

	/* Along the wall, the base's edge at y = 1100 on its face: it
	 * brushes the wall, which is not crossing it (TABLE-11). */
	ask_init(&k, &wall, 1, false, figure(0, 0, 100));
	m = move(&k, (struct umpire_pt[]){ P(900, 1050), P(1700, 1050) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* A hundredth nearer, the base overlaps it. */
	m = move(&k, (struct umpire_pt[]){ P(900, 1051), P(1700, 1051) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_BARRIER);
	assert_int_equal(m.piece, 0);
	/* Straight through it: no; with Flight, over it. */
	m = move(&k, (struct umpire_pt[]){ P(1500, 1000), P(1500, 1300) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_BARRIER);
	ask_init(&k, &wall, 1, true, figure(0, 0, 100));
	m = move(&k, (struct umpire_pt[]){ P(1500, 1000), P(1500, 1300) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* But not to stop on it: at y = 1240 the base reaches 1190. */
	m = move(&k, (struct umpire_pt[]){ P(1500, 1000), P(1500, 1240) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_ONTO);
	assert_int_equal(m.piece, 0);
	/* At y = 1250 it rests against the wall's far face. */
	m = move(&k, (struct umpire_pt[]){ P(1500, 1000), P(1500, 1250) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
}

static void
move_past_figures(void **state)
{
	(void)state;
	struct umpire_figure foe = figure(1500, 2000, 100);
	struct umpire_figure friend = figure(1500, 2000, 100);
	struct ask k;
	struct vs_move m;

	/* Through a foe's base: refused (IX). */
	ask_init(&k, NULL, 0, false, figure(0, 0, 100));
	k.a.foe = &foe;
	k.a.nfoe = 1;
	m = move(&k, (struct umpire_pt[]){ P(1100, 2000), P(1900, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	assert_int_equal(m.figure, 0);
	assert_false(m.ally);
	/* Passing 100 from its centre, the bases touch: allowed. */
	m = move(&k, (struct umpire_pt[]){ P(1100, 2100), P(1900, 2100) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	m = move(&k, (struct umpire_pt[]){ P(1100, 2099), P(1900, 2099) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	/* In contact, or even overlapping, it may draw away... */
	m = move(&k, (struct umpire_pt[]){ P(1600, 2000), P(1700, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	m = move(&k, (struct umpire_pt[]){ P(1550, 2000), P(1800, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* ... but not press closer. */
	m = move(&k, (struct umpire_pt[]){ P(1550, 2000), P(1520, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	/* A flier does not pass over it: V's obstacles are walls (VS-26). */
	ask_init(&k, NULL, 0, true, figure(0, 0, 100));
	k.a.foe = &foe;
	k.a.nfoe = 1;
	m = move(&k, (struct umpire_pt[]){ P(1100, 2000), P(1900, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	assert_int_equal(m.figure, 0);
	/* Through a friend: allowed. */
	ask_init(&k, NULL, 0, false, figure(0, 0, 100));
	k.a.ally = &friend;
	k.a.nally = 1;
	m = move(&k, (struct umpire_pt[]){ P(1100, 2000), P(1900, 2000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
}

static void
move_ends(void **state)
{
	(void)state;
	struct umpire_figure horse = figure(1500, 3000, 100);
	struct umpire_figure foe = figure(3000, 3000, 100);
	struct ask k;
	struct vs_move m;

	ask_init(&k, NULL, 0, false, figure(0, 0, 100));
	k.a.ally = &horse;
	k.a.nally = 1;
	k.a.foe = &foe;
	k.a.nfoe = 1;
	/* Ending 50 from the horse's centre: on its base. */
	m = move(&k, (struct umpire_pt[]){ P(1500, 2500), P(1500, 2950) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_ONTO);
	assert_int_equal(m.figure, 0);
	assert_true(m.ally);
	/* 100 from it: touching, allowed. */
	m = move(&k, (struct umpire_pt[]){ P(1500, 2500), P(1500, 2900) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* Boarding it: onto its base is the point (II). */
	k.a.mount = 0;
	m = move(&k, (struct umpire_pt[]){ P(1500, 2500), P(1500, 3000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	/* Up to a foe: touching yes, overlapping no.  It comes at it
	 * head on, so the way is refused first... */
	m = move(&k, (struct umpire_pt[]){ P(2500, 3000), P(2900, 3000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	m = move(&k, (struct umpire_pt[]){ P(2500, 3000), P(2950, 3000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	/* ... and a flier too: it passes over no figure (VS-26). */
	k.p = guy(true);
	m = move(&k, (struct umpire_pt[]){ P(2500, 3000), P(2950, 3000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_THROUGH);
	assert_false(m.ally);
}

static void
move_off_the_table(void **state)
{
	(void)state;
	struct ask k;
	struct vs_move m;

	ask_init(&k, NULL, 0, false, figure(0, 0, 100));
	/* Onto the edge, x = 0: still on the table (TABLE-13). */
	m = move(&k, (struct umpire_pt[]){ P(100, 1000), P(0, 1000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	assert_false(m.off);
	/* x = -1: off, and out of the game, by the player's choice. */
	m = move(&k, (struct umpire_pt[]){ P(100, 1000), P(-1, 1000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_OK);
	assert_true(m.off);
	assert_int_equal(m.off_at, 1);
	/* Off and back: it cannot return. */
	m = move(&k, (struct umpire_pt[]){ P(100, 1000), P(-50, 1000),
		P(100, 1200) }, 3);
	assert_int_equal(m.verdict, VS_MOVE_RETURN);
	assert_int_equal(m.off_at, 1);
	/* The way off counts: 851 is too far to go. */
	m = move(&k, (struct umpire_pt[]){ P(100, 1000), P(-751, 1000) }, 2);
	assert_int_equal(m.verdict, VS_MOVE_FAR);
}

static void
move_refused(void **state)
{
	(void)state;
	struct ask k;
	struct vs_move m;
	struct umpire_pt wp[2] = { P(100, 100), P(200, 100) };

	ask_init(&k, NULL, 0, false, figure(100, 100, 100));
	k.a.wp = wp;
	k.a.n = 0;
	assert_int_equal(vs_move_judge(&m, &k.a), -1);
	k.a.n = 2;
	k.a.me.at = P(101, 100);	/* not where the path starts */
	assert_int_equal(vs_move_judge(&m, &k.a), -1);
	k.a.me.at = P(100, 100);
	assert_int_equal(vs_move_judge(&m, &k.a), 0);
	wp[1] = P(UMPIRE_PLANE_MAX + 1, 100);
	assert_int_equal(vs_move_judge(&m, &k.a), -1);
}

/* ---------------------------------------------- VS-28: straight back */

static void
along(void **state)
{
	(void)state;
	struct umpire_pt o = P(1000, 1000), q;

	/* (3, 4): 500 along is (300, 400), exactly. */
	q = vs_along(o, P(3, 4), 500);
	assert_int_equal(q.x, 1300);
	assert_int_equal(q.y, 1400);
	/* (1, 1): 100 / sqrt 2 = 70.71 each way, toward zero: 70. */
	q = vs_along(o, P(1, 1), 100);
	assert_int_equal(q.x, 1070);
	assert_int_equal(q.y, 1070);
	q = vs_along(o, P(-1, -1), 100);
	assert_int_equal(q.x, 930);
	assert_int_equal(q.y, 930);
	/* (1, 2): 100 / sqrt 5 = 44.72 and 200 / sqrt 5 = 89.44; 44^2 +
	 * 89^2 = 9857, within 100^2. */
	q = vs_along(o, P(1, 2), 100);
	assert_int_equal(q.x, 1044);
	assert_int_equal(q.y, 1089);
	/* Any length of way: (0, -5) is straight down. */
	q = vs_along(o, P(0, -5), 77);
	assert_int_equal(q.x, 1000);
	assert_int_equal(q.y, 923);
	q = vs_along(o, P(0, 0), 77);
	assert_true(umpire_pt_eq(q, o));
}

static void
ways(void **state)
{
	(void)state;
	struct umpire_figure target = facing(500, 500, 100, 0, 1);
	struct umpire_figure by = figure(200, 100, 100);
	struct umpire_pt w;

	/* Knockback: against the facing. */
	w = vs_knockback_way(&target, &by);
	assert_int_equal(w.x, 0);
	assert_int_equal(w.y, -1);
	/* No facing: away from the attacker, (300, 400). */
	target.facing = P(0, 0);
	w = vs_knockback_way(&target, &by);
	assert_int_equal(w.x, 300);
	assert_int_equal(w.y, 400);
	/* Fear: away from the figure with Cause Fear. */
	w = vs_fear_way(&target, &by);
	assert_int_equal(w.x, 300);
	assert_int_equal(w.y, 400);
}

static struct vs_push
push(const struct umpire_piece *piece, size_t npieces, bool flight,
	struct umpire_figure me, struct umpire_pt way, int32_t length,
	const struct umpire_figure *other, size_t nother)
{
	struct umpire_table t = table(piece, npieces);
	struct vs_profile p = guy(flight);
	struct vs_push_ask a = { &t, &p, me, way, length, other, nother };
	struct vs_push out;

	assert_int_equal(vs_push_judge(&out, &a), 0);
	return out;
}

static void
knockback_wall(void **state)
{
	(void)state;
	struct umpire_piece wall = block(WALL, 500, 500, 1500, 600);
	struct umpire_figure me = facing(1000, 1000, 100, 0, 1);
	struct vs_push r;

	/* Backward is -y.  The base's edge meets the wall's top, y = 600,
	 * when the centre is at 650: 350 of the 850. */
	r = push(&wall, 1, false, me, P(0, -1), 850, NULL, 0);
	assert_int_equal(r.to.x, 1000);
	assert_int_equal(r.to.y, 650);
	assert_int_equal(r.length, 350);
	assert_int_equal(r.cap, 850);
	assert_int_equal(r.piece, 0);
	assert_int_equal(r.figure, -1);
	assert_false(r.off);
	/* Already against it: it does not move. */
	me.at = P(1000, 650);
	r = push(&wall, 1, false, me, P(0, -1), 850, NULL, 0);
	assert_int_equal(r.length, 0);
	assert_int_equal(r.to.y, 650);
	assert_int_equal(r.piece, 0);
	/* A flier goes over: 1000 - 850 = 150, clear of the wall. */
	me.at = P(1000, 1000);
	r = push(&wall, 1, true, me, P(0, -1), 850, NULL, 0);
	assert_int_equal(r.to.y, 150);
	assert_int_equal(r.length, 850);
	assert_int_equal(r.piece, -1);
	/* But it does not come down on it: 425 back would be y = 575,
	 * over the wall; the furthest clear is 650 again, back 350. */
	r = push(&wall, 1, true, me, P(0, -1), 425, NULL, 0);
	assert_int_equal(r.to.y, 650);
	assert_int_equal(r.length, 350);
	assert_int_equal(r.piece, 0);
}

static void
knockback_off_the_table(void **state)
{
	(void)state;
	struct umpire_figure me = facing(1000, 300, 100, 0, 1);
	struct vs_push r;

	/* 300 to the edge, y = 0, of the 425: off, out of the game. */
	r = push(NULL, 0, false, me, P(0, -1), 425, NULL, 0);
	assert_true(r.off);
	assert_int_equal(r.to.y, 0);
	assert_int_equal(r.length, 425);
	/* Exactly 300: it stops on the edge, still on the table. */
	r = push(NULL, 0, false, me, P(0, -1), 300, NULL, 0);
	assert_false(r.off);
	assert_int_equal(r.to.y, 0);
	/* A wall on the way saves it: the edge meets y = 200 at 150. */
	struct umpire_piece wall = block(FENCE, 500, 100, 1500, 200);
	r = push(&wall, 1, false, me, P(0, -1), 425, NULL, 0);
	assert_false(r.off);
	assert_int_equal(r.to.y, 250);
	assert_int_equal(r.length, 50);
}

static void
knockback_figure(void **state)
{
	(void)state;
	struct umpire_figure me = figure(1000, 1000, 100);
	struct umpire_figure other = figure(1300, 1400, 100);
	struct vs_push r;

	/*
	 * Along (3, 4) at the figure 500 away: the bases meet with the
	 * centre at (1240, 1320), 400 along.  401 along is (240.6, 320.8),
	 * toward zero (240, 320): the same point, touching.  402 along is
	 * (241, 321), (59, 79) from the other: 3481 + 6241 = 9722 < 100^2,
	 * overlapping.  So 401.
	 */
	r = push(NULL, 0, false, me, P(3, 4), 850, &other, 1);
	assert_int_equal(r.length, 401);
	assert_int_equal(r.to.x, 1240);
	assert_int_equal(r.to.y, 1320);
	assert_int_equal(r.figure, 0);
	assert_int_equal(r.piece, -1);
	/* A flier is stopped by figures too. */
	r = push(NULL, 0, true, me, P(3, 4), 850, &other, 1);
	assert_int_equal(r.length, 401);
}

static void
fear_in_rough(void **state)
{
	(void)state;
	struct umpire_piece wood = block(WOOD, 900, 900, 1100, 1100);
	struct umpire_figure me = figure(1000, 1000, 100);
	struct vs_push r;

	/* A guy in the wood goes a Half Move Unit, 425, not 850. */
	r = push(&wood, 1, false, me, P(1, 0), VS_MOVE_UNIT, NULL, 0);
	assert_int_equal(r.cap, 425);
	assert_int_equal(r.length, 425);
	assert_int_equal(r.to.x, 1425);
	/* A flier all 850. */
	r = push(&wood, 1, true, me, P(1, 0), VS_MOVE_UNIT, NULL, 0);
	assert_int_equal(r.cap, 850);
	assert_int_equal(r.to.x, 1850);
}

static void
push_refused(void **state)
{
	(void)state;
	struct umpire_table t = table(NULL, 0);
	struct vs_profile p = guy(false);
	struct vs_push_ask a = { &t, &p, figure(1000, 1000, 100), P(0, 0), 100,
		NULL, 0 };
	struct vs_push out;

	assert_int_equal(vs_push_judge(&out, &a), -1);	/* no way */
	a.way = P(1, 0);
	a.length = VS_PUSH_MAX + 1;
	assert_int_equal(vs_push_judge(&out, &a), -1);
	a.length = -1;
	assert_int_equal(vs_push_judge(&out, &a), -1);
	a.length = VS_PUSH_MAX;
	assert_int_equal(vs_push_judge(&out, &a), 0);
	a.me.at = P(-1, 1000);				/* off the table */
	assert_int_equal(vs_push_judge(&out, &a), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds),
		cmocka_unit_test(touching),
		cmocka_unit_test(reach),
		cmocka_unit_test(range),
		cmocka_unit_test(range_to_a_building),
		cmocka_unit_test(faces),
		cmocka_unit_test(faces_a_building),
		cmocka_unit_test(cover),
		cmocka_unit_test(sight_past_figures),
		cmocka_unit_test(cover_by_kind),
		cmocka_unit_test(cover_judged),
		cmocka_unit_test(figures_hide_nothing),
		cmocka_unit_test(gaps),
		cmocka_unit_test(basic_and_ambush),
		cmocka_unit_test(fortress),
		cmocka_unit_test(move_length),
		cmocka_unit_test(move_rough),
		cmocka_unit_test(move_barrier),
		cmocka_unit_test(move_past_figures),
		cmocka_unit_test(move_ends),
		cmocka_unit_test(move_off_the_table),
		cmocka_unit_test(move_refused),
		cmocka_unit_test(along),
		cmocka_unit_test(ways),
		cmocka_unit_test(knockback_wall),
		cmocka_unit_test(knockback_off_the_table),
		cmocka_unit_test(knockback_figure),
		cmocka_unit_test(fear_in_rough),
		cmocka_unit_test(push_refused),
		cmocka_unit_test(sight_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
