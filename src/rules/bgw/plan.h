/*
 * plan.h - the legal plays of backgammon, as Backgammon Wars plays them:
 * a position seen from the player on roll, his dice, and every way to
 * use them that the rules allow.
 *
 * Classic backgammon underneath: units move from a player's 24-point
 * towards his 1-point and off; a unit on the Wall (the bar) enters on
 * the opponent's home board, 25 less the die, and nothing else moves
 * while one is there; a point held by two or more enemy units is closed,
 * a lone enemy unit is hit and goes to its Wall; once every unit is home
 * (points 1 to 6) units bear off, a higher die taking the unit on the
 * highest point when no unit stands higher; both dice are used if they
 * can be, and the larger if only one can.  Backgammon Wars adds a cap on
 * the units a point holds (5), points closed to the mover (a trapped
 * unit's point, an enemy barrier), units that cannot move (trapped), and
 * fire, which captures a unit that lands on it.  With cap 15 and none of
 * those, it is plain backgammon, which the tests hold to GNU Backgammon.
 *
 * Nothing here allocates, rolls or knows a unit: counts only.  Which
 * unit of a stack moves, and a Warrior's choice to trap rather than hit,
 * are the ruleset's, on top of a play made here.
 */
#ifndef UMPIRE_BGW_PLAN_H
#define UMPIRE_BGW_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BG_POINTS 24
#define BG_WALL 25		/* index of the Wall in a side's counts */
#define BG_OFF 0		/* index of the units borne off */
#define BG_UNITS 15
#define BG_MAX_DICE 5		/* doubles four times, and a stolen die */

/*
 * A position from the mover's side.  own[p] and opp[p] count units on
 * the mover's point p (1..24): his point p is the opponent's 25 - p.
 * [BG_WALL] is each side's Wall, [BG_OFF] the units it has borne off.
 */
struct bg_pos {
	signed char own[26];
	signed char opp[26];
	signed char stuck[26];	/* of own[p], how many cannot move */
	uint32_t closed;	/* bit p: the mover may not land on p */
	uint32_t fire;		/* bit p: a unit landing on p is captured */
	uint32_t release;	/* bit p: closed by the mover's own trap, which
				   ends when its one unit leaves p: p opens,
				   and the prisoner stays there, alone */
	int cap;		/* units a point holds: 5, or 15 (plain) */
};

struct bg_move {
	signed char from;	/* 1..24, or BG_WALL */
	signed char to;		/* 1..24, or BG_OFF */
	signed char die;	/* the die it uses */
	bool hit;		/* it lands on a lone enemy unit */
	bool burnt;		/* it lands on fire, and goes to the Wall */
};

struct bg_play {
	int n;
	struct bg_move m[BG_MAX_DICE];
};

/* Plain backgammon's rules on p: cap 15, nothing closed, stuck or burning. */
void bg_plain(struct bg_pos *p);
/* Whether the mover may move a unit from `from` with die d; the move. */
bool bg_move_ok(const struct bg_pos *p, int from, int d, struct bg_move *out);
/* Carry out a move made by bg_move_ok. */
void bg_apply(struct bg_pos *p, const struct bg_move *m);

/* What the dice allow, whatever the order: see bg_limits. */
struct bg_limits {
	int most;		/* the most dice that can be used together */
	int forced_die;		/* when only one die of two different ones can
				   be used: the one that must be (the larger
				   if both can); else 0 */
};
/* dice: 2 values, or 4 equal ones (doubles).  */
void bg_limits(const struct bg_pos *p, const int *dice, int nd,
	struct bg_limits *out);
/*
 * Whether play (its moves in order) is legal for the dice: each move
 * legal where it is made, using a die not used yet, as many dice as can
 * be used, and the forced die when there is one.  false with why (a
 * clause citing the rule) if not.
 */
bool bg_play_ok(const struct bg_pos *p, const int *dice, int nd,
	const struct bg_play *play, char *why, size_t nwhy);
/*
 * Every legal play, one for each distinct position it leaves (as GNU
 * Backgammon lists them), into out (room for cap); returns how many
 * there are, which may be more than cap.
 */
size_t bg_plays(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap);
/*
 * The first cap of them, in the order the search finds them, and their
 * number (at most cap): for a bot, which needs some plays and not all.
 * Five dice over fifteen points have too many plays to list them all.
 */
size_t bg_plays_first(const struct bg_pos *p, const int *dice, int nd,
	struct bg_play *out, size_t cap);

#endif
