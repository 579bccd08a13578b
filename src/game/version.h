/*
 * version.h - umpire's version, and the versions that changed what a
 * step writes or how a rule decides.  Every state records the version
 * that wrote it (umpire-files(5)); verify replays each step as that
 * version would have made it, and the engine and the rulesets ask
 * umpire_version_older(game's version, X_SINCE) to keep an older game's
 * rulings.  One list, so that a change of behaviour names its version
 * once, and core and the rulesets compare versions one way.
 */
#ifndef UMPIRE_VERSION_H
#define UMPIRE_VERSION_H

#include <stdbool.h>

#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION "0.6.0"
#endif

/*
 * The first version whose reports carry a receipt and whose commits have
 * one date for author and committer.  Steps an older umpire wrote are
 * let off both, and verify says so.
 */
#define UMPIRE_RECEIPTS_SINCE "0.3.0"
/*
 * The first version that pads every file it encrypts (pad.h).  0.3.0
 * began to pad in its lifetime, so a step it wrote may have its files
 * padded or not, and verify takes either (their plaintexts are the same;
 * the padding guards the players from one another, not from the host).
 */
#define UMPIRE_PADDED_SINCE "0.3.1"
/*
 * The first version that passes an empty decision without asking
 * (ruleset.h, the empty hook): a step it makes resolves the orders and
 * then every empty decision that follows.  Steps an older umpire made
 * are replayed as they were, one decision each.
 */
#define UMPIRE_AUTOPASS_SINCE "0.4.0"
/*
 * The first version that decides Army Men's geometry exactly everywhere
 * (umpire-armymen(7), AM-4, AM-12, TABLE-6): sight over the whole
 * target, a tank targeted by its hull, a path's length as the sum of
 * its legs' true lengths.  Steps of older games are decided as their
 * version decided them: sight by 13 lines, a tank as a circle, each leg
 * rounded up.
 */
#define UMPIRE_EXACT_SIGHT_SINCE "0.4.0"
/*
 * The first version whose game id binds the scenario and the sealing
 * as well as the seed (game.c, umpire-files(5)): before, a game made
 * with the same seed and another scenario had the same id.
 */
#define UMPIRE_BOUND_ID_SINCE "0.4.0"
/*
 * The first version whose Backgammon Wars states keep the count of each
 * side's standing reactions secret, as the list is (umpire-bgw(7)):
 * a count is a player's choice and may tell how many reaction cards he
 * holds.
 */
#define UMPIRE_HIDDEN_REACTIONS_SINCE "0.4.0"
/*
 * The first version whose states record their date and the awaited
 * decision's deadline (game.h), so that a step's receipt covers them
 * and tick reads them without walking the history; its commits are
 * dated with the state's date, never later than now (verify's clock),
 * and a default step's date is the deadline the state before it
 * recorded.  Older games are checked as before, from commit dates.
 */
#define UMPIRE_DATED_SINCE "0.4.0"
/*
 * The first version whose host steps (umpire deadline) grant holidays
 * and replace the deadline policy, both recorded in game.yaml
 * (`holidays:`, `deadlines:`), and whose deadlines stop for holidays.
 */
#define UMPIRE_HOST_SINCE "0.5.0"
/*
 * The first version whose deadline policies may say default: pass: a
 * default step then answers nothing where the rules allow it (default.h).
 */
#define UMPIRE_DEFAULT_PASS_SINCE "0.5.0"

/*
 * Backgammon Wars read again to the letter (umpire-bgw(7), BGW-8, 13,
 * 16, 26, 27).
 */
#define UMPIRE_BGW_LETTER_SINCE "0.5.0"
/*
 * The first version that takes standing orders (standing.h): an orders
 * file's standing: list, kept in the state and applied, each as its own
 * step of umpire's, when its decision comes.
 */
#define UMPIRE_STANDING_SINCE "0.5.0"

/*
 * The first version whose games group orders/ and reports/ by hundreds
 * of steps (paths.h, umpire-files(5), Layout), so a step's cost does not
 * grow with the game; a game keeps the layout it was made with, which
 * its states record ("layout: grouped").
 */
#define UMPIRE_GROUPED_SINCE "0.5.0"
/*
 * The first version whose reports tell, in a game that hides nothing,
 * the order each shuffle gave (the Shuffles table's `order` column), so
 * that umpire site's page re-derives shuffles as it re-derives rolls.
 */
#define UMPIRE_SHUFFLE_ORDER_SINCE "0.5.0"

/* Army Men sees a block fired at over its whole footprint (AM-13). */
#define UMPIRE_BLOCK_TARGET_SINCE "0.5.0"
/*
 * The first version whose VSGMR games that a scenario's own end
 * decides (Escape, Transport, Fortress Assault: VS-49, VS-50, VS-53)
 * score each player the points he destroyed (VS-46) and rank the
 * winners first; before, winners scored 1 and the others 0.
 */
#define UMPIRE_SCENARIO_SCORES_SINCE "0.5.0"
/*
 * The first version whose bots prefer what can succeed (a target that
 * can be hit, contact where a charge reaches) and know level 2, the
 * one-ply search (umpire(1), BOTS): the bot's choices are part of a
 * deadline's default step.  Older games replay with the old bot.
 */
#define UMPIRE_BOT_SINCE "0.5.0"
/*
 * The first version whose reports commit, in a game that hides
 * information, to the order each shuffle gave (the Shuffles table's
 * `commitment` column), so that the page of umpire site checks the
 * shuffles once the seed is revealed.
 */
#define UMPIRE_SHUFFLE_COMMIT_SINCE "0.6.0"
/*
 * The first version whose level-2 bot searches in a game that hides,
 * against what the player may imagine of the secrets he does not know
 * (ruleset.h, imagine; umpire(1), BOTS); before, it played as level 1.
 */
#define UMPIRE_BOT_IMAGINES_SINCE "0.6.0"
/*
 * The first version whose Backgammon Wars level-2 bot counts what a hit
 * on each of its lone units would cost (bgw_evaluate): the search's
 * choices, and so a deadline's default step, change with it.
 */
#define UMPIRE_BOT_BLOTS_SINCE "0.6.0"
/*
 * The first version whose VSGMR tabletop decides sight and cover exactly
 * (umpire-vsgmr(7), VS-25): sight over the whole target's base through
 * cover and enemy bases, cover as at least half its width hidden.
 * Older games keep TABLE-7's 13 lines and "7 of 13".
 */
#define UMPIRE_VS_EXACT_SIGHT_SINCE "0.6.0"

/*
 * A release's version, MAJOR.MINOR.PATCH in decimal without leading
 * zeros, into v; false if s is not one.
 */
bool umpire_version_parse(const char *s, unsigned long v[3]);
/* -1, 0 or 1 as a is older than, the same as or newer than b. */
int umpire_version_cmp(const unsigned long a[3], const unsigned long b[3]);
/* Whether v is older than w, both well formed (false otherwise, NULL too). */
bool umpire_version_older(const char *v, const char *w);

#endif
