/*
 * hkdf.h - HKDF-SHA-256 (RFC 5869) for 32 bytes of output, on
 * libsodium's HMAC-SHA-256 (Debian 12's libsodium 1.0.18 predates its
 * own crypto_kdf_hkdf_sha256).  age derives all its keys this way.
 */
#ifndef UMPIRE_HKDF_H
#define UMPIRE_HKDF_H

#include <stddef.h>

#define UMPIRE_HKDF_BYTES 32

/* Extract with salt (may be empty), then expand with info, to out. */
void umpire_hkdf_sha256(unsigned char out[UMPIRE_HKDF_BYTES],
	const void *ikm, size_t ikmlen, const void *salt, size_t saltlen,
	const char *info);

#endif
