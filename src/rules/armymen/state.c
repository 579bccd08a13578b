/*
 * state.c - Army Men's scenario and state files.
 *
 * Both arrive valid under their schemas; what is checked here is what a
 * schema cannot say: numbers of inches with at most two decimals, ids
 * unique among units and blocks (a shot names either), blocks that are
 * rectangles, figures on the table and clear of each other, the cards
 * drawn, the awaited decision.
 *
 * Unit order is the file's: green's army, then tan's, the fallen after
 * the living.  Every question that goes through the units goes through
 * the living in that order, so a game read back from its state plays
 * exactly as the one that wrote it.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

static bool
read_len(struct umpire_ctx *ctx, const struct umpire_node *n, int32_t max,
	int32_t *out)
{
	long long v;

	if (umpire_node_fixed(n, 2, max, &v) < 0 || v < 0) {
		umpire_node_error(ctx->diags, n, "a length is inches with at most "
			"two decimals, from 0 to %s (TABLE-1)", am_len_text(NULL, max));
		return false;
	}
	*out = (int32_t)v;
	return true;
}

static bool
read_pt(struct umpire_ctx *ctx, const struct umpire_node *n,
	struct umpire_pt *out)
{
	int32_t v[2];

	for (int i = 0; i < 2; i++)
		if (!read_len(ctx, n->u.seq.v[i], UMPIRE_PLANE_MAX, &v[i]))
			return false;
	*out = (struct umpire_pt){ v[0], v[1] };
	return true;
}


/* --------------------------------------------------------------- blocks */

static void
read_blocks(struct umpire_ctx *ctx, struct am_game *g,
	const struct umpire_node *list)
{
	size_t n = list ? list->u.seq.n : 0;

	g->blocks = umpire_arena_alloc(g->arena, (n + 1) * sizeof(*g->blocks));
	for (size_t i = 0; i < n; i++) {
		const struct umpire_node *bn = list->u.seq.v[i];
		const struct umpire_node *corner = umpire_map_get(bn, "corner");
		const struct umpire_node *size = umpire_map_get(bn, "size");
		const struct umpire_node *corners = umpire_map_get(bn, "corners");
		const struct umpire_node *flat = umpire_map_get(bn, "flattened");
		struct am_block *b = &g->blocks[g->nblocks];
		const struct umpire_node *id = umpire_map_get(bn, "id");

		b->id = id ? umpire_arena_strdup(g->arena, id->u.s.ptr) :
			umpire_arena_printf(g->arena, "b%zu", i + 1);
		b->high = umpire_node_is_str(umpire_map_get(bn, "kind"), "high");
		b->flattened = flat && flat->u.b;
		if (b->flattened && b->high) {
			umpire_node_error(ctx->diags, flat, "a flattened block is "
				"low: kind: low");
			continue;
		}
		if (corner) {
			struct umpire_pt c;
			int32_t w, d;
			if (!read_pt(ctx, corner, &c) ||
			    !read_len(ctx, size->u.seq.v[0], UMPIRE_BOX_MAX, &w) ||
			    !read_len(ctx, size->u.seq.v[1], UMPIRE_BOX_MAX, &d))
				continue;
			b->rect = true;
			b->corner[0] = c;
			b->corner[1] = (struct umpire_pt){ c.x + w, c.y };
			b->corner[2] = (struct umpire_pt){ c.x + w, c.y + d };
			b->corner[3] = (struct umpire_pt){ c.x, c.y + d };
		} else {
			bool ok = true;
			for (int k = 0; k < 4; k++)
				ok = ok && read_pt(ctx, corners->u.seq.v[k], &b->corner[k]);
			if (!ok)
				continue;
		}
		int err = umpire_piece_rect(&b->piece, b->high ? AM_HIGH : AM_LOW,
			b->corner, (struct umpire_pt){ 0, 0 });
		if (err) {
			umpire_node_error(ctx->diags, bn, "block %s: %s; a block is a "
				"rectangle with sides longer than 0 (Terrain, AM-1)", b->id,
				umpire_geom_strerror(err));
			continue;
		}
		for (int k = 0; k < 4; k++)
			if (!umpire_table_holds(&g->table, b->corner[k])) {
				umpire_node_error(ctx->diags, bn, "block %s reaches %s, off "
					"the table (%s by %s inches)", b->id,
					am_pt_text(ctx->arena, b->corner[k]),
					am_len_text(ctx->arena, g->width),
					am_len_text(ctx->arena, g->depth));
				break;
			}
		g->nblocks++;
	}
}

/* ---------------------------------------------------------------- units */

static void
read_unit(struct umpire_ctx *ctx, struct am_game *g, int side,
	const struct umpire_node *n, bool fallen)
{
	struct am_unit *u = &g->units[g->nunits];
	const struct umpire_node *v;

	memset(u, 0, sizeof(*u));
	u->side = side;
	v = umpire_map_get(n, "id");
	u->id = v ? umpire_arena_strdup(g->arena, v->u.s.ptr) :
		umpire_arena_printf(g->arena, "%c%d", am_sides[side][0],
		g->nunits + 1);
	u->tank = (v = umpire_map_get(n, "tank")) && v->u.b;
	u->leader = (v = umpire_map_get(n, "leader")) && v->u.b;
	u->pinned = (v = umpire_map_get(n, "pinned")) && v->u.b;
	u->dead = fallen || ((v = umpire_map_get(n, "destroyed")) && v->u.b);
	if ((v = umpire_map_get(n, "step")))
		u->died = (long)v->u.i;
	if ((v = umpire_map_get(n, "by")))
		u->by = umpire_arena_strdup(g->arena, v->u.s.ptr);
	if ((v = umpire_map_get(n, "weapon")))
		u->weapon = am_find_weapon(v->u.s.ptr);
	if (!read_pt(ctx, umpire_map_get(n, "at"), &u->at))
		return;
	if (u->tank) {
		const struct umpire_node *f = umpire_map_get(n, "facing");
		const struct umpire_node *size = umpire_map_get(n, "size");
		long long fx = f->u.seq.v[0]->u.i, fy = f->u.seq.v[1]->u.i;
		if ((fx == 0 && fy == 0) || fx < -UMPIRE_PLANE_MAX ||
		    fx > UMPIRE_PLANE_MAX || fy < -UMPIRE_PLANE_MAX ||
		    fy > UMPIRE_PLANE_MAX) {
			umpire_node_error(ctx->diags, f, "a facing is a direction of "
				"whole numbers, not [0, 0], each within 16384 (AM-4)");
			return;
		}
		u->facing = am_lowest((struct umpire_pt){ (int32_t)fx, (int32_t)fy });
		u->length = AM_DEFAULT_TANK_LENGTH;
		u->width = AM_DEFAULT_TANK_WIDTH;
		if (size && (!read_len(ctx, size->u.seq.v[0], UMPIRE_BOX_MAX,
		    &u->length) || !read_len(ctx, size->u.seq.v[1], UMPIRE_BOX_MAX,
		    &u->width)))
			return;
		if (u->length < u->width || u->width < 1) {
			umpire_node_error(ctx->diags, size, "a tank is at least as "
				"long as it is wide, and wider than 0 (AM-4)");
			return;
		}
		struct umpire_piece hull;
		int err = am_hull(&hull, u, u->at, u->facing);
		if (err) {
			umpire_node_error(ctx->diags, n, "tank %s: %s", u->id,
				umpire_geom_strerror(err));
			return;
		}
	}
	g->nunits++;
}

/*
 * What holds of any position: ids unique, every figure on the table,
 * soldiers not on each other, not inside high blocks or hulls, hulls
 * clear of blocks and of each other (AM-3, AM-4, AM-8).
 */
static void
check_position(struct umpire_ctx *ctx, struct am_game *g,
	const struct umpire_node **nodes)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		const struct umpire_node *n = nodes[i];
		for (int j = 0; j < i; j++)
			if (strcmp(g->units[j].id, u->id) == 0)
				umpire_node_error(ctx->diags, n, "two units are called "
					"'%s'; give each its own id", u->id);
		if (am_find_block(g, u->id) >= 0)
			umpire_node_error(ctx->diags, n, "'%s' is a block's id too; a "
				"shot names either, so give each its own", u->id);
		if (!umpire_table_holds(&g->table, u->at))
			umpire_node_error(ctx->diags, n, "%s stands at %s, off the "
				"table (%s by %s inches)", u->id, am_pt_text(ctx->arena,
				u->at), am_len_text(ctx->arena, g->width),
				am_len_text(ctx->arena, g->depth));
		if (u->tank || u->dead)
			continue;
		struct umpire_figure f = am_figure(g, i);
		for (int j = 0; j < i; j++) {
			if (!am_soldier_up(&g->units[j]))
				continue;
			struct umpire_figure e = am_figure(g, j);
			if (umpire_figure_cmp(&f, &e, UMPIRE_CENTRES, g->base) < 0)
				umpire_node_error(ctx->diags, n, "%s stands on %s's base "
					"(AM-8)", u->id, g->units[j].id);
		}
		for (size_t k = 0; k < g->table.npieces; k++) {
			const struct umpire_piece *p = &g->table.piece[k];
			if (p->kind != AM_LOW && umpire_piece_near(p, u->at, u->at,
			    g->base))
				umpire_node_error(ctx->diags, n, "%s stands on %s; soldiers "
					"stand clear of high blocks and tanks (AM-8)", u->id,
					(int)k < g->nblocks ? g->blocks[k].id : "a tank");
		}
	}
	for (int i = 0; i < g->nunits; i++) {
		if (g->hull_of[i] < 0)
			continue;
		const struct umpire_piece *h = &g->table.piece[g->hull_of[i]];
		for (int k = 0; k < h->n; k++)
			if (!umpire_table_holds(&g->table, h->corner[k])) {
				umpire_node_error(ctx->diags, nodes[i], "tank %s's hull "
					"reaches off the table (AM-10)", g->units[i].id);
				break;
			}
		for (int k = 0; k < g->hull_of[i]; k++)
			if (umpire_piece_overlap(h, &g->table.piece[k]))
				umpire_node_error(ctx->diags, nodes[i], "tank %s stands "
					"on %s (AM-10)", g->units[i].id, k < g->nblocks ?
					g->blocks[k].id : "another tank");
	}
}

/* What the scenario and the state share: the table, the rules' numbers,
 * the blocks and both armies. */
static struct am_game *
read_game(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *doc)
{
	struct am_game *g = umpire_arena_alloc(ga, sizeof(*g));
	const struct umpire_node *table = umpire_map_get(doc, "table");
	const struct umpire_node *armies = umpire_map_get(doc, "armies");
	const struct umpire_node *fallen = umpire_map_get(doc, "fallen");
	const struct umpire_node *v;
	size_t errors = ctx->diags->errors;

	g->arena = ga;
	g->to_move = -1;
	g->base = AM_DEFAULT_BASE;
	g->turns = AM_DEFAULT_TURNS;
	g->points_soldier = 1;
	g->points_tank = 3;
	g->turn = 1;
	if (!read_len(ctx, umpire_map_get(table, "width"), UMPIRE_TABLE_SIDE_MAX,
	    &g->width) || !read_len(ctx, umpire_map_get(table, "depth"),
	    UMPIRE_TABLE_SIDE_MAX, &g->depth))
		return NULL;
	if (g->width < 1 || g->depth < 1) {
		umpire_node_error(ctx->diags, table, "a table is wider and deeper "
			"than 0");
		return NULL;
	}
	g->table = (struct umpire_table){ g->width, g->depth, NULL, 0 };
	if ((v = umpire_map_get(doc, "base")) && !read_len(ctx, v,
	    UMPIRE_BASE_MAX, &g->base))
		return NULL;
	if ((v = umpire_map_get(doc, "turns")))
		g->turns = (int)v->u.i;
	if ((v = umpire_map_get(doc, "points"))) {
		const struct umpire_node *p;
		if ((p = umpire_map_get(v, "soldier")))
			g->points_soldier = (int)p->u.i;
		if ((p = umpire_map_get(v, "tank")))
			g->points_tank = (int)p->u.i;
	}
	read_blocks(ctx, g, umpire_map_get(doc, "blocks"));

	size_t total = 0;
	for (int s = 0; s < 2; s++) {
		total += umpire_map_get(armies, am_sides[s])->u.seq.n;
		if (fallen)
			total += umpire_map_get(fallen, am_sides[s])->u.seq.n;
	}
	g->units = umpire_arena_alloc(ga, (total + 1) * sizeof(*g->units));
	const struct umpire_node **nodes = umpire_arena_alloc(ctx->arena,
		(total + 1) * sizeof(*nodes));
	for (int pass = 0; pass < (fallen ? 2 : 1); pass++)
		for (int s = 0; s < 2; s++) {
			const struct umpire_node *list = umpire_map_get(pass ? fallen :
				armies, am_sides[s]);
			for (size_t i = 0; list && i < list->u.seq.n; i++) {
				nodes[g->nunits] = list->u.seq.v[i];
				read_unit(ctx, g, s, list->u.seq.v[i], pass);
			}
		}
	if (ctx->diags->errors != errors)
		return NULL;
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nunits; i++) {
			const struct am_unit *u = &g->units[i];
			if (u->side == s && !u->tank && u->weapon >= AM_CARRIED)
				umpire_node_error(ctx->diags, nodes[i], "%s carries a %s; a "
					"soldier's weapon is one of the Weapons table", u->id,
					am_weapons[u->weapon].name);
		}
	am_table_build(g);
	check_position(ctx, g, nodes);
	return ctx->diags->errors == errors ? g : NULL;
}

static void
tell_setup(struct umpire_ctx *ctx, const struct am_game *g, const char *title)
{
	struct umpire_report *r = ctx->report;
	int soldiers[2] = { 0, 0 }, tanks[2] = { 0, 0 }, high = 0;

	for (int i = 0; i < g->nunits; i++) {
		soldiers[g->units[i].side] += !g->units[i].tank;
		tanks[g->units[i].side] += g->units[i].tank;
	}
	for (int i = 0; i < g->nblocks; i++)
		high += g->blocks[i].high;
	umpire_report_title(r, "Step 0: set-up");
	umpire_report_printf(r, "%s, on a table %s by %s inches with %d high "
		"and %d low blocks (Terrain).", title ? title : "Army Men",
		am_len_text(ctx->arena, g->width), am_len_text(ctx->arena,
		g->depth), high, g->nblocks - high);
	for (int s = 0; s < 2; s++)
		umpire_report_printf(r, " %s has %d soldier%s%s.", am_Sides[s],
			soldiers[s], soldiers[s] == 1 ? "" : "s", tanks[s] ?
			umpire_arena_printf(ctx->arena, " and %d tank%s", tanks[s],
			tanks[s] == 1 ? "" : "s") : "");
	umpire_report_printf(r, " The game lasts %d turn%s, or until a side has "
		"no soldier or tank left; casualty points: %d a soldier, %d a tank "
		"(AM-20).\n", g->turns, g->turns == 1 ? "" : "s",
		g->points_soldier, g->points_tank);
}

void *
am_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario)
{
	struct am_game *g = read_game(ga, ctx, scenario);

	if (!g)
		return NULL;
	tell_setup(ctx, g, umpire_node_cstr(umpire_map_get(scenario, "title")));
	am_draw(ctx, g);
	umpire_report_headline(ctx->report, "Turn 1 begins: %s.",
		am_card_title(g->drawn[0]));
	return g;
}

void *
am_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state)
{
	struct am_game *g = read_game(ga, ctx, state);
	const struct umpire_node *cards = umpire_map_get(state, "cards");
	size_t errors = ctx->diags->errors;

	if (!g)
		return NULL;
	g->turn = (int)umpire_map_get(state, "turn")->u.i;
	for (size_t i = 0; i < cards->u.seq.n; i++) {
		const struct umpire_node *c = cards->u.seq.v[i];
		int card = am_find_card(c->u.s.ptr);
		for (int j = 0; j < g->ndrawn; j++)
			if (g->drawn[j] == card)
				umpire_node_error(ctx->diags, c, "%s is drawn twice in one "
					"turn; the deck has one of each card", c->u.s.ptr);
		g->drawn[g->ndrawn++] = card;
	}
	if (g->turn > g->turns)
		umpire_node_error(ctx->diags, umpire_map_get(state, "turn"), "turn "
			"%d is past the last, %d (AM-20)", g->turn, g->turns);
	if (ctx->awaiting) {
		const struct umpire_node *t = umpire_map_get(ctx->awaiting, "turn");
		const struct umpire_node *c = umpire_map_get(ctx->awaiting, "card");
		int card = g->drawn[g->ndrawn - 1];
		g->to_move = card / AM_ACTIONS;
		if (strcmp(ctx->awaited.player, am_sides[g->to_move]) != 0 ||
		    strcmp(ctx->awaited.kind, am_actions[card % AM_ACTIONS]) != 0 ||
		    t->u.i != g->turn || c->u.i != g->ndrawn)
			umpire_node_error(ctx->diags, ctx->awaiting, "awaiting: the card "
				"drawn last is %s, card %d of turn %d: awaiting is {player: "
				"%s, kind: %s, turn: %d, card: %d}", am_card_name(card),
				g->ndrawn, g->turn, am_sides[g->to_move],
				am_actions[card % AM_ACTIONS], g->turn, g->ndrawn);
	} else if (!ctx->result->over) {
		umpire_node_error(ctx->diags, state, "a game is awaiting a decision "
			"or over");
	}
	return ctx->diags->errors == errors ? g : NULL;
}

/* ------------------------------------------------------------- encode */

static struct umpire_node *
unit_node(struct umpire_arena *a, const struct am_unit *u)
{
	struct umpire_node *n = umpire_node_map(a, true);

	umpire_map_add(a, n, "id", umpire_node_str(a, u->id));
	if (u->tank) {
		umpire_map_add(a, n, "tank", umpire_node_bool(a, true));
	} else {
		umpire_map_add(a, n, "weapon", umpire_node_str(a,
			am_weapons[u->weapon].name));
		if (u->leader)
			umpire_map_add(a, n, "leader", umpire_node_bool(a, true));
	}
	umpire_map_add(a, n, "at", am_pt_node(a, u->at));
	if (u->tank) {
		struct umpire_node *f = umpire_map_add(a, n, "facing",
			umpire_node_seq(a, true));
		umpire_seq_add(a, f, umpire_node_int(a, u->facing.x));
		umpire_seq_add(a, f, umpire_node_int(a, u->facing.y));
		if (u->length != AM_DEFAULT_TANK_LENGTH ||
		    u->width != AM_DEFAULT_TANK_WIDTH) {
			struct umpire_node *s = umpire_map_add(a, n, "size",
				umpire_node_seq(a, true));
			umpire_seq_add(a, s, umpire_node_fixed_new(a, u->length, 2));
			umpire_seq_add(a, s, umpire_node_fixed_new(a, u->width, 2));
		}
		if (u->dead)
			umpire_map_add(a, n, "destroyed", umpire_node_bool(a, true));
	} else if (u->pinned && !u->dead) {
		umpire_map_add(a, n, "pinned", umpire_node_bool(a, true));
	}
	if (u->dead) {
		umpire_map_add(a, n, "step", umpire_node_int(a, u->died));
		if (u->by)
			umpire_map_add(a, n, "by", umpire_node_str(a, u->by));
	}
	return n;
}

static struct umpire_node *
block_node(struct umpire_arena *a, const struct am_block *b)
{
	struct umpire_node *n = umpire_node_map(a, true);

	umpire_map_add(a, n, "id", umpire_node_str(a, b->id));
	umpire_map_add(a, n, "kind", umpire_node_str(a, b->high ? "high" :
		"low"));
	if (b->rect) {
		umpire_map_add(a, n, "corner", am_pt_node(a, b->corner[0]));
		struct umpire_node *s = umpire_map_add(a, n, "size",
			umpire_node_seq(a, true));
		umpire_seq_add(a, s, umpire_node_fixed_new(a,
			b->corner[2].x - b->corner[0].x, 2));
		umpire_seq_add(a, s, umpire_node_fixed_new(a,
			b->corner[2].y - b->corner[0].y, 2));
	} else {
		struct umpire_node *c = umpire_map_add(a, n, "corners",
			umpire_node_seq(a, true));
		for (int k = 0; k < 4; k++)
			umpire_seq_add(a, c, am_pt_node(a, b->corner[k]));
	}
	if (b->flattened)
		umpire_map_add(a, n, "flattened", umpire_node_bool(a, true));
	return n;
}

void
am_encode(struct umpire_ctx *ctx, const void *game, struct umpire_node *state)
{
	const struct am_game *g = game;
	struct umpire_arena *a = ctx->arena;

	if (g->to_move >= 0) {
		umpire_map_add(a, ctx->tail, "turn", umpire_node_int(a, g->turn));
		umpire_map_add(a, ctx->tail, "card", umpire_node_int(a, g->ndrawn));
	}
	umpire_map_add(a, state, "turn", umpire_node_int(a, g->turn));
	struct umpire_node *cards = umpire_map_add(a, state, "cards",
		umpire_node_seq(a, true));
	for (int i = 0; i < g->ndrawn; i++)
		umpire_seq_add(a, cards, umpire_node_str(a,
			am_card_name(g->drawn[i])));
	umpire_map_add(a, state, "turns", umpire_node_int(a, g->turns));
	struct umpire_node *pts = umpire_map_add(a, state, "points",
		umpire_node_map(a, true));
	umpire_map_add(a, pts, "soldier", umpire_node_int(a, g->points_soldier));
	umpire_map_add(a, pts, "tank", umpire_node_int(a, g->points_tank));
	struct umpire_node *table = umpire_map_add(a, state, "table",
		umpire_node_map(a, true));
	umpire_map_add(a, table, "width", umpire_node_fixed_new(a, g->width, 2));
	umpire_map_add(a, table, "depth", umpire_node_fixed_new(a, g->depth, 2));
	umpire_map_add(a, state, "base", umpire_node_fixed_new(a, g->base, 2));
	struct umpire_node *blocks = umpire_map_add(a, state, "blocks",
		umpire_node_seq(a, false));
	for (int i = 0; i < g->nblocks; i++)
		umpire_seq_add(a, blocks, block_node(a, &g->blocks[i]));
	struct umpire_node *armies = umpire_map_add(a, state, "armies",
		umpire_node_map(a, false));
	struct umpire_node *fallen = umpire_node_map(a, false);
	for (int s = 0; s < 2; s++) {
		struct umpire_node *live = umpire_map_add(a, armies, am_sides[s],
			umpire_node_seq(a, false));
		struct umpire_node *dead = umpire_map_add(a, fallen, am_sides[s],
			umpire_node_seq(a, false));
		for (int i = 0; i < g->nunits; i++) {
			const struct am_unit *u = &g->units[i];
			if (u->side == s && (u->tank || !u->dead))
				umpire_seq_add(a, live, unit_node(a, u));
		}
		int *order = umpire_arena_alloc(a, ((size_t)g->nunits + 1) *
			sizeof(int));
		int n = am_fallen(g, s, order);
		for (int i = 0; i < n; i++)
			umpire_seq_add(a, dead, unit_node(a, &g->units[order[i]]));
	}
	umpire_map_add(a, state, "fallen", fallen);
}
