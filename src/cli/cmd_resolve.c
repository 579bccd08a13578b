/*
 * cmd_resolve.c - umpire resolve: the adjudicator on plain files, no git.
 */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "cli.h"
#include "util/fileio.h"
#include "play/step.h"
#include "game/deadline.h"

/*
 * Each output's directory, before any is written: a mistyped -o would
 * otherwise fail after the report was written (EX_CANTCREAT).
 */
static int
outputs_placed(const char *const *paths, size_t n, struct umpire_diags *d)
{
	char copy[PATH_MAX];
	struct stat st;

	for (size_t i = 0; i < n; i++) {
		if (!paths[i])
			continue;
		snprintf(copy, sizeof(copy), "%s", paths[i]);
		const char *dir = dirname(copy);
		bool there = stat(dir, &st) == 0;
		if (!there || !S_ISDIR(st.st_mode)) {
			umpire_diag(d, UMPIRE_ERROR, paths[i], 0, 0, "cannot create: "
				"%s %s; nothing was written", dir, there ?
				"is not a directory" : "does not exist");
			return EX_CANTCREAT;
		}
	}
	return 0;
}

/*
 * A game that hides needs its secret part, as plaintext (the host's
 * file: the repository keeps it only encrypted), and its seed; one that
 * hides nothing takes neither option.
 */
static int
resolve_secret(struct umpire_game *g, const char *secret,
	const char *secret_out, const char *seed_file, struct umpire_buf *text,
	struct umpire_diags *d)
{
	int rc;

	if (!g->hides) {
		if (secret || secret_out)
			umpire_diag(d, UMPIRE_ERROR, secret ? secret : secret_out, 0, 0,
				"game %s hides nothing, so it has no secret part", g->id);
		return d->errors ? EX_USAGE : 0;
	}
	if (!secret) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "game %s hides information: "
			"give its secret part with --secret FILE (the plaintext of "
			"reports/NNNN.secret.yaml.age)", g->id);
		return EX_USAGE;
	}
	if ((rc = cli_unseal(g, seed_file, d)) ||
	    (rc = umpire_file_read(text, secret, UMPIRE_YAML_MAX_BYTES, d)))
		return rc;
	return umpire_game_read_secret(g, umpire_file_name(secret), text->ptr,
		text->len, d);
}

int
cmd_resolve(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "svg", required_argument, NULL, 's' },
		{ "secret", required_argument, NULL, 'S' },
		{ "secret-out", required_argument, NULL, 'O' },
		{ "date", required_argument, NULL, 'D' },
		{ "standing", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *file = NULL, *out = NULL, *rep = NULL, *svg = NULL;
	const char *secret = NULL, *secret_out = NULL;
	long long date = 0;
	bool standing = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "o:r:", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'f': file = optarg; break;
		case 'o': out = optarg; break;
		case 'r': rep = optarg; break;
		case 's': svg = optarg; break;
		case 'S': secret = optarg; break;
		case 'O': secret_out = optarg; break;
		case 'T': standing = true; break;
		case 'D':
			if (umpire_time_parse(&date, optarg) != 0 || date <= 0)
				return cli_usage(argv[0], "--date %s: not a time: give RFC "
					"3339 in UTC (2026-11-26T07:00:00Z) or seconds since the "
					"epoch", optarg);
			break;
		}
	}
	if (argc - optind != 2 - standing)
		return cli_usage(argv[0], standing ? "--standing applies the "
			"standing orders the state holds: name the state file alone" :
			"name the state file and the orders file");
	if (!out || !rep)
		return cli_usage(argv[0], "-o NEW_STATE and -r REPORT are required");
	const char *spath = argv[optind], *opath = standing ? NULL :
		argv[optind + 1];
	if (strcmp(spath, "-") == 0)
		return cli_usage(argv[0], "the state cannot come from standard input");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf stext = UMPIRE_BUF_INIT, otext = UMPIRE_BUF_INIT,
		xtext = UMPIRE_BUF_INIT, xout = UMPIRE_BUF_INIT;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_game *g = NULL;

	if ((rc = umpire_file_read_untrusted(&stext, spath,
	    UMPIRE_YAML_MAX_BYTES, &d)) ||
	    (rc = umpire_game_load(&g, spath, stext.ptr, stext.len, &d)) ||
	    (rc = resolve_secret(g, secret, secret_out, file, &xtext, &d)))
		goto done;
	if (standing) {
		/* The step of umpire's that applies them, as turn commits it. */
		if (!umpire_step_standing(&in, g, &a, &otext, &d)) {
			if (!d.errors)
				umpire_diag(&d, UMPIRE_ERROR, spath, 0, 0, "no standing "
					"orders are due at step %ld: none stand for the "
					"decision it awaits", g->step);
			rc = EX_DATAERR;
			goto done;
		}
		if ((rc = cli_unseal(g, file, &d)))
			goto done;
	} else if ((rc = umpire_file_read_untrusted(&otext, opath,
	    UMPIRE_YAML_MAX_BYTES, &d)) ||
	    (rc = umpire_game_check(g, &a, umpire_file_name(opath), otext.ptr,
	    otext.len, &in.orders, &d)) ||
	    (rc = cli_unseal(g, file, &d)))
		goto done;
	/* The step turn would commit; the receipt names the orders there. */
	in.orders_text = otext.ptr;
	in.orders_len = otext.len;
	in.picture = svg != NULL;
	in.pure = true;
	in.date = date;
	umpire_step_make(&s, &g, &a, &in, &d);
	if (g->hides)
		umpire_game_encode_secret(g, &xout);
	/* The report first: a state without its report is the worse half. */
	const char *outs[] = { rep, svg, secret_out, out };
	if ((rc = outputs_placed(outs, sizeof(outs) / sizeof(*outs), &d)) ||
	    (rc = umpire_file_write(rep, s.report.text.ptr, s.report.text.len,
	    &d)) ||
	    (svg && (rc = umpire_file_write(svg, s.report.picture.ptr,
	    s.report.picture.len, &d))) ||
	    (secret_out && (rc = umpire_file_write(secret_out, xout.ptr,
	    xout.len, &d))) ||
	    (rc = umpire_file_write(out, s.state.ptr, s.state.len, &d)))
		goto done;
done:
	umpire_game_free(g);
	umpire_arena_free(&a);
	umpire_buf_free(&stext);
	umpire_buf_free(&otext);
	umpire_step_free(&s);
	if (xtext.ptr)
		sodium_memzero(xtext.ptr, xtext.len);
	if (xout.ptr)
		sodium_memzero(xout.ptr, xout.len);
	umpire_buf_free(&xtext);
	umpire_buf_free(&xout);
	return cli_done(&d, rc);
}
