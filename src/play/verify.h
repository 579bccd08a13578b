/*
 * verify.h - replay a game's whole history and compare.
 *
 * From the commit that made the game (umpire new) to HEAD, along first
 * parents: step 0 is re-created from the committed scenario and seed;
 * every later commit that touches umpire's files must be exactly one
 * step (game.yaml, orders/NNNN-PLAYER.yaml, reports/NNNN.md and
 * reports/NNNN.svg) whose orders pass the checks, whose state, report
 * and picture are what re-adjudicating them gives, and whose author is
 * the player; or a default step of umpire tick's, umpire's, dated with
 * its deadline, with the bot's orders or a forfeit (default.h); or the
 * reveal of a sealed seed.
 * Commits that leave umpire's files alone are not steps and are skipped.
 *
 * Every commit of umpire's is also checked as git records it: plain
 * files only (mode 100644), umpire as committer (and as author of step 0
 * and of the reveal), author and committer at one moment, dates that
 * never go backwards, the message umpire writes; and every report's
 * receipt against the orders and state committed beside it.
 *
 * Across versions: a state may record an older umpire than this one,
 * never a newer one, and versions never go backwards along the history.
 * States, rolls, receipts and commits are compared whichever umpire
 * wrote a step; a report's words and the step's picture only when this
 * umpire wrote it, since wording and drawing may change between versions
 * without changing a ruling (and versions before 0.3.0 drew no
 * pictures).  The result says which steps another version wrote.
 *
 * What no repository can prove alone, that its last steps are still
 * there as they were, a player proves with the receipts the reports
 * give: "STEP:HASH", the SHA-256 of game.yaml as that step left it.
 */
#ifndef UMPIRE_VERIFY_H
#define UMPIRE_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "game/dice.h"
#include "util/diag.h"
#include "history/history.h"
#include "game/report.h"
#include "game/version.h"

/* A player's receipt of a step: the SHA-256 of game.yaml as it left it. */
struct umpire_receipt {
	long step;
	char hash[UMPIRE_HASH_HEX + 1];	/* lower case */
};

#define UMPIRE_VERIFY_RECEIPTS_MAX 64

/* "STEP:HASH", the hash in either case: 0, or -1 if text is not one. */
int umpire_verify_receipt_parse(struct umpire_receipt *out, const char *text);

struct umpire_verify_opts {
	/* A sealed game's seed when the history has not revealed it. */
	const struct umpire_seed *seed;
	const char *seed_source;	/* where it came from, for messages */
	/* Receipts to prove, at most UMPIRE_VERIFY_RECEIPTS_MAX. */
	const struct umpire_receipt *receipts;
	size_t nreceipts;
	/*
	 * Orders a player signed, which contest a default step made in
	 * their place (umpire verify --contest): their path (for messages),
	 * text and signature.  path NULL: none.
	 */
	const char *contest_path;
	const char *contest_text;
	size_t contest_len;
	const char *contest_sig;
	size_t contest_siglen;
	/* The moment to verify at, seconds since the epoch; 0: the clock's. */
	long long now;
	/* Called after each commit checked, if set: done of total commits. */
	void (*progress)(void *arg, size_t done, size_t total);
	void *progress_arg;
};

#define UMPIRE_VERIFY_OPTS_INIT { NULL, NULL, NULL, 0, NULL, NULL, 0, \
	NULL, 0, 0, NULL, NULL }

/* A run of steps whose reports another umpire version wrote. */
struct umpire_verify_other {
	char version[32];
	long first, last;	/* steps */
	size_t steps;
	/* From before receipts: the orders were not compared byte for byte. */
	bool unhashed;
};

/* A default step umpire tick made (default.h), as verify found it. */
struct umpire_verify_default {
	long step;
	char player[33], kind[33];
	long long deadline;
	bool forfeit;
};

#define UMPIRE_VERIFY_DEFAULTS_MAX 32

struct umpire_verify_result {
	size_t commits;		/* in the first-parent history */
	size_t steps;		/* re-adjudicated, step 0 included */
	size_t rolls;		/* dice re-derived */
	size_t receipts;	/* receipts proved */
	long awaited;		/* the step HEAD awaits */
	bool over;		/* the game has ended */
	char outcome[256];	/* once over: "green won at step 9 (how)" */
	char game[64];
	/* The default steps, the first UMPIRE_VERIFY_DEFAULTS_MAX of them. */
	struct umpire_verify_default defaults[UMPIRE_VERIFY_DEFAULTS_MAX];
	size_t ndefaults;	/* every one, those past the array too */
	/* --contest: the step the orders answer, and whether it holds them. */
	long contest_step;
	bool contest_held;	/* the step played these very orders */
	bool contest_other;	/* it played other orders the player signed */
	long contest_standing;	/* or the standing orders he sent with this step's */
	/* Runs of steps another umpire version wrote: words unchecked. */
	struct umpire_verify_other other[4];
	size_t nother;		/* every run, those past the array too */
};

/*
 * Returns 0 when everything holds, EX_DATAERR naming the first commit
 * (or receipt) that does not, EX_NOINPUT when a sealed game's seed is
 * missing, or another sysexits code.
 */
int umpire_verify(struct umpire_history *h,
	const struct umpire_verify_opts *opts, struct umpire_verify_result *out,
	struct umpire_diags *d);

#endif
