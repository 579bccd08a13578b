/*
 * vsgmrbench - how long one player's distance attack phase of VSGMR
 * takes with 1,000 figures on the table (make bench, issue 12's target:
 * under 50 ms): a 160 x 120 inch table with 40 walls and woods, two
 * forces of 500 troops with distance attacks on 1-inch bases, mixed at
 * random over a 72 x 48 inch part of it, and every figure of the first
 * player's attacking the first enemy it may attack, as
 * resolve.c carries it out: range, facing and sight through the terrain
 * and every enemy base for each attack, the dice, armour, the next
 * decision worked out.  The orders are chosen once (vs_can_attack), then
 * the phase is resolved again and again on fresh copies of the game.
 *
 *   vsgmrbench [RUNS]
 *
 * The figure is the median CPU time of the runs (the clock only times;
 * it decides nothing): the phase, and, for comparison, the choosing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/rng.h"
#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"

#define RANKS 10
#define FILES 50

static double
cpu_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int
die(void *arg, unsigned sides, const char *purpose)
{
	(void)purpose;
	return 1 + (int)umpire_rng_below(arg, sides);
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The scenario: two forces of RANKS x FILES troops, 20" apart at set-up
 * (Basic's 17", VS-30), moved 12" closer once read. */
static char *
scenario(void)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_buf_puts(&b, "umpire: 1\nruleset: vsgmr\ntitle: bench\n"
		"points: any\nplayers:\n  red: {}\n  blue: {}\n"
		"table: {width: 160, depth: 120}\nfeatures:\n");
	for (int k = 0; k < 40; k++)
		umpire_buf_printf(&b, "  - {id: f%d, does: [%s], corner: [%d, %d], "
			"size: [%d, %d]}\n", k, k % 2 ? "barrier, cover" :
			"cover, rough", 4 + (k % 10) * 15, k < 20 ? 2 + (k / 10) * 4 :
			98 + (k / 30) * 4, k % 2 ? 4 : 3, k % 2 ? 1 : 3);
	umpire_buf_puts(&b, "forces:\n");
	for (int side = 0; side < 2; side++) {
		umpire_buf_printf(&b, "  %s:\n    edge: %s\n    figures:\n",
			side ? "blue" : "red", side ? "north" : "south");
		umpire_buf_printf(&b, "      - {id: %s-cmd, type: troop, "
			"commander: true, distance: true, at: [1, %d], "
			"facing: [0, %d]}\n", side ? "b" : "r", side ? 119 : 1,
			side ? -1 : 1);
		umpire_buf_printf(&b, "      - {id: %s, type: troop, distance: "
			"true, count: %d, facing: [0, %d], at: [", side ? "b" : "r",
			RANKS * FILES - 1, side ? -1 : 1);
		int n = 0;
		for (int r = 0; r < RANKS && n < RANKS * FILES - 1; r++)
			for (int f = 0; f < FILES && n < RANKS * FILES - 1; f++, n++)
				umpire_buf_printf(&b, "%s[%d, %d]", n ? ", " : "",
					4 + f * 3, side ? 66 + r * 2 : 46 - r * 2);
		umpire_buf_puts(&b, "]}\n");
	}
	return b.ptr;
}

int
main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 15;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *root = NULL;
	struct vs_game g;
	char *text = scenario();

	if (runs < 1)
		runs = 1;
	if (umpire_yaml_parse(&root, &a, "bench.yaml", text, strlen(text),
	    NULL, &d) != 0 || umpire_schema_validate("vsgmr/scenario", root,
	    &d) || vs_scenario_read(&g, &a, root, &d) != 0) {
		umpire_diags_print(&d, stderr);
		return 1;
	}
	/* Then the battle is joined: every figure moved to a cell of a 1.5"
	 * grid over a 72" x 48" corner of the table, drawn from a fixed
	 * seed, red and blue mixed; red faces north, blue south. */
	struct umpire_rng place;
	int cells = 48 * 32, *cell = calloc((size_t)cells, sizeof(int));
	umpire_rng_seed(&place, "vsgmrbench-place", 16);
	for (int k = 0; k < cells; k++)
		cell[k] = k;
	for (int k = cells - 1; k > 0; k--) {
		int j = (int)umpire_rng_below(&place, (uint64_t)k + 1), t = cell[k];
		cell[k] = cell[j];
		cell[j] = t;
	}
	for (int i = 0; i < g.nfigures; i++) {
		g.figure[i].by = g.figure[i].left = -1;
		g.figure[i].at.at = (struct umpire_pt){ 75 + cell[i] % 48 * 150,
			75 + cell[i] / 48 * 150 };
	}
	free(cell);
	vs_round_init(&g.pos, 2, 5, VS_END_FIRST_FALLEN);
	g.pos.round = 1;
	g.pos.first = 0;
	g.pos.winner = 0;
	g.pos.phase = VS_PHASE_DISTANCE;
	g.pos.player = 0;
	g.pos.acts = 2;

	/* The orders: each red figure at the first blue one it may attack,
	 * nearest ranks first. */
	double t0 = cpu_ms();
	struct vs_orders o;
	memset(&o, 0, sizeof(o));
	o.phase = VS_PHASE_DISTANCE;
	o.player = 0;
	o.first = -1;
	o.spawn_edge = -1;
	o.attacks = umpire_arena_alloc(&a, (size_t)g.nfigures *
		sizeof(*o.attacks));
	for (int i = 0; i < g.nfigures; i++) {
		if (g.figure[i].owner != 0)
			continue;
		for (int j = 0; j < g.nfigures; j++) {
			struct vs_target t = { VS_AT_FIGURE, j, NULL };
			bool cover;
			if (g.figure[j].owner != 1 ||
			    vs_can_attack(&g, &a, i, &t, VS_DISTANCE, &cover))
				continue;
			o.attacks[o.nattacks++] = (struct vs_attack_order){
				.figure = i, .target = t };
			break;
		}
	}
	double choose = cpu_ms() - t0;

	double *ms = calloc((size_t)runs, sizeof(*ms));
	int defeated = 0;
	for (int r = 0; r < runs; r++) {
		struct umpire_arena job = UMPIRE_ARENA_INIT;
		struct vs_game *c = vs_game_copy(&job, &g);
		struct umpire_rng rng;
		struct umpire_buf out = UMPIRE_BUF_INIT;
		struct vs_roller dice = { die, &rng };
		struct vs_told tell = { &out, &job };
		umpire_rng_seed(&rng, "vsgmrbench", 10);
		double s = cpu_ms();
		vs_resolve(c, &o, &dice, &tell);
		ms[r] = cpu_ms() - s;
		defeated = 0;
		for (int i = 0; i < c->nfigures; i++)
			defeated += c->figure[i].where == VS_DEFEATED;
		umpire_buf_free(&out);
		umpire_arena_free(&job);
	}
	qsort(ms, (size_t)runs, sizeof(*ms), cmp_double);
	printf("vsgmr distance phase: %d figures, %d attacks, %d defeated: "
		"%.1f ms (median of %d; target < 50 ms); choosing the targets "
		"%.1f ms\n", g.nfigures, o.nattacks, defeated, ms[runs / 2], runs,
		choose);
	free(ms);
	free(text);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return 0;
}
