/*
 * ruleset.h - the one interface every rulebook implements.
 *
 * A ruleset is a struct of function pointers (like libgit2's
 * git_odb_backend) listed in src/rules/registry.c; adding a ruleset
 * touches that table and the ruleset's own folder, nothing else.  The
 * registry checks each entry when umpire starts (umpire_rulesets_check):
 * a wrong interface version or a missing hook is refused there.
 *
 * The core knows nothing of any game.  It owns the envelope of every
 * file: it writes and checks `awaiting: {player, step, kind}` from the
 * decision hook, writes and checks the result (result.h), validates
 * files against the ruleset's schemas, keeps the dice, the report frame,
 * the picture's frame and the history, and calls these hooks for
 * everything else.
 *
 * Ownership: a ruleset's game lives in the game arena handed to create
 * or decode, and must stay valid across any number of resolve calls
 * (verify and simulate resolve thousands of steps on one game).  The
 * job arena in the context dies after each call: orders, scratch, text.
 *
 * The schemas are schemas/NAME/{scenario,state,orders}.yaml; every hook
 * that receives a document receives one that already passed its schema,
 * so a hook checks only what a schema cannot say.
 */
#ifndef UMPIRE_RULESET_H
#define UMPIRE_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"
#include "game/dice.h"
#include "render/marks.h"
#include "game/report.h"
#include "game/result.h"
#include "game/rng.h"
#include "render/svg.h"
#include "game/version.h"
#include "doc/yaml.h"

/*
 * 2: core owns awaiting and the result; no winner in the decision; the
 * step lives in the context only.
 * 3: the picture hook, and the step's marks in the context.
 * 4: hidden information: the hides, secret_encode, secret_decode and
 * view hooks (all four or none), sealed values in orders opened by core
 * (ctx->sealed), commitments (secret.h, ctx->secret), and a player's
 * knowledge for his bot (ctx->knowledge).
 * 5: the empty hook (decisions passed without asking) and the round of
 * a decision.
 * 6: the stands and bot_standing hooks (standing orders), both optional.
 */
#define UMPIRE_RULESET_VERSION 6

struct umpire_secret_key;	/* secret.h: what commitments are salted with */

/* The decision a game awaits. */
struct umpire_decision {
	const char *player;	/* a player id of the game; NULL once over */
	const char *kind;	/* "turn", "place", ...; NULL once over */
	/*
	 * The round it belongs to, 1, 2, ...: what the rulebook calls the
	 * turn or round in which every player acts once (simulate counts a
	 * player's letters per round); 0 when the ruleset keeps no count,
	 * and simulate counts a round each time the first player asked in
	 * the game is asked again after another.
	 */
	int round;
};

/* What a hook gets for one job. */
struct umpire_ctx {
	struct umpire_arena *arena;	/* the job's: dies after the call */
	struct umpire_diags *diags;	/* problems with the input */
	struct umpire_dice *dice;	/* this step's rolls; NULL but in
					   create and resolve */
	struct umpire_report *report;	/* likewise */
	struct umpire_marks *marks;	/* likewise: what the step did on the
					   board, for its picture (marks.h) */
	const char *game_id;
	long step;			/* the step being made, checked or
					   resolved; in decode and encode, the
					   step the game awaits */
	/*
	 * The game's result: create and resolve end the game through it
	 * (umpire_result_end); decode finds it read from the state, and
	 * any hook may read it.  Never NULL.
	 */
	struct umpire_result *result;
	/*
	 * decode: the state's awaiting mapping and the decision core read
	 * from it (player checked to be a player of the game), or NULL and
	 * a zeroed decision once the game is over.  encode: the awaiting or
	 * result mapping core has written, for the ruleset's own keys.
	 */
	const struct umpire_node *awaiting;
	struct umpire_decision awaited;
	struct umpire_node *tail;
	/*
	 * check only: the orders failed their schema (the problems are
	 * recorded).  Check what can be checked on the parts that have the
	 * right types, such as names of units, so that one run reports
	 * every problem; assume nothing about the rest.
	 */
	bool partial;
	/*
	 * Version 4, hidden information (see the hooks below).
	 *
	 * secret: what umpire_secret_commit salts commitments with, derived
	 * from the seed; NULL when the seed is not known (verify before the
	 * reveal, status, a player's bot).  Without it, encode writes again
	 * the commitments decode read.
	 *
	 * secret_known: decode only: secret_decode will follow.  When false
	 * the game holds the public part alone and only encode, decision,
	 * board, picture (viewer NULL) and, with knowledge, bot and check
	 * may be called on it.
	 *
	 * sealed, nsealed: check and resolve: the values core opened from
	 * sealed blocks (secret.h), as nodes of the orders document, so that
	 * a ruleset can refuse a choice that should have been sealed and
	 * was sent in clear.
	 *
	 * recipient: in a game that hides, its age recipient ("age1..."),
	 * for umpire_secret_seal; else NULL.
	 *
	 * knowledge: bot and check only: NULL when the whole game is known
	 * (the host's bot, simulate, every check but a player's own); else
	 * the game holds its public part alone and this is the YAML block of
	 * the awaited player's latest private view (the view hook's), from
	 * which alone the bot draws its orders and a player's own check
	 * (umpire check --as) judges what only he knows, leaving what
	 * depends on another player's secret to the host.
	 */
	const struct umpire_secret_key *secret;
	bool secret_known;
	const struct umpire_node *const *sealed;
	size_t nsealed;
	const struct umpire_node *knowledge;
	const char *recipient;
	/*
	 * check, resolve, bot and encode: the umpire version the step is
	 * made as, this one's or, when verify makes an older step again,
	 * that step's, so that a game replays as it was decided and its
	 * state is written in that version's form.  A ruleset that changed
	 * a ruling or a state's form compares it with the version that
	 * brought the change (umpire_version_older, and the UMPIRE_*_SINCE
	 * of version.h).  NULL: this umpire's.
	 */
	const char *version;
	/* umpire_secret_seal seals in memory, for umpire simulate (secret.h). */
	bool in_memory;
};


struct umpire_ruleset {
	int version;		/* UMPIRE_RULESET_VERSION */
	const char *name;	/* the `ruleset:` of every file: "amb" */
	const char *title;	/* "Army Man Backgammon" */
	const char *players;	/* for `umpire rules`: "2 (green, tan)" */
	const char *default_scenario;	/* embedded path, for simulate */

	/*
	 * A new game from a scenario: check what the schema cannot, set up,
	 * draw the dice of step 0 and narrate them.  Returns NULL after
	 * recording the problems in ctx->diags.
	 */
	void *(*create)(struct umpire_arena *game_arena, struct umpire_ctx *ctx,
		const struct umpire_node *scenario);
	/*
	 * A game from its state file (core has read the envelope, awaiting
	 * and result: see the context).  NULL after recording problems.
	 */
	void *(*decode)(struct umpire_arena *game_arena, struct umpire_ctx *ctx,
		const struct umpire_node *state);
	/*
	 * Append the ruleset's own keys to the state mapping (after core's
	 * envelope, awaiting or result), and its own fields to ctx->tail.
	 */
	void (*encode)(struct umpire_ctx *ctx, const void *game,
		struct umpire_node *state);
	/* The decision awaited: player NULL once the game is over. */
	void (*decision)(const void *game, struct umpire_decision *out);
	/*
	 * Check orders for the awaited decision (the envelope already
	 * matches).  Record every problem; return how many.  See partial.
	 */
	size_t (*check)(struct umpire_ctx *ctx, const void *game,
		const struct umpire_node *orders);
	/* Carry out checked orders: roll, change the game, narrate. */
	void (*resolve)(struct umpire_ctx *ctx, void *game,
		const struct umpire_node *orders);
	/*
	 * Legal orders for the awaited decision: random legal orders, drawn
	 * with rng as the ruleset's man page says (AMB: uniformly over all
	 * legal orders).  Append the ruleset's keys to the orders mapping.
	 */
	void (*bot)(struct umpire_ctx *ctx, const void *game,
		struct umpire_rng *rng, struct umpire_node *orders);
	/* The board as plain text, lines ending in '\n'. */
	void (*board)(struct umpire_buf *out, const void *game);
	/*
	 * The board as a picture (svg.h), for reports/NNNN.svg: declare its
	 * size with umpire_svg_board, draw it, and draw the marks the step
	 * recorded (none in a picture of a state alone), which only the
	 * ruleset can place.  Core draws the frame: title, dice, result.
	 *
	 * viewer is NULL for the public picture: draw only what every
	 * player may see.  A player id asks for that player's private view
	 * (a hand, a minefield of his own), which core never commits in
	 * clear.  Same game, marks and viewer: same bytes.
	 */
	void (*picture)(struct umpire_svg *svg, const void *game,
		const struct umpire_marks *marks, const char *viewer);
	/*
	 * Whether the awaited decision is empty: its only legal answer is
	 * "nothing", and public information alone shows it (never a hand, a
	 * minefield, a deck: whether a player is asked must not tell what
	 * he holds).  If so, append to orders (a mapping holding the
	 * envelope) the keys of that answer, which must pass check, and to
	 * why what the report says before ", passed" ("Green rallies:
	 * nothing to rally").  Core then resolves those orders in the same
	 * step, in games made by UMPIRE_AUTOPASS_SINCE or later (version.h),
	 * and asks again.  Version 5.
	 */
	bool (*empty)(struct umpire_ctx *ctx, const void *game,
		struct umpire_node *orders, struct umpire_buf *why);
	/*
	 * How good the game stands for player (one of its ids), for the
	 * bot's level 2 (umpire(1), BOTS): the larger the better, in the
	 * ruleset's own integer units, from what every player may see.
	 * Core tries the bot's candidate orders on copies of the game with
	 * dice of its own and keeps the candidate whose games this rates
	 * best; a game over ranks its winners above every game not over.
	 * ruling is the umpire version whose rulings the search plays
	 * (NULL: this umpire's), so that a later rating keeps an older game's
	 * default steps as they were.  Optional: without it, level 2 plays
	 * as level 1.
	 */
	long long (*evaluate)(const void *game, const char *player,
		const char *ruling);
	/*
	 * Whether level 2 also searches unit by unit (lookahead.c): the
	 * orders hold a list of entries, each naming its unit by its first
	 * value, and one unit's entry may be swapped for another draw's.
	 */
	bool search_units;
	/*
	 * imagine: for level 2 in a game that hides (lookahead.c): game is
	 * a copy whose secrets are all known; put in place of each secret
	 * player does not know (another's hand, a deck's order, another's
	 * minefields) a guess drawn with rng among what he cannot tell
	 * apart, reading nothing of what it replaces but what he knows too
	 * (a count, which cards are unseen), so that every candidate is
	 * tried against what he could imagine, never against the host's
	 * secrets.  Optional: without it, level 2 plays as level 1 in a
	 * game that hides.
	 */
	void (*imagine)(void *game, const char *player, struct umpire_rng *rng);

	/*
	 * Standing orders (version 6, standing.h; NULL: nothing stands in
	 * this ruleset).  stands: whether orders for a later decision of
	 * the awaited player, of kind, may stand: body is the mapping of
	 * the ruleset's keys they would hold, already past the orders
	 * schema.  Record every problem at its node and return how many:
	 * a kind that never stands, a key that may not stand, anything
	 * whose check later would depend on a secret (whether a player is
	 * asked must not tell what he holds).  Core checks the orders
	 * again, by the check hook, when their decision comes.
	 */
	size_t (*stands)(struct umpire_ctx *ctx, const void *game,
		const char *kind, const struct umpire_node *body);
	/*
	 * bot_standing: for umpire simulate, append to orders (the bot's,
	 * for the awaited decision) a `standing:` list of entries the
	 * player could send with them (standing.h's form), drawn with rng
	 * from what he knows now.  NULL with stands NULL.
	 */
	void (*bot_standing)(struct umpire_ctx *ctx, const void *game,
		struct umpire_rng *rng, struct umpire_node *orders);

	/*
	 * Hidden information (version 4).  A ruleset that hides nothing
	 * leaves all four NULL; one that may hide sets all four and has a
	 * schemas/NAME/secret.yaml.  See umpire-files(5), "Hidden
	 * information", for the files core makes of them.
	 *
	 * hides: whether a game of this scenario (its options) hides
	 * anything from some player; if so append to why, for `new`'s
	 * refusal of an open game, a clause saying what ("the Mine Detector
	 * rules lay mines in secret").  Called on a scenario that passed
	 * its schema; false for one create would refuse anyway.
	 */
	bool (*hides)(const struct umpire_node *scenario, struct umpire_buf *why);
	/*
	 * secret_encode: what only the umpire may know (the order of a
	 * deck, every hand, where mines lie), as keys of the mapping
	 * secret, after core's envelope (umpire, ruleset, game, step).  Core
	 * commits it as reports/NNNN.secret.yaml.age, encrypted to the
	 * game's identity, at every step of a game that hides.  encode, on the same game,
	 * writes in the public state a commitment (umpire_secret_commit) in
	 * place of each secret; called only when ctx->secret is set.
	 */
	void (*secret_encode)(struct umpire_ctx *ctx, const void *game,
		struct umpire_node *secret);
	/*
	 * secret_decode: read the secret part (already past its schema)
	 * into a game decode made with ctx->secret_known.  Check what the
	 * schema cannot, and that each secret matches its commitment in
	 * the public state (umpire_secret_opens); record problems and
	 * return false on any.
	 */
	bool (*secret_decode)(struct umpire_ctx *ctx, void *game,
		const struct umpire_node *secret);
	/*
	 * view: player's private view of a whole game: Markdown that ends
	 * in one fenced ```yaml block of what he knows and others do not
	 * (his hand, his own minefield, what a card showed him), which is
	 * what ctx->knowledge holds for his bot.  Append nothing when he
	 * knows nothing private.  Core writes it, encrypted to the player's
	 * keys, as reports/NNNN-PLAYER.md.age at step 0 and at every step
	 * after which it differs from before.  Same game: same bytes.
	 */
	void (*view)(struct umpire_ctx *ctx, const void *game,
		const char *player, struct umpire_buf *out);
};

/*
 * The rulesets umpire plays, NULL-terminated.  Core names none of them:
 * main hands the list down (src/rules/registry.h) before anything else,
 * so core links, and its tests run, without any ruleset.  Until a list
 * is handed down the list is empty, and every game's ruleset unknown.
 */
void umpire_rulesets_use(const struct umpire_ruleset *const *list);
const struct umpire_ruleset *const *umpire_rulesets_list(void);
const struct umpire_ruleset *umpire_ruleset_find(const char *name);

/*
 * Check every registered ruleset: the interface version, every hook,
 * a name the envelope schema allows, no name twice, its schemas and its
 * default scenario built in.  Returns the number of problems, recorded
 * in d; umpire refuses to start with any.
 */
size_t umpire_rulesets_check(struct umpire_diags *d);
/* The same for one ruleset (the unit tests feed it broken ones). */
size_t umpire_ruleset_check(const struct umpire_ruleset *r,
	struct umpire_diags *d);

#endif
