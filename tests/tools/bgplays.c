/*
 * bgplays - every legal play of plain backgammon as src/rules/bgw/plan.c
 * finds them: the C half of tests/py/test_gnubg.py, which asks GNU
 * Backgammon the same questions and compares.
 *
 *   bgplays -
 *	read lines of 52 numbers from standard input: two dice, then the
 *	mover's units on his points 1 to 24 and his Wall, then the
 *	opponent's on the mover's points 1 to 24 and the opponent's Wall
 *	(units borne off are the rest of 15); print, for each, one line:
 *	the number of distinct plays, then each position a play leaves in
 *	the same 50 numbers joined by commas, sorted, separated by blanks
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bgw/plan.h"

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
	static struct bg_play plays[4096];
	static char text[4096][160];
	char *order[4096];
	char line[1024];
	unsigned long lineno = 0;

	if (argc != 2 || strcmp(argv[1], "-") != 0) {
		fputs("usage: bgplays -\n", stderr);
		return 64;
	}
	while (fgets(line, sizeof(line), stdin)) {
		int v[52], k = 0, n;
		char *s = line;
		struct bg_pos p;

		lineno++;
		while (k < 52 && sscanf(s, "%d%n", &v[k], &n) == 1) {
			s += n;
			k++;
		}
		if (k != 52) {
			fprintf(stderr, "bgplays: line %lu: 52 numbers wanted\n",
				lineno);
			return 65;
		}
		memset(&p, 0, sizeof(p));
		int own = 0, opp = 0;
		for (int q = 1; q <= BG_WALL; q++) {
			p.own[q] = (signed char)v[1 + q];
			p.opp[q] = (signed char)v[26 + q];
			own += v[1 + q];
			opp += v[26 + q];
		}
		p.own[BG_OFF] = (signed char)(BG_UNITS - own);
		p.opp[BG_OFF] = (signed char)(BG_UNITS - opp);
		bg_plain(&p);
		int dice[4] = { v[0], v[1], v[0], v[1] };
		int nd = v[0] == v[1] ? 4 : 2;
		size_t np = bg_plays(&p, dice, nd, plays, 4096);
		if (np > 4096) {
			fprintf(stderr, "bgplays: line %lu: %zu plays\n", lineno, np);
			return 70;
		}
		for (size_t i = 0; i < np; i++) {
			struct bg_pos r = p;
			int m = 0;
			for (int j = 0; j < plays[i].n; j++)
				bg_apply(&r, &plays[i].m[j]);
			for (int q = 1; q <= BG_WALL; q++)
				m += snprintf(text[i] + m, sizeof(text[i]) - (size_t)m,
					"%s%d", q > 1 ? "," : "", r.own[q]);
			for (int q = 1; q <= BG_WALL; q++)
				m += snprintf(text[i] + m, sizeof(text[i]) - (size_t)m,
					",%d", r.opp[q]);
			order[i] = text[i];
		}
		qsort(order, np, sizeof(order[0]), cmp);
		printf("%zu", np);
		for (size_t i = 0; i < np; i++)
			printf(" %s", order[i]);
		putchar('\n');
	}
	return 0;
}
