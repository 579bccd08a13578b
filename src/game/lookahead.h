/*
 * lookahead.h - the bot's levels (umpire(1), BOTS).
 *
 * Level 1 is the ruleset's bot hook: random legal orders, drawn as its
 * man page says.  Level 2 searches one ply: it draws the level-1 bot's
 * orders and UMPIRE_LOOKAHEAD_CANDIDATES - 1 more with other salts,
 * resolves each on copies of the game with dice of its own (never the
 * game's: the search must not foresee a roll), and keeps the candidate
 * whose outcomes the ruleset's evaluate hook rates best, the first on
 * a tie.  Everything is integers and seeded from the game, step, player
 * and salt, so that verify draws the same orders again.
 *
 * Ownership: the orders returned live in the arena given.
 */
#ifndef UMPIRE_LOOKAHEAD_H
#define UMPIRE_LOOKAHEAD_H

#include "game/game.h"

/* The levels umpire knows; level 1 is the ruleset's random bot. */
#define UMPIRE_BOT_LEVELS 2
/* How many candidates level 2 weighs, and on how many throws of the
 * dice each. */
#define UMPIRE_LOOKAHEAD_CANDIDATES 8
#define UMPIRE_LOOKAHEAD_THROWS 2

/*
 * The bot of this level (1 or 2) for the awaited decision, as
 * umpire_game_bot_doc draws level 1.  Level 2 plays as level 1 in a
 * game made before UMPIRE_BOT_SINCE and for a ruleset with no evaluate
 * hook.  In a game that hides it resolves each candidate on copies
 * whose secrets the player does not know are what he may imagine
 * (ruleset.h, imagine; from UMPIRE_BOT_IMAGINES_SINCE on), drawn from
 * the game, step, player and throw alone, so that its choice depends on
 * his knowledge, never on the host's secrets; without the hook, or in
 * an older game, it plays as level 1 there, unless the game lives in
 * memory only (simulate).  For a ruleset with search_units it then
 * searches the chosen orders unit by unit among the candidates' entries.
 */
const struct umpire_node *umpire_game_bot_level(const struct umpire_game *g,
	struct umpire_arena *a, const void *salt, size_t saltlen, int level);

#endif
