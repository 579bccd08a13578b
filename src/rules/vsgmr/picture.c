/*
 * picture.c - a VSGMR game seen from above, north up: the table's
 * buildings and terrain or the map's spaces, every figure on the
 * playing surface with its player's mark, the objects, and the step's
 * moves, attacks and pushes as arrows.
 *
 * Any number of players: each has a colour of the palette for colour
 * blindness (svg.h) and a shape (circle, square, diamond, triangle, in
 * turn), so that four players are told apart without colour, and five
 * by colour alone as the colour blind see it; the mark in
 * each token is the text map's (board.c), upper case a guy, lower case
 * cavalry or a vehicle, which are drawn larger.  A figure in flight has
 * a dashed rim; a commander a thick one.
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
#define MIN_R 8			/* a token's radius: never smaller */
#define CELL 28			/* a square of the map, in pixels */

/* In this order, the first five at least 100 apart for red-green colour
 * blindness (tests/py/svgcheck.py's measure), each with an ink its
 * letter reads on. */
static const char *const colours[] = {
	UMPIRE_SVG_GREEN, UMPIRE_SVG_ORANGE, UMPIRE_SVG_BLUE, UMPIRE_SVG_SKY,
	UMPIRE_SVG_INK, UMPIRE_SVG_VERMILLION, UMPIRE_SVG_PURPLE,
	UMPIRE_SVG_YELLOW,
};
#define NCOLOURS ((int)(sizeof(colours) / sizeof(colours[0])))
static const char *const colour_names[NCOLOURS] = {
	"green", "orange", "blue", "sky blue", "black", "vermillion",
	"purple", "yellow",
};
static const char *const inks[NCOLOURS] = {
	UMPIRE_SVG_PAPER, UMPIRE_SVG_INK, UMPIRE_SVG_PAPER, UMPIRE_SVG_INK,
	UMPIRE_SVG_PAPER, UMPIRE_SVG_PAPER, UMPIRE_SVG_INK, UMPIRE_SVG_INK,
};
enum shape { CIRCLE, SQUARE, DIAMOND, TRIANGLE, SHAPES };
static const char *const shape_names[SHAPES] = {
	"circle", "square", "diamond", "triangle",
};

struct layout {
	const struct vs_game *g;
	int32_t k;		/* the table: hundredths of an inch a pixel */
	int w, h;		/* the surface's size in pixels */
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

static void
shape(struct umpire_svg *s, enum shape sh, int r,
	const struct umpire_svg_paint *p)
{
	switch (sh) {
	case CIRCLE:
		umpire_svg_circle(s, 0, 0, r, p);
		break;
	case SQUARE:
		umpire_svg_rect(s, -r + 1, -r + 1, 2 * r - 2, 2 * r - 2, 0, p);
		break;
	case DIAMOND: {
		int xy[8] = { 0, -r - 1, r + 1, 0, 0, r + 1, -r - 1, 0 };
		umpire_svg_polygon(s, xy, 4, p);
		break;
	}
	default: {
		int xy[6] = { 0, -r - 2, r + 2, r, -r - 2, r };
		umpire_svg_polygon(s, xy, 3, p);
		break;
	}
	}
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
	int p = f->owner, c = p % NCOLOURS;
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
	struct umpire_svg_paint paint = { colours[c], UMPIRE_SVG_INK,
		f->profile.commander ? 3 : 1, f->flying ? "3 2" : NULL };
	struct umpire_svg_font font = { 12, true, UMPIRE_SVG_MIDDLE, inks[c] };
	snprintf(tip, sizeof(tip), "%s: %s's %s%s%s%s", f->id,
		g->player[p].id, f->name ? f->name : "figure",
		f->mount >= 0 ? ", riding " : "", f->mount >= 0 ?
		g->figure[f->mount].id : "", f->flying ? ", in flight" : "");
	umpire_svg_unit(s, f->id, x, y, tip);
	shape(s, (enum shape)(p % SHAPES), r, &paint);
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
cross(struct umpire_svg *s, int x, int y, int d)
{
	static const struct umpire_svg_paint under = { NULL, UMPIRE_SVG_PAPER, 6,
		NULL };
	static const struct umpire_svg_paint ink = { NULL, UMPIRE_SVG_INK, 3,
		NULL };

	for (int pass = 0; pass < 2; pass++) {
		const struct umpire_svg_paint *q = pass ? &ink : &under;
		umpire_svg_line(s, x - d, y - d, x + d, y + d, q);
		umpire_svg_line(s, x - d, y + d, x + d, y - d, q);
	}
}

static void
mark(struct umpire_svg *s, const struct layout *l, const struct umpire_mark *k)
{
	int c = player_of(l->g, k->player) % NCOLOURS;
	int x1 = px(l, k->from.x), y1 = py(l, k->from.y);
	int x2 = px(l, k->to.x), y2 = py(l, k->to.y);

	switch (k->kind) {
	case UMPIRE_MARK_MOVE:
		if (x1 != x2 || y1 != y2)
			umpire_svg_arrow(s, x1, y1, x2, y2, 0, MIN_R, colours[c], 3,
				NULL);
		break;
	case UMPIRE_MARK_ATTACK:
		if (x1 != x2 || y1 != y2)
			umpire_svg_arrow(s, x1, y1, x2, y2, MIN_R, MIN_R, colours[c],
				2, "6 4");
		break;
	case UMPIRE_MARK_RETREAT:
		if (x1 != x2 || y1 != y2)
			umpire_svg_arrow(s, x1, y1, x2, y2, 0, MIN_R,
				UMPIRE_SVG_INK, 2, "2 3");
		break;
	case UMPIRE_MARK_LOSS:
		cross(s, x2, y2, MIN_R);
		break;
	case UMPIRE_MARK_PLACE: {
		struct umpire_svg_paint ring = { "none", colours[c], 2, "6 3" };
		umpire_svg_circle(s, x2, y2, MIN_R + 4, &ring);
		break;
	}
	}
}

static int
key(struct umpire_svg *s, const struct vs_game *g, int y)
{
	static const struct umpire_svg_font f = { 13, false, UMPIRE_SVG_START,
		NULL };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "Upper case a guy, lower "
		"case cavalry or a vehicle; thick rim a commander, dashed in "
		"flight; diamond an object");
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "Arrows: solid a move, "
		"dashed an attack, dotted a push; X defeated");
	for (int p = 0; p < g->nplayers; p++) {
		int on = 0;
		for (int i = 0; i < g->nfigures; i++)
			on += g->figure[i].owner == p && g->figure[i].where == VS_ON;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%c %s (%s, %s): %d figure%s on the playing "
			"surface, %d point%s scored", vs_mark(g, p), g->player[p].id,
			shape_names[p % SHAPES], colour_names[p % NCOLOURS], on,
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
	struct layout l = { g, 1, 0, 0 };
	static const struct umpire_svg_paint cloth = { "#f4f1e8", UMPIRE_SVG_INK,
		2, NULL };

	(void)viewer;		/* nothing is hidden in this game */
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
		table_features(s, &l);
	}
	/* Mounts under their riders. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nfigures; i++)
			if (g->figure[i].where == VS_ON &&
			    vs_is_guy(&g->figure[i].profile) == (pass == 1))
				figure(s, &l, i);
	objects(s, &l);
	for (size_t k = 0; marks && k < marks->n; k++)
		mark(s, &l, umpire_marks_layered(marks, k));
	key(s, g, h);
}
