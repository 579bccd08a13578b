#include "crypto/sshkey.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "util/arena.h"
#include "util/base64.h"
#include "crypto/pem.h"
#include "crypto/sshwire.h"

#define PRIVATE_LABEL "OPENSSH PRIVATE KEY"
#define PRIVATE_MAGIC "openssh-key-v1"	/* and its NUL: 15 bytes */

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

void
umpire_sshkey_blob(unsigned char out[UMPIRE_SSHKEY_BLOB_BYTES],
	const struct umpire_sshkey *k)
{
	static const unsigned char head[] = {
		0, 0, 0, 11, 's', 's', 'h', '-', 'e', 'd', '2', '5', '5', '1', '9',
		0, 0, 0, 32,
	};

	memcpy(out, head, sizeof(head));
	memcpy(out + sizeof(head), k->pk, UMPIRE_SSHKEY_BYTES);
}

void
umpire_sshkey_fingerprint_blob(char out[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	const void *blob, size_t len)
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, blob, len);
	memcpy(out, "SHA256:", 7);
	umpire_base64_encode(out + 7, UMPIRE_SSHKEY_FINGERPRINT_SIZE - 7, h,
		sizeof(h), false);
}

void
umpire_sshkey_fingerprint(char out[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	const struct umpire_sshkey *k)
{
	unsigned char blob[UMPIRE_SSHKEY_BLOB_BYTES];

	umpire_sshkey_blob(blob, k);
	umpire_sshkey_fingerprint_blob(out, blob, sizeof(blob));
}

int
umpire_sshkey_equal(const struct umpire_sshkey *a, const struct umpire_sshkey *b)
{
	return memcmp(a->pk, b->pk, UMPIRE_SSHKEY_BYTES) == 0;
}

/*
 * Read the wire encoding of a public key.  A blob whose first string is
 * another type is refused by that type's name; it is well-formed enough
 * to name when that string is printable and not empty.
 */
int
umpire_sshkey_parse_blob(struct umpire_sshkey *out, const void *data,
	size_t len, const char *what, struct umpire_crypto_error *err)
{
	struct umpire_sshwire r;
	struct umpire_sshwire_str type, pk;
	char name[64], fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
	unsigned char x[crypto_scalarmult_curve25519_BYTES];
	const unsigned char *blob = data;

	memset(out, 0, sizeof(*out));
	umpire_sshwire_init(&r, blob, len);
	if (umpire_sshwire_string(&r, &type) != 0 || type.len == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"%s: the key does not start with its type", what);
	if (!umpire_sshwire_is(&type, UMPIRE_SSHKEY_TYPE)) {
		umpire_crypto_quote(name, sizeof(name), type.p, type.len);
		umpire_sshkey_fingerprint_blob(fp, blob, len);
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EKEYTYPE,
			"%s: a key type other than ed25519 (%s %s)", what, name, fp);
	}
	if (umpire_sshwire_string(&r, &pk) != 0 || pk.len != UMPIRE_SSHKEY_BYTES ||
	    r.left != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"%s: an ssh-ed25519 key is 32 bytes and nothing else", what);
	memcpy(out->pk, pk.p, UMPIRE_SSHKEY_BYTES);
	/* libsodium refuses points off the curve and of small order here. */
	if (crypto_sign_ed25519_pk_to_curve25519(x, out->pk) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EBADKEY,
			"%s: not a valid ed25519 public key", what);
	return 0;
}

int
umpire_sshkey_parse_public(struct umpire_sshkey *out, const char *line,
	size_t len, struct umpire_crypto_error *err)
{
	const char *p = line, *end = line + len;
	char name[64];

	memset(out, 0, sizeof(*out));
	if (len > UMPIRE_SSHKEY_LINE_MAX)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: longer than %d bytes", UMPIRE_SSHKEY_LINE_MAX);
	while (p < end && is_blank(*p))
		p++;
	while (end > p && is_blank(end[-1]))
		end--;
	if (memchr(p, '\n', (size_t)(end - p)))
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: more than one line");
	if (end - p > 10 && memcmp(p, "-----BEGIN", 10) == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: this is a private key (-----BEGIN ...), which "
			"stays with its owner; give its public half, the .pub file "
			"beside it");
	const char *type = p;
	while (p < end && *p != ' ' && *p != '\t')
		p++;
	size_t tlen = (size_t)(p - type);
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	const char *b64 = p;
	while (p < end && *p != ' ' && *p != '\t')
		p++;
	size_t blen = (size_t)(p - b64);
	if (tlen == 0 || blen == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: not an OpenSSH public key line "
			"(ssh-ed25519 AAAA... comment)");

	size_t cap = UMPIRE_BASE64_MAX_DECODED(blen), got;
	unsigned char *blob = umpire_xmalloc(cap);
	int rc;
	if (umpire_base64_decode(blob, cap, &got, b64, blen, true) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: the key is not canonical base64");
		goto out;
	}
	struct umpire_sshwire r;
	struct umpire_sshwire_str inner;
	umpire_sshwire_init(&r, blob, got);
	if (umpire_sshwire_string(&r, &inner) != 0 || inner.len != tlen ||
	    memcmp(inner.p, type, tlen) != 0) {
		umpire_crypto_quote(name, sizeof(name), type, tlen);
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"public key: the line says %s but the key is not one", name);
		goto out;
	}
	rc = umpire_sshkey_parse_blob(out, blob, got, "public key", err);
out:
	free(blob);
	return rc;
}

void
umpire_sshkey_format_public(struct umpire_buf *out,
	const struct umpire_sshkey *k, const char *comment)
{
	unsigned char blob[UMPIRE_SSHKEY_BLOB_BYTES];
	char b64[UMPIRE_BASE64_PADDED_LEN(UMPIRE_SSHKEY_BLOB_BYTES) + 1];

	umpire_sshkey_blob(blob, k);
	umpire_base64_encode(b64, sizeof(b64), blob, sizeof(blob), true);
	umpire_buf_printf(out, "%s %s", UMPIRE_SSHKEY_TYPE, b64);
	if (comment)
		umpire_buf_printf(out, " %s", comment);
}

void
umpire_sshkey_private_wipe(struct umpire_sshkey_private *k)
{
	sodium_memzero(k, sizeof(*k));
}

void
umpire_sshkey_private_from_seed(struct umpire_sshkey_private *out,
	const unsigned char seed[32])
{
	crypto_sign_ed25519_seed_keypair(out->pub.pk, out->sk, seed);
}

static int
parse_private_blob(struct umpire_sshkey_private *out, const unsigned char *data,
	size_t len, struct umpire_crypto_error *err)
{
	struct umpire_sshwire r, priv;
	struct umpire_sshwire_str cipher, kdf, kdfopts, pubblob, section, type,
		pk, sk, comment;
	const unsigned char *magic;
	uint32_t nkeys, check1, check2;
	struct umpire_sshkey pub;
	int rc;

	umpire_sshwire_init(&r, data, len);
	if (umpire_sshwire_bytes(&r, &magic, sizeof(PRIVATE_MAGIC)) != 0 ||
	    memcmp(magic, PRIVATE_MAGIC, sizeof(PRIVATE_MAGIC)) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: not an openssh-key-v1 key");
	if (umpire_sshwire_string(&r, &cipher) != 0 ||
	    umpire_sshwire_string(&r, &kdf) != 0 ||
	    umpire_sshwire_string(&r, &kdfopts) != 0 ||
	    umpire_sshwire_u32(&r, &nkeys) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the header is cut short");
	if (!umpire_sshwire_is(&cipher, "none") || !umpire_sshwire_is(&kdf, "none"))
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EENCRYPTED,
			"private key: protected by a passphrase, which umpire cannot "
			"ask for (give it a copy without one, ssh-keygen -p -N '' "
			"-f COPY)");
	if (kdfopts.len != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: KDF options without a KDF");
	if (nkeys != 1)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the file holds %lu keys, not one",
			(unsigned long)nkeys);
	if (umpire_sshwire_string(&r, &pubblob) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: no public key");
	if ((rc = umpire_sshkey_parse_blob(&pub, pubblob.p, pubblob.len,
	    "private key", err)) != 0)
		return rc;
	if (umpire_sshwire_string(&r, &section) != 0 || r.left != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the private part is cut short or followed by "
			"other data");
	/* Unencrypted, the section is padded to the "none" cipher's block, 8. */
	if (section.len % 8 != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the private part is not padded to 8 bytes");
	umpire_sshwire_init(&priv, section.p, section.len);
	if (umpire_sshwire_u32(&priv, &check1) != 0 ||
	    umpire_sshwire_u32(&priv, &check2) != 0 || check1 != check2)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the check words differ");
	if (umpire_sshwire_string(&priv, &type) != 0 ||
	    !umpire_sshwire_is(&type, UMPIRE_SSHKEY_TYPE) ||
	    umpire_sshwire_string(&priv, &pk) != 0 ||
	    pk.len != UMPIRE_SSHKEY_BYTES ||
	    umpire_sshwire_string(&priv, &sk) != 0 || sk.len != 64 ||
	    umpire_sshwire_string(&priv, &comment) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: the ed25519 key is cut short");
	for (size_t i = 0; i < priv.left; i++)
		if (priv.p[i] != (unsigned char)(i + 1) || i >= 8)
			return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
				"private key: bad padding after the key");
	if (memcmp(pk.p, pub.pk, UMPIRE_SSHKEY_BYTES) != 0 ||
	    memcmp(sk.p + 32, pub.pk, UMPIRE_SSHKEY_BYTES) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: its public and private halves disagree");
	umpire_sshkey_private_from_seed(out, sk.p);
	if (!umpire_sshkey_equal(&out->pub, &pub)) {
		umpire_sshkey_private_wipe(out);
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: its secret does not give its public key");
	}
	return 0;
}

int
umpire_sshkey_parse_private(struct umpire_sshkey_private *out,
	const void *text, size_t len, struct umpire_crypto_error *err)
{
	static const struct umpire_pem_rules rules = {
		PRIVATE_LABEL, 0, UMPIRE_CRYPTO_EMALFORMED, "private key",
	};
	static const char *const pem_types[] = {
		"RSA PRIVATE KEY", "DSA PRIVATE KEY", "EC PRIVATE KEY", NULL,
	};
	struct umpire_buf data = UMPIRE_BUF_INIT;
	int rc;

	memset(out, 0, sizeof(*out));
	if (len > UMPIRE_SSHKEY_FILE_MAX)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: longer than %d bytes", UMPIRE_SSHKEY_FILE_MAX);
	for (const char *const *t = pem_types; *t; t++)
		if (umpire_pem_is(*t, text, len))
			return umpire_crypto_fail(err, UMPIRE_CRYPTO_EKEYTYPE,
				"private key: a key type other than ed25519 (%s)", *t);
	/* The .pub beside the key, the easiest file to give by mistake. */
	if (len > 4 && memcmp(text, "ssh-", 4) == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: this is a public key (a line ssh-...); give "
			"the private key, the file of that name without .pub");
	if (!umpire_pem_is(PRIVATE_LABEL, text, len))
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"private key: not an OpenSSH private key file (-----BEGIN "
			PRIVATE_LABEL "-----)");
	if ((rc = umpire_pem_decode(&data, &rules, text, len, err)) == 0)
		rc = parse_private_blob(out, (const unsigned char *)data.ptr,
			data.len, err);
	if (data.ptr)
		sodium_memzero(data.ptr, data.cap);
	umpire_buf_free(&data);
	return rc;
}

void
umpire_sshkey_format_private(struct umpire_buf *out,
	const struct umpire_sshkey_private *k, const char *comment,
	unsigned long checkint)
{
	struct umpire_buf blob = UMPIRE_BUF_INIT, sec = UMPIRE_BUF_INIT;
	unsigned char pub[UMPIRE_SSHKEY_BLOB_BYTES];

	/* Room for all at once: no realloc leaves a copy of the secret. */
	umpire_buf_grow(&sec, 160 + strlen(comment));
	umpire_buf_grow(&blob, 280 + strlen(comment));
	umpire_sshkey_blob(pub, &k->pub);
	umpire_buf_add(&blob, PRIVATE_MAGIC, sizeof(PRIVATE_MAGIC));
	umpire_sshwire_put_cstring(&blob, "none");
	umpire_sshwire_put_cstring(&blob, "none");
	umpire_sshwire_put_cstring(&blob, "");
	umpire_sshwire_put_u32(&blob, 1);
	umpire_sshwire_put_string(&blob, pub, sizeof(pub));
	umpire_sshwire_put_u32(&sec, (uint32_t)checkint);
	umpire_sshwire_put_u32(&sec, (uint32_t)checkint);
	umpire_sshwire_put_cstring(&sec, UMPIRE_SSHKEY_TYPE);
	umpire_sshwire_put_string(&sec, k->pub.pk, UMPIRE_SSHKEY_BYTES);
	umpire_sshwire_put_string(&sec, k->sk, 64);
	umpire_sshwire_put_cstring(&sec, comment);
	for (unsigned char i = 1; sec.len % 8 != 0; i++)
		umpire_buf_add(&sec, &i, 1);
	umpire_sshwire_put_string(&blob, sec.ptr, sec.len);
	umpire_pem_encode(out, PRIVATE_LABEL, 70, blob.ptr, blob.len);
	sodium_memzero(sec.ptr, sec.cap);
	sodium_memzero(blob.ptr, blob.cap);
	umpire_buf_free(&sec);
	umpire_buf_free(&blob);
}
