/*
 * worktree.c - a step's files into the work tree and the index, and the
 * repair of a work tree that an umpire killed mid-step left behind HEAD.
 *
 * A bare repository has no work tree: nothing here is called for one.
 */
#include "repo.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "fileio.h"

/*
 * The directories of rel (a path inside the work tree) that are missing:
 * only those inside the tree, which is there already, so that a turn
 * does not try to make every directory from / down.
 */
static int
mkdirs_in(const char *top, const char *rel)
{
	char buf[4096];
	size_t len = strlen(top);

	snprintf(buf, sizeof(buf), "%s%s", top, rel);
	for (char *p = buf + len; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

/*
 * One file into the work tree (through a temporary file in the git
 * directory) and into the index with its blob id and stat data, so it
 * is not hashed again and git status sees it clean.
 */
static int
write_and_stage(struct umpire_history *h, git_index *index,
	const struct umpire_file *f, const git_oid *id, struct umpire_diags *d)
{
	char path[4096];
	struct stat st;
	git_index_entry e;
	int rc;

	snprintf(path, sizeof(path), "%s%s", git_repository_workdir(h->repo),
		f->path);
	if (mkdirs_in(git_repository_workdir(h->repo), f->path) != 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot make its "
			"directory: %s", strerror(errno));
		return EX_CANTCREAT;
	}
	if ((rc = umpire_file_write_via(path, git_repository_path(h->repo),
	    f->data, f->len, d)))
		return rc;
	if (stat(path, &st) != 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot stat: %s",
			strerror(errno));
		return EX_IOERR;
	}
	memset(&e, 0, sizeof(e));
	e.ctime.seconds = (int32_t)st.st_ctim.tv_sec;
	e.ctime.nanoseconds = (uint32_t)st.st_ctim.tv_nsec;
	e.mtime.seconds = (int32_t)st.st_mtim.tv_sec;
	e.mtime.nanoseconds = (uint32_t)st.st_mtim.tv_nsec;
	e.dev = (uint32_t)st.st_dev;
	e.ino = (uint32_t)st.st_ino;
	e.mode = GIT_FILEMODE_BLOB;
	e.uid = st.st_uid;
	e.gid = st.st_gid;
	e.file_size = (uint32_t)st.st_size;
	git_oid_cpy(&e.id, id);
	e.path = f->path;
	if (git_index_add(index, &e) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot update the index");
	return 0;
}

int
umpire_worktree_update(struct umpire_history *h,
	const struct umpire_file *files, const git_oid *ids, size_t n,
	struct umpire_diags *d)
{
	git_index *index;
	int rc = 0;

	if (git_repository_index(&index, h->repo) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the index");
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = write_and_stage(h, index, &files[i], &ids[i], d);
	if (rc == 0 && git_index_write(index) != 0)
		rc = umpire_repo_fail(d, h->dir, EX_TEMPFAIL, "cannot write the index");
	git_index_free(index);
	return rc;
}

/* Temporary files of an umpire killed while writing the work tree. */
static void
remove_stale_tmp(const char *gitdir)
{
	DIR *dp = opendir(gitdir);
	struct dirent *e;
	char path[4096];

	if (!dp)
		return;
	while ((e = readdir(dp)))
		if (strncmp(e->d_name, "umpire-tmp-", 11) == 0) {
			snprintf(path, sizeof(path), "%s%s", gitdir, e->d_name);
			unlink(path);
		}
	closedir(dp);
}

/* One of HEAD's files into the work tree and the index, if they lag. */
static int
repair_entry(struct umpire_history *h, git_index *index, const char *path,
	const git_oid *id, struct umpire_diags *d)
{
	const git_index_entry *ie = git_index_get_bypath(index, path, 0);
	git_blob *blob;

	if (ie && git_oid_equal(&ie->id, id))
		return 0;
	if (git_blob_lookup(&blob, h->repo, id) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	struct umpire_file f = { path, git_blob_rawcontent(blob),
		(size_t)git_blob_rawsize(blob) };
	int rc = write_and_stage(h, index, &f, id, d);
	git_blob_free(blob);
	return rc;
}

int
umpire_history_repair(struct umpire_history *h, struct umpire_diags *d)
{
	static const char *const files[] = { UMPIRE_STATE_PATH,
		UMPIRE_SCENARIO_PATH };
	static const char *const dirs[] = { UMPIRE_ORDERS_DIR,
		UMPIRE_REPORTS_DIR };
	git_commit *commit;
	git_tree *tree;
	git_index *index;
	int rc = 0;

	if (git_repository_is_bare(h->repo) ||
	    umpire_repo_head_tree(h, &commit, &tree) != 0)
		return 0;
	if (git_repository_index(&index, h->repo) != 0) {
		git_tree_free(tree);
		git_commit_free(commit);
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the index");
	}
	/*
	 * The index is written last in a commit, so an index that agrees
	 * with HEAD about game.yaml means the last step finished; otherwise
	 * bring every file of umpire's that lags up to HEAD.
	 */
	const git_tree_entry *state = git_tree_entry_byname(tree,
		UMPIRE_STATE_PATH);
	const git_index_entry *ie = git_index_get_bypath(index,
		UMPIRE_STATE_PATH, 0);
	if (state && !(ie && git_oid_equal(&ie->id, git_tree_entry_id(state)))) {
		umpire_lock_mark(h, true);	/* repairs can be killed too */
		remove_stale_tmp(git_repository_path(h->repo));
		for (size_t i = 0; i < 2 && rc == 0; i++) {
			const git_tree_entry *e = git_tree_entry_byname(tree, files[i]);
			if (e)
				rc = repair_entry(h, index, files[i], git_tree_entry_id(e), d);
		}
		for (size_t i = 0; i < 2 && rc == 0; i++) {
			const git_tree_entry *e = git_tree_entry_byname(tree, dirs[i]);
			git_tree *sub;
			if (!e || git_tree_entry_type(e) != GIT_OBJECT_TREE)
				continue;
			if (git_tree_lookup(&sub, h->repo, git_tree_entry_id(e)) != 0) {
				rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
				break;
			}
			for (size_t k = 0; k < git_tree_entrycount(sub) && rc == 0; k++) {
				const git_tree_entry *f = git_tree_entry_byindex(sub, k);
				char path[512];
				snprintf(path, sizeof(path), "%s/%s", dirs[i],
					git_tree_entry_name(f));
				rc = repair_entry(h, index, path, git_tree_entry_id(f), d);
			}
			git_tree_free(sub);
		}
		if (rc == 0 && git_index_write(index) != 0)
			rc = umpire_repo_fail(d, h->dir, EX_TEMPFAIL,
				"cannot write the index");
		if (rc == 0)
			umpire_lock_mark(h, false);
	}
	git_index_free(index);
	git_tree_free(tree);
	git_commit_free(commit);
	return rc;
}
