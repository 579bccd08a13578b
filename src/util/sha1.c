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

static void
compress(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
			(uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
	for (int t = 16; t < 80; t++)
		w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	for (int t = 0; t < 80; t++) {
		uint32_t f, k;
		if (t < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (t < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (t < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		uint32_t tmp = rol(a, 5) + f + e + k + w[t];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = tmp;
	}
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
