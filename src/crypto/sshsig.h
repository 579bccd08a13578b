/*
 * sshsig.h - OpenSSH signatures (PROTOCOL.sshsig), as made by
 * "ssh-keygen -Y sign -n NAMESPACE -f KEY FILE", verified with libsodium.
 *
 * A signature is parsed into a struct umpire_sshsig (a plain value, no
 * allocation), then verified over a message, for a namespace, against the
 * set of keys allowed to sign it.  Each refusal has its own code, in the
 * order they are checked, so that the caller can print one line for it:
 *
 *   UMPIRE_CRYPTO_ENOSIG       no signature (empty or blank text)
 *   UMPIRE_CRYPTO_EMALFORMED   not an SSHSIG signature
 *   UMPIRE_CRYPTO_EVERSION     an SSHSIG version other than 1
 *   UMPIRE_CRYPTO_EKEYTYPE     made with a key other than ed25519
 *   UMPIRE_CRYPTO_EHASH        a hash other than sha256 and sha512
 *   UMPIRE_CRYPTO_ENOTALLOWED  made by a key not in the set
 *   UMPIRE_CRYPTO_ENAMESPACE   made for another namespace
 *   UMPIRE_CRYPTO_EBADSIG      does not match the message (changed after
 *                              signing)
 *
 * The messages name the key by its fingerprint and quote the namespace
 * and algorithm names, escaping what is not printable.
 */
#ifndef UMPIRE_SSHSIG_H
#define UMPIRE_SSHSIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "crypto/cryptoerr.h"
#include "crypto/sshkey.h"

#define UMPIRE_SSHSIG_NAMESPACE "umpire"
/* The longest armored signature read (an RSA-16384 one is about 5 KiB). */
#define UMPIRE_SSHSIG_MAX 65536
/* The longest namespace kept whole. */
#define UMPIRE_SSHSIG_NS_MAX 256

enum umpire_sshsig_hash {
	UMPIRE_SSHSIG_SHA512,	/* what ssh-keygen uses */
	UMPIRE_SSHSIG_SHA256,
	UMPIRE_SSHSIG_HASH_OTHER,	/* named in hash_name; refused */
};

struct umpire_sshsig {
	uint32_t version;
	bool ed25519;			/* made with an ed25519 key */
	struct umpire_sshkey key;	/* that key, when ed25519 */
	char key_type[64];		/* the key's type, quoted */
	char fingerprint[UMPIRE_SSHKEY_FINGERPRINT_SIZE];	/* any type */
	unsigned char ns[UMPIRE_SSHSIG_NS_MAX];	/* the namespace's bytes */
	size_t ns_len;			/* its whole length (may exceed NS_MAX) */
	enum umpire_sshsig_hash hash;
	char hash_name[32];		/* quoted */
	char sig_type[64];		/* the signature's algorithm, quoted */
	unsigned char sig[64];		/* the Ed25519 signature, when ed25519 */
};

/*
 * Parse armored text ("-----BEGIN SSH SIGNATURE-----").  Returns 0,
 * UMPIRE_CRYPTO_ENOSIG, UMPIRE_CRYPTO_EMALFORMED or UMPIRE_CRYPTO_EVERSION.
 * A signature by another key type parses; umpire_sshsig_verify refuses it.
 */
int umpire_sshsig_parse(struct umpire_sshsig *out, const void *text, size_t len,
	struct umpire_crypto_error *err);
/*
 * Verify sig over msg for namespace ns, made by one of allowed[0..n).
 * Returns 0 and, if which is not NULL, the signer's place in allowed; or
 * the first refusal in the order above.
 */
int umpire_sshsig_verify(size_t *which, const struct umpire_sshsig *sig,
	const void *msg, size_t len, const char *ns,
	const struct umpire_sshkey *allowed, size_t n,
	struct umpire_crypto_error *err);
/* Parse and verify at once: what check and turn do with ORDERS.sig. */
int umpire_sshsig_check(size_t *which, const void *text, size_t tlen,
	const void *msg, size_t len, const char *ns,
	const struct umpire_sshkey *allowed, size_t n,
	struct umpire_crypto_error *err);
/*
 * Sign msg for namespace ns and append the armored signature to out,
 * byte for byte what ssh-keygen -Y sign writes with the same key (Ed25519
 * signatures are deterministic).  For tests and tools.
 */
void umpire_sshsig_sign(struct umpire_buf *out,
	const struct umpire_sshkey_private *key, const char *ns,
	const void *msg, size_t len, enum umpire_sshsig_hash hash);

#endif
