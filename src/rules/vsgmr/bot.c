/*
 * bot.c - random legal orders for the awaited decision (umpire-vsgmr(7),
 * "The bot"), for `umpire bot`, simulate and the sides nobody plays (X).
 * Each figure of the player's in the game's order, on a copy of the game
 * that the orders before it changed:
 *
 *   initiative  a player who takes turns, uniformly.
 *   move        3 in 4 figures that can move do: half of those straight
 *               towards the nearest enemy, stopping an inch short, the
 *               rest one of 16 ways, 1 inch to their allowance, shorter
 *               if that is not legal (4 tries), facing the nearest enemy
 *               after (the table); on the map to a space they can reach,
 *               the one nearest an enemy or one drawn uniformly.  Riders
 *               stay on their mounts.  A Spawner brings a figure in when
 *               his die allows, on that side (VS-51).
 *   distance,   every figure that can attack attacks a target drawn
 *   hand to     uniformly from those it may attack (VS-65), figures or,
 *   hand        for Assaulters, the building; Area Effect and Double
 *               Strike name follow-ups likewise; every attack asks
 *               Inspiration's reroll (VS-68).
 *   skill       no skill rolls (no scenario gives them an effect, VS-70);
 *               when a defeated figure is owed (X's 6, VS-54), the
 *               first of its defeated figures for which a place drawn
 *               within a Move Unit of its force's edge passes the check
 *               (64 draws a figure) comes back there.
 *
 * In solo play every figure that would act for the first time this
 * round does only while the side stays within its activation die's
 * bounds (X, VS-78); the figures before it in the game's order come
 * first.
 *
 * Every order is judged as resolve.c and the check judge it (space.c,
 * map.c, vs_can_attack), so the orders pass the check.
 */
#include <string.h>

#include "geom/exact.h"
#include "game/ruleset.h"
#include "vsgmr.h"

static int targets(struct umpire_arena *a, const struct vs_game *g, int i,
	enum vs_attack kind, struct vs_target *out);

/* The 16 directions a move or a facing is chosen from: geom's. */
static const struct umpire_pt *const dirs = umpire_plane_dirs;

static unsigned
below(struct umpire_rng *rng, unsigned n)
{
	return n ? (unsigned)umpire_rng_below(rng, n) : 0;
}

struct vs_game *
vs_game_copy(struct umpire_arena *a, const struct vs_game *g)
{
	struct vs_game *c = umpire_arena_alloc(a, sizeof(*c));

	*c = *g;
	c->figure = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) *
		sizeof(*c->figure));
	memcpy(c->figure, g->figure, (size_t)g->nfigures * sizeof(*c->figure));
	c->feature = umpire_arena_alloc(a, ((size_t)g->nfeatures + 1) *
		sizeof(*c->feature));
	memcpy(c->feature, g->feature, (size_t)g->nfeatures *
		sizeof(*c->feature));
	c->pieces = umpire_arena_alloc(a, ((size_t)g->nfeatures + 1) *
		sizeof(*c->pieces));
	if (g->nfeatures)
		memcpy(c->pieces, g->pieces, (size_t)g->nfeatures *
			sizeof(*c->pieces));
	c->table.piece = c->pieces;
	if (g->on_map && g->ground) {
		size_t n = (size_t)g->grid.files * (size_t)g->grid.ranks;
		c->ground = umpire_arena_alloc(a, n + 1);
		memcpy(c->ground, g->ground, n);
	}
	return c;
}

static bool
on(const struct vs_game *g, int i)
{
	return g->figure[i].where == VS_ON;
}

/* The nearest enemy on the surface, centre to centre (the map: king
 * moves), or -1. */
static int
nearest_foe(const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];
	int best = -1;
	int64_t bd = 0;

	for (int j = 0; j < g->nfigures; j++) {
		const struct vs_figure *e = &g->figure[j];
		if (!on(g, j) || !vs_foes(g, f->owner, e->owner))
			continue;
		int64_t d;
		if (g->on_map) {
			int64_t df = e->sq.file - f->sq.file, dr = e->sq.rank -
				f->sq.rank;
			df = df < 0 ? -df : df;
			dr = dr < 0 ? -dr : dr;
			d = df > dr ? df : dr;
		} else {
			d = umpire_dist2(f->at.at, e->at.at);
		}
		if (best < 0 || d < bd) {
			best = j;
			bd = d;
		}
	}
	return best;
}

/* ------------------------------------------------------------ the table */

static bool
table_move_ok(struct umpire_arena *a, const struct vs_game *g, int i,
	struct umpire_pt to)
{
	const struct vs_figure *f = &g->figure[i];
	struct umpire_figure *fig = umpire_arena_alloc(a,
		((size_t)g->nfigures + 1) * sizeof(*fig));
	size_t nally = 0, n = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (int j = 0; j < g->nfigures; j++) {
			const struct vs_figure *o = &g->figure[j];
			if (!on(g, j) || j == i || o->mount == i ||
			    (f->mount >= 0 && (j == f->mount || o->mount ==
			    f->mount)))
				continue;
			if (vs_foes(g, f->owner, o->owner) != (pass == 1))
				continue;
			fig[n++] = o->at;
		}
		if (pass == 0)
			nally = n;
	}
	struct umpire_pt wp[2] = { f->at.at, to };
	struct vs_move_ask ask = { &g->table, &f->profile, f->at, wp, 2, fig,
		nally, fig + nally, n - nally, -1 };
	struct vs_move m;

	if (!umpire_table_holds(&g->table, to))
		return false;
	return vs_move_judge(&m, &ask) == 0 && m.verdict == VS_MOVE_OK &&
		!m.off;
}

static struct umpire_pt
towards(const struct vs_game *g, int i, int e)
{
	const struct vs_figure *f = &g->figure[i];
	struct umpire_pt d = umpire_pt_sub(g->figure[e].at.at, f->at.at);

	return d.x || d.y ? d : f->at.facing;
}

/*
 * Since UMPIRE_BOT_SINCE (umpire-vsgmr(7), "The bot"): the length a
 * move straight at enemy t is tried with first, and after each refusal:
 * into contact (the bases 0.01 inch apart or less, VS-21), a hundredth
 * shorter at a time, when the allowance reaches; else the whole
 * allowance, then shorter.  The old bot stopped an inch short.
 */
static int64_t
charge(int64_t gap, int64_t allowance, int tries)
{
	if (gap <= allowance && tries < 3)
		return gap - tries;
	int64_t go = gap < allowance ? gap : allowance;
	return go * (4 - tries) / 4;
}

static void
move_table(struct umpire_ctx *ctx, struct vs_game *c, int i,
	struct umpire_rng *rng, struct umpire_node *list, bool newer)
{
	struct umpire_arena *a = ctx->arena;
	struct vs_figure *f = &c->figure[i];
	int e = nearest_foe(c, i);
	bool go_to = e >= 0 && (newer ? below(rng, 4) != 0 : below(rng, 2));
	unsigned dir = below(rng, UMPIRE_PLANE_DIRS);
	int allowance = vs_move_allowance(&f->profile, false);
	int64_t want = 100 + below(rng, (unsigned)(allowance > 100 ?
		allowance - 99 : 1));

	for (int tries = 0; tries < 4; tries++) {
		struct umpire_pt to;
		if (go_to) {
			const struct vs_figure *t = &c->figure[e];
			struct umpire_pt d = umpire_pt_sub(t->at.at, f->at.at);
			int64_t len = (int64_t)umpire_exact_isqrt((uint64_t)
				umpire_dist2(f->at.at, t->at.at));
			int64_t go = len - (f->at.base + t->at.base) / 2 - 100;
			if (newer)
				go = charge(go + 100, allowance, tries);
			else if (go > allowance)
				go = allowance;
			if (!newer)
				go = go * (4 - tries) / 4;
			if (go <= 0 || len == 0)
				return;
			to = (struct umpire_pt){ f->at.at.x + (int32_t)(d.x * go /
				len), f->at.at.y + (int32_t)(d.y * go / len) };
		} else {
			int64_t k = want * (4 - tries) / 4 / 100;
			if (k <= 0)
				return;
			to = (struct umpire_pt){ f->at.at.x +
				(int32_t)(dirs[dir].x * k), f->at.at.y +
				(int32_t)(dirs[dir].y * k) };
		}
		if (umpire_pt_eq(to, f->at.at) || !table_move_ok(a, c, i, to))
			continue;
		struct umpire_node *n = umpire_seq_add(a, list,
			umpire_node_map(a, true));
		umpire_map_add(a, n, "figure", umpire_node_str(a, f->id));
		struct umpire_node *path = umpire_map_add(a, n, "path",
			umpire_node_seq(a, true));
		umpire_seq_add(a, path, vs_pt_node(a, to));
		f->at.at = to;
		for (int k = 0; k < c->nfigures; k++)
			if (c->figure[k].mount == i && on(c, k))
				c->figure[k].at.at = to;
		int foe = nearest_foe(c, i);
		if (foe >= 0 && (f->at.facing.x || f->at.facing.y)) {
			struct umpire_pt fc = towards(c, i, foe);
			int64_t k = umpire_exact_gcd(fc.x, fc.y);
			if (k > 1)
				fc = (struct umpire_pt){ (int32_t)(fc.x / k),
					(int32_t)(fc.y / k) };
			struct umpire_node *fn = umpire_map_add(a, n, "facing",
				umpire_node_seq(a, true));
			umpire_seq_add(a, fn, umpire_node_int(a, fc.x));
			umpire_seq_add(a, fn, umpire_node_int(a, fc.y));
			f->at.facing = fc;
		}
		f->moved = true;
		return;
	}
}

/* -------------------------------------------------------------- the map */

/* The map as map.c sees it, and each figure's place in its list. */
static struct vs_map
map_of(struct umpire_arena *a, const struct vs_game *g, int **index)
{
	struct vs_map_figure *mf = umpire_arena_alloc(a,
		((size_t)g->nfigures + 1) * sizeof(*mf));
	int *ix = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) *
		sizeof(int));
	int n = 0;

	for (int i = 0; i < g->nfigures; i++)
		ix[i] = on(g, i) ? n++ : -1;
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		if (ix[i] < 0)
			continue;
		mf[ix[i]] = (struct vs_map_figure){ f->sq, f->size ? f->size : 1,
			f->owner, f->mount >= 0 && ix[f->mount] >= 0 ?
			1 + ix[f->mount] : 0 };
	}
	*index = ix;
	return (struct vs_map){ g->grid, g->ground, mf, n };
}

/* The window cell of t in a search from `from` (map.c's layout). */
static int
window_cell(struct umpire_square from, struct umpire_square t)
{
	int df = t.file - from.file, dr = t.rank - from.rank;

	if (df < -VS_MAP_MAX_MOVE || df > VS_MAP_MAX_MOVE ||
	    dr < -VS_MAP_MAX_MOVE || dr > VS_MAP_MAX_MOVE)
		return -1;
	return (dr + VS_MAP_MAX_MOVE) * VS_MAP_WINDOW + df + VS_MAP_MAX_MOVE;
}

/*
 * The spaces stepped to on a shortest way to `to` (VS-35), walked back
 * down the search's distances: by open ground if that reaches it within
 * the whole allowance, else by any ground within the halved one (VS-33),
 * as the check counts them.  Returns how many, or 0.
 */
static int
map_path(const struct vs_map_reach *r, struct umpire_square to,
	struct umpire_square *out)
{
	static const int dir[8][2] = {
		{ -1, -1 }, { 0, -1 }, { 1, -1 }, { -1, 0 },
		{ 1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
	};
	int c = window_cell(r->from, to);

	if (c < 0)
		return 0;
	const signed char *dist = r->open[c] >= 1 ? r->open : r->any;
	int n = dist[c];
	if (n < 1 || n > VS_MAP_MAX_MOVE)
		return 0;
	struct umpire_square at = to;
	for (int k = n; k >= 1; k--) {
		out[k - 1] = at;
		for (int i = 0; i < 8; i++) {
			struct umpire_square t = { at.file + dir[i][0],
				at.rank + dir[i][1] };
			int tc = window_cell(r->from, t);
			if (tc >= 0 && dist[tc] == k - 1) {
				at = t;
				break;
			}
		}
	}
	return n;
}

static void
move_map(struct umpire_ctx *ctx, struct vs_game *c, int i,
	struct umpire_rng *rng, struct umpire_node *list)
{
	struct umpire_arena *a = ctx->arena;
	struct vs_figure *f = &c->figure[i];
	int *ix;
	struct vs_map m = map_of(a, c, &ix);
	struct vs_map_reach *r = umpire_arena_alloc(a, sizeof(*r));
	int e = nearest_foe(c, i);
	bool go_to = e >= 0 && below(rng, 2);
	struct umpire_square best = f->sq;
	int64_t best_d = -1;
	int count = 0;

	vs_map_reach(r, &m, ix[i], c->scale, &f->profile);
	int reach = r->move > r->slow ? r->move : r->slow;
	/* Candidates: every space it can reach; towards an enemy, the one
	 * nearest him, the first found on a tie; else uniformly
	 * (reservoir sampling, one draw a candidate). */
	for (int dr = -reach; dr <= reach; dr++)
		for (int df = -reach; df <= reach; df++) {
			struct umpire_square to = { f->sq.file + df,
				f->sq.rank + dr };
			/* r is this move's reach: vs_map_move's search, done
			 * once, not once a candidate. */
			if ((df == 0 && dr == 0) || vs_map_reach_steps(r, to) < 1 ||
			    vs_map_stand(&m, ix[i], to, -1, NULL, 0) < 0)
				continue;
			if (go_to) {
				int64_t a1 = to.file - c->figure[e].sq.file;
				int64_t b1 = to.rank - c->figure[e].sq.rank;
				a1 = a1 < 0 ? -a1 : a1;
				b1 = b1 < 0 ? -b1 : b1;
				int64_t d = a1 > b1 ? a1 : b1;
				if (best_d < 0 || d < best_d) {
					best_d = d;
					best = to;
				}
			} else if (below(rng, (unsigned)++count) == 0) {
				best = to;
			}
		}
	if (umpire_grid_same(best, f->sq))
		return;
	struct umpire_square steps[VS_MAP_MAX_MOVE + 1];
	int nsteps = map_path(r, best, steps);
	if (nsteps < 1)
		return;
	struct umpire_node *n = umpire_seq_add(a, list, umpire_node_map(a, true));
	umpire_map_add(a, n, "figure", umpire_node_str(a, f->id));
	struct umpire_node *path = umpire_map_add(a, n, "path",
		umpire_node_seq(a, true));
	for (int k = 0; k < nsteps; k++)
		umpire_seq_add(a, path, vs_sq_node(a, steps[k]));
	struct umpire_square was = f->sq;
	f->sq = best;
	for (int k = 0; k < c->nfigures; k++)
		if (c->figure[k].mount == i && on(c, k)) {
			c->figure[k].sq.file += best.file - was.file;
			c->figure[k].sq.rank += best.rank - was.rank;
		}
	f->moved = true;
}

/* ------------------------------------------------------------- spawning */

/* A place on compass edge `edge` where figure i may come in, or false. */
static bool
spawn_place(struct umpire_ctx *ctx, struct vs_game *c, int i, int edge,
	struct umpire_rng *rng, struct umpire_node **at)
{
	struct umpire_arena *a = ctx->arena;
	struct vs_figure *f = &c->figure[i];

	for (int tries = 0; tries < 16; tries++) {
		if (c->on_map) {
			int size = f->size ? f->size : 1;
			int files = c->grid.files - size + 1;
			int ranks = c->grid.ranks - size + 1;
			if (files < 1 || ranks < 1)
				return false;
			struct umpire_square s = edge == VS_SOUTH || edge == VS_NORTH ?
				(struct umpire_square){ 1 + (int)below(rng,
				(unsigned)files), edge == VS_SOUTH ? 1 : ranks } :
				(struct umpire_square){ edge == VS_WEST ? 1 : files,
				1 + (int)below(rng, (unsigned)ranks) };
			f->where = VS_ON;
			f->sq = s;
			int *ix;
			struct vs_map m = map_of(a, c, &ix);
			bool ok = vs_map_misplaced(&m, NULL, 0) < 0;
			if (ok) {
				*at = vs_sq_node(a, s);
				return true;
			}
			f->where = VS_WAITING;
			continue;
		}
		int32_t half = f->at.base / 2 + 1;
		int32_t w = c->table.width, d = c->table.depth;
		struct umpire_pt p = edge == VS_SOUTH || edge == VS_NORTH ?
			(struct umpire_pt){ half + (int32_t)below(rng,
			(unsigned)(w > 2 * half ? w - 2 * half : 1)), edge ==
			VS_SOUTH ? half : d - half } :
			(struct umpire_pt){ edge == VS_WEST ? half : w - half,
			half + (int32_t)below(rng, (unsigned)(d > 2 * half ?
			d - 2 * half : 1)) };
		f->at.at = p;
		f->where = VS_ON;
		/* A move of no length ends where it stands: clear of every
		 * base and barrier (VS-26). */
		struct umpire_pt wp[1] = { p };
		struct umpire_figure *fig = umpire_arena_alloc(a,
			((size_t)c->nfigures + 1) * sizeof(*fig));
		size_t n = 0;
		for (int j = 0; j < c->nfigures; j++)
			if (on(c, j) && j != i)
				fig[n++] = c->figure[j].at;
		struct vs_move_ask ask = { &c->table, &f->profile, f->at, wp, 1,
			NULL, 0, fig, n, -1 };
		struct vs_move mv;
		if (vs_move_judge(&mv, &ask) == 0 && mv.verdict == VS_MOVE_OK) {
			*at = vs_pt_node(a, p);
			return true;
		}
		f->where = VS_WAITING;
	}
	return false;
}

static void
spawn(struct umpire_ctx *ctx, struct vs_game *c, int p,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct vs_spawn sp;
	int fig = -1;

	if (c->player[p].team != VS_SPAWNER ||
	    vs_spawn_judge(&sp, c->player[p].spawn) != 0 || !sp.place)
		return;
	for (int i = 0; i < c->nfigures && fig < 0; i++)
		if (c->figure[i].owner == p && c->figure[i].where == VS_WAITING)
			fig = i;
	if (fig < 0)
		return;
	enum vs_edge rel = sp.choose ? (enum vs_edge)below(rng, VS_EDGES) :
		sp.edge;
	int edge = ((int)c->player[p].edge + (int)rel) % 4;
	struct umpire_node *at = NULL;
	if (!spawn_place(ctx, c, fig, edge, rng, &at))
		return;
	struct umpire_arena *a = ctx->arena;
	struct umpire_node *n = umpire_map_add(a, orders, "spawn",
		umpire_node_map(a, true));
	umpire_map_add(a, n, "figure", umpire_node_str(a, c->figure[fig].id));
	umpire_map_add(a, n, "at", at);
	if (sp.choose)
		umpire_map_add(a, n, "edge", umpire_node_str(a,
			vs_edge_names[rel]));
	c->figure[fig].moved = true;
}

/* -------------------------------------------------------------- attacks */

static struct umpire_node *
target_node(struct umpire_arena *a, const struct vs_game *g,
	const struct vs_target *t)
{
	return umpire_node_str(a, t->kind == VS_AT_FIGURE ?
		g->figure[t->index].id : g->feature[t->index].id);
}

/* The targets figure i may attack now, into out; how many. */
static int
targets(struct umpire_arena *a, const struct vs_game *g, int i,
	enum vs_attack kind, struct vs_target *out)
{
	int n = 0;
	bool cover;

	for (int j = 0; j < g->nfigures; j++) {
		struct vs_target t = { VS_AT_FIGURE, j, NULL };
		if (!on(g, j) || !vs_foes(g, g->figure[i].owner,
		    g->figure[j].owner) || vs_can_attack(g, a, i, &t, kind,
		    &cover))
			continue;
		out[n++] = t;
	}
	/* Assaulters besiege the building (VIII). */
	if (g->building >= 0 && g->player[g->figure[i].owner].team ==
	    VS_ASSAULTER) {
		struct vs_target t = { VS_AT_FEATURE, g->building, NULL };
		if (!vs_can_attack(g, a, i, &t, kind, &cover))
			out[n++] = t;
	}
	return n;
}

/* Area Effect's reach from the first target (V, VS-66), figures only. */
static bool
near(const struct vs_game *g, int a, int b)
{
	const struct vs_figure *x = &g->figure[a], *y = &g->figure[b];

	if (!g->on_map)
		return vs_gap_cmp(&x->at, &y->at, VS_HALF_MOVE_UNIT) <= 0;
	int xs = x->size ? x->size : 1, ys = y->size ? y->size : 1;
	int df = y->sq.file > x->sq.file + xs - 1 ? y->sq.file - (x->sq.file +
		xs - 1) : x->sq.file > y->sq.file + ys - 1 ? x->sq.file -
		(y->sq.file + ys - 1) : 0;
	int dr = y->sq.rank > x->sq.rank + xs - 1 ? y->sq.rank - (x->sq.rank +
		xs - 1) : x->sq.rank > y->sq.rank + ys - 1 ? x->sq.rank -
		(y->sq.rank + ys - 1) : 0;
	return (df > dr ? df : dr) <= vs_map_units(g->scale, 1);
}

static void
attack(struct umpire_ctx *ctx, struct vs_game *c, int i, enum vs_attack kind,
	struct umpire_rng *rng, struct umpire_node *list)
{
	struct umpire_arena *a = ctx->arena;
	struct vs_figure *f = &c->figure[i];
	struct vs_target *t = umpire_arena_alloc(a, ((size_t)c->nfigures + 2) *
		sizeof(*t));
	int n = targets(a, c, i, kind, t);

	if (n == 0)
		return;
	struct vs_target first = t[below(rng, (unsigned)n)];
	struct umpire_node *o = umpire_seq_add(a, list, umpire_node_map(a, true));
	umpire_map_add(a, o, "figure", umpire_node_str(a, f->id));
	umpire_map_add(a, o, "target", target_node(a, c, &first));
	int more = kind == VS_DISTANCE ? (vs_has(&f->profile, VS_AREA_EFFECT) ?
		VS_MAX_THEN : 0) : vs_has(&f->profile, VS_DOUBLE_STRIKE) ? 1 : 0;
	if (more > 0 && first.kind == VS_AT_FIGURE) {
		struct umpire_node *then = umpire_node_seq(a, true);
		int added = 0;
		for (int k = 0; k < n && added < more; k++) {
			if (kind == VS_DISTANCE && (t[k].kind != VS_AT_FIGURE ||
			    !near(c, first.index, t[k].index)))
				continue;
			umpire_seq_add(a, then, target_node(a, c, &t[k]));
			added++;
		}
		if (added)
			umpire_map_add(a, o, "then", then);
	}
	for (int p = 0; p < c->nfigures; p++)
		if (on(c, p) && c->figure[p].owner == f->owner &&
		    vs_has(&c->figure[p].profile, VS_INSPIRATION) &&
		    !c->player[f->owner].inspired) {
			umpire_map_add(a, o, "reroll", umpire_node_bool(a, true));
			c->player[f->owner].inspired = true;
			break;
		}
	f->attacked = true;
}

/* ----------------------------------------------------------- solo play */

static bool
acted(const struct vs_figure *f)
{
	return f->moved || f->attacked || f->skilled;
}

/* Whether figure i of player p may act without going beyond his
 * activation die: it has acted this round already, or one more stays
 * within a bound (X, VS-78). */
static bool
may_act(const struct vs_game *c, int p, int i)
{
	const struct vs_player *pl = &c->player[p];

	return acted(&c->figure[i]) || vs_solo_within(pl->activation, pl->most,
		pl->most_points, pl->active + 1, pl->active_points +
		c->figure[i].points);
}

/* After figure i's turn in the orders: counted if it acted first now. */
static void
count(struct vs_game *c, int p, int i, bool was)
{
	if (!was && acted(&c->figure[i])) {
		c->player[p].active++;
		c->player[p].active_points += c->figure[i].points;
	}
}

/* A place for defeated figure i within a Move Unit of compass edge
 * `edge`, drawn (X's 6). */
static struct umpire_node *
return_at(struct umpire_arena *a, const struct vs_game *g, int i, int edge,
	struct umpire_rng *rng)
{
	const struct vs_figure *f = &g->figure[i];

	if (g->on_map) {
		int size = f->size ? f->size : 1;
		int files = g->grid.files - size + 1, ranks = g->grid.ranks -
			size + 1, n = vs_map_units(g->scale, 2);
		if (files < 1 || ranks < 1 || n < 1)
			return NULL;
		int deep = (int)below(rng, (unsigned)n);
		struct umpire_square s;
		switch (edge) {
		case VS_SOUTH:
			s = (struct umpire_square){ 1 + (int)below(rng,
				(unsigned)files), 1 + deep };
			break;
		case VS_NORTH:
			s = (struct umpire_square){ 1 + (int)below(rng,
				(unsigned)files), ranks - deep };
			break;
		case VS_WEST:
			s = (struct umpire_square){ 1 + deep, 1 + (int)below(rng,
				(unsigned)ranks) };
			break;
		default:
			s = (struct umpire_square){ files - deep, 1 +
				(int)below(rng, (unsigned)ranks) };
			break;
		}
		return vs_sq_node(a, s);
	}
	int32_t half = f->at.base / 2 + 1, w = g->table.width,
		d = g->table.depth;
	int32_t deep = half + (int32_t)below(rng, VS_MOVE_UNIT);
	int32_t along_x = half + (int32_t)below(rng, (unsigned)(w > 2 * half ?
		w - 2 * half : 1));
	int32_t along_y = half + (int32_t)below(rng, (unsigned)(d > 2 * half ?
		d - 2 * half : 1));
	struct umpire_pt pt;
	switch (edge) {
	case VS_SOUTH:
		pt = (struct umpire_pt){ along_x, deep };
		break;
	case VS_NORTH:
		pt = (struct umpire_pt){ along_x, d - deep };
		break;
	case VS_WEST:
		pt = (struct umpire_pt){ deep, along_y };
		break;
	default:
		pt = (struct umpire_pt){ w - deep, along_y };
		break;
	}
	return vs_pt_node(a, pt);
}

/*
 * X's 6 (VS-54): when p is owed a figure, a defeated figure of his back
 * within a Move Unit of the edge its force began by, more than a Move
 * Unit from every opposing figure: places drawn near that edge, each
 * judged by the check itself, 64 a figure; none if none is found.
 */
static void
bring_back(struct umpire_ctx *ctx, const struct vs_game *g, int p,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct umpire_arena *a = ctx->arena;

	if (!g->solo || !g->player[p].owed)
		return;
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		if (f->owner != p || f->where != VS_DEFEATED || f->fresh)
			continue;
		int began = p;
		for (int q = 0; q < g->nplayers; q++)
			if (i >= g->player[q].first &&
			    i < g->player[q].first + g->player[q].nfigures)
				began = q;
		for (int tries = 0; tries < 64; tries++) {
			struct umpire_node *at = return_at(a, g, i,
				(int)g->player[began].edge, rng);
			if (!at)
				break;
			struct umpire_node *try = umpire_node_map(a, false);
			struct umpire_node *n = umpire_map_add(a, try, "return",
				umpire_node_map(a, true));
			umpire_map_add(a, n, "figure", umpire_node_str(a, f->id));
			umpire_map_add(a, n, "at", at);
			struct vs_orders o;
			struct umpire_diags d = UMPIRE_DIAGS_INIT;
			size_t bad = vs_orders_read(&o, a, g, p, VS_PHASE_SKILL,
				try, false, &d);
			umpire_diags_free(&d);
			if (bad || !o.has_return)
				continue;
			umpire_map_add(a, orders, "return", n);
			return;
		}
	}
}

/* ------------------------------------------------------------------ bot */

void
vs_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	const struct vs_game *g = game;
	struct vs_game *c = vs_game_copy(ctx->arena, g);
	struct umpire_arena *a = ctx->arena;
	int p = g->pos.player;

	if (p < 0)
		return;
	switch (g->pos.phase) {
	case VS_PHASE_INITIATIVE: {
		unsigned alive = vs_alive(g) & ~vs_destroyed(g);
		int n = 0, pick;
		for (int q = 0; q < g->nplayers; q++)
			n += (alive >> q) & 1u;
		pick = (int)below(rng, (unsigned)(n ? n : 1));
		int first = p;
		for (int q = 0; q < g->nplayers; q++)
			if ((alive >> q) & 1u) {
				if (pick-- == 0) {
					first = q;
					break;
				}
			}
		umpire_map_add(a, orders, "first", umpire_node_str(a,
			g->player[first].id));
		return;
	}
	case VS_PHASE_MOVE: {
		bool newer = !umpire_version_older(ctx->version,
			UMPIRE_BOT_SINCE);
		struct vs_target *t = umpire_arena_alloc(a,
			((size_t)c->nfigures + 2) * sizeof(*t));
		spawn(ctx, c, p, rng, orders);
		struct umpire_node *list = umpire_node_seq(a, false);
		for (int i = 0; i < c->nfigures; i++) {
			struct vs_figure *f = &c->figure[i];
			if (f->owner != p || !on(c, i) || f->moved || f->fresh ||
			    f->mount >= 0 || !vs_can_move(c, i) || below(rng, 4) == 0 ||
			    !may_act(c, p, i))
				continue;
			/* Since UMPIRE_BOT_SINCE: a figure that can already
			 * attack, in contact or at a distance, stays to. */
			if (newer && (targets(a, c, i, VS_HAND_TO_HAND, t) > 0 ||
			    (f->profile.distance &&
			    targets(a, c, i, VS_DISTANCE, t) > 0)))
				continue;
			bool was = acted(f);
			if (c->on_map)
				move_map(ctx, c, i, rng, list);
			else
				move_table(ctx, c, i, rng, list, newer);
			count(c, p, i, was);
		}
		umpire_map_add(a, orders, "moves", list);
		return;
	}
	case VS_PHASE_DISTANCE:
	case VS_PHASE_HAND: {
		struct umpire_node *list = umpire_node_seq(a, false);
		for (int i = 0; i < c->nfigures; i++) {
			struct vs_figure *f = &c->figure[i];
			if (f->owner != p || !on(c, i) || f->attacked || f->fresh ||
			    !may_act(c, p, i))
				continue;
			bool was = acted(f);
			attack(ctx, c, i, g->pos.phase == VS_PHASE_DISTANCE ?
				VS_DISTANCE : VS_HAND_TO_HAND, rng, list);
			count(c, p, i, was);
		}
		umpire_map_add(a, orders, "attacks", list);
		return;
	}
	case VS_PHASE_SKILL:
	case VS_PHASES:
		umpire_map_add(a, orders, "skills", umpire_node_seq(a, true));
		if (g->pos.phase == VS_PHASE_SKILL)
			bring_back(ctx, g, p, rng, orders);
		return;
	}
}

/*
 * Level 2's rating of a game for player (umpire-vsgmr(7), "The bot"):
 * 100 for each point he scored (VS-46) less the best of his opponents',
 * 10 for each point of his own figures still on the surface less the
 * most any opponent has on it, and an inch less for each inch between
 * a figure of his and the nearest enemy, up to 48 a figure: figures that
 * close in can fight.
 */
long long
vs_evaluate(const void *game, const char *player, const char *ruling)
{
	(void)ruling;	/* one rating in every version so far */
	const struct vs_game *g = game;
	int p = -1;

	for (int q = 0; q < g->nplayers; q++)
		if (strcmp(g->player[q].id, player) == 0)
			p = q;
	if (p < 0)
		return 0;
	long long own = 0, foe_on[VS_MAX_PLAYERS] = { 0 };
	long long v = 0;
	for (int i = 0; i < g->nfigures; i++)
		if (on(g, i)) {
			int o = g->figure[i].owner;
			if (o == p)
				own += g->figure[i].points;
			else if (o >= 0 && o < VS_MAX_PLAYERS)
				foe_on[o] += g->figure[i].points;
		}
	long long most_on = 0, most_score = 0;
	for (int q = 0; q < g->nplayers; q++) {
		if (q == p || !vs_foes(g, p, q))
			continue;
		if (foe_on[q] > most_on)
			most_on = foe_on[q];
		if (g->player[q].score > most_score)
			most_score = g->player[q].score;
	}
	v += 100LL * (g->player[p].score - most_score) + 10LL * (own - most_on);
	for (int i = 0; i < g->nfigures; i++) {
		if (!on(g, i) || g->figure[i].owner != p)
			continue;
		int e = nearest_foe(g, i);
		if (e < 0)
			continue;
		long long d;
		if (g->on_map) {
			long long df = g->figure[e].sq.file - g->figure[i].sq.file;
			long long dr = g->figure[e].sq.rank - g->figure[i].sq.rank;
			df = df < 0 ? -df : df;
			dr = dr < 0 ? -dr : dr;
			d = df > dr ? df : dr;
		} else {
			d = (long long)umpire_exact_isqrt((uint64_t)umpire_dist2(
				g->figure[i].at.at, g->figure[e].at.at)) / 100;
		}
		v -= d < 48 ? d : 48;
		/* What it can strike now: the most points among its targets,
		 * hand to hand or, with a distance attack, at a distance. */
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct vs_target *t = umpire_arena_alloc(&a,
			((size_t)g->nfigures + 2) * sizeof(*t));
		int most = 0;
		for (int kind = 0; kind < 2; kind++) {
			if (kind == 1 && !g->figure[i].profile.distance)
				break;
			int n = targets(&a, g, i, kind ? VS_DISTANCE :
				VS_HAND_TO_HAND, t);
			for (int k = 0; k < n; k++)
				if (t[k].kind == VS_AT_FIGURE &&
				    g->figure[t[k].index].points > most)
					most = g->figure[t[k].index].points;
		}
		umpire_arena_free(&a);
		v += 5LL * most;
	}
	return v;
}

/* An imagined die, from an rng of the search's own (vs_bot_level). */
static int
imagined_die(void *arg, unsigned sides, const char *purpose)
{
	(void)purpose;
	return 1 + (int)umpire_rng_below(arg, sides);
}

/*
 * Level 2 for the side nobody plays (X, a force marked bot: 2): the
 * level-1 bot's orders drawn with salt and VS_LOOKAHEAD - 1 more, each
 * carried out on copies of the game with imagined dice (never the
 * step's), rated by vs_evaluate; the best, the first on a tie.  The
 * same one-ply search as core's level 2 (umpire(1), BOTS), within the
 * step, as the solo bot plays.
 */
#define VS_LOOKAHEAD 8
#define VS_THROWS 2

void
vs_bot_level(struct umpire_ctx *ctx, const struct vs_game *g,
	const char *salt, struct umpire_node **out)
{
	struct umpire_arena *a = ctx->arena;
	int p = g->pos.player;
	long long best_v = 0;

	*out = NULL;
	for (int k = 0; k < VS_LOOKAHEAD; k++) {
		struct umpire_rng rng;
		struct umpire_buf key = UMPIRE_BUF_INIT;
		umpire_buf_puts(&key, salt);
		if (k > 0)
			umpire_buf_printf(&key, "\nlevel-2\n%d", k);
		umpire_rng_seed(&rng, key.ptr, key.len);
		struct umpire_node *orders = umpire_node_map(a, false);
		vs_bot(ctx, g, &rng, orders);
		long long v = 0;
		for (int t = 0; t < VS_THROWS; t++) {
			struct umpire_arena b = UMPIRE_ARENA_INIT;
			struct umpire_buf told = UMPIRE_BUF_INIT;
			struct umpire_rng dice_rng;
			struct vs_orders o;
			struct umpire_diags d = UMPIRE_DIAGS_INIT;
			struct vs_game *c = vs_game_copy(&b, g);
			struct umpire_buf throw = UMPIRE_BUF_INIT;
			/* The same throws for every candidate: they differ by
			 * their orders, not their luck. */
			umpire_buf_printf(&throw, "%s\nthrow\n%d", salt, t);
			umpire_rng_seed(&dice_rng, throw.ptr, throw.len);
			umpire_buf_free(&throw);
			struct vs_roller dice = { imagined_die, &dice_rng };
			struct vs_told tell = { &told, &b, NULL };
			if (vs_orders_read(&o, &b, c, p, c->pos.phase, orders, false,
			    &d) == 0 && vs_resolve(c, &o, &dice, &tell) == 0)
				v += vs_evaluate(c, g->player[p].id,
					ctx->version) / VS_THROWS;
			umpire_diags_free(&d);
			umpire_buf_free(&told);
			umpire_arena_free(&b);
		}
		umpire_buf_free(&key);
		if (!*out || v > best_v) {
			best_v = v;
			*out = orders;
		}
	}
}

/*
 * An attack phase is empty (umpire-vsgmr(7), "Empty decisions") when no
 * figure of the player's that may still attack this round has a target
 * it may attack (VS-65), and none has Summon (VS-69), which the phase
 * also takes.  Every other decision may be answered some way: a move,
 * a skill roll (VS-70), initiative.  Nothing in VSGMR is secret.
 */
bool
vs_empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	const struct vs_game *g = game;
	struct umpire_arena *a = ctx->arena;
	int p = g->pos.player;
	enum vs_phase phase = g->pos.phase;

	if (p < 0 || (phase != VS_PHASE_DISTANCE && phase != VS_PHASE_HAND))
		return false;
	enum vs_attack kind = phase == VS_PHASE_DISTANCE ? VS_DISTANCE :
		VS_HAND_TO_HAND;
	struct vs_target *t = umpire_arena_alloc(a, ((size_t)g->nfigures + 2) *
		sizeof(*t));
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		if (f->owner != p || !on(g, i))
			continue;
		if (vs_has(&f->profile, VS_SUMMON))
			return false;
		if (!f->attacked && !f->fresh && may_act(g, p, i) &&
		    targets(a, g, i, kind, t) > 0)
			return false;
	}
	umpire_map_add(a, orders, "attacks", umpire_node_seq(a, true));
	umpire_buf_printf(why, "%s, %s: no figure has a target",
		g->player[p].id, vs_phase_names[phase]);
	return true;
}
