/*
 * verify.h - replay a game's whole history and compare.
 *
 * From the commit that made the game (umpire new) to HEAD, along first
 * parents: step 0 is re-created from the committed scenario and seed;
 * every later commit that touches umpire's files must be exactly one
 * step (game.yaml, orders/NNNN-PLAYER.yaml, reports/NNNN.md and
 * reports/NNNN.svg) whose orders pass the checks, whose state, report
 * and picture are what re-adjudicating them gives, and whose author is
 * the player; or the reveal of a sealed seed.
 * Commits that leave umpire's files alone are not steps and are skipped.
 *
 * Across versions: states and the log of rolls and shuffles are compared
 * whichever umpire wrote a step; a report's words and the step's
 * picture only when this umpire wrote it (the version its state
 * records), since wording and drawing may change between versions
 * without changing a ruling, and versions before 0.3.0 drew no
 * pictures.  The result says which steps another version wrote.
 */
#ifndef UMPIRE_VERIFY_H
#define UMPIRE_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "dice.h"
#include "diag.h"
#include "history.h"

struct umpire_verify_result {
	size_t commits;		/* in the first-parent history */
	size_t steps;		/* re-adjudicated, step 0 included */
	size_t rolls;		/* dice re-derived */
	long awaited;		/* the step HEAD awaits */
	bool over;		/* the game has ended */
	char outcome[256];	/* once over: "green won at step 9 (how)" */
	char game[64];
	/* Steps whose report another umpire version wrote: words unchecked. */
	size_t other_steps;
	long other_first, other_last;	/* the first and last of them */
	char other_version[32];		/* the last such version seen */
};

/*
 * seed: a sealed game's seed when it has not been revealed in the
 * history (NULL otherwise).  Returns 0 when everything holds, EX_DATAERR
 * naming the first commit that does not, EX_NOINPUT when a sealed game's
 * seed is missing, or another sysexits code.
 */
int umpire_verify(struct umpire_history *h, const struct umpire_seed *seed,
	const char *seed_source, struct umpire_verify_result *out,
	struct umpire_diags *d);

#endif
