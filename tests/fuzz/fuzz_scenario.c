/*
 * fuzz_scenario - scenario files (game/game.c's create, the amb
 * ruleset's state.c), with a fixed seed.
 *
 * A game umpire creates must encode to a state that loads again and
 * encodes to the same bytes, and its first decision must be playable:
 * the bot's orders pass the check.
 */
#include <sysexits.h>

#include "game/game.h"
#include "fuzz.h"

static struct umpire_seed seed;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	for (size_t i = 0; i < sizeof(seed.bytes); i++)
		seed.bytes[i] = (unsigned char)(0xa5 ^ i);
	return 0;
}

static void
check_created(const struct umpire_game *g, const char *text, size_t len)
{
	struct umpire_buf one = UMPIRE_BUF_INIT, two = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_game *copy;
	struct umpire_decision dec;

	umpire_game_encode(g, UMPIRE_VERSION, &one);
	if (umpire_game_load(&copy, "new/game.yaml", one.ptr, one.len, &d) != 0)
		fuzz_fail(&d, one.ptr, one.len, "the state of a new game does "
			"not load (scenario:\n%.*s)", (int)len, text);
	umpire_game_encode(copy, UMPIRE_VERSION, &two);
	if (!umpire_buf_equal(&two, one.ptr, one.len))
		fuzz_fail(NULL, two.ptr, two.len, "the state of a new game "
			"encodes to other bytes once loaded; first:\n%s", one.ptr);
	/* A game that hides: its state alone lacks the secret part that the
	 * host's bot needs, which the game created holds. */
	const struct umpire_game *p = copy->hides && !copy->secret_known ? g :
		copy;
	umpire_game_decision(p, &dec);
	if (dec.player) {
		const struct umpire_node *bot = umpire_game_bot_doc(p, &a,
			"fuzz", 4);
		if (umpire_game_check_doc(p, &a, bot, &d) != 0)
			fuzz_fail(&d, one.ptr, one.len, "the check refuses the "
				"bot's first orders");
	}
	umpire_game_free(copy);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	umpire_buf_free(&one);
	umpire_buf_free(&two);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	const struct umpire_node *doc = umpire_game_parse(&a, "scenario.yaml",
		text, size, &d);

	if (doc) {
		struct umpire_game *g;
		int rc = umpire_game_create(&g, doc, NULL, 0, &seed, size & 1, &report, &d);
		if (rc == 0) {
			if (d.errors)
				fuzz_fail(&d, text, size, "a game was created with errors");
			check_created(g, text, size);
			umpire_game_free(g);
		} else if (rc != EX_DATAERR || !d.errors) {
			fuzz_fail(&d, text, size, "create failed (%d) without saying "
				"why", rc);
		}
	} else if (!d.errors) {
		fuzz_fail(NULL, text, size, "parse failed without saying why");
	}
	fuzz_print(&d);
	umpire_diags_free(&d);
	umpire_step_report_free(&report);
	umpire_arena_free(&a);
	return 0;
}
