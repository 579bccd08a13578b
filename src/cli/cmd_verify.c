/*
 * cmd_verify.c - umpire verify: replay the history, trust nobody.
 */
#include <getopt.h>
#include <stdio.h>
#include <sysexits.h>

#include "cli.h"
#include "game/game.h"
#include "play/verify.h"
#include "util/fileio.h"

/* The commits checked so far, on a terminal: a long game takes a while. */
static void
verify_progress(void *arg, size_t done, size_t total)
{
	struct cli_progress *p = arg;

	p->total = (long)total;
	cli_progress(p, (long)done);
}

int
cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "receipt", required_argument, NULL, 'R' },
		{ "now", required_argument, NULL, 'n' },
		{ "contest", required_argument, NULL, 'C' },
		{ "signature", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct umpire_receipt receipts[UMPIRE_VERIFY_RECEIPTS_MAX];
	size_t nreceipts = 0;
	const char *file = NULL, *contest = NULL, *sigopt = NULL;
	long long now = 0;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'f')
			file = optarg;
		if (c == 'C')
			contest = optarg;
		if (c == 'g')
			sigopt = optarg;
		if (c == 'n' && umpire_time_parse(&now, optarg) != 0)
			return cli_usage(argv[0], "--now %s: not a time: give RFC 3339 "
				"in UTC (2026-11-26T07:00:00Z) or seconds since the epoch",
				optarg);
		if (c != 'R')
			continue;
		if (nreceipts == UMPIRE_VERIFY_RECEIPTS_MAX)
			return cli_usage(argv[0], "at most %d receipts at once",
				UMPIRE_VERIFY_RECEIPTS_MAX);
		if (umpire_verify_receipt_parse(&receipts[nreceipts++], optarg))
			return cli_usage(argv[0], "--receipt '%.80s': expected STEP:HASH, "
				"a step number and the 64 hex digits of a SHA-256, as a "
				"report's last line gives them", optarg);
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (sigopt && !contest)
		return cli_usage(argv[0], "--signature goes with --contest ORDERS");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_verify_result res;
	struct umpire_verify_opts vo = UMPIRE_VERIFY_OPTS_INIT;
	struct umpire_seed seed;
	bool found;

	struct umpire_buf orders = UMPIRE_BUF_INIT, sig = UMPIRE_BUF_INIT;
	char sigpath[4096];
	if (contest) {
		snprintf(sigpath, sizeof(sigpath), "%s.sig", contest);
		if ((rc = umpire_file_read_untrusted(&orders, contest,
		    UMPIRE_YAML_MAX_BYTES, &d)) ||
		    (rc = umpire_file_read_untrusted(&sig, sigopt ? sigopt : sigpath,
		    UMPIRE_YAML_MAX_BYTES, &d))) {
			umpire_buf_free(&orders);
			umpire_buf_free(&sig);
			return cli_done(&d, rc);
		}
		vo.contest_path = contest;
		vo.contest_text = umpire_buf_cstr(&orders);
		vo.contest_len = orders.len;
		vo.contest_sig = umpire_buf_cstr(&sig);
		vo.contest_siglen = sig.len;
	}
	if ((rc = cli_seed(&seed, &found, &vo.seed_source, NULL, file, &d)) ||
	    (rc = umpire_history_open(&h, argv[optind], &d))) {
		umpire_buf_free(&orders);
		umpire_buf_free(&sig);
		return cli_done(&d, rc);
	}
	vo.seed = found ? &seed : NULL;
	vo.now = now;
	vo.receipts = receipts;
	vo.nreceipts = nreceipts;
	struct cli_progress progress;
	cli_progress_init(&progress, "verify: %ld of %ld commits", 0);
	vo.progress = verify_progress;
	vo.progress_arg = &progress;
	rc = umpire_verify(h, &vo, &res, &d);
	cli_progress_end(&progress);
	if (rc == 0) {
		printf("verified %s: %zu step%s re-adjudicated and %zu roll%s "
			"re-derived over %zu commit%s; every state, report, picture "
			"and roll matches; ", res.game, res.steps,
			res.steps == 1 ? "" : "s", res.rolls, res.rolls == 1 ? "" : "s",
			res.commits, res.commits == 1 ? "" : "s");
		if (!res.over)
			printf("step %ld is next\n", res.awaited);
		else
			printf("%s\n", res.outcome);
		for (size_t i = 0; i < nreceipts; i++)
			printf("receipt %ld:%s holds: step %ld is in the history as it "
				"was\n", receipts[i].step, receipts[i].hash,
				receipts[i].step);
		const size_t slots = sizeof(res.other) / sizeof(*res.other);
		for (size_t i = 0; i < res.nother && i < slots; i++) {
			const struct umpire_verify_other *o = &res.other[i];
			printf("note: umpire %s (not this umpire, %s) wrote the reports "
				"of %zu steps from step %ld to step %ld; their states, rolls "
				"and commits were compared", o->version, UMPIRE_VERSION,
				o->steps, o->first, o->last);
			if (o->unhashed)
				printf("; their words and pictures were not, nor their "
					"orders byte for byte, since umpire %s gave its reports "
					"no receipt\n", o->version);
			else
				printf(", and their receipts; their words and pictures "
					"were not\n");
		}
		if (res.nother > slots)
			printf("note: and %zu more runs of steps other versions wrote, "
				"whose words were not compared either\n", res.nother - slots);
	}
	/* Every default step, whether or not all else held (verify.h). */
	for (size_t i = 0; i < res.ndefaults && i < UMPIRE_VERIFY_DEFAULTS_MAX;
	    i++) {
		const struct umpire_verify_default *f = &res.defaults[i];
		char when[UMPIRE_TIME_SIZE], whose[80];
		printf("default: step %ld, no orders from %s for %s %s by its "
			"deadline %s: %s%s\n", f->step, f->player,
			umpire_possessive(f->player, whose, sizeof(whose)), f->kind,
			umpire_time_format(when, f->deadline), f->forfeit ? f->player :
			"umpire played the bot's orders", f->forfeit ?
			" forfeited the game" : "");
	}
	if (res.ndefaults > UMPIRE_VERIFY_DEFAULTS_MAX)
		printf("default: and %zu more default steps\n", res.ndefaults -
			UMPIRE_VERIFY_DEFAULTS_MAX);
	if (rc == 0 && contest && res.contest_standing)
		printf("contest %s: step %ld holds the standing orders its player "
			"sent with the orders of step %ld, not these: no default step "
			"replaced them\n", contest, res.contest_step,
			res.contest_standing);
	else if (rc == 0 && contest)
		printf("contest %s: step %ld holds %s\n", contest, res.contest_step,
			res.contest_held ? "these orders, as their player signed them" :
			"other orders their player signed, not these: no default step "
			"replaced them");
	umpire_buf_free(&orders);
	umpire_buf_free(&sig);
	umpire_history_close(h);
	return cli_done(&d, rc);
}
