/*
 * sha1.c - SHA-1 as FIPS 180-4 section 6.1 states it: 512-bit blocks,
 * a schedule of 80 words kept 16 at a time, four rounds of 20 steps.
 */
#include "sha1.h"

#include <string.h>

static uint32_t
rol(uint32_t x, unsigned n)
{
	return x << n | x >> (32 - n);
}

/*
 * One step of a round: f is the round's function of b, c and d.  The
 * rounds are written out, four loops of twenty steps with no test
 * inside, and the words a, b, c, d, e rotate by renaming instead of by
 * moves: this runs on every byte of a pack and of the index a step
 * writes.
 */
#define STEP(a, b, c, d, e, f, k, x) do {			\
	e += rol(a, 5) + (f) + (k) + (x);			\
	b = rol(b, 30);						\
} while (0)
#define F1(b, c, d) (d ^ (b & (c ^ d)))
#define F2(b, c, d) (b ^ c ^ d)
#define F3(b, c, d) ((b & c) | (d & (b | c)))
/* The schedule's word t from t = 16 on, kept 16 at a time in w. */
#define W(t) (w[(t) & 15] = rol(w[((t) - 3) & 15] ^ w[((t) - 8) & 15] ^ \
	w[((t) - 14) & 15] ^ w[(t) & 15], 1))
#define FIVE(t, f, k, x) do {					\
	STEP(a, b, c, d, e, f(b, c, d), k, x(t));		\
	STEP(e, a, b, c, d, f(a, b, c), k, x((t) + 1));		\
	STEP(d, e, a, b, c, f(e, a, b), k, x((t) + 2));		\
	STEP(c, d, e, a, b, f(d, e, a), k, x((t) + 3));		\
	STEP(b, c, d, e, a, f(c, d, e), k, x((t) + 4));		\
} while (0)
/* Word t of the schedule: the block's own for the first 16. */
#define X(t) ((t) < 16 ? w[(t)] : W(t))

static void
compress(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
			(uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
	FIVE(0, F1, 0x5a827999, X);
	FIVE(5, F1, 0x5a827999, X);
	FIVE(10, F1, 0x5a827999, X);
	FIVE(15, F1, 0x5a827999, X);
	FIVE(20, F2, 0x6ed9eba1, X);
	FIVE(25, F2, 0x6ed9eba1, X);
	FIVE(30, F2, 0x6ed9eba1, X);
	FIVE(35, F2, 0x6ed9eba1, X);
	FIVE(40, F3, 0x8f1bbcdc, X);
	FIVE(45, F3, 0x8f1bbcdc, X);
	FIVE(50, F3, 0x8f1bbcdc, X);
	FIVE(55, F3, 0x8f1bbcdc, X);
	FIVE(60, F2, 0xca62c1d6, X);
	FIVE(65, F2, 0xca62c1d6, X);
	FIVE(70, F2, 0xca62c1d6, X);
	FIVE(75, F2, 0xca62c1d6, X);
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void
umpire_sha1_init(struct umpire_sha1 *c)
{
	static const uint32_t iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe,
		0x10325476, 0xc3d2e1f0 };

	memcpy(c->h, iv, sizeof(iv));
	c->len = 0;
}

void
umpire_sha1_update(struct umpire_sha1 *c, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t have = (size_t)(c->len % 64);

	c->len += n;
	if (have) {
		size_t take = 64 - have < n ? 64 - have : n;
		memcpy(c->block + have, p, take);
		p += take;
		n -= take;
		if (have + take < 64)
			return;
		compress(c->h, c->block);
	}
	for (; n >= 64; p += 64, n -= 64)
		compress(c->h, p);
	memcpy(c->block, p, n);
}

void
umpire_sha1_final(struct umpire_sha1 *c, unsigned char out[UMPIRE_SHA1_LEN])
{
	/* 0x80, zeros up to 56 mod 64, then the length in bits, big-endian. */
	unsigned char pad[72] = { 0x80 };
	uint64_t bits = c->len * 8;
	size_t padlen = 64 - (size_t)((c->len + 8) % 64);

	for (int i = 0; i < 8; i++)
		pad[padlen + i] = (unsigned char)(bits >> (56 - 8 * i));
	umpire_sha1_update(c, pad, padlen + 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(c->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)c->h[i];
	}
}
