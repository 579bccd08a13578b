/*
 * resolve.c - carrying out a decision of WWII Combined Arms and telling
 * it: an army designed, a unit placed, or a turn.
 *
 * A turn has no dice: the reinforcement arrives, the moves are made in
 * the order given, then the attacks, each at once followed by the
 * retreat or destruction it forces (Fire Phase, WW-12 to WW-15).  The
 * game ends the moment an HQ falls or a side holds every city (WW-17,
 * WW-19), or as a draw at the turn limit (WW-18).
 *
 * The Fire Phase here (wwii_fire_*) is also what check and the bot play
 * on a copy of the position, silently, to judge each attack on the
 * position the attacks before it leave (WW-10).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wwii.h"

struct wwii_telling {
	struct umpire_ctx *ctx;
	struct wwii_game *g;
	int side;
	int item;		/* numbered list item */
	int moves;		/* moves carried out */
	int nevents;		/* events told in the headline */
	int more;		/* and those left out of it */
	struct umpire_buf head;	/* headline clauses */
};

/* The headline names this many events, then counts the rest. */
#define HEADLINE_EVENTS 4

static void
event(struct wwii_telling *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A clause of the headline; after a few, only a count (a campaign turn
 * may see dozens). */
static void
event(struct wwii_telling *t, const char *fmt, ...)
{
	va_list ap;

	if (t->nevents++ >= HEADLINE_EVENTS) {
		t->more++;
		return;
	}
	if (t->head.len)
		umpire_buf_puts(&t->head, "; ");
	va_start(ap, fmt);
	umpire_buf_vprintf(&t->head, fmt, ap);
	va_end(ap);
}

/*
 * Report text without printf where it is told most: a campaign turn
 * tells hundreds of moves and attacks.
 */
static void
put(struct wwii_telling *t, const char *s)
{
	umpire_buf_puts(&t->ctx->report->body, s);
}

static void
put_int(struct wwii_telling *t, int n)
{
	char b[16];
	int k = sizeof(b) - 1;
	unsigned v = n < 0 ? 0u - (unsigned)n : (unsigned)n;

	b[k] = '\0';
	do
		b[--k] = (char)('0' + v % 10);
	while ((v /= 10) && k > 1);
	if (n < 0)
		b[--k] = '-';
	put(t, b + k);
}

static void
put_sq(struct wwii_telling *t, int square)
{
	char name[UMPIRE_SQUARE_NAME];

	put(t, umpire_grid_name(wwii_square(t->g, square), name));
}

/* "a-mt1 (elite Medium Tanks)", as wwii_unit_text. */
static void
put_unit(struct wwii_telling *t, int side, int i)
{
	const struct wwii_unit *u = &t->g->units[side][i];

	put(t, u->id);
	put(t, u->elite ? " (elite " : " (");
	put(t, wwii_types[u->type].title);
	put(t, ")");
}

static const char *
sq(struct wwii_telling *t, int square)
{
	return wwii_sq_name(t->ctx->arena, t->g, square);
}

static const char *
text(struct wwii_telling *t, int side, int i)
{
	return wwii_unit_text(t->ctx->arena, &t->g->units[side][i]);
}

static void
game_over(struct wwii_telling *t, int winner, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
game_over(struct wwii_telling *t, int winner, const char *fmt, ...)
{
	struct wwii_game *g = t->g;
	va_list ap;

	char how[300];

	va_start(ap, fmt);
	vsnprintf(how, sizeof(how), fmt, ap);
	va_end(ap);
	g->winner = winner;
	g->to_move = -1;
	umpire_result_end(t->ctx->result, t->ctx->step, "%s", how);
	umpire_result_winner(t->ctx->result, winner >= 0 ? wwii_sides[winner] :
		NULL);
}

/* City Spaces: "If you occupy all the cities you automatically win" --
 * the moment a unit enters the last (WW-19), by a move or a retreat. */
static void
tell_city_victory(struct wwii_telling *t, int side)
{
	umpire_report_printf(t->ctx->report, " The %s now occupy every city: "
		"**the %s win** (City Spaces, WW-19).", wwii_sides[side],
		wwii_sides[side]);
	game_over(t, side, "the %s occupied every city", wwii_sides[side]);
	event(t, "the %s occupy every city", wwii_sides[side]);
}

/* ------------------------------------------------------- set-up steps */

/* The standing retreat orders the orders give (WW-13), told as a list. */
static void
standing_orders(struct wwii_telling *t, const struct wwii_orders *o)
{
	struct umpire_report *r = t->ctx->report;

	if (o->nstanding && t->item == 0)
		umpire_report_printf(r, "\n");
	for (int k = 0; k < o->nstanding; k++) {
		struct wwii_unit *u = &t->g->units[t->side][o->standing[k].unit];
		memcpy(u->retreat, o->standing[k].dirs, sizeof(u->retreat));
		u->nretreat = o->standing[k].n;
		umpire_report_printf(r, "%d. **Retreat order.** %s will retreat",
			++t->item, u->id);
		for (int d = 0; d < u->nretreat; d++)
			umpire_report_printf(r, "%s %s", d == 0 ? "" : d + 1 ==
				u->nretreat ? " or" : ",", wwii_dirs[u->retreat[d]]);
		umpire_report_printf(r, "%s, when it must (WW-13).\n",
			u->nretreat < WWII_DIRS ? ", then as by default" : "");
	}
}

static void
resolve_army(struct wwii_telling *t, const struct wwii_orders *o)
{
	struct wwii_game *g = t->g;
	struct umpire_report *r = t->ctx->report;
	int side = t->side, count[WWII_TYPES] = { 0 }, types = 0, tanks = 0;

	umpire_report_title(r, "Step %ld: the %s design their army", t->ctx->step,
		wwii_sides[side]);
	for (int k = 0; k < o->narmy; k++) {
		int i = wwii_add_unit(g, side);
		struct wwii_unit *u = &g->units[side][i];
		u->id = umpire_arena_strdup(g->arena, o->army[k].id);
		u->type = o->army[k].type;
		u->elite = o->army[k].elite;
		memcpy(u->retreat, o->army[k].retreat, sizeof(u->retreat));
		u->nretreat = o->army[k].nretreat;
		count[u->type]++;
		tanks += wwii_is_tank(u->type);
	}
	wwii_index_ids(g);
	for (int ty = 0; ty < WWII_TYPES; ty++)
		types += ty != WWII_HQ && count[ty];
	umpire_report_printf(r, "%s design an army of %d units, %d types "
		"besides the HQ and %d tank%s (Army Creation, WW-3):\n\n",
		wwii_Sides[side], o->narmy, types, tanks, tanks == 1 ? "" : "s");
	for (int ty = 0; ty < WWII_TYPES; ty++) {
		if (!count[ty])
			continue;
		umpire_report_printf(r, "- %d %s (Move %d, Range %d, Defense %d):",
			count[ty], wwii_types[ty].title, wwii_types[ty].move,
			wwii_types[ty].range, wwii_types[ty].defense);
		for (int i = 0; i < g->nunits[side]; i++)
			if ((int)g->units[side][i].type == ty)
				umpire_report_printf(r, " %s%s", g->units[side][i].id,
					g->units[side][i].elite ? " (elite)" : "");
		umpire_report_printf(r, "\n");
	}
	standing_orders(t, o);
	event(t, "the %s design an army of %d units", wwii_sides[side],
		o->narmy);
}

static void
resolve_place(struct wwii_telling *t, const struct wwii_orders *o)
{
	struct wwii_game *g = t->g;
	struct umpire_report *r = t->ctx->report;
	int side = t->side, i = o->place_unit, left = 0;

	umpire_report_title(r, "Step %ld: the %s place a unit", t->ctx->step,
		wwii_sides[side]);
	g->pos.where[side][i] = o->place_sq;
	g->pos.at[o->place_sq] = wwii_ref(side, i);
	for (int k = 0; k < g->nunits[side]; k++)
		left += g->pos.where[side][k] < 0;
	umpire_report_printf(r, "%s place %s on %s (Setup, WW-5). ",
		wwii_Sides[side], text(t, side, i), sq(t, o->place_sq));
	if (left)
		umpire_report_printf(r, "They have %d unit%s still to place.\n",
			left, left == 1 ? "" : "s");
	else
		umpire_report_printf(r, "They have placed every unit.\n");
	standing_orders(t, o);
	event(t, "the %s place %s on %s", wwii_sides[side], g->units[side][i].id,
		sq(t, o->place_sq));
}

/* --------------------------------------------------------------- turns */

static void
reinforce(struct wwii_telling *t, const struct wwii_orders *o)
{
	struct wwii_game *g = t->g;
	int side = t->side, i = wwii_add_unit(g, side);
	struct wwii_unit *u = &g->units[side][i];

	u->id = umpire_arena_strdup(g->arena, o->rid);
	u->type = o->rtype;
	g->pos.where[side][i] = o->rsq;
	g->pos.at[o->rsq] = wwii_ref(side, i);
	wwii_index_ids(g);
	umpire_report_printf(t->ctx->report, "%d. **Reinforcements.** %s "
		"arrives on %s, a reinforcement of turn %d (every third turn, "
		"WW-23).\n", ++t->item, text(t, side, i), sq(t, o->rsq),
		g->turns[side] + 1);
	event(t, "%s arrives on %s", u->id, sq(t, o->rsq));
}

static void
do_move(struct wwii_telling *t, const struct wwii_move *m, int allow)
{
	struct wwii_game *g = t->g;
	struct umpire_report *r = t->ctx->report;
	int side = t->side, from = g->pos.where[side][m->unit];
	struct umpire_grid_reach reach;
	struct umpire_square path[UMPIRE_GRID_MAX_STEPS];

	int n = 1;
	path[0] = wwii_square(g, m->to);
	if (umpire_grid_distance(wwii_square(g, from), path[0]) > 1) {
		wwii_reach(&reach, &g->pos, side, m->unit, allow);
		n = umpire_grid_reach_path(&reach, &g->grid, path[0], path);
	}
	put_int(t, ++t->item);
	put(t, ". **Move Phase.** ");
	put_unit(t, side, m->unit);
	put(t, " moves from ");
	put_sq(t, from);
	put(t, " to ");
	put_sq(t, m->to);
	for (int k = 0; k < n - 1; k++) {
		char name[UMPIRE_SQUARE_NAME];
		put(t, k ? ", " : " by ");
		put(t, umpire_grid_name(path[k], name));
	}
	put(t, ", ");
	put_int(t, n);
	put(t, n == 1 ? " square of its Move " : " squares of its Move ");
	put_int(t, allow);
	put(t, allow != wwii_types[g->units[side][m->unit].type].move ?
		" (next to a friendly airfield, WW-8)." : ".");
	wwii_try_move(&g->pos, side, m->unit, m->to, allow, NULL, 0);
	if (g->units[side][m->unit].type == WWII_AIRFIELD)
		umpire_report_printf(r, " As it moved, it cannot attack this turn "
			"(WW-7).");
	t->moves++;
	if (wwii_takes_last_city(&g->pos, side, m->to))
		tell_city_victory(t, side);
	umpire_report_printf(r, "\n");
}

/* ------------------------------------------------------ the Fire Phase */

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
		umpire_report_printf(t->ctx->report, " **%s is destroyed.**", u->id);
		event(t, "%s is destroyed", u->id);
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
		game_over(t, side, "%s destroyed the %s' HQ, %s",
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
		umpire_report_printf(r, " It retreats %s, from %s to %s.",
			wwii_dirs[dir], sq(t, from), sq(t, to));
		event(t, "%s retreats to %s", u->id, sq(t, to));
	}
	if (wwii_takes_last_city(p, enemy, to)) {
		f->over = true;
		if (t)
			tell_city_victory(t, enemy);
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
	put(t, " The target is ");
	put_unit(t, enemy, v);
	put(t, " on ");
	put_sq(t, at);
	put(t, ", ");
	put_int(t, dist);
	put(t, dist == 1 ? " square away: " : " squares away: ");
	put_int(t, dmg);
	put(t, " damage");
	put(t, reason);
	put(t, ". It has taken ");
	put_int(t, f->damage[v]);
	put(t, f->retreats[v] ? " this phase since it retreated, against its "
		"Defense " : " this phase, against its Defense ");
	put_int(t, def);
	if (def > wwii_types[tu->type].defense) {
		put(t, " (");
		put_int(t, wwii_types[tu->type].defense);
		put(t, tu->elite ? ", +1 elite" : "");
		put(t, def - wwii_types[tu->type].defense - tu->elite > 0 ?
			", +1 difficult terrain: WW-20)" : ")");
	}
	put(t, ".");
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
	if (f->tell)
		tell_hit(f->tell, f, i, v, dmg, def);
	if (f->damage[v] >= def) {
		/* "As soon as a unit takes damage in a turn equal to its Defense
		 * Trait, it must retreat"; the count starts again (WW-12). */
		f->damage[v] = 0;
		retreat(f, v, index);
	}
}

/* An attack in the report: the targets passed over, then the hit. */
static void
do_attack(struct wwii_telling *t, struct wwii_fire *f,
	const struct wwii_attack *a)
{
	struct wwii_game *g = t->g;
	struct umpire_report *r = t->ctx->report;
	int side = t->side, enemy = !side, k = 0;
	const struct wwii_unit *u = &g->units[side][a->unit];
	int v = wwii_fire_target(f, a, &k);

	put_int(t, ++t->item);
	put(t, ". **Fire Phase.** ");
	put_unit(t, side, a->unit);
	put(t, ", on ");
	put_sq(t, g->pos.where[side][a->unit]);
	put(t, " (Range ");
	put_int(t, wwii_types[u->type].range);
	put(t, "), attacks.");
	for (int j = 0; j < k; j++)
		umpire_report_printf(r, " %s, %s target, was destroyed earlier this "
			"phase (WW-10).", g->units[enemy][a->targets[j]].id, j == 0 ?
			"its" : "the next");
	if (v < 0) {
		umpire_report_printf(r, " No target it named is left, so the attack "
			"is spent (WW-10).\n");
		return;
	}
	/* The check judged it on this very position (WW-10). */
	wwii_fire_hit(f, a->unit, v, a->index);
	umpire_report_printf(r, "\n");
}

static void
resolve_turn(struct wwii_telling *t, const struct wwii_orders *o,
	int *attacks)
{
	struct wwii_game *g = t->g;
	struct umpire_ctx *ctx = t->ctx;
	struct umpire_report *r = ctx->report;
	int side = t->side, turn = g->turns[side] + 1;

	umpire_report_title(r, "Step %ld: the %s' turn %d", ctx->step,
		wwii_sides[side], turn);
	umpire_report_printf(r, "%s' turn %d: %s%d move%s and %d attack%s "
		"ordered.", wwii_Sides[side], turn, o->reinforce ?
		"a reinforcement, " : "", o->nmoves, o->nmoves == 1 ? "" : "s",
		o->nattacks, o->nattacks == 1 ? "" : "s");
	if (wwii_reinforcement_due(g, turn) && !o->reinforce) {
		umpire_report_printf(r, " Every square of their setup rows is held, "
			"so the reinforcement due is lost (WW-23).");
		event(t, "the %s' reinforcement is lost, every square of their "
			"setup rows being held", wwii_sides[side]);
	}
	umpire_report_printf(r, "\n\n");
	if (o->reinforce)
		reinforce(t, o);

	/* Paratroopers' Move 4 is judged as the turn starts (WW-8). */
	int *allow = wwii_allowances(ctx->arena, &g->pos, side);
	int km = 0, ka = 0;
	for (; km < o->nmoves && g->to_move >= 0; km++)
		do_move(t, &o->moves[km], allow[o->moves[km].unit]);

	struct wwii_fire f;
	wwii_fire_begin(&f, &g->pos, side, ctx->step, g->deaths, ctx->arena,
		g->arena);
	f.tell = t;
	for (; ka < o->nattacks && g->to_move >= 0; ka++)
		do_attack(t, &f, &o->attacks[ka]);
	g->deaths = f.deaths;
	*attacks = f.made;
	if (g->to_move < 0 && (km < o->nmoves || ka < o->nattacks)) {
		/* WW-17, WW-19: the game ends at once. */
		int lm = o->nmoves - km, la = o->nattacks - ka;
		umpire_report_printf(r, "\nThe game is over, so the rest of the "
			"orders is not carried out:");
		if (lm)
			umpire_report_printf(r, " %d move%s", lm, lm == 1 ? "" : "s");
		if (lm && la)
			umpire_report_printf(r, " and");
		if (la)
			umpire_report_printf(r, " %d attack%s", la, la == 1 ? "" : "s");
		umpire_report_printf(r, ".\n");
	}
	standing_orders(t, o);
	g->turns[side] = turn;
	if (g->to_move >= 0 && g->turns[0] >= g->turn_limit &&
	    g->turns[1] >= g->turn_limit) {
		umpire_report_printf(r, "\nBoth sides have played the %d turns of "
			"the turn limit and neither has won: **a draw** (WW-18).\n",
			g->turn_limit);
		game_over(t, -1, "the turn limit, %d turns a side, was reached",
			g->turn_limit);
	}
}

/* ------------------------------------------------------------ the step */

void
wwii_next_decision(struct wwii_game *g, int just)
{
	int f = g->first, o = !f, unplaced[2] = { 0, 0 };

	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nunits[s]; i++)
			unplaced[s] += !g->units[s][i].destroyed &&
				g->pos.where[s][i] < 0;
	/* WW-4: the first player designs first, places first, moves first. */
	if (!g->nunits[f] || !g->nunits[o]) {
		g->kind = WWII_ARMY;
		g->to_move = !g->nunits[f] ? f : o;
	} else if (unplaced[0] || unplaced[1]) {
		/* Setup: "Players take turns placing their units" (WW-5). */
		bool placing = g->kind == WWII_PLACE && just >= 0;
		g->to_move = placing ? (unplaced[!just] ? !just : just) :
			unplaced[f] ? f : o;
		g->kind = WWII_PLACE;
	} else {
		g->kind = WWII_TURN;
		g->to_move = g->turns[f] == g->turns[o] ? f : o;
	}
}

const char *
wwii_next_text(struct umpire_arena *a, const struct wwii_game *g)
{
	int turns = g->turns[g->to_move];

	switch (g->kind) {
	case WWII_ARMY:
		return "design their army";
	case WWII_PLACE:
		return "place a unit";
	default:
		return turns ? umpire_arena_printf(a, "play turn %d", turns + 1) :
			"play their first turn";
	}
}

/*
 * The order a state file gives: the living in their order, then the
 * destroyed in the order they fell, so that a game in memory and the
 * same game read back from its file behave alike.  The units destroyed
 * before this step are in that order already (decode reads them so,
 * and this keeps them so); those of this step are numbered base + 1 on,
 * one number each, so each goes straight to its place.
 */
static void
normalize(struct wwii_game *g, struct umpire_arena *scratch, long base)
{
	size_t fresh = (size_t)(g->deaths - base);

	for (int s = 0; s < 2; s++) {
		int n = g->nunits[s], k = 0;
		if (!n)
			continue;	/* an army still to design */
		struct wwii_unit *u = umpire_arena_alloc(scratch, (size_t)n *
			sizeof(*u));
		int *w = umpire_arena_alloc(scratch, (size_t)n * sizeof(int));
		int *now = umpire_arena_alloc(scratch, (fresh + 1) * sizeof(int));
		memset(now, -1, (fresh + 1) * sizeof(int));
		for (int i = 0; i < n; i++) {
			const struct wwii_unit *x = &g->units[s][i];
			if (!x->destroyed) {
				u[k] = *x;
				w[k++] = g->pos.where[s][i];
			} else if (x->seq > base) {
				now[x->seq - base - 1] = i;
			}
		}
		for (int i = 0; i < n; i++)
			if (g->units[s][i].destroyed && g->units[s][i].seq <= base) {
				u[k] = g->units[s][i];
				w[k++] = -1;
			}
		for (size_t j = 0; j < fresh; j++)
			if (now[j] >= 0) {
				u[k] = g->units[s][now[j]];
				w[k++] = -1;
			}
		memcpy(g->units[s], u, (size_t)n * sizeof(*u));
		memcpy(g->pos.where[s], w, (size_t)n * sizeof(int));
	}
	memset(g->pos.at, -1, (size_t)g->nsquares * sizeof(int));
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nunits[s]; i++)
			if (g->pos.where[s][i] >= 0)
				g->pos.at[g->pos.where[s][i]] = wwii_ref(s, i);
	wwii_index_ids(g);
}

void
wwii_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders)
{
	struct wwii_game *g = game;
	struct umpire_report *r = ctx->report;
	struct wwii_telling t = { ctx, g, g->to_move, 0, 0, 0, 0,
		UMPIRE_BUF_INIT };
	int side = g->to_move, attacks = 0;
	long base = g->deaths;
	enum wwii_kind kind = g->kind;
	struct wwii_orders o;

	wwii_orders_read(ctx, g, orders, &o);
	switch (kind) {
	case WWII_ARMY:
		resolve_army(&t, &o);
		break;
	case WWII_PLACE:
		resolve_place(&t, &o);
		break;
	case WWII_TURN:
		resolve_turn(&t, &o, &attacks);
		break;
	}
	if (t.more)
		umpire_buf_printf(&t.head, "; and %d more", t.more);
	if (kind == WWII_TURN) {
		/* "The allies make 3 moves and 2 attacks: x-inf2 retreats...",
		 * counting what was done: the game may end half way. */
		struct umpire_buf h = UMPIRE_BUF_INIT;
		umpire_buf_printf(&h, "the %s make %d move%s and %d attack%s%s%s",
			wwii_sides[side], t.moves, t.moves == 1 ? "" : "s",
			attacks, attacks == 1 ? "" : "s", t.head.len ? ": " : "",
			umpire_buf_cstr(&t.head));
		umpire_buf_free(&t.head);
		t.head = h;
	}
	if (g->to_move >= 0) {
		wwii_next_decision(g, side);
		const char *next = wwii_next_text(ctx->arena, g);
		umpire_report_printf(r, "\nThe %s %s next%s.\n",
			wwii_sides[g->to_move], next, g->kind == WWII_TURN &&
			wwii_reinforcement_due(g, g->turns[g->to_move] + 1) ?
			", with a reinforcement due (WW-23)" : "");
		umpire_buf_printf(&t.head, ". The %s %s next.",
			wwii_sides[g->to_move], next);
	} else if (g->winner >= 0) {
		umpire_buf_printf(&t.head, ". %s win.", wwii_Sides[g->winner]);
	} else {
		umpire_buf_puts(&t.head, ". The turn limit is reached: the game is "
			"a draw.");
	}
	/* A headline is a sentence; the ones here start "the allies ...". */
	if (strncmp(umpire_buf_cstr(&t.head), "the ", 4) == 0)
		t.head.ptr[0] = 'T';
	umpire_report_headline(r, "%s", t.head.ptr);
	umpire_buf_free(&t.head);
	normalize(g, ctx->arena, base);
}
