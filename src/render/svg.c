#include "render/svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A string literal appended, its length known at compile time. */
#define LIT(b, text) umpire_buf_add((b), text, sizeof(text) - 1)

/* A number between two literals: ` x="12"`, as "%d" writes it. */
static inline void
num_attr(struct umpire_buf *b, const char *before, size_t n, int value)
{
	umpire_buf_add(b, before, n);
	umpire_buf_long(b, value);
	umpire_buf_putc(b, '"');
}

#define NUM_ATTR(b, before, value) \
	num_attr((b), before, sizeof(before) - 1, (value))

static void
labels_forget(struct umpire_svg *s)
{
	for (size_t i = 0; i < s->nlabels; i++)
		free(s->labels[i].text);
	free(s->labels);
	s->labels = NULL;
	s->nlabels = s->caplabels = 0;
}

void
umpire_svg_free(struct umpire_svg *s)
{
	umpire_buf_free(&s->body);
	labels_forget(s);
	s->width = s->height = s->open = 0;
}

void
umpire_svg_board(struct umpire_svg *s, int width, int height)
{
	s->width = width > 0 ? width : 1;
	s->height = height > 0 ? height : 1;
}

long long
umpire_svg_isqrt(long long n)
{
	long long x, y;

	if (n < 2)
		return n < 0 ? 0 : n;
	/* Newton's method from above: it decreases to the floor. */
	x = n;
	y = (x + 1) / 2;
	while (y < x) {
		x = y;
		y = (x + n / x) / 2;
	}
	return x;
}

/* The next character of s (advanced), or -1 for a byte that is not UTF-8. */
static long
next_char(const unsigned char **s)
{
	const unsigned char *p = *s;
	long c;
	int n;

	if (p[0] < 0x80) {
		*s = p + 1;
		return p[0];
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		c = p[0] & 0x1f;
		n = 1;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		c = p[0] & 0x0f;
		n = 2;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		c = p[0] & 0x07;
		n = 3;
	} else {
		*s = p + 1;
		return -1;
	}
	for (int i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			*s = p + i;	/* resynchronise on the byte that broke it */
			return -1;
		}
		c = (c << 6) | (p[i] & 0x3f);
	}
	*s = p + n + 1;
	/* Overlong forms and what lies past Unicode are not UTF-8. */
	if ((n == 2 && c < 0x800) || (n == 3 && (c < 0x10000 || c > 0x10ffff)))
		return -1;
	return c;
}

static void
put_char(struct umpire_buf *out, long c)
{
	char b[4];

	if (c < 0x80) {
		umpire_buf_putc(out, (char)c);
		return;
	}
	if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		umpire_buf_add(out, b, 2);
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		umpire_buf_add(out, b, 3);
	} else {
		b[0] = (char)(0xf0 | (c >> 18));
		b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		umpire_buf_add(out, b, 4);
	}
}

/* Printable ASCII that XML takes as it is: most of what is escaped. */
static bool
plain(unsigned char c)
{
	/* The five that XML escapes are all below '@': one bit each. */
	const unsigned long long special = 1ull << '&' | 1ull << '<' |
		1ull << '>' | 1ull << '"' | 1ull << '\'';

	if (c >= 0x40)
		return c < 0x7f;
	return c >= 0x20 && !(special >> c & 1);
}

void
umpire_svg_escape(struct umpire_buf *out, const char *text, size_t max)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t n = 0;

	while (*p) {
		if (max && n == max) {
			put_char(out, 0x2026);	/* ... */
			return;
		}
		/* A run of plain characters at once, within max. */
		size_t run = 0, room = max ? max - n : (size_t)-1;
		while (run < room && plain(p[run]))
			run++;
		if (run) {
			umpire_buf_add(out, p, run);
			p += run;
			n += run;
			continue;
		}
		long c = next_char(&p);
		n++;
		switch (c) {
		case '&': umpire_buf_puts(out, "&amp;"); continue;
		case '<': umpire_buf_puts(out, "&lt;"); continue;
		case '>': umpire_buf_puts(out, "&gt;"); continue;
		case '"': umpire_buf_puts(out, "&quot;"); continue;
		case '\'': umpire_buf_puts(out, "&#39;"); continue;
		case '\t': case '\n': case '\r': umpire_buf_putc(out, ' '); continue;
		}
		/* XML 1.0's Char production; anything else is replaced. */
		if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe ||
		    c == 0xffff)
			c = 0xfffd;
		put_char(out, c);
	}
}

int
umpire_svg_text_width(const char *text, int size)
{
	long chars = 0;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		chars += (*p & 0xc0) != 0x80;
	return (int)(chars * size * 3 / 5);
}

/* ` name="value"`, value escaped; nothing for a NULL value. */
static inline void
attr(struct umpire_buf *b, const char *before, size_t n, const char *value)
{
	if (!value)
		return;
	umpire_buf_add(b, before, n);
	umpire_svg_escape(b, value, 0);
	umpire_buf_putc(b, '"');
}

#define ATTR(b, name, value) \
	attr((b), " " name "=\"", sizeof(" " name "=\"") - 1, (value))

static void
paint(struct umpire_buf *b, const struct umpire_svg_paint *p)
{
	if (!p)
		return;
	ATTR(b, "fill", p->fill);
	ATTR(b, "stroke", p->stroke);
	if (p->stroke_width > 1)
		NUM_ATTR(b, " stroke-width=\"", p->stroke_width);
	ATTR(b, "stroke-dasharray", p->dash);
}

void
umpire_svg_rect(struct umpire_svg *s, int x, int y, int w, int h, int radius,
	const struct umpire_svg_paint *p)
{
	NUM_ATTR(&s->body, "<rect x=\"", x);
	NUM_ATTR(&s->body, " y=\"", y);
	NUM_ATTR(&s->body, " width=\"", w);
	NUM_ATTR(&s->body, " height=\"", h);
	if (radius > 0)
		NUM_ATTR(&s->body, " rx=\"", radius);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_circle(struct umpire_svg *s, int cx, int cy, int r,
	const struct umpire_svg_paint *p)
{
	NUM_ATTR(&s->body, "<circle cx=\"", cx);
	NUM_ATTR(&s->body, " cy=\"", cy);
	NUM_ATTR(&s->body, " r=\"", r);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_line(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	const struct umpire_svg_paint *p)
{
	NUM_ATTR(&s->body, "<line x1=\"", x1);
	NUM_ATTR(&s->body, " y1=\"", y1);
	NUM_ATTR(&s->body, " x2=\"", x2);
	NUM_ATTR(&s->body, " y2=\"", y2);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_polygon(struct umpire_svg *s, const int *xy, size_t n,
	const struct umpire_svg_paint *p)
{
	umpire_buf_puts(&s->body, "<polygon points=\"");
	for (size_t i = 0; i < n; i++) {
		if (i)
			umpire_buf_putc(&s->body, ' ');
		umpire_buf_long(&s->body, xy[2 * i]);
		umpire_buf_putc(&s->body, ',');
		umpire_buf_long(&s->body, xy[2 * i + 1]);
	}
	umpire_buf_putc(&s->body, '"');
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

bool
umpire_svg_arrow_shape(struct umpire_svg_arrow_shape *out, int x1, int y1,
	int x2, int y2, int gap1, int gap2, int width)
{
	long long dx = (long long)x2 - x1, dy = (long long)y2 - y1;
	long long len = umpire_svg_isqrt(dx * dx + dy * dy);
	long long head = 3 * (long long)width + 6, half = 2 * (long long)width + 2;

	if (width < 1 || len <= gap1 + gap2 + head / 2)
		return false;
	/* Integer steps along the way, so every machine draws the same. */
	int sx = (int)(x1 + dx * gap1 / len), sy = (int)(y1 + dy * gap1 / len);
	int tx = (int)(x2 - dx * gap2 / len), ty = (int)(y2 - dy * gap2 / len);
	int bx = (int)(tx - dx * head / len), by = (int)(ty - dy * head / len);
	int px = (int)(-dy * half / len), py = (int)(dx * half / len);

	*out = (struct umpire_svg_arrow_shape){ len - gap1 - gap2 > head,
		{ sx, sy, bx, by }, { tx, ty, bx + px, by + py, bx - px, by - py } };
	return true;
}

void
umpire_svg_arrow(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	int gap1, int gap2, const char *colour, int width, const char *dash)
{
	struct umpire_svg_arrow_shape a;
	struct umpire_svg_paint under = { NULL, UMPIRE_SVG_PAPER, width + 4,
		NULL };
	struct umpire_svg_paint over = { NULL, colour, width, dash };
	struct umpire_svg_paint tip = { colour, UMPIRE_SVG_PAPER, 1, NULL };

	if (!umpire_svg_arrow_shape(&a, x1, y1, x2, y2, gap1, gap2, width))
		return;
	if (a.has_shaft) {
		umpire_svg_line(s, a.shaft[0], a.shaft[1], a.shaft[2], a.shaft[3],
			&under);
		umpire_svg_line(s, a.shaft[0], a.shaft[1], a.shaft[2], a.shaft[3],
			&over);
	}
	umpire_svg_polygon(s, a.head, 3, &tip);
}

void
umpire_svg_path(struct umpire_svg *s, const char *d,
	const struct umpire_svg_paint *p)
{
	if (!d || !*d)
		return;
	umpire_buf_puts(&s->body, "<path d=\"");
	umpire_svg_escape(&s->body, d, 0);
	umpire_buf_putc(&s->body, '"');
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

static void
font_attrs(struct umpire_buf *b, const struct umpire_svg_font *f)
{
	static const char *const anchors[] = { NULL, "middle", "end" };

	if (f->size)
		NUM_ATTR(b, " font-size=\"", f->size);
	if (f->bold)
		umpire_buf_puts(b, " font-weight=\"bold\"");
	ATTR(b, "text-anchor", anchors[f->anchor]);
	ATTR(b, "fill", f->fill);
	if (f->halo)
		umpire_buf_puts(b, " stroke=\"" UMPIRE_SVG_PAPER "\" "
			"stroke-width=\"3\" paint-order=\"stroke\"");
}

static void
text_open(struct umpire_svg *s, int x, int y, const struct umpire_svg_font *f,
	int fit, int width)
{
	NUM_ATTR(&s->body, "<text x=\"", x);
	NUM_ATTR(&s->body, " y=\"", y);
	font_attrs(&s->body, f);
	if (fit > 0 && width > fit) {
		NUM_ATTR(&s->body, " textLength=\"", fit);
		LIT(&s->body, " lengthAdjust=\"spacingAndGlyphs\"");
	}
	umpire_buf_putc(&s->body, '>');
}

void
umpire_svg_runs_begin(struct umpire_svg *s, int y)
{
	NUM_ATTR(&s->body, "<text y=\"", y);
	umpire_buf_putc(&s->body, '>');
}

void
umpire_svg_run(struct umpire_svg *s, int x, int size, int fit,
	const char *text)
{
	NUM_ATTR(&s->body, "<tspan x=\"", x);
	if (fit > 0 && umpire_svg_text_width(text, size) > fit) {
		NUM_ATTR(&s->body, " textLength=\"", fit);
		LIT(&s->body, " lengthAdjust=\"spacingAndGlyphs\"");
	}
	umpire_buf_putc(&s->body, '>');
	umpire_svg_escape(&s->body, text, 0);
	umpire_buf_puts(&s->body, "</tspan>");
}

void
umpire_svg_runs_end(struct umpire_svg *s)
{
	umpire_buf_puts(&s->body, "</text>\n");
}

void
umpire_svg_text_group(struct umpire_svg *s, const struct umpire_svg_font *f)
{
	umpire_buf_puts(&s->body, "<g");
	font_attrs(&s->body, f);
	umpire_buf_puts(&s->body, ">\n");
	s->open++;
}

void
umpire_svg_text(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_font *f, int fit, const char *text)
{
	text_open(s, x, y, f, fit, umpire_svg_text_width(text, f->size ?
		f->size : 13));
	umpire_svg_escape(&s->body, text, 0);
	umpire_buf_puts(&s->body, "</text>\n");
}

void
umpire_svg_textf(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_font *f, int fit, const char *fmt, ...)
{
	char room[128];
	struct umpire_buf b = UMPIRE_BUF_INIT;
	va_list ap;

	/* A number alone (a row's, a column's) without printf. */
	if (strcmp(fmt, "%d") == 0 || strcmp(fmt, "%ld") == 0) {
		va_start(ap, fmt);
		long v = fmt[1] == 'd' ? va_arg(ap, int) : va_arg(ap, long);
		va_end(ap);
		/* The stack's room, which 20 digits never outgrow. */
		b.ptr = room;
		b.cap = sizeof(room);
		umpire_buf_long(&b, v);
		umpire_svg_text(s, x, y, f, fit, room);
		return;
	}
	/* Short texts on the stack, the rest on the heap. */
	va_start(ap, fmt);
	int n = vsnprintf(room, sizeof(room), fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof(room)) {
		umpire_svg_text(s, x, y, f, fit, room);
		return;
	}
	va_start(ap, fmt);
	umpire_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	umpire_svg_text(s, x, y, f, fit, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
}

static void
translate(struct umpire_buf *b, int x, int y)
{
	if (x || y) {
		LIT(b, " transform=\"translate(");
		umpire_buf_long(b, x);
		umpire_buf_putc(b, ',');
		umpire_buf_long(b, y);
		LIT(b, ")\"");
	}
}

void
umpire_svg_unit(struct umpire_svg *s, const char *id, int x, int y,
	const char *tooltip)
{
	umpire_buf_puts(&s->body, "<g id=\"unit-");
	umpire_svg_escape(&s->body, id, 0);
	umpire_buf_putc(&s->body, '"');
	translate(&s->body, x, y);
	umpire_buf_puts(&s->body, ">");
	if (tooltip) {
		umpire_buf_puts(&s->body, "<title>");
		umpire_svg_escape(&s->body, tooltip, 0);
		umpire_buf_puts(&s->body, "</title>");
	}
	umpire_buf_putc(&s->body, '\n');
	s->open++;
}

void
umpire_svg_group(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_paint *p)
{
	umpire_buf_puts(&s->body, "<g");
	translate(&s->body, x, y);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, ">\n");
	s->open++;
}

void
umpire_svg_end(struct umpire_svg *s)
{
	if (s->open <= 0)
		return;		/* a stray end must not break the document */
	umpire_buf_puts(&s->body, "</g>\n");
	s->open--;
}

/* ------------------------------------------------------------ shapes */

const char *const umpire_svg_shape_names[UMPIRE_SVG_SHAPES] = {
	"circle", "square", "diamond", "triangle", "pentagon", "hexagon",
	"star", "octagon",
};

/* Corners on a circle of radius 1000, clockwise from the top (or from
 * just right of it): integers, so every machine draws the same. */
static const int pentagon[] = { 0, -1000, 951, -309, 588, 809, -588, 809,
	-951, -309 };
static const int hexagon[] = { 0, -1000, 866, -500, 866, 500, 0, 1000, -866,
	500, -866, -500 };
static const int star[] = { 0, -1000, 265, -364, 951, -309, 428, 139, 588,
	809, 0, 450, -588, 809, -428, 139, -951, -309, -265, -364 };
static const int octagon[] = { 383, -924, 924, -383, 924, 383, 383, 924,
	-383, 924, -924, 383, -924, -383, -383, -924 };

static void
scaled(struct umpire_svg *s, int x, int y, const int *c, size_t n, int r,
	const struct umpire_svg_paint *p)
{
	int xy[20];

	for (size_t i = 0; i < 2 * n; i += 2) {
		xy[i] = x + c[i] * r / 1000;
		xy[i + 1] = y + c[i + 1] * r / 1000;
	}
	umpire_svg_polygon(s, xy, n, p);
}

void
umpire_svg_shape(struct umpire_svg *s, int x, int y,
	enum umpire_svg_shape shape, int r, const struct umpire_svg_paint *p)
{
	switch (shape) {
	case UMPIRE_SVG_CIRCLE:
		umpire_svg_circle(s, x, y, r, p);
		break;
	case UMPIRE_SVG_SQUARE:
		umpire_svg_rect(s, x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2, 0, p);
		break;
	case UMPIRE_SVG_DIAMOND: {
		int xy[8] = { x, y - r - 1, x + r + 1, y, x, y + r + 1, x - r - 1,
			y };
		umpire_svg_polygon(s, xy, 4, p);
		break;
	}
	case UMPIRE_SVG_TRIANGLE: {
		int xy[6] = { x, y - r - 2, x + r + 2, y + r, x - r - 2, y + r };
		umpire_svg_polygon(s, xy, 3, p);
		break;
	}
	case UMPIRE_SVG_PENTAGON:
		scaled(s, x, y, pentagon, 5, r + 1, p);
		break;
	case UMPIRE_SVG_HEXAGON:
		scaled(s, x, y, hexagon, 6, r + 1, p);
		break;
	case UMPIRE_SVG_STAR:
		scaled(s, x, y, star, 10, r + 3, p);
		break;
	default:
		scaled(s, x, y, octagon, 8, r, p);
		break;
	}
}

/* ------------------------------------------------------------ styles */

struct paint_name {
	const char *colour, *ink, *name;
	const char *words;	/* player names that mean it, space-separated */
};

/*
 * Okabe and Ito's palette, in the order players without a colour for a
 * name take it: blue, orange, black, bluish green and sky blue are each
 * at least 100 apart as protanopes and deuteranopes see them
 * (tests/py/svgcheck.py's measure); vermillion, purple and yellow come
 * after, told apart by shape as well.
 */
static const struct paint_name palette[] = {
	{ UMPIRE_SVG_BLUE, UMPIRE_SVG_PAPER, "blue", " blue navy " },
	{ UMPIRE_SVG_ORANGE, UMPIRE_SVG_INK, "orange",
		" orange tan brown khaki sand " },
	{ UMPIRE_SVG_INK, UMPIRE_SVG_PAPER, "black", " black grey gray " },
	{ UMPIRE_SVG_GREEN, UMPIRE_SVG_PAPER, "bluish green",
		" green olive " },
	{ UMPIRE_SVG_SKY, UMPIRE_SVG_INK, "sky blue", " sky cyan " },
	{ UMPIRE_SVG_VERMILLION, UMPIRE_SVG_PAPER, "vermillion",
		" red vermillion vermilion crimson scarlet " },
	{ UMPIRE_SVG_YELLOW, UMPIRE_SVG_INK, "yellow", " yellow gold " },
	{ UMPIRE_SVG_PURPLE, UMPIRE_SVG_INK, "reddish purple",
		" purple pink violet magenta " },
};
#define NPALETTE ((int)(sizeof(palette) / sizeof(palette[0])))

static int
colour_named(const char *name)
{
	char word[32];

	if (!name || strlen(name) + 3 > sizeof(word) || strchr(name, ' '))
		return -1;
	snprintf(word, sizeof(word), " %s ", name);
	for (char *c = word; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
	for (int i = 0; i < NPALETTE; i++)
		if (strstr(palette[i].words, word))
			return i;
	return -1;
}

void
umpire_svg_styles(struct umpire_svg_style *out, const char *const *names,
	int n)
{
	bool taken[NPALETTE] = { false };
	int pick[64];

	for (int p = 0; p < n && p < 64; p++) {
		int c = colour_named(names[p]);
		pick[p] = c >= 0 && !taken[c] ? c : -1;
		if (pick[p] >= 0)
			taken[pick[p]] = true;
	}
	for (int p = 0, next = 0; p < n; p++) {
		int c = p < 64 ? pick[p] : -1;
		if (c < 0) {
			while (next < NPALETTE && taken[next])
				next++;
			c = next < NPALETTE ? next++ : p % NPALETTE;
		}
		out[p] = (struct umpire_svg_style){ palette[c].colour,
			palette[c].ink, palette[c].name,
			(enum umpire_svg_shape)(p % UMPIRE_SVG_SHAPES) };
	}
}

/* ------------------------------------------------------------ labels */

void
umpire_svg_label(struct umpire_svg *s, int x, int y, int r, const char *text)
{
	if (s->nlabels == s->caplabels) {
		size_t cap = s->caplabels ? 2 * s->caplabels : 16;
		struct umpire_svg_label *v = realloc(s->labels, cap * sizeof(*v));
		if (!v)
			return;		/* a label less; the picture stays whole */
		s->labels = v;
		s->caplabels = cap;
	}
	char *copy = strdup(text);
	if (!copy)
		return;
	s->labels[s->nlabels++] = (struct umpire_svg_label){ x, y, r, copy };
}

struct box {
	int x0, y0, x1, y1;
};

static bool
overlap(struct box a, struct box b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

#define LABEL_SIZE 12

void
umpire_svg_labels(struct umpire_svg *s)
{
	struct box *placed = calloc(s->nlabels + 1, sizeof(*placed));
	struct umpire_svg_font f = { LABEL_SIZE, true, UMPIRE_SVG_START,
		UMPIRE_SVG_INK, true };

	if (!placed) {
		labels_forget(s);
		return;
	}
	for (size_t i = 0; i < s->nlabels; i++) {
		const struct umpire_svg_label *l = &s->labels[i];
		int w = umpire_svg_text_width(l->text, LABEL_SIZE), h = LABEL_SIZE;
		/* right, left, below, above: box and where the text starts */
		struct box at[4] = {
			{ l->x + l->r + 2, l->y - h / 2, l->x + l->r + 2 + w,
				l->y + h / 2 },
			{ l->x - l->r - 2 - w, l->y - h / 2, l->x - l->r - 2,
				l->y + h / 2 },
			{ l->x - w / 2, l->y + l->r + 1, l->x - w / 2 + w,
				l->y + l->r + 1 + h },
			{ l->x - w / 2, l->y - l->r - 1 - h, l->x - w / 2 + w,
				l->y - l->r - 1 },
		};
		int choice = 0;
		for (int c = 0; c < 4; c++) {
			bool free_ = at[c].x0 >= 0 && at[c].y0 >= 0;
			for (size_t j = 0; free_ && j < i; j++)
				free_ = !overlap(at[c], placed[j]);
			for (size_t j = 0; free_ && j < s->nlabels; j++) {
				const struct umpire_svg_label *o = &s->labels[j];
				struct box b = { o->x - o->r, o->y - o->r, o->x + o->r,
					o->y + o->r };
				free_ = j == i || !overlap(at[c], b);
			}
			if (free_) {
				choice = c;
				break;
			}
		}
		placed[i] = at[choice];
		umpire_svg_text(s, at[choice].x0, at[choice].y1 - 2, &f, 0,
			l->text);
	}
	free(placed);
	labels_forget(s);
}

/* ------------------------------------------------------------ symbols */

void
umpire_svg_symbol(struct umpire_svg *s, const char *id, const char *tooltip)
{
	umpire_buf_puts(&s->body, "<symbol id=\"");
	umpire_svg_escape(&s->body, id, 0);
	umpire_buf_puts(&s->body, "\" overflow=\"visible\">");
	if (tooltip) {
		umpire_buf_puts(&s->body, "<title>");
		umpire_svg_escape(&s->body, tooltip, 0);
		umpire_buf_puts(&s->body, "</title>");
	}
	umpire_buf_putc(&s->body, '\n');
}

void
umpire_svg_symbol_end(struct umpire_svg *s)
{
	umpire_buf_puts(&s->body, "</symbol>\n");
}

static void
xy(struct umpire_buf *b, int x, int y)
{
	if (x)
		NUM_ATTR(b, " x=\"", x);
	if (y)
		NUM_ATTR(b, " y=\"", y);
}

void
umpire_svg_use(struct umpire_svg *s, const char *id, int x, int y)
{
	umpire_buf_puts(&s->body, "<use href=\"#");
	umpire_svg_escape(&s->body, id, 0);
	umpire_buf_putc(&s->body, '"');
	xy(&s->body, x, y);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_use_unit(struct umpire_svg *s, const char *unit,
	const char *symbol, int x, int y)
{
	umpire_buf_puts(&s->body, "<use id=\"unit-");
	umpire_svg_escape(&s->body, unit, 0);
	umpire_buf_puts(&s->body, "\" href=\"#");
	umpire_svg_escape(&s->body, symbol, 0);
	umpire_buf_putc(&s->body, '"');
	xy(&s->body, x, y);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_lines(struct umpire_svg *s, const int *xy, size_t n,
	const struct umpire_svg_paint *p)
{
	if (!n)
		return;
	umpire_buf_puts(&s->body, "<path d=\"");
	for (size_t i = 0; i < n; i++) {
		const int *l = xy + 4 * i;
		umpire_buf_putc(&s->body, 'M');
		umpire_buf_long(&s->body, l[0]);
		umpire_buf_putc(&s->body, ' ');
		umpire_buf_long(&s->body, l[1]);
		if (l[0] == l[2]) {
			umpire_buf_putc(&s->body, 'V');
			umpire_buf_long(&s->body, l[3]);
		} else if (l[1] == l[3]) {
			umpire_buf_putc(&s->body, 'H');
			umpire_buf_long(&s->body, l[2]);
		} else {
			umpire_buf_putc(&s->body, 'l');
			umpire_buf_long(&s->body, (long)l[2] - l[0]);
			umpire_buf_putc(&s->body, ' ');
			umpire_buf_long(&s->body, (long)l[3] - l[1]);
		}
	}
	umpire_buf_putc(&s->body, '"');
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_ruler(struct umpire_svg *s, int left, int top, long width,
	long depth, long k, long unit, int every)
{
	static const struct umpire_svg_paint faint = { NULL, "#dcd6c4", 1,
		NULL };
	static const struct umpire_svg_paint strong = { NULL, "#a39a80", 1,
		NULL };
	static const struct umpire_svg_font f = { 11, false, UMPIRE_SVG_MIDDLE,
		UMPIRE_SVG_GREY, false };
	static const struct umpire_svg_font fy = { 11, false, UMPIRE_SVG_END,
		UMPIRE_SVG_GREY, false };
	long nx = width / unit, ny = depth / unit;
	int bottom = top + (int)(depth / k), right = left + (int)(width / k);
	int *xy;

	if (k < 1 || unit < 1 || every < 1)
		return;
	xy = calloc((size_t)(nx + ny + 2) * 4, sizeof(*xy));
	if (!xy)
		return;
	for (int pass = 0; pass < 2; pass++) {
		size_t n = 0;
		for (long i = 1; i < nx; i++)
			if ((i % every == 0) == (pass == 1)) {
				int x = left + (int)(i * unit / k);
				int *l = xy + 4 * n++;
				l[0] = x; l[1] = top; l[2] = x; l[3] = bottom;
			}
		for (long i = 1; i < ny; i++)
			if ((i % every == 0) == (pass == 1)) {
				int y = bottom - (int)(i * unit / k);
				int *l = xy + 4 * n++;
				l[0] = left; l[1] = y; l[2] = right; l[3] = y;
			}
		umpire_svg_lines(s, xy, n, pass ? &strong : &faint);
	}
	free(xy);
	for (long i = 0; i <= nx; i += every)
		umpire_svg_textf(s, left + (int)(i * unit / k), bottom + 12, &f, 0,
			"%ld", i);
	for (long i = 0; i <= ny; i += every)
		umpire_svg_textf(s, left - 3, bottom - (int)(i * unit / k) + 4, &fy,
			0, "%ld", i);
}

void
umpire_svg_document(struct umpire_buf *out, struct umpire_svg *s, int width,
	int height, const char *title)
{
	while (s->open)
		umpire_svg_end(s);
	umpire_buf_grow(out, s->body.len + 512);
	umpire_buf_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
		"font-size=\"13\" fill=\"" UMPIRE_SVG_INK "\">\n<title>", width,
		height, width, height);
	umpire_svg_escape(out, title ? title : "", 0);
	umpire_buf_puts(out, "</title>\n");
	umpire_buf_add(out, s->body.ptr, s->body.len);
	umpire_buf_puts(out, "</svg>\n");
}
