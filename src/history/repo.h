/*
 * repo.h - inside history.h: the repository handle and what the files
 * implementing history share.  Only they include this header, and they
 * are the library's only files that include <git2.h>:
 *
 *   handle.c    what the others share: paths, libgit2's errors, the
 *               permissions of a shared repository, HEAD read once
 *   repo.c      starting libgit2, opening and closing a repository
 *   odb.c       reading objects safely
 *   pack.c      a step's objects: in memory, then one pack, durably
 *   lock.c      the lock, and clearing up after a crashed umpire
 *   worktree.c  writing files into the work tree and the index, repair
 *   index.c     the index file, read and rewritten without libgit2
 *   commit.c    a step's commit: blobs, trees, the branch's move
 *   walk.c      the first-parent history, for verify; HEAD's maker, for turn
 *   treediff.c  what a revision changed in umpire's files, for verify
 *
 * The handle owns everything it points at; umpire_history_close frees it
 * all.  The functions below return 0 or a sysexits(3) code after
 * recording a diagnostic, unless their comment says otherwise.
 */
#ifndef UMPIRE_REPO_H
#define UMPIRE_REPO_H

#include <git2.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "util/buf.h"
#include "util/diag.h"
#include "history/history.h"

struct umpire_rev {
	git_oid id;
	char hex[GIT_OID_HEXSZ + 1];
	char *summary;
	char *author_name, *author_email;
	char *committer_name, *committer_email;
	char *message, *encoding;
	git_time author_time, committer_time;
	unsigned parents;
};

/*
 * The largest object umpire inflates, whatever it is for: a tree of
 * orders/ grows some 45 bytes a step.  Files are held to less (history.h).
 */
#define UMPIRE_OBJECT_MAX (16 << 20)

struct umpire_history {
	git_repository *repo;
	char *dir;
	/*
	 * core.sharedRepository as git keeps it: 0 (the umask decides),
	 * 0660 (group), 0664 (all), or minus the exact mode (0640 -> -0640).
	 */
	int shared;
	int lock_fd;		/* lock.c */
	char token[33];		/* lock.c: this umpire's, in its mark */
	char mark_new[GIT_OID_HEXSZ + 1];	/* the commit being made, or "" */
	/* umpire_history_date_next: the next commit's date, if set. */
	bool have_date;
	long long date;
	/*
	 * pack.c: the step's objects in memory; the pack they became
	 * ("pack-HEX"), and the packs it took in, removed once committed.
	 */
	struct umpire_pending *pending;
	bool quarantined, migrated, batch;
	char pack[64];
	char **merged;
	size_t nmerged;
	/* worktree.c: the work tree's top and orders/, reports/, checked. */
	bool worktree_open;
	int top_fd, dir_fds[2];
	/* The group folder last opened in each (paths.h), and its name. */
	int group_fds[2];
	char groups[2][32];
	/*
	 * HEAD as first read, once: the state is read from this commit and
	 * the next step is committed on it, with the branch moved only if
	 * it still points there (compare and swap).
	 */
	bool head_loaded, unborn;
	char *branch;		/* what HEAD names, NULL if detached */
	git_oid head;
	/* walk.c: the first-parent history, oldest first. */
	struct umpire_rev *revs;
	size_t nrevs;
	/* treediff.c: the last versions of orders/ and reports/ read, raw. */
	git_odb *odb;
	struct umpire_dir_version {
		git_oid id;
		git_odb_object *obj;
	} dirs[4];
	unsigned next_dir;
	/*
	 * The files revision changed_rev added or changed in them, by id:
	 * treediff.c notes them, walk.c reads them without a tree lookup.
	 */
	size_t changed_rev, nchanged;
	struct umpire_changed_file {
		char path[256];
		git_oid id;
	} changed[8];
};

/* handle.c */

/*
 * A path, printf-style, into buf: "" if it does not fit, so that the
 * call it is for fails (ENOENT) rather than acts on a cut path.
 */
void umpire_pathf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The mode to give a new directory, and to a new file of mode mode. */
unsigned umpire_repo_dir_mode(const struct umpire_history *h);
unsigned umpire_repo_file_mode(const struct umpire_history *h, unsigned mode);
/*
 * Give what umpire just made in the git directory (fd, or path if fd is
 * -1) the permissions sharedRepository asks for, as git does; 0 or -1.
 */
int umpire_repo_share(const struct umpire_history *h, int fd,
	const char *path, bool dir);

/* Record libgit2's last error as "what: reason" about dir; returns code. */
int umpire_repo_fail(struct umpire_diags *d, const char *dir, int code,
	const char *what);
/* Read HEAD once: its branch and the commit it points at, if any. */
void umpire_repo_load_head(struct umpire_history *h);
/*
 * HEAD's commit and tree, which the caller frees; -1 (nothing recorded)
 * if HEAD is unborn or unreadable.
 */
int umpire_repo_head_tree(struct umpire_history *h, git_commit **commit,
	git_tree **tree);
/* path in tree into out: 0, 1 if absent, -1 on a libgit2 error. */
int umpire_repo_tree_read(git_repository *repo, git_tree *tree,
	const char *path, struct umpire_buf *out);

/* odb.c */

/*
 * A loose object's bytes (zlib): its type, size and header's length,
 * from its first bytes; then the whole of it inflated into out, which
 * holds hlen + size + 1 bytes, in one inflate(3) call.  0, or -1 with
 * *why.  Pure functions, for the backend and tests/fuzz/fuzz_object.c.
 */
int umpire_loose_header(const unsigned char *z, size_t zlen,
	git_object_t *type, size_t *size, size_t *hlen, const char **why);
int umpire_loose_inflate(const unsigned char *z, size_t zlen,
	unsigned char *out, size_t hlen, size_t size, const char **why);

/* Read objects through umpire's own backend (odb.c's comment); 0 or -1. */
int umpire_odb_open(struct umpire_history *h);
/*
 * Refuse object id, which holds path, if its header says over max bytes
 * (EX_DATAERR), having read the header only.  d may be NULL.
 */
int umpire_odb_check(struct umpire_history *h, const git_oid *id,
	const char *path, size_t max, struct umpire_diags *d);
/* pack.c */

/* Hold new objects in memory from now on, for one step. */
int umpire_odb_quarantine(struct umpire_history *h, struct umpire_diags *d);
/*
 * Write the objects held as one pack into objects/pack (taking in the
 * smallest packs there), or none of it.  Synced to disk here only if
 * h->batch is false; else umpire_odb_sync does it.
 */
int umpire_odb_migrate(struct umpire_history *h, struct umpire_diags *d);
/*
 * Whether one umpire_odb_sync makes everything the step writes durable
 * (then h->batch is set, and umpire_odb_migrate syncs nothing itself).
 */
bool umpire_odb_batch_sync(struct umpire_history *h);
/* Everything written to the repository's file system, to disk: 0 or -1. */
int umpire_odb_sync(struct umpire_history *h);
/*
 * Forget the objects held and remove the quarantine; if committed,
 * remove the packs the new one took in, else the new pack.
 */
void umpire_odb_end(struct umpire_history *h, bool committed);
/* After a crash: remove every quarantine, and what it moved in unless kept. */
void umpire_odb_recover(struct umpire_history *h, bool keep);

/* lock.c */

/*
 * Say in the lock file that a commit or repair is under way (with this
 * umpire's pid, token and h->mark_new), or that none is; 0 or -1.
 */
int umpire_lock_mark(struct umpire_history *h, bool committing);
/*
 * Take the git lock file path (index.lock, refs/heads/main.lock) as git
 * does, by making it exclusively, with content (synced to disk first if
 * sync): 0, EX_TEMPFAIL if it is held, or EX_IOERR.  The content is what proves, after a crash, that
 * the file is this umpire's (index.lock: lock.c's; a ref's: the new
 * value, which the mark names).
 */
int umpire_lock_file(struct umpire_history *h, const char *path,
	const char *content, bool sync, struct umpire_diags *d);
/* What index.lock holds while this umpire holds it. */
void umpire_lock_proof(const struct umpire_history *h, char *out, size_t size);

/* worktree.c */

/*
 * Open the work tree's top and its orders/ and reports/ once, refusing
 * (EX_DATAERR) a game where one of umpire's paths is a symbolic link or
 * not of its kind.  Nothing to do for a bare repository.
 */
int umpire_worktree_open(struct umpire_history *h, struct umpire_diags *d);
/* Whether path (as umpire writes it) is a directory in the work tree. */
bool umpire_worktree_is_dir(struct umpire_history *h, const char *path);
/*
 * Bring the work tree and the index up to HEAD's game files: none if
 * the index agrees with HEAD about game.yaml (the last step finished);
 * those HEAD changed from before (the commit's parent's tree, or NULL)
 * if it agrees with before; else all of them.  0 or a code, after a
 * diagnostic.
 */
int umpire_worktree_sync(struct umpire_history *h, const git_tree *before,
	struct umpire_diags *d);

/* index.c */

/* A file's entry to set in the index: its path, blob and status. */
struct umpire_index_set {
	char path[256];
	git_oid id;
	struct stat st;
};
/*
 * game.yaml's blob id as the index file records it: 1 and the id in
 * out, 0 if the index has none, or -1 if this cannot tell (then ask
 * libgit2).
 */
int umpire_index_state_id(struct umpire_history *h, git_oid *out);
/*
 * Rewrite the index, whose index.lock the caller holds, with set's
 * entries (sorted here) put in or in place of the entries of their
 * paths: 0; 1 if this index is one to leave to libgit2 (nothing was
 * written); -1 if it could not be written.
 */
int umpire_index_patch(struct umpire_history *h,
	struct umpire_index_set *set, size_t n);

/* walk.c */

/* The tree of revision i, which the caller frees: 0 or a libgit2 error. */
int umpire_walk_rev_tree(struct umpire_history *h, size_t i, git_tree **out);
/* Free the history loaded, for umpire_history_close. */
void umpire_walk_free(struct umpire_history *h);

#endif
