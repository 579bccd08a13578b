/*
 * dice.h - dice from a committed seed.
 *
 * Roll r of step S of game G, for an n-sided die (design brief, "Dice
 * from a committed seed"): for j = 0, 1, 2, ...
 *
 *   B = HMAC-SHA256(key = seed,
 *       "umpire-dice-v1" 0x00 G 0x00 decimal(S) 0x00 decimal(r) 0x00 decimal(j))
 *
 * read B as eight big-endian 32-bit words w; the first w below
 * 2^32 - (2^32 mod n) gives the die (w mod n) + 1.  Each roll depends on
 * its own label only, so one roll can be re-derived without the others
 * and a later order can never change an earlier roll.
 *
 * Shuffle k (0, 1, ... in the order drawn) of step S shuffles a list of n
 * by Fisher-Yates from the last place down: for i = n - 1 down to 1, swap
 * the items at places i and j, where j (0 .. i) is drawn as w mod (i + 1)
 * exactly as a die's w is, from
 *
 *   "umpire-shuffle-v1" 0x00 G 0x00 decimal(S) 0x00 decimal(k) 0x00
 *   decimal(i) 0x00 decimal(t)            (t = 0, 1, 2, ... as j above)
 *
 * Shuffles have a tag of their own, so a deck never moves the dice.
 */
#ifndef UMPIRE_DICE_H
#define UMPIRE_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <sodium.h>

#include "util/arena.h"

#define UMPIRE_SEED_BYTES 32
#define UMPIRE_SEED_HEX (2 * UMPIRE_SEED_BYTES)
#define UMPIRE_COMMITMENT_PREFIX "sha256:"

struct umpire_seed {
	unsigned char bytes[UMPIRE_SEED_BYTES];
};

/*
 * A seed is a secret while a game is sealed.  Before a process first
 * holds one, umpire_seed_guard turns off core dumps (RLIMIT_CORE 0 and,
 * on Linux, not dumpable): a crash must not leave the seed in a core
 * file, perhaps in the game's work tree.  Every holder of a seed or of
 * a key derived from it (struct umpire_seed, struct umpire_dice) wipes
 * it when done, with sodium_memzero.
 */
void umpire_seed_guard(void);

/* Exactly 64 hex digits, either case; surrounding white space is ignored. */
int umpire_seed_from_hex(struct umpire_seed *out, const char *hex);
void umpire_seed_to_hex(const struct umpire_seed *s, char out[UMPIRE_SEED_HEX + 1]);
/* "sha256:" and the hex SHA-256 of the seed's 32 bytes. */
void umpire_seed_commitment(const struct umpire_seed *s,
	char out[sizeof(UMPIRE_COMMITMENT_PREFIX) + UMPIRE_SEED_HEX]);
void umpire_seed_random(struct umpire_seed *out);

struct umpire_roll {
	unsigned r;
	unsigned sides;
	unsigned result;
	const char *purpose;	/* for the report's roll table */
};

struct umpire_shuffle {
	unsigned k;
	size_t n;		/* the items shuffled */
	const char *purpose;
	/* The order it gave: order[p] is the place, 0 to n - 1, before the
	 * shuffle of the item it put at place p. */
	const unsigned *order;
	/* Where the order is a secret: the commitment to it, or NULL
	 * (umpire_game's, from UMPIRE_SHUFFLE_COMMIT_SINCE; secret.h). */
	const char *commitment;
};

struct umpire_dice {
	struct umpire_arena *arena;	/* owns the log, purposes and orders */
	crypto_auth_hmacsha256_state keyed;	/* HMAC state after the key */
	bool have_seed;
	const char *game;
	long step;
	struct umpire_roll *log;	/* every roll, in the order drawn */
	size_t n, cap;
	struct umpire_shuffle *shuffles;	/* every shuffle, likewise */
	size_t nshuffles, shuffles_cap;
	/* The report tells the order each shuffle gave (the game hides
	 * nothing, so no shuffle is a secret); the engine sets it. */
	bool orders_public;
};

/* seed may be NULL for a stream that must not be drawn from (check). */
void umpire_dice_init(struct umpire_dice *d, struct umpire_arena *a,
	const struct umpire_seed *seed, const char *game, long step);
/* Wipe the stream's key; the log stays.  d draws no more. */
void umpire_dice_end(struct umpire_dice *d);
/* Draw the next roll and log it with its purpose. */
unsigned umpire_dice_roll(struct umpire_dice *d, unsigned sides,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/*
 * Shuffle v[0..n) as shuffle number nshuffles of the step (above), and
 * log it with its purpose.  The order it gives is the caller's to tell,
 * or to keep secret.
 */
void umpire_dice_shuffle(struct umpire_dice *d, int *v, size_t n,
	const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The roll itself, with no log: what an independent checker computes. */
unsigned umpire_dice_derive(const struct umpire_seed *seed, const char *game,
	long step, unsigned r, unsigned sides);
/* The same from a stream's key, without logging or advancing it. */
unsigned umpire_dice_peek(const struct umpire_dice *d, long step, unsigned r,
	unsigned sides);

#endif
