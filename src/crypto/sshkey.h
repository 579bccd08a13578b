/*
 * sshkey.h - OpenSSH ed25519 keys: the public key line a forge publishes
 * ("ssh-ed25519 AAAA... comment"), its SHA256 fingerprint as ssh-keygen -l
 * prints it, and the unencrypted private key file ssh-keygen writes.
 *
 * Keys are plain values the caller owns (no allocation).  A private key
 * holds secret bytes: the caller wipes it with umpire_sshkey_private_wipe
 * when done.  Other key types (ssh-rsa, ecdsa-sha2-*, sk-*, ...) are
 * recognised so that they can be refused by name, with
 * UMPIRE_CRYPTO_EKEYTYPE; umpire trusts ed25519 keys only.
 *
 * Formats: the public key is the SSH wire encoding of RFC 8709, section 4
 * (string "ssh-ed25519", string key[32]), base64 on the line; the
 * private key file is OpenSSH's PROTOCOL.key ("openssh-key-v1", cipher
 * and KDF "none").
 */
#ifndef UMPIRE_SSHKEY_H
#define UMPIRE_SSHKEY_H

#include <stddef.h>

#include "util/buf.h"
#include "crypto/cryptoerr.h"

#define UMPIRE_SSHKEY_TYPE "ssh-ed25519"
#define UMPIRE_SSHKEY_BYTES 32
/* The wire encoding: 4 + 11 + 4 + 32 bytes. */
#define UMPIRE_SSHKEY_BLOB_BYTES 51
/* "SHA256:", 43 base64 characters and a NUL. */
#define UMPIRE_SSHKEY_FINGERPRINT_SIZE 51
/* The longest public key line read (a 16384-bit RSA key fits). */
#define UMPIRE_SSHKEY_LINE_MAX 16384
/* The longest private key file read. */
#define UMPIRE_SSHKEY_FILE_MAX 65536

struct umpire_sshkey {
	unsigned char pk[UMPIRE_SSHKEY_BYTES];	/* the Ed25519 public key */
};

struct umpire_sshkey_private {
	struct umpire_sshkey pub;
	unsigned char sk[64];	/* libsodium's form: seed[32] || pk[32] */
};

/*
 * Parse one public key line: "ssh-ed25519 BASE64 [comment]", white space
 * around it ignored.  Returns 0, UMPIRE_CRYPTO_EKEYTYPE for a well-formed
 * key of another type (the message names it and its fingerprint),
 * UMPIRE_CRYPTO_EBADKEY for 32 bytes that are no valid Ed25519 point, or
 * UMPIRE_CRYPTO_EMALFORMED.
 */
int umpire_sshkey_parse_public(struct umpire_sshkey *out, const char *line,
	size_t len, struct umpire_crypto_error *err);
/*
 * The same for a key's wire encoding alone (as SSHSIG and age carry it);
 * what starts each message ("public key").
 */
int umpire_sshkey_parse_blob(struct umpire_sshkey *out, const void *blob,
	size_t len, const char *what, struct umpire_crypto_error *err);
/* Append "ssh-ed25519 BASE64" and, if comment is not NULL, " comment". */
void umpire_sshkey_format_public(struct umpire_buf *out,
	const struct umpire_sshkey *k, const char *comment);
/* The wire encoding (RFC 8709): what fingerprints and age tags hash. */
void umpire_sshkey_blob(unsigned char out[UMPIRE_SSHKEY_BLOB_BYTES],
	const struct umpire_sshkey *k);
/* "SHA256:" and the unpadded base64 SHA-256 of the wire encoding. */
void umpire_sshkey_fingerprint(char out[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	const struct umpire_sshkey *k);
/* The same for the wire encoding of a key of any type. */
void umpire_sshkey_fingerprint_blob(char out[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	const void *blob, size_t len);
int umpire_sshkey_equal(const struct umpire_sshkey *a, const struct umpire_sshkey *b);

/*
 * Parse an OpenSSH private key file ("-----BEGIN OPENSSH PRIVATE KEY-----")
 * holding one unencrypted ed25519 key.  Returns 0,
 * UMPIRE_CRYPTO_EENCRYPTED for a key protected by a passphrase,
 * UMPIRE_CRYPTO_EKEYTYPE for another key type, or
 * UMPIRE_CRYPTO_EMALFORMED (which includes a key whose halves disagree).
 */
int umpire_sshkey_parse_private(struct umpire_sshkey_private *out,
	const void *text, size_t len, struct umpire_crypto_error *err);
/* The key pair of a 32-byte Ed25519 seed (tests, tools). */
void umpire_sshkey_private_from_seed(struct umpire_sshkey_private *out,
	const unsigned char seed[32]);
/*
 * Append the private key file ssh-keygen would write for k (cipher
 * "none"), with checkint as both check words and comment (may be "").
 */
void umpire_sshkey_format_private(struct umpire_buf *out,
	const struct umpire_sshkey_private *k, const char *comment,
	unsigned long checkint);
void umpire_sshkey_private_wipe(struct umpire_sshkey_private *k);

#endif
