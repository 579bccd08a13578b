#include "render/svg.h"

#include <stdio.h>
#include <string.h>

void
umpire_svg_free(struct umpire_svg *s)
{
	umpire_buf_free(&s->body);
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

static void
attr(struct umpire_buf *b, const char *name, const char *value)
{
	if (!value)
		return;
	umpire_buf_printf(b, " %s=\"", name);
	umpire_svg_escape(b, value, 0);
	umpire_buf_putc(b, '"');
}

static void
paint(struct umpire_buf *b, const struct umpire_svg_paint *p)
{
	if (!p)
		return;
	attr(b, "fill", p->fill);
	attr(b, "stroke", p->stroke);
	if (p->stroke_width > 1)
		umpire_buf_printf(b, " stroke-width=\"%d\"", p->stroke_width);
	attr(b, "stroke-dasharray", p->dash);
}

void
umpire_svg_rect(struct umpire_svg *s, int x, int y, int w, int h, int radius,
	const struct umpire_svg_paint *p)
{
	umpire_buf_printf(&s->body, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"", x, y, w, h);
	if (radius > 0)
		umpire_buf_printf(&s->body, " rx=\"%d\"", radius);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_circle(struct umpire_svg *s, int cx, int cy, int r,
	const struct umpire_svg_paint *p)
{
	umpire_buf_printf(&s->body, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\"", cx,
		cy, r);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_line(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	const struct umpire_svg_paint *p)
{
	umpire_buf_printf(&s->body, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"", x1, y1, x2, y2);
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_polygon(struct umpire_svg *s, const int *xy, size_t n,
	const struct umpire_svg_paint *p)
{
	umpire_buf_puts(&s->body, "<polygon points=\"");
	for (size_t i = 0; i < n; i++)
		umpire_buf_printf(&s->body, "%s%d,%d", i ? " " : "", xy[2 * i],
			xy[2 * i + 1]);
	umpire_buf_putc(&s->body, '"');
	paint(&s->body, p);
	umpire_buf_puts(&s->body, "/>\n");
}

void
umpire_svg_arrow(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	int gap1, int gap2, const char *colour, int width, const char *dash)
{
	long long dx = (long long)x2 - x1, dy = (long long)y2 - y1;
	long long len = umpire_svg_isqrt(dx * dx + dy * dy);
	long long head = 3 * (long long)width + 6, half = 2 * (long long)width + 2;

	if (width < 1 || len <= gap1 + gap2 + head / 2)
		return;
	/* Integer steps along the way, so every machine draws the same. */
	int sx = (int)(x1 + dx * gap1 / len), sy = (int)(y1 + dy * gap1 / len);
	int tx = (int)(x2 - dx * gap2 / len), ty = (int)(y2 - dy * gap2 / len);
	int bx = (int)(tx - dx * head / len), by = (int)(ty - dy * head / len);
	int px = (int)(-dy * half / len), py = (int)(dx * half / len);
	int xy[6] = { tx, ty, bx + px, by + py, bx - px, by - py };
	struct umpire_svg_paint under = { NULL, UMPIRE_SVG_PAPER, width + 4,
		NULL };
	struct umpire_svg_paint over = { NULL, colour, width, dash };
	struct umpire_svg_paint tip = { colour, UMPIRE_SVG_PAPER, 1, NULL };

	if (len - gap1 - gap2 > head) {
		umpire_svg_line(s, sx, sy, bx, by, &under);
		umpire_svg_line(s, sx, sy, bx, by, &over);
	}
	umpire_svg_polygon(s, xy, 3, &tip);
}

static void
text_open(struct umpire_svg *s, int x, int y, const struct umpire_svg_font *f,
	int fit, int width)
{
	static const char *const anchors[] = { NULL, "middle", "end" };

	umpire_buf_printf(&s->body, "<text x=\"%d\" y=\"%d\"", x, y);
	if (f->size)
		umpire_buf_printf(&s->body, " font-size=\"%d\"", f->size);
	if (f->bold)
		umpire_buf_puts(&s->body, " font-weight=\"bold\"");
	attr(&s->body, "text-anchor", anchors[f->anchor]);
	attr(&s->body, "fill", f->fill);
	if (fit > 0 && width > fit)
		umpire_buf_printf(&s->body, " textLength=\"%d\" "
			"lengthAdjust=\"spacingAndGlyphs\"", fit);
	umpire_buf_putc(&s->body, '>');
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
	struct umpire_buf b = UMPIRE_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	umpire_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	umpire_svg_text(s, x, y, f, fit, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
}

static void
translate(struct umpire_buf *b, int x, int y)
{
	if (x || y)
		umpire_buf_printf(b, " transform=\"translate(%d,%d)\"", x, y);
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

void
umpire_svg_document(struct umpire_buf *out, struct umpire_svg *s, int width,
	int height, const char *title)
{
	while (s->open)
		umpire_svg_end(s);
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
