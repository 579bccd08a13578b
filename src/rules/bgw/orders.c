/*
 * orders.c - reading a player's orders into struct bgw_orders: names of
 * units and cards, and which keys belong to which decision.  Whether
 * each action can be carried out where it comes is resolve.c's question,
 * asked by carrying the orders out on a copy of the game.
 */
#include <stdio.h>
#include <string.h>

#include "bgw.h"

bool
bgw_was_sealed(const struct umpire_ctx *ctx, const struct umpire_node *n)
{
	for (size_t i = 0; i < ctx->nsealed; i++)
		if (ctx->sealed[i] == n)
			return true;
	return false;
}

/* A unit of side `want` named by n, or -1 after saying what is wrong. */
static int
unit_of(struct umpire_ctx *ctx, const struct bgw_game *g, int side, int want,
	const struct umpire_node *n)
{
	if (!n || n->type != UMPIRE_STR)
		return -1;
	int i = bgw_find_unit(g, n->u.s.ptr);
	if (i < 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, n->u.s.ptr);
		for (int k = want * BGW_UNITS; k < (want + 1) * BGW_UNITS; k++)
			umpire_suggest_add(&sg, g->u[k].id);
		umpire_node_error(ctx->diags, n, "%s has no unit called %s%s",
			bgw_sides[want], umpire_quote(ctx->diags, n->u.s.ptr,
			n->u.s.len), umpire_suggest_hint(&sg));
		return -1;
	}
	if (g->u[i].side != want) {
		umpire_node_error(ctx->diags, n, want == side ? "%s is %s's unit; "
			"%s's orders command %s units" : "%s is %s's own unit; name "
			"an enemy unit here", g->u[i].id, bgw_sides[g->u[i].side],
			bgw_sides[side], bgw_sides[side]);
		return -1;
	}
	return i;
}

static int
point_of(const struct umpire_node *n, int side)
{
	return n ? bgw_abs(side, (int)umpire_node_integer(n, 0)) : 0;
}

/* One action of play orders; false after recording why it is wrong. */
static bool
read_action(struct umpire_ctx *ctx, const struct bgw_game *g, int side,
	const struct umpire_node *n, struct bgw_action *a)
{
	const struct umpire_node *mv = umpire_map_get(n, "move");
	const struct umpire_node *sh = umpire_map_get(n, "shoot");
	const struct umpire_node *sp = umpire_map_get(n, "spell");
	const struct umpire_node *cd = umpire_map_get(n, "card");
	const struct umpire_node *die = umpire_map_get(n, "die");
	size_t errors = ctx->diags->errors;

	memset(a, 0, sizeof(*a));
	a->node = n;
	a->unit = a->escort = a->strafe = a->card = a->target = -1;
	a->die = (int)umpire_node_integer(die, 0);
	a->trap = umpire_map_get(n, "trap") &&
		umpire_map_get(n, "trap")->type == UMPIRE_BOOL &&
		umpire_map_get(n, "trap")->u.b;
	if (mv) {
		a->kind = BGW_ACT_MOVE;
		a->unit = unit_of(ctx, g, side, side, mv);
		const struct umpire_node *e = umpire_map_get(n, "escort");
		const struct umpire_node *s = umpire_map_get(n, "strafe");
		if (e) {
			a->escort = unit_of(ctx, g, side, side, e);
			a->card = BGW_ESCORT;
		}
		if (s) {
			a->strafe = unit_of(ctx, g, side, !side, s);
			a->card = BGW_STRAFING;
		}
		if (e && s)
			umpire_node_error(ctx->diags, n, "a move plays one card, Escort "
				"or Strafing Shot, not both");
	} else if (sh) {
		a->kind = BGW_ACT_SHOOT;
		a->unit = unit_of(ctx, g, side, side, sh);
	} else if (sp) {
		a->kind = BGW_ACT_SPELL;
		a->unit = unit_of(ctx, g, side, !side, sp);
	} else if (cd) {
		a->kind = BGW_ACT_CARD;
		a->card = bgw_find_card(umpire_node_cstr(cd));
		if (a->card < 0)
			return false;
		const struct umpire_node *w = umpire_map_get(n, "warrior");
		const struct umpire_node *ar = umpire_map_get(n, "archer");
		const struct umpire_node *un = umpire_map_get(n, "unit");
		const struct umpire_node *t = umpire_map_get(n, "target");
		const struct umpire_node *p = umpire_map_get(n, "point");
		const char *need = NULL;
		switch (a->card) {
		case BGW_POTION1: case BGW_POTION3: case BGW_POTION5:
			need = !die ? "die" : NULL;
			break;
		case BGW_POISON1: case BGW_POISON3: case BGW_POISON5:
			/* BGW-16: "to a roll", the player's own too. */
			if (!bgw_letter(ctx))
				goto not_an_action;
			need = !die ? "die" : NULL;
			break;
		case BGW_THRUST: case BGW_SHOVE:
			need = !w ? "warrior" : !t ? "target" : NULL;
			a->unit = unit_of(ctx, g, side, side, w);
			a->target = unit_of(ctx, g, side, !side, t);
			break;
		case BGW_AIMED:
			need = !ar ? "archer" : !die ? "die" : NULL;
			a->unit = unit_of(ctx, g, side, side, ar);
			break;
		case BGW_ABJURATION: case BGW_CONJURATION:
			need = !p ? "point" : NULL;
			break;
		case BGW_REINCARNATION:
			need = !un ? "unit" : !p ? "point" : NULL;
			a->unit = unit_of(ctx, g, side, side, un);
			break;
		case BGW_SPYMASTER: case BGW_TRANSMUTATION: case BGW_MANIFESTATION:
			break;
		default:
		not_an_action:
			umpire_node_error(ctx->diags, cd, "%s is not played as an "
				"action: %s", bgw_cards[a->card].name,
				bgw_cards[a->card].timing == BGW_DECLARE ? "it is played "
				"in declare orders, before the roll (BGW-23, BGW-25)" :
				bgw_cards[a->card].timing == BGW_ON_MOVE ? "name it on the "
				"move it goes with (escort: or strafe:, BGW-27)" :
				"it answers the opponent, as a standing reaction (BGW-21)");
			return false;
		}
		if (need)
			umpire_node_error(ctx->diags, n, "%s needs %s:",
				bgw_cards[a->card].name, need);
		a->point = point_of(p, side);
	} else {
		umpire_node_error(ctx->diags, n, "an action is a move, a shoot, a "
			"spell or a card");
	}
	return ctx->diags->errors == errors;
}

void
bgw_orders_read(struct umpire_ctx *ctx, const struct bgw_game *g,
	const struct umpire_node *doc, struct bgw_orders *o)
{
	const struct umpire_node *decl = umpire_map_get(doc, "declare");
	const struct umpire_node *card = umpire_map_get(doc, "card");
	const struct umpire_node *keep = umpire_map_get(doc, "keep");
	const struct umpire_node *dbl = umpire_map_get(doc, "doubles");
	const struct umpire_node *acts = umpire_map_get(doc, "actions");
	const struct umpire_node *reacts = umpire_map_get(doc, "reactions");
	int side = g->to_move;

	memset(o, 0, sizeof(*o));
	o->doc = doc;
	o->before = -1;
	o->actions_node = acts;
	if (g->declaring) {
		const struct umpire_node *bad = keep ? keep : dbl ? dbl : acts;
		if (bad)
			umpire_node_error(ctx->diags, bad, "%s declares at this step, "
				"before the roll: give declare: (move, archers or mages); "
				"the dice are played at the next step (BGW-4)",
				bgw_sides[side]);
		if (!decl)
			umpire_node_error(ctx->diags, doc, "missing declare: %s "
				"declares move, archers or mages before the roll (Units "
				"and Core Abilities, BGW-4)", bgw_sides[side]);
		for (int m = 0; decl && m < 3; m++)
			if (umpire_node_is_str(decl, bgw_modes[m]))
				o->mode = (enum bgw_mode)m;
		if (card && card->type == UMPIRE_STR) {
			o->before = bgw_find_card(card->u.s.ptr);
			if (o->before >= 0 && bgw_cards[o->before].timing != BGW_DECLARE)
				umpire_node_error(ctx->diags, card, "%s is not played "
					"before the roll; only divination and duplication are "
					"(BGW-23, BGW-25)", bgw_cards[o->before].name);
		}
	} else {
		if (decl || card)
			umpire_node_error(ctx->diags, decl ? decl : card, "%s plays "
				"dice at this step; the declaration came before the roll "
				"(BGW-4)", bgw_sides[side]);
		if (keep && keep->type == UMPIRE_SEQ && keep->u.seq.n == 2) {
			o->keep[0] = (int)umpire_node_integer(keep->u.seq.v[0], 0);
			o->keep[1] = (int)umpire_node_integer(keep->u.seq.v[1], 0);
		}
		if (dbl)
			o->doubles = umpire_node_is_str(dbl, "four") ? 4 : 2;
		for (size_t i = 0; acts && acts->type == UMPIRE_SEQ &&
		    i < acts->u.seq.n && o->nact < BGW_MAX_ACTIONS; i++)
			if (read_action(ctx, g, side, acts->u.seq.v[i],
			    &o->act[o->nact]))
				o->nact++;
	}
	if (reacts) {
		/*
		 * What the reactions hold is secret: no diagnostic here names
		 * a card of them, as stderr may be a public CI log.
		 */
		o->reactions = true;
		if (!g->deck)
			umpire_node_error(ctx->diags, reacts, "reactions: the Power "
				"Deck is off in this game (options.power-deck)");
		else if (!ctx->partial && !bgw_was_sealed(ctx, reacts))
			umpire_node_error(ctx->diags, reacts, "reactions: given in the "
				"clear, in orders every player can read; seal them to the "
				"game (umpire seal, or age -r RECIPIENT -a) so that only "
				"the umpire learns them (BGW-21)");
		if (reacts->type == UMPIRE_SEQ && !ctx->partial) {
			for (size_t i = 0; i < reacts->u.seq.n; i++) {
				const struct umpire_node *e = reacts->u.seq.v[i];
				int c = bgw_find_card(umpire_node_cstr(umpire_map_get(e,
					"card")));
				bool roll = c == BGW_CALTROPS || c == BGW_THIEF ||
					c == BGW_POISON1 || c == BGW_POISON3 || c == BGW_POISON5;
				if (umpire_map_get(e, "when") && !roll)
					umpire_node_error(ctx->diags, e, "when: only a card "
						"that answers a roll (caltrops, poison, thief) has "
						"one (BGW-21)");
				if (umpire_map_get(e, "against") && c != BGW_PARRY)
					umpire_node_error(ctx->diags, e, "against: only parry "
						"names the cards it answers (BGW-22)");
				if (umpire_map_get(e, "die") && (c < BGW_POISON1 ||
				    c > BGW_POISON5 || !bgw_letter(ctx)))
					umpire_node_error(ctx->diags, e, "die: only poison "
						"names the die it lowers (BGW-16)");
				for (size_t k = 0; k < i; k++)
					if (c >= 0 && bgw_find_card(umpire_node_cstr(
					    umpire_map_get(reacts->u.seq.v[k], "card"))) == c)
						umpire_node_error(ctx->diags, e, "reactions: "
							"entries %zu and %zu name the same card; a card "
							"is played once", k + 1, i + 1);
			}
			o->nreact = bgw_reactions_read(reacts, o->react);
		}
	}
}
