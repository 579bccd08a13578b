/*
 * deadline.c - deadline policies, durations and UTC times (deadline.h).
 *
 * Dates are converted with the proleptic Gregorian calendar by integer
 * arithmetic (days from 1970-01-01), not timegm(3), which is not in C11
 * or POSIX and reads the TZ environment on some systems.
 */
#include "game/deadline.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const struct { char unit; long long seconds; } units[] = {
	{ 'w', 604800 }, { 'd', 86400 }, { 'h', 3600 }, { 'm', 60 },
	{ 's', 1 },
};

int
umpire_duration_parse(long long *out, const char *text)
{
	long long n = 0;
	const char *p = text;

	if (*p < '1' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (p - text >= 9)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (!p[0] || p[1])
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (units[i].unit == *p) {
			*out = n * units[i].seconds;
			return 0;
		}
	return -1;
}

void
umpire_duration_format(struct umpire_buf *out, long long seconds)
{
	if (seconds <= 0) {
		umpire_buf_puts(out, "0s");
		return;
	}
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (seconds % units[i].seconds == 0) {
			umpire_buf_printf(out, "%lld%c", seconds / units[i].seconds,
				units[i].unit);
			return;
		}
}

/* Days since 1970-01-01 of a Gregorian date (Howard Hinnant's method). */
static long long
days_from_civil(long long y, int m, int d)
{
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	long long yoe = y - era * 400;
	long long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void
civil_from_days(long long z, long long *y, int *m, int *d)
{
	z += 719468;
	long long era = (z >= 0 ? z : z - 146096) / 146097;
	long long doe = z - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

/* n digits at *p as a number, p advanced; -1 if they are not digits. */
static long long
digits(const char **p, int n)
{
	long long v = 0;

	for (int i = 0; i < n; i++, (*p)++) {
		if (**p < '0' || **p > '9')
			return -1;
		v = v * 10 + (**p - '0');
	}
	return v;
}

static int
days_in_month(long long y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : days[m - 1];
}

int
umpire_time_parse(long long *out, const char *text)
{
	const char *p = text;

	if (*p == '@')
		p++;
	if (*p >= '0' && *p <= '9' && strlen(p) <= 12 &&
	    strspn(p, "0123456789") == strlen(p)) {
		long long v = 0;
		for (; *p; p++)
			v = v * 10 + (*p - '0');
		*out = v;
		return 0;
	}
	p = text;
	long long y = digits(&p, 4), mo, d, h, mi, s;
	if (y < 0 || *p++ != '-' || (mo = digits(&p, 2)) < 1 || mo > 12 ||
	    *p++ != '-' || (d = digits(&p, 2)) < 1 ||
	    d > days_in_month(y, (int)mo) ||
	    (*p != 'T' && *p != 't' && *p != ' ') || !*p++ ||
	    (h = digits(&p, 2)) < 0 || h > 23 || *p++ != ':' ||
	    (mi = digits(&p, 2)) < 0 || mi > 59 || *p++ != ':' ||
	    (s = digits(&p, 2)) < 0 || s > 59)
		return -1;
	long long off = 0;
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int sign = *p++ == '-' ? -1 : 1;
		long long oh = digits(&p, 2), om;
		if (oh < 0 || oh > 23 || *p++ != ':' || (om = digits(&p, 2)) < 0 ||
		    om > 59)
			return -1;
		off = sign * (oh * 3600 + om * 60);
	} else {
		return -1;
	}
	if (*p)
		return -1;
	*out = days_from_civil(y, (int)mo, (int)d) * 86400 + h * 3600 +
		mi * 60 + s - off;
	return 0;
}

const char *
umpire_time_format(char *buf, long long t)
{
	long long days = (t >= 0 ? t : t - 86399) / 86400;
	long long secs = t - days * 86400, y;
	int m, d;

	civil_from_days(days, &y, &m, &d);
	int hh = (int)(secs / 3600), mm = (int)(secs / 60 % 60),
		ss = (int)(secs % 60);
	if (y < -99999 || y > 999999)
		y = y < 0 ? -99999 : 999999;	/* no such tick: keep the width */
	snprintf(buf, UMPIRE_TIME_SIZE, "%04d-%02d-%02dT%02d:%02d:%02dZ",
		(int)y, m, d, hh, mm, ss);
	return buf;
}

const char *
umpire_default_name(enum umpire_default dflt)
{
	return dflt == UMPIRE_DEFAULT_FORFEIT ? "forfeit" :
		dflt == UMPIRE_DEFAULT_PASS ? "pass" : "bot";
}

/* A duration node's seconds, or -1 after a diagnostic. */
static long long
duration_of(const struct umpire_node *n, const char *what,
	struct umpire_diags *d)
{
	long long v;

	if (n->type == UMPIRE_STR && umpire_duration_parse(&v, n->u.s.ptr) == 0)
		return v;
	umpire_node_error(d, n, "%s: not a duration: a whole number of at "
		"most 9 digits, from 1, and one of s, m, h, d, w (\"72h\")", what);
	return -1;
}

size_t
umpire_deadline_read(struct umpire_deadline_policy *out,
	const struct umpire_node *scenario, struct umpire_diags *d)
{
	const struct umpire_node *pol = umpire_map_get(scenario, "deadlines"), *n;
	size_t errors = d->errors;

	memset(out, 0, sizeof(*out));
	if (!pol || pol->type != UMPIRE_MAP)
		return 0;
	out->set = true;
	if ((n = umpire_map_get(pol, "decision")))
		out->decision = duration_of(n, "deadlines.decision", d);
	else
		umpire_node_error(d, pol, "deadlines: decision is required: how "
			"long each decision may wait (\"72h\")");
	if ((n = umpire_map_get(pol, "default")) && n->type == UMPIRE_STR) {
		if (strcmp(n->u.s.ptr, "forfeit") == 0)
			out->dflt = UMPIRE_DEFAULT_FORFEIT;
		else if (strcmp(n->u.s.ptr, "pass") == 0)
			out->dflt = UMPIRE_DEFAULT_PASS;
		else if (strcmp(n->u.s.ptr, "bot") != 0)
			umpire_node_error(d, n, "deadlines.default: '%s' is none of "
				"bot, forfeit, pass", n->u.s.ptr);
	}
	out->level = 1;
	if ((n = umpire_map_get(pol, "bot-level"))) {
		long long v = umpire_node_integer(n, 0);
		if (v == 1 || v == 2)
			out->level = (int)v;
		else
			umpire_node_error(d, n, "deadlines.bot-level: %lld is no "
				"level of the bot; 1 (random legal orders) or 2 (a "
				"one-ply search)", v);
	}
	if ((n = umpire_map_get(pol, "reminders")) && n->type == UMPIRE_SEQ) {
		if (n->u.seq.n > UMPIRE_DEADLINE_REMINDERS_MAX)
			umpire_node_error(d, n, "deadlines.reminders: %zu reminders; "
				"at most %d", n->u.seq.n, UMPIRE_DEADLINE_REMINDERS_MAX);
		for (size_t i = 0; i < n->u.seq.n &&
		    i < UMPIRE_DEADLINE_REMINDERS_MAX; i++)
			out->reminders[out->nreminders++] = duration_of(n->u.seq.v[i],
				"deadlines.reminders", d);
	}
	if ((n = umpire_map_get(pol, "kinds")) && n->type == UMPIRE_MAP) {
		if (n->u.map.n > UMPIRE_DEADLINE_KINDS_MAX)
			umpire_node_error(d, n, "deadlines.kinds: %zu kinds; at most %d",
				n->u.map.n, UMPIRE_DEADLINE_KINDS_MAX);
		for (size_t i = 0; i < n->u.map.n && i < UMPIRE_DEADLINE_KINDS_MAX;
		    i++) {
			out->kinds[i].kind = n->u.map.v[i].key->u.s.ptr;
			out->kinds[i].seconds = duration_of(n->u.map.v[i].val,
				"deadlines.kinds", d);
			out->nkinds++;
		}
	}
	if ((n = umpire_map_get(pol, "players")) && n->type == UMPIRE_MAP) {
		if (n->u.map.n > UMPIRE_DEADLINE_PLAYERS_MAX)
			umpire_node_error(d, n, "deadlines.players: %zu players; at "
				"most %d", n->u.map.n, UMPIRE_DEADLINE_PLAYERS_MAX);
		for (size_t i = 0; i < n->u.map.n && i < UMPIRE_DEADLINE_PLAYERS_MAX;
		    i++) {
			out->players[i].player = n->u.map.v[i].key->u.s.ptr;
			out->players[i].node = n->u.map.v[i].key;
			out->players[i].seconds = duration_of(n->u.map.v[i].val,
				"deadlines.players", d);
			out->nplayers++;
		}
	}
	return d->errors - errors;
}

long long
umpire_deadline_of(const struct umpire_deadline_policy *p, const char *player,
	const char *kind)
{
	for (size_t i = 0; player && i < p->nplayers; i++)
		if (strcmp(p->players[i].player, player) == 0)
			return p->players[i].seconds;
	for (size_t i = 0; kind && i < p->nkinds; i++)
		if (strcmp(p->kinds[i].kind, kind) == 0)
			return p->kinds[i].seconds;
	return p->decision;
}

/* Whether holiday h stops player's clock. */
static bool
stops(const struct umpire_holiday *h, const char *player)
{
	return !h->player || (player && strcmp(h->player, player) == 0);
}

/*
 * The first moment at or after t outside every holiday that stops
 * player's clock, and in *end the start of the next such holiday after
 * it (or LLONG_MAX): the clock runs in [moment, *end).
 */
static long long
running_from(const struct umpire_holiday *h, size_t n, const char *player,
	long long t, long long *end)
{
	bool moved = true;

	/* Holidays may overlap or touch: move past each until none holds t. */
	while (moved) {
		moved = false;
		for (size_t i = 0; i < n; i++)
			if (stops(&h[i], player) && h[i].from <= t && t < h[i].to) {
				t = h[i].to;
				moved = true;
			}
	}
	*end = LLONG_MAX;
	for (size_t i = 0; i < n; i++)
		if (stops(&h[i], player) && h[i].from > t && h[i].from < *end)
			*end = h[i].from;
	return t;
}

long long
umpire_deadline_due(const struct umpire_holiday *h, size_t n,
	const char *player, long long since, long long seconds)
{
	long long t = since, end;

	for (;;) {
		t = running_from(h, n, player, t, &end);
		if (end - t >= seconds)
			return t + seconds;
		seconds -= end - t;
		t = end;
	}
}

long long
umpire_deadline_worked(const struct umpire_holiday *h, size_t n,
	const char *player, long long since, long long until)
{
	long long t = since, end, worked = 0;

	while (t < until) {
		t = running_from(h, n, player, t, &end);
		if (t >= until)
			break;
		worked += (end < until ? end : until) - t;
		t = end;
	}
	return worked;
}

static struct umpire_node *
duration_node(struct umpire_arena *a, long long seconds)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_duration_format(&b, seconds);
	struct umpire_node *n = umpire_node_str(a, umpire_arena_strdup(a,
		umpire_buf_cstr(&b)));
	umpire_buf_free(&b);
	return n;
}

struct umpire_node *
umpire_deadline_node(struct umpire_arena *a,
	const struct umpire_deadline_policy *p)
{
	struct umpire_node *m = umpire_node_map(a, true);

	umpire_map_add(a, m, "decision", duration_node(a, p->decision));
	if (p->nkinds) {
		struct umpire_node *k = umpire_map_add(a, m, "kinds",
			umpire_node_map(a, true));
		for (size_t i = 0; i < p->nkinds; i++)
			umpire_map_add(a, k, p->kinds[i].kind, duration_node(a,
				p->kinds[i].seconds));
	}
	if (p->nplayers) {
		struct umpire_node *k = umpire_map_add(a, m, "players",
			umpire_node_map(a, true));
		for (size_t i = 0; i < p->nplayers; i++)
			umpire_map_add(a, k, p->players[i].player, duration_node(a,
				p->players[i].seconds));
	}
	if (p->nreminders) {
		struct umpire_node *r = umpire_map_add(a, m, "reminders",
			umpire_node_seq(a, true));
		for (size_t i = 0; i < p->nreminders; i++)
			umpire_seq_add(a, r, duration_node(a, p->reminders[i]));
	}
	umpire_map_add(a, m, "default", umpire_node_str(a,
		umpire_default_name(p->dflt)));
	return m;
}
