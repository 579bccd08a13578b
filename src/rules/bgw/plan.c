/*
 * plan.c - backgammon's legal plays (plan.h): one move at a time, the
 * limits the dice set over every order of using them, and every play.
 *
 * The limits are found by trying every order: the dice in any order,
 * each from any point that can move, as deep as the dice go.  Four dice
 * and 25 points bound the search at 25^4 moves, and far fewer in
 * practice, as few points can move.
 */
#include <stdio.h>
#include <string.h>

#include "plan.h"

void
bg_plain(struct bg_pos *p)
{
	memset(p->stuck, 0, sizeof(p->stuck));
	p->closed = 0;
	p->fire = 0;
	p->release = 0;
	p->cap = BG_UNITS;
}

static bool
all_home(const struct bg_pos *p)
{
	for (int q = 7; q <= BG_WALL; q++)
		if (p->own[q])
			return false;
	return true;
}

bool
bg_move_ok(const struct bg_pos *p, int from, int d, struct bg_move *out)
{
	int to;

	if (d < 1 || from < 1 || from > BG_WALL)
		return false;
	if (p->own[from] - p->stuck[from] <= 0)
		return false;
	if (p->own[BG_WALL] && from != BG_WALL)
		return false;		/* The Wall: enter first */
	to = from - d;
	/* The Wall: only onto the opponent's home board (a Potion's 7 up
	 * would land short of it). */
	if (from == BG_WALL && to < BG_WALL - 6)
		return false;
	if (to <= 0) {
		/* Bearing Off: all home; a higher die only from the highest. */
		if (from == BG_WALL || !all_home(p))
			return false;
		if (to < 0)
			for (int q = from + 1; q <= 6; q++)
				if (p->own[q])
					return false;
		to = BG_OFF;
	} else {
		if (p->closed & (1u << to) || p->opp[to] >= 2 ||
		    p->own[to] + 1 > p->cap)
			return false;
	}
	if (out)
		*out = (struct bg_move){ (signed char)from, (signed char)to,
			(signed char)d, to != BG_OFF && p->opp[to] == 1,
			to != BG_OFF && (p->fire & (1u << to)) != 0 };
	return true;
}

void
bg_apply(struct bg_pos *p, const struct bg_move *m)
{
	p->own[m->from]--;
	if (p->release & (1u << m->from)) {
		p->closed &= ~(1u << m->from);
		p->release &= ~(1u << m->from);
	}
	if (m->hit) {
		p->opp[m->to]--;
		p->opp[BG_WALL]++;
	}
	p->own[m->burnt ? BG_WALL : m->to]++;
}

/* ------------------------------------------------------------- search */

struct search {
	const int *dice;
	int nd;
	bool used[BG_MAX_DICE];
	int depth;
	int most;
	bool single[32];		/* die values usable as a play's only move */
	/* Collecting plays: */
	int want;		/* length of a full play; 0 while measuring */
	int forced_die;
	struct bg_play cur;
	struct bg_play *out;
	size_t cap, n;
	struct key { signed char c[52]; } *seen;
	size_t nseen, seen_cap;
	bool first;		/* stop at cap plays (bg_plays_first) */
	bool done;
};

static void
key_of(const struct bg_pos *p, struct key *k)
{
	memcpy(k->c, p->own, 26);
	memcpy(k->c + 26, p->opp, 26);
}

static void
found(struct search *s, const struct bg_pos *p)
{
	struct key k;

	if (s->want == 1 && s->forced_die && s->cur.m[0].die != s->forced_die)
		return;
	key_of(p, &k);
	for (size_t i = 0; i < s->nseen; i++)
		if (memcmp(s->seen[i].c, k.c, sizeof(k.c)) == 0)
			return;
	if (s->nseen < s->seen_cap)
		s->seen[s->nseen++] = k;
	if (s->n < s->cap)
		s->out[s->n] = s->cur;
	s->n++;
	s->done = s->first && s->n >= s->cap;
}

static void
walk(struct search *s, const struct bg_pos *p)
{
	bool moved = false;

	/* Measuring: once every die is used, no order uses more. */
	if ((!s->want && s->most == s->nd) || s->done)
		return;
	for (int i = 0; i < s->nd; i++) {
		if (s->used[i])
			continue;
		/* The same value at the same depth gives the same moves. */
		bool again = false;
		for (int j = 0; j < i; j++)
			again |= !s->used[j] && s->dice[j] == s->dice[i];
		if (again)
			continue;
		for (int from = BG_WALL; from >= 1; from--) {
			struct bg_move m;
			if (!bg_move_ok(p, from, s->dice[i], &m))
				continue;
			struct bg_pos next = *p;
			bg_apply(&next, &m);
			moved = true;
			s->used[i] = true;
			s->cur.m[s->depth] = m;
			s->depth++;
			if (s->depth == 1 && s->dice[i] < 32)
				s->single[s->dice[i]] = true;
			if (s->depth > s->most)
				s->most = s->depth;
			if (s->want && s->depth == s->want) {
				s->cur.n = s->depth;
				found(s, &next);
			} else {
				walk(s, &next);
			}
			s->depth--;
			s->used[i] = false;
			if (s->done)
				return;
		}
	}
	(void)moved;
}

void
bg_limits(const struct bg_pos *p, const int *dice, int nd,
	struct bg_limits *out)
{
	struct search s;

	memset(&s, 0, sizeof(s));
	s.dice = dice;
	s.nd = nd;
	walk(&s, p);
	out->most = s.most;
	out->forced_die = 0;
	if (s.most == 1 && nd == 2 && dice[0] != dice[1]) {
		int hi = dice[0] > dice[1] ? dice[0] : dice[1];
		int lo = dice[0] + dice[1] - hi;
		out->forced_die = hi < 32 && s.single[hi] ? hi : lo;
	}
}

static size_t plays(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap, bool first);

size_t
bg_plays(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap)
{
	return plays(p, dice, nd, out, cap, false);
}

size_t
bg_plays_first(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap)
{
	return plays(p, dice, nd, out, cap, true);
}

static size_t
plays(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap, bool first)
{
	struct bg_limits lim;
	struct search s;
	struct key seen[4096];

	bg_limits(p, dice, nd, &lim);
	if (lim.most == 0) {
		if (cap)
			out[0].n = 0;
		return 1;		/* the one play: no move */
	}
	memset(&s, 0, sizeof(s));
	s.dice = dice;
	s.nd = nd;
	s.want = lim.most;
	s.forced_die = lim.forced_die;
	s.out = out;
	s.cap = cap;
	s.seen = seen;
	s.seen_cap = sizeof(seen) / sizeof(seen[0]);
	s.first = first;
	walk(&s, p);
	return first && s.n > cap ? cap : s.n;
}

bool
bg_play_ok(const struct bg_pos *p, const int *dice, int nd,
	const struct bg_play *play, char *why, size_t nwhy)
{
	struct bg_limits lim;
	struct bg_pos pos = *p;
	bool used[BG_MAX_DICE] = { false };

	bg_limits(p, dice, nd, &lim);
	for (int k = 0; k < play->n; k++) {
		const struct bg_move *m = &play->m[k];
		int i;
		for (i = 0; i < nd; i++)
			if (!used[i] && dice[i] == m->die)
				break;
		if (i == nd) {
			snprintf(why, nwhy, "move %d uses a %d, and no unused die "
				"shows %d", k + 1, m->die, m->die);
			return false;
		}
		struct bg_move legal;
		if (!bg_move_ok(&pos, m->from, m->die, &legal) ||
		    legal.to != m->to) {
			snprintf(why, nwhy, "move %d cannot be made", k + 1);
			return false;
		}
		used[i] = true;
		bg_apply(&pos, &legal);
	}
	if (play->n < lim.most) {
		snprintf(why, nwhy, "the dice allow %d move%s together, and the "
			"play makes %d: a player uses as many dice as he can "
			"(How to Move)", lim.most, lim.most == 1 ? "" : "s", play->n);
		return false;
	}
	if (lim.forced_die && play->n == 1 && play->m[0].die != lim.forced_die) {
		snprintf(why, nwhy, "only one die can be used, and the %d must "
			"be: when either die can be played but not both, the larger "
			"is", lim.forced_die);
		return false;
	}
	return true;
}
