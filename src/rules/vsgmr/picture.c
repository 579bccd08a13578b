/*
 * picture.c - a VSGMR game seen from above, north up: the table's
 * buildings and terrain or the map's spaces, every figure on the
 * playing surface with its player's mark, the objects, and the step's
 * moves, attacks and pushes as arrows.
 *
 * Any number of players: each has his name's colour where his name is
 * one ("red", "gold"), else one of the palette for colour blindness,
 * and a shape of his own (umpire_svg_styles), so that eight players are
 * told apart without colour; the mark in each token is the text map's
 * (board.c), upper case a guy, lower case cavalry or a vehicle, which
 * are drawn larger, and each figure's id, the name orders give it,
 * stands beside it.  A figure in flight has a dashed rim; a commander a
 * thick one.  The table has rulers in inches, as orders place figures.
 *
 * Marks (resolve.c) place things in hundredths of an inch on the table,
 * and by square (x the file, y the rank) on the map.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vsgmr.h"

#define BORDER 16
#define KEY_LINE 20
#define MIN_R 10		/* a token's radius: never smaller */
#define CELL 28			/* a square of the map, in pixels */

struct layout {
	const struct vs_game *g;
	int32_t k;		/* the table: hundredths of an inch a pixel */
	int w, h;		/* the surface's size in pixels */
	struct umpire_svg_style style[VS_MAX_PLAYERS];
};

static int
player_of(const struct vs_game *g, const char *id)
{
	for (int p = 0; id && p < g->nplayers; p++)
		if (strcmp(g->player[p].id, id) == 0)
			return p;
	return 0;
}

/* A point of the table, or a square's centre, in pixels. */
static int
px(const struct layout *l, int x)
{
	if (l->g->on_map)
		return BORDER + (x - 1) * CELL + CELL / 2;
	return BORDER + (int)(x / l->k);
}

static int
py(const struct layout *l, int y)
{
	if (l->g->on_map)
		return BORDER + (l->g->grid.ranks - y) * CELL + CELL / 2;
	return BORDER + (int)((l->g->table.depth - y) / l->k);
}

/* ---------------------------------------------------------------- ground */

static void
table_features(struct umpire_svg *s, const struct layout *l)
{
	static const struct umpire_svg_paint building = { "#595959",
		UMPIRE_SVG_INK, 2, NULL };
	static const struct umpire_svg_paint wall = { "#8c8c8c",
		UMPIRE_SVG_INK, 2, NULL };
	static const struct umpire_svg_paint wood = { "#b7d7a8",
		UMPIRE_SVG_INK, 1, NULL };
	static const struct umpire_svg_paint rough = { "#e8dcc0",
		UMPIRE_SVG_INK, 1, "4 3" };
	static const struct umpire_svg_paint gone = { "none", UMPIRE_SVG_GREY,
		1, "2 3" };
	static const struct umpire_svg_font f = { 12, true, UMPIRE_SVG_MIDDLE,
		UMPIRE_SVG_INK };
	const struct vs_game *g = l->g;

	for (int k = 0; k < g->nfeatures; k++) {
		const struct vs_feature *fe = &g->feature[k];
		const struct umpire_piece *pc = &g->pieces[k];
		int xy[2 * UMPIRE_PIECE_CORNERS];
		unsigned kind = (unsigned)fe->piece.kind;
		const struct umpire_svg_paint *p = fe->removed ? &gone :
			(kind & VS_BARRIER) && (kind & VS_COVER) ? &building :
			kind & VS_BARRIER ? &wall : kind & VS_COVER ? &wood : &rough;
		for (int i = 0; i < pc->n; i++) {
			xy[2 * i] = px(l, pc->corner[i].x);
			xy[2 * i + 1] = py(l, pc->corner[i].y);
		}
		umpire_svg_polygon(s, xy, (size_t)pc->n, p);
		int room = px(l, pc->hi.x) - px(l, pc->lo.x);
		if (umpire_svg_text_width(fe->id, 12) + 4 <= room &&
		    py(l, pc->lo.y) - py(l, pc->hi.y) >= 14)
			umpire_svg_text(s, (px(l, pc->lo.x) + px(l, pc->hi.x)) / 2,
				(py(l, pc->lo.y) + py(l, pc->hi.y)) / 2 + 4,
				fe->removed || p == &building ? &f : &f, 0, fe->id);
	}
}

static void
map_ground(struct umpire_svg *s, const struct layout *l)
{
	static const struct umpire_svg_paint fill[VS_MAP_TERRAINS] = {
		[VS_MAP_OPEN] = { "#f4f1e8", NULL, 0, NULL },
		[VS_MAP_SMALL] = { "#e0e0d0", NULL, 0, NULL },
		[VS_MAP_DIFFICULT] = { "#b7d7a8", NULL, 0, NULL },
		[VS_MAP_DARKNESS] = { "#3a3a3a", NULL, 0, NULL },
		[VS_MAP_PARTIAL] = { "#8c8c8c", NULL, 0, NULL },
		[VS_MAP_BUILDING] = { "#595959", NULL, 0, NULL },
	};
	static const struct umpire_svg_paint grid = { "none", "#c8c4b8", 1,
		NULL };
	static const struct umpire_svg_font f = { 12, false, UMPIRE_SVG_MIDDLE,
		UMPIRE_SVG_GREY };
	const struct vs_game *g = l->g;
	char name[UMPIRE_SQUARE_NAME];

	int w = g->grid.files * CELL, h = g->grid.ranks * CELL;

	/* Open ground under the whole map, then each rank's runs of other
	 * ground one rectangle a run, then the lines between squares: two
	 * rectangles a square made a 30 x 24 map's picture 110 KB. */
	umpire_svg_rect(s, BORDER, BORDER, w, h, 0, &fill[VS_MAP_OPEN]);
	for (int r = 1; r <= g->grid.ranks; r++)
		for (int c = 1; c <= g->grid.files; ) {
			int kind = g->ground[umpire_grid_index(&g->grid,
				(struct umpire_square){ c, r })];
			int run = 1;
			if (kind < 0 || kind >= VS_MAP_TERRAINS)
				kind = VS_MAP_OPEN;
			while (c + run <= g->grid.files &&
			    g->ground[umpire_grid_index(&g->grid,
			    (struct umpire_square){ c + run, r })] == kind)
				run++;
			if (kind != VS_MAP_OPEN)
				umpire_svg_rect(s, BORDER + (c - 1) * CELL,
					BORDER + (g->grid.ranks - r) * CELL,
					run * CELL, CELL, 0, &fill[kind]);
			c += run;
		}
	for (int c = 0; c <= g->grid.files; c++)
		umpire_svg_line(s, BORDER + c * CELL, BORDER,
			BORDER + c * CELL, BORDER + h, &grid);
	for (int r = 0; r <= g->grid.ranks; r++)
		umpire_svg_line(s, BORDER, BORDER + r * CELL, BORDER + w,
			BORDER + r * CELL, &grid);
	/* Files along the foot, ranks along the left. */
	for (int c = 1; c <= g->grid.files; c++) {
		umpire_grid_name((struct umpire_square){ c, 1 }, name);
		name[1] = '\0';
		umpire_svg_text(s, px(l, c), BORDER + g->grid.ranks * CELL + 13,
			&f, 0, name);
	}
	for (int r = 1; r <= g->grid.ranks; r++)
		umpire_svg_textf(s, BORDER / 2, py(l, r) + 4, &f, 0, "%d", r);
}

/* --------------------------------------------------------------- figures */

static void
figure(struct umpire_svg *s, const struct layout *l, int i)
{
	const struct vs_game *g = l->g;
	const struct vs_figure *f = &g->figure[i];
	int p = f->owner;
	const struct umpire_svg_style *st = &l->style[p];
	bool guy = vs_is_guy(&f->profile);
	int r, x, y;
	char tip[160], code[2] = { vs_mark(g, p), '\0' };

	if (g->on_map) {
		int size = f->size ? f->size : 1;
		r = size * CELL / 2 - 3;
		x = BORDER + (f->sq.file - 1) * CELL + size * CELL / 2;
		y = BORDER + (g->grid.ranks - f->sq.rank - size + 1) * CELL +
			size * CELL / 2;
		if (f->mount >= 0)
			r = CELL / 3;
	} else {
		r = (int)(f->at.base / 2 / l->k);
		x = px(l, f->at.at.x);
		y = py(l, f->at.at.y);
	}
	if (r < MIN_R)
		r = MIN_R;
	if (!guy)
		code[0] = (char)tolower((unsigned char)code[0]);
	struct umpire_svg_paint paint = { st->colour, UMPIRE_SVG_INK,
		f->profile.commander ? 3 : 1, f->flying ? "3 2" : NULL };
	struct umpire_svg_font font = { 12, true, UMPIRE_SVG_MIDDLE, st->ink,
		false };
	snprintf(tip, sizeof(tip), "%s: %s's %s%s%s%s", f->id,
		g->player[p].id, f->name ? f->name : "figure",
		f->mount >= 0 ? ", riding " : "", f->mount >= 0 ?
		g->figure[f->mount].id : "", f->flying ? ", in flight" : "");
	umpire_svg_unit(s, f->id, x, y, tip);
	umpire_svg_shape(s, 0, 0, st->shape, r, &paint);
	umpire_svg_text(s, 0, 4, &font, 0, code);
	/* Its facing: a tick on the rim. */
	if (!g->on_map && (f->at.facing.x || f->at.facing.y)) {
		static const struct umpire_svg_paint tick = { NULL,
			UMPIRE_SVG_INK, 2, NULL };
		long long n = umpire_svg_isqrt((long long)f->at.facing.x *
			f->at.facing.x + (long long)f->at.facing.y * f->at.facing.y);
		if (n > 0)
			umpire_svg_line(s, (int)(f->at.facing.x * r / n),
				-(int)(f->at.facing.y * r / n),
				(int)(f->at.facing.x * (r + 5) / n),
				-(int)(f->at.facing.y * (r + 5) / n), &tick);
	}
	umpire_svg_end(s);
	umpire_svg_label(s, x, y, r + 2, f->id);
}

static void
objects(struct umpire_svg *s, const struct layout *l)
{
	static const struct umpire_svg_paint star = { UMPIRE_SVG_YELLOW,
		UMPIRE_SVG_INK, 2, NULL };
	const struct vs_game *g = l->g;

	for (int k = 0; k < g->nobjects; k++) {
		const struct vs_object *o = &g->object[k];
		int x, y;
		if (o->holder >= 0) {
			const struct vs_figure *f = &g->figure[o->holder];
			if (f->where != VS_ON)
				continue;
			x = g->on_map ? px(l, f->sq.file) + CELL / 3 :
				px(l, f->at.at.x) + MIN_R;
			y = g->on_map ? py(l, f->sq.rank) - CELL / 3 :
				py(l, f->at.at.y) - MIN_R;
		} else {
			x = g->on_map ? px(l, o->sq.file) : px(l, o->at.x);
			y = g->on_map ? py(l, o->sq.rank) : py(l, o->at.y);
		}
		int xy[8] = { x, y - 7, x + 7, y, x, y + 7, x - 7, y };
		umpire_svg_polygon(s, xy, 4, &star);
	}
}

static void
at(const void *ctx, const struct umpire_mark *k, struct umpire_point p,
	int *x, int *y)
{
	(void)k;
	*x = px(ctx, p.x);
	*y = py(ctx, p.y);
}

static const char *
colour(const void *ctx, const char *player)
{
	const struct layout *l = ctx;

	return l->style[player_of(l->g, player)].colour;
}

static int
length(const void *ctx, int d)
{
	const struct layout *l = ctx;

	return l->g->on_map ? d * CELL : (int)(d / l->k);
}

static int
key(struct umpire_svg *s, const struct layout *l, int y)
{
	static const struct umpire_marks_words words = { "an attack",
		"a push", "defeated", NULL, "placed" };
	const struct vs_game *g = l->g;
	static const struct umpire_svg_font f = { 13, false, UMPIRE_SVG_START,
		NULL };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "Upper case a guy, lower "
		"case cavalry or a vehicle; thick rim a commander, dashed in "
		"flight; diamond an object");
	umpire_marks_legend(s, y += KEY_LINE, &words);
	for (int p = 0; p < g->nplayers; p++) {
		int on = 0;
		for (int i = 0; i < g->nfigures; i++)
			on += g->figure[i].owner == p && g->figure[i].where == VS_ON;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%c %s (%s, %s): %d figure%s on the playing "
			"surface, %d point%s scored", vs_mark(g, p), g->player[p].id,
			umpire_svg_shape_names[l->style[p].shape],
			l->style[p].colour_name, on,
			on == 1 ? "" : "s", g->player[p].score,
			g->player[p].score == 1 ? "" : "s");
		umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	}
	umpire_buf_clear(&b);
	if (g->pos.player >= 0 && g->pos.round > 0)
		umpire_buf_printf(&b, "Round %d, %s: %s", g->pos.round,
			vs_phase_names[g->pos.phase], g->player[g->pos.player].id);
	else if (g->pos.round > 0)
		umpire_buf_printf(&b, "Over in round %d", g->pos.round);
	else
		umpire_buf_printf(&b, "Set up");
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return y + 6;
}

void
vs_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer)
{
	const struct vs_game *g = game;
	struct layout l = { g, 1, 0, 0, { { 0 } } };
	const char *names[VS_MAX_PLAYERS];
	static const struct umpire_svg_paint cloth = { "#f4f1e8", UMPIRE_SVG_INK,
		2, NULL };

	(void)viewer;		/* nothing is hidden in this game */
	for (int p = 0; p < g->nplayers; p++)
		names[p] = g->player[p].id;
	umpire_svg_styles(l.style, names, g->nplayers);
	if (g->on_map) {
		l.w = g->grid.files * CELL;
		l.h = g->grid.ranks * CELL;
	} else {
		l.k = (g->table.width + 759) / 760;
		if (l.k < 1)
			l.k = 1;
		l.w = (int)(g->table.width / l.k);
		l.h = (int)(g->table.depth / l.k);
	}
	int w = 2 * BORDER + l.w, h = 2 * BORDER + l.h;
	umpire_svg_board(s, w < 760 ? 760 : w, h + (g->nplayers + 3) *
		KEY_LINE + 12);
	if (g->on_map) {
		map_ground(s, &l);
	} else {
		umpire_svg_rect(s, BORDER, BORDER, l.w, l.h, 0, &cloth);
		umpire_svg_ruler(s, BORDER, BORDER, g->table.width, g->table.depth,
			l.k, 100, 6);
		table_features(s, &l);
	}
	struct umpire_marks_map map = { &l, at, colour, length, MIN_R, 3 };
	umpire_marks_draw(s, marks, &map);
	/* Mounts under their riders. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nfigures; i++)
			if (g->figure[i].where == VS_ON &&
			    vs_is_guy(&g->figure[i].profile) == (pass == 1))
				figure(s, &l, i);
	objects(s, &l);
	key(s, &l, h);
}
