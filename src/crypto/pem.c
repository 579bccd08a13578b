#include "crypto/pem.h"

#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "util/arena.h"
#include "util/base64.h"

static bool
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The line at *pos (without its LF or CRLF); *pos moves past its end. */
static void
next_line(const char *t, size_t len, size_t *pos, const char **line,
	size_t *n, bool *eol)
{
	size_t s = *pos, e = s;

	while (e < len && t[e] != '\n')
		e++;
	*eol = e < len;
	*pos = *eol ? e + 1 : e;
	if (*eol && e > s && t[e - 1] == '\r')
		e--;
	*line = t + s;
	*n = e - s;
}

static bool
is_marker(const char *line, size_t n, const char *kind, const char *label)
{
	size_t k = strlen(kind), l = strlen(label);

	return n == 5 + k + l + 5 && memcmp(line, "-----", 5) == 0 &&
		memcmp(line + 5, kind, k) == 0 &&
		memcmp(line + 5 + k, label, l) == 0 &&
		memcmp(line + 5 + k + l, "-----", 5) == 0;
}

bool
umpire_pem_is(const char *label, const void *text, size_t len)
{
	const char *t = text, *line;
	size_t pos = 0, n;
	bool eol;

	while (pos < len && is_space((unsigned char)t[pos]))
		pos++;
	next_line(t, len, &pos, &line, &n, &eol);
	return is_marker(line, n, "BEGIN ", label);
}

int
umpire_pem_decode(struct umpire_buf *out, const struct umpire_pem_rules *r,
	const void *text, size_t len, struct umpire_crypto_error *err)
{
	const char *t = text, *line;
	size_t pos = 0, n, lineno = 1, nb64 = 0, last = 0;
	bool eol, ended = false;
	char *b64 = NULL;
	int rc = 0;

	while (pos < len && is_space((unsigned char)t[pos])) {
		lineno += t[pos] == '\n';
		pos++;
	}
	next_line(t, len, &pos, &line, &n, &eol);
	if (!is_marker(line, n, "BEGIN ", r->label))
		return umpire_crypto_fail(err, r->code, "%s: does not start with "
			"-----BEGIN %s-----", r->what, r->label);
	if (!eol)
		return umpire_crypto_fail(err, r->code, "%s: ends after its first "
			"line", r->what);
	b64 = umpire_xmalloc(len + 1);
	while (pos < len) {
		lineno++;
		next_line(t, len, &pos, &line, &n, &eol);
		if (is_marker(line, n, "END ", r->label)) {
			ended = true;
			break;
		}
		if (n == 0) {
			rc = umpire_crypto_fail(err, r->code, "%s: line %zu is empty",
				r->what, lineno);
			goto out;
		}
		if (n >= 5 && memcmp(line, "-----", 5) == 0) {
			rc = umpire_crypto_fail(err, r->code, "%s: line %zu is not "
				"-----END %s-----", r->what, lineno, r->label);
			goto out;
		}
		size_t max = r->width ? r->width : UMPIRE_PEM_LAX_LINE;
		if (n > max) {
			rc = umpire_crypto_fail(err, r->code, "%s: line %zu is %zu "
				"characters long, more than %zu", r->what, lineno, n, max);
			goto out;
		}
		/* Strict: the line before this one was short, yet more follow. */
		if (r->width && last && last != r->width) {
			rc = umpire_crypto_fail(err, r->code, "%s: line %zu is %zu "
				"characters long, not %zu, and is not the last", r->what,
				lineno - 1, last, r->width);
			goto out;
		}
		if (!eol)
			break;
		memcpy(b64 + nb64, line, n);
		nb64 += n;
		last = n;
	}
	if (!ended) {
		rc = umpire_crypto_fail(err, r->code, "%s: no -----END %s----- line",
			r->what, r->label);
		goto out;
	}
	while (pos < len) {
		if (!is_space((unsigned char)t[pos])) {
			rc = umpire_crypto_fail(err, r->code, "%s: text after the "
				"-----END %s----- line", r->what, r->label);
			goto out;
		}
		pos++;
	}
	size_t start = out->len, got;
	umpire_buf_grow(out, UMPIRE_BASE64_MAX_DECODED(nb64));
	if (umpire_base64_decode((unsigned char *)out->ptr + start,
	    out->cap - start, &got, b64, nb64, true) != 0) {
		rc = umpire_crypto_fail(err, r->code, "%s: not canonical padded "
			"base64", r->what);
		goto out;
	}
	out->len = start + got;
	out->ptr[out->len] = '\0';
out:
	/* The text may be a private key: leave no copy of it behind. */
	sodium_memzero(b64, len + 1);
	free(b64);
	return rc;
}

void
umpire_pem_encode(struct umpire_buf *out, const char *label, size_t width,
	const void *data, size_t len)
{
	size_t n = UMPIRE_BASE64_PADDED_LEN(len);
	char *b64 = umpire_xmalloc(n + 1);

	umpire_base64_encode(b64, n + 1, data, len, true);
	umpire_buf_grow(out, n + n / width + 2 * strlen(label) + 40);
	umpire_buf_printf(out, "-----BEGIN %s-----\n", label);
	for (size_t i = 0; i < n; i += width) {
		umpire_buf_add(out, b64 + i, n - i < width ? n - i : width);
		umpire_buf_putc(out, '\n');
	}
	umpire_buf_printf(out, "-----END %s-----\n", label);
	sodium_memzero(b64, n + 1);
	free(b64);
}
