/*
 * picture.c - the Army Man Backgammon board as a picture: the track as
 * the text board lays it out (tan's back row on top), each man a token
 * in his row, the step's moves and attacks as arrows in a lane beside
 * the track (umpire_marks_draw's track lanes).
 *
 * The sides are told apart three ways: colour (bluish green and orange,
 * apart for red-green colour blindness too), shape (green's tokens are
 * round-ended, tan's square) and the triangle each token carries, which
 * points the way the side moves (AMB-1).
 *
 * A player's private picture (viewer) adds his own minefields (AMB-17),
 * which the public picture never shows.
 *
 * Marks (resolve.c records them) place a man by his row: x is the row,
 * 1 to 24; AMB_ROWS + 1 is off the board past row 24 (where green moves
 * off), 0 off past row 1 (tan's).
 */
#include <string.h>

#include "amb.h"

#define ROW 30			/* a row's height */
#define TOKEN 22		/* a token's height */
#define LABELS 40		/* the row numbers' column */
#define LANE 36			/* an arrow's lane */
#define KEY_LINE 20

static const char *const colours[2] = { UMPIRE_SVG_GREEN, UMPIRE_SVG_ORANGE };
static const struct umpire_svg_font row_font = { 13, false, UMPIRE_SVG_END,
	UMPIRE_SVG_GREY };
static const struct umpire_svg_font token_font = { 13, true,
	UMPIRE_SVG_START, NULL };
static const struct umpire_svg_font key_font = { 13, false,
	UMPIRE_SVG_START, NULL };

struct layout {
	const struct amb_game *g;
	int token;		/* a token's width */
	int slots;		/* tokens a row has room for */
	int lanes;		/* arrows */
	int used[AMB_ROWS + 2];	/* tokens drawn so far per row, 0 to 25 */
};

/* The top of row r, 0 (off past row 1) to AMB_ROWS + 1 (off past 24). */
static int
row_top(int r)
{
	return (AMB_ROWS + 1 - r) * ROW;
}

static int
row_mid(int r)
{
	return row_top(r) + ROW / 2;
}

/*
 * s after the first *k bytes of buf (n bytes), as snprintf would write
 * it there: what fits, NUL-terminated, *k counting the rest too.  A
 * picture has a label and a tooltip for every man, every step.
 */
static void
cat(char *buf, size_t n, size_t *k, const char *s)
{
	size_t len = strlen(s);

	if (*k < n) {
		size_t room = n - *k - 1, m = len < room ? len : room;
		memcpy(buf + *k, s, m);
		buf[*k + m] = '\0';
	}
	*k += len;
}

static void
label(char *buf, size_t n, const struct amb_man *m)
{
	char letter[3] = { ' ', amb_stances[m->stance].letter, '\0' };
	size_t k = 0;

	cat(buf, n, &k, m->id);
	cat(buf, n, &k, m->sergeant ? "*" : "");
	cat(buf, n, &k, letter);
}

static int
side_of(const char *player)
{
	return player && strcmp(player, amb_sides[AMB_TAN]) == 0 ? AMB_TAN :
		AMB_GREEN;
}

/* A token's shape, at (0, 0) of the group it is in. */
static void
token_shape(struct umpire_svg *s, int side, int width, const char *stroke,
	const char *dash, bool filled)
{
	struct umpire_svg_paint body = { filled ? colours[side] : "none",
		stroke, dash ? 2 : 1, dash };
	static const struct umpire_svg_paint ink = { UMPIRE_SVG_INK, NULL, 0,
		NULL };
	/* Green moves up the rows, tan down: the triangle points the way. */
	static const int up[6] = { 7, 16, 13, 6, 19, 16 };
	static const int down[6] = { 7, 6, 13, 16, 19, 6 };

	umpire_svg_rect(s, 0, 0, width, TOKEN, side == AMB_GREEN ? TOKEN / 2 : 0,
		&body);
	/* A lost man's outline has none: his X is there. */
	if (filled)
		umpire_svg_polygon(s, side == AMB_GREEN ? up : down, 3, &ink);
}

static void
tooltip(char *buf, size_t n, const struct amb_man *m, int side)
{
	size_t k = 0;
	int count = 0;

	cat(buf, n, &k, m->id);
	cat(buf, n, &k, ", ");
	cat(buf, n, &k, amb_sides[side]);
	cat(buf, n, &k, ": ");
	for (int w = 0; w < AMB_WEAPONS && k < n; w++)
		if (m->weapons & (1u << w)) {
			cat(buf, n, &k, count++ ? " and " : "");
			cat(buf, n, &k, amb_weapons[w].text);
		}
	if (k < n) {
		cat(buf, n, &k, ", ");
		cat(buf, n, &k, amb_stances[m->stance].name);
		cat(buf, n, &k, m->sergeant ? ", Sergeant" : "");
	}
}

static void
man(struct umpire_svg *s, struct layout *l, int side, const struct amb_man *m,
	int row)
{
	char text[40], tip[200];
	int k = l->used[row]++;

	label(text, sizeof(text), m);
	tooltip(tip, sizeof(tip), m, side);
	umpire_svg_unit(s, m->id, LABELS + k * (l->token + 6), row_top(row) +
		(ROW - TOKEN) / 2, tip);
	token_shape(s, side, l->token, UMPIRE_SVG_INK, NULL, true);
	umpire_svg_text(s, 24, 16, &token_font, l->token - 28, text);
	umpire_svg_end(s);
}

/*
 * Where the k-th man lost this step is drawn in his row: after the men
 * standing there, and those lost before him.
 */
static int
ghost_x(const struct layout *l, const struct umpire_marks *marks,
	const struct umpire_mark *k)
{
	int row = k->to.x, n;

	if (row < 0 || row > AMB_ROWS + 1)
		return LABELS;
	n = l->used[row];
	for (const struct umpire_mark *o = marks->v; o < k; o++)
		n += o->kind == UMPIRE_MARK_LOSS && o->to.x == row;
	return LABELS + n * (l->token + 6);
}

/*
 * A man lost this step: his outline, dashed, with his id; the marks
 * draw the X of a loss over his triangle, which no longer points
 * anywhere.
 */
static void
ghost(struct umpire_svg *s, const struct layout *l,
	const struct umpire_marks *marks, const struct umpire_mark *k)
{
	int side = side_of(k->player), row = k->to.x;
	static const struct umpire_svg_font f = { 13, true, UMPIRE_SVG_START,
		UMPIRE_SVG_GREY };

	if (row < 0 || row > AMB_ROWS + 1)
		return;
	umpire_svg_group(s, ghost_x(l, marks, k), row_top(row) +
		(ROW - TOKEN) / 2, NULL);
	token_shape(s, side, l->token, colours[side], "4 3", false);
	umpire_svg_text(s, 24, 16, &f, l->token - 28, k->unit);
	umpire_svg_end(s);
}

/* The marks' map: a row's middle; a lost man's triangle. */
struct map_ctx {
	const struct layout *l;
	const struct umpire_marks *marks;
};

static void
at(const void *ctx, const struct umpire_mark *k, struct umpire_point p,
	int *x, int *y)
{
	const struct map_ctx *c = ctx;
	int row = p.x < 0 ? 0 : p.x > AMB_ROWS + 1 ? AMB_ROWS + 1 : p.x;

	*x = k->kind == UMPIRE_MARK_LOSS ? ghost_x(c->l, c->marks, k) + 13 : 0;
	*y = row_mid(row);
}

static const char *
colour_of(const void *ctx, const char *player)
{
	(void)ctx;
	return colours[side_of(player)];
}

static void
track(struct umpire_svg *s, int width)
{
	static const struct umpire_svg_paint band = { UMPIRE_SVG_LIGHT, NULL, 0,
		NULL };
	static const struct umpire_svg_paint edge = { NULL, UMPIRE_SVG_GREY, 1,
		NULL };
	static const struct umpire_svg_font off = { 13, false,
		UMPIRE_SVG_START, UMPIRE_SVG_GREY };

	for (int r = 1; r <= AMB_ROWS; r++) {
		if (r % 2 == 0)
			umpire_svg_rect(s, 0, row_top(r), width, ROW, 0, &band);
		umpire_svg_textf(s, LABELS - 8, row_top(r) + 20, &row_font, 0, "%d",
			r);
	}
	umpire_svg_line(s, 0, row_top(AMB_ROWS), width, row_top(AMB_ROWS),
		&edge);
	umpire_svg_line(s, 0, row_top(0), width, row_top(0), &edge);
	umpire_svg_text(s, LABELS, row_top(AMB_ROWS + 1) + 20, &off, 0,
		"off the board past row 24: green moves off here");
	umpire_svg_text(s, LABELS, row_top(0) + 20, &off, 0,
		"off the board past row 1: tan moves off here");
}

static int
key(struct umpire_svg *s, const struct amb_game *g, int y)
{
	static const char *const moves[2] = { "green, moves up the rows",
		"tan, moves down" };
	static const struct umpire_marks_words words = { "an attack", NULL,
		"a man lost in this step, in dashed outline", NULL, NULL };
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (int side = 0; side < 2; side++) {
		umpire_svg_group(s, side * 240, y, NULL);
		token_shape(s, side, 28, UMPIRE_SVG_INK, NULL, true);
		umpire_svg_text(s, 36, 16, &key_font, 0, moves[side]);
		umpire_svg_end(s);
	}
	y += 26 + KEY_LINE;
	umpire_svg_text(s, 0, y, &key_font, 0, "P prone, K kneeling, S standing, "
		"R running; * Sergeant");
	y += KEY_LINE;
	umpire_marks_legend(s, y, &words);
	for (int side = 0; side < 2; side++) {
		int alive = 0;
		for (int i = 0; i < g->nmen[side]; i++)
			alive += !g->men[side][i].dead;
		umpire_buf_clear(&b);
		umpire_buf_printf(&b, "%s: %d %s, %d fallen", amb_sides[side], alive,
			alive == 1 ? "man" : "men", g->nfallen[side]);
		if (amb_sergeant_dead(g, side))
			umpire_buf_puts(&b, "; Sergeant dead: Dig In or Charge");
		y += KEY_LINE;
		umpire_svg_text(s, 0, y, &key_font, 0, umpire_buf_cstr(&b));
	}
	umpire_buf_clear(&b);
	if (g->to_move >= 0) {
		umpire_buf_printf(&b, "To play: %s, with", amb_sides[g->to_move]);
		for (int i = 0; i < g->opt.dice; i++)
			umpire_buf_printf(&b, " %d", g->dice[i]);
	} else {
		umpire_buf_printf(&b, "Over: %s won", amb_sides[g->winner]);
	}
	y += KEY_LINE;
	umpire_svg_text(s, 0, y, &key_font, 0, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return y + 6;
}

/*
 * The viewer's own minefields (AMB-17), drawn only on his private
 * picture: a dashed band across each row that holds any, with how many.
 * Those that went off or were cleared are public, and not his secret.
 */
static void
own_mines(struct umpire_svg *s, const struct amb_game *g, int side,
	int width)
{
	static const struct umpire_svg_paint band = { "none",
		UMPIRE_SVG_VERMILLION, 2, "6 3" };
	static const struct umpire_svg_font f = { 12, true, UMPIRE_SVG_END,
		UMPIRE_SVG_VERMILLION };
	int count[AMB_ROWS + 1] = { 0 };

	if (!g->secret || !g->laid[side])
		return;
	for (int k = 0; k < AMB_MINEFIELDS; k++) {
		const struct amb_minefield *m = &g->mines[side][k];
		if (m->row >= 1 && m->row <= AMB_ROWS && !m->known)
			count[m->row]++;
	}
	for (int r = 1; r <= AMB_ROWS; r++) {
		if (!count[r])
			continue;
		umpire_svg_rect(s, LABELS + 2, row_top(r) + 2, width - LABELS - 4,
			ROW - 4, 0, &band);
		umpire_svg_textf(s, width - 6, row_top(r) + ROW - 9, &f, 0,
			"your minefield%s%s", count[r] > 1 ? " x" : "",
			count[r] > 1 ? (count[r] == 2 ? "2" : "3") : "");
	}
}

void
amb_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer)
{
	const struct amb_game *g = game;
	struct layout l = { .g = g, .token = 56, .slots = 5 };
	int count[AMB_ROWS + 2] = { 0 };
	char text[40];

	for (int side = 0; side < 2; side++)
		for (int i = 0; i < g->nmen[side]; i++) {
			const struct amb_man *m = &g->men[side][i];
			label(text, sizeof(text), m);
			int w = umpire_svg_text_width(text, 13) + 30;
			if (w > l.token)
				l.token = w;
			if (!m->dead)
				count[m->row]++;
		}
	for (size_t k = 0; k < marks->n; k++) {
		const struct umpire_mark *m = &marks->v[k];
		if (m->kind == UMPIRE_MARK_LOSS && m->to.x >= 0 &&
		    m->to.x <= AMB_ROWS + 1)
			count[m->to.x]++;
		else if (m->kind == UMPIRE_MARK_MOVE ||
		    m->kind == UMPIRE_MARK_ATTACK ||
		    m->kind == UMPIRE_MARK_RETREAT)
			l.lanes++;	/* each in a lane of its own */
	}
	for (int r = 0; r <= AMB_ROWS + 1; r++)
		if (count[r] > l.slots)
			l.slots = count[r];
	int lanes_x = LABELS + l.slots * (l.token + 6) + 8;
	int track_width = lanes_x + l.lanes * LANE;
	int width = track_width < 480 ? 480 : track_width;
	int key_top = row_top(0) + ROW + 12;
	umpire_svg_board(s, width, key_top + 26 + 5 * KEY_LINE + 6);

	track(s, track_width);
	if (viewer)
		own_mines(s, g, side_of(viewer), track_width);
	/* Where the men stand, so that the marks find the lost ones' places;
	 * the man who moved off is drawn where he went (AMB-8). */
	int rows[2][AMB_MAX_MEN];
	for (int side = AMB_TAN; side >= AMB_GREEN; side--)
		for (int i = 0; i < g->nmen[side]; i++) {
			const struct amb_man *m = &g->men[side][i];
			rows[side][i] = side == g->winner && i == g->off_man ?
				(side == AMB_GREEN ? AMB_ROWS + 1 : 0) : m->row;
			if (!m->dead)
				l.used[rows[side][i]]++;
		}
	struct map_ctx c = { &l, marks };
	struct umpire_marks_map map = { &c, at, colour_of, NULL, TOKEN / 2, 4,
		0, LANE, lanes_x };
	umpire_marks_draw(s, marks, &map);
	for (size_t k = 0; k < marks->n; k++)
		if (marks->v[k].kind == UMPIRE_MARK_LOSS)
			ghost(s, &l, marks, &marks->v[k]);
	memset(l.used, 0, sizeof(l.used));
	for (int side = AMB_TAN; side >= AMB_GREEN; side--)
		for (int i = 0; i < g->nmen[side]; i++)
			if (!g->men[side][i].dead)
				man(s, &l, side, &g->men[side][i], rows[side][i]);
	key(s, g, key_top);
}
