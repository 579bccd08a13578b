/*
 * age.h - the age v1 file format (c2sp.org/age): encrypt a buffer to a
 * list of recipients, decrypt one with a list of identities, binary or
 * ASCII-armored, readable and writable by the standard age tool.
 *
 * Ownership: the caller owns everything.  Results are appended to a
 * struct umpire_buf the caller passes and frees; inputs are borrowed for
 * the call.  Memory used is a small multiple of the input's size, so a
 * hostile file cannot make umpire use more than the caller let it read.
 *
 * Deterministic encryption.  umpire's verify re-creates every committed
 * file byte for byte, so every random byte an encryption uses (the file
 * key, each recipient's ephemeral secret, the payload nonce) comes from a
 * callback the caller supplies, which is told what each draw is for.
 * umpire_age_random_system draws from the system (randombytes_buf), and
 * struct umpire_age_detrand derives them from a secret key, as documented
 * below.  The same key, label and plaintext give the same file.
 *
 * The recipient and identity types, and the stanza formats, are in
 * agekey.h; the header in ageheader.h; the payload in agestream.h.
 */
#ifndef UMPIRE_AGE_H
#define UMPIRE_AGE_H

#include <stdbool.h>
#include <stddef.h>
#include <sodium.h>

#include "crypto/agekey.h"
#include "util/buf.h"
#include "crypto/cryptoerr.h"

#define UMPIRE_AGE_ARMOR_LABEL "AGE ENCRYPTED FILE"

/* What a random draw is for, so that a derivation can name it. */
enum umpire_age_draw {
	UMPIRE_AGE_DRAW_FILE_KEY,	/* 16 bytes; index 0 */
	UMPIRE_AGE_DRAW_EPHEMERAL,	/* 32 bytes; index: the recipient's place */
	UMPIRE_AGE_DRAW_NONCE,		/* 16 bytes; index 0 */
};

/* Fill out[0..len) for draw what/index; return 0, or non-zero to fail. */
typedef int (*umpire_age_random_fn)(void *ctx, enum umpire_age_draw what,
	size_t index, unsigned char *out, size_t len);

/* Fresh randomness from the system; ctx is unused. */
int umpire_age_random_system(void *ctx, enum umpire_age_draw what,
	size_t index, unsigned char *out, size_t len);

/*
 * Deterministic draws from a 32-byte secret key (umpire passes the
 * game's seed), a label naming the file (e.g. "reports/0012-tan.md.age")
 * and the plaintext.  Each draw is the first len bytes of
 *
 *   HMAC-SHA256(key, "umpire-age-random-v1" 0x00 label 0x00
 *               SHA-256(plaintext) 0x00 name 0x00 decimal(index))
 *
 * where name is "file-key", "ephemeral" or "nonce" and index the
 * recipient's place in the list (0 for the others).  The plaintext's hash
 * is in the derivation so that two different texts under one label never
 * share a file key and a nonce (which would reuse the ChaCha20 key
 * stream); the price is that equal texts under one label give equal
 * files, which is the point.  Once the key is published (umpire's reveal)
 * anyone can re-derive every file key and so read every file.
 */
struct umpire_age_detrand {
	/* HMAC keyed, with everything up to the name absorbed. */
	crypto_auth_hmacsha256_state prefix;
};

void umpire_age_detrand_init(struct umpire_age_detrand *d,
	const unsigned char key[32], const char *label, const void *plain,
	size_t len);
/* The callback; ctx is a struct umpire_age_detrand. */
int umpire_age_detrand(void *ctx, enum umpire_age_draw what, size_t index,
	unsigned char *out, size_t len);
void umpire_age_detrand_wipe(struct umpire_age_detrand *d);

struct umpire_age_encrypt_opts {
	bool armor;			/* ASCII armor, as age -a */
	umpire_age_random_fn random;	/* NULL: umpire_age_random_system */
	void *random_ctx;
};

#define UMPIRE_AGE_ENCRYPT_OPTS_INIT { false, NULL, NULL }

/*
 * Encrypt plain[0..len) to to[0..n) (n >= 1) and append the file to out.
 * Returns 0, UMPIRE_CRYPTO_EBADKEY (a recipient that is no usable
 * point), UMPIRE_CRYPTO_ERANDOM or UMPIRE_CRYPTO_EMALFORMED (no
 * recipient); out is left as it was on failure.
 */
int umpire_age_encrypt(struct umpire_buf *out,
	const struct umpire_age_recipient *to, size_t n, const void *plain,
	size_t len, const struct umpire_age_encrypt_opts *opts,
	struct umpire_crypto_error *err);

enum umpire_age_format {
	UMPIRE_AGE_AUTO,	/* binary if it starts "age-encryption.org/" */
	UMPIRE_AGE_BINARY,
	UMPIRE_AGE_ARMORED,
};

struct umpire_age_decrypt_opts {
	enum umpire_age_format format;
	/*
	 * On UMPIRE_CRYPTO_EPAYLOAD, leave in out the chunks that
	 * authenticated before the failure (the testkit checks them).  Never
	 * use them as the file: it is not the file.
	 */
	bool keep_partial;
};

#define UMPIRE_AGE_DECRYPT_OPTS_INIT { UMPIRE_AGE_AUTO, false }

/*
 * Decrypt file[0..len) with ids[0..n) and append the plaintext to out.
 * Returns 0 or, in the order checked: UMPIRE_CRYPTO_EARMOR,
 * UMPIRE_CRYPTO_EHEADER, UMPIRE_CRYPTO_ENOMATCH (no identity opens a
 * stanza), UMPIRE_CRYPTO_EMAC, UMPIRE_CRYPTO_EPAYLOAD.  out is left as
 * it was on failure (but see keep_partial).
 */
int umpire_age_decrypt(struct umpire_buf *out,
	const struct umpire_age_identity *ids, size_t n, const void *file,
	size_t len, const struct umpire_age_decrypt_opts *opts,
	struct umpire_crypto_error *err);

/* Does text hold an armored age file (after white space)? */
bool umpire_age_is_armored(const void *text, size_t len);
/* Strip the ASCII armor (strict, as c2sp.org/age asks): 0 or UMPIRE_CRYPTO_EARMOR. */
int umpire_age_dearmor(struct umpire_buf *out, const void *text, size_t len,
	struct umpire_crypto_error *err);
/* Armor a binary age file: 64 columns, padded base64, LF line ends. */
void umpire_age_armor(struct umpire_buf *out, const void *bin, size_t len);

#endif
