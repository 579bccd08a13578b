#include "report.h"

#include <string.h>

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

void
umpire_report_render(struct umpire_buf *out, const struct umpire_report *r,
	const char *game_id, long step, const char *board,
	const struct umpire_dice *dice)
{
	umpire_buf_printf(out, "# %s\n\n", r->title ? r->title : "Report");
	umpire_buf_printf(out, "Game `%s`, step %ld.\n\n", game_id, step);
	if (r->headline)
		umpire_buf_printf(out, "**%s**\n\n", r->headline);
	if (r->body.len) {
		umpire_buf_add(out, r->body.ptr, r->body.len);
		if (r->body.ptr[r->body.len - 1] != '\n')
			umpire_buf_putc(out, '\n');
		umpire_buf_putc(out, '\n');
	}
	if (board) {
		umpire_buf_puts(out, "## Board\n\n```text\n");
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
}
