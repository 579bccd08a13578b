/*
 * orders.c - reading and checking a player's orders for one turn.
 *
 * Every problem is reported at the place in the file it concerns, with
 * the rule it breaks; the "must use your dice" check (AMB-12) runs last,
 * on otherwise legal orders, and shows a play that uses more dice.
 */
#include <stdio.h>
#include <string.h>

#include "amb.h"

/*
 * A living man of side `want`, named by n in orders of side `side` (his
 * own men to act, the enemy's as targets): his index, or -1 after an
 * error saying what is wrong with the name.
 */
static int
man_of(struct umpire_ctx *ctx, const struct amb_game *g, int side, int want,
	const struct umpire_node *n)
{
	const char *id = n->u.s.ptr;
	int s, i = amb_find_man(g, id, &s);

	if (i < 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, id);
		for (int j = 0; j < g->nmen[want]; j++)
			if (!g->men[want][j].dead)
				umpire_suggest_add(&sg, g->men[want][j].id);
		umpire_node_error(ctx->diags, n, "%s has no man called %s%s",
			amb_sides[want], umpire_quote(ctx->diags, id, n->u.s.len),
			umpire_suggest_hint(&sg));
		return -1;
	}
	if (s != want) {
		if (want == side)
			umpire_node_error(ctx->diags, n, "%s is one of %s's men; %s's "
				"orders command %s men", id, amb_sides[s], amb_sides[side],
				amb_sides[side]);
		else
			umpire_node_error(ctx->diags, n, "%s is %s's own man; attack a "
				"%s man", id, amb_sides[side], amb_sides[want]);
		return -1;
	}
	if (g->men[s][i].dead) {
		umpire_node_error(ctx->diags, n, "%s was %s at step %ld and is out "
			"of the game (Casualties)", id, amb_hows[g->men[s][i].how],
			g->men[s][i].died);
		return -1;
	}
	return i;
}

static int
own_man(struct umpire_ctx *ctx, const struct amb_game *g, int side,
	const struct umpire_node *n)
{
	return man_of(ctx, g, side, side, n);
}

static int
enemy_man(struct umpire_ctx *ctx, const struct amb_game *g, int side,
	const struct umpire_node *n)
{
	return man_of(ctx, g, side, !side, n);
}

/* One list item into a; false after recording why it cannot be read. */
static bool
read_action(struct umpire_ctx *ctx, const struct amb_game *g, int side,
	const struct umpire_node *n, struct amb_action *a)
{
	const struct umpire_node *mover = umpire_map_get(n, "move");
	const struct umpire_node *attacker = umpire_map_get(n, "attack");
	const struct umpire_node *target = umpire_map_get(n, "target");
	const struct umpire_node *weapon = umpire_map_get(n, "weapon");
	bool ok = true;

	memset(a, 0, sizeof(*a));
	a->kind = mover ? AMB_MOVE : AMB_ATTACK;
	a->die = (int)umpire_node_integer(umpire_map_get(n, "die"), 0);
	a->weapon = weapon ? amb_find_weapon(weapon->u.s.ptr) : -1;
	a->man = own_man(ctx, g, side, mover ? mover : attacker);
	ok = a->man >= 0;
	if (target) {
		size_t k = target->type == UMPIRE_SEQ ? target->u.seq.n : 1;
		for (size_t i = 0; i < k; i++) {
			const struct umpire_node *t = target->type == UMPIRE_SEQ ?
				target->u.seq.v[i] : target;
			int v = enemy_man(ctx, g, side, t);
			ok &= v >= 0;
			if (v >= 0)
				a->targets[a->ntargets++] = v;
		}
	}
	return ok;
}

/*
 * The orders failed their schema: look up the names in the well-formed
 * parts only, so a misspelt key does not hide a misspelt man.
 */
static size_t
check_names(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *doc)
{
	const struct umpire_node *actions = umpire_map_get(doc, "actions");
	const struct umpire_node *stance = umpire_map_get(doc, "stance");
	size_t errors = ctx->diags->errors;
	int side = g->to_move;

	for (size_t i = 0; actions && actions->type == UMPIRE_SEQ &&
	    i < actions->u.seq.n; i++) {
		const struct umpire_node *n = actions->u.seq.v[i];
		const struct umpire_node *who = umpire_map_get(n, "move");
		const struct umpire_node *target = umpire_map_get(n, "target");
		if (!who)
			who = umpire_map_get(n, "attack");
		if (umpire_node_cstr(who))
			own_man(ctx, g, side, who);
		if (umpire_node_cstr(target))
			enemy_man(ctx, g, side, target);
		for (size_t k = 0; target && target->type == UMPIRE_SEQ &&
		    k < target->u.seq.n; k++)
			if (umpire_node_cstr(target->u.seq.v[k]))
				enemy_man(ctx, g, side, target->u.seq.v[k]);
	}
	const struct umpire_node *man = umpire_map_get(stance, "man");
	if (umpire_node_cstr(man))
		own_man(ctx, g, side, man);
	return ctx->diags->errors - errors;
}

size_t
amb_orders_read(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *doc, struct amb_orders *o)
{
	const struct umpire_node *actions = umpire_map_get(doc, "actions");
	const struct umpire_node *stance = umpire_map_get(doc, "stance");
	const struct umpire_node *where = actions ? actions : doc;
	int side = g->to_move;
	size_t errors = ctx->diags->errors;
	struct amb_board b;
	struct amb_turn t;
	char why[512];

	memset(o, 0, sizeof(*o));
	o->stance_man = -1;
	amb_board_init(&b, g);
	amb_turn_init(&t, g);
	for (size_t i = 0; actions && i < actions->u.seq.n; i++) {
		const struct umpire_node *n = actions->u.seq.v[i];
		struct amb_action a;
		if (!read_action(ctx, g, side, n, &a))
			continue;
		if (!amb_try(g, &b, &t, &a, why, sizeof(why))) {
			umpire_node_error(ctx->diags, n, "actions[%zu]: %s", i, why);
			continue;
		}
		o->nodes[o->play.n] = n;
		o->play.a[o->play.n++] = a;
	}
	if (ctx->diags->errors == errors &&
	    !amb_turn_complete(g, &t, why, sizeof(why)))
		umpire_node_error(ctx->diags, where, "%s", why);
	o->won = t.won;
	if (stance) {
		const struct umpire_node *man = umpire_map_get(stance, "man");
		const struct umpire_node *to = umpire_map_get(stance, "to");
		int i = own_man(ctx, g, side, man);
		/*
		 * A man who lives only if an attack kills may be named
		 * (best_row): resolve carries the order out if he is alive
		 * at the Stance Phase (AMB-14).
		 */
		if (i >= 0) {
			const struct amb_man *m = &g->men[side][i];
			o->stance_to = (enum amb_stance)amb_find_stance(to->u.s.ptr);
			if (t.won)
				umpire_node_error(ctx->diags, stance, "the game is won this "
					"turn, so no Stance Phase follows (Victory, AMB-8)");
			else if (!b.best_row[side][i])
				umpire_node_error(ctx->diags, man, "%s is captured this turn "
					"whatever the saving throws, and cannot change stance "
					"(Stance Phase, AMB-14)", m->id);
			else if (o->stance_to == m->stance)
				umpire_node_error(ctx->diags, to, "%s is already %s; the "
					"Stance Phase replaces a man with a figure of a "
					"different stance", m->id, to->u.s.ptr);
			else
				o->stance_man = i;
		}
	}
	if (ctx->diags->errors != errors)
		return ctx->diags->errors - errors;

	/* Tactics Phase: "You must use your dice ... if it is at all possible." */
	struct amb_play example;
	int most = amb_most_dice(g, &example);
	int value = amb_turn_value(g, &t);
	if (value < most) {
		struct umpire_buf text = UMPIRE_BUF_INIT;
		amb_play_text(&text, g, &example);
		umpire_node_error(ctx->diags, where, "these orders use %d of the %d "
			"dice, but %d can be used, and you must use your dice if at all "
			"possible (Tactics Phase, AMB-12); for example: %s", t.used,
			g->opt.dice, most, umpire_buf_cstr(&text));
		umpire_buf_free(&text);
	}
	return ctx->diags->errors - errors;
}

size_t
amb_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders)
{
	const struct amb_game *g = game;
	struct amb_orders o;
	size_t bad = amb_mines_check(ctx, g, orders);

	if (g->laying)
		return bad;
	if (ctx->partial)
		return bad + check_names(ctx, game, orders);
	return bad + amb_orders_read(ctx, game, orders, &o);
}
