/*
 * result.h - how a game ended, for any number of players.
 *
 * Every player has a score and a rank; ranks count from 1 and ties share
 * one (two players tied for first are both 1st and the next is 3rd, as
 * in sport).  A game where every player is ranked 1st is a draw.  `how`
 * says how the game ended in the ruleset's words.
 *
 * Core owns the result: it is written in the state's `result:` mapping,
 * read back, checked, and rendered in reports, status, verify and
 * simulate.  A ruleset ends a game from its resolve hook with
 * umpire_result_end() and one of the ranking calls below.
 *
 * Ownership: the players' ids and `how` live in the arena given to
 * umpire_result_init, which must outlive the result.
 */
#ifndef UMPIRE_RESULT_H
#define UMPIRE_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "doc/yaml.h"

struct umpire_standing {
	const char *player;	/* a player id of the game */
	long long score;
	int rank;		/* 1 is first; 0 until ranked */
};

struct umpire_result {
	struct umpire_arena *arena;
	bool over;
	long step;		/* the step whose resolution ended the game */
	const char *how;	/* "g3 moved off tan's back row" */
	struct umpire_standing *v;	/* one per player, in the game's order */
	size_t n;
};

/* A result for these players, not over yet. */
void umpire_result_init(struct umpire_result *r, struct umpire_arena *a,
	const char *const *players, size_t n);

/*
 * For a ruleset's resolve hook: the game ends at step, as how says.
 * Then rank the players with exactly one of the calls after it.
 */
void umpire_result_end(struct umpire_result *r, long step, const char *fmt,
	...) __attribute__((format(printf, 3, 4)));
/* One winner (score 1, rank 1), everyone else second (score 0); or, with
 * winner NULL, a draw (everyone first, score 0). */
void umpire_result_winner(struct umpire_result *r, const char *winner);
/* Set a player's score; then umpire_result_rank_by_score. */
void umpire_result_score(struct umpire_result *r, const char *player,
	long long score);
/* Rank by score, highest first; equal scores share a rank. */
void umpire_result_rank_by_score(struct umpire_result *r);
/*
 * Rank whatever the scores: the players whose first[i] (in the result's
 * order) is true share first place, the others the next rank.
 */
void umpire_result_rank_first(struct umpire_result *r, const bool *first);

/* The standing of a player, or NULL if not a player of the result. */
const struct umpire_standing *umpire_result_of(const struct umpire_result *r,
	const char *player);
/* The one player ranked first alone, or NULL (a tie or a draw). */
const char *umpire_result_winner_of(const struct umpire_result *r);
/* Every player ranked first. */
bool umpire_result_is_draw(const struct umpire_result *r);

/*
 * Two-sided games (most of the rulebooks): sides[0] and sides[1] are
 * the players.  umpire_result_side_won records side (0 or 1) as the
 * winner, or a draw for -1; umpire_result_side_of reads back which side
 * won: 0 or 1, -1 for a draw or no winner yet (compare
 * umpire_result_is_draw).
 */
void umpire_result_side_won(struct umpire_result *r,
	const char *const sides[2], int side);
int umpire_result_side_of(const struct umpire_result *r,
	const char *const sides[2]);

/* "green won", "a draw", "a tie for first between a, b and c" */
void umpire_result_summary(struct umpire_buf *out,
	const struct umpire_result *r);

/* The state's `result:` mapping (step, how, standings), for encode. */
struct umpire_node *umpire_result_encode(struct umpire_arena *a,
	const struct umpire_result *r);
/*
 * Read `result:` (already valid under the envelope schema) into r:
 * every player of the game once, in the game's order, ranks that a
 * ranking can have.  Records problems in d; returns how many.
 */
size_t umpire_result_decode(struct umpire_result *r,
	const struct umpire_node *n, struct umpire_diags *d);

/* Markdown: "## Result", how, and a table of rank, player and score. */
void umpire_result_markdown(struct umpire_buf *out,
	const struct umpire_result *r);
/* Plain text lines for status, each starting with indent. */
void umpire_result_text(struct umpire_buf *out, const struct umpire_result *r,
	const char *indent);

/* "1st", "2nd", "3rd", "4th", "11th", "21st" in buf. */
const char *umpire_ordinal(int n, char *buf, size_t size);

#endif
