/*
 * handle.c - what every file of the history layer shares: paths, the
 * permissions of a shared repository, libgit2's errors as diagnostics,
 * and HEAD, read once.  It calls nothing else of umpire's history, so
 * that repo.c, which opens and closes a game, can call the files below
 * it (lock.c, odb.c, walk.c) and they can call this one, with no circle.
 */
#include "history/repo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void
umpire_pathf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size)
		buf[0] = '\0';
}

int
umpire_repo_fail(struct umpire_diags *d, const char *dir, int code,
	const char *what)
{
	const git_error *e = git_error_last();	/* may be NULL in libgit2 1.5 */

	umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "%s: %s", what,
		e && e->message ? e->message : "libgit2 gave no reason");
	return code;
}

unsigned
umpire_repo_dir_mode(const struct umpire_history *h)
{
	(void)h;
	return 0777;		/* less the umask; umpire_repo_share widens it */
}

unsigned
umpire_repo_file_mode(const struct umpire_history *h, unsigned mode)
{
	(void)h;
	return mode;
}

/* git's calc_shared_perm and adjust_shared_perm, for one new file. */
int
umpire_repo_share(const struct umpire_history *h, int fd, const char *path,
	bool dir)
{
	struct stat st;

	if (!h->shared)
		return 0;
	if (fd >= 0 ? fstat(fd, &st) != 0 : lstat(path, &st) != 0)
		return -1;
	if (S_ISLNK(st.st_mode))
		return 0;
	unsigned old = st.st_mode & 07777, mode = old;
	unsigned tweak = h->shared < 0 ? (unsigned)-h->shared :
		(unsigned)h->shared;
	if (!(mode & S_IWUSR))
		tweak &= ~0222u;
	if (mode & S_IXUSR)
		tweak |= (tweak & 0444) >> 2;	/* who may read may search */
	mode = h->shared < 0 ? (mode & ~0777u) | tweak : mode | tweak;
	if (dir) {
		mode |= (mode & 0444) >> 2;
		mode |= S_ISGID;	/* new files keep the directory's group */
	}
	if (mode == old)
		return 0;
	return fd >= 0 ? fchmod(fd, mode) : chmod(path, mode);
}

void
umpire_repo_load_head(struct umpire_history *h)
{
	git_reference *ref;

	if (h->head_loaded)
		return;
	h->head_loaded = true;
	h->unborn = true;
	if (git_reference_lookup(&ref, h->repo, "HEAD") != 0)
		return;
	if (git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC) {
		h->branch = strdup(git_reference_symbolic_target(ref));
		if (!h->branch)
			umpire_die_oom();
		h->unborn = git_reference_name_to_id(&h->head, h->repo,
			h->branch) != 0;
	} else if (git_reference_target(ref)) {
		git_oid_cpy(&h->head, git_reference_target(ref));
		h->unborn = false;
	}
	git_reference_free(ref);
}

int
umpire_repo_head_tree(struct umpire_history *h, git_commit **commit,
	git_tree **tree)
{
	*commit = NULL;
	*tree = NULL;
	umpire_repo_load_head(h);
	if (h->unborn || git_commit_lookup(commit, h->repo, &h->head) != 0)
		return -1;
	if (git_commit_tree(tree, *commit) != 0) {
		git_commit_free(*commit);
		*commit = NULL;
		return -1;
	}
	return 0;
}

int
umpire_repo_tree_read(git_repository *repo, git_tree *tree, const char *path,
	struct umpire_buf *out)
{
	git_tree_entry *e;
	git_blob *blob;

	if (git_tree_entry_bypath(&e, tree, path) != 0)
		return 1;
	if (git_tree_entry_type(e) != GIT_OBJECT_BLOB) {
		git_tree_entry_free(e);
		return 1;
	}
	int rc = git_blob_lookup(&blob, repo, git_tree_entry_id(e));
	git_tree_entry_free(e);
	if (rc != 0)
		return -1;
	umpire_buf_clear(out);
	umpire_buf_add(out, git_blob_rawcontent(blob),
		(size_t)git_blob_rawsize(blob));
	git_blob_free(blob);
	return 0;
}
