/*
 * fight.c - the dice of VSGMR judged: attacks, armour, a building's
 * save, skill, Summon and Recruit, initiative and its roll-offs, solo
 * play's activation die, and how far a figure moves.
 *
 * Drawing and judging are apart so that a reroll (Inspiration, V) is
 * only a second judging with new faces, and so that every case of the
 * rules can be tested face by face.  A judge writes down each number
 * that decided the roll, with where each bonus came from, because the
 * report must let a player check the umpire's arithmetic.
 */
#include <string.h>

#include "vsgmr.h"

const char *const vs_source_titles[VS_SOURCES] = {
	"Hero guy", "Vehicle", "Sharpshooter", "Combat Master",
	"Weapon Master", "Tough",
};

/* II: a hit at a distance on 5, 6 in cover; hand to hand on 4. */
#define NEED_DISTANCE 5
#define NEED_COVER 6
#define NEED_HAND 4
#define NEED_LIGHT 6		/* II, Armor */
#define NEED_HEAVY 4
#define NEED_BUILDING 3		/* III, VS-15 */
#define NEED_COVERED 4		/* II, Cover: "On a 4 to 6" */
#define NEED_SKILL 4		/* II, Skill Rolls */
#define NEED_SUMMON 5		/* V: "On a result of 5 or more" */
#define NEED_RECRUIT 5
#define KNOCKBACK_OVER 7	/* VI: "each point on the die result above 7" */
#define FEAR_UPTO 2		/* V, Cause Fear: "rolls a 1 or 2" */

static bool
face_ok(int die, unsigned sides)
{
	return die >= 1 && (unsigned)die <= sides;
}

/* Exactly `want` dice, each a face of a die of `sides`. */
static bool
dice_ok(const int *dice, int ndice, int want, unsigned sides)
{
	if (!dice || ndice != want)
		return false;
	for (int i = 0; i < ndice; i++)
		if (!face_ok(dice[i], sides))
			return false;
	return true;
}

static void
start(struct vs_roll *r, unsigned sides, int die, int need)
{
	memset(r, 0, sizeof(*r));
	r->sides = sides;
	r->die = die;
	r->total = die;
	r->need = need;
}

/* No roll takes more than VS_MAX_BONUSES: the callers below add at most
 * a kind's and a trait's. */
static void
add(struct vs_roll *r, enum vs_source by, int n)
{
	r->bonus[r->nbonus].by = by;
	r->bonus[r->nbonus].add = n;
	r->nbonus++;
	r->total += n;
}

static void
finish(struct vs_roll *r)
{
	r->made = r->total >= r->need;
}

/* A plain d6 against need: nothing the figure is changes it. */
static int
plain(struct vs_roll *out, int die, int need)
{
	if (!face_ok(die, 6)) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	start(out, 6, die, need);
	finish(out);
	return 0;
}

/* ---------------------------------------------------------------- attacks */

static bool
combat_master(const struct vs_profile *p)
{
	return vs_has(p, VS_COMBAT_MASTER) || p->weapon_master;	/* VS-5 */
}

/* II: "Hero guys and vehicles add +1"; V: a trait's +1, or +2 for a hero
 * guy or vehicle, each for its kind of attack.  Both count (VS-9). */
static void
attack_bonuses(struct vs_roll *r, const struct vs_profile *p,
	enum vs_attack kind)
{
	int trait = vs_is_elite(p) ? 2 : 1;

	if (p->kind == VS_HERO)
		add(r, VS_BY_HERO, 1);
	else if (p->kind == VS_VEHICLE)
		add(r, VS_BY_VEHICLE, 1);
	if (kind == VS_DISTANCE && vs_has(p, VS_SHARPSHOOTER))
		add(r, VS_BY_SHARPSHOOTER, trait);
	else if (kind == VS_HAND_TO_HAND && combat_master(p))
		add(r, p->weapon_master ? VS_BY_WEAPON_MASTER :
			VS_BY_COMBAT_MASTER, trait);
}

int
vs_attack_dice(unsigned *sides, const struct vs_profile *by,
	enum vs_attack kind)
{
	*sides = 0;
	switch (kind) {
	case VS_HAND_TO_HAND:
		/* "Hand to hand weapons cannot use automatic fire" (II). */
		*sides = vs_power_die(by, VS_SUPER_BRAWL);
		return 1;
	case VS_DISTANCE:
		/* Without a distance weapon, automatic fire and Super-Blast
		 * have nothing to work on (VS-6). */
		if (!by->distance)
			return 0;
		*sides = vs_power_die(by, VS_SUPER_BLAST);
		return by->automatic ? 2 : 1;
	}
	return 0;
}

int
vs_attack_judge(struct vs_attack_roll *out, const struct vs_profile *by,
	const struct vs_profile *target, enum vs_attack kind, bool cover,
	const int *dice, int ndice)
{
	unsigned sides;
	int want = vs_attack_dice(&sides, by, kind);

	memset(out, 0, sizeof(*out));
	if (!want || !dice_ok(dice, ndice, want, sides))
		return -1;
	out->kind = kind;
	out->building = !target;
	/* Hand to hand, "its target will not be in cover" (II); "Buildings
	 * and terrain features are never in cover" (III). */
	out->cover = cover && target && kind == VS_DISTANCE;
	out->ndice = ndice;
	int die = 0;
	for (int i = 0; i < ndice; i++) {
		out->dice[i] = dice[i];
		if (dice[i] > die)
			die = dice[i];		/* VS-10 */
	}
	start(&out->roll, sides, die, kind == VS_HAND_TO_HAND ? NEED_HAND :
		out->cover ? NEED_COVER : NEED_DISTANCE);
	attack_bonuses(&out->roll, by, kind);
	finish(&out->roll);
	/* The die as rolled, before bonuses (VS-11); the attacker is struck
	 * by fear on a 1 or 2 whether or not the total would have hit (V). */
	out->feared = target && vs_has(target, VS_CAUSE_FEAR) &&
		die <= FEAR_UPTO;
	out->hit = out->roll.made && !out->feared;
	/* Only a super power's die shows 8 or more, and 8 always hits
	 * (the most needed is 6); whether the target is then defeated is
	 * the armour roll's to say (VS-13).  Buildings stay put (VS-18). */
	if (out->hit && target && sides > 6 && die > KNOCKBACK_OVER)
		out->knockback = die - KNOCKBACK_OVER;
	return 0;
}

/* ------------------------------------------------------------------ armour */

int
vs_armor_dice(unsigned *sides, const struct vs_profile *p, bool ignores_armor)
{
	*sides = 0;
	/* "Figures wearing armor" roll (II): Tough or Super-Armor without
	 * armour roll nothing (VS-6). */
	if (vs_armor_of(p) == VS_NO_ARMOR)
		return 0;
	*sides = vs_power_die(p, VS_SUPER_ARMOR);
	return ignores_armor ? 2 : 1;
}

int
vs_armor_judge(struct vs_armor_roll *out, const struct vs_profile *p,
	bool ignores_armor, const int *dice, int ndice)
{
	unsigned sides;
	int want = vs_armor_dice(&sides, p, ignores_armor);

	memset(out, 0, sizeof(*out));
	if (!want || !dice_ok(dice, ndice, want, sides))
		return -1;
	out->armor = vs_armor_of(p);
	out->nrolls = want;
	out->saved = true;
	/* "The normal bonuses for vehicles and the Tough trait apply to
	 * both rolls. If either armor roll fails, the attack is considered
	 * a hit" (V, Ignores Armor; VS-12). */
	for (int i = 0; i < want; i++) {
		struct vs_roll *r = &out->roll[i];

		start(r, sides, dice[i], out->armor == VS_HEAVY ? NEED_HEAVY :
			NEED_LIGHT);
		if (p->kind == VS_VEHICLE)
			add(r, VS_BY_VEHICLE, 1);
		if (vs_has(p, VS_TOUGH))
			add(r, VS_BY_TOUGH, p->kind == VS_VEHICLE ? 2 : 1);
		finish(r);
		out->saved = out->saved && r->made;
	}
	return 0;
}

int
vs_building_judge(struct vs_roll *out, int die)
{
	return plain(out, die, NEED_BUILDING);
}

int
vs_cover_judge(struct vs_roll *out, int die)
{
	return plain(out, die, NEED_COVERED);
}

/* ------------------------------------------------------ skill and traits */

unsigned
vs_skill_die(const struct vs_profile *p)
{
	/* "The figure must be a guy" (II); a rider or driver is one once
	 * it leaves its mount, which is the caller's to know. */
	return vs_is_guy(p) ? vs_power_die(p, VS_SUPER_SKILL) : 0;
}

int
vs_skill_judge(struct vs_roll *out, const struct vs_profile *p, int die)
{
	unsigned sides = vs_skill_die(p);

	memset(out, 0, sizeof(*out));
	if (!sides || !face_ok(die, sides))
		return -1;
	start(out, sides, die, NEED_SKILL);
	if (p->kind == VS_HERO)
		add(out, VS_BY_HERO, 1);	/* "Hero guys add +1" */
	finish(out);
	return 0;
}

int
vs_summon_judge(struct vs_roll *out, const struct vs_profile *p, int die)
{
	if (!vs_has(p, VS_SUMMON)) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	return plain(out, die, NEED_SUMMON);	/* VS-19 */
}

int
vs_recruit_judge(struct vs_roll *out, const struct vs_profile *p, int die)
{
	if (!vs_has(p, VS_RECRUIT)) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	return plain(out, die, NEED_RECRUIT);	/* VS-19 */
}

/* ------------------------------------------------------------- initiative */

static int
move_level(const struct vs_profile *p)
{
	unsigned l = p->power[VS_SUPER_MOVE];

	return l < VS_LEVELS ? (int)l : VS_NOT;	/* as vs_power_die */
}

int
vs_initiative_move(const struct vs_profile *p)
{
	/* VI, Super-Move: "add +1 (+2, +3) to Initiative rolls". */
	static const int add[VS_LEVELS] = { 0, 1, 2, 3 };

	return add[move_level(p)];
}

void
vs_initiative_bonus(struct vs_initiative *out,
	const struct vs_profile *const *figs, int n, int scenario)
{
	memset(out, 0, sizeof(*out));
	out->from = -1;
	/* The best one figure gives, not a sum: a player rolls one die,
	 * and Super-Move is a figure's (VS-14). */
	for (int i = 0; i < n; i++) {
		int m = vs_initiative_move(figs[i]);

		if (m > out->move) {
			out->move = m;
			out->from = i;
		}
	}
	out->scenario = scenario;
	out->total = out->move + scenario;
}

int
vs_roll_off(unsigned *out, const int *totals, int n, unsigned in)
{
	int best = 0, k = 0;

	*out = 0;
	if (n < 0 || n > VS_MAX_PLAYERS)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!((in >> i) & 1u))
			continue;
		if (!k || totals[i] > best) {
			best = totals[i];
			*out = 0;
			k = 0;
		}
		if (totals[i] == best) {
			*out |= 1u << i;
			k++;
		}
	}
	return k;
}

/* ------------------------------------------------------------------- solo */

static int
half_up(int n)
{
	return n / 2 + n % 2;
}

int
vs_solo_judge(struct vs_solo *out, int die, int figures, int points)
{
	memset(out, 0, sizeof(*out));
	if (!face_ok(die, 6) || figures < 0 || points < 0)
		return -1;
	out->die = die;
	if (die >= 4) {
		out->figures = figures;
	} else if (die >= 2) {
		out->figures = half_up(figures);
		out->points = points / 2;		/* VS-16 */
	} else {
		out->figures = figures < 1 ? figures : 1;
	}
	out->revive = die == 6;
	return 0;
}

bool
vs_solo_within(int die, int most, int most_points, int figures, int points)
{
	if (die < 1 || die >= 4)
		return true;		/* no die, or every figure */
	if (figures <= most)
		return true;
	return die >= 2 && points <= most_points;	/* VS-78 */
}

/* --------------------------------------------------------------- movement */

int
vs_move_allowance(const struct vs_profile *p, bool rough)
{
	/* II's tables, as printed: the Move Unit and Half Move Unit totals
	 * of a guy, a guy, cavalry and a vehicle (VS-17). */
	static const int full[VS_KINDS] = { 850, 850, 1275, 1700 };
	static const int half[VS_KINDS] = { 425, 425, 650, 850 };
	/* VI, Super-Move: a Half Move Unit, a Move Unit, both. */
	static const int more[VS_LEVELS] = {
		0, VS_HALF_MOVE_UNIT, VS_MOVE_UNIT,
		VS_MOVE_UNIT + VS_HALF_MOVE_UNIT,
	};
	int extra = more[move_level(p)];

	/* Flight: "its full movement, even through rough terrain" (V). */
	if (rough && !vs_has(p, VS_FLIGHT))
		return half[p->kind];	/* "only ... up to a Half Move Unit" */
	return full[p->kind] + extra;
}
