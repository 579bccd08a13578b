/*
 * resolve.c - carrying out orders: the roll and the opponent's reactions
 * to it, then the moves, shots, spells and cards of a play, in order.
 *
 * check and resolve run the same code (bgw_carry_out): check on a copy
 * of the game, silent, with no roll and no reaction (reactions are the
 * opponent's secret, and a check must not depend on them); resolve with
 * both, telling everything.  So a check cannot disagree with a turn,
 * except where a reaction changes the board mid-play: then the actions
 * it makes impossible are lost, and the report says so (BGW-31).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bgw.h"

struct run {
	struct umpire_ctx *ctx;
	struct bgw_game *g;
	const struct bgw_orders *o;
	bool resolve;		/* tell, roll, react */
	int side;
	int dice[BGW_MAX_DICE];	/* the dice left to use */
	int nd;
	bool reacted;		/* a reaction fired in this play */
	bool draw;		/* doubles played as two and a card */
	int moves;		/* moves made */
	bool free_check;	/* Escort or Strafing Shot: BGW-27's rule */
	bool prepare;		/* the bot's: cards only, no dice rule */
	bool spy;		/* Spymaster played (bgw_letter): the
				   opponent declares and rolls before the
				   player moves (BGW-26) */
	bool reserved[BGW_MAX_ACTIONS];	/* an Aimed Shot after the moves
					   whose die was set aside first */
	struct bg_pos pos0;	/* before the first move */
	int dice0[BGW_MAX_DICE];	/* the dice at the first move */
	int nd0;
	struct bg_play play;	/* the moves, for the dice rule */
};

struct bgw_game *
bgw_copy(struct umpire_arena *a, const struct bgw_game *g)
{
	struct bgw_game *c = umpire_arena_alloc(a, sizeof(*c));

	*c = *g;
	return c;
}

static void
say(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Only a resolve tells: check and the bot format nothing. */
#define SAY(r, ...) do { if ((r)->resolve) say((r), __VA_ARGS__); } while (0)
#define HOW(r, ...) ((r)->resolve ? \
	umpire_arena_printf((r)->ctx->arena, __VA_ARGS__) : "")

static void
say(struct run *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->resolve)
		return;
	char buf[1024];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	umpire_report_printf(r->ctx->report, "%s", buf);
}

/*
 * An action that cannot be made: an error in check; in resolve, where
 * only a reaction can have made it so, it is lost and told (BGW-31).
 */
/*
 * Whether side may play card c: from its hand when the umpire's secret
 * is known; from the player's own view when he checks his orders
 * himself (umpire check --as: ctx->knowledge, his hand); else it is
 * left to the host, who knows the hands.
 */
static bool
holds(const struct run *r, int side, int c)
{
	if (r->g->secret)
		return bgw_holds(r->g, side, c);
	const struct umpire_node *h = umpire_map_get(r->ctx->knowledge, "hand");
	if (!h || h->type != UMPIRE_SEQ)
		return true;
	for (size_t k = 0; k < h->u.seq.n; k++)
		if (umpire_node_is_str(h->u.seq.v[k], bgw_cards[c].name))
			return true;
	return false;
}

static void
fail(struct run *r, const struct umpire_node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
fail(struct run *r, const struct umpire_node *n, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (!r->resolve)
		umpire_node_error(r->ctx->diags, n ? n : r->o->doc, "%s", buf);
	else
		umpire_report_printf(r->ctx->report, "- Lost: %s (BGW-31).\n", buf);
}

static void
mark(struct run *r, enum umpire_mark_kind kind, int unit, int from, int to,
	const char *note)
{
	if (!r->resolve)
		return;
	umpire_marks_add(r->ctx->marks, &(struct umpire_mark){ .kind = kind,
		.player = bgw_sides[r->g->u[unit].side], .unit = r->g->u[unit].id,
		.from = { from, 0 }, .to = { to, 0 }, .note = note });
}

static const char *
where(struct run *r, int abs)
{
	return bgw_where(r->ctx->arena, r->side, abs);
}

static struct umpire_arena *
ctx_arena(struct run *r)
{
	return r->ctx->arena;
}

static const char *
unit_text(struct run *r, int i)
{
	return bgw_unit_text(r->ctx->arena, &r->g->u[i]);
}

/* --------------------------------------------------------- reactions */

/* The reaction of side to card c it would play, or NULL (BGW-21). */
static const struct bgw_reaction *
reaction(const struct bgw_game *g, int side, int c)
{
	if (!g->deck || !g->secret || !bgw_holds(g, side, c) ||
	    !bgw_alive(g, side, bgw_cards[c].needs))
		return NULL;
	for (int k = 0; k < g->nreact[side]; k++)
		if ((int)g->react[side][k].card == c)
			return &g->react[side][k];
	return NULL;
}

/*
 * Whether side's opponent parries card c that side plays (BGW-22): the
 * Parry goes to the discards, c back to side's hand.
 */
static bool
parried(struct run *r, int side, int c)
{
	struct bgw_game *g = r->g;
	const struct bgw_reaction *p;

	if (!r->resolve || c == BGW_PARRY ||
	    !(p = reaction(g, !side, BGW_PARRY)) || !(p->against & (1u << c)))
		return false;
	bgw_play_card(g, !side, BGW_PARRY);
	bgw_unplay_card(g, side, c);
	r->reacted = true;
	umpire_report_printf(r->ctx->report, "- %s answers with Parry, a "
		"standing reaction: the %s is cancelled, and goes back to %s's "
		"hand (Parry, BGW-22).\n", bgw_Sides[!side], bgw_cards[c].title,
		bgw_sides[side]);
	return true;
}

static void capture(struct run *r, int victim, int by, const char *how);

/* Evocation (BGW-30): the unit that captured one of side's goes too. */
static void
evocation(struct run *r, int victim, int by)
{
	struct bgw_game *g = r->g;
	int side = g->u[victim].side;

	if (!r->resolve || by < 0 || !reaction(g, side, BGW_EVOCATION))
		return;
	bgw_play_card(g, side, BGW_EVOCATION);
	r->reacted = true;
	umpire_report_printf(r->ctx->report, "- %s answers with Evocation, a "
		"standing reaction (BGW-30).\n", bgw_Sides[side]);
	if (parried(r, side, BGW_EVOCATION))
		return;
	capture(r, by, -1, "by Evocation");
}

/* victim goes to its Wall, captured by unit `by` (or -1: fire, a spell). */
static void
capture(struct run *r, int victim, int by, const char *how)
{
	struct bgw_game *g = r->g;
	int at = g->u[victim].at;

	bgw_place(g, victim, BGW_WALL);
	SAY(r, "- %s on %s is captured %s and goes to the Wall.\n",
		unit_text(r, victim), bgw_where(r->ctx->arena, g->u[victim].side,
		at), how);
	mark(r, UMPIRE_MARK_LOSS, victim, at, at, "captured");
	evocation(r, victim, by);
}

/* Whether a roll is doubles, for a reaction's condition. */
static bool
roll_doubles(const struct bgw_game *g)
{
	return g->ndice == 2 && g->dice[0] == g->dice[1];
}

static int
roll_total(const struct bgw_game *g)
{
	int t = 0;

	for (int i = 0; i < g->ndice; i++)
		t += g->dice[i];
	return t;
}

static bool
roll_matches(const struct bgw_game *g, const struct bgw_reaction *x)
{
	if (x->card == BGW_SABOTAGE || !x->when)
		return roll_doubles(g);
	return roll_total(g) >= x->when;
}

static void
roll_dice(struct umpire_ctx *ctx, struct bgw_game *g, int side, int n,
	const char *why)
{
	for (int i = 0; i < n; i++)
		g->dice[i] = (int)umpire_dice_roll(ctx->dice, 6, "%s's die %d%s",
			bgw_sides[side], i + 1, why);
	g->ndice = n;
}

/* The roll as it stands before any reaction: what Duplication copies
 * (BGW-25); after Divination, its first two dice. */
static void
record_roll(struct bgw_game *g, int side)
{
	g->last[side][0] = g->dice[0];
	g->last[side][1] = g->dice[1];
}

/* Remove die k of the roll. */
static void
drop_die(struct bgw_game *g, int k)
{
	memmove(g->dice + k, g->dice + k + 1, sizeof(int) *
		(size_t)(g->ndice - k - 1));
	g->ndice--;
}

static int
highest(const struct bgw_game *g)
{
	int k = 0;

	for (int i = 1; i < g->ndice; i++)
		if (g->dice[i] > g->dice[k])
			k = i;
	return k;
}

/*
 * The die a standing Poison lowers (BGW-16): the highest, the lowest,
 * or the first showing the number it names; -1 when none shows it.
 */
static int
poisoned(const struct bgw_game *g, const struct bgw_reaction *x)
{
	int k = x->die > 0 ? -1 : 0;

	for (int i = 0; i < g->ndice; i++)
		if (x->die > 0 ? k < 0 && g->dice[i] == x->die : x->die < 0 ?
		    g->dice[i] < g->dice[k] : g->dice[i] > g->dice[k])
			k = i;
	return k;
}

/* The opponent's standing reactions to side's roll (BGW-16 to BGW-19). */
static void
react_to_roll(struct run *r, int rolled)
{
	struct bgw_game *g = r->g;
	int side = r->side, opp = !side;
	struct umpire_report *rep = r->ctx->report;
	static const int cards[] = { BGW_CALTROPS, BGW_POISON1, BGW_POISON3,
		BGW_POISON5, BGW_THIEF, BGW_SABOTAGE };

	for (int k = 0; k < g->nreact[opp]; k++) {
		const struct bgw_reaction x = g->react[opp][k];
		bool roll_card = false;
		for (size_t c = 0; c < sizeof(cards) / sizeof(cards[0]); c++)
			roll_card |= (int)x.card == cards[c];
		if (!roll_card || !g->ndice || !reaction(g, opp, x.card) ||
		    !roll_matches(g, &x) || poisoned(g, &x) < 0)
			continue;
		bgw_play_card(g, opp, x.card);
		k = -1;		/* the list changed: look again from the top */
		umpire_report_printf(rep, "- %s answers the roll with %s, a "
			"standing reaction (%s).\n", bgw_Sides[opp],
			bgw_cards[x.card].title, bgw_reaction_text(r->ctx->arena, &x));
		if (parried(r, opp, x.card))
			continue;
		switch (x.card) {
		case BGW_CALTROPS:
			/* The whole roll again, as many dice as were rolled,
			 * whatever Poison or Thief took from it before. */
			roll_dice(r->ctx, g, side, rolled, " (again: Caltrops)");
			record_roll(g, side);
			umpire_report_printf(rep, "- Caltrops voids the roll; %s rolls "
				"again: %s (BGW-17).\n", bgw_sides[side],
				bgw_dice_text(r->ctx->arena, g->dice, g->ndice));
			break;
		case BGW_POISON1: case BGW_POISON3: case BGW_POISON5: {
			int h = poisoned(g, &x), was = g->dice[h];
			g->dice[h] -= bgw_cards[x.card].amount;
			umpire_report_printf(rep, "- Poison takes %d from the %d%s "
				"(BGW-16).\n", bgw_cards[x.card].amount, was,
				g->dice[h] <= 0 ? ", which is void" : "");
			if (g->dice[h] <= 0)
				drop_die(g, h);
			break;
		}
		case BGW_THIEF: {
			int h = highest(g);
			g->stolen[opp] = g->dice[h];
			umpire_report_printf(rep, "- Thief steals the %d; %s adds it "
				"to its next roll (BGW-18).\n", g->dice[h], bgw_sides[opp]);
			drop_die(g, h);
			break;
		}
		case BGW_SABOTAGE:
			g->sabotaged = true;
			umpire_report_printf(rep, "- Sabotage: %s plays each die once, "
				"and draws no card (BGW-19).\n", bgw_sides[side]);
			break;
		default:
			break;
		}
	}
}

/* ----------------------------------------------------------- the roll */

static void
await_play(struct run *r)
{
	r->g->declaring = false;
	r->g->to_move = r->side;
}

/* Trade the awaited play for the one Spymaster set aside (BGW-26). */
static void
swap_aside(struct bgw_game *g, int side)
{
	struct bgw_aside now = { true, side, g->mode, { g->dice[0],
		g->dice[1], g->dice[2] }, g->ndice, g->extra, g->sabotaged };
	struct bgw_aside was = g->aside;

	g->aside = now;
	g->to_move = was.side;
	g->declaring = false;
	g->mode = was.mode;
	memcpy(g->dice, was.dice, sizeof(g->dice));
	g->ndice = was.ndice;
	g->extra = was.extra;
	g->sabotaged = was.sabotaged;
}


void
bgw_opening(struct umpire_ctx *ctx, struct bgw_game *g)
{
	struct umpire_report *rep = ctx->report;
	int roll[2], tries = 0;

	/* Setup: one die each, the higher first with both (BGW-3). */
	do {
		tries++;
		for (int s = 0; s < 2; s++)
			roll[s] = (int)umpire_dice_roll(ctx->dice, 6, "opening: %s%s",
				bgw_sides[s], tries > 1 ? umpire_arena_printf(ctx->arena,
				" (roll %d)", tries) : "");
		umpire_report_printf(rep, "- Opening roll (Setup): white rolls %d, "
			"black rolls %d%s\n", roll[0], roll[1], roll[0] == roll[1] ?
			": a tie, so both roll again (BGW-3)." : ".");
	} while (roll[0] == roll[1]);
	int first = roll[1] > roll[0];
	g->to_move = first;
	g->declaring = false;
	g->mode = BGW_MOVE;
	g->dice[0] = roll[first];
	g->dice[1] = roll[!first];
	g->ndice = 2;
	g->last[first][0] = g->dice[0];
	g->last[first][1] = g->dice[1];
	g->turn = 1;
	umpire_report_printf(rep, "- %s plays first, moving with both dice, "
		"%s (BGW-3).\n", bgw_Sides[first], bgw_dice_text(ctx->arena,
		g->dice, 2));
	umpire_report_headline(rep, "%s wins the opening roll, %d to %d, and "
		"plays first with %s.", bgw_Sides[first], roll[first], roll[!first],
		bgw_dice_text(ctx->arena, g->dice, 2));
}

/* A declaration: its card, then the roll, then the opponent's reactions. */
static void
declare(struct run *r)
{
	struct bgw_game *g = r->g;
	const struct bgw_orders *o = r->o;
	int side = r->side;
	struct umpire_ctx *ctx = r->ctx;

	if (o->mode == BGW_ARCHERS && !bgw_alive(g, side, BGW_ARCHER))
		fail(r, umpire_map_get(o->doc, "declare"), "%s has no archer on "
			"the board to shoot with (BGW-12)", bgw_sides[side]);
	if (o->mode == BGW_MAGES && !bgw_alive(g, side, BGW_MAGE))
		fail(r, umpire_map_get(o->doc, "declare"), "%s has no mage on the "
			"board to cast with (BGW-12)", bgw_sides[side]);
	int card = o->before;
	const struct umpire_node *cn = umpire_map_get(o->doc, "card");
	if (card >= 0) {
		if (!g->deck)
			fail(r, cn, "the Power Deck is off in this game");
		else if (!holds(r, side, card))
			fail(r, cn, "%s does not hold %s", bgw_sides[side],
				bgw_cards[card].name);
		else if (!bgw_alive(g, side, BGW_MAGE))
			fail(r, cn, "%s needs a mage on the board (Power Deck)",
				bgw_cards[card].title);
		else if (card == BGW_DUPLICATION && !g->last[!side][0])
			fail(r, cn, "%s has not rolled yet: Duplication has no roll to "
				"copy (BGW-25)", bgw_sides[!side]);
	}
	if (!r->resolve)
		return;
	g->mode = o->mode;
	g->extra = 0;
	g->sabotaged = false;
	umpire_report_title(ctx->report, "Step %ld: %s declares %s", ctx->step,
		bgw_sides[side], o->mode == BGW_MOVE ? "a move" : o->mode ==
		BGW_ARCHERS ? "archers" : "mages");
	/* One bracket of citations, the declaration's rule first. */
	umpire_report_printf(ctx->report, "- %s declares before the roll: %s "
		"(BGW-4%s).\n", bgw_Sides[side], o->mode == BGW_MOVE ? "its units "
		"move" : o->mode == BGW_ARCHERS ? "its archers shoot instead of "
		"moving" : "its mages move enemy units back instead of moving",
		o->mode == BGW_MOVE ? "" : o->mode == BGW_ARCHERS ?
		"; Archers, BGW-10" : "; Mages, BGW-11");
	if (card >= 0) {
		bgw_play_card(g, side, card);
		umpire_report_printf(ctx->report, "- %s plays %s before the roll.\n",
			bgw_Sides[side], bgw_cards[card].title);
		if (parried(r, side, card))
			card = -1;
	}
	if (card == BGW_DUPLICATION) {
		g->dice[0] = g->last[!side][0];
		g->dice[1] = g->last[!side][1];
		g->ndice = 2;
		g->spied[side][0] = g->spied[side][1] = 0;
		umpire_report_printf(ctx->report, "- Duplication: instead of "
			"rolling, %s takes %s's last roll, %s (BGW-25).\n",
			bgw_sides[side], bgw_sides[!side], bgw_dice_text(ctx->arena,
			g->dice, 2));
	} else if (g->spied[side][0]) {
		g->dice[0] = g->spied[side][0];
		g->dice[1] = g->spied[side][1];
		g->ndice = 2;
		g->spied[side][0] = g->spied[side][1] = 0;
		umpire_report_printf(ctx->report, "- %s's roll is the one drawn "
			"for Spymaster, %s (BGW-26).\n", bgw_Sides[side],
			bgw_dice_text(ctx->arena, g->dice, 2));
	} else {
		roll_dice(ctx, g, side, 2, "");
		umpire_report_printf(ctx->report, "- %s rolls %s.\n",
			bgw_Sides[side], bgw_dice_text(ctx->arena, g->dice, 2));
	}
	if (card == BGW_DIVINATION) {
		g->dice[2] = (int)umpire_dice_roll(ctx->dice, 6, "%s's die 3 "
			"(Divination)", bgw_sides[side]);
		g->ndice = 3;
		umpire_report_printf(ctx->report, "- Divination: a third die, %d; "
			"%s keeps two of %s (BGW-23).\n", g->dice[2], bgw_sides[side],
			bgw_dice_text(ctx->arena, g->dice, 3));
	}
	record_roll(g, side);
	if (g->stolen[side]) {
		g->extra = g->stolen[side];
		g->stolen[side] = 0;
		umpire_report_printf(ctx->report, "- The %d %s stole with Thief is "
			"added to this roll (BGW-18).\n", g->extra, bgw_sides[side]);
	}
	react_to_roll(r, g->ndice);
	if (g->aside.on && g->aside.side != side) {
		/* Declared before the roll, which the spy now sees (BGW-26). */
		int spy = g->aside.side;
		swap_aside(g, side);
		umpire_report_printf(ctx->report, "- %s's play waits until %s "
			"has played; %s, who played Spymaster, now plays %s knowing "
			"this roll (BGW-26).\n", bgw_Sides[side], bgw_sides[spy],
			bgw_sides[spy], g->ndice ? bgw_dice_text(ctx->arena, g->dice,
			g->ndice) : "no die");
		umpire_report_headline(ctx->report, "%s declares %s and rolls "
			"%s; %s, who played Spymaster, plays knowing it.",
			bgw_Sides[side], bgw_modes[o->mode], g->aside.ndice ?
			bgw_dice_text(ctx->arena, g->aside.dice, g->aside.ndice) :
			"no die", bgw_sides[spy]);
		return;
	}
	await_play(r);
	umpire_report_headline(ctx->report, "%s declares %s and rolls; %s "
		"plays %s%s.", bgw_Sides[side], bgw_modes[o->mode], bgw_sides[side],
		g->ndice ? bgw_dice_text(ctx->arena, g->dice, g->ndice) : "no die",
		g->extra ? umpire_arena_printf(ctx->arena, " and the stolen %d",
		g->extra) : "");
}

/* -------------------------------------------------------------- plays */

static int
find_die(const struct run *r, int d)
{
	for (int i = 0; i < r->nd; i++)
		if (r->dice[i] == d)
			return i;
	return -1;
}

static void
use_die(struct run *r, int k)
{
	memmove(r->dice + k, r->dice + k + 1, sizeof(int) *
		(size_t)(r->nd - k - 1));
	r->nd--;
}

/* A die an action names: its index among the dice left, or -1. */
static int
take_die(struct run *r, const struct bgw_action *a)
{
	int k = find_die(r, a->die);

	if (k < 0)
		fail(r, umpire_map_get(a->node, "die"), "no die left shows %d; "
			"the dice left are %s", a->die, r->nd ?
			bgw_dice_text(r->ctx->arena, r->dice, r->nd) : "none");
	return k;
}

static bool
on_board(const struct bgw_unit *u)
{
	return u->at >= 1 && u->at <= 24;
}

static void
do_move(struct run *r, const struct bgw_action *a)
{
	struct bgw_game *g = r->g;
	int side = r->side, i = a->unit;
	struct bgw_unit *u = &g->u[i];

	if (g->mode != BGW_MOVE) {
		fail(r, a->node, "%s declared %s: no unit moves this turn (BGW-4)",
			bgw_sides[side], bgw_modes[g->mode]);
		return;
	}
	if (u->at == BGW_OFF) {
		fail(r, a->node, "%s is borne off", u->id);
		return;
	}
	if (u->trapped_by >= 0) {
		fail(r, a->node, "%s is trapped by %s and cannot move (BGW-8)",
			u->id, g->u[u->trapped_by].id);
		return;
	}
	int k = take_die(r, a);
	if (k < 0)
		return;
	struct bg_pos pos;
	bgw_position(g, side, &pos);
	if (!r->moves) {
		r->pos0 = pos;
		memcpy(r->dice0, r->dice, sizeof(r->dice));
		r->nd0 = r->nd;
	}
	int from = bgw_own(side, u->at);
	struct bg_move m;
	if (!bg_move_ok(&pos, from, a->die, &m)) {
		int to = from - a->die;
		fail(r, a->node, "%s cannot move %d from %s: %s", u->id, a->die,
			where(r, u->at), pos.own[BG_WALL] && from != BG_WALL ?
			"a unit on the Wall enters first (The Wall)" : to <= 0 ?
			"bearing off needs every unit home, and a higher die only "
			"the unit farthest back (Bearing Off)" : pos.opp[to] >= 2 ?
			"two or more enemy units hold the landing point (How to "
			"Move)" : pos.own[to] >= BGW_CAP ? "the landing point holds "
			"5 units already (Variant Rules)" : "the landing point is "
			"closed by a trap or an enemy barrier (BGW-8, Abjuration)");
		return;
	}
	int esc = a->escort;
	if (esc >= 0) {
		const struct bgw_unit *e = &g->u[esc];
		const char *bad = esc == i ? "it is the unit moving" :
			e->at != u->at ? "it is not on the same point" :
			u->at == BGW_WALL && bgw_letter(r->ctx) ? "units on the Wall "
			"are not a stack, which is the units on one point (BGW-27)" :
			e->trapped_by >= 0 ? "it is trapped (BGW-8)" :
			m.to != BG_OFF && pos.own[m.to] + 2 > BGW_CAP ? "the landing "
			"point has no room for two (Variant Rules)" : a->trap ? "two "
			"units landing together do not trap (BGW-27)" : NULL;
		if (bad) {
			fail(r, a->node, "escort: %s cannot go with %s: %s", e->id,
				u->id, bad);
			return;
		}
	}
	int strafe = a->strafe;
	if (strafe >= 0) {
		int to = m.to == BG_OFF ? 0 : m.to;
		int p = bgw_own(side, g->u[strafe].at);
		const char *bad = u->type != BGW_ARCHER ? "only an archer strafes" :
			!(p < from && p > to) ? "it is not on a point the move passes" :
			!bgw_lone(g, strafe) ? "it is not a lone unprotected unit" :
			NULL;
		if (bad) {
			fail(r, a->node, "strafe: %s: %s (Strafing Shot, BGW-27)",
				g->u[strafe].id, bad);
			return;
		}
	}
	if (a->trap && (u->type != BGW_WARRIOR || !m.hit || m.burnt)) {
		fail(r, a->node, "trap: %s", u->type != BGW_WARRIOR ? "only a "
			"warrior traps (Warriors)" : m.burnt ? "the landing point is on "
			"fire" : "there is no lone enemy unit on the landing point "
			"(BGW-8)");
		return;
	}
	/*
	 * BGW-8: a trap "blocks out that space", which needs its Warrior
	 * there; one that moves on in the same play lands on the point on
	 * his way, and hits there, as in backgammon (Hitting).
	 */
	for (const struct bgw_action *b = a + 1; a->trap && bgw_letter(r->ctx) &&
	    b < r->o->act + r->o->nact; b++)
		if (b->kind == BGW_ACT_MOVE && b->unit == i) {
			fail(r, a->node, "trap: %s moves on from %s later in this "
				"play; a Warrior traps only where his moves end, and "
				"hits a lone unit where he passes on (BGW-8)", u->id,
				where(r, bgw_abs(side, m.to)));
			return;
		}
	if (a->card >= 0) {
		if (!g->deck || !holds(r, side, a->card)) {
			fail(r, a->node, "%s does not hold %s", bgw_sides[side],
				bgw_cards[a->card].name);
			return;
		}
		if (!bgw_alive(g, side, bgw_cards[a->card].needs)) {
			fail(r, a->node, "%s needs %s %s on the board (Power Deck)",
				bgw_cards[a->card].title, a->card == BGW_ESCORT ? "a" :
				"an", bgw_types[bgw_cards[a->card].needs]);
			return;
		}
		r->free_check = true;
	}
	use_die(r, k);
	if (r->moves < BG_MAX_DICE)
		r->play.m[r->moves] = m;
	r->play.n = ++r->moves;
	bool card_on = a->card >= 0;
	if (card_on) {
		bgw_play_card(g, side, a->card);
		SAY(r, "- %s plays %s.\n", bgw_Sides[side], bgw_cards[a->card].title);
		if (parried(r, side, a->card)) {
			card_on = false;
			esc = -1;
			strafe = -1;
		}
	}
	int dest = m.to == BG_OFF ? BGW_OFF : bgw_abs(side, m.to);
	int start = u->at;
	SAY(r, "- %s moves %d from %s to %s%s%s.\n", unit_text(r, i), a->die,
		where(r, start), where(r, dest), esc >= 0 ? ", escorting " : "",
		esc >= 0 ? g->u[esc].id : "");
	if (strafe >= 0) {
		capture(r, strafe, i, "by Strafing Shot as the archer passes");
		if (g->u[i].at == BGW_WALL) {
			/* Evocation took the archer on its way (BGW-30). */
			mark(r, UMPIRE_MARK_MOVE, i, start, BGW_WALL, "captured");
			return;
		}
	}
	int victim = m.hit ? bgw_top(g, !side, dest) : -1;
	if (victim >= 0 && g->u[victim].at != dest)
		victim = -1;
	bgw_place(g, i, dest);
	mark(r, UMPIRE_MARK_MOVE, i, start, dest, NULL);
	if (esc >= 0) {
		bgw_place(g, esc, dest);
		mark(r, UMPIRE_MARK_MOVE, esc, start, dest, NULL);
	}
	if (victim >= 0 && a->trap) {
		g->u[victim].trapped_by = i;
		SAY(r, "- %s traps %s there: neither side may add a unit to the "
			"point while the trap holds (Warriors, BGW-8).\n", u->id,
			unit_text(r, victim));
	} else if (victim >= 0) {
		capture(r, victim, i, HOW(r, "by %s", u->id));
	}
	if (m.burnt && (g->u[i].at == dest || (esc >= 0 &&
	    g->u[esc].at == dest))) {
		SAY(r, "- The fire on %s captures what lands on it (Conjuration, "
			"BGW-29).\n", where(r, dest));
		if (g->u[i].at == dest)
			capture(r, i, -1, "by the fire");
		if (esc >= 0 && g->u[esc].at == dest)
			capture(r, esc, -1, "by the fire");
	}
}

static void
do_shoot(struct run *r, const struct bgw_action *a)
{
	struct bgw_game *g = r->g;
	int i = a->unit;

	if (g->mode != BGW_ARCHERS) {
		fail(r, a->node, "%s declared %s: no archer shoots but with Aimed "
			"Shot (BGW-10)", bgw_sides[r->side], bgw_modes[g->mode]);
		return;
	}
	if (g->u[i].type != BGW_ARCHER || !on_board(&g->u[i])) {
		fail(r, a->node, "%s is %s", g->u[i].id, g->u[i].type != BGW_ARCHER ?
			"no archer" : "not on the board");
		return;
	}
	int k = take_die(r, a);
	if (k < 0)
		return;
	use_die(r, k);
	int p = bgw_across(g->u[i].at, a->die);
	if (!p) {
		SAY(r, "- %s shoots with a %d, which names no space of the "
			"section across: a miss (BGW-10).\n", unit_text(r, i), a->die);
		return;
	}
	int v = bgw_top(g, !r->side, p);
	mark(r, UMPIRE_MARK_ATTACK, i, g->u[i].at, p, v >= 0 && bgw_lone(g, v) ?
		"hit" : "miss");
	if (v < 0 || !bgw_lone(g, v)) {
		SAY(r, "- %s shoots space %d across, %s: %s (BGW-10).\n",
			unit_text(r, i), a->die, where(r, p), v < 0 ? "no enemy there" :
			bgw_protected(g, v) ? "the barrier protects the lone unit "
			"there" : "a stack, which an arrow cannot take");
		return;
	}
	SAY(r, "- %s shoots space %d across, %s (BGW-10).\n", unit_text(r, i),
		a->die, where(r, p));
	capture(r, v, i, HOW(r, "by %s's arrow", g->u[i].id));
}

/* Whether side's mages can move some enemy unit back by d (BGW-11). */
static bool
spell_exists(const struct bgw_game *g, int side, int d)
{
	for (int e = (!side) * BGW_UNITS; e < (!side + 1) * BGW_UNITS; e++)
		if (bgw_spell_reach(g, side, e) && bgw_push_ok(g, e,
		    bgw_abs(!side, bgw_own(!side, g->u[e].at) + d)) &&
		    bgw_own(!side, g->u[e].at) + d <= 24)
			return true;
	return false;
}

static void
do_spell(struct run *r, const struct bgw_action *a)
{
	struct bgw_game *g = r->g;
	int e = a->unit, side = r->side;

	if (g->mode != BGW_MAGES) {
		fail(r, a->node, "%s declared %s: no mage casts this turn (BGW-11)",
			bgw_sides[side], bgw_modes[g->mode]);
		return;
	}
	int k = take_die(r, a);
	if (k < 0)
		return;
	int at = g->u[e].at, own = bgw_own(!side, at);
	if (!bgw_spell_reach(g, side, e)) {
		fail(r, a->node, "%s cannot be moved: %s (Mages, BGW-11)",
			g->u[e].id, !on_board(&g->u[e]) ? "it is not on the board" :
			g->u[e].trapped_by >= 0 ? "it is trapped (BGW-8)" : "it is "
			"behind all of the caster's mages");
		return;
	}
	int q = own + a->die <= 24 ? bgw_abs(!side, own + a->die) : 0;
	if (!q || !bgw_push_ok(g, e, q)) {
		fail(r, a->node, "%s cannot be moved back %d: %s (BGW-11)",
			g->u[e].id, a->die, !q ? "that is past its 24-point" :
			"the point is not open to it (a spell never hits, and never "
			"lands on a full point, a trap or a barrier)");
		return;
	}
	use_die(r, k);
	bgw_place(g, e, q);
	SAY(r, "- %s's mages move %s back %d, from %s to %s (BGW-11).\n",
		bgw_Sides[side], unit_text(r, e), a->die, bgw_where(ctx_arena(r),
		!side, at), bgw_where(ctx_arena(r), !side, q));
	mark(r, UMPIRE_MARK_RETREAT, e, at, q, NULL);
	if (g->fire == q)
		capture(r, e, -1, "by the fire (Conjuration)");
}

/* A mage of side next to absolute point p (Abjuration and others). */
static bool
mage_next_to(const struct bgw_game *g, int side, int p)
{
	for (int k = side * BGW_UNITS; k < (side + 1) * BGW_UNITS; k++)
		if (g->u[k].type == BGW_MAGE && on_board(&g->u[k]) &&
		    (g->u[k].at == p - 1 || g->u[k].at == p + 1))
			return true;
	return false;
}

static void
do_card(struct run *r, const struct bgw_action *a)
{
	struct bgw_game *g = r->g;
	int side = r->side, c = a->card;
	const struct bgw_card_info *ci = &bgw_cards[c];
	const char *bad = NULL;

	if (!g->deck) {
		fail(r, a->node, "the Power Deck is off in this game");
		return;
	}
	if (!holds(r, side, c)) {
		fail(r, a->node, "%s does not hold %s", bgw_sides[side], ci->name);
		return;
	}
	if (!bgw_alive(g, side, ci->needs)) {
		fail(r, a->node, "%s needs %s %s on the board, not on the Wall or "
			"off (Power Deck)", ci->title, ci->needs == BGW_WARRIOR ? "a" :
			"an", bgw_types[ci->needs]);
		return;
	}
	/* What the card needs of the board, before it is played. */
	int w = a->unit, t = a->target, k = -1, q = 0;
	switch (c) {
	case BGW_THRUST: case BGW_SHOVE:
		if (w < 0 || t < 0)
			return;
		if (g->u[w].type != BGW_WARRIOR || !on_board(&g->u[w]))
			bad = "the warrior must be a warrior on the board";
		else if (!on_board(&g->u[t]) || (g->u[t].at != g->u[w].at - 1 &&
		    g->u[t].at != g->u[w].at + 1))
			bad = "the target is not on a point next to the warrior";
		else if (c == BGW_THRUST && !bgw_lone(g, t))
			bad = "Thrust captures a lone unprotected unit only";
		else if (c == BGW_SHOVE && bgw_top(g, g->u[t].side, g->u[t].at) != t)
			bad = umpire_arena_printf(r->ctx->arena, "a card takes the top "
				"unit of a stack, %s (BGW-2)", g->u[bgw_top(g,
				g->u[t].side, g->u[t].at)].id);
		else if (c == BGW_SHOVE) {
			q = g->u[t].at + (g->u[t].at > g->u[w].at ? 1 : -1);
			if (g->u[t].trapped_by >= 0)
				bad = "a trapped unit cannot be moved (BGW-8)";
			else if (!bgw_push_ok(g, t, q))
				bad = "the point beyond is not open to it (BGW-28)";
		}
		break;
	case BGW_AIMED:
		if (a->unit < 0)
			return;
		if (g->mode != BGW_MOVE)
			bad = "Aimed Shot shoots one die and moves with the other; "
				"this turn was declared for the core ability";
		else if (g->u[w].type != BGW_ARCHER || !on_board(&g->u[w]))
			bad = "it needs an archer on the board";
		else if (!r->reserved[a - r->o->act] && (k = take_die(r, a)) < 0)
			return;
		break;
	case BGW_POTION1: case BGW_POTION3: case BGW_POTION5:
		/* Applied before the doubles are counted: see play(). */
		return;
	case BGW_SPYMASTER:
		if (bgw_letter(r->ctx) && g->aside.on) {
			fail(r, a->node, "Spymaster: %s has declared and rolled "
				"already, and %s sees that roll (BGW-26)", bgw_sides[!side],
				bgw_sides[side]);
			return;
		}
		break;
	case BGW_ABJURATION: case BGW_CONJURATION:
		if (!mage_next_to(g, side, a->point))
			bad = "the point is not next to one of your mages on the board";
		break;
	case BGW_REINCARNATION: {
		struct bg_pos pos;
		bgw_position(g, side, &pos);
		int own = bgw_own(side, a->point);
		if (w < 0)
			return;
		if (g->u[w].at != BGW_WALL)
			bad = "the unit is not on the Wall";
		else if (!mage_next_to(g, side, a->point))
			bad = "the point is not next to one of your mages on the board";
		else if (pos.closed & (1u << own) || pos.opp[own] >= 2 ||
		    pos.own[own] >= BGW_CAP || g->fire == a->point)
			bad = "the point is not open to it (BGW-29)";
		break;
	}
	default:
		break;
	}
	if (bad) {
		fail(r, a->node, "%s: %s (BGW-28, BGW-29)", ci->title, bad);
		return;
	}
	if (k >= 0) {
		use_die(r, k);
	}
	bgw_play_card(g, side, c);
	SAY(r, "- %s plays %s.\n", bgw_Sides[side], ci->title);
	if (parried(r, side, c))
		return;
	switch (c) {
	case BGW_THRUST:
		capture(r, t, w, HOW(r, "by %s's thrust", g->u[w].id));
		break;
	case BGW_SHOVE: {
		int from = g->u[t].at;
		bgw_place(g, t, q);
		SAY(r, "- %s shoves %s from %s to %s (Shove).\n", g->u[w].id,
			unit_text(r, t), bgw_where(ctx_arena(r), !side, from),
			bgw_where(ctx_arena(r), !side, q));
		mark(r, UMPIRE_MARK_RETREAT, t, from, q, NULL);
		if (g->fire == q)
			capture(r, t, -1, "by the fire (Conjuration)");
		break;
	}
	case BGW_AIMED: {
		int p = bgw_across(g->u[w].at, a->die);
		int v = p ? bgw_top(g, !side, p) : -1;
		if (v < 0) {
			SAY(r, "- %s aims space %d across%s: no enemy there.\n",
				unit_text(r, w), a->die, p ? umpire_arena_printf(
				r->ctx->arena, ", %s", where(r, p)) : "");
			break;
		}
		SAY(r, "- %s aims space %d across, %s, at the top unit of the "
			"stack (Aimed Shot, BGW-28).\n", unit_text(r, w), a->die,
			where(r, p));
		mark(r, UMPIRE_MARK_ATTACK, w, g->u[w].at, p, "hit");
		capture(r, v, w, HOW(r, "by %s's aimed shot", g->u[w].id));
		break;
	}
	case BGW_SPYMASTER:
		if (bgw_letter(r->ctx)) {
			/* How to Move: the opponent announces before rolling. */
			r->spy = true;
			SAY(r, "- Spymaster: %s declares now, before rolling, and "
				"%s sees that roll before moving (BGW-26).\n",
				bgw_sides[!side], bgw_sides[side]);
			break;
		}
		if (!g->spied[!side][0] && r->resolve) {
			for (int d = 0; d < 2; d++)
				g->spied[!side][d] = (int)umpire_dice_roll(r->ctx->dice, 6,
					"%s's next roll, die %d (Spymaster)", bgw_sides[!side],
					d + 1);
		}
		SAY(r, "- Spymaster: %s's next roll is drawn now, %s, and %s "
			"sees it before moving (BGW-26).\n", bgw_sides[!side],
			bgw_dice_text(r->ctx->arena, g->spied[!side], 2),
			bgw_sides[side]);
		break;
	case BGW_TRANSMUTATION:
		if (r->resolve) {
			roll_dice(r->ctx, g, side, g->ndice, " (Transmutation)");
			g->sabotaged = false;
			if (g->ndice >= 2) {
				g->last[side][0] = g->dice[0];
				g->last[side][1] = g->dice[1];
			}
		}
		SAY(r, "- Transmutation: %s rolls again, %s (BGW-26).\n",
			bgw_sides[side], bgw_dice_text(r->ctx->arena, g->dice,
			g->ndice));
		break;
	case BGW_ABJURATION:
		g->barrier[side] = a->point;
		SAY(r, "- %s's barrier stands on %s: %s may not stop there "
			"(Abjuration, BGW-29).\n", bgw_Sides[side], where(r, a->point),
			bgw_sides[!side]);
		break;
	case BGW_CONJURATION:
		g->fire = a->point;
		g->fire_by = side;
		SAY(r, "- Fire burns on %s: any unit that lands there is captured "
			"(Conjuration, BGW-29).\n", where(r, a->point));
		break;
	case BGW_REINCARNATION: {
		int v = bgw_top(g, !side, a->point);
		bgw_place(g, w, a->point);
		SAY(r, "- %s comes off the Wall onto %s (Reincarnation).\n",
			unit_text(r, w), where(r, a->point));
		mark(r, UMPIRE_MARK_PLACE, w, a->point, a->point, NULL);
		if (v >= 0)
			capture(r, v, w, HOW(r, "by %s", g->u[w].id));
		break;
	}
	case BGW_MANIFESTATION:
		for (int n = 0; n < 2 && r->resolve; n++)
			if (!bgw_draw(r->ctx, g, side))
				SAY(r, "- No card is left to draw (BGW-24).\n");
		SAY(r, "- %s draws 2 cards (Manifestation).\n", bgw_Sides[side]);
		break;
	default:
		break;
	}
}

static int
borne_off(const struct bgw_game *g, int side)
{
	int n = 0;

	for (int i = side * BGW_UNITS; i < (side + 1) * BGW_UNITS; i++)
		n += g->u[i].at == BGW_OFF;
	return n;
}

/* The dice rule (BGW-5, BGW-27), once every move is made. */
static void
dice_rule(struct run *r)
{
	struct bgw_game *g = r->g;
	char why[256];

	if (g->mode == BGW_ARCHERS && r->nd && !r->reacted) {
		fail(r, r->o->actions_node, "%s is not shot: every die is one "
			"arrow (BGW-10)", bgw_dice_text(r->ctx->arena, r->dice, r->nd));
		return;
	}
	if (g->mode == BGW_MAGES) {
		for (int k = 0; k < r->nd && !r->reacted; k++)
			if (spell_exists(g, r->side, r->dice[k])) {
				fail(r, r->o->actions_node, "the %d can still move an enemy "
					"unit back: every die is used if it can be (BGW-11)",
					r->dice[k]);
				return;
			}
		return;
	}
	if (g->mode != BGW_MOVE || r->reacted)
		return;
	/*
	 * BGW-13: the game is won the moment the last unit is off, so a
	 * play that bears it off is whole, whatever dice it leaves.
	 */
	if (borne_off(g, r->side) == BGW_UNITS && bgw_letter(r->ctx))
		return;
	if (r->free_check) {
		struct bg_pos pos;
		bgw_position(g, r->side, &pos);
		for (int k = 0; k < r->nd; k++)
			for (int from = BG_WALL; from >= 1; from--)
				if (bg_move_ok(&pos, from, r->dice[k], NULL)) {
					fail(r, r->o->actions_node, "the %d can still be "
						"played: a player uses every die he can (BGW-27)",
						r->dice[k]);
					return;
				}
		return;
	}
	if (!r->moves) {
		bgw_position(g, r->side, &r->pos0);
		memcpy(r->dice0, r->dice, sizeof(r->dice));
		r->nd0 = r->nd;
	}
	if (r->nd0 > BG_MAX_DICE)
		return;
	if (!bg_play_ok(&r->pos0, r->dice0, r->nd0, &r->play, why, sizeof(why)))
		fail(r, r->o->actions_node, "%s", why);
}

static bool
die_action(const struct bgw_action *a)
{
	return a->kind != BGW_ACT_CARD;
}

static bool
is_potion(int c)
{
	return c == BGW_POTION1 || c == BGW_POTION3 || c == BGW_POTION5;
}

/* A card that changes one of the player's own dice: a Potion, or a
 * Poison played in play orders (BGW-15, BGW-16). */
static bool
changes_die(int c)
{
	return is_potion(c) || c == BGW_POISON1 || c == BGW_POISON3 ||
		c == BGW_POISON5;
}

/* Orders of the play decision. */
static void
play(struct run *r)
{
	struct bgw_game *g = r->g;
	const struct bgw_orders *o = r->o;
	struct umpire_ctx *ctx = r->ctx;
	int side = r->side, first = -1, last = -1, alone = -1;
	int rolled[3], nr = g->ndice;
	size_t errors0 = ctx->diags->errors;

	for (int k = 0; k < o->nact; k++) {
		if (die_action(&o->act[k])) {
			if (first < 0)
				first = k;
			last = k;
		} else if (o->act[k].card == BGW_TRANSMUTATION ||
		    o->act[k].card == BGW_SPYMASTER) {
			alone = k;
		}
	}
	for (int k = first + 1; first >= 0 && k < last; k++)
		if (!die_action(&o->act[k]))
			fail(r, o->act[k].node, "a card comes before the first move, "
				"shot or spell, or after the last: the dice of a roll are "
				"played together (BGW-14)");
	for (int k = last + 1; last >= 0 && k < o->nact; k++)
		if (changes_die(o->act[k].card))
			fail(r, o->act[k].node, "a %s changes a die before any die "
				"is used (BGW-14)", is_potion(o->act[k].card) ? "Potion" :
				"Poison");
	bool crowded = first >= 0 || o->keep[0] || o->doubles;
	for (int k = 0; alone >= 0 && k < o->nact; k++)
		crowded |= o->act[k].card != BGW_TRANSMUTATION &&
			o->act[k].card != BGW_SPYMASTER;
	if (alone >= 0 && crowded)
		fail(r, o->act[alone].node, "%s is played alone, with no other "
			"card but Spymaster or Transmutation, no move, shot or spell, "
			"no keep: or doubles:; %s decides again once it is played "
			"(BGW-26)", bgw_cards[o->act[alone].card].name,
			bgw_sides[side]);
	memcpy(rolled, g->dice, sizeof(rolled));
	if (r->resolve)
		umpire_report_title(ctx->report, "Step %ld: %s plays %s%s", ctx->step,
			bgw_sides[side], nr ? bgw_dice_text(ctx->arena, rolled, nr) :
			"no die", g->extra ? umpire_arena_printf(ctx->arena, " and %d",
			g->extra) : "");
	/* Divination: two of three kept (BGW-23). */
	const struct umpire_node *keep = umpire_map_get(o->doc, "keep");
	if (nr == 3 && alone < 0) {
		int a = -1, b = -1;
		for (int i = 0; i < 3; i++)
			if (a < 0 && rolled[i] == o->keep[0])
				a = i;
		for (int i = 0; i < 3; i++)
			if (i != a && b < 0 && rolled[i] == o->keep[1])
				b = i;
		if (!keep || a < 0 || b < 0) {
			fail(r, keep ? keep : o->doc, "%s: Divination rolled %s; keep "
				"two of them (BGW-23)", keep ? "keep" : "missing keep",
				bgw_dice_text(ctx->arena, rolled, 3));
			return;
		}
		int d = 3 - a - b;
		SAY(r, "- Divination: %s keeps %d and %d, and sets the %d aside "
			"(BGW-23).\n", bgw_sides[side], rolled[a], rolled[b], rolled[d]);
		rolled[0] = o->keep[0];
		rolled[1] = o->keep[1];
		nr = 2;
	} else if (keep && nr != 3) {
		fail(r, keep, "keep: only after Divination, which rolls three dice "
			"(BGW-23)");
	}
	int extra = g->extra;
	/* Potions and Poisons, before the doubles are counted (BGW-14 to
	 * BGW-16). */
	for (int k = 0; k < o->nact && (first < 0 || k < first); k++) {
		const struct bgw_action *a = &o->act[k];
		if (!changes_die(a->card))
			continue;
		int i;
		for (i = 0; i < nr && rolled[i] != a->die; i++)
			;
		bool on_extra = i == nr && extra && extra == a->die;
		if (i == nr && !on_extra) {
			fail(r, umpire_map_get(a->node, "die"), "no die shows %d to "
				"raise", a->die);
			continue;
		}
		if (!g->deck || !holds(r, side, a->card)) {
			fail(r, a->node, "%s does not hold %s", bgw_sides[side],
				bgw_cards[a->card].name);
			continue;
		}
		if (!bgw_alive(g, side, bgw_cards[a->card].needs)) {
			fail(r, a->node, "%s needs %s on the board (Power Deck)",
				is_potion(a->card) ? "Potion" : "Poison",
				is_potion(a->card) ? "a warrior" : "an archer");
			continue;
		}
		int by = is_potion(a->card) ? bgw_cards[a->card].amount :
			-bgw_cards[a->card].amount;
		int now = a->die + by;
		bgw_play_card(g, side, a->card);
		SAY(r, "- %s plays %s on the %d%s.\n", bgw_Sides[side],
			bgw_cards[a->card].title, a->die, now <= 0 ? ", which is void "
			"(BGW-16)" : "");
		if (parried(r, side, a->card))
			continue;
		if (on_extra)
			extra = now > 0 ? now : 0;
		else if (now > 0)
			rolled[i] = now;
		else
			memmove(rolled + i, rolled + i + 1, sizeof(int) *
				(size_t)(--nr - i));
	}
	/* Doubles (BGW-6). */
	bool doubles = nr == 2 && rolled[0] == rolled[1] && alone < 0;
	const struct umpire_node *dn = umpire_map_get(o->doc, "doubles");
	r->nd = 0;
	for (int i = 0; i < nr; i++)
		r->dice[r->nd++] = rolled[i];
	if (doubles && g->deck && !g->sabotaged && !o->doubles && !r->reacted)
		fail(r, o->doc, "missing doubles: %d-%d are doubles; give doubles: "
			"four (each die twice) or doubles: card (each once, and draw a "
			"card) (Doubles, BGW-6)", rolled[0], rolled[1]);
	else if (o->doubles && (!doubles || !g->deck || g->sabotaged)) {
		if (!r->reacted)
			fail(r, dn, "doubles: %s", !doubles ? "the dice to play are not "
				"doubles" : !g->deck ? "without the Power Deck, doubles are "
				"always played four times" : "Sabotage: each die is played "
				"once (BGW-19)");
	}
	if (doubles && (!g->deck || o->doubles == 4) && !g->sabotaged) {
		r->dice[r->nd++] = rolled[0];
		r->dice[r->nd++] = rolled[0];
		SAY(r, "- Doubles: each die is played twice (Doubles).\n");
	} else if (doubles && o->doubles == 2 && g->deck && !g->sabotaged) {
		r->draw = true;
		SAY(r, "- Doubles: each die is played once, and %s draws a card "
			"(Doubles).\n", bgw_sides[side]);
	}
	if (extra)
		r->dice[r->nd++] = extra;
	/*
	 * An Aimed Shot after the moves takes its die first: the moves are
	 * played with the dice left to them (BGW-14, BGW-28).
	 */
	for (int k = last + 1; last >= 0 && k < o->nact; k++) {
		int d;
		if (o->act[k].card != BGW_AIMED || g->mode != BGW_MOVE ||
		    (d = find_die(r, o->act[k].die)) < 0)
			continue;
		use_die(r, d);
		r->reserved[k] = true;
	}
	/* The actions, in order. */
	for (int k = 0; k < o->nact; k++) {
		const struct bgw_action *a = &o->act[k];
		if (a->unit < 0 && a->kind != BGW_ACT_CARD)
			continue;
		if (borne_off(g, side) == BGW_UNITS && bgw_letter(ctx)) {
			fail(r, a->node, "%s has borne off all its units and won: "
				"nothing comes after the last unit is off (Winning, "
				"BGW-13)", bgw_sides[side]);
			break;
		}
		switch (a->kind) {
		case BGW_ACT_MOVE:
			do_move(r, a);
			break;
		case BGW_ACT_SHOOT:
			do_shoot(r, a);
			break;
		case BGW_ACT_SPELL:
			do_spell(r, a);
			break;
		case BGW_ACT_CARD:
			if (!changes_die(a->card))
				do_card(r, a);
			break;
		}
	}
	/* The dice rule speaks only of plays whose every action can be made. */
	if (alone < 0 && !r->prepare && ctx->diags->errors == errors0)
		dice_rule(r);
	if (r->resolve && r->nd && alone < 0 && g->mode != BGW_ARCHERS)
		SAY(r, "- Not %s: %s.\n", g->mode == BGW_MOVE ? "played" :
			"cast, as no enemy unit can be moved back by it (BGW-11)",
			bgw_dice_text(ctx->arena, r->dice, r->nd));
}

/* ------------------------------------------------------------ the end */

/* After a play: the draw, the winner, or the next declaration. */
static void
next(struct run *r, bool again)
{
	struct bgw_game *g = r->g;
	struct umpire_ctx *ctx = r->ctx;
	int side = r->side;

	if (r->draw) {
		if (bgw_draw(ctx, g, side))
			SAY(r, "- %s draws a card for its doubles.\n", bgw_Sides[side]);
		else
			SAY(r, "- No card is left to draw (BGW-24).\n");
	}
	g->extra = again ? g->extra : 0;
	for (int s = 0; s < 2; s++)
		if (borne_off(g, s) == BGW_UNITS) {
			g->to_move = -1;
			g->winner = s;
			g->aside.on = false;
			umpire_result_end(ctx->result, ctx->step, "%s bore off all 15 "
				"units", bgw_sides[s]);
			for (int t = 0; t < 2; t++)
				umpire_result_score(ctx->result, bgw_sides[t],
					borne_off(g, t));
			umpire_result_rank_by_score(ctx->result);
			SAY(r, "\n%s has borne off all its units and wins (Winning).\n",
				bgw_Sides[s]);
			umpire_report_headline(ctx->report, "%s bears off its last "
				"unit and wins.", bgw_Sides[s]);
			return;
		}
	if (again && r->spy) {
		/* BGW-26: the play waits while the opponent declares. */
		g->aside = (struct bgw_aside){ true, side, g->mode, { g->dice[0],
			g->dice[1], g->dice[2] }, g->ndice, g->extra, g->sabotaged };
		g->to_move = !side;
		g->declaring = true;
		g->ndice = 0;
		g->extra = 0;
		g->sabotaged = false;
		umpire_report_headline(ctx->report, "%s plays Spymaster; %s "
			"declares before rolling, and %s sees the roll before moving.",
			bgw_Sides[side], bgw_sides[!side], bgw_sides[side]);
		return;
	}
	if (again) {
		g->to_move = side;
		g->declaring = false;
		umpire_report_headline(ctx->report, "%s plays %s and decides again "
			"with %s.", bgw_Sides[side], bgw_cards[r->o->act[r->o->nact -
			1].card].title, bgw_dice_text(ctx->arena, g->dice, g->ndice));
		return;
	}
	bool stalemate = g->idle >= BGW_IDLE;
	if ((g->turns && g->turn >= g->turns) || stalemate) {
		int a = borne_off(g, 0), b = borne_off(g, 1);
		g->to_move = -1;
		g->aside.on = false;
		g->winner = a == b ? -1 : b > a;
		if (stalemate)
			umpire_result_end(ctx->result, ctx->step, "%d plays in a row "
				"changed nothing on the board, BGW-33", BGW_IDLE);
		else
			umpire_result_end(ctx->result, ctx->step, "the %d turns of the "
				"game were played, BGW-32", g->turns);
		umpire_result_score(ctx->result, "white", a);
		umpire_result_score(ctx->result, "black", b);
		umpire_result_rank_by_score(ctx->result);
		if (stalemate)
			SAY(r, "\nFor %d plays in a row no unit moved, entered, left "
				"the board or was captured: the game is stuck, and ends. "
				"White has borne off %d, black %d (BGW-33).\n", BGW_IDLE, a,
				b);
		else
			SAY(r, "\nThe last of %d turns is played: white has borne off "
				"%d, black %d (BGW-32).\n", g->turns, a, b);
		umpire_report_headline(ctx->report, "%s: %s.", stalemate ?
			"Stalemate" : "The turns are over", a == b ? "a draw" : a > b ?
			"white wins" : "black wins");
		return;
	}
	if (g->aside.on && g->aside.side == !side) {
		/* BGW-26: the opponent declared and rolled already. */
		swap_aside(g, side);
		g->aside.on = false;
		g->turn++;
		umpire_report_headline(ctx->report, "%s plays; %s plays %s, "
			"declared and rolled already (BGW-26).", bgw_Sides[side],
			bgw_sides[!side], g->ndice ? bgw_dice_text(ctx->arena, g->dice,
			g->ndice) : "no die");
		return;
	}
	g->to_move = !side;
	g->declaring = true;
	g->turn++;
	g->sabotaged = false;
	g->ndice = 0;
	umpire_report_headline(ctx->report, "%s plays; %s declares next.",
		bgw_Sides[side], bgw_sides[!side]);
}

/* ------------------------------------------------------------ entries */

void
bgw_carry_out(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct bgw_orders *o, bool resolve)
{
	struct run r;

	memset(&r, 0, sizeof(r));
	r.ctx = ctx;
	r.g = g;
	r.o = o;
	r.resolve = resolve;
	r.side = g->to_move;
	if (o->reactions && resolve) {
		g->nreact[r.side] = o->nreact;
		memcpy(g->react[r.side], o->react, sizeof(o->react));
	}
	if (g->declaring) {
		declare(&r);
		if (resolve && o->reactions)
			umpire_report_printf(ctx->report, "- %s gives new standing "
				"reactions, sealed (BGW-21).\n", bgw_Sides[r.side]);
		return;
	}
	int before[BGW_ALL];
	for (int i = 0; i < BGW_ALL; i++)
		before[i] = g->u[i].at;
	play(&r);
	if (!resolve)
		return;
	bool again = false;
	for (int k = 0; k < o->nact; k++)
		again |= o->act[k].card == BGW_TRANSMUTATION ||
			o->act[k].card == BGW_SPYMASTER;
	/*
	 * BGW-33: a play that leaves every unit where it was.  A card
	 * played alone is half of its play, which comes next: not counted.
	 */
	bool same = true;
	for (int i = 0; i < BGW_ALL; i++)
		same &= before[i] == g->u[i].at;
	if (!again)
		g->idle = same ? g->idle + 1 : 0;
	if (o->reactions)
		umpire_report_printf(ctx->report, "- %s gives new standing "
			"reactions, sealed (BGW-21).\n", bgw_Sides[r.side]);
	next(&r, again);
}

int
bgw_prepare(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct bgw_orders *o, int dice[BGW_MAX_DICE])
{
	struct run r;

	memset(&r, 0, sizeof(r));
	r.ctx = ctx;
	r.g = g;
	r.o = o;
	r.side = g->to_move;
	r.prepare = true;
	play(&r);
	memcpy(dice, r.dice, sizeof(r.dice));
	return r.nd;
}

size_t
bgw_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders)
{
	const struct bgw_game *g = game;
	struct bgw_orders *o = umpire_arena_alloc(ctx->arena, sizeof(*o));
	size_t errors = ctx->diags->errors;

	bgw_orders_read(ctx, g, orders, o);
	if (ctx->partial || ctx->diags->errors != errors)
		return ctx->diags->errors - errors;
	bgw_carry_out(ctx, bgw_copy(ctx->arena, g), o, false);
	return ctx->diags->errors - errors;
}

void
bgw_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders)
{
	struct bgw_game *g = game;
	struct bgw_orders *o = umpire_arena_alloc(ctx->arena, sizeof(*o));

	bgw_orders_read(ctx, g, orders, o);
	bgw_carry_out(ctx, g, o, true);
	bgw_renumber(g);
}
