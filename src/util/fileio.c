#include "util/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

const char *
umpire_file_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

const char *
umpire_file_kind(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "a regular file";
	case S_IFDIR: return "a directory";
	case S_IFLNK: return "a symbolic link";
	case S_IFIFO: return "a FIFO";
	case S_IFCHR: return "a character device";
	case S_IFBLK: return "a block device";
	case S_IFSOCK: return "a socket";
	default: return "not a regular file";
	}
}

/* Read fd to its end into out, at most max bytes. */
static int
read_fd(struct umpire_buf *out, int fd, const char *name, size_t max,
	struct umpire_diags *d)
{
	umpire_buf_clear(out);
	for (;;) {
		umpire_buf_grow(out, 65536);
		size_t room = out->cap - out->len - 1;
		ssize_t n = read(fd, out->ptr + out->len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "cannot read: %s",
				strerror(errno));
			return EX_IOERR;
		}
		if (n == 0)
			return 0;
		out->len += (size_t)n;
		out->ptr[out->len] = '\0';
		if (out->len > max) {
			umpire_diag(d, UMPIRE_ERROR, name, 0, 0,
				"file is over the limit of %zu bytes; nothing was read",
				max);
			return EX_DATAERR;
		}
	}
}

static int
open_failed(const char *name, int err, struct umpire_diags *d)
{
	umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "cannot open: %s",
		strerror(err));
	return err == ENOENT || err == ENOTDIR ? EX_NOINPUT : EX_IOERR;
}

int
umpire_file_read(struct umpire_buf *out, const char *path, size_t max,
	struct umpire_diags *d)
{
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	const char *name = umpire_file_name(path);
	struct stat st;

	if (fd < 0)
		return open_failed(name, errno, d);
	int rc;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0,
			"is a directory, not a file");
		rc = EX_NOINPUT;
	} else {
		rc = read_fd(out, fd, name, max, d);
	}
	if (!is_stdin)
		close(fd);
	return rc;
}

int
umpire_file_read_untrusted(struct umpire_buf *out, const char *path,
	size_t max, struct umpire_diags *d)
{
	const char *name = umpire_file_name(path);
	struct stat st;

	if (strcmp(path, "-") == 0)
		return read_fd(out, STDIN_FILENO, name, max, d);
	/*
	 * O_NOFOLLOW: a committed link (inbox.yaml -> /etc/...) is not
	 * followed.  O_NONBLOCK: opening a FIFO or a device does not wait
	 * for a writer, and what it is is known before a read can block.
	 */
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		O_CLOEXEC);
	if (fd < 0) {
		int err = errno;
		if ((err == ELOOP || err == ENXIO) && lstat(path, &st) == 0) {
			umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "is %s, not a regular "
				"file; give the file itself", umpire_file_kind(st.st_mode));
			return EX_NOINPUT;
		}
		return open_failed(name, err, d);
	}
	int rc = 0;
	if (fstat(fd, &st) != 0) {
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "cannot stat: %s",
			strerror(errno));
		rc = EX_IOERR;
	} else if (!S_ISREG(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "is %s, not a regular "
			"file; give the file itself", umpire_file_kind(st.st_mode));
		rc = EX_NOINPUT;
	} else if ((unsigned long long)st.st_size > max) {
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "file is over the limit "
			"of %zu bytes; nothing was read", max);
		rc = EX_DATAERR;
	} else {
		rc = read_fd(out, fd, name, max, d);
	}
	close(fd);
	return rc;
}

/* The umask, which has no getter but umask(2) itself. */
static mode_t
current_umask(void)
{
	mode_t m = umask(022);

	umask(m);
	return m;
}

int
umpire_file_write_at(int dirfd, const char *name, const char *shown,
	const void *data, size_t len, unsigned flags, mode_t mode,
	struct stat *st, struct umpire_diags *d)
{
	char tmp[sizeof(UMPIRE_TMP_PREFIX) + 32];
	unsigned char r[8];
	int fd = -1;

	/*
	 * A fresh name, created exclusively and not through a link: a file
	 * or link planted where the temporary file goes is never written
	 * through.  A few tries, in case the random name is taken.
	 */
	for (int tries = 0; fd < 0 && tries < 8; tries++) {
		randombytes_buf(r, sizeof(r));
		snprintf(tmp, sizeof(tmp), "%s%ld-", UMPIRE_TMP_PREFIX,
			(long)getpid());
		sodium_bin2hex(tmp + strlen(tmp), sizeof(tmp) - strlen(tmp), r,
			sizeof(r));
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, shown, 0, 0, "cannot create: %s",
			strerror(errno));
		return EX_CANTCREAT;
	}
	int err = 0;
	const char *p = data;
	size_t left = len;
	while (left && !err) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
		p += n;
		left -= (size_t)n;
	}
	/* Created 0600 so no one reads it half written; now its real mode. */
	if (!err && fchmod(fd, mode & ~current_umask()) != 0)
		err = errno;
	if (!err && (flags & UMPIRE_WRITE_SYNC) && fsync(fd) != 0)
		err = errno;
	if (!err && st && fstat(fd, st) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && renameat(dirfd, tmp, dirfd, name) != 0)
		err = errno;
	if (err) {
		unlinkat(dirfd, tmp, 0);
		umpire_diag(d, UMPIRE_ERROR, shown, 0, 0, "cannot write: %s",
			strerror(err));
		return EX_IOERR;
	}
	return 0;
}

int
umpire_file_write(const char *path, const void *data, size_t len,
	struct umpire_diags *d)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) : NULL;

	if (slash && !dir)
		umpire_die_oom();
	int dirfd = open(dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (dirfd < 0 || !*name) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot create: %s",
			dirfd < 0 ? strerror(errno) : "not a file name");
		if (dirfd >= 0)
			close(dirfd);
		return EX_CANTCREAT;
	}
	int rc = umpire_file_write_at(dirfd, name, path, data, len, 0, 0666,
		NULL, d);
	close(dirfd);
	return rc;
}

int
umpire_file_clean_tmp(int dirfd)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;
	int rc = 0;

	if (!dp) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(dp)))
		if (strncmp(e->d_name, UMPIRE_TMP_PREFIX,
		    sizeof(UMPIRE_TMP_PREFIX) - 1) == 0 &&
		    unlinkat(dirfd, e->d_name, 0) != 0)
			rc = -1;
	closedir(dp);
	return rc;
}

int
umpire_file_sync_dir(int dirfd)
{
	/* Some file systems refuse fsync on a directory: nothing to do. */
	if (fsync(dirfd) != 0 && errno != EINVAL && errno != EROFS)
		return -1;
	return 0;
}
