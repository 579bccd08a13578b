/*
 * picture.c - the table of Army Men seen from above, north (away from
 * green's edge) up: blocks, tanks with their turrets and facing, the
 * soldiers with their weapons' letters, the fallen as grey crosses, and
 * the step's moves, shots and assaults as arrows, each burst's circle.
 * Every soldier and tank has its id beside it, the name orders give it;
 * rulers in inches run along the table, as orders place things.
 *
 * The sides are told apart three ways: colour (their names' colours as
 * umpire_svg_styles gives them: bluish green, and orange for tan, apart
 * for red-green colour blindness too), shape (green soldiers and turrets
 * are round, tan ones square) and case (green's letters upper case,
 * tan's lower, as on the text map).  A pinned soldier has a dashed rim,
 * a leader a thick one.  High blocks are dark and marked H, low ones
 * light and marked L, each with its id.
 *
 * Marks (resolve.c) place things in hundredths of an inch, as the table.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

#define BORDER 16
#define KEY_LINE 20
#define MIN_R 9			/* a soldier's token: never smaller */

struct layout {
	const struct am_game *g;
	int32_t k;		/* hundredths of an inch a pixel */
	struct umpire_svg_style style[2];
};

static int
px(const struct layout *l, int32_t x)
{
	return BORDER + (int)(x / l->k);
}

static int
py(const struct layout *l, int32_t y)
{
	return BORDER + (int)((l->g->depth - y) / l->k);
}

static int
side_of(const char *player)
{
	return strcmp(player, "tan") == 0;
}

static void
piece(struct umpire_svg *s, const struct layout *l,
	const struct umpire_piece *p, const struct umpire_svg_paint *paint)
{
	int xy[2 * UMPIRE_PIECE_CORNERS];

	for (int i = 0; i < p->n; i++) {
		xy[2 * i] = px(l, p->corner[i].x);
		xy[2 * i + 1] = py(l, p->corner[i].y);
	}
	umpire_svg_polygon(s, xy, (size_t)p->n, paint);
}

static void
blocks(struct umpire_svg *s, const struct layout *l)
{
	static const struct umpire_svg_paint high = { "#595959", UMPIRE_SVG_INK,
		2, NULL };
	static const struct umpire_svg_paint low = { "#d9d9d9", UMPIRE_SVG_INK,
		1, NULL };
	static const struct umpire_svg_paint flat = { "#d9d9d9", UMPIRE_SVG_INK,
		2, "5 3" };
	static const struct umpire_svg_font hf = { 12, true, UMPIRE_SVG_MIDDLE,
		UMPIRE_SVG_PAPER };
	static const struct umpire_svg_font lf = { 12, true, UMPIRE_SVG_MIDDLE,
		UMPIRE_SVG_INK };
	const struct am_game *g = l->g;

	for (int i = 0; i < g->nblocks; i++) {
		const struct am_block *b = &g->blocks[i];
		piece(s, l, &b->piece, b->high ? &high : b->flattened ? &flat : &low);
		int cx = (px(l, b->piece.lo.x) + px(l, b->piece.hi.x)) / 2;
		int cy = (py(l, b->piece.lo.y) + py(l, b->piece.hi.y)) / 2;
		char label[40];
		snprintf(label, sizeof(label), "%s %s", b->high ? "H" : "L", b->id);
		int room = px(l, b->piece.hi.x) - px(l, b->piece.lo.x);
		if (umpire_svg_text_width(label, 12) + 4 <= room) {
			umpire_svg_text(s, cx, cy + 4, b->high ? &hf : &lf, 0, label);
			continue;
		}
		/* A narrow block: its letter in it, its name beside it. */
		label[1] = '\0';
		umpire_svg_text(s, cx, cy + 4, b->high ? &hf : &lf, 0, label);
		umpire_svg_label(s, cx, cy, room / 2, b->id);
	}
}

static void
tank(struct umpire_svg *s, const struct layout *l, int i)
{
	const struct am_game *g = l->g;
	const struct am_unit *u = &g->units[i];
	int side = u->side;
	const char *colour = l->style[side].colour;
	struct umpire_svg_paint hull = { colour, UMPIRE_SVG_INK, 2, NULL };
	struct umpire_svg_paint wreck = { UMPIRE_SVG_LIGHT, UMPIRE_SVG_GREY, 2,
		"4 3" };
	struct umpire_svg_paint turret = { colour, UMPIRE_SVG_INK, 2, NULL };
	struct umpire_svg_paint gun = { NULL, UMPIRE_SVG_INK, 3, NULL };
	struct umpire_svg_font f = { 12, true, UMPIRE_SVG_MIDDLE,
		l->style[side].ink, false };
	int cx = px(l, u->at.x), cy = py(l, u->at.y);
	char tip[96];

	if (g->hull_of[i] < 0)
		return;
	if (u->dead) {
		static const struct umpire_svg_paint x = { NULL, UMPIRE_SVG_GREY, 3,
			NULL };
		piece(s, l, &g->table.piece[g->hull_of[i]], &wreck);
		umpire_svg_line(s, cx - 8, cy - 8, cx + 8, cy + 8, &x);
		umpire_svg_line(s, cx - 8, cy + 8, cx + 8, cy - 8, &x);
		return;
	}
	piece(s, l, &g->table.piece[g->hull_of[i]], &hull);
	snprintf(tip, sizeof(tip), "%s: %s tank facing (%d, %d)", u->id,
		am_sides[side], u->facing.x, u->facing.y);
	umpire_svg_unit(s, u->id, cx, cy, tip);
	/* The gun: from the turret along the facing, to the hull's front. */
	int64_t flen = (int64_t)umpire_exact_isqrt_up((uint64_t)umpire_dot(
		u->facing, u->facing));
	int reach = (int)(u->length / 2 / l->k);
	umpire_svg_line(s, 0, 0, (int)(u->facing.x * reach / flen),
		-(int)(u->facing.y * reach / flen), &gun);
	if (side == AM_GREEN)
		umpire_svg_circle(s, 0, 0, 9, &turret);
	else
		umpire_svg_rect(s, -8, -8, 16, 16, 0, &turret);
	umpire_svg_text(s, 0, 4, &f, 0, side == AM_GREEN ? "T" : "t");
	umpire_svg_end(s);
	umpire_svg_label(s, cx, cy, reach > 9 ? reach : 9, u->id);
}

static void
soldier(struct umpire_svg *s, const struct layout *l, int i)
{
	const struct am_game *g = l->g;
	const struct am_unit *u = &g->units[i];
	int side = u->side;
	int r = (int)(g->base / 2 / l->k);
	struct umpire_svg_paint p = { l->style[side].colour, UMPIRE_SVG_INK,
		u->leader ? 3 : 1, u->pinned ? "3 2" : NULL };
	struct umpire_svg_font f = { 12, true, UMPIRE_SVG_MIDDLE,
		l->style[side].ink, false };
	char tip[96], code[2] = { am_weapons[u->weapon].code, '\0' };

	if (r < MIN_R)
		r = MIN_R;
	if (side == AM_TAN)
		code[0] = (char)(code[0] - 'A' + 'a');
	snprintf(tip, sizeof(tip), "%s: %s %s%s%s", u->id, am_sides[side],
		u->leader ? "leader, " : "", am_weapons[u->weapon].name,
		u->pinned ? ", pinned" : "");
	umpire_svg_unit(s, u->id, px(l, u->at.x), py(l, u->at.y), tip);
	umpire_svg_shape(s, 0, 0, l->style[side].shape, r, &p);
	umpire_svg_text(s, 0, 4, &f, 0, code);
	umpire_svg_end(s);
	umpire_svg_label(s, px(l, u->at.x), py(l, u->at.y), r, u->id);
}

static void
cross(struct umpire_svg *s, int x, int y, int d, const char *colour, int w)
{
	static const struct umpire_svg_paint under = { NULL, UMPIRE_SVG_PAPER, 6,
		NULL };
	struct umpire_svg_paint p = { NULL, colour, w, NULL };

	for (int pass = 0; pass < 2; pass++) {
		const struct umpire_svg_paint *q = pass ? &p : &under;
		umpire_svg_line(s, x - d, y - d, x + d, y + d, q);
		umpire_svg_line(s, x - d, y + d, x + d, y - d, q);
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
colour_of(const void *ctx, const char *player)
{
	const struct layout *l = ctx;

	return l->style[side_of(player)].colour;
}

static int
length(const void *ctx, int d)
{
	const struct layout *l = ctx;

	return (int)(d / l->k);
}

static int
key(struct umpire_svg *s, const struct am_game *g, int y)
{
	static const struct umpire_marks_words words = { "a shot or assault",
		NULL, "killed or destroyed", "a burst", "placed" };
	static const struct umpire_svg_font f = { 13, false, UMPIRE_SVG_START,
		NULL };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "green: round, upper case; "
		"tan: square, lower case; a dashed rim: pinned; thick: a leader");
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "P pistol, R rifle, S smg, "
		"M machine-gun, B bazooka, O mortar, T tank; H high, L low block");
	umpire_marks_legend(s, y += KEY_LINE, &words);
	for (int side = 0; side < 2; side++) {
		int fallen = 0;
		for (int i = 0; i < g->nunits; i++)
			fallen += g->units[i].side == side && g->units[i].dead &&
				!g->units[i].tank;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%s: %d soldier%s standing, %d tank%s, %d "
			"fallen", am_sides[side], am_standing(g, side),
			am_standing(g, side) == 1 ? "" : "s", am_tanks_left(g, side),
			am_tanks_left(g, side) == 1 ? "" : "s", fallen);
		umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	}
	umpire_buf_clear(&b);
	if (g->to_move >= 0)
		umpire_buf_printf(&b, "Turn %d of %d, card %d: %s", g->turn, g->turns,
			g->ndrawn, am_card_title(g->drawn[g->ndrawn - 1]));
	else
		umpire_buf_printf(&b, "Over after turn %d", g->turn);
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return y + 6;
}

void
am_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer)
{
	const struct am_game *g = game;
	struct layout l = { g, (g->width + 759) / 760, { { 0 } } };
	static const struct umpire_svg_paint cloth = { "#f4f1e8", UMPIRE_SVG_INK,
		2, NULL };

	(void)viewer;		/* nothing is hidden in this game */
	umpire_svg_styles(l.style, am_sides, 2);
	if (l.k < 1)
		l.k = 1;
	int w = 2 * BORDER + (int)(g->width / l.k);
	int h = 2 * BORDER + (int)(g->depth / l.k);
	umpire_svg_board(s, w < 600 ? 600 : w, h + 6 * KEY_LINE + 12);
	umpire_svg_rect(s, BORDER, BORDER, w - 2 * BORDER, h - 2 * BORDER, 0,
		&cloth);
	umpire_svg_ruler(s, BORDER, BORDER, g->width, g->depth, l.k, AM_INCH, 6);
	blocks(s, &l);
	int order[2 * AM_MAX_UNITS];
	for (int side = 0; side < 2; side++) {
		int n = am_fallen(g, side, order);
		for (int i = 0; i < n; i++)
			cross(s, px(&l, g->units[order[i]].at.x),
				py(&l, g->units[order[i]].at.y), 5, UMPIRE_SVG_GREY, 2);
	}
	struct umpire_marks_map map = { &l, at, colour_of, length, MIN_R, 3 };
	umpire_marks_draw(s, marks, &map);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].tank)
			tank(s, &l, i);
	for (int i = 0; i < g->nunits; i++)
		if (am_soldier_up(&g->units[i]))
			soldier(s, &l, i);
	key(s, g, h);
}
