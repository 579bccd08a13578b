/*
 * fileio.h - reading inputs with a size limit, writing outputs atomically.
 *
 * Both return 0 or a sysexits(3) code after recording a diagnostic, so
 * the CLI can pass the code straight on.
 */
#ifndef UMPIRE_FILEIO_H
#define UMPIRE_FILEIO_H

#include <stddef.h>

#include "buf.h"
#include "diag.h"

/*
 * Read path ("-" is standard input) into out, refusing files over max
 * bytes without reading them whole.  EX_NOINPUT if it does not exist,
 * EX_DATAERR if too large, EX_IOERR otherwise.
 */
int umpire_file_read(struct umpire_buf *out, const char *path, size_t max,
	struct umpire_diags *d);

/*
 * Replace path with data: write a temporary file beside it, then rename,
 * so a reader sees the old file or the new one, never half of one.
 * EX_CANTCREAT or EX_IOERR on failure.
 */
int umpire_file_write(const char *path, const void *data, size_t len,
	struct umpire_diags *d);
/*
 * The same with the temporary file in tmpdir (on the same file system),
 * named "umpire-tmp-PID-N": how history writes a work tree without ever
 * leaving a stray file in it.
 */
int umpire_file_write_via(const char *path, const char *tmpdir,
	const void *data, size_t len, struct umpire_diags *d);

/* How diagnostics name a path: "<stdin>" for "-". */
const char *umpire_file_name(const char *path);

#endif
