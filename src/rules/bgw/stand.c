/*
 * stand.c - what may stand in Backgammon Wars (umpire-bgw(7), Standing
 * orders): the declaration, and the bot's.
 */
#include <string.h>

#include "bgw.h"

size_t
bgw_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body)
{
	size_t before = ctx->diags->errors;

	(void)game;
	/*
	 * A declaration is legal or not by the units on the board, which
	 * both sides see.  A card before the roll may stand in no order:
	 * whether it is still held is the hand's secret, and a standing
	 * declaration refused for it would tell.  The dice are played as
	 * they come.
	 */
	if (strcmp(kind, "declare") != 0) {
		umpire_node_error(ctx->diags, body, "standing: only the declaration "
			"stands in Backgammon Wars (kind: declare), not %s; play the "
			"dice when they are rolled", kind);
		return ctx->diags->errors - before;
	}
	for (size_t i = 0; i < body->u.map.n; i++)
		if (!umpire_node_is_str(body->u.map.v[i].key, "declare"))
			umpire_node_error(ctx->diags, body->u.map.v[i].key, "standing: "
				"a standing declaration holds declare alone, not %s: "
				"whether a card is still held is secret, so a card "
				"before the roll is played at the declaration itself",
				body->u.map.v[i].key->u.s.ptr);
	if (!umpire_map_get(body, "declare"))
		umpire_node_error(ctx->diags, body, "standing: a standing "
			"declaration needs declare: move, archers or mages");
	return ctx->diags->errors - before;
}

/*
 * The bot's declaration holds every turn until it sends another, with
 * each letter: move, or one time in 32 archers or mages as long as the
 * side has them (its bot_declare's odds).
 */
void
bgw_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	const struct bgw_game *g = game;
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, mode = BGW_MOVE;

	if (side < 0)
		return;
	if (bgw_alive(g, side, BGW_ARCHER) && umpire_rng_below(rng, 32) == 0)
		mode = BGW_ARCHERS;
	else if (bgw_alive(g, side, BGW_MAGE) && umpire_rng_below(rng, 32) == 0)
		mode = BGW_MAGES;
	struct umpire_node *list = umpire_map_add(a, orders, "standing",
		umpire_node_seq(a, false));
	struct umpire_node *e = umpire_seq_add(a, list, umpire_node_map(a,
		false));
	umpire_map_add(a, e, "kind", umpire_node_str(a, "declare"));
	umpire_map_add(a, e, "hold", umpire_node_bool(a, true));
	struct umpire_node *body = umpire_map_add(a, e, "orders",
		umpire_node_map(a, true));
	umpire_map_add(a, body, "declare", umpire_node_str(a, bgw_modes[mode]));
}
