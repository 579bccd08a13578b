/*
 * test_vsgmr_state - a VSGMR state written and read back
 * (src/rules/vsgmr/state.c writes, scenario.c's vs_state_read reads):
 * both sample scenarios as games written, read and written again the
 * same bytes; a game in the middle of a round, with every key of play,
 * read into exactly the game it says and written back as it was; the
 * good states of the schema corpus (tests/schema/vsgmr-state/) read
 * with no diagnostic; and each check the state reader makes with its
 * whole diagnostic.  Every file passes schemas/vsgmr/state.yaml first,
 * but for the cases that show the reader refuses on its own what the
 * schema already refuses (marked so).
 */
#include <dirent.h>

#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

#define SEED "00000000000000000000000000000000" \
	"00000000000000000000000000000001"

struct rd {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_game g;
	int rc;
};

static void
read_text(struct rd *r, const char *file, const char *text, bool state,
	bool validate)
{
	struct umpire_node *root = NULL;

	memset(r, 0, sizeof(*r));
	r->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &r->a, file, text, strlen(text), NULL,
	    &r->d) != 0)
		fail_msg("%s does not parse:\n%s", file, text);
	if (validate && umpire_schema_validate(state ? "vsgmr/state" :
	    "vsgmr/scenario", root, &r->d)) {
		char *msg = diags_text(&r->d);
		fail_msg("%s fails its schema:\n%s\n%s", file, msg, text);
	}
	r->rc = state ? vs_state_read(&r->g, &r->a, root, &r->d) :
		vs_scenario_read(&r->g, &r->a, root, &r->d);
}

static void
read_clean(struct rd *r, const char *file, const char *text, bool state)
{
	read_text(r, file, text, state, true);
	if (r->rc != 0 || r->d.n) {
		char *msg = diags_text(&r->d);
		fail_msg("%s:\n%s\n%s", file, msg, text);
	}
}

static void
read_done(struct rd *r)
{
	umpire_diags_free(&r->d);
	umpire_arena_free(&r->a);
}

/*
 * g as core writes it: the envelope (its players' mappings empty, as a
 * scenario's players {} are), the decision awaited, then the ruleset's
 * keys.  A heap string.
 */
static char *
write_state(const struct vs_game *g)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf buf = UMPIRE_BUF_INIT;
	struct umpire_node *root = umpire_node_map(&a, false), *ps, *aw;
	char *text;

	umpire_map_add(&a, root, "umpire", umpire_node_int(&a, 1));
	umpire_map_add(&a, root, "ruleset", umpire_node_str(&a, "vsgmr"));
	umpire_map_add(&a, root, "game", umpire_node_str(&a,
		"vsgmr-0123456789"));
	umpire_map_add(&a, root, "version", umpire_node_str(&a, "0.3.0"));
	umpire_map_add(&a, root, "seed", umpire_node_str(&a, SEED));
	umpire_map_add(&a, root, "step", umpire_node_int(&a, 3));
	ps = umpire_map_add(&a, root, "players", umpire_node_map(&a, false));
	for (int k = 0; k < g->nplayers; k++)
		umpire_map_add(&a, ps, g->player[k].id, umpire_node_map(&a,
			true));
	aw = umpire_map_add(&a, root, "awaiting", umpire_node_map(&a, true));
	umpire_map_add(&a, aw, "player", umpire_node_str(&a,
		g->player[g->pos.player >= 0 ? g->pos.player : 0].id));
	umpire_map_add(&a, aw, "step", umpire_node_int(&a, 3));
	umpire_map_add(&a, aw, "kind", umpire_node_str(&a,
		vs_phase_names[g->pos.phase]));
	vs_state_write(&a, g, root);
	assert_int_equal(umpire_yaml_emit(&buf, root, NULL), 0);
	text = strdup(umpire_buf_cstr(&buf));
	umpire_buf_free(&buf);
	umpire_arena_free(&a);
	return text;
}

/* Read as a state, written again: the same bytes, and written once more
 * from that reading, the same again. */
static void
round_trip(const char *file, const char *text)
{
	struct rd r;
	char *again, *third;

	read_clean(&r, file, text, true);
	again = write_state(&r.g);
	read_done(&r);
	if (strcmp(text, again) != 0) {
		fprintf(stderr, "--- %s as read\n%s--- written\n%s", file, text,
			again);
		fail_msg("%s written again differs", file);
	}
	read_clean(&r, file, again, true);
	third = write_state(&r.g);
	read_done(&r);
	assert_string_equal(again, third);
	free(again);
	free(third);
}

/* ---------------------------------------------------------- the samples */

static void
same_figures(const struct vs_game *x, const struct vs_game *y)
{
	assert_int_equal(x->nplayers, y->nplayers);
	assert_int_equal(x->nfigures, y->nfigures);
	assert_int_equal(x->nfeatures, y->nfeatures);
	assert_int_equal(x->nobjects, y->nobjects);
	for (int k = 0; k < x->nplayers; k++) {
		assert_string_equal(x->player[k].id, y->player[k].id);
		assert_int_equal(x->player[k].first, y->player[k].first);
		assert_int_equal(x->player[k].nfigures, y->player[k].nfigures);
		assert_int_equal(x->player[k].points, y->player[k].points);
	}
	for (int i = 0; i < x->nfigures; i++) {
		const struct vs_figure *f = &x->figure[i], *h = &y->figure[i];
		assert_string_equal(f->id, h->id);
		assert_int_equal(f->owner, h->owner);
		assert_int_equal(f->where, h->where);
		assert_int_equal(f->points, h->points);
		assert_int_equal(f->mount, h->mount);
		assert_true(umpire_pt_eq(f->at.at, h->at.at));
		assert_true(umpire_pt_eq(f->at.facing, h->at.facing));
		assert_int_equal(f->at.base, h->at.base);
		assert_true(umpire_grid_same(f->sq, h->sq));
		assert_int_equal(f->size, h->size);
		assert_memory_equal(&f->profile, &h->profile,
			sizeof(f->profile));
	}
}

/* A scenario's game written, read as a state and written again: the same
 * game, the same bytes. */
static void
samples(void **state)
{
	(void)state;
	static const char *const files[] = {
		"tests/vsgmr/scenarios/basic-four.yaml",
		"tests/vsgmr/scenarios/map-duel.yaml",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct rd s, r;
		char *text = slurp(files[i], NULL), *first, *again;

		read_clean(&s, files[i], text, false);
		assert_false(s.g.state);
		assert_int_equal(s.g.pos.round, 0);
		assert_int_equal(s.g.pos.players, s.g.nplayers);
		assert_int_equal(s.g.pos.winner, -1);
		for (int k = 0; k < s.g.nfigures; k++) {
			assert_int_equal(s.g.figure[k].by, -1);
			assert_int_equal(s.g.figure[k].left, -1);
		}
		first = write_state(&s.g);
		read_clean(&r, files[i], first, true);
		assert_true(r.g.state);
		same_figures(&s.g, &r.g);
		again = write_state(&r.g);
		assert_string_equal(first, again);
		read_done(&s);
		read_done(&r);
		free(text);
		free(first);
		free(again);
	}
}

/* --------------------------------------------------------- a game in play */

#define ENV "umpire: 1\nruleset: vsgmr\ngame: vsgmr-0123456789\n" \
	"version: \"0.3.0\"\nseed: \"" SEED "\"\nstep: 3\n"

/* Spawning in round 2's movement, in the form umpire writes. */
static const char midgame[] = ENV
	"players:\n"
	"  red: {score: 4, roll: 5, inspired: true, activation: 2, "
	"activation-figures: 3, activation-points: 4, active: 1, "
	"active-points: 2, owed: true}\n"
	"  blue: {score: 2, roll: 3, spawn: 3}\n"
	"awaiting: {player: blue, step: 3, kind: move}\n"
	"scenario: spawning\n"
	"table: {width: 72, depth: 48}\n"
	"features:\n"
	"- {id: house, does: [barrier, cover], corner: [32, 20], size: [8, 8], "
	"hits: 1}\n"
	"- {id: wall, does: [barrier, cover], corner: [50, 14], size: [6, 0.5], "
	"removed: true}\n"
	"- {id: rock, does: [barrier], corners: [[60, 30], [64, 30], [62, 34]]}\n"
	"objects:\n"
	"- {id: box, held: knight}\n"
	"- {id: gem, at: [53, 14.25]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    team: infiltrator\n"
	"    army: \"Red Company\"\n"
	"    figures:\n"
	"    - {id: boss, name: Captain, type: hero, commander: true, traits: "
	"[inspiration], at: [10, 20], facing: [0, 1], moved: true, attacked: "
	"true}\n"
	"    - {id: knight, type: troop, armor: light, at: [52, 14.25], base: "
	"1.25}\n"
	"    - {id: soldier-1, type: troop, status: defeated, by: blue}\n"
	"    - {id: soldier-2, type: troop, status: \"off\", by: blue, left: west}\n"
	"    - {id: soldier-3, type: troop, at: [30, 40], owner: blue, fresh: "
	"true}\n"
	"    - {id: horse, type: cavalry, at: [12, 20], reach: 0.5}\n"
	"    - {id: rider, type: troop, rides: horse, skilled: true}\n"
	"  blue:\n"
	"    edge: north\n"
	"    team: spawner\n"
	"    figures:\n"
	"    - {id: chief, type: hero, commander: true, traits: [flight, "
	"recruit], powers: {super-move: minor}, at: [40, 30], flying: true}\n"
	"    - {id: imp-1, type: troop, status: waiting}\n"
	"    - {id: imp-2, type: troop, status: \"off\", left: north}\n"
	"round: {number: 2, phase: move, winner: red, first: blue}\n";

static int
figure_index(const struct vs_game *g, const char *id)
{
	for (int i = 0; i < g->nfigures; i++)
		if (strcmp(g->figure[i].id, id) == 0)
			return i;
	fail_msg("no figure %s", id);
	return -1;
}

static void
in_play(void **state)
{
	(void)state;
	struct rd r;
	const struct vs_game *g;
	const struct vs_figure *f;

	read_clean(&r, "midgame.yaml", midgame, true);
	g = &r.g;
	assert_true(g->state);
	assert_int_equal(g->scenario, VS_SPAWNING);
	/* The players. */
	assert_int_equal(g->player[0].score, 4);
	assert_int_equal(g->player[0].roll, 5);
	assert_true(g->player[0].inspired);
	assert_int_equal(g->player[0].activation, 2);
	assert_int_equal(g->player[0].most, 3);
	assert_int_equal(g->player[0].most_points, 4);
	assert_int_equal(g->player[0].active, 1);
	assert_int_equal(g->player[0].active_points, 2);
	assert_true(g->player[0].owed);
	assert_int_equal(g->player[1].score, 2);
	assert_int_equal(g->player[1].spawn, 3);
	assert_false(g->player[1].inspired);
	assert_int_equal(g->player[1].activation, 0);
	/* The round. */
	assert_int_equal(g->pos.round, 2);
	assert_int_equal(g->pos.phase, VS_PHASE_MOVE);
	assert_int_equal(g->pos.winner, 0);
	assert_int_equal(g->pos.first, 1);
	assert_int_equal(g->pos.player, 1);
	assert_int_equal(g->pos.acts, 1);
	assert_int_equal(g->pos.rounds, 5);
	/* The features: the wall is gone from the table. */
	assert_int_equal(g->feature[0].hits, 1);
	assert_false(g->feature[0].removed);
	assert_true(g->feature[1].removed);
	assert_int_equal(g->feature[1].piece.kind, VS_BARRIER | VS_COVER);
	assert_int_equal(g->pieces[1].kind, 0);
	assert_int_equal(g->table.piece[0].kind, VS_BARRIER | VS_COVER);
	/* The figures, each in its force's list. */
	assert_int_equal(g->nfigures, 10);
	assert_int_equal(g->player[0].first, 0);
	assert_int_equal(g->player[0].nfigures, 7);
	f = &g->figure[figure_index(g, "boss")];
	assert_true(f->moved && f->attacked && !f->skilled && !f->fresh);
	assert_int_equal(f->at.facing.y, 1);
	assert_string_equal(f->name, "Captain");
	f = &g->figure[figure_index(g, "knight")];
	assert_int_equal(f->at.at.x, 5200);
	assert_int_equal(f->at.base, 125);
	f = &g->figure[figure_index(g, "soldier-1")];
	assert_int_equal(f->where, VS_DEFEATED);
	assert_int_equal(f->by, 1);
	assert_int_equal(f->left, -1);
	f = &g->figure[figure_index(g, "soldier-2")];
	assert_int_equal(f->where, VS_OFF);
	assert_int_equal(f->by, 1);
	assert_int_equal(f->left, VS_WEST);
	f = &g->figure[figure_index(g, "soldier-3")];
	assert_int_equal(f->where, VS_ON);
	assert_int_equal(f->owner, 1);
	assert_true(f->fresh);
	f = &g->figure[figure_index(g, "rider")];
	assert_int_equal(f->mount, figure_index(g, "horse"));
	assert_int_equal(f->at.at.x, 1200);
	assert_true(f->skilled);
	assert_int_equal(g->figure[figure_index(g, "horse")].reach, 50);
	f = &g->figure[figure_index(g, "chief")];
	assert_true(f->flying);
	assert_int_equal(f->profile.power[VS_SUPER_MOVE], VS_MINOR);
	f = &g->figure[figure_index(g, "imp-1")];
	assert_int_equal(f->where, VS_WAITING);
	f = &g->figure[figure_index(g, "imp-2")];
	assert_int_equal(f->where, VS_OFF);
	assert_int_equal(f->by, -1);
	assert_int_equal(f->left, VS_NORTH);
	/* The objects. */
	assert_int_equal(g->object[0].holder, figure_index(g, "knight"));
	assert_int_equal(g->object[1].holder, -1);
	assert_int_equal(g->object[1].at.x, 5300);
	read_done(&r);
	round_trip("midgame.yaml", midgame);
}

/* Solo play's dice and their bounds read and written again (X, VS-78):
 * a 5 has no points bound, a 1 a single figure, and a 2 with bounds of 0
 * writes them still. */
static void
solo_bounds(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"activation: 5, activation-figures: 4, active: 3, "
		"active-points: 9",
		"activation: 1, activation-figures: 1, active: 1, "
		"active-points: 2, owed: true",
		"activation: 2, activation-figures: 0, activation-points: 0",
		"score: 1, activation: 3, activation-figures: 1, "
		"activation-points: 5, active: 2, active-points: 5",
	};
	static const int most[] = { 4, 1, 0, 1 }, points[] = { 0, 0, 0, 5 };
	const char *was = "score: 4, roll: 5, inspired: true, activation: 2, "
		"activation-figures: 3, activation-points: 4, active: 1, "
		"active-points: 2, owed: true";
	const char *at = strstr(midgame, was);

	assert_non_null(at);
	for (size_t k = 0; k < sizeof(lines) / sizeof(lines[0]); k++) {
		char text[sizeof(midgame) + 200];
		struct rd r;
		snprintf(text, sizeof(text), "%.*s%s%s", (int)(at - midgame),
			midgame, lines[k], at + strlen(was));
		read_clean(&r, "solo.yaml", text, true);
		assert_int_equal(r.g.player[0].most, most[k]);
		assert_int_equal(r.g.player[0].most_points, points[k]);
		read_done(&r);
		round_trip("solo.yaml", text);
	}
}

/* On the map: a removed building's squares are open ground again. */
static const char midmap[] = ENV
	"players:\n"
	"  red: {}\n"
	"  blue: {score: 3}\n"
	"awaiting: {player: red, step: 3, kind: initiative}\n"
	"scenario: fortress-assault\n"
	"rounds: 7\n"
	"map: {files: 24, ranks: 16, scale: \"25mm\"}\n"
	"features:\n"
	"- {id: fort, kind: building, squares: [l8, m8], hits: 1}\n"
	"- {id: hut, kind: building, squares: [c3, d3], removed: true}\n"
	"building: fort\n"
	"objects:\n"
	"- {id: flag, at: d3}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    team: assaulter\n"
	"    figures:\n"
	"    - {id: boss, type: hero, commander: true, at: c3}\n"
	"    - {id: tank, type: vehicle, at: e5, size: 2}\n"
	"    - {id: driver, type: troop, at: f6, rides: tank}\n"
	"    - {id: gunner, type: troop, rides: tank}\n"
	"  blue:\n"
	"    edge: north\n"
	"    team: defender\n"
	"    figures:\n"
	"    - {id: chief, type: hero, commander: true, at: l9}\n"
	"    - {id: guard, type: troop, status: defeated, by: red}\n"
	"round: {number: 3, phase: initiative, winner: red}\n";

static void
map_in_play(void **state)
{
	(void)state;
	struct rd r;

	read_clean(&r, "midmap.yaml", midmap, true);
	assert_int_equal(r.g.ending.rounds, 7);
	assert_int_equal(r.g.pos.rounds, 7);
	assert_int_equal(r.g.pos.first, -1);
	assert_int_equal(r.g.pos.acts, 0);
	assert_int_equal(r.g.ground[umpire_grid_index(&r.g.grid,
		(struct umpire_square){ 3, 3 })], VS_MAP_OPEN);
	assert_int_equal(r.g.ground[umpire_grid_index(&r.g.grid,
		(struct umpire_square){ 12, 8 })], VS_MAP_BUILDING);
	assert_int_equal(r.g.building, 0);
	assert_int_equal(r.g.figure[2].sq.file, 6);
	assert_int_equal(r.g.figure[3].sq.file, 5);
	read_done(&r);
	round_trip("midmap.yaml", midmap);
}

/* The corpus's good states read with no diagnostic. */
static void
corpus(void **state)
{
	(void)state;
	const char *dir = "tests/schema/vsgmr-state";
	DIR *dp = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		char path[512];
		char *text;
		struct rd r;
		if (strncmp(e->d_name, "good-", 5) != 0 || len < 5 ||
		    strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		text = slurp(path, NULL);
		read_clean(&r, path, text, true);
		read_done(&r);
		free(text);
		n++;
	}
	closedir(dp);
	assert_true(n >= 5);
}

/* ------------------------------------------------------------- refusals */

#define PLAYERS "players:\n  red: {}\n  blue: {}\n"
#define AWAIT "awaiting: {player: red, step: 3, kind: move}\n"
#define TABLE "scenario: basic\ntable: {width: 72, depth: 48}\n"
/* Line 13 is "forces:", 17 red's boss, 18 red's next figure. */
#define RED "forces:\n  red:\n    edge: south\n    figures:\n" \
	"      - {id: boss, type: hero, commander: true, at: [10, 2]}\n"
#define BLUE "  blue:\n    edge: north\n    figures:\n" \
	"      - {id: chief, type: hero, commander: true, at: [10, 46]}\n"
#define ROUND "round: {number: 1, phase: move, winner: red, first: red}\n"
#define STATE(red, more) ENV PLAYERS AWAIT TABLE RED red BLUE more ROUND
#define STATE_ROUND(round) ENV PLAYERS AWAIT TABLE RED BLUE round

struct bad {
	const char *what;
	const char *text;
	const char *diag;	/* the whole line */
	bool raw;		/* the schema refuses it already: not validated */
};

static const struct bad bad[] = {
	/* A rider on another side's mount, neither recruited (VS-57,
	 * VS-76). */
	{ "a rider on an enemy's mount", ENV PLAYERS AWAIT TABLE RED
	  "      - {id: rider, type: troop, at: [30, 20], rides: horse}\n"
	  BLUE "      - {id: horse, type: cavalry, at: [30, 20]}\n" ROUND,
	  "t.yaml:18:55: error: horse is blue's: a guy rides his own side's "
	  "cavalry or vehicles (II, VS-57)", false },
	/* Figures' keys of play. */
	{ "an unknown status", STATE("      - {id: g, type: troop, status: "
	  "dead}\n", ""),
	  "t.yaml:18:38: error: a figure's status is waiting, defeated or off; "
	  "one on the table has none", true },
	{ "status on", STATE("      - {id: g, type: troop, at: [20, 2], "
	  "status: on}\n", ""),
	  "t.yaml:18:51: error: a figure's status is waiting, defeated or off; "
	  "one on the table has none", true },
	{ "an owner who is no player", STATE("      - {id: g, type: troop, at: "
	  "[20, 2], owner: green}\n", ""),
	  "t.yaml:18:50: error: 'green' is no player: owner names the player a "
	  "recruited figure fights for now (V)", false },
	{ "by on a figure on the table", STATE("      - {id: g, type: troop, "
	  "at: [20, 2], by: blue}\n", ""),
	  "t.yaml:18:43: error: g is on: by names who scored a figure defeated "
	  "or off (VS-46): leave it out", true },
	{ "by who is no player", STATE("      - {id: g, type: troop, status: "
	  "defeated, by: green}\n", ""),
	  "t.yaml:18:52: error: 'green' is no player: by names the player who "
	  "scored the figure (VS-46)", false },
	{ "left on a figure defeated", STATE("      - {id: g, type: troop, "
	  "status: defeated, left: west}\n", ""),
	  "t.yaml:18:48: error: g is defeated, not off: left names the edge a "
	  "figure left the table by (VS-27, VS-36): leave it out", true },
	{ "at on a defeated figure", STATE("      - {id: g, type: troop, "
	  "status: defeated, at: [20, 2]}\n", ""),
	  "t.yaml:18:48: error: g is defeated: a figure not on the table stands "
	  "nowhere, faces no way and rides nothing: leave at out", true },
	{ "facing on a figure off", STATE("      - {id: g, type: troop, "
	  "status: off, facing: [0, 1]}\n", ""),
	  "t.yaml:18:43: error: g is off: a figure not on the table stands "
	  "nowhere, faces no way and rides nothing: leave facing out", true },
	{ "waiting in basic", STATE("      - {id: g, type: troop, status: "
	  "waiting}\n", ""),
	  "t.yaml:18:38: error: waiting is Spawning's, for figures not yet in "
	  "the game: no figure waits in basic (VIII)", false },
	{ "the scenario's waiting", STATE("      - {id: g, type: troop, "
	  "waiting: true}\n", ""),
	  "t.yaml:18:30: error: a state writes a figure still to come status: "
	  "waiting (VIII, VS-59)", true },
	{ "a count", STATE("      - {id: g, type: troop, count: 2, at: [[20, "
	  "2], [22, 2]]}\n", ""),
	  "t.yaml:18:30: error: a state lists every figure on its own, under "
	  "its own id: leave count out", true },
	{ "flying without Flight", STATE("      - {id: g, type: troop, at: "
	  "[20, 2], flying: true}\n", ""),
	  "t.yaml:18:43: error: g has no Flight: only a figure with Flight "
	  "flies (V, VS-73)", false },
	{ "bases overlap", STATE("      - {id: g, type: troop, at: [10.99, "
	  "2]}\n", ""),
	  "t.yaml:18:34: error: g's base overlaps boss's: bases never overlap "
	  "(VS-21, VS-26)", false },
	{ "a flier on another", STATE("", "      - {id: g, type: troop, traits: "
	  "[flight], at: [10.5, 46.5], flying: true}\n"),
	  "t.yaml:22:52: error: g's base overlaps chief's: bases never overlap "
	  "(VS-21, VS-26)", false },
	{ "on a wall", ENV PLAYERS AWAIT TABLE "features:\n  - {id: wall, does: "
	  "[barrier], corner: [20, 0], size: [1, 6]}\n" RED
	  "      - {id: g, type: troop, at: [21.49, 2]}\n" BLUE ROUND,
	  "t.yaml:20:34: error: g stands on wall, a barrier: no figure is set "
	  "up on one (VS-26)", false },
	{ "riding a defeated mount", STATE("      - {id: nag, type: cavalry, "
	  "status: defeated}\n      - {id: g, type: troop, rides: nag}\n", ""),
	  "t.yaml:19:37: error: nag is defeated: nobody rides it, its riders "
	  "having stayed on foot (VS-71)", false },
	{ "held by a defeated figure", STATE("      - {id: g, type: troop, "
	  "status: defeated}\n", "") "objects:\n  - {id: box, held: g}\n",
	  "t.yaml:25:21: error: g is defeated: it holds nothing, and what it "
	  "carried lies where it stood (VS-71)", false },
	{ "one id twice", STATE("      - {id: g, type: troop, status: "
	  "defeated}\n", "      - {id: g, type: troop, status: off}\n"),
	  "t.yaml:23:14: error: g names a figure of red's already: an id names "
	  "one figure in the game, whoever's (VS-56)", false },
	/* The round. */
	{ "an unknown phase", STATE_ROUND("round: {number: 1, phase: charge, "
	  "winner: red, first: red}\n"),
	  "t.yaml:22:27: error: a phase is initiative, move, distance, "
	  "hand-to-hand or skill (II, VS-41)", true },
	{ "first who is no player", STATE_ROUND("round: {number: 1, phase: "
	  "move, winner: red, first: green}\n"),
	  "t.yaml:22:53: error: 'green' is no player: round.first names the "
	  "player who starts the round (VS-43)", false },
	{ "winner who is no player", STATE_ROUND("round: {number: 1, phase: "
	  "move, winner: gold, first: red}\n"),
	  "t.yaml:22:41: error: 'gold' is no player: round.winner names who "
	  "won the round's initiative (VS-14)", false },
	{ "a round past the last", STATE_ROUND("round: {number: 6, phase: move, "
	  "winner: red, first: red}\n"),
	  "t.yaml:22:17: error: a round's number (0 before the first, up to the "
	  "game's last) is a whole number from 0 to 5", false },
	{ "a round begun without a winner", STATE_ROUND("round: {number: 1, "
	  "phase: move, first: red}\n"),
	  "t.yaml:22:8: error: round 1 has begun, so its initiative was won: "
	  "give winner (VS-14)", false },
	{ "a round under way nobody starts", STATE_ROUND("round: {number: 1, "
	  "phase: distance, winner: red}\n"),
	  "t.yaml:22:8: error: round 1 is past its initiative, so somebody "
	  "starts it: give first (VS-43)", false },
	{ "a winner before the first round", STATE_ROUND("round: {number: 0, "
	  "phase: initiative, winner: red}\n"),
	  "t.yaml:22:39: error: before the first round nobody has won the "
	  "initiative: leave winner out (VS-14)", false },
	{ "a phase before the first round", STATE_ROUND("round: {number: 0, "
	  "phase: skill}\n"),
	  "t.yaml:22:27: error: before the first round the phase is initiative "
	  "(VS-41)", false },
	{ "another decision awaited", ENV PLAYERS "awaiting: {player: red, "
	  "step: 3, kind: skill}\n" TABLE RED BLUE ROUND,
	  "t.yaml:10:40: error: awaiting.kind is skill, but the round's phase "
	  "is move: the decision awaited is the phase's (VS-41)", false },
	{ "awaiting another round", ENV PLAYERS "awaiting: {player: red, "
	  "step: 3, kind: move, round: 2}\n" TABLE RED BLUE ROUND,
	  "t.yaml:10:53: error: awaiting.round is not the round's number, 1",
	  false },
	/* Riders left on foot (VS-71) are one player's. */
	{ "two players' figures at one centre", STATE("      - {id: g, type: "
	  "troop, at: [10, 46]}\n", ""),
	  "t.yaml:22:54: error: chief's base overlaps g's: bases never overlap "
	  "(VS-21, VS-26)", false },
	/* Fortress Assault's building stands below VS-53's count only. */
	{ "a standing building with its count of hits", ENV PLAYERS AWAIT
	  "scenario: fortress-assault\ntable: {width: 72, depth: 48}\n"
	  "features:\n  - {id: keep, does: [barrier, cover], corner: [30, 18], "
	  "size: [12, 12], hits: 2}\nbuilding: keep\n"
	  "forces:\n  red:\n    edge: south\n    team: assaulter\n"
	  "    figures:\n"
	  "      - {id: boss, type: hero, commander: true, at: [10, 2]}\n"
	  "  blue:\n    edge: north\n    team: defender\n    figures:\n"
	  "      - {id: chief, type: hero, commander: true, at: [10, 46]}\n"
	  ROUND,
	  "t.yaml:14:80: error: keep falls at 2 successful hits (VS-53), and "
	  "has 2: give fewer, or removed: true once it has fallen", false },
	/* Players and features. */
	{ "a score below 0", ENV "players:\n  red: {score: -1}\n  blue: {}\n"
	  AWAIT TABLE RED BLUE ROUND,
	  "t.yaml:8:16: error: score is a whole number from 0 to 100000000",
	  true },
	{ "a spawn die of 7", ENV "players:\n  red: {}\n  blue: {spawn: 7}\n"
	  AWAIT TABLE RED BLUE ROUND,
	  "t.yaml:9:17: error: spawn is a whole number from 0 to 6", true },
	/* Solo play's activation die and its bounds (X, VS-78). */
#define SOLO(red) ENV "players:\n  red: {" red "}\n  blue: {}\n" AWAIT \
	TABLE RED BLUE ROUND
	{ "bounds without a die", SOLO("activation-figures: 2"),
	  "t.yaml:8:29: error: activation-figures is the bound of an "
	  "activation die, and red has none (X, VS-78)", false },
	{ "a die without bounds", SOLO("activation: 5"),
	  "t.yaml:8:8: error: red's activation die has no bound: "
	  "activation-figures comes with activation (X, VS-78)", false },
	{ "a 3 without its points", SOLO("activation: 3, activation-figures: 1"),
	  "t.yaml:8:8: error: red's activation die shows 3: activation-points "
	  "comes with it (X, VS-78)", false },
	{ "points with a 5", SOLO("activation: 5, activation-figures: 2, "
	  "activation-points: 1"),
	  "t.yaml:8:66: error: red's activation die shows 5: activation-points "
	  "is for a 2 or 3 only (X, VS-78)", false },
	{ "a 1 for two figures", SOLO("activation: 1, activation-figures: 2"),
	  "t.yaml:8:44: error: red's activation die shows 1: "
	  "activation-figures is 1, or 0 when he had no figure on the "
	  "playing surface (X, VS-78)", false },
	{ "activated beyond both bounds", SOLO("activation: 2, "
	  "activation-figures: 1, activation-points: 2, active: 2, "
	  "active-points: 3"),
	  "t.yaml:8:8: error: red has activated 2 figures worth 3 points, "
	  "beyond his activation die's bounds, 1 figures or 2 points (X, "
	  "VS-78)", false },
	{ "bounds below 0", SOLO("activation: 2, activation-figures: -1, "
	  "activation-points: 2"),
	  "t.yaml:8:44: error: activation-figures is a whole number from 0 to "
	  "32000", true },
	{ "removed: yes", ENV PLAYERS AWAIT TABLE "features:\n  - {id: hill, "
	  "does: [rough], corner: [30, 20], size: [4, 4], removed: yes}\n"
	  RED BLUE ROUND,
	  "t.yaml:14:72: error: removed is true or false", true },
};

static void
refusals(void **state)
{
	(void)state;
	int failed = 0;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct rd r;
		char *msg;
		read_text(&r, "t.yaml", bad[i].text, true, !bad[i].raw);
		msg = diags_text(&r.d);
		if (r.rc == 0 || !strstr(msg, bad[i].diag)) {
			fprintf(stderr, "%s: want\n%s\ngot rc %d:\n%s\n",
				bad[i].what, bad[i].diag, r.rc, msg);
			failed++;
		}
		if (bad[i].raw) {
			/* And the schema refuses it too. */
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			struct umpire_diags d = UMPIRE_DIAGS_INIT;
			struct umpire_node *root = parse_ok(&a, bad[i].text);
			if (umpire_schema_validate("vsgmr/state", root, &d) == 0)
				fail_msg("%s: the schema takes it", bad[i].what);
			umpire_diags_free(&d);
			umpire_arena_free(&a);
		}
		free(msg);
		read_done(&r);
	}
	assert_int_equal(failed, 0);
}

/* A round's number refused is the one error: the phase, winner and
 * first are not judged as round 0's, nor awaiting.round against 0. */
static void
round_number_alone(void **state)
{
	(void)state;
	struct rd r;
	char *msg;

	read_text(&r, "t.yaml", ENV PLAYERS "awaiting: {player: red, step: 3, "
		"kind: move, round: 99}\n" TABLE RED BLUE "round: {number: 99, "
		"phase: move, winner: red, first: red}\n", true, true);
	msg = diags_text(&r.d);
	assert_int_not_equal(r.rc, 0);
	assert_string_equal(msg, "t.yaml:22:17: error: a round's number (0 "
		"before the first, up to the game's last) is a whole number "
		"from 0 to 5\n");
	free(msg);
	read_done(&r);
}

/* What a state allows that a scenario's set-up does not. */
static void
allowed(void **state)
{
	(void)state;
	static const char *const ok[] = {
		/* Figures within 17" of the enemy's, off their side (VS-30,
		 * VS-61), and forces 4 points apart (VS-55). */
		STATE("      - {id: g, type: troop, at: [10, 44]}\n"
		"      - {id: h, type: troop, at: [12, 44]}\n"
		"      - {id: i, type: troop, at: [14, 44]}\n"
		"      - {id: j, type: troop, at: [16, 44]}\n", ""),
		/* A figure where a removed wall stood, an object too. */
		ENV PLAYERS AWAIT TABLE "features:\n  - {id: wall, does: "
		"[barrier], corner: [20, 0], size: [1, 6], removed: true}\n"
		"objects:\n  - {id: box, at: [20.5, 5]}\n" RED
		"      - {id: g, type: troop, at: [20.5, 2]}\n" BLUE ROUND,
		/* Transport with the object far from the centre, on the
		 * ground (VS-62 is the set-up's). */
		ENV PLAYERS AWAIT "scenario: transport\ntable: {width: 72, "
		"depth: 48}\nobjects:\n  - {id: box, at: [1, 1]}\n" RED BLUE
		ROUND,
		/* A Spawner with no figure on the table (VS-59 is the
		 * set-up's). */
		ENV PLAYERS AWAIT "scenario: spawning\ntable: {width: 72, "
		"depth: 48}\nforces:\n  red:\n    edge: south\n"
		"    team: infiltrator\n    figures:\n      - {id: boss, type: "
		"hero, commander: true, at: [10, 2]}\n  blue:\n    edge: north\n"
		"    team: spawner\n    figures:\n      - {id: chief, type: hero, "
		"commander: true, status: waiting}\n" ROUND,
		/* Riders left on foot where their mount fell (VS-71), on the
		 * table and on the map. */
		STATE("      - {id: g, type: troop, at: [20, 2]}\n"
		"      - {id: h, type: troop, at: [20, 2]}\n", ""),
		ENV PLAYERS AWAIT "scenario: basic\nmap: {files: 24, ranks: 16, "
		"scale: 25mm}\nforces:\n  red:\n    edge: south\n    figures:\n"
		"      - {id: boss, type: hero, commander: true, at: c1}\n"
		"      - {id: g, type: troop, at: c1}\n  blue:\n    edge: north\n"
		"    figures:\n      - {id: chief, type: hero, commander: true, "
		"at: c16}\n" ROUND,
		/* A horse recruited from under its rider (VS-76): the rider
		 * is red's, the horse blue's now; and a rider recruited on
		 * its own side's mount. */
		STATE("      - {id: horse, type: cavalry, at: [30, 20], owner: "
		"blue}\n"
		"      - {id: rider, type: troop, at: [30, 20], rides: horse}\n",
		""),
		STATE("      - {id: horse, type: cavalry, at: [30, 20]}\n"
		"      - {id: rider, type: troop, at: [30, 20], rides: horse, "
		"owner: blue}\n", ""),
		/* The round in awaiting, as ruleset.c writes it. */
		ENV PLAYERS "awaiting: {player: red, step: 3, kind: move, "
		"round: 1}\n" TABLE RED BLUE ROUND,
		/* Before the first round. */
		STATE_ROUND("round: {number: 0, phase: initiative}\n"),
		/* The envelope of a game over. */
		ENV PLAYERS TABLE RED BLUE ROUND
		"result: {step: 2, how: red's force is destroyed, standings: "
		"{red: {rank: 2, score: 0}, blue: {rank: 1, score: 2}}}\n",
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct rd r;
		read_text(&r, "t.yaml", ok[i], true, true);
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
	assert_string_equal(vs_status_names[VS_WAITING], "waiting");
	assert_string_equal(vs_status_names[VS_OFF], "off");
	assert_string_equal(vs_end_names[VS_END_SCENARIO], "scenario");
	assert_string_equal(vs_win_names[VS_WIN_SURVIVORS], "survivors");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(samples),
		cmocka_unit_test(in_play),
		cmocka_unit_test(map_in_play),
		cmocka_unit_test(corpus),
		cmocka_unit_test(refusals),
		cmocka_unit_test(round_number_alone),
		cmocka_unit_test(allowed),
		cmocka_unit_test(solo_bounds),
		cmocka_unit_test(names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
