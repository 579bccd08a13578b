/*
 * worktree.c - HEAD's game files into the work tree and the index: after
 * each step, and to repair a work tree an umpire killed mid-step (or a
 * full disk, or a held index.lock) left behind HEAD.
 *
 * A player can commit anything, a symbolic link "reports -> /etc" too,
 * and the forge's checkout makes it.  So the work tree is opened once,
 * as directory descriptors whose kind is checked (umpire_worktree_open),
 * and every file is written relative to them, with O_NOFOLLOW: nothing
 * umpire writes can land outside the game.
 *
 * The index is written last, and its entry for game.yaml says whether
 * the last step's files are all in place: if it agrees with HEAD,
 * nothing lags.  umpire takes index.lock itself, with a content that
 * proves it is umpire's (lock.c), writes a private copy of the index
 * with libgit2, and renames it into place.
 *
 * A bare repository has no work tree: nothing here does anything there.
 */
#include "history/repo.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "util/fileio.h"

static const char *const files[] = { UMPIRE_STATE_PATH, UMPIRE_SCENARIO_PATH };
static const char *const dirs[] = { UMPIRE_ORDERS_DIR, UMPIRE_REPORTS_DIR };

/*
 * What umpire fsyncs (umpire(1), FILES): the step, which is the game.
 * Its pack and the branch's new value are synced before the branch
 * moves, and the branch's directory before umpire exits 0 (pack.c,
 * commit.c), so a power cut cannot damage a step umpire said it made.  The work tree and the index are copies of HEAD that
 * umpire never reads: they are not synced.  A power cut can leave the
 * last step's files there behind HEAD, or empty (git checkout mends
 * them; the next step rewrites game.yaml).  Syncing them costs a turn
 * seven more fsyncs, some 2 ms on an ext4 disk (issue 8); set
 * SYNC_WORKTREE to pay it.
 */
#define SYNC_WORKTREE 0

static int
refuse(struct umpire_history *h, const char *path, const char *kind,
	const char *want, struct umpire_diags *d)
{
	umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s is %s, not %s: umpire "
		"writes this game's files only into what it made itself; remove "
		"it (the next turn restores it from HEAD)", path, kind, want);
	return EX_DATAERR;
}

int
umpire_worktree_open(struct umpire_history *h, struct umpire_diags *d)
{
	struct stat st;

	if (h->worktree_open || git_repository_is_bare(h->repo))
		return 0;
	const char *top = git_repository_workdir(h->repo);
	/* The top is the host's to name, as the game directory: a link is fine. */
	h->top_fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (h->top_fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot open the work "
			"tree %s: %s", top, strerror(errno));
		return EX_NOINPUT;
	}
	for (size_t i = 0; i < 2; i++) {
		if (fstatat(h->top_fd, files[i], &st, AT_SYMLINK_NOFOLLOW) != 0) {
			if (errno == ENOENT)
				continue;
			return umpire_repo_fail(d, h->dir, EX_IOERR, files[i]);
		}
		if (!S_ISREG(st.st_mode))
			return refuse(h, files[i], umpire_file_kind(st.st_mode),
				"a regular file", d);
	}
	for (size_t i = 0; i < 2; i++) {
		if (fstatat(h->top_fd, dirs[i], &st, AT_SYMLINK_NOFOLLOW) != 0) {
			if (errno == ENOENT)
				continue;	/* made when a file goes in */
			return umpire_repo_fail(d, h->dir, EX_IOERR, dirs[i]);
		}
		if (!S_ISDIR(st.st_mode))
			return refuse(h, dirs[i], umpire_file_kind(st.st_mode),
				"a directory", d);
		h->dir_fds[i] = openat(h->top_fd, dirs[i], O_RDONLY | O_DIRECTORY |
			O_NOFOLLOW | O_CLOEXEC);
		if (h->dir_fds[i] < 0) {
			umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot open %s: %s",
				dirs[i], strerror(errno));
			return EX_IOERR;
		}
	}
	h->worktree_open = true;
	/* A killed umpire's temporary files; this one holds the lock. */
	if (h->lock_fd >= 0) {
		umpire_file_clean_tmp(h->top_fd);
		for (size_t i = 0; i < 2; i++)
			if (h->dir_fds[i] >= 0)
				umpire_file_clean_tmp(h->dir_fds[i]);
	}
	return 0;
}

/* Which of orders/ and reports/ path is in (0 or 1), or -1. */
static int
dir_index(const char *path, const char *slash)
{
	for (int i = 0; i < 2; i++)
		if ((size_t)(slash - path) == strlen(dirs[i]) &&
		    strncmp(path, dirs[i], strlen(dirs[i])) == 0)
			return i;
	return -1;
}

bool
umpire_worktree_is_dir(struct umpire_history *h, const char *path)
{
	const char *slash = strchr(path, '/'), *name = slash ? slash + 1 : path;
	int i = slash ? dir_index(path, slash) : -1;
	int fd = i >= 0 ? h->dir_fds[i] : slash ? -1 : h->top_fd;
	const char *sub = slash ? strchr(name, '/') : NULL;
	struct stat st;
	bool dir;

	if (fd < 0)
		return false;
	if (!sub)
		return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			S_ISDIR(st.st_mode);
	/* A group's file (paths.h): inside the group, never through a link. */
	char group[32];
	if ((size_t)(sub - name) >= sizeof(group))
		return false;
	memcpy(group, name, (size_t)(sub - name));
	group[sub - name] = '\0';
	int gfd = openat(fd, group, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		O_CLOEXEC);
	if (gfd < 0)
		return false;
	dir = fstatat(gfd, sub + 1, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		S_ISDIR(st.st_mode);
	close(gfd);
	return dir;
}

/*
 * The directory of path ("reports/0005.md", or in a group of a grouped
 * game "reports/00/0005.md"), made if missing, and its name in it.  A
 * group is opened in its checked parent with O_NOFOLLOW, so a link
 * there is refused, not followed; the last one opened stays open.
 */
static int
dir_of(struct umpire_history *h, const char *path, const char **name,
	struct umpire_diags *d)
{
	const char *slash = strchr(path, '/'), *sub = NULL;
	int i = slash ? dir_index(path, slash) : -1;

	if (!slash) {
		*name = path;
		return h->top_fd;
	}
	errno = ENOENT;
	if (i < 0)
		goto fail;
	*name = slash + 1;
	if (h->dir_fds[i] < 0) {
		if (mkdirat(h->top_fd, dirs[i], 0777) != 0 && errno != EEXIST)
			goto fail;
		h->dir_fds[i] = openat(h->top_fd, dirs[i], O_RDONLY | O_DIRECTORY |
			O_NOFOLLOW | O_CLOEXEC);
		if (h->dir_fds[i] < 0)
			goto fail;
	}
	if (!(sub = strchr(slash + 1, '/')))
		return h->dir_fds[i];
	size_t len = (size_t)(sub - (slash + 1));
	if (strchr(sub + 1, '/') || len >= sizeof(h->groups[i]))
		goto fail;
	*name = sub + 1;
	if (h->group_fds[i] >= 0 && strlen(h->groups[i]) == len &&
	    strncmp(h->groups[i], slash + 1, len) == 0)
		return h->group_fds[i];
	if (h->group_fds[i] >= 0)
		close(h->group_fds[i]);
	memcpy(h->groups[i], slash + 1, len);
	h->groups[i][len] = '\0';
	if (mkdirat(h->dir_fds[i], h->groups[i], 0777) != 0 && errno != EEXIST)
		goto fail;
	h->group_fds[i] = openat(h->dir_fds[i], h->groups[i], O_RDONLY |
		O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (h->group_fds[i] >= 0) {
		/* A killed umpire's temporary files; this one holds the lock. */
		if (h->lock_fd >= 0)
			umpire_file_clean_tmp(h->group_fds[i]);
		return h->group_fds[i];
	}
fail:
	umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot make its directory: %s",
		i < 0 || (sub && strchr(sub + 1, '/')) ? "not one of umpire's" :
		errno == ELOOP || errno == ENOTDIR ? "a file or a symbolic link is "
		"in its place" : strerror(errno));
	return -1;
}

/*
 * Where sync's files go: a file the index (look) holds already is left
 * alone (look NULL: none is), and each file written goes into the index
 * with its blob id and stat data, so it is not hashed again and git
 * status sees it clean: by libgit2 (index), or into staged, for
 * umpire_index_patch; or neither, if the index cannot be had.
 */
struct sync_to {
	git_index *look, *index;
	struct umpire_index_set *staged;
	size_t nstaged, cap;
};

/* path's entry, with its blob id and status, into index (libgit2's). */
static int
add_entry(struct umpire_history *h, git_index *index, const char *path,
	const git_oid *id, const struct stat *st, struct umpire_diags *d)
{
	git_index_entry e;

	memset(&e, 0, sizeof(e));
	e.ctime.seconds = (int32_t)st->st_ctim.tv_sec;
	e.ctime.nanoseconds = (uint32_t)st->st_ctim.tv_nsec;
	e.mtime.seconds = (int32_t)st->st_mtim.tv_sec;
	e.mtime.nanoseconds = (uint32_t)st->st_mtim.tv_nsec;
	e.dev = (uint32_t)st->st_dev;
	e.ino = (uint32_t)st->st_ino;
	e.mode = GIT_FILEMODE_BLOB;
	e.uid = st->st_uid;
	e.gid = st->st_gid;
	e.file_size = (uint32_t)st->st_size;
	git_oid_cpy(&e.id, id);
	e.path = path;
	if (git_index_add(index, &e) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot update the index");
	return 0;
}

/* One file into the work tree, and into the index as to says. */
static int
write_and_stage(struct umpire_history *h, struct sync_to *to,
	const char *path, const void *data, size_t len, const git_oid *id,
	struct umpire_diags *d)
{
	const char *name;
	struct stat st;
	int rc, dirfd = dir_of(h, path, &name, d);
	git_index *index = to->index;

	if (dirfd < 0)
		return EX_CANTCREAT;
	if ((rc = umpire_file_write_at(dirfd, name, path, data, len,
	    SYNC_WORKTREE ? UMPIRE_WRITE_SYNC : 0, 0666, NULL, d)))
		return rc;
	if (!index && !to->staged)
		return 0;
	/* After the rename, which changes the ctime git compares. */
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot stat: %s",
			strerror(errno));
		return EX_IOERR;
	}
	if (to->staged) {
		if (to->nstaged == to->cap) {
			size_t cap = to->cap * 2;
			struct umpire_index_set *more = realloc(to->staged,
				cap * sizeof(*more));
			if (!more)
				return umpire_repo_fail(d, h->dir, EX_OSERR, "out of memory");
			to->staged = more;
			to->cap = cap;
		}
		struct umpire_index_set *set = &to->staged[to->nstaged++];
		snprintf(set->path, sizeof(set->path), "%s", path);
		git_oid_cpy(&set->id, id);
		set->st = st;
		return 0;
	}
	return add_entry(h, index, path, id, &st, d);
}

/* ---------------------------------------------------------------- index */

struct index_job {
	git_index *index;	/* the private copy, or NULL if not held */
	char lock[4096], copy[4096], real[4096];
	bool locked;
};

/* Take index.lock: EX_TEMPFAIL if someone holds it. */
static int
index_lock(struct umpire_history *h, struct index_job *j,
	struct umpire_diags *d)
{
	const char *gitdir = git_repository_path(h->repo);
	char proof[128];
	int rc;

	memset(j, 0, sizeof(*j));
	umpire_pathf(j->lock, sizeof(j->lock), "%sindex.lock", gitdir);
	umpire_pathf(j->real, sizeof(j->real), "%sindex", gitdir);
	umpire_pathf(j->copy, sizeof(j->copy), "%s" UMPIRE_TMP_PREFIX "%s-index",
		gitdir, h->token);
	umpire_lock_proof(h, proof, sizeof(proof));
	if ((rc = umpire_lock_file(h, j->lock, proof, false, d)))
		return rc;
	j->locked = true;
	return 0;
}

/*
 * Under index.lock, open a private copy of the index (a hard link to
 * it, which libgit2 replaces, not rewrites, when it writes the copy).
 */
static int
index_open_copy(struct umpire_history *h, struct index_job *j,
	struct umpire_diags *d)
{
	if (link(j->real, j->copy) != 0 && errno != ENOENT) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot copy the index: "
			"%s", strerror(errno));
		return EX_IOERR;
	}
	if (git_index_open(&j->index, j->copy) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the index");
	return 0;
}

/* Write the copy into place if asked (and all went well); let go. */
static int
index_end(struct umpire_history *h, struct index_job *j, bool write,
	struct umpire_diags *d)
{
	int rc = 0;

	if (write && j->index) {
		if (git_index_write(j->index) != 0)
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot write the "
				"index");
		else if (rename(j->copy, j->real) != 0)
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot write the "
				"index");
		else
			umpire_repo_share(h, -1, j->real, false);
	}
	git_index_free(j->index);
	j->index = NULL;
	unlink(j->copy);
	if (j->locked)
		unlink(j->lock);
	j->locked = false;
	return rc;
}

/* ----------------------------------------------------------------- sync */

/* HEAD's file at path (blob id) into the work tree and index, if it lags. */
static int
sync_entry(struct umpire_history *h, struct sync_to *to, const char *path,
	const git_oid *id, struct umpire_diags *d)
{
	const git_index_entry *ie = to->look ? git_index_get_bypath(to->look,
		path, 0) : NULL;
	git_blob *blob;
	int rc;

	if (ie && git_oid_equal(&ie->id, id))
		return 0;
	if ((rc = umpire_odb_check(h, id, path, UMPIRE_OBJECT_MAX, d)))
		return rc;
	if (git_blob_lookup(&blob, h->repo, id) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	rc = write_and_stage(h, to, path, git_blob_rawcontent(blob),
		(size_t)git_blob_rawsize(blob), id, d);
	git_blob_free(blob);
	return rc;
}

/*
 * The files of HEAD's folder path (tree id) into the work tree and the
 * index, and, depth folders down, those of its groups (paths.h).  What
 * base (the folder as the work tree is known to hold it, or NULL) holds
 * already is passed over, a whole group at once: after a step, only
 * the step's own files and their groups are read.
 */
static int
sync_dir(struct umpire_history *h, const git_oid *id, const git_tree *base,
	const char *path, int depth, struct sync_to *to, struct umpire_diags *d)
{
	git_tree *sub;
	int rc;

	if ((rc = umpire_odb_check(h, id, path, UMPIRE_OBJECT_MAX, d)))
		return rc;
	if (git_tree_lookup(&sub, h->repo, id) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	for (size_t k = 0; k < git_tree_entrycount(sub) && rc == 0; k++) {
		const git_tree_entry *f = git_tree_entry_byindex(sub, k);
		const git_tree_entry *was = base ? git_tree_entry_byname(base,
			git_tree_entry_name(f)) : NULL;
		git_filemode_t mode = git_tree_entry_filemode(f);
		char at[512];
		if (was && git_oid_equal(git_tree_entry_id(was), git_tree_entry_id(f))
		    && git_tree_entry_filemode(was) == mode)
			continue;	/* as the work tree holds it */
		umpire_pathf(at, sizeof(at), "%s/%s", path, git_tree_entry_name(f));
		if (mode == GIT_FILEMODE_TREE && depth > 0) {
			git_tree *old = NULL;
			if (was && git_tree_entry_type(was) == GIT_OBJECT_TREE &&
			    git_tree_lookup(&old, h->repo, git_tree_entry_id(was)) != 0) {
				rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
				break;
			}
			rc = sync_dir(h, git_tree_entry_id(f), old, at, depth - 1, to,
				d);
			git_tree_free(old);
		} else if (mode == GIT_FILEMODE_BLOB ||
		    mode == GIT_FILEMODE_BLOB_EXECUTABLE) {
			rc = sync_entry(h, to, at, git_tree_entry_id(f), d);
		}	/* else not umpire's: left alone */
	}
	git_tree_free(sub);
	return rc;
}

/* HEAD's game files, as sync_dir does, the top's files among them. */
static int
sync_tree(struct umpire_history *h, git_tree *tree, const git_tree *base,
	struct sync_to *to, struct umpire_diags *d)
{
	int rc = 0;

	for (size_t i = 0; i < 2 && rc == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byname(tree, files[i]);
		if (e && git_tree_entry_type(e) == GIT_OBJECT_BLOB)
			rc = sync_entry(h, to, files[i], git_tree_entry_id(e), d);
	}
	for (size_t i = 0; i < 2 && rc == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byname(tree, dirs[i]);
		const git_tree_entry *was = base ? git_tree_entry_byname(base,
			dirs[i]) : NULL;
		git_tree *old = NULL;
		if (!e || git_tree_entry_type(e) != GIT_OBJECT_TREE)
			continue;
		if (was && git_oid_equal(git_tree_entry_id(was), git_tree_entry_id(e)))
			continue;
		if (was && git_tree_entry_type(was) == GIT_OBJECT_TREE &&
		    git_tree_lookup(&old, h->repo, git_tree_entry_id(was)) != 0) {
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
			break;
		}
		rc = sync_dir(h, git_tree_entry_id(e), old, dirs[i], 1, to, d);
		git_tree_free(old);
	}
	if (rc == 0 && SYNC_WORKTREE) {
		/* The renames last before the index says they are done. */
		umpire_file_sync_dir(h->top_fd);
		for (size_t i = 0; i < 2; i++) {
			if (h->dir_fds[i] >= 0)
				umpire_file_sync_dir(h->dir_fds[i]);
			if (h->group_fds[i] >= 0)
				umpire_file_sync_dir(h->group_fds[i]);
		}
	}
	return rc;
}

int
umpire_worktree_sync(struct umpire_history *h, const git_tree *before,
	struct umpire_diags *d)
{
	git_commit *commit;
	git_tree *tree;
	git_index *current = NULL;
	git_oid indexed;
	struct index_job j;
	int rc;

	if (git_repository_is_bare(h->repo))
		return 0;
	if ((rc = umpire_worktree_open(h, d)))
		return rc;
	if (umpire_repo_head_tree(h, &commit, &tree) != 0)
		return 0;
	/* Anything to do?  The index is written last: game.yaml tells. */
	int known = umpire_index_state_id(h, &indexed);
	bool quick = known >= 0;
	if (known < 0) {
		if (git_repository_index(&current, h->repo) != 0 ||
		    git_index_read(current, false) != 0) {
			git_index_free(current);
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the "
				"index");
			goto done;
		}
		const git_index_entry *ie = git_index_get_bypath(current,
			UMPIRE_STATE_PATH, 0);
		if ((known = ie != NULL))
			git_oid_cpy(&indexed, &ie->id);
	}
	const git_tree_entry *state = git_tree_entry_byname(tree,
		UMPIRE_STATE_PATH);
	if (!state || (known && git_oid_equal(&indexed,
	    git_tree_entry_id(state)))) {
		git_index_free(current);
		goto done;
	}
	/*
	 * If the index agrees with before about game.yaml, the work tree
	 * holds before's files (the index is written last): only what HEAD
	 * changed from it lags.
	 */
	const git_tree_entry *was = before ? git_tree_entry_byname(before,
		UMPIRE_STATE_PATH) : NULL;
	const git_tree *base = was && known && git_oid_equal(&indexed,
		git_tree_entry_id(was)) ? before : NULL;
	/*
	 * Work to do, which a kill can cut short too: marked, so that the
	 * next umpire knows index.lock is this one's.  If someone else holds
	 * index.lock, the work tree is still brought up, and the index stays
	 * behind for a later call.
	 */
	bool marked = h->lock_fd >= 0 && !*h->mark_new;
	if (marked && umpire_lock_mark(h, true) != 0) {
		git_index_free(current);
		rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot mark the lock");
		goto done;
	}
	int held = index_lock(h, &j, d);
	if (held == 0 && quick && base) {
		/*
		 * After a step: its few files, and the index patched with
		 * their entries (index.c), unless it is one for libgit2.
		 */
		struct sync_to to = { .cap = 8 };
		to.staged = malloc(to.cap * sizeof(*to.staged));
		if (!to.staged)
			rc = umpire_repo_fail(d, h->dir, EX_OSERR, "out of memory");
		else
			rc = sync_tree(h, tree, base, &to, d);
		int patched = rc ? 0 : umpire_index_patch(h, to.staged, to.nstaged);
		if (patched < 0)
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot write the "
				"index");
		bool slow = patched == 1 && (rc = index_open_copy(h, &j, d)) == 0;
		for (size_t i = 0; slow && rc == 0 && i < to.nstaged; i++)
			rc = add_entry(h, j.index, to.staged[i].path, &to.staged[i].id,
				&to.staged[i].st, d);
		int end = index_end(h, &j, slow && rc == 0, d);
		rc = rc ? rc : end;
		free(to.staged);
	} else if (held == 0) {
		struct sync_to to = { 0 };
		if ((rc = index_open_copy(h, &j, d)) == 0) {
			to.look = to.index = j.index;
			rc = sync_tree(h, tree, base, &to, d);
		}
		int end = index_end(h, &j, rc == 0, d);
		rc = rc ? rc : end;
	} else {
		struct sync_to to = { 0 };
		index_end(h, &j, false, d);
		if (!current && (git_repository_index(&current, h->repo) != 0 ||
		    git_index_read(current, false) != 0))
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the "
				"index");
		else {
			to.look = current;
			rc = sync_tree(h, tree, base, &to, d);
		}
		if (rc == 0) {
			rc = held;
			if (held == EX_TEMPFAIL)
				umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot update "
					"the index: %sindex.lock exists (a git command holds "
					"the index, or one crashed and left it; remove it if "
					"none is running)", git_repository_path(h->repo));
		}
	}
	git_index_free(current);
	if (marked)
		umpire_lock_mark(h, false);
done:
	git_tree_free(tree);
	git_commit_free(commit);
	return rc;
}

int
umpire_history_repair(struct umpire_history *h, struct umpire_diags *d)
{
	struct umpire_diags why = UMPIRE_DIAGS_INIT;
	int rc;

	if ((rc = umpire_worktree_open(h, d)))
		return rc;
	/*
	 * HEAD is the game; a work tree that cannot be mended now is no
	 * reason to refuse a turn, and each call tries again.
	 */
	if (umpire_worktree_sync(h, NULL, &why) != 0) {
		umpire_diags_warn(d, &why);
		umpire_diag(d, UMPIRE_WARNING, h->dir, 0, 0, "the work tree or the "
			"index lags HEAD; the game itself is HEAD, and the next umpire "
			"call tries again");
	}
	umpire_diags_free(&why);
	return 0;
}
