#include "verify.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "game.h"

struct run {
	struct umpire_history *h;
	struct umpire_diags *d;
	const char *dir;
	size_t rev;		/* the revision being checked */
	char version[32];	/* of the last committed state */
	struct umpire_verify_result *res;
};

static void bad(struct run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
bad(struct run *r, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	umpire_diag(r->d, UMPIRE_ERROR, r->dir, 0, 0, "commit %s (%s): %s",
		umpire_history_rev_id(r->h, r->rev),
		umpire_history_rev_summary(r->h, r->rev), msg);
}

/* Say where two texts first part, line by line. */
static void
differ(struct run *r, const char *path, const struct umpire_buf *want,
	const struct umpire_buf *got)
{
	const char *a = umpire_buf_cstr((struct umpire_buf *)want);
	const char *b = umpire_buf_cstr((struct umpire_buf *)got);
	int line = 1;

	while (*a && *a == *b) {
		if (*a == '\n')
			line++;
		a++;
		b++;
	}
	/* Back to the start of the line. */
	while (a > want->ptr && a[-1] != '\n') {
		a--;
		b--;
	}
	int la = (int)strcspn(a, "\n"), lb = (int)strcspn(b, "\n");
	bad(r, "%s differs from re-adjudication at line %d: umpire gives "
		"'%.*s' but the commit holds '%.*s'", path, line, la > 100 ? 100 : la,
		a, lb > 100 ? 100 : lb, b);
}

/* The version a state records, found without parsing the whole file. */
static void
version_of(const struct umpire_buf *state, char *out, size_t size)
{
	const char *p = strstr(umpire_buf_cstr((struct umpire_buf *)state),
		"\nversion: ");
	if (!p)
		return;
	p += strlen("\nversion: ");
	p += *p == '"';
	size_t n = strspn(p, "0123456789.");
	if (n > 0 && n < size)
		snprintf(out, size, "%.*s", (int)n, p);
}

/*
 * The state umpire gives against the committed one, encoded with the
 * version the commit records, so a new umpire compares like with like.
 */
static bool
same_state(struct run *r, const struct umpire_game *g,
	const struct umpire_buf *committed)
{
	struct umpire_buf want = UMPIRE_BUF_INIT;
	bool same;

	umpire_game_encode(g, r->version, &want);
	same = umpire_buf_equal(&want, committed->ptr, committed->len);
	if (!same) {
		char v[sizeof(r->version)];
		snprintf(v, sizeof(v), "%s", r->version);
		version_of(committed, v, sizeof(v));
		if (strcmp(v, r->version) != 0) {
			umpire_buf_clear(&want);
			umpire_game_encode(g, v, &want);
			same = umpire_buf_equal(&want, committed->ptr, committed->len);
			snprintf(r->version, sizeof(r->version), "%s", v);
		}
	}
	if (!same) {
		differ(r, UMPIRE_STATE_PATH, &want, committed);
		if (strcmp(r->version, UMPIRE_VERSION) != 0)
			umpire_diag(r->d, UMPIRE_NOTE, r->dir, 0, 0, "that state was "
				"written by umpire %s and this is umpire %s: a change of "
				"rules between them may explain the difference", r->version,
				UMPIRE_VERSION);
	}
	umpire_buf_free(&want);
	return same;
}

/*
 * The report umpire gives against the committed one: every byte when
 * this umpire wrote the step, else the rolls and shuffles it lists.
 */
static bool
same_report(struct run *r, long step, const char *path,
	const struct umpire_buf *want, const struct umpire_buf *committed)
{
	if (strcmp(r->version, UMPIRE_VERSION) == 0) {
		if (umpire_buf_equal(want, committed->ptr, committed->len))
			return true;
		differ(r, path, want, committed);
		return false;
	}
	struct umpire_buf a = UMPIRE_BUF_INIT, b = UMPIRE_BUF_INIT;
	umpire_report_roll_log(&a, want->ptr, want->len);
	umpire_report_roll_log(&b, committed->ptr, committed->len);
	bool same = umpire_buf_equal(&a, b.ptr, b.len);
	if (!same) {
		bad(r, "%s lists other rolls than re-adjudication draws (its words "
			"are umpire %s's and go unchecked; its rolls are checked)",
			path, r->version);
		differ(r, path, &a, &b);
	} else {
		struct umpire_verify_result *res = r->res;
		if (!res->other_steps++)
			res->other_first = step;
		res->other_last = step;
		snprintf(res->other_version, sizeof(res->other_version), "%s",
			r->version);
	}
	umpire_buf_free(&a);
	umpire_buf_free(&b);
	return same;
}

static int
read_rev(struct run *r, const char *path, struct umpire_buf *out)
{
	int rc = umpire_history_rev_read(r->h, r->rev, path, out, r->d);

	if (rc == 1) {
		bad(r, "%s is missing", path);
		return EX_DATAERR;
	}
	return rc;
}

static void
changes_text(char *buf, size_t size, const struct umpire_change *c, size_t n)
{
	static const char *const kinds[] = { "added", "modified", "deleted" };
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && i < 8 && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%s (%s)", i ? ", " : "",
			c[i].path, kinds[c[i].kind]);
	if (n > 8 && k < size)
		snprintf(buf + k, size - k, " and %zu more", n - 8);
}

/* Step 0: the game as umpire new made it. */
static int
check_creation(struct run *r, const struct umpire_seed *seed,
	const char *seed_source, struct umpire_game **out,
	struct umpire_verify_result *res)
{
	struct umpire_buf state = UMPIRE_BUF_INIT, scen = UMPIRE_BUF_INIT,
		report = UMPIRE_BUF_INIT;
	struct umpire_step_report want = UMPIRE_STEP_REPORT_INIT;
	struct umpire_game *committed = NULL, *g = NULL;
	struct umpire_step_paths paths;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_change ch[8];
	size_t n;
	int rc;

	*out = NULL;
	if ((rc = umpire_history_rev_changes(r->h, r->rev, ch, 8, &n, r->d)))
		return rc;
	umpire_step_paths(&paths, 0, NULL);
	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)) ||
	    (rc = read_rev(r, UMPIRE_SCENARIO_PATH, &scen)) ||
	    (rc = read_rev(r, paths.report, &report)))
		goto done;
	rc = EX_DATAERR;
	if (n != 3) {
		char list[1024];
		changes_text(list, sizeof(list), ch, n);
		bad(r, "the commit that makes a game adds game.yaml, scenario.yaml "
			"and reports/0000.md only; this one: %s", list);
		goto done;
	}
	if (umpire_game_load(&committed, UMPIRE_STATE_PATH, state.ptr, state.len,
	    r->d)) {
		bad(r, "game.yaml is not a valid state");
		goto done;
	}
	snprintf(r->version, sizeof(r->version), "%s", committed->version);
	const struct umpire_seed *use = committed->have_seed ? &committed->seed :
		seed;
	if (!use) {
		umpire_diag(r->d, UMPIRE_ERROR, r->dir, 0, 0, "a sealed game whose "
			"seed is not revealed: give it with --seed-file F or "
			"UMPIRE_SEED to verify the rolls");
		rc = EX_NOINPUT;
		goto done;
	}
	if (committed->sealed && umpire_game_set_seed(committed, use,
	    seed_source ? seed_source : r->dir, r->d))
		goto done;
	const struct umpire_node *doc = umpire_game_parse(&a, UMPIRE_SCENARIO_PATH,
		scen.ptr, scen.len, r->d);
	if (!doc || umpire_game_create(&g, doc, use, committed->sealed, &want,
	    r->d)) {
		bad(r, "scenario.yaml does not make a game");
		goto done;
	}
	if (strcmp(g->id, committed->id) != 0) {
		bad(r, "the game id is '%s', but this seed makes '%s'",
			committed->id, g->id);
		goto done;
	}
	umpire_report_receipt(&want, 0, NULL, NULL, 0, state.ptr, state.len);
	if (!same_state(r, g, &state) ||
	    !same_report(r, 0, paths.report, &want.text, &report))
		goto done;
	res->steps++;
	res->rolls += g->rolls;
	snprintf(res->game, sizeof(res->game), "%s", g->id);
	*out = g;
	g = NULL;
	rc = 0;
done:
	umpire_game_free(g);
	umpire_game_free(committed);
	umpire_arena_free(&a);
	umpire_buf_free(&state);
	umpire_buf_free(&scen);
	umpire_buf_free(&report);
	umpire_step_report_free(&want);
	return rc;
}

/* A commit that only turns a sealed game's commitment into its seed. */
static bool
is_reveal(struct run *r, struct umpire_game *g, const struct umpire_buf *state)
{
	if (!g->sealed)
		return false;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	struct umpire_game *c = NULL;
	bool ok = umpire_game_load(&c, UMPIRE_STATE_PATH, state->ptr, state->len,
		&quiet) == 0 && !c->sealed;
	umpire_diags_free(&quiet);
	if (!ok) {
		umpire_game_free(c);
		return false;
	}
	if (umpire_game_set_seed(g, &c->seed, UMPIRE_STATE_PATH, r->d) != 0) {
		bad(r, "the seed it reveals does not match the game's commitment");
		umpire_game_free(c);
		return true;
	}
	g->sealed = false;
	umpire_game_free(c);
	return true;
}

/* A commit that should be exactly the step the game awaits. */
static int
check_step(struct run *r, struct umpire_game *g, struct umpire_verify_result *res)
{
	struct umpire_change ch[8];
	struct umpire_buf state = UMPIRE_BUF_INIT, orders = UMPIRE_BUF_INIT,
		report = UMPIRE_BUF_INIT;
	struct umpire_step_report want = UMPIRE_STEP_REPORT_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	struct umpire_step_paths paths;
	size_t n;
	int rc;

	if ((rc = umpire_history_rev_changes(r->h, r->rev, ch, 8, &n, r->d)))
		return rc;
	if (n == 0)
		return 0;	/* not a step: umpire's files are untouched */
	umpire_game_decision(g, &dec);
	umpire_step_paths(&paths, g->step, dec.player);
	const char *opath = paths.orders, *rpath = paths.report;
	rc = EX_DATAERR;
	if (n == 1 && ch[0].kind == UMPIRE_MODIFIED &&
	    strcmp(ch[0].path, UMPIRE_STATE_PATH) == 0) {
		if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)))
			goto done;
		rc = EX_DATAERR;
		if (!is_reveal(r, g, &state)) {
			bad(r, "game.yaml changes with no orders and no report: it "
				"was edited by hand");
			same_state(r, g, &state);
			goto done;
		}
		if (r->d->errors || !same_state(r, g, &state))
			goto done;
		rc = 0;
		goto done;
	}
	bool shaped = n == 3 && dec.player;
	for (size_t i = 0; shaped && i < n; i++)
		shaped = (ch[i].kind == UMPIRE_MODIFIED &&
			strcmp(ch[i].path, UMPIRE_STATE_PATH) == 0) ||
			(ch[i].kind == UMPIRE_ADDED && (strcmp(ch[i].path, opath) == 0 ||
			strcmp(ch[i].path, rpath) == 0));
	if (!shaped) {
		char list[1024];
		changes_text(list, sizeof(list), ch, n);
		if (dec.player)
			bad(r, "step %ld should modify game.yaml and add %s and %s, "
				"and nothing else of umpire's; this commit: %s", g->step,
				opath, rpath, list);
		else
			bad(r, "the game was over, yet this commit changes %s", list);
		goto done;
	}
	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)) ||
	    (rc = read_rev(r, opath, &orders)) ||
	    (rc = read_rev(r, rpath, &report)))
		goto done;
	rc = EX_DATAERR;
	const struct umpire_player *who = umpire_game_player(g, dec.player);
	struct umpire_person author;
	umpire_history_rev_author(r->h, r->rev, &author);
	if (who && (strcmp(author.name, who->name) != 0 ||
	    strcmp(author.email, who->email) != 0)) {
		char whose[80];
		bad(r, "its author is %s <%s>, but the orders are %s, %s <%s>",
			author.name, author.email,
			umpire_possessive(dec.player, whose, sizeof(whose)), who->name,
			who->email);
		goto done;
	}
	const struct umpire_node *doc;
	size_t before = r->d->errors;
	if (umpire_game_check(g, &a, opath, orders.ptr, orders.len, &doc, r->d)) {
		bad(r, "umpire refuses the orders this commit accepted (%zu "
			"problems above)", r->d->errors - before);
		goto done;
	}
	long step = g->step;
	res->rolls += umpire_game_resolve(g, &a, doc, &want);
	/* The report closes with the receipt of the files committed. */
	umpire_report_receipt(&want, step, opath, orders.ptr, orders.len,
		state.ptr, state.len);
	if (!same_state(r, g, &state) ||
	    !same_report(r, step, rpath, &want.text, &report))
		goto done;
	res->steps++;
	rc = 0;
done:
	umpire_arena_free(&a);
	umpire_buf_free(&state);
	umpire_buf_free(&orders);
	umpire_buf_free(&report);
	umpire_step_report_free(&want);
	return rc;
}

int
umpire_verify(struct umpire_history *h, const struct umpire_seed *seed,
	const char *seed_source, struct umpire_verify_result *res,
	struct umpire_diags *d)
{
	struct run r = { .h = h, .d = d, .dir = umpire_history_dir(h),
		.res = res };
	struct umpire_game *g = NULL;
	struct umpire_buf probe = UMPIRE_BUF_INIT;
	size_t n;
	int rc;

	memset(res, 0, sizeof(*res));
	if ((rc = umpire_history_load(h, &n, d)))
		return rc;
	res->commits = n;
	/* Commits before the game (a forge's README, say) are not umpire's. */
	for (r.rev = 0; r.rev < n; r.rev++) {
		rc = umpire_history_rev_read(h, r.rev, UMPIRE_STATE_PATH, &probe, d);
		if (rc != 1)
			break;
	}
	umpire_buf_free(&probe);
	if (rc < 0 || rc > 1)
		return rc;
	if (r.rev == n) {
		umpire_diag(d, UMPIRE_ERROR, r.dir, 0, 0, "not a game: no commit "
			"holds game.yaml");
		return EX_NOINPUT;
	}
	/* A sealed game revealed since: its seed is in HEAD's state. */
	struct umpire_game *head = NULL;
	struct umpire_seed revealed;
	if (!seed) {
		struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
		struct umpire_buf text = UMPIRE_BUF_INIT;
		if (umpire_history_rev_read(h, n - 1, UMPIRE_STATE_PATH, &text,
		    &quiet) == 0 && umpire_game_load(&head, UMPIRE_STATE_PATH,
		    text.ptr, text.len, &quiet) == 0 && head->have_seed) {
			revealed = head->seed;
			seed = &revealed;
			seed_source = "the seed revealed at HEAD";
		}
		umpire_game_free(head);
		umpire_buf_free(&text);
		umpire_diags_free(&quiet);
	}
	if ((rc = check_creation(&r, seed, seed_source, &g, res)))
		return rc;
	for (r.rev++; r.rev < n; r.rev++)
		if ((rc = check_step(&r, g, res)))
			break;
	res->awaited = g->step;
	res->over = umpire_game_over(g);
	if (res->over) {
		struct umpire_buf b = UMPIRE_BUF_INIT;
		umpire_result_summary(&b, &g->result);
		snprintf(res->outcome, sizeof(res->outcome), "%s at step %ld (%s)",
			umpire_buf_cstr(&b), g->result.step, g->result.how);
		umpire_buf_free(&b);
	}
	umpire_game_free(g);
	return rc;
}
