/*
 * hooks.c - Backgammon Wars' entry in the ruleset registry.
 */
#include "bgw.h"

static void
decision(const void *game, struct umpire_decision *out)
{
	const struct bgw_game *g = game;

	if (g->to_move < 0)
		return;
	out->player = bgw_sides[g->to_move];
	out->kind = g->declaring ? "declare" : "play";
	out->round = (g->turn + 1) / 2;	/* a turn of each side */
}

const struct umpire_ruleset umpire_ruleset_bgw = {
	.version = UMPIRE_RULESET_VERSION,
	.name = "bgw",
	.title = "Backgammon Wars",
	.players = "2 (white, black)",
	.default_scenario = "samples/bgw/standard.yaml",
	.create = bgw_create,
	.decode = bgw_decode,
	.encode = bgw_encode,
	.decision = decision,
	.check = bgw_check,
	.resolve = bgw_resolve,
	.bot = bgw_bot,
	.board = bgw_board,
	.picture = bgw_picture,
	.empty = bgw_empty,
	.evaluate = bgw_evaluate,
	.hides = bgw_hides,
	.secret_encode = bgw_secret_encode,
	.secret_decode = bgw_secret_decode,
	.view = bgw_view,
};
