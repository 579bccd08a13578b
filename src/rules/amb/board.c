/*
 * board.c - the Army Man Backgammon board as text, tan's back row on top.
 */
#include <string.h>

#include "amb.h"

static void
man_label(struct umpire_buf *out, const struct amb_man *m)
{
	int count = 0;

	/* Appended piece by piece: a board has every man's, every step. */
	umpire_buf_puts(out, "  ");
	umpire_buf_puts(out, m->id);
	if (m->sergeant)
		umpire_buf_putc(out, '*');
	if (m->detector)
		umpire_buf_putc(out, '+');
	umpire_buf_putc(out, ':');
	for (int w = 0; w < AMB_WEAPONS; w++)
		if (m->weapons & (1u << w)) {
			if (count++)
				umpire_buf_putc(out, '+');
			umpire_buf_puts(out, amb_weapons[w].abbrev);
		}
	umpire_buf_putc(out, '/');
	umpire_buf_putc(out, amb_stances[m->stance].letter);
}

void
amb_board(struct umpire_buf *out, const void *game)
{
	const struct amb_game *g = game;

	umpire_buf_puts(out, "row | tan moves down, off past row 1\n");
	umpire_buf_puts(out, "----+--------------------------------------\n");
	for (int row = AMB_ROWS; row >= 1; row--) {
		/* "%3d |", for rows 1 to 24 */
		umpire_buf_puts(out, row < 10 ? "  " : " ");
		umpire_buf_long(out, row);
		umpire_buf_puts(out, " |");
		for (int s = 1; s >= 0; s--)
			for (int i = 0; i < g->nmen[s]; i++) {
				const struct amb_man *m = &g->men[s][i];
				bool off = s == g->winner && i == g->off_man;
				if (!m->dead && !off && m->row == row) {
					if (out->len && out->ptr[out->len - 1] == '|')
						umpire_buf_puts(out, s == AMB_GREEN ?
							" G" : " T");
					man_label(out, m);
				}
			}
		umpire_buf_putc(out, '\n');
	}
	umpire_buf_puts(out, "----+--------------------------------------\n");
	umpire_buf_puts(out, "row | green moves up, off past row 24\n\n");
	for (int s = 0; s < 2; s++) {
		int alive = 0;
		for (int i = 0; i < g->nmen[s]; i++)
			alive += !g->men[s][i].dead;
		umpire_buf_printf(out, "%s: %d %s, %d fallen", amb_sides[s], alive,
			alive == 1 ? "man" : "men", g->nfallen[s]);
		if (g->opt.sergeant && amb_sergeant_dead(g, s))
			umpire_buf_puts(out, "; Sergeant dead: Dig In or Charge");
		umpire_buf_putc(out, '\n');
	}
	amb_mines_board(out, g);
	umpire_buf_printf(out, "key: * Sergeant; %sP prone, K kneeling, S "
		"standing, R running\n", g->opt.mine_detector ? "+ mine detector; " :
		"");
	if (g->to_move >= 0 && g->laying) {
		umpire_buf_printf(out, "awaiting: %s, laying minefields\n",
			amb_sides[g->to_move]);
	} else if (g->to_move >= 0) {
		umpire_buf_printf(out, "awaiting: %s, dice", amb_sides[g->to_move]);
		for (int i = 0; i < g->opt.dice; i++)
			umpire_buf_printf(out, " %d", g->dice[i]);
		umpire_buf_putc(out, '\n');
	} else
		umpire_buf_printf(out, "over: %s won\n", amb_sides[g->winner]);
	if (g->off_man >= 0) {
		umpire_buf_puts(out, "off the board:");
		man_label(out, &g->men[g->winner][g->off_man]);
		umpire_buf_putc(out, '\n');
	}
}
