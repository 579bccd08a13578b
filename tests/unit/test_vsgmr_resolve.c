/*
 * test_vsgmr_resolve - VSGMR's resolution (src/rules/vsgmr/resolve.c):
 * orders carried out with dice from a script, each rule's outcome
 * asserted exactly: who is defeated, pushed, recruited, scored for, what
 * the report says, and which decision comes next.  The dice are the
 * script's, so each case sets the faces the rule under test needs and
 * asserts that exactly those dice were drawn, for exactly those
 * purposes, in that order.
 */
#include "core/schema.h"
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(initiative_then_choice),
		cmocka_unit_test(initiative_ties),
		cmocka_unit_test(distance_hit_defeats),
		cmocka_unit_test(armour_saves),
		cmocka_unit_test(cover_from_the_wall),
		cmocka_unit_test(cause_fear),
		cmocka_unit_test(revenge_strikes_back),
		cmocka_unit_test(area_effect),
		cmocka_unit_test(inspiration_reroll),
		cmocka_unit_test(recruit_and_double_strike),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
