#include "crypto/ageheader.h"

#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "util/base64.h"
#include "crypto/hkdf.h"

#define BODY_WIDTH 64
#define MAC_B64_LEN 43

static bool
is_b64(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		(c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* The line at *pos, without its LF; -1 if no LF ends it. */
static int
line(const unsigned char *in, size_t len, size_t *pos, const unsigned char **s,
	size_t *n)
{
	const unsigned char *lf = memchr(in + *pos, '\n', len - *pos);

	if (!lf)
		return -1;
	*s = in + *pos;
	*n = (size_t)(lf - *s);
	*pos += *n + 1;
	return 0;
}

static int
fail(struct umpire_crypto_error *err, size_t lineno, const char *what)
{
	return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER, "header: line %zu: %s",
		lineno, what);
}

/* "-> " arg *(SP arg), each arg 1*VCHAR. */
static int
parse_args(struct umpire_age_stanza *st, struct umpire_arena *a,
	const unsigned char *s, size_t n, size_t lineno,
	struct umpire_crypto_error *err)
{
	size_t nargs = 1, cap = 0;

	for (size_t i = 3; i < n; i++) {
		if (s[i] == ' ')
			nargs++;
		else if (s[i] < 0x21 || s[i] > 0x7e)
			return fail(err, lineno, "a stanza argument holds a character "
				"other than printable ASCII");
	}
	if (n == 3)
		return fail(err, lineno, "a stanza without arguments");
	st->args = umpire_arena_grow(a, NULL, sizeof(*st->args), 0, &cap, nargs);
	st->nargs = 0;
	for (size_t i = 3, start = 3; i <= n; i++) {
		if (i < n && s[i] != ' ')
			continue;
		if (i == start)
			return fail(err, lineno, "an empty stanza argument");
		st->args[st->nargs++] = umpire_arena_strndup(a,
			(const char *)s + start, i - start);
		start = i + 1;
	}
	return 0;
}

int
umpire_age_header_parse(struct umpire_age_header *out,
	struct umpire_arena *a, const unsigned char *in, size_t len,
	struct umpire_crypto_error *err)
{
	static const char prefix[] = "age-encryption.org/";
	const unsigned char *s;
	size_t n, pos = 0, lineno = 1, cap = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	if (len < sizeof(prefix) - 1 || memcmp(in, prefix, sizeof(prefix) - 1) != 0)
		return umpire_crypto_fail(err, UMPIRE_CRYPTO_EHEADER,
			"header: not an age file (no age-encryption.org/ line)");
	if (line(in, len, &pos, &s, &n) != 0)
		return fail(err, lineno, "the version line does not end");
	if (n && s[n - 1] == '\r')
		return fail(err, lineno, "lines end with CR LF; age's header uses LF");
	if (n != strlen(UMPIRE_AGE_VERSION_LINE) ||
	    memcmp(s, UMPIRE_AGE_VERSION_LINE, n) != 0)
		return fail(err, lineno, "a version of age other than v1");

	for (;;) {
		lineno++;
		if (line(in, len, &pos, &s, &n) != 0)
			return fail(err, lineno, "the header ends before its MAC line");
		if (n >= 3 && memcmp(s, "---", 3) == 0)
			break;
		if (n < 3 || memcmp(s, "-> ", 3) != 0)
			return fail(err, lineno, "neither a stanza (-> ) nor the MAC "
				"line (--- )");
		if (out->n == UMPIRE_AGE_MAX_STANZAS)
			return fail(err, lineno, "more recipient stanzas than umpire "
				"reads (1024)");
		out->stanzas = umpire_arena_grow(a, out->stanzas,
			sizeof(*out->stanzas), out->n, &cap, out->n + 1);
		struct umpire_age_stanza *st = &out->stanzas[out->n++];
		if ((rc = parse_args(st, a, s, n, lineno, err)) != 0)
			return rc;

		/* The body: full lines of 64, then one shorter (maybe empty). */
		size_t start = pos, chars = 0;
		for (;;) {
			lineno++;
			if (line(in, len, &pos, &s, &n) != 0)
				return fail(err, lineno, "a stanza's body does not end "
					"with a line shorter than 64 characters");
			if (n > BODY_WIDTH)
				return fail(err, lineno, "a stanza body line longer than "
					"64 characters");
			for (size_t i = 0; i < n; i++)
				if (!is_b64(s[i]))
					return fail(err, lineno, "a stanza body line with a "
						"character outside base64");
			chars += n;
			if (n < BODY_WIDTH)
				break;
		}
		/* Join the lines (each full one is exactly 48 bytes' worth). */
		char *b64 = umpire_arena_alloc(a, chars + 1);
		for (size_t i = start, o = 0; o < chars; i++)
			if (in[i] != '\n')
				b64[o++] = (char)in[i];
		st->body = umpire_arena_alloc(a, UMPIRE_BASE64_MAX_DECODED(chars));
		if (umpire_base64_decode(st->body, UMPIRE_BASE64_MAX_DECODED(chars),
		    &st->body_len, b64, chars, false) != 0)
			return fail(err, lineno, "a stanza body that is not canonical "
				"unpadded base64");
	}
	if (out->n == 0)
		return fail(err, lineno, "no recipient stanza before the MAC");
	/* "--- " and 43 base64 characters, nothing else. */
	if (n != 4 + MAC_B64_LEN || s[3] != ' ')
		return fail(err, lineno, "the MAC line is not \"--- \" and 43 "
			"base64 characters");
	size_t got;
	if (umpire_base64_decode(out->mac, sizeof(out->mac), &got,
	    (const char *)s + 4, MAC_B64_LEN, false) != 0 || got != sizeof(out->mac))
		return fail(err, lineno, "the MAC is not canonical base64");
	out->mac_input_len = (size_t)(s - in) + 3;
	out->len = pos;
	return 0;
}

void
umpire_age_header_mac(unsigned char out[UMPIRE_AGE_MAC_BYTES],
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES],
	const void *hdr, size_t len)
{
	unsigned char key[UMPIRE_HKDF_BYTES];

	umpire_hkdf_sha256(key, file_key, UMPIRE_AGE_FILE_KEY_BYTES, "", 0,
		"header");
	crypto_auth_hmacsha256_state st;
	crypto_auth_hmacsha256_init(&st, key, sizeof(key));
	crypto_auth_hmacsha256_update(&st, hdr, len);
	crypto_auth_hmacsha256_final(&st, out);
	sodium_memzero(key, sizeof(key));
	sodium_memzero(&st, sizeof(st));
}

void
umpire_age_header_write(struct umpire_buf *out,
	const struct umpire_age_stanza *st, size_t n,
	const unsigned char file_key[UMPIRE_AGE_FILE_KEY_BYTES])
{
	size_t start = out->len;
	unsigned char mac[UMPIRE_AGE_MAC_BYTES];
	char macb64[MAC_B64_LEN + 1];

	umpire_buf_puts(out, UMPIRE_AGE_VERSION_LINE "\n");
	for (size_t i = 0; i < n; i++) {
		umpire_buf_puts(out, "->");
		for (size_t j = 0; j < st[i].nargs; j++) {
			umpire_buf_putc(out, ' ');
			umpire_buf_puts(out, st[i].args[j]);
		}
		umpire_buf_putc(out, '\n');
		size_t blen = UMPIRE_BASE64_RAW_LEN(st[i].body_len);
		char *b64 = umpire_xmalloc(blen + 1);
		umpire_base64_encode(b64, blen + 1, st[i].body, st[i].body_len, false);
		/* Full lines of 64, then a shorter one, empty if need be. */
		size_t o = 0;
		for (; blen - o >= BODY_WIDTH; o += BODY_WIDTH) {
			umpire_buf_add(out, b64 + o, BODY_WIDTH);
			umpire_buf_putc(out, '\n');
		}
		umpire_buf_add(out, b64 + o, blen - o);
		umpire_buf_putc(out, '\n');
		free(b64);
	}
	umpire_buf_puts(out, "---");
	umpire_age_header_mac(mac, file_key, out->ptr + start, out->len - start);
	umpire_base64_encode(macb64, sizeof(macb64), mac, sizeof(mac), false);
	umpire_buf_printf(out, " %s\n", macb64);
}
