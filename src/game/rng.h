/*
 * rng.h - the bot's random numbers (xoshiro256**), seeded by hashing.
 *
 * Game dice never come from here: they come from the committed seed
 * (dice.h).  This only chooses among legal orders, reproducibly.
 */
#ifndef UMPIRE_RNG_H
#define UMPIRE_RNG_H

#include <stddef.h>
#include <stdint.h>

struct umpire_rng {
	uint64_t s[4];
};

/* Seed from the SHA-256 of data. */
void umpire_rng_seed(struct umpire_rng *r, const void *data, size_t len);
uint64_t umpire_rng_next(struct umpire_rng *r);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint64_t umpire_rng_below(struct umpire_rng *r, uint64_t n);

#endif
