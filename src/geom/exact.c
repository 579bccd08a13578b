#include "exact.h"

#include <stdbool.h>
#include <stdlib.h>

#include "util/arena.h"

uint64_t
umpire_exact_isqrt(uint64_t n)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	/* Digit by digit in base 4: no division, no floating point. */
	while (bit > n)
		bit >>= 2;
	while (bit) {
		if (n >= r + bit) {
			n -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

uint64_t
umpire_exact_isqrt_up(uint64_t n)
{
	uint64_t r = umpire_exact_isqrt(n);

	return r * r == n ? r : r + 1;
}

int64_t
umpire_exact_floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

int64_t
umpire_exact_gcd(int64_t a, int64_t b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

struct umpire_frac
umpire_exact_frac(int64_t num, int64_t den)
{
	int64_t g = umpire_exact_gcd(num, den);

	if (g > 1) {
		num /= g;
		den /= g;
	}
	return (struct umpire_frac){ num, den };
}

int
umpire_exact_frac_cmp(struct umpire_frac a, struct umpire_frac b)
{
	int sign = 1;

	for (;;) {
		int64_t qa = a.num / a.den, qb = b.num / b.den;

		if (qa != qb)
			return qa < qb ? -sign : sign;
		a.num -= qa * a.den;
		b.num -= qb * b.den;
		if (a.num == 0 || b.num == 0)
			return a.num == b.num ? 0 : a.num == 0 ? -sign : sign;
		/* Both in (0, 1): a < b exactly when 1/a > 1/b. */
		a = (struct umpire_frac){ a.den, a.num };
		b = (struct umpire_frac){ b.den, b.num };
		sign = -sign;
	}
}

/* The 128-bit product of a and b, as hi * 2^64 + lo. */
static void
mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);

	*lo = (mid << 32) | (p00 & 0xffffffffu);
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

int
umpire_exact_mul_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t h1, l1, h2, l2;

	mul128(a, b, &h1, &l1);
	mul128(c, d, &h2, &l2);
	if (h1 != h2)
		return h1 < h2 ? -1 : 1;
	return l1 < l2 ? -1 : l1 > l2;
}

/*
 * A root being found a binary digit at a time: after k digits, s =
 * floor(2^k sqrt(a)) and r = 4^k a - s^2, so 0 <= r <= 2 s.  The next
 * digit is 1 exactly when (2 s + 1)^2 <= 4^(k+1) a, that is when
 * 4 r >= 4 s + 1, that is r > s; then s becomes 2 s + 1 and r becomes
 * 4 (r - s) - 1, else 2 s and 4 r.  Only shifts, a subtraction and a
 * comparison: no multiplication, no division.  Both numbers are little-
 * endian words of 32 bits, grown as the digits come.
 */
struct digits {
	uint32_t *s, *r;
	size_t n, cap;		/* words in use (both), and room */
};

static int
words_cmp(const uint32_t *x, const uint32_t *y, size_t n)
{
	while (n--)
		if (x[n] != y[n])
			return x[n] < y[n] ? -1 : 1;
	return 0;
}

/* x = (x << bits) + add, for bits 1 or 2 and add < 2^bits; no carry out. */
static void
words_shift(uint32_t *x, size_t n, int bits, uint32_t add)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t out = x[i] >> (32 - bits);
		x[i] = (x[i] << bits) | add;
		add = out;
	}
}

static int
digit_next(struct digits *d)
{
	/* Room for two more bits of r (r <= 2 s + ... fits one word more). */
	if (d->s[d->n - 1] >> 28 || d->r[d->n - 1] >> 28) {
		if (d->n == d->cap) {
			d->cap *= 2;
			d->s = umpire_xrealloc(d->s, d->cap * sizeof(*d->s));
			d->r = umpire_xrealloc(d->r, d->cap * sizeof(*d->r));
		}
		d->s[d->n] = d->r[d->n] = 0;
		d->n++;
	}
	if (words_cmp(d->r, d->s, d->n) > 0) {
		uint64_t borrow = 0;
		for (size_t i = 0; i < d->n; i++) {
			uint64_t v = (uint64_t)d->r[i] - d->s[i] - borrow;
			d->r[i] = (uint32_t)v;
			borrow = v >> 63;
		}
		words_shift(d->r, d->n, 2, 0);
		/* Less 1: r - s > 0, so 4 (r - s) >= 4 and nothing underflows. */
		for (size_t i = 0; d->r[i]-- == 0; i++)
			;
		words_shift(d->s, d->n, 1, 1);
		return 1;
	}
	words_shift(d->r, d->n, 2, 0);
	words_shift(d->s, d->n, 1, 0);
	return 0;
}

/*
 * Why this decides, and always ends.  Let S_k be the sum of the roots'
 * first k digits, floor(2^k sqrt(a_i)): 2^k sum <= ... S_k <= 2^k sum <
 * S_k + n.  With D_k = 2^k len - S_k (D_{k+1} = 2 D_k - the digits that
 * are 1, an integer that stays small): D_k >= n proves sum < len, and
 * D_k <= 0 proves sum >= len.  Equality needs every a_i to be a square:
 * a sum of square roots of whole numbers is whole only then (the roots
 * of distinct square-free numbers are linearly independent over the
 * rationals), so a sum with a root that is not whole is never len, and
 * as k grows the gap between them, however small, is eventually more
 * than n / 2^k: the loop ends.  When every a_i is a square the sum is
 * a whole number and D_0 says all.
 */
int
umpire_exact_roots_cmp(const uint64_t *a, size_t n, int64_t len)
{
	int64_t dk = len;
	bool squares = true;

	for (size_t i = 0; i < n; i++) {
		uint64_t s = umpire_exact_isqrt(a[i]);
		dk -= (int64_t)s;
		squares = squares && s * s == a[i];
	}
	if (squares || dk <= 0)
		return dk < 0 || (dk == 0 && !squares) ? 1 : dk > 0 ? -1 : 0;
	if (dk >= (int64_t)n)
		return -1;

	struct digits *d = umpire_xmalloc(n * sizeof(*d));
	int verdict = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t s = umpire_exact_isqrt(a[i]), r = a[i] - s * s;
		d[i].cap = 8;
		d[i].n = 3;
		d[i].s = umpire_xmalloc(d[i].cap * sizeof(uint32_t));
		d[i].r = umpire_xmalloc(d[i].cap * sizeof(uint32_t));
		d[i].s[0] = (uint32_t)s;
		d[i].s[1] = (uint32_t)(s >> 32);
		d[i].r[0] = (uint32_t)r;
		d[i].r[1] = (uint32_t)(r >> 32);
		d[i].s[2] = d[i].r[2] = 0;
	}
	while (!verdict) {
		int64_t ones = 0;
		for (size_t i = 0; i < n; i++)
			ones += digit_next(&d[i]);
		dk = 2 * dk - ones;
		verdict = dk <= 0 ? 1 : dk >= (int64_t)n ? -1 : 0;
	}
	for (size_t i = 0; i < n; i++) {
		free(d[i].s);
		free(d[i].r);
	}
	free(d);
	return verdict;
}
