/*
 * picture.c - the WWII Combined Arms map as a picture: the board as the
 * text board lays it out (the axis' back row on top), cities and
 * difficult terrain, each unit on its square, and the step's moves,
 * attacks and retreats as arrows.
 *
 * The sides are told apart three ways: colour (blue and orange, apart
 * for red-green colour blindness too), shape (allied units are square,
 * axis units have their corners cut) and case (the text board's codes:
 * upper case allied, lower case axis).  Each unit's id, the name orders
 * give it, is written on its token.  A token is drawn once as a symbol
 * for each side, type and rank, and used for every unit of the kind:
 * a campaign's map holds hundreds.
 *
 * Marks (resolve.c and fire.c record them) place a unit by its square:
 * x is the file, y the rank, both from 1.
 */
#include <ctype.h>
#include <string.h>

#include "wwii.h"

#define BORDER 24		/* the file letters and rank numbers */
#define KEY_LINE 20

static const char *const colours[2] = { UMPIRE_SVG_BLUE, UMPIRE_SVG_ORANGE };
static const char *const inks[2] = { UMPIRE_SVG_PAPER, UMPIRE_SVG_INK };

struct layout {
	const struct wwii_game *g;
	int cell;		/* a square's side */
	int size;		/* a token's side */
	bool big;		/* a campaign's map: the code at the top */
	bool defined[2][WWII_TYPES][2];	/* the symbols drawn so far */
	bool based[2];			/* each side's token, a symbol */
};

/*
 * A square's side: room for a unit's code and id on the standard map.
 * A campaign's map (WW-24) keeps squares as big, and its tokens fill
 * more of them: its longest ids ("a-para40") are written at 12 pixels
 * inside the token, readable at 100 % zoom, squeezed a little at most.
 */
static bool
big_map(const struct umpire_grid *grid)
{
	return grid->files > 10 || grid->ranks > 10;
}

static int
cell_for(const struct umpire_grid *grid)
{
	return big_map(grid) ? 58 : 56;
}

static int
token_for(const struct umpire_grid *grid)
{
	return cell_for(grid) - (big_map(grid) ? 4 : 8);
}

/* The top left corner of square (file, rank). */
static int
left(const struct layout *l, int file)
{
	return BORDER + (file - 1) * l->cell;
}

static int
top(const struct layout *l, int rank)
{
	return BORDER + (l->g->grid.ranks - rank) * l->cell;
}

static int
side_of(const char *player)
{
	return player && strcmp(player, wwii_sides[WWII_AXIS]) == 0 ? WWII_AXIS :
		WWII_ALLIES;
}

static void
board(struct umpire_svg *s, const struct layout *l)
{
	const struct wwii_game *g = l->g;
	int c = l->cell, w = g->grid.files * c, h = g->grid.ranks * c;
	static const struct umpire_svg_paint ground = { "#f6f2e6",
		UMPIRE_SVG_INK, 2, NULL };
	static const struct umpire_svg_paint dark = { "#e6dfcb", NULL, 0, NULL };
	static const struct umpire_svg_paint rule = { NULL, "#c9c0a8", 1, NULL };
	static const struct umpire_svg_font label = { 13, false,
		UMPIRE_SVG_MIDDLE, UMPIRE_SVG_GREY, false };
	static const struct umpire_svg_font plain;	/* the group's */
	char name[3];

	umpire_svg_rect(s, BORDER, BORDER, w, h, 0, &ground);
	/* A chessboard helps count squares; past 16 x 16, lines will do. */
	if (g->grid.files * g->grid.ranks <= 256) {
		for (int r = 1; r <= g->grid.ranks; r++)
			for (int f = 1; f <= g->grid.files; f++)
				if ((r + f) % 2 == 0)
					umpire_svg_rect(s, left(l, f), top(l, r), c, c, 0, &dark);
	} else {
		int xy[4 * (UMPIRE_GRID_MAX_FILES + UMPIRE_GRID_MAX_RANKS)];
		size_t n = 0;
		for (int f = 2; f <= g->grid.files; f++, n++) {
			xy[4 * n] = xy[4 * n + 2] = left(l, f);
			xy[4 * n + 1] = BORDER;
			xy[4 * n + 3] = BORDER + h;
		}
		for (int r = 1; r < g->grid.ranks; r++, n++) {
			xy[4 * n] = BORDER;
			xy[4 * n + 2] = BORDER + w;
			xy[4 * n + 1] = xy[4 * n + 3] = top(l, r);
		}
		umpire_svg_lines(s, xy, n, &rule);
	}
	/* On a big map, the names on two sides only: a campaign's page
	 * weighs less (the size of a step's picture, in svgcheck.py). */
	bool both = g->grid.files * g->grid.ranks <= 256;
	umpire_svg_text_group(s, &label);
	for (int f = 1; f <= g->grid.files; f++) {
		umpire_grid_file_name(f, name);
		if (both)
			umpire_svg_text(s, left(l, f) + c / 2, BORDER - 7, &plain, 0,
				name);
		umpire_svg_text(s, left(l, f) + c / 2, BORDER + h + 17, &plain, 0,
			name);
	}
	for (int r = 1; r <= g->grid.ranks; r++) {
		umpire_svg_textf(s, BORDER / 2, top(l, r) + c / 2 + 5, &plain, 0,
			"%d", r);
		if (both)
			umpire_svg_textf(s, BORDER + w + BORDER / 2, top(l, r) + c / 2 +
				5, &plain, 0, "%d", r);
	}
	umpire_svg_end(s);
}

/* A city: a house in the square's top left corner. */
static void
city(struct umpire_svg *s, int x, int y, int c)
{
	static const struct umpire_svg_paint grey = { "#8c8c8c", UMPIRE_SVG_INK,
		1, NULL };
	int u = c / 14 > 1 ? c / 14 : 1;
	int xy[10] = { x + u, y + 3 * u, x + 3 * u, y + u, x + 5 * u, y + 3 * u,
		x + 5 * u, y + 6 * u, x + u, y + 6 * u };

	umpire_svg_polygon(s, xy, 5, &grey);
}

/* Difficult terrain: two hills in the square's top right corner. */
static void
hills(struct umpire_svg *s, int x, int y, int c)
{
	static const struct umpire_svg_paint brown = { "#a6761d", UMPIRE_SVG_INK,
		1, NULL };
	int u = c / 14 > 1 ? c / 14 : 1, r = x + c;
	int xy[10] = { r - 7 * u, y + 5 * u, r - 5 * u, y + u, r - 3 * u,
		y + 3 * u, r - 2 * u, y + 2 * u, r - u, y + 5 * u };

	umpire_svg_polygon(s, xy, 5, &brown);
}

/* A symbol drawn at every square of a kind of terrain, defined once. */
static void
terrain_use(struct umpire_svg *s, const struct layout *l, int kind, int x,
	int y, bool *defined)
{
	static const char *const ids[4] = { "tc", "th", "gc", "gh" };
	static const struct umpire_svg_paint city_frame = { "none", "#595959",
		3, NULL };
	static const struct umpire_svg_paint hill_frame = { "none", "#a6761d",
		3, "3 3" };
	int c = l->cell;

	if (!defined[kind]) {
		defined[kind] = true;
		umpire_svg_symbol(s, ids[kind], kind % 2 ? "difficult terrain" :
			"city");
		/* Around the token, which fills more of a campaign's square. */
		int in = l->big ? 1 : 2;
		if (kind == 0)
			umpire_svg_rect(s, in, in, c - 2 * in, c - 2 * in, 0,
				&city_frame);
		else if (kind == 1)
			umpire_svg_rect(s, in, in, c - 2 * in, c - 2 * in, 0,
				&hill_frame);
		else if (kind == 2)
			city(s, 0, 0, c);
		else
			hills(s, 0, 0, c);
		umpire_svg_symbol_end(s);
	}
	umpire_svg_use(s, ids[kind], x, y);
}

/*
 * Terrain shows around the unit that stands on it: a solid grey frame
 * and a house for a city, a dotted brown frame and hills for difficult
 * terrain; the frames under the units, the glyphs (glyphs true) over
 * them, in a corner where they hide little.
 */
static void
terrain(struct umpire_svg *s, const struct layout *l, bool glyphs)
{
	const struct wwii_game *g = l->g;
	bool defined[4] = { false };

	for (int sq = 0; sq < g->nsquares; sq++) {
		struct umpire_square at = wwii_square(g, sq);
		int x = left(l, at.file), y = top(l, at.rank), k = glyphs ? 2 : 0;
		if (g->terrain[sq] & WWII_CITY)
			terrain_use(s, l, k, x, y, defined);
		if ((g->terrain[sq] & WWII_DIFFICULT) &&
		    (glyphs || !(g->terrain[sq] & WWII_CITY)))
			terrain_use(s, l, k + 1, x, y, defined);
	}
}

/* A unit's token, size u, at (0, 0) of its group. */
static void
token(struct umpire_svg *s, int side, int u)
{
	struct umpire_svg_paint p = { colours[side], UMPIRE_SVG_INK, 2, NULL };
	int k = u / 4;

	if (side == WWII_ALLIES) {
		umpire_svg_rect(s, 0, 0, u, u, 3, &p);
		return;
	}
	int xy[16] = { k, 0, u - k, 0, u, k, u, u - k, u - k, u, k, u, 0, u - k,
		0, k };
	umpire_svg_polygon(s, xy, 8, &p);
}

static void
code(char out[4], const struct wwii_unit *u, int side)
{
	const char *c = wwii_types[u->type].code;

	for (int k = 0; k < 2; k++)
		out[k] = side == WWII_ALLIES ? c[k] :
			(char)tolower((unsigned char)c[k]);
	out[2] = u->elite ? '*' : '\0';
	out[3] = '\0';
}

/* The symbol of a side's token of one type and rank, defined once. */
static const char *
symbol(struct umpire_svg *s, struct layout *l, int side,
	const struct wwii_unit *u, char id[8])
{
	int c = l->cell, size = l->size;
	/* Anchor and ink from the side's group around the use. */
	struct umpire_svg_font big = { c * 2 / 7, true, UMPIRE_SVG_START, NULL,
		false };
	static const char *const base[2] = { "wA", "wX" };
	char cd[4];

	code(cd, u, side);
	/* The code names it: "wIN", "win" (axis), "wINe" (elite, as '*'
	 * is no name). */
	snprintf(id, 8, "w%s", cd);
	if (u->elite)
		id[3] = 'e';
	if (l->defined[side][u->type][u->elite])
		return id;
	l->defined[side][u->type][u->elite] = true;
	char tip[96];
	snprintf(tip, sizeof(tip), "%s %s%s", wwii_adj[side],
		wwii_types[u->type].title, u->elite ? ", elite" : "");
	if (!l->based[side]) {
		l->based[side] = true;
		umpire_svg_symbol(s, base[side], NULL);
		token(s, side, size);
		umpire_svg_symbol_end(s);
	}
	umpire_svg_symbol(s, id, tip);
	umpire_svg_use(s, base[side], 0, 0);
	umpire_svg_text(s, size / 2, l->big ? big.size + 3 : size / 2 + 2, &big,
		size, cd);
	umpire_svg_symbol_end(s);
	return id;
}

/*
 * The units of side on rank r: a group for the rank (so that no unit
 * needs a y), each unit a symbol, then one text of all their ids.
 */
static void
rank_units(struct umpire_svg *s, struct layout *l, int side, int r)
{
	const struct wwii_game *g = l->g;
	int size = l->size, n = 0;
	int fs = 12, room = l->big ? size : size - 6;
	char sym[8];

	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < g->nunits[side]; i++) {
			const struct wwii_unit *u = &g->units[side][i];
			int sq = g->pos.where[side][i];
			if (u->destroyed || sq < 0 || wwii_square(g, sq).rank != r)
				continue;
			int x = left(l, wwii_square(g, sq).file) +
				(l->cell - size) / 2;
			if (pass == 0) {
				if (n++ == 0)
					umpire_svg_group(s, 0, top(l, r) +
						(l->cell - size) / 2, NULL);
				symbol(s, l, side, u, sym);
				umpire_svg_use_unit(s, u->id, sym, x, 0);
				continue;
			}
			umpire_svg_run(s, x + size / 2, fs, room, u->id);
		}
		if (!n)
			return;
		if (pass == 0)
			umpire_svg_runs_begin(s, size - (l->big ? 4 : 6));
	}
	umpire_svg_runs_end(s);
	umpire_svg_end(s);
}

static void
centre(const struct layout *l, struct umpire_point p, int *x, int *y)
{
	*x = left(l, p.x) + l->cell / 2;
	*y = top(l, p.y) + l->cell / 2;
}

static void
at(const void *ctx, const struct umpire_mark *k, struct umpire_point p,
	int *x, int *y)
{
	(void)k;
	centre(ctx, p, x, y);
}

static const char *
colour_of(const void *ctx, const char *player)
{
	(void)ctx;
	return colours[side_of(player)];
}

/* The key's two tokens, then its lines; returns the y below. */
static int
key(struct umpire_svg *s, const struct wwii_game *g, int y)
{
	static const char *const sides[2] = { "allies: square, upper case",
		"axis: corners cut, lower case" };
	static const struct umpire_svg_font f = { 13, false, UMPIRE_SVG_START,
		NULL };
	static const struct umpire_svg_font tf = { 12, true, UMPIRE_SVG_MIDDLE,
		NULL, false };
	static const struct umpire_marks_words words = { "an attack",
		"a retreat", "destroyed", NULL, "placed" };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (int side = 0; side < 2; side++) {
		struct umpire_svg_font ink = tf;
		ink.fill = inks[side];
		umpire_svg_group(s, side * 260, y, NULL);
		token(s, side, 26);
		umpire_svg_text(s, 13, 18, &ink, 0, side ? "in" : "IN");
		umpire_svg_text(s, 34, 18, &f, 0, sides[side]);
		umpire_svg_end(s);
	}
	y += 30 + KEY_LINE;
	umpire_svg_text(s, 0, y, &f, 0, "IN infantry, PA paratroopers, "
		"EN engineers, MI mech-infantry,");
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "LT light-tank, "
		"MT medium-tank, HT heavy-tank, HW howitzer, AT at-gun,");
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, "AA aa-gun, AF airfield, "
		"FO fortification, HQ hq; * elite");
	umpire_marks_legend(s, y += KEY_LINE, &words);
	if (g->opt.cities || g->opt.terrain) {
		y += 8;
		int x = 0;
		static const struct umpire_svg_paint city_frame = { "none",
			"#595959", 3, NULL };
		static const struct umpire_svg_paint hill_frame = { "none",
			"#a6761d", 3, "3 3" };
		if (g->opt.cities) {
			umpire_svg_rect(s, x, y, 26, 26, 0, &city_frame);
			city(s, x, y, 42);
			umpire_svg_text(s, x + 34, y + 18, &f, 0, "city");
			x += 100;
		}
		if (g->opt.terrain) {
			umpire_svg_rect(s, x, y, 26, 26, 0, &hill_frame);
			hills(s, x - 12, y, 42);
			umpire_svg_text(s, x + 34, y + 18, &f, 0, "difficult terrain");
		}
		y += 26;
	}
	for (int side = 0; side < 2; side++) {
		int alive = wwii_alive(g, side), placed = 0;
		for (int i = 0; i < g->nunits[side]; i++)
			placed += !g->units[side][i].destroyed &&
				g->pos.where[side][i] >= 0;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%s: %d unit%s on the board", wwii_sides[side],
			placed, placed == 1 ? "" : "s");
		if (alive > placed)
			umpire_buf_printf(&b, ", %d to place", alive - placed);
		if (g->nunits[side] > alive)
			umpire_buf_printf(&b, ", %d destroyed", g->nunits[side] - alive);
		umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	}
	umpire_buf_clear(&b);
	if (g->to_move >= 0) {
		umpire_buf_printf(&b, "To play: the %s, %s", wwii_sides[g->to_move],
			wwii_kinds[g->kind]);
		if (g->kind == WWII_TURN) {
			int turn = g->turns[g->to_move] + 1;
			umpire_buf_printf(&b, " %d of %d", turn, g->turn_limit);
			if (wwii_reinforcement_due(g, turn))
				umpire_buf_puts(&b, ", reinforcement due");
		}
	} else if (g->winner >= 0) {
		umpire_buf_printf(&b, "Over: the %s won", wwii_sides[g->winner]);
	} else {
		umpire_buf_puts(&b, "Over: a draw");
	}
	umpire_svg_text(s, 0, y += KEY_LINE, &f, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return y + 6;
}

void
wwii_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer)
{
	const struct wwii_game *g = game;
	struct layout l = { g, cell_for(&g->grid), token_for(&g->grid),
		big_map(&g->grid), { { { false } } }, { false } };
	int w = 2 * BORDER + g->grid.files * l.cell;
	int h = 2 * BORDER + g->grid.ranks * l.cell;
	int terrain_key = g->opt.cities || g->opt.terrain ? 34 : 0;

	(void)viewer;		/* nothing is hidden in this game */
	umpire_svg_board(s, w < 580 ? 580 : w, h + 12 + 30 + 7 * KEY_LINE +
		terrain_key + 6);
	board(s, &l);
	terrain(s, &l, false);
	/* The marks under the tokens: an arrow never hides an id. */
	struct umpire_marks_map map = { &l, at, colour_of, NULL,
		l.size / 2 + 2, 4 };
	umpire_marks_draw(s, marks, &map);
	for (int side = 0; side < 2; side++) {
		/* The symbols first: a <use> refers back to one. */
		char sym[8];
		for (int i = 0; i < g->nunits[side]; i++)
			if (!g->units[side][i].destroyed && g->pos.where[side][i] >= 0)
				symbol(s, &l, side, &g->units[side][i], sym);
		struct umpire_svg_font ids = { 12, false,
			UMPIRE_SVG_MIDDLE, inks[side], false };
		/* A group a rank, and each unit a symbol and its id, the id
		 * text's font the side's: a campaign's 400 units in 32 KB. */
		umpire_svg_text_group(s, &ids);
		for (int r = g->grid.ranks; r >= 1; r--)
			rank_units(s, &l, side, r);
		umpire_svg_end(s);
	}
	terrain(s, &l, true);
	key(s, g, h + 12);
}
