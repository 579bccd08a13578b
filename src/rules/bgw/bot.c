/*
 * bot.c - random legal orders for Backgammon Wars, from the bot's own
 * hand only: the whole game when the host's bot or simulate asks, else
 * the public state and the hand of the player's private view.
 *
 * Declaring: a move, or (one time in 32 each, when it can) archers
 * or mages; a card before the roll one time in three when held;
 * standing reactions for every reaction card, held or not (see
 * bot_reactions).  Playing:
 * each card held is tried one time in four, before the dice; then the
 * move is drawn uniformly from the distinct legal plays of what is left
 * (as bg_plays lists them; the first 256 the search finds when there
 * are more), each moving a random free unit of its
 * point, a warrior trapping one hit in four; shots and spells name a
 * random archer or enemy unit.  The orders are checked before they are
 * given; if cards made them wrong, the bot drops its cards and plays
 * the dice alone, which is always legal.
 */
#include <string.h>

#include "bgw.h"
#include "game/secret.h"
#include "game/version.h"

struct bot {
	struct umpire_ctx *ctx;
	const struct bgw_game *g;
	struct umpire_rng *rng;
	int side;
	int hand[BGW_CARDS];
	int nhand;
	struct bgw_reaction react[BGW_MAX_REACTIONS];	/* standing now */
	int nreact;
	bool carded;		/* the play drawn holds a card */
};

static bool
chance(struct bot *b, unsigned in)
{
	return umpire_rng_below(b->rng, in) == 0;
}

static bool
held(const struct bot *b, int c)
{
	for (int k = 0; k < b->nhand; k++)
		if (b->hand[k] == c)
			return true;
	return false;
}

/* The hand: the game's, or the private view's (ctx->knowledge). */
static void
read_hand(struct bot *b)
{
	const struct bgw_game *g = b->g;

	b->nhand = 0;
	if (!g->deck)
		return;
	if (!b->ctx->knowledge) {
		memcpy(b->hand, g->hand[b->side], sizeof(b->hand));
		b->nhand = g->nhand[b->side];
		memcpy(b->react, g->react[b->side], sizeof(b->react));
		b->nreact = g->nreact[b->side];
		return;
	}
	const struct umpire_node *r = umpire_map_get(b->ctx->knowledge,
		"reactions");
	if (r && r->type == UMPIRE_SEQ)
		b->nreact = bgw_reactions_read(r, b->react);
	const struct umpire_node *h = umpire_map_get(b->ctx->knowledge, "hand");
	for (size_t i = 0; h && h->type == UMPIRE_SEQ && i < h->u.seq.n &&
	    b->nhand < BGW_CARDS; i++) {
		int c = bgw_find_card(umpire_node_cstr(h->u.seq.v[i]));
		if (c >= 0)
			b->hand[b->nhand++] = c;
	}
}

static struct umpire_node *
act_node(struct umpire_arena *a, const char *verb, const char *who, int die)
{
	struct umpire_node *n = umpire_node_map(a, true);

	umpire_map_add(a, n, verb, umpire_node_str(a, who));
	if (die)
		umpire_map_add(a, n, "die", umpire_node_int(a, die));
	return n;
}

/* --------------------------------------------------------------- declare */

/*
 * Standing reactions of one shape whatever the bot holds: an entry for
 * every reaction card, in the cards' order, since an entry may name a
 * card not held and waits for it (BGW-21).  A list of the cards held
 * would tell them: by its count, public in the state, and by the size
 * of its sealed block.  The bot seals a new list when the one standing
 * lacks an entry (used up by a card played, which everyone saw) and
 * one time in four otherwise, to draw new conditions: when, as what it
 * holds, never.
 */
static void
bot_reactions(struct bot *b, struct umpire_node *orders)
{
	struct umpire_arena *a = b->ctx->arena;
	struct bgw_reaction r[BGW_MAX_REACTIONS];
	int n = 0, all = 0;

	if (!b->ctx->recipient)
		return;
	for (int c = 0; c < BGW_CARDS; c++)
		all += bgw_cards[c].timing == BGW_REACTION;
	if (b->nreact == all && !chance(b, 4))
		return;
	for (int c = 0; c < BGW_CARDS && n < BGW_MAX_REACTIONS; c++) {
		if (bgw_cards[c].timing != BGW_REACTION)
			continue;
		r[n].card = (enum bgw_card)c;
		r[n].when = chance(b, 2) ? 0 : 7 + (int)umpire_rng_below(b->rng, 5);
		r[n].against = UINT32_MAX;
		r[n].die = 0;		/* Poison: the highest die */
		if (c == BGW_PARRY && chance(b, 2)) {
			r[n].against = 0;
			for (int t = 0; t < 3; t++) {
				int x = (int)umpire_rng_below(b->rng, BGW_CARDS);
				if (x != BGW_PARRY)
					r[n].against |= 1u << x;
			}
			if (!r[n].against)
				r[n].against = UINT32_MAX;
		}
		n++;
	}
	umpire_map_add(a, orders, "reactions", umpire_secret_seal(b->ctx,
		bgw_sides[b->side], bgw_reactions_node(a, r, n)));
}

static void
bot_declare(struct bot *b, struct umpire_node *orders)
{
	const struct bgw_game *g = b->g;
	struct umpire_arena *a = b->ctx->arena;
	int mode = BGW_MOVE;

	if (bgw_alive(g, b->side, BGW_ARCHER) && chance(b, 32))
		mode = BGW_ARCHERS;
	else if (bgw_alive(g, b->side, BGW_MAGE) && chance(b, 32))
		mode = BGW_MAGES;
	umpire_map_add(a, orders, "declare", umpire_node_str(a, bgw_modes[mode]));
	if (bgw_alive(g, b->side, BGW_MAGE) && chance(b, 3)) {
		if (held(b, BGW_DIVINATION))
			umpire_map_add(a, orders, "card", umpire_node_str(a,
				"divination"));
		else if (held(b, BGW_DUPLICATION) && g->last[!b->side][0])
			umpire_map_add(a, orders, "card", umpire_node_str(a,
				"duplication"));
	}
	bot_reactions(b, orders);
}

/* ------------------------------------------------------------------ play */

/* A random free unit of side on absolute point p (or the Wall), or -1. */
static int
free_unit(struct bot *b, const struct bgw_game *g, int p, int but)
{
	int pick[BGW_UNITS], n = 0;

	for (int i = b->side * BGW_UNITS; i < (b->side + 1) * BGW_UNITS; i++)
		if (g->u[i].at == p && g->u[i].trapped_by < 0 && i != but)
			pick[n++] = i;
	return n ? pick[umpire_rng_below(b->rng, (uint64_t)n)] : -1;
}

/* A random enemy unit next to w: a lone unprotected one for Thrust. */
static int
random_enemy_next_to(struct bot *b, const struct bgw_game *g, int w,
	bool lone)
{
	int pick[BGW_UNITS], n = 0;

	for (int i = (!b->side) * BGW_UNITS; i < (!b->side + 1) * BGW_UNITS; i++)
		if (g->u[i].at >= 1 && g->u[i].at <= 24 &&
		    (g->u[i].at == g->u[w].at + 1 || g->u[i].at == g->u[w].at - 1) &&
		    (!lone || bgw_lone(g, i)))
			pick[n++] = i;
	return n ? pick[umpire_rng_below(b->rng, (uint64_t)n)] : -1;
}

static int
random_unit(struct bot *b, const struct bgw_game *g, int side,
	enum bgw_type t, bool wall)
{
	int pick[BGW_UNITS], n = 0;

	for (int i = side * BGW_UNITS; i < (side + 1) * BGW_UNITS; i++)
		if ((int)g->u[i].type == (int)t || (int)t < 0)
			if (wall ? g->u[i].at == BGW_WALL : (g->u[i].at >= 1 &&
			    g->u[i].at <= 24))
				pick[n++] = i;
	return n ? pick[umpire_rng_below(b->rng, (uint64_t)n)] : -1;
}

/* A card action the bot may try, or NULL. */
static struct umpire_node *
card_action(struct bot *b, int c, const int *dice, int nd)
{
	const struct bgw_game *g = b->g;
	struct umpire_arena *a = b->ctx->arena;
	struct umpire_node *n = umpire_node_map(a, true);
	int side = b->side, w, t, m;

	umpire_map_add(a, n, "card", umpire_node_str(a, bgw_cards[c].name));
	switch (c) {
	case BGW_POTION1: case BGW_POTION3: case BGW_POTION5:
		if (!nd)
			return NULL;
		umpire_map_add(a, n, "die", umpire_node_int(a,
			dice[umpire_rng_below(b->rng, (uint64_t)nd)]));
		return n;
	case BGW_THRUST: case BGW_SHOVE:
		if ((w = random_unit(b, g, side, BGW_WARRIOR, false)) < 0 ||
		    (t = random_enemy_next_to(b, g, w, c == BGW_THRUST)) < 0)
			return NULL;
		if (c == BGW_SHOVE)
			t = bgw_top(g, !side, g->u[t].at);
		umpire_map_add(a, n, "warrior", umpire_node_str(a, g->u[w].id));
		umpire_map_add(a, n, "target", umpire_node_str(a, g->u[t].id));
		return n;
	case BGW_AIMED:
		if (g->mode != BGW_MOVE || !nd ||
		    (w = random_unit(b, g, side, BGW_ARCHER, false)) < 0)
			return NULL;
		umpire_map_add(a, n, "archer", umpire_node_str(a, g->u[w].id));
		umpire_map_add(a, n, "die", umpire_node_int(a,
			dice[umpire_rng_below(b->rng, (uint64_t)nd)]));
		return n;
	case BGW_ABJURATION: case BGW_CONJURATION: case BGW_REINCARNATION:
		if ((m = random_unit(b, g, side, BGW_MAGE, false)) < 0)
			return NULL;
		int p = g->u[m].at + (chance(b, 2) ? 1 : -1);
		if (p < 1 || p > 24)
			return NULL;
		if (c == BGW_REINCARNATION) {
			int u = random_unit(b, g, side, (enum bgw_type)-1, true);
			if (u < 0)
				return NULL;
			umpire_map_add(a, n, "unit", umpire_node_str(a, g->u[u].id));
		}
		umpire_map_add(a, n, "point", umpire_node_int(a, bgw_own(side, p)));
		return n;
	case BGW_MANIFESTATION: case BGW_SPYMASTER: case BGW_TRANSMUTATION:
		return n;
	default:
		return NULL;
	}
}

/* Whether orders pass the check, silently. */
static bool
legal(struct bot *b, const struct umpire_node *orders)
{
	struct umpire_diags scratch = UMPIRE_DIAGS_INIT;
	struct umpire_diags *d = b->ctx->diags;
	struct bgw_orders *o = umpire_arena_alloc(b->ctx->arena, sizeof(*o));
	const struct umpire_node *const *sealed = b->ctx->sealed;
	size_t nsealed = b->ctx->nsealed;

	/* The bot's own reactions are sealed later by core: trust them. */
	b->ctx->diags = &scratch;
	b->ctx->nsealed = 0;
	b->ctx->partial = false;
	struct umpire_node *copy = umpire_node_map(b->ctx->arena, false);
	for (size_t i = 0; i < orders->u.map.n; i++)
		if (!umpire_node_is_str(orders->u.map.v[i].key, "reactions"))
			umpire_map_add(b->ctx->arena, copy,
				orders->u.map.v[i].key->u.s.ptr, orders->u.map.v[i].val);
	bgw_orders_read(b->ctx, b->g, copy, o);
	if (!scratch.errors)
		bgw_carry_out(b->ctx, bgw_copy(b->ctx->arena, b->g), o, false);
	bool ok = scratch.errors == 0;
	b->ctx->diags = d;
	b->ctx->sealed = sealed;
	b->ctx->nsealed = nsealed;
	umpire_diags_free(&scratch);
	return ok;
}

/* Mages: each die moves a random enemy unit it can, until no die left
 * can be used (BGW-11). */
static void
bot_spells(struct bot *b, struct bgw_game *g, const int *dice, int nd,
	struct umpire_node *acts)
{
	struct umpire_arena *a = b->ctx->arena;
	int side = b->side, left[BGW_MAX_DICE], nl = nd;
	bool progress = true;

	memcpy(left, dice, sizeof(int) * (size_t)nd);
	while (progress) {
		progress = false;
		for (int k = 0; k < nl; k++) {
			int pick[BGW_UNITS], n = 0;
			for (int e = (!side) * BGW_UNITS; e < (!side + 1) * BGW_UNITS;
			    e++) {
				int own = bgw_own(!side, g->u[e].at) + left[k];
				if (bgw_spell_reach(g, side, e) && own <= 24 &&
				    bgw_push_ok(g, e, bgw_abs(!side, own)))
					pick[n++] = e;
			}
			if (!n)
				continue;
			int e = pick[umpire_rng_below(b->rng, (uint64_t)n)];
			int to = bgw_abs(!side, bgw_own(!side, g->u[e].at) + left[k]);
			umpire_seq_add(a, acts, act_node(a, "spell", g->u[e].id,
				left[k]));
			bgw_place(g, e, g->fire == to ? BGW_WALL : to);
			left[k--] = left[--nl];
			progress = true;
		}
	}
}

/* The dice actions for g (a copy, after the cards) with dice d. */
static void
dice_actions(struct bot *b, struct bgw_game *g, const int *dice, int nd,
	struct umpire_node *acts, bool cards)
{
	struct umpire_arena *a = b->ctx->arena;
	int side = b->side;

	if (g->mode == BGW_ARCHERS) {
		for (int k = 0; k < nd; k++) {
			int w = random_unit(b, g, side, BGW_ARCHER, false);
			if (w >= 0)
				umpire_seq_add(a, acts, act_node(a, "shoot", g->u[w].id,
					dice[k]));
		}
		return;
	}
	if (g->mode == BGW_MAGES) {
		bot_spells(b, g, dice, nd, acts);
		return;
	}
	struct bg_pos pos;
	struct bg_play plays[256];
	bgw_position(g, side, &pos);
	size_t n = bg_plays_first(&pos, dice, nd, plays, 256);
	const struct bg_play *p = &plays[umpire_rng_below(b->rng, n)];
	for (int k = 0; k < p->n; k++) {
		const struct bg_move *m = &p->m[k];
		int from = bgw_abs(side, m->from);
		int u = free_unit(b, g, from, -1);
		if (u < 0)
			return;
		struct umpire_node *mv = act_node(a, "move", g->u[u].id, m->die);
		int to = m->to == BG_OFF ? BGW_OFF : bgw_abs(side, m->to);
		/* A trap closes the point: only if no later move lands there,
		 * and (BGW-8) the Warrior, alone there, does not move on. */
		bool later = false;
		for (int j = k + 1; j < p->n; j++)
			later |= p->m[j].to == m->to || (p->m[j].from == m->to &&
				bgw_letter(b->ctx));
		if (m->hit && g->u[u].type == BGW_WARRIOR && !m->burnt && !later &&
		    chance(b, 4)) {
			umpire_map_add(a, mv, "trap", umpire_node_bool(a, true));
			int v = bgw_top(g, !side, to);
			bgw_place(g, u, to);
			if (v >= 0)
				g->u[v].trapped_by = u;
		} else {
			/* Escort takes two units of one point, not of the Wall
			 * (BGW-27). */
			if (cards && k == 0 && held(b, BGW_ESCORT) &&
			    (from != BGW_WALL || !bgw_letter(b->ctx)) && chance(b, 3)) {
				int e = free_unit(b, g, from, u);
				if (e >= 0) {
					b->carded = true;
					umpire_map_add(a, mv, "escort", umpire_node_str(a,
						g->u[e].id));
					bgw_place(g, e, m->burnt ? BGW_WALL : to);
				}
			}
			if (m->hit) {
				int v = bgw_top(g, !side, to);
				if (v >= 0)
					bgw_place(g, v, BGW_WALL);
			}
			bgw_place(g, u, m->burnt ? BGW_WALL : to);
		}
		umpire_seq_add(a, acts, mv);
	}
}

static struct umpire_node *
bot_play_once(struct bot *b, struct umpire_node *orders, bool cards)
{
	struct umpire_arena *a = b->ctx->arena;
	const struct bgw_game *g = b->g;
	struct umpire_node *o = umpire_node_map(a, false);
	int rolled[3], nr = g->ndice;

	for (size_t i = 0; i < orders->u.map.n; i++)
		umpire_map_add(a, o, orders->u.map.v[i].key->u.s.ptr,
			orders->u.map.v[i].val);
	memcpy(rolled, g->dice, sizeof(rolled));
	b->carded = false;
	struct umpire_node *acts = umpire_node_seq(a, false);
	/* A card played alone (BGW-26). */
	if (cards) {
		int alone[2] = { BGW_TRANSMUTATION, BGW_SPYMASTER };
		for (int k = 0; k < 2; k++)
			if (held(b, alone[k]) && bgw_alive(g, b->side,
			    bgw_cards[alone[k]].needs) && chance(b, 6)) {
				umpire_seq_add(a, acts, card_action(b, alone[k], NULL, 0));
				umpire_map_add(a, o, "actions", acts);
				b->carded = true;
				return o;
			}
	}
	if (nr == 3) {
		int drop = (int)umpire_rng_below(b->rng, 3);
		struct umpire_node *keep = umpire_map_add(a, o, "keep",
			umpire_node_seq(a, true));
		for (int i = 0, k = 0; i < 3; i++)
			if (i != drop) {
				umpire_seq_add(a, keep, umpire_node_int(a, rolled[i]));
				rolled[k++] = rolled[i];
			}
		nr = 2;
	}
	if (cards)
		for (int k = 0; k < b->nhand; k++) {
			int c = b->hand[k];
			if (bgw_cards[c].timing != BGW_PLAY || c == BGW_SPYMASTER ||
			    c == BGW_TRANSMUTATION || !chance(b, 4))
				continue;
			struct umpire_node *n = card_action(b, c, rolled, nr);
			if (n) {
				umpire_seq_add(a, acts, n);
				b->carded = true;
			}
		}
	/* The doubles, after any Potion: ask the carrying out. */
	struct bgw_game *c = bgw_copy(a, g);
	struct bgw_orders *po = umpire_arena_alloc(a, sizeof(*po));
	struct umpire_diags scratch = UMPIRE_DIAGS_INIT, *d = b->ctx->diags;
	b->ctx->diags = &scratch;
	umpire_map_add(a, o, "actions", acts);
	bgw_orders_read(b->ctx, g, o, po);
	int dice[BGW_MAX_DICE], nd = bgw_prepare(b->ctx, c, po, dice);
	b->ctx->diags = d;
	umpire_diags_free(&scratch);
	/* Equal dice left, two of them, with the deck: the choice. */
	int raised[2] = { nd > 0 ? dice[0] : 0, nd > 1 ? dice[1] : 0 };
	if (g->deck && !g->sabotaged && nd - (g->extra != 0) == 2 &&
	    raised[0] == raised[1]) {
		bool four = chance(b, 2);
		umpire_map_add(a, o, "doubles", umpire_node_str(a, four ? "four" :
			"card"));
		if (four) {
			if (g->extra)
				dice[nd - 1] = raised[0];
			dice[2] = dice[3] = raised[0];
			nd = 4;
			if (g->extra)
				dice[nd++] = g->extra;
		}
	}
	dice_actions(b, c, dice, nd, acts, cards);
	return o;
}

void
bgw_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	struct bot b;

	memset(&b, 0, sizeof(b));
	b.ctx = ctx;
	b.g = game;
	b.rng = rng;
	b.side = b.g->to_move;

	read_hand(&b);
	if (b.g->declaring) {
		bot_declare(&b, orders);
		return;
	}
	struct umpire_node *o = bot_play_once(&b, orders, true);
	/* A play of the dice alone is legal as drawn: check only cards. */
	if (b.carded && !legal(&b, o))
		o = bot_play_once(&b, orders, false);
	for (size_t i = orders->u.map.n; i < o->u.map.n; i++)
		umpire_map_add(ctx->arena, orders, o->u.map.v[i].key->u.s.ptr,
			o->u.map.v[i].val);
}

/*
 * A play is empty (umpire-bgw(7), "Empty plays") when the game has no
 * Power Deck, the side declared a move, and its dice allow no move at
 * all: then nothing is secret and nothing else may be given.  With the
 * deck a play may always give new standing reactions, so it is asked;
 * a declaration always has a choice of mode.
 */
bool
bgw_empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	const struct bgw_game *g = game;
	int side = g->to_move;

	if (side < 0 || g->declaring || g->deck || g->mode != BGW_MOVE ||
	    g->ndice != 2 || g->extra)
		return false;
	int dice[4] = { g->dice[0], g->dice[1], g->dice[0], g->dice[1] };
	int nd = g->dice[0] == g->dice[1] ? 4 : 2;
	struct bg_pos pos;
	struct bg_play plays[2];
	bgw_position(g, side, &pos);
	if (bg_plays_first(&pos, dice, nd, plays, 2) != 1 || plays[0].n != 0)
		return false;
	umpire_map_add(ctx->arena, orders, "actions",
		umpire_node_seq(ctx->arena, true));
	umpire_buf_printf(why, "%s plays %d-%d: no move is possible",
		bgw_Sides[side], g->dice[0], g->dice[1]);
	return true;
}

/*
 * Level 2's rating of a game for player (umpire-bgw(7), "The bot"): the
 * race, 10 for each pip the enemy has still to go more than he has (a
 * unit's own point number; 25 on the Wall, 0 borne off), and 30 more for
 * each enemy unit on the Wall less his own there; less, for each of his
 * lone units an enemy unit could hit next, part of what the hit would
 * cost him (from UMPIRE_BOT_BLOTS_SINCE).  Without that, two level-2
 * bots hit each other back and forth for thousands of steps.
 */
long long
bgw_evaluate(const void *game, const char *player, const char *ruling)
{
	const struct bgw_game *g = game;
	int me = strcmp(player, bgw_sides[1]) == 0;
	bool blots = !ruling || !umpire_version_older(ruling,
		UMPIRE_BOT_BLOTS_SINCE);
	long long v = 0;

	for (int i = 0; i < BGW_ALL; i++) {
		const struct bgw_unit *u = &g->u[i];
		long long sign = u->side == me ? -1 : 1;
		int pips = u->at == BGW_WALL ? 25 : bgw_own(u->side, u->at);
		v += sign * (10 * pips + (u->at == BGW_WALL ? 30 : 0));
		if (!blots || u->side != me || !bgw_lone(g, i))
			continue;
		/*
		 * His lone unit, with the enemy to roll next: what a hit would
		 * cost (the way back from the Wall), a third of it when an
		 * enemy unit stands 1 to 6 pips behind, an eighth at 7 to 12.
		 */
		int near = 99;
		for (int j = 0; j < BGW_ALL; j++) {
			const struct bgw_unit *e = &g->u[j];
			if (e->side == me || e->at == BGW_OFF)
				continue;
			int from = e->at == BGW_WALL ? 25 : bgw_own(e->side, e->at);
			int d = from - bgw_own(e->side, u->at);
			if (d > 0 && d < near)
				near = d;
		}
		long long cost = 10 * (25 - pips) + 30;
		v -= near <= 6 ? cost / 3 : near <= 12 ? cost / 8 : 0;
	}
	return v;
}

/*
 * What player may imagine of the secrets he does not know (ruleset.h,
 * imagine): the cards he has not seen, the pile and his opponent's
 * hand, which the discards and his own hand tell him, put in order of
 * card and shuffled with rng, then dealt again in the counts everyone
 * sees; and no standing reactions for his opponent, whose count he
 * cannot see either.
 */
void
bgw_imagine(void *game, const char *player, struct umpire_rng *rng)
{
	struct bgw_game *g = game;
	int foe = strcmp(player, bgw_sides[1]) != 0;
	int v[BGW_CARDS], n = 0;
	bool unseen[BGW_CARDS] = { false };

	if (!g->deck || !g->secret)
		return;
	for (int k = 0; k < g->npile; k++)
		unseen[g->pile[k]] = true;
	for (int k = 0; k < g->nhand[foe]; k++)
		unseen[g->hand[foe][k]] = true;
	for (int c = 0; c < BGW_CARDS; c++)
		if (unseen[c])
			v[n++] = c;
	for (int k = n - 1; k > 0; k--) {
		int j = (int)umpire_rng_below(rng, (uint64_t)k + 1), t = v[k];
		v[k] = v[j];
		v[j] = t;
	}
	memcpy(g->hand[foe], v, sizeof(int) * (size_t)g->nhand[foe]);
	memcpy(g->pile, v + g->nhand[foe], sizeof(int) * (size_t)g->npile);
	g->nreact[foe] = 0;
}
