/*
 * plan.c - what Army Men allows, measured exactly on the tabletop: a
 * soldier's move (Movement, AM-5 to AM-8), a tank's (AM-9, AM-10), a
 * shot (Firing to Tanks, AM-11 to AM-16), an assault (AM-17) and the
 * leader a rally counts on (AM-18).
 *
 * Nothing here rolls or changes the game: check, resolve and the bot
 * ask the same questions, so a check cannot disagree with the turn.
 * Every answer that refuses says why in one clause, citing the rule.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

const char *
am_piece_name(const struct am_game *g, int piece, char *buf, size_t n)
{
	if (piece < g->nblocks) {
		snprintf(buf, n, "%s block %s", g->blocks[piece].high ? "high" :
			"low", g->blocks[piece].id);
		return buf;
	}
	for (int i = 0; i < g->nunits; i++)
		if (g->hull_of[i] == piece) {
			snprintf(buf, n, "%s %s", g->units[i].dead ? "the wreck of" :
				"tank", g->units[i].id);
			return buf;
		}
	snprintf(buf, n, "piece %d", piece);
	return buf;
}

/* ---------------------------------------------------------- soldiers */

bool
am_soldier_move(const struct am_game *g, int u, const struct umpire_pt *wp,
	size_t n, struct am_move_plan *plan, char *why, size_t nwhy)
{
	const struct am_unit *m = &g->units[u];
	struct umpire_path_hit hit[AM_MAX_BLOCKS + 2 * AM_MAX_UNITS];
	size_t off;
	char name[64];

	memset(plan, 0, sizeof(*plan));
	plan->nearest = -1;
	if (!umpire_path_on_table(&g->table, wp, n, &off))
		return umpire_refuse(why, nwhy, "waypoint %zu, %s, is off the table "
			"(%s by %s inches)", off, am_pt_text(NULL, wp[off]),
			am_len_text(NULL, g->width), am_len_text(NULL, g->depth));
	size_t nh = umpire_path_pieces(hit, &g->table, AM_BLOCKING |
		UMPIRE_KIND(AM_LOW), wp, n, g->base);
	for (size_t i = 0; i < nh; i++) {
		int kind = g->table.piece[hit[i].piece].kind;
		if (kind != AM_LOW && hit[i].crosses)
			return umpire_refuse(why, nwhy, "the path runs into %s; soldiers "
				"cannot move through high blocks (Movement, AM-6)",
				am_piece_name(g, (int)hit[i].piece, name, sizeof(name)));
		if (kind == AM_LOW && hit[i].climbs)
			plan->climbs++;
	}
	bool over;
	if (g->exact) {
		/* TABLE-6: the true length, exactly, against what is left. */
		plan->length = umpire_path_length_up(wp, n);
		over = umpire_path_cmp(wp, n, AM_MOVE - (int64_t)AM_CLIMB *
			plan->climbs) > 0;
	} else {
		plan->length = umpire_path_length(wp, n);
		over = plan->length + (int64_t)AM_CLIMB * plan->climbs > AM_MOVE;
	}
	plan->cost = plan->length + (int64_t)AM_CLIMB * plan->climbs;
	if (over)
		return umpire_refuse(why, nwhy, "the path is %s inches long%s: more than "
			"the 6 inches a soldier moves (Movement, AM-5, TABLE-6)",
			am_len_text(NULL, plan->length), plan->climbs ?
			(plan->climbs == 1 ? ", and 2 more to climb a low block" :
			", and 2 more for each low block climbed") : "");

	/* AM-7: never closer than 3", nor closer than he started. */
	struct umpire_figure me = am_figure(g, u);
	for (int v = 0; v < g->nunits; v++) {
		const struct am_unit *e = &g->units[v];
		if (e->side == m->side || !am_soldier_up(e))
			continue;
		struct umpire_figure f = am_figure(g, v);
		struct umpire_near near;
		umpire_path_closest(&near, wp, n, &f, 1);
		int32_t d = umpire_near_distance(&near, UMPIRE_EDGES, g->base, &f,
			UMPIRE_DOWN);
		if (plan->nearest < 0 || d < plan->nearest_d) {
			plan->nearest = v;
			plan->nearest_d = d;
		}
		if (umpire_near_cmp(&near, UMPIRE_EDGES, g->base, &f,
		    AM_KEEP_AWAY) >= 0)
			continue;
		struct umpire_frac start = umpire_exact_frac(umpire_dist2(me.at,
			f.at), 1);
		if (umpire_exact_frac_cmp(near.d2, start) < 0)
			return umpire_refuse(why, nwhy, "the path comes within %s inches of "
				"%s; soldiers cannot move closer than 3 inches to an "
				"enemy soldier (Movement, AM-7)", am_len_text(NULL, d),
				e->id);
	}
	/* AM-8: he ends on no other figure's base. */
	struct umpire_figure end = me;
	end.at = wp[n - 1];
	for (int v = 0; v < g->nunits; v++) {
		if (v == u || !am_soldier_up(&g->units[v]))
			continue;
		struct umpire_figure f = am_figure(g, v);
		if (umpire_figure_cmp(&end, &f, UMPIRE_CENTRES, g->base) < 0)
			return umpire_refuse(why, nwhy, "he would end on %s's base; a "
				"soldier ends his move clear of other figures (AM-8)",
				g->units[v].id);
	}
	return true;
}

/* ------------------------------------------------------------- tanks */

static bool
straight_ahead(struct umpire_pt facing, struct umpire_pt from,
	struct umpire_pt to)
{
	struct umpire_pt d = umpire_pt_sub(to, from);

	return umpire_cross(facing, d) == 0 && umpire_dot(facing, d) > 0;
}

static bool
hull_on_table(const struct am_game *g, const struct umpire_piece *p)
{
	for (int i = 0; i < p->n; i++)
		if (!umpire_table_holds(&g->table, p->corner[i]))
			return false;
	return true;
}

/* Whether ground swept by tank u meets a block, a hull or a soldier. */
static bool
clear_ground(const struct am_game *g, int u, const struct umpire_piece *sw,
	char *why, size_t nwhy)
{
	char name[64];

	for (size_t i = 0; i < g->table.npieces; i++) {
		if ((int)i == g->hull_of[u])
			continue;
		if (umpire_piece_overlap(sw, &g->table.piece[i]))
			return umpire_refuse(why, nwhy, "the tank would run into %s; tanks "
				"cannot move through any blocks (Movement, AM-10)",
				am_piece_name(g, (int)i, name, sizeof(name)));
	}
	for (int v = 0; v < g->nunits; v++) {
		const struct am_unit *s = &g->units[v];
		if (!am_soldier_up(s))
			continue;
		if (umpire_piece_near(sw, s->at, s->at, g->base))
			return umpire_refuse(why, nwhy, "the tank would run over %s; a "
				"tank's path stays clear of soldiers' bases (AM-10)",
				s->id);
	}
	return true;
}

/* Drive straight from `from` to `to` facing `facing`: what it sweeps. */
static bool
drive_leg(const struct am_game *g, int u, struct umpire_pt from,
	struct umpire_pt to, struct umpire_pt facing, char *why, size_t nwhy)
{
	struct umpire_piece hull, sw;

	if (am_hull(&hull, &g->units[u], from, facing))
		return umpire_refuse(why, nwhy, "the tank's hull would be beyond the "
			"table's bounds");
	if (umpire_pt_eq(from, to)) {
		/* A turn where it stands: the turned hull, on the table. */
		if (!hull_on_table(g, &hull))
			return umpire_refuse(why, nwhy, "turned at %s, the tank's hull would "
				"reach off the table (%s by %s inches); its whole hull "
				"stays on it (AM-10)", am_pt_text(NULL, from),
				am_len_text(NULL, g->width), am_len_text(NULL, g->depth));
		return clear_ground(g, u, &hull, why, nwhy);
	}
	if (umpire_piece_sweep(&sw, &hull, umpire_pt_sub(to, from)))
		return umpire_refuse(why, nwhy, "the tank's path is beyond the table's "
			"bounds");
	struct umpire_piece end = hull;
	if (umpire_piece_move(&end, umpire_pt_sub(to, from)) ||
	    !hull_on_table(g, &end))
		return umpire_refuse(why, nwhy, "the tank would leave the table (%s by %s "
			"inches); its whole hull stays on it (AM-10)",
			am_len_text(NULL, g->width), am_len_text(NULL, g->depth));
	return clear_ground(g, u, &sw, why, nwhy);
}

bool
am_tank_move(const struct am_game *g, int u, const struct am_drive *d,
	struct am_drive_plan *plan, char *why, size_t nwhy)
{
	const struct am_unit *t = &g->units[u];
	struct umpire_pt at = t->at, facing = t->facing, turn_at;
	struct umpire_pt new_facing = facing;
	int64_t length = 0;

	memset(plan, 0, sizeof(*plan));
	if (d->has_via && !d->has_to)
		return umpire_refuse(why, nwhy, "'via' needs 'to': the tank drives to via, "
			"turns to face to, and drives on to it (AM-9)");
	if (d->has_via && d->has_face)
		return umpire_refuse(why, nwhy, "a tank turns once: give via and to, or "
			"to and face, not all three (AM-9)");
	if (!d->has_to && !d->has_face)
		return umpire_refuse(why, nwhy, "give where the tank goes (to), or which "
			"way it turns (face)");
	/* The first leg: straight ahead to via, or to `to` if it turns after. */
	struct umpire_pt first = d->has_via ? d->via : d->has_to ? d->to : at;
	if (!umpire_pt_eq(first, at) && !straight_ahead(facing, at, first))
		return umpire_refuse(why, nwhy, "%s is not straight ahead of the tank, "
			"which faces (%d, %d)%s (Movement, AM-9)",
			am_pt_text(NULL, first), facing.x, facing.y, d->has_via ||
			d->has_face ? "" : "; to turn, give via (or face)");
	length += umpire_path_leg(at, first);
	turn_at = first;
	if (d->has_via) {
		if (umpire_pt_eq(d->to, d->via))
			return umpire_refuse(why, nwhy, "to is where via is: give the point "
				"the tank turns to face and drives to");
		new_facing = umpire_pt_sub(d->to, d->via);
		length += umpire_path_leg(d->via, d->to);
	} else if (d->has_face) {
		new_facing = d->face;
	}
	new_facing = am_lowest(new_facing);
	plan->turned = !(umpire_cross(new_facing, facing) == 0 &&
		umpire_dot(new_facing, facing) > 0);
	if (plan->turned && umpire_dot(new_facing, facing) < 0)
		return umpire_refuse(why, nwhy, "turning from (%d, %d) to (%d, %d) is more "
			"than 90 degrees (Movement, AM-9, TABLE-17)", facing.x,
			facing.y, new_facing.x, new_facing.y);
	int32_t limit = plan->turned ? AM_TANK_TURNING : AM_TANK_STRAIGHT;
	bool over = length > limit;
	if (g->exact) {
		/* TABLE-6: its legs' true lengths, exactly. */
		struct umpire_pt wp[3] = { at, first, d->to };
		size_t n = d->has_via ? 3 : 2;
		length = umpire_path_length_up(wp, n);
		over = umpire_path_cmp(wp, n, limit) > 0;
	}
	if (over)
		return umpire_refuse(why, nwhy, "the tank drives %s inches; a tank moves "
			"12 inches straight forward, or 6 inches and one turn "
			"(Movement, AM-9)", am_len_text(NULL, length));
	if (!drive_leg(g, u, at, first, facing, why, nwhy))
		return false;
	if (plan->turned && !drive_leg(g, u, turn_at, turn_at, new_facing, why,
	    nwhy))
		return false;
	struct umpire_pt end = d->has_via ? d->to : turn_at;
	if (d->has_via && !drive_leg(g, u, turn_at, end, new_facing, why, nwhy))
		return false;
	plan->at = end;
	plan->facing = new_facing;
	plan->length = length;
	return true;
}

/* --------------------------------------------------------------- fire */

struct umpire_figure
am_target_figure(const struct am_game *g, const struct am_target *t,
	bool for_sight)
{
	if (t->unit >= 0)
		return for_sight ? am_sight_figure(g, t->unit) :
			am_figure(g, t->unit);
	/* AM-13: a block is aimed at its centre, rounded down. */
	const struct am_block *b = &g->blocks[t->block];
	struct umpire_pt c = {
		(int32_t)umpire_exact_floor_div((int64_t)b->corner[0].x +
			b->corner[2].x, 2),
		(int32_t)umpire_exact_floor_div((int64_t)b->corner[0].y +
			b->corner[2].y, 2),
	};
	return (struct umpire_figure){ c, 0, { 0, 0 } };
}

struct umpire_target
am_sight_target(const struct am_game *g, const struct am_target *t)
{
	struct umpire_figure f = am_target_figure(g, t, false);

	/* AM-4: a tank is its hull, which blocks as it is seen. */
	if (t->unit >= 0 && g->units[t->unit].tank)
		return (struct umpire_target){ f.at, 0,
			&g->table.piece[g->hull_of[t->unit]] };
	/*
	 * AM-13: a block is its footprint, the table's piece t->block (the
	 * blocks come first, am_table_build), a rectangle umpire_piece_rect
	 * checked, so convex and counter-clockwise as umpire_view wants.  Its
	 * centre rounded down (f.at) is on it, as umpire_target asks: an
	 * axis-aligned rectangle with whole corners holds it, and any other
	 * has sides of at least sqrt 2, so its inscribed circle, of radius
	 * sqrt 2 / 2 or more, holds every point within half a hundredth of
	 * its centre in x and y.
	 */
	if (t->unit < 0 && g->exact >= AM_EXACT_BLOCKS)
		return (struct umpire_target){ f.at, 0,
			&g->table.piece[t->block] };
	return (struct umpire_target){ f.at, f.base, NULL };
}

bool
am_can_fire(const struct am_game *g, int u, enum am_weapon w, bool forward,
	const struct am_target *t, bool spray, struct am_shot *shot, char *why,
	size_t nwhy)
{
	const struct am_unit *m = &g->units[u];
	const struct am_weapon_info *wi = &am_weapons[w];
	char name[64];

	memset(shot, 0, sizeof(*shot));
	shot->weapon = w;
	shot->low_block = -1;
	shot->blocked_by = -1;
	if (t->unit >= 0) {
		const struct am_unit *v = &g->units[t->unit];
		if (v->side == m->side)
			return umpire_refuse(why, nwhy, "%s is on %s's own side", v->id,
				m->id);
		if (v->dead)
			return umpire_refuse(why, nwhy, "%s is %s", v->id, v->tank ?
				"destroyed already" : "dead");
		if (v->tank && !wi->hurts_tanks)
			return umpire_refuse(why, nwhy, "%s's %s cannot hurt a tank: only "
				"bazookas, mortars and main guns can (Tanks)", m->id,
				m->tank ? "machine gun" : wi->name);
	} else {
		const struct am_block *b = &g->blocks[t->block];
		if (!wi->burst || w == AM_GRENADE)
			return umpire_refuse(why, nwhy, "only bazookas, mortars and main guns "
				"fire at blocks (Bazookas, Mortars, AM-13)");
		if (!b->high)
			return umpire_refuse(why, nwhy, "%s is a low block: low blocks cannot "
				"be damaged (Bazookas, Mortars)", b->id);
	}
	struct umpire_figure from = am_figure(g, u);
	struct umpire_figure to = am_target_figure(g, t, false);
	shot->distance = umpire_figure_distance(&from, &to, UMPIRE_EDGES,
		UMPIRE_UP);
	if (wi->range && umpire_figure_cmp(&from, &to, UMPIRE_EDGES,
	    wi->range) > 0)
		return umpire_refuse(why, nwhy, "%s is %s inches away; %s reach %d "
			"inches (%s, AM-11)", t->unit >= 0 ? g->units[t->unit].id :
			g->blocks[t->block].id, am_len_text(NULL, shot->distance),
			w == AM_GRENADE ? "grenades" : "sub-machineguns",
			wi->range / AM_INCH, w == AM_GRENADE ? "Hand Grenades" :
			"Weapons: Short Range Only");
	shot->long_range = umpire_figure_cmp(&from, &to, UMPIRE_EDGES,
		AM_SHORT) > 0;
	if (forward && !umpire_figure_faces(&from, UMPIRE_ARC_45, to.at))
		return umpire_refuse(why, nwhy, "the target is not within 45 degrees of "
			"the tank's front, where its forward machine gun fires "
			"(Tanks, AM-14)");

	struct umpire_figure sight_to = am_target_figure(g, t, true);
	struct umpire_sight s;
	shot->sight = UMPIRE_SIGHT_CLEAR;
	if (!wi->over_blocks && g->exact) {
		/* AM-12: every line to every point of the target, exactly. */
		struct umpire_target tg = am_sight_target(g, t);
		struct umpire_view v;
		umpire_view(&v, &g->table, from.at, &tg, AM_BLOCKING);
		shot->sight = v.verdict;
		shot->blocked_by = v.by;
		shot->lines_blocked = -1;
		if (v.verdict == UMPIRE_SIGHT_BLOCKED)
			return umpire_refuse(why, nwhy, "the target is behind %s: every line "
				"to it is blocked (Firing, AM-12, TABLE-7)",
				am_piece_name(g, v.by >= 0 ? v.by : 0, name, sizeof(name)));
	} else if (!wi->over_blocks) {
		umpire_sight(&s, &g->table, &from, &sight_to, AM_BLOCKING,
			UMPIRE_SIGHT_EXPLAIN);
		shot->sight = s.verdict;
		shot->lines_blocked = s.blocked;
		for (int k = 0; k < UMPIRE_SIGHT_LINES && shot->blocked_by < 0; k++)
			shot->blocked_by = s.by[k];
		if (s.verdict == UMPIRE_SIGHT_BLOCKED)
			return umpire_refuse(why, nwhy, "the target is behind %s: every line "
				"to it is blocked (Firing, AM-12, TABLE-7)",
				am_piece_name(g, s.by[0] >= 0 ? s.by[0] : 0, name,
				sizeof(name)));
	}
	if (wi->modifiers) {
		umpire_sight(&s, &g->table, &from, &sight_to, UMPIRE_KIND(AM_LOW),
			UMPIRE_SIGHT_EXPLAIN);
		if (s.lines & 1u) {
			shot->behind_low = true;
			shot->low_block = s.by[0];
		}
	}
	shot->need = 5;
	if (wi->modifiers)
		shot->need += (shot->long_range && wi->long_minus) +
			shot->behind_low + spray;
	return true;
}

/* ------------------------------------------------------------ assault */

bool
am_can_assault(const struct am_game *g, int u, int v, struct umpire_pt *contact,
	int32_t *distance, char *why, size_t nwhy)
{
	const struct am_unit *m = &g->units[u], *e = &g->units[v];
	struct umpire_figure a = am_figure(g, u), b = am_figure(g, v);
	char name[64];

	if (e->side == m->side)
		return umpire_refuse(why, nwhy, "%s is on %s's own side", e->id, m->id);
	if (e->tank)
		return umpire_refuse(why, nwhy, "%s is a tank; soldiers assault enemy "
			"soldiers (Assault Combat, AM-17)", e->id);
	if (e->dead)
		return umpire_refuse(why, nwhy, "%s is dead", e->id);
	*distance = umpire_figure_distance(&a, &b, UMPIRE_EDGES, UMPIRE_UP);
	if (umpire_figure_cmp(&a, &b, UMPIRE_EDGES, AM_ASSAULT_RANGE) > 0)
		return umpire_refuse(why, nwhy, "%s is %s inches away; a soldier assaults "
			"an enemy within 6 inches (Assault Combat)", e->id,
			am_len_text(NULL, *distance));
	/* AM-17: straight into base contact, stopping short, not past. */
	struct umpire_pt d = umpire_pt_sub(e->at, m->at);
	int64_t len = (int64_t)umpire_exact_isqrt((uint64_t)umpire_dot(d, d));
	*contact = m->at;
	if (len > g->base) {
		contact->x += (int32_t)((int64_t)d.x * (len - g->base) / len);
		contact->y += (int32_t)((int64_t)d.y * (len - g->base) / len);
	}
	struct umpire_pt wp[2] = { m->at, *contact };
	struct umpire_path_hit hit[AM_MAX_BLOCKS + 2 * AM_MAX_UNITS];
	size_t nh = umpire_path_pieces(hit, &g->table, AM_BLOCKING, wp, 2,
		g->base);
	for (size_t i = 0; i < nh; i++)
		if (hit[i].crosses)
			return umpire_refuse(why, nwhy, "the way to %s runs into %s; soldiers "
				"cannot move through high blocks (AM-17)", e->id,
				am_piece_name(g, (int)hit[i].piece, name, sizeof(name)));
	/* AM-17, AM-8: he ends in contact, on no other soldier's base. */
	struct umpire_figure end = a;
	end.at = *contact;
	for (int w = 0; w < g->nunits; w++) {
		if (w == u || w == v || !am_soldier_up(&g->units[w]))
			continue;
		struct umpire_figure f = am_figure(g, w);
		if (umpire_figure_cmp(&end, &f, UMPIRE_CENTRES, g->base) < 0)
			return umpire_refuse(why, nwhy, "in contact with %s at %s he would "
				"stand on %s's base; a soldier ends clear of other "
				"figures (AM-17, AM-8)", e->id, am_pt_text(NULL, *contact),
				g->units[w].id);
	}
	return true;
}

/* ------------------------------------------------------------- rally */

int
am_leader_near(const struct am_game *g, int u)
{
	struct umpire_figure a = am_figure(g, u);

	for (int v = 0; v < g->nunits; v++) {
		const struct am_unit *l = &g->units[v];
		if (v == u || l->side != g->units[u].side || !l->leader ||
		    !am_soldier_up(l) || l->pinned)
			continue;
		struct umpire_figure b = am_figure(g, v);
		if (umpire_figure_cmp(&a, &b, UMPIRE_EDGES, AM_LEADER_RANGE) <= 0)
			return v;
	}
	return -1;
}
