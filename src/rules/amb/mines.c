/*
 * mines.c - the Mine Detector optional rules (AMB-17): minefields laid
 * in secret before the first turn, kept as the game's secret part
 * (ruleset interface 4), committed to in the public state, and opened
 * to everyone one by one as they go off or are cleared.  Landing on a
 * minefield is in resolve.c, with the rest of a move.
 */
#include <stdio.h>
#include <string.h>

#include "amb.h"
#include "game/secret.h"

/* The label a minefield's commitment is salted with: minefields/tan/2. */
static const char *
label(struct umpire_arena *a, int side, int i)
{
	return umpire_arena_printf(a, "minefields/%s/%d", amb_sides[side], i + 1);
}

static const char *
row_text(struct umpire_arena *a, int row)
{
	return umpire_arena_printf(a, "%d", row);
}

/* Own half of the board: "your side of the board" (AMB-17). */
static bool
own_half(int side, int row)
{
	return side == AMB_GREEN ? row >= 1 && row <= AMB_HALF :
	    row > AMB_ROWS - AMB_HALF && row <= AMB_ROWS;
}

bool
amb_hides(const struct umpire_node *scenario, struct umpire_buf *why)
{
	const struct umpire_node *v = umpire_map_get(umpire_map_get(scenario,
		"options"), "mine-detector");

	if (!v || v->type != UMPIRE_BOOL || !v->u.b)
		return false;
	umpire_buf_puts(why, "the Mine Detector rules lay minefields in secret "
		"(options.mine-detector, AMB-17)");
	return true;
}

void
amb_mines_encode(struct umpire_ctx *ctx, const struct amb_game *g,
	struct umpire_node *state)
{
	struct umpire_arena *a = ctx->arena;

	if (!g->opt.mine_detector || (!g->laid[0] && !g->laid[1]))
		return;
	struct umpire_node *all = umpire_map_add(a, state, "minefields",
		umpire_node_map(a, false));
	for (int s = 0; s < 2; s++) {
		if (!g->laid[s])
			continue;
		struct umpire_node *list = umpire_map_add(a, all, amb_sides[s],
			umpire_node_seq(a, false));
		for (int i = 0; i < AMB_MINEFIELDS; i++) {
			const struct amb_minefield *f = &g->mines[s][i];
			struct umpire_node *n = umpire_node_map(a, true);
			umpire_map_add(a, n, "commitment", umpire_node_str(a,
				f->commitment));
			if (f->known) {
				umpire_map_add(a, n, "row", umpire_node_int(a, f->row));
				umpire_map_add(a, n, "salt", umpire_node_str(a, f->salt));
			}
			if (f->cleared)
				umpire_map_add(a, n, "cleared", umpire_node_int(a,
					f->cleared));
			umpire_seq_add(a, list, n);
		}
	}
}

void
amb_mines_decode(struct umpire_ctx *ctx, struct amb_game *g,
	const struct umpire_node *state)
{
	const struct umpire_node *all = umpire_map_get(state, "minefields");

	if (!all)
		return;
	if (!g->opt.mine_detector) {
		umpire_node_error(ctx->diags, all, "minefields: the Mine Detector "
			"rules are off in this game's options (AMB-17)");
		return;
	}
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *list = umpire_map_get(all, amb_sides[s]);
		if (!list)
			continue;
		g->laid[s] = true;
		for (int i = 0; i < AMB_MINEFIELDS; i++) {
			const struct umpire_node *n = list->u.seq.v[i];
			const struct umpire_node *row = umpire_map_get(n, "row");
			const struct umpire_node *salt = umpire_map_get(n, "salt");
			const struct umpire_node *cleared = umpire_map_get(n, "cleared");
			struct amb_minefield *f = &g->mines[s][i];
			f->commitment = umpire_node_cstr(umpire_map_get(n, "commitment"));
			if (!row != !salt || (cleared && !row)) {
				umpire_node_error(ctx->diags, n, "minefields.%s: a known "
					"minefield gives its row and its salt, and only a "
					"known one was cleared", amb_sides[s]);
				continue;
			}
			if (row) {
				f->known = true;
				f->row = (int)umpire_node_integer(row, 0);
				f->salt = salt->u.s.ptr;
				const char *v = row_text(ctx->arena, f->row);
				/* Anyone can check a minefield made public. */
				if (!umpire_secret_opens(f->commitment, f->salt, v,
				    strlen(v)))
					umpire_node_error(ctx->diags, row, "minefields.%s: row "
						"%d and this salt do not open the commitment: it "
						"is not the row %s laid", amb_sides[s], f->row,
						amb_sides[s]);
			}
			if (cleared)
				f->cleared = (long)umpire_node_integer(cleared, 0);
		}
	}
}

void
amb_secret_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *secret)
{
	const struct amb_game *g = game;
	struct umpire_arena *a = ctx->arena;
	struct umpire_node *all = umpire_map_add(a, secret, "minefields",
		umpire_node_map(a, false));

	for (int s = 0; s < 2; s++) {
		if (!g->laid[s])
			continue;
		struct umpire_node *rows = umpire_map_add(a, all, amb_sides[s],
			umpire_node_seq(a, true));
		for (int i = 0; i < AMB_MINEFIELDS; i++)
			umpire_seq_add(a, rows, umpire_node_int(a, g->mines[s][i].row));
	}
}

bool
amb_secret_decode(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *secret)
{
	struct amb_game *g = game;
	const struct umpire_node *all = umpire_map_get(secret, "minefields");
	size_t errors = ctx->diags->errors;

	for (int s = 0; s < 2; s++) {
		const struct umpire_node *rows = umpire_map_get(all, amb_sides[s]);
		if (!rows != !g->laid[s]) {
			umpire_node_error(ctx->diags, rows ? rows : all, "minefields: "
				"%s %s laid minefields, but the secret part %s", amb_sides[s],
				g->laid[s] ? "has" : "has not", rows ? "holds some" :
				"holds none");
			continue;
		}
		for (int i = 0; rows && i < AMB_MINEFIELDS; i++) {
			struct amb_minefield *f = &g->mines[s][i];
			int row = (int)umpire_node_integer(rows->u.seq.v[i], 0);
			const char *c = umpire_secret_commit_str(ctx, label(ctx->arena,
				s, i), row_text(ctx->arena, row));
			if (strcmp(c, f->commitment) != 0 || (f->known && f->row != row))
				umpire_node_error(ctx->diags, rows->u.seq.v[i], "minefields."
					"%s: row %d is not the row the state's commitment %d "
					"binds", amb_sides[s], row, i + 1);
			f->row = row;
		}
	}
	g->secret = true;
	return ctx->diags->errors == errors;
}

void
amb_view(struct umpire_ctx *ctx, const void *game, const char *player,
	struct umpire_buf *out)
{
	const struct amb_game *g = game;
	int side = strcmp(player, "tan") == 0;

	(void)ctx;
	if (!g->laid[side])
		return;
	umpire_buf_printf(out, "# %s's minefields\n\n", amb_sides[side]);
	umpire_buf_printf(out, "Only %s and the umpire know where %s's "
		"minefields lie (Mine Detector, AMB-17). %s learns of one when one "
		"of his men lands on its row: it goes off, or his mine detector "
		"clears it.\n\n", amb_sides[side], amb_sides[side],
		amb_sides[!side][0] == 'g' ? "Green" : "Tan");
	for (int i = 0; i < AMB_MINEFIELDS; i++) {
		const struct amb_minefield *f = &g->mines[side][i];
		umpire_buf_printf(out, "- minefield %d: row %d", i + 1, f->row);
		if (f->cleared)
			umpire_buf_printf(out, ", cleared by a mine detector at step "
				"%ld", f->cleared);
		else if (f->known)
			umpire_buf_puts(out, ", known to both sides since it went off");
		else
			umpire_buf_puts(out, ", secret");
		umpire_buf_puts(out, "\n");
	}
	umpire_buf_printf(out, "\n```yaml\nside: %s\nminefields:\n",
		amb_sides[side]);
	for (int i = 0; i < AMB_MINEFIELDS; i++) {
		const struct amb_minefield *f = &g->mines[side][i];
		umpire_buf_printf(out, "  - {row: %d", f->row);
		if (f->cleared)
			umpire_buf_printf(out, ", cleared: %ld", f->cleared);
		umpire_buf_puts(out, "}\n");
	}
	umpire_buf_puts(out, "```\n");
}

/* Whether n is one of the values core opened from a sealed block. */
static bool
was_sealed(const struct umpire_ctx *ctx, const struct umpire_node *n)
{
	for (size_t i = 0; i < ctx->nsealed; i++)
		if (ctx->sealed[i] == n)
			return true;
	return false;
}

size_t
amb_mines_check(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *orders)
{
	const struct umpire_node *rows = umpire_map_get(orders, "minefields");
	const struct umpire_node *actions = umpire_map_get(orders, "actions");
	const struct umpire_node *stance = umpire_map_get(orders, "stance");
	size_t errors = ctx->diags->errors;
	int side = g->to_move;

	if (!g->laying) {
		if (rows)
			umpire_node_error(ctx->diags, rows, "minefields: each side lays "
				"its minefields once, before the first turn (AMB-17)");
		return ctx->diags->errors - errors;
	}
	if (actions || stance)
		umpire_node_error(ctx->diags, actions ? actions : stance, "%s lays "
			"minefields at this step; no man moves, attacks or changes "
			"stance (AMB-17)", amb_sides[side]);
	if (!rows) {
		umpire_node_error(ctx->diags, orders, "missing minefields: %s lays "
			"3 minefields at this step (AMB-17)", amb_sides[side]);
		return ctx->diags->errors - errors;
	}
	if (ctx->partial || rows->type != UMPIRE_SEQ)
		return ctx->diags->errors - errors;
	if (!was_sealed(ctx, rows))
		umpire_node_error(ctx->diags, rows, "minefields: laid in the clear, "
			"in orders every player can read; seal them to the game "
			"(umpire seal, or age -r RECIPIENT -a) so that only the umpire "
			"learns them (AMB-17)");
	int distinct[AMB_MINEFIELDS], nd = 0;
	for (size_t i = 0; i < rows->u.seq.n; i++) {
		int row = (int)umpire_node_integer(rows->u.seq.v[i], 0);
		if (!own_half(side, row)) {
			umpire_node_error(ctx->diags, rows->u.seq.v[i], "row %d is not "
				"on %s's side of the board, rows %d to %d (AMB-17)", row,
				amb_sides[side], side == AMB_GREEN ? 1 : AMB_HALF + 1,
				side == AMB_GREEN ? AMB_HALF : AMB_ROWS);
			continue;
		}
		int j = 0;
		while (j < nd && distinct[j] != row)
			j++;
		if (j == nd)
			distinct[nd++] = row;
	}
	if (ctx->diags->errors == errors && nd != AMB_MINE_ROWS)
		umpire_node_error(ctx->diags, rows, "minefields: 3 minefields in %d "
			"row%s; the rules place them in 2 spaces, two on one row and one "
			"on another (AMB-17)", nd, nd == 1 ? "" : "s");
	return ctx->diags->errors - errors;
}

void
amb_mines_lay(struct umpire_ctx *ctx, struct amb_game *g,
	const struct umpire_node *orders)
{
	const struct umpire_node *rows = umpire_map_get(orders, "minefields");
	struct umpire_report *r = ctx->report;
	int side = g->to_move;

	for (int i = 0; i < AMB_MINEFIELDS; i++) {
		struct amb_minefield *f = &g->mines[side][i];
		memset(f, 0, sizeof(*f));
		f->row = (int)umpire_node_integer(rows->u.seq.v[i], 0);
		f->commitment = umpire_arena_strdup(g->arena, umpire_secret_commit_str(
			ctx, label(ctx->arena, side, i), row_text(ctx->arena, f->row)));
	}
	g->laid[side] = true;
	umpire_report_title(r, "Step %ld: %s lays minefields", ctx->step,
		amb_sides[side]);
	umpire_report_printf(r, "%s lays 3 minefields in secret on 2 rows of its "
		"side of the board, rows %d to %d (Mine Detector, AMB-17). The "
		"state holds a commitment to each row; the umpire keeps the rows "
		"encrypted to the game, and %s's private report shows them to %s "
		"alone.\n\n", side == AMB_GREEN ? "Green" : "Tan",
		side == AMB_GREEN ? 1 : AMB_HALF + 1,
		side == AMB_GREEN ? AMB_HALF : AMB_ROWS, amb_sides[side],
		amb_sides[side]);
	if (side == AMB_GREEN) {
		g->to_move = AMB_TAN;
		umpire_report_printf(r, "Tan lays minefields next.\n");
		umpire_report_headline(r, "Green lays 3 minefields in secret. Tan "
			"lays minefields next.");
		return;
	}
	int roll[2];
	g->laying = false;
	int first = amb_first_player(ctx, g, roll);
	umpire_report_headline(r, "Tan lays 3 minefields in secret. %s wins the "
		"roll for first player, %d to %d, and plays first with %s.",
		first == AMB_GREEN ? "Green" : "Tan", roll[first], roll[!first],
		amb_dice_text(ctx->arena, g->dice, g->opt.dice));
}

void
amb_mines_bot(struct umpire_ctx *ctx, const struct amb_game *g,
	struct umpire_rng *rng, struct umpire_node *orders)
{
	struct umpire_arena *a = ctx->arena;
	int side = g->to_move, base = side == AMB_GREEN ? 1 : AMB_HALF + 1;
	/* Uniform over the 12 x 11 layouts: the row of two, the row of one. */
	int two = (int)umpire_rng_below(rng, AMB_HALF);
	int one = (int)umpire_rng_below(rng, AMB_HALF - 1);

	one += one >= two;
	struct umpire_node *rows = umpire_node_seq(a, true);
	umpire_seq_add(a, rows, umpire_node_int(a, base + two));
	umpire_seq_add(a, rows, umpire_node_int(a, base + two));
	umpire_seq_add(a, rows, umpire_node_int(a, base + one));
	umpire_map_add(a, orders, "minefields",
		umpire_secret_seal(ctx, amb_sides[side], rows));
}

void
amb_mines_board(struct umpire_buf *out, const struct amb_game *g)
{
	if (!g->opt.mine_detector)
		return;
	for (int s = 0; s < 2; s++) {
		if (!g->laid[s]) {
			umpire_buf_printf(out, "%s minefields: not laid yet\n",
				amb_sides[s]);
			continue;
		}
		int hidden = 0;
		umpire_buf_printf(out, "%s minefields:", amb_sides[s]);
		for (int i = 0; i < AMB_MINEFIELDS; i++) {
			const struct amb_minefield *f = &g->mines[s][i];
			if (!f->known)
				hidden++;
			else if (f->cleared)
				umpire_buf_printf(out, " row %d cleared;", f->row);
			else
				umpire_buf_printf(out, " row %d known;", f->row);
		}
		umpire_buf_printf(out, " %d hidden\n", hidden);
	}
}
