/*
 * test_core.c - the pieces core lends every ruleset: the result for any
 * number of players, the registry's check of each ruleset, the report
 * kit (lists, headlines), the roll log verify compares, and the receipt
 * and commit message verify reads back out of a report.
 */
#include "unit.h"

#include "game/report.h"
#include "game/result.h"
#include "game/secret.h"
#include "game/ruleset.h"
#include "util/text.h"
#include "play/verify.h"

static const char *const four[] = { "ann", "bob", "cat", "dan" };

static void
ranks_by_score(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_result r;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	umpire_result_init(&r, &a, four, 4);
	assert_false(r.over);
	umpire_result_end(&r, 12, "round %d ended", 5);
	assert_true(r.over);
	assert_int_equal(r.step, 12);
	assert_string_equal(r.how, "round 5 ended");
	/* Points destroyed, as VSGMR scores: 5, 3, 5, 1. */
	umpire_result_score(&r, "ann", 5);
	umpire_result_score(&r, "bob", 3);
	umpire_result_score(&r, "cat", 5);
	umpire_result_score(&r, "dan", 1);
	umpire_result_rank_by_score(&r);
	/* Ties share a rank; the next rank counts them both. */
	assert_int_equal(umpire_result_of(&r, "ann")->rank, 1);
	assert_int_equal(umpire_result_of(&r, "cat")->rank, 1);
	assert_int_equal(umpire_result_of(&r, "bob")->rank, 3);
	assert_int_equal(umpire_result_of(&r, "dan")->rank, 4);
	assert_null(umpire_result_of(&r, "eve"));
	assert_null(umpire_result_winner_of(&r));
	assert_false(umpire_result_is_draw(&r));
	umpire_result_summary(&b, &r);
	assert_string_equal(b.ptr, "a tie for first between ann and cat");
	umpire_buf_clear(&b);
	umpire_result_markdown(&b, &r);
	assert_non_null(strstr(b.ptr, "| 1 | ann | 5 |\n| 1 | cat | 5 |\n"
	    "| 3 | bob | 3 |\n| 4 | dan | 1 |\n"));
	umpire_buf_clear(&b);
	umpire_result_text(&b, &r, "  ");
	assert_string_equal(b.ptr, "  1st   ann              score 5\n"
	    "  1st   cat              score 5\n"
	    "  3rd   bob              score 3\n"
	    "  4th   dan              score 1\n");

	/* Everyone level is a draw. */
	umpire_result_end(&r, 12, "all gone");
	umpire_result_rank_by_score(&r);
	assert_true(umpire_result_is_draw(&r));
	umpire_buf_clear(&b);
	umpire_result_summary(&b, &r);
	assert_string_equal(b.ptr, "a draw");

	/* One winner. */
	umpire_result_end(&r, 3, "HQ destroyed");
	umpire_result_winner(&r, "bob");
	assert_string_equal(umpire_result_winner_of(&r), "bob");
	assert_int_equal(umpire_result_of(&r, "ann")->rank, 2);
	assert_int_equal(umpire_result_of(&r, "bob")->score, 1);
	umpire_buf_clear(&b);
	umpire_result_summary(&b, &r);
	assert_string_equal(b.ptr, "bob won");
	umpire_buf_free(&b);
	umpire_arena_free(&a);
}

static void
ordinals(void **state)
{
	static const struct { int n; const char *s; } want[] = {
		{ 1, "1st" }, { 2, "2nd" }, { 3, "3rd" }, { 4, "4th" },
		{ 11, "11th" }, { 12, "12th" }, { 13, "13th" }, { 21, "21st" },
		{ 102, "102nd" }, { 111, "111th" },
	};
	char buf[16];

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_string_equal(umpire_ordinal(want[i].n, buf, sizeof(buf)),
		    want[i].s);
}

/* Decode a result: standings over the four players. */
static size_t
decode(const char *yaml, struct umpire_result *r, struct umpire_arena *a,
	struct umpire_diags *d)
{
	umpire_result_init(r, a, four, 4);
	return umpire_result_decode(r, parse_ok(a, yaml), d);
}

static void
result_decode(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_result r;

	(void)state;
	assert_int_equal(decode("step: 9\nhow: x\nstandings:\n"
	    "  ann: {rank: 1, score: 5}\n  bob: {rank: 3, score: 3}\n"
	    "  cat: {rank: 1, score: 5}\n  dan: {rank: 4, score: 1}\n", &r, &a,
	    &d), 0);
	assert_true(r.over);
	assert_int_equal(r.step, 9);
	assert_int_equal(umpire_result_of(&r, "bob")->rank, 3);
	/* A player missing, and one out of order. */
	assert_int_equal(decode("step: 9\nhow: x\nstandings:\n"
	    "  ann: {rank: 1, score: 5}\n  cat: {rank: 2, score: 3}\n"
	    "  bob: {rank: 3, score: 1}\n", &r, &a, &d), 3);
	assert_diag(&d, "t.yaml:4:3: error: result.standings names 3 players, "
	    "but the game has 4");
	assert_diag(&d, "t.yaml:5:3: error: result.standings: expected player "
	    "'bob' here (the players in the order of players), not 'cat'");
	assert_diag(&d, "t.yaml:6:3: error: result.standings: expected player "
	    "'cat' here");
	umpire_diags_clear(&d);
	/* Ranks no ranking has: two firsts and a second. */
	assert_int_equal(decode("step: 9\nhow: x\nstandings:\n"
	    "  ann: {rank: 1, score: 5}\n  bob: {rank: 1, score: 5}\n"
	    "  cat: {rank: 2, score: 3}\n  dan: {rank: 4, score: 1}\n", &r, &a,
	    &d), 1);
	assert_diag(&d, "t.yaml:6:15: error: result.standings: cat cannot be "
	    "2nd with 2 players ranked ahead");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* ---------------------------------------------------------- registry */

static void *
no_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *n)
{
	(void)ga;
	(void)ctx;
	(void)n;
	return NULL;
}

static bool
no_hides(const struct umpire_node *scenario, struct umpire_buf *why)
{
	(void)scenario;
	(void)why;
	return false;
}

static void
no_secret_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *secret)
{
	(void)ctx;
	(void)game;
	(void)secret;
}

static bool
no_secret_decode(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *secret)
{
	(void)ctx;
	(void)game;
	(void)secret;
	return false;
}

static void
no_view(struct umpire_ctx *ctx, const void *game, const char *player,
	struct umpire_buf *out)
{
	(void)ctx;
	(void)game;
	(void)player;
	(void)out;
}

static void
registry_checks(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	/* Every ruleset umpire has keeps the interface. */
	assert_int_equal(umpire_rulesets_check(&d), 0);
	assert_non_null(umpire_rulesets[0]);

	/* A copy of a good one, broken one way at a time. */
	struct umpire_ruleset r = *umpire_rulesets[0];
	r.version = UMPIRE_RULESET_VERSION - 1;
	assert_int_equal(umpire_ruleset_check(&r, &d), 1);
	assert_diag(&d, "implements interface version 5, but this umpire needs "
	    "version 6");
	umpire_diags_clear(&d);

	r = *umpire_rulesets[0];
	r.bot = NULL;
	r.board = NULL;
	r.picture = NULL;
	r.empty = NULL;
	assert_int_equal(umpire_ruleset_check(&r, &d), 4);
	assert_diag(&d, "has no bot hook");
	assert_diag(&d, "has no board hook");
	assert_diag(&d, "has no picture hook");
	assert_diag(&d, "has no empty hook");
	umpire_diags_clear(&d);

	r = *umpire_ruleset_find("wwii");
	r.name = "Chess";
	r.create = no_create;
	assert_int_equal(umpire_ruleset_check(&r, &d), 4);
	assert_diag(&d, "a name is 1 to 16 lowercase letters and digits");
	assert_diag(&d, "no built-in schema schemas/Chess/state.yaml");
	umpire_diags_clear(&d);

	/* Hidden information: all four hooks or none, and a secret schema. */
	assert_non_null(umpire_ruleset_find("amb")->view);
	r = *umpire_ruleset_find("wwii");
	r.hides = no_hides;
	assert_int_equal(umpire_ruleset_check(&r, &d), 1);
	assert_diag(&d, "has some of the hides, secret_encode, secret_decode "
	    "and view hooks but not all four");
	umpire_diags_clear(&d);
	r.secret_encode = no_secret_encode;
	r.secret_decode = no_secret_decode;
	r.view = no_view;
	assert_int_equal(umpire_ruleset_check(&r, &d), 1);
	assert_diag(&d, "may hide, but has no built-in schema "
	    "schemas/wwii/secret.yaml");
	umpire_diags_clear(&d);

	r = *umpire_rulesets[0];
	r.default_scenario = "samples/none.yaml";
	assert_int_equal(umpire_ruleset_check(&r, &d), 1);
	assert_diag(&d, "its default scenario samples/none.yaml is not built in");
	umpire_diags_free(&d);
}

/* --------------------------------------------------------------- kit */

static void
lists(void **state)
{
	static const char *const v[] = { "a", "b", "c" };
	static const char *const want[] = { "", "a", "a and b", "a, b and c" };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	for (size_t n = 0; n <= 3; n++) {
		umpire_buf_clear(&b);
		umpire_join(&b, v, n);
		assert_string_equal(umpire_buf_cstr(&b), want[n]);
	}
	umpire_buf_free(&b);
}

static void
headlines(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_report r;
	struct umpire_headline h = UMPIRE_HEADLINE_INIT(2);

	(void)state;
	umpire_report_init(&r, &a);
	assert_true(umpire_headline_empty(&h));
	umpire_headline_clause(&h, "g1 moves to row %d", 7);
	umpire_headline_clause(&h, "g2 kills t1");
	umpire_headline_clause(&h, "g3 moves");
	umpire_headline_clause(&h, "g4 moves");
	umpire_headline_lead(&h, "Green: ");
	umpire_headline_finish(&h, &r, ". Tan to play %s.", "6 and 1");
	assert_string_equal(r.headline, "Green: g1 moves to row 7; g2 kills t1; "
	    "and 2 more. Tan to play 6 and 1.");
	umpire_report_free(&r);
	umpire_arena_free(&a);
}

static void
roll_log(void **state)
{
	static const char report[] = "# Step 3\n\n| 9 | not | a roll |\n\n"
	    "## Rolls\n\n| roll | sides | result | for |\n"
	    "| ---: | ---: | ---: | --- |\n| 0 | 6 | 4 | a \\| b |\n"
	    "| 1 | 8 | 8 | c |\n\n## Shuffles\n\n| shuffle | items | for |\n"
	    "| ---: | ---: | --- |\n| 0 | 8 | the turn deck |\n";
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	umpire_report_roll_log(&b, report, sizeof(report) - 1);
	assert_string_equal(b.ptr, "r 0 6 4\nr 1 8 8\ns 0 8\n");
	umpire_buf_free(&b);
}

/*
 * The Shuffles table tells the order each shuffle gave only where the
 * engine says it is public (a game that hides nothing, from 0.5.0); the
 * numbers verify compares are the same either way.
 */
static void
shuffle_order_column(void **state)
{
	static const unsigned order[4] = { 2, 0, 3, 1 };
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice dice;
	struct umpire_report r;
	struct umpire_buf log = UMPIRE_BUF_INIT;

	(void)state;
	umpire_dice_init(&dice, &a, NULL, "armymen-0123456789", 2);
	struct umpire_shuffle sh = { 0, 4, "the turn deck", order, NULL };
	dice.shuffles = &sh;
	dice.nshuffles = 1;
	for (int pub = 0; pub < 2; pub++) {
		struct umpire_step_report out = UMPIRE_STEP_REPORT_INIT;
		dice.orders_public = pub;
		umpire_report_init(&r, &a);
		umpire_report_title(&r, "Step 2");
		umpire_report_render(&out, &r, "armymen-0123456789", 2, NULL, NULL,
		    &dice);
		const char *text = umpire_buf_cstr(&out.text);
		assert_non_null(strstr(text, pub ? "| shuffle | items | for | "
		    "order |\n| ---: | ---: | --- | --- |\n| 0 | 4 | the turn deck "
		    "| 2 0 3 1 |\n" : "| shuffle | items | for |\n| ---: | ---: | "
		    "--- |\n| 0 | 4 | the turn deck |\n"));
		umpire_buf_clear(&log);
		umpire_report_roll_log(&log, out.text.ptr, out.text.len);
		assert_string_equal(umpire_buf_cstr(&log), "s 0 4\n");
		umpire_step_report_free(&out);
		umpire_report_free(&r);
	}
	umpire_buf_free(&log);
	umpire_arena_free(&a);
}

/*
 * Where the order is secret, from 0.6.0, the engine commits to it
 * (secret.h, label shuffle/STEP/K): the column holds the commitment,
 * which opens with the seed's salt and the order as the order column
 * would write it; the numbers verify compares stay the same.
 */
static void
shuffle_commitment_column(void **state)
{
	static const unsigned order[4] = { 2, 0, 3, 1 };
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice dice;
	struct umpire_report r;
	struct umpire_step_report out = UMPIRE_STEP_REPORT_INIT;
	struct umpire_buf log = UMPIRE_BUF_INIT, want = UMPIRE_BUF_INIT;
	struct umpire_seed seed;
	struct umpire_secret_key key;

	(void)state;
	memset(&seed, 7, sizeof(seed));
	umpire_secret_key_init(&key, &seed);
	struct umpire_ctx ctx = { .arena = &a, .secret = &key };
	umpire_dice_init(&dice, &a, NULL, "bgw-0123456789", 2);
	struct umpire_shuffle sh = { 0, 4, "the Power Deck", order,
		umpire_secret_commit_str(&ctx, "shuffle/2/0", "2 0 3 1") };
	dice.shuffles = &sh;
	dice.nshuffles = 1;
	umpire_report_init(&r, &a);
	umpire_report_title(&r, "Step 2");
	umpire_report_render(&out, &r, "bgw-0123456789", 2, NULL, NULL, &dice);
	umpire_buf_printf(&want, "| shuffle | items | for | commitment |\n"
	    "| ---: | ---: | --- | --- |\n| 0 | 4 | the Power Deck | %s |\n",
	    sh.commitment);
	assert_non_null(strstr(umpire_buf_cstr(&out.text),
	    umpire_buf_cstr(&want)));
	assert_null(strstr(umpire_buf_cstr(&out.text), "2 0 3 1"));
	assert_true(umpire_secret_opens(sh.commitment, umpire_secret_salt(&ctx,
	    "shuffle/2/0"), "2 0 3 1", 7));
	assert_false(umpire_secret_opens(sh.commitment, umpire_secret_salt(&ctx,
	    "shuffle/2/0"), "0 2 3 1", 7));
	umpire_report_roll_log(&log, out.text.ptr, out.text.len);
	assert_string_equal(umpire_buf_cstr(&log), "s 0 4\n");
	umpire_secret_key_wipe(&key);
	umpire_step_report_free(&out);
	umpire_report_free(&r);
	umpire_buf_free(&log);
	umpire_buf_free(&want);
	umpire_arena_free(&a);
}

/* A report as render writes it, closed with a receipt. */
static void
rendered(struct umpire_step_report *out, struct umpire_arena *a,
	const char *headline)
{
	struct umpire_report r;

	umpire_report_init(&r, a);
	umpire_report_title(&r, "Step 5: green's turn");
	if (headline)
		umpire_report_headline(&r, "%s", headline);
	umpire_report_printf(&r, "**Bold** words.\n");
	umpire_report_render(out, &r, "amb-0123456789", 5, "board\n", NULL, NULL);
	umpire_report_receipt(out, 5, "orders/0005-green.yaml", "o", 1, "s", 1);
	umpire_report_free(&r);
}

static void
receipt_read_back(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_step_report s = UMPIRE_STEP_REPORT_INIT;
	struct umpire_buf log = UMPIRE_BUF_INIT;
	char o[UMPIRE_HASH_HEX + 1], st[UMPIRE_HASH_HEX + 1],
		got[UMPIRE_HASH_HEX + 1];
	long step = -1;

	(void)state;
	rendered(&s, &a, "g1 moves.");
	umpire_report_hash(o, "o", 1);
	umpire_report_hash(st, "s", 1);
	/* SHA-256("s"), lower case: the receipt is that of any sha256sum. */
	assert_string_equal(st, "043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c"
	    "3f925d0e52beaf89");
	const char *t = s.text.ptr;
	size_t n = s.text.len;
	assert_int_equal(umpire_report_receipt_read(t, n, "orders/0005-green.yaml",
	    NULL, got), 0);
	assert_string_equal(got, o);
	assert_int_equal(umpire_report_receipt_read(t, n, "game.yaml", NULL, got),
	    0);
	assert_string_equal(got, st);
	assert_int_equal(umpire_report_receipt_read(t, n, NULL, &step, got), 0);
	assert_int_equal(step, 5);
	assert_string_equal(got, st);
	/* The last line is the receipt. */
	char line[100];
	snprintf(line, sizeof(line), "\nReceipt: `5:%s`\n", st);
	assert_true(n > strlen(line));
	assert_string_equal(t + n - strlen(line), line);
	/* No row for another file; a report with no receipt at all. */
	assert_int_equal(umpire_report_receipt_read(t, n, "orders/0005-tan.yaml",
	    NULL, got), 1);
	const char *receipt = strstr(t, "\n## Receipt\n");
	assert_non_null(receipt);
	assert_int_equal(umpire_report_receipt_read(t, (size_t)(receipt - t),
	    "game.yaml", NULL, got), -1);
	/* The receipt is no roll: the roll log ignores it. */
	umpire_report_roll_log(&log, t, n);
	assert_int_equal(log.len, 0);
	umpire_buf_free(&log);
	umpire_step_report_free(&s);
	umpire_arena_free(&a);
}

static void
message_read_back(void **state)
{
	const char *const headlines[] = { "g1 moves. Tan to play 6 and 1.", NULL };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_step_report s = UMPIRE_STEP_REPORT_INIT;
		struct umpire_buf want = UMPIRE_BUF_INIT, got = UMPIRE_BUF_INIT;
		rendered(&s, &a, headlines[i]);
		umpire_report_commit_message(&want, &s);
		assert_int_equal(umpire_report_message_of(&got, s.text.ptr,
		    s.text.len), 0);
		assert_string_equal(got.ptr, want.ptr);
		umpire_buf_free(&want);
		umpire_buf_free(&got);
		umpire_step_report_free(&s);
		umpire_arena_free(&a);
	}
	struct umpire_buf got = UMPIRE_BUF_INIT;
	assert_int_equal(umpire_report_message_of(&got, "Step 5\n", 7), -1);
	umpire_buf_free(&got);
}

static void
receipt_parse(void **state)
{
	static const char hex[] = "043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c"
	    "3f925d0e52beaf89";
	struct umpire_receipt r;
	char text[100];

	(void)state;
	snprintf(text, sizeof(text), "17:%s", hex);
	assert_int_equal(umpire_verify_receipt_parse(&r, text), 0);
	assert_int_equal(r.step, 17);
	assert_string_equal(r.hash, hex);
	snprintf(text, sizeof(text), "0:043A718774C572BD8A25ADBEB1BFCD5C0256AE11"
	    "CECF9F9C3F925D0E52BEAF89");
	assert_int_equal(umpire_verify_receipt_parse(&r, text), 0);
	assert_int_equal(r.step, 0);
	assert_string_equal(r.hash, hex);
	const char *const refused[] = { "17", "17:", ":043a", "x:043a",
	    "17:043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf8",
	    "17:043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf890",
	    "17:g43a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89",
	    "-1:043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89",
	    "1000000001:043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52"
	    "beaf89" };
	for (size_t i = 0; i < sizeof(refused) / sizeof(*refused); i++)
		assert_int_equal(umpire_verify_receipt_parse(&r, refused[i]), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ranks_by_score),
		cmocka_unit_test(ordinals),
		cmocka_unit_test(result_decode),
		cmocka_unit_test(registry_checks),
		cmocka_unit_test(lists),
		cmocka_unit_test(headlines),
		cmocka_unit_test(roll_log),
		cmocka_unit_test(shuffle_order_column),
		cmocka_unit_test(shuffle_commitment_column),
		cmocka_unit_test(receipt_read_back),
		cmocka_unit_test(message_read_back),
		cmocka_unit_test(receipt_parse),
	};

	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
