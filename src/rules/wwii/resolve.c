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
 * This is the turn sequence: it reads the orders (orders.c), plays the
 * Fire Phase (fire.c) and tells it all (tell.c), and says what decision
 * comes next, which the game's set-up asks too (state.c).
 */
#include <string.h>

#include "wwii.h"

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
	wwii_tell_event(t, "the %s design an army of %d units", wwii_sides[side],
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
	wwii_tell_mark(t, UMPIRE_MARK_PLACE, side, g->units[side][i].id, -1,
		o->place_sq, NULL);
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
	wwii_tell_event(t, "the %s place %s on %s", wwii_sides[side], g->units[side][i].id,
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
	wwii_tell_mark(t, UMPIRE_MARK_PLACE, side, u->id, -1, o->rsq, NULL);
	umpire_report_printf(t->ctx->report, "%d. **Reinforcements.** %s "
		"arrives on %s, a reinforcement of turn %d (every third turn, "
		"WW-23).\n", ++t->item, text(t, side, i), sq(t, o->rsq),
		g->turns[side] + 1);
	wwii_tell_event(t, "%s arrives on %s", u->id, sq(t, o->rsq));
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
	wwii_tell_int(t, ++t->item);
	wwii_tell_puts(t, ". **Move Phase.** ");
	wwii_tell_unit(t, side, m->unit);
	wwii_tell_puts(t, " moves from ");
	wwii_tell_square(t, from);
	wwii_tell_puts(t, " to ");
	wwii_tell_square(t, m->to);
	for (int k = 0; k < n - 1; k++) {
		char name[UMPIRE_SQUARE_NAME];
		wwii_tell_puts(t, k ? ", " : " by ");
		wwii_tell_puts(t, umpire_grid_name(path[k], name));
	}
	wwii_tell_puts(t, ", ");
	wwii_tell_int(t, n);
	wwii_tell_puts(t, n == 1 ? " square of its Move " : " squares of its Move ");
	wwii_tell_int(t, allow);
	wwii_tell_puts(t, allow != wwii_types[g->units[side][m->unit].type].move ?
		" (next to a friendly airfield, WW-8)." : ".");
	wwii_try_move(&g->pos, side, m->unit, m->to, allow, NULL, 0);
	wwii_tell_mark(t, UMPIRE_MARK_MOVE, side, g->units[side][m->unit].id,
		from, m->to, NULL);
	if (g->units[side][m->unit].type == WWII_AIRFIELD)
		umpire_report_printf(r, " As it moved, it cannot attack this turn "
			"(WW-7).");
	t->moves++;
	if (wwii_takes_last_city(&g->pos, side, m->to))
		wwii_tell_city_victory(t, side);
	umpire_report_printf(r, "\n");
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

	wwii_tell_int(t, ++t->item);
	wwii_tell_puts(t, ". **Fire Phase.** ");
	wwii_tell_unit(t, side, a->unit);
	wwii_tell_puts(t, ", on ");
	wwii_tell_square(t, g->pos.where[side][a->unit]);
	wwii_tell_puts(t, " (Range ");
	wwii_tell_int(t, wwii_types[u->type].range);
	wwii_tell_puts(t, "), attacks.");
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
		wwii_tell_event(t, "the %s' reinforcement is lost, every square of their "
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
		wwii_tell_game_over(t, -1, "the turn limit, %d turns a side, was reached",
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
	struct wwii_telling t = { ctx, g, g->to_move, 0, 0,
		UMPIRE_HEADLINE_INIT(WWII_HEADLINE_EVENTS) };
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
	/* "The allies make 3 moves and 2 attacks: x-inf2 retreats...",
	 * counting what was done: the game may end half way. */
	if (kind == WWII_TURN)
		umpire_headline_lead(&t.head, "the %s make %d move%s and %d "
			"attack%s%s", wwii_sides[side], t.moves, t.moves == 1 ? "" :
			"s", attacks, attacks == 1 ? "" : "s",
			umpire_headline_empty(&t.head) ? "" : ": ");
	/* A headline is a sentence; the ones here start "the allies ...". */
	t.head.capital = true;
	if (g->to_move >= 0) {
		wwii_next_decision(g, side);
		const char *next = wwii_next_text(ctx->arena, g);
		umpire_report_printf(r, "\nThe %s %s next%s.\n",
			wwii_sides[g->to_move], next, g->kind == WWII_TURN &&
			wwii_reinforcement_due(g, g->turns[g->to_move] + 1) ?
			", with a reinforcement due (WW-23)" : "");
		umpire_headline_finish(&t.head, r, ". The %s %s next.",
			wwii_sides[g->to_move], next);
	} else if (g->winner >= 0) {
		umpire_headline_finish(&t.head, r, ". %s win.",
			wwii_Sides[g->winner]);
	} else {
		umpire_headline_finish(&t.head, r, ". The turn limit is reached: "
			"the game is a draw.");
	}
	normalize(g, ctx->arena, base);
}
