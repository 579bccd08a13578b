/*
 * lock.c - one umpire at a time on a game, and clearing up after one
 * that died mid-commit.
 *
 * The lock is a flock(2) on umpire.lock in the git directory: the
 * kernel drops it when its holder dies, however it dies, so a killed
 * umpire never leaves a stale one.
 *
 * While an umpire commits or repairs, umpire.lock also holds a mark:
 *
 *   committing PID TOKEN NEW
 *
 * its pid, a random token drawn when it opened the game, and the commit
 * it is making (NEW, or "-" before it is known).  The next umpire to
 * take the lock and find a mark knows that the last one died in the
 * middle (a finished one clears its mark on every path).  It removes
 * what that umpire left, and only what it can prove is that umpire's:
 *
 *   - .git/index.lock if it holds "umpire PID TOKEN" (umpire takes the
 *     index lock itself, with that content: worktree.c);
 *   - the branch's lock (refs/heads/main.lock) if it holds NEW, the
 *     commit no one else could have written (commit.c);
 *   - the quarantine of new objects, and what it moved in unless the
 *     branch holds NEW (odb.c);
 *   - temporary files named .umpire-tmp-* (no one else makes them, and
 *     no other umpire runs: this one holds the lock).
 *
 * Any other lock file is someone else's (a git command running, or one
 * that crashed): it is left alone, and the diagnostic that meets it
 * names it.
 */
#include "history/repo.h"

#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <sysexits.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/fileio.h"

#define COMMITTING "committing"

struct mark {
	long pid;
	char token[33];
	char new[GIT_OID_HEXSZ + 1];	/* "" if not known */
};

static bool
read_mark(int fd, struct mark *m)
{
	char buf[160] = "";
	char token[40], new[48];

	if (pread(fd, buf, sizeof(buf) - 1, 0) <= 0 ||
	    strncmp(buf, COMMITTING " ", sizeof(COMMITTING)) != 0)
		return false;
	memset(m, 0, sizeof(*m));
	/* A mark an older umpire wrote holds the word alone: no proof. */
	if (sscanf(buf, COMMITTING " %ld %39s %47s", &m->pid, token, new) != 3)
		return true;
	if (strlen(token) == 32)
		memcpy(m->token, token, 33);
	if (strlen(new) == GIT_OID_HEXSZ)
		memcpy(m->new, new, sizeof(m->new));
	return true;
}

void
umpire_lock_proof(const struct umpire_history *h, char *out, size_t size)
{
	snprintf(out, size, "umpire %ld %s\n", (long)getpid(), h->token);
}

/* Whether the file at path holds exactly want. */
static bool
holds(const char *path, const char *want)
{
	char buf[128];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n >= 0 && (size_t)n == strlen(want) &&
		memcmp(buf, want, (size_t)n) == 0;
}

/* Whether the branch HEAD names holds commit hex, or a descendant of it. */
static bool
branch_has(struct umpire_history *h, const char *hex)
{
	git_oid want, at;
	git_reference *head;
	bool has = false;

	if (git_oid_fromstr(&want, hex) != 0 ||
	    git_reference_lookup(&head, h->repo, "HEAD") != 0)
		return false;
	if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC &&
	    git_reference_name_to_id(&at, h->repo,
	    git_reference_symbolic_target(head)) == 0)
		has = git_oid_equal(&at, &want) ||
			git_graph_descendant_of(h->repo, &at, &want) == 1;
	git_reference_free(head);
	return has;
}

static void
clean_after_crash(struct umpire_history *h, const struct mark *m)
{
	const char *gitdir = git_repository_path(h->repo);
	git_reference *head;
	char path[4096], want[128];

	if (m && *m->token) {
		umpire_pathf(want, sizeof(want), "umpire %ld %s\n", m->pid, m->token);
		umpire_pathf(path, sizeof(path), "%sindex.lock", gitdir);
		if (holds(path, want))
			unlink(path);
	}
	if (m && *m->new &&
	    git_reference_lookup(&head, h->repo, "HEAD") == 0) {
		if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC) {
			umpire_pathf(path, sizeof(path), "%s%s.lock", gitdir,
				git_reference_symbolic_target(head));
			umpire_pathf(want, sizeof(want), "%s\n", m->new);
			if (holds(path, want))
				unlink(path);
		}
		git_reference_free(head);
	}
	/*
	 * A quarantine whose objects may have moved in: they stay if the
	 * step they make is on the branch, or if nothing says which step
	 * they made; otherwise they go, and with them the rolls of a step
	 * never committed.
	 */
	umpire_odb_recover(h, !m || !*m->new || branch_has(h, m->new));
}

/* Temporary files, which only umpire makes: any found now are stale. */
static void
clean_tmp(struct umpire_history *h)
{
	int fd = open(git_repository_path(h->repo), O_RDONLY | O_DIRECTORY |
		O_CLOEXEC);

	if (fd >= 0) {
		umpire_file_clean_tmp(fd);
		close(fd);
	}
}

/*
 * How long to wait for a busy game.  Polled rather than a blocking
 * flock(2) under alarm(2): no signal handler to share with the caller,
 * and the wait stays bounded whatever the holder does.
 */
static long lock_wait_ms;

void
umpire_history_lock_wait(long ms)
{
	lock_wait_ms = ms < 0 ? 0 : ms;
}

/* flock(2) the lock, retrying every 50 ms while it is busy, up to the wait. */
static int
take(int fd)
{
	const long step = 50;

	for (long waited = 0;; waited += step) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK || waited >= lock_wait_ms)
			return -1;
		struct timespec ts = { 0, step * 1000000L };
		nanosleep(&ts, NULL);
		errno = EWOULDBLOCK;
	}
}

int
umpire_history_lock(struct umpire_history *h, struct umpire_diags *d)
{
	const char *gitdir = git_repository_path(h->repo);
	size_t len = strlen(gitdir);
	char *path = umpire_xmalloc(len + 16);
	struct stat st;
	struct mark m;

	snprintf(path, len + 16, "%sumpire.lock", gitdir);
	h->lock_fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
		umpire_repo_file_mode(h, 0666));
	int err = errno;
	/* The first umpire of a shared game makes it for every player. */
	if (h->lock_fd >= 0 && fstat(h->lock_fd, &st) == 0 &&
	    st.st_uid == geteuid())
		umpire_repo_share(h, h->lock_fd, NULL, false);
	free(path);
	if (h->lock_fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot open the lock "
			"%sumpire.lock: %s%s", gitdir, strerror(err), err == EACCES ?
			" (a game several users share needs core.sharedRepository: "
			"see umpire(1))" : "");
		return err == EACCES ? EX_NOPERM : EX_CANTCREAT;
	}
	if (take(h->lock_fd) != 0) {
		err = errno;
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
	bool marked = read_mark(h->lock_fd, &m);
	if (marked)
		clean_after_crash(h, &m);
	else
		umpire_odb_recover(h, true);	/* none, unless the mark was lost */
	clean_tmp(h);
	if (marked && umpire_lock_mark(h, false) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot reset the lock");
	return 0;
}

int
umpire_lock_mark(struct umpire_history *h, bool committing)
{
	char buf[160];

	if (h->lock_fd < 0)
		return 0;
	if (!committing)
		return ftruncate(h->lock_fd, 0);
	int n = snprintf(buf, sizeof(buf), COMMITTING " %ld %s %s\n",
		(long)getpid(), h->token, *h->mark_new ? h->mark_new : "-");
	if (pwrite(h->lock_fd, buf, (size_t)n, 0) != n ||
	    ftruncate(h->lock_fd, n) != 0)
		return -1;
	return 0;
}

int
umpire_lock_file(struct umpire_history *h, const char *path,
	const char *content, bool sync, struct umpire_diags *d)
{
	const char *gitdir = git_repository_path(h->repo);
	int dirfd = open(gitdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char tmp[4096];
	int rc;

	if (dirfd < 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot open .git");
	/*
	 * The content first, in a file of umpire's own, then one link(2):
	 * the lock appears whole, with its proof in it, or not at all.
	 */
	umpire_pathf(tmp, sizeof(tmp), UMPIRE_TMP_PREFIX "%s-lock", h->token);
	if ((rc = umpire_file_write_at(dirfd, tmp, tmp, content, strlen(content),
	    sync ? UMPIRE_WRITE_SYNC : 0, umpire_repo_file_mode(h, 0666), NULL,
	    d))) {
		close(dirfd);
		return rc;
	}
	char from[4352];
	umpire_pathf(from, sizeof(from), "%s%s", gitdir, tmp);
	rc = link(from, path) == 0 ? 0 : errno == EEXIST ? EX_TEMPFAIL : EX_IOERR;
	int err = errno;
	unlinkat(dirfd, tmp, 0);
	close(dirfd);
	if (rc == EX_IOERR && (err == EPERM || err == EOPNOTSUPP ||
	    err == ENOSYS)) {
		/*
		 * A file system without hard links: made exclusively and then
		 * filled, the lock is unproven for a moment; a crash just then
		 * leaves one for a human to remove.
		 */
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			O_CLOEXEC, umpire_repo_file_mode(h, 0666));
		err = errno;
		rc = fd >= 0 ? 0 : err == EEXIST ? EX_TEMPFAIL : EX_IOERR;
		if (fd >= 0) {
			size_t len = strlen(content);
			if (write(fd, content, len) != (ssize_t)len ||
			    (sync && fsync(fd) != 0)) {
				err = errno;
				unlink(path);
				rc = EX_IOERR;
			}
			close(fd);
		}
	}
	if (rc == EX_IOERR)
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "cannot take %s: %s",
			path, strerror(err));
	else if (rc == 0)
		umpire_repo_share(h, -1, path, false);
	return rc;
}
