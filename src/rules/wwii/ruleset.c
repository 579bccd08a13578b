/*
 * ruleset.c - WWII Combined Arms' entry in the ruleset registry, the
 * rulebook's Unit Master List, and what every file of the folder shares
 * about units, sides and squares.
 */
#include <stdio.h>
#include <string.h>

#include "wwii.h"

/* UNIT MASTER LIST: name, type (class), Move, Range, Defense. */
const struct wwii_type_info wwii_types[WWII_TYPES] = {
	[WWII_INFANTRY] = { "infantry", "General Infantry", "IN", "inf", 'I',
		1, 1, 5 },
	[WWII_PARATROOPERS] = { "paratroopers", "Paratroopers", "PA", "para",
		'I', 1, 1, 4 },
	[WWII_ENGINEERS] = { "engineers", "Engineers", "EN", "eng", 'I',
		1, 1, 4 },
	[WWII_MECH] = { "mech-infantry", "Mechanized Infantry", "MI", "mech",
		'I', 2, 1, 4 },
	[WWII_LIGHT_TANK] = { "light-tank", "Light Tanks", "LT", "lt", 'T',
		3, 2, 3 },
	[WWII_MEDIUM_TANK] = { "medium-tank", "Medium Tanks", "MT", "mt", 'T',
		2, 2, 4 },
	[WWII_HEAVY_TANK] = { "heavy-tank", "Heavy Tanks", "HT", "ht", 'T',
		1, 2, 5 },
	[WWII_HOWITZER] = { "howitzer", "Howitzers", "HW", "how", 'L',
		1, 3, 3 },
	[WWII_AT_GUN] = { "at-gun", "Anti-Tank Guns", "AT", "at", 'L', 1, 2, 3 },
	[WWII_AA_GUN] = { "aa-gun", "Anti-Aircraft Guns", "AA", "aa", 'L',
		1, 2, 3 },
	[WWII_AIRFIELD] = { "airfield", "Air Field", "AF", "af", 'A', 2, 4, 2 },
	[WWII_FORTIFICATION] = { "fortification", "Fortification", "FO", "fort",
		'B', 0, 3, 6 },
	[WWII_HQ] = { "hq", "Headquarters", "HQ", "hq", 'B', 0, 1, 6 },
};

const char *const wwii_sides[2] = { "allies", "axis" };
const char *const wwii_Sides[2] = { "The allies", "The axis" };
const char *const wwii_adj[2] = { "allied", "axis" };
const char *const wwii_dirs[WWII_DIRS] = {
	"back", "back-left", "back-right", "left", "right",
};
const char *const wwii_hows[WWII_HOWS] = {
	"no-retreat", "off-board", "base", "double-whammy",
};
const char *const wwii_kinds[3] = { "army", "place", "turn" };
/* WW-13: straight back, then diagonally back, then sideways. */
const unsigned char wwii_default_retreat[WWII_DIRS] = {
	WWII_BACK, WWII_BACK_LEFT, WWII_BACK_RIGHT, WWII_LEFT, WWII_RIGHT,
};

int
wwii_find_type(const char *name)
{
	for (int t = 0; t < WWII_TYPES; t++)
		if (strcmp(wwii_types[t].name, name) == 0)
			return t;
	return -1;
}

int
wwii_find_dir(const char *name)
{
	for (int d = 0; d < WWII_DIRS; d++)
		if (strcmp(wwii_dirs[d], name) == 0)
			return d;
	return -1;
}

int
wwii_find_side(const char *name)
{
	return strcmp(name, "axis") == 0 ? WWII_AXIS :
		strcmp(name, "allies") == 0 ? WWII_ALLIES : -1;
}

bool
wwii_is_tank(enum wwii_type t)
{
	return wwii_types[t].cls == 'T';
}

bool
wwii_is_base(enum wwii_type t)
{
	return wwii_types[t].cls == 'B';
}

/* ------------------------------------------------------------- unit ids */

/*
 * Ids to units by open addressing: a campaign turn names hundreds of
 * units, and a linear search for each would cost more than the turn.
 */
struct wwii_ids {
	size_t cap;		/* a power of two */
	int *slot;		/* unit reference + 1, or 0 */
};

static uint32_t
hash(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

void
wwii_index_ids(struct wwii_game *g)
{
	size_t want = 16, n = (size_t)g->nunits[0] + (size_t)g->nunits[1];

	while (want < 2 * n + 2)
		want *= 2;
	if (!g->ids || g->ids->cap < want) {
		g->ids = umpire_arena_alloc(g->arena, sizeof(*g->ids));
		g->ids->cap = want;
		g->ids->slot = umpire_arena_alloc(g->arena, want * sizeof(int));
	} else {
		memset(g->ids->slot, 0, g->ids->cap * sizeof(int));
	}
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nunits[s]; i++) {
			size_t k = hash(g->units[s][i].id) & (g->ids->cap - 1);
			while (g->ids->slot[k])
				k = (k + 1) & (g->ids->cap - 1);
			g->ids->slot[k] = wwii_ref(s, i) + 1;
		}
}

int
wwii_find_unit(const struct wwii_game *g, const char *id, int *side)
{
	if (!g->ids)
		return -1;
	size_t k = hash(id) & (g->ids->cap - 1);
	for (; g->ids->slot[k]; k = (k + 1) & (g->ids->cap - 1)) {
		int ref = g->ids->slot[k] - 1;
		int s = wwii_ref_side(ref), i = wwii_ref_index(ref);
		if (strcmp(g->units[s][i].id, id) == 0) {
			*side = s;
			return i;
		}
	}
	return -1;
}

int
wwii_add_unit(struct wwii_game *g, int side)
{
	int i = g->nunits[side];
	size_t cap = g->cap[side];

	g->units[side] = umpire_arena_grow(g->arena, g->units[side],
		sizeof(*g->units[side]), (size_t)i, &g->cap[side], (size_t)i + 1);
	g->pos.where[side] = umpire_arena_grow(g->arena, g->pos.where[side],
		sizeof(int), (size_t)i, &cap, (size_t)i + 1);
	memset(&g->units[side][i], 0, sizeof(g->units[side][i]));
	g->pos.where[side][i] = -1;
	g->pos.units[side] = g->units[side];
	g->nunits[side] = i + 1;
	g->pos.n[side] = i + 1;
	return i;
}

/* -------------------------------------------------------------- squares */

struct umpire_square
wwii_square(const struct wwii_game *g, int sq)
{
	return umpire_grid_square(&g->grid, sq);
}

const char *
wwii_sq_name(struct umpire_arena *a, const struct wwii_game *g, int sq)
{
	char name[UMPIRE_SQUARE_NAME];

	if (sq < 0)
		return "off the board";
	return umpire_arena_strdup(a, umpire_grid_name(wwii_square(g, sq), name));
}

int
wwii_own_rank(const struct wwii_game *g, int side, int rank)
{
	return side == WWII_ALLIES ? rank : g->grid.ranks + 1 - rank;
}

bool
wwii_in_setup(const struct wwii_game *g, int side, int sq)
{
	return wwii_own_rank(g, side, wwii_square(g, sq).rank) <= g->setup_rows;
}

const char *
wwii_setup_ranks(struct umpire_arena *a, const struct wwii_game *g, int side)
{
	int back = wwii_own_rank(g, side, 1);
	int front = wwii_own_rank(g, side, g->setup_rows);

	return umpire_arena_printf(a, "ranks %d to %d", back < front ? back :
		front, back < front ? front : back);
}

const char *
wwii_unit_text(struct umpire_arena *a, const struct wwii_unit *u)
{
	return umpire_arena_printf(a, "%s (%s%s)", u->id, u->elite ? "elite " :
		"", wwii_types[u->type].title);
}

void
wwii_retreat_order(const struct wwii_unit *u, unsigned char out[WWII_DIRS])
{
	bool used[WWII_DIRS] = { false };
	int n = 0;

	for (int i = 0; i < u->nretreat; i++) {
		out[n++] = u->retreat[i];
		used[u->retreat[i]] = true;
	}
	for (int i = 0; i < WWII_DIRS; i++)
		if (!used[wwii_default_retreat[i]])
			out[n++] = wwii_default_retreat[i];
}

const char *
wwii_default_id(struct umpire_arena *a, const struct wwii_game *g, int side,
	enum wwii_type t, int *nth, bool (*taken)(void *ctx, const char *id),
	void *ctx)
{
	char prefix = side == WWII_ALLIES ? 'a' : 'x';
	int s;

	/*
	 * WW-2: one HQ a side, so it needs no number (a second, refused by
	 * Army Creation, gets one so as not to be refused twice).  An id a
	 * player gave some other unit, of either side, is skipped: a default
	 * never makes a duplicate the player did not write.
	 */
	for (;; ++*nth) {
		const char *id = t == WWII_HQ && *nth == 1 ?
			umpire_arena_printf(a, "%c-hq", prefix) :
			umpire_arena_printf(a, "%c-%s%d", prefix, wwii_types[t].idcode,
			*nth);
		if ((!g || wwii_find_unit(g, id, &s) < 0) &&
		    (!taken || !taken(ctx, id)))
			return id;
	}
}

bool
wwii_reinforcement_due(const struct wwii_game *g, int turn)
{
	return g->opt.reinforcements && turn % WWII_REINFORCE_EVERY == 0;
}

int
wwii_alive(const struct wwii_game *g, int side)
{
	int n = 0;

	for (int i = 0; i < g->nunits[side]; i++)
		n += !g->units[side][i].destroyed;
	return n;
}

bool
wwii_holds_cities(const struct wwii_pos *p, int side)
{
	const struct wwii_game *g = p->g;
	int cities = 0;

	if (!g->opt.cities)
		return false;
	for (int sq = 0; sq < g->nsquares; sq++)
		if (g->terrain[sq] & WWII_CITY) {
			cities++;
			if (p->at[sq] < 0 || wwii_ref_side(p->at[sq]) != side)
				return false;
		}
	return cities > 0;
}

bool
wwii_takes_last_city(const struct wwii_pos *p, int side, int entered)
{
	return (p->g->terrain[entered] & WWII_CITY) &&
		wwii_holds_cities(p, side);
}

static void
decision(const void *game, struct umpire_decision *out)
{
	const struct wwii_game *g = game;

	if (g->to_move < 0)
		return;
	out->player = wwii_sides[g->to_move];
	out->kind = wwii_kinds[g->kind];
	/* A round is a turn of each side; deployment belongs to the first. */
	out->round = (g->turns[0] < g->turns[1] ? g->turns[0] : g->turns[1]) + 1;
}

const struct umpire_ruleset umpire_ruleset_wwii = {
	.version = UMPIRE_RULESET_VERSION,
	.name = "wwii",
	.title = "WWII Combined Arms",
	.players = "2 (allies, axis)",
	.default_scenario = "samples/wwii/standard.yaml",
	.create = wwii_create,
	.decode = wwii_decode,
	.encode = wwii_encode,
	.decision = decision,
	.check = wwii_check,
	.resolve = wwii_resolve,
	.bot = wwii_bot,
	.board = wwii_board,
	.picture = wwii_picture,
	.empty = wwii_empty,
	.stands = wwii_stands,
	.bot_standing = wwii_bot_standing,
	.evaluate = wwii_evaluate,
};
