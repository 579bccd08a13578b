/*
 * plan.c - what WWII Combined Arms allows: where a unit may move, whom
 * it may attack, what damage an attack does, and where a retreat goes.
 *
 * Every question is asked of a position (struct wwii_pos): the game's
 * own when resolve carries a turn out, a copy when check and the bot
 * plan one.  There are no dice in a turn, so a plan is exactly what the
 * turn will do: the moves in order, then the Fire Phase played on the
 * copy by fire.c, as resolve plays it (wwii_fire_hit, WW-10).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wwii.h"

void
wwii_pos_copy(struct wwii_pos *out, const struct wwii_pos *p,
	struct umpire_arena *a, int extra)
{
	const struct wwii_game *g = p->g;

	out->g = g;
	out->at = umpire_arena_alloc(a, (size_t)g->nsquares * sizeof(int));
	memcpy(out->at, p->at, (size_t)g->nsquares * sizeof(int));
	for (int s = 0; s < 2; s++) {
		size_t n = (size_t)p->n[s] + (extra == s);
		out->n[s] = p->n[s];
		out->where[s] = umpire_arena_alloc(a, (n ? n : 1) * sizeof(int));
		if (p->n[s])
			memcpy(out->where[s], p->where[s], (size_t)p->n[s] *
				sizeof(int));
		/* The Fire Phase played ahead destroys units and makes them
		 * elite: the copy has units of its own. */
		out->units[s] = umpire_arena_alloc(a, (n ? n : 1) *
			sizeof(struct wwii_unit));
		if (p->n[s])
			memcpy(out->units[s], p->units[s],
				(size_t)p->n[s] * sizeof(struct wwii_unit));
	}
}

int
wwii_pos_add(struct wwii_pos *p, int side, const struct wwii_unit *u, int sq)
{
	int i = p->n[side]++;

	p->units[side][i] = *u;
	p->where[side][i] = sq;
	if (sq >= 0)
		p->at[sq] = wwii_ref(side, i);
	return i;
}

int *
wwii_allowances(struct umpire_arena *a, const struct wwii_pos *p, int side)
{
	int *allow = umpire_arena_alloc(a, ((size_t)p->n[side] + 1) *
		sizeof(int));

	for (int i = 0; i < p->n[side]; i++) {
		const struct wwii_unit *u = &p->units[side][i];
		int sq = p->where[side][i];
		/* Paratroopers: "Have a Move = 4 if they start the turn next to
		 * a friendly Airfield" (WW-8). */
		allow[i] = u->type == WWII_PARATROOPERS && sq >= 0 &&
			wwii_next_to_airfield(p, side, sq) ? 4 :
			wwii_types[u->type].move;
	}
	return allow;
}

int
wwii_reinforce_rank(const struct wwii_pos *p, int side)
{
	const struct wwii_game *g = p->g;

	for (int own = 1; own <= g->setup_rows; own++) {
		int rank = wwii_own_rank(g, side, own);	/* both ways */
		for (int f = 1; f <= g->grid.files; f++)
			if (p->at[umpire_grid_index(&g->grid,
			    (struct umpire_square){ f, rank })] < 0)
				return own;
	}
	return 0;
}

/* WW-20: difficult terrain, and cities when both rules are in play. */
static bool
difficult(const struct wwii_game *g, int sq)
{
	return g->opt.terrain &&
		(g->terrain[sq] & (WWII_DIFFICULT | WWII_CITY)) != 0;
}

int
wwii_defense(const struct wwii_pos *p, int side, int i)
{
	const struct wwii_unit *u = &p->units[side][i];
	int sq = p->where[side][i];

	/* Elite Units: +1 to Defense; Difficult Terrain: +1. */
	return wwii_types[u->type].defense + u->elite +
		(sq >= 0 && difficult(p->g, sq));
}

int
wwii_damage(const struct wwii_unit *attacker, const struct wwii_unit *target)
{
	/*
	 * "An attack does 1 point of damage."  Each special rule makes it
	 * 2 "instead of 1", and two of them still make 2 (WW-11).
	 */
	if (attacker->elite)
		return 2;
	if (attacker->type == WWII_ENGINEERS &&
	    (target->type == WWII_FORTIFICATION || target->type == WWII_HQ))
		return 2;
	if (attacker->type == WWII_AT_GUN && wwii_is_tank(target->type))
		return 2;
	return 1;
}

int
wwii_protector(const struct wwii_pos *p, int side, int sq)
{
	const struct wwii_game *g = p->g;
	struct umpire_square near[9];
	size_t n = umpire_grid_within(&g->grid, wwii_square(g, sq), 1, near);

	/*
	 * AA Guns: "The AA gun and all adjacent units are immune to attacks
	 * by Airfields" -- every unit next to a gun, whichever side either
	 * is on (WW-16).  side's own guns are named first, then the others.
	 */
	for (int k = 0; k < 2; k++) {
		int s = k ? !side : side;
		for (size_t j = 0; j < n; j++) {
			int ref = p->at[umpire_grid_index(&g->grid, near[j])];
			if (ref >= 0 && wwii_ref_side(ref) == s &&
			    p->units[s][wwii_ref_index(ref)].type == WWII_AA_GUN)
				return ref;
		}
	}
	return -1;
}

bool
wwii_next_to_airfield(const struct wwii_pos *p, int side, int sq)
{
	const struct wwii_game *g = p->g;
	struct umpire_square near[8];
	int n = umpire_grid_neighbours(&g->grid, wwii_square(g, sq), near);

	for (int k = 0; k < n; k++) {
		int ref = p->at[umpire_grid_index(&g->grid, near[k])];
		if (ref >= 0 && wwii_ref_side(ref) == side &&
		    p->units[side][wwii_ref_index(ref)].type == WWII_AIRFIELD)
			return true;
	}
	return false;
}

/* The first unit of side next to sq, or -1. */
static int
neighbour_of(const struct wwii_pos *p, int side, int sq)
{
	const struct wwii_game *g = p->g;
	struct umpire_square near[8];
	int n = umpire_grid_neighbours(&g->grid, wwii_square(g, sq), near);

	for (int k = 0; k < n; k++) {
		int ref = p->at[umpire_grid_index(&g->grid, near[k])];
		if (ref >= 0 && wwii_ref_side(ref) == side)
			return wwii_ref_index(ref);
	}
	return -1;
}

struct reach_ctx {
	const struct wwii_pos *p;
	bool stops;		/* a tank or mechanized infantry */
};

static bool
enter_empty(void *vctx, struct umpire_square s)
{
	const struct reach_ctx *c = vctx;

	/* WW-6: only through empty squares, friend and foe alike block. */
	return c->p->at[umpire_grid_index(&c->p->g->grid, s)] < 0;
}

static bool
stop_on_terrain(void *vctx, struct umpire_square s)
{
	const struct reach_ctx *c = vctx;

	/* Difficult Terrain: "Tanks & Mechanized Infantry entering these
	 * spaces must stop." */
	return c->stops && difficult(c->p->g, umpire_grid_index(&c->p->g->grid, s));
}

void
wwii_reach(struct umpire_grid_reach *r, const struct wwii_pos *p, int side,
	int i, int move)
{
	const struct wwii_unit *u = &p->units[side][i];
	struct reach_ctx c = { p, wwii_is_tank(u->type) || u->type == WWII_MECH };

	umpire_grid_reach(r, &p->g->grid, wwii_square(p->g, p->where[side][i]),
		move, enter_empty, stop_on_terrain, &c);
}


static const char *
name(const struct wwii_game *g, int sq, char *buf)
{
	return umpire_grid_name(wwii_square(g, sq), buf);
}

bool
wwii_try_move(struct wwii_pos *p, int side, int i, int to, int move,
	char *why, size_t n)
{
	const struct wwii_game *g = p->g;
	const struct wwii_unit *u = &p->units[side][i];
	const struct wwii_type_info *t = &wwii_types[u->type];
	int from = p->where[side][i];
	char a[UMPIRE_SQUARE_NAME], b[UMPIRE_SQUARE_NAME];

	if (from < 0)
		return umpire_refuse(why, n, "%s is not on the board", u->id);
	if (t->move == 0)
		return umpire_refuse(why, n, "%s is a base and cannot move (Move 0, Unit "
			"Master List)", u->id);
	if (to == from)
		return umpire_refuse(why, n, "%s is on %s already; leave it out of moves to "
			"keep it there", u->id, name(g, to, a));
	if (p->at[to] >= 0) {
		int ref = p->at[to];
		return umpire_refuse(why, n, "%s is held by %s; units may not stack "
			"(Setup)", name(g, to, a),
			p->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
	}
	/* Next door and empty: no search needed (most moves of a big turn). */
	bool near = move >= 1 && umpire_grid_distance(wwii_square(g, from),
		wwii_square(g, to)) == 1;
	struct umpire_grid_reach r;
	if (!near)
		wwii_reach(&r, p, side, i, move);
	if (!near && umpire_grid_reach_steps(&r, wwii_square(g, to)) < 0) {
		int d = umpire_grid_distance(wwii_square(g, from),
			wwii_square(g, to));
		const char *para = u->type == WWII_PARATROOPERS ?
			move == 4 ? " (4, as it started the turn next to a friendly "
			"airfield, WW-8)" : " (4 only when it starts the turn next to "
			"a friendly airfield, WW-8)" : "";
		if (d > move)
			return umpire_refuse(why, n, "%s on %s has Move %d%s, and %s is %d "
				"squares away (Move Phase)", u->id, name(g, from, a), move,
				para, name(g, to, b), d);
		/* In range, so something is in the way: say what. */
		struct reach_ctx c = { p, false };
		struct umpire_grid_reach open;
		umpire_grid_reach(&open, &g->grid, wwii_square(g, from), move,
			enter_empty, NULL, &c);
		if (umpire_grid_reach_steps(&open, wwii_square(g, to)) >= 0)
			return umpire_refuse(why, n, "%s cannot reach %s: %s stop on entering "
				"difficult terrain, and every path of %d squares or fewer "
				"crosses some (Difficult Terrain, WW-20)", u->id,
				name(g, to, a), wwii_is_tank(u->type) ? "tanks" :
				"mechanized infantry", move);
		return umpire_refuse(why, n, "%s cannot reach %s: every path of %d square%s "
			"or fewer from %s passes through a unit, and units move only "
			"through empty squares (WW-6)", u->id, name(g, to, a), move,
			move == 1 ? "" : "s", name(g, from, b));
	}
	/* The airfield leaves its square before its new one is judged. */
	p->at[from] = -1;
	if (u->type == WWII_AIRFIELD) {
		int friend = neighbour_of(p, side, to);
		int foe = neighbour_of(p, !side, to);
		if (friend < 0 || foe >= 0) {
			p->at[from] = wwii_ref(side, i);
			if (friend < 0)
				return umpire_refuse(why, n, "an airfield moves only to a square next "
					"to a friendly unit, and no %s unit is next to %s (Move "
					"Phase, WW-7)", wwii_adj[side], name(g, to, a));
			return umpire_refuse(why, n, "an airfield may not move next to an enemy "
				"unit, and %s is next to %s (Move Phase, WW-7)",
				name(g, to, a), p->units[!side][foe].id);
		}
	}
	p->at[to] = wwii_ref(side, i);
	p->where[side][i] = to;
	return true;
}

bool
wwii_can_attack(const struct wwii_pos *p, int side, int i, int t, char *why,
	size_t n)
{
	const struct wwii_game *g = p->g;
	const struct wwii_unit *u = &p->units[side][i], *v = &p->units[!side][t];
	int from = p->where[side][i], at = p->where[!side][t];
	char a[UMPIRE_SQUARE_NAME], b[UMPIRE_SQUARE_NAME];

	if (from < 0)
		return umpire_refuse(why, n, "%s is not on the board", u->id);
	if (at < 0)
		return umpire_refuse(why, n, "%s is not on the board", v->id);
	int d = umpire_grid_distance(wwii_square(g, from), wwii_square(g, at));
	int range = wwii_types[u->type].range;
	/* Range: "the maximum number of spaces distant"; ranges 2+ fire over
	 * units, so nothing between matters (WW-9). */
	if (d > range)
		return umpire_refuse(why, n, "%s on %s is %d squares from %s on %s, beyond "
			"%s's Range %d (Fire Phase, WW-9)", v->id, name(g, at, a), d,
			u->id, name(g, from, b), u->id, range);
	if (u->type == WWII_AIRFIELD) {
		int aa = wwii_protector(p, !side, at);
		if (aa >= 0 && wwii_ref_side(aa) == side)
			return umpire_refuse(why, n, "%s is immune to attacks by airfields: %s, "
				"an %s anti-aircraft gun, is next to it, and an AA gun shields "
				"the units of both sides (AA Guns, WW-16)", v->id,
				p->units[side][wwii_ref_index(aa)].id, wwii_adj[side]);
		if (aa >= 0)
			return umpire_refuse(why, n, "%s is immune to attacks by airfields: %s "
				"is an anti-aircraft gun%s (AA Guns, WW-16)", v->id,
				p->units[!side][wwii_ref_index(aa)].id,
				wwii_ref_index(aa) == t ? "" : " next to it");
	}
	return true;
}

int
wwii_step(const struct wwii_game *g, int side, int sq, int d)
{
	struct umpire_square s = wwii_square(g, sq);
	/* Back is toward the side's own back row; left and right as its
	 * owner sees the board from there (WW-13). */
	int back = side == WWII_ALLIES ? -1 : 1;
	int left = side == WWII_ALLIES ? -1 : 1;

	switch (d) {
	case WWII_BACK: s.rank += back; break;
	case WWII_BACK_LEFT: s.rank += back; s.file += left; break;
	case WWII_BACK_RIGHT: s.rank += back; s.file -= left; break;
	case WWII_LEFT: s.file += left; break;
	case WWII_RIGHT: s.file -= left; break;
	default: return -1;
	}
	return umpire_grid_on(&g->grid, s) ? umpire_grid_index(&g->grid, s) : -1;
}

static bool
lateral(int d)
{
	return d == WWII_LEFT || d == WWII_RIGHT;
}

int
wwii_retreat_square(const struct wwii_pos *p, int side, int i, int *dir,
	bool *off)
{
	const struct wwii_unit *u = &p->units[side][i];
	unsigned char order[WWII_DIRS];
	int from = p->where[side][i];

	*off = false;
	*dir = -1;
	if (from < 0 || wwii_types[u->type].move == 0)
		return -1;
	wwii_retreat_order(u, order);
	for (int k = 0; k < WWII_DIRS; k++) {
		int d = order[k], to = wwii_step(p->g, side, from, d);
		if (to < 0) {
			*off = true;
			continue;
		}
		if (p->at[to] >= 0)
			continue;
		/* "A unit cannot move laterally if it will come in contact with
		 * an enemy unit" (WW-14). */
		if (lateral(d) && neighbour_of(p, !side, to) >= 0)
			continue;
		*dir = d;
		return to;
	}
	return -1;
}

void
wwii_retreat_why(const struct wwii_pos *p, int side, int i, int d, char *why,
	size_t n)
{
	int to = wwii_step(p->g, side, p->where[side][i], d);
	char a[UMPIRE_SQUARE_NAME];

	if (to < 0) {
		snprintf(why, n, "the board ends there");
	} else if (p->at[to] >= 0) {
		int ref = p->at[to];
		snprintf(why, n, "%s is held by %s", name(p->g, to, a),
			p->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
	} else {
		int foe = neighbour_of(p, !side, to);
		snprintf(why, n, "%s is next to %s, an enemy, and a unit cannot "
			"move laterally into contact", name(p->g, to, a),
			foe >= 0 ? p->units[!side][foe].id : "?");
	}
}
