/*
 * fuzz_orders - orders files (game/game.c's check, the rulesets'
 * orders.c and plan.c), against fixed states loaded once: every file of
 * tests/fuzz/states/ (or of the folder UMPIRE_FUZZ_STATES names), each
 * saying in its first lines what position it holds.  There must be at
 * least one state of every ruleset in the registry, so a new ruleset's
 * orders are fuzzed as soon as it brings a state here.
 *
 * Every input is checked against each state.  Orders the check passes
 * are resolved on a fresh copy of that state; the new state must encode,
 * load again and encode to the same bytes, and the bot's orders for it
 * must pass the check.  A state that hides information without its
 * secret (bgw-p.yaml, the public part of a sealed game, as a player's
 * check sees it) has its orders checked but never resolved.
 *
 * The seed corpus (corpus/orders) holds the bot's orders for these and
 * other steps, hand-made legal and illegal orders, and hostile files.
 *
 * The diagnostics are printed after the orders' arena is freed, as the
 * CLI does: they must own everything they print.
 */
#include <dirent.h>
#include <sysexits.h>

#include "game/game.h"
#include "game/ruleset.h"
#include "fuzz.h"

#define STATES_DIR "tests/fuzz/states"

struct fixed {
	char *file;
	char *text;
	struct umpire_game *g;
};

static struct fixed *fixed;
static size_t nfixed;

static struct umpire_game *
load(const struct fixed *f)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *g;

	if (umpire_game_load(&g, f->file, f->text, strlen(f->text), &d) != 0)
		fuzz_fail(&d, f->text, strlen(f->text), "a fixed state does not "
			"load");
	umpire_diags_free(&d);
	return g;
}

static void
free_fixed(void)
{
	for (size_t i = 0; i < nfixed; i++) {
		umpire_game_free(fixed[i].g);
		free(fixed[i].file);
		free(fixed[i].text);
	}
	free(fixed);
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long n;

	if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || !(text = malloc((size_t)n + 1)) ||
	    fread(text, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "fuzz_orders: cannot read %s\n", path);
		exit(1);
	}
	text[n] = '\0';
	fclose(f);
	return text;
}

static int
is_yaml(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return e->d_name[0] != '.' && n > 5 &&
		strcmp(e->d_name + n - 5, ".yaml") == 0;
}

/* Every state of dir, in name order; at least one of each ruleset. */
static void
load_states(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, is_yaml, alphasort);

	if (n <= 0) {
		fprintf(stderr, "fuzz_orders: no states in %s (run from the top "
			"of the tree, or set UMPIRE_FUZZ_STATES)\n", dir);
		exit(1);
	}
	fixed = calloc((size_t)n, sizeof(*fixed));
	if (!fixed)
		abort();
	for (int i = 0; i < n; i++) {
		struct fixed *f = &fixed[nfixed++];
		size_t len = strlen(dir) + strlen(names[i]->d_name) + 2;

		if (!(f->file = malloc(len)))
			abort();
		snprintf(f->file, len, "%s/%s", dir, names[i]->d_name);
		f->text = slurp(f->file);
		f->g = load(f);
		free(names[i]);
	}
	free(names);
	for (size_t r = 0; umpire_rulesets[r]; r++) {
		size_t i = 0;

		while (i < nfixed && fixed[i].g->rules != umpire_rulesets[r])
			i++;
		if (i == nfixed) {
			fprintf(stderr, "fuzz_orders: %s holds no state of ruleset "
				"%s: add one\n", dir, umpire_rulesets[r]->name);
			exit(1);
		}
	}
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("UMPIRE_FUZZ_STATES");

	fuzz_setup(argc, argv);
	load_states(dir && *dir ? dir : STATES_DIR);
	atexit(free_fixed);
	return 0;
}

/* The bot's orders for g must pass the check. */
static void
bot_agrees(const struct umpire_game *g, const char *state, size_t len)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	if (!dec.player)
		return;
	const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "fuzz", 4);
	if (umpire_game_check_doc(g, &a, bot, &d) != 0)
		fuzz_fail(&d, state, len, "the check refuses the bot's orders");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* Orders that passed the check on f: resolve them on a fresh copy. */
static void
resolve(const struct fixed *f, struct umpire_arena *a,
	const struct umpire_node *orders, const char *text, size_t len)
{
	struct umpire_game *g = load(f), *again;
	struct umpire_buf state = UMPIRE_BUF_INIT, state2 = UMPIRE_BUF_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	umpire_game_resolve(g, a, orders, &report);
	if (g->step != f->g->step + 1)
		fuzz_fail(NULL, text, len, "resolve did not advance the step");
	umpire_game_encode(g, UMPIRE_VERSION, &state);
	if (umpire_game_load(&again, "new/game.yaml", state.ptr, state.len,
	    &d) != 0)
		fuzz_fail(&d, state.ptr, state.len, "the state resolve wrote does "
			"not load (orders were:\n%.*s)", (int)len, text);
	umpire_game_encode(again, UMPIRE_VERSION, &state2);
	if (!umpire_buf_equal(&state2, state.ptr, state.len))
		fuzz_fail(NULL, state2.ptr, state2.len, "the state resolve wrote "
			"encodes to other bytes once loaded");
	bot_agrees(again, state.ptr, state.len);
	umpire_game_free(again);
	umpire_game_free(g);
	umpire_step_report_free(&report);
	umpire_buf_free(&state);
	umpire_buf_free(&state2);
	umpire_diags_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;

	for (size_t i = 0; i < nfixed; i++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		const struct umpire_node *orders;
		int rc = umpire_game_check(fixed[i].g, &a, "orders.yaml", text,
			size, &orders, &d);

		if (rc == 0) {
			if (d.errors || !orders)
				fuzz_fail(&d, text, size, "the check passed orders with "
					"errors");
			if (!fixed[i].g->hides || fixed[i].g->secret_known)
				resolve(&fixed[i], &a, orders, text, size);
		} else if (rc != EX_DATAERR || !d.errors) {
			fuzz_fail(&d, text, size, "the check failed (%d) without "
				"saying why", rc);
		}
		umpire_arena_free(&a);
		fuzz_print(&d);
		umpire_diags_free(&d);
	}
	return 0;
}
