/*
 * bot.c - random legal orders for the card drawn (umpire-armymen(7),
 * "The bot").  Each unit in the army's order, on a copy of the table
 * that the orders before it changed:
 *
 *   Moves     3 in 4 soldiers try to move: half of them towards the
 *             nearest enemy soldier, stopping 3.5 inches short, the rest
 *             in one of 16 directions, 1 to 6 inches, shorter if that
 *             is not legal (4 tries); a tank drives straight ahead 2 to
 *             12 inches, or turns up to 90 degrees and drives 1 to 6.
 *   Fires     every unpinned soldier fires at a target drawn uniformly
 *             from those his weapon can hit (a hand grenade instead, half
 *             the time, when one is in reach); each tank gun likewise.
 *   Assaults  every unpinned soldier with an enemy soldier within 6
 *             inches assaults one of them, half the time.
 *   Rallies   every pinned soldier, leaders first.
 *
 * Every order is checked by plan.c before it is written, so the orders
 * pass the check; the tests hold the bot to it over whole games.
 */
#include <string.h>

#include "armymen.h"

/* The 16 directions a move or a facing is chosen from: geom's. */
static const struct umpire_pt *const dirs = umpire_plane_dirs;

static unsigned
below(struct umpire_rng *rng, unsigned n)
{
	return (unsigned)umpire_rng_below(rng, n);
}

static struct umpire_node *
order_node(struct umpire_arena *a, struct umpire_node *list, const char *id)
{
	struct umpire_node *n = umpire_seq_add(a, list, umpire_node_map(a, true));

	umpire_map_add(a, n, "unit", umpire_node_str(a, id));
	return n;
}

static int
nearest_enemy(const struct am_game *g, int u, int64_t *d2)
{
	int best = -1;

	for (int v = 0; v < g->nunits; v++) {
		if (g->units[v].side == g->units[u].side ||
		    !am_soldier_up(&g->units[v]))
			continue;
		int64_t d = umpire_dist2(g->units[u].at, g->units[v].at);
		if (best < 0 || d < *d2) {
			best = v;
			*d2 = d;
		}
	}
	return best;
}

static void
move_soldier(struct umpire_ctx *ctx, struct am_game *c, int u,
	struct umpire_rng *rng, struct umpire_node *list)
{
	struct am_unit *m = &c->units[u];
	struct am_move_plan plan;
	char why[256];
	int64_t d2 = 0;
	int e = nearest_enemy(c, u, &d2);
	struct umpire_pt wp[2] = { m->at, m->at };
	bool towards = e >= 0 && below(rng, 2);
	unsigned dir = below(rng, UMPIRE_PLANE_DIRS);
	int64_t inches = 1 + below(rng, 6);

	for (int tries = 0; tries < 4; tries++) {
		if (towards) {
			struct umpire_pt d = umpire_pt_sub(c->units[e].at, m->at);
			int64_t len = (int64_t)umpire_exact_isqrt((uint64_t)d2);
			int64_t go = len - c->base - 350;
			if (go > AM_MOVE)
				go = AM_MOVE;
			go = go * (4 - tries) / 4;
			if (go <= 0 || len == 0)
				return;
			wp[1].x = m->at.x + (int32_t)(d.x * go / len);
			wp[1].y = m->at.y + (int32_t)(d.y * go / len);
		} else {
			int64_t k = inches * (4 - tries) / 4;
			if (k <= 0)
				return;
			wp[1].x = m->at.x + (int32_t)(dirs[dir].x * k);
			wp[1].y = m->at.y + (int32_t)(dirs[dir].y * k);
		}
		if (umpire_plane_on(wp[1]) && !umpire_pt_eq(wp[0], wp[1]) &&
		    am_soldier_move(c, u, wp, 2, &plan, why, sizeof(why))) {
			struct umpire_node *n = order_node(ctx->arena, list, m->id);
			struct umpire_node *path = umpire_map_add(ctx->arena, n, "path",
				umpire_node_seq(ctx->arena, true));
			umpire_seq_add(ctx->arena, path, am_pt_node(ctx->arena, wp[1]));
			m->at = wp[1];
			return;
		}
	}
}

static void
move_tank(struct umpire_ctx *ctx, struct am_game *c, int u,
	struct umpire_rng *rng, struct umpire_node *list)
{
	struct am_unit *m = &c->units[u];
	struct am_drive d;
	struct am_drive_plan plan;
	char why[256];
	struct umpire_arena *a = ctx->arena;

	for (int tries = 0; tries < 4; tries++) {
		memset(&d, 0, sizeof(d));
		if (below(rng, 2)) {
			/* Straight ahead: a whole multiple of the facing. */
			int64_t flen = (int64_t)umpire_exact_isqrt_up((uint64_t)
				umpire_dot(m->facing, m->facing));
			int64_t want = 200 + below(rng, 1001);
			int64_t k = want / flen;
			if (k < 1)
				continue;
			d.has_to = true;
			d.to = (struct umpire_pt){ m->at.x + (int32_t)(m->facing.x * k),
				m->at.y + (int32_t)(m->facing.y * k) };
		} else {
			/* Turn to one of the directions within 90 degrees. */
			struct umpire_pt f = dirs[below(rng, UMPIRE_PLANE_DIRS)];
			if (umpire_dot(f, m->facing) < 0)
				f = (struct umpire_pt){ -f.x, -f.y };
			int64_t k = 1 + below(rng, 5);
			d.has_via = true;
			d.via = m->at;
			d.has_to = true;
			d.to = (struct umpire_pt){ m->at.x + (int32_t)(f.x * k),
				m->at.y + (int32_t)(f.y * k) };
		}
		if (!umpire_plane_on(d.to) || !am_tank_move(c, u, &d, &plan, why,
		    sizeof(why)))
			continue;
		struct umpire_node *n = order_node(a, list, m->id);
		if (d.has_via)
			umpire_map_add(a, n, "via", am_pt_node(a, d.via));
		umpire_map_add(a, n, "to", am_pt_node(a, d.to));
		m->at = plan.at;
		m->facing = plan.facing;
		am_table_build(c);
		return;
	}
}

/*
 * Fire weapon w of unit u at a random target it can hit, if any: the
 * enemy units in a random order, the first that can be hit.  That is a
 * uniform draw among them, and on a crowded table it asks a few lines of
 * sight a firer rather than one for every enemy.
 */
static bool
fire_one(struct umpire_ctx *ctx, struct am_game *c, int u, enum am_weapon w,
	bool forward, const char *with, struct umpire_rng *rng,
	struct umpire_node *list)
{
	struct am_shot shot;
	char why[256];
	int *order = umpire_arena_alloc(ctx->arena, ((size_t)c->nunits + 1) *
		sizeof(int));
	int n = 0, v = -1;

	for (int e = 0; e < c->nunits; e++)
		if (c->units[e].side != c->units[u].side && !c->units[e].dead)
			order[n++] = e;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)below(rng, (unsigned)i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < n && v < 0; i++) {
		struct am_target t = { order[i], -1 };
		if (am_can_fire(c, u, w, forward, &t, false, &shot, why,
		    sizeof(why)) && shot.need <= 6)
			v = order[i];
	}
	if (v < 0)
		return false;
	struct umpire_node *o = order_node(ctx->arena, list, c->units[u].id);
	if (with)
		umpire_map_add(ctx->arena, o, "with", umpire_node_str(ctx->arena,
			with));
	umpire_map_add(ctx->arena, o, "target", umpire_node_str(ctx->arena,
		c->units[v].id));
	return true;
}

static void
fire(struct umpire_ctx *ctx, struct am_game *c, int u, struct umpire_rng *rng,
	struct umpire_node *list)
{
	const struct am_unit *m = &c->units[u];

	if (m->tank) {
		fire_one(ctx, c, u, AM_MAIN_GUN, false, "main-gun", rng, list);
		fire_one(ctx, c, u, AM_MG, true, "forward-mg", rng, list);
		fire_one(ctx, c, u, AM_MG, false, "turret-mg", rng, list);
		return;
	}
	if (m->pinned)
		return;
	if (am_weapons[m->weapon].grenades && below(rng, 2) &&
	    fire_one(ctx, c, u, AM_GRENADE, false, "grenade", rng, list))
		return;
	fire_one(ctx, c, u, m->weapon, false, NULL, rng, list);
}

static void
assault(struct umpire_ctx *ctx, struct am_game *c, int u,
	struct umpire_rng *rng, struct umpire_node *list)
{
	struct am_unit *m = &c->units[u];
	int can[64], n = 0;
	struct umpire_pt contact;
	int32_t d;
	char why[256];

	if (m->tank || m->pinned)
		return;
	for (int v = 0; v < c->nunits && n < 64; v++)
		if (c->units[v].side != m->side && am_soldier_up(&c->units[v]) &&
		    am_can_assault(c, u, v, &contact, &d, why, sizeof(why)))
			can[n++] = v;
	if (!n || !below(rng, 2))
		return;
	int v = can[below(rng, (unsigned)n)];
	am_can_assault(c, u, v, &contact, &d, why, sizeof(why));
	struct umpire_node *o = order_node(ctx->arena, list, m->id);
	umpire_map_add(ctx->arena, o, "target", umpire_node_str(ctx->arena,
		c->units[v].id));
}

void
am_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	const struct am_game *g = game;
	struct am_game *c = am_game_copy(ctx->arena, g);
	c->exact = am_rulings(ctx);
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, action = am_awaited_action(g);
	static const char *const keys[AM_ACTIONS] = {
		"moves", "fire", "assaults", "rally",
	};
	struct umpire_node *list = umpire_map_add(a, orders, keys[action],
		umpire_node_seq(a, action == AM_RALLIES));

	for (int lead = 1; lead >= 0; lead--)
		for (int u = 0; u < c->nunits; u++) {
			struct am_unit *m = &c->units[u];
			if (m->side != side || m->dead)
				continue;
			if (action == AM_RALLIES) {
				if (!m->tank && m->pinned && m->leader == lead)
					umpire_seq_add(a, list, umpire_node_str(a, m->id));
				continue;
			}
			if (lead)
				continue;
			switch (action) {
			case AM_MOVES:
				if (m->tank)
					move_tank(ctx, c, u, rng, list);
				else if (!m->pinned && below(rng, 4))
					move_soldier(ctx, c, u, rng, list);
				break;
			case AM_FIRES:
				fire(ctx, c, u, rng, list);
				break;
			default:
				assault(ctx, c, u, rng, list);
				break;
			}
		}
}

/*
 * Whether the card drawn gives the side nothing to do (umpire-armymen(7),
 * "Empty cards"): no soldier or tank of it could carry out the card's
 * action.  The table is public, so is the answer.  Same units as the
 * bot's, with every target tried.
 */
static bool
can_act(const struct am_game *g, int u, int action)
{
	const struct am_unit *m = &g->units[u];
	struct am_shot shot;
	struct umpire_pt contact;
	int32_t d;
	char why[256];

	switch (action) {
	case AM_RALLIES:
		return !m->tank && m->pinned;
	case AM_MOVES:
		return m->tank || !m->pinned;
	case AM_FIRES:
		if (!m->tank && m->pinned)
			return false;
		for (int v = 0; v < g->nunits; v++) {
			struct am_target t = { v, -1 };
			if (g->units[v].side == m->side || g->units[v].dead)
				continue;
			if (m->tank ? am_can_fire(g, u, AM_MAIN_GUN, false, &t, false,
			    &shot, why, sizeof(why)) || am_can_fire(g, u, AM_MG, true,
			    &t, false, &shot, why, sizeof(why)) || am_can_fire(g, u,
			    AM_MG, false, &t, false, &shot, why, sizeof(why)) :
			    am_can_fire(g, u, m->weapon, false, &t, false, &shot, why,
			    sizeof(why)) || (am_weapons[m->weapon].grenades &&
			    am_can_fire(g, u, AM_GRENADE, false, &t, false, &shot, why,
			    sizeof(why))))
				return true;
		}
		return false;
	default:
		if (m->tank || m->pinned)
			return false;
		for (int v = 0; v < g->nunits; v++)
			if (g->units[v].side != m->side &&
			    am_soldier_up(&g->units[v]) && am_can_assault(g, u, v,
			    &contact, &d, why, sizeof(why)))
				return true;
		return false;
	}
}

bool
am_empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	static const char *const keys[AM_ACTIONS] = {
		"moves", "fire", "assaults", "rally",
	};
	static const char *const none[AM_ACTIONS] = {
		"moves: no unit can move", "fires: no unit can fire",
		"assaults: no soldier can assault", "rallies: nothing to rally",
	};
	const struct am_game *g = game;
	int side = g->to_move, action = am_awaited_action(g);

	for (int u = 0; u < g->nunits; u++)
		if (g->units[u].side == side && !g->units[u].dead &&
		    can_act(g, u, action))
			return false;
	umpire_map_add(ctx->arena, orders, keys[action],
		umpire_node_seq(ctx->arena, true));
	umpire_buf_printf(why, "%s %s", am_Sides[side], none[action]);
	return true;
}

/*
 * Level 2's rating of a game for player (umpire-armymen(7), "The
 * bot"): 100 for each casualty point (AM-20) he has inflicted more
 * than he has taken, and 20 for each of his soldiers not pinned less
 * the enemy's: a pinned soldier neither fires nor assaults.
 */
long long
am_evaluate(const void *game, const char *player, const char *ruling)
{
	(void)ruling;	/* one rating in every version so far */
	const struct am_game *g = game;
	int me = strcmp(player, am_sides[1]) == 0;
	long long v = 0;

	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		long long sign = u->side == me ? 1 : -1;
		if (u->dead)
			v -= sign * 100 * (u->tank ? g->points_tank :
				g->points_soldier);
		else if (!u->tank && !u->pinned)
			v += sign * 20;
	}
	return v;
}
