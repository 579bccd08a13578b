/*
 * orders.c - the orders for one card of Army Men, read and checked.
 *
 * A card's orders hold one list, named after its action: `moves`,
 * `fire`, `assaults` or `rally`.  Each order is checked in turn on a copy
 * of the table as the orders before it leave it: a soldier moved by an
 * earlier move is measured from where he stands now (AM-1).  Shots and
 * assaults are checked on the table as the card finds it; in play, one
 * whose firer or target an earlier one took away is not made (AM-16).
 * Every problem is recorded, each at its node.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

/* A point [x, y] in inches, at most two decimals (TABLE-1). */
static bool
read_point(struct umpire_ctx *ctx, const struct umpire_node *n,
	struct umpire_pt *out)
{
	long long v[2];

	for (int i = 0; i < 2; i++)
		if (umpire_node_fixed(n->u.seq.v[i], 2, UMPIRE_PLANE_MAX,
		    &v[i]) < 0) {
			umpire_node_error(ctx->diags, n->u.seq.v[i], "a coordinate is "
				"inches with at most two decimals, from 0 to 163.84 "
				"(TABLE-1)");
			return false;
		}
	out->x = (int32_t)v[0];
	out->y = (int32_t)v[1];
	return true;
}

/* A whole vector [x, y], not zero: a tank's facing. */
static bool
read_vector(struct umpire_ctx *ctx, const struct umpire_node *n,
	struct umpire_pt *out)
{
	long long x = umpire_node_integer(n->u.seq.v[0], 0);
	long long y = umpire_node_integer(n->u.seq.v[1], 0);

	if ((x == 0 && y == 0) || x < -UMPIRE_PLANE_MAX || x > UMPIRE_PLANE_MAX ||
	    y < -UMPIRE_PLANE_MAX || y > UMPIRE_PLANE_MAX) {
		umpire_node_error(ctx->diags, n, "a facing is a direction of whole "
			"numbers, not [0, 0], each within 16384: [0, 1] faces away "
			"from green's edge (AM-4)");
		return false;
	}
	out->x = (int32_t)x;
	out->y = (int32_t)y;
	return true;
}

/* One of the player's units able to act: its index, or -1 after an error. */
static int
own_unit(struct umpire_ctx *ctx, const struct am_game *g, int side,
	const struct umpire_node *n)
{
	const char *id = n->u.s.ptr;
	int u = am_find_unit(g, id);

	if (u < 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, id);
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].side == side)
				umpire_suggest_add(&sg, g->units[i].id);
		umpire_node_error(ctx->diags, n, "no unit is called %s%s",
			umpire_quote(ctx->diags, id, n->u.s.len),
			umpire_suggest_hint(&sg));
		return -1;
	}
	const struct am_unit *m = &g->units[u];
	if (m->side != side) {
		umpire_node_error(ctx->diags, n, "%s is %s's; %s gives orders to "
			"%s's own units", m->id, am_sides[m->side], am_sides[side],
			am_sides[side]);
		return -1;
	}
	if (m->dead) {
		umpire_node_error(ctx->diags, n, "%s is %s", m->id, m->tank ?
			"destroyed" : "dead");
		return -1;
	}
	return u;
}

static bool
once(struct umpire_ctx *ctx, bool *done, int u, const struct am_game *g,
	const struct umpire_node *n, const char *what)
{
	if (done[u]) {
		umpire_node_error(ctx->diags, n, "%s %s once a card, and is "
			"ordered twice", g->units[u].id, what);
		return false;
	}
	done[u] = true;
	return true;
}

static bool
not_pinned(struct umpire_ctx *ctx, const struct am_game *g, int u,
	const struct umpire_node *n, const char *what)
{
	if (!g->units[u].pinned)
		return true;
	umpire_node_error(ctx->diags, n, "%s is pinned and cannot %s; pinned "
		"soldiers cannot fire or move (Rallying)", g->units[u].id, what);
	return false;
}

/* --------------------------------------------------------------- moves */

static void
read_moves(struct umpire_ctx *ctx, struct am_game *c, int side,
	const struct umpire_node *list, struct am_orders *o, bool *done)
{
	char why[256];

	o->moves = umpire_arena_alloc(ctx->arena, (list->u.seq.n + 1) *
		sizeof(*o->moves));
	for (size_t k = 0; k < list->u.seq.n; k++) {
		const struct umpire_node *n = list->u.seq.v[k];
		const struct umpire_node *un = umpire_map_get(n, "unit");
		const struct umpire_node *path = umpire_map_get(n, "path");
		const struct umpire_node *to = umpire_map_get(n, "to");
		const struct umpire_node *via = umpire_map_get(n, "via");
		const struct umpire_node *face = umpire_map_get(n, "face");
		struct am_move_order *mo = &o->moves[o->nmoves];
		int u = own_unit(ctx, c, side, un);

		if (u < 0 || !once(ctx, done, u, c, un, "moves"))
			continue;
		struct am_unit *m = &c->units[u];
		memset(mo, 0, sizeof(*mo));
		mo->unit = u;
		mo->node = n;
		if (!m->tank) {
			if (!path || to || via || face) {
				umpire_node_error(ctx->diags, n, "%s is a soldier: give "
					"his path, a list of points [x, y] in inches "
					"(to, via and face are for tanks)", m->id);
				continue;
			}
			if (!not_pinned(ctx, c, u, un, "move"))
				continue;
			bool ok = true;
			mo->wp[0] = m->at;
			mo->n = 1;
			for (size_t i = 0; i < path->u.seq.n; i++)
				ok &= read_point(ctx, path->u.seq.v[i], &mo->wp[mo->n++]);
			if (!ok)
				continue;
			struct am_move_plan plan;
			if (!am_soldier_move(c, u, mo->wp, mo->n, &plan, why,
			    sizeof(why))) {
				umpire_node_error(ctx->diags, path, "%s cannot move so: %s",
					m->id, why);
				continue;
			}
			m->at = mo->wp[mo->n - 1];
		} else {
			if (path) {
				umpire_node_error(ctx->diags, path, "%s is a tank: give "
					"to (straight ahead), via and to (a turn on the way), "
					"or face (a turn), not a path (AM-9)", m->id);
				continue;
			}
			struct am_drive *d = &mo->drive;
			bool ok = true;
			if ((d->has_to = to))
				ok &= read_point(ctx, to, &d->to);
			if ((d->has_via = via))
				ok &= read_point(ctx, via, &d->via);
			if ((d->has_face = face))
				ok &= read_vector(ctx, face, &d->face);
			if (!ok)
				continue;
			struct am_drive_plan plan;
			if (!am_tank_move(c, u, d, &plan, why, sizeof(why))) {
				umpire_node_error(ctx->diags, n, "%s cannot move so: %s",
					m->id, why);
				continue;
			}
			m->at = plan.at;
			m->facing = plan.facing;
			am_table_build(c);
		}
		o->nmoves++;
	}
}

/* ---------------------------------------------------------------- fire */

/* The target named by n: a unit or a block. */
static bool
read_target(struct umpire_ctx *ctx, const struct am_game *g,
	const struct umpire_node *n, struct am_target *t)
{
	t->unit = am_find_unit(g, n->u.s.ptr);
	t->block = t->unit < 0 ? am_find_block(g, n->u.s.ptr) : -1;
	if (t->unit >= 0 || t->block >= 0)
		return true;
	struct umpire_suggest sg;
	umpire_suggest_init(&sg, n->u.s.ptr);
	for (int i = 0; i < g->nunits; i++)
		umpire_suggest_add(&sg, g->units[i].id);
	for (int i = 0; i < g->nblocks; i++)
		umpire_suggest_add(&sg, g->blocks[i].id);
	umpire_node_error(ctx->diags, n, "no unit or block is called %s%s",
		umpire_quote(ctx->diags, n->u.s.ptr, n->u.s.len),
		umpire_suggest_hint(&sg));
	return false;
}

/* The weapon a fire order uses: `with`, or the soldier's own. */
static bool
read_with(struct umpire_ctx *ctx, const struct am_game *g, int u,
	const struct umpire_node *with, struct am_fire_order *f)
{
	const struct am_unit *m = &g->units[u];
	const char *w = with ? with->u.s.ptr : NULL;

	if (m->tank) {
		if (w && strcmp(w, "main-gun") == 0)
			f->weapon = AM_MAIN_GUN;
		else if (w && strcmp(w, "forward-mg") == 0)
			f->weapon = AM_MG, f->forward = true;
		else if (w && strcmp(w, "turret-mg") == 0)
			f->weapon = AM_MG;
		else {
			umpire_node_error(ctx->diags, with ? with : f->node, "%s is a "
				"tank: say which gun fires, with: main-gun, forward-mg or "
				"turret-mg (Tanks)", m->id);
			return false;
		}
		return true;
	}
	if (!w || strcmp(w, am_weapons[m->weapon].name) == 0) {
		f->weapon = m->weapon;
		return true;
	}
	if (strcmp(w, "grenade") == 0) {
		if (!am_weapons[m->weapon].grenades) {
			umpire_node_error(ctx->diags, with, "%s carries no hand "
				"grenades: machine gunners, bazooka men and mortar men "
				"do not (Hand Grenades)", m->id);
			return false;
		}
		f->weapon = AM_GRENADE;
		return true;
	}
	umpire_node_error(ctx->diags, with, "%s carries a %s%s; with: names "
		"it, or grenade", m->id, am_weapons[m->weapon].name,
		am_weapons[m->weapon].grenades ? " and hand grenades" : "");
	return false;
}

/* A tank's three guns each fire once a card; a soldier fires once. */
static int
gun_slot(const struct am_fire_order *f)
{
	return f->weapon == AM_MAIN_GUN ? 0 : f->forward ? 1 : 2;
}

/* What made a shot harder, in words (as the report says it). */
static const char *
shot_minuses(const struct am_shot *s, bool spraying)
{
	if (s->long_range && s->behind_low && spraying)
		return "long range, a low block and spraying";
	if (s->long_range && s->behind_low)
		return "long range and a low block";
	if (s->long_range && spraying)
		return "long range and spraying";
	if (s->behind_low && spraying)
		return "a low block and spraying";
	return s->long_range ? "long range" : s->behind_low ? "a low block" :
		"spraying";
}

/*
 * The target of a shot or an assault: `target:`, the key every ruleset
 * uses for what an attack is at.  Army Men's orders once said `at:`;
 * orders written so are still read, with a note, so that games begun
 * then play and verify as they did.  NULL, the problem recorded, if
 * neither or both are given.
 */
static const struct umpire_node *
target_of(struct umpire_ctx *ctx, const struct umpire_node *n)
{
	const struct umpire_node *target = umpire_map_get(n, "target");
	const struct umpire_node *at = umpire_map_get(n, "at");

	if (target && at) {
		umpire_node_error(ctx->diags, at, "give the target once, as "
			"target: ('at' is its old name)");
		return NULL;
	}
	if (at) {
		umpire_node_note(ctx->diags, at, "'at' is the old name of "
			"'target', which every ruleset uses; read as target: %s",
			at->type == UMPIRE_STR ? at->u.s.ptr : "[...]");
		return at;
	}
	if (!target)
		umpire_node_error(ctx->diags, n, "missing required key 'target'");
	return target;
}

static void
read_fire(struct umpire_ctx *ctx, struct am_game *c, int side,
	const struct umpire_node *list, struct am_orders *o)
{
	char why[256];
	bool *fired = umpire_arena_alloc(ctx->arena, 3 * ((size_t)c->nunits + 1));

	o->fires = umpire_arena_alloc(ctx->arena, (list->u.seq.n + 1) *
		sizeof(*o->fires));
	for (size_t k = 0; k < list->u.seq.n; k++) {
		const struct umpire_node *n = list->u.seq.v[k];
		const struct umpire_node *un = umpire_map_get(n, "unit");
		const struct umpire_node *at = target_of(ctx, n);
		const struct umpire_node *dice = umpire_map_get(n, "dice");
		struct am_fire_order *f = &o->fires[o->nfires];
		int u = own_unit(ctx, c, side, un);

		if (u < 0 || !at)
			continue;
		memset(f, 0, sizeof(*f));
		f->unit = u;
		f->node = n;
		if (!c->units[u].tank && !not_pinned(ctx, c, u, un, "fire"))
			continue;
		if (!read_with(ctx, c, u, umpire_map_get(n, "with"), f))
			continue;
		bool *slot = &fired[3 * u + (c->units[u].tank ? gun_slot(f) : 0)];
		if (*slot) {
			if (c->units[u].tank)
				umpire_node_error(ctx->diags, un, "%s fires its %s once a "
					"card, and is ordered twice (AM-14)", c->units[u].id,
					umpire_map_get(n, "with")->u.s.ptr);
			else
				umpire_node_error(ctx->diags, un, "%s fires once a card, "
					"and is ordered twice", c->units[u].id);
			continue;
		}
		*slot = true;
		bool list_at = at->type == UMPIRE_SEQ;
		f->nat = list_at ? (int)at->u.seq.n : 1;
		bool ok = true;
		for (int i = 0; i < f->nat; i++)
			ok &= read_target(ctx, c, list_at ? at->u.seq.v[i] : at,
				&f->at[i]);
		if (!ok)
			continue;
		const struct am_weapon_info *wi = &am_weapons[f->weapon];
		if (f->nat == 1) {
			if (dice && (dice->type != UMPIRE_INT || dice->u.i != wi->dice)) {
				umpire_node_error(ctx->diags, dice, "one target takes all "
					"%d dice; split them only when spraying fire at two "
					"or more targets (Spraying Fire)", wi->dice);
				continue;
			}
			f->dice[0] = wi->dice;
		} else {
			if (!wi->spray) {
				umpire_node_error(ctx->diags, at, "only sub-machineguns and "
					"machine guns spray fire at two or more targets "
					"(Spraying Fire)");
				continue;
			}
			if (!dice || dice->type != UMPIRE_SEQ ||
			    (int)dice->u.seq.n != f->nat) {
				umpire_node_error(ctx->diags, dice ? dice : n, "spraying "
					"fire splits the %d dice between its %d targets: give "
					"dice, a list of %d numbers (Spraying Fire)", wi->dice,
					f->nat, f->nat);
				continue;
			}
			int sum = 0;
			for (int i = 0; i < f->nat; i++)
				sum += f->dice[i] = (int)dice->u.seq.v[i]->u.i;
			if (sum != wi->dice) {
				umpire_node_error(ctx->diags, dice, "the dice add up to %d; "
					"a %s sprays its %d (Spraying Fire)", sum,
					c->units[u].tank ? "tank's machine gun" : wi->title,
					wi->dice);
				continue;
			}
		}
		for (int i = 0; i < f->nat && ok; i++) {
			struct am_shot shot;
			const struct umpire_node *tn = list_at ? at->u.seq.v[i] : at;
			for (int j = 0; j < i && ok; j++)
				if (f->at[j].unit == f->at[i].unit &&
				    f->at[j].block == f->at[i].block) {
					umpire_node_error(ctx->diags, tn, "%s is named twice; "
						"give each target once, with its dice", tn->u.s.ptr);
					ok = false;
				}
			if (ok && f->nat > 1 && f->at[i].unit < 0) {
				umpire_node_error(ctx->diags, tn, "spraying fire is at "
					"soldiers (Spraying Fire)");
				ok = false;
			}
			if (ok && !am_can_fire(c, u, f->weapon, f->forward, &f->at[i],
			    f->nat > 1, &shot, why, sizeof(why))) {
				umpire_node_error(ctx->diags, tn, "%s cannot fire at %s: %s",
					c->units[u].id, tn->u.s.ptr, why);
				ok = false;
			} else if (ok && shot.need > 6) {
				/*
				 * Legal, and the dice are rolled, but no die can
				 * hit: worth telling the player, not refusing.
				 */
				umpire_node_warning(ctx->diags, tn, "%s cannot hit "
					"%s: with -1 each for %s, no die hits; the "
					"shot is made, and misses (AM-11)",
					c->units[u].id, tn->u.s.ptr,
					shot_minuses(&shot, f->nat > 1));
			}
		}
		/* AM-15: sprayed targets all within 3" of each other. */
		for (int i = 0; i < f->nat && ok; i++)
			for (int j = i + 1; j < f->nat && ok; j++) {
				struct umpire_figure a = am_figure(c, f->at[i].unit);
				struct umpire_figure b = am_figure(c, f->at[j].unit);
				if (umpire_figure_cmp(&a, &b, UMPIRE_EDGES,
				    AM_SPRAY_SPREAD) > 0) {
					umpire_node_error(ctx->diags, at, "%s and %s are %s "
						"inches apart; sprayed targets are within 3 inches "
						"of each other (Spraying Fire, AM-15)",
						c->units[f->at[i].unit].id,
						c->units[f->at[j].unit].id, am_len_text(ctx->arena,
						umpire_figure_distance(&a, &b, UMPIRE_EDGES,
						UMPIRE_UP)));
					ok = false;
				}
			}
		if (ok)
			o->nfires++;
	}
}

/* ------------------------------------------------------------ assaults */

static void
read_assaults(struct umpire_ctx *ctx, struct am_game *c, int side,
	const struct umpire_node *list, struct am_orders *o, bool *done)
{
	char why[256];

	o->assaults = umpire_arena_alloc(ctx->arena, (list->u.seq.n + 1) *
		sizeof(*o->assaults));
	for (size_t k = 0; k < list->u.seq.n; k++) {
		const struct umpire_node *n = list->u.seq.v[k];
		const struct umpire_node *un = umpire_map_get(n, "unit");
		const struct umpire_node *at = target_of(ctx, n);
		int u = own_unit(ctx, c, side, un);
		struct am_target t;
		struct umpire_pt contact;
		int32_t d;

		if (u < 0 || !at || !read_target(ctx, c, at, &t))
			continue;
		if (c->units[u].tank) {
			umpire_node_error(ctx->diags, un, "%s is a tank; soldiers "
				"assault (Assault Combat)", c->units[u].id);
			continue;
		}
		if (!once(ctx, done, u, c, un, "assaults") ||
		    !not_pinned(ctx, c, u, un, "assault"))
			continue;
		if (t.unit < 0) {
			umpire_node_error(ctx->diags, at, "%s is a block; soldiers "
				"assault enemy soldiers (Assault Combat)", at->u.s.ptr);
			continue;
		}
		if (!am_can_assault(c, u, t.unit, &contact, &d, why, sizeof(why))) {
			umpire_node_error(ctx->diags, at, "%s cannot assault %s: %s",
				c->units[u].id, c->units[t.unit].id, why);
			continue;
		}
		o->assaults[o->nassaults++] = (struct am_assault_order){ u, t.unit,
			n };
	}
}

/* --------------------------------------------------------------- rally */

static void
read_rally(struct umpire_ctx *ctx, struct am_game *c, int side,
	const struct umpire_node *list, struct am_orders *o, bool *done)
{
	o->rally_given = list != NULL;
	o->rally = umpire_arena_alloc(ctx->arena, ((size_t)c->nunits + 1) *
		sizeof(int));
	if (!list) {
		/* AM-19: no list, every pinned soldier, leaders first. */
		for (int lead = 1; lead >= 0; lead--)
			for (int u = 0; u < c->nunits; u++) {
				const struct am_unit *m = &c->units[u];
				if (m->side == side && am_soldier_up(m) && m->pinned &&
				    m->leader == lead)
					o->rally[o->nrally++] = u;
			}
		return;
	}
	for (size_t k = 0; k < list->u.seq.n; k++) {
		const struct umpire_node *n = list->u.seq.v[k];
		int u = own_unit(ctx, c, side, n);
		if (u < 0 || !once(ctx, done, u, c, n, "rallies"))
			continue;
		if (c->units[u].tank || !c->units[u].pinned) {
			umpire_node_error(ctx->diags, n, "%s is %s; soldiers that are "
				"pinned rally (Rallying)", c->units[u].id, c->units[u].tank ?
				"a tank" : "not pinned");
			continue;
		}
		o->rally[o->nrally++] = u;
	}
}

/* ------------------------------------------------------------- entry */

size_t
am_orders_read(struct umpire_ctx *ctx, const struct am_game *g,
	const struct umpire_node *doc, struct am_orders *o)
{
	static const char *const keys[AM_ACTIONS] = {
		"moves", "fire", "assaults", "rally",
	};
	size_t errors = ctx->diags->errors;
	int action = am_awaited_action(g), side = g->to_move;
	struct am_game *c = am_game_copy(ctx->arena, g);
	c->exact = am_rulings(ctx);
	bool *done = umpire_arena_alloc(ctx->arena, (size_t)g->nunits + 1);
	static const struct umpire_node empty = { .type = UMPIRE_SEQ };

	memset(o, 0, sizeof(*o));
	o->action = action;
	for (int a = 0; a < AM_ACTIONS; a++) {
		const struct umpire_node *list = umpire_map_get(doc, keys[a]);
		if (list && a != action)
			umpire_node_error(ctx->diags, list, "the card drawn is %s: "
				"its orders are %s, not %s", am_card_title(
				am_card(side, action)), keys[action], keys[a]);
	}
	const struct umpire_node *list = umpire_map_get(doc, keys[action]);
	switch (action) {
	case AM_MOVES:
		read_moves(ctx, c, side, list ? list : &empty, o, done);
		break;
	case AM_FIRES:
		read_fire(ctx, c, side, list ? list : &empty, o);
		break;
	case AM_ASSAULTS:
		read_assaults(ctx, c, side, list ? list : &empty, o, done);
		break;
	default:
		read_rally(ctx, c, side, list, o, done);
		break;
	}
	return ctx->diags->errors - errors;
}

size_t
am_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders)
{
	struct am_orders o;

	if (ctx->partial)
		return 0;
	return am_orders_read(ctx, game, orders, &o);
}
