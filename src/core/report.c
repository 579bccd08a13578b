#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "paths.h"

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
		umpire_buf_puts(out, "\n## Shuffles\n\n");
		umpire_buf_puts(out, "| shuffle | items | for |\n");
		umpire_buf_puts(out, "| ---: | ---: | --- |\n");
		for (size_t i = 0; i < dice->nshuffles; i++) {
			const struct umpire_shuffle *sh = &dice->shuffles[i];
			umpire_buf_printf(out, "| %u | %zu | ", sh->k, sh->n);
			cell(out, sh->purpose);
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
