/*
 * base64.h - strict base64 (RFC 4648, section 4), on libsodium's codec.
 *
 * Decoding accepts only canonical encodings: every character from the
 * alphabet, no white space, unused bits zero, and padding exactly as the
 * variant demands (age's header is unpadded, PEM and OpenSSH are padded).
 * The caller owns every buffer; nothing here allocates.
 */
#ifndef UMPIRE_BASE64_H
#define UMPIRE_BASE64_H

#include <stdbool.h>
#include <stddef.h>

/* The most bytes len characters can decode to. */
#define UMPIRE_BASE64_MAX_DECODED(len) (((len) / 4) * 3 + 3)
/* Characters, without a NUL, for n bytes padded and unpadded. */
#define UMPIRE_BASE64_PADDED_LEN(n) ((((n) + 2) / 3) * 4)
#define UMPIRE_BASE64_RAW_LEN(n) (((n) * 4 + 2) / 3)

/*
 * Decode text[0..len) into out (room for cap bytes), the decoded length
 * in *outlen.  Returns 0, or -1 for anything not canonical or too long.
 */
int umpire_base64_decode(unsigned char *out, size_t cap, size_t *outlen,
	const char *text, size_t len, bool padded);
/*
 * Encode data[0..n) into out, which has room for the encoded length and
 * a NUL (UMPIRE_BASE64_*_LEN(n) + 1).  Returns the encoded length.
 */
size_t umpire_base64_encode(char *out, size_t cap, const void *data, size_t n,
	bool padded);

#endif
