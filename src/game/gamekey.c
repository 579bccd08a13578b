#include "game/gamekey.h"

#include <string.h>
#include <sodium.h>

void
umpire_gamekey_identity(struct umpire_age_identity *out,
	const struct umpire_seed *seed)
{
	unsigned char s[crypto_auth_hmacsha256_BYTES];
	crypto_auth_hmacsha256_state st;

	crypto_auth_hmacsha256_init(&st, seed->bytes, sizeof(seed->bytes));
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)
		UMPIRE_GAMEKEY_LABEL, strlen(UMPIRE_GAMEKEY_LABEL));
	crypto_auth_hmacsha256_final(&st, s);
	s[0] &= 248;
	s[31] &= 127;
	s[31] |= 64;
	umpire_age_identity_from_x25519(out, s);
	sodium_memzero(s, sizeof(s));
	sodium_memzero(&st, sizeof(st));
}

void
umpire_gamekey_recipient(struct umpire_buf *out, const struct umpire_seed *seed)
{
	struct umpire_age_identity id;
	struct umpire_age_recipient r;

	umpire_gamekey_identity(&id, seed);
	umpire_age_identity_recipient(&r, &id);
	umpire_age_identity_wipe(&id);
	umpire_age_recipient_format(out, &r);
}
