/*
 * cmd_new.c - umpire new and umpire reveal: the first and the last
 * commits a host makes that no player's orders made.
 */
#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "game/deadline.h"
#include "util/fileio.h"
#include "play/step.h"
#include "crypto/testkeys.h"

/* A new seed file, readable by its owner only: the seed is the secret. */
static int
write_seed_file(const char *path, const struct umpire_seed *seed,
	struct umpire_diags *d)
{
	char hex[UMPIRE_SEED_HEX + 2];
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot create: %s",
			strerror(errno));
		return EX_CANTCREAT;
	}
	umpire_seed_to_hex(seed, hex);
	strcat(hex, "\n");
	ssize_t n = write(fd, hex, strlen(hex));
	bool whole = n == (ssize_t)strlen(hex);
	sodium_memzero(hex, sizeof(hex));
	if (close(fd) != 0 || !whole) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot write the seed");
		unlink(path);
		return EX_IOERR;
	}
	return 0;
}

/*
 * The seed: --seed, --seed-file, UMPIRE_SEED, or random.  *fresh says a
 * sealed game's new seed file still has to be written.
 */
static int
pick_seed(struct umpire_seed *seed, bool *fresh, const char *hex,
	const char *file, bool sealed, struct umpire_diags *d)
{
	const char *source;
	bool found;
	struct stat st;

	*fresh = false;
	if (!hex && file && sealed && stat(file, &st) != 0 && errno == ENOENT) {
		umpire_seed_random(seed);
		*fresh = true;
		return 0;
	}
	int rc = cli_seed(seed, &found, &source, hex, file, d);
	if (rc)
		return rc;
	if (found && !sealed && strcmp(source, "UMPIRE_SEED") == 0) {
		/* UMPIRE_SEED is a secret (a CI secret, say): never publish it. */
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "UMPIRE_SEED is set, and "
			"an open game would write it into game.yaml for all to read: "
			"add --sealed, or give the seed with --seed");
		return EX_USAGE;
	}
	if (found)
		return 0;
	if (sealed) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "a sealed game keeps its "
			"seed outside the repository: give --seed-file F (made if "
			"missing) or set UMPIRE_SEED");
		return EX_USAGE;
	}
	umpire_seed_random(seed);
	return 0;
}

#define KEYS_MAX 16
#define KEY_FILE_MAX 16384

/*
 * --key PLAYER=FILE: the scenario with PLAYER's key: the first line of
 * FILE (an OpenSSH public key, id_ed25519.pub), in place of any the
 * scenario gives him.  The scenario committed is then the one written
 * back with the keys, so that verify makes step 0 from what was played.
 */
static int
apply_keys(struct umpire_arena *a, struct umpire_node *doc,
	char *const *keys, size_t n, struct umpire_diags *d)
{
	const struct umpire_node *players = umpire_map_get(doc, "players");
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(keys[i], '=');
		const char *id = umpire_arena_strndup(a, keys[i],
			eq ? (size_t)(eq - keys[i]) : 0);
		struct umpire_node *pl = (struct umpire_node *)umpire_map_get(
			players, id);
		if (!eq || !pl || pl->type != UMPIRE_MAP) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "--key %s: give "
				"PLAYER=FILE, PLAYER one of the scenario's players", keys[i]);
			rc = EX_USAGE;
			continue;
		}
		struct umpire_buf text = UMPIRE_BUF_INIT;
		int frc = umpire_file_read(&text, eq + 1, KEY_FILE_MAX, d);
		if (frc) {
			umpire_buf_free(&text);
			rc = rc ? rc : frc;
			continue;
		}
		const char *line = umpire_buf_cstr(&text);
		size_t len = strcspn(line, "\r\n");
		struct umpire_sshkey k;
		struct umpire_crypto_error err;
		if (umpire_sshkey_parse_public(&k, line, len, &err)) {
			umpire_diag(d, UMPIRE_ERROR, eq + 1, 1, 1, "not an OpenSSH "
				"ed25519 public key (such as ~/.ssh/id_ed25519.pub): %s",
				err.msg);
			rc = rc ? rc : EX_DATAERR;
		} else {
			struct umpire_node *v = umpire_node_str(a,
				umpire_arena_strndup(a, line, len));
			size_t j = 0;
			while (j < pl->u.map.n && !umpire_node_is_str(pl->u.map.v[j].key,
			    "key"))
				j++;
			if (j < pl->u.map.n)
				pl->u.map.v[j].val = v;
			else
				umpire_map_add(a, pl, "key", v);
		}
		umpire_buf_free(&text);
	}
	return rc;
}

/*
 * No player of a real game has a key whose private half umpire's own
 * source publishes (tests/crypto/): anyone could read his private
 * views and sign his orders.  umpire's tests and demo allow them.
 */
static int
refuse_test_keys(const struct umpire_game *g, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	const struct umpire_node *players = umpire_map_get(doc, "players");
	int rc = 0;

	if (getenv(UMPIRE_TESTKEYS_ENV))
		return 0;
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct umpire_player *p = &g->players[i];
		for (size_t k = 0; k < p->nkeys; k++) {
			const char *file = umpire_testkey_file(&p->keys[k]);
			if (!file)
				continue;
			const struct umpire_node *at = umpire_map_get(umpire_map_get(
				players, p->id), "key");
			umpire_node_error(d, at ? at : doc, "players.%s.key: this is "
				"umpire's published test key, whose private half is in "
				"umpire's source (%s): anyone could read %s's private "
				"views and sign his orders; give his own key "
				"(umpire new --key %s=FILE)", p->id, file, p->id, p->id);
			rc = EX_DATAERR;
		}
	}
	return rc;
}

/* The players a deadline policy names are the game's. */
static int
check_deadline_players(const struct umpire_deadline_policy *pol,
	const struct umpire_game *g, struct umpire_diags *d)
{
	int rc = 0;

	for (size_t i = 0; i < pol->nplayers; i++)
		if (!umpire_game_player(g, pol->players[i].player)) {
			umpire_node_error(d, pol->players[i].node, "deadlines.players: "
				"'%s' is not a player of this game", pol->players[i].player);
			rc = EX_DATAERR;
		}
	return rc;
}

int
cmd_new(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "scenario", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'x' },
		{ "seed-file", required_argument, NULL, 'f' },
		{ "sealed", no_argument, NULL, 'S' },
		{ "key", required_argument, NULL, 'k' },
		{ "date", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *scenario = NULL, *hex = NULL, *file = NULL;
	long long date = 0;
	char *keys[KEYS_MAX];
	size_t nkeys = 0;
	bool sealed = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 's': scenario = optarg; break;
		case 'x': hex = optarg; break;
		case 'f': file = optarg; break;
		case 'S': sealed = true; break;
		case 'D':
			/* A set-up reproducible byte for byte (tests/golden.py). */
			if (umpire_time_parse(&date, optarg) != 0 || date <= 0)
				return cli_usage(argv[0], "--date %s: not a time: give RFC "
					"3339 in UTC (2026-11-26T07:00:00Z) or seconds since the "
					"epoch", optarg);
			break;
		case 'k':
			if (nkeys == KEYS_MAX)
				return cli_usage(argv[0], "at most 16 --key options");
			keys[nkeys++] = optarg;
			break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (!scenario)
		return cli_usage(argv[0], "--scenario FILE is required");
	if (hex && file)
		return cli_usage(argv[0], "give --seed or --seed-file, not both");
	const char *dir = argv[optind];

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_game *g = NULL;
	struct umpire_history *h = NULL;
	struct umpire_seed seed;
	const struct umpire_node *doc;

	const char *name = umpire_file_name(scenario);
	if ((rc = cli_read_scenario(&text, &name, scenario, &d)))
		goto done;
	rc = EX_DATAERR;
	struct umpire_deadline_policy pol;
	if (!(doc = umpire_game_parse(&a, name, text.ptr, text.len, &d)))
		goto done;
	if (nkeys) {
		if ((rc = apply_keys(&a, (struct umpire_node *)doc, keys, nkeys,
		    &d)))
			goto done;
		rc = EX_DATAERR;
		umpire_buf_clear(&text);
		umpire_yaml_emit(&text, doc, "the scenario, with the players' keys "
			"that umpire new --key gave");
		if (!(doc = umpire_game_parse(&a, name, text.ptr, text.len, &d)))
			goto done;
	}
	if (!umpire_game_validate(doc, "scenario", &d) ||
	    umpire_deadline_read(&pol, doc, &d))
		goto done;
	/*
	 * Everything that can fail on bad input fails before anything is
	 * written: the directory, the seed, the scenario's own rules.
	 */
	bool fresh;
	in.kind = UMPIRE_STEP_SETUP;
	in.scenario = doc;
	in.scenario_text = text.ptr;
	in.scenario_len = text.len;
	in.seed = &seed;
	in.sealed = sealed;
	in.date = date ? date : (long long)time(NULL);
	in.pol = &pol;
	if ((rc = umpire_history_probe(dir, &d)) ||
	    (rc = pick_seed(&seed, &fresh, hex, file, sealed, &d)) ||
	    (rc = umpire_step_make(&s, &g, &a, &in, &d)) ||
	    (rc = refuse_test_keys(g, doc, &d)) ||
	    (rc = check_deadline_players(&pol, g, &d)) ||
	    (fresh && (rc = write_seed_file(file, &seed, &d))) ||
	    (rc = umpire_history_init(&h, dir, &d)) ||
	    (umpire_history_date_next(h, in.date), 0) ||
	    (rc = umpire_history_commit(h, s.files, s.nfiles, &s.author,
	    s.message.ptr, &d)))
		goto done;
	fwrite(s.report.text.ptr, 1, s.report.text.len, stdout);
done:
	sodium_memzero(&seed, sizeof(seed));
	umpire_history_close(h);
	umpire_game_free(g);
	umpire_step_free(&s);
	umpire_arena_free(&a);
	umpire_buf_free(&text);
	return cli_done(&d, rc);
}

int
cmd_reveal(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *file = NULL;
	bool force = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'f': file = optarg; break;
		case 'F': force = true; break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h = NULL;
	struct umpire_game *g = NULL;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;

	if ((rc = cli_open_game(&h, &g, argv[optind], true, &d)))
		goto done;
	rc = EX_DATAERR;
	if (!g->sealed) {
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "game %s is not "
			"sealed: its seed is in game.yaml already", g->id);
		goto done;
	}
	umpire_game_decision(g, &dec);
	if (dec.player && !force) {
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "game %s is not "
			"over (step %ld awaits %s); revealing the seed now lets anyone "
			"foresee every roll to come: add --force to reveal anyway",
			g->id, g->step, dec.player);
		goto done;
	}
	if ((rc = cli_unseal(g, file, &d)))
		goto done;
	/* A host step (host.h), made as every step is. */
	in.kind = UMPIRE_STEP_HOST;
	in.host.kind = UMPIRE_HOST_REVEAL;
	umpire_step_make(&s, &g, &a, &in, &d);
	if ((rc = umpire_history_commit(h, s.files, s.nfiles, &s.author,
	    s.message.ptr, &d)))
		goto done;
	printf("revealed the seed of %s; `umpire verify %s` now checks every "
		"roll\n", g->id, argv[optind]);
done:
	umpire_history_close(h);
	umpire_game_free(g);
	umpire_step_free(&s);
	umpire_arena_free(&a);
	return cli_done(&d, rc);
}
