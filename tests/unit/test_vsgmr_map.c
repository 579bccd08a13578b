/*
 * test_vsgmr_map - VSGMR's battle map (src/rules/vsgmr/map.c): the
 * chart of scales, allowances in spaces, moves (allies, enemies,
 * barriers, Flight, difficult terrain, leaving the map, boarding and
 * riders), the search at its 42-space limit, figures of more than one
 * space, adjacency, sight (riders' cover too) and range, one case
 * or more for each of VS-31 to VS-40.
 *
 * Maps are drawn as text, the highest rank on top as on a drawn board:
 *   .  open       *  a small obstacle     ~  difficult   %  darkness
 *   =  partial (a window, a low wall)     #  a building
 *   A-Z  a figure of side 0, a-z of side 1, on open ground; a letter
 *        drawn in a square of 2 x 2 (3 x 3 ...) is one figure that big.
 * Expected values are worked out by hand from the rulebook, never by
 * calling map.c again.
 */
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

#define MAX_FILES 16
#define MAX_RANKS 16

struct board {
	struct vs_map m;
	unsigned char terrain[MAX_FILES * MAX_RANKS];
	struct vs_map_figure figs[52];
	int of[128];		/* a letter's figure, or -1 */
};

static enum vs_terrain
ground(char c)
{
	switch (c) {
	case '*': return VS_MAP_SMALL;
	case '~': return VS_MAP_DIFFICULT;
	case '%': return VS_MAP_DARKNESS;
	case '=': return VS_MAP_PARTIAL;
	case '#': return VS_MAP_BUILDING;
	default: return VS_MAP_OPEN;
	}
}

static bool
letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* rows: the map, its highest rank first, NULL after the last. */
static void
draw(struct board *b, const char *const *rows)
{
	static const char order[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	int lo_f[128], lo_r[128], hi_f[128], hi_r[128], count[128] = { 0 };
	int nr = 0, nf = (int)strlen(rows[0]);

	memset(b, 0, sizeof(*b));
	while (rows[nr])
		nr++;
	assert_true(nf <= MAX_FILES && nr <= MAX_RANKS);
	b->m.grid = (struct umpire_grid){ nf, nr };
	for (int i = 0; i < nr; i++) {
		assert_int_equal((int)strlen(rows[i]), nf);
		for (int f = 1; f <= nf; f++) {
			unsigned char c = (unsigned char)rows[i][f - 1];
			int r = nr - i;
			b->terrain[umpire_grid_index(&b->m.grid,
			    (struct umpire_square){ f, r })] =
			    (unsigned char)ground((char)c);
			if (!letter((char)c))
				continue;
			if (!count[c]++) {
				lo_f[c] = hi_f[c] = f;
				lo_r[c] = hi_r[c] = r;
			}
			lo_f[c] = f < lo_f[c] ? f : lo_f[c];
			hi_f[c] = f > hi_f[c] ? f : hi_f[c];
			lo_r[c] = r < lo_r[c] ? r : lo_r[c];
			hi_r[c] = r > hi_r[c] ? r : hi_r[c];
		}
	}
	for (int i = 0; i < 128; i++)
		b->of[i] = -1;
	int n = 0;
	for (const char *p = order; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (!count[c])
			continue;
		int size = hi_f[c] - lo_f[c] + 1;
		if (size != hi_r[c] - lo_r[c] + 1 || size * size != count[c])
			fail_msg("figure %c is not drawn as a square", c);
		b->figs[n] = (struct vs_map_figure){ { lo_f[c], lo_r[c] }, size,
			c >= 'a' };
		b->of[c] = n++;
	}
	b->m.terrain = b->terrain;
	b->m.figures = b->figs;
	b->m.nfigures = n;
}

static int
who(const struct board *b, char c)
{
	int i = b->of[(unsigned char)c];

	if (i < 0)
		fail_msg("no figure %c on the map", c);
	return i;
}

static struct umpire_square
sq(const char *name)
{
	struct umpire_square s;

	if (umpire_grid_parse(name, &s) != 0)
		fail_msg("'%s' does not parse", name);
	return s;
}

/* Put terrain under a space (a figure on difficult ground). */
static void
under(struct board *b, const char *name, enum vs_terrain t)
{
	b->terrain[umpire_grid_index(&b->m.grid, sq(name))] = (unsigned char)t;
}

static struct vs_profile
fig(enum vs_kind kind)
{
	struct vs_profile p;

	vs_profile_init(&p, kind);
	return p;
}

static const struct vs_scale *
scale(const char *name)
{
	const struct vs_scale *sc = vs_scale_find(name);

	assert_non_null(sc);
	return sc;
}

#define assert_square(s, name) do {					\
	char got_[UMPIRE_SQUARE_NAME];					\
	if (!umpire_grid_same((s), sq(name)))				\
		fail_msg("%s, not %s", umpire_grid_name((s), got_), (name)); \
} while (0)

/* A move that must be allowed, in `steps`. */
static void
move_ok(const struct board *b, char c, const struct vs_profile *p,
	const char *sc, const char *to, int onto, int steps)
{
	char why[256] = "";
	int got = vs_map_move(&b->m, who(b, c), scale(sc), p, sq(to), onto, why,
		sizeof(why));

	if (got != steps)
		fail_msg("%c to %s: %d steps, not %d (%s)", c, to, got, steps, why);
}

/* A move that must be refused, with `reason` in the reason. */
static void
move_refused(const struct board *b, char c, const struct vs_profile *p,
	const char *sc, const char *to, int onto, const char *reason)
{
	char why[256] = "";
	int got = vs_map_move(&b->m, who(b, c), scale(sc), p, sq(to), onto, why,
		sizeof(why));

	if (got != -1)
		fail_msg("%c to %s allowed in %d steps", c, to, got);
	if (!strstr(why, reason))
		fail_msg("%c to %s: \"%s\" does not say \"%s\"", c, to, why,
		    reason);
}

/* --------------------------------------------------------------- the chart */

static void
chart(void **state)
{
	/* IX, row by row, as printed (VS-31). */
	static const struct {
		const char *name, *title, *space_title;
		int space, move, shrt, lng;
	} book[VS_SCALES] = {
		{ "4.7mm", "4.7 mm", "1/2 inch", 50, 12, 20, 50 },
		{ "15mm", "15 mm", "1/2 inch", 50, 12, 20, 50 },
		{ "25mm", "25 or 28 mm", "1 inch or 1 1/2 inches", 100, 6, 10, 25 },
		{ "54mm", "54 mm", "2 inches", 200, 3, 8, 15 },
		{ "90mm", "90 mm", "3 inches", 300, 2, 5, 10 },
		{ "180mm", "180 mm", "3 inches", 300, 2, 3, 8 },
		{ "300mm", "300 mm", "6 inches", 600, 1, 2, 5 },
	};
	static const char *const not_names[] = { "25", "25 mm", "25MM", "28",
		"4.7", "", "100mm", NULL };

	(void)state;
	for (int i = 0; i < VS_SCALES; i++) {
		const struct vs_scale *sc = &vs_scales[i];
		assert_string_equal(sc->name, book[i].name);
		assert_string_equal(sc->title, book[i].title);
		assert_string_equal(sc->space_title, book[i].space_title);
		assert_int_equal(sc->space, book[i].space);
		assert_int_equal(sc->move, book[i].move);
		assert_int_equal(sc->short_range, book[i].shrt);
		assert_int_equal(sc->long_range, book[i].lng);
		assert_ptr_equal(vs_scale_find(book[i].name), sc);
	}
	/* "25 or 28 mm": either name is the row. */
	assert_ptr_equal(vs_scale_find("28mm"), &vs_scales[2]);
	for (const char *const *n = not_names; *n; n++)
		if (vs_scale_find(*n))
			fail_msg("'%s' names a row", *n);
}

/* ------------------------------------------------------------- allowances */

static void
allowances(void **state)
{
	/* VS-32: Movement On A Turn times 1, 1 1/2, 2, rounded down; VS-33:
	 * halved again, rounded down.  By hand, scale by scale. */
	static const int guy[VS_SCALES] = { 12, 12, 6, 3, 2, 2, 1 };
	static const int cav[VS_SCALES] = { 18, 18, 9, 4, 3, 3, 1 };
	static const int veh[VS_SCALES] = { 24, 24, 12, 6, 4, 4, 2 };
	static const int guy_slow[VS_SCALES] = { 6, 6, 3, 1, 1, 1, 0 };
	static const int cav_slow[VS_SCALES] = { 9, 9, 4, 2, 1, 1, 0 };
	static const int veh_slow[VS_SCALES] = { 12, 12, 6, 3, 2, 2, 1 };

	(void)state;
	for (int i = 0; i < VS_SCALES; i++) {
		const struct vs_scale *sc = &vs_scales[i];
		struct vs_profile t = fig(VS_TROOP), h = fig(VS_HERO);
		struct vs_profile c = fig(VS_CAVALRY), v = fig(VS_VEHICLE);
		assert_int_equal(vs_map_allowance(sc, &t, false), guy[i]);
		assert_int_equal(vs_map_allowance(sc, &h, false), guy[i]);
		assert_int_equal(vs_map_allowance(sc, &c, false), cav[i]);
		assert_int_equal(vs_map_allowance(sc, &v, false), veh[i]);
		assert_int_equal(vs_map_allowance(sc, &t, true), guy_slow[i]);
		assert_int_equal(vs_map_allowance(sc, &c, true), cav_slow[i]);
		assert_int_equal(vs_map_allowance(sc, &v, true), veh_slow[i]);
	}
}

static void
super_move(void **state)
{
	/* 25mm, a guy: 6, then +3, +6, +9 (a Half Move Unit is 3). */
	static const int guy25[VS_LEVELS] = { 6, 9, 12, 15 };
	static const int guy25_slow[VS_LEVELS] = { 3, 4, 6, 7 };
	/* 54mm: 3 x 3/2 = 4 1/2 -> 4; 3 x 5/2 = 7 1/2 -> 7. */
	static const int guy54[VS_LEVELS] = { 3, 4, 6, 7 };

	(void)state;
	for (int l = 0; l < VS_LEVELS; l++) {
		struct vs_profile p = fig(VS_HERO);
		p.power[VS_SUPER_MOVE] = (unsigned char)l;
		assert_int_equal(vs_map_allowance(scale("25mm"), &p, false),
		    guy25[l]);
		assert_int_equal(vs_map_allowance(scale("25mm"), &p, true),
		    guy25_slow[l]);
		assert_int_equal(vs_map_allowance(scale("54mm"), &p, false),
		    guy54[l]);
	}
	/* The most: a vehicle, Superior, 4.7mm: 12 x 7/2 = 42. */
	struct vs_profile v = fig(VS_VEHICLE);
	v.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	assert_int_equal(vs_map_allowance(scale("4.7mm"), &v, false), 42);
	assert_int_equal(VS_MAP_MAX_MOVE, 42);
	/* 90mm, Superior: 2 x 5/2 = 5; in difficult terrain 2 (VS-33). */
	struct vs_profile h = fig(VS_HERO);
	h.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	assert_int_equal(vs_map_allowance(scale("90mm"), &h, false), 5);
	assert_int_equal(vs_map_allowance(scale("90mm"), &h, true), 2);
	/* Flight is never slowed (V). */
	h.traits |= 1u << VS_FLIGHT;
	assert_int_equal(vs_map_allowance(scale("90mm"), &h, true), 5);
}

static void
units(void **state)
{
	/* VS-32: a Half Move Unit, a Move Unit, 2 Move Units, and three
	 * Half Move Units (knockback on a 10), rounded down once, and
	 * never below 1 space: a Half Move Unit at 300mm is 1, not 0. */
	static const int half[VS_SCALES] = { 6, 6, 3, 1, 1, 1, 1 };
	static const int one[VS_SCALES] = { 12, 12, 6, 3, 2, 2, 1 };
	static const int two[VS_SCALES] = { 24, 24, 12, 6, 4, 4, 2 };
	static const int three_halves[VS_SCALES] = { 18, 18, 9, 4, 3, 3, 1 };

	(void)state;
	for (int i = 0; i < VS_SCALES; i++) {
		assert_int_equal(vs_map_units(&vs_scales[i], 1), half[i]);
		assert_int_equal(vs_map_units(&vs_scales[i], 2), one[i]);
		assert_int_equal(vs_map_units(&vs_scales[i], 4), two[i]);
		assert_int_equal(vs_map_units(&vs_scales[i], 3), three_halves[i]);
		assert_int_equal(vs_map_units(&vs_scales[i], 0), 0);
	}
}

/* ------------------------------------------------------------------ moves */

static void
open_ground(void **state)
{
	static const char *const rows[] = {
		"........",
		"........",
		"........",
		"........",
		"........",
		"........",
		"........",
		"A.......",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP), c = fig(VS_CAVALRY);

	(void)state;
	draw(&b, rows);
	/* 25mm: a guy moves 6, diagonally as straight (IX). */
	move_ok(&b, 'A', &g, "25mm", "g7", -1, 6);
	move_ok(&b, 'A', &g, "25mm", "g1", -1, 6);
	move_ok(&b, 'A', &g, "25mm", "c5", -1, 4);
	move_ok(&b, 'A', &g, "25mm", "a1", -1, 0);
	move_refused(&b, 'A', &g, "25mm", "h1", -1,
	    "h1 is 7 spaces from a1, and the figure moves 6");
	move_refused(&b, 'A', &g, "25mm", "b8", -1, "7 spaces");
	/* Cavalry 9; at 54mm, 4 (4 1/2 rounded down). */
	move_ok(&b, 'A', &c, "25mm", "h8", -1, 7);
	move_ok(&b, 'A', &c, "54mm", "e1", -1, 4);
	move_refused(&b, 'A', &c, "54mm", "f1", -1, "moves 4");
	move_refused(&b, 'A', &g, "25mm", "i1", -1, "off the map");
}

static void
allies_and_enemies(void **state)
{
	static const char *const ally[] = {
		"########",
		"A.B.....",
		"########",
		NULL,
	};
	static const char *const enemy[] = {
		"########",
		"A.b.....",
		"########",
		NULL,
	};
	static const char *const around[] = {
		"........",
		"A.b.....",
		"........",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP);

	(void)state;
	/* Through an ally's space, but not to end there (IX, VS-35). */
	draw(&b, ally);
	move_ok(&b, 'A', &g, "25mm", "d2", -1, 3);
	move_ok(&b, 'A', &g, "25mm", "g2", -1, 6);
	move_refused(&b, 'A', &g, "25mm", "c2", -1,
	    "c2 holds another figure: a figure cannot end movement in the "
	    "same space as any other figure");
	/* Not through an enemy's. */
	draw(&b, enemy);
	move_refused(&b, 'A', &g, "25mm", "d2", -1,
	    "every way from a2 to d2 in 6 spaces or fewer is blocked by an "
	    "enemy figure or a barrier");
	move_refused(&b, 'A', &g, "25mm", "c2", -1, "holds another figure");
	move_ok(&b, 'A', &g, "25mm", "b2", -1, 1);
	/* Round it, where there is room: b1 or b3, c, d2 is 3 steps all
	 * the same (a diagonal costs a step like any). */
	draw(&b, around);
	move_ok(&b, 'A', &g, "25mm", "d2", -1, 3);
	move_ok(&b, 'A', &g, "25mm", "g2", -1, 6);
	/* Flight passes over the walls round the enemy (V): b3, c3, d2. */
	draw(&b, enemy);
	g.traits |= 1u << VS_FLIGHT;
	move_ok(&b, 'A', &g, "25mm", "d2", -1, 3);
	move_refused(&b, 'A', &g, "25mm", "c2", -1, "holds another figure");
}

static void
barriers(void **state)
{
	static const char *const wall[] = {
		".....",
		"..#..",
		"A.=..",
		"..#..",
		".....",
		NULL,
	};
	static const char *const corridor[] = {
		"########",
		"A.#.....",
		"########",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP), f = fig(VS_TROOP);

	(void)state;
	f.traits |= 1u << VS_FLIGHT;
	/* A low wall is a barrier (II): round it by c5 or c1, a3 b4 c5 d4
	 * e3, 4 steps; d3 is 4 too (a3 b4 c5 d4 d3). */
	draw(&b, wall);
	move_ok(&b, 'A', &g, "25mm", "e3", -1, 4);
	move_ok(&b, 'A', &g, "25mm", "d3", -1, 4);
	move_refused(&b, 'A', &g, "25mm", "c3", -1,
	    "c3 is a partial obstacle: no figure ends its move on a barrier");
	move_refused(&b, 'A', &g, "25mm", "c4", -1, "c4 is a building");
	/* Flight goes straight over, and ends past it. */
	move_ok(&b, 'A', &f, "25mm", "e3", -1, 4);
	move_ok(&b, 'A', &f, "25mm", "d3", -1, 3);
	move_refused(&b, 'A', &f, "25mm", "c3", -1, "barrier");
	/* A corridor shut by a building: nothing but Flight passes. */
	draw(&b, corridor);
	move_refused(&b, 'A', &g, "25mm", "d2", -1,
	    "is blocked by an enemy figure or a barrier");
	move_ok(&b, 'A', &f, "25mm", "d2", -1, 3);
	move_ok(&b, 'A', &f, "25mm", "g2", -1, 6);
	move_refused(&b, 'A', &f, "25mm", "h2", -1, "7 spaces");
}

static void
corner(void **state)
{
	static const char *const rows[] = {
		"...",
		"#..",
		"A#.",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP);

	(void)state;
	/* Between two buildings that meet at a corner, diagonally: it
	 * passes (VS-35).  At 300mm a guy moves 1: only the diagonal. */
	draw(&b, rows);
	move_ok(&b, 'A', &g, "300mm", "b2", -1, 1);
	move_ok(&b, 'A', &g, "90mm", "c3", -1, 2);
	move_ok(&b, 'A', &g, "90mm", "c1", -1, 2);
	move_refused(&b, 'A', &g, "90mm", "a2", -1, "a building");
}

static void
difficult(void **state)
{
	static const char *const row[] = {
		"A..~......",
		NULL,
	};
	static const char *const two[] = {
		"..........",
		"A..~......",
		NULL,
	};
	static const char *const clear[] = {
		"A.........",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP), f = fig(VS_TROOP);
	struct vs_profile h = fig(VS_HERO);

	(void)state;
	f.traits |= 1u << VS_FLIGHT;
	h.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	/* 25mm: 6, halved to 3 once the way goes through difficult
	 * terrain (VS-33). */
	draw(&b, row);
	move_ok(&b, 'A', &g, "25mm", "c1", -1, 2);
	move_ok(&b, 'A', &g, "25mm", "d1", -1, 3);
	move_refused(&b, 'A', &g, "25mm", "e1", -1,
	    "every way from a1 to e1 in 6 spaces or fewer crosses difficult "
	    "terrain, which halves the figure's movement to 3");
	move_ok(&b, 'A', &f, "25mm", "g1", -1, 6);
	draw(&b, clear);
	move_ok(&b, 'A', &g, "25mm", "g1", -1, 6);
	/* Round it by open ground: the whole 6. */
	draw(&b, two);
	move_ok(&b, 'A', &g, "25mm", "e1", -1, 4);
	move_ok(&b, 'A', &g, "25mm", "g1", -1, 6);
	/* Starting in it halves too ("until ... completely outside", II). */
	under(&b, "a1", VS_MAP_DIFFICULT);
	move_ok(&b, 'A', &g, "25mm", "d2", -1, 3);
	move_refused(&b, 'A', &g, "25mm", "e2", -1,
	    "the figure starts in difficult terrain on a1, which halves its "
	    "movement to 3, and e2 is 4 spaces away");
	move_ok(&b, 'A', &f, "25mm", "g2", -1, 6);
	/* 5 halved is 2 (round down): a 90mm hero with Superior
	 * Super-Move. */
	move_ok(&b, 'A', &h, "90mm", "c1", -1, 2);
	move_refused(&b, 'A', &h, "90mm", "d2", -1, "halves its movement to 2");
	under(&b, "a1", VS_MAP_OPEN);
	under(&b, "d1", VS_MAP_OPEN);
	move_ok(&b, 'A', &h, "90mm", "f1", -1, 5);
	/* Darkness is difficult terrain (IX, VS-34). */
	under(&b, "a1", VS_MAP_DARKNESS);
	move_refused(&b, 'A', &g, "25mm", "e2", -1, "halves its movement to 3");
	/* A small obstacle is nothing at all. */
	under(&b, "a1", VS_MAP_SMALL);
	under(&b, "b1", VS_MAP_SMALL);
	move_ok(&b, 'A', &g, "25mm", "g1", -1, 6);
}

static void
leaving(void **state)
{
	static const char *const field[] = {
		".....",
		".....",
		"..A..",
		".....",
		".....",
		NULL,
	};
	static const char *const edge[] = {
		".....",
		".....",
		"A....",
		".....",
		".....",
		NULL,
	};
	static const char *const ring[] = {
		"cBd",
		"eAf",
		"ghi",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP);
	char why[256];

	(void)state;
	/* The step off is a step (VS-36). */
	draw(&b, field);
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("25mm"), &g,
	    why, sizeof(why)), 3);
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("90mm"), &g,
	    why, sizeof(why)), -1);
	assert_non_null(strstr(why, "no edge of the map is within 1 space of the figure"));
	draw(&b, edge);
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("300mm"), &g,
	    why, sizeof(why)), 1);
	/* Off by way of an ally's space, never an enemy's. */
	draw(&b, ring);
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("90mm"), &g,
	    why, sizeof(why)), 2);
	b.figs[who(&b, 'B')].side = 1;
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("90mm"), &g,
	    why, sizeof(why)), -1);
	/* Flight does not pass over figures. */
	g.traits |= 1u << VS_FLIGHT;
	assert_int_equal(vs_map_leave(&b.m, who(&b, 'A'), scale("25mm"), &g,
	    why, sizeof(why)), -1);
}

static void
boarding(void **state)
{
	static const char *const rows[] = {
		"A.W.x...",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP);

	(void)state;
	/* II: "Moving onto a cavalry or vehicle figure", its own side's. */
	draw(&b, rows);
	move_ok(&b, 'A', &g, "25mm", "c1", who(&b, 'W'), 2);
	move_refused(&b, 'A', &g, "25mm", "c1", -1, "holds another figure");
	move_refused(&b, 'A', &g, "25mm", "e1", who(&b, 'x'),
	    "the figure on e1 is not on its side");
	move_refused(&b, 'A', &g, "25mm", "b1", who(&b, 'W'),
	    "b1 is not a space of the figure it boards");
}

/* Who boards what: figure numbers that name no other figure are
 * refused before anything is read of them. */
static void
boarding_refusals(void **state)
{
	static const char *const rows[] = {
		"A.W.x...",
		NULL,
	};
	struct board b;
	struct vs_profile g = fig(VS_TROOP);
	int n;

	(void)state;
	draw(&b, rows);
	n = b.m.nfigures;
	assert_int_equal(n, 3);
	/* Itself: a1 is its own space, and it boards nothing there. */
	move_refused(&b, 'A', &g, "25mm", "a1", who(&b, 'A'),
	    "figure 0 is no other figure on the map to board");
	move_refused(&b, 'A', &g, "25mm", "b1", -2,
	    "figure -2 is no other figure on the map to board");
	/* A stale entry past the list, on d1, is no figure. */
	b.figs[n] = (struct vs_map_figure){ { 4, 1 }, 1, 0, 0 };
	move_refused(&b, 'A', &g, "25mm", "d1", n,
	    "figure 3 is no other figure on the map to board");
	move_refused(&b, 'A', &g, "25mm", "d1", 40,
	    "figure 40 is no other figure on the map to board");
	/* Nothing else changed: -1 is on foot. */
	move_ok(&b, 'A', &g, "25mm", "d1", -1, 3);
	move_ok(&b, 'A', &g, "25mm", "c1", who(&b, 'W'), 2);
}

/* Set figure c riding figure m (1 + its index: 0 is on foot). */
static void
mount(struct board *b, char c, char m)
{
	b->figs[who(b, c)].mount = who(b, m) + 1;
	b->figs[who(b, c)].at = b->figs[who(b, m)].at;
}

/* II: "The rider or driver/pilot figure will move along with the
 * cavalry or vehicle": a state after a boarding is a state (VS-35). */
static void
riders(void **state)
{
	static const char *const rows[] = {
		"A.W.x.....",
		"B...y...VV",
		"C.......VV",
		NULL,
	};
	struct board b;
	char why[256];

	(void)state;
	draw(&b, rows);
	/* Before anyone boards, as drawn. */
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), -1);
	/* A boards W (c3), the state written after it: on W's space. */
	move_ok(&b, 'A', &(struct vs_profile){ .kind = VS_TROOP }, "25mm",
	    "c3", who(&b, 'W'), 2);
	mount(&b, 'A', 'W');
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), -1);
	/* Not marked as riding: one figure to a space. */
	b.figs[who(&b, 'A')].mount = 0;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'W'));
	assert_non_null(strstr(why, "c3 holds another figure already"));
	/* Riding a figure of the other side. */
	mount(&b, 'A', 'x');
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'A'));
	assert_non_null(strstr(why, "rides a figure not on its side"));
	/* Riding W, but standing off it. */
	mount(&b, 'A', 'W');
	b.figs[who(&b, 'A')].at = sq("b3");
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'A'));
	assert_non_null(strstr(why, "b3 is not a space of the figure it "
	    "rides"));
	/* Riding nobody: itself, a number past the list, below 0. */
	mount(&b, 'A', 'W');
	b.figs[who(&b, 'A')].mount = who(&b, 'A') + 1;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'A'));
	assert_non_null(strstr(why, "rides figure 0, and there is no other "
	    "figure 0"));
	b.figs[who(&b, 'A')].mount = b.m.nfigures + 1;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'A'));
	assert_non_null(strstr(why, "no other figure 7 on the map"));
	b.figs[who(&b, 'A')].mount = -1;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'A'));
	/* A rider's rider. */
	mount(&b, 'A', 'W');
	mount(&b, 'B', 'A');
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'B'));
	assert_non_null(strstr(why, "rides a figure that rides another "
	    "itself"));
	b.figs[who(&b, 'B')] = (struct vs_map_figure){ { 1, 2 }, 1, 0, 0 };
	/* A 2 x 2 vehicle, V on i1: B and C ride it, B on j2 and C on i1,
	 * then both on i1 (a driver and a passenger, IV). */
	b.figs[who(&b, 'B')].mount = who(&b, 'V') + 1;
	b.figs[who(&b, 'B')].at = sq("j2");
	mount(&b, 'C', 'V');
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), -1);
	b.figs[who(&b, 'B')].at = sq("i1");
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), -1);
	/* A rider takes one space. */
	b.figs[who(&b, 'C')].size = 2;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'C'));
	assert_non_null(strstr(why, "a rider takes one space, not 2 x 2"));
	b.figs[who(&b, 'C')].size = 1;
	/* y on V, riding nothing: refused, whoever is listed first. */
	b.figs[who(&b, 'y')].at = sq("j1");
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)),
	    who(&b, 'y'));
	assert_non_null(strstr(why, "j1 holds another figure already"));
}

/* A mount moves with its riders on it, and a guy boards a mount that
 * has a rider already (II, VS-35). */
static void
riders_move(void **state)
{
	static const char *const rows[] = {
		"......",
		"VV....",
		"VV..W.",
		"A...B.",
		NULL,
	};
	struct board b;
	struct vs_profile v = fig(VS_VEHICLE), g = fig(VS_TROOP);

	(void)state;
	draw(&b, rows);
	/* A drives V from b3; V moves one space right, to b2 (b2 c2 b3 c3):
	 * A's space is V's still. */
	b.figs[who(&b, 'A')].at = sq("b3");
	b.figs[who(&b, 'A')].mount = who(&b, 'V') + 1;
	move_ok(&b, 'V', &v, "25mm", "b2", -1, 1);
	move_ok(&b, 'V', &v, "25mm", "a1", -1, 1);
	/* Not on it, A is in the way. */
	b.figs[who(&b, 'A')].mount = 0;
	move_refused(&b, 'V', &v, "25mm", "b2", -1,
	    "b3 holds another figure");
	/* W on e2 has B as its driver; A boards it too (A is listed
	 * first, B before W). */
	b.figs[who(&b, 'A')].at = sq("a1");
	mount(&b, 'B', 'W');
	move_ok(&b, 'A', &g, "25mm", "e2", who(&b, 'W'), 4);
	/* B itself is no mount. */
	move_refused(&b, 'A', &g, "25mm", "e2", who(&b, 'B'),
	    "the figure it boards rides another itself");
	/* A 2 x 2 figure boards nothing. */
	move_refused(&b, 'V', &v, "25mm", "e2", who(&b, 'W'),
	    "a figure of 2 x 2 spaces boards no other");
}

/* ---------------------------------------------------------- the far reach */

#define BIG 90

/* An open map of BIG x BIG, one figure of side 0 and `size` at (f, r). */
struct big {
	struct vs_map m;
	unsigned char terrain[BIG * BIG];
	struct vs_map_figure figs[1];
};

static void
big_map(struct big *g, int files, int ranks, int f, int r, int size)
{
	memset(g, 0, sizeof(*g));
	assert_true(files <= BIG && ranks <= BIG);
	g->m.grid = (struct umpire_grid){ files, ranks };
	g->m.terrain = g->terrain;
	g->figs[0] = (struct vs_map_figure){ { f, r }, size, 0, 0 };
	g->m.figures = g->figs;
	g->m.nfigures = 1;
}

/* The most any figure moves: a vehicle with Superior Super-Move at
 * 4.7mm, 12 x 7/2 = 42 spaces (VS-32): the search's whole window. */
static struct vs_profile
fastest(void)
{
	struct vs_profile v = fig(VS_VEHICLE);

	v.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	return v;
}

static void
steps_are(const struct vs_map_reach *r, int f, int rank, int want)
{
	int got = vs_map_reach_steps(r, (struct umpire_square){ f, rank });

	if (got != want)
		fail_msg("to (%d, %d): %d steps, not %d", f, rank, got, want);
}

static void
reach_42(void **state)
{
	/* From (44, 44) of 90 x 90: 42 and 43 spaces off in each of the
	 * eight directions, by hand. */
	static const struct { int f, r; } at42[8] = {
		{ 2, 2 }, { 44, 2 }, { 86, 2 }, { 2, 44 },
		{ 86, 44 }, { 2, 86 }, { 44, 86 }, { 86, 86 },
	};
	static const struct { int f, r; } at43[8] = {
		{ 1, 1 }, { 44, 1 }, { 87, 1 }, { 1, 44 },
		{ 87, 44 }, { 1, 87 }, { 44, 87 }, { 87, 87 },
	};
	static struct big g;
	struct vs_map_reach r;
	struct vs_profile v = fastest();
	const struct vs_scale *sc = scale("4.7mm");
	char why[256];

	(void)state;
	big_map(&g, BIG, BIG, 44, 44, 1);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	assert_int_equal(r.move, 42);
	assert_int_equal(r.slow, 21);
	assert_square(r.from, "ar44");
	steps_are(&r, 44, 44, 0);
	for (int i = 0; i < 8; i++) {
		steps_are(&r, at42[i].f, at42[i].r, 42);
		steps_are(&r, at43[i].f, at43[i].r, -1);
		struct umpire_square far = { at42[i].f, at42[i].r };
		assert_int_equal(vs_map_move(&g.m, 0, sc, &v, far, -1, why,
		    sizeof(why)), 42);
		struct umpire_square past = { at43[i].f, at43[i].r };
		assert_int_equal(vs_map_move(&g.m, 0, sc, &v, past, -1, why,
		    sizeof(why)), -1);
		assert_non_null(strstr(why, "is 43 spaces from ar44, and the "
		    "figure moves 42"));
	}
	/* Off the eight lines, 42 along one axis and 17 along the other:
	 * 42 king moves. */
	steps_are(&r, 86, 61, 42);
	steps_are(&r, 27, 2, 42);
	steps_are(&r, 61, 87, -1);
	/* 15mm is the same row of numbers. */
	vs_map_reach(&r, &g.m, 0, scale("15mm"), &v);
	steps_are(&r, 86, 86, 42);
	/* Without Super-Move, a vehicle moves 24: 25 is out of reach. */
	struct vs_profile slow = fig(VS_VEHICLE);
	vs_map_reach(&r, &g.m, 0, sc, &slow);
	steps_are(&r, 68, 44, 24);
	steps_are(&r, 69, 44, -1);
	/* A building straight in the way costs nothing, in king moves:
	 * round it by (45, 45), then back to rank 44. */
	g.terrain[umpire_grid_index(&g.m.grid,
	    (struct umpire_square){ 45, 44 })] = VS_MAP_BUILDING;
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 86, 44, 42);
	steps_are(&r, 45, 44, -1);
}

static void
reach_42_at_the_edges(void **state)
{
	static struct big g;
	struct vs_map_reach r;
	struct vs_profile v = fastest();
	const struct vs_scale *sc = scale("4.7mm");
	char why[256];

	(void)state;
	/* From a1 of 90 x 90: along both edges and the diagonal. */
	big_map(&g, BIG, BIG, 1, 1, 1);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 43, 1, 42);
	steps_are(&r, 1, 43, 42);
	steps_are(&r, 43, 43, 42);
	steps_are(&r, 44, 1, -1);
	steps_are(&r, 1, 44, -1);
	steps_are(&r, 44, 44, -1);
	steps_are(&r, 0, 1, -1);		/* off the map */
	steps_are(&r, 1, 0, -1);
	/* From the far corner, (90, 90). */
	big_map(&g, BIG, BIG, BIG, BIG, 1);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 48, 90, 42);
	steps_are(&r, 90, 48, 42);
	steps_are(&r, 48, 48, 42);
	steps_are(&r, 47, 90, -1);
	steps_are(&r, 47, 47, -1);
	steps_are(&r, 91, 90, -1);
	/* A map 43 wide: its edges are the window's. */
	big_map(&g, 43, 43, 1, 1, 1);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 43, 43, 42);
	steps_are(&r, 43, 1, 42);
	steps_are(&r, 1, 43, 42);
	assert_int_equal(vs_map_move(&g.m, 0, sc, &v,
	    (struct umpire_square){ 43, 43 }, -1, why, sizeof(why)), 42);
	/* Leaving from the middle of a 85-wide map: 42 to the edge is the
	 * whole allowance, with no step left to go off (VS-36). */
	big_map(&g, 85, 85, 43, 43, 1);
	assert_int_equal(vs_map_leave(&g.m, 0, sc, &v, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "no edge of the map is within 41 spaces"));
	big_map(&g, 85, 85, 42, 43, 1);
	assert_int_equal(vs_map_leave(&g.m, 0, sc, &v, why, sizeof(why)), 42);
	/* A vehicle of 4 x 4 from a1 of 46 x 46: its lowest space to
	 * (43, 43), its highest on (46, 46), the map's corner. */
	big_map(&g, 46, 46, 1, 1, 4);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 43, 43, 42);
	steps_are(&r, 43, 1, 42);
	steps_are(&r, 44, 1, -1);		/* off the map, and past 42 */
	big_map(&g, 50, 50, 1, 1, 4);
	vs_map_reach(&r, &g.m, 0, sc, &v);
	steps_are(&r, 43, 43, 42);
	steps_are(&r, 44, 44, -1);
}

/* ----------------------------------------------------------------- large */

static void
large_moves(void **state)
{
	static const char *const narrow[] = {
		"....#...",
		"....#...",
		"VV......",
		"VV..#...",
		NULL,
	};
	struct board b;
	struct vs_profile v = fig(VS_VEHICLE), g = fig(VS_TROOP);

	(void)state;
	/* A 2 x 2 vehicle moves whole: it needs two spaces side by side to
	 * pass a gap (VS-37); at 25mm it moves 12. */
	draw(&b, narrow);
	assert_int_equal(b.figs[who(&b, 'V')].size, 2);
	move_refused(&b, 'V', &v, "25mm", "f1", -1, "blocked");
	move_refused(&b, 'V', &v, "25mm", "h1", -1,
	    "h1 is off the map, or some of the figure's spaces from it are");
	move_ok(&b, 'V', &v, "25mm", "c1", -1, 2);
	move_refused(&b, 'V', &v, "25mm", "d1", -1, "e1 is a building");
	b.terrain[umpire_grid_index(&b.m.grid, sq("e1"))] = VS_MAP_OPEN;
	move_ok(&b, 'V', &v, "25mm", "f1", -1, 5);
	move_ok(&b, 'V', &v, "25mm", "g3", -1, 6);
	/* At 54mm it moves 6, 3 in difficult terrain: any difficult space
	 * under it halves it (a1 b1 c1 d1 e1 f2, then g3 or f3). */
	move_ok(&b, 'V', &v, "54mm", "g3", -1, 6);
	under(&b, "h4", VS_MAP_DIFFICULT);
	move_refused(&b, 'V', &v, "54mm", "g3", -1,
	    "crosses difficult terrain, which halves the figure's movement "
	    "to 3");
	move_ok(&b, 'V', &v, "54mm", "f3", -1, 6);
	/* A guy goes by the gap a 2 x 2 cannot: a1 b1 c1 d1 e2 f1. */
	draw(&b, narrow);
	b.figs[who(&b, 'V')].size = 1;
	move_ok(&b, 'V', &g, "25mm", "f1", -1, 5);
}

/* --------------------------------------------------------------- adjacent */

static void
adjacency(void **state)
{
	static const char *const rows[] = {
		"......",
		"...d..",
		".VVe..",
		".VV...",
		"A..b..",
		"..c...",
		NULL,
	};
	struct board b;

	(void)state;
	/* IX: "spaces that touch on a side or corner" (VS-38); a figure of
	 * 2 x 2 by its nearest space (VS-37). */
	draw(&b, rows);
	int A = who(&b, 'A'), V = who(&b, 'V'), bb = who(&b, 'b');
	int c = who(&b, 'c'), d = who(&b, 'd'), e = who(&b, 'e');
	assert_true(vs_map_adjacent(&b.m, A, V));	/* a2, b3: corner */
	assert_int_equal(vs_map_distance(&b.m, A, V), 1);
	assert_true(vs_map_adjacent(&b.m, V, bb));	/* c3, d2: corner */
	assert_true(vs_map_adjacent(&b.m, V, e));	/* c4, d4: side */
	assert_true(vs_map_adjacent(&b.m, V, d));	/* c4, d5: corner */
	assert_true(vs_map_adjacent(&b.m, bb, c));	/* d2, c1 */
	assert_false(vs_map_adjacent(&b.m, V, c));	/* c3 to c1: 2 */
	assert_int_equal(vs_map_distance(&b.m, V, c), 2);
	assert_false(vs_map_adjacent(&b.m, A, bb));
	assert_int_equal(vs_map_distance(&b.m, A, bb), 3);
	assert_int_equal(vs_map_distance(&b.m, c, d), 4);
	assert_int_equal(vs_map_distance(&b.m, bb, A), 3);
}

static void
adjacent_across_a_corner(void **state)
{
	static const char *const rows[] = {
		"#b",
		"A#",
		NULL,
	};
	struct board b;

	(void)state;
	draw(&b, rows);
	/* Touching at a corner, where two walls meet too (VS-38). */
	assert_true(vs_map_adjacent(&b.m, who(&b, 'A'), who(&b, 'b')));
}

/* ------------------------------------------------------------------ sight */

struct seen {
	bool sees, covered;
	const char *from, *to, *at;	/* at NULL: clear */
	char by;			/* the blocking figure, or 0 */
};

static void
sight_is(const struct board *b, char x, char y, const struct seen *want)
{
	struct vs_map_sight s;

	vs_map_sight(&s, &b->m, who(b, x), who(b, y));
	if (s.sees != want->sees || s.covered != want->covered)
		fail_msg("%c on %c: sees %d covered %d, not %d %d", x, y, s.sees,
		    s.covered, want->sees, want->covered);
	assert_square(s.from, want->from);
	assert_square(s.to, want->to);
	if (want->at)
		assert_square(s.at, want->at);
	assert_int_equal(s.by, want->by ? who(b, want->by) : -1);
}

static void
sight_figures(void **state)
{
	static const char *const rows[] = {
		"A.B.c.d.",
		NULL,
	};
	struct board b;

	(void)state;
	draw(&b, rows);
	/* Allies do not block; an enemy does (IX, VS-39). */
	sight_is(&b, 'A', 'c', &(struct seen){ true, false, "a1", "e1", NULL,
	    0 });
	sight_is(&b, 'A', 'd', &(struct seen){ false, false, "a1", "g1", "e1",
	    'c' });
	/* For d, A and B are both enemies: B blocks first. */
	sight_is(&b, 'd', 'A', &(struct seen){ false, false, "g1", "a1", "c1",
	    'B' });
	/* Two apart, open ground between. */
	sight_is(&b, 'd', 'c', &(struct seen){ true, false, "g1", "e1", NULL,
	    0 });
}

static void
sight_terrain(void **state)
{
	static const char *const window[] = { "A.=.b", NULL };
	static const char *const small[] = { "A.*.b", NULL };
	static const char *const building[] = { "A.#.b", NULL };
	static const char *const dark[] = { "A.%.b", NULL };
	static const char *const rough[] = { "A.~.b", NULL };
	static const char *const both[] = { "A=#.b", NULL };
	struct board b;

	(void)state;
	/* A window: seen, in cover (IX: "use the cover rule"). */
	draw(&b, window);
	sight_is(&b, 'A', 'b', &(struct seen){ true, true, "a1", "e1", "c1",
	    0 });
	sight_is(&b, 'b', 'A', &(struct seen){ true, true, "e1", "a1", "c1",
	    0 });
	/* Less than half a space: nothing. */
	draw(&b, small);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "e1", NULL,
	    0 });
	/* A building, darkness: "a large obstacle". */
	draw(&b, building);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "e1", "c1",
	    0 });
	draw(&b, dark);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "e1", "c1",
	    0 });
	/* Difficult ground slows, and hides nothing. */
	draw(&b, rough);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "e1", NULL,
	    0 });
	/* A window, then a building: blocked, whatever covered first. */
	draw(&b, both);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "e1", "c1",
	    0 });
	/* A figure's own space hides nothing (VS-39). */
	draw(&b, small);
	under(&b, "e1", VS_MAP_DARKNESS);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "e1", NULL,
	    0 });
}

static void
sight_ties(void **state)
{
	static const char *const up[] = {
		"..b",
		"A..",
		NULL,
	};
	static const char *const down[] = {
		"b..",
		"..A",
		NULL,
	};
	struct board b;

	(void)state;
	/* a1 to c2 runs through the middle of the side between b1 and b2:
	 * the tie goes to b2, on the side of c2, the end with the higher
	 * file, both ways (VS-39). */
	draw(&b, up);
	under(&b, "b1", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "c2", NULL,
	    0 });
	sight_is(&b, 'b', 'A', &(struct seen){ true, false, "c2", "a1", NULL,
	    0 });
	under(&b, "b1", VS_MAP_OPEN);
	under(&b, "b2", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "c2", "b2",
	    0 });
	sight_is(&b, 'b', 'A', &(struct seen){ false, false, "c2", "a1", "b2",
	    0 });
	/* c1 to a2: the higher file is c1's, so b1. */
	draw(&b, down);
	under(&b, "b2", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "c1", "a2", NULL,
	    0 });
	under(&b, "b1", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "c1", "a2", "b1",
	    0 });
}

static void
sight_corners(void **state)
{
	static const char *const through[] = {
		".#.b",
		"A.#.",
		NULL,
	};
	static const char *const clip[] = {
		"....b",
		"A.#..",
		NULL,
	};
	struct board b;

	(void)state;
	/* a1 to d2 passes the very corner of b2 and c1: between them
	 * (VS-39, VS-35).  The line's spaces are b1 and c2. */
	draw(&b, through);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "d2", NULL,
	    0 });
	under(&b, "c2", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "d2", "c2",
	    0 });
	/* a1 to e2 clips c1's corner, less than half of it: not in the
	 * path (b1, c2, d2). */
	draw(&b, clip);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "e2", NULL,
	    0 });
	under(&b, "c2", VS_MAP_PARTIAL);
	sight_is(&b, 'A', 'b', &(struct seen){ true, true, "a1", "e2", "c2",
	    0 });
}

static void
sight_large(void **state)
{
	static const char *const rows[] = {
		"....bb",
		"A.=.bb",
		NULL,
	};
	static const char *const walled[] = {
		"..=.bb",
		"A.=.bb",
		NULL,
	};
	struct board b;

	(void)state;
	/* To any of its spaces (IX: "or one of its spaces"): a1 to e1 is
	 * covered by c1, a1 to e2 (b1, c2, d2) is clear. */
	draw(&b, rows);
	sight_is(&b, 'A', 'b', &(struct seen){ true, false, "a1", "e2", NULL,
	    0 });
	/* Every line covered: the first (a1 to e1). */
	draw(&b, walled);
	sight_is(&b, 'A', 'b', &(struct seen){ true, true, "a1", "e1", "c1",
	    0 });
	/* And from any of its: b on e1 to A, a window at c1 and c2; the
	 * first line judged is e1's. */
	sight_is(&b, 'b', 'A', &(struct seen){ true, true, "e1", "a1", "c1",
	    0 });
	/* Walled off by a building: nothing. */
	under(&b, "c1", VS_MAP_BUILDING);
	under(&b, "c2", VS_MAP_BUILDING);
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "e1", "c1",
	    0 });
}

/* II: "A cavalry rider or a vehicle driver or pilot is considered to
 * be covered as long as it is on its mount or in its vehicle" (VS-39). */
static void
sight_riders(void **state)
{
	static const char *const rows[] = {
		"...ww.",
		"A..ww.",
		NULL,
	};
	static const char *const window[] = {
		"...ww.",
		"A.=ww.",
		NULL,
	};
	static const char *const third[] = {
		"....ww",
		"A.c.ww",
		NULL,
	};
	struct board b;

	(void)state;
	/* Before b boards, on f1: w, an enemy of A's, is in the way. */
	draw(&b, rows);
	b.figs[b.m.nfigures] = (struct vs_map_figure){ { 6, 1 }, 1, 1, 0 };
	b.of['b'] = b.m.nfigures++;
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "f1", "d1",
	    'w' });
	/* b drives w from e1: the line a1 to e1 passes d1, w's, which does
	 * not block its own driver; covered, by w, at e1. */
	mount(&b, 'b', 'w');
	b.figs[who(&b, 'b')].at = sq("e1");
	sight_is(&b, 'A', 'b', &(struct seen){ true, true, "a1", "e1", "e1",
	    'w' });
	/* w itself, seen by d1, is in the open: only riders are covered. */
	sight_is(&b, 'A', 'w', &(struct seen){ true, false, "a1", "d1", NULL,
	    0 });
	/* A window on the way as well: the window is the first cover. */
	draw(&b, window);
	b.figs[b.m.nfigures] = (struct vs_map_figure){ { 6, 1 }, 1, 1, 0 };
	b.of['b'] = b.m.nfigures++;
	mount(&b, 'b', 'w');
	b.figs[who(&b, 'b')].at = sq("e1");
	sight_is(&b, 'A', 'b', &(struct seen){ true, true, "a1", "e1", "c1",
	    'w' });
	/* Another figure of b's side in the way still blocks. */
	draw(&b, third);
	b.figs[b.m.nfigures] = (struct vs_map_figure){ { 6, 1 }, 1, 1, 0 };
	b.of['b'] = b.m.nfigures++;
	mount(&b, 'b', 'w');
	sight_is(&b, 'A', 'b', &(struct seen){ false, false, "a1", "e1", "c1",
	    'c' });
}

/* ------------------------------------------------------------------ range */

static void
ranges(void **state)
{
	(void)state;
	/* VS-40: Long Range reaches; Short Range only reported. */
	assert_int_equal(vs_map_range(scale("25mm"), 1), VS_SHORT_RANGE);
	assert_int_equal(vs_map_range(scale("25mm"), 10), VS_SHORT_RANGE);
	assert_int_equal(vs_map_range(scale("25mm"), 11), VS_LONG_RANGE);
	assert_int_equal(vs_map_range(scale("25mm"), 25), VS_LONG_RANGE);
	assert_int_equal(vs_map_range(scale("25mm"), 26), VS_OUT_OF_RANGE);
	assert_int_equal(vs_map_range(scale("300mm"), 2), VS_SHORT_RANGE);
	assert_int_equal(vs_map_range(scale("300mm"), 5), VS_LONG_RANGE);
	assert_int_equal(vs_map_range(scale("300mm"), 6), VS_OUT_OF_RANGE);
	assert_int_equal(vs_map_range(scale("15mm"), 50), VS_LONG_RANGE);
	assert_int_equal(vs_map_range(scale("15mm"), 51), VS_OUT_OF_RANGE);
}

static void
within(void **state)
{
	static const char *const rows[] = {
		"...............",
		"A..B..C...D..e.",
		"...............",
		NULL,
	};
	struct board b;
	const struct vs_scale *sc = scale("25mm");

	(void)state;
	/* VS-32 at 25mm: a Half Move Unit is 3, a Move Unit 6, 2 Move
	 * Units 12; king moves. */
	draw(&b, rows);
	int A = who(&b, 'A');
	assert_true(vs_map_distance(&b.m, A, who(&b, 'B')) <=
	    vs_map_units(sc, 1));		/* d2: within a Half Move Unit */
	assert_false(vs_map_distance(&b.m, A, who(&b, 'C')) <=
	    vs_map_units(sc, 1));		/* g2: 6 */
	assert_true(vs_map_distance(&b.m, A, who(&b, 'C')) <=
	    vs_map_units(sc, 2));		/* within a Move Unit */
	assert_false(vs_map_distance(&b.m, A, who(&b, 'D')) >=
	    vs_map_units(sc, 4));		/* k2: 10, not 2 Move Units */
	assert_true(vs_map_distance(&b.m, A, who(&b, 'e')) >=
	    vs_map_units(sc, 4));		/* n2: 13, at least 12 away */
	assert_int_equal(vs_map_units(sc, 4), 12);
}

/* -------------------------------------------------------------- the setup */

static void
misplaced(void **state)
{
	static const char *const rows[] = {
		"....",
		".#..",
		"....",
		"....",
		NULL,
	};
	struct board b;
	char why[256];

	(void)state;
	draw(&b, rows);
	b.figs[0] = (struct vs_map_figure){ { 1, 1 }, 2, 0 };
	b.figs[1] = (struct vs_map_figure){ { 3, 1 }, 1, 1 };
	b.m.nfigures = 2;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), -1);
	/* On another's space: the later one is refused. */
	b.figs[1].at = sq("b2");
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), 1);
	assert_non_null(strstr(why, "b2 holds another figure already"));
	/* Off the map, in part. */
	b.figs[1] = (struct vs_map_figure){ { 4, 1 }, 2, 1 };
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), 1);
	assert_non_null(strstr(why, "off the map"));
	/* On a building. */
	b.figs[1] = (struct vs_map_figure){ { 2, 3 }, 1, 1 };
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), 1);
	assert_non_null(strstr(why, "b3 is a building, and no figure stands "
	    "on a barrier"));
	/* Too big. */
	b.figs[0].size = 5;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), 0);
	assert_non_null(strstr(why, "not 5"));
	b.figs[0].size = 0;
	assert_int_equal(vs_map_misplaced(&b.m, why, sizeof(why)), 0);
}

static void
terrain_names(void **state)
{
	static const char *const book[VS_MAP_TERRAINS] = {
		"open", "small", "difficult", "darkness", "partial", "building",
	};

	(void)state;
	for (int i = 0; i < VS_MAP_TERRAINS; i++)
		assert_string_equal(vs_terrain_names[i], book[i]);
}

/*
 * vs_map_stand is vs_map_move without the search: over every space of
 * a crowded map (allies, enemies, a rider, a large figure, every kind
 * of ground), for walkers and fliers, a move is allowed exactly when
 * the figure may stand there and its reach gets there, in the same
 * steps.  The bot asks vs_map_stand of each candidate with the reach it
 * already holds, so its choices are the check's.
 */
static void
stand_is_move_without_search(void **state)
{
	(void)state;
	static const char *const rows[] = {
		"..*...~~..%%....",
		".A..B.~~..%%..c.",
		"......==....dd..",
		"..##..==....dd..",
		"..##.a...E......",
		"W........~~~..F.",
		"......G.....*...",
		".......h........",
		NULL,
	};
	struct board b;
	char why[256];

	draw(&b, rows);
	mount(&b, 'A', 'W');
	for (int fl = 0; fl < 2; fl++)
		for (int i = 0; i < b.m.nfigures; i++) {
			struct vs_profile p = fig(VS_TROOP);
			if (fl)
				p.traits |= 1u << VS_FLIGHT;
			struct vs_map_reach r;
			vs_map_reach(&r, &b.m, i, scale("25mm"), &p);
			for (int f = 0; f <= 17; f++)
				for (int rk = 0; rk <= 9; rk++) {
					struct umpire_square to = { f, rk };
					int got = vs_map_move(&b.m, i, scale("25mm"), &p,
						to, -1, why, sizeof(why));
					int st = vs_map_stand(&b.m, i, to, -1, why,
						sizeof(why));
					int steps = vs_map_reach_steps(&r, to);
					int want = st == 0 && steps >= 0 ? steps : -1;
					if (got != want)
						fail_msg("figure %d to %d,%d: move %d, "
						    "stand %d and reach %d", i, f, rk,
						    got, st, steps);
				}
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chart),
		cmocka_unit_test(allowances),
		cmocka_unit_test(super_move),
		cmocka_unit_test(units),
		cmocka_unit_test(open_ground),
		cmocka_unit_test(allies_and_enemies),
		cmocka_unit_test(barriers),
		cmocka_unit_test(corner),
		cmocka_unit_test(difficult),
		cmocka_unit_test(leaving),
		cmocka_unit_test(boarding),
		cmocka_unit_test(boarding_refusals),
		cmocka_unit_test(riders),
		cmocka_unit_test(riders_move),
		cmocka_unit_test(reach_42),
		cmocka_unit_test(reach_42_at_the_edges),
		cmocka_unit_test(large_moves),
		cmocka_unit_test(adjacency),
		cmocka_unit_test(adjacent_across_a_corner),
		cmocka_unit_test(sight_figures),
		cmocka_unit_test(sight_terrain),
		cmocka_unit_test(sight_ties),
		cmocka_unit_test(sight_corners),
		cmocka_unit_test(sight_large),
		cmocka_unit_test(sight_riders),
		cmocka_unit_test(ranges),
		cmocka_unit_test(within),
		cmocka_unit_test(misplaced),
		cmocka_unit_test(terrain_names),
		cmocka_unit_test(stand_is_move_without_search),
	};

	return cmocka_run_group_tests_name("vsgmr map", tests, NULL, NULL);
}
