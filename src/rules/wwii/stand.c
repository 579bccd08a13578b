/*
 * stand.c - what may stand in WWII Combined Arms (umpire-wwii(7),
 * Standing orders): the placements of a deployment, and the bot's.
 */
#include <string.h>

#include "wwii.h"

size_t
wwii_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body)
{
	size_t before = ctx->diags->errors;

	(void)game;
	/*
	 * A placement is legal or not by the board alone, which both sides
	 * see; an army or a turn is answered as it comes.
	 */
	if (strcmp(kind, "place") != 0) {
		umpire_node_error(ctx->diags, body, "standing: only placements "
			"stand in WWII Combined Arms (kind: place), not %s; answer "
			"it when it comes", kind);
		return ctx->diags->errors - before;
	}
	for (size_t i = 0; i < body->u.map.n; i++)
		if (!umpire_node_is_str(body->u.map.v[i].key, "place"))
			umpire_node_error(ctx->diags, body->u.map.v[i].key, "standing: "
				"a standing placement holds place alone, not %s",
				body->u.map.v[i].key->u.s.ptr);
	if (!umpire_map_get(body, "place"))
		umpire_node_error(ctx->diags, body, "standing: a standing "
			"placement needs place: {unit, at}");
	return ctx->diags->errors - before;
}

/*
 * The bot places every unit still to place: the one its orders place
 * now, and each other on a square of the setup rows still free, in an
 * order and on squares drawn at random.
 */
void
wwii_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	const struct wwii_game *g = game;
	struct umpire_arena *a = ctx->arena;
	const struct umpire_node *now = umpire_map_get(orders, "place");

	if (g->to_move < 0 || g->kind != WWII_PLACE || !now)
		return;
	int side = g->to_move, nu = 0, ns = 0;
	const char *unit = umpire_node_cstr(umpire_map_get(now, "unit"));
	const char *at = umpire_node_cstr(umpire_map_get(now, "at"));
	int *units = umpire_arena_alloc(a, ((size_t)g->nunits[side] + 1) *
		sizeof(int));
	int *squares = umpire_arena_alloc(a, ((size_t)g->nsquares + 1) *
		sizeof(int));
	for (int i = 0; i < g->nunits[side]; i++)
		if (!g->units[side][i].destroyed && g->pos.where[side][i] < 0 &&
		    strcmp(g->units[side][i].id, unit) != 0)
			units[nu++] = i;
	for (int sq = 0; sq < g->nsquares; sq++)
		if (g->pos.at[sq] < 0 && wwii_in_setup(g, side, sq) &&
		    strcmp(wwii_sq_name(a, g, sq), at) != 0)
			squares[ns++] = sq;
	struct umpire_node *list = umpire_map_add(a, orders, "standing",
		umpire_node_seq(a, false));
	for (int k = 0; k < nu && ns > 0; k++) {
		int j = (int)umpire_rng_below(rng, (uint64_t)ns);
		struct umpire_node *e = umpire_seq_add(a, list, umpire_node_map(a,
			false));
		umpire_map_add(a, e, "kind", umpire_node_str(a, "place"));
		struct umpire_node *body = umpire_map_add(a, e, "orders",
			umpire_node_map(a, false));
		struct umpire_node *p = umpire_map_add(a, body, "place",
			umpire_node_map(a, true));
		umpire_map_add(a, p, "unit", umpire_node_str(a,
			g->units[side][units[k]].id));
		umpire_map_add(a, p, "at", umpire_node_str(a, wwii_sq_name(a, g,
			squares[j])));
		squares[j] = squares[--ns];
	}
}
