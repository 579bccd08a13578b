/*
 * plan.c - what a turn of Army Man Backgammon may do.
 *
 * A turn is planned on a copy of the board on which moves happen
 * (captures are certain) and attacks change nothing (a saving throw is
 * not known in advance): orders are checked as if every attack were saved
 * (AMB-10).  Beside it the copy keeps the board as if every attack
 * killed, which is as many of his men as the player can hope to have at
 * the Stance Phase (AMB-14).  The same checks serve orders, the "must use
 * your dice" search (AMB-12) and the bot.
 *
 * The turn's dice are rolled here too (the roll for first player, the
 * Tactics Phase dice), so that the minefields, which end with the roll
 * for first player, and the state files can both call them.
 */
#include <stdio.h>
#include <string.h>

#include "amb.h"
#include "util/text.h"

const struct umpire_track amb_track = UMPIRE_TRACK_BOARD;

bool
amb_sergeant_dead(const struct amb_game *g, int side)
{
	if (!g->opt.sergeant)
		return false;
	for (int i = 0; i < g->nmen[side]; i++)
		if (g->men[side][i].sergeant)
			return g->men[side][i].dead;
	return false;
}

void
amb_board_init(struct amb_board *b, const struct amb_game *g)
{
	memset(b, 0, sizeof(*b));
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nmen[s]; i++)
			if (!g->men[s][i].dead) {
				b->row[s][i] = (signed char)g->men[s][i].row;
				b->count[s][g->men[s][i].row]++;
			}
	memcpy(b->best_row, b->row, sizeof(b->row));
	memcpy(b->best_count, b->count, sizeof(b->count));
}

void
amb_turn_init(struct amb_turn *t, const struct amb_game *g)
{
	memset(t, 0, sizeof(*t));
	t->side = g->to_move;
	for (int i = 0; i < g->opt.dice; i++)
		t->left[g->dice[i]]++;
	t->nleft = g->opt.dice;
	t->first = t->last = -1;
	t->double_mover = -1;
}

int
amb_lone_enemy(const struct amb_board *b, int side, int row)
{
	int enemy = !side;

	if (b->count[enemy][row] != 1)
		return -1;
	for (int i = 0; i < AMB_MAX_MEN; i++)
		if (b->row[enemy][i] == row)
			return i;
	return -1;
}

int
amb_targets(const struct amb_game *g, const struct amb_board *b, int side,
	int man, int die, int *out)
{
	int enemy = !side, row = b->row[side][man], n = 0;

	(void)g;
	for (int i = 0; i < AMB_MAX_MEN; i++) {
		int r = b->row[enemy][i];
		/* AMB-9: exactly die rows away, forward or back. */
		if (r && umpire_track_distance(r, row) == die) {
			if (out)
				out[n] = i;
			n++;
		}
	}
	return n;
}

/*
 * Man of side lands on row to (0: moves off the board) on one of the
 * boards of struct amb_board: he captures a lone enemy there, or is
 * captured by two or more (AMB-7).
 */
static void
land(signed char row[2][AMB_MAX_MEN], unsigned char count[2][AMB_ROWS + 1],
	int side, int man, int to)
{
	int enemy = !side;

	if (row[side][man])
		count[side][row[side][man]]--;
	row[side][man] = 0;
	if (!to || count[enemy][to] >= 2)
		return;
	if (count[enemy][to] == 1) {
		for (int i = 0; i < AMB_MAX_MEN; i++)
			if (row[enemy][i] == to)
				row[enemy][i] = 0;
		count[enemy][to] = 0;
	}
	row[side][man] = (signed char)to;
	count[side][to]++;
}

/* The weapon of man that fits die: the one named, or the first. */
static int
fitting_weapon(const struct amb_man *m, int die)
{
	for (int w = 0; w < AMB_WEAPONS; w++)
		if ((m->weapons & (1u << w)) && amb_weapons[w].range == die)
			return w;
	return -1;
}


/* The order of phases, Charge, Dig In and the Sergeant rule. */
static bool
try_phase(const struct amb_game *g, const struct amb_turn *t,
	enum amb_kind kind, char *why, size_t n)
{
	if (t->last < 0 || (int)kind == t->last)
		return true;
	if (t->switched)
		return umpire_refuse(why, n, "moves and attacks cannot alternate: a turn "
			"has one Maneuver Phase and one Attack Phase (Turn Sequence, "
			"AMB-20)");
	if (amb_sergeant_dead(g, t->side))
		return umpire_refuse(why, n, "%s's Sergeant is dead, so every turn must "
			"Dig In (attacks only) or Charge (moves only) (Sergeant Rule, "
			"AMB-15)", amb_sides[t->side]);
	if (t->first == AMB_ATTACK && !g->opt.fire_and_movement)
		return umpire_refuse(why, n, "attacking before moving needs the Fire & "
			"Movement Rule, which this game's options turn off");
	if (kind == AMB_ATTACK && t->double_mover >= 0)
		return umpire_refuse(why, n, "%s moved twice by Infiltration, which is a "
			"Charge: no attack may follow (Infiltration Orders Rule, AMB-13)",
			g->men[t->side][t->double_mover].id);
	return true;
}

static bool
try_move(const struct amb_game *g, struct amb_board *b, struct amb_turn *t,
	const struct amb_action *a, char *why, size_t n)
{
	int side = t->side;
	const struct amb_man *m = &g->men[side][a->man];
	int from = b->row[side][a->man];

	if (!from)
		return umpire_refuse(why, n, "%s was captured earlier this turn", m->id);
	if (a->die > amb_stances[m->stance].max_move)
		return umpire_refuse(why, n, "%s is %s and may move 1-%d rows, not %d "
			"(Stance Table)", m->id, amb_stances[m->stance].name,
			amb_stances[m->stance].max_move, a->die);
	if (t->moves[a->man] >= 1) {
		if (!g->opt.charge || !g->opt.infiltration)
			return umpire_refuse(why, n, "%s already moved this turn; each man moves "
				"once%s", m->id, g->opt.infiltration ? "" :
				" (Infiltration is off in this game)");
		if (m->stance != AMB_RUNNING)
			return umpire_refuse(why, n, "%s already moved this turn; only a running "
				"man may move twice (Infiltration Orders Rule, AMB-13)",
				m->id);
		if (t->moves[a->man] >= 2)
			return umpire_refuse(why, n, "%s already moved twice this turn "
				"(Infiltration Orders Rule, AMB-13)", m->id);
		if (t->double_mover >= 0)
			return umpire_refuse(why, n, "%s already moved twice this turn; only a "
				"single man may (Infiltration Orders Rule, AMB-13)",
				g->men[side][t->double_mover].id);
		if (t->nattacks)
			return umpire_refuse(why, n, "a man moves twice only in a Charge, with no "
				"attack (Infiltration Orders Rule, AMB-13)");
	}
	int to = umpire_track_advance(&amb_track, side, from, a->die);
	if (to && b->count[side][to] >= AMB_ROW_LIMIT)
		return umpire_refuse(why, n, "row %d already holds %d %s men (the 5 man "
			"limit, Maneuver Phase, AMB-6)", to, AMB_ROW_LIMIT,
			amb_sides[side]);
	/* Legal: apply it.  Off the far end wins; the roll need not be
	 * exact (AMB-8). */
	land(b->row, b->count, side, a->man, to);
	land(b->best_row, b->best_count, side, a->man, to);
	t->won |= !to;
	if (t->moves[a->man]++ == 1)
		t->double_mover = a->man;
	t->nmoves++;
	return true;
}

static bool
try_attack(const struct amb_game *g, struct amb_board *b, struct amb_turn *t,
	const struct amb_action *a, char *why, size_t n)
{
	int side = t->side, enemy = !side;
	const struct amb_man *m = &g->men[side][a->man];
	int row = b->row[side][a->man];

	if (!row)
		return umpire_refuse(why, n, "%s was captured earlier this turn", m->id);
	if (t->attacked[a->man])
		return umpire_refuse(why, n, "%s already attacked this turn; each man attacks "
			"once, and Dig In attacks with two men (AMB-13)", m->id);
	if (a->weapon >= 0) {
		const struct amb_weapon_info *w = &amb_weapons[a->weapon];
		if (!(m->weapons & (1u << a->weapon)))
			return umpire_refuse(why, n, "%s carries no %s", m->id, w->text);
		if (w->range != a->die)
			return umpire_refuse(why, n, "%s's %s has range %d, so it attacks only "
				"with a %d, not a %d (Weapon Table)", m->id, w->text,
				w->range, w->range, a->die);
	} else if (fitting_weapon(m, a->die) < 0) {
		char list[256];
		size_t k = 0;
		int count = 0, total = amb_weapon_count(m);
		list[0] = '\0';
		for (int w = 0; w < AMB_WEAPONS && k < sizeof(list); w++)
			if (m->weapons & (1u << w))
				k += (size_t)snprintf(list + k, sizeof(list) - k, "%s%s "
					"(range %d)", count++ == 0 ? "" : count == total ?
					" and " : ", ", amb_weapons[w].text, amb_weapons[w].range);
		return umpire_refuse(why, n, "%s carries %s%s; a %d needs a weapon of range "
			"%d (Weapon Table%s)", m->id, total == 1 ? "a " : "", list,
			a->die, a->die, total > 1 ? ", AMB-18" : "");
	}
	for (int i = 0; i < a->ntargets; i++) {
		int v = a->targets[i];
		const struct amb_man *e = &g->men[enemy][v];
		int r = b->row[enemy][v];
		if (!r)
			return umpire_refuse(why, n, "%s was captured earlier this turn", e->id);
		int d = umpire_track_distance(r, row);
		if (d != a->die)
			return umpire_refuse(why, n, "%s on row %d is %d row%s from %s on "
				"row %d; an attack with a %d needs a target exactly %d "
				"row%s away (Attack Phase)", e->id, r, d, d == 1 ? "" : "s",
				m->id, row, a->die, a->die, a->die == 1 ? "" : "s");
	}
	/* Had it killed: the first target named still standing (AMB-10). */
	for (int i = 0; i < a->ntargets; i++) {
		int v = a->targets[i], r = b->best_row[enemy][v];
		if (r) {
			b->best_row[enemy][v] = 0;
			b->best_count[enemy][r]--;
			break;
		}
	}
	t->attacked[a->man] = true;
	t->nattacks++;
	return true;
}

bool
amb_try(const struct amb_game *g, struct amb_board *b, struct amb_turn *t,
	const struct amb_action *a, char *why, size_t n)
{
	if (t->won)
		return umpire_refuse(why, n, "the game is won by the move before; nothing "
			"may follow it (Victory, AMB-8)");
	if (a->die < 1 || a->die > 6 || !t->left[a->die]) {
		int rolled = 0;
		for (int i = 0; i < g->opt.dice; i++)
			rolled += g->dice[i] == a->die;
		if (rolled == 1)
			return umpire_refuse(why, n, "the %d is already used", a->die);
		if (rolled == 2)
			return umpire_refuse(why, n, "both %ds are already used; doubles "
				"are two dice, not four as in backgammon (AMB-4)", a->die);
		if (rolled)
			return umpire_refuse(why, n, "all %s %ds are already used; each "
				"die is used once, doubles or not (AMB-4)", rolled == 3 ?
				"three" : "four", a->die);
		char dice[64] = "";
		for (int i = 0, k = 0; i < g->opt.dice; i++)
			k += snprintf(dice + k, sizeof(dice) - (size_t)k, "%s%d",
				i == 0 ? "" : i == g->opt.dice - 1 ? " and " : ", ",
				g->dice[i]);
		return umpire_refuse(why, n, "no die shows %d; %s's %s %s (Tactics Phase)",
			a->die, amb_sides[t->side], g->opt.dice == 1 ? "die is" :
			"dice are", dice);
	}
	if (!try_phase(g, t, a->kind, why, n))
		return false;
	if (!(a->kind == AMB_MOVE ? try_move(g, b, t, a, why, n) :
	    try_attack(g, b, t, a, why, n)))
		return false;
	t->left[a->die]--;
	t->nleft--;
	t->used++;
	if (t->first < 0)
		t->first = (int)a->kind;
	else if ((int)a->kind != t->last)
		t->switched = true;
	t->last = (int)a->kind;
	return true;
}

bool
amb_turn_complete(const struct amb_game *g, const struct amb_turn *t,
	char *why, size_t n)
{
	if (t->nmoves >= 2 && t->nattacks == 0 && !g->opt.charge)
		return umpire_refuse(why, n, "moving %d men and attacking with none is a "
			"Charge, which this game's options turn off", t->nmoves);
	if (t->nattacks >= 2 && t->nmoves == 0 && !g->opt.dig_in)
		return umpire_refuse(why, n, "attacking with %d men and moving none is "
			"Digging In, which this game's options turn off", t->nattacks);
	return true;
}

int
amb_turn_value(const struct amb_game *g, const struct amb_turn *t)
{
	return t->won ? g->opt.dice : t->used;
}

/* ------------------------------------------------------------- search */

bool
amb_kill_matters(const struct amb_game *g, const struct amb_board *b,
	const struct amb_turn *t, int die, int row)
{
	int side = t->side;

	/* Moves follow attacks only by Fire & Movement, and never once the
	 * Sergeant is dead (AMB-15). */
	if (t->nmoves || !g->opt.fire_and_movement || amb_sergeant_dead(g, side))
		return false;
	for (int d = 1; d <= 6; d++) {
		if (t->left[d] - (d == die) <= 0)
			continue;
		for (int i = 0; i < g->nmen[side]; i++) {
			int from = b->row[side][i];
			if (from && d <= amb_stances[g->men[side][i].stance].max_move &&
			    umpire_track_advance(&amb_track, side, from, d) == row)
				return true;
		}
	}
	return false;
}

bool
amb_each_next(const struct amb_game *g, const struct amb_board *b,
	const struct amb_turn *t, amb_next_fn fn, void *ctx)
{
	int side = t->side;

	if (t->won || !t->nleft)
		return true;
	for (int die = 6; die >= 1; die--) {
		if (!t->left[die])
			continue;
		for (int kind = AMB_MOVE; kind <= AMB_ATTACK; kind++) {
			for (int i = 0; i < g->nmen[side]; i++) {
				if (!b->row[side][i])
					continue;
				struct amb_action a = { (enum amb_kind)kind, i, die, -1, 0,
					{ 0 } };
				int targets[AMB_MAX_IN_RANGE], n = 0, k = 0, calls = 1;
				uint64_t ways = 1;
				if (kind == AMB_ATTACK) {
					n = amb_targets(g, b, side, i, die, targets);
					if (!n)
						continue;
					a.ntargets = 1;
					/* The first k targets get a call each. */
					for (int j = 0; j < n; j++)
						if (amb_kill_matters(g, b, t, die,
						    b->row[!side][targets[j]])) {
							int x = targets[k];
							targets[k++] = targets[j];
							targets[j] = x;
						}
					calls = k + (k < n);
				}
				for (int j = 0; j < calls; j++) {
					struct amb_board nb = *b;
					struct amb_turn nt = *t;
					if (kind == AMB_ATTACK) {
						a.targets[0] = targets[j];
						ways = j < k ? 1 : (uint64_t)(n - k);
					}
					if (!amb_try(g, &nb, &nt, &a, NULL, 0))
						break;	/* not for any target */
					if (!fn(ctx, &a, &nb, &nt, ways))
						return false;
				}
			}
		}
	}
	return true;
}

struct search {
	const struct amb_game *g;
	int best;
	struct amb_play example;
	struct amb_play cur;
};

static bool search_next(void *ctx, const struct amb_action *a,
	const struct amb_board *b, const struct amb_turn *t, uint64_t ways);

/* The best turn from here; false once one uses every die. */
static bool
search(struct search *s, const struct amb_board *b, const struct amb_turn *t)
{
	const struct amb_game *g = s->g;

	if (amb_turn_complete(g, t, NULL, 0) && amb_turn_value(g, t) > s->best) {
		s->best = amb_turn_value(g, t);
		s->example = s->cur;
	}
	if (s->best == g->opt.dice)
		return false;
	return amb_each_next(g, b, t, search_next, s);
}

static bool
search_next(void *ctx, const struct amb_action *a, const struct amb_board *b,
	const struct amb_turn *t, uint64_t ways)
{
	struct search *s = ctx;

	(void)ways;
	s->cur.a[s->cur.n++] = *a;
	bool go_on = search(s, b, t);
	s->cur.n--;
	return go_on;
}

int
amb_most_dice(const struct amb_game *g, struct amb_play *example)
{
	struct search s = { .g = g };
	struct amb_board b;
	struct amb_turn t;

	amb_board_init(&b, g);
	amb_turn_init(&t, g);
	search(&s, &b, &t);
	if (example)
		*example = s.example;
	return s.best;
}

void
amb_play_text(struct umpire_buf *out, const struct amb_game *g,
	const struct amb_play *p)
{
	int side = g->to_move;

	for (int i = 0; i < p->n; i++) {
		const struct amb_action *a = &p->a[i];
		const char *sep = i == 0 ? "" : i == p->n - 1 ? ", then " : ", ";
		if (a->kind == AMB_MOVE)
			umpire_buf_printf(out, "%smove %s with the %d", sep,
				g->men[side][a->man].id, a->die);
		else
			umpire_buf_printf(out, "%sattack %s with %s using the %d", sep,
				g->men[!side][a->targets[0]].id, g->men[side][a->man].id,
				a->die);
	}
}

const char *
amb_dice_text(struct umpire_arena *a, const int *dice, int n)
{
	char buf[64];
	int k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		k += snprintf(buf + k, sizeof(buf) - (size_t)k, "%s%d",
			umpire_list_sep((size_t)i, (size_t)n), dice[i]);
	return umpire_arena_strdup(a, buf);
}

void
amb_roll_tactics(struct umpire_ctx *ctx, struct amb_game *g, int side)
{
	for (int i = 0; i < g->opt.dice; i++)
		g->dice[i] = (int)umpire_dice_roll(ctx->dice, 6,
			"Tactics Phase: %s's die %d for step %ld", amb_sides[side],
			i + 1, ctx->step + 1);
}

int
amb_first_player(struct umpire_ctx *ctx, struct amb_game *g, int roll[2])
{
	/* Set Up: "Roll high on 1D6 to see who goes first" (AMB-3). */
	struct umpire_report *r = ctx->report;
	int first, tries = 0;

	do {
		tries++;
		for (int s = 0; s < 2; s++)
			roll[s] = (int)umpire_dice_roll(ctx->dice, 6,
				"first player: %s%s", amb_sides[s],
				tries > 1 ? umpire_arena_printf(ctx->arena,
				" (roll %d)", tries) : "");
		umpire_report_printf(r, "- First player (Set Up): green rolls %d, "
			"tan rolls %d%s\n", roll[0], roll[1], roll[0] == roll[1] ?
			": a tie, so both roll again (AMB-3)." : ".");
	} while (roll[0] == roll[1]);
	first = roll[1] > roll[0];
	g->to_move = first;
	amb_roll_tactics(ctx, g, first);
	umpire_report_printf(r, "- %c%s plays first, and rolls %s for the Tactics "
		"Phase of step %ld.\n", amb_sides[first][0] - 'a' + 'A',
		amb_sides[first] + 1, amb_dice_text(ctx->arena, g->dice, g->opt.dice),
		ctx->step + 1);
	return first;
}
