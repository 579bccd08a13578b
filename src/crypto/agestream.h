/*
 * agestream.h - age's payload (c2sp.org/age, "Payload"): STREAM over
 * ChaCha20-Poly1305, 64 KiB chunks, nonce = 11-byte big-endian counter
 * and a last-chunk flag byte.
 *
 * Both directions work on whole buffers and append to a struct
 * umpire_buf the caller owns; the key is the payload key, already
 * derived from the file key and the payload nonce.
 */
#ifndef UMPIRE_AGESTREAM_H
#define UMPIRE_AGESTREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "crypto/cryptoerr.h"

#define UMPIRE_AGE_CHUNK 65536
#define UMPIRE_AGE_NONCE_BYTES 16

/* The payload key: HKDF-SHA-256(ikm = file key, salt = nonce, "payload"). */
void umpire_age_payload_key(unsigned char out[32],
	const unsigned char *file_key, const unsigned char nonce[UMPIRE_AGE_NONCE_BYTES]);
/* Append the encrypted chunks of plain[0..len). */
void umpire_age_stream_encrypt(struct umpire_buf *out, const unsigned char key[32],
	const void *plain, size_t len);
/*
 * Append the plaintext of in[0..len).  Returns 0 or
 * UMPIRE_CRYPTO_EPAYLOAD; then out holds the chunks that authenticated
 * before the failure if keep_partial, else what it held before.
 */
int umpire_age_stream_decrypt(struct umpire_buf *out, const unsigned char key[32],
	const unsigned char *in, size_t len, bool keep_partial,
	struct umpire_crypto_error *err);

#endif
