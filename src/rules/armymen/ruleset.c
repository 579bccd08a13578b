/*
 * ruleset.c - Army Men's entry in the ruleset registry, the rulebook's
 * Weapons table and turn deck, and what every file of the folder shares
 * about units and the table they stand on.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

#include "game/version.h"

/*
 * Weapons: Firepower, and the Notes column read out (Hand Grenades,
 * Bazookas, Mortars, Tanks).  Burst radii: bazooka and mortar 3",
 * grenade 2".  Sub-machineguns fire at short range only; grenades reach
 * 6".  A tank's main gun "works just like a Bazooka" but for long range.
 */
const struct am_weapon_info am_weapons[AM_WEAPONS] = {
	[AM_PISTOL] = { "pistol", "Pistol", 'P', 1, 0, 0, 0, false, true,
		false, false, true, true },
	[AM_RIFLE] = { "rifle", "Rifle", 'R', 2, 0, 0, 0, false, true,
		false, false, true, true },
	[AM_SMG] = { "smg", "Sub-Machinegun", 'S', 3, 0, 0, AM_SHORT, true,
		true, false, false, true, true },
	[AM_MG] = { "machine-gun", "Machine Gun", 'M', 4, 0, 0, 0, true, false,
		false, false, true, true },
	[AM_BAZOOKA] = { "bazooka", "Bazooka", 'B', 1, 6, 3 * AM_INCH, 0, false,
		false, true, false, true, true },
	[AM_MORTAR] = { "mortar", "Mortar", 'O', 1, 6, 3 * AM_INCH, 0, false,
		false, true, true, true, true },
	[AM_GRENADE] = { "grenade", "Hand Grenade", 'G', 1, 3, 2 * AM_INCH,
		AM_GRENADE_RANGE, false, false, false, true, false, false },
	[AM_MAIN_GUN] = { "main-gun", "Main Gun", 'T', 1, 6, 3 * AM_INCH, 0,
		false, false, true, false, false, true },
};

const char *const am_sides[2] = { "green", "tan" };
const char *const am_Sides[2] = { "Green", "Tan" };
const char *const am_actions[AM_ACTIONS] = {
	"moves", "fires", "assaults", "rallies",
};
const char *const am_Actions[AM_ACTIONS] = {
	"Moves", "Fires", "Assaults", "Rallies",
};

const char *
am_card_name(int card)
{
	static const char *const names[AM_CARDS] = {
		"green-moves", "green-fires", "green-assaults", "green-rallies",
		"tan-moves", "tan-fires", "tan-assaults", "tan-rallies",
	};
	return names[card];
}

const char *
am_card_title(int card)
{
	static const char *const titles[AM_CARDS] = {
		"Green Player Moves", "Green Player Fires",
		"Green Player Assaults", "Green Player Rallies",
		"Tan Player Moves", "Tan Player Fires", "Tan Player Assaults",
		"Tan Player Rallies",
	};
	return titles[card];
}

int
am_find_card(const char *name)
{
	for (int c = 0; c < AM_CARDS; c++)
		if (strcmp(am_card_name(c), name) == 0)
			return c;
	return -1;
}

int
am_find_weapon(const char *name)
{
	for (int w = 0; w < AM_WEAPONS; w++)
		if (strcmp(am_weapons[w].name, name) == 0)
			return w;
	return -1;
}

int
am_find_unit(const struct am_game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

int
am_find_block(const struct am_game *g, const char *id)
{
	for (int i = 0; i < g->nblocks; i++)
		if (strcmp(g->blocks[i].id, id) == 0)
			return i;
	return -1;
}

int
am_awaited_action(const struct am_game *g)
{
	return g->ndrawn ? g->drawn[g->ndrawn - 1] % AM_ACTIONS : -1;
}

struct umpire_pt
am_lowest(struct umpire_pt v)
{
	int64_t k = umpire_exact_gcd(v.x, v.y);

	return k ? (struct umpire_pt){ (int32_t)(v.x / k), (int32_t)(v.y / k) } :
		v;
}

int
am_hull(struct umpire_piece *out, const struct am_unit *u,
	struct umpire_pt at, struct umpire_pt facing)
{
	return umpire_piece_box(out, AM_HULL, at, facing, u->length, u->width);
}

void
am_table_build(struct am_game *g)
{
	int n = g->nblocks;

	if (!g->pieces) {
		int tanks = 0;
		for (int i = 0; i < g->nunits; i++)
			tanks += g->units[i].tank;
		g->pieces = umpire_arena_alloc(g->arena,
			((size_t)g->nblocks + (size_t)tanks + 1) * sizeof(*g->pieces));
		g->hull_of = umpire_arena_alloc(g->arena,
			((size_t)g->nunits + 1) * sizeof(int));
	}
	for (int i = 0; i < g->nblocks; i++) {
		g->pieces[i] = g->blocks[i].piece;
		g->pieces[i].kind = g->blocks[i].high ? AM_HIGH : AM_LOW;
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		g->hull_of[i] = -1;
		if (!u->tank || am_hull(&g->pieces[n], u, u->at, u->facing))
			continue;
		g->hull_of[i] = n++;
	}
	g->table = (struct umpire_table){ g->width, g->depth, g->pieces,
		(size_t)n };
}

struct umpire_figure
am_figure(const struct am_game *g, int u)
{
	const struct am_unit *m = &g->units[u];

	return (struct umpire_figure){ m->at, m->tank ? 0 : g->base,
		m->tank ? m->facing : (struct umpire_pt){ 0, 0 } };
}

struct umpire_figure
am_sight_figure(const struct am_game *g, int u)
{
	struct umpire_figure f = am_figure(g, u);

	if (g->units[u].tank)
		f.base = g->units[u].width;
	return f;
}

const char *
am_unit_text(struct umpire_arena *a, const struct am_unit *u)
{
	if (u->tank)
		return umpire_arena_printf(a, "%s (tank)", u->id);
	return umpire_arena_printf(a, "%s (%s%s)", u->id, u->leader ?
		"leader, " : "", am_weapons[u->weapon].name);
}

int
am_standing(const struct am_game *g, int side)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++)
		n += g->units[i].side == side && am_soldier_up(&g->units[i]);
	return n;
}

int
am_tanks_left(const struct am_game *g, int side)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++)
		n += g->units[i].side == side && g->units[i].tank &&
			!g->units[i].dead;
	return n;
}

static void
decision(const void *game, struct umpire_decision *out)
{
	const struct am_game *g = game;

	if (g->to_move < 0)
		return;
	out->player = am_sides[g->to_move];
	out->kind = am_actions[am_awaited_action(g)];
	out->round = g->turn;
}

const struct umpire_ruleset umpire_ruleset_armymen = {
	.version = UMPIRE_RULESET_VERSION,
	.name = "armymen",
	.title = "Army Men",
	.players = "2 (green, tan)",
	.default_scenario = "samples/armymen/standard.yaml",
	.create = am_create,
	.decode = am_decode,
	.encode = am_encode,
	.decision = decision,
	.check = am_check,
	.resolve = am_resolve,
	.bot = am_bot,
	.board = am_board,
	.picture = am_picture,
	.empty = am_empty,
	.stands = am_stands,
	.bot_standing = am_bot_standing,
	.evaluate = am_evaluate,
	.search_units = true,
};

struct am_game *
am_game_copy(struct umpire_arena *a, const struct am_game *g)
{
	struct am_game *c = umpire_arena_alloc(a, sizeof(*c));

	*c = *g;
	c->arena = a;
	c->units = umpire_arena_alloc(a, ((size_t)g->nunits + 1) *
		sizeof(*c->units));
	memcpy(c->units, g->units, (size_t)g->nunits * sizeof(*c->units));
	c->blocks = umpire_arena_alloc(a, ((size_t)g->nblocks + 1) *
		sizeof(*c->blocks));
	memcpy(c->blocks, g->blocks, (size_t)g->nblocks * sizeof(*c->blocks));
	c->pieces = NULL;
	c->hull_of = NULL;
	am_table_build(c);
	return c;
}

int
am_fallen(const struct am_game *g, int side, int *out)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		if (u->side != side || !u->dead || u->tank)
			continue;
		int k = n++;
		while (k > 0 && g->units[out[k - 1]].died > u->died) {
			out[k] = out[k - 1];
			k--;
		}
		out[k] = i;
	}
	return n;
}

int
am_rulings(const struct umpire_ctx *ctx)
{
	if (!ctx->version ||
	    !umpire_version_older(ctx->version, UMPIRE_BLOCK_TARGET_SINCE))
		return AM_EXACT_BLOCKS;
	return umpire_version_older(ctx->version, UMPIRE_EXACT_SIGHT_SINCE) ?
		AM_SAMPLED : AM_EXACT;
}
