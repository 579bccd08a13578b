/*
 * cmd_tick.c - umpire tick: apply a game's deadline policy (deadline.h,
 * default.h) at a moment, the clock's or --now's.
 *
 * Each overdue decision gets one default step, dated with its deadline;
 * the next decision's deadline counts from that date, so one tick long
 * after the last step applies every default that would have fallen due
 * by then, as a cron that never missed a minute would have.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>

#include "cli.h"
#include "game/deadline.h"
#include "play/default.h"
#include "util/fileio.h"
#include "play/step.h"

/* A string as a JSON string literal. */
static void
json_str(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

/*
 * The date of the commit that made HEAD's decision awaited: the last
 * commit along first parents that changed game.yaml (a step, or umpire
 * new).  Commits that leave it alone (a README, a player's push of
 * orders on a branch) do not count.
 */
static int
awaited_since(struct umpire_history *h, long long *out, struct umpire_diags *d)
{
	struct umpire_change ch[64];
	size_t n, nch;
	int rc;

	if ((rc = umpire_history_load(h, &n, d)))
		return rc;
	for (size_t i = n; i-- > 0;) {
		if ((rc = umpire_history_rev_changes(h, i, ch, 64, &nch, d)))
			return rc;
		for (size_t k = 0; k < nch && k < 64; k++)
			if (strcmp(ch[k].path, UMPIRE_STATE_PATH) == 0) {
				struct umpire_commit_info c;
				umpire_history_rev_commit(h, i, &c);
				*out = c.committer_time;
				return 0;
			}
	}
	umpire_diag(d, UMPIRE_ERROR, umpire_history_dir(h), 0, 0, "no commit "
		"holds game.yaml");
	return EX_NOINPUT;
}

/*
 * The most default steps one run commits: a --now years ahead of a game
 * with short deadlines would otherwise play it out to the end in one
 * call.  The next run goes on where this one stopped.
 */
#define TICK_MAX_DEFAULTS 32

struct tick {
	const char *dir;
	bool json, quiet, force;
	long long now, after;	/* --since, or -1 */
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_deadline_policy pol;
	const char *seed_file;
	bool unsealed;
	size_t defaults;
	struct umpire_buf stood;	/* --format json: the standing steps */
};

/*
 * The standing steps committed after step - 1, those from step on to
 * t->g's: their reports (reports, each after a blank line), and a line.
 */
static void
print_stood(const struct tick *t, long step, const struct umpire_buf *reports)
{
	if (t->json || t->g->step == step)
		return;
	if (reports->len > 1)
		fwrite(reports->ptr + 1, 1, reports->len - 1, stdout);
	if (t->g->step - step == 1)
		printf("\ntick: umpire applied the standing orders due after step "
			"%ld at step %ld\n\n", step - 1, step);
	else
		printf("\ntick: umpire applied the standing orders due after step "
			"%ld at steps %ld to %ld\n\n", step - 1, step, t->g->step - 1);
}

/* One default step for the awaited decision, dated deadline. */
static int
play_default(struct tick *t, long long since, long long deadline,
	struct umpire_diags *d)
{
	struct umpire_buf orders = UMPIRE_BUF_INIT, reports = UMPIRE_BUF_INIT;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_step_paths paths;
	struct umpire_decision dec;
	char when[UMPIRE_TIME_SIZE], whose[80];
	int rc;

	if (!t->unsealed && ((rc = cli_load_secret(t->h, t->g, t->seed_file,
	    d)) || (rc = cli_unseal(t->g, t->seed_file, d))))
		goto done;
	t->unsealed = true;
	umpire_game_decision(t->g, &dec);
	umpire_step_paths(&paths, t->g->layout, t->g->step, dec.player);
	/* Pass answers nothing where the rules allow it, else the bot plays. */
	enum umpire_default dflt = t->pol.dflt;
	if (dflt == UMPIRE_DEFAULT_PASS && !umpire_default_pass_orders(t->g,
	    deadline, &orders))
		dflt = UMPIRE_DEFAULT_BOT;
	bool forfeit = dflt == UMPIRE_DEFAULT_FORFEIT;
	if (dflt == UMPIRE_DEFAULT_BOT)
		umpire_default_orders(t->g, deadline, t->pol.level, &orders);
	/* The bot's orders are legal; checked as any orders are, all the same. */
	if (!forfeit && (rc = umpire_game_check(t->g, &a, paths.orders,
	    orders.ptr, orders.len, &in.orders, d))) {
		umpire_diag(d, UMPIRE_ERROR, t->dir, 0, 0, "internal error: the "
			"bot's orders for step %ld are refused", t->g->step);
		rc = EX_SOFTWARE;
		goto done;
	}
	in.kind = UMPIRE_STEP_DEFAULT;
	in.orders_text = forfeit ? NULL : orders.ptr;
	in.orders_len = orders.len;
	in.dflt = dflt;
	in.since = since;
	in.deadline = deadline;
	in.date = deadline;
	in.pol = &t->pol;
	umpire_step_make(&s, &t->g, &a, &in, d);
	umpire_history_date_next(t->h, deadline);
	if ((rc = umpire_history_commit(t->h, s.files, s.nfiles, &s.author,
	    s.message.ptr, d)))
		goto done;
	/* The standing orders due after it, as turn applies them. */
	long next = t->g->step;
	if ((rc = cli_standing(t->h, &t->g, &t->pol, &reports, t->json ?
	    &t->stood : NULL, d)))
		goto done;
	t->defaults++;
	umpire_time_format(when, deadline);
	if (t->json) {
		printf("%s{\"step\": %ld, \"player\": ", t->defaults > 1 ? ", " : "",
			s.step);
		json_str(stdout, s.player);
		printf(", \"kind\": ");
		json_str(stdout, s.kind);
		printf(", \"deadline\": \"%s\", \"default\": \"%s\"}", when,
			umpire_default_name(dflt));
	} else {
		fwrite(s.report.text.ptr, 1, s.report.text.len, stdout);
		if (forfeit)
			printf("\ntick: no orders from %s by %s: %s forfeits the game "
				"at step %ld\n\n", s.player, when, s.player, s.step);
		else if (dflt == UMPIRE_DEFAULT_PASS)
			printf("\ntick: no orders from %s by %s: umpire passed %s %s "
				"at step %ld\n\n", s.player, when, umpire_possessive(s.player,
				whose, sizeof(whose)), s.kind, s.step);
		else
			printf("\ntick: no orders from %s by %s: umpire played the "
				"bot's orders for %s %s at step %ld\n\n", s.player, when,
				umpire_possessive(s.player, whose, sizeof(whose)), s.kind,
				s.step);
		print_stood(t, next, &reports);
	}
done:
	umpire_buf_free(&orders);
	umpire_buf_free(&reports);
	umpire_step_free(&s);
	umpire_arena_free(&a);
	return rc;
}

/* Print the reminders due in (after, now], each once. */
static size_t
remind(const struct tick *t, long long since, long long deadline,
	long long after, long long now, size_t printed)
{
	struct umpire_decision dec;
	char when[UMPIRE_TIME_SIZE], due[UMPIRE_TIME_SIZE], whose[80];
	size_t n = 0;

	umpire_game_decision(t->g, &dec);
	for (size_t i = 0; i < t->pol.nreminders; i++) {
		long long at = deadline - t->pol.reminders[i];
		if (at < since || at > now || at <= after)
			continue;
		struct umpire_buf before = UMPIRE_BUF_INIT, left = UMPIRE_BUF_INIT;
		umpire_duration_format(&before, t->pol.reminders[i]);
		umpire_duration_format(&left, deadline - now);
		umpire_time_format(when, deadline);
		umpire_time_format(due, at);
		if (t->json) {
			printf("%s{\"step\": %ld, \"player\": ", printed + n ? ", " : "",
				t->g->step);
			json_str(stdout, dec.player);
			printf(", \"kind\": ");
			json_str(stdout, dec.kind);
			printf(", \"deadline\": \"%s\", \"due\": \"%s\", \"before\": "
				"\"%s\"}", when, due, umpire_buf_cstr(&before));
		} else {
			printf("reminder: step %ld of %s awaits %s %s by %s (%s left)\n",
				t->g->step, t->g->id,
				umpire_possessive(dec.player, whose, sizeof(whose)),
				dec.kind, when, umpire_buf_cstr(&left));
		}
		umpire_buf_free(&before);
		umpire_buf_free(&left);
		n++;
	}
	return n;
}

/*
 * When HEAD's decision became pending: the date its state records
 * (UMPIRE_DATED_SINCE), read without walking the history; for a game
 * an older umpire wrote, the commit that made it awaited.
 */
static int
pending_since(struct tick *t, long long *since, struct umpire_diags *d)
{
	char when[UMPIRE_TIME_SIZE];

	if (!t->g->dated)
		return awaited_since(t->h, since, d);
	*since = t->g->date;
	if (t->g->date > t->now)
		umpire_diag(d, UMPIRE_WARNING, t->dir, 0, 0, "the state of step %ld "
			"is dated %s, after now: a clock is wrong or the date was "
			"forged (umpire verify says which); no deadline of this game "
			"falls due before then", t->g->step,
			umpire_time_format(when, t->g->date));
	return 0;
}

/* The awaited decision's deadline, pending since since. */
static long long
deadline_of(const struct tick *t, long long since,
	const struct umpire_decision *dec)
{
	if (t->g->dated && t->g->has_deadline)
		return t->g->deadline;
	return since + umpire_deadline_of(&t->pol, dec->player, dec->kind);
}

/* Whether standing orders are due on t->g (standing.h). */
static bool
standing_due(const struct tick *t)
{
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	bool due = umpire_step_standing(&in, t->g, &a, &text, &d);

	umpire_buf_free(&text);
	umpire_arena_free(&a);
	umpire_diags_free(&d);
	return due;
}

/*
 * The standing steps due after HEAD's step that the call which made it
 * did not commit (it died first), as turn commits them after a step.
 */
static int
catch_up(struct tick *t, struct umpire_diags *d)
{
	struct umpire_buf reports = UMPIRE_BUF_INIT;
	long step = t->g->step;
	int rc;

	if (!standing_due(t))
		return 0;
	if ((rc = cli_load_secret(t->h, t->g, t->seed_file, d)) ||
	    (rc = cli_unseal(t->g, t->seed_file, d)))
		goto done;
	t->unsealed = true;
	if ((rc = cli_standing(t->h, &t->g, &t->pol, &reports, t->json ?
	    &t->stood : NULL, d)))
		goto done;
	print_stood(t, step, &reports);
done:
	umpire_buf_free(&reports);
	return rc;
}

/* Apply the policy of the game in t->dir at t->now. */
static int
tick_game(struct tick *t, struct umpire_diags *d)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	char when[UMPIRE_TIME_SIZE], whose[80];
	long long since = 0, deadline = 0;
	int rc;

	t->defaults = 0;
	t->unsealed = false;
	umpire_buf_clear(&t->stood);
	if ((rc = cli_open_game(&t->h, &t->g, t->dir, true, d)) ||
	    (!t->force && (rc = umpire_history_check_head(t->h, d))) ||
	    (rc = cli_policy(&t->pol, t->h, t->dir, &a, d)))
		goto done;
	/* The host's policy replaces the scenario's (host.h). */
	if (t->g->has_policy)
		t->pol = t->g->policy;
	if ((rc = catch_up(t, d)))
		goto done;
	if (t->json)
		printf("{\"game\": \"%s\", \"now\": \"%s\", \"policy\": %s, "
			"\"defaults\": [", t->g->id, umpire_time_format(when, t->now),
			t->pol.set ? "true" : "false");
	if (!t->pol.set) {
		if (!t->json && !t->quiet)
			printf("tick: game %s has no deadlines (its scenario sets "
				"none): nothing to do\n", t->g->id);
		goto out;
	}
	if ((rc = pending_since(t, &since, d)))
		goto out;
	dec.player = NULL;
	for (;;) {
		umpire_game_decision(t->g, &dec);
		if (!dec.player)
			break;
		deadline = deadline_of(t, since, &dec);
		if (t->now < deadline)
			break;
		if (t->defaults == TICK_MAX_DEFAULTS) {
			umpire_diag(d, UMPIRE_WARNING, t->dir, 0, 0, "%d default steps "
				"in one run, the most; run tick again for the rest",
				TICK_MAX_DEFAULTS);
			break;
		}
		if ((rc = play_default(t, since, deadline, d)))
			goto out;
		since = deadline;
	}
	if (t->json)
		printf("], \"standing\": [%s], \"reminders\": [",
			umpire_buf_cstr(&t->stood));
	size_t reminders = 0;
	if (dec.player)
		reminders = remind(t, since, deadline, t->after, t->now, 0);
	if (t->json) {
		printf("], \"awaiting\": ");
		if (dec.player) {
			printf("{\"step\": %ld, \"player\": ", t->g->step);
			json_str(stdout, dec.player);
			printf(", \"kind\": ");
			json_str(stdout, dec.kind);
			printf(", \"since\": \"%s\"", umpire_time_format(when, since));
			printf(", \"deadline\": \"%s\"}", umpire_time_format(when,
				deadline));
		} else {
			printf("null");
		}
	} else if (t->quiet) {
		/* Nothing but defaults and reminders: for cron's mail. */
	} else if (dec.player) {
		struct umpire_buf left = UMPIRE_BUF_INIT;
		umpire_duration_format(&left, deadline - t->now);
		printf("tick: step %ld of %s awaits %s %s by %s (%s left)%s\n",
			t->g->step, t->g->id,
			umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind,
			umpire_time_format(when, deadline), umpire_buf_cstr(&left),
			t->defaults || reminders ? "" : ": nothing to do");
		umpire_buf_free(&left);
	} else {
		struct umpire_buf how = UMPIRE_BUF_INIT;
		umpire_result_summary(&how, &t->g->result);
		printf("tick: game %s is over (%s)%s\n", t->g->id,
			umpire_buf_cstr(&how), t->defaults ? "" : ": nothing to do");
		umpire_buf_free(&how);
	}
out:
	if (t->json) {
		if (!t->pol.set || rc)
			printf("], \"standing\": [%s], \"reminders\": [], "
				"\"awaiting\": null", umpire_buf_cstr(&t->stood));
		printf("}\n");
	}
done:
	umpire_arena_free(&a);
	umpire_game_free(t->g);
	umpire_history_close(t->h);
	t->g = NULL;
	t->h = NULL;
	fflush(stdout);
	return rc;
}

/* Which exit status of two is the worse: an error over a busy game. */
static int
worse(int a, int b)
{
	if (!a || !b)
		return a ? a : b;
	return a == EX_TEMPFAIL ? b : a;
}

/*
 * Every game under dir (each directory in it that holds a game's
 * repository), in name order, one at a time in this process.  A game
 * that fails is named and the sweep goes on; the status is the worst.
 */
static int
tick_games(struct tick *t, const char *dir, struct umpire_diags *d)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), rc = 0;

	if (n < 0) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "cannot read the directory: "
			"%s", strerror(errno));
		return errno == ENOENT ? EX_NOINPUT : EX_IOERR;
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		char path[4096], probe[4160];
		struct stat st;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		/* A game: a directory with a repository (a work tree or bare). */
		snprintf(probe, sizeof(probe), "%s/.git", path);
		bool game = name[0] != '.' && stat(path, &st) == 0 &&
			S_ISDIR(st.st_mode) && (stat(probe, &st) == 0 ||
			(snprintf(probe, sizeof(probe), "%s/HEAD", path),
			stat(probe, &st) == 0));
		free(names[i]);
		if (!game)
			continue;
		struct umpire_diags one = UMPIRE_DIAGS_INIT;
		t->dir = path;
		int r = tick_game(t, &one);
		cli_done(&one, r);
		rc = worse(rc, r);
	}
	free(names);
	return rc;
}

int
cmd_tick(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "since", required_argument, NULL, 'S' },
		{ "seed-file", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "format", required_argument, NULL, 'o' },
		{ "games", required_argument, NULL, 'G' },
		{ "wait", required_argument, NULL, 'w' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct tick t = { 0 };
	const char *now_arg = NULL, *since_arg = NULL, *wait_arg = NULL,
		*games = NULL;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "q", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'q': t.quiet = true; break;
		case 'n': now_arg = optarg; break;
		case 'S': since_arg = optarg; break;
		case 'f': t.seed_file = optarg; break;
		case 'F': t.force = true; break;
		case 'G': games = optarg; break;
		case 'w': wait_arg = optarg; break;
		case 'o':
			if (strcmp(optarg, "json") == 0)
				t.json = true;
			else if (strcmp(optarg, "text") != 0)
				return cli_usage(argv[0], "--format is text or json, not "
					"'%s'", optarg);
			if ((rc = cli_set_format(argv[0], optarg)))
				return rc;
			break;
		}
	}
	if (argc - optind != (games ? 0 : 1))
		return cli_usage(argv[0], games ? "--games names the games: no "
			"game directory besides" : "name one game directory");
	if (wait_arg && (rc = cli_set_wait(argv[0], wait_arg)))
		return rc;
	t.now = (long long)time(NULL);
	t.after = -1;
	if (now_arg && umpire_time_parse(&t.now, now_arg) != 0)
		return cli_usage(argv[0], "--now %s: not a time: give RFC 3339 in "
			"UTC (2026-11-26T07:00:00Z) or seconds since the epoch",
			now_arg);
	if (since_arg && umpire_time_parse(&t.after, since_arg) != 0)
		return cli_usage(argv[0], "--since %s: not a time: give RFC 3339 "
			"in UTC (2026-11-26T07:00:00Z) or seconds since the epoch",
			since_arg);

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	if (games) {
		rc = tick_games(&t, games, &d);
	} else {
		t.dir = argv[optind];
		rc = tick_game(&t, &d);
	}
	umpire_buf_free(&t.stood);
	return cli_done(&d, rc);
}

/*
 * The policy a --policy file gives (its `deadlines:`), checked as the
 * game's scenario with that mapping in place of its own.
 */
static int
read_policy(struct umpire_deadline_policy *out, struct umpire_history *h,
	const char *dir, const char *file, struct umpire_arena *a,
	struct umpire_diags *d)
{
	struct umpire_buf text = UMPIRE_BUF_INIT, scen = UMPIRE_BUF_INIT;
	const struct umpire_node *doc, *sdoc, *pol;
	char name[4096];
	int rc;

	if ((rc = umpire_file_read(&text, file, UMPIRE_YAML_MAX_BYTES, d)))
		goto done;
	rc = EX_DATAERR;
	if (!(doc = umpire_game_parse(a, file, text.ptr, text.len, d)))
		goto done;
	if (doc->type != UMPIRE_MAP || !(pol = umpire_map_get(doc,
	    "deadlines"))) {
		umpire_node_error(d, doc, "expected a mapping with the key "
			"deadlines: the policy, as a scenario writes it (decision: "
			"72h, default: bot)");
		goto done;
	}
	if ((rc = umpire_history_read(h, UMPIRE_SCENARIO_PATH, &scen, d)))
		goto done;
	rc = EX_DATAERR;
	snprintf(name, sizeof(name), "%s/%s", dir, UMPIRE_SCENARIO_PATH);
	if (!(sdoc = umpire_game_parse(a, name, scen.ptr, scen.len, d)) ||
	    sdoc->type != UMPIRE_MAP)
		goto done;
	struct umpire_node *with = umpire_node_map(a, false);
	for (size_t i = 0; i < sdoc->u.map.n; i++)
		if (!umpire_node_is_str(sdoc->u.map.v[i].key, "deadlines"))
			umpire_map_add(a, with, sdoc->u.map.v[i].key->u.s.ptr,
				sdoc->u.map.v[i].val);
	/* Read only: the mapping holds what validation reads. */
	umpire_map_add(a, with, "deadlines", (struct umpire_node *)pol);
	if (!umpire_game_validate(with, "scenario", d) ||
	    umpire_deadline_read(out, with, d))
		goto done;
	rc = 0;
done:
	umpire_buf_free(&text);
	umpire_buf_free(&scen);
	return rc;
}

/* "FROM/TO", two times (deadline.h), into h. */
static int
parse_holiday(struct umpire_holiday *h, const char *arg)
{
	char from[64];
	const char *slash = strchr(arg, '/');

	if (!slash || (size_t)(slash - arg) >= sizeof(from))
		return -1;
	memcpy(from, arg, (size_t)(slash - arg));
	from[slash - arg] = '\0';
	return umpire_time_parse(&h->from, from) != 0 ||
		umpire_time_parse(&h->to, slash + 1) != 0 ? -1 : 0;
}

/*
 * umpire deadline DIR --extend DURATION | --holiday FROM/TO [--player P] |
 * --policy FILE: the host's controls over time, each a host step
 * (host.h) that verify checks.
 */
int
cmd_deadline(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "extend", required_argument, NULL, 'e' },
		{ "holiday", required_argument, NULL, 'H' },
		{ "player", required_argument, NULL, 'p' },
		{ "policy", required_argument, NULL, 'P' },
		{ "force", no_argument, NULL, 'F' },
		{ "wait", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *extend = NULL, *holiday = NULL, *player = NULL,
		*policy = NULL;
	bool force = false;
	int rc = 0, c;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_deadline_policy pol;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'e': extend = optarg; break;
		case 'H': holiday = optarg; break;
		case 'p': player = optarg; break;
		case 'P': policy = optarg; break;
		case 'F': force = true; break;
		case 'w':
			if ((rc = cli_set_wait(argv[0], optarg)))
				return rc;
			break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (!!extend + !!holiday + !!policy != 1)
		return cli_usage(argv[0], "say what to change, one thing a call: "
			"--extend DURATION, --holiday FROM/TO or --policy FILE");
	if (player && !holiday)
		return cli_usage(argv[0], "--player goes with --holiday");
	in.kind = UMPIRE_STEP_HOST;
	if (extend) {
		in.host.kind = UMPIRE_HOST_EXTEND;
		if (umpire_duration_parse(&in.host.seconds, extend) != 0)
			return cli_usage(argv[0], "--extend %s: not a duration: a "
				"whole number of at most 9 digits, from 1, and one of s, "
				"m, h, d, w (\"48h\")", extend);
	} else if (holiday) {
		in.host.kind = UMPIRE_HOST_HOLIDAY;
		in.host.holiday.player = player;
		if (parse_holiday(&in.host.holiday, holiday) != 0)
			return cli_usage(argv[0], "--holiday %s: not two times "
				"FROM/TO, each RFC 3339 in UTC or seconds since the epoch "
				"(2026-12-24T00:00:00Z/2027-01-02T00:00:00Z)", holiday);
	} else {
		in.host.kind = UMPIRE_HOST_POLICY;
	}

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h = NULL;
	struct umpire_game *g = NULL;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	char when[UMPIRE_TIME_SIZE], whose[80];
	const char *dir = argv[optind], *why;

	if ((rc = cli_open_game(&h, &g, dir, true, &d)) ||
	    (!force && (rc = umpire_history_check_head(h, &d))) ||
	    (policy && (rc = read_policy(&pol, h, dir, policy, &a, &d))))
		goto done;
	long long date = cli_step_date(h, g);
	in.host.policy = &pol;
	in.host.date = date;
	if ((why = umpire_host_refusal(g, &in.host, &a))) {
		umpire_diag(&d, UMPIRE_ERROR, dir, 0, 0, "%s%s: %s", extend ?
			"--extend " : holiday ? "--holiday " : "--policy ", extend ?
			extend : holiday ? holiday : policy, why);
		rc = EX_DATAERR;
		goto done;
	}
	umpire_step_make(&s, &g, &a, &in, &d);
	umpire_history_date_next(h, date);
	if ((rc = umpire_history_commit(h, s.files, s.nfiles, &s.author,
	    s.message.ptr, &d)))
		goto done;
	if (g->has_deadline)
		printf("deadline: step %ld of %s now awaits %s %s by %s\n", g->step,
			g->id, umpire_possessive(s.player, whose, sizeof(whose)),
			s.kind, umpire_time_format(when, g->deadline));
	else
		printf("deadline: step %ld of %s awaits %s %s, with no deadline\n",
			g->step, g->id, umpire_possessive(s.player, whose,
			sizeof(whose)), s.kind);
done:
	umpire_history_close(h);
	umpire_game_free(g);
	umpire_step_free(&s);
	umpire_arena_free(&a);
	return cli_done(&d, rc);
}
