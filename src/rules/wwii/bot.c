/*
 * bot.c - random legal orders for WWII Combined Arms, drawn as
 * umpire-wwii(7) says under WW-26.
 *
 * The legal turns are far too many to draw from uniformly (any subset of
 * the units may move, each to many squares), so the draw is unit by
 * unit, and leans toward the enemy so that games end: each unit, in a
 * random order, stays with chance 1/4 or moves to a square drawn
 * uniformly from those it can reach that are nearer the enemy HQ; the
 * attacks then pick a target at random (the enemy HQ whenever one can
 * reach it) and concentrate on it (Fire Phase: "Combined Arms: you must
 * concentrate force") until it is destroyed or none can reach it, each
 * attack played ahead by fire.c, as resolve plays it, so that the next
 * is drawn on the position it leaves (WW-10).  An army and a placement
 * are drawn uniformly within the rules.  Every draw is checked by the
 * same code as a player's orders.
 */
#include <string.h>

#include "wwii.h"

static int
below(struct umpire_rng *rng, int n)
{
	return (int)umpire_rng_below(rng, (uint64_t)n);
}

static void
shuffle(struct umpire_rng *rng, int *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = below(rng, i + 1), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* ---------------------------------------------------------------- army */

static void
bot_army(struct umpire_ctx *ctx, const struct wwii_game *g,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct umpire_arena *a = ctx->arena;
	const struct wwii_limits *l = &g->lim;
	int count[WWII_TYPES] = { 0 }, tanks = 0, kinds = 0, n = 1;
	int order[WWII_TYPES - 1];

	count[WWII_HQ] = 1;
	for (int t = 0; t < WWII_TYPES - 1; t++)
		order[t] = t;
	shuffle(rng, order, WWII_TYPES - 1);
	/* First the types the army needs (Army Creation: at least 7). */
	for (int k = 0; k < WWII_TYPES - 1 && kinds < l->min_types &&
	    n < l->units; k++) {
		int t = order[k];
		if (wwii_is_tank((enum wwii_type)t) && tanks >= l->max_tanks)
			continue;
		count[t]++;
		tanks += wwii_is_tank((enum wwii_type)t);
		kinds++;
		n++;
	}
	/* Then any type with room, until the army is whole. */
	while (n < l->units) {
		int room[WWII_TYPES], nroom = 0;
		for (int t = 0; t < WWII_TYPES - 1; t++)
			if (count[t] < l->max_per_type &&
			    (!wwii_is_tank((enum wwii_type)t) || tanks < l->max_tanks))
				room[nroom++] = t;
		if (!nroom)
			break;	/* the scenario's limits were checked: not reached */
		int t = room[below(rng, nroom)];
		count[t]++;
		tanks += wwii_is_tank((enum wwii_type)t);
		n++;
	}
	/* Elite Units: as many as the rule allows, drawn among all. */
	unsigned char *elite = umpire_arena_alloc(a, (size_t)n);
	if (g->opt.elite) {
		int *pick = umpire_arena_alloc(a, (size_t)n * sizeof(int));
		for (int i = 0; i < n; i++)
			pick[i] = i;
		shuffle(rng, pick, n);
		for (int i = 0; i < l->elite && i < n; i++)
			elite[pick[i]] = 1;
	}
	struct umpire_node *list = umpire_map_add(a, orders, "army",
		umpire_node_seq(a, false));
	int k = 0;
	for (int t = 0; t < WWII_TYPES; t++)
		for (int c = 0; c < count[t]; c++, k++) {
			struct umpire_node *u = umpire_seq_add(a, list,
				umpire_node_map(a, true));
			umpire_map_add(a, u, "type", umpire_node_str(a,
				wwii_types[t].name));
			if (elite[k])
				umpire_map_add(a, u, "elite", umpire_node_bool(a, true));
		}
}

/* --------------------------------------------------------------- place */

static void
bot_place(struct umpire_ctx *ctx, const struct wwii_game *g,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, nu = 0, ns = 0;
	int *units = umpire_arena_alloc(a, (size_t)g->nunits[side] * sizeof(int) + 1);
	int *squares = umpire_arena_alloc(a, (size_t)g->nsquares * sizeof(int));

	for (int i = 0; i < g->nunits[side]; i++)
		if (!g->units[side][i].destroyed && g->pos.where[side][i] < 0)
			units[nu++] = i;
	for (int sq = 0; sq < g->nsquares; sq++)
		if (g->pos.at[sq] < 0 && wwii_in_setup(g, side, sq))
			squares[ns++] = sq;
	if (!nu || !ns)
		return;
	struct umpire_node *p = umpire_map_add(a, orders, "place",
		umpire_node_map(a, true));
	umpire_map_add(a, p, "unit", umpire_node_str(a,
		g->units[side][units[below(rng, nu)]].id));
	umpire_map_add(a, p, "at", umpire_node_str(a, wwii_sq_name(a, g,
		squares[below(rng, ns)])));
}

/* ---------------------------------------------------------------- turn */

/* The square of side's enemy's HQ on p, or -1. */
static int
enemy_hq(const struct wwii_pos *p, int side)
{
	for (int i = 0; i < p->n[!side]; i++)
		if (p->where[!side][i] >= 0 && p->units[!side][i].type == WWII_HQ)
			return p->where[!side][i];
	return -1;
}

/* Enemies unit i of side may attack on p: into out, how many. */
static int
targets(const struct wwii_pos *p, int side, int i, int *out)
{
	int n = 0;

	for (int t = 0; t < p->n[!side]; t++)
		if (p->where[!side][t] >= 0 &&
		    wwii_can_attack(p, side, i, t, NULL, 0))
			out[n++] = t;
	return n;
}

static void
bot_reinforce(struct umpire_ctx *ctx, struct wwii_pos *p,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	const struct wwii_game *g = p->g;
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, n = 0;

	if (!wwii_reinforcement_due(g, g->turns[side] + 1))
		return;
	/* The back row, or the nearest setup row with room (WW-23). */
	int own = wwii_reinforce_rank(p, side);
	if (!own)
		return;
	int rank = wwii_own_rank(g, side, own);
	int *free_sq = umpire_arena_alloc(a, (size_t)g->grid.files * sizeof(int));
	for (int f = 1; f <= g->grid.files; f++) {
		int sq = umpire_grid_index(&g->grid, (struct umpire_square){ f, rank });
		if (p->at[sq] < 0)
			free_sq[n++] = sq;
	}
	int types[WWII_TYPES], nt = 0;
	for (int t = 0; t < WWII_TYPES; t++)
		if (!wwii_is_base((enum wwii_type)t))
			types[nt++] = t;
	struct wwii_unit u = { 0 };
	u.type = (enum wwii_type)types[below(rng, nt)];
	int nth = 1;
	u.id = wwii_default_id(a, g, side, u.type, &nth, NULL, NULL);
	int sq = free_sq[below(rng, n)];
	wwii_pos_add(p, side, &u, sq);
	struct umpire_node *r = umpire_map_add(a, orders, "reinforce",
		umpire_node_map(a, true));
	umpire_map_add(a, r, "type", umpire_node_str(a, wwii_types[u.type].name));
	umpire_map_add(a, r, "at", umpire_node_str(a, wwii_sq_name(a, g, sq)));
}

static void
bot_turn(struct umpire_ctx *ctx, const struct wwii_game *g,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, enemy = !side;
	struct wwii_pos p;

	wwii_pos_copy(&p, &g->pos, a, side);
	bot_reinforce(ctx, &p, rng, orders);
	int n = p.n[side], ne = p.n[enemy];
	int *order = umpire_arena_alloc(a, (size_t)n * sizeof(int) + 1);
	int *allow = wwii_allowances(a, &p, side);
	unsigned char *moved = umpire_arena_alloc(a, (size_t)n + 1);
	int *tg = umpire_arena_alloc(a, (size_t)ne * sizeof(int) + 1);
	for (int i = 0; i < n; i++)
		order[i] = i;
	shuffle(rng, order, n);

	/* Every move draws nearer the enemy HQ, where the game is won. */
	int hq = enemy_hq(&p, side);
	struct umpire_square goal = hq >= 0 ? wwii_square(g, hq) :
		(struct umpire_square){ (g->grid.files + 1) / 2,
		side == WWII_ALLIES ? g->grid.ranks : 1 };
	struct umpire_node *moves = NULL;
	for (int k = 0; k < n; k++) {
		int i = order[k], from = p.where[side][i];
		if (from < 0 || !allow[i] || below(rng, 4) == 0)
			continue;
		/* An airfield with a target stays, to attack (WW-7). */
		if (p.units[side][i].type == WWII_AIRFIELD &&
		    targets(&p, side, i, tg))
			continue;
		struct umpire_grid_reach r;
		struct umpire_square near[UMPIRE_GRID_WINDOW * UMPIRE_GRID_WINDOW];
		int cand[UMPIRE_GRID_WINDOW * UMPIRE_GRID_WINDOW], nc = 0;
		int here = umpire_grid_distance(wwii_square(g, from), goal);
		wwii_reach(&r, &p, side, i, allow[i]);
		size_t nn = umpire_grid_within(&g->grid, wwii_square(g, from),
			allow[i], near);
		for (size_t m = 0; m < nn; m++) {
			int sq = umpire_grid_index(&g->grid, near[m]);
			if (umpire_grid_reach_steps(&r, near[m]) > 0 &&
			    umpire_grid_distance(near[m], goal) < here)
				cand[nc++] = sq;
		}
		/* Draw among them; an airfield may find its square refused. */
		while (nc) {
			int c = below(rng, nc), to = cand[c];
			if (wwii_try_move(&p, side, i, to, allow[i], NULL, 0)) {
				if (!moves)
					moves = umpire_map_add(a, orders, "moves",
						umpire_node_seq(a, false));
				struct umpire_node *m = umpire_seq_add(a, moves,
					umpire_node_map(a, true));
				umpire_map_add(a, m, "unit", umpire_node_str(a,
					p.units[side][i].id));
				umpire_map_add(a, m, "to", umpire_node_str(a,
					wwii_sq_name(a, g, to)));
				moved[i] = 1;
				break;
			}
			cand[c] = cand[--nc];
		}
	}

	/* The attacks, concentrated: a target, then attackers until it falls. */
	int **reach = umpire_arena_alloc(a, (size_t)n * sizeof(int *) + 1);
	int *nreach = umpire_arena_alloc(a, (size_t)n * sizeof(int) + 1);
	int *ready = umpire_arena_alloc(a, (size_t)n * sizeof(int) + 1);
	int nready = 0;
	for (int k = 0; k < n; k++) {
		int i = order[k];
		if (p.where[side][i] < 0 ||
		    (p.units[side][i].type == WWII_AIRFIELD && moved[i]))
			continue;
		nreach[i] = targets(&p, side, i, tg);
		if (!nreach[i])
			continue;
		reach[i] = umpire_arena_alloc(a, (size_t)nreach[i] * sizeof(int));
		memcpy(reach[i], tg, (size_t)nreach[i] * sizeof(int));
		ready[nready++] = i;
	}
	struct umpire_node *attacks = NULL;
	int *pool = umpire_arena_alloc(a, (size_t)ne * sizeof(int) + 1);
	unsigned char *in = umpire_arena_alloc(a, (size_t)ne + 1);
	struct wwii_fire f;
	int index = 0;
	wwii_fire_begin(&f, &p, side, ctx->step, g->deaths, a, a);
	while (nready && !f.over) {
		int npool = 0, hqt = -1;
		for (int k = 0; k < nready; k++)
			for (int j = 0; j < nreach[ready[k]]; j++) {
				int t = reach[ready[k]][j];
				if (!in[t]) {
					in[t] = 1;
					pool[npool++] = t;
					if (p.units[enemy][t].type == WWII_HQ)
						hqt = t;
				}
			}
		for (int k = 0; k < npool; k++)
			in[pool[k]] = 0;
		int target = hqt >= 0 ? hqt : pool[below(rng, npool)];
		/* Attackers until it falls: each judged, and played, on the
		 * position the attacks before it leave (WW-10). */
		for (int k = 0; k < nready && !p.units[enemy][target].destroyed; ) {
			int i = ready[k];
			bool can = false;
			for (int j = 0; j < nreach[i]; j++)
				can |= reach[i][j] == target;
			if (!can || !wwii_can_attack(&p, side, i, target, NULL, 0)) {
				k++;
				continue;
			}
			if (!attacks)
				attacks = umpire_map_add(a, orders, "attacks",
					umpire_node_seq(a, false));
			struct umpire_node *at = umpire_seq_add(a, attacks,
				umpire_node_map(a, true));
			umpire_map_add(a, at, "unit", umpire_node_str(a,
				p.units[side][i].id));
			/* Fallbacks, as a player may name them (WW-10): others it
			 * can attack now, left unused while the target stands. */
			int list[WWII_MAX_TARGETS], nl = 1;
			list[0] = target;
			shuffle(rng, reach[i], nreach[i]);
			for (int j = 0; j < nreach[i] && nl < 3; j++)
				if (reach[i][j] != target &&
				    wwii_can_attack(&p, side, i, reach[i][j], NULL, 0))
					list[nl++] = reach[i][j];
			if (nl == 1) {
				umpire_map_add(a, at, "target", umpire_node_str(a,
					p.units[enemy][target].id));
			} else {
				struct umpire_node *tl = umpire_map_add(a, at, "target",
					umpire_node_seq(a, true));
				for (int j = 0; j < nl; j++)
					umpire_seq_add(a, tl, umpire_node_str(a,
						p.units[enemy][list[j]].id));
			}
			wwii_fire_hit(&f, i, target, index++);
			ready[k] = ready[--nready];
		}
		/* The target is dealt with; the rest pick among the others. */
		for (int k = 0; k < nready; k++) {
			int i = ready[k], m = 0;
			for (int j = 0; j < nreach[i]; j++)
				if (reach[i][j] != target &&
				    !p.units[enemy][reach[i][j]].destroyed)
					reach[i][m++] = reach[i][j];
			nreach[i] = m;
			if (!m)
				ready[k--] = ready[--nready];
		}
	}
}

void
wwii_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	const struct wwii_game *g = game;

	switch (g->kind) {
	case WWII_ARMY:
		bot_army(ctx, g, rng, orders);
		break;
	case WWII_PLACE:
		bot_place(ctx, g, rng, orders);
		break;
	case WWII_TURN:
		bot_turn(ctx, g, rng, orders);
		break;
	}
}

/*
 * No decision of WWII's is empty: an army is chosen, a unit placed on
 * one of the squares its side may use, and a turn may always move or
 * fire, or hold, which is a choice between them.
 */
bool
wwii_empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	(void)ctx; (void)game; (void)orders; (void)why;
	return false;
}

/*
 * Level 2's rating of a game for player (umpire-wwii(7), WW-26): 100 for
 * each unit of his alive more than the enemy's, and a square less for
 * each square between each of his units and the enemy HQ, more for each
 * of the enemy's from his own (king moves, at most 16 a unit): the HQ
 * is where the game is won.
 */
long long
wwii_evaluate(const void *game, const char *player, const char *ruling)
{
	(void)ruling;	/* one rating in every version so far */
	const struct wwii_game *g = game;
	const struct wwii_pos *p = &g->pos;
	int me = wwii_find_side(player);
	long long v = 0;

	if (me < 0)
		return 0;
	for (int s = 0; s < 2; s++) {
		long long sign = s == me ? 1 : -1;
		int hq = enemy_hq(p, s);
		struct umpire_square goal = hq >= 0 ? wwii_square(g, hq) :
			(struct umpire_square){ 0, 0 };
		for (int i = 0; i < p->n[s]; i++) {
			if (p->where[s][i] < 0)
				continue;
			v += sign * 100;
			if (hq < 0)
				continue;
			struct umpire_square at = wwii_square(g, p->where[s][i]);
			int df = at.file - goal.file, dr = at.rank - goal.rank;
			df = df < 0 ? -df : df;
			dr = dr < 0 ? -dr : dr;
			int d = df > dr ? df : dr;
			v -= sign * (d < 16 ? d : 16);
		}
	}
	return v;
}
