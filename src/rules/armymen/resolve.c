/*
 * resolve.c - a card of Army Men carried out: the moves, the shots with
 * their dice and bursts, the assaults, the rallies; then the next card
 * drawn from the turn deck (Sequence of Play, AM-2), or the end (AM-20).
 *
 * The report tells every measurement that decided something (distances,
 * the piece that blocked a line, the block a target is behind) and every
 * die, so that a player can follow the card without a table in front of
 * him.  The headline names the card and what came of it.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

struct telling {
	struct umpire_ctx *ctx;
	struct am_game *g;
	int item;
	struct umpire_headline head;
	int killed[2], pinned, rallied, destroyed, flattened;
};

static void
say(struct telling *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
say(struct telling *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_buf_vprintf(&t->ctx->report->body, fmt, ap);
	va_end(ap);
}

static void
item(struct telling *t)
{
	say(t, "%d. ", ++t->item);
}

/* Roll n dice for purpose; their values into v; how many hit `need`. */
static int
roll(struct telling *t, int n, int need, int *v, const char *purpose)
{
	int hits = 0;

	for (int i = 0; i < n; i++) {
		v[i] = (int)umpire_dice_roll(t->ctx->dice, 6, "%s", purpose);
		hits += v[i] >= need;
	}
	return hits;
}

static const char *
hits_text(struct umpire_arena *a, int n)
{
	return n == 1 ? "1 hit" : umpire_arena_printf(a, "%d hits", n);
}

/* Hits on a soldier, one at a time: the first pins, the next kills. */
static void
take_hits(struct telling *t, int v, int hits, const struct am_unit *by)
{
	struct am_unit *m = &t->g->units[v];
	struct umpire_arena *a = t->ctx->arena;

	if (!hits || m->dead)
		return;
	if (!m->pinned && hits == 1) {
		m->pinned = true;
		t->pinned++;
		say(t, " %s is pinned.", m->id);
		am_mark(t->ctx, UMPIRE_MARK_ATTACK, m, m->at, m->at, "pinned");
		return;
	}
	say(t, " %s is %s.", m->id, m->pinned ? "hit while pinned, and killed" :
		"pinned by the first hit and killed by the second");
	m->dead = true;
	m->died = t->ctx->step;
	m->by = by->id;
	t->killed[m->side]++;
	am_mark(t->ctx, UMPIRE_MARK_LOSS, m, m->at, m->at, "killed");
	(void)a;
}

/* A burst: everyone within the radius of `at` rolls its dice (AM-13). */
static void
burst(struct telling *t, const struct am_unit *by, enum am_weapon w,
	struct umpire_pt at, const char *around)
{
	struct am_game *g = t->g;
	const struct am_weapon_info *wi = &am_weapons[w];
	struct umpire_arena *a = t->ctx->arena;
	int n = 0;
	int *who = umpire_arena_alloc(a, ((size_t)g->nunits + 1) * sizeof(int));
	struct umpire_figure *f = umpire_arena_alloc(a, ((size_t)g->nunits + 1) *
		sizeof(*f));
	size_t *in = umpire_arena_alloc(a, ((size_t)g->nunits + 1) *
		sizeof(size_t));

	for (int v = 0; v < g->nunits; v++)
		if (am_soldier_up(&g->units[v])) {
			who[n] = v;
			f[n++] = am_figure(g, v);
		}
	size_t k = umpire_table_within(in, f, (size_t)n, at, wi->radius,
		UMPIRE_EDGES);
	/* The burst's circle on the picture: who was inside, who just out. */
	umpire_marks_add(t->ctx->marks, &(struct umpire_mark){
		.kind = UMPIRE_MARK_AREA, .player = am_sides[by->side],
		.unit = by->id, .from = { at.x, at.y }, .to = { at.x, at.y },
		.note = "burst", .radius = wi->radius });
	if (!k) {
		say(t, " No soldier is within %d inches of %s.",
			wi->radius / AM_INCH, around);
		return;
	}
	say(t, " Every soldier within %d inches of %s rolls %dd6 (AM-13):",
		wi->radius / AM_INCH, around, wi->burst);
	for (size_t i = 0; i < k; i++) {
		int v = who[in[i]], d[8];
		struct am_unit *m = &g->units[v];
		if (m->dead)
			continue;
		int hits = roll(t, wi->burst, 5, d, umpire_arena_printf(a,
			"burst: %s", m->id));
		say(t, " %s rolls %s: %s.", m->id, am_dice_text(a, d, wi->burst),
			hits_text(a, hits));
		take_hits(t, v, hits, by);
	}
}

static const char *
target_name(const struct am_game *g, const struct am_target *tg)
{
	return tg->unit >= 0 ? g->units[tg->unit].id : g->blocks[tg->block].id;
}

/* One shot at one target with `dice` dice (Firing to Tanks). */
static void
shoot(struct telling *t, const struct am_fire_order *f, int k)
{
	struct am_game *g = t->g;
	struct umpire_arena *a = t->ctx->arena;
	struct am_unit *m = &g->units[f->unit];
	const struct am_target *tg = &f->at[k];
	const struct am_weapon_info *wi = &am_weapons[f->weapon];
	struct am_shot s;
	char why[256];
	int d[8];
	const char *name = target_name(g, tg);

	if (!am_can_fire(g, f->unit, f->weapon, f->forward, tg, f->nat > 1, &s,
	    why, sizeof(why))) {
		say(t, " At %s: not made, as %s (AM-16).", name, why);
		return;
	}
	say(t, " At %s, %s inches away", name, am_len_text(a, s.distance));
	if (wi->modifiers) {
		say(t, " (%s range)", s.long_range ? "long" : "short");
		if (s.behind_low)
			say(t, ", behind low block %s",
				g->blocks[s.low_block].id);
	}
	if (!wi->over_blocks && s.sight == UMPIRE_SIGHT_CLEAR)
		say(t, ", in clear sight");
	else if (!wi->over_blocks && s.lines_blocked < 0)
		say(t, ", partly hidden by %s but in sight (AM-12)",
			am_piece_name(g, s.blocked_by, why, sizeof(why)));
	else if (!wi->over_blocks)
		say(t, ", partly hidden by %s (%d of 13 lines blocked) but in "
			"sight (AM-12)", am_piece_name(g, s.blocked_by, why,
			sizeof(why)), s.lines_blocked);
	say(t, ": %dd6, hitting on %s", f->dice[k], s.need <= 6 ?
		umpire_arena_printf(a, "%d or more", s.need) : "nothing");
	if (wi->modifiers && s.need > 5) {
		const char *mods[3];
		size_t nm = 0;
		if (s.long_range && wi->long_minus)
			mods[nm++] = "long range";
		if (s.behind_low)
			mods[nm++] = "behind a low block";
		if (f->nat > 1)
			mods[nm++] = "spraying";
		struct umpire_buf b = UMPIRE_BUF_INIT;
		umpire_join(&b, mods, nm);
		/* One bracket, the ruling last, as every citation. */
		say(t, " (-1 each: %s%s)", umpire_buf_cstr(&b), s.need > 6 ?
			"; AM-11" : "");
		umpire_buf_free(&b);
	}
	int hits = roll(t, f->dice[k], s.need, d, umpire_arena_printf(a,
		"%s fires at %s", m->id, name));
	say(t, "; rolls %s: %s.", am_dice_text(a, d, f->dice[k]),
		hits_text(a, hits));
	struct umpire_figure to = am_target_figure(g, tg, false);
	am_mark(t->ctx, UMPIRE_MARK_ATTACK, m, m->at, to.at, hits ? "hit" :
		"miss");
	if (!hits)
		return;
	if (!wi->burst) {
		take_hits(t, tg->unit, hits, m);
		return;
	}
	/* A burst weapon: the damage roll on a tank or block, then the rest. */
	if (tg->unit >= 0 && g->units[tg->unit].tank) {
		struct am_unit *v = &g->units[tg->unit];
		int dmg = roll(t, wi->burst, 5, d, umpire_arena_printf(a,
			"damage: %s", v->id));
		say(t, " Damage on %s: %s, %s", v->id, am_dice_text(a, d, wi->burst),
			hits_text(a, dmg));
		if (dmg >= AM_TANK_KILL) {
			say(t, ": destroyed (3 or more, Tanks); the wreck stays, "
				"blocking sight as a high block.");
			v->dead = true;
			v->died = t->ctx->step;
			v->by = m->id;
			t->destroyed++;
			am_mark(t->ctx, UMPIRE_MARK_LOSS, v, v->at, v->at, "destroyed");
		} else {
			say(t, ": fewer than 3, no harm done (Tanks).");
		}
	} else if (tg->block >= 0) {
		struct am_block *b = &g->blocks[tg->block];
		int dmg = roll(t, wi->burst, 5, d, umpire_arena_printf(a,
			"damage: %s", b->id));
		say(t, " Damage on %s: %s, %s", b->id, am_dice_text(a, d, wi->burst),
			hits_text(a, dmg));
		if (dmg >= AM_BLOCK_KILL) {
			say(t, ": the high block becomes a low block (3 or more).");
			b->high = false;
			b->flattened = true;
			t->flattened++;
			am_table_build(g);
		} else {
			say(t, ": fewer than 3, it stands.");
		}
	}
	burst(t, m, f->weapon, to.at, name);
}

static void
do_fire(struct telling *t, const struct am_orders *o)
{
	struct am_game *g = t->g;
	struct umpire_arena *a = t->ctx->arena;

	for (int i = 0; i < o->nfires; i++) {
		const struct am_fire_order *f = &o->fires[i];
		struct am_unit *m = &g->units[f->unit];
		item(t);
		const char *gun = f->weapon == AM_GRENADE ? "throws a hand grenade" :
			f->weapon == AM_MAIN_GUN ? "fires its main gun" :
			m->tank ? (f->forward ? "fires its forward machine gun" :
			"fires its turret machine gun") : f->nat > 1 ?
			umpire_arena_printf(a, "sprays fire with his %s",
			am_weapons[f->weapon].title) : umpire_arena_printf(a,
			"fires his %s", am_weapons[f->weapon].title);
		if (m->dead || (!m->tank && m->pinned)) {
			say(t, "%s %s: not made, as he is %s now (AM-16).\n",
				m->id, gun, m->dead ? "dead" : "pinned");
			continue;
		}
		say(t, "%s %s.", am_unit_text(a, m), gun);
		for (int k = 0; k < f->nat; k++)
			shoot(t, f, k);
		say(t, "\n");
	}
	if (!o->nfires)
		say(t, "No one fires.\n");
}

static void
do_moves(struct telling *t, const struct am_orders *o)
{
	struct am_game *g = t->g;
	struct umpire_arena *a = t->ctx->arena;
	char why[256];

	for (int i = 0; i < o->nmoves; i++) {
		const struct am_move_order *mo = &o->moves[i];
		struct am_unit *m = &g->units[mo->unit];
		struct umpire_pt from = m->at;
		item(t);
		if (!m->tank) {
			struct am_move_plan p;
			struct umpire_pt wp[AM_MAX_WAYPOINTS + 1];
			memcpy(wp, mo->wp, mo->n * sizeof(wp[0]));
			wp[0] = m->at;
			if (!am_soldier_move(g, mo->unit, wp, mo->n, &p, why,
			    sizeof(why))) {
				say(t, "%s does not move: %s.\n", m->id, why);
				continue;
			}
			say(t, "%s moves from %s to %s: %s inches", am_unit_text(a, m),
				am_pt_text(a, from), am_pt_text(a, wp[mo->n - 1]),
				am_len_text(a, p.length));
			if (p.climbs)
				say(t, " and %d to climb %d low block%s, %s in all",
					2 * p.climbs, p.climbs, p.climbs == 1 ? "" : "s",
					am_len_text(a, p.cost));
			say(t, " of 6");
			if (p.nearest >= 0)
				say(t, "; the nearest enemy soldier, %s, is never closer "
					"than %s inches", g->units[p.nearest].id,
					am_len_text(a, p.nearest_d));
			say(t, ".\n");
			for (size_t k = 1; k < mo->n; k++)
				am_mark(t->ctx, UMPIRE_MARK_MOVE, m, wp[k - 1], wp[k], NULL);
			m->at = wp[mo->n - 1];
		} else {
			struct am_drive_plan p;
			if (!am_tank_move(g, mo->unit, &mo->drive, &p, why,
			    sizeof(why))) {
				say(t, "%s does not move: %s.\n", m->id, why);
				continue;
			}
			say(t, "%s drives %s inches from %s to %s", am_unit_text(a, m),
				am_len_text(a, p.length), am_pt_text(a, from),
				am_pt_text(a, p.at));
			if (p.turned)
				say(t, ", turning from (%d, %d) to face (%d, %d) (6 inches "
					"and one turn, AM-9)", m->facing.x, m->facing.y,
					p.facing.x, p.facing.y);
			else
				say(t, " straight ahead (up to 12 inches)");
			say(t, ".\n");
			if (mo->drive.has_via)
				am_mark(t->ctx, UMPIRE_MARK_MOVE, m, from, mo->drive.via,
					NULL);
			am_mark(t->ctx, UMPIRE_MARK_MOVE, m, mo->drive.has_via ?
				mo->drive.via : from, p.at, NULL);
			m->at = p.at;
			m->facing = p.facing;
			am_table_build(g);
		}
	}
	if (!o->nmoves)
		say(t, "No one moves.\n");
}

static void
do_assaults(struct telling *t, const struct am_orders *o)
{
	struct am_game *g = t->g;
	struct umpire_arena *a = t->ctx->arena;
	char why[256];

	for (int i = 0; i < o->nassaults; i++) {
		const struct am_assault_order *ao = &o->assaults[i];
		struct am_unit *m = &g->units[ao->unit], *e = &g->units[ao->target];
		struct umpire_pt contact, from = m->at;
		int32_t d;
		item(t);
		if (m->dead || m->pinned) {
			say(t, "%s does not assault %s: he is %s now (AM-16).\n", m->id,
				e->id, m->dead ? "dead" : "pinned");
			continue;
		}
		if (!am_can_assault(g, ao->unit, ao->target, &contact, &d, why,
		    sizeof(why))) {
			say(t, "%s does not assault %s: %s.\n", m->id, e->id, why);
			continue;
		}
		m->at = contact;
		am_mark(t->ctx, UMPIRE_MARK_MOVE, m, from, contact, NULL);
		am_mark(t->ctx, UMPIRE_MARK_ATTACK, m, contact, e->at, "assault");
		int ra = (int)umpire_dice_roll(t->ctx->dice, 6, "assault: %s",
			m->id);
		int rd = (int)umpire_dice_roll(t->ctx->dice, 6, "assault: %s "
			"defends", e->id);
		int dd = rd - (e->pinned ? 2 : 0);
		say(t, "%s assaults %s, %s inches away, moving into contact at "
			"%s. %s rolls %d; %s rolls %d", am_unit_text(a, m),
			am_unit_text(a, e), am_len_text(a, d), am_pt_text(a, contact),
			m->id, ra, e->id, rd);
		if (e->pinned)
			say(t, ", -2 as he is pinned: %d", dd);
		if (ra == dd) {
			say(t, ". A tie: no effect (Assault Combat).\n");
			continue;
		}
		struct am_unit *loser = ra > dd ? e : m, *winner = ra > dd ? m : e;
		say(t, ". %s wins; %s is killed.\n", winner->id, loser->id);
		loser->dead = true;
		loser->died = t->ctx->step;
		loser->by = winner->id;
		t->killed[loser->side]++;
		am_mark(t->ctx, UMPIRE_MARK_LOSS, loser, loser->at, loser->at,
			"killed");
	}
	if (!o->nassaults)
		say(t, "No one assaults.\n");
}

static void
do_rallies(struct telling *t, const struct am_orders *o)
{
	struct am_game *g = t->g;
	struct umpire_arena *a = t->ctx->arena;

	for (int i = 0; i < o->nrally; i++) {
		struct am_unit *m = &g->units[o->rally[i]];
		item(t);
		int lead = am_leader_near(g, o->rally[i]);
		int r = (int)umpire_dice_roll(t->ctx->dice, 6, "rally: %s", m->id);
		say(t, "%s tries to rally: rolls %d", am_unit_text(a, m), r);
		if (lead >= 0)
			say(t, ", +1 for leader %s within 6 inches: %d",
				g->units[lead].id, r + 1);
		if (r + (lead >= 0) >= 5) {
			m->pinned = false;
			t->rallied++;
			say(t, ": he rallies and stands up.\n");
			am_mark(t->ctx, UMPIRE_MARK_PLACE, m, m->at, m->at, "rallied");
		} else {
			say(t, ": he stays pinned (5 or 6 rallies).\n");
		}
	}
	if (!o->nrally)
		say(t, "No soldier is pinned%s.\n", o->rally_given ?
			" and ordered to rally" : "");
}

/* ---------------------------------------------------------------- deck */

void
am_draw(struct umpire_ctx *ctx, struct am_game *g)
{
	int left[AM_CARDS], n = 0;

	if (g->ndrawn == AM_CARDS) {
		g->turn++;
		g->ndrawn = 0;
	}
	for (int c = 0; c < AM_CARDS; c++) {
		bool out = false;
		for (int i = 0; i < g->ndrawn; i++)
			out |= g->drawn[i] == c;
		if (!out)
			left[n++] = c;
	}
	umpire_dice_shuffle(ctx->dice, left, (size_t)n, "turn %d, card %d: "
		"the %d cards left in the turn deck", g->turn, g->ndrawn + 1, n);
	g->drawn[g->ndrawn++] = left[0];
	g->to_move = left[0] / AM_ACTIONS;
	umpire_report_printf(ctx->report, "\nCard %d of turn %d, drawn from "
		"the %d left in the deck after a shuffle (Sequence of Play, AM-2): "
		"**%s**.\n", g->ndrawn, g->turn, n, am_card_title(left[0]));
}

static int
points(const struct am_game *g, int side)
{
	int p = 0;

	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		if (u->side != side && u->dead)
			p += u->tank ? g->points_tank : g->points_soldier;
	}
	return p;
}

bool
am_game_over(struct umpire_ctx *ctx, struct am_game *g, bool turn_done)
{
	bool gone[2];
	struct umpire_result *r = ctx->result;

	for (int s = 0; s < 2; s++)
		gone[s] = !am_standing(g, s) && !am_tanks_left(g, s);
	if (gone[0] || gone[1]) {
		if (gone[0] && gone[1]) {
			umpire_result_end(r, ctx->step, "both sides were wiped out "
				"(AM-20)");
			umpire_result_side_won(r, am_sides, -1);
		} else {
			int w = gone[0];
			umpire_result_end(r, ctx->step, "%s has no soldier or tank "
				"left (AM-20)", am_sides[!w]);
			umpire_result_side_won(r, am_sides, w);
		}
	} else if (turn_done && g->turn >= g->turns) {
		int p0 = points(g, 0), p1 = points(g, 1);
		umpire_result_end(r, ctx->step, "turn %d ended: casualty points "
			"%d to %d (AM-20)", g->turn, p0, p1);
		umpire_result_score(r, am_sides[0], p0);
		umpire_result_score(r, am_sides[1], p1);
		umpire_result_rank_by_score(r);
		g->to_move = -1;
		return true;
	} else {
		return false;
	}
	umpire_result_score(r, am_sides[0], points(g, 0));
	umpire_result_score(r, am_sides[1], points(g, 1));
	g->to_move = -1;
	return true;
}

/* -------------------------------------------------------------- resolve */

void
am_resolve(struct umpire_ctx *ctx, void *game, const struct umpire_node *orders)
{
	struct am_game *g = game;
	struct am_orders o;
	struct telling t = { ctx, g, 0, UMPIRE_HEADLINE_INIT(3), { 0, 0 }, 0, 0,
		0, 0 };
	struct umpire_report *r = ctx->report;
	int side = g->to_move, card = g->drawn[g->ndrawn - 1];

	g->exact = am_rulings(ctx);
	am_orders_read(ctx, g, orders, &o);
	umpire_report_title(r, "Step %ld: %s (turn %d, card %d)", ctx->step,
		am_card_title(card), g->turn, g->ndrawn);
	umpire_report_printf(r, "%s, card %d of turn %d.\n\n",
		am_card_title(card), g->ndrawn, g->turn);
	switch (o.action) {
	case AM_MOVES:
		do_moves(&t, &o);
		umpire_headline_clause(&t.head, "%d %s", o.nmoves,
			o.nmoves == 1 ? "unit moves" : "units move");
		break;
	case AM_FIRES:
		do_fire(&t, &o);
		umpire_headline_clause(&t.head, "%d %s", o.nfires,
			o.nfires == 1 ? "shot" : "shots");
		break;
	case AM_ASSAULTS:
		do_assaults(&t, &o);
		umpire_headline_clause(&t.head, "%d %s", o.nassaults,
			o.nassaults == 1 ? "assault" : "assaults");
		break;
	default:
		do_rallies(&t, &o);
		umpire_headline_clause(&t.head, "%d of %d %s", t.rallied, o.nrally,
			o.nrally == 1 ? "rallies" : "rally");
		break;
	}
	for (int s = 0; s < 2; s++)
		if (t.killed[s])
			umpire_headline_clause(&t.head, "%d %s %s killed",
				t.killed[s], am_sides[s], t.killed[s] == 1 ? "soldier" :
				"soldiers");
	if (t.pinned)
		umpire_headline_clause(&t.head, "%d pinned", t.pinned);
	if (t.destroyed)
		umpire_headline_clause(&t.head, "%d %s destroyed", t.destroyed,
			t.destroyed == 1 ? "tank" : "tanks");
	if (t.flattened)
		umpire_headline_clause(&t.head, "%d high %s flattened", t.flattened,
			t.flattened == 1 ? "block" : "blocks");
	umpire_headline_lead(&t.head, "%s %s: ", am_Sides[side],
		am_actions[o.action]);
	if (!am_game_over(ctx, g, g->ndrawn == AM_CARDS)) {
		am_draw(ctx, g);
		umpire_headline_finish(&t.head, r, ". Next: %s.",
			am_card_title(g->drawn[g->ndrawn - 1]));
	} else {
		umpire_report_printf(r, "\nThe game is over: %s.\n", ctx->result->how);
		umpire_headline_finish(&t.head, r, ". The game is over: %s.",
			ctx->result->how);
	}
}
