/*
 * repo.h - inside history.h: the repository handle and what the files
 * implementing history share.  Only they include this header, and they
 * are the library's only files that include <git2.h>:
 *
 *   repo.c      starting libgit2, opening a repository, reading HEAD
 *   lock.c      the lock, and clearing up after a crashed umpire
 *   worktree.c  writing files into the work tree and the index, repair
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

#include "buf.h"
#include "diag.h"
#include "history.h"

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

struct umpire_history {
	git_repository *repo;
	char *dir;
	int lock_fd;		/* lock.c */
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

/* repo.c */

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

/* lock.c */

/* Say in the lock file that a commit or repair is under way, or not. */
void umpire_lock_mark(struct umpire_history *h, bool committing);

/* worktree.c */

/* Write the files into the work tree and record them in the index. */
int umpire_worktree_update(struct umpire_history *h,
	const struct umpire_file *files, const git_oid *ids, size_t n,
	struct umpire_diags *d);

/* walk.c */

/* The tree of revision i, which the caller frees: 0 or a libgit2 error. */
int umpire_walk_rev_tree(struct umpire_history *h, size_t i, git_tree **out);
/* Free the history loaded, for umpire_history_close. */
void umpire_walk_free(struct umpire_history *h);

#endif
