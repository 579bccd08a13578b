/*
 * cli.h - what the verbs share: usage errors, diagnostics, the seed's
 * sources, and opening a game directory.
 *
 * Only this layer turns failures into exit codes (sysexits(3)); the
 * core returns them and records diagnostics.
 */
#ifndef UMPIRE_CLI_H
#define UMPIRE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "util/buf.h"
#include "game/dice.h"
#include "util/diag.h"
#include "game/game.h"
#include "play/hidden.h"
#include "history/history.h"
#include "history/paths.h"
#include "game/deadline.h"

struct cli_verb {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *synopsis;	/* mirrors umpire(1) */
	const char *summary;
	const char *help;	/* what --help adds: options and examples */
};

extern const struct cli_verb cli_verbs[];

#define CLI_HELP 1000	/* the value of every verb's --help option */

struct option;

/*
 * getopt_long for a verb: the next option, -1 after the last, or -2 when
 * the verb is done (--help printed, or a usage error): *rc says how.
 * Options may come anywhere; "-" is an operand (standard input).
 */
int cli_getopt(int argc, char **argv, const char *shortopts,
	const struct option *longopts, int *rc);

/* "umpire VERB: message" and the synopsis; returns EX_USAGE. */
int cli_usage(const char *verb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int cli_help(const char *verb);
/*
 * Print d to standard error (as --format says: cli_format; GitHub's
 * workflow commands and GitLab's Code Quality report to standard
 * output) and pass rc on.
 */
int cli_done(struct umpire_diags *d, int rc);
extern enum umpire_diag_format cli_format;
/* How umpire was started: main's argv[0]. */
extern const char *cli_program;
/* --format ARG of verb: 0, or EX_USAGE after saying why. */
int cli_set_format(const char *verb, const char *arg);

/*
 * The seed for a verb: from --seed HEX, else --seed-file F, else the
 * environment's UMPIRE_SEED.  *found says whether any was given.
 * *source names where it came from, for messages.
 */
int cli_seed(struct umpire_seed *out, bool *found, const char **source,
	const char *hex, const char *file, struct umpire_diags *d);

/*
 * Open the game in dir and load the state at HEAD.  With lock, take the
 * game's lock first and repair a work tree left behind by a crash.
 */
int cli_open_game(struct umpire_history **h, struct umpire_game **g,
	const char *dir, bool lock, struct umpire_diags *d);

/*
 * Whether who is one of g's players; if not, say so for option opt
 * ("--as"), naming the players and the nearest, and return false.
 */
bool cli_is_player(const struct umpire_game *g, const char *opt,
	const char *who, struct umpire_diags *d);

/* Give a sealed game its seed (--seed-file or UMPIRE_SEED). */
int cli_unseal(struct umpire_game *g, const char *seed_file,
	struct umpire_diags *d);

/*
 * In a game that hides (ruleset.h, version 4), give it its seed as
 * cli_unseal does and read HEAD's secret part into it; nothing for a
 * game that hides nothing.
 */
int cli_load_secret(struct umpire_history *h, struct umpire_game *g,
	const char *seed_file, struct umpire_diags *d);
/*
 * player's latest private view in a game that hides, opened with the
 * OpenSSH private key in keyfile (the --as and --identity options):
 * 0 and the Markdown in out, 1 if he has none, or a sysexits code.
 */
int cli_private_view(struct umpire_buf *out, struct umpire_history *h,
	const struct umpire_game *g, const char *player, const char *keyfile,
	struct umpire_diags *d);
/*
 * A scenario's text: a ruleset's name stands for its built-in standard
 * scenario, RULESET:NAME for its built-in scenario NAME (*name becomes
 * the built-in path, samples/RULESET/NAME.yaml); anything else is a file
 * (- for standard input).  0 or a sysexits code.
 */
int cli_read_scenario(struct umpire_buf *out, const char **name,
	const char *arg, struct umpire_diags *d);

/*
 * The deadline policy of the game at HEAD, from its committed scenario
 * (deadline.h); its strings live in a.  0 or a sysexits code.
 */
int cli_policy(struct umpire_deadline_policy *out, struct umpire_history *h,
	const char *dir, struct umpire_arena *a, struct umpire_diags *d);
/*
 * The date of the step made now on g: the clock, but never before the
 * step before (its state's date, or umpire's last commit's).
 */
long long cli_step_date(struct umpire_history *h, const struct umpire_game *g);

/*
 * --wait SECONDS (a whole number, at most CLI_WAIT_MAX): how long to
 * wait for a busy game's lock before exiting 75 (history.h).  0, or
 * EX_USAGE after saying why.
 */
#define CLI_WAIT_MAX 3600
int cli_set_wait(const char *verb, const char *arg);

/* Orders held in memory rather than in a file (umpire mail). */
struct cli_orders {
	const char *text;
	size_t len;
	const char *sig;	/* their signature; NULL: none came */
	size_t siglen;
};

/* What a step committed by cli_turn leaves the caller; he frees it. */
struct cli_turn_out {
	long step;
	struct umpire_buf report;	/* reports/NNNN.md */
	struct umpire_buf picture;	/* reports/NNNN.svg */
	char picture_name[UMPIRE_PATH_MAX];	/* "NNNN.svg" */
	struct umpire_hidden hidden;	/* the encrypted files, views and all */
};

#define CLI_TURN_OUT_INIT { 0, UMPIRE_BUF_INIT, UMPIRE_BUF_INIT, "", { 0 } }

/*
 * What umpire turn does: check the orders at path (a file, - for
 * standard input; with mem, the text in memory that path names in
 * diagnostics) against the game in dir under its lock, resolve them
 * and commit the step.  0 and the step in out, or a sysexits code after
 * diagnostics in d, the game as it was.
 */
int cli_turn(struct cli_turn_out *out, const char *dir, const char *path,
	const struct cli_orders *mem, const char *sigopt, const char *seed_file,
	bool force, struct umpire_diags *d);
void cli_turn_out_free(struct cli_turn_out *out);

/*
 * After a step committed on *g: commit the steps of umpire's that apply
 * the standing orders due (standing.h), one by one, under the deadline
 * policy pol, appending each report to reports and, for tick --format
 * json, each step to json as an object {"step": 5, "player": "allies",
 * "kind": "place", "from": 3}, after ", " if json is not empty (either
 * NULL: not kept).  0, or the first commit's error.
 */
int cli_standing(struct umpire_history *h, struct umpire_game **g,
	const struct umpire_deadline_policy *pol, struct umpire_buf *reports,
	struct umpire_buf *json, struct umpire_diags *d);

/*
 * A progress line for long runs, on standard error and only when that
 * is a terminal: "simulate: 120 of 5000 games", redrawn at most ten
 * times a second and wiped at the end.
 */
struct cli_progress {
	bool on;
	const char *what;	/* "simulate: %ld of %ld games" */
	long total;
	long long last_ms;
};

void cli_progress_init(struct cli_progress *p, const char *what, long total);
void cli_progress(struct cli_progress *p, long done);
void cli_progress_end(struct cli_progress *p);

/*
 * The standing orders of player (of every player if NULL) that stand in
 * g (standing.h), a line each after lead, the first after first:
 * "allies' place, sent with the orders of step 3, once, 1 alternative";
 * without player's name when mine.  Nothing if none stand.
 */
void cli_standing_text(struct umpire_buf *out, const struct umpire_game *g,
	const char *player, bool mine, const char *first, const char *lead);

/* How a finished game ended, for status and verify: "green won at step 9". */
void cli_print_result(FILE *out, const struct umpire_result *r);

int cmd_rules(int argc, char **argv);
int cmd_schema(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_reveal(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_turn(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_bot(int argc, char **argv);
int cmd_seal(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_hook(int argc, char **argv);
int cmd_tick(int argc, char **argv);
int cmd_deadline(int argc, char **argv);
int cmd_mail(int argc, char **argv);
int cmd_site(int argc, char **argv);
int cmd_orders(int argc, char **argv);
int cmd_sign(int argc, char **argv);

/*
 * The orders template of umpire orders for the decision g awaits: the
 * envelope filled, the modeline, and in comments the decision, the
 * board, view (the player's private view, or NULL: never in a letter
 * sent in clear) and legal orders as an example.  0, or a sysexits code
 * after diagnostics (the game is over).
 */
int cli_orders_template(struct umpire_buf *out, const struct umpire_game *g,
	const struct umpire_buf *view, struct umpire_diags *d);

#endif
