/*
 * step.h - one step made: from the game and what answers the decision
 * it awaits (a player's orders, a default at its deadline, or for step
 * 0 the scenario), the new state, the report closed with its receipt,
 * the encrypted files, the list of files one commit holds and its
 * message.
 *
 * Every verb that writes a step (new, turn, tick, resolve, and through
 * turn mail and the git hook; the host's deadline and reveal) and verify, which makes every step again
 * to compare it with the history, call umpire_step_make, the way every
 * porcelain of git's calls commit_tree(): two copies of this sequence
 * would have to agree byte for byte, and one is easier to keep.
 *
 * Nothing here touches git: the caller commits s->files (history.h) as
 * s->author with s->message, or writes what it wants of them.
 *
 * Ownership: the game is the caller's and the step changes it (for step
 * 0, makes it into *g); struct umpire_step owns its buffers, and its
 * strings live in the arena the caller gives; umpire_step_free frees
 * what the step owns.
 */
#ifndef UMPIRE_STEP_H
#define UMPIRE_STEP_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "game/deadline.h"
#include "util/diag.h"
#include "game/game.h"
#include "play/hidden.h"
#include "play/host.h"
#include "history/history.h"
#include "history/paths.h"
#include "game/report.h"

enum umpire_step_kind {
	UMPIRE_STEP_SETUP,	/* step 0, umpire new's: the scenario */
	UMPIRE_STEP_ORDERS,	/* the awaited player's orders */
	UMPIRE_STEP_DEFAULT,	/* umpire tick's at a deadline (default.h) */
	UMPIRE_STEP_HOST,	/* umpire deadline's or reveal's (host.h) */
	UMPIRE_STEP_STANDING,	/* umpire's, applying standing orders (standing.h) */
};

/* What a step is made from; UMPIRE_STEP_IN_INIT, then what the kind uses. */
struct umpire_step_in {
	enum umpire_step_kind kind;
	/* SETUP: the scenario, parsed and as its bytes, and the seed. */
	const struct umpire_node *scenario;
	const char *scenario_text;
	size_t scenario_len;
	const struct umpire_seed *seed;
	bool sealed;
	/* The game id from the seed alone, as before UMPIRE_BOUND_ID_SINCE. */
	bool seed_id;
	/*
	 * ORDERS, and a DEFAULT the bot plays: the orders, checked
	 * (umpire_game_check), and the bytes the receipt binds.  A default
	 * forfeit has none (orders NULL).
	 */
	const struct umpire_node *orders;
	const char *orders_text;
	size_t orders_len;
	/*
	 * STANDING: the orders umpire_standing_text wrote, checked; from,
	 * the step whose orders sent them (the commit's trailer); and alt,
	 * which of the entry's orders they are (standing.h).
	 */
	long from;
	size_t alt;
	/* ORDERS in a game whose players have keys: the signature, its key. */
	const char *sig;
	size_t siglen;
	const char *fp;		/* "" or NULL: unsigned */
	/*
	 * HOST: the change (host.h), checked with umpire_host_refusal; a
	 * reveal's game has its seed.  Only the state, the message and the
	 * author are made: no report, no receipt.
	 */
	struct umpire_host_change host;
	/* DEFAULT: which, and the deadline missed, counted from since. */
	enum umpire_default dflt;
	long long since, deadline;
	/*
	 * The step's date (seconds since the epoch, UTC; 0: none, as in
	 * umpire resolve without --date) and the deadline policy in force
	 * (NULL: none):
	 * from UMPIRE_DATED_SINCE on the state records the date and the
	 * next decision's deadline (game.h), and the commit must be dated
	 * the same.  A DEFAULT step's date is its deadline.
	 */
	long long date;
	const struct umpire_deadline_policy *pol;
	/* Encode the state as this version writes it; NULL: this umpire. */
	const char *version;
	bool picture;		/* draw the step's picture */
	/*
	 * Also encrypt each view as versions before UMPIRE_PADDED_SINCE did,
	 * unpadded (hidden.h), for verify to accept either.
	 */
	bool legacy;
	/*
	 * Only the state and the report (umpire resolve, on plain files):
	 * no encrypted files, no list of files, no message.
	 */
	bool pure;
};

#define UMPIRE_STEP_IN_INIT { .kind = UMPIRE_STEP_ORDERS, .picture = true }

/* A step made. */
struct umpire_step {
	long step;		/* its number */
	const char *player;	/* whose decision it answers; NULL at step 0 */
	const char *kind;	/* of that decision */
	struct umpire_step_paths paths;
	struct umpire_buf state;	/* game.yaml */
	struct umpire_step_report report;	/* with its receipt; the picture */
	struct umpire_hidden hidden;	/* the secret part and the views */
	size_t rolls;		/* dice drawn */
	/* What its commit holds: the files, by whom, and the message. */
	struct umpire_file *files;
	size_t nfiles;
	struct umpire_person author;
	struct umpire_buf message;
};

#define UMPIRE_STEP_INIT { .state = UMPIRE_BUF_INIT, \
	.report = UMPIRE_STEP_REPORT_INIT, .message = UMPIRE_BUF_INIT }

/*
 * Make the step in answers on *g (step 0: make the game into *g from
 * the scenario).  The orders must be checked already and a sealed
 * game's seed given.  0, or EX_DATAERR with diagnostics when the
 * scenario makes no game; the other kinds cannot fail.
 */
int umpire_step_make(struct umpire_step *s, struct umpire_game **g,
	struct umpire_arena *a, const struct umpire_step_in *in,
	struct umpire_diags *d);

/*
 * The trailers a step's commit message ends with: the key that signed
 * its orders, the default's.  For verify, which takes the title and
 * headline of a step another version wrote from its report.
 */
void umpire_step_trailers(struct umpire_buf *msg,
	const struct umpire_step_in *in);

/*
 * What the step that applies the standing orders due on g (standing.h)
 * is made from: in's kind, orders (checked, parsed in a), orders_text
 * (in text, which the caller frees), from and alt.  False when none are due
 * (or, a bug, when they are refused: their decision's step checked
 * them, the diagnostics are in d).
 */
bool umpire_step_standing(struct umpire_step_in *in,
	const struct umpire_game *g, struct umpire_arena *a,
	struct umpire_buf *text, struct umpire_diags *d);

void umpire_step_free(struct umpire_step *s);

#endif
