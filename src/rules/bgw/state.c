/*
 * state.c - Backgammon Wars' scenario and state files.
 *
 * Both arrive valid under their schemas; what is checked here is what a
 * schema cannot say: every unit once, at most 5 a point, two sides on a
 * point only as a trap, the deck's 24 cards each in one place.
 */
#include <stdio.h>
#include <string.h>

#include "bgw.h"
#include "game/version.h"

/* Setup: the standard places, in each side's own numbering. */
static const struct {
	const char *id;
	int at;
} standard[BGW_UNITS] = {
	{ "arc1", 24 }, { "mag1", 24 }, { "arc2", 23 }, { "mag2", 23 },
	{ "arc3", 13 }, { "war1", 13 }, { "war2", 13 }, { "war3", 13 },
	{ "war4", 8 }, { "war5", 8 }, { "war6", 8 },
	{ "war7", 6 }, { "war8", 6 }, { "war9", 6 }, { "war10", 6 },
};

/* The index of a unit id in a side's 15: warriors, archers, mages. */
static int
slot(const char *id, int *side, enum bgw_type *type)
{
	int k;

	if ((id[0] != 'w' && id[0] != 'b') || id[1] != '-')
		return -1;
	*side = id[0] == 'b';
	if (sscanf(id + 2, "war%d", &k) == 1 && k >= 1 && k <= 10) {
		*type = BGW_WARRIOR;
		return k - 1;
	}
	if (sscanf(id + 2, "arc%d", &k) == 1 && k >= 1 && k <= 3) {
		*type = BGW_ARCHER;
		return 10 + k - 1;
	}
	if (sscanf(id + 2, "mag%d", &k) == 1 && k >= 1 && k <= 2) {
		*type = BGW_MAGE;
		return 13 + k - 1;
	}
	return -1;
}

static void
init_units(struct bgw_game *g)
{
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < BGW_UNITS; k++) {
			struct bgw_unit *u = &g->u[s * BGW_UNITS + k];
			u->side = s;
			u->type = k < 10 ? BGW_WARRIOR : k < 13 ? BGW_ARCHER :
				BGW_MAGE;
			snprintf(u->id, sizeof(u->id), "%c-%s%d", bgw_sides[s][0],
				u->type == BGW_WARRIOR ? "war" : u->type == BGW_ARCHER ?
				"arc" : "mag", k < 10 ? k + 1 : k < 13 ? k - 9 : k - 12);
			u->at = -1;
			u->trapped_by = -1;
		}
}

static int
read_at(const struct umpire_node *n, int side)
{
	if (umpire_node_is_str(n, "wall"))
		return BGW_WALL;
	if (umpire_node_is_str(n, "off"))
		return BGW_OFF;
	return bgw_abs(side, (int)umpire_node_integer(n, 1));
}

static struct umpire_node *
at_node(struct umpire_arena *a, int side, int abs)
{
	if (abs == BGW_WALL)
		return umpire_node_str(a, "wall");
	if (abs == BGW_OFF)
		return umpire_node_str(a, "off");
	return umpire_node_int(a, bgw_own(side, abs));
}

/*
 * The units of both sides from lists of {id, at, trapped-by}, bottom of
 * each stack first; a side's list holds its 15 units.
 */
static void
read_units(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct umpire_node *units)
{
	const struct umpire_node *by_node[BGW_ALL] = { NULL };

	init_units(g);
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *list = umpire_map_get(units, bgw_sides[s]);
		for (size_t i = 0; list && i < list->u.seq.n; i++) {
			const struct umpire_node *e = list->u.seq.v[i];
			const struct umpire_node *id = umpire_map_get(e, "id");
			int side, k;
			enum bgw_type t;
			if ((k = slot(id->u.s.ptr, &side, &t)) < 0 || side != s) {
				umpire_node_error(ctx->diags, id, "%s is no %s unit; %s's "
					"are %c-war1 to %c-war10, %c-arc1 to %c-arc3, %c-mag1 "
					"and %c-mag2", umpire_quote(ctx->diags, id->u.s.ptr,
					id->u.s.len), bgw_sides[s], bgw_sides[s],
					bgw_sides[s][0], bgw_sides[s][0], bgw_sides[s][0],
					bgw_sides[s][0], bgw_sides[s][0], bgw_sides[s][0]);
				continue;
			}
			struct bgw_unit *u = &g->u[s * BGW_UNITS + k];
			if (u->at >= 0) {
				umpire_node_error(ctx->diags, id, "%s is listed twice",
					u->id);
				continue;
			}
			u->at = read_at(umpire_map_get(e, "at"), s);
			u->seq = ++g->seq;
			by_node[s * BGW_UNITS + k] = umpire_map_get(e, "trapped-by");
		}
		for (int k = 0; k < BGW_UNITS; k++)
			if (g->u[s * BGW_UNITS + k].at < 0) {
				umpire_node_error(ctx->diags, list, "%s is missing from "
					"%s's units; list all 15 (Setup)",
					g->u[s * BGW_UNITS + k].id, bgw_sides[s]);
				g->u[s * BGW_UNITS + k].at = BGW_OFF;
			}
	}
	for (int i = 0; i < BGW_ALL; i++) {
		const struct umpire_node *by = by_node[i];
		struct bgw_unit *u = &g->u[i];
		if (!by)
			continue;
		int w = bgw_find_unit(g, by->u.s.ptr);
		if (w < 0 || g->u[w].side == u->side || g->u[w].type != BGW_WARRIOR ||
		    g->u[w].at != u->at || u->at < 1 || u->at > 24) {
			umpire_node_error(ctx->diags, by, "trapped-by: %s is no %s "
				"warrior on %s's point (BGW-8)", umpire_quote(ctx->diags,
				by->u.s.ptr, by->u.s.len), bgw_sides[!u->side], u->id);
			continue;
		}
		u->trapped_by = w;
	}
	/* At most 5 a point; both sides only as a trap, one of each. */
	for (int p = 1; p <= 24; p++) {
		int n[2] = { bgw_count(g, 0, p), bgw_count(g, 1, p) };
		int traps = 0;
		for (int i = 0; i < BGW_ALL; i++)
			traps += g->u[i].at == p && g->u[i].trapped_by >= 0;
		for (int s = 0; s < 2; s++)
			if (n[s] > BGW_CAP)
				umpire_node_error(ctx->diags, units, "%s has %d units on "
					"its %d-point; a space holds at most %d (Variant Rules)",
					bgw_sides[s], n[s], bgw_own(s, p), BGW_CAP);
		if ((n[0] && n[1]) != (traps > 0) || traps > 1 ||
		    (traps && (n[0] != 1 || n[1] != 1)))
			umpire_node_error(ctx->diags, units, "white's %d-point holds "
				"%d white and %d black units; two sides share a point "
				"only as a trap, a warrior and the one unit it traps "
				"(BGW-8)", p, n[0], n[1]);
	}
}

static int
read_cards(struct umpire_ctx *ctx, const struct umpire_node *list, int *v,
	int *seen)
{
	int n = 0;

	for (size_t i = 0; list && i < list->u.seq.n && n < BGW_CARDS; i++) {
		const struct umpire_node *e = list->u.seq.v[i];
		int c = bgw_find_card(umpire_node_cstr(e));
		if (c < 0)
			continue;	/* the schema's enum */
		if (seen[c]++)
			umpire_node_error(ctx->diags, e, "%s is in the deck once; "
				"it is listed again here", bgw_cards[c].name);
		v[n++] = c;
	}
	return n;
}

static void
read_options(struct bgw_game *g, const struct umpire_node *opt)
{
	const struct umpire_node *v;

	g->deck = true;
	if ((v = umpire_map_get(opt, "power-deck")) && v->type == UMPIRE_BOOL)
		g->deck = v->u.b;
	g->turns = (int)umpire_node_integer(umpire_map_get(opt, "turns"), 0);
}

void *
bgw_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario)
{
	struct bgw_game *g = umpire_arena_alloc(ga, sizeof(*g));
	const struct umpire_node *setup = umpire_map_get(scenario, "setup");
	const struct umpire_node *hands = umpire_map_get(scenario, "hands");
	const struct umpire_node *pile = umpire_map_get(scenario, "pile");
	const char *title = umpire_node_cstr(umpire_map_get(scenario, "title"));
	size_t errors = ctx->diags->errors;

	g->arena = ga;
	g->winner = -1;
	read_options(g, umpire_map_get(scenario, "options"));
	if (!setup || umpire_node_is_str(setup, "standard")) {
		init_units(g);
		for (int s = 0; s < 2; s++)
			for (int k = 0; k < BGW_UNITS; k++) {
				char id[8];
				int side, i;
				enum bgw_type t;
				snprintf(id, sizeof(id), "%c-%s", bgw_sides[s][0],
					standard[k].id);
				i = slot(id, &side, &t);
				g->u[s * BGW_UNITS + i].at = bgw_abs(s, standard[k].at);
				g->u[s * BGW_UNITS + i].seq = ++g->seq;
			}
	} else {
		read_units(ctx, g, setup);
	}
	if ((hands || pile) && !g->deck)
		umpire_node_error(ctx->diags, hands ? hands : pile, "%s: the Power "
			"Deck is off in this scenario's options", hands ? "hands" :
			"pile");
	if (!hands != !pile)
		umpire_node_error(ctx->diags, hands ? hands : pile, "give both "
			"hands and pile, or neither (then the deck is shuffled and 3 "
			"cards dealt each, Setup)");
	if (ctx->diags->errors == errors && hands && pile) {
		int seen[BGW_CARDS] = { 0 };
		for (int s = 0; s < 2; s++)
			g->nhand[s] = read_cards(ctx, umpire_map_get(hands,
				bgw_sides[s]), g->hand[s], seen);
		g->npile = read_cards(ctx, pile, g->pile, seen);
		for (int c = 0; c < BGW_CARDS; c++)
			if (!seen[c])
				umpire_node_error(ctx->diags, pile, "%s is in neither hand "
					"nor the pile; the deck has all 24 cards (BGW-20)",
					bgw_cards[c].name);
	}
	if (ctx->diags->errors != errors)
		return NULL;

	struct umpire_report *r = ctx->report;
	umpire_report_title(r, "Step 0: set-up");
	umpire_report_printf(r, "%s: white and black each have 10 warriors, "
		"3 archers and 2 mages%s (Setup). Each side numbers its own points "
		"from 24, its back point, to 1, the last of its home board "
		"(BGW-1).\n\n", title ? title : "Backgammon Wars",
		!setup || umpire_node_is_str(setup, "standard") ? ", set up as "
		"the rulebook places them" : ", set up as this scenario places "
		"them");
	if (g->deck) {
		g->secret = true;
		if (!hands)
			bgw_deal(ctx, g);
		umpire_report_printf(r, "- The Power Deck: 24 cards, %s; 3 are "
			"dealt to each side in secret, and %d stay face down in the "
			"draw pile (Setup, BGW-20).\n", hands ? "in the order this "
			"scenario gives" : "shuffled", g->npile);
	} else {
		umpire_report_printf(r, "- The Power Deck is left out "
			"(options.power-deck): no cards, and nothing is hidden.\n");
	}
	if (g->turns)
		umpire_report_printf(r, "- The game ends after %d turns if no side "
			"has borne off all its units by then (BGW-32).\n", g->turns);
	bgw_opening(ctx, g);
	bgw_renumber(g);
	return g;
}

/* ------------------------------------------------------------- decode */

static void
read_pair(const struct umpire_node *map, int side, int v[2])
{
	const struct umpire_node *d = umpire_map_get(map, bgw_sides[side]);

	v[0] = v[1] = 0;
	for (size_t i = 0; d && i < d->u.seq.n && i < 2; i++)
		v[i] = (int)umpire_node_integer(d->u.seq.v[i], 0);
}

static void
read_awaiting(struct umpire_ctx *ctx, struct bgw_game *g)
{
	const struct umpire_node *aw = ctx->awaiting;
	const struct umpire_node *dice = umpire_map_get(aw, "dice");
	const struct umpire_node *mode = umpire_map_get(aw, "mode");
	const struct umpire_node *extra = umpire_map_get(aw, "extra");
	const struct umpire_node *sab = umpire_map_get(aw, "sabotaged");

	g->to_move = strcmp(ctx->awaited.player, "black") == 0;
	g->declaring = strcmp(ctx->awaited.kind, "declare") == 0;
	if (g->declaring) {
		if (dice || mode || extra || sab)
			umpire_node_error(ctx->diags, aw, "awaiting: a declaration "
				"comes before the roll, with no dice or mode (BGW-4)");
		return;
	}
	if (strcmp(ctx->awaited.kind, "play") != 0 || !dice || !mode) {
		umpire_node_error(ctx->diags, aw, "awaiting: kind is declare, or "
			"play with its mode and dice (BGW-4)");
		return;
	}
	for (int m = 0; m < 3; m++)
		if (umpire_node_is_str(mode, bgw_modes[m]))
			g->mode = (enum bgw_mode)m;
	/* Poison voids a die, Thief takes one (BGW-16, BGW-18). */
	g->ndice = (int)dice->u.seq.n;
	if (g->ndice > 3) {
		umpire_node_error(ctx->diags, dice, "awaiting.dice: at most 3 dice, "
			"after Divination (BGW-23)");
		g->ndice = 3;
	}
	for (int i = 0; i < g->ndice; i++)
		g->dice[i] = (int)umpire_node_integer(dice->u.seq.v[i], 0);
	g->extra = (int)umpire_node_integer(extra, 0);
	g->sabotaged = sab && sab->type == UMPIRE_BOOL && sab->u.b;
}

/* A play set aside by Spymaster (BGW-26), as awaiting gives one. */
static void
read_aside(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct umpire_node *n)
{
	const struct umpire_node *dice = umpire_map_get(n, "dice");
	const struct umpire_node *sab = umpire_map_get(n, "sabotaged");

	if (!n)
		return;
	g->aside.on = true;
	g->aside.side = umpire_node_is_str(umpire_map_get(n, "player"), "black");
	for (int m = 0; m < 3; m++)
		if (umpire_node_is_str(umpire_map_get(n, "mode"), bgw_modes[m]))
			g->aside.mode = (enum bgw_mode)m;
	g->aside.ndice = dice && dice->type == UMPIRE_SEQ ? (int)dice->u.seq.n : 0;
	if (g->aside.ndice > 3) {
		umpire_node_error(ctx->diags, dice, "aside.dice: at most 3 dice, "
			"after Divination (BGW-23)");
		g->aside.ndice = 3;
	}
	for (int i = 0; i < g->aside.ndice; i++)
		g->aside.dice[i] = (int)umpire_node_integer(dice->u.seq.v[i], 0);
	g->aside.extra = (int)umpire_node_integer(umpire_map_get(n, "extra"), 0);
	g->aside.sabotaged = sab && sab->type == UMPIRE_BOOL && sab->u.b;
}

void *
bgw_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state)
{
	struct bgw_game *g = umpire_arena_alloc(ga, sizeof(*g));
	const struct umpire_node *tokens = umpire_map_get(state, "tokens");
	const struct umpire_node *deck = umpire_map_get(state, "deck");
	size_t errors = ctx->diags->errors;

	g->arena = ga;
	g->winner = -1;
	g->to_move = -1;
	read_options(g, umpire_map_get(state, "options"));
	g->turn = (int)umpire_node_integer(umpire_map_get(state, "turn"), 0);
	g->idle = (int)umpire_node_integer(umpire_map_get(state, "idle"), 0);
	read_units(ctx, g, umpire_map_get(state, "units"));
	const struct umpire_node *bar = umpire_map_get(tokens, "barrier");
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *p = umpire_map_get(bar, bgw_sides[s]);
		if (p)
			g->barrier[s] = bgw_abs(s, (int)umpire_node_integer(p, 1));
		read_pair(umpire_map_get(state, "last-roll"), s, g->last[s]);
		read_pair(umpire_map_get(state, "spied"), s, g->spied[s]);
		g->stolen[s] = (int)umpire_node_integer(umpire_map_get(
			umpire_map_get(state, "stolen"), bgw_sides[s]), 0);
	}
	read_aside(ctx, g, umpire_map_get(state, "aside"));
	const struct umpire_node *fire = umpire_map_get(tokens, "fire");
	if (fire) {
		const struct umpire_node *by = umpire_map_get(fire, "by");
		g->fire_by = umpire_node_is_str(by, "black");
		g->fire = bgw_abs(g->fire_by, (int)umpire_node_integer(
			umpire_map_get(fire, "point"), 1));
	}
	if (!deck != !g->deck)
		umpire_node_error(ctx->diags, deck ? deck : state, "deck: %s",
			g->deck ? "missing, though options.power-deck is on" :
			"present, though options.power-deck is off");
	if (deck && g->deck) {
		const struct umpire_node *hands = umpire_map_get(deck, "hands");
		const struct umpire_node *reacts = umpire_map_get(deck, "reactions");
		const struct umpire_node *disc = umpire_map_get(deck, "discards");
		const struct umpire_node *com = umpire_map_get(deck, "commitments");
		int seen[BGW_CARDS] = { 0 };
		g->npile = (int)umpire_node_integer(umpire_map_get(deck, "pile"), 0);
		for (int s = 0; s < 2; s++) {
			g->nhand[s] = (int)umpire_node_integer(umpire_map_get(hands,
				bgw_sides[s]), 0);
			g->nreact[s] = (int)umpire_node_integer(umpire_map_get(reacts,
				bgw_sides[s]), 0);
		}
		g->counted = reacts != NULL;
		g->ndiscard = read_cards(ctx, disc, g->discard, seen);
		if (g->npile + g->nhand[0] + g->nhand[1] + g->ndiscard != BGW_CARDS)
			umpire_node_error(ctx->diags, deck, "deck: the pile, the hands "
				"and the discards hold %d cards; the deck has 24 (BGW-20)",
				g->npile + g->nhand[0] + g->nhand[1] + g->ndiscard);
		g->commit_pile = umpire_arena_strdup(ga, umpire_node_cstr(
			umpire_map_get(com, "pile")));
		for (int s = 0; s < 2; s++) {
			g->commit_hand[s] = umpire_arena_strdup(ga, umpire_node_cstr(
				umpire_map_get(com, bgw_sides[s])));
			g->commit_react[s] = umpire_arena_strdup(ga, umpire_node_cstr(
				umpire_map_get(com, umpire_arena_printf(ctx->arena,
				"reactions-%s", bgw_sides[s]))));
		}
	}
	if (ctx->awaiting) {
		read_awaiting(ctx, g);
	} else {
		g->winner = umpire_result_side_of(ctx->result, bgw_sides);
	}
	return ctx->diags->errors == errors ? g : NULL;
}

/* ------------------------------------------------------------- encode */

static struct umpire_node *
pair_node(struct umpire_arena *a, const int v[2])
{
	struct umpire_node *d = umpire_node_seq(a, true);

	umpire_seq_add(a, d, umpire_node_int(a, v[0]));
	umpire_seq_add(a, d, umpire_node_int(a, v[1]));
	return d;
}

void
bgw_encode(struct umpire_ctx *ctx, const void *game, struct umpire_node *state)
{
	const struct bgw_game *g = game;
	struct umpire_arena *a = ctx->arena;

	if (g->to_move >= 0 && !g->declaring) {
		umpire_map_add(a, ctx->tail, "mode", umpire_node_str(a,
			bgw_modes[g->mode]));
		struct umpire_node *d = umpire_map_add(a, ctx->tail, "dice",
			umpire_node_seq(a, true));
		for (int i = 0; i < g->ndice; i++)
			umpire_seq_add(a, d, umpire_node_int(a, g->dice[i]));
		if (g->extra)
			umpire_map_add(a, ctx->tail, "extra", umpire_node_int(a,
				g->extra));
		if (g->sabotaged)
			umpire_map_add(a, ctx->tail, "sabotaged", umpire_node_bool(a,
				true));
	}
	umpire_map_add(a, state, "turn", umpire_node_int(a, g->turn));
	if (g->idle && g->to_move >= 0)	/* a count of a game going on */
		umpire_map_add(a, state, "idle", umpire_node_int(a, g->idle));
	struct umpire_node *opt = umpire_map_add(a, state, "options",
		umpire_node_map(a, false));
	umpire_map_add(a, opt, "power-deck", umpire_node_bool(a, g->deck));
	umpire_map_add(a, opt, "turns", umpire_node_int(a, g->turns));

	struct umpire_node *units = umpire_map_add(a, state, "units",
		umpire_node_map(a, false));
	for (int s = 0; s < 2; s++) {
		struct umpire_node *list = umpire_map_add(a, units, bgw_sides[s],
			umpire_node_seq(a, false));
		/* By place, then bottom of the stack first: 24 down to off. */
		int order[BGW_UNITS], n = 0;
		for (int i = s * BGW_UNITS; i < (s + 1) * BGW_UNITS; i++)
			order[n++] = i;
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0; j--) {
				const struct bgw_unit *x = &g->u[order[j - 1]];
				const struct bgw_unit *y = &g->u[order[j]];
				int px = bgw_own(s, x->at), py = bgw_own(s, y->at);
				if (px > py || (px == py && x->seq < y->seq))
					break;
				int t = order[j];
				order[j] = order[j - 1];
				order[j - 1] = t;
			}
		for (int k = 0; k < n; k++) {
			const struct bgw_unit *u = &g->u[order[k]];
			struct umpire_node *e = umpire_node_map(a, true);
			umpire_map_add(a, e, "id", umpire_node_str(a, u->id));
			umpire_map_add(a, e, "at", at_node(a, s, u->at));
			if (u->trapped_by >= 0)
				umpire_map_add(a, e, "trapped-by", umpire_node_str(a,
					g->u[u->trapped_by].id));
			umpire_seq_add(a, list, e);
		}
	}
	if (g->barrier[0] || g->barrier[1] || g->fire) {
		struct umpire_node *t = umpire_map_add(a, state, "tokens",
			umpire_node_map(a, false));
		if (g->barrier[0] || g->barrier[1]) {
			struct umpire_node *b = umpire_map_add(a, t, "barrier",
				umpire_node_map(a, true));
			for (int s = 0; s < 2; s++)
				if (g->barrier[s])
					umpire_map_add(a, b, bgw_sides[s], umpire_node_int(a,
						bgw_own(s, g->barrier[s])));
		}
		if (g->fire) {
			struct umpire_node *f = umpire_map_add(a, t, "fire",
				umpire_node_map(a, true));
			umpire_map_add(a, f, "point", umpire_node_int(a,
				bgw_own(g->fire_by, g->fire)));
			umpire_map_add(a, f, "by", umpire_node_str(a,
				bgw_sides[g->fire_by]));
		}
	}
	if (g->last[0][0] || g->last[1][0]) {
		struct umpire_node *m = umpire_map_add(a, state, "last-roll",
			umpire_node_map(a, false));
		for (int s = 0; s < 2; s++)
			if (g->last[s][0])
				umpire_map_add(a, m, bgw_sides[s], pair_node(a, g->last[s]));
	}
	if (g->stolen[0] || g->stolen[1]) {
		struct umpire_node *m = umpire_map_add(a, state, "stolen",
			umpire_node_map(a, true));
		for (int s = 0; s < 2; s++)
			if (g->stolen[s])
				umpire_map_add(a, m, bgw_sides[s], umpire_node_int(a,
					g->stolen[s]));
	}
	if (g->spied[0][0] || g->spied[1][0]) {
		struct umpire_node *m = umpire_map_add(a, state, "spied",
			umpire_node_map(a, false));
		for (int s = 0; s < 2; s++)
			if (g->spied[s][0])
				umpire_map_add(a, m, bgw_sides[s], pair_node(a, g->spied[s]));
	}
	if (g->aside.on) {
		struct umpire_node *m = umpire_map_add(a, state, "aside",
			umpire_node_map(a, true));
		umpire_map_add(a, m, "player", umpire_node_str(a,
			bgw_sides[g->aside.side]));
		umpire_map_add(a, m, "mode", umpire_node_str(a,
			bgw_modes[g->aside.mode]));
		struct umpire_node *d = umpire_map_add(a, m, "dice",
			umpire_node_seq(a, true));
		for (int i = 0; i < g->aside.ndice; i++)
			umpire_seq_add(a, d, umpire_node_int(a, g->aside.dice[i]));
		if (g->aside.extra)
			umpire_map_add(a, m, "extra", umpire_node_int(a,
				g->aside.extra));
		if (g->aside.sabotaged)
			umpire_map_add(a, m, "sabotaged", umpire_node_bool(a, true));
	}
	if (!g->deck)
		return;
	struct umpire_node *deck = umpire_map_add(a, state, "deck",
		umpire_node_map(a, false));
	umpire_map_add(a, deck, "pile", umpire_node_int(a, g->npile));
	struct umpire_node *h = umpire_map_add(a, deck, "hands",
		umpire_node_map(a, true));
	struct umpire_node *r = umpire_node_map(a, true);
	for (int s = 0; s < 2; s++) {
		umpire_map_add(a, h, bgw_sides[s], umpire_node_int(a, g->nhand[s]));
		umpire_map_add(a, r, bgw_sides[s], umpire_node_int(a, g->nreact[s]));
	}
	/* The counts, secret since: only older states show them. */
	if (ctx->version && umpire_version_older(ctx->version,
	    UMPIRE_HIDDEN_REACTIONS_SINCE))
		umpire_map_add(a, deck, "reactions", r);
	struct umpire_node *disc = umpire_map_add(a, deck, "discards",
		umpire_node_seq(a, true));
	for (int k = 0; k < g->ndiscard; k++)
		umpire_seq_add(a, disc, umpire_node_str(a,
			bgw_cards[g->discard[k]].name));
	const char *c[5] = { g->commit_pile, g->commit_hand[0], g->commit_hand[1],
		g->commit_react[0], g->commit_react[1] };
	if (ctx->secret && g->secret)
		bgw_commitments(ctx, g, c);
	if (!c[0])
		return;
	struct umpire_node *com = umpire_map_add(a, deck, "commitments",
		umpire_node_map(a, false));
	static const char *const keys[5] = { "pile", "white", "black",
		"reactions-white", "reactions-black" };
	for (int k = 0; k < 5; k++)
		umpire_map_add(a, com, keys[k], umpire_node_str(a, c[k]));
}
