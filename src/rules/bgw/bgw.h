/*
 * bgw.h - Backgammon Wars, shared between the files of this folder.
 *
 * Classic backgammon underneath (plan.h), with three kinds of units, a
 * Power Deck of 24 cards dealt into secret hands, and tokens.  Rulings
 * are cited as BGW-N (umpire-bgw(7)); the rulebook's sections by their
 * headings (Setup, How to Move, Doubles, Hitting, The Wall, Variant
 * Rules, Bearing Off, Winning, Units and Core Abilities, Special Tokens,
 * Power Deck) and cards by name.
 *
 * Points: each side numbers its own points 1 (the last of its home) to
 * 24 (its back point), as backgammon players write moves; a unit's
 * place in files and orders is in its owner's numbering.  In memory a
 * point is absolute, white's number: black's point p is white's 25 - p
 * (bgw_abs).  BGW_OFF and BGW_WALL are the places off the board.
 *
 * A turn is two decisions (BGW-4): `declare`, before the roll, then
 * `play`, with the dice.  The opening turn is a play alone (BGW-3).
 *
 * Files, in a one-way chain (each calls only those above it):
 *   plan.c      backgammon's legal plays, counts only (plan.h)
 *   ruleset.c   tables (cards, sides, units), the board's questions; the
 *               registry entry, which names every hook and calls none
 *   cards.c     the deck: deal, draw, hands, the secret part, the views
 *   orders.c    reading orders into struct bgw_orders
 *   resolve.c   carrying orders out (check and resolve share it): rolls,
 *               reactions, moves, shots, spells, cards; the next decision
 *   state.c     scenario and state files
 *   bot.c       random legal orders, from the bot's own hand only
 *   stand.c     what orders may stand, and the bot's standing orders
 *   board.c     the board as text
 *   picture.c   the board as a picture
 */
#ifndef UMPIRE_BGW_H
#define UMPIRE_BGW_H

#include <stdbool.h>
#include <stdint.h>

#include "game/ruleset.h"
#include "util/text.h"
#include "plan.h"

#define BGW_UNITS 15		/* a side's: 10 warriors, 3 archers, 2 mages */
#define BGW_ALL (2 * BGW_UNITS)
#define BGW_HAND 3		/* Setup: 3 cards dealt each */
#define BGW_CAP 5		/* Variant Rules: 5 units a space */
#define BGW_MAX_DICE 5		/* doubles four times and a stolen die */
#define BGW_MAX_REACTIONS 8
#define BGW_MAX_ACTIONS 12
#define BGW_IDLE 20		/* plays in a row with no change: a stalemate */
#define BGW_OFF 0
#define BGW_WALL 25

enum bgw_side { BGW_WHITE, BGW_BLACK };
enum bgw_type { BGW_WARRIOR, BGW_ARCHER, BGW_MAGE, BGW_TYPES };
enum bgw_mode { BGW_MOVE, BGW_ARCHERS, BGW_MAGES };

/* The Power Deck, 24 cards: Potion and Poison come in 1, 3 and 5 (BGW-20). */
enum bgw_card {
	BGW_POTION1, BGW_POTION3, BGW_POTION5, BGW_CALTROPS, BGW_ESCORT,
	BGW_THRUST, BGW_SHOVE, BGW_PARRY,
	BGW_POISON1, BGW_POISON3, BGW_POISON5, BGW_SPYMASTER, BGW_THIEF,
	BGW_SABOTAGE, BGW_STRAFING, BGW_AIMED,
	BGW_DIVINATION, BGW_TRANSMUTATION, BGW_DUPLICATION, BGW_EVOCATION,
	BGW_ABJURATION, BGW_REINCARNATION, BGW_CONJURATION, BGW_MANIFESTATION,
	BGW_CARDS,
};

/* When a card is played (BGW-14, BGW-21). */
enum bgw_timing {
	BGW_DECLARE,		/* in declare orders: Divination, Duplication */
	BGW_PLAY,		/* an action of play orders */
	BGW_ON_MOVE,		/* named on a move: Escort, Strafing Shot */
	BGW_REACTION,		/* a standing reaction, sealed */
};

struct bgw_card_info {
	const char *name;	/* in files: "potion-3" */
	const char *title;	/* "Potion (+3)" */
	enum bgw_type needs;	/* a unit of this type alive on the board */
	enum bgw_timing timing;
	int amount;		/* Potion +N, Poison N; else 0 */
};

extern const struct bgw_card_info bgw_cards[BGW_CARDS];
extern const char *const bgw_sides[2];		/* "white" */
extern const char *const bgw_Sides[2];		/* "White" */
extern const char *const bgw_types[BGW_TYPES];	/* "warrior" */
extern const char *const bgw_modes[3];		/* "move" */

struct bgw_unit {
	char id[8];		/* "w-war3", "b-mag1" */
	int side;
	enum bgw_type type;
	int at;			/* absolute point 1..24, BGW_OFF or BGW_WALL */
	long seq;		/* stacking order: the highest is on top (BGW-2) */
	int trapped_by;		/* the enemy warrior trapping it, or -1 */
};

/* A standing reaction (BGW-21): play card when its condition arises. */
struct bgw_reaction {
	enum bgw_card card;
	int when;		/* roll cards: 0 doubles, else a total at least */
	uint32_t against;	/* Parry: bit per card answered; all: ~0 */
	int die;		/* Poison: 0 the highest die, -1 the lowest, 1 to
				   6 a die showing it (BGW-16) */
};

struct bgw_game {
	struct umpire_arena *arena;
	bool deck;		/* options.power-deck */
	int turns;		/* options.turns: 0 no limit (BGW-32) */
	struct bgw_unit u[BGW_ALL];	/* white's, then black's */
	long seq;		/* the last seq given */
	int barrier[2];		/* each side's Abjuration barrier, abs, or 0 */
	int fire;		/* the Conjuration fire, abs, or 0 */
	int fire_by;		/* the side that lit it */
	/* The decision awaited. */
	int to_move;		/* -1 once over */
	bool declaring;
	enum bgw_mode mode;
	int dice[3];		/* the dice rolled: 2, or 3 with Divination */
	int ndice;
	int extra;		/* a stolen die added (Thief), or 0 */
	bool sabotaged;		/* Sabotage: doubles played once, no card */
	int turn;		/* turns begun, the opening's included */
	int idle;		/* plays in a row that changed nothing (BGW-33) */
	int last[2][2];		/* each side's last roll (Duplication) */
	int stolen[2];		/* a die a side stole, for its next roll */
	int spied[2][2];	/* Spymaster: a side's next roll, drawn; 0s */
	/*
	 * Spymaster from UMPIRE_BGW_LETTER_SINCE (BGW-26): a play set aside
	 * while the other side decides: the spy's while his opponent
	 * declares and rolls, then the opponent's while the spy plays.
	 */
	struct bgw_aside {
		bool on;
		int side;
		enum bgw_mode mode;
		int dice[3];
		int ndice;
		int extra;
		bool sabotaged;
	} aside;
	/* The Power Deck.  Counts are public; the cards only with secret. */
	bool secret;		/* the piles, hands and reactions are known */
	int pile[BGW_CARDS];	/* top first */
	int npile;
	int hand[2][BGW_CARDS];
	int nhand[2];
	struct bgw_reaction react[2][BGW_MAX_REACTIONS];
	int nreact[2];		/* public before UMPIRE_HIDDEN_REACTIONS_SINCE */
	bool counted;		/* the state read gave nreact */
	int discard[BGW_CARDS];	/* public, the last played last */
	int ndiscard;
	const char *commit_pile;	/* commitments, as read or made */
	const char *commit_hand[2];
	const char *commit_react[2];
	int winner;		/* once over: a side, or -1 for a draw */
};

/* A unit's absolute point from its owner's number, and back. */
static inline int
bgw_abs(int side, int own)
{
	return own == BGW_OFF || own == BGW_WALL || side == BGW_WHITE ? own :
		25 - own;
}
#define bgw_own bgw_abs		/* the same map both ways */

/* ------------------------------------------------------------ ruleset.c */

int bgw_find_card(const char *name);
int bgw_find_unit(const struct bgw_game *g, const char *id);
/* side's units on absolute point p; the top one, or -1. */
int bgw_count(const struct bgw_game *g, int side, int abs);
int bgw_top(const struct bgw_game *g, int side, int abs);
/* Whether side has a unit of type t on the board (BGW: Power Deck). */
bool bgw_alive(const struct bgw_game *g, int side, enum bgw_type t);
/* The trapped unit on absolute point p, or -1. */
int bgw_trap_at(const struct bgw_game *g, int abs);
/* Whether unit i is a lone unit on its side's barrier (Abjuration). */
bool bgw_protected(const struct bgw_game *g, int i);
/* Unit i alone of its side on its point, and not protected. */
bool bgw_lone(const struct bgw_game *g, int i);
/* The position as plan.c sees it, from side's view (BGW-5 to BGW-9). */
void bgw_position(const struct bgw_game *g, int side, struct bg_pos *p);
/* Put unit i on absolute point at (or Wall, off), on top of the stack;
 * the trap it held or was held in ends. */
void bgw_place(struct bgw_game *g, int i, int at);
/* Number the stacks as decode reads them back, so that a game resolved
 * and the same game read from its state are one (verify). */
void bgw_renumber(struct bgw_game *g);
/* "w-war3 (warrior)". */
const char *bgw_unit_text(struct umpire_arena *a, const struct bgw_unit *u);
/* A unit's place for side's reader: "point 13", "the Wall", "off". */
const char *bgw_where(struct umpire_arena *a, int side, int abs);
/* Dice as "6 and 3". */
const char *bgw_dice_text(struct umpire_arena *a, const int *d, int n);
/* The section across from an archer on absolute point p: space n's
 * absolute point (BGW-10), or 0 when n is not 1 to 6. */
int bgw_across(int p, int n);
/* A unit of side's enemy may be moved back by side's mages (BGW-11). */
bool bgw_spell_reach(const struct bgw_game *g, int side, int i);
/* Where enemy unit i may be pushed to absolute point q by side (a spell,
 * a Shove): open to it, never a hit (BGW-11). */
bool bgw_push_ok(const struct bgw_game *g, int i, int q);
bool bgw_holds(const struct bgw_game *g, int side, int card);
/*
 * Whether the step is made by the rulings read again to the letter of
 * the rulebook (UMPIRE_BGW_LETTER_SINCE: BGW-8, BGW-13, BGW-16, BGW-26,
 * BGW-27); false when verify replays an older game's step.
 */
bool bgw_letter(const struct umpire_ctx *ctx);

/* --------------------------------------------------------------- cards.c */

/* The deck at set-up: shuffled from the seed, 3 dealt each (Setup). */
void bgw_deal(struct umpire_ctx *ctx, struct bgw_game *g);
/* side draws a card (BGW-24); false when none is left. */
bool bgw_draw(struct umpire_ctx *ctx, struct bgw_game *g, int side);
/* Take card c from side's hand; put it on the discards. */
void bgw_play_card(struct bgw_game *g, int side, int c);
/* Give card c back to side's hand (Parry: "they may keep the card"). */
void bgw_unplay_card(struct bgw_game *g, int side, int c);
/* The commitments of the public part for the step awaited (ctx->step):
 * the pile, white's and black's hands, white's and black's reactions. */
void bgw_commitments(struct umpire_ctx *ctx, const struct bgw_game *g,
	const char *out[5]);
const char *bgw_reaction_text(struct umpire_arena *a,
	const struct bgw_reaction *r);
/* A list of reactions (already past the schema) into out. */
int bgw_reactions_read(const struct umpire_node *list,
	struct bgw_reaction *out);
struct umpire_node *bgw_reactions_node(struct umpire_arena *a,
	const struct bgw_reaction *r, int n);
bool bgw_hides(const struct umpire_node *scenario, struct umpire_buf *why);
void bgw_secret_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *secret);
bool bgw_secret_decode(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *secret);
void bgw_view(struct umpire_ctx *ctx, const void *game, const char *player,
	struct umpire_buf *out);

/* -------------------------------------------------------------- state.c */

void *bgw_create(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *scenario);
void *bgw_decode(struct umpire_arena *ga, struct umpire_ctx *ctx,
	const struct umpire_node *state);
void bgw_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *state);

/* -------------------------------------------------------------- orders.c */

enum bgw_act { BGW_ACT_MOVE, BGW_ACT_SHOOT, BGW_ACT_SPELL, BGW_ACT_CARD };

struct bgw_action {
	enum bgw_act kind;
	int unit;		/* the mover, archer, warrior, Reincarnation's
				   unit; a spell's enemy unit */
	int die;		/* the die it uses; Potion: the die it raises */
	bool trap;		/* a warrior traps the lone unit it lands on */
	int escort;		/* Escort: the unit moving with it, or -1 */
	int strafe;		/* Strafing Shot: the enemy it captures, or -1 */
	int card;		/* BGW_ACT_CARD: the card; else -1 */
	int target;		/* Thrust, Shove: an enemy unit, or -1 */
	int point;		/* Abjuration, Conjuration, Reincarnation:
				   absolute point; else 0 */
	const struct umpire_node *node;
};

struct bgw_orders {
	/* declare */
	enum bgw_mode mode;
	int before;		/* Divination or Duplication, or -1 */
	/* play */
	int keep[2];		/* Divination: the dice kept, or 0s */
	int doubles;		/* 0 none given, 4 four moves, 2 and a card */
	struct bgw_action act[BGW_MAX_ACTIONS];
	int nact;
	/* either */
	bool reactions;		/* the standing reactions are replaced */
	struct bgw_reaction react[BGW_MAX_REACTIONS];
	int nreact;
	const struct umpire_node *doc, *actions_node;
};

/* Read orders for g's awaited decision; problems in ctx->diags. */
void bgw_orders_read(struct umpire_ctx *ctx, const struct bgw_game *g,
	const struct umpire_node *doc, struct bgw_orders *o);
/* Whether n is a value core opened from a sealed block. */
bool bgw_was_sealed(const struct umpire_ctx *ctx, const struct umpire_node *n);

/* ------------------------------------------------------------- resolve.c */

/*
 * Carry out orders o on g.  resolve is false for check and the bot: the
 * same code on a copy, silent, with no reaction and no roll, recording
 * every problem in ctx->diags; true for resolve: reactions fire, and an
 * action a reaction has made impossible is lost and told.
 */
void bgw_carry_out(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct bgw_orders *o, bool resolve);
/* The opening roll, at set-up (BGW-3). */
void bgw_opening(struct umpire_ctx *ctx, struct bgw_game *g);
struct bgw_game *bgw_copy(struct umpire_arena *a, const struct bgw_game *g);
/*
 * For the bot: carry out o, cards alone, silently on g (a copy), and
 * give the dice left to use after them (kept, raised, doubled): how many.
 */
int bgw_prepare(struct umpire_ctx *ctx, struct bgw_game *g,
	const struct bgw_orders *o, int dice[BGW_MAX_DICE]);
size_t bgw_check(struct umpire_ctx *ctx, const void *game,
	const struct umpire_node *orders);
void bgw_resolve(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *orders);

/* --------------------------------------------------------- bot, board, ... */

void bgw_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders);
void bgw_board(struct umpire_buf *out, const void *game);
void bgw_picture(struct umpire_svg *svg, const void *game,
	const struct umpire_marks *marks, const char *viewer);

/* The bot's level 2 (ruleset.h): how good the game stands for player,
 * and what he may imagine of the secrets he does not know. */
long long bgw_evaluate(const void *game, const char *player,
	const char *ruling);
void bgw_imagine(void *game, const char *player, struct umpire_rng *rng);
/*
 * Whether the awaited decision is empty, from public information alone
 * (ruleset.h, the empty hook); if so, its orders and why.
 */
bool bgw_empty(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *orders, struct umpire_buf *why);

/* stand.c: standing orders (ruleset.h, stands and bot_standing). */
size_t bgw_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body);
void bgw_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders);

#endif
