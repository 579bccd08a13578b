/*
 * alone.c - core without any ruleset.  The Makefile links this program
 * against every object of src/ but main, src/cli and src/rules, one by
 * one rather than from the archive, so the link itself fails if core
 * names anything of a ruleset.  Then core runs with no ruleset handed
 * down, and with a made-up one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/arena.h"
#include "util/diag.h"
#include "game/game.h"
#include "game/ruleset.h"
#include "doc/yaml.h"

static const char scenario[] =
	"umpire: 1\n"
	"ruleset: amb\n"
	"kind: scenario\n";

/* The diagnostics d holds, printed, hold needle. */
static void
assert_said(struct umpire_diags *d, const char *needle)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	umpire_diags_print(d, f);
	fclose(f);
	if (!strstr(text, needle))
		fail_msg("expected \"%s\" in:\n%s", needle, text);
	free(text);
}

static const struct umpire_node *
parse(struct umpire_arena *a, struct umpire_diags *d)
{
	struct umpire_node *doc = NULL;

	assert_int_equal(umpire_yaml_parse(&doc, a, "scenario.yaml", scenario,
		sizeof(scenario) - 1, NULL, d), 0);
	return doc;
}

/* Nothing handed down: no ruleset is known, and nothing breaks. */
static void
none_handed_down(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	assert_null(umpire_rulesets_list()[0]);
	assert_null(umpire_ruleset_find("amb"));
	assert_int_equal(umpire_rulesets_check(&d), 0);
	assert_null(umpire_game_validate(parse(&a, &d), "scenario", &d));
	assert_said(&d, "scenario.yaml:2:10: error: ruleset: unknown ruleset "
		"'amb'");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* A list handed down is the one core finds in, and checks. */
static void
made_up_one(void **state)
{
	static const struct umpire_ruleset toy = {
		.version = UMPIRE_RULESET_VERSION,
		.name = "toy",
	};
	static const struct umpire_ruleset *const list[] = { &toy, NULL };
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	umpire_rulesets_use(list);
	assert_ptr_equal(umpire_ruleset_find("toy"), &toy);
	assert_null(umpire_ruleset_find("amb"));
	/* It has no hooks at all, and core says so, hook by hook. */
	assert_true(umpire_rulesets_check(&d) > 0);
	assert_said(&d, "has no bot hook");
	umpire_diags_free(&d);
	umpire_rulesets_use(NULL);
	assert_null(umpire_ruleset_find("toy"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(none_handed_down),
		cmocka_unit_test(made_up_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
