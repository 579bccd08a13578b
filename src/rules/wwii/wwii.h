/*
 * wwii.h - WWII Combined Arms, shared between the files of this folder.
 *
 * The map is a square grid (geom/grid.h) written like a chessboard: rank
 * 1 is the allies' back row, the highest rank the axis' (ruling WW-1 in
 * umpire-wwii(7)).  Rulings are cited as WW-N; rulebook sections by
 * their headings (Unit Master List, Army Creation, Setup, Move Phase,
 * Fire Phase, Double Whammy Rule, and the optional rules by name).
 *
 * Files, in a one-way chain: each calls only the files listed before it,
 * as mandoc's parsers never call its formatters.
 *
 *   ruleset.c   the Unit Master List, units, sides, squares; the
 *               registry entry, which names every hook and calls none
 *   plan.c      what is legal: moves, targets, damage, retreats
 *   read.c      what scenario, state and orders files share: squares,
 *               retreat orders, lists of units, Army Creation
 *   tell.c      how a step is told: report text, headline, the end
 *   fire.c      the Fire Phase, played by resolve and ahead by check
 *               and the bot
 *   orders.c    reading and checking orders of the three kinds
 *   resolve.c   the turn sequence: carrying out a decision, the next
 *   state.c     scenario (the set-up, step 0) and state files
 *   bot.c       random legal orders
 *   stand.c     what orders may stand, and the bot's standing orders
 *   board.c     the map as text
 *   picture.c   the map as a picture
 */
#ifndef UMPIRE_WWII_H
#define UMPIRE_WWII_H

#include <stdbool.h>
#include <stdint.h>

#include "game/ruleset.h"
#include "util/text.h"
#include "geom/grid.h"

#define WWII_FILES 8		/* The Map: an 8x8 chessboard */
#define WWII_RANKS 8
#define WWII_SETUP_ROWS 3	/* Setup: "his back three rows" */
#define WWII_MAX_MAP 64		/* the largest campaign map a side (WW-24) */
#define WWII_MAX_TARGETS 5	/* targets an attack may list (WW-10) */
#define WWII_TURN_LIMIT 100	/* turns a side by default (WW-18) */
#define WWII_REINFORCE_EVERY 3	/* Reinforcements: "every third turn" */
#define WWII_EXPERIENCE 5	/* Experienced Units: "helps destroy 5" */

enum wwii_side { WWII_ALLIES, WWII_AXIS };

/* The Unit Master List, in its order. */
enum wwii_type {
	WWII_INFANTRY, WWII_PARATROOPERS, WWII_ENGINEERS, WWII_MECH,
	WWII_LIGHT_TANK, WWII_MEDIUM_TANK, WWII_HEAVY_TANK, WWII_HOWITZER,
	WWII_AT_GUN, WWII_AA_GUN, WWII_AIRFIELD, WWII_FORTIFICATION, WWII_HQ,
	WWII_TYPES,
};

struct wwii_type_info {
	const char *name;	/* in files: "light-tank" */
	const char *title;	/* the Unit Master List's: "Light Tanks" */
	const char *code;	/* on the board: "LT" (allies), "lt" (axis) */
	const char *idcode;	/* default ids: "lt" makes a-lt1, x-lt1 */
	char cls;		/* I, T, L, A or B */
	int move, range, defense;
};

/* Retreat directions, as the unit's owner faces the enemy (WW-13). */
enum wwii_dir {
	WWII_BACK, WWII_BACK_LEFT, WWII_BACK_RIGHT, WWII_LEFT, WWII_RIGHT,
	WWII_DIRS,
};

enum wwii_kind { WWII_ARMY, WWII_PLACE, WWII_TURN };

/* How a unit was destroyed (state files name these). */
enum wwii_how {
	WWII_NO_RETREAT,	/* no square to retreat to */
	WWII_OFF_BOARD,		/* retreated off the board */
	WWII_BASE,		/* a base, which cannot move, had to retreat */
	WWII_DOUBLE_WHAMMY,	/* forced to retreat twice in one phase */
	WWII_HOWS,
};

extern const struct wwii_type_info wwii_types[WWII_TYPES];
extern const char *const wwii_sides[2];
extern const char *const wwii_Sides[2];	/* "The allies", "The axis" */
extern const char *const wwii_adj[2];	/* "allied", "axis" */
extern const char *const wwii_dirs[WWII_DIRS];
extern const char *const wwii_hows[WWII_HOWS];
extern const char *const wwii_kinds[3];
extern const unsigned char wwii_default_retreat[WWII_DIRS];

struct wwii_unit {
	const char *id;
	enum wwii_type type;
	bool elite;
	bool destroyed;
	int kills;		/* enemy units it helped destroy (WW-22) */
	unsigned char retreat[WWII_DIRS];	/* its standing order (WW-13) */
	int nretreat;		/* directions given; the rest by default */
	/* Once destroyed: */
	int fell;		/* the square it was destroyed on */
	long died;		/* the step */
	long seq;		/* the order of destruction, for the state file */
	enum wwii_how how;
	const char **by;	/* ids of the enemy units that helped (WW-22) */
	int nby;
};

struct wwii_options {
	bool cities, terrain, elite, experienced, reinforcements, campaign;
};

/* Army Creation's limits; a campaign scenario may set its own (WW-24). */
struct wwii_limits {
	int units, max_tanks, min_types, max_per_type, elite;
};

struct wwii_game;

/*
 * Where every unit stands.  The game's own position (wwii_game.pos) is
 * one, and resolve works on it; a copy in the job arena is another, on
 * which check and the bot plan a turn.
 */
struct wwii_pos {
	const struct wwii_game *g;
	struct wwii_unit *units[2];	/* the game's, or a copy with one more */
	int *at;		/* per square: unit reference or -1 */
	int *where[2];		/* per unit: square, or -1 */
	int n[2];
};

/* Square flags (the optional rules' terrain). */
#define WWII_DIFFICULT 1u
#define WWII_CITY 2u

struct wwii_game {
	struct umpire_arena *arena;	/* the game's, for what resolve keeps */
	struct wwii_options opt;
	struct wwii_limits lim;
	struct umpire_grid grid;
	int setup_rows;
	int turn_limit;
	int nsquares;
	unsigned char *terrain;	/* per square: WWII_DIFFICULT, WWII_CITY */
	struct wwii_pos pos;	/* where the units stand */
	struct wwii_unit *units[2];	/* the living, in order, then the dead */
	int nunits[2];
	size_t cap[2];
	struct wwii_ids *ids;	/* id -> unit */
	int first;		/* who designs, places and moves first (WW-4) */
	int to_move;		/* the side awaited; -1 once over */
	enum wwii_kind kind;	/* the decision awaited */
	int turns[2];		/* turns each side has played */
	int winner;		/* once over: the winner, -1 for a draw (core
				   keeps the result) */
	long deaths;		/* units destroyed so far, for wwii_unit.seq */
};

/* A unit reference in wwii_game.at: side and index in one int. */
static inline int
wwii_ref(int side, int i)
{
	return 2 * i + side;
}

static inline int
wwii_ref_side(int ref)
{
	return ref & 1;
}

static inline int
wwii_ref_index(int ref)
{
	return ref >> 1;
}

/* ----------------------------------------------------- tables (ruleset.c) */

int wwii_find_type(const char *name);
int wwii_find_dir(const char *name);
int wwii_find_side(const char *name);
bool wwii_is_tank(enum wwii_type t);
bool wwii_is_base(enum wwii_type t);

/* --------------------------------------------------- the game (ruleset.c) */

/* The unit called id: its index, with its side in *side; -1 if none. */
int wwii_find_unit(const struct wwii_game *g, const char *id, int *side);
/* Rebuild the id index (after units are added or reordered). */
void wwii_index_ids(struct wwii_game *g);
/* Append a unit to side's list (in g's arena); returns its index. */
int wwii_add_unit(struct wwii_game *g, int side);
struct umpire_square wwii_square(const struct wwii_game *g, int sq);
/* "e4", in the arena. */
const char *wwii_sq_name(struct umpire_arena *a, const struct wwii_game *g,
	int sq);
/* A side's own rank counted from its back row: 1 is the back row. */
int wwii_own_rank(const struct wwii_game *g, int side, int rank);
bool wwii_in_setup(const struct wwii_game *g, int side, int sq);
/* side's setup rows in words, in a: "ranks 1 to 3" (Setup, WW-5). */
const char *wwii_setup_ranks(struct umpire_arena *a, const struct wwii_game *g,
	int side);
/* "a-mt1 (Medium Tanks)", "a-mt1 (elite Medium Tanks)". */
const char *wwii_unit_text(struct umpire_arena *a, const struct wwii_unit *u);
/* Every direction of u's standing order, the given ones first (WW-13). */
void wwii_retreat_order(const struct wwii_unit *u, unsigned char out[WWII_DIRS]);
/*
 * The default id of the *nth unit of type t of side: "a-lt3", "x-hq" (the
 * HQ's number 1); or, if a unit of g (may be NULL) has it, or taken()
 * says so (may be NULL), the next number that neither does, left in
 * *nth (WW-2).
 */
const char *wwii_default_id(struct umpire_arena *a, const struct wwii_game *g,
	int side, enum wwii_type t, int *nth,
	bool (*taken)(void *ctx, const char *id), void *ctx);
/* Whether side is owed a reinforcement at its turn number turn (WW-23). */
bool wwii_reinforcement_due(const struct wwii_game *g, int turn);
/* Living placed units of side. */
int wwii_alive(const struct wwii_game *g, int side);
/* Whether side occupies every city (City Spaces, WW-19). */
bool wwii_holds_cities(const struct wwii_pos *p, int side);
/* Whether side, having just entered square `entered`, holds every city:
 * it wins then, by a move or a retreat (WW-19). */
bool wwii_takes_last_city(const struct wwii_pos *p, int side, int entered);

/* ------------------------------------------------------ planning (plan.c) */

/*
 * A copy in a, units and squares, with room for one more unit of side
 * `extra` (or -1): what check and the bot change as they play a turn
 * ahead, while the game's own position stays as it is.
 */
void wwii_pos_copy(struct wwii_pos *out, const struct wwii_pos *p,
	struct umpire_arena *a, int extra);
/* Add a unit to a copy made with room for it; returns its index. */
int wwii_pos_add(struct wwii_pos *p, int side, const struct wwii_unit *u,
	int sq);

/*
 * Each unit's Move for the turn of side about to start on p, in a: its
 * trait, or 4 for paratroopers next to a friendly airfield (WW-8).
 * Judged once, before the first move, so callers ask before moving.
 */
int *wwii_allowances(struct umpire_arena *a, const struct wwii_pos *p,
	int side);
/*
 * The rank, counted from side's back row (1), where its reinforcement
 * starts on p: the back row, or the nearest setup row with a free square
 * (WW-23); 0 if every square of the setup rows is held.
 */
int wwii_reinforce_rank(const struct wwii_pos *p, int side);

/* Defense now: the trait, +1 elite, +1 on difficult terrain (WW-20). */
int wwii_defense(const struct wwii_pos *p, int side, int i);
/* Damage one attack of attacker on target does (Fire Phase, WW-11). */
int wwii_damage(const struct wwii_unit *attacker, const struct wwii_unit *target);
/*
 * The AA gun that makes a unit on square sq immune to airfields: one on
 * sq or next to it, of either side (WW-16), side's own first; as a unit
 * reference (wwii_ref), or -1.
 */
int wwii_protector(const struct wwii_pos *p, int side, int sq);
/* Whether a paratrooper of side on sq stands next to a friendly airfield. */
bool wwii_next_to_airfield(const struct wwii_pos *p, int side, int sq);

/*
 * Where unit i of side can move this turn with allowance `move`: fills r
 * from its square through empty squares, tanks and mechanized infantry
 * stopping on difficult terrain (Move Phase, WW-6, WW-20).
 */
void wwii_reach(struct umpire_grid_reach *r, const struct wwii_pos *p,
	int side, int i, int move);

/*
 * Check a move of unit i of side to square `to` on p and, if legal,
 * carry it out on p.  Returns true, or false with why (citing the rule).
 * move is its allowance this turn (Paratroopers: WW-8).
 */
bool wwii_try_move(struct wwii_pos *p, int side, int i, int to, int move,
	char *why, size_t n);
/*
 * Whether unit i of side may attack enemy unit t on p now: on the board,
 * within range, not protected from an airfield.  false with why if not.
 */
bool wwii_can_attack(const struct wwii_pos *p, int side, int i, int t,
	char *why, size_t n);

/*
 * The square unit i of side retreats to on p, and the direction it
 * takes (Fire Phase, WW-13, WW-14), or -1 if it cannot retreat; then
 * *off says whether a direction led off the board.
 */
int wwii_retreat_square(const struct wwii_pos *p, int side, int i,
	int *dir, bool *off);
/* Why the square in direction d of unit i is not a retreat (for reports). */
void wwii_retreat_why(const struct wwii_pos *p, int side, int i, int d,
	char *why, size_t n);
/* The square one step in direction d from sq for side, or -1 if off. */
int wwii_step(const struct wwii_game *g, int side, int sq, int d);

/* ------------------------------------------------------- readers (read.c) */

struct wwii_recruit {
	const char *id;
	enum wwii_type type;
	int sq;			/* -1 unless a scenario places it */
	bool elite;
	unsigned char retreat[WWII_DIRS];
	int nretreat;
	const struct umpire_node *node;
};

/*
 * An army as a list of recruits (scenario or army orders): check the
 * Army Creation rules, the ids and the elite units.  side's army.
 * Returns the number of problems.
 */
size_t wwii_check_army(struct umpire_ctx *ctx, const struct wwii_game *g,
	int side, const struct wwii_recruit *r, int n,
	const struct umpire_node *where);
/*
 * Read side's list of recruits.  A unit without an id gets its default
 * (WW-2), skipping the ids of g's units and those the file gives in
 * list and in other, the other side's list (may be NULL).  Returns the
 * problems found.
 */
size_t wwii_read_recruits(struct umpire_ctx *ctx, const struct wwii_game *g,
	int side, const struct umpire_node *list, const struct umpire_node *other,
	struct wwii_recruit **out, int *n);
/* A retreat order's list of directions. */
int wwii_read_dirs(const struct umpire_node *list, unsigned char *out);
/*
 * A square's name in a file: its index, or -1 after a located error
 * that starts with what the file calls it, formatted from fmt only then
 * (a campaign turn names hundreds of squares).
 */
int wwii_read_square(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* --------------------------------------------------------- orders as read */

struct wwii_move {
	int unit;
	int to;
	const struct umpire_node *node;
};

struct wwii_attack {
	int unit;
	int ntargets;
	int targets[WWII_MAX_TARGETS];
	int index;		/* its place in the orders: attacks[index] */
	const struct umpire_node *node;
};

struct wwii_standing {
	int unit;		/* own unit; in army orders, an index in army */
	unsigned char dirs[WWII_DIRS];
	int n;
};

/* Orders as read and checked. */
struct wwii_orders {
	enum wwii_kind kind;
	struct wwii_recruit *army;	/* army */
	int narmy;
	int place_unit, place_sq;	/* place */
	bool reinforce;			/* turn */
	enum wwii_type rtype;
	int rsq;
	const char *rid;
	struct wwii_move *moves;
	int nmoves;
	struct wwii_attack *attacks;
	int nattacks;
	struct wwii_standing *standing;	/* any kind */
	int nstanding;
};

/* ------------------------------------------------------- telling (tell.c) */

/*
 * How resolve tells a step: the report, and the headline, whose events
 * are counted past the first few.  ctx->report receives the text.
 */
/* The headline names this many events, then counts the rest. */
#define WWII_HEADLINE_EVENTS 4

struct wwii_telling {
	struct umpire_ctx *ctx;
	struct wwii_game *g;
	int side;
	int item;		/* numbered list item */
	int moves;		/* moves carried out */
	struct umpire_headline head;	/* names a few events, counts the rest */
};

/* A clause of the headline: "x-inf1 retreats to d5". */
void wwii_tell_event(struct wwii_telling *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A mark for the step's picture (picture.c): side's unit went, fired or
 * was lost from square from (-1: none) to square to. */
void wwii_tell_mark(struct wwii_telling *t, enum umpire_mark_kind kind,
	int side, const char *unit, int from, int to, const char *note);
/* Text, a number, a square's name, a unit as wwii_unit_text: appended to
 * the report's body without printf (a campaign turn tells hundreds). */
void wwii_tell_puts(struct wwii_telling *t, const char *s);
void wwii_tell_int(struct wwii_telling *t, int n);
void wwii_tell_square(struct wwii_telling *t, int sq);
void wwii_tell_unit(struct wwii_telling *t, int side, int i);
/* The game ends at this step: winner (-1 for a draw) and how, in the
 * game's arena, for the state's result. */
void wwii_tell_game_over(struct wwii_telling *t, int winner,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* side occupies every city and wins (City Spaces, WW-19): told and ended. */
void wwii_tell_city_victory(struct wwii_telling *t, int side);

/* ------------------------------------------------ the Fire Phase (fire.c) */

/*
 * The Fire Phase as it is played: by resolve on the game's own position,
 * telling it; by check and the bot on a copy, silently, so that each
 * attack is judged on the position the attacks before it leave (WW-10).
 * One code for all, so a check cannot disagree with what the turn then
 * does.
 */
struct wwii_fire {
	struct wwii_pos *p;	/* changed as the phase goes */
	struct umpire_arena *scratch;	/* the job's */
	struct umpire_arena *keep;	/* what the destroyed keep: g's, or scratch */
	int side;		/* the side firing */
	long step;
	long deaths;		/* wwii_unit.seq of the last unit destroyed */
	int *damage;		/* per enemy unit: since its last retreat (WW-12) */
	int *retreats;		/* per enemy unit: this phase (WW-15) */
	int *forced_at;		/* per enemy unit: the attack that last forced it
				 * back, as wwii_attack.index, or -1 */
	int **helpers;		/* per enemy unit: the units that damaged it */
	int *nhelpers;
	size_t *hcap;
	int made;		/* attacks carried out */
	bool over;		/* an HQ fell or a side holds every city */
	struct wwii_telling *tell;	/* resolve's, or NULL: play silently */
};

void wwii_fire_begin(struct wwii_fire *f, struct wwii_pos *p, int side,
	long step, long deaths, struct umpire_arena *scratch,
	struct umpire_arena *keep);
/*
 * The first of a's targets not destroyed earlier in this phase, from its
 * k-th on (WW-10): its index among the enemy units, with its place in
 * the list in *k; -1 if none is left, and the attack is spent.
 */
int wwii_fire_target(const struct wwii_fire *f, const struct wwii_attack *a,
	int *k);
/*
 * Unit i attacks enemy unit v, which it can attack now: the damage, and
 * the retreat or the destruction it forces (Fire Phase, WW-11 to WW-15,
 * WW-22), the end of the game if it comes (WW-17, WW-19).  index is the
 * attack's place in the orders, for messages.
 */
void wwii_fire_hit(struct wwii_fire *f, int i, int v, int index);

/* ------------------------------------------------------ orders (orders.c) */

/*
 * Read orders (valid under the schema and the envelope) into o, checking
 * every rule.  Returns the number of problems recorded.
 */
size_t wwii_orders_read(struct umpire_ctx *ctx, const struct wwii_game *g,
	const struct umpire_node *doc, struct wwii_orders *o);

/* ------------------------------------------ the turn sequence (resolve.c) */

/* What comes after a step: the next decision, or the end (resolve.c). */
void wwii_next_decision(struct wwii_game *g, int just);
/* The decision awaited in words, for "the axis ... next": "design their
 * army", "place a unit", "play turn 4" (resolve.c). */
const char *wwii_next_text(struct umpire_arena *a, const struct wwii_game *g);

/* ----------------------------------------------------------------- hooks */

void *wwii_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario);
void *wwii_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state);
void wwii_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *state);
size_t wwii_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders);
void wwii_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders);
void wwii_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders);
void wwii_board(struct umpire_buf *out, const void *game);
void wwii_picture(struct umpire_svg *svg, const void *game,
	const struct umpire_marks *marks, const char *viewer);

/*
 * Whether the awaited decision is empty, from public information alone
 * (ruleset.h, the empty hook); if so, its orders and why.
 */
long long wwii_evaluate(const void *game, const char *player,
	const char *ruling);
bool wwii_empty(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *orders, struct umpire_buf *why);

/* stand.c: standing orders (ruleset.h, stands and bot_standing). */
size_t wwii_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body);
void wwii_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders);

#endif
