/*
 * sha1.c - SHA-1 as FIPS 180-4, section 6.1, defines it.
 */
#include "util/sha1.h"

#include <string.h>

static uint32_t
rol(uint32_t x, unsigned n)
{
	return x << n | x >> (32 - n);
}

/*
 * One 64-byte block: the index of a long game is some hundreds of
 * kilobytes, hashed at every step, so five rounds at a time with the
 * five words renamed rather than moved, and the schedule in a ring of
 * sixteen words.
 */
#define CH(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((x) & (z)) | ((y) & (z)))
#define W(t) (w[(t) & 15] = rol(w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^ \
	w[((t) + 2) & 15] ^ w[(t) & 15], 1))
#define R(v, x, y, z, u, f, k, m) do { \
	(u) += rol((v), 5) + f((x), (y), (z)) + (k) + (m); \
	(x) = rol((x), 30); \
} while (0)
#define FIVE(f, k, m0, m1, m2, m3, m4) do { \
	R(a, b, c, d, e, f, k, m0); \
	R(e, a, b, c, d, f, k, m1); \
	R(d, e, a, b, c, f, k, m2); \
	R(c, d, e, a, b, f, k, m3); \
	R(b, c, d, e, a, f, k, m4); \
} while (0)

static void
compress(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	int t;

	for (t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
			(uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
	FIVE(CH, 0x5a827999, w[0], w[1], w[2], w[3], w[4]);
	FIVE(CH, 0x5a827999, w[5], w[6], w[7], w[8], w[9]);
	FIVE(CH, 0x5a827999, w[10], w[11], w[12], w[13], w[14]);
	FIVE(CH, 0x5a827999, w[15], W(16), W(17), W(18), W(19));
	for (t = 20; t < 40; t += 5)
		FIVE(PARITY, 0x6ed9eba1, W(t), W(t + 1), W(t + 2), W(t + 3),
			W(t + 4));
	for (; t < 60; t += 5)
		FIVE(MAJ, 0x8f1bbcdc, W(t), W(t + 1), W(t + 2), W(t + 3),
			W(t + 4));
	for (; t < 80; t += 5)
		FIVE(PARITY, 0xca62c1d6, W(t), W(t + 1), W(t + 2), W(t + 3),
			W(t + 4));
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void
umpire_sha1_init(struct umpire_sha1 *s)
{
	static const uint32_t start[5] = { 0x67452301, 0xefcdab89, 0x98badcfe,
		0x10325476, 0xc3d2e1f0 };

	memcpy(s->h, start, sizeof(start));
	s->len = 0;
	s->used = 0;
}

void
umpire_sha1_update(struct umpire_sha1 *s, const void *data, size_t n)
{
	const unsigned char *p = data;

	s->len += n;
	if (s->used) {
		size_t take = 64 - s->used < n ? 64 - s->used : n;
		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		n -= take;
		if (s->used < 64)
			return;
		compress(s->h, s->block);
		s->used = 0;
	}
	for (; n >= 64; p += 64, n -= 64)
		compress(s->h, p);
	memcpy(s->block, p, n);
	s->used = n;
}

void
umpire_sha1_final(struct umpire_sha1 *s, unsigned char out[UMPIRE_SHA1_SIZE])
{
	uint64_t bits = s->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t padlen = (s->used < 56 ? 56 : 120) - s->used;

	for (int i = 0; i < 8; i++)
		pad[padlen + i] = (unsigned char)(bits >> (56 - 8 * i));
	umpire_sha1_update(s, pad, padlen + 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(s->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)s->h[i];
	}
}
