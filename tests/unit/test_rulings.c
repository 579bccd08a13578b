/*
 * test_rulings.c - the version whose rulings apply reaches the ruleset
 * (ruleset.h's ctx.version, game.h's ruling): Army Men decides its
 * geometry exactly from UMPIRE_EXACT_SIGHT_SINCE on, and as 0.3.0 did
 * for the steps of older games, so that they replay as they were
 * decided (issue 28), and sees a block fired at over its footprint
 * from UMPIRE_BLOCK_TARGET_SINCE on; Backgammon Wars reads the rulebook
 * to the letter from UMPIRE_BGW_LETTER_SINCE on; VSGMR decides sight
 * and cover on the table exactly from UMPIRE_VS_EXACT_SIGHT_SINCE on.  The cases are golden ones, read from
 * tests/armymen/ and tests/bgw/ (make runs the tests from the top of the
 * tree).
 */
#include "unit.h"

#include <sysexits.h>

#include "game/game.h"
#include "game/ruleset.h"
#include "play/verify.h"

/* The exit of checking a golden case's orders as version `ruling`. */
static int
check_as(const char *ruleset, const char *dir, const char *ruling, char **why)
{
	size_t slen, olen;
	struct umpire_arena a = { 0 };
	struct umpire_diags d = { 0 };
	struct umpire_game *g = NULL;
	const struct umpire_node *doc;
	char path[256];

	snprintf(path, sizeof(path), "tests/%s/%s/state.yaml", ruleset, dir);
	char *state = slurp(path, &slen);
	snprintf(path, sizeof(path), "tests/%s/%s/orders.yaml", ruleset, dir);
	char *orders = slurp(path, &olen);
	assert_non_null(state);
	assert_non_null(orders);
	assert_int_equal(umpire_game_load(&g, "state.yaml", state, slen, &d), 0);
	g->ruling = ruling;
	int rc = umpire_game_check(g, &a, "orders.yaml", orders, olen, &doc, &d);
	*why = diags_text(&d);
	umpire_game_free(g);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	free(state);
	free(orders);
	return rc;
}

static void
expect_in(const char *ruleset, const char *dir, const char *ruling, int rc,
	const char *says)
{
	char *why;

	assert_int_equal(check_as(ruleset, dir, ruling, &why), rc);
	if (says && !strstr(why, says))
		fail_msg("%s as %s: expected '%s' in:\n%s", dir, ruling, says, why);
	free(why);
}

/*
 * Resolve a golden case of a game with a secret part (secret.yaml) as
 * version `ruling`: the report's text and the state it writes, in the
 * form that version writes.
 */
static void
resolve_as(const char *ruleset, const char *dir, const char *ruling,
	char **report, char **state_out)
{
	size_t slen, olen, klen;
	struct umpire_arena a = { 0 };
	struct umpire_diags d = { 0 };
	struct umpire_game *g = NULL;
	struct umpire_step_report rep = UMPIRE_STEP_REPORT_INIT;
	struct umpire_buf out = UMPIRE_BUF_INIT;
	const struct umpire_node *doc;
	char path[256];

	snprintf(path, sizeof(path), "tests/%s/%s/state.yaml", ruleset, dir);
	char *state = slurp(path, &slen);
	snprintf(path, sizeof(path), "tests/%s/%s/orders.yaml", ruleset, dir);
	char *orders = slurp(path, &olen);
	snprintf(path, sizeof(path), "tests/%s/%s/secret.yaml", ruleset, dir);
	char *secret = slurp(path, &klen);
	assert_non_null(state);
	assert_non_null(orders);
	assert_non_null(secret);
	assert_int_equal(umpire_game_load(&g, "state.yaml", state, slen, &d), 0);
	assert_int_equal(umpire_game_read_secret(g, "secret.yaml", secret, klen,
		&d), 0);
	g->ruling = ruling;
	assert_int_equal(umpire_game_check(g, &a, "orders.yaml", orders, olen,
		&doc, &d), 0);
	rep.version = ruling;
	umpire_game_resolve(g, &a, doc, &rep);
	umpire_game_encode(g, ruling ? ruling : UMPIRE_VERSION, &out);
	*report = strdup(umpire_buf_cstr(&rep.text));
	*state_out = strdup(umpire_buf_cstr(&out));
	umpire_buf_free(&out);
	umpire_step_report_free(&rep);
	umpire_game_free(g);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	free(state);
	free(orders);
	free(secret);
}

static void
expect(const char *dir, const char *ruling, int rc, const char *says)
{
	expect_in("armymen", dir, ruling, rc, says);
}

static void
versions(void **state)
{
	(void)state;
	assert_true(umpire_version_older("0.3.0", UMPIRE_EXACT_SIGHT_SINCE));
	assert_true(umpire_version_older("0.3.9", "0.4.0"));
	assert_true(umpire_version_older("0.4.0", "0.10.0"));
	assert_false(umpire_version_older("0.4.0", "0.4.0"));
	assert_false(umpire_version_older("1.0.0", "0.4.0"));
	assert_false(umpire_version_older("0.3", "0.4.0"));
	assert_false(umpire_version_older(NULL, "0.4.0"));
}

/* A slit between two high blocks: sampled, every line is blocked. */
static void
slit(void **state)
{
	(void)state;
	expect("am-12-slit-between-high-blocks-in-sight", NULL, 0, NULL);
	expect("am-12-slit-between-high-blocks-in-sight", "0.4.0", 0, NULL);
	expect("am-12-slit-between-high-blocks-in-sight", "0.3.0", EX_DATAERR,
		"every line to it is blocked");
}

/* A hull's end past a block: as a circle, the tank was hidden. */
static void
hull_end(void **state)
{
	(void)state;
	expect("am-04-hull-end-in-sight-past-block", NULL, 0, NULL);
	expect("am-04-hull-end-in-sight-past-block", "0.3.0", EX_DATAERR,
		"every line to it is blocked");
}

/*
 * A block fired at (UMPIRE_BLOCK_TARGET_SINCE): seen over its footprint,
 * an end past a screen is in sight; 0.4.0 aimed at its hidden centre.
 * A line that only touches the screen's corner stays blocked either way.
 */
static void
block_end(void **state)
{
	(void)state;
	expect("am-13-block-end-in-sight-past-block", NULL, 0, NULL);
	expect("am-13-block-end-in-sight-past-block", "0.5.0", 0, NULL);
	expect("am-13-block-end-in-sight-past-block", "0.4.0", EX_DATAERR,
		"every line to it is blocked");
	expect("am-13-block-end-in-sight-past-block", "0.3.0", EX_DATAERR,
		"every line to it is blocked");
	expect("am-13-block-end-touching-corner-refused", NULL, EX_DATAERR,
		"every line to it is blocked");
	expect("am-13-block-end-touching-corner-refused", "0.4.0", EX_DATAERR,
		"every line to it is blocked");
}

/* 5.9965 inches in two legs: 6.01 when each leg was rounded up. */
static void
two_legs(void **state)
{
	(void)state;
	expect("am-05-5.996-in-two-legs-allowed", NULL, 0, NULL);
	expect("am-05-5.996-in-two-legs-allowed", "0.3.0", EX_DATAERR,
		"the path is 6.01 inches long");
	expect("am-05-sixteen-legs-exact-allowed", NULL, 0, NULL);
	expect("am-05-sixteen-legs-exact-allowed", "0.3.1", EX_DATAERR,
		"the path is 6.08 inches long");
	expect("am-05-6.0033-in-two-legs-refused", NULL, EX_DATAERR,
		"the path is 6.01 inches long");
	expect("am-05-6.0033-in-two-legs-refused", "0.3.0", EX_DATAERR,
		"the path is 6.02 inches long");
}

/*
 * Backgammon Wars read again to the letter (UMPIRE_BGW_LETTER_SINCE):
 * each case is refused or allowed as the text says, and as 0.4.0 ruled
 * for an older game's steps.
 */
static void
bgw_letter(void **state)
{
	(void)state;
	/* BGW-27: units on the Wall are no stack. */
	expect_in("bgw", "bgw-27-escort-not-from-the-wall-refused", NULL,
		EX_DATAERR, "units on the Wall are not a stack");
	expect_in("bgw", "bgw-27-escort-not-from-the-wall-refused", "0.4.0",
		0, NULL);
	/* BGW-13: the game is won the moment the last unit is off. */
	expect_in("bgw", "bgw-13-last-unit-off-with-either-die", NULL, 0, NULL);
	expect_in("bgw", "bgw-13-last-unit-off-with-either-die", "0.4.0",
		EX_DATAERR, "a player uses as many dice as he can");
	expect_in("bgw", "bgw-13-nothing-after-the-last-unit-refused", NULL,
		EX_DATAERR, "nothing comes after the last unit is off");
	/* BGW-8: a Warrior traps only where his moves end. */
	expect_in("bgw", "bgw-08-trap-where-the-warrior-moves-on-refused", NULL,
		EX_DATAERR, "a Warrior traps only where his moves end");
	expect_in("bgw", "bgw-08-trap-where-the-warrior-moves-on-refused",
		"0.4.0", 0, NULL);
	/* BGW-16: a Poison changes a roll, the player's own too. */
	expect_in("bgw", "bgw-16-poison-3-lowers-own-die", NULL, 0, NULL);
	expect_in("bgw", "bgw-16-poison-3-lowers-own-die", "0.4.0", EX_DATAERR,
		"it answers the opponent, as a standing reaction");
}

/*
 * VSGMR's exact sight (UMPIRE_VS_EXACT_SIGHT_SINCE, VS-25): a sliver of
 * the target's rim past a wall is in sight; the 13 lines of older games
 * all met the wall.  Touching bases leave no gap either way.
 */
static void
vs_exact_sight(void **state)
{
	(void)state;
	expect_in("vsgmr", "vs-25-exact-rim-alone-seen", NULL, 0, NULL);
	expect_in("vsgmr", "vs-25-exact-rim-alone-seen", "0.6.0", 0, NULL);
	expect_in("vsgmr", "vs-25-exact-rim-alone-seen", "0.4.0", EX_DATAERR,
		"every line of sight is blocked");
	expect_in("vsgmr", "vs-25-exact-rim-alone-seen", "0.5.0", EX_DATAERR,
		"every line of sight is blocked");
	expect_in("vsgmr", "vs-25-exact-touching-bases-block-refused", NULL,
		EX_DATAERR, "every line of sight is blocked");
	expect_in("vsgmr", "vs-25-exact-touching-bases-block-refused", "0.4.0",
		EX_DATAERR, "every line of sight is blocked");
}

/* BGW-26: Spymaster, as 0.4.0 drew the roll and as the text orders it. */
static void
bgw_spymaster(void **state)
{
	char *report, *st;

	(void)state;
	resolve_as("bgw", "bgw-26-spymaster-opponent-declares-first", NULL,
		&report, &st);
	assert_non_null(strstr(report, "black declares now, before rolling"));
	assert_non_null(strstr(st, "awaiting: {player: black, step: 17, "
		"kind: declare}"));
	assert_non_null(strstr(st, "aside: {player: white, mode: move, "
		"dice: [5, 2]}"));
	assert_null(strstr(st, "spied:"));
	free(report);
	free(st);
	resolve_as("bgw", "bgw-26-spymaster-opponent-declares-first", "0.4.0",
		&report, &st);
	assert_non_null(strstr(report, "black's next roll is drawn now, 2 and "
		"3"));
	assert_non_null(strstr(st, "awaiting: {player: white, step: 17, "
		"kind: play, mode: move, dice: [5, 2]}"));
	assert_non_null(strstr(st, "spied:\n  black: [2, 3]"));
	assert_null(strstr(st, "aside:"));
	free(report);
	free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(versions),
		cmocka_unit_test(slit),
		cmocka_unit_test(hull_end),
		cmocka_unit_test(block_end),
		cmocka_unit_test(two_legs),
		cmocka_unit_test(bgw_letter),
		cmocka_unit_test(bgw_spymaster),
		cmocka_unit_test(vs_exact_sight),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
