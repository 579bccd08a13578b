/*
 * tablebench - how long the line-of-sight queries of one Army Men Fire
 * card take on a crowded table (make bench, tests/bench/bench.sh): a
 * 6 x 4 foot table, 200 blocks at random angles (half high, half low),
 * 500 figures on 1-inch bases, 250 a side, and every figure of one side
 * looking at every figure of the other through the high blocks: 62,500
 * queries.  The figure is the median CPU time of several runs through
 * one eye per firer (geom/sight.h), aiming included; the same questions
 * asked one at a time are timed for comparison, and both ways must give
 * the same answers.  The same card is timed again with exact sight
 * (sight.h's umpire_eye_view, the rulings of version 0.4.0 on), which
 * must agree with the exact questions asked one at a time, and must
 * never call blocked a target one of the 13 lines reaches.  CPU time,
 * not wall time: the machines this runs on are often busy with other
 * work.
 *
 *   tablebench [RUNS]
 *
 * The layout comes from a fixed seed, so every run measures the same
 * table.  The clock only times; it decides nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "geom/sight.h"
#include "geom/table.h"

#define WIDTH 7200
#define DEPTH 4800
#define BLOCKS 200
#define SIDE 250
#define BASE 100
#define HIGH 0
#define LOW 1

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t
next(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static int32_t
between(int32_t lo, int32_t hi)
{
	return lo + (int32_t)(next() % (uint64_t)(hi - lo + 1));
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static struct umpire_piece pieces[BLOCKS];
static struct umpire_figure figs[2 * SIDE];
static uint32_t answers[SIDE * SIDE];
static int exact_answers[SIDE * SIDE];

/* The card with exact sight, through an eye or one at a time; seconds. */
static double
exact_card(const struct umpire_table *t, struct umpire_eye *eye,
	int counts[3], int check)
{
	double t0 = now();

	for (int g = 0; g < SIDE; g++) {
		if (eye)
			umpire_eye_aim(eye, t, &figs[g], UMPIRE_KIND(HIGH));
		for (int k = 0; k < SIDE; k++) {
			struct umpire_view v;
			struct umpire_target to = { figs[SIDE + k].at,
				figs[SIDE + k].base, NULL };
			if (eye)
				umpire_eye_view(&v, eye, &to);
			else
				umpire_view(&v, t, figs[g].at, &to, UMPIRE_KIND(HIGH));
			if (counts)
				counts[v.verdict]++;
			int a = (int)v.verdict * 4096 + v.by;
			if (check && exact_answers[g * SIDE + k] != a) {
				fprintf(stderr, "tablebench: exact sight changed an "
				    "answer (%d, %d)\n", g, k);
				exit(1);
			}
			if (!check && v.verdict == UMPIRE_SIGHT_BLOCKED &&
			    answers[g * SIDE + k] != (1u << UMPIRE_SIGHT_LINES) - 1) {
				fprintf(stderr, "tablebench: exact sight blocks a "
				    "target a line reaches (%d, %d)\n", g, k);
				exit(1);
			}
			exact_answers[g * SIDE + k] = a;
		}
	}
	return now() - t0;
}

/*
 * Every figure of side 0 at every figure of side 1, through an eye aimed
 * from each firer in turn (or one question at a time without one);
 * seconds taken.
 */
static double
fire_card(const struct umpire_table *t, struct umpire_eye *eye,
	int counts[3], int check)
{
	double t0 = now();

	for (int g = 0; g < SIDE; g++) {
		if (eye)
			umpire_eye_aim(eye, t, &figs[g], UMPIRE_KIND(HIGH));
		for (int k = 0; k < SIDE; k++) {
			struct umpire_sight s;
			if (eye)
				umpire_eye_look(&s, eye, &figs[SIDE + k], 0);
			else
				umpire_sight(&s, t, &figs[g], &figs[SIDE + k],
					UMPIRE_KIND(HIGH), 0);
			if (counts)
				counts[s.verdict]++;
			if (check && answers[g * SIDE + k] != s.lines) {
				fprintf(stderr, "tablebench: the index changed an "
				    "answer (%d, %d)\n", g, k);
				exit(1);
			}
			answers[g * SIDE + k] = s.lines;
		}
	}
	return now() - t0;
}

int
main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 9;
	struct umpire_table t = { WIDTH, DEPTH, pieces, 0 };
	struct umpire_eye eye = UMPIRE_EYE_INIT;
	int counts[3] = { 0, 0, 0 };
	double with[64], without[64];

	if (runs < 1 || runs > 64)
		runs = 9;
	while (t.npieces < BLOCKS) {
		struct umpire_pt c = { between(300, WIDTH - 300),
			between(300, DEPTH - 300) };
		struct umpire_pt f = { between(-12, 12), between(-12, 12) };
		if (f.x == 0 && f.y == 0)
			continue;
		if (umpire_piece_box(&pieces[t.npieces], t.npieces % 2 ? LOW : HIGH,
		    c, f, between(150, 400), between(75, 200)) == 0)
			t.npieces++;
	}
	/* Green in the nearer 60% of the table, tan in the further 60%. */
	for (int i = 0; i < 2 * SIDE; ) {
		int32_t y0 = i < SIDE ? 50 : DEPTH * 2 / 5;
		struct umpire_figure f = { { between(50, WIDTH - 50),
			between(y0, y0 + DEPTH * 3 / 5 - 50) }, BASE, { 0, 0 } };
		int ok = 1;
		for (size_t p = 0; ok && p < t.npieces; p++)
			ok = !umpire_piece_near(&pieces[p], f.at, f.at, BASE);
		for (int j = 0; ok && j < i; j++)
			ok = umpire_figure_cmp(&f, &figs[j], UMPIRE_EDGES, 0) > 0;
		if (ok)
			figs[i++] = f;
	}
	fire_card(&t, NULL, counts, 0);
	for (int r = 0; r < runs; r++) {
		with[r] = fire_card(&t, &eye, NULL, 1);
		without[r] = fire_card(&t, NULL, NULL, 1);
	}
	qsort(with, (size_t)runs, sizeof(double), cmp_double);
	qsort(without, (size_t)runs, sizeof(double), cmp_double);
	printf("table sight:   a Fire card, %d x %d lines of sight, %d blocks "
	    "(%d high): %.2f ms CPU (target < 10 ms)\n", SIDE, SIDE, BLOCKS,
	    BLOCKS / 2, with[runs / 2] * 1e3);
	printf("               %d clear, %d partly, %d fully blocked; %.2f ms "
	    "asked one at a time (medians of %d)\n",
	    counts[UMPIRE_SIGHT_CLEAR], counts[UMPIRE_SIGHT_PARTLY],
	    counts[UMPIRE_SIGHT_BLOCKED], without[runs / 2] * 1e3, runs);
	int exact_counts[3] = { 0, 0, 0 };
	exact_card(&t, NULL, exact_counts, 0);
	for (int r = 0; r < runs; r++) {
		with[r] = exact_card(&t, &eye, NULL, 1);
		without[r] = exact_card(&t, NULL, NULL, 1);
	}
	qsort(with, (size_t)runs, sizeof(double), cmp_double);
	qsort(without, (size_t)runs, sizeof(double), cmp_double);
	printf("exact sight:   the same card, every point of every base "
	    "(0.4.0 on): %.2f ms CPU (target < 10 ms)\n", with[runs / 2] * 1e3);
	printf("               %d clear, %d partly, %d fully blocked; %.2f ms "
	    "asked one at a time (medians of %d)\n",
	    exact_counts[UMPIRE_SIGHT_CLEAR], exact_counts[UMPIRE_SIGHT_PARTLY],
	    exact_counts[UMPIRE_SIGHT_BLOCKED], without[runs / 2] * 1e3, runs);
	umpire_eye_free(&eye);
	return 0;
}
