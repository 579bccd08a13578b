/*
 * repo.c - libgit2's start, opening (or making) a game's repository, its
 * HEAD, and reading files at HEAD.
 */
#include "history/repo.h"
#include "util/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <git2/sys/repository.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "util/arena.h"
#include "doc/yaml.h"

/*
 * libgit2 starts with the first repository a call opens, not with every
 * call: git_libgit2_init readies HTTPS and SSH, which umpire never uses
 * (Debian's libgit2 parses the system's CA bundle and starts OpenSSL),
 * and the verbs that open no repository (resolve, simulate, schema,
 * rules) are spared that cost.  It stops when the process exits.
 */
/*
 * Debian's libgit2 is built with mbedTLS, and its git_libgit2_init
 * parses the system's whole CA bundle (/etc/ssl/certs), some 54 million
 * instructions: two thirds of a turn, for HTTPS that umpire never
 * speaks.  umpire takes the parse for its own and reads no certificate:
 * this definition in the program outranks the library's for every
 * caller in the process (the dynamic linker looks in the program
 * first), and libgit2 keeps an empty chain of trusted authorities.  So
 * should anything in umpire ever open an HTTPS connection, no server
 * would be trusted: the override fails closed.  A libgit2 built with
 * OpenSSL, or with no HTTPS, never calls it.  The signature is
 * mbedTLS's (mbedtls/x509_crt.h), whose headers umpire does not need.
 */
struct mbedtls_x509_crt;
int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain,
	const char *path);

int
mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain, const char *path)
{
	(void)chain;
	(void)path;
	return 0;	/* parsed: no certificate */
}

/*
 * The same for SSH: git_libgit2_init calls libssh2_init, which starts
 * OpenSSL (its engines, its error strings): a million instructions a
 * call, for SSH that umpire never speaks.  Nothing is lost should
 * anything ever open an SSH session: libssh2 calls this again itself
 * when a session starts (and reaches this one, so starts nothing), and
 * OpenSSL 1.1 and later start themselves on first use.  libssh2_exit,
 * called at libgit2's shutdown, does nothing when nothing started.
 */
int libssh2_init(int flags);

int
libssh2_init(int flags)
{
	(void)flags;
	return 0;
}

/*
 * And the same for HTTPS's random numbers: git_libgit2_init seeds an
 * mbedTLS generator, whose entropy sources include HAVEGE, a CPU-timing
 * generator that runs a million instructions to start.  Here it starts
 * with its state zeroed, so it adds nothing to the seed (mbedTLS 3
 * dropped it as unreliable), and the generator's seed comes, as it
 * would anyway, from the system's (getrandom(2), /dev/urandom).  The
 * state's layout is the header's that came with the library.
 */
#if defined(__has_include)
#if __has_include(<mbedtls/havege.h>)
#include <mbedtls/havege.h>

void
mbedtls_havege_init(mbedtls_havege_state *hs)
{
	memset(hs, 0, sizeof(*hs));
}
#endif
#endif

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
	/*
	 * Read objects without hashing each again to check its id (git
	 * checks the ids of the objects it parses; libgit2's SHA-1, which
	 * detects collisions, was a tenth of a turn).  A damaged object still fails to inflate or to parse
	 * (odb.c); one that inflates to other bytes under its id is what
	 * git fsck is for, and verify compares every byte it reads against
	 * re-adjudication anyway.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
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

/*
 * core.sharedRepository, read as git reads it (setup.c): a game several
 * users play on one host (each turn run as its player) needs the files
 * umpire makes in .git writable by the group, as git would make them.
 */
static int
shared_mode(git_repository *repo)
{
	git_config *cfg;
	const char *v = NULL;
	int mode = 0;

	if (git_repository_config_snapshot(&cfg, repo) != 0)
		return 0;
	if (git_config_get_string(&v, cfg, "core.sharedRepository") == 0) {
		char *end;
		long n = strtol(v, &end, 8);
		if (!strcasecmp(v, "group") || !strcasecmp(v, "true") ||
		    !strcmp(v, "1"))
			mode = 0660;
		else if (!strcasecmp(v, "all") || !strcasecmp(v, "world") ||
		    !strcasecmp(v, "everybody") || !strcmp(v, "2"))
			mode = 0664;
		else if (*v == '0' && !*end && n > 1)
			/* An exact mode, made at least readable and writable to us. */
			mode = -(int)((n & 0666) | 0600);
	}
	git_config_free(cfg);
	return mode;
}

static struct umpire_history *
history_new(git_repository *repo, const char *dir)
{
	struct umpire_history *h = umpire_xmalloc(sizeof(*h));

	use_config_snapshot(repo);
	memset(h, 0, sizeof(*h));
	h->repo = repo;
	h->dir = strdup(dir);
	if (!h->dir)
		umpire_die_oom();
	h->lock_fd = h->top_fd = h->dir_fds[0] = h->dir_fds[1] = -1;
	h->group_fds[0] = h->group_fds[1] = -1;
	h->shared = shared_mode(repo);
	unsigned char r[16];
	randombytes_buf(r, sizeof(r));
	sodium_bin2hex(h->token, sizeof(h->token), r, sizeof(r));
	/* An odb that cannot be set up leaves libgit2's: still readable. */
	umpire_odb_open(h);
	return h;
}

/*
 * The owner of the repository at dir, if one looks to be there (a .git,
 * or a bare repository's HEAD and objects/), and it is not this user;
 * else -1.
 */
static long
foreign_owner(const char *dir)
{
	char path[4096];
	struct stat st, head;

	umpire_pathf(path, sizeof(path), "%s/.git", dir);
	if (lstat(path, &st) != 0) {
		char objects[4096];
		umpire_pathf(path, sizeof(path), "%s/HEAD", dir);
		umpire_pathf(objects, sizeof(objects), "%s/objects", dir);
		if (lstat(path, &head) != 0 || stat(objects, &st) != 0 ||
		    stat(dir, &st) != 0)
			return -1;
	} else if (stat(dir, &st) != 0) {
		return -1;
	}
	return st.st_uid != geteuid() && geteuid() != 0 ? (long)st.st_uid : -1;
}

/*
 * libgit2 refuses a repository another user owns (as git does since
 * 2.35.2, for safety: a repository's configuration can run programs),
 * unless safe.directory names it.  Say so, rather than "not a game".
 * (libgit2 1.5.1 returns GIT_EOWNER only if a global configuration
 * exists: without one, the failed lookup of safe.directory is what it
 * returns, so the owner is looked at here.)
 */
static int
open_failed(int err, const char *dir, struct umpire_diags *d)
{
	long owner = foreign_owner(dir);

	if (err == GIT_EOWNER || owner >= 0) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "the repository belongs to "
			"another user (uid %ld), and git trusts it only if "
			"safe.directory names it: git config --global --add "
			"safe.directory '%s'", owner, dir);
		return EX_NOPERM;
	}
	umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "not a game: no git "
		"repository here (make one with umpire new)");
	return EX_NOINPUT;
}

/*
 * A linked work tree (git worktree add) keeps its objects and branches
 * in another git directory, which umpire does not read or write: true,
 * repo freed and said, for one.
 */
static bool
linked_worktree(git_repository *repo, const char *dir, struct umpire_diags *d)
{
	if (git_repository_is_worktree(repo) != 1)
		return false;
	git_repository_free(repo);
	umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "a linked work tree (git "
		"worktree add), which umpire does not read: give the game's own "
		"directory, or a clone of it (git clone GAME DIR)");
	return true;
}

int
umpire_history_open(struct umpire_history **out, const char *dir,
	struct umpire_diags *d)
{
	git_repository *repo;
	struct stat st;

	*out = NULL;
	if (stat(dir, &st) != 0) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "no such game directory "
			"(make one with umpire new)");
		return EX_NOINPUT;
	}
	if (!S_ISDIR(st.st_mode)) {
		/* game.yaml for its directory, or the operands swapped. */
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "is %s, not a game "
			"directory: name the directory that holds its game.yaml",
			umpire_file_kind(st.st_mode));
		return EX_NOINPUT;
	}
	library_start();
	int err = git_repository_open_ext(&repo, dir,
		GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	if (err != 0)
		return open_failed(err, dir, d);
	if (linked_worktree(repo, dir, d))
		return EX_NOINPUT;
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

/*
 * The first of umpire's paths (game.yaml, scenario.yaml, anything in
 * orders/ or reports/) that HEAD or the work tree already holds, into
 * out: a game made on top of them would never verify, and its files
 * would overwrite them.  false if none.
 */
static bool
first_taken(struct umpire_history *h, char *out, size_t size, bool *at_head)
{
	static const char *const paths[] = { UMPIRE_STATE_PATH,
		UMPIRE_SCENARIO_PATH, UMPIRE_ORDERS_DIR, UMPIRE_REPORTS_DIR };
	git_commit *commit;
	git_tree *tree;
	bool found = false;

	if (umpire_repo_head_tree(h, &commit, &tree) == 0) {
		for (size_t i = 0; i < 4 && !found; i++) {
			const git_tree_entry *e = git_tree_entry_byname(tree, paths[i]);
			git_tree *sub;
			if (!e)
				continue;
			found = true;
			snprintf(out, size, "%s", paths[i]);
			if (git_tree_entry_type(e) == GIT_OBJECT_TREE &&
			    umpire_odb_check(h, git_tree_entry_id(e), paths[i],
			    UMPIRE_OBJECT_MAX, NULL) == 0 &&
			    git_tree_lookup(&sub, h->repo, git_tree_entry_id(e)) == 0) {
				if (git_tree_entrycount(sub))
					umpire_pathf(out, size, "%s/%s", paths[i],
						git_tree_entry_name(git_tree_entry_byindex(sub, 0)));
				git_tree_free(sub);
			}
		}
		git_tree_free(tree);
		git_commit_free(commit);
	}
	*at_head = found;
	const char *top = git_repository_workdir(h->repo);
	int fd = top ? open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	for (size_t i = 0; fd >= 0 && i < 4 && !found; i++) {
		struct stat st;
		if (fstatat(fd, paths[i], &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		snprintf(out, size, "%s", paths[i]);
		if (!S_ISDIR(st.st_mode)) {
			found = true;
			continue;
		}
		/* An empty orders/ or reports/ is harmless. */
		int dfd = openat(fd, paths[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			O_CLOEXEC);
		DIR *dp = dfd < 0 ? NULL : fdopendir(dfd);
		struct dirent *e;
		while (dp && !found && (e = readdir(dp)))
			if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
				umpire_pathf(out, size, "%s/%s", paths[i], e->d_name);
				found = true;
			}
		if (dp)
			closedir(dp);
		else if (dfd >= 0)
			close(dfd);
	}
	if (fd >= 0)
		close(fd);
	return found;
}

int
umpire_history_probe(const char *dir, struct umpire_diags *d)
{
	git_repository *repo;
	struct stat st;

	library_start();
	int err = git_repository_open_ext(&repo, dir,
		GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	if (err != 0 && (err == GIT_EOWNER || foreign_owner(dir) >= 0))
		return open_failed(err, dir, d);
	if (err == 0 && linked_worktree(repo, dir, d))
		return EX_CANTCREAT;
	if (err == 0) {
		/* Read through umpire's odb: a damaged HEAD must not hang new. */
		struct umpire_history *h = history_new(repo, dir);
		char path[512];
		bool at_head;
		int rc = 0;
		if (first_taken(h, path, sizeof(path), &at_head)) {
			if (at_head && strcmp(path, UMPIRE_STATE_PATH) == 0)
				umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "already holds a "
					"game; choose another directory");
			else
				umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "%s is there "
					"already (%s): a game holds game.yaml, "
					"scenario.yaml, orders/ and reports/ of its own, so "
					"give a repository with none of them", path, at_head ?
					"at HEAD" : "in the work tree");
			rc = EX_CANTCREAT;
		}
		umpire_history_close(h);
		return rc;
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
	    NULL) != 0) {
		opts.flags = GIT_REPOSITORY_INIT_MKPATH | GIT_REPOSITORY_INIT_MKDIR;
		opts.initial_head = "main";
		if (git_repository_init_ext(&repo, dir, &opts) != 0)
			return umpire_repo_fail(d, dir, EX_CANTCREAT,
				"cannot create a repository");
	}
	*out = history_new(repo, dir);
	/* The first step too is made under the lock, and cleared up after. */
	if ((rc = umpire_history_lock(*out, d))) {
		umpire_history_close(*out);
		*out = NULL;
	}
	return rc;
}

void
umpire_history_close(struct umpire_history *h)
{
	if (!h)
		return;
	if (h->lock_fd >= 0)
		close(h->lock_fd);	/* releases the flock */
	if (h->top_fd >= 0)
		close(h->top_fd);
	for (int i = 0; i < 2; i++) {
		if (h->dir_fds[i] >= 0)
			close(h->dir_fds[i]);
		if (h->group_fds[i] >= 0)
			close(h->group_fds[i]);
	}
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

int
umpire_history_read(struct umpire_history *h, const char *path,
	struct umpire_buf *out, struct umpire_diags *d)
{
	git_commit *commit;
	git_tree *tree;
	git_tree_entry *e = NULL;
	git_blob *blob = NULL;
	char where[128];
	int rc = 0;

	if (umpire_repo_head_tree(h, &commit, &tree) != 0) {
		if (!h->unborn)
			return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: the "
			"repository has no commit (make a game with umpire new)");
		return EX_NOINPUT;
	}
	snprintf(where, sizeof(where), "HEAD:%s", path);
	if (git_tree_entry_bypath(&e, tree, path) != 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: HEAD has no "
			"%s (make a game with umpire new)", path);
		rc = EX_NOINPUT;
	} else if (git_tree_entry_filemode(e) != GIT_FILEMODE_BLOB &&
	    git_tree_entry_filemode(e) != GIT_FILEMODE_BLOB_EXECUTABLE) {
		/* A link's "content" is its target: never read as the state. */
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s is %s, not a file",
			where, git_tree_entry_filemode(e) == GIT_FILEMODE_LINK ?
			"a symbolic link" : git_tree_entry_type(e) == GIT_OBJECT_TREE ?
			"a directory" : "not a file");
		rc = EX_DATAERR;
	} else if (!(rc = umpire_odb_check(h, git_tree_entry_id(e), where,
	    UMPIRE_YAML_MAX_BYTES, d))) {
		if (git_blob_lookup(&blob, h->repo, git_tree_entry_id(e)) != 0) {
			char what[160];
			snprintf(what, sizeof(what), "cannot read %s", where);
			rc = umpire_repo_fail(d, h->dir, EX_IOERR, what);
		} else {
			umpire_buf_clear(out);
			umpire_buf_add(out, git_blob_rawcontent(blob),
				(size_t)git_blob_rawsize(blob));
		}
	}
	git_blob_free(blob);
	git_tree_entry_free(e);
	git_tree_free(tree);
	git_commit_free(commit);
	return rc;
}
