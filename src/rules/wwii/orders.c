/*
 * orders.c - reading and checking the orders of the three decisions:
 * an army, the placing of one unit, and a turn.
 *
 * One schema holds every form; here the form must match the decision
 * awaited (WW-25).  A turn is checked as it will be carried out, on a
 * copy of the position: the reinforcement first, then each move in the
 * order given, then each attack on the position the attacks before it
 * leave, the Fire Phase played by fire.c as resolve plays it (WW-10).
 * Every problem is reported at its place, with the rule.
 */
#include <stdio.h>
#include <string.h>

#include "wwii.h"

/* What the orders of each kind hold, for messages. */
static const char *const kind_keys[3] = {
	"army (and retreats)", "place (and retreats)",
	"reinforce, moves, attacks and retreats",
};

/* The decision awaited, in words: "the allies' army". */
static const char *
awaited(struct umpire_arena *a, const struct wwii_game *g)
{
	const char *side = wwii_sides[g->to_move];

	switch (g->kind) {
	case WWII_ARMY:
		return umpire_arena_printf(a, "the %s' army", side);
	case WWII_PLACE:
		return umpire_arena_printf(a, "a unit placed by the %s", side);
	default:
		return umpire_arena_printf(a, "the %s' turn %d", side,
			g->turns[g->to_move] + 1);
	}
}

/* The keys that belong to no form of the decision awaited (WW-25). */
static void
check_form(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc)
{
	static const char *const keys[] = { "army", "place", "reinforce",
		"moves", "attacks" };
	static const int kind_of[] = { WWII_ARMY, WWII_PLACE, WWII_TURN,
		WWII_TURN, WWII_TURN };

	for (int k = 0; k < 5; k++) {
		const struct umpire_pair *p = umpire_map_pair(doc, keys[k]);
		if (p && kind_of[k] != (int)g->kind)
			umpire_node_error(ctx->diags, p->key, "%s: the game awaits %s, "
				"and those orders hold %s, not %s (WW-25)", keys[k],
				awaited(ctx->arena, g), kind_keys[g->kind], keys[k]);
	}
	const char *need = g->kind == WWII_ARMY ? "army" : g->kind == WWII_PLACE ?
		"place" : NULL;
	if (need && !umpire_map_get(doc, need))
		umpire_node_error(ctx->diags, doc, "missing '%s': the game awaits %s "
			"(WW-25)", need, awaited(ctx->arena, g));
}

/*
 * Where in the orders a name is, for messages: list[k], or list alone
 * when k < 0.  Written out only for an error: a campaign turn names
 * hundreds of units, and formatting each place would cost as much as
 * the rest of the check.
 */
struct place {
	const char *list;
	long k;
};

static const char *
place_text(struct umpire_arena *a, struct place at)
{
	return at.k < 0 ? at.list : umpire_arena_printf(a, "%s[%ld]", at.list,
		at.k);
}

/*
 * A unit of side named by n: its index in p, or -1 after an error that
 * starts with its place in the orders.  The reinforcement of this turn,
 * not yet in the game's index, is extra, the last unit of p.
 */
static int
find(struct umpire_ctx *ctx, const struct wwii_pos *p, int side,
	const struct umpire_node *n, const char *extra, bool own,
	struct place at)
{
	const struct wwii_game *g = p->g;
	const char *id = n->u.s.ptr;
	int s, i = wwii_find_unit(g, id, &s);

	if (i >= 0 && s == side && !g->units[s][i].destroyed)
		return i;
	const char *where = place_text(ctx->arena, at);
	if (i < 0 && extra && strcmp(id, extra) == 0) {
		if (own)
			return p->n[side] - 1;
		/* A side's reinforcement is never the other side's unit. */
		umpire_node_error(ctx->diags, n, "%s: %s is one of the %s' own "
			"units; attack an %s unit", where, id, wwii_sides[!side],
			wwii_adj[side]);
		return -1;
	}
	if (i < 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, id);
		for (int j = 0; j < g->nunits[side]; j++)
			if (!g->units[side][j].destroyed)
				umpire_suggest_add(&sg, g->units[side][j].id);
		if (extra)
			umpire_suggest_add(&sg, extra);
		umpire_node_error(ctx->diags, n, "%s: the %s have no unit called "
			"%s%s", where, wwii_sides[side], umpire_quote_str(ctx->diags, id),
			umpire_suggest_hint(&sg));
		return -1;
	}
	if (s != side) {
		if (own)
			umpire_node_error(ctx->diags, n, "%s: %s is an %s unit; the "
				"%s' orders command %s units", where, id, wwii_adj[s],
				wwii_sides[!s], wwii_adj[!s]);
		else
			umpire_node_error(ctx->diags, n, "%s: %s is one of the %s' own "
				"units; attack an %s unit", where, id, wwii_sides[s],
				wwii_adj[!s]);
		return -1;
	}
	if (g->units[s][i].destroyed) {
		umpire_node_error(ctx->diags, n, "%s: %s was destroyed at step %ld "
			"and is out of the game", where, id, g->units[s][i].died);
		return -1;
	}
	return i;
}

/* ----------------------------------------------------------- retreats */

static void
read_standing(struct umpire_ctx *ctx, const struct wwii_pos *p,
	const struct umpire_node *map, const struct wwii_recruit *army,
	int narmy, const char *extra, struct wwii_orders *o)
{
	int side = p->g->to_move;

	if (!map)
		return;
	o->standing = umpire_arena_alloc(ctx->arena,
		(map->u.map.n + 1) * sizeof(*o->standing));
	for (size_t k = 0; k < map->u.map.n; k++) {
		const struct umpire_pair *pr = &map->u.map.v[k];
		int i = -1;
		if (army) {
			/* An army being designed: its own ids. */
			for (int j = 0; j < narmy; j++)
				if (strcmp(army[j].id, pr->key->u.s.ptr) == 0)
					i = j;
			if (i < 0) {
				struct umpire_suggest sg;
				umpire_suggest_init(&sg, pr->key->u.s.ptr);
				for (int j = 0; j < narmy; j++)
					umpire_suggest_add(&sg, army[j].id);
				umpire_node_error(ctx->diags, pr->key, "retreats: this army "
					"has no unit called %s%s", umpire_quote(ctx->diags,
					pr->key->u.s.ptr, pr->key->u.s.len),
					umpire_suggest_hint(&sg));
				continue;
			}
		} else if ((i = find(ctx, p, side, pr->key, extra, true,
		    (struct place){ "retreats", -1 })) < 0) {
			continue;
		}
		struct wwii_standing *st = &o->standing[o->nstanding++];
		st->unit = i;
		st->n = wwii_read_dirs(pr->val, st->dirs);
	}
}

/* --------------------------------------------------------------- army */

static void
read_army(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *army = umpire_map_get(doc, "army");
	int side = g->to_move;

	if (!army)
		return;
	if (wwii_read_recruits(ctx, g, side, army, NULL, &o->army,
	    &o->narmy) == 0)
		wwii_check_army(ctx, g, side, o->army, o->narmy, army);
	read_standing(ctx, &g->pos, umpire_map_get(doc, "retreats"), o->army,
		o->narmy, NULL, o);
}

/* -------------------------------------------------------------- place */

static void
read_place(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *place = umpire_map_get(doc, "place");
	int side = g->to_move;

	o->place_unit = o->place_sq = -1;
	read_standing(ctx, &g->pos, umpire_map_get(doc, "retreats"), NULL, 0,
		NULL, o);
	if (!place)
		return;
	const struct umpire_node *unit = umpire_map_get(place, "unit");
	const struct umpire_node *at = umpire_map_get(place, "at");
	int i = find(ctx, &g->pos, side, unit, NULL, true,
		(struct place){ "place.unit", -1 });
	int sq = wwii_read_square(ctx, g, at, "place.at");
	if (i >= 0 && g->pos.where[side][i] >= 0) {
		umpire_node_error(ctx->diags, unit, "%s is placed already, on %s; "
			"place one of the %s units still to place (Setup, WW-5)",
			g->units[side][i].id, wwii_sq_name(ctx->arena, g,
			g->pos.where[side][i]), wwii_adj[side]);
		i = -1;
	}
	if (sq >= 0 && !wwii_in_setup(g, side, sq)) {
		umpire_node_error(ctx->diags, at, "%s is outside the %s' setup rows, "
			"%s: each player places his units on his back %d rows (Setup, "
			"WW-5)", at->u.s.ptr, wwii_sides[side],
			wwii_setup_ranks(ctx->arena, g, side), g->setup_rows);
		sq = -1;
	} else if (sq >= 0 && g->pos.at[sq] >= 0) {
		int ref = g->pos.at[sq];
		umpire_node_error(ctx->diags, at, "%s is held by %s; units may not "
			"stack (Setup)", at->u.s.ptr,
			g->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
		sq = -1;
	}
	o->place_unit = i;
	o->place_sq = sq;
}

/* --------------------------------------------------------------- turn */

static void
read_reinforce(struct umpire_ctx *ctx, struct wwii_pos *p,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *n = umpire_map_get(doc, "reinforce");
	const struct wwii_game *g = p->g;
	int side = g->to_move, turn = g->turns[side] + 1;
	bool due = wwii_reinforcement_due(g, turn);
	int own = due ? wwii_reinforce_rank(p, side) : 0;

	if (!n) {
		if (due && own)
			umpire_node_error(ctx->diags, doc, "a reinforcement is due at "
				"the %s' turn %d: add reinforce: {type: TYPE, at: SQUARE} "
				"(Reinforcements, WW-23)", wwii_sides[side], turn);
		return;
	}
	if (!g->opt.reinforcements) {
		umpire_node_error(ctx->diags, n, "reinforce: the reinforcements "
			"option is off in this game");
		return;
	}
	if (!due) {
		umpire_node_error(ctx->diags, n, "reinforce: no reinforcement is "
			"due at turn %d; one comes every third turn, the next at the %s' "
			"turn %d (Reinforcements, WW-23)", turn, wwii_sides[side],
			(turn / WWII_REINFORCE_EVERY + 1) * WWII_REINFORCE_EVERY);
		return;
	}
	if (!own) {
		umpire_node_error(ctx->diags, n, "reinforce: every square of the %s' "
			"setup rows is held, so the reinforcement of this turn is lost "
			"(Reinforcements, WW-23)", wwii_sides[side]);
		return;
	}
	const struct umpire_node *type = umpire_map_get(n, "type");
	const struct umpire_node *at = umpire_map_get(n, "at");
	const struct umpire_node *id = umpire_map_get(n, "id");
	int t = wwii_find_type(type->u.s.ptr), s;
	int sq = wwii_read_square(ctx, g, at, "reinforce.at");
	bool ok = sq >= 0;
	if (wwii_is_base(t)) {
		umpire_node_error(ctx->diags, type, "reinforce.type: a reinforcement "
			"is a non-base unit, and %s is a base (Reinforcements)",
			type->u.s.ptr);
		ok = false;
	}
	if (sq >= 0) {
		int rank = wwii_own_rank(g, side, wwii_square(g, sq).rank);
		int real = wwii_own_rank(g, side, own);
		if (rank != own) {
			if (own == 1)
				umpire_node_error(ctx->diags, at, "reinforce.at: reinforcement "
					"units start on a player's back row, rank %d "
					"(Reinforcements, WW-23)", real);
			else
				umpire_node_error(ctx->diags, at, "reinforce.at: the %s' back "
					"row is full, so the reinforcement starts on rank %d, the "
					"nearest setup row with a free square (Reinforcements, "
					"WW-23)", wwii_sides[side], real);
			ok = false;
		} else if (p->at[sq] >= 0) {
			int ref = p->at[sq];
			umpire_node_error(ctx->diags, at, "reinforce.at: %s is held by "
				"%s; units may not stack (Setup)", at->u.s.ptr,
				p->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
			ok = false;
		}
	}
	int nth = 1;
	const char *rid = id ? id->u.s.ptr : wwii_default_id(ctx->arena, g, side,
		(enum wwii_type)(t < 0 ? 0 : t), &nth, NULL, NULL);
	if (id && wwii_find_unit(g, rid, &s) >= 0) {
		umpire_node_error(ctx->diags, id, "reinforce.id: %s is the id of "
			"an %s unit already; give the reinforcement another",
			umpire_quote_str(ctx->diags, rid), wwii_adj[s]);
		ok = false;
	}
	if (!ok)
		return;
	struct wwii_unit u = { 0 };
	u.id = rid;
	u.type = (enum wwii_type)t;
	wwii_pos_add(p, side, &u, sq);
	o->reinforce = true;
	o->rtype = (enum wwii_type)t;
	o->rsq = sq;
	o->rid = rid;
}

/* The node of an attack's k-th target: target is one name or a list. */
static const struct umpire_node *
target_node(const struct wwii_attack *a, int k)
{
	const struct umpire_node *t = umpire_map_get(a->node, "target");

	return t->type == UMPIRE_SEQ ? t->u.seq.v[k] : t;
}

/*
 * An attack's targets: their names, each an enemy unit on the board as
 * the turn starts, at most WWII_MAX_TARGETS (the schema says so too,
 * but the array is bound here).  Returns false after an error.
 */
static bool
read_targets(struct umpire_ctx *ctx, const struct wwii_pos *p,
	const char *rid, struct wwii_attack *a)
{
	struct place at = { "attacks", a->index };
	const struct umpire_node *target = umpire_map_get(a->node, "target");
	size_t nt = target->type == UMPIRE_SEQ ? target->u.seq.n : 1;
	int side = p->g->to_move;
	bool ok = true;

	for (size_t j = 0; j < nt; j++) {
		const struct umpire_node *t = target->type == UMPIRE_SEQ ?
			target->u.seq.v[j] : target;
		if (j == WWII_MAX_TARGETS) {
			umpire_node_error(ctx->diags, t, "%s: an attack names at most "
				"%d targets (WW-10)", place_text(ctx->arena, at),
				WWII_MAX_TARGETS);
			return false;
		}
		int v = find(ctx, p, !side, t, rid, false, at);
		if (v < 0)
			ok = false;
		else
			a->targets[a->ntargets++] = v;
	}
	return ok;
}

/*
 * Unit a->unit cannot attack v, the first of its targets still on the
 * board when its attack comes: say why, of the position then, and what
 * earlier attack made it so (WW-10).
 */
static void
refuse_target(struct umpire_ctx *ctx, const struct wwii_fire *f,
	const struct wwii_attack *a, int k, const char *why)
{
	const struct wwii_pos *p = f->p;
	int enemy = !f->side, v = a->targets[k];
	int aa = p->units[f->side][a->unit].type == WWII_AIRFIELD ?
		wwii_protector(p, enemy, p->where[enemy][v]) : -1;
	/* Only the enemy's units retreat in this phase; the firing side's
	 * AA gun stands where the Move Phase left it. */
	int gun = aa >= 0 && wwii_ref_side(aa) == enemy ? wwii_ref_index(aa) : -1;
	int moved[2] = { v, gun != v ? gun : -1 };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	/* The target, or the AA gun that shields it, was forced back. */
	for (int m = 0; m < 2; m++)
		if (moved[m] >= 0 && f->forced_at[moved[m]] >= 0)
			umpire_buf_printf(&b, "; %s retreated to %s at attacks[%d]",
				p->units[enemy][moved[m]].id, wwii_sq_name(ctx->arena, p->g,
				p->where[enemy][moved[m]]), f->forced_at[moved[m]]);
	umpire_node_error(ctx->diags, target_node(a, k), "attacks[%d]: %s%s%s",
		a->index, why, umpire_buf_cstr(&b), b.len ? ", and each attack is "
		"judged on the position the attacks before it leave (WW-10)" : "");
	umpire_buf_free(&b);
}

/*
 * The Fire Phase played ahead on p, the position the moves leave, by
 * fire.c as resolve plays it: each attack is judged on the position the attacks
 * before it leave (WW-10).  A target destroyed earlier in the phase is
 * passed over for the next named, and an attack with none left is
 * spent; a target still on the board must be one the unit can attack
 * then.  Each attack costs what resolving it costs: the check stays
 * linear in the orders.
 */
static void
check_fire(struct umpire_ctx *ctx, struct wwii_pos *p,
	const struct wwii_orders *o)
{
	const struct wwii_game *g = p->g;
	struct wwii_fire f;
	char why[512];

	wwii_fire_begin(&f, p, g->to_move, ctx->step, g->deaths, ctx->arena,
		ctx->arena);
	/* Once the game is won, the rest is not carried out (WW-17,
	 * WW-19), so not judged either. */
	for (int j = 0; j < o->nattacks && !f.over; j++) {
		const struct wwii_attack *a = &o->attacks[j];
		int k = 0, v = wwii_fire_target(&f, a, &k);
		if (v < 0)
			continue;
		if (!wwii_can_attack(p, g->to_move, a->unit, v, why, sizeof(why))) {
			refuse_target(ctx, &f, a, k, why);
			continue;
		}
		wwii_fire_hit(&f, a->unit, v, a->index);
	}
}

static void
read_turn(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *moves = umpire_map_get(doc, "moves");
	const struct umpire_node *attacks = umpire_map_get(doc, "attacks");
	int side = g->to_move;
	struct wwii_pos p;
	char why[512];
	bool won = false;	/* by a move into the last city (WW-19) */

	wwii_pos_copy(&p, &g->pos, ctx->arena, side);
	read_reinforce(ctx, &p, doc, o);
	read_standing(ctx, &p, umpire_map_get(doc, "retreats"), NULL, 0, o->rid,
		o);

	/* The Move Phase, each move on the position the ones before leave;
	 * paratroopers' Move judged once, the reinforcement placed (WW-8). */
	int n = p.n[side];
	int *allow = wwii_allowances(ctx->arena, &p, side);
	unsigned char *moved = umpire_arena_alloc(ctx->arena, (size_t)n);
	unsigned char *fired = umpire_arena_alloc(ctx->arena, (size_t)n);
	size_t nm = moves ? moves->u.seq.n : 0, na = attacks ? attacks->u.seq.n : 0;
	o->moves = umpire_arena_alloc(ctx->arena, (nm + 1) * sizeof(*o->moves));
	o->attacks = umpire_arena_alloc(ctx->arena, (na + 1) * sizeof(*o->attacks));
	for (size_t k = 0; k < nm; k++) {
		const struct umpire_node *m = moves->u.seq.v[k];
		const struct umpire_node *unit = umpire_map_get(m, "unit");
		int i = find(ctx, &p, side, unit, o->rid, true,
			(struct place){ "moves", (long)k });
		int to = wwii_read_square(ctx, g, umpire_map_get(m, "to"),
			"moves[%zu].to", k);
		if (i < 0 || to < 0)
			continue;
		if (moved[i]) {
			umpire_node_error(ctx->diags, unit, "moves[%zu]: %s moved "
				"earlier in this turn; each unit moves once (Move Phase)", k,
				p.units[side][i].id);
			continue;
		}
		/* After the win, a move is not carried out, nor judged. */
		if (!won && !wwii_try_move(&p, side, i, to, allow[i], why,
		    sizeof(why))) {
			umpire_node_error(ctx->diags, m, "moves[%zu]: %s", k, why);
			continue;
		}
		won = won || wwii_takes_last_city(&p, side, to);
		moved[i] = 1;
		o->moves[o->nmoves++] = (struct wwii_move){ i, to, m };
	}

	/* The Fire Phase: the names and the once-only rules, then each
	 * attack where the attacks before it leave the units. */
	for (size_t k = 0; k < na; k++) {
		const struct umpire_node *at = attacks->u.seq.v[k];
		const struct umpire_node *unit = umpire_map_get(at, "unit");
		struct wwii_attack a = { .index = (int)k, .node = at };
		a.unit = find(ctx, &p, side, unit, o->rid, true,
			(struct place){ "attacks", (long)k });
		bool ok = read_targets(ctx, &p, o->rid, &a);
		if (a.unit < 0 || !ok)
			continue;
		const struct wwii_unit *u = &p.units[side][a.unit];
		if (fired[a.unit]) {
			umpire_node_error(ctx->diags, unit, "attacks[%zu]: %s attacked "
				"earlier in this turn; each unit attacks one target (Fire "
				"Phase)", k, u->id);
			continue;
		}
		if (u->type == WWII_AIRFIELD && moved[a.unit]) {
			umpire_node_error(ctx->diags, unit, "attacks[%zu]: %s moved this "
				"turn, and airfields cannot move & attack in the same turn "
				"(Fire Phase, WW-7)", k, u->id);
			continue;
		}
		fired[a.unit] = 1;
		o->attacks[o->nattacks++] = a;
	}
	if (!won)
		check_fire(ctx, &p, o);
}

/*
 * The orders failed their schema: look up the names in the well-formed
 * parts only, so a misspelt key does not hide a misspelt unit.
 */
static size_t
check_names(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc)
{
	size_t errors = ctx->diags->errors;
	int side = g->to_move;
	static const char *const lists[] = { "moves", "attacks" };
	const struct umpire_node *reinforce = umpire_map_get(doc, "reinforce");
	const char *rid = umpire_node_cstr(umpire_map_get(reinforce, "id"));
	const char *rtype = umpire_node_cstr(umpire_map_get(reinforce, "type"));
	struct wwii_pos p;

	/* The reinforcement is named as in a full check: its id, or else its
	 * type's default (WW-2, WW-23); p has room for it. */
	wwii_pos_copy(&p, &g->pos, ctx->arena, side);
	if (!rid && rtype && wwii_find_type(rtype) >= 0) {
		int nth = 1;
		rid = wwii_default_id(ctx->arena, g, side,
			(enum wwii_type)wwii_find_type(rtype), &nth, NULL, NULL);
	}
	if (rid)
		p.n[side]++;
	for (int l = 0; l < 2; l++) {
		const struct umpire_node *list = umpire_map_get(doc, lists[l]);
		for (size_t i = 0; list && list->type == UMPIRE_SEQ &&
		    i < list->u.seq.n; i++) {
			const struct umpire_node *n = list->u.seq.v[i];
			const struct umpire_node *unit = umpire_map_get(n, "unit");
			const struct umpire_node *target = umpire_map_get(n, "target");
			struct place where = { lists[l], (long)i };
			if (umpire_node_cstr(unit))
				find(ctx, &p, side, unit, rid, true, where);
			if (umpire_node_cstr(target))
				find(ctx, &p, !side, target, rid, false, where);
			for (size_t k = 0; target && target->type == UMPIRE_SEQ &&
			    k < target->u.seq.n; k++)
				if (umpire_node_cstr(target->u.seq.v[k]))
					find(ctx, &p, !side, target->u.seq.v[k], rid, false,
						where);
		}
	}
	const struct umpire_node *unit = umpire_map_get(umpire_map_get(doc,
		"place"), "unit");
	if (umpire_node_cstr(unit))
		find(ctx, &p, side, unit, NULL, true,
			(struct place){ "place.unit", -1 });
	return ctx->diags->errors - errors;
}

size_t
wwii_orders_read(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	size_t errors = ctx->diags->errors;

	memset(o, 0, sizeof(*o));
	o->kind = g->kind;
	o->place_unit = o->place_sq = o->rsq = -1;
	check_form(ctx, g, doc);
	if (ctx->diags->errors != errors)
		return ctx->diags->errors - errors;
	switch (g->kind) {
	case WWII_ARMY:
		read_army(ctx, g, doc, o);
		break;
	case WWII_PLACE:
		read_place(ctx, g, doc, o);
		break;
	case WWII_TURN:
		read_turn(ctx, g, doc, o);
		break;
	}
	return ctx->diags->errors - errors;
}

size_t
wwii_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders)
{
	const struct wwii_game *g = game;
	struct wwii_orders o;

	if (ctx->partial)
		return g->kind == WWII_ARMY ? 0 : check_names(ctx, g, orders);
	return wwii_orders_read(ctx, g, orders, &o);
}
