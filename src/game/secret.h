/*
 * secret.h - hidden information: salted commitments to what only the
 * umpire may know, and sealed values in orders (ruleset interface 4).
 *
 * Commitments.  A ruleset that hides something writes in the public
 * state, in place of each secret, a commitment that anyone can check
 * once the salt is known, and no one can open before:
 *
 *   salt       = HMAC-SHA256(key = the seed's 32 bytes,
 *                            "umpire-salt-v1" 0x00 label)
 *   commitment = "sha256:" hex(SHA-256(salt || value))
 *
 * label names the secret within the game ("mines/tan/3"), value is its
 * canonical text.  A ruleset may publish one salt (umpire_secret_salt)
 * when it reveals that one secret, and anyone can then check it with
 * umpire_secret_opens without learning any other; the reveal of the
 * seed publishes them all.  One label with one value gives one
 * commitment: a label that must not show whether its value changed
 * names the step too.
 *
 * Sealed values.  A choice a player makes in secret travels in his
 * orders as a string holding an ASCII-armored age file (age -r RECIPIENT
 * -a), encrypted to the game's recipient (gamekey.h).  Its plaintext is
 * a YAML mapping that binds it to its place, so that no one can replay
 * another player's sealed block as his own:
 *
 *   game: amb-0123456789
 *   step: 7
 *   player: tan
 *   value: <any YAML: what the ruleset's orders schema wants here>
 *
 * Core opens every such string with the game's identity, checks the
 * binding against the orders' envelope and puts value in its place
 * before the orders meet their schema and the ruleset.
 *
 * Ownership: strings and nodes returned live in the arena passed; the
 * key is a plain value holding a secret, wiped by its owner.
 */
#ifndef UMPIRE_SECRET_H
#define UMPIRE_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#include "crypto/agekey.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "game/dice.h"
#include "game/ruleset.h"
#include "doc/yaml.h"

#define UMPIRE_SECRET_SALT_LABEL "umpire-salt-v1"
/* "sha256:" and 64 hex digits, and a NUL. */
#define UMPIRE_SECRET_COMMITMENT_SIZE 72

struct umpire_secret_key {
	struct umpire_seed seed;
};

void umpire_secret_key_init(struct umpire_secret_key *k,
	const struct umpire_seed *seed);
void umpire_secret_key_wipe(struct umpire_secret_key *k);

/* The commitment to value[0..len) under label, in ctx->arena. */
const char *umpire_secret_commit(const struct umpire_ctx *ctx,
	const char *label, const void *value, size_t len);
/* The same for a C string. */
const char *umpire_secret_commit_str(const struct umpire_ctx *ctx,
	const char *label, const char *value);
/* The salt of label as 64 hex digits, to open one commitment in public. */
const char *umpire_secret_salt(const struct umpire_ctx *ctx,
	const char *label);
/* Whether salt (64 hex digits) and value open commitment: anyone may ask. */
bool umpire_secret_opens(const char *commitment, const char *salt_hex,
	const void *value, size_t len);

/*
 * For a bot: value sealed for player at ctx->step to ctx->recipient, as
 * the string node (in ctx->arena) that takes its place in the orders.
 * Deterministic when ctx->secret is set (the host's bot: the same game
 * gives the same orders), fresh randomness otherwise.
 */
struct umpire_node *umpire_secret_seal(const struct umpire_ctx *ctx,
	const char *player, const struct umpire_node *value);

/*
 * umpire simulate's games are never written, so what their bot seals
 * skips the age layer (which was most of a game's cost): the string is
 * this mark and the padded plaintext, the same shape, opened only with
 * UMPIRE_SEALED_IN_MEMORY_ID as the identity, which no game on disk
 * is given (ctx->in_memory, game.h).
 */
#define UMPIRE_SEALED_IN_MEMORY "umpire sealed in memory, never written\n"
#define UMPIRE_SEALED_IN_MEMORY_ID ((const struct umpire_age_identity *)-1)

/* Whether a document holds any sealed value (an armored age string). */
bool umpire_sealed_any(const struct umpire_node *n);
/* Its first sealed value, depth first, or NULL: where to point at it. */
const struct umpire_node *umpire_sealed_first(const struct umpire_node *n);
/*
 * Open the sealed values of an orders document in place with the game's
 * identity id (NULL: the seed is not known, and any sealed value is
 * refused as such).  Records every problem in d and returns their
 * number; the values opened are listed in *opened (in a), for
 * ctx->sealed.  Check the envelope first: the binding is checked
 * against its game, step and player.
 */
size_t umpire_sealed_open(struct umpire_arena *a, struct umpire_node *orders,
	const struct umpire_age_identity *id, const struct umpire_node ***opened,
	size_t *nopened, struct umpire_diags *d);

/*
 * Seal value (YAML text) for game, step and player, to recipient
 * ("age1..."), and append the armored block.  0, or a crypto error code
 * with err filled.
 */
int umpire_sealed_make(struct umpire_buf *out, const char *recipient,
	const char *game, long step, const char *player, const char *value,
	size_t len, struct umpire_crypto_error *err);

#endif
