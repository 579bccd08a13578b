/*
 * tell.c - how a step of WWII Combined Arms is told: the report's text,
 * written without printf where a campaign turn tells hundreds of moves
 * and attacks, the events its headline names, the marks its picture
 * draws, and the end of the game.
 *
 * resolve.c tells a step through a struct wwii_telling; the Fire Phase
 * (fire.c) tells through the same one, or not at all when check and the
 * bot play it ahead.
 */
#include <stdarg.h>
#include <stdio.h>

#include "wwii.h"

/* A clause of the headline; after a few (WWII_HEADLINE_EVENTS), only a
 * count: a campaign turn may see dozens. */
void
wwii_tell_event(struct wwii_telling *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_headline_vclause(&t->head, fmt, ap);
	va_end(ap);
}

void
wwii_tell_mark(struct wwii_telling *t, enum umpire_mark_kind kind, int side,
	const char *unit, int from, int to, const char *note)
{
	struct umpire_square a = wwii_square(t->g, from >= 0 ? from : to);
	struct umpire_square b = wwii_square(t->g, to);

	umpire_marks_add(t->ctx->marks, &(struct umpire_mark){ .kind = kind,
		.player = wwii_sides[side], .unit = unit, .from = { a.file, a.rank },
		.to = { b.file, b.rank }, .note = note });
}

void
wwii_tell_puts(struct wwii_telling *t, const char *s)
{
	umpire_buf_puts(&t->ctx->report->body, s);
}

void
wwii_tell_int(struct wwii_telling *t, int n)
{
	char b[16];
	int k = sizeof(b) - 1;
	unsigned v = n < 0 ? 0u - (unsigned)n : (unsigned)n;

	b[k] = '\0';
	do
		b[--k] = (char)('0' + v % 10);
	while ((v /= 10) && k > 1);
	if (n < 0)
		b[--k] = '-';
	wwii_tell_puts(t, b + k);
}

void
wwii_tell_square(struct wwii_telling *t, int square)
{
	char name[UMPIRE_SQUARE_NAME];

	wwii_tell_puts(t, umpire_grid_name(wwii_square(t->g, square), name));
}

void
wwii_tell_unit(struct wwii_telling *t, int side, int i)
{
	const struct wwii_unit *u = &t->g->units[side][i];

	wwii_tell_puts(t, u->id);
	wwii_tell_puts(t, u->elite ? " (elite " : " (");
	wwii_tell_puts(t, wwii_types[u->type].title);
	wwii_tell_puts(t, ")");
}

void
wwii_tell_game_over(struct wwii_telling *t, int winner, const char *fmt, ...)
{
	struct wwii_game *g = t->g;
	char how[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(how, sizeof(how), fmt, ap);
	va_end(ap);
	g->winner = winner;
	g->to_move = -1;
	umpire_result_end(t->ctx->result, t->ctx->step, "%s", how);
	umpire_result_side_won(t->ctx->result, wwii_sides, winner);
}

/* City Spaces: "If you occupy all the cities you automatically win" --
 * the moment a unit enters the last (WW-19), by a move or a retreat. */
void
wwii_tell_city_victory(struct wwii_telling *t, int side)
{
	umpire_report_printf(t->ctx->report, " The %s now occupy every city: "
		"**the %s win** (City Spaces, WW-19).", wwii_sides[side],
		wwii_sides[side]);
	wwii_tell_game_over(t, side, "the %s occupied every city",
		wwii_sides[side]);
	wwii_tell_event(t, "the %s occupy every city", wwii_sides[side]);
}
