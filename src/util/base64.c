#include "util/base64.h"

#include <string.h>
#include <sodium.h>

int
umpire_base64_decode(unsigned char *out, size_t cap, size_t *outlen,
	const char *text, size_t len, bool padded)
{
	int variant = padded ? sodium_base64_VARIANT_ORIGINAL :
		sodium_base64_VARIANT_ORIGINAL_NO_PADDING;
	size_t got = 0;

	*outlen = 0;
	if (len == 0)
		return 0;
	/*
	 * With no characters to ignore and no end pointer, libsodium refuses
	 * anything it does not consume whole, non-zero unused bits, and
	 * padding other than the variant's.  Unpadded, a length of 1 mod 4
	 * leaves 6 bits, which it refuses too.
	 */
	if (sodium_base642bin(out, cap, text, len, NULL, &got, NULL, variant) != 0)
		return -1;
	*outlen = got;
	return 0;
}

size_t
umpire_base64_encode(char *out, size_t cap, const void *data, size_t n,
	bool padded)
{
	int variant = padded ? sodium_base64_VARIANT_ORIGINAL :
		sodium_base64_VARIANT_ORIGINAL_NO_PADDING;
	size_t need = padded ? UMPIRE_BASE64_PADDED_LEN(n) : UMPIRE_BASE64_RAW_LEN(n);

	if (cap < need + 1) {
		if (cap)
			out[0] = '\0';
		return 0;
	}
	sodium_bin2base64(out, cap, data, n, variant);
	return need;
}
