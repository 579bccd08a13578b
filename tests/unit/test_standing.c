/*
 * test_standing - standing orders (standing.h; issue 26 item 2):
 * whether standing orders are applied, or dropped and the player asked,
 * never depends on a secret; and an umpire before UMPIRE_STANDING_SINCE
 * takes none.
 *
 * A game that hides (Backgammon Wars' hands) is played by the bot with
 * its standing orders; at each decision for which orders stand, the
 * check must say the same of them on the whole game and on its public
 * part alone, read back from the state as a player reads it, with no
 * private view: games differing only in a secret ask the same players
 * the same decisions.  Every ruleset's default game is played the same
 * way to its end, each standing step checked and applied as turn does.
 */
#include <stdlib.h>
#include <string.h>

#include "doc/embedded.h"
#include "game/game.h"
#include "unit.h"

/* Play games to the end with standing orders; count standing steps. */
static long
play(const char *text, int games)
{
	long standing = 0;

	for (int k = 0; k < games; k++) {
		struct umpire_arena pa = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
		struct umpire_seed seed;
		struct umpire_game *g;
		const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml", text,
			strlen(text), &d);

		assert_non_null(doc);
		for (int i = 0; i < UMPIRE_SEED_BYTES; i++)
			seed.bytes[i] = (unsigned char)(k * 29 + i);
		report.no_text = true;
		if (umpire_game_create(&g, doc, text, strlen(text), &seed, true,
		    &report, &d) != 0)
			fail_msg("%s", diags_text(&d));
		umpire_arena_free(&pa);
		for (struct umpire_decision dec; umpire_game_decision(g, &dec),
		    dec.player && g->step < 600;) {
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			struct umpire_buf s = UMPIRE_BUF_INIT, text2 = UMPIRE_BUF_INIT;
			struct umpire_game *pub;
			umpire_game_encode(g, UMPIRE_VERSION, &s);
			if (umpire_game_load(&pub, "game.yaml", s.ptr, s.len, &d))
				fail_msg("%s", diags_text(&d));
			assert_int_equal(pub->standing.n, g->standing.n);
			const struct umpire_standing_order *due = umpire_game_standing_due(g);
			assert_true((due != NULL) == (umpire_game_standing_due(pub) != NULL));
			if (due) {
				const struct umpire_node *orders;
				size_t alt = 0;
				struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
				bool legal = umpire_game_standing(g, &a, &text2, &orders,
					&alt, &quiet);
				if (g->hides) {
					/* The same orders judged on the public part alone. */
					assert_false(pub->secret_known);
					struct umpire_diags q2 = UMPIRE_DIAGS_INIT;
					bool seen = umpire_game_check_knowing(pub, &a, "o.yaml",
						text2.ptr, text2.len, NULL, &q2) == 0;
					if (legal != seen)
						fail_msg("step %ld: standing orders %s on the whole "
						    "game and %s on its public part:\n%.*s%s%s",
						    g->step, legal ? "legal" : "refused",
						    seen ? "legal" : "refused", (int)text2.len,
						    text2.ptr, diags_text(&quiet), diags_text(&q2));
					umpire_diags_free(&q2);
				}
				umpire_diags_free(&quiet);
				/* Legal: settled so by the step that brought them. */
				assert_true(legal);
				umpire_game_resolve_standing(g, &a, orders, alt, &report);
				standing++;
			} else {
				const struct umpire_node *bot = umpire_game_bot_standing(g,
					&a, "t", 1);
				if (umpire_game_check_doc(g, &a, bot, &d))
					fail_msg("%s", diags_text(&d));
				umpire_game_resolve(g, &a, bot, &report);
			}
			umpire_game_free(pub);
			umpire_buf_free(&s);
			umpire_buf_free(&text2);
			umpire_arena_free(&a);
		}
		umpire_step_report_free(&report);
		umpire_diags_free(&d);
		umpire_game_free(g);
	}
	return standing;
}

static void
secrets_decide_nothing(void **state)
{
	(void)state;
	setenv("UMPIRE_ALLOW_TEST_KEYS", "1", 1);
	char *bgw = keyed("samples/bgw/standard.yaml", "white", "black");
	assert_true(play(bgw, 2) > 0);
	free(bgw);
}

/* Every ruleset's default game that hides nothing: standing steps apply. */
static void
every_ruleset(void **state)
{
	(void)state;
	for (size_t i = 0; umpire_rulesets[i]; i++) {
		const struct umpire_ruleset *r = umpire_rulesets[i];
		if (r->hides)
			continue;	/* above, with keys */
		const struct umpire_embedded *e =
			umpire_embedded_find(r->default_scenario);
		assert_non_null(e);
		long n = play(e->data, 2);
		if (r->stands)
			assert_true(n > 0);
		else
			assert_int_equal(n, 0);
	}
}

/* Orders ruled by an umpire before UMPIRE_STANDING_SINCE: none stand. */
static void
older_versions_refuse(void **state)
{
	const struct umpire_embedded *e =
		umpire_embedded_find("samples/wwii/standard.yaml");
	struct umpire_arena pa = UMPIRE_ARENA_INIT, a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_seed seed = { { 0 } };
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_game *g;

	(void)state;
	report.no_text = true;
	const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml",
		e->data, e->len, &d);
	assert_int_equal(umpire_game_create(&g, doc, e->data, e->len, &seed,
		false, &report, &d), 0);
	/* Past both armies to the first placement, which may stand. */
	for (int i = 0; i < 2; i++)
		umpire_game_resolve(g, &a, umpire_game_bot_doc(g, &a, "", 0),
			&report);
	const struct umpire_node *orders = umpire_game_bot_standing(g, &a, "", 0);
	assert_non_null(umpire_map_get(orders, "standing"));
	assert_int_equal(umpire_game_check_doc(g, &a, orders, &d), 0);
	g->ruling = "0.4.0";
	assert_int_not_equal(umpire_game_check_doc(g, &a, orders, &d), 0);
	assert_diag(&d, "orders stand from umpire 0.5.0 on");
	umpire_step_report_free(&report);
	umpire_game_free(g);
	umpire_arena_free(&a);
	umpire_arena_free(&pa);
	umpire_diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(secrets_decide_nothing),
		cmocka_unit_test(every_ruleset),
		cmocka_unit_test(older_versions_refuse),
	};
	return cmocka_run_group_tests_name("standing", tests, NULL, NULL);
}
