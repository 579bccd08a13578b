/*
 * lookahead.c - the bot's level 2, a one-ply search (lookahead.h).
 */
#include "game/lookahead.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sodium.h>

#include "game/gamekey.h"
#include "game/report.h"
#include "game/secret.h"

/*
 * What a finished game is worth to the player, beyond anything the
 * ruleset rates: first place (shared or not) above every game still
 * going, any other place below.
 */
#define WON (1LL << 50)

/* What every candidate of one search is weighed against. */
struct search {
	const struct umpire_game *g;
	const char *player;		/* the player awaited */
	struct umpire_buf state;	/* g's state, and its secret part */
	struct umpire_buf secret;
	/* The same parsed, in docs, for every copy. */
	struct umpire_arena docs;
	const struct umpire_node *state_doc, *secret_doc;
	/*
	 * In a game that hides (UMPIRE_BOT_IMAGINES_SINCE on): each copy's
	 * secrets that the player does not know are replaced by what he
	 * may imagine (ruleset.h, imagine), so that nothing the search
	 * finds, and nothing the bot plays, tells the host's secrets.
	 */
	bool imagines;
	const char *ruling;	/* the version whose rulings decide the step */
	/* The game's identity, to open the candidates' sealed values with
	 * (in memory: UMPIRE_SEALED_IN_MEMORY_ID); derived once needed. */
	bool have_id;
	struct umpire_age_identity id;
};

/* A copy of g to resolve a candidate on: its state and secret again. */
static struct umpire_game *
twin(const struct search *s)
{
	const struct umpire_game *g = s->g;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *c = NULL;

	if (!s->state_doc || (g->hides && !s->secret_doc) ||
	    umpire_game_load_copy(&c, g, s->state_doc, g->hides ?
	    s->secret_doc : NULL, &d) != 0)
		c = NULL;
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

/*
 * Throw t's guess at the secrets the player does not know: drawn from
 * what anyone can derive (the game, step, player and throw), the same
 * for every candidate, so that candidates are weighed against the same
 * imagined games and verify draws them again.
 */
static void
imagine(const struct search *s, struct umpire_game *c, int t)
{
	struct umpire_buf label = UMPIRE_BUF_INIT;
	struct umpire_rng rng;

	umpire_buf_printf(&label, "umpire-bot-imagine-v1%c%s%c%ld%c%s%c%d", 0,
		s->g->id, 0, s->g->step, 0, s->player, 0, t);
	umpire_rng_seed(&rng, label.ptr, label.len);
	umpire_buf_free(&label);
	s->g->rules->imagine(c->rs, s->player, &rng);
}

/*
 * A copy of the containers of n above its sealed values, and of those
 * values' nodes, so that opening them in place leaves n sealed.
 */
static struct umpire_node *
apart(struct umpire_arena *a, const struct umpire_node *n)
{
	if (!umpire_sealed_any(n))
		return (struct umpire_node *)n;
	struct umpire_node *c = umpire_arena_alloc(a, sizeof(*c));
	*c = *n;
	if (n->type == UMPIRE_SEQ) {
		c->u.seq.v = umpire_arena_alloc(a, sizeof(*c->u.seq.v) *
			(n->u.seq.n + 1));
		c->u.seq.cap = n->u.seq.n + 1;
		for (size_t i = 0; i < n->u.seq.n; i++)
			c->u.seq.v[i] = apart(a, n->u.seq.v[i]);
	} else if (n->type == UMPIRE_MAP) {
		c->u.map.v = umpire_arena_alloc(a, sizeof(*c->u.map.v) *
			(n->u.map.n + 1));
		c->u.map.cap = n->u.map.n + 1;
		for (size_t i = 0; i < n->u.map.n; i++) {
			c->u.map.v[i].key = n->u.map.v[i].key;
			c->u.map.v[i].val = apart(a, n->u.map.v[i].val);
		}
	}
	return c;
}

/*
 * The candidate as the umpire resolves it, its sealed values opened
 * (checked orders are opened before they are resolved), in a; the
 * candidate itself stays sealed.  NULL if one does not open.
 */
static const struct umpire_node *
opened(struct search *s, struct umpire_arena *a,
	const struct umpire_node *orders)
{
	const struct umpire_game *g = s->g;

	if (!g->hides || !umpire_sealed_any(orders))
		return orders;
	if (!g->in_memory && !s->have_id) {
		umpire_gamekey_identity(&s->id, &g->seed);
		s->have_id = true;
	}
	struct umpire_node *c = apart(a, orders);
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const struct umpire_node **list;
	size_t n;
	size_t bad = umpire_sealed_open(a, c, g->in_memory ?
		UMPIRE_SEALED_IN_MEMORY_ID : &s->id, &list, &n, &d);
	umpire_diags_free(&d);
	return bad ? NULL : c;
}

/* What candidate orders are worth to the player, summed over the throws. */
static long long
weigh(struct search *s, const struct umpire_node *orders)
{
	const struct umpire_game *g = s->g;
	struct umpire_arena scratch = UMPIRE_ARENA_INIT;
	const struct umpire_node *o = opened(s, &scratch, orders);
	long long sum = 0;

	for (int t = 0; o && t < UMPIRE_LOOKAHEAD_THROWS; t++) {
		struct umpire_game *c = twin(s);
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;

		if (!c) {
			o = NULL;
			break;
		}
		imagined(&c->seed, g, t);
		if (s->imagines)
			imagine(s, c, t);
		report.no_text = true;
		report.version = g->ruling;
		umpire_game_resolve(c, &a, o, &report);
		long long v = g->rules->evaluate(c->rs, s->player, s->ruling);
		if (c->result.over) {
			const struct umpire_standing *r = umpire_result_of(&c->result,
				s->player);
			v += r && r->rank == 1 ? WON : -WON;
		}
		sum += v / UMPIRE_LOOKAHEAD_THROWS;
		umpire_step_report_free(&report);
		umpire_arena_free(&a);
		umpire_game_free(c);
	}
	umpire_arena_free(&scratch);
	return o ? sum : LLONG_MIN / 4;
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
by_unit(struct search *s, struct umpire_arena *a,
	const struct umpire_node *best, long long best_v,
	const struct umpire_node *const *cand, int ncand)
{
	const struct umpire_game *g = s->g;
	size_t at;
	const struct umpire_node *list = units_of(best, &at);

	/*
	 * Not in a game that hides: the check below opens sealed values in
	 * place, in a scratch arena freed before the search goes on.  (No
	 * ruleset that hides searches unit by unit.)
	 */
	if (!list || !g->rules->search_units || g->hides)
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
			long long v = ok ? weigh(s, doc) :
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
	bool imagines = g->hides && g->rules->imagine &&
		!umpire_version_older(ruling, UMPIRE_BOT_IMAGINES_SINCE);

	umpire_game_decision(g, &dec);
	if (level < 2 || !g->rules->evaluate || !dec.player ||
	    umpire_version_older(ruling, UMPIRE_BOT_SINCE) ||
	    (g->hides && !imagines && !g->in_memory))
		return first;

	struct search s = { .g = g, .player = dec.player, .imagines = imagines,
		.ruling = ruling,
		.state = UMPIRE_BUF_INIT, .secret = UMPIRE_BUF_INIT,
		.docs = UMPIRE_ARENA_INIT };
	struct umpire_buf seen[UMPIRE_LOOKAHEAD_CANDIDATES];
	const struct umpire_node *best = first;
	const struct umpire_node *cand[UMPIRE_LOOKAHEAD_CANDIDATES];
	long long best_v = LLONG_MIN;
	int n = 0;

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	umpire_game_encode(g, ruling, &s.state);
	s.state_doc = umpire_game_parse(&s.docs, "<bot>", s.state.ptr,
		s.state.len, &d);
	if (g->hides) {
		umpire_game_encode_secret(g, &s.secret);
		s.secret_doc = umpire_game_parse(&s.docs, "<bot>", s.secret.ptr,
			s.secret.len, &d);
	}
	umpire_diags_free(&d);
	for (int k = 0; k < UMPIRE_LOOKAHEAD_CANDIDATES; k++) {
		const struct umpire_node *o = first;
		if (k > 0) {
			struct umpire_buf b = UMPIRE_BUF_INIT;
			umpire_buf_add(&b, salt, saltlen);
			umpire_buf_printf(&b, "%clevel-2%c%d", 0, 0, k);
			o = umpire_game_bot_doc(g, a, b.ptr, b.len);
			umpire_buf_free(&b);
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
		long long v = weigh(&s, o);
		if (v > best_v) {
			best_v = v;
			best = o;
		}
	}
	best = by_unit(&s, a, best, best_v, cand, n);
	for (int j = 0; j < n; j++)
		umpire_buf_free(&seen[j]);
	if (s.secret.ptr)
		sodium_memzero(s.secret.ptr, s.secret.len);
	if (s.have_id)
		umpire_age_identity_wipe(&s.id);
	umpire_buf_free(&s.secret);
	umpire_buf_free(&s.state);
	umpire_arena_free(&s.docs);
	return best;
}
