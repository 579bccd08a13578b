/*
 * host.h - the host's steps: what umpire deadline and umpire reveal
 * change in a game, made by umpire_step_make (step.h) for the verbs and
 * for verify alike.
 *
 * A host step changes game.yaml alone, and no decision: the step awaited
 * stays the same.  umpire is its author and committer (a host step is
 * the host's, never a player's), it has no report, and its commit
 * message says what changed, ending in a trailer that names the change
 * (verify reads it to know which step to make again):
 *
 *   reveal   the seed of a sealed game, in place of its commitment
 *   extend   Deadline-Extend: DURATION: the awaited decision's deadline,
 *            that much of running clock later
 *   holiday  Deadline-Holiday: FROM TO [PLAYER]: a holiday more in the
 *            state; the awaited decision's deadline moves by what of it
 *            falls before it (the clock stops: deadline.h)
 *   policy   Deadline-Policy: replaced: the state records a deadline
 *            policy that replaces the scenario's; the awaited decision
 *            gets the deadline it gives, counted from the host step
 *
 * Each but reveal ends with Deadline: NEW when a deadline is awaited.
 */
#ifndef UMPIRE_HOST_H
#define UMPIRE_HOST_H

#include <stddef.h>

#include "util/buf.h"
#include "game/deadline.h"
#include "game/game.h"

enum umpire_host { UMPIRE_HOST_REVEAL, UMPIRE_HOST_EXTEND,
	UMPIRE_HOST_HOLIDAY, UMPIRE_HOST_POLICY };

#define UMPIRE_EXTEND_TRAILER "Deadline-Extend"
#define UMPIRE_HOLIDAY_TRAILER "Deadline-Holiday"
#define UMPIRE_POLICY_TRAILER "Deadline-Policy"

/* What a host step changes; what its kind does not use is ignored. */
struct umpire_host_change {
	enum umpire_host kind;
	long long seconds;		/* extend */
	struct umpire_holiday holiday;	/* holiday */
	const struct umpire_deadline_policy *policy;	/* policy */
	long long date;			/* policy: the host step's date */
};

/*
 * Whether the change can be made on g: NULL, or why not (static text or
 * text in a), for the host's error and verify's.  Reveal: the caller
 * checks the seed.
 */
const char *umpire_host_refusal(const struct umpire_game *g,
	const struct umpire_host_change *c, struct umpire_arena *a);

/*
 * Make the change on g (checked by umpire_host_refusal), and write the
 * host step's commit message into msg.
 */
void umpire_host_apply(struct umpire_game *g,
	const struct umpire_host_change *c, struct umpire_buf *msg);

/*
 * Which host step a commit message is, from its trailers (extend: and
 * its duration into out->seconds): 0, or -1 if it names none of
 * extend, holiday and policy (then it may be a reveal).
 */
int umpire_host_of(struct umpire_host_change *out, const char *message);

#endif
