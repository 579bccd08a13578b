#include "crypto/sshsig.h"

#include <string.h>
#include <sodium.h>

#include "crypto/pem.h"
#include "crypto/sshwire.h"

#define LABEL "SSH SIGNATURE"
#define MAGIC "SSHSIG"		/* six bytes, no NUL */
#define MAGIC_LEN 6
#define VERSION 1

static const char *
hash_name(enum umpire_sshsig_hash h)
{
	return h == UMPIRE_SSHSIG_SHA256 ? "sha256" : "sha512";
}

int
umpire_sshsig_parse(struct umpire_sshsig *out, const void *text, size_t len,
	struct umpire_crypto_error *err)
{
	static const struct umpire_pem_rules rules = {
		LABEL, 0, UMPIRE_CRYPTO_EMALFORMED, "signature",
	};
	const unsigned char *t = text;
	struct umpire_buf blob = UMPIRE_BUF_INIT;
	struct umpire_sshwire r, inner;
	struct umpire_sshwire_str pub, ns, reserved, hash, sig, type, bytes, ktype;
	const unsigned char *magic;
	size_t i;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < len; i++)
		if (t[i] != ' ' && t[i] != '\t' && t[i] != '\r' && t[i] != '\n')
			break;
	if (i == len)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_ENOSIG,
			"no signature");
	if (len > UMPIRE_SSHSIG_MAX)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: longer than %d bytes", UMPIRE_SSHSIG_MAX);
	if (!umpire_pem_is(LABEL, text, len))
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: not an SSH signature (-----BEGIN " LABEL "-----)");
	if ((rc = umpire_pem_decode(&blob, &rules, text, len, err)) != 0)
		goto out;
	umpire_sshwire_init(&r, blob.ptr, blob.len);
	if (umpire_sshwire_bytes(&r, &magic, MAGIC_LEN) != 0 ||
	    memcmp(magic, MAGIC, MAGIC_LEN) != 0 ||
	    umpire_sshwire_u32(&r, &out->version) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: does not start with SSHSIG and a version");
		goto out;
	}
	if (out->version != VERSION) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EVERSION,
			"signature: SSHSIG version %lu; umpire reads version %d",
			(unsigned long)out->version, VERSION);
		goto out;
	}
	if (umpire_sshwire_string(&r, &pub) != 0 ||
	    umpire_sshwire_string(&r, &ns) != 0 ||
	    umpire_sshwire_string(&r, &reserved) != 0 ||
	    umpire_sshwire_string(&r, &hash) != 0 ||
	    umpire_sshwire_string(&r, &sig) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: cut short");
		goto out;
	}
	if (r.left != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: %zu bytes after its end", r.left);
		goto out;
	}
	/* The reserved field is for future use: PROTOCOL.sshsig says ignore it. */
	(void)reserved;

	umpire_sshwire_init(&inner, pub.p, pub.len);
	if (umpire_sshwire_string(&inner, &ktype) != 0 || ktype.len == 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: the public key does not start with its type");
		goto out;
	}
	umpire_crypto_quote(out->key_type, sizeof(out->key_type), ktype.p,
		ktype.len);
	umpire_sshkey_fingerprint_blob(out->fingerprint, pub.p, pub.len);
	if (umpire_sshwire_is(&ktype, UMPIRE_SSHKEY_TYPE)) {
		if ((rc = umpire_sshkey_parse_blob(&out->key, pub.p, pub.len,
		    "signature", err)) != 0)
			goto out;
		out->ed25519 = true;
	}

	if (ns.len == 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: the namespace is empty");
		goto out;
	}
	out->ns_len = ns.len;
	memcpy(out->ns, ns.p, ns.len < UMPIRE_SSHSIG_NS_MAX ? ns.len :
		UMPIRE_SSHSIG_NS_MAX);

	umpire_crypto_quote(out->hash_name, sizeof(out->hash_name), hash.p,
		hash.len);
	if (umpire_sshwire_is(&hash, "sha512"))
		out->hash = UMPIRE_SSHSIG_SHA512;
	else if (umpire_sshwire_is(&hash, "sha256"))
		out->hash = UMPIRE_SSHSIG_SHA256;
	else
		out->hash = UMPIRE_SSHSIG_HASH_OTHER;

	umpire_sshwire_init(&inner, sig.p, sig.len);
	if (umpire_sshwire_string(&inner, &type) != 0 ||
	    umpire_sshwire_string(&inner, &bytes) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"signature: the signature field is cut short");
		goto out;
	}
	umpire_crypto_quote(out->sig_type, sizeof(out->sig_type), type.p,
		type.len);
	if (out->ed25519) {
		if (!umpire_sshwire_is(&type, UMPIRE_SSHKEY_TYPE) ||
		    bytes.len != sizeof(out->sig) || inner.left != 0) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
				"signature: an ed25519 key's signature is ssh-ed25519 "
				"and 64 bytes, not %s and %zu", out->sig_type, bytes.len);
			goto out;
		}
		memcpy(out->sig, bytes.p, sizeof(out->sig));
	}
out:
	umpire_buf_free(&blob);
	return rc;
}

/* What is signed: PROTOCOL.sshsig, section 3. */
static void
signed_data(struct umpire_buf *b, const unsigned char *ns, size_t nslen,
	enum umpire_sshsig_hash hash, const void *msg, size_t len)
{
	unsigned char h[crypto_hash_sha512_BYTES];
	size_t hlen;

	if (hash == UMPIRE_SSHSIG_SHA256) {
		crypto_hash_sha256(h, msg, len);
		hlen = crypto_hash_sha256_BYTES;
	} else {
		crypto_hash_sha512(h, msg, len);
		hlen = crypto_hash_sha512_BYTES;
	}
	umpire_buf_add(b, MAGIC, MAGIC_LEN);
	umpire_sshwire_put_string(b, ns, nslen);
	umpire_sshwire_put_string(b, "", 0);
	umpire_sshwire_put_cstring(b, hash_name(hash));
	umpire_sshwire_put_string(b, h, hlen);
}

int
umpire_sshsig_verify(size_t *which, const struct umpire_sshsig *sig,
	const void *msg, size_t len, const char *ns,
	const struct umpire_sshkey *allowed, size_t n,
	struct umpire_crypto_error *err)
{
	char got[4 * 40 + 4], want[4 * 40 + 4];
	size_t wlen = strlen(ns), i;

	if (!sig->ed25519)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EKEYTYPE,
			"signed with a key type other than ed25519 (%s %s)",
			sig->key_type, sig->fingerprint);
	if (sig->hash == UMPIRE_SSHSIG_HASH_OTHER)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHASH,
			"signed with hash algorithm '%s'; SSHSIG allows sha256 and "
			"sha512", sig->hash_name);
	for (i = 0; i < n; i++)
		if (umpire_sshkey_equal(&allowed[i], &sig->key))
			break;
	if (i == n)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_ENOTALLOWED,
			"signed by a key that is not allowed (%s)", sig->fingerprint);
	if (sig->ns_len != wlen || wlen > UMPIRE_SSHSIG_NS_MAX ||
	    memcmp(sig->ns, ns, wlen) != 0) {
		umpire_crypto_quote(got, sizeof(got), sig->ns,
			sig->ns_len < 40 ? sig->ns_len : 40);
		if (sig->ns_len > 40)
			strcat(got, "...");
		umpire_crypto_quote(want, sizeof(want), ns, wlen);
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_ENAMESPACE,
			"signed for namespace '%s', not '%s'", got, want);
	}

	struct umpire_buf data = UMPIRE_BUF_INIT;
	signed_data(&data, sig->ns, sig->ns_len, sig->hash, msg, len);
	int ok = crypto_sign_ed25519_verify_detached(sig->sig,
		(const unsigned char *)data.ptr, data.len, sig->key.pk) == 0;
	umpire_buf_free(&data);
	if (!ok)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EBADSIG,
			"bad signature by %s: the text was changed after it was "
			"signed, or the signature is of another text", sig->fingerprint);
	if (which)
		*which = i;
	return 0;
}

int
umpire_sshsig_check(size_t *which, const void *text, size_t tlen,
	const void *msg, size_t len, const char *ns,
	const struct umpire_sshkey *allowed, size_t n,
	struct umpire_crypto_error *err)
{
	struct umpire_sshsig sig;
	int rc = umpire_sshsig_parse(&sig, text, tlen, err);

	return rc ? rc : umpire_sshsig_verify(which, &sig, msg, len, ns, allowed,
		n, err);
}

void
umpire_sshsig_sign(struct umpire_buf *out,
	const struct umpire_sshkey_private *key, const char *ns,
	const void *msg, size_t len, enum umpire_sshsig_hash hash)
{
	struct umpire_buf data = UMPIRE_BUF_INIT, blob = UMPIRE_BUF_INIT,
		sigfield = UMPIRE_BUF_INIT;
	unsigned char pub[UMPIRE_SSHKEY_BLOB_BYTES], sig[64];

	if (hash == UMPIRE_SSHSIG_HASH_OTHER)
		hash = UMPIRE_SSHSIG_SHA512;
	signed_data(&data, (const unsigned char *)ns, strlen(ns), hash, msg, len);
	crypto_sign_ed25519_detached(sig, NULL, (const unsigned char *)data.ptr,
		data.len, key->sk);
	umpire_sshkey_blob(pub, &key->pub);
	umpire_sshwire_put_cstring(&sigfield, UMPIRE_SSHKEY_TYPE);
	umpire_sshwire_put_string(&sigfield, sig, sizeof(sig));
	umpire_buf_add(&blob, MAGIC, MAGIC_LEN);
	umpire_sshwire_put_u32(&blob, VERSION);
	umpire_sshwire_put_string(&blob, pub, sizeof(pub));
	umpire_sshwire_put_cstring(&blob, ns);
	umpire_sshwire_put_string(&blob, "", 0);
	umpire_sshwire_put_cstring(&blob, hash_name(hash));
	umpire_sshwire_put_string(&blob, sigfield.ptr, sigfield.len);
	/* ssh-keygen's width (its sshbuf_dtob64 wraps at 70). */
	umpire_pem_encode(out, LABEL, 70, blob.ptr, blob.len);
	umpire_buf_free(&data);
	umpire_buf_free(&blob);
	umpire_buf_free(&sigfield);
}
