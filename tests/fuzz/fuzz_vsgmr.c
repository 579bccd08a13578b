/*
 * fuzz_vsgmr - VSGMR's files before the ruleset plays: an army
 * (rules/vsgmr/army.c) and a scenario (rules/vsgmr/scenario.c), each
 * read as umpire will read it, after its schema.
 *
 * The promises: a reader that fails says why (an error); one that
 * succeeds gives a consistent game: each force's figures in its range,
 * every figure's owner a player, every price the sum of its items, a
 * force's points the sum of its figures', every mount a figure.
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
	}
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
		/* A scenario has players; an army has not. */
		bool scenario = umpire_map_get(root, "players") != NULL;
		const char *schema = scenario ? "vsgmr/scenario" : "vsgmr/army";
		if (umpire_schema_validate(schema, root, &d) == 0) {
			size_t before = d.errors;
			int rc;
			if (scenario) {
				struct vs_game g;
				rc = vs_scenario_read(&g, &a, root, &d);
				if (rc == 0)
					check_game(&g, text, size);
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
