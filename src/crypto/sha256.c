#include "crypto/sha256.h"

#include <sodium.h>
#include <stdint.h>
#include <string.h>

void
umpire_sha256_portable(unsigned char out[UMPIRE_SHA256_BYTES],
	const void *data, size_t len)
{
	crypto_hash_sha256(out, data, len);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

#define SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* FIPS 180-4's round constants and initial hash value. */
static const uint32_t k256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
static const uint32_t h256[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c,
	0x1f83d9ab, 0x5be0cd19,
};

/*
 * The 64-byte blocks at p into the state, which the SHA instructions
 * keep as two halves: abef = (a, b, e, f) and cdgh = (c, d, g, h), the
 * first named in the highest lane.
 */
SHA_TARGET static void
blocks(__m128i *abef, __m128i *cdgh, const unsigned char *p, size_t n)
{
	/* Each 32-bit word of the message is big-endian. */
	const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL,
		0x0405060700010203LL);

	for (; n > 0; n--, p += 64) {
		__m128i s0 = *abef, s1 = *cdgh, w[4];
		for (int i = 0; i < 16; i++) {
			__m128i *x = &w[i % 4];
			if (i < 4) {
				*x = _mm_shuffle_epi8(_mm_loadu_si128(
					(const __m128i *)(const void *)(p + 16 * i)), swap);
			} else {
				/* W[t] from W[t-16], W[t-15], W[t-7], W[t-2]. */
				__m128i a = w[i % 4], b = w[(i + 1) % 4],
					c = w[(i + 2) % 4], d = w[(i + 3) % 4];
				__m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(a, b),
					_mm_alignr_epi8(d, c, 4));
				*x = _mm_sha256msg2_epu32(t, d);
			}
			__m128i wk = _mm_add_epi32(*x, _mm_loadu_si128(
				(const __m128i *)(const void *)&k256[4 * i]));
			s1 = _mm_sha256rnds2_epu32(s1, s0, wk);
			s0 = _mm_sha256rnds2_epu32(s0, s1,
				_mm_shuffle_epi32(wk, 0x0e));
		}
		*abef = _mm_add_epi32(*abef, s0);
		*cdgh = _mm_add_epi32(*cdgh, s1);
	}
}

SHA_TARGET static void
digest(unsigned char out[UMPIRE_SHA256_BYTES], const unsigned char *data,
	size_t len)
{
	__m128i dcba = _mm_loadu_si128((const __m128i *)(const void *)h256);
	__m128i hgfe = _mm_loadu_si128((const __m128i *)(const void *)(h256 + 4));
	/* (d, c, b, a) and (h, g, f, e), highest lane first, into halves. */
	__m128i badc = _mm_shuffle_epi32(dcba, 0xb1);
	__m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
	__m128i abef = _mm_alignr_epi8(badc, efgh, 8);
	__m128i cdgh = _mm_blend_epi16(efgh, badc, 0xf0);
	unsigned char tail[128];
	size_t full = len / 64, rest = len % 64;
	uint64_t bits = (uint64_t)len * 8;

	blocks(&abef, &cdgh, data, full);
	/* The padding: 0x80, zeros, the length in bits, big-endian. */
	memset(tail, 0, sizeof(tail));
	if (rest)
		memcpy(tail, data + 64 * full, rest);
	tail[rest] = 0x80;
	size_t ntail = rest < 56 ? 64 : 128;
	for (int i = 0; i < 8; i++)
		tail[ntail - 1 - i] = (unsigned char)(bits >> (8 * i));
	blocks(&abef, &cdgh, tail, ntail / 64);

	/* Back to (a, ..., h), each word big-endian. */
	__m128i feba = _mm_shuffle_epi32(abef, 0x1b);
	__m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
	uint32_t h[8];
	_mm_storeu_si128((__m128i *)(void *)h, _mm_blend_epi16(feba, dchg, 0xf0));
	_mm_storeu_si128((__m128i *)(void *)(h + 4), _mm_alignr_epi8(dchg, feba,
		8));
	for (int i = 0; i < 8; i++) {
		out[4 * i] = (unsigned char)(h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(h[i] >> 8);
		out[4 * i + 3] = (unsigned char)h[i];
	}
}

/* Whether this processor has the SHA extensions and SSE4.1 (cpuid). */
static bool
have_sha(void)
{
	static int known = -1;
	unsigned a, b, c, d;

	if (known < 0) {
		bool sse = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) &&
			(c & bit_SSE4_1);
		bool sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
			(b & (1u << 29));
		known = sse && sha;
	}
	return known;
}

bool
umpire_sha256_accelerated(unsigned char out[UMPIRE_SHA256_BYTES],
	const void *data, size_t len)
{
	if (!have_sha())
		return false;
	digest(out, data, len);
	return true;
}

#else

bool
umpire_sha256_accelerated(unsigned char out[UMPIRE_SHA256_BYTES],
	const void *data, size_t len)
{
	(void)out;
	(void)data;
	(void)len;
	return false;
}

#endif

void
umpire_sha256(unsigned char out[UMPIRE_SHA256_BYTES], const void *data,
	size_t len)
{
	if (!umpire_sha256_accelerated(out, data, len))
		umpire_sha256_portable(out, data, len);
}
