/*
 * commit.c - one step, one commit: the blobs, the trees, the commit,
 * then the branch's move, which is the atomic point (history.h).
 *
 * The branch is moved here, not by libgit2, so that its lock file is
 * one umpire can prove its own after a crash (lock.c): it is made whole,
 * already holding the new commit's id, by one link(2).  Under that lock
 * the branch is read again (compare and swap: it must still be the HEAD
 * the step was adjudicated on), the step's objects move in as one pack
 * and reach the disk with the branch's new value (pack.c), a
 * rename moves the branch, and the reflog grows a line.  Once it has
 * moved the step is done, whatever else fails: the work tree and the
 * index are only brought up to date, and a failure there is a warning
 * that the next call repairs (umpire_worktree_sync).
 */
#include "history/repo.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "util/fileio.h"
#include "util/testhook.h"

/*
 * The tree base (NULL: none) with the files whose paths begin with
 * prefix (plen bytes: "", "orders/", "orders/12/") set, at most depth
 * folders below it: orders/0005-green.yaml in a flat game, and
 * orders/00/0005-green.yaml in a grouped one (paths.h).  Each changed
 * tree is written once, so no tree is left dangling (git fsck stays
 * quiet), and the trees a step leaves alone are not read at all.
 */
static int
build_tree(git_repository *repo, const git_tree *base,
	const struct umpire_file *files, const git_oid *ids, size_t n,
	const char *prefix, size_t plen, int depth, git_oid *out)
{
	git_treebuilder *tb;
	int rc = 0;

	if (git_treebuilder_new(&tb, repo, base) != 0)
		return -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *path = files[i].path, *rest = path + plen, *slash;
		if (strncmp(path, prefix, plen) != 0)
			continue;
		if (!(slash = strchr(rest, '/'))) {
			rc = git_treebuilder_insert(NULL, tb, rest, &ids[i],
				GIT_FILEMODE_BLOB);
			continue;
		}
		/* Every file of a folder goes in with its first. */
		size_t len = (size_t)(slash - rest), sublen = plen + len + 1;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strncmp(files[j].path, path, sublen) == 0;
		if (seen)
			continue;
		char dir[256], sub[256];
		if (depth == 0 || sublen >= sizeof(sub)) {
			rc = -1;
			break;
		}
		memcpy(dir, rest, len);
		dir[len] = '\0';
		memcpy(sub, path, sublen);
		sub[sublen] = '\0';
		git_tree *old = NULL;
		git_oid subid;
		const git_tree_entry *e = base ? git_tree_entry_byname(base, dir) :
			NULL;
		if (e && git_tree_entry_type(e) == GIT_OBJECT_TREE &&
		    git_tree_lookup(&old, repo, git_tree_entry_id(e)) != 0) {
			rc = -1;
			break;
		}
		rc = build_tree(repo, old, files, ids, n, sub, sublen, depth - 1,
			&subid);
		git_tree_free(old);
		if (rc == 0)
			rc = git_treebuilder_insert(NULL, tb, dir, &subid,
				GIT_FILEMODE_TREE);
	}
	if (rc == 0)
		rc = git_treebuilder_write(out, tb);
	git_treebuilder_free(tb);
	return rc;
}

static bool
by_umpire(const git_commit *c)
{
	const git_signature *by = git_commit_committer(c);

	return strcmp(by->name, UMPIRE_COMMITTER_NAME) == 0 &&
		strcmp(by->email, UMPIRE_COMMITTER_EMAIL) == 0;
}

/*
 * The date of umpire's last commit at or under c, along first parents:
 * the commits between (a player's pushed inbox.yaml, a README) are not
 * umpire's and their dates say nothing.  0 if none is near.
 */
static git_time_t
last_umpire_date(const git_commit *c)
{
	git_commit *at = NULL, *next;
	git_time_t t = 0;

	for (int k = 0; c && k < 1000; k++) {
		if (by_umpire(c)) {
			t = git_commit_committer(c)->when.time;
			break;
		}
		if (git_commit_parentcount(c) == 0 ||
		    git_commit_parent(&next, c, 0) != 0)
			break;
		git_commit_free(at);
		c = at = next;
	}
	git_commit_free(at);
	return t;
}

/*
 * HEAD's tree holds umpire's paths as umpire makes them: game.yaml and
 * scenario.yaml files, orders/ and reports/ directories.  A pushed link
 * or a file in their place is refused before anything is written.
 */
static int
check_layout(struct umpire_history *h, const git_tree *base,
	struct umpire_diags *d)
{
	static const struct { const char *path; bool dir; } paths[] = {
		{ UMPIRE_STATE_PATH, false }, { UMPIRE_SCENARIO_PATH, false },
		{ UMPIRE_ORDERS_DIR, true }, { UMPIRE_REPORTS_DIR, true },
	};

	for (size_t i = 0; base && i < sizeof(paths) / sizeof(paths[0]); i++) {
		const git_tree_entry *e = git_tree_entry_byname(base, paths[i].path);
		if (!e)
			continue;
		git_filemode_t m = git_tree_entry_filemode(e);
		bool ok = paths[i].dir ? m == GIT_FILEMODE_TREE :
			m == GIT_FILEMODE_BLOB || m == GIT_FILEMODE_BLOB_EXECUTABLE;
		if (ok)
			continue;
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "HEAD:%s is %s, not %s; "
			"umpire does not build on it", paths[i].path,
			m == GIT_FILEMODE_LINK ? "a symbolic link" :
			m == GIT_FILEMODE_COMMIT ? "a submodule" :
			m == GIT_FILEMODE_TREE ? "a directory" : "a file",
			paths[i].dir ? "a directory" : "a file");
		return EX_DATAERR;
	}
	return 0;
}

/* The files a step writes are files, or new, at HEAD and in the work tree. */
static int
check_targets(struct umpire_history *h, const git_tree *base,
	const struct umpire_file *files, size_t n, struct umpire_diags *d)
{
	for (size_t i = 0; i < n; i++) {
		git_tree_entry *e = NULL;
		bool dir = false;
		if (base && git_tree_entry_bypath(&e, base, files[i].path) == 0) {
			git_filemode_t m = git_tree_entry_filemode(e);
			dir = m != GIT_FILEMODE_BLOB && m != GIT_FILEMODE_BLOB_EXECUTABLE;
			git_tree_entry_free(e);
		}
		if (!dir)
			dir = umpire_worktree_is_dir(h, files[i].path);
		if (dir) {
			umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s is not a file, "
				"and this step would write it; umpire does not build on "
				"it", files[i].path);
			return EX_DATAERR;
		}
	}
	return 0;
}

/* ------------------------------------------------------------- reflogs */

/* Whether to log an update of name (core.logAllRefUpdates, as git reads it). */
static bool
should_log(struct umpire_history *h, const char *name)
{
	const char *gitdir = git_repository_path(h->repo);
	git_config *cfg;
	const char *v;
	char path[4096];
	struct stat st;
	int want = git_repository_is_bare(h->repo) ? 0 : 1;

	umpire_pathf(path, sizeof(path), "%slogs/%s", gitdir, name);
	if (lstat(path, &st) == 0)
		return true;
	if (git_repository_config_snapshot(&cfg, h->repo) == 0) {
		if (git_config_get_string(&v, cfg, "core.logAllRefUpdates") == 0)
			want = !strcasecmp(v, "always") ? 2 : !strcasecmp(v, "true") ||
				!strcmp(v, "1") || !strcasecmp(v, "yes") ? 1 : 0;
		git_config_free(cfg);
	}
	return want == 2 || (want == 1 && (strncmp(name, "refs/heads/", 11) == 0 ||
		strcmp(name, "HEAD") == 0));
}

/* Make the directories of rel (a path under the git directory). */
static int
mkdirs_in_gitdir(struct umpire_history *h, const char *rel)
{
	char path[4096];
	size_t start = strlen(git_repository_path(h->repo));

	umpire_pathf(path, sizeof(path), "%s%s", git_repository_path(h->repo), rel);
	for (char *p = path + start; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, umpire_repo_dir_mode(h)) == 0)
			umpire_repo_share(h, -1, path, true);
		else if (errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

/* One line in logs/NAME, as git writes it. */
static int
log_append(struct umpire_history *h, const char *name, const char *line)
{
	char rel[4096], path[4096];

	umpire_pathf(rel, sizeof(rel), "logs/%s", name);
	umpire_pathf(path, sizeof(path), "%s%s", git_repository_path(h->repo), rel);
	if (mkdirs_in_gitdir(h, rel) != 0)
		return -1;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
		umpire_repo_file_mode(h, 0666));
	if (fd < 0)
		return -1;
	umpire_repo_share(h, fd, NULL, false);
	size_t len = strlen(line);
	ssize_t n = write(fd, line, len);
	int rc = n == (ssize_t)len ? 0 : -1;
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

static int
reflog(struct umpire_history *h, const char *branch, const git_oid *old,
	const git_oid *new, const git_signature *by, const char *message)
{
	char o[GIT_OID_HEXSZ + 1] = "0000000000000000000000000000000000000000";
	char n[GIT_OID_HEXSZ + 1], line[1024];
	int off = by->when.offset;

	if (old)
		git_oid_tostr(o, sizeof(o), old);
	git_oid_tostr(n, sizeof(n), new);
	snprintf(line, sizeof(line), "%s %s %s <%s> %lld %c%02d%02d\tumpire: "
		"%.*s\n", o, n, by->name, by->email, (long long)by->when.time,
		off < 0 ? '-' : '+', (off < 0 ? -off : off) / 60,
		(off < 0 ? -off : off) % 60, (int)strcspn(message, "\n"), message);
	if (should_log(h, branch) && log_append(h, branch, line) != 0)
		return -1;
	/* HEAD names the branch: git logs the move there too. */
	if (should_log(h, "HEAD") && log_append(h, "HEAD", line) != 0)
		return -1;
	return 0;
}

/* ------------------------------------------------------------- the move */

static int
move_branch(struct umpire_history *h, const char *branch, const git_oid *old,
	const git_oid *new, const git_signature *by, const char *message,
	struct umpire_diags *d)
{
	const char *gitdir = git_repository_path(h->repo);
	char lock[4096], ref[4096], content[GIT_OID_HEXSZ + 2];
	git_reference *cur = NULL;
	int rc;

	umpire_pathf(ref, sizeof(ref), "%s%s", gitdir, branch);
	umpire_pathf(lock, sizeof(lock), "%s.lock", ref);
	git_oid_tostr(content, GIT_OID_HEXSZ + 1, new);
	strcat(content, "\n");
	if (mkdirs_in_gitdir(h, branch) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot lock the branch");
	/*
	 * The content becomes the branch: on disk before it is renamed so,
	 * with the pack's, in one sync if the system has it (pack.c).
	 */
	bool batch = h->batch = umpire_odb_batch_sync(h);
	rc = umpire_lock_file(h, lock, content, !batch, d);
	if (rc == EX_TEMPFAIL) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s.lock exists: a git "
			"command is updating the game's branch, or one crashed and left "
			"the lock; nothing was committed (if no git command is running, "
			"remove %s and try again)", branch, lock);
		return EX_TEMPFAIL;
	}
	if (rc)
		return rc;
	/* Compare and swap: the branch must still be where the step began. */
	int look = git_reference_lookup(&cur, h->repo, branch);
	bool same = old ? look == 0 &&
		git_reference_type(cur) == GIT_REFERENCE_DIRECT &&
		git_oid_equal(git_reference_target(cur), old) :
		look == GIT_ENOTFOUND;
	git_reference_free(cur);
	if (!same) {
		unlink(lock);
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "the game's branch moved "
			"while this step was adjudicated (a push or a commit came "
			"first); nothing was committed, try again");
		return EX_TEMPFAIL;
	}
	if ((rc = umpire_odb_migrate(h, d))) {
		unlink(lock);
		return rc;
	}
	if (batch && umpire_odb_sync(h) != 0) {
		int err = errno;
		unlink(lock);
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot write the step "
			"to disk: %s; nothing was committed", strerror(err));
		return EX_IOERR;
	}
	umpire_test_hook("migrated");
	if (rename(lock, ref) != 0) {
		int err = errno;
		unlink(lock);
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot move the branch: "
			"%s; nothing was committed", strerror(err));
		return EX_IOERR;
	}
	/*
	 * The reflog's line after the move, not before: a call killed
	 * between the two leaves no line naming a commit whose objects the
	 * next call discards (lock.c), which git fsck would call invalid.
	 */
	if (reflog(h, branch, old, new, by, message) != 0)
		umpire_diag(d, UMPIRE_WARNING, h->dir, 0, 0, "the step is "
			"committed, but its line could not be added to the reflog: "
			"%s", strerror(errno));
	/* The move lasts before umpire says it happened. */
	char *slash = strrchr(ref, '/');
	*slash = '\0';
	int fd = open(ref, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		umpire_file_sync_dir(fd);
		close(fd);
	}
	return 0;
}

long long
umpire_history_last_date(struct umpire_history *h)
{
	git_commit *head = NULL;
	git_tree *tree = NULL;
	long long t = 0;

	umpire_repo_load_head(h);
	if (!h->unborn && umpire_repo_head_tree(h, &head, &tree) == 0)
		t = (long long)last_umpire_date(head);
	git_tree_free(tree);
	git_commit_free(head);
	return t;
}

void
umpire_history_date_next(struct umpire_history *h, long long t)
{
	h->have_date = true;
	h->date = t;
}

int
umpire_history_commit(struct umpire_history *h, const struct umpire_file *files,
	size_t n, const struct umpire_person *author, const char *message,
	struct umpire_diags *d)
{
	git_commit *parent = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_signature *who = NULL, *by = NULL;
	git_oid *ids, treeid, commitid;
	int rc;

	/* A step's files: the state, orders, report, picture, and a view and
	 * a picture for each player who has one. */
	if (!(ids = calloc(n ? n : 1, sizeof(*ids))))
		return umpire_repo_fail(d, h->dir, EX_OSERR, "out of memory");
	umpire_repo_load_head(h);
	if (!h->branch) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "HEAD is detached; check "
			"out the game's branch first");
		free(ids);
		return EX_DATAERR;
	}
	bool unborn = h->unborn;
	if (!unborn && umpire_repo_head_tree(h, &parent, &base) != 0) {
		free(ids);
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	}
	/* Everything that can refuse the step refuses it before a write. */
	if ((rc = check_layout(h, base, d)) || (rc = umpire_worktree_open(h, d)) ||
	    (rc = check_targets(h, base, files, n, d)))
		goto done;
	h->mark_new[0] = '\0';
	if (umpire_lock_mark(h, true) != 0) {
		rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot mark the lock");
		goto done;
	}
	if ((rc = umpire_odb_quarantine(h, d)))
		goto done;
	/* Objects first, in quarantine: nothing points at them yet. */
	rc = EX_IOERR;
	for (size_t i = 0; i < n; i++)
		if (git_blob_create_from_buffer(&ids[i], h->repo, files[i].data,
		    files[i].len) != 0)
			goto git_error;
	if (build_tree(h->repo, base, files, ids, n, "", 0, 2, &treeid) != 0 ||
	    git_tree_lookup(&tree, h->repo, &treeid) != 0)
		goto git_error;
	/*
	 * Author and committer at one moment, never earlier than umpire's
	 * commit before (a clock behind it, on another CI runner, say):
	 * verify holds umpire's commits to both.
	 */
	if (h->have_date ? git_signature_new(&by, UMPIRE_COMMITTER_NAME,
	    UMPIRE_COMMITTER_EMAIL, (git_time_t)h->date, 0) != 0 :
	    git_signature_now(&by, UMPIRE_COMMITTER_NAME,
	    UMPIRE_COMMITTER_EMAIL) != 0)
		goto git_error;
	h->have_date = false;
	git_time_t before = last_umpire_date(parent);
	if (before > by->when.time)
		by->when.time = before;
	if (git_signature_new(&who, author->name, author->email, by->when.time,
	    by->when.offset) != 0)
		goto git_error;
	const git_commit *parents[1] = { parent };
	if (git_commit_create(&commitid, h->repo, NULL, who, by, "UTF-8", message,
	    tree, unborn ? 0 : 1, parents) != 0)
		goto git_error;
	/* The mark names the commit: proof, after a crash, of the branch lock. */
	git_oid_tostr(h->mark_new, sizeof(h->mark_new), &commitid);
	if (umpire_lock_mark(h, true) != 0) {
		rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot mark the lock");
		goto done;
	}
	umpire_test_hook("objects");
	rc = move_branch(h, h->branch, unborn ? NULL : git_commit_id(parent),
		&commitid, by, message, d);
	goto done;
git_error:
	rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot commit");
done:
	umpire_odb_end(h, rc == 0);
	if (rc == 0) {
		struct umpire_diags why = UMPIRE_DIAGS_INIT;
		git_oid_cpy(&h->head, &commitid);
		h->unborn = false;
		umpire_test_hook("moved");
		if (umpire_worktree_sync(h, base, &why) != 0) {
			umpire_diags_warn(d, &why);
			umpire_diag(d, UMPIRE_WARNING, h->dir, 0, 0, "the step is "
				"committed, but the work tree or the index lags it; the "
				"next umpire call on this game brings them up to date");
		}
		umpire_diags_free(&why);
	}
	umpire_lock_mark(h, false);
	h->mark_new[0] = '\0';
	git_signature_free(who);
	git_signature_free(by);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(parent);
	free(ids);
	return rc;
}
