/*
 * amb.h - Army Man Backgammon, shared between the files of this folder.
 *
 * The board is a backgammon track of 24 rows (geom/track.h), numbered
 * from green's back row: green sets up on rows 1-5 and moves up, tan on
 * rows 20-24 and moves down (ruling AMB-1 in umpire-amb(7)).  Rulings are
 * cited as AMB-N; rulebook sections by their headings.
 *
 * Files, in a one-way chain: each calls only the files listed before it.
 *
 *   ruleset.c   weapons, stances, sides; the registry entry, which names
 *               every hook and calls none
 *   plan.c      what is legal: checking a turn, searching all turns; the
 *               roll for first player and the Tactics Phase dice
 *   mines.c     the Mine Detector's minefields (AMB-17), laid in secret
 *   state.c     scenario (the set-up, step 0) and state files
 *   orders.c    reading and checking orders
 *   resolve.c   carrying them out with dice, and telling it
 *   bot.c       random legal orders
 *   board.c     the board as text
 *   picture.c   the board as a picture
 */
#ifndef UMPIRE_AMB_H
#define UMPIRE_AMB_H

#include <stdbool.h>
#include <stdint.h>

#include "game/ruleset.h"
#include "geom/track.h"

struct umpire_headline;

#define AMB_ROWS 24
#define AMB_BACK_ROWS 5		/* Set Up: "your back 5 rows" */
#define AMB_ROW_LIMIT 5		/* Maneuver Phase: "a 5 man limit" */
#define AMB_MAX_MEN 25		/* five back rows of five */
#define AMB_MAX_DICE 4		/* More Dice variant, AMB-19 */
#define AMB_MAX_TARGETS 5	/* targets an attack may list */
#define AMB_MAX_IN_RANGE (2 * AMB_ROW_LIMIT)	/* a row ahead and one behind */

enum amb_side { AMB_GREEN, AMB_TAN };

enum amb_weapon {
	AMB_BAZOOKA, AMB_MORTAR, AMB_RADIO, AMB_MACHINE_GUN, AMB_RIFLE,
	AMB_SMG, AMB_GRENADE, AMB_FLAMETHROWER, AMB_PISTOL, AMB_WEAPONS,
};

enum amb_stance {
	AMB_PRONE, AMB_KNEELING, AMB_STANDING, AMB_RUNNING, AMB_STANCES,
};

/* How a man fell (state files name these). */
enum amb_how { AMB_SHOT, AMB_CAPTURED, AMB_LOST, AMB_MINED };

struct amb_weapon_info {
	const char *name;	/* as in files: "machine-gun" */
	const char *text;	/* as in reports: "machine gun" */
	const char *abbrev;	/* on the board: "mg" */
	int range;		/* Weapon Table */
};

struct amb_stance_info {
	const char *name;
	char letter;		/* on the board */
	int max_move;		/* Stance Table: maximum move */
	int save;		/* Stance Table: saves on 1..save */
};

extern const struct amb_weapon_info amb_weapons[AMB_WEAPONS];
extern const struct amb_stance_info amb_stances[AMB_STANCES];
extern const char *const amb_sides[2];
extern const char *const amb_hows[4];
extern const struct umpire_track amb_track;

struct amb_man {
	const char *id;
	unsigned weapons;	/* bit (1u << enum amb_weapon) per weapon */
	enum amb_stance stance;
	int row;		/* 1..24; where he fell, once dead */
	bool sergeant;
	bool detector;		/* carries a mine detector (AMB-17) */
	bool dead;
	long died;		/* the step he fell in */
	enum amb_how how;
	int by;			/* the enemy responsible, or -1 */
};

/* How many weapons m carries (plain C: no compiler's popcount builtin). */
static inline int
amb_weapon_count(const struct amb_man *m)
{
	int n = 0;

	for (unsigned w = m->weapons; w; w &= w - 1)
		n++;
	return n;
}

struct amb_options {
	int dice;
	bool fire_and_movement, charge, dig_in, infiltration, sergeant;
	bool mine_detector;	/* AMB-17 */
};

/*
 * Mine Detector (AMB-17): each side's three minefields.  The rows are
 * the secret part (known only with the game's secret); the commitments
 * are public, and a minefield that went off or was cleared is public
 * too, with the salt that opens its commitment.
 */
#define AMB_MINEFIELDS 3
#define AMB_MINE_ROWS 2		/* "3 hidden minefields in 2 spaces" */
#define AMB_HALF 12		/* "your side of the board": rows 1-12, 13-24 */

struct amb_minefield {
	int row;		/* 0 when not known (public part alone) */
	const char *commitment;
	const char *salt;	/* published once known to all, else NULL */
	bool known;		/* went off or cleared: its row is public */
	long cleared;		/* the step a detector cleared it, or 0 */
};

struct amb_game {
	struct umpire_arena *arena;	/* the game's, for text made later */
	struct amb_options opt;
	struct amb_man men[2][AMB_MAX_MEN];	/* in scenario order */
	int nmen[2];
	int fallen[2][AMB_MAX_MEN];	/* dead men, in the order they fell */
	int nfallen[2];
	int to_move;		/* the side awaited, or -1 once over */
	int dice[AMB_MAX_DICE];	/* the awaited side's Tactics Phase dice */
	int winner;		/* -1 until over (core keeps the result) */
	int off_man;		/* the winner's man who moved off, or -1 */
	/* AMB-17: minefields, once laid; laying while a side lays them. */
	bool laid[2];
	struct amb_minefield mines[2][AMB_MINEFIELDS];
	bool laying;
	bool secret;		/* the rows of unknown minefields are known */
};

/* ------------------------------------------------------------ planning */

/*
 * Where the men stand while a turn is planned; small enough to copy.
 * row and count are the board had every attack so far been saved, on
 * which orders are checked (AMB-10).  best_row and best_count are the
 * board had every attack killed: the fewest enemies, so the most men of
 * the side to move alive, that the saving throws can leave; a Stance
 * Phase order may name any man on it (AMB-14).
 */
struct amb_board {
	signed char row[2][AMB_MAX_MEN];	/* 0: dead or off the board */
	unsigned char count[2][AMB_ROWS + 1];	/* men per row */
	signed char best_row[2][AMB_MAX_MEN];
	unsigned char best_count[2][AMB_ROWS + 1];
};

enum amb_kind { AMB_MOVE, AMB_ATTACK };

struct amb_action {
	enum amb_kind kind;
	int man;		/* the acting man, of the side to move */
	int die;		/* the value used */
	int weapon;		/* attacks: the weapon named, or -1 */
	int ntargets;		/* attacks: enemies in order of preference */
	int targets[AMB_MAX_TARGETS];
};

/* A turn so far. */
struct amb_turn {
	int side;
	int left[7];		/* unused dice by value */
	int nleft;
	int used;
	unsigned char moves[AMB_MAX_MEN];
	bool attacked[AMB_MAX_MEN];
	int nmoves, nattacks;
	int first, last;	/* kind of the first and last action; -1 */
	bool switched;		/* both phases have begun */
	int double_mover;	/* AMB-13 Infiltration; -1 */
	bool won;
};

struct amb_play {
	struct amb_action a[AMB_MAX_DICE];
	int n;
};

bool amb_sergeant_dead(const struct amb_game *g, int side);
void amb_board_init(struct amb_board *b, const struct amb_game *g);
void amb_turn_init(struct amb_turn *t, const struct amb_game *g);
/* The enemy man on a row when exactly one stands there, else -1. */
int amb_lone_enemy(const struct amb_board *b, int side, int row);

/*
 * Try one action: if legal, apply it to b and t and return true; if not,
 * return false and, when why is not NULL, say why (citing the rule).
 */
bool amb_try(const struct amb_game *g, struct amb_board *b,
	struct amb_turn *t, const struct amb_action *a, char *why, size_t n);
/* Enemies an attack by man with die could hit from b; out (if not NULL)
 * has room for AMB_MAX_IN_RANGE. */
int amb_targets(const struct amb_game *g, const struct amb_board *b,
	int side, int man, int die, int *out);
/* Whether t is a whole turn (Charge and Dig In allowed, and so on). */
bool amb_turn_complete(const struct amb_game *g, const struct amb_turn *t,
	char *why, size_t n);
/* Dice a complete turn counts as using: all of them once it has won. */
int amb_turn_value(const struct amb_game *g, const struct amb_turn *t);

/*
 * Whether an attack now with die, if it killed an enemy on row, could
 * change which men of the side to move may live to the Stance Phase
 * (AMB-14): a move may follow it and land there.
 */
bool amb_kill_matters(const struct amb_game *g, const struct amb_board *b,
	const struct amb_turn *t, int die, int row);

/*
 * Every action the side to move may take next from b and t: fn gets it
 * with the board and turn after it, and how many orders it stands for.
 * Which target an attack names does not change the moves and attacks
 * that may follow (AMB-10), so one call stands for the attack at every
 * target whose death does not matter (amb_kill_matters); each of the
 * others has a call of its own, standing for one order.  Stops,
 * returning false, when fn does.
 */
typedef bool (*amb_next_fn)(void *ctx, const struct amb_action *a,
	const struct amb_board *b, const struct amb_turn *t, uint64_t ways);
bool amb_each_next(const struct amb_game *g, const struct amb_board *b,
	const struct amb_turn *t, amb_next_fn fn, void *ctx);

/*
 * The most dice any legal turn uses (AMB-12), and one such turn as an
 * example.
 */
int amb_most_dice(const struct amb_game *g, struct amb_play *example);

/* "move g3 with the 4, then attack t7 with g5 using the 2" */
void amb_play_text(struct umpire_buf *out, const struct amb_game *g,
	const struct amb_play *p);

/* --------------------------------------------------------------- files */

void *amb_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario);
void *amb_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state);
void amb_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *state);
size_t amb_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders);
void amb_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders);
void amb_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders);
void amb_board(struct umpire_buf *out, const void *game);
void amb_picture(struct umpire_svg *svg, const void *game,
	const struct umpire_marks *marks, const char *viewer);

/* Mine Detector (AMB-17): mines.c. */
bool amb_hides(const struct umpire_node *scenario, struct umpire_buf *why);
void amb_secret_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *secret);
bool amb_secret_decode(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *secret);
void amb_view(struct umpire_ctx *ctx, const void *game, const char *player,
	struct umpire_buf *out);
/* The minefields' public part of the state, and reading it back. */
void amb_mines_encode(struct umpire_ctx *ctx, const struct amb_game *g,
	struct umpire_node *state);
void amb_mines_decode(struct umpire_ctx *ctx, struct amb_game *g,
	const struct umpire_node *state);
/* Check and carry out orders that lay minefields; the bot's. */
size_t amb_mines_check(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *orders);
void amb_mines_lay(struct umpire_ctx *ctx, struct amb_game *g,
	const struct umpire_node *orders);
void amb_mines_bot(struct umpire_ctx *ctx, const struct amb_game *g,
	struct umpire_rng *rng, struct umpire_node *orders);
/*
 * A man of side has just landed on row in his move: clear the enemy
 * minefields there if he carries a detector, else make his saving
 * throws against them.  Reports it; returns false if he died.
 */
bool amb_mines_landed(struct umpire_ctx *ctx, struct amb_game *g, int side,
	int man, int row, struct umpire_headline *head);
/*
 * The roll for first player (Set Up, AMB-3) and his Tactics Phase dice,
 * told in the report: at step 0, or once both sides laid minefields.
 * Returns the first player; roll gets the deciding rolls.
 */
int amb_first_player(struct umpire_ctx *ctx, struct amb_game *g,
	int roll[2]);
/* The known minefields, for the board. */
void amb_mines_board(struct umpire_buf *out, const struct amb_game *g);

/* Orders as read: the turn's actions and the stance change. */
struct amb_orders {
	struct amb_play play;
	const struct umpire_node *nodes[AMB_MAX_DICE];	/* for diagnostics */
	int stance_man;		/* -1: no change */
	enum amb_stance stance_to;
	bool won;		/* a move wins the game (AMB-8) */
};

/*
 * Read orders (already valid under the schema and the envelope) into o,
 * checking every rule.  Returns the number of problems recorded.
 */
size_t amb_orders_read(struct umpire_ctx *ctx, const struct amb_game *g,
	const struct umpire_node *doc, struct amb_orders *o);

/* Roll the awaited side's Tactics Phase dice (step ctx->step). */
void amb_roll_tactics(struct umpire_ctx *ctx, struct amb_game *g, int side);
/* "4 and 2", "6, 5 and 1" */
const char *amb_dice_text(struct umpire_arena *a, const int *dice, int n);
/* "g3 (rifle, running)" */
const char *amb_man_text(struct umpire_arena *a, const struct amb_man *m);
int amb_find_man(const struct amb_game *g, const char *id, int *side);
int amb_find_weapon(const char *name);
int amb_find_stance(const char *name);

/* The bot's level 2 (ruleset.h): how good the game stands for player,
 * and what he may imagine of the secrets he does not know. */
long long amb_evaluate(const void *game, const char *player,
	const char *ruling);
void amb_imagine(void *game, const char *player, struct umpire_rng *rng);
/*
 * Whether the awaited decision is empty, from public information alone
 * (ruleset.h, the empty hook); if so, its orders and why.
 */
bool amb_empty(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *orders, struct umpire_buf *why);

#endif
