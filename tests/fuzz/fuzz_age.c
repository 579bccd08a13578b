/*
 * fuzz_age - the age parsers (crypto/age.c, ageheader.c, agestream.c,
 * agekey.c, bech32.c, pem.c).
 *
 * For every input:
 *   - decrypt it, read as binary, as armored and as it comes, with an
 *     X25519 identity (the C2SP testkit's, so that its vectors make a
 *     corpus that decrypts) and an ssh-ed25519 one: any outcome but a
 *     crash is fine, as long as a failure is a known code with a message
 *     and leaves the output buffer as it was; what decrypts, encrypted
 *     again, decrypts to the same bytes;
 *   - read it as armor: what is read, armored again and read back, is the
 *     same bytes;
 *   - read it as a recipient and as an identity: what parses, written and
 *     read back, is the same key;
 *   - encrypt it, deterministically, to both: each identity opens it, and
 *     the same draws give the same file.
 */
#include "crypto/age.h"
#include "fuzz.h"

/* The C2SP testkit's identity (tests/crypto/age-testkit/x25519). */
static const char testkit_identity[] =
	"AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0";

static struct umpire_age_identity ids[2];
static struct umpire_age_recipient to[2];

static void
check_error(int rc, const struct umpire_crypto_error *e, const char *what,
	const uint8_t *data, size_t size)
{
	if (rc > 0 || (rc < 0 && (e->code != rc || !e->msg[0] ||
	    strcmp(umpire_crypto_code_name(e->code), "unknown") == 0)))
		fuzz_fail(NULL, (const char *)data, size, "%s: returned %d with "
			"code %d and message \"%s\"", what, rc, (int)e->code, e->msg);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey_private k;
	unsigned char seed[32];

	fuzz_setup_dict(argc, argv, "tests/fuzz/age.dict");
	if (umpire_age_identity_parse(&ids[0], testkit_identity,
	    strlen(testkit_identity), &e) != 0)
		fuzz_fail(NULL, NULL, 0, "the testkit identity: %s", e.msg);
	memset(seed, 0x42, sizeof(seed));
	umpire_sshkey_private_from_seed(&k, seed);
	umpire_age_identity_from_sshkey(&ids[1], &k);
	umpire_age_identity_recipient(&to[0], &ids[0]);
	umpire_age_identity_recipient(&to[1], &ids[1]);
	return 0;
}

static void
decrypt(const uint8_t *data, size_t size, enum umpire_age_format f)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
	struct umpire_buf out = UMPIRE_BUF_INIT;

	o.format = f;
	umpire_buf_puts(&out, "before");
	int rc = umpire_age_decrypt(&out, ids, 2, data, size, &o, &e);
	check_error(rc, &e, "decrypt", data, size);
	if (rc != 0 && !umpire_buf_equal(&out, "before", 6))
		fuzz_fail(NULL, (const char *)data, size, "a failed decryption "
			"changed the output");
	if (rc == 0) {
		struct umpire_buf again = UMPIRE_BUF_INIT, back = UMPIRE_BUF_INIT;
		struct umpire_age_encrypt_opts eo = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
		struct umpire_age_detrand d;
		static const unsigned char key[32] = { 2 };
		/* Deterministic, as libFuzzer wants its targets. */
		umpire_age_detrand_init(&d, key, "again", out.ptr + 6, out.len - 6);
		eo.random = umpire_age_detrand;
		eo.random_ctx = &d;
		if (umpire_age_encrypt(&again, to, 2, out.ptr + 6, out.len - 6, &eo,
		    &e) != 0 ||
		    umpire_age_decrypt(&back, ids + 1, 1, again.ptr, again.len, NULL,
		    &e) != 0 || !umpire_buf_equal(&back, out.ptr + 6, out.len - 6))
			fuzz_fail(NULL, (const char *)data, size, "what decrypted does "
				"not survive encryption and decryption: %s", e.msg);
		umpire_buf_free(&again);
		umpire_buf_free(&back);
	}
	umpire_buf_free(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	int rc;

	decrypt(data, size, UMPIRE_AGE_AUTO);
	decrypt(data, size, UMPIRE_AGE_BINARY);
	decrypt(data, size, UMPIRE_AGE_ARMORED);

	struct umpire_buf bin = UMPIRE_BUF_INIT;
	rc = umpire_age_dearmor(&bin, data, size, &e);
	check_error(rc, &e, "dearmor", data, size);
	if (rc == 0) {
		struct umpire_buf text = UMPIRE_BUF_INIT, back = UMPIRE_BUF_INIT;
		umpire_age_armor(&text, bin.ptr, bin.len);
		if (umpire_age_dearmor(&back, text.ptr, text.len, &e) != 0 ||
		    !umpire_buf_equal(&back, bin.ptr, bin.len))
			fuzz_fail(NULL, text.ptr, text.len, "armor umpire wrote does "
				"not read back: %s", e.msg);
		umpire_buf_free(&text);
		umpire_buf_free(&back);
	}
	umpire_buf_free(&bin);

	struct umpire_age_recipient r, r2;
	rc = umpire_age_recipient_parse(&r, (const char *)data, size, &e);
	check_error(rc, &e, "recipient", data, size);
	if (rc == 0) {
		struct umpire_buf s = UMPIRE_BUF_INIT;
		umpire_age_recipient_format(&s, &r);
		if (umpire_age_recipient_parse(&r2, s.ptr, s.len, &e) != 0 ||
		    memcmp(r.pk, r2.pk, sizeof(r.pk)) != 0 || r.kind != r2.kind)
			fuzz_fail(NULL, s.ptr, s.len, "a recipient umpire wrote does "
				"not read back");
		umpire_buf_free(&s);
	}
	struct umpire_age_identity id, id2;
	rc = umpire_age_identity_parse(&id, (const char *)data, size, &e);
	check_error(rc, &e, "identity", data, size);
	if (rc == 0) {
		struct umpire_buf s = UMPIRE_BUF_INIT;
		umpire_age_identity_format(&s, &id);
		if (umpire_age_identity_parse(&id2, s.ptr, s.len, &e) != 0 ||
		    memcmp(&id, &id2, sizeof(id)) != 0)
			fuzz_fail(NULL, s.ptr, s.len, "an identity umpire wrote does "
				"not read back");
		umpire_buf_free(&s);
	}

	struct umpire_age_detrand d;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	struct umpire_buf f1 = UMPIRE_BUF_INIT, f2 = UMPIRE_BUF_INIT;
	unsigned char key[32] = { 1 };
	o.armor = size % 2;
	o.random = umpire_age_detrand;
	o.random_ctx = &d;
	umpire_age_detrand_init(&d, key, "fuzz", data, size);
	if (umpire_age_encrypt(&f1, to, 2, data, size, &o, &e) != 0 ||
	    umpire_age_encrypt(&f2, to, 2, data, size, &o, &e) != 0 ||
	    !umpire_buf_equal(&f1, f2.ptr, f2.len))
		fuzz_fail(NULL, (const char *)data, size, "deterministic encryption "
			"failed or differed: %s", e.msg);
	for (int i = 0; i < 2; i++) {
		struct umpire_buf out = UMPIRE_BUF_INIT;
		if (umpire_age_decrypt(&out, &ids[i], 1, f1.ptr, f1.len, NULL, &e) != 0 ||
		    !umpire_buf_equal(&out, data, size))
			fuzz_fail(NULL, (const char *)data, size, "identity %d cannot "
				"open what was encrypted to it: %s", i, e.msg);
		umpire_buf_free(&out);
	}
	umpire_buf_free(&f1);
	umpire_buf_free(&f2);
	return 0;
}
