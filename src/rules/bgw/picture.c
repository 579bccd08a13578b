/*
 * picture.c - the Backgammon Wars board as a picture, as white sees it
 * across the table: white's home board bottom right.  The bottom row is
 * white's points 12 to 7, the Wall, 6 to 1; the top row 13 to 18, the
 * Wall, 19 to 24.  Each point carries white's number and, smaller,
 * black's (25 - p), so that both players read their own.  The units
 * stand on their points as stacks from the edge inward, the Wall holds
 * white's captured units in its bottom half and black's in its top
 * half (as tokens while six fit a half with every id clear, edge-on
 * past that, so that each id stays readable however many are
 * captured), and the tray on the right the units borne off.  Below the
 * board, a key, the cards as everyone may count them and, in a player's
 * own picture (viewer), the titles of his hand.
 *
 * The sides are told apart three ways, greyscale included: white's
 * tokens are light with a dark rim, black's dark with a light letter;
 * white's are round-ended, black's have their corners cut.  Each token
 * shows its unit's type letter and, under it, the unit's id, the name
 * orders give it, at the size every label has (12 pixels): the tokens
 * are as wide as an id.  The step's marks are umpire_marks_draw's,
 * under the tokens, so that no arrow covers an id.
 *
 * Marks (resolve.c records them) place a unit by its absolute point: x is
 * white's number, 1 to 24, BGW_WALL (25) the Wall and BGW_OFF (0) off
 * the board, the Wall and the tray of the mark's player.
 */
#include <stdio.h>
#include <string.h>

#include "bgw.h"

#define PW 60			/* a point's width */
#define BAR 64			/* the Wall's column */
#define TW 56			/* a token's width: an id of 7 at 12 pixels */
#define TH 32			/* a token's height: its letter and its id */
#define RX (TW / 2)
#define R (TH / 2)
#define SLAB 15			/* a unit borne off, edge-on */
#define WALL_TOKENS 6		/* tokens a half of the Wall holds, ids clear */
#define WALL_SLAB 13		/* a unit on a crowded Wall, edge-on */
#define WALL_GAP 17		/* their spacing at most: the tray's */
#define TRAY_ROWS 8		/* slabs a column of the tray holds */
#define TRAY (2 * TW + 12)	/* the units borne off, right of the board */
#define LABELS 36		/* the points' numbers, above and below */
#define TOK 36			/* a token's slot along its point */
#define STACK (BGW_CAP * TOK + 4)	/* a point's length: the cap */
#define NOTES 44		/* each row's notes: trap, barrier, fire */
#define NOTE_LINE 14
#define KEY_LINE 20
#define KEY_TOKENS 38		/* the key's row of sample tokens */

#define BY LABELS		/* the board's top edge */
#define BH (2 * STACK + 2 * NOTES)	/* the board's height */
#define BW (12 * PW + BAR)	/* the board's width, the tray apart */
#define WALL_X (6 * PW)		/* the Wall's left edge */
#define TRAY_X (BW + 8)
#define WIDTH (TRAY_X + TRAY)

static const char letters[BGW_TYPES][2] = { "W", "A", "M" };
/* The marks' colours, one a side: both show on the cloth and on a token. */
static const char *const colours[2] = { UMPIRE_SVG_BLUE,
	UMPIRE_SVG_VERMILLION };
static const char *const inks[2] = { UMPIRE_SVG_INK, UMPIRE_SVG_PAPER };
static const char *const rims[2] = { UMPIRE_SVG_INK, "#d9d9d9" };
static const char *const fills[2] = { UMPIRE_SVG_PAPER, UMPIRE_SVG_INK };

static const struct umpire_svg_font big_font = { 14, true,
	UMPIRE_SVG_MIDDLE, UMPIRE_SVG_INK };
static const struct umpire_svg_font small_font = { 12, false,
	UMPIRE_SVG_MIDDLE, UMPIRE_SVG_GREY };
static const struct umpire_svg_font note_font = { 12, true,
	UMPIRE_SVG_MIDDLE, UMPIRE_SVG_INK };
static const struct umpire_svg_font key_font = { 13, false,
	UMPIRE_SVG_START, NULL };
/* A trapped unit's cage: a dashed square, not a ring, so that it is
 * never taken for a unit placed this step (a mark's ring). */
static const struct umpire_svg_paint cage = { "none", UMPIRE_SVG_GREEN, 3,
	"4 3" };

struct layout {
	const struct bgw_game *g;
	int x[BGW_ALL], y[BGW_ALL];	/* each unit's centre */
	bool drawn[BGW_ALL];
	bool edge_on[BGW_ALL];	/* on a crowded Wall: a slab with its id */
};

static int
side_of(const char *player)
{
	return player && strcmp(player, bgw_sides[BGW_BLACK]) == 0 ?
		BGW_BLACK : BGW_WHITE;
}

/* The left edge of absolute point p's column: 13 and 12 on the left. */
static int
col_left(int p)
{
	int k = p >= 13 ? p - 13 : 12 - p;

	return k * PW + (k >= 6 ? BAR : 0);
}

static int
col_mid(int p)
{
	return col_left(p) + PW / 2;
}

/*
 * How far from its edge the k-th of n tokens stands, in a place room
 * long: a slot each while they fit, closer together past that (more
 * than the cap on a point, many on the Wall) rather than off the board.
 */
static int
stack_off(int k, int n, int room)
{
	int step = TOK;

	if (n > 1 && (n - 1) * TOK + 2 * R + 4 > room)
		step = (room - 4 - 2 * R) / (n - 1);
	return 2 + R + k * step;
}

/* The centre of the k-th of n tokens on point p. */
static int
slot_y(int p, int k, int n)
{
	return p >= 13 ? BY + stack_off(k, n, STACK) :
		BY + BH - stack_off(k, n, STACK);
}

/*
 * Where a mark's end is drawn, at place x of side's: on the mark's unit
 * if it stands there now; else where a unit would stand next on the
 * point (where the one that left or was taken stood, when it was on
 * top), or the middle of the side's half of the Wall, of its tray.
 */
static void
anchor(const struct layout *l, int i, int side, int x, int *ax, int *ay)
{
	if (i >= 0 && l->drawn[i] && l->g->u[i].at == x) {
		*ax = l->x[i];
		*ay = l->y[i];
		return;
	}
	if (x >= 1 && x <= 24) {
		int n = bgw_count(l->g, BGW_WHITE, x) + bgw_count(l->g, BGW_BLACK, x);
		*ax = col_mid(x);
		*ay = slot_y(x, n < BGW_CAP ? n : BGW_CAP - 1, BGW_CAP);
	} else if (x == BGW_WALL) {
		*ax = WALL_X + BAR / 2;
		*ay = side == BGW_WHITE ? BY + BH * 3 / 4 : BY + BH / 4;
	} else {
		*ax = TRAY_X + TRAY / 2;
		*ay = side == BGW_WHITE ? BY + BH - STACK / 2 : BY + STACK / 2;
	}
}

/*
 * The units at place at (of side, or of both with side -1), bottom of
 * the stack first: by seq, which the stacking order is (BGW-2); by
 * index when equal, so that the picture never depends on a sort.
 */
static int
units_at(const struct bgw_game *g, int side, int at, int out[BGW_ALL])
{
	int n = 0;

	for (int i = 0; i < BGW_ALL; i++) {
		if (g->u[i].at != at || (side >= 0 && g->u[i].side != side))
			continue;
		int k = n++;
		while (k > 0 && g->u[out[k - 1]].seq > g->u[i].seq) {
			out[k] = out[k - 1];
			k--;
		}
		out[k] = i;
	}
	return n;
}

/*
 * A token's shape and letter, at (0, 0) of the group it is in; with id,
 * the letter above and the id, the name orders give the unit, under it.
 */
static void
token(struct umpire_svg *s, int side, enum bgw_type type, const char *id)
{
	struct umpire_svg_paint p = { fills[side], rims[side], 2, NULL };
	struct umpire_svg_font f = { 14, true, UMPIRE_SVG_MIDDLE, inks[side],
		false };
	struct umpire_svg_font small = { 12, false, UMPIRE_SVG_MIDDLE,
		inks[side], false };
	static const int cut[16] = { -RX + 8, -R, RX - 8, -R, RX, -R + 8, RX,
		R - 8, RX - 8, R, -RX + 8, R, -RX, R - 8, -RX, -R + 8 };

	if (side == BGW_WHITE)
		umpire_svg_rect(s, -RX, -R, TW, TH, R, &p);
	else
		umpire_svg_polygon(s, cut, 8, &p);
	if (!id) {		/* the key's: a letter alone */
		umpire_svg_text(s, 0, 5, &f, 0, letters[type]);
		return;
	}
	f.size = 12;
	umpire_svg_text(s, 0, -3, &f, 0, letters[type]);
	umpire_svg_text(s, 0, 12, &small, TW - 6, id);
}

static void
tooltip(char *buf, size_t n, const struct bgw_game *g, int i)
{
	const struct bgw_unit *u = &g->u[i];
	size_t k = (size_t)snprintf(buf, n, "%s: %s's %s, ", u->id,
		bgw_sides[u->side], bgw_types[u->type]);

	if (k >= n)
		return;
	if (u->at == BGW_WALL)
		k += (size_t)snprintf(buf + k, n - k, "on the Wall");
	else if (u->at == BGW_OFF)
		k += (size_t)snprintf(buf + k, n - k, "borne off");
	else
		k += (size_t)snprintf(buf + k, n - k, "on %s's %d-point",
			bgw_sides[u->side], bgw_own(u->side, u->at));
	if (k < n && u->trapped_by >= 0 && u->trapped_by < BGW_ALL)
		snprintf(buf + k, n - k, ", trapped by %s",
			g->u[u->trapped_by].id);
}

static void
unit(struct umpire_svg *s, const struct layout *l, int i)
{
	const struct bgw_unit *u = &l->g->u[i];
	char tip[120];

	tooltip(tip, sizeof(tip), l->g, i);
	umpire_svg_unit(s, u->id, l->x[i], l->y[i], tip);
	/* The token first: a piece's first shape is its body (the tests
	 * read its colour and shape there); the cage goes round it. */
	token(s, u->side, u->type, u->id);
	if (u->trapped_by >= 0)
		umpire_svg_rect(s, -RX - 4, -R - 4, TW + 8, TH + 8, 0, &cage);
	umpire_svg_end(s);
}

static void
put(struct layout *l, int i, int x, int y)
{
	l->x[i] = x;
	l->y[i] = y;
	l->drawn[i] = true;
}

/* Where a unit borne off lies: the centre of the k-th slab of side's. */
static void
slab_at(int side, int k, int *x, int *y)
{
	int col = k / TRAY_ROWS, row = k % TRAY_ROWS;

	*x = TRAY_X + 4 + col * (TW + 4) + TW / 2;
	*y = side == BGW_WHITE ? BY + BH - 4 - SLAB / 2 - row * (SLAB + 2) :
		BY + 4 + SLAB / 2 + row * (SLAB + 2);
}

/*
 * Where every unit stands, before anything is drawn: the marks, drawn
 * under the units, end on them.  On a point both sides together (a
 * trap shares its point, BGW-8); on the Wall white's from the bottom
 * edge, black's from the top; in the tray in columns of slabs.
 */
static void
place_units(struct layout *l)
{
	int order[BGW_ALL];
	int room = BH / 2 - 14;		/* the word "Wall" between them */

	for (int p = 1; p <= 24; p++) {
		int n = units_at(l->g, -1, p, order);
		for (int k = 0; k < n; k++)
			put(l, order[k], col_mid(p), slot_y(p, k, n));
	}
	for (int side = 0; side < 2; side++) {
		int n = units_at(l->g, side, BGW_WALL, order);
		/* Past WALL_TOKENS, tokens would stand so close that each
		 * covered the id of the one before: edge-on slabs instead, each
		 * with its id, as close as fifteen need. */
		bool crowded = n > WALL_TOKENS;
		int gap = crowded ? (room - 4 - WALL_SLAB) / (n - 1) : 0;
		if (gap > WALL_GAP)
			gap = WALL_GAP;
		for (int k = 0; k < n; k++) {
			int off = crowded ? 2 + WALL_SLAB / 2 + k * gap :
				stack_off(k, n, room);
			put(l, order[k], WALL_X + BAR / 2, side == BGW_WHITE ?
				BY + BH - off : BY + off);
			l->edge_on[order[k]] = crowded;
		}
		n = units_at(l->g, side, BGW_OFF, order);
		for (int k = 0; k < n; k++) {
			int x, y;
			slab_at(side, k < 2 * TRAY_ROWS ? k : 2 * TRAY_ROWS - 1, &x, &y);
			put(l, order[k], x, y);
		}
	}
}

/* The cloth, the points with their numbers, the Wall and the tray. */
static void
board(struct umpire_svg *s)
{
	static const struct umpire_svg_paint cloth = { "#f4efe2",
		UMPIRE_SVG_INK, 2, NULL };
	static const struct umpire_svg_paint wall = { "#d8ccb4",
		UMPIRE_SVG_INK, 2, NULL };
	static const struct umpire_svg_paint shade[2] = {
		{ "#e6d8b8", "#8c7b5c", 1, NULL },
		{ "#b39a6e", "#8c7b5c", 1, NULL },
	};
	static const struct umpire_svg_font wall_font = { 13, true,
		UMPIRE_SVG_MIDDLE, UMPIRE_SVG_INK };

	umpire_svg_rect(s, 0, BY, BW, BH, 0, &cloth);
	umpire_svg_rect(s, TRAY_X, BY, TRAY, BH, 0, &cloth);
	for (int p = 1; p <= 24; p++) {
		int x = col_left(p), top = p >= 13;
		int edge = top ? BY : BY + BH, tip = top ? BY + STACK :
			BY + BH - STACK;
		int xy[6] = { x, edge, x + PW, edge, x + PW / 2, tip };
		/* Opposite points differ, as on a real board: 12 and 13. */
		umpire_svg_polygon(s, xy, 3, &shade[p % 2]);
		int big = top ? BY - 5 : BY + BH + 17;
		int small = top ? BY - 23 : BY + BH + 32;
		umpire_svg_textf(s, x + PW / 2, big, &big_font, 0, "%d", p);
		umpire_svg_textf(s, x + PW / 2, small, &small_font, 0, "b%d",
			25 - p);
	}
	umpire_svg_rect(s, WALL_X, BY, BAR, BH, 0, &wall);
	umpire_svg_text(s, WALL_X + BAR / 2, BY + BH / 2 + 5, &wall_font, 0,
		"Wall");
	umpire_svg_text(s, TRAY_X + TRAY / 2, BY - 5, &small_font, 0, "off");
}

/* A unit edge-on, h high, centred on (0, 0) of its group: white's
 * with round ends, black's with its corners cut, as their tokens. */
static void
slab(struct umpire_svg *s, int side, int h)
{
	struct umpire_svg_paint p = { fills[side], rims[side], 1, NULL };
	const int cut[12] = { -RX + 4, -h / 2, RX - 4, -h / 2, RX, 0, RX - 4,
		h - h / 2, -RX + 4, h - h / 2, -RX, 0 };

	if (side == BGW_WHITE)
		umpire_svg_rect(s, -RX, -h / 2, TW, h, h / 2, &p);
	else
		umpire_svg_polygon(s, cut, 6, &p);
}

/*
 * Unit i edge-on, h high, with its id across it (its baseline dy under
 * the middle), too thin for a letter; still a unit of the picture, with
 * its tooltip.
 */
static void
edge_on(struct umpire_svg *s, const struct layout *l, int i, int h, int dy)
{
	struct umpire_svg_font f = { 12, false, UMPIRE_SVG_MIDDLE, NULL, false };
	const struct bgw_unit *u = &l->g->u[i];
	char tip[120];

	f.fill = inks[u->side];
	tooltip(tip, sizeof(tip), l->g, i);
	umpire_svg_unit(s, u->id, l->x[i], l->y[i], tip);
	slab(s, u->side, h);
	umpire_svg_text(s, 0, dy, &f, TW - 6, u->id);
	umpire_svg_end(s);
}

/* The Wall's units. */
static void
wall(struct umpire_svg *s, const struct layout *l)
{
	int order[BGW_ALL];

	for (int side = 0; side < 2; side++) {
		int n = units_at(l->g, side, BGW_WALL, order);
		for (int k = 0; k < n; k++) {
			if (l->edge_on[order[k]])
				edge_on(s, l, order[k], WALL_SLAB, 4);
			else
				unit(s, l, order[k]);
		}
	}
}

/*
 * The tray: units borne off lie edge-on, as in a real tray, too thin for
 * a letter but each with its id; each is still a unit of the picture,
 * with its tooltip.  White bears off at the bottom right, black at the
 * top right.
 */
static void
tray(struct umpire_svg *s, const struct layout *l)
{
	static const struct umpire_svg_font count = { 12, true,
		UMPIRE_SVG_MIDDLE, UMPIRE_SVG_INK, false };
	int order[BGW_ALL], mid = TRAY_X + TRAY / 2;

	for (int side = 0; side < 2; side++) {
		int n = units_at(l->g, side, BGW_OFF, order);
		for (int k = 0; k < n; k++)
			edge_on(s, l, order[k], SLAB, 5);
		/* The count past the units, the side's name past the count. */
		int rows = n < TRAY_ROWS ? n : TRAY_ROWS;
		int y = side == BGW_WHITE ? BY + BH - 4 - rows * (SLAB + 2) - 8 :
			BY + 4 + rows * (SLAB + 2) + 16;
		int dy = side == BGW_WHITE ? -14 : 14;
		umpire_svg_textf(s, mid, y, &count, 0, "off %d", n);
		umpire_svg_text(s, mid, y + dy, &count, 0, bgw_sides[side]);
	}
}

/*
 * A barrier: a bar-shaped outline round its whole point, so that the
 * units in it stay readable.  White's is light between dark edges,
 * black's dark: apart in greyscale too.  Black's goes inside white's
 * when both are on one point.
 */
static void
barrier(struct umpire_svg *s, int side, int p, int inset)
{
	static const struct umpire_svg_paint edge = { "none", UMPIRE_SVG_INK, 6,
		NULL };
	static const struct umpire_svg_paint light = { "none", UMPIRE_SVG_PAPER,
		2, NULL };
	static const struct umpire_svg_paint dark = { "none", UMPIRE_SVG_INK, 4,
		NULL };
	int x = col_left(p) + 3 + inset, w = PW - 6 - 2 * inset;
	int y = (p >= 13 ? BY : BY + BH - STACK) + 3 + inset;
	int h = STACK - 6 - 2 * inset;

	if (side == BGW_WHITE) {
		umpire_svg_rect(s, x, y, w, h, 8, &edge);
		umpire_svg_rect(s, x, y, w, h, 8, &light);
	} else {
		umpire_svg_rect(s, x, y, w, h, 8, &dark);
	}
}

/* A flame, 12 wide and 14 high, its top left at (x, y). */
static void
flame(struct umpire_svg *s, int x, int y)
{
	static const struct umpire_svg_paint outer = { UMPIRE_SVG_ORANGE,
		UMPIRE_SVG_VERMILLION, 1, NULL };
	static const struct umpire_svg_paint inner = { UMPIRE_SVG_YELLOW, NULL,
		0, NULL };
	static const int out[18] = { 6, 0, 8, 5, 11, 3, 12, 9, 10, 14, 2, 14, 0,
		9, 2, 4, 4, 6 };
	static const int in[10] = { 6, 6, 8, 10, 7, 13, 5, 13, 4, 10 };
	int xy[18];

	for (int k = 0; k < 18; k += 2) {
		xy[k] = x + out[k];
		xy[k + 1] = y + out[k + 1];
	}
	umpire_svg_polygon(s, xy, 9, &outer);
	for (int k = 0; k < 10; k += 2) {
		xy[k] = x + in[k];
		xy[k + 1] = y + in[k + 1];
	}
	umpire_svg_polygon(s, xy, 5, &inner);
}

/*
 * A point's notes, in the middle of the board past its tip, nearest the
 * tip first: its trap, its barriers, the fire.
 */
static void
notes(struct umpire_svg *s, const struct bgw_game *g, int p)
{
	static const struct umpire_svg_font fire_font = { 12, true,
		UMPIRE_SVG_START, UMPIRE_SVG_INK };
	int line = 0, x = col_left(p);

	for (int k = 0; k < 3; k++) {
		bool two = g->barrier[0] == p && g->barrier[1] == p;
		bool here = k == 0 ? bgw_trap_at(g, p) >= 0 : k == 1 ?
			g->barrier[0] == p || g->barrier[1] == p : g->fire == p;
		if (!here)
			continue;
		int y = p >= 13 ? BY + STACK + 13 + line * NOTE_LINE :
			BY + BH - STACK - 4 - line * NOTE_LINE;
		line++;
		if (k == 0) {
			umpire_svg_text(s, x + PW / 2, y, &note_font, PW - 4, "trap");
		} else if (k == 1) {
			umpire_svg_text(s, x + PW / 2, y, &note_font, PW - 4,
				two ? "barriers" : "barrier");
		} else {
			flame(s, x + 3, y - 12);
			umpire_svg_text(s, x + 17, y, &fire_font, PW - 19, "fire");
		}
	}
}

/* The points' barriers, units and notes, bottom of each stack at its
 * edge. */
static void
points(struct umpire_svg *s, const struct layout *l)
{
	const struct bgw_game *g = l->g;
	int order[BGW_ALL];

	for (int side = 0; side < 2; side++)
		if (g->barrier[side] >= 1 && g->barrier[side] <= 24)
			barrier(s, side, g->barrier[side], side == BGW_BLACK &&
				g->barrier[0] == g->barrier[1] ? 6 : 0);
	for (int p = 1; p <= 24; p++) {
		/* Both sides together: a trap shares its point (BGW-8). */
		int n = units_at(g, -1, p, order);
		for (int k = 0; k < n; k++)
			unit(s, l, order[k]);
		notes(s, g, p);
	}
}

/* The marks' map: a place of the board, on the mark's unit if it stands
 * there now. */
static void
at(const void *ctx, const struct umpire_mark *k, struct umpire_point p,
	int *x, int *y)
{
	const struct layout *l = ctx;
	int i = k->unit ? bgw_find_unit(l->g, k->unit) : -1;
	int place = p.x >= BGW_OFF && p.x <= BGW_WALL ? p.x : BGW_OFF;

	anchor(l, i, side_of(k->player), place, x, y);
}

static const char *
colour_of(const void *ctx, const char *player)
{
	(void)ctx;
	return colours[side_of(player)];
}

/*
 * The viewer's hand, titles only, wrapped to the picture's width; with
 * s NULL only counted.  Returns the lines it takes.
 */
static int
hand(struct umpire_svg *s, const struct bgw_game *g, int side, int y)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int lines = 1;

	umpire_buf_printf(&b, "Your hand (%s, only you see it):", bgw_sides[side]);
	if (!g->nhand[side])
		umpire_buf_puts(&b, " no card");
	for (int k = 0; k < g->nhand[side]; k++) {
		int c = g->hand[side][k];
		const char *title = c >= 0 && c < BGW_CARDS ? bgw_cards[c].title :
			"?";
		const char *sep = k + 1 < g->nhand[side] ? "," : "";
		size_t before = b.len;
		umpire_buf_printf(&b, " %s%s", title, sep);
		if (umpire_svg_text_width(umpire_buf_cstr(&b), key_font.size) <=
		    WIDTH || before == 0)
			continue;
		/* Too wide: the line ends before this card, which begins the
		 * next. */
		umpire_buf_truncate(&b, before);
		if (s)
			umpire_svg_text(s, 0, y, &key_font, 0, umpire_buf_cstr(&b));
		y += KEY_LINE;
		lines++;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%s%s", title, sep);
	}
	if (s)
		umpire_svg_text(s, 0, y, &key_font, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return lines;
}

/* Lines about the dice to come: a stolen die, a roll already seen. */
static int
rolls(struct umpire_svg *s, const struct bgw_game *g, int y)
{
	int lines = 0;

	for (int side = 0; side < 2; side++) {
		if (g->stolen[side]) {
			if (s)
				umpire_svg_textf(s, 0, y + lines * KEY_LINE, &key_font, 0,
					"%s adds a stolen %d to its next roll",
					bgw_Sides[side], g->stolen[side]);
			lines++;
		}
		if (g->spied[side][0]) {
			if (s)
				umpire_svg_textf(s, 0, y + lines * KEY_LINE, &key_font, 0,
					"%s's next roll, seen by Spymaster: %d and %d",
					bgw_Sides[side], g->spied[side][0], g->spied[side][1]);
			lines++;
		}
	}
	return lines;
}

static void
status(struct umpire_svg *s, const struct bgw_game *g, int y)
{
	static const char *const doing[3] = { "move", "shoot", "cast spells" };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_buf_printf(&b, "Turn %d", g->turn);
	if (g->turns)
		umpire_buf_printf(&b, " of %d", g->turns);
	if (g->to_move >= 0 && g->declaring) {
		umpire_buf_printf(&b, ": %s to declare (move, archers or mages)",
			bgw_sides[g->to_move]);
	} else if (g->to_move >= 0) {
		umpire_buf_printf(&b, ": %s to %s with", bgw_sides[g->to_move],
			doing[g->mode <= BGW_MAGES ? g->mode : BGW_MOVE]);
		for (int i = 0; i < g->ndice && i < 3; i++)
			umpire_buf_printf(&b, "%s%d", i == 0 ? " " : i + 1 == g->ndice ?
				" and " : ", ", g->dice[i]);
		if (g->extra)
			umpire_buf_printf(&b, " and the stolen %d", g->extra);
		if (g->sabotaged)
			umpire_buf_puts(&b, " (sabotaged)");
	} else if (g->winner >= 0 && g->winner < 2) {
		umpire_buf_printf(&b, ", over: %s won", bgw_sides[g->winner]);
	} else {
		umpire_buf_puts(&b, ", over: a draw");
	}
	umpire_svg_text(s, 0, y, &key_font, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
}

/* The key's sample tokens, then its lines, from y. */
static void
key(struct umpire_svg *s, const struct bgw_game *g, int y, int viewer)
{
	static const char *const sides[2] = { "white: light, round-ended",
		"black: dark, corners cut" };
	static const struct umpire_marks_words words = { "a shot", "a push",
		"captured", NULL, "placed" };

	for (int side = 0; side < 2; side++) {
		umpire_svg_group(s, side * 270 + RX + 2, y + R + 2, NULL);
		token(s, side, BGW_WARRIOR, NULL);
		umpire_svg_text(s, RX + 8, 5, &key_font, 0, sides[side]);
		umpire_svg_end(s);
	}
	umpire_svg_group(s, 540 + RX + 4, y + R + 2, NULL);
	token(s, BGW_WHITE, BGW_ARCHER, NULL);
	umpire_svg_rect(s, -RX - 4, -R - 4, TW + 8, TH + 8, 0, &cage);
	umpire_svg_text(s, RX + 10, 5, &key_font, 0, "trapped");
	umpire_svg_end(s);
	y += KEY_TOKENS;
	umpire_svg_text(s, 0, y += KEY_LINE, &key_font, 0, "W warrior, "
		"A archer, M mage; a stack's bottom unit at the edge, its top "
		"inward");
	umpire_svg_text(s, 0, y += KEY_LINE, &key_font, 0, "Numbers: white's "
		"points, and black's as b; a barrier outlines its point, "
		"white's light");
	umpire_marks_legend(s, y += KEY_LINE, &words);
	umpire_svg_text(s, 0, y += KEY_LINE, &key_font, 0, "Marks in the "
		"unit's colour: blue white's, vermillion black's");
	if (g->deck)
		umpire_svg_textf(s, 0, y += KEY_LINE, &key_font, 0, "Cards: white "
			"holds %d, black holds %d; pile %d", g->nhand[0], g->nhand[1],
			g->npile);
	else
		umpire_svg_text(s, 0, y += KEY_LINE, &key_font, 0, "No Power Deck "
			"in this game");
	y += rolls(s, g, y + KEY_LINE) * KEY_LINE;
	status(s, g, y += KEY_LINE);
	if (viewer >= 0)
		hand(s, g, viewer, y + KEY_LINE);
}

void
bgw_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer)
{
	const struct bgw_game *g = game;
	struct layout l = { .g = g };
	int key_top = BY + BH + LABELS + 8;
	/* A player's own picture alone names his cards; never another's. */
	int side = -1;

	if (viewer && g->deck && g->secret) {
		if (strcmp(viewer, bgw_sides[BGW_WHITE]) == 0)
			side = BGW_WHITE;
		else if (strcmp(viewer, bgw_sides[BGW_BLACK]) == 0)
			side = BGW_BLACK;
	}
	int lines = 6 + rolls(NULL, g, 0) + (side >= 0 ? hand(NULL, g, side, 0) :
		0);
	umpire_svg_board(s, WIDTH, key_top + KEY_TOKENS + lines * KEY_LINE + 8);

	board(s);
	place_units(&l);
	/* The marks under the units: an arrow never hides an id. */
	struct umpire_marks_map map = { &l, at, colour_of, NULL, RX, 4, R, 0,
		0 };
	umpire_marks_draw(s, marks, &map);
	points(s, &l);
	wall(s, &l);
	tray(s, &l);
	key(s, g, key_top, side);
}
