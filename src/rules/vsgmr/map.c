/*
 * map.c - the battle map of VSGMR's section IX: the chart of figure
 * scales, how many spaces a figure moves, where it may go, who is
 * adjacent, who sees whom and through what, and how far a distance
 * attack reaches.
 *
 * The squares are core's (geom/grid.h): names, king-move distance and
 * the line of sight are the grid's, so that VSGMR and WWII Combined Arms
 * draw the same line between the same two squares.  The search for
 * where a figure can go is this file's own: umpire_grid_reach goes at
 * most UMPIRE_GRID_MAX_STEPS (16) steps, and at 4.7mm and 15mm a
 * vehicle with Super-Move goes up to VS_MAP_MAX_MOVE (42) spaces.
 */
#include <string.h>

#include "vsgmr.h"

/* --------------------------------------------------------------- the chart */

/* IX, as printed; the size of a space is the first printed (VS-31). */
const struct vs_scale vs_scales[VS_SCALES] = {
	{ "4.7mm", "4.7 mm", "1/2 inch", 50, 12, 20, 50 },
	{ "15mm", "15 mm", "1/2 inch", 50, 12, 20, 50 },
	{ "25mm", "25 or 28 mm", "1 inch or 1 1/2 inches", 100, 6, 10, 25 },
	{ "54mm", "54 mm", "2 inches", 200, 3, 8, 15 },
	{ "90mm", "90 mm", "3 inches", 300, 2, 5, 10 },
	{ "180mm", "180 mm", "3 inches", 300, 2, 3, 8 },
	{ "300mm", "300 mm", "6 inches", 600, 1, 2, 5 },
};

const struct vs_scale *
vs_scale_find(const char *name)
{
	/* The row is "25 or 28 mm": either name is it (VS-31). */
	if (strcmp(name, "28mm") == 0)
		name = "25mm";
	for (int i = 0; i < VS_SCALES; i++)
		if (strcmp(vs_scales[i].name, name) == 0)
			return &vs_scales[i];
	return NULL;
}

int
vs_map_units(const struct vs_scale *sc, int halves)
{
	/* Rounded down once, at the end: three Half Move Units at 54mm
	 * are 4 spaces (4 1/2), not 3; but never below 1 space for a
	 * length of a Half Move Unit or more: a Half Move Unit is 1 space
	 * at 300mm, not 0 (VS-32). */
	int spaces = halves * sc->move / 2;

	return halves > 0 && spaces < 1 ? 1 : spaces;
}

int
vs_map_allowance(const struct vs_scale *sc, const struct vs_profile *p,
	bool difficult)
{
	/* II: a guy 1 Move Unit, cavalry 1 1/2, a vehicle 2; VI: Super-Move
	 * a Half Move Unit more, a Move Unit, a Move Unit and a half.  All
	 * in Half Move Units. */
	static const int kind[VS_KINDS] = { 2, 2, 3, 4 };
	static const int more[VS_LEVELS] = { 0, 1, 2, 3 };
	unsigned level = p->power[VS_SUPER_MOVE];
	int spaces = vs_map_units(sc, kind[p->kind] +
		more[level < VS_LEVELS ? level : VS_NOT]);

	/* IX: difficult terrain "halves a figure's movement ... (round
	 * down)"; Flight moves "its full movement, even through rough
	 * terrain" (V; VS-33). */
	if (difficult && !vs_has(p, VS_FLIGHT))
		return spaces / 2;
	return spaces;
}

/* ----------------------------------------------------------------- terrain */

const char *const vs_terrain_names[VS_MAP_TERRAINS] = {
	"open", "small", "difficult", "darkness", "partial", "building",
};

const char *const vs_terrain_titles[VS_MAP_TERRAINS] = {
	"open ground", "a small obstacle", "difficult terrain", "darkness",
	"a partial obstacle", "a building",
};

/* VS-34. */
static bool
barrier(enum vs_terrain t)
{
	return t == VS_MAP_PARTIAL || t == VS_MAP_BUILDING;
}

static bool
slowing(enum vs_terrain t)
{
	return t == VS_MAP_DIFFICULT || t == VS_MAP_DARKNESS;
}

static enum vs_terrain
terrain(const struct vs_map *m, struct umpire_square s)
{
	return (enum vs_terrain)m->terrain[umpire_grid_index(&m->grid, s)];
}

/* ------------------------------------------------------------------ figures */

static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

static int
iabs(int x)
{
	return x < 0 ? -x : x;
}

/* Whether s is one of f's spaces (VS-37). */
static bool
covers(const struct vs_map_figure *f, struct umpire_square s)
{
	return s.file >= f->at.file && s.file < f->at.file + f->size &&
		s.rank >= f->at.rank && s.rank < f->at.rank + f->size;
}

/* The figure i rides (mount is 1 + its index), or -1: on foot, or a
 * mount that names no figure (vs_map_misplaced says so). */
static int
rides(const struct vs_map *m, int i)
{
	int k = m->figures[i].mount - 1;

	return k >= 0 && k < m->nfigures && k != i ? k : -1;
}

/* Whether a and b may share a space: a rider and its mount, or two
 * riders of one mount (II, VS-35). */
static bool
together(const struct vs_map *m, int a, int b)
{
	int ra = rides(m, a), rb = rides(m, b);

	return ra == b || rb == a || (ra >= 0 && ra == rb);
}

/* How far apart two runs of spaces are along one axis: 0 if they meet. */
static int
gap(int a, int asize, int b, int bsize)
{
	if (b > a + asize - 1)
		return b - (a + asize - 1);
	if (a > b + bsize - 1)
		return a - (b + bsize - 1);
	return 0;
}

int
vs_map_distance(const struct vs_map *m, int a, int b)
{
	const struct vs_map_figure *x = &m->figures[a], *y = &m->figures[b];
	int df = gap(x->at.file, x->size, y->at.file, y->size);
	int dr = gap(x->at.rank, x->size, y->at.rank, y->size);

	/* King moves between the nearest spaces (VS-37). */
	return df > dr ? df : dr;
}

bool
vs_map_adjacent(const struct vs_map *m, int a, int b)
{
	/* "Spaces that touch on a side or corner" (IX; VS-38). */
	return vs_map_distance(m, a, b) == 1;
}

enum vs_range
vs_map_range(const struct vs_scale *sc, int distance)
{
	/* VS-40: Long Range is the reach; Short Range is only reported. */
	if (distance <= sc->short_range)
		return VS_SHORT_RANGE;
	if (distance <= sc->long_range)
		return VS_LONG_RANGE;
	return VS_OUT_OF_RANGE;
}

/* Whether every space of a figure of `size` at `at` is on the map. */
static bool
fits(const struct vs_map *m, struct umpire_square at, int size)
{
	return umpire_grid_on(&m->grid, at) && umpire_grid_on(&m->grid,
		(struct umpire_square){ at.file + size - 1, at.rank + size - 1 });
}

/* Whether rider i is not where a rider may be (VS-35). */
static bool
mount_misplaced(const struct vs_map *m, int i, char *why, size_t n)
{
	const struct vs_map_figure *f = &m->figures[i];
	int k = rides(m, i);
	char a[UMPIRE_SQUARE_NAME];

	if (k < 0) {
		umpire_refuse(why, n, "the figure rides figure %d, and there is "
			"no other figure %d on the map", f->mount - 1,
			f->mount - 1);
		return true;
	}
	if (m->figures[k].mount) {
		umpire_refuse(why, n, "the figure rides a figure that rides "
			"another itself (VS-35)");
		return true;
	}
	if (m->figures[k].side != f->side) {
		umpire_refuse(why, n, "the figure rides a figure not on its "
			"side: a guy rides or drives only its own (II, VS-35)");
		return true;
	}
	if (f->size != 1) {
		umpire_refuse(why, n, "a rider takes one space, not %d x %d "
			"(VS-35)", f->size, f->size);
		return true;
	}
	if (!covers(&m->figures[k], f->at)) {
		umpire_refuse(why, n, "%s is not a space of the figure it rides "
			"(II, VS-35)", umpire_grid_name(f->at, a));
		return true;
	}
	return false;
}

int
vs_map_misplaced(const struct vs_map *m, char *why, size_t n)
{
	char a[UMPIRE_SQUARE_NAME];

	for (int i = 0; i < m->nfigures; i++) {
		const struct vs_map_figure *f = &m->figures[i];
		if (f->size < 1 || f->size > VS_MAX_SIZE) {
			umpire_refuse(why, n, "a figure takes 1 x 1 to %d x %d "
				"spaces, not %d (VS-37)", VS_MAX_SIZE, VS_MAX_SIZE,
				f->size);
			return i;
		}
		if (!fits(m, f->at, f->size)) {
			umpire_refuse(why, n, "%s is off the map, or the figure's "
				"%d x %d spaces from it are", umpire_grid_name(f->at,
				a), f->size, f->size);
			return i;
		}
		if (f->mount && mount_misplaced(m, i, why, n))
			return i;
		for (int r = 0; r < f->size; r++)
			for (int c = 0; c < f->size; c++) {
				struct umpire_square s = { f->at.file + c,
					f->at.rank + r };
				if (barrier(terrain(m, s))) {
					umpire_refuse(why, n, "%s is %s, and no figure "
						"stands on a barrier (VS-34)",
						umpire_grid_name(s, a),
						vs_terrain_titles[terrain(m, s)]);
					return i;
				}
				for (int j = 0; j < i; j++)
					if (covers(&m->figures[j], s) &&
					    !together(m, i, j)) {
						umpire_refuse(why, n, "%s holds another "
							"figure already: one figure to a "
							"space (IX), a rider on its mount "
							"aside (VS-35)",
							umpire_grid_name(s, a));
						return i;
					}
			}
	}
	return -1;
}

/* ------------------------------------------------------------------- moves */

/* The mover and what it may do. */
struct walk {
	const struct vs_map *m;
	int who;
	int size;
	bool flight;
};

/* Whether the mover may stand on `at` on its way: all its spaces on the
 * map, no barrier under any unless it flies, no enemy on any (VS-35). */
static bool
passable(const struct walk *w, struct umpire_square at)
{
	const struct vs_map *m = w->m;
	int side = m->figures[w->who].side;

	if (!fits(m, at, w->size))
		return false;
	for (int r = 0; r < w->size; r++)
		for (int c = 0; c < w->size; c++) {
			struct umpire_square s = { at.file + c, at.rank + r };
			if (!w->flight && barrier(terrain(m, s)))
				return false;
			for (int i = 0; i < m->nfigures; i++)
				if (i != w->who && m->figures[i].side != side &&
				    covers(&m->figures[i], s))
					return false;
		}
	return true;
}

/* Whether any space of the mover on `at` is difficult terrain (VS-33). */
static bool
slowed(const struct walk *w, struct umpire_square at)
{
	for (int r = 0; r < w->size; r++)
		for (int c = 0; c < w->size; c++)
			if (slowing(terrain(w->m, (struct umpire_square){
			    at.file + c, at.rank + r })))
				return true;
	return false;
}

/* The window cell of t for a search from `from`, or -1 beyond it. */
static int
cell(struct umpire_square from, struct umpire_square t)
{
	int df = t.file - from.file, dr = t.rank - from.rank;

	if (iabs(df) > VS_MAP_MAX_MOVE || iabs(dr) > VS_MAP_MAX_MOVE)
		return -1;
	return (dr + VS_MAP_MAX_MOVE) * VS_MAP_WINDOW + df + VS_MAP_MAX_MOVE;
}

static struct umpire_square
cell_square(struct umpire_square from, int c)
{
	return (struct umpire_square){
		from.file + c % VS_MAP_WINDOW - VS_MAP_MAX_MOVE,
		from.rank + c / VS_MAP_WINDOW - VS_MAP_MAX_MOVE,
	};
}

/*
 * Breadth first from the mover's place, at most `steps` king moves, into
 * dist (-1: not reached).  open_only: by spaces none of which is
 * difficult, the first included (VS-33).
 */
static void
search(signed char *dist, const struct walk *w, int steps, bool open_only)
{
	static const int dir[8][2] = {
		{ -1, -1 }, { 0, -1 }, { 1, -1 }, { -1, 0 },
		{ 1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
	};
	short queue[VS_MAP_WINDOW * VS_MAP_WINDOW];
	struct umpire_square from = w->m->figures[w->who].at;
	int head = 0, tail = 0;

	memset(dist, -1, VS_MAP_WINDOW * VS_MAP_WINDOW);
	if (open_only && slowed(w, from))
		return;
	dist[cell(from, from)] = 0;
	queue[tail++] = (short)cell(from, from);
	while (head < tail) {
		int k = queue[head++], d = dist[k];
		struct umpire_square s = cell_square(from, k);
		if (d >= steps)
			continue;
		for (int i = 0; i < 8; i++) {
			struct umpire_square t = { s.file + dir[i][0],
				s.rank + dir[i][1] };
			int c = cell(from, t);
			if (c < 0 || dist[c] >= 0 || !passable(w, t) ||
			    (open_only && slowed(w, t)))
				continue;
			dist[c] = (signed char)(d + 1);
			queue[tail++] = (short)c;
		}
	}
}

void
vs_map_reach(struct vs_map_reach *out, const struct vs_map *m, int who,
	const struct vs_scale *sc, const struct vs_profile *p)
{
	struct walk w = { m, who, m->figures[who].size,
		vs_has(p, VS_FLIGHT) };

	out->from = m->figures[who].at;
	out->move = vs_map_allowance(sc, p, false);
	out->slow = vs_map_allowance(sc, p, true);
	/* The whole allowance by open ground, half of it by any (VS-33);
	 * with Flight the two are one. */
	search(out->open, &w, out->move, !w.flight);
	search(out->any, &w, out->slow, false);
}

int
vs_map_reach_steps(const struct vs_map_reach *r, struct umpire_square to)
{
	int c = cell(r->from, to);

	if (c < 0)
		return -1;
	if (r->open[c] >= 0 && (r->any[c] < 0 || r->open[c] <= r->any[c]))
		return r->open[c];
	return r->any[c];
}

int
vs_map_stand(const struct vs_map *m, int who, struct umpire_square to,
	int onto, char *why, size_t n)
{
	const struct vs_map_figure *f = &m->figures[who];
	char a[UMPIRE_SQUARE_NAME];

	if (onto < -1 || onto >= m->nfigures || onto == who) {
		umpire_refuse(why, n, "figure %d is no other figure on the map "
			"to board (II)", onto);
		return -1;
	}
	if (onto >= 0 && f->size != 1) {
		umpire_refuse(why, n, "a figure of %d x %d spaces boards no "
			"other: a rider takes one space (II, VS-35)", f->size,
			f->size);
		return -1;
	}
	if (onto >= 0 && m->figures[onto].mount) {
		umpire_refuse(why, n, "the figure it boards rides another "
			"itself (VS-35)");
		return -1;
	}
	if (!fits(m, to, f->size)) {
		umpire_refuse(why, n, "%s is off the map%s; a move off the map "
			"is written as leaving it (VS-36)", umpire_grid_name(to, a),
			f->size > 1 ? ", or some of the figure's spaces from it are" :
			"");
		return -1;
	}
	for (int r = 0; r < f->size; r++)
		for (int c = 0; c < f->size; c++) {
			struct umpire_square s = { to.file + c, to.rank + r };
			if (barrier(terrain(m, s))) {
				umpire_refuse(why, n, "%s is %s: no figure ends its "
					"move on a barrier, though Flight passes over one "
					"(II, V, VS-34)", umpire_grid_name(s, a),
					vs_terrain_titles[terrain(m, s)]);
				return -1;
			}
			for (int i = 0; i < m->nfigures; i++) {
				if (i == who || !covers(&m->figures[i], s))
					continue;
				/* Its own riders move with it (II); the mount it
				 * boards and that mount's other riders share. */
				if (rides(m, i) == who || (onto >= 0 &&
				    rides(m, i) == onto))
					continue;
				if (i != onto) {
					umpire_refuse(why, n, "%s holds another figure: "
						"a figure cannot end movement in the same "
						"space as any other figure (IX, VS-35)",
						umpire_grid_name(s, a));
					return -1;
				}
				if (m->figures[onto].side != f->side) {
					umpire_refuse(why, n, "the figure on %s is not on "
						"its side: a guy rides or drives only its own "
						"(II, VS-35)", umpire_grid_name(s, a));
					return -1;
				}
			}
		}
	if (onto >= 0 && !covers(&m->figures[onto], to)) {
		umpire_refuse(why, n, "%s is not a space of the figure it boards "
			"(II)", umpire_grid_name(to, a));
		return -1;
	}
	return 0;
}

int
vs_map_move(const struct vs_map *m, int who, const struct vs_scale *sc,
	const struct vs_profile *p, struct umpire_square to, int onto,
	char *why, size_t n)
{
	const struct vs_map_figure *f = &m->figures[who];
	char a[UMPIRE_SQUARE_NAME], b[UMPIRE_SQUARE_NAME];

	if (vs_map_stand(m, who, to, onto, why, n) < 0)
		return -1;

	struct vs_map_reach r;
	vs_map_reach(&r, m, who, sc, p);
	int steps = vs_map_reach_steps(&r, to);
	if (steps >= 0)
		return steps;

	/* Out of reach: say why, the plainest reason first. */
	int d = umpire_grid_distance(f->at, to);
	struct walk w = { m, who, f->size, vs_has(p, VS_FLIGHT) };
	umpire_grid_name(to, a);
	umpire_grid_name(f->at, b);
	if (d > r.move) {
		umpire_refuse(why, n, "%s is %d spaces from %s, and the figure "
			"moves %d (IX, VS-32)", a, d, b, r.move);	/* d > 1 */
		return -1;
	}
	if (!w.flight && slowed(&w, f->at)) {
		umpire_refuse(why, n, "the figure starts in difficult terrain on "
			"%s, which halves its movement to %d, and %s is %d space%s "
			"away (IX, VS-33)", b, r.slow, a, d, plural(d));
		return -1;
	}
	signed char any[VS_MAP_WINDOW * VS_MAP_WINDOW];
	search(any, &w, r.move, false);
	if (any[cell(f->at, to)] >= 0) {
		umpire_refuse(why, n, "every way from %s to %s in %d spaces or "
			"fewer crosses difficult terrain, which halves the figure's "
			"movement to %d (IX, VS-33)", b, a, r.move, r.slow);
		return -1;
	}
	umpire_refuse(why, n, "every way from %s to %s in %d spaces or fewer "
		"is blocked by an enemy figure or a barrier (IX, II, VS-35)",
		b, a, r.move);
	return -1;
}

/* Whether a figure of `size` on `at` touches an edge of the map. */
static bool
on_edge(const struct vs_map *m, struct umpire_square at, int size)
{
	return at.file == 1 || at.rank == 1 ||
		at.file + size - 1 == m->grid.files ||
		at.rank + size - 1 == m->grid.ranks;
}

int
vs_map_leave(const struct vs_map *m, int who, const struct vs_scale *sc,
	const struct vs_profile *p, char *why, size_t n)
{
	const struct vs_map_figure *f = &m->figures[who];
	struct vs_map_reach r;
	int best = -1;

	vs_map_reach(&r, m, who, sc, p);
	/* The step off is a step like any other (VS-36): the edge within
	 * the allowance less one, by open ground or by any. */
	for (int c = 0; c < VS_MAP_WINDOW * VS_MAP_WINDOW; c++) {
		struct umpire_square at = cell_square(f->at, c);
		int d = -1;
		if (!fits(m, at, f->size) || !on_edge(m, at, f->size))
			continue;
		if (r.open[c] >= 0 && r.open[c] < r.move)
			d = r.open[c];
		if (r.any[c] >= 0 && r.any[c] < r.slow &&
		    (d < 0 || r.any[c] < d))
			d = r.any[c];
		if (d >= 0 && (best < 0 || d + 1 < best))
			best = d + 1;
	}
	if (best < 0)
		umpire_refuse(why, n, "no edge of the map is within %d space%s "
			"of the figure, its movement less the step off (IX, "
			"VS-36)", r.move - 1, plural(r.move - 1));
	return best;
}

/* ------------------------------------------------------------------- sight */

/* One line judged: what it met, the first of each. */
struct look {
	const struct vs_map *m;
	int who, target;
	bool covered;
	struct umpire_square cover, block;
	int by;
};

static bool
blocks(void *vctx, struct umpire_square s)
{
	struct look *l = vctx;
	const struct vs_map *m = l->m;
	int side = m->figures[l->who].side;

	/* "No enemy figure or large obstacle ... in the path"; allies and
	 * obstacles "filling less than half a space" do nothing; windows
	 * and other partial obstacles give cover (IX; VS-39). */
	for (int i = 0; i < m->nfigures; i++)
		if (i != l->who && i != l->target &&
		    !together(m, i, l->target) &&
		    m->figures[i].side != side && covers(&m->figures[i], s)) {
			l->block = s;
			l->by = i;
			return true;
		}
	switch (terrain(m, s)) {
	case VS_MAP_BUILDING:
	case VS_MAP_DARKNESS:
		l->block = s;
		return true;
	case VS_MAP_PARTIAL:
		if (!l->covered)
			l->cover = s;
		l->covered = true;
		return false;
	default:
		return false;
	}
}

/* Spaces of a figure, rank by rank from its lowest, each from the lowest
 * file: the i-th. */
static struct umpire_square
space_of(const struct vs_map_figure *f, int i)
{
	return (struct umpire_square){ f->at.file + i % f->size,
		f->at.rank + i / f->size };
}

void
vs_map_sight(struct vs_map_sight *out, const struct vs_map *m, int who,
	int target)
{
	const struct vs_map_figure *x = &m->figures[who];
	const struct vs_map_figure *y = &m->figures[target];
	/* 0: blocked, 1: covered, 2: clear; the first line of the best. */
	int best = -1;
	/* A rider on its mount is covered (II, VS-39). */
	int mount = rides(m, target);

	memset(out, 0, sizeof(*out));
	out->by = -1;
	for (int i = 0; i < x->size * x->size && best < 2; i++)
		for (int j = 0; j < y->size * y->size && best < 2; j++) {
			struct look l = { m, who, target, false, { 0, 0 },
				{ 0, 0 }, -1 };
			struct umpire_square a = space_of(x, i), b = space_of(y, j);
			bool clear = umpire_grid_clear(a, b, blocks, &l);
			int how = !clear ? 0 : l.covered || mount >= 0 ? 1 : 2;
			if (how <= best)
				continue;
			best = how;
			out->from = a;
			out->to = b;
			out->sees = clear;
			out->covered = how == 1;
			out->at = !clear ? l.block : l.covered ? l.cover : b;
			out->by = !clear ? l.by : mount;
		}
}
