/*
 * resolve.c - carrying out a turn of Army Man Backgammon and telling it.
 *
 * Dice are drawn in the order the rules need them: a saving throw for
 * each attack that finds a target, in the order of the orders, then the
 * next side's Tactics Phase dice (AMB-22).
 */
#include <stdio.h>
#include <string.h>

#include "amb.h"
#include "game/secret.h"
#include "util/text.h"

struct telling {
	struct umpire_ctx *ctx;
	struct amb_game *g;
	int side;
	struct umpire_headline head;
	int item;			/* numbered list item */
};

static const char *
Side(int side)
{
	return side == AMB_GREEN ? "Green" : "Tan";
}

static void
clause(struct telling *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
clause(struct telling *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_headline_vclause(&t->head, fmt, ap);
	va_end(ap);
}

/* The game is over: side won, as how says (AMB-8, AMB-16). */
static void win(struct umpire_ctx *ctx, struct amb_game *g, int side,
	const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
win(struct umpire_ctx *ctx, struct amb_game *g, int side, const char *fmt,
	...)
{
	char how[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(how, sizeof(how), fmt, ap);
	va_end(ap);
	g->winner = side;
	g->to_move = -1;
	umpire_result_end(ctx->result, ctx->step, "%s", how);
	umpire_result_side_won(ctx->result, amb_sides, side);
}

static const char *
save_text(struct umpire_arena *a, int save)
{
	return save == 1 ? "1" : umpire_arena_printf(a, "1-%d", save);
}

static void
kill(struct amb_game *g, int side, int i, long step, enum amb_how how, int by)
{
	struct amb_man *m = &g->men[side][i];

	m->dead = true;
	m->died = step;
	m->how = how;
	m->by = by;
	g->fallen[side][g->nfallen[side]++] = i;
}

static void
sergeant_note(struct telling *t, int side, const struct amb_man *m)
{
	if (m->sergeant && t->g->opt.sergeant)
		umpire_report_printf(t->ctx->report, " %s was %s's Sergeant: from "
			"now on every %s turn must Dig In or Charge (Sergeant Rule, "
			"AMB-15).", m->id, amb_sides[side], amb_sides[side]);
}

/* For the step's picture (picture.c): x is the row. */
static void
mark(struct umpire_ctx *ctx, enum umpire_mark_kind kind, int side,
	const struct amb_man *m, int from, int to, const char *note)
{
	umpire_marks_add(ctx->marks, &(struct umpire_mark){ .kind = kind,
		.player = amb_sides[side], .unit = m->id, .from = { from, 0 },
		.to = { to, 0 }, .note = note });
}

static int
enemies_on(const struct amb_game *g, int enemy, int row, int *one)
{
	int n = 0;

	for (int i = 0; i < g->nmen[enemy]; i++)
		if (!g->men[enemy][i].dead && g->men[enemy][i].row == row) {
			*one = i;
			n++;
		}
	return n;
}

/*
 * Mine Detector (AMB-17): man of the side to move has landed on row.
 * Enemy minefields there go off, one saving throw each, as an attack's
 * (Stance Table), until one kills him; or his mine detector clears them
 * all.  Either way each one's row and salt become public.
 */
static void
landed(struct telling *t, int man, int row)
{
	struct amb_game *g = t->g;
	struct umpire_ctx *ctx = t->ctx;
	struct umpire_report *r = ctx->report;
	int side = t->side, enemy = !side, n = 0;
	struct amb_man *m = &g->men[side][man];
	struct amb_minefield *here[AMB_MINEFIELDS];
	char lbl[40];

	if (!g->opt.mine_detector)
		return;
	for (int i = 0; i < AMB_MINEFIELDS; i++) {
		struct amb_minefield *f = &g->mines[enemy][i];
		if (g->laid[enemy] && !f->cleared && f->row == row) {
			here[n++] = f;
			f->known = true;
			snprintf(lbl, sizeof(lbl), "minefields/%s/%d", amb_sides[enemy],
				i + 1);
			f->salt = umpire_arena_strdup(g->arena,
				umpire_secret_salt(ctx, lbl));
		}
	}
	if (!n)
		return;
	if (m->detector) {
		for (int i = 0; i < n; i++)
			here[i]->cleared = ctx->step;
		umpire_report_printf(r, " Row %d holds %d of %s's minefields; %s "
			"carries a mine detector and clears %s (Mine Detector, "
			"AMB-17).", row, n, amb_sides[enemy], m->id, n == 1 ? "it" :
			"them");
		clause(t, "%s clears %d mine%s on row %d", m->id, n, n == 1 ? "" :
			"s", row);
		return;
	}
	int save = amb_stances[m->stance].save;
	const char *saves = save_text(ctx->arena, save);
	umpire_report_printf(r, " Row %d holds %d of %s's minefields (Mine "
		"Detector, AMB-17): as %s is %s, he saves on %s against each:",
		row, n, amb_sides[enemy], m->id, amb_stances[m->stance].name, saves);
	for (int i = 0; i < n; i++) {
		int roll = (int)umpire_dice_roll(ctx->dice, 6, "saving throw: %s "
			"(%s, saves on %s) against %s's minefield %d on row %d", m->id,
			amb_stances[m->stance].name, saves, amb_sides[enemy], i + 1,
			row);
		umpire_report_printf(r, "%s he rolls %d, ", i ? ";" : "", roll);
		if (roll <= save) {
			umpire_report_printf(r, "**saved**");
			continue;
		}
		umpire_report_printf(r, "**killed**.");
		kill(g, side, man, ctx->step, AMB_MINED, -1);
		mark(ctx, UMPIRE_MARK_LOSS, side, m, row, row, "mined");
		sergeant_note(t, side, m);
		clause(t, "%s is killed by a mine on row %d", m->id, row);
		return;
	}
	umpire_report_printf(r, ".");
	clause(t, "%s survives %d mine%s on row %d", m->id, n, n == 1 ? "" : "s",
		row);
}

static void
do_move(struct telling *t, const struct amb_action *a)
{
	struct amb_game *g = t->g;
	struct umpire_ctx *ctx = t->ctx;
	struct umpire_report *r = ctx->report;
	int side = t->side, enemy = !side;
	struct amb_man *m = &g->men[side][a->man];
	int from = m->row;
	int to = umpire_track_advance(&amb_track, side, from, a->die);

	umpire_report_printf(r, "%d. **Maneuver Phase.** %s", ++t->item,
		amb_man_text(ctx->arena, m));
	if (!to) {
		int need = umpire_track_to_off(&amb_track, side, from);
		umpire_report_printf(r, " moves off %s's back row from row %d with "
			"the %d", amb_sides[enemy], from, a->die);
		if (need == a->die)
			umpire_report_printf(r, ", exactly the %d row%s he needs", need,
				need == 1 ? "" : "s");
		else
			umpire_report_printf(r, " (%d would do: the roll need not be "
				"exact)", need);
		umpire_report_printf(r, ". **%s wins** (Victory, AMB-8).\n",
			Side(side));
		m->row = from;
		g->off_man = a->man;
		mark(ctx, UMPIRE_MARK_MOVE, side, m, from, side == AMB_GREEN ?
			AMB_ROWS + 1 : 0, "off");
		win(ctx, g, side, "%s moved off %s's back row", m->id,
			amb_sides[enemy]);
		clause(t, "%s moves off %s's back row and wins", m->id,
			amb_sides[enemy]);
		return;
	}
	umpire_report_printf(r, " moves %d row%s with the %d, from row %d to row "
		"%d.", a->die, a->die == 1 ? "" : "s", a->die, from, to);
	m->row = to;
	mark(ctx, UMPIRE_MARK_MOVE, side, m, from, to, NULL);
	int victim = -1, n = enemies_on(g, enemy, to, &victim);
	if (n == 1) {
		struct amb_man *v = &g->men[enemy][victim];
		umpire_report_printf(r, " %s stood alone on row %d and is captured "
			"(Maneuver Phase, AMB-7).", amb_man_text(ctx->arena, v), to);
		kill(g, enemy, victim, ctx->step, AMB_CAPTURED, a->man);
		mark(ctx, UMPIRE_MARK_LOSS, enemy, v, to, to, "captured");
		sergeant_note(t, enemy, v);
		clause(t, "%s captures %s on row %d", m->id, v->id, to);
	} else if (n >= 2) {
		umpire_report_printf(r, " Row %d holds %d %s men, so %s is captured "
			"(Maneuver Phase, AMB-7).", to, n, amb_sides[enemy], m->id);
		kill(g, side, a->man, ctx->step, AMB_LOST, -1);
		mark(ctx, UMPIRE_MARK_LOSS, side, m, to, to, "captured");
		sergeant_note(t, side, m);
		clause(t, "%s is captured on row %d", m->id, to);
	} else {
		clause(t, "%s moves to row %d", m->id, to);
	}
	if (!m->dead)
		landed(t, a->man, to);
	umpire_report_printf(r, "\n");
}

static int
weapon_for(const struct amb_man *m, const struct amb_action *a)
{
	if (a->weapon >= 0)
		return a->weapon;
	for (int w = 0; w < AMB_WEAPONS; w++)
		if ((m->weapons & (1u << w)) && amb_weapons[w].range == a->die)
			return w;
	return 0;
}

static void
do_attack(struct telling *t, const struct amb_action *a)
{
	struct amb_game *g = t->g;
	struct umpire_ctx *ctx = t->ctx;
	struct umpire_report *r = ctx->report;
	int side = t->side, enemy = !side;
	struct amb_man *m = &g->men[side][a->man];
	const struct amb_weapon_info *w = &amb_weapons[weapon_for(m, a)];
	int victim = -1;

	umpire_report_printf(r, "%d. **Attack Phase.** %s, on row %d, attacks "
		"with the %d and his %s (range %d).", ++t->item,
		amb_man_text(ctx->arena, m), m->row, a->die, w->text, w->range);
	for (int i = 0; i < a->ntargets && victim < 0; i++) {
		const struct amb_man *v = &g->men[enemy][a->targets[i]];
		if (v->dead)
			umpire_report_printf(r, " %s, %s target, fell earlier this turn "
				"(AMB-10).", v->id, i == 0 ? "his" : "the next");
		else
			victim = a->targets[i];
	}
	if (victim < 0) {
		umpire_report_printf(r, " No target he named is left, so the %d is "
			"spent (AMB-10).\n", a->die);
		clause(t, "%s's %d is spent", m->id, a->die);
		return;
	}
	struct amb_man *v = &g->men[enemy][victim];
	int save = amb_stances[v->stance].save;
	const char *saves = save_text(ctx->arena, save);
	int roll = (int)umpire_dice_roll(ctx->dice, 6, "saving throw: %s (%s, "
		"saves on %s) against %s", v->id, amb_stances[v->stance].name, saves,
		m->id);
	umpire_report_printf(r, " The target is %s, on row %d, %d row%s away. "
		"As he is %s, he saves on %s%s (Stance Table): he rolls %d, ",
		amb_man_text(ctx->arena, v), v->row, a->die, a->die == 1 ? "" : "s",
		amb_stances[v->stance].name, save == 1 ? "a " : "", saves, roll);
	mark(ctx, UMPIRE_MARK_ATTACK, side, m, m->row, v->row, roll <= save ?
		"saved" : "killed");
	if (roll <= save) {
		umpire_report_printf(r, "**saved**.\n");
		clause(t, "%s saves against %s", v->id, m->id);
		return;
	}
	umpire_report_printf(r, "**killed** (Attack Phase, Casualties).");
	kill(g, enemy, victim, ctx->step, AMB_SHOT, a->man);
	mark(ctx, UMPIRE_MARK_LOSS, enemy, v, v->row, v->row, "shot");
	sergeant_note(t, enemy, v);
	umpire_report_printf(r, "\n");
	clause(t, "%s kills %s", m->id, v->id);
}

static void
describe_turn(struct telling *t, const struct amb_orders *o)
{
	struct amb_game *g = t->g;
	struct umpire_report *r = t->ctx->report;
	int moves = 0, attacks = 0, twice = -1;
	unsigned char count[AMB_MAX_MEN] = { 0 };

	for (int i = 0; i < o->play.n; i++) {
		const struct amb_action *a = &o->play.a[i];
		if (a->kind == AMB_MOVE) {
			moves++;
			if (++count[a->man] == 2)
				twice = a->man;
		} else {
			attacks++;
		}
	}
	umpire_report_printf(r, "%s rolled %s in the Tactics Phase. ",
		Side(t->side), amb_dice_text(t->ctx->arena, g->dice, g->opt.dice));
	if (!o->play.n)
		umpire_report_printf(r, "No die can be used this turn (AMB-12).");
	else if (moves && attacks)
		umpire_report_printf(r, "%s", o->play.a[0].kind == AMB_MOVE ?
			"A normal turn: the Maneuver Phase, then the Attack Phase." :
			"Fire & Movement: the Attack Phase first, then the Maneuver "
			"Phase (Fire & Movement Rule).");
	else if (moves >= 2)
		umpire_report_printf(r, "Charge: %d moves and no attack (Charge "
			"Orders Rule%s).", moves, twice >= 0 ?
			umpire_arena_printf(t->ctx->arena, "; %s moves twice by the "
			"Infiltration Orders Rule", g->men[t->side][twice].id) : "");
	else if (attacks >= 2)
		umpire_report_printf(r, "Dig In: %d attacks and no move (Dig In "
			"Orders Rule).", attacks);
	else
		umpire_report_printf(r, "One %s.", moves ? "move" : "attack");
	if (o->play.n < g->opt.dice && o->won)
		umpire_report_printf(r, " The winning move counts as using every "
			"die (AMB-12).");
	else if (o->play.n && o->play.n < g->opt.dice)
		umpire_report_printf(r, " Only %d of the %d dice can be used "
			"(AMB-12).", o->play.n, g->opt.dice);
	umpire_report_printf(r, "\n\n");
}

/*
 * Keep the men in a canonical order, the order a state file gives them
 * (the living in their order, then the dead as they fell), so a game in
 * memory and the same game read back from its file behave alike.
 */
static void
normalize(struct amb_game *g)
{
	int map[2][AMB_MAX_MEN];
	struct amb_man men[2][AMB_MAX_MEN];

	for (int s = 0; s < 2; s++) {
		int k = 0;
		for (int i = 0; i < g->nmen[s]; i++)
			if (!g->men[s][i].dead)
				map[s][i] = k++;
		for (int j = 0; j < g->nfallen[s]; j++)
			map[s][g->fallen[s][j]] = k++;
		for (int i = 0; i < g->nmen[s]; i++)
			men[s][map[s][i]] = g->men[s][i];
		for (int j = 0; j < g->nfallen[s]; j++)
			g->fallen[s][j] = map[s][g->fallen[s][j]];
	}
	if (g->off_man >= 0)
		g->off_man = map[g->winner][g->off_man];
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nmen[s]; i++) {
			g->men[s][i] = men[s][i];
			if (g->men[s][i].by >= 0)
				g->men[s][i].by = map[!s][g->men[s][i].by];
		}
}

static int
alive(const struct amb_game *g, int side)
{
	int n = 0;

	for (int i = 0; i < g->nmen[side]; i++)
		n += !g->men[side][i].dead;
	return n;
}

void
amb_resolve(struct umpire_ctx *ctx, void *game, const struct umpire_node *orders)
{
	struct amb_game *g = game;
	struct umpire_report *r = ctx->report;
	struct telling t = { ctx, g, g->to_move, UMPIRE_HEADLINE_INIT(0), 0 };
	int side = g->to_move, enemy = !side;
	struct amb_orders o;

	if (g->laying) {
		amb_mines_lay(ctx, g, orders);
		return;
	}
	amb_orders_read(ctx, g, orders, &o);
	umpire_report_title(r, "Step %ld: %s's turn", ctx->step, amb_sides[side]);
	describe_turn(&t, &o);
	for (int i = 0; i < o.play.n && g->to_move >= 0; i++) {
		const struct amb_action *a = &o.play.a[i];
		if (g->men[side][a->man].dead) {
			/* Only a minefield kills a man in his own turn unforeseen. */
			struct amb_man *m = &g->men[side][a->man];
			umpire_report_printf(r, "%d. %s fell on a minefield earlier "
				"this turn, so his %s with the %d lapses (AMB-17).\n",
				++t.item, m->id, a->kind == AMB_MOVE ? "move" : "attack",
				a->die);
			clause(&t, "%s's %s with the %d lapses", m->id,
				a->kind == AMB_MOVE ? "move" : "attack", a->die);
			continue;
		}
		if (o.play.a[i].kind == AMB_MOVE)
			do_move(&t, &o.play.a[i]);
		else
			do_attack(&t, &o.play.a[i]);
	}
	if (o.stance_man >= 0 && g->to_move >= 0 &&
	    g->men[side][o.stance_man].dead) {
		/* Accepted while he might live, but he did not (AMB-14). */
		struct amb_man *m = &g->men[side][o.stance_man];
		umpire_report_printf(r, "%d. **Stance Phase.** %s was captured on "
			"row %d this turn, so the order for him to go %s lapses (Stance "
			"Phase, AMB-14).\n", ++t.item, amb_man_text(ctx->arena, m),
			m->row, amb_stances[o.stance_to].name);
		clause(&t, "%s's order to go %s lapses", m->id,
			amb_stances[o.stance_to].name);
	} else if (o.stance_man >= 0 && g->to_move >= 0) {
		struct amb_man *m = &g->men[side][o.stance_man];
		umpire_report_printf(r, "%d. **Stance Phase.** %s is replaced by a "
			"%s figure with the same weapon%s.\n", ++t.item,
			amb_man_text(ctx->arena, m), amb_stances[o.stance_to].name,
			amb_weapon_count(m) > 1 ? "s" : "");
		clause(&t, "%s goes %s", m->id, amb_stances[o.stance_to].name);
		m->stance = o.stance_to;
	}
	if (umpire_headline_empty(&t.head))
		clause(&t, "%s passes", Side(side));
	if (g->to_move >= 0) {
		if (t.item)
			umpire_report_printf(r, "\n");
		int loser = !alive(g, enemy) ? enemy : !alive(g, side) ? side : -1;
		if (loser >= 0) {
			win(ctx, g, !loser, "%s has no men left", amb_sides[loser]);
			umpire_report_printf(r, "%s has no men left and can no longer "
				"win: **%s wins** (AMB-16).\n", Side(loser),
				Side(!loser));
		} else {
			g->to_move = enemy;
			amb_roll_tactics(ctx, g, enemy);
			umpire_report_printf(r, "%s rolls %s for the Tactics Phase of "
				"step %ld.\n", Side(enemy), amb_dice_text(ctx->arena, g->dice,
				g->opt.dice), ctx->step + 1);
		}
	}
	if (g->to_move >= 0)
		umpire_headline_finish(&t.head, r, ". %s to play %s.", Side(enemy),
			amb_dice_text(ctx->arena, g->dice, g->opt.dice));
	else
		umpire_headline_finish(&t.head, r, ". %s wins.", Side(g->winner));
	normalize(g);
}
