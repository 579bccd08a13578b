/*
 * test_grid - the square grid (geom/grid.c): names of squares and their
 * parsing, king-move distance, neighbours, the squares within a
 * distance, where a move can reach and by which path, and the squares a
 * line of sight crosses.
 */
#include "geom/grid.h"
#include "unit.h"

static const struct umpire_grid chess = { 8, 8 };
static const struct umpire_grid big = { 64, 64 };

static struct umpire_square
sq(const char *name)
{
	struct umpire_square s;

	if (umpire_grid_parse(name, &s) != 0)
		fail_msg("'%s' does not parse", name);
	return s;
}

static void
names(void **state)
{
	char buf[UMPIRE_SQUARE_NAME], f[3];

	(void)state;
	assert_string_equal(umpire_grid_file_name(1, f), "a");
	assert_string_equal(umpire_grid_file_name(26, f), "z");
	assert_string_equal(umpire_grid_file_name(27, f), "aa");
	assert_string_equal(umpire_grid_file_name(52, f), "az");
	assert_string_equal(umpire_grid_file_name(53, f), "ba");
	assert_string_equal(umpire_grid_file_name(64, f), "bl");
	assert_string_equal(umpire_grid_file_name(702, f), "zz");
	assert_string_equal(umpire_grid_name((struct umpire_square){ 5, 4 }, buf),
	    "e4");
	assert_string_equal(umpire_grid_name((struct umpire_square){ 27, 10 },
	    buf), "aa10");
	assert_string_equal(umpire_grid_name((struct umpire_square){ 702, 999 },
	    buf), "zz999");
	/* Every square of the largest campaign map, there and back. */
	for (int i = 0; i < 64 * 64; i++) {
		struct umpire_square s = umpire_grid_square(&big, i), t;
		assert_int_equal(umpire_grid_index(&big, s), i);
		assert_true(umpire_grid_on(&big, s));
		assert_int_equal(umpire_grid_parse(umpire_grid_name(s, buf), &t), 0);
		assert_true(umpire_grid_same(s, t));
	}
}

static void
parsing(void **state)
{
	static const char *const bad[] = { "", "a", "4", "a0", "a01", "E4", "4e",
		"aaa1", "a1000", "e4x", "e-4", " e4", "e4 ", "é4", NULL };
	struct umpire_square s;

	(void)state;
	for (const char *const *b = bad; *b; b++)
		if (umpire_grid_parse(*b, &s) == 0)
			fail_msg("'%s' parses", *b);
	assert_int_equal(umpire_grid_parse("h8", &s), 0);
	assert_int_equal(s.file, 8);
	assert_int_equal(s.rank, 8);
	/* On the grid is another question. */
	assert_int_equal(umpire_grid_parse("i9", &s), 0);
	assert_false(umpire_grid_on(&chess, s));
	assert_false(umpire_grid_on(&chess, (struct umpire_square){ 0, 1 }));
	assert_false(umpire_grid_on(&chess, (struct umpire_square){ 1, 0 }));
}

static void
guessing(void **state)
{
	static const char *const cases[][2] = {
		{ "E4", "e4" }, { "4e", "e4" }, { "4E", "e4" }, { "e04", "e4" },
		{ "AA10", "aa10" }, { "10aa", "aa10" }, { "e4", "e4" },
	};
	static const char *const hopeless[] = { "e-4", "4e4", "e", "", "e0",
		"abc1", "12345678901234567890", NULL };
	struct umpire_square s;
	char buf[UMPIRE_SQUARE_NAME];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (umpire_grid_guess(cases[i][0], &s) != 0)
			fail_msg("no guess for '%s'", cases[i][0]);
		assert_string_equal(umpire_grid_name(s, buf), cases[i][1]);
	}
	for (const char *const *h = hopeless; *h; h++)
		if (umpire_grid_guess(*h, &s) == 0)
			fail_msg("a guess for '%s'", *h);
}

static void
distance(void **state)
{
	(void)state;
	assert_int_equal(umpire_grid_distance(sq("e4"), sq("e4")), 0);
	assert_int_equal(umpire_grid_distance(sq("e4"), sq("f5")), 1);
	assert_int_equal(umpire_grid_distance(sq("a1"), sq("h8")), 7);
	assert_int_equal(umpire_grid_distance(sq("a1"), sq("c8")), 7);
	assert_int_equal(umpire_grid_distance(sq("c1"), sq("f5")), 4);
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++) {
			struct umpire_square a = umpire_grid_square(&chess, i);
			struct umpire_square b = umpire_grid_square(&chess, j);
			assert_int_equal(umpire_grid_distance(a, b),
			    umpire_grid_distance(b, a));
		}
}

static void
neighbours(void **state)
{
	struct umpire_square n[8], w[49];

	(void)state;
	assert_int_equal(umpire_grid_neighbours(&chess, sq("a1"), n), 3);
	assert_true(umpire_grid_same(n[0], sq("b1")));
	assert_true(umpire_grid_same(n[1], sq("a2")));
	assert_true(umpire_grid_same(n[2], sq("b2")));
	assert_int_equal(umpire_grid_neighbours(&chess, sq("a4"), n), 5);
	assert_int_equal(umpire_grid_neighbours(&chess, sq("e4"), n), 8);
	/* Rank by rank from the lowest. */
	assert_true(umpire_grid_same(n[0], sq("d3")));
	assert_true(umpire_grid_same(n[7], sq("f5")));
	for (int k = 0; k < 8; k++)
		assert_int_equal(umpire_grid_distance(n[k], sq("e4")), 1);
	assert_int_equal(umpire_grid_within(&chess, sq("e4"), 0, w), 1);
	assert_int_equal(umpire_grid_within(&chess, sq("e4"), 2, w), 25);
	assert_int_equal(umpire_grid_within(&chess, sq("a1"), 3, w), 16);
	assert_int_equal(umpire_grid_within(&chess, sq("e4"), 3, w), 49);
	for (size_t k = 0; k < 49; k++)
		assert_true(umpire_grid_distance(w[k], sq("e4")) <= 3);
}

/* A board of blocked ('#') and stopping ('~') squares, rank 8 first. */
struct board {
	const char *rows[8];
};

static bool
open_square(void *ctx, struct umpire_square s)
{
	const struct board *b = ctx;

	return b->rows[8 - s.rank][s.file - 1] != '#';
}

static bool
stopping(void *ctx, struct umpire_square s)
{
	const struct board *b = ctx;

	return b->rows[8 - s.rank][s.file - 1] == '~';
}

static bool
blocked(void *ctx, struct umpire_square s)
{
	return !open_square(ctx, s);
}

static const struct board empty = { { "........", "........", "........",
	"........", "........", "........", "........", "........" } };

/* The path to `to` is a legal walk: adjacent steps, open squares, and a
 * stopping square only at its end. */
static void
assert_path(const struct umpire_grid_reach *r, const struct board *b,
	struct umpire_square to)
{
	struct umpire_square path[UMPIRE_GRID_MAX_STEPS];
	int n = umpire_grid_reach_path(r, &chess, to, path);

	assert_int_equal(n, umpire_grid_reach_steps(r, to));
	struct umpire_square at = r->from;
	for (int k = 0; k < n; k++) {
		assert_int_equal(umpire_grid_distance(at, path[k]), 1);
		assert_true(open_square((void *)b, path[k]));
		if (k < n - 1)
			assert_false(stopping((void *)b, path[k]));
		at = path[k];
	}
	assert_true(umpire_grid_same(at, to));
}

static bool
always_open(void *ctx, struct umpire_square s)
{
	(void)ctx;
	(void)s;
	return true;
}

static void
reach(void **state)
{
	struct umpire_grid_reach r;
	struct umpire_square path[UMPIRE_GRID_MAX_STEPS];

	(void)state;
	/* On an empty board a king's reach is its distance. */
	umpire_grid_reach(&r, &chess, sq("d4"), 3, open_square, NULL,
	    (void *)&empty);
	for (int i = 0; i < 64; i++) {
		struct umpire_square s = umpire_grid_square(&chess, i);
		int d = umpire_grid_distance(s, sq("d4"));
		assert_int_equal(umpire_grid_reach_steps(&r, s), d <= 3 ? d : -1);
		if (d <= 3)
			assert_path(&r, &empty, s);
	}
	/* The path keeps to the straight line. */
	assert_int_equal(umpire_grid_reach_path(&r, &chess, sq("d7"), path), 3);
	assert_true(umpire_grid_same(path[0], sq("d5")));
	assert_true(umpire_grid_same(path[1], sq("d6")));

	/* A wall with one gap: around it takes longer. */
	static const struct board wall = { { "........", "........",
		"........", "........", "###.####", "........", "........",
		"........" } };
	umpire_grid_reach(&r, &chess, sq("a2"), 4, open_square, NULL,
	    (void *)&wall);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("a4")), -1);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d4")), 3);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("c5")), 4);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("e5")), 4);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("a5")), -1);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("e2")), 4);
	assert_path(&r, &wall, sq("c5"));
	/* The start itself is 0; a blocked square is never reached. */
	assert_int_equal(umpire_grid_reach_steps(&r, sq("a2")), 0);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("b4")), -1);

	/* Stopping squares end a move: the gap is one. */
	static const struct board marsh = { { "........", "........",
		"........", "........", "###~####", "........", "........",
		"........" } };
	umpire_grid_reach(&r, &chess, sq("d2"), 3, open_square, stopping,
	    (void *)&marsh);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d4")), 2);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d5")), -1);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("c5")), -1);
	umpire_grid_reach(&r, &chess, sq("d2"), 3, open_square, NULL,
	    (void *)&marsh);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d5")), 3);
	/* Starting on one, a piece leaves it freely. */
	umpire_grid_reach(&r, &chess, sq("d4"), 2, open_square, stopping,
	    (void *)&marsh);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d6")), 2);

	/* No steps, or too many. */
	umpire_grid_reach(&r, &chess, sq("d4"), 0, open_square, NULL,
	    (void *)&empty);
	assert_int_equal(umpire_grid_reach_steps(&r, sq("d5")), -1);
	umpire_grid_reach(&r, &big, (struct umpire_square){ 32, 32 }, 100,
	    always_open, NULL, NULL);
	assert_int_equal(r.steps, UMPIRE_GRID_MAX_STEPS);
}

static void
reach_far(void **state)
{
	struct umpire_grid_reach r;

	(void)state;
	/* The longest move on the largest map: a window, not the map. */
	umpire_grid_reach(&r, &big, (struct umpire_square){ 1, 1 },
	    UMPIRE_GRID_MAX_STEPS, always_open, NULL, NULL);
	assert_int_equal(umpire_grid_reach_steps(&r,
	    (struct umpire_square){ 17, 17 }), 16);
	assert_int_equal(umpire_grid_reach_steps(&r,
	    (struct umpire_square){ 18, 1 }), -1);
	assert_int_equal(umpire_grid_reach_steps(&r,
	    (struct umpire_square){ 64, 64 }), -1);
}

static void
lines(void **state)
{
	struct umpire_square l[64], back[64];
	char buf[UMPIRE_SQUARE_NAME];

	(void)state;
	assert_int_equal(umpire_grid_line(sq("a1"), sq("a1"), l), 0);
	assert_int_equal(umpire_grid_line(sq("a1"), sq("b2"), l), 0);
	assert_int_equal(umpire_grid_line(sq("a1"), sq("a5"), l), 3);
	assert_string_equal(umpire_grid_name(l[0], buf), "a2");
	assert_string_equal(umpire_grid_name(l[2], buf), "a4");
	assert_int_equal(umpire_grid_line(sq("a1"), sq("d4"), l), 2);
	assert_string_equal(umpire_grid_name(l[0], buf), "b2");
	assert_string_equal(umpire_grid_name(l[1], buf), "c3");
	/* A knight's line: one square, rounded up from the lesser end. */
	assert_int_equal(umpire_grid_line(sq("a1"), sq("b3"), l), 1);
	assert_string_equal(umpire_grid_name(l[0], buf), "b2");
	assert_int_equal(umpire_grid_line(sq("a1"), sq("c6"), l), 4);
	/* Every pair of squares: symmetric, adjacent steps, length. */
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++) {
			struct umpire_square a = umpire_grid_square(&chess, i);
			struct umpire_square b = umpire_grid_square(&chess, j);
			int n = umpire_grid_line(a, b, l);
			int m = umpire_grid_line(b, a, back);
			int d = umpire_grid_distance(a, b);
			assert_int_equal(n, d > 0 ? d - 1 : 0);
			assert_int_equal(n, m);
			struct umpire_square at = a;
			for (int k = 0; k < n; k++) {
				assert_true(umpire_grid_same(l[k], back[n - 1 - k]));
				assert_int_equal(umpire_grid_distance(at, l[k]), 1);
				assert_true(umpire_grid_on(&chess, l[k]));
				at = l[k];
			}
			if (d > 0)
				assert_int_equal(umpire_grid_distance(at, b), 1);
		}
}

static bool
is_target(void *ctx, struct umpire_square s)
{
	return umpire_grid_same(*(const struct umpire_square *)ctx, s);
}

static void
clear(void **state)
{
	static const struct board wood = { { "........", "........",
		"........", "...#....", "........", "........", "........",
		"........" } };

	(void)state;
	assert_true(umpire_grid_clear(sq("a1"), sq("h8"), blocked,
	    (void *)&empty));
	assert_false(umpire_grid_clear(sq("d1"), sq("d8"), blocked,
	    (void *)&wood));
	assert_true(umpire_grid_clear(sq("c1"), sq("c8"), blocked,
	    (void *)&wood));
	/* The ends themselves never block. */
	assert_true(umpire_grid_clear(sq("d5"), sq("d7"), blocked,
	    (void *)&wood));
	assert_false(umpire_grid_clear(sq("d7"), sq("d1"), blocked,
	    (void *)&wood));
	/* Lines longer than 64 squares take another road, through the
	 * same squares. */
	struct umpire_square a = { 1, 1 }, b = { 100, 37 }, l[100];
	int n = umpire_grid_line(a, b, l);
	assert_int_equal(n, 98);
	for (int k = 0; k < n; k += 7) {
		assert_false(umpire_grid_clear(a, b, is_target, &l[k]));
		assert_false(umpire_grid_clear(b, a, is_target, &l[k]));
	}
	struct umpire_square off = { 50, 30 };
	assert_true(umpire_grid_clear(a, b, is_target, &off));
	assert_true(umpire_grid_clear(a, b, is_target, &b));
}

/* A blocked() that blocks nothing and writes down what it is asked. */
struct walk {
	struct umpire_square seen[200];
	int n;
};

static bool
note(void *ctx, struct umpire_square s)
{
	struct walk *w = ctx;

	w->seen[w->n++] = s;
	return false;
}

static void
clear_walks_the_line(void **state)
{
	static const struct umpire_square ends[][2] = {
		{ { 1, 1 }, { 8, 8 } }, { { 8, 8 }, { 1, 1 } },
		{ { 3, 7 }, { 6, 1 } }, { { 1, 1 }, { 100, 37 } },
		{ { 100, 37 }, { 1, 1 } }, { { 150, 2 }, { 1, 90 } },
		{ { 5, 160 }, { 5, 1 } }, { { 4, 4 }, { 4, 4 } },
	};
	struct umpire_square l[200];

	(void)state;
	/* Whatever its length, clear asks of the squares line gives, in
	 * its order, from a: one road, not two that could part. */
	for (size_t k = 0; k < sizeof(ends) / sizeof(ends[0]); k++) {
		struct walk w = { .n = 0 };
		int n = umpire_grid_line(ends[k][0], ends[k][1], l);
		assert_true(umpire_grid_clear(ends[k][0], ends[k][1], note, &w));
		assert_int_equal(w.n, n);
		for (int i = 0; i < n; i++)
			assert_true(umpire_grid_same(w.seen[i], l[i]));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names),
		cmocka_unit_test(parsing),
		cmocka_unit_test(guessing),
		cmocka_unit_test(distance),
		cmocka_unit_test(neighbours),
		cmocka_unit_test(reach),
		cmocka_unit_test(reach_far),
		cmocka_unit_test(lines),
		cmocka_unit_test(clear),
		cmocka_unit_test(clear_walks_the_line),
	};

	return cmocka_run_group_tests_name("grid", tests, NULL, NULL);
}
