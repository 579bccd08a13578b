/*
 * test_marks - the one drawing of marks every picture shares
 * (render/marks.c): the order marks are layered in, an arrow that stops
 * at the edge of a piece wider than high, and a track's lanes, each
 * arrow in its own with the piece's id at its tail and the note at its
 * head.
 */
#include <string.h>

#include "render/marks.h"
#include "unit.h"

/* Marks' x and y are pixels already; a loss's x is moved by 1000. */
static void
at(const void *ctx, const struct umpire_mark *k, struct umpire_point p,
	int *x, int *y)
{
	(void)ctx;
	*x = p.x + (k->kind == UMPIRE_MARK_LOSS ? 1000 : 0);
	*y = p.y;
}

static const char *
colour(const void *ctx, const char *player)
{
	(void)ctx;
	return strcmp(player, "tan") == 0 ? UMPIRE_SVG_ORANGE : UMPIRE_SVG_GREEN;
}

static void
add(struct umpire_marks *m, enum umpire_mark_kind kind, const char *unit,
	int x1, int y1, int x2, int y2, const char *note)
{
	umpire_marks_add(m, &(struct umpire_mark){ .kind = kind,
		.player = "green", .unit = unit, .from = { x1, y1 },
		.to = { x2, y2 }, .note = note });
}

/* The head path an arrow of these ends and gaps is drawn as. */
static void
head(char *buf, size_t n, int x1, int y1, int x2, int y2, int gap1,
	int gap2, int width)
{
	struct umpire_svg_arrow_shape a;

	assert_true(umpire_svg_arrow_shape(&a, x1, y1, x2, y2, gap1, gap2,
	    width));
	snprintf(buf, n, "M%d %dl%d %dl%d %dz", a.head[0], a.head[1],
	    a.head[2] - a.head[0], a.head[3] - a.head[1], a.head[4] - a.head[2],
	    a.head[5] - a.head[3]);
}

static void
layered(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_marks m;

	(void)state;
	umpire_marks_init(&m, &a);
	add(&m, UMPIRE_MARK_MOVE, "g1", 0, 0, 10, 0, NULL);
	add(&m, UMPIRE_MARK_LOSS, "t1", 10, 0, 10, 0, NULL);
	add(&m, UMPIRE_MARK_ATTACK, "g2", 0, 0, 10, 0, "killed");
	add(&m, UMPIRE_MARK_PLACE, "g3", 5, 5, 5, 5, NULL);
	assert_string_equal(umpire_marks_layered(&m, 0)->unit, "t1");
	assert_string_equal(umpire_marks_layered(&m, 1)->unit, "g3");
	assert_string_equal(umpire_marks_layered(&m, 2)->unit, "g1");
	assert_string_equal(umpire_marks_layered(&m, 3)->unit, "g2");
	assert_null(umpire_marks_layered(&m, 4));
	umpire_arena_free(&a);
}

/*
 * A piece 56 wide and 32 high (half-sizes 28 and 16): an arrow along x
 * stops 28 + 2 short of its centre, one along y 16 + 2 short, a
 * diagonal one at whichever edge it crosses first; a ring goes round
 * the box, and a loss's cross is as high as the piece.
 */
static void
wide_pieces(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_marks m;
	struct umpire_svg s = UMPIRE_SVG_INIT;
	struct umpire_marks_map map = { NULL, at, colour, NULL, 28, 4, 16, 0, 0 };
	char want[96];

	(void)state;
	umpire_marks_init(&m, &a);
	add(&m, UMPIRE_MARK_MOVE, "g1", 0, 0, 200, 0, NULL);
	add(&m, UMPIRE_MARK_MOVE, "g2", 0, 0, 0, 200, NULL);
	/* (300, 400): 500 long; the y edge, 16 * 500 / 400 = 20, first. */
	add(&m, UMPIRE_MARK_MOVE, "g3", 0, 0, 300, 400, NULL);
	add(&m, UMPIRE_MARK_PLACE, "g4", 50, 60, 50, 60, NULL);
	add(&m, UMPIRE_MARK_LOSS, "t1", 0, 100, 0, 100, NULL);
	umpire_svg_board(&s, 1200, 500);
	umpire_marks_draw(&s, &m, &map);
	const char *svg = umpire_buf_cstr(&s.body);
	head(want, sizeof(want), 0, 0, 200, 0, 0, 30, 4);
	assert_non_null(strstr(svg, want));
	head(want, sizeof(want), 0, 0, 0, 200, 0, 18, 4);
	assert_non_null(strstr(svg, want));
	head(want, sizeof(want), 0, 0, 300, 400, 0, 22, 4);
	assert_non_null(strstr(svg, want));
	assert_non_null(strstr(svg, "<rect x=\"18\" y=\"40\" width=\"64\" "
	    "height=\"40\" rx=\"20\""));
	assert_non_null(strstr(svg, "x1=\"984\" y1=\"84\" x2=\"1016\" "
	    "y2=\"116\""));
	umpire_svg_free(&s);
	umpire_arena_free(&a);
}

/*
 * A track: each arrow in a lane of its own, 36 wide from x = 100, in the
 * order recorded, whatever at() says of x; the id at the tail (below it
 * going up), the note at the head; no gap at either end.
 */
static void
lanes(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_marks m;
	struct umpire_svg s = UMPIRE_SVG_INIT;
	struct umpire_marks_map map = { NULL, at, colour, NULL, 11, 4, 0, 36,
		100 };
	char want[96];

	(void)state;
	umpire_marks_init(&m, &a);
	add(&m, UMPIRE_MARK_MOVE, "g1", 7, 300, 9, 100, NULL);
	add(&m, UMPIRE_MARK_LOSS, "t1", 0, 100, 0, 100, NULL);
	add(&m, UMPIRE_MARK_ATTACK, "g2", 0, 100, 0, 160, "saved");
	umpire_svg_board(&s, 400, 400);
	umpire_marks_draw(&s, &m, &map);
	const char *svg = umpire_buf_cstr(&s.body);
	head(want, sizeof(want), 118, 300, 118, 100, 0, 0, 4);
	assert_non_null(strstr(svg, want));
	head(want, sizeof(want), 154, 100, 154, 160, 0, 0, 3);
	assert_non_null(strstr(svg, want));
	assert_non_null(strstr(svg, "x=\"118\" y=\"317\""));	/* g1, below */
	assert_non_null(strstr(svg, ">g1<"));
	assert_non_null(strstr(svg, "x=\"154\" y=\"92\""));	/* g2, above */
	assert_non_null(strstr(svg, "x=\"154\" y=\"180\""));	/* saved */
	assert_non_null(strstr(svg, ">saved<"));
	/* The loss is where at() puts it, not in a lane. */
	assert_non_null(strstr(svg, "x1=\"989\" y1=\"89\""));
	umpire_svg_free(&s);
	umpire_arena_free(&a);
}

static void
legend(void **state)
{
	struct umpire_svg s = UMPIRE_SVG_INIT;
	static const struct umpire_marks_words with = { "a shot", "a push",
		"captured", "a burst", "placed" };
	static const struct umpire_marks_words without = { "an attack", NULL,
		"lost", NULL, NULL };

	(void)state;
	umpire_svg_board(&s, 400, 100);
	umpire_marks_legend(&s, 20, &with);
	umpire_marks_legend(&s, 40, &without);
	const char *svg = umpire_buf_cstr(&s.body);
	assert_non_null(strstr(svg, ">Arrows: solid a move, dashed a shot, "
	    "dotted a push; X captured; dashed ring placed; red dashed circle a "
	    "burst<"));
	assert_non_null(strstr(svg, ">Arrows: solid a move, dashed an attack; "
	    "X lost<"));
	umpire_svg_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layered),
		cmocka_unit_test(wide_pieces),
		cmocka_unit_test(lanes),
		cmocka_unit_test(legend),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
