#include "history.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2.h>
#include <git2/sys/repository.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "fileio.h"

struct rev {
	git_oid id;
	char hex[GIT_OID_HEXSZ + 1];
	char *summary;
	char *author_name, *author_email;
};

struct umpire_history {
	git_repository *repo;
	char *dir;
	int lock_fd;
	/*
	 * HEAD as first read, once: the state is read from this commit and
	 * the next step is committed on it, with the branch moved only if
	 * it still points there (compare and swap).
	 */
	bool head_loaded, unborn;
	char *branch;		/* what HEAD names, NULL if detached */
	git_oid head;
	struct rev *revs;
	size_t nrevs;
	/* For verify: the last versions of orders/ and reports/ read, raw. */
	git_odb *odb;
	struct dir_version {
		git_oid id;
		git_odb_object *obj;
	} dirs[4];
	unsigned next_dir;
	/* The files revision changed_rev added or changed in them, by id. */
	size_t changed_rev, nchanged;
	struct changed_file {
		char path[256];
		git_oid id;
	} changed[8];
};

static int
git_fail(struct umpire_diags *d, const char *dir, int code, const char *what)
{
	const git_error *e = git_error_last();	/* may be NULL in libgit2 1.5 */

	umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "%s: %s", what,
		e && e->message ? e->message : "libgit2 gave no reason");
	return code;
}

/*
 * A game's objects are loose: umpire writes them so, one step at a time.
 * libgit2 rescans objects/pack/ before writing each new object, in case
 * a pack appeared, which costs a turn eight directory scans.  While the
 * repository has no packs and no alternates, give it an object database
 * of loose objects only, which has nothing to rescan; a repository that
 * someone has packed (git gc) keeps libgit2's default.
 */
static void
use_loose_odb(git_repository *repo)
{
	const char *gitdir = git_repository_path(repo);
	char path[4096];
	struct stat st;
	git_odb *odb;
	git_odb_backend *loose;

	snprintf(path, sizeof(path), "%sobjects/info/alternates", gitdir);
	if (stat(path, &st) == 0)
		return;
	snprintf(path, sizeof(path), "%sobjects/pack", gitdir);
	DIR *dp = opendir(path);
	if (dp) {
		struct dirent *e;
		bool packs = false;
		while (!packs && (e = readdir(dp)))
			packs = e->d_name[0] != '.';
		closedir(dp);
		if (packs)
			return;
	}
	snprintf(path, sizeof(path), "%sobjects", gitdir);
	if (git_odb_new(&odb) != 0)
		return;
	if (git_odb_backend_loose(&loose, path, -1, 0, 0, 0) != 0 ||
	    git_odb_add_backend(odb, loose, 1) != 0) {
		git_odb_free(odb);
		return;
	}
	git_repository_set_odb(repo, odb);
	git_odb_free(odb);	/* the repository holds its own reference */
}

/*
 * One call of umpire reads the configuration once: libgit2 otherwise
 * checks every configuration file for changes at each lookup, some
 * fifty stat(2) calls a turn.  A snapshot is the same values, frozen.
 */
static void
use_config_snapshot(git_repository *repo)
{
	git_config *snap;

	if (git_repository_config_snapshot(&snap, repo) != 0)
		return;
	git_repository_set_config(repo, snap);
	git_config_free(snap);	/* the repository holds its own reference */
}

static struct umpire_history *
history_new(git_repository *repo, const char *dir)
{
	struct umpire_history *h = umpire_xmalloc(sizeof(*h));

	use_config_snapshot(repo);
	use_loose_odb(repo);
	memset(h, 0, sizeof(*h));
	h->repo = repo;
	h->dir = strdup(dir);
	if (!h->dir)
		umpire_die_oom();
	h->lock_fd = -1;
	return h;
}

int
umpire_history_open(struct umpire_history **out, const char *dir,
	struct umpire_diags *d)
{
	git_repository *repo;
	struct stat st;

	*out = NULL;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "no such game directory "
			"(make one with umpire new)");
		return EX_NOINPUT;
	}
	if (git_repository_open_ext(&repo, dir, GIT_REPOSITORY_OPEN_NO_SEARCH,
	    NULL) != 0) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "not a game: no git "
			"repository here (make one with umpire new)");
		return EX_NOINPUT;
	}
	*out = history_new(repo, dir);
	return 0;
}

/* Whether dir has nothing in it; a missing dir counts as empty. */
static bool
dir_empty(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	bool empty = true;

	if (!dp)
		return errno == ENOENT;
	while (empty && (e = readdir(dp)))
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	closedir(dp);
	return empty;
}

int
umpire_history_probe(const char *dir, struct umpire_diags *d)
{
	git_repository *repo;
	struct stat st;

	if (git_repository_open_ext(&repo, dir, GIT_REPOSITORY_OPEN_NO_SEARCH,
	    NULL) == 0) {
		git_object *obj = NULL;
		int taken = git_revparse_single(&obj, repo,
			"HEAD:" UMPIRE_STATE_PATH) == 0;
		git_object_free(obj);
		git_repository_free(repo);
		if (taken) {
			umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "already holds a game; "
				"choose another directory");
			return EX_CANTCREAT;
		}
		return 0;
	}
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "exists and is not a "
			"directory");
		return EX_CANTCREAT;
	}
	if (!dir_empty(dir)) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "has files in it but no git "
			"repository; give a new or empty directory, or a git repository "
			"with no game in it");
		return EX_CANTCREAT;
	}
	return 0;
}

int
umpire_history_init(struct umpire_history **out, const char *dir,
	struct umpire_diags *d)
{
	git_repository *repo = NULL;
	git_repository_init_options opts = GIT_REPOSITORY_INIT_OPTIONS_INIT;
	int rc;

	*out = NULL;
	if ((rc = umpire_history_probe(dir, d)))
		return rc;
	if (git_repository_open_ext(&repo, dir, GIT_REPOSITORY_OPEN_NO_SEARCH,
	    NULL) == 0) {
		*out = history_new(repo, dir);
		return 0;
	}
	opts.flags = GIT_REPOSITORY_INIT_MKPATH | GIT_REPOSITORY_INIT_MKDIR;
	opts.initial_head = "main";
	if (git_repository_init_ext(&repo, dir, &opts) != 0)
		return git_fail(d, dir, EX_CANTCREAT, "cannot create a repository");
	*out = history_new(repo, dir);
	return 0;
}

void
umpire_history_close(struct umpire_history *h)
{
	if (!h)
		return;
	if (h->lock_fd >= 0)
		close(h->lock_fd);	/* releases the flock */
	for (size_t i = 0; i < h->nrevs; i++) {
		free(h->revs[i].summary);
		free(h->revs[i].author_name);
		free(h->revs[i].author_email);
	}
	free(h->revs);
	for (size_t i = 0; i < sizeof(h->dirs) / sizeof(*h->dirs); i++)
		git_odb_object_free(h->dirs[i].obj);
	git_odb_free(h->odb);
	git_repository_free(h->repo);
	free(h->branch);
	free(h->dir);
	free(h);
}

const char *
umpire_history_dir(const struct umpire_history *h)
{
	return h->dir;
}

/*
 * While an umpire commits, its lock file says so.  The next umpire to
 * take the lock and find the mark knows the last one died mid-commit
 * (the kernel released its flock), and that the lock and temporary files
 * libgit2 left behind are that dead umpire's: nothing else adjudicates
 * this game.  It removes them, so the game is not stuck behind a stale
 * refs/heads/main.lock.
 */
#define COMMITTING "committing"

static void
unlink_in(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s%s", dir, name);
	unlink(path);
}

static void
clean_after_crash(struct umpire_history *h)
{
	const char *gitdir = git_repository_path(h->repo);
	git_reference *head;
	char path[4096];

	if (git_reference_lookup(&head, h->repo, "HEAD") == 0) {
		if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC) {
			snprintf(path, sizeof(path), "%s.lock",
				git_reference_symbolic_target(head));
			unlink_in(gitdir, path);
			snprintf(path, sizeof(path), "logs/%s.lock",
				git_reference_symbolic_target(head));
			unlink_in(gitdir, path);
		}
		git_reference_free(head);
	}
	unlink_in(gitdir, "index.lock");
	unlink_in(gitdir, "packed-refs.lock");
	/* Half-written loose objects: objects/xx/tmp_obj_* */
	for (int i = 0; i < 256; i++) {
		snprintf(path, sizeof(path), "%sobjects/%02x", gitdir, i);
		DIR *dp = opendir(path);
		struct dirent *e;
		if (!dp)
			continue;
		while ((e = readdir(dp)))
			if (strncmp(e->d_name, "tmp_", 4) == 0) {
				char f[4352];
				snprintf(f, sizeof(f), "%s/%s", path, e->d_name);
				unlink(f);
			}
		closedir(dp);
	}
}

int
umpire_history_lock(struct umpire_history *h, struct umpire_diags *d)
{
	/*
	 * flock(2) on a file in the git directory: the kernel drops the lock
	 * when the process dies, so a killed umpire never leaves a stale one.
	 */
	const char *gitdir = git_repository_path(h->repo);
	size_t len = strlen(gitdir);
	char *path = umpire_xmalloc(len + 16);

	snprintf(path, len + 16, "%sumpire.lock", gitdir);
	h->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	if (h->lock_fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot create the lock: "
			"%s", strerror(errno));
		return EX_CANTCREAT;
	}
	if (flock(h->lock_fd, LOCK_EX | LOCK_NB) != 0) {
		int err = errno;
		close(h->lock_fd);
		h->lock_fd = -1;
		if (err == EWOULDBLOCK) {
			umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "another umpire is "
				"adjudicating this game; try again shortly");
			return EX_TEMPFAIL;
		}
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot lock: %s",
			strerror(err));
		return EX_IOERR;
	}
	char mark[16] = "";
	if (pread(h->lock_fd, mark, sizeof(mark) - 1, 0) > 0 &&
	    strncmp(mark, COMMITTING, strlen(COMMITTING)) == 0) {
		clean_after_crash(h);
		if (ftruncate(h->lock_fd, 0) != 0)
			return git_fail(d, h->dir, EX_IOERR, "cannot reset the lock");
	}
	return 0;
}

/* Say in the lock file that a commit or repair is under way, or not. */
static void
mark_committing(struct umpire_history *h, bool on)
{
	if (h->lock_fd < 0)
		return;
	if (on) {
		if (pwrite(h->lock_fd, COMMITTING "\n", strlen(COMMITTING) + 1, 0) < 0)
			return;
	} else if (ftruncate(h->lock_fd, 0) != 0) {
		return;
	}
}

/* Read HEAD once: its branch and the commit it points at, if any. */
static void
load_head(struct umpire_history *h)
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

static int
head_tree(struct umpire_history *h, git_commit **commit, git_tree **tree)
{
	*commit = NULL;
	*tree = NULL;
	load_head(h);
	if (h->unborn || git_commit_lookup(commit, h->repo, &h->head) != 0)
		return -1;
	if (git_commit_tree(tree, *commit) != 0) {
		git_commit_free(*commit);
		*commit = NULL;
		return -1;
	}
	return 0;
}

/* 0 and the text, 1 if absent, -1 on a libgit2 error. */
static int
tree_read(git_repository *repo, git_tree *tree, const char *path,
	struct umpire_buf *out, git_oid *id)
{
	git_tree_entry *e;
	git_blob *blob;

	if (git_tree_entry_bypath(&e, tree, path) != 0)
		return 1;
	if (git_tree_entry_type(e) != GIT_OBJECT_BLOB) {
		git_tree_entry_free(e);
		return 1;
	}
	if (id)
		git_oid_cpy(id, git_tree_entry_id(e));
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

int
umpire_history_read(struct umpire_history *h, const char *path,
	struct umpire_buf *out, struct umpire_diags *d)
{
	git_commit *commit;
	git_tree *tree;

	if (head_tree(h, &commit, &tree) != 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: the "
			"repository has no commit (make a game with umpire new)");
		return EX_NOINPUT;
	}
	int rc = tree_read(h->repo, tree, path, out, NULL);
	git_tree_free(tree);
	git_commit_free(commit);
	if (rc < 0)
		return git_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	if (rc > 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: HEAD has no "
			"%s (make a game with umpire new)", path);
		return EX_NOINPUT;
	}
	return 0;
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

static int write_and_stage(struct umpire_history *h, git_index *index,
	const struct umpire_file *f, const git_oid *id, struct umpire_diags *d);

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
		return git_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
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

	if (git_repository_is_bare(h->repo) || head_tree(h, &commit, &tree) != 0)
		return 0;
	if (git_repository_index(&index, h->repo) != 0) {
		git_tree_free(tree);
		git_commit_free(commit);
		return git_fail(d, h->dir, EX_IOERR, "cannot read the index");
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
		mark_committing(h, true);	/* repairs can be killed too */
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
				rc = git_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
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
			rc = git_fail(d, h->dir, EX_TEMPFAIL, "cannot write the index");
		if (rc == 0)
			mark_committing(h, false);
	}
	git_index_free(index);
	git_tree_free(tree);
	git_commit_free(commit);
	return rc;
}

/*
 * The tree base with files set, files at most one directory deep.  Each
 * changed directory and the root are written once, so no tree is left
 * dangling (git fsck stays quiet).
 */
static int
build_tree(git_repository *repo, const git_tree *base,
	const struct umpire_file *files, const git_oid *ids, size_t n,
	git_oid *out)
{
	git_treebuilder *root;
	bool done[8] = { false };
	int rc = 0;

	if (n > sizeof(done) || git_treebuilder_new(&root, repo, base) != 0)
		return -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *slash = strchr(files[i].path, '/');
		if (done[i])
			continue;
		if (!slash) {
			rc = git_treebuilder_insert(NULL, root, files[i].path, &ids[i],
				GIT_FILEMODE_BLOB);
			continue;
		}
		char dir[256];
		size_t len = (size_t)(slash - files[i].path);
		if (len >= sizeof(dir) || strchr(slash + 1, '/'))
			return git_treebuilder_free(root), -1;
		memcpy(dir, files[i].path, len);
		dir[len] = '\0';
		git_tree *old = NULL;
		git_treebuilder *sub;
		git_oid subid;
		const git_tree_entry *e = base ? git_tree_entry_byname(base, dir) : NULL;
		if (e && git_tree_entry_type(e) == GIT_OBJECT_TREE &&
		    git_tree_lookup(&old, repo, git_tree_entry_id(e)) != 0)
			return git_treebuilder_free(root), -1;
		rc = git_treebuilder_new(&sub, repo, old);
		git_tree_free(old);
		if (rc != 0)
			break;
		/* Every file of this directory goes in with the first. */
		for (size_t j = i; j < n && rc == 0; j++)
			if (!done[j] && strncmp(files[j].path, dir, len) == 0 &&
			    files[j].path[len] == '/') {
				rc = git_treebuilder_insert(NULL, sub, files[j].path + len + 1,
					&ids[j], GIT_FILEMODE_BLOB);
				done[j] = true;
			}
		if (rc == 0)
			rc = git_treebuilder_write(&subid, sub);
		git_treebuilder_free(sub);
		if (rc == 0)
			rc = git_treebuilder_insert(NULL, root, dir, &subid,
				GIT_FILEMODE_TREE);
	}
	if (rc == 0)
		rc = git_treebuilder_write(out, root);
	git_treebuilder_free(root);
	return rc;
}

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
		return git_fail(d, h->dir, EX_IOERR, "cannot update the index");
	return 0;
}

/* Write the files into the work tree and record them in the index. */
static int
update_worktree(struct umpire_history *h, const struct umpire_file *files,
	const git_oid *ids, size_t n, struct umpire_diags *d)
{
	git_index *index;
	int rc = 0;

	if (git_repository_index(&index, h->repo) != 0)
		return git_fail(d, h->dir, EX_IOERR, "cannot read the index");
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = write_and_stage(h, index, &files[i], &ids[i], d);
	if (rc == 0 && git_index_write(index) != 0)
		rc = git_fail(d, h->dir, EX_TEMPFAIL, "cannot write the index");
	git_index_free(index);
	return rc;
}

int
umpire_history_commit(struct umpire_history *h, const struct umpire_file *files,
	size_t n, const struct umpire_person *author, const char *message,
	struct umpire_diags *d)
{
	git_commit *parent = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_reference *moved = NULL;
	git_signature *who = NULL, *by = NULL;
	git_oid ids[8], treeid, commitid;
	int rc = EX_IOERR;

	if (n > sizeof(ids) / sizeof(ids[0]))
		return EX_SOFTWARE;
	load_head(h);
	if (!h->branch) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "HEAD is detached; check "
			"out the game's branch first");
		return EX_DATAERR;
	}
	const char *branch = h->branch;
	bool unborn = h->unborn;
	if (!unborn && head_tree(h, &parent, &base) != 0)
		return git_fail(d, h->dir, EX_IOERR, "cannot read HEAD");

	mark_committing(h, true);
	/* Objects first: nothing points at them until the branch moves. */
	for (size_t i = 0; i < n; i++)
		if (git_blob_create_from_buffer(&ids[i], h->repo, files[i].data,
		    files[i].len) != 0)
			goto git_error;
	if (build_tree(h->repo, base, files, ids, n, &treeid) != 0 ||
	    git_tree_lookup(&tree, h->repo, &treeid) != 0)
		goto git_error;
	if (git_signature_now(&who, author->name, author->email) != 0 ||
	    git_signature_now(&by, "umpire", "umpire@umpire.invalid") != 0)
		goto git_error;
	const git_commit *parents[1] = { parent };
	if (git_commit_create(&commitid, h->repo, NULL, who, by, "UTF-8", message,
	    tree, unborn ? 0 : 1, parents) != 0)
		goto git_error;

	/* The atomic point: the branch moves only from the HEAD we read. */
	char reflog[256];
	snprintf(reflog, sizeof(reflog), "umpire: %.*s", (int)strcspn(message,
		"\n"), message);
	int moverc = unborn ?
		git_reference_create(&moved, h->repo, branch, &commitid, 0, reflog) :
		git_reference_create_matching(&moved, h->repo, branch, &commitid, 1,
			git_commit_id(parent), reflog);
	if (moverc == GIT_EMODIFIED || moverc == GIT_EEXISTS ||
	    moverc == GIT_ELOCKED) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "the game's branch moved "
			"while this step was adjudicated; nothing was committed, try "
			"again");
		rc = EX_TEMPFAIL;
		goto done;
	}
	if (moverc != 0)
		goto git_error;
	git_oid_cpy(&h->head, &commitid);
	h->unborn = false;
	rc = git_repository_is_bare(h->repo) ? 0 :
		update_worktree(h, files, ids, n, d);
	if (rc == 0)
		mark_committing(h, false);
	goto done;
git_error:
	rc = git_fail(d, h->dir, EX_IOERR, "cannot commit");
done:
	git_reference_free(moved);
	git_signature_free(who);
	git_signature_free(by);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(parent);
	return rc;
}

/* ------------------------------------------------------------- walking */

int
umpire_history_load(struct umpire_history *h, size_t *n, struct umpire_diags *d)
{
	git_commit *c, *next;
	size_t cap = 0;

	/*
	 * Do not re-hash every object read: verify compares every byte it
	 * reads against re-adjudication, so a corrupt object shows up as a
	 * difference anyway, and the integrity of the object store is git
	 * fsck's to check.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);

	*n = 0;
	if (git_revparse_single((git_object **)&c, h->repo, "HEAD^{commit}") != 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: the "
			"repository has no commit");
		return EX_NOINPUT;
	}
	for (;;) {
		if (h->nrevs == cap) {
			cap = cap ? cap * 2 : 256;
			h->revs = umpire_xrealloc(h->revs, cap * sizeof(*h->revs));
		}
		struct rev *r = &h->revs[h->nrevs++];
		const git_signature *a = git_commit_author(c);
		const char *summary = git_commit_summary(c);
		git_oid_cpy(&r->id, git_commit_id(c));
		git_oid_tostr(r->hex, sizeof(r->hex), &r->id);
		r->summary = strdup(summary ? summary : "");
		r->author_name = strdup(a->name);
		r->author_email = strdup(a->email);
		if (!r->summary || !r->author_name || !r->author_email)
			umpire_die_oom();
		int rc = git_commit_parentcount(c) ?
			git_commit_parent(&next, c, 0) : 1;
		git_commit_free(c);
		if (rc > 0)
			break;
		if (rc < 0)
			return git_fail(d, h->dir, EX_IOERR, "cannot read the history");
		c = next;
	}
	/* Oldest first. */
	for (size_t i = 0; i < h->nrevs / 2; i++) {
		struct rev t = h->revs[i];
		h->revs[i] = h->revs[h->nrevs - 1 - i];
		h->revs[h->nrevs - 1 - i] = t;
	}
	*n = h->nrevs;
	return 0;
}

const char *
umpire_history_rev_id(struct umpire_history *h, size_t i)
{
	static char shortid[13];
	snprintf(shortid, sizeof(shortid), "%.12s", h->revs[i].hex);
	return shortid;
}

const char *
umpire_history_rev_summary(struct umpire_history *h, size_t i)
{
	return h->revs[i].summary;
}

void
umpire_history_rev_author(struct umpire_history *h, size_t i,
	struct umpire_person *out)
{
	out->name = h->revs[i].author_name;
	out->email = h->revs[i].author_email;
}

static int
rev_tree(struct umpire_history *h, size_t i, git_tree **out)
{
	git_commit *c;

	if (git_commit_lookup(&c, h->repo, &h->revs[i].id) != 0)
		return -1;
	int rc = git_commit_tree(out, c);
	git_commit_free(c);
	return rc;
}

int
umpire_history_rev_read(struct umpire_history *h, size_t i, const char *path,
	struct umpire_buf *out, struct umpire_diags *d)
{
	git_tree *tree;

	for (size_t k = 0; h->changed_rev == i && k < h->nchanged; k++) {
		git_blob *blob;
		if (strcmp(h->changed[k].path, path) != 0)
			continue;
		if (git_blob_lookup(&blob, h->repo, &h->changed[k].id) != 0)
			return git_fail(d, h->dir, EX_IOERR, "cannot read a file");
		umpire_buf_clear(out);
		umpire_buf_add(out, git_blob_rawcontent(blob),
			(size_t)git_blob_rawsize(blob));
		git_blob_free(blob);
		return 0;
	}
	if (rev_tree(h, i, &tree) != 0)
		return git_fail(d, h->dir, EX_IOERR, "cannot read a commit");
	int rc = tree_read(h->repo, tree, path, out, NULL);
	git_tree_free(tree);
	if (rc < 0)
		return git_fail(d, h->dir, EX_IOERR, "cannot read a file");
	return rc;
}

static void
add_change(struct umpire_change *out, size_t max, size_t *n,
	enum umpire_change_kind kind, const char *dir, const char *name)
{
	if (*n < max) {
		out[*n].kind = kind;
		snprintf(out[*n].path, sizeof(out[*n].path), "%s%s%s",
			dir ? dir : "", dir ? "/" : "", name);
	}
	(*n)++;
}

static const git_oid *
entry_id(const git_tree *t, const char *name, git_object_t *type)
{
	const git_tree_entry *e = t ? git_tree_entry_byname(t, name) : NULL;

	if (!e)
		return NULL;
	*type = git_tree_entry_type(e);
	return git_tree_entry_id(e);
}

/*
 * verify reads every version of orders/ and reports/, flat directories
 * that grow by a file a step.  Each version is inflated once and kept,
 * raw, for the next revision's comparison, which walks the raw entries
 * itself: a step appends, so the new version starts with the old one's
 * bytes, and only the entries after them need reading at all.
 */
static int
dir_raw(struct umpire_history *h, const git_oid *id, const unsigned char *keep,
	const unsigned char **data, size_t *len)
{
	const size_t slots = sizeof(h->dirs) / sizeof(*h->dirs);
	struct dir_version *v = NULL;

	for (size_t k = 0; k < slots && !v; k++)
		if (h->dirs[k].obj && git_oid_equal(&h->dirs[k].id, id))
			v = &h->dirs[k];
	if (!v) {
		if (!h->odb && git_repository_odb(&h->odb, h->repo) != 0)
			return -1;
		v = &h->dirs[h->next_dir++ % slots];
		/* Not the version the caller still holds. */
		if (keep && v->obj && git_odb_object_data(v->obj) == (void *)keep)
			v = &h->dirs[h->next_dir++ % slots];
		git_odb_object_free(v->obj);
		v->obj = NULL;
		if (git_odb_read(&v->obj, h->odb, id) != 0)
			return -1;
		if (git_odb_object_type(v->obj) != GIT_OBJECT_TREE) {
			git_odb_object_free(v->obj);
			v->obj = NULL;
			return -1;
		}
		git_oid_cpy(&v->id, id);
	}
	*data = git_odb_object_data(v->obj);
	*len = git_odb_object_size(v->obj);
	return 0;
}

struct raw_entry {
	const char *name;	/* NUL-terminated inside the raw tree */
	size_t len;
	unsigned mode;
	git_oid id;
};

/* The entry at *p, moving *p past it; false at the end or if malformed. */
static bool
raw_next(const unsigned char **p, const unsigned char *end, struct raw_entry *e)
{
	const unsigned char *q = *p;

	e->mode = 0;
	while (q < end && *q >= '0' && *q <= '7')
		e->mode = e->mode * 8 + (unsigned)(*q++ - '0');
	if (q == *p || q >= end || *q++ != ' ')
		return false;
	const unsigned char *nul = memchr(q, '\0', (size_t)(end - q));
	if (!nul || nul == q || (size_t)(end - nul - 1) < GIT_OID_RAWSZ)
		return false;
	e->name = (const char *)q;
	e->len = (size_t)(nul - q);
	git_oid_fromraw(&e->id, nul + 1);
	*p = nul + 1 + GIT_OID_RAWSZ;
	return true;
}

/* git's order of tree entries: a directory sorts as if its name ended in '/'. */
static int
entry_cmp(const struct raw_entry *a, const struct raw_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	unsigned char ca = a->len > n ? (unsigned char)a->name[n] :
		(a->mode & 0170000) == 0040000 ? '/' : '\0';
	unsigned char cb = b->len > n ? (unsigned char)b->name[n] :
		(b->mode & 0170000) == 0040000 ? '/' : '\0';
	return (ca > cb) - (ca < cb);
}

static void
note_changed(struct umpire_history *h, const char *dir,
	const struct raw_entry *e)
{
	if (h->nchanged < sizeof(h->changed) / sizeof(*h->changed)) {
		struct changed_file *f = &h->changed[h->nchanged++];
		snprintf(f->path, sizeof(f->path), "%s/%s", dir, e->name);
		git_oid_cpy(&f->id, &e->id);
	}
}

/* Entries of two versions of a directory, in one ordered walk. */
static int
diff_dir(struct umpire_history *h, const git_tree *old, const git_tree *new,
	const char *dir, struct umpire_change *out, size_t max, size_t *n)
{
	git_object_t ta = GIT_OBJECT_INVALID, tb = GIT_OBJECT_INVALID;
	const git_oid *ia = entry_id(old, dir, &ta), *ib = entry_id(new, dir, &tb);
	const unsigned char *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;

	if (ia && ib && git_oid_equal(ia, ib))
		return 0;
	if ((ia && ta != GIT_OBJECT_TREE) || (ib && tb != GIT_OBJECT_TREE)) {
		add_change(out, max, n, !ia ? UMPIRE_ADDED : !ib ? UMPIRE_DELETED :
			UMPIRE_MODIFIED, NULL, dir);
		return 0;
	}
	if ((ia && dir_raw(h, ia, NULL, &a, &na) != 0) ||
	    (ib && dir_raw(h, ib, a, &b, &nb) != 0))
		return -1;
	const unsigned char *pa = a, *ea = a ? a + na : NULL, *pb = b,
		*eb = b ? b + nb : NULL;
	if (a && b && nb >= na && memcmp(a, b, na) == 0) {
		pa = ea;	/* the old entries, unchanged */
		pb = b + na;
	}
	struct raw_entry xa, xb;
	bool more_a = pa && raw_next(&pa, ea, &xa);
	bool more_b = pb && raw_next(&pb, eb, &xb);
	while (more_a || more_b) {
		int c = !more_a ? 1 : !more_b ? -1 : entry_cmp(&xa, &xb);
		if (c < 0) {
			add_change(out, max, n, UMPIRE_DELETED, dir, xa.name);
			more_a = raw_next(&pa, ea, &xa);
		} else if (c > 0) {
			add_change(out, max, n, UMPIRE_ADDED, dir, xb.name);
			note_changed(h, dir, &xb);
			more_b = raw_next(&pb, eb, &xb);
		} else {
			if (!git_oid_equal(&xa.id, &xb.id) || xa.mode != xb.mode) {
				add_change(out, max, n, UMPIRE_MODIFIED, dir, xa.name);
				note_changed(h, dir, &xb);
			}
			more_a = raw_next(&pa, ea, &xa);
			more_b = raw_next(&pb, eb, &xb);
		}
	}
	/* A walk that stopped short met a malformed entry. */
	return (pa && pa != ea) || (pb && pb != eb) ? -1 : 0;
}

int
umpire_history_rev_changes(struct umpire_history *h, size_t i,
	struct umpire_change *out, size_t max, size_t *n, struct umpire_diags *d)
{
	static const char *const files[] = { UMPIRE_STATE_PATH,
		UMPIRE_SCENARIO_PATH };
	git_tree *old = NULL, *new = NULL;
	int rc = 0;

	*n = 0;
	h->changed_rev = i;
	h->nchanged = 0;
	if (rev_tree(h, i, &new) != 0 || (i > 0 && rev_tree(h, i - 1, &old) != 0)) {
		git_tree_free(new);
		return git_fail(d, h->dir, EX_IOERR, "cannot read a commit");
	}
	for (size_t k = 0; k < 2; k++) {
		git_object_t ta = GIT_OBJECT_INVALID, tb = GIT_OBJECT_INVALID;
		const git_oid *a = entry_id(old, files[k], &ta);
		const git_oid *b = entry_id(new, files[k], &tb);
		if (a && b && !git_oid_equal(a, b))
			add_change(out, max, n, UMPIRE_MODIFIED, NULL, files[k]);
		else if (a && !b)
			add_change(out, max, n, UMPIRE_DELETED, NULL, files[k]);
		else if (!a && b)
			add_change(out, max, n, UMPIRE_ADDED, NULL, files[k]);
	}
	if (diff_dir(h, old, new, UMPIRE_ORDERS_DIR, out, max, n) != 0 ||
	    diff_dir(h, old, new, UMPIRE_REPORTS_DIR, out, max, n) != 0)
		rc = git_fail(d, h->dir, EX_IOERR, "cannot compare commits");
	git_tree_free(old);
	git_tree_free(new);
	return rc;
}
