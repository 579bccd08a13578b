/*
 * test_dice - dice from a committed seed (game/dice.c): known answers
 * computed by tests/dice.py (an independent derivation from the design
 * brief), the commitment, the hex seeds, the stream and its log, and a
 * chi-square goodness-of-fit test of d6, d8, d10 and d12.
 */
#include <limits.h>

#include "game/dice.h"
#include "unit.h"

/* The seed 00 01 02 ... 1f. */
static struct umpire_seed
counting_seed(void)
{
	struct umpire_seed s;

	for (int i = 0; i < UMPIRE_SEED_BYTES; i++)
		s.bytes[i] = (unsigned char)i;
	return s;
}

static struct umpire_seed
filled_seed(unsigned char c)
{
	struct umpire_seed s;

	memset(s.bytes, c, sizeof(s.bytes));
	return s;
}

static void
known_answers(void **state)
{
	struct umpire_seed s = counting_seed(), ff = filled_seed(0xff),
		zero = filled_seed(0);
	/* python3 tests/dice.py 0001...1e1f amb-86a7215226 0 --first 12 6 */
	static const unsigned first[12] = { 4, 6, 6, 5, 1, 4, 6, 6, 3, 4, 6, 6 };

	(void)state;
	for (unsigned r = 0; r < 12; r++)
		assert_int_equal(umpire_dice_derive(&s, "amb-86a7215226", 0, r, 6),
		    first[r]);
	assert_int_equal(umpire_dice_derive(&s, "amb-86a7215226", 7, 3, 6), 5);
	assert_int_equal(umpire_dice_derive(&s, "amb-86a7215226", 1000000000, 99,
	    20), 5);
	assert_int_equal(umpire_dice_derive(&ff, "g", 5, 0, 2), 2);
	assert_int_equal(umpire_dice_derive(&zero, "amb-0000000000", 12, 4, 100),
	    7);
	assert_int_equal(umpire_dice_derive(&zero, "", 0, 0, 1), 1);
	assert_int_equal(umpire_dice_derive(&s, "g", -1, 0, 6), 6);
	assert_int_equal(umpire_dice_derive(&s, "g", 0, UINT_MAX, 6), 5);
	/*
	 * With 2^31 + 1 sides about half the words are refused; roll 192 of
	 * step 3 refuses all eight words of the first block (j = 0).
	 */
	assert_int_equal(umpire_dice_derive(&s, "amb-86a7215226", 3, 192,
	    2147483649u), 1876145317u);
}

/*
 * A shuffle's log tells the order it gave (the report's order column):
 * each place's item as its place before, the same permutation the
 * shuffled items show, and the one an independent derivation gives.
 */
static void
shuffle_order(void **state)
{
	struct umpire_seed s = counting_seed();
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice d;
	/* python3 tests/dice.py 0001...1e1f armymen-0123 7 --shuffle 1 8 */
	static const unsigned want[8] = { 5, 0, 4, 6, 1, 2, 3, 7 };
	int v[8], w[3] = { 10, 20, 30 };

	(void)state;
	umpire_dice_init(&d, &a, &s, "armymen-0123", 7);
	umpire_dice_shuffle(&d, w, 3, "first");	/* shuffle 0 */
	for (int i = 0; i < 8; i++)
		v[i] = 100 + i;
	umpire_dice_shuffle(&d, v, 8, "the %d cards", 8);
	assert_int_equal(d.nshuffles, 2);
	assert_int_equal(d.shuffles[1].k, 1);
	assert_int_equal(d.shuffles[1].n, 8);
	assert_string_equal(d.shuffles[1].purpose, "the 8 cards");
	for (int p = 0; p < 8; p++) {
		assert_int_equal(d.shuffles[1].order[p], want[p]);
		assert_int_equal(v[p], 100 + (int)want[p]);
	}
	for (int p = 0; p < 3; p++)
		assert_int_equal(w[p], 10 * (1 + (int)d.shuffles[0].order[p]));
	umpire_dice_end(&d);
	umpire_arena_free(&a);
}

static void
stream(void **state)
{
	struct umpire_seed s = counting_seed();
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice d;

	(void)state;
	umpire_dice_init(&d, &a, &s, "amb-86a7215226", 0);
	assert_true(d.have_seed);
	assert_int_equal(umpire_dice_roll(&d, 6, "first player: %s", "green"), 4);
	assert_int_equal(umpire_dice_roll(&d, 6, "first player: %s", "tan"), 6);
	assert_int_equal(umpire_dice_roll(&d, 20, "a d%d", 20),
	    umpire_dice_derive(&s, "amb-86a7215226", 0, 2, 20));
	assert_int_equal(d.n, 3);
	assert_int_equal(d.log[0].r, 0);
	assert_int_equal(d.log[0].sides, 6);
	assert_int_equal(d.log[0].result, 4);
	assert_string_equal(d.log[0].purpose, "first player: green");
	assert_string_equal(d.log[1].purpose, "first player: tan");
	assert_int_equal(d.log[2].r, 2);
	assert_int_equal(d.log[2].sides, 20);
	assert_string_equal(d.log[2].purpose, "a d20");
	/* Peeking changes nothing and sees any step. */
	for (unsigned r = 0; r < 5; r++)
		assert_int_equal(umpire_dice_peek(&d, 9, r, 6),
		    umpire_dice_derive(&s, "amb-86a7215226", 9, r, 6));
	assert_int_equal(d.n, 3);
	/* Another step, another game: other dice (20 rolls all alike: no). */
	struct umpire_dice other;
	umpire_dice_init(&other, &a, &s, "amb-86a7215227", 0);
	int same = 0, same_step = 0;
	for (unsigned r = 0; r < 20; r++) {
		same += umpire_dice_peek(&other, 0, r, 1000) ==
		    umpire_dice_peek(&d, 0, r, 1000);
		same_step += umpire_dice_peek(&d, 1, r, 1000) ==
		    umpire_dice_peek(&d, 0, r, 1000);
	}
	assert_true(same < 3);
	assert_true(same_step < 3);
	/* A stream for checking only has no seed. */
	umpire_dice_init(&other, &a, NULL, "amb-86a7215226", 4);
	assert_false(other.have_seed);
	assert_int_equal(other.step, 4);
	umpire_arena_free(&a);
}

/* The stream's key is wiped when done (issue 8, item 12); the log stays. */
static void
end_wipes_the_key(void **state)
{
	struct umpire_seed s = counting_seed();
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice d;
	static const crypto_auth_hmacsha256_state zero;

	(void)state;
	umpire_dice_init(&d, &a, &s, "amb-86a7215226", 0);
	assert_int_equal(umpire_dice_roll(&d, 6, "one"), 4);
	assert_memory_not_equal(&d.keyed, &zero, sizeof(zero));
	umpire_dice_end(&d);
	assert_memory_equal(&d.keyed, &zero, sizeof(zero));
	assert_false(d.have_seed);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.log[0].result, 4);
	umpire_arena_free(&a);
}

static void
commitment(void **state)
{
	struct umpire_seed s = counting_seed(), zero = filled_seed(0);
	char c[sizeof(UMPIRE_COMMITMENT_PREFIX) + UMPIRE_SEED_HEX];

	(void)state;
	/*
	 * python3 -c 'import hashlib;
	 *     print(hashlib.sha256(bytes(range(32))).hexdigest())'
	 */
	umpire_seed_commitment(&s, c);
	assert_string_equal(c, "sha256:630dcd2966c4336691125448bbb25b4ff412a4"
	    "9c732db2c8abc1b8581bd710dd");
	umpire_seed_commitment(&zero, c);
	assert_string_equal(c, "sha256:66687aadf862bd776c8fc18b8e9f8e20089714"
	    "856ee233b3902a591d0d5f2925");
	assert_int_equal(strlen(c), 7 + 64);
}

static void
hex(void **state)
{
	struct umpire_seed s, want = counting_seed();
	char out[UMPIRE_SEED_HEX + 1];
	const char *lower =
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
	const char *upper =
		"000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F";

	(void)state;
	assert_int_equal(umpire_seed_from_hex(&s, lower), 0);
	assert_memory_equal(s.bytes, want.bytes, sizeof(s.bytes));
	assert_int_equal(umpire_seed_from_hex(&s, upper), 0);
	assert_memory_equal(s.bytes, want.bytes, sizeof(s.bytes));
	umpire_seed_to_hex(&s, out);
	assert_string_equal(out, lower);
	/* White space around it is ignored (a seed file ends in a newline). */
	char *padded = malloc(200);
	snprintf(padded, 200, " \t\n%s\r\n\n", lower);
	assert_int_equal(umpire_seed_from_hex(&s, padded), 0);
	assert_memory_equal(s.bytes, want.bytes, sizeof(s.bytes));
	/* Anything else is refused. */
	static const char *const bad[] = {
		"",
		"   ",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1g",
		"0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		"00010203040506070809 0a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f x",
		"sha256:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (umpire_seed_from_hex(&s, bad[i]) == 0)
			fail_msg("accepted the seed '%s'", bad[i]);
	/* Random seeds differ and round-trip through hex. */
	struct umpire_seed r1, r2, back;
	umpire_seed_random(&r1);
	umpire_seed_random(&r2);
	assert_memory_not_equal(r1.bytes, r2.bytes, sizeof(r1.bytes));
	umpire_seed_to_hex(&r1, out);
	assert_int_equal(strlen(out), 64);
	assert_int_equal(umpire_seed_from_hex(&back, out), 0);
	assert_memory_equal(back.bytes, r1.bytes, sizeof(r1.bytes));
	free(padded);
}

/*
 * Pearson's chi-square over 10^6 rolls of one die, against the critical
 * value at significance 0.001 for sides - 1 degrees of freedom.  The
 * stream is fixed, so the test is deterministic; a biased derivation
 * (byte % n, or the wrong limit) fails it by orders of magnitude.
 */
static double
chi_square(const struct umpire_dice *d, unsigned sides, long step)
{
	enum { ROLLS = 1000000 };
	unsigned long count[13] = { 0 };
	double expect = (double)ROLLS / sides, chi = 0;

	for (unsigned r = 0; r < ROLLS; r++) {
		unsigned v = umpire_dice_peek(d, step, r, sides);
		if (v < 1 || v > sides)
			fail_msg("a d%u rolled %u", sides, v);
		count[v]++;
	}
	for (unsigned v = 1; v <= sides; v++)
		chi += (count[v] - expect) * (count[v] - expect) / expect;
	return chi;
}

static void
uniformity(void **state)
{
	struct umpire_seed s = counting_seed();
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_dice d;
	/* Critical values of chi-square at p = 0.001 for 5, 7, 9, 11 df. */
	static const struct { unsigned sides; double critical; } dice[] = {
		{ 6, 20.515 }, { 8, 24.322 }, { 10, 27.877 }, { 12, 31.264 },
	};

	(void)state;
	umpire_dice_init(&d, &a, &s, "amb-chisquare", 0);
	for (size_t i = 0; i < sizeof(dice) / sizeof(dice[0]); i++) {
		double chi = chi_square(&d, dice[i].sides, (long)i);
		print_message("d%u: chi-square %.2f (critical %.3f)\n",
		    dice[i].sides, chi, dice[i].critical);
		if (chi >= dice[i].critical)
			fail_msg("d%u is not uniform: chi-square %.2f >= %.3f",
			    dice[i].sides, chi, dice[i].critical);
	}
	umpire_arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_answers),
		cmocka_unit_test(stream),
		cmocka_unit_test(shuffle_order),
		cmocka_unit_test(end_wipes_the_key),
		cmocka_unit_test(commitment),
		cmocka_unit_test(hex),
		cmocka_unit_test(uniformity),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("dice", tests, NULL, NULL);
}
