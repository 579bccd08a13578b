/*
 * exact.h - the integer arithmetic under the tabletop: square roots
 * rounded down and up, floor division, and non-negative fractions
 * compared without multiplying (so without overflow).
 *
 * Nothing here allocates or keeps state.  The tabletop (table.h) never
 * uses floating point: every decision is one of these exact answers, the
 * same on every machine and compiler, because `umpire verify` replays it
 * years later.
 */
#ifndef UMPIRE_EXACT_H
#define UMPIRE_EXACT_H

#include <stddef.h>
#include <stdint.h>

/* num / den with num >= 0 and den > 0, in lowest terms when made here. */
struct umpire_frac {
	int64_t num, den;
};

/* The greatest integer whose square is at most n. */
uint64_t umpire_exact_isqrt(uint64_t n);
/* The least integer whose square is at least n. */
uint64_t umpire_exact_isqrt_up(uint64_t n);
/* floor(a / b) for b > 0 (C's division truncates towards zero). */
int64_t umpire_exact_floor_div(int64_t a, int64_t b);
/* The number of trailing zero bits of v, which is not 0. */
static inline int
umpire_exact_ctz(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_ctzll(v);
#else
	int n = 0;

	while (!(v & 1)) {
		v >>= 1;
		n++;
	}
	return n;
#endif
}
/* The greatest common divisor of |a| and |b|; 0 for 0 and 0. */
int64_t umpire_exact_gcd(int64_t a, int64_t b);
/* num / den (num >= 0, den > 0) in lowest terms. */
struct umpire_frac umpire_exact_frac(int64_t num, int64_t den);
/*
 * -1, 0 or 1 as a < b, a = b or a > b, for fractions as above.  Compares
 * by continued fractions (whole parts, then the reciprocals of what is
 * left), so no product is ever formed: any two int64 fractions compare.
 */
int umpire_exact_frac_cmp(struct umpire_frac a, struct umpire_frac b);

/*
 * a * b against c * d, for any a, b, c, d below 2^64: -1, 0 or 1.  The
 * products are taken in two 64-bit words (no wider type is needed).
 */
int umpire_exact_mul_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d);
/*
 * sqrt(a[0]) + ... + sqrt(a[n - 1]) against the integer len: -1, 0 or 1,
 * exactly, for any n and any a[i] below 2^62 (TABLE-6).  See exact.c for
 * why it always ends.  Allocates only for sums that need more than 64
 * bits of each root, and frees before it returns.
 */
int umpire_exact_roots_cmp(const uint64_t *a, size_t n, int64_t len);

#endif

/*
 * Signs of numbers with square roots in them, exactly (VSGMR's exact
 * sight and cover, cover.c): -1, 0 or 1.  The products are taken in
 * whole numbers of as many 32-bit words as they need, two's complement,
 * so no input can overflow them.
 *
 * umpire_exact_sign_root: p + q sqrt(a), for any p, q and a >= 0.
 * umpire_exact_sign_roots: x[0] + x[1] sqrt(a) + x[2] sqrt(b) +
 * x[3] sqrt(a b), for any x[i] and a, b >= 0.
 */
int umpire_exact_sign_root(int64_t p, int64_t q, int64_t a);
int umpire_exact_sign_roots(const int64_t x[4], int64_t a, int64_t b);
/*
 * num[0] / den[0] + ... + num[n - 1] / den[n - 1] against c / sqrt(a):
 * -1, 0 or 1, for any num[i], c, den[i] > 0 and a > 0.  Allocates words
 * in proportion to n, and frees them before it returns.
 */
int umpire_exact_sum_cmp_root(const int64_t *num, const int64_t *den,
	size_t n, int64_t c, int64_t a);
