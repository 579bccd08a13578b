/*
 * test_vsgmr_fight - VSGMR's dice judged (src/rules/vsgmr/fight.c):
 * every face of every die for attacks, armour and skill against tables
 * written from the rulebook, then one named case for each rule and
 * ruling (VS-9 to VS-19), initiative's roll-offs, solo play's die and
 * movement.
 *
 * Expected values come from the literal tables below, never from
 * calling fight.c again: a test that asks the code what it should say
 * tests nothing.
 */
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

/* ------------------------------------------------- tables from the book */

/* VI: no power, Minor, Major, Superior. */
static const unsigned book_sides[VS_LEVELS] = { 6, 8, 10, 12 };
/* II, IV: "Hero guys and vehicles add +1" to attacks. */
static const int book_kind_attack[VS_KINDS] = { 0, 1, 0, 1 };
/* V: Sharpshooter and Combat Master, +2 for a hero guy or vehicle. */
static const int book_trait[VS_KINDS] = { 1, 2, 1, 2 };
/* II, Armor: "Vehicles add +1"; V, Tough: +1, "A vehicle ... +2". */
static const int book_kind_armor[VS_KINDS] = { 0, 0, 0, 1 };
static const int book_tough[VS_KINDS] = { 1, 1, 1, 2 };
/* II, Armor: light saves on 6, heavy on 4 (none: no roll). */
static const int book_armor_need[3] = { 0, 6, 4 };
/* II, Movement; VI, Super-Move (VS-17), in hundredths of an inch. */
static const int book_move[VS_KINDS] = { 850, 850, 1275, 1700 };
static const int book_half[VS_KINDS] = { 425, 425, 650, 850 };
static const int book_super_move[VS_LEVELS] = { 0, 425, 850, 1275 };

static struct vs_profile
fig(enum vs_kind kind)
{
	struct vs_profile p;

	vs_profile_init(&p, kind);
	return p;
}

static struct vs_profile
shooter(enum vs_kind kind)
{
	struct vs_profile p = fig(kind);

	p.distance = true;
	return p;
}

static void
give(struct vs_profile *p, enum vs_trait t)
{
	p->traits |= 1u << t;
}

/* An attack that must be judged. */
static struct vs_attack_roll
attack(const struct vs_profile *by, const struct vs_profile *target,
	enum vs_attack kind, bool cover, int d0, int d1)
{
	struct vs_attack_roll r;
	int dice[2] = { d0, d1 };

	if (vs_attack_judge(&r, by, target, kind, cover, dice, d1 ? 2 : 1))
		fail_msg("attack with %d %d refused", d0, d1);
	return r;
}

static struct vs_armor_roll
armor(const struct vs_profile *p, bool ignores, int d0, int d1)
{
	struct vs_armor_roll r;
	int dice[2] = { d0, d1 };

	if (vs_armor_judge(&r, p, ignores, dice, d1 ? 2 : 1))
		fail_msg("armour roll with %d %d refused", d0, d1);
	return r;
}

/* ------------------------------------------------------ every die, attacks */

enum trait_set { NO_TRAIT, SHARP, COMBAT, WEAPON, SHARP_COMBAT, TRAIT_SETS };
enum target_is { PLAIN, FEARSOME, BUILDING, TARGETS };

struct attack_case {
	enum vs_kind kind;
	enum vs_attack how;
	enum trait_set traits;
	int level;		/* of Super-Blast or Super-Brawl, as fits how */
	bool automatic;
	bool cover;
	enum target_is target;
	int d0, d1;		/* d1 0: one die */
};

static void
attack_case_check(const struct attack_case *c)
{
	struct vs_profile by = shooter(c->kind), target = fig(VS_TROOP);
	struct vs_attack_roll r;
	int dice[2] = { c->d0, c->d1 }, nd = c->d1 ? 2 : 1;

	by.automatic = c->automatic;
	if (c->traits == SHARP || c->traits == SHARP_COMBAT)
		give(&by, VS_SHARPSHOOTER);
	if (c->traits == COMBAT || c->traits == WEAPON ||
	    c->traits == SHARP_COMBAT)
		give(&by, VS_COMBAT_MASTER);
	by.weapon_master = c->traits == WEAPON;
	by.power[c->how == VS_DISTANCE ? VS_SUPER_BLAST : VS_SUPER_BRAWL] =
		(unsigned char)c->level;
	if (c->target == FEARSOME)
		give(&target, VS_CAUSE_FEAR);

	/* The book, by hand. */
	int kept = c->d1 > c->d0 ? c->d1 : c->d0;
	bool sharp = c->traits == SHARP || c->traits == SHARP_COMBAT;
	bool melee = c->traits == COMBAT || c->traits == WEAPON ||
		c->traits == SHARP_COMBAT;
	bool trait_counts = c->how == VS_DISTANCE ? sharp : melee;
	int trait = trait_counts ? book_trait[c->kind] : 0;
	int total = kept + book_kind_attack[c->kind] + trait;
	bool in_cover = c->cover && c->how == VS_DISTANCE &&
		c->target != BUILDING;
	int need = c->how == VS_HAND_TO_HAND ? 4 : in_cover ? 6 : 5;
	bool feared = c->target == FEARSOME && (kept == 1 || kept == 2);
	bool hit = total >= need && !feared;
	int knock = hit && c->level && c->target != BUILDING && kept >= 8 ?
		kept - 7 : 0;

	assert_int_equal(vs_attack_judge(&r, &by, c->target == BUILDING ? NULL :
	    &target, c->how, c->cover, dice, nd), 0);
	if (r.roll.sides != book_sides[c->level] || r.ndice != nd ||
	    r.dice[0] != c->d0 || (nd == 2 && r.dice[1] != c->d1) ||
	    r.roll.die != kept || r.roll.total != total ||
	    r.roll.need != need || r.roll.made != (total >= need) ||
	    r.cover != in_cover || r.feared != feared || r.hit != hit ||
	    r.knockback != knock || r.kind != c->how ||
	    r.building != (c->target == BUILDING))
		fail_msg("kind %d, %s, traits %d, level %d, cover %d, "
		    "target %d, dice %d %d: got d%u kept %d total %d "
		    "need %d feared %d hit %d knockback %d; the book says "
		    "d%u kept %d total %d need %d feared %d hit %d "
		    "knockback %d", c->kind,
		    c->how == VS_DISTANCE ? "distance" : "hand to hand",
		    c->traits, c->level, c->cover, c->target, c->d0, c->d1,
		    r.roll.sides, r.roll.die, r.roll.total, r.roll.need,
		    r.feared, r.hit, r.knockback, book_sides[c->level], kept,
		    total, need, feared, hit, knock);
	/* The bonuses, each with its source, add up to the total. */
	int sum = 0;
	for (int i = 0; i < r.roll.nbonus; i++)
		sum += r.roll.bonus[i].add;
	assert_int_equal(r.roll.die + sum, r.roll.total);
	assert_int_equal(r.roll.nbonus, (book_kind_attack[c->kind] != 0) +
	    (trait != 0));
}

static void
attacks_every_face(void **state)
{
	struct attack_case c;
	long n = 0;

	(void)state;
	memset(&c, 0, sizeof(c));
	for (c.kind = 0; c.kind < VS_KINDS; c.kind++)
	for (int how = 0; how < 2; how++)
	for (c.traits = 0; c.traits < TRAIT_SETS; c.traits++)
	for (c.level = 0; c.level < VS_LEVELS; c.level++)
	for (int autom = 0; autom < 2; autom++)
	for (int cover = 0; cover < 2; cover++)
	for (c.target = 0; c.target < TARGETS; c.target++) {
		unsigned sides = book_sides[c.level];
		/* Two dice only at a distance (II: hand to hand weapons
		 * cannot use automatic fire). */
		int two = autom && how == VS_DISTANCE;

		c.how = how;
		c.automatic = autom;
		c.cover = cover;
		for (int d0 = 1; d0 <= (int)sides; d0++)
		for (int d1 = two; d1 <= (two ? (int)sides : 0); d1++) {
			c.d0 = d0;
			c.d1 = d1;
			attack_case_check(&c);
			n++;
		}
	}
	/* 4 kinds x 5 trait sets x 2 covers x 3 targets, then the faces:
	 * hand to hand one die of each size, twice over (automatic fire
	 * or not changes nothing); at a distance one die, then two. */
	long faces = 6 + 8 + 10 + 12;
	long pairs = 36 + 64 + 100 + 144;
	assert_int_equal(n, 4 * 5 * 2 * 3 * (2 * faces + faces + pairs));
}

/* --------------------------------------------------- named cases, attacks */

static void
kinds_add_to_attacks(void **state)
{
	struct vs_profile troop = shooter(VS_TROOP), hero = shooter(VS_HERO),
		cav = shooter(VS_CAVALRY), veh = shooter(VS_VEHICLE),
		foe = fig(VS_TROOP);
	struct vs_attack_roll r;

	(void)state;
	/* II: 5 or more at a distance; a troop's 4 misses. */
	r = attack(&troop, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 4);
	assert_int_equal(r.roll.need, 5);
	assert_false(r.hit);
	assert_int_equal(r.roll.nbonus, 0);
	/* A hero's 4 is 5. */
	r = attack(&hero, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 5);
	assert_true(r.hit);
	assert_int_equal(r.roll.nbonus, 1);
	assert_int_equal(r.roll.bonus[0].by, VS_BY_HERO);
	assert_int_equal(r.roll.bonus[0].add, 1);
	assert_string_equal(vs_source_titles[r.roll.bonus[0].by], "Hero guy");
	/* A vehicle's too. */
	r = attack(&veh, &foe, VS_HAND_TO_HAND, false, 3, 0);
	assert_int_equal(r.roll.total, 4);
	assert_int_equal(r.roll.need, 4);
	assert_true(r.hit);
	assert_int_equal(r.roll.bonus[0].by, VS_BY_VEHICLE);
	/* Cavalry adds nothing. */
	r = attack(&cav, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 4);
	assert_false(r.hit);
	assert_int_equal(r.roll.nbonus, 0);
	r = attack(&cav, &foe, VS_HAND_TO_HAND, false, 3, 0);
	assert_false(r.hit);
	/* A hero commander is a hero (VII: "All commanders are hero guys"). */
	hero.commander = true;
	r = attack(&hero, &foe, VS_HAND_TO_HAND, false, 3, 0);
	assert_int_equal(r.roll.total, 4);
}

static void
sharpshooter(void **state)
{
	struct vs_profile troop = shooter(VS_TROOP), hero = shooter(VS_HERO),
		veh = shooter(VS_VEHICLE), cav = shooter(VS_CAVALRY),
		foe = fig(VS_TROOP);
	struct vs_attack_roll r;

	(void)state;
	give(&troop, VS_SHARPSHOOTER);
	give(&hero, VS_SHARPSHOOTER);
	give(&veh, VS_SHARPSHOOTER);
	give(&cav, VS_SHARPSHOOTER);
	/* +1 for a troop. */
	r = attack(&troop, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 5);
	assert_true(r.hit);
	assert_int_equal(r.roll.bonus[0].by, VS_BY_SHARPSHOOTER);
	assert_int_equal(r.roll.bonus[0].add, 1);
	/* Cavalry is no hero: +1. */
	r = attack(&cav, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 5);
	/* A hero Sharpshooter adds 3 in all (VS-9): a 2 hits. */
	r = attack(&hero, &foe, VS_DISTANCE, false, 2, 0);
	assert_int_equal(r.roll.total, 5);
	assert_true(r.hit);
	assert_int_equal(r.roll.nbonus, 2);
	assert_int_equal(r.roll.bonus[0].by, VS_BY_HERO);
	assert_int_equal(r.roll.bonus[0].add, 1);
	assert_int_equal(r.roll.bonus[1].by, VS_BY_SHARPSHOOTER);
	assert_int_equal(r.roll.bonus[1].add, 2);
	/* And a vehicle. */
	r = attack(&veh, &foe, VS_DISTANCE, false, 2, 0);
	assert_int_equal(r.roll.total, 5);
	/* Distance only: a troop Sharpshooter's 3 hand to hand misses. */
	r = attack(&troop, &foe, VS_HAND_TO_HAND, false, 3, 0);
	assert_int_equal(r.roll.total, 3);
	assert_false(r.hit);
	assert_int_equal(r.roll.nbonus, 0);
	r = attack(&hero, &foe, VS_HAND_TO_HAND, false, 2, 0);
	assert_int_equal(r.roll.total, 3);
}

static void
combat_master(void **state)
{
	struct vs_profile troop = shooter(VS_TROOP), hero = shooter(VS_HERO),
		veh = fig(VS_VEHICLE), foe = fig(VS_TROOP);
	struct vs_attack_roll r;

	(void)state;
	give(&troop, VS_COMBAT_MASTER);
	give(&hero, VS_COMBAT_MASTER);
	give(&veh, VS_COMBAT_MASTER);
	r = attack(&troop, &foe, VS_HAND_TO_HAND, false, 3, 0);
	assert_int_equal(r.roll.total, 4);
	assert_true(r.hit);
	assert_int_equal(r.roll.bonus[0].by, VS_BY_COMBAT_MASTER);
	assert_string_equal(vs_source_titles[VS_BY_COMBAT_MASTER],
	    "Combat Master");
	/* +2 for a hero, and its own +1: a 1 hits hand to hand. */
	r = attack(&hero, &foe, VS_HAND_TO_HAND, false, 1, 0);
	assert_int_equal(r.roll.total, 4);
	assert_true(r.hit);
	assert_int_equal(r.roll.bonus[1].by, VS_BY_COMBAT_MASTER);
	assert_int_equal(r.roll.bonus[1].add, 2);
	r = attack(&veh, &foe, VS_HAND_TO_HAND, false, 1, 0);
	assert_int_equal(r.roll.total, 4);
	/* Hand to hand only: a troop's 4 at a distance misses. */
	r = attack(&troop, &foe, VS_DISTANCE, false, 4, 0);
	assert_int_equal(r.roll.total, 4);
	assert_false(r.hit);
	assert_int_equal(r.roll.nbonus, 0);
}

/* The Orcs' Warlord (VII): Weapon Master is Combat Master (VS-5). */
static void
weapon_master(void **state)
{
	struct vs_profile warlord = fig(VS_HERO), foe = fig(VS_TROOP);
	struct vs_attack_roll r;

	(void)state;
	warlord.commander = true;
	give(&warlord, VS_COMBAT_MASTER);
	warlord.weapon_master = true;
	r = attack(&warlord, &foe, VS_HAND_TO_HAND, false, 1, 0);
	assert_int_equal(r.roll.total, 4);
	assert_true(r.hit);
	assert_int_equal(r.roll.bonus[1].by, VS_BY_WEAPON_MASTER);
	assert_int_equal(r.roll.bonus[1].add, 2);
	assert_string_equal(vs_source_titles[r.roll.bonus[1].by],
	    "Weapon Master");
	/* The flag alone is enough. */
	warlord.traits = 0;
	r = attack(&warlord, &foe, VS_HAND_TO_HAND, false, 1, 0);
	assert_int_equal(r.roll.total, 4);
}

static void
cover(void **state)
{
	struct vs_profile troop = shooter(VS_TROOP), hero = shooter(VS_HERO),
		foe = fig(VS_TROOP);
	struct vs_attack_roll r;

	(void)state;
	/* "must be 6 or more instead of the normal 5 or more" (II). */
	r = attack(&troop, &foe, VS_DISTANCE, true, 5, 0);
	assert_true(r.cover);
	assert_int_equal(r.roll.need, 6);
	assert_false(r.hit);
	r = attack(&troop, &foe, VS_DISTANCE, true, 6, 0);
	assert_true(r.hit);
	/* "hero guys and vehicles still add +1". */
	r = attack(&hero, &foe, VS_DISTANCE, true, 5, 0);
	assert_int_equal(r.roll.total, 6);
	assert_true(r.hit);
	/* Hand to hand, "its target will not be in cover". */
	r = attack(&troop, &foe, VS_HAND_TO_HAND, true, 4, 0);
	assert_false(r.cover);
	assert_int_equal(r.roll.need, 4);
	assert_true(r.hit);
	/* "Buildings and terrain features are never in cover" (III). */
	r = attack(&troop, NULL, VS_DISTANCE, true, 5, 0);
	assert_true(r.building);
	assert_false(r.cover);
	assert_int_equal(r.roll.need, 5);
	assert_true(r.hit);
}

static void
automatic_fire(void **state)
{
	struct vs_profile gun = shooter(VS_TROOP), foe = fig(VS_TROOP);
	struct vs_attack_roll r;
	unsigned sides;
	int two[2] = { 3, 4 };

	(void)state;
	gun.automatic = true;
	assert_int_equal(vs_attack_dice(&sides, &gun, VS_DISTANCE), 2);
	assert_int_equal(sides, 6);
	/* The higher, whichever came first (VS-10). */
	r = attack(&gun, &foe, VS_DISTANCE, false, 2, 5);
	assert_int_equal(r.ndice, 2);
	assert_int_equal(r.dice[0], 2);
	assert_int_equal(r.dice[1], 5);
	assert_int_equal(r.roll.die, 5);
	assert_true(r.hit);
	r = attack(&gun, &foe, VS_DISTANCE, false, 6, 1);
	assert_int_equal(r.roll.die, 6);
	r = attack(&gun, &foe, VS_DISTANCE, false, 3, 3);
	assert_int_equal(r.roll.die, 3);
	assert_false(r.hit);
	/* Two dice, no fewer. */
	assert_int_equal(vs_attack_judge(&r, &gun, &foe, VS_DISTANCE, false,
	    two, 1), -1);
	/* Hand to hand: one die (II). */
	assert_int_equal(vs_attack_dice(&sides, &gun, VS_HAND_TO_HAND), 1);
	assert_int_equal(vs_attack_judge(&r, &gun, &foe, VS_HAND_TO_HAND, false,
	    two, 2), -1);
	/* Without it, one die at a distance. */
	gun.automatic = false;
	assert_int_equal(vs_attack_dice(&sides, &gun, VS_DISTANCE), 1);
	assert_int_equal(vs_attack_judge(&r, &gun, &foe, VS_DISTANCE, false,
	    two, 2), -1);
	/* Super-Blast: two of the bigger die (VS-10). */
	gun.automatic = true;
	gun.power[VS_SUPER_BLAST] = VS_MAJOR;
	assert_int_equal(vs_attack_dice(&sides, &gun, VS_DISTANCE), 2);
	assert_int_equal(sides, 10);
	r = attack(&gun, &foe, VS_DISTANCE, false, 10, 9);
	assert_int_equal(r.roll.die, 10);
	assert_int_equal(r.knockback, 3);
}

/* VS-6: no distance weapon, no distance attack, whatever else it has. */
static void
no_distance_weapon(void **state)
{
	struct vs_profile pilot = fig(VS_TROOP), foe = fig(VS_TROOP);
	struct vs_attack_roll r;
	unsigned sides = 99;
	int d[2] = { 6, 6 };

	(void)state;
	pilot.automatic = true;
	pilot.power[VS_SUPER_BLAST] = VS_SUPERIOR;
	assert_int_equal(vs_attack_dice(&sides, &pilot, VS_DISTANCE), 0);
	assert_int_equal(sides, 0);
	assert_int_equal(vs_attack_judge(&r, &pilot, &foe, VS_DISTANCE, false,
	    d, 1), -1);
	assert_int_equal(vs_attack_judge(&r, &pilot, &foe, VS_DISTANCE, false,
	    d, 2), -1);
	assert_false(r.hit);
	/* All figures can make hand to hand attacks (IV). */
	assert_int_equal(vs_attack_dice(&sides, &pilot, VS_HAND_TO_HAND), 1);
	assert_int_equal(sides, 6);
}

static void
faces_off_the_die(void **state)
{
	struct vs_profile p = shooter(VS_TROOP), foe = fig(VS_TROOP);
	struct vs_attack_roll r;
	int d[2];

	(void)state;
	d[0] = 0;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_DISTANCE, false, d,
	    1), -1);
	d[0] = 7;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_DISTANCE, false, d,
	    1), -1);
	d[0] = -1;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_HAND_TO_HAND, false,
	    d, 1), -1);
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_HAND_TO_HAND, false,
	    NULL, 1), -1);
	d[0] = 3;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_HAND_TO_HAND, false,
	    d, 0), -1);
	p.power[VS_SUPER_BRAWL] = VS_SUPERIOR;
	d[0] = 12;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_HAND_TO_HAND, false,
	    d, 1), 0);
	d[0] = 13;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_HAND_TO_HAND, false,
	    d, 1), -1);
	/* Super-Brawl is not Super-Blast: 12 at a distance is off a d6. */
	d[0] = 12;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_DISTANCE, false, d,
	    1), -1);
	/* Automatic fire: the second die is checked too. */
	p.automatic = true;
	d[0] = 3;
	d[1] = 7;
	assert_int_equal(vs_attack_judge(&r, &p, &foe, VS_DISTANCE, false, d,
	    2), -1);
}

static void
cause_fear(void **state)
{
	struct vs_profile hero = fig(VS_HERO), gun = shooter(VS_HERO),
		demon = fig(VS_VEHICLE);
	struct vs_attack_roll r;

	(void)state;
	give(&demon, VS_CAUSE_FEAR);
	give(&hero, VS_COMBAT_MASTER);
	/* A hero Combat Master's 2 is 5 hand to hand, and fails (VS-11). */
	r = attack(&hero, &demon, VS_HAND_TO_HAND, false, 2, 0);
	assert_int_equal(r.roll.total, 5);
	assert_int_equal(r.roll.need, 4);
	assert_true(r.roll.made);
	assert_true(r.feared);
	assert_false(r.hit);
	r = attack(&hero, &demon, VS_HAND_TO_HAND, false, 1, 0);
	assert_true(r.feared);
	assert_false(r.hit);
	r = attack(&hero, &demon, VS_HAND_TO_HAND, false, 3, 0);
	assert_false(r.feared);
	assert_true(r.hit);
	/* A troop's 2 would miss anyway; it is struck by fear all the same. */
	struct vs_profile troop = fig(VS_TROOP);
	r = attack(&troop, &demon, VS_HAND_TO_HAND, false, 2, 0);
	assert_false(r.roll.made);
	assert_true(r.feared);
	/* Automatic fire: the die kept is the die (VS-10). */
	gun.automatic = true;
	give(&gun, VS_SHARPSHOOTER);
	r = attack(&gun, &demon, VS_DISTANCE, false, 2, 1);
	assert_int_equal(r.roll.die, 2);
	assert_true(r.feared);
	assert_false(r.hit);
	r = attack(&gun, &demon, VS_DISTANCE, false, 1, 3);
	assert_false(r.feared);
	assert_true(r.hit);
	/* No fear against a figure without the trait. */
	r = attack(&hero, &troop, VS_HAND_TO_HAND, false, 2, 0);
	assert_false(r.feared);
	assert_true(r.hit);
	/* The d8 of Super-Brawl: still its 1 or 2. */
	hero.power[VS_SUPER_BRAWL] = VS_MINOR;
	r = attack(&hero, &demon, VS_HAND_TO_HAND, false, 2, 0);
	assert_true(r.feared);
}

static void
knockback(void **state)
{
	struct vs_profile blaster = shooter(VS_TROOP), brawler = fig(VS_TROOP),
		foe = fig(VS_TROOP);
	struct vs_attack_roll r;
	int six = 6;

	(void)state;
	blaster.power[VS_SUPER_BLAST] = VS_SUPERIOR;
	brawler.power[VS_SUPER_BRAWL] = VS_MINOR;
	/* VI's example: 9 is two Half Move Units. */
	r = attack(&blaster, &foe, VS_DISTANCE, false, 9, 0);
	assert_int_equal(r.roll.sides, 12);
	assert_int_equal(r.knockback, 2);
	r = attack(&blaster, &foe, VS_DISTANCE, false, 8, 0);
	assert_int_equal(r.knockback, 1);
	r = attack(&blaster, &foe, VS_DISTANCE, false, 12, 0);
	assert_int_equal(r.knockback, 5);
	/* 7 hits and knocks nothing back. */
	r = attack(&blaster, &foe, VS_DISTANCE, false, 7, 0);
	assert_true(r.hit);
	assert_int_equal(r.knockback, 0);
	r = attack(&brawler, &foe, VS_HAND_TO_HAND, false, 8, 0);
	assert_int_equal(r.roll.sides, 8);
	assert_int_equal(r.knockback, 1);
	/* Only with the super die: the blaster hand to hand rolls a d6,
	 * and so does the brawler at a distance. */
	r = attack(&blaster, &foe, VS_HAND_TO_HAND, false, 6, 0);
	assert_int_equal(r.roll.sides, 6);
	assert_int_equal(r.knockback, 0);
	brawler.distance = true;
	r = attack(&brawler, &foe, VS_DISTANCE, false, 6, 0);
	assert_int_equal(r.roll.sides, 6);
	assert_int_equal(r.knockback, 0);
	assert_int_equal(vs_attack_judge(&r, &brawler, &foe, VS_DISTANCE, false,
	    &six, 1), 0);
	/* A building stays where it is (VS-18). */
	r = attack(&blaster, NULL, VS_DISTANCE, false, 11, 0);
	assert_true(r.hit);
	assert_int_equal(r.knockback, 0);
}

/* ------------------------------------------------------ every die, armour */

static void
armor_every_face(void **state)
{
	long n = 0;

	(void)state;
	for (int kind = 0; kind < VS_KINDS; kind++)
	for (int worn = VS_NO_ARMOR; worn <= VS_HEAVY; worn++)
	for (int tough = 0; tough < 2; tough++)
	for (int level = 0; level < VS_LEVELS; level++)
	for (int ign = 0; ign < 2; ign++) {
		struct vs_profile p = fig(kind);
		struct vs_armor_roll r;
		unsigned sides = 0, s = book_sides[level];
		int want = worn == VS_NO_ARMOR ? 0 : ign ? 2 : 1;
		int bonus = book_kind_armor[kind] +
			(tough ? book_tough[kind] : 0);
		int need = book_armor_need[worn];

		p.armor = worn;
		p.power[VS_SUPER_ARMOR] = (unsigned char)level;
		if (tough)
			give(&p, VS_TOUGH);
		assert_int_equal(vs_armor_dice(&sides, &p, ign), want);
		assert_int_equal(sides, want ? s : 0);
		if (!want) {
			int d = 6;
			assert_int_equal(vs_armor_judge(&r, &p, ign, &d, 1),
			    -1);
			continue;
		}
		for (int d0 = 1; d0 <= (int)s; d0++)
		for (int d1 = ign; d1 <= (ign ? (int)s : 0); d1++) {
			int d[2] = { d0, d1 };
			bool save0 = d0 + bonus >= need;
			bool save1 = !ign || d1 + bonus >= need;

			assert_int_equal(vs_armor_judge(&r, &p, ign, d, want),
			    0);
			assert_int_equal(r.armor, worn);
			assert_int_equal(r.nrolls, want);
			for (int i = 0; i < want; i++) {
				assert_int_equal(r.roll[i].sides, s);
				assert_int_equal(r.roll[i].die, d[i]);
				assert_int_equal(r.roll[i].total, d[i] + bonus);
				assert_int_equal(r.roll[i].need, need);
			}
			assert_int_equal(r.roll[0].made, save0);
			if (ign)
				assert_int_equal(r.roll[1].made, save1);
			assert_int_equal(r.saved, save0 && save1);
			n++;
		}
	}
	/* 4 kinds x 2 armours x 2 (Tough) over one die and two. */
	assert_int_equal(n, 4 * 2 * 2 * ((6 + 8 + 10 + 12) +
	    (36 + 64 + 100 + 144)));
}

/* ------------------------------------------------- named cases, armour */

static void
armor_thresholds(void **state)
{
	struct vs_profile light = fig(VS_TROOP), heavy = fig(VS_TROOP);
	struct vs_armor_roll r;

	(void)state;
	light.armor = VS_LIGHT;
	heavy.armor = VS_HEAVY;
	r = armor(&light, false, 5, 0);
	assert_int_equal(r.roll[0].need, 6);
	assert_false(r.saved);
	r = armor(&light, false, 6, 0);
	assert_true(r.saved);
	r = armor(&heavy, false, 3, 0);
	assert_int_equal(r.roll[0].need, 4);
	assert_false(r.saved);
	r = armor(&heavy, false, 4, 0);
	assert_true(r.saved);
	assert_int_equal(r.roll[0].nbonus, 0);
	/* A hero has no bonus to armour: "Vehicles add +1" only. */
	struct vs_profile hero = fig(VS_HERO);
	hero.armor = VS_LIGHT;
	r = armor(&hero, false, 5, 0);
	assert_int_equal(r.roll[0].total, 5);
	assert_false(r.saved);
}

static void
armor_bonuses(void **state)
{
	struct vs_profile veh = fig(VS_VEHICLE), troop = fig(VS_TROOP),
		cav = fig(VS_CAVALRY);
	struct vs_armor_roll r;

	(void)state;
	/* Cavalry and vehicles wear light armour free (IV). */
	r = armor(&cav, false, 6, 0);
	assert_int_equal(r.armor, VS_LIGHT);
	assert_true(r.saved);
	r = armor(&cav, false, 5, 0);
	assert_false(r.saved);
	/* A vehicle's +1. */
	r = armor(&veh, false, 5, 0);
	assert_int_equal(r.roll[0].total, 6);
	assert_true(r.saved);
	assert_int_equal(r.roll[0].nbonus, 1);
	assert_int_equal(r.roll[0].bonus[0].by, VS_BY_VEHICLE);
	/* Tough: +1 for a troop. */
	troop.armor = VS_LIGHT;
	give(&troop, VS_TOUGH);
	r = armor(&troop, false, 5, 0);
	assert_int_equal(r.roll[0].total, 6);
	assert_true(r.saved);
	assert_int_equal(r.roll[0].bonus[0].by, VS_BY_TOUGH);
	assert_int_equal(r.roll[0].bonus[0].add, 1);
	assert_string_equal(vs_source_titles[VS_BY_TOUGH], "Tough");
	/* +2 for a vehicle, and its own +1: +3 (VS-12). */
	give(&veh, VS_TOUGH);
	r = armor(&veh, false, 3, 0);
	assert_int_equal(r.roll[0].total, 6);
	assert_true(r.saved);
	assert_int_equal(r.roll[0].nbonus, 2);
	assert_int_equal(r.roll[0].bonus[0].by, VS_BY_VEHICLE);
	assert_int_equal(r.roll[0].bonus[0].add, 1);
	assert_int_equal(r.roll[0].bonus[1].by, VS_BY_TOUGH);
	assert_int_equal(r.roll[0].bonus[1].add, 2);
	r = armor(&veh, false, 2, 0);
	assert_int_equal(r.roll[0].total, 5);
	assert_false(r.saved);
}

/* VS-3: a hero commander's heavy armour is free; a troop's is bought. */
static void
commanders_armor(void **state)
{
	struct vs_profile captain = fig(VS_HERO), sergeant = fig(VS_TROOP);
	struct vs_armor_roll r;
	unsigned sides;

	(void)state;
	captain.commander = true;
	r = armor(&captain, false, 4, 0);
	assert_int_equal(r.armor, VS_HEAVY);
	assert_int_equal(r.roll[0].need, 4);
	assert_true(r.saved);
	sergeant.commander = true;
	assert_int_equal(vs_armor_dice(&sides, &sergeant, false), 0);
	sergeant.armor = VS_LIGHT;
	r = armor(&sergeant, false, 4, 0);
	assert_false(r.saved);
}

static void
ignores_armor(void **state)
{
	struct vs_profile p = fig(VS_TROOP), veh = fig(VS_VEHICLE);
	struct vs_armor_roll r;
	unsigned sides;
	int one = 6;

	(void)state;
	p.armor = VS_HEAVY;
	assert_int_equal(vs_armor_dice(&sides, &p, true), 2);
	/* The first saves, the second fails: the hit stands. */
	r = armor(&p, true, 4, 3);
	assert_int_equal(r.nrolls, 2);
	assert_true(r.roll[0].made);
	assert_false(r.roll[1].made);
	assert_false(r.saved);
	r = armor(&p, true, 2, 6);
	assert_false(r.saved);
	r = armor(&p, true, 5, 4);
	assert_true(r.saved);
	/* Two rolls, no fewer. */
	assert_int_equal(vs_armor_judge(&r, &p, true, &one, 1), -1);
	/* "The normal bonuses ... apply to both rolls" (V). */
	give(&veh, VS_TOUGH);
	r = armor(&veh, true, 3, 3);
	assert_int_equal(r.roll[0].total, 6);
	assert_int_equal(r.roll[1].total, 6);
	assert_true(r.saved);
	r = armor(&veh, true, 3, 2);
	assert_false(r.saved);
}

static void
no_armor_no_roll(void **state)
{
	struct vs_profile p = fig(VS_HERO);
	struct vs_armor_roll r;
	unsigned sides = 99;
	int d = 6;

	(void)state;
	/* Tough and Super-Armor on a figure with none (VS-6). */
	give(&p, VS_TOUGH);
	p.power[VS_SUPER_ARMOR] = VS_SUPERIOR;
	assert_int_equal(vs_armor_dice(&sides, &p, false), 0);
	assert_int_equal(sides, 0);
	assert_int_equal(vs_armor_dice(&sides, &p, true), 0);
	assert_int_equal(vs_armor_judge(&r, &p, false, &d, 1), -1);
	assert_false(r.saved);
}

static void
super_armor(void **state)
{
	/* The Justice Team's Super-Guy: a commander, Superior Super-Armor. */
	struct vs_profile p = fig(VS_HERO);
	struct vs_armor_roll r;
	unsigned sides;
	int d = 13;

	(void)state;
	p.commander = true;
	p.power[VS_SUPER_ARMOR] = VS_SUPERIOR;
	assert_int_equal(vs_armor_dice(&sides, &p, false), 1);
	assert_int_equal(sides, 12);
	r = armor(&p, false, 12, 0);
	assert_int_equal(r.roll[0].sides, 12);
	assert_true(r.saved);
	r = armor(&p, false, 3, 0);
	assert_false(r.saved);
	assert_int_equal(vs_armor_judge(&r, &p, false, &d, 1), -1);
	/* Against Ignores Armor, two d12s. */
	r = armor(&p, true, 11, 9);
	assert_int_equal(r.roll[1].sides, 12);
	assert_true(r.saved);
}

static void
building(void **state)
{
	struct vs_roll r;

	(void)state;
	/* "The hit becomes a miss on a result of 3 or more" (III, VS-15). */
	for (int d = 1; d <= 6; d++) {
		assert_int_equal(vs_building_judge(&r, d), 0);
		assert_int_equal(r.sides, 6);
		assert_int_equal(r.die, d);
		assert_int_equal(r.total, d);
		assert_int_equal(r.need, 3);
		assert_int_equal(r.nbonus, 0);
		assert_int_equal(r.made, d >= 3);
	}
	assert_int_equal(vs_building_judge(&r, 0), -1);
	assert_int_equal(vs_building_judge(&r, 7), -1);
}

static void
cover_dispute(void **state)
{
	struct vs_roll r;
	static const bool covered[7] = { 0, 0, 0, 0, 1, 1, 1 };

	(void)state;
	/* II: "On a 1 to 3, the figure is in the open. On a 4 to 6, the
	 * figure is covered." */
	for (int d = 1; d <= 6; d++) {
		assert_int_equal(vs_cover_judge(&r, d), 0);
		assert_int_equal(r.made, covered[d]);
	}
	assert_int_equal(vs_cover_judge(&r, 0), -1);
}

/* ------------------------------------------------------------------ skill */

static void
skill_every_face(void **state)
{
	static const int hero_add[2] = { 0, 1 };	/* troop, hero */
	long n = 0;

	(void)state;
	for (int kind = VS_TROOP; kind <= VS_HERO; kind++)
	for (int level = 0; level < VS_LEVELS; level++) {
		struct vs_profile p = fig(kind);
		unsigned s = book_sides[level];
		struct vs_roll r;

		p.power[VS_SUPER_SKILL] = (unsigned char)level;
		assert_int_equal(vs_skill_die(&p), s);
		for (int d = 1; d <= (int)s; d++) {
			assert_int_equal(vs_skill_judge(&r, &p, d), 0);
			assert_int_equal(r.sides, s);
			assert_int_equal(r.total, d + hero_add[kind]);
			assert_int_equal(r.need, 4);
			assert_int_equal(r.made, d + hero_add[kind] >= 4);
			n++;
		}
		assert_int_equal(vs_skill_judge(&r, &p, (int)s + 1), -1);
		assert_int_equal(vs_skill_judge(&r, &p, 0), -1);
	}
	assert_int_equal(n, 2 * (6 + 8 + 10 + 12));
}

static void
skill_named(void **state)
{
	struct vs_profile troop = fig(VS_TROOP), hero = fig(VS_HERO),
		cav = fig(VS_CAVALRY), veh = fig(VS_VEHICLE);
	struct vs_roll r;

	(void)state;
	assert_int_equal(vs_skill_judge(&r, &troop, 3), 0);
	assert_false(r.made);
	/* "Hero guys add +1". */
	assert_int_equal(vs_skill_judge(&r, &hero, 3), 0);
	assert_int_equal(r.total, 4);
	assert_true(r.made);
	assert_int_equal(r.nbonus, 1);
	assert_int_equal(r.bonus[0].by, VS_BY_HERO);
	/* Bat-Guy's Major Super-Skill: a d10, and the +1. */
	hero.power[VS_SUPER_SKILL] = VS_MAJOR;
	assert_int_equal(vs_skill_die(&hero), 10);
	hero.power[VS_SUPER_SKILL] = VS_SUPERIOR;
	assert_int_equal(vs_skill_judge(&r, &hero, 12), 0);
	assert_int_equal(r.sides, 12);
	assert_int_equal(r.total, 13);
	/* "The figure must be a guy" (II). */
	assert_int_equal(vs_skill_die(&cav), 0);
	assert_int_equal(vs_skill_die(&veh), 0);
	assert_int_equal(vs_skill_judge(&r, &cav, 6), -1);
	assert_int_equal(vs_skill_judge(&r, &veh, 6), -1);
	assert_false(r.made);
}

static void
summon_and_recruit(void **state)
{
	struct vs_profile queen = fig(VS_TROOP), zero = fig(VS_HERO),
		nobody = fig(VS_HERO);
	struct vs_roll r;

	(void)state;
	give(&queen, VS_SUMMON);
	give(&zero, VS_RECRUIT);
	zero.power[VS_SUPER_SKILL] = VS_SUPERIOR;
	/* 5 or more; a d6 with nothing added, hero or not (VS-19). */
	for (int d = 1; d <= 6; d++) {
		assert_int_equal(vs_summon_judge(&r, &queen, d), 0);
		assert_int_equal(r.sides, 6);
		assert_int_equal(r.total, d);
		assert_int_equal(r.need, 5);
		assert_int_equal(r.made, d >= 5);
		assert_int_equal(vs_recruit_judge(&r, &zero, d), 0);
		assert_int_equal(r.sides, 6);
		assert_int_equal(r.total, d);
		assert_int_equal(r.nbonus, 0);
		assert_int_equal(r.made, d >= 5);
	}
	assert_int_equal(vs_summon_judge(&r, &queen, 7), -1);
	assert_int_equal(vs_recruit_judge(&r, &zero, 0), -1);
	/* Only a figure with the trait. */
	assert_int_equal(vs_summon_judge(&r, &nobody, 6), -1);
	assert_int_equal(vs_recruit_judge(&r, &nobody, 6), -1);
	assert_int_equal(vs_recruit_judge(&r, &queen, 6), -1);
	assert_int_equal(vs_summon_judge(&r, &zero, 6), -1);
}

/* ------------------------------------------------------------- initiative */

static void
initiative_bonus(void **state)
{
	struct vs_profile a = fig(VS_TROOP), b = fig(VS_HERO),
		c = fig(VS_CAVALRY), d = fig(VS_VEHICLE);
	const struct vs_profile *figs[] = { &a, &b, &c, &d };
	struct vs_initiative in;

	(void)state;
	assert_int_equal(vs_initiative_move(&a), 0);
	/* VI: +1, +2, +3. */
	for (int l = VS_NOT; l < VS_LEVELS; l++) {
		a.power[VS_SUPER_MOVE] = (unsigned char)l;
		assert_int_equal(vs_initiative_move(&a), l == VS_NOT ? 0 :
		    l == VS_MINOR ? 1 : l == VS_MAJOR ? 2 : 3);
	}
	a.power[VS_SUPER_MOVE] = VS_NOT;
	vs_initiative_bonus(&in, figs, 4, 0);
	assert_int_equal(in.move, 0);
	assert_int_equal(in.from, -1);
	assert_int_equal(in.total, 0);
	/* The highest, not the sum (VS-14): minor, superior, major. */
	b.power[VS_SUPER_MOVE] = VS_MINOR;
	c.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	d.power[VS_SUPER_MOVE] = VS_MAJOR;
	vs_initiative_bonus(&in, figs, 4, 0);
	assert_int_equal(in.move, 3);
	assert_int_equal(in.from, 2);
	assert_int_equal(in.total, 3);
	/* The first with it. */
	d.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	vs_initiative_bonus(&in, figs, 4, 0);
	assert_int_equal(in.from, 2);
	/* Only the figures given: the superior ones are off the table. */
	vs_initiative_bonus(&in, figs, 2, 0);
	assert_int_equal(in.move, 1);
	assert_int_equal(in.from, 1);
	/* Ambush: +1 for an Ambusher (VIII). */
	vs_initiative_bonus(&in, figs, 2, 1);
	assert_int_equal(in.scenario, 1);
	assert_int_equal(in.total, 2);
	vs_initiative_bonus(&in, figs, 0, 1);
	assert_int_equal(in.move, 0);
	assert_int_equal(in.from, -1);
	assert_int_equal(in.total, 1);
}

static void
roll_offs(void **state)
{
	unsigned out;
	int totals[VS_MAX_PLAYERS];

	(void)state;
	/* 5, 7, 7, 3: players 1 and 2 roll again. */
	totals[0] = 5, totals[1] = 7, totals[2] = 7, totals[3] = 3;
	assert_int_equal(vs_roll_off(&out, totals, 4, 0xfu), 2);
	assert_int_equal(out, 0x6u);
	/* Only they: the others' totals (stale, higher) are not read. */
	totals[0] = 9, totals[1] = 4, totals[2] = 6, totals[3] = 9;
	assert_int_equal(vs_roll_off(&out, totals, 4, 0x6u), 1);
	assert_int_equal(out, 0x4u);
	/* Decided at once. */
	totals[0] = 6, totals[1] = 2, totals[2] = 1;
	assert_int_equal(vs_roll_off(&out, totals, 3, 0x7u), 1);
	assert_int_equal(out, 0x1u);
	/* The last is highest; bits beyond n are not players. */
	totals[0] = 1, totals[1] = 2, totals[2] = 8;
	assert_int_equal(vs_roll_off(&out, totals, 3, ~0u), 1);
	assert_int_equal(out, 0x4u);
	/* With bonuses a total may pass 6, or be below 1 with none. */
	totals[0] = 9, totals[1] = 9;
	assert_int_equal(vs_roll_off(&out, totals, 2, 0x3u), 2);
	assert_int_equal(out, 0x3u);
	totals[0] = -2, totals[1] = -3;
	assert_int_equal(vs_roll_off(&out, totals, 2, 0x3u), 1);
	assert_int_equal(out, 0x1u);
	/* Everyone, all tied. */
	for (int i = 0; i < VS_MAX_PLAYERS; i++)
		totals[i] = 4;
	assert_int_equal(vs_roll_off(&out, totals, VS_MAX_PLAYERS, ~0u),
	    VS_MAX_PLAYERS);
	assert_int_equal(out, 0xffffu);
	/* Nobody rolling; too many players. */
	assert_int_equal(vs_roll_off(&out, totals, 4, 0), 0);
	assert_int_equal(out, 0);
	assert_int_equal(vs_roll_off(&out, totals, VS_MAX_PLAYERS + 1, ~0u),
	    -1);
	assert_int_equal(vs_roll_off(&out, totals, -1, ~0u), -1);
}

/* ------------------------------------------------------------------- solo */

static void
solo(void **state)
{
	/* X for a side of 7 figures worth 21 points: the die's face, then
	 * the most figures, the most points (0: no such choice), revival. */
	static const struct { int figures, points; bool revive; } seven[7] = {
		[1] = { 1, 0, false },
		[2] = { 4, 10, false },
		[3] = { 4, 10, false },
		[4] = { 7, 0, false },
		[5] = { 7, 0, false },
		[6] = { 7, 0, true },
	};
	struct vs_solo s;

	(void)state;
	for (int d = 1; d <= 6; d++) {
		assert_int_equal(vs_solo_judge(&s, d, 7, 21), 0);
		assert_int_equal(s.die, d);
		assert_int_equal(s.figures, seven[d].figures);
		assert_int_equal(s.points, seven[d].points);
		assert_int_equal(s.revive, seven[d].revive);
	}
	/* Even counts halve exactly. */
	assert_int_equal(vs_solo_judge(&s, 2, 8, 20), 0);
	assert_int_equal(s.figures, 4);
	assert_int_equal(s.points, 10);
	/* One figure left: half is that one. */
	assert_int_equal(vs_solo_judge(&s, 3, 1, 2), 0);
	assert_int_equal(s.figures, 1);
	assert_int_equal(s.points, 1);
	/* None left: none act, whatever the die. */
	assert_int_equal(vs_solo_judge(&s, 1, 0, 0), 0);
	assert_int_equal(s.figures, 0);
	assert_int_equal(vs_solo_judge(&s, 0, 7, 21), -1);
	assert_int_equal(vs_solo_judge(&s, 7, 7, 21), -1);
	assert_int_equal(vs_solo_judge(&s, 4, -1, 21), -1);
}

/* --------------------------------------------------------------- movement */

static void
movement(void **state)
{
	(void)state;
	assert_int_equal(VS_MOVE_UNIT, 850);
	assert_int_equal(VS_HALF_MOVE_UNIT, 425);
	assert_int_equal(VS_DISTANCE_UNIT, 1100);
	for (int kind = 0; kind < VS_KINDS; kind++)
	for (int level = 0; level < VS_LEVELS; level++)
	for (int flight = 0; flight < 2; flight++) {
		struct vs_profile p = fig(kind);

		p.power[VS_SUPER_MOVE] = (unsigned char)level;
		if (flight)
			give(&p, VS_FLIGHT);
		assert_int_equal(vs_move_allowance(&p, false),
		    book_move[kind] + book_super_move[level]);
		assert_int_equal(vs_move_allowance(&p, true), flight ?
		    book_move[kind] + book_super_move[level] :
		    book_half[kind]);
	}
}

static void
movement_named(void **state)
{
	struct vs_profile guy = fig(VS_HERO), cav = fig(VS_CAVALRY),
		veh = fig(VS_VEHICLE), heli = fig(VS_VEHICLE),
		spider = fig(VS_HERO);

	(void)state;
	/* II's tables as printed: 8.5", 12.75", 17"; 4.25", 6.5", 8.5". */
	assert_int_equal(vs_move_allowance(&guy, false), 850);
	assert_int_equal(vs_move_allowance(&guy, true), 425);
	assert_int_equal(vs_move_allowance(&cav, false), 1275);
	assert_int_equal(vs_move_allowance(&cav, true), 650);
	assert_int_equal(vs_move_allowance(&veh, false), 1700);
	assert_int_equal(vs_move_allowance(&veh, true), 850);
	/* The Modern Infantry's Helicopter flies over rough terrain. */
	give(&heli, VS_FLIGHT);
	assert_int_equal(vs_move_allowance(&heli, true), 1700);
	/* Spider-Guy's Major Super-Move: a Move Unit more, but none in
	 * rough terrain (VS-17). */
	spider.power[VS_SUPER_MOVE] = VS_MAJOR;
	assert_int_equal(vs_move_allowance(&spider, false), 1700);
	assert_int_equal(vs_move_allowance(&spider, true), 425);
	/* Superior cavalry in rough terrain: its Half Move Unit, 6.5". */
	cav.power[VS_SUPER_MOVE] = VS_SUPERIOR;
	assert_int_equal(vs_move_allowance(&cav, false), 2550);
	assert_int_equal(vs_move_allowance(&cav, true), 650);
	/* Minor: 4.25" more, none in rough terrain. */
	guy.power[VS_SUPER_MOVE] = VS_MINOR;
	assert_int_equal(vs_move_allowance(&guy, false), 1275);
	assert_int_equal(vs_move_allowance(&guy, true), 425);
}

static void
titles(void **state)
{
	static const char *const book[VS_SOURCES] = {
		"Hero guy", "Vehicle", "Sharpshooter", "Combat Master",
		"Weapon Master", "Tough",
	};

	(void)state;
	for (int i = 0; i < VS_SOURCES; i++)
		assert_string_equal(vs_source_titles[i], book[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(attacks_every_face),
		cmocka_unit_test(kinds_add_to_attacks),
		cmocka_unit_test(sharpshooter),
		cmocka_unit_test(combat_master),
		cmocka_unit_test(weapon_master),
		cmocka_unit_test(cover),
		cmocka_unit_test(automatic_fire),
		cmocka_unit_test(no_distance_weapon),
		cmocka_unit_test(faces_off_the_die),
		cmocka_unit_test(cause_fear),
		cmocka_unit_test(knockback),
		cmocka_unit_test(armor_every_face),
		cmocka_unit_test(armor_thresholds),
		cmocka_unit_test(armor_bonuses),
		cmocka_unit_test(commanders_armor),
		cmocka_unit_test(ignores_armor),
		cmocka_unit_test(no_armor_no_roll),
		cmocka_unit_test(super_armor),
		cmocka_unit_test(building),
		cmocka_unit_test(cover_dispute),
		cmocka_unit_test(skill_every_face),
		cmocka_unit_test(skill_named),
		cmocka_unit_test(summon_and_recruit),
		cmocka_unit_test(initiative_bonus),
		cmocka_unit_test(roll_offs),
		cmocka_unit_test(solo),
		cmocka_unit_test(movement),
		cmocka_unit_test(movement_named),
		cmocka_unit_test(titles),
	};

	return cmocka_run_group_tests_name("vsgmr fight", tests, NULL, NULL);
}
