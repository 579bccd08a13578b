#include "crypto/agekey.h"

#include <string.h>
#include <sodium.h>

#include "util/base64.h"
#include "util/bech32.h"
#include "crypto/hkdf.h"

#define RECIPIENT_HRP "age"
#define IDENTITY_HRP "AGE-SECRET-KEY-"
#define X25519_LABEL "age-encryption.org/v1/X25519"
#define SSH_LABEL "age-encryption.org/v1/ssh-ed25519"
/* Six characters: the unpadded base64 of four bytes. */
#define TAG_LEN 6

static const unsigned char zero_nonce[crypto_aead_chacha20poly1305_ietf_NPUBBYTES];

int
umpire_age_recipient_from_sshkey(struct umpire_age_recipient *out,
	const struct umpire_sshkey *key, struct umpire_crypto_error *err)
{
	memset(out, 0, sizeof(*out));
	out->kind = UMPIRE_AGE_SSH_ED25519;
	out->ssh = *key;
	/* The Edwards point's Montgomery u = (1 + y) / (1 - y). */
	if (crypto_sign_ed25519_pk_to_curve25519(out->pk, key->pk) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EBADKEY,
			"recipient: not a valid ed25519 public key");
	return 0;
}

int
umpire_age_recipient_parse(struct umpire_age_recipient *out,
	const char *s, size_t len, struct umpire_crypto_error *err)
{
	char hrp[8];
	size_t n;

	memset(out, 0, sizeof(*out));
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	/* A key line has a space between its type and its key; age1... none. */
	if (memchr(s, ' ', len) || memchr(s, '\t', len)) {
		struct umpire_sshkey key;
		int rc = umpire_sshkey_parse_public(&key, s, len, err);
		return rc ? rc : umpire_age_recipient_from_sshkey(out, &key, err);
	}
	if (umpire_bech32_decode(hrp, sizeof(hrp), out->pk, sizeof(out->pk), &n,
	    s, len) != 0 || strcmp(hrp, RECIPIENT_HRP) != 0 ||
	    n != UMPIRE_AGE_KEY_BYTES)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"recipient: neither an age1... recipient nor an ssh-ed25519 key");
	out->kind = UMPIRE_AGE_X25519;
	return 0;
}

void
umpire_age_recipient_format(struct umpire_buf *out,
	const struct umpire_age_recipient *r)
{
	if (r->kind == UMPIRE_AGE_SSH_ED25519)
		umpire_sshkey_format_public(out, &r->ssh, NULL);
	else
		umpire_bech32_encode(out, RECIPIENT_HRP, r->pk, sizeof(r->pk), 0);
}

void
umpire_age_identity_from_x25519(struct umpire_age_identity *out,
	const unsigned char sk[UMPIRE_AGE_KEY_BYTES])
{
	memset(out, 0, sizeof(*out));
	out->kind = UMPIRE_AGE_X25519;
	memcpy(out->sk, sk, UMPIRE_AGE_KEY_BYTES);
	crypto_scalarmult_curve25519_base(out->pk, out->sk);
}

int
umpire_age_identity_parse(struct umpire_age_identity *out, const char *s,
	size_t len, struct umpire_crypto_error *err)
{
	unsigned char sk[UMPIRE_AGE_KEY_BYTES];
	char hrp[sizeof(IDENTITY_HRP)];
	size_t n;

	memset(out, 0, sizeof(*out));
	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (umpire_bech32_decode(hrp, sizeof(hrp), sk, sizeof(sk), &n, s, len) != 0 ||
	    strcmp(hrp, IDENTITY_HRP) != 0 || n != sizeof(sk)) {
		sodium_memzero(sk, sizeof(sk));
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"identity: not an AGE-SECRET-KEY-1... identity");
	}
	umpire_age_identity_from_x25519(out, sk);
	sodium_memzero(sk, sizeof(sk));
	return 0;
}

void
umpire_age_identity_from_sshkey(struct umpire_age_identity *out,
	const struct umpire_sshkey_private *key)
{
	memset(out, 0, sizeof(*out));
	out->kind = UMPIRE_AGE_SSH_ED25519;
	out->ssh = key->pub;
	/* SHA-512 of the seed, first half, clamped: Ed25519's own scalar. */
	crypto_sign_ed25519_sk_to_curve25519(out->sk, key->sk);
	crypto_scalarmult_curve25519_base(out->pk, out->sk);
}

void
umpire_age_identity_format(struct umpire_buf *out,
	const struct umpire_age_identity *id)
{
	umpire_bech32_encode(out, IDENTITY_HRP, id->sk, sizeof(id->sk), 1);
}

void
umpire_age_identity_recipient(struct umpire_age_recipient *out,
	const struct umpire_age_identity *id)
{
	memset(out, 0, sizeof(*out));
	out->kind = id->kind;
	out->ssh = id->ssh;
	memcpy(out->pk, id->pk, sizeof(out->pk));
}

void
umpire_age_identity_wipe(struct umpire_age_identity *id)
{
	sodium_memzero(id, sizeof(*id));
}

/*
 * The ssh-ed25519 stanza (age's agessh package; the C2SP text covers
 * the native types only):
 *
 *   -> ssh-ed25519 TAG SHARE
 *   BODY
 *
 *   TAG    = base64(SHA-256(key's wire encoding)[:4])
 *   SHARE  = X25519(ephemeral, basepoint)
 *   tweak  = HKDF-SHA-256(ikm = "", salt = key's wire encoding,
 *            info = "age-encryption.org/v1/ssh-ed25519")
 *   shared = X25519(tweak, X25519(ephemeral, u))   (u: the key's
 *            Montgomery form)
 *   wrap   = HKDF-SHA-256(ikm = shared, salt = SHARE || u, same info)
 *   BODY   = ChaCha20-Poly1305(wrap, nonce 0, file key)
 *
 * The identity computes X25519(scalar, SHARE) with the scalar Ed25519
 * derives from the key's seed; the tweak binds the stanza to the SSH key
 * itself, not merely to its Montgomery form.
 */
static void
ssh_tag(char out[TAG_LEN + 1], const struct umpire_sshkey *k)
{
	unsigned char blob[UMPIRE_SSHKEY_BLOB_BYTES], h[crypto_hash_sha256_BYTES];

	umpire_sshkey_blob(blob, k);
	crypto_hash_sha256(h, blob, sizeof(blob));
	umpire_base64_encode(out, TAG_LEN + 1, h, 4, false);
}

static void
ssh_tweak(unsigned char out[UMPIRE_HKDF_BYTES], const struct umpire_sshkey *k)
{
	unsigned char blob[UMPIRE_SSHKEY_BLOB_BYTES];

	umpire_sshkey_blob(blob, k);
	umpire_hkdf_sha256(out, "", 0, blob, sizeof(blob), SSH_LABEL);
}

/* HKDF over shared, salt share || pk, for label. */
static void
wrap_key(unsigned char out[UMPIRE_HKDF_BYTES], const unsigned char *shared,
	const unsigned char *share, const unsigned char *pk, const char *label)
{
	unsigned char salt[2 * UMPIRE_AGE_KEY_BYTES];

	memcpy(salt, share, UMPIRE_AGE_KEY_BYTES);
	memcpy(salt + UMPIRE_AGE_KEY_BYTES, pk, UMPIRE_AGE_KEY_BYTES);
	umpire_hkdf_sha256(out, shared, UMPIRE_AGE_KEY_BYTES, salt, sizeof(salt),
		label);
}

static char *
b64_arg(struct umpire_arena *a, const unsigned char *p, size_t n)
{
	size_t cap = UMPIRE_BASE64_RAW_LEN(n) + 1;
	char *s = umpire_arena_alloc(a, cap);

	umpire_base64_encode(s, cap, p, n, false);
	return s;
}

int
umpire_age_wrap(struct umpire_age_stanza *st, struct umpire_arena *a,
	const struct umpire_age_recipient *r,
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const unsigned char eph[UMPIRE_AGE_KEY_BYTES],
	struct umpire_crypto_error *err)
{
	unsigned char share[UMPIRE_AGE_KEY_BYTES], shared[UMPIRE_AGE_KEY_BYTES],
		tweak[UMPIRE_HKDF_BYTES], key[UMPIRE_HKDF_BYTES],
		point[UMPIRE_AGE_KEY_BYTES];
	bool ssh = r->kind == UMPIRE_AGE_SSH_ED25519;
	int rc = 0;

	crypto_scalarmult_curve25519_base(share, eph);
	if (crypto_scalarmult_curve25519(shared, eph, r->pk) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EBADKEY,
			"recipient: a point of small order, which no one can decrypt "
			"from");
		goto out;
	}
	if (ssh) {
		ssh_tweak(tweak, &r->ssh);
		memcpy(point, shared, sizeof(point));
		if (crypto_scalarmult_curve25519(shared, tweak, point) != 0) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EBADKEY,
				"recipient: the tweaked secret is zero");
			goto out;
		}
	}
	wrap_key(key, shared, share, r->pk, ssh ? SSH_LABEL : X25519_LABEL);
	st->body_len = UMPIRE_AGE_FILE_KEY_BYTES +
		crypto_aead_chacha20poly1305_ietf_ABYTES;
	st->body = umpire_arena_alloc(a, st->body_len);
	crypto_aead_chacha20poly1305_ietf_encrypt(st->body, NULL, file_key,
		UMPIRE_AGE_FILE_KEY_BYTES, NULL, 0, NULL, zero_nonce, key);
	st->nargs = ssh ? 3 : 2;
	st->args = umpire_arena_alloc(a, st->nargs * sizeof(*st->args));
	if (ssh) {
		char tag[TAG_LEN + 1];
		ssh_tag(tag, &r->ssh);
		st->args[0] = UMPIRE_SSHKEY_TYPE;
		st->args[1] = umpire_arena_strdup(a, tag);
		st->args[2] = b64_arg(a, share, sizeof(share));
	} else {
		st->args[0] = "X25519";
		st->args[1] = b64_arg(a, share, sizeof(share));
	}
out:
	sodium_memzero(shared, sizeof(shared));
	sodium_memzero(point, sizeof(point));
	sodium_memzero(key, sizeof(key));
	return rc;
}

int
umpire_age_unwrap(unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const struct umpire_age_stanza *st, const struct umpire_age_identity *id,
	struct umpire_crypto_error *err)
{
	unsigned char share[UMPIRE_AGE_KEY_BYTES], shared[UMPIRE_AGE_KEY_BYTES],
		tweak[UMPIRE_HKDF_BYTES], key[UMPIRE_HKDF_BYTES],
		point[UMPIRE_AGE_KEY_BYTES];
	bool ssh = id->kind == UMPIRE_AGE_SSH_ED25519;
	const char *type = ssh ? UMPIRE_SSHKEY_TYPE : "X25519";
	size_t nargs = ssh ? 3 : 2, got;
	int rc = 1;

	/* Types are case-sensitive: "x25519" is someone else's stanza. */
	if (st->nargs == 0 || strcmp(st->args[0], type) != 0)
		return 1;
	if (st->nargs != nargs)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: %s stanza with %zu arguments, not %zu", type,
			st->nargs - 1, nargs - 1);
	if (ssh) {
		char tag[TAG_LEN + 1];
		ssh_tag(tag, &id->ssh);
		if (strcmp(st->args[1], tag) != 0)
			return 1;
	}
	const char *arg = st->args[nargs - 1];
	if (umpire_base64_decode(share, sizeof(share), &got, arg, strlen(arg),
	    false) != 0 || got != sizeof(share))
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: %s stanza whose share is not 32 bytes of canonical "
			"base64", type);
	/* Checked before any decryption, against partitioning oracles. */
	if (st->body_len != UMPIRE_AGE_FILE_KEY_BYTES +
	    crypto_aead_chacha20poly1305_ietf_ABYTES)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: %s stanza whose body is %zu bytes, not 32", type,
			st->body_len);
	if (crypto_scalarmult_curve25519(shared, id->sk, share) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: %s stanza whose share gives an all-zero secret", type);
	if (ssh) {
		ssh_tweak(tweak, &id->ssh);
		memcpy(point, shared, sizeof(point));
		if (crypto_scalarmult_curve25519(shared, tweak, point) != 0) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
				"header: ssh-ed25519 stanza whose tweaked secret is zero");
			goto out;
		}
	}
	wrap_key(key, shared, share, id->pk, ssh ? SSH_LABEL : X25519_LABEL);
	if (crypto_aead_chacha20poly1305_ietf_decrypt(file_key, NULL, NULL,
	    st->body, st->body_len, NULL, 0, zero_nonce, key) == 0)
		rc = 0;
	else if (ssh)
		/*
		 * The tag says this stanza is for this key, yet it does not
		 * open: as the reference implementation, a damaged file.
		 */
	{
		char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
		umpire_sshkey_fingerprint(fp, &id->ssh);
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: the ssh-ed25519 stanza for %s does not decrypt", fp);
	}
out:
	sodium_memzero(shared, sizeof(shared));
	sodium_memzero(point, sizeof(point));
	sodium_memzero(key, sizeof(key));
	return rc;
}
