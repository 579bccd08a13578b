#include "exact.h"

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
