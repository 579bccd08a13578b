#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
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

int
umpire_file_read(struct umpire_buf *out, const char *path, size_t max,
	struct umpire_diags *d)
{
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	const char *name = umpire_file_name(path);
	struct stat st;

	if (fd < 0) {
		int err = errno;
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "cannot open: %s",
			strerror(err));
		return err == ENOENT || err == ENOTDIR ? EX_NOINPUT : EX_IOERR;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, name, 0, 0,
			"is a directory, not a file");
		close(fd);
		return EX_NOINPUT;
	}
	umpire_buf_clear(out);
	for (;;) {
		umpire_buf_grow(out, 65536);
		size_t room = out->cap - out->len - 1;
		ssize_t n = read(fd, out->ptr + out->len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;
			umpire_diag(d, UMPIRE_ERROR, name, 0, 0, "cannot read: %s",
				strerror(err));
			if (!is_stdin)
				close(fd);
			return EX_IOERR;
		}
		if (n == 0)
			break;
		out->len += (size_t)n;
		out->ptr[out->len] = '\0';
		if (out->len > max) {
			umpire_diag(d, UMPIRE_ERROR, name, 0, 0,
				"file is over the limit of %zu bytes; nothing was read",
				max);
			if (!is_stdin)
				close(fd);
			return EX_DATAERR;
		}
	}
	if (!is_stdin)
		close(fd);
	return 0;
}

static int
write_tmp(const char *path, const char *tmp, const void *data, size_t len,
	struct umpire_diags *d)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot create: %s",
			strerror(errno));
		return EX_CANTCREAT;
	}
	const char *p = data;
	size_t left = len;
	while (left) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot write: %s",
				strerror(errno));
			close(fd);
			unlink(tmp);
			return EX_IOERR;
		}
		p += n;
		left -= (size_t)n;
	}
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot write: %s",
			strerror(errno));
		unlink(tmp);
		return EX_IOERR;
	}
	return 0;
}

int
umpire_file_write(const char *path, const void *data, size_t len,
	struct umpire_diags *d)
{
	size_t plen = strlen(path);
	char *tmp = umpire_xmalloc(plen + 32);
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;

	/* Beside the target, so rename(2) stays within one file system. */
	snprintf(tmp, plen + 32, "%.*s.%s.%ld.tmp", (int)dirlen, path,
		path + dirlen, (long)getpid());
	int rc = write_tmp(path, tmp, data, len, d);
	free(tmp);
	return rc;
}

int
umpire_file_write_via(const char *path, const char *tmpdir, const void *data,
	size_t len, struct umpire_diags *d)
{
	static unsigned serial;
	size_t size = strlen(tmpdir) + 64;
	char *tmp = umpire_xmalloc(size);

	snprintf(tmp, size, "%s/umpire-tmp-%ld-%u", tmpdir, (long)getpid(),
		serial++);
	int rc = write_tmp(path, tmp, data, len, d);
	free(tmp);
	return rc;
}
