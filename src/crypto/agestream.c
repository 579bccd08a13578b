#include "crypto/agestream.h"

#include <string.h>
#include <sodium.h>

#include "crypto/hkdf.h"

#define TAG crypto_aead_chacha20poly1305_ietf_ABYTES
#define NONCE crypto_aead_chacha20poly1305_ietf_NPUBBYTES

void
umpire_age_payload_key(unsigned char out[32], const unsigned char *file_key,
	const unsigned char nonce[UMPIRE_AGE_NONCE_BYTES])
{
	umpire_hkdf_sha256(out, file_key, 16, nonce, UMPIRE_AGE_NONCE_BYTES,
		"payload");
}

/* Counter i, big-endian in the first 11 bytes, then the last flag. */
static void
chunk_nonce(unsigned char n[NONCE], size_t i, bool last)
{
	memset(n, 0, NONCE);
	for (int b = 10; b >= 0 && i; b--, i >>= 8)
		n[b] = (unsigned char)(i & 0xff);
	n[11] = last;
}

void
umpire_age_stream_encrypt(struct umpire_buf *out, const unsigned char key[32],
	const void *plain, size_t len)
{
	const unsigned char *p = plain;
	unsigned char nonce[NONCE];
	size_t i = 0, off = 0;

	/* The last chunk may be full; it is empty only for an empty payload. */
	do {
		size_t n = len - off > UMPIRE_AGE_CHUNK ? UMPIRE_AGE_CHUNK : len - off;
		bool last = off + n == len;
		chunk_nonce(nonce, i++, last);
		umpire_buf_grow(out, n + TAG);
		crypto_aead_chacha20poly1305_ietf_encrypt(
			(unsigned char *)out->ptr + out->len, NULL, p + off, n, NULL, 0,
			NULL, nonce, key);
		out->len += n + TAG;
		out->ptr[out->len] = '\0';
		off += n;
	} while (off < len);
}

int
umpire_age_stream_decrypt(struct umpire_buf *out, const unsigned char key[32],
	const unsigned char *in, size_t len, bool keep_partial,
	struct umpire_crypto_error *err)
{
	unsigned char nonce[NONCE];
	size_t start = out->len, off = 0, i = 0;
	int rc = 0;

	if (len == 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
			"payload: no chunk after the nonce");
	/*
	 * A chunk shorter than a full one must be the last.  A full one is
	 * tried as a middle chunk first, then as the last: the last chunk
	 * may be full (and must be, unless the payload is empty).  A chunk
	 * that authenticates is kept even if what follows it fails, as the
	 * reference implementation releases it (the testkit checks that).
	 */
	for (;;) {
		size_t left = len - off;
		size_t n = left > UMPIRE_AGE_CHUNK + TAG ? UMPIRE_AGE_CHUNK + TAG : left;
		bool full = n == UMPIRE_AGE_CHUNK + TAG, last = !full;
		unsigned char *dst;

		if (left == 0) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
				"payload: ends without its last chunk (cut short?)");
			break;
		}
		if (n < TAG) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
				"payload: chunk %zu is shorter than its tag", i);
			break;
		}
		umpire_buf_grow(out, n);
		dst = (unsigned char *)out->ptr + out->len;
		chunk_nonce(nonce, i, last);
		int bad = crypto_aead_chacha20poly1305_ietf_decrypt(dst, NULL, NULL,
			in + off, n, NULL, 0, nonce, key);
		if (bad && full) {
			last = true;
			chunk_nonce(nonce, i, true);
			bad = crypto_aead_chacha20poly1305_ietf_decrypt(dst, NULL, NULL,
				in + off, n, NULL, 0, nonce, key);
		}
		if (bad) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
				"payload: chunk %zu does not decrypt (the file was "
				"changed or cut short)", i);
			break;
		}
		if (last && n == TAG && i > 0) {
			rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
				"payload: the last chunk is empty");
			break;
		}
		out->len += n - TAG;
		out->ptr[out->len] = '\0';
		off += n;
		i++;
		if (last) {
			if (off != len)
				rc = umpire_crypto_fail(err, UMPIRE_CRYPTO_EPAYLOAD,
					"payload: %zu bytes after the last chunk", len - off);
			break;
		}
	}
	if (rc && !keep_partial) {
		/* Leave no plaintext of a file that failed in the spare room
		 * (none when nothing was ever decrypted into it). */
		if (out->ptr)
			sodium_memzero(out->ptr + start, out->cap - start);
		umpire_buf_truncate(out, start);
	}
	else if (out->ptr)
		out->ptr[out->len] = '\0';
	sodium_memzero(nonce, sizeof(nonce));
	return rc;
}
