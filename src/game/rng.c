#include "game/rng.h"

#include <string.h>
#include <sodium.h>

void
umpire_rng_seed(struct umpire_rng *r, const void *data, size_t len)
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, data, len);
	memcpy(r->s, h, sizeof(r->s));
	if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
		r->s[0] = 1;	/* the one state xoshiro cannot leave */
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t
umpire_rng_next(struct umpire_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t
umpire_rng_below(struct umpire_rng *r, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;

	do
		x = umpire_rng_next(r);
	while (x >= limit);
	return x % n;
}
