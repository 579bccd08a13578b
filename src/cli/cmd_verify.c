/*
 * cmd_verify.c - umpire verify: replay the history, trust nobody.
 */
#include <getopt.h>
#include <stdio.h>
#include <sysexits.h>

#include "cli.h"
#include "core/game.h"
#include "core/verify.h"

int
cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *file = NULL;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'f')
			file = optarg;
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_verify_result res;
	struct umpire_seed seed;
	const char *source = NULL;
	bool found;

	if ((rc = cli_seed(&seed, &found, &source, NULL, file, &d)) ||
	    (rc = umpire_history_open(&h, argv[optind], &d)))
		return cli_done(&d, rc);
	rc = umpire_verify(h, found ? &seed : NULL, source, &res, &d);
	if (rc == 0) {
		printf("verified %s: %zu steps re-adjudicated and %zu rolls "
			"re-derived over %zu commits; every state, report, picture "
			"and roll matches; ", res.game, res.steps, res.rolls, res.commits);
		if (!res.over)
			printf("step %ld is next\n", res.awaited);
		else
			printf("%s\n", res.outcome);
		if (res.other_steps)
			printf("note: umpire %s (not this umpire, %s) wrote the reports "
				"of %zu steps from step %ld to step %ld; their states and "
				"rolls were compared, their words and pictures were not\n",
				res.other_version, UMPIRE_VERSION, res.other_steps,
				res.other_first, res.other_last);
	}
	umpire_history_close(h);
	return cli_done(&d, rc);
}
