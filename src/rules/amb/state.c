/*
 * state.c - Army Man Backgammon's scenario and state files.
 *
 * Both arrive valid under their schemas; what is checked here is what a
 * schema cannot say: ids unique, men on the right rows, the 5 man limit,
 * one Sergeant a side.
 */
#include <stdio.h>
#include <string.h>

#include "amb.h"
#include "util/text.h"

static const struct amb_options default_options = {
	2, true, true, true, true, true, false,
};

static void
read_options(const struct umpire_node *n, struct amb_options *o)
{
	const struct umpire_node *v;

	*o = default_options;
	if ((v = umpire_map_get(n, "dice")))
		o->dice = (int)umpire_node_integer(v, 2);
	if ((v = umpire_map_get(n, "fire-and-movement")))
		o->fire_and_movement = v->u.b;
	if ((v = umpire_map_get(n, "charge")))
		o->charge = v->u.b;
	if ((v = umpire_map_get(n, "dig-in")))
		o->dig_in = v->u.b;
	if ((v = umpire_map_get(n, "infiltration")))
		o->infiltration = v->u.b;
	if ((v = umpire_map_get(n, "sergeant")))
		o->sergeant = v->u.b;
	if ((v = umpire_map_get(n, "mine-detector")))
		o->mine_detector = v->u.b;
}

static unsigned
read_weapons(const struct umpire_node *n)
{
	unsigned set = 0;

	if (n->type == UMPIRE_STR)
		return 1u << amb_find_weapon(n->u.s.ptr);
	for (size_t i = 0; i < n->u.seq.n; i++)
		set |= 1u << amb_find_weapon(n->u.seq.v[i]->u.s.ptr);
	return set;
}

/* One man's common keys: id, weapon, stance, row, sergeant. */
static void
read_man(struct umpire_arena *ga, const struct umpire_node *n,
	struct amb_man *m, int side, int index)
{
	const struct umpire_node *id = umpire_map_get(n, "id");
	const struct umpire_node *row = umpire_map_get(n, "row");
	const struct umpire_node *sgt = umpire_map_get(n, "sergeant");
	const struct umpire_node *det = umpire_map_get(n, "mine-detector");

	m->id = id ? umpire_arena_strdup(ga, id->u.s.ptr) :
		umpire_arena_printf(ga, "%c%d", amb_sides[side][0], index + 1);
	m->weapons = read_weapons(umpire_map_get(n, "weapon"));
	m->stance = amb_find_stance(umpire_map_get(n, "stance")->u.s.ptr);
	m->row = (int)umpire_node_integer(row, 0);
	m->sergeant = sgt && sgt->u.b;
	m->detector = det && det->u.b;
	m->by = -1;
}

/*
 * What holds of any position: ids unique, the 5 man limit, no row held by
 * both sides (a landing always clears one of them), and the Sergeant.
 */
static void
check_position(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *nodes[2][AMB_MAX_MEN], bool scenario)
{
	int count[2][AMB_ROWS + 1] = { { 0 } };

	for (int s = 0; s < 2; s++) {
		int sergeants = 0;
		for (int i = 0; i < g->nmen[s]; i++) {
			const struct amb_man *m = &g->men[s][i];
			const struct umpire_node *at = nodes[s][i];
			for (int t = 0; t <= s; t++)
				for (int j = 0; j < (t == s ? i : g->nmen[t]); j++)
					if (strcmp(g->men[t][j].id, m->id) == 0)
						umpire_node_error(ctx->diags, at, "two men are "
							"called '%s'; give each man his own id", m->id);
			sergeants += m->sergeant;
			if (m->detector && !g->opt.mine_detector)
				umpire_node_error(ctx->diags, at, "%s carries a mine "
					"detector, but the Mine Detector rules are off in this "
					"game's options (AMB-17)", m->id);
			if (m->sergeant && !g->opt.sergeant)
				umpire_node_error(ctx->diags, at, "%s is marked as Sergeant, "
					"but the Sergeant rule is off in this game's options",
					m->id);
			if (m->dead)
				continue;
			if (++count[s][m->row] == AMB_ROW_LIMIT + 1)
				umpire_node_error(ctx->diags, at, "row %d holds more than %d "
					"%s men (the 5 man limit, Maneuver Phase)", m->row,
					AMB_ROW_LIMIT, amb_sides[s]);
			if (scenario) {
				int own = umpire_track_own(&amb_track, s, m->row);
				if (own > AMB_BACK_ROWS)
					umpire_node_error(ctx->diags, at, "%s is set up on row %d; "
						"%s sets up on its back five rows, %d to %d (Set Up, "
						"AMB-1)", m->id, m->row, amb_sides[s],
						s == AMB_GREEN ? 1 : AMB_ROWS - AMB_BACK_ROWS + 1,
						s == AMB_GREEN ? AMB_BACK_ROWS : AMB_ROWS);
			}
		}
		if (g->opt.sergeant && sergeants != 1) {
			const struct umpire_node *at = g->nmen[s] ? nodes[s][0] : NULL;
			if (sergeants == 0)
				umpire_node_error(ctx->diags, at, "%s has no Sergeant; mark "
					"one man 'sergeant: true' (Sergeant Rule)", amb_sides[s]);
			else
				umpire_node_error(ctx->diags, at, "%s has %d Sergeants; mark "
					"exactly one man (Sergeant Rule)", amb_sides[s], sergeants);
		}
	}
	for (int r = 1; r <= AMB_ROWS; r++)
		if (count[0][r] && count[1][r])
			umpire_node_error(ctx->diags, NULL, "row %d holds men of both "
				"sides, which no move can leave behind", r);
}

/* AMB-2: a side given no rows is spread evenly over its back five rows. */
static void
place(struct umpire_ctx *ctx, struct amb_game *g, int side,
	const struct umpire_node *list)
{
	int with = 0, n = g->nmen[side];

	for (int i = 0; i < n; i++)
		with += g->men[side][i].row != 0;
	if (with == n)
		return;
	if (with) {
		umpire_node_error(ctx->diags, list, "give every %s man a row, or "
			"none (then they are spread evenly over the back five rows)",
			amb_sides[side]);
		return;
	}
	for (int i = 0; i < n; i++)
		g->men[side][i].row = umpire_track_from_own(&amb_track, side,
			1 + i * AMB_BACK_ROWS / n);
}

const char *
amb_man_text(struct umpire_arena *a, const struct amb_man *m)
{
	char w[160];
	int k = 0, count = 0;

	w[0] = '\0';
	for (int i = 0; i < AMB_WEAPONS; i++)
		if (m->weapons & (1u << i))
			k += snprintf(w + k, sizeof(w) - (size_t)k, "%s%s",
				count++ ? " and " : "", amb_weapons[i].text);
	return umpire_arena_printf(a, "%s (%s%s, %s)", m->id,
		m->sergeant ? "Sergeant, " : "", w, amb_stances[m->stance].name);
}

static const char *
rule_list(struct umpire_arena *a, const struct amb_options *o, bool on)
{
	static const char *const names[] = {
		"Fire & Movement", "Charge Orders", "Dig In Orders",
		"Infiltration Orders", "the Sergeant Rule",
	};
	bool flags[] = { o->fire_and_movement, o->charge, o->dig_in,
		o->infiltration, o->sergeant };
	const char *pick[5];
	size_t n = 0;

	for (int i = 0; i < 5; i++)
		if (flags[i] == on)
			pick[n++] = names[i];
	if (!n)
		return NULL;
	struct umpire_buf b = UMPIRE_BUF_INIT;
	umpire_join(&b, pick, n);
	const char *s = umpire_arena_strdup(a, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return s;
}

void *
amb_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario)
{
	struct amb_game *g = umpire_arena_alloc(ga, sizeof(*g));
	const struct umpire_node *armies = umpire_map_get(scenario, "armies");
	const struct umpire_node *nodes[2][AMB_MAX_MEN];
	struct umpire_report *r = ctx->report;
	size_t errors = ctx->diags->errors;

	g->arena = ga;
	g->winner = -1;
	g->off_man = -1;
	read_options(umpire_map_get(scenario, "options"), &g->opt);
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *list = umpire_map_get(armies, amb_sides[s]);
		g->nmen[s] = (int)list->u.seq.n;
		for (int i = 0; i < g->nmen[s]; i++) {
			nodes[s][i] = list->u.seq.v[i];
			read_man(ga, list->u.seq.v[i], &g->men[s][i], s, i);
		}
		place(ctx, g, s, list);
	}
	if (ctx->diags->errors == errors)
		check_position(ctx, g, nodes, true);
	if (ctx->diags->errors != errors)
		return NULL;

	int first, roll[2];
	umpire_report_title(r, "Step 0: set-up");
	umpire_report_printf(r, "%s: green has %d %s on rows 1-5 and moves up; "
		"tan has %d %s on rows 20-24 and moves down (Set Up, AMB-1).\n\n",
		umpire_node_cstr(umpire_map_get(scenario, "title")) ?
		umpire_node_cstr(umpire_map_get(scenario, "title")) :
		"Army Man Backgammon", g->nmen[0], g->nmen[0] == 1 ? "man" : "men",
		g->nmen[1], g->nmen[1] == 1 ? "man" : "men");
	const char *on = rule_list(ctx->arena, &g->opt, true);
	const char *off = rule_list(ctx->arena, &g->opt, false);
	umpire_report_printf(r, "Each turn rolls %d %s.", g->opt.dice,
		g->opt.dice == 1 ? "die" : "dice");
	if (on)
		umpire_report_printf(r, " In play: %s.", on);
	if (off)
		umpire_report_printf(r, " Turned off: %s.", off);
	umpire_report_printf(r, "\n\n");
	if (g->opt.mine_detector) {
		/* AMB-17: minefields before the roll for first player. */
		g->laying = true;
		g->secret = true;
		g->to_move = AMB_GREEN;
		umpire_report_printf(r, "- Mine Detector (AMB-17): before the roll "
			"for first player, each side lays 3 minefields in secret on 2 "
			"rows of its own half of the board, green at step 1 and tan at "
			"step 2.\n");
		umpire_report_headline(r, "Green lays minefields first, in secret, "
			"then tan; then the roll for first player.");
		return g;
	}
	first = amb_first_player(ctx, g, roll);
	umpire_report_headline(r, "%c%s wins the roll for first player, %d to "
		"%d, and plays first with %s.", amb_sides[first][0] - 'a' + 'A',
		amb_sides[first] + 1, roll[first], roll[!first],
		amb_dice_text(ctx->arena, g->dice, g->opt.dice));
	return g;
}

void *
amb_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state)
{
	struct amb_game *g = umpire_arena_alloc(ga, sizeof(*g));
	const struct umpire_node *armies = umpire_map_get(state, "armies");
	const struct umpire_node *casualties = umpire_map_get(state, "casualties");
	const struct umpire_node *result = umpire_map_get(state, "result");
	const struct umpire_node *nodes[2][AMB_MAX_MEN];
	size_t errors = ctx->diags->errors;

	g->arena = ga;
	g->winner = -1;
	g->off_man = -1;
	g->to_move = -1;
	read_options(umpire_map_get(state, "options"), &g->opt);
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *alive = umpire_map_get(armies, amb_sides[s]);
		const struct umpire_node *dead = umpire_map_get(casualties,
			amb_sides[s]);
		if (alive->u.seq.n + dead->u.seq.n > AMB_MAX_MEN) {
			umpire_node_error(ctx->diags, alive, "%s has more than %d men "
				"alive and dead", amb_sides[s], AMB_MAX_MEN);
			return NULL;
		}
		for (size_t i = 0; i < alive->u.seq.n; i++) {
			int k = g->nmen[s]++;
			nodes[s][k] = alive->u.seq.v[i];
			read_man(ga, alive->u.seq.v[i], &g->men[s][k], s, k);
		}
		for (size_t i = 0; i < dead->u.seq.n; i++) {
			int k = g->nmen[s]++;
			const struct umpire_node *n = dead->u.seq.v[i];
			struct amb_man *m = &g->men[s][k];
			nodes[s][k] = n;
			read_man(ga, n, m, s, k);
			m->dead = true;
			m->died = (long)umpire_node_integer(umpire_map_get(n, "step"), 0);
			const char *how = umpire_map_get(n, "how")->u.s.ptr;
			m->how = how[0] == 's' ? AMB_SHOT : how[0] == 'c' ?
				AMB_CAPTURED : how[0] == 'm' ? AMB_MINED : AMB_LOST;
			g->fallen[s][g->nfallen[s]++] = k;
		}
	}
	/* "by" names an enemy; resolve once every man is known. */
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *dead = umpire_map_get(casualties,
			amb_sides[s]);
		for (int i = 0; i < g->nfallen[s]; i++) {
			const struct umpire_node *by = umpire_map_get(dead->u.seq.v[i],
				"by");
			struct amb_man *m = &g->men[s][g->fallen[s][i]];
			int side;
			if (!by)
				continue;
			m->by = amb_find_man(g, by->u.s.ptr, &side);
			if (m->by < 0 || side == s)
				umpire_node_error(ctx->diags, by, "by: %s is no %s man",
					umpire_quote(ctx->diags, by->u.s.ptr, by->u.s.len),
					amb_sides[!s]);
		}
	}
	check_position(ctx, g, nodes, false);
	amb_mines_decode(ctx, g, state);
	if (ctx->awaiting) {
		const struct umpire_node *dice = umpire_map_get(ctx->awaiting, "dice");
		g->to_move = strcmp(ctx->awaited.player, "tan") == 0;
		g->laying = strcmp(ctx->awaited.kind, "minefields") == 0;
		if (g->laying && (!g->opt.mine_detector || g->laid[g->to_move] ||
		    (g->to_move == AMB_TAN && !g->laid[AMB_GREEN]) || dice))
			umpire_node_error(ctx->diags, ctx->awaiting, "awaiting: %s laying "
				"minefields, but %s", amb_sides[g->to_move],
				!g->opt.mine_detector ? "the Mine Detector rules are off "
				"(AMB-17)" : g->laid[g->to_move] ? "that side laid them "
				"already" : dice ? "laying minefields rolls no dice" :
				"green lays first (AMB-17)");
		if (g->laying)
			return ctx->diags->errors == errors ? g : NULL;
		if (!dice || (g->opt.mine_detector && (!g->laid[0] || !g->laid[1]))) {
			umpire_node_error(ctx->diags, ctx->awaiting, "awaiting: a turn "
				"needs its Tactics Phase dice%s", !dice ? "" : ", and "
				"(Mine Detector, AMB-17) both sides' minefields laid first");
			return NULL;
		}
		if ((int)dice->u.seq.n != g->opt.dice)
			umpire_node_error(ctx->diags, dice, "awaiting.dice holds %zu "
				"dice, but options.dice is %d", dice->u.seq.n, g->opt.dice);
		for (size_t i = 0; i < dice->u.seq.n && i < AMB_MAX_DICE; i++)
			g->dice[i] = (int)umpire_node_integer(dice->u.seq.v[i], 0);
	} else {
		g->winner = umpire_result_side_of(ctx->result, amb_sides);
		if (g->winner < 0) {
			umpire_node_error(ctx->diags, result, "result: a game of Army "
				"Man Backgammon ends with one winner (AMB-8, AMB-16)");
			return NULL;
		}
		const struct umpire_node *off = umpire_map_get(result, "man");
		int side;
		if (off && ((g->off_man = amb_find_man(g, off->u.s.ptr, &side)) < 0 ||
		    side != g->winner || g->men[side][g->off_man].dead))
			umpire_node_error(ctx->diags, off, "result.man: %s is no "
				"living %s man", umpire_quote(ctx->diags, off->u.s.ptr,
				off->u.s.len), amb_sides[g->winner]);
	}
	return ctx->diags->errors == errors ? g : NULL;
}

static struct umpire_node *
weapons_node(struct umpire_arena *a, unsigned set)
{
	int n = 0, last = 0;

	for (int w = 0; w < AMB_WEAPONS; w++)
		if (set & (1u << w)) {
			n++;
			last = w;
		}
	if (n == 1)
		return umpire_node_str(a, amb_weapons[last].name);
	struct umpire_node *list = umpire_node_seq(a, true);
	for (int w = 0; w < AMB_WEAPONS; w++)
		if (set & (1u << w))
			umpire_seq_add(a, list, umpire_node_str(a, amb_weapons[w].name));
	return list;
}

static struct umpire_node *
man_node(struct umpire_arena *a, const struct amb_game *g, int side,
	const struct amb_man *m)
{
	struct umpire_node *n = umpire_node_map(a, true);

	umpire_map_add(a, n, "id", umpire_node_str(a, m->id));
	umpire_map_add(a, n, "weapon", weapons_node(a, m->weapons));
	umpire_map_add(a, n, "stance", umpire_node_str(a,
		amb_stances[m->stance].name));
	umpire_map_add(a, n, "row", umpire_node_int(a, m->row));
	if (m->sergeant)
		umpire_map_add(a, n, "sergeant", umpire_node_bool(a, true));
	if (m->detector)
		umpire_map_add(a, n, "mine-detector", umpire_node_bool(a, true));
	if (m->dead) {
		umpire_map_add(a, n, "step", umpire_node_int(a, m->died));
		umpire_map_add(a, n, "how", umpire_node_str(a, amb_hows[m->how]));
		if (m->by >= 0)
			umpire_map_add(a, n, "by", umpire_node_str(a,
				g->men[!side][m->by].id));
	}
	return n;
}

void
amb_encode(struct umpire_ctx *ctx, const void *game, struct umpire_node *state)
{
	const struct amb_game *g = game;
	struct umpire_arena *a = ctx->arena;

	if (g->to_move >= 0 && !g->laying) {
		struct umpire_node *dice = umpire_map_add(a, ctx->tail, "dice",
			umpire_node_seq(a, true));
		for (int i = 0; i < g->opt.dice; i++)
			umpire_seq_add(a, dice, umpire_node_int(a, g->dice[i]));
	} else if (g->off_man >= 0) {
		umpire_map_add(a, ctx->tail, "man", umpire_node_str(a,
			g->men[g->winner][g->off_man].id));
	}
	struct umpire_node *opt = umpire_map_add(a, state, "options",
		umpire_node_map(a, false));
	umpire_map_add(a, opt, "dice", umpire_node_int(a, g->opt.dice));
	umpire_map_add(a, opt, "fire-and-movement",
		umpire_node_bool(a, g->opt.fire_and_movement));
	umpire_map_add(a, opt, "charge", umpire_node_bool(a, g->opt.charge));
	umpire_map_add(a, opt, "dig-in", umpire_node_bool(a, g->opt.dig_in));
	umpire_map_add(a, opt, "infiltration",
		umpire_node_bool(a, g->opt.infiltration));
	umpire_map_add(a, opt, "sergeant", umpire_node_bool(a, g->opt.sergeant));
	if (g->opt.mine_detector)
		umpire_map_add(a, opt, "mine-detector", umpire_node_bool(a, true));
	amb_mines_encode(ctx, g, state);
	struct umpire_node *armies = umpire_map_add(a, state, "armies",
		umpire_node_map(a, false));
	struct umpire_node *fallen = umpire_node_map(a, false);
	for (int s = 0; s < 2; s++) {
		struct umpire_node *list = umpire_map_add(a, armies, amb_sides[s],
			umpire_node_seq(a, false));
		for (int i = 0; i < g->nmen[s]; i++)
			if (!g->men[s][i].dead)
				umpire_seq_add(a, list, man_node(a, g, s, &g->men[s][i]));
		list = umpire_map_add(a, fallen, amb_sides[s],
			umpire_node_seq(a, false));
		for (int i = 0; i < g->nfallen[s]; i++)
			umpire_seq_add(a, list, man_node(a, g, s,
				&g->men[s][g->fallen[s][i]]));
	}
	umpire_map_add(a, state, "casualties", fallen);
}
