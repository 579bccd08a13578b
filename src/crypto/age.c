#include "crypto/age.h"

#include <stdio.h>
#include <string.h>
#include <sodium.h>

#include "crypto/ageheader.h"
#include "crypto/agestream.h"
#include "util/arena.h"
#include "crypto/pem.h"

#define ARMOR_WIDTH 64

int
umpire_age_random_system(void *ctx, enum umpire_age_draw what, size_t index,
	unsigned char *out, size_t len)
{
	(void)ctx;
	(void)what;
	(void)index;
	randombytes_buf(out, len);
	return 0;
}

void
umpire_age_detrand_init(struct umpire_age_detrand *d,
	const unsigned char key[32], const char *label, const void *plain,
	size_t len)
{
	static const unsigned char tag[] = "umpire-age-random-v1";
	unsigned char h[crypto_hash_sha256_BYTES];
	const unsigned char nul = 0;

	crypto_hash_sha256(h, plain, len);
	crypto_auth_hmacsha256_init(&d->prefix, key, 32);
	crypto_auth_hmacsha256_update(&d->prefix, tag, sizeof(tag));	/* and NUL */
	crypto_auth_hmacsha256_update(&d->prefix, (const unsigned char *)label,
		strlen(label));
	crypto_auth_hmacsha256_update(&d->prefix, &nul, 1);
	crypto_auth_hmacsha256_update(&d->prefix, h, sizeof(h));
	crypto_auth_hmacsha256_update(&d->prefix, &nul, 1);
}

int
umpire_age_detrand(void *ctx, enum umpire_age_draw what, size_t index,
	unsigned char *out, size_t len)
{
	const struct umpire_age_detrand *d = ctx;
	crypto_auth_hmacsha256_state st = d->prefix;
	unsigned char mac[crypto_auth_hmacsha256_BYTES];
	const char *name = what == UMPIRE_AGE_DRAW_FILE_KEY ? "file-key" :
		what == UMPIRE_AGE_DRAW_EPHEMERAL ? "ephemeral" : "nonce";
	char num[32];

	if (len > sizeof(mac))
		return -1;
	snprintf(num, sizeof(num), "%zu", index);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)name,
		strlen(name) + 1);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)num, strlen(num));
	crypto_auth_hmacsha256_final(&st, mac);
	memcpy(out, mac, len);
	sodium_memzero(mac, sizeof(mac));
	sodium_memzero(&st, sizeof(st));
	return 0;
}

void
umpire_age_detrand_wipe(struct umpire_age_detrand *d)
{
	sodium_memzero(d, sizeof(*d));
}

static int
draw(const struct umpire_age_encrypt_opts *o, enum umpire_age_draw what,
	size_t index, unsigned char *out, size_t len,
	struct umpire_crypto_error *err)
{
	umpire_age_random_fn fn = o->random ? o->random : umpire_age_random_system;

	if (fn(o->random_ctx, what, index, out, len) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_ERANDOM,
			"the source of random bytes failed");
	return 0;
}

int
umpire_age_encrypt(struct umpire_buf *out,
	const struct umpire_age_recipient *to, size_t n, const void *plain,
	size_t len, const struct umpire_age_encrypt_opts *opts,
	struct umpire_crypto_error *err)
{
	static const struct umpire_age_encrypt_opts defaults =
		UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	const struct umpire_age_encrypt_opts *o = opts ? opts : &defaults;
	unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
		eph[UMPIRE_AGE_KEY_BYTES], nonce[UMPIRE_AGE_NONCE_BYTES], key[32];
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf bin = UMPIRE_BUF_INIT;
	struct umpire_age_stanza *st;
	int rc;

	if (n == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EMALFORMED,
			"no recipient to encrypt to");
	if ((rc = draw(o, UMPIRE_AGE_DRAW_FILE_KEY, 0, file_key, sizeof(file_key),
	    err)) != 0)
		goto out;
	st = umpire_arena_alloc(&a, n * sizeof(*st));
	for (size_t i = 0; i < n; i++) {
		if ((rc = draw(o, UMPIRE_AGE_DRAW_EPHEMERAL, i, eph, sizeof(eph),
		    err)) != 0 ||
		    (rc = umpire_age_wrap(&st[i], &a, &to[i], file_key, eph, err)) != 0)
			goto out;
	}
	if ((rc = draw(o, UMPIRE_AGE_DRAW_NONCE, 0, nonce, sizeof(nonce), err)) != 0)
		goto out;
	umpire_age_header_write(&bin, st, n, file_key);
	umpire_buf_add(&bin, nonce, sizeof(nonce));
	umpire_age_payload_key(key, file_key, nonce);
	umpire_age_stream_encrypt(&bin, key, plain, len);
	if (o->armor)
		umpire_age_armor(out, bin.ptr, bin.len);
	else
		umpire_buf_add(out, bin.ptr, bin.len);
out:
	sodium_memzero(file_key, sizeof(file_key));
	sodium_memzero(eph, sizeof(eph));
	sodium_memzero(key, sizeof(key));
	umpire_buf_free(&bin);
	umpire_arena_free(&a);
	return rc;
}

bool
umpire_age_is_armored(const void *text, size_t len)
{
	return umpire_pem_is(UMPIRE_AGE_ARMOR_LABEL, text, len);
}

int
umpire_age_dearmor(struct umpire_buf *out, const void *text, size_t len,
	struct umpire_crypto_error *err)
{
	static const struct umpire_pem_rules rules = {
		UMPIRE_AGE_ARMOR_LABEL, ARMOR_WIDTH, UMPIRE_CRYPTO_EARMOR, "armor",
	};

	return umpire_pem_decode(out, &rules, text, len, err);
}

void
umpire_age_armor(struct umpire_buf *out, const void *bin, size_t len)
{
	umpire_pem_encode(out, UMPIRE_AGE_ARMOR_LABEL, ARMOR_WIDTH, bin, len);
}

static int
decrypt_binary(struct umpire_buf *out, const struct umpire_age_identity *ids,
	size_t n, const unsigned char *in, size_t len, bool keep_partial,
	struct umpire_crypto_error *err)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_age_header h;
	unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES], mac[UMPIRE_AGE_MAC_BYTES],
		key[32];
	int rc, found = 0;

	if ((rc = umpire_age_header_parse(&h, &a, in, len, err)) != 0)
		goto out;
	if (len - h.len < UMPIRE_AGE_NONCE_BYTES) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: the payload nonce is cut short");
		goto out;
	}
	/* As the reference does: each identity in turn tries every stanza. */
	for (size_t i = 0; i < n && !found; i++)
		for (size_t s = 0; s < h.n && !found; s++) {
			rc = umpire_age_unwrap(file_key, &h.stanzas[s], &ids[i], err);
			if (rc < 0)
				goto out;
			found = rc == 0;
		}
	if (!found) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_ENOMATCH,
			"no identity given opens this file (none of its %zu recipient "
			"stanza%s is for them)", h.n, h.n == 1 ? "" : "s");
		goto out;
	}
	umpire_age_header_mac(mac, file_key, in, h.mac_input_len);
	if (crypto_verify_32(mac, h.mac) != 0) {
		rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EMAC,
			"header: the MAC does not match (the header was changed)");
		goto out;
	}
	umpire_age_payload_key(key, file_key, in + h.len);
	rc = umpire_age_stream_decrypt(out, key, in + h.len + UMPIRE_AGE_NONCE_BYTES,
		len - h.len - UMPIRE_AGE_NONCE_BYTES, keep_partial, err);
out:
	sodium_memzero(file_key, sizeof(file_key));
	sodium_memzero(key, sizeof(key));
	umpire_arena_free(&a);
	return rc;
}

int
umpire_age_decrypt(struct umpire_buf *out,
	const struct umpire_age_identity *ids, size_t n, const void *file,
	size_t len, const struct umpire_age_decrypt_opts *opts,
	struct umpire_crypto_error *err)
{
	static const struct umpire_age_decrypt_opts defaults =
		UMPIRE_AGE_DECRYPT_OPTS_INIT;
	static const char magic[] = "age-encryption.org/";
	const struct umpire_age_decrypt_opts *o = opts ? opts : &defaults;
	enum umpire_age_format f = o->format;
	struct umpire_buf bin = UMPIRE_BUF_INIT;
	int rc;

	if (f == UMPIRE_AGE_AUTO)
		f = len >= sizeof(magic) - 1 && memcmp(file, magic,
			sizeof(magic) - 1) == 0 ? UMPIRE_AGE_BINARY : UMPIRE_AGE_ARMORED;
	if (f == UMPIRE_AGE_BINARY)
		return decrypt_binary(out, ids, n, file, len, o->keep_partial, err);
	if ((rc = umpire_age_dearmor(&bin, file, len, err)) == 0)
		rc = decrypt_binary(out, ids, n, (const unsigned char *)bin.ptr,
			bin.len, o->keep_partial, err);
	umpire_buf_free(&bin);
	return rc;
}
