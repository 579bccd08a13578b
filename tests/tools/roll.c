/*
 * roll - print dice as umpire_dice_derive() makes them: the C half of the
 * known-answer test (tests/py/test_dice.py), which derives the same rolls
 * with Python's hmac (tests/dice.py) and compares.
 *
 *   roll SEED_HEX GAME STEP FIRST LAST SIDES
 *	print rolls FIRST..LAST-1 of step STEP, one a line
 *   roll -
 *	read lines "SEED_HEX GAME STEP R SIDES" from standard input and
 *	print each roll on a line of its own, so one process can answer
 *	thousands of questions
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/dice.h"

/* A whole decimal number in [min, max], or -1 after saying why. */
static int
number(const char *s, unsigned long long min, unsigned long long max,
	unsigned long long *out)
{
	char *end;

	errno = 0;
	if (*s == '-' || *s == '+') {
		fprintf(stderr, "roll: '%s': not a plain decimal number\n", s);
		return -1;
	}
	*out = strtoull(s, &end, 10);
	if (errno || end == s || *end || *out < min || *out > max) {
		fprintf(stderr, "roll: '%s': not a number from %llu to %llu\n",
			s, min, max);
		return -1;
	}
	return 0;
}

static int
one(const char *hex, const char *game, const char *step, const char *r,
	const char *sides)
{
	struct umpire_seed seed;
	unsigned long long s, rr, n;

	if (umpire_seed_from_hex(&seed, hex) < 0) {
		fprintf(stderr, "roll: '%s': not 64 hex digits\n", hex);
		return -1;
	}
	/* Zero sides would divide by zero: no die has them. */
	if (number(step, 0, LONG_MAX, &s) < 0 || number(r, 0, UINT_MAX, &rr) < 0 ||
	    number(sides, 1, UINT_MAX, &n) < 0)
		return -1;
	printf("%u\n", umpire_dice_derive(&seed, game, (long)s, (unsigned)rr,
		(unsigned)n));
	return 0;
}

static int
batch(void)
{
	char line[1024];
	unsigned long lineno = 0;

	while (fgets(line, sizeof(line), stdin)) {
		char *f[6];
		int k = 0;

		lineno++;
		for (char *tok = strtok(line, " \t\r\n"); tok && k < 6;
		    tok = strtok(NULL, " \t\r\n"))
			f[k++] = tok;
		if (k != 5) {
			fprintf(stderr, "roll: <stdin>:%lu: expected SEED GAME STEP "
				"R SIDES\n", lineno);
			return 65;
		}
		if (one(f[0], f[1], f[2], f[3], f[4]) < 0)
			return 65;
	}
	return fflush(stdout) == 0 ? 0 : 74;
}

int
main(int argc, char **argv)
{
	if (sodium_init() < 0) {
		fputs("roll: cannot initialise libsodium\n", stderr);
		return 70;
	}
	if (argc == 2 && strcmp(argv[1], "-") == 0)
		return batch();
	if (argc != 7) {
		fputs("usage: roll SEED_HEX GAME STEP FIRST LAST SIDES\n"
			"       roll - < lines of SEED_HEX GAME STEP R SIDES\n", stderr);
		return 64;
	}
	unsigned long long first, last;
	if (number(argv[4], 0, UINT_MAX, &first) < 0 ||
	    number(argv[5], 0, UINT_MAX, &last) < 0)
		return 64;
	for (unsigned long long r = first; r < last; r++) {
		char rs[32];
		snprintf(rs, sizeof(rs), "%llu", r);
		if (one(argv[1], argv[2], argv[3], rs, argv[6]) < 0)
			return 64;
	}
	return fflush(stdout) == 0 ? 0 : 74;
}
