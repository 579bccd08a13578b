/*
 * fire.c - the Fire Phase of WWII Combined Arms as it is played: each
 * attack's damage, then the retreat or the destruction it forces (Fire
 * Phase, WW-11 to WW-15), the units made Elite by experience (WW-22),
 * and the end of the game if it comes (WW-17, WW-19).
 *
 * resolve.c plays it on the game's own position and tells it; check
 * (orders.c) and the bot play it on a copy, silently, to judge each
 * attack on the position the attacks before it leave (WW-10).  One code
 * for all three, so a check cannot disagree with what the turn then does.
 */
#include <string.h>

#include "wwii.h"


void
wwii_fire_begin(struct wwii_fire *f, struct wwii_pos *p, int side, long step,
	long deaths, struct umpire_arena *scratch, struct umpire_arena *keep)
{
	size_t ne = (size_t)p->n[!side] + 1;

	memset(f, 0, sizeof(*f));
	f->p = p;
	f->scratch = scratch;
	f->keep = keep;
	f->side = side;
	f->step = step;
	f->deaths = deaths;
	f->damage = umpire_arena_alloc(scratch, ne * sizeof(int));
	f->retreats = umpire_arena_alloc(scratch, ne * sizeof(int));
	f->forced_at = umpire_arena_alloc(scratch, ne * sizeof(int));
	memset(f->forced_at, -1, ne * sizeof(int));
	f->helpers = umpire_arena_alloc(scratch, ne * sizeof(int *));
	f->nhelpers = umpire_arena_alloc(scratch, ne * sizeof(int));
	f->hcap = umpire_arena_alloc(scratch, ne * sizeof(size_t));
}

int
wwii_fire_target(const struct wwii_fire *f, const struct wwii_attack *a,
	int *k)
{
	/* "Each of your units can attack one target": the first named that
	 * is still there; the ones destroyed meanwhile are passed over. */
	for (; *k < a->ntargets; ++*k)
		if (!f->p->units[!f->side][a->targets[*k]].destroyed)
			return a->targets[*k];
	return -1;
}

static void
destroy(struct wwii_fire *f, int v, enum wwii_how how)
{
	struct wwii_pos *p = f->p;
	struct wwii_telling *t = f->tell;
	int side = f->side, enemy = !side;
	struct wwii_unit *u = &p->units[enemy][v];
	int at = p->where[enemy][v];

	u->destroyed = true;
	u->fell = at;
	u->died = f->step;
	u->how = how;
	u->seq = ++f->deaths;
	u->nby = f->nhelpers[v];
	u->by = umpire_arena_alloc(f->keep, ((size_t)u->nby + 1) *
		sizeof(*u->by));
	for (int k = 0; k < u->nby; k++)
		u->by[k] = p->units[side][f->helpers[v][k]].id;
	p->at[at] = -1;
	p->where[enemy][v] = -1;
	if (t) {
		wwii_tell_mark(t, UMPIRE_MARK_LOSS, enemy, u->id, at, at,
			wwii_hows[how]);
		umpire_report_printf(t->ctx->report, " **%s is destroyed.**", u->id);
		wwii_tell_event(t, "%s is destroyed", u->id);
	}
	/* Experienced Units: "A unit that helps destroy 5 enemy units
	 * becomes Elite" -- every unit that damaged it this phase (WW-22). */
	if (p->g->opt.experienced)
		for (int k = 0; k < u->nby; k++) {
			struct wwii_unit *h = &p->units[side][f->helpers[v][k]];
			if (++h->kills == WWII_EXPERIENCE && !h->elite) {
				h->elite = true;
				if (t)
					umpire_report_printf(t->ctx->report, " %s has helped "
						"destroy %d enemy units and becomes Elite "
						"(Experienced Units, WW-22).", h->id,
						WWII_EXPERIENCE);
			}
		}
	if (u->type != WWII_HQ)
		return;
	f->over = true;
	if (t) {
		umpire_report_printf(t->ctx->report, " It was the %s' Headquarters: "
			"**the %s win** (Victory, WW-17).", wwii_sides[enemy],
			wwii_sides[side]);
		wwii_tell_game_over(t, side, "%s destroyed the %s' HQ, %s",
			p->units[side][f->helpers[v][f->nhelpers[v] - 1]].id,
			wwii_sides[enemy], u->id);
	}
}

/* The directions a retreat tried before the one it took, and why each
 * was refused (WW-13, WW-14). */
static void
tell_retreat_order(struct wwii_telling *t, const struct wwii_pos *p, int v,
	int dir)
{
	struct umpire_report *r = t->ctx->report;
	int enemy = !t->side;
	const struct wwii_unit *u = &p->units[enemy][v];
	unsigned char order[WWII_DIRS];
	char why[160];

	wwii_retreat_order(u, order);
	umpire_report_printf(r, " It must retreat one square (Fire Phase); its "
		"retreat order is");
	for (int k = 0; k < WWII_DIRS; k++)
		umpire_report_printf(r, "%s %s", k ? "," : "", wwii_dirs[order[k]]);
	umpire_report_printf(r, "%s (WW-13).", u->nretreat ? "" : ", the default");
	for (int k = 0; k < WWII_DIRS && order[k] != dir; k++) {
		wwii_retreat_why(p, enemy, v, order[k], why, sizeof(why));
		umpire_report_printf(r, "%s %s: %s", k ? "; nor" : " It cannot go",
			wwii_dirs[order[k]], why);
		if (k + 1 == WWII_DIRS || order[k + 1] == dir)
			umpire_report_printf(r, " (WW-14).");
	}
}

/* A unit that has taken its Defense retreats, or is destroyed. */
static void
retreat(struct wwii_fire *f, int v, int index)
{
	struct wwii_pos *p = f->p;
	struct wwii_telling *t = f->tell;
	struct umpire_report *r = t ? t->ctx->report : NULL;
	int enemy = !f->side, from = p->where[enemy][v], dir;
	const struct wwii_unit *u = &p->units[enemy][v];
	bool off;

	if (++f->retreats[v] == 2) {
		if (t)
			umpire_report_printf(r, " It must retreat a second time this "
				"phase, so it is automatically destroyed (Double Whammy "
				"Rule, WW-15).");
		destroy(f, v, WWII_DOUBLE_WHAMMY);
		return;
	}
	if (wwii_types[u->type].move == 0) {
		if (t)
			umpire_report_printf(r, " It must retreat, but bases cannot "
				"move, so it is destroyed (Fire Phase).");
		destroy(f, v, WWII_BASE);
		return;
	}
	int to = wwii_retreat_square(p, enemy, v, &dir, &off);
	if (t)
		tell_retreat_order(t, p, v, dir);
	if (to < 0) {
		if (t)
			umpire_report_printf(r, off ? " It retreats off the board." :
				" It is unable to move.");
		destroy(f, v, off ? WWII_OFF_BOARD : WWII_NO_RETREAT);
		return;
	}
	p->at[from] = -1;
	p->at[to] = wwii_ref(enemy, v);
	p->where[enemy][v] = to;
	f->forced_at[v] = index;
	if (t) {
		const char *there = wwii_sq_name(t->ctx->arena, p->g, to);
		wwii_tell_mark(t, UMPIRE_MARK_RETREAT, enemy, u->id, from, to,
			NULL);
		umpire_report_printf(r, " It retreats %s, from %s to %s.",
			wwii_dirs[dir], wwii_sq_name(t->ctx->arena, p->g, from),
			there);
		wwii_tell_event(t, "%s retreats to %s", u->id, there);
	}
	if (wwii_takes_last_city(p, enemy, to)) {
		f->over = true;
		if (t)
			wwii_tell_city_victory(t, enemy);
	}
}

/* The attack's damage in words, for the report. */
static void
tell_hit(struct wwii_telling *t, const struct wwii_fire *f, int i, int v,
	int dmg, int def)
{
	const struct wwii_pos *p = f->p;
	int side = f->side, enemy = !side;
	const struct wwii_unit *u = &p->units[side][i], *tu = &p->units[enemy][v];
	int from = p->where[side][i], at = p->where[enemy][v];
	int dist = umpire_grid_distance(wwii_square(p->g, from),
		wwii_square(p->g, at));
	const char *reason = "";

	if (dmg == 2)
		reason = u->elite ? " (an elite unit does 2: Elite Units, WW-21)" :
			u->type == WWII_ENGINEERS ? " (engineers do 2 to fortifications "
			"and HQs)" : " (anti-tank guns do 2 to tanks)";
	wwii_tell_puts(t, " The target is ");
	wwii_tell_unit(t, enemy, v);
	wwii_tell_puts(t, " on ");
	wwii_tell_square(t, at);
	wwii_tell_puts(t, ", ");
	wwii_tell_int(t, dist);
	wwii_tell_puts(t, dist == 1 ? " square away: " : " squares away: ");
	wwii_tell_int(t, dmg);
	wwii_tell_puts(t, " damage");
	wwii_tell_puts(t, reason);
	wwii_tell_puts(t, ". It has taken ");
	wwii_tell_int(t, f->damage[v]);
	wwii_tell_puts(t, f->retreats[v] ? " this phase since it retreated, against its "
		"Defense " : " this phase, against its Defense ");
	wwii_tell_int(t, def);
	if (def > wwii_types[tu->type].defense) {
		wwii_tell_puts(t, " (");
		wwii_tell_int(t, wwii_types[tu->type].defense);
		wwii_tell_puts(t, tu->elite ? ", +1 elite" : "");
		wwii_tell_puts(t, def - wwii_types[tu->type].defense - tu->elite > 0 ?
			", +1 difficult terrain: WW-20)" : ")");
	}
	wwii_tell_puts(t, ".");
}

void
wwii_fire_hit(struct wwii_fire *f, int i, int v, int index)
{
	struct wwii_pos *p = f->p;
	int side = f->side, enemy = !side;
	int dmg = wwii_damage(&p->units[side][i], &p->units[enemy][v]);

	f->made++;
	f->damage[v] += dmg;
	/* Each unit attacks once a phase, so it helps against v once. */
	f->helpers[v] = umpire_arena_grow(f->scratch, f->helpers[v], sizeof(int),
		(size_t)f->nhelpers[v], &f->hcap[v], (size_t)f->nhelpers[v] + 1);
	f->helpers[v][f->nhelpers[v]++] = i;
	int def = wwii_defense(p, enemy, v);
	if (f->tell) {
		wwii_tell_mark(f->tell, UMPIRE_MARK_ATTACK, side,
			p->units[side][i].id, p->where[side][i], p->where[enemy][v],
			NULL);
		tell_hit(f->tell, f, i, v, dmg, def);
	}
	if (f->damage[v] >= def) {
		/* "As soon as a unit takes damage in a turn equal to its Defense
		 * Trait, it must retreat"; the count starts again (WW-12). */
		f->damage[v] = 0;
		retreat(f, v, index);
	}
}
