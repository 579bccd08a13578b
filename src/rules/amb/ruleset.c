/*
 * ruleset.c - Army Man Backgammon's entry in the ruleset registry, and
 * the rulebook's tables.
 */
#include <string.h>

#include "amb.h"

/* WEAPON TABLE */
const struct amb_weapon_info amb_weapons[AMB_WEAPONS] = {
	[AMB_BAZOOKA] = { "bazooka", "bazooka", "baz", 6 },
	[AMB_MORTAR] = { "mortar", "mortar", "mor", 6 },
	[AMB_RADIO] = { "radio", "radio", "rad", 6 },
	[AMB_MACHINE_GUN] = { "machine-gun", "machine gun", "mg", 5 },
	[AMB_RIFLE] = { "rifle", "rifle", "rif", 4 },
	[AMB_SMG] = { "smg", "SMG", "smg", 3 },
	[AMB_GRENADE] = { "grenade", "grenade", "gre", 2 },
	[AMB_FLAMETHROWER] = { "flamethrower", "flamethrower", "fla", 2 },
	[AMB_PISTOL] = { "pistol", "pistol", "pis", 1 },
};

/* STANCE TABLE */
const struct amb_stance_info amb_stances[AMB_STANCES] = {
	[AMB_PRONE] = { "prone", 'P', 3, 4 },
	[AMB_KNEELING] = { "kneeling", 'K', 4, 3 },
	[AMB_STANDING] = { "standing", 'S', 5, 2 },
	[AMB_RUNNING] = { "running", 'R', 6, 1 },
};

const char *const amb_sides[2] = { "green", "tan" };
const char *const amb_hows[4] = { "shot", "captured", "lost", "mined" };

int
amb_find_weapon(const char *name)
{
	for (int w = 0; w < AMB_WEAPONS; w++)
		if (strcmp(amb_weapons[w].name, name) == 0)
			return w;
	return -1;
}

int
amb_find_stance(const char *name)
{
	for (int s = 0; s < AMB_STANCES; s++)
		if (strcmp(amb_stances[s].name, name) == 0)
			return s;
	return -1;
}

int
amb_find_man(const struct amb_game *g, const char *id, int *side)
{
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nmen[s]; i++)
			if (strcmp(g->men[s][i].id, id) == 0) {
				*side = s;
				return i;
			}
	return -1;
}

static void
decision(const void *game, struct umpire_decision *out)
{
	const struct amb_game *g = game;

	if (g->to_move < 0)
		return;
	out->player = amb_sides[g->to_move];
	out->kind = g->laying ? "minefields" : "turn";
}

const struct umpire_ruleset umpire_ruleset_amb = {
	.version = UMPIRE_RULESET_VERSION,
	.name = "amb",
	.title = "Army Man Backgammon",
	.players = "2 (green, tan)",
	.default_scenario = "samples/amb/standard.yaml",
	.create = amb_create,
	.decode = amb_decode,
	.encode = amb_encode,
	.decision = decision,
	.check = amb_check,
	.resolve = amb_resolve,
	.bot = amb_bot,
	.board = amb_board,
	.picture = amb_picture,
	.empty = amb_empty,
	.evaluate = amb_evaluate,
	.imagine = amb_imagine,
	.hides = amb_hides,
	.secret_encode = amb_secret_encode,
	.secret_decode = amb_secret_decode,
	.view = amb_view,
};
