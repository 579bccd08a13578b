/*
 * vsgmr.h - Very Simple Generic Miniatures Rules (Andrew Domino, version
 * 6), shared between the files of this folder.
 *
 * Rulings are cited as VS-N (the list below; umpire-vsgmr(7) once the
 * ruleset plays); the rulebook by its sections: II. Rules (Initiative,
 * Movement, Distance Attacks, Armor, Automatic Fire, Cover, Hand To Hand
 * Attacks, Skill Rolls), III. Attack Effects, IV. Figure Point Values,
 * V. Traits, VI. Super Powers (Knockback), VII. Sample Armies, VIII.
 * Scenarios, IX. Miniatures For Every Scale, X. Solo VSGMR.
 *
 * This much of the ruleset is built: what a figure is and what it costs
 * (army.c), and the dice of every roll the rules make, judged from the
 * numbers the dice show (fight.c).  Both are pure: no file, no table.
 *
 * Files, in a one-way chain (each calls only those above it):
 *   army.c      figures, their prices, an army (a roster) read from YAML
 *   fight.c     initiative, attacks, armor, skill and the other rolls
 *
 * Rulings so far:
 *
 * VS-1  A figure is one of four kinds: a troop or a hero (the two
 *       flavours of guy), cavalry, or a vehicle (I, IV).
 * VS-2  Prices are section IV's, V's and VI's, per figure: troop 1, hero
 *       2, cavalry 2, vehicle 3; a distance attack 1; automatic fire 1;
 *       a guy's light armour 1 and heavy 2; cavalry and vehicles have
 *       light armour free and heavy for 1; each trait 2; super powers
 *       at their levels' prices.  Any points a force does not spend are
 *       lost.
 * VS-3  Every force names exactly one commander, and it is a guy (IV:
 *       "You must buy a guy figure").  A hero commander has heavy armour
 *       for nothing: its armour is heavy whether the file says so or
 *       not, and a file that gives it light armour is refused (it would
 *       be paying for less than it has).  A troop commander buys its
 *       armour like any troop.
 * VS-4  A figure has a trait at most once and a super power at one level
 *       at most (V, VI).  Independent is for cavalry and vehicles only,
 *       Super-Skill for guys only.
 * VS-5  "Weapon Master", which the Orcs' Warlord has (VII) and section V
 *       never defines, is Combat Master: section V describes Combat
 *       Master as "melee weapon expertise", and the Warlord's printed 4
 *       points are a hero commander (2) with one trait (2).  A figure
 *       cannot have both.  A file may write either name; umpire writes
 *       the one the file used.
 * VS-6  Automatic fire, Super-Blast, Sharpshooter and Area Effect Attack
 *       may be bought by a figure with no distance attack (the Modern
 *       Infantry's Helicopter Pilot has automatic fire), and change
 *       nothing until it has one: umpire warns.  Likewise Super-Armor
 *       and Tough on a figure with no armour: it makes no armour roll
 *       (II, Armor: "Figures wearing armor").
 * VS-7  What a figure carries besides its rider or driver (IV): cavalry
 *       0 unless the army says 2 ("larger figures ... up to 2 additional
 *       guys"), vehicles 4 unless the army says another number ("or even
 *       more for very large vehicles"; the Undead's Demon carries 0).
 * VS-8  Two of section VII's printed figures are not what its lines add
 *       up to, and umpire prices the lines: Undead is 11 figures (the
 *       heading says 9), and Bug Aliens is 22 points (the heading says
 *       24; the lines are 6 and 16).  Every other army's lines and
 *       heading agree with umpire's prices.
 *
 * VS-9  Bonuses add up.  A hero's or a vehicle's +1 and a trait's +1 or
 *       +2 are separate sentences of the rulebook and both apply: a hero
 *       Sharpshooter adds 3 to a distance attack.
 * VS-10 Automatic fire rolls two of the figure's distance attack dice
 *       and keeps the higher (with Super-Blast, two of the bigger die).
 *       That die is "the die" wherever a rule looks at the die itself:
 *       Cause Fear's 1 or 2, Knockback's 8 or more.
 * VS-11 Cause Fear looks at the die as rolled, before bonuses: an attack
 *       whose die shows 1 or 2 against a figure with Cause Fear fails,
 *       whatever its bonuses would make of it.
 * VS-12 An armour roll: the figure's die (d6, or Super-Armor's), +1 for
 *       a vehicle, +1 for Tough (+2 for a vehicle with Tough; VS-9: a
 *       vehicle with Tough adds 3 in all).  Light armour saves on 6 or
 *       more, heavy on 4 or more.  Against Ignores Armor the figure
 *       rolls twice and is saved only if both rolls save.
 * VS-13 Knockback is the die's points above 7, in Half Move Units, when
 *       the attack used Super-Blast (distance) or Super-Brawl (hand to
 *       hand), hit, and the target was not defeated.  "The die result"
 *       of its distance is the die as rolled, without bonuses: the rule
 *       starts from "rolls 8 or more on the die", and its example's
 *       "die result of 9" is the one that causes knockback.
 * VS-14 Initiative: every player rolls a d6 and adds the highest
 *       Super-Move bonus among his figures on the table (+1, +2, +3) and
 *       the scenario's (Ambush: +1 for each Ambusher).  Only the players
 *       tied for the highest total roll again, as often as it takes.
 * VS-15 A building or terrain piece that is hit rolls a d6 and saves on
 *       3 or more, with no bonus of any kind (III), and once: Ignores
 *       Armor's second roll is for "an opponent wearing armor" (V).
 * VS-16 Solo play's activation die (X): 4 to 6, every figure; 2 or 3,
 *       half the side's figures rounded up, or figures worth at most
 *       half its points ("up to 1/2 the points value": 10 of 21; the
 *       rounding up is the figures' only);
 *       1, one figure.  A 6 also brings back one defeated figure.
 * VS-17 Movement, in hundredths of an inch, is the tables' printed
 *       totals (II), the first where two are printed (not 13" or 4"):
 *       a guy 8.5", cavalry 12.75", a vehicle 17"; in rough terrain
 *       their Half Move Unit totals, 4.25", 6.5" and 8.5" (6.5", not
 *       half of 12.75").  Super-Move adds the rule sheet's units,
 *       alike for every kind: 4.25" minor, 8.5" major, 12.75" superior.
 *       In rough terrain a figure "can only move up to a Half Move
 *       Unit": its kind's, Super-Move or not.  A figure with Flight
 *       moves its full allowance in rough terrain too (V).
 * VS-18 Knockback moves figures (VI: "the opposing figure ... moves
 *       straight backward"): a building or terrain piece that is hit
 *       and saves stays where it is.
 * VS-19 Summon's and Recruit's rolls are a d6 with nothing added: they
 *       are not attack, armour or skill rolls, the only rolls a kind,
 *       a trait or a super power changes besides initiative (IV, V,
 *       VI; VS-14).
 */
#ifndef UMPIRE_VSGMR_H
#define UMPIRE_VSGMR_H

#include <stdbool.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/yaml.h"

/* ---------------------------------------------------------------- figures */

enum vs_kind { VS_TROOP, VS_HERO, VS_CAVALRY, VS_VEHICLE, VS_KINDS };

enum vs_armor { VS_NO_ARMOR, VS_LIGHT, VS_HEAVY };

/* Section V, in its order. */
enum vs_trait {
	VS_AREA_EFFECT, VS_CAUSE_FEAR, VS_COMBAT_MASTER, VS_DOUBLE_STRIKE,
	VS_FLIGHT, VS_IGNORES_ARMOR, VS_INDEPENDENT, VS_INSPIRATION,
	VS_RECRUIT, VS_REVENGE, VS_SHARPSHOOTER, VS_SUMMON, VS_TOUGH,
	VS_TRAITS
};

/* Section VI, in its order. */
enum vs_power {
	VS_SUPER_ARMOR, VS_SUPER_BLAST, VS_SUPER_BRAWL, VS_SUPER_MOVE,
	VS_SUPER_SKILL, VS_POWERS
};

enum vs_level { VS_NOT, VS_MINOR, VS_MAJOR, VS_SUPERIOR, VS_LEVELS };

#define VS_TRAIT_PRICE 2
#define VS_MAX_CARRY 99		/* more than any vehicle is given */
#define VS_MAX_COUNT 1000	/* figures on one line of an army */
#define VS_MAX_FIGURES 2000	/* figures in one army */
#define VS_MAX_ID 16		/* an id's characters (schemas/vsgmr/army.yaml) */

struct vs_profile {
	enum vs_kind kind;
	bool commander;
	bool distance;		/* can make distance attacks */
	bool automatic;		/* automatic fire */
	enum vs_armor armor;	/* as bought; vs_armor_of says as worn */
	unsigned traits;	/* 1u << enum vs_trait */
	bool weapon_master;	/* Combat Master written "weapon-master" (VS-5) */
	unsigned char power[VS_POWERS];	/* enum vs_level */
	int carries;		/* guys besides the rider or driver (VS-7) */
};

static inline bool
vs_has(const struct vs_profile *p, enum vs_trait t)
{
	return (p->traits >> t) & 1u;
}

static inline bool
vs_is_guy(const struct vs_profile *p)
{
	return p->kind == VS_TROOP || p->kind == VS_HERO;
}

/* Heroes and vehicles: +1 to attacks (II); +2 from Sharpshooter and Combat Master (V). */
static inline bool
vs_is_elite(const struct vs_profile *p)
{
	return p->kind == VS_HERO || p->kind == VS_VEHICLE;
}

/* Names as files write them: "troop", "area-effect-attack", "super-armor", "minor". */
extern const char *const vs_kind_names[VS_KINDS];
extern const char *const vs_armor_names[3];
extern const char *const vs_trait_names[VS_TRAITS];
extern const char *const vs_power_names[VS_POWERS];
extern const char *const vs_level_names[VS_LEVELS];
/* And as the rulebook writes them: "Troop guy", "Area Effect Attack". */
extern const char *const vs_kind_titles[VS_KINDS];
extern const char *const vs_trait_titles[VS_TRAITS];
extern const char *const vs_power_titles[VS_POWERS];
extern const char *const vs_level_titles[VS_LEVELS];

/* The armour a figure fights in: a hero commander's is heavy (VS-3). */
enum vs_armor vs_armor_of(const struct vs_profile *p);
/* The die of a super power at the figure's level: 6 without it, 8, 10, 12. */
unsigned vs_power_die(const struct vs_profile *p, enum vs_power pw);
/* A figure's defaults for its kind: cavalry and vehicles light, VS-7's carry. */
void vs_profile_init(struct vs_profile *p, enum vs_kind kind);

/*
 * What a figure costs, item by item, in the rulebook's order: the kind,
 * distance attack, armour, automatic fire, each trait, each power.
 * Items that cost nothing but say something (a hero commander's heavy
 * armour) are listed with 0.
 */
#define VS_PRICE_ITEMS (4 + VS_TRAITS + VS_POWERS)
struct vs_price {
	int total;
	int n;
	struct {
		char what[40];	/* "Heavy Armor", "Major Super-Armor" */
		int points;
	} item[VS_PRICE_ITEMS];
};
void vs_price(const struct vs_profile *p, struct vs_price *out);

/*
 * Whether a figure may be fielded as it is (VS-3, VS-4, VS-7): NULL if
 * so; otherwise the reason is in why, the ruling cited, and the key of
 * a figure's file the refusal is about ("armor", "traits") is returned.
 * Warnings (VS-6) are not refusals: vs_profile_warning likewise gives
 * the first one, or NULL.
 */
const char *vs_profile_refused(const struct vs_profile *p, char *why, size_t n);
const char *vs_profile_warning(const struct vs_profile *p, char *why, size_t n);

/* ----------------------------------------------------------------- armies */

/* One line of an army: a figure, or `count` figures alike. */
struct vs_line {
	const char *id;		/* the figure's, or the stem of count ids */
	const char *name;	/* as the army names it; may be NULL */
	int count;
	struct vs_profile profile;
	const struct umpire_node *node;	/* for diagnostics */
};

struct vs_army {
	const char *name;	/* may be NULL */
	struct vs_line *lines;
	int nlines;
	int figures;		/* the sum of the counts */
	int points;		/* the sum of count * price */
};

/*
 * Read an army (the `figures` list and optional `army` name of a roster;
 * umpire-vsgmr(7)) from a node that passed schemas/vsgmr/army.yaml, and
 * check what the schema cannot: ids unique, one commander, each figure
 * allowed (vs_profile_refused).  Problems go to diags with the node's
 * place; warnings too.  Returns 0, or -1 with at least one error.
 */
int vs_army_read(struct vs_army *out, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *diags);

/* ------------------------------------------------------------------- dice */

/*
 * Every roll of the rules, judged from the faces the dice showed: the
 * caller draws them (vs_attack_dice and the like say how many and of
 * what size) and may judge again with new ones, as Inspiration's
 * reroll does.  Nothing here rolls, allocates or keeps anything; each
 * judge fills *out with every number that decided the roll, and
 * returns 0, or -1 when the dice are not the roll's (a wrong count, a
 * face off the die) or the figure cannot make it.
 */

#define VS_MAX_PLAYERS 16	/* a bit each in an unsigned: 16 at the least */

/* Lengths in hundredths of an inch: the rule sheet's sides (II). */
#define VS_MOVE_UNIT 850
#define VS_HALF_MOVE_UNIT 425
#define VS_DISTANCE_UNIT 1100

enum vs_attack { VS_DISTANCE, VS_HAND_TO_HAND };

/* What adds to a die: a kind (II, IV), or a trait (V). */
enum vs_source {
	VS_BY_HERO, VS_BY_VEHICLE, VS_BY_SHARPSHOOTER, VS_BY_COMBAT_MASTER,
	VS_BY_WEAPON_MASTER, VS_BY_TOUGH, VS_SOURCES
};
/* "Hero guy", "Vehicle", "Sharpshooter", ..., "Weapon Master" (VS-5). */
extern const char *const vs_source_titles[VS_SOURCES];

struct vs_bonus {
	enum vs_source by;
	int add;
};

/* The most bonuses one die takes: a kind's and a trait's (VS-9, VS-12). */
#define VS_MAX_BONUSES 2

/* One die judged: its face, what was added and why, against what. */
struct vs_roll {
	unsigned sides;
	int die;
	int nbonus;
	struct vs_bonus bonus[VS_MAX_BONUSES];
	int total;		/* die and bonuses */
	int need;		/* total needed */
	bool made;		/* total >= need */
};

/*
 * An attack (II, V, VI).  With automatic fire two dice are shown and
 * roll.die is the higher (VS-10).  hit is roll.made unless fear struck
 * (VS-11).  knockback, in Half Move Units, applies only if the target
 * is not then defeated (VS-13, VS-18).
 */
struct vs_attack_roll {
	enum vs_attack kind;
	bool building;		/* the target is a building or terrain piece */
	bool cover;		/* cover counted: a figure, at a distance */
	int ndice;
	int dice[2];		/* as shown */
	struct vs_roll roll;
	bool feared;		/* the die showed 1 or 2 against Cause Fear */
	bool hit;
	int knockback;
};

/* An armour roll (II, V, VI; VS-12): saved only if every roll saves. */
struct vs_armor_roll {
	enum vs_armor armor;	/* as worn (vs_armor_of) */
	int nrolls;		/* 1, or 2 against Ignores Armor */
	struct vs_roll roll[2];
	bool saved;
};

/*
 * The dice an attack by `by` rolls: how many (1, 2 for automatic fire
 * at a distance), their sides in *sides; 0 if it cannot make the attack
 * (a distance attack without a distance weapon).
 */
int vs_attack_dice(unsigned *sides, const struct vs_profile *by,
	enum vs_attack kind);
/*
 * Judge an attack by `by` on target (NULL: a building or terrain piece,
 * III), with cover as the players found it (II; a rider is covered);
 * cover counts only for a figure attacked at a distance.  Whether the
 * attack may be made at all (range, facing, touching, a target in
 * flight) is the caller's to say.
 */
int vs_attack_judge(struct vs_attack_roll *out, const struct vs_profile *by,
	const struct vs_profile *target, enum vs_attack kind, bool cover,
	const int *dice, int ndice);

/* The dice of p's armour roll, as vs_attack_dice; 0: p has no armour. */
int vs_armor_dice(unsigned *sides, const struct vs_profile *p,
	bool ignores_armor);
int vs_armor_judge(struct vs_armor_roll *out, const struct vs_profile *p,
	bool ignores_armor, const int *dice, int ndice);

/* A building or terrain piece that is hit: a d6, 3 or more (VS-15). */
int vs_building_judge(struct vs_roll *out, int die);

/* Whether players who disagree find a figure in cover: a d6, 4 to 6 (II). */
int vs_cover_judge(struct vs_roll *out, int die);

/* Skill rolls are a guy's (II): p's die, or 0 if p is not a guy. */
unsigned vs_skill_die(const struct vs_profile *p);
int vs_skill_judge(struct vs_roll *out, const struct vs_profile *p, int die);

/* A figure with Summon calls an ally (V); one with Recruit, having
 * defeated a figure hand to hand, turns it: each a d6, 5 or more. */
int vs_summon_judge(struct vs_roll *out, const struct vs_profile *p,
	int die);
int vs_recruit_judge(struct vs_roll *out, const struct vs_profile *p,
	int die);

/* What one player adds to his initiative d6 (VS-14). */
struct vs_initiative {
	int move;		/* the highest Super-Move bonus, 0 to 3 */
	int from;		/* the first figure with it, or -1 */
	int scenario;		/* as given: Ambush's +1 */
	int total;
};
/* A figure's own Super-Move bonus to initiative: 0, 1, 2 or 3 (VI). */
int vs_initiative_move(const struct vs_profile *p);
/* From the profiles of a player's figures on the table, figs[0..n). */
void vs_initiative_bonus(struct vs_initiative *out,
	const struct vs_profile *const *figs, int n, int scenario);
/*
 * Of the players still rolling (the bits of `in`, player i bit i, i < n
 * <= VS_MAX_PLAYERS), those whose totals are the highest: their bits
 * in *out, their number returned (1: decided; more: they roll again;
 * 0: none was rolling; -1: n out of range).  Also set-up's and solo
 * play's roll-offs (II, X).
 */
int vs_roll_off(unsigned *out, const int *totals, int n, unsigned in);

/* Solo play's activation die for a side of `figures` worth `points` (X). */
struct vs_solo {
	int die;
	int figures;		/* the most figures that may act */
	int points;		/* or, on a 2 or 3, figures worth at most
				   this many; 0: the die gives no such choice */
	bool revive;		/* a 6: a defeated figure returns, if any */
};
int vs_solo_judge(struct vs_solo *out, int die, int figures, int points);

/* How far p may move in a turn, in hundredths of an inch (VS-17), if it
 * moves at all: cavalry and vehicles need a rider or driver unless
 * Independent (II, V), which is the caller's to know. */
int vs_move_allowance(const struct vs_profile *p, bool rough);

#endif
