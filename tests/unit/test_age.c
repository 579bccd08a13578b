/*
 * test_age - age v1 (crypto/age.c and its parts: bech32.c, hkdf.c,
 * agekey.c, ageheader.c, agestream.c) and the game's identity
 * (gamekey.c): known answers from RFC 5869, the age specification and
 * files the real age made (tests/crypto/), round trips across chunk
 * boundaries, deterministic encryption, and every refusal.
 *
 * The C2SP test vectors run in tests/py/test_age_testkit.py, and the
 * real age reads what umpire writes in tests/py/test_crypto.py.
 */
#include <sodium.h>

#include "crypto/age.h"
#include "crypto/ageheader.h"
#include "crypto/agestream.h"
#include "util/bech32.h"
#include "game/gamekey.h"
#include "crypto/hkdf.h"
#include "unit.h"

#define DIR "tests/crypto/"

#define assert_refused(rc, e, want, needle) do {			\
	if ((rc) != (want) || (e).code != (want) || !strstr((e).msg, (needle))) \
		fail_msg("expected %s holding \"%s\"; got %d (%s): %s",	\
		    umpire_crypto_code_name(want), (needle), (rc),	\
		    umpire_crypto_code_name((e).code), (e).msg);	\
} while (0)

static void
hex(unsigned char *out, size_t n, const char *h)
{
	size_t got;

	assert_int_equal(sodium_hex2bin(out, n, h, strlen(h), NULL, &got, NULL), 0);
	assert_int_equal(got, n);
}

static void
hkdf_rfc5869(void **state)
{
	unsigned char ikm[22], salt[13], okm[32], want[32];
	char info[11];

	(void)state;
	/* Test case 1: the first 32 bytes of its 42. */
	memset(ikm, 0x0b, sizeof(ikm));
	for (int i = 0; i < 13; i++)
		salt[i] = (unsigned char)i;
	for (int i = 0; i < 10; i++)
		info[i] = (char)(0xf0 + i);
	info[10] = '\0';
	umpire_hkdf_sha256(okm, ikm, 22, salt, 13, info);
	hex(want, 32, "3cb25f25faacd57a90434f64d0362f2a"
		"2d2d0a90cf1a5a4c5db02d56ecc4c5bf");
	assert_memory_equal(okm, want, 32);
	/* Test case 3: no salt, no info. */
	umpire_hkdf_sha256(okm, ikm, 22, "", 0, "");
	hex(want, 32, "8da4e775a563c18f715f802a063c5a31"
		"b8a11f5c5ee1879ec3454e5f3c738d2d");
	assert_memory_equal(okm, want, 32);
}

static void
bech32_rules(void **state)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	unsigned char data[64];
	char hrp[32];
	size_t n;
	static const unsigned char bytes[] = { 0, 1, 2, 0xfe, 0xff };

	(void)state;
	/* BIP 173's valid strings whose data are whole bytes. */
	static const char *const valid[] = {
		"A12UEL5L", "a12uel5l",
		"abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
	};
	for (size_t i = 0; i < 3; i++)
		if (umpire_bech32_decode(hrp, sizeof(hrp), data, sizeof(data), &n,
		    valid[i], strlen(valid[i])) != 0)
			fail_msg("BIP 173 string refused: %s", valid[i]);
	static const char *const invalid[] = {
		"A12UEL5l",	/* mixed case */
		"a12uel5m",	/* checksum */
		"12uel5l",	/* no human-readable part */
		"a1uel5l",	/* checksum too short */
		"a12ueb5l",	/* 'b' is not in the alphabet */
		"a 12uel5l",	/* space */
		"",
	};
	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++)
		if (umpire_bech32_decode(hrp, sizeof(hrp), data, sizeof(data), &n,
		    invalid[i], strlen(invalid[i])) == 0)
			fail_msg("accepted: \"%s\"", invalid[i]);

	for (int upper = 0; upper < 2; upper++) {
		umpire_buf_clear(&b);
		umpire_bech32_encode(&b, upper ? "TEST" : "test", bytes, sizeof(bytes),
			upper);
		assert_int_equal(umpire_bech32_decode(hrp, sizeof(hrp), data,
			sizeof(data), &n, b.ptr, b.len), 0);
		assert_string_equal(hrp, upper ? "TEST" : "test");
		assert_int_equal(n, sizeof(bytes));
		assert_memory_equal(data, bytes, sizeof(bytes));
		/* Any one character changed is caught. */
		for (size_t i = 0; i < b.len; i++) {
			char c = b.ptr[i];
			b.ptr[i] = c == (upper ? 'Q' : 'q') ? (upper ? 'P' : 'p') :
				(upper ? 'Q' : 'q');
			if (c != '1')
				assert_int_equal(umpire_bech32_decode(hrp, sizeof(hrp),
					data, sizeof(data), &n, b.ptr, b.len), -1);
			b.ptr[i] = c;
		}
	}
	/* Too little room for the data, or for the prefix. */
	assert_int_equal(umpire_bech32_decode(hrp, sizeof(hrp), data, 4, &n,
		b.ptr, b.len), -1);
	assert_int_equal(umpire_bech32_decode(hrp, 4, data, sizeof(data), &n,
		b.ptr, b.len), -1);
	umpire_buf_free(&b);
}

static void
keys_from_the_spec(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_identity id;
	struct umpire_age_recipient r, r2;
	struct umpire_buf b = UMPIRE_BUF_INIT;
	/* c2sp.org/age, "The X25519 recipient type". */
	static const char ident[] = "AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZ"
		"GFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX";
	static const char recip[] =
		"age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj";

	(void)state;
	assert_int_equal(umpire_age_identity_parse(&id, ident, strlen(ident), &e), 0);
	umpire_age_identity_format(&b, &id);
	assert_string_equal(b.ptr, ident);
	umpire_age_identity_recipient(&r, &id);
	umpire_buf_clear(&b);
	umpire_age_recipient_format(&b, &r);
	assert_string_equal(b.ptr, recip);
	assert_int_equal(umpire_age_recipient_parse(&r2, recip, strlen(recip), &e), 0);
	assert_memory_equal(r.pk, r2.pk, 32);

	/* The test identity age-keygen made, and the key it printed. */
	size_t n;
	char *t = slurp(DIR "test-identity-x25519.txt", &n);
	char *key = strstr(t, "AGE-SECRET-KEY-1"), *pub = strstr(t, "age1");
	assert_non_null(key);
	assert_non_null(pub);
	assert_int_equal(umpire_age_identity_parse(&id, key, strcspn(key, "\n"), &e), 0);
	umpire_age_identity_recipient(&r, &id);
	umpire_buf_clear(&b);
	umpire_age_recipient_format(&b, &r);
	assert_int_equal(b.len, UMPIRE_AGE_RECIPIENT_LEN);
	assert_memory_equal(b.ptr, pub, b.len);
	free(t);

	static const struct {
		int identity;
		const char *s;
		enum umpire_crypto_code code;
	} bad[] = {
		/* Identities are upper case, recipients lower case. */
		{ 1, "age-secret-key-1gfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpq4egaex",
		  UMPIRE_CRYPTO_EMALFORMED },
		{ 0, "AGE1ZVKYG2LQZRAA2LNJVQEJ32NKUU0UES2S82HZRYE869XEEXVN73EQUNUJWJ",
		  UMPIRE_CRYPTO_EMALFORMED },
		/* An identity is no recipient, nor the other way round. */
		{ 0, ident, UMPIRE_CRYPTO_EMALFORMED },
		{ 1, recip, UMPIRE_CRYPTO_EMALFORMED },
		{ 0, "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwk",
		  UMPIRE_CRYPTO_EMALFORMED },
		/* Refused by its type before anything else of it is read. */
		{ 0, "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDRXxeBu1CcmPZAq7v7ksmN",
		  UMPIRE_CRYPTO_EKEYTYPE },
		{ 0, "", UMPIRE_CRYPTO_EMALFORMED },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = bad[i].identity ?
			umpire_age_identity_parse(&id, bad[i].s, strlen(bad[i].s), &e) :
			umpire_age_recipient_parse(&r, bad[i].s, strlen(bad[i].s), &e);
		if (rc != (int)bad[i].code || e.code != bad[i].code)
			fail_msg("bad key %zu: got %d", i, rc);
	}
	t = slurp(DIR "test-key-ecdsa.pub", &n);
	int rc = umpire_age_recipient_parse(&r, t, n, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EKEYTYPE, "ecdsa-sha2-nistp256");
	free(t);
	umpire_age_identity_wipe(&id);
	umpire_buf_free(&b);
}

static void
ssh_identity(struct umpire_age_identity *id, const char *name)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey_private k;
	char path[256];
	size_t n;

	snprintf(path, sizeof(path), DIR "%s", name);
	char *t = slurp(path, &n);
	if (umpire_sshkey_parse_private(&k, t, n, &e) != 0)
		fail_msg("%s: %s", path, e.msg);
	umpire_age_identity_from_sshkey(id, &k);
	umpire_sshkey_private_wipe(&k);
	free(t);
}

static void
x25519_identity(struct umpire_age_identity *id)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	size_t n;
	char *t = slurp(DIR "test-identity-x25519.txt", &n);
	char *key = strstr(t, "AGE-SECRET-KEY-1");

	assert_int_equal(umpire_age_identity_parse(id, key, strcspn(key, "\n"), &e), 0);
	free(t);
}

/* Decrypt DIR/file with ids; it must give DIR/view.md. */
static void
opens(const char *file, const struct umpire_age_identity *ids, size_t n)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_buf out = UMPIRE_BUF_INIT;
	char path[256];
	size_t len, vlen;

	snprintf(path, sizeof(path), DIR "%s", file);
	char *t = slurp(path, &len), *view = slurp(DIR "view.md", &vlen);
	if (umpire_age_decrypt(&out, ids, n, t, len, NULL, &e) != 0)
		fail_msg("%s: %s", file, e.msg);
	assert_true(umpire_buf_equal(&out, view, vlen));
	free(t);
	free(view);
	umpire_buf_free(&out);
}

static void
files_from_age(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_identity tan, blue, x, both[2];
	struct umpire_buf out = UMPIRE_BUF_INIT;
	size_t len;

	(void)state;
	ssh_identity(&tan, "test-key-tan-ed25519");
	ssh_identity(&blue, "test-key-blue-ed25519");
	x25519_identity(&x);
	opens("view-to-tan.md.age", &tan, 1);
	opens("view-to-x25519.md.age.asc", &x, 1);
	opens("view-to-both.md.age", &x, 1);
	opens("view-to-both.md.age", &blue, 1);
	both[0] = tan;
	both[1] = blue;
	opens("view-to-both.md.age", both, 2);
	opens("view-to-tan.md.age", both, 2);

	/* The wrong key: no match, and nothing written. */
	char *t = slurp(DIR "view-to-tan.md.age", &len);
	umpire_buf_puts(&out, "kept");
	int rc = umpire_age_decrypt(&out, &blue, 1, t, len, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOMATCH, "no identity given opens");
	assert_string_equal(out.ptr, "kept");
	rc = umpire_age_decrypt(&out, &x, 1, t, len, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOMATCH, "no identity given opens");
	rc = umpire_age_decrypt(&out, NULL, 0, t, len, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ENOMATCH, "no identity given opens");
	free(t);

	/* A binary file read as armored, an armored one as binary. */
	struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
	t = slurp(DIR "view-to-tan.md.age", &len);
	o.format = UMPIRE_AGE_ARMORED;
	rc = umpire_age_decrypt(&out, &tan, 1, t, len, &o, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EARMOR, "armor: does not start with");
	free(t);
	t = slurp(DIR "view-to-x25519.md.age.asc", &len);
	o.format = UMPIRE_AGE_BINARY;
	rc = umpire_age_decrypt(&out, &x, 1, t, len, &o, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EHEADER, "not an age file");
	free(t);
	assert_string_equal(out.ptr, "kept");

	umpire_age_identity_wipe(&tan);
	umpire_age_identity_wipe(&blue);
	umpire_age_identity_wipe(&x);
	umpire_buf_free(&out);
}

static void
round_trips(void **state)
{
	static const size_t sizes[] = {
		0, 1, 15, 16, 17, UMPIRE_AGE_CHUNK - 1, UMPIRE_AGE_CHUNK,
		UMPIRE_AGE_CHUNK + 1, 2 * UMPIRE_AGE_CHUNK, 3 * UMPIRE_AGE_CHUNK + 5,
	};
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_identity tan, x;
	struct umpire_age_recipient to[2];
	unsigned char *plain = malloc(4 * UMPIRE_AGE_CHUNK);

	(void)state;
	assert_non_null(plain);
	randombytes_buf(plain, 4 * UMPIRE_AGE_CHUNK);
	ssh_identity(&tan, "test-key-tan-ed25519");
	x25519_identity(&x);
	umpire_age_identity_recipient(&to[0], &x);
	umpire_age_identity_recipient(&to[1], &tan);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (int armor = 0; armor < 2; armor++) {
			struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
			struct umpire_buf file = UMPIRE_BUF_INIT, a = UMPIRE_BUF_INIT,
				b = UMPIRE_BUF_INIT;
			o.armor = armor;
			assert_int_equal(umpire_age_encrypt(&file, to, 2, plain, sizes[i],
				&o, &e), 0);
			assert_int_equal(umpire_age_is_armored(file.ptr, file.len), armor);
			/* Each recipient alone opens it. */
			assert_int_equal(umpire_age_decrypt(&a, &x, 1, file.ptr, file.len,
				NULL, &e), 0);
			assert_int_equal(umpire_age_decrypt(&b, &tan, 1, file.ptr,
				file.len, NULL, &e), 0);
			assert_int_equal(a.len, sizes[i]);
			assert_true(umpire_buf_equal(&b, plain, sizes[i]));
			if (sizes[i])
				assert_memory_equal(a.ptr, plain, sizes[i]);
			/* The payload: the exact overhead of STREAM, no empty chunk. */
			if (!armor) {
				size_t chunks = sizes[i] ? (sizes[i] + UMPIRE_AGE_CHUNK - 1) /
					UMPIRE_AGE_CHUNK : 1;
				struct umpire_arena ar = UMPIRE_ARENA_INIT;
				struct umpire_age_header h;
				assert_int_equal(umpire_age_header_parse(&h, &ar,
					(unsigned char *)file.ptr, file.len, &e), 0);
				assert_int_equal(file.len - h.len, UMPIRE_AGE_NONCE_BYTES +
					sizes[i] + 16 * chunks);
				umpire_arena_free(&ar);
			}
			umpire_buf_free(&file);
			umpire_buf_free(&a);
			umpire_buf_free(&b);
		}
	free(plain);
	umpire_age_identity_wipe(&tan);
	umpire_age_identity_wipe(&x);
}

/* Flip each byte of a small file in turn: always refused, never a crash. */
static void
tampering(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_identity x, tan;
	struct umpire_age_recipient to[2];
	struct umpire_buf file = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;
	struct umpire_arena ar = UMPIRE_ARENA_INIT;
	struct umpire_age_header h;
	int counts[32] = { 0 };

	(void)state;
	x25519_identity(&x);
	ssh_identity(&tan, "test-key-tan-ed25519");
	umpire_age_identity_recipient(&to[0], &x);
	umpire_age_identity_recipient(&to[1], &tan);
	assert_int_equal(umpire_age_encrypt(&file, to, 2, "secret", 6, NULL, &e), 0);
	assert_int_equal(umpire_age_header_parse(&h, &ar, (unsigned char *)file.ptr,
		file.len, &e), 0);
	for (size_t i = 0; i < file.len; i++) {
		file.ptr[i] ^= 0x01;
		int rc = umpire_age_decrypt(&out, &x, 1, file.ptr, file.len, NULL, &e);
		int rc2 = umpire_age_decrypt(&out, &tan, 1, file.ptr, file.len, NULL, &e);
		file.ptr[i] ^= 0x01;
		/* Even in the other one's stanza: the MAC covers the header. */
		assert_true(rc < 0 && rc2 < 0);
		assert_int_equal(out.len, 0);
		counts[-rc]++;
		/* The nonce and the chunks: the payload fails to authenticate. */
		if (i >= h.len)
			assert_int_equal(rc, UMPIRE_CRYPTO_EPAYLOAD);
	}
	/* Each kind of failure happened. */
	assert_true(counts[-UMPIRE_CRYPTO_EHEADER] > 0);
	assert_true(counts[-UMPIRE_CRYPTO_EMAC] > 0);
	assert_true(counts[-UMPIRE_CRYPTO_ENOMATCH] > 0);
	assert_true(counts[-UMPIRE_CRYPTO_EPAYLOAD] > 0);
	/* Cut short anywhere: refused. */
	for (size_t i = 0; i < file.len; i++) {
		int rc = umpire_age_decrypt(&out, &x, 1, file.ptr, i, NULL, &e);
		assert_true(rc < 0 && e.msg[0]);
	}
	/* Anything after the end: refused. */
	umpire_buf_putc(&file, 0);
	int rc = umpire_age_decrypt(&out, &x, 1, file.ptr, file.len, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EPAYLOAD, "payload");
	umpire_arena_free(&ar);
	umpire_buf_free(&file);
	umpire_buf_free(&out);
	umpire_age_identity_wipe(&x);
	umpire_age_identity_wipe(&tan);
}

static int
failing_random(void *ctx, enum umpire_age_draw what, size_t index,
	unsigned char *out, size_t len)
{
	(void)ctx;
	(void)index;
	memset(out, 0, len);
	return what == UMPIRE_AGE_DRAW_NONCE;
}

static void
deterministic(void **state)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_identity x, tan;
	struct umpire_age_recipient to[2];
	struct umpire_age_detrand d;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	struct umpire_buf f[5];
	unsigned char key[32];
	static const char text[] = "mines: [4, 9]\n", other[] = "mines: [5, 9]\n";

	(void)state;
	for (int i = 0; i < 5; i++)
		f[i] = (struct umpire_buf)UMPIRE_BUF_INIT;
	x25519_identity(&x);
	ssh_identity(&tan, "test-key-tan-ed25519");
	umpire_age_identity_recipient(&to[0], &x);
	umpire_age_identity_recipient(&to[1], &tan);
	memset(key, 7, sizeof(key));
	o.random = umpire_age_detrand;
	o.random_ctx = &d;
	o.armor = true;
	/* Twice the same: the same bytes. */
	for (int i = 0; i < 2; i++) {
		umpire_age_detrand_init(&d, key, "orders/0003-tan.yaml", text,
			sizeof(text) - 1);
		assert_int_equal(umpire_age_encrypt(&f[i], to, 2, text,
			sizeof(text) - 1, &o, &e), 0);
	}
	assert_true(umpire_buf_equal(&f[0], f[1].ptr, f[1].len));
	/* Another label, another text, another key: another file. */
	umpire_age_detrand_init(&d, key, "orders/0004-tan.yaml", text,
		sizeof(text) - 1);
	assert_int_equal(umpire_age_encrypt(&f[2], to, 2, text, sizeof(text) - 1,
		&o, &e), 0);
	umpire_age_detrand_init(&d, key, "orders/0003-tan.yaml", other,
		sizeof(other) - 1);
	assert_int_equal(umpire_age_encrypt(&f[3], to, 2, other, sizeof(other) - 1,
		&o, &e), 0);
	key[31] ^= 1;
	umpire_age_detrand_init(&d, key, "orders/0003-tan.yaml", text,
		sizeof(text) - 1);
	assert_int_equal(umpire_age_encrypt(&f[4], to, 2, text, sizeof(text) - 1,
		&o, &e), 0);
	for (int i = 2; i < 5; i++)
		assert_false(umpire_buf_equal(&f[0], f[i].ptr, f[i].len));
	/* And each one opens. */
	for (int i = 0; i < 5; i++) {
		struct umpire_buf out = UMPIRE_BUF_INIT;
		assert_int_equal(umpire_age_decrypt(&out, &tan, 1, f[i].ptr, f[i].len,
			NULL, &e), 0);
		assert_string_equal(out.ptr, i == 3 ? other : text);
		umpire_buf_free(&out);
		umpire_buf_free(&f[i]);
	}

	/*
	 * The derivation as age.h documents it, computed here with
	 * libsodium's HMAC directly.
	 */
	unsigned char got[32], want[32], h[32];
	crypto_auth_hmacsha256_state st;
	memset(key, 7, sizeof(key));
	umpire_age_detrand_init(&d, key, "lbl", "abc", 3);
	crypto_hash_sha256(h, (const unsigned char *)"abc", 3);
	crypto_auth_hmacsha256_init(&st, key, 32);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)
		"umpire-age-random-v1\0lbl\0", 25);
	crypto_auth_hmacsha256_update(&st, h, 32);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)"\0ephemeral\0" "12",
		13);
	crypto_auth_hmacsha256_final(&st, want);
	assert_int_equal(umpire_age_detrand(&d, UMPIRE_AGE_DRAW_EPHEMERAL, 12, got,
		32), 0);
	assert_memory_equal(got, want, 32);
	assert_int_equal(umpire_age_detrand(&d, UMPIRE_AGE_DRAW_EPHEMERAL, 12, got,
		33), -1);
	umpire_age_detrand_wipe(&d);

	/* A source of random bytes that fails: nothing written. */
	struct umpire_buf out = UMPIRE_BUF_INIT;
	o.random = failing_random;
	int rc = umpire_age_encrypt(&out, to, 2, text, 3, &o, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_ERANDOM, "random");
	assert_int_equal(out.len, 0);
	rc = umpire_age_encrypt(&out, to, 0, text, 3, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EMALFORMED, "no recipient");
	/* A recipient of small order: no one could read the file. */
	struct umpire_age_recipient zero;
	memset(&zero, 0, sizeof(zero));
	rc = umpire_age_encrypt(&out, &zero, 1, text, 3, NULL, &e);
	assert_refused(rc, e, UMPIRE_CRYPTO_EBADKEY, "small order");
	assert_int_equal(out.len, 0);
	umpire_age_identity_wipe(&x);
	umpire_age_identity_wipe(&tan);
}

static void
game_identity(void **state)
{
	struct umpire_seed seed;
	struct umpire_age_identity id;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	/*
	 * Computed from gamekey.h's text alone, with Python's hmac and a
	 * Bech32 encoder, and the recipient with age-keygen -y
	 * (tests/py/test_crypto.py does it again on every run).
	 */
	for (int i = 0; i < 32; i++)
		seed.bytes[i] = (unsigned char)i;
	umpire_gamekey_identity(&id, &seed);
	umpire_age_identity_format(&b, &id);
	assert_string_equal(b.ptr, "AGE-SECRET-KEY-1YRCVCK0J3V2GWVL0DAFH29C469LY"
		"EWWQ74Q57GESN8TW3GMLKF3SAVKYWS");
	umpire_buf_clear(&b);
	umpire_gamekey_recipient(&b, &seed);
	assert_string_equal(b.ptr,
		"age19p8ylrsn3hp8rfp4a60d5s223pg80wnetrh0t7estsqm3fsugdnsjl8ecu");
	memset(seed.bytes, 0, 32);
	umpire_buf_clear(&b);
	umpire_gamekey_recipient(&b, &seed);
	assert_string_equal(b.ptr,
		"age1xj5v6jmt55czs79u9syzv4uh4n45jh8fn5u2wgvjk8e9wc6mlcpsajv9su");
	/* Clamped, as the derivation says. */
	assert_int_equal(id.sk[0] & 7, 0);
	assert_int_equal(id.sk[31] & 0xc0, 0x40);
	umpire_age_identity_wipe(&id);
	umpire_buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hkdf_rfc5869),
		cmocka_unit_test(bech32_rules),
		cmocka_unit_test(keys_from_the_spec),
		cmocka_unit_test(files_from_age),
		cmocka_unit_test(round_trips),
		cmocka_unit_test(tampering),
		cmocka_unit_test(deterministic),
		cmocka_unit_test(game_identity),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("age", tests, NULL, NULL);
}
