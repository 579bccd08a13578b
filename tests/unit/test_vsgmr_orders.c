/*
 * test_vsgmr_orders - a VSGMR player's orders read and checked
 * (src/rules/vsgmr/orders.c): good orders of each phase read into
 * exactly the struct expected, and each refusal with its whole
 * diagnostic, place included (VS-63 to VS-78), on a small table game
 * written here and on the map duel of tests/vsgmr/scenarios/.  Games
 * are built from scenarios (vs_scenario_read) and their play fields
 * (moved, flying, a player's die, ...) set by hand, as a state file
 * will set them.  Every orders file passes schemas/vsgmr/orders.yaml
 * first, but for the cases marked raw.
 */
#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

/* Red's figures 0 to 7, blue's 8 to 11. */
static const char table_game[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"players: {red: {}, blue: {}}\n"
	"points: any\n"
	"table: {width: 72, depth: 48}\n"
	"features:\n"
	"  - {id: house, does: [barrier, cover], corners: [[30, 20], [40, 20], "
	"[40, 28], [30, 28]]}\n"
	"  - {id: wood, does: [cover, rough], corner: [10, 30], size: [8, 6]}\n"
	"objects:\n"
	"  - {id: gem, at: [20, 10]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: boss, type: hero, commander: true, at: [10, 2], "
	"facing: [0, 1]}\n"
	"      - {id: archer, type: troop, distance: true, count: 2, "
	"at: [[20, 2], [22, 2]], facing: [0, 1]}\n"
	"      - {id: horse, type: cavalry, carries: 2, base: 2, at: [30, 3]}\n"
	"      - {id: rider, type: troop, rides: horse}\n"
	"      - {id: bard, type: troop, traits: [inspiration], at: [40, 2]}\n"
	"      - {id: bird, type: hero, traits: [flight], at: [50, 2]}\n"
	"      - {id: mage, type: hero, distance: true, traits: [summon, "
	"area-effect-attack], at: [60, 2], facing: [0, 1]}\n"
	"  blue:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, at: [10, 46], "
	"facing: [0, -1]}\n"
	"      - {id: grunt, type: troop, distance: true, count: 2, "
	"at: [[20, 46], [22, 46]], facing: [0, -1]}\n"
	"      - {id: brute, type: hero, traits: [double-strike], "
	"at: [40, 46]}\n";

enum { BOSS, ARCHER1, ARCHER2, HORSE, RIDER, BARD, BIRD, MAGE, CHIEF,
	GRUNT1, GRUNT2, BRUTE };
/* The map duel's: undead 0 to 10, bandits 11 to 18. */
enum { NECRO, SKEL1, SKEL2, STEED, SRIDER, DEMON, GHOUL1, GHOUL2,
	LEADER = 11, BANDIT_A, BLAZE = 15 };

struct game {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_game g;
};

static void
game_read(struct game *gm, bool map)
{
	struct umpire_node *root = NULL;
	char *text = map ? slurp("tests/vsgmr/scenarios/map-duel.yaml", NULL) :
		NULL;
	const char *t = map ? text : table_game;

	memset(gm, 0, sizeof(*gm));
	gm->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &gm->a, "s.yaml", t, strlen(t), NULL,
	    &gm->d) != 0 || vs_scenario_read(&gm->g, &gm->a, root, &gm->d) != 0 ||
	    gm->d.n) {
		char *msg = diags_text(&gm->d);
		fail_msg("the game does not read:\n%s", msg);
	}
	/* The node's text must outlive the parse: the arena keeps its own. */
	free(text);
}

static void
game_done(struct game *gm)
{
	umpire_diags_free(&gm->d);
	umpire_arena_free(&gm->a);
}

#define HEAD "umpire: 1\nruleset: vsgmr\ngame: vsgmr-0123456789\n" \
	"player: red\nstep: 3\n"
#define BHEAD "umpire: 1\nruleset: vsgmr\ngame: vsgmr-0123456789\n" \
	"player: blue\nstep: 3\n"
#define UHEAD "umpire: 1\nruleset: vsgmr\ngame: vsgmr-0123456789\n" \
	"player: undead\nstep: 3\n"

struct orders {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_orders o;
	size_t n;
};

static void
orders_read(struct orders *r, const struct vs_game *g, int player,
	enum vs_phase phase, const char *text, bool validate)
{
	struct umpire_node *root = NULL;
	bool partial = false;

	memset(r, 0, sizeof(*r));
	r->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &r->a, "o.yaml", text, strlen(text), NULL,
	    &r->d) != 0)
		fail_msg("the orders do not parse:\n%s", text);
	if (umpire_schema_validate("vsgmr/orders", root, &r->d) != 0) {
		if (validate) {
			char *msg = diags_text(&r->d);
			fail_msg("the orders fail their schema:\n%s\n%s", msg, text);
		}
		umpire_diags_clear(&r->d);
		partial = true;
	}
	r->n = vs_orders_read(&r->o, &r->a, g, player, phase, root, partial,
		&r->d);
}

static void
orders_done(struct orders *r)
{
	umpire_diags_free(&r->d);
	umpire_arena_free(&r->a);
}

static void
orders_clean(struct orders *r, const struct vs_game *g, int player,
	enum vs_phase phase, const char *text)
{
	orders_read(r, g, player, phase, text, true);
	if (r->n || r->d.n) {
		char *msg = diags_text(&r->d);
		fail_msg("refused:\n%s\n%s", msg, text);
	}
}

static void
pt(struct vs_game *g, int i, int32_t x, int32_t y)
{
	g->figure[i].at.at = (struct umpire_pt){ x, y };
}

/* Red's activation die (X, VS-78) at `die`, allowing `most` figures or
 * figures worth `points`; archer-1 and the boss have acted when `acted`
 * (2 figures, 4 points). */
static void
solo_die(struct vs_game *g, int die, int most, int points, bool acted)
{
	g->solo = true;
	g->player[1].bot = true;
	g->player[0].activation = die;
	g->player[0].most = most;
	g->player[0].most_points = points;
	if (acted) {
		g->figure[ARCHER1].moved = true;
		g->figure[BOSS].skilled = true;
		g->player[0].active = 2;
		g->player[0].active_points = g->figure[ARCHER1].points +
			g->figure[BOSS].points;
	}
}

/* ------------------------------------------------------------ good orders */

static void
good_initiative(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_INITIATIVE, HEAD "first: blue\n");
	assert_int_equal(r.o.phase, VS_PHASE_INITIATIVE);
	assert_int_equal(r.o.player, 0);
	assert_int_equal(r.o.first, 1);
	assert_int_equal(r.o.nmoves, 0);
	orders_done(&r);
	game_done(&gm);
}

static void
good_moves_table(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	/* archer-2 steps into the place archer-1 has just left (VS-64);
	 * the horse carries its rider; archer-1 picks up the gem. */
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves:\n"
		"  - {figure: archer-1, path: [[20, 6], [20, 10]], facing: [1, 0], "
		"pick: [gem]}\n"
		"  - {figure: archer-2, path: [[20, 2]]}\n"
		"  - {figure: horse, path: [[30, 12.75]]}\n"
		"  - {figure: bird, path: [[50, 10]], flying: true}\n"
		"  - {figure: boss, path: [[10, -0.5]], off: south}\n"
		"  - {figure: bard}\n");
	assert_int_equal(r.o.nmoves, 6);
	const struct vs_move_order *m = &r.o.moves[0];
	assert_int_equal(m->figure, ARCHER1);
	assert_int_equal(m->npath, 2);
	assert_int_equal(m->path[0].x, 2000);
	assert_int_equal(m->path[0].y, 600);
	assert_int_equal(m->path[1].y, 1000);
	assert_true(m->has_facing);
	assert_int_equal(m->facing.x, 1);
	assert_int_equal(m->facing.y, 0);
	assert_int_equal(m->off, -1);
	assert_int_equal(m->board, -1);
	assert_int_equal(m->flying, -1);
	assert_int_equal(m->npick, 1);
	assert_int_equal(m->pick[0], 0);
	assert_int_equal(r.o.moves[1].figure, ARCHER2);
	assert_int_equal(r.o.moves[2].figure, HORSE);
	assert_int_equal(r.o.moves[2].path[0].y, 1275);
	assert_int_equal(r.o.moves[3].flying, 1);
	assert_int_equal(r.o.moves[4].off, VS_SOUTH);
	assert_int_equal(r.o.moves[4].path[0].y, -50);
	assert_int_equal(r.o.moves[5].npath, 0);
	assert_false(r.o.has_spawn);
	orders_done(&r);

	/* A guy boards the horse, ending on its centre (II, VS-57). */
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves:\n"
		"  - {figure: archer-2, path: [[26, 2], [30, 3]], board: horse}\n");
	assert_int_equal(r.o.moves[0].board, HORSE);
	orders_done(&r);

	/* The horse leaves the table, its rider along with it (II). */
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves: [{figure: horse, path: [[30, -1]], off: south}]\n");
	assert_int_equal(r.o.moves[0].off, VS_SOUTH);
	orders_done(&r);
	game_done(&gm);
}

static void
good_moves_map(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, true);
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, UHEAD
		"moves:\n"
		"  - {figure: ghoul-1, path: [h2, h3]}\n"
		"  - {figure: ghoul-2, path: [h1]}\n"
		"  - {figure: steed, path: [p2, p3, p4]}\n"
		"  - {figure: demon, path: [e2, e3]}\n");
	assert_int_equal(r.o.nmoves, 4);
	assert_int_equal(r.o.moves[0].figure, GHOUL1);
	assert_int_equal(r.o.moves[0].npath, 2);
	assert_int_equal(r.o.moves[0].steps[1].file, 8);
	assert_int_equal(r.o.moves[0].steps[1].rank, 3);
	assert_int_equal(r.o.moves[1].steps[0].file, 8);
	assert_int_equal(r.o.moves[3].figure, DEMON);
	orders_done(&r);

	/* A rider moved on its own gets off; a bandit leaves by the north
	 * edge, the step off counted (VS-36). */
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, UHEAD
		"moves: [{figure: rider, path: [q2]}]\n");
	assert_int_equal(r.o.moves[0].figure, SRIDER);
	orders_done(&r);
	orders_clean(&r, &gm.g, 1, VS_PHASE_MOVE, UHEAD
		"moves: [{figure: dusty, path: [k16], off: north}]\n");
	assert_int_equal(r.o.moves[0].figure, 16);
	assert_int_equal(r.o.moves[0].off, VS_NORTH);
	assert_int_equal(r.o.moves[0].npath, 1);
	orders_done(&r);
	game_done(&gm);
}

static void
good_attacks(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	pt(&gm.g, GRUNT1, 2000, 1200);
	pt(&gm.g, GRUNT2, 6000, 1000);
	orders_clean(&r, &gm.g, 0, VS_PHASE_DISTANCE, HEAD
		"attacks:\n"
		"  - {figure: archer-1, target: grunt-1, reroll: true}\n"
		"  - {figure: mage, target: grunt-2, then: [grunt-1, chief]}\n"
		"summons: []\n");
	assert_int_equal(r.o.nattacks, 2);
	assert_int_equal(r.o.attacks[0].figure, ARCHER1);
	assert_int_equal(r.o.attacks[0].target.kind, VS_AT_FIGURE);
	assert_int_equal(r.o.attacks[0].target.index, GRUNT1);
	assert_true(r.o.attacks[0].reroll);
	assert_int_equal(r.o.attacks[1].nthen, 2);
	assert_int_equal(r.o.attacks[1].then[1].index, CHIEF);
	assert_false(r.o.attacks[1].reroll);
	assert_false(r.o.reroll_armor);
	orders_done(&r);

	/* A then target is only checked to be an enemy (VS-66). */
	gm.g.figure[CHIEF].where = VS_DEFEATED;
	orders_clean(&r, &gm.g, 0, VS_PHASE_DISTANCE, HEAD
		"attacks: [{figure: mage, target: grunt-2, then: [chief]}]\n");
	assert_int_equal(r.o.attacks[0].then[0].index, CHIEF);
	orders_done(&r);

	/* The house, within 11" and faced (VS-23, VS-24). */
	pt(&gm.g, ARCHER1, 3500, 1000);
	orders_clean(&r, &gm.g, 0, VS_PHASE_DISTANCE, HEAD
		"attacks: [{figure: archer-1, target: house}]\n"
		"reroll-armor: true\n");
	assert_int_equal(r.o.attacks[0].target.kind, VS_AT_FEATURE);
	assert_int_equal(r.o.attacks[0].target.index, 0);
	assert_true(r.o.reroll_armor);
	orders_done(&r);

	/* A rider's mount and fellow rider do not hide it (VS-25). */
	gm.g.figure[ARCHER2].mount = HORSE;
	pt(&gm.g, ARCHER2, 3000, 300);
	pt(&gm.g, GRUNT1, 3000, 1400);
	gm.g.figure[GRUNT1].at.facing = (struct umpire_pt){ 0, -1 };
	orders_clean(&r, &gm.g, 1, VS_PHASE_DISTANCE, BHEAD
		"attacks: [{figure: grunt-1, target: rider}]\n");
	assert_int_equal(r.o.attacks[0].target.index, RIDER);
	orders_done(&r);

	/* Hand to hand, touching (VS-21, VS-22); Double Strike's then. */
	pt(&gm.g, BRUTE, 1000, 301);
	orders_clean(&r, &gm.g, 1, VS_PHASE_HAND, BHEAD
		"attacks: [{figure: brute, target: boss, then: [archer-1]}]\n");
	assert_int_equal(r.o.attacks[0].figure, BRUTE);
	assert_int_equal(r.o.attacks[0].then[0].index, ARCHER1);
	orders_done(&r);
	game_done(&gm);
}

static void
good_map_attacks(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, true);
	/* 14 spaces up the j file, within Long Range (25 at 25mm) and seen
	 * (VS-39, VS-40); the rider is the target, its mount no cover. */
	orders_clean(&r, &gm.g, 0, VS_PHASE_DISTANCE, UHEAD
		"attacks: [{figure: archer-1, target: bandit-a}]\n"
		"summons: [{figure: necromancer, ally: ghoul-1, at: k2}]\n");
	assert_int_equal(r.o.attacks[0].figure, SKEL1);
	assert_int_equal(r.o.attacks[0].target.index, BANDIT_A);
	assert_int_equal(r.o.summons[0].figure, NECRO);
	assert_int_equal(r.o.summons[0].ally, GHOUL1);
	assert_int_equal(r.o.summons[0].place.sq.file, 11);
	assert_int_equal(r.o.summons[0].place.sq.rank, 2);
	orders_done(&r);
	/* Adjacent, diagonally (VS-38). */
	gm.g.figure[GHOUL1].sq = (struct umpire_square){ 11, 15 };
	orders_clean(&r, &gm.g, 0, VS_PHASE_HAND, UHEAD
		"attacks: [{figure: ghoul-1, target: leader}]\n");
	assert_int_equal(r.o.attacks[0].target.index, LEADER);
	orders_done(&r);
	/* A guy boards the steed, given room for one besides its rider;
	 * the steed then carries both (VS-7, VS-35). */
	gm.g.figure[STEED].profile.carries = 1;
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, UHEAD
		"moves:\n"
		"  - {figure: ghoul-5, path: [n1, o1, p1], board: steed}\n"
		"  - {figure: steed, path: [p2, p3]}\n");
	assert_int_equal(r.o.moves[0].board, STEED);
	orders_done(&r);
	game_done(&gm);
}

static void
good_summons_skills(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_SKILL, HEAD
		"skills: [{figure: boss, task: climb the wall}, {figure: bard}]\n"
		"summons: [{figure: mage, ally: archer-1, at: [64, 2]}]\n");
	assert_int_equal(r.o.nskills, 2);
	assert_string_equal(r.o.skills[0].task, "climb the wall");
	assert_null(r.o.skills[1].task);
	assert_int_equal(r.o.nsummons, 1);
	assert_int_equal(r.o.summons[0].figure, MAGE);
	assert_int_equal(r.o.summons[0].ally, ARCHER1);
	assert_int_equal(r.o.summons[0].place.at.x, 6400);
	assert_false(r.o.has_return);
	orders_done(&r);

	/* X's 6 (VS-54). */
	gm.g.solo = true;
	gm.g.player[0].owed = true;
	gm.g.figure[BOSS].where = VS_DEFEATED;
	orders_clean(&r, &gm.g, 0, VS_PHASE_SKILL, HEAD
		"return: {figure: boss, at: [12, 5]}\n");
	assert_true(r.o.has_return);
	assert_int_equal(r.o.return_figure, BOSS);
	assert_int_equal(r.o.return_place.at.y, 500);
	orders_done(&r);
	game_done(&gm);
}

/* X, VS-78: solo play's activation die allows these. */
static void
good_solo_limits(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;
	static const char moves3[] = HEAD "moves:\n"
		"  - {figure: archer-1, path: [[20, 4]]}\n"
		"  - {figure: archer-2, path: [[22, 4]]}\n"
		"  - {figure: bard, path: [[40, 4]]}\n";

	game_read(&gm, false);
	/* 4 to 6: every figure, whatever the bounds. */
	solo_die(&gm.g, 4, 1, 0, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, moves3);
	orders_done(&r);
	/* A 3: 3 figures worth 7 points are beyond 2 figures but within 7
	 * points, one of the two bounds (VS-78). */
	solo_die(&gm.g, 3, 2, 7, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, moves3);
	orders_done(&r);
	/* Or within the figures alone: 2 heroes worth 6 points, beyond 1. */
	solo_die(&gm.g, 2, 2, 1, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD "moves:\n"
		"  - {figure: boss, path: [[10, 4]]}\n"
		"  - {figure: bird, path: [[50, 4]]}\n");
	orders_done(&r);
	/* A 1: the one figure; a rider carried by the horse is not
	 * activated by it. */
	solo_die(&gm.g, 1, 1, 0, false);
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves: [{figure: horse, path: [[30, 6]]}]\n");
	orders_done(&r);
	/* Figures that acted this round count once: archer-1 and the boss
	 * have used up a 3's 2 figures, and act again. */
	game_done(&gm);
	game_read(&gm, false);
	pt(&gm.g, GRUNT1, 2000, 1200);
	solo_die(&gm.g, 3, 2, 0, true);
	orders_clean(&r, &gm.g, 0, VS_PHASE_DISTANCE, HEAD
		"attacks: [{figure: archer-1, target: grunt-1}]\n");
	orders_done(&r);
	/* A 6's return is no action: on top of a full 1 (VS-78). */
	solo_die(&gm.g, 1, 1, 0, false);
	gm.g.player[0].active = 1;
	gm.g.player[0].active_points = 1;
	gm.g.figure[ARCHER1].moved = true;
	gm.g.player[0].owed = true;
	gm.g.figure[ARCHER2].where = VS_DEFEATED;
	orders_clean(&r, &gm.g, 0, VS_PHASE_SKILL, HEAD
		"return: {figure: archer-2, at: [12, 5]}\n");
	assert_true(r.o.has_return);
	orders_done(&r);
	game_done(&gm);
}

static void
good_spawn(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	gm.g.scenario = VS_SPAWNING;
	gm.g.player[0].team = VS_SPAWNER;
	gm.g.figure[BOSS].where = VS_WAITING;
	/* A 1: the side opposite red's, the north (VIII, VS-51). */
	gm.g.player[0].spawn = 1;
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"spawn: {figure: boss, at: [5, 39], facing: [0, -1]}\n"
		"moves: [{figure: archer-1, path: [[20, 3]]}]\n");
	assert_true(r.o.has_spawn);
	assert_int_equal(r.o.spawn_figure, BOSS);
	/* Its base 8.5" from the north edge: within (VS-29). */
	assert_int_equal(r.o.spawn_place.at.y, 3900);
	assert_true(r.o.spawn_has_facing);
	assert_int_equal(r.o.spawn_facing.y, -1);
	assert_int_equal(r.o.spawn_edge, -1);
	orders_done(&r);
	/* A 5: his choice; his right is the east. */
	gm.g.player[0].spawn = 5;
	orders_clean(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"spawn: {figure: boss, at: [70, 20], edge: right}\n");
	assert_int_equal(r.o.spawn_edge, VS_EDGE_RIGHT);
	orders_done(&r);
	game_done(&gm);
}

/* ------------------------------------------------------------- refusals */

enum tweak {
	T_NONE, T_MOVED, T_FRESH, T_DEFEATED, T_CLOSE, T_FACING_AWAY,
	T_BEHIND_HOUSE, T_TOUCH, T_FLYING, T_INSPIRED, T_ATTACKED, T_SKILLED,
	T_BLUE_GONE, T_SOLO, T_CROWD, T_MAGE, T_SPAWN6, T_SPAWN1, T_SPAWN5,
	T_DIE1, T_DIE1_NONE, T_DIE3, T_DIE3_ACTED,
};

static void
tweak(struct vs_game *g, enum tweak t)
{
	switch (t) {
	case T_MOVED:
		g->figure[ARCHER1].moved = true;
		break;
	case T_FRESH:
		g->figure[ARCHER1].fresh = true;
		break;
	case T_DEFEATED:
		g->figure[ARCHER1].where = VS_DEFEATED;
		break;
	case T_CLOSE:
		pt(g, GRUNT1, 2000, 1200);
		break;
	case T_FACING_AWAY:
		pt(g, GRUNT1, 2000, 1200);
		g->figure[ARCHER1].at.facing = (struct umpire_pt){ 0, -1 };
		break;
	case T_BEHIND_HOUSE:
		pt(g, ARCHER1, 3500, 1850);
		pt(g, GRUNT1, 3500, 2950);
		break;
	case T_TOUCH:
		pt(g, BRUTE, 1000, 301);
		break;
	case T_FLYING:
		pt(g, BRUTE, 5000, 301);
		g->figure[BIRD].flying = true;
		break;
	case T_INSPIRED:
		pt(g, GRUNT1, 2000, 1200);
		g->player[0].inspired = true;
		break;
	case T_ATTACKED:
		g->figure[MAGE].attacked = true;
		g->figure[BOSS].skilled = true;
		break;
	case T_CROWD:
		pt(g, BOSS, 2600, 600);
		pt(g, ARCHER1, 3400, 600);
		break;
	case T_MAGE:
		pt(g, GRUNT1, 6000, 1200);
		break;
	case T_SKILLED:
		g->figure[BOSS].skilled = true;
		break;
	case T_BLUE_GONE:
		for (int i = CHIEF; i <= BRUTE; i++)
			g->figure[i].where = VS_OFF;
		break;
	case T_SOLO:
		g->solo = true;
		g->player[0].owed = true;
		g->figure[BOSS].where = VS_DEFEATED;
		pt(g, CHIEF, 1000, 1000);
		break;
	case T_DIE1:
		solo_die(g, 1, 1, 0, false);
		break;
	case T_DIE1_NONE:
		solo_die(g, 1, 0, 0, false);
		break;
	case T_DIE3:
		solo_die(g, 3, 2, 6, false);
		break;
	case T_DIE3_ACTED:
		pt(g, GRUNT1, 2000, 1200);
		solo_die(g, 3, 3, 4, true);
		break;
	case T_SPAWN6:
	case T_SPAWN1:
	case T_SPAWN5:
		g->scenario = VS_SPAWNING;
		g->player[0].team = VS_SPAWNER;
		g->figure[BOSS].where = VS_WAITING;
		g->player[0].spawn = t == T_SPAWN6 ? 6 : t == T_SPAWN1 ? 1 : 5;
		break;
	default:
		break;
	}
}

struct bad {
	const char *what;
	bool map;
	enum tweak tweak;
	int player;
	enum vs_phase phase;
	const char *text;
	const char *diag;	/* the whole line */
	bool raw;		/* the schema refuses it already */
};

#define MOVE VS_PHASE_MOVE
#define DIST VS_PHASE_DISTANCE
#define HAND VS_PHASE_HAND
#define SKILL VS_PHASE_SKILL
#define INIT VS_PHASE_INITIATIVE

static const struct bad bad[] = {
	{ "unknown figure", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archr-1, path: [[20, 4]]}]\n",
	  "o.yaml:6:18: error: no figure is called 'archr-1' (did you "
	  "mean 'archer-1'?): figure names a figure of the game (VS-56)", false },
	{ "named twice", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-1, path: [[20, 4]]}\n"
	  "  - {figure: archer-1, path: [[20, 6]]}\n",
	  "o.yaml:8:14: error: archer-1 is named twice: a phase's orders "
	  "name each figure once (II, VS-63)", false },
	{ "an enemy's figure", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: chief, path: [[10, 44]]}]\n",
	  "o.yaml:6:18: error: chief belongs to blue: red gives orders to "
	  "his own figures", false },
	{ "moved already", false, T_MOVED, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 4]]}]\n",
	  "o.yaml:6:18: error: archer-1 has moved this round: each figure "
	  "moves once (II)", false },
	{ "fresh", false, T_FRESH, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 4]]}]\n",
	  "o.yaml:6:18: error: archer-1 came into the game this round and "
	  "acts from the next (V)", false },
	{ "defeated", false, T_DEFEATED, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 4]]}]\n",
	  "o.yaml:6:18: error: archer-1 is defeated (III)", false },
	{ "too far", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, 12]]}]\n",
	  "o.yaml:6:30: error: boss's path is 10\" long, and it moves "
	  "8.5\" (II, VS-17, VS-26)", false },
	{ "through a barrier", false, T_BEHIND_HOUSE, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[35, 27]]}]\n",
	  "o.yaml:6:34: error: archer-1's path crosses house, a barrier: "
	  "only Flight passes over one (II, V, VS-26)", false },
	{ "ends on a base, in order", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-2, path: [[20, 2]]}\n"
	  "  - {figure: archer-1, path: [[20, 6]]}\n",
	  "o.yaml:7:30: error: archer-2's move ends on archer-1's base: "
	  "bases never overlap at the end of a move, but a mount's that "
	  "is boarded (II, VS-26)", false },
	{ "two end on one place", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-1, path: [[20, 6]]}\n"
	  "  - {figure: archer-2, path: [[20, 6.5]]}\n",
	  "o.yaml:8:30: error: archer-2's move ends on archer-1's base: "
	  "bases never overlap at the end of a move, but a mount's that "
	  "is boarded (II, VS-26)", false },
	{ "off without off", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, -1]]}]\n",
	  "o.yaml:6:30: error: boss's path ends off the table: write off: "
	  "the edge it leaves by, for it leaves the game (II, VS-27)", false },
	{ "off on the table", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, 4]], off: south}]\n",
	  "o.yaml:6:41: error: boss's path ends on the table: a figure "
	  "leaves by a path whose last waypoint is beyond the edge (II, "
	  "VS-27)", false },
	{ "off with no path", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, off: south}]\n",
	  "o.yaml:6:24: error: boss's move, with no path, stays on the "
	  "table: a figure leaves by a path whose last waypoint is beyond "
	  "the edge (II, VS-27)", false },
	{ "off by another edge", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, -1]], off: west}]\n",
	  "o.yaml:6:47: error: boss's path does not end beyond the west "
	  "edge: its last waypoint [10, -1] is off the table elsewhere "
	  "(VS-27)", false },
	{ "goes on after leaving", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, -1], [12, 1]]}]\n",
	  "o.yaml:6:30: error: boss's path goes on after leaving the "
	  "table: anything that moves off the playing surface cannot "
	  "return (II, VS-27)", false },
	{ "flying without Flight", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: boss, path: [[10, 4]], flying: true}]\n",
	  "o.yaml:6:41: error: boss has no Flight: only a figure with it "
	  "flies (V, VS-73)", false },
	{ "board a full horse", false, T_CROWD, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-1, path: [[30, 3]], board: horse}\n"
	  "  - {figure: archer-2, path: [[30, 3]], board: horse}\n"
	  "  - {figure: boss, path: [[30, 3]], board: horse}\n",
	  "o.yaml:9:44: error: horse has room for 3: its rider or driver "
	  "and 2 more, and is full (IV, VS-7)", false },
	{ "board off its centre", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-2, path: [[29.5, 3]], board: horse}]\n",
	  "o.yaml:6:34: error: archer-2 boards horse: its path ends on "
	  "horse's centre [30, 3], where a rider stands (II, VS-57)", false },
	{ "board a guy", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-2, path: [[22, 4]], board: boss}]\n",
	  "o.yaml:6:52: error: boss is a guy: a guy boards cavalry or a "
	  "vehicle (II)", false },
	{ "a horse with no rider", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: rider, path: [[33, 3]]}\n"
	  "  - {figure: horse, path: [[30, 8]]}\n",
	  "o.yaml:8:14: error: horse is cavalry with no rider or driver: "
	  "it moves only with one aboard, or with Independent (II, V)", false },
	{ "a rider gone off with its mount", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: horse, path: [[30, -1]], off: south}\n"
	  "  - {figure: rider, path: [[33, 3]]}\n",
	  "o.yaml:8:14: error: rider is off the playing surface and out "
	  "of the game (II, VS-27)", false },
	{ "a rider moved along", false, T_NONE, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: horse, path: [[30, 8]]}\n"
	  "  - {figure: rider, path: [[33, 8]]}\n",
	  "o.yaml:8:14: error: rider has moved this round, along with "
	  "horse: each figure moves once (II)", false },
	{ "pick what is not there", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 6]], pick: [gem]}]\n",
	  "o.yaml:6:52: error: gem does not lie under its base at the end "
	  "of archer-1's move: it is at [20, 10] (III, VS-71)", false },
	{ "pick no such object", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 10]], pick: [gme]}]\n",
	  "o.yaml:6:53: error: no object is called 'gme' (did you mean "
	  "'gem'?): pick names objects of the scenario (III)", false },
	{ "three decimals", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [[20, 4.125]]}]\n",
	  "o.yaml:6:40: error: a coordinate is inches with at most two "
	  "decimals, from -163.84 to 163.84 (TABLE-1)", false },
	{ "a square on the table", false, T_NONE, 0, MOVE,
	  HEAD "moves: [{figure: archer-1, path: [c4]}]\n",
	  "o.yaml:6:35: error: this game is on a table: its path lists "
	  "points [x, y] in inches (VS-26)", false },
	{ "a key of another phase", false, T_NONE, 0, MOVE,
	  HEAD "moves: []\nattacks: []\n",
	  "o.yaml:7:1: error: attacks is for distance or hand-to-hand "
	  "orders, and the decision awaited is move: leave it out", false },
	{ "a key of three phases", false, T_NONE, 0, INIT,
	  HEAD "first: red\nsummons: []\n",
	  "o.yaml:7:1: error: summons is for distance, hand-to-hand or "
	  "skill orders, and the decision awaited is initiative: leave it "
	  "out", false },
	{ "skills in hand to hand", false, T_NONE, 0, HAND,
	  HEAD "skills: []\n",
	  "o.yaml:6:1: error: skills is for skill orders, and the decision "
	  "awaited is hand-to-hand: leave it out", false },
	{ "spawn within a Move Unit, edge to edge", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 38.99]}\n",
	  "o.yaml:6:27: error: the spawn die shows 1: boss comes within a "
	  "Move Unit of the north edge, your opposite side (VIII, VS-51)",
	  false },
	{ "spawn outside Spawning", false, T_NONE, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 40]}\n",
	  "o.yaml:6:1: error: only a Spawner player spawns figures, in "
	  "Spawning (VIII, VS-51)", false },
	{ "spawn on a 6", false, T_SPAWN6, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 40]}\n",
	  "o.yaml:6:1: error: the spawn die shows 6: no figure is placed "
	  "this turn (VIII)", false },
	{ "spawn on the wrong side", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 20]}\n",
	  "o.yaml:6:27: error: the spawn die shows 1: boss comes within a "
	  "Move Unit of the north edge, your opposite side (VIII, VS-51)", false },
	{ "spawn a figure on the table", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: archer-1, at: [5, 40]}\n",
	  "o.yaml:6:17: error: archer-1 is not waiting to come into the "
	  "game: only a figure not yet in it is spawned (VIII, VS-51)", false },
	{ "spawn without the side on a 5", false, T_SPAWN5, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 40]}\n",
	  "o.yaml:6:8: error: the spawn die shows 5: say which side, "
	  "edge: own, right, opposite or left (VIII)", false },
	{ "spawn a side on a 1", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 40], edge: own}\n",
	  "o.yaml:6:36: error: the spawn die shows 1, which names the "
	  "side (the opposite one): edge is for a 5 (VIII)", false },
	{ "spawn and move it", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [5, 40]}\n"
	  "moves: [{figure: boss, path: [[5, 38]]}]\n",
	  "o.yaml:7:18: error: boss is named twice: a phase's orders name "
	  "each figure once (II, VS-63)", false },
	{ "spawn onto a figure", false, T_SPAWN1, 0, MOVE,
	  HEAD "spawn: {figure: boss, at: [10, 45.5]}\n",
	  "o.yaml:6:27: error: boss cannot be placed there: its base "
	  "would overlap chief's: bases never overlap (VS-21, VS-26)", false },
	{ "nobody first", false, T_NONE, 0, INIT,
	  HEAD "first: bleu\n",
	  "o.yaml:6:8: error: no player is called 'bleu' (did you mean "
	  "'blue'?) (VS-43)", false },
	{ "first with no figures", false, T_BLUE_GONE, 0, INIT,
	  HEAD "first: blue\n",
	  "o.yaml:6:8: error: blue has no figures left and takes no "
	  "turns: first is a player who does (VS-42, VS-43)", false },
	{ "no first", false, T_NONE, 0, INIT,
	  HEAD,
	  "o.yaml:1:1: error: say who starts the round: first: a player "
	  "(II, VS-43)", false },
	{ "out of range", false, T_NONE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1}]\n",
	  "o.yaml:6:38: error: grunt-1 is 43\" from archer-1, beyond a "
	  "Distance Attack Unit, 11\" (II, VS-23)", false },
	{ "not faced", false, T_FACING_AWAY, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1}]\n",
	  "o.yaml:6:38: error: archer-1 does not face grunt-1: a distance "
	  "attack is at a foe in front of it; turn it as it moves (II, "
	  "VS-24)", false },
	{ "not seen", false, T_BEHIND_HOUSE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1}]\n",
	  "o.yaml:6:38: error: archer-1 cannot see grunt-1: every line of "
	  "sight is blocked by cover or an enemy figure (II, VS-25)", false },
	{ "no distance weapon", false, T_CLOSE, 0, DIST,
	  HEAD "attacks: [{figure: boss, target: grunt-1}]\n",
	  "o.yaml:6:20: error: boss has no distance attack (IV)", false },
	{ "an own target", false, T_NONE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: archer-2}]\n",
	  "o.yaml:6:38: error: archer-2 is your own, not an enemy: "
	  "attacks are at another player's figures (II)", false },
	{ "no such target", false, T_NONE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-3}]\n",
	  "o.yaml:6:38: error: no figure or feature is called 'grunt-3' "
	  "(did you mean 'grunt-1'?): a target is an enemy figure or a "
	  "building or terrain feature (III)", false },
	{ "then without Area Effect", false, T_CLOSE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1, then: [chief]}]\n",
	  "o.yaml:6:47: error: archer-1 has no Area Effect Attack: then "
	  "is for further attacks after one that succeeds (V, VS-66)", false },
	{ "then at a friend", false, T_MAGE, 0, DIST,
	  HEAD "attacks: [{figure: mage, target: grunt-1, then: [boss]}]\n",
	  "o.yaml:6:50: error: boss is your own, not an enemy: attacks "
	  "are at another player's figures (II)", false },
	{ "attacked already", false, T_ATTACKED, 0, DIST,
	  HEAD "attacks: [{figure: mage, target: chief}]\n",
	  "o.yaml:6:20: error: mage has attacked this round (or "
	  "summoned): a single distance or hand to hand attack per round "
	  "(II, VS-69)", false },
	{ "not touching", false, T_NONE, 1, HAND,
	  BHEAD "attacks: [{figure: brute, target: boss}]\n",
	  "o.yaml:6:35: error: boss neither touches brute nor is within "
	  "its reach (II, VS-21, VS-22)", false },
	{ "two then hand to hand", false, T_TOUCH, 1, HAND,
	  BHEAD "attacks: [{figure: brute, target: boss, "
	  "then: [archer-1, archer-2]}]\n",
	  "o.yaml:6:47: error: Double Strike attacks at most 1 more after "
	  "the first (V)", false },
	{ "a flier in hand to hand", false, T_FLYING, 0, HAND,
	  HEAD "attacks: [{figure: bird, target: brute}]\n",
	  "o.yaml:6:20: error: bird is in flight: a flying figure makes "
	  "no hand to hand attack; land it as it moves (V, VS-73)", false },
	{ "a flier fought hand to hand", false, T_FLYING, 1, HAND,
	  BHEAD "attacks: [{figure: brute, target: bird}]\n",
	  "o.yaml:6:35: error: bird is in flight: a flying figure is not "
	  "fought hand to hand (V, VS-73)", false },
	{ "reroll without Inspiration", false, T_TOUCH, 1, HAND,
	  BHEAD "attacks: [{figure: brute, target: boss, reroll: true}]\n",
	  "o.yaml:6:41: error: blue has no figure with Inspiration on the "
	  "table (V, VS-68)", false },
	{ "reroll used", false, T_INSPIRED, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1, reroll: true}]\n",
	  "o.yaml:6:47: error: red has used Inspiration this round: once "
	  "a round (V, VS-68)", false },
	{ "two rerolls", false, T_CLOSE, 0, DIST,
	  HEAD "attacks: [{figure: archer-1, target: grunt-1, reroll: true}]\n"
	  "reroll-armor: true\n",
	  "o.yaml:7:1: error: Inspiration is used once a round, so an "
	  "orders file asks for it once: one reroll: true or reroll-armor "
	  "(V, VS-68)", false },
	{ "two reroll: true", false, T_CLOSE, 0, DIST,
	  HEAD "attacks:\n"
	  "  - {figure: archer-1, target: grunt-1, reroll: true}\n"
	  "  - {figure: archer-2, target: grunt-1, reroll: true}\n",
	  "o.yaml:8:41: error: Inspiration is used once a round, so an "
	  "orders file asks for it once: one reroll: true or reroll-armor "
	  "(V, VS-68)", false },
	{ "summon without Summon", false, T_NONE, 0, SKILL,
	  HEAD "summons: [{figure: boss, ally: archer-1, at: [12, 5]}]\n",
	  "o.yaml:6:20: error: boss has no Summon (V)", false },
	{ "summon after an attack", false, T_ATTACKED, 0, SKILL,
	  HEAD "summons: [{figure: mage, ally: archer-1, at: [64, 2]}]\n",
	  "o.yaml:6:20: error: mage has attacked this round: Summon is in "
	  "place of its attack and its skill roll (V, VS-69)", false },
	{ "summon too far", false, T_NONE, 0, SKILL,
	  HEAD "summons: [{figure: mage, ally: archer-1, at: [70, 2]}]\n",
	  "o.yaml:6:46: error: archer-1 is put within a Half Move Unit of "
	  "mage: 4.25\", edge to edge (V, VS-29, VS-32)", false },
	{ "summon onto a figure", false, T_NONE, 0, DIST,
	  HEAD "summons: [{figure: mage, ally: archer-1, at: [60, 2.5]}]\n",
	  "o.yaml:6:46: error: archer-1 cannot be put there: its base "
	  "would overlap mage's: bases never overlap (VS-21, VS-26)", false },
	{ "summon an enemy", false, T_NONE, 0, DIST,
	  HEAD "summons: [{figure: mage, ally: chief, at: [64, 2]}]\n",
	  "o.yaml:6:32: error: chief belongs to blue: the ally is one of "
	  "your own figures (V, VS-69)", false },
	{ "summon and skill", false, T_NONE, 0, SKILL,
	  HEAD "skills: [{figure: boss}]\n"
	  "summons: [{figure: mage, ally: boss, at: [64, 2]}]\n",
	  "o.yaml:7:32: error: boss is named twice: a phase's orders name "
	  "each figure once (II, VS-63)", false },
	{ "skill of a rider", false, T_NONE, 0, SKILL,
	  HEAD "skills: [{figure: rider}]\n",
	  "o.yaml:6:19: error: rider rides horse: skill rolls are a guy's "
	  "on foot (II, VS-70)", false },
	{ "skill of a horse", false, T_NONE, 0, SKILL,
	  HEAD "skills: [{figure: horse}]\n",
	  "o.yaml:6:19: error: horse is cavalry: skill rolls are a guy's "
	  "(II, VS-70)", false },
	{ "skill twice a round", false, T_SKILLED, 0, SKILL,
	  HEAD "skills: [{figure: boss}]\n",
	  "o.yaml:6:19: error: boss has made its skill roll this round, "
	  "or summoned (II, VS-69, VS-70)", false },
	{ "solo: a 1, a second figure", false, T_DIE1, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-1, path: [[20, 4]]}\n"
	  "  - {figure: archer-2, path: [[22, 4]]}\n",
	  "o.yaml:8:14: error: archer-2 would be the 2nd figure of red's to "
	  "act this round: his activation die shows 1, for a single figure "
	  "(X, VS-78)", false },
	{ "solo: a 1, no figure as it was rolled", false, T_DIE1_NONE, 0,
	  MOVE, HEAD "moves: [{figure: archer-1, path: [[20, 4]]}]\n",
	  "o.yaml:6:18: error: archer-1 cannot act this round: red's "
	  "activation die shows 1, and he had no figure on the playing "
	  "surface as it was rolled (X, VS-78)", false },
	{ "solo: a 3, beyond both bounds", false, T_DIE3, 0, MOVE,
	  HEAD "moves:\n"
	  "  - {figure: archer-1, path: [[20, 4]]}\n"
	  "  - {figure: archer-2, path: [[22, 4]]}\n"
	  "  - {figure: bard, path: [[40, 4]]}\n",
	  "o.yaml:9:14: error: bard would be the 3rd figure of red's to act "
	  "this round, worth 7 points with the others: his activation die "
	  "shows 3, for up to 2 figures or figures worth up to 6 points "
	  "(X, VS-78)", false },
	{ "solo: counted with the round's earlier actions", false,
	  T_DIE3_ACTED, 0, DIST,
	  HEAD "attacks:\n"
	  "  - {figure: archer-1, target: grunt-1}\n"
	  "  - {figure: archer-2, target: grunt-1}\n"
	  "summons: [{figure: mage, ally: bard, at: [64, 2]}]\n",
	  "o.yaml:9:20: error: mage would be the 4th figure of red's to act "
	  "this round, worth 13 points with the others: his activation die "
	  "shows 3, for up to 3 figures or figures worth up to 4 points "
	  "(X, VS-78)", false },
	{ "return not owed", false, T_NONE, 0, SKILL,
	  HEAD "return: {figure: boss, at: [12, 5]}\n",
	  "o.yaml:6:9: error: red is owed no figure: a defeated figure "
	  "returns in solo play after a 6 (X, VS-54)", false },
	{ "return far from its side", false, T_SOLO, 0, SKILL,
	  HEAD "return: {figure: boss, at: [12, 20]}\n",
	  "o.yaml:6:28: error: boss returns within a Move Unit of the "
	  "south edge, where its force began (X)", false },
	{ "return by an enemy", false, T_SOLO, 0, SKILL,
	  HEAD "return: {figure: boss, at: [10, 4]}\n",
	  "o.yaml:6:28: error: boss would be within a Move Unit of chief: "
	  "it returns more than one Move Unit from every opposing figure "
	  "(X)", false },
	{ "return a standing figure", false, T_SOLO, 0, SKILL,
	  HEAD "return: {figure: archer-1, at: [30, 5]}\n",
	  "o.yaml:6:18: error: archer-1 is on the table already", false },
	{ "map: facing", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [h2], facing: [0, 1]}]\n",
	  "o.yaml:6:39: error: figures on the map face every way: leave "
	  "facing out (IX)", false },
	{ "map: two end on one space", true, T_NONE, 0, MOVE,
	  UHEAD "moves:\n"
	  "  - {figure: ghoul-1, path: [h2]}\n"
	  "  - {figure: ghoul-2, path: [h2]}\n",
	  "o.yaml:8:29: error: ghoul-2: h2 holds another figure: a figure "
	  "cannot end movement in the same space as any other figure (IX, "
	  "VS-35)", false },
	{ "map: a step too long", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [h3]}]\n",
	  "o.yaml:6:34: error: ghoul-1 steps from h1 to h3: a step is to "
	  "one of the eight spaces next to it (IX, VS-35)", false },
	{ "map: too many steps", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [h2, h3, h4, h5, h6, g7, g8]}]\n",
	  "o.yaml:6:33: error: ghoul-1 takes 7 steps, and moves 6 (IX, "
	  "VS-32, VS-33, VS-36)", false },
	{ "map: slowed", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [h2, h3, h4, h5, h6, h7]}]\n",
	  "o.yaml:6:33: error: ghoul-1 takes 6 steps, and moves 3, its "
	  "movement halved by difficult terrain on the way (IX, VS-32, "
	  "VS-33, VS-36)", false },
	{ "map: into a building", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: necromancer, path: [l2, l3, l4, l5, l6, l7, l8]}]\n",
	  "o.yaml:6:62: error: l8 is a building: no figure moves through "
	  "a barrier but with Flight (II, V, VS-34)", false },
	{ "map: a point", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [[1, 2]]}]\n",
	  "o.yaml:6:34: error: this game is on a map: its path lists "
	  "squares, such as e4 (VS-35)", false },
	{ "map: off not on the edge", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-1, path: [h2], off: south}]\n",
	  "o.yaml:6:44: error: ghoul-1 ends on h2, not on the south edge "
	  "it would leave by (VS-36)", false },
	{ "map: rider moved along", true, T_NONE, 0, MOVE,
	  UHEAD "moves:\n"
	  "  - {figure: steed, path: [p2]}\n"
	  "  - {figure: rider, path: [q3]}\n",
	  "o.yaml:8:14: error: rider has moved this round, along with "
	  "steed: each figure moves once (II)", false },
	{ "map: board a full mount", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-5, path: [n1, o1, p1], "
	  "board: steed}]\n",
	  "o.yaml:6:54: error: steed has room for 1: its rider or driver "
	  "and 0 more, and is full (IV, VS-7)", false },
	{ "map: board an enemy's mount", true, T_NONE, 0, MOVE,
	  UHEAD "moves: [{figure: ghoul-5, path: [n1], board: blaze}]\n",
	  "o.yaml:6:46: error: blaze belongs to bandits: a guy boards his "
	  "own side's cavalry or vehicle (II, VS-35)", false },
	{ "map: summon too far", true, T_NONE, 0, SKILL,
	  UHEAD "summons: [{figure: necromancer, ally: ghoul-1, at: l5}]\n",
	  "o.yaml:6:52: error: ghoul-1 is put within a Half Move Unit of "
	  "necromancer: 3 spaces on this map (V, VS-29, VS-32)", false },
	{ "map: a summons onto a figure", true, T_NONE, 0, SKILL,
	  UHEAD "summons: [{figure: necromancer, ally: ghoul-1, at: m1}]\n",
	  "o.yaml:6:52: error: ghoul-1 cannot be put there: m1 holds "
	  "ghoul-5: one figure to a space (IX, VS-35)", false },
	{ "map: not seen", true, T_NONE, 0, DIST,
	  UHEAD "attacks: [{figure: archer-2, target: bandit-b}]\n",
	  "o.yaml:6:38: error: archer-2 cannot see bandit-b: every line "
	  "is blocked, on n8 first (IX, VS-39)", false },
	{ "map: not adjacent", true, T_NONE, 0, HAND,
	  UHEAD "attacks: [{figure: ghoul-1, target: leader}]\n",
	  "o.yaml:6:37: error: leader is 15 spaces from ghoul-1: hand to "
	  "hand needs them adjacent (IX, VS-38)", false },
};

/* Each case refused with exactly its one diagnostic, whole. */
static void
refusals(void **state)
{
	(void)state;
	int wrong = 0;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct bad *v = &bad[i];
		struct game gm;
		struct orders r;
		char want[600];
		char *msg;

		game_read(&gm, v->map);
		tweak(&gm.g, v->tweak);
		orders_read(&r, &gm.g, v->player, v->phase, v->text, !v->raw);
		msg = diags_text(&r.d);
		snprintf(want, sizeof(want), "%s\n", v->diag);
		if (r.n != 1 || r.d.n != 1 || !strstr(msg, want)) {
			print_message("case %zu, %s:\n want %s got  %s\n", i,
				v->what, want, msg);
			wrong++;
		}
		free(msg);
		orders_done(&r);
		game_done(&gm);
	}
	assert_int_equal(wrong, 0);
}

/* Orders that failed their schema are checked where their types are
 * right, and nothing else is touched (partial). */
static void
partial(void **state)
{
	(void)state;
	static const char *const texts[] = {
		HEAD "moves: 5\nattacks: {a: 1}\n",
		HEAD "moves: [{figure: 5, path: x, facing: [a, b], pick: 3}, 7,\n"
		"  {figure: archer-1, path: [[1], [a, b], 3, [1.5, 2, 3]], off: 9,\n"
		"   board: [], flying: 2}]\n",
		HEAD "spawn: {figure: [], at: {}, edge: 3}\n",
		HEAD "first: [1]\nskills: [{figure: {}, task: 5}]\n",
		HEAD "attacks: [{figure: mage, target: 3, then: 4, reroll: x}]\n"
		"summons: [{figure: mage, ally: [], at: x}]\n"
	  "reroll-armor: 1\n",
		HEAD "return: {figure: 1, at: [[1, 2]]}\n",
	};
	static const enum vs_phase phases[] = {
		MOVE, MOVE, MOVE, INIT, DIST, SKILL,
	};
	struct game gm;

	game_read(&gm, false);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		for (int map = 0; map < 2; map++) {
			struct orders r;
			if (map) {
				game_done(&gm);
				game_read(&gm, true);
			}
			orders_read(&r, &gm.g, 0, phases[i], texts[i], false);
			orders_done(&r);
			if (map) {
				game_done(&gm);
				game_read(&gm, false);
			}
		}
	game_done(&gm);
}

/* A coordinate beyond the plane is the schema's to refuse: its one
 * diagnostic says so, and the orders' reading (partial, after the
 * schema's fault) adds no second at the same place; three decimals, which
 * the schema takes, are the reading's. */
static void
beyond_the_plane_said_once(void **state)
{
	(void)state;
	struct game gm;
	struct orders r;

	game_read(&gm, false);
	orders_read(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves: [{figure: archer-1, path: [[1e9, -1e9]]}]\n", false);
	if (r.d.n) {
		char *msg = diags_text(&r.d);
		fail_msg("said again:\n%s", msg);
	}
	orders_done(&r);
	orders_read(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves: [{figure: archer-1, path: [[200, 4.125]]}]\n", false);
	assert_int_equal(r.d.n, 0);
	orders_done(&r);
	orders_read(&r, &gm.g, 0, VS_PHASE_MOVE, HEAD
		"moves: [{figure: archer-1, path: [[20, 4.125]]}]\n", true);
	assert_int_equal(r.d.n, 1);
	orders_done(&r);
	game_done(&gm);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(beyond_the_plane_said_once),
		cmocka_unit_test(good_initiative),
		cmocka_unit_test(good_moves_table),
		cmocka_unit_test(good_moves_map),
		cmocka_unit_test(good_attacks),
		cmocka_unit_test(good_map_attacks),
		cmocka_unit_test(good_summons_skills),
		cmocka_unit_test(good_spawn),
		cmocka_unit_test(good_solo_limits),
		cmocka_unit_test(refusals),
		cmocka_unit_test(partial),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
