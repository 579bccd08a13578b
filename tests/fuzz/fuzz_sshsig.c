/*
 * fuzz_sshsig - the SSH key and signature parsers (crypto/sshkey.c,
 * sshsig.c, and pem.c, sshwire.c, base64.c under them).
 *
 * For every input:
 *   - read it as an armored SSH signature and verify it over a fixed
 *     message against a fixed key: any outcome but a crash is fine, as
 *     long as a failure is a known code with a message;
 *   - read it as a public key line: if it parses, writing it and reading
 *     that back gives the same key;
 *   - read it as a private key file: if it parses, its public half is
 *     the one its seed gives (checked by the parser) and writing it and
 *     reading it back gives the same key;
 *   - sign it as a message: the signature must verify over it, and must
 *     not verify for another namespace or another key.
 */
#include "crypto/sshkey.h"
#include "crypto/sshsig.h"
#include "fuzz.h"

static struct umpire_sshkey_private signer;
static struct umpire_sshkey other;

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
	unsigned char seed[32];

	fuzz_setup_dict(argc, argv, "tests/fuzz/sshsig.dict");
	memset(seed, 0x42, sizeof(seed));
	umpire_sshkey_private_from_seed(&signer, seed);
	memset(seed, 0x43, sizeof(seed));
	struct umpire_sshkey_private k;
	umpire_sshkey_private_from_seed(&k, seed);
	other = k.pub;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	static const char msg[] = "player: tan\n";
	struct umpire_sshkey keys[2] = { other, signer.pub };
	size_t which = 99;
	int rc;

	rc = umpire_sshsig_check(&which, data, size, msg, sizeof(msg) - 1,
		"umpire", keys, 2, &e);
	check_error(rc, &e, "sshsig", data, size);
	if (rc == 0 && which != 1)
		fuzz_fail(NULL, (const char *)data, size, "verified by key %zu",
			which);

	struct umpire_sshkey pub, back;
	rc = umpire_sshkey_parse_public(&pub, (const char *)data, size, &e);
	check_error(rc, &e, "public key", data, size);
	if (rc == 0) {
		struct umpire_buf line = UMPIRE_BUF_INIT;
		umpire_sshkey_format_public(&line, &pub, "comment");
		if (umpire_sshkey_parse_public(&back, line.ptr, line.len, &e) != 0 ||
		    !umpire_sshkey_equal(&pub, &back))
			fuzz_fail(NULL, line.ptr, line.len, "a key line umpire wrote "
				"does not read back");
		umpire_buf_free(&line);
	}

	struct umpire_sshkey_private priv, priv2;
	rc = umpire_sshkey_parse_private(&priv, data, size, &e);
	check_error(rc, &e, "private key", data, size);
	if (rc == 0) {
		struct umpire_buf text = UMPIRE_BUF_INIT;
		umpire_sshkey_format_private(&text, &priv, "", 7);
		if (umpire_sshkey_parse_private(&priv2, text.ptr, text.len, &e) != 0 ||
		    memcmp(&priv, &priv2, sizeof(priv)) != 0)
			fuzz_fail(NULL, text.ptr, text.len, "a private key umpire "
				"wrote does not read back");
		umpire_buf_free(&text);
	}

	struct umpire_buf sig = UMPIRE_BUF_INIT;
	umpire_sshsig_sign(&sig, &signer, "umpire", data, size,
		size % 2 ? UMPIRE_SSHSIG_SHA256 : UMPIRE_SSHSIG_SHA512);
	if (umpire_sshsig_check(&which, sig.ptr, sig.len, data, size, "umpire",
	    keys, 2, &e) != 0 || which != 1)
		fuzz_fail(NULL, sig.ptr, sig.len, "umpire's own signature does not "
			"verify: %s", e.msg);
	if (umpire_sshsig_check(NULL, sig.ptr, sig.len, data, size, "umpire!",
	    keys, 2, &e) != UMPIRE_CRYPTO_ENAMESPACE ||
	    umpire_sshsig_check(NULL, sig.ptr, sig.len, data, size, "umpire",
	    keys, 1, &e) != UMPIRE_CRYPTO_ENOTALLOWED)
		fuzz_fail(NULL, sig.ptr, sig.len, "a signature verifies where it "
			"must not");
	umpire_buf_free(&sig);
	return 0;
}
