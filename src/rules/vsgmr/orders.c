/*
 * orders.c - one player's orders for one phase of a VSGMR round, read
 * and checked against the game as it stands (vsgmr.h, the orders
 * section; umpire-vsgmr(7), ORDERS FILE).
 *
 * Names first: every figure, feature and object an order names exists
 * (did you mean ...), each figure is named once in the phase (VS-63),
 * and it is the player's, on the table or map and not fresh.  Then what
 * each order asks.  Moves are judged one after another on a working
 * copy of where everything stands (VS-64): a figure may step into the
 * place one before it left, and two cannot end on one place.  Attacks
 * are judged on the phase as it starts (VS-65); their `then` targets
 * only for being enemies, resolve judging the rest as they come
 * (VS-66).
 *
 * Choices made here where the rulebook and rulings are silent, each
 * said again where it is made:
 * - a table path lists the waypoints after where the figure stands; a
 *   map path every space stepped to, after the one it stands on;
 * - a rider moved on its own order gets off its mount (it dismounts),
 *   unless it boards one again; a rider carried by its mount's move has
 *   moved with it (II) and is not moved again, off the table or map
 *   too when its mount leaves (as resolve.c plays it);
 * - Spawning's figure comes first, then the moves; it is named once,
 *   so it does not also move in that phase (VS-63);
 * - "up to 1 Move Unit from the edge" (VIII, X) is from the nearest
 *   point of the figure's base (VS-29), on the map its nearest space
 *   in the Move Unit's ranks or files nearest the edge;
 * - Inspiration is asked for at most once in an orders file, one
 *   `reroll: true` or `reroll-armor`: it is used once a round (VS-68),
 *   so one request says which roll may use it, and none waits unused;
 * - a rider's mount and other riders block no line of sight to it at
 *   the table (VS-25 names enemy figures other than the target, but a
 *   mount's base holds its rider's: no rider could ever be seen), as
 *   on the map (VS-39);
 * - a building or terrain feature is attacked at a distance when in
 *   range and faced (VS-23, VS-24): no ruling gives a piece sight.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vsgmr.h"

/* Where things stand as the orders are played: the game's, moved. */
struct work {
	struct umpire_figure at;
	struct umpire_square sq;
	int mount;
	enum vs_where where;
	bool moved;		/* moved, or moved along, in these orders */
	bool named;		/* named by an order of this phase (VS-63) */
};

struct ck {
	const struct vs_game *g;
	struct umpire_arena *a;
	struct umpire_diags *d;
	int player;
	enum vs_phase phase;
	bool partial;
	struct work *w;
	int holder[VS_MAX_OBJECTS];
	int rerolls;		/* Inspiration asked for so far */
	const struct umpire_node *reroll_node;
	size_t errors;
};

static void __attribute__((format(printf, 3, 4)))
err(struct ck *c, const struct umpire_node *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_node_vdiag(c->d, UMPIRE_ERROR, n, fmt, ap);
	va_end(ap);
	c->errors++;
}

static bool
is_seq(const struct umpire_node *n)
{
	return n && n->type == UMPIRE_SEQ;
}

static bool
is_map(const struct umpire_node *n)
{
	return n && n->type == UMPIRE_MAP;
}

static const struct umpire_node *
key_of(const struct umpire_node *map, const char *key)
{
	const struct umpire_pair *p = umpire_map_pair(map, key);

	return p ? p->key : map;
}

static const char *
sq_name(struct umpire_arena *a, struct umpire_square s)
{
	char name[UMPIRE_SQUARE_NAME];

	return umpire_arena_strdup(a, umpire_grid_name(s, name));
}

static bool
allied(const struct vs_game *g, int p, int q)
{
	if (p == q)
		return true;
	/* VS-48: with sides, one's opponents are the other side's. */
	return g->ending.sides && g->player[p].team != VS_NO_TEAM &&
		g->player[p].team == g->player[q].team;
}

/* ------------------------------------------------------------ reading */

/* Whether the schema, whose range for a coordinate is the plane's, has
 * refused this one already: a number beyond +-163.84. */
static bool
beyond_the_plane(const struct umpire_node *v)
{
	if (v->type == UMPIRE_INT)
		return v->big || v->u.i >= 164 || v->u.i <= -164;
	return v->type == UMPIRE_FLOAT && (v->u.f > 163.84 || v->u.f < -163.84);
}

/* A point [x, y], inches with at most two decimals; off the table is
 * allowed (VS-27), beyond the plane is not (TABLE-1). */
static bool
read_pt(struct ck *c, const struct umpire_node *n, struct umpire_pt *out)
{
	long long v[2];

	if (!is_seq(n) || n->u.seq.n != 2) {
		if (!c->partial)
			err(c, n, "a point is [x, y], in inches");
		return false;
	}
	for (int i = 0; i < 2; i++)
		if (umpire_node_fixed(n->u.seq.v[i], 2, UMPIRE_PLANE_MAX,
		    &v[i]) < 0) {
			/* What the schema refused, it has said already. */
			if (c->partial && ((n->u.seq.v[i]->type != UMPIRE_INT &&
			    n->u.seq.v[i]->type != UMPIRE_FLOAT) ||
			    beyond_the_plane(n->u.seq.v[i])))
				return false;
			err(c, n->u.seq.v[i], "a coordinate is inches with at most "
				"two decimals, from -163.84 to 163.84 (TABLE-1)");
			return false;
		}
	*out = (struct umpire_pt){ (int32_t)v[0], (int32_t)v[1] };
	return true;
}

static bool
read_vector(struct ck *c, const struct umpire_node *n, struct umpire_pt *out)
{
	long long v[2];

	if (!is_seq(n) || n->u.seq.n != 2 || n->u.seq.v[0]->type != UMPIRE_INT ||
	    n->u.seq.v[1]->type != UMPIRE_INT) {
		if (!c->partial)
			err(c, n, "a facing is [dx, dy], whole numbers");
		return false;
	}
	v[0] = n->u.seq.v[0]->u.i;
	v[1] = n->u.seq.v[1]->u.i;
	if ((v[0] == 0 && v[1] == 0) || v[0] < -UMPIRE_PLANE_MAX ||
	    v[0] > UMPIRE_PLANE_MAX || v[1] < -UMPIRE_PLANE_MAX ||
	    v[1] > UMPIRE_PLANE_MAX) {
		err(c, n, "a facing is a direction of whole numbers, not [0, 0], "
			"each within 16384: [0, 1] faces north");
		return false;
	}
	*out = (struct umpire_pt){ (int32_t)v[0], (int32_t)v[1] };
	return true;
}

static bool
read_sq(struct ck *c, const struct umpire_node *n, struct umpire_square *out)
{
	const char *s = umpire_node_cstr(n);

	if (!s) {
		if (!c->partial)
			err(c, n, "a square is named as in chess, such as e4 (IX)");
		return false;
	}
	if (umpire_grid_parse(s, out) != 0) {
		err(c, n, "a square is named as in chess, a file letter and a "
			"rank, such as e4 (IX)");
		return false;
	}
	return true;
}

/* A place: a point on the table, a square on the map. */
static bool
read_place(struct ck *c, const struct umpire_node *n, struct vs_place *out)
{
	memset(out, 0, sizeof(*out));
	out->node = n;
	if (!n)
		return false;
	if (c->g->on_map) {
		if (n->type == UMPIRE_SEQ) {
			err(c, n, "this game is on a map: a place is a square such "
				"as e4, not a point (IX)");
			return false;
		}
		return read_sq(c, n, &out->sq);
	}
	if (n->type == UMPIRE_STR) {
		err(c, n, "this game is on a table: a place is a point [x, y] in "
			"inches, not a square");
		return false;
	}
	return read_pt(c, n, &out->at);
}

/* The figure an id names, with did-you-mean among the player's own
 * figures (own) or every figure; -1 after an error. */
static int
find_figure(struct ck *c, const struct umpire_node *n, bool own,
	const char *role)
{
	const struct vs_game *g = c->g;
	const char *id = umpire_node_cstr(n);
	struct umpire_suggest sg;

	if (!id)
		return -1;	/* the schema said so */
	for (int i = 0; i < g->nfigures; i++)
		if (strcmp(g->figure[i].id, id) == 0)
			return i;
	umpire_suggest_init(&sg, id);
	for (int i = 0; i < g->nfigures; i++)
		if (!own || g->figure[i].owner == c->player)
			umpire_suggest_add(&sg, g->figure[i].id);
	err(c, n, "no figure is called %s%s: %s names a figure of the game "
		"(VS-56)", umpire_quote(c->d, id, n->u.s.len),
		umpire_suggest_hint(&sg), role);
	return -1;
}

static const char *
where_text(enum vs_where w)
{
	switch (w) {
	case VS_WAITING:
		return "still to come into the game (VIII)";
	case VS_DEFEATED:
		return "defeated (III)";
	case VS_OFF:
		return "off the playing surface and out of the game (II, VS-27)";
	default:
		return "on the table";
	}
}

/*
 * The figure an order is for: the player's, named once in the phase
 * (VS-63), on the table or map (or waiting, for Spawning), not fresh
 * (V).  Its index, or -1 after an error.
 */
static int
own_figure(struct ck *c, const struct umpire_node *n, enum vs_where want)
{
	const struct vs_game *g = c->g;
	int i = find_figure(c, n, true, "figure");

	if (i < 0)
		return -1;
	const struct vs_figure *f = &g->figure[i];
	if (c->w[i].named) {
		err(c, n, "%s is named twice: a phase's orders name each figure "
			"once (II, VS-63)", f->id);
		return -1;
	}
	c->w[i].named = true;
	if (f->owner != c->player) {
		err(c, n, "%s belongs to %s: %s gives orders to his own "
			"figures", f->id, g->player[f->owner].id,
			g->player[c->player].id);
		return -1;
	}
	if (c->w[i].where != want) {
		if (want == VS_WAITING)
			err(c, n, "%s is not waiting to come into the game: only a "
				"figure not yet in it is spawned (VIII, VS-51)", f->id);
		else if (c->w[i].where == VS_ON)
			err(c, n, "%s is on the table already", f->id);
		else
			err(c, n, "%s is %s", f->id, where_text(c->w[i].where));
		return -1;
	}
	if (f->fresh) {
		err(c, n, "%s came into the game this round and acts from the "
			"next (V)", f->id);
		return -1;
	}
	return i;
}

/* A figure or feature an attack is aimed at. */
static bool
find_target(struct ck *c, const struct umpire_node *n, struct vs_target *out)
{
	const struct vs_game *g = c->g;
	const char *id = umpire_node_cstr(n);
	struct umpire_suggest sg;

	out->node = n;
	if (!id)
		return false;
	for (int i = 0; i < g->nfigures; i++)
		if (strcmp(g->figure[i].id, id) == 0) {
			*out = (struct vs_target){ VS_AT_FIGURE, i, n };
			return true;
		}
	for (int i = 0; i < g->nfeatures; i++)
		if (strcmp(g->feature[i].id, id) == 0) {
			*out = (struct vs_target){ VS_AT_FEATURE, i, n };
			return true;
		}
	umpire_suggest_init(&sg, id);
	for (int i = 0; i < g->nfigures; i++)
		if (!allied(g, c->player, g->figure[i].owner))
			umpire_suggest_add(&sg, g->figure[i].id);
	for (int i = 0; i < g->nfeatures; i++)
		umpire_suggest_add(&sg, g->feature[i].id);
	err(c, n, "no figure or feature is called %s%s: a target is an enemy "
		"figure or a building or terrain feature (III)",
		umpire_quote(c->d, id, n->u.s.len), umpire_suggest_hint(&sg));
	return false;
}

/* A target may be attacked at all: an enemy (VS-48) on the table, or a
 * feature still standing (VS-72).  A `then` target is only an enemy
 * here (standing false): the rest is judged as its turn comes (VS-66). */
static bool
target_ok(struct ck *c, const struct vs_target *t, bool standing)
{
	const struct vs_game *g = c->g;

	if (t->kind == VS_AT_FEATURE && !standing)
		return true;
	if (t->kind == VS_AT_FEATURE) {
		if (g->feature[t->index].removed) {
			err(c, t->node, "%s was destroyed and is no longer there "
				"(III, VS-72)", g->feature[t->index].id);
			return false;
		}
		return true;
	}
	const struct vs_figure *f = &g->figure[t->index];
	if (allied(g, c->player, f->owner)) {
		err(c, t->node, "%s is %s, not an enemy: attacks are at another "
			"player's figures%s (II)", f->id, f->owner == c->player ?
			"your own" : umpire_arena_printf(c->a, "%s's, of your side",
			g->player[f->owner].id), g->ending.sides ?
			", of the other side (VS-48)" : "");
		return false;
	}
	if (standing && f->where != VS_ON) {
		err(c, t->node, "%s is %s", f->id, where_text(f->where));
		return false;
	}
	return true;
}

/* --------------------------------------------------------------- the map */

/* The figures on the map as map.c takes them, from the working copy;
 * idx[i] is figure i's index there, or -1. */
static struct vs_map
map_of(struct ck *c, struct vs_map_figure *mf, int *idx)
{
	const struct vs_game *g = c->g;
	int n = 0;

	for (int i = 0; i < g->nfigures; i++) {
		idx[i] = -1;
		if (c->w[i].where != VS_ON)
			continue;
		idx[i] = n;
		mf[n++] = (struct vs_map_figure){ c->w[i].sq, g->figure[i].size,
			g->figure[i].owner, 0 };
	}
	for (int i = 0; i < g->nfigures; i++)
		if (idx[i] >= 0 && c->w[i].mount >= 0 && idx[c->w[i].mount] >= 0)
			mf[idx[i]].mount = 1 + idx[c->w[i].mount];
	return (struct vs_map){ g->grid, g->ground, mf, n };
}

static enum vs_terrain
ground(const struct vs_game *g, struct umpire_square s)
{
	return (enum vs_terrain)g->ground[umpire_grid_index(&g->grid, s)];
}

static bool
on_grid(const struct vs_game *g, struct umpire_square s, int size)
{
	return s.file >= 1 && s.rank >= 1 && s.file + size - 1 <= g->grid.files &&
		s.rank + size - 1 <= g->grid.ranks;
}

static bool
covers(struct umpire_square at, int size, struct umpire_square s)
{
	return s.file >= at.file && s.file < at.file + size &&
		s.rank >= at.rank && s.rank < at.rank + size;
}

/* King moves between the nearest spaces of two squares of sizes. */
static int
gap1(int a, int asize, int b, int bsize)
{
	if (a + asize - 1 < b)
		return b - (a + asize - 1);
	if (b + bsize - 1 < a)
		return a - (b + bsize - 1);
	return 0;
}

static int
sq_gap(struct umpire_square a, int asize, struct umpire_square b, int bsize)
{
	int x = gap1(a.file, asize, b.file, bsize);
	int y = gap1(a.rank, asize, b.rank, bsize);

	return x > y ? x : y;
}

/* King moves from a figure to a map feature's nearest square. */
static int
feature_gap(const struct vs_feature *ft, struct umpire_square at, int size)
{
	int best = -1;

	for (int k = 0; k < ft->nsquares; k++) {
		int d = sq_gap(at, size, ft->squares[k], 1);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/* ------------------------------------------------------------- placing */

/* Whether figure i may stand at p / on s, every other figure as the
 * working copy has it (riders of i and figure skip aside): why not, or
 * NULL.  VS-26, VS-34, VS-35. */
static const char *
place_refused(struct ck *c, int i, const struct vs_place *p, int skip)
{
	const struct vs_game *g = c->g;
	const struct vs_figure *f = &g->figure[i];

	if (g->on_map) {
		if (!on_grid(g, p->sq, f->size))
			return umpire_arena_printf(c->a, "%s is off the map%s",
				sq_name(c->a, p->sq), f->size > 1 ?
				", or some of the figure's spaces from it are" : "");
		for (int y = 0; y < f->size; y++)
			for (int x = 0; x < f->size; x++) {
				struct umpire_square s = { p->sq.file + x,
					p->sq.rank + y };
				enum vs_terrain t = ground(g, s);
				if (t == VS_MAP_PARTIAL || t == VS_MAP_BUILDING)
					return umpire_arena_printf(c->a, "%s is %s, and no "
						"figure stands on a barrier (VS-34)",
						sq_name(c->a, s), vs_terrain_titles[t]);
				for (int j = 0; j < g->nfigures; j++)
					if (j != i && j != skip && c->w[j].where == VS_ON &&
					    covers(c->w[j].sq, g->figure[j].size, s))
						return umpire_arena_printf(c->a, "%s holds %s: "
							"one figure to a space (IX, VS-35)",
							sq_name(c->a, s), g->figure[j].id);
			}
		return NULL;
	}
	struct umpire_figure me = { p->at, f->at.base, f->at.facing };
	if (!umpire_table_holds(&g->table, p->at))
		return umpire_arena_printf(c->a, "[%s, %s] is off the table",
			vs_len_text(c->a, p->at.x), vs_len_text(c->a, p->at.y));
	for (int j = 0; j < g->nfigures; j++) {
		if (j == i || j == skip || c->w[j].where != VS_ON)
			continue;
		int64_t s = (int64_t)me.base + c->w[j].at.base;
		if (4 * umpire_dist2(me.at, c->w[j].at.at) < s * s)
			return umpire_arena_printf(c->a, "its base would overlap "
				"%s's: bases never overlap (VS-21, VS-26)",
				g->figure[j].id);
	}
	for (int k = 0; k < g->nfeatures; k++)
		if (!g->feature[k].removed &&
		    (vs_kinds(VS_BARRIER) & UMPIRE_KIND(g->pieces[k].kind)) &&
		    umpire_piece_near(&g->pieces[k], p->at, p->at, me.base))
			return umpire_arena_printf(c->a, "it would stand on %s, a "
				"barrier (VS-26)", g->feature[k].id);
	return NULL;
}

/* Within a Move Unit of a table or map edge (VIII, X): from the nearest
 * point of the base, or the nearest space. */
static bool
near_edge(struct ck *c, int i, const struct vs_place *p,
	enum vs_side_of_table e)
{
	const struct vs_game *g = c->g;

	if (g->on_map) {
		int n = vs_map_units(g->scale, 2), size = g->figure[i].size;
		switch (e) {
		case VS_SOUTH:
			return p->sq.rank <= n;
		case VS_NORTH:
			return p->sq.rank + size - 1 > g->grid.ranks - n;
		case VS_WEST:
			return p->sq.file <= n;
		default:
			return p->sq.file + size - 1 > g->grid.files - n;
		}
	}
	/* Twice the gap from the edge to the base's nearest point. */
	int64_t base = g->figure[i].at.base, room = 2 * VS_MOVE_UNIT;
	switch (e) {
	case VS_SOUTH:
		return 2 * (int64_t)p->at.y - base <= room;
	case VS_NORTH:
		return 2 * ((int64_t)g->table.depth - p->at.y) - base <= room;
	case VS_WEST:
		return 2 * (int64_t)p->at.x - base <= room;
	default:
		return 2 * ((int64_t)g->table.width - p->at.x) - base <= room;
	}
}

/* Put figure i at p in the working copy, alone (its riders stay). */
static void
put(struct ck *c, int i, const struct vs_place *p)
{
	c->w[i].where = VS_ON;
	c->w[i].mount = -1;
	c->w[i].at.at = p->at;
	c->w[i].sq = p->sq;
}

/* ------------------------------------------------------------- moves */

static const char *
move_verdict(struct ck *c, const struct vs_move *mv, const int *ally_of,
	const int *foe_of, int i)
{
	const struct vs_game *g = c->g;
	const char *who = g->figure[i].id;

	switch (mv->verdict) {
	case VS_MOVE_FAR:
		if (mv->rough >= 0)
			return umpire_arena_printf(c->a, "%s's path is %s\" long; it "
				"starts in rough terrain (%s), so it moves a Half Move "
				"Unit, %s\" (II, VS-17, VS-26)", who, vs_len_text(c->a,
				mv->length), g->feature[mv->rough].id,
				vs_len_text(c->a, mv->allowance));
		return umpire_arena_printf(c->a, "%s's path is %s\" long, and it "
			"moves %s\" (II, VS-17, VS-26)", who,
			vs_len_text(c->a, mv->length), vs_len_text(c->a, mv->allowance));
	case VS_MOVE_BARRIER:
		return umpire_arena_printf(c->a, "%s's path crosses %s, a barrier: "
			"only Flight passes over one (II, V, VS-26)", who,
			g->feature[mv->piece].id);
	case VS_MOVE_THROUGH:
		return umpire_arena_printf(c->a, "%s's path goes through %s's "
			"base, not of its side (IX, VS-26)", who,
			g->figure[foe_of[mv->figure]].id);
	case VS_MOVE_ONTO:
		if (mv->piece >= 0)
			return umpire_arena_printf(c->a, "%s's move ends on %s, a "
				"barrier (VS-26)", who, g->feature[mv->piece].id);
		return umpire_arena_printf(c->a, "%s's move ends on %s's base: "
			"bases never overlap at the end of a move, but a mount's "
			"that is boarded (II, VS-26)", who, g->figure[mv->ally ?
			ally_of[mv->figure] : foe_of[mv->figure]].id);
	case VS_MOVE_RETURN:
		return umpire_arena_printf(c->a, "%s's path goes on after "
			"leaving the table: anything that moves off the playing "
			"surface cannot return (II, VS-27)", who);
	default:
		return NULL;
	}
}

/* The edge a point off the table is beyond, or -1 (VS-27). */
static bool
beyond(const struct vs_game *g, struct umpire_pt p, int e)
{
	switch (e) {
	case VS_SOUTH:
		return p.y < 0;
	case VS_NORTH:
		return p.y > g->table.depth;
	case VS_WEST:
		return p.x < 0;
	default:
		return p.x > g->table.width;
	}
}

/* Riders of i count (VS-7: its rider or driver, and carries more). */
static int
riders(const struct ck *c, int m)
{
	int k = 0;

	for (int j = 0; j < c->g->nfigures; j++)
		if (c->w[j].where == VS_ON && c->w[j].mount == m)
			k++;
	return k;
}

/* The table: judge the path with space.c and play it.  Returns false
 * after an error. */
static bool
table_move(struct ck *c, int i, struct vs_move_order *mo,
	const struct umpire_node *path)
{
	const struct vs_game *g = c->g;
	const struct vs_figure *f = &g->figure[i];
	size_t n = (size_t)mo->npath + 1;
	struct umpire_pt *wp = umpire_arena_alloc(c->a, n * sizeof(*wp));
	struct umpire_figure *ally = umpire_arena_alloc(c->a,
		(size_t)(g->nfigures + 1) * sizeof(*ally));
	struct umpire_figure *foe = umpire_arena_alloc(c->a,
		(size_t)(g->nfigures + 1) * sizeof(*foe));
	int *ally_of = umpire_arena_alloc(c->a,
		(size_t)(g->nfigures + 1) * sizeof(int));
	int *foe_of = umpire_arena_alloc(c->a,
		(size_t)(g->nfigures + 1) * sizeof(int));
	struct vs_move_ask ask = { &g->table, &f->profile, c->w[i].at, wp, n,
		ally, 0, foe, 0, -1 };
	struct vs_move mv;

	wp[0] = c->w[i].at.at;
	if (mo->npath)		/* off alone has no path */
		memcpy(wp + 1, mo->path, (size_t)mo->npath * sizeof(*wp));
	for (int j = 0; j < g->nfigures; j++) {
		if (j == i || c->w[j].where != VS_ON || c->w[j].mount == i ||
		    (mo->board >= 0 && c->w[j].mount == mo->board))
			continue;	/* its riders go with it (II) */
		if (allied(g, f->owner, g->figure[j].owner)) {
			if (j == mo->board)
				ask.mount = (int)ask.nally;
			ally_of[ask.nally] = j;
			ally[ask.nally++] = c->w[j].at;
		} else {
			foe_of[ask.nfoe] = j;
			foe[ask.nfoe++] = c->w[j].at;
		}
	}
	if (vs_move_judge(&mv, &ask) != 0) {
		err(c, path, "%s's path cannot be judged: every waypoint is "
			"within 163.84\" of the table's corner (TABLE-1)", f->id);
		return false;
	}
	if (mv.verdict != VS_MOVE_OK) {
		err(c, path, "%s", move_verdict(c, &mv, ally_of, foe_of, i));
		return false;
	}
	struct umpire_pt end = wp[n - 1];
	if (mv.off != (mo->off >= 0)) {
		if (mv.off)
			err(c, path, "%s's path ends off the table: write off: the "
				"edge it leaves by, for it leaves the game (II, VS-27)",
				f->id);
		else
			err(c, key_of(mo->node, "off"), "%s's %s on the table: a "
				"figure leaves by a path whose last waypoint is beyond "
				"the edge (II, VS-27)", f->id, mo->npath ?
				"path ends" : "move, with no path, stays");
		return false;
	}
	if (mv.off && !beyond(g, end, mo->off)) {
		err(c, umpire_map_get(mo->node, "off"), "%s's path does not end "
			"beyond the %s edge: its last waypoint [%s, %s] is off the "
			"table elsewhere (VS-27)", f->id, vs_compass_names[mo->off],
			vs_len_text(c->a, end.x), vs_len_text(c->a, end.y));
		return false;
	}
	if (mo->board >= 0 && !umpire_pt_eq(end,
	    c->w[mo->board].at.at)) {
		err(c, path, "%s boards %s: its path ends on %s's centre [%s, "
			"%s], where a rider stands (II, VS-57)", f->id,
			g->figure[mo->board].id, g->figure[mo->board].id,
			vs_len_text(c->a, c->w[mo->board].at.at.x),
			vs_len_text(c->a, c->w[mo->board].at.at.y));
		return false;
	}
	/* Played: its riders move along (II), off the table too, as
	 * resolve.c has them. */
	for (int j = 0; j < g->nfigures; j++)
		if (c->w[j].where == VS_ON && c->w[j].mount == i) {
			c->w[j].at.at = end;
			c->w[j].moved = true;
			if (mv.off)
				c->w[j].where = VS_OFF;
		}
	c->w[i].at.at = end;
	if (mv.off)
		c->w[i].where = VS_OFF;
	return true;
}

/* The map: each step a king's move to a space it may pass (VS-34,
 * VS-35), as many as its allowance, halved if any is difficult (VS-33);
 * the end judged by map.c. */
static bool
map_move(struct ck *c, int i, struct vs_move_order *mo,
	const struct umpire_node *path)
{
	const struct vs_game *g = c->g;
	const struct vs_figure *f = &g->figure[i];
	bool flight = vs_has(&f->profile, VS_FLIGHT), slow = false;
	struct umpire_square at = c->w[i].sq;
	int size = f->size;
	char why[300];

	for (int k = 0; k <= mo->npath; k++) {
		const struct umpire_node *sn = k ? path->u.seq.v[k - 1] : path;
		struct umpire_square s = k ? mo->steps[k - 1] : at;
		if (k && umpire_grid_distance(at, s) != 1) {
			err(c, sn, "%s steps from %s to %s: a step is to one of the "
				"eight spaces next to it (IX, VS-35)", f->id,
				sq_name(c->a, at), sq_name(c->a, s));
			return false;
		}
		if (!on_grid(g, s, size)) {
			err(c, sn, "%s is off the map%s; a move off it is written "
				"off: EDGE (VS-36)", sq_name(c->a, s), size > 1 ?
				", or some of the figure's spaces from it are" : "");
			return false;
		}
		for (int y = 0; y < size; y++)
			for (int x = 0; x < size; x++) {
				struct umpire_square q = { s.file + x, s.rank + y };
				enum vs_terrain t = ground(g, q);
				if (t == VS_MAP_DIFFICULT || t == VS_MAP_DARKNESS)
					slow = true;
				if (k && !flight && (t == VS_MAP_PARTIAL ||
				    t == VS_MAP_BUILDING)) {
					err(c, sn, "%s is %s: no figure moves through a "
						"barrier but with Flight (II, V, VS-34)",
						sq_name(c->a, q), vs_terrain_titles[t]);
					return false;
				}
				for (int j = 0; k && j < g->nfigures; j++)
					if (c->w[j].where == VS_ON && !allied(g, f->owner,
					    g->figure[j].owner) && covers(c->w[j].sq,
					    g->figure[j].size, q)) {
						err(c, sn, "%s holds %s, an enemy: a figure "
							"passes through its own side's figures "
							"only (IX, VS-35)", sq_name(c->a, q),
							g->figure[j].id);
						return false;
					}
			}
		at = s;
	}
	int allow = vs_map_allowance(g->scale, &f->profile, slow && !flight);
	int steps = mo->npath + (mo->off >= 0);
	if (steps > allow) {
		err(c, path, "%s takes %d step%s%s, and moves %d%s (IX, VS-32, "
			"VS-33, VS-36)", f->id, steps, steps == 1 ? "" : "s",
			mo->off >= 0 ? ", the step off included" : "", allow,
			slow && !flight ? ", its movement halved by difficult "
			"terrain on the way" : "");
		return false;
	}

	struct vs_map_figure *mf = umpire_arena_alloc(c->a,
		(size_t)(g->nfigures + 1) * sizeof(*mf));
	int *idx = umpire_arena_alloc(c->a, (size_t)(g->nfigures + 1) *
		sizeof(int));
	struct vs_map m = map_of(c, mf, idx);
	if (mo->off >= 0) {
		bool edge = mo->off == VS_SOUTH ? at.rank == 1 :
			mo->off == VS_NORTH ? at.rank + size - 1 == g->grid.ranks :
			mo->off == VS_WEST ? at.file == 1 :
			at.file + size - 1 == g->grid.files;
		if (!edge) {
			err(c, umpire_map_get(mo->node, "off"), "%s ends on %s, not "
				"on the %s edge it would leave by (VS-36)", f->id,
				sq_name(c->a, at), vs_compass_names[mo->off]);
			return false;
		}
		if (vs_map_leave(&m, idx[i], g->scale, &f->profile, why,
		    sizeof(why)) < 0) {
			err(c, path, "%s: %s", f->id, why);
			return false;
		}
		for (int j = 0; j < g->nfigures; j++)
			if (c->w[j].where == VS_ON && c->w[j].mount == i) {
				c->w[j].where = VS_OFF;	/* along with it (II) */
				c->w[j].moved = true;
			}
		c->w[i].where = VS_OFF;
		return true;
	}
	if (mo->npath == 0)
		return true;
	int onto = mo->board >= 0 ? idx[mo->board] : -1;
	if (vs_map_move(&m, idx[i], g->scale, &f->profile, at, onto, why,
	    sizeof(why)) < 0) {
		err(c, path, "%s: %s", f->id, why);
		return false;
	}
	int df = at.file - c->w[i].sq.file, dr = at.rank - c->w[i].sq.rank;
	for (int j = 0; j < g->nfigures; j++)
		if (c->w[j].where == VS_ON && c->w[j].mount == i) {
			c->w[j].sq.file += df;
			c->w[j].sq.rank += dr;
			c->w[j].moved = true;
		}
	c->w[i].sq = at;
	return true;
}

static int
object_index(struct ck *c, const struct umpire_node *n)
{
	const struct vs_game *g = c->g;
	const char *id = umpire_node_cstr(n);
	struct umpire_suggest sg;

	if (!id)
		return -1;
	for (int k = 0; k < g->nobjects; k++)
		if (strcmp(g->object[k].id, id) == 0)
			return k;
	umpire_suggest_init(&sg, id);
	for (int k = 0; k < g->nobjects; k++)
		umpire_suggest_add(&sg, g->object[k].id);
	err(c, n, "no object is called %s%s: pick names objects of the "
		"scenario (III)", umpire_quote(c->d, id, n->u.s.len),
		umpire_suggest_hint(&sg));
	return -1;
}

/* Under its base or in its spaces at the end of the move (VS-71). */
static bool
under(struct ck *c, int i, int k)
{
	const struct vs_game *g = c->g;

	if (g->on_map)
		return covers(c->w[i].sq, g->figure[i].size, g->object[k].sq);
	int64_t b = c->w[i].at.base;
	return 4 * umpire_dist2(c->w[i].at.at, g->object[k].at) <= b * b;
}

static void
read_move(struct ck *c, const struct umpire_node *n, struct vs_move_order *mo)
{
	const struct vs_game *g = c->g;
	const struct umpire_node *path = umpire_map_get(n, "path");
	const struct umpire_node *v;
	int i;

	memset(mo, 0, sizeof(*mo));
	mo->figure = mo->off = mo->board = mo->flying = -1;
	mo->node = n;
	if ((i = own_figure(c, umpire_map_get(n, "figure"), VS_ON)) < 0)
		return;
	mo->figure = i;
	const struct vs_figure *f = &g->figure[i];
	const struct umpire_node *fn = umpire_map_get(n, "figure");
	if (f->moved || c->w[i].moved) {
		err(c, fn, "%s has moved this round%s: each figure moves once "
			"(II)", f->id, c->w[i].moved && c->w[i].mount >= 0 ?
			umpire_arena_printf(c->a, ", along with %s",
			g->figure[c->w[i].mount].id) : "");
		return;
	}
	if (!vs_is_guy(&f->profile) && !vs_has(&f->profile, VS_INDEPENDENT) &&
	    riders(c, i) == 0) {
		err(c, fn, "%s is %s with no rider or driver: it moves only with "
			"one aboard, or with Independent (II, V)", f->id,
			f->profile.kind == VS_CAVALRY ? "cavalry" : "a vehicle");
		return;
	}

	/* The keys, each read before anything is played. */
	bool ok = true;
	if ((v = umpire_map_get(n, "off"))) {
		const char *s = umpire_node_cstr(v);
		for (int e = 0; s && e < VS_COMPASS; e++)
			if (strcmp(s, vs_compass_names[e]) == 0)
				mo->off = e;
		if (mo->off < 0 && s) {
			err(c, v, "an edge is south, east, north or west");
			ok = false;
		}
	}
	if ((v = umpire_map_get(n, "facing"))) {
		if (g->on_map) {
			err(c, key_of(n, "facing"), "figures on the map face every "
				"way: leave facing out (IX)");
			ok = false;
		} else if (read_vector(c, v, &mo->facing)) {
			mo->has_facing = true;
		} else {
			ok = false;
		}
	}
	if ((v = umpire_map_get(n, "flying")) && v->type == UMPIRE_BOOL) {
		if (!vs_has(&f->profile, VS_FLIGHT)) {
			err(c, key_of(n, "flying"), "%s has no Flight: only a figure "
				"with it flies (V, VS-73)", f->id);
			ok = false;
		} else {
			mo->flying = v->u.b;
		}
	}
	if ((v = umpire_map_get(n, "board"))) {
		int m = find_figure(c, v, true, "board");
		const struct vs_figure *mf = m >= 0 ? &g->figure[m] : NULL;
		if (m < 0) {
			ok = false;
		} else if (!vs_is_guy(&f->profile)) {
			err(c, v, "%s is no guy: only a guy rides or drives (II)",
				f->id);
			ok = false;
		} else if (mf->profile.kind != VS_CAVALRY &&
		    mf->profile.kind != VS_VEHICLE) {
			err(c, v, "%s is a guy: a guy boards cavalry or a vehicle "
				"(II)", mf->id);
			ok = false;
		} else if (mf->owner != f->owner) {
			err(c, v, "%s belongs to %s: a guy boards his own side's "
				"cavalry or vehicle (II, VS-35)", mf->id,
				g->player[mf->owner].id);
			ok = false;
		} else if (c->w[m].where != VS_ON || c->w[m].mount >= 0) {
			err(c, v, "%s is %s", mf->id, c->w[m].where != VS_ON ?
				where_text(c->w[m].where) : "a rider itself, and a "
				"rider rides no rider (VS-35)");
			ok = false;
		} else if (c->w[i].mount != m &&
		    riders(c, m) >= 1 + mf->profile.carries) {
			err(c, v, "%s has room for %d: its rider or driver and %d "
				"more, and is full (IV, VS-7)", mf->id,
				1 + mf->profile.carries, mf->profile.carries);
			ok = false;
		} else if (riders(c, i) > 0) {
			err(c, v, "%s carries riders itself and boards nothing "
				"(VS-35)", f->id);
			ok = false;
		} else {
			mo->board = m;
		}
		if (ok && mo->off >= 0) {
			err(c, key_of(n, "board"), "a figure that leaves the table "
				"boards nothing: leave out board or off");
			ok = false;
		}
	}
	if (is_seq(path)) {
		size_t np = path->u.seq.n;
		if (np > VS_MAX_PATH) {
			np = VS_MAX_PATH;	/* the schema's maxItems said so */
			ok = false;
		}
		mo->path = umpire_arena_alloc(c->a, (np + 1) * sizeof(*mo->path));
		mo->steps = umpire_arena_alloc(c->a, (np + 1) * sizeof(*mo->steps));
		for (size_t k = 0; k < np; k++) {
			const struct umpire_node *e = path->u.seq.v[k];
			bool good;
			if (g->on_map) {
				good = e->type != UMPIRE_SEQ ?
					read_sq(c, e, &mo->steps[k]) : false;
				if (e->type == UMPIRE_SEQ)
					err(c, e, "this game is on a map: its path lists "
						"squares, such as e4 (VS-35)");
			} else {
				good = e->type != UMPIRE_STR ?
					read_pt(c, e, &mo->path[k]) : false;
				if (e->type == UMPIRE_STR)
					err(c, e, "this game is on a table: its path lists "
						"points [x, y] in inches (VS-26)");
			}
			ok = ok && good;
		}
		mo->npath = (int)np;
	} else if (path) {
		ok = false;	/* the schema said so */
	}
	if (mo->board >= 0 && mo->npath == 0 && ok) {
		err(c, key_of(n, "board"), "%s boards %s at the end of a path: "
			"give path (II, VS-35)", f->id, g->figure[mo->board].id);
		ok = false;
	}
	if (!ok)
		return;

	/* Played on the working copy (VS-64). */
	if (mo->npath > 0 || mo->off >= 0) {
		if (!(g->on_map ? map_move(c, i, mo, path ? path : n) :
		    table_move(c, i, mo, path ? path : n)))
			return;
		/* A rider moved on its own order gets off, unless it boards
		 * again (the choice this file makes; II). */
		c->w[i].mount = mo->board;
	}
	c->w[i].moved = true;
	if (mo->has_facing)
		c->w[i].at.facing = mo->facing;
	if ((v = umpire_map_get(n, "pick")) && is_seq(v)) {
		for (size_t k = 0; k < v->u.seq.n && mo->npick < VS_MAX_OBJECTS;
		    k++) {
			const struct umpire_node *e = v->u.seq.v[k];
			int o = object_index(c, e);
			if (o < 0)
				continue;
			if (c->w[i].where != VS_ON) {
				err(c, e, "%s leaves the game and picks nothing up "
					"(VS-71)", f->id);
			} else if (c->holder[o] >= 0) {
				err(c, e, "%s is carried by %s: a figure picks up what "
					"lies on the ground (III, VS-71)", g->object[o].id,
					g->figure[c->holder[o]].id);
			} else if (!under(c, i, o)) {
				err(c, e, "%s does not lie %s at the end of %s's move: "
					"%s (III, VS-71)", g->object[o].id, g->on_map ?
					"in its spaces" : "under its base", f->id,
					g->on_map ? sq_name(c->a, g->object[o].sq) :
					umpire_arena_printf(c->a, "it is at [%s, %s]",
					vs_len_text(c->a, g->object[o].at.x),
					vs_len_text(c->a, g->object[o].at.y)));
			} else {
				c->holder[o] = i;
				mo->pick[mo->npick++] = o;
			}
		}
	}
}

/* Spawning (VIII, VS-51): the die shown in the decision says whether a
 * figure comes and on which side. */
static void
read_spawn(struct ck *c, const struct umpire_node *n, struct vs_orders *o)
{
	const struct vs_game *g = c->g;
	const struct vs_player *pl = &g->player[c->player];
	const struct umpire_node *v;
	struct vs_spawn sp;
	int i;

	o->spawn_figure = -1;
	o->spawn_edge = -1;
	if (g->scenario != VS_SPAWNING || pl->team != VS_SPAWNER) {
		err(c, key_of(n, "spawn"), "only a Spawner player spawns "
			"figures, in Spawning (VIII, VS-51)");
		return;
	}
	if (vs_spawn_judge(&sp, pl->spawn) != 0) {
		err(c, key_of(n, "spawn"), "no spawn die was rolled for this "
			"movement: %s has no figure waiting (VIII, VS-51)", pl->id);
		return;
	}
	if (!sp.place) {
		err(c, key_of(n, "spawn"), "the spawn die shows 6: no figure is "
			"placed this turn (VIII)");
		return;
	}
	v = umpire_map_get(n, "spawn");
	if (!is_map(v))
		return;
	if ((i = own_figure(c, umpire_map_get(v, "figure"), VS_WAITING)) < 0)
		return;
	const struct vs_figure *f = &g->figure[i];
	enum vs_edge rel = sp.edge;
	const struct umpire_node *en = umpire_map_get(v, "edge");
	if (sp.choose) {
		const char *s = umpire_node_cstr(en);
		rel = VS_EDGES;
		for (int e = 0; s && e < VS_EDGES; e++)
			if (strcmp(s, vs_edge_names[e]) == 0)
				rel = e;
		if (!en) {
			err(c, v, "the spawn die shows 5: say which side, edge: own, "
				"right, opposite or left (VIII)");
			return;
		}
		if (rel == VS_EDGES) {
			if (s)
				err(c, en, "an edge is own, right, opposite or left");
			return;
		}
	} else if (en) {
		err(c, key_of(v, "edge"), "the spawn die shows %d, which names "
			"the side (the %s one): edge is for a 5 (VIII)", sp.die,
			vs_edge_names[sp.edge]);
		return;
	}
	/* Seen from his own side, facing the table: his right is the next
	 * side round the compass, south to east (VS-51). */
	enum vs_side_of_table side = (enum vs_side_of_table)
		(((int)pl->edge + (int)rel) % VS_COMPASS);
	struct vs_place p;
	if (!read_place(c, umpire_map_get(v, "at"), &p))
		return;
	if ((v = umpire_map_get(v, "facing")) && !g->on_map) {
		if (!read_vector(c, v, &o->spawn_facing))
			return;
		o->spawn_has_facing = true;
	} else if (v) {
		err(c, v, "figures on the map face every way: leave facing out "
			"(IX)");
		return;
	}
	const char *why = place_refused(c, i, &p, -1);
	if (why) {
		err(c, p.node, "%s cannot be placed there: %s", f->id, why);
		return;
	}
	if (!near_edge(c, i, &p, side)) {
		err(c, p.node, "the spawn die shows %d: %s comes within a Move "
			"Unit of the %s edge, your %s side (VIII, VS-51)", sp.die,
			f->id, vs_compass_names[side], vs_edge_names[rel]);
		return;
	}
	o->has_spawn = true;
	o->spawn_figure = i;
	o->spawn_place = p;
	o->spawn_edge = sp.choose ? (int)rel : -1;
	put(c, i, &p);
	if (o->spawn_has_facing)
		c->w[i].at.facing = o->spawn_facing;
}

/* ------------------------------------------------------------- attacks */

static bool
inspiration(struct ck *c, const struct umpire_node *n)
{
	const struct vs_game *g = c->g;
	bool any = false;

	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == c->player && g->figure[i].where == VS_ON &&
		    vs_has(&g->figure[i].profile, VS_INSPIRATION))
			any = true;
	if (!any) {
		err(c, n, "%s has no figure with Inspiration on the table (V, "
			"VS-68)", g->player[c->player].id);
		return false;
	}
	if (g->player[c->player].inspired) {
		err(c, n, "%s has used Inspiration this round: once a round (V, "
			"VS-68)", g->player[c->player].id);
		return false;
	}
	if (c->rerolls++) {
		err(c, n, "Inspiration is used once a round, so an orders file "
			"asks for it once: one reroll: true or reroll-armor (V, "
			"VS-68)");
		return false;
	}
	return true;
}

/* The target, its mount, its riders and its fellow riders, all on one
 * place: none of them blocks a line to it (VS-25, VS-39). */
static bool
riding_with(const struct vs_game *g, int t, int j)
{
	int mt = g->figure[t].mount, mj = g->figure[j].mount;

	return j == t || mj == t || mt == j || (mt >= 0 && mt == mj);
}

/* Whether `by` may make its attack on t now (VS-22 to VS-25, VS-38 to
 * VS-40); false after an error at t's node. */
static bool
attack_judge(struct ck *c, int by, const struct vs_target *t,
	enum vs_attack kind)
{
	const struct vs_game *g = c->g;
	const struct vs_figure *f = &g->figure[by];
	bool fig = t->kind == VS_AT_FIGURE;
	const char *tid = fig ? g->figure[t->index].id : g->feature[t->index].id;

	if (kind == VS_HAND_TO_HAND && fig && g->figure[t->index].flying) {
		err(c, t->node, "%s is in flight: a flying figure is not fought "
			"hand to hand (V, VS-73)", tid);
		return false;
	}
	if (g->on_map) {
		struct vs_map_figure *mf = umpire_arena_alloc(c->a,
			(size_t)(g->nfigures + 1) * sizeof(*mf));
		int *idx = umpire_arena_alloc(c->a, (size_t)(g->nfigures + 1) *
			sizeof(int));
		struct vs_map m = map_of(c, mf, idx);
		int d = fig ? vs_map_distance(&m, idx[by], idx[t->index]) :
			feature_gap(&g->feature[t->index], f->sq, f->size);
		if (kind == VS_HAND_TO_HAND) {
			bool adj = fig ? vs_map_adjacent(&m, idx[by], idx[t->index]) :
				d <= 1;
			if (!adj)
				err(c, t->node, "%s is %d spaces from %s: hand to hand "
					"needs them adjacent (IX, VS-38)", tid, d, f->id);
			return adj;
		}
		if (vs_map_range(g->scale, d) == VS_OUT_OF_RANGE) {
			err(c, t->node, "%s is %d spaces from %s, beyond Long Range, "
				"%d spaces at %s (IX, VS-40)", tid, d, f->id,
				g->scale->long_range, g->scale->name);
			return false;
		}
		if (fig) {
			struct vs_map_sight s;
			vs_map_sight(&s, &m, idx[by], idx[t->index]);
			if (!s.sees) {
				err(c, t->node, "%s cannot see %s: every line is "
					"blocked, on %s first (IX, VS-39)", f->id, tid,
					sq_name(c->a, s.at));
				return false;
			}
		}
		return true;
	}
	if (kind == VS_HAND_TO_HAND) {
		bool ok;
		if (fig) {
			ok = vs_reaches(&f->at, &g->figure[t->index].at, f->reach);
		} else {
			const struct umpire_piece *p = &g->pieces[t->index];
			struct umpire_figure centre = { f->at.at, 0, f->at.facing };
			ok = vs_piece_gap_cmp(&f->at, p, VS_TOUCH) <= 0 ||
				vs_piece_gap_cmp(&centre, p, f->reach) <= 0;
		}
		if (!ok)
			err(c, t->node, "%s neither touches %s nor is within its "
				"reach (II, VS-21, VS-22)", tid, f->id);
		return ok;
	}
	if (fig) {
		const struct vs_figure *tf = &g->figure[t->index];
		if (!vs_in_range(&f->at, &tf->at)) {
			err(c, t->node, "%s is %s\" from %s, beyond a Distance Attack "
				"Unit, 11\" (II, VS-23)", tid, vs_len_text(c->a,
				vs_gap(&f->at, &tf->at, UMPIRE_UP)), f->id);
			return false;
		}
		if (!vs_faces(&f->at, &tf->at)) {
			err(c, t->node, "%s does not face %s: a distance attack is "
				"at a foe in front of it; turn it as it moves (II, "
				"VS-24)", f->id, tid);
			return false;
		}
		struct umpire_figure *foe = umpire_arena_alloc(c->a,
			(size_t)(g->nfigures + 1) * sizeof(*foe));
		size_t nfoe = 0;
		for (int j = 0; j < g->nfigures; j++)
			if (g->figure[j].where == VS_ON &&
			    !allied(g, f->owner, g->figure[j].owner) &&
			    !riding_with(g, t->index, j))
				foe[nfoe++] = g->figure[j].at;
		struct vs_sight s;
		vs_sight(&s, &g->table, &f->at, &tf->at, tf->mount >= 0, foe, nfoe,
			g->sampled_sight ? 0 : VS_SIGHT_EXACT);
		if (!s.seen) {
			err(c, t->node, "%s cannot see %s: every line of sight is "
				"blocked by cover or an enemy figure (II, VS-25)", f->id,
				tid);
			return false;
		}
		return true;
	}
	const struct umpire_piece *p = &g->pieces[t->index];
	if (!vs_in_range_of(&f->at, p)) {
		err(c, t->node, "%s is %s\" from %s, beyond a Distance Attack "
			"Unit, 11\" (II, VS-23)", tid, vs_len_text(c->a,
			vs_piece_gap(&f->at, p, UMPIRE_UP)), f->id);
		return false;
	}
	if (!vs_faces_piece(&f->at, p)) {
		err(c, t->node, "%s does not face %s (II, VS-24)", f->id, tid);
		return false;
	}
	return true;
}

static void
read_attack(struct ck *c, const struct umpire_node *n,
	struct vs_attack_order *ao)
{
	const struct vs_game *g = c->g;
	enum vs_attack kind = c->phase == VS_PHASE_DISTANCE ? VS_DISTANCE :
		VS_HAND_TO_HAND;
	const struct umpire_node *fn = umpire_map_get(n, "figure");
	const struct umpire_node *v;
	int i;

	memset(ao, 0, sizeof(*ao));
	ao->figure = -1;
	ao->node = n;
	if ((v = umpire_map_get(n, "reroll")) && v->type == UMPIRE_BOOL &&
	    v->u.b && inspiration(c, key_of(n, "reroll")))
		ao->reroll = true;
	if ((i = own_figure(c, fn, VS_ON)) < 0)
		return;
	ao->figure = i;
	const struct vs_figure *f = &g->figure[i];
	if (f->attacked) {
		err(c, fn, "%s has attacked this round (or summoned): a single "
			"distance or hand to hand attack per round (II, VS-69)",
			f->id);
		return;
	}
	if (kind == VS_DISTANCE && !f->profile.distance) {
		err(c, fn, "%s has no distance attack (IV)", f->id);
		return;
	}
	if (kind == VS_HAND_TO_HAND && f->flying) {
		err(c, fn, "%s is in flight: a flying figure makes no hand to "
			"hand attack; land it as it moves (V, VS-73)", f->id);
		return;
	}
	if ((v = umpire_map_get(n, "then"))) {
		enum vs_trait need = kind == VS_DISTANCE ? VS_AREA_EFFECT :
			VS_DOUBLE_STRIKE;
		int most = kind == VS_DISTANCE ? 2 : 1;
		if (!vs_has(&f->profile, need)) {
			err(c, key_of(n, "then"), "%s has no %s: then is for further "
				"attacks after one that succeeds (V, VS-66)", f->id,
				vs_trait_titles[need]);
		} else if (is_seq(v) && (int)v->u.seq.n > most) {
			err(c, v, "%s attacks at most %d more after the first (V)",
				vs_trait_titles[need], most);
		} else if (is_seq(v)) {
			for (size_t k = 0; k < v->u.seq.n; k++)
				if (find_target(c, v->u.seq.v[k], &ao->then[ao->nthen]) &&
				    target_ok(c, &ao->then[ao->nthen], false))
					ao->nthen++;
		}
	}
	if (!find_target(c, umpire_map_get(n, "target"), &ao->target) ||
	    !target_ok(c, &ao->target, true))
		return;
	attack_judge(c, i, &ao->target, kind);
}

/* Summon (V, VS-69): in place of the figure's attack and skill roll. */
static void
read_summon(struct ck *c, const struct umpire_node *n,
	struct vs_summon_order *so)
{
	const struct vs_game *g = c->g;
	const struct umpire_node *fn = umpire_map_get(n, "figure");
	const struct umpire_node *an = umpire_map_get(n, "ally");
	int i, j;

	memset(so, 0, sizeof(*so));
	so->figure = so->ally = -1;
	so->node = n;
	if ((i = own_figure(c, fn, VS_ON)) < 0)
		return;
	so->figure = i;
	const struct vs_figure *f = &g->figure[i];
	if (!vs_has(&f->profile, VS_SUMMON)) {
		err(c, fn, "%s has no Summon (V)", f->id);
		return;
	}
	if (f->attacked || f->skilled) {
		err(c, fn, "%s has %s this round: Summon is in place of its "
			"attack and its skill roll (V, VS-69)", f->id, f->attacked ?
			"attacked" : "made its skill roll");
		return;
	}
	j = find_figure(c, an, true, "ally");
	if (j < 0)
		return;
	if (j == i) {
		err(c, an, "%s summons an ally, not itself (V)", f->id);
		return;
	}
	if (c->w[j].named) {
		err(c, an, "%s is named twice: a phase's orders name each figure "
			"once (II, VS-63)", g->figure[j].id);
		return;
	}
	c->w[j].named = true;
	if (g->figure[j].owner != c->player) {
		err(c, an, "%s belongs to %s: the ally is one of your own "
			"figures (V, VS-69)", g->figure[j].id,
			g->player[g->figure[j].owner].id);
		return;
	}
	if (c->w[j].where != VS_ON) {
		err(c, an, "%s is %s: the ally is one of your figures on the "
			"table (V, VS-69)", g->figure[j].id,
			where_text(c->w[j].where));
		return;
	}
	so->ally = j;
	if (!read_place(c, umpire_map_get(n, "at"), &so->place))
		return;
	bool within;
	if (g->on_map) {
		within = sq_gap(c->w[i].sq, f->size, so->place.sq,
			g->figure[j].size) <= vs_map_units(g->scale, 1);
	} else {
		struct umpire_figure at = c->w[j].at;
		at.at = so->place.at;
		within = vs_gap_cmp(&c->w[i].at, &at, VS_HALF_MOVE_UNIT) <= 0;
	}
	if (!within) {
		err(c, so->place.node, "%s is put within a Half Move Unit of "
			"%s: %s (V, VS-29, VS-32)", g->figure[j].id, f->id,
			g->on_map ? umpire_arena_printf(c->a, "%d spaces on this "
			"map", vs_map_units(g->scale, 1)) :
			"4.25\", edge to edge");
		return;
	}
	const char *why = place_refused(c, j, &so->place, -1);
	if (why) {
		err(c, so->place.node, "%s cannot be put there: %s",
			g->figure[j].id, why);
		return;
	}
	/* Its riders stay where it stood (V); it comes alone. */
	struct umpire_pt facing = c->w[j].at.facing;
	for (int k = 0; k < g->nfigures; k++)
		if (c->w[k].mount == j)
			c->w[k].mount = -1;
	put(c, j, &so->place);
	c->w[j].at.facing = facing;
}

static void
read_skill(struct ck *c, const struct umpire_node *n, struct vs_skill_order *so)
{
	const struct vs_game *g = c->g;
	const struct umpire_node *fn = umpire_map_get(n, "figure");
	int i;

	memset(so, 0, sizeof(*so));
	so->figure = -1;
	so->node = n;
	so->task = umpire_node_cstr(umpire_map_get(n, "task"));
	if ((i = own_figure(c, fn, VS_ON)) < 0)
		return;
	so->figure = i;
	const struct vs_figure *f = &g->figure[i];
	if (!vs_is_guy(&f->profile))
		err(c, fn, "%s is %s: skill rolls are a guy's (II, VS-70)", f->id,
			f->profile.kind == VS_CAVALRY ? "cavalry" : "a vehicle");
	else if (f->mount >= 0)
		err(c, fn, "%s rides %s: skill rolls are a guy's on foot (II, "
			"VS-70)", f->id, g->figure[f->mount].id);
	else if (f->skilled)
		err(c, fn, "%s has made its skill roll this round, or summoned "
			"(II, VS-69, VS-70)", f->id);
}

/* X's 6 (VS-54): a defeated figure back, near where its force began. */
static void
read_return(struct ck *c, const struct umpire_node *n, struct vs_orders *o)
{
	const struct vs_game *g = c->g;
	const struct vs_player *pl = &g->player[c->player];
	const struct umpire_node *fn = umpire_map_get(n, "figure");
	int i, began = c->player;

	o->return_figure = -1;
	if (!g->solo || !pl->owed) {
		err(c, n, "%s is owed no figure: a defeated "
			"figure returns in solo play after a 6 (X, VS-54)", pl->id);
		return;
	}
	if ((i = own_figure(c, fn, VS_DEFEATED)) < 0)
		return;
	for (int p = 0; p < g->nplayers; p++)
		if (i >= g->player[p].first &&
		    i < g->player[p].first + g->player[p].nfigures)
			began = p;
	struct vs_place pp;
	if (!read_place(c, umpire_map_get(n, "at"), &pp))
		return;
	const struct vs_figure *f = &g->figure[i];
	const char *why = place_refused(c, i, &pp, -1);
	if (why) {
		err(c, pp.node, "%s cannot be placed there: %s", f->id, why);
		return;
	}
	if (!near_edge(c, i, &pp, g->player[began].edge)) {
		err(c, pp.node, "%s returns within a Move Unit of the %s edge, "
			"where its force began (X)", f->id,
			vs_compass_names[g->player[began].edge]);
		return;
	}
	/* "More than one Move Unit away from any opposing figures" (X). */
	for (int j = 0; j < g->nfigures; j++) {
		if (c->w[j].where != VS_ON || allied(g, c->player,
		    g->figure[j].owner))
			continue;
		bool close;
		if (g->on_map) {
			close = sq_gap(pp.sq, f->size, c->w[j].sq,
				g->figure[j].size) <= vs_map_units(g->scale, 2);
		} else {
			struct umpire_figure me = { pp.at, f->at.base, f->at.facing };
			close = vs_gap_cmp(&me, &c->w[j].at, VS_MOVE_UNIT) <= 0;
		}
		if (close) {
			err(c, pp.node, "%s would be within a Move Unit of %s: it "
				"returns more than one Move Unit from every opposing "
				"figure (X)", f->id, g->figure[j].id);
			return;
		}
	}
	o->has_return = true;
	o->return_figure = i;
	o->return_place = pp;
	put(c, i, &pp);
}

/* ------------------------------------------------------ solo's limit */

static const char *
ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" :
		"th";
}

/* One figure an order would have act, and the order's node. */
static bool
limit_one(struct ck *c, bool *seen, int *n, int *points, int i,
	const struct umpire_node *order)
{
	const struct vs_game *g = c->g;
	const struct vs_player *pl = &g->player[c->player];

	if (i < 0 || i >= g->nfigures)
		return true;
	const struct vs_figure *f = &g->figure[i];
	if (seen[i] || f->moved || f->attacked || f->skilled)
		return true;	/* counted already: once a round (VS-78) */
	seen[i] = true;
	++*n;
	*points += f->points;
	if (vs_solo_within(pl->activation, pl->most, pl->most_points, *n,
	    *points))
		return true;
	const struct umpire_node *fn = umpire_map_get(order, "figure");
	if (pl->activation >= 2)
		err(c, fn ? fn : order, "%s would be the %d%s figure of %s's "
			"to act this round, worth %d point%s with the others: "
			"his activation die shows %d, for up to %d figure%s or "
			"figures worth up to %d point%s (X, VS-78)", f->id, *n,
			ordinal(*n), pl->id, *points, *points == 1 ? "" : "s",
			pl->activation, pl->most, pl->most == 1 ? "" : "s",
			pl->most_points, pl->most_points == 1 ? "" : "s");
	else if (pl->most == 1)
		err(c, fn ? fn : order, "%s would be the %d%s figure of %s's "
			"to act this round: his activation die shows 1, for a "
			"single figure (X, VS-78)", f->id, *n, ordinal(*n), pl->id);
	else
		err(c, fn ? fn : order, "%s cannot act this round: %s's "
			"activation die shows 1, and he had no figure on the "
			"playing surface as it was rolled (X, VS-78)", f->id,
			pl->id);
	return false;
}

/*
 * X, VS-78: in solo play the figures these orders have act for the
 * first time this round, added to those that acted before, stay within
 * the side's activation die.  The first beyond it is refused.
 */
static void
check_limit(struct ck *c, const struct vs_orders *o)
{
	const struct vs_game *g = c->g;
	const struct vs_player *pl = &g->player[c->player];
	int n = pl->active, points = pl->active_points;

	if (pl->activation < 1 || pl->activation > 3)
		return;
	bool *seen = umpire_arena_alloc(c->a, ((size_t)g->nfigures + 1) *
		sizeof(*seen));
	for (int k = 0; k < o->nmoves; k++)
		if (!limit_one(c, seen, &n, &points, o->moves[k].figure,
		    o->moves[k].node))
			return;
	for (int k = 0; k < o->nattacks; k++)
		if (!limit_one(c, seen, &n, &points, o->attacks[k].figure,
		    o->attacks[k].node))
			return;
	for (int k = 0; k < o->nskills; k++)
		if (!limit_one(c, seen, &n, &points, o->skills[k].figure,
		    o->skills[k].node))
			return;
	for (int k = 0; k < o->nsummons; k++)
		if (!limit_one(c, seen, &n, &points, o->summons[k].figure,
		    o->summons[k].node))
			return;
}

/* ------------------------------------------------------------- phases */

/* The keys each phase's orders may hold besides the envelope. */
static const char *const phase_keys[VS_PHASES][4] = {
	[VS_PHASE_INITIATIVE] = { "first" },
	[VS_PHASE_MOVE] = { "moves", "spawn" },
	[VS_PHASE_DISTANCE] = { "attacks", "summons", "reroll-armor" },
	[VS_PHASE_HAND] = { "attacks", "summons", "reroll-armor" },
	[VS_PHASE_SKILL] = { "skills", "summons", "return" },
};
static const char *const envelope_keys[] = {
	"umpire", "ruleset", "game", "player", "step",
};

static bool
phase_has(enum vs_phase ph, const char *key)
{
	for (int k = 0; k < 4 && phase_keys[ph][k]; k++)
		if (strcmp(phase_keys[ph][k], key) == 0)
			return true;
	return false;
}

static void
check_keys(struct ck *c, const struct umpire_node *orders)
{
	for (size_t k = 0; k < orders->u.map.n; k++) {
		const struct umpire_node *key = orders->u.map.v[k].key;
		const char *s = umpire_node_cstr(key);
		bool known = false;
		if (!s)
			continue;
		for (size_t e = 0; e < sizeof(envelope_keys) /
		    sizeof(envelope_keys[0]); e++)
			if (strcmp(s, envelope_keys[e]) == 0)
				known = true;
		if (known || phase_has(c->phase, s))
			continue;
		const char *kinds = NULL;
		int last = -1;
		for (int p = 0; p < VS_PHASES; p++)
			if (phase_has((enum vs_phase)p, s)) {
				if (last >= 0)
					kinds = kinds ? umpire_arena_printf(c->a, "%s, %s",
						kinds, vs_phase_names[last]) :
						vs_phase_names[last];
				last = p;
			}
		if (last < 0)
			continue;	/* no key of any: the schema's to say */
		kinds = kinds ? umpire_arena_printf(c->a, "%s or %s", kinds,
			vs_phase_names[last]) : vs_phase_names[last];
		err(c, key, "%s is for %s orders, and the decision awaited is "
			"%s: leave it out", s, kinds, vs_phase_names[c->phase]);
	}
}

static void
read_first(struct ck *c, const struct umpire_node *orders, struct vs_orders *o)
{
	const struct vs_game *g = c->g;
	const struct umpire_node *v = umpire_map_get(orders, "first");
	const char *id = umpire_node_cstr(v);
	struct umpire_suggest sg;

	if (!v) {
		if (!c->partial)
			err(c, orders, "say who starts the round: first: a player "
				"(II, VS-43)");
		return;
	}
	if (!id)
		return;
	umpire_suggest_init(&sg, id);
	for (int p = 0; p < g->nplayers; p++) {
		umpire_suggest_add(&sg, g->player[p].id);
		if (strcmp(g->player[p].id, id) != 0)
			continue;
		for (int i = 0; i < g->nfigures; i++)
			if (g->figure[i].owner == p && (g->figure[i].where == VS_ON ||
			    g->figure[i].where == VS_WAITING)) {
				o->first = p;
				return;
			}
		err(c, v, "%s has no figures left and takes no turns: first is "
			"a player who does (VS-42, VS-43)", id);
		return;
	}
	err(c, v, "no player is called %s%s (VS-43)",
		umpire_quote(c->d, id, v->u.s.len), umpire_suggest_hint(&sg));
}

size_t
vs_orders_read(struct vs_orders *out, struct umpire_arena *a,
	const struct vs_game *g, int player, enum vs_phase phase,
	const struct umpire_node *orders, bool partial, struct umpire_diags *d)
{
	struct ck c = { g, a, d, player, phase, partial, NULL, { 0 }, 0, NULL,
		0 };
	const struct umpire_node *v;

	memset(out, 0, sizeof(*out));
	out->phase = phase;
	out->player = player;
	out->first = -1;
	out->spawn_figure = out->spawn_edge = out->return_figure = -1;
	if (!is_map(orders) || player < 0 || player >= g->nplayers ||
	    (int)phase < 0 || phase >= VS_PHASES)
		return 0;
	c.w = umpire_arena_alloc(a, (size_t)(g->nfigures + 1) * sizeof(*c.w));
	for (int i = 0; i < g->nfigures; i++)
		c.w[i] = (struct work){ g->figure[i].at, g->figure[i].sq,
			g->figure[i].mount, g->figure[i].where, false, false };
	for (int k = 0; k < g->nobjects; k++)
		c.holder[k] = g->object[k].holder;
	check_keys(&c, orders);

	switch (phase) {
	case VS_PHASE_INITIATIVE:
		read_first(&c, orders, out);
		break;
	case VS_PHASE_MOVE:
		/* Spawning's figure comes as the turn begins (VIII): before
		 * the moves. */
		if (umpire_map_get(orders, "spawn"))
			read_spawn(&c, orders, out);
		if (is_seq(v = umpire_map_get(orders, "moves"))) {
			out->moves = umpire_arena_alloc(a, (v->u.seq.n + 1) *
				sizeof(*out->moves));
			for (size_t k = 0; k < v->u.seq.n; k++)
				if (is_map(v->u.seq.v[k]))
					read_move(&c, v->u.seq.v[k],
						&out->moves[out->nmoves++]);
		}
		break;
	case VS_PHASE_DISTANCE:
	case VS_PHASE_HAND:
		if (is_seq(v = umpire_map_get(orders, "attacks"))) {
			out->attacks = umpire_arena_alloc(a, (v->u.seq.n + 1) *
				sizeof(*out->attacks));
			for (size_t k = 0; k < v->u.seq.n; k++)
				if (is_map(v->u.seq.v[k]))
					read_attack(&c, v->u.seq.v[k],
						&out->attacks[out->nattacks++]);
		}
		if ((v = umpire_map_get(orders, "reroll-armor")) &&
		    v->type == UMPIRE_BOOL && v->u.b &&
		    inspiration(&c, key_of(orders, "reroll-armor")))
			out->reroll_armor = true;
		break;
	case VS_PHASE_SKILL:
		if (is_seq(v = umpire_map_get(orders, "skills"))) {
			out->skills = umpire_arena_alloc(a, (v->u.seq.n + 1) *
				sizeof(*out->skills));
			for (size_t k = 0; k < v->u.seq.n; k++)
				if (is_map(v->u.seq.v[k]))
					read_skill(&c, v->u.seq.v[k],
						&out->skills[out->nskills++]);
		}
		break;
	default:
		break;
	}
	if (phase >= VS_PHASE_DISTANCE &&
	    is_seq(v = umpire_map_get(orders, "summons"))) {
		out->summons = umpire_arena_alloc(a, (v->u.seq.n + 1) *
			sizeof(*out->summons));
		for (size_t k = 0; k < v->u.seq.n; k++)
			if (is_map(v->u.seq.v[k]))
				read_summon(&c, v->u.seq.v[k],
					&out->summons[out->nsummons++]);
	}
	if (phase == VS_PHASE_SKILL && is_map(v = umpire_map_get(orders,
	    "return")))
		read_return(&c, v, out);
	if (phase != VS_PHASE_INITIATIVE)
		check_limit(&c, out);
	return c.errors;
}
