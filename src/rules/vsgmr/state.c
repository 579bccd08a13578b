/*
 * state.c - a VSGMR game written as a state file (vsgmr.h's state
 * section; schemas/vsgmr/state.yaml): the scenario's document again, as
 * the game stands, for scenario.c's vs_state_read to read back.
 *
 * Every key is written in one fixed order, and only when it says more
 * than its default, so that a state read and written again is the same
 * bytes: that is what lets umpire verify compare a replayed game with
 * the committed one.  Each figure is an entry of its own, under its own
 * id (no count), in its first force's list, whoever owns it now.
 */
#include "vsgmr.h"

/* Hundredths of an inch as a number of inches: 12.5, 17. */
static struct umpire_node *
len_node(struct umpire_arena *a, int32_t v)
{
	return umpire_node_fixed_new(a, v, 2);
}

struct umpire_node *
vs_pt_node(struct umpire_arena *a, struct umpire_pt p)
{
	struct umpire_node *n = umpire_node_seq(a, true);

	umpire_seq_add(a, n, len_node(a, p.x));
	umpire_seq_add(a, n, len_node(a, p.y));
	return n;
}

struct umpire_node *
vs_sq_node(struct umpire_arena *a, struct umpire_square s)
{
	char name[UMPIRE_SQUARE_NAME];

	return umpire_node_str(a, umpire_arena_strdup(a,
		umpire_grid_name(s, name)));
}

static void
add_true(struct umpire_arena *a, struct umpire_node *map, const char *key,
	bool b)
{
	if (b)
		umpire_map_add(a, map, key, umpire_node_bool(a, true));
}

static void
add_int(struct umpire_arena *a, struct umpire_node *map, const char *key,
	int v)
{
	if (v)
		umpire_map_add(a, map, key, umpire_node_int(a, v));
}

/* A mapping's value under key, to add to, or NULL. */
static struct umpire_node *
value_of(struct umpire_node *map, const char *key)
{
	for (size_t i = 0; map && map->type == UMPIRE_MAP && i < map->u.map.n;
	    i++)
		if (umpire_node_is_str(map->u.map.v[i].key, key))
			return map->u.map.v[i].val;
	return NULL;
}

/* ---------------------------------------------------------------- players */

/*
 * Each player's play fields, added to the mapping core wrote for him
 * under players (name, email, key), or to a new one when core wrote
 * none (a state written on its own, as the tests do).
 */
static void
write_players(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct umpire_node *ps = value_of(state, "players");

	if (!ps || ps->type != UMPIRE_MAP)
		ps = umpire_map_add(a, state, "players", umpire_node_map(a,
			false));
	for (int k = 0; k < g->nplayers; k++) {
		const struct vs_player *pl = &g->player[k];
		struct umpire_node *p = value_of(ps, pl->id);
		if (!p || p->type != UMPIRE_MAP)
			p = umpire_map_add(a, ps, pl->id, umpire_node_map(a, true));
		add_int(a, p, "score", pl->score);
		add_int(a, p, "roll", pl->roll);
		add_true(a, p, "inspired", pl->inspired);
		add_int(a, p, "spawn", pl->spawn);
		add_int(a, p, "activation", pl->activation);
		if (pl->activation)	/* VS-78: even when 0 */
			umpire_map_add(a, p, "activation-figures",
				umpire_node_int(a, pl->most));
		if (pl->activation == 2 || pl->activation == 3)
			umpire_map_add(a, p, "activation-points",
				umpire_node_int(a, pl->most_points));
		add_int(a, p, "active", pl->active);
		add_int(a, p, "active-points", pl->active_points);
		add_true(a, p, "owed", pl->owed);
	}
}

/* -------------------------------------------------------------- surface */

static void
write_surface(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct umpire_node *s;

	if (g->on_map) {
		s = umpire_map_add(a, state, "map", umpire_node_map(a, true));
		umpire_map_add(a, s, "files", umpire_node_int(a, g->grid.files));
		umpire_map_add(a, s, "ranks", umpire_node_int(a, g->grid.ranks));
		umpire_map_add(a, s, "scale", umpire_node_str(a,
			g->scale->name));
		return;
	}
	s = umpire_map_add(a, state, "table", umpire_node_map(a, true));
	umpire_map_add(a, s, "width", len_node(a, g->table.width));
	umpire_map_add(a, s, "depth", len_node(a, g->table.depth));
	if (g->default_base != VS_DEFAULT_BASE)
		umpire_map_add(a, s, "base", len_node(a, g->default_base));
}

/* A rectangle along the table's sides, written corner and size. */
static bool
is_rectangle(const struct umpire_piece *p)
{
	if (p->n != 4)
		return false;
	for (int i = 0; i < 4; i++)
		if ((p->corner[i].x != p->lo.x && p->corner[i].x != p->hi.x) ||
		    (p->corner[i].y != p->lo.y && p->corner[i].y != p->hi.y))
			return false;
	return p->lo.x < p->hi.x && p->lo.y < p->hi.y;
}

static void
write_piece(struct umpire_arena *a, const struct umpire_piece *p,
	struct umpire_node *fn)
{
	static const char *const does[] = { "barrier", "cover", "rough" };
	static const unsigned bit[] = { VS_BARRIER, VS_COVER, VS_ROUGH };
	struct umpire_node *d = umpire_map_add(a, fn, "does",
		umpire_node_seq(a, true));

	for (int i = 0; i < 3; i++)
		if ((unsigned)p->kind & bit[i])
			umpire_seq_add(a, d, umpire_node_str(a, does[i]));
	if (is_rectangle(p)) {
		struct umpire_node *size;
		umpire_map_add(a, fn, "corner", vs_pt_node(a, p->lo));
		size = umpire_map_add(a, fn, "size", umpire_node_seq(a, true));
		umpire_seq_add(a, size, len_node(a, p->hi.x - p->lo.x));
		umpire_seq_add(a, size, len_node(a, p->hi.y - p->lo.y));
		return;
	}
	struct umpire_node *c = umpire_map_add(a, fn, "corners",
		umpire_node_seq(a, true));
	for (int i = 0; i < p->n; i++)
		umpire_seq_add(a, c, vs_pt_node(a, p->corner[i]));
}

static void
write_features(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct umpire_node *list;

	if (!g->nfeatures)
		return;
	list = umpire_map_add(a, state, "features", umpire_node_seq(a, false));
	for (int i = 0; i < g->nfeatures; i++) {
		const struct vs_feature *f = &g->feature[i];
		struct umpire_node *fn = umpire_seq_add(a, list,
			umpire_node_map(a, true));
		umpire_map_add(a, fn, "id", umpire_node_str(a, f->id));
		if (g->on_map) {
			struct umpire_node *sq;
			umpire_map_add(a, fn, "kind", umpire_node_str(a,
				vs_terrain_names[f->map_kind]));
			sq = umpire_map_add(a, fn, "squares", umpire_node_seq(a,
				true));
			for (int k = 0; k < f->nsquares; k++)
				umpire_seq_add(a, sq, vs_sq_node(a, f->squares[k]));
		} else {
			write_piece(a, &f->piece, fn);
		}
		add_int(a, fn, "hits", f->hits);
		add_true(a, fn, "removed", f->removed);
	}
}

static void
write_objects(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct umpire_node *list;

	if (!g->nobjects)
		return;
	list = umpire_map_add(a, state, "objects", umpire_node_seq(a, false));
	for (int i = 0; i < g->nobjects; i++) {
		const struct vs_object *o = &g->object[i];
		struct umpire_node *on = umpire_seq_add(a, list,
			umpire_node_map(a, true));
		umpire_map_add(a, on, "id", umpire_node_str(a, o->id));
		if (o->holder >= 0)
			umpire_map_add(a, on, "held", umpire_node_str(a,
				g->figure[o->holder].id));
		else
			umpire_map_add(a, on, "at", g->on_map ? vs_sq_node(a, o->sq) :
				vs_pt_node(a, o->at));
	}
}

/* ---------------------------------------------------------------- forces */

/* What a figure is, as an army file writes it: only what differs from
 * its kind's defaults (vs_profile_init). */
static void
write_profile(struct umpire_arena *a, const struct vs_profile *p,
	struct umpire_node *fn)
{
	struct vs_profile def;

	vs_profile_init(&def, p->kind);
	umpire_map_add(a, fn, "type", umpire_node_str(a,
		vs_kind_names[p->kind]));
	add_true(a, fn, "commander", p->commander);
	if (p->armor != def.armor)
		umpire_map_add(a, fn, "armor", umpire_node_str(a,
			vs_armor_names[p->armor]));
	add_true(a, fn, "distance", p->distance);
	add_true(a, fn, "automatic", p->automatic);
	if (p->traits) {
		struct umpire_node *t = umpire_map_add(a, fn, "traits",
			umpire_node_seq(a, true));
		for (int i = 0; i < VS_TRAITS; i++)
			if (vs_has(p, i))
				umpire_seq_add(a, t, umpire_node_str(a, i ==
					VS_COMBAT_MASTER && p->weapon_master ?
					"weapon-master" : vs_trait_names[i]));
	}
	struct umpire_node *pw = NULL;
	for (int i = 0; i < VS_POWERS; i++) {
		if (p->power[i] == VS_NOT)
			continue;
		if (!pw)
			pw = umpire_map_add(a, fn, "powers", umpire_node_map(a,
				true));
		umpire_map_add(a, pw, vs_power_names[i], umpire_node_str(a,
			vs_level_names[p->power[i]]));
	}
	if (p->carries != def.carries)
		umpire_map_add(a, fn, "carries", umpire_node_int(a, p->carries));
}

/*
 * Where a figure is: on the table its centre, facing, base and reach;
 * on the map its lowest space and size.  A rider on the table stands at
 * its mount's centre, and on the map most often on its mount's lowest
 * space: either is left to rides (VS-57).
 */
static void
write_place(struct umpire_arena *a, const struct vs_game *g,
	const struct vs_figure *f, struct umpire_node *fn)
{
	const struct vs_figure *m = f->mount >= 0 ? &g->figure[f->mount] :
		NULL;
	bool on = f->where == VS_ON;

	if (g->on_map) {
		if (on && !(m && umpire_grid_same(f->sq, m->sq)))
			umpire_map_add(a, fn, "at", vs_sq_node(a, f->sq));
		if (f->size != 1)
			umpire_map_add(a, fn, "size", umpire_node_int(a, f->size));
	} else {
		if (on && !m)
			umpire_map_add(a, fn, "at", vs_pt_node(a, f->at.at));
		if (on && (f->at.facing.x || f->at.facing.y)) {
			struct umpire_node *v = umpire_map_add(a, fn, "facing",
				umpire_node_seq(a, true));
			umpire_seq_add(a, v, umpire_node_int(a, f->at.facing.x));
			umpire_seq_add(a, v, umpire_node_int(a, f->at.facing.y));
		}
		if (f->at.base != g->default_base)
			umpire_map_add(a, fn, "base", len_node(a, f->at.base));
		if (f->reach)
			umpire_map_add(a, fn, "reach", len_node(a, f->reach));
	}
	if (on && m)
		umpire_map_add(a, fn, "rides", umpire_node_str(a, m->id));
}

static struct umpire_node *
figure_node(struct umpire_arena *a, const struct vs_game *g, int force,
	const struct vs_figure *f)
{
	struct umpire_node *fn = umpire_node_map(a, true);

	umpire_map_add(a, fn, "id", umpire_node_str(a, f->id));
	if (f->name)
		umpire_map_add(a, fn, "name", umpire_node_str(a, f->name));
	write_profile(a, &f->profile, fn);
	write_place(a, g, f, fn);
	if (f->where != VS_ON)
		umpire_map_add(a, fn, "status", umpire_node_str(a,
			vs_status_names[f->where]));
	if (f->owner != force)
		umpire_map_add(a, fn, "owner", umpire_node_str(a,
			g->player[f->owner].id));
	add_true(a, fn, "moved", f->moved);
	add_true(a, fn, "attacked", f->attacked);
	add_true(a, fn, "skilled", f->skilled);
	add_true(a, fn, "fresh", f->fresh);
	add_true(a, fn, "flying", f->flying);
	if (f->by >= 0 && (f->where == VS_DEFEATED || f->where == VS_OFF))
		umpire_map_add(a, fn, "by", umpire_node_str(a,
			g->player[f->by].id));
	if (f->left >= 0 && f->where == VS_OFF)
		umpire_map_add(a, fn, "left", umpire_node_str(a,
			vs_compass_names[f->left]));
	return fn;
}

static void
write_forces(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct umpire_node *fs = umpire_map_add(a, state, "forces",
		umpire_node_map(a, false));

	for (int k = 0; k < g->nplayers; k++) {
		const struct vs_player *pl = &g->player[k];
		struct umpire_node *f = umpire_map_add(a, fs, pl->id,
			umpire_node_map(a, false));
		struct umpire_node *list;
		umpire_map_add(a, f, "edge", umpire_node_str(a,
			vs_compass_names[pl->edge]));
		if (pl->team != VS_NO_TEAM)
			umpire_map_add(a, f, "team", umpire_node_str(a,
				vs_team_names[pl->team]));
		if (pl->bot_level > 1)
			umpire_map_add(a, f, "bot", umpire_node_int(a,
				pl->bot_level));
		else
			add_true(a, f, "bot", pl->bot);
		if (pl->army)
			umpire_map_add(a, f, "army", umpire_node_str(a, pl->army));
		list = umpire_map_add(a, f, "figures", umpire_node_seq(a, false));
		for (int i = pl->first; i < pl->first + pl->nfigures; i++)
			umpire_seq_add(a, list, figure_node(a, g, k,
				&g->figure[i]));
	}
}

/* ----------------------------------------------------------------- write */

void
vs_state_write(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state)
{
	struct vs_ending def;
	const struct vs_round *pos = &g->pos;

	write_players(a, g, state);
	umpire_map_add(a, state, "scenario", umpire_node_str(a,
		vs_scenario_names[g->scenario]));
	vs_ending_of(&def, g->scenario);
	if (g->ending.rounds != def.rounds)
		umpire_map_add(a, state, "rounds", umpire_node_int(a,
			g->ending.rounds));
	if (g->ending.end != def.end)
		umpire_map_add(a, state, "end", umpire_node_str(a,
			vs_end_names[g->ending.end]));
	if (g->ending.win != def.win)
		umpire_map_add(a, state, "win", umpire_node_str(a,
			vs_win_names[g->ending.win]));
	write_surface(a, g, state);
	write_features(a, g, state);
	if (g->building >= 0)
		umpire_map_add(a, state, "building", umpire_node_str(a,
			g->feature[g->building].id));
	write_objects(a, g, state);
	write_forces(a, g, state);

	struct umpire_node *rn = umpire_map_add(a, state, "round",
		umpire_node_map(a, true));
	umpire_map_add(a, rn, "number", umpire_node_int(a, pos->round));
	umpire_map_add(a, rn, "phase", umpire_node_str(a,
		vs_phase_names[pos->phase]));
	if (pos->winner >= 0)
		umpire_map_add(a, rn, "winner", umpire_node_str(a,
			g->player[pos->winner].id));
	if (pos->first >= 0)
		umpire_map_add(a, rn, "first", umpire_node_str(a,
			g->player[pos->first].id));
}
