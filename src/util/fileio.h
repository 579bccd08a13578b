/*
 * fileio.h - reading inputs with a size limit, writing outputs atomically.
 *
 * All return 0 or a sysexits(3) code after recording a diagnostic, so
 * the CLI can pass the code straight on.  The caller owns every buffer
 * and descriptor it passes; nothing here keeps one.
 */
#ifndef UMPIRE_FILEIO_H
#define UMPIRE_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "util/buf.h"
#include "util/diag.h"

/*
 * Read one of the host's own files, path ("-" is standard input), into
 * out, refusing files over max bytes without reading them whole.  Links
 * are followed and a pipe is read (a seed file may be a secret store's
 * link, a scenario a shell's <(...)); a directory is refused.
 * EX_NOINPUT if it does not exist, EX_DATAERR if too large, EX_IOERR
 * otherwise.
 */
int umpire_file_read(struct umpire_buf *out, const char *path, size_t max,
	struct umpire_diags *d);

/*
 * Read a file a player may have chosen (orders; the files resolve reads)
 * the same way, trusting nothing about it: opened without following a
 * symbolic link in its last component and without blocking, it must be
 * a regular file (or standard input), so that a link to a device, a FIFO
 * or a file of the host's is refused, EX_NOINPUT, before a byte is read.
 */
int umpire_file_read_untrusted(struct umpire_buf *out, const char *path,
	size_t max, struct umpire_diags *d);

/*
 * Replace path with data: write a temporary file created exclusively
 * beside it (never through a link planted there), then rename it over
 * path, so a reader sees the old file or the new one, never half of one.
 * EX_CANTCREAT or EX_IOERR on failure, and nothing is left behind.
 */
int umpire_file_write(const char *path, const void *data, size_t len,
	struct umpire_diags *d);

/* Flags of umpire_file_write_at. */
#define UMPIRE_WRITE_SYNC 1	/* fsync(2) the data before the rename */

/*
 * The same for name in the directory dirfd (one name, no '/'): the
 * temporary file is UMPIRE_TMP_PREFIX... in that directory, so the rename
 * never crosses a file system.  mode is the new file's (before umask).
 * shown is how diagnostics name the file.  If st is not NULL it gets the
 * new file's status, for the git index.
 */
int umpire_file_write_at(int dirfd, const char *name, const char *shown,
	const void *data, size_t len, unsigned flags, mode_t mode,
	struct stat *st, struct umpire_diags *d);

/* How temporary files start: a killed umpire can leave one. */
#define UMPIRE_TMP_PREFIX ".umpire-tmp-"

/* Remove the temporary files an umpire left in dirfd; 0 or -1. */
int umpire_file_clean_tmp(int dirfd);

/* fsync(2) a directory, so that a rename in it lasts; 0 or -1. */
int umpire_file_sync_dir(int dirfd);

/* How diagnostics name a path: "<stdin>" for "-". */
const char *umpire_file_name(const char *path);

/* What a file's mode says it is, for messages: "a symbolic link". */
const char *umpire_file_kind(mode_t mode);

#endif
