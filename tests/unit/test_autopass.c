/*
 * test_autopass - empty decisions (ruleset.h, the empty hook; issue 26):
 * whether a decision is passed never depends on a secret, and a step
 * made as an umpire before UMPIRE_AUTOPASS_SINCE asks for every one.
 *
 * The games that hide (Army Man Backgammon's minefields, Backgammon
 * Wars' hands) are played by the bot with passing off, so that every
 * decision is asked; at each, the hook must say the same of the whole
 * game and of its public part alone, read back from the state as a
 * player's `umpire status` reads it: games differing only in a secret
 * ask the same players the same decisions.
 */
#include <stdlib.h>
#include <string.h>

#include "doc/embedded.h"
#include "game/game.h"
#include "play/verify.h"
#include "unit.h"

static long
play(const char *text, int games, bool pass)
{
	long decisions = 0;

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
			seed.bytes[i] = (unsigned char)(k * 17 + i);
		report.no_text = true;
		report.version = pass ? NULL : "0.3.0";
		if (umpire_game_create(&g, doc, text, strlen(text), &seed, true,
		    &report, &d) != 0)
			fail_msg("%s", diags_text(&d));
		umpire_arena_free(&pa);
		for (struct umpire_decision dec; umpire_game_decision(g, &dec),
		    dec.player && g->step < 400; decisions++) {
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			struct umpire_buf s = UMPIRE_BUF_INIT;
			struct umpire_game *pub;
			bool empty = umpire_game_empty(g, &a);
			if (pass)
				assert_false(empty);	/* passed, never asked */
			umpire_game_encode(g, UMPIRE_VERSION, &s);
			if (umpire_game_load(&pub, "game.yaml", s.ptr, s.len, &d))
				fail_msg("%s", diags_text(&d));
			if (g->hides)
				assert_false(pub->secret_known);
			if (umpire_game_empty(pub, &a) != empty)
				fail_msg("step %ld: the hook says %s of the whole game and "
				    "%s of its public part", g->step, empty ? "empty" :
				    "not empty", empty ? "not empty" : "empty");
			umpire_game_free(pub);
			umpire_buf_free(&s);
			const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "t", 1);
			if (umpire_game_check_doc(g, &a, bot, &d))
				fail_msg("%s", diags_text(&d));
			umpire_game_resolve(g, &a, bot, &report);
			umpire_arena_free(&a);
		}
		umpire_step_report_free(&report);
		umpire_diags_free(&d);
		umpire_game_free(g);
	}
	return decisions;
}

static void
secrets_ask_nothing(void **state)
{
	(void)state;
	setenv("UMPIRE_ALLOW_TEST_KEYS", "1", 1);
	char *amb = keyed("samples/amb/mines.yaml", "green", "tan");
	char *bgw = keyed("samples/bgw/standard.yaml", "white", "black");
	assert_true(play(amb, 3, false) > 0);
	assert_true(play(bgw, 2, false) > 0);
	free(amb);
	free(bgw);
}

/* Every ruleset's default game, passing on: no empty decision asked. */
static void
none_asked(void **state)
{
	(void)state;
	for (size_t i = 0; umpire_rulesets[i]; i++) {
		const struct umpire_ruleset *r = umpire_rulesets[i];
		if (r->hides)
			continue;	/* above, with keys */
		const struct umpire_embedded *e =
			umpire_embedded_find(r->default_scenario);
		assert_non_null(e);
		assert_true(play(e->data, 2, true) > 0);
	}
}

/* Passing off, as for a step an older umpire made: the empty are asked. */
static void
older_steps_ask(void **state)
{
	const struct umpire_embedded *e =
		umpire_embedded_find("samples/armymen/standard.yaml");
	struct umpire_arena pa = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_seed seed = { { 0 } };
	long empties[2] = { 0, 0 };

	(void)state;
	for (int pass = 0; pass < 2; pass++) {
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
		struct umpire_game *g;
		report.no_text = true;
		report.version = pass ? UMPIRE_AUTOPASS_SINCE : "0.3.1";
		const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml",
			e->data, e->len, &d);
		assert_int_equal(umpire_game_create(&g, doc, e->data, e->len, &seed,
			false, &report, &d), 0);
		for (struct umpire_decision dec; umpire_game_decision(g, &dec),
		    dec.player;) {
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			empties[pass] += umpire_game_empty(g, &a);
			umpire_game_resolve(g, &a, umpire_game_bot_doc(g, &a, "", 0),
				&report);
			umpire_arena_free(&a);
		}
		umpire_step_report_free(&report);
		umpire_game_free(g);
	}
	assert_true(empties[0] > 0);
	assert_int_equal(empties[1], 0);
	umpire_arena_free(&pa);
	umpire_diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(secrets_ask_nothing),
		cmocka_unit_test(none_asked),
		cmocka_unit_test(older_steps_ask),
	};
	return cmocka_run_group_tests_name("autopass", tests, NULL, NULL);
}
