/*
 * default.c - what a default step holds, for tick and verify (default.h).
 */
#include "play/default.h"

#include <string.h>

#include "game/lookahead.h"

void
umpire_default_orders(const struct umpire_game *g, long long deadline,
	int level, struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	char when[UMPIRE_TIME_SIZE];

	umpire_game_decision(g, &dec);
	const char *first = umpire_arena_printf(&a, "orders drawn by umpire "
		"tick: no orders from %s by %s", dec.player,
		umpire_time_format(when, deadline));
	umpire_yaml_emit(out, umpire_game_bot_level(g, &a, UMPIRE_DEFAULT_SALT,
		strlen(UMPIRE_DEFAULT_SALT), level), umpire_orders_comment(&a,
		g->rules->name, first));
	umpire_arena_free(&a);
}

void
umpire_default_forfeit(struct umpire_game *g, struct umpire_arena *a,
	long long deadline, struct umpire_step_report *report)
{
	struct umpire_decision dec;
	char when[UMPIRE_TIME_SIZE], whose[80];

	umpire_game_decision(g, &dec);
	const char *player = umpire_arena_strdup(a, dec.player);
	const char *why = umpire_arena_printf(a, "no orders from %s for %s %s "
		"at step %ld by %s: %s forfeits the game", player,
		umpire_possessive(player, whose, sizeof(whose)), dec.kind, g->step,
		umpire_time_format(when, deadline), player);
	umpire_game_forfeit(g, a, player, why, report);
}

void
umpire_default_note(struct umpire_step_report *s, const char *player,
	const char *kind, long long since, long long deadline,
	enum umpire_default dflt)
{
	char a[UMPIRE_TIME_SIZE], b[UMPIRE_TIME_SIZE];
	struct umpire_buf dur = UMPIRE_BUF_INIT;

	umpire_duration_format(&dur, deadline - since);
	umpire_buf_printf(&s->text, "\n## Deadline\n\nNo orders from %s for "
		"this %s by %s, %s after %s: %s.\n", player, kind,
		umpire_time_format(b, deadline), umpire_buf_cstr(&dur),
		umpire_time_format(a, since), dflt == UMPIRE_DEFAULT_BOT ?
		"umpire played the bot's orders (umpire bot --seed "
		UMPIRE_DEFAULT_SALT ")" : dflt == UMPIRE_DEFAULT_PASS ?
		"umpire passed for him, as the deadlines say: orders that do "
		"nothing" : "the player forfeits, as the "
		"scenario's deadlines say, and the game ends");
	umpire_buf_free(&dur);
}

void
umpire_default_trailer(struct umpire_buf *msg, enum umpire_default dflt,
	long long deadline)
{
	char when[UMPIRE_TIME_SIZE];

	umpire_buf_printf(msg, "\n" UMPIRE_DEFAULT_TRAILER ": %s\n"
		UMPIRE_DEADLINE_TRAILER ": %s\n", umpire_default_name(dflt),
		umpire_time_format(when, deadline));
}

bool
umpire_default_pass_orders(const struct umpire_game *g, long long deadline,
	struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	struct umpire_decision dec;
	const struct umpire_node *orders;
	char when[UMPIRE_TIME_SIZE];
	bool ok = !g->hides && !umpire_version_older(g->ruling ? g->ruling :
		UMPIRE_VERSION, UMPIRE_DEFAULT_PASS_SINCE);

	/*
	 * Nothing: the envelope, each list of the bot's orders empty, and
	 * none of their other keys (a choice such as who goes first).
	 */
	const struct umpire_node *bot = ok ? umpire_game_bot_doc(g, &a,
		UMPIRE_DEFAULT_SALT, strlen(UMPIRE_DEFAULT_SALT)) : NULL;
	struct umpire_node *none = umpire_node_map(&a, false);
	for (size_t i = 0; ok && i < bot->u.map.n; i++) {
		const struct umpire_node *v = bot->u.map.v[i].val;
		if (i < 5 || v->type == UMPIRE_SEQ)
			umpire_map_add(&a, none, bot->u.map.v[i].key->u.s.ptr, i < 5 ?
				(struct umpire_node *)v : umpire_node_seq(&a, true));
	}
	if (ok) {
		umpire_game_decision(g, &dec);
		umpire_yaml_emit(out, none, umpire_orders_comment(&a,
			g->rules->name, umpire_arena_printf(&a, "orders made by "
			"umpire tick: no orders from %s by %s: nothing (default: "
			"pass)", dec.player, umpire_time_format(when, deadline))));
		ok = umpire_game_check(g, &a, "pass", out->ptr, out->len, &orders,
			&quiet) == 0;
		if (!ok)
			umpire_buf_clear(out);
	}
	umpire_diags_free(&quiet);
	umpire_arena_free(&a);
	return ok;
}
