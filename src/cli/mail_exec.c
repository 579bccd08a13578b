/*
 * mail_exec.c - `umpire mail` in the umpire program: run umpire-mail.
 *
 * Reading and writing messages takes GMime, and GMime brings GLib, GIO,
 * gpgme and OpenSSL: some twenty shared libraries that every turn would
 * load for nothing.  So the mail verb is a program of its own, built
 * from the same main.c with the real cmd_mail (cmd_mail.c) where the
 * umpire program links this stand-in.  It runs the umpire-mail that
 * sits beside the running umpire, as git runs its helpers: the same
 * build, not another version found on PATH.  Only where neither /proc
 * nor argv[0] tells where umpire is does PATH decide.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"

#define MAIL_PROGRAM "umpire-mail"

/* The directory of the running program into dir; false if unknown. */
static bool
own_directory(char *dir, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);

	if (n > 0) {
		dir[n] = '\0';
	} else {
		/* No /proc: how umpire was started, if that was a path. */
		if (!strchr(cli_program, '/') || !realpath(cli_program, dir))
			return false;
	}
	char *slash = strrchr(dir, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return true;
}

int
cmd_mail(int argc, char **argv)
{
	char dir[PATH_MAX], path[PATH_MAX + sizeof(MAIL_PROGRAM) + 1];
	char **args = calloc((size_t)argc + 2, sizeof(*args));

	if (!args) {
		fputs("umpire mail: error: out of memory\n", stderr);
		return EX_TEMPFAIL;
	}
	if (own_directory(dir, sizeof(dir)))
		snprintf(path, sizeof(path), "%s/%s", dir, MAIL_PROGRAM);
	else
		snprintf(path, sizeof(path), "%s", MAIL_PROGRAM);
	/* umpire-mail mail ARGS: the same verb, the same options. */
	args[0] = path;
	for (int i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	if (strchr(path, '/'))
		execv(path, args);
	else
		execvp(path, args);
	/*
	 * 75, as for a locked game: the mail system keeps the message and
	 * tries again (after the host's upgrade, say), and nothing is lost.
	 */
	fprintf(stderr, "umpire mail: error: cannot run %s: %s (umpire mail "
		"is the program umpire-mail, installed beside umpire)\n", path,
		strerror(errno));
	free(args);
	return EX_TEMPFAIL;
}
