/*
 * test_imagine - level 2 in a game that hides (umpire(1), BOTS;
 * ruleset.h, imagine): its search weighs each candidate against what
 * the player may imagine of the secrets he does not know, so that its
 * choice is the same in two games that differ only in the opponent's
 * secret: Backgammon Wars' hands and pile, Army Man Backgammon's
 * minefields.  And the search searches: somewhere its choice is not
 * level 1's.
 */
#include <stdlib.h>
#include <string.h>

#include "doc/embedded.h"
#include "game/game.h"
#include "game/lookahead.h"
#include "game/secret.h"
#include "rules/amb/amb.h"
#include "rules/bgw/bgw.h"
#include "unit.h"

/* g again, from its state and secret part, as the host reads it. */
static struct umpire_game *
copy(const struct umpire_game *g)
{
	struct umpire_buf s = UMPIRE_BUF_INIT, sec = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *c;

	umpire_game_encode(g, UMPIRE_VERSION, &s);
	umpire_game_encode_secret(g, &sec);
	if (umpire_game_load(&c, "game.yaml", s.ptr, s.len, &d) ||
	    umpire_game_set_seed(c, &g->seed, "seed", &d) ||
	    umpire_game_read_secret(c, "secret", sec.ptr, sec.len, &d))
		fail_msg("%s", diags_text(&d));
	umpire_buf_free(&s);
	umpire_buf_free(&sec);
	umpire_diags_free(&d);
	return c;
}

/* Another opponent's secret: what player does not know, changed. */
static bool
other_secret(struct umpire_game *c, const char *player)
{
	if (strcmp(c->rules->name, "bgw") == 0) {
		struct bgw_game *b = c->rs;
		int foe = strcmp(player, "black") != 0;
		if (!b->nhand[foe] || !b->npile)
			return false;
		/*
		 * His first card for the pile's last, or for parry
		 * where the pile holds one, standing against every card.
		 */
		int k = b->npile - 1;
		for (int j = 0; j < b->npile; j++)
			if (b->pile[j] == BGW_PARRY)
				k = j;
		int t = b->hand[foe][0];
		b->hand[foe][0] = b->pile[k];
		b->pile[k] = t;
		b->react[foe][0] = (struct bgw_reaction){ .card =
			(enum bgw_card)b->hand[foe][0], .when = 2, .against = ~0u };
		b->nreact[foe] = 1;
		return true;
	}
	struct amb_game *m = c->rs;
	int foe = strcmp(player, "tan") == 0 ? AMB_GREEN : AMB_TAN;
	int base = foe == AMB_GREEN ? 1 : AMB_HALF + 1;
	bool changed = false;
	if (!m->laid[foe])
		return false;
	for (int i = 0; i < AMB_MINEFIELDS; i++)
		if (!m->mines[foe][i].known) {
			/* Another row of his half, the same for the two of a row. */
			struct amb_minefield *f = &m->mines[foe][i];
			f->row = base + (f->row - base + 5) % AMB_HALF;
			/* Committed to as the rows laid were (mines.c). */
			struct umpire_ctx ctx = { .arena = &c->arena,
				.game_id = c->id, .step = c->step, .secret = &c->skey };
			char label[40], row[8];
			snprintf(label, sizeof(label), "minefields/%s/%d",
				amb_sides[foe], i + 1);
			snprintf(row, sizeof(row), "%d", f->row);
			f->commitment = umpire_secret_commit_str(&ctx, label, row);
			changed = true;
		}
	return changed;
}

static char *
orders_text(const struct umpire_game *g, int level)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf out = UMPIRE_BUF_INIT;

	umpire_yaml_emit(&out, umpire_game_bot_level(g, &a, "t", 1, level), NULL);
	umpire_arena_free(&a);
	return out.ptr;
}

/*
 * Play a game of the built-in scenario path with the level-1 bot; at
 * each of the first steps, compare level 2's choice in the game and in
 * a copy with another opponent's secret.  Returns how many choices were
 * compared; *searched counts those that were not level 1's.
 */
static int
play(const char *path, const char *first, const char *second, int steps,
	int *searched)
{
	char *text = keyed(path, first, second);
	struct umpire_arena pa = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_seed seed;
	struct umpire_game *g;
	int compared = 0;

	setenv("UMPIRE_ALLOW_TEST_KEYS", "1", 1);
	for (int i = 0; i < UMPIRE_SEED_BYTES; i++)
		seed.bytes[i] = (unsigned char)(3 * i + 1);
	report.no_text = true;
	const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml", text,
		strlen(text), &d);
	assert_non_null(doc);
	if (umpire_game_create(&g, doc, text, strlen(text), &seed, true,
	    &report, &d))
		fail_msg("%s", diags_text(&d));
	assert_true(g->hides);
	for (struct umpire_decision dec; umpire_game_decision(g, &dec),
	    dec.player && g->step < steps;) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_game *c = copy(g);
		if (other_secret(c, dec.player)) {
			char *mine = orders_text(g, 2), *other = orders_text(c, 2);
			char *one = orders_text(g, 1);
			if (strcmp(mine, other) != 0)
				fail_msg("%s step %ld: level 2 chose\n%s\nand with "
				    "another opponent's secret\n%s", path, g->step, mine,
				    other);
			compared++;
			*searched += strcmp(mine, one) != 0;
			free(mine);
			free(other);
			free(one);
		}
		umpire_game_free(c);
		const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "p", 1);
		if (umpire_game_check_doc(g, &a, bot, &d))
			fail_msg("%s", diags_text(&d));
		umpire_game_resolve(g, &a, bot, &report);
		umpire_arena_free(&a);
	}
	umpire_step_report_free(&report);
	umpire_diags_free(&d);
	umpire_game_free(g);
	umpire_arena_free(&pa);
	free(text);
	return compared;
}

/* Fewer steps under valgrind (UMPIRE_SLOW), where a search is slow. */
static int
steps(int n)
{
	return getenv("UMPIRE_SLOW") ? n / 4 : n;
}

static void
bgw_hands(void **state)
{
	int searched = 0;

	(void)state;
	assert_true(play("samples/bgw/standard.yaml", "white", "black", steps(60), &searched) >
		steps(60) / 4);
	assert_true(searched > 0);
}

static void
amb_minefields(void **state)
{
	int searched = 0;

	(void)state;
	assert_true(play("samples/amb/mines.yaml", "green", "tan", steps(40), &searched) >
		steps(40) / 4);
	assert_true(searched > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bgw_hands),
		cmocka_unit_test(amb_minefields),
	};
	return cmocka_run_group_tests_name("imagine", tests, NULL, NULL);
}
