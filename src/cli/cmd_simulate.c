/*
 * cmd_simulate.c - umpire simulate: bot against bot, in process, no git.
 *
 * Every step goes through the same checks and resolution as `umpire
 * turn` (schema, envelope, rules), so a simulation is also a test.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>

#include "cli.h"
#include "core/embedded.h"
#include "core/fileio.h"
#include <sodium.h>

struct tally {
	char names[16][40];	/* copies: a winner's name dies with its game */
	long wins[16];
	size_t nnames;
	long draws, unfinished, total_steps, max_steps;
};

static void
count_win(struct tally *t, const char *who)
{
	for (size_t i = 0; i < t->nnames; i++)
		if (strcmp(t->names[i], who) == 0) {
			t->wins[i]++;
			return;
		}
	if (t->nnames < 16) {
		snprintf(t->names[t->nnames], sizeof(t->names[0]), "%s", who);
		t->wins[t->nnames++] = 1;
	}
}

/* One game to its end; EX_SOFTWARE if the bot's orders are refused. */
static int
play(const struct umpire_node *scenario, const struct umpire_seed *seed,
	long max_steps, struct tally *t, struct umpire_diags *d)
{
	struct umpire_game *g;
	struct umpire_buf report = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	int rc;

	if ((rc = umpire_game_create(&g, scenario, seed, false, &report, d)))
		return rc;
	for (;;) {
		umpire_game_decision(g, &dec);
		if (!dec.player || g->step > max_steps)
			break;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		const struct umpire_node *orders = umpire_game_bot_doc(g, &a, "", 0);
		if (umpire_game_check_doc(g, &a, orders, d)) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: the "
				"bot's orders for step %ld of %s are refused", g->step, g->id);
			umpire_arena_free(&a);
			rc = EX_SOFTWARE;
			break;
		}
		umpire_buf_clear(&report);
		umpire_game_resolve(g, &a, orders, &report);
		umpire_arena_free(&a);
	}
	long steps = g->step - 1;
	if (rc == 0 && dec.player)
		t->unfinished++;
	else if (rc == 0 && dec.winner)
		count_win(t, dec.winner);
	else if (rc == 0)
		t->draws++;
	t->total_steps += steps;
	if (steps > t->max_steps)
		t->max_steps = steps;
	umpire_buf_free(&report);
	umpire_game_free(g);
	return rc;
}

int
cmd_simulate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 'x' },
		{ "scenario", required_argument, NULL, 's' },
		{ "max-steps", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *hex = NULL, *scenario = NULL;
	long games = -1, max_steps = 10000;
	int rc = 0, c;
	char *end;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'x': hex = optarg; break;
		case 's': scenario = optarg; break;
		case 'n':
			games = strtol(optarg, &end, 10);
			if (*end || games < 1 || games > 100000000)
				return cli_usage(argv[0], "--games takes a number from 1 "
					"to 100000000");
			break;
		case 'm':
			max_steps = strtol(optarg, &end, 10);
			if (*end || max_steps < 1)
				return cli_usage(argv[0], "--max-steps takes a positive "
					"number");
			break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one ruleset");
	if (games < 0)
		return cli_usage(argv[0], "--games N is required");
	const struct umpire_ruleset *rules = umpire_ruleset_find(argv[optind]);
	if (!rules)
		return cli_usage(argv[0], "unknown ruleset '%s'; `umpire rules` "
			"lists them", argv[optind]);

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_seed base = { { 0 } };
	const struct umpire_node *doc;
	const char *name;
	struct tally t = { 0 };

	if (hex && umpire_seed_from_hex(&base, hex) != 0)
		return cli_usage(argv[0], "--seed takes 64 hex digits");
	if (scenario) {
		name = umpire_file_name(scenario);
		if ((rc = umpire_file_read(&text, scenario, UMPIRE_YAML_MAX_BYTES, &d)))
			return cli_done(&d, rc);
	} else {
		const struct umpire_embedded *e =
			umpire_embedded_find(rules->default_scenario);
		name = rules->default_scenario;
		umpire_buf_add(&text, e->data, e->len);
	}
	if (!(doc = umpire_game_parse(&a, name, text.ptr, text.len, &d)) ||
	    !umpire_game_validate(doc, "scenario", &d)) {
		rc = EX_DATAERR;
		goto done;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < games && rc == 0; i++) {
		unsigned char buf[UMPIRE_SEED_BYTES + 8];
		struct umpire_seed seed;
		memcpy(buf, base.bytes, UMPIRE_SEED_BYTES);
		for (int k = 0; k < 8; k++)
			buf[UMPIRE_SEED_BYTES + k] = (unsigned char)((uint64_t)i >> (8 * k));
		crypto_hash_sha256(seed.bytes, buf, sizeof(buf));
		rc = play(doc, &seed, max_steps, &t, &d);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (rc)
		goto done;
	double secs = (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	char hexseed[UMPIRE_SEED_HEX + 1];
	umpire_seed_to_hex(&base, hexseed);
	printf("simulate %s: %ld games from seed %.16s...\n", rules->name, games,
		hexseed);
	for (size_t i = 0; i < t.nnames; i++)
		printf("  %-12s %8ld wins  (%.1f%%)\n", t.names[i], t.wins[i],
			100.0 * (double)t.wins[i] / (double)games);
	if (t.draws)
		printf("  %-12s %8ld\n", "draws", t.draws);
	printf("  %-12s %8ld\n", "unfinished", t.unfinished);
	printf("  %-12s mean %.1f steps, max %ld\n", "length",
		(double)t.total_steps / (double)games, t.max_steps);
	printf("  %-12s %.1f games/s (%.3f s)\n", "speed",
		secs > 0 ? (double)games / secs : 0.0, secs);
done:
	umpire_arena_free(&a);
	umpire_buf_free(&text);
	return cli_done(&d, rc);
}
