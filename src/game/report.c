#include "game/report.h"

#include <ctype.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "history/paths.h"

void
umpire_report_init(struct umpire_report *r, struct umpire_arena *a)
{
	memset(r, 0, sizeof(*r));
	r->arena = a;
}

void
umpire_report_free(struct umpire_report *r)
{
	umpire_buf_free(&r->body);
}

void
umpire_report_title(struct umpire_report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	r->title = umpire_arena_vprintf(r->arena, fmt, ap);
	va_end(ap);
}

void
umpire_report_headline(struct umpire_report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	r->headline = umpire_arena_vprintf(r->arena, fmt, ap);
	va_end(ap);
}

void
umpire_report_printf(struct umpire_report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_buf_vprintf(&r->body, fmt, ap);
	va_end(ap);
}

/* A table cell: '|' would end the cell and a newline the row. */
static void
cell(struct umpire_buf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			umpire_buf_puts(out, "\\|");
		else if (*s == '\n')
			umpire_buf_putc(out, ' ');
		else
			umpire_buf_putc(out, *s);
	}
}

/* The text only: render keeps the picture, drawn apart. */
static void
free_text(struct umpire_step_report *s)
{
	free(s->title);
	free(s->headline);
	umpire_buf_free(&s->text);
	s->title = s->headline = NULL;
}

void
umpire_step_report_free(struct umpire_step_report *s)
{
	free_text(s);
	umpire_buf_free(&s->picture);
}

static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = umpire_xmalloc(n);

	memcpy(p, s, n);
	return p;
}

void
umpire_report_render(struct umpire_step_report *s, const struct umpire_report *r,
	const char *game_id, long step, const char *board,
	const struct umpire_result *result, const struct umpire_dice *dice)
{
	struct umpire_buf *out = &s->text;

	free_text(s);
	s->title = xstrdup(r->title ? r->title : "Report");
	s->headline = r->headline ? xstrdup(r->headline) : NULL;
	umpire_buf_printf(out, "# %s\n\n", s->title);
	umpire_buf_printf(out, "Game `%s`, step %ld.\n\n", game_id, step);
	if (r->headline)
		umpire_buf_printf(out, "**%s**\n\n", r->headline);
	if (r->body.len) {
		umpire_buf_add(out, r->body.ptr, r->body.len);
		if (r->body.ptr[r->body.len - 1] != '\n')
			umpire_buf_putc(out, '\n');
		umpire_buf_putc(out, '\n');
	}
	if (result && result->over && result->step == step)
		umpire_result_markdown(out, result);
	if (board) {
		char name[UMPIRE_PATH_MAX];
		umpire_picture_name(name, step);
		/* Relative, so that forges show it inline beside the report. */
		umpire_buf_printf(out, "## Board\n\n![The board after step %ld]"
			"(%s)\n\n```text\n", step, name);
		umpire_buf_puts(out, board);
		if (*board && board[strlen(board) - 1] != '\n')
			umpire_buf_putc(out, '\n');
		umpire_buf_puts(out, "```\n\n");
	}
	umpire_buf_puts(out, "## Rolls\n\n");
	umpire_buf_puts(out, "| roll | sides | result | for |\n");
	umpire_buf_puts(out, "| ---: | ---: | ---: | --- |\n");
	for (size_t i = 0; dice && i < dice->n; i++) {
		const struct umpire_roll *rl = &dice->log[i];
		umpire_buf_printf(out, "| %u | %u | %u | ", rl->r, rl->sides,
			rl->result);
		cell(out, rl->purpose);
		umpire_buf_puts(out, " |\n");
	}
	if (!dice || dice->n == 0)
		umpire_buf_puts(out, "\nNo dice were rolled in this step.\n");
	if (dice && dice->nshuffles) {
		bool order = dice->orders_public;
		/* Where the order is secret, a commitment to it, if any. */
		bool sealed = !order && dice->shuffles[0].commitment;
		umpire_buf_puts(out, "\n## Shuffles\n\n");
		umpire_buf_puts(out, order ? "| shuffle | items | for | order |\n"
			"| ---: | ---: | --- | --- |\n" : sealed ?
			"| shuffle | items | for | commitment |\n"
			"| ---: | ---: | --- | --- |\n" : "| shuffle | items | for |\n"
			"| ---: | ---: | --- |\n");
		for (size_t i = 0; i < dice->nshuffles; i++) {
			const struct umpire_shuffle *sh = &dice->shuffles[i];
			umpire_buf_printf(out, "| %u | %zu | ", sh->k, sh->n);
			cell(out, sh->purpose);
			/* Each item's place before, in the order it gave. */
			for (size_t p = 0; order && p < sh->n; p++)
				umpire_buf_printf(out, "%s%u", p ? " " : " | ",
					sh->order[p]);
			if (sealed)
				umpire_buf_printf(out, " | %s", sh->commitment ?
					sh->commitment : "");
			umpire_buf_puts(out, " |\n");
		}
	}
}

void
umpire_report_commit_message(struct umpire_buf *msg,
	const struct umpire_step_report *s)
{
	umpire_buf_printf(msg, "%s\n", s->title ? s->title : "Report");
	if (s->headline && *s->headline)
		umpire_buf_printf(msg, "\n%s\n", s->headline);
}

void
umpire_report_reveal_message(struct umpire_buf *msg, const char *game_id,
	const char *commitment)
{
	umpire_buf_printf(msg, "Reveal the seed\n\nThe seed of %s matches its "
		"commitment %s; anyone can now verify every roll.\n", game_id,
		commitment);
}

/* The rows of the table under heading, their first ncols numbers. */
static void
table_numbers(struct umpire_buf *out, const char *text, size_t len,
	const char *heading, char tag, int ncols)
{
	const char *end = text + len, *p = text;
	size_t hlen = strlen(heading);

	/* The heading, at the start of a line. */
	for (;;) {
		const char *q = memchr(p, heading[0], (size_t)(end - p));
		if (!q)
			return;
		if ((q == text || q[-1] == '\n') && (size_t)(end - q) > hlen &&
		    memcmp(q, heading, hlen) == 0 && q[hlen] == '\n') {
			p = q + hlen + 1;
			break;
		}
		p = q + 1;
	}
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = eol ? eol : end;
		if (line_end > p && *p == '#')
			return;		/* the next section */
		if (line_end - p > 2 && p[0] == '|' && p[1] == ' ' &&
		    p[2] >= '0' && p[2] <= '9') {
			const char *c = p + 1;
			umpire_buf_putc(out, tag);
			for (int k = 0; k < ncols && c < line_end; k++) {
				while (c < line_end && *c == ' ')
					c++;
				const char *num = c;
				while (c < line_end && *c >= '0' && *c <= '9')
					c++;
				umpire_buf_printf(out, " %.*s", (int)(c - num), num);
				while (c < line_end && *c != '|')
					c++;
				c++;
			}
			umpire_buf_putc(out, '\n');
		}
		p = line_end + 1;
	}
}

void
umpire_report_roll_log(struct umpire_buf *out, const char *text, size_t len)
{
	table_numbers(out, text, len, "## Rolls", 'r', 3);
	table_numbers(out, text, len, "## Shuffles", 's', 2);
}

void
umpire_report_hash(char out[UMPIRE_HASH_HEX + 1], const void *data, size_t len)
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, data, len);
	sodium_bin2hex(out, UMPIRE_HASH_HEX + 1, h, sizeof(h));
}

void
umpire_report_receipt(struct umpire_step_report *s, long step,
	const char *orders_path, const void *orders, size_t orders_len,
	const void *state, size_t state_len)
{
	struct umpire_buf *out = &s->text;
	char hex[UMPIRE_HASH_HEX + 1];

	umpire_buf_puts(out, "\n## Receipt\n\n");
	umpire_buf_puts(out, "| file | sha256 |\n| --- | --- |\n");
	if (orders_path) {
		umpire_report_hash(hex, orders, orders_len);
		umpire_buf_printf(out, "| %s | %s |\n", orders_path, hex);
	}
	umpire_report_hash(hex, state, state_len);
	umpire_buf_printf(out, "| %s | %s |\n\n", UMPIRE_STATE_PATH, hex);
	umpire_buf_printf(out, "Keep this receipt: with it, `umpire verify DIR "
		"--receipt` proves that step %ld is still in the game's history as "
		"it is now.\n\n", step);
	umpire_buf_printf(out, "Receipt: `%ld:%s`\n", step, hex);
}

/* The line at p (up to end), its length in *n; the next line's start. */
static const char *
line_at(const char *p, const char *end, size_t *n)
{
	const char *eol = memchr(p, '\n', (size_t)(end - p));

	*n = (size_t)((eol ? eol : end) - p);
	return eol ? eol + 1 : end;
}

static bool
is_hex_hash(const char *p, size_t n)
{
	if (n != UMPIRE_HASH_HEX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return false;
	return true;
}

int
umpire_report_receipt_read(const char *text, size_t len, const char *path,
	long *step, char out[UMPIRE_HASH_HEX + 1])
{
	static const char heading[] = "## Receipt";
	const char *end = text + len, *p = text, *line;
	size_t n;
	bool in = false;

	while (p < end) {
		line = p;
		p = line_at(p, end, &n);
		if (n && line[0] == '#') {
			if (in)
				break;	/* the next section */
			in = n == sizeof(heading) - 1 &&
				memcmp(line, heading, n) == 0;
			continue;
		}
		if (!in)
			continue;
		if (path) {
			/* "| PATH | HASH |" */
			size_t plen = strlen(path);
			if (n == plen + UMPIRE_HASH_HEX + 7 &&
			    memcmp(line, "| ", 2) == 0 &&
			    memcmp(line + 2, path, plen) == 0 &&
			    memcmp(line + 2 + plen, " | ", 3) == 0 &&
			    is_hex_hash(line + 5 + plen, UMPIRE_HASH_HEX) &&
			    memcmp(line + n - 2, " |", 2) == 0) {
				memcpy(out, line + 5 + plen, UMPIRE_HASH_HEX);
				out[UMPIRE_HASH_HEX] = '\0';
				return 0;
			}
			continue;
		}
		/* "Receipt: `STEP:HASH`" */
		static const char lead[] = "Receipt: `";
		const size_t ll = sizeof(lead) - 1;
		if (n < ll || memcmp(line, lead, ll) != 0)
			continue;
		const char *q = line + ll, *stop = line + n;
		long v = 0;
		while (q < stop && *q >= '0' && *q <= '9' && q - line < (long)ll + 10)
			v = v * 10 + (*q++ - '0');
		if (q == line + ll || stop - q != UMPIRE_HASH_HEX + 2 || *q != ':' ||
		    !is_hex_hash(q + 1, UMPIRE_HASH_HEX) || stop[-1] != '`')
			continue;
		memcpy(out, q + 1, UMPIRE_HASH_HEX);
		out[UMPIRE_HASH_HEX] = '\0';
		*step = v;
		return 0;
	}
	return in ? 1 : -1;
}

int
umpire_report_message_of(struct umpire_buf *msg, const char *text, size_t len)
{
	const char *end = text + len, *p, *line;
	size_t n;

	if (len < 2 || memcmp(text, "# ", 2) != 0)
		return -1;
	p = line_at(text, end, &n);
	umpire_buf_add(msg, text + 2, n - 2);
	umpire_buf_putc(msg, '\n');
	/* A blank line, the game and step, a blank line, then the headline. */
	for (int k = 0; k < 3 && p < end; k++)
		p = line_at(p, end, &n);
	line = p;
	line_at(p, end, &n);
	if (n > 4 && memcmp(line, "**", 2) == 0 &&
	    memcmp(line + n - 2, "**", 2) == 0) {
		umpire_buf_putc(msg, '\n');
		umpire_buf_add(msg, line + 2, n - 4);
		umpire_buf_putc(msg, '\n');
	}
	return 0;
}

void
umpire_headline_vclause(struct umpire_headline *h, const char *fmt,
	va_list ap)
{
	if (h->max && h->told >= h->max) {
		h->more++;
		return;
	}
	if (h->told++)
		umpire_buf_puts(&h->text, "; ");
	umpire_buf_vprintf(&h->text, fmt, ap);
}

void
umpire_headline_clause(struct umpire_headline *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_headline_vclause(h, fmt, ap);
	va_end(ap);
}

void
umpire_headline_lead(struct umpire_headline *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_buf_vprintf(&h->lead, fmt, ap);
	va_end(ap);
}

int
umpire_headline_empty(const struct umpire_headline *h)
{
	return h->told == 0;
}

void
umpire_headline_finish(struct umpire_headline *h, struct umpire_report *r,
	const char *fmt, ...)
{
	va_list ap;

	if (h->more)
		umpire_buf_printf(&h->text, "; and %d more", h->more);
	umpire_buf_add(&h->lead, h->text.ptr, h->text.len);
	va_start(ap, fmt);
	umpire_buf_vprintf(&h->lead, fmt, ap);
	va_end(ap);
	if (h->capital && h->lead.len)
		h->lead.ptr[0] = (char)toupper((unsigned char)h->lead.ptr[0]);
	umpire_report_headline(r, "%s", umpire_buf_cstr(&h->lead));
	umpire_buf_free(&h->lead);
	umpire_buf_free(&h->text);
}
