/*
 * test_vsgmr_scenario - a VSGMR scenario read and checked
 * (src/rules/vsgmr/scenario.c): a table scenario and a map scenario read
 * into exactly the game expected, the corpus's scenarios and the sample
 * scenarios (samples/vsgmr/) read with no diagnostic, and each check the
 * reader makes with its whole diagnostic (VS-30, VS-55 to VS-60).  Every
 * file passes schemas/vsgmr/scenario.yaml first, but for the few cases
 * that show the reader is robust where the schema already refuses
 * (marked so).  A rider may leave its place out (VS-57): the schema
 * allows rides without at.
 */
#include <glob.h>

#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

struct read {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_game g;
	int rc;
};

static void
read_scenario(struct read *r, const char *file, const char *text,
	bool validate)
{
	struct umpire_node *root = NULL;

	memset(r, 0, sizeof(*r));
	r->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &r->a, file, text, strlen(text), NULL,
	    &r->d) != 0)
		fail_msg("%s does not parse:\n%s", file, text);
	if (validate && umpire_schema_validate("vsgmr/scenario", root, &r->d)) {
		char *msg = diags_text(&r->d);
		fail_msg("%s fails its schema:\n%s\n%s", file, msg, text);
	}
	r->rc = vs_scenario_read(&r->g, &r->a, root, &r->d);
}

static void
read_done(struct read *r)
{
	umpire_diags_free(&r->d);
	umpire_arena_free(&r->a);
}

static void
read_clean(struct read *r, const char *file, const char *text, bool validate)
{
	read_scenario(r, file, text, validate);
	if (r->rc != 0 || r->d.n) {
		char *msg = diags_text(&r->d);
		fail_msg("%s:\n%s", file, msg);
	}
}

static const struct vs_figure *
figure(const struct vs_game *g, int i, const char *id)
{
	assert_true(i < g->nfigures);
	assert_string_equal(g->figure[i].id, id);
	return &g->figure[i];
}

#define assert_pt(p, wx, wy) do {					\
	assert_int_equal((p).x, (wx));					\
	assert_int_equal((p).y, (wy));					\
} while (0)

/* ------------------------------------------------------------ the table */

static const char table_game[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"title: A skirmish\n"
	"players:\n"
	"  red: {name: Red Player}\n"
	"  blue: {}\n"
	"table: {width: 72, depth: 48.5}\n"
	"features:\n"
	"  - {id: house, does: [barrier, cover], corners: [[30, 20], [40, 20], "
	"[40, 28], [30, 28]]}\n"
	"  - {id: wood, does: [cover, rough], corner: [10, 30], size: [8, 6.5]}\n"
	"objects:\n"
	"  - {id: scientist, at: [36, 34.25]}\n"
	"  - {id: map-case, held: merc-2}\n"
	"forces:\n"
	"  blue:\n"
	"    edge: north\n"
	"    bot: true\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, distance: true, "
	"at: [10, 46]}\n"
	"      - {id: grunt, type: troop, distance: true, count: 3,\n"
	"         at: [[20, 46], [22, 46], [24.5, 46]], facing: [0, -1]}\n"
	"      - {id: knight, type: hero, armor: heavy, at: [[40, 46]]}\n"
	"  red:\n"
	"    edge: south\n"
	"    army: Reds\n"
	"    figures:\n"
	"      - {id: boss, type: hero, commander: true, at: [10, 2], "
	"facing: [0, 1]}\n"
	"      - {id: merc, type: hero, count: 2, armor: heavy, base: 1.25,\n"
	"         at: [[12, 2], [14, 2]], facing: [3, 4]}\n"
	"      - {id: horse, type: cavalry, at: [20, 3], base: 2}\n"
	"      - {id: rider, type: troop, rides: horse, at: [20, 3], reach: 1.5}\n";

static void
table_scenario(void **state)
{
	(void)state;
	struct read r;
	const struct vs_game *g = &r.g;
	const struct vs_figure *f;

	read_clean(&r, "t.yaml", table_game, true);
	assert_int_equal(g->scenario, VS_BASIC);
	assert_int_equal(g->ending.rounds, 5);
	assert_int_equal(g->ending.end, VS_END_FIRST_FALLEN);
	assert_int_equal(g->ending.win, VS_WIN_POINTS);
	assert_false(g->ending.sides);
	assert_false(g->on_map);
	assert_true(g->solo);
	assert_int_equal(g->table.width, 7200);
	assert_int_equal(g->table.depth, 4850);
	assert_int_equal(g->default_base, 100);
	/* Seat order is the players' order, not the forces' (VS-41). */
	assert_int_equal(g->nplayers, 2);
	assert_string_equal(g->player[0].id, "red");
	assert_int_equal(g->player[0].edge, VS_SOUTH);
	assert_int_equal(g->player[0].team, VS_NO_TEAM);
	assert_false(g->player[0].bot);
	assert_string_equal(g->player[0].army, "Reds");
	/* 2 + 2 x (2 + 2) + 2 + 1 (VS-2). */
	assert_int_equal(g->player[0].points, 13);
	assert_int_equal(g->player[0].first, 0);
	assert_int_equal(g->player[0].nfigures, 5);
	assert_string_equal(g->player[1].id, "blue");
	assert_int_equal(g->player[1].edge, VS_NORTH);
	assert_true(g->player[1].bot);
	assert_null(g->player[1].army);
	/* 3 + 3 x 2 + 4. */
	assert_int_equal(g->player[1].points, 13);
	assert_int_equal(g->player[1].first, 5);
	assert_int_equal(g->player[1].nfigures, 5);
	assert_int_equal(g->nfigures, 10);

	f = figure(g, 0, "boss");
	assert_true(f->profile.commander);
	assert_int_equal(f->owner, 0);
	assert_int_equal(f->line, 0);
	assert_int_equal(f->points, 2);
	assert_int_equal(f->where, VS_ON);
	assert_pt(f->at.at, 1000, 200);
	assert_int_equal(f->at.base, 100);
	assert_pt(f->at.facing, 0, 1);
	assert_int_equal(f->reach, 0);
	assert_int_equal(f->size, 1);
	assert_int_equal(f->mount, -1);
	f = figure(g, 1, "merc-1");
	assert_int_equal(f->line, 1);
	assert_int_equal(f->points, 4);
	assert_int_equal(f->profile.armor, VS_HEAVY);
	assert_pt(f->at.at, 1200, 200);
	assert_int_equal(f->at.base, 125);
	assert_pt(f->at.facing, 3, 4);
	f = figure(g, 2, "merc-2");
	assert_pt(f->at.at, 1400, 200);
	assert_pt(f->at.facing, 3, 4);
	f = figure(g, 3, "horse");
	assert_int_equal(f->profile.kind, VS_CAVALRY);
	assert_int_equal(f->at.base, 200);
	assert_pt(f->at.facing, 0, 0);
	f = figure(g, 4, "rider");
	assert_int_equal(f->mount, 3);
	assert_int_equal(f->reach, 150);
	assert_pt(f->at.at, 2000, 300);
	f = figure(g, 5, "chief");
	assert_int_equal(f->owner, 1);
	assert_int_equal(f->points, 3);
	figure(g, 6, "grunt-1");
	figure(g, 7, "grunt-2");
	f = figure(g, 8, "grunt-3");
	assert_int_equal(f->line, 1);
	assert_pt(f->at.at, 2450, 4600);
	assert_pt(f->at.facing, 0, -1);
	assert_true(f->profile.distance);
	f = figure(g, 9, "knight");
	assert_pt(f->at.at, 4000, 4600);

	/* VS-20's masks, the rectangle made from its corner and size. */
	assert_int_equal(g->nfeatures, 2);
	assert_int_equal(g->table.npieces, 2);
	assert_ptr_equal(g->table.piece, g->pieces);
	assert_string_equal(g->feature[0].id, "house");
	assert_int_equal(g->pieces[0].kind, VS_BARRIER | VS_COVER);
	assert_int_equal(g->pieces[0].n, 4);
	assert_string_equal(g->feature[1].id, "wood");
	assert_int_equal(g->pieces[1].kind, VS_COVER | VS_ROUGH);
	assert_pt(g->pieces[1].lo, 1000, 3000);
	assert_pt(g->pieces[1].hi, 1800, 3650);
	assert_int_equal(g->feature[1].hits, 0);
	assert_int_equal(g->building, -1);
	assert_int_equal(g->nobjects, 2);
	assert_string_equal(g->object[0].id, "scientist");
	assert_int_equal(g->object[0].holder, -1);
	assert_pt(g->object[0].at, 3600, 3425);
	assert_string_equal(g->object[1].id, "map-case");
	assert_int_equal(g->object[1].holder, 2);
	read_done(&r);
}

/* VS-57: a rider's place may be left out, and is its mount's centre. */
static void
rider_without_place(void **state)
{
	(void)state;
	static const char text[] =
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"players: {red: {}, blue: {}}\n"
		"table: {width: 72, depth: 48}\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    figures:\n"
		"      - {id: boss, type: hero, commander: true, rides: jeep}\n"
		"      - {id: jeep, type: vehicle, at: [20, 3.5], base: 3}\n"
		"      - {id: gunner, type: troop, rides: jeep}\n"
		"  blue:\n"
		"    edge: north\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [10, 46]}\n"
		"      - {id: grunt, type: troop, count: 4, at: [[20, 46], "
		"[22, 46], [24, 46], [26, 46]]}\n";
	struct read r;

	read_clean(&r, "t.yaml", text, true);
	assert_int_equal(r.g.figure[0].mount, 1);
	assert_pt(r.g.figure[0].at.at, 2000, 350);
	assert_int_equal(r.g.figure[2].mount, 1);
	assert_pt(r.g.figure[2].at.at, 2000, 350);
	assert_int_equal(r.g.figure[0].at.base, 100);
	read_done(&r);
}

/* -------------------------------------------------------------- the map */

static const char map_game[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"scenario: fortress-assault\n"
	"rounds: 8\n"
	"win: survivors\n"
	"points: any\n"
	"players:\n"
	"  att: {}\n"
	"  def: {}\n"
	"map: {files: 24, ranks: 16, scale: 28mm}\n"
	"features:\n"
	"  - {id: keep, kind: building, squares: [l14, m14, l15, m15]}\n"
	"  - {id: mud, kind: difficult, squares: [a1, b1]}\n"
	"building: keep\n"
	"objects:\n"
	"  - {id: banner, at: x16}\n"
	"forces:\n"
	"  att:\n"
	"    edge: south\n"
	"    team: assaulter\n"
	"    figures:\n"
	"      - {id: boss, type: hero, commander: true, at: c2}\n"
	"      - {id: tank, type: vehicle, size: 2, at: e1}\n"
	"      - {id: driver, type: troop, rides: tank, at: f2}\n"
	"  def:\n"
	"    edge: north\n"
	"    team: defender\n"
	"    figures:\n"
	"      - {id: lord, type: hero, commander: true, at: l16}\n"
	"      - {id: guard, type: troop, count: 2, at: [k14, n15]}\n";

static void
map_scenario(void **state)
{
	(void)state;
	struct read r;
	const struct vs_game *g = &r.g;
	const struct vs_figure *f;

	read_clean(&r, "m.yaml", map_game, true);
	assert_int_equal(g->scenario, VS_FORTRESS);
	assert_int_equal(g->ending.rounds, 8);
	assert_int_equal(g->ending.end, VS_END_SCENARIO);
	assert_int_equal(g->ending.win, VS_WIN_SURVIVORS);
	assert_true(g->ending.sides);
	assert_true(g->on_map);
	assert_false(g->solo);
	assert_int_equal(g->grid.files, 24);
	assert_int_equal(g->grid.ranks, 16);
	assert_ptr_equal(g->scale, vs_scale_find("25mm"));
	assert_int_equal(g->player[0].team, VS_ASSAULTER);
	assert_int_equal(g->player[1].team, VS_DEFENDER);
	assert_int_equal(g->player[0].points, 6);
	assert_int_equal(g->player[1].points, 4);
	f = figure(g, 1, "tank");
	assert_int_equal(f->size, 2);
	assert_int_equal(f->sq.file, 5);
	assert_int_equal(f->sq.rank, 1);
	f = figure(g, 2, "driver");
	assert_int_equal(f->mount, 1);
	assert_int_equal(f->sq.file, 6);
	assert_int_equal(f->sq.rank, 2);
	figure(g, 3, "lord");
	figure(g, 4, "guard-1");
	f = figure(g, 5, "guard-2");
	assert_int_equal(f->sq.file, 14);
	assert_int_equal(f->sq.rank, 15);
	assert_int_equal(g->nfeatures, 2);
	assert_int_equal(g->feature[0].map_kind, VS_MAP_BUILDING);
	assert_int_equal(g->feature[0].nsquares, 4);
	assert_int_equal(g->building, 0);
	/* The ground: every square open but the features'. */
	int kinds[VS_MAP_TERRAINS] = { 0 };
	for (int i = 0; i < 24 * 16; i++)
		kinds[g->ground[i]]++;
	assert_int_equal(kinds[VS_MAP_OPEN], 24 * 16 - 6);
	assert_int_equal(kinds[VS_MAP_BUILDING], 4);
	assert_int_equal(g->ground[0], VS_MAP_DIFFICULT);
	assert_int_equal(g->ground[1], VS_MAP_DIFFICULT);
	assert_int_equal(g->ground[umpire_grid_index(&g->grid,
		(struct umpire_square){ 13, 15 })], VS_MAP_BUILDING);
	assert_int_equal(g->nobjects, 1);
	assert_int_equal(g->object[0].sq.file, 24);
	assert_int_equal(g->object[0].sq.rank, 16);
	read_done(&r);
}

/* The corpus (tests/vsgmr/scenarios/) reads with no diagnostic. */
static void
corpus(void **state)
{
	(void)state;
	static const char *const files[] = {
		"tests/vsgmr/scenarios/basic-four.yaml",
		"tests/vsgmr/scenarios/map-duel.yaml",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct read r;
		char *text = slurp(files[i], NULL);

		read_clean(&r, files[i], text, true);
		assert_true(r.g.nplayers >= 2);
		read_done(&r);
		free(text);
	}
}

/* Every sample scenario, each YAML file of samples/vsgmr/ (the armies are
 * in a folder of their own), reads with no diagnostic, warnings too. */
static void
samples(void **state)
{
	(void)state;
	glob_t gl;

	assert_int_equal(glob("samples/vsgmr/*.yaml", 0, NULL, &gl), 0);
	assert_true(gl.gl_pathc >= 8);
	for (size_t i = 0; i < gl.gl_pathc; i++) {
		struct read r;
		char *text = slurp(gl.gl_pathv[i], NULL);

		read_clean(&r, gl.gl_pathv[i], text, true);
		assert_true(r.g.nplayers >= 2);
		read_done(&r);
		free(text);
	}
	globfree(&gl);
}

/* ------------------------------------------------------------- refusals */

#define HEAD "umpire: 1\nruleset: vsgmr\n"
#define TWO "players: {red: {}, blue: {}}\n"
#define THREE "players: {red: {}, blue: {}, green: {}}\n"
#define TABLE "table: {width: 72, depth: 48}\n"
#define MAP "map: {files: 24, ranks: 16, scale: 25mm}\n"
/* Line 5 is "forces:", 6 "  red:", 9 red's first figure. */
#define RED "forces:\n  red:\n    edge: south\n"
#define FIGS "    figures:\n"
#define BLUE "  blue:\n    edge: north\n"
#define BOSS "      - {id: boss, type: hero, commander: true, at: [10, 2]}\n"
#define CHIEF "      - {id: chief, type: hero, commander: true, at: [10, 46]}\n"
#define MBOSS "      - {id: boss, type: hero, commander: true, at: c1}\n"
#define MCHIEF "      - {id: chief, type: hero, commander: true, at: c16}\n"
/* Five more points for blue, far from red. */
#define FIVE "      - {id: t, type: troop, count: 5, at: [[20, 46], [22, 46], " \
	"[24, 46], [26, 46], [28, 46]]}\n"
#define MFIVE "      - {id: t, type: troop, count: 5, at: [e14, f14, g14, " \
	"h14, i14]}\n"
/* Two forces of one hero each, red's boss first on line 9. */
#define DUEL(red, blue) HEAD TWO TABLE RED FIGS BOSS red BLUE FIGS CHIEF blue
#define MDUEL(red, blue) HEAD TWO MAP RED FIGS MBOSS red BLUE FIGS MCHIEF blue

struct bad {
	const char *what;
	const char *text;
	const char *diag;	/* the whole line */
	bool raw;		/* the schema refuses it already: not validated */
};

static const struct bad bad[] = {
	/* Players and forces (VS-41). */
	{ "one player", HEAD "players: {red: {}}\n" TABLE RED FIGS BOSS,
	  "t.yaml:3:10: error: a game has 2 to 16 players, not 1 (II)", true },
	{ "a force for nobody", DUEL("", "  green:\n    edge: east\n    figures:\n"
	  "      - {id: g, type: hero, commander: true, at: [70, 24]}\n"),
	  "t.yaml:14:3: error: 'green' is no player: forces has one force for "
	  "each of players", false },
	{ "a player without a force", HEAD TWO TABLE RED FIGS BOSS,
	  "t.yaml:3:20: error: player blue has no force: give forces: blue: "
	  "{edge, figures}", true },
	/* The surface. */
	{ "table and map", HEAD TWO TABLE MAP RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:5:6: error: a game is played on a table or on a map, not "
	  "both: leave out table or map (IX)", true },
	{ "neither", HEAD TWO RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:1:1: error: a game is played on a table or on a map: give "
	  "table: {width, depth} or map: {files, ranks, scale} (IX)", true },
	{ "no such scale", HEAD TWO "map: {files: 24, ranks: 16, scale: 12mm}\n"
	  RED FIGS MBOSS BLUE FIGS MCHIEF,
	  "t.yaml:4:36: error: a map's scale is a row of IX's chart: 4.7mm, "
	  "15mm, 25mm, 28mm, 54mm, 90mm, 180mm or 300mm (VS-31)", true },
	{ "too many files", HEAD TWO "map: {files: 703, ranks: 16, scale: 25mm}\n"
	  RED FIGS MBOSS BLUE FIGS MCHIEF,
	  "t.yaml:4:14: error: a map has 1 to 702 files (a to zz)", true },
	{ "three decimals", HEAD TWO "table: {width: 72.125, depth: 48}\n"
	  RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:4:16: error: a length is inches with at most two decimals, "
	  "from 0 to 163.84 (TABLE-1)", false },
	/* Ids (VS-56). */
	{ "one id in two forces", DUEL("", "      - {id: boss, type: troop, "
	  "at: [20, 46]}\n"),
	  "t.yaml:14:14: error: boss names a figure of red's already: an id "
	  "names one figure in the game, whoever's (VS-56)", false },
	{ "a count's id in another force", DUEL("      - {id: g, type: troop, "
	  "count: 2, at: [[20, 2], [22, 2]]}\n", "      - {id: g-2, type: "
	  "troop, at: [20, 46]}\n"),
	  "t.yaml:15:14: error: g-2 names a figure of red's already: an id "
	  "names one figure in the game, whoever's (VS-56)", false },
	{ "a feature's id", HEAD TWO TABLE "features:\n  - {id: boss, does: "
	  "[rough], corner: [30, 20], size: [4, 4]}\n" RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:11:14: error: boss is a feature's id already: an id names "
	  "one thing in the game (VS-56)", false },
	{ "two features", HEAD TWO TABLE "features:\n  - {id: hill, does: "
	  "[rough], corner: [30, 20], size: [4, 4]}\n  - {id: hill, does: "
	  "[rough], corner: [40, 20], size: [4, 4]}\n" RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:7:10: error: hill is a building or terrain feature's id "
	  "already: an id names one thing in the game (VS-56)", false },
	{ "an object's id", DUEL("", "") "objects:\n  - {id: chief, at: [36, "
	  "24]}\n",
	  "t.yaml:15:10: error: chief is a figure's id already: an id names "
	  "one thing in the game (VS-56)", false },
	/* Places. */
	{ "too few places", DUEL("      - {id: g, type: troop, count: 3, at: "
	  "[[20, 2], [22, 2]]}\n", ""),
	  "t.yaml:10:44: error: a line of 3 figures stands at 3 points, a list "
	  "in id order: at: [[x, y], ...]", false },
	{ "one place for two", DUEL("      - {id: g, type: troop, count: 2, at: "
	  "[20, 2]}\n", ""),
	  "t.yaml:10:44: error: a line of 2 figures stands at 2 points, a list "
	  "in id order: at: [[x, y], ...]", false },
	{ "a square on the table", DUEL("      - {id: g, type: troop, at: e4}\n",
	  ""),
	  "t.yaml:10:34: error: one figure stands at one point: at: [x, y]",
	  false },
	{ "off the table", DUEL("      - {id: g, type: troop, count: 2, at: "
	  "[[20, 2], [72.01, 2]]}\n", ""),
	  "t.yaml:10:54: error: g-2 stands at [72.01, 2], off the table (72 "
	  "by 48 inches)", false },
	{ "off the map", MDUEL("      - {id: g, type: troop, at: y1}\n", ""),
	  "t.yaml:10:34: error: g stands on y1, off the map (24 files by 16 "
	  "ranks)", false },
	{ "too big for the map", MDUEL("      - {id: g, type: vehicle, size: 2, "
	  "at: x1}\n", ""),
	  "t.yaml:10:45: error: g takes 2 x 2 spaces from x1, reaching off the "
	  "map (24 files by 16 ranks) (VS-37)", false },
	{ "base on the map", MDUEL("      - {id: g, type: troop, at: e1, base: "
	  "2}\n", ""),
	  "t.yaml:10:38: error: base is the table's: on the map a figure takes "
	  "spaces (size, VS-37) and faces everything (IX)", false },
	{ "size on the table", DUEL("      - {id: g, type: troop, at: [20, 2], "
	  "size: 2}\n", ""),
	  "t.yaml:10:43: error: size is the map's (VS-37): on the table a "
	  "figure's base says how big it is (base)", false },
	{ "facing [0, 0]", DUEL("      - {id: g, type: troop, at: [20, 2], "
	  "facing: [0, 0]}\n", ""),
	  "t.yaml:10:51: error: a facing is a direction of whole numbers, [dx, "
	  "dy], not [0, 0], each within 32768 (TABLE-17); leave it out to face "
	  "everything (VS-24)", false },
	{ "nowhere", DUEL("      - {id: g, type: troop}\n", ""),
	  "t.yaml:10:9: error: where does g stand? give at: the centre of its "
	  "base, [x, y]", true },
	/* Spawning (VIII, VS-59). */
	{ "waiting in basic", DUEL("      - {id: g, type: troop, waiting: true}\n",
	  ""),
	  "t.yaml:10:30: error: waiting is Spawning's, for figures not yet in "
	  "the game: leave it out of basic (VIII)", false },
	{ "an infiltrator waiting", HEAD "scenario: spawning\n" TWO TABLE RED
	  "    team: infiltrator\n" FIGS BOSS "      - {id: g, type: troop, waiting: "
	  "true}\n" BLUE "    team: spawner\n" FIGS CHIEF,
	  "t.yaml:12:30: error: only Spawner players' figures wait to come into "
	  "the game; red is an Infiltrator (VIII, VS-59)", false },
	{ "a spawner with two", HEAD "scenario: spawning\n" TWO TABLE RED
	  "    team: infiltrator\n" FIGS BOSS BLUE "    team: spawner\n" FIGS CHIEF
	  "      - {id: g, type: troop, at: [20, 46]}\n",
	  "t.yaml:15:5: error: a Spawner sets up only one figure, and blue sets "
	  "up 2: give the others waiting: true (VIII, VS-59)", false },
	{ "a waiting rider", HEAD "scenario: spawning\n" TWO TABLE RED
	  "    team: infiltrator\n" FIGS BOSS BLUE "    team: spawner\n" FIGS CHIEF
	  "      - {id: nag, type: cavalry, waiting: true}\n"
	  "      - {id: g, type: troop, waiting: true, rides: nag}\n",
	  "t.yaml:18:45: error: a figure waiting to come into the game rides "
	  "nothing yet: leave rides out (VIII, VS-59)", false },
	{ "riding one that waits", HEAD "scenario: spawning\n" TWO TABLE RED
	  "    team: infiltrator\n" FIGS BOSS BLUE "    team: spawner\n" FIGS
	  "      - {id: chief, type: hero, commander: true, rides: nag}\n"
	  "      - {id: nag, type: cavalry, waiting: true}\n",
	  "t.yaml:16:57: error: nag waits to come into the game: nobody rides "
	  "it yet (VIII, VS-59)", false },
	/* Bases and barriers (VS-21, VS-26, VS-34). */
	{ "bases overlap", DUEL("      - {id: g, type: troop, at: [10.99, 2]}\n",
	  ""),
	  "t.yaml:10:34: error: g's base overlaps boss's: bases never overlap "
	  "(VS-21, VS-26)", false },
	{ "on a wall", HEAD TWO TABLE "features:\n  - {id: wall, does: "
	  "[barrier], corner: [20, 0], size: [1, 6]}\n" RED FIGS BOSS
	  "      - {id: g, type: troop, at: [21.49, 2]}\n" BLUE FIGS CHIEF,
	  "t.yaml:12:34: error: g stands on wall, a barrier: no figure is set "
	  "up on one (VS-26)", false },
	{ "two on a square", MDUEL("      - {id: g, type: troop, at: c1}\n", ""),
	  "t.yaml:10:34: error: g: c1 holds another figure already: one figure "
	  "to a space (IX), a rider on its mount aside (VS-35)", false },
	{ "on a building", HEAD TWO MAP "features:\n  - {id: hut, kind: "
	  "building, squares: [e1]}\n" RED FIGS MBOSS
	  "      - {id: g, type: troop, at: e1}\n" BLUE FIGS MCHIEF,
	  "t.yaml:12:34: error: g: e1 is a building, and no figure stands on a "
	  "barrier (VS-34)", false },
	/* Riders (II, VS-7, VS-57). */
	{ "rides nothing", DUEL("      - {id: g, type: troop, at: [20, 2], "
	  "rides: nag}\n", ""),
	  "t.yaml:10:50: error: no figure is called nag: rides names the "
	  "cavalry or vehicle the figure rides (II)", false },
	{ "rides a guy", DUEL("      - {id: g, type: troop, at: [20, 2], rides: "
	  "boss}\n", ""),
	  "t.yaml:10:50: error: boss is a guy: a guy rides cavalry or drives a "
	  "vehicle (II, VS-57)", false },
	{ "a horse rides", DUEL("      - {id: nag, type: cavalry, at: [20, 2]}\n"
	  "      - {id: jeep, type: vehicle, at: [30, 2], rides: nag}\n", FIVE),
	  "t.yaml:11:55: error: only a guy rides: jeep is a vehicle (II, VS-57)",
	  false },
	{ "another's horse", DUEL("      - {id: nag, type: cavalry, at: [20, "
	  "2]}\n", "      - {id: g, type: troop, at: [20, 46], rides: nag}\n"),
	  "t.yaml:15:51: error: nag is red's: a guy rides his own side's "
	  "cavalry or vehicles (II, VS-57)", false },
	{ "no room", DUEL("      - {id: nag, type: cavalry, at: [20, 2], base: "
	  "2}\n      - {id: g, type: troop, at: [20, 2], rides: nag}\n"
	  "      - {id: h, type: troop, at: [20, 2], rides: nag}\n", FIVE),
	  "t.yaml:12:50: error: nag has room for 1: its rider and 0 more "
	  "(carries, VS-7), and h would be one more", false },
	{ "beside its horse", DUEL("      - {id: nag, type: cavalry, at: [20, 2], "
	  "base: 2}\n      - {id: g, type: troop, at: [20.5, 2], rides: nag}\n",
	  ""),
	  "t.yaml:11:34: error: g rides nag, so it stands at [20, 2], its "
	  "mount's centre: write that, or leave at out (II, VS-57)", false },
	{ "beside its tank", MDUEL("      - {id: tank, type: vehicle, size: 2, "
	  "at: e1}\n      - {id: g, type: troop, at: g1, rides: tank}\n", MFIVE),
	  "t.yaml:11:34: error: g: g1 is not a space of the figure it rides "
	  "(II, VS-35)", false },
	/* Features (VS-20, VS-34). */
	{ "not convex", HEAD TWO TABLE "features:\n  - {id: l, does: [barrier], "
	  "corners: [[30, 20], [40, 20], [30, 28], [40, 28]]}\n" RED FIGS BOSS BLUE
	  FIGS CHIEF,
	  "t.yaml:6:39: error: l: the corners are not those of a convex shape, "
	  "in order around it; a feature is a convex polygon, corners in order around it, "
	  "or a rectangle wider and deeper than 0", false },
	{ "off the table", HEAD TWO TABLE "features:\n  - {id: pond, does: "
	  "[rough], corner: [70, 20], size: [4, 4]}\n" RED FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:6:39: error: pond reaches [74, 20], off the table (72 by 48 "
	  "inches)", false },
	{ "a square twice", HEAD TWO MAP "features:\n  - {id: mud, kind: "
	  "difficult, squares: [e4, e5]}\n  - {id: hut, kind: building, "
	  "squares: [f4, e5]}\n" RED FIGS MBOSS BLUE FIGS MCHIEF,
	  "t.yaml:7:45: error: e5 is mud's already: a space is of one kind "
	  "(VS-34)", false },
	{ "a square off the map", HEAD TWO MAP "features:\n  - {id: mud, kind: "
	  "difficult, squares: [e17]}\n" RED FIGS MBOSS BLUE FIGS MCHIEF,
	  "t.yaml:6:42: error: e17 is off the map (24 files by 16 ranks)",
	  false },
	/* The building (VIII). */
	{ "a building in basic", HEAD TWO TABLE "features:\n  - {id: hut, does: "
	  "[barrier], corner: [30, 20], size: [4, 4]}\nbuilding: hut\n" RED
	  FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:7:1: error: building is Fortress Assault's: leave it out of "
	  "basic (VIII)", false },
	{ "no building", HEAD "scenario: fortress-assault\n" TWO TABLE RED
	  "    team: assaulter\n" FIGS BOSS BLUE "    team: defender\n" FIGS CHIEF,
	  "t.yaml:1:1: error: Fortress Assault is fought over a building: give "
	  "building: the id of a feature (VIII)", false },
	{ "no such building", HEAD "scenario: fortress-assault\nbuilding: hut\n"
	  TWO TABLE RED "    team: assaulter\n" FIGS BOSS BLUE "    team: defender\n"
	  FIGS CHIEF,
	  "t.yaml:4:11: error: no feature is called hut: building names one of "
	  "features (VIII)", false },
	/* Objects (III). */
	{ "an object off the table", DUEL("", "") "objects:\n  - {id: box, at: "
	  "[36, 49]}\n",
	  "t.yaml:15:19: error: box lies at [36, 49], off the table (72 by 48 "
	  "inches)", false },
	{ "held by nobody", DUEL("", "") "objects:\n  - {id: box, held: g-1}\n",
	  "t.yaml:15:21: error: no figure is called g-1: held names the figure "
	  "that carries the object", false },
	/* Sides (VIII, VS-48). */
	{ "no side", HEAD "scenario: ambush\n" TWO TABLE RED "    team: target\n"
	  FIGS BOSS BLUE FIGS CHIEF,
	  "t.yaml:13:5: error: in ambush each player selects a side: team: "
	  "ambusher or target (VIII, VS-48)", false },
	{ "a side in basic", DUEL("", "    team: target\n"),
	  "t.yaml:14:5: error: basic has no sides: leave team out (VIII)",
	  false },
	{ "another scenario's side", HEAD "scenario: spawning\n" TWO TABLE RED
	  "    team: infiltrator\n" FIGS BOSS BLUE "    team: target\n" FIGS CHIEF,
	  "t.yaml:14:11: error: in spawning each player selects a side: team: "
	  "infiltrator or spawner (VIII, VS-48)", false },
	{ "one side only", HEAD "scenario: ambush\n" TWO TABLE RED
	  "    team: target\n" FIGS BOSS BLUE "    team: target\n" FIGS
	  "      - {id: chief, type: hero, commander: true, at: [18.5, 2]}\n",
	  "t.yaml:6:1: error: no player is on the ambusher side: ambush has two "
	  "sides, each of one player or more (VIII, VS-48)", false },
	/* Points (IV, VS-55). */
	{ "4 points apart", DUEL("      - {id: g, type: hero, armor: heavy, at: "
	  "[20, 2]}\n", ""),
	  "t.yaml:6:3: error: red's force is 6 points and blue's 2: forces are "
	  "within 3 points of each other (IV, VS-55); points: sets how far they "
	  "may differ, or any", false },
	{ "points: 0", HEAD "points: 0\n" TWO TABLE RED FIGS BOSS
	  "      - {id: g, type: troop, at: [20, 2]}\n" BLUE FIGS CHIEF,
	  "t.yaml:7:3: error: red's force is 3 points and blue's 2: forces are "
	  "within 0 points of each other (IV, VS-55); points: sets how far they "
	  "may differ, or any", false },
	{ "a side's points", HEAD "scenario: ambush\n" THREE TABLE RED "    team: target\n" FIGS BOSS BLUE "    team: ambusher\n" FIGS CHIEF
	  "  green:\n    edge: east\n    team: ambusher\n    figures:\n"
	  "      - {id: g, type: hero, commander: true, armor: heavy, distance: "
	  "true, at: [70, 24]}\n" "      - {id: h, type: hero, armor: heavy, at: [70, 22]}\n",
	  "t.yaml:12:3: error: blue's force is 2 points and green's 7: forces "
	  "are within 3 points of each other on a side, here the ambushers' "
	  "(IV, VS-55); points: sets how far they may differ, or any", false },
	{ "the furthest of three", HEAD THREE TABLE RED FIGS BOSS BLUE FIGS CHIEF
	  "      - {id: t, type: troop, at: [20, 46]}\n"
	  "  green:\n    edge: east\n    figures:\n"
	  "      - {id: g, type: hero, commander: true, at: [70, 24]}\n"
	  "      - {id: h, type: hero, armor: heavy, at: [70, 22]}\n"
	  "      - {id: i, type: troop, at: [70, 26]}\n",
	  "t.yaml:15:3: error: green's force is 7 points and red's 2: forces are "
	  "within 3 points of each other (IV, VS-55); points: sets how far they "
	  "may differ, or any", false },
	/* Set-up (VIII, VS-30, VS-58). */
	{ "too close", DUEL("      - {id: h, type: troop, at: [10, 6.01]}\n",
	  "      - {id: g, type: troop, at: [10, 24]}\n"),
	  "t.yaml:15:34: error: g is 16.99 inches from red's h: set up at "
	  "least 2 Move Units (17 inches) from every other player's figures "
	  "(VIII, VS-30)", false },
	{ "too close on the map", MDUEL("", "      - {id: g, type: troop, at: "
	  "c12}\n"),
	  "t.yaml:14:34: error: g is 11 spaces from red's boss: set up at least "
	  "2 Move Units (12 spaces) from every other player's figures (VIII, "
	  "VS-30, VS-58)", false },
	{ "a target alone", HEAD "scenario: ambush\npoints: any\n" TWO TABLE RED
	  "    team: target\n" FIGS BOSS "      - {id: g, type: troop, at: [18, 2]}\n"
	  "      - {id: h, type: troop, at: [27.51, 2]}\n"
	  BLUE "    team: ambusher\n" FIGS CHIEF,
	  "t.yaml:14:34: error: h is not within 1 Move Unit (8.5 inches) of "
	  "another Target figure: Target players set up together (VIII, VS-30)",
	  false },
	{ "a defender far away", HEAD "scenario: fortress-assault\npoints: any\n"
	  "features:\n  - {id: fort, does: [barrier, cover], corner: [30, 20], "
	  "size: [10, 8]}\nbuilding: fort\n" TWO TABLE RED
	  "    team: assaulter\n" FIGS BOSS BLUE "    team: defender\n"
	  FIGS "      - {id: chief, type: hero, commander: true, at: [35, 32.76]}\n",
	  "t.yaml:20:54: error: chief is 4.26 inches from fort: Defenders set up "
	  "within a Half Move Unit (4.25 inches) of it (VIII, VS-29, VS-30)",
	  false },
	{ "an assaulter too near", HEAD "scenario: fortress-assault\npoints: "
	  "any\nfeatures:\n  - {id: fort, does: [barrier, cover], corner: [30, "
	  "20], size: [10, 8]}\nbuilding: fort\n" TWO TABLE RED
	  "    team: assaulter\n"
	  FIGS "      - {id: boss, type: hero, commander: true, at: [35, 2.51]}\n"
	  BLUE "    team: defender\n"
	  FIGS "      - {id: chief, type: hero, commander: true, at: [35, 28.5]}\n",
	  "t.yaml:15:53: error: boss is 16.99 inches from fort: Assaulters set up "
	  "at least 2 Move Units (17 inches) from it (VIII, VS-29, VS-30)",
	  false },
	{ "a defender far away on the map", HEAD "scenario: fortress-assault\n"
	  "points: any\nfeatures:\n  - {id: fort, kind: building, squares: [l13, "
	  "m13]}\nbuilding: fort\n" TWO MAP RED "    team: assaulter\n" FIGS MBOSS BLUE
	  "    team: defender\n"
	  FIGS "      - {id: chief, type: hero, commander: true, at: h13}\n",
	  "t.yaml:20:54: error: chief is 4 spaces from fort: Defenders set up "
	  "within a Half Move Unit (3 spaces) of it (VIII, VS-30, VS-58)", false },
};

/* Each case refused with exactly its one diagnostic, whole. */
static void
refused(const struct bad *v, size_t n)
{
	int wrong = 0;

	for (size_t i = 0; i < n; i++) {
		struct read r;
		char want[600];
		char *msg;

		read_scenario(&r, "t.yaml", v[i].text, !v[i].raw);
		msg = diags_text(&r.d);
		snprintf(want, sizeof(want), "%s\n", v[i].diag);
		if (r.rc != -1 || r.d.n != 1 || !strstr(msg, want)) {
			print_message("case %zu, %s:\n want %s got  %s\n", i,
				v[i].what, want, msg);
			wrong++;
		}
		free(msg);
		read_done(&r);
	}
	assert_int_equal(wrong, 0);
}

static void
refusals(void **state)
{
	(void)state;
	refused(bad, sizeof(bad) / sizeof(bad[0]));
}

/* The checks that pass: set-up as the rules allow, right at the limits. */
static void
limits(void **state)
{
	(void)state;
	static const char *const ok[] = {
		/* Exactly 2 Move Units apart (VS-29: "at least" allows it),
		 * each on its own half (VS-61). */
		DUEL("      - {id: h, type: troop, at: [10, 6]}\n",
		"      - {id: g, type: troop, at: [10, 24]}\n"),
		/* Bases that touch do not overlap (VS-21). */
		DUEL("      - {id: g, type: troop, at: [11, 2]}\n", ""),
		/* 3 points apart (IV). */
		DUEL("      - {id: g, type: troop, distance: true, "
		"automatic: true, at: [20, 2]}\n", ""),
		/* A rider and its mount share a square; the map at 2 Move Units. */
		MDUEL("      - {id: nag, type: cavalry, at: e1}\n"
		"      - {id: g, type: troop, at: e1, rides: nag}\n",
		"      - {id: h, type: troop, at: e13}\n"),
		/* Two Target players, each figure near the other's. */
		HEAD "scenario: ambush\npoints: any\n" THREE TABLE RED
		"    team: target\n" FIGS BOSS "      - {id: g, type: troop, at: "
		"[27.5, 2]}\n" BLUE "    team: target\n"
		FIGS "      - {id: chief, type: hero, commander: true, at: [18.5, 2]}\n"
		"  green:\n    edge: north\n    team: ambusher\n    figures:\n"
		"      - {id: a, type: hero, commander: true, at: [10, 46]}\n",
		/* A Spawner's one figure, the rest to come. */
		HEAD "scenario: spawning\n" TWO TABLE RED "    team: infiltrator\n"
		FIGS BOSS BLUE "    team: spawner\n" FIGS CHIEF
		"      - {id: g, type: troop, waiting: true}\n",
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct read r;
		read_scenario(&r, "t.yaml", ok[i], true);
		if (r.rc != 0 || r.d.n) {
			char *msg = diags_text(&r.d);
			fail_msg("case %zu:\n%s", i, msg);
		}
		if (i == 5) {
			assert_int_equal(r.g.figure[2].where, VS_WAITING);
			assert_int_equal(r.g.player[1].team, VS_SPAWNER);
		}
		read_done(&r);
	}
}

/* ------------------------------------------------- more set-up checks */

#define SPAWN HEAD "scenario: spawning\n" TWO TABLE
#define TRANSPORT(objects) HEAD "scenario: transport\n" TWO TABLE RED FIGS \
	BOSS BLUE FIGS CHIEF objects
#define FORT300 HEAD "scenario: fortress-assault\npoints: any\n" TWO \
	"map: {files: 24, ranks: 16, scale: 300mm}\n" \
	"features:\n  - {id: fort, kind: building, squares: [l8, m8]}\n" \
	"building: fort\n" RED "    team: assaulter\n" FIGS MBOSS BLUE \
	"    team: defender\n" FIGS
#define MAMBUSH HEAD "scenario: ambush\npoints: any\n" TWO MAP RED \
	"    team: target\n" FIGS MBOSS

static const struct bad more[] = {
	/* Fortress Assault at 300mm: a Half Move Unit is 1 space (VS-32). */
	{ "a defender 2 spaces off at 300mm", FORT300
	  "      - {id: chief, type: hero, commander: true, at: l10}\n",
	  "t.yaml:20:54: error: chief is 2 spaces from fort: Defenders set up "
	  "within a Half Move Unit (1 space) of it (VIII, VS-30, VS-58)", false },
	/* The building is a building (VIII). */
	{ "a wall for a fort", HEAD "scenario: fortress-assault\npoints: any\n"
	  "features:\n  - {id: fort, does: [barrier], corner: [30, 20], "
	  "size: [10, 8]}\nbuilding: fort\n" TWO TABLE RED "    team: assaulter\n"
	  FIGS BOSS BLUE "    team: defender\n"
	  FIGS "      - {id: chief, type: hero, commander: true, at: [35, 28.5]}\n",
	  "t.yaml:7:11: error: fort is no building: building names a feature "
	  "that does barrier and cover (VIII, VS-20, VS-34)", false },
	{ "a ruin for a fort", HEAD "scenario: fortress-assault\npoints: any\n"
	  "features:\n  - {id: fort, kind: partial, squares: [m16]}\n"
	  "building: fort\n" TWO MAP RED "    team: assaulter\n" FIGS MBOSS BLUE
	  "    team: defender\n" FIGS
	  "      - {id: chief, type: hero, commander: true, at: m13}\n",
	  "t.yaml:7:11: error: fort is no building: building names a feature "
	  "of kind: building (VIII, VS-20, VS-34)", false },
	/* Ambush on the map (VS-58): 6 spaces at 25mm. */
	{ "a target alone on the map", MAMBUSH
	  "      - {id: h, type: troop, at: c7}\n"
	  "      - {id: g, type: troop, at: c14}\n" BLUE "    team: ambusher\n"
	  FIGS MCHIEF,
	  "t.yaml:14:34: error: g is not within 1 Move Unit (6 spaces) of "
	  "another Target figure: Target players set up together (VIII, VS-30, "
	  "VS-58)", false },
	/* On one side (VS-61). */
	{ "over the middle", DUEL("", "      - {id: g, type: troop, at: "
	  "[10, 23.99]}\n"),
	  "t.yaml:14:34: error: g stands at [10, 23.99], not on blue's side: "
	  "set up in the half of the table nearest the north edge (II, VIII, "
	  "VS-61)", false },
	{ "over the middle of the map", HEAD TWO "map: {files: 24, ranks: 40, "
	  "scale: 25mm}\n" RED FIGS MBOSS "      - {id: g, type: troop, at: e21}\n"
	  BLUE FIGS "      - {id: chief, type: hero, commander: true, at: c40}\n",
	  "t.yaml:10:34: error: g stands on e21, not on red's side: set up in "
	  "the 20 ranks nearest the south edge (II, VIII, VS-61)", false },
	{ "spawners beside", SPAWN RED "    team: infiltrator\n" FIGS BOSS
	  "  blue:\n    edge: east\n    team: spawner\n" FIGS
	  "      - {id: chief, type: hero, commander: true, at: [70, 24]}\n",
	  "t.yaml:13:11: error: blue's edge is east: Infiltrators set up on one "
	  "side, red's south, and Spawners on the opposite: edge: north (VIII, "
	  "VS-61)", false },
	{ "a spawner with none", SPAWN RED "    team: infiltrator\n" FIGS BOSS
	  BLUE "    team: spawner\n" FIGS
	  "      - {id: chief, type: hero, commander: true, waiting: true}\n",
	  "t.yaml:15:5: error: a Spawner sets up one figure, and blue sets up "
	  "none: set one figure up: give it at (VIII, VS-59)", false },
	/* Transport's object (VS-62). */
	{ "no object", TRANSPORT(""),
	  "t.yaml:1:1: error: Transport is fought over an object lying in or "
	  "near the centre: give objects: [{id: ..., at: [36, 24]}] (VIII, "
	  "VS-62)", false },
	{ "the object held", TRANSPORT("objects:\n  - {id: box, held: chief}\n"),
	  "t.yaml:16:3: error: Transport is fought over an object lying in or "
	  "near the centre: give objects: [{id: ..., at: [36, 24]}] (VIII, "
	  "VS-62)", false },
	{ "the object far off", TRANSPORT("objects:\n  - {id: box, at: "
	  "[36, 32.51]}\n"),
	  "t.yaml:16:19: error: box lies too far from the centre: in Transport "
	  "an object lies within a Move Unit (8.5 inches) of the centre of the "
	  "table (72 by 48 inches) (VIII, VS-62)", false },
	{ "the object far off on the map", HEAD "scenario: transport\n" TWO
	  MAP RED FIGS MBOSS BLUE FIGS MCHIEF "objects:\n  - {id: box, at: "
	  "l16}\n",
	  "t.yaml:16:19: error: box lies too far from the centre: in Transport "
	  "an object lies within a Move Unit (6 spaces) of the centre of the "
	  "map (24 files by 16 ranks) (VIII, VS-62)", false },
	{ "an object on a wall", DUEL("", "") "features:\n  - {id: wall, does: "
	  "[barrier], corner: [34, 22], size: [4, 4]}\nobjects:\n  - {id: box, "
	  "at: [36, 24]}\n",
	  "t.yaml:17:19: error: box lies at [36, 24], on wall, a barrier: no "
	  "object lies on one (VS-26, VS-62)", false },
	{ "an object in a hut", MDUEL("", "") "features:\n  - {id: hut, kind: "
	  "building, squares: [l8]}\nobjects:\n  - {id: box, at: l8}\n",
	  "t.yaml:17:19: error: box lies on l8, a building: no object lies on "
	  "a barrier (VS-34, VS-62)", false },
	/* Diagnostics once, at the cause. */
	{ "a count's ids in two forces", DUEL("      - {id: t, type: troop, "
	  "count: 3, at: [[20, 2], [22, 2], [24, 2]]}\n", FIVE),
	  "t.yaml:15:14: error: t-1 names a figure of red's already: an id names "
	  "one figure in the game, whoever's (VS-56)", false },
	{ "a square twice in one", HEAD TWO MAP "features:\n  - {id: mud, kind: "
	  "difficult, squares: [e4, e4]}\n" RED FIGS MBOSS BLUE FIGS MCHIEF,
	  "t.yaml:6:46: error: e4 is listed twice in mud", false },
	{ "a rider on a misplaced horse", HEAD "points: any\n" TWO MAP RED FIGS
	  MBOSS "      - {id: nag, type: cavalry, at: c1}\n"
	  "      - {id: g, type: troop, rides: nag}\n" BLUE FIGS MCHIEF,
	  "t.yaml:11:38: error: nag: c1 holds another figure already: one "
	  "figure to a space (IX), a rider on its mount aside (VS-35)", false },
	{ "a rider on an overlapping horse", HEAD "points: any\n" TWO TABLE RED
	  FIGS BOSS "      - {id: nag, type: cavalry, at: [10.5, 2]}\n"
	  "      - {id: g, type: troop, rides: nag}\n" BLUE FIGS CHIEF,
	  "t.yaml:11:38: error: nag's base overlaps boss's: bases never overlap "
	  "(VS-21, VS-26)", false },
};

static void
refusals_more(void **state)
{
	(void)state;
	refused(more, sizeof(more) / sizeof(more[0]));
}

static void
limits_more(void **state)
{
	(void)state;
	static const char *const ok[] = {
		/* Fortress Assault at 300mm: the Defender next to the
		 * building, 1 space (VS-32). */
		FORT300 "      - {id: chief, type: hero, commander: true, "
		"at: l9}\n",
		/* At 25mm: 3 spaces off; the Assaulter 15 from it. */
		HEAD "scenario: fortress-assault\npoints: any\n"
		"features:\n  - {id: fort, kind: building, squares: [m16]}\n"
		"building: fort\n" TWO MAP RED "    team: assaulter\n" FIGS MBOSS
		BLUE "    team: defender\n" FIGS
		"      - {id: chief, type: hero, commander: true, at: m13}\n",
		/* Ambush on the map: 6 spaces at 25mm. */
		MAMBUSH "      - {id: g, type: troop, at: c7}\n" BLUE
		"    team: ambusher\n" FIGS MCHIEF,
		/* Transport: the object at the edge of a Move Unit from the
		 * centre, on the table and on the map. */
		TRANSPORT("objects:\n  - {id: box, at: [36, 32.5]}\n"),
		HEAD "scenario: transport\n" TWO MAP RED FIGS MBOSS BLUE FIGS
		MCHIEF "objects:\n  - {id: box, at: l15}\n",
		/* Spawning: two Infiltrators on one edge, the Spawner opposite,
		 * on the map. */
		HEAD "scenario: spawning\n" THREE MAP RED
		"    team: infiltrator\n" FIGS MBOSS BLUE "    team: spawner\n" FIGS
		MCHIEF "  green:\n    edge: south\n    team: infiltrator\n"
		"    figures:\n      - {id: g, type: hero, commander: true, "
		"at: x1}\n",
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct read r;
		read_scenario(&r, "t.yaml", ok[i], true);
		if (r.rc != 0 || r.d.n) {
			char *msg = diags_text(&r.d);
			fail_msg("case %zu:\n%s", i, msg);
		}
		read_done(&r);
	}
}

static void
names(void **state)
{
	(void)state;
	assert_string_equal(vs_compass_names[VS_WEST], "west");
	assert_string_equal(vs_team_names[VS_NO_TEAM], "none");
	assert_string_equal(vs_team_names[VS_DEFENDER], "defender");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_scenario),
		cmocka_unit_test(rider_without_place),
		cmocka_unit_test(map_scenario),
		cmocka_unit_test(corpus),
		cmocka_unit_test(samples),
		cmocka_unit_test(refusals),
		cmocka_unit_test(limits),
		cmocka_unit_test(names),
		cmocka_unit_test(refusals_more),
		cmocka_unit_test(limits_more),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
