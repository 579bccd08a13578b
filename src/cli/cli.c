#include "cli.h"

#include "util/fileio.h"
#include "play/hidden.h"
#include "crypto/sshkey.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "doc/embedded.h"
#include "util/fileio.h"

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
	/* -h too, as umpire -h takes it: no verb has a -h of its own. */
	if (c == CLI_HELP || (c == '?' && optopt == 'h')) {
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

enum umpire_diag_format cli_format = UMPIRE_FORMAT_TEXT;
const char *cli_program = "umpire";

int
cli_set_format(const char *verb, const char *arg)
{
	char q[UMPIRE_QUOTE_SIZE];

	if (strcmp(arg, "text") == 0)
		cli_format = UMPIRE_FORMAT_TEXT;
	else if (strcmp(arg, "json") == 0)
		cli_format = UMPIRE_FORMAT_JSON;
	else if (strcmp(arg, "github") == 0)
		cli_format = UMPIRE_FORMAT_GITHUB;
	else if (strcmp(arg, "gitlab") == 0)
		cli_format = UMPIRE_FORMAT_GITLAB;
	else
		return cli_usage(verb, "--format: expected text, json, github or "
			"gitlab, not %s", umpire_quote_buf(q, sizeof(q), arg,
			strlen(arg)));
	return 0;
}

int
cli_done(struct umpire_diags *d, int rc)
{
	/* GitHub reads workflow commands from standard output only. */
	umpire_diags_print_as(d, cli_format == UMPIRE_FORMAT_GITHUB ||
		cli_format == UMPIRE_FORMAT_GITLAB ? stdout : stderr, cli_format, rc);
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
cli_policy(struct umpire_deadline_policy *out, struct umpire_history *h,
	const char *dir, struct umpire_arena *a, struct umpire_diags *d)
{
	struct umpire_buf scen = UMPIRE_BUF_INIT;
	const struct umpire_node *doc;
	char name[4096];
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = umpire_history_read(h, UMPIRE_SCENARIO_PATH, &scen, d)))
		return rc;
	snprintf(name, sizeof(name), "%s/%s", dir, UMPIRE_SCENARIO_PATH);
	rc = 0;
	if (!(doc = umpire_game_parse(a, name, scen.ptr, scen.len, d)) ||
	    !umpire_game_validate(doc, "scenario", d) ||
	    umpire_deadline_read(out, doc, d))
		rc = EX_DATAERR;
	umpire_buf_free(&scen);
	return rc;
}

int
cli_set_wait(const char *verb, const char *arg)
{
	long v = 0;
	const char *p = arg;

	for (; *p >= '0' && *p <= '9' && v <= CLI_WAIT_MAX; p++)
		v = v * 10 + (*p - '0');
	if (p == arg || *p || v > CLI_WAIT_MAX)
		return cli_usage(verb, "--wait %s: give a whole number of seconds "
			"from 0 to %d", arg, CLI_WAIT_MAX);
	umpire_history_lock_wait(v * 1000);
	return 0;
}

long long
cli_step_date(struct umpire_history *h, const struct umpire_game *g)
{
	long long now = (long long)time(NULL);
	long long before = umpire_history_last_date(h);

	if (g->dated && g->date > before)
		before = g->date;
	return now > before ? now : before;
}

bool
cli_is_player(const struct umpire_game *g, const char *opt, const char *who,
	struct umpire_diags *d)
{
	struct umpire_buf names = UMPIRE_BUF_INIT;
	struct umpire_suggest sg;

	if (umpire_game_player(g, who))
		return true;
	umpire_suggest_init(&sg, who);
	for (size_t i = 0; i < g->nplayers; i++) {
		umpire_buf_printf(&names, "%s%s", i ? ", " : "", g->players[i].id);
		umpire_suggest_add(&sg, g->players[i].id);
	}
	umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "%s: %s is not a player of game "
		"%s, whose players are %s%s", opt, who, g->id,
		umpire_buf_cstr(&names), umpire_suggest_hint(&sg));
	umpire_buf_free(&names);
	return false;
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

int
cli_load_secret(struct umpire_history *h, struct umpire_game *g,
	const char *seed_file, struct umpire_diags *d)
{
	struct umpire_buf data = UMPIRE_BUF_INIT;
	struct umpire_step_paths paths;
	int rc;

	if (!g->hides || g->secret_known)
		return 0;
	if ((rc = cli_unseal(g, seed_file, d)))
		return rc;
	umpire_step_paths(&paths, g->layout, g->step - 1, NULL);
	if ((rc = umpire_history_read(h, paths.secret, &data, d)) == 0)
		rc = umpire_game_load_secret(g, paths.secret, data.ptr, data.len, d);
	umpire_buf_free(&data);
	return rc;
}

/* read callback for umpire_hidden_latest_view: HEAD's files. */
static int
read_head(void *ctx, const char *path, struct umpire_buf *out)
{
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	int rc = umpire_history_read(ctx, path, out, &quiet);

	umpire_diags_free(&quiet);
	return rc == EX_NOINPUT ? 1 : rc;
}

int
cli_private_view(struct umpire_buf *out, struct umpire_history *h,
	const struct umpire_game *g, const char *player, const char *keyfile,
	struct umpire_diags *d)
{
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_sshkey_private key;
	struct umpire_age_identity id;
	struct umpire_crypto_error err;
	const struct umpire_player *p = umpire_game_player(g, player);
	int rc;

	if (!p) {
		cli_is_player(g, "--as", player, d);
		return EX_USAGE;
	}
	if (!keyfile) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "--as needs --identity "
			"KEYFILE: the player's OpenSSH private key opens his view");
		return EX_USAGE;
	}
	if ((rc = umpire_file_read(&text, keyfile, UMPIRE_SSHKEY_FILE_MAX, d)))
		return rc;
	rc = umpire_sshkey_parse_private(&key, text.ptr, text.len, &err);
	sodium_memzero(text.ptr, text.len);
	umpire_buf_free(&text);
	if (rc) {
		umpire_diag(d, UMPIRE_ERROR, keyfile, 0, 0, "%s", err.msg);
		return EX_DATAERR;
	}
	umpire_age_identity_from_sshkey(&id, &key);
	umpire_sshkey_private_wipe(&key);
	rc = umpire_hidden_latest_view(out, player, g->layout, g->step - 1, &id,
		read_head, h, d);
	umpire_age_identity_wipe(&id);
	return rc;
}

void
cli_standing_text(struct umpire_buf *out, const struct umpire_game *g,
	const char *player, bool mine, const char *first, const char *lead)
{
	size_t n = 0;

	for (size_t i = 0; i < g->standing.n; i++) {
		const struct umpire_standing_order *o = &g->standing.v[i];
		char whose[80];
		if (player && strcmp(o->player, player) != 0)
			continue;
		size_t alts = o->alts && o->alts->type == UMPIRE_SEQ ?
			o->alts->u.seq.n : 0;
		umpire_buf_printf(out, "%s%s%s%s, sent with the orders of step "
			"%ld, %s", n ? lead : first, mine ? "" :
			umpire_possessive(o->player, whose, sizeof(whose)),
			mine ? "" : " ", o->kind, o->from, o->hold ? "held until "
			"replaced" : "once");
		if (alts)
			umpire_buf_printf(out, ", %zu alternative%s", alts,
				alts == 1 ? "" : "s");
		umpire_buf_puts(out, "\n");
		n++;
	}
}

void
cli_print_result(FILE *out, const struct umpire_result *r)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	umpire_result_summary(&b, r);
	fprintf(out, "%s at step %ld (%s)", umpire_buf_cstr(&b), r->step, r->how);
	umpire_buf_free(&b);
}

/* The built-in scenario a name stands for: RULESET or RULESET:NAME. */
static const struct umpire_embedded *
builtin_scenario(const char *arg)
{
	const char *colon = strchr(arg, ':');
	const struct umpire_ruleset *rules;
	char name[64], path[160];

	if (!colon)
		return (rules = umpire_ruleset_find(arg)) ?
			umpire_embedded_find(rules->default_scenario) : NULL;
	if ((size_t)(colon - arg) >= sizeof(name) || strchr(colon + 1, '/') ||
	    !colon[1])
		return NULL;
	snprintf(name, sizeof(name), "%.*s", (int)(colon - arg), arg);
	if (!umpire_ruleset_find(name))
		return NULL;
	snprintf(path, sizeof(path), "samples/%s/%s.yaml", name, colon + 1);
	return umpire_embedded_find(path);
}

int
cli_read_scenario(struct umpire_buf *out, const char **name, const char *arg,
	struct umpire_diags *d)
{
	const struct umpire_embedded *e = builtin_scenario(arg);

	if (e) {
		umpire_buf_clear(out);
		umpire_buf_add(out, e->data, e->len);
		*name = e->path;
		return 0;
	}
	*name = umpire_file_name(arg);
	const char *colon = strchr(arg, ':');
	char ruleset[64];
	if (colon && (size_t)(colon - arg) < sizeof(ruleset) &&
	    access(arg, F_OK) != 0) {
		snprintf(ruleset, sizeof(ruleset), "%.*s", (int)(colon - arg), arg);
		if (umpire_ruleset_find(ruleset)) {
			struct umpire_suggest sg;
			struct umpire_arena a = UMPIRE_ARENA_INIT;
			char prefix[80];
			int n = snprintf(prefix, sizeof(prefix), "samples/%s/", ruleset);
			umpire_suggest_init(&sg, arg);
			for (const struct umpire_embedded *f = umpire_embedded; f->path;
			    f++) {
				size_t len = strlen(f->path);
				if (strncmp(f->path, prefix, (size_t)n) == 0 && len > 5 +
				    (size_t)n)
					umpire_suggest_add(&sg, umpire_arena_printf(&a,
						"%s:%.*s", ruleset, (int)(len - 5 - (size_t)n),
						f->path + n));
			}
			umpire_diag(d, UMPIRE_ERROR, *name, 0, 0, "no built-in scenario "
				"%s%s; umpire rules lists them", arg,
				umpire_suggest_hint(&sg));
			umpire_arena_free(&a);
			return EX_NOINPUT;
		}
	}
	/*
	 * A bare word that is no file ("amd", "vsgmr:map"'s ruleset
	 * mistyped) was most likely meant for a built-in scenario: say so,
	 * rather than only that no such file exists.  "-" is standard input.
	 */
	if (!strchr(arg, '/') && !strchr(arg, '.') && *arg &&
	    strcmp(arg, "-") != 0 && access(arg, F_OK) != 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, arg);
		for (const struct umpire_ruleset *const *r = umpire_rulesets_list();
		    *r; r++)
			umpire_suggest_add(&sg, (*r)->name);
		umpire_diag(d, UMPIRE_ERROR, *name, 0, 0, "no such file, and no "
			"built-in scenario of that name%s; umpire rules lists them",
			umpire_suggest_hint(&sg));
		return EX_NOINPUT;
	}
	return umpire_file_read(out, arg, UMPIRE_YAML_MAX_BYTES, d);
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
cli_progress_init(struct cli_progress *p, const char *what, long total)
{
	p->on = isatty(STDERR_FILENO) && !getenv("UMPIRE_NO_PROGRESS");
	p->what = what;
	p->total = total;
	p->last_ms = 0;
}

void
cli_progress(struct cli_progress *p, long done)
{
	if (!p->on)
		return;
	long long t = now_ms();
	if (t - p->last_ms < 100 && done < p->total)
		return;
	p->last_ms = t;
	fputc('\r', stderr);
	fprintf(stderr, p->what, done, p->total);
	fflush(stderr);
}

void
cli_progress_end(struct cli_progress *p)
{
	if (p->on && p->last_ms)
		fputs("\r\033[K", stderr);
}
