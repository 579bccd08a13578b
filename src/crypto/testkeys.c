/*
 * testkeys.c - umpire's published test keys (testkeys.h).
 */
#include "crypto/testkeys.h"

#include <stddef.h>
#include <string.h>

/* tests/crypto/test-key-*-ed25519.pub: the key lines, without comment. */
static const struct {
	const char *file, *line;
} published[] = {
	{ "tests/crypto/test-key-black-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAIOb718cEs40xHwZxIysI8+nPgt+dNytTjewriJfI4/Qg" },
	{ "tests/crypto/test-key-blue-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAIPcjrAxyRFlpX82xHZaGXnh+gpWgEZMO8srZfldd3mMZ" },
	{ "tests/crypto/test-key-encrypted-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAIJCDjR2tqIeJ3outrUCw4WWgB3pDUBRecW1Cm91D54bK" },
	{ "tests/crypto/test-key-green-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAIPsZn+yDw9xuyFBQPXxb0Gy3goW44JkGGEzr9w+b7eIE" },
	{ "tests/crypto/test-key-tan-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAIOlke8T/LK/R01jTVky7LuNYpSaRiGaj1JfV078dqVf9" },
	{ "tests/crypto/test-key-white-ed25519", "ssh-ed25519 "
	  "AAAAC3NzaC1lZDI1NTE5AAAAICNyuLeWOJEY2CvBQo0+SlkVWfD6gx/JwRH3xMEPs8uJ" },
};

const char *
umpire_testkey_file(const struct umpire_sshkey *k)
{
	for (size_t i = 0; i < sizeof(published) / sizeof(*published); i++) {
		struct umpire_sshkey t;
		struct umpire_crypto_error err;
		if (umpire_sshkey_parse_public(&t, published[i].line,
		    strlen(published[i].line), &err) == 0 &&
		    umpire_sshkey_equal(&t, k))
			return published[i].file;
	}
	return NULL;
}
