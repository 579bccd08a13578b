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
		UMPIRE_DEFAULT_SALT ")" : "the player forfeits, as the "
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

void
umpire_default_extend_message(struct umpire_buf *msg,
	const struct umpire_game *g, long long was, long long seconds)
{
	struct umpire_decision dec;
	struct umpire_buf dur = UMPIRE_BUF_INIT;
	char a[UMPIRE_TIME_SIZE], b[UMPIRE_TIME_SIZE], whose[80];

	umpire_game_decision(g, &dec);
	umpire_duration_format(&dur, seconds);
	umpire_buf_printf(msg, "Step %ld: deadline extended\n\nThe host gives %s "
		"%s more for %s %s: the deadline is %s, not %s.\n\n"
		UMPIRE_EXTEND_TRAILER ": %s\n" UMPIRE_DEADLINE_TRAILER ": %s\n",
		g->step, dec.player, umpire_buf_cstr(&dur),
		umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind,
		umpire_time_format(a, was + seconds), umpire_time_format(b, was),
		umpire_buf_cstr(&dur), a);
	umpire_buf_free(&dur);
}

int
umpire_default_extend_of(long long *out, const char *message)
{
	const char *p = strstr(message, "\n" UMPIRE_EXTEND_TRAILER ": ");
	char text[16];

	if (!p)
		return -1;
	p += strlen("\n" UMPIRE_EXTEND_TRAILER ": ");
	size_t n = strcspn(p, "\n");
	if (n >= sizeof(text))
		return -1;
	memcpy(text, p, n);
	text[n] = '\0';
	return umpire_duration_parse(out, text);
}
