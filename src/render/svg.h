/*
 * svg.h - a small SVG writer, for the picture of each step
 * (reports/NNNN.svg).
 *
 * What it writes is safe wherever a forge or a mail client shows an
 * image: no scripts, no links, nothing loaded from outside (text asks
 * for the reader's own sans-serif; no web fonts), every text escaped
 * and made valid XML whatever its bytes.  Coordinates are integers and
 * every computation is integer arithmetic, so one state draws the same
 * bytes on every machine: verify compares pictures as it compares
 * reports.
 *
 * A ruleset draws its board with these calls from its picture hook
 * (ruleset.h), in its own frame of reference: (0, 0) is the top left of
 * the board, whose size it declares first with umpire_svg_board.  Core
 * draws the frame around it (picture.h).
 *
 * Colours are for players with red-green colour blindness too: the
 * palette is Okabe and Ito's, and a piece never tells its side by colour
 * alone (a letter or a shape as well).
 *
 * Ownership: the writer owns its buffer; umpire_svg_free releases it.
 * Strings passed in are copied (escaped) at once.
 */
#ifndef UMPIRE_SVG_H
#define UMPIRE_SVG_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* Okabe and Ito's palette, told apart by every common colour vision. */
#define UMPIRE_SVG_BLUE "#0072b2"
#define UMPIRE_SVG_ORANGE "#e69f00"
#define UMPIRE_SVG_GREEN "#009e73"	/* bluish green */
#define UMPIRE_SVG_VERMILLION "#d55e00"
#define UMPIRE_SVG_SKY "#56b4e9"
#define UMPIRE_SVG_PURPLE "#cc79a7"
#define UMPIRE_SVG_YELLOW "#f0e442"
/* Text and lines, the paper, and what lies between. */
#define UMPIRE_SVG_INK "#222"
#define UMPIRE_SVG_PAPER "#fff"
#define UMPIRE_SVG_GREY "#767676"	/* 4.5:1 on paper: still readable */
#define UMPIRE_SVG_LIGHT "#eee"

/* A unit's id, to be drawn over everything once the board is done. */
struct umpire_svg_label {
	int x, y, r;		/* the piece's centre and half its size */
	char *text;		/* owned by the writer */
};

struct umpire_svg {
	struct umpire_buf body;	/* the board's elements */
	int width, height;	/* the board's size; 0 until declared */
	int open;		/* groups begun and not ended */
	struct umpire_svg_label *labels;	/* waiting for umpire_svg_labels */
	size_t nlabels, caplabels;
};

#define UMPIRE_SVG_INIT { UMPIRE_BUF_INIT, 0, 0, 0, NULL, 0, 0 }

void umpire_svg_free(struct umpire_svg *s);

/* The board's size in pixels: a picture hook's first call. */
void umpire_svg_board(struct umpire_svg *s, int width, int height);

/*
 * How a shape is painted.  NULL leaves the attribute out (the parent's
 * applies: black fill, no stroke, unless a group says otherwise).
 */
struct umpire_svg_paint {
	const char *fill;
	const char *stroke;
	int stroke_width;	/* 0: the default, 1 */
	const char *dash;	/* stroke-dasharray, as "6 4"; NULL: solid */
};

void umpire_svg_rect(struct umpire_svg *s, int x, int y, int w, int h,
	int radius, const struct umpire_svg_paint *p);
void umpire_svg_circle(struct umpire_svg *s, int cx, int cy, int r,
	const struct umpire_svg_paint *p);
void umpire_svg_line(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	const struct umpire_svg_paint *p);
/* A closed polygon of n points, xy holding x0, y0, x1, y1, ... */
void umpire_svg_polygon(struct umpire_svg *s, const int *xy, size_t n,
	const struct umpire_svg_paint *p);

/*
 * An arrow from (x1, y1) to (x2, y2), its ends pulled in by gap1 and
 * gap2 along the way (to leave a piece's label readable), with a solid
 * head of colour; dash as in a paint.  Drawn over a thin outline of
 * paper so that it shows on any colour.  Nothing when the ends meet.
 */
void umpire_svg_arrow(struct umpire_svg *s, int x1, int y1, int x2, int y2,
	int gap1, int gap2, const char *colour, int width, const char *dash);

/*
 * The arrow umpire_svg_arrow draws, as numbers, for drawing many arrows
 * of one kind as one path each (umpire_marks_draw): the shaft from
 * (shaft[0], shaft[1]) to (shaft[2], shaft[3]) when has_shaft, the
 * head's three corners.  False when there is no arrow to draw.
 */
struct umpire_svg_arrow_shape {
	bool has_shaft;
	int shaft[4];
	int head[6];
};
bool umpire_svg_arrow_shape(struct umpire_svg_arrow_shape *out, int x1,
	int y1, int x2, int y2, int gap1, int gap2, int width);

/* A path of data d (integers only, as every coordinate), painted p. */
void umpire_svg_path(struct umpire_svg *s, const char *d,
	const struct umpire_svg_paint *p);

enum umpire_svg_anchor {
	UMPIRE_SVG_START, UMPIRE_SVG_MIDDLE, UMPIRE_SVG_END,
};

struct umpire_svg_font {
	int size;		/* pixels; 12 or more to stay readable */
	bool bold;
	enum umpire_svg_anchor anchor;
	const char *fill;	/* NULL: the parent's */
	bool halo;		/* a rim of paper round the letters, so that
				 * a line behind them leaves them readable */
};

/*
 * A group whose texts take f's size, weight, anchor and fill: texts in
 * it drawn with a font of all zeros write their place and words only.
 */
void umpire_svg_text_group(struct umpire_svg *s,
	const struct umpire_svg_font *f);

/*
 * Text with its baseline at y.  fit > 0 squeezes it into fit pixels
 * when it would be wider (a long name in a small square).
 */
void umpire_svg_text(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_font *f, int fit, const char *text);
void umpire_svg_textf(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_font *f, int fit, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/*
 * One text of many runs on the baseline y, each run placed at its own
 * x (a rank of a campaign's map: its units' ids), in the font of the
 * group around it; a run wider than fit pixels at size is squeezed
 * into fit.
 */
void umpire_svg_runs_begin(struct umpire_svg *s, int y);
void umpire_svg_run(struct umpire_svg *s, int x, int size, int fit,
	const char *text);
void umpire_svg_runs_end(struct umpire_svg *s);
/* The width text is taken to have, for laying out: 3/5 of an em a
 * character, which a sans-serif rarely passes. */
int umpire_svg_text_width(const char *text, int size);

/*
 * A piece on the board: a group with the id "unit-ID", moved to (x, y),
 * with a tooltip (may be NULL).  Everything up to umpire_svg_end is the
 * piece.  The tests find each piece by this id.
 */
void umpire_svg_unit(struct umpire_svg *s, const char *id, int x, int y,
	const char *tooltip);
/* Any other group, moved to (x, y), with paint its children inherit. */
void umpire_svg_group(struct umpire_svg *s, int x, int y,
	const struct umpire_svg_paint *p);
void umpire_svg_end(struct umpire_svg *s);

/*
 * The shapes that tell players apart without colour, in the order
 * players take them (umpire_svg_styles); each outline differs from the
 * others (a circle, a rectangle, polygons of 4, 3, 5, 6, 10 and 8
 * corners), so that tests can tell them apart too.
 */
enum umpire_svg_shape {
	UMPIRE_SVG_CIRCLE, UMPIRE_SVG_SQUARE, UMPIRE_SVG_DIAMOND,
	UMPIRE_SVG_TRIANGLE, UMPIRE_SVG_PENTAGON, UMPIRE_SVG_HEXAGON,
	UMPIRE_SVG_STAR, UMPIRE_SVG_OCTAGON, UMPIRE_SVG_SHAPES
};
extern const char *const umpire_svg_shape_names[UMPIRE_SVG_SHAPES];

/* A shape about 2r across, centred on (x, y). */
void umpire_svg_shape(struct umpire_svg *s, int x, int y,
	enum umpire_svg_shape shape, int r, const struct umpire_svg_paint *p);

/* How a player's pieces look: colour, the ink that reads on it, shape. */
struct umpire_svg_style {
	const char *colour;
	const char *ink;
	const char *colour_name;	/* "bluish green", for the legend */
	enum umpire_svg_shape shape;
};

/*
 * The styles of n players named names[0..n-1], into out[0..n-1].  A
 * player whose name is a colour ("red", "green", "gold", "tan") gets
 * the palette's colour nearest it; the others take the colours left,
 * in an order that keeps the first five apart for red-green colour
 * blindness.  Player p takes shape p (modulo UMPIRE_SVG_SHAPES).  Same
 * names, same styles.
 */
void umpire_svg_styles(struct umpire_svg_style *out, const char *const *names,
	int n);

/*
 * A piece's id, readable (12 pixels, on a rim of paper), drawn by
 * umpire_svg_labels after everything else, so that no arrow or piece
 * covers it: beside the piece of half-size r at (x, y), on the first
 * side (right, left, below, above) where it overlaps no label placed
 * before it and no other piece, else on the right.
 */
void umpire_svg_label(struct umpire_svg *s, int x, int y, int r,
	const char *text);
/* Draw the labels waiting, in the order given, and forget them. */
void umpire_svg_labels(struct umpire_svg *s);

/*
 * A symbol: what umpire_svg_use draws again and again (a token drawn
 * 400 times on a campaign map is defined once).  Everything up to
 * umpire_svg_symbol_end is the symbol; its origin is the use's; the
 * tooltip (may be NULL) is every use's.
 */
void umpire_svg_symbol(struct umpire_svg *s, const char *id,
	const char *tooltip);
void umpire_svg_symbol_end(struct umpire_svg *s);
/* The symbol id with its origin at (x, y). */
void umpire_svg_use(struct umpire_svg *s, const char *id, int x, int y);
/*
 * A piece that is a symbol and nothing more, at (x, y): the element has
 * the id "unit-ID", as umpire_svg_unit's group; no tooltip.  The
 * smallest piece there is, for maps of hundreds.
 */
void umpire_svg_use_unit(struct umpire_svg *s, const char *unit,
	const char *symbol, int x, int y);

/*
 * A tabletop's rulers: a faint line every unit (an inch, in the
 * table's hundredths), a stronger one every `every` units, numbered
 * along the foot (x, from the left) and the left side (y, from the
 * foot), for a table of width x depth drawn k to the pixel with its top
 * left corner at (left, top).  Orders name points in these units.
 */
void umpire_svg_ruler(struct umpire_svg *s, int left, int top, long width,
	long depth, long k, long unit, int every);

/* The lines, as one path: xy holds x1, y1, x2, y2 for each of n lines. */
void umpire_svg_lines(struct umpire_svg *s, const int *xy, size_t n,
	const struct umpire_svg_paint *p);

/*
 * s as a whole document of width x height: the XML prologue, the svg
 * element, a <title> for screen readers, then the body, every group
 * closed.  For picture.c, which draws the frame.
 */
void umpire_svg_document(struct umpire_buf *out, struct umpire_svg *s,
	int width, int height, const char *title);

/*
 * Append text to out escaped for XML: & < > " ' as entities; bytes
 * that are not UTF-8, and characters XML forbids, as U+FFFD; line
 * breaks and tabs as spaces.  At most max characters (then an
 * ellipsis); 0 for no limit.
 */
void umpire_svg_escape(struct umpire_buf *out, const char *text, size_t max);

/* The integer square root, rounded down (for geometry without floats). */
long long umpire_svg_isqrt(long long n);

#endif
