/*
 * ruleset.c - Backgammon Wars' tables, the questions every other file
 * asks of the board (who stands where, on top, trapped, protected), and
 * the ruleset's entry in the registry.
 */
#include <stdio.h>
#include <string.h>

#include "bgw.h"

/* Power Deck; Potion and Poison as three cards each (BGW-20). */
const struct bgw_card_info bgw_cards[BGW_CARDS] = {
	[BGW_POTION1] = { "potion-1", "Potion (+1)", BGW_WARRIOR, BGW_PLAY, 1 },
	[BGW_POTION3] = { "potion-3", "Potion (+3)", BGW_WARRIOR, BGW_PLAY, 3 },
	[BGW_POTION5] = { "potion-5", "Potion (+5)", BGW_WARRIOR, BGW_PLAY, 5 },
	[BGW_CALTROPS] = { "caltrops", "Caltrops", BGW_WARRIOR, BGW_REACTION, 0 },
	[BGW_ESCORT] = { "escort", "Escort", BGW_WARRIOR, BGW_ON_MOVE, 0 },
	[BGW_THRUST] = { "thrust", "Thrust", BGW_WARRIOR, BGW_PLAY, 0 },
	[BGW_SHOVE] = { "shove", "Shove", BGW_WARRIOR, BGW_PLAY, 0 },
	[BGW_PARRY] = { "parry", "Parry", BGW_WARRIOR, BGW_REACTION, 0 },
	[BGW_POISON1] = { "poison-1", "Poison (-1)", BGW_ARCHER, BGW_REACTION, 1 },
	[BGW_POISON3] = { "poison-3", "Poison (-3)", BGW_ARCHER, BGW_REACTION, 3 },
	[BGW_POISON5] = { "poison-5", "Poison (-5)", BGW_ARCHER, BGW_REACTION, 5 },
	[BGW_SPYMASTER] = { "spymaster", "Spymaster", BGW_ARCHER, BGW_PLAY, 0 },
	[BGW_THIEF] = { "thief", "Thief", BGW_ARCHER, BGW_REACTION, 0 },
	[BGW_SABOTAGE] = { "sabotage", "Sabotage", BGW_ARCHER, BGW_REACTION, 0 },
	[BGW_STRAFING] = { "strafing-shot", "Strafing Shot", BGW_ARCHER,
		BGW_ON_MOVE, 0 },
	[BGW_AIMED] = { "aimed-shot", "Aimed Shot", BGW_ARCHER, BGW_PLAY, 0 },
	[BGW_DIVINATION] = { "divination", "Divination", BGW_MAGE, BGW_DECLARE,
		0 },
	[BGW_TRANSMUTATION] = { "transmutation", "Transmutation", BGW_MAGE,
		BGW_PLAY, 0 },
	[BGW_DUPLICATION] = { "duplication", "Duplication", BGW_MAGE,
		BGW_DECLARE, 0 },
	[BGW_EVOCATION] = { "evocation", "Evocation", BGW_MAGE, BGW_REACTION, 0 },
	[BGW_ABJURATION] = { "abjuration", "Abjuration", BGW_MAGE, BGW_PLAY, 0 },
	[BGW_REINCARNATION] = { "reincarnation", "Reincarnation", BGW_MAGE,
		BGW_PLAY, 0 },
	[BGW_CONJURATION] = { "conjuration", "Conjuration", BGW_MAGE, BGW_PLAY,
		0 },
	[BGW_MANIFESTATION] = { "manifestation", "Manifestation", BGW_MAGE,
		BGW_PLAY, 0 },
};

const char *const bgw_sides[2] = { "white", "black" };
const char *const bgw_Sides[2] = { "White", "Black" };
const char *const bgw_types[BGW_TYPES] = { "warrior", "archer", "mage" };
const char *const bgw_modes[3] = { "move", "archers", "mages" };

int
bgw_find_card(const char *name)
{
	if (!name)
		return -1;	/* not a string: the schema says so */
	for (int c = 0; c < BGW_CARDS; c++)
		if (strcmp(bgw_cards[c].name, name) == 0)
			return c;
	return -1;
}

int
bgw_find_unit(const struct bgw_game *g, const char *id)
{
	if (!id)
		return -1;
	for (int i = 0; i < BGW_ALL; i++)
		if (strcmp(g->u[i].id, id) == 0)
			return i;
	return -1;
}

int
bgw_count(const struct bgw_game *g, int side, int abs)
{
	int n = 0;

	for (int i = side * BGW_UNITS; i < (side + 1) * BGW_UNITS; i++)
		n += g->u[i].at == abs;
	return n;
}

int
bgw_top(const struct bgw_game *g, int side, int abs)
{
	int top = -1;

	for (int i = side * BGW_UNITS; i < (side + 1) * BGW_UNITS; i++)
		if (g->u[i].at == abs && (top < 0 || g->u[i].seq > g->u[top].seq))
			top = i;
	return top;
}

bool
bgw_alive(const struct bgw_game *g, int side, enum bgw_type t)
{
	for (int i = side * BGW_UNITS; i < (side + 1) * BGW_UNITS; i++)
		if (g->u[i].type == t && g->u[i].at != BGW_OFF &&
		    g->u[i].at != BGW_WALL)
			return true;
	return false;
}

int
bgw_trap_at(const struct bgw_game *g, int abs)
{
	for (int i = 0; i < BGW_ALL; i++)
		if (g->u[i].at == abs && g->u[i].trapped_by >= 0)
			return i;
	return -1;
}

bool
bgw_protected(const struct bgw_game *g, int i)
{
	const struct bgw_unit *u = &g->u[i];

	return g->barrier[u->side] && g->barrier[u->side] == u->at &&
		bgw_count(g, u->side, u->at) == 1;
}

bool
bgw_lone(const struct bgw_game *g, int i)
{
	const struct bgw_unit *u = &g->u[i];

	return u->at >= 1 && u->at <= 24 && bgw_count(g, u->side, u->at) == 1 &&
		!bgw_protected(g, i);
}

bool
bgw_holds(const struct bgw_game *g, int side, int card)
{
	for (int k = 0; k < g->nhand[side]; k++)
		if (g->hand[side][k] == card)
			return true;
	return false;
}

void
bgw_position(const struct bgw_game *g, int side, struct bg_pos *p)
{
	memset(p, 0, sizeof(*p));
	p->cap = BGW_CAP;
	for (int i = 0; i < BGW_ALL; i++) {
		const struct bgw_unit *u = &g->u[i];
		int own = bgw_own(side, u->at);
		if (u->side == side) {
			p->own[own]++;
			if (u->trapped_by >= 0)
				p->stuck[own]++;
		} else {
			p->opp[u->at == BGW_WALL || u->at == BGW_OFF ? u->at :
				own]++;
		}
		/* A trap closes its point to both sides (BGW-8), until its
		 * warrior leaves. */
		if (u->trapped_by >= 0)
			p->closed |= 1u << own;
		if (u->trapped_by >= 0 && u->side != side)
			p->release |= 1u << own;
	}
	/* The enemy's barrier: "Opponents cannot stop on this space"; it
	 * stays closed when a trap there ends. */
	if (g->barrier[!side]) {
		p->closed |= 1u << bgw_own(side, g->barrier[!side]);
		p->release &= ~(1u << bgw_own(side, g->barrier[!side]));
	}
	if (g->fire)
		p->fire |= 1u << bgw_own(side, g->fire);
}

void
bgw_place(struct bgw_game *g, int i, int at)
{
	struct bgw_unit *u = &g->u[i];

	/* A trap ends when its warrior leaves, or its prisoner (BGW-8). */
	for (int k = 0; k < BGW_ALL; k++)
		if (g->u[k].trapped_by == i)
			g->u[k].trapped_by = -1;
	u->trapped_by = -1;
	u->at = at;
	u->seq = ++g->seq;
}

void
bgw_renumber(struct bgw_game *g)
{
	/* As decode numbers a state's lists: white's, then black's, each by
	 * place from its 24-point (the Wall first) to off, bottom first. */
	for (int s = 0; s < 2; s++) {
		int v[BGW_UNITS];
		for (int i = 0; i < BGW_UNITS; i++)
			v[i] = s * BGW_UNITS + i;
		for (int i = 1; i < BGW_UNITS; i++)
			for (int j = i; j > 0; j--) {
				const struct bgw_unit *x = &g->u[v[j - 1]];
				const struct bgw_unit *y = &g->u[v[j]];
				int px = bgw_own(s, x->at), py = bgw_own(s, y->at);
				if (px > py || (px == py && x->seq < y->seq))
					break;
				int t = v[j];
				v[j] = v[j - 1];
				v[j - 1] = t;
			}
		for (int i = 0; i < BGW_UNITS; i++)
			g->u[v[i]].seq = s * BGW_UNITS + i + 1;
	}
	g->seq = BGW_ALL;
}

const char *
bgw_unit_text(struct umpire_arena *a, const struct bgw_unit *u)
{
	return umpire_arena_printf(a, "%s (%s)", u->id, bgw_types[u->type]);
}

const char *
bgw_where(struct umpire_arena *a, int side, int abs)
{
	if (abs == BGW_WALL)
		return "the Wall";
	if (abs == BGW_OFF)
		return "off the board";
	return umpire_arena_printf(a, "%s's %d-point", bgw_sides[side],
		bgw_own(side, abs));
}

const char *
bgw_dice_text(struct umpire_arena *a, const int *d, int n)
{
	char buf[64];
	int k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		k += snprintf(buf + k, sizeof(buf) - (size_t)k, "%s%d",
			umpire_list_sep((size_t)i, (size_t)n), d[i]);
	return umpire_arena_strdup(a, buf);
}

int
bgw_across(int p, int n)
{
	/* Quadrants 0 (1-6) to 3 (19-24); across is 3 - q (BGW-10). */
	if (p < 1 || p > 24 || n < 1 || n > 6)
		return 0;
	return 6 * (3 - (p - 1) / 6) + n;
}

bool
bgw_spell_reach(const struct bgw_game *g, int side, int i)
{
	const struct bgw_unit *e = &g->u[i];
	int at = bgw_own(side, e->at), far = 0;

	if (e->side == side || e->at < 1 || e->at > 24 || e->trapped_by >= 0)
		return false;
	/* Not behind all allied mages: some mage no nearer home (BGW-11). */
	for (int k = side * BGW_UNITS; k < (side + 1) * BGW_UNITS; k++)
		if (g->u[k].type == BGW_MAGE && g->u[k].at >= 1 &&
		    g->u[k].at <= 24 && bgw_own(side, g->u[k].at) > far)
			far = bgw_own(side, g->u[k].at);
	return at <= far;
}

bool
bgw_push_ok(const struct bgw_game *g, int i, int q)
{
	int s = g->u[i].side;

	if (q < 1 || q > 24 || bgw_trap_at(g, q) >= 0)
		return false;
	if (bgw_count(g, !s, q) > 0 || bgw_count(g, s, q) >= BGW_CAP)
		return false;
	return g->barrier[!s] != q;
}

bool
bgw_letter(const struct umpire_ctx *ctx)
{
	return !ctx->version ||
		!umpire_version_older(ctx->version, UMPIRE_BGW_LETTER_SINCE);
}

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
	.stands = bgw_stands,
	.bot_standing = bgw_bot_standing,
	.evaluate = bgw_evaluate,
	.imagine = bgw_imagine,
	.hides = bgw_hides,
	.secret_encode = bgw_secret_encode,
	.secret_decode = bgw_secret_decode,
	.view = bgw_view,
};
