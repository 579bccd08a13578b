/*
 * stand.c - what may stand in Very Simple Generic Miniatures Rules
 * (umpire-vsgmr(7), Standing orders): the phases of a round and the
 * choice of who starts, and the bot's.
 */
#include <string.h>

#include "game/ruleset.h"
#include "vsgmr.h"

size_t
vs_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body)
{
	size_t before = ctx->diags->errors;
	bool phase = false;

	(void)game;
	/*
	 * Nothing in VSGMR is secret: whether orders are legal when their
	 * phase comes is public.  The check hook judges their keys then.
	 */
	for (int i = 0; i < VS_PHASES; i++)
		phase |= strcmp(kind, vs_phase_names[i]) == 0;
	if (!phase)
		umpire_node_error(ctx->diags, body, "standing: %s is no decision of "
			"a round; orders stand for initiative, move, distance, "
			"hand-to-hand and skill", kind);
	return ctx->diags->errors - before;
}

/* An entry of list: kind, orders body, else nothing (key: []). */
static struct umpire_node *
entry(struct umpire_arena *a, struct umpire_node *list, const char *kind,
	bool hold)
{
	struct umpire_node *e = umpire_seq_add(a, list, umpire_node_map(a,
		false));

	umpire_map_add(a, e, "kind", umpire_node_str(a, kind));
	if (hold)
		umpire_map_add(a, e, "hold", umpire_node_bool(a, true));
	return umpire_map_add(a, e, "orders", umpire_node_map(a, false));
}

/*
 * The bot chooses itself to start whenever it wins the initiative, until
 * it says otherwise; and for each attack phase of this round still to
 * come, the attacks its own bot draws on the table as it stands now,
 * else none (VS-44); its skill rolls, none.  Its letter for the next
 * round replaces them.
 */
void
vs_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	const struct vs_game *g = game;
	struct umpire_arena *a = ctx->arena;
	int p = g->pos.player;

	if (p < 0)
		return;
	struct umpire_node *list = umpire_map_add(a, orders, "standing",
		umpire_node_seq(a, false));
	struct umpire_node *body = entry(a, list,
		vs_phase_names[VS_PHASE_INITIATIVE], true);
	umpire_map_add(a, body, "first", umpire_node_str(a, g->player[p].id));
	for (int ph = (int)g->pos.phase + 1; ph < VS_PHASES; ph++) {
		if (ph == VS_PHASE_MOVE)
			continue;
		body = entry(a, list, vs_phase_names[ph], false);
		const char *key = ph == VS_PHASE_SKILL ? "skills" : "attacks";
		if (ph == VS_PHASE_SKILL) {
			umpire_map_add(a, body, key, umpire_node_seq(a, true));
			continue;
		}
		struct vs_game *c = vs_game_copy(a, g);
		c->pos.phase = (enum vs_phase)ph;
		struct umpire_node *mine = umpire_node_map(a, false);
		vs_bot(ctx, c, rng, mine);
		const struct umpire_node *v = umpire_map_get(mine, key);
		umpire_map_add(a, body, key, v ? (struct umpire_node *)v :
			umpire_node_seq(a, true));
		struct umpire_node *e = list->u.seq.v[list->u.seq.n - 1];
		struct umpire_node *none = umpire_seq_add(a, umpire_map_add(a, e,
			"else", umpire_node_seq(a, false)), umpire_node_map(a, true));
		umpire_map_add(a, none, key, umpire_node_seq(a, true));
	}
}
