/*
 * read.c - what scenario, state and orders files of WWII Combined Arms
 * share: squares, retreat orders, lists of units, and the Army Creation
 * rules such a list must meet.
 *
 * Each arrives valid under its schema; what is checked here is what a
 * schema cannot say, every problem at its place, with the rule.  These
 * readers only read: they call nothing that plays or tells a step.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wwii.h"

int
wwii_read_square(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *n, const char *fmt, ...)
{
	const char *s = n->u.s.ptr, *what;
	struct umpire_square sq;
	char guess[UMPIRE_SQUARE_NAME], last[3];
	va_list ap;

	if (umpire_grid_parse(s, &sq) == 0 && umpire_grid_on(&g->grid, sq))
		return umpire_grid_index(&g->grid, sq);
	va_start(ap, fmt);
	what = umpire_arena_vprintf(ctx->arena, fmt, ap);
	va_end(ap);
	umpire_grid_file_name(g->grid.files, last);
	if (umpire_grid_parse(s, &sq) != 0) {
		if (umpire_grid_guess(s, &sq) == 0 && umpire_grid_on(&g->grid, sq))
			umpire_node_error(ctx->diags, n, "%s: %s is not a square "
				"(did you mean '%s'?); squares are a file letter and a rank, "
				"like e4 (WW-1)", what, umpire_quote_str(ctx->diags, s),
				umpire_grid_name(sq, guess));
		else
			umpire_node_error(ctx->diags, n, "%s: %s is not a square; "
				"squares are a file letter and a rank, like e4 (WW-1)",
				what, umpire_quote_str(ctx->diags, s));
		return -1;
	}
	umpire_node_error(ctx->diags, n, "%s: %s is off the %dx%d map: files run "
		"a to %s, ranks 1 to %d (WW-1)", what, s, g->grid.files,
		g->grid.ranks, last, g->grid.ranks);
	return -1;
}

int
wwii_read_dirs(const struct umpire_node *list, unsigned char *out)
{
	int n = 0;

	for (size_t i = 0; i < list->u.seq.n && n < WWII_DIRS; i++) {
		int d = wwii_find_dir(list->u.seq.v[i]->u.s.ptr);
		if (d >= 0)
			out[n++] = (unsigned char)d;
	}
	return n;
}

/* "1st", "2nd", "3rd", "4th", ... "11th", "21st". */
static const char *
ordinal(struct umpire_arena *a, int n)
{
	const char *suffix = "th";

	if (n % 100 < 11 || n % 100 > 13)
		suffix = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ?
			"rd" : "th";
	return umpire_arena_printf(a, "%d%s", n, suffix);
}

/* The ids a file gives its units, which defaults must not take. */
struct given_ids {
	const char **id;
	size_t n;
};

static void
collect_ids(struct given_ids *gi, const struct umpire_node *list)
{
	for (size_t i = 0; list && i < list->u.seq.n; i++) {
		const struct umpire_node *id = umpire_map_get(list->u.seq.v[i], "id");
		if (id)
			gi->id[gi->n++] = id->u.s.ptr;
	}
}

static bool
given(void *ctx, const char *id)
{
	const struct given_ids *gi = ctx;

	for (size_t i = 0; i < gi->n; i++)
		if (strcmp(gi->id[i], id) == 0)
			return true;
	return false;
}

size_t
wwii_read_recruits(struct umpire_ctx *ctx, const struct wwii_game *g,
	int side, const struct umpire_node *list, const struct umpire_node *other,
	struct wwii_recruit **out, int *n)
{
	size_t errors = ctx->diags->errors;
	int count[WWII_TYPES] = { 0 }, last[WWII_TYPES] = { 0 };
	struct wwii_recruit *r = umpire_arena_alloc(ctx->arena,
		(list->u.seq.n + 1) * sizeof(*r));
	struct given_ids gi = { umpire_arena_alloc(ctx->arena, (list->u.seq.n +
		(other ? other->u.seq.n : 0) + 1) * sizeof(char *)), 0 };

	collect_ids(&gi, list);
	collect_ids(&gi, other);
	*n = (int)list->u.seq.n;
	*out = r;
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct umpire_node *u = list->u.seq.v[i];
		const struct umpire_node *id = umpire_map_get(u, "id");
		const struct umpire_node *at = umpire_map_get(u, "at");
		const struct umpire_node *elite = umpire_map_get(u, "elite");
		const struct umpire_node *retreat = umpire_map_get(u, "retreat");
		int t = wwii_find_type(umpire_map_get(u, "type")->u.s.ptr);
		r[i].type = (enum wwii_type)t;
		count[t]++;
		/*
		 * WW-2: by default the side's letter, the type and its number
		 * among the units of that type; past any id taken, and past the
		 * defaults before it, so that the list's order decides alone.
		 */
		if (!id) {
			last[t] = count[t] > last[t] ? count[t] : last[t] + 1;
			r[i].id = wwii_default_id(ctx->arena, g, side, r[i].type,
				&last[t], given, &gi);
		} else {
			r[i].id = id->u.s.ptr;
		}
		r[i].sq = at ? wwii_read_square(ctx, g, at, "at") : -1;
		r[i].elite = elite && elite->u.b;
		r[i].nretreat = retreat ? wwii_read_dirs(retreat, r[i].retreat) : 0;
		r[i].node = u;
	}
	return ctx->diags->errors - errors;
}

size_t
wwii_check_army(struct umpire_ctx *ctx, const struct wwii_game *g, int side,
	const struct wwii_recruit *r, int n, const struct umpire_node *where)
{
	const struct wwii_limits *l = &g->lim;
	size_t errors = ctx->diags->errors;
	struct umpire_arena *a = ctx->arena;
	int count[WWII_TYPES] = { 0 }, hqs = 0, tanks = 0, elites = 0, s;

	/* ARMY CREATION, one message per rule broken. */
	if (n != l->units)
		umpire_node_error(ctx->diags, where, "an army is composed of %d "
			"units, and this one has %d (Army Creation%s)", l->units, n,
			g->opt.campaign ? ", the campaign's limits" : "");
	for (int i = 0; i < n; i++) {
		const struct wwii_recruit *u = &r[i];
		const char *title = wwii_types[u->type].title;
		int c = ++count[u->type];
		for (int j = 0; j < i; j++)
			if (strcmp(r[j].id, u->id) == 0) {
				umpire_node_error(ctx->diags, u->node, "two units are called "
					"'%s'; give each unit its own id", u->id);
				break;
			}
		if (wwii_find_unit(g, u->id, &s) >= 0 && s != side)
			umpire_node_error(ctx->diags, u->node, "'%s' is the id of an %s "
				"unit already; give this one another", u->id, wwii_adj[s]);
		if (u->type == WWII_HQ && ++hqs == 2)
			umpire_node_error(ctx->diags, u->node, "an army has only 1 HQ "
				"(Army Creation), and %s is a second", u->id);
		if (wwii_is_tank(u->type) && ++tanks == l->max_tanks + 1)
			umpire_node_error(ctx->diags, u->node, "up to %d units can be "
				"tanks (Army Creation: light, medium and heavy tanks), and %s "
				"is the %s", l->max_tanks, u->id, ordinal(a, tanks));
		if (c == l->max_per_type + 1)
			umpire_node_error(ctx->diags, u->node, "there can be no more than "
				"%d units of a single type (Army Creation), and %s is the %s "
				"of the %s", l->max_per_type, u->id, ordinal(a, c), title);
		if (u->elite) {
			if (!g->opt.elite)
				umpire_node_error(ctx->diags, u->node, "%s is marked elite, "
					"but the elite-units option is off in this game (Elite "
					"Units, WW-21)", u->id);
			else if (++elites == l->elite + 1)
				umpire_node_error(ctx->diags, u->node, "each player may make "
					"%d of his units Elite (Elite Units, WW-21), and %s is "
					"the %s", l->elite, u->id, ordinal(a, elites));
		}
	}
	if (hqs == 0)
		umpire_node_error(ctx->diags, where, "one unit of an army is a "
			"Headquarters, and this one has none: add {type: hq} (Army "
			"Creation)");
	int types = 0;
	struct umpire_buf list = UMPIRE_BUF_INIT;
	for (int t = 0; t < WWII_TYPES; t++)
		if (t != WWII_HQ && count[t]) {
			umpire_buf_printf(&list, "%s%s", types ? ", " : "",
				wwii_types[t].name);
			types++;
		}
	if (types < l->min_types)
		umpire_node_error(ctx->diags, where, "an army must have at least %d "
			"types of units, not including the HQ (Army Creation), and this "
			"one has %d%s%s", l->min_types, types, types ? ": " : "",
			umpire_buf_cstr(&list));
	umpire_buf_free(&list);
	return ctx->diags->errors - errors;
}
