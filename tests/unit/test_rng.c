/*
 * test_rng - the bot's random numbers (game/rng.c): reproducible from
 * the seed, below() inside its bounds, and roughly uniform.
 */
#include <stdint.h>

#include <sodium.h>

#include "game/rng.h"
#include "unit.h"

static void
reproducible(void **state)
{
	struct umpire_rng a, b, c;

	(void)state;
	umpire_rng_seed(&a, "salt", 4);
	umpire_rng_seed(&b, "salt", 4);
	umpire_rng_seed(&c, "salt!", 5);
	int differ = 0;
	for (int i = 0; i < 100; i++) {
		uint64_t x = umpire_rng_next(&a);
		assert_true(x == umpire_rng_next(&b));
		differ += x != umpire_rng_next(&c);
	}
	assert_true(differ > 95);
	/* An empty seed is a seed too, and never the all-zero state. */
	umpire_rng_seed(&a, "", 0);
	assert_true(a.s[0] | a.s[1] | a.s[2] | a.s[3]);
	assert_true(umpire_rng_next(&a) != umpire_rng_next(&a));
}

static void
below_bounds(void **state)
{
	struct umpire_rng r;
	static const uint64_t ns[] = { 1, 2, 3, 5, 7, 10, 76, 1000,
		(UINT64_C(1) << 32) + 1, (UINT64_C(1) << 63) + 1, UINT64_MAX };

	(void)state;
	umpire_rng_seed(&r, "bounds", 6);
	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		for (int k = 0; k < 2000; k++)
			assert_true(umpire_rng_below(&r, ns[i]) < ns[i]);
	for (int k = 0; k < 100; k++)
		assert_true(umpire_rng_below(&r, 1) == 0);
	/* Huge bounds still reach the top half. */
	int high = 0;
	for (int k = 0; k < 200; k++)
		high += umpire_rng_below(&r, UINT64_MAX) > UINT64_MAX / 2;
	assert_true(high > 60 && high < 140);
}

static void
below_uniform(void **state)
{
	struct umpire_rng r;
	enum { N = 600000 };

	(void)state;
	umpire_rng_seed(&r, "uniform", 7);
	/* Small n: chi-square against p = 0.001 (2, 5 and 9 df). */
	static const struct { uint64_t n; double critical; } cases[] = {
		{ 3, 13.816 }, { 6, 20.515 }, { 10, 27.877 },
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		unsigned long count[10] = { 0 };
		double expect = (double)N / cases[c].n, chi = 0;
		for (int k = 0; k < N; k++)
			count[umpire_rng_below(&r, cases[c].n)]++;
		for (uint64_t v = 0; v < cases[c].n; v++)
			chi += (count[v] - expect) * (count[v] - expect) / expect;
		if (chi >= cases[c].critical)
			fail_msg("below(%llu) is not uniform: chi-square %.2f",
			    (unsigned long long)cases[c].n, chi);
	}
	/*
	 * n = 3 * 2^62: here the rejection matters.  Uniform draws fall below
	 * 2^62 a third of the time; a plain x % n would fold the top quarter
	 * of 64-bit values onto [0, 2^62) and make it half.
	 */
	uint64_t n = (UINT64_C(1) << 63) + (UINT64_C(1) << 62);
	int low = 0;
	for (int k = 0; k < 20000; k++)
		low += umpire_rng_below(&r, n) < (UINT64_C(1) << 62);
	assert_true(low > 20000 / 3 - 400 && low < 20000 / 3 + 400);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reproducible),
		cmocka_unit_test(below_bounds),
		cmocka_unit_test(below_uniform),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("rng", tests, NULL, NULL);
}
