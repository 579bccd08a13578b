/*
 * board.c - the WWII Combined Arms map as text, the axis' back row on
 * top, then every unit by side with its square and id.
 *
 * A square is four characters: a terrain mark ('#' a city, '^'
 * difficult terrain), the unit's two-letter code (upper case allied,
 * lower case axis; '.' when empty), and '*' for an elite unit.
 */
#include <ctype.h>
#include <string.h>

#include "wwii.h"

static void
files_line(struct umpire_buf *out, const struct wwii_game *g)
{
	umpire_buf_puts(out, "    ");
	for (int f = 1; f <= g->grid.files; f++) {
		char name[3];
		umpire_buf_printf(out, " %-3s", umpire_grid_file_name(f, name));
	}
	/* No blanks at the end of a line. */
	while (out->len && out->ptr[out->len - 1] == ' ')
		out->len--;
	umpire_buf_putc(out, '\n');
}

static void
code(struct umpire_buf *out, const struct wwii_unit *u, int side)
{
	const char *c = wwii_types[u->type].code;

	for (int k = 0; k < 2; k++)
		umpire_buf_putc(out, side == WWII_ALLIES ? c[k] :
			(char)tolower((unsigned char)c[k]));
}

static void
unit_line(struct umpire_buf *out, const struct wwii_game *g, int side, int i)
{
	const struct wwii_unit *u = &g->units[side][i];
	int sq = g->pos.where[side][i];
	char name[UMPIRE_SQUARE_NAME];

	/* puts, not printf: a campaign board lists hundreds of units. */
	const char *at = sq >= 0 ? umpire_grid_name(wwii_square(g, sq), name) :
		"--";
	umpire_buf_puts(out, "  ");
	umpire_buf_puts(out, at);
	umpire_buf_pad(out, ' ', 6 - strlen(at));
	code(out, u, side);
	umpire_buf_putc(out, ' ');
	umpire_buf_puts(out, u->id);
	if (u->elite)
		umpire_buf_puts(out, ", elite");
	if (u->kills)
		umpire_buf_printf(out, ", helped destroy %d", u->kills);
	if (u->nretreat) {
		umpire_buf_puts(out, ", retreats");
		for (int k = 0; k < u->nretreat; k++)
			umpire_buf_printf(out, "%s %s", k ? "," : "",
				wwii_dirs[u->retreat[k]]);
	}
	if (sq < 0)
		umpire_buf_puts(out, " (to place)");
	umpire_buf_putc(out, '\n');
}

void
wwii_board(struct umpire_buf *out, const void *game)
{
	const struct wwii_game *g = game;

	files_line(out, g);
	for (int rank = g->grid.ranks; rank >= 1; rank--) {
		umpire_buf_printf(out, "%3d ", rank);
		for (int f = 1; f <= g->grid.files; f++) {
			int sq = umpire_grid_index(&g->grid,
				(struct umpire_square){ f, rank });
			int ref = g->pos.at[sq];
			unsigned t = g->terrain[sq];
			umpire_buf_putc(out, t & WWII_CITY ? '#' : t & WWII_DIFFICULT ?
				'^' : ' ');
			if (ref < 0) {
				umpire_buf_puts(out, ". ");
				umpire_buf_putc(out, ' ');
				continue;
			}
			const struct wwii_unit *u =
				&g->units[wwii_ref_side(ref)][wwii_ref_index(ref)];
			code(out, u, wwii_ref_side(ref));
			umpire_buf_putc(out, u->elite ? '*' : ' ');
		}
		umpire_buf_printf(out, " %d\n", rank);
	}
	files_line(out, g);
	umpire_buf_putc(out, '\n');
	for (int s = 0; s < 2; s++) {
		int alive = wwii_alive(g, s), gone = g->nunits[s] - alive;
		umpire_buf_printf(out, "%s (%s case): %d unit%s", wwii_sides[s],
			s == WWII_ALLIES ? "upper" : "lower", alive, alive == 1 ? "" : "s");
		if (gone)
			umpire_buf_printf(out, ", %d destroyed:", gone);
		for (int i = 0; i < g->nunits[s]; i++)
			if (g->units[s][i].destroyed)
				umpire_buf_printf(out, " %s", g->units[s][i].id);
		umpire_buf_putc(out, '\n');
		for (int i = 0; i < g->nunits[s]; i++)
			if (!g->units[s][i].destroyed)
				unit_line(out, g, s, i);
	}
	umpire_buf_puts(out, "key: IN infantry, PA paratroopers, EN engineers, "
		"MI mech-infantry,\n  LT light-tank, MT medium-tank, HT heavy-tank, "
		"HW howitzer, AT at-gun,\n  AA aa-gun, AF airfield, FO fortification, "
		"HQ hq; * elite");
	if (g->opt.cities)
		umpire_buf_puts(out, ", # city");
	if (g->opt.terrain)
		umpire_buf_puts(out, ", ^ difficult terrain");
	umpire_buf_putc(out, '\n');
	if (g->to_move >= 0) {
		umpire_buf_printf(out, "awaiting: %s, %s", wwii_sides[g->to_move],
			wwii_kinds[g->kind]);
		if (g->kind == WWII_TURN) {
			int turn = g->turns[g->to_move] + 1;
			umpire_buf_printf(out, " %d of %d", turn, g->turn_limit);
			if (wwii_reinforcement_due(g, turn))
				umpire_buf_puts(out, ", reinforcement due");
		}
		umpire_buf_putc(out, '\n');
	} else if (g->winner >= 0) {
		umpire_buf_printf(out, "over: the %s won\n", wwii_sides[g->winner]);
	} else {
		umpire_buf_puts(out, "over: a draw\n");
	}
}
