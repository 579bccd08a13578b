/*
 * lookahead.c - the bot's level 2, a one-ply search (lookahead.h).
 */
#include "game/lookahead.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sodium.h>

#include "game/report.h"

/*
 * What a finished game is worth to the player, beyond anything the
 * ruleset rates: first place (shared or not) above every game still
 * going, any other place below.
 */
#define WON (1LL << 50)

/* A copy of g to resolve a candidate on: its state and secret again. */
static struct umpire_game *
twin(const struct umpire_game *g, const struct umpire_buf *state,
	const struct umpire_buf *secret)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *c = NULL;

	if (umpire_game_load(&c, "<bot>", state->ptr, state->len, &d) == 0 &&
	    c->sealed && !c->have_seed &&
	    umpire_game_set_seed(c, &g->seed, "<bot>", &d) != 0) {
		umpire_game_free(c);
		c = NULL;
	}
	if (c && secret && umpire_game_read_secret(c, "<bot>", secret->ptr,
	    secret->len, &d) != 0) {
		umpire_game_free(c);
		c = NULL;
	}
	umpire_diags_free(&d);
	if (c) {
		c->in_memory = true;
		c->ruling = g->ruling;
	}
	return c;
}

/* The dice of throw t: a seed of their own, that anyone can derive. */
static void
imagined(struct umpire_seed *out, const struct umpire_game *g, int t)
{
	struct umpire_buf label = UMPIRE_BUF_INIT;

	umpire_buf_printf(&label, "umpire-bot-v2 %s %ld %d", g->id, g->step, t);
	crypto_hash_sha256(out->bytes, (const unsigned char *)label.ptr,
		label.len);
	umpire_buf_free(&label);
}

/* What candidate orders are worth to player, summed over the throws. */
static long long
weigh(const struct umpire_game *g, const struct umpire_buf *state,
	const struct umpire_buf *secret, const struct umpire_node *orders,
	const char *player)
{
	long long sum = 0;

	for (int t = 0; t < UMPIRE_LOOKAHEAD_THROWS; t++) {
		struct umpire_game *c = twin(g, state, secret);
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;

		if (!c)
			return LLONG_MIN / 4;
		imagined(&c->seed, g, t);
		report.no_text = true;
		report.version = g->ruling;
		umpire_game_resolve(c, &a, orders, &report);
		long long v = g->rules->evaluate(c->rs, player);
		if (c->result.over) {
			const struct umpire_standing *s = umpire_result_of(&c->result,
				player);
			v += s && s->rank == 1 ? WON : -WON;
		}
		sum += v / UMPIRE_LOOKAHEAD_THROWS;
		umpire_step_report_free(&report);
		umpire_arena_free(&a);
		umpire_game_free(c);
	}
	return sum;
}


/*
 * The list of per-unit orders in doc, if it has one: the first value of
 * the map that is a sequence of maps, each naming its unit by its first
 * value, a string ("unit: X", "figure: Y").  Its key's index in *at.
 */
static const struct umpire_node *
units_of(const struct umpire_node *doc, size_t *at)
{
	if (!doc || doc->type != UMPIRE_MAP)
		return NULL;
	for (size_t k = 0; k < doc->u.map.n; k++) {
		const struct umpire_node *l = doc->u.map.v[k].val;
		bool fits = l && l->type == UMPIRE_SEQ && l->u.seq.n > 0;
		for (size_t i = 0; fits && i < l->u.seq.n; i++) {
			const struct umpire_node *o = l->u.seq.v[i];
			fits = o->type == UMPIRE_MAP && o->u.map.n > 0 &&
				o->u.map.v[0].val->type == UMPIRE_STR;
		}
		if (fits) {
			*at = k;
			return l;
		}
	}
	return NULL;
}

/* The unit an entry of that list orders. */
static bool
same_unit(const struct umpire_node *x, const struct umpire_node *y)
{
	const struct umpire_node *a = x->u.map.v[0].val, *b = y->u.map.v[0].val;

	return strcmp(x->u.map.v[0].key->u.s.ptr,
		y->u.map.v[0].key->u.s.ptr) == 0 && a->u.s.len == b->u.s.len &&
		memcmp(a->u.s.ptr, b->u.s.ptr, a->u.s.len) == 0;
}

static bool
same_text(const struct umpire_node *x, const struct umpire_node *y)
{
	struct umpire_buf a = UMPIRE_BUF_INIT, b = UMPIRE_BUF_INIT;

	umpire_yaml_emit(&a, x, NULL);
	umpire_yaml_emit(&b, y, NULL);
	bool same = a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
	umpire_buf_free(&a);
	umpire_buf_free(&b);
	return same;
}

/*
 * Unit by unit (umpire(1), BOTS): in best's list of per-unit orders,
 * each entry in turn is swapped for the same unit's entry in each other
 * candidate, and the swap kept when the orders still pass the check and
 * rate higher than before, the rest held fixed.
 */
static const struct umpire_node *
by_unit(const struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_buf *state, const struct umpire_buf *secret,
	const char *player, const struct umpire_node *best, long long best_v,
	const struct umpire_node *const *cand, int ncand)
{
	size_t at;
	const struct umpire_node *list = units_of(best, &at);

	if (!list || !g->rules->search_units)
		return best;
	struct umpire_node *doc = umpire_node_map(a, best->flow);
	struct umpire_node *mine = NULL;
	for (size_t k = 0; k < best->u.map.n; k++) {
		struct umpire_node *v = best->u.map.v[k].val;
		if (k == at) {
			v = mine = umpire_node_seq(a, list->flow);
			for (size_t i = 0; i < list->u.seq.n; i++)
				umpire_seq_add(a, mine, list->u.seq.v[i]);
		}
		umpire_map_add(a, doc, best->u.map.v[k].key->u.s.ptr, v);
	}
	for (size_t i = 0; i < mine->u.seq.n; i++) {
		struct umpire_node *keep = mine->u.seq.v[i];
		for (int c = 0; c < ncand; c++) {
			size_t j;
			const struct umpire_node *l = units_of(cand[c], &j);
			struct umpire_node *alt = NULL;
			for (size_t e = 0; l && e < l->u.seq.n && !alt; e++)
				if (same_unit(l->u.seq.v[e], keep))
					alt = l->u.seq.v[e];
			if (!alt || same_text(alt, mine->u.seq.v[i]))
				continue;
			struct umpire_node *was = mine->u.seq.v[i];
			mine->u.seq.v[i] = alt;
			struct umpire_diags d = UMPIRE_DIAGS_INIT;
			struct umpire_arena scratch = UMPIRE_ARENA_INIT;
			bool ok = umpire_game_check_doc(g, &scratch, doc, &d) == 0;
			umpire_diags_free(&d);
			umpire_arena_free(&scratch);
			long long v = ok ? weigh(g, state, secret, doc, player) :
				LLONG_MIN;
			if (v > best_v)
				best_v = v;
			else
				mine->u.seq.v[i] = was;
		}
	}
	return doc;
}

const struct umpire_node *
umpire_game_bot_level(const struct umpire_game *g, struct umpire_arena *a,
	const void *salt, size_t saltlen, int level)
{
	const struct umpire_node *first = umpire_game_bot_doc(g, a, salt,
		saltlen);
	struct umpire_decision dec;
	const char *ruling = g->ruling ? g->ruling : UMPIRE_VERSION;

	umpire_game_decision(g, &dec);
	if (level < 2 || !g->rules->evaluate || !dec.player ||
	    umpire_version_older(ruling, UMPIRE_BOT_SINCE) ||
	    (g->hides && !g->in_memory))
		return first;

	struct umpire_buf state = UMPIRE_BUF_INIT, secret = UMPIRE_BUF_INIT;
	struct umpire_buf seen[UMPIRE_LOOKAHEAD_CANDIDATES];
	const struct umpire_node *best = first;
	const struct umpire_node *cand[UMPIRE_LOOKAHEAD_CANDIDATES];
	long long best_v = LLONG_MIN;
	int n = 0;

	umpire_game_encode(g, ruling, &state);
	if (g->hides)
		umpire_game_encode_secret(g, &secret);
	for (int k = 0; k < UMPIRE_LOOKAHEAD_CANDIDATES; k++) {
		const struct umpire_node *o = first;
		if (k > 0) {
			struct umpire_buf s = UMPIRE_BUF_INIT;
			umpire_buf_add(&s, salt, saltlen);
			umpire_buf_printf(&s, "%clevel-2%c%d", 0, 0, k);
			o = umpire_game_bot_doc(g, a, s.ptr, s.len);
			umpire_buf_free(&s);
		}
		/* The same orders twice are weighed once. */
		struct umpire_buf text = UMPIRE_BUF_INIT;
		umpire_yaml_emit(&text, o, NULL);
		bool again = false;
		for (int j = 0; j < n && !again; j++)
			again = seen[j].len == text.len && memcmp(seen[j].ptr,
				text.ptr, text.len) == 0;
		if (again) {
			umpire_buf_free(&text);
			continue;
		}
		cand[n] = o;
		seen[n++] = text;
		long long v = weigh(g, &state, g->hides ? &secret : NULL, o,
			dec.player);
		if (v > best_v) {
			best_v = v;
			best = o;
		}
	}
	best = by_unit(g, a, &state, g->hides ? &secret : NULL, dec.player,
		best, best_v, cand, n);
	for (int j = 0; j < n; j++)
		umpire_buf_free(&seen[j]);
	if (secret.ptr)
		sodium_memzero(secret.ptr, secret.len);
	umpire_buf_free(&secret);
	umpire_buf_free(&state);
	return best;
}
