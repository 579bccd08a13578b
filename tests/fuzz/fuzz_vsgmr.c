/*
 * fuzz_vsgmr - VSGMR's files before the ruleset plays: an army
 * (rules/vsgmr/army.c), a scenario and a state (rules/vsgmr/scenario.c)
 * and an orders file (rules/vsgmr/orders.c), each read as umpire will
 * read it, after its schema; orders that fail it are read in partial
 * mode, as umpire check reads them.  Orders (a step, and no players: a
 * state has both) are read against one of two small games built once,
 * a table's and a map's, for the phase and game its step picks.
 *
 * The promises: a reader that fails says why (an error); one that
 * succeeds gives a consistent game: each force's figures in its range,
 * every figure's owner a player, every price the sum of its items, a
 * force's points the sum of its figures', every mount a figure, who
 * scored a figure and the round's players players.  And a game read,
 * from a scenario or a state, written as a state (rules/vsgmr/state.c)
 * reads back with no error (a warning it had, it has again), and is
 * written again the same bytes.
 * The orders reader counts exactly the errors it records, and every
 * index in the orders it returns is a figure, feature or object of the
 * game.
 */
#include "doc/schema.h"
#include "fuzz.h"
#include "rules/vsgmr/vsgmr.h"

/* Red's figures at the south edge, blue's at the north; a gem. */
static const char table_game[] =
	"umpire: 1\nruleset: vsgmr\nplayers: {red: {}, blue: {}}\n"
	"points: any\ntable: {width: 48, depth: 30}\n"
	"features:\n  - {id: house, does: [barrier, cover], corner: [20, 12], "
	"size: [6, 6]}\n"
	"objects:\n  - {id: gem, at: [10, 10]}\n"
	"forces:\n  red:\n    edge: south\n    figures:\n"
	"      - {id: boss, type: hero, commander: true, distance: true, "
	"traits: [inspiration, summon, area-effect-attack], at: [10, 2], "
	"facing: [0, 1]}\n"
	"      - {id: horse, type: cavalry, carries: 2, base: 2, at: [20, 3]}\n"
	"      - {id: rider, type: troop, rides: horse}\n"
	"      - {id: bird, type: troop, traits: [flight, double-strike], "
	"at: [30, 2]}\n"
	"  blue:\n    edge: north\n    figures:\n"
	"      - {id: chief, type: hero, commander: true, distance: true, "
	"at: [10, 28], facing: [0, -1]}\n"
	"      - {id: grunt, type: troop, count: 2, at: [[20, 28], [22, 28]]}\n";

static const char map_game[] =
	"umpire: 1\nruleset: vsgmr\nplayers: {red: {}, blue: {}}\n"
	"points: any\nmap: {files: 12, ranks: 16, scale: 25mm}\n"
	"features:\n  - {id: rubble, kind: difficult, squares: [e6, f6]}\n"
	"  - {id: hut, kind: building, squares: [g8, h8]}\n"
	"objects:\n  - {id: gem, at: c5}\n"
	"forces:\n  red:\n    edge: south\n    figures:\n"
	"      - {id: boss, type: hero, commander: true, distance: true, "
	"traits: [summon], at: c1}\n"
	"      - {id: horse, type: cavalry, at: e1}\n"
	"      - {id: rider, type: troop, rides: horse}\n"
	"      - {id: tank, type: vehicle, traits: [independent], size: 2, "
	"at: h1}\n"
	"  blue:\n    edge: north\n    figures:\n"
	"      - {id: chief, type: hero, commander: true, distance: true, "
	"at: c16}\n"
	"      - {id: grunt, type: troop, count: 2, at: [e16, f16]}\n";

static struct umpire_arena games_arena = UMPIRE_ARENA_INIT;
static struct vs_game games[2];

static void
build_game(struct vs_game *g, const char *text)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *root = NULL;

	if (umpire_yaml_parse(&root, &games_arena, "game.yaml", text,
	    strlen(text), NULL, &d) != 0 ||
	    umpire_schema_validate("vsgmr/scenario", root, &d) != 0 ||
	    vs_scenario_read(g, &games_arena, root, &d) != 0) {
		umpire_diags_print(&d, stderr);
		abort();
	}
	umpire_diags_free(&d);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	build_game(&games[0], table_game);
	build_game(&games[1], map_game);
	return 0;
}

static bool
bad_index(int i, int n, bool none_ok)
{
	return none_ok ? i < -1 || i >= n : i < 0 || i >= n;
}

/* Everything the orders point at is in the game. */
static void
check_orders(const struct vs_orders *o, const struct vs_game *g,
	const char *text, size_t len)
{
	bool bad = bad_index(o->first, g->nplayers, true) ||
		bad_index(o->spawn_figure, g->nfigures, true) ||
		bad_index(o->return_figure, g->nfigures, true);

	for (int k = 0; k < o->nmoves; k++) {
		const struct vs_move_order *m = &o->moves[k];
		bad = bad || bad_index(m->figure, g->nfigures, true) ||
			bad_index(m->board, g->nfigures, true) ||
			m->npath < 0 || m->npath > VS_MAX_PATH ||
			m->npick < 0 || m->npick > VS_MAX_OBJECTS;
		for (int j = 0; j < m->npick; j++)
			bad = bad || bad_index(m->pick[j], g->nobjects, false);
	}
	for (int k = 0; k < o->nattacks; k++) {
		const struct vs_attack_order *at = &o->attacks[k];
		bad = bad || bad_index(at->figure, g->nfigures, true) ||
			at->nthen < 0 || at->nthen > VS_MAX_THEN;
	}
	for (int k = 0; k < o->nsummons; k++)
		bad = bad || bad_index(o->summons[k].figure, g->nfigures, true) ||
			bad_index(o->summons[k].ally, g->nfigures, true);
	for (int k = 0; k < o->nskills; k++)
		bad = bad || bad_index(o->skills[k].figure, g->nfigures, true);
	if (bad)
		fuzz_fail(NULL, text, len, "orders point outside the game");
}

/* Orders: the step picks the phase and the game (table or map). */
static void
read_orders(struct umpire_arena *a, struct umpire_diags *d,
	const struct umpire_node *root, const char *text, size_t size)
{
	long long step = umpire_node_integer(umpire_map_get(root, "step"), 0);
	const struct vs_game *g = &games[(step / VS_PHASES) % 2 != 0];
	enum vs_phase phase = (enum vs_phase)(step % VS_PHASES);
	bool partial = umpire_schema_validate("vsgmr/orders", root, d) != 0;
	struct vs_orders o;
	size_t before = d->errors, n;

	if (step < 0)
		return;
	n = vs_orders_read(&o, a, g, 0, phase, root, partial, d);
	if (n != d->errors - before)
		fuzz_fail(d, text, size, "the orders reader counted %zu errors "
			"and recorded %zu", n, d->errors - before);
	check_orders(&o, g, text, size);
}

static void
check_army(const struct vs_army *army, const char *text, size_t len)
{
	int figures = 0, points = 0;

	for (int i = 0; i < army->nlines; i++) {
		struct vs_price pr;
		vs_price(&army->lines[i].profile, &pr);
		figures += army->lines[i].count;
		points += army->lines[i].count * pr.total;
	}
	if (figures != army->figures || points != army->points)
		fuzz_fail(NULL, text, len, "an army of %d figures and %d points "
			"says %d and %d", figures, points, army->figures,
			army->points);
}

static void
check_game(const struct vs_game *g, const char *text, size_t len)
{
	for (int p = 0; p < g->nplayers; p++) {
		const struct vs_player *pl = &g->player[p];
		int points = 0;
		if (pl->first < 0 || pl->nfigures < 0 ||
		    pl->first + pl->nfigures > g->nfigures)
			fuzz_fail(NULL, text, len, "player %s's figures are out of "
				"range", pl->id);
		for (int i = pl->first; i < pl->first + pl->nfigures; i++)
			points += g->figure[i].points;
		if (points != pl->points)
			fuzz_fail(NULL, text, len, "player %s's force is %d points "
				"but says %d", pl->id, points, pl->points);
	}
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		struct vs_price pr;
		vs_price(&f->profile, &pr);
		if (f->owner < 0 || f->owner >= g->nplayers || pr.total != f->points)
			fuzz_fail(NULL, text, len, "figure %s: owner %d, %d points "
				"of %d", f->id, f->owner, f->points, pr.total);
		if (f->mount < -1 || f->mount >= g->nfigures || f->mount == i)
			fuzz_fail(NULL, text, len, "figure %s rides %d", f->id,
				f->mount);
		if (f->by < -1 || f->by >= g->nplayers || f->left < -1 ||
		    f->left >= VS_COMPASS)
			fuzz_fail(NULL, text, len, "figure %s: by %d, left %d",
				f->id, f->by, f->left);
	}
	if (g->pos.players != g->nplayers || g->pos.winner < -1 ||
	    g->pos.winner >= g->nplayers || g->pos.first < -1 ||
	    g->pos.first >= g->nplayers || g->pos.player < -1 ||
	    g->pos.player >= g->nplayers || g->pos.phase >= VS_PHASES)
		fuzz_fail(NULL, text, len, "round %d: %d players, winner %d, "
			"first %d, player %d", g->pos.round, g->pos.players,
			g->pos.winner, g->pos.first, g->pos.player);
}

/* g written as a state, with the envelope as core writes it. */
static void
write_state(struct umpire_buf *out, struct umpire_arena *a,
	const struct vs_game *g)
{
	struct umpire_node *root = umpire_node_map(a, false);

	umpire_map_add(a, root, "umpire", umpire_node_int(a, 1));
	umpire_map_add(a, root, "ruleset", umpire_node_str(a, "vsgmr"));
	vs_state_write(a, g, root);
	umpire_yaml_emit(out, root, NULL);
}

/* What g writes reads back as the same game: the same bytes again. */
static void
check_rewrite(const struct vs_game *g, const char *text, size_t len)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf first = UMPIRE_BUF_INIT, again = UMPIRE_BUF_INIT;
	struct umpire_node *root = NULL;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct vs_game back;

	write_state(&first, &a, g);
	/* Read back with no error; a warning the game had (VS-6: a trait
	 * that changes nothing) it has again. */
	/* A scenario's counts written out figure by figure are longer. */
	lim.max_bytes = 64 * UMPIRE_YAML_MAX_BYTES;
	lim.max_nodes = 64 * lim.max_nodes;
	lim.max_expanded = 64 * lim.max_expanded;
	if (umpire_yaml_parse(&root, &a, "w.yaml", umpire_buf_cstr(&first),
	    first.len, &lim, &d) != 0 || vs_state_read(&back, &a, root,
	    &d) != 0 || d.errors)
		fuzz_fail(&d, text, len, "the state written does not read "
			"back:\n%s", umpire_buf_cstr(&first));
	write_state(&again, &a, &back);
	if (first.len != again.len || memcmp(umpire_buf_cstr(&first),
	    umpire_buf_cstr(&again), first.len) != 0)
		fuzz_fail(NULL, text, len, "the state written again differs:\n"
			"%s\n---\n%s", umpire_buf_cstr(&first),
			umpire_buf_cstr(&again));
	umpire_buf_free(&first);
	umpire_buf_free(&again);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *root = NULL;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;

	if (umpire_yaml_parse(&root, &a, "f.yaml", text, size, &lim, &d) == 0 &&
	    root->type == UMPIRE_MAP && umpire_map_get(root, "step") &&
	    !umpire_map_get(root, "players")) {
		read_orders(&a, &d, root, text, size);
	} else if (root && root->type == UMPIRE_MAP) {
		/* A scenario has players; an army has not; a state has a
		 * round besides. */
		bool scenario = umpire_map_get(root, "players") != NULL;
		bool state = scenario && umpire_map_get(root, "round") != NULL;
		const char *schema = state ? "vsgmr/state" : scenario ?
			"vsgmr/scenario" : "vsgmr/army";
		if (umpire_schema_validate(schema, root, &d) == 0) {
			size_t before = d.errors;
			int rc;
			if (scenario) {
				struct vs_game g;
				rc = state ? vs_state_read(&g, &a, root, &d) :
					vs_scenario_read(&g, &a, root, &d);
				if (rc == 0) {
					check_game(&g, text, size);
					check_rewrite(&g, text, size);
				}
			} else {
				struct vs_army army;
				rc = vs_army_read(&army, &a, root, &d);
				if (rc == 0)
					check_army(&army, text, size);
			}
			if ((rc != 0) != (d.errors > before))
				fuzz_fail(&d, text, size, "the reader returned %d "
					"with %zu new errors", rc, d.errors - before);
		}
	}
	fuzz_print(&d);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return 0;
}
