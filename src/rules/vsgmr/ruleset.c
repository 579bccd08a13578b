/*
 * ruleset.c - VSGMR's entry in the ruleset registry and the hooks core
 * calls: a game from a scenario or a state, the decision awaited, orders
 * checked and carried out, the bot, the board and the picture.  What
 * each does is the files' before it; here they are put together, the
 * step's report framed, the dice drawn from core's seeded stream, and
 * the result written when the game ends.
 *
 * Solo play (X, VS-54, VS-60): a decision of a player marked bot is
 * made by umpire's bot inside the step that brings it, drawn from an
 * rng seeded from the game, the step and the decision's number in it
 * (umpire-vsgmr(7), "The bot"), and told in that step's report; so the
 * history holds only the human players' orders, and verify, replaying
 * each step, makes the same decisions again.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "game/ruleset.h"
#include "vsgmr.h"

/* The most bot decisions in one step: a whole game of bots is a
 * simulation, whose steps come one a decision. */
#define SOLO_MAX 10000

static int
core_die(void *arg, unsigned sides, const char *purpose)
{
	return (int)umpire_dice_roll(arg, sides, "%s", purpose);
}

static const char *const over_how[] = {
	[VS_NOT_OVER] = "",
	[VS_OVER_ROUNDS] = "the last round is over (II)",
	[VS_OVER_FALLEN] = "a force is destroyed (II, VS-45)",
	[VS_OVER_LAST] = "one force is left (VS-45)",
	[VS_OVER_STALLED] = "nothing more can happen (VS-45)",
	[VS_OVER_SCENARIO] = "the scenario's own end (VIII)",
};

/*
 * Rule the game as ctx's version does: sight by 13 lines before 0.6.0
 * (VS-25).  The version is the step's, not the state's (verify replays
 * each step as its version made it), so every hook that decides sets
 * it first; the game is this ruleset's own, allocated writable.
 */
static const struct vs_game *
rule_as(const void *game, const struct umpire_ctx *ctx)
{
	struct vs_game *g = (struct vs_game *)(uintptr_t)game;

	g->sampled_sight = ctx->version && umpire_version_older(ctx->version,
		UMPIRE_VS_EXACT_SIGHT_SINCE);
	return g;
}

/* Write the end into the result: how, the scores and the ranks. */
static void
game_over(struct umpire_ctx *ctx, const struct vs_game *g)
{
	long long score[VS_MAX_PLAYERS];

	umpire_result_end(ctx->result, ctx->step, "%s", over_how[g->pos.over]);
	if (!g->won || umpire_version_older(ctx->version,
	    UMPIRE_SCENARIO_SCORES_SINCE)) {
		vs_final_scores(g, score);
		vs_result_rank(ctx->result, score, g->nplayers);
		return;
	}
	/* VS-49, VS-50, VS-53: the scenario names the winners; each
	 * still scores the points he destroyed (VS-46, VS-48). */
	bool first[VS_MAX_PLAYERS];
	vs_final_points(g, score);
	vs_result_rank(ctx->result, score, g->nplayers);
	for (int p = 0; p < g->nplayers; p++)
		first[p] = (g->winners >> p) & 1u;
	umpire_result_rank_first(ctx->result, first);
}

static unsigned
bots_of(const struct vs_game *g)
{
	unsigned b = 0;

	for (int p = 0; p < g->nplayers; p++)
		if (g->player[p].bot)
			b |= 1u << p;
	return b;
}

/*
 * The decisions umpire's bot makes (X), one after another, each told;
 * then the end of the game if it came.  Returns how many it made.
 */
static int
solo(struct umpire_ctx *ctx, struct vs_game *g, const struct vs_roller *dice,
	struct vs_told *tell)
{
	int made = 0;

	while (g->pos.player >= 0 && vs_round_by_bot(&g->pos) &&
	    made < SOLO_MAX) {
		struct umpire_rng rng;
		char salt[256];
		int p = g->pos.player;
		struct umpire_node *orders = umpire_node_map(ctx->arena, false);
		struct vs_orders o;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;

		snprintf(salt, sizeof(salt), "umpire-vsgmr-solo\n%s\n%ld\n%d",
			ctx->game_id ? ctx->game_id : "", ctx->step, made);
		umpire_rng_seed(&rng, salt, strlen(salt));
		if (g->player[p].bot_level > 1 && !umpire_version_older(
		    ctx->version, UMPIRE_BOT_SINCE))
			vs_bot_level(ctx, g, salt, &orders);
		else
			vs_bot(ctx, g, &rng, orders);
		size_t bad = vs_orders_read(&o, ctx->arena, g, p, g->pos.phase,
			orders, false, &d);
		umpire_diags_free(&d);
		if (bad) {
			/* The bot's orders fail their own check: pass, rather
			 * than stop the game (a bug, which the soak would find). */
			memset(&o, 0, sizeof(o));
			o.phase = g->pos.phase;
			o.player = p;
			o.first = p;
			o.spawn_edge = -1;
		}
		umpire_buf_printf(tell->out, "\n**%s** (umpire's bot, X): %s.\n\n",
			g->player[p].id, vs_phase_names[g->pos.phase]);
		if (vs_resolve(g, &o, dice, tell) != 0)
			break;
		made++;
	}
	return made;
}

static void
finish(struct umpire_ctx *ctx, struct vs_game *g, struct umpire_buf *body)
{
	struct vs_roller dice = { core_die, ctx->dice };
	struct vs_told tell = { body, ctx->arena, ctx->marks };

	solo(ctx, g, &dice, &tell);
	if (body->len)
		umpire_report_printf(ctx->report, "%.*s", (int)body->len,
			body->ptr);
	if (g->pos.player < 0) {
		game_over(ctx, g);
		umpire_report_printf(ctx->report, "\nThe game is over: %s.\n",
			ctx->result->how);
	} else {
		umpire_report_printf(ctx->report, "\nNext: %s, %s, round %d.\n",
			g->player[g->pos.player].id, vs_phase_names[g->pos.phase],
			g->pos.round);
	}
}

static void *
create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario)
{
	struct vs_game *g = umpire_arena_alloc(ga, sizeof(*g));
	struct umpire_buf body = UMPIRE_BUF_INIT;

	if (vs_scenario_read(g, ga, scenario, ctx->diags) != 0)
		return NULL;
	rule_as(g, ctx);
	g->pos.bots = bots_of(g);
	g->pos.solo = g->solo;
	const char *title = umpire_node_cstr(umpire_map_get(scenario, "title"));
	umpire_report_title(ctx->report, "Step 0: set-up");
	umpire_report_printf(ctx->report, "%s: %s, %d players, on %s.\n\n",
		title ? title : "Very Simple Generic Miniatures Rules",
		vs_scenario_names[g->scenario], g->nplayers, g->on_map ?
		"a battle map (IX)" : "a tabletop (II)");
	struct vs_roller dice = { core_die, ctx->dice };
	struct vs_told tell = { &body, ctx->arena, ctx->marks };
	vs_advance(g, &dice, &tell);
	finish(ctx, g, &body);
	umpire_report_headline(ctx->report, "%s", g->pos.player >= 0 ?
		umpire_arena_printf(ctx->arena, "Round 1: %s decides.",
		g->player[g->pos.player].id) : "The game is over.");
	umpire_buf_free(&body);
	return g;
}

static void *
decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state)
{
	struct vs_game *g = umpire_arena_alloc(ga, sizeof(*g));
	size_t errors = ctx->diags->errors;

	if (vs_state_read(g, ga, state, ctx->diags) != 0)
		return NULL;
	g->pos.bots = bots_of(g);
	g->pos.solo = g->solo;
	if (ctx->awaiting) {
		const char *want = g->pos.player >= 0 ?
			g->player[g->pos.player].id : NULL;
		if (!want || strcmp(want, ctx->awaited.player) != 0 ||
		    strcmp(ctx->awaited.kind, vs_phase_names[g->pos.phase]) != 0)
			umpire_node_error(ctx->diags, ctx->awaiting, "awaiting: "
				"round %d awaits %s's %s, not %s's %s", g->pos.round,
				want ? want : "nobody", vs_phase_names[g->pos.phase],
				ctx->awaited.player, ctx->awaited.kind);
	} else if (!ctx->result->over) {
		umpire_node_error(ctx->diags, state, "a game is awaiting a "
			"decision or over");
	}
	return ctx->diags->errors == errors ? g : NULL;
}

static void
encode(struct umpire_ctx *ctx, const void *game, struct umpire_node *state)
{
	const struct vs_game *g = game;

	if (g->pos.player >= 0 && ctx->tail)
		umpire_map_add(ctx->arena, ctx->tail, "round",
			umpire_node_int(ctx->arena, g->pos.round));
	vs_state_write(ctx->arena, g, state);
}

static void
decision(const void *game, struct umpire_decision *out)
{
	const struct vs_game *g = game;

	if (g->pos.player < 0)
		return;
	out->player = g->player[g->pos.player].id;
	out->kind = vs_phase_names[g->pos.phase];
	out->round = g->pos.round > 0 ? g->pos.round : 1;
}

static size_t
check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders)
{
	const struct vs_game *g = rule_as(game, ctx);
	struct vs_orders o;

	return vs_orders_read(&o, ctx->arena, g, g->pos.player, g->pos.phase,
		orders, ctx->partial, ctx->diags);
}

static void
resolve(struct umpire_ctx *ctx, void *game, const struct umpire_node *orders)
{
	struct vs_game *g = game;
	struct vs_orders o;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	rule_as(game, ctx);
	struct umpire_buf body = UMPIRE_BUF_INIT;
	int p = g->pos.player, round = g->pos.round;
	enum vs_phase phase = g->pos.phase;

	vs_orders_read(&o, ctx->arena, g, p, phase, orders, false, &d);
	umpire_diags_free(&d);
	umpire_report_title(ctx->report, "Step %ld: round %d, %s: %s",
		ctx->step, round, vs_phase_names[phase], g->player[p].id);
	struct vs_roller dice = { core_die, ctx->dice };
	struct vs_told tell = { &body, ctx->arena, ctx->marks };
	vs_resolve(g, &o, &dice, &tell);
	finish(ctx, g, &body);
	umpire_report_headline(ctx->report, "%s", g->pos.player >= 0 ?
		umpire_arena_printf(ctx->arena, "Round %d, %s: %s decided; next "
		"%s, %s.", round, vs_phase_names[phase], g->player[p].id,
		g->player[g->pos.player].id, vs_phase_names[g->pos.phase]) :
		umpire_arena_printf(ctx->arena, "Round %d, %s: %s decided; the "
		"game is over.", round, vs_phase_names[phase], g->player[p].id));
	umpire_buf_free(&body);
}

static void
bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	vs_bot(ctx, rule_as(game, ctx), rng, orders);
}

static bool
empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	return vs_empty(ctx, rule_as(game, ctx), orders, why);
}

static size_t
stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body)
{
	return vs_stands(ctx, rule_as(game, ctx), kind, body);
}

static void
bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	vs_bot_standing(ctx, rule_as(game, ctx), rng, orders);
}

const struct umpire_ruleset umpire_ruleset_vsgmr = {
	.version = UMPIRE_RULESET_VERSION,
	.name = "vsgmr",
	.title = "Very Simple Generic Miniatures Rules",
	.players = "2 or more (the scenario's)",
	.default_scenario = "samples/vsgmr/standard.yaml",
	.create = create,
	.decode = decode,
	.encode = encode,
	.decision = decision,
	.check = check,
	.resolve = resolve,
	.bot = bot,
	.board = vs_board,
	.picture = vs_picture,
	.empty = empty,
	.stands = stands,
	.bot_standing = bot_standing,
	.evaluate = vs_evaluate,
	.search_units = true,
};
