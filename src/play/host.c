/*
 * host.c - the host's steps (host.h).
 */
#include "play/host.h"

#include <string.h>

#include "play/default.h"
#include "util/text.h"

/* The latest deadline umpire writes: 9999-12-31T23:59:59Z. */
#define LAST_TIME 253402300799LL

const char *
umpire_host_refusal(const struct umpire_game *g,
	const struct umpire_host_change *c, struct umpire_arena *a)
{
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	if (c->kind == UMPIRE_HOST_REVEAL)
		return g->sealed ? NULL : "the game is not sealed";
	if (!dec.player)
		return umpire_arena_printf(a, "game %s is over: no decision has "
			"a deadline to change", g->id);
	switch (c->kind) {
	case UMPIRE_HOST_EXTEND:
		if (!g->has_deadline)
			return umpire_arena_printf(a, "game %s's state records no "
				"deadline (%s): only a game umpire 0.4.0 or later made, "
				"with a deadline policy, has one to extend", g->id,
				g->dated ? "its scenario sets no deadlines" :
				"an older umpire wrote it");
		if (umpire_deadline_due(g->holidays, g->nholidays, dec.player,
		    g->deadline, c->seconds) > LAST_TIME)
			return "the deadline would be later than umpire can write";
		return NULL;
	case UMPIRE_HOST_HOLIDAY:
		if (c->holiday.to <= c->holiday.from)
			return "a holiday ends after it starts";
		if (c->holiday.to > LAST_TIME)
			return "the holiday ends later than umpire can write";
		if (c->holiday.player && !umpire_game_player(g, c->holiday.player))
			return umpire_arena_printf(a, "%s is not a player of game %s",
				c->holiday.player, g->id);
		if (g->nholidays >= UMPIRE_HOLIDAYS_MAX)
			return umpire_arena_printf(a, "game %s has %d holidays, the "
				"most", g->id, UMPIRE_HOLIDAYS_MAX);
		if (g->dated && c->holiday.to <= g->date)
			return "the holiday ends before the awaited decision became "
				"pending: it would change no deadline";
		return NULL;
	case UMPIRE_HOST_POLICY:
		if (!g->dated)
			return umpire_arena_printf(a, "game %s's state records no date "
				"(an umpire before 0.4.0 wrote it): make a step first",
				g->id);
		return NULL;
	case UMPIRE_HOST_REVEAL:
		break;
	}
	return NULL;
}

/* "green's turn", "everyone's" */
static void
whose_decision(struct umpire_buf *msg, const struct umpire_decision *dec)
{
	char whose[80];

	umpire_buf_printf(msg, "%s %s", umpire_possessive(dec->player, whose,
		sizeof(whose)), dec->kind);
}

static void
extend(struct umpire_game *g, const struct umpire_decision *dec,
	long long seconds, struct umpire_buf *msg)
{
	struct umpire_buf dur = UMPIRE_BUF_INIT;
	char a[UMPIRE_TIME_SIZE], b[UMPIRE_TIME_SIZE];
	long long was = g->deadline;

	g->deadline = umpire_deadline_due(g->holidays, g->nholidays, dec->player,
		was, seconds);
	umpire_duration_format(&dur, seconds);
	umpire_buf_printf(msg, "Step %ld: deadline extended\n\nThe host gives %s "
		"%s more for ", g->step, dec->player, umpire_buf_cstr(&dur));
	whose_decision(msg, dec);
	umpire_buf_printf(msg, ": the deadline is %s, not %s.\n\n"
		UMPIRE_EXTEND_TRAILER ": %s\n" UMPIRE_DEADLINE_TRAILER ": %s\n",
		umpire_time_format(a, g->deadline), umpire_time_format(b, was),
		umpire_buf_cstr(&dur), a);
	umpire_buf_free(&dur);
}

/* ": the deadline of green's turn is NEW, not WAS" or stays. */
static void
moved(struct umpire_buf *msg, const struct umpire_game *g,
	const struct umpire_decision *dec, bool had, long long was)
{
	char a[UMPIRE_TIME_SIZE], b[UMPIRE_TIME_SIZE];

	if (!g->has_deadline)
		return;
	umpire_buf_puts(msg, "; the deadline of ");
	whose_decision(msg, dec);
	if (!had)
		umpire_buf_printf(msg, " is %s", umpire_time_format(a, g->deadline));
	else if (was == g->deadline)
		umpire_buf_printf(msg, " stays %s", umpire_time_format(a, was));
	else
		umpire_buf_printf(msg, " is %s, not %s", umpire_time_format(a,
			g->deadline), umpire_time_format(b, was));
}

static void
holiday(struct umpire_game *g, const struct umpire_decision *dec,
	const struct umpire_holiday *h, struct umpire_buf *msg)
{
	char a[UMPIRE_TIME_SIZE], b[UMPIRE_TIME_SIZE];
	long long was = g->deadline;

	/* The clock time the decision had left stays its own. */
	long long worked = g->has_deadline ? umpire_deadline_worked(g->holidays,
		g->nholidays, dec->player, g->date, was) : 0;
	umpire_game_add_holiday(g, h);
	if (g->has_deadline)
		g->deadline = umpire_deadline_due(g->holidays, g->nholidays,
			dec->player, g->date, worked);
	umpire_time_format(a, h->from);
	umpire_time_format(b, h->to);
	umpire_buf_printf(msg, "Step %ld: holiday\n\nThe host grants %s a "
		"holiday from %s to %s: the clock of %s stops then", g->step,
		h->player ? h->player : "every player", a, b, h->player ?
		"his decisions" : "every decision");
	moved(msg, g, dec, true, was);
	umpire_buf_printf(msg, ".\n\n" UMPIRE_HOLIDAY_TRAILER ": %s %s%s%s\n", a,
		b, h->player ? " " : "", h->player ? h->player : "");
	if (g->has_deadline)
		umpire_buf_printf(msg, UMPIRE_DEADLINE_TRAILER ": %s\n",
			umpire_time_format(a, g->deadline));
}

static void
policy(struct umpire_game *g, const struct umpire_decision *dec,
	const struct umpire_deadline_policy *p, long long date,
	struct umpire_buf *msg)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf yaml = UMPIRE_BUF_INIT;
	char when[UMPIRE_TIME_SIZE];
	bool had = g->has_deadline;
	long long was = g->deadline;

	umpire_game_set_policy(g, p);
	g->has_deadline = true;
	g->deadline = umpire_deadline_due(g->holidays, g->nholidays, dec->player,
		date, umpire_deadline_of(&g->policy, dec->player, dec->kind));
	umpire_yaml_emit(&yaml, umpire_deadline_node(&a, &g->policy), NULL);
	while (yaml.len && yaml.ptr[yaml.len - 1] == '\n')
		yaml.len--;
	umpire_buf_printf(msg, "Step %ld: deadline policy replaced\n\nThe host "
		"replaces the deadline policy from step %ld on with %s, counted "
		"for the awaited decision from now", g->step, g->step,
		umpire_buf_cstr(&yaml));
	moved(msg, g, dec, had, was);
	umpire_buf_printf(msg, ".\n\n" UMPIRE_POLICY_TRAILER ": replaced\n"
		UMPIRE_DEADLINE_TRAILER ": %s\n", umpire_time_format(when,
		g->deadline));
	umpire_buf_free(&yaml);
	umpire_arena_free(&a);
}

void
umpire_host_apply(struct umpire_game *g, const struct umpire_host_change *c,
	struct umpire_buf *msg)
{
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	switch (c->kind) {
	case UMPIRE_HOST_REVEAL:
		g->sealed = false;
		umpire_report_reveal_message(msg, g->id, g->commitment);
		break;
	case UMPIRE_HOST_EXTEND:
		extend(g, &dec, c->seconds, msg);
		break;
	case UMPIRE_HOST_HOLIDAY:
		holiday(g, &dec, &c->holiday, msg);
		break;
	case UMPIRE_HOST_POLICY:
		policy(g, &dec, c->policy, c->date, msg);
		break;
	}
}

/* The value of the trailer name in message, into text; false if none. */
static bool
trailer(char *text, size_t size, const char *message, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = message; (p = strstr(p, name)); p += len) {
		if ((p != message && p[-1] != '\n') || strncmp(p + len, ": ", 2))
			continue;
		p += len + 2;
		size_t n = strcspn(p, "\n");
		if (n >= size)
			return false;
		memcpy(text, p, n);
		text[n] = '\0';
		return true;
	}
	return false;
}

int
umpire_host_of(struct umpire_host_change *out, const char *message)
{
	char text[128];

	memset(out, 0, sizeof(*out));
	if (trailer(text, sizeof(text), message, UMPIRE_EXTEND_TRAILER)) {
		out->kind = UMPIRE_HOST_EXTEND;
		return umpire_duration_parse(&out->seconds, text);
	}
	if (trailer(text, sizeof(text), message, UMPIRE_HOLIDAY_TRAILER)) {
		out->kind = UMPIRE_HOST_HOLIDAY;
		return 0;
	}
	if (trailer(text, sizeof(text), message, UMPIRE_POLICY_TRAILER)) {
		out->kind = UMPIRE_HOST_POLICY;
		return 0;
	}
	return -1;
}
