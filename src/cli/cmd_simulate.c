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
#include "util/fileio.h"
#include "crypto/sshkey.h"
#include "game/lookahead.h"
#include <sodium.h>

/*
 * Keys for the players of a scenario that gives none: a game that hides
 * needs them to encrypt each player's view, and a built-in scenario
 * carries none (umpire new takes them with --key).  Nothing a
 * simulation writes is kept, so any key will do: one made from the
 * player's id, the same every run.
 */
static void
throwaway_keys(struct umpire_arena *a, const struct umpire_node *doc)
{
	const struct umpire_node *players = umpire_map_get(doc, "players");

	if (!players || players->type != UMPIRE_MAP)
		return;
	for (size_t i = 0; i < players->u.map.n; i++)
		if (umpire_map_get(players->u.map.v[i].val, "key"))
			return;
	for (size_t i = 0; i < players->u.map.n; i++) {
		struct umpire_node *p = players->u.map.v[i].val;
		const struct umpire_node *id = players->u.map.v[i].key;
		unsigned char seed[32];
		struct umpire_sshkey_private k;
		struct umpire_buf line = UMPIRE_BUF_INIT;
		if (p->type != UMPIRE_MAP || id->type != UMPIRE_STR)
			continue;
		crypto_generichash(seed, sizeof(seed),
			(const unsigned char *)id->u.s.ptr, id->u.s.len,
			(const unsigned char *)"umpire-simulate", 15);
		umpire_sshkey_private_from_seed(&k, seed);
		umpire_sshkey_format_public(&line, &k.pub, "umpire simulate");
		umpire_map_add(a, p, "key", umpire_node_str(a,
			umpire_arena_strdup(a, umpire_buf_cstr(&line))));
		sodium_memzero(&k, sizeof(k));
		umpire_buf_free(&line);
	}
}

/*
 * The tally of any number of players: a player's standing in each game
 * counts under the player's id, whatever the table size.
 */
struct tally_row {
	char *player;
	long games, wins, shared, rank_sum;
	long long score_sum;
};

struct tally {
	struct tally_row *rows;
	size_t n;
	long draws, unfinished, total_steps, max_steps;
	/*
	 * Letters: decisions a player had to answer himself, and the
	 * player-rounds they were spread over; empties: those whose answer
	 * was nothing by public information (ruleset.h, the empty hook);
	 * nothings: those the bot answered with nothing (orders with no value
	 * but empty lists and maps), some of which the player might have
	 * answered otherwise.
	 */
	long letters, player_rounds, empties, nothings;
};

static struct tally_row *
row_of(struct tally *t, const char *player)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].player, player) == 0)
			return &t->rows[i];
	t->rows = umpire_xrealloc(t->rows, (t->n + 1) * sizeof(*t->rows));
	struct tally_row *r = &t->rows[t->n++];
	memset(r, 0, sizeof(*r));
	r->player = umpire_xmalloc(strlen(player) + 1);
	strcpy(r->player, player);
	return r;
}

static void
count_result(struct tally *t, const struct umpire_result *res)
{
	size_t firsts = 0;

	for (size_t i = 0; i < res->n; i++)
		firsts += res->v[i].rank == 1;
	if (umpire_result_is_draw(res))
		t->draws++;
	for (size_t i = 0; i < res->n; i++) {
		struct tally_row *r = row_of(t, res->v[i].player);
		r->games++;
		r->rank_sum += res->v[i].rank;
		r->score_sum += res->v[i].score;
		if (res->v[i].rank == 1 && firsts == 1)
			r->wins++;
		else if (res->v[i].rank == 1 && firsts < res->n)
			r->shared++;
	}
}

static void
tally_free(struct tally *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->rows[i].player);
	free(t->rows);
}

/*
 * Whether orders say nothing: every key but the envelope's holds an
 * empty list or mapping, null or false.
 */
static bool
nothing(const struct umpire_node *n, bool top)
{
	switch (n->type) {
	case UMPIRE_NULL: return true;
	case UMPIRE_BOOL: return !n->u.b;
	case UMPIRE_SEQ:
		for (size_t i = 0; i < n->u.seq.n; i++)
			if (!nothing(n->u.seq.v[i], false))
				return false;
		return true;
	case UMPIRE_MAP:
		for (size_t i = 0; i < n->u.map.n; i++) {
			const struct umpire_node *k = n->u.map.v[i].key;
			static const char *const envelope[] = { "umpire", "ruleset",
				"game", "player", "step" };
			bool skip = false;
			for (size_t e = 0; top && e < 5; e++)
				skip |= umpire_node_is_str(k, envelope[e]);
			if (!skip && !nothing(n->u.map.v[i].val, false))
				return false;
		}
		return true;
	default: return false;
	}
}

/* One game to its end; EX_SOFTWARE if the bot's orders are refused. */
/*
 * A bug report: the state (and secret part) the bot's orders were
 * refused on, and the orders, on standard error.  Self-play keeps no
 * secret from anyone.
 */
static void
dump(const struct umpire_game *g, const struct umpire_node *orders)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_game_encode(g, UMPIRE_VERSION, &b);
	if (g->hides && g->secret_known) {
		umpire_buf_puts(&b, "--- # the secret part\n");
		umpire_game_encode_secret(g, &b);
	}
	umpire_buf_puts(&b, "--- # the bot's orders\n");
	umpire_yaml_emit(&b, orders, NULL);
	fwrite(b.ptr, 1, b.len, stderr);
	umpire_buf_free(&b);
}

/*
 * The bot's level for a player: --levels gives one a player in the
 * game's order, the last given for the rest (umpire(1), BOTS).
 */
struct levels {
	int v[16];
	size_t n;
};

static int
level_of(const struct levels *l, const struct umpire_game *g,
	const char *player)
{
	for (size_t i = 0; i < g->nplayers && l->n; i++)
		if (strcmp(g->players[i].id, player) == 0)
			return l->v[i < l->n ? i : l->n - 1];
	return 1;
}

static int
play(const struct umpire_node *scenario, const struct umpire_buf *text,
	const struct umpire_seed *seed, long max_steps, const struct levels *lv,
	struct tally *t, struct umpire_diags *d)
{
	struct umpire_game *g;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_decision dec;
	int rc;

	report.no_text = true;	/* only the result is tallied */
	/*
	 * Nothing is written, so no seed can leak: a game that hides
	 * information is made sealed, as new would make it.
	 */
	if ((rc = umpire_game_create(&g, scenario, text->ptr, text->len, seed,
	    true, &report, d)))
		return rc;
	/* Rounds as the ruleset counts them, or (round 0) as play.c says. */
	int rounds = 0;
	char first[64] = "", last[64] = "";
	g->in_memory = true;
	for (;;) {
		umpire_game_decision(g, &dec);
		if (!dec.player || g->step > max_steps)
			break;
		if (dec.round > rounds)
			rounds = dec.round;
		else if (!dec.round && (!first[0] || (strcmp(dec.player,
		    first) == 0 && strcmp(last, first) != 0)))
			rounds++;
		if (!first[0])
			snprintf(first, sizeof(first), "%s", dec.player);
		snprintf(last, sizeof(last), "%s", dec.player);
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		if (umpire_game_standing_due(g)) {
			/* Standing orders umpire applies: no letter (standing.h). */
			struct umpire_buf stand = UMPIRE_BUF_INIT;
			const struct umpire_node *doc;
			size_t alt = 0;
			if (!umpire_game_standing(g, &a, &stand, &doc, &alt, d)) {
				umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: "
					"standing orders for step %ld of %s are refused, "
					"though checked when their decision came", g->step,
					g->id);
				rc = EX_SOFTWARE;
			} else {
				umpire_game_resolve_standing(g, &a, doc, alt, &report);
			}
			umpire_buf_free(&stand);
			umpire_arena_free(&a);
			if (rc)
				break;
			continue;
		}
		t->letters++;
		/* Level 1 sends standing orders wherever a player may. */
		int level = level_of(lv, g, dec.player);
		const struct umpire_node *orders = level == 1 ?
			umpire_game_bot_standing(g, &a, "", 0) :
			umpire_game_bot_level(g, &a, "", 0, level);
		if (umpire_game_check_doc(g, &a, orders, d)) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: the "
				"bot's orders for step %ld of %s are refused", g->step, g->id);
			dump(g, orders);
			umpire_arena_free(&a);
			rc = EX_SOFTWARE;
			break;
		}
		t->empties += umpire_game_empty(g, &a);
		t->nothings += nothing(orders, true);
		umpire_game_resolve(g, &a, orders, &report);
		umpire_arena_free(&a);
	}
	t->player_rounds += (long)g->nplayers * rounds;
	long steps = g->step - 1;
	if (rc == 0 && dec.player)
		t->unfinished++;
	else if (rc == 0)
		count_result(t, &g->result);
	t->total_steps += steps;
	if (steps > t->max_steps)
		t->max_steps = steps;
	umpire_step_report_free(&report);
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
		{ "levels", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *hex = NULL, *scenario = NULL;
	long games = -1, max_steps = 10000;
	struct levels lv = { { 0 }, 0 };
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
		case 'l':
			for (char *p = optarg;; p = end + 1) {
				long v = strtol(p, &end, 10);
				if (end == p || v < 1 || v > UMPIRE_BOT_LEVELS ||
				    lv.n == sizeof(lv.v) / sizeof(lv.v[0]) ||
				    (*end && *end != ','))
					return cli_usage(argv[0], "--levels takes levels "
						"from 1 to %d, one a player, separated by commas",
						UMPIRE_BOT_LEVELS);
				lv.v[lv.n++] = (int)v;
				if (!*end)
					break;
			}
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
	struct tally t = { NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

	if (hex && umpire_seed_from_hex(&base, hex) != 0)
		return cli_usage(argv[0], "--seed takes 64 hex digits");
	if ((rc = cli_read_scenario(&text, &name, scenario ? scenario :
	    rules->name, &d)))
		return cli_done(&d, rc);
	if (!(doc = umpire_game_parse(&a, name, text.ptr, text.len, &d)) ||
	    !umpire_game_validate(doc, "scenario", &d)) {
		rc = EX_DATAERR;
		goto done;
	}
	throwaway_keys(&a, doc);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct cli_progress progress;
	cli_progress_init(&progress, "simulate: %ld of %ld games", games);
	for (long i = 0; i < games && rc == 0; i++) {
		unsigned char buf[UMPIRE_SEED_BYTES + 8];
		cli_progress(&progress, i);
		struct umpire_seed seed;
		memcpy(buf, base.bytes, UMPIRE_SEED_BYTES);
		for (int k = 0; k < 8; k++)
			buf[UMPIRE_SEED_BYTES + k] = (unsigned char)((uint64_t)i >> (8 * k));
		crypto_hash_sha256(seed.bytes, buf, sizeof(buf));
		rc = play(doc, &text, &seed, max_steps, &lv, &t, &d);
	}
	cli_progress_end(&progress);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (rc)
		goto done;
	double secs = (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	char hexseed[UMPIRE_SEED_HEX + 1];
	umpire_seed_to_hex(&base, hexseed);
	printf("simulate %s: %ld games from seed %.16s...\n", rules->name, games,
		hexseed);
	size_t width = 10;
	for (size_t i = 0; i < t.n; i++)
		if (strlen(t.rows[i].player) > width)
			width = strlen(t.rows[i].player);
	printf("  %-*s %8s %8s %10s %10s\n", (int)width, "player", "wins",
		"tied 1st", "mean rank", "mean score");
	for (size_t i = 0; i < t.n; i++) {
		const struct tally_row *r = &t.rows[i];
		printf("  %-*s %8ld %8ld %10.2f %10.2f\n", (int)width, r->player,
			r->wins, r->shared, (double)r->rank_sum / (double)r->games,
			(double)r->score_sum / (double)r->games);
	}
	printf("  %-*s %8ld\n", (int)width, "draws", t.draws);
	printf("  %-*s %8ld\n", (int)width, "unfinished", t.unfinished);
	printf("  %-*s mean %.1f steps, max %ld\n", (int)width, "length",
		(double)t.total_steps / (double)games, t.max_steps);
 	printf("  letters: %.2f per player per round\n", t.player_rounds ?
		(double)t.letters / (double)t.player_rounds : 0.0);
	printf("  empty decisions: %ld\n", t.empties);
	printf("  answered nothing: %ld\n", t.nothings);
	printf("  %-*s %.1f games/s (%.3f s)\n", (int)width, "speed",
		secs > 0 ? (double)games / secs : 0.0, secs);
done:
	tally_free(&t);
	umpire_arena_free(&a);
	umpire_buf_free(&text);
	return cli_done(&d, rc);
}
