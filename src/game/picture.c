#include "game/picture.h"

#include <string.h>

#include "render/svg.h"
#include "util/text.h"

#define MARGIN 16
#define GAP 24		/* between the board and the dice */
#define ROLL_HEIGHT 30
#define PURPOSE_CHARS 64	/* the report has the rest */

static const struct umpire_svg_font title_font = { 20, true,
	UMPIRE_SVG_START, NULL };
static const struct umpire_svg_font small_font = { 13, false,
	UMPIRE_SVG_START, UMPIRE_SVG_GREY };
static const struct umpire_svg_font line_font = { 14, false,
	UMPIRE_SVG_START, NULL };
static const struct umpire_svg_font bold_font = { 14, true,
	UMPIRE_SVG_START, NULL };
static const struct umpire_svg_font roll_font = { 13, false,
	UMPIRE_SVG_START, NULL };
static const struct umpire_svg_font die_font = { 15, true,
	UMPIRE_SVG_MIDDLE, NULL };

/* Code points in the first n bytes of s. */
static size_t
chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/*
 * Draw text from baseline y on, broken between words into lines of at
 * most width pixels at font f; returns the y below the last line.
 */
static int
wrapped(struct umpire_svg *s, int x, int y, int width,
	const struct umpire_svg_font *f, const char *text)
{
	size_t max = (size_t)(width * 5 / (3 * f->size));
	struct umpire_buf line = UMPIRE_BUF_INIT;
	const char *p = text;

	if (max < 8)
		max = 8;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		size_t n = strcspn(p, " ");
		if (line.len && chars(line.ptr, line.len) + 1 + chars(p, n) > max) {
			umpire_svg_text(s, x, y, f, 0, umpire_buf_cstr(&line));
			y += f->size * 4 / 3;
			umpire_buf_clear(&line);
		}
		if (line.len)
			umpire_buf_putc(&line, ' ');
		umpire_buf_add(&line, p, n);
		p += n;
	}
	if (line.len) {
		umpire_svg_text(s, x, y, f, width, umpire_buf_cstr(&line));
		y += f->size * 4 / 3;
	}
	umpire_buf_free(&line);
	return y;
}

static const char *
title_of(const struct umpire_picture_game *g, const struct umpire_report *rep)
{
	if (rep && rep->title)
		return rep->title;
	return g->result->over ? "The board: the game is over" : "The board";
}

/* The title and the lines under it; returns the y below them. */
static int
header(struct umpire_svg *s, const struct umpire_picture_game *g,
	const struct umpire_report *rep, long step, int width)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int y = MARGIN + 20;

	y = wrapped(s, MARGIN, y, width, &title_font, title_of(g, rep));
	umpire_buf_printf(&b, "%s \xc2\xb7 %s \xc2\xb7 game %s, step %ld",
		g->title ? g->title : "", g->rules->title, g->id, step);
	y = wrapped(s, MARGIN, y + 2, width, &small_font, umpire_buf_cstr(&b));
	if (rep && rep->headline)
		y = wrapped(s, MARGIN, y + 4, width, &line_font, rep->headline);
	umpire_buf_clear(&b);
	if (g->result->over) {
		umpire_buf_puts(&b, "Result: ");
		umpire_result_summary(&b, g->result);
		if (g->result->how)
			umpire_buf_printf(&b, " (%s)", g->result->how);
	} else {
		char whose[80];
		umpire_buf_printf(&b, "Awaiting: step %ld, %s %s", g->step,
			umpire_possessive(g->awaited.player, whose, sizeof(whose)),
			g->awaited.kind);
	}
	y = wrapped(s, MARGIN, y + 4, width, &bold_font, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return y + 8;
}

static const char *cut(struct umpire_buf *b);

/*
 * A roll's or a shuffle's line in the panel, cut to PURPOSE_CHARS
 * characters (the report has the rest).
 */
static const char *
roll_line(struct umpire_buf *b, const struct umpire_roll *r)
{
	umpire_buf_clear(b);
	umpire_buf_printf(b, "d%u: %s", r->sides, r->purpose);
	return cut(b);
}

static const char *
shuffle_line(struct umpire_buf *b, const struct umpire_shuffle *sh)
{
	umpire_buf_clear(b);
	umpire_buf_printf(b, "shuffle %u of %zu: %s", sh->k, sh->n, sh->purpose);
	return cut(b);
}

static const char *
cut(struct umpire_buf *b)
{
	size_t c = 0;

	for (size_t i = 0; i < b->len; i++)
		if (((unsigned char)b->ptr[i] & 0xc0) != 0x80 &&
		    c++ == PURPOSE_CHARS) {
			umpire_buf_truncate(b, i);
			umpire_buf_puts(b, "\xe2\x80\xa6");	/* ... */
			break;
		}
	return umpire_buf_cstr(b);
}

static int
panel_width(const struct umpire_dice *dice)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int w = umpire_svg_text_width("No dice were rolled in this step.", 13);

	for (size_t i = 0; dice && i < dice->n && i < UMPIRE_PICTURE_ROLLS; i++) {
		const struct umpire_roll *r = &dice->log[i];
		int tw = umpire_svg_text_width(roll_line(&b, r), 13) + 36;
		if (tw > w)
			w = tw;
	}
	for (size_t i = 0; dice && i < dice->nshuffles; i++) {
		const struct umpire_shuffle *sh = &dice->shuffles[i];
		int tw = umpire_svg_text_width(shuffle_line(&b, sh), 13);
		if (tw > w)
			w = tw;
	}
	umpire_buf_free(&b);
	return w;
}

/* The dice panel at (x, y); returns its height. */
static int
panel(struct umpire_svg *s, int x, int y, const struct umpire_dice *dice)
{
	static const struct umpire_svg_paint die = { UMPIRE_SVG_PAPER,
		UMPIRE_SVG_INK, 2, NULL };
	struct umpire_buf b = UMPIRE_BUF_INIT;
	size_t n = dice ? dice->n : 0, shown = n < UMPIRE_PICTURE_ROLLS ? n :
		UMPIRE_PICTURE_ROLLS;
	int top = y;

	umpire_svg_text(s, x, y + 14, &bold_font, 0, "Dice");
	y += 24;
	if (!n) {
		umpire_svg_text(s, x, y + 16, &roll_font, 0,
			"No dice were rolled in this step.");
		y += ROLL_HEIGHT;
	}
	for (size_t i = 0; i < shown; i++) {
		const struct umpire_roll *r = &dice->log[i];
		umpire_svg_rect(s, x + 1, y + 1, 24, 24, 4, &die);
		umpire_svg_textf(s, x + 13, y + 19, &die_font, 0, "%u", r->result);
		umpire_svg_text(s, x + 36, y + 18, &roll_font, 0, roll_line(&b, r));
		y += ROLL_HEIGHT;
	}
	if (shown < n) {
		umpire_svg_textf(s, x, y + 16, &roll_font, 0, "and %zu more "
			"roll%s: the report lists every one", n - shown,
			n - shown == 1 ? "" : "s");
		y += ROLL_HEIGHT;
	}
	for (size_t i = 0; dice && i < dice->nshuffles; i++) {
		const struct umpire_shuffle *sh = &dice->shuffles[i];
		umpire_svg_text(s, x, y + 18, &roll_font, 0, shuffle_line(&b, sh));
		y += ROLL_HEIGHT;
	}
	umpire_buf_free(&b);
	return y - top;
}

void
umpire_picture_render(struct umpire_buf *out,
	const struct umpire_picture_game *g, const struct umpire_report *rep,
	long step,
	const struct umpire_dice *dice, const struct umpire_marks *marks,
	const char *viewer)
{
	struct umpire_svg board = UMPIRE_SVG_INIT, frame = UMPIRE_SVG_INIT,
		top = UMPIRE_SVG_INIT;
	struct umpire_marks none;
	struct umpire_arena scratch = UMPIRE_ARENA_INIT;

	if (!marks) {
		umpire_marks_init(&none, &scratch);
		marks = &none;
	}
	g->rules->picture(&board, g->rs, marks, viewer);
	while (board.open)
		umpire_svg_end(&board);
	umpire_svg_labels(&board);	/* over everything the hook drew */
	int pw = panel_width(dice);
	int width = MARGIN + board.width + GAP + pw + MARGIN;
	if (width < 480)
		width = 480;
	int y = header(&top, g, rep, step, width - 2 * MARGIN);

	int ph = panel(&frame, MARGIN + board.width + GAP, y, dice);
	int height = y + (board.height > ph ? board.height : ph) + MARGIN;

	struct umpire_svg doc = UMPIRE_SVG_INIT;
	static const struct umpire_svg_paint paper = { UMPIRE_SVG_PAPER, NULL,
		0, NULL };
	/* Room for the whole at once, not grown a doubling at a time. */
	umpire_buf_grow(&doc.body, top.body.len + board.body.len +
		frame.body.len + 256);
	umpire_svg_rect(&doc, 0, 0, width, height, 0, &paper);
	umpire_buf_add(&doc.body, top.body.ptr, top.body.len);
	umpire_svg_group(&doc, MARGIN, y, NULL);
	umpire_buf_add(&doc.body, board.body.ptr, board.body.len);
	umpire_svg_end(&doc);
	umpire_buf_add(&doc.body, frame.body.ptr, frame.body.len);
	umpire_svg_document(out, &doc, width, height, title_of(g, rep));
	umpire_svg_free(&doc);
	umpire_svg_free(&board);
	umpire_svg_free(&frame);
	umpire_svg_free(&top);
	umpire_arena_free(&scratch);
}
