/*
 * fuzz_vsgmr - VSGMR's files before the ruleset plays: an army
 * (rules/vsgmr/army.c), a scenario and a state (rules/vsgmr/scenario.c),
 * each read as umpire will read it, after its schema.
 *
 * The promises: a reader that fails says why (an error); one that
 * succeeds gives a consistent game: each force's figures in its range,
 * every figure's owner a player, every price the sum of its items, a
 * force's points the sum of its figures', every mount a figure, who
 * scored a figure and the round's players players.  And a game read,
 * from a scenario or a state, written as a state (rules/vsgmr/state.c)
 * reads back with no diagnostic, and is written again the same bytes.
 */
#include "core/schema.h"
#include "fuzz.h"
#include "rules/vsgmr/vsgmr.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	return 0;
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
	/* A scenario's counts written out figure by figure are longer. */
	lim.max_bytes = 64 * UMPIRE_YAML_MAX_BYTES;
	lim.max_nodes = 64 * lim.max_nodes;
	lim.max_expanded = 64 * lim.max_expanded;
	if (umpire_yaml_parse(&root, &a, "w.yaml", umpire_buf_cstr(&first),
	    first.len, &lim, &d) != 0 || vs_state_read(&back, &a, root,
	    &d) != 0 || d.n)
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
	    root->type == UMPIRE_MAP) {
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
