/*
 * scenario.c - a VSGMR scenario read and checked: the players in seat
 * order, the table or the battle map, the buildings and terrain, the
 * forces (each an army, vs_army_read) and where each figure sets up
 * (VIII), the objects, and how the game ends.
 *
 * The file arrives valid under schemas/vsgmr/scenario.yaml (types,
 * names, ranges); what is checked here is what a schema cannot say:
 * lengths of at most two decimals, a force for each player and none for
 * anybody else, ids unique in the whole game, every figure somewhere on
 * the table or map and clear of the others and of barriers, riders on
 * their mounts, the sides of the team scenarios, the forces' points, and
 * VIII's set-up distances and sides, and Transport's object (VS-30,
 * VS-58, VS-61, VS-62).  Every problem is reported at
 * its node and the reader carries on, to find them all in one go.
 *
 * A state file (vs_state_read) is the same document as the game stands:
 * every figure a line of its own with its status, owner and what it did
 * this round, the features' hits, the players' scores and dice, and the
 * round.  Its figures have moved and fallen, so the set-up's checks
 * (VIII's sides and distances, the points, Transport's object, a
 * Spawner's one figure) are left out; every other check is made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geom/exact.h"
#include "vsgmr.h"

const char *const vs_compass_names[VS_COMPASS] = {
	"south", "east", "north", "west",
};

const char *const vs_team_names[VS_TEAMS] = {
	"none", "infiltrator", "spawner", "ambusher", "target", "assaulter",
	"defender",
};

const char *const vs_end_names[3] = {
	"first-fallen", "last-standing", "scenario",
};
const char *const vs_win_names[2] = { "points", "survivors" };

const char *const vs_status_names[4] = {
	"waiting", "on", "defeated", "off",
};

/* Each team scenario's two sides (VIII), the others none. */
static const enum vs_team sides_of[VS_SCENARIOS][2] = {
	[VS_SPAWNING] = { VS_INFILTRATOR, VS_SPAWNER },
	[VS_AMBUSH] = { VS_AMBUSHER, VS_TARGET },
	[VS_FORTRESS] = { VS_ASSAULTER, VS_DEFENDER },
};

#define DEFAULT_POINTS 3	/* IV: "within 3 points of each other" */
#define MAX_SCORE 100000000	/* more than every force's points */
#define MAX_ROLL 99		/* more than a d6 and every bonus (VS-14) */
#define MAX_HITS 1000		/* more than any building takes (VS-53) */

struct named {
	const char *id;
	int index;
};

static int
cmp_named(const void *x, const void *y)
{
	const struct named *a = x, *b = y;
	int c = strcmp(a->id, b->id);

	return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* The reader's working state: g, and what diagnostics point at. */
struct rd {
	struct vs_game *g;
	struct umpire_arena *a;
	struct umpire_diags *d;
	const struct umpire_node *root;
	bool state;		/* a state file (vs_state_read), not a scenario */
	bool surface;		/* the table or map was read */
	const struct umpire_node *force[VS_MAX_PLAYERS];
	const struct umpire_node *force_key[VS_MAX_PLAYERS];
	const struct umpire_node *player_key[VS_MAX_PLAYERS];
	struct vs_army army[VS_MAX_PLAYERS];
	const struct umpire_node **at;	/* each figure's place, or NULL */
	bool *placed;		/* a figure's place read and on the surface */
	bool *bad_feature;	/* a feature whose shape was refused */
	int *riders;		/* how many ride each figure */
	int *force_of;		/* the force whose list has each figure */
	int32_t *square_of;	/* the map: 1 + the feature a square is, or 0 */
	struct named *order;	/* the figures by id, then index (check_ids) */
	struct named *feature_order;	/* the features so (read_features) */
	bool ground_object[VS_MAX_OBJECTS];	/* lying on the surface, fine */
};

static int
name_index(const char *const *names, int n, const char *s)
{
	for (int i = 0; s && i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* The node to point at for a key of a map: the value, or the map. */
static const struct umpire_node *
at_key(const struct umpire_node *map, const char *key)
{
	const struct umpire_node *v = umpire_map_get(map, key);

	return v ? v : map;
}

/* The key itself, for "this key does not belong here". */
static const struct umpire_node *
key_of(const struct umpire_node *map, const char *key)
{
	const struct umpire_pair *p = umpire_map_pair(map, key);

	return p ? p->key : map;
}

static bool
is_seq(const struct umpire_node *n)
{
	return n && n->type == UMPIRE_SEQ;
}

static bool
is_map(const struct umpire_node *n)
{
	return n && n->type == UMPIRE_MAP;
}

static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

/* Hundredths as inches, as a file writes them: 17, 12.5, 12.34. */
const char *
vs_len_text(struct umpire_arena *a, int64_t v)
{
	const char *sign = v < 0 ? "-" : "";
	int64_t m = v < 0 ? -v : v;

	if (m % 100 == 0)
		return umpire_arena_printf(a, "%s%lld", sign, (long long)(m / 100));
	if (m % 10 == 0)
		return umpire_arena_printf(a, "%s%lld.%lld", sign,
			(long long)(m / 100), (long long)(m % 100 / 10));
	return umpire_arena_printf(a, "%s%lld.%02lld", sign,
		(long long)(m / 100), (long long)(m % 100));
}

static const char *
pt_text(struct umpire_arena *a, struct umpire_pt p)
{
	return umpire_arena_printf(a, "[%s, %s]", vs_len_text(a, p.x),
		vs_len_text(a, p.y));
}

static const char *
sq_text(struct umpire_arena *a, struct umpire_square s)
{
	char name[UMPIRE_SQUARE_NAME];

	return umpire_arena_strdup(a, umpire_grid_name(s, name));
}

/* A length in inches, at most two decimals, 0..max (TABLE-1). */
static bool
read_len(struct rd *r, const struct umpire_node *n, int32_t max, int32_t *out)
{
	long long v;

	if (umpire_node_fixed(n, 2, max, &v) < 0 || v < 0) {
		umpire_node_error(r->d, n, "a length is inches with at most two "
			"decimals, from 0 to %s (TABLE-1)", vs_len_text(r->a, max));
		return false;
	}
	*out = (int32_t)v;
	return true;
}

/* A point [x, y] in inches, at most two decimals (TABLE-1). */
static bool
read_pt(struct rd *r, const struct umpire_node *n, struct umpire_pt *out)
{
	long long v[2];

	if (!is_seq(n) || n->u.seq.n != 2 ||
	    umpire_node_fixed(n->u.seq.v[0], 2, UMPIRE_PLANE_MAX, &v[0]) < 0 ||
	    umpire_node_fixed(n->u.seq.v[1], 2, UMPIRE_PLANE_MAX, &v[1]) < 0) {
		umpire_node_error(r->d, n, "a point is [x, y], inches with at "
			"most two decimals, each within %s (TABLE-1)",
			vs_len_text(r->a, UMPIRE_PLANE_MAX));
		return false;
	}
	*out = (struct umpire_pt){ (int32_t)v[0], (int32_t)v[1] };
	return true;
}

static bool
read_sq(struct rd *r, const struct umpire_node *n, struct umpire_square *out)
{
	const char *s = umpire_node_cstr(n);

	if (!s || umpire_grid_parse(s, out) != 0) {
		umpire_node_error(r->d, n, "a square is named as in chess, a file "
			"letter and a rank, such as e4 (IX)");
		return false;
	}
	return true;
}

static const char *
surface_text(struct rd *r)
{
	const struct vs_game *g = r->g;

	if (g->on_map)
		return umpire_arena_printf(r->a, "the map (%d file%s by %d "
			"rank%s)", g->grid.files, plural(g->grid.files),
			g->grid.ranks, plural(g->grid.ranks));
	return umpire_arena_printf(r->a, "the table (%s by %s inches)",
		vs_len_text(r->a, g->table.width), vs_len_text(r->a, g->table.depth));
}

/* Whether a figure of `size` at s lies on the map, every space of it. */
static bool
on_map(const struct vs_game *g, struct umpire_square s, int size)
{
	return umpire_grid_on(&g->grid, s) && umpire_grid_on(&g->grid,
		(struct umpire_square){ s.file + size - 1, s.rank + size - 1 });
}

/* -------------------------------------------------------------- the game */

static void
read_ending(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *v;
	int k;

	g->scenario = VS_BASIC;
	if ((v = umpire_map_get(r->root, "scenario"))) {
		k = name_index(vs_scenario_names, VS_SCENARIOS,
			umpire_node_cstr(v));
		if (k < 0)
			umpire_node_error(r->d, v, "a scenario is basic, escape, "
				"transport, spawning, ambush or fortress-assault "
				"(VIII)");
		else
			g->scenario = k;
	}
	vs_ending_of(&g->ending, g->scenario);
	if ((v = umpire_map_get(r->root, "rounds"))) {
		long long n = umpire_node_integer(v, -1);
		if (v->type != UMPIRE_INT || n < 0 || n > VS_MAX_ROUNDS)
			umpire_node_error(r->d, v, "rounds is from 1 to %d, or 0 "
				"for no limit (VS-45, VS-52)", VS_MAX_ROUNDS);
		else
			g->ending.rounds = (int)n;
	}
	if ((v = umpire_map_get(r->root, "end"))) {
		if ((k = name_index(vs_end_names, 3, umpire_node_cstr(v))) < 0)
			umpire_node_error(r->d, v, "end is first-fallen, "
				"last-standing or scenario (VS-45)");
		else
			g->ending.end = k;
	}
	if ((v = umpire_map_get(r->root, "win"))) {
		if ((k = name_index(vs_win_names, 2, umpire_node_cstr(v))) < 0)
			umpire_node_error(r->d, v, "win is points or survivors "
				"(VS-46, VS-47)");
		else
			g->ending.win = k;
	}
}

static void
read_players(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *ps = umpire_map_get(r->root, "players");
	size_t n = is_map(ps) ? ps->u.map.n : 0;

	if (n < 2 || n > VS_MAX_PLAYERS)
		umpire_node_error(r->d, ps ? ps : r->root, "a game has 2 to %d "
			"players, not %zu (II)", VS_MAX_PLAYERS, n);
	for (size_t i = 0; i < n && i < VS_MAX_PLAYERS; i++) {
		const struct umpire_pair *p = &ps->u.map.v[i];
		struct vs_player *pl = &g->player[g->nplayers];
		r->player_key[g->nplayers++] = p->key;
		pl->id = umpire_arena_strndup(r->a, p->key->u.s.ptr,
			p->key->u.s.len);
		pl->team = VS_NO_TEAM;
	}
}

/* A player's index, or -1. */
static int
find_player(const struct vs_game *g, const char *id)
{
	for (int k = 0; id && k < g->nplayers; k++)
		if (strcmp(g->player[k].id, id) == 0)
			return k;
	return -1;
}

/* The player n names, or -1 after "'x' is no player: why". */
static int
read_player(struct rd *r, const struct umpire_node *n, const char *why)
{
	const char *s = umpire_node_cstr(n);
	int k = find_player(r->g, s);

	if (k < 0)
		umpire_node_error(r->d, n, "%s is no player: %s", s ?
			umpire_quote_str(r->d, s) : "that", why);
	return k;
}

/* A whole number from lo to hi (4.0 is 4, as the schema has it). */
static void
read_count(struct rd *r, const struct umpire_node *n, int lo, int hi,
	const char *what, int *out)
{
	long long v = umpire_node_integer(n, (long long)lo - 1);

	if (v < lo || v > hi)
		umpire_node_error(r->d, n, "%s is a whole number from %d to %d",
			what, lo, hi);
	else
		*out = (int)v;
}

static void
read_flag(struct rd *r, const struct umpire_node *map, const char *key,
	bool *out)
{
	const struct umpire_node *v = umpire_map_get(map, key);

	if (!v)
		return;
	if (v->type != UMPIRE_BOOL)
		umpire_node_error(r->d, v, "%s is true or false", key);
	else
		*out = v->u.b;
}

/* The activation die's bounds (VS-78): with the die, the points for a 2
 * or 3 only, and what the side activated within them. */
static void
read_bounds(struct rd *r, const struct umpire_node *v, struct vs_player *pl)
{
	const struct umpire_node *fig = umpire_map_get(v, "activation-figures");
	const struct umpire_node *pts = umpire_map_get(v, "activation-points");
	int die = pl->activation;
	bool two = die == 2 || die == 3;

	if (fig)
		read_count(r, fig, 0, VS_MAX_PLAYERS * VS_MAX_FIGURES,
			"activation-figures", &pl->most);
	if (pts)
		read_count(r, pts, 0, MAX_SCORE, "activation-points",
			&pl->most_points);
	if (!die) {
		if (fig || pts)
			umpire_node_error(r->d, fig ? fig : pts, "%s is the "
				"bound of an activation die, and %s has none "
				"(X, VS-78)", fig ? "activation-figures" :
				"activation-points", pl->id);
		return;
	}
	if (!fig) {
		umpire_node_error(r->d, v, "%s's activation die has no bound: "
			"activation-figures comes with activation (X, VS-78)",
			pl->id);
		return;
	}
	if (two != (pts != NULL)) {
		umpire_node_error(r->d, pts ? pts : v, two ? "%s's activation "
			"die shows %d: activation-points comes with it (X, "
			"VS-78)" : "%s's activation die shows %d: "
			"activation-points is for a 2 or 3 only (X, VS-78)",
			pl->id, die);
		return;
	}
	if (die == 1 && pl->most > 1) {
		umpire_node_error(r->d, fig, "%s's activation die shows 1: "
			"activation-figures is 1, or 0 when he had no figure on "
			"the playing surface (X, VS-78)", pl->id);
		return;
	}
	if (!vs_solo_within(die, pl->most, pl->most_points, pl->active,
	    pl->active_points))
		umpire_node_error(r->d, v, "%s has activated %d figures worth "
			"%d points, beyond his activation die's bounds, %d "
			"figures or %d points (X, VS-78)", pl->id, pl->active,
			pl->active_points, pl->most, pl->most_points);
}

/* A state's players: their scores and this round's dice (VS-14, VS-46,
 * VS-51, VS-54, VS-68). */
static void
read_players_play(struct rd *r)
{
	const struct umpire_node *ps = umpire_map_get(r->root, "players");

	for (int k = 0; k < r->g->nplayers; k++) {
		const struct umpire_node *v = ps->u.map.v[k].val, *n;
		struct vs_player *pl = &r->g->player[k];
		if (!is_map(v))
			continue;
		if ((n = umpire_map_get(v, "score")))
			read_count(r, n, 0, MAX_SCORE, "score", &pl->score);
		if ((n = umpire_map_get(v, "roll")))
			read_count(r, n, 0, MAX_ROLL, "roll", &pl->roll);
		if ((n = umpire_map_get(v, "spawn")))
			read_count(r, n, 0, 6, "spawn", &pl->spawn);
		if ((n = umpire_map_get(v, "activation")))
			read_count(r, n, 0, 6, "activation", &pl->activation);
		if ((n = umpire_map_get(v, "active")))
			read_count(r, n, 0, VS_MAX_PLAYERS * VS_MAX_FIGURES,
				"active", &pl->active);
		if ((n = umpire_map_get(v, "active-points")))
			read_count(r, n, 0, MAX_SCORE, "active-points",
				&pl->active_points);
		read_flag(r, v, "inspired", &pl->inspired);
		read_flag(r, v, "owed", &pl->owed);
		read_bounds(r, v, pl);
	}
}

static void
read_table(struct rd *r, const struct umpire_node *t)
{
	struct vs_game *g = r->g;
	const struct umpire_node *v;
	int32_t w, dp;
	int err;

	g->default_base = VS_DEFAULT_BASE;
	if (!read_len(r, at_key(t, "width"), UMPIRE_TABLE_SIDE_MAX, &w) ||
	    !read_len(r, at_key(t, "depth"), UMPIRE_TABLE_SIDE_MAX, &dp))
		return;
	if ((v = umpire_map_get(t, "base")) &&
	    !read_len(r, v, UMPIRE_BASE_MAX, &g->default_base))
		return;
	g->table = (struct umpire_table){ w, dp, NULL, 0 };
	if ((err = umpire_table_check(&g->table))) {
		umpire_node_error(r->d, t, "%s: a table is from 1 to %s "
			"inches each way (TABLE-1)", umpire_geom_strerror(err),
			vs_len_text(r->a, UMPIRE_TABLE_SIDE_MAX));
		return;
	}
	r->surface = true;
}

static void
read_map(struct rd *r, const struct umpire_node *m)
{
	struct vs_game *g = r->g;
	const struct umpire_node *f = at_key(m, "files");
	const struct umpire_node *k = at_key(m, "ranks");
	const struct umpire_node *s = at_key(m, "scale");
	long long files = umpire_node_integer(f, -1);
	long long ranks = umpire_node_integer(k, -1);
	bool ok = true;

	g->on_map = true;
	if (files < 1 || files > UMPIRE_GRID_MAX_FILES) {
		umpire_node_error(r->d, f, "a map has 1 to %d files (a to zz)",
			UMPIRE_GRID_MAX_FILES);
		ok = false;
	}
	if (ranks < 1 || ranks > UMPIRE_GRID_MAX_RANKS) {
		umpire_node_error(r->d, k, "a map has 1 to %d ranks",
			UMPIRE_GRID_MAX_RANKS);
		ok = false;
	}
	if (!umpire_node_cstr(s) || !(g->scale =
	    vs_scale_find(umpire_node_cstr(s)))) {
		umpire_node_error(r->d, s, "a map's scale is a row of IX's chart: "
			"4.7mm, 15mm, 25mm, 28mm, 54mm, 90mm, 180mm or 300mm "
			"(VS-31)");
		ok = false;
	}
	if (!ok)
		return;
	g->grid = (struct umpire_grid){ (int)files, (int)ranks };
	/* Zeroed: every space VS_MAP_OPEN until a feature says. */
	g->ground = umpire_arena_alloc(r->a, (size_t)(files * ranks));
	r->square_of = umpire_arena_alloc(r->a, (size_t)(files * ranks) *
		sizeof(*r->square_of));
	r->surface = true;
}

static void
read_surface(struct rd *r)
{
	const struct umpire_node *t = umpire_map_get(r->root, "table");
	const struct umpire_node *m = umpire_map_get(r->root, "map");

	if (t && m) {
		umpire_node_error(r->d, m, "a game is played on a table or on a "
			"map, not both: leave out table or map (IX)");
		return;
	}
	if (!t && !m) {
		umpire_node_error(r->d, r->root, "a game is played on a table or "
			"on a map: give table: {width, depth} or map: {files, "
			"ranks, scale} (IX)");
		return;
	}
	if (t)
		read_table(r, t);
	else
		read_map(r, m);
}

/* ------------------------------------------------------------- features */

static unsigned
read_does(struct rd *r, const struct umpire_node *does)
{
	static const char *const names[] = { "barrier", "cover", "rough" };
	unsigned mask = 0;

	for (size_t i = 0; is_seq(does) && i < does->u.seq.n; i++) {
		const struct umpire_node *e = does->u.seq.v[i];
		int k = name_index(names, 3, umpire_node_cstr(e));
		if (k < 0)
			umpire_node_error(r->d, e, "a feature does barrier, cover "
				"or rough (VS-20)");
		else if (mask & 1u << k)
			umpire_node_error(r->d, e, "%s is listed twice", names[k]);
		else
			mask |= 1u << k;
	}
	return mask;
}

static bool
table_feature(struct rd *r, struct vs_feature *f, const struct umpire_node *n)
{
	const struct umpire_node *corners = umpire_map_get(n, "corners");
	const struct umpire_node *corner = umpire_map_get(n, "corner");
	const struct umpire_node *size = umpire_map_get(n, "size");
	struct umpire_pt c[UMPIRE_PIECE_CORNERS];
	int nc = 0, err;
	unsigned kind;

	if (umpire_map_get(n, "kind") || umpire_map_get(n, "squares")) {
		umpire_node_error(r->d, key_of(n, umpire_map_get(n, "kind") ?
			"kind" : "squares"), "kind and squares are the map's: on "
			"the table a feature is corners (or corner and size) and "
			"what it does (VS-20)");
		return false;
	}
	kind = read_does(r, umpire_map_get(n, "does"));
	if (!umpire_map_get(n, "does")) {
		umpire_node_error(r->d, n, "say what the feature does: does: "
			"[barrier, cover, rough], any of them (VS-20)");
		return false;
	}
	if (!corners == !corner || (corner && !size)) {
		umpire_node_error(r->d, n, "a feature on the table is a convex "
			"polygon, corners: [[x, y], ...], or a rectangle, corner: "
			"[x, y] and size: [width, depth]");
		return false;
	}
	if (corners) {
		if (!is_seq(corners) || corners->u.seq.n < 3 ||
		    corners->u.seq.n > UMPIRE_PIECE_CORNERS) {
			umpire_node_error(r->d, corners, "a feature has 3 to %d "
				"corners", UMPIRE_PIECE_CORNERS);
			return false;
		}
		for (size_t i = 0; i < corners->u.seq.n; i++)
			if (!read_pt(r, corners->u.seq.v[i], &c[nc++]))
				return false;
	} else {
		int32_t w, dp;
		struct umpire_pt o;
		if (!read_pt(r, corner, &o) || !is_seq(size) ||
		    size->u.seq.n != 2 ||
		    !read_len(r, size->u.seq.v[0], UMPIRE_PLANE_MAX, &w) ||
		    !read_len(r, size->u.seq.v[1], UMPIRE_PLANE_MAX, &dp))
			return false;
		c[0] = o;
		c[1] = (struct umpire_pt){ o.x + w, o.y };
		c[2] = (struct umpire_pt){ o.x + w, o.y + dp };
		c[3] = (struct umpire_pt){ o.x, o.y + dp };
		nc = 4;
	}
	if ((err = umpire_piece_make(&f->piece, (int)kind, c, nc))) {
		umpire_node_error(r->d, corners ? corners : size, "%s: %s; a "
			"feature is a convex polygon, corners in order around it, "
			"or a rectangle wider and deeper than 0",
			f->id, umpire_geom_strerror(err));
		return false;
	}
	for (int i = 0; i < nc; i++)
		if (!umpire_table_holds(&r->g->table, c[i])) {
			umpire_node_error(r->d, corners ? corners->u.seq.v[i] :
				corner, "%s reaches %s, off %s", f->id,
				pt_text(r->a, c[i]), surface_text(r));
			return false;
		}
	return true;
}

static bool
map_feature(struct rd *r, struct vs_feature *f, const struct umpire_node *n,
	int self)
{
	struct vs_game *g = r->g;
	const struct umpire_node *kind = umpire_map_get(n, "kind");
	const struct umpire_node *sqs = umpire_map_get(n, "squares");
	bool ok = true;
	int k;

	static const char *const table_keys[] = { "does", "corners", "corner",
		"size" };
	for (int i = 0; i < 4; i++)
		if (umpire_map_get(n, table_keys[i])) {
			umpire_node_error(r->d, key_of(n, table_keys[i]), "%s is "
				"the table's: on the map a feature is a kind of space "
				"over squares (VS-34)", table_keys[i]);
			return false;
		}
	k = name_index(vs_terrain_names, VS_MAP_TERRAINS, umpire_node_cstr(kind));
	if (k <= VS_MAP_OPEN) {
		umpire_node_error(r->d, kind ? kind : n, "a feature on the map is "
			"a kind of space: small, difficult, darkness, partial or "
			"building (VS-34)");
		return false;
	}
	if (!is_seq(sqs) || sqs->u.seq.n == 0) {
		umpire_node_error(r->d, sqs ? sqs : n, "a feature on the map "
			"covers squares: squares: [e4, e5, ...]");
		return false;
	}
	f->map_kind = k;
	f->squares = umpire_arena_alloc(r->a, sqs->u.seq.n * sizeof(*f->squares));
	for (size_t i = 0; i < sqs->u.seq.n; i++) {
		const struct umpire_node *e = sqs->u.seq.v[i];
		struct umpire_square s;
		if (!read_sq(r, e, &s)) {
			ok = false;
			continue;
		}
		if (!umpire_grid_on(&g->grid, s)) {
			umpire_node_error(r->d, e, "%s is off %s", sq_text(r->a, s),
				surface_text(r));
			ok = false;
			continue;
		}
		/* Earlier features, and this one's squares so far. */
		int32_t *own = &r->square_of[umpire_grid_index(&g->grid, s)];
		if (*own == self + 1) {
			umpire_node_error(r->d, e, "%s is listed twice in %s",
				sq_text(r->a, s), f->id);
			ok = false;
			continue;
		}
		if (*own) {
			umpire_node_error(r->d, e, "%s is %s's already: a space is "
				"of one kind (VS-34)", sq_text(r->a, s),
				g->feature[*own - 1].id);
			ok = false;
			continue;
		}
		*own = self + 1;
		f->squares[f->nsquares++] = s;
		/* A removed feature's spaces are open ground (VS-72). */
		if (!f->removed)
			g->ground[umpire_grid_index(&g->grid, s)] =
				(unsigned char)k;
	}
	return ok;
}

static void
read_features(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *list = umpire_map_get(r->root, "features");
	size_t n = is_seq(list) ? list->u.seq.n : 0;

	g->feature = umpire_arena_alloc(r->a, (n + 1) * sizeof(*g->feature));
	g->pieces = umpire_arena_alloc(r->a, (n + 1) * sizeof(*g->pieces));
	r->bad_feature = umpire_arena_alloc(r->a, (n + 1) * sizeof(bool));
	if (!g->on_map && n > VS_MAX_TERRAIN) {
		umpire_node_error(r->d, list, "a table has at most %d features",
			VS_MAX_TERRAIN);
		n = VS_MAX_TERRAIN;
	}
	for (size_t i = 0; i < n; i++) {
		const struct umpire_node *fn = list->u.seq.v[i];
		struct vs_feature *f = &g->feature[g->nfeatures];
		const char *id = umpire_node_cstr(umpire_map_get(fn, "id"));
		bool ok = false;

		f->id = umpire_arena_strdup(r->a, id ? id : "");
		f->node = fn;
		f->map_kind = VS_MAP_OPEN;
		if (r->state) {
			const struct umpire_node *h = umpire_map_get(fn, "hits");
			if (h)
				read_count(r, h, 0, MAX_HITS, "hits", &f->hits);
			read_flag(r, fn, "removed", &f->removed);
		}
		if (r->surface)
			ok = g->on_map ? map_feature(r, f, fn, g->nfeatures) :
				table_feature(r, f, fn);
		r->bad_feature[g->nfeatures] = !ok;
		g->pieces[g->nfeatures] = f->piece;
		/* A removed piece does nothing (VS-72): kind 0 is none of
		 * VS-20's, so no query of the table meets it, and feature i
		 * stays pieces[i]. */
		if (f->removed)
			g->pieces[g->nfeatures].kind = 0;
		g->nfeatures++;
	}
	if (!g->on_map) {
		g->table.piece = g->pieces;
		g->table.npieces = (size_t)g->nfeatures;
	}
	/* Ids once (VS-56): sorted, each repeat reported at its later
	 * feature. */
	r->feature_order = umpire_arena_alloc(r->a, (size_t)(g->nfeatures +
		1) * sizeof(*r->feature_order));
	for (int i = 0; i < g->nfeatures; i++)
		r->feature_order[i] = (struct named){ g->feature[i].id, i };
	qsort(r->feature_order, (size_t)g->nfeatures,
		sizeof(*r->feature_order), cmp_named);
	for (int i = 1; i < g->nfeatures; i++)
		if (strcmp(r->feature_order[i].id, r->feature_order[i - 1].id) ==
		    0)
			umpire_node_error(r->d, at_key(g->feature[
				r->feature_order[i].index].node, "id"), "%s is a "
				"building or terrain feature's id already: an id "
				"names one thing in the game (VS-56)",
				r->feature_order[i].id);
}

/* The first of n named things called id, by a binary search, or -1. */
static int
find_named(const struct named *order, int n, const char *id)
{
	int lo = 0, hi = n;

	if (!id)
		return -1;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strcmp(order[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && strcmp(order[lo].id, id) == 0 ? order[lo].index : -1;
}

static int
find_feature(const struct rd *r, const char *id)
{
	return find_named(r->feature_order, r->g->nfeatures, id);
}

static void
read_building(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *b = umpire_map_get(r->root, "building");

	g->building = -1;
	if (g->scenario != VS_FORTRESS) {
		if (b)
			umpire_node_error(r->d, key_of(r->root, "building"),
				"building is Fortress Assault's: leave it out of %s "
				"(VIII)", vs_scenario_names[g->scenario]);
		return;
	}
	if (!b) {
		umpire_node_error(r->d, r->root, "Fortress Assault is fought over "
			"a building: give building: the id of a feature (VIII)");
		return;
	}
	if ((g->building = find_feature(r, umpire_node_cstr(b))) < 0) {
		umpire_node_error(r->d, b, "no feature is called %s: building "
			"names one of features (VIII)", umpire_node_cstr(b) ?
			umpire_node_cstr(b) : "that");
		return;
	}
	const struct vs_feature *f = &g->feature[g->building];
	unsigned both = VS_BARRIER | VS_COVER;
	if (r->bad_feature[g->building])
		return;
	if (g->on_map ? f->map_kind != VS_MAP_BUILDING :
	    ((unsigned)f->piece.kind & both) != both) {
		umpire_node_error(r->d, b, "%s is no building: building names "
			"%s (VIII, VS-20, VS-34)", f->id, g->on_map ?
			"a feature of kind: building" :
			"a feature that does barrier and cover");
		g->building = -1;
	}
}

/*
 * A state's Fortress building stands until its VS-53 count of hits, and
 * falls at it (resolve removes it at the last): a standing one with the
 * count would end the game as fallen while it blocks and covers still.
 * After read_teams, for the count is the Assaulters'.
 */
static void
check_building_hits(struct rd *r)
{
	struct vs_game *g = r->g;
	unsigned assaulters = 0;

	if (g->building < 0)
		return;
	const struct vs_feature *f = &g->feature[g->building];
	for (int p = 0; p < g->nplayers; p++)
		if (g->player[p].team == VS_ASSAULTER)
			assaulters |= 1u << p;
	int need = vs_fortress_hits(assaulters);
	if (!f->removed && f->hits >= need) {
		const struct umpire_node *h = umpire_map_get(f->node, "hits");
		umpire_node_error(r->d, h ? h : f->node, "%s falls at %d "
			"successful hits (VS-53), and has %d: give fewer, or "
			"removed: true once it has fallen", f->id, need, f->hits);
	}
}

/* ---------------------------------------------------------------- forces */

static void
read_forces(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *fs = umpire_map_get(r->root, "forces");
	size_t n = is_map(fs) ? fs->u.map.n : 0;

	for (size_t i = 0; i < n; i++) {
		const struct umpire_pair *p = &fs->u.map.v[i];
		int k;
		for (k = 0; k < g->nplayers; k++)
			if (strlen(g->player[k].id) == p->key->u.s.len &&
			    memcmp(g->player[k].id, p->key->u.s.ptr,
			    p->key->u.s.len) == 0)
				break;
		if (k == g->nplayers)
			umpire_node_error(r->d, p->key, "%s is no player: forces "
				"has one force for each of players", umpire_quote(r->d,
				p->key->u.s.ptr, p->key->u.s.len));
		else {
			r->force[k] = p->val;
			r->force_key[k] = p->key;
		}
	}
	for (int k = 0; k < g->nplayers; k++) {
		struct vs_player *pl = &g->player[k];
		const struct umpire_node *f = r->force[k], *v;
		int e;

		if (!f) {
			umpire_node_error(r->d, r->player_key[k], "player %s has no "
				"force: give forces: %s: {edge, figures}", pl->id,
				pl->id);
			continue;
		}
		if (vs_army_read(&r->army[k], r->a, f, r->d) < 0 &&
		    !r->army[k].nlines)
			continue;
		pl->army = r->army[k].name;
		pl->points = r->army[k].points;
		pl->nfigures = r->army[k].figures;
		v = umpire_map_get(f, "bot");
		pl->bot_level = !v ? 0 : v->type == UMPIRE_BOOL ? v->u.b :
			(int)umpire_node_integer(v, 0);
		pl->bot = pl->bot_level > 0;
		g->solo = g->solo || pl->bot;
		if ((v = umpire_map_get(f, "edge"))) {
			if ((e = name_index(vs_compass_names, VS_COMPASS,
			    umpire_node_cstr(v))) < 0)
				umpire_node_error(r->d, v, "an edge is south, east, "
					"north or west");
			else
				pl->edge = e;
		}
	}
}

/* VIII's sides: required in the team scenarios, refused in the others. */
static void
read_teams(struct rd *r)
{
	struct vs_game *g = r->g;
	const enum vs_team *sides = sides_of[g->scenario];
	bool teams = sides[0] != VS_NO_TEAM;
	int count[2] = { 0, 0 }, unsided = 0;

	for (int k = 0; k < g->nplayers; k++) {
		const struct umpire_node *f = r->force[k];
		const struct umpire_node *t = f ? umpire_map_get(f, "team") : NULL;
		int e;
		if (!f)
			continue;
		if (!teams) {
			if (t)
				umpire_node_error(r->d, key_of(f, "team"), "%s has no "
					"sides: leave team out (VIII)",
					vs_scenario_names[g->scenario]);
			continue;
		}
		e = name_index(vs_team_names, VS_TEAMS, umpire_node_cstr(t));
		if (e != (int)sides[0] && e != (int)sides[1]) {
			umpire_node_error(r->d, t ? t : f, "in %s each player "
				"selects a side: team: %s or %s (VIII, VS-48)",
				vs_scenario_names[g->scenario], vs_team_names[sides[0]],
				vs_team_names[sides[1]]);
			unsided++;
			continue;
		}
		g->player[k].team = e;
		count[e == (int)sides[1]]++;
	}
	if (!teams || unsided)
		return;
	for (int s = 0; s < 2; s++)
		if (!count[s] && count[!s])
			umpire_node_error(r->d, key_of(r->root, "forces"),
				"no player is on the %s side: %s has two sides, "
				"each of one player or more (VIII, VS-48)",
				vs_team_names[sides[s]], vs_scenario_names[g->scenario]);
}

/*
 * IV: "within 3 points of each other", each side on its own in the team
 * scenarios (VS-55).  The force furthest from the others is pointed at.
 */
static void
check_points(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *v = umpire_map_get(r->root, "points");
	long long limit = DEFAULT_POINTS;
	bool teams = sides_of[g->scenario][0] != VS_NO_TEAM;

	if (v && umpire_node_is_str(v, "any"))
		return;
	if (v) {
		limit = umpire_node_integer(v, -1);
		if (v->type != UMPIRE_INT || limit < 0) {
			umpire_node_error(r->d, v, "points is the most two forces' "
				"points may differ, 0 or more, or any (IV, VS-55)");
			return;
		}
	}
	for (int t = 0; t < (teams ? 2 : 1); t++) {
		int in[VS_MAX_PLAYERS], n = 0, worst = -1, far = -1;
		long long worst_sum = -1;
		for (int k = 0; k < g->nplayers; k++)
			if (r->force[k] && r->army[k].nlines && (!teams ||
			    g->player[k].team == sides_of[g->scenario][t]))
				in[n++] = k;
		for (int i = 0; i < n; i++) {
			long long sum = 0;
			for (int j = 0; j < n; j++)
				sum += llabs((long long)g->player[in[i]].points -
					g->player[in[j]].points);
			if (sum > worst_sum) {
				worst_sum = sum;
				worst = in[i];
			}
		}
		if (worst < 0)
			continue;
		for (int j = 0; j < n; j++)
			if (far < 0 || llabs((long long)g->player[in[j]].points -
			    g->player[worst].points) > llabs((long long)
			    g->player[far].points - g->player[worst].points))
				far = in[j];
		if (llabs((long long)g->player[far].points -
		    g->player[worst].points) <= limit)
			continue;
		umpire_node_error(r->d, r->force_key[worst], "%s's force is %d "
			"point%s and %s's %d: forces are within %lld point%s of "
			"each other%s (IV, VS-55); points: sets how far they may "
			"differ, or any", g->player[worst].id,
			g->player[worst].points, plural(g->player[worst].points),
			g->player[far].id, g->player[far].points, limit,
			plural((int)limit), teams ? umpire_arena_printf(r->a,
			" on a side, here the %ss'", vs_team_names[
			sides_of[g->scenario][t]]) : "");
	}
}

/* --------------------------------------------------------------- figures */

static bool
read_facing(struct rd *r, const struct umpire_node *n, struct umpire_pt *out)
{
	long long x, y;

	if (!is_seq(n) || n->u.seq.n != 2 || n->u.seq.v[0]->type !=
	    UMPIRE_INT || n->u.seq.v[1]->type != UMPIRE_INT ||
	    (x = n->u.seq.v[0]->u.i, y = n->u.seq.v[1]->u.i,
	    (x == 0 && y == 0)) || x < -UMPIRE_VEC_MAX || x > UMPIRE_VEC_MAX ||
	    y < -UMPIRE_VEC_MAX || y > UMPIRE_VEC_MAX) {
		umpire_node_error(r->d, n, "a facing is a direction of whole "
			"numbers, [dx, dy], not [0, 0], each within %d "
			"(TABLE-17); leave it out to face everything (VS-24)",
			UMPIRE_VEC_MAX);
		return false;
	}
	*out = (struct umpire_pt){ (int32_t)x, (int32_t)y };
	return true;
}

/* The keys of one way of playing, refused on the other. */
static void
wrong_surface_keys(struct rd *r, const struct umpire_node *fn)
{
	static const char *const table_keys[] = { "base", "reach", "facing" };

	if (r->g->on_map) {
		for (int i = 0; i < 3; i++)
			if (umpire_map_get(fn, table_keys[i]))
				umpire_node_error(r->d, key_of(fn, table_keys[i]),
					"%s is the table's: on the map a figure "
					"takes spaces (size, VS-37) and faces "
					"everything (IX)", table_keys[i]);
	} else if (umpire_map_get(fn, "size")) {
		umpire_node_error(r->d, key_of(fn, "size"), "size is the map's "
			"(VS-37): on the table a figure's base says how big it "
			"is (base)");
	}
}

/* What a line's figures share: base, reach, facing, size. */
static bool
read_shape(struct rd *r, const struct umpire_node *fn, struct vs_figure *f)
{
	const struct umpire_node *v;
	bool ok = true;

	f->at.base = r->g->default_base;
	if (r->g->on_map) {
		if ((v = umpire_map_get(fn, "size"))) {
			long long s = umpire_node_integer(v, -1);
			if (v->type != UMPIRE_INT || s < 1 || s > VS_MAX_SIZE) {
				umpire_node_error(r->d, v, "a figure takes 1 x 1 to "
					"%d x %d spaces: size is 1 to %d (VS-37)",
					VS_MAX_SIZE, VS_MAX_SIZE, VS_MAX_SIZE);
				ok = false;
			} else {
				f->size = (int)s;
			}
		}
		return ok;
	}
	if ((v = umpire_map_get(fn, "base")))
		ok = read_len(r, v, UMPIRE_BASE_MAX, &f->at.base) && ok;
	if ((v = umpire_map_get(fn, "reach")))
		ok = read_len(r, v, UMPIRE_TABLE_SIDE_MAX, &f->reach) && ok;
	if ((v = umpire_map_get(fn, "facing")))
		ok = read_facing(r, v, &f->at.facing) && ok;
	return ok;
}

/* One figure's place, read from n: on the table or map, or refused. */
static void
read_place(struct rd *r, int i, const struct umpire_node *n)
{
	struct vs_game *g = r->g;
	struct vs_figure *f = &g->figure[i];
	int err;

	r->at[i] = n;
	if (g->on_map) {
		if (!read_sq(r, n, &f->sq))
			return;
		if (!on_map(g, f->sq, f->size)) {
			if (f->size > 1)
				umpire_node_error(r->d, n, "%s takes %d x %d spaces "
					"from %s, reaching off %s (VS-37)", f->id,
					f->size, f->size, sq_text(r->a, f->sq),
					surface_text(r));
			else
				umpire_node_error(r->d, n, "%s stands on %s, off %s",
					f->id, sq_text(r->a, f->sq), surface_text(r));
			return;
		}
	} else {
		if (!read_pt(r, n, &f->at.at))
			return;
		if ((err = umpire_figure_check(&f->at))) {
			umpire_node_error(r->d, n, "%s: %s", f->id,
				umpire_geom_strerror(err));
			return;
		}
		if (!umpire_table_holds(&g->table, f->at.at)) {
			umpire_node_error(r->d, n, "%s stands at %s, off %s", f->id,
				pt_text(r->a, f->at.at), surface_text(r));
			return;
		}
	}
	r->placed[i] = true;
}

/* Whether n is one place (a point or a square), not a list of them. */
static bool
one_place(const struct vs_game *g, const struct umpire_node *n)
{
	if (g->on_map)
		return n->type == UMPIRE_STR;
	return is_seq(n) && n->u.seq.n > 0 && !is_seq(n->u.seq.v[0]);
}

/* A line's places: one for count 1, a list of count in id order else. */
static void
read_places(struct rd *r, int first, int count, const struct umpire_node *at)
{
	const char *what = r->g->on_map ? "square" : "point";

	if (count == 1 && one_place(r->g, at)) {
		read_place(r, first, at);
		return;
	}
	/* A line of one may give a list of one too (the schema's place). */
	if (!is_seq(at) || at->u.seq.n != (size_t)count ||
	    one_place(r->g, at)) {
		if (count == 1)
			umpire_node_error(r->d, at, "one figure stands at one %s: "
				"at: %s", what, r->g->on_map ? "e4" : "[x, y]");
		else
			umpire_node_error(r->d, at, "a line of %d figures stands at "
				"%d %ss, a list in id order: at: [%s, ...]", count,
				count, what, r->g->on_map ? "e4" : "[x, y]");
		return;
	}
	for (int k = 0; k < count; k++) {
		if (!one_place(r->g, at->u.seq.v[k])) {
			umpire_node_error(r->d, at->u.seq.v[k], "a figure stands at "
				"one %s: %s", what, r->g->on_map ? "e4" : "[x, y]");
			continue;
		}
		read_place(r, first + k, at->u.seq.v[k]);
	}
}

/*
 * A figure's keys of play in a state (vsgmr.h's state section), for the
 * figures lo..hi of its line (one: a state has no count): where it is,
 * whose, what it did this round, who scored it.  Whether it is on the
 * table or map.
 */
static bool
read_play(struct rd *r, int force, const struct umpire_node *fn, int lo,
	int hi)
{
	struct vs_game *g = r->g;
	struct vs_figure f = g->figure[lo];
	const struct umpire_node *v;
	const char *surface = g->on_map ? "map" : "table";
	int e;

	if (umpire_map_get(fn, "count"))
		umpire_node_error(r->d, key_of(fn, "count"), "a state lists "
			"every figure on its own, under its own id: leave count "
			"out");
	if (umpire_map_get(fn, "waiting"))
		umpire_node_error(r->d, key_of(fn, "waiting"), "a state writes "
			"a figure still to come status: waiting (VIII, VS-59)");
	if ((v = umpire_map_get(fn, "status"))) {
		e = name_index(vs_status_names, 4, umpire_node_cstr(v));
		if (e < 0 || e == VS_ON)
			umpire_node_error(r->d, v, "a figure's status is waiting, "
				"defeated or off; one on the %s has none", surface);
		else
			f.where = e;
	}
	if ((v = umpire_map_get(fn, "owner")) && (e = read_player(r, v,
	    "owner names the player a recruited figure fights for now "
	    "(V)")) >= 0)
		f.owner = e;
	read_flag(r, fn, "moved", &f.moved);
	read_flag(r, fn, "attacked", &f.attacked);
	read_flag(r, fn, "skilled", &f.skilled);
	read_flag(r, fn, "fresh", &f.fresh);
	read_flag(r, fn, "flying", &f.flying);
	if (f.flying && !vs_has(&f.profile, VS_FLIGHT)) {
		umpire_node_error(r->d, key_of(fn, "flying"), "%s has no Flight: "
			"only a figure with Flight flies (V, VS-73)", f.id);
		f.flying = false;
	}
	if ((v = umpire_map_get(fn, "by"))) {
		if (f.where != VS_DEFEATED && f.where != VS_OFF)
			umpire_node_error(r->d, key_of(fn, "by"), "%s is %s: by "
				"names who scored a figure defeated or off (VS-46): "
				"leave it out", f.id, vs_status_names[f.where]);
		else
			f.by = read_player(r, v, "by names the player who scored "
				"the figure (VS-46)");
	}
	if ((v = umpire_map_get(fn, "left"))) {
		if (f.where != VS_OFF)
			umpire_node_error(r->d, key_of(fn, "left"), "%s is %s, not "
				"off: left names the edge a figure left the %s by "
				"(VS-27, VS-36): leave it out", f.id,
				vs_status_names[f.where], surface);
		else if ((e = name_index(vs_compass_names, VS_COMPASS,
		    umpire_node_cstr(v))) < 0)
			umpire_node_error(r->d, v, "an edge is south, east, north "
				"or west");
		else
			f.left = e;
	}
	if (f.where == VS_WAITING) {
		if (g->scenario != VS_SPAWNING)
			umpire_node_error(r->d, umpire_map_get(fn, "status"),
				"waiting is Spawning's, for figures not yet in the "
				"game: no figure waits in %s (VIII)",
				vs_scenario_names[g->scenario]);
		else if (g->player[force].team != VS_SPAWNER &&
		    g->player[force].team != VS_NO_TEAM)
			umpire_node_error(r->d, umpire_map_get(fn, "status"),
				"only Spawner players' figures wait to come into the "
				"game; %s is an Infiltrator (VIII, VS-59)",
				g->player[force].id);
	}
	if (f.where != VS_ON) {
		static const char *const keys[] = { "at", "facing", "rides" };
		for (int i = 0; i < 3; i++)
			if (umpire_map_get(fn, keys[i]))
				umpire_node_error(r->d, key_of(fn, keys[i]), "%s is "
					"%s: a figure not on the %s stands nowhere, faces "
					"no way and rides nothing: leave %s out", f.id,
					vs_status_names[f.where], surface, keys[i]);
		f.at.facing = (struct umpire_pt){ 0, 0 };
	}
	for (int i = lo; i < hi; i++) {
		const char *id = g->figure[i].id;
		g->figure[i] = f;
		g->figure[i].id = id;
	}
	return f.where == VS_ON;
}

/* A force's lines as figures, id-1 ... id-N for a count (VS-56). */
static void
read_figures(struct rd *r)
{
	struct vs_game *g = r->g;
	int total = 0;

	for (int k = 0; k < g->nplayers; k++)
		total += r->army[k].figures;
	g->figure = umpire_arena_alloc(r->a, (size_t)(total + 1) *
		sizeof(*g->figure));
	r->at = umpire_arena_alloc(r->a, (size_t)(total + 1) * sizeof(*r->at));
	r->placed = umpire_arena_alloc(r->a, (size_t)(total + 1));
	r->riders = umpire_arena_alloc(r->a, (size_t)(total + 1) *
		sizeof(*r->riders));
	r->force_of = umpire_arena_alloc(r->a, (size_t)(total + 1) *
		sizeof(*r->force_of));
	for (int k = 0; k < g->nplayers; k++) {
		const struct vs_army *army = &r->army[k];
		g->player[k].first = g->nfigures;
		for (int li = 0; li < army->nlines; li++) {
			const struct vs_line *l = &army->lines[li];
			const struct umpire_node *fn = l->node, *v;
			const struct umpire_node *at = umpire_map_get(fn, "at");
			const struct umpire_node *rides = umpire_map_get(fn,
				"rides");
			bool waiting = (v = umpire_map_get(fn, "waiting")) &&
				v->type == UMPIRE_BOOL && v->u.b;
			int first = g->nfigures;
			struct vs_figure proto;
			struct vs_price price;
			bool shape;

			memset(&proto, 0, sizeof(proto));
			proto.name = l->name;
			proto.owner = k;
			proto.line = li;
			proto.profile = l->profile;
			vs_price(&l->profile, &price);
			proto.points = price.total;
			proto.where = VS_ON;
			proto.size = 1;
			proto.mount = -1;
			proto.by = -1;
			proto.left = -1;
			proto.node = fn;
			wrong_surface_keys(r, fn);
			shape = read_shape(r, fn, &proto);
			for (int c = 1; c <= l->count; c++) {
				struct vs_figure *f = &g->figure[g->nfigures];
				r->force_of[g->nfigures++] = k;
				*f = proto;
				f->id = l->count == 1 ? l->id :
					umpire_arena_printf(r->a, "%s-%d", l->id, c);
			}
			if (rides && l->count != 1)
				umpire_node_error(r->d, key_of(fn, "rides"), "a line "
					"of %d figures rides nothing: give each rider a "
					"line of its own (II, VS-57)", l->count);
			if (r->state && !read_play(r, k, fn, first, g->nfigures))
				continue;	/* nowhere on the table or map */
			if (waiting && !r->state) {
				if (g->scenario != VS_SPAWNING)
					umpire_node_error(r->d, key_of(fn, "waiting"),
						"waiting is Spawning's, for figures not yet "
						"in the game: leave it out of %s (VIII)",
						vs_scenario_names[g->scenario]);
				else if (g->player[k].team != VS_SPAWNER &&
				    g->player[k].team != VS_NO_TEAM)
					umpire_node_error(r->d, key_of(fn, "waiting"),
						"only Spawner players' figures wait to come "
						"into the game; %s is an Infiltrator "
						"(VIII, VS-59)", g->player[k].id);
				else if (at)
					umpire_node_error(r->d, key_of(fn, "at"), "a "
						"figure waiting to come into the game stands "
						"nowhere yet: leave at out (VIII, VS-59)");
				else if (rides)
					umpire_node_error(r->d, key_of(fn, "rides"),
						"a figure waiting to come into the game rides "
						"nothing yet: leave rides out (VIII, VS-59)");
				for (int i = first; i < g->nfigures; i++)
					g->figure[i].where = VS_WAITING;
				continue;
			}
			if (!at) {
				if (!rides || l->count != 1)
					umpire_node_error(r->d, fn, "where does %s stand? "
						"give at: %s%s", l->id, g->on_map ?
						"a square" : "the centre of its base, [x, y]",
						g->scenario == VS_SPAWNING ? ", or waiting: "
						"true for a Spawner's figure to come" : "");
				continue;
			}
			if (r->surface && shape)
				read_places(r, first, l->count, at);
		}
	}
}

/*
 * Ids unique across the forces (VS-56): within one force vs_army_read
 * has said so.  Also against the features'.
 */
static void
check_ids(struct rd *r)
{
	struct vs_game *g = r->g;
	struct named *order = umpire_arena_alloc(r->a,
		(size_t)(g->nfigures + 1) * sizeof(*order));

	/* A line's clashes with one other force are reported once, at its
	 * first figure: clashed[] is by the line's first figure. */
	uint32_t *clashed = umpire_arena_alloc(r->a, (size_t)(g->nfigures +
		1) * sizeof(*clashed));
	int *head = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*head));

	for (int i = 0; i < g->nfigures; i++) {
		order[i] = (struct named){ g->figure[i].id, i };
		head[i] = i > 0 && g->figure[i].node == g->figure[i - 1].node ?
			head[i - 1] : i;
	}
	qsort(order, (size_t)g->nfigures, sizeof(*order), cmp_named);
	r->order = order;
	for (int i = 0; i < g->nfigures; ) {
		int j = i;
		while (j < g->nfigures && strcmp(order[i].id, order[j].id) == 0)
			j++;
		for (int k = i + 1; k < j; k++) {
			const struct vs_figure *f = &g->figure[order[k].index];
			int fk = r->force_of[order[k].index];
			int ok = r->force_of[order[i].index];
			uint32_t bit = 1u << ok;
			if (fk == ok ||
			    (clashed[head[order[k].index]] & bit))
				continue;
			clashed[head[order[k].index]] |= bit;
			umpire_node_error(r->d, at_key(f->node, "id"), "%s "
				"names a figure of %s's already: an id names "
				"one figure in the game, whoever's (VS-56)",
				f->id, g->player[ok].id);
		}
		i = j;
	}
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		if (find_feature(r, f->id) >= 0 && (i == 0 || f->node !=
		    g->figure[i - 1].node))
			umpire_node_error(r->d, at_key(f->node, "id"), "%s is a "
				"feature's id already: an id names one thing in the "
				"game (VS-56)", f->id);
	}
}

/* The first figure called id, in check_ids' order. */
static int
find_figure(const struct rd *r, const char *id)
{
	return find_named(r->order, r->g->nfigures, id);
}

/*
 * Riders (II, VS-7, VS-57): a guy on its own side's cavalry or vehicle
 * (in a state, a side's since one of them was recruited, VS-76), not
 * on a rider, one and `carries` more to a mount; it stands where its
 * mount does, and may leave its place to be taken from it.
 */
static void
check_rides(struct rd *r)
{
	struct vs_game *g = r->g;

	for (int i = 0; i < g->nfigures; i++) {
		struct vs_figure *f = &g->figure[i];
		const struct umpire_node *v = umpire_map_get(f->node, "rides");
		const char *id = umpire_node_cstr(v);
		int m;

		if (!v || f->where != VS_ON ||
		    r->army[r->force_of[i]].lines[f->line].count != 1)
			continue;
		if ((m = find_figure(r, id)) < 0) {
			umpire_node_error(r->d, v, "no figure is called %s: rides "
				"names the cavalry or vehicle the figure rides (II)",
				id ? id : "that");
			r->placed[i] = false;
			continue;
		}
		const struct vs_figure *mf = &g->figure[m];
		if (m == i) {
			umpire_node_error(r->d, v, "%s cannot ride itself (II)",
				f->id);
			r->placed[i] = false;
			continue;
		}
		if (!vs_is_guy(&f->profile)) {
			umpire_node_error(r->d, v, "only a guy rides: %s is %s "
				"(II, VS-57)", f->id, f->profile.kind == VS_CAVALRY ?
				"cavalry" : "a vehicle");
			r->placed[i] = false;
			continue;
		}
		if (vs_is_guy(&mf->profile)) {
			umpire_node_error(r->d, v, "%s is a guy: a guy rides cavalry "
				"or drives a vehicle (II, VS-57)", mf->id);
			r->placed[i] = false;
			continue;
		}
		/* A state may hold a rider and mount of two sides, one of
		 * them recruited on the spot (VS-76). */
		bool recruited = r->state && (f->owner != r->force_of[i] ||
			mf->owner != r->force_of[m]);
		if (mf->owner != f->owner && !recruited) {
			umpire_node_error(r->d, v, "%s is %s's: a guy rides his own "
				"side's cavalry or vehicles (II, VS-57)", mf->id,
				g->player[mf->owner].id);
			r->placed[i] = false;
			continue;
		}
		if (mf->where != VS_ON) {
			if (mf->where == VS_WAITING)
				umpire_node_error(r->d, v, "%s waits to come into the "
					"game: nobody rides it yet (VIII, VS-59)", mf->id);
			else
				umpire_node_error(r->d, v, "%s is %s: nobody rides it, "
					"its riders having stayed on foot (VS-71)", mf->id,
					vs_status_names[mf->where]);
			r->placed[i] = false;
			continue;
		}
		if (++r->riders[m] > 1 + mf->profile.carries) {
			umpire_node_error(r->d, v, "%s has room for %d: its %s and "
				"%d more (carries, VS-7), and %s would be one more",
				mf->id, 1 + mf->profile.carries, mf->profile.kind ==
				VS_CAVALRY ? "rider" : "driver", mf->profile.carries,
				f->id);
			r->placed[i] = false;
			continue;
		}
		f->mount = m;
	}
	/* A rider stands on its mount.  (Nobody rides a rider, VS-35: a
	 * mount is cavalry or a vehicle, and only a guy rides.) */
	for (int i = 0; i < g->nfigures; i++) {
		struct vs_figure *f = &g->figure[i];
		const struct umpire_node *v = umpire_map_get(f->node, "rides");
		int m = f->mount;

		if (m < 0)
			continue;
		if (!r->at[i]) {
			/* Taken from its mount (VS-57). */
			f->at.at = g->figure[m].at.at;
			f->sq = g->figure[m].sq;
			r->placed[i] = r->placed[m];
			r->at[i] = v;
			continue;
		}
		if (!r->placed[i] || !r->placed[m] || g->on_map)
			continue;	/* the map: vs_map_misplaced judges */
		if (!umpire_pt_eq(f->at.at, g->figure[m].at.at)) {
			umpire_node_error(r->d, r->at[i], "%s rides %s, so it "
				"stands at %s, its mount's centre: write that, or "
				"leave at out (II, VS-57)", f->id, g->figure[m].id,
				pt_text(r->a, g->figure[m].at.at));
			r->placed[i] = false;
		}
	}
}

/* Whether a and b may stand together: a rider and its mount, or two
 * riders of one mount (II, VS-57). */
static bool
together(const struct vs_game *g, int a, int b)
{
	int ma = g->figure[a].mount, mb = g->figure[b].mount;

	return ma == b || mb == a || (ma >= 0 && ma == mb);
}

/*
 * In a state, riders left on foot where their mount fell (VS-71): they
 * stood together on it, and stand together still until they move, so
 * two figures of one player at exactly one centre (the map: one space
 * each, the same) do not stand in each other's way.  Anything else that
 * overlaps is refused as at set-up (VS-21, VS-26, IX).
 */
static bool
left_on_foot(const struct rd *r, int a, int b)
{
	const struct vs_figure *x = &r->g->figure[a], *y = &r->g->figure[b];

	if (!r->state || x->owner != y->owner)
		return false;
	if (r->g->on_map)
		return x->size == 1 && y->size == 1 &&
			umpire_grid_same(x->sq, y->sq);
	return umpire_pt_eq(x->at.at, y->at.at);
}

static bool
set_up(const struct rd *r, int i)
{
	return r->placed[i] && r->g->figure[i].where == VS_ON;
}

/* Round bases of diameters a and b, centres d2 apart, overlap. */
static bool
overlap(const struct umpire_figure *x, const struct umpire_figure *y)
{
	int64_t s = (int64_t)x->base + y->base;
	struct umpire_frac d2 = { umpire_dist2(x->at, y->at), 1 };

	return umpire_exact_frac_cmp(d2, (struct umpire_frac){ s * s, 4 }) < 0;
}

/*
 * Figures bucketed by where they stand, in square cells of side at least
 * the farthest two figures may be and still matter to each other, so
 * that only the 3 x 3 cells around one are looked at; and by owner, for
 * the checks against every other player's figures.  A cell's figures
 * are in index order.
 */
struct cells {
	int cols, rows, owners;
	int64_t side;
	int *head;		/* per cell and owner: its first figure, or -1 */
	int *next;		/* per figure: the next in its cell, or -1 */
	int *col, *row;		/* per figure: its cell */
};

/* Figure i's place: its centre on the table, its lowest space on the
 * map. */
static void
place_of(const struct vs_game *g, int i, int64_t *x, int64_t *y)
{
	if (g->on_map) {
		*x = g->figure[i].sq.file;
		*y = g->figure[i].sq.rank;
	} else {
		*x = g->figure[i].at.at.x;
		*y = g->figure[i].at.at.y;
	}
}

static void
cells_make(struct rd *r, struct cells *c, const bool *in, int64_t side,
	bool by_owner)
{
	const struct vs_game *g = r->g;
	int64_t w = g->on_map ? g->grid.files : g->table.width;
	int64_t d = g->on_map ? g->grid.ranks : g->table.depth;
	int64_t least = (w > d ? w : d) / 128 + 1;
	size_t n;

	c->side = side > least ? side : least;
	c->cols = (int)(w / c->side) + 1;
	c->rows = (int)(d / c->side) + 1;
	c->owners = by_owner ? g->nplayers : 1;
	n = (size_t)c->cols * (size_t)c->rows * (size_t)c->owners;
	c->head = umpire_arena_alloc(r->a, n * sizeof(*c->head));
	c->next = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*c->next));
	c->col = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*c->col));
	c->row = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*c->row));
	for (size_t k = 0; k < n; k++)
		c->head[k] = -1;
	for (int i = g->nfigures - 1; i >= 0; i--) {
		int64_t x, y;
		size_t k;
		if (!in[i])
			continue;
		place_of(g, i, &x, &y);
		c->col[i] = (int)(x / c->side);
		c->row[i] = (int)(y / c->side);
		k = ((size_t)c->row[i] * (size_t)c->cols + (size_t)c->col[i]) *
			(size_t)c->owners + (size_t)(by_owner ?
			g->figure[i].owner : 0);
		c->next[i] = c->head[k];
		c->head[k] = i;
	}
}

/* The first figure of a cell next to i's (dc, dr from -1 to 1) and
 * owner o's, or -1. */
static int
cells_first(const struct cells *c, int i, int dc, int dr, int o)
{
	int col = c->col[i] + dc, row = c->row[i] + dr;

	if (col < 0 || row < 0 || col >= c->cols || row >= c->rows)
		return -1;
	return c->head[((size_t)row * (size_t)c->cols + (size_t)col) *
		(size_t)c->owners + (size_t)o];
}

/* Whether two bases' rims are surely len or more apart, by whole
 * numbers: 4 d^2 >= (2 len + a + b)^2. */
static bool
surely_apart(const struct umpire_figure *x, const struct umpire_figure *y,
	int32_t len)
{
	int64_t dx = (int64_t)x->at.x - y->at.x, dy = (int64_t)x->at.y -
		y->at.y, s = 2 * (int64_t)len + x->base + y->base;

	return 4 * (dx * dx + dy * dy) >= s * s;
}

static int32_t
largest_base(const struct rd *r)
{
	int32_t most = 0;

	for (int i = 0; i < r->g->nfigures; i++)
		if (set_up(r, i) && r->g->figure[i].at.base > most)
			most = r->g->figure[i].at.base;
	return most;
}

static int
largest_size(const struct rd *r)
{
	int most = 1;

	for (int i = 0; i < r->g->nfigures; i++)
		if (set_up(r, i) && r->g->figure[i].size > most)
			most = r->g->figure[i].size;
	return most;
}

/* A rider whose base is no bigger than its mount's stands and falls
 * with its mount: nothing is asked of it that its mount was not. */
static bool
follows_mount(const struct vs_game *g, int i)
{
	int m = g->figure[i].mount;

	return m >= 0 && (g->on_map || g->figure[i].at.base <=
		g->figure[m].at.base);
}

/* Riders of refused mounts are refused too, and not reported again. */
static void
unplace_riders(struct rd *r)
{
	struct vs_game *g = r->g;

	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].mount >= 0 && !r->placed[g->figure[i].mount])
			r->placed[i] = false;
}

/* The table: bases never overlap, nor stand on a barrier (VS-21, VS-26). */
static void
check_table_places(struct rd *r)
{
	struct vs_game *g = r->g;
	unsigned barrier = vs_kinds(VS_BARRIER);
	bool *in = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1));
	bool *refused = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1));
	struct cells c;

	for (int i = 0; i < g->nfigures; i++)
		in[i] = set_up(r, i);
	cells_make(r, &c, in, largest_base(r), false);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		int first = -1;
		if (!set_up(r, i) || follows_mount(g, i))
			continue;
		for (int dr = -1; dr <= 1; dr++)
			for (int dc = -1; dc <= 1; dc++)
				for (int j = cells_first(&c, i, dc, dr, 0); j >= 0 &&
				    j < i && (first < 0 || j < first); j = c.next[j])
					if (!together(g, i, j) &&
					    !left_on_foot(r, i, j) &&
					    overlap(&f->at, &g->figure[j].at))
						first = j;
		if (first >= 0) {
			umpire_node_error(r->d, r->at[i], "%s's base overlaps "
				"%s's: bases never overlap (VS-21, VS-26)",
				f->id, g->figure[first].id);
			refused[i] = true;
		}
		for (int k = 0; k < g->nfeatures; k++)
			if (!r->bad_feature[k] &&
			    (barrier & UMPIRE_KIND(g->pieces[k].kind)) &&
			    umpire_piece_near(&g->pieces[k], f->at.at, f->at.at,
			    f->at.base)) {
				umpire_node_error(r->d, r->at[i], "%s stands on %s, "
					"a barrier: no figure is set up on one (VS-26)",
					f->id, g->feature[k].id);
				refused[i] = true;
				break;
			}
	}
	for (int i = 0; i < g->nfigures; i++)
		if (refused[i])
			r->placed[i] = false;
	unplace_riders(r);
}

/* The figures on the map, as map.c takes them: idx[i] is figure i's
 * index there, or -1. */
static int
build_map(const struct rd *r, struct vs_map *m, struct vs_map_figure *mf,
	int *idx)
{
	const struct vs_game *g = r->g;
	int n = 0;

	for (int i = 0; i < g->nfigures; i++) {
		idx[i] = -1;
		if (!set_up(r, i))
			continue;
		idx[i] = n;
		mf[n] = (struct vs_map_figure){ g->figure[i].sq,
			g->figure[i].size, g->figure[i].owner, 0 };
		n++;
	}
	for (int i = 0; i < g->nfigures; i++)
		if (idx[i] >= 0 && g->figure[i].mount >= 0 &&
		    idx[g->figure[i].mount] >= 0)
			mf[idx[i]].mount = 1 + idx[g->figure[i].mount];
	*m = (struct vs_map){ g->grid, g->ground, mf, n };
	return n;
}

/*
 * The map, by vs_map_misplaced's rules in one pass (VS-34, VS-35, IX):
 * every figure but riders, in order, on no barrier and on no space an
 * earlier one holds; then each rider on a space of its mount, taking
 * one space.  A square's holder is kept in a files x ranks array.
 */
static void
check_map_places(struct rd *r)
{
	struct vs_game *g = r->g;
	int32_t *holder = umpire_arena_alloc(r->a, (size_t)g->grid.files *
		(size_t)g->grid.ranks * sizeof(*holder));
	char a[UMPIRE_SQUARE_NAME];

	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		const char *why = NULL;
		if (!set_up(r, i) || f->mount >= 0)
			continue;
		for (int y = 0; y < f->size && !why; y++)
			for (int x = 0; x < f->size && !why; x++) {
				struct umpire_square s = { f->sq.file + x,
					f->sq.rank + y };
				size_t k = umpire_grid_index(&g->grid, s);
				enum vs_terrain t = (enum vs_terrain)g->ground[k];
				if (t == VS_MAP_PARTIAL || t == VS_MAP_BUILDING)
					why = umpire_arena_printf(r->a, "%s is %s, and "
						"no figure stands on a barrier (VS-34)",
						umpire_grid_name(s, a),
						vs_terrain_titles[t]);
				else if (holder[k] && !left_on_foot(r, i,
				    holder[k] - 1))
					why = umpire_arena_printf(r->a, "%s holds "
						"another figure already: one figure to a "
						"space (IX), a rider on its mount aside "
						"(VS-35)", umpire_grid_name(s, a));
			}
		if (why) {
			umpire_node_error(r->d, r->at[i], "%s: %s", f->id, why);
			r->placed[i] = false;
			continue;
		}
		for (int y = 0; y < f->size; y++)
			for (int x = 0; x < f->size; x++)
				holder[umpire_grid_index(&g->grid, (struct
					umpire_square){ f->sq.file + x, f->sq.rank +
					y })] = i + 1;
	}
	unplace_riders(r);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i], *m;
		if (!set_up(r, i) || f->mount < 0 || !r->at[i] ||
		    r->at[i] == umpire_map_get(f->node, "rides"))
			continue;
		m = &g->figure[f->mount];
		if (f->size != 1)
			umpire_node_error(r->d, r->at[i], "%s: a rider takes one "
				"space, not %d x %d (VS-35)", f->id, f->size,
				f->size);
		else if (f->sq.file < m->sq.file || f->sq.rank < m->sq.rank ||
		    f->sq.file >= m->sq.file + m->size ||
		    f->sq.rank >= m->sq.rank + m->size)
			umpire_node_error(r->d, r->at[i], "%s: %s is not a space of "
				"the figure it rides (II, VS-35)", f->id,
				umpire_grid_name(f->sq, a));
		else
			continue;
		r->placed[i] = false;
	}
}

/* Spawning: a Spawner sets up only one figure (VIII, VS-59). */
static void
check_spawners(struct rd *r)
{
	struct vs_game *g = r->g;

	if (g->scenario != VS_SPAWNING)
		return;
	for (int k = 0; k < g->nplayers; k++) {
		const struct vs_player *pl = &g->player[k];
		int on = 0;
		if (pl->team != VS_SPAWNER || !r->force[k])
			continue;
		for (int i = pl->first; i < pl->first + pl->nfigures; i++)
			on += g->figure[i].where == VS_ON;
		if (on == 0)
			umpire_node_error(r->d, key_of(r->force[k], "figures"),
				"a Spawner sets up one figure, and %s sets up none: "
				"set one figure up: give it at (VIII, VS-59)",
				pl->id);
		else if (on != 1)
			umpire_node_error(r->d, key_of(r->force[k], "figures"),
				"a Spawner sets up only one figure, and %s sets up "
				"%d: give the others waiting: true (VIII, VS-59)",
				pl->id, on);
	}
}

/* ---------------------------------------------------------------- set-up */

/* Each square's king-move distance to the nearest of b's squares, by
 * two raster passes (exact for king moves): files x ranks, from a1. */
static int32_t *
building_gaps(struct rd *r, const struct vs_feature *b)
{
	const struct vs_game *g = r->g;
	int nf = g->grid.files, nr = g->grid.ranks;
	int32_t *d = umpire_arena_alloc(r->a, (size_t)nf * (size_t)nr *
		sizeof(*d));
	int32_t far = nf + nr;

	for (size_t k = 0; k < (size_t)nf * (size_t)nr; k++)
		d[k] = far;
	for (int q = 0; q < b->nsquares; q++)
		d[umpire_grid_index(&g->grid, b->squares[q])] = 0;
	for (int y = 0; y < nr; y++)
		for (int x = 0; x < nf; x++) {
			int32_t *v = &d[(size_t)y * nf + x];
			if (x > 0 && d[(size_t)y * nf + x - 1] + 1 < *v)
				*v = d[(size_t)y * nf + x - 1] + 1;
			for (int dx = -1; y > 0 && dx <= 1; dx++)
				if (x + dx >= 0 && x + dx < nf &&
				    d[(size_t)(y - 1) * nf + x + dx] + 1 < *v)
					*v = d[(size_t)(y - 1) * nf + x + dx] + 1;
		}
	for (int y = nr - 1; y >= 0; y--)
		for (int x = nf - 1; x >= 0; x--) {
			int32_t *v = &d[(size_t)y * nf + x];
			if (x < nf - 1 && d[(size_t)y * nf + x + 1] + 1 < *v)
				*v = d[(size_t)y * nf + x + 1] + 1;
			for (int dx = -1; y < nr - 1 && dx <= 1; dx++)
				if (x + dx >= 0 && x + dx < nf &&
				    d[(size_t)(y + 1) * nf + x + dx] + 1 < *v)
					*v = d[(size_t)(y + 1) * nf + x + dx] + 1;
		}
	return d;
}

/* The king-move distance from a figure's nearest space to the building:
 * the least of its spaces' in building_gaps' array. */
static int
map_gap_to(const struct vs_game *g, const int32_t *gap,
	const struct vs_figure *fig)
{
	int best = -1;

	for (int y = 0; y < fig->size; y++)
		for (int x = 0; x < fig->size; x++) {
			int d = gap[umpire_grid_index(&g->grid, (struct
				umpire_square){ fig->sq.file + x, fig->sq.rank + y })];
			if (best < 0 || d < best)
				best = d;
		}
	return best;
}

static const char *
spaces_text(struct rd *r, int n)
{
	return umpire_arena_printf(r->a, "%d space%s", n, plural(n));
}

/* Basic (and Escape, Transport): 2 Move Units from every other player's
 * figures (VIII, VS-30, VS-58).  Each figure is reported once, naming
 * the first figure too near it. */
static void
check_apart(struct rd *r, const struct vs_map *m, const int *idx)
{
	struct vs_game *g = r->g;
	int units = g->on_map ? vs_map_units(g->scale, 4) : 0;
	bool *in = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1));
	struct cells c;

	for (int i = 0; i < g->nfigures; i++)
		in[i] = set_up(r, i) && (!g->on_map || idx[i] >= 0);
	cells_make(r, &c, in, g->on_map ? units + largest_size(r) :
		2 * VS_MOVE_UNIT + largest_base(r), true);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		int first = -1;
		if (!in[i])
			continue;
		for (int o = 0; o < g->nplayers; o++) {
			if (o == f->owner)
				continue;
			for (int dr = -1; dr <= 1; dr++)
				for (int dc = -1; dc <= 1; dc++)
					for (int j = cells_first(&c, i, dc, dr, o);
					    j >= 0 && j < i && (first < 0 || j < first);
					    j = c.next[j]) {
						const struct vs_figure *e = &g->figure[j];
						if (g->on_map ? vs_map_distance(m, idx[i],
						    idx[j]) < units : !surely_apart(&f->at,
						    &e->at, 2 * VS_MOVE_UNIT) &&
						    vs_gap_cmp(&f->at, &e->at,
						    2 * VS_MOVE_UNIT) < 0)
							first = j;
					}
		}
		if (first < 0)
			continue;
		const struct vs_figure *o = &g->figure[first];
		if (g->on_map)
			umpire_node_error(r->d, r->at[i], "%s is %s from %s's %s: "
				"set up at least 2 Move Units (%s) from every other "
				"player's figures (VIII, VS-30, VS-58)", f->id,
				spaces_text(r, vs_map_distance(m, idx[i],
				idx[first])), g->player[o->owner].id, o->id,
				spaces_text(r, units));
		else
			umpire_node_error(r->d, r->at[i], "%s is %s inches from "
				"%s's %s: set up at least 2 Move Units (17 inches) "
				"from every other player's figures (VIII, VS-30)",
				f->id, vs_len_text(r->a, vs_gap(&f->at, &o->at,
				UMPIRE_DOWN)), g->player[o->owner].id, o->id);
	}
}

/* Ambush: each Target figure within 1 Move Unit of another Target
 * player's, or with one Target player, of another of his own (VS-30). */
static void
check_targets(struct rd *r, const struct vs_map *m, const int *idx)
{
	struct vs_game *g = r->g;
	int targets = 0, units = g->on_map ? vs_map_units(g->scale, 2) : 0;
	int count[VS_MAX_PLAYERS] = { 0 }, all = 0;
	int *group = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*group));
	bool *in = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1));
	struct cells c;

	for (int k = 0; k < g->nplayers; k++)
		targets += g->player[k].team == VS_TARGET;
	/* Who is there to be near: the Targets set up, by player, and each
	 * mount's party (itself and its riders), who do not count. */
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		in[i] = set_up(r, i) && (!g->on_map || idx[i] >= 0) &&
			g->player[f->owner].team == VS_TARGET;
		if (!in[i])
			continue;
		count[f->owner]++;
		all++;
		group[f->mount >= 0 ? f->mount : i]++;
	}
	cells_make(r, &c, in, g->on_map ? units + largest_size(r) :
		VS_MOVE_UNIT + largest_base(r), true);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		bool near = false, any;
		if (!in[i])
			continue;
		any = targets > 1 ? all - count[f->owner] > 0 :
			count[f->owner] - group[f->mount >= 0 ? f->mount : i] > 0;
		for (int o = 0; o < g->nplayers && !near && any; o++) {
			if (targets > 1 && o == f->owner)
				continue;
			for (int dr = -1; dr <= 1 && !near; dr++)
				for (int dc = -1; dc <= 1 && !near; dc++)
					for (int j = cells_first(&c, i, dc, dr, o);
					    j >= 0 && !near; j = c.next[j]) {
						const struct vs_figure *e = &g->figure[j];
						if (j == i || together(g, i, j))
							continue;
						near = g->on_map ? vs_map_distance(m, idx[i],
							idx[j]) <= units : !surely_apart(&f->at,
							&e->at, VS_MOVE_UNIT + 1) &&
							vs_gap_cmp(&f->at, &e->at,
							VS_MOVE_UNIT) <= 0;
					}
		}
		if (near || !any)
			continue;
		umpire_node_error(r->d, r->at[i], "%s is not within 1 Move Unit "
			"(%s) of %s: Target players set up together (VIII, VS-30%s)",
			f->id, g->on_map ? spaces_text(r, units) : "8.5 inches",
			targets > 1 ? "another Target player's figure" :
			"another Target figure", g->on_map ? ", VS-58" : "");
	}
}

/* Fortress Assault: Defenders within a Half Move Unit of the building,
 * Assaulters at least 2 Move Units from it (VIII, VS-29, VS-30). */
static void
check_fortress(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct vs_feature *b;
	int32_t *gap = NULL;

	if (g->building < 0 || r->bad_feature[g->building])
		return;
	b = &g->feature[g->building];
	if (g->on_map)
		gap = building_gaps(r, b);
	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		enum vs_team t = g->player[f->owner].team;
		bool ok;
		if (!set_up(r, i) || (t != VS_DEFENDER && t != VS_ASSAULTER))
			continue;
		if (g->on_map) {
			int d = map_gap_to(g, gap, f);
			int lim = vs_map_units(g->scale, t == VS_DEFENDER ? 1 : 4);
			ok = t == VS_DEFENDER ? d <= lim : d >= lim;
			if (!ok)
				umpire_node_error(r->d, r->at[i], "%s is %s from %s: "
					"%s set up %s (%s) %s it (VIII, VS-30, VS-58)",
					f->id, spaces_text(r, d), b->id, t == VS_DEFENDER ?
					"Defenders" : "Assaulters", t == VS_DEFENDER ?
					"within a Half Move Unit" : "at least 2 Move Units",
					spaces_text(r, lim), t == VS_DEFENDER ? "of" :
					"from");
			continue;
		}
		ok = t == VS_DEFENDER ? vs_piece_gap_cmp(&f->at, &b->piece,
			VS_HALF_MOVE_UNIT) <= 0 : vs_piece_gap_cmp(&f->at,
			&b->piece, 2 * VS_MOVE_UNIT) >= 0;
		if (!ok)
			umpire_node_error(r->d, r->at[i], "%s is %s inches from %s: "
				"%s set up %s (%s inches) %s it (VIII, VS-29, VS-30)",
				f->id, vs_len_text(r->a, vs_piece_gap(&f->at, &b->piece,
				t == VS_DEFENDER ? UMPIRE_UP : UMPIRE_DOWN)), b->id,
				t == VS_DEFENDER ? "Defenders" : "Assaulters",
				t == VS_DEFENDER ? "within a Half Move Unit" :
				"at least 2 Move Units", t == VS_DEFENDER ? "4.25" :
				"17", t == VS_DEFENDER ? "of" : "from");
	}
}

/* Whether figure i stands on its force's side (VS-61). */
static bool
on_side(const struct vs_game *g, int i, const char **where)
{
	const struct vs_figure *f = &g->figure[i];
	enum vs_side_of_table e = g->player[f->owner].edge;

	if (g->on_map) {
		int hr = (g->grid.ranks + 1) / 2, hf = (g->grid.files + 1) / 2;
		switch (e) {
		case VS_SOUTH:
			*where = "ranks"; return f->sq.rank + f->size - 1 <= hr;
		case VS_NORTH:
			*where = "ranks";
			return f->sq.rank > g->grid.ranks - hr;
		case VS_WEST:
			*where = "files"; return f->sq.file + f->size - 1 <= hf;
		default:
			*where = "files";
			return f->sq.file > g->grid.files - hf;
		}
	}
	switch (e) {
	case VS_SOUTH:
		return 2 * (int64_t)f->at.at.y <= g->table.depth;
	case VS_NORTH:
		return 2 * (int64_t)f->at.at.y >= g->table.depth;
	case VS_WEST:
		return 2 * (int64_t)f->at.at.x <= g->table.width;
	default:
		return 2 * (int64_t)f->at.at.x >= g->table.width;
	}
}

/* Basic, Escape, Transport and Spawning: "on one side of the playing
 * surface", the half nearest the force's edge (II, VIII, VS-61). */
static void
check_sides(struct rd *r)
{
	struct vs_game *g = r->g;

	for (int i = 0; i < g->nfigures; i++) {
		const struct vs_figure *f = &g->figure[i];
		const struct vs_player *pl = &g->player[f->owner];
		const char *where = "";
		if (!set_up(r, i) || f->mount >= 0 || on_side(g, i, &where))
			continue;
		if (g->on_map)
			umpire_node_error(r->d, r->at[i], "%s stands on %s, not on "
				"%s's side: set up in the %d %s nearest the %s edge "
				"(II, VIII, VS-61)", f->id, sq_text(r->a, f->sq),
				pl->id, *where == 'r' ? (g->grid.ranks + 1) / 2 :
				(g->grid.files + 1) / 2, where,
				vs_compass_names[pl->edge]);
		else
			umpire_node_error(r->d, r->at[i], "%s stands at %s, not on "
				"%s's side: set up in the half of the table nearest "
				"the %s edge (II, VIII, VS-61)", f->id,
				pt_text(r->a, f->at.at), pl->id,
				vs_compass_names[pl->edge]);
	}
}

/* Spawning: the Infiltrators on one edge, the Spawners on the opposite
 * (VIII, VS-61). */
static void
check_spawn_edges(struct rd *r)
{
	struct vs_game *g = r->g;
	int first = -1;

	for (int k = 0; k < g->nplayers; k++)
		if (r->force[k] && g->player[k].team == VS_INFILTRATOR) {
			first = k;
			break;
		}
	if (first < 0)
		return;
	for (int k = 0; k < g->nplayers; k++) {
		const struct vs_player *pl = &g->player[k];
		int want = pl->team == VS_INFILTRATOR ? (int)g->player[first].edge :
			((int)g->player[first].edge + 2) % VS_COMPASS;
		if (!r->force[k] || (pl->team != VS_INFILTRATOR &&
		    pl->team != VS_SPAWNER) || (int)pl->edge == want)
			continue;
		umpire_node_error(r->d, at_key(r->force[k], "edge"), "%s's edge "
			"is %s: Infiltrators set up on one side, %s's %s, and "
			"Spawners on the opposite: edge: %s (VIII, VS-61)", pl->id,
			vs_compass_names[pl->edge], g->player[first].id,
			vs_compass_names[g->player[first].edge],
			vs_compass_names[want]);
	}
}

static void
check_setup(struct rd *r)
{
	struct vs_game *g = r->g;
	struct vs_map m;
	struct vs_map_figure *mf = umpire_arena_alloc(r->a,
		(size_t)(g->nfigures + 1) * sizeof(*mf));
	int *idx = umpire_arena_alloc(r->a, (size_t)(g->nfigures + 1) *
		sizeof(*idx));

	if (g->on_map)
		build_map(r, &m, mf, idx);
	switch (g->scenario) {
	case VS_BASIC:
	case VS_ESCAPE:
	case VS_TRANSPORT:
		check_sides(r);
		check_apart(r, &m, idx);
		break;
	case VS_AMBUSH:
		check_targets(r, &m, idx);
		break;
	case VS_FORTRESS:
		check_fortress(r);
		break;
	case VS_SPAWNING:
		check_spawn_edges(r);
		check_sides(r);
		break;
	case VS_SCENARIOS:
		break;
	}
}

/* --------------------------------------------------------------- objects */

/* The king-move distance from s to the centre square(s) of the map
 * (squares from 1: of 24 files, l and m). */
static int
map_from_centre(const struct vs_game *g, struct umpire_square s)
{
	int lf = (g->grid.files + 1) / 2, hf = g->grid.files / 2 + 1;
	int lr = (g->grid.ranks + 1) / 2, hr = g->grid.ranks / 2 + 1;
	int df = s.file < lf ? lf - s.file : s.file > hf ? s.file - hf : 0;
	int dr = s.rank < lr ? lr - s.rank : s.rank > hr ? s.rank - hr : 0;

	return df > dr ? df : dr;
}

/* What else is called id, for clashes: a feature, a figure, one of the
 * first `objects` objects, or NULL. */
static const char *
id_taken(const struct rd *r, const char *id, int objects)
{
	if (find_feature(r, id) >= 0)
		return "a building or terrain feature";
	if (find_figure(r, id) >= 0)
		return "a figure";
	for (int i = 0; i < objects; i++)
		if (strcmp(r->g->object[i].id, id) == 0)
			return "an object";
	return NULL;
}

/* Transport: an object on the ground in or near the centre (VIII,
 * VS-62). */
static void
check_transport(struct rd *r, const struct umpire_node *list)
{
	struct vs_game *g = r->g;
	int units, first = -1;
	struct umpire_pt c = { g->table.width / 2, g->table.depth / 2 };

	if (g->scenario != VS_TRANSPORT || !r->surface)
		return;
	units = g->on_map ? vs_map_units(g->scale, 2) : 0;
	for (int i = 0; i < g->nobjects; i++) {
		const struct vs_object *o = &g->object[i];
		if (!r->ground_object[i])
			continue;
		if (first < 0)
			first = i;
		int64_t dx = 2 * (int64_t)o->at.x - g->table.width;
		int64_t dy = 2 * (int64_t)o->at.y - g->table.depth;
		if (g->on_map ? map_from_centre(g, o->sq) <= units :
		    dx * dx + dy * dy <= 4 * (int64_t)VS_MOVE_UNIT *
		    VS_MOVE_UNIT)
			return;
	}
	if (first < 0) {
		umpire_node_error(r->d, list ? list : r->root, "Transport is "
			"fought over an object lying in or near the centre: give "
			"objects: [{id: ..., at: %s}] (VIII, VS-62)", g->on_map ?
			"a square near the centre" : umpire_arena_printf(r->a,
			"%s", pt_text(r->a, c)));
		return;
	}
	umpire_node_error(r->d, umpire_map_get(list->u.seq.v[first], "at"),
		"%s lies too far from the centre: in Transport an object lies "
		"within a Move Unit (%s) of the centre of %s (VIII, VS-62)",
		g->object[first].id, g->on_map ? spaces_text(r, units) :
		"8.5 inches", surface_text(r));
}

static void
read_objects(struct rd *r)
{
	struct vs_game *g = r->g;
	const struct umpire_node *list = umpire_map_get(r->root, "objects");
	size_t n = is_seq(list) ? list->u.seq.n : 0;

	if (n > VS_MAX_OBJECTS) {
		umpire_node_error(r->d, list, "a game has at most %d objects",
			VS_MAX_OBJECTS);
		n = VS_MAX_OBJECTS;
	}
	for (size_t i = 0; i < n; i++) {
		const struct umpire_node *on = list->u.seq.v[i];
		const struct umpire_node *at = umpire_map_get(on, "at");
		const struct umpire_node *held = umpire_map_get(on, "held");
		struct vs_object *o = &g->object[g->nobjects++];
		const char *id = umpire_node_cstr(umpire_map_get(on, "id"));
		const char *taken;

		o->id = umpire_arena_strdup(r->a, id ? id : "");
		o->holder = -1;
		if ((taken = id_taken(r, o->id, g->nobjects - 1)))
			umpire_node_error(r->d, at_key(on, "id"), "%s is %s's id "
				"already: an id names one thing in the game (VS-56)",
				o->id, taken);
		if (!at == !held) {
			umpire_node_error(r->d, on, "an object lies somewhere or is "
				"held: give at: or held: a figure's id, not both (III)");
			continue;
		}
		if (held) {
			const char *h = umpire_node_cstr(held);
			if ((o->holder = find_figure(r, h)) < 0)
				umpire_node_error(r->d, held, "no figure is called %s: "
					"held names the figure that carries the object",
					h ? h : "that");
			else if (g->figure[o->holder].where == VS_WAITING)
				umpire_node_error(r->d, held, "%s waits to come into "
					"the game: it holds nothing yet (VS-59)", h);
			else if (g->figure[o->holder].where != VS_ON)
				umpire_node_error(r->d, held, "%s is %s: it holds "
					"nothing, and what it carried lies where it stood "
					"(VS-71)", h, vs_status_names[
					g->figure[o->holder].where]);
			continue;
		}
		if (!r->surface)
			continue;
		if (g->on_map) {
			if (!read_sq(r, at, &o->sq))
				continue;
			if (!umpire_grid_on(&g->grid, o->sq)) {
				umpire_node_error(r->d, at, "%s lies on %s, off %s",
					o->id, sq_text(r->a, o->sq), surface_text(r));
				continue;
			}
			enum vs_terrain t = (enum vs_terrain)g->ground[
				umpire_grid_index(&g->grid, o->sq)];
			if (t == VS_MAP_PARTIAL || t == VS_MAP_BUILDING) {
				umpire_node_error(r->d, at, "%s lies on %s, %s: no "
					"object lies on a barrier (VS-34, VS-62)", o->id,
					sq_text(r->a, o->sq), vs_terrain_titles[t]);
				continue;
			}
		} else {
			if (!read_pt(r, at, &o->at))
				continue;
			if (!umpire_table_holds(&g->table, o->at)) {
				umpire_node_error(r->d, at, "%s lies at %s, off %s",
					o->id, pt_text(r->a, o->at), surface_text(r));
				continue;
			}
			int k;
			for (k = 0; k < g->nfeatures; k++)
				if (!r->bad_feature[k] && (g->pieces[k].kind &
				    VS_BARRIER) && umpire_piece_holds(&g->pieces[k],
				    o->at))
					break;
			if (k < g->nfeatures) {
				umpire_node_error(r->d, at, "%s lies at %s, on %s, a "
					"barrier: no object lies on one (VS-26, VS-62)",
					o->id, pt_text(r->a, o->at), g->feature[k].id);
				continue;
			}
		}
		r->ground_object[g->nobjects - 1] = true;
	}
	if (!r->state)
		check_transport(r, list);
}

/* ----------------------------------------------------------------- round */

/* Before the first round (VS-41): the ending's rounds, solo play. */
static void
init_round(struct rd *r)
{
	struct vs_game *g = r->g;

	if (vs_round_init(&g->pos, g->nplayers, g->ending.rounds,
	    g->ending.end) < 0)
		return;
	g->pos.solo = g->solo;
	for (int k = 0; k < g->nplayers; k++)
		if (g->player[k].bot)
			g->pos.bots |= 1u << k;
}

/*
 * A state's round: {number, phase, winner, first} (vsgmr.h), and the
 * awaited player from core's awaiting.  round.c's acts is not written:
 * all it asks of it is whether a phase decision was awaited this round
 * (VS-45's round with nobody to ask), which the phase says.
 */
static void
read_round(struct rd *r)
{
	struct vs_game *g = r->g;
	struct vs_round *pos = &g->pos;
	const struct umpire_node *rn = umpire_map_get(r->root, "round");
	const struct umpire_node *aw = umpire_map_get(r->root, "awaiting");
	const struct umpire_node *v;
	int last = g->ending.rounds ? g->ending.rounds : VS_MAX_ROUNDS, k;

	if (!rn)
		return;
	if (!is_map(rn)) {
		umpire_node_error(r->d, rn, "round is {number, phase, winner, "
			"first}: where the game is (VS-41)");
		return;
	}
	if ((v = umpire_map_get(rn, "number"))) {
		size_t before = r->d->errors;
		read_count(r, v, 0, last, "a round's number (0 before the "
			"first, up to the game's last)", &pos->round);
		/* What follows is judged by the number: with none, it would
		 * judge round 0's rules and say so wrongly. */
		if (r->d->errors > before)
			return;
	}
	if ((v = umpire_map_get(rn, "phase"))) {
		if ((k = name_index(vs_phase_names, VS_PHASES,
		    umpire_node_cstr(v))) < 0)
			umpire_node_error(r->d, v, "a phase is initiative, move, "
				"distance, hand-to-hand or skill (II, VS-41)");
		else
			pos->phase = k;
	}
	if ((v = umpire_map_get(rn, "winner")))
		pos->winner = read_player(r, v, "round.winner names who won the "
			"round's initiative (VS-14)");
	if ((v = umpire_map_get(rn, "first")))
		pos->first = read_player(r, v, "round.first names the player "
			"who starts the round (VS-43)");
	if (pos->round == 0) {
		static const char *const keys[] = { "winner", "first" };
		if (pos->phase != VS_PHASE_INITIATIVE)
			umpire_node_error(r->d, at_key(rn, "phase"), "before the "
				"first round the phase is initiative (VS-41)");
		for (int i = 0; i < 2; i++)
			if (umpire_map_get(rn, keys[i]))
				umpire_node_error(r->d, key_of(rn, keys[i]), "before "
					"the first round nobody has won the initiative: "
					"leave %s out (VS-14)", keys[i]);
	} else {
		if (!umpire_map_get(rn, "winner"))
			umpire_node_error(r->d, rn, "round %d has begun, so its "
				"initiative was won: give winner (VS-14)", pos->round);
		if (!umpire_map_get(rn, "first") &&
		    pos->phase != VS_PHASE_INITIATIVE)
			umpire_node_error(r->d, rn, "round %d is past its "
				"initiative, so somebody starts it: give first (VS-43)",
				pos->round);
		pos->acts = pos->phase != VS_PHASE_INITIATIVE;
	}
	if (!is_map(aw))
		return;
	pos->player = find_player(g, umpire_node_cstr(umpire_map_get(aw,
		"player")));
	/* ruleset.c writes the round into awaiting, for the player's
	 * eyes: it is round's number. */
	v = umpire_map_get(aw, "round");
	if (v && umpire_node_integer(v, -1) != pos->round)
		umpire_node_error(r->d, v, "awaiting.round is not the round's "
			"number, %d", pos->round);
	v = umpire_map_get(aw, "kind");
	if (pos->round > 0 && umpire_node_cstr(v) &&
	    strcmp(umpire_node_cstr(v), vs_phase_names[pos->phase]) != 0)
		umpire_node_error(r->d, v, "awaiting.kind is %s, but the round's "
			"phase is %s: the decision awaited is the phase's (VS-41)",
			umpire_node_cstr(v), vs_phase_names[pos->phase]);
}

/* ------------------------------------------------------------------ read */

static int
read_game(struct vs_game *g, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d, bool state)
{
	struct rd *r = umpire_arena_alloc(a, sizeof(*r));
	size_t errors = d->errors;

	memset(g, 0, sizeof(*g));
	g->building = -1;
	g->default_base = VS_DEFAULT_BASE;
	r->g = g;
	r->a = a;
	r->d = d;
	r->root = root;
	r->state = state;
	g->state = state;
	read_ending(r);
	read_players(r);
	if (state)
		read_players_play(r);
	read_surface(r);
	read_features(r);
	read_building(r);
	read_forces(r);
	read_teams(r);
	if (state)
		check_building_hits(r);
	init_round(r);
	if (state)
		read_round(r);
	else
		check_points(r);
	read_figures(r);
	check_ids(r);
	check_rides(r);
	read_objects(r);
	if (r->surface) {
		if (g->on_map)
			check_map_places(r);
		else
			check_table_places(r);
	}
	if (!state)
		check_spawners(r);
	if (r->surface && !state)
		check_setup(r);
	return d->errors > errors ? -1 : 0;
}

int
vs_scenario_read(struct vs_game *g, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d)
{
	return read_game(g, a, root, d, false);
}

int
vs_state_read(struct vs_game *g, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d)
{
	return read_game(g, a, root, d, true);
}
