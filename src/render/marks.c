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
arrow(const struct umpire_mark *k, int x1, int y1, int x2, int y2)
{
	return k->kind == UMPIRE_MARK_MOVE || k->kind == UMPIRE_MARK_RETREAT ||
		(k->kind == UMPIRE_MARK_ATTACK && (x1 != x2 || y1 != y2));
}

/* What lies under the arrows: areas, losses, pieces placed, shots. */
static void
draw_under(struct umpire_svg *s, const struct umpire_mark *k,
	const struct umpire_marks_map *map)
{
	const char *colour = map->colour(map->ctx, k->player);
	int r = map->r, x2, y2;

	map->at(map->ctx, k->to, &x2, &y2);
	switch (k->kind) {
	case UMPIRE_MARK_ATTACK: {
		struct umpire_svg_paint ring = { "none", colour, 2, "3 2" };
		umpire_svg_circle(s, x2, y2, r + 4, &ring);
		break;
	}
	case UMPIRE_MARK_LOSS:
		cross(s, x2, y2, r);
		break;
	case UMPIRE_MARK_PLACE: {
		struct umpire_svg_paint ring = { "none", colour, 2, "6 3" };
		umpire_svg_circle(s, x2, y2, r + 4, &ring);
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
	int w = map->width > 1 ? map->width : 2, r = map->r;
	struct umpire_buf shafts = UMPIRE_BUF_INIT, heads = UMPIRE_BUF_INIT;

	if (k0->kind != UMPIRE_MARK_MOVE)
		w--;
	for (size_t i = first; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		struct umpire_svg_arrow_shape a;
		int x1, y1, x2, y2;
		map->at(map->ctx, k->from, &x1, &y1);
		map->at(map->ctx, k->to, &x2, &y2);
		if (k->kind != k0->kind || !arrow(k, x1, y1, x2, y2) ||
		    strcmp(arrow_colour(k, map), colour) != 0 ||
		    !umpire_svg_arrow_shape(&a, x1, y1, x2, y2,
		    k->kind == UMPIRE_MARK_ATTACK ? r : 0, r, w))
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

void
umpire_marks_draw(struct umpire_svg *s, const struct umpire_marks *m,
	const struct umpire_marks_map *map)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		int x1, y1, x2, y2;
		map->at(map->ctx, k->from, &x1, &y1);
		map->at(map->ctx, k->to, &x2, &y2);
		if (!arrow(k, x1, y1, x2, y2))
			draw_under(s, k, map);
	}
	/* The arrows in the order their kind and colour first came. */
	for (size_t i = 0; i < m->n; i++) {
		const struct umpire_mark *k = &m->v[i];
		int x1, y1, x2, y2;
		map->at(map->ctx, k->from, &x1, &y1);
		map->at(map->ctx, k->to, &x2, &y2);
		if (!arrow(k, x1, y1, x2, y2))
			continue;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++) {
			const struct umpire_mark *o = &m->v[j];
			int a1, b1, a2, b2;
			map->at(map->ctx, o->from, &a1, &b1);
			map->at(map->ctx, o->to, &a2, &b2);
			seen = o->kind == k->kind && arrow(o, a1, b1, a2, b2) &&
				strcmp(arrow_colour(o, map), arrow_colour(k, map)) == 0;
		}
		if (!seen)
			draw_arrows(s, m, i, map);
	}
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
	umpire_buf_printf(&b, "; X %s; dashed ring placed", w->loss);
	if (w->area)
		umpire_buf_printf(&b, "; red dashed circle %s", w->area);
	umpire_svg_text(s, 0, y, &f, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
}
