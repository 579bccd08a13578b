/*
 * standing.h - standing orders: what an orders file sends for its
 * player's later decisions, kept in the state until their decisions
 * come (umpire-files(5), Standing orders; UMPIRE_STANDING_SINCE).
 *
 * An orders file answers the awaited decision and may carry a core key,
 * standing: a list of entries {kind, hold, orders}, each the ruleset's
 * keys of orders for a later decision of that kind, which replaces what
 * that player sent before (an empty list withdraws it all).  Core keeps
 * them in the public state, like the orders files they came in, and
 * when a decision of that player and kind is awaited, it applies the
 * first entry of that kind as a step of its own, whose orders file
 * umpire writes (the envelope, then the entry's orders) and whose
 * author is umpire; an entry without hold is used once.  The entry is
 * checked then by the ruleset's check hook as if sent then; one that
 * is no longer legal is dropped at the end of the step that brought its
 * decision, whose report says why, and the game waits for the player.
 *
 * The ruleset says what can stand (ruleset.h, the stands hook): only
 * what is legal or not by public information, so that whether a player
 * is asked never depends on a secret.
 *
 * Ownership: the entries live in the game's arena; what is returned in
 * a caller's arena is the caller's.
 */
#ifndef UMPIRE_STANDING_H
#define UMPIRE_STANDING_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "game/report.h"
#include "game/ruleset.h"
#include "doc/yaml.h"

/* The commit trailer of a standing step: the step whose orders sent it. */
#define UMPIRE_STANDING_TRAILER "Standing-Orders"

struct umpire_standing_order {
	const char *player;
	const char *kind;
	bool hold;		/* every decision of kind, until replaced */
	long from;		/* the step whose orders sent it */
	const struct umpire_node *orders;	/* the ruleset's keys */
	const struct umpire_node *alts;	/* else: a list of others, or NULL */
};

/* What stands in a game, in the order sent; its owner's arena holds it. */
struct umpire_standing_list {
	struct umpire_standing_order *v;
	size_t n;
};

/*
 * From a state's standing: list (past its schema), into arena; players
 * are checked by the caller.
 */
void umpire_standing_read(struct umpire_standing_list *l,
	struct umpire_arena *arena, const struct umpire_node *list);
/* Append standing: to a state's root mapping, if anything stands. */
void umpire_standing_write(const struct umpire_standing_list *l,
	struct umpire_arena *a, struct umpire_node *root);

/*
 * An orders file's standing: list (past the orders schema), sent by the
 * awaited player: each entry's orders, put after envelope (a mapping of
 * the envelope keys of orders for the awaited decision), against the
 * orders schema of rules, and its stands hook on rs.  Records every
 * problem; returns how many.
 */
size_t umpire_standing_check(struct umpire_ctx *ctx,
	const struct umpire_ruleset *rules, const void *rs,
	const struct umpire_node *envelope, const struct umpire_node *list);

/* The orders doc without its standing: key (a shallow copy in a), or doc. */
const struct umpire_node *umpire_standing_strip(struct umpire_arena *a,
	const struct umpire_node *doc);

/*
 * Replace player's standing orders by list, sent with the orders of
 * step; player must outlive l, the rest is copied into arena.
 */
void umpire_standing_take(struct umpire_standing_list *l,
	struct umpire_arena *arena, const char *player,
	const struct umpire_node *list, long step);

/* The entry that answers decision dec, or NULL. */
const struct umpire_standing_order *umpire_standing_due(
	const struct umpire_standing_list *l, const struct umpire_decision *dec);

/* Use the entry due for dec: drop it unless it holds. */
void umpire_standing_use(struct umpire_standing_list *l,
	const struct umpire_decision *dec);

/* Drop every entry of player's of kind. */
void umpire_standing_drop(struct umpire_standing_list *l, const char *player,
	const char *kind);

#endif
