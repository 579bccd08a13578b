/*
 * state.c - WWII Combined Arms' scenario and state files.
 *
 * Both arrive valid under their schemas; what is checked here is what a
 * schema cannot say: the Army Creation rules, squares on the map and in
 * the setup rows, no stacking, ids unique, the optional rules agreeing
 * with one another, and a state's decision agreeing with its position.
 */
#include <stdio.h>
#include <string.h>

#include "wwii.h"

/* Army Creation, for the standard game. */
static const struct wwii_limits standard_limits = { 16, 5, 7, 4, 2 };

static const char *const option_names[] = {
	"city-spaces", "difficult-terrain", "elite-units", "experienced-units",
	"reinforcements", "campaign",
};
#define NOPTIONS 6

static bool *
option(struct wwii_options *o, int k)
{
	bool *v[NOPTIONS] = { &o->cities, &o->terrain, &o->elite,
		&o->experienced, &o->reinforcements, &o->campaign };
	return v[k];
}

static struct wwii_game *
game_new(struct umpire_arena *ga)
{
	struct wwii_game *g = umpire_arena_alloc(ga, sizeof(*g));

	g->arena = ga;
	g->lim = standard_limits;
	g->grid = (struct umpire_grid){ WWII_FILES, WWII_RANKS };
	g->setup_rows = WWII_SETUP_ROWS;
	g->turn_limit = WWII_TURN_LIMIT;
	g->winner = -1;
	g->to_move = -1;
	g->pos.g = g;
	return g;
}

/* The map's squares, once its size is known. */
static void
make_squares(struct wwii_game *g)
{
	g->nsquares = g->grid.files * g->grid.ranks;
	g->terrain = umpire_arena_alloc(g->arena, (size_t)g->nsquares);
	g->pos.at = umpire_arena_alloc(g->arena, (size_t)g->nsquares * sizeof(int));
	memset(g->pos.at, -1, (size_t)g->nsquares * sizeof(int));
}

/* ------------------------------------------------------------- options */

static void
read_options(struct umpire_ctx *ctx, const struct umpire_node *n,
	struct wwii_options *o)
{
	memset(o, 0, sizeof(*o));
	for (int k = 0; k < NOPTIONS; k++) {
		const struct umpire_node *v = umpire_map_get(n, option_names[k]);
		*option(o, k) = v && v->u.b;
	}
	if (!o->campaign)
		return;
	/* CAMPAIGN: "Use all the other optional rules." */
	for (int k = 0; k < NOPTIONS - 1; k++) {
		const struct umpire_node *v = umpire_map_get(n, option_names[k]);
		if (v && !v->u.b)
			umpire_node_error(ctx->diags, v, "%s: the campaign uses all the "
				"other optional rules, so this one cannot be off (Campaign, "
				"WW-24)", option_names[k]);
		*option(o, k) = true;
	}
}

/* Whether no army can meet the limits; why, if so. */
static bool
impossible_limits(const struct wwii_limits *l, char *why, size_t n)
{
	int most = 9 * l->max_per_type + (3 * l->max_per_type < l->max_tanks ?
		3 * l->max_per_type : l->max_tanks);

	if (l->min_types > WWII_TYPES - 1)
		snprintf(why, n, "min-types is %d, but there are only %d types "
			"besides the HQ", l->min_types, WWII_TYPES - 1);
	else if (l->units - 1 < l->min_types)
		snprintf(why, n, "an army of %d units has too few units besides its "
			"HQ for %d types", l->units, l->min_types);
	else if (l->units - 1 > most)
		snprintf(why, n, "with at most %d of a type and %d tanks, an army "
			"has at most %d units besides its HQ, not %d", l->max_per_type,
			l->max_tanks, most, l->units - 1);
	else if (l->min_types > 9 + (l->max_tanks < 3 ? l->max_tanks : 3))
		snprintf(why, n, "with at most %d tanks, an army cannot have %d "
			"types besides its HQ", l->max_tanks, l->min_types);
	else
		return false;
	return true;
}

/*
 * The map and its limits: what the scenario or the state says, checked
 * for what the schema cannot (the setup rows must leave the two middle
 * ranks between the armies: City Spaces, WW-24).
 */
static void
check_map(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *map, const struct umpire_node *army)
{
	char why[200];

	/* The schema says so too; the arrays a map needs are bound here. */
	if (g->grid.files > WWII_MAX_MAP || g->grid.ranks > WWII_MAX_MAP ||
	    g->grid.files < 1 || g->grid.ranks < 1) {
		umpire_node_error(ctx->diags, map, "map: a map has 1 to %d files "
			"and ranks (WW-24)", WWII_MAX_MAP);
		return;
	}
	if (g->grid.ranks % 2)
		umpire_node_error(ctx->diags, umpire_map_get(map, "ranks"), "ranks: "
			"a map has an even number of ranks, so that both sides are as "
			"deep and two ranks lie in the middle (WW-24)");
	else if (2 * g->setup_rows + 2 > g->grid.ranks)
		umpire_node_error(ctx->diags, umpire_map_get(map, "setup-rows"),
			"setup-rows: %d setup rows a side leave no two ranks between the "
			"armies on a map of %d ranks (WW-24)", g->setup_rows,
			g->grid.ranks);
	if (impossible_limits(&g->lim, why, sizeof(why))) {
		umpire_node_error(ctx->diags, army, "no army can meet the army "
			"limits: %s (Army Creation, WW-24)", why);
	} else if (g->lim.units > g->grid.files * g->setup_rows) {
		/* Setup: every unit starts on its side's setup rows. */
		const struct umpire_node *units = umpire_map_get(army, "units");
		umpire_node_error(ctx->diags, units ? units : army, "%sno army of "
			"%d units fits on %d setup rows of %d squares, %d squares in "
			"all (Setup, WW-24)", units ? "units: " : "", g->lim.units,
			g->setup_rows, g->grid.files, g->setup_rows * g->grid.files);
	}
}

/* Which keys of a scenario's map and army only a campaign may give. */
static void
campaign_only(struct umpire_ctx *ctx, const struct umpire_node *n,
	const char *const *keys, const char *what)
{
	for (const char *const *k = keys; *k; k++) {
		const struct umpire_pair *p = umpire_map_pair(n, *k);
		if (p)
			umpire_node_error(ctx->diags, p->key, "%s: the standard game has "
				"%s; set it in a scenario with the campaign option "
				"(Campaign, WW-24)", *k, what);
	}
}

/*
 * Where a size stands in a file, and its key: the size itself; or, where
 * the file leaves it to the default, the mapping that would hold it, or
 * else the campaign option that asks for it.
 */
static const struct umpire_node *
size_at(const struct umpire_node *size, const char *key,
	const struct umpire_node *holder, const char *holder_key,
	const struct umpire_node *campaign, const char **name)
{
	*name = size ? key : holder ? holder_key : "campaign";
	return size ? size : holder ? holder : campaign;
}

/*
 * CAMPAIGN: "Use a Larger map with bigger armies", read literally: a map
 * larger than the standard 8x8, in files or ranks (never smaller: the
 * schema says so), and armies of more than the standard 16 units
 * (WW-24).  campaign is the option's node.
 */
static void
check_campaign_size(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *map, const struct umpire_node *army,
	const struct umpire_node *campaign)
{
	const struct umpire_node *files = umpire_map_get(map, "files");
	const struct umpire_node *n;
	const char *name;

	if (g->grid.files <= WWII_FILES && g->grid.ranks <= WWII_RANKS) {
		n = size_at(files ? files : umpire_map_get(map, "ranks"),
			files ? "files" : "ranks", map, "map", campaign, &name);
		umpire_node_error(ctx->diags, n, "%s: a campaign is played on a "
			"larger map than the standard %dx%d, and this one is %dx%d: "
			"give map.files or map.ranks more than %d (Campaign, WW-24)",
			name, WWII_FILES, WWII_RANKS, g->grid.files, g->grid.ranks,
			WWII_FILES);
	}
	if (g->lim.units <= standard_limits.units) {
		n = size_at(umpire_map_get(army, "units"), "units", army, "army",
			campaign, &name);
		umpire_node_error(ctx->diags, n, "%s: a campaign is played with "
			"bigger armies than the standard %d units, and these have %d: "
			"give army.units more than %d (Campaign, WW-24)", name,
			standard_limits.units, g->lim.units, standard_limits.units);
	}
}

static void
read_limits(const struct umpire_node *n, struct wwii_limits *l)
{
	const struct umpire_node *v;

	if ((v = umpire_map_get(n, "units")))
		l->units = (int)umpire_node_integer(v, l->units);
	if ((v = umpire_map_get(n, "max-tanks")))
		l->max_tanks = (int)umpire_node_integer(v, l->max_tanks);
	if ((v = umpire_map_get(n, "min-types")))
		l->min_types = (int)umpire_node_integer(v, l->min_types);
	if ((v = umpire_map_get(n, "max-per-type")))
		l->max_per_type = (int)umpire_node_integer(v, l->max_per_type);
	if ((v = umpire_map_get(n, "elite")))
		l->elite = (int)umpire_node_integer(v, l->elite);
}

static void
read_grid(const struct umpire_node *map, struct wwii_game *g)
{
	const struct umpire_node *v;

	if ((v = umpire_map_get(map, "files")))
		g->grid.files = (int)umpire_node_integer(v, WWII_FILES);
	if ((v = umpire_map_get(map, "ranks")))
		g->grid.ranks = (int)umpire_node_integer(v, WWII_RANKS);
	if ((v = umpire_map_get(map, "setup-rows")))
		g->setup_rows = (int)umpire_node_integer(v, WWII_SETUP_ROWS);
}

/* A list of squares into flag, each once. */
static void
read_squares(struct umpire_ctx *ctx, struct wwii_game *g,
	const struct umpire_node *list, unsigned flag, const char *what)
{
	for (size_t i = 0; list && i < list->u.seq.n; i++) {
		int sq = wwii_read_square(ctx, g, list->u.seq.v[i], "%s", what);
		if (sq < 0)
			continue;
		if (g->terrain[sq] & flag)
			umpire_node_error(ctx->diags, list->u.seq.v[i], "%s: %s is listed "
				"twice", what, list->u.seq.v[i]->u.s.ptr);
		g->terrain[sq] |= (unsigned char)flag;
	}
}

/* Recruits into the game's side: units and squares. */
static void
enlist(struct umpire_ctx *ctx, struct wwii_game *g, int side,
	const struct wwii_recruit *r, int n, bool setup)
{
	for (int k = 0; k < n; k++) {
		int i = wwii_add_unit(g, side);
		struct wwii_unit *u = &g->units[side][i];
		u->id = umpire_arena_strdup(g->arena, r[k].id);
		u->type = r[k].type;
		u->elite = r[k].elite;
		memcpy(u->retreat, r[k].retreat, sizeof(u->retreat));
		u->nretreat = r[k].nretreat;
		int sq = r[k].sq;
		if (sq < 0)
			continue;
		if (setup && !wwii_in_setup(g, side, sq))
			umpire_node_error(ctx->diags, umpire_map_get(r[k].node, "at"),
				"%s is placed on %s, outside the %s' setup rows, %s "
				"(Setup, WW-5)", u->id, wwii_sq_name(ctx->arena, g, sq),
				wwii_sides[side], wwii_setup_ranks(ctx->arena, g, side));
		if (g->pos.at[sq] >= 0) {
			int ref = g->pos.at[sq];
			umpire_node_error(ctx->diags, umpire_map_get(r[k].node, "at"),
				"%s is placed on %s, where %s stands already; units may not "
				"stack (Setup)", u->id, wwii_sq_name(ctx->arena, g, sq),
				g->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
			continue;
		}
		g->pos.where[side][i] = sq;
		g->pos.at[sq] = wwii_ref(side, i);
	}
}

/*
 * Ids unique across the game; nodes[s][i] locates unit i of side s.
 * across: only an id both sides use (wwii_check_army found the rest).
 */
static void
check_ids(struct umpire_ctx *ctx, struct wwii_game *g,
	const struct umpire_node **nodes[2], bool across)
{
	int s2;

	wwii_index_ids(g);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < g->nunits[s]; i++) {
			int j = wwii_find_unit(g, g->units[s][i].id, &s2);
			if (across ? s2 != s : j != i || s2 != s)
				umpire_node_error(ctx->diags, nodes[s][i], "two units are "
					"called '%s'; give each unit its own id",
					g->units[s][i].id);
		}
}

/* "d4, g4 and a5" */
static const char *
square_list(struct umpire_arena *a, const struct wwii_game *g, unsigned flag)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int n = 0, total = 0;

	for (int sq = 0; sq < g->nsquares; sq++)
		total += (g->terrain[sq] & flag) != 0;
	for (int sq = 0; sq < g->nsquares; sq++)
		if (g->terrain[sq] & flag) {
			n++;
			umpire_buf_printf(&b, "%s%s", n == 1 ? "" : n == total ? " and " :
				", ", wwii_sq_name(a, g, sq));
		}
	const char *s = umpire_arena_strdup(a, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return s;
}

/*
 * City Spaces: "Randomly place 4 cities in the 2 rows between the
 * players" -- the two middle ranks, by dice from the game's seed, each
 * city a die over the squares still free (WW-19).
 */
static void
place_cities(struct umpire_ctx *ctx, struct wwii_game *g, int count)
{
	int r1 = g->grid.ranks / 2, n = 0;
	int *cand = umpire_arena_alloc(ctx->arena,
		(size_t)(2 * g->grid.files) * sizeof(int));

	for (int r = r1; r <= r1 + 1; r++)
		for (int f = 1; f <= g->grid.files; f++)
			cand[n++] = umpire_grid_index(&g->grid,
				(struct umpire_square){ f, r });
	for (int k = 0; k < count && n > 0; k++) {
		unsigned roll = umpire_dice_roll(ctx->dice, (unsigned)n, "City Spaces: "
			"city %d of %d, among the %d free squares of ranks %d and %d, "
			"counted from %s", k + 1, count, n, r1, r1 + 1,
			wwii_sq_name(ctx->arena, g, cand[0]));
		int sq = cand[roll - 1];
		g->terrain[sq] |= WWII_CITY;
		memmove(&cand[roll - 1], &cand[roll], (size_t)(n - (int)roll) *
			sizeof(int));
		n--;
	}
}

static const char *
rule_list(struct umpire_arena *a, const struct wwii_options *o, bool on)
{
	static const char *const names[] = {
		"City Spaces", "Difficult Terrain", "Elite Units",
		"Experienced Units", "Reinforcements", "Campaign",
	};
	struct wwii_options copy = *o;
	const char *pick[NOPTIONS];
	int n = 0;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (int k = 0; k < NOPTIONS; k++)
		if (*option(&copy, k) == on)
			pick[n++] = names[k];
	for (int i = 0; i < n; i++)
		umpire_buf_printf(&b, "%s%s", i == 0 ? "" : i == n - 1 ? " and " :
			", ", pick[i]);
	const char *s = n ? umpire_arena_strdup(a, b.ptr) : NULL;
	umpire_buf_free(&b);
	return s;
}

void *
wwii_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario)
{
	struct wwii_game *g = game_new(ga);
	const struct umpire_node *map = umpire_map_get(scenario, "map");
	const struct umpire_node *army = umpire_map_get(scenario, "army");
	const struct umpire_node *armies = umpire_map_get(scenario, "armies");
	const struct umpire_node *first = umpire_map_get(scenario, "first");
	const struct umpire_node *limit = umpire_map_get(scenario, "turn-limit");
	const struct umpire_node *terrain = umpire_map_get(map, "terrain");
	const struct umpire_node *ccount = umpire_map_get(map, "city-count");
	struct umpire_report *r = ctx->report;
	size_t errors = ctx->diags->errors;
	int cities = 4;

	read_options(ctx, umpire_map_get(scenario, "options"), &g->opt);
	g->first = first ? wwii_find_side(first->u.s.ptr) : WWII_ALLIES;
	if (limit)
		g->turn_limit = (int)umpire_node_integer(limit, WWII_TURN_LIMIT);
	if (!g->opt.campaign) {
		static const char *const map_keys[] = { "files", "ranks",
			"setup-rows", "city-count", NULL };
		static const char *const army_keys[] = { "units", "max-tanks",
			"min-types", "max-per-type", "elite", NULL };
		campaign_only(ctx, map, map_keys, "an 8x8 map, back three rows for "
			"setup and 4 cities");
		campaign_only(ctx, army, army_keys, "the rulebook's army limits");
	}
	read_grid(map, g);
	read_limits(army, &g->lim);
	if (ccount)
		cities = (int)umpire_node_integer(ccount, 4);
	if (ctx->diags->errors != errors)
		return NULL;
	if (g->opt.campaign)
		check_campaign_size(ctx, g, map, army, umpire_map_get(
			umpire_map_get(scenario, "options"), "campaign"));
	check_map(ctx, g, map, army ? army : scenario);
	if (ccount && cities > 2 * g->grid.files)
		umpire_node_error(ctx->diags, ccount, "city-count: the two middle "
			"ranks hold %d squares, too few for %d cities (City Spaces, "
			"WW-19)", 2 * g->grid.files, cities);
	if (ccount && !g->opt.cities)
		umpire_node_error(ctx->diags, ccount, "city-count: cities need the "
			"city-spaces option");
	if (ctx->diags->errors != errors)
		return NULL;
	make_squares(g);
	if (terrain && !g->opt.terrain)
		umpire_node_error(ctx->diags, terrain, "terrain: difficult terrain "
			"needs the difficult-terrain option (Difficult Terrain, WW-20)");
	read_squares(ctx, g, terrain, WWII_DIFFICULT, "terrain");

	/* The armies the scenario fixes; the rest are designed (WW-3). */
	struct wwii_recruit *rec[2] = { NULL, NULL };
	int nrec[2] = { 0, 0 };
	const struct umpire_node *lists[2] = {
		umpire_map_get(armies, wwii_sides[0]),
		umpire_map_get(armies, wwii_sides[1]),
	};
	for (int s = 0; s < 2; s++)
		if (lists[s])
			wwii_read_recruits(ctx, g, s, lists[s], lists[!s], &rec[s],
				&nrec[s]);
	if (ctx->diags->errors != errors)
		return NULL;
	for (int s = 0; s < 2; s++) {
		if (!lists[s])
			continue;
		wwii_check_army(ctx, g, s, rec[s], nrec[s], lists[s]);
		int placed = 0;
		for (int k = 0; k < nrec[s]; k++)
			placed += rec[s][k].sq >= 0;
		if (placed && placed != nrec[s])
			umpire_node_error(ctx->diags, lists[s], "give every %s unit a "
				"square with 'at', or none (then the players place them: "
				"Setup, WW-5)", wwii_adj[s]);
		enlist(ctx, g, s, rec[s], nrec[s], true);
	}
	const struct umpire_node **nodes[2];
	for (int s = 0; s < 2; s++) {
		nodes[s] = umpire_arena_alloc(ctx->arena,
			((size_t)nrec[s] + 1) * sizeof(*nodes[s]));
		for (int k = 0; k < nrec[s]; k++)
			nodes[s][k] = rec[s][k].node;
	}
	check_ids(ctx, g, nodes, true);
	if (ctx->diags->errors != errors)
		return NULL;

	const char *title = umpire_node_cstr(umpire_map_get(scenario, "title"));
	char last[3];
	umpire_grid_file_name(g->grid.files, last);
	umpire_report_title(r, "Step 0: set-up");
	umpire_report_printf(r, "%s: WWII Combined Arms on %s %dx%d map, files a "
		"to %s and ranks 1 to %d. The allies set up on ranks 1 to %d and the "
		"axis on ranks %d to %d (The Map, Setup, WW-1). ", title ? title :
		"WWII Combined Arms", g->grid.files == 8 || g->grid.files == 11 ||
		g->grid.files == 18 ? "an" : "a", g->grid.files, g->grid.ranks, last,
		g->grid.ranks, g->setup_rows, g->grid.ranks - g->setup_rows + 1,
		g->grid.ranks);
	const char *on = rule_list(ctx->arena, &g->opt, true);
	umpire_report_printf(r, "%s%s.", on ? "Optional rules in play: " :
		"No optional rules are in play", on ? on : "");
	if (g->opt.campaign)
		umpire_report_printf(r, " Armies of %d units, at most %d tanks, at "
			"least %d types besides the HQ, at most %d of a type, %d elite "
			"(Campaign, WW-24).", g->lim.units, g->lim.max_tanks,
			g->lim.min_types, g->lim.max_per_type, g->lim.elite);
	umpire_report_printf(r, " A turn limit of %d turns a side (WW-18).\n\n",
		g->turn_limit);
	if (g->opt.terrain)
		umpire_report_printf(r, "- Difficult Terrain: %s (WW-20).\n",
			g->nsquares && strlen(square_list(ctx->arena, g, WWII_DIFFICULT)) ?
			square_list(ctx->arena, g, WWII_DIFFICULT) :
			"none placed by the scenario");
	if (g->opt.cities) {
		place_cities(ctx, g, cities);
		umpire_report_printf(r, "- City Spaces: the dice place %d cities on "
			"the two middle ranks, %d and %d: %s. A side that occupies them "
			"all wins at once (WW-19).\n", cities, g->grid.ranks / 2,
			g->grid.ranks / 2 + 1, square_list(ctx->arena, g, WWII_CITY));
	}
	for (int s = 0; s < 2; s++) {
		if (!lists[s]) {
			umpire_report_printf(r, "- %s design their army (Army "
				"Creation, WW-3).\n", wwii_Sides[s]);
			continue;
		}
		int placed = 0;
		for (int i = 0; i < g->nunits[s]; i++)
			placed += g->pos.where[s][i] >= 0;
		umpire_report_printf(r, "- %s' army of %d units is the scenario's, "
			"%s.\n", wwii_Sides[s], g->nunits[s], placed ?
			"and so is its deployment" : "and the players place it (WW-5)");
	}
	wwii_next_decision(g, -1);
	const char *next = wwii_next_text(ctx->arena, g);
	umpire_report_printf(r, "\n%s play first (WW-4); the %s %s next.\n",
		wwii_Sides[g->first], wwii_sides[g->to_move], next);
	umpire_report_headline(r, "%s play first; the %s %s next.",
		wwii_Sides[g->first], wwii_sides[g->to_move], next);
	return g;
}

/* --------------------------------------------------------------- decode */

static void
read_unit(struct wwii_game *g, const struct umpire_node *n, int side, int i)
{
	struct wwii_unit *u = &g->units[side][i];
	const struct umpire_node *retreat = umpire_map_get(n, "retreat");
	const struct umpire_node *elite = umpire_map_get(n, "elite");

	u->id = umpire_map_get(n, "id")->u.s.ptr;
	u->type = (enum wwii_type)wwii_find_type(umpire_map_get(n, "type")->u.s.ptr);
	u->elite = elite && elite->u.b;
	u->kills = (int)umpire_node_integer(umpire_map_get(n, "kills"), 0);
	u->nretreat = retreat ? wwii_read_dirs(retreat, u->retreat) : 0;
}

/* The decision a position in the set-up or the turns calls for. */
static void
check_awaiting(struct umpire_ctx *ctx, struct wwii_game *g,
	const struct umpire_node *aw)
{
	const struct umpire_node *turn = umpire_map_get(aw, "turn");
	const struct umpire_node *reinf = umpire_map_get(aw, "reinforcement");
	int s = g->to_move, unplaced[2] = { 0, 0 };

	for (int k = 0; k < 2; k++)
		for (int i = 0; i < g->nunits[k]; i++)
			unplaced[k] += !g->units[k][i].destroyed &&
				g->pos.where[k][i] < 0;
	bool designed = g->nunits[0] && g->nunits[1];
	if (g->kind == WWII_ARMY && g->nunits[s])
		umpire_node_error(ctx->diags, aw, "awaiting: the %s' army is "
			"designed already", wwii_sides[s]);
	if (g->kind != WWII_ARMY && !designed)
		umpire_node_error(ctx->diags, aw, "awaiting: an army is still to be "
			"designed, so the game awaits an army");
	if (g->kind == WWII_PLACE && !unplaced[s])
		umpire_node_error(ctx->diags, aw, "awaiting: the %s have no unit "
			"left to place", wwii_sides[s]);
	if (g->kind == WWII_TURN && (unplaced[0] || unplaced[1]))
		umpire_node_error(ctx->diags, aw, "awaiting: units are still to be "
			"placed, so the game awaits a placement");
	if (g->kind != WWII_TURN && (turn || reinf))
		umpire_node_error(ctx->diags, turn ? turn : reinf, "awaiting: only a "
			"turn has a turn number and a reinforcement");
	if (g->kind != WWII_TURN && (g->turns[0] || g->turns[1]))
		umpire_node_error(ctx->diags, aw, "awaiting: turns have been played, "
			"so the game awaits a turn");
	if (g->kind != WWII_TURN)
		return;
	/* The first player's turn comes when both have played as many. */
	int due = g->turns[g->first] == g->turns[!g->first] ? g->first :
		!g->first;
	if (s != due || g->turns[g->first] - g->turns[!g->first] > 1 ||
	    g->turns[g->first] < g->turns[!g->first])
		umpire_node_error(ctx->diags, aw, "awaiting: the %s have played %d "
			"turns and the %s %d, so it is the %s' turn", wwii_sides[0],
			g->turns[0], wwii_sides[1], g->turns[1], wwii_sides[due]);
	if (umpire_node_integer(turn, -1) != g->turns[s] + 1)
		umpire_node_error(ctx->diags, turn ? turn : aw, "awaiting.turn is "
			"%lld, but the %s have played %d turns", umpire_node_integer(turn,
			-1), wwii_sides[s], g->turns[s]);
	bool want = wwii_reinforcement_due(g, g->turns[s] + 1);
	if ((reinf && reinf->u.b) != want)
		umpire_node_error(ctx->diags, reinf ? reinf : aw, "awaiting."
			"reinforcement: a reinforcement is %sdue at turn %d (Reinforcements, "
			"WW-23)", want ? "" : "not ", g->turns[s] + 1);
	if (g->turns[0] > g->turn_limit || g->turns[1] > g->turn_limit ||
	    (g->turns[0] == g->turn_limit && g->turns[1] == g->turn_limit))
		umpire_node_error(ctx->diags, aw, "awaiting: the turn limit, %d "
			"turns a side, is reached (WW-18)", g->turn_limit);
}

void *
wwii_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state)
{
	struct wwii_game *g = game_new(ga);
	const struct umpire_node *map = umpire_map_get(state, "map");
	const struct umpire_node *armies = umpire_map_get(state, "armies");
	const struct umpire_node *destroyed = umpire_map_get(state, "destroyed");
	const struct umpire_node *awaiting = ctx->awaiting;
	const struct umpire_node *turns = umpire_map_get(state, "turns");
	size_t errors = ctx->diags->errors;

	read_options(ctx, umpire_map_get(state, "options"), &g->opt);
	read_grid(map, g);
	read_limits(umpire_map_get(state, "army"), &g->lim);
	g->first = wwii_find_side(umpire_map_get(state, "first")->u.s.ptr);
	g->turn_limit = (int)umpire_node_integer(umpire_map_get(state,
		"turn-limit"), WWII_TURN_LIMIT);
	for (int s = 0; s < 2; s++)
		g->turns[s] = (int)umpire_node_integer(umpire_map_get(turns,
			wwii_sides[s]), 0);
	if (!g->opt.campaign && (g->grid.files != WWII_FILES ||
	    g->grid.ranks != WWII_RANKS || g->setup_rows != WWII_SETUP_ROWS))
		umpire_node_error(ctx->diags, map, "map: a map other than 8x8 with "
			"three setup rows needs the campaign option (WW-24)");
	if (!g->opt.campaign && memcmp(&g->lim, &standard_limits,
	    sizeof(g->lim)) != 0)
		umpire_node_error(ctx->diags, umpire_map_get(state, "army"), "army: "
			"limits other than the rulebook's (16 units, 5 tanks, 7 types, "
			"4 of a type, 2 elite) need the campaign option (WW-24)");
	if (g->opt.campaign)
		check_campaign_size(ctx, g, map, umpire_map_get(state, "army"),
			umpire_map_get(umpire_map_get(state, "options"), "campaign"));
	check_map(ctx, g, map, umpire_map_get(state, "army"));
	if (ctx->diags->errors != errors)
		return NULL;
	make_squares(g);
	const struct umpire_node *terrain = umpire_map_get(map, "terrain");
	const struct umpire_node *cities = umpire_map_get(map, "cities");
	if (terrain->u.seq.n && !g->opt.terrain)
		umpire_node_error(ctx->diags, terrain, "map.terrain: difficult "
			"terrain needs the difficult-terrain option");
	if (cities->u.seq.n && !g->opt.cities)
		umpire_node_error(ctx->diags, cities, "map.cities: cities need the "
			"city-spaces option");
	read_squares(ctx, g, terrain, WWII_DIFFICULT, "map.terrain");
	read_squares(ctx, g, cities, WWII_CITY, "map.cities");

	const struct umpire_node **nodes[2];
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *alive = umpire_map_get(armies, wwii_sides[s]);
		const struct umpire_node *dead = umpire_map_get(destroyed,
			wwii_sides[s]);
		nodes[s] = umpire_arena_alloc(ctx->arena, (alive->u.seq.n +
			dead->u.seq.n + 1) * sizeof(*nodes[s]));
		for (size_t k = 0; k < alive->u.seq.n; k++) {
			const struct umpire_node *n = alive->u.seq.v[k];
			const struct umpire_node *at = umpire_map_get(n, "at");
			int i = wwii_add_unit(g, s);
			nodes[s][i] = n;
			read_unit(g, n, s, i);
			int sq = at ? wwii_read_square(ctx, g, at, "at") : -1;
			if (sq < 0)
				continue;
			if (g->pos.at[sq] >= 0) {
				int ref = g->pos.at[sq];
				umpire_node_error(ctx->diags, at, "%s is on %s, where %s "
					"stands already; units may not stack", g->units[s][i].id,
					at->u.s.ptr,
					g->units[wwii_ref_side(ref)][wwii_ref_index(ref)].id);
				continue;
			}
			g->pos.where[s][i] = sq;
			g->pos.at[sq] = wwii_ref(s, i);
		}
		for (size_t k = 0; k < dead->u.seq.n; k++) {
			const struct umpire_node *n = dead->u.seq.v[k];
			const struct umpire_node *by = umpire_map_get(n, "by");
			int i = wwii_add_unit(g, s);
			struct wwii_unit *u = &g->units[s][i];
			nodes[s][i] = n;
			read_unit(g, n, s, i);
			u->fell = wwii_read_square(ctx, g, umpire_map_get(n, "at"), "at");
			u->destroyed = true;
			u->died = (long)umpire_node_integer(umpire_map_get(n, "step"), 0);
			u->seq = ++g->deaths;
			const char *how = umpire_map_get(n, "how")->u.s.ptr;
			for (int h = 0; h < WWII_HOWS; h++)
				if (strcmp(wwii_hows[h], how) == 0)
					u->how = (enum wwii_how)h;
			u->nby = by ? (int)by->u.seq.n : 0;
			u->by = umpire_arena_alloc(ga, ((size_t)u->nby + 1) *
				sizeof(*u->by));
			for (int b = 0; b < u->nby; b++)
				u->by[b] = by->u.seq.v[b]->u.s.ptr;
		}
	}
	check_ids(ctx, g, nodes, false);
	for (int s = 0; s < 2; s++) {
		int hqs = 0;
		for (int i = 0; i < g->nunits[s]; i++) {
			const struct wwii_unit *u = &g->units[s][i];
			int side;
			hqs += !u->destroyed && u->type == WWII_HQ;
			if (!u->destroyed && u->type == WWII_HQ && hqs == 2)
				umpire_node_error(ctx->diags, nodes[s][i], "the %s have two "
					"HQs; an army has only 1 (Army Creation)", wwii_sides[s]);
			for (int b = 0; b < u->nby; b++)
				if (wwii_find_unit(g, u->by[b], &side) < 0 || side == s)
					umpire_node_error(ctx->diags, umpire_map_get(nodes[s][i],
						"by"), "by: %s is no %s unit",
						umpire_quote_str(ctx->diags, u->by[b]), wwii_adj[!s]);
		}
		if (!hqs && g->nunits[s] && awaiting)
			umpire_node_error(ctx->diags, umpire_map_get(armies,
				wwii_sides[s]), "the %s have no HQ, so the game is over; the "
				"state must say so in result", wwii_sides[s]);
	}
	if (awaiting) {
		g->to_move = wwii_find_side(ctx->awaited.player);
		const char *kind = ctx->awaited.kind;
		for (int k = 0; k < 3; k++)
			if (strcmp(wwii_kinds[k], kind) == 0)
				g->kind = (enum wwii_kind)k;
		if (ctx->diags->errors == errors)
			check_awaiting(ctx, g, awaiting);
		/* Setup: until the first turn, units stand on their setup rows
		 * (WW-5); a unit placed elsewhere is no position umpire made. */
		for (int s = 0; s < 2 && g->kind != WWII_TURN; s++)
			for (int i = 0; i < g->nunits[s]; i++) {
				int sq = g->pos.where[s][i];
				if (sq >= 0 && !wwii_in_setup(g, s, sq))
					umpire_node_error(ctx->diags, umpire_map_get(nodes[s][i],
						"at"), "%s is on %s, outside the %s' setup rows, %s, "
						"and no turn has been played (Setup, WW-5)",
						g->units[s][i].id, wwii_sq_name(ctx->arena, g, sq),
						wwii_sides[s], wwii_setup_ranks(ctx->arena, g, s));
			}
	} else {
		g->winner = umpire_result_side_of(ctx->result, wwii_sides);
		if (g->winner < 0 && !umpire_result_is_draw(ctx->result))
			umpire_node_error(ctx->diags, umpire_map_get(state, "result"),
				"result: a game of WWII Combined Arms has one winner, or "
				"is a draw");
	}
	return ctx->diags->errors == errors ? g : NULL;
}

/* --------------------------------------------------------------- encode */

static struct umpire_node *
squares_node(struct umpire_arena *a, const struct wwii_game *g, unsigned flag)
{
	struct umpire_node *list = umpire_node_seq(a, true);

	for (int sq = 0; sq < g->nsquares; sq++)
		if (g->terrain[sq] & flag)
			umpire_seq_add(a, list, umpire_node_str(a,
				wwii_sq_name(a, g, sq)));
	return list;
}

static struct umpire_node *
unit_node(struct umpire_arena *a, const struct wwii_game *g, int side, int i)
{
	const struct wwii_unit *u = &g->units[side][i];
	struct umpire_node *n = umpire_node_map(a, true);
	int sq = u->destroyed ? u->fell : g->pos.where[side][i];

	umpire_map_add(a, n, "id", umpire_node_str(a, u->id));
	umpire_map_add(a, n, "type", umpire_node_str(a, wwii_types[u->type].name));
	if (sq >= 0)
		umpire_map_add(a, n, "at", umpire_node_str(a, wwii_sq_name(a, g, sq)));
	if (u->elite)
		umpire_map_add(a, n, "elite", umpire_node_bool(a, true));
	if (u->kills)
		umpire_map_add(a, n, "kills", umpire_node_int(a, u->kills));
	if (u->nretreat) {
		struct umpire_node *r = umpire_map_add(a, n, "retreat",
			umpire_node_seq(a, true));
		for (int k = 0; k < u->nretreat; k++)
			umpire_seq_add(a, r, umpire_node_str(a, wwii_dirs[u->retreat[k]]));
	}
	if (u->destroyed) {
		umpire_map_add(a, n, "step", umpire_node_int(a, u->died));
		umpire_map_add(a, n, "how", umpire_node_str(a, wwii_hows[u->how]));
		if (u->nby) {
			struct umpire_node *by = umpire_map_add(a, n, "by",
				umpire_node_seq(a, true));
			for (int k = 0; k < u->nby; k++)
				umpire_seq_add(a, by, umpire_node_str(a, u->by[k]));
		}
	}
	return n;
}

void
wwii_encode(struct umpire_ctx *ctx, const void *game, struct umpire_node *state)
{
	const struct wwii_game *g = game;
	struct umpire_arena *a = ctx->arena;

	if (g->to_move >= 0 && g->kind == WWII_TURN) {
		int turn = g->turns[g->to_move] + 1;
		umpire_map_add(a, ctx->tail, "turn", umpire_node_int(a, turn));
		if (wwii_reinforcement_due(g, turn))
			umpire_map_add(a, ctx->tail, "reinforcement",
				umpire_node_bool(a, true));
	}
	umpire_map_add(a, state, "first", umpire_node_str(a, wwii_sides[g->first]));
	umpire_map_add(a, state, "turn-limit", umpire_node_int(a, g->turn_limit));
	struct umpire_node *turns = umpire_map_add(a, state, "turns",
		umpire_node_map(a, true));
	for (int s = 0; s < 2; s++)
		umpire_map_add(a, turns, wwii_sides[s], umpire_node_int(a,
			g->turns[s]));
	struct umpire_node *opt = umpire_map_add(a, state, "options",
		umpire_node_map(a, false));
	struct wwii_options o = g->opt;
	for (int k = 0; k < NOPTIONS; k++)
		umpire_map_add(a, opt, option_names[k],
			umpire_node_bool(a, *option(&o, k)));
	struct umpire_node *map = umpire_map_add(a, state, "map",
		umpire_node_map(a, false));
	umpire_map_add(a, map, "files", umpire_node_int(a, g->grid.files));
	umpire_map_add(a, map, "ranks", umpire_node_int(a, g->grid.ranks));
	umpire_map_add(a, map, "setup-rows", umpire_node_int(a, g->setup_rows));
	umpire_map_add(a, map, "terrain", squares_node(a, g, WWII_DIFFICULT));
	umpire_map_add(a, map, "cities", squares_node(a, g, WWII_CITY));
	struct umpire_node *lim = umpire_map_add(a, state, "army",
		umpire_node_map(a, true));
	umpire_map_add(a, lim, "units", umpire_node_int(a, g->lim.units));
	umpire_map_add(a, lim, "max-tanks", umpire_node_int(a, g->lim.max_tanks));
	umpire_map_add(a, lim, "min-types", umpire_node_int(a, g->lim.min_types));
	umpire_map_add(a, lim, "max-per-type",
		umpire_node_int(a, g->lim.max_per_type));
	umpire_map_add(a, lim, "elite", umpire_node_int(a, g->lim.elite));
	struct umpire_node *armies = umpire_map_add(a, state, "armies",
		umpire_node_map(a, false));
	struct umpire_node *gone = umpire_node_map(a, false);
	for (int s = 0; s < 2; s++) {
		struct umpire_node *list = umpire_map_add(a, armies, wwii_sides[s],
			umpire_node_seq(a, false));
		for (int i = 0; i < g->nunits[s]; i++)
			if (!g->units[s][i].destroyed)
				umpire_seq_add(a, list, unit_node(a, g, s, i));
		list = umpire_map_add(a, gone, wwii_sides[s],
			umpire_node_seq(a, false));
		/* The destroyed, in the order they fell (resolve.c puts them so). */
		for (int i = 0; i < g->nunits[s]; i++)
			if (g->units[s][i].destroyed)
				umpire_seq_add(a, list, unit_node(a, g, s, i));
	}
	umpire_map_add(a, state, "destroyed", gone);
}
