#include "crypto/hkdf.h"

#include <string.h>
#include <sodium.h>

void
umpire_hkdf_sha256(unsigned char out[UMPIRE_HKDF_BYTES],
	const void *ikm, size_t ikmlen, const void *salt, size_t saltlen,
	const char *info)
{
	crypto_auth_hmacsha256_state st;
	unsigned char prk[crypto_auth_hmacsha256_BYTES];
	const unsigned char one = 1;

	/*
	 * An empty salt is HMAC's empty key, which HMAC pads with zeros: the
	 * same as RFC 5869's default salt of HashLen zero bytes.
	 */
	crypto_auth_hmacsha256_init(&st, salt, saltlen);
	crypto_auth_hmacsha256_update(&st, ikm, ikmlen);
	crypto_auth_hmacsha256_final(&st, prk);
	/* One block of output: T(1) = HMAC(PRK, info || 0x01). */
	crypto_auth_hmacsha256_init(&st, prk, sizeof(prk));
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)info,
		strlen(info));
	crypto_auth_hmacsha256_update(&st, &one, 1);
	crypto_auth_hmacsha256_final(&st, out);
	sodium_memzero(prk, sizeof(prk));
	sodium_memzero(&st, sizeof(st));
}
