/*
 * cryptoerr.h - how the cryptographic modules say what went wrong.
 *
 * Every function of sshkey.h, sshsig.h and age.h returns 0 or one of the
 * negative codes below, and, if the caller passes one, fills a struct
 * umpire_crypto_error with the same code and one line of text: lowercase,
 * no final full stop, with no file name (the caller prefixes "FILE: error:
 * ").  The code says which refusal it is, so that the CLI can pick an exit
 * status and a golden test can assert it; the text says it to a person.
 * The struct is the caller's, on the stack; nothing in it is allocated.
 */
#ifndef UMPIRE_CRYPTOERR_H
#define UMPIRE_CRYPTOERR_H

#include <stddef.h>

enum umpire_crypto_code {
	UMPIRE_CRYPTO_OK = 0,
	/* Not in the format at all: bad armor, base64, lengths, fields. */
	UMPIRE_CRYPTO_EMALFORMED = -1,
	/* A well-formed key or signature of a type other than ssh-ed25519. */
	UMPIRE_CRYPTO_EKEYTYPE = -2,
	/* A private key protected by a passphrase. */
	UMPIRE_CRYPTO_EENCRYPTED = -3,
	/* A key that is not a valid point (e.g. of small order). */
	UMPIRE_CRYPTO_EBADKEY = -4,
	/* SSHSIG: no signature where one is needed (empty input). */
	UMPIRE_CRYPTO_ENOSIG = -5,
	/* SSHSIG: made for another namespace. */
	UMPIRE_CRYPTO_ENAMESPACE = -6,
	/* SSHSIG: made by a key that is not in the allowed set. */
	UMPIRE_CRYPTO_ENOTALLOWED = -7,
	/* SSHSIG: a hash algorithm other than sha256 and sha512. */
	UMPIRE_CRYPTO_EHASH = -8,
	/* SSHSIG: the signature does not match the message. */
	UMPIRE_CRYPTO_EBADSIG = -9,
	/* A format version this code does not read. */
	UMPIRE_CRYPTO_EVERSION = -10,
	/* age: the ASCII armor is not strict PEM (testkit "armor failure"). */
	UMPIRE_CRYPTO_EARMOR = -11,
	/* age: the header does not parse (testkit "header failure"). */
	UMPIRE_CRYPTO_EHEADER = -12,
	/* age: no recipient stanza opens with the identities given. */
	UMPIRE_CRYPTO_ENOMATCH = -13,
	/* age: the header MAC does not match (testkit "HMAC failure"). */
	UMPIRE_CRYPTO_EMAC = -14,
	/* age: the payload does not decrypt to its end ("payload failure"). */
	UMPIRE_CRYPTO_EPAYLOAD = -15,
	/* A randomness callback failed. */
	UMPIRE_CRYPTO_ERANDOM = -16,
	/* Input larger than the module accepts. */
	UMPIRE_CRYPTO_ETOOBIG = -17,
};

#define UMPIRE_CRYPTO_MSG_MAX 320

struct umpire_crypto_error {
	enum umpire_crypto_code code;
	char msg[UMPIRE_CRYPTO_MSG_MAX];
};

#define UMPIRE_CRYPTO_ERROR_INIT { UMPIRE_CRYPTO_OK, "" }

/*
 * Record code and message in err (if not NULL) and return code: the
 * modules end a failure with "return umpire_crypto_fail(err, ...)".  A
 * message longer than the buffer is cut.
 */
int umpire_crypto_fail(struct umpire_crypto_error *err,
	enum umpire_crypto_code code, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* A short stable name for a code, e.g. "bad-signature", for tests and JSON. */
const char *umpire_crypto_code_name(enum umpire_crypto_code code);
/*
 * Write bytes a person can read into out (size n >= 4): printable ASCII
 * as is, anything else as \xHH, cut with "..." when it does not fit.
 * For names taken from hostile input (namespaces, key types).
 */
void umpire_crypto_quote(char *out, size_t n, const void *bytes, size_t len);

#endif
