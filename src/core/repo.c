/*
 * repo.c - libgit2's start, opening (or making) a game's repository, its
 * HEAD, and reading files at HEAD.
 */
#include "repo.h"

#include <dirent.h>
#include <errno.h>
#include <git2/sys/repository.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "arena.h"

/*
 * libgit2 starts with the first repository a call opens, not with every
 * call: git_libgit2_init readies HTTPS and SSH, which umpire never uses
 * (Debian's libgit2 parses the system's CA bundle and starts OpenSSL),
 * and the verbs that open no repository (resolve, simulate, schema,
 * rules) are spared that cost.  It stops when the process exits.
 */
static void
library_stop(void)
{
	git_libgit2_shutdown();
}

static void
library_start(void)
{
	static bool started;

	if (started)
		return;
	started = true;
	if (git_libgit2_init() > 0)
		atexit(library_stop);
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
	library_start();
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

	library_start();
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
		return umpire_repo_fail(d, dir, EX_CANTCREAT,
			"cannot create a repository");
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
	umpire_walk_free(h);
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

int
umpire_history_read(struct umpire_history *h, const char *path,
	struct umpire_buf *out, struct umpire_diags *d)
{
	git_commit *commit;
	git_tree *tree;

	if (umpire_repo_head_tree(h, &commit, &tree) != 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: the "
			"repository has no commit (make a game with umpire new)");
		return EX_NOINPUT;
	}
	int rc = umpire_repo_tree_read(h->repo, tree, path, out);
	git_tree_free(tree);
	git_commit_free(commit);
	if (rc < 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	if (rc > 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: HEAD has no "
			"%s (make a game with umpire new)", path);
		return EX_NOINPUT;
	}
	return 0;
}
