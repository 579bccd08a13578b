/*
 * orders.c - reading and checking the orders of the three decisions:
 * an army, the placing of one unit, and a turn.
 *
 * One schema holds every form; here the form must match the decision
 * awaited (WW-25).  A turn is checked as it will be carried out: the
 * reinforcement first, then each move in the order given on a copy of
 * the position, then each attack against the position the moves leave
 * (WW-10).  Every problem is reported at its place, with the rule.
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
 * A unit of side named by n: its index in p, or -1 after an error.  The
 * reinforcement of this turn, not yet in the game's index, is extra.
 */
static int
find(struct umpire_ctx *ctx, const struct wwii_pos *p, int side,
	const struct umpire_node *n, const char *extra, bool own)
{
	const struct wwii_game *g = p->g;
	const char *id = n->u.s.ptr;
	int s, i = wwii_find_unit(g, id, &s);

	if (i < 0 && extra && strcmp(id, extra) == 0) {
		s = side;
		i = p->n[side] - 1;
	}
	if (i < 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, id);
		for (int j = 0; j < g->nunits[side]; j++)
			if (!g->units[side][j].destroyed)
				umpire_suggest_add(&sg, g->units[side][j].id);
		if (extra)
			umpire_suggest_add(&sg, extra);
		umpire_node_error(ctx->diags, n, "the %s have no unit called "
			"'%s'%s", wwii_sides[side], id, umpire_suggest_hint(&sg));
		return -1;
	}
	if (s != side) {
		if (own)
			umpire_node_error(ctx->diags, n, "%s is an %s unit; the %s' "
				"orders command %s units", id, wwii_adj[s],
				wwii_sides[!s], wwii_adj[!s]);
		else
			umpire_node_error(ctx->diags, n, "%s is one of the %s' own "
				"units; attack an %s unit", id, wwii_sides[s],
				wwii_adj[!s]);
		return -1;
	}
	if (i < g->nunits[s] && g->units[s][i].destroyed) {
		umpire_node_error(ctx->diags, n, "%s was destroyed at step %ld and "
			"is out of the game", id, g->units[s][i].died);
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
					"has no unit called '%s'%s", pr->key->u.s.ptr,
					umpire_suggest_hint(&sg));
				continue;
			}
		} else if ((i = find(ctx, p, side, pr->key, extra, true)) < 0) {
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
	if (wwii_read_recruits(ctx, g, side, army, &o->army, &o->narmy) == 0)
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
	int i = find(ctx, &g->pos, side, unit, NULL, true);
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
			"ranks %d to %d: each player places his units on his back %d "
			"rows (Setup, WW-5)", at->u.s.ptr, wwii_sides[side],
			side == WWII_ALLIES ? 1 : g->grid.ranks - g->setup_rows + 1,
			side == WWII_ALLIES ? g->setup_rows : g->grid.ranks,
			g->setup_rows);
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

/*
 * The own rank, counted from the back row, where a reinforcement may
 * start: the back row, or the nearest setup row with a free square
 * (WW-23); 0 if every square of the setup rows is held.
 */
static int
reinforce_rank(const struct wwii_pos *p, int side)
{
	const struct wwii_game *g = p->g;

	for (int own = 1; own <= g->setup_rows; own++) {
		int rank = side == WWII_ALLIES ? own : g->grid.ranks + 1 - own;
		for (int f = 1; f <= g->grid.files; f++)
			if (p->at[umpire_grid_index(&g->grid,
			    (struct umpire_square){ f, rank })] < 0)
				return own;
	}
	return 0;
}

static void
read_reinforce(struct umpire_ctx *ctx, struct wwii_pos *p,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *n = umpire_map_get(doc, "reinforce");
	const struct wwii_game *g = p->g;
	int side = g->to_move, turn = g->turns[side] + 1;
	bool due = wwii_reinforcement_due(g, turn);
	int own = due ? reinforce_rank(p, side) : 0;

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
		int real = side == WWII_ALLIES ? own : g->grid.ranks + 1 - own;
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
	const char *rid = id ? id->u.s.ptr : wwii_default_id(ctx->arena, g, side,
		(enum wwii_type)(t < 0 ? 0 : t), 1);
	if (id && wwii_find_unit(g, rid, &s) >= 0) {
		umpire_node_error(ctx->diags, id, "reinforce.id: '%s' is the id of "
			"an %s unit already; give the reinforcement another",
			rid, wwii_adj[s]);
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

static void
read_turn(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o)
{
	const struct umpire_node *moves = umpire_map_get(doc, "moves");
	const struct umpire_node *attacks = umpire_map_get(doc, "attacks");
	int side = g->to_move;
	struct wwii_pos p;
	char why[512];

	wwii_pos_copy(&p, &g->pos, ctx->arena, side);
	read_reinforce(ctx, &p, doc, o);
	read_standing(ctx, &p, umpire_map_get(doc, "retreats"), NULL, 0, o->rid,
		o);

	/* Paratroopers: Move 4 if next to a friendly airfield as the turn
	 * starts, the reinforcement placed (WW-8). */
	int n = p.n[side];
	int *allow = umpire_arena_alloc(ctx->arena, (size_t)n * sizeof(int));
	unsigned char *moved = umpire_arena_alloc(ctx->arena, (size_t)n);
	unsigned char *fired = umpire_arena_alloc(ctx->arena, (size_t)n);
	for (int i = 0; i < n; i++) {
		allow[i] = wwii_types[p.units[side][i].type].move;
		if (p.units[side][i].type == WWII_PARATROOPERS &&
		    p.where[side][i] >= 0 &&
		    wwii_next_to_airfield(&p, side, p.where[side][i]))
			allow[i] = 4;
	}

	size_t nm = moves ? moves->u.seq.n : 0, na = attacks ? attacks->u.seq.n : 0;
	o->moves = umpire_arena_alloc(ctx->arena, (nm + 1) * sizeof(*o->moves));
	o->attacks = umpire_arena_alloc(ctx->arena, (na + 1) * sizeof(*o->attacks));
	for (size_t k = 0; k < nm; k++) {
		const struct umpire_node *m = moves->u.seq.v[k];
		const struct umpire_node *unit = umpire_map_get(m, "unit");
		int i = find(ctx, &p, side, unit, o->rid, true);
		int to = wwii_read_square(ctx, g, umpire_map_get(m, "to"),
			umpire_arena_printf(ctx->arena, "moves[%zu].to", k));
		if (i < 0 || to < 0)
			continue;
		if (moved[i]) {
			umpire_node_error(ctx->diags, unit, "moves[%zu]: %s moved earlier "
				"in this turn; each unit moves once (Move Phase)", k,
				p.units[side][i].id);
			continue;
		}
		if (!wwii_try_move(&p, side, i, to, allow[i], why, sizeof(why))) {
			umpire_node_error(ctx->diags, m, "moves[%zu]: %s", k, why);
			continue;
		}
		moved[i] = 1;
		o->moves[o->nmoves++] = (struct wwii_move){ i, to, m };
	}
	for (size_t k = 0; k < na; k++) {
		const struct umpire_node *at = attacks->u.seq.v[k];
		const struct umpire_node *unit = umpire_map_get(at, "unit");
		const struct umpire_node *target = umpire_map_get(at, "target");
		struct wwii_attack a = { .node = at };
		bool ok = true;
		a.unit = find(ctx, &p, side, unit, o->rid, true);
		size_t nt = target->type == UMPIRE_SEQ ? target->u.seq.n : 1;
		for (size_t j = 0; j < nt; j++) {
			const struct umpire_node *t = target->type == UMPIRE_SEQ ?
				target->u.seq.v[j] : target;
			int v = find(ctx, &p, !side, t, NULL, false);
			if (v < 0) {
				ok = false;
				continue;
			}
			if (a.unit >= 0 && !wwii_can_attack(&p, side, a.unit, v, why,
			    sizeof(why))) {
				umpire_node_error(ctx->diags, t, "attacks[%zu]: %s", k, why);
				ok = false;
				continue;
			}
			a.targets[a.ntargets++] = v;
		}
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

	for (int l = 0; l < 2; l++) {
		const struct umpire_node *list = umpire_map_get(doc, lists[l]);
		for (size_t i = 0; list && list->type == UMPIRE_SEQ &&
		    i < list->u.seq.n; i++) {
			const struct umpire_node *n = list->u.seq.v[i];
			const struct umpire_node *unit = umpire_map_get(n, "unit");
			const struct umpire_node *target = umpire_map_get(n, "target");
			if (umpire_node_cstr(unit))
				find(ctx, &g->pos, side, unit, NULL, true);
			if (umpire_node_cstr(target))
				find(ctx, &g->pos, !side, target, NULL, false);
			for (size_t k = 0; target && target->type == UMPIRE_SEQ &&
			    k < target->u.seq.n; k++)
				if (umpire_node_cstr(target->u.seq.v[k]))
					find(ctx, &g->pos, !side, target->u.seq.v[k], NULL,
						false);
		}
	}
	const struct umpire_node *unit = umpire_map_get(umpire_map_get(doc,
		"place"), "unit");
	if (umpire_node_cstr(unit))
		find(ctx, &g->pos, side, unit, NULL, true);
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
