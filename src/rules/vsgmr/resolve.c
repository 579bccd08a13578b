/*
 * resolve.c - a VSGMR decision carried out: checked orders played with
 * dice, every die and measurement that decided something told, and the
 * next decision worked out (II, III, V, VI, VIII, X).
 *
 * Orders arrive checked (orders.c) against the game as the phase
 * began; what an earlier order of the same step changed (a target
 * defeated, pushed back, a figure frightened off) is judged again here
 * when each order's turn comes (VS-65).  Movement draws no dice, so
 * moves were checked one after another and are only played.
 *
 * Dice are drawn through a roller, each with its purpose, in the order
 * the rules make them: an attack's dice, then the target's armour, then
 * what follows from the result (Recruit, Revenge, knockback), then the
 * attack's follow-ups.  A replay draws the same dice in the same order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsgmr.h"

/* ---------------------------------------------------------------- telling */

static void
say(struct vs_told *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
say(struct vs_told *t, const char *fmt, ...)
{
	va_list ap;

	if (!t || !t->out)
		return;
	va_start(ap, fmt);
	umpire_buf_vprintf(t->out, fmt, ap);
	va_end(ap);
}

/* Hundredths of an inch as inches: 8.5, 12.75, 11. */
static const char *
inches(struct vs_told *t, int64_t v)
{
	char sign = v < 0 ? '-' : 0;
	int64_t a = v < 0 ? -v : v;

	if (a % 100 == 0)
		return umpire_arena_printf(t->a, "%s%lld\"", sign ? "-" : "",
			(long long)(a / 100));
	if (a % 10 == 0)
		return umpire_arena_printf(t->a, "%s%lld.%lld\"", sign ? "-" :
			"", (long long)(a / 100), (long long)(a % 100 / 10));
	return umpire_arena_printf(t->a, "%s%lld.%02lld\"", sign ? "-" : "",
		(long long)(a / 100), (long long)(a % 100));
}

static const char *
where_text(struct vs_told *t, const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];
	char name[UMPIRE_SQUARE_NAME];

	if (g->on_map)
		return umpire_arena_strdup(t->a, umpire_grid_name(f->sq, name));
	return umpire_arena_printf(t->a, "(%s, %s)", inches(t, f->at.at.x),
		inches(t, f->at.at.y));
}

static const char *
pname(const struct vs_game *g, int p)
{
	return g->player[p].id;
}

/* Where figure i stands, as the picture places marks: hundredths of an
 * inch on the table, file and rank on the map (picture.c). */
static struct umpire_point
place_of(const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];

	if (g->on_map)
		return (struct umpire_point){ f->sq.file, f->sq.rank };
	return (struct umpire_point){ f->at.at.x, f->at.at.y };
}

/* A feature's middle, likewise: its box's centre, or its first square. */
static struct umpire_point
feature_place(const struct vs_game *g, int k)
{
	const struct vs_feature *fe = &g->feature[k];

	if (g->on_map)
		return fe->nsquares ? (struct umpire_point){ fe->squares[0].file,
			fe->squares[0].rank } : (struct umpire_point){ 1, 1 };
	return (struct umpire_point){ (g->pieces[k].lo.x + g->pieces[k].hi.x) /
		2, (g->pieces[k].lo.y + g->pieces[k].hi.y) / 2 };
}

/* Record what the step did to figure i, for the picture (marks.h). */
static void
mark(const struct vs_game *g, struct vs_told *t, enum umpire_mark_kind kind,
	int i, struct umpire_point from, struct umpire_point to,
	const char *note)
{
	struct umpire_mark m = { kind, g->player[g->figure[i].owner].id,
		g->figure[i].id, from, to, note };

	if (t && t->marks)
		umpire_marks_add(t->marks, &m);
}

/* A roll's arithmetic: "5 +1 (Hero guy) = 6, needs 5: hit". */
static const char *
roll_text(struct vs_told *t, const struct vs_roll *r)
{
	struct umpire_buf b = { 0 };
	const char *s;

	umpire_buf_printf(&b, "d%u: %d", r->sides, r->die);
	for (int k = 0; k < r->nbonus; k++)
		umpire_buf_printf(&b, " %+d (%s)", r->bonus[k].add,
			vs_source_titles[r->bonus[k].by]);
	if (r->nbonus)
		umpire_buf_printf(&b, " = %d", r->total);
	umpire_buf_printf(&b, ", needs %d", r->need);
	s = umpire_arena_strdup(t->a, b.len ? b.ptr : "");
	umpire_buf_free(&b);
	return s;
}

static int
roll(const struct vs_roller *dice, unsigned sides, const char *purpose)
{
	int v = dice->roll(dice->arg, sides, purpose);

	return v < 1 ? 1 : v > (int)sides ? (int)sides : v;
}

/* ---------------------------------------------------------------- figures */

static unsigned
bit(int p)
{
	return p >= 0 && p < VS_MAX_PLAYERS ? 1u << p : 0;
}

bool
vs_foes(const struct vs_game *g, int a, int b)
{
	if (a == b)
		return false;
	if (g->ending.sides && g->player[a].team != VS_NO_TEAM)
		return g->player[a].team != g->player[b].team;
	return true;
}

static bool
on(const struct vs_game *g, int i)
{
	return i >= 0 && i < g->nfigures && g->figure[i].where == VS_ON;
}

/* Whether a figure can move at all, or attack (II, V): a guy, or a
 * mount with a rider or driver, or Independent ("does not need a
 * rider, pilot or driver to move and attack"). */
bool
vs_can_move(const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];

	if (vs_is_guy(&f->profile) || vs_has(&f->profile, VS_INDEPENDENT))
		return true;
	for (int k = 0; k < g->nfigures; k++)
		if (on(g, k) && g->figure[k].mount == i)
			return true;
	return false;
}

unsigned
vs_alive(const struct vs_game *g)
{
	unsigned alive = 0;

	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].where == VS_ON ||
		    g->figure[i].where == VS_WAITING)
			alive |= bit(g->figure[i].owner);
	return alive;
}

unsigned
vs_destroyed(const struct vs_game *g)
{
	unsigned some = 0, standing = 0;

	/* VS-45: every figure he has defeated; one gone off the table is
	 * not, and a recruited one is his new owner's. */
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		some |= bit(f->owner);
		if (f->where != VS_DEFEATED)
			standing |= bit(f->owner);
	}
	for (int p = 0; p < g->nplayers; p++)
		if (g->player[p].nfigures)
			some |= bit(p);
	return some & ~standing;
}

/* The players whose forces are not destroyed (VS-45: "surviving"). */
static unsigned
standing(const struct vs_game *g)
{
	unsigned all = g->nplayers >= VS_MAX_PLAYERS ? ~0u :
		(1u << g->nplayers) - 1u;

	return all & ~vs_destroyed(g);
}

/* ------------------------------------------------------------ the surface */

/* The edge a point beyond the table is past, the first crossed going
 * from inside along way; or, for a point, the nearest. */
static int
edge_beyond(const struct vs_game *g, struct umpire_pt from,
	struct umpire_pt way)
{
	int64_t w = g->table.width, d = g->table.depth;
	/* The parameter s of the crossing of each side, as a fraction
	 * num/den with den > 0: the least wins. */
	int64_t best_n = -1, best_d = 1;
	int best = VS_SOUTH;

	struct { int edge; int64_t num, den; } side[4] = {
		{ VS_SOUTH, -from.y, way.y },
		{ VS_NORTH, d - from.y, way.y },
		{ VS_WEST, -from.x, way.x },
		{ VS_EAST, w - from.x, way.x },
	};
	for (int k = 0; k < 4; k++) {
		int64_t num = side[k].num, den = side[k].den;
		if (den == 0)
			continue;
		if (den < 0) {
			num = -num;
			den = -den;
		}
		if (num < 0)
			continue;	/* behind */
		if (best_n < 0 || num * best_d < best_n * den) {
			best_n = num;
			best_d = den;
			best = side[k].edge;
		}
	}
	return best;
}

/* The edge of the map a step off it crosses (VS-36). */
static int
map_edge_beyond(const struct vs_game *g, struct umpire_square s)
{
	if (s.rank < 1)
		return VS_SOUTH;
	if (s.rank > g->grid.ranks)
		return VS_NORTH;
	if (s.file < 1)
		return VS_WEST;
	return VS_EAST;
}

/* An edge seen from player p's own (VS-51): own, right, opposite, left. */
static enum vs_edge
edge_seen(const struct vs_game *g, int p, int compass)
{
	return (enum vs_edge)((compass - (int)g->player[p].edge + 8) % 4);
}

/* A figure, its mount, riders and co-riders do not stand in each
 * other's way (VS-57). */
static bool
together(const struct vs_game *g, int a, int b)
{
	const struct vs_figure *x = &g->figure[a], *y = &g->figure[b];

	return a == b || x->mount == b || y->mount == a ||
		(x->mount >= 0 && x->mount == y->mount);
}

/*
 * Every figure on the table as geom sees it but `me` and those together
 * with it, into out, and if index is not NULL each one's figure index
 * into it; by_side: its side's go first, their count in *nally.
 * Returns the count.
 */
static size_t
others(const struct vs_game *g, int me, struct umpire_figure *out,
	int *index, size_t *nally, bool by_side)
{
	size_t n = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < g->nfigures; i++) {
			if (!on(g, i) || together(g, me, i))
				continue;
			bool foe = vs_foes(g, g->figure[me].owner,
				g->figure[i].owner);
			if (by_side && foe != (pass == 1))
				continue;
			if (!by_side && pass == 1)
				continue;
			if (index)
				index[n] = i;
			out[n++] = g->figure[i].at;
		}
		if (pass == 0 && nally)
			*nally = n;
	}
	return n;
}

/* The battle map as map.c sees it: every figure on it, index[i] its
 * place in the list or -1. */
struct map_view {
	struct vs_map m;
	struct vs_map_figure *f;
	int *index;
	int *figure;		/* back: the game's index of each */
};

static void
map_view(struct vs_game *g, struct umpire_arena *a, struct map_view *v)
{
	v->f = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) * sizeof(*v->f));
	v->index = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) *
		sizeof(int));
	v->figure = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) *
		sizeof(int));
	int n = 0;
	for (int i = 0; i < g->nfigures; i++) {
		v->index[i] = -1;
		if (!on(g, i))
			continue;
		v->figure[n] = i;
		v->index[i] = n++;
	}
	for (int k = 0; k < n; k++) {
		const struct vs_figure *f = &g->figure[v->figure[k]];
		v->f[k] = (struct vs_map_figure){ f->sq, f->size ? f->size : 1,
			f->owner, f->mount >= 0 && v->index[f->mount] >= 0 ?
			1 + v->index[f->mount] : 0 };
	}
	v->m = (struct vs_map){ g->grid, g->ground, v->f, n };
}

/* ------------------------------------------------------------ the features */

/* A feature destroyed (VS-72): it blocks, covers and slows no more. */
static void
remove_feature(struct vs_game *g, int k)
{
	struct vs_feature *fe = &g->feature[k];

	fe->removed = true;
	if (!g->on_map) {
		g->pieces[k].kind = 0;
		return;
	}
	for (int s = 0; s < fe->nsquares; s++)
		g->ground[umpire_grid_index(&g->grid, fe->squares[s])] =
			VS_MAP_OPEN;
	/* Another feature's squares under it keep their kind. */
	for (int j = 0; j < g->nfeatures; j++) {
		const struct vs_feature *o = &g->feature[j];
		if (o->removed)
			continue;
		for (int s = 0; s < o->nsquares; s++)
			for (int r = 0; r < fe->nsquares; r++)
				if (umpire_grid_same(o->squares[s],
				    fe->squares[r]))
					g->ground[umpire_grid_index(&g->grid,
						o->squares[s])] =
						(unsigned char)o->map_kind;
	}
}

/* --------------------------------------------------------------- leaving */

/* What a figure carried drops where it stood (III, VS-71); its riders
 * stay there on foot. */
static void
drop(struct vs_game *g, int i, struct vs_told *t)
{
	const struct vs_figure *f = &g->figure[i];

	for (int k = 0; k < g->nobjects; k++) {
		struct vs_object *o = &g->object[k];
		if (o->holder != i)
			continue;
		o->holder = -1;
		o->at = f->at.at;
		o->sq = f->sq;
		say(t, "  - It drops **%s** at %s.\n", o->id,
			where_text(t, g, i));
	}
	for (int k = 0; k < g->nfigures; k++) {
		struct vs_figure *r = &g->figure[k];
		if (r->mount != i || r->where != VS_ON)
			continue;
		r->mount = -1;
		say(t, "  - **%s** is left on foot at %s.\n", r->id,
			where_text(t, g, k));
	}
}

/* A figure defeated (III) by player `by`, scoring for him (VS-46). */
static void
defeat(struct vs_game *g, int i, int by, struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];

	if (by >= 0 && vs_foes(g, by, f->owner)) {
		g->player[by].score += f->points;
		say(t, "  - **%s** is defeated: %d point%s for %s.\n", f->id,
			f->points, f->points == 1 ? "" : "s", pname(g, by));
	} else {
		say(t, "  - **%s** is defeated.\n", f->id);
	}
	/* Told after its defeat, so that the report's "It" is the
	 * defeated figure and not the attacker named above it. */
	mark(g, t, UMPIRE_MARK_LOSS, i, place_of(g, i), place_of(g, i),
		"defeated");
	drop(g, i, t);
	f->where = VS_DEFEATED;
	f->by = by;
	f->flying = false;
	f->mount = -1;
}

/* A figure off the playing surface (VS-27, VS-36), by the edge given;
 * by: the player it scores for (VS-46), or -1. */
static void
gone_off(struct vs_game *g, int i, int edge, int by, struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];

	say(t, "  - **%s** leaves the playing surface by the %s edge and is "
		"out of the game", f->id, vs_compass_names[edge]);
	if (by >= 0 && vs_foes(g, by, f->owner)) {
		g->player[by].score += f->points;
		say(t, ": %d point%s for %s", f->points, f->points == 1 ? "" :
			"s", pname(g, by));
	}
	say(t, ".\n");
	mark(g, t, UMPIRE_MARK_LOSS, i, place_of(g, i), place_of(g, i), "off");
	/* Its riders ride along (II): off with it. */
	for (int k = 0; k < g->nfigures; k++)
		if (g->figure[k].mount == i && g->figure[k].where == VS_ON) {
			g->figure[k].mount = -1;
			gone_off(g, k, edge, by, t);
		}
	drop(g, i, t);
	f->where = VS_OFF;
	f->left = edge;
	f->by = by;
	f->flying = false;
	f->mount = -1;
}

/* ---------------------------------------------------------------- pushes */

/*
 * Figure i moved straight back (VS-28): `halves` Half Move Units along
 * way (the table) or away from `from` (the map), "as far as it can".
 * by scores for it if it goes off (VS-46).  Its riders go with it.
 */
static void move_riders(struct vs_game *g, int mount,
	struct umpire_square was);

static void
push_table(struct vs_game *g, struct umpire_arena *a, int i,
	struct umpire_pt way, int32_t length, int by, struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];
	struct umpire_figure *other = umpire_arena_alloc(a,
		((size_t)g->nfigures + 1) * sizeof(*other));
	int *index = umpire_arena_alloc(a, ((size_t)g->nfigures + 1) *
		sizeof(*index));
	size_t n = others(g, i, other, index, NULL, false);
	struct vs_push_ask ask = { &g->table, &f->profile, f->at, way,
		length > VS_PUSH_MAX ? VS_PUSH_MAX : length, other, n };
	struct vs_push p;

	if (way.x == 0 && way.y == 0)
		return;
	if (vs_push_judge(&p, &ask) != 0)
		return;
	struct umpire_pt was = f->at.at;
	struct umpire_point from = place_of(g, i);
	if (p.off) {
		int edge = edge_beyond(g, p.to, way);
		f->at.at = p.to;
		mark(g, t, UMPIRE_MARK_RETREAT, i, from, place_of(g, i), "pushed");
		/* The length it could go: rough ground caps it (VS-28). */
		say(t, "  - **%s** is pushed %s back, off the table.\n", f->id,
			inches(t, p.length));
		gone_off(g, i, edge, by, t);
		return;
	}
	f->at.at = p.to;
	move_riders(g, i, f->sq);
	mark(g, t, UMPIRE_MARK_RETREAT, i, from, place_of(g, i), "pushed");
	say(t, "  - **%s** is pushed back %s of %s, from (%s, %s) to %s%s.\n",
		f->id, inches(t, p.length), inches(t, p.cap), inches(t, was.x),
		inches(t, was.y), where_text(t, g, i), p.length < p.cap ?
		(p.piece >= 0 ? umpire_arena_printf(t->a, ", stopped by %s",
		g->feature[p.piece].id) : p.figure >= 0 ?
		umpire_arena_printf(t->a, ", stopped by **%s**",
		g->figure[index[p.figure]].id) : "") : "");
}

/* Whether figure i may stand with its lowest space at s (the map's
 * push): every space on the map and passable, no other figure but its
 * own riders.  0 yes, 1 blocked, 2 off the map. */
static int
map_stand(const struct vs_game *g, int i, struct umpire_square s)
{
	const struct vs_figure *f = &g->figure[i];
	int size = f->size ? f->size : 1;
	bool flight = vs_has(&f->profile, VS_FLIGHT);

	for (int df = 0; df < size; df++)
		for (int dr = 0; dr < size; dr++) {
			struct umpire_square q = { s.file + df, s.rank + dr };
			if (!umpire_grid_on(&g->grid, q))
				return 2;
			int k = g->ground[umpire_grid_index(&g->grid, q)];
			if (!flight && (k == VS_MAP_PARTIAL ||
			    k == VS_MAP_BUILDING))
				return 1;
		}
	for (int j = 0; j < g->nfigures; j++) {
		const struct vs_figure *o = &g->figure[j];
		if (!on(g, j) || together(g, i, j))
			continue;
		int os = o->size ? o->size : 1;
		if (o->sq.file < s.file + size && s.file < o->sq.file + os &&
		    o->sq.rank < s.rank + size && s.rank < o->sq.rank + os)
			return 1;
	}
	return 0;
}

/* What map_stand found in figure i's way at s, for the report: the
 * barrier's feature, else the figure; NULL if nothing. */
static const char *
map_stopper(const struct vs_game *g, struct vs_told *t, int i,
	struct umpire_square s)
{
	const struct vs_figure *f = &g->figure[i];
	int size = f->size ? f->size : 1;

	for (int k = 0; k < g->nfeatures && !vs_has(&f->profile, VS_FLIGHT);
	    k++) {
		const struct vs_feature *fe = &g->feature[k];
		if (fe->removed || (fe->map_kind != VS_MAP_PARTIAL &&
		    fe->map_kind != VS_MAP_BUILDING))
			continue;
		for (int q = 0; q < fe->nsquares; q++)
			if (fe->squares[q].file >= s.file &&
			    fe->squares[q].file < s.file + size &&
			    fe->squares[q].rank >= s.rank &&
			    fe->squares[q].rank < s.rank + size)
				return fe->id;
	}
	for (int j = 0; j < g->nfigures; j++) {
		const struct vs_figure *o = &g->figure[j];
		int os = o->size ? o->size : 1;
		if (!on(g, j) || together(g, i, j))
			continue;
		if (o->sq.file < s.file + size && s.file < o->sq.file + os &&
		    o->sq.rank < s.rank + size && s.rank < o->sq.rank + os)
			return umpire_arena_printf(t->a, "**%s**", o->id);
	}
	return NULL;
}

static bool
map_slow(const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];
	int size = f->size ? f->size : 1;

	if (vs_has(&f->profile, VS_FLIGHT))
		return false;
	for (int df = 0; df < size; df++)
		for (int dr = 0; dr < size; dr++) {
			struct umpire_square q = { f->sq.file + df,
				f->sq.rank + dr };
			int k = g->ground[umpire_grid_index(&g->grid, q)];
			if (k == VS_MAP_DIFFICULT || k == VS_MAP_DARKNESS)
				return true;
		}
	return false;
}

static int
sign(int64_t v)
{
	return (v > 0) - (v < 0);
}

/* The king's direction from figure `from`'s centre to i's (VS-74). */
static struct umpire_square
map_away(const struct vs_game *g, int i, int from)
{
	const struct vs_figure *f = &g->figure[i], *o = &g->figure[from];
	int fs = f->size ? f->size : 1, os = o->size ? o->size : 1;

	return (struct umpire_square){
		sign(2 * (int64_t)f->sq.file + fs - 2 * (int64_t)o->sq.file - os),
		sign(2 * (int64_t)f->sq.rank + fs - 2 * (int64_t)o->sq.rank - os),
	};
}

static void
push_map(struct vs_game *g, int i, struct umpire_square way, int spaces,
	int by, struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];
	int cap = spaces, went = 0;

	if (way.file == 0 && way.rank == 0)
		return;
	if (map_slow(g, i)) {
		int slow = vs_map_allowance(g->scale, &f->profile, true);
		cap = slow < cap ? slow : cap;
	}
	const char *from = where_text(t, g, i), *stop = NULL;
	struct umpire_square was = f->sq;
	struct umpire_point start = place_of(g, i);
	for (; went < cap; went++) {
		struct umpire_square next = { f->sq.file + way.file,
			f->sq.rank + way.rank };
		int s = map_stand(g, i, next);
		if (s == 2) {
			say(t, "  - **%s** is pushed back from %s, off the map.\n",
				f->id, from);
			struct umpire_square beyond = next;
			int size = f->size ? f->size : 1;
			if (way.file > 0)
				beyond.file = next.file + size - 1;
			if (way.rank > 0)
				beyond.rank = next.rank + size - 1;
			if (umpire_grid_on(&g->grid, beyond))
				beyond = next;
			mark(g, t, UMPIRE_MARK_RETREAT, i, start, place_of(g, i),
				"pushed");
			gone_off(g, i, map_edge_beyond(g, beyond), by, t);
			return;
		}
		if (s == 1) {
			stop = map_stopper(g, t, i, next);
			break;
		}
		f->sq = next;
	}
	move_riders(g, i, was);
	mark(g, t, UMPIRE_MARK_RETREAT, i, start, place_of(g, i), "pushed");
	say(t, "  - **%s** is pushed back %d of %d space%s, from %s to %s%s.\n",
		f->id, went, spaces, spaces == 1 ? "" : "s", from,
		where_text(t, g, i), stop ? umpire_arena_printf(t->a,
		", stopped by %s", stop) : "");
}

/* Whether two round bases overlap: closer than their radii's sum
 * (touching is not overlapping, VS-21). */
static bool
bases_overlap(const struct umpire_figure *a, const struct umpire_figure *b)
{
	int64_t s = (int64_t)a->base + b->base;

	return 4 * umpire_dist2(a->at, b->at) < s * s;
}

/* Whether figure i stands on a space of figure m (the map). */
static bool
on_spaces_of(const struct vs_game *g, int i, int m)
{
	struct umpire_square q = g->figure[i].sq, at = g->figure[m].sq;
	int size = g->figure[m].size ? g->figure[m].size : 1;

	return q.file >= at.file && q.file < at.file + size &&
		q.rank >= at.rank && q.rank < at.rank + size;
}

/*
 * A rider moved straight back (VS-28) is thrown from its mount only if
 * it lands clear of it: one that the push leaves on its mount's base or
 * spaces is still riding it, where a rider stands (VS-57), since no
 * figure on foot stands on another's base (VS-26, VS-35).
 */
static void
remount(struct vs_game *g, int i, int mount, struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];

	if (mount < 0 || !on(g, i) || !on(g, mount))
		return;
	if (g->on_map ? !on_spaces_of(g, i, mount) :
	    !bases_overlap(&f->at, &g->figure[mount].at))
		return;
	f->mount = mount;
	if (!g->on_map)
		f->at.at = g->figure[mount].at.at;
	say(t, "  - **%s** stays on **%s**: it does not land clear of it.\n",
		f->id, g->figure[mount].id);
}

/* Knockback (VI, VS-13, VS-18): target i, knocked back `halves` Half
 * Move Units by figure `by_fig`. */
static void
knockback(struct vs_game *g, struct umpire_arena *a, int i, int by_fig,
	int halves, struct vs_told *t)
{
	int by = g->figure[by_fig].owner, mount = g->figure[i].mount;

	say(t, "  - Knockback: %d Half Move Unit%s.\n", halves,
		halves == 1 ? "" : "s");
	g->figure[i].mount = -1;	/* thrown off its mount if it can be */
	if (g->on_map) {
		push_map(g, i, map_away(g, i, by_fig), vs_map_units(g->scale,
			halves), by, t);
	} else {
		struct umpire_pt way = vs_knockback_way(&g->figure[i].at,
			&g->figure[by_fig].at);
		push_table(g, a, i, way, (int32_t)halves * VS_HALF_MOVE_UNIT,
			by, t);
	}
	remount(g, i, mount, t);
}

/* Cause Fear (V): i turns away from `fearsome` and moves a Move Unit
 * away; off the table, it scores for fearsome's player (VS-46). */
static void
frighten(struct vs_game *g, struct umpire_arena *a, int i, int fearsome,
	struct vs_told *t)
{
	struct vs_figure *f = &g->figure[i];
	int by = g->figure[fearsome].owner, mount = f->mount;

	say(t, "  - **%s** is struck by fear of **%s**.\n", f->id,
		g->figure[fearsome].id);
	f->mount = -1;
	if (g->on_map) {
		push_map(g, i, map_away(g, i, fearsome), vs_map_units(g->scale,
			2), by, t);
	} else {
		struct umpire_pt way = vs_fear_way(&f->at,
			&g->figure[fearsome].at);
		if (way.x || way.y) {
			f->at.facing = way;
			push_table(g, a, i, way, VS_MOVE_UNIT, by, t);
		}
	}
	remount(g, i, mount, t);
}

/* A mount's riders move along with it (II): on the table they stand
 * at its centre (VS-57), on the map on the same space of it as before
 * (VS-35); was is where the mount's lowest space was. */
static void
move_riders(struct vs_game *g, int mount, struct umpire_square was)
{
	const struct vs_figure *m = &g->figure[mount];

	for (int k = 0; k < g->nfigures; k++) {
		struct vs_figure *r = &g->figure[k];
		if (r->mount != mount || r->where != VS_ON)
			continue;
		if (g->on_map) {
			r->sq.file += m->sq.file - was.file;
			r->sq.rank += m->sq.rank - was.rank;
		} else {
			r->at.at = m->at.at;
		}
	}
}

/* ---------------------------------------------------------------- attacks */

/* One step's work. */
struct act {
	struct vs_game *g;
	struct umpire_arena *a;
	const struct vs_roller *dice;
	struct vs_told *t;
	int player;		/* whose decision it is */
	bool reroll_armor;	/* VS-68, standing */
	const char *lead;	/* the next attack's line begins so */
};

/* Inspiration is his to use (V, VS-68). */
static bool
inspiration_ready(const struct vs_game *g, int p)
{
	if (g->player[p].inspired)
		return false;
	for (int i = 0; i < g->nfigures; i++)
		if (on(g, i) && g->figure[i].owner == p &&
		    vs_has(&g->figure[i].profile, VS_INSPIRATION))
			return true;
	return false;
}

static const char *
target_name(const struct vs_game *g, const struct vs_target *tg)
{
	return tg->kind == VS_AT_FIGURE ? g->figure[tg->index].id :
		g->feature[tg->index].id;
}

/* King moves from figure i's spaces to a feature's nearest square. */
static int
map_feature_distance(const struct vs_game *g, int i, int k)
{
	const struct vs_figure *f = &g->figure[i];
	const struct vs_feature *fe = &g->feature[k];
	int size = f->size ? f->size : 1, best = -1;

	for (int s = 0; s < fe->nsquares; s++) {
		struct umpire_square q = fe->squares[s];
		int df = q.file < f->sq.file ? f->sq.file - q.file :
			q.file >= f->sq.file + size ? q.file - (f->sq.file +
			size - 1) : 0;
		int dr = q.rank < f->sq.rank ? f->sq.rank - q.rank :
			q.rank >= f->sq.rank + size ? q.rank - (f->sq.rank +
			size - 1) : 0;
		int d = df > dr ? df : dr;
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/* Whether figure i reaches feature k hand to hand: adjacent on the map
 * (VS-38); on the table touching it, or within its reach from its
 * centre (VS-22). */
static bool
reaches_feature(const struct vs_game *g, int i, int k)
{
	const struct vs_figure *f = &g->figure[i];

	if (g->on_map)
		return map_feature_distance(g, i, k) <= 1;
	int32_t r = f->reach - f->at.base / 2;
	return vs_piece_gap_cmp(&f->at, &g->pieces[k], r > VS_TOUCH ? r :
		VS_TOUCH) <= 0;
}

/*
 * Whether x may attack tg now (II, VS-22 to VS-25, VS-38 to VS-40,
 * VS-73): NULL, and *cover as sight found it; else why not.  last: x
 * was just defeated and makes Revenge's attack from where it stood
 * (VS-67).
 */
static const char *
can_attack(struct act *s, int x, const struct vs_target *tg,
	enum vs_attack kind, bool last, bool *cover)
{
	struct vs_game *g = s->g;
	const struct vs_figure *f = &g->figure[x];

	*cover = false;
	if (!last && !on(g, x))
		return "it is no longer on the playing surface";
	if (!vs_can_move(g, x))
		return "it has no rider or driver (V, Independent)";
	if (kind == VS_DISTANCE && !f->profile.distance)
		return "it has no distance attack";
	if (kind == VS_HAND_TO_HAND && f->flying)
		return "it is in flight (V)";
	if (tg->kind == VS_AT_FEATURE) {
		const struct vs_feature *fe = &g->feature[tg->index];
		if (fe->removed)
			return "it has been destroyed";
		if (kind == VS_HAND_TO_HAND)
			return reaches_feature(g, x, tg->index) ? NULL :
				g->on_map ? "it is not adjacent (VS-38)" :
				"it does not touch it (VS-22)";
		if (g->on_map)
			return vs_map_range(g->scale, map_feature_distance(g, x,
				tg->index)) != VS_OUT_OF_RANGE ? NULL :
				"it is out of range (VS-40)";
		const struct umpire_piece *p = &g->pieces[tg->index];
		if (!vs_in_range_of(&f->at, p))
			return "it is out of range (VS-23)";
		if (!vs_faces_piece(&f->at, p))
			return "it does not face it (VS-24)";
		return NULL;
	}
	int y = tg->index;
	const struct vs_figure *e = &g->figure[y];
	if (!on(g, y))
		return "the target is no longer on the playing surface";
	if (!vs_foes(g, f->owner, e->owner))
		return "the target is no longer an enemy";
	if (kind == VS_HAND_TO_HAND && e->flying)
		return "the target is in flight (V)";
	if (g->on_map) {
		struct map_view v;
		map_view(g, s->a, &v);
		int mx = v.index[x], my = v.index[y];
		if (mx < 0) {
			/* Revenge from where it fell: put it back a moment. */
			enum vs_where w = g->figure[x].where;
			g->figure[x].where = VS_ON;
			map_view(g, s->a, &v);
			g->figure[x].where = w;
			mx = v.index[x];
			my = v.index[y];
		}
		if (kind == VS_HAND_TO_HAND)
			return vs_map_adjacent(&v.m, mx, my) ? NULL :
				"the target is not adjacent (VS-38)";
		if (vs_map_range(g->scale, vs_map_distance(&v.m, mx, my)) ==
		    VS_OUT_OF_RANGE)
			return "the target is out of range (VS-40)";
		struct vs_map_sight sight;
		vs_map_sight(&sight, &v.m, mx, my);
		if (!sight.sees)
			return "it cannot see the target (VS-39)";
		*cover = sight.covered;
		return NULL;
	}
	if (kind == VS_HAND_TO_HAND)
		return vs_reaches(&f->at, &e->at, f->reach) ? NULL :
			"the target does not touch it (VS-22)";
	if (!vs_in_range(&f->at, &e->at))
		return "the target is out of range (VS-23)";
	if (!vs_faces(&f->at, &e->at))
		return "it does not face the target (VS-24)";
	/* Sight: the attacker's enemies but the target, its mount and
	 * fellow riders block (VS-25). */
	struct umpire_figure *foe = umpire_arena_alloc(s->a,
		((size_t)g->nfigures + 1) * sizeof(*foe));
	size_t n = 0;
	for (int i = 0; i < g->nfigures; i++)
		if (on(g, i) && i != x && !together(g, y, i) &&
		    vs_foes(g, f->owner, g->figure[i].owner))
			foe[n++] = g->figure[i].at;
	struct vs_sight sight;
	vs_sight(&sight, &g->table, &f->at, &e->at, e->mount >= 0, foe, n,
	    g->sampled_sight ? 0 : VS_SIGHT_EXACT);
	if (!sight.seen)
		return "it cannot see the target (VS-25)";
	*cover = sight.cover;
	return NULL;
}

/*
 * Whether x's distance attack at tg is at the map's Short Range, which
 * changes nothing but is reported (VS-40).  A Revenge attacker that has
 * fallen is put back a moment, as can_attack does.
 */
static bool
short_range(struct act *s, int x, const struct vs_target *tg)
{
	struct vs_game *g = s->g;
	int d;

	if (!g->on_map)
		return false;
	enum vs_where w = g->figure[x].where;
	g->figure[x].where = VS_ON;
	if (tg->kind == VS_AT_FEATURE) {
		d = map_feature_distance(g, x, tg->index);
	} else {
		struct map_view v;
		map_view(g, s->a, &v);
		int mx = v.index[x], my = v.index[tg->index];
		d = mx < 0 || my < 0 ? -1 : vs_map_distance(&v.m, mx, my);
	}
	g->figure[x].where = w;
	return d >= 0 && vs_map_range(g->scale, d) == VS_SHORT_RANGE;
}

/* n dice of the same sides (vs_attack_dice, vs_armor_dice). */
static int
roll_dice(struct act *s, int *dice, unsigned sides, int n,
	const char *purpose)
{
	for (int k = 0; k < n; k++)
		dice[k] = roll(s->dice, sides, purpose);
	return n;
}

static const char *
dice_text(struct act *s, const int *dice, int n)
{
	if (n == 2)
		return umpire_arena_printf(s->t->a, "%d and %d, the higher",
			dice[0], dice[1]);
	return umpire_arena_printf(s->t->a, "%d", dice[0]);
}

static bool attack(struct act *s, int x, struct vs_target tg,
	enum vs_attack kind, bool reroll, bool revenge);

/* Revenge (V, VS-67): y, just defeated by x's attack of `kind`. */
static void
revenge(struct act *s, int y, int x, enum vs_attack kind)
{
	struct vs_target tg = { VS_AT_FIGURE, x, NULL };
	bool cover;
	const char *why = can_attack(s, y, &tg, kind, true, &cover);

	if (why) {
		say(s->t, "  - Revenge: **%s** cannot strike back: %s.\n",
			s->g->figure[y].id, why);
		return;
	}
	s->lead = "Revenge: ";
	attack(s, y, tg, kind, false, true);
}

/* A building or terrain feature hit (III, VS-15, VS-53, VS-72). */
static void
hit_feature(struct act *s, int k)
{
	struct vs_game *g = s->g;
	struct vs_feature *fe = &g->feature[k];
	struct vs_roll r;
	int die = roll(s->dice, 6, umpire_arena_printf(s->t->a,
		"%s's armour roll", fe->id));

	vs_building_judge(&r, die);
	if (r.made) {
		say(s->t, "  - **%s** saves (%s): a miss.\n", fe->id,
			roll_text(s->t, &r));
		return;
	}
	fe->hits++;
	if (k == g->building) {
		unsigned assaulters = 0;
		for (int p = 0; p < g->nplayers; p++)
			if (g->player[p].team == VS_ASSAULTER)
				assaulters |= bit(p);
		int need = vs_fortress_hits(assaulters);
		say(s->t, "  - **%s** fails its save (%s): hit %d of %d.\n",
			fe->id, roll_text(s->t, &r), fe->hits, need);
		if (fe->hits >= need) {
			remove_feature(g, k);
			say(s->t, "  - **%s** falls.\n", fe->id);
		}
		return;
	}
	remove_feature(g, k);
	say(s->t, "  - **%s** fails its save (%s) and is destroyed (VS-72).\n",
		fe->id, roll_text(s->t, &r));
}

/* Recruit (V): 5 or more on a d6 and y joins x's side. */
static bool
recruit(struct act *s, int x, int y)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[y];
	struct vs_roll r;
	int die = roll(s->dice, 6, umpire_arena_printf(s->t->a,
		"%s recruits %s", g->figure[x].id, f->id));
	int by = g->figure[x].owner;

	vs_recruit_judge(&r, &g->figure[x].profile, die);
	if (!r.made) {
		say(s->t, "  - Recruit: %s: it is not recruited.\n",
			roll_text(s->t, &r));
		return false;
	}
	say(s->t, "  - Recruit: %s: **%s** joins %s, %d point%s for him "
		"(VS-46).\n", roll_text(s->t, &r), f->id, pname(g, by),
		f->points, f->points == 1 ? "" : "s");
	g->player[by].score += f->points;
	/*
	 * It "changes sides on the spot" (V) and is not taken from the
	 * playing surface, so VS-71's drop is not for it: it keeps what it
	 * carries (VS-50), its riders and its mount.  Put down on foot,
	 * rider and mount would stand on each other's base, which no figure
	 * may (VS-26, VS-35).
	 */
	for (int k = 0; k < g->nfigures; k++)
		if (g->figure[k].mount == y && g->figure[k].where == VS_ON)
			say(s->t, "  - **%s** still rides it: it changes sides "
				"on the spot (V).\n", g->figure[k].id);
	if (f->mount >= 0)
		say(s->t, "  - It still rides **%s**: it changes sides on the "
			"spot (V).\n", g->figure[f->mount].id);
	f->owner = by;
	mark(g, s->t, UMPIRE_MARK_PLACE, y, place_of(g, y), place_of(g, y),
		"recruited");
	f->fresh = true;
	return true;
}

/*
 * One attack by x at tg, everything that follows from it but follow-ups
 * (III, V, VI): returns whether its roll hit, which is success (VS-66).
 */
static bool
attack(struct act *s, int x, struct vs_target tg, enum vs_attack kind,
	bool reroll, bool is_revenge)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[x];
	struct vs_told *t = s->t;
	unsigned sides;
	int dice[2], n;
	bool cover = false;
	const struct vs_profile *tp = tg.kind == VS_AT_FIGURE ?
		&g->figure[tg.index].profile : NULL;
	const char *purpose = umpire_arena_printf(t->a, "%s attacks %s",
		f->id, target_name(g, &tg));
	struct vs_attack_roll ar;

	if (tg.kind == VS_AT_FIGURE) {
		if (can_attack(s, x, &tg, kind, is_revenge, &cover))
			cover = false;
		/* A rider is covered on its mount (II, VS-25). */
		if (kind == VS_DISTANCE && g->figure[tg.index].mount >= 0)
			cover = true;
	}
	n = vs_attack_dice(&sides, &f->profile, kind);
	if (n <= 0)
		return false;
	mark(g, t, UMPIRE_MARK_ATTACK, x, place_of(g, x), tg.kind ==
		VS_AT_FIGURE ? place_of(g, tg.index) : feature_place(g, tg.index),
		kind == VS_DISTANCE ? "distance" : "hand to hand");
	roll_dice(s, dice, sides, n, purpose);
	vs_attack_judge(&ar, &f->profile, tp, kind, cover, dice, n);
	const char *lead = s->lead;
	s->lead = NULL;
	say(t, "- %s**%s** %s **%s**%s%s: %s (%s): %s.\n", lead ? lead : "",
		f->id,
		kind == VS_DISTANCE ? "fires at" : "strikes", target_name(g, &tg),
		kind == VS_DISTANCE && short_range(s, x, &tg) ?
		", at Short Range" : "",
		ar.cover ? ", in cover" : "", dice_text(s, dice, n),
		roll_text(t, &ar.roll), ar.feared ? "struck by fear" : ar.hit ?
		"a hit" : "a miss");
	if (!ar.hit && !is_revenge && reroll && f->owner == s->player &&
	    inspiration_ready(g, s->player)) {
		g->player[s->player].inspired = true;
		roll_dice(s, dice, sides, n, umpire_arena_printf(t->a,
			"%s, rolled again", purpose));
		vs_attack_judge(&ar, &f->profile, tp, kind, cover, dice, n);
		say(t, "  - Inspiration: rolled again: %s (%s): %s.\n",
			dice_text(s, dice, n), roll_text(t, &ar.roll), ar.feared ?
			"struck by fear" : ar.hit ? "a hit" : "a miss");
	}
	if (ar.feared) {
		/* Cause Fear (V, VS-11); a Revenge attacker, defeated
		 * already, goes nowhere and scores nothing again (VS-46). */
		if (on(g, x))
			frighten(g, s->a, x, tg.index, t);
		return false;
	}
	if (!ar.hit)
		return false;
	if (tg.kind == VS_AT_FEATURE) {
		hit_feature(s, tg.index);
		return true;
	}
	/* The target's armour (II, V, VI; VS-12). */
	int y = tg.index;
	struct vs_figure *e = &g->figure[y];
	bool ignores = vs_has(&f->profile, VS_IGNORES_ARMOR);
	unsigned asides;
	int an = vs_armor_dice(&asides, &e->profile, ignores);
	bool saved = false;
	if (an > 0) {
		int adice[2];
		struct vs_armor_roll arm;
		const char *ap = umpire_arena_printf(t->a, "%s's armour roll",
			e->id);
		roll_dice(s, adice, asides, an, ap);
		vs_armor_judge(&arm, &e->profile, ignores, adice, an);
		for (int k = 0; k < arm.nrolls; k++)
			say(t, "  - **%s**'s armour (%s): %s.\n", e->id,
				roll_text(t, &arm.roll[k]), arm.roll[k].made ?
				"saves" : "fails");
		if (!arm.saved && s->reroll_armor && e->owner == s->player &&
		    inspiration_ready(g, s->player)) {
			g->player[s->player].inspired = true;
			roll_dice(s, adice, asides, an, umpire_arena_printf(t->a,
				"%s, rolled again", ap));
			vs_armor_judge(&arm, &e->profile, ignores, adice, an);
			for (int k = 0; k < arm.nrolls; k++)
				say(t, "  - Inspiration: rolled again (%s): "
					"%s.\n", roll_text(t, &arm.roll[k]),
					arm.roll[k].made ? "saves" : "fails");
		}
		saved = arm.saved;
	}
	if (saved) {
		say(t, "  - The hit becomes a miss.\n");
		if (ar.knockback > 0)
			knockback(g, s->a, y, x, ar.knockback, t);
		return true;
	}
	if (kind == VS_HAND_TO_HAND && vs_has(&f->profile, VS_RECRUIT) &&
	    !is_revenge && recruit(s, x, y))
		return true;
	defeat(g, y, f->owner, t);
	if (vs_has(&e->profile, VS_REVENGE))
		revenge(s, y, x, kind);
	return true;
}

/* Where a target stood as it was first attacked, for Area Effect. */
struct spot {
	struct vs_target tg;
	struct umpire_figure at;
	struct umpire_square sq;
	int size;
};

static struct spot
spot_of(const struct vs_game *g, struct vs_target tg)
{
	struct spot sp = { tg, { { 0, 0 }, 0, { 0, 0 } }, { 0, 0 }, 1 };

	if (tg.kind == VS_AT_FIGURE) {
		sp.at = g->figure[tg.index].at;
		sp.sq = g->figure[tg.index].sq;
		sp.size = g->figure[tg.index].size ? g->figure[tg.index].size : 1;
	}
	return sp;
}

/* Area Effect's "within a Half Move Unit of the opponent that was the
 * target of the original attack" (V, VS-66, VS-29, VS-32). */
static bool
near_spot(const struct vs_game *g, const struct spot *sp,
	const struct vs_target *tg)
{
	if (sp->tg.kind == VS_AT_FEATURE) {
		/* The original was a building or terrain piece: within a
		 * Half Move Unit of it. */
		if (tg->kind == VS_AT_FEATURE)
			return tg->index == sp->tg.index;
		if (g->on_map)
			return map_feature_distance(g, tg->index,
				sp->tg.index) <= vs_map_units(g->scale, 1);
		return vs_piece_gap_cmp(&g->figure[tg->index].at,
			&g->pieces[sp->tg.index], VS_HALF_MOVE_UNIT) <= 0;
	}
	if (tg->kind == VS_AT_FEATURE) {
		if (g->on_map) {
			const struct vs_feature *fe = &g->feature[tg->index];
			int best = -1;
			for (int s = 0; s < fe->nsquares; s++) {
				struct umpire_square q = fe->squares[s];
				int df = q.file < sp->sq.file ? sp->sq.file - q.file :
					q.file >= sp->sq.file + sp->size ? q.file -
					(sp->sq.file + sp->size - 1) : 0;
				int dr = q.rank < sp->sq.rank ? sp->sq.rank - q.rank :
					q.rank >= sp->sq.rank + sp->size ? q.rank -
					(sp->sq.rank + sp->size - 1) : 0;
				int d = df > dr ? df : dr;
				if (best < 0 || d < best)
					best = d;
			}
			return best >= 0 && best <= vs_map_units(g->scale, 1);
		}
		return vs_piece_gap_cmp(&sp->at, &g->pieces[tg->index],
			VS_HALF_MOVE_UNIT) <= 0;
	}
	const struct vs_figure *f = &g->figure[tg->index];
	if (g->on_map) {
		int size = f->size ? f->size : 1;
		int df = f->sq.file + size - 1 < sp->sq.file ? sp->sq.file -
			(f->sq.file + size - 1) : f->sq.file > sp->sq.file +
			sp->size - 1 ? f->sq.file - (sp->sq.file + sp->size - 1) : 0;
		int dr = f->sq.rank + size - 1 < sp->sq.rank ? sp->sq.rank -
			(f->sq.rank + size - 1) : f->sq.rank > sp->sq.rank +
			sp->size - 1 ? f->sq.rank - (sp->sq.rank + sp->size - 1) : 0;
		return (df > dr ? df : dr) <= vs_map_units(g->scale, 1);
	}
	return vs_gap_cmp(&sp->at, &f->at, VS_HALF_MOVE_UNIT) <= 0;
}

/* An attack order and its follow-ups (II, V; VS-63, VS-65, VS-66). */
static void
attack_order(struct act *s, const struct vs_attack_order *o,
	enum vs_attack kind)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->figure];
	bool cover;
	const char *why;

	if (f->attacked)
		why = "it has attacked this round";
	else
		why = can_attack(s, o->figure, &o->target, kind, false, &cover);
	if (why) {
		say(s->t, "- **%s** does not attack **%s**: %s.\n",
			f->id, target_name(g, &o->target), why);
		return;
	}
	struct spot first = spot_of(g, o->target);
	f->attacked = true;
	bool hit = attack(s, o->figure, o->target, kind, o->reroll, false);
	const char *trait = kind == VS_DISTANCE ? "Area Effect" :
		"Double Strike";
	/* V: Area Effect's attacks at a distance, two more at most;
	 * Double Strike's hand to hand, one more. */
	int most = !vs_has(&f->profile, kind == VS_DISTANCE ?
		VS_AREA_EFFECT : VS_DOUBLE_STRIKE) ? 0 : kind == VS_DISTANCE ?
		VS_MAX_THEN : 1;
	for (int k = 0; k < o->nthen; k++) {
		const struct vs_target *tg = &o->then[k];
		if (!hit || !on(g, o->figure))
			break;
		why = k >= most ? umpire_arena_printf(s->t->a, "%s allows no "
			"more (V)", trait) :
			can_attack(s, o->figure, tg, kind, false, &cover);
		if (!why && kind == VS_DISTANCE && !near_spot(g, &first, tg))
			why = "it is not within a Half Move Unit of the first "
				"target (V, VS-66)";
		if (why) {
			say(s->t, "- %s: **%s** does not attack **%s**: "
				"%s.\n", trait, f->id, target_name(g, tg), why);
			break;
		}
		s->lead = umpire_arena_printf(s->t->a, "%s: ", trait);
		hit = attack(s, o->figure, *tg, kind, o->reroll, false);
	}
}

/* A place judged for figure i as it now stands with others (VS-26). */
static const char *
place_judged(struct act *s, int i, const struct vs_place *pl)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[i];

	if (g->on_map)
		return map_stand(g, i, pl->sq) ?
			"the space is taken or not one to stand on" : NULL;
	/* As a move of no length would end there (VS-26). */
	struct umpire_figure *other = umpire_arena_alloc(s->a,
		((size_t)g->nfigures + 1) * sizeof(*other));
	size_t nally = 0, n = others(g, i, other, NULL, &nally, true);
	struct umpire_figure me = f->at;
	me.at = pl->at;
	struct vs_move_ask ask = { &g->table, &f->profile, me, &pl->at, 1,
		other, nally, other + nally, n - nally, -1 };
	struct vs_move m;
	if (vs_move_judge(&m, &ask) != 0)
		return "the place is not on the table";
	return m.verdict == VS_MOVE_OK ? NULL :
		"the place is taken or on a barrier";
}

/*
 * Where a summoned or returning figure may be put (VS-69, VS-54): a
 * place where a move could end.  It comes alone: its mount and its
 * riders, who stay where they are (V), are in its way like any other
 * figure, so it is judged as if it rode nothing and carried no one.
 */
static const char *
place_blocked(struct act *s, int i, const struct vs_place *pl)
{
	struct vs_game *g = s->g;
	int *rider = umpire_arena_alloc(s->a, ((size_t)g->nfigures + 1) *
		sizeof(*rider));
	int n = 0, mount = g->figure[i].mount;

	for (int k = 0; k < g->nfigures; k++)
		if (g->figure[k].mount == i) {
			rider[n++] = k;
			g->figure[k].mount = -1;
		}
	g->figure[i].mount = -1;
	const char *why = place_judged(s, i, pl);
	g->figure[i].mount = mount;
	for (int k = 0; k < n; k++)
		g->figure[rider[k]].mount = i;
	return why;
}

static void
put(struct vs_game *g, int i, const struct vs_place *pl)
{
	struct vs_figure *f = &g->figure[i];

	if (g->on_map)
		f->sq = pl->sq;
	else
		f->at.at = pl->at;
}

/*
 * Whether the place is within a Half Move Unit of the summoner as it
 * now stands (V, VS-29, VS-32): judged again, as attacks are (VS-65),
 * since an earlier summons of the same step may have moved it.
 */
static bool
summon_reach(struct act *s, const struct vs_summon_order *o)
{
	const struct vs_game *g = s->g;
	const struct vs_figure *f = &g->figure[o->figure];
	const struct vs_figure *a = &g->figure[o->ally];

	if (g->on_map) {
		int fs = f->size ? f->size : 1, as = a->size ? a->size : 1;
		int df = o->place.sq.file > f->sq.file + fs - 1 ?
			o->place.sq.file - (f->sq.file + fs - 1) :
			f->sq.file > o->place.sq.file + as - 1 ?
			f->sq.file - (o->place.sq.file + as - 1) : 0;
		int dr = o->place.sq.rank > f->sq.rank + fs - 1 ?
			o->place.sq.rank - (f->sq.rank + fs - 1) :
			f->sq.rank > o->place.sq.rank + as - 1 ?
			f->sq.rank - (o->place.sq.rank + as - 1) : 0;
		return (df > dr ? df : dr) <= vs_map_units(g->scale, 1);
	}
	struct umpire_figure there = a->at;
	there.at = o->place.at;
	return vs_gap_cmp(&f->at, &there, VS_HALF_MOVE_UNIT) <= 0;
}

/* Summon (V, VS-69). */
static void
summon_order(struct act *s, const struct vs_summon_order *o)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->figure];
	struct vs_figure *ally = &g->figure[o->ally];
	struct vs_roll r;

	if (!on(g, o->figure) || f->attacked || f->skilled ||
	    !vs_has(&f->profile, VS_SUMMON)) {
		say(s->t, "- **%s** cannot summon: it has %s (VS-69).\n", f->id,
			!on(g, o->figure) ? "left the playing surface" :
			!vs_has(&f->profile, VS_SUMMON) ? "no Summon" :
			"acted this round");
		return;
	}
	f->attacked = f->skilled = true;
	int die = roll(s->dice, 6, umpire_arena_printf(s->t->a,
		"%s summons %s", f->id, ally->id));
	vs_summon_judge(&r, &f->profile, die);
	say(s->t, "- **%s** summons **%s**: %s: %s.\n", f->id, ally->id,
		roll_text(s->t, &r), r.made ? "it comes" : "nothing happens");
	if (!r.made)
		return;
	if (!on(g, o->ally)) {
		say(s->t, "  - **%s** is no longer on the playing surface.\n",
			ally->id);
		return;
	}
	const char *why = summon_reach(s, o) ? NULL : umpire_arena_printf(
		s->t->a, "the place is not within a Half Move Unit of **%s** "
		"(VS-69)", f->id);
	if (!why)
		why = place_blocked(s, o->ally, &o->place);
	if (why) {
		say(s->t, "  - **%s** stays where it is: %s.\n", ally->id, why);
		return;
	}
	/* Its riders are not summoned (V): they stay, on foot. */
	for (int k = 0; k < g->nfigures; k++)
		if (g->figure[k].mount == o->ally &&
		    g->figure[k].where == VS_ON) {
			g->figure[k].mount = -1;
			say(s->t, "  - **%s** stays at %s, on foot.\n",
				g->figure[k].id, where_text(s->t, g, k));
		}
	ally->mount = -1;
	struct umpire_point was = place_of(g, o->ally);
	put(g, o->ally, &o->place);
	mark(g, s->t, UMPIRE_MARK_MOVE, o->ally, was, place_of(g, o->ally),
		"summoned");
	say(s->t, "  - **%s** is now at %s.\n", ally->id,
		where_text(s->t, g, o->ally));
}

/*
 * A player's own words, as the report's Markdown shows them and no more:
 * every ASCII mark that Markdown or HTML gives a meaning a backslash
 * before it (CommonMark escapes any), so a task cannot draw an image,
 * link, table cell or tag into a report every player reads.
 */
static const char *
plain_words(struct umpire_arena *a, const char *text)
{
	static const char marks[] = "\\`*_{}[]()<>#+!|~&=^$";
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (const char *p = text; *p; p++) {
		if (strchr(marks, *p))
			umpire_buf_putc(&b, '\\');
		umpire_buf_putc(&b, *p);
	}
	const char *out = umpire_arena_strdup(a, b.len ? umpire_buf_cstr(&b) :
		"");
	umpire_buf_free(&b);
	return out;
}

static void
skill_order(struct act *s, const struct vs_skill_order *o)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->figure];
	struct vs_roll r;

	/* A guy on foot (II): no other figure has a skill die to roll. */
	if (!on(g, o->figure) || f->skilled || f->mount >= 0 ||
	    !vs_is_guy(&f->profile)) {
		say(s->t, "- **%s** makes no skill roll (VS-70).\n", f->id);
		return;
	}
	f->skilled = true;
	int die = roll(s->dice, vs_skill_die(&f->profile),
		umpire_arena_printf(s->t->a, "%s's skill roll", f->id));
	vs_skill_judge(&r, &f->profile, die);
	say(s->t, "- **%s** makes a skill roll%s%s%s: %s: %s.\n", f->id,
		o->task ? " (" : "", o->task ? plain_words(s->t->a, o->task) : "",
		o->task ? ")" : "",
		roll_text(s->t, &r), r.made ? "it succeeds" : "it fails");
}

/* ------------------------------------------------------------------ moves */

/* Whether figure i stands at player p's own edge (VS-74): its base
 * touching it, or a space of it on it. */
static bool
at_own_edge(const struct vs_game *g, int i, int p)
{
	const struct vs_figure *f = &g->figure[i];
	int size = f->size ? f->size : 1;

	if (g->on_map) {
		switch (g->player[p].edge) {
		case VS_SOUTH: return f->sq.rank <= 1;
		case VS_NORTH: return f->sq.rank + size - 1 >= g->grid.ranks;
		case VS_WEST: return f->sq.file <= 1;
		default: return f->sq.file + size - 1 >= g->grid.files;
		}
	}
	int64_t r = f->at.base / 2 + VS_TOUCH;
	switch (g->player[p].edge) {
	case VS_SOUTH: return f->at.at.y <= r;
	case VS_NORTH: return g->table.depth - f->at.at.y <= r;
	case VS_WEST: return f->at.at.x <= r;
	default: return g->table.width - f->at.at.x <= r;
	}
}

/* Transport (VIII, VS-50, VS-74): the object brought to its carrier's
 * player's own edge, or off the table by it, by figure i that moved:
 * its carrier, or the mount its carrier rides (II: the rider "will
 * move along"). */
static void
transport_check(struct vs_game *g, int i, int off_edge, struct vs_told *t)
{
	if (g->scenario != VS_TRANSPORT || g->won)
		return;
	for (int k = 0; k < g->nobjects; k++) {
		int h = g->object[k].holder;
		if (h < 0 || (h != i && g->figure[h].mount != i))
			continue;
		int p = g->figure[h].owner;
		bool home = off_edge >= 0 ? edge_seen(g, p, off_edge) ==
			VS_EDGE_OWN : at_own_edge(g, i, p);
		if (vs_transport_winner(home ? p : -1, VS_EDGE_OWN) == p &&
		    home) {
			g->won = true;
			g->winners = bit(p);
			say(t, "- **%s** brings **%s** to %s's own edge: %s wins "
				"(VIII, Transport).\n", g->figure[h].id,
				g->object[k].id, pname(g, p), pname(g, p));
			return;
		}
	}
}

/* Objects under its base or in its spaces, picked up (III, VS-71). */
static void
pick(struct vs_game *g, int i, const struct vs_move_order *o,
	struct vs_told *t)
{
	for (int k = 0; k < o->npick; k++) {
		struct vs_object *ob = &g->object[o->pick[k]];
		if (ob->holder >= 0)
			continue;
		ob->holder = i;
		say(t, "  - It picks up **%s**.\n", ob->id);
	}
}

static int64_t
path_length(const struct vs_game *g, int i, const struct vs_move_order *o,
	struct umpire_arena *a)
{
	const struct vs_figure *f = &g->figure[i];
	struct umpire_pt *wp = umpire_arena_alloc(a, ((size_t)o->npath + 2) *
		sizeof(*wp));
	struct umpire_figure *other = umpire_arena_alloc(a,
		((size_t)g->nfigures + 1) * sizeof(*other));
	size_t nally = 0, n = others(g, i, other, NULL, &nally, true);
	struct vs_move m;

	wp[0] = f->at.at;
	for (int k = 0; k < o->npath; k++)
		wp[k + 1] = o->path[k];
	struct vs_move_ask ask = { &g->table, &f->profile, f->at, wp,
		(size_t)o->npath + 1, other, nally, other + nally, n - nally,
		-1 };
	if (vs_move_judge(&m, &ask) != 0)
		return -1;
	return m.length;
}

/* A figure moving off the playing surface last stood at its path's
 * last waypoint (space) on it: what it carries falls there (III: "If
 * the figure carrying the object is removed from the playing area, the
 * object falls to the ground"; VS-71), not back where its move began. */
static void
last_on_surface(struct vs_game *g, int i, const struct vs_move_order *o)
{
	struct vs_figure *f = &g->figure[i];

	if (g->on_map) {
		if (o->npath > 0)
			f->sq = o->steps[o->npath - 1];
		return;
	}
	for (int k = o->npath - 1; k >= 0; k--)
		if (umpire_table_holds(&g->table, o->path[k])) {
			f->at.at = o->path[k];
			return;
		}
}

/* A move (II; VS-26, VS-27, VS-35, VS-36, VS-64). */
static void
move_order(struct act *s, const struct vs_move_order *o)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->figure];
	struct vs_told *t = s->t;
	int i = o->figure;

	if (!on(g, i)) {
		say(t, "- **%s** does not move: it has left the playing "
			"surface.\n", f->id);
		return;
	}
	if (f->moved) {		/* II: "Each figure can be moved once" */
		say(t, "- **%s** does not move: it has moved this round.\n",
			f->id);
		return;
	}
	f->moved = true;
	const char *from = where_text(t, g, i);
	struct umpire_square was = f->sq;
	struct umpire_point start = place_of(g, i);
	if (o->npath > 0 || o->off >= 0) {
		/* It gets down from its mount by moving on its own. */
		if (f->mount >= 0 && o->board != f->mount)
			f->mount = -1;
	}
	if (o->off >= 0) {
		if (!g->on_map && o->npath > 0) {
			int64_t len = path_length(g, i, o, s->a);
			say(t, "- **%s** moves %s from %s.\n", f->id,
				len >= 0 ? inches(t, len) : "", from);
		} else {
			say(t, "- **%s** moves from %s.\n", f->id, from);
		}
		last_on_surface(g, i, o);
		move_riders(g, i, was);
		mark(g, t, UMPIRE_MARK_MOVE, i, start, place_of(g, i), "off");
		transport_check(g, i, o->off, t);
		gone_off(g, i, o->off, -1, t);
		return;
	}
	if (g->on_map) {
		if (o->npath > 0)
			f->sq = o->steps[o->npath - 1];
		say(t, "- **%s** moves %d space%s, from %s to %s.\n", f->id,
			o->npath, o->npath == 1 ? "" : "s", from,
			where_text(t, g, i));
	} else {
		int64_t len = o->npath > 0 ? path_length(g, i, o, s->a) : 0;
		if (o->npath > 0)
			f->at.at = o->path[o->npath - 1];
		if (o->has_facing)
			f->at.facing = o->facing;
		if (o->npath > 0)
			say(t, "- **%s** moves %s, from %s to %s.\n", f->id,
				inches(t, len), from, where_text(t, g, i));
		else
			say(t, "- **%s** %s where it stands.\n", f->id,
				o->has_facing ? "turns" : "stays");
	}
	if (o->board >= 0) {
		f->mount = o->board;
		if (!g->on_map)
			f->at.at = g->figure[o->board].at.at;
		say(t, "  - It boards **%s**.\n", g->figure[o->board].id);
	}
	move_riders(g, i, was);
	mark(g, t, UMPIRE_MARK_MOVE, i, start, place_of(g, i), NULL);
	if (o->flying >= 0 && vs_has(&f->profile, VS_FLIGHT)) {
		bool was_flying = f->flying;

		f->flying = o->flying == 1;
		say(t, "  - It %s.\n", f->flying
			? (was_flying ? "stays in flight" : "takes off")
			: (was_flying ? "lands" : "stays on the ground"));
	}
	pick(g, i, o, t);
	transport_check(g, i, -1, t);
}

/* Spawning (VIII, VS-51): a waiting figure comes in. */
static void
spawn_order(struct act *s, const struct vs_orders *o)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->spawn_figure];

	if (f->where != VS_WAITING)
		return;
	f->where = VS_ON;
	put(g, o->spawn_figure, &o->spawn_place);
	mark(g, s->t, UMPIRE_MARK_PLACE, o->spawn_figure, place_of(g,
		o->spawn_figure), place_of(g, o->spawn_figure), "spawned");
	if (o->spawn_has_facing)
		f->at.facing = o->spawn_facing;
	/* "The newly spawned figure is immediately able to move" (VIII):
	 * coming in is not its move. */
	say(s->t, "- **%s** comes into the game at %s%s%s.\n", f->id,
		where_text(s->t, g, o->spawn_figure), o->spawn_edge >= 0 ?
		", on the edge chosen: " : "", o->spawn_edge >= 0 ?
		vs_edge_names[o->spawn_edge] : "");
}

/* X's 6 (VS-54): a defeated figure comes back. */
static void
return_order(struct act *s, const struct vs_orders *o)
{
	struct vs_game *g = s->g;
	struct vs_figure *f = &g->figure[o->return_figure];

	if (f->where != VS_DEFEATED || !g->player[s->player].owed)
		return;
	const char *why = place_blocked(s, o->return_figure, &o->return_place);
	if (why) {
		say(s->t, "- **%s** cannot come back: %s.\n", f->id, why);
		return;
	}
	f->where = VS_ON;
	f->by = -1;
	f->mount = -1;
	f->fresh = true;
	put(g, o->return_figure, &o->return_place);
	mark(g, s->t, UMPIRE_MARK_PLACE, o->return_figure, place_of(g,
		o->return_figure), place_of(g, o->return_figure), "returned");
	g->player[s->player].owed = false;
	say(s->t, "- **%s** comes back at %s (X).\n", f->id,
		where_text(s->t, g, o->return_figure));
}

/* ------------------------------------------------------------------ a step */

/* Whether a figure has taken an action this round (X: "take actions
 * with up to ... figures"). */
static bool
acted(const struct vs_figure *f)
{
	return f->moved || f->attacked || f->skilled;
}

/*
 * X, VS-16, VS-78: a solo side's figures that took their first action
 * of the round in this step count against its activation die, by number
 * and by points, so that the next orders can be held to it: once a
 * round each, whatever phases they act in.  before[i] says whether
 * figure i had acted as the step began; a figure whose orders came to
 * nothing has not acted.
 */
static void
count_active(struct vs_game *g, int p, const bool *before)
{
	struct vs_player *pl = &g->player[p];

	if (!pl->activation)
		return;
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		if (f->owner == p && !before[i] && acted(f)) {
			pl->active++;
			pl->active_points += f->points;
		}
	}
}

int
vs_resolve(struct vs_game *g, const struct vs_orders *o,
	const struct vs_roller *dice, struct vs_told *tell)
{
	struct act s = { g, tell->a, dice, tell, o->player, o->reroll_armor };

	if (o->player != g->pos.player || o->phase != g->pos.phase ||
	    g->pos.player < 0)
		return -1;
	bool *before = umpire_arena_alloc(tell->a, ((size_t)g->nfigures + 1) *
		sizeof(*before));
	for (int i = 0; i < g->nfigures; i++)
		before[i] = acted(&g->figure[i]);
	switch (o->phase) {
	case VS_PHASE_INITIATIVE:
		if (vs_round_choose(&g->pos, o->first, vs_alive(g) &
		    ~vs_destroyed(g)) != 0)
			return -1;
		say(tell, "- %s chooses %s to start round %d.\n",
			pname(g, o->player), o->first == o->player ? "himself" :
			pname(g, o->first), g->pos.round);
		break;
	case VS_PHASE_MOVE:
		if (o->has_spawn)
			spawn_order(&s, o);
		for (int k = 0; k < o->nmoves; k++)
			move_order(&s, &o->moves[k]);
		/* The die was for this movement only (VS-51). */
		g->player[o->player].spawn = 0;
		break;
	case VS_PHASE_DISTANCE:
	case VS_PHASE_HAND:
		for (int k = 0; k < o->nattacks; k++)
			attack_order(&s, &o->attacks[k], o->phase ==
				VS_PHASE_DISTANCE ? VS_DISTANCE :
				VS_HAND_TO_HAND);
		for (int k = 0; k < o->nsummons; k++)
			summon_order(&s, &o->summons[k]);
		break;
	case VS_PHASE_SKILL:
		for (int k = 0; k < o->nskills; k++)
			skill_order(&s, &o->skills[k]);
		for (int k = 0; k < o->nsummons; k++)
			summon_order(&s, &o->summons[k]);
		if (o->has_return)
			return_order(&s, o);
		break;
	case VS_PHASES:
		return -1;
	}
	if (o->phase != VS_PHASE_INITIATIVE && !o->nmoves && !o->nattacks &&
	    !o->nsummons && !o->nskills && !o->has_spawn && !o->has_return)
		say(tell, "- %s does nothing.\n", pname(g, o->player));
	count_active(g, o->player, before);
	vs_advance(g, dice, tell);
	return 0;
}

/* --------------------------------------------------------- what comes next */

/* Whether figure i touches or is adjacent to something it may fight
 * hand to hand: an enemy, or a building or terrain feature (III: "hit
 * in distance or hand to hand combat"; Fortress Assault's building is
 * the Assaulters' aim). */
static bool
can_fight(struct vs_game *g, struct umpire_arena *a, const struct map_view *v,
	int i)
{
	const struct vs_figure *f = &g->figure[i];

	(void)a;
	if (f->flying)
		return false;
	for (int j = 0; j < g->nfigures; j++) {
		const struct vs_figure *e = &g->figure[j];
		if (!on(g, j) || e->flying || !vs_foes(g, f->owner, e->owner))
			continue;
		if (g->on_map ? vs_map_adjacent(&v->m, v->index[i], v->index[j]) :
		    vs_reaches(&f->at, &e->at, f->reach))
			return true;
	}
	for (int k = 0; k < g->nfeatures; k++)
		if (!g->feature[k].removed && reaches_feature(g, i, k))
			return true;
	return false;
}

/* The players with a figure that can act in each phase (VS-44). */
static void
able(struct vs_game *g, struct umpire_arena *a, unsigned *out)
{
	struct map_view v = { 0 };

	memset(out, 0, VS_PHASES * sizeof(*out));
	if (g->on_map)
		map_view(g, a, &v);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		unsigned b = bit(f->owner);
		if (f->where == VS_WAITING &&
		    g->player[f->owner].team == VS_SPAWNER)
			out[VS_PHASE_MOVE] |= b;		/* VS-51 */
		if (!on(g, i) || f->fresh)
			continue;
		bool summon = vs_has(&f->profile, VS_SUMMON) && !f->attacked &&
			!f->skilled;
		bool crewed = vs_can_move(g, i);
		if (!f->moved && crewed)
			out[VS_PHASE_MOVE] |= b;
		if ((!f->attacked && crewed && f->profile.distance) || summon)
			out[VS_PHASE_DISTANCE] |= b;
		if (summon || (!(out[VS_PHASE_HAND] & b) && !f->attacked &&
		    crewed && can_fight(g, a, &v, i)))
			out[VS_PHASE_HAND] |= b;
		if (summon || (!f->skilled && vs_is_guy(&f->profile) &&
		    f->mount < 0))
			out[VS_PHASE_SKILL] |= b;
	}
	for (int p = 0; p < g->nplayers; p++)
		if (g->player[p].owed)
			out[VS_PHASE_SKILL] |= bit(p);		/* VS-54 */
}

static unsigned
team_of(const struct vs_game *g, enum vs_team team)
{
	unsigned m = 0;

	for (int p = 0; p < g->nplayers; p++)
		if (g->player[p].team == team)
			m |= bit(p);
	return m;
}

/* The scenarios' own ends (VIII; VS-49, VS-52, VS-53), after a step:
 * whether the game is over. */
static bool
scenario_over(struct vs_game *g, struct vs_told *t)
{
	int n = g->nplayers;

	if (g->won)
		return true;
	switch (g->scenario) {
	case VS_ESCAPE: {
		int start[VS_MAX_PLAYERS] = { 0 }, across[VS_MAX_PLAYERS] = { 0 };
		for (int p = 0; p < n; p++)
			start[p] = g->player[p].nfigures;
		for (int i = 0; i < g->nfigures; i++) {
			const struct vs_figure *f = &g->figure[i];
			if (f->where == VS_OFF && f->left >= 0 &&
			    edge_seen(g, f->owner, f->left) == VS_EDGE_OPPOSITE)
				across[f->owner]++;
		}
		unsigned w = vs_escape_winners(start, across, n);
		if (w) {
			g->won = true;
			g->winners = w;
			say(t, "- More than half of a force has escaped across "
				"the opposite edge (VIII, Escape).\n");
			return true;
		}
		return false;
	}
	case VS_AMBUSH:
		if (vs_ambush_end(n, team_of(g, VS_AMBUSHER), standing(g))) {
			say(t, "- Every figure of one side is defeated (VIII, "
				"Ambush).\n");
			return true;
		}
		return false;
	case VS_FORTRESS: {
		unsigned w;
		int hits = g->building >= 0 ? (g->feature[g->building].removed ?
			vs_fortress_hits(team_of(g, VS_ASSAULTER)) :
			g->feature[g->building].hits) : 0;
		if (vs_fortress_end(&w, n, team_of(g, VS_ASSAULTER),
		    standing(g), hits)) {
			g->won = true;
			g->winners = w;
			say(t, "- %s (VIII, Fortress Assault).\n", w &
				team_of(g, VS_ASSAULTER) ? "The building has "
				"fallen" : "Every Assaulter is defeated");
			return true;
		}
		return false;
	}
	default:
		return false;
	}
}

/* A new round's start: what a round allows is allowed again; what a
 * round's activation die gave ends with it, a 6's return unused too
 * (X: "at the very beginning of each turn"; VS-54, VS-78). */
static void
clear_round(struct vs_game *g)
{
	for (int i = 0; i < g->nfigures; i++) {
		struct vs_figure *f = &g->figure[i];
		f->moved = f->attacked = f->skilled = f->fresh = false;
	}
	for (int p = 0; p < g->nplayers; p++) {
		struct vs_player *pl = &g->player[p];
		pl->inspired = false;
		pl->active = pl->active_points = 0;
		pl->activation = pl->most = pl->most_points = 0;
		pl->owed = false;
	}
}

/* Initiative (II, VS-14): every roller a d6 and his bonuses, the tied
 * highest again until one is left.  Returns the winner. */
static int
initiative(struct vs_game *g, unsigned rollers, const struct vs_roller *dice,
	struct vs_told *t)
{
	int n = g->nplayers, totals[VS_MAX_PLAYERS] = { 0 };
	const struct vs_profile **figs = umpire_arena_alloc(t->a,
		((size_t)g->nfigures + 1) * sizeof(*figs));
	unsigned in = rollers;

	say(t, "- Initiative for round %d:", g->pos.round + 1);
	for (int pass = 1; ; pass++) {
		for (int p = 0; p < n; p++) {
			if (!(in & bit(p)))
				continue;
			struct vs_initiative b = { 0 };
			int nf = 0;
			if (!g->pos.solo) {
				for (int i = 0; i < g->nfigures; i++)
					if (on(g, i) && g->figure[i].owner == p)
						figs[nf++] = &g->figure[i].profile;
				vs_initiative_bonus(&b, figs, nf,
					g->player[p].team == VS_AMBUSHER);
			}
			int die = roll(dice, 6, umpire_arena_printf(t->a,
				"%s's initiative", pname(g, p)));
			totals[p] = die + b.total;
			g->player[p].roll = totals[p];
			say(t, " %s %d", pname(g, p), die);
			if (b.move)
				say(t, " %+d (Super-Move)", b.move);
			if (b.scenario)
				say(t, " %+d (Ambusher)", b.scenario);
			if (b.total)
				say(t, " = %d", totals[p]);
			say(t, ";");
		}
		unsigned top;
		int k = vs_roll_off(&top, totals, n, in);
		/* VS-77: after 100 ties in a row, the first tied in seat
		 * order, which seeded dice never reach. */
		if (k > 1 && pass >= VS_MAX_ROLL_OFFS) {
			top &= ~(top - 1);
			say(t, " tied %d times: the first in seat order wins "
				"(VS-77);", pass);
			k = 1;
		}
		if (k <= 1) {
			for (int p = 0; p < n; p++)
				if (top & bit(p)) {
					say(t, " %s wins.\n", pname(g, p));
					return p;
				}
			say(t, "\n");
			return -1;
		}
		say(t, " a tie, rolled again:");
		in = top;
	}
}

/* X (VS-16, VS-54): each side's activation die as the round begins. */
static void
activation(struct vs_game *g, unsigned sides, const struct vs_roller *dice,
	struct vs_told *t)
{
	for (int p = 0; p < g->nplayers; p++) {
		if (!(sides & bit(p)))
			continue;
		int figures = 0, points = 0, defeated = 0;
		for (int i = 0; i < g->nfigures; i++) {
			const struct vs_figure *f = &g->figure[i];
			if (f->owner != p)
				continue;
			if (f->where == VS_ON) {
				figures++;
				points += f->points;
			} else if (f->where == VS_DEFEATED) {
				defeated++;
			}
		}
		struct vs_solo so;
		int die = roll(dice, 6, umpire_arena_printf(t->a,
			"%s's activation", pname(g, p)));
		vs_solo_judge(&so, die, figures, points);
		g->player[p].activation = die;
		g->player[p].most = so.figures;		/* VS-78 */
		g->player[p].most_points = so.points;
		g->player[p].owed = so.revive && defeated > 0;
		say(t, "- %s's activation die: %d: ", pname(g, p), die);
		if (so.points)
			say(t, "%d figure%s, or figures worth %d point%s", 
				so.figures, so.figures == 1 ? "" : "s", so.points,
				so.points == 1 ? "" : "s");
		else
			say(t, "%d figure%s", so.figures, so.figures == 1 ? "" :
				"s");
		say(t, "%s.\n", g->player[p].owed ?
			", and a defeated figure comes back" : "");
	}
}

int
vs_advance(struct vs_game *g, const struct vs_roller *dice,
	struct vs_told *tell)
{
	unsigned can[VS_PHASES];
	int r;

	if (scenario_over(g, tell)) {
		g->pos.player = -1;
		g->pos.over = VS_OVER_SCENARIO;
		return VS_GAME_OVER;
	}
	if (g->pos.round == 0) {
		r = VS_ROUND_OVER;
	} else {
		able(g, tell->a, can);
		r = vs_round_next(&g->pos, vs_alive(g), vs_destroyed(g), can);
	}
	while (r == VS_ROUND_OVER) {
		clear_round(g);
		able(g, tell->a, can);
		unsigned alive = vs_alive(g) & ~vs_destroyed(g);
		unsigned rollers = vs_round_rollers(&g->pos, alive);
		int winner = g->pos.winner;
		if (rollers)
			winner = initiative(g, rollers, dice, tell);
		if (winner < 0)
			winner = 0;
		unsigned act = vs_round_activation(&g->pos, alive);
		r = vs_round_begin(&g->pos, winner, vs_alive(g),
			vs_destroyed(g), can);
		if (r < 0) {
			g->pos.over = VS_OVER_STALLED;
			g->pos.player = -1;
			r = VS_GAME_OVER;
			break;
		}
		if (r != VS_GAME_OVER) {
			say(tell, "- Round %d begins.\n", g->pos.round);
			activation(g, act, dice, tell);
		}
	}
	if (r == VS_DECIDE) {
		unsigned spawners = team_of(g, VS_SPAWNER), to_come = 0;
		for (int i = 0; i < g->nfigures; i++)
			if (g->figure[i].where == VS_WAITING)
				to_come |= bit(g->figure[i].owner);
		int p = g->pos.player;
		if (vs_spawn_due(&g->pos, spawners, to_come)) {
			struct vs_spawn sp;
			int die = roll(dice, 6, umpire_arena_printf(tell->a,
				"%s's spawning die", pname(g, p)));
			vs_spawn_judge(&sp, die);
			g->player[p].spawn = die;
			say(tell, "- %s's spawning die: %d: %s.\n", pname(g, p),
				die, !sp.place ? "no figure comes this turn" :
				sp.choose ? "a figure comes on the side he "
				"chooses" : umpire_arena_printf(tell->a,
				"a figure comes on the %s side",
				vs_edge_names[sp.edge]));
		}
		return VS_DECIDE;
	}
	g->pos.player = -1;
	return VS_GAME_OVER;
}

void
vs_final_scores(const struct vs_game *g, long long *out)
{
	if (g->won)
		vs_score_winners(out, g->nplayers, g->winners);
	else
		vs_final_points(g, out);
}

void
vs_final_points(const struct vs_game *g, long long *out)
{
	int n = g->nplayers, defeated[VS_MAX_PLAYERS] = { 0 };
	unsigned side = 0;

	for (int p = 0; p < n; p++)
		defeated[p] = g->player[p].score;
	if (g->ending.sides && n > 0 && g->player[0].team != VS_NO_TEAM)
		side = team_of(g, g->player[0].team);
	unsigned alive = 0;
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].where == VS_ON)
			alive |= bit(g->figure[i].owner);
	vs_score(out, n, g->ending.win, defeated, alive, side);
}

const char *
vs_can_attack(const struct vs_game *g, struct umpire_arena *a, int x,
	const struct vs_target *tg, enum vs_attack kind, bool *cover)
{
	struct vs_told t = { NULL, a };
	struct act s = { (struct vs_game *)g, a, NULL, &t, -1, false, NULL };

	return can_attack(&s, x, tg, kind, false, cover);
}
