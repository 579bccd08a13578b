/*
 * grid.h - the square grid: squares and their names, king-move distance,
 * neighbours, the squares within a distance, where a move of some steps
 * can reach, and the squares a straight line crosses (line of sight).
 *
 * Squares are written as in chess: a file letter and a rank number,
 * "e4".  Files run a..z, then aa, ab, ... az, ba, ... zz (702 files);
 * ranks run from 1.  Rank 1 is at the bottom of a drawn board.  Every
 * function here is pure and allocates nothing: the caller owns every
 * array it passes.  WWII Combined Arms uses the grid now; VSGMR will
 * share it, which is why line of sight lives here and not in a ruleset.
 */
#ifndef UMPIRE_GRID_H
#define UMPIRE_GRID_H

#include <stdbool.h>
#include <stddef.h>

#define UMPIRE_GRID_MAX_FILES 702	/* a..z, aa..zz */
#define UMPIRE_GRID_MAX_RANKS 999	/* three digits */
#define UMPIRE_SQUARE_NAME 8		/* "zz999" and its NUL, rounded up */
#define UMPIRE_GRID_MAX_STEPS 16	/* the longest move umpire_grid_reach takes */
#define UMPIRE_GRID_WINDOW (2 * UMPIRE_GRID_MAX_STEPS + 1)

struct umpire_grid {
	int files, ranks;
};

/* 1-based: a1 is { 1, 1 }. */
struct umpire_square {
	int file, rank;
};

bool umpire_grid_on(const struct umpire_grid *g, struct umpire_square s);
/* (rank - 1) * files + (file - 1): for arrays of files * ranks entries. */
int umpire_grid_index(const struct umpire_grid *g, struct umpire_square s);
struct umpire_square umpire_grid_square(const struct umpire_grid *g, int index);
bool umpire_grid_same(struct umpire_square a, struct umpire_square b);

/* King-move (Chebyshev) distance: the larger of the file and rank gaps. */
int umpire_grid_distance(struct umpire_square a, struct umpire_square b);

/* "a".."z", "aa".."zz"; out has room for 3.  Returns out. */
char *umpire_grid_file_name(int file, char *out);
/* "e4"; out has room for UMPIRE_SQUARE_NAME.  Returns out. */
char *umpire_grid_name(struct umpire_square s, char *out);
/*
 * Parse a square's name exactly as umpire_grid_name writes it: one or
 * two lowercase letters, then a rank of one to three digits with no
 * leading zero.  Returns 0, or -1 if s is not such a name.  Whether the
 * square is on a given grid is umpire_grid_on's question.
 */
int umpire_grid_parse(const char *s, struct umpire_square *out);
/*
 * The square a mistyped name most likely means, for "did you mean":
 * "E4" and "4e" mean e4, "e04" means e4.  Returns 0 with the square in
 * out, or -1 if there is no plausible reading.
 */
int umpire_grid_guess(const char *s, struct umpire_square *out);

/*
 * The squares at distance 1 that are on the grid, in a fixed order: rank
 * by rank from the lowest, each from the lowest file.  Returns how many
 * (at most 8).
 */
int umpire_grid_neighbours(const struct umpire_grid *g, struct umpire_square s,
	struct umpire_square out[8]);
/*
 * The squares within distance d of s (s included) that are on the grid,
 * in the same order; out has room for (2d + 1)^2.  Returns how many.
 */
size_t umpire_grid_within(const struct umpire_grid *g, struct umpire_square s,
	int d, struct umpire_square *out);

/* ------------------------------------------------------------------ moves */

/* A question about a square, asked with the caller's context. */
typedef bool umpire_grid_test(void *ctx, struct umpire_square s);

/*
 * Where a piece can go in at most `steps` king moves, one square at a
 * time.  It may enter a square only if enter() says so; a square where
 * stop() says so (may be NULL: never) ends its move there.  The start is
 * never entered again.  Filled by umpire_grid_reach; read with
 * umpire_grid_reach_steps and umpire_grid_reach_path.
 */
struct umpire_grid_reach {
	struct umpire_square from;
	int steps;
	signed char dist[UMPIRE_GRID_WINDOW * UMPIRE_GRID_WINDOW];	/* -1: no */
	bool through[UMPIRE_GRID_WINDOW * UMPIRE_GRID_WINDOW];	/* may go on */
};

/* steps is at most UMPIRE_GRID_MAX_STEPS (more is taken as that). */
void umpire_grid_reach(struct umpire_grid_reach *r, const struct umpire_grid *g,
	struct umpire_square from, int steps, umpire_grid_test *enter,
	umpire_grid_test *stop, void *ctx);
/* The fewest steps to `to`, 0 for the start, or -1 if out of reach. */
int umpire_grid_reach_steps(const struct umpire_grid_reach *r,
	struct umpire_square to);
/*
 * A shortest path to `to`: the squares entered, `to` last, into out
 * (room for r->steps).  Among equal paths, one that keeps near the
 * straight line: walking back from `to`, each square is the one nearest
 * the start as the crow flies (the first in neighbour order on a tie).
 * Returns its length, or -1 if out of reach.
 */
int umpire_grid_reach_path(const struct umpire_grid_reach *r,
	const struct umpire_grid *g, struct umpire_square to,
	struct umpire_square *out);

/* ---------------------------------------------------------- line of sight */

/*
 * The squares a straight line from the centre of a to the centre of b
 * crosses, a and b excluded, in order from a (Bresenham's line, one
 * square per step along the longer axis).  The same squares either way:
 * the line from b to a is this one reversed.  out has room for
 * umpire_grid_distance(a, b) squares.  Returns how many.
 */
int umpire_grid_line(struct umpire_square a, struct umpire_square b,
	struct umpire_square *out);
/* Whether blocked() holds for no square strictly between a and b. */
bool umpire_grid_clear(struct umpire_square a, struct umpire_square b,
	umpire_grid_test *blocked, void *ctx);

#endif
