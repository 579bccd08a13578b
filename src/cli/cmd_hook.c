/*
 * cmd_hook.c - umpire hook install: a shared bare repository that
 * adjudicates the orders its players push (umpire(1), A SHARED GIT
 * SERVER).
 *
 * A player pushes a commit holding orders.yaml (and orders.yaml.sig in
 * a game whose players have keys) to refs/heads/orders/PLAYER.  The
 * pre-receive hook checks those orders against the game and refuses the
 * push with umpire's diagnostics, which git shows the player as
 * "remote: orders.yaml:7:3: error: ..."; the post-receive hook then
 * runs the turn in the repository's own work clone and pushes the new
 * step to main.  One lock (flock(1)) serializes the hooks of concurrent
 * pushes, so each orders file is adjudicated after the one before it;
 * orders that pass the check but whose turn has gone by the time they
 * come are refused then, and stay on the player's branch.  Nobody but
 * the hooks may update main or any branch outside orders/.
 *
 * The hooks are shell scripts that run git and umpire, written with the
 * absolute paths they need; install checks the game first by cloning it
 * into REPO/umpire-work and loading it.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#include "cli.h"
#include "util/fileio.h"
#include "history/history.h"

#define MARK "# umpire hook: "

static bool
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* Whether the bare repository has a branch main, loose or packed. */
static bool
has_main(const char *repo)
{
	char p[PATH_MAX + 32], line[512];
	bool found = false;

	snprintf(p, sizeof(p), "%s/refs/heads/main", repo);
	if (exists(p))
		return true;
	snprintf(p, sizeof(p), "%s/packed-refs", repo);
	FILE *f = fopen(p, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		const char *sp = strchr(line, ' ');
		found = line[0] != '#' && line[0] != '^' && sp &&
			strcmp(sp, " refs/heads/main\n") == 0;
	}
	fclose(f);
	return found;
}

/* A path as a single-quoted shell word. */
static void
shell_word(struct umpire_buf *b, const char *s)
{
	umpire_buf_putc(b, '\'');
	for (; *s; s++)
		if (*s == '\'')
			umpire_buf_puts(b, "'\\''");
		else
			umpire_buf_putc(b, *s);
	umpire_buf_putc(b, '\'');
}

/* The part both hooks share: where things are, the lock, the orders. */
static void
prologue(struct umpire_buf *b, const char *which, const char *self,
	const char *work, const char *seed)
{
	umpire_buf_printf(b, "#!/bin/sh\n" MARK "%s, written by umpire hook "
		"install; see umpire(1),\n# A SHARED GIT SERVER.  Reinstall "
		"rather than edit.\n", which);
	umpire_buf_puts(b, "UMPIRE=");
	shell_word(b, self);
	umpire_buf_puts(b, "\nWORK=");
	shell_word(b, work);
	umpire_buf_puts(b, "\nSEED=");
	shell_word(b, seed ? seed : "");
	umpire_buf_puts(b, "\n"
		"ZERO=0000000000000000000000000000000000000000\n"
		"# umpire's own push of a new step to main passes untouched.\n"
		"[ -n \"${UMPIRE_HOOK:-}\" ] && exit 0\n"
		"set -u\n"
		"seedopt() { [ -n \"$SEED\" ] && printf '%s\\n' --seed-file "
		"\"$SEED\"; }\n"
		"# orders COMMIT DIR: the orders (and signature) COMMIT holds, "
		"into DIR.\n"
		"# (a blob of at most 1 MiB, the most umpire reads of orders).\n"
		"orders() {\n"
		"\tsize=$(git cat-file -s \"$1:orders.yaml\" 2>/dev/null) || "
		"return 1\n"
		"\t[ \"$size\" -le 1048576 ] || return 1\n"
		"\tgit cat-file blob \"$1:orders.yaml\" >\"$2/orders.yaml\" "
		"2>/dev/null || return 1\n"
		"\tgit cat-file blob \"$1:orders.yaml.sig\" "
		">\"$2/orders.yaml.sig\" 2>/dev/null ||\n"
		"\t\trm -f \"$2/orders.yaml.sig\"\n"
		"}\n"
		"# Outside the repository receiving the push: none of its git\n"
		"# environment (GIT_DIR, its quarantine) for the work clone.\n"
		"clean() {\n"
		"\tenv -u GIT_DIR -u GIT_WORK_TREE -u GIT_INDEX_FILE "
		"-u GIT_OBJECT_DIRECTORY \\\n"
		"\t\t-u GIT_ALTERNATE_OBJECT_DIRECTORIES -u GIT_QUARANTINE_PATH "
		"\"$@\"\n"
		"}\n"
		"# The work clone follows main before each check or turn.\n"
		"follow() {\n"
		"\tclean git -C \"$WORK\" fetch -q origin &&\n"
		"\t\tclean git -C \"$WORK\" reset -q --hard origin/main\n"
		"}\n");
}

static const char pre_receive[] =
	"status=0\n"
	"exec 9>\"$WORK.lock\"\n"
	"flock 9\n"
	"follow || { echo \"umpire: cannot bring $WORK up to main\"; exit 1; }\n"
	"while read -r old new ref; do\n"
	"\tcase $ref in\n"
	"\trefs/heads/orders/*)\n"
	"\t\tplayer=${ref#refs/heads/orders/}\n"
	"\t\t[ \"$new\" = \"$ZERO\" ] && continue\n"
	"\t\ttmp=$(mktemp -d) || exit 1\n"
	"\t\tif ! orders \"$new\" \"$tmp\"; then\n"
	"\t\t\techo \"umpire: $ref: the commit pushed holds no orders.yaml "
	"(a file of at most 1 MiB)\"\n"
	"\t\t\tstatus=1\n"
	"\t\telif said=$(sed -n 's/^player: *\\([^ ]*\\) *$/\\1/p' "
	"\"$tmp/orders.yaml\"); [ \"$said\" != \"$player\" ]; then\n"
	"\t\t\techo \"umpire: $ref: orders.yaml is not $player's (it says "
	"player: ${said:-nobody}); push each player's orders to his own "
	"branch, orders/${said:-PLAYER}\"\n"
	"\t\t\tstatus=1\n"
	"\t\telif ! (cd \"$tmp\" && clean \"$UMPIRE\" check \"$WORK\" "
	"orders.yaml $(seedopt) 2>&1); then\n"
	"\t\t\tstatus=1\n"
	"\t\tfi\n"
	"\t\trm -rf \"$tmp\"\n"
	"\t\t;;\n"
	"\t*)\n"
	"\t\techo \"umpire: $ref: only umpire writes the game's branches; "
	"push your orders to refs/heads/orders/PLAYER\"\n"
	"\t\tstatus=1\n"
	"\t\t;;\n"
	"\tesac\n"
	"done\n"
	"[ $status = 0 ] || echo \"umpire: push refused; the game is as it "
	"was\"\n"
	"exit $status\n";

static const char post_receive[] =
	"exec 9>\"$WORK.lock\"\n"
	"flock 9\n"
	"while read -r old new ref; do\n"
	"\tcase $ref in refs/heads/orders/*) ;; *) continue ;; esac\n"
	"\t[ \"$new\" = \"$ZERO\" ] && continue\n"
	"\ttmp=$(mktemp -d) || exit 1\n"
	"\tif orders \"$new\" \"$tmp\" && follow; then\n"
	"\t\tif (cd \"$tmp\" && clean \"$UMPIRE\" turn \"$WORK\" orders.yaml "
	"$(seedopt) >report.md 2>&1); then\n"
	"\t\t\tif UMPIRE_HOOK=1 clean git -C \"$WORK\" push -q origin "
	"HEAD:main; then\n"
	"\t\t\t\techo \"umpire: $(clean git -C \"$WORK\" log -1 "
	"--format=%s)\"\n"
	"\t\t\t\tclean git -C \"$WORK\" log -1 --format=%b | sed -n '1p' | "
	"sed 's/^/umpire: /'\n"
	"\t\t\t\treport=$(clean git -C \"$WORK\" diff-tree --no-commit-id "
	"--name-only -r HEAD | grep -E '^reports/([0-9]+/)?[0-9]+\\.md$')\n"
	"\t\t\t\techo \"umpire: the report: git fetch origin && git show "
	"origin/main:$report\"\n"
	"\t\t\telse\n"
	"\t\t\t\techo \"umpire: the step was made but not pushed to main; "
	"the next push brings it\"\n"
	"\t\t\tfi\n"
	"\t\telse\n"
	"\t\t\techo \"umpire: $ref: refused when its turn came:\"\n"
	"\t\t\tcat \"$tmp/report.md\"\n"
	"\t\tfi\n"
	"\tfi\n"
	"\trm -rf \"$tmp\"\n"
	"done\n"
	"exit 0\n";

/*
 * hooks/umpire-tick is no hook git runs: the host's cron runs it (with
 * tick's options, --now say) to apply the game's deadlines under the
 * hooks' lock, and pushes any default step to main.  If that push
 * fails, the next run makes the same steps again: a default step
 * depends only on the history, never on when tick ran.
 */
static const char tick_script[] =
	"exec 9>\"$WORK.lock\"\n"
	"flock 9\n"
	"follow || { echo \"umpire: cannot bring $WORK up to main\" >&2; "
	"exit 75; }\n"
	"before=$(clean git -C \"$WORK\" rev-parse HEAD)\n"
	"clean \"$UMPIRE\" tick \"$WORK\" $(seedopt) \"$@\"\n"
	"status=$?\n"
	"if [ \"$(clean git -C \"$WORK\" rev-parse HEAD)\" != \"$before\" ] &&\n"
	"    ! UMPIRE_HOOK=1 clean git -C \"$WORK\" push -q origin HEAD:main; "
	"then\n"
	"\techo \"umpire: default steps made but not pushed to main; the next "
	"tick makes them again\" >&2\n"
	"\texit 75\n"
	"fi\n"
	"exit $status\n";

static int
write_hook(const char *repo, const char *name, const char *text, bool force,
	struct umpire_diags *d)
{
	char path[PATH_MAX + 64], tmp[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/hooks/%s", repo, name);
	if (exists(path) && !force) {
		FILE *f = fopen(path, "r");
		char line[256] = "";
		if (f) {
			if (!fgets(line, sizeof(line), f) || !fgets(line, sizeof(line),
			    f))
				line[0] = '\0';
			fclose(f);
		}
		if (strncmp(line, MARK, strlen(MARK)) != 0) {
			umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "a hook umpire did not "
				"write is there; move it away, or give --force to replace "
				"it");
			return EX_CANTCREAT;
		}
	}
	snprintf(tmp, sizeof(tmp), "%s/hooks/.%s.umpire", repo, name);
	unlink(tmp);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		0755);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    fsync(fd) != 0 || close(fd) != 0 || rename(tmp, path) != 0) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot write: %s",
			strerror(errno));
		if (fd >= 0)
			unlink(tmp);
		return EX_CANTCREAT;
	}
	return 0;
}

static int
install(const char *repo_arg, const char *seed_arg, bool force,
	struct umpire_diags *d)
{
	char repo[PATH_MAX], self[PATH_MAX], seed[PATH_MAX];
	char work[PATH_MAX + 32];
	char p[PATH_MAX + 32];
	ssize_t n;

	if (!realpath(repo_arg, repo) || !is_dir(repo)) {
		umpire_diag(d, UMPIRE_ERROR, repo_arg, 0, 0, "no such directory");
		return EX_NOINPUT;
	}
	snprintf(p, sizeof(p), "%s/.git", repo);
	bool bare = !exists(p);
	snprintf(p, sizeof(p), "%s/objects", repo);
	bare = bare && is_dir(p);
	snprintf(p, sizeof(p), "%s/HEAD", repo);
	if (!bare || !exists(p)) {
		umpire_diag(d, UMPIRE_ERROR, repo, 0, 0, "not a bare git repository; "
			"players share one made with git clone --bare GAME REPO");
		return EX_USAGE;
	}
	/*
	 * The hooks run this umpire: the path it was started by (under
	 * valgrind, the program valgrind ran), else the kernel's word.
	 */
	if (!strchr(cli_program, '/') || !realpath(cli_program, self)) {
		if ((n = readlink("/proc/self/exe", self, sizeof(self) - 1)) < 0) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "cannot tell where "
				"umpire is: %s", strerror(errno));
			return EX_OSERR;
		}
		self[n] = '\0';
	}
	if (seed_arg && !realpath(seed_arg, seed)) {
		umpire_diag(d, UMPIRE_ERROR, seed_arg, 0, 0, "cannot open: %s",
			strerror(errno));
		return EX_NOINPUT;
	}
	snprintf(work, sizeof(work), "%s/umpire-work", repo);
	if (!exists(work) && !has_main(repo)) {
		umpire_diag(d, UMPIRE_ERROR, repo, 0, 0, "has no branch main, so no "
			"game yet: push the game umpire new made to it first "
			"(git -C GAME push %s main)", repo);
		return EX_NOINPUT;
	}
	if (!exists(work)) {
		/*
		 * The hooks run git itself, so install may too: git clone
		 * (libgit2 1.5's own clone leaks, which valgrind minds).
		 */
		char *args[] = { "git", "clone", "-q", "--branch", "main", repo, work,
			NULL };
		pid_t pid;
		int st;
		if (posix_spawnp(&pid, "git", NULL, NULL, args, environ) != 0 ||
		    waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0) {
			umpire_diag(d, UMPIRE_ERROR, repo, 0, 0, "git clone of its main "
				"branch into %s failed", work);
			return EX_CANTCREAT;
		}
	}
	/* The game must load: a hook for a broken game refuses everything. */
	struct umpire_history *h;
	struct umpire_game *g;
	int rc = cli_open_game(&h, &g, work, false, d);
	if (rc)
		return rc;
	struct umpire_decision dec;
	umpire_game_decision(g, &dec);
	printf("umpire hook: %s adjudicates game %s (%s)%s\n", repo, g->id,
		g->rules->name, dec.player ? "" : "; the game is over");
	umpire_game_free(g);
	umpire_history_close(h);

	struct umpire_buf pre = UMPIRE_BUF_INIT, post = UMPIRE_BUF_INIT;
	prologue(&pre, "pre-receive", self, work, seed_arg ? seed : NULL);
	umpire_buf_puts(&pre, pre_receive);
	prologue(&post, "post-receive", self, work, seed_arg ? seed : NULL);
	umpire_buf_puts(&post, post_receive);
	rc = write_hook(repo, "pre-receive", umpire_buf_cstr(&pre), force, d);
	if (!rc)
		rc = write_hook(repo, "post-receive", umpire_buf_cstr(&post), force,
			d);
	umpire_buf_clear(&pre);
	prologue(&pre, "umpire-tick", self, work, seed_arg ? seed : NULL);
	umpire_buf_puts(&pre, tick_script);
	if (!rc)
		rc = write_hook(repo, "umpire-tick", umpire_buf_cstr(&pre), force,
			d);
	umpire_buf_free(&pre);
	umpire_buf_free(&post);
	if (!rc)
		printf("umpire hook: players push a commit holding orders.yaml to "
			"refs/heads/orders/PLAYER, made anew from main for each step:\n"
			"  git fetch origin && git checkout -B orders/PLAYER origin/main\n"
			"  git add orders.yaml && git commit -m orders && "
			"git push -f origin orders/PLAYER\n"
			"and read the report on main: git fetch origin && "
			"git show origin/main:reports/NN/NNNN.md (reports/NNNN.md in "
			"a game made before umpire 0.5.0)\n"
			"umpire hook: for the game's deadlines, run %s/hooks/umpire-tick "
			"from cron:\n  */10 * * * * %s/hooks/umpire-tick\n", repo, repo);
	return rc;
}

int
cmd_hook(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *seed = NULL;
	bool force = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'f')
			seed = optarg;
		if (c == 'F')
			force = true;
	}
	if (argc - optind >= 1 && strcmp(argv[optind], "install") != 0) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, argv[optind]);
		umpire_suggest_add(&sg, "install");
		char q[UMPIRE_QUOTE_SIZE];
		return cli_usage(argv[0], "unknown action %s%s; the one there is: "
			"install REPO", umpire_quote_buf(q, sizeof(q), argv[optind],
			strlen(argv[optind])), umpire_suggest_hint(&sg));
	}
	if (argc - optind != 2)
		return cli_usage(argv[0], "install REPO: name the bare repository "
			"the players share");
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	rc = install(argv[optind + 1], seed, force, &d);
	return cli_done(&d, rc);
}
