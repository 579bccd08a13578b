/*
 * test_sshsig - OpenSSH keys and signatures (crypto/sshkey.c, sshsig.c) and
 * what they stand on (base64.c, pem.c): known answers from ssh-keygen
 * (the files in tests/crypto/, made by the real tools, see its README),
 * every refusal SSHSIG verification has, and hostile variations.
 */
#include <sodium.h>

#include "util/base64.h"
#include "crypto/pem.h"
#include "crypto/sshkey.h"
#include "crypto/sshsig.h"
#include "crypto/sshwire.h"
#include "unit.h"

#define DIR "tests/crypto/"

/* What ssh-keygen -l printed for the test keys. */
#define FP_TAN "SHA256:6Bw0FOoZcfQp5GVw1+uz+IGaEl6CpOveHmvw22wyMSE"
#define FP_BLUE "SHA256:9uZ08NHnZLihNOtFKcwUsobdCld7ZUVxjs/eQknCzOk"
#define FP_ECDSA "SHA256:fXNaoQJdWMKAGXel8mWaNYwhYMdyKcNb3q9s2CGn4Ao"
#define FP_RSA "SHA256:csGKuF3C2pzRkci0YMWbCMqzJgigE/bIMs+23Q3molY"

static void
pubkey(struct umpire_sshkey *k, const char *name)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	char path[256];
	size_t n;

	snprintf(path, sizeof(path), DIR "%s.pub", name);
	char *t = slurp(path, &n);
	if (umpire_sshkey_parse_public(k, t, n, &e) != 0)
		fail_msg("%s: %s", path, e.msg);
	free(t);
}

static void
privkey(struct umpire_sshkey_private *k, const char *name)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	char path[256];
	size_t n;

	snprintf(path, sizeof(path), DIR "%s", name);
	char *t = slurp(path, &n);
	if (umpire_sshkey_parse_private(k, t, n, &e) != 0)
		fail_msg("%s: %s", path, e.msg);
	free(t);
}

#define assert_refused(rc, e, want, needle) do {			\
	if ((rc) != (want) || (e).code != (want) || !strstr((e).msg, (needle))) \
		fail_msg("expected %s holding \"%s\"; got %d (%s): %s",	\
		    umpire_crypto_code_name(want), (needle), (rc),	\
		    umpire_crypto_code_name((e).code), (e).msg);	\
} while (0)

static void
base64_strict(void **state)
{
	unsigned char out[16];
	size_t n;

	(void)state;
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGk=", 4, true), 0);
	assert_int_equal(n, 2);
	assert_memory_equal(out, "hi", 2);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGk", 3, false), 0);
	assert_int_equal(n, 2);
	/* Padding where none belongs, and none where it must be. */
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGk=", 4, false), -1);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGk", 3, true), -1);
	/* Unused bits not zero: "aGl" decodes to "hi" too, but is not canonical. */
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGl", 3, false), -1);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGl=", 4, true), -1);
	/* White space, other alphabets, a lone sextet. */
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aG k", 4, false), -1);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "a-_k", 4, false), -1);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "aGkaa", 5, false), -1);
	/* Too little room. */
	assert_int_equal(umpire_base64_decode(out, 1, &n, "aGk", 3, false), -1);
	assert_int_equal(umpire_base64_decode(out, 16, &n, "", 0, false), 0);
	assert_int_equal(n, 0);

	char enc[16];
	assert_int_equal(umpire_base64_encode(enc, sizeof(enc), "hi", 2, true), 4);
	assert_string_equal(enc, "aGk=");
	assert_int_equal(umpire_base64_encode(enc, sizeof(enc), "hi", 2, false), 3);
	assert_string_equal(enc, "aGk");
	assert_int_equal(umpire_base64_encode(enc, 4, "hi", 2, true), 0);
}

static void
pem_rules(void **state)
{
	static const struct umpire_pem_rules strict = {
		"X", 4, UMPIRE_CRYPTO_EARMOR, "armor",
	};
	static const struct umpire_pem_rules lax = {
		"X", 0, UMPIRE_CRYPTO_EMALFORMED, "lax",
	};
	static const struct {
		const char *text;
		int strict, lax;	/* 0: decodes to "hello" */
	} cases[] = {
		{ "-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\n", 0, 0 },
		{ "-----BEGIN X-----\r\naGVs\r\nbG8=\r\n-----END X-----", 0, 0 },
		{ " \n\t-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\n \n", 0, 0 },
		/* Lines of another width: only the lax reading takes them. */
		{ "-----BEGIN X-----\naGVsbG8=\n-----END X-----\n", -1, 0 },
		{ "-----BEGIN X-----\naG\nVsbG8=\n-----END X-----\n", -1, 0 },
		{ "-----BEGIN X-----\naGVs\n\nbG8=\n-----END X-----\n", -1, -1 },
		{ "-----BEGIN X-----\naGVs \nbG8=\n-----END X-----\n", -1, -1 },
		{ "-----BEGIN X-----\naGVs\nbG8\n-----END X-----\n", -1, -1 },
		{ "-----BEGIN X-----\naGVs\nbG8=\n-----END Y-----\n", -1, -1 },
		{ "-----BEGIN X-----\naGVs\nbG8=\n", -1, -1 },
		{ "-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\nx", -1, -1 },
		{ "x\n-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\n", -1, -1 },
		{ "-----BEGIN Y-----\naGVs\nbG8=\n-----END X-----\n", -1, -1 },
		{ "-----BEGIN X-----", -1, -1 },
		{ "", -1, -1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (int mode = 0; mode < 2; mode++) {
			struct umpire_buf out = UMPIRE_BUF_INIT;
			struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
			const struct umpire_pem_rules *r = mode ? &lax : &strict;
			int want = mode ? cases[i].lax : cases[i].strict;
			int rc = umpire_pem_decode(&out, r, cases[i].text,
				strlen(cases[i].text), &e);
			if (want == 0 && (rc != 0 || !umpire_buf_equal(&out, "hello", 5)))
				fail_msg("case %zu (%s): %s", i, r->what, e.msg);
			if (want != 0 && (rc != (int)r->code || e.code != r->code ||
			    !e.msg[0]))
				fail_msg("case %zu (%s): accepted", i, r->what);
			umpire_buf_free(&out);
		}
	}
	struct umpire_buf out = UMPIRE_BUF_INIT;
	umpire_pem_encode(&out, "X", 4, "hello", 5);
	assert_string_equal(out.ptr, "-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\n");
	umpire_buf_free(&out);
}

static void
public_keys(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey k, again;
	struct umpire_buf line = UMPIRE_BUF_INIT;
	char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
	size_t n;
	int rc;

	(void)state;
	pubkey(&k, "test-key-tan-ed25519");
	umpire_sshkey_fingerprint(fp, &k);
	assert_string_equal(fp, FP_TAN);
	pubkey(&k, "test-key-blue-ed25519");
	umpire_sshkey_fingerprint(fp, &k);
	assert_string_equal(fp, FP_BLUE);

	/* Format, parse back; the comment is optional, space around ignored. */
	umpire_sshkey_format_public(&line, &k, "a comment");
	assert_int_equal(umpire_sshkey_parse_public(&again, line.ptr, line.len, &e), 0);
	assert_true(umpire_sshkey_equal(&k, &again));
	umpire_buf_clear(&line);
	umpire_buf_puts(&line, "\t ");
	umpire_sshkey_format_public(&line, &k, NULL);
	umpire_buf_puts(&line, " \r\n");
	assert_int_equal(umpire_sshkey_parse_public(&again, line.ptr, line.len, &e), 0);
	assert_true(umpire_sshkey_equal(&k, &again));

	/* Other key types, refused by name and fingerprint. */
	char *t = slurp(DIR "test-key-ecdsa.pub", &n);
	rc = umpire_sshkey_parse_public(&k, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE,
		"a key type other than ed25519 (ecdsa-sha2-nistp256 " FP_ECDSA ")");
	free(t);
	t = slurp(DIR "test-key-rsa.pub", &n);
	rc = umpire_sshkey_parse_public(&k, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "(ssh-rsa " FP_RSA ")");
	free(t);

	static const struct {
		const char *line;
		const char *needle;
	} bad[] = {
		{ "", "not an OpenSSH public key line" },
		{ "ssh-ed25519", "not an OpenSSH public key line" },
		{ "ssh-ed25519 !!!!", "not canonical base64" },
		/* The key for its .pub: said to be one. */
		{ "-----BEGIN OPENSSH PRIVATE KEY-----",
		  "this is a private key (-----BEGIN ...), which stays with its "
		  "owner; give its public half" },
		/* The type on the line must be the type in the key. */
		{ "ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIEj18OYriT5nliibLGaLLhzST5yJTtjmBGw6Dv/lxBFp",
		  "the line says ssh-rsa" },
		/* 31 bytes of key. */
		{ "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAH0j18OYriT5nliibLGaLLhzST5yJTtjmBGw6Dv/lxBE=",
		  "32 bytes and nothing else" },
		/* Padding that is not needed. */
		{ "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEj18OYriT5nliibLGaLLhzST5yJTtjmBGw6Dv/lxBFp=",
		  "not canonical" },
		{ "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEj18OYriT5nliibLGaLLhzST5yJTtjmBGw6Dv/lxBFp\n"
		  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEj18OYriT5nliibLGaLLhzST5yJTtjmBGw6Dv/lxBFp",
		  "more than one line" },
		/* The all-zero point is of small order: no valid key. */
		{ "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		  "not a valid ed25519 public key" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		e.code = 0;
		e.msg[0] = '\0';
		rc = umpire_sshkey_parse_public(&k, bad[i].line, strlen(bad[i].line), &e);
		if (rc == 0 || rc != (int)e.code || !strstr(e.msg, bad[i].needle))
			fail_msg("bad key %zu: got %d: %s", i, rc, e.msg);
	}
	umpire_buf_free(&line);
}

static void
private_keys(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey_private k, back;
	struct umpire_sshkey pub;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	size_t n;
	int rc;

	(void)state;
	privkey(&k, "test-key-tan-ed25519");
	pubkey(&pub, "test-key-tan-ed25519");
	assert_true(umpire_sshkey_equal(&k.pub, &pub));
	umpire_sshkey_private_wipe(&k);

	/* RFC 8032, section 7.1, test 1: seed to public key. */
	static const char seed_hex[] =
		"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
	static const char pk_hex[] =
		"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
	unsigned char seed[32];
	char hex[65];
	assert_int_equal(sodium_hex2bin(seed, 32, seed_hex, 64, NULL, NULL, NULL), 0);
	umpire_sshkey_private_from_seed(&k, seed);
	sodium_bin2hex(hex, sizeof(hex), k.pub.pk, 32);
	assert_string_equal(hex, pk_hex);

	/* What we write, we read; ssh-keygen reads it too (test_crypto.py). */
	umpire_sshkey_format_private(&text, &k, "made by the unit test", 0x01020304);
	assert_int_equal(umpire_sshkey_parse_private(&back, text.ptr, text.len, &e), 0);
	assert_memory_equal(&back, &k, sizeof(k));

	/* One bit of the secret half changed: the halves disagree. */
	struct umpire_buf bin = UMPIRE_BUF_INIT;
	static const struct umpire_pem_rules lax = {
		"OPENSSH PRIVATE KEY", 0, UMPIRE_CRYPTO_EMALFORMED, "key",
	};
	assert_int_equal(umpire_pem_decode(&bin, &lax, text.ptr, text.len, &e), 0);
	for (size_t flip = 0; flip < bin.len; flip += 7) {
		struct umpire_buf evil = UMPIRE_BUF_INIT;
		bin.ptr[flip] ^= 0x10;
		umpire_pem_encode(&evil, "OPENSSH PRIVATE KEY", 70, bin.ptr, bin.len);
		rc = umpire_sshkey_parse_private(&back, evil.ptr, evil.len, &e);
		/* Flips in the comment leave a valid key; nothing else does. */
		if (rc == 0)
			assert_memory_equal(&back, &k, sizeof(k));
		else
			assert_true(e.code == rc && e.msg[0]);
		bin.ptr[flip] ^= 0x10;
		umpire_buf_free(&evil);
	}
	umpire_buf_free(&bin);

	char *t = slurp(DIR "test-key-encrypted-ed25519", &n);
	rc = umpire_sshkey_parse_private(&back, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EENCRYPTED, "protected by a passphrase");
	free(t);
	t = slurp(DIR "test-key-ecdsa", &n);
	rc = umpire_sshkey_parse_private(&back, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "ecdsa-sha2-nistp256 " FP_ECDSA);
	free(t);
	t = slurp(DIR "test-key-rsa", &n);
	rc = umpire_sshkey_parse_private(&back, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "ssh-rsa " FP_RSA);
	free(t);
	/* The .pub for the key: said to be one, and what to give instead. */
	t = slurp(DIR "test-key-tan-ed25519.pub", &n);
	rc = umpire_sshkey_parse_private(&back, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EMALFORMED, "private key: this is a "
		"public key (a line ssh-...); give the private key");
	free(t);
	static const char not_key[] = "hello\n";
	rc = umpire_sshkey_parse_private(&back, not_key, strlen(not_key), &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EMALFORMED, "not an OpenSSH private key");
	static const char pem_rsa[] = "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n"
		"-----END RSA PRIVATE KEY-----\n";
	rc = umpire_sshkey_parse_private(&back, pem_rsa, strlen(pem_rsa), &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "RSA PRIVATE KEY");

	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&text);
}

/* Verify DIR/sig over DIR/orders.yaml (changed if asked) for ns. */
static int
verify_file(const char *sig, const char *ns, bool change,
	const struct umpire_sshkey *allowed, size_t n, size_t *which,
	struct umpire_crypto_error *e)
{
	char path[256];
	size_t slen, mlen;

	snprintf(path, sizeof(path), DIR "%s", sig);
	char *s = slurp(path, &slen), *m = slurp(DIR "orders.yaml", &mlen);
	if (change)
		m[mlen - 2] ^= 1;
	int rc = umpire_sshsig_check(which, s, slen, m, mlen, ns, allowed, n, e);
	free(s);
	free(m);
	return rc;
}

static void
signatures_from_ssh_keygen(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey keys[2];
	size_t which = 99;
	int rc;

	(void)state;
	pubkey(&keys[0], "test-key-blue-ed25519");
	pubkey(&keys[1], "test-key-tan-ed25519");
	assert_int_equal(verify_file("sig-tan.sig", "umpire", false, keys, 2,
		&which, &e), 0);
	assert_int_equal(which, 1);
	assert_int_equal(verify_file("sig-tan-sha256.sig", "umpire", false, keys, 2,
		&which, &e), 0);
	assert_int_equal(verify_file("sig-blue.sig", "umpire", false, keys, 2,
		&which, &e), 0);
	assert_int_equal(which, 0);

	/* Each refusal, from files the real ssh-keygen made. */
	rc = verify_file("sig-tan.sig", "umpire", true, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EBADSIG, "bad signature by " FP_TAN);
	rc = verify_file("sig-tan-sha256.sig", "umpire", true, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EBADSIG, "changed after it was signed");
	rc = verify_file("sig-blue.sig", "umpire", false, keys + 1, 1, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOTALLOWED,
		"signed by a key that is not allowed (" FP_BLUE ")");
	rc = verify_file("sig-tan.sig", "umpire", false, NULL, 0, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOTALLOWED, FP_TAN);
	rc = verify_file("sig-tan-other-ns.sig", "umpire", false, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENAMESPACE,
		"signed for namespace 'other', not 'umpire'");
	rc = verify_file("sig-tan.sig", "other", false, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENAMESPACE, "namespace 'umpire', not 'other'");
	rc = verify_file("sig-ecdsa.sig", "umpire", false, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE,
		"a key type other than ed25519 (ecdsa-sha2-nistp256 " FP_ECDSA ")");
	rc = verify_file("sig-rsa.sig", "umpire", false, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "(ssh-rsa " FP_RSA ")");

	/* The orders file itself is no signature; nothing is none. */
	rc = verify_file("orders.yaml", "umpire", false, keys, 2, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EMALFORMED, "not an SSH signature");
	rc = umpire_sshsig_check(NULL, " \n\t\r\n", 5, "x", 1, "umpire", keys, 2, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOSIG, "no signature");
	rc = umpire_sshsig_check(NULL, "", 0, "x", 1, "umpire", keys, 2, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOSIG, "no signature");
}

static void
sign_as_ssh_keygen(void **state)
{
	struct umpire_sshkey_private k;
	struct umpire_buf out = UMPIRE_BUF_INIT;
	size_t slen, mlen;

	(void)state;
	privkey(&k, "test-key-tan-ed25519");
	char *m = slurp(DIR "orders.yaml", &mlen);
	char *s = slurp(DIR "sig-tan.sig", &slen);
	umpire_sshsig_sign(&out, &k, "umpire", m, mlen, UMPIRE_SSHSIG_SHA512);
	assert_true(umpire_buf_equal(&out, s, slen));
	free(s);
	s = slurp(DIR "sig-tan-sha256.sig", &slen);
	umpire_buf_clear(&out);
	umpire_sshsig_sign(&out, &k, "umpire", m, mlen, UMPIRE_SSHSIG_SHA256);
	assert_true(umpire_buf_equal(&out, s, slen));
	free(s);
	s = slurp(DIR "sig-tan-other-ns.sig", &slen);
	umpire_buf_clear(&out);
	umpire_sshsig_sign(&out, &k, "other", m, mlen, UMPIRE_SSHSIG_SHA512);
	assert_true(umpire_buf_equal(&out, s, slen));
	free(s);
	free(m);
	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&out);
}

/*
 * Re-armor the blob of sig-tan.sig after edit() changed it, and check
 * the result is refused with code, or accepted if code is 0.
 */
static void
edited(void (*edit)(struct umpire_buf *), enum umpire_crypto_code code,
	const char *needle)
{
	static const struct umpire_pem_rules lax = {
		"SSH SIGNATURE", 0, UMPIRE_CRYPTO_EMALFORMED, "sig",
	};
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_buf blob = UMPIRE_BUF_INIT, text = UMPIRE_BUF_INIT;
	struct umpire_sshkey tan;
	size_t slen, mlen;

	pubkey(&tan, "test-key-tan-ed25519");
	char *s = slurp(DIR "sig-tan.sig", &slen), *m = slurp(DIR "orders.yaml", &mlen);
	assert_int_equal(umpire_pem_decode(&blob, &lax, s, slen, &e), 0);
	edit(&blob);
	umpire_pem_encode(&text, "SSH SIGNATURE", 70, blob.ptr, blob.len);
	int rc = umpire_sshsig_check(NULL, text.ptr, text.len, m, mlen, "umpire",
		&tan, 1, &e);
	if (code == 0)
		assert_int_equal(rc, 0);
	else
		assert_refused(rc, e, code, needle);
	free(s);
	free(m);
	umpire_buf_free(&blob);
	umpire_buf_free(&text);
}

/* The blob's layout: "SSHSIG" u32 string(key: 51) string(ns) ... */
#define NS_AT (6 + 4 + 4 + 51)

static void version2(struct umpire_buf *b) { b->ptr[9] = 2; }
static void magic(struct umpire_buf *b) { b->ptr[0] = 's'; }
static void sha384(struct umpire_buf *b)
{
	/* ns "umpire" (4 + 6), reserved "" (4), then string "sha512". */
	char *h = b->ptr + NS_AT + 10 + 4 + 4;
	assert_memory_equal(h, "sha512", 6);
	memcpy(h, "sha384", 6);
}
static void cut(struct umpire_buf *b) { umpire_buf_truncate(b, b->len - 1); }
static void trailing(struct umpire_buf *b) { umpire_buf_putc(b, 0); }
static void sigbit(struct umpire_buf *b) { b->ptr[b->len - 1] ^= 1; }
static struct umpire_sshkey blue;
static void keyswap(struct umpire_buf *b) { memcpy(b->ptr + NS_AT - 32, blue.pk, 32); }
static void keybit(struct umpire_buf *b) { b->ptr[NS_AT - 1] ^= 0x80; }
static void nsbit(struct umpire_buf *b) { b->ptr[NS_AT + 4] ^= 0x20; }
static void empty_ns(struct umpire_buf *b)
{
	/* Drop "umpire": the length becomes 0 and the six bytes go. */
	b->ptr[NS_AT + 3] = 0;
	memmove(b->ptr + NS_AT + 4, b->ptr + NS_AT + 10, b->len - NS_AT - 10);
	b->len -= 6;
}
static void reserved(struct umpire_buf *b)
{
	/*
	 * PROTOCOL.sshsig: ignore a reserved field that is not empty.  As in
	 * ssh-keygen, what is signed always has an empty one, so the
	 * signature still verifies.
	 */
	struct umpire_buf t = UMPIRE_BUF_INIT;
	umpire_buf_add(&t, b->ptr, NS_AT + 10);
	umpire_sshwire_put_cstring(&t, "x");
	umpire_buf_add(&t, b->ptr + NS_AT + 14, b->len - NS_AT - 14);
	umpire_buf_clear(b);
	umpire_buf_add(b, t.ptr, t.len);
	umpire_buf_free(&t);
}
static void nothing(struct umpire_buf *b) { (void)b; }

static void
hostile_signatures(void **state)
{
	(void)state;
	edited(nothing, 0, NULL);
	edited(version2, UMPIRE_CRYPTO_EVERSION, "SSHSIG version 2");
	edited(magic, UMPIRE_CRYPTO_EMALFORMED, "does not start with SSHSIG");
	edited(sha384, UMPIRE_CRYPTO_EHASH, "hash algorithm 'sha384'");
	edited(cut, UMPIRE_CRYPTO_EMALFORMED, "cut short");
	edited(trailing, UMPIRE_CRYPTO_EMALFORMED, "1 bytes after its end");
	edited(sigbit, UMPIRE_CRYPTO_EBADSIG, "bad signature");
	pubkey(&blue, "test-key-blue-ed25519");
	edited(keyswap, UMPIRE_CRYPTO_ENOTALLOWED, "not allowed (" FP_BLUE ")");
	/* The top bit is x's sign: the point -A, on the curve but not allowed. */
	edited(keybit, UMPIRE_CRYPTO_ENOTALLOWED, "not allowed");
	edited(nsbit, UMPIRE_CRYPTO_ENAMESPACE, "namespace 'Umpire'");
	edited(empty_ns, UMPIRE_CRYPTO_EMALFORMED, "namespace is empty");
	edited(reserved, 0, NULL);

	/* Every prefix of a good signature is refused, never accepted. */
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey tan;
	size_t slen, mlen;
	pubkey(&tan, "test-key-tan-ed25519");
	char *s = slurp(DIR "sig-tan.sig", &slen), *m = slurp(DIR "orders.yaml", &mlen);
	for (size_t i = 0; i + 1 < slen; i++) {
		int rc = umpire_sshsig_check(NULL, s, i, m, mlen, "umpire", &tan, 1, &e);
		assert_true(rc < 0 && rc == (int)e.code && e.msg[0]);
	}
	/* A non-printable namespace is quoted, not printed raw. */
	struct umpire_sshkey_private k;
	struct umpire_buf out = UMPIRE_BUF_INIT;
	privkey(&k, "test-key-tan-ed25519");
	umpire_sshsig_sign(&out, &k, "a\033[2Jb", m, mlen, UMPIRE_SSHSIG_SHA512);
	int rc = umpire_sshsig_check(NULL, out.ptr, out.len, m, mlen, "umpire",
		&tan, 1, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENAMESPACE, "'a\\x1b[2Jb'");
	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&out);
	free(s);
	free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(base64_strict),
		cmocka_unit_test(pem_rules),
		cmocka_unit_test(public_keys),
		cmocka_unit_test(private_keys),
		cmocka_unit_test(signatures_from_ssh_keygen),
		cmocka_unit_test(sign_as_ssh_keygen),
		cmocka_unit_test(hostile_signatures),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("sshsig", tests, NULL, NULL);
}
