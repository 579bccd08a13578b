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
};

/* One default step for the awaited decision, dated deadline. */
static int
play_default(struct tick *t, long long since, long long deadline,
	struct umpire_diags *d)
{
	struct umpire_buf orders = UMPIRE_BUF_INIT;
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
	umpire_step_paths(&paths, t->g->step, dec.player);
	bool forfeit = t->pol.dflt == UMPIRE_DEFAULT_FORFEIT;
	if (!forfeit)
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
	in.dflt = t->pol.dflt;
	in.since = since;
	in.deadline = deadline;
	in.date = deadline;
	in.pol = &t->pol;
	umpire_step_make(&s, &t->g, &a, &in, d);
	umpire_history_date_next(t->h, deadline);
	if ((rc = umpire_history_commit(t->h, s.files, s.nfiles, &s.author,
	    s.message.ptr, d)))
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
			umpire_default_name(t->pol.dflt));
	} else {
		fwrite(s.report.text.ptr, 1, s.report.text.len, stdout);
		if (forfeit)
			printf("\ntick: no orders from %s by %s: %s forfeits the game "
				"at step %ld\n\n", s.player, when, s.player, s.step);
		else
			printf("\ntick: no orders from %s by %s: umpire played the "
				"bot's orders for %s %s at step %ld\n\n", s.player, when,
				umpire_possessive(s.player, whose, sizeof(whose)), s.kind,
				s.step);
	}
done:
	umpire_buf_free(&orders);
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
	if ((rc = cli_open_game(&t->h, &t->g, t->dir, true, d)) ||
	    (!t->force && (rc = umpire_history_check_head(t->h, d))) ||
	    (rc = cli_policy(&t->pol, t->h, t->dir, &a, d)))
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
		printf("], \"reminders\": [");
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
			printf("], \"reminders\": [], \"awaiting\": null");
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
	return cli_done(&d, rc);
}

/*
 * umpire deadline DIR --extend DURATION: the host gives the awaited
 * player more time, as a host step (default.h) that verify checks.
 */
int
cmd_deadline(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "extend", required_argument, NULL, 'e' },
		{ "force", no_argument, NULL, 'F' },
		{ "wait", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *extend = NULL;
	bool force = false;
	long long seconds = 0;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'e': extend = optarg; break;
		case 'F': force = true; break;
		case 'w':
			if ((rc = cli_set_wait(argv[0], optarg)))
				return rc;
			break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (!extend)
		return cli_usage(argv[0], "say what to change: --extend DURATION");
	if (umpire_duration_parse(&seconds, extend) != 0)
		return cli_usage(argv[0], "--extend %s: not a duration: a whole "
			"number of at most 9 digits, from 1, and one of s, m, h, d, w "
			"(\"48h\")", extend);

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h = NULL;
	struct umpire_game *g = NULL;
	struct umpire_buf state = UMPIRE_BUF_INIT, msg = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	static const struct umpire_person host = { UMPIRE_COMMITTER_NAME,
		UMPIRE_COMMITTER_EMAIL };
	char when[UMPIRE_TIME_SIZE];
	const char *dir = argv[optind];

	if ((rc = cli_open_game(&h, &g, dir, true, &d)) ||
	    (!force && (rc = umpire_history_check_head(h, &d))))
		goto done;
	umpire_game_decision(g, &dec);
	rc = EX_DATAERR;
	if (!dec.player) {
		umpire_diag(&d, UMPIRE_ERROR, dir, 0, 0, "game %s is over: no "
			"decision has a deadline to extend", g->id);
		goto done;
	}
	if (!g->has_deadline) {
		umpire_diag(&d, UMPIRE_ERROR, dir, 0, 0, "game %s's state records "
			"no deadline (%s): only a game umpire 0.4.0 or later made, "
			"whose scenario sets deadlines, has one to extend", g->id,
			g->dated ? "its scenario sets no deadlines" :
			"an older umpire wrote it");
		goto done;
	}
	long long was = g->deadline;
	if (was + seconds > 253402300799LL) {	/* 9999-12-31T23:59:59Z */
		umpire_diag(&d, UMPIRE_ERROR, dir, 0, 0, "--extend %s: the deadline "
			"would be later than umpire can write", extend);
		goto done;
	}
	g->deadline += seconds;
	umpire_game_encode(g, UMPIRE_VERSION, &state);
	umpire_default_extend_message(&msg, g, was, seconds);
	struct umpire_file files[] = {
		{ UMPIRE_STATE_PATH, state.ptr, state.len },
	};
	umpire_history_date_next(h, cli_step_date(h, g));
	if ((rc = umpire_history_commit(h, files, 1, &host, msg.ptr, &d)))
		goto done;
	char whose[80];
	printf("deadline: step %ld of %s now awaits %s %s by %s\n", g->step,
		g->id, umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind,
		umpire_time_format(when, g->deadline));
done:
	umpire_history_close(h);
	umpire_game_free(g);
	umpire_buf_free(&state);
	umpire_buf_free(&msg);
	return cli_done(&d, rc);
}
