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
 * The 80 steps written out, 20 to a round function, the five working
 * variables renamed instead of moved: a step is a dozen instructions
 * with no branch, where a loop that chose its function and constant by
 * t cost three times that (the index of a long game is hashed whole at
 * every step, issue 29).  W(t) is word t of the schedule, computed in
 * place among the sixteen kept.
 */
#define F1(b, c, d) ((((c) ^ (d)) & (b)) ^ (d))		/* choose */
#define F2(b, c, d) ((b) ^ (c) ^ (d))			/* parity */
#define F3(b, c, d) (((b) & (c)) | (((b) | (c)) & (d)))	/* majority */
#define W(t) (w[(t) & 15] = rol(w[((t) - 3) & 15] ^ w[((t) - 8) & 15] ^ \
	w[((t) - 14) & 15] ^ w[(t) & 15], 1))
#define STEP(f, k, x, a, b, c, d, e) do { \
		(e) += rol(a, 5) + f(b, c, d) + (k) + (x); \
		(b) = rol(b, 30); \
	} while (0)
#define FIVE(f, k, x, t) do { \
		STEP(f, k, x(t), a, b, c, d, e); \
		STEP(f, k, x((t) + 1), e, a, b, c, d); \
		STEP(f, k, x((t) + 2), d, e, a, b, c); \
		STEP(f, k, x((t) + 3), c, d, e, a, b); \
		STEP(f, k, x((t) + 4), b, c, d, e, a); \
	} while (0)
#define R(t) w[t]

static void
compress(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
			(uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
	FIVE(F1, 0x5a827999, R, 0);
	FIVE(F1, 0x5a827999, R, 5);
	FIVE(F1, 0x5a827999, R, 10);
	STEP(F1, 0x5a827999, w[15], a, b, c, d, e);
	STEP(F1, 0x5a827999, W(16), e, a, b, c, d);
	STEP(F1, 0x5a827999, W(17), d, e, a, b, c);
	STEP(F1, 0x5a827999, W(18), c, d, e, a, b);
	STEP(F1, 0x5a827999, W(19), b, c, d, e, a);
	FIVE(F2, 0x6ed9eba1, W, 20);
	FIVE(F2, 0x6ed9eba1, W, 25);
	FIVE(F2, 0x6ed9eba1, W, 30);
	FIVE(F2, 0x6ed9eba1, W, 35);
	FIVE(F3, 0x8f1bbcdc, W, 40);
	FIVE(F3, 0x8f1bbcdc, W, 45);
	FIVE(F3, 0x8f1bbcdc, W, 50);
	FIVE(F3, 0x8f1bbcdc, W, 55);
	FIVE(F2, 0xca62c1d6, W, 60);
	FIVE(F2, 0xca62c1d6, W, 65);
	FIVE(F2, 0xca62c1d6, W, 70);
	FIVE(F2, 0xca62c1d6, W, 75);
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
