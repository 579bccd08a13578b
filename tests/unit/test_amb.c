/*
 * test_amb - Army Man Backgammon (src/rules/amb/): each rule amb_try
 * enforces, on positions built by hand; the "use your dice" search
 * (AMB-12) on positions where 0, 1 and 2 dice can be used; resolving;
 * and the bot, whose orders the check must always accept, on random
 * positions and in whole games played through game/game.h.
 */
#include "game/game.h"
#include "game/rng.h"
#include "rules/amb/amb.h"
#include "unit.h"

/* ------------------------------------------------------------ positions */

static struct amb_options
all_on(int dice)
{
	return (struct amb_options){ dice, true, true, true, true, true };
}

/*
 * One man: "ID WEAPON[,WEAPON...] STANCE ROW [sgt] [dead]", such as
 * "g1 rifle,grenade running 5 sgt".
 */
static void
add_man(struct umpire_arena *a, struct amb_game *g, int side, const char *spec)
{
	char id[32], weapons[128], stance[32];
	int row, n = 0;
	struct amb_man *m = &g->men[side][g->nmen[side]];

	if (sscanf(spec, "%31s %127s %31s %d %n", id, weapons, stance, &row,
	    &n) != 4)
		fail_msg("bad man '%s'", spec);
	m->id = umpire_arena_strdup(a, id);
	for (char *w = strtok(weapons, ","); w; w = strtok(NULL, ",")) {
		int k = amb_find_weapon(w);
		if (k < 0)
			fail_msg("no weapon '%s'", w);
		m->weapons |= 1u << k;
	}
	m->stance = (enum amb_stance)amb_find_stance(stance);
	assert_true((int)m->stance >= 0);
	m->row = row;
	m->by = -1;
	m->sergeant = strstr(spec + n, "sgt") != NULL;
	if (strstr(spec + n, "dead")) {
		m->dead = true;
		m->how = AMB_SHOT;
		g->fallen[side][g->nfallen[side]++] = g->nmen[side];
	}
	g->nmen[side]++;
}

/*
 * A game awaiting side's turn with dice, from two NULL-terminated lists
 * of men.  The position is what a state file could hold.
 */
static struct amb_game *
position(struct umpire_arena *a, struct amb_options opt,
	const char *const *green, const char *const *tan, int side,
	const int *dice)
{
	struct amb_game *g = umpire_arena_alloc(a, sizeof(*g));

	g->arena = a;
	g->opt = opt;
	g->winner = -1;
	g->off_man = -1;
	g->to_move = side;
	for (; green && *green; green++)
		add_man(a, g, AMB_GREEN, *green);
	for (; tan && *tan; tan++)
		add_man(a, g, AMB_TAN, *tan);
	for (int i = 0; i < opt.dice; i++)
		g->dice[i] = dice[i];
	return g;
}

static int
man(const struct amb_game *g, const char *id)
{
	int side, i = amb_find_man(g, id, &side);

	if (i < 0)
		fail_msg("no man '%s'", id);
	return i;
}

/*
 * One action: "move ID DIE" or "attack ID DIE TARGET[,TARGET...]
 * [WEAPON]".  Returns what amb_try says; why gets the reason.
 */
static bool
act(const struct amb_game *g, struct amb_board *b, struct amb_turn *t,
	const char *spec, char *why, size_t n)
{
	char kind[16], id[32], targets[128] = "", weapon[32] = "";
	struct amb_action a = { 0 };
	int k = sscanf(spec, "%15s %31s %d %127s %31s", kind, id, &a.die, targets,
		weapon);

	assert_true(k >= 3);
	a.kind = strcmp(kind, "move") == 0 ? AMB_MOVE : AMB_ATTACK;
	a.man = man(g, id);
	a.weapon = weapon[0] ? amb_find_weapon(weapon) : -1;
	if (a.kind == AMB_ATTACK)
		for (char *s = strtok(targets, ","); s; s = strtok(NULL, ","))
			a.targets[a.ntargets++] = man(g, s);
	why[0] = '\0';
	return amb_try(g, b, t, &a, why, n);
}

/*
 * Play actions (NULL-terminated) from the start of the turn; the last
 * must fail with a reason holding fails (or all must pass if fails is
 * NULL).  Returns the turn for further checks.
 */
static struct amb_turn
play(const struct amb_game *g, struct amb_board *b, const char *fails, ...)
{
	struct amb_turn t;
	char why[512];
	va_list ap;
	const char *spec, *next;

	amb_board_init(b, g);
	amb_turn_init(&t, g);
	va_start(ap, fails);
	for (spec = va_arg(ap, const char *); spec; spec = next) {
		next = va_arg(ap, const char *);
		bool ok = act(g, b, &t, spec, why, sizeof(why));
		if (next || !fails) {
			if (!ok)
				fail_msg("'%s' refused: %s", spec, why);
			continue;
		}
		if (ok)
			fail_msg("'%s' allowed, but should fail with \"%s\"", spec,
			    fails);
		if (!strstr(why, fails))
			fail_msg("'%s' refused with \"%s\", not \"%s\"", spec, why,
			    fails);
	}
	va_end(ap);
	return t;
}

#define PLAY_OK(g, b, ...) play((g), (b), NULL, __VA_ARGS__, (const char *)NULL)
#define PLAY_FAILS(g, b, why, ...) \
	play((g), (b), (why), __VA_ARGS__, (const char *)NULL)

static const char *const far_tan[] = { "t1 rifle prone 24", NULL };

/* ------------------------------------------------------------ the rules */

static void
moves(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle prone 1",
		"g2 rifle running 1", NULL };
	static const int dice[] = { 4, 2 };
	const struct amb_game *g = position(&a, all_on(2), green, far_tan,
		AMB_GREEN, dice);
	struct amb_board b;

	(void)state;
	PLAY_FAILS(g, &b, "g1 is prone and may move 1-3 rows, not 4 (Stance "
	    "Table)", "move g1 4");
	struct amb_turn t = PLAY_OK(g, &b, "move g1 2", "move g2 4");
	assert_int_equal(b.row[AMB_GREEN][man(g, "g1")], 3);
	assert_int_equal(b.row[AMB_GREEN][man(g, "g2")], 5);
	assert_int_equal(b.count[AMB_GREEN][1], 0);
	assert_int_equal(b.count[AMB_GREEN][3], 1);
	assert_int_equal(t.used, 2);
	assert_int_equal(t.nleft, 0);
	assert_int_equal(t.nmoves, 2);
	assert_int_equal(amb_turn_value(g, &t), 2);
	PLAY_FAILS(g, &b, "no die shows 5; green's dice are 4 and 2 (Tactics "
	    "Phase)", "move g2 5");
	PLAY_FAILS(g, &b, "the 4 is already used", "move g2 4", "move g1 4");
	/* AMB-4: doubles are two dice; the message says so. */
	static const int d33[] = { 3, 3 }, d333[] = { 3, 3, 3 };
	g = position(&a, all_on(2), green, far_tan, AMB_GREEN, d33);
	PLAY_FAILS(g, &b, "both 3s are already used; doubles are two dice, not "
	    "four as in backgammon (AMB-4)", "move g1 3", "move g2 3",
	    "move g2 3");
	g = position(&a, all_on(3), green, far_tan, AMB_GREEN, d333);
	PLAY_FAILS(g, &b, "all three 3s are already used; each die is used once, "
	    "doubles or not (AMB-4)", "move g1 3", "move g2 3", "move g2 3",
	    "move g1 3");
	/* Tan moves down. */
	static const char *const tan[] = { "t1 rifle standing 24", NULL };
	g = position(&a, all_on(2), green, tan, AMB_TAN, dice);
	PLAY_OK(g, &b, "move t1 4");
	assert_int_equal(b.row[AMB_TAN][0], 20);
	umpire_arena_free(&a);
}

static void
five_man_limit(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle prone 5",
		"g2 rifle prone 5", "g3 rifle prone 5", "g4 rifle prone 5",
		"g5 rifle prone 5", "g6 rifle running 1", "g7 rifle running 2",
		NULL };
	static const char *const tan[] = { "t1 rifle prone 6", "t2 rifle prone 6",
		"t3 rifle prone 6", "t4 rifle prone 6", "t5 rifle prone 6", NULL };
	static const int dice[] = { 4, 3 };
	const struct amb_game *g = position(&a, all_on(2), green, tan, AMB_GREEN,
		dice);
	struct amb_board b;

	(void)state;
	/* AMB-6: your own men on the landing row count... */
	PLAY_FAILS(g, &b, "row 5 already holds 5 green men (the 5 man limit, "
	    "Maneuver Phase, AMB-6)", "move g6 4");
	PLAY_FAILS(g, &b, "row 5 already holds 5 green men", "move g7 3");
	/* ...enemy men do not (and five of them capture the mover, AMB-7). */
	PLAY_OK(g, &b, "move g7 4");
	assert_int_equal(b.row[AMB_GREEN][man(g, "g7")], 0);
	assert_int_equal(b.count[AMB_TAN][6], 5);
	/* A man leaving a full row makes room. */
	PLAY_OK(g, &b, "move g1 3", "move g6 4");
	assert_int_equal(b.count[AMB_GREEN][5], 5);
	umpire_arena_free(&a);
}

static void
captures(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle running 3",
		"g2 rifle running 5", "g3 rifle kneeling 3", NULL };
	static const char *const tan[] = { "t1 rifle prone 7", "t2 rifle prone 9",
		"t3 rifle prone 9", NULL };
	static const int dice[] = { 4, 4 };
	const struct amb_game *g = position(&a, all_on(2), green, tan, AMB_GREEN,
		dice);
	struct amb_board b;

	(void)state;
	amb_board_init(&b, g);
	assert_int_equal(amb_lone_enemy(&b, AMB_GREEN, 7), man(g, "t1"));
	assert_int_equal(amb_lone_enemy(&b, AMB_GREEN, 9), -1);
	assert_int_equal(amb_lone_enemy(&b, AMB_GREEN, 8), -1);
	/* AMB-7: a lone enemy on the landing row is captured... */
	PLAY_OK(g, &b, "move g1 4");
	assert_int_equal(b.row[AMB_TAN][man(g, "t1")], 0);
	assert_int_equal(b.count[AMB_TAN][7], 0);
	assert_int_equal(b.row[AMB_GREEN][man(g, "g1")], 7);
	/* ...and cannot be attacked after. */
	PLAY_FAILS(g, &b, "t1 was captured earlier this turn", "move g1 4",
	    "attack g3 4 t1");
	/* Two or more: the mover is captured, and can do no more. */
	PLAY_OK(g, &b, "move g2 4");
	assert_int_equal(b.row[AMB_GREEN][man(g, "g2")], 0);
	assert_int_equal(b.count[AMB_GREEN][9], 0);
	assert_int_equal(b.count[AMB_TAN][9], 2);
	PLAY_FAILS(g, &b, "g2 was captured earlier this turn", "move g2 4",
	    "attack g2 4 t2");
	/* AMB-5: men on the rows passed over do not matter. */
	static const char *const green2[] = { "g1 rifle running 5", NULL };
	static const char *const tan2[] = { "t1 rifle prone 6", "t2 rifle prone 7",
		"t3 rifle prone 7", NULL };
	static const int six[] = { 6, 1 };
	g = position(&a, all_on(2), green2, tan2, AMB_GREEN, six);
	PLAY_OK(g, &b, "move g1 6");
	assert_int_equal(b.row[AMB_GREEN][0], 11);
	assert_int_equal(b.count[AMB_TAN][6] + b.count[AMB_TAN][7], 3);
	umpire_arena_free(&a);
}

static void
moving_off(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle running 21",
		"g2 rifle prone 23", "g3 rifle running 2", NULL };
	static const int dice[] = { 6, 1 };
	const struct amb_game *g = position(&a, all_on(2), green, far_tan,
		AMB_GREEN, dice);
	struct amb_board b;

	(void)state;
	/* AMB-8: four rows away, a 6 will do; the turn counts every die. */
	struct amb_turn t = PLAY_OK(g, &b, "move g1 6");
	assert_true(t.won);
	assert_int_equal(b.row[AMB_GREEN][0], 0);
	assert_int_equal(t.used, 1);
	assert_int_equal(amb_turn_value(g, &t), 2);
	/* Nothing follows a winning move. */
	PLAY_FAILS(g, &b, "the game is won by the move before; nothing may "
	    "follow it (Victory, AMB-8)", "move g1 6", "move g3 1");
	/* The stance limits a move off too: prone moves at most 3. */
	static const int four[] = { 4, 5 };
	g = position(&a, all_on(2), green, far_tan, AMB_GREEN, four);
	PLAY_FAILS(g, &b, "g2 is prone and may move 1-3 rows, not 4", "move g2 4");
	static const int three[] = { 3, 5 };
	g = position(&a, all_on(2), green, far_tan, AMB_GREEN, three);
	t = PLAY_OK(g, &b, "move g2 3");
	assert_true(t.won);
	/* Tan bears off past row 1. */
	static const char *const tan[] = { "t1 rifle running 3", NULL };
	g = position(&a, all_on(2), green, tan, AMB_TAN, dice);
	assert_true(PLAY_OK(g, &b, "move t1 6").won);
	assert_false(PLAY_OK(g, &b, "move t1 1").won);
	umpire_arena_free(&a);
}

static void
attacks(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle kneeling 5",
		"g2 rifle,grenade standing 11", "g3 pistol prone 1", NULL };
	static const char *const tan[] = { "t1 smg prone 9", "t2 smg prone 1",
		"t3 smg prone 10", "t4 smg prone 13", NULL };
	static const int dice[] = { 4, 2 };
	const struct amb_game *g = position(&a, all_on(2), green, tan, AMB_GREEN,
		dice);
	struct amb_board b;
	int out[AMB_MAX_IN_RANGE];

	(void)state;
	/* t2 shares row 1 with g3, as no real position would: attacks ignore it. */
	amb_board_init(&b, g);
	/* AMB-9: exactly die rows away, ahead or behind. */
	assert_int_equal(amb_targets(g, &b, AMB_GREEN, man(g, "g1"), 4, out), 2);
	assert_int_equal(out[0], man(g, "t1"));
	assert_int_equal(out[1], man(g, "t2"));
	assert_int_equal(amb_targets(g, &b, AMB_GREEN, man(g, "g1"), 3, NULL), 0);
	PLAY_OK(g, &b, "attack g1 4 t1");
	PLAY_OK(g, &b, "attack g1 4 t2");
	PLAY_OK(g, &b, "attack g1 4 t1,t2");
	PLAY_FAILS(g, &b, "t3 on row 10 is 5 rows from g1 on row 5; an attack "
	    "with a 4 needs a target exactly 4 rows away (Attack Phase)",
	    "attack g1 4 t3");
	PLAY_FAILS(g, &b, "t3 on row 10 is 5 rows", "attack g1 4 t1,t3");
	/* The weapon must match the die. */
	PLAY_FAILS(g, &b, "rifle (range 4); a 2 needs a weapon of range 2 "
	    "(Weapon Table)", "attack g1 2 t1");
	PLAY_FAILS(g, &b, "g1 carries no pistol", "attack g1 4 t1 pistol");
	/* AMB-18: several weapons: the one that fits, or the one named. */
	PLAY_OK(g, &b, "attack g2 2 t4");
	PLAY_OK(g, &b, "attack g2 2 t4 grenade");
	PLAY_OK(g, &b, "attack g2 2 t1");	/* behind */
	PLAY_FAILS(g, &b, "g2's rifle has range 4, so it attacks only with a 4, "
	    "not a 2 (Weapon Table)", "attack g2 2 t4 rifle");
	/* A man attacks once a turn. */
	static const int fours[] = { 4, 4 };
	g = position(&a, all_on(2), green, tan, AMB_GREEN, fours);
	PLAY_FAILS(g, &b, "g1 already attacked this turn", "attack g1 4 t1",
	    "attack g1 4 t2");
	/* An attack changes nothing on the board (AMB-10). */
	PLAY_OK(g, &b, "attack g1 4 t1");
	assert_int_equal(b.row[AMB_TAN][man(g, "t1")], 9);
	umpire_arena_free(&a);
}

static void
phases(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle running 5",
		"g2 pistol running 1", "g3 pistol running 2", "g4 rifle kneeling 3 sgt",
		NULL };
	static const char *const tan[] = { "t1 smg prone 9", NULL };
	static const int dice[] = { 4, 2, 1 };
	struct amb_options opt = all_on(3);
	const struct amb_game *g = position(&a, opt, green, tan, AMB_GREEN, dice);
	struct amb_board b;

	(void)state;
	/* AMB-20: one Maneuver Phase and one Attack Phase. */
	PLAY_OK(g, &b, "move g2 2", "move g3 1", "attack g1 4 t1");
	PLAY_FAILS(g, &b, "moves and attacks cannot alternate: a turn has one "
	    "Maneuver Phase and one Attack Phase (Turn Sequence, AMB-20)",
	    "move g2 2", "attack g1 4 t1", "move g3 1");
	/* Fire & Movement: the Attack Phase first. */
	PLAY_OK(g, &b, "attack g1 4 t1", "move g2 2", "move g3 1");
	opt.fire_and_movement = false;
	g = position(&a, opt, green, tan, AMB_GREEN, dice);
	PLAY_FAILS(g, &b, "attacking before moving needs the Fire & Movement "
	    "Rule, which this game's options turn off", "attack g1 4 t1",
	    "move g2 2");
	PLAY_OK(g, &b, "move g2 2", "attack g1 4 t1");
	/* AMB-15: with the Sergeant dead, moves only or attacks only. */
	static const char *const leaderless[] = { "g1 rifle running 5",
		"g2 pistol running 1", "g3 pistol running 2",
		"g4 rifle kneeling 3 sgt dead", NULL };
	g = position(&a, all_on(3), leaderless, tan, AMB_GREEN, dice);
	PLAY_FAILS(g, &b, "green's Sergeant is dead, so every turn must Dig In "
	    "(attacks only) or Charge (moves only) (Sergeant Rule, AMB-15)",
	    "move g2 2", "attack g1 4 t1");
	PLAY_FAILS(g, &b, "green's Sergeant is dead", "attack g1 4 t1",
	    "move g2 2");
	PLAY_OK(g, &b, "move g2 2", "move g3 1", "move g1 4");
	/* The rule off: a dead Sergeant means nothing. */
	opt = all_on(3);
	opt.sergeant = false;
	g = position(&a, opt, leaderless, tan, AMB_GREEN, dice);
	PLAY_OK(g, &b, "move g2 2", "attack g1 4 t1");
	assert_false(amb_sergeant_dead(g, AMB_GREEN));
	umpire_arena_free(&a);
}

static void
infiltration(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle running 1",
		"g2 rifle standing 2", "g3 rifle running 3", NULL };
	static const char *const tan[] = { "t1 smg prone 20", NULL };
	static const int dice[] = { 2, 3, 1 };
	struct amb_options opt = all_on(3);
	const struct amb_game *g = position(&a, opt, green, tan, AMB_GREEN, dice);
	struct amb_board b;

	(void)state;
	/* AMB-13: one running man may move twice, in a Charge. */
	struct amb_turn t = PLAY_OK(g, &b, "move g1 2", "move g1 3");
	assert_int_equal(b.row[AMB_GREEN][man(g, "g1")], 6);
	assert_int_equal(t.double_mover, man(g, "g1"));
	PLAY_FAILS(g, &b, "g1 already moved twice this turn (Infiltration Orders "
	    "Rule, AMB-13)", "move g1 2", "move g1 3", "move g1 1");
	PLAY_FAILS(g, &b, "g2 already moved this turn; only a running man may "
	    "move twice (Infiltration Orders Rule, AMB-13)", "move g2 2",
	    "move g2 3");
	static const int dice4[] = { 2, 3, 1, 1 };
	g = position(&a, all_on(4), green, tan, AMB_GREEN, dice4);
	PLAY_FAILS(g, &b, "g1 already moved twice this turn; only a single man "
	    "may (Infiltration Orders Rule, AMB-13)", "move g1 2", "move g1 3",
	    "move g3 1", "move g3 1");
	/* No attack in a Charge, before or after the double move. */
	static const char *const near[] = { "t1 smg prone 10", NULL };
	static const int dice2[] = { 2, 3, 4 };
	g = position(&a, opt, green, near, AMB_GREEN, dice2);
	PLAY_FAILS(g, &b, "g1 moved twice by Infiltration, which is a Charge: no "
	    "attack may follow (Infiltration Orders Rule, AMB-13)", "move g1 2",
	    "move g1 3", "attack g1 4 t1");
	static const char *const close[] = { "g1 rifle running 6", NULL };
	static const int dice3[] = { 4, 2, 3 };
	g = position(&a, opt, close, near, AMB_GREEN, dice3);
	PLAY_FAILS(g, &b, "a man moves twice only in a Charge, with no attack "
	    "(Infiltration Orders Rule, AMB-13)", "attack g1 4 t1", "move g1 2",
	    "move g1 3");
	/* Options: Infiltration off, or Charge off. */
	opt.infiltration = false;
	g = position(&a, opt, green, tan, AMB_GREEN, dice);
	PLAY_FAILS(g, &b, "g1 already moved this turn; each man moves once "
	    "(Infiltration is off in this game)", "move g1 2", "move g1 3");
	opt = all_on(3);
	opt.charge = false;
	g = position(&a, opt, green, tan, AMB_GREEN, dice);
	PLAY_FAILS(g, &b, "g1 already moved this turn; each man moves once",
	    "move g1 2", "move g1 3");
	umpire_arena_free(&a);
}

static void
turn_types(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const green[] = { "g1 rifle running 5",
		"g2 rifle running 13", NULL };
	static const char *const tan[] = { "t1 smg prone 9", NULL };
	static const int dice[] = { 4, 4 };
	struct amb_options opt = all_on(2);
	struct amb_board b;
	char why[256];

	(void)state;
	opt.charge = false;
	opt.dig_in = false;
	const struct amb_game *g = position(&a, opt, green, tan, AMB_GREEN, dice);
	struct amb_turn t = PLAY_OK(g, &b, "move g1 4", "move g2 4");
	assert_false(amb_turn_complete(g, &t, why, sizeof(why)));
	assert_string_equal(why, "moving 2 men and attacking with none is a "
	    "Charge, which this game's options turn off");
	t = PLAY_OK(g, &b, "attack g1 4 t1", "attack g2 4 t1");
	assert_false(amb_turn_complete(g, &t, why, sizeof(why)));
	assert_string_equal(why, "attacking with 2 men and moving none is "
	    "Digging In, which this game's options turn off");
	t = PLAY_OK(g, &b, "move g2 4", "attack g1 4 t1");
	assert_true(amb_turn_complete(g, &t, NULL, 0));
	t = PLAY_OK(g, &b, "move g2 4");
	assert_true(amb_turn_complete(g, &t, NULL, 0));
	g = position(&a, all_on(2), green, tan, AMB_GREEN, dice);
	t = PLAY_OK(g, &b, "attack g1 4 t1", "attack g2 4 t1");
	assert_true(amb_turn_complete(g, &t, NULL, 0));
	umpire_arena_free(&a);
}

/* ------------------------------------------------------ use your dice */

/* amb_most_dice, and its example replays legally to that many dice. */
static int
most(const struct amb_game *g)
{
	struct amb_play ex;
	struct amb_board b;
	struct amb_turn t;
	char why[256];
	int n = amb_most_dice(g, &ex);

	amb_board_init(&b, g);
	amb_turn_init(&t, g);
	for (int i = 0; i < ex.n; i++)
		if (!amb_try(g, &b, &t, &ex.a[i], why, sizeof(why)))
			fail_msg("the example's action %d is illegal: %s", i, why);
	assert_true(amb_turn_complete(g, &t, NULL, 0));
	assert_int_equal(amb_turn_value(g, &t), n);
	return n;
}

static void
most_dice(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const prone[] = { "g1 rifle prone 1", NULL };
	static const char *const running[] = { "g1 rifle running 1", NULL };
	static const int d56[] = { 5, 6 }, d26[] = { 2, 6 };
	struct amb_options opt = all_on(2);

	(void)state;
	/* None: a prone man moves 1-3 and has nobody to shoot. */
	assert_int_equal(most(position(&a, opt, prone, far_tan, AMB_GREEN, d56)),
	    0);
	/* One: the 2 moves him; the 6 is then of no use. */
	assert_int_equal(most(position(&a, opt, prone, far_tan, AMB_GREEN, d26)),
	    1);
	/* Two: a running man infiltrates... */
	assert_int_equal(most(position(&a, opt, running, far_tan, AMB_GREEN,
	    d26)), 2);
	/* ...unless Infiltration is off. */
	opt.infiltration = false;
	assert_int_equal(most(position(&a, opt, running, far_tan, AMB_GREEN,
	    d26)), 1);
	/* A winning move counts as every die (AMB-8, AMB-12). */
	static const char *const near_off[] = { "g1 rifle running 20", NULL };
	static const int d51[] = { 5, 1 };
	assert_int_equal(most(position(&a, opt, near_off, far_tan, AMB_GREEN,
	    d51)), 2);
	/* AMB-15: a dead Sergeant forbids the move-and-attack turn. */
	static const char *const alive[] = { "g1 rifle prone 1 sgt",
		"g2 rifle prone 1", NULL };
	static const char *const dead[] = { "g1 rifle prone 1 sgt dead",
		"g2 rifle prone 1", NULL };
	static const char *const target[] = { "t1 smg prone 5", NULL };
	static const int d42[] = { 4, 2 };
	opt = all_on(2);
	assert_int_equal(most(position(&a, opt, alive, target, AMB_GREEN, d42)),
	    2);
	assert_int_equal(most(position(&a, opt, dead, target, AMB_GREEN, d42)), 1);
	/* More dice (AMB-19): four. */
	static const char *const four_men[] = { "g1 rifle running 1",
		"g2 rifle running 1", "g3 rifle running 2", "g4 rifle running 2",
		NULL };
	static const int d1234[] = { 1, 2, 3, 4 };
	assert_int_equal(most(position(&a, all_on(4), four_men, far_tan,
	    AMB_GREEN, d1234)), 4);
	umpire_arena_free(&a);
}

/* ----------------------------------------------------- through the hooks */

static const struct umpire_ruleset *
amb(void)
{
	const struct umpire_ruleset *r = umpire_ruleset_find("amb");

	assert_non_null(r);
	return r;
}

static void
registry(void **state)
{
	const struct umpire_ruleset *r = amb();

	(void)state;
	assert_int_equal(r->version, UMPIRE_RULESET_VERSION);
	assert_string_equal(r->name, "amb");
	assert_string_equal(r->title, "Army Man Backgammon");
	assert_non_null(r->create);
	assert_non_null(r->decode);
	assert_non_null(r->encode);
	assert_non_null(r->check);
	assert_non_null(r->resolve);
	assert_non_null(r->bot);
	assert_non_null(r->board);
	assert_null(umpire_ruleset_find("ambb"));
	assert_null(umpire_ruleset_find(""));
}

/* The result a ruleset hook is handed (core's, in a game). */
static struct umpire_result *
no_result(struct umpire_arena *a)
{
	static const char *const players[] = { "green", "tan" };
	struct umpire_result *r = umpire_arena_alloc(a, sizeof(*r));

	umpire_result_init(r, a, players, 2);
	return r;
}

/* Orders (the ruleset's keys only) checked by amb_check. */
static size_t
check_orders(const struct amb_game *g, const char *yaml, struct umpire_diags *d)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_ctx ctx = { .arena = &a, .diags = d,
		.game_id = "amb-0000000000", .step = 5, .result = no_result(&a) };
	size_t n = amb()->check(&ctx, g, parse_ok(&a, yaml));

	umpire_arena_free(&a);
	return n;
}

static void
check_hook(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	static const char *const green[] = { "g1 rifle running 1",
		"g2 rifle prone 2", NULL };
	static const int d26[] = { 2, 6 };
	const struct amb_game *g = position(&a, all_on(2), green, far_tan,
		AMB_GREEN, d26);

	(void)state;
	assert_int_equal(check_orders(g, "actions:\n- {move: g1, die: 2}\n"
	    "- {move: g1, die: 6}\n", &d), 0);
	/* AMB-12: a turn that could use both dice must. */
	assert_int_equal(check_orders(g, "actions:\n- {move: g2, die: 2}\n", &d),
	    1);
	assert_diag(&d, "t.yaml:2:1: error: these orders use 1 of the 2 dice, but "
	    "2 can be used, and you must use your dice if at all possible "
	    "(Tactics Phase, AMB-12); for example: move g1 with the 6, then "
	    "move g1 with the 2");
	umpire_diags_free(&d);
	assert_int_equal(check_orders(g, "{}\n", &d), 1);
	assert_diag(&d, "these orders use 0 of the 2 dice");
	umpire_diags_free(&d);
	/* Names: every problem, each at its place, with a hint. */
	assert_int_equal(check_orders(g, "actions:\n- {move: g3, die: 2}\n"
	    "- {move: t1, die: 6}\nstance: {man: g11, to: prone}\n", &d), 3);
	assert_diag(&d, "t.yaml:2:10: error: green has no man called 'g3' (did you "
	    "mean 'g1'?)");
	assert_diag(&d, "t.yaml:3:10: error: t1 is one of tan's men; green's "
	    "orders command green men");
	assert_diag(&d, "t.yaml:4:15: error: green has no man called 'g11' (did "
	    "you mean 'g1'?)");
	umpire_diags_free(&d);
	/* The Stance Phase: another stance, a man still standing. */
	assert_int_equal(check_orders(g, "actions:\n- {move: g1, die: 2}\n"
	    "- {move: g1, die: 6}\nstance: {man: g2, to: prone}\n", &d), 1);
	assert_diag(&d, "t.yaml:4:23: error: g2 is already prone; the Stance "
	    "Phase replaces a man with a figure of a different stance");
	umpire_diags_free(&d);
	assert_int_equal(check_orders(g, "actions:\n- {move: g1, die: 2}\n"
	    "- {move: g1, die: 6}\nstance: {man: g1, to: standing}\n", &d), 0);
	umpire_arena_free(&a);
}


/*
 * AMB-14: a stance order may name a man who lives only if a saving
 * throw fails (issue 7's example): the plan keeps the board as if every
 * attack killed, and the check reads the Stance Phase off it.
 */
static void
stance_phase(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	static const char *const green[] = { "g1 grenade running 8",
		"g2 rifle prone 1 sgt", NULL };
	static const char *const tan[] = { "t1 rifle running 10",
		"t2 rifle running 10", "t3 pistol prone 6", "t4 rifle prone 24 sgt",
		NULL };
	static const char *const crowd[] = { "t1 rifle running 10",
		"t2 rifle running 10", "t3 pistol prone 10", "t4 rifle prone 24 sgt",
		NULL };
	static const int dice[] = { 2, 2 };
	const struct amb_game *g = position(&a, all_on(2), green, tan, AMB_GREEN,
		dice);
	struct amb_board b;
	int g1 = man(g, "g1");

	(void)state;
	/* Saved, t1 leaves two men on row 10 and g1 is lost; killed, he
	 * leaves t2 alone, and g1 captures him. */
	struct amb_turn t = PLAY_OK(g, &b, "attack g1 2 t1", "move g1 2");
	assert_int_equal(b.row[AMB_GREEN][g1], 0);
	assert_int_equal(b.best_row[AMB_GREEN][g1], 10);
	assert_int_equal(b.best_row[AMB_TAN][man(g, "t1")], 0);
	assert_int_equal(b.best_row[AMB_TAN][man(g, "t2")], 0);
	assert_int_equal(b.best_count[AMB_TAN][10], 0);
	assert_int_equal(b.best_count[AMB_GREEN][10], 1);
	/* Only an attack before the moves, onto a row a move can reach,
	 * decides who may live. */
	amb_turn_init(&t, g);
	amb_board_init(&b, g);
	assert_true(amb_kill_matters(g, &b, &t, 2, 10));
	assert_false(amb_kill_matters(g, &b, &t, 2, 6));
	/* The first target named still standing is the one killed. */
	PLAY_OK(g, &b, "attack g1 2 t1,t3");
	assert_int_equal(b.best_row[AMB_TAN][man(g, "t1")], 0);
	assert_int_equal(b.best_row[AMB_TAN][man(g, "t3")], 6);
	assert_int_equal(b.row[AMB_TAN][man(g, "t1")], 10);

	assert_int_equal(check_orders(g, "actions:\n"
	    "- {attack: g1, die: 2, target: t1}\n- {move: g1, die: 2}\n"
	    "stance: {man: g1, to: prone}\n", &d), 0);
	/* Had t3 been the target, nothing could save g1. */
	assert_int_equal(check_orders(g, "actions:\n"
	    "- {attack: g1, die: 2, target: t3}\n- {move: g1, die: 2}\n"
	    "stance: {man: g1, to: prone}\n", &d), 1);
	assert_diag(&d, "t.yaml:4:15: error: g1 is captured this turn whatever "
	    "the saving throws, and cannot change stance (Stance Phase, AMB-14)");
	umpire_diags_free(&d);
	/* Nor with no attack before his move. */
	assert_int_equal(check_orders(g, "actions:\n- {move: g1, die: 2}\n"
	    "- {move: g2, die: 2}\nstance: {man: g1, to: prone}\n", &d), 1);
	assert_diag(&d, "g1 is captured this turn whatever the saving throws");
	umpire_diags_free(&d);
	/* Nor among three. */
	g = position(&a, all_on(2), green, crowd, AMB_GREEN, dice);
	assert_int_equal(check_orders(g, "actions:\n"
	    "- {attack: g1, die: 2, target: t1}\n- {move: g1, die: 2}\n"
	    "stance: {man: g1, to: prone}\n", &d), 1);
	assert_diag(&d, "g1 is captured this turn whatever the saving throws");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* ------------------------------------------------------------- the bot */

/* A random position a state file could hold. */
static struct amb_game *
random_position(struct umpire_arena *a, struct umpire_rng *r)
{
	struct amb_game *g = umpire_arena_alloc(a, sizeof(*g));
	int count[2][AMB_ROWS + 1] = { { 0 } };

	g->arena = a;
	g->winner = -1;
	g->off_man = -1;
	g->opt.dice = 1 + (int)umpire_rng_below(r, 4);
	g->opt.fire_and_movement = umpire_rng_below(r, 4) != 0;
	g->opt.charge = umpire_rng_below(r, 4) != 0;
	g->opt.dig_in = umpire_rng_below(r, 4) != 0;
	g->opt.infiltration = umpire_rng_below(r, 4) != 0;
	g->opt.sergeant = umpire_rng_below(r, 2) != 0;
	g->to_move = (int)umpire_rng_below(r, 2);
	for (int i = 0; i < g->opt.dice; i++)
		g->dice[i] = 1 + (int)umpire_rng_below(r, 6);
	for (int s = 0; s < 2; s++) {
		int n = 1 + (int)umpire_rng_below(r, 12);
		for (int i = 0; i < n; i++) {
			struct amb_man *m = &g->men[s][i];
			int row;
			do
				row = 1 + (int)umpire_rng_below(r, AMB_ROWS);
			while (count[s][row] >= AMB_ROW_LIMIT || count[!s][row]);
			count[s][row]++;
			m->id = umpire_arena_printf(a, "%c%d", "gt"[s], i + 1);
			m->row = row;
			m->stance = (enum amb_stance)umpire_rng_below(r, AMB_STANCES);
			m->by = -1;
			do
				m->weapons |= 1u << umpire_rng_below(r, AMB_WEAPONS);
			while (umpire_rng_below(r, 3) == 0);
			m->sergeant = i == 0 && g->opt.sergeant;
			/* Now and then a side's Sergeant has fallen. */
			if (i == 0 && umpire_rng_below(r, 4) == 0 && n > 1) {
				m->dead = true;
				count[s][row]--;
				g->fallen[s][g->nfallen[s]++] = i;
			}
		}
		g->nmen[s] = n;
	}
	return g;
}

/* How many actions orders hold. */
static int
nactions(const struct umpire_node *orders)
{
	const struct umpire_node *list = umpire_map_get(orders, "actions");

	return list ? (int)list->u.seq.n : 0;
}

static void
bot_random_positions(void **state)
{
	struct umpire_rng r;
	int tried = 0, used_all = 0;

	(void)state;
	umpire_rng_seed(&r, "bot positions", 13);
	for (int k = 0; k < 400; k++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct amb_game *g = random_position(&a, &r);
		struct umpire_ctx ctx = { .arena = &a, .diags = &d,
			.game_id = "amb-0000000000", .step = 5,
			.result = no_result(&a) };
		struct umpire_rng br, br2;
		struct umpire_node *orders = umpire_node_map(&a, false);
		struct umpire_node *again = umpire_node_map(&a, false);
		umpire_rng_seed(&br, &k, sizeof(k));
		br2 = br;
		amb()->bot(&ctx, g, &br, orders);
		if (amb()->check(&ctx, g, orders) != 0) {
			struct umpire_buf text = UMPIRE_BUF_INIT, board = UMPIRE_BUF_INIT;
			umpire_yaml_emit(&text, orders, NULL);
			amb()->board(&board, g);
			fail_msg("position %d: the check refuses the bot's orders\n%s\n"
			    "%s\n%s", k, board.ptr, text.ptr, diags_text(&d));
		}
		/* The same rng, the same orders. */
		amb()->bot(&ctx, g, &br2, again);
		struct umpire_buf x = UMPIRE_BUF_INIT, y = UMPIRE_BUF_INIT;
		umpire_yaml_emit(&x, orders, NULL);
		umpire_yaml_emit(&y, again, NULL);
		assert_string_equal(x.ptr, y.ptr);
		umpire_buf_free(&x);
		umpire_buf_free(&y);
		/* The bot uses the most dice it can (or wins). */
		int best = amb_most_dice(g, NULL);
		assert_true(nactions(orders) <= best);
		used_all += nactions(orders) == g->opt.dice;
		tried++;
		umpire_diags_free(&d);
		umpire_arena_free(&a);
	}
	assert_int_equal(tried, 400);
	assert_true(used_all > 0);
}


/* A key for orders: "move g1 2; attack g1 2 t1; stance g1 prone". */
static void
orders_key(struct umpire_buf *out, const struct umpire_node *orders)
{
	const struct umpire_node *list = umpire_map_get(orders, "actions");
	const struct umpire_node *st = umpire_map_get(orders, "stance");

	for (size_t i = 0; list && i < list->u.seq.n; i++) {
		const struct umpire_node *n = list->u.seq.v[i];
		const struct umpire_node *who = umpire_map_get(n, "move");
		const struct umpire_node *target = umpire_map_get(n, "target");
		umpire_buf_printf(out, "%s %s %lld%s%s; ", who ? "move" : "attack",
			(who ? who : umpire_map_get(n, "attack"))->u.s.ptr,
			(long long)umpire_node_integer(umpire_map_get(n, "die"), 0),
			target ? " " : "", target ? target->u.s.ptr : "");
	}
	if (st)
		umpire_buf_printf(out, "stance %s %s",
			umpire_map_get(st, "man")->u.s.ptr,
			umpire_map_get(st, "to")->u.s.ptr);
}

struct legal {
	char *key[4096];
	long seen[4096];
	int n;
};

/*
 * Every orders the bot could give, each attack at one target, tried by
 * the check: actions (up to the dice) of living men, then the Stance
 * Phase.  The check must accept them as the bot would write them.
 */
static void
find_legal(const struct amb_game *g, struct legal *l, struct umpire_buf *yaml,
	struct umpire_buf *key, int depth)
{
	int side = g->to_move, enemy = !side;
	size_t ylen = yaml->len, klen = key->len;

	for (int s = -1; s < g->nmen[side] * AMB_STANCES; s++) {
		const struct amb_man *m = s < 0 ? NULL : &g->men[side][s / AMB_STANCES];
		if (m && m->dead)
			continue;
		umpire_buf_truncate(yaml, ylen);
		umpire_buf_truncate(key, klen);
		umpire_buf_puts(yaml, depth ? "" : "actions: []\n");
		if (m) {
			const char *to = amb_stances[s % AMB_STANCES].name;
			umpire_buf_printf(yaml, "stance: {man: %s, to: %s}\n", m->id, to);
			umpire_buf_printf(key, "stance %s %s", m->id, to);
		}
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		if (check_orders(g, umpire_buf_cstr(yaml), &d) == 0) {
			assert_true(l->n < 4096);
			l->key[l->n++] = strdup(umpire_buf_cstr(key));
		}
		umpire_diags_free(&d);
	}
	umpire_buf_truncate(yaml, ylen);
	umpire_buf_truncate(key, klen);
	if (depth == g->opt.dice)
		return;
	for (int die = 1; die <= 6; die++) {
		bool rolled = false;
		for (int i = 0; i < g->opt.dice; i++)
			rolled |= g->dice[i] == die;
		for (int i = 0; rolled && i < g->nmen[side]; i++) {
			const struct amb_man *m = &g->men[side][i];
			for (int v = -1; !m->dead && v < g->nmen[enemy]; v++) {
				const struct amb_man *e = v < 0 ? NULL : &g->men[enemy][v];
				if (e && e->dead)
					continue;
				umpire_buf_puts(yaml, depth ? "" : "actions:\n");
				if (e) {
					umpire_buf_printf(yaml, "- {attack: %s, die: %d, target: "
						"%s}\n", m->id, die, e->id);
					umpire_buf_printf(key, "attack %s %d %s; ", m->id, die,
						e->id);
				} else {
					umpire_buf_printf(yaml, "- {move: %s, die: %d}\n", m->id,
						die);
					umpire_buf_printf(key, "move %s %d; ", m->id, die);
				}
				find_legal(g, l, yaml, key, depth + 1);
				umpire_buf_truncate(yaml, ylen);
				umpire_buf_truncate(key, klen);
			}
		}
	}
}

/*
 * The bot draws uniformly over every legal order, the stance orders
 * that hang on a saving throw (AMB-14) included: count the legal orders
 * by brute force, draw many times, and every one comes up about equally
 * often (a chi-square bound far from what a fair draw reaches).
 */
static void
bot_uniform(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_rng r;
	static const char *const green[] = { "g1 grenade running 8",
		"g2 rifle prone 4 sgt", NULL };
	static const char *const tan[] = { "t1 rifle running 10",
		"t2 pistol running 10", "t3 pistol prone 6", "t4 rifle prone 24 sgt",
		NULL };
	static const int dice[] = { 2, 2 };

	(void)state;
	umpire_rng_seed(&r, "bot uniform", 11);
	for (int k = 0; k < 12; k++) {
		struct amb_game *g;
		if (k == 0) {
			g = position(&a, all_on(2), green, tan, AMB_GREEN, dice);
		} else {
			/* A few men close together, so attacks and captures mix. */
			g = random_position(&a, &r);
			g->opt.dice = 2;
			for (int s = 0; s < 2; s++) {
				g->nmen[s] = g->nmen[s] < 3 ? g->nmen[s] : 3;
				g->nfallen[s] = g->men[s][0].dead && g->nmen[s] > 1;
				for (int i = 0; i < g->nmen[s]; i++)
					g->men[s][i].row = 6 + 2 * i + s;
			}
		}
		struct legal *l = calloc(1, sizeof(*l));
		struct umpire_buf yaml = UMPIRE_BUF_INIT, key = UMPIRE_BUF_INIT;
		find_legal(g, l, &yaml, &key, 0);
		assert_true(l->n > 0);
		long want = 60, draws = want * l->n;
		for (long i = 0; i < draws; i++) {
			struct umpire_arena ba = UMPIRE_ARENA_INIT;
			struct umpire_diags d = UMPIRE_DIAGS_INIT;
			struct umpire_ctx ctx = { .arena = &ba, .diags = &d,
				.game_id = "amb-0000000000", .step = 5,
				.result = no_result(&ba) };
			struct umpire_rng br;
			struct umpire_node *orders = umpire_node_map(&ba, false);
			struct umpire_buf got = UMPIRE_BUF_INIT;
			umpire_rng_seed(&br, &i, sizeof(i));
			amb()->bot(&ctx, g, &br, orders);
			orders_key(&got, orders);
			int j = 0;
			while (j < l->n && strcmp(l->key[j], umpire_buf_cstr(&got)))
				j++;
			if (j == l->n)
				fail_msg("position %d: the bot gave orders the brute force "
				    "did not find: %s", k, umpire_buf_cstr(&got));
			l->seen[j]++;
			umpire_buf_free(&got);
			umpire_arena_free(&ba);
		}
		/* Chi-square times want, against its mean n - 1 plus six of
		 * its standard deviations, sqrt(2 (n - 1)), and a margin. */
		long chi = 0, sd = 0;
		for (int j = 0; j < l->n; j++) {
			if (!l->seen[j])
				fail_msg("position %d: the bot never gave %s", k, l->key[j]);
			chi += (l->seen[j] - want) * (l->seen[j] - want);
		}
		while (sd * sd < 2L * l->n)
			sd++;
		if (chi > want * (l->n + 6 * sd + 10))
			fail_msg("position %d: %d legal orders, chi-square %ld/%ld", k,
			    l->n, chi, want);
		print_message("position %d: %d legal orders, chi-square %ld/%ld\n",
		    k, l->n, chi, want);
		if (k == 0) {
			/* The example of issue 7 is among them. */
			int j = 0;
			while (j < l->n && strcmp(l->key[j], "attack g1 2 t1; "
			    "move g1 2; stance g1 prone"))
				j++;
			assert_true(j < l->n);
		}
		for (int j = 0; j < l->n; j++)
			free(l->key[j]);
		free(l);
		umpire_buf_free(&yaml);
		umpire_buf_free(&key);
	}
	umpire_arena_free(&a);
}

/* ------------------------------------------------------------- resolve */

struct job {
	struct umpire_arena a;
	struct umpire_diags d;
	struct umpire_dice dice;
	struct umpire_report rep;
	struct umpire_ctx ctx;
};

static void
resolve(struct job *j, struct amb_game *g, const char *orders)
{
	static struct umpire_seed seed;

	memset(j, 0, sizeof(*j));
	umpire_dice_init(&j->dice, &j->a, &seed, "amb-0000000000", 5);
	umpire_report_init(&j->rep, &j->a);
	j->ctx = (struct umpire_ctx){ .arena = &j->a, .diags = &j->d,
		.dice = &j->dice, .report = &j->rep, .game_id = "amb-0000000000",
		.step = 5, .result = no_result(&j->a) };
	assert_int_equal(amb()->check(&j->ctx, g, parse_ok(&j->a, orders)), 0);
	amb()->resolve(&j->ctx, g, parse_ok(&j->a, orders));
}

static void
job_free(struct job *j)
{
	umpire_report_free(&j->rep);
	umpire_diags_free(&j->d);
	umpire_arena_free(&j->a);
}

static const struct amb_man *
find(const struct amb_game *g, const char *id)
{
	int side, i = amb_find_man(g, id, &side);

	assert_true(i >= 0);
	return &g->men[side][i];
}

static void
resolving(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct job j;
	static const char *const green[] = { "g1 rifle running 3",
		"g2 rifle running 5", "g3 rifle prone 1", NULL };
	static const char *const tan[] = { "t1 rifle prone 7", "t2 rifle prone 9",
		"t3 rifle prone 9", NULL };
	static const int dice[] = { 4, 4 };
	struct amb_options opt = all_on(2);

	(void)state;
	opt.sergeant = false;
	struct amb_game *g = position(&a, opt, green, tan, AMB_GREEN, dice);
	/* A capture and a loss (AMB-7); then tan's dice, and only those. */
	resolve(&j, g, "actions:\n- {move: g1, die: 4}\n- {move: g2, die: 4}\n");
	assert_int_equal(j.dice.n, 2);
	assert_int_equal(g->to_move, AMB_TAN);
	assert_false(j.ctx.result->over);
	assert_true(find(g, "t1")->dead);
	assert_int_equal(find(g, "t1")->how, AMB_CAPTURED);
	assert_int_equal(find(g, "t1")->died, 5);
	assert_string_equal(g->men[AMB_GREEN][find(g, "t1")->by].id, "g1");
	assert_true(find(g, "g2")->dead);
	assert_int_equal(find(g, "g2")->how, AMB_LOST);
	assert_int_equal(find(g, "g2")->by, -1);
	assert_int_equal(find(g, "g1")->row, 7);
	/* The dead come last, in the order they fell (normalize). */
	assert_string_equal(g->men[AMB_TAN][g->nmen[AMB_TAN] - 1].id, "t1");
	assert_string_equal(g->men[AMB_GREEN][g->nmen[AMB_GREEN] - 1].id, "g2");
	assert_int_equal(g->nfallen[AMB_TAN], 1);
	assert_true(g->dice[0] >= 1 && g->dice[0] <= 6);
	assert_non_null(strstr(j.rep.body.ptr, "is captured (Maneuver Phase, "
	    "AMB-7)"));
	job_free(&j);

	/* An attack draws one saving throw before the next side's dice. */
	static const char *const shooter[] = { "g1 rifle kneeling 5", NULL };
	static const char *const target[] = { "t1 smg running 9",
		"t2 smg running 20", NULL };
	g = position(&a, opt, shooter, target, AMB_GREEN, dice);
	resolve(&j, g, "actions:\n- {attack: g1, die: 4, target: t1}\n"
	    "- {move: g1, die: 4}\n");
	assert_int_equal(j.dice.n, 3);
	assert_non_null(strstr(j.dice.log[0].purpose, "saving throw: t1"));
	/* Running saves on a 1 only; saved, he is then captured by the move. */
	assert_true(find(g, "t1")->dead);
	assert_int_equal(find(g, "t1")->how, j.dice.log[0].result > 1 ?
	    AMB_SHOT : AMB_CAPTURED);
	assert_int_equal(find(g, "g1")->row, 9);
	job_free(&j);

	/* Moving off wins at once (AMB-8); nothing more is rolled. */
	static const char *const runner[] = { "g1 rifle running 21", NULL };
	g = position(&a, opt, runner, target, AMB_GREEN, dice);
	resolve(&j, g, "actions:\n- {move: g1, die: 4}\n");
	assert_int_equal(g->to_move, -1);
	assert_int_equal(g->winner, AMB_GREEN);
	assert_true(j.ctx.result->over);
	assert_int_equal(j.ctx.result->step, 5);
	assert_string_equal(umpire_result_winner_of(j.ctx.result), "green");
	assert_int_equal(j.dice.n, 0);
	struct umpire_decision dec = { 0 };
	amb()->decision(g, &dec);
	assert_null(dec.player);
	job_free(&j);

	/* AMB-16: capture the last enemy and win. */
	static const char *const last[] = { "t1 smg prone 9", NULL };
	static const char *const hunter[] = { "g1 rifle running 5",
		"g2 rifle running 1", NULL };
	g = position(&a, opt, hunter, last, AMB_GREEN, dice);
	resolve(&j, g, "actions:\n- {move: g1, die: 4}\n- {move: g2, die: 4}\n");
	assert_int_equal(g->winner, AMB_GREEN);
	assert_int_equal(g->to_move, -1);
	assert_string_equal(j.ctx.result->how, "tan has no men left");
	assert_int_equal(umpire_result_of(j.ctx.result, "tan")->rank, 2);
	job_free(&j);
	umpire_arena_free(&a);
}

/* ------------------------------------------------------- whole games */

static const char *const scenarios[] = {
	NULL,	/* the standard game, samples/amb/standard.yaml */
	"umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	"options: {dice: 4, fire-and-movement: false, dig-in: false}\n"
	"armies:\n"
	"  green: [{weapon: [rifle, grenade], stance: running, sergeant: true},\n"
	"    {weapon: [bazooka, pistol], stance: standing},\n"
	"    {weapon: machine-gun, stance: kneeling},\n"
	"    {weapon: [smg, flamethrower, mortar], stance: prone},\n"
	"    {weapon: rifle, stance: running}, {weapon: radio, stance: standing}]\n"
	"  tan: [{weapon: [rifle, smg], stance: running, row: 24},\n"
	"    {weapon: pistol, stance: standing, row: 22, sergeant: true},\n"
	"    {weapon: [machine-gun, grenade], stance: kneeling, row: 20},\n"
	"    {weapon: bazooka, stance: prone, row: 20},\n"
	"    {weapon: rifle, stance: running, row: 21}]\n",
	"umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	"options: {dice: 1, fire-and-movement: false, charge: false,\n"
	"  dig-in: false, infiltration: false, sergeant: false}\n"
	"armies:\n"
	"  green: [{weapon: pistol, stance: running}, {weapon: rifle, "
	"stance: kneeling},\n"
	"    {weapon: grenade, stance: standing}]\n"
	"  tan: [{weapon: mortar, stance: prone},\n"
	"    {weapon: smg, stance: running}]\n",
	"umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	"options: {dice: 3, sergeant: false, charge: false}\n"
	"armies:\n"
	"  green: [{weapon: [rifle, smg, pistol, grenade], stance: standing},\n"
	"    {weapon: [bazooka, machine-gun], stance: kneeling},\n"
	"    {weapon: flamethrower, stance: running},\n"
	"    {weapon: [rifle, pistol], stance: prone}]\n"
	"  tan: [{weapon: [rifle, smg, pistol, grenade], stance: standing},\n"
	"    {weapon: [bazooka, machine-gun], stance: kneeling},\n"
	"    {weapon: flamethrower, stance: running},\n"
	"    {weapon: [rifle, pistol], stance: prone}]\n",
	"umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	"options: {dice: 2, infiltration: false}\n"
	"armies:\n"
	"  green: [{id: alpha, weapon: rifle, stance: prone, sergeant: true}]\n"
	"  tan: [{id: zulu, weapon: rifle, stance: prone, sergeant: true},\n"
	"    {id: yankee, weapon: pistol, stance: running}]\n",
};

#define NSCENARIOS (sizeof(scenarios) / sizeof(scenarios[0]))

/* Encode g, load it, encode again: the same bytes. */
static void
assert_state_round_trips(const struct umpire_game *g)
{
	struct umpire_buf one = UMPIRE_BUF_INIT, two = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *copy;

	umpire_game_encode(g, UMPIRE_VERSION, &one);
	if (umpire_game_load(&copy, "game.yaml", one.ptr, one.len, &d) != 0)
		fail_msg("the state does not load:\n%s\n%s", one.ptr, diags_text(&d));
	umpire_game_encode(copy, UMPIRE_VERSION, &two);
	assert_string_equal(one.ptr, two.ptr);
	umpire_game_free(copy);
	umpire_diags_free(&d);
	umpire_buf_free(&one);
	umpire_buf_free(&two);
}

static void
whole_games(void **state)
{
	char *standard = slurp("samples/amb/standard.yaml", NULL);
	long steps = 0;
	int wins[2] = { 0, 0 };

	(void)state;
	for (int k = 0; k < 50; k++) {
		const char *text = scenarios[k % NSCENARIOS] ?
			scenarios[k % NSCENARIOS] : standard;
		struct umpire_arena pa = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
		struct umpire_seed seed;
		struct umpire_game *g;
		const struct umpire_node *doc = umpire_game_parse(&pa, "s.yaml", text,
			strlen(text), &d);

		assert_non_null(doc);
		for (int i = 0; i < UMPIRE_SEED_BYTES; i++)
			seed.bytes[i] = (unsigned char)(k * 31 + i);
		if (umpire_game_create(&g, doc, NULL, 0, &seed, false, &report, &d) != 0)
			fail_msg("scenario %d: %s", k % (int)NSCENARIOS, diags_text(&d));
		umpire_arena_free(&pa);
		for (;;) {
			struct umpire_decision dec;
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			umpire_game_decision(g, &dec);
			if (!dec.player) {
				const char *w = umpire_result_winner_of(&g->result);
				assert_non_null(w);
				wins[strcmp(w, "tan") == 0]++;
				umpire_arena_free(&a);
				break;
			}
			if (g->step > 3000)
				fail_msg("game %d does not end", k);
			const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "t", 1);
			if (umpire_game_check_doc(g, &a, bot, &d) != 0) {
				struct umpire_buf o = UMPIRE_BUF_INIT, s = UMPIRE_BUF_INIT;
				umpire_yaml_emit(&o, bot, NULL);
				umpire_game_encode(g, UMPIRE_VERSION, &s);
				fail_msg("game %d, step %ld: the check refuses the bot's "
				    "orders\n%s\n%s\n%s", k, g->step, s.ptr, o.ptr,
				    diags_text(&d));
			}
			long step = g->step;
			umpire_game_resolve(g, &a, bot, &report);
			assert_int_equal(g->step, step + 1);
			if (k % 5 == 0)
				assert_state_round_trips(g);
			steps++;
			umpire_arena_free(&a);
		}
		umpire_step_report_free(&report);
		umpire_diags_free(&d);
		umpire_game_free(g);
	}
	print_message("50 games, %ld steps; green won %d, tan %d\n", steps,
	    wins[0], wins[1]);
	assert_int_equal(wins[0] + wins[1], 50);
	free(standard);
}

/* text with every "step: 1" (the state's and awaiting's) made "step: N". */
static char *
restep(const char *text, const char *n)
{
	struct umpire_buf out = UMPIRE_BUF_INIT;
	const char *p;

	while ((p = strstr(text, "step: 1"))) {
		umpire_buf_add(&out, text, (size_t)(p - text));
		umpire_buf_printf(&out, "step: %s", n);
		text = p + 7;
	}
	umpire_buf_puts(&out, text);
	return out.ptr;
}

static void
last_step(void **state)
{
	char *sample = slurp("samples/amb/standard.yaml", NULL);
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_seed seed = { { 7 } };
	struct umpire_game *g;

	(void)state;
	/*
	 * The schemas allow steps up to 1000000000.  A state at that step
	 * loads, but no step can follow it (the next state could not be
	 * read), so orders for it are refused with a clear message.
	 */
	assert_int_equal(umpire_game_create(&g, umpire_game_parse(&a, "s.yaml",
	    sample, strlen(sample), &d), NULL, 0, &seed, false, &report, &d), 0);
	umpire_game_encode(g, UMPIRE_VERSION, &text);
	umpire_game_free(g);
	char *late = restep(text.ptr, "1000000000");
	if (umpire_game_load(&g, "game.yaml", late, strlen(late), &d) != 0)
		fail_msg("%s\n%s", late, diags_text(&d));
	const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "", 0);
	assert_int_not_equal(umpire_game_check_doc(g, &a, bot, &d), 0);
	char *msg = diags_text(&d);
	assert_non_null(strstr(msg, "has reached step 1000000000, the last a "
	    "state file can record"));
	free(msg);
	umpire_game_free(g);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	umpire_buf_free(&text);
	umpire_step_report_free(&report);
	free(sample);
	free(late);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(moves),
		cmocka_unit_test(five_man_limit),
		cmocka_unit_test(captures),
		cmocka_unit_test(moving_off),
		cmocka_unit_test(attacks),
		cmocka_unit_test(phases),
		cmocka_unit_test(infiltration),
		cmocka_unit_test(turn_types),
		cmocka_unit_test(most_dice),
		cmocka_unit_test(registry),
		cmocka_unit_test(check_hook),
		cmocka_unit_test(stance_phase),
		cmocka_unit_test(bot_random_positions),
		cmocka_unit_test(bot_uniform),
		cmocka_unit_test(resolving),
		cmocka_unit_test(whole_games),
		cmocka_unit_test(last_step),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("amb", tests, NULL, NULL);
}
