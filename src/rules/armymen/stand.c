/*
 * stand.c - what may stand in Army Men (umpire-armymen(7), Standing
 * orders): the orders of every card of a turn, and the bot's.
 */
#include <string.h>

#include "armymen.h"

static const char *const keys[AM_ACTIONS] = {
	"moves", "fire", "assaults", "rally",
};

size_t
am_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body)
{
	size_t before = ctx->diags->errors;
	int action = -1;

	(void)game;
	/* The table is public: whether orders are legal when drawn is too. */
	for (int i = 0; i < AM_ACTIONS; i++)
		if (strcmp(kind, am_actions[i]) == 0)
			action = i;
	if (action < 0) {
		umpire_node_error(ctx->diags, body, "standing: %s is no card of "
			"Army Men's; orders stand for moves, fires, assaults and "
			"rallies", kind);
		return ctx->diags->errors - before;
	}
	for (size_t i = 0; i < body->u.map.n; i++)
		if (!umpire_node_is_str(body->u.map.v[i].key, keys[action]))
			umpire_node_error(ctx->diags, body->u.map.v[i].key, "standing: "
				"orders for a %s card hold %s alone, not %s", kind,
				keys[action], body->u.map.v[i].key->u.s.ptr);
	return ctx->diags->errors - before;
}

/*
 * The bot's orders for each card of its side not drawn yet this turn,
 * drawn on the table as it stands now, as its own for that card would
 * be; each, else nothing (rallies: every pinned soldier tries, leaders
 * first, AM-19, which is always legal).  Used once: the next turn's
 * first card asks again.
 */
void
am_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	const struct am_game *g = game;
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move;

	if (side < 0)
		return;
	struct umpire_node *list = umpire_node_seq(a, false);
	for (int action = 0; action < AM_ACTIONS; action++) {
		int card = side * AM_ACTIONS + action;
		bool drawn = false;
		for (int i = 0; i < g->ndrawn; i++)
			drawn |= g->drawn[i] == card;
		if (drawn)
			continue;
		struct umpire_node *e = umpire_seq_add(a, list, umpire_node_map(a,
			false));
		umpire_map_add(a, e, "kind", umpire_node_str(a, am_actions[action]));
		struct umpire_node *body = umpire_map_add(a, e, "orders",
			umpire_node_map(a, false));
		if (action == AM_RALLIES)
			continue;
		/* The bot's orders as if this card were drawn now. */
		struct am_game *c = am_game_copy(a, g);
		c->drawn[c->ndrawn - 1] = card;
		struct umpire_node *mine = umpire_node_map(a, false);
		am_bot(ctx, c, rng, mine);
		const struct umpire_node *v = umpire_map_get(mine, keys[action]);
		umpire_map_add(a, body, keys[action], (struct umpire_node *)v);
		struct umpire_node *alts = umpire_map_add(a, e, "else",
			umpire_node_seq(a, false));
		struct umpire_node *none = umpire_seq_add(a, alts,
			umpire_node_map(a, true));
		umpire_map_add(a, none, keys[action], umpire_node_seq(a, true));
	}
	if (list->u.seq.n)	/* none with the last card of a turn */
		umpire_map_add(a, orders, "standing", list);
}
