/*
 * cmd_new.c - umpire new and umpire reveal: the first and the last
 * commits a host makes that no player's orders made.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "core/deadline.h"
#include "core/fileio.h"
#include "core/step.h"

static const struct umpire_person host = { "umpire", "umpire@umpire.invalid" };

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
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *scenario = NULL, *hex = NULL, *file = NULL;
	bool sealed = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 's': scenario = optarg; break;
		case 'x': hex = optarg; break;
		case 'f': file = optarg; break;
		case 'S': sealed = true; break;
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
	if (!(doc = umpire_game_parse(&a, name, text.ptr, text.len, &d)) ||
	    !umpire_game_validate(doc, "scenario", &d) ||
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
	if ((rc = umpire_history_probe(dir, &d)) ||
	    (rc = pick_seed(&seed, &fresh, hex, file, sealed, &d)) ||
	    (rc = umpire_step_make(&s, &g, &a, &in, &d)) ||
	    (rc = check_deadline_players(&pol, g, &d)) ||
	    (fresh && (rc = write_seed_file(file, &seed, &d))) ||
	    (rc = umpire_history_init(&h, dir, &d)) ||
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
	struct umpire_buf state = UMPIRE_BUF_INIT, msg = UMPIRE_BUF_INIT;
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
	g->sealed = false;
	umpire_game_encode(g, UMPIRE_VERSION, &state);
	struct umpire_file files[] = {
		{ UMPIRE_STATE_PATH, state.ptr, state.len },
	};
	umpire_report_reveal_message(&msg, g->id, g->commitment);
	if ((rc = umpire_history_commit(h, files, 1, &host, msg.ptr, &d)))
		goto done;
	printf("revealed the seed of %s; `umpire verify %s` now checks every "
		"roll\n", g->id, argv[optind]);
done:
	umpire_history_close(h);
	umpire_game_free(g);
	umpire_buf_free(&state);
	umpire_buf_free(&msg);
	return cli_done(&d, rc);
}
