/*
 * shuffle - print shuffles as umpire_dice_shuffle() makes them: the C
 * half of the shuffle test in tests/py/test_dice.py, which derives the
 * same orders with Python's hmac (tests/dice.py) and compares.
 *
 *   shuffle -
 *	read lines "SEED_HEX GAME STEP K N" from standard input and print,
 *	for each, the order shuffle K of step STEP gives the list 0 .. N-1,
 *	on one line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/dice.h"

int
main(int argc, char **argv)
{
	char line[1024], game[128];
	unsigned long lineno = 0;

	if (argc != 2 || strcmp(argv[1], "-") != 0) {
		fputs("usage: shuffle -\n", stderr);
		return 64;
	}
	while (fgets(line, sizeof(line), stdin)) {
		char hex[80];
		long step;
		unsigned k, n;
		struct umpire_seed seed;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_dice d;

		lineno++;
		if (sscanf(line, "%79s %127s %ld %u %u", hex, game, &step, &k,
		    &n) != 5 || umpire_seed_from_hex(&seed, hex) < 0 || step < 0 ||
		    n > 100000) {
			fprintf(stderr, "shuffle: <stdin>:%lu: expected SEED GAME STEP "
				"K N\n", lineno);
			return 65;
		}
		int *v = malloc((n ? n : 1) * sizeof(*v));
		int none = 0;
		if (!v)
			return 70;
		for (unsigned i = 0; i < n; i++)
			v[i] = (int)i;
		umpire_dice_init(&d, &a, &seed, game, step);
		/* Shuffles of one item draw nothing: they only count. */
		for (unsigned i = 0; i < k; i++)
			umpire_dice_shuffle(&d, &none, 1, "skip");
		umpire_dice_shuffle(&d, v, n, "test");
		for (unsigned i = 0; i < n; i++)
			printf("%s%d", i ? " " : "", v[i]);
		putchar('\n');
		free(v);
		umpire_arena_free(&a);
	}
	return ferror(stdout) ? 74 : 0;
}
