#include "util/diag.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#define DEFAULT_MAX 200

void
umpire_vdiag(struct umpire_diags *d, enum umpire_level level,
	const char *file, int line, int col, const char *fmt, va_list ap)
{
	size_t max = d->max ? d->max : DEFAULT_MAX;

	if (level == UMPIRE_ERROR)
		d->errors++;
	if (d->n >= max) {
		/* A hostile file must not make us print a million lines. */
		if (d->n == max) {
			d->v = umpire_arena_grow(&d->arena, d->v, sizeof(*d->v),
				d->n, &d->cap, d->n + 1);
			d->v[d->n] = (struct umpire_diag){
				file ? umpire_arena_strdup(&d->arena, file) : NULL, 0, 0,
				UMPIRE_NOTE, "too many diagnostics; stopping here",
				(unsigned)d->n, d->code,
			};
			d->n++;
		}
		return;
	}
	d->v = umpire_arena_grow(&d->arena, d->v, sizeof(*d->v), d->n,
		&d->cap, d->n + 1);
	d->v[d->n] = (struct umpire_diag){
		file ? umpire_arena_strdup(&d->arena, file) : NULL,
		line, col, level, umpire_arena_vprintf(&d->arena, fmt, ap),
		(unsigned)d->n, d->code,
	};
	d->n++;
}

void
umpire_diag(struct umpire_diags *d, enum umpire_level level, const char *file,
	int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_vdiag(d, level, file, line, col, fmt, ap);
	va_end(ap);
}

void
umpire_diags_warn(struct umpire_diags *d, const struct umpire_diags *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct umpire_diag *g = &from->v[i];
		umpire_diag(d, g->level == UMPIRE_ERROR ? UMPIRE_WARNING : g->level,
			g->file, g->line, g->col, "%s", g->msg);
	}
}

/* Rank of a file: the order in which it first appeared. */
static unsigned
file_rank(const struct umpire_diags *d, const char *file)
{
	for (size_t i = 0; i < d->n; i++) {
		const char *f = d->v[i].file;
		if (f == file || (f && file && strcmp(f, file) == 0))
			return (unsigned)i;
	}
	return 0;
}

static const struct umpire_diags *sort_ctx;

static int
cmp_diag(const void *pa, const void *pb)
{
	const struct umpire_diag *a = pa, *b = pb;
	unsigned ra = file_rank(sort_ctx, a->file);
	unsigned rb = file_rank(sort_ctx, b->file);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	/* Place-less diagnostics of a file come after its placed ones. */
	int la = a->line ? a->line : 1 << 30, lb = b->line ? b->line : 1 << 30;
	if (la != lb)
		return la < lb ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void
umpire_diags_print(struct umpire_diags *d, FILE *out)
{
	static const char *const names[] = { "error", "warning", "note" };

	if (d->n == 0)
		return;
	sort_ctx = d;
	/* Ranks are computed against the unsorted order, so sort a copy. */
	struct umpire_diag *v = umpire_xmalloc(d->n * sizeof(*v));
	memcpy(v, d->v, d->n * sizeof(*v));
	qsort(v, d->n, sizeof(*v), cmp_diag);
	for (size_t i = 0; i < d->n; i++) {
		const struct umpire_diag *g = &v[i];
		if (g->file && g->line)
			fprintf(out, "%s:%d:%d: ", g->file, g->line, g->col);
		else if (g->file)
			fprintf(out, "%s: ", g->file);
		else
			fputs("umpire: ", out);
		fprintf(out, "%s: %s\n", names[g->level], g->msg);
	}
	free(v);
	sort_ctx = NULL;
}

const char *
umpire_diag_code_for(int rc)
{
	switch (rc) {
	case 64: return "usage";
	case 65: return "data";
	case 66: return "input";
	case 73:
	case 74: return "io";
	case 75: return "busy";
	case 77: return "permission";
	default: return "internal";
	}
}

/* s as a JSON string, quotes included. */
static void
json_string(FILE *out, const char *s)
{
	putc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\u%04x", *p);
		else
			putc(*p, out);
	}
	putc('"', out);
}

/*
 * s escaped for a workflow command: % CR LF always, and in a property
 * also : and , (GitHub's rules for workflow commands).
 */
static void
github_escape(FILE *out, const char *s, bool property)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '%' || *p == '\r' || *p == '\n' ||
		    (property && (*p == ':' || *p == ',')))
			fprintf(out, "%%%02X", *p);
		else
			putc(*p, out);
	}
}

void
umpire_diags_print_as(struct umpire_diags *d, FILE *out,
	enum umpire_diag_format format, int rc)
{
	static const char *const names[] = { "error", "warning", "note" };
	static const char *const github[] = { "error", "warning", "notice" };

	if (format == UMPIRE_FORMAT_TEXT) {
		umpire_diags_print(d, out);
		return;
	}
	sort_ctx = d;
	struct umpire_diag *v = umpire_xmalloc((d->n + 1) * sizeof(*v));
	if (d->n)
		memcpy(v, d->v, d->n * sizeof(*v));
	qsort(v, d->n, sizeof(*v), cmp_diag);
	sort_ctx = NULL;
	if (format == UMPIRE_FORMAT_JSON)
		fputs("{\"diagnostics\": [", out);
	if (format == UMPIRE_FORMAT_GITLAB)
		putc('[', out);
	for (size_t i = 0; i < d->n; i++) {
		const struct umpire_diag *g = &v[i];
		const char *code = g->code ? g->code : umpire_diag_code_for(rc);
		if (format == UMPIRE_FORMAT_GITLAB) {
			/*
			 * Code Quality: a finding a line of a file, with a
			 * fingerprint that names it across pipelines.
			 */
			static const char *const sev[] = { "major", "minor", "info" };
			unsigned char h[crypto_hash_sha256_BYTES];
			crypto_hash_sha256_state st;
			char line[32];
			snprintf(line, sizeof(line), "\n%d\n%d\n", g->line, g->col);
			crypto_hash_sha256_init(&st);
			crypto_hash_sha256_update(&st, (const unsigned char *)code,
				strlen(code));
			if (g->file)
				crypto_hash_sha256_update(&st,
					(const unsigned char *)g->file, strlen(g->file));
			crypto_hash_sha256_update(&st, (const unsigned char *)line,
				strlen(line));
			crypto_hash_sha256_update(&st, (const unsigned char *)g->msg,
				strlen(g->msg));
			crypto_hash_sha256_final(&st, h);
			fputs(i ? ", {\"description\": " : "{\"description\": ", out);
			json_string(out, g->msg);
			fprintf(out, ", \"check_name\": \"umpire/%s\", "
				"\"fingerprint\": \"", code);
			for (size_t k = 0; k < 16; k++)
				fprintf(out, "%02x", h[k]);
			fprintf(out, "\", \"severity\": \"%s\", \"location\": "
				"{\"path\": ", sev[g->level]);
			json_string(out, g->file ? g->file : "");
			fprintf(out, ", \"lines\": {\"begin\": %d}}}",
				g->line ? g->line : 1);
			continue;
		}
		if (format == UMPIRE_FORMAT_JSON) {
			fputs(i ? ", {\"file\": " : "{\"file\": ", out);
			if (g->file)
				json_string(out, g->file);
			else
				fputs("null", out);
			fprintf(out, ", \"line\": %d, \"column\": %d, \"severity\": "
				"\"%s\", \"code\": \"%s\", \"message\": ", g->line, g->col,
				names[g->level], code);
			json_string(out, g->msg);
			putc('}', out);
			continue;
		}
		fprintf(out, "::%s ", github[g->level]);
		if (g->file) {
			fputs("file=", out);
			github_escape(out, g->file, true);
			if (g->line)
				fprintf(out, ",line=%d,col=%d", g->line, g->col);
			putc(',', out);
		}
		fprintf(out, "title=umpire %s::", code);
		github_escape(out, g->msg, false);
		putc('\n', out);
	}
	if (format == UMPIRE_FORMAT_JSON)
		fprintf(out, "], \"exit\": %d}\n", rc);
	if (format == UMPIRE_FORMAT_GITLAB)
		fputs("]\n", out);
	free(v);
}

void
umpire_diags_clear(struct umpire_diags *d)
{
	umpire_arena_free(&d->arena);
	d->v = NULL;
	d->n = d->cap = d->errors = 0;
}

void
umpire_diags_free(struct umpire_diags *d)
{
	umpire_diags_clear(d);
}

/*
 * The code point of the UTF-8 sequence at s[0..len) into *cp, and its
 * length; 0 if s does not start with one (a stray continuation byte, a
 * cut sequence, an overlong form, a surrogate, or beyond U+10FFFF).
 */
static size_t
utf8_next(const unsigned char *s, size_t len, unsigned long *cp)
{
	static const unsigned long min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t n;
	unsigned long c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, c = s[0] & 0x07;
	else
		return 0;
	if (n > len)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Code points a terminal would act on, or that reorder the text around. */
static bool
must_escape(unsigned long c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c ||
		c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029 ||
		(c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

const char *
umpire_quote_buf(char *buf, size_t size, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t k = 0, i = 0, chars = 0;

	if (size < 8) {
		if (size)
			buf[0] = '\0';
		return buf;
	}
	buf[k++] = '\'';
	/* Room for the longest piece (6 bytes), "...", the quote and NUL. */
	while (i < len && k + 6 + 5 <= size) {
		unsigned long c;
		size_t n = utf8_next(u + i, len - i, &c);
		if (chars == UMPIRE_QUOTE_CHARS)
			break;
		if (n == 0) {
			k += (size_t)snprintf(buf + k, size - k, "\\x%02x", u[i]);
			n = 1;
		} else if (c == '\n' || c == '\t' || c == '\r') {
			buf[k++] = '\\';
			buf[k++] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		} else if (must_escape(c)) {
			k += (size_t)snprintf(buf + k, size - k, c < 0x80 ?
				"\\x%02lx" : "\\u%04lx", c);
		} else {
			memcpy(buf + k, s + i, n);
			k += n;
		}
		i += n;
		chars++;
	}
	if (i < len) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k++] = '\'';
	buf[k] = '\0';
	return buf;
}

const char *
umpire_quote(struct umpire_diags *d, const char *s, size_t len)
{
	char buf[UMPIRE_QUOTE_SIZE];

	return umpire_arena_strdup(&d->arena, umpire_quote_buf(buf, sizeof(buf),
		s, len));
}

const char *
umpire_quote_str(struct umpire_diags *d, const char *s)
{
	return umpire_quote(d, s, strlen(s));
}

bool
umpire_refuse(char *why, size_t n, const char *fmt, ...)
{
	if (why) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return false;
}

int
umpire_edit_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);

	if (n > 64 || m > 64)
		return 1000;
	int d[65][65];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			int cost = ca != cb;
			int best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 &&
			    ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

void
umpire_suggest_init(struct umpire_suggest *s, const char *word)
{
	s->word = word;
	s->best = NULL;
	s->dist = 0;
}

/* How many characters a and b start with alike, case-insensitive. */
static size_t
common_start(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && b[n] &&
	    tolower((unsigned char)a[n]) == tolower((unsigned char)b[n]))
		n++;
	return n;
}

void
umpire_suggest_add(struct umpire_suggest *s, const char *candidate)
{
	size_t len = strlen(s->word);
	int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
	int dist = umpire_edit_distance(s->word, candidate);

	/* "Rifle" for "rifle" is worth a hint; the word itself is not. */
	if (strcmp(s->word, candidate) == 0 || dist > limit)
		return;
	/*
	 * On a tie, the longer common start: ids share a side's prefix and
	 * differ in the type, which a player shortens ('a-fo1' is 'a-fort1',
	 * not 'a-lt1' nor 'a-how1', each two edits away too).
	 */
	if (s->best && dist == s->dist &&
	    common_start(s->word, candidate) > common_start(s->word, s->best)) {
		s->best = candidate;
		return;
	}
	if (!s->best || dist < s->dist) {
		s->best = candidate;
		s->dist = dist;
	}
}

const char *
umpire_suggest_hint(const struct umpire_suggest *s)
{
	static char hint[160];

	if (!s->best)
		return "";
	snprintf(hint, sizeof(hint), " (did you mean '%s'?)", s->best);
	return hint;
}
