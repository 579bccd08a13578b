/*
 * gamekey.h - the game's own age identity, derived from its sealed seed.
 *
 * What the umpire alone may read (a secret choice a player seals with
 * "age -r age1..."), it reads with this identity; game.yaml publishes its
 * recipient.  Anyone who holds the seed (the host before the reveal,
 * everyone after it) can re-derive the identity, in any language:
 *
 *   s = HMAC-SHA256(key = the seed's 32 bytes,
 *                   message = the 22 ASCII bytes "umpire-age-identity-v1")
 *   s[0] &= 248; s[31] &= 127; s[31] |= 64        (clamped, RFC 7748)
 *
 *   identity  = Bech32("AGE-SECRET-KEY-", s), upper case
 *   recipient = Bech32("age", X25519(s, 9)), lower case
 *
 * (The clamping changes nothing X25519 computes, since X25519 clamps its
 * scalar anyway; it makes the identity string itself canonical.)
 *
 * The identity is a plain value holding a secret: the caller wipes it
 * with umpire_age_identity_wipe.
 */
#ifndef UMPIRE_GAMEKEY_H
#define UMPIRE_GAMEKEY_H

#include "crypto/agekey.h"
#include "util/buf.h"
#include "game/dice.h"

#define UMPIRE_GAMEKEY_LABEL "umpire-age-identity-v1"

void umpire_gamekey_identity(struct umpire_age_identity *out,
	const struct umpire_seed *seed);
/* Append the recipient string ("age1...") for game.yaml. */
void umpire_gamekey_recipient(struct umpire_buf *out,
	const struct umpire_seed *seed);

#endif
