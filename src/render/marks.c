#include "render/marks.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void
umpire_marks_init(struct umpire_marks *m, struct umpire_arena *a)
{
	memset(m, 0, sizeof(*m));
	m->arena = a;
}

static const char *
copy(struct umpire_arena *a, const char *s)
{
	return s ? umpire_arena_strdup(a, s) : NULL;
}

void
umpire_marks_add(struct umpire_marks *m, const struct umpire_mark *mark)
{
	if (!m)
		return;
	m->v = umpire_arena_grow(m->arena, m->v, sizeof(*m->v), m->n, &m->cap,
		m->n + 1);
	struct umpire_mark *k = &m->v[m->n++];
	*k = *mark;
	k->player = copy(m->arena, mark->player);
	k->unit = copy(m->arena, mark->unit);
	k->note = copy(m->arena, mark->note);
}

static bool
under(const struct umpire_mark *k)
{
	return k->kind == UMPIRE_MARK_LOSS || k->kind == UMPIRE_MARK_PLACE ||
		k->kind == UMPIRE_MARK_AREA;
}

const struct umpire_mark *
umpire_marks_layered(const struct umpire_marks *m, size_t i)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < m->n; k++)
			if (under(&m->v[k]) == (pass == 0) && i-- == 0)
				return &m->v[k];
	return NULL;
}

static void
cross(struct umpire_svg *s, int x, int y, int d)
{
	static const struct umpire_svg_paint under_ = { NULL, UMPIRE_SVG_PAPER,
		7, NULL };
	static const struct umpire_svg_paint ink = { NULL, UMPIRE_SVG_INK, 3,
		NULL };

	for (int pass = 0; pass < 2; pass++) {
		const struct umpire_svg_paint *q = pass ? &ink : &under_;
		umpire_svg_line(s, x - d, y - d, x + d, y + d, q);
		umpire_svg_line(s, x - d, y + d, x + d, y - d, q);
	}
}

static bool
lane_kind(const struct umpire_mark *k)
{
	return k->kind == UMPIRE_MARK_MOVE || k->kind == UMPIRE_MARK_ATTACK ||
		k->kind == UMPIRE_MARK_RETREAT;
}

static bool
wide(const struct umpire_marks_map *map)
{
	return map->half_height > 0 && map->half_height != map->r;
}

/*
 * Mark i's ends in pixels, e[0], e[1] (from) and e[2], e[3] (to): where
 * the map puts them, or on a track in mark i's lane.
 */
static void
ends(const struct umpire_marks *m, size_t i,
	const struct umpire_marks_map *map, int e[4])
{
	const struct umpire_mark *k = &m->v[i];

	map->at(map->ctx, k, k->from, &e[0], &e[1]);
	map->at(map->ctx, k, k->to, &e[2], &e[3]);
	if (map->lane > 0 && lane_kind(k)) {
		int lane = 0;
		for (size_t j = 0; j < i; j++)
			lane += lane_kind(&m->v[j]);
		e[0] = e[2] = map->lanes_x + lane * map->lane + map->lane / 2;
	}
}

static bool
arrow(const struct umpire_marks_map *map, const struct umpire_mark *k,
	const int e[4])
{
	if (map->lane > 0)
		return lane_kind(k);
	return k->kind == UMPIRE_MARK_MOVE || k->kind == UMPIRE_MARK_RETREAT ||
		(k->kind == UMPIRE_MARK_ATTACK && (e[0] != e[2] || e[1] != e[3]));
}

/*
 * How far short of a piece's centre an arrow that comes along (dx, dy)
 * stops: r, or past the edge of a piece wider than high, whichever edge
 * the arrow crosses.  On a track, nowhere: no piece stands in a lane.
 */
static int
gap(const struct umpire_marks_map *map, int dx, int dy)
{
	if (map->lane > 0)
		return 0;
	if (!wide(map))
		return map->r;
	long long len = umpire_svg_isqrt((long long)dx * dx +
		(long long)dy * dy), best = -1;
	if (dx != 0)
		best = map->r * len / (dx < 0 ? -dx : dx);
	if (dy != 0) {
		long long t = map->half_height * len / (dy < 0 ? -dy : dy);
		if (best < 0 || t < best)
			best = t;
	}
	return best < 0 ? map->r : (int)best + 2;
}

/* A ring round the piece at (x, y), dashed. */
static void
ring(struct umpire_svg *s, const struct umpire_marks_map *map, int x, int y,
	const struct umpire_svg_paint *p)
{
	int r = map->r, h = map->half_height;

	if (wide(map))
		umpire_svg_rect(s, x - r - 4, y - h - 4, 2 * r + 8, 2 * h + 8,
			h + 4, p);
	else
		umpire_svg_circle(s, x, y, r + 4, p);
}

/* What lies under the arrows: areas, losses, pieces placed, shots. */
static void
draw_under(struct umpire_svg *s, const struct umpire_mark *k, const int e[4],
	const struct umpire_marks_map *map)
{
	const char *colour = map->colour(map->ctx, k->player);
	int x2 = e[2], y2 = e[3];

	switch (k->kind) {
	case UMPIRE_MARK_ATTACK: {
		struct umpire_svg_paint p = { "none", colour, 2, "3 2" };
		ring(s, map, x2, y2, &p);
		break;
	}
	case UMPIRE_MARK_LOSS:
		cross(s, x2, y2, wide(map) && map->half_height < map->r ?
			map->half_height : map->r);
		break;
	case UMPIRE_MARK_PLACE: {
		struct umpire_svg_paint p = { "none", colour, 2, "6 3" };
		ring(s, map, x2, y2, &p);
		break;
	}
	case UMPIRE_MARK_AREA: {
		struct umpire_svg_paint area = { "none", UMPIRE_SVG_VERMILLION, 2,
			"8 4" };
		int d = map->length ? map->length(map->ctx, k->radius) : 0;
		if (d > 0)
			umpire_svg_circle(s, x2, y2, d, &area);
		break;
	}
	default:
		break;
	}
}

static const char *
arrow_colour(const struct umpire_mark *k, const struct umpire_marks_map *map)
{
	return k->kind == UMPIRE_MARK_RETREAT ? UMPIRE_SVG_INK :
		map->colour(map->ctx, k->player);
}

/*
 * Every arrow of one kind and colour as two paths: the shafts, the
 * heads.  A campaign's hundred moves take a tenth of the bytes they
 * took one arrow at a time.  No paper under the shafts: the pieces are
 * drawn over the arrows, which cross only the ground.
 */
static void
draw_arrows(struct umpire_svg *s, const struct umpire_marks *m, size_t first,
	const struct umpire_marks_map *map)
{
	static const char *const dashes[] = {
		[UMPIRE_MARK_MOVE] = NULL, [UMPIRE_MARK_ATTACK] = "6 4",
		[UMPIRE_MARK_RETREAT] = "2 3",
	};
	const struct umpire_mark *k0 = &m->v[first];
	const char *colour = arrow_colour(k0, map);
	int w = map->width > 1 ? map->width : 2;
	struct umpire_buf shafts = UMPIRE_BUF_INIT, heads = UMPIRE_BUF_INIT;

	if (k0->kind != UMPIRE_MARK_MOVE)
		w--;
	for (size_t i = first; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		struct umpire_svg_arrow_shape a;
		int e[4];
		ends(m, i, map, e);
		int dx = e[2] - e[0], dy = e[3] - e[1];
		if (k->kind != k0->kind || !arrow(map, k, e) ||
		    strcmp(arrow_colour(k, map), colour) != 0 ||
		    !umpire_svg_arrow_shape(&a, e[0], e[1], e[2], e[3],
		    k->kind == UMPIRE_MARK_ATTACK ? gap(map, dx, dy) : 0,
		    gap(map, dx, dy), w))
			continue;
		/* Relative steps: fewer digits. */
		if (a.has_shaft)
			umpire_buf_printf(&shafts, "M%d %dl%d %d", a.shaft[0],
				a.shaft[1], a.shaft[2] - a.shaft[0],
				a.shaft[3] - a.shaft[1]);
		umpire_buf_printf(&heads, "M%d %dl%d %dl%d %dz", a.head[0],
			a.head[1], a.head[2] - a.head[0], a.head[3] - a.head[1],
			a.head[4] - a.head[2], a.head[5] - a.head[3]);
	}
	struct umpire_svg_paint over = { "none", colour, w,
		dashes[k0->kind] };
	struct umpire_svg_paint tip = { colour, UMPIRE_SVG_PAPER, 1, NULL };
	umpire_svg_path(s, umpire_buf_cstr(&shafts), &over);
	umpire_svg_path(s, umpire_buf_cstr(&heads), &tip);
	umpire_buf_free(&shafts);
	umpire_buf_free(&heads);
}

/*
 * On a track, the words of each lane: the piece's id at the arrow's
 * tail, what came of it at its head, so that an arrow tells whose it
 * is with no piece at its ends.
 */
static void
draw_lane_words(struct umpire_svg *s, const struct umpire_marks *m,
	const struct umpire_marks_map *map)
{
	static const struct umpire_svg_font f = { 12, true, UMPIRE_SVG_MIDDLE,
		NULL, false };

	for (size_t i = 0; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		int e[4];
		if (!lane_kind(k))
			continue;
		ends(m, i, map, e);
		bool up = e[3] < e[1];
		if (k->unit)
			umpire_svg_text(s, e[0], up ? e[1] + 17 : e[1] - 8, &f,
				map->lane - 2, k->unit);
		if (k->note)
			umpire_svg_text(s, e[2], up ? e[3] - 10 : e[3] + 20, &f,
				map->lane - 2, k->note);
	}
}

void
umpire_marks_draw(struct umpire_svg *s, const struct umpire_marks *m,
	const struct umpire_marks_map *map)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		int e[4];
		ends(m, i, map, e);
		if (!arrow(map, &m->v[i], e))
			draw_under(s, &m->v[i], e, map);
	}
	/* The arrows in the order their kind and colour first came. */
	for (size_t i = 0; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		int e[4];
		ends(m, i, map, e);
		if (!arrow(map, k, e))
			continue;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++) {
			const struct umpire_mark *o = &m->v[j];
			int f[4];
			ends(m, j, map, f);
			seen = o->kind == k->kind && arrow(map, o, f) &&
				strcmp(arrow_colour(o, map), arrow_colour(k, map)) == 0;
		}
		if (!seen)
			draw_arrows(s, m, i, map);
	}
	if (map->lane > 0)
		draw_lane_words(s, m, map);
}

void
umpire_marks_legend(struct umpire_svg *s, int y,
	const struct umpire_marks_words *w)
{
	static const struct umpire_svg_font f = { 13, false, UMPIRE_SVG_START,
		NULL, false };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_buf_printf(&b, "Arrows: solid a move, dashed %s", w->attack);
	if (w->push)
		umpire_buf_printf(&b, ", dotted %s", w->push);
	umpire_buf_printf(&b, "; X %s", w->loss);
	if (w->place)
		umpire_buf_printf(&b, "; dashed ring %s", w->place);
	if (w->area)
		umpire_buf_printf(&b, "; red dashed circle %s", w->area);
	umpire_svg_text(s, 0, y, &f, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
}
