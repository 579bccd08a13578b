/*
 * mail.c - the orders and signature in a message, and whether it may be
 * answered (mail.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "mail/mail.h"

#define SIG_BEGIN "-----BEGIN SSH SIGNATURE-----"
#define SIG_END "-----END SSH SIGNATURE-----"
#define MAX_REFERENCES 10
#define MAX_SUBJECT 200

void
cli_mail_init(void)
{
	g_mime_init();
}

void
cli_mail_done(void)
{
	g_mime_shutdown();
}

void
cli_mail_free(struct cli_mail *m)
{
	free(m->reply_to);
	free(m->from);
	free(m->subject);
	free(m->message_id);
	free(m->references);
	free(m->orders_name);
	umpire_buf_free(&m->orders);
	umpire_buf_free(&m->sig);
	memset(m, 0, sizeof(*m));
}

bool
cli_mail_address_ok(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	const char *at = s ? strrchr(s, '@') : NULL;

	if (n == 0 || n > 254 || !at || at == s || at[1] == '\0')
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p <= 0x20 || *p == 0x7f || strchr("<>(),;:\"\\[]", *p))
			return false;
	return true;
}

/* The first mailbox of a list, if its address is plain; NULL otherwise. */
static char *
first_address(InternetAddressList *list)
{
	if (!list || internet_address_list_length(list) < 1)
		return NULL;
	InternetAddress *ia = internet_address_list_get_address(list, 0);
	if (!INTERNET_ADDRESS_IS_MAILBOX(ia))
		return NULL;
	const char *addr = internet_address_mailbox_get_addr(
		INTERNET_ADDRESS_MAILBOX(ia));
	return cli_mail_address_ok(addr) ? strdup(addr) : NULL;
}

/* A header's value, blanks around it trimmed, lower case, into buf. */
static const char *
header_word(GMimeObject *o, const char *name, char *buf, size_t size)
{
	const char *v = g_mime_object_get_header(o, name);
	size_t n = 0;

	if (!v)
		return NULL;
	while (*v == ' ' || *v == '\t' || *v == '\r' || *v == '\n')
		v++;
	for (; *v && *v != ';' && *v != ' ' && *v != '\t' && *v != '\r' &&
	    *v != '\n' && n + 1 < size; v++)
		buf[n++] = (char)tolower((unsigned char)*v);
	buf[n] = '\0';
	return buf;
}

static const char *
automatic(GMimeObject *o, const char *from)
{
	char w[64];
	const char *v;

	if ((v = header_word(o, "Auto-Submitted", w, sizeof(w))) &&
	    strcmp(v, "no") != 0)
		return "its Auto-Submitted header says a program sent it";
	if ((v = header_word(o, "Precedence", w, sizeof(w))) &&
	    (strcmp(v, "bulk") == 0 || strcmp(v, "list") == 0 ||
	    strcmp(v, "junk") == 0))
		return "its Precedence header says it is bulk or list mail";
	if ((v = header_word(o, "Return-Path", w, sizeof(w))) &&
	    strcmp(v, "<>") == 0)
		return "its Return-Path is empty: it is a bounce";
	if (from && strncasecmp(from, "mailer-daemon@", 14) == 0)
		return "MAILER-DAEMON sent it";
	return NULL;
}

/* A message id safe to echo in a header: printable, no blank, no <>. */
static bool
id_ok(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n == 0 || n > 250 || !strchr(s, '@'))
		return false;
	for (; *s; s++)
		if (*s <= 0x20 || *s >= 0x7f || *s == '<' || *s == '>')
			return false;
	return true;
}

static char *
references(GMimeObject *o)
{
	const char *raw = g_mime_object_get_header(o, "References");
	GMimeReferences *refs = raw ? g_mime_references_parse(NULL, raw) : NULL;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	if (!refs)
		return NULL;
	int n = g_mime_references_length(refs);
	for (int i = n > MAX_REFERENCES ? n - MAX_REFERENCES : 0; i < n; i++) {
		const char *id = g_mime_references_get_message_id(refs, i);
		if (id_ok(id))
			umpire_buf_printf(&b, "%s<%s>", b.len ? " " : "", id);
	}
	g_mime_references_free(refs);
	return b.ptr;
}

static char *
clean_subject(const char *s)
{
	size_t n = 0;
	char *out;

	if (!s)
		return NULL;
	out = malloc(MAX_SUBJECT + 1);
	if (!out)
		abort();
	for (; *s && n < MAX_SUBJECT; s++) {
		unsigned char c = (unsigned char)*s;
		out[n++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	/* Not in the middle of a UTF-8 sequence. */
	if (*s)
		while (n > 0 && ((unsigned char)out[n - 1] & 0xc0) == 0x80)
			n--;
	if (*s && n > 0 && ((unsigned char)out[n - 1] & 0xc0) == 0xc0)
		n--;
	out[n] = '\0';
	return out;
}

/* Is the part YAML by its type or its name? */
static bool
is_yaml(GMimeContentType *ct, const char *filename)
{
	const char *sub = g_mime_content_type_get_media_subtype(ct);
	size_t n = filename ? strlen(filename) : 0;

	if (sub && (strcasecmp(sub, "yaml") == 0 ||
	    strcasecmp(sub, "x-yaml") == 0))
		return true;
	return (n > 5 && strcasecmp(filename + n - 5, ".yaml") == 0) ||
		(n > 4 && strcasecmp(filename + n - 4, ".yml") == 0);
}

static bool
is_sig(GMimeContentType *ct, const char *filename)
{
	const char *sub = g_mime_content_type_get_media_subtype(ct);
	size_t n = filename ? strlen(filename) : 0;

	return (n > 4 && strcasecmp(filename + n - 4, ".sig") == 0) ||
		(sub && strcasecmp(sub, "x-sshsig") == 0);
}

/*
 * A part's content, its transfer encoding undone, into out; with text,
 * from its charset into UTF-8 and CR LF into LF.  false if the charset
 * is unknown.
 */
static bool
content(struct umpire_buf *out, GMimePart *part, bool text)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeContentType *ct = g_mime_object_get_content_type(GMIME_OBJECT(part));
	const char *cs = g_mime_content_type_get_parameter(ct, "charset");
	GMimeStream *mem, *filtered;
	bool ok = true;

	if (!w)
		return true;
	mem = g_mime_stream_mem_new();
	filtered = g_mime_stream_filter_new(mem);
	if (cs && g_ascii_strcasecmp(cs, "utf-8") != 0 &&
	    g_ascii_strcasecmp(cs, "us-ascii") != 0) {
		GMimeFilter *f = g_mime_filter_charset_new(cs, "UTF-8");
		if (f) {
			g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered), f);
			g_object_unref(f);
		} else
			ok = false;
	}
	if (text) {
		GMimeFilter *f = g_mime_filter_dos2unix_new(FALSE);
		g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered), f);
		g_object_unref(f);
	}
	if (ok) {
		g_mime_data_wrapper_write_to_stream(w, filtered);
		g_mime_stream_flush(filtered);
		GByteArray *a = g_mime_stream_mem_get_byte_array(
			GMIME_STREAM_MEM(mem));
		umpire_buf_add(out, a->data, a->len);
	}
	g_object_unref(filtered);
	g_object_unref(mem);
	return ok;
}

/* An attachment's name as diagnostics show it: its last component, tame. */
static char *
tame_name(const char *filename)
{
	const char *base = filename ? strrchr(filename, '/') : NULL;
	char *out;
	size_t n = 0;

	base = base ? base + 1 : filename;
	if (!base || !*base || *base == '.')
		return strdup("orders.yaml");
	out = malloc(65);
	if (!out)
		abort();
	for (; *base && n < 64; base++)
		out[n++] = isalnum((unsigned char)*base) || strchr("._-", *base) ?
			*base : '_';
	out[n] = '\0';
	return out;
}

struct walk {
	struct cli_mail *m;
	int parts;
	GMimePart *yaml, *sig, *text;
	bool html, charset_bad;
};

static void
walk(struct walk *w, GMimeObject *o, int depth)
{
	if (depth > CLI_MAIL_MAX_DEPTH || w->parts >= CLI_MAIL_MAX_PARTS)
		return;
	w->parts++;
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);
		int n = g_mime_multipart_get_count(mp);
		for (int i = 0; i < n; i++)
			walk(w, g_mime_multipart_get_part(mp, i), depth + 1);
		return;
	}
	/* A forwarded message (message/rfc822) is not the sender's orders. */
	if (!GMIME_IS_PART(o))
		return;
	GMimePart *p = GMIME_PART(o);
	GMimeContentType *ct = g_mime_object_get_content_type(o);
	const char *name = g_mime_part_get_filename(p);
	if (is_yaml(ct, name)) {
		if (!w->yaml)
			w->yaml = p;
	} else if (is_sig(ct, name)) {
		if (!w->sig)
			w->sig = p;
	} else if (g_mime_content_type_is_type(ct, "text", "plain") &&
	    !g_mime_part_is_attachment(p)) {
		if (!w->text)
			w->text = p;
	} else if (g_mime_content_type_is_type(ct, "text", "html"))
		w->html = true;
}

/* A line of text: [*at, end), and *at moved past its newline. */
static bool
next_line(const char **at, const char *end, const char **s, size_t *n)
{
	const char *nl;

	if (*at >= end)
		return false;
	nl = memchr(*at, '\n', (size_t)(end - *at));
	*s = *at;
	*n = (size_t)((nl ? nl : end) - *at);
	*at = nl ? nl + 1 : end;
	return true;
}

static bool
starts(const char *s, size_t n, const char *prefix)
{
	size_t p = strlen(prefix);

	return n >= p && memcmp(s, prefix, p) == 0;
}

static bool
is_line(const char *s, size_t n, const char *what)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n == strlen(what) && memcmp(s, what, n) == 0;
}

static bool
blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

struct line {
	const char *s;
	size_t n;
};

/* l without one level of quoting ("> " or ">"), or l itself. */
static struct line
quoted(struct line l)
{
	if (!l.n || l.s[0] != '>')
		return l;
	size_t k = l.n > 1 && l.s[1] == ' ' ? 2 : 1;
	return (struct line){ l.s + k, l.n - k };
}

bool
cli_mail_cut_orders(struct umpire_buf *orders, struct umpire_buf *sig,
	bool *has_sig, const char *text, size_t len)
{
	const char *at, *end, *s;
	struct line *v = NULL;
	size_t n = 0, cap = 0, ln;
	bool in_sig = false, fenced = false, found = false;
	size_t first = 0, last = 0;

	if (!text)
		text = "", len = 0;
	at = text;
	end = text + len;
	/* The armored signature comes out first, wherever it stands. */
	while (next_line(&at, end, &s, &ln)) {
		if (!in_sig && !*has_sig && is_line(s, ln, SIG_BEGIN))
			in_sig = true;
		if (in_sig) {
			umpire_buf_add(sig, s, ln);
			umpire_buf_putc(sig, '\n');
			if (is_line(s, ln, SIG_END)) {
				in_sig = false;
				*has_sig = true;
			}
			continue;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = realloc(v, cap * sizeof(*v));
			if (!v)
				abort();
		}
		v[n++] = (struct line){ s, ln };
	}
	if (in_sig) {	/* no end: not a signature after all */
		umpire_buf_clear(sig);
		*has_sig = false;
	}
	/* A ```yaml block, if there is one, is the orders. */
	for (size_t i = 0; i < n && !found; i++) {
		if (!is_line(v[i].s, v[i].n, "```yaml") &&
		    !is_line(v[i].s, v[i].n, "```yml"))
			continue;
		first = i + 1;
		for (last = first; last < n && !is_line(v[last].s, v[last].n,
		    "```"); last++)
			;
		fenced = found = true;
	}
	/*
	 * Otherwise they start at the first line "umpire:" that is not
	 * quoted, with the comments just above it, and end before the first
	 * quoted line, the signature separator "-- " or the end.
	 */
	for (size_t i = 0; i < n && !found; i++) {
		if (!starts(v[i].s, v[i].n, "umpire:"))
			continue;
		for (first = i; first > 0 && (starts(v[first - 1].s,
		    v[first - 1].n, "#") || is_line(v[first - 1].s,
		    v[first - 1].n, "---")); first--)
			;
		for (last = i; last < n && !starts(v[last].s, v[last].n, ">") &&
		    !(v[last].n == 3 && memcmp(v[last].s, "-- ", 3) == 0); last++)
			;
		found = true;
	}
	if (found && !fenced) {
		/* "On Monday, Tan wrote:" before the quotation it introduces. */
		while (last > first && blank(v[last - 1].s, v[last - 1].n))
			last--;
		if (last < n && last > first + 1 && starts(v[last].s, v[last].n,
		    ">") && v[last - 1].n > 1 && v[last - 1].s[0] != ' ' &&
		    v[last - 1].s[0] != '-' && v[last - 1].s[v[last - 1].n - 1] ==
		    ':' && memchr(v[last - 1].s, ' ', v[last - 1].n))
			last--;
	}
	/*
	 * Else a reply to umpire's letter that quotes its orders template,
	 * the orders written in between: from the first quoted line
	 * "umpire:" (with the quoted comments above it) to the signature
	 * separator, a line quoted twice or the end, one level of quoting
	 * taken off.
	 */
	bool unquote = false;
	for (size_t i = 0; i < n && !found; i++) {
		struct line q = quoted(v[i]);
		if (q.s == v[i].s || !starts(q.s, q.n, "umpire:") ||
		    quoted(q).s != q.s)
			continue;
		for (first = i; first > 0; first--) {
			struct line p = quoted(v[first - 1]);
			if (p.s == v[first - 1].s || !(starts(p.s, p.n, "#") ||
			    is_line(p.s, p.n, "---")))
				break;
		}
		for (last = i; last < n && !(v[last].n == 3 &&
		    memcmp(v[last].s, "-- ", 3) == 0); last++) {
			struct line p = quoted(v[last]);
			if (p.s != v[last].s && quoted(p).s != p.s)
				break;
		}
		found = unquote = true;
	}
	while (found && last > first && blank(v[last - 1].s, v[last - 1].n))
		last--;
	for (size_t i = first; found && i < last; i++) {
		struct line l = unquote ? quoted(v[i]) : v[i];
		umpire_buf_add(orders, l.s, l.n);
		umpire_buf_putc(orders, '\n');
	}
	free(v);
	return found && last > first;
}

/* Multipart nesting is counted before GMime's parser (which recurses) sees it. */
static bool
too_nested(const char *msg, size_t len)
{
	static const char word[] = "multipart/";
	size_t count = 0, w = sizeof(word) - 1;

	for (size_t i = 0; i + w <= len; i++)
		if ((msg[i] == 'm' || msg[i] == 'M') &&
		    strncasecmp(msg + i, word, w) == 0 &&
		    ++count > 4 * CLI_MAIL_MAX_PARTS)
			return true;
	return false;
}

void
cli_mail_read(struct cli_mail *out, const char *msg, size_t len)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *m;
	struct walk w;

	memset(out, 0, sizeof(*out));
	out->kind = CLI_MAIL_BAD;
	if (len > CLI_MAIL_MAX_BYTES) {
		out->why = "the message is larger than umpire reads (4 MiB)";
		return;
	}
	if (too_nested(msg, len)) {
		out->why = "the message has too many MIME parts";
		return;
	}
	stream = g_mime_stream_mem_new_with_buffer(msg, len);
	parser = g_mime_parser_new_with_stream(stream);
	m = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	g_object_unref(stream);
	if (!m) {
		out->why = "it is not a message (RFC 5322)";
		return;
	}
	GMimeObject *o = GMIME_OBJECT(m);
	out->from = first_address(g_mime_message_get_from(m));
	out->reply_to = first_address(g_mime_message_get_reply_to(m));
	if (!out->reply_to && out->from)
		out->reply_to = strdup(out->from);
	out->subject = clean_subject(g_mime_message_get_subject(m));
	const char *id = g_mime_message_get_message_id(m);
	out->message_id = id_ok(id) ? strdup(id) : NULL;
	out->references = references(o);
	out->automatic = automatic(o, out->from);

	memset(&w, 0, sizeof(w));
	w.m = out;
	if (g_mime_message_get_mime_part(m))
		walk(&w, g_mime_message_get_mime_part(m), 0);
	out->kind = CLI_MAIL_NOT_ORDERS;
	if (w.sig) {
		struct umpire_buf b = UMPIRE_BUF_INIT;
		if (content(&b, w.sig, false)) {
			umpire_buf_add(&out->sig, b.ptr, b.len);
			out->has_sig = true;
		}
		umpire_buf_free(&b);
	}
	struct umpire_buf text = UMPIRE_BUF_INIT;
	if (w.yaml) {
		if (!content(&out->orders, w.yaml, false)) {
			out->kind = CLI_MAIL_BAD;
			out->why = "the orders' charset is one umpire does not know";
		} else {
			out->kind = CLI_MAIL_ORDERS;
			out->orders_name = tame_name(g_mime_part_get_filename(w.yaml));
		}
		/* Attached orders, their signature armored in the text. */
		if (out->kind == CLI_MAIL_ORDERS && !out->has_sig && w.text &&
		    content(&text, w.text, true)) {
			struct umpire_buf unused = UMPIRE_BUF_INIT;
			cli_mail_cut_orders(&unused, &out->sig, &out->has_sig,
				text.ptr, text.len);
			umpire_buf_free(&unused);
		}
	} else if (w.text) {
		if (!content(&text, w.text, true)) {
			out->kind = CLI_MAIL_BAD;
			out->why = "the text's charset is one umpire does not know";
		} else if (cli_mail_cut_orders(&out->orders, &out->sig,
		    &out->has_sig, text.ptr, text.len)) {
			out->kind = CLI_MAIL_ORDERS;
			out->from_body = true;
			out->orders_name = strdup("orders.yaml");
		}
	} else if (w.html)
		out->kind = CLI_MAIL_HTML_ONLY;
	umpire_buf_free(&text);
	g_object_unref(m);
}
