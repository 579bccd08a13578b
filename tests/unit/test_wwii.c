/*
 * test_wwii - WWII Combined Arms (src/rules/wwii/): the Unit Master List
 * and ids; what plan.c allows (moves, airfields, paratroopers, targets,
 * damage, defense, retreats) on positions built from state files;
 * resolving; and the bot, whose orders the check must always accept, on
 * random positions and in whole games played through game/game.h.
 */
#include "doc/embedded.h"
#include "game/game.h"
#include "game/rng.h"
#include "rules/wwii/wwii.h"
#include "unit.h"

static const struct umpire_ruleset *
wwii(void)
{
	const struct umpire_ruleset *r = umpire_ruleset_find("wwii");

	assert_non_null(r);
	return r;
}

/* ------------------------------------------------------------ positions */

struct position {
	/* "ID TYPE SQUARE [elite] [kills=N] [retreat=a,b]" */
	const char *allies[32];
	const char *axis[32];
	const char *options;	/* "city-spaces difficult-terrain ..." */
	const char *terrain;	/* "[d4, e5]" */
	const char *cities;
	int turns;		/* each side has played */
	bool axis_to_move;
};

static void
unit_text(struct umpire_buf *b, const char *spec)
{
	char id[32], type[32], at[8], rest[64] = "";
	int n = sscanf(spec, "%31s %31s %7s %63[^\n]", id, type, at, rest);

	assert_true(n >= 3);
	umpire_buf_printf(b, "  - {id: %s, type: %s, at: %s", id, type, at);
	if (strstr(rest, "elite"))
		umpire_buf_puts(b, ", elite: true");
	const char *k = strstr(rest, "kills=");
	if (k)
		umpire_buf_printf(b, ", kills: %d", atoi(k + 6));
	const char *r = strstr(rest, "retreat=");
	if (r) {
		char dirs[48];
		sscanf(r + 8, "%47s", dirs);
		umpire_buf_puts(b, ", retreat: [");
		for (char *d = dirs; *d; d++)
			umpire_buf_puts(b, *d == ',' ? ", " : (char[2]){ *d, 0 });
		umpire_buf_puts(b, "]");
	}
	umpire_buf_puts(b, "}\n");
}

/* A state file's text for p. */
static char *
state_text(const struct position *p)
{
	static const char *const names[] = { "city-spaces", "difficult-terrain",
		"elite-units", "experienced-units", "reinforcements", "campaign" };
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int turn = p->turns + 1;

	umpire_buf_printf(&b, "umpire: 1\nruleset: wwii\ngame: wwii-0123456789\n"
	    "version: \"0.1.0\"\nseed: \"%064d\"\nstep: 9\ntitle: t\n"
	    "players: {allies: {}, axis: {}}\n"
	    "awaiting: {player: %s, step: 9, kind: turn, turn: %d%s}\n"
	    "first: allies\nturn-limit: 100\nturns: {allies: %d, axis: %d}\n"
	    "options:\n", 1, p->axis_to_move ? "axis" : "allies", turn,
	    p->options && strstr(p->options, "reinforcements") && turn % 3 == 0 ?
	    ", reinforcement: true" : "", p->axis_to_move ? turn : p->turns,
	    p->turns);
	for (int k = 0; k < 6; k++)
		umpire_buf_printf(&b, "  %s: %s\n", names[k], p->options &&
		    strstr(p->options, names[k]) ? "true" : "false");
	umpire_buf_printf(&b, "map: {files: 8, ranks: 8, setup-rows: 3, "
	    "terrain: %s, cities: %s}\n", p->terrain ? p->terrain : "[]",
	    p->cities ? p->cities : "[]");
	umpire_buf_puts(&b, "army: {units: 16, max-tanks: 5, min-types: 7, "
	    "max-per-type: 4, elite: 2}\narmies:\n  allies:\n");
	for (int i = 0; p->allies[i]; i++)
		unit_text(&b, p->allies[i]);
	umpire_buf_puts(&b, "  axis:\n");
	for (int i = 0; p->axis[i]; i++)
		unit_text(&b, p->axis[i]);
	umpire_buf_puts(&b, "destroyed: {allies: [], axis: []}\n");
	return b.ptr;
}

static struct umpire_game *
load(const struct position *p)
{
	char *text = state_text(p);
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *g;

	if (umpire_game_load(&g, "game.yaml", text, strlen(text), &d) != 0)
		fail_msg("the position does not load:\n%s\n%s", text,
		    diags_text(&d));
	umpire_diags_free(&d);
	free(text);
	return g;
}

static struct wwii_game *
rs(struct umpire_game *g)
{
	return g->rs;
}

/* The index of the unit called id, and its side in *side. */
static int
unit(const struct wwii_game *g, const char *id, int *side)
{
	int s, i = wwii_find_unit(g, id, &s);

	if (i < 0)
		fail_msg("no unit '%s'", id);
	if (side)
		*side = s;
	return i;
}

static int
square(const struct wwii_game *g, const char *name)
{
	struct umpire_square s;

	assert_int_equal(umpire_grid_parse(name, &s), 0);
	return umpire_grid_index(&g->grid, s);
}

static const char *
where(const struct wwii_pos *p, const char *id)
{
	static char name[UMPIRE_SQUARE_NAME];
	int side, i = unit(p->g, id, &side);

	if (p->where[side][i] < 0)
		return "--";
	return umpire_grid_name(wwii_square(p->g, p->where[side][i]), name);
}

/* Try a move on p; with fails, it must fail with a reason holding it. */
static void
try_move(struct wwii_pos *p, const char *id, const char *to, int move,
	const char *fails)
{
	char why[512] = "";
	int side, i = unit(p->g, id, &side);
	bool ok = wwii_try_move(p, side, i, square(p->g, to), move, why,
	    sizeof(why));

	if (!fails && !ok)
		fail_msg("%s to %s refused: %s", id, to, why);
	if (fails && ok)
		fail_msg("%s to %s allowed, but should fail: %s", id, to, fails);
	if (fails && !strstr(why, fails))
		fail_msg("%s to %s refused with \"%s\", not \"%s\"", id, to, why,
		    fails);
}

static bool
can_attack(const struct wwii_pos *p, const char *id, const char *target,
	char *why)
{
	int side, tside, i = unit(p->g, id, &side), t = unit(p->g, target, &tside);

	assert_int_not_equal(side, tside);
	why[0] = '\0';
	return wwii_can_attack(p, side, i, t, why, 512);
}

/* ------------------------------------------------------------- the tables */

static void
tables(void **state)
{
	(void)state;
	/* UNIT MASTER LIST: Move, Range, Defense. */
	static const int list[WWII_TYPES][3] = {
		{ 1, 1, 5 }, { 1, 1, 4 }, { 1, 1, 4 }, { 2, 1, 4 }, { 3, 2, 3 },
		{ 2, 2, 4 }, { 1, 2, 5 }, { 1, 3, 3 }, { 1, 2, 3 }, { 1, 2, 3 },
		{ 2, 4, 2 }, { 0, 3, 6 }, { 0, 1, 6 },
	};
	for (int t = 0; t < WWII_TYPES; t++) {
		assert_int_equal(wwii_types[t].move, list[t][0]);
		assert_int_equal(wwii_types[t].range, list[t][1]);
		assert_int_equal(wwii_types[t].defense, list[t][2]);
		assert_int_equal(wwii_find_type(wwii_types[t].name), t);
		assert_int_equal(strlen(wwii_types[t].code), 2);
		assert_true(wwii_is_base((enum wwii_type)t) == (list[t][0] == 0));
	}
	assert_int_equal(wwii_find_type("tank"), -1);
	int tanks = 0;
	for (int t = 0; t < WWII_TYPES; t++)
		tanks += wwii_is_tank((enum wwii_type)t);
	assert_int_equal(tanks, 3);
	assert_false(wwii_is_tank(WWII_MECH));
	assert_int_equal(wwii_find_side("axis"), WWII_AXIS);
	assert_int_equal(wwii_find_side("allies"), WWII_ALLIES);
	assert_int_equal(wwii_find_side("green"), -1);
	for (int d = 0; d < WWII_DIRS; d++)
		assert_int_equal(wwii_find_dir(wwii_dirs[d]), d);
	assert_string_equal(wwii()->name, "wwii");
	assert_non_null(umpire_embedded_find(wwii()->default_scenario));
}

/* The default id of the nth unit of type t, skipping g's ids. */
static const char *
default_id(struct umpire_arena *a, const struct wwii_game *g, int side,
	enum wwii_type t, int nth)
{
	return wwii_default_id(a, g, side, t, &nth, NULL, NULL);
}

/* taken() for wwii_default_id: the ids in a NULL-ended list. */
static bool
in_list(void *ctx, const char *id)
{
	for (const char *const *s = ctx; *s; s++)
		if (strcmp(*s, id) == 0)
			return true;
	return false;
}

static void
ids(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	/* WW-2: side, type and number; one HQ with none. */
	assert_string_equal(default_id(&a, NULL, WWII_ALLIES, WWII_INFANTRY, 1),
	    "a-inf1");
	assert_string_equal(default_id(&a, NULL, WWII_AXIS, WWII_MEDIUM_TANK, 2),
	    "x-mt2");
	assert_string_equal(default_id(&a, NULL, WWII_AXIS, WWII_HQ, 1), "x-hq");
	assert_string_equal(default_id(&a, NULL, WWII_ALLIES, WWII_HQ, 2),
	    "a-hq2");
	/* In a game, the next number not taken (a reinforcement's). */
	struct position p = { { "a-hq hq d1", "a-lt1 light-tank c2",
		"a-lt2 light-tank d2", NULL }, { "x-hq hq e8", NULL } };
	struct umpire_game *g = load(&p);
	assert_string_equal(default_id(&a, rs(g), WWII_ALLIES, WWII_LIGHT_TANK,
	    1), "a-lt3");
	assert_string_equal(default_id(&a, rs(g), WWII_AXIS, WWII_LIGHT_TANK, 1),
	    "x-lt1");
	umpire_game_free(g);
	/* Ids a file gives, of either side, are skipped too; the number
	 * used comes back. */
	static const char *const given[] = { "x-hq", "x-inf2", "x-inf3", NULL };
	int nth = 1;
	assert_string_equal(wwii_default_id(&a, NULL, WWII_AXIS, WWII_HQ, &nth,
	    in_list, (void *)given), "x-hq2");
	assert_int_equal(nth, 2);
	nth = 2;
	assert_string_equal(wwii_default_id(&a, NULL, WWII_AXIS, WWII_INFANTRY,
	    &nth, in_list, (void *)given), "x-inf4");
	assert_int_equal(nth, 4);
	umpire_arena_free(&a);
}

/* What the files of the folder share: each a helper, once. */
static void
shared_helpers(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct position p = { { "a-hq hq d1", "a-af1 airfield f1",
		"a-para1 paratroopers g2", "a-para2 paratroopers b2",
		"a-inf1 infantry a3", NULL }, { "x-hq hq e8", "x-af1 airfield a8",
		"x-para1 paratroopers b7", NULL }, NULL, NULL, NULL, 2 };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	int s;

	(void)state;
	/* WW-8: Move 4 next to a friendly airfield, else the trait. */
	int *allow = wwii_allowances(&a, &w->pos, WWII_ALLIES);
	assert_int_equal(allow[unit(w, "a-para1", &s)], 4);
	assert_int_equal(allow[unit(w, "a-para2", &s)], 1);
	assert_int_equal(allow[unit(w, "a-af1", &s)], 2);
	assert_int_equal(allow[unit(w, "a-hq", &s)], 0);
	allow = wwii_allowances(&a, &w->pos, WWII_AXIS);
	assert_int_equal(allow[unit(w, "x-para1", &s)], 4);
	/* WW-23: the back row while it has room. */
	assert_int_equal(wwii_reinforce_rank(&w->pos, WWII_ALLIES), 1);
	assert_int_equal(wwii_reinforce_rank(&w->pos, WWII_AXIS), 1);
	/* WW-5: the setup rows in words, either side. */
	assert_string_equal(wwii_setup_ranks(&a, w, WWII_ALLIES), "ranks 1 to 3");
	assert_string_equal(wwii_setup_ranks(&a, w, WWII_AXIS), "ranks 6 to 8");
	/* The next decision in words. */
	assert_string_equal(wwii_next_text(&a, w), "play turn 3");
	w->turns[0] = w->turns[1] = 0;
	assert_string_equal(wwii_next_text(&a, w), "play their first turn");
	w->kind = WWII_PLACE;
	assert_string_equal(wwii_next_text(&a, w), "place a unit");
	w->kind = WWII_ARMY;
	assert_string_equal(wwii_next_text(&a, w), "design their army");
	umpire_game_free(g);

	/* The back row full: the next setup row; all full: none. */
	struct position f = { { "a-hq hq a1", "a-inf1 infantry b1",
		"a-inf2 infantry c1", "a-inf3 infantry d1", "a-inf4 infantry e1",
		"a-eng1 engineers f1", "a-eng2 engineers g1", "a-mt1 medium-tank h1",
		NULL }, { "x-hq hq e8", NULL } };
	g = load(&f);
	assert_int_equal(wwii_reinforce_rank(&rs(g)->pos, WWII_ALLIES), 2);
	struct wwii_pos pos;
	wwii_pos_copy(&pos, &rs(g)->pos, &a, -1);
	for (int sq = 8; sq < 24; sq++)
		pos.at[sq] = wwii_ref(WWII_AXIS, 0);
	assert_int_equal(wwii_reinforce_rank(&pos, WWII_ALLIES), 0);
	umpire_game_free(g);
	umpire_arena_free(&a);
}

/* ----------------------------------------------------------- the rules */

static void
moving(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct position p = { { "a-hq hq d1", "a-inf1 infantry c3",
		"a-mech1 mech-infantry d3", "a-lt1 light-tank f2",
		"a-fort1 fortification e1", "a-ht1 heavy-tank a1",
		"a-inf2 infantry a2", "a-inf3 infantry b2", "a-inf4 infantry b1",
		NULL }, { "x-hq hq e8", "x-inf1 infantry c6", NULL } };
	struct umpire_game *g = load(&p);
	struct wwii_pos pos;

	(void)state;
	wwii_pos_copy(&pos, &rs(g)->pos, &a, -1);
	/* WW-6: orthogonally or diagonally, up to Move. */
	try_move(&pos, "a-inf1", "b4", 1, NULL);
	try_move(&pos, "a-mech1", "f5", 2, NULL);
	try_move(&pos, "a-lt1", "c5", 3, NULL);
	assert_string_equal(where(&pos, "a-lt1"), "c5");
	try_move(&pos, "a-mech1", "f8", 2, "has Move 2, and f8 is 3 squares "
	    "away");
	/* Occupied squares: not to end on, not to pass through. */
	try_move(&pos, "a-lt1", "c6", 3, "c6 is held by x-inf1; units may not "
	    "stack");
	try_move(&pos, "a-ht1", "b2", 1, "held by a-inf3");
	try_move(&pos, "a-ht1", "a1", 1, "on a1 already");
	try_move(&pos, "a-fort1", "e2", 1, "a base and cannot move");
	/* The start is the same in the game: plans work on copies. */
	int side, i = unit(rs(g), "a-lt1", &side);
	assert_int_equal(rs(g)->pos.where[side][i], square(rs(g), "f2"));
	umpire_game_free(g);

	/* Walled in: a-ht1 (Move 1) has nowhere; with Move 2 no path. */
	struct position w = { { "a-hq hq d1", "a-mech1 mech-infantry a1",
		"a-inf2 infantry a2", "a-inf3 infantry b2", "a-inf4 infantry b1",
		NULL }, { "x-hq hq e8", NULL } };
	g = load(&w);
	wwii_pos_copy(&pos, &rs(g)->pos, &a, -1);
	try_move(&pos, "a-mech1", "a3", 2, "every path of 2 squares or fewer "
	    "from a1 passes through a unit");
	/* Clear the way, in order, and it goes. */
	try_move(&pos, "a-inf2", "a3", 1, NULL);
	try_move(&pos, "a-mech1", "a2", 2, NULL);
	umpire_game_free(g);
	umpire_arena_free(&a);
}

static void
airfields_and_paratroopers(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct position p = { { "a-hq hq d1", "a-af1 airfield f1",
		"a-inf1 infantry e3", "a-para1 paratroopers g2",
		"a-para2 paratroopers b2", NULL },
		{ "x-hq hq e8", "x-inf1 infantry h5", NULL } };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	struct wwii_pos pos;
	int side;

	(void)state;
	/* WW-8: next to a friendly airfield as the turn starts. */
	assert_true(wwii_next_to_airfield(&w->pos, WWII_ALLIES,
	    w->pos.where[WWII_ALLIES][unit(w, "a-para1", &side)]));
	assert_false(wwii_next_to_airfield(&w->pos, WWII_ALLIES,
	    w->pos.where[WWII_ALLIES][unit(w, "a-para2", &side)]));
	assert_false(wwii_next_to_airfield(&w->pos, WWII_AXIS,
	    w->pos.where[WWII_ALLIES][unit(w, "a-para1", &side)]));
	wwii_pos_copy(&pos, &w->pos, &a, -1);
	try_move(&pos, "a-para1", "g6", 4, NULL);
	try_move(&pos, "a-para2", "b4", 1, "4 only when it starts the turn next "
	    "to a friendly airfield");
	/* WW-7: next to a friend, never next to an enemy. */
	try_move(&pos, "a-af1", "h2", 2, "no allied unit is next to h2");
	try_move(&pos, "a-af1", "f3", 2, NULL);
	try_move(&pos, "a-af1", "g5", 2, "g5 is next to x-inf1");
	umpire_game_free(g);
	umpire_arena_free(&a);
}

static void
attacking(void **state)
{
	struct position p = { { "a-hq hq d1", "a-how1 howitzer c1",
		"a-inf1 infantry c2", "a-af1 airfield d2", "a-eng1 engineers d7",
		"a-at1 at-gun f3", "a-inf2 infantry f7 elite", "a-aa1 aa-gun b2",
		NULL },
		{ "x-hq hq e8", "x-mt1 medium-tank c3", "x-inf1 infantry c4",
		"x-inf2 infantry f5", "x-aa1 aa-gun d6", "x-inf3 infantry d5",
		"x-mech1 mech-infantry f4", "x-fort1 fortification c8", NULL },
		"elite-units" };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	char why[512];
	int s;

	(void)state;
	/* WW-9: king-move range, over any unit. */
	assert_true(can_attack(&w->pos, "a-how1", "x-inf1", why));
	assert_false(can_attack(&w->pos, "a-how1", "x-inf2", why));
	/* The attacker's Range, said as his: "its" would read as the
	 * target's. */
	assert_non_null(strstr(why, "4 squares from a-how1 on c1, beyond "
	    "a-how1's Range 3"));
	assert_true(can_attack(&w->pos, "a-inf1", "x-mt1", why));
	assert_false(can_attack(&w->pos, "a-inf1", "x-inf1", why));
	/* WW-16: the AA gun and its neighbours, from airfields only. */
	assert_false(can_attack(&w->pos, "a-af1", "x-aa1", why));
	assert_false(can_attack(&w->pos, "a-af1", "x-inf3", why));
	assert_non_null(strstr(why, "x-aa1 is an anti-aircraft gun next to it"));
	assert_true(can_attack(&w->pos, "a-af1", "x-inf1", why));
	/* Its neighbours of either side: the allies' own gun shields x-mt1
	 * from the allies' airfield, and from nothing else. */
	assert_false(can_attack(&w->pos, "a-af1", "x-mt1", why));
	assert_non_null(strstr(why, "x-mt1 is immune to attacks by airfields: "
	    "a-aa1, an allied anti-aircraft gun, is next to it"));
	assert_int_equal(wwii_protector(&w->pos, WWII_AXIS, square(w, "e7")),
	    wwii_ref(WWII_AXIS, unit(w, "x-aa1", &s)));
	assert_int_equal(wwii_protector(&w->pos, WWII_ALLIES, square(w, "e7")),
	    wwii_ref(WWII_AXIS, unit(w, "x-aa1", &s)));
	assert_int_equal(wwii_protector(&w->pos, WWII_AXIS, square(w, "c3")),
	    wwii_ref(WWII_ALLIES, unit(w, "a-aa1", &s)));
	assert_int_equal(wwii_protector(&w->pos, WWII_AXIS, square(w, "e2")),
	    -1);
	/* WW-11: damage. */
	const struct wwii_unit *eng = &w->units[0][unit(w, "a-eng1", &s)];
	const struct wwii_unit *at = &w->units[0][unit(w, "a-at1", &s)];
	const struct wwii_unit *elite = &w->units[0][unit(w, "a-inf2", &s)];
	const struct wwii_unit *inf = &w->units[0][unit(w, "a-inf1", &s)];
	const struct wwii_unit *hq = &w->units[1][unit(w, "x-hq", &s)];
	const struct wwii_unit *fort = &w->units[1][unit(w, "x-fort1", &s)];
	const struct wwii_unit *mt = &w->units[1][unit(w, "x-mt1", &s)];
	const struct wwii_unit *mech = &w->units[1][unit(w, "x-mech1", &s)];
	assert_int_equal(wwii_damage(eng, hq), 2);
	assert_int_equal(wwii_damage(eng, fort), 2);
	assert_int_equal(wwii_damage(eng, mt), 1);
	assert_int_equal(wwii_damage(at, mt), 2);
	assert_int_equal(wwii_damage(at, mech), 1);
	assert_int_equal(wwii_damage(elite, mech), 2);
	assert_int_equal(wwii_damage(inf, hq), 1);
	struct wwii_unit elite_eng = *eng;
	elite_eng.elite = true;
	assert_int_equal(wwii_damage(&elite_eng, fort), 2);
	umpire_game_free(g);
}

static void
defense(void **state)
{
	struct position p = { { "a-hq hq d1", "a-inf1 infantry c4 elite",
		"a-inf2 infantry d4", "a-inf3 infantry e5", NULL },
		{ "x-hq hq e8", NULL }, "elite-units difficult-terrain city-spaces",
		"[d4]", "[e5, f5, a4, b4]" };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	int s;

	(void)state;
	assert_int_equal(wwii_defense(&w->pos, 0, unit(w, "a-inf1", &s)), 6);
	assert_int_equal(wwii_defense(&w->pos, 0, unit(w, "a-inf2", &s)), 6);
	/* WW-20: a city is difficult terrain when both rules are in play. */
	assert_int_equal(wwii_defense(&w->pos, 0, unit(w, "a-inf3", &s)), 6);
	assert_int_equal(wwii_defense(&w->pos, 1, unit(w, "x-hq", &s)), 6);
	umpire_game_free(g);
	p.options = "elite-units city-spaces";
	p.terrain = NULL;
	g = load(&p);
	w = rs(g);
	assert_int_equal(wwii_defense(&w->pos, 0, unit(w, "a-inf3", &s)), 5);
	assert_int_equal(wwii_defense(&w->pos, 0, unit(w, "a-inf1", &s)), 6);
	umpire_game_free(g);
}

static void
retreats(void **state)
{
	struct position p = { { "a-hq hq d1", "a-inf1 infantry d4",
		"a-inf2 infantry a1 retreat=left,right", NULL },
		{ "x-hq hq e8", "x-lt1 light-tank d5", "x-inf1 infantry d6",
		"x-inf2 infantry h8", "x-inf3 infantry g8",
		"x-inf4 infantry c6 retreat=right", NULL } };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	int s, dir;
	bool off;
	char name[UMPIRE_SQUARE_NAME];

	(void)state;
	/* WW-13: directions as each owner faces the enemy. */
	int d4 = square(w, "d4");
	static const char *const allied[] = { "d3", "c3", "e3", "c4", "e4" };
	static const char *const axis[] = { "d5", "e5", "c5", "e4", "c4" };
	for (int d = 0; d < WWII_DIRS; d++) {
		assert_string_equal(umpire_grid_name(wwii_square(w,
		    wwii_step(w, WWII_ALLIES, d4, d)), name), allied[d]);
		assert_string_equal(umpire_grid_name(wwii_square(w,
		    wwii_step(w, WWII_AXIS, d4, d)), name), axis[d]);
	}
	assert_int_equal(wwii_step(w, WWII_ALLIES, square(w, "a1"), WWII_BACK),
	    -1);
	assert_int_equal(wwii_step(w, WWII_AXIS, square(w, "h8"), WWII_LEFT), -1);
	/* x-lt1: back held, back-left e6 free. */
	int t = unit(w, "x-lt1", &s);
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_AXIS, t, &dir, &off),
	    square(w, "e6"));
	assert_int_equal(dir, WWII_BACK_LEFT);
	/* x-inf4's order: right (toward file a), b6. */
	t = unit(w, "x-inf4", &s);
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_AXIS, t, &dir, &off),
	    square(w, "b6"));
	assert_int_equal(dir, WWII_RIGHT);
	/* x-inf2 in the corner: back off the board, left held by x-inf3;
	 * right is off the board too. */
	t = unit(w, "x-inf2", &s);
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_AXIS, t, &dir, &off),
	    -1);
	assert_true(off);
	/* a-inf2 on a1: left off the board, right b1 free. */
	t = unit(w, "a-inf2", &s);
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_ALLIES, t, &dir,
	    &off), square(w, "b1"));
	assert_true(off);
	/* Bases cannot retreat. */
	t = unit(w, "x-hq", &s);
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_AXIS, t, &dir, &off),
	    -1);
	assert_false(off);
	/* Lateral squares in contact are refused (WW-14). */
	t = unit(w, "a-inf1", &s);
	unsigned char order[WWII_DIRS];
	wwii_retreat_order(&w->units[0][t], order);
	assert_int_equal(order[0], WWII_BACK);
	assert_int_equal(order[4], WWII_RIGHT);
	umpire_game_free(g);

	struct position q = { { "a-hq hq d1", "a-inf1 infantry d4", "a-inf2 "
		"infantry d3", "a-inf3 infantry c3", "a-inf4 infantry e3", NULL },
		{ "x-hq hq e8", "x-inf1 infantry b5", NULL } };
	g = load(&q);
	w = rs(g);
	t = unit(w, "a-inf1", &s);
	/* Back and both diagonals held; left c4 touches x-inf1; right e4. */
	assert_int_equal(wwii_retreat_square(&w->pos, WWII_ALLIES, t, &dir,
	    &off), square(w, "e4"));
	assert_int_equal(dir, WWII_RIGHT);
	umpire_game_free(g);
}

/* --------------------------------------------------------- the hooks */

struct job {
	struct umpire_arena a;
	struct umpire_diags d;
};

/* Check orders (the body after the envelope) on g: problems found. */
static size_t
check(struct umpire_game *g, struct job *j, const char *body)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	const struct umpire_node *orders;

	memset(j, 0, sizeof(*j));
	umpire_game_decision(g, &dec);
	umpire_buf_printf(&b, "umpire: 1\nruleset: wwii\ngame: %s\nplayer: %s\n"
	    "step: %ld\n%s", g->id, dec.player, g->step, body);
	umpire_game_check(g, &j->a, "orders.yaml", b.ptr, b.len, &orders, &j->d);
	umpire_buf_free(&b);
	return j->d.errors;
}

static void
job_free(struct job *j)
{
	umpire_diags_free(&j->d);
	umpire_arena_free(&j->a);
}

/* Resolve orders that must pass; returns the report. */
static char *
play(struct umpire_game *g, const char *body)
{
	struct job j;
	struct umpire_buf b = UMPIRE_BUF_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_decision dec;
	const struct umpire_node *orders;

	memset(&j, 0, sizeof(j));
	umpire_game_decision(g, &dec);
	umpire_buf_printf(&b, "umpire: 1\nruleset: wwii\ngame: %s\nplayer: %s\n"
	    "step: %ld\n%s", g->id, dec.player, g->step, body);
	if (umpire_game_check(g, &j.a, "orders.yaml", b.ptr, b.len, &orders,
	    &j.d) != 0)
		fail_msg("refused:\n%s\n%s", b.ptr, diags_text(&j.d));
	umpire_game_resolve(g, &j.a, orders, &report);
	umpire_buf_free(&b);
	job_free(&j);
	char *text = report.text.ptr;
	report.text.ptr = NULL;
	umpire_step_report_free(&report);
	return text;
}

static void
check_hook(void **state)
{
	struct position p = { { "a-hq hq d1", "a-inf1 infantry c3",
		"a-mt1 medium-tank e3", NULL },
		{ "x-hq hq e8", "x-inf1 infantry c5", NULL } };
	struct umpire_game *g = load(&p);
	struct job j;

	(void)state;
	assert_int_equal(check(g, &j, ""), 0);
	job_free(&j);
	assert_int_equal(check(g, &j, "moves: [{unit: a-inf1, to: c4}]\n"
	    "attacks: [{unit: a-inf1, target: x-inf1}]\n"), 0);
	job_free(&j);
	/* Every problem, each once. */
	assert_int_equal(check(g, &j, "moves: [{unit: a-inf9, to: c4}, "
	    "{unit: a-mt1, to: E5}, {unit: x-inf1, to: c4}]\n"
	    "attacks: [{unit: a-mt1, target: a-inf1}]\n"), 4);
	assert_diag(&j.d, "(did you mean 'a-inf1'?)");
	assert_diag(&j.d, "(did you mean 'e5'?)");
	assert_diag(&j.d, "x-inf1 is an axis unit");
	assert_diag(&j.d, "a-inf1 is one of the allies' own units");
	job_free(&j);
	/* WW-25: the form of another decision. */
	assert_int_equal(check(g, &j, "place: {unit: a-inf1, at: c2}\n"), 1);
	assert_diag(&j.d, "not place (WW-25)");
	job_free(&j);
	/* The schema's problems and the names together (partial). */
	assert_int_equal(check(g, &j, "moves: [{unit: a-inf7, to: c4, "
	    "via: c3}]\n"), 2);
	assert_diag(&j.d, "unknown key 'via'");
	assert_diag(&j.d, "no unit called 'a-inf7'");
	job_free(&j);
	umpire_game_free(g);
}

static const struct wwii_unit *find(struct umpire_game *g, const char *id);
static void assert_state_round_trips(const struct umpire_game *g);

/* WW-10: each attack judged where the attacks before it leave the units. */
static void
fire_checked_in_order(void **state)
{
	struct position p = { { "a-hq hq d1", "a-inf1 infantry c5",
		"a-inf2 infantry d5", "a-inf3 infantry e5", "a-af1 airfield d3",
		"a-lt1 light-tank a5", NULL },
		{ "x-hq hq e8", "x-aa1 aa-gun d6", "x-inf1 infantry e7",
		"x-inf2 infantry c7", "x-inf3 infantry d7", NULL } };
	struct umpire_game *g = load(&p);
	struct job j;
	static const char *const guns =
	    "attacks:\n- {unit: a-inf1, target: x-aa1}\n"
	    "- {unit: a-inf2, target: x-aa1}\n- {unit: a-inf3, target: x-aa1}\n";
	char body[512];

	(void)state;
	/* Protected as the phase starts: the airfield may not strike. */
	assert_int_equal(check(g, &j, "attacks: [{unit: a-af1, target: "
	    "x-inf3}]\n"), 1);
	assert_diag(&j.d, "x-aa1 is an anti-aircraft gun next to it");
	job_free(&j);
	/* The gun destroyed first: it may (WW-16). */
	snprintf(body, sizeof(body), "%s- {unit: a-af1, target: x-inf3}\n", guns);
	assert_int_equal(check(g, &j, body), 0);
	job_free(&j);
	/* A target destroyed earlier: the next named, or the attack spent. */
	snprintf(body, sizeof(body), "%s- {unit: a-lt1, target: [x-aa1, "
	    "x-inf2]}\n- {unit: a-af1, target: x-aa1}\n", guns);
	assert_int_equal(check(g, &j, body), 0);
	job_free(&j);
	char *report = play(g, body);
	assert_non_null(strstr(report, "a-lt1 (Light Tanks), on a5 (Range 2), "
	    "attacks. x-aa1, its target, was destroyed earlier this phase "
	    "(WW-10). The target is x-inf2"));
	assert_non_null(strstr(report, "No target it named is left, so the "
	    "attack is spent (WW-10)."));
	/* The headline counts the attacks made, not the ones ordered. */
	assert_non_null(strstr(report, "**The allies make 0 moves and 4 "
	    "attacks: x-aa1 is destroyed."));
	assert_non_null(strstr(report, "0 moves and 5 attacks ordered."));
	free(report);
	/* The check played on a copy: the game moved on only by play(). */
	assert_true(find(g, "x-aa1")->destroyed);
	assert_int_equal(rs(g)->to_move, WWII_AXIS);
	umpire_game_free(g);

	/* Forced back out of range, named anyway: refused, saying why. */
	struct position q = { { "a-hq hq d1", "a-inf1 infantry c4",
		"a-inf2 infantry d4", "a-inf3 infantry e4", "a-lt1 light-tank b3",
		"a-lt2 light-tank a4", NULL },
		{ "x-hq hq e8", "x-lt1 light-tank d5", NULL } };
	g = load(&q);
	static const char *const three =
	    "attacks:\n- {unit: a-inf1, target: x-lt1}\n"
	    "- {unit: a-inf2, target: x-lt1}\n- {unit: a-inf3, target: x-lt1}\n";
	snprintf(body, sizeof(body), "%s- {unit: a-lt1, target: x-lt1}\n", three);
	assert_int_equal(check(g, &j, body), 1);
	assert_diag(&j.d, "attacks[3]: x-lt1 on d6 is 3 squares from a-lt1 on "
	    "b3, beyond a-lt1's Range 2 (Fire Phase, WW-9); x-lt1 retreated to "
	    "d6 at attacks[2]");
	job_free(&j);
	/* Brought into range by its retreat: a-lt2 on a4, 3 squares off
	 * as the phase starts, 2 once it goes back-right to c6. */
	umpire_game_free(g);
	q.axis[1] = "x-lt1 light-tank d5 retreat=back-right";
	g = load(&q);
	snprintf(body, sizeof(body), "%s- {unit: a-lt2, target: x-lt1}\n", three);
	assert_int_equal(check(g, &j, body), 0);
	job_free(&j);
	umpire_game_free(g);

	/* After the HQ falls the rest is not carried out, nor judged. */
	struct position v = { { "a-hq hq d1", "a-eng1 engineers d7",
		"a-eng2 engineers e7", "a-eng3 engineers f7", "a-inf1 infantry a5",
		NULL }, { "x-hq hq e8", "x-inf1 infantry h8", NULL } };
	g = load(&v);
	assert_int_equal(check(g, &j, "attacks:\n- {unit: a-eng1, target: x-hq}\n"
	    "- {unit: a-eng2, target: x-hq}\n- {unit: a-eng3, target: x-hq}\n"
	    "- {unit: a-inf1, target: x-inf1}\n"), 0);
	job_free(&j);
	assert_int_equal(check(g, &j, "attacks:\n"
	    "- {unit: a-inf1, target: x-inf1}\n"), 1);
	assert_diag(&j.d, "beyond a-inf1's Range 1");
	job_free(&j);
	umpire_game_free(g);
}

/* The Fire Phase itself, on a copy: the game's own units stay as they are. */
static void
fire_on_a_copy(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct position p = { { "a-hq hq d1", "a-at1 at-gun c3",
		"a-at2 at-gun e3", "a-at3 at-gun c4", "a-how1 howitzer d3 kills=4",
		NULL }, { "x-hq hq e8", "x-lt1 light-tank d5", NULL },
		"experienced-units" };
	struct umpire_game *g = load(&p);
	struct wwii_game *w = rs(g);
	struct wwii_pos pos;
	struct wwii_fire f;
	int s, at1 = unit(w, "a-at1", &s), at2 = unit(w, "a-at2", &s);
	int at3 = unit(w, "a-at3", &s), how = unit(w, "a-how1", &s);
	int lt = unit(w, "x-lt1", &s);

	(void)state;
	wwii_pos_copy(&pos, &w->pos, &a, -1);
	wwii_fire_begin(&f, &pos, WWII_ALLIES, 9, w->deaths, &a, &a);
	/* 2 (an anti-tank gun on a tank), then 2: past its Defense 3, back
	 * to d6, the count starting again (WW-11, WW-12). */
	wwii_fire_hit(&f, at1, lt, 0);
	assert_int_equal(f.damage[lt], 2);
	wwii_fire_hit(&f, at2, lt, 1);
	assert_string_equal(where(&pos, "x-lt1"), "d6");
	assert_int_equal(f.forced_at[lt], 1);
	assert_int_equal(f.damage[lt], 0);
	/* 2 and 1 more: a second retreat, so destroyed (WW-15); the
	 * howitzer's fifth kill makes it Elite (WW-22). */
	struct wwii_attack att = { .unit = how, .ntargets = 1, .targets = { lt } };
	int k = 0;
	assert_int_equal(wwii_fire_target(&f, &att, &k), lt);
	wwii_fire_hit(&f, at3, lt, 2);
	wwii_fire_hit(&f, how, lt, 3);
	assert_true(pos.units[WWII_AXIS][lt].destroyed);
	assert_int_equal(pos.units[WWII_AXIS][lt].how, WWII_DOUBLE_WHAMMY);
	assert_int_equal(pos.units[WWII_AXIS][lt].nby, 4);
	assert_true(pos.units[WWII_ALLIES][how].elite);
	assert_int_equal(f.made, 4);
	assert_false(f.over);
	/* Destroyed meanwhile: the list passes it over, and the attack with
	 * nothing left is spent (WW-10). */
	k = 0;
	assert_int_equal(wwii_fire_target(&f, &att, &k), -1);
	assert_int_equal(k, 1);
	/* The game's own position and units are untouched. */
	assert_string_equal(where(&w->pos, "x-lt1"), "d5");
	assert_false(w->units[WWII_AXIS][lt].destroyed);
	assert_int_equal(w->units[WWII_ALLIES][how].kills, 4);
	assert_false(w->units[WWII_ALLIES][how].elite);
	umpire_game_free(g);
	umpire_arena_free(&a);
}

/* Orders that fail their schema: names checked, the reinforcement's too. */
static void
partial_check(void **state)
{
	struct position p = { { "a-hq hq d1", "a-inf1 infantry c4", NULL },
		{ "x-hq hq e8", "x-inf1 infantry h5", NULL }, "reinforcements",
		NULL, NULL, 5 };
	struct umpire_game *g = load(&p);
	struct job j;

	(void)state;
	assert_int_equal(check(g, &j, "reinforce: {type: light-tank, at: a1, "
	    "id: rover}\nmoves: [{unit: rover, to: a4}, {unit: a-inf1, to: c5, "
	    "extra: 1}]\n"), 1);
	assert_diag(&j.d, "unknown key 'extra'");
	job_free(&j);
	/* Its default id, as the full check gives it (WW-2). */
	assert_int_equal(check(g, &j, "reinforce: {type: light-tank, at: a1}\n"
	    "moves: [{unit: a-lt1, to: a4}, {unit: a-inf1, to: c5, extra: 1}]\n"
	    "attacks: [{unit: a-inf1, target: rover}]\n"), 2);
	assert_diag(&j.d, "attacks[0]: the axis have no unit called 'rover'");
	job_free(&j);
	/* A target that is the reinforcement: an own unit, not an unknown. */
	assert_int_equal(check(g, &j, "reinforce: {type: light-tank, at: a1, "
	    "id: rover}\nattacks: [{unit: a-inf1, target: rover, x: 1}]\n"), 2);
	assert_diag(&j.d, "attacks[0]: rover is one of the allies' own units");
	job_free(&j);
	umpire_game_free(g);
}

/* Bounds the C code keeps itself, whatever the schema says. */
static void
bounds_in_c(void **state)
{
	struct position p = { { "a-hq hq d1", "a-how1 howitzer d4", NULL },
		{ "x-hq hq e8", "x-inf1 infantry a6", "x-inf2 infantry b6",
		"x-inf3 infantry c6", "x-inf4 infantry d6", "x-inf5 infantry e6",
		"x-inf6 infantry f6", NULL } };
	struct umpire_game *g = load(&p);
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	static const char text[] = "umpire: 1\nruleset: wwii\n"
	    "game: wwii-0123456789\nplayer: allies\nstep: 9\n"
	    "attacks: [{unit: a-how1, target: [x-inf1, x-inf2, x-inf3, x-inf4, "
	    "x-inf5, x-inf6]}]\n";
	/* Past the schema (which says maxItems: 5), straight to the hook. */
	const struct umpire_node *doc = umpire_game_parse(&a, "orders.yaml", text,
	    strlen(text), &d);
	struct umpire_result res;
	static const char *const players[] = { "allies", "axis" };
	umpire_result_init(&res, &a, players, 2);
	struct umpire_ctx ctx = { .arena = &a, .diags = &d,
		.game_id = "wwii-0123456789", .step = 9, .result = &res };

	(void)state;
	assert_non_null(doc);
	assert_int_equal(wwii()->check(&ctx, rs(g), doc), 1);
	assert_diag(&d, "attacks[0]: an attack names at most 5 targets (WW-10)");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	umpire_game_free(g);
}

/* States a game could not reach are refused (WW-5, WW-24). */
static void
decode_refuses(void **state)
{
	struct position p = { { "a-hq hq d1", NULL }, { "x-hq hq e8", NULL } };
	char *text = state_text(&p);
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *g;

	(void)state;
	/* Army limits of a campaign, without the campaign option. */
	char *at = strstr(text, "units: 16");
	assert_non_null(at);
	memcpy(at, "units: 18", 9);
	assert_int_not_equal(umpire_game_load(&g, "game.yaml", text, strlen(text),
	    &d), 0);
	assert_diag(&d, "army: limits other than the rulebook's");
	umpire_diags_free(&d);
	free(text);

	/* A unit off its setup rows while the placing goes on. */
	static const char *const fix[][2] = {
		{ "kind: turn, turn: 1", "kind: place" },
		{ "{id: x-hq, type: hq, at: e8}", "{id: x-hq, type: hq, at: e4}" },
		{ "  - {id: a-hq, type: hq, at: d1}\n",
		  "  - {id: a-hq, type: hq, at: d1}\n  - {id: a-inf1, "
		  "type: infantry}\n" },
	};
	struct umpire_buf b = UMPIRE_BUF_INIT;
	umpire_buf_puts(&b, (text = state_text(&p)));
	free(text);
	for (size_t k = 0; k < 3; k++) {
		char *s = strstr(b.ptr, fix[k][0]);
		assert_non_null(s);
		struct umpire_buf n = UMPIRE_BUF_INIT;
		umpire_buf_printf(&n, "%.*s%s%s", (int)(s - b.ptr), b.ptr, fix[k][1],
		    s + strlen(fix[k][0]));
		umpire_buf_free(&b);
		b = n;
	}
	memset(&d, 0, sizeof(d));
	assert_int_not_equal(umpire_game_load(&g, "game.yaml", b.ptr, b.len, &d),
	    0);
	assert_diag(&d, "x-hq is on e4, outside the axis' setup rows, ranks 6 to "
	    "8, and no turn has been played (Setup, WW-5)");
	umpire_diags_free(&d);
	umpire_buf_free(&b);
}

/* The destroyed are written in the order they fell, step after step. */
static void
destroyed_in_order(void **state)
{
	struct position p = { { "a-hq hq d1", "a-how1 howitzer a5",
		"a-how2 howitzer b5", "a-how3 howitzer g5", "a-how4 howitzer h5",
		"a-how5 howitzer d5", "a-how6 howitzer e5", NULL },
		{ "x-hq hq f1", "x-af1 airfield a8", "x-inf1 infantry b8",
		"x-af2 airfield h8", "x-inf2 infantry g8", "x-af3 airfield d8",
		"x-inf3 infantry c8", "x-inf4 infantry e8", NULL } };
	struct umpire_game *g = load(&p);
	struct wwii_game *w;

	(void)state;
	/* x-af2 falls before x-af1, though listed after it. */
	free(play(g, "attacks:\n- {unit: a-how3, target: x-af2}\n"
	    "- {unit: a-how4, target: x-af2}\n- {unit: a-how1, target: x-af1}\n"
	    "- {unit: a-how2, target: x-af1}\n"));
	free(play(g, ""));
	free(play(g, "attacks:\n- {unit: a-how5, target: x-af3}\n"
	    "- {unit: a-how6, target: x-af3}\n"));
	w = rs(g);
	int n = w->nunits[WWII_AXIS];
	assert_string_equal(w->units[WWII_AXIS][n - 3].id, "x-af2");
	assert_string_equal(w->units[WWII_AXIS][n - 2].id, "x-af1");
	assert_string_equal(w->units[WWII_AXIS][n - 1].id, "x-af3");
	const struct wwii_unit *dead = &w->units[WWII_AXIS][n - 3];
	assert_true(dead[0].seq < dead[1].seq && dead[1].seq < dead[2].seq);
	assert_false(w->units[WWII_AXIS][n - 4].destroyed);
	assert_state_round_trips(g);
	umpire_game_free(g);
}

static const struct wwii_unit *
find(struct umpire_game *g, const char *id)
{
	int side, i = unit(rs(g), id, &side);

	return &rs(g)->units[side][i];
}

static void
resolving(void **state)
{
	struct position p = { { "a-hq hq d1", "a-at1 at-gun c3",
		"a-at2 at-gun e3", "a-how1 howitzer d3", "a-mt1 medium-tank b4",
		"a-ht1 heavy-tank f4", NULL },
		{ "x-hq hq e8", "x-lt1 light-tank d5", "x-inf1 infantry a8", NULL },
		"experienced-units" };
	struct umpire_game *g = load(&p);
	char *report;

	(void)state;
	/* WW-12, WW-15: back, then destroyed by a second retreat. */
	report = play(g, "attacks:\n- {unit: a-at1, target: x-lt1}\n"
	    "- {unit: a-at2, target: x-lt1}\n- {unit: a-how1, target: x-lt1}\n"
	    "- {unit: a-mt1, target: x-lt1}\n- {unit: a-ht1, target: x-lt1}\n");
	assert_non_null(strstr(report, "It retreats back, from d5 to d6."));
	assert_non_null(strstr(report, "Double Whammy Rule, WW-15"));
	const struct wwii_unit *lt = find(g, "x-lt1");
	assert_true(lt->destroyed);
	assert_int_equal(lt->how, WWII_DOUBLE_WHAMMY);
	assert_int_equal(lt->nby, 5);
	assert_string_equal(lt->by[0], "a-at1");
	assert_int_equal(find(g, "a-ht1")->kills, 1);
	/* The destroyed come last (wwii_normalize). */
	struct wwii_game *w = rs(g);
	assert_string_equal(w->units[WWII_AXIS][w->nunits[WWII_AXIS] - 1].id,
	    "x-lt1");
	assert_int_equal(w->to_move, WWII_AXIS);
	assert_int_equal(w->turns[WWII_ALLIES], 1);
	assert_int_equal(g->step, 10);
	free(report);
	/* The axis pass. */
	free(play(g, ""));
	assert_int_equal(rs(g)->turns[WWII_AXIS], 1);
	umpire_game_free(g);

	struct position v = { { "a-hq hq d1", "a-eng1 engineers d7",
		"a-eng2 engineers e7", "a-eng3 engineers f7", "a-inf1 infantry a7",
		NULL }, { "x-hq hq e8", "x-inf1 infantry a8", NULL } };
	/* The allies win by the HQ, at once (WW-17). */
	g = load(&v);
	report = play(g, "attacks:\n- {unit: a-eng1, target: x-hq}\n"
	    "- {unit: a-eng2, target: x-hq}\n- {unit: a-eng3, target: x-hq}\n"
	    "- {unit: a-inf1, target: x-inf1}\n");
	struct umpire_decision dec;
	umpire_game_decision(g, &dec);
	assert_null(dec.player);
	assert_string_equal(umpire_result_winner_of(&g->result), "allies");
	assert_int_equal(g->result.step, 9);
	assert_false(find(g, "x-inf1")->destroyed);
	assert_non_null(strstr(report, "1 attack."));
	free(report);
	umpire_game_free(g);

	/* WW-23: the reinforcement, then its move. */
	struct position r = { { "a-hq hq d1", NULL }, { "x-hq hq e8", NULL },
		"reinforcements", NULL, NULL, 2 };
	g = load(&r);
	report = play(g, "reinforce: {type: light-tank, at: a1}\n"
	    "moves: [{unit: a-lt1, to: a4}]\n");
	assert_string_equal(where(&rs(g)->pos, "a-lt1"), "a4");
	free(report);
	umpire_game_free(g);
}

/* Encode g, load it, encode again: the same bytes. */
static void
assert_state_round_trips(const struct umpire_game *g)
{
	struct umpire_buf one = UMPIRE_BUF_INIT, two = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *copy;

	umpire_game_encode(g, UMPIRE_VERSION, &one);
	if (umpire_game_load(&copy, "game.yaml", one.ptr, one.len, &d) != 0)
		fail_msg("the state does not load:\n%s\n%s", one.ptr, diags_text(&d));
	umpire_game_encode(copy, UMPIRE_VERSION, &two);
	assert_string_equal(one.ptr, two.ptr);
	umpire_game_free(copy);
	umpire_diags_free(&d);
	umpire_buf_free(&one);
	umpire_buf_free(&two);
}

/* The bot's orders for g pass the check; resolve them. */
static void
bot_step(struct umpire_game *g, const char *salt)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	const struct umpire_node *bot = umpire_game_bot_doc(g, &a, salt,
	    strlen(salt));

	if (umpire_game_check_doc(g, &a, bot, &d) != 0) {
		struct umpire_buf o = UMPIRE_BUF_INIT, s = UMPIRE_BUF_INIT;
		umpire_yaml_emit(&o, bot, NULL);
		umpire_game_encode(g, UMPIRE_VERSION, &s);
		fail_msg("step %ld: the check refuses the bot's orders\n%s\n%s\n%s",
		    g->step, s.ptr, o.ptr, diags_text(&d));
	}
	umpire_game_resolve(g, &a, bot, &report);
	umpire_step_report_free(&report);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static void
bot_random_positions(void **state)
{
	static const char *const types[] = { "infantry", "paratroopers",
		"engineers", "mech-infantry", "light-tank", "medium-tank",
		"heavy-tank", "howitzer", "at-gun", "aa-gun", "airfield",
		"fortification" };
	static const char *const options[] = { "", "difficult-terrain",
		"city-spaces difficult-terrain", "reinforcements elite-units",
		"experienced-units" };
	struct umpire_rng rng;
	char specs[2][33][48];

	(void)state;
	umpire_rng_seed(&rng, "wwii", 4);
	for (int k = 0; k < 200; k++) {
		struct position p = { { NULL }, { NULL } };
		bool taken[64] = { false };
		p.options = options[k % 5];
		p.terrain = strstr(p.options, "terrain") ? "[c4, d5, e4, f5]" : NULL;
		p.cities = strstr(p.options, "city") ? "[a4, b5, g4, h5]" : NULL;
		p.turns = (int)umpire_rng_below(&rng, 9);
		p.axis_to_move = umpire_rng_below(&rng, 2);
		for (int s = 0; s < 2; s++) {
			int n = 1 + (int)umpire_rng_below(&rng, 16);
			for (int i = 0; i <= n; i++) {
				int sq;
				do
					sq = (int)umpire_rng_below(&rng, 64);
				while (taken[sq]);
				taken[sq] = true;
				const char *t = i == 0 ? "hq" :
				    types[umpire_rng_below(&rng, 12)];
				snprintf(specs[s][i], sizeof(specs[s][i]), "%c-u%d %s %c%d%s",
				    s ? 'x' : 'a', i, t, 'a' + sq % 8, 1 + sq / 8,
				    strstr(p.options, "elite") && i % 5 == 1 ? " elite" : "");
				(s ? p.axis : p.allies)[i] = specs[s][i];
			}
		}
		struct umpire_game *g = load(&p);
		/* Two steps: the bot's orders, then the other side's. */
		for (int step = 0; step < 2; step++) {
			struct umpire_decision dec;
			umpire_game_decision(g, &dec);
			if (!dec.player)
				break;
			bot_step(g, "random");
			assert_state_round_trips(g);
		}
		umpire_game_free(g);
	}
}

static void
whole_games(void **state)
{
	static const char *const files[] = {
		"samples/wwii/standard.yaml", "samples/wwii/city-spaces.yaml",
		"samples/wwii/difficult-terrain.yaml",
		"samples/wwii/elite-units.yaml",
		"samples/wwii/experienced-units.yaml",
		"samples/wwii/reinforcements.yaml",
	};
	long steps = 0;
	int ends[3] = { 0, 0, 0 };

	(void)state;
	for (int k = 0; k < 24; k++) {
		char *text = slurp(files[k % 6], NULL);
		struct umpire_arena pa = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
		struct umpire_seed seed;
		struct umpire_game *g;
		const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml", text,
		    strlen(text), &d);

		assert_non_null(doc);
		for (int i = 0; i < UMPIRE_SEED_BYTES; i++)
			seed.bytes[i] = (unsigned char)(k * 37 + i);
		if (umpire_game_create(&g, doc, NULL, 0, &seed, false, &report, &d) != 0)
			fail_msg("%s: %s", files[k % 6], diags_text(&d));
		umpire_arena_free(&pa);
		for (;;) {
			struct umpire_decision dec;
			umpire_game_decision(g, &dec);
			if (!dec.player) {
				const char *w = umpire_result_winner_of(&g->result);
				ends[!w ? 2 : strcmp(w, "axis") == 0]++;
				break;
			}
			/* The turn limit ends every game (WW-18). */
			assert_true(g->step <= 34 + 2 * WWII_TURN_LIMIT);
			bot_step(g, "whole");
			if (k % 4 == 0)
				assert_state_round_trips(g);
			steps++;
		}
		umpire_step_report_free(&report);
		umpire_diags_free(&d);
		umpire_game_free(g);
		free(text);
	}
	print_message("24 games, %ld steps; the allies won %d, the axis %d, "
	    "%d draws\n", steps, ends[0], ends[1], ends[2]);
	assert_int_equal(ends[0] + ends[1] + ends[2], 24);
}

/*
 * CAMPAIGN: "Use a Larger map with bigger armies": more files or more
 * ranks than 8x8 (the schema refuses fewer), more units than 16 (WW-24).
 */
static void
campaign_sizes(void **state)
{
	static const struct {
		int files, ranks, units;
		const char *error;	/* NULL: the game is made */
	} cases[] = {
		{ 9, 8, 17, NULL },
		{ 8, 10, 17, NULL },
		{ 64, 64, 17, NULL },
		{ 8, 8, 17, "files: a campaign is played on a larger map than the "
		    "standard 8x8, and this one is 8x8" },
		{ 10, 10, 16, "units: a campaign is played with bigger armies than "
		    "the standard 16 units, and these have 16" },
		{ 10, 10, 12, "and these have 12: give army.units more than 16" },
		{ 6, 12, 17, "map.files: 6 is out of range 8 to 64" },
	};
	struct umpire_seed seed = { { 9 } };

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct umpire_arena pa = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
		struct umpire_game *g = NULL;
		char text[512];
		snprintf(text, sizeof(text), "umpire: 1\nruleset: wwii\n"
		    "players: {allies: {name: A}, axis: {name: B}}\n"
		    "options: {campaign: true}\n"
		    "map: {files: %d, ranks: %d}\narmy: {units: %d}\n",
		    cases[k].files, cases[k].ranks, cases[k].units);
		const struct umpire_node *doc = umpire_game_parse(&pa,
		    "scenario.yaml", text, strlen(text), &d);
		assert_non_null(doc);
		int rc = umpire_game_create(&g, doc, NULL, 0, &seed, false, &report, &d);
		if (!cases[k].error && rc != 0)
			fail_msg("%dx%d, %d units: %s", cases[k].files,
			    cases[k].ranks, cases[k].units, diags_text(&d));
		if (cases[k].error) {
			assert_int_not_equal(rc, 0);
			assert_diag(&d, cases[k].error);
		} else {
			assert_int_equal(rs(g)->lim.units, cases[k].units);
			umpire_game_free(g);
		}
		umpire_step_report_free(&report);
		umpire_diags_free(&d);
		umpire_arena_free(&pa);
	}
}

static void
campaign_game(void **state)
{
	char *text = slurp("samples/wwii/campaign.yaml", NULL);
	struct umpire_arena pa = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_seed seed = { { 9 } };
	struct umpire_game *g;
	const struct umpire_node *doc = umpire_game_parse(&pa, "c.yaml", text,
	    strlen(text), &d);

	(void)state;
	assert_non_null(doc);
	if (umpire_game_create(&g, doc, NULL, 0, &seed, false, &report, &d) != 0)
		fail_msg("%s", diags_text(&d));
	assert_int_equal(rs(g)->grid.files, 32);
	assert_int_equal(rs(g)->nunits[0], 200);
	assert_true(rs(g)->opt.cities && rs(g)->opt.terrain &&
	    rs(g)->opt.reinforcements && rs(g)->opt.elite &&
	    rs(g)->opt.experienced);
	/* Six cities, by dice at step 0 (WW-19). */
	int cities = 0;
	for (int sq = 0; sq < rs(g)->nsquares; sq++)
		cities += (rs(g)->terrain[sq] & WWII_CITY) != 0;
	assert_int_equal(cities, 6);
	assert_int_equal(g->rolls, 6);
	/* A few turns, reinforcements included. */
	for (int k = 0; k < 8; k++) {
		struct umpire_decision dec;
		umpire_game_decision(g, &dec);
		if (!dec.player)
			break;
		bot_step(g, "campaign");
	}
	assert_state_round_trips(g);
	umpire_step_report_free(&report);
	umpire_diags_free(&d);
	umpire_game_free(g);
	umpire_arena_free(&pa);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tables),
		cmocka_unit_test(ids),
		cmocka_unit_test(shared_helpers),
		cmocka_unit_test(moving),
		cmocka_unit_test(airfields_and_paratroopers),
		cmocka_unit_test(attacking),
		cmocka_unit_test(defense),
		cmocka_unit_test(retreats),
		cmocka_unit_test(check_hook),
		cmocka_unit_test(fire_checked_in_order),
		cmocka_unit_test(fire_on_a_copy),
		cmocka_unit_test(partial_check),
		cmocka_unit_test(bounds_in_c),
		cmocka_unit_test(decode_refuses),
		cmocka_unit_test(destroyed_in_order),
		cmocka_unit_test(resolving),
		cmocka_unit_test(bot_random_positions),
		cmocka_unit_test(whole_games),
		cmocka_unit_test(campaign_sizes),
		cmocka_unit_test(campaign_game),
	};

	return cmocka_run_group_tests_name("wwii", tests, NULL, NULL);
}
