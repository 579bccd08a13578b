/*
 * game.h - one game: the common envelope around a ruleset's state, and
 * the pure pipeline (state, orders, dice) -> (state, report) that
 * resolve, turn, verify and simulate share.
 *
 * Nothing here touches git or the file system.
 */
#ifndef UMPIRE_GAME_H
#define UMPIRE_GAME_H

#include <stdbool.h>
#include <string.h>

#include "util/arena.h"
#include "util/buf.h"
#include "game/deadline.h"
#include "game/dice.h"
#include "util/diag.h"
#include "util/text.h"
#include "game/report.h"
#include "game/result.h"
#include "game/ruleset.h"
#include "game/secret.h"
#include "game/standing.h"
#include "crypto/sshkey.h"
#include "doc/yaml.h"
#include "game/version.h"
#include "history/paths.h"

#define UMPIRE_FORMAT 1		/* the `umpire:` of every file */
#define UMPIRE_LAST_STEP 1000000000L	/* the schemas' maximum step */

struct umpire_player {
	const char *id;		/* "green" */
	const char *name;	/* for commit authors; defaults to id */
	const char *email;	/* defaults to ID@umpire.invalid */
	/* His OpenSSH ed25519 keys (key: lines), as parsed and as written. */
	struct umpire_sshkey *keys;
	const char **key_lines;
	size_t nkeys;
};

struct umpire_game {
	struct umpire_arena arena;	/* owns all of the game */
	const struct umpire_ruleset *rules;
	const char *id;
	const char *version;	/* umpire version that wrote the state read */
	/*
	 * The umpire version whose rulings decide the next check, step or
	 * bot (ruleset.h's ctx.version); NULL: this umpire's.  umpire_step_make
	 * sets it to the version that writes the step; verify, to the one
	 * that wrote it.  Not owned (a string that outlives the game's use).
	 */
	const char *ruling;
	const char *title;
	struct umpire_player *players;
	size_t nplayers;
	bool keyed;		/* every player has keys: orders are signed */
	bool sealed;		/* only the commitment is in the state */
	/*
	 * Never written (umpire simulate sets it): what the bot seals
	 * skips the age layer, and only such values open (secret.h).
	 */
	bool in_memory;
	bool have_seed;
	struct umpire_seed seed;
	struct umpire_secret_key skey;	/* from seed, when have_seed */
	/* The game's age identity, derived from the seed once it is first
	 * needed (a scalar multiplication); wiped with the game. */
	bool have_identity;
	struct umpire_age_identity identity;
	/*
	 * Hidden information (ruleset.h, version 4): the game hides
	 * something, so it is sealed, game.yaml names its recipient, and
	 * reports/NNNN.secret.yaml.age holds the secret part; secret_known once rs holds
	 * that part too (after create, or umpire_game_load_secret).
	 */
	bool hides;
	bool secret_known;
	const char *recipient;	/* "age1...", when hides */
	char commitment[sizeof(UMPIRE_COMMITMENT_PREFIX) + UMPIRE_SEED_HEX];
	long step;		/* the step the game awaits */
	/*
	 * From UMPIRE_DATED_SINCE on (verify.h): when the step that made
	 * the state was made, which is when the awaited decision became
	 * pending, and, in a game with deadlines that awaits a decision,
	 * when its time runs out; seconds since the epoch, UTC.  Written
	 * into the state, so a step's receipt covers them.
	 */
	bool dated;
	long long date;
	/*
	 * Where its steps' files go (paths.h): grouped by hundreds of steps
	 * in a game made by UMPIRE_GROUPED_SINCE or later, which its states
	 * say ("layout: grouped"), flat before.  Fixed when the game is made.
	 */
	enum umpire_layout layout;
	bool has_deadline;
	long long deadline;
	/*
	 * From UMPIRE_HOST_SINCE, what the host's steps set (umpire
	 * deadline, umpire-files(5) Deadlines): the policy that replaces
	 * the scenario's from then on (has_policy), and the holidays that
	 * stop the clock; in the arena, written into the state.
	 */
	bool has_policy;
	struct umpire_deadline_policy policy;
	struct umpire_holiday *holidays;
	size_t nholidays;
	struct umpire_result result;	/* how it ended, once over */
	size_t rolls;		/* dice drawn by the last create or resolve */
	/* Standing orders held (standing.h), in the order sent. */
	struct umpire_standing_list standing;
	void *rs;		/* the ruleset's own game */
};

/*
 * A new game from a scenario document, with the seed given.  Renders the
 * report of step 0 into report (and its picture, if
 * report->want_picture).  Returns 0, or EX_DATAERR after
 * recording the problems in d.  The scenario nodes must outlive nothing:
 * the game copies what it keeps.  text and len are the scenario's bytes
 * as committed, which the game id binds; text NULL makes the id of a
 * game older than UMPIRE_BOUND_ID_SINCE, from the seed alone.
 */
int umpire_game_create(struct umpire_game **out,
	const struct umpire_node *scenario, const char *text, size_t len,
	const struct umpire_seed *seed,
	bool sealed, struct umpire_step_report *report, struct umpire_diags *d);

/* A game from a state file's text.  0, or EX_DATAERR with diagnostics. */
int umpire_game_load(struct umpire_game **out, const char *file,
	const char *text, size_t len, struct umpire_diags *d);

/* Supply the seed of a sealed game; EX_DATAERR if it breaks the commitment. */
int umpire_game_set_seed(struct umpire_game *g, const struct umpire_seed *seed,
	const char *source, struct umpire_diags *d);

/*
 * The host's deadline controls (UMPIRE_HOST_SINCE; the game copies what
 * it keeps): a holiday more, the policy that replaces the scenario's.
 */
void umpire_game_add_holiday(struct umpire_game *g,
	const struct umpire_holiday *h);
void umpire_game_set_policy(struct umpire_game *g,
	const struct umpire_deadline_policy *p);
/* The policy in force: the host's, else the scenario's (which may be NULL). */
const struct umpire_deadline_policy *umpire_game_policy(
	const struct umpire_game *g,
	const struct umpire_deadline_policy *scenario);

/*
 * The state file's text.  version is normally UMPIRE_VERSION; verify
 * passes the version a commit recorded, to compare like with like.
 */
void umpire_game_encode(const struct umpire_game *g, const char *version,
	struct umpire_buf *out);

/*
 * Parse and check an orders file against the awaited decision: schema,
 * envelope (game, step, player), then the ruleset's rules.  Returns 0
 * and the parsed orders (in a), or EX_DATAERR with every problem in d.
 */
int umpire_game_check(const struct umpire_game *g, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_node **orders, struct umpire_diags *d);

/*
 * The same for a player checking his own orders in a game that hides
 * (umpire check --as): g holds the public part alone (its secret is
 * never loaded) and knowledge is the YAML block of his latest private
 * view (NULL if he has none), from which the ruleset checks what he
 * alone knows, such as the cards in his hand.  Sealed values are not
 * opened: a note says each is left to the host, as is whatever depends
 * on another player's secret.  Returns 0 or EX_DATAERR.
 */
int umpire_game_check_knowing(const struct umpire_game *g,
	struct umpire_arena *a, const char *file, const char *text, size_t len,
	const struct umpire_node *knowledge, struct umpire_diags *d);

/*
 * umpire seal: check a value about to be sealed for the awaited
 * decision (text, YAML, read from file) under the key the ruleset's
 * orders schema describes as "sealed to the game", as the host will
 * check it once opened: within orders the bot could send (from
 * knowledge, the player's view, when g holds its public part alone).
 * Records the problems found in the value only.  0, or EX_DATAERR.
 */
int umpire_game_check_sealed(const struct umpire_game *g,
	struct umpire_arena *a, const char *file, const char *text, size_t len,
	const struct umpire_node *knowledge, struct umpire_diags *d);

/* The same for orders already parsed (the bot's, in simulate). */
int umpire_game_check_doc(const struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *doc, struct umpire_diags *d);

/*
 * In a game whose players have keys (g->keyed), the orders text[0..len)
 * must carry an OpenSSH signature (sshsig.h, namespace "umpire") by one
 * of player's keys: sig[0..siglen) read from sigfile, or sig NULL when
 * there is none.  Returns 0 and the signer's SHA256 fingerprint in fp,
 * or EX_NOPERM after one line in d saying which refusal (unsigned,
 * another player's key, no player's key, wrong namespace, a key type
 * other than ed25519, changed after signing, not a signature).
 */
int umpire_game_check_signature(const struct umpire_game *g,
	const char *player, const char *sigfile, const void *sig, size_t siglen,
	const void *text, size_t len, char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	struct umpire_diags *d);
/*
 * Append to a step's commit message the trailer naming the key that
 * signed its orders ("\nOrders-Signed-By: SHA256:...\n"); nothing when
 * fp is empty (a game without keys).
 */
#define UMPIRE_SIGNED_TRAILER "Orders-Signed-By"
void umpire_signed_trailer(struct umpire_buf *msg, const char *fp);

/*
 * Carry out checked orders: roll, change the game, advance the step,
 * and render the report of the step just resolved into report (and its
 * picture, if report->want_picture).  The
 * seed must be known.  Returns the number of dice rolled.
 */
size_t umpire_game_resolve(struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *orders, struct umpire_step_report *report);

/*
 * The orders file umpire writes for the standing orders due
 * (standing.h; there must be some):
 * a first comment, the envelope, and the entry's orders or, when the
 * check refuses them, the first of its else: alternatives it passes.
 * True with those, parsed into a (*doc, may be NULL), and which (*alt:
 * 0 for the entry's own, else the alternative's number from 1; alt may
 * be NULL), or false with
 * what the check said of the entry's own orders in d.
 */
/* The standing orders that answer the awaited decision, or NULL. */
const struct umpire_standing_order *umpire_game_standing_due(
	const struct umpire_game *g);
bool umpire_game_standing(const struct umpire_game *g, struct umpire_arena *a,
	struct umpire_buf *out, const struct umpire_node **doc, size_t *alt,
	struct umpire_diags *d);

/*
 * The same for the standing orders due (standing.h): check them first
 * (umpire_game_standing, which says which of them, alt), then this
 * uses the entry and resolves them as the step of umpire's that
 * applies them, its report saying so.
 */
size_t umpire_game_resolve_standing(struct umpire_game *g,
	struct umpire_arena *a, const struct umpire_node *orders, size_t alt,
	struct umpire_step_report *report);

/*
 * End the game at the awaited step because player let its deadline
 * pass (umpire tick, default.h): he is ranked last with score 0, every
 * other player first together with score 1; why is the result's `how`
 * and the report's headline.  Renders the step's report (and picture,
 * if report->want_picture) like resolve, with no rolls.
 */
void umpire_game_forfeit(struct umpire_game *g, struct umpire_arena *a,
	const char *player, const char *why, struct umpire_step_report *report);

/*
 * The bot: legal orders for the awaited decision as an orders file,
 * drawn as the ruleset's bot hook says, with an rng seeded from the
 * game, step, player and salt (any bytes; may be empty).
 */
/*
 * Where the modeline of an orders file finds its schema, relative to the
 * file: `umpire schema --write .umpire/schemas` at the top of a game's
 * repository writes them there (umpire-files(5), Editors).
 */
#define UMPIRE_SCHEMA_DIR ".umpire/schemas"
/*
 * The comment that heads orders umpire writes: first, then the
 * yaml-language-server modeline naming the ruleset's orders schema.
 */
const char *umpire_orders_comment(struct umpire_arena *a, const char *ruleset,
	const char *first);
void umpire_game_bot(const struct umpire_game *g, const void *salt,
	size_t saltlen, struct umpire_buf *out);
/* The same as a document in a. */
const struct umpire_node *umpire_game_bot_doc(const struct umpire_game *g,
	struct umpire_arena *a, const void *salt, size_t saltlen);
/*
 * The same with the standing orders the ruleset's bot would send with
 * them (ruleset.h, bot_standing), for umpire simulate and umpire bot
 * --standing.
 */
const struct umpire_node *umpire_game_bot_standing(const struct umpire_game *g,
	struct umpire_arena *a, const void *salt, size_t saltlen);


/*
 * Hidden information.  The secret part's plaintext, a YAML document
 * (envelope umpire, ruleset, game, step, then the ruleset's keys), and
 * the same encrypted to the game's recipient, deterministically (age.h's
 * umpire_age_detrand keyed by the seed, label the file's path) so that
 * verify can remake its bytes, padded first with floor pad (pad.h;
 * 0: unpadded, as umpire wrote it before padding, for verify).  Both
 * need a game that hides, whose secret is known and whose seed is known.
 */
void umpire_game_encode_secret(const struct umpire_game *g,
	struct umpire_buf *out);
void umpire_game_seal_secret(const struct umpire_game *g, const char *path,
	size_t pad, struct umpire_buf *out);
/*
 * Read the secret part of the step before the one awaited
 * (paths.secret: data[0..len), as file, padded or not) into a loaded game that
 * hides, with the identity derived from its seed (which must be known).
 * 0, or EX_DATAERR with the problems in d.
 */
int umpire_game_load_secret(struct umpire_game *g, const char *file,
	const void *data, size_t len, struct umpire_diags *d);
/*
 * A copy of g for the bot's search (lookahead.c), from the state and
 * secret part (NULL if it hides nothing) that umpire_game_encode and
 * umpire_game_encode_secret wrote of it a moment ago, parsed once
 * (umpire_game_parse) for any number of copies, the caller's, and
 * living longer than each: neither is checked against its schema
 * again, the players' keys are not read (a copy checks no signature),
 * and its seed is g's, taken as it is.  0, or EX_DATAERR with the
 * problems in d.
 */
int umpire_game_load_copy(struct umpire_game **out,
	const struct umpire_game *g, const struct umpire_node *state,
	const struct umpire_node *secret, struct umpire_diags *d);
/* The same from the plaintext (umpire resolve --secret). */
int umpire_game_read_secret(struct umpire_game *g, const char *file,
	const char *text, size_t len, struct umpire_diags *d);
/* A player's private view (the view hook's Markdown); empty if none. */
void umpire_game_view(const struct umpire_game *g, const char *player,
	struct umpire_buf *out);
/*
 * A view encrypted to age recipients (the player's keys), armored or
 * not, deterministically under label (the file's path) when the seed is
 * known.  0 or a crypto error code.
 */
int umpire_game_seal_view(const struct umpire_game *g, const char *label,
	const struct umpire_age_recipient *to, size_t n, const void *text,
	size_t len, struct umpire_buf *out, struct umpire_crypto_error *err);
/*
 * The bot from one player's knowledge only: g holds the public part
 * (its secret is never loaded) and knowledge is the YAML block of the
 * awaited player's latest private view (NULL if he has none).
 */
const struct umpire_node *umpire_game_bot_knowing(const struct umpire_game *g,
	struct umpire_arena *a, const void *salt, size_t saltlen,
	const struct umpire_node *knowledge);

/*
 * Whether the game is over; the decision awaited (player NULL once
 * over: see g->result).  Inline, so that what draws a game (picture.c)
 * reads it without calling back into the engine that calls it.
 */
static inline bool
umpire_game_over(const struct umpire_game *g)
{
	return g->result.over;
}

static inline void
umpire_game_decision(const struct umpire_game *g, struct umpire_decision *out)
{
	memset(out, 0, sizeof(*out));
	/* A forfeit ends a game where its ruleset would await a decision. */
	if (!g->result.over)
		g->rules->decision(g->rs, out);
}
/*
 * Whether the awaited decision is empty (ruleset.h, the empty hook),
 * scratch in a: one umpire passes without asking.
 */
bool umpire_game_empty(const struct umpire_game *g, struct umpire_arena *a);
void umpire_game_board(const struct umpire_game *g, struct umpire_buf *out);
/*
 * The board as a picture of the state alone (picture.h): no step's
 * report, dice or marks behind it.  viewer as the picture hook's.
 */
void umpire_game_picture(const struct umpire_game *g, const char *viewer,
	struct umpire_buf *out);
/* What the frame of a picture of g shows of it (picture.h). */
struct umpire_picture_game;
void umpire_game_frame(const struct umpire_game *g,
	struct umpire_picture_game *out);
const struct umpire_player *umpire_game_player(const struct umpire_game *g,
	const char *id);
void umpire_game_free(struct umpire_game *g);

/* Parse text as YAML with the default limits; NULL after diagnostics. */
const struct umpire_node *umpire_game_parse(struct umpire_arena *a,
	const char *file, const char *text, size_t len, struct umpire_diags *d);

/*
 * Check a document's envelope (umpire: 1, a known ruleset) and validate
 * it against the ruleset's schema of that kind ("scenario", "state",
 * "orders").  Returns the ruleset, or NULL after diagnostics.
 */
const struct umpire_ruleset *umpire_game_validate(const struct umpire_node *doc,
	const char *kind, struct umpire_diags *d);

#endif
