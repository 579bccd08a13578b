/*
 * armymen.h - Army Men (David North's wargame rules for plastic soldiers,
 * version 1.0), shared between the files of this folder.
 *
 * The game is played on the tabletop of src/geom (table.h): positions in
 * hundredths of an inch, wooden blocks as rectangles, tanks as boxes.
 * Rulings are cited as AM-N (umpire-armymen(7)); the tabletop's own as
 * TABLE-N (table.h); rulebook sections by their headings (Sequence of
 * Play, Terrain, Movement, Firing, Spraying Fire, Bazookas, Hand
 * Grenades, Mortars, Assault Combat, Rallying, Tanks).
 *
 * Files, in a one-way chain: each calls only the files listed before it.
 *
 *   ruleset.c   weapons, sides, cards; units and the table they stand on;
 *               the registry entry, which names every hook and calls none
 *   tell.c      how a step is told: coordinates, distances, the marks
 *   plan.c      what is legal: moves, fire, assaults, measured exactly
 *   orders.c    reading and checking the orders of the four cards
 *   resolve.c   the cards carried out with dice, the deck, the end
 *   state.c     scenario (the set-up, step 0) and state files
 *   bot.c       random legal orders
 *   stand.c     what orders may stand, and the bot's standing orders
 *   board.c     the table as text: a map and a list
 *   picture.c   the table as a picture
 */
#ifndef UMPIRE_ARMYMEN_H
#define UMPIRE_ARMYMEN_H

#include <stdbool.h>
#include <stdint.h>

#include "game/ruleset.h"
#include "util/text.h"
#include "geom/path.h"
#include "geom/piece.h"
#include "geom/sight.h"
#include "geom/table.h"

#define AM_INCH 100			/* hundredths of an inch */
#define AM_MOVE (6 * AM_INCH)		/* Movement: soldiers 6" */
#define AM_CLIMB (2 * AM_INCH)		/* climbing a low block costs 2" */
#define AM_KEEP_AWAY (3 * AM_INCH)	/* not closer than 3" to an enemy */
#define AM_TANK_STRAIGHT (12 * AM_INCH)	/* 12" straight forward */
#define AM_TANK_TURNING (6 * AM_INCH)	/* or 6" and a turn of 90 degrees */
#define AM_SHORT (12 * AM_INCH)		/* Firing: short range within 12" */
#define AM_SPRAY_SPREAD (3 * AM_INCH)	/* sprayed targets within 3" */
#define AM_GRENADE_RANGE (6 * AM_INCH)
#define AM_ASSAULT_RANGE (6 * AM_INCH)
#define AM_LEADER_RANGE (6 * AM_INCH)	/* Rallying: a leader within 6" */
#define AM_TANK_KILL 3			/* hits that destroy a tank */
#define AM_BLOCK_KILL 3			/* hits that flatten a high block */

#define AM_MAX_UNITS 500		/* units a side (issue 11: 500 figures) */
#define AM_MAX_BLOCKS 200
#define AM_MAX_WAYPOINTS 16		/* a soldier's path, after his start */
#define AM_MAX_SPRAY 8			/* targets of one spraying fire */
#define AM_DEFAULT_BASE AM_INCH		/* AM-3: a 1" base */
#define AM_DEFAULT_TANK_LENGTH (4 * AM_INCH)	/* AM-4: 4" x 2.5" */
#define AM_DEFAULT_TANK_WIDTH 250
#define AM_DEFAULT_TURNS 10		/* AM-20 */
#define AM_CARDS 8

enum am_side { AM_GREEN, AM_TAN };

/* The Weapons table, in its order, and what a tank carries. */
enum am_weapon {
	AM_PISTOL, AM_RIFLE, AM_SMG, AM_MG, AM_BAZOOKA, AM_MORTAR,
	AM_GRENADE,		/* thrown instead of firing (Hand Grenades) */
	AM_MAIN_GUN,		/* a tank's: a bazooka, no long range -1 */
	AM_WEAPONS,
	AM_CARRIED = AM_GRENADE,	/* weapons a soldier may be given */
};

struct am_weapon_info {
	const char *name;	/* in files: "machine-gun" */
	const char *title;	/* the table's: "Machine Gun" */
	char code;		/* on the map: 'M' (green), 'm' (tan) */
	int dice;		/* Firepower */
	int burst;		/* burst dice, 0 for none */
	int radius;		/* who rolls for a burst: within this */
	int range;		/* the longest shot, 0 for any */
	bool spray;		/* Spraying Fire */
	bool grenades;		/* its carrier has hand grenades */
	bool hurts_tanks;	/* Tanks: bazookas, mortars, main guns */
	bool over_blocks;	/* fires over high blocks: mortars, grenades */
	bool long_minus;	/* -1 at long range */
	bool modifiers;		/* grenades: "There are no modifiers" */
};

extern const struct am_weapon_info am_weapons[AM_WEAPONS];
extern const char *const am_sides[2];
extern const char *const am_Sides[2];		/* "Green", "Tan" */

/* The four actions of the turn deck, a card each side. */
enum am_action { AM_MOVES, AM_FIRES, AM_ASSAULTS, AM_RALLIES, AM_ACTIONS };
extern const char *const am_actions[AM_ACTIONS];	/* "moves" */
extern const char *const am_Actions[AM_ACTIONS];	/* "Moves" */

/* A card: side * AM_ACTIONS + action, 0..7, in this order. */
static inline int am_card(int side, int action)
{
	return side * AM_ACTIONS + action;
}
/* "green-fires", in files. */
const char *am_card_name(int card);
/* "Green Player Fires", as the rulebook prints it. */
const char *am_card_title(int card);
int am_find_card(const char *name);

/* Kinds of the table's pieces (piece.h), as bits of the queries' masks. */
enum am_kind { AM_HIGH, AM_LOW, AM_HULL };
#define AM_BLOCKING (UMPIRE_KIND(AM_HIGH) | UMPIRE_KIND(AM_HULL))

struct am_block {
	const char *id;
	bool high;
	bool flattened;		/* a high block a burst laid flat (AM-15) */
	bool rect;		/* given as corner and size, written back so */
	struct umpire_pt corner[4];	/* as given, in order */
	struct umpire_piece piece;
};

struct am_unit {
	const char *id;
	int side;
	bool tank;
	enum am_weapon weapon;	/* a soldier's */
	bool leader;
	bool pinned;
	bool dead;		/* a soldier killed, a tank destroyed (a wreck
				   stays on the table as a high block) */
	struct umpire_pt at;	/* the centre of its base or hull */
	struct umpire_pt facing;	/* a tank's, lowest terms */
	int32_t length, width;	/* a tank's hull */
	long died;		/* the step it fell */
	const char *by;		/* the unit that killed it */
};

struct am_game {
	struct umpire_arena *arena;
	int32_t width, depth;	/* the table */
	int32_t base;		/* soldiers' bases: diameter */
	int turns;		/* the last turn (AM-20) */
	int points_soldier, points_tank;	/* casualty points (AM-20) */
	struct am_block *blocks;
	int nblocks;
	struct am_unit *units;	/* both sides, in the file's order */
	int nunits;
	int turn;		/* 1.. */
	int drawn[AM_CARDS];	/* cards drawn this turn, the last awaited */
	int ndrawn;
	int to_move;		/* side awaited; -1 once over */
	/*
	 * How exactly the geometry is ruled (enum am_exact): set by check,
	 * resolve and the bot from their ctx (am_rulings); true, as a
	 * number, from AM_EXACT on.
	 */
	int exact;
	/* The table as the queries see it: the blocks, then every hull. */
	struct umpire_piece *pieces;
	int *hull_of;		/* per unit: its hull's piece, or -1 */
	struct umpire_table table;
};

/* ------------------------------------------------ ruleset.c: the basics */

/* How exactly a version rules the geometry, oldest first. */
enum am_exact {
	AM_SAMPLED,		/* 13 lines, each leg rounded up (0.3) */
	AM_EXACT,		/* exact sight and lengths (AM-4, AM-12, TABLE-6):
				   UMPIRE_EXACT_SIGHT_SINCE on */
	AM_EXACT_BLOCKS,	/* and a block fired at is seen over its whole
				   footprint (AM-13): UMPIRE_BLOCK_TARGET_SINCE on */
};
/* How ctx's version rules (the exact field above): an enum am_exact. */
int am_rulings(const struct umpire_ctx *ctx);
int am_find_weapon(const char *name);
int am_find_unit(const struct am_game *g, const char *id);
int am_find_block(const struct am_game *g, const char *id);
/* The action awaited: the last card drawn's. */
int am_awaited_action(const struct am_game *g);
/* Rebuild the table's pieces from the blocks and tanks (after a tank
 * moves or a block is flattened). */
void am_table_build(struct am_game *g);
/* A unit as a figure: a soldier on his base; a tank at the centre of its
 * hull, base 0 (AM-4); as a target of sight before 0.4.0 (13 lines), a
 * tank's base is its width (am_sight_target since: its hull). */
struct umpire_figure am_figure(const struct am_game *g, int u);
struct umpire_figure am_sight_figure(const struct am_game *g, int u);
/* A direction in lowest terms: (46, -19) stays, (6, 8) is (3, 4). */
struct umpire_pt am_lowest(struct umpire_pt v);
/* A tank's hull at `at` facing `facing` (TABLE-14). */
int am_hull(struct umpire_piece *out, const struct am_unit *u,
	struct umpire_pt at, struct umpire_pt facing);
/* "g3 (rifle)", "g1 (leader, pistol)", "gt1 (tank)", in a. */
const char *am_unit_text(struct umpire_arena *a, const struct am_unit *u);
/* Whether a soldier (not a tank) is on the table. */
static inline bool am_soldier_up(const struct am_unit *u)
{
	return !u->tank && !u->dead;
}
/* A copy of a game's units and blocks in a, which check and the bot
 * change as they play a card ahead. */
struct am_game *am_game_copy(struct umpire_arena *a, const struct am_game *g);
int am_standing(const struct am_game *g, int side);	/* soldiers left */
/*
 * side's fallen soldiers in the order they fell (then the units' order),
 * into out (room for every unit); how many.  A game read back from its
 * state keeps the living in order and the fallen after them, so only
 * this order is the same in both: everything that lists the fallen
 * lists them so.
 */
int am_fallen(const struct am_game *g, int side, int *out);
int am_tanks_left(const struct am_game *g, int side);

/* ---------------------------------------------------- plan.c: legality */

/* A piece of the table for a message: "high block b2", "tank gt1",
 * "the wreck of gt1"; written into buf. */
const char *am_piece_name(const struct am_game *g, int piece, char *buf,
	size_t n);

/* A soldier's move, measured. */
struct am_move_plan {
	int64_t length;		/* the path's (TABLE-6) */
	int climbs;		/* low blocks climbed (TABLE-12) */
	int64_t cost;		/* length + 2" a climb */
	int nearest;		/* the enemy it comes closest to, or -1 */
	int32_t nearest_d;	/* that distance, hundredths (TABLE-4) */
};
/*
 * Whether soldier u may move along wp[0..n) (wp[0] his position): on the
 * table, not through a high block or a tank, no more than 6" with 2" a
 * low block climbed, never closer than 3" to an enemy soldier, not
 * ending on another figure.  false with why if not.
 */
bool am_soldier_move(const struct am_game *g, int u,
	const struct umpire_pt *wp, size_t n, struct am_move_plan *plan,
	char *why, size_t nwhy);

/* A tank's move: drive to via (straight ahead), turn to face, drive on. */
struct am_drive {
	bool has_via, has_to, has_face;
	struct umpire_pt via, to, face;
};
struct am_drive_plan {
	struct umpire_pt at, facing;	/* where it ends */
	int64_t length;
	bool turned;
};
bool am_tank_move(const struct am_game *g, int u, const struct am_drive *d,
	struct am_drive_plan *plan, char *why, size_t nwhy);

/* What a shot is at: a unit or a block. */
struct am_target {
	int unit;		/* or -1 */
	int block;		/* or -1 */
};
/* How a shot is judged. */
struct am_shot {
	enum am_weapon weapon;
	int32_t distance;	/* hundredths, rounded up (TABLE-4) */
	bool long_range;
	bool behind_low;	/* the line between centres meets a low block */
	int low_block;		/* which, or -1 */
	enum umpire_sight_verdict sight;	/* through high blocks and hulls */
	int blocked_by;		/* a piece blocking some line (the first
				   line blocked, TABLE-9), or -1 */
	int lines_blocked;	/* how many of the 13 lines are; -1 when
				   sight is exact (no lines) */
	int need;		/* a die hits on this or more */
};
/* The point a shot aims at and the figure it measures to. */
struct umpire_figure am_target_figure(const struct am_game *g,
	const struct am_target *t, bool for_sight);
/* What exact sight looks at (AM-4, AM-12, AM-13): a soldier's base, a
 * tank's hull, a block's footprint (its centre before AM_EXACT_BLOCKS). */
struct umpire_target am_sight_target(const struct am_game *g,
	const struct am_target *t);
/*
 * Whether unit u may fire weapon w at t now (spraying: the -1 for it is
 * the caller's, spray true); fills shot.  false with why if not.
 * forward: a tank's forward machine gun (45 degrees either side).
 */
bool am_can_fire(const struct am_game *g, int u, enum am_weapon w,
	bool forward, const struct am_target *t, bool spray,
	struct am_shot *shot, char *why, size_t nwhy);
/* Whether soldier u may assault enemy soldier v now; where he stops. */
bool am_can_assault(const struct am_game *g, int u, int v,
	struct umpire_pt *contact, int32_t *distance, char *why, size_t nwhy);
/* An unpinned leader of u's side within 6" of u (AM-18), or -1. */
int am_leader_near(const struct am_game *g, int u);

/* ------------------------------------------------------- tell.c */
/* (Declared after plan.c's for reading order; tell.c comes first.) */

/* "(12.5, 8)" in a: a point in inches. */
const char *am_pt_text(struct umpire_arena *a, struct umpire_pt p);
/* [12.5, 8] for a file. */
struct umpire_node *am_pt_node(struct umpire_arena *a, struct umpire_pt p);
/* "8.42" in a: hundredths as inches, two places; "8" when whole. */
const char *am_len_text(struct umpire_arena *a, int64_t v);
/* A mark for the step's picture, points in hundredths. */
void am_mark(struct umpire_ctx *ctx, enum umpire_mark_kind kind,
	const struct am_unit *u, struct umpire_pt from, struct umpire_pt to,
	const char *note);
/* Dice as "5, 2 and 6", in a. */
const char *am_dice_text(struct umpire_arena *a, const int *dice, int n);

/* ------------------------------------------------------ orders.c */

struct am_move_order {
	int unit;
	struct umpire_pt wp[AM_MAX_WAYPOINTS + 1];	/* wp[0]: where he is */
	size_t n;
	struct am_drive drive;		/* a tank's */
	const struct umpire_node *node;
};

struct am_fire_order {
	int unit;
	enum am_weapon weapon;		/* what fires: the soldier's, a
					   grenade, a tank's main gun or MG */
	bool forward;			/* a tank's forward machine gun */
	struct am_target at[AM_MAX_SPRAY];
	int dice[AM_MAX_SPRAY];
	int nat;			/* 2 or more: spraying */
	const struct umpire_node *node;
};

struct am_assault_order {
	int unit, target;
	const struct umpire_node *node;
};

struct am_orders {
	int action;
	struct am_move_order *moves;
	int nmoves;
	struct am_fire_order *fires;
	int nfires;
	struct am_assault_order *assaults;
	int nassaults;
	int *rally;
	int nrally;
	bool rally_given;
};

/*
 * Read orders for the card awaited into o, checking each rule on the
 * table as it stands at the card (each order in turn, moves carried out
 * on a copy as they go).  Returns the number of problems.
 */
size_t am_orders_read(struct umpire_ctx *ctx, const struct am_game *g,
	const struct umpire_node *doc, struct am_orders *o);

/* ------------------------------------------------------ resolve.c */
/* Draw the next card of the turn (a new turn after the eighth): the
 * cards left shuffled from the step's dice (AM-2); told in the report. */
void am_draw(struct umpire_ctx *ctx, struct am_game *g);
/* Whether the game is over now (AM-20); if so ends it in ctx->result. */
bool am_game_over(struct umpire_ctx *ctx, struct am_game *g, bool turn_done);

/* ---------------------------------------------------------------- hooks */

void *am_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario);
void *am_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state);
void am_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *state);
size_t am_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders);
void am_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders);
void am_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders);
void am_board(struct umpire_buf *out, const void *game);
void am_picture(struct umpire_svg *svg, const void *game,
	const struct umpire_marks *marks, const char *viewer);

/*
 * Whether the awaited decision is empty, from public information alone
 * (ruleset.h, the empty hook); if so, its orders and why.
 */
long long am_evaluate(const void *game, const char *player,
	const char *ruling);
bool am_empty(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *orders, struct umpire_buf *why);

/* stand.c: standing orders (ruleset.h, stands and bot_standing). */
size_t am_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body);
void am_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders);

#endif
