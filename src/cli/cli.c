#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "core/embedded.h"
#include "core/fileio.h"

static const struct cli_verb *
find_verb(const char *name)
{
	for (const struct cli_verb *v = cli_verbs; v->name; v++)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

int
cli_usage(const char *verb, const char *fmt, ...)
{
	const struct cli_verb *v = find_verb(verb);
	va_list ap;

	fprintf(stderr, "umpire %s: ", verb);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: %s\n", v ? v->synopsis : "umpire VERB ...");
	return EX_USAGE;
}

int
cli_help(const char *verb)
{
	const struct cli_verb *v = find_verb(verb);

	printf("usage: %s\n\n%s\n", v->synopsis, v->summary);
	if (v->help && *v->help)
		printf("\n%s", v->help);
	return 0;
}

int
cli_getopt(int argc, char **argv, const char *shortopts,
	const struct option *longopts, int *rc)
{
	char spec[64];

	snprintf(spec, sizeof(spec), ":%s", shortopts);
	opterr = 0;
	int c = getopt_long(argc, argv, spec, longopts, NULL);
	if (c == CLI_HELP) {
		*rc = cli_help(argv[0]);
		return -2;
	}
	if (c == '?') {
		if (optopt)
			*rc = cli_usage(argv[0], "unknown option '-%c'", optopt);
		else
			*rc = cli_usage(argv[0], "unknown option '%s'", argv[optind - 1]);
		return -2;
	}
	if (c == ':') {
		*rc = cli_usage(argv[0], "option '%s' needs a value",
			argv[optind - 1]);
		return -2;
	}
	return c;
}

int
cli_done(struct umpire_diags *d, int rc)
{
	umpire_diags_print(d, stderr);
	umpire_diags_free(d);
	return rc;
}

int
cli_seed(struct umpire_seed *out, bool *found, const char **source,
	const char *hex, const char *file, struct umpire_diags *d)
{
	*found = false;
	/* Before any seed is read: no core file may hold it (dice.h). */
	umpire_seed_guard();
	if (hex) {
		*source = "--seed";
		if (umpire_seed_from_hex(out, hex) != 0) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "--seed: expected 64 hex "
				"digits (32 bytes), got '%.80s'", hex);
			return EX_USAGE;
		}
		*found = true;
		return 0;
	}
	if (file) {
		struct umpire_buf buf = UMPIRE_BUF_INIT;
		*source = file;
		int rc = umpire_file_read(&buf, file, 4096, d);
		if (rc == 0 && umpire_seed_from_hex(out, umpire_buf_cstr(&buf)) != 0) {
			umpire_diag(d, UMPIRE_ERROR, file, 0, 0, "a seed file holds 64 "
				"hex digits (32 bytes) and nothing else");
			rc = EX_DATAERR;
		}
		sodium_memzero(buf.ptr, buf.len);
		umpire_buf_free(&buf);
		*found = rc == 0;
		return rc;
	}
	const char *env = getenv("UMPIRE_SEED");
	if (env && *env) {
		*source = "UMPIRE_SEED";
		if (umpire_seed_from_hex(out, env) != 0) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "UMPIRE_SEED: expected 64 "
				"hex digits (32 bytes)");
			return EX_USAGE;
		}
		*found = true;
	}
	return 0;
}

int
cli_open_game(struct umpire_history **h, struct umpire_game **g,
	const char *dir, bool lock, struct umpire_diags *d)
{
	struct umpire_buf state = UMPIRE_BUF_INIT;
	int rc;

	*g = NULL;
	if ((rc = umpire_history_open(h, dir, d)))
		return rc;
	if (lock && ((rc = umpire_history_lock(*h, d)) ||
	    (rc = umpire_history_repair(*h, d))))
		goto fail;
	if ((rc = umpire_history_read(*h, UMPIRE_STATE_PATH, &state, d)))
		goto fail;
	/* Name the committed file as the place of any problem. */
	char name[4096];
	snprintf(name, sizeof(name), "%s/%s", dir, UMPIRE_STATE_PATH);
	if ((rc = umpire_game_load(g, name, state.ptr, state.len, d)))
		goto fail;
	umpire_buf_free(&state);
	return 0;
fail:
	umpire_buf_free(&state);
	umpire_history_close(*h);
	*h = NULL;
	return rc;
}

int
cli_unseal(struct umpire_game *g, const char *seed_file, struct umpire_diags *d)
{
	struct umpire_seed seed;
	const char *source = NULL;
	bool found;
	int rc;

	if (g->have_seed)
		return 0;
	if ((rc = cli_seed(&seed, &found, &source, NULL, seed_file, d)))
		return rc;
	if (!found) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "game %s is sealed: give "
			"its seed with --seed-file F or the environment variable "
			"UMPIRE_SEED", g->id);
		return EX_NOINPUT;
	}
	rc = umpire_game_set_seed(g, &seed, source, d);
	sodium_memzero(&seed, sizeof(seed));
	return rc;
}

void
cli_print_result(FILE *out, const struct umpire_result *r)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_result_summary(&b, r);
	fprintf(out, "%s at step %ld (%s)", umpire_buf_cstr(&b), r->step, r->how);
	umpire_buf_free(&b);
}

int
cli_read_scenario(struct umpire_buf *out, const char **name, const char *arg,
	struct umpire_diags *d)
{
	const struct umpire_ruleset *rules = umpire_ruleset_find(arg);

	if (rules) {
		const struct umpire_embedded *e =
			umpire_embedded_find(rules->default_scenario);
		umpire_buf_clear(out);
		umpire_buf_add(out, e->data, e->len);
		*name = rules->default_scenario;
		return 0;
	}
	*name = umpire_file_name(arg);
	return umpire_file_read(out, arg, UMPIRE_YAML_MAX_BYTES, d);
}
