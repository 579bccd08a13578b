/*
 * verify.c - replay a game's history and compare, commit by commit: the
 * files, what git records of the commit, the receipts (verify.h).
 */
#include "play/verify.h"

#include "play/hidden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>

#include "game/deadline.h"
#include "play/default.h"
#include "play/host.h"
#include "game/game.h"
#include "play/step.h"

/*
 * Room for the changes of any commit of umpire's: a step's five files,
 * the secret part, and a private view for each of up to 16 players.
 */
#define CHANGES_MAX 24

/* What verify has learnt of a player's receipt so far. */
struct held {
	enum { NOT_SEEN, HOLDS, DIFFERS } state;
	char hash[UMPIRE_HASH_HEX + 1];	/* game.yaml's, when it differs */
	size_t rev;			/* the commit of that step */
};

struct run {
	struct umpire_history *h;
	struct umpire_diags *d;
	const char *dir;
	size_t rev;		/* the revision being checked */
	char version[32];	/* of the last committed state */
	char other_version[32];	/* of the last run another version wrote */
	char ruling[32];	/* of the step being checked (game.h) */
	bool dated;		/* umpire's last commit so far: */
	long long date;		/* its committer date */
	size_t dated_rev;
	long last_step;		/* the last step checked */
	const struct umpire_verify_opts *opts;
	long long now;		/* opts->now, or the clock's */
	/* The scenario's deadline policy, for default steps (default.h). */
	struct umpire_deadline_policy pol;
	struct umpire_arena pol_arena;	/* owns its strings */
	struct held held[UMPIRE_VERIFY_RECEIPTS_MAX];
	struct umpire_verify_result *res;
	/* --contest: the orders' envelope, and what the state before said. */
	struct {
		long step;
		const char *player, *game;
		bool checked;		/* the state before was reached */
		bool judged;		/* and the step after it */
		enum umpire_layout layout;	/* of the game, once checked */
		char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
		struct umpire_arena a;
	} contest;
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

/*
 * Say where two texts first part: "WHAT at line N: SOURCE gives '...' but
 * the commit holds '...'", each line shown from its start, or from a
 * little before the first byte that differs.
 */
static void
differ(struct run *r, const char *what, const char *source, const char *want,
	const char *got)
{
	const char *a = want, *b = got;
	int line = 1;

	while (*a && *a == *b) {
		if (*a == '\n')
			line++;
		a++;
		b++;
	}
	/*
	 * Back to the start of the line, or, where the change is far into a
	 * long line, to 40 bytes before it.
	 */
	int col = 0;
	while (a - col > want && a[-col - 1] != '\n')
		col++;
	int back = col > 60 ? 40 : col;
	a -= back;
	b -= back;
	const char *cut = back < col ? "..." : "";
	int la = (int)strcspn(a, "\n"), lb = (int)strcspn(b, "\n");
	bad(r, "%s at line %d: %s gives '%s%.*s' but the commit holds '%s%.*s'",
		what, line, source, cut, la > 100 ? 100 : la, a, cut,
		lb > 100 ? 100 : lb, b);
}

static void
file_differs(struct run *r, const char *path, const struct umpire_buf *want,
	const struct umpire_buf *got)
{
	char what[UMPIRE_PATH_MAX + 40];

	snprintf(what, sizeof(what), "%s differs from re-adjudication", path);
	differ(r, what, "umpire", umpire_buf_cstr((struct umpire_buf *)want),
		umpire_buf_cstr((struct umpire_buf *)got));
}

/* ---- versions ---- */

/*
 * The version a state's text records, found without parsing the whole
 * file: the value of its first "version:" line, unquoted.  False if the
 * state has none, or a longer one than any release.
 */
static bool
version_of(const struct umpire_buf *state, char *out, size_t size)
{
	const char *p = strstr(umpire_buf_cstr((struct umpire_buf *)state),
		"\nversion: ");
	if (!p)
		return false;
	p += strlen("\nversion: ");
	bool quoted = *p == '"';
	p += quoted;
	size_t n = strcspn(p, quoted ? "\"\n" : "\n");
	if (n >= size)
		return false;
	snprintf(out, size, "%.*s", (int)n, p);
	return true;
}

/*
 * The version a committed state claims, against what can be: a release,
 * no newer than this umpire, and no older than the version before it
 * (none for step 0).  Each step is one run of umpire, so a new umpire
 * may take over at any step; it never hands back to an older one.
 */
static bool
check_version(struct run *r, const char *v, const char *before)
{
	unsigned long a[3], now[3], prev[3];

	if (!umpire_version_parse(v, a)) {
		bad(r, "its state says umpire version '%s' wrote it, which is no "
			"release's version (MAJOR.MINOR.PATCH, in decimal, without "
			"leading zeros)", v);
		return false;
	}
	if (umpire_version_parse(UMPIRE_VERSION, now) && umpire_version_cmp(a, now) > 0) {
		bad(r, "its state was written by umpire %s, which is newer than "
			"this umpire (%s): upgrade umpire to verify this game", v,
			UMPIRE_VERSION);
		return false;
	}
	if (before && umpire_version_parse(before, prev) && umpire_version_cmp(a, prev) < 0) {
		bad(r, "its state says umpire %s wrote it, but umpire %s wrote the "
			"state before it: a game's versions never go backwards", v,
			before);
		return false;
	}
	return true;
}

/*
 * The state umpire gives, encoded as the version the commit records
 * writes it (checked already), against the committed one.
 */
static bool
same_encoded(struct run *r, const struct umpire_buf *want, const char *version,
	const struct umpire_buf *committed)
{
	bool same = umpire_buf_equal(want, committed->ptr, committed->len);

	if (!same) {
		file_differs(r, UMPIRE_STATE_PATH, want, committed);
		if (strcmp(version, UMPIRE_VERSION) != 0)
			umpire_diag(r->d, UMPIRE_NOTE, r->dir, 0, 0, "that state was "
				"written by umpire %s and this is umpire %s: a change of "
				"rules between them may explain the difference", version,
				UMPIRE_VERSION);
	}
	return same;
}

/* The same for the state of g, which no step made (the reveal). */
static bool
same_state(struct run *r, const struct umpire_game *g, const char *version,
	const struct umpire_buf *committed)
{
	struct umpire_buf want = UMPIRE_BUF_INIT;

	umpire_game_encode(g, version, &want);
	bool same = same_encoded(r, &want, version, committed);
	umpire_buf_free(&want);
	return same;
}

/*
 * The report umpire gives against the committed one: every byte when
 * this umpire wrote the step, else the rolls and shuffles it lists.
 */
static bool
same_report(struct run *r, const char *path, const struct umpire_buf *want,
	const struct umpire_buf *committed)
{
	if (strcmp(r->version, UMPIRE_VERSION) == 0) {
		if (umpire_buf_equal(want, committed->ptr, committed->len))
			return true;
		file_differs(r, path, want, committed);
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
		file_differs(r, path, &a, &b);
	}
	umpire_buf_free(&a);
	umpire_buf_free(&b);
	return same;
}

/*
 * Count a step another version wrote into the runs the result lists.
 * Versions never go backwards, so a version's steps make one run.
 */
static void
note_other(struct run *r, long step, bool unhashed)
{
	struct umpire_verify_result *res = r->res;
	const size_t slots = sizeof(res->other) / sizeof(*res->other);

	if (strcmp(r->version, UMPIRE_VERSION) == 0)
		return;
	if (res->nother == 0 || strcmp(r->other_version, r->version) != 0) {
		snprintf(r->other_version, sizeof(r->other_version), "%s",
			r->version);
		if (res->nother++ < slots) {
			struct umpire_verify_other *o = &res->other[res->nother - 1];
			snprintf(o->version, sizeof(o->version), "%s", r->version);
			o->first = step;
		}
	}
	if (res->nother > slots)
		return;
	struct umpire_verify_other *o = &res->other[res->nother - 1];
	o->last = step;
	o->steps++;
	o->unhashed |= unhashed;
}

/* ---- the receipt ---- */

/*
 * The receipt a committed report carries, against the files committed
 * beside it: the orders as accepted (opath NULL for step 0) and the
 * state.  Whatever version wrote the report, it binds the bytes of both;
 * a report with no receipt passes only from an umpire older than
 * receipts, and *unhashed says so.
 */
static bool
check_receipt(struct run *r, long step, const char *rpath,
	const struct umpire_buf *report, const char *opath,
	const struct umpire_buf *orders, const char *state_hash, bool *unhashed)
{
	char got[UMPIRE_HASH_HEX + 1], want[UMPIRE_HASH_HEX + 1],
		kept[UMPIRE_HASH_HEX + 1];
	long said = -1;

	*unhashed = false;
	int line = umpire_report_receipt_read(report->ptr, report->len, NULL,
		&said, kept);
	if (line < 0) {
		if (umpire_version_older(r->version, UMPIRE_RECEIPTS_SINCE)) {
			*unhashed = true;
			return true;
		}
		bad(r, "%s has no receipt, though umpire %s, which wrote it, gives "
			"every report one", rpath, r->version);
		return false;
	}
	if (opath) {
		umpire_report_hash(want, orders->ptr, orders->len);
		if (umpire_report_receipt_read(report->ptr, report->len, opath,
		    NULL, got) != 0) {
			bad(r, "the receipt in %s gives no SHA-256 of %s", rpath, opath);
			return false;
		}
		if (strcmp(got, want) != 0) {
			bad(r, "%s is not the file step %ld accepted: its SHA-256 is %s, "
				"but the receipt in %s gives %s", opath, step, want, rpath,
				got);
			return false;
		}
	}
	if (umpire_report_receipt_read(report->ptr, report->len,
	    UMPIRE_STATE_PATH, NULL, got) != 0) {
		bad(r, "the receipt in %s gives no SHA-256 of %s", rpath,
			UMPIRE_STATE_PATH);
		return false;
	}
	if (strcmp(got, state_hash) != 0) {
		bad(r, "%s is not the state step %ld left: its SHA-256 is %s, but "
			"the receipt in %s gives %s", UMPIRE_STATE_PATH, step, state_hash,
			rpath, got);
		return false;
	}
	if (line != 0 || said != step || strcmp(kept, state_hash) != 0) {
		bad(r, "%s does not give the receipt of step %ld, 'Receipt: "
			"`%ld:%s`'", rpath, step, step, state_hash);
		return false;
	}
	return true;
}

/* A step checked: what the players' receipts of it say. */
static void
note_step(struct run *r, long step, const char *state_hash)
{
	r->last_step = step;
	for (size_t i = 0; i < r->opts->nreceipts; i++) {
		if (r->opts->receipts[i].step != step)
			continue;
		struct held *k = &r->held[i];
		k->rev = r->rev;
		k->state = strcmp(r->opts->receipts[i].hash, state_hash) == 0 ?
			HOLDS : DIFFERS;
		snprintf(k->hash, sizeof(k->hash), "%s", state_hash);
	}
}

/* A default step checked: the result lists it. */
static void
note_default(struct run *r, long step, const struct umpire_decision *dec,
	long long deadline, bool forfeit)
{
	struct umpire_verify_result *res = r->res;

	if (res->ndefaults++ >= UMPIRE_VERIFY_DEFAULTS_MAX)
		return;
	struct umpire_verify_default *f = &res->defaults[res->ndefaults - 1];
	f->step = step;
	snprintf(f->player, sizeof(f->player), "%s", dec->player);
	snprintf(f->kind, sizeof(f->kind), "%s", dec->kind);
	f->deadline = deadline;
	f->forfeit = forfeit;
}

/* The receipts nobody saw hold: each named, and EX_DATAERR. */
static int
check_receipts(struct run *r)
{
	int rc = 0;

	for (size_t i = 0; i < r->opts->nreceipts; i++) {
		const struct umpire_receipt *t = &r->opts->receipts[i];
		const struct held *k = &r->held[i];
		if (k->state == HOLDS) {
			r->res->receipts++;
			continue;
		}
		rc = EX_DATAERR;
		bool dflt = false;
		for (size_t j = 0; j < r->res->ndefaults &&
		    j < UMPIRE_VERIFY_DEFAULTS_MAX; j++)
			dflt |= r->res->defaults[j].step == t->step;
		if (k->state == DIFFERS)
			umpire_diag(r->d, UMPIRE_ERROR, r->dir, 0, 0, "receipt %ld:%s: "
				"step %ld is now commit %s (%s), whose game.yaml has "
				"SHA-256 %s: the step was rewritten or replayed since the "
				"receipt was given%s", t->step, t->hash, t->step,
				umpire_history_rev_id(r->h, k->rev),
				umpire_history_rev_summary(r->h, k->rev), k->hash, dflt ?
				"; it is now a default step, which cannot replace the step "
				"the receipt was given for" : "");
		else
			umpire_diag(r->d, UMPIRE_ERROR, r->dir, 0, 0, "receipt %ld:%s: "
				"the history has no step %ld, its last step is %ld: the steps "
				"after it were dropped, or the receipt is another game's",
				t->step, t->hash, t->step, r->last_step);
	}
	return rc;
}

/* ---- commits as git records them ---- */

static const char *
date_text(char *buf, size_t size, long long t, int offset)
{
	time_t local = (time_t)(t + (long long)offset * 60);
	struct tm tm;
	int off = offset < 0 ? -offset : offset;

	if (!gmtime_r(&local, &tm)) {
		snprintf(buf, size, "@%lld", t);
		return buf;
	}
	snprintf(buf, size, "%04d-%02d-%02d %02d:%02d:%02d %c%02d%02d",
		tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
		tm.tm_sec, offset < 0 ? '-' : '+', off / 60 % 100, off % 60);
	return buf;
}

/*
 * The date a committed state records (UMPIRE_DATED_SINCE), found as
 * version_of finds the version; else the commit's, so that a state
 * without one is re-made with one, and differs.  check_commit holds
 * the commit to it.
 */
static long long
state_date(struct run *r, const struct umpire_buf *state)
{
	const char *p = strstr(umpire_buf_cstr((struct umpire_buf *)state),
		"\ndate: ");
	struct umpire_commit_info c;
	char text[UMPIRE_TIME_SIZE];
	long long t;

	if (p) {
		p += strlen("\ndate: ");
		p += *p == '"';
		size_t n = strcspn(p, "\"\n");
		snprintf(text, sizeof(text), "%.*s", (int)(n < sizeof(text) ? n :
			0), p);
		if (umpire_time_parse(&t, text) == 0)
			return t;
	}
	umpire_history_rev_commit(r->h, r->rev, &c);
	return c.committer_time;
}

static bool
same_person(const struct umpire_person *a, const char *name,
	const char *email)
{
	return strcmp(a->name, name) == 0 && strcmp(a->email, email) == 0;
}

/*
 * What git records of a commit umpire made: umpire as committer, and as
 * author when umpire_self (step 0, the reveal; a step's author is checked
 * with its orders); author and committer at one moment; a date no
 * earlier than umpire's commit before; the UTF-8 encoding umpire
 * records; in a dated state (UMPIRE_DATED_SINCE), the date the state
 * records (dated_state), and never after now; one parent at most; and
 * the message umpire writes (from the
 * committed report when message_source names it).
 */
static bool
check_commit(struct run *r, const char *umpire_self,
	const struct umpire_buf *message, const char *message_source,
	const struct umpire_buf *dated_state)
{
	struct umpire_commit_info c;
	char da[48], db[48];

	umpire_history_rev_commit(r->h, r->rev, &c);
	if (umpire_self && !same_person(&c.author, UMPIRE_COMMITTER_NAME,
	    UMPIRE_COMMITTER_EMAIL)) {
		bad(r, "its author is %s <%s>, but %s as " UMPIRE_COMMITTER_NAME
			" <" UMPIRE_COMMITTER_EMAIL ">", c.author.name, c.author.email,
			umpire_self);
		return false;
	}
	if (!same_person(&c.committer, UMPIRE_COMMITTER_NAME,
	    UMPIRE_COMMITTER_EMAIL)) {
		bad(r, "its committer is %s <%s>, but umpire commits every step as "
			UMPIRE_COMMITTER_NAME " <" UMPIRE_COMMITTER_EMAIL ">",
			c.committer.name, c.committer.email);
		return false;
	}
	/* Umpires before receipts read the clock twice, a second apart at most. */
	long long lag = c.committer_time - c.author_time;
	if (c.author_offset != c.committer_offset || lag < 0 || (lag > 0 &&
	    (lag > 1 || !umpire_version_older(r->version, UMPIRE_RECEIPTS_SINCE)))) {
		bad(r, "its author date, %s, is not its commit date, %s: umpire "
			"gives both at one moment",
			date_text(da, sizeof(da), c.author_time, c.author_offset),
			date_text(db, sizeof(db), c.committer_time, c.committer_offset));
		return false;
	}
	if (r->dated && c.committer_time < r->date) {
		struct umpire_commit_info p;
		umpire_history_rev_commit(r->h, r->dated_rev, &p);
		bad(r, "its date, %s, is earlier than %s, the date of commit %s "
			"before it: the dates of umpire's commits never go backwards",
			date_text(da, sizeof(da), c.committer_time, c.committer_offset),
			date_text(db, sizeof(db), p.committer_time, p.committer_offset),
			umpire_history_rev_id(r->h, r->dated_rev));
		return false;
	}
	/*
	 * A dated state's commit has its date, so that the two never tell
	 * two stories; and a step dated after now would put every later
	 * deadline off until then.
	 */
	long long dated = dated_state ? state_date(r, dated_state) : 0;
	if (dated_state && dated != c.committer_time) {
		char ds[UMPIRE_TIME_SIZE], dd[UMPIRE_TIME_SIZE];
		bad(r, "its date, %s, is not %s, the date its state records: "
			"umpire dates a step's commit with its state's date",
			umpire_time_format(dd, c.committer_time),
			umpire_time_format(ds, dated));
		return false;
	}
	if (!umpire_version_older(r->version, UMPIRE_DATED_SINCE) && c.committer_time > r->now) {
		char dn[UMPIRE_TIME_SIZE], dd[UMPIRE_TIME_SIZE];
		bad(r, "it is dated %s, after now (%s): no step is made in the "
			"future, and one dated there would put off every later "
			"deadline", umpire_time_format(dd, c.committer_time),
			umpire_time_format(dn, r->now));
		return false;
	}
	if (!c.encoding || strcmp(c.encoding, "UTF-8") != 0) {
		bad(r, "it does not record its message's encoding as UTF-8, as "
			"every commit umpire makes does: another program made it");
		return false;
	}
	if (c.parents > 1) {
		bad(r, "it merges %u commits, and umpire never makes a merge",
			c.parents);
		return false;
	}
	if (!umpire_buf_equal(message, c.message, strlen(c.message))) {
		differ(r, "its message differs from the one umpire writes",
			message_source ? message_source : "umpire",
			umpire_buf_cstr((struct umpire_buf *)message), c.message);
		return false;
	}
	r->dated = true;
	r->date = c.committer_time;
	r->dated_rev = r->rev;
	return true;
}

/*
 * The message of a step's commit: the one umpire gives when this umpire
 * wrote the step, else the committed report's title and headline, whose
 * words another version chose, and the step's trailers; *source then
 * names that report.
 */
static bool
step_message(struct run *r, const struct umpire_step *want,
	const struct umpire_step_in *in, const char *rpath,
	const struct umpire_buf *report, struct umpire_buf *out,
	const char **source)
{
	*source = NULL;
	if (strcmp(r->version, UMPIRE_VERSION) == 0) {
		umpire_buf_add(out, want->message.ptr, want->message.len);
		return true;
	}
	*source = rpath;
	if (umpire_report_message_of(out, report->ptr, report->len) == 0) {
		umpire_step_trailers(out, in);
		return true;
	}
	bad(r, "%s does not start with a title ('# ...')", rpath);
	return false;
}

/* ---- a commit's files ---- */

/*
 * The picture umpire draws against the committed one, every byte, when
 * this umpire wrote the step; then it must be there.  Another version's
 * picture, or its absence (umpire drew none before 0.3.0), goes
 * unchecked, as that version's words do.
 */
static bool
same_picture(struct run *r, const char *path, const struct umpire_buf *want,
	bool present, const struct umpire_buf *committed)
{
	if (strcmp(r->version, UMPIRE_VERSION) != 0)
		return true;
	if (!present) {
		bad(r, "%s is missing: umpire %s draws the picture of every step",
			path, UMPIRE_VERSION);
		return false;
	}
	if (umpire_buf_equal(want, committed->ptr, committed->len))
		return true;
	file_differs(r, path, want, committed);
	return false;
}

/* Whether the changes include path, added. */
static bool
adds(const struct umpire_change *c, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (c[i].kind == UMPIRE_ADDED && strcmp(c[i].path, path) == 0)
			return true;
	return false;
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

/* Each of umpire's files is a plain file: not executable, not a link. */
static bool
plain_files(struct run *r, const struct umpire_change *ch, size_t n)
{
	for (size_t i = 0; i < n && i < CHANGES_MAX; i++) {
		unsigned m = ch[i].mode;
		if (ch[i].kind == UMPIRE_DELETED || m == 0100644)
			continue;
		const char *what = m == 0100755 ? "an executable file" :
			m == 0120000 ? "a symbolic link" :
			(m & 0170000) == 0040000 ? "a directory" :
			m == 0160000 ? "a submodule" : "an entry";
		bad(r, "%s is %s (mode %06o); umpire writes its files as plain "
			"files, mode 100644", ch[i].path, what, m);
		return false;
	}
	return true;
}

/* What a commit of umpire's does to umpire's files. */
struct expect {
	enum umpire_change_kind kind;
	const char *path;
};

/* Room for what any commit of umpire's changes. */
#define EXPECT_MAX CHANGES_MAX

/*
 * The files every step adds, step 0 included, into out from *n on: the
 * one list to grow when a step comes with a file more.  The picture is
 * there when the commit has it (umpire drew none before 0.3.0; whether
 * this version's steps have one, same_picture says).
 */
static void
step_adds(struct expect *out, size_t *n, const struct umpire_step_paths *p,
	bool drawn)
{
	out[(*n)++] = (struct expect){ UMPIRE_ADDED, p->report };
	if (drawn)
		out[(*n)++] = (struct expect){ UMPIRE_ADDED, p->picture };
}

/* Whether the changes are exactly want's, in any order. */
static bool
changes_are(const struct umpire_change *ch, size_t n,
	const struct expect *want, size_t nwant)
{
	if (n != nwant)
		return false;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < nwant && (ch[i].kind != want[j].kind ||
		    strcmp(ch[i].path, want[j].path) != 0))
			j++;
		if (j == nwant)
			return false;
	}
	return true;
}

/* want's paths of one kind, "A", "A and B", "A, B and C". */
static const char *
paths_text(char *buf, size_t size, const struct expect *want, size_t n,
	enum umpire_change_kind kind)
{
	size_t count = 0, k = 0, at = 0;

	for (size_t i = 0; i < n; i++)
		count += want[i].kind == kind;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k < size; i++) {
		if (want[i].kind != kind)
			continue;
		at++;
		k += (size_t)snprintf(buf + k, size - k, "%s%s", at == 1 ? "" :
			at == count ? " and " : ", ", want[i].path);
	}
	return buf;
}

/*
 * The encrypted files a commit of step adds in a game that hides: its
 * secret part and any player's view.  Which views a step writes only
 * re-adjudication tells, so the ones the commit adds are expected first
 * (into out) and checked against what umpire makes in same_hidden.
 */
static size_t
hidden_adds(struct expect *out, size_t *n, const struct umpire_change *ch,
	size_t nch, struct umpire_arena *a, enum umpire_layout layout, long step,
	bool hides)
{
	struct umpire_step_paths p;
	char dir[UMPIRE_PATH_MAX], prefix[UMPIRE_PATH_MAX + 24];
	size_t before = *n;

	umpire_step_paths(&p, layout, step, NULL);
	umpire_step_dir(dir, layout, UMPIRE_REPORTS_DIR, step);
	snprintf(prefix, sizeof(prefix), "%s/%04ld-", dir, step);
	if (hides)
		out[(*n)++] = (struct expect){ UMPIRE_ADDED,
			umpire_arena_strdup(a, p.secret) };
	for (size_t i = 0; i < nch && i < CHANGES_MAX && *n < EXPECT_MAX; i++) {
		size_t len = strlen(ch[i].path);
		if (ch[i].kind != UMPIRE_ADDED)
			continue;
		if ((!hides && strcmp(ch[i].path, p.secret) == 0) ||
		    (strncmp(ch[i].path, prefix, strlen(prefix)) == 0 &&
		    len > 8 && (strcmp(ch[i].path + len - 7, ".md.age") == 0 ||
		    strcmp(ch[i].path + len - 8, ".svg.age") == 0)))
			out[(*n)++] = (struct expect){ UMPIRE_ADDED,
				umpire_arena_strdup(a, ch[i].path) };
	}
	return *n - before;
}

/*
 * Every encrypted file umpire makes of the step is the commit's, byte
 * for byte (they are encrypted deterministically from the seed), and
 * the commit adds no view umpire does not write.  A step that a version
 * before UMPIRE_PADDED_SINCE wrote may hold them unpadded: umpire 0.3.0
 * padded only from one commit on, under one version number.
 */
static bool
same_hidden(struct run *r, const struct umpire_hidden *h,
	const struct umpire_change *ch, size_t nch, const struct umpire_game *g,
	long step)
{
	struct umpire_buf got = UMPIRE_BUF_INIT;
	struct expect added[EXPECT_MAX];
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	size_t nadded = 0;
	bool ok = true;

	hidden_adds(added, &nadded, ch, nch, &a, g->layout, step, g->hides);
	if (!g->hides && nadded) {
		bad(r, "%s is added, but game %s hides nothing", added[0].path,
			g->id);
		ok = false;
	}
	for (size_t i = 0; ok && i < h->n; i++) {
		umpire_buf_clear(&got);
		if (read_rev(r, h->files[i].path, &got)) {
			ok = false;
			break;
		}
		if (!umpire_buf_equal(&h->files[i].data, got.ptr, got.len) &&
		    !(umpire_version_older(r->version, UMPIRE_PADDED_SINCE) &&
		    umpire_buf_equal(&h->files[i].unpadded, got.ptr, got.len))) {
			bad(r, "%s differs from the file umpire encrypts (the same "
				"seed, secret and view give the same bytes)",
				h->files[i].path);
			ok = false;
		}
	}
	for (size_t j = 0; ok && j < nadded; j++) {
		size_t i = 0;
		while (i < h->n && strcmp(h->files[i].path, added[j].path) != 0)
			i++;
		if (i == h->n) {
			bad(r, "%s is added, but the view it holds did not change at "
				"step %ld, so umpire writes none", added[j].path, step);
			ok = false;
		}
	}
	umpire_buf_free(&got);
	umpire_arena_free(&a);
	return ok;
}

/* ---- the commits ---- */

/*
 * The step umpire makes again (want, from in) against the commit that
 * holds it: the state, the encrypted files, the receipt (opath NULL for
 * a step no orders made), the report, the picture (drawn: the commit
 * has one), the message and what git records (self as check_commit
 * takes it).  A step that holds is counted.
 */
static bool
same_step(struct run *r, const struct umpire_step *want,
	const struct umpire_step_in *in, const struct umpire_game *g,
	const struct umpire_change *ch, size_t n,
	const struct umpire_buf *state, const char *opath,
	const struct umpire_buf *orders, const struct umpire_buf *report,
	bool drawn, const struct umpire_buf *picture, const char *self)
{
	struct umpire_buf msg = UMPIRE_BUF_INIT;
	const char *rpath = want->paths.report, *source;
	char hash[UMPIRE_HASH_HEX + 1];
	bool unhashed;

	/*
	 * The SHA-256 of the committed state, which the receipts give: the
	 * one the step just computed for its own receipt, when the bytes
	 * are the same (a state is hashed once a step, not twice).
	 */
	if (!umpire_buf_equal(&want->state, state->ptr, state->len) ||
	    umpire_report_receipt_read(want->report.text.ptr,
	    want->report.text.len, UMPIRE_STATE_PATH, NULL, hash) != 0)
		umpire_report_hash(hash, state->ptr, state->len);
	bool same = same_encoded(r, &want->state, r->version, state) &&
	    same_hidden(r, &want->hidden, ch, n, g, want->step) &&
	    check_receipt(r, want->step, rpath, report, opath, orders, hash,
	    &unhashed) &&
	    same_report(r, rpath, &want->report.text, report) &&
	    same_picture(r, want->paths.picture, &want->report.picture, drawn,
	    picture) &&
	    step_message(r, want, in, rpath, report, &msg, &source) &&
	    check_commit(r, self, &msg, source, umpire_version_older(r->version,
	    UMPIRE_DATED_SINCE) ? NULL : state);
	umpire_buf_free(&msg);
	if (!same)
		return false;
	note_other(r, want->step, unhashed);
	note_step(r, want->step, hash);
	r->res->steps++;
	return true;
}

/* The layout of the files a commit adds under reports/ (paths.h). */
static enum umpire_layout
added_layout(const struct umpire_change *ch, size_t n)
{
	for (size_t i = 0; i < n && i < CHANGES_MAX; i++) {
		const char *name;
		long step;
		bool grouped;
		if (ch[i].kind == UMPIRE_ADDED && umpire_path_parse(ch[i].path,
		    UMPIRE_REPORTS_DIR, &name, &step, &grouped) && grouped)
			return UMPIRE_LAYOUT_GROUPED;
	}
	return UMPIRE_LAYOUT_FLAT;
}

/* Step 0: the game as umpire new made it. */
static int
check_creation(struct run *r, const struct umpire_seed *seed,
	const char *seed_source, struct umpire_game **out,
	struct umpire_verify_result *res)
{
	struct umpire_buf state = UMPIRE_BUF_INIT, scen = UMPIRE_BUF_INIT,
		report = UMPIRE_BUF_INIT, picture = UMPIRE_BUF_INIT;
	struct umpire_step want = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_game *committed = NULL, *g = NULL;
	struct umpire_step_paths paths;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_change ch[CHANGES_MAX];
	size_t n;
	int rc;

	*out = NULL;
	if ((rc = umpire_history_rev_changes(r->h, r->rev, ch, CHANGES_MAX, &n, r->d)))
		return rc;
	/*
	 * Where step 0's files are tells the layout the game says it has;
	 * the replay below, as the version that made it, must agree.
	 */
	enum umpire_layout layout = added_layout(ch, n);
	umpire_step_paths(&paths, layout, 0, NULL);
	/* Every file umpire new adds. */
	struct expect made[EXPECT_MAX] = {
		{ UMPIRE_ADDED, UMPIRE_STATE_PATH },
		{ UMPIRE_ADDED, UMPIRE_SCENARIO_PATH },
	};
	size_t nmade = 2;
	bool drawn = adds(ch, n, paths.picture);
	step_adds(made, &nmade, &paths, drawn);
	/* Whether the game hides, only the scenario tells: see same_hidden. */
	hidden_adds(made, &nmade, ch, n, &a, layout, 0, false);
	rc = EX_DATAERR;
	if (!plain_files(r, ch, n))
		goto done;
	if (!changes_are(ch, n, made, nmade)) {
		char list[1024], files[512];
		changes_text(list, sizeof(list), ch, n);
		bad(r, "the commit that makes a game adds %s only; this one: %s",
			paths_text(files, sizeof(files), made, nmade, UMPIRE_ADDED), list);
		goto done;
	}
	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)) ||
	    (rc = read_rev(r, UMPIRE_SCENARIO_PATH, &scen)) ||
	    (rc = read_rev(r, paths.report, &report)) ||
	    (drawn && (rc = read_rev(r, paths.picture, &picture))))
		goto done;
	rc = EX_DATAERR;
	if (umpire_game_load(&committed, UMPIRE_STATE_PATH, state.ptr, state.len,
	    r->d)) {
		bad(r, "game.yaml is not a valid state");
		goto done;
	}
	if (!check_version(r, committed->version, NULL))
		goto done;
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
	in.kind = UMPIRE_STEP_SETUP;
	in.scenario = umpire_game_parse(&a, UMPIRE_SCENARIO_PATH, scen.ptr,
		scen.len, r->d);
	in.scenario_text = scen.ptr;
	in.scenario_len = scen.len;
	in.seed = use;
	in.sealed = committed->sealed;
	in.seed_id = umpire_version_older(r->version, UMPIRE_BOUND_ID_SINCE);
	in.version = r->version;
	in.legacy = true;	/* same_hidden knows whether it may be */
	const struct umpire_node *kept = umpire_game_parse(&r->pol_arena,
		UMPIRE_SCENARIO_PATH, scen.ptr, scen.len, r->d);
	if (!kept || umpire_deadline_read(&r->pol, kept, r->d)) {
		bad(r, "scenario.yaml's deadlines are not a policy umpire applies");
		goto done;
	}
	in.date = state_date(r, &state);
	in.pol = &r->pol;
	if (!in.scenario || umpire_step_make(&want, &g, &a, &in, r->d)) {
		bad(r, "scenario.yaml does not make a game");
		goto done;
	}
	if (strcmp(g->id, committed->id) != 0) {
		bad(r, "the game id is '%s', but this seed%s makes '%s'",
			committed->id, in.seed_id ? "" : " and scenario.yaml", g->id);
		goto done;
	}
	if (g->layout != layout) {
		bad(r, "the game's files are %s, but umpire %s makes a game whose "
			"files are %s (umpire-files(5), Layout)", layout ==
			UMPIRE_LAYOUT_GROUPED ? "grouped by hundreds of steps" : "flat",
			r->version, g->layout == UMPIRE_LAYOUT_GROUPED ?
			"grouped by hundreds of steps" : "flat");
		goto done;
	}
	if (!same_step(r, &want, &in, g, ch, n, &state, NULL, NULL, &report,
	    drawn, &picture, "umpire new makes a game"))
		goto done;
	res->rolls += want.rolls;
	snprintf(res->game, sizeof(res->game), "%s", g->id);
	*out = g;
	g = NULL;
	rc = 0;
done:
	umpire_step_free(&want);
	umpire_game_free(g);
	umpire_game_free(committed);
	umpire_arena_free(&a);
	umpire_buf_free(&state);
	umpire_buf_free(&scen);
	umpire_buf_free(&report);
	umpire_buf_free(&picture);
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

/*
 * The version a committed state records, checked against the version
 * before it; r->version becomes it.  A state with no version line keeps
 * the old one, and the comparison of the states says what is wrong.
 */
static bool
state_version(struct run *r, const struct umpire_buf *state)
{
	char v[sizeof(r->version)];

	if (!version_of(state, v, sizeof(v)))
		return true;
	if (!check_version(r, v, r->version))
		return false;
	snprintf(r->version, sizeof(r->version), "%s", v);
	return true;
}

/*
 * A host step (host.h): game.yaml alone, changed as umpire reveal or
 * umpire deadline changes it, by umpire (a host step is the host's,
 * never a player's), made again with umpire_step_make; message names
 * which, by its trailer, or is a reveal's.  The step awaited stays.
 */
static int
check_host(struct run *r, struct umpire_game *g, const char *message)
{
	struct umpire_buf state = UMPIRE_BUF_INIT;
	struct umpire_step want = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	struct umpire_game *c = NULL;
	struct umpire_commit_info ci;
	const char *self = "umpire deadline commits a host step", *why;
	int rc;

	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)))
		return rc;
	rc = EX_DATAERR;
	in.kind = UMPIRE_STEP_HOST;
	if (umpire_host_of(&in.host, message) != 0) {
		if (!is_reveal(r, g, &state)) {
			bad(r, "game.yaml changes with no orders and no report: it "
				"was edited by hand");
			same_state(r, g, r->version, &state);
			goto done;
		}
		if (r->d->errors)
			goto done;
		in.host.kind = UMPIRE_HOST_REVEAL;
		self = "umpire reveal commits the seed";
	}
	/* What a holiday or a policy adds, as the committed state has it. */
	if ((in.host.kind == UMPIRE_HOST_HOLIDAY ||
	    in.host.kind == UMPIRE_HOST_POLICY) &&
	    umpire_game_load(&c, UMPIRE_STATE_PATH, state.ptr, state.len,
	    &quiet) != 0) {
		bad(r, "game.yaml is not a valid state");
		goto done;
	}
	if (in.host.kind == UMPIRE_HOST_HOLIDAY) {
		if (c->nholidays != g->nholidays + 1) {
			bad(r, "it grants a holiday, but game.yaml records %zu "
				"holidays, not the %zu before it and one more",
				c->nholidays, g->nholidays);
			goto done;
		}
		in.host.holiday = c->holidays[c->nholidays - 1];
	} else if (in.host.kind == UMPIRE_HOST_POLICY) {
		if (!c->has_policy) {
			bad(r, "it replaces the deadline policy, but game.yaml records "
				"none");
			goto done;
		}
		umpire_history_rev_commit(r->h, r->rev, &ci);
		in.host.policy = &c->policy;
		in.host.date = ci.committer_time;
	}
	if (in.host.kind != UMPIRE_HOST_REVEAL &&
	    (why = umpire_host_refusal(g, &in.host, &a))) {
		bad(r, "a host step umpire deadline refuses: %s", why);
		goto done;
	}
	if (!state_version(r, &state))
		goto done;
	if (in.host.kind == UMPIRE_HOST_HOLIDAY ||
	    in.host.kind == UMPIRE_HOST_POLICY) {
		if (umpire_version_older(r->version, UMPIRE_HOST_SINCE)) {
			bad(r, "a host step of umpire %s or later, in a state of %s",
				UMPIRE_HOST_SINCE, r->version);
			goto done;
		}
	}
	in.version = r->version;
	umpire_step_make(&want, &g, &a, &in, r->d);
	if (!same_state(r, g, r->version, &state) ||
	    !check_commit(r, self, &want.message, NULL, NULL))
		goto done;
	rc = 0;
done:
	umpire_game_free(c);
	umpire_diags_free(&quiet);
	umpire_buf_free(&state);
	umpire_step_free(&want);
	umpire_arena_free(&a);
	return rc;
}

/* Whether line[0..n) holds mark. */
static bool
line_holds(const char *line, size_t n, const char *mark)
{
	size_t m = strlen(mark);

	for (size_t i = 0; i + m <= n; i++)
		if (memcmp(line + i, mark, m) == 0)
			return true;
	return false;
}

/*
 * Orders text without the lines of its armored age blocks (a sealed
 * value, in a block scalar or in one quoted string, its key's line too).
 */
static void
unsealed(struct umpire_buf *out, const struct umpire_buf *text)
{
	const char *p = text->ptr, *end = text->ptr + text->len;
	bool in = false;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		size_t n = (size_t)(next - p);
		if (line_holds(p, n, "-----BEGIN AGE ENCRYPTED FILE-----"))
			in = true;
		if (!in)
			umpire_buf_add(out, p, n);
		if (line_holds(p, n, "-----END AGE ENCRYPTED FILE-----"))
			in = false;
		p = next;
	}
}

/*
 * A default step (default.h): the scenario sets deadlines, the step is
 * dated with the deadline of the decision it answers (counted from the
 * date of umpire's commit before it, *since), and its orders are
 * exactly the bot's that umpire tick draws (opath NULL: a forfeit, no
 * orders).  *deadline is set.
 */
static bool
check_default(struct run *r, const struct umpire_game *g,
	const struct umpire_decision *dec, const char *opath,
	const struct umpire_buf *orders, long long *since, long long *deadline,
	enum umpire_default *dflt)
{
	struct umpire_commit_info c;
	struct umpire_buf want = UMPIRE_BUF_INIT;
	char da[UMPIRE_TIME_SIZE], db[UMPIRE_TIME_SIZE], dc[UMPIRE_TIME_SIZE];
	char whose[80];

	const struct umpire_deadline_policy *pol = umpire_game_policy(g,
		&r->pol);

	*dflt = pol->dflt;
	if (!pol->set) {
		bad(r, "umpire is its author, as of a default step that umpire "
			"tick commits, but the scenario sets no deadlines");
		return false;
	}
	/*
	 * From the state before, where it records them (UMPIRE_DATED_SINCE):
	 * what the player's receipt of that step covers.
	 */
	*since = g->dated ? g->date : r->date;
	*deadline = g->has_deadline ? g->deadline : *since +
		umpire_deadline_of(pol, dec->player, dec->kind);
	umpire_history_rev_commit(r->h, r->rev, &c);
	if (c.committer_time != *deadline) {
		struct umpire_buf dur = UMPIRE_BUF_INIT;
		umpire_duration_format(&dur, *deadline - *since);
		bad(r, "a default step for %s %s dated %s, %s its deadline, %s "
			"(%s after %s, the date of commit %s that made it awaited): "
			"umpire tick dates a default step with its deadline",
			umpire_possessive(dec->player, whose, sizeof(whose)), dec->kind,
			umpire_time_format(da, c.committer_time),
			c.committer_time < *deadline ? "before" : "not",
			umpire_time_format(db, *deadline), umpire_buf_cstr(&dur),
			umpire_time_format(dc, *since),
			umpire_history_rev_id(r->h, r->dated_rev));
		umpire_buf_free(&dur);
		return false;
	}
	if (!opath)
		return true;	/* a forfeit: no orders */
	/* Pass answers nothing where the rules allow it, else the bot plays. */
	if (*dflt == UMPIRE_DEFAULT_PASS && !umpire_default_pass_orders(g,
	    *deadline, &want))
		*dflt = UMPIRE_DEFAULT_BOT;
	if (*dflt == UMPIRE_DEFAULT_BOT)
		umpire_default_orders(g, *deadline, pol->level, &want);
	bool same = umpire_buf_equal(&want, orders->ptr, orders->len);
	if (!same && umpire_version_older(r->version, UMPIRE_PADDED_SINCE)) {
		/*
		 * The bot of a version before padding sealed other blocks
		 * (unpadded, and in Backgammon Wars of another shape); what
		 * they hold is checked when the step is re-adjudicated.
		 */
		struct umpire_buf a = UMPIRE_BUF_INIT, b = UMPIRE_BUF_INIT;
		unsealed(&a, &want);
		unsealed(&b, orders);
		same = umpire_buf_equal(&a, b.ptr, b.len);
		umpire_buf_free(&a);
		umpire_buf_free(&b);
	}
	if (!same) {
		bad(r, "the orders of this default step are not %s", *dflt ==
			UMPIRE_DEFAULT_PASS ? "the orders that do nothing that umpire "
			"tick plays (default: pass)" : "the bot's that umpire tick "
			"plays (umpire bot --seed " UMPIRE_DEFAULT_SALT ")");
		file_differs(r, opath, &want, orders);
	}
	umpire_buf_free(&want);
	return same;
}

/*
 * A default forfeit (default.h): game.yaml changed, the report and
 * picture added (and the secret part, in a game that hides), dated
 * with its deadline; the game ends with the awaited player last.
 */
static int
check_forfeit(struct run *r, struct umpire_game *g,
	const struct umpire_change *ch, size_t n,
	const struct umpire_decision *dec, const struct umpire_step_paths *paths)
{
	struct umpire_buf state = UMPIRE_BUF_INIT, report = UMPIRE_BUF_INIT,
		picture = UMPIRE_BUF_INIT;
	struct umpire_step want = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct expect made[EXPECT_MAX] = {
		{ UMPIRE_MODIFIED, UMPIRE_STATE_PATH },
	};
	size_t nmade = 1;
	long step = g->step;
	int rc;

	bool drawn = adds(ch, n, paths->picture);
	step_adds(made, &nmade, paths, drawn);
	hidden_adds(made, &nmade, ch, n, &a, g->layout, step, g->hides);
	if (!changes_are(ch, n, made, nmade)) {
		char list[1024], add[512];
		changes_text(list, sizeof(list), ch, n);
		bad(r, "a default forfeit at step %ld should modify %s and add %s, "
			"and nothing else of umpire's; this commit: %s", step,
			UMPIRE_STATE_PATH, paths_text(add, sizeof(add), made, nmade,
			UMPIRE_ADDED), list);
		rc = EX_DATAERR;
		goto done;
	}
	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)) ||
	    (rc = read_rev(r, paths->report, &report)) ||
	    (drawn && (rc = read_rev(r, paths->picture, &picture))))
		goto done;
	rc = EX_DATAERR;
	if (!check_default(r, g, dec, NULL, NULL, &in.since, &in.deadline,
	    &in.dflt) || !state_version(r, &state))
		goto done;
	in.kind = UMPIRE_STEP_DEFAULT;
	in.date = in.deadline;
	in.pol = &r->pol;
	in.version = r->version;
	in.legacy = true;	/* same_hidden knows whether it may be */
	umpire_step_make(&want, &g, &a, &in, r->d);
	if (!same_step(r, &want, &in, g, ch, n, &state, NULL, NULL, &report,
	    drawn, &picture, "umpire tick commits a default step"))
		goto done;
	note_default(r, want.step, dec, in.deadline, true);
	rc = 0;
done:
	umpire_arena_free(&a);
	umpire_buf_free(&state);
	umpire_buf_free(&report);
	umpire_buf_free(&picture);
	umpire_step_free(&want);
	return rc;
}

/* A commit that should be exactly the step the game awaits. */
static int
check_step(struct run *r, struct umpire_game *g, struct umpire_verify_result *res)
{
	struct umpire_change ch[CHANGES_MAX];
	struct umpire_buf state = UMPIRE_BUF_INIT, orders = UMPIRE_BUF_INIT,
		report = UMPIRE_BUF_INIT, picture = UMPIRE_BUF_INIT,
		sig = UMPIRE_BUF_INIT;
	struct umpire_step want = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	struct umpire_step_paths paths;
	size_t n;
	int rc;

	if ((rc = umpire_history_rev_changes(r->h, r->rev, ch, CHANGES_MAX, &n, r->d)))
		return rc;
	if (n == 0)
		return 0;	/* not a step: umpire's files are untouched */
	if (!plain_files(r, ch, n))
		return EX_DATAERR;
	if (n == 1 && ch[0].kind == UMPIRE_MODIFIED &&
	    strcmp(ch[0].path, UMPIRE_STATE_PATH) == 0) {
		struct umpire_commit_info c;
		umpire_history_rev_commit(r->h, r->rev, &c);
		return check_host(r, g, c.message);
	}
	umpire_game_decision(g, &dec);
	umpire_step_paths(&paths, g->layout, g->step, dec.player);
	const char *opath = paths.orders, *rpath = paths.report,
		*ppath = paths.picture;
	/* umpire as the author: a default step of umpire tick's (default.h). */
	struct umpire_person author;
	umpire_history_rev_author(r->h, r->rev, &author);
	bool dflt = same_person(&author, UMPIRE_COMMITTER_NAME,
		UMPIRE_COMMITTER_EMAIL);
	/* ...or one that applies standing orders (standing.h). */
	struct umpire_commit_info ci;
	umpire_history_rev_commit(r->h, r->rev, &ci);
	bool standing = dflt && strstr(ci.message, "\n"
		UMPIRE_STANDING_TRAILER ": ") != NULL;
	const struct umpire_standing_order *due = umpire_game_standing_due(g);
	if (standing) {
		dflt = false;
		if (!due) {
			bad(r, "its message says it applies standing orders, but "
				"none stand for %s %s", dec.player, dec.kind);
			return EX_DATAERR;
		}
		in.from = due->from;
	}
	bool umpires = dflt || standing;
	if (dflt && dec.player && umpire_game_policy(g, &r->pol)->set &&
	    umpire_game_policy(g, &r->pol)->dflt == UMPIRE_DEFAULT_FORFEIT)
		return check_forfeit(r, g, ch, n, &dec, &paths);
	bool drawn = adds(ch, n, ppath);
	/* Every file a step changes. */
	struct expect stepped[EXPECT_MAX] = {
		{ UMPIRE_MODIFIED, UMPIRE_STATE_PATH },
		{ UMPIRE_ADDED, paths.orders },
	};
	size_t nstepped = 2;
	/* In a game whose players have keys, the orders' signature. */
	if (g->keyed && !umpires)
		stepped[nstepped++] = (struct expect){ UMPIRE_ADDED,
			paths.signature };
	size_t nfixed = nstepped;
	step_adds(stepped, &nstepped, &paths, drawn);
	hidden_adds(stepped, &nstepped, ch, n, &a, g->layout, g->step,
		g->hides);
	rc = EX_DATAERR;
	if (!dec.player || !changes_are(ch, n, stepped, nstepped)) {
		char list[1024], mod[256], add[512];
		changes_text(list, sizeof(list), ch, n);
		/* Name the picture this version draws, missing or not. */
		if (!drawn && strcmp(r->version, UMPIRE_VERSION) == 0) {
			nstepped = nfixed;
			step_adds(stepped, &nstepped, &paths, true);
		}
		if (dec.player)
			bad(r, "step %ld should modify %s and add %s, and nothing else "
				"of umpire's; this commit: %s", g->step,
				paths_text(mod, sizeof(mod), stepped, nstepped,
				UMPIRE_MODIFIED), paths_text(add, sizeof(add), stepped,
				nstepped, UMPIRE_ADDED), list);
		else
			bad(r, "the game was over, yet this commit changes %s", list);
		goto done;
	}
	if ((rc = read_rev(r, UMPIRE_STATE_PATH, &state)) ||
	    (rc = read_rev(r, opath, &orders)) ||
	    (rc = read_rev(r, rpath, &report)) ||
	    (drawn && (rc = read_rev(r, ppath, &picture))) ||
	    (g->keyed && !umpires && (rc = read_rev(r, paths.signature,
	    &sig))))
		goto done;
	rc = EX_DATAERR;
	/*
	 * The step is made again by the rulings of the version that made
	 * it, the one its state records (state_version checks it below):
	 * its standing orders, its default's orders, the bot's, and the
	 * check of the orders, all of them, so this comes first.
	 */
	if (version_of(&state, r->ruling, sizeof(r->ruling)))
		g->ruling = r->ruling;
	if (standing) {
		struct umpire_buf stand = UMPIRE_BUF_INIT;
		struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
		bool same = umpire_game_standing(g, &a, &stand, NULL, &in.alt,
			&quiet) &&
			umpire_buf_equal(&stand, orders.ptr, orders.len);
		umpire_diags_free(&quiet);
		if (!same) {
			bad(r, "the orders of this step are not the standing orders "
				"%s sent with the orders of step %ld", dec.player,
				in.from);
			file_differs(r, opath, &stand, &orders);
		}
		umpire_buf_free(&stand);
		if (!same)
			goto done;
	}
	if (dflt && !check_default(r, g, &dec, opath, &orders, &in.since,
	    &in.deadline, &in.dflt))
		goto done;
	char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE] = "";
	if (g->keyed && !umpires && umpire_game_check_signature(g, dec.player,
	    paths.signature, sig.ptr, sig.len, orders.ptr, orders.len, fp,
	    r->d)) {
		bad(r, "the signature of %s does not hold", opath);
		goto done;
	}
	const struct umpire_player *who = umpire_game_player(g, dec.player);
	if (who && !umpires && (strcmp(author.name, who->name) != 0 ||
	    strcmp(author.email, who->email) != 0)) {
		char whose[80];
		bad(r, "its author is %s <%s>, but the orders are %s, %s <%s>",
			author.name, author.email,
			umpire_possessive(dec.player, whose, sizeof(whose)), who->name,
			who->email);
		goto done;
	}
	size_t before = r->d->errors;
	if (umpire_game_check(g, &a, opath, orders.ptr, orders.len, &in.orders,
	    r->d)) {
		bad(r, "umpire refuses the orders this commit accepted (%zu "
			"problems above)", r->d->errors - before);
		goto done;
	}
	if (!state_version(r, &state))
		goto done;
	in.kind = dflt ? UMPIRE_STEP_DEFAULT : standing ? UMPIRE_STEP_STANDING :
		UMPIRE_STEP_ORDERS;
	in.date = dflt ? in.deadline : state_date(r, &state);
	in.pol = &r->pol;
	in.orders_text = orders.ptr;
	in.orders_len = orders.len;
	in.sig = sig.ptr;
	in.siglen = sig.len;
	in.fp = fp;
	in.version = r->version;
	in.legacy = true;	/* same_hidden knows whether it may be */
	umpire_step_make(&want, &g, &a, &in, r->d);
	res->rolls += want.rolls;
	if (!same_step(r, &want, &in, g, ch, n, &state, opath, &orders, &report,
	    drawn, &picture, NULL))
		goto done;
	if (dflt)
		note_default(r, want.step, &dec, in.deadline, false);
	rc = 0;
done:
	umpire_arena_free(&a);
	umpire_buf_free(&state);
	umpire_buf_free(&orders);
	umpire_buf_free(&report);
	umpire_buf_free(&picture);
	umpire_buf_free(&sig);
	umpire_step_free(&want);
	return rc;
}

/*
 * A sealed game, no seed: what anyone can check before the reveal.  Each
 * step's commit adds the orders of the player the state before it
 * awaited, their signature by his key in a game whose players have keys,
 * and the secret part in a game that hides; every state loads.  The
 * rolls, the adjudication and the secrets wait for the seed, and the
 * run ends with EX_NOINPUT saying so.
 */
static int
verify_public(struct run *r, size_t n)
{
	struct umpire_buf text = UMPIRE_BUF_INIT, orders = UMPIRE_BUF_INIT,
		sig = UMPIRE_BUF_INIT;
	struct umpire_game *prev = NULL, *cur = NULL;
	struct umpire_change ch[CHANGES_MAX];
	size_t steps = 0, sigs = 0, nch;
	int rc = EX_DATAERR;

	if (read_rev(r, UMPIRE_STATE_PATH, &text) ||
	    umpire_game_load(&prev, UMPIRE_STATE_PATH, text.ptr, text.len, r->d)) {
		bad(r, "game.yaml is not a valid state");
		goto done;
	}
	for (r->rev++; r->rev < n; r->rev++) {
		if (umpire_history_rev_changes(r->h, r->rev, ch, CHANGES_MAX, &nch,
		    r->d))
			goto done;
		if (nch == 0)
			continue;
		umpire_buf_clear(&text);
		if (read_rev(r, UMPIRE_STATE_PATH, &text) ||
		    umpire_game_load(&cur, UMPIRE_STATE_PATH, text.ptr, text.len,
		    r->d)) {
			bad(r, "game.yaml is not a valid state");
			goto done;
		}
		struct umpire_decision dec;
		struct umpire_step_paths paths;
		struct umpire_commit_info c;
		struct umpire_host_change host;
		umpire_game_decision(prev, &dec);
		if (!dec.player) {
			bad(r, "the game was over, yet this commit changes it");
			goto done;
		}
		/* A host step (umpire deadline): checked once the seed is known. */
		umpire_history_rev_commit(r->h, r->rev, &c);
		if (nch == 1 && umpire_host_of(&host, c.message) == 0 &&
		    cur->step == prev->step) {
			umpire_game_free(prev);
			prev = cur;
			cur = NULL;
			continue;
		}
		umpire_step_paths(&paths, prev->layout, prev->step, dec.player);
		/*
		 * A default step (default.h) is umpire's and unsigned; a
		 * default forfeit has no orders and ends the game.
		 */
		struct umpire_person author;
		umpire_history_rev_author(r->h, r->rev, &author);
		bool dflt = same_person(&author, UMPIRE_COMMITTER_NAME,
			UMPIRE_COMMITTER_EMAIL);
		bool forfeit = dflt && umpire_game_over(cur) &&
			!adds(ch, nch, paths.orders);
		if (!forfeit && !adds(ch, nch, paths.orders)) {
			bad(r, "step %ld should add %s", prev->step, paths.orders);
			goto done;
		}
		if (prev->keyed && !dflt) {
			char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
			umpire_buf_clear(&orders);
			umpire_buf_clear(&sig);
			if (read_rev(r, paths.orders, &orders) ||
			    read_rev(r, paths.signature, &sig))
				goto done;
			if (umpire_game_check_signature(prev, dec.player,
			    paths.signature, sig.ptr, sig.len, orders.ptr, orders.len,
			    fp, r->d)) {
				bad(r, "the signature of %s does not hold", paths.orders);
				goto done;
			}
			sigs++;
		}
		if (prev->hides && !adds(ch, nch, paths.secret)) {
			bad(r, "step %ld should add its secret part %s", prev->step,
				paths.secret);
			goto done;
		}
		steps++;
		umpire_game_free(prev);
		prev = cur;
		cur = NULL;
	}
	umpire_diag(r->d, UMPIRE_ERROR, r->dir, 0, 0, "a sealed game whose seed "
		"is not revealed: checked in public %zu step%s%s%s; the rolls, the "
		"adjudication of every step%s wait for the seed: give it with "
		"--seed-file F or UMPIRE_SEED, or verify after umpire reveal", steps,
		steps == 1 ? "" : "s", sigs ? " and every signature" : "",
		prev->hides ? " (each secret part present)" : "",
		prev->hides ? " and every secret" : "");
	rc = EX_NOINPUT;
done:
	umpire_game_free(prev);
	umpire_game_free(cur);
	umpire_buf_free(&text);
	umpire_buf_free(&orders);
	umpire_buf_free(&sig);
	return rc;
}

/* ---- a player's signed orders, against the step that answers them ---- */

/* The contested orders' envelope: 0, or EX_DATAERR saying what is amiss. */
static int
contest_read(struct run *r)
{
	const struct umpire_verify_opts *o = r->opts;
	const struct umpire_node *doc = umpire_game_parse(&r->contest.a,
		o->contest_path, o->contest_text, o->contest_len, r->d);
	long long step = doc ? umpire_node_integer(umpire_map_get(doc, "step"),
		-1) : -1;

	r->contest.player = doc ? umpire_node_cstr(umpire_map_get(doc,
		"player")) : NULL;
	r->contest.game = doc ? umpire_node_cstr(umpire_map_get(doc, "game")) :
		NULL;
	if (step < 0 || step > UMPIRE_LAST_STEP || !r->contest.player ||
	    !r->contest.game) {
		umpire_diag(r->d, UMPIRE_ERROR, o->contest_path, 0, 0, "not orders: "
			"they name no game, step and player, so they contest nothing");
		return EX_DATAERR;
	}
	r->contest.step = (long)step;
	r->res->contest_step = (long)step;
	return 0;
}

/*
 * At the state that awaits the contested step: the orders must be this
 * game's, for its awaited player, signed by his key and legal then;
 * otherwise they contest nothing.
 */
static int
contest_before(struct run *r, const struct umpire_game *g)
{
	const struct umpire_verify_opts *o = r->opts;
	struct umpire_decision dec;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *orders;
	char sigpath[4096];

	r->contest.checked = true;
	r->contest.layout = g->layout;
	umpire_game_decision(g, &dec);
	if (strcmp(r->contest.game, g->id) != 0 || !dec.player ||
	    strcmp(r->contest.player, dec.player) != 0) {
		umpire_diag(r->d, UMPIRE_ERROR, o->contest_path, 0, 0, "they are "
			"orders of %s for step %ld of game %s, but step %ld of game %s "
			"awaits %s: they contest nothing here", r->contest.player,
			r->contest.step, r->contest.game, g->step, g->id,
			dec.player ? dec.player : "no one");
		return EX_DATAERR;
	}
	if (!g->keyed) {
		umpire_diag(r->d, UMPIRE_ERROR, o->contest_path, 0, 0, "game %s's "
			"players have no keys, so no orders are signed: unsigned orders "
			"prove nothing against the history", g->id);
		return EX_DATAERR;
	}
	snprintf(sigpath, sizeof(sigpath), "%s.sig", o->contest_path);
	int rc = umpire_game_check_signature(g, dec.player, sigpath,
		o->contest_sig, o->contest_siglen, o->contest_text, o->contest_len,
		r->contest.fp, r->d);
	if (rc)
		return rc;	/* EX_NOPERM, as turn refuses them */
	size_t before = r->d->errors;
	rc = umpire_game_check(g, &a, o->contest_path, o->contest_text,
		o->contest_len, &orders, r->d);
	umpire_arena_free(&a);
	if (rc) {
		umpire_diag(r->d, UMPIRE_ERROR, o->contest_path, 0, 0, "signed, but "
			"not legal at step %ld (%zu problems above): a default step may "
			"stand in for orders umpire refuses", g->step,
			r->d->errors - before);
		return EX_DATAERR;
	}
	return 0;
}

/*
 * The step that answered the contested decision, revision rev: a
 * default step there replaced orders the player signed, and that is
 * an error; his own orders, these or others he signed, are not.
 */
static int
contest_after(struct run *r)
{
	const struct umpire_verify_opts *o = r->opts;
	struct umpire_step_paths paths;
	struct umpire_person author;
	struct umpire_buf got = UMPIRE_BUF_INIT;
	char when[UMPIRE_TIME_SIZE];

	r->contest.judged = true;
	umpire_history_rev_author(r->h, r->rev, &author);
	bool umpires = same_person(&author, UMPIRE_COMMITTER_NAME,
		UMPIRE_COMMITTER_EMAIL);
	/*
	 * A step applying standing orders (standing.h) plays orders the
	 * player sent, and signed, with an earlier step's: his own.
	 */
	struct umpire_commit_info ci;
	umpire_history_rev_commit(r->h, r->rev, &ci);
	const char *trailer = umpires ? strstr(ci.message, "\n"
		UMPIRE_STANDING_TRAILER ": ") : NULL;
	if (trailer) {
		r->res->contest_standing = strtol(trailer +
			sizeof(UMPIRE_STANDING_TRAILER ": "), NULL, 10);
		r->res->contest_other = true;
		return 0;
	}
	/* Else umpire's is a default step: a host step answers no decision. */
	if (umpires) {
		const struct umpire_verify_result *res = r->res;
		long long deadline = 0;
		for (size_t i = 0; i < res->ndefaults &&
		    i < UMPIRE_VERIFY_DEFAULTS_MAX; i++)
			if (res->defaults[i].step == r->contest.step)
				deadline = res->defaults[i].deadline;
		umpire_diag(r->d, UMPIRE_ERROR, o->contest_path, 0, 0, "step %ld is "
			"a default step of umpire tick's, commit %s, dated with its "
			"deadline %s; but %s signed these orders for it (%s), and they "
			"are legal there: a default step cannot replace a step its "
			"player signed, so they contest it (when they reached the host, "
			"the history cannot tell: see umpire(1), SECURITY "
			"CONSIDERATIONS)", r->contest.step,
			umpire_history_rev_id(r->h, r->rev),
			umpire_time_format(when, deadline), r->contest.player,
			r->contest.fp);
		return EX_DATAERR;
	}
	umpire_step_paths(&paths, r->contest.layout, r->contest.step,
		r->contest.player);
	if (umpire_history_rev_read(r->h, r->rev, paths.orders, &got, r->d) == 0)
		r->res->contest_held = umpire_buf_equal(&got, o->contest_text,
			o->contest_len);
	r->res->contest_other = !r->res->contest_held;
	umpire_buf_free(&got);
	return 0;
}

int
umpire_verify_receipt_parse(struct umpire_receipt *out, const char *text)
{
	const char *p = text;
	long step = 0;

	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		step = step * 10 + (*p++ - '0');
		if (step > UMPIRE_LAST_STEP)
			return -1;
	}
	if (*p++ != ':' || strlen(p) != UMPIRE_HASH_HEX)
		return -1;
	for (size_t i = 0; i < UMPIRE_HASH_HEX; i++) {
		char c = p[i];
		if (c >= 'A' && c <= 'F')
			c = (char)(c - 'A' + 'a');
		else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return -1;
		out->hash[i] = c;
	}
	out->hash[UMPIRE_HASH_HEX] = '\0';
	out->step = step;
	return 0;
}

int
umpire_verify(struct umpire_history *h, const struct umpire_verify_opts *opts,
	struct umpire_verify_result *res, struct umpire_diags *d)
{
	struct run r = { .h = h, .d = d, .dir = umpire_history_dir(h),
		.opts = opts, .res = res };
	struct umpire_game *g = NULL;
	struct umpire_buf probe = UMPIRE_BUF_INIT;
	const struct umpire_seed *seed = opts->seed;
	const char *seed_source = opts->seed_source;
	size_t n;
	int rc;

	memset(res, 0, sizeof(*res));
	r.now = opts->now ? opts->now : (long long)time(NULL);
	if (opts->nreceipts > UMPIRE_VERIFY_RECEIPTS_MAX)
		return EX_SOFTWARE;
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
	if (!seed) {
		/* Sealed (an open game's seed is in its state), not revealed. */
		struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
		struct umpire_buf text = UMPIRE_BUF_INIT;
		struct umpire_game *first = NULL;
		bool sealed = umpire_history_rev_read(h, r.rev, UMPIRE_STATE_PATH,
		    &text, &quiet) == 0 && umpire_game_load(&first,
		    UMPIRE_STATE_PATH, text.ptr, text.len, &quiet) == 0 &&
		    first->sealed;
		umpire_game_free(first);
		umpire_buf_free(&text);
		umpire_diags_free(&quiet);
		if (sealed)
			return verify_public(&r, n);
	}
	if ((rc = check_creation(&r, seed, seed_source, &g, res))) {
		umpire_arena_free(&r.pol_arena);
		return rc;
	}
	if (opts->contest_path && (rc = contest_read(&r))) {
		umpire_game_free(g);
		umpire_arena_free(&r.pol_arena);
		umpire_arena_free(&r.contest.a);
		return rc;
	}
	for (r.rev++; r.rev < n; r.rev++) {
		bool contested = opts->contest_path && !r.contest.judged &&
			g->step == r.contest.step;
		if (contested && !r.contest.checked && (rc = contest_before(&r, g)))
			break;
		if ((rc = check_step(&r, g, res)))
			break;
		if (contested && g->step != r.contest.step &&
		    (rc = contest_after(&r)))
			break;
		if (opts->progress)
			opts->progress(opts->progress_arg, r.rev + 1, n);
	}
	if (rc == 0)
		rc = check_receipts(&r);
	if (rc == 0 && opts->contest_path && !r.contest.judged) {
		umpire_diag(d, UMPIRE_ERROR, opts->contest_path, 0, 0, "the history "
			"has no step %ld (step %ld is awaited): these orders were never "
			"played; if they reached the host in time, the steps after were "
			"dropped", r.contest.step, g->step);
		rc = EX_DATAERR;
	}
	umpire_arena_free(&r.contest.a);
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
	umpire_arena_free(&r.pol_arena);
	return rc;
}
