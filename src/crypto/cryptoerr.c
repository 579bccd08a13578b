#include "crypto/cryptoerr.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int
umpire_crypto_fail(struct umpire_crypto_error *err,
	enum umpire_crypto_code code, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		err->code = code;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return (int)code;
}

const char *
umpire_crypto_code_name(enum umpire_crypto_code code)
{
	switch (code) {
	case UMPIRE_CRYPTO_OK: return "ok";
	case UMPIRE_CRYPTO_EMALFORMED: return "malformed";
	case UMPIRE_CRYPTO_EKEYTYPE: return "key-type";
	case UMPIRE_CRYPTO_EENCRYPTED: return "encrypted-key";
	case UMPIRE_CRYPTO_EBADKEY: return "bad-key";
	case UMPIRE_CRYPTO_ENOSIG: return "no-signature";
	case UMPIRE_CRYPTO_ENAMESPACE: return "namespace";
	case UMPIRE_CRYPTO_ENOTALLOWED: return "not-allowed";
	case UMPIRE_CRYPTO_EHASH: return "hash";
	case UMPIRE_CRYPTO_EBADSIG: return "bad-signature";
	case UMPIRE_CRYPTO_EVERSION: return "version";
	case UMPIRE_CRYPTO_EARMOR: return "armor";
	case UMPIRE_CRYPTO_EHEADER: return "header";
	case UMPIRE_CRYPTO_ENOMATCH: return "no-match";
	case UMPIRE_CRYPTO_EMAC: return "hmac";
	case UMPIRE_CRYPTO_EPAYLOAD: return "payload";
	case UMPIRE_CRYPTO_ERANDOM: return "random";
	case UMPIRE_CRYPTO_ETOOBIG: return "too-big";
	}
	return "unknown";
}

void
umpire_crypto_quote(char *out, size_t n, const void *bytes, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = bytes;
	size_t o = 0;

	if (n < 4) {
		if (n)
			out[0] = '\0';
		return;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char c = p[i];
		size_t need = c >= 0x20 && c < 0x7f && c != '\\' ? 1 : c == '\\' ? 2 : 4;
		/* Keep room for "..." and the NUL unless this is the last byte. */
		size_t room = i + 1 == len ? n - 1 : n - 4;
		if (o + need > room) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		if (need == 1) {
			out[o++] = (char)c;
		} else if (need == 2) {
			out[o++] = '\\';
			out[o++] = '\\';
		} else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		}
	}
	out[o] = '\0';
}
