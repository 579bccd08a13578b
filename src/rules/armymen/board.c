/*
 * board.c - the table of Army Men as text, for reports and `umpire
 * status`: a top-down map (north, away from green's edge, up), one
 * character a cell of 2 inches (more on a table wider than 80 cells),
 * then every unit, block and casualty with its exact position.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

#define MAP_COLS 80

static char
unit_char(const struct am_unit *u)
{
	char c = u->tank ? 'T' : am_weapons[u->weapon].code;

	if (u->tank && u->dead)
		return 'X';
	return u->side == AM_GREEN ? c : (char)(c - 'A' + 'a');
}

void
am_board(struct umpire_buf *out, const void *game)
{
	const struct am_game *g = game;
	int32_t cell = 2 * AM_INCH;
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	while ((g->width + cell - 1) / cell > MAP_COLS)
		cell += AM_INCH;
	int cols = (int)((g->width + cell - 1) / cell);
	int rows = (int)((g->depth + cell - 1) / cell);
	char *map = umpire_arena_alloc(&a, (size_t)cols * (size_t)rows);

	memset(map, '.', (size_t)cols * (size_t)rows);
	/* A cell shows the last piece that holds its centre: only the cells
	 * within a piece's bounding box are asked. */
	for (size_t k = 0; k < g->table.npieces; k++) {
		const struct umpire_piece *pc = &g->table.piece[k];
		int c0 = pc->lo.x / cell, c1 = pc->hi.x / cell;
		int r0 = pc->lo.y / cell, r1 = pc->hi.y / cell;
		for (int r = r0 < 0 ? 0 : r0; r <= r1 && r < rows; r++)
			for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < cols; c++) {
				struct umpire_pt p = { c * cell + cell / 2,
					r * cell + cell / 2 };
				if (umpire_piece_holds(pc, p))
					map[r * cols + c] = pc->kind == AM_HIGH ? '#' :
						pc->kind == AM_LOW ? '=' : '%';
			}
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct am_unit *u = &g->units[i];
		if (u->dead && !u->tank)
			continue;
		int c = u->at.x / cell, r = u->at.y / cell;
		if (c >= cols)
			c = cols - 1;
		if (r >= rows)
			r = rows - 1;
		char *m = &map[r * cols + c];
		*m = strchr(".#=%", *m) ? unit_char(u) : '*';
	}
	umpire_buf_printf(out, "%s by %s inches, a cell %s inches; north "
		"(y grows) is up\n", am_len_text(&a, g->width),
		am_len_text(&a, g->depth), am_len_text(&a, cell));
	for (int r = rows - 1; r >= 0; r--) {
		umpire_buf_printf(out, "%4s |", r % 3 == 0 ?
			am_len_text(&a, (int64_t)r * cell) : "");
		umpire_buf_add(out, map + r * cols, (size_t)cols);
		umpire_buf_puts(out, "|\n");
	}
	umpire_buf_puts(out, "     +");
	for (int c = 0; c < cols; c++)
		umpire_buf_putc(out, c % 6 == 0 ? '+' : '-');
	umpire_buf_puts(out, "+\n");

	for (int s = 0; s < 2; s++) {
		umpire_buf_printf(out, "%s (%s): %d soldier%s standing, %d tank%s\n",
			am_sides[s], s == AM_GREEN ? "upper case" : "lower case",
			am_standing(g, s), am_standing(g, s) == 1 ? "" : "s",
			am_tanks_left(g, s), am_tanks_left(g, s) == 1 ? "" : "s");
		for (int i = 0; i < g->nunits; i++) {
			const struct am_unit *u = &g->units[i];
			if (u->side != s || (u->dead && !u->tank))
				continue;
			umpire_buf_printf(out, "  %c %-8s %-16s %s", unit_char(u), u->id,
				u->tank ? "tank" : u->leader ? umpire_arena_printf(&a,
				"leader, %s", am_weapons[u->weapon].name) :
				am_weapons[u->weapon].name, am_pt_text(&a, u->at));
			if (u->tank)
				umpire_buf_printf(out, " facing (%d, %d)%s", u->facing.x,
					u->facing.y, u->dead ? ", destroyed" : "");
			else if (u->pinned)
				umpire_buf_puts(out, " pinned");
			umpire_buf_putc(out, '\n');
		}
	}
	int nfallen = 0;
	int *order = umpire_arena_alloc(&a, ((size_t)g->nunits + 1) *
		sizeof(int));
	for (int s = 0; s < 2; s++) {
		int n = am_fallen(g, s, order);
		for (int i = 0; i < n; i++)
			umpire_buf_printf(out, "%s %s (step %ld)", nfallen++ ? "," :
				"fallen:", g->units[order[i]].id, g->units[order[i]].died);
	}
	if (nfallen)
		umpire_buf_putc(out, '\n');
	for (int i = 0; i < g->nblocks; i++) {
		const struct am_block *b = &g->blocks[i];
		umpire_buf_printf(out, "%s %s %s%s", i ? "," : "blocks:", b->id,
			b->high ? "high" : "low", b->flattened ? " (flattened)" : "");
	}
	if (g->nblocks)
		umpire_buf_putc(out, '\n');
	umpire_buf_puts(out, "key: P pistol, R rifle, S smg, M machine-gun, "
		"B bazooka, O mortar,\n  T tank, X wreck, # high block, = low "
		"block, % hull, * several\n");
	if (g->to_move >= 0)
		umpire_buf_printf(out, "awaiting: %s, %s (turn %d of %d, card %d "
			"of 8)\n", am_sides[g->to_move],
			am_card_title(g->drawn[g->ndrawn - 1]), g->turn, g->turns,
			g->ndrawn);
	umpire_arena_free(&a);
}
