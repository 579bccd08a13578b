/*
 * pem.h - textual armor: "-----BEGIN LABEL-----", base64 lines,
 * "-----END LABEL-----" (RFC 7468), for age's ASCII armor and for
 * OpenSSH's signatures and private keys.
 *
 * Two readings.  Strict (age, RFC 7468 section 3 "strict"): every line
 * but the last exactly width characters, the last 1 to width, padded
 * canonical base64, nothing but white space before and after the block.
 * Lax (OpenSSH, whose tools write 70 columns and whose specification says
 * 76): lines of any length up to UMPIRE_PEM_LAX_LINE, but still no blank
 * line, no white space inside a line, and canonical padded base64 once
 * the lines are joined.  Both take LF or CRLF line ends and a last line
 * without one.  The decoded bytes are appended to a buffer the caller
 * owns; the encoders append text the same way.
 */
#ifndef UMPIRE_PEM_H
#define UMPIRE_PEM_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "crypto/cryptoerr.h"

#define UMPIRE_PEM_LAX_LINE 1024

struct umpire_pem_rules {
	const char *label;	/* e.g. "AGE ENCRYPTED FILE" */
	size_t width;		/* strict: the line width; 0: lax */
	enum umpire_crypto_code code;	/* the code a failure returns */
	const char *what;	/* names the text in messages: "armor" */
};

/* Does text, after white space, start with this label's BEGIN line? */
bool umpire_pem_is(const char *label, const void *text, size_t len);
/* Decode text[0..len) into out.  Returns 0 or rules->code. */
int umpire_pem_decode(struct umpire_buf *out, const struct umpire_pem_rules *rules,
	const void *text, size_t len, struct umpire_crypto_error *err);
/* Armor data: BEGIN line, width-column padded base64, END line, each with LF. */
void umpire_pem_encode(struct umpire_buf *out, const char *label, size_t width,
	const void *data, size_t len);

#endif
