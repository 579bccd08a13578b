/*
 * plain.c - a report as plain text, for letters read in mail clients
 * that show Markdown as it is written: headings underlined, emphasis
 * and code marks taken off, tables aligned in columns, the picture
 * named as the attachment it is.  The report is umpire's own Markdown
 * (game/report.c), so a line-by-line reading is enough.
 */
#include "render/plain.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

#define MAX_COLS 16

/* s[0..n) without the Markdown marks of emphasis and code. */
static void
inline_text(struct umpire_buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '`')
			continue;
		if (s[i] == '*' && i + 1 < n && s[i + 1] == '*') {
			i++;
			continue;
		}
		umpire_buf_putc(out, s[i]);
	}
}

/* The cells of a table row "| a | b |", marks taken off. */
static size_t
cells(struct umpire_buf *cell, const char *s, size_t n)
{
	size_t k = 0;
	const char *p = s + 1, *end = s + n;

	while (p < end && k < MAX_COLS) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		if (!bar)
			break;
		const char *a = p, *b = bar;
		while (a < b && *a == ' ')
			a++;
		while (b > a && b[-1] == ' ')
			b--;
		umpire_buf_clear(&cell[k]);
		inline_text(&cell[k], a, (size_t)(b - a));
		umpire_buf_cstr(&cell[k]);
		k++;
		p = bar + 1;
	}
	return k;
}

static bool
rule_row(struct umpire_buf *cell, size_t k)
{
	for (size_t c = 0; c < k; c++)
		if (!cell[c].len || strspn(umpire_buf_cstr(&cell[c]), "-:") !=
		    cell[c].len)
			return false;
	return k > 0;
}

/* A table: rows lines[0..n), each "|...|"; columns padded to align. */
static void
table(struct umpire_buf *out, const char *const *line, const size_t *len,
	size_t n)
{
	struct umpire_buf cell[MAX_COLS];
	size_t width[MAX_COLS] = { 0 }, ncols = 0;
	bool right[MAX_COLS] = { false };

	for (size_t c = 0; c < MAX_COLS; c++)
		cell[c] = (struct umpire_buf)UMPIRE_BUF_INIT;
	for (size_t r = 0; r < n; r++) {
		size_t k = cells(cell, line[r], len[r]);
		if (rule_row(cell, k)) {
			for (size_t c = 0; c < k; c++)
				right[c] = cell[c].ptr[cell[c].len - 1] == ':';
			continue;
		}
		for (size_t c = 0; c < k; c++)
			if (cell[c].len > width[c])
				width[c] = cell[c].len;
		if (k > ncols)
			ncols = k;
	}
	for (size_t r = 0; r < n; r++) {
		size_t k = cells(cell, line[r], len[r]);
		if (rule_row(cell, k))
			continue;
		struct umpire_buf row = UMPIRE_BUF_INIT;
		for (size_t c = 0; c < k; c++) {
			size_t pad = width[c] - cell[c].len;
			if (c)
				umpire_buf_puts(&row, "  ");
			if (right[c])
				umpire_buf_pad(&row, ' ', pad);
			umpire_buf_add(&row, cell[c].ptr, cell[c].len);
			if (!right[c] && c + 1 < k)
				umpire_buf_pad(&row, ' ', pad);
		}
		umpire_buf_puts(out, "    ");
		umpire_buf_add(out, row.ptr, row.len);
		umpire_buf_putc(out, '\n');
		umpire_buf_free(&row);
	}
	for (size_t c = 0; c < MAX_COLS; c++)
		umpire_buf_free(&cell[c]);
}

void
umpire_plain_report(struct umpire_buf *out, const char *md, size_t len,
	const char *picture)
{
	const char *p = md, *end = md + len;
	const char **line = NULL;
	size_t *lens = NULL, n = 0, cap = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			line = umpire_xrealloc(line, cap * sizeof(*line));
			lens = umpire_xrealloc(lens, cap * sizeof(*lens));
		}
		line[n] = p;
		lens[n++] = k;
		p += k + 1;
	}
	bool code = false;
	for (size_t i = 0; i < n; i++) {
		const char *s = line[i];
		size_t k = lens[i];
		if (k >= 3 && memcmp(s, "```", 3) == 0) {
			code = !code;
			continue;
		}
		if (code) {
			if (k)
				umpire_buf_puts(out, "    ");
			umpire_buf_add(out, s, k);
			umpire_buf_putc(out, '\n');
		} else if (k && s[0] == '|') {
			size_t j = i;
			while (j < n && lens[j] && line[j][0] == '|')
				j++;
			table(out, line + i, lens + i, j - i);
			i = j - 1;
		} else if (k > 2 && s[0] == '#') {
			size_t h = strspn(s, "#");
			size_t at = out->len;
			inline_text(out, s + h + 1, k - h - 1);
			size_t w = out->len - at;
			umpire_buf_putc(out, '\n');
			umpire_buf_pad(out, h == 1 ? '=' : '-', w);
			umpire_buf_putc(out, '\n');
		} else if (k > 2 && s[0] == '!' && s[1] == '[') {
			umpire_buf_printf(out, "(The picture of the board is attached%s%s.)"
				"\n", picture ? ": " : "", picture ? picture : "");
		} else {
			inline_text(out, s, k);
			umpire_buf_putc(out, '\n');
		}
	}
	free(line);
	free(lens);
}
