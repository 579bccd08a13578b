/*
 * fuzz_state - state files (game/game.c's load and encode, the amb
 * ruleset's state.c).
 *
 * Whatever loads must encode, load again and encode to the same bytes:
 * umpire must be able to read every state it accepts back from its own
 * writing.  A state that loads and awaits a decision must also be
 * playable: the bot's orders pass the check, and (when the seed is in
 * the file) resolve to a state that loads again; a game that hides
 * needs its secret part for that, which no state file holds.
 *
 * A state at the last step a state file records (UMPIRE_LAST_STEP) loads,
 * but orders for it are refused: no state could follow it.
 */
#include <sysexits.h>

#include "game/game.h"
#include "fuzz.h"


int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	return 0;
}

/* Encode g, load that, encode again: the same bytes.  Returns the copy. */
static struct umpire_game *
reload(const struct umpire_game *g, const char *text, size_t len)
{
	struct umpire_buf one = UMPIRE_BUF_INIT, two = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *copy;

	umpire_game_encode(g, UMPIRE_VERSION, &one);
	if (umpire_game_load(&copy, "encoded/game.yaml", one.ptr, one.len,
	    &d) != 0)
		fuzz_fail(&d, one.ptr, one.len, "a state umpire wrote does not "
			"load (it came from:\n%.*s)", (int)len, text);
	umpire_game_encode(copy, UMPIRE_VERSION, &two);
	if (!umpire_buf_equal(&two, one.ptr, one.len))
		fuzz_fail(NULL, two.ptr, two.len, "loading and encoding a state "
			"umpire wrote changes it; first encoding:\n%s", one.ptr);
	umpire_diags_free(&d);
	umpire_buf_free(&one);
	umpire_buf_free(&two);
	return copy;
}

static void
play(struct umpire_game *g, const char *text, size_t len)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	/*
	 * A game that hides, without its secret part: the host's bot and
	 * resolve need the secret, which a state file alone never holds
	 * (a player's bot reads his private view instead).
	 */
	if (!dec.player || (g->hides && !g->secret_known))
		return;
	const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "fuzz", 4);
	bool refused = umpire_game_check_doc(g, &a, bot, &d) != 0;
	if (refused != (g->step >= UMPIRE_LAST_STEP))
		fuzz_fail(&d, text, len, "the check %s the bot's orders for a "
			"state at step %ld", refused ? "refuses" : "accepts", g->step);
	if (!refused && g->have_seed) {
		umpire_game_resolve(g, &a, bot, &report);
		umpire_game_free(reload(g, text, len));
	}
	umpire_step_report_free(&report);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *g;
	int rc = umpire_game_load(&g, "game.yaml", text, size, &d);

	if (rc == 0) {
		if (d.errors)
			fuzz_fail(&d, text, size, "a state loaded with errors");
		struct umpire_game *copy = reload(g, text, size);
		play(copy, text, size);
		umpire_game_free(copy);
		umpire_game_free(g);
	} else if (rc != EX_DATAERR || !d.errors) {
		fuzz_fail(&d, text, size, "loading failed (%d) without saying why",
			rc);
	}
	fuzz_print(&d);
	umpire_diags_free(&d);
	return 0;
}
