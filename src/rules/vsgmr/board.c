/*
 * board.c - a VSGMR game as text, for reports and `umpire status`: a
 * top-down map (north up), one character a space of the battle map or
 * a cell of the table (2 inches, more on a table wider than 80 cells),
 * then the round, every player with his score, and each of his figures
 * with where it is and what it has done this round.
 *
 * On the map, figures are their player's mark: his id's first letter
 * in capitals for a guy and small for cavalry and vehicles, or a digit
 * when two players' ids begin alike; terrain is '#' a barrier that
 * blocks sight (a building), '+' one that gives cover (a wall, a fence,
 * a partial obstacle), '"' cover alone (trees), '~' rough or difficult
 * ground, ':' darkness, ',' small obstacles; '*' an object on the
 * ground; '.' open ground.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vsgmr.h"

#define MAP_COLS 80

/* Each player's mark: his id's first letter if no other player's id
 * begins with it, else his seat's digit (or a letter past 9). */
char
vs_mark(const struct vs_game *g, int p)
{
	char c = (char)toupper((unsigned char)g->player[p].id[0]);

	for (int q = 0; q < g->nplayers; q++)
		if (q != p && toupper((unsigned char)g->player[q].id[0]) == c)
			return p < 9 ? (char)('1' + p) : (char)('A' + p - 9);
	return isalpha((unsigned char)c) ? c : (char)('1' + p);
}

static char
figure_char(const struct vs_game *g, const struct vs_figure *f)
{
	char c = vs_mark(g, f->owner);

	return vs_is_guy(&f->profile) ? c : (char)tolower((unsigned char)c);
}

static char
table_char(unsigned kind)
{
	if ((kind & VS_BARRIER) && (kind & VS_COVER))
		return '#';
	if (kind & VS_BARRIER)
		return '+';
	if (kind & VS_COVER)
		return '"';
	if (kind & VS_ROUGH)
		return '~';
	return '.';
}

static char
ground_char(int kind)
{
	static const char c[VS_MAP_TERRAINS] = {
		[VS_MAP_OPEN] = '.', [VS_MAP_SMALL] = ',',
		[VS_MAP_DIFFICULT] = '~', [VS_MAP_DARKNESS] = ':',
		[VS_MAP_PARTIAL] = '+', [VS_MAP_BUILDING] = '#',
	};

	return kind >= 0 && kind < VS_MAP_TERRAINS ? c[kind] : '?';
}

static void
len(struct umpire_buf *out, int64_t v)
{
	if (v < 0) {
		umpire_buf_putc(out, '-');
		v = -v;
	}
	umpire_buf_printf(out, "%lld", (long long)(v / 100));
	if (v % 100)
		umpire_buf_printf(out, v % 10 ? ".%02lld" : ".%lld",
			(long long)(v % 10 ? v % 100 : v % 100 / 10));
}

static void
draw_map(struct umpire_buf *out, const struct vs_game *g)
{
	int cols = g->grid.files, rows = g->grid.ranks;
	char name[UMPIRE_SQUARE_NAME];

	for (int r = rows; r >= 1; r--) {
		umpire_buf_printf(out, "%3d ", r);
		for (int c = 1; c <= cols; c++) {
			struct umpire_square s = { c, r };
			char ch = ground_char(g->ground[umpire_grid_index(&g->grid,
				s)]);
			for (int k = 0; k < g->nobjects; k++)
				if (g->object[k].holder < 0 &&
				    umpire_grid_same(g->object[k].sq, s))
					ch = '*';
			/* A mount shows under its riders: guys drawn last. */
			for (int pass = 0; pass < 2; pass++)
				for (int i = 0; i < g->nfigures; i++) {
					const struct vs_figure *f = &g->figure[i];
					int size = f->size ? f->size : 1;
					if (f->where != VS_ON ||
					    vs_is_guy(&f->profile) != (pass == 1))
						continue;
					if (c >= f->sq.file && c < f->sq.file + size &&
					    r >= f->sq.rank && r < f->sq.rank + size)
						ch = figure_char(g, f);
				}
			umpire_buf_putc(out, ch);
		}
		umpire_buf_putc(out, '\n');
	}
	umpire_buf_puts(out, "    ");
	for (int c = 1; c <= cols; c++) {
		umpire_grid_name((struct umpire_square){ c, 1 }, name);
		umpire_buf_putc(out, name[0]);
	}
	umpire_buf_putc(out, '\n');
}

static void
draw_table(struct umpire_buf *out, const struct vs_game *g)
{
	int32_t cell = 200;
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	while ((g->table.width + cell - 1) / cell > MAP_COLS)
		cell += 100;
	int cols = (int)((g->table.width + cell - 1) / cell);
	int rows = (int)((g->table.depth + cell - 1) / cell);
	char *map = umpire_arena_alloc(&a, (size_t)cols * (size_t)rows);

	memset(map, '.', (size_t)cols * (size_t)rows);
	for (int k = 0; k < g->nfeatures; k++) {
		const struct umpire_piece *pc = &g->pieces[k];
		if (g->feature[k].removed)
			continue;
		int c0 = pc->lo.x / cell, c1 = pc->hi.x / cell;
		int r0 = pc->lo.y / cell, r1 = pc->hi.y / cell;
		bool drawn = false;
		for (int r = r0 < 0 ? 0 : r0; r <= r1 && r < rows; r++)
			for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < cols; c++) {
				struct umpire_pt p = { c * cell + cell / 2,
					r * cell + cell / 2 };
				if (umpire_piece_holds(pc, p)) {
					map[r * cols + c] = table_char((unsigned)
						pc->kind);
					drawn = true;
				}
			}
		/* A piece thinner than a cell (a wall, a fence) still shows,
		 * along the middle of its box. */
		if (!drawn) {
			int rm = (pc->lo.y + pc->hi.y) / 2 / cell;
			int cm = (pc->lo.x + pc->hi.x) / 2 / cell;
			bool wide = pc->hi.x - pc->lo.x >= pc->hi.y - pc->lo.y;
			for (int c = wide ? c0 : cm; c <= (wide ? c1 : cm); c++)
				for (int r = wide ? rm : r0; r <= (wide ? rm : r1);
				    r++)
					if (c >= 0 && c < cols && r >= 0 && r < rows)
						map[r * cols + c] = table_char(
							(unsigned)pc->kind);
		}
	}
	for (int k = 0; k < g->nobjects; k++) {
		const struct vs_object *o = &g->object[k];
		int c = o->at.x / cell, r = o->at.y / cell;
		if (o->holder < 0 && c >= 0 && c < cols && r >= 0 && r < rows)
			map[r * cols + c] = '*';
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nfigures; i++) {
			const struct vs_figure *f = &g->figure[i];
			if (f->where != VS_ON || vs_is_guy(&f->profile) !=
			    (pass == 1))
				continue;
			int c = f->at.at.x / cell, r = f->at.at.y / cell;
			c = c < 0 ? 0 : c >= cols ? cols - 1 : c;
			r = r < 0 ? 0 : r >= rows ? rows - 1 : r;
			map[r * cols + c] = figure_char(g, f);
		}
	umpire_buf_puts(out, "+");
	umpire_buf_pad(out, '-', (size_t)cols);
	umpire_buf_puts(out, "+\n");
	for (int r = rows - 1; r >= 0; r--) {
		umpire_buf_putc(out, '|');
		umpire_buf_add(out, map + (size_t)r * (size_t)cols, (size_t)cols);
		umpire_buf_puts(out, "|\n");
	}
	umpire_buf_puts(out, "+");
	umpire_buf_pad(out, '-', (size_t)cols);
	umpire_buf_puts(out, "+\n");
	umpire_buf_printf(out, "(one character: ");
	len(out, cell);
	umpire_buf_printf(out, "\"; north up)\n");
	umpire_arena_free(&a);
}

static const char *const kind_names[VS_KINDS] = {
	"troop", "hero", "cavalry", "vehicle",
};

static void
figure_line(struct umpire_buf *out, const struct vs_game *g, int i)
{
	const struct vs_figure *f = &g->figure[i];
	char name[UMPIRE_SQUARE_NAME];

	umpire_buf_printf(out, "  %-16s %-7s ", f->id,
		kind_names[f->profile.kind]);
	switch (f->where) {
	case VS_WAITING:
		umpire_buf_puts(out, "waiting to come in");
		break;
	case VS_DEFEATED:
		umpire_buf_puts(out, "defeated");
		if (f->by >= 0)
			umpire_buf_printf(out, " (for %s)", g->player[f->by].id);
		break;
	case VS_OFF:
		umpire_buf_puts(out, "off the playing surface");
		if (f->left >= 0)
			umpire_buf_printf(out, " by the %s edge",
				vs_compass_names[f->left]);
		break;
	case VS_ON:
		if (g->on_map) {
			umpire_buf_puts(out, umpire_grid_name(f->sq, name));
		} else {
			umpire_buf_putc(out, '(');
			len(out, f->at.at.x);
			umpire_buf_puts(out, ", ");
			len(out, f->at.at.y);
			umpire_buf_putc(out, ')');
			if (f->at.facing.x || f->at.facing.y)
				umpire_buf_printf(out, " facing [%d, %d]",
					f->at.facing.x, f->at.facing.y);
		}
		if (f->mount >= 0)
			umpire_buf_printf(out, " riding %s",
				g->figure[f->mount].id);
		if (f->flying)
			umpire_buf_puts(out, ", in flight");
		break;
	}
	if (f->where == VS_ON) {
		const char *sep = " [";
		static const char *const done[] = { "moved", "attacked",
			"skill roll", "fresh" };
		bool flags[4] = { f->moved, f->attacked, f->skilled, f->fresh };
		for (int k = 0; k < 4; k++)
			if (flags[k]) {
				umpire_buf_printf(out, "%s%s", sep, done[k]);
				sep = ", ";
			}
		if (sep[0] == ',')
			umpire_buf_putc(out, ']');
	}
	for (int k = 0; k < g->nobjects; k++)
		if (g->object[k].holder == i)
			umpire_buf_printf(out, ", carries %s", g->object[k].id);
	umpire_buf_putc(out, '\n');
}

void
vs_board(struct umpire_buf *out, const void *game)
{
	const struct vs_game *g = game;

	if (g->on_map)
		draw_map(out, g);
	else
		draw_table(out, g);
	if (g->pos.round > 0)
		umpire_buf_printf(out, "Round %d of %d, %s.\n", g->pos.round,
			g->pos.rounds ? g->pos.rounds : VS_MAX_ROUNDS,
			vs_phase_names[g->pos.phase]);
	for (int p = 0; p < g->nplayers; p++) {
		const struct vs_player *pl = &g->player[p];
		umpire_buf_printf(out, "%c %s%s%s: %d point%s scored\n",
			vs_mark(g, p), pl->id, pl->team != VS_NO_TEAM ? ", " : "",
			pl->team != VS_NO_TEAM ? vs_team_names[pl->team] : "",
			pl->score, pl->score == 1 ? "" : "s");
		for (int i = 0; i < g->nfigures; i++)
			if (g->figure[i].owner == p)
				figure_line(out, g, i);
	}
	for (int k = 0; k < g->nfeatures; k++) {
		const struct vs_feature *fe = &g->feature[k];
		if (fe->removed)
			umpire_buf_printf(out, "%s: destroyed\n", fe->id);
		else if (fe->hits)
			umpire_buf_printf(out, "%s: %d successful hit%s\n", fe->id,
				fe->hits, fe->hits == 1 ? "" : "s");
	}
	for (int k = 0; k < g->nobjects; k++) {
		const struct vs_object *o = &g->object[k];
		if (o->holder >= 0)
			continue;
		umpire_buf_printf(out, "* %s on the ground at ", o->id);
		if (g->on_map) {
			char name[UMPIRE_SQUARE_NAME];
			umpire_buf_puts(out, umpire_grid_name(o->sq, name));
		} else {
			umpire_buf_putc(out, '(');
			len(out, o->at.x);
			umpire_buf_puts(out, ", ");
			len(out, o->at.y);
			umpire_buf_putc(out, ')');
		}
		umpire_buf_putc(out, '\n');
	}
}
