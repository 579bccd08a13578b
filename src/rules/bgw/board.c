/*
 * board.c - the Backgammon Wars board as text: one line a point, from
 * white's 24-point (black's 1) down to white's 1-point, each side's
 * stack bottom to top, then the Wall, the units borne off, the tokens
 * and the cards as everyone may count them.
 */
#include <string.h>

#include "bgw.h"

static const char letter[BGW_TYPES] = { 'W', 'A', 'M' };

/*
 * Each side's units by place, bottom of the stack first: one sort of
 * the 30 units, as the board is drawn after every step.
 */
struct places {
	int v[BGW_ALL];		/* units by side, place, then seq */
	int first[2][BGW_WALL + 1], n[2][BGW_WALL + 1];
};

static void
sort_places(const struct bgw_game *g, struct places *pl)
{
	int k = 0;

	memset(pl, 0, sizeof(*pl));
	for (int i = 0; i < BGW_ALL; i++)
		pl->v[k++] = i;
	for (int i = 1; i < BGW_ALL; i++)
		for (int j = i; j > 0; j--) {
			const struct bgw_unit *x = &g->u[pl->v[j - 1]];
			const struct bgw_unit *y = &g->u[pl->v[j]];
			if (x->side < y->side || (x->side == y->side && (x->at < y->at ||
			    (x->at == y->at && x->seq < y->seq))))
				break;
			int t = pl->v[j];
			pl->v[j] = pl->v[j - 1];
			pl->v[j - 1] = t;
		}
	for (int i = BGW_ALL - 1; i >= 0; i--) {
		const struct bgw_unit *u = &g->u[pl->v[i]];
		pl->first[u->side][u->at] = i;
		pl->n[u->side][u->at]++;
	}
}

static void
stack(struct umpire_buf *out, const struct bgw_game *g,
	const struct places *pl, int side, int p)
{
	for (int k = 0; k < pl->n[side][p]; k++) {
		const struct bgw_unit *u = &g->u[pl->v[pl->first[side][p] + k]];
		umpire_buf_putc(out, ' ');
		umpire_buf_putc(out, letter[u->type]);
		umpire_buf_puts(out, u->id + 5);
		if (u->trapped_by >= 0)
			umpire_buf_puts(out, "(trapped)");
	}
}

void
bgw_board(struct umpire_buf *out, const void *game)
{
	const struct bgw_game *g = game;
	struct places pl;

	sort_places(g, &pl);
	umpire_buf_puts(out, "white/black point: units, bottom of the stack "
		"first (W warrior, A archer, M mage)\n");
	for (int p = 24; p >= 1; p--) {
		char num[8] = { (char)(p < 10 ? ' ' : '0' + p / 10),
			(char)('0' + p % 10), '/', (char)(25 - p < 10 ? ' ' :
			'0' + (25 - p) / 10), (char)('0' + (25 - p) % 10), ' ', '|',
			'\0' };
		umpire_buf_puts(out, num);
		for (int s = 0; s < 2; s++)
			if (pl.n[s][p]) {
				umpire_buf_putc(out, ' ');
				umpire_buf_puts(out, bgw_sides[s]);
				stack(out, g, &pl, s, p);
			}
		if (g->barrier[0] == p || g->barrier[1] == p)
			umpire_buf_printf(out, " [%s barrier]",
				bgw_sides[g->barrier[1] == p]);
		if (g->fire == p)
			umpire_buf_puts(out, " [fire]");
		umpire_buf_putc(out, '\n');
		if (p == 13)
			umpire_buf_puts(out, "------+ white moves down to its home, "
				"1-6; black up to its home, 19-24\n");
	}
	for (int s = 0; s < 2; s++) {
		umpire_buf_printf(out, "%s: on the Wall", bgw_sides[s]);
		if (!pl.n[s][BGW_WALL])
			umpire_buf_puts(out, " none");
		stack(out, g, &pl, s, BGW_WALL);
		umpire_buf_printf(out, "; borne off %d\n", pl.n[s][BGW_OFF]);
	}
	if (g->deck) {
		/* Not the reactions standing: how many is secret too. */
		umpire_buf_printf(out, "cards: white holds %d, black %d; pile %d\n",
			g->nhand[0], g->nhand[1], g->npile);
		if (g->ndiscard) {
			umpire_buf_puts(out, "discards:");
			for (int k = 0; k < g->ndiscard; k++)
				umpire_buf_printf(out, " %s", bgw_cards[g->discard[k]].name);
			umpire_buf_putc(out, '\n');
		}
	}
	for (int s = 0; s < 2; s++) {
		if (g->stolen[s])
			umpire_buf_printf(out, "%s adds a stolen %d to its next roll\n",
				bgw_sides[s], g->stolen[s]);
		if (g->spied[s][0])
			umpire_buf_printf(out, "%s's next roll, seen by Spymaster: %d "
				"and %d\n", bgw_sides[s], g->spied[s][0], g->spied[s][1]);
	}
	if (g->aside.on) {
		/* BGW-26: the play that waits for the decision awaited. */
		umpire_buf_printf(out, "set aside by Spymaster: %s plays (%s) with "
			"dice", bgw_sides[g->aside.side], bgw_modes[g->aside.mode]);
		for (int i = 0; i < g->aside.ndice; i++)
			umpire_buf_printf(out, " %d", g->aside.dice[i]);
		if (g->aside.extra)
			umpire_buf_printf(out, " and the stolen %d", g->aside.extra);
		if (g->aside.sabotaged)
			umpire_buf_puts(out, " (sabotaged)");
		umpire_buf_putc(out, '\n');
	}
	if (g->to_move >= 0 && g->declaring) {
		umpire_buf_printf(out, "awaiting: %s declares (move, archers or "
			"mages)\n", bgw_sides[g->to_move]);
	} else if (g->to_move >= 0) {
		umpire_buf_printf(out, "awaiting: %s plays (%s) with dice",
			bgw_sides[g->to_move], bgw_modes[g->mode]);
		for (int i = 0; i < g->ndice; i++)
			umpire_buf_printf(out, " %d", g->dice[i]);
		if (g->extra)
			umpire_buf_printf(out, " and the stolen %d", g->extra);
		if (g->sabotaged)
			umpire_buf_puts(out, " (sabotaged)");
		umpire_buf_putc(out, '\n');
	} else if (g->winner >= 0) {
		umpire_buf_printf(out, "over: %s won\n", bgw_sides[g->winner]);
	} else {
		umpire_buf_puts(out, "over: a draw\n");
	}
}
