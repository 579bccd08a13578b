/*
 * lock.c - one umpire at a time on a game, and clearing up after one
 * that died mid-commit.
 */
#include "repo.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sysexits.h>
#include <unistd.h>

#include "arena.h"

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
			return umpire_repo_fail(d, h->dir, EX_IOERR,
				"cannot reset the lock");
	}
	return 0;
}

void
umpire_lock_mark(struct umpire_history *h, bool committing)
{
	if (h->lock_fd < 0)
		return;
	if (committing) {
		if (pwrite(h->lock_fd, COMMITTING "\n", strlen(COMMITTING) + 1, 0) < 0)
			return;
	} else if (ftruncate(h->lock_fd, 0) != 0) {
		return;
	}
}
