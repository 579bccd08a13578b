#include "util/bech32.h"

#include <stdint.h>
#include <string.h>

static const char charset[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

static uint32_t
polymod_step(uint32_t chk, unsigned v)
{
	static const uint32_t gen[5] = {
		0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3,
	};
	uint32_t top = chk >> 25;

	chk = (chk & 0x1ffffff) << 5 ^ v;
	for (int i = 0; i < 5; i++)
		if (top >> i & 1)
			chk ^= gen[i];
	return chk;
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* The checksum state after the expanded human-readable part. */
static uint32_t
hrp_state(const char *hrp, size_t n)
{
	uint32_t chk = 1;

	for (size_t i = 0; i < n; i++)
		chk = polymod_step(chk, (unsigned)lower((unsigned char)hrp[i]) >> 5);
	chk = polymod_step(chk, 0);
	for (size_t i = 0; i < n; i++)
		chk = polymod_step(chk, (unsigned)lower((unsigned char)hrp[i]) & 31);
	return chk;
}

void
umpire_bech32_encode(struct umpire_buf *out, const char *hrp,
	const void *data, size_t len, int upper)
{
	const unsigned char *p = data;
	size_t n = strlen(hrp);
	uint32_t chk = hrp_state(hrp, n), acc = 0;
	unsigned bits = 0;

	umpire_buf_add(out, hrp, n);
	umpire_buf_putc(out, '1');
	for (size_t i = 0; i <= len; i++) {
		if (i < len) {
			acc = acc << 8 | p[i];
			bits += 8;
		} else if (bits) {
			acc <<= 5 - bits;	/* zero padding */
			bits = 5;
		}
		while (bits >= 5) {
			unsigned v = acc >> (bits - 5) & 31;
			bits -= 5;
			chk = polymod_step(chk, v);
			char c = charset[v];
			umpire_buf_putc(out, upper && c >= 'a' ? (char)(c - 'a' + 'A') : c);
		}
	}
	for (int i = 0; i < 6; i++)
		chk = polymod_step(chk, 0);
	chk ^= 1;
	for (int i = 0; i < 6; i++) {
		char c = charset[chk >> (5 * (5 - i)) & 31];
		umpire_buf_putc(out, upper && c >= 'a' ? (char)(c - 'a' + 'A') : c);
	}
}

int
umpire_bech32_decode(char *hrp, size_t hrpcap, unsigned char *data,
	size_t cap, size_t *outlen, const char *s, size_t len)
{
	int has_lower = 0, has_upper = 0;
	size_t sep = len, n = 0;
	uint32_t chk, acc = 0;
	unsigned bits = 0;

	*outlen = 0;
	if (len > UMPIRE_BECH32_MAX)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 33 || c > 126)
			return -1;
		has_lower |= c >= 'a' && c <= 'z';
		has_upper |= c >= 'A' && c <= 'Z';
		if (c == '1')
			sep = i;
	}
	/* One case only; a separator, a non-empty prefix, six checksum characters. */
	if ((has_lower && has_upper) || sep == len || sep == 0 || len - sep - 1 < 6 ||
	    sep + 1 > hrpcap)
		return -1;
	chk = hrp_state(s, sep);
	for (size_t i = sep + 1; i < len; i++) {
		const char *at = strchr(charset, lower((unsigned char)s[i]));
		if (!at || !*at)
			return -1;
		unsigned v = (unsigned)(at - charset);
		chk = polymod_step(chk, v);
		if (i >= len - 6)
			continue;
		acc = (acc << 5 | v) & 0xfff;
		bits += 5;
		if (bits >= 8) {
			bits -= 8;
			if (n == cap)
				return -1;
			data[n++] = (unsigned char)(acc >> bits);
		}
	}
	/* At most four bits of padding, all zero (BIP 173's convertbits). */
	if (chk != 1 || bits > 4 || (acc & ((1u << bits) - 1)) != 0)
		return -1;
	memcpy(hrp, s, sep);
	hrp[sep] = '\0';
	*outlen = n;
	return 0;
}
