/*
 * bech32.h - Bech32 (BIP 173) as age uses it: no length limit on the
 * data part, all upper or all lower case, the checksum always computed
 * over the lower case string.
 *
 * The caller owns every buffer.  Decoding returns the human-readable part
 * as written (age tells "age" from "AGE-SECRET-KEY-" by its case) and the
 * data converted back to bytes, refusing padding that is not zero.
 */
#ifndef UMPIRE_BECH32_H
#define UMPIRE_BECH32_H

#include <stddef.h>

#include "util/buf.h"

/* The longest string decoded: far more than any key age defines. */
#define UMPIRE_BECH32_MAX 4096

/*
 * Append hrp, "1", the data as 5-bit groups and the checksum, in upper
 * case if upper is not 0 (hrp is given in the case wanted).
 */
void umpire_bech32_encode(struct umpire_buf *out, const char *hrp,
	const void *data, size_t len, int upper);
/*
 * Decode s[0..len).  The human-readable part goes to hrp (room for
 * hrpcap bytes with its NUL), the bytes to data (room for cap).  Returns
 * 0, or -1 for a bad string, checksum or padding, or too little room.
 */
int umpire_bech32_decode(char *hrp, size_t hrpcap, unsigned char *data,
	size_t cap, size_t *outlen, const char *s, size_t len);

#endif
