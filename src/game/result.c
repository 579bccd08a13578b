#include "game/result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

void
umpire_result_init(struct umpire_result *r, struct umpire_arena *a,
	const char *const *players, size_t n)
{
	memset(r, 0, sizeof(*r));
	r->arena = a;
	r->n = n;
	r->v = umpire_arena_alloc(a, (n ? n : 1) * sizeof(*r->v));
	for (size_t i = 0; i < n; i++)
		r->v[i].player = players[i];
}

void
umpire_result_end(struct umpire_result *r, long step, const char *fmt, ...)
{
	va_list ap;

	r->over = true;
	r->step = step;
	va_start(ap, fmt);
	r->how = umpire_arena_vprintf(r->arena, fmt, ap);
	va_end(ap);
	for (size_t i = 0; i < r->n; i++) {
		r->v[i].score = 0;
		r->v[i].rank = 0;
	}
}

void
umpire_result_winner(struct umpire_result *r, const char *winner)
{
	for (size_t i = 0; i < r->n; i++) {
		bool won = winner && strcmp(r->v[i].player, winner) == 0;
		r->v[i].score = won;
		r->v[i].rank = !winner || won ? 1 : 2;
	}
}

void
umpire_result_side_won(struct umpire_result *r, const char *const sides[2],
	int side)
{
	umpire_result_winner(r, side == 0 || side == 1 ? sides[side] : NULL);
}

int
umpire_result_side_of(const struct umpire_result *r,
	const char *const sides[2])
{
	const char *w = umpire_result_winner_of(r);

	for (int s = 0; w && s < 2; s++)
		if (strcmp(w, sides[s]) == 0)
			return s;
	return -1;
}

void
umpire_result_score(struct umpire_result *r, const char *player,
	long long score)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->v[i].player, player) == 0)
			r->v[i].score = score;
}

void
umpire_result_rank_by_score(struct umpire_result *r)
{
	/* Quadratic, and fine: a table has a handful of players. */
	for (size_t i = 0; i < r->n; i++) {
		int better = 0;
		for (size_t j = 0; j < r->n; j++)
			better += r->v[j].score > r->v[i].score;
		r->v[i].rank = better + 1;
	}
}

void
umpire_result_rank_first(struct umpire_result *r, const bool *first)
{
	int firsts = 0;

	for (size_t i = 0; i < r->n; i++)
		firsts += first[i];
	for (size_t i = 0; i < r->n; i++)
		r->v[i].rank = first[i] ? 1 : firsts + 1;
}

const struct umpire_standing *
umpire_result_of(const struct umpire_result *r, const char *player)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->v[i].player, player) == 0)
			return &r->v[i];
	return NULL;
}

const char *
umpire_result_winner_of(const struct umpire_result *r)
{
	const char *first = NULL;

	for (size_t i = 0; i < r->n; i++) {
		if (r->v[i].rank != 1)
			continue;
		if (first)
			return NULL;
		first = r->v[i].player;
	}
	return first;
}

bool
umpire_result_is_draw(const struct umpire_result *r)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].rank != 1)
			return false;
	return r->n > 0;
}

void
umpire_result_summary(struct umpire_buf *out, const struct umpire_result *r)
{
	const char *winner = umpire_result_winner_of(r);
	size_t firsts = 0, k = 0;

	if (winner) {
		umpire_buf_printf(out, "%s won", winner);
		return;
	}
	if (umpire_result_is_draw(r)) {
		umpire_buf_puts(out, "a draw");
		return;
	}
	for (size_t i = 0; i < r->n; i++)
		firsts += r->v[i].rank == 1;
	umpire_buf_puts(out, "a tie for first between ");
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].rank == 1)
			umpire_buf_printf(out, "%s%s", umpire_list_sep(k++, firsts),
				r->v[i].player);
}

struct umpire_node *
umpire_result_encode(struct umpire_arena *a, const struct umpire_result *r)
{
	struct umpire_node *res = umpire_node_map(a, false);

	umpire_map_add(a, res, "step", umpire_node_int(a, r->step));
	umpire_map_add(a, res, "how", umpire_node_str(a, r->how));
	struct umpire_node *st = umpire_map_add(a, res, "standings",
		umpire_node_map(a, false));
	for (size_t i = 0; i < r->n; i++) {
		struct umpire_node *p = umpire_map_add(a, st, r->v[i].player,
			umpire_node_map(a, true));
		umpire_map_add(a, p, "rank", umpire_node_int(a, r->v[i].rank));
		umpire_map_add(a, p, "score", umpire_node_int(a, r->v[i].score));
	}
	return res;
}

size_t
umpire_result_decode(struct umpire_result *r, const struct umpire_node *n,
	struct umpire_diags *d)
{
	const struct umpire_node *st = umpire_map_get(n, "standings");
	size_t before = d->errors;

	r->over = true;
	r->step = (long)umpire_node_integer(umpire_map_get(n, "step"), 0);
	r->how = umpire_arena_strdup(r->arena,
		umpire_node_cstr(umpire_map_get(n, "how")));
	if (st->u.map.n != r->n)
		umpire_node_error(d, st, "result.standings names %zu players, but "
			"the game has %zu; give each player once, in the order of "
			"players", st->u.map.n, r->n);
	for (size_t i = 0; i < st->u.map.n && i < r->n; i++) {
		const struct umpire_pair *p = &st->u.map.v[i];
		if (!umpire_node_is_str(p->key, r->v[i].player)) {
			umpire_node_error(d, p->key, "result.standings: expected "
				"player '%s' here (the players in the order of players), "
				"not '%s'", r->v[i].player, p->key->u.s.ptr);
			continue;
		}
		r->v[i].rank = (int)umpire_node_integer(umpire_map_get(p->val,
			"rank"), 0);
		r->v[i].score = umpire_node_integer(umpire_map_get(p->val, "score"),
			0);
	}
	if (d->errors != before)
		return d->errors - before;
	/* A ranking: whoever is kth has exactly k - 1 players ahead. */
	for (size_t i = 0; i < r->n; i++) {
		int ahead = 0;
		for (size_t j = 0; j < r->n; j++)
			ahead += r->v[j].rank < r->v[i].rank;
		if (ahead != r->v[i].rank - 1) {
			char o[16];
			umpire_node_error(d, umpire_map_get(st->u.map.v[i].val, "rank"),
				"result.standings: %s cannot be %s with %d player%s ranked "
				"ahead (ties share a rank, and the next rank counts them "
				"all)", r->v[i].player, umpire_ordinal(r->v[i].rank, o,
				sizeof(o)), ahead, ahead == 1 ? "" : "s");
			break;
		}
	}
	return d->errors - before;
}

/* The players' indexes by rank, then in the game's order. */
static void
by_rank(const struct umpire_result *r, size_t *order)
{
	for (size_t i = 0; i < r->n; i++)
		order[i] = i;
	for (size_t i = 1; i < r->n; i++)
		for (size_t j = i; j > 0 && r->v[order[j - 1]].rank >
		    r->v[order[j]].rank; j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

void
umpire_result_markdown(struct umpire_buf *out, const struct umpire_result *r)
{
	size_t *order = umpire_xmalloc((r->n ? r->n : 1) * sizeof(*order));

	umpire_buf_puts(out, "## Result\n\n");
	umpire_buf_puts(out, "The game is over: ");
	umpire_result_summary(out, r);
	umpire_buf_printf(out, " at step %ld (%s).\n\n", r->step, r->how);
	umpire_buf_puts(out, "| rank | player | score |\n");
	umpire_buf_puts(out, "| ---: | --- | ---: |\n");
	by_rank(r, order);
	for (size_t k = 0; k < r->n; k++) {
		const struct umpire_standing *s = &r->v[order[k]];
		umpire_buf_printf(out, "| %d | %s | %lld |\n", s->rank, s->player,
			s->score);
	}
	umpire_buf_putc(out, '\n');
	free(order);
}

void
umpire_result_text(struct umpire_buf *out, const struct umpire_result *r,
	const char *indent)
{
	size_t *order = umpire_xmalloc((r->n ? r->n : 1) * sizeof(*order));
	char o[16];

	by_rank(r, order);
	for (size_t k = 0; k < r->n; k++) {
		const struct umpire_standing *s = &r->v[order[k]];
		umpire_buf_printf(out, "%s%-5s %-16s score %lld\n", indent,
			umpire_ordinal(s->rank, o, sizeof(o)), s->player, s->score);
	}
	free(order);
}

const char *
umpire_ordinal(int n, char *buf, size_t size)
{
	int tens = n % 100, ones = n % 10;
	const char *suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" :
		ones == 2 ? "nd" : ones == 3 ? "rd" : "th";

	snprintf(buf, size, "%d%s", n, suffix);
	return buf;
}
