/*
 * test_vsgmr_resolve - VSGMR's resolution (src/rules/vsgmr/resolve.c):
 * orders carried out with dice from a script, each rule's outcome
 * asserted exactly: who is defeated, pushed, recruited, scored for, what
 * the report says, and which decision comes next.  The dice are the
 * script's, so each case sets the faces the rule under test needs and
 * asserts that exactly those dice were drawn, for exactly those
 * purposes, in that order.
 */
#include "game/result.h"
#include "game/rng.h"
#include "game/ruleset.h"
#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

/* ----------------------------------------------------------------- dice */

#define SCRIPT_MAX 64

struct script {
	int face[SCRIPT_MAX];
	int n, next;
	unsigned sides[SCRIPT_MAX];
	char purpose[SCRIPT_MAX][96];
};

static int
scripted(void *arg, unsigned sides, const char *purpose)
{
	struct script *s = arg;

	if (s->next >= s->n)
		fail_msg("a die more than the script holds: d%u for %s", sides,
			purpose);
	s->sides[s->next] = sides;
	snprintf(s->purpose[s->next], sizeof(s->purpose[0]), "%s", purpose);
	return s->face[s->next++];
}

/* ------------------------------------------------------------- fixtures */

struct fx {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_game g;
	struct script dice;
	struct vs_roller roller;
	struct umpire_buf out;
	struct vs_told tell;
};

static void
dice(struct fx *x, int n, ...)
{
	va_list ap;

	va_start(ap, n);
	x->dice.n = x->dice.next = 0;
	for (int k = 0; k < n; k++)
		x->dice.face[x->dice.n++] = va_arg(ap, int);
	va_end(ap);
}

/* Every die of the script drawn, for these purposes. */
#define assert_drawn(x, ...) do {					\
	const char *want_[] = { __VA_ARGS__ };				\
	int n_ = (int)(sizeof(want_) / sizeof(want_[0]));		\
	assert_int_equal((x)->dice.next, (x)->dice.n);			\
	assert_int_equal((x)->dice.next, n_);				\
	for (int k_ = 0; k_ < n_; k_++)					\
		assert_string_equal((x)->dice.purpose[k_], want_[k_]);	\
} while (0)

static void
load(struct fx *x, const char *text)
{
	struct umpire_node *root = NULL;

	memset(x, 0, sizeof(*x));
	x->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &x->a, "s.yaml", text, strlen(text), NULL,
	    &x->d) != 0)
		fail_msg("does not parse:\n%s", text);
	if (umpire_schema_validate("vsgmr/scenario", root, &x->d) ||
	    vs_scenario_read(&x->g, &x->a, root, &x->d) != 0) {
		char *msg = diags_text(&x->d);
		fail_msg("%s\n%s", msg, text);
	}
	for (int i = 0; i < x->g.nfigures; i++)
		x->g.figure[i].by = x->g.figure[i].left = -1;
	vs_round_init(&x->g.pos, x->g.nplayers, x->g.ending.rounds,
		x->g.ending.end);
	x->g.pos.solo = x->g.solo;
	x->roller = (struct vs_roller){ scripted, &x->dice };
	x->tell = (struct vs_told){ &x->out, &x->a };
}

static void
done(struct fx *x)
{
	umpire_buf_free(&x->out);
	umpire_diags_free(&x->d);
	umpire_arena_free(&x->a);
}

static const char *
told(struct fx *x)
{
	return x->out.len ? x->out.ptr : "";
}

static void
untell(struct fx *x)
{
	umpire_buf_clear(&x->out);
}

#define assert_told(x, text) assert_string_equal(told(x), (text))

static int
fig(const struct fx *x, const char *id)
{
	for (int i = 0; i < x->g.nfigures; i++)
		if (strcmp(x->g.figure[i].id, id) == 0)
			return i;
	fail_msg("no figure %s", id);
	return -1;
}

static void
place(struct fx *x, const char *id, int32_t px, int32_t py, int32_t fx_,
	int32_t fy)
{
	struct vs_figure *f = &x->g.figure[fig(x, id)];

	f->at.at = (struct umpire_pt){ px, py };
	f->at.facing = (struct umpire_pt){ fx_, fy };
}

/* The game awaiting player p in phase, as if the round had got there. */
static void
await(struct fx *x, int p, enum vs_phase phase)
{
	x->g.pos.round = 1;
	x->g.pos.first = 0;
	x->g.pos.winner = 0;
	x->g.pos.phase = phase;
	x->g.pos.player = p;
	x->g.pos.acts = 1;
}

static struct vs_orders
attacks(struct fx *x, enum vs_phase phase, int n,
	const struct vs_attack_order *a)
{
	struct vs_orders o;

	memset(&o, 0, sizeof(o));
	o.phase = phase;
	o.player = x->g.pos.player;
	o.first = -1;
	o.spawn_edge = -1;
	o.attacks = (struct vs_attack_order *)a;
	o.nattacks = n;
	return o;
}

static struct vs_attack_order
at_figure(struct fx *x, const char *by, const char *target)
{
	return (struct vs_attack_order){ .figure = fig(x, by),
		.target = { VS_AT_FIGURE, fig(x, target), NULL } };
}

/* A table of 48" x 36", red south and blue north, 20" apart. */
static const char duel[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"title: A duel\n"
	"points: any\n"
	"players:\n"
	"  red: {}\n"
	"  blue: {}\n"
	"table: {width: 48, depth: 36}\n"
	"features:\n"
	"  - {id: wall, does: [barrier, cover], corner: [30, 17], size: [6, 1]}\n"
	"  - {id: shed, does: [barrier, cover], corner: [2, 17], size: [3, 3]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: captain, type: hero, commander: true, distance: true,\n"
	"         at: [10, 2], facing: [0, 1]}\n"
	"      - {id: gunner, type: troop, distance: true, automatic: true,\n"
	"         at: [14, 2], facing: [0, 1]}\n"
	"      - {id: wizard, type: hero, distance: true,\n"
	"         traits: [area-effect-attack, inspiration], at: [18, 2], facing: [0, 1]}\n"
	"      - {id: brute, type: troop, traits: [double-strike, recruit],\n"
	"         at: [22, 2], facing: [0, 1]}\n"
	"      - {id: blaster, type: troop, distance: true,\n"
	"         powers: {super-blast: major}, at: [26, 2], facing: [0, 1]}\n"
	"  blue:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, at: [10, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: knight, type: troop, armor: heavy, at: [14, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: ghost, type: troop, traits: [cause-fear], at: [18, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: avenger, type: troop, distance: true, traits: [revenge],\n"
	"         at: [22, 34], facing: [0, -1]}\n"
	"      - {id: grunt, type: troop, count: 3,\n"
	"         at: [[26, 34], [28, 34], [30, 34]], facing: [0, -1]}\n";

/* ------------------------------------------------------------ the round */

/* II, VS-14, VS-43: every player rolls; the highest chooses, and his
 * choice is a decision of its own. */
static void
initiative_then_choice(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	dice(&x, 2, 3, 5);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_drawn(&x, "red's initiative", "blue's initiative");
	assert_told(&x, "- Initiative for round 1: red 3; blue 5; blue wins.\n"
		"- Round 1 begins.\n");
	assert_int_equal(x.g.pos.round, 1);
	assert_int_equal(x.g.pos.phase, VS_PHASE_INITIATIVE);
	assert_int_equal(x.g.pos.player, 1);
	assert_int_equal(x.g.player[0].roll, 3);
	assert_int_equal(x.g.player[1].roll, 5);

	/* Blue lets red start: red moves first, then blue. */
	struct vs_orders o;
	memset(&o, 0, sizeof(o));
	o.phase = VS_PHASE_INITIATIVE;
	o.player = 1;
	o.first = 0;
	o.spawn_edge = -1;
	untell(&x);
	dice(&x, 0);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_told(&x, "- blue chooses red to start round 1.\n");
	assert_int_equal(x.g.pos.phase, VS_PHASE_MOVE);
	assert_int_equal(x.g.pos.player, 0);
	done(&x);
}

/* VS-14: only the players tied for the highest roll again. */
static void
initiative_ties(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	dice(&x, 4, 6, 6, 2, 4);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_told(&x, "- Initiative for round 1: red 6; blue 6; a tie, "
		"rolled again: red 2; blue 4; blue wins.\n- Round 1 begins.\n");
	assert_int_equal(x.g.pos.player, 1);
	done(&x);
}

static int
always_three(void *arg, unsigned sides, const char *purpose)
{
	(void)sides;
	(void)purpose;
	++*(int *)arg;
	return 3;
}

/* VS-77: dice that always tie end after 100 roll-offs, with the first
 * tied player in seat order; seeded dice never get there. */
static void
initiative_tie_cap(void **state)
{
	(void)state;
	struct fx x;
	int drawn = 0;

	load(&x, duel);
	x.roller = (struct vs_roller){ always_three, &drawn };
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_int_equal(drawn, 2 * VS_MAX_ROLL_OFFS);
	assert_int_equal(x.g.pos.player, 0);
	const char *end = "; tied 100 times: the first in seat order wins "
		"(VS-77); red wins.\n- Round 1 begins.\n";
	assert_true(strlen(told(&x)) > strlen(end));
	assert_string_equal(told(&x) + strlen(told(&x)) - strlen(end), end);
	done(&x);
}

/* ------------------------------------------------------------- attacks */

/* II: a distance attack hits on 5 or more; a hero adds 1; a figure
 * with no armour is defeated and scores for the attacker (VS-46). */
static void
distance_hit_defeats(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "chief", 10 * 100, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "chief") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	/* A hero commander has heavy armour for nothing (VS-3). */
	dice(&x, 2, 4, 3);
	/* After red, blue has nothing with a distance weapon but the
	 * avenger: he is awaited next. */
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_drawn(&x, "captain attacks chief", "chief's armour roll");
	assert_told(&x, "- **captain** fires at **chief**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **chief**'s armour (d6: 3, needs 4): fails.\n"
		"  - **chief** is defeated: 2 points for red.\n");
	assert_int_equal(x.g.figure[fig(&x, "chief")].where, VS_DEFEATED);
	assert_int_equal(x.g.figure[fig(&x, "chief")].by, 0);
	assert_int_equal(x.g.player[0].score, 2);
	assert_true(x.g.figure[fig(&x, "captain")].attacked);
	assert_int_equal(x.g.pos.phase, VS_PHASE_DISTANCE);
	assert_int_equal(x.g.pos.player, 1);
	done(&x);
}

/* II, VS-12: heavy armour turns a hit into a miss on 4 or more. */
static void
armour_saves(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "knight", 14 * 100, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "gunner", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 3, 2, 6, 4);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	/* Automatic fire: two dice, the higher (VS-10). */
	assert_drawn(&x, "gunner attacks knight", "gunner attacks knight",
		"knight's armour roll");
	assert_told(&x, "- **gunner** fires at **knight**: 2 and 6, the "
		"higher (d6: 6, needs 5): a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n");
	assert_int_equal(x.g.figure[fig(&x, "knight")].where, VS_ON);
	assert_int_equal(x.g.player[0].score, 0);
	done(&x);
}

/* II, Cover; VS-25: the wall blocks most lines: 6 or more to hit. */
static void
cover_from_the_wall(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	/* The grunt behind the wall's end, half of it hidden from the
	 * gunner straight below: the line to its centre grazes the wall's
	 * corner. */
	place(&x, "grunt-3", 36 * 100, 19 * 100, 0, -1);
	place(&x, "gunner", 36 * 100, 10 * 100, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "gunner", "grunt-3") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 5, 1);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_told(&x, "- **gunner** fires at **grunt-3**, in cover: 5 and 1, "
		"the higher (d6: 5, needs 6): a miss.\n");
	done(&x);
}

/* V, Cause Fear; VS-11, VS-28: a 1 or 2 fails whatever the bonuses, and
 * the attacker turns and moves a Move Unit away. */
static void
cause_fear(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "ghost", 18 * 100, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "wizard", "ghost") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 2);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_told(&x, "- **wizard** fires at **ghost**: 2 (d6: 2 +1 (Hero "
		"guy) = 3, needs 5): struck by fear.\n"
		"  - **wizard** is struck by fear of **ghost**.\n"
		"  - **wizard** is pushed 8.5\" back, off the table.\n"
		"  - **wizard** leaves the playing surface by the south edge and "
		"is out of the game: 7 points for blue.\n");
	/* VS-46: it fled from the ghost, so it scores for blue. */
	assert_int_equal(x.g.figure[fig(&x, "wizard")].where, VS_OFF);
	assert_int_equal(x.g.figure[fig(&x, "wizard")].left, VS_SOUTH);
	assert_int_equal(x.g.player[1].score, 7);
	done(&x);
}

/* V, Revenge; VS-67: the defeated figure's last attack, at once, at the
 * figure that defeated it. */
static void
revenge_strikes_back(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "avenger", 10 * 100, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "avenger") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 3, 6, 5, 1);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_drawn(&x, "captain attacks avenger", "avenger attacks captain",
		"captain's armour roll");
	assert_told(&x, "- **captain** fires at **avenger**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **avenger** is defeated: 4 points for red.\n"
		"- Revenge: **avenger** fires at **captain**: 5 (d6: 5, needs 5): a hit.\n"
		"  - **captain**'s armour (d6: 1, needs 4): fails.\n"
		"  - **captain** is defeated: 3 points for blue.\n");
	assert_int_equal(x.g.player[0].score, 4);
	assert_int_equal(x.g.player[1].score, 3);
	done(&x);
}

/* V, Area Effect; VS-66: a hit allows a second attack at a target
 * within a Half Move Unit of the first; a miss ends the chain. */
static void
area_effect(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "grunt-1", 18 * 100, 12 * 100, 0, -1);
	place(&x, "grunt-2", 21 * 100, 12 * 100, 0, -1);
	place(&x, "grunt-3", 2350, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "wizard", "grunt-1") };
	a[0].then[0] = (struct vs_target){ VS_AT_FIGURE, fig(&x, "grunt-2"),
		NULL };
	a[0].then[1] = (struct vs_target){ VS_AT_FIGURE, fig(&x, "grunt-3"),
		NULL };
	a[0].nthen = 2;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 4, 4);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	/* grunt-3 is 5.5" from grunt-1 centre to centre, 4.5" edge to
	 * edge: not within 4.25", though in the wizard's range. */
	assert_told(&x, "- **wizard** fires at **grunt-1**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- Area Effect: **wizard** fires at **grunt-2**: 4 (d6: 4 +1 (Hero guy) = 5, "
		"needs 5): a hit.\n"
		"  - **grunt-2** is defeated: 1 point for red.\n"
		"- Area Effect: **wizard** does not attack **grunt-3**: it is "
		"not within a Half Move Unit of the first target (V, VS-66).\n");
	assert_int_equal(x.g.player[0].score, 2);
	done(&x);
}

/* V, Inspiration; VS-68: a missed attack written reroll is rolled again,
 * once a round. */
static void
inspiration_reroll(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "grunt-1", 18 * 100, 12 * 100, 0, -1);
	place(&x, "grunt-2", 10 * 100, 12 * 100, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "wizard", "grunt-1"),
		at_figure(&x, "captain", "grunt-2") };
	a[0].reroll = a[1].reroll = true;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 2, a);
	dice(&x, 3, 1, 6, 2);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_drawn(&x, "wizard attacks grunt-1",
		"wizard attacks grunt-1, rolled again", "captain attacks grunt-2");
	assert_told(&x, "- **wizard** fires at **grunt-1**: 1 (d6: 1 +1 (Hero "
		"guy) = 2, needs 5): a miss.\n"
		"  - Inspiration: rolled again: 6 (d6: 6 +1 (Hero guy) = 7, "
		"needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- **captain** fires at **grunt-2**: 2 (d6: 2 +1 (Hero guy) = 3, "
		"needs 5): a miss.\n");
	assert_true(x.g.player[0].inspired);
	done(&x);
}

/* V, Recruit and Double Strike: a hand to hand defeat, 5 or more, and
 * the figure changes sides; the hit lets the second strike go on. */
static void
recruit_and_double_strike(void **state)
{
	(void)state;
	struct fx x;

	load(&x, duel);
	place(&x, "brute", 22 * 100, 20 * 100, 0, 1);
	place(&x, "grunt-1", 22 * 100, 21 * 100, 0, -1);
	place(&x, "grunt-2", 23 * 100, 20 * 100, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "grunt-1") };
	a[0].then[0] = (struct vs_target){ VS_AT_FIGURE, fig(&x, "grunt-2"),
		NULL };
	a[0].nthen = 1;
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	dice(&x, 3, 4, 5, 3);
	assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
	assert_drawn(&x, "brute attacks grunt-1", "brute recruits grunt-1",
		"brute attacks grunt-2");
	assert_told(&x, "- **brute** strikes **grunt-1**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - Recruit: d6: 5, needs 5: **grunt-1** joins red, 1 point for "
		"him (VS-46).\n"
		"- Double Strike: **brute** strikes **grunt-2**: 3 (d6: 3, needs "
		"4): a miss.\n");
	const struct vs_figure *r = &x.g.figure[fig(&x, "grunt-1")];
	assert_int_equal(r->owner, 0);
	assert_int_equal(r->where, VS_ON);
	assert_true(r->fresh);
	assert_int_equal(x.g.player[0].score, 1);
	done(&x);
}

/* ------------------------------------------------------------- helpers */

static struct vs_figure *
F(struct fx *x, const char *id)
{
	return &x->g.figure[fig(x, id)];
}

static int
feat(const struct fx *x, const char *id)
{
	for (int k = 0; k < x->g.nfeatures; k++)
		if (strcmp(x->g.feature[k].id, id) == 0)
			return k;
	fail_msg("no feature %s", id);
	return -1;
}

static struct vs_target
tfig(struct fx *x, const char *id)
{
	return (struct vs_target){ VS_AT_FIGURE, fig(x, id), NULL };
}

static struct vs_target
tfeat(struct fx *x, const char *id)
{
	return (struct vs_target){ VS_AT_FEATURE, feat(x, id), NULL };
}

static struct vs_orders
orders(struct fx *x, enum vs_phase phase)
{
	struct vs_orders o;

	memset(&o, 0, sizeof(o));
	o.phase = phase;
	o.player = x->g.pos.player;
	o.first = -1;
	o.spawn_edge = -1;
	return o;
}

static struct vs_move_order
walk(struct fx *x, const char *id, int n, const struct umpire_pt *path)
{
	return (struct vs_move_order){ .figure = fig(x, id),
		.path = (struct umpire_pt *)path, .npath = n, .off = -1,
		.board = -1, .flying = -1 };
}

static struct vs_move_order
step(struct fx *x, const char *id, int n, const struct umpire_square *sq)
{
	return (struct vs_move_order){ .figure = fig(x, id),
		.steps = (struct umpire_square *)sq, .npath = n, .off = -1,
		.board = -1, .flying = -1 };
}

#define assert_at(fx_, id, px, py) do {				\
	assert_int_equal(F((fx_), (id))->at.at.x, (px));		\
	assert_int_equal(F((fx_), (id))->at.at.y, (py));		\
} while (0)

#define assert_sq(fx_, id, name) do {				\
	assert_int_equal(F((fx_), (id))->sq.file, sq(name).file);	\
	assert_int_equal(F((fx_), (id))->sq.rank, sq(name).rank);	\
} while (0)

static struct umpire_square
sq(const char *name)
{
	return (struct umpire_square){ name[0] - 'a' + 1, atoi(name + 1) };
}

static void
resolve(struct fx *x, const struct vs_orders *o)
{
	untell(x);
	assert_int_equal(vs_resolve(&x->g, o, &x->roller, &x->tell), 0);
}

/* The awaited player does nothing (VS-44: "One awaited may do nothing"). */
static void
pass(struct fx *x)
{
	struct vs_orders o = orders(x, x->g.pos.phase);

	resolve(x, &o);
}

/*
 * The arena: 48" x 36", red south facing north, blue north facing
 * south, a figure for each rule, placed by hand in each case.  The wall
 * is x 30..36, y 17..18; the shed x 2..5, y 17..20; the pond, rough
 * ground, x 40..44, y 20..24.
 */
static const char arena[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"title: The arena\n"
	"points: any\n"
	"players:\n"
	"  red: {}\n"
	"  blue: {}\n"
	"table: {width: 48, depth: 36}\n"
	"features:\n"
	"  - {id: wall, does: [barrier, cover], corner: [30, 17], size: [6, 1]}\n"
	"  - {id: shed, does: [barrier, cover], corner: [2, 17], size: [3, 3]}\n"
	"  - {id: pond, does: [rough], corner: [40, 20], size: [4, 4]}\n"
	"objects:\n"
	"  - {id: gold, at: [40, 8]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: captain, type: hero, commander: true, distance: true,\n"
	"         at: [2, 2], facing: [0, 1]}\n"
	"      - {id: gunner, type: troop, distance: true, automatic: true,\n"
	"         at: [4, 2], facing: [0, 1]}\n"
	"      - {id: blaster, type: troop, distance: true,\n"
	"         powers: {super-blast: major}, at: [6, 2], facing: [0, 1]}\n"
	"      - {id: wizard, type: hero, distance: true,\n"
	"         traits: [area-effect-attack], at: [8, 2], facing: [0, 1]}\n"
	"      - {id: rogue, type: hero, traits: [ignores-armor], at: [10, 2],\n"
	"         facing: [0, 1]}\n"
	"      - {id: brute, type: troop, traits: [double-strike, recruit],\n"
	"         at: [12, 2], facing: [0, 1]}\n"
	"      - {id: longarm, type: troop, reach: 3, at: [14, 2], facing: [0, 1]}\n"
	"      - {id: summoner, type: troop, traits: [summon], at: [16, 2],\n"
	"         facing: [0, 1]}\n"
	"      - {id: horse, type: cavalry, at: [18, 2], facing: [0, 1]}\n"
	"      - {id: jockey, type: troop, rides: horse, facing: [0, 1]}\n"
	"      - {id: scout, type: hero, powers: {super-skill: major},\n"
	"         at: [20, 2], facing: [0, 1]}\n"
	"      - {id: cleric, type: troop, traits: [inspiration], at: [22, 2],\n"
	"         facing: [0, 1]}\n"
	"      - {id: flier, type: troop, distance: true, traits: [flight],\n"
	"         at: [24, 2], facing: [0, 1]}\n"
	"      - {id: walker, type: troop, at: [26, 2], facing: [0, 1]}\n"
	"      - {id: brawler, type: troop, powers: {super-brawl: major},\n"
	"         at: [28, 2], facing: [0, 1]}\n"
	"      - {id: terror, type: troop, distance: true, traits: [cause-fear],\n"
	"         at: [30, 2], facing: [0, 1]}\n"
	"  blue:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, at: [2, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: knight, type: troop, armor: heavy, at: [4, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: bull, type: troop, armor: heavy, traits: [tough],\n"
	"         at: [6, 34], facing: [0, -1]}\n"
	"      - {id: truck, type: vehicle, traits: [tough, independent],\n"
	"         at: [8, 34], facing: [0, -1]}\n"
	"      - {id: avenger, type: troop, distance: true, traits: [revenge],\n"
	"         at: [10, 34], facing: [0, -1]}\n"
	"      - {id: zealot, type: troop, traits: [revenge], at: [12, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: ghost, type: troop, traits: [cause-fear], at: [14, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: bird, type: troop, traits: [flight], at: [16, 34],\n"
	"         facing: [0, -1]}\n"
	"      - {id: pony, type: cavalry, at: [18, 34], facing: [0, -1]}\n"
	"      - {id: lancer, type: troop, rides: pony, facing: [0, -1]}\n"
	"      - {id: grunt, type: troop, count: 4,\n"
	"         at: [[22, 34], [24, 34], [26, 34], [28, 34]], facing: [0, -1]}\n";

/* --------------------------------------------------------- knockback */

/* VI, Knockback; VS-13, VS-28, VS-46: a Super-Blast d10 showing 9 that
 * the target's armour saves throws it 2 Half Move Units (8.5") straight
 * back, against its facing; from 2" short of the north edge it goes
 * off, out of the game, and scores for the attacker. */
static void
knockback_off_the_table(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "blaster", 2000, 2600, 0, 1);
	place(&x, "knight", 2000, 3400, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 9, 4);
	resolve(&x, &o);
	assert_drawn(&x, "blaster attacks knight", "knight's armour roll");
	assert_told(&x, "- **blaster** fires at **knight**: 9 (d10: 9, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 2 Half Move Units.\n"
		"  - **knight** is pushed 8.5\" back, off the table.\n"
		"  - **knight** leaves the playing surface by the north edge and "
		"is out of the game: 3 points for red.\n");
	assert_int_equal(F(&x, "knight")->where, VS_OFF);
	assert_int_equal(F(&x, "knight")->left, VS_NORTH);
	assert_int_equal(F(&x, "knight")->by, 0);
	/* Its last point on the table, its facing kept (VI). */
	assert_at(&x, "knight", 2000, 3600);
	assert_int_equal(F(&x, "knight")->at.facing.y, -1);
	assert_int_equal(x.g.player[0].score, 3);
	assert_int_equal(x.g.player[1].score, 0);
	/* An off figure is not destroyed (VS-45): blue's distance next. */
	assert_int_equal(vs_destroyed(&x.g), 0);
	assert_int_equal(x.g.pos.phase, VS_PHASE_DISTANCE);
	assert_int_equal(x.g.pos.player, 1);
	done(&x);
}

/* VS-18, VS-28: "as far as it can": the wall 1.5" behind the knight's
 * centre stops its base touching it, after 1" of the 8.5". */
static void
knockback_stopped_by_a_barrier(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "blaster", 3300, 800, 0, 1);
	place(&x, "knight", 3300, 1550, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 9, 6);
	resolve(&x, &o);
	assert_drawn(&x, "blaster attacks knight", "knight's armour roll");
	assert_told(&x, "- **blaster** fires at **knight**: 9 (d10: 9, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 6, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 2 Half Move Units.\n"
		"  - **knight** is pushed back 1\" of 8.5\", from (33\", 15.5\") "
		"to (33\", 16.5\"), stopped by wall.\n");
	assert_int_equal(F(&x, "knight")->where, VS_ON);
	assert_at(&x, "knight", 3300, 1650);
	assert_int_equal(x.g.player[0].score, 0);
	done(&x);
}

/* VS-28: a base of any side stops it: the knight's own grunt 3" behind
 * its centre, bases touching after 2". */
static void
knockback_stopped_by_a_figure(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "blaster", 2000, 1200, 0, 1);
	place(&x, "knight", 2000, 2000, 0, -1);
	place(&x, "grunt-1", 2000, 2300, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 8, 5);
	resolve(&x, &o);
	assert_drawn(&x, "blaster attacks knight", "knight's armour roll");
	/* An 8: one Half Move Unit, 4.25". */
	assert_told(&x, "- **blaster** fires at **knight**: 8 (d10: 8, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 5, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 1 Half Move Unit.\n"
		"  - **knight** is pushed back 2\" of 4.25\", from (20\", 20\") "
		"to (20\", 22\"), stopped by **grunt-1**.\n");
	assert_at(&x, "knight", 2000, 2200);
	assert_at(&x, "grunt-1", 2000, 2300);
	done(&x);
}

/* VI: Super-Brawl's knockback hand to hand: a 10 is 3 Half Move Units,
 * 12.75", straight back against the target's facing. */
static void
knockback_hand_to_hand(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "brawler", 2000, 1900, 0, 1);
	place(&x, "knight", 2000, 2000, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brawler", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	dice(&x, 2, 10, 5);
	resolve(&x, &o);
	assert_drawn(&x, "brawler attacks knight", "knight's armour roll");
	assert_int_equal(x.dice.sides[0], 10);
	assert_told(&x, "- **brawler** strikes **knight**: 10 (d10: 10, needs "
		"4): a hit.\n"
		"  - **knight**'s armour (d6: 5, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 3 Half Move Units.\n"
		"  - **knight** is pushed back 12.75\" of 12.75\", from (20\", "
		"20\") to (20\", 32.75\").\n");
	assert_at(&x, "knight", 2000, 3275);
	done(&x);
}

/* VS-28, VS-17: a figure that starts in rough ground goes no further
 * than its rough allowance, a guy's 4.25", whatever the die. */
static void
knockback_from_rough_ground(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "blaster", 4200, 1400, 0, 1);
	place(&x, "knight", 4200, 2200, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 10, 4);
	resolve(&x, &o);
	assert_told(&x, "- **blaster** fires at **knight**: 10 (d10: 10, needs "
		"5): a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 3 Half Move Units.\n"
		"  - **knight** is pushed back 4.25\" of 4.25\", from (42\", 22\") "
		"to (42\", 26.25\").\n");
	assert_at(&x, "knight", 4200, 2625);
	done(&x);

	/* 4.1" from the east edge, the 4.25" it may go takes it off; the
	 * report tells that length, not the 12.75" the die asked. */
	load(&x, arena);
	place(&x, "blaster", 3590, 2200, 1, 0);
	place(&x, "knight", 4390, 2200, -1, 0);
	await(&x, 0, VS_PHASE_DISTANCE);
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 10, 4);
	resolve(&x, &o);
	assert_told(&x, "- **blaster** fires at **knight**: 10 (d10: 10, needs "
		"5): a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 3 Half Move Units.\n"
		"  - **knight** is pushed 4.25\" back, off the table.\n"
		"  - **knight** leaves the playing surface by the east edge and "
		"is out of the game: 3 points for red.\n");
	assert_int_equal(F(&x, "knight")->left, VS_EAST);
	done(&x);
}

/* VS-13: no knockback when the target is defeated, nor below 8. */
static void
knockback_only_when_saved(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "blaster", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	/* grunt-1 has no armour: a 10 defeats it and throws nothing. */
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "grunt-1") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 10);
	resolve(&x, &o);
	assert_drawn(&x, "blaster attacks grunt-1");
	assert_told(&x, "- **blaster** fires at **grunt-1**: 10 (d10: 10, needs "
		"5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n");
	assert_at(&x, "grunt-1", 2200, 3400);
	done(&x);
}

/* VS-28, VS-57: a rider knocked back comes off its mount only if it
 * lands clear of it; stopped 0.5" along by a grunt, its base still on
 * the pony's, it is still riding the pony, at its centre. */
static void
knockback_rider_not_clear(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	F(&x, "lancer")->profile.armor = VS_HEAVY;
	place(&x, "blaster", 1800, 1200, 0, 1);
	place(&x, "pony", 1800, 2000, 0, -1);
	place(&x, "lancer", 1800, 2000, 0, -1);
	place(&x, "grunt-1", 1800, 2150, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "lancer") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 9, 4);
	resolve(&x, &o);
	assert_told(&x, "- **blaster** fires at **lancer**, in cover: 9 (d10: 9, "
		"needs 6): a hit.\n"
		"  - **lancer**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 2 Half Move Units.\n"
		"  - **lancer** is pushed back 0.5\" of 8.5\", from (18\", 20\") "
		"to (18\", 20.5\"), stopped by **grunt-1**.\n"
		"  - **lancer** stays on **pony**: it does not land clear of "
		"it.\n");
	assert_int_equal(F(&x, "lancer")->mount, fig(&x, "pony"));
	assert_at(&x, "lancer", 1800, 2000);
	done(&x);

	/* With room, it lands 8.5" behind, on foot. */
	load(&x, arena);
	F(&x, "lancer")->profile.armor = VS_HEAVY;
	place(&x, "blaster", 1800, 1200, 0, 1);
	place(&x, "pony", 1800, 2000, 0, -1);
	place(&x, "lancer", 1800, 2000, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 9, 4);
	resolve(&x, &o);
	assert_int_equal(F(&x, "lancer")->mount, -1);
	assert_at(&x, "lancer", 1800, 2850);
	assert_at(&x, "pony", 1800, 2000);
	done(&x);
}

/* ------------------------------------------------------------- armour */

/* V, Ignores Armor; VS-12: two armour rolls, one after the other; either
 * failing, the hit stands. */
static void
ignores_armor_two_rolls(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "rogue", 2000, 2000, 0, 1);
	place(&x, "knight", 2100, 2000, 0, -1);
	place(&x, "brute", 3000, 2000, 0, 1);
	place(&x, "bull", 3100, 2000, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "rogue", "knight"),
		at_figure(&x, "brute", "bull") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 2, a);
	/* The rogue's 3 +1 hits (4); the knight saves on 4, fails on 3.
	 * The brute, without the trait, meets one roll. */
	dice(&x, 5, 3, 4, 3, 4, 3);
	resolve(&x, &o);
	assert_drawn(&x, "rogue attacks knight", "knight's armour roll",
		"knight's armour roll", "brute attacks bull", "bull's armour roll");
	assert_told(&x, "- **rogue** strikes **knight**: 3 (d6: 3 +1 (Hero guy) "
		"= 4, needs 4): a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - **knight**'s armour (d6: 3, needs 4): fails.\n"
		"  - **knight** is defeated: 3 points for red.\n"
		"- **brute** strikes **bull**: 4 (d6: 4, needs 4): a hit.\n"
		"  - **bull**'s armour (d6: 3 +1 (Tough) = 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n");
	assert_int_equal(F(&x, "knight")->where, VS_DEFEATED);
	assert_int_equal(F(&x, "bull")->where, VS_ON);
	assert_int_equal(x.g.player[0].score, 3);
	done(&x);
}

/* VS-12: a vehicle adds 1 to its armour and Tough 2 more; II: a
 * vehicle's light armour saves on 6; both Ignores Armor's rolls take
 * the bonuses (V). */
static void
vehicle_and_tough_armour(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 2000, 1000, 0, 1);
	place(&x, "truck", 2000, 1800, 0, -1);
	place(&x, "rogue", 3000, 2000, 0, 1);
	place(&x, "bull", 3100, 2000, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "truck") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 4, 3);
	resolve(&x, &o);
	assert_told(&x, "- **captain** fires at **truck**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **truck**'s armour (d6: 3 +1 (Vehicle) +2 (Tough) = 6, needs "
		"6): saves.\n"
		"  - The hit becomes a miss.\n");
	assert_int_equal(F(&x, "truck")->where, VS_ON);

	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order h[] = { at_figure(&x, "rogue", "bull") };
	o = attacks(&x, VS_PHASE_HAND, 1, h);
	dice(&x, 3, 6, 3, 2);
	resolve(&x, &o);
	assert_told(&x, "- **rogue** strikes **bull**: 6 (d6: 6 +1 (Hero guy) = "
		"7, needs 4): a hit.\n"
		"  - **bull**'s armour (d6: 3 +1 (Tough) = 4, needs 4): saves.\n"
		"  - **bull**'s armour (d6: 2 +1 (Tough) = 3, needs 4): fails.\n"
		"  - **bull** is defeated: 5 points for red.\n");
	assert_int_equal(x.g.player[0].score, 5);
	done(&x);
}

/* II, Cover; VS-25: "A cavalry rider ... is considered to be covered as
 * long as it is on its mount", in the open or not; its mount blocks
 * nothing. */
static void
rider_covered_on_its_mount(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 1800, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "lancer") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks lancer");
	assert_told(&x, "- **captain** fires at **lancer**, in cover: 5 (d6: 5 "
		"+1 (Hero guy) = 6, needs 6): a hit.\n"
		"  - **lancer** is defeated: 1 point for red.\n");
	/* III: the rider gone, the pony is riderless where it stood. */
	assert_int_equal(F(&x, "lancer")->mount, -1);
	assert_int_equal(F(&x, "pony")->where, VS_ON);
	assert_at(&x, "pony", 1800, 3400);
	done(&x);
}

/* ------------------------------------------------------ hand to hand */

/* VS-22: reach is from the attacker's centre to the target's nearest
 * rim, 3" included; without reach the bases must touch (VS-21). */
static void
hand_to_hand_reach(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "longarm", 1000, 2000, 0, 1);
	place(&x, "grunt-1", 1000, 2350, 0, -1);	/* rim 3" away */
	place(&x, "brute", 1400, 2000, 0, 1);
	place(&x, "grunt-2", 1400, 2250, 0, -1);	/* edges 1.5" apart */
	place(&x, "walker", 3000, 2000, 0, 1);
	place(&x, "grunt-3", 3100, 2001, 0, -1);	/* 0.01" apart */
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "longarm", "grunt-1"),
		at_figure(&x, "brute", "grunt-2"),
		at_figure(&x, "walker", "grunt-3") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 3, a);
	dice(&x, 2, 4, 3);
	resolve(&x, &o);
	assert_drawn(&x, "longarm attacks grunt-1", "walker attacks grunt-3");
	assert_told(&x, "- **longarm** strikes **grunt-1**: 4 (d6: 4, needs 4): "
		"a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- **brute** does not attack **grunt-2**: the target does not "
		"touch it (VS-22).\n"
		"- **walker** strikes **grunt-3**: 3 (d6: 3, needs 4): a miss.\n");
	/* VS-65: the brute has not attacked. */
	assert_false(F(&x, "brute")->attacked);
	assert_true(F(&x, "walker")->attacked);
	done(&x);
}

/* V, Independent: a cavalry figure or vehicle needs a rider or driver
 * "to move and attack" but with the trait.  The pony, its lancer
 * defeated, does not attack, and blue is not awaited for it (VS-44);
 * the truck, Independent, strikes. */
static void
riderless_mount_does_not_attack(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	F(&x, "lancer")->where = VS_DEFEATED;
	F(&x, "lancer")->mount = -1;
	place(&x, "brute", 1800, 3300, 0, 1);
	place(&x, "truck", 1700, 3300, 0, -1);
	await(&x, 1, VS_PHASE_HAND);
	x.g.pos.first = 1;
	struct vs_attack_order a[] = { at_figure(&x, "pony", "brute"),
		at_figure(&x, "truck", "brute") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 2, a);
	dice(&x, 1, 3);
	resolve(&x, &o);
	assert_drawn(&x, "truck attacks brute");
	assert_told(&x, "- **pony** does not attack **brute**: it has no rider "
		"or driver (V, Independent).\n"
		"- **truck** strikes **brute**: 3 (d6: 3 +1 (Vehicle) = 4, needs "
		"4): a hit.\n"
		"  - **brute** is defeated: 5 points for blue.\n");
	assert_false(F(&x, "pony")->attacked);
	done(&x);

	/* Red's hand to hand, blue's next: the pony alone touches red's
	 * walker, and blue, with nothing else to fight, goes on to skills. */
	load(&x, arena);
	F(&x, "lancer")->where = VS_DEFEATED;
	F(&x, "lancer")->mount = -1;
	place(&x, "walker", 1800, 3300, 0, 1);
	await(&x, 0, VS_PHASE_HAND);
	dice(&x, 0);
	pass(&x);
	assert_int_equal(x.g.pos.phase, VS_PHASE_SKILL);
	assert_int_equal(x.g.pos.player, 0);
	done(&x);
}

/* V, Flight; VS-73: a figure in flight neither strikes nor is struck
 * hand to hand. */
static void
flier_out_of_reach(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "brute", 2000, 2000, 0, 1);
	place(&x, "bird", 2000, 2100, 0, -1);
	place(&x, "flier", 3000, 2000, 0, 1);
	place(&x, "grunt-1", 3000, 2100, 0, -1);
	F(&x, "bird")->flying = true;
	F(&x, "flier")->flying = true;
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "bird"),
		at_figure(&x, "flier", "grunt-1") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 2, a);
	dice(&x, 0);
	resolve(&x, &o);
	assert_int_equal(x.dice.next, 0);
	assert_told(&x, "- **brute** does not attack **bird**: the target is in "
		"flight (V).\n"
		"- **flier** does not attack **grunt-1**: it is in flight (V).\n");
	assert_false(F(&x, "brute")->attacked);
	assert_false(F(&x, "flier")->attacked);
	done(&x);
}

/* ----------------------------------------------------------- buildings */

/* III, VS-15, VS-72: a building hit saves on 3 or more; on a 2 it is
 * removed whole, and then blocks nothing: the grunt behind it, unseen
 * as the phase began, is seen by the next order (VS-65); a further
 * attack on it is not made. */
static void
building_saves_then_falls(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "wizard", 800, 1200, 0, 1);
	place(&x, "captain", 600, 1200, 0, 1);
	place(&x, "gunner", 350, 1400, 0, 1);
	place(&x, "grunt-1", 350, 2300, 0, -1);
	place(&x, "blaster", 1000, 1200, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[4] = {
		{ .figure = fig(&x, "wizard"), .target = tfeat(&x, "shed") },
		{ .figure = fig(&x, "captain"), .target = tfeat(&x, "shed") },
		at_figure(&x, "gunner", "grunt-1"),
		{ .figure = fig(&x, "blaster"), .target = tfeat(&x, "shed") },
	};
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 4, a);
	dice(&x, 6, 4, 3, 4, 2, 5, 1);
	resolve(&x, &o);
	assert_drawn(&x, "wizard attacks shed", "shed's armour roll",
		"captain attacks shed", "shed's armour roll",
		"gunner attacks grunt-1", "gunner attacks grunt-1");
	assert_told(&x, "- **wizard** fires at **shed**: 4 (d6: 4 +1 (Hero guy) "
		"= 5, needs 5): a hit.\n"
		"  - **shed** saves (d6: 3, needs 3): a miss.\n"
		"- **captain** fires at **shed**: 4 (d6: 4 +1 (Hero guy) = 5, "
		"needs 5): a hit.\n"
		"  - **shed** fails its save (d6: 2, needs 3) and is destroyed "
		"(VS-72).\n"
		"- **gunner** fires at **grunt-1**: 5 and 1, the higher (d6: 5, "
		"needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- **blaster** does not attack **shed**: it has been destroyed.\n");
	const struct vs_feature *shed = &x.g.feature[feat(&x, "shed")];
	assert_true(shed->removed);
	assert_int_equal(shed->hits, 1);
	assert_int_equal(x.g.pieces[feat(&x, "shed")].kind, 0);
	assert_false(F(&x, "blaster")->attacked);
	done(&x);
}

/* The same grunt, the shed standing: no line reaches it (VS-25). */
static void
building_blocks_sight(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "gunner", 350, 1400, 0, 1);
	place(&x, "grunt-1", 350, 2300, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "gunner", "grunt-1") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **gunner** does not attack **grunt-1**: it cannot see "
		"the target (VS-25).\n");
	done(&x);
}

/* ---------------------------------------------------------- re-judging */

/* VS-65: a target defeated by an earlier order of the same step is not
 * attacked, and the figure that would have has not attacked. */
static void
target_gone_by_its_turn(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 2200, 2600, 0, 1);
	place(&x, "gunner", 2400, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "grunt-1"),
		at_figure(&x, "gunner", "grunt-1") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 2, a);
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks grunt-1");
	assert_told(&x, "- **captain** fires at **grunt-1**: 5 (d6: 5 +1 (Hero "
		"guy) = 6, needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- **gunner** does not attack **grunt-1**: the target is no "
		"longer on the playing surface.\n");
	assert_true(F(&x, "captain")->attacked);
	assert_false(F(&x, "gunner")->attacked);
	done(&x);
}

/* VS-65: an attacker gone by its order's turn does not attack.  The
 * horse, struck by fear of the ghost (V, VS-11), flees off the table
 * and its rider goes with it (II), both scoring for blue (VS-46); the
 * rider's own attack, next, is not made. */
static void
attacker_gone_by_its_turn(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "scout", 2000, 1000, 0, 1);
	place(&x, "horse", 2000, 400, 0, 1);
	place(&x, "jockey", 2000, 400, 0, 1);
	place(&x, "ghost", 2000, 500, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "horse", "ghost"),
		at_figure(&x, "jockey", "ghost") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 2, a);
	dice(&x, 1, 1);
	resolve(&x, &o);
	assert_drawn(&x, "horse attacks ghost");
	assert_told(&x, "- **horse** strikes **ghost**: 1 (d6: 1, needs 4): "
		"struck by fear.\n"
		"  - **horse** is struck by fear of **ghost**.\n"
		"  - **horse** is pushed 8.5\" back, off the table.\n"
		"  - **horse** leaves the playing surface by the south edge and is "
		"out of the game: 2 points for blue.\n"
		"  - **jockey** leaves the playing surface by the south edge and "
		"is out of the game: 1 point for blue.\n"
		"- **jockey** does not attack **ghost**: it is no longer on the "
		"playing surface.\n");
	assert_int_equal(F(&x, "horse")->where, VS_OFF);
	assert_int_equal(F(&x, "jockey")->where, VS_OFF);
	assert_int_equal(F(&x, "jockey")->by, 1);
	/* It faced away from the ghost as it fled (V). */
	assert_int_equal(F(&x, "horse")->at.facing.x, 0);
	assert_int_equal(F(&x, "horse")->at.facing.y, -100);
	assert_false(F(&x, "jockey")->attacked);
	assert_int_equal(x.g.player[1].score, 3);
	done(&x);
}

/* VS-68: Inspiration rerolls both dice of automatic fire; the second
 * pair stands. */
static void
inspiration_both_dice(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "gunner", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "gunner", "grunt-1") };
	a[0].reroll = true;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 4, 1, 2, 6, 1);
	resolve(&x, &o);
	assert_drawn(&x, "gunner attacks grunt-1", "gunner attacks grunt-1",
		"gunner attacks grunt-1, rolled again",
		"gunner attacks grunt-1, rolled again");
	assert_told(&x, "- **gunner** fires at **grunt-1**: 1 and 2, the higher "
		"(d6: 2, needs 5): a miss.\n"
		"  - Inspiration: rolled again: 6 and 1, the higher (d6: 6, needs "
		"5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n");
	assert_true(x.g.player[0].inspired);
	done(&x);
}

/* ---------------------------------------------------------- follow-ups */

/* V, Area Effect: two hits allow "a third and final attack", each target
 * within a Half Move Unit of the first (VS-29: grunt-3 is 3" from
 * grunt-1 edge to edge). */
static void
area_effect_third_attack(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "wizard", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "wizard", "grunt-1") };
	a[0].then[0] = tfig(&x, "grunt-2");
	a[0].then[1] = tfig(&x, "grunt-3");
	a[0].nthen = 2;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 3, 4, 4, 6);
	resolve(&x, &o);
	assert_drawn(&x, "wizard attacks grunt-1", "wizard attacks grunt-2",
		"wizard attacks grunt-3");
	assert_told(&x, "- **wizard** fires at **grunt-1**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- Area Effect: **wizard** fires at **grunt-2**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **grunt-2** is defeated: 1 point for red.\n"
		"- Area Effect: **wizard** fires at **grunt-3**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **grunt-3** is defeated: 1 point for red.\n");
	assert_int_equal(x.g.player[0].score, 3);
	done(&x);
}

/* VS-66: an attack succeeds when its roll hits, the armour saving or
 * not; a miss ends the chain, the third target not attacked. */
static void
area_effect_chain_ends_on_a_miss(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "wizard", 2200, 2600, 0, 1);
	place(&x, "knight", 2000, 3400, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "wizard", "knight") };
	a[0].then[0] = tfig(&x, "grunt-1");
	a[0].then[1] = tfig(&x, "grunt-2");
	a[0].nthen = 2;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 3, 4, 5, 3);
	resolve(&x, &o);
	assert_drawn(&x, "wizard attacks knight", "knight's armour roll",
		"wizard attacks grunt-1");
	assert_told(&x, "- **wizard** fires at **knight**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **knight**'s armour (d6: 5, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"- Area Effect: **wizard** fires at **grunt-1**: 3 (d6: 3 +1 (Hero "
		"guy) = 4, needs 5): a miss.\n");
	assert_int_equal(F(&x, "grunt-2")->where, VS_ON);
	done(&x);
}

/* V: Double Strike makes one more attack hand to hand, no third; a
 * figure without Area Effect makes none at a distance. */
static void
follow_ups_need_their_trait(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "brute", 2000, 2000, 0, 1);
	place(&x, "grunt-1", 2000, 2100, 0, -1);
	place(&x, "grunt-2", 2100, 2000, 0, -1);
	place(&x, "grunt-3", 1900, 2000, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "grunt-1") };
	a[0].then[0] = tfig(&x, "grunt-2");
	a[0].then[1] = tfig(&x, "grunt-3");
	a[0].nthen = 2;
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	/* Each defeat brings the brute's Recruit roll: 1 and 2 fail. */
	dice(&x, 4, 4, 1, 6, 2);
	resolve(&x, &o);
	assert_drawn(&x, "brute attacks grunt-1", "brute recruits grunt-1",
		"brute attacks grunt-2", "brute recruits grunt-2");
	assert_told(&x, "- **brute** strikes **grunt-1**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - Recruit: d6: 1, needs 5: it is not recruited.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- Double Strike: **brute** strikes **grunt-2**: 6 (d6: 6, needs "
		"4): a hit.\n"
		"  - Recruit: d6: 2, needs 5: it is not recruited.\n"
		"  - **grunt-2** is defeated: 1 point for red.\n"
		"- Double Strike: **brute** does not attack **grunt-3**: Double "
		"Strike allows no more (V).\n");
	assert_int_equal(F(&x, "grunt-3")->where, VS_ON);
	done(&x);

	load(&x, arena);
	place(&x, "captain", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order b[] = { at_figure(&x, "captain", "grunt-1") };
	b[0].then[0] = tfig(&x, "grunt-2");
	b[0].nthen = 1;
	o = attacks(&x, VS_PHASE_DISTANCE, 1, b);
	dice(&x, 1, 6);
	resolve(&x, &o);
	assert_told(&x, "- **captain** fires at **grunt-1**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- Area Effect: **captain** does not attack **grunt-2**: Area "
		"Effect allows no more (V).\n");
	done(&x);
}

/* ------------------------------------------------------------- Revenge */

/* VS-67: a figure with no distance weapon has no distance Revenge. */
static void
revenge_without_a_weapon(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 1200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "zealot") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 6);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks zealot");
	assert_told(&x, "- **captain** fires at **zealot**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **zealot** is defeated: 3 points for red.\n"
		"  - Revenge: **zealot** cannot strike back: it has no distance "
		"attack.\n");
	assert_int_equal(x.g.player[1].score, 0);
	done(&x);
}

/* V, Recruit and Revenge: a recruited figure was not defeated to stay
 * down, and takes no Revenge; one the Recruit roll fails strikes back
 * hand to hand, as it was defeated (VS-67). */
static void
revenge_and_recruit(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "brute", 2000, 2000, 0, 1);
	place(&x, "zealot", 2000, 2100, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "zealot") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	dice(&x, 2, 4, 5);
	resolve(&x, &o);
	assert_drawn(&x, "brute attacks zealot", "brute recruits zealot");
	assert_told(&x, "- **brute** strikes **zealot**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - Recruit: d6: 5, needs 5: **zealot** joins red, 3 points for "
		"him (VS-46).\n");
	assert_int_equal(F(&x, "zealot")->owner, 0);
	assert_int_equal(F(&x, "brute")->where, VS_ON);
	done(&x);

	load(&x, arena);
	place(&x, "brute", 2000, 2000, 0, 1);
	place(&x, "zealot", 2000, 2100, 0, -1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order b[] = { at_figure(&x, "brute", "zealot") };
	o = attacks(&x, VS_PHASE_HAND, 1, b);
	dice(&x, 3, 4, 4, 4);
	resolve(&x, &o);
	assert_drawn(&x, "brute attacks zealot", "brute recruits zealot",
		"zealot attacks brute");
	assert_told(&x, "- **brute** strikes **zealot**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - Recruit: d6: 4, needs 5: it is not recruited.\n"
		"  - **zealot** is defeated: 3 points for red.\n"
		"- Revenge: **zealot** strikes **brute**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - **brute** is defeated: 5 points for blue.\n");
	assert_int_equal(F(&x, "zealot")->owner, 1);
	assert_int_equal(F(&x, "zealot")->where, VS_DEFEATED);
	assert_int_equal(F(&x, "brute")->where, VS_DEFEATED);
	assert_int_equal(F(&x, "brute")->by, 1);
	assert_int_equal(x.g.player[0].score, 3);
	assert_int_equal(x.g.player[1].score, 5);
	done(&x);
}

/* V, Recruit: the figure "changes sides on the spot", not taken from
 * the table: a recruited rider stays on its mount, a recruited mount
 * keeps its riders, and no figure is left standing on another's base
 * (VS-26). */
static void
recruit_riders_and_mounts(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "brute", 1800, 3300, 0, 1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "lancer") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	dice(&x, 2, 4, 5);
	resolve(&x, &o);
	assert_told(&x, "- **brute** strikes **lancer**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - Recruit: d6: 5, needs 5: **lancer** joins red, 1 point for "
		"him (VS-46).\n"
		"  - It still rides **pony**: it changes sides on the spot "
		"(V).\n");
	assert_int_equal(F(&x, "lancer")->owner, 0);
	assert_int_equal(F(&x, "lancer")->mount, fig(&x, "pony"));
	assert_at(&x, "lancer", 1800, 3400);
	done(&x);

	load(&x, arena);
	place(&x, "brute", 1800, 3300, 0, 1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order b[] = { at_figure(&x, "brute", "pony") };
	o = attacks(&x, VS_PHASE_HAND, 1, b);
	dice(&x, 3, 6, 5, 6);
	resolve(&x, &o);
	assert_drawn(&x, "brute attacks pony", "pony's armour roll",
		"brute recruits pony");
	assert_told(&x, "- **brute** strikes **pony**: 6 (d6: 6, needs 4): a "
		"hit.\n"
		"  - **pony**'s armour (d6: 5, needs 6): fails.\n"
		"  - Recruit: d6: 6, needs 5: **pony** joins red, 2 points for "
		"him (VS-46).\n"
		"  - **lancer** still rides it: it changes sides on the spot "
		"(V).\n");
	assert_int_equal(F(&x, "pony")->owner, 0);
	assert_int_equal(F(&x, "lancer")->owner, 1);
	assert_int_equal(F(&x, "lancer")->mount, fig(&x, "pony"));
	done(&x);
}

/* V, Cause Fear and Revenge (VS-11, VS-67): a Revenge attack whose die
 * shows 2 against a figure with Cause Fear fails; its figure is already
 * defeated and goes nowhere: it is not put off the table, nor scored a
 * second time (VS-46). */
static void
revenge_struck_by_fear(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "terror", 1000, 2800, 0, 1);
	place(&x, "avenger", 1000, 3400, 0, -1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "terror", "avenger") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 5, 2);
	resolve(&x, &o);
	assert_drawn(&x, "terror attacks avenger", "avenger attacks terror");
	assert_told(&x, "- **terror** fires at **avenger**: 5 (d6: 5, needs 5): "
		"a hit.\n"
		"  - **avenger** is defeated: 4 points for red.\n"
		"- Revenge: **avenger** fires at **terror**: 2 (d6: 2, needs 5): "
		"struck by fear.\n");
	assert_int_equal(F(&x, "avenger")->where, VS_DEFEATED);
	assert_int_equal(F(&x, "avenger")->by, 0);
	assert_at(&x, "avenger", 1000, 3400);
	assert_int_equal(x.g.player[0].score, 4);
	done(&x);
}

/* --------------------------------------------------------- Inspiration */

/* VS-68: reroll-armor rerolls the first failed armour roll of the
 * player's own figures in his own decision: here the captain's, struck
 * by the avenger's Revenge; the second roll stands. */
static void
inspiration_armour_on_revenge(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 1000, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "avenger") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	o.reroll_armor = true;
	dice(&x, 4, 6, 5, 1, 5);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks avenger", "avenger attacks captain",
		"captain's armour roll", "captain's armour roll, rolled again");
	assert_told(&x, "- **captain** fires at **avenger**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **avenger** is defeated: 4 points for red.\n"
		"- Revenge: **avenger** fires at **captain**: 5 (d6: 5, needs 5): "
		"a hit.\n"
		"  - **captain**'s armour (d6: 1, needs 4): fails.\n"
		"  - Inspiration: rolled again (d6: 5, needs 4): saves.\n"
		"  - The hit becomes a miss.\n");
	assert_int_equal(F(&x, "captain")->where, VS_ON);
	assert_true(x.g.player[0].inspired);
	assert_int_equal(x.g.player[1].score, 0);
	done(&x);
}

/* V: "the ability is no longer available if the figure with the
 * Inspiration trait is defeated" (VS-68: while one is on the table);
 * and once a round: a player who has used it rerolls nothing more. */
static void
inspiration_limits(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	F(&x, "cleric")->where = VS_DEFEATED;
	place(&x, "captain", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "grunt-1") };
	a[0].reroll = true;
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 1);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks grunt-1");
	assert_told(&x, "- **captain** fires at **grunt-1**: 1 (d6: 1 +1 (Hero "
		"guy) = 2, needs 5): a miss.\n");
	assert_false(x.g.player[0].inspired);
	done(&x);

	load(&x, arena);
	x.g.player[0].inspired = true;
	place(&x, "captain", 2200, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 1);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks grunt-1");
	done(&x);
}

/* -------------------------------------------------------------- Summon */

/* V, Summon; VS-69: 5 or more and the ally is put where the order says,
 * within a Half Move Unit, facing as it did; the horse's rider stays
 * where the horse stood, on foot. The summoner has attacked and made
 * its skill roll for the round. */
static void
summon_a_mount(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "summoner", 1000, 1000, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_orders o = orders(&x, VS_PHASE_DISTANCE);
	struct vs_summon_order sm = { fig(&x, "summoner"), fig(&x, "horse"),
		{ { 1300, 1000 }, { 0, 0 }, NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_drawn(&x, "summoner summons horse");
	assert_told(&x, "- **summoner** summons **horse**: d6: 5, needs 5: it "
		"comes.\n"
		"  - **jockey** stays at (18\", 2\"), on foot.\n"
		"  - **horse** is now at (13\", 10\").\n");
	assert_at(&x, "horse", 1300, 1000);
	assert_int_equal(F(&x, "horse")->at.facing.y, 1);
	assert_at(&x, "jockey", 1800, 200);
	assert_int_equal(F(&x, "jockey")->mount, -1);
	assert_true(F(&x, "summoner")->attacked);
	assert_true(F(&x, "summoner")->skilled);
	assert_false(F(&x, "horse")->fresh);
	done(&x);
}

/* V: on 4 or less nothing happens, and the summoner has still used its
 * attack (VS-69); a place taken leaves the ally where it was. */
static void
summon_fails(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "summoner", 1000, 1000, 0, 1);
	await(&x, 0, VS_PHASE_HAND);
	struct vs_orders o = orders(&x, VS_PHASE_HAND);
	struct vs_summon_order sm = { fig(&x, "summoner"), fig(&x, "walker"),
		{ { 1100, 1000 }, { 0, 0 }, NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 4);
	resolve(&x, &o);
	assert_told(&x, "- **summoner** summons **walker**: d6: 4, needs 5: "
		"nothing happens.\n");
	assert_true(F(&x, "summoner")->attacked);
	assert_at(&x, "walker", 2600, 200);
	done(&x);

	/* Only a figure with the trait summons; none draws a die. */
	load(&x, arena);
	await(&x, 0, VS_PHASE_HAND);
	o = orders(&x, VS_PHASE_HAND);
	sm = (struct vs_summon_order){ fig(&x, "walker"), fig(&x, "scout"),
		{ { 2600, 500 }, { 0, 0 }, NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** cannot summon: it has no Summon "
		"(VS-69).\n");
	assert_false(F(&x, "walker")->attacked);
	done(&x);

	/* The place overlaps the summoner's own base. */
	load(&x, arena);
	place(&x, "summoner", 1000, 1000, 0, 1);
	await(&x, 0, VS_PHASE_SKILL);
	o = orders(&x, VS_PHASE_SKILL);
	sm = (struct vs_summon_order){ fig(&x, "summoner"), fig(&x, "walker"),
		{ { 1050, 1000 }, { 0, 0 }, NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 6);
	resolve(&x, &o);
	assert_told(&x, "- **summoner** summons **walker**: d6: 6, needs 5: it "
		"comes.\n"
		"  - **walker** stays where it is: the place is taken or on a "
		"barrier.\n");
	assert_at(&x, "walker", 2600, 200);
	done(&x);
}

/* VS-69, VS-65: the place is judged within a Half Move Unit of the
 * summoner as it stands when the summons' turn comes: the walker,
 * summoned away by the first order, no longer reaches the place its own
 * order names. */
static void
summon_judged_again(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	F(&x, "walker")->profile.traits |= 1u << VS_SUMMON;
	place(&x, "summoner", 1000, 1000, 0, 1);
	await(&x, 0, VS_PHASE_SKILL);
	struct vs_orders o = orders(&x, VS_PHASE_SKILL);
	struct vs_summon_order sm[2] = {
		{ fig(&x, "summoner"), fig(&x, "walker"),
		  { { 1300, 1000 }, { 0, 0 }, NULL }, NULL },
		{ fig(&x, "walker"), fig(&x, "scout"),
		  { { 2600, 600 }, { 0, 0 }, NULL }, NULL },
	};
	o.summons = sm;
	o.nsummons = 2;
	dice(&x, 2, 5, 6);
	resolve(&x, &o);
	assert_drawn(&x, "summoner summons walker", "walker summons scout");
	assert_told(&x, "- **summoner** summons **walker**: d6: 5, needs 5: it "
		"comes.\n"
		"  - **walker** is now at (13\", 10\").\n"
		"- **walker** summons **scout**: d6: 6, needs 5: it comes.\n"
		"  - **scout** stays where it is: the place is not within a Half "
		"Move Unit of **walker** (VS-69).\n");
	assert_at(&x, "scout", 2000, 200);
	done(&x);
}

/* VS-69: the riders stay where the mount stood, so its new place may
 * not be on them: a place on its own rider's base is taken, and the
 * rider stays mounted. */
static void
summon_onto_its_own_rider(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "summoner", 1800, 600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_orders o = orders(&x, VS_PHASE_DISTANCE);
	struct vs_summon_order sm = { fig(&x, "summoner"), fig(&x, "horse"),
		{ { 1850, 200 }, { 0, 0 }, NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_told(&x, "- **summoner** summons **horse**: d6: 5, needs 5: it "
		"comes.\n"
		"  - **horse** stays where it is: the place is taken or on a "
		"barrier.\n");
	assert_at(&x, "horse", 1800, 200);
	assert_int_equal(F(&x, "jockey")->mount, fig(&x, "horse"));
	done(&x);
}

/* ---------------------------------------------------------- skill rolls */

/* II, Skill Rolls; VS-70: 4 or more, a hero +1, Super-Skill's d10; a
 * rider on its mount makes none ("only if they leave"), and draws no
 * die. */
static void
skill_rolls(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_SKILL);
	struct vs_orders o = orders(&x, VS_PHASE_SKILL);
	struct vs_skill_order sk[] = {
		{ fig(&x, "scout"), "open the gate", NULL },
		{ fig(&x, "walker"), NULL, NULL },
		{ fig(&x, "jockey"), "rope", NULL },
		{ fig(&x, "horse"), NULL, NULL },
	};
	o.skills = sk;
	o.nskills = 4;
	dice(&x, 2, 3, 3);
	resolve(&x, &o);
	assert_drawn(&x, "scout's skill roll", "walker's skill roll");
	assert_int_equal(x.dice.sides[0], 10);
	assert_int_equal(x.dice.sides[1], 6);
	assert_told(&x, "- **scout** makes a skill roll (open the gate): d10: 3 "
		"+1 (Hero guy) = 4, needs 4: it succeeds.\n"
		"- **walker** makes a skill roll: d6: 3, needs 4: it fails.\n"
		"- **jockey** makes no skill roll (VS-70).\n"
		"- **horse** makes no skill roll (VS-70).\n");
	assert_true(F(&x, "scout")->skilled);
	assert_true(F(&x, "walker")->skilled);
	assert_false(F(&x, "jockey")->skilled);
	done(&x);
}

/* A task is the player's words, shown as words: no image, link, tag or
 * table cell of his gets into the report's Markdown (VS-70). */
static void
skill_task_is_words(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_SKILL);
	struct vs_orders o = orders(&x, VS_PHASE_SKILL);
	struct vs_skill_order sk[] = {
		{ fig(&x, "scout"), "see ![x](http://e/a.png) <img src=x> "
		  "**b** | c", NULL },
	};
	o.skills = sk;
	o.nskills = 1;
	dice(&x, 1, 2);
	resolve(&x, &o);
	assert_told(&x, "- **scout** makes a skill roll (see \\!\\[x\\]"
		"\\(http://e/a.png\\) \\<img src\\=x\\> \\*\\*b\\*\\* "
		"\\| c): d10: 2 +1 (Hero guy) = 3, needs 4: it fails.\n");
	done(&x);
}

/* -------------------------------------------------------------- moves */

static struct vs_orders
moving(struct fx *x, int n, struct vs_move_order *m)
{
	struct vs_orders o = orders(x, VS_PHASE_MOVE);

	o.moves = m;
	o.nmoves = n;
	return o;
}

/* II, Movement; VS-26, VS-64: a move measured along its path, then the
 * figure faces as the order says; a turn alone moves nothing. */
static void
move_and_face(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 2600, 800 } };
	struct vs_move_order m[2] = { walk(&x, "walker", 1, path),
		walk(&x, "captain", 0, NULL) };
	m[0].has_facing = true;
	m[0].facing = (struct umpire_pt){ 1, 0 };
	m[1].has_facing = true;
	m[1].facing = (struct umpire_pt){ -1, 0 };
	struct vs_orders o = moving(&x, 2, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 6\", from (26\", 2\") to (26\", 8\").\n"
		"- **captain** turns where it stands.\n");
	assert_at(&x, "walker", 2600, 800);
	assert_int_equal(F(&x, "walker")->at.facing.x, 1);
	assert_int_equal(F(&x, "walker")->at.facing.y, 0);
	assert_at(&x, "captain", 200, 200);
	assert_int_equal(F(&x, "captain")->at.facing.x, -1);
	assert_true(F(&x, "walker")->moved);
	/* Blue moves next (VS-41). */
	assert_int_equal(x.g.pos.phase, VS_PHASE_MOVE);
	assert_int_equal(x.g.pos.player, 1);
	done(&x);
}

/* II: "The rider ... will move along with the cavalry"; a rider that
 * moves on its own gets down (VS-35); "Moving onto a cavalry ... figure
 * is all a guy needs to do to ride" it; VS-57: a rider stands at its
 * mount's centre. */
static void
ride_dismount_board(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt p1[] = { { 1800, 1000 } };
	static const struct umpire_pt p2[] = { { 2000, 1000 } };
	static const struct umpire_pt p3[] = { { 1800, 1000 } };
	struct vs_move_order m[3] = { walk(&x, "horse", 1, p1),
		walk(&x, "jockey", 1, p2), walk(&x, "scout", 1, p3) };
	m[2].board = fig(&x, "horse");
	struct vs_orders o = moving(&x, 3, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **horse** moves 8\", from (18\", 2\") to (18\", 10\").\n"
		"- **jockey** moves 2\", from (18\", 10\") to (20\", 10\").\n"
		"- **scout** moves 8.25\", from (20\", 2\") to (18\", 10\").\n"
		"  - It boards **horse**.\n");
	assert_at(&x, "horse", 1800, 1000);
	assert_at(&x, "jockey", 2000, 1000);
	assert_int_equal(F(&x, "jockey")->mount, -1);
	assert_at(&x, "scout", 1800, 1000);
	assert_int_equal(F(&x, "scout")->mount, fig(&x, "horse"));
	assert_true(F(&x, "jockey")->moved);
	assert_false(F(&x, "jockey")->skilled);
	done(&x);
}

/* V, Flight; VS-73: a move ends in flight or landed as the order says,
 * else as the figure was; and over the wall, a barrier (VS-26). */
static void
flight_after_a_move(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "flier", 3300, 1500, 0, 1);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 3300, 2000 } };
	struct vs_move_order m[1] = { walk(&x, "flier", 1, path) };
	m[0].flying = 1;
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **flier** moves 5\", from (33\", 15\") to (33\", "
		"20\").\n"
		"  - It takes off.\n");
	assert_true(F(&x, "flier")->flying);

	/* Next round, a move that says nothing keeps it flying. */
	F(&x, "flier")->moved = false;
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt p2[] = { { 3300, 2400 } };
	m[0] = walk(&x, "flier", 1, p2);
	o = moving(&x, 1, m);
	resolve(&x, &o);
	assert_told(&x, "- **flier** moves 4\", from (33\", 20\") to (33\", "
		"24\").\n");
	assert_true(F(&x, "flier")->flying);

	/* Said again, it stays in flight. */
	F(&x, "flier")->moved = false;
	await(&x, 0, VS_PHASE_MOVE);
	m[0] = walk(&x, "flier", 0, NULL);
	m[0].flying = 1;
	o = moving(&x, 1, m);
	resolve(&x, &o);
	assert_told(&x, "- **flier** stays where it stands.\n"
		"  - It stays in flight.\n");
	assert_true(F(&x, "flier")->flying);

	F(&x, "flier")->moved = false;
	await(&x, 0, VS_PHASE_MOVE);
	m[0] = walk(&x, "flier", 0, NULL);
	m[0].flying = 0;
	o = moving(&x, 1, m);
	resolve(&x, &o);
	assert_told(&x, "- **flier** stays where it stands.\n"
		"  - It lands.\n");
	assert_false(F(&x, "flier")->flying);
	done(&x);
}

/* II: "Each figure can be moved once" (VS-63): a second move of the
 * same figure in the round is not made. */
static void
moved_once(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt p1[] = { { 2600, 800 } };
	static const struct umpire_pt p2[] = { { 2600, 1400 } };
	struct vs_move_order m[2] = { walk(&x, "walker", 1, p1),
		walk(&x, "walker", 1, p2) };
	struct vs_orders o = moving(&x, 2, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 6\", from (26\", 2\") to (26\", 8\").\n"
		"- **walker** does not move: it has moved this round.\n");
	assert_at(&x, "walker", 2600, 800);
	done(&x);
}

/* VS-27: a path ending off the table takes the figure out of the game,
 * its riders with it (II), scoring for nobody (VS-46); not destroyed
 * (VS-45). */
static void
leave_by_an_edge_with_a_rider(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 1800, -100 } };
	struct vs_move_order m[1] = { walk(&x, "horse", 1, path) };
	m[0].off = VS_SOUTH;
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **horse** moves 3\" from (18\", 2\").\n"
		"  - **horse** leaves the playing surface by the south edge and "
		"is out of the game.\n"
		"  - **jockey** leaves the playing surface by the south edge and "
		"is out of the game.\n");
	for (int k = 0; k < 2; k++) {
		const struct vs_figure *f = F(&x, k ? "jockey" : "horse");
		assert_int_equal(f->where, VS_OFF);
		assert_int_equal(f->left, VS_SOUTH);
		assert_int_equal(f->by, -1);
		assert_int_equal(f->mount, -1);
	}
	assert_int_equal(x.g.player[0].score, 0);
	assert_int_equal(x.g.player[1].score, 0);
	assert_int_equal(vs_destroyed(&x.g), 0);
	done(&x);
}

/* III: "If the figure carrying the object is removed from the playing
 * area, the object falls to the ground": where its path last was on the
 * table (VS-71), not where its move began. */
static void
carried_off_the_table(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	x.g.object[0].holder = fig(&x, "walker");
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 3000, 200 },
		{ 3000, -100 } };
	struct vs_move_order m[1] = { walk(&x, "walker", 2, path) };
	m[0].off = VS_SOUTH;
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 7\" from (26\", 2\").\n"
		"  - **walker** leaves the playing surface by the south edge and "
		"is out of the game.\n"
		"  - It drops **gold** at (30\", 2\").\n");
	assert_int_equal(x.g.object[0].holder, -1);
	assert_int_equal(x.g.object[0].at.x, 3000);
	assert_int_equal(x.g.object[0].at.y, 200);
	done(&x);
}

/* III, VS-71: an object under the base is picked up at the end of the
 * move; its carrier defeated, it lies where the carrier stood. */
static void
pick_up_and_drop(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "walker", 3800, 600, 0, 1);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 4000, 800 } };
	struct vs_move_order m[1] = { walk(&x, "walker", 1, path) };
	m[0].pick[0] = 0;
	m[0].npick = 1;
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 2.83\", from (38\", 6\") to (40\", "
		"8\").\n"
		"  - It picks up **gold**.\n");
	assert_int_equal(x.g.object[0].holder, fig(&x, "walker"));

	place(&x, "avenger", 4000, 1600, 0, -1);
	await(&x, 1, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "avenger", "walker") };
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_told(&x, "- **avenger** fires at **walker**: 5 (d6: 5, needs 5): "
		"a hit.\n"
		"  - **walker** is defeated: 1 point for blue.\n"
		"  - It drops **gold** at (40\", 8\").\n");
	assert_int_equal(x.g.object[0].holder, -1);
	assert_int_equal(x.g.object[0].at.x, 4000);
	assert_int_equal(x.g.object[0].at.y, 800);
	done(&x);
}

/* VS-71: a mount defeated leaves its rider on foot where it stood, and
 * the report says so after the mount's defeat. */
static void
mount_defeated_rider_on_foot(void **state)
{
	(void)state;
	struct fx x;

	load(&x, arena);
	place(&x, "captain", 1800, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "pony") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 6, 1);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks pony", "pony's armour roll");
	assert_told(&x, "- **captain** fires at **pony**: 6 (d6: 6 +1 (Hero guy) "
		"= 7, needs 5): a hit.\n"
		"  - **pony**'s armour (d6: 1, needs 6): fails.\n"
		"  - **pony** is defeated: 2 points for red.\n"
		"  - **lancer** is left on foot at (18\", 34\").\n");
	assert_int_equal(F(&x, "lancer")->mount, -1);
	assert_int_equal(F(&x, "lancer")->where, VS_ON);
	assert_at(&x, "lancer", 1800, 3400);
	done(&x);
}

/* A table of two forces for the scenarios' own ends. */
#define SMALL(scenario, extra)						\
	"umpire: 1\n"							\
	"ruleset: vsgmr\n"						\
	"scenario: " scenario "\n"					\
	"points: any\n"							\
	"players:\n"							\
	"  red: {}\n"							\
	"  blue: {}\n"							\
	"table: {width: 48, depth: 36}\n"				\
	extra								\
	"forces:\n"							\
	"  red:\n"							\
	"    edge: south\n"						\
	"    figures:\n"						\
	"      - {id: captain, type: hero, commander: true, distance: true,\n" \
	"         at: [2, 2], facing: [0, 1]}\n"			\
	"      - {id: walker, type: troop, at: [24, 2], facing: [0, 1]}\n" \
	"      - {id: scout, type: troop, at: [26, 2], facing: [0, 1]}\n" \
	"  blue:\n"							\
	"    edge: north\n"						\
	"    figures:\n"						\
	"      - {id: chief, type: hero, commander: true, at: [2, 34],\n" \
	"         facing: [0, -1]}\n"					\
	"      - {id: grunt, type: troop, at: [40, 34], facing: [0, -1]}\n"

/* VIII, Transport; VS-50: the carrier reaches its player's own edge
 * (its base touching it): he wins at once, and the game is over. */
static void
transport_won(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("transport", "objects:\n  - {id: gold, at: [24, 12]}\n"));
	x.g.object[0].holder = fig(&x, "walker");
	place(&x, "walker", 2400, 300, 0, -1);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 2400, 50 } };
	struct vs_move_order m[1] = { walk(&x, "walker", 1, path) };
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 2.5\", from (24\", 3\") to (24\", "
		"0.5\").\n"
		"- **walker** brings **gold** to red's own edge: red wins (VIII, "
		"Transport).\n");
	assert_true(x.g.won);
	assert_int_equal(x.g.winners, 1u);
	assert_int_equal(x.g.pos.player, -1);
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	long long sc[2];
	vs_final_scores(&x.g, sc);
	assert_int_equal(sc[0], 1);
	assert_int_equal(sc[1], 0);
	done(&x);
}

/* VS-50: a rider carrying the object is brought home by its mount,
 * which "will move along with" it (II): the mount's base touching the
 * edge wins for the rider's player. */
static void
transport_won_riding(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: transport\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"objects:\n"
		"  - {id: gold, at: [24, 12]}\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, at: [2, 2]}\n"
		"      - {id: horse, type: cavalry, at: [24, 3]}\n"
		"      - {id: jockey, type: troop, rides: horse}\n"
		"  blue:\n"
		"    edge: north\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [2, 34]}\n");
	x.g.object[0].holder = fig(&x, "jockey");
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 2400, 50 } };
	struct vs_move_order m[1] = { walk(&x, "horse", 1, path) };
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **horse** moves 2.5\", from (24\", 3\") to (24\", "
		"0.5\").\n"
		"- **jockey** brings **gold** to red's own edge: red wins (VIII, "
		"Transport).\n");
	assert_at(&x, "jockey", 2400, 50);
	assert_true(x.g.won);
	assert_int_equal(x.g.winners, 1u);
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	done(&x);
}

/* VIII, Escape; VS-49: more than half the figures set up across the
 * opposite edge, 2 of 3, wins at once. */
static void
escape_won(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("escape", ""));
	F(&x, "scout")->where = VS_OFF;
	F(&x, "scout")->left = VS_NORTH;
	place(&x, "walker", 2400, 3500, 0, 1);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_pt path[] = { { 2400, 3700 } };
	struct vs_move_order m[1] = { walk(&x, "walker", 1, path) };
	m[0].off = VS_NORTH;
	struct vs_orders o = moving(&x, 1, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **walker** moves 2\" from (24\", 35\").\n"
		"  - **walker** leaves the playing surface by the north edge and "
		"is out of the game.\n"
		"- More than half of a force has escaped across the opposite "
		"edge (VIII, Escape).\n");
	assert_true(x.g.won);
	assert_int_equal(x.g.winners, 1u);
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	done(&x);
}

/* ---------------------------------------------------------------- map */

static const char map[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"points: any\n"
	"players:\n"
	"  red: {}\n"
	"  blue: {}\n"
	"map: {files: 12, ranks: 16, scale: 25mm}\n"
	"features:\n"
	"  - {id: barn, kind: building, squares: [f10, g10]}\n"
	"  - {id: bog, kind: difficult, squares: [j5, j6]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: captain, type: hero, commander: true, at: a1}\n"
	"      - {id: blaster, type: troop, distance: true,\n"
	"         powers: {super-blast: major}, at: c1}\n"
	"      - {id: archer, type: troop, distance: true, at: d1}\n"
	"      - {id: brute, type: troop, at: e1}\n"
	"      - {id: horse, type: cavalry, at: g1}\n"
	"      - {id: jockey, type: troop, rides: horse}\n"
	"  blue:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, at: a16}\n"
	"      - {id: knight, type: troop, armor: heavy, at: c16}\n"
	"      - {id: ghost, type: troop, traits: [cause-fear], at: e16}\n"
	"      - {id: grunt, type: troop, count: 2, at: [g16, h16]}\n";

static void
put_sq(struct fx *x, const char *id, const char *square)
{
	F(x, id)->sq = sq(square);
}

/* VI, Knockback on the map (VS-32): an 8 is one Half Move Unit, 3
 * spaces at 25mm, away from the attacker; the barn (a building, a
 * barrier, VS-34) stops it after 2. */
static void
map_knockback_stopped(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	put_sq(&x, "blaster", "f3");
	put_sq(&x, "knight", "f7");
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 8, 4);
	resolve(&x, &o);
	assert_drawn(&x, "blaster attacks knight", "knight's armour roll");
	assert_told(&x, "- **blaster** fires at **knight**, at Short Range: "
		"8 (d10: 8, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 1 Half Move Unit.\n"
		"  - **knight** is pushed back 2 of 3 spaces, from f7 to f9, "
		"stopped by barn.\n");
	assert_sq(&x, "knight", "f9");
	done(&x);

	/* A figure of any side stops it too (VS-28). */
	load(&x, map);
	put_sq(&x, "blaster", "c3");
	put_sq(&x, "knight", "c7");
	put_sq(&x, "grunt-1", "c9");
	await(&x, 0, VS_PHASE_DISTANCE);
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 8, 4);
	resolve(&x, &o);
	assert_told(&x, "- **blaster** fires at **knight**, at Short Range: "
		"8 (d10: 8, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 4, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 1 Half Move Unit.\n"
		"  - **knight** is pushed back 1 of 3 spaces, from c7 to c8, "
		"stopped by **grunt-1**.\n");
	assert_sq(&x, "knight", "c8");
	done(&x);
}

/* A 9 is 2 Half Move Units, 6 spaces: from c14 off the north edge,
 * scoring for the attacker (VS-46). */
static void
map_knockback_off(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	put_sq(&x, "blaster", "c10");
	put_sq(&x, "knight", "c14");
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "blaster", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 9, 5);
	resolve(&x, &o);
	assert_told(&x, "- **blaster** fires at **knight**, at Short Range: "
		"9 (d10: 9, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 5, needs 4): saves.\n"
		"  - The hit becomes a miss.\n"
		"  - Knockback: 2 Half Move Units.\n"
		"  - **knight** is pushed back from c14, off the map.\n"
		"  - **knight** leaves the playing surface by the north edge and "
		"is out of the game: 3 points for red.\n");
	assert_int_equal(F(&x, "knight")->where, VS_OFF);
	assert_int_equal(F(&x, "knight")->left, VS_NORTH);
	assert_int_equal(x.g.player[0].score, 3);
	done(&x);
}

/* V, Cause Fear on the map: a Move Unit (6 spaces) away from the ghost;
 * starting in the bog, difficult ground, halved to 3 (VS-33). */
static void
map_fear_in_difficult_ground(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	put_sq(&x, "archer", "j6");
	put_sq(&x, "ghost", "j10");
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "archer", "ghost") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 1);
	resolve(&x, &o);
	assert_told(&x, "- **archer** fires at **ghost**, at Short Range: "
		"1 (d6: 1, needs 5): "
		"struck by fear.\n"
		"  - **archer** is struck by fear of **ghost**.\n"
		"  - **archer** is pushed back 3 of 6 spaces, from j6 to j3.\n");
	assert_sq(&x, "archer", "j3");
	assert_true(F(&x, "archer")->attacked);
	done(&x);
}

/* IX, VS-38: hand to hand needs adjacent spaces, a corner's too. */
static void
map_adjacency(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	put_sq(&x, "brute", "e8");
	put_sq(&x, "grunt-1", "f9");
	put_sq(&x, "captain", "a8");
	put_sq(&x, "grunt-2", "a10");
	await(&x, 0, VS_PHASE_HAND);
	struct vs_attack_order a[] = { at_figure(&x, "brute", "grunt-1"),
		at_figure(&x, "captain", "grunt-2") };
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 2, a);
	dice(&x, 1, 4);
	resolve(&x, &o);
	assert_drawn(&x, "brute attacks grunt-1");
	assert_told(&x, "- **brute** strikes **grunt-1**: 4 (d6: 4, needs 4): a "
		"hit.\n"
		"  - **grunt-1** is defeated: 1 point for red.\n"
		"- **captain** does not attack **grunt-2**: the target is not "
		"adjacent (VS-38).\n");
	done(&x);
}

/* IX, VS-35: a move is the spaces stepped; a mount's rider moves with
 * it on the same space of it. */
static void
map_moves(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	await(&x, 0, VS_PHASE_MOVE);
	static const struct umpire_square s1[] = { { 5, 2 }, { 5, 3 },
		{ 5, 4 } };
	static const struct umpire_square s2[] = { { 8, 2 }, { 8, 3 } };
	struct vs_move_order m[2] = { step(&x, "brute", 3, s1),
		step(&x, "horse", 2, s2) };
	struct vs_orders o = moving(&x, 2, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- **brute** moves 3 spaces, from e1 to e4.\n"
		"- **horse** moves 2 spaces, from g1 to h3.\n");
	assert_sq(&x, "brute", "e4");
	assert_sq(&x, "horse", "h3");
	assert_sq(&x, "jockey", "h3");
	assert_int_equal(F(&x, "jockey")->mount, fig(&x, "horse"));
	done(&x);
}

/* VS-67 on the map: the defeated figure strikes back from the space
 * where it fell, judged by the map's range and sight (VS-39, VS-40). */
static void
map_revenge(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	F(&x, "knight")->profile.traits |= 1u << VS_REVENGE;
	F(&x, "knight")->profile.distance = true;
	put_sq(&x, "archer", "d5");
	put_sq(&x, "knight", "d9");
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "archer", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 3, 5, 1, 6);
	resolve(&x, &o);
	assert_drawn(&x, "archer attacks knight", "knight's armour roll",
		"knight attacks archer");
	assert_told(&x, "- **archer** fires at **knight**, at Short Range: "
		"5 (d6: 5, needs 5): "
		"a hit.\n"
		"  - **knight**'s armour (d6: 1, needs 4): fails.\n"
		"  - **knight** is defeated: 3 points for red.\n"
		"- Revenge: **knight** fires at **archer**, at Short Range: "
		"6 (d6: 6, needs 5): a "
		"hit.\n"
		"  - **archer** is defeated: 2 points for blue.\n");
	assert_int_equal(F(&x, "knight")->where, VS_DEFEATED);
	assert_int_equal(F(&x, "archer")->where, VS_DEFEATED);
	assert_int_equal(x.g.player[1].score, 2);
	done(&x);
}

/* VS-40: Short Range (10 spaces at 25mm) changes nothing but is
 * reported; at 11 spaces, Long Range, the attack is reported as ever. */
static void
map_short_range_reported(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	put_sq(&x, "archer", "d4");
	put_sq(&x, "knight", "d14");
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "archer", "knight") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 4);
	resolve(&x, &o);
	assert_told(&x, "- **archer** fires at **knight**, at Short Range: "
		"4 (d6: 4, needs 5): a miss.\n");
	done(&x);

	load(&x, map);
	put_sq(&x, "archer", "d3");
	put_sq(&x, "knight", "d14");
	await(&x, 0, VS_PHASE_DISTANCE);
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 4);
	resolve(&x, &o);
	assert_told(&x, "- **archer** fires at **knight**: 4 (d6: 4, needs 5): "
		"a miss.\n");
	done(&x);
}

/* VS-69 on the map: a summoned mount is put on a space it may stand on;
 * its rider stays on the space it had, on foot; a space held, or the
 * barn's, is refused. */
static void
map_summon(void **state)
{
	(void)state;
	struct fx x;

	load(&x, map);
	F(&x, "captain")->profile.traits |= 1u << VS_SUMMON;
	put_sq(&x, "captain", "g3");
	await(&x, 0, VS_PHASE_SKILL);
	struct vs_orders o = orders(&x, VS_PHASE_SKILL);
	struct vs_summon_order sm = { fig(&x, "captain"), fig(&x, "horse"),
		{ { 0, 0 }, sq("g2"), NULL }, NULL };
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 5);
	resolve(&x, &o);
	assert_told(&x, "- **captain** summons **horse**: d6: 5, needs 5: it "
		"comes.\n"
		"  - **jockey** stays at g1, on foot.\n"
		"  - **horse** is now at g2.\n");
	assert_sq(&x, "horse", "g2");
	assert_sq(&x, "jockey", "g1");
	assert_int_equal(F(&x, "jockey")->mount, -1);
	done(&x);

	load(&x, map);
	F(&x, "captain")->profile.traits |= 1u << VS_SUMMON;
	put_sq(&x, "captain", "g3");
	await(&x, 0, VS_PHASE_SKILL);
	o = orders(&x, VS_PHASE_SKILL);
	sm.place.sq = sq("g1");		/* its own rider's space */
	o.summons = &sm;
	o.nsummons = 1;
	dice(&x, 1, 6);
	resolve(&x, &o);
	assert_told(&x, "- **captain** summons **horse**: d6: 6, needs 5: it "
		"comes.\n"
		"  - **horse** stays where it is: the space is taken or not one "
		"to stand on.\n");
	assert_sq(&x, "horse", "g1");
	assert_int_equal(F(&x, "jockey")->mount, fig(&x, "horse"));
	done(&x);
}

/* VS-44, III: a figure touching the building may strike it hand to
 * hand, so its player is awaited in that phase though no enemy is near;
 * the keep's save failing is a successful hit (VS-53). */
static void
fortress_struck_hand_to_hand(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: fortress-assault\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"features:\n"
		"  - {id: keep, does: [barrier, cover], corner: [20, 26], "
		"size: [8, 4]}\n"
		"building: keep\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    team: assaulter\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, at: [24, 2],\n"
		"         facing: [0, 1]}\n"
		"  blue:\n"
		"    edge: north\n"
		"    team: defender\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [24, 32],\n"
		"         facing: [0, -1]}\n");
	place(&x, "captain", 2400, 2550, 0, 1);
	await(&x, 1, VS_PHASE_MOVE);
	dice(&x, 0);
	pass(&x);
	assert_int_equal(x.g.pos.phase, VS_PHASE_HAND);
	assert_int_equal(x.g.pos.player, 0);

	struct vs_attack_order a[1] = {
		{ .figure = fig(&x, "captain"), .target = tfeat(&x, "keep") },
	};
	struct vs_orders o = attacks(&x, VS_PHASE_HAND, 1, a);
	dice(&x, 2, 3, 1);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks keep", "keep's armour roll");
	assert_told(&x, "- **captain** strikes **keep**: 3 (d6: 3 +1 (Hero guy) "
		"= 4, needs 4): a hit.\n"
		"  - **keep** fails its save (d6: 1, needs 3): hit 1 of 2.\n");
	assert_int_equal(x.g.feature[feat(&x, "keep")].hits, 1);
	assert_false(x.g.feature[feat(&x, "keep")].removed);
	assert_false(x.g.won);
	/* Blue's chief, 2" from the keep, has nothing to fight: skills. */
	assert_int_equal(x.g.pos.phase, VS_PHASE_SKILL);
	assert_int_equal(x.g.pos.player, 0);
	done(&x);
}

/* VIII, Fortress Assault; VS-53: every Assaulter figure defeated, the
 * Defenders win, the building standing. */
static void
fortress_holds(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: fortress-assault\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"features:\n"
		"  - {id: keep, does: [barrier, cover], corner: [20, 26], "
		"size: [8, 4]}\n"
		"building: keep\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    team: assaulter\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, at: [24, 2],\n"
		"         facing: [0, 1]}\n"
		"  blue:\n"
		"    edge: north\n"
		"    team: defender\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, distance: true,\n"
		"         at: [24, 32], facing: [0, -1]}\n");
	x.g.feature[feat(&x, "keep")].hits = 1;
	place(&x, "chief", 1000, 2000, 0, -1);
	place(&x, "captain", 1000, 1200, 0, 1);
	await(&x, 1, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "chief", "captain") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 2, 6, 2);
	resolve(&x, &o);
	assert_told(&x, "- **chief** fires at **captain**: 6 (d6: 6 +1 (Hero "
		"guy) = 7, needs 5): a hit.\n"
		"  - **captain**'s armour (d6: 2, needs 4): fails.\n"
		"  - **captain** is defeated: 2 points for blue.\n"
		"- Every Assaulter is defeated (VIII, Fortress Assault).\n");
	assert_true(x.g.won);
	assert_int_equal(x.g.winners, 2u);
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	long long sc[2];
	vs_final_scores(&x.g, sc);
	assert_int_equal(sc[0], 0);
	assert_int_equal(sc[1], 1);
	done(&x);
}

/* ----------------------------------------------------------- the round */

/* II, VS-41 to VS-45: a whole round with everybody passing.  Red wins
 * the initiative and starts; blue has no distance weapon and nobody
 * touches anybody, so blue's distance part and both hand to hand parts
 * are passed over (VS-44); at the round's end what a round allows is
 * allowed again, and the next initiative is rolled. */
static void
a_round_of_passes(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("basic", ""));
	dice(&x, 2, 5, 2);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_told(&x, "- Initiative for round 1: red 5; blue 2; red wins.\n"
		"- Round 1 begins.\n");
	struct vs_orders o = orders(&x, VS_PHASE_INITIATIVE);
	o.first = 0;
	dice(&x, 0);
	resolve(&x, &o);
	assert_told(&x, "- red chooses himself to start round 1.\n");
	static const struct { enum vs_phase phase; int player; } want[] = {
		{ VS_PHASE_MOVE, 0 }, { VS_PHASE_MOVE, 1 },
		{ VS_PHASE_DISTANCE, 0 }, { VS_PHASE_SKILL, 0 },
		{ VS_PHASE_SKILL, 1 },
	};
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		assert_int_equal(x.g.pos.round, 1);
		assert_int_equal(x.g.pos.phase, want[k].phase);
		assert_int_equal(x.g.pos.player, want[k].player);
		if (k + 1 < sizeof(want) / sizeof(want[0])) {
			pass(&x);
			assert_told(&x, umpire_arena_printf(&x.a,
				"- %s does nothing.\n", want[k].player ? "blue" :
				"red"));
		}
	}
	/* What this round did is undone as the next begins (II). */
	struct vs_figure *w = F(&x, "walker");
	w->moved = w->attacked = w->skilled = w->fresh = true;
	x.g.player[0].inspired = true;
	dice(&x, 2, 1, 6);
	pass(&x);
	assert_drawn(&x, "red's initiative", "blue's initiative");
	assert_told(&x, "- blue does nothing.\n"
		"- Initiative for round 2: red 1; blue 6; blue wins.\n"
		"- Round 2 begins.\n");
	assert_false(w->moved || w->attacked || w->skilled || w->fresh);
	assert_false(x.g.player[0].inspired);
	assert_int_equal(x.g.player[0].roll, 1);
	assert_int_equal(x.g.player[1].roll, 6);
	assert_int_equal(x.g.pos.round, 2);
	assert_int_equal(x.g.pos.phase, VS_PHASE_INITIATIVE);
	assert_int_equal(x.g.pos.player, 1);
	assert_int_equal(x.g.pos.winner, 1);
	done(&x);
}

/* VS-14: a player adds the highest Super-Move bonus among his figures
 * on the table (Major: +2), in the roll-off too. */
static void
initiative_super_move(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("basic", ""));
	F(&x, "walker")->profile.power[VS_SUPER_MOVE] = VS_MAJOR;
	F(&x, "scout")->profile.power[VS_SUPER_MOVE] = VS_MINOR;
	dice(&x, 4, 3, 5, 1, 4);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_told(&x, "- Initiative for round 1: red 3 +2 (Super-Move) = 5; "
		"blue 5; a tie, rolled again: red 1 +2 (Super-Move) = 3; blue 4; "
		"blue wins.\n- Round 1 begins.\n");
	assert_int_equal(x.g.player[0].roll, 3);
	assert_int_equal(x.g.pos.player, 1);
	done(&x);
}

/* VS-42, VS-43, VS-45: a player whose figures have all left the table
 * is not destroyed, rolls for nothing and takes no turn; alone to roll,
 * red's choice of who starts is made for him. */
static void
gone_players_passed_over(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("basic", ""));
	F(&x, "chief")->where = VS_OFF;
	F(&x, "grunt")->where = VS_OFF;
	dice(&x, 1, 4);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_drawn(&x, "red's initiative");
	assert_told(&x, "- Initiative for round 1: red 4; red wins.\n"
		"- Round 1 begins.\n");
	assert_int_equal(vs_destroyed(&x.g), 0);
	assert_int_equal(x.g.pos.phase, VS_PHASE_MOVE);
	assert_int_equal(x.g.pos.player, 0);
	assert_int_equal(x.g.pos.first, 0);
	dice(&x, 0);
	pass(&x);
	/* Blue is not awaited in movement: red's distance comes next. */
	assert_int_equal(x.g.pos.phase, VS_PHASE_DISTANCE);
	assert_int_equal(x.g.pos.player, 0);
	done(&x);
}

/* II, VS-45: "When 5 rounds are finished" the game is over, with no
 * initiative rolled; II's points rank the players (VS-46). */
static void
over_after_round_five(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("basic", ""));
	await(&x, 1, VS_PHASE_SKILL);
	x.g.pos.round = 5;
	x.g.player[0].score = 1;
	x.g.player[1].score = 3;
	dice(&x, 0);
	pass(&x);
	assert_int_equal(x.dice.next, 0);
	assert_int_equal(x.g.pos.player, -1);
	assert_int_equal(x.g.pos.over, VS_OVER_ROUNDS);
	long long sc[2];
	vs_final_scores(&x.g, sc);
	assert_int_equal(sc[0], 1);
	assert_int_equal(sc[1], 3);
	static const char *const seats[] = { "red", "blue" };
	struct umpire_result r;
	umpire_result_init(&r, &x.a, seats, 2);
	umpire_result_end(&r, 40, "round 5 is over");
	assert_int_equal(vs_result_rank(&r, sc, 2), 0);
	assert_int_equal(r.v[0].rank, 2);
	assert_int_equal(r.v[1].rank, 1);
	done(&x);
}

/* VS-45: a step that leaves a player's force destroyed ends the game at
 * once: blue's distance and the rest of the round are not played. */
static void
destroyed_force_ends_the_game(void **state)
{
	(void)state;
	struct fx x;

	load(&x, SMALL("basic", ""));
	F(&x, "chief")->where = VS_DEFEATED;
	F(&x, "chief")->by = 0;
	place(&x, "captain", 4000, 2600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "grunt") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 6);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks grunt");
	assert_int_equal(vs_destroyed(&x.g), 2u);
	assert_int_equal(x.g.pos.player, -1);
	assert_int_equal(x.g.pos.over, VS_OVER_FALLEN);
	assert_int_equal(x.g.player[0].score, 1);
	done(&x);
}

/* -------------------------------------------------------- the scenarios */

static const char ambush[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"scenario: ambush\n"
	"points: any\n"
	"players:\n"
	"  red: {}\n"
	"  blue: {}\n"
	"table: {width: 48, depth: 36}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    team: ambusher\n"
	"    figures:\n"
	"      - {id: captain, type: hero, commander: true, distance: true,\n"
	"         at: [20, 20], facing: [0, 1]}\n"
	"  blue:\n"
	"    edge: north\n"
	"    team: target\n"
	"    figures:\n"
	"      - {id: chief, type: hero, commander: true, at: [20, 30],\n"
	"         facing: [0, -1]}\n"
	"      - {id: grunt, type: troop, at: [22, 30], facing: [0, -1]}\n";

/* VS-14: Ambushers add 1 to initiative, in the roll-off too. */
static void
ambush_initiative(void **state)
{
	(void)state;
	struct fx x;

	load(&x, ambush);
	dice(&x, 4, 3, 4, 2, 1);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_told(&x, "- Initiative for round 1: red 3 +1 (Ambusher) = 4; "
		"blue 4; a tie, rolled again: red 2 +1 (Ambusher) = 3; blue 1; "
		"red wins.\n- Round 1 begins.\n");
	assert_int_equal(x.g.player[0].roll, 3);
	done(&x);
}

/* VIII, Ambush; VS-52: over when every figure of one side is defeated;
 * no winner is named, so points decide by side (VS-48). */
static void
ambush_ends(void **state)
{
	(void)state;
	struct fx x;

	load(&x, ambush);
	F(&x, "chief")->where = VS_DEFEATED;
	F(&x, "chief")->by = 0;
	x.g.player[0].score = 2;
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "grunt") };
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 4);
	resolve(&x, &o);
	assert_told(&x, "- **captain** fires at **grunt**: 4 (d6: 4 +1 (Hero "
		"guy) = 5, needs 5): a hit.\n"
		"  - **grunt** is defeated: 1 point for red.\n"
		"- Every figure of one side is defeated (VIII, Ambush).\n");
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	assert_int_equal(x.g.pos.player, -1);
	assert_false(x.g.won);
	long long sc[2];
	vs_final_scores(&x.g, sc);
	assert_int_equal(sc[0], 3);
	assert_int_equal(sc[1], 0);
	done(&x);
}

/* VIII, Fortress Assault; VS-53: with one Assaulter the building falls
 * at its 2nd successful hit, and the Assaulters win at once. */
static void
fortress_falls(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: fortress-assault\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"features:\n"
		"  - {id: keep, does: [barrier, cover], corner: [20, 26], "
		"size: [8, 4]}\n"
		"building: keep\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    team: assaulter\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, distance: true,\n"
		"         at: [24, 2], facing: [0, 1]}\n"
		"      - {id: gunner, type: troop, distance: true, automatic: true,\n"
		"         at: [26, 2], facing: [0, 1]}\n"
		"  blue:\n"
		"    edge: north\n"
		"    team: defender\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [24, 32],\n"
		"         facing: [0, -1]}\n");
	place(&x, "captain", 2400, 1600, 0, 1);
	place(&x, "gunner", 2600, 1600, 0, 1);
	await(&x, 0, VS_PHASE_DISTANCE);
	struct vs_attack_order a[2] = {
		{ .figure = fig(&x, "captain"), .target = tfeat(&x, "keep") },
		{ .figure = fig(&x, "gunner"), .target = tfeat(&x, "keep") },
	};
	struct vs_orders o = attacks(&x, VS_PHASE_DISTANCE, 2, a);
	dice(&x, 5, 4, 1, 5, 2, 2);
	resolve(&x, &o);
	assert_drawn(&x, "captain attacks keep", "keep's armour roll",
		"gunner attacks keep", "gunner attacks keep", "keep's armour roll");
	assert_told(&x, "- **captain** fires at **keep**: 4 (d6: 4 +1 (Hero guy) "
		"= 5, needs 5): a hit.\n"
		"  - **keep** fails its save (d6: 1, needs 3): hit 1 of 2.\n"
		"- **gunner** fires at **keep**: 5 and 2, the higher (d6: 5, needs "
		"5): a hit.\n"
		"  - **keep** fails its save (d6: 2, needs 3): hit 2 of 2.\n"
		"  - **keep** falls.\n"
		"- The building has fallen (VIII, Fortress Assault).\n");
	assert_int_equal(x.g.feature[feat(&x, "keep")].hits, 2);
	assert_true(x.g.feature[feat(&x, "keep")].removed);
	assert_true(x.g.won);
	assert_int_equal(x.g.winners, 1u);
	assert_int_equal(x.g.pos.over, VS_OVER_SCENARIO);
	long long sc[2];
	vs_final_scores(&x.g, sc);
	assert_int_equal(sc[0], 1);
	assert_int_equal(sc[1], 0);
	done(&x);
}

/* VIII, Spawning; VS-51: the Spawner's die is rolled as his movement
 * comes up, shown before it; a 2 is the side to his right (seen from
 * the north edge, the west); his spawn order puts a waiting figure in. */
static void
spawning(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: spawning\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    team: infiltrator\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, distance: true,\n"
		"         at: [24, 2], facing: [0, 1]}\n"
		"  blue:\n"
		"    edge: north\n"
		"    team: spawner\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [24, 34],\n"
		"         facing: [0, -1]}\n"
		"      - {id: grunt, type: troop, count: 2, waiting: true}\n");
	await(&x, 0, VS_PHASE_MOVE);
	dice(&x, 1, 2);
	pass(&x);
	assert_drawn(&x, "blue's spawning die");
	assert_told(&x, "- red does nothing.\n"
		"- blue's spawning die: 2: a figure comes on the right side.\n");
	assert_int_equal(x.g.pos.phase, VS_PHASE_MOVE);
	assert_int_equal(x.g.pos.player, 1);
	assert_int_equal(x.g.player[1].spawn, 2);

	struct vs_orders o = orders(&x, VS_PHASE_MOVE);
	o.has_spawn = true;
	o.spawn_figure = fig(&x, "grunt-1");
	o.spawn_place = (struct vs_place){ { 100, 2000 }, { 0, 0 }, NULL };
	o.spawn_has_facing = true;
	o.spawn_facing = (struct umpire_pt){ 1, 0 };
	static const struct umpire_pt path[] = { { 500, 2000 } };
	struct vs_move_order m[1] = { walk(&x, "grunt-1", 1, path) };
	o.moves = m;
	o.nmoves = 1;
	dice(&x, 0);
	resolve(&x, &o);
	/* "immediately able to move and attack" (VIII). */
	assert_told(&x, "- **grunt-1** comes into the game at (1\", 20\").\n"
		"- **grunt-1** moves 4\", from (1\", 20\") to (5\", 20\").\n");
	assert_int_equal(F(&x, "grunt-1")->where, VS_ON);
	assert_at(&x, "grunt-1", 500, 2000);
	assert_true(F(&x, "grunt-1")->moved);
	assert_int_equal(F(&x, "grunt-1")->at.facing.x, 1);
	assert_int_equal(F(&x, "grunt-2")->where, VS_WAITING);
	assert_int_equal(x.g.player[1].spawn, 0);
	/* Red's distance attack comes next; blue has none. */
	assert_int_equal(x.g.pos.phase, VS_PHASE_DISTANCE);
	assert_int_equal(x.g.pos.player, 0);
	done(&x);
}

/* VS-51: a 6 brings nobody; the die was for that movement only, and
 * is not kept once it is over. */
static void
spawning_six(void **state)
{
	(void)state;
	struct fx x;

	load(&x,
		"umpire: 1\n"
		"ruleset: vsgmr\n"
		"scenario: spawning\n"
		"points: any\n"
		"players:\n"
		"  red: {}\n"
		"  blue: {}\n"
		"table: {width: 48, depth: 36}\n"
		"forces:\n"
		"  red:\n"
		"    edge: south\n"
		"    team: infiltrator\n"
		"    figures:\n"
		"      - {id: captain, type: hero, commander: true, distance: true,\n"
		"         at: [24, 2], facing: [0, 1]}\n"
		"  blue:\n"
		"    edge: north\n"
		"    team: spawner\n"
		"    figures:\n"
		"      - {id: chief, type: hero, commander: true, at: [24, 34],\n"
		"         facing: [0, -1]}\n"
		"      - {id: grunt, type: troop, count: 2, waiting: true}\n");
	await(&x, 0, VS_PHASE_MOVE);
	dice(&x, 1, 6);
	pass(&x);
	assert_told(&x, "- red does nothing.\n"
		"- blue's spawning die: 6: no figure comes this turn.\n");
	assert_int_equal(x.g.player[1].spawn, 6);
	dice(&x, 0);
	pass(&x);
	assert_told(&x, "- blue does nothing.\n");
	assert_int_equal(x.g.player[1].spawn, 0);
	assert_int_equal(x.g.pos.phase, VS_PHASE_DISTANCE);
	done(&x);
}

/* ---------------------------------------------------------- solo play */

/* X, VS-54: the side that acts first is found once, by a bare d6 each;
 * then each side's activation die as every round begins (VS-16). */
static void
solo_sequence(void **state)
{
	(void)state;
	struct fx x;
	char text[4096];

	snprintf(text, sizeof(text), "%s", SMALL("basic", ""));
	char *blue = strstr(text, "    edge: north\n");
	memmove(blue + 14, blue, strlen(blue) + 1);
	memcpy(blue, "    bot: true\n", 14);
	load(&x, text);
	assert_true(x.g.pos.solo);
	dice(&x, 4, 4, 2, 3, 6);
	assert_int_equal(vs_advance(&x.g, &x.roller, &x.tell), VS_DECIDE);
	assert_drawn(&x, "red's initiative", "blue's initiative",
		"red's activation", "blue's activation");
	/* Red: 3 figures worth 5 points (the captain 3); blue: 2, and
	 * none defeated to bring back. */
	assert_told(&x, "- Initiative for round 1: red 4; blue 2; red wins.\n"
		"- Round 1 begins.\n"
		"- red's activation die: 3: 2 figures, or figures worth 2 "
		"points.\n"
		"- blue's activation die: 6: 2 figures.\n");
	assert_int_equal(x.g.pos.phase, VS_PHASE_MOVE);
	assert_int_equal(x.g.pos.player, 0);
	assert_int_equal(x.g.pos.first, 0);
	assert_int_equal(x.g.player[0].activation, 3);
	/* Its bounds, from the figures on the table as it was rolled
	 * (VS-78): a 6 has no points bound. */
	assert_int_equal(x.g.player[0].most, 2);
	assert_int_equal(x.g.player[0].most_points, 2);
	assert_int_equal(x.g.player[1].most, 2);
	assert_int_equal(x.g.player[1].most_points, 0);
	assert_false(x.g.player[1].owed);
	done(&x);
}

/* X, VS-16: the figures a solo side activates are counted as they
 * take their first action of the round, with their points, for the
 * activation die's limit; a figure acting again counts no more. */
static void
solo_activations_counted(void **state)
{
	(void)state;
	struct fx x;
	char text[4096];

	snprintf(text, sizeof(text), "%s", SMALL("basic", ""));
	char *blue = strstr(text, "    edge: north\n");
	memmove(blue + 14, blue, strlen(blue) + 1);
	memcpy(blue, "    bot: true\n", 14);
	load(&x, text);
	await(&x, 0, VS_PHASE_MOVE);
	x.g.player[0].activation = 3;
	static const struct umpire_pt path[] = { { 2400, 600 } };
	struct vs_move_order m[2] = { walk(&x, "walker", 1, path),
		walk(&x, "captain", 0, NULL) };
	m[1].has_facing = true;
	m[1].facing = (struct umpire_pt){ 1, 1 };
	struct vs_orders o = moving(&x, 2, m);
	dice(&x, 0);
	resolve(&x, &o);
	assert_int_equal(x.g.player[0].active, 2);
	assert_int_equal(x.g.player[0].active_points, 4);
	assert_int_equal(x.g.player[1].active, 0);

	await(&x, 0, VS_PHASE_DISTANCE);
	place(&x, "captain", 4000, 2600, 0, 1);
	struct vs_attack_order a[] = { at_figure(&x, "captain", "grunt") };
	o = attacks(&x, VS_PHASE_DISTANCE, 1, a);
	dice(&x, 1, 1);
	resolve(&x, &o);
	assert_int_equal(x.g.player[0].active, 2);
	assert_int_equal(x.g.player[0].active_points, 4);
	done(&x);
}

/* X: a 6 brings back a defeated figure, placed with the side's skill
 * orders (VS-54), which it is awaited for. */
static void
solo_six_brings_one_back(void **state)
{
	(void)state;
	struct fx x;
	char text[4096];

	snprintf(text, sizeof(text), "%s", SMALL("basic", ""));
	char *blue = strstr(text, "    edge: north\n");
	memmove(blue + 14, blue, strlen(blue) + 1);
	memcpy(blue, "    bot: true\n", 14);
	load(&x, text);
	F(&x, "grunt")->where = VS_DEFEATED;
	F(&x, "grunt")->by = 0;
	await(&x, 1, VS_PHASE_SKILL);
	x.g.pos.round = 1;
	x.g.pos.winner = 0;
	dice(&x, 2, 5, 6);
	pass(&x);
	assert_drawn(&x, "red's activation", "blue's activation");
	assert_told(&x, "- blue does nothing.\n"
		"- Round 2 begins.\n"
		"- red's activation die: 5: 3 figures.\n"
		"- blue's activation die: 6: 1 figure, and a defeated figure comes "
		"back.\n");
	assert_true(x.g.player[1].owed);
	assert_int_equal(x.g.pos.round, 2);

	await(&x, 1, VS_PHASE_SKILL);
	x.g.pos.round = 2;
	struct vs_orders o = orders(&x, VS_PHASE_SKILL);
	o.has_return = true;
	o.return_figure = fig(&x, "grunt");
	o.return_place = (struct vs_place){ { 4000, 3300 }, { 0, 0 }, NULL };
	dice(&x, 2, 1, 1);
	resolve(&x, &o);
	assert_drawn(&x, "red's activation", "blue's activation");
	assert_told(&x, "- **grunt** comes back at (40\", 33\") (X).\n"
		"- Round 3 begins.\n"
		"- red's activation die: 1: 1 figure.\n"
		"- blue's activation die: 1: 1 figure.\n");
	assert_int_equal(F(&x, "grunt")->where, VS_ON);
	assert_int_equal(F(&x, "grunt")->by, -1);
	assert_false(x.g.player[1].owed);
	/* A 1: one figure (VS-78). */
	assert_int_equal(x.g.player[1].most, 1);
	done(&x);
}

/* X, VS-54: a 6's return not made by the round's end is lost with it;
 * the round's activation and its count go too (VS-78). */
static void
solo_return_lost_with_the_round(void **state)
{
	(void)state;
	struct fx x;
	char text[4096];

	snprintf(text, sizeof(text), "%s", SMALL("basic", ""));
	char *blue = strstr(text, "    edge: north\n");
	memmove(blue + 14, blue, strlen(blue) + 1);
	memcpy(blue, "    bot: true\n", 14);
	load(&x, text);
	F(&x, "grunt")->where = VS_DEFEATED;
	F(&x, "grunt")->by = 0;
	await(&x, 1, VS_PHASE_SKILL);
	x.g.pos.round = 2;
	x.g.pos.winner = 0;
	x.g.player[1].activation = 6;
	x.g.player[1].most = 1;
	x.g.player[1].owed = true;
	x.g.player[0].activation = 2;
	x.g.player[0].most = 2;
	x.g.player[0].most_points = 2;
	x.g.player[0].active = 1;
	x.g.player[0].active_points = 1;
	dice(&x, 2, 4, 5);
	pass(&x);
	assert_told(&x, "- blue does nothing.\n"
		"- Round 3 begins.\n"
		"- red's activation die: 4: 3 figures.\n"
		"- blue's activation die: 5: 1 figure.\n");
	assert_false(x.g.player[1].owed);
	assert_int_equal(F(&x, "grunt")->where, VS_DEFEATED);
	assert_int_equal(x.g.player[0].activation, 4);
	assert_int_equal(x.g.player[0].most, 3);
	assert_int_equal(x.g.player[0].most_points, 0);
	assert_int_equal(x.g.player[0].active, 0);
	assert_int_equal(x.g.player[0].active_points, 0);
	done(&x);
}

/* ------------------------------------------------------------ the bot */

static int
random_die(void *arg, unsigned sides, const char *purpose)
{
	(void)purpose;
	return 1 + (int)umpire_rng_below(arg, sides);
}

struct bot_tally {
	int decisions, owed, returns, limited;
};

/*
 * A whole game of the bot's, on random dice: every decision's orders
 * pass their own check, the activation die's limit among them (X,
 * VS-78); after each, every side is within its die's bounds; and a
 * figure owed comes back, on the surface (VS-54).
 */
static void
bot_game(const char *text, bool both_bots, int seed, struct bot_tally *t)
{
	struct fx x;
	struct umpire_rng dice_rng, rng;
	char salt[64];

	load(&x, text);
	x.g.solo = x.g.pos.solo = true;
	for (int p = 0; p < x.g.nplayers; p++)
		x.g.player[p].bot = both_bots || x.g.player[p].bot || p > 0;
	snprintf(salt, sizeof(salt), "bot dice %d", seed);
	umpire_rng_seed(&dice_rng, salt, strlen(salt));
	snprintf(salt, sizeof(salt), "bot %d", seed);
	umpire_rng_seed(&rng, salt, strlen(salt));
	x.roller = (struct vs_roller){ random_die, &dice_rng };
	int r = vs_advance(&x.g, &x.roller, &x.tell);
	for (int step = 0; r == VS_DECIDE && step < 2000; step++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_ctx ctx;
		struct vs_orders o;
		int p = x.g.pos.player;
		bool owed = x.g.player[p].owed &&
			x.g.pos.phase == VS_PHASE_SKILL;

		memset(&ctx, 0, sizeof(ctx));
		ctx.arena = &a;
		ctx.diags = &d;
		struct umpire_node *orders = umpire_node_map(&a, false);
		vs_bot(&ctx, &x.g, &rng, orders);
		size_t bad = vs_orders_read(&o, &a, &x.g, p, x.g.pos.phase,
			orders, false, &d);
		if (bad) {
			char *msg = diags_text(&d);
			fail_msg("seed %d, step %d: the bot's orders fail:\n%s",
				seed, step, msg);
		}
		t->decisions++;
		if (x.g.player[p].activation >= 1 &&
		    x.g.player[p].activation <= 3)
			t->limited++;
		if (owed)
			t->owed++;
		untell(&x);
		assert_int_equal(vs_resolve(&x.g, &o, &x.roller, &x.tell), 0);
		if (o.has_return) {
			t->returns++;
			assert_true(owed);
			assert_int_equal(x.g.figure[o.return_figure].where,
				VS_ON);
		}
		for (int q = 0; q < x.g.nplayers; q++) {
			const struct vs_player *pl = &x.g.player[q];
			if (!vs_solo_within(pl->activation, pl->most,
			    pl->most_points, pl->active, pl->active_points))
				fail_msg("seed %d, step %d: %s has activated %d "
					"figures worth %d, beyond his %d's %d or %d",
					seed, step, pl->id, pl->active,
					pl->active_points, pl->activation, pl->most,
					pl->most_points);
		}
		r = x.g.pos.player >= 0 ? VS_DECIDE : VS_GAME_OVER;
		umpire_diags_free(&d);
		umpire_arena_free(&a);
	}
	done(&x);
}

/* The bot within the limit and making its returns, over many games on
 * the table (the solo sample) and the map (the map duel). */
static void
bot_within_the_limit(void **state)
{
	(void)state;
	char *solo = slurp("samples/vsgmr/solo.yaml", NULL);
	char *duel_text = slurp("tests/vsgmr/scenarios/map-duel.yaml", NULL);
	struct bot_tally table = { 0 }, grid = { 0 };

	char *four = slurp("samples/vsgmr/standard.yaml", NULL);
	for (int seed = 0; seed < 100; seed++)
		bot_game(solo, true, seed, &table);
	for (int seed = 0; seed < 100; seed++)
		bot_game(four, true, seed, &table);
	for (int seed = 0; seed < 30; seed++)
		bot_game(duel_text, true, seed, &grid);
	/* The limit was met often, and owed figures came back, nearly
	 * always: a place may be lacking, rarely. */
	assert_true(table.limited > table.decisions / 4);
	assert_true(grid.limited > grid.decisions / 4);
	assert_true(table.owed > 10);
	assert_true(grid.owed > 3);
	assert_true(table.returns * 10 >= table.owed * 9);
	assert_true(grid.returns * 10 >= grid.owed * 9);
	free(solo);
	free(duel_text);
	free(four);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(initiative_then_choice),
		cmocka_unit_test(initiative_ties),
		cmocka_unit_test(initiative_tie_cap),
		cmocka_unit_test(distance_hit_defeats),
		cmocka_unit_test(armour_saves),
		cmocka_unit_test(cover_from_the_wall),
		cmocka_unit_test(cause_fear),
		cmocka_unit_test(revenge_strikes_back),
		cmocka_unit_test(area_effect),
		cmocka_unit_test(inspiration_reroll),
		cmocka_unit_test(recruit_and_double_strike),
		cmocka_unit_test(knockback_off_the_table),
		cmocka_unit_test(knockback_stopped_by_a_barrier),
		cmocka_unit_test(knockback_stopped_by_a_figure),
		cmocka_unit_test(knockback_hand_to_hand),
		cmocka_unit_test(knockback_from_rough_ground),
		cmocka_unit_test(knockback_only_when_saved),
		cmocka_unit_test(knockback_rider_not_clear),
		cmocka_unit_test(ignores_armor_two_rolls),
		cmocka_unit_test(vehicle_and_tough_armour),
		cmocka_unit_test(rider_covered_on_its_mount),
		cmocka_unit_test(hand_to_hand_reach),
		cmocka_unit_test(riderless_mount_does_not_attack),
		cmocka_unit_test(flier_out_of_reach),
		cmocka_unit_test(building_saves_then_falls),
		cmocka_unit_test(building_blocks_sight),
		cmocka_unit_test(target_gone_by_its_turn),
		cmocka_unit_test(attacker_gone_by_its_turn),
		cmocka_unit_test(inspiration_both_dice),
		cmocka_unit_test(area_effect_third_attack),
		cmocka_unit_test(area_effect_chain_ends_on_a_miss),
		cmocka_unit_test(follow_ups_need_their_trait),
		cmocka_unit_test(revenge_without_a_weapon),
		cmocka_unit_test(revenge_and_recruit),
		cmocka_unit_test(recruit_riders_and_mounts),
		cmocka_unit_test(revenge_struck_by_fear),
		cmocka_unit_test(inspiration_armour_on_revenge),
		cmocka_unit_test(inspiration_limits),
		cmocka_unit_test(summon_a_mount),
		cmocka_unit_test(summon_fails),
		cmocka_unit_test(summon_judged_again),
		cmocka_unit_test(summon_onto_its_own_rider),
		cmocka_unit_test(skill_rolls),
		cmocka_unit_test(skill_task_is_words),
		cmocka_unit_test(move_and_face),
		cmocka_unit_test(ride_dismount_board),
		cmocka_unit_test(flight_after_a_move),
		cmocka_unit_test(moved_once),
		cmocka_unit_test(leave_by_an_edge_with_a_rider),
		cmocka_unit_test(carried_off_the_table),
		cmocka_unit_test(pick_up_and_drop),
		cmocka_unit_test(mount_defeated_rider_on_foot),
		cmocka_unit_test(transport_won),
		cmocka_unit_test(transport_won_riding),
		cmocka_unit_test(escape_won),
		cmocka_unit_test(map_knockback_stopped),
		cmocka_unit_test(map_knockback_off),
		cmocka_unit_test(map_fear_in_difficult_ground),
		cmocka_unit_test(map_adjacency),
		cmocka_unit_test(map_moves),
		cmocka_unit_test(map_revenge),
		cmocka_unit_test(map_short_range_reported),
		cmocka_unit_test(map_summon),
		cmocka_unit_test(fortress_struck_hand_to_hand),
		cmocka_unit_test(fortress_holds),
		cmocka_unit_test(a_round_of_passes),
		cmocka_unit_test(initiative_super_move),
		cmocka_unit_test(gone_players_passed_over),
		cmocka_unit_test(over_after_round_five),
		cmocka_unit_test(destroyed_force_ends_the_game),
		cmocka_unit_test(ambush_initiative),
		cmocka_unit_test(ambush_ends),
		cmocka_unit_test(fortress_falls),
		cmocka_unit_test(spawning),
		cmocka_unit_test(spawning_six),
		cmocka_unit_test(solo_sequence),
		cmocka_unit_test(solo_activations_counted),
		cmocka_unit_test(solo_six_brings_one_back),
		cmocka_unit_test(solo_return_lost_with_the_round),
		cmocka_unit_test(bot_within_the_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
