/*
 * agekey.h - age recipients (public keys) and identities (private keys):
 * native X25519 ones ("age1...", "AGE-SECRET-KEY-1...") and OpenSSH
 * ssh-ed25519 ones, and how each wraps and unwraps a file key in a
 * recipient stanza (c2sp.org/age; the ssh-ed25519 stanza as the age
 * reference implementation defines it, described in agekey.c).
 *
 * Recipients and identities are plain values the caller owns; an
 * identity holds a secret scalar, which umpire_age_identity_wipe clears.
 */
#ifndef UMPIRE_AGEKEY_H
#define UMPIRE_AGEKEY_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "crypto/cryptoerr.h"
#include "crypto/sshkey.h"

#define UMPIRE_AGE_KEY_BYTES 32
#define UMPIRE_AGE_FILE_KEY_BYTES 16
/* "age1" and 58 characters. */
#define UMPIRE_AGE_RECIPIENT_LEN 62

enum umpire_age_kind {
	UMPIRE_AGE_X25519,
	UMPIRE_AGE_SSH_ED25519,
};

struct umpire_age_recipient {
	enum umpire_age_kind kind;
	unsigned char pk[UMPIRE_AGE_KEY_BYTES];	/* X25519 (ssh: converted) */
	struct umpire_sshkey ssh;	/* UMPIRE_AGE_SSH_ED25519 only */
};

struct umpire_age_identity {
	enum umpire_age_kind kind;
	unsigned char sk[UMPIRE_AGE_KEY_BYTES];	/* the X25519 scalar */
	unsigned char pk[UMPIRE_AGE_KEY_BYTES];	/* X25519(sk, basepoint) */
	struct umpire_sshkey ssh;	/* UMPIRE_AGE_SSH_ED25519 only */
};

/*
 * A recipient as a person writes it: "age1..." (Bech32, lower case) or
 * an OpenSSH public key line "ssh-ed25519 AAAA...".  Another SSH key
 * type is UMPIRE_CRYPTO_EKEYTYPE; else 0 or UMPIRE_CRYPTO_EMALFORMED.
 */
int umpire_age_recipient_parse(struct umpire_age_recipient *out,
	const char *s, size_t len, struct umpire_crypto_error *err);
/* An ed25519 public key as a recipient (UMPIRE_CRYPTO_EBADKEY if invalid). */
int umpire_age_recipient_from_sshkey(struct umpire_age_recipient *out,
	const struct umpire_sshkey *key, struct umpire_crypto_error *err);
/* Append "age1..." or "ssh-ed25519 AAAA...". */
void umpire_age_recipient_format(struct umpire_buf *out,
	const struct umpire_age_recipient *r);

/* "AGE-SECRET-KEY-1..." (Bech32, upper case).  0 or UMPIRE_CRYPTO_EMALFORMED. */
int umpire_age_identity_parse(struct umpire_age_identity *out, const char *s,
	size_t len, struct umpire_crypto_error *err);
/* An identity from a 32-byte X25519 scalar, kept as given. */
void umpire_age_identity_from_x25519(struct umpire_age_identity *out,
	const unsigned char sk[UMPIRE_AGE_KEY_BYTES]);
/* An ssh-ed25519 identity from the player's private key. */
void umpire_age_identity_from_sshkey(struct umpire_age_identity *out,
	const struct umpire_sshkey_private *key);
/* Append "AGE-SECRET-KEY-1..." (X25519 identities only). */
void umpire_age_identity_format(struct umpire_buf *out,
	const struct umpire_age_identity *id);
/* The recipient that encrypts to id. */
void umpire_age_identity_recipient(struct umpire_age_recipient *out,
	const struct umpire_age_identity *id);
void umpire_age_identity_wipe(struct umpire_age_identity *id);

/* One recipient stanza: its arguments (args[0] is its type) and body. */
struct umpire_age_stanza {
	const char **args;	/* NUL-terminated strings */
	size_t nargs;
	unsigned char *body;
	size_t body_len;
};

/*
 * Wrap file_key for r: fill st (whose strings and body point into the
 * caller's arena a) from the ephemeral secret eph.
 */
int umpire_age_wrap(struct umpire_age_stanza *st, struct umpire_arena *a,
	const struct umpire_age_recipient *r,
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const unsigned char eph[UMPIRE_AGE_KEY_BYTES],
	struct umpire_crypto_error *err);
/*
 * Try to unwrap st with id: 0 with the file key in file_key, 1 if the
 * stanza is not for this identity, or UMPIRE_CRYPTO_EHEADER for a stanza
 * of the identity's type that is malformed or yields a zero secret.
 */
int umpire_age_unwrap(unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const struct umpire_age_stanza *st, const struct umpire_age_identity *id,
	struct umpire_crypto_error *err);

#endif
