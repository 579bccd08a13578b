/*
 * history.h - a game's git repository, through libgit2.
 *
 * One accepted step is one commit holding game.yaml, the orders file and
 * the report.  The branch update is the atomic point: objects are written
 * first, then the branch moves (compare-and-swap on its old value), and
 * only then are the work tree and index brought up to date, so a crash
 * leaves the old step or the new one.  A step whose work tree update was
 * cut short is repaired by the next umpire call (umpire_history_repair).
 *
 * Every function returns 0 or a sysexits(3) code after recording a
 * diagnostic.  libgit2 is started by the first open, probe or init of
 * a process, and stopped when it exits.
 */
#ifndef UMPIRE_HISTORY_H
#define UMPIRE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"
#include "history/paths.h"

struct umpire_history;

struct umpire_file {
	const char *path;	/* relative to the top: "orders/0005-green.yaml" */
	const char *data;
	size_t len;
};

struct umpire_person {
	const char *name;
	const char *email;
};

/* Who commits every commit umpire makes, and authors its own. */
#define UMPIRE_COMMITTER_NAME "umpire"
#define UMPIRE_COMMITTER_EMAIL "umpire@umpire.invalid"


/* dir must be the top of a repository (bare or not). */
int umpire_history_open(struct umpire_history **out, const char *dir,
	struct umpire_diags *d);
/*
 * Whether umpire new could make a game in dir (missing, empty, or a
 * repository without one), changing nothing: 0 or EX_CANTCREAT.
 */
int umpire_history_probe(const char *dir, struct umpire_diags *d);
/*
 * For umpire new: make dir and a repository in it (branch main), or use
 * the repository already there if it holds no game yet.
 */
int umpire_history_init(struct umpire_history **out, const char *dir,
	struct umpire_diags *d);
void umpire_history_close(struct umpire_history *h);

/*
 * Only one umpire adjudicates a game at a time: EX_TEMPFAIL if another
 * holds the lock for longer than the wait (none unless set).
 */
int umpire_history_lock(struct umpire_history *h, struct umpire_diags *d);
/* How long every later umpire_history_lock of this process waits, in ms. */
void umpire_history_lock_wait(long ms);

/* The file at HEAD: EX_NOINPUT if there is no commit or no such file. */
int umpire_history_read(struct umpire_history *h, const char *path,
	struct umpire_buf *out, struct umpire_diags *d);

/* Bring the work tree and index back to HEAD's game files if they lag. */
int umpire_history_repair(struct umpire_history *h, struct umpire_diags *d);

/*
 * Commit files on top of HEAD (other files of HEAD's tree are kept), then
 * update the work tree and index.  message is the whole commit message.
 */
int umpire_history_commit(struct umpire_history *h,
	const struct umpire_file *files, size_t n,
	const struct umpire_person *author, const char *message,
	struct umpire_diags *d);

/*
 * Date the next commit t (seconds since the epoch, UTC) instead of now:
 * umpire tick dates a default step with its deadline (default.h).  For
 * one commit; never earlier than umpire's commit before it.
 */
void umpire_history_date_next(struct umpire_history *h, long long t);

/*
 * The date of umpire's last commit at HEAD, along first parents (0 if
 * none): a step is never dated before it.
 */
long long umpire_history_last_date(struct umpire_history *h);

/*
 * Whether turn may build on HEAD: the last commit along first parents
 * that changed umpire's files (game.yaml, scenario.yaml, orders/,
 * reports/) must have umpire as its committer; commits after it that
 * leave them alone (a README, a player's inbox.yaml) do not count.
 * 0, or EX_DATAERR naming the commit.
 */
int umpire_history_check_head(struct umpire_history *h,
	struct umpire_diags *d);

/* ---- reading the history, for verify ---- */

enum umpire_change_kind { UMPIRE_ADDED, UMPIRE_MODIFIED, UMPIRE_DELETED };

struct umpire_change {
	enum umpire_change_kind kind;
	unsigned mode;		/* the tree entry's mode, as written; 0 if deleted */
	char path[256];
};

/* A commit as git records it. */
struct umpire_commit_info {
	struct umpire_person author, committer;
	long long author_time, committer_time;	/* seconds since the epoch */
	int author_offset, committer_offset;	/* minutes east of UTC */
	const char *message;	/* byte for byte */
	const char *encoding;	/* the encoding header's, or NULL */
	unsigned parents;
};

/* Load the first-parent history, oldest first; *n is its length. */
int umpire_history_load(struct umpire_history *h, size_t *n,
	struct umpire_diags *d);
/* Short hash, summary line, author of revision i. */
const char *umpire_history_rev_id(struct umpire_history *h, size_t i);
const char *umpire_history_rev_summary(struct umpire_history *h, size_t i);
void umpire_history_rev_author(struct umpire_history *h, size_t i,
	struct umpire_person *out);
/* Revision i as git records it; the strings live as long as h. */
void umpire_history_rev_commit(struct umpire_history *h, size_t i,
	struct umpire_commit_info *out);
/* path in revision i: 0 with its text, 1 if absent, or an error code. */
int umpire_history_rev_read(struct umpire_history *h, size_t i,
	const char *path, struct umpire_buf *out, struct umpire_diags *d);
/*
 * How revision i changed umpire's files (game.yaml, scenario.yaml,
 * orders/, reports/) from its first parent, in content or in mode; other
 * paths are not umpire's and are ignored.  Up to max changes are stored;
 * *n counts them all.
 */
int umpire_history_rev_changes(struct umpire_history *h, size_t i,
	struct umpire_change *out, size_t max, size_t *n,
	struct umpire_diags *d);

/* Path of the repository's top, as given. */
const char *umpire_history_dir(const struct umpire_history *h);

#endif
