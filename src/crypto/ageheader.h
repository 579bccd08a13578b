/*
 * ageheader.h - the age v1 header (c2sp.org/age, "Header"): the version
 * line, the recipient stanzas, and the MAC line, read strictly (the ABNF
 * of the specification, nothing more) and written canonically.
 *
 * A parsed header's stanzas, their arguments and bodies live in the
 * caller's arena; the header itself is a plain value.
 */
#ifndef UMPIRE_AGEHEADER_H
#define UMPIRE_AGEHEADER_H

#include <stddef.h>

#include "crypto/agekey.h"
#include "util/arena.h"
#include "util/buf.h"
#include "crypto/cryptoerr.h"

#define UMPIRE_AGE_VERSION_LINE "age-encryption.org/v1"
/* More stanzas than this is a hostile header: each may cost an X25519. */
#define UMPIRE_AGE_MAX_STANZAS 1024
#define UMPIRE_AGE_MAC_BYTES 32

struct umpire_age_header {
	struct umpire_age_stanza *stanzas;
	size_t n;
	unsigned char mac[UMPIRE_AGE_MAC_BYTES];
	size_t mac_input_len;	/* what the MAC covers: up to "---" */
	size_t len;		/* the whole header, through the MAC's LF */
};

/*
 * Parse the header at the start of in[0..len).  Returns 0 or
 * UMPIRE_CRYPTO_EHEADER (an unknown version too).
 */
int umpire_age_header_parse(struct umpire_age_header *out,
	struct umpire_arena *a, const unsigned char *in, size_t len,
	struct umpire_crypto_error *err);
/* The MAC of hdr[0..len) under file_key (HMAC key: HKDF info "header"). */
void umpire_age_header_mac(unsigned char out[UMPIRE_AGE_MAC_BYTES],
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const void *hdr, size_t len);
/* Append the header for st[0..n), MAC line included. */
void umpire_age_header_write(struct umpire_buf *out,
	const struct umpire_age_stanza *st, size_t n,
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES]);

#endif
