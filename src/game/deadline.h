/*
 * deadline.h - a scenario's deadline policy (its `deadlines:` mapping),
 * durations, and times in UTC, all in whole seconds: exact integer
 * arithmetic, no clock read here.
 *
 * How long a decision may wait is measured from the commit that made it
 * awaited (the step before, or umpire new), to the second as git records
 * it, so that verify recomputes every deadline from the history alone.
 * See umpire-files(5), "Deadlines", and umpire(1), tick.
 *
 * Ownership: a policy's strings point into the scenario's nodes, which
 * must outlive it.
 */
#ifndef UMPIRE_DEADLINE_H
#define UMPIRE_DEADLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"
#include "doc/yaml.h"

/* What happens when a decision's time runs out. */
enum umpire_default { UMPIRE_DEFAULT_BOT, UMPIRE_DEFAULT_FORFEIT,
	UMPIRE_DEFAULT_PASS };

#define UMPIRE_DEADLINE_REMINDERS_MAX 8
#define UMPIRE_DEADLINE_KINDS_MAX 16
#define UMPIRE_DEADLINE_PLAYERS_MAX 16
/* The longest duration a schema allows: 999999999 weeks, in seconds. */
#define UMPIRE_DURATION_MAX (999999999LL * 604800LL)

struct umpire_deadline_policy {
	bool set;		/* the scenario has `deadlines:` */
	long long decision;	/* seconds each decision may wait */
	enum umpire_default dflt;
	int level;		/* the bot's, for the default bot: 1 or 2 */
	/* Seconds before the deadline, as the scenario lists them. */
	long long reminders[UMPIRE_DEADLINE_REMINDERS_MAX];
	size_t nreminders;
	/* Per kind of decision, instead of decision. */
	struct { const char *kind; long long seconds; }
		kinds[UMPIRE_DEADLINE_KINDS_MAX];
	size_t nkinds;
	/* Per player, instead of either; node, for diagnostics. */
	struct { const char *player; long long seconds;
		const struct umpire_node *node; }
		players[UMPIRE_DEADLINE_PLAYERS_MAX];
	size_t nplayers;
};

/*
 * "72h" (a whole number and one of s, m, h, d, w) in seconds: 0, or -1
 * if text is not a duration of at least a second and at most
 * UMPIRE_DURATION_MAX.
 */
int umpire_duration_parse(long long *out, const char *text);
/* Seconds as the largest unit that divides them: 259200 -> "3d". */
void umpire_duration_format(struct umpire_buf *out, long long seconds);

/*
 * A time as RFC 3339 ("2026-11-26T07:00:00Z", an offset "+02:00" in place
 * of Z, no fraction) or seconds since the epoch ("1795676400", or with
 * '@' before them): 0, or -1 if text is neither.
 */
int umpire_time_parse(long long *out, const char *text);
/* "2026-11-26T07:00:00Z"; buf must hold UMPIRE_TIME_SIZE bytes. */
#define UMPIRE_TIME_SIZE 32
const char *umpire_time_format(char *buf, long long t);

/*
 * Read the scenario's `deadlines:` (already valid under its schema) into
 * out; out->set is false when there is none.  Returns the number of
 * problems recorded in d: a duration out of range, too many kinds or
 * reminders.
 */
size_t umpire_deadline_read(struct umpire_deadline_policy *out,
	const struct umpire_node *scenario, struct umpire_diags *d);

/*
 * Seconds a decision of kind by player may wait: the player's own
 * time if the policy gives one, else the kind's, else decision.
 */
long long umpire_deadline_of(const struct umpire_deadline_policy *p,
	const char *player, const char *kind);

/*
 * A holiday the host grants (umpire deadline --holiday, from
 * UMPIRE_HOST_SINCE): between from and to (seconds, UTC, from < to) the
 * clock of player's decisions stops, or of everyone's when player is
 * NULL.  Recorded in game.yaml (umpire-files(5), Deadlines).
 */
struct umpire_holiday {
	const char *player;
	long long from, to;
};

#define UMPIRE_HOLIDAYS_MAX 64

/*
 * When a decision of player pending since since runs out, given that it
 * may wait seconds of time outside the holidays that stop its clock:
 * since + seconds with no holiday, later by every second of holiday
 * that falls before the moment so found.  Holidays may overlap and come
 * in any order.
 */
long long umpire_deadline_due(const struct umpire_holiday *h, size_t n,
	const char *player, long long since, long long seconds);

/* Seconds of [since, until) outside the holidays that stop player's clock. */
long long umpire_deadline_worked(const struct umpire_holiday *h, size_t n,
	const char *player, long long since, long long until);

/*
 * The policy as the `deadlines:` mapping of a scenario (its keys in the
 * schema's order), for a state that records the host's policy.
 */
struct umpire_node *umpire_deadline_node(struct umpire_arena *a,
	const struct umpire_deadline_policy *p);

/* The default as the scenario spells it: "bot", "forfeit", "pass". */
const char *umpire_default_name(enum umpire_default dflt);

#endif
