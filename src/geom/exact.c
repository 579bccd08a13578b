#include "exact.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Whole numbers of n 32-bit words, little-endian, two's complement:
 * sums, differences and products are taken modulo 2^(32 n), which is
 * the true value whenever that fits, as the callers make sure it does
 * (each says by how much).  Only the sign is ever read out.
 */
#define BIG_WORDS 18		/* 576 bits: umpire_exact_sign_roots's most */

static void
big_set(uint32_t *r, size_t n, int64_t v)
{
	uint64_t u = (uint64_t)v;
	uint32_t fill = v < 0 ? 0xffffffffu : 0;

	r[0] = (uint32_t)u;
	if (n > 1)
		r[1] = (uint32_t)(u >> 32);
	for (size_t i = 2; i < n; i++)
		r[i] = fill;
}

static int
big_sign(const uint32_t *a, size_t n)
{
	if (a[n - 1] >> 31)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (a[i])
			return 1;
	return 0;
}

/* r = a + b, or a - b when sub; r may be a or b. */
static void
big_add(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n, bool sub)
{
	uint64_t carry = sub;

	for (size_t i = 0; i < n; i++) {
		uint64_t s = (uint64_t)a[i] + (sub ? ~b[i] : b[i]) + carry;
		r[i] = (uint32_t)s;
		carry = s >> 32;
	}
}

/* r = a * b; r is neither a nor b.  Two's complement modulo 2^(32 n). */
static void
big_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n)
{
	memset(r, 0, n * sizeof(*r));
	for (size_t i = 0; i < n; i++) {
		uint64_t carry = 0;
		if (!a[i])
			continue;
		for (size_t j = 0; i + j < n; j++) {
			uint64_t t = (uint64_t)a[i] * b[j] + r[i + j] + carry;
			r[i + j] = (uint32_t)t;
			carry = t >> 32;
		}
	}
}

/*
 * The sign of p + q sqrt(a), a >= 0, p and q of n words: the signs
 * agree, or p^2 against q^2 a decides.  scratch: 3 n words.  The
 * caller leaves room for p^2 and q^2 a.
 */
static int
big_sign_root(const uint32_t *p, const uint32_t *q, const uint32_t *a,
	size_t n, uint32_t *scratch)
{
	int sp = big_sign(p, n), sq = big_sign(q, n);
	uint32_t *pp = scratch, *qq = scratch + n, *qqa = scratch + 2 * n;

	if (sq == 0 || big_sign(a, n) == 0)
		return sp;
	if (sp == 0 || sp == sq)
		return sq;
	big_mul(pp, p, p, n);
	big_mul(qq, q, q, n);
	big_mul(qqa, qq, a, n);
	big_add(pp, pp, qqa, n, true);
	/* |p| against |q| sqrt(a): p's sign if |p| is the larger. */
	return sp * big_sign(pp, n);
}

int
umpire_exact_sign_root(int64_t p, int64_t q, int64_t a)
{
	/* p^2 and q^2 a within 2^189: seven words and a sign. */
	uint32_t bp[8], bq[8], ba[8], scratch[24];

	big_set(bp, 8, p);
	big_set(bq, 8, q);
	big_set(ba, 8, a);
	return big_sign_root(bp, bq, ba, 8, scratch);
}

/*
 * x0 + x1 sqrt(a) + (x2 + x3 sqrt(a)) sqrt(b) is U + V sqrt(b): when U
 * and V differ in sign, U^2 - b V^2 = (x0^2 + a x1^2 - b x2^2 - a b
 * x3^2) + 2 (x0 x1 - b x2 x3) sqrt(a) says which is the larger.  Those
 * are within 2^254 and 2^191, and the squares that decide their sign
 * within 2^509: BIG_WORDS words.
 */
int
umpire_exact_sign_roots(const int64_t x[4], int64_t a, int64_t b)
{
	enum { N = BIG_WORDS };
	uint32_t bx[4][N], ba[N], bb[N], p[N], q[N], t[N], u[N];
	uint32_t scratch[3 * N];
	int su, sv, s;

	su = umpire_exact_sign_root(x[0], x[1], a);
	sv = umpire_exact_sign_root(x[2], x[3], a);
	if (sv == 0 || b == 0)
		return su;
	if (su == 0 || su == sv)
		return sv;
	for (int i = 0; i < 4; i++)
		big_set(bx[i], N, x[i]);
	big_set(ba, N, a);
	big_set(bb, N, b);
	big_mul(p, bx[0], bx[0], N);		/* x0^2 */
	big_mul(t, bx[1], bx[1], N);
	big_mul(u, t, ba, N);			/* a x1^2 */
	big_add(p, p, u, N, false);
	big_mul(t, bx[2], bx[2], N);
	big_mul(u, t, bb, N);			/* b x2^2 */
	big_add(p, p, u, N, true);
	big_mul(t, bx[3], bx[3], N);
	big_mul(u, t, ba, N);
	big_mul(t, u, bb, N);			/* a b x3^2 */
	big_add(p, p, t, N, true);
	big_mul(q, bx[0], bx[1], N);		/* x0 x1 */
	big_mul(t, bx[2], bx[3], N);
	big_mul(u, t, bb, N);			/* b x2 x3 */
	big_add(q, q, u, N, true);
	big_add(q, q, q, N, false);
	s = big_sign_root(p, q, ba, N, scratch);
	return s > 0 ? su : s < 0 ? sv : 0;
}

/*
 * The sum as S / D over the product of the denominators: S within
 * n 2^64 2^(63 (n - 1)) and D within 2^(63 n); then S sqrt(a) against
 * c D, whose squares are within 2^(128 n + 2 log n + 64): words enough
 * for that and a sign.
 */
int
umpire_exact_sum_cmp_root(const int64_t *num, const int64_t *den, size_t n,
	int64_t c, int64_t a)
{
	size_t w = 4 * n + 8, logn = 0;

	while (((size_t)1 << logn) < n + 1)
		logn++;
	w += (2 * logn + 31) / 32;
	uint32_t *mem = umpire_xmalloc(9 * w * sizeof(*mem));
	uint32_t *s = mem, *d = mem + w, *t = mem + 2 * w, *x = mem + 3 * w;
	uint32_t *y = mem + 4 * w, *ba = mem + 5 * w, *scratch = mem + 6 * w;

	big_set(s, w, 0);
	big_set(d, w, 1);
	for (size_t i = 0; i < n; i++) {
		/* s/d + p/q = (s q + p d) / (d q) */
		big_set(x, w, den[i]);
		big_mul(t, s, x, w);
		big_set(y, w, num[i]);
		big_mul(s, y, d, w);
		big_add(s, s, t, w, false);
		big_mul(t, d, x, w);
		memcpy(d, t, w * sizeof(*d));
	}
	/* S sqrt(a) - c D: p = -c D, q = S. */
	big_set(x, w, c);
	big_mul(y, x, d, w);
	big_set(t, w, 0);
	big_add(y, t, y, w, true);
	big_set(ba, w, a);
	int r = big_sign_root(y, s, ba, w, scratch);
	free(mem);
	return r;
}
