/*
 * cmd_site.c - umpire site: a game as a static web page.
 *
 * OUT/index.html holds the players, the scenario, every step's report
 * (Markdown rendered by libcmark) with its commit, and the result;
 * OUT/NNNN.svg are the steps' pictures.  The page refers to nothing
 * outside OUT: its script and style are inline, allowed by their hashes
 * in a Content-Security-Policy meta tag (a hash holds from file://,
 * where 'self' means different things to different browsers), and its
 * pictures are files beside it.
 *
 * Everything comes from the game's git history, never from its work
 * tree, and only from the public files: reports/NNNN.md and NNNN.svg.
 * Private views (*.age) are never read, and a sealed game's seed is in
 * the page only once `umpire reveal` has committed it.
 *
 * The rolls each report lists (the rows of its "## Rolls" table, which
 * verify re-derives too) and its shuffles (the "## Shuffles" table, with
 * the order each gave where the game hides nothing, or the commitment
 * to it where the game hides information) go into the page as JSON with
 * the game id and the seed (once public), and the page's script
 * re-derives them (src/cli/site/page.js).
 */
#include <cmark.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "util/arena.h"
#include "doc/embedded.h"
#include "util/fileio.h"
#include "game/report.h"
#include "doc/yaml.h"

/*
 * libcmark 0.29 and later leave raw HTML out unless told otherwise;
 * CMARK_OPT_SAFE says so to the older ones.  Reports carry text players
 * wrote, which must never become markup.
 */
#define SITE_CMARK_OPTS (CMARK_OPT_DEFAULT | CMARK_OPT_SAFE)

#define SITE_JS "src/cli/site/page.js"
#define SITE_CSS "src/cli/site/page.css"

/* One roll a report lists. */
struct site_roll {
	unsigned long r, sides, die;
	const char *purpose;
};

/*
 * One shuffle a report lists: the order it gave where the game hides
 * nothing, else the commitment to it (a game that hides information,
 * from 0.6.0), else neither.
 */
struct site_shuffle {
	unsigned long k, n;
	unsigned long *order;
	const char *commitment;
	const char *purpose;
};

/* One step: the commit that made it and its report. */
struct site_step {
	long step;
	enum umpire_layout layout;	/* where its files are (paths.h) */
	size_t rev;
	struct site_roll *rolls;
	size_t nrolls, cap;
	struct site_shuffle *shuffles;
	size_t nshuffles, shuffles_cap;
};

/* The tables the page's script checks. */
enum site_table { SITE_PLAIN, SITE_ROLLS, SITE_SHUFFLES };

struct site {
	struct umpire_arena arena;
	struct umpire_history *h;
	const char *commit_url;	/* prefix of a commit's address, or NULL */
	struct site_step *steps;
	size_t nsteps, cap;
	struct umpire_buf html;
	struct umpire_diags *d;
};

static void
put_escaped(struct umpire_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': umpire_buf_puts(b, "&amp;"); break;
		case '<': umpire_buf_puts(b, "&lt;"); break;
		case '>': umpire_buf_puts(b, "&gt;"); break;
		case '"': umpire_buf_puts(b, "&quot;"); break;
		case '\'': umpire_buf_puts(b, "&#39;"); break;
		default: umpire_buf_putc(b, s[i]);
		}
	}
}

static void
put_esc(struct umpire_buf *b, const char *s)
{
	put_escaped(b, s, strlen(s));
}

/*
 * A JSON string.  '<' is written \u003c, so that no "</script>" in a
 * player's words can end the data block it sits in.
 */
static void
put_json_string(struct umpire_buf *b, const char *s)
{
	umpire_buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			umpire_buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
			umpire_buf_printf(b, "\\u%04x", *p);
		else
			umpire_buf_putc(b, (char)*p);
	}
	umpire_buf_putc(b, '"');
}

/* libcmark's HTML for text, NULL if it failed; the caller frees it. */
static char *
markdown_html(const char *text, size_t len)
{
	return cmark_markdown_to_html(text, len, SITE_CMARK_OPTS);
}

/*
 * A table cell's Markdown as inline HTML: the paragraph libcmark makes of
 * it without its <p>; a cell that libcmark would read as a block of
 * another kind ("1." is a list, "---" a rule) is text.
 */
static void
put_cell(struct umpire_buf *b, const char *s, size_t n)
{
	cmark_node *doc = cmark_parse_document(s, n, SITE_CMARK_OPTS);
	cmark_node *first = doc ? cmark_node_first_child(doc) : NULL;
	char *html = NULL;

	if (first && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH &&
	    !cmark_node_next(first))
		html = cmark_render_html(doc, SITE_CMARK_OPTS);
	size_t len = html ? strlen(html) : 0;
	if (len >= 8 && strncmp(html, "<p>", 3) == 0 &&
	    strcmp(html + len - 5, "</p>\n") == 0)
		umpire_buf_add(b, html + 3, len - 8);
	else
		put_escaped(b, s, n);
	free(html);
	if (doc)
		cmark_node_free(doc);
}

/* The cells of a table row "| a | b |", trimmed; at most max. */
static size_t
split_row(const char *line, size_t n, const char **cell, size_t *len,
	size_t max)
{
	size_t k = 0, i = 0;

	if (n && line[0] == '|')
		i = 1;
	while (i < n && k < max) {
		size_t start = i;
		while (i < n && !(line[i] == '|' && (i == 0 || line[i - 1] != '\\')))
			i++;
		size_t a = start, z = i;
		while (a < z && (line[a] == ' ' || line[a] == '\t'))
			a++;
		while (z > a && (line[z - 1] == ' ' || line[z - 1] == '\t' ||
		    line[z - 1] == '\r'))
			z--;
		if (i == n && a == z)
			break;	/* only blanks after the closing bar */
		cell[k] = line + a;
		len[k] = z - a;
		k++;
		i++;
	}
	return k;
}

/* Whether a row is a table's delimiter row: "| ---: | --- |". */
static bool
is_delimiter(const char **cell, const size_t *len, size_t n)
{
	if (n == 0)
		return false;
	for (size_t k = 0; k < n; k++) {
		if (len[k] == 0)
			return false;
		for (size_t i = 0; i < len[k]; i++)
			if (cell[k][i] != '-' && cell[k][i] != ':')
				return false;
	}
	return true;
}

#define SITE_COLS 16

static unsigned long
number(const char *s, size_t n, bool *ok)
{
	unsigned long v = 0;

	*ok = n > 0 && n < 10;
	for (size_t i = 0; i < n && *ok; i++) {
		if (s[i] < '0' || s[i] > '9')
			*ok = false;
		else
			v = v * 10 + (unsigned long)(s[i] - '0');
	}
	return v;
}

/* Keep a row of the rolls table: | roll | sides | result | for |. */
static void
keep_roll(struct site *s, struct site_step *st, const char **cell,
	const size_t *len, size_t n)
{
	bool ok1, ok2, ok3;
	struct site_roll r;

	if (n < 4)
		return;
	r.r = number(cell[0], len[0], &ok1);
	r.sides = number(cell[1], len[1], &ok2);
	r.die = number(cell[2], len[2], &ok3);
	if (!ok1 || !ok2 || !ok3 || r.sides == 0)
		return;
	r.purpose = umpire_arena_strndup(&s->arena, cell[3], len[3]);
	if (st->nrolls == st->cap) {
		st->rolls = umpire_arena_grow(&s->arena, st->rolls,
			sizeof(*st->rolls), st->nrolls, &st->cap, st->nrolls + 1);
	}
	st->rolls[st->nrolls++] = r;
}

/*
 * The order column of a shuffle, "2 0 3 1": n places from 0 to n - 1,
 * each once; else NULL (no column, or not an order of n).
 */
static unsigned long *
shuffle_order(struct site *s, const char *p, size_t len, unsigned long n)
{
	if (n == 0 || n > 100000)
		return NULL;
	unsigned long *order = umpire_arena_alloc(&s->arena, n * sizeof(*order));
	bool *seen = umpire_arena_alloc(&s->arena, n * sizeof(*seen));
	size_t i = 0;

	memset(seen, 0, n * sizeof(*seen));
	for (unsigned long k = 0; k < n; k++) {
		while (i < len && p[i] == ' ')
			i++;
		size_t start = i;
		while (i < len && p[i] != ' ')
			i++;
		bool ok;
		order[k] = number(p + start, i - start, &ok);
		if (!ok || order[k] >= n || seen[order[k]])
			return NULL;
		seen[order[k]] = true;
	}
	while (i < len && p[i] == ' ')
		i++;
	return i == len ? order : NULL;
}

/* "sha256:" and 64 lowercase hex digits, as secret.h commits. */
static bool
is_commitment(const char *p, size_t len)
{
	if (len != 71 || strncmp(p, "sha256:", 7) != 0)
		return false;
	for (size_t i = 7; i < len; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return false;
	return true;
}

/*
 * Keep a row of the shuffles table: | shuffle | items | for | order |,
 * or | ... | commitment | in a game that hides information.
 */
static void
keep_shuffle(struct site *s, struct site_step *st, const char **cell,
	const size_t *len, size_t n)
{
	bool ok1, ok2;
	struct site_shuffle sh;

	if (n < 3)
		return;
	sh.k = number(cell[0], len[0], &ok1);
	sh.n = number(cell[1], len[1], &ok2);
	if (!ok1 || !ok2)
		return;
	sh.purpose = umpire_arena_strndup(&s->arena, cell[2], len[2]);
	sh.commitment = n >= 4 && is_commitment(cell[3], len[3]) ?
		umpire_arena_strndup(&s->arena, cell[3], len[3]) : NULL;
	sh.order = n >= 4 && !sh.commitment ? shuffle_order(s, cell[3],
		len[3], sh.n) : NULL;
	if (st->nshuffles == st->shuffles_cap)
		st->shuffles = umpire_arena_grow(&s->arena, st->shuffles,
			sizeof(*st->shuffles), st->nshuffles, &st->shuffles_cap,
			st->nshuffles + 1);
	st->shuffles[st->nshuffles++] = sh;
}

/*
 * A pipe table as umpire's reports write them (CommonMark has no
 * tables): a header row, a delimiter row that gives each column's
 * alignment, then the rows.  Under "## Rolls" and "## Shuffles" the
 * table gets a column the page's script fills in, and its rows are the
 * step's rolls or shuffles.
 */
static void
put_table(struct site *s, struct site_step *st, const char *p, size_t n,
	enum site_table kind)
{
	bool rolls = kind != SITE_PLAIN;
	const char *cell[SITE_COLS];
	size_t len[SITE_COLS], ncols = 0;
	char align[SITE_COLS];
	const char *end = p + n;
	int row = 0;

	/* The delimiter row, second, says how the header aligns too. */
	const char *second = memchr(p, '\n', n);
	const char *second_end = second ? memchr(second + 1, '\n',
		(size_t)(end - second - 1)) : NULL;
	size_t k = second ? split_row(second + 1, (size_t)((second_end ?
		second_end : end) - second - 1), cell, len, SITE_COLS) : 0;
	for (size_t i = 0; i < SITE_COLS; i++) {
		bool left = i < k && len[i] && cell[i][0] == ':';
		bool right = i < k && len[i] && cell[i][len[i] - 1] == ':';
		align[i] = left && right ? 'c' : right ? 'r' : 0;
	}
	umpire_buf_puts(&s->html, kind == SITE_ROLLS ?
		"<table class=\"rolls\">\n" : kind == SITE_SHUFFLES ?
		"<table class=\"shuffles\">\n" : "<table>\n");
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t ln = (size_t)((eol ? eol : end) - p);
		k = split_row(p, ln, cell, len, SITE_COLS);
		if (row != 1) {
			const char *tag = row == 0 ? "th" : "td";
			if (row == 0)
				ncols = k;
			umpire_buf_puts(&s->html, "<tr");
			if (rolls && row > 1 && k > 0) {
				umpire_buf_puts(&s->html, kind == SITE_ROLLS ?
					" data-roll=\"" : " data-shuffle=\"");
				put_escaped(&s->html, cell[0], len[0]);
				umpire_buf_puts(&s->html, "\"");
			}
			umpire_buf_puts(&s->html, ">");
			for (size_t i = 0; i < ncols; i++) {
				if (align[i])
					umpire_buf_printf(&s->html, "<%s class=\"%c\">", tag,
						align[i]);
				else
					umpire_buf_printf(&s->html, "<%s>", tag);
				if (i < k)
					put_cell(&s->html, cell[i], len[i]);
				umpire_buf_printf(&s->html, "</%s>", tag);
			}
			if (rolls)
				umpire_buf_puts(&s->html, row == 0 ? "<th>checked</th>" :
					"<td class=\"check\">not checked</td>");
			umpire_buf_puts(&s->html, "</tr>\n");
			if (kind == SITE_ROLLS && row > 1)
				keep_roll(s, st, cell, len, k);
			else if (kind == SITE_SHUFFLES && row > 1)
				keep_shuffle(s, st, cell, len, k);
		}
		row++;
		p += ln + (eol ? 1 : 0);
	}
	umpire_buf_puts(&s->html, "</table>\n");
}

static void
put_markdown(struct site *s, const char *p, size_t n)
{
	char *html;

	if (n == 0)
		return;
	html = markdown_html(p, n);
	if (html)
		umpire_buf_puts(&s->html, html);
	free(html);
}

/*
 * A report: its pipe tables (runs of lines that start with '|', outside
 * fenced code, whose second line is a delimiter row) by put_table, the
 * rest by libcmark, in order.
 */
static void
put_report(struct site *s, struct site_step *st, const char *text,
	size_t len)
{
	const char *end = text + len, *p = text, *md = text;
	bool fenced = false;
	enum site_table kind = SITE_PLAIN;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *next = eol ? eol + 1 : end;
		size_t ln = (size_t)((eol ? eol : end) - p);

		if (ln >= 3 && (strncmp(p, "```", 3) == 0 ||
		    strncmp(p, "~~~", 3) == 0))
			fenced = !fenced;
		if (!fenced && ln && p[0] == '#')
			kind = ln == 8 && strncmp(p, "## Rolls", 8) == 0 ? SITE_ROLLS :
				ln == 11 && strncmp(p, "## Shuffles", 11) == 0 ?
				SITE_SHUFFLES : SITE_PLAIN;
		if (fenced || ln == 0 || p[0] != '|') {
			p = next;
			continue;
		}
		/* A run of lines that start with '|'. */
		const char *start = p, *q = next;
		while (q < end && *q == '|') {
			const char *e = memchr(q, '\n', (size_t)(end - q));
			q = e ? e + 1 : end;
		}
		const char *second = next;
		const char *e2 = second < end ?
			memchr(second, '\n', (size_t)(end - second)) : NULL;
		const char *cell[SITE_COLS];
		size_t clen[SITE_COLS];
		size_t k = second < q ? split_row(second, (size_t)((e2 ? e2 : end) -
			second), cell, clen, SITE_COLS) : 0;
		if (second < q && is_delimiter(cell, clen, k)) {
			put_markdown(s, md, (size_t)(start - md));
			put_table(s, st, start, (size_t)(q - start), kind);
			md = q;
		}
		p = q;
	}
	put_markdown(s, md, (size_t)(end - md));
}

/*
 * "reports/NNNN.md", or grouped "reports/NN/NNNN.md": the step and the
 * layout, or -1 for any other path.
 */
static long
report_step(const char *path, enum umpire_layout *layout)
{
	const char *name, *p;
	long step;
	bool grouped;

	if (!umpire_path_parse(path, UMPIRE_REPORTS_DIR, &name, &step,
	    &grouped) || step < 0)
		return -1;
	for (p = name; *p >= '0' && *p <= '9'; p++)
		;
	*layout = grouped ? UMPIRE_LAYOUT_GROUPED : UMPIRE_LAYOUT_FLAT;
	return p - name >= 4 && p - name <= 9 && strcmp(p, ".md") == 0 ?
		step : -1;
}

/* The steps of the history, in order: each commit that adds a report. */
static int
find_steps(struct site *s, size_t nrevs)
{
	struct umpire_change ch[64];
	int rc;

	for (size_t i = 0; i < nrevs; i++) {
		size_t n;
		if ((rc = umpire_history_rev_changes(s->h, i, ch,
		    sizeof(ch) / sizeof(*ch), &n, s->d)))
			return rc;
		if (n > sizeof(ch) / sizeof(*ch))
			n = sizeof(ch) / sizeof(*ch);
		for (size_t k = 0; k < n; k++) {
			enum umpire_layout layout;
			long step = report_step(ch[k].path, &layout);
			if (step < 0 || ch[k].kind != UMPIRE_ADDED)
				continue;
			if (s->nsteps == s->cap)
				s->steps = umpire_arena_grow(&s->arena, s->steps,
					sizeof(*s->steps), s->nsteps, &s->cap, s->nsteps + 1);
			struct site_step *st = &s->steps[s->nsteps++];
			memset(st, 0, sizeof(*st));
			st->step = step;
			st->layout = layout;
			st->rev = i;
		}
	}
	return 0;
}

static const char *
str_at(const struct umpire_node *map, const char *key)
{
	return umpire_node_cstr(umpire_map_get(map, key));
}

static void
put_players(struct site *s, const struct umpire_node *state)
{
	const struct umpire_node *players = umpire_map_get(state, "players");

	if (!players || players->type != UMPIRE_MAP)
		return;
	umpire_buf_puts(&s->html, "<dt>Players</dt><dd>");
	for (size_t i = 0; i < players->u.map.n; i++) {
		const struct umpire_pair *pr = &players->u.map.v[i];
		const char *name = pr->val->type == UMPIRE_MAP ?
			str_at(pr->val, "name") : umpire_node_cstr(pr->val);
		umpire_buf_puts(&s->html, i ? ", <b>" : "<b>");
		put_escaped(&s->html, pr->key->u.s.ptr, pr->key->u.s.len);
		umpire_buf_puts(&s->html, "</b>");
		if (name) {
			umpire_buf_puts(&s->html, " (");
			put_esc(&s->html, name);
			umpire_buf_puts(&s->html, ")");
		}
	}
	umpire_buf_puts(&s->html, "</dd>\n");
}

/* The result, or the decision the game awaits. */
static void
put_result(struct site *s, const struct umpire_node *state)
{
	const struct umpire_node *res = umpire_map_get(state, "result");
	const struct umpire_node *aw = umpire_map_get(state, "awaiting");

	umpire_buf_puts(&s->html, "<dt>Result</dt><dd id=\"result\">");
	if (!res || res->type != UMPIRE_MAP) {
		const char *who = aw && aw->type == UMPIRE_MAP ?
			str_at(aw, "player") : NULL;
		umpire_buf_puts(&s->html, "not over yet");
		if (who) {
			umpire_buf_printf(&s->html, ": step %lld awaits ",
				umpire_node_integer(umpire_map_get(aw, "step"), 0));
			put_esc(&s->html, who);
		}
		umpire_buf_puts(&s->html, "</dd>\n");
		return;
	}
	const char *how = str_at(res, "how");
	umpire_buf_printf(&s->html, "over at step %lld",
		umpire_node_integer(umpire_map_get(res, "step"), 0));
	if (how) {
		umpire_buf_puts(&s->html, ": ");
		put_esc(&s->html, how);
	}
	const struct umpire_node *st = umpire_map_get(res, "standings");
	if (st && st->type == UMPIRE_MAP) {
		umpire_buf_puts(&s->html, "<table><tr><th>player</th>"
			"<th class=\"r\">rank</th><th class=\"r\">score</th></tr>\n");
		/* By rank; ties keep the state's order. */
		for (long long rank = 1; rank <= (long long)st->u.map.n; rank++) {
			for (size_t i = 0; i < st->u.map.n; i++) {
				const struct umpire_pair *pr = &st->u.map.v[i];
				if (pr->val->type != UMPIRE_MAP || umpire_node_integer(
				    umpire_map_get(pr->val, "rank"), 0) != rank)
					continue;
				umpire_buf_puts(&s->html, "<tr><td>");
				put_escaped(&s->html, pr->key->u.s.ptr, pr->key->u.s.len);
				umpire_buf_printf(&s->html, "</td><td class=\"r\">%lld</td>"
					"<td class=\"r\">%lld</td></tr>\n", rank,
					umpire_node_integer(umpire_map_get(pr->val, "score"), 0));
			}
		}
		umpire_buf_puts(&s->html, "</table>");
	}
	umpire_buf_puts(&s->html, "</dd>\n");
}

/* 'sha256-BASE64' of text, for the Content-Security-Policy. */
static const char *
csp_hash(struct site *s, const char *text)
{
	unsigned char h[crypto_hash_sha256_BYTES];
	char b64[sodium_base64_ENCODED_LEN(sizeof(h),
		sodium_base64_VARIANT_ORIGINAL)];

	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	sodium_bin2base64(b64, sizeof(b64), h, sizeof(h),
		sodium_base64_VARIANT_ORIGINAL);
	return umpire_arena_printf(&s->arena, "'sha256-%s'", b64);
}

/*
 * Whether OUT may take the page: empty, or holding a page umpire site
 * wrote before (its index.html names umpire as its generator).  Site
 * replaces only its own files, index.html and NNNN.svg, so a directory
 * of something else must never be written into: a mistyped OUT would
 * lose its index.html.
 */
static bool
ours(const char *out)
{
	static const char mark[] = "<meta name=\"generator\" content=\"umpire ";
	DIR *dir = opendir(out);
	struct dirent *e;
	bool empty = true;

	if (!dir)
		return false;
	while (empty && (e = readdir(dir)))
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	closedir(dir);
	if (empty)
		return true;
	char path[4096];
	snprintf(path, sizeof(path), "%s/index.html", out);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char head[2048];
	size_t n = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[n] = '\0';
	return strstr(head, mark) != NULL;
}

/* The first n bytes at p equal to what (of len), or NULL. */
static const char *
find(const char *p, size_t n, const char *what, size_t len)
{
	for (; n >= len; p++, n--)
		if (memcmp(p, what, len) == 0)
			return p;
	return NULL;
}

/*
 * After a page replaced an earlier one in out (old, that page's text):
 * remove the pictures the earlier page showed (src="NNNN.svg") that the
 * new one does not, each named on standard error, so that OUT holds one
 * game's page and no stale step of another.  Nothing else is touched:
 * a file the earlier page did not name is not site's to remove.
 */
static void
remove_stale(const char *out, const struct umpire_buf *old,
	const struct umpire_buf *now)
{
	const char *p = old->ptr, *end = old->ptr + old->len;

	while (p && p < end) {
		p = find(p, (size_t)(end - p), "src=\"", 5);
		if (!p)
			break;
		p += 5;
		size_t n = 0;
		while (p + n < end && p[n] >= '0' && p[n] <= '9' && n < 12)
			n++;
		if (n < 4 || (size_t)(end - p) < n + 5 ||
		    memcmp(p + n, ".svg\"", 5) != 0)
			continue;
		char name[24], src[32], path[4096];
		snprintf(name, sizeof(name), "%.*s.svg", (int)n, p);
		snprintf(src, sizeof(src), "src=\"%s\"", name);
		if (find(now->ptr, now->len, src, strlen(src)))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", out, name) <
		    sizeof(path) && unlink(path) == 0)
			fprintf(stderr, "umpire: removed %s, a picture of the page "
				"this one replaces\n", path);
	}
}

static int
write_file(const char *dir, const char *name, const void *data, size_t len,
	struct umpire_diags *d)
{
	char path[4096];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path)) {
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "path too long");
		return EX_CANTCREAT;
	}
	return umpire_file_write(path, data, len, d);
}

/* The steps, each with its commit, report and picture file. */
static int
put_steps(struct site *s, const char *out)
{
	struct umpire_buf text = UMPIRE_BUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < s->nsteps && !rc; i++) {
		struct site_step *st = &s->steps[i];
		struct umpire_step_paths paths;
		char pic[UMPIRE_PATH_MAX];
		const char *id = umpire_history_rev_id(s->h, st->rev);

		umpire_buf_printf(&s->html, "<section class=\"step\" id=\"step-%ld\" "
			"data-step=\"%ld\">\n<p class=\"commit\">Step %ld, commit ",
			st->step, st->step, st->step);
		if (s->commit_url) {
			umpire_buf_puts(&s->html, "<a href=\"");
			put_esc(&s->html, s->commit_url);
			umpire_buf_printf(&s->html, "%s\"><code>%s</code></a>", id, id);
		} else {
			umpire_buf_printf(&s->html, "<code>%s</code>", id);
		}
		umpire_buf_puts(&s->html, "</p>\n");

		umpire_step_paths(&paths, st->layout, st->step, NULL);
		umpire_buf_clear(&text);
		rc = umpire_history_rev_read(s->h, st->rev, paths.report, &text,
			s->d);
		if (rc == 0)
			put_report(s, st, text.ptr, text.len);
		else if (rc == 1)
			rc = 0;
		umpire_buf_puts(&s->html, "</section>\n");
		if (rc)
			break;

		/* Its picture, public as the report is. */
		umpire_picture_name(pic, st->step);
		umpire_buf_clear(&text);
		rc = umpire_history_rev_read(s->h, st->rev, paths.picture, &text,
			s->d);
		if (rc == 0)
			rc = write_file(out, pic, text.ptr, text.len, s->d);
		else if (rc == 1)
			rc = 0;	/* umpire before 0.3.0 drew no pictures */
	}
	umpire_buf_free(&text);
	return rc;
}

/* The rolls and shuffles, the game and the seed (if public), for the
 * page's script. */
static void
put_data(struct site *s, const char *game, const char *seed, bool sealed)
{
	struct umpire_buf *b = &s->html;

	umpire_buf_puts(b, "<script type=\"application/json\" id=\"umpire-data\">"
		"{\"game\": ");
	put_json_string(b, game);
	umpire_buf_puts(b, ", \"sealed\": ");
	umpire_buf_puts(b, sealed ? "true" : "false");
	umpire_buf_puts(b, ", \"seed\": ");
	if (sealed)
		umpire_buf_puts(b, "null");
	else
		put_json_string(b, seed);
	umpire_buf_puts(b, ",\n\"steps\": [");
	for (size_t i = 0; i < s->nsteps; i++) {
		const struct site_step *st = &s->steps[i];
		umpire_buf_printf(b, "%s\n{\"step\": %ld, \"commit\": \"%s\", "
			"\"rolls\": [", i ? "," : "", st->step,
			umpire_history_rev_id(s->h, st->rev));
		for (size_t k = 0; k < st->nrolls; k++) {
			const struct site_roll *r = &st->rolls[k];
			umpire_buf_printf(b, "%s{\"roll\": %lu, \"sides\": %lu, "
				"\"die\": %lu, \"for\": ", k ? ", " : "", r->r, r->sides,
				r->die);
			put_json_string(b, r->purpose);
			umpire_buf_putc(b, '}');
		}
		umpire_buf_puts(b, "], \"shuffles\": [");
		for (size_t k = 0; k < st->nshuffles; k++) {
			const struct site_shuffle *sh = &st->shuffles[k];
			umpire_buf_printf(b, "%s{\"shuffle\": %lu, \"items\": %lu, "
				"\"order\": ", k ? ", " : "", sh->k, sh->n);
			if (!sh->order)
				umpire_buf_puts(b, "null");
			for (unsigned long p = 0; sh->order && p < sh->n; p++)
				umpire_buf_printf(b, "%s%lu", p ? ", " : "[", sh->order[p]);
			if (sh->order)
				umpire_buf_putc(b, ']');
			umpire_buf_puts(b, ", \"commitment\": ");
			if (sh->commitment)
				put_json_string(b, sh->commitment);
			else
				umpire_buf_puts(b, "null");
			umpire_buf_puts(b, ", \"for\": ");
			put_json_string(b, sh->purpose);
			umpire_buf_putc(b, '}');
		}
		umpire_buf_puts(b, "]}");
	}
	umpire_buf_puts(b, "]}</script>\n");
}

static int
build(struct site *s, const char *dir, const char *out)
{
	struct umpire_buf state_text = UMPIRE_BUF_INIT, scenario = UMPIRE_BUF_INIT;
	struct umpire_buf old_page = UMPIRE_BUF_INIT;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	const struct umpire_embedded *js = umpire_embedded_find(SITE_JS);
	const struct umpire_embedded *css = umpire_embedded_find(SITE_CSS);
	struct umpire_node *state;
	size_t nrevs;
	int rc;

	if (!js || !css) {
		umpire_diag(s->d, UMPIRE_ERROR, NULL, 0, 0, "this umpire was built "
			"without its page's script and style (%s, %s)", SITE_JS, SITE_CSS);
		return EX_SOFTWARE;
	}
	if ((rc = umpire_history_open(&s->h, dir, s->d)) ||
	    (rc = umpire_history_load(s->h, &nrevs, s->d)))
		return rc;
	if (nrevs == 0 || (rc = umpire_history_rev_read(s->h, nrevs - 1,
	    UMPIRE_STATE_PATH, &state_text, s->d)) == 1) {
		umpire_diag(s->d, UMPIRE_ERROR, dir, 0, 0, "no game here: its "
			"history has no %s", UMPIRE_STATE_PATH);
		rc = EX_NOINPUT;
		goto done;
	}
	if (rc)
		goto done;
	if (umpire_yaml_parse(&state, &s->arena, UMPIRE_STATE_PATH,
	    state_text.ptr, state_text.len, &lim, s->d) ||
	    state->type != UMPIRE_MAP) {
		rc = EX_DATAERR;
		goto done;
	}
	const char *game = str_at(state, "game");
	const char *seed = str_at(state, "seed");
	const char *title = str_at(state, "title");
	const char *ruleset = str_at(state, "ruleset");
	struct umpire_seed check;
	if (!game || !seed || !ruleset) {
		umpire_diag(s->d, UMPIRE_ERROR, UMPIRE_STATE_PATH, 0, 0, "no game, "
			"ruleset or seed in the state at HEAD");
		rc = EX_DATAERR;
		goto done;
	}
	/* Sealed: only the commitment, until umpire reveal commits the seed. */
	bool sealed = strncmp(seed, UMPIRE_COMMITMENT_PREFIX,
		strlen(UMPIRE_COMMITMENT_PREFIX)) == 0;
	if (!sealed && umpire_seed_from_hex(&check, seed)) {
		umpire_diag(s->d, UMPIRE_ERROR, UMPIRE_STATE_PATH, 0, 0, "the seed "
			"at HEAD is neither 64 hex digits nor a commitment");
		rc = EX_DATAERR;
		goto done;
	}
	sodium_memzero(&check, sizeof(check));
	if ((rc = find_steps(s, nrevs)))
		goto done;
	/* Only for a game: a mistyped DIR leaves no empty OUT behind. */
	if (mkdir(out, 0777) != 0 && errno != EEXIST) {
		umpire_diag(s->d, UMPIRE_ERROR, out, 0, 0, "cannot make the "
			"directory: %s", strerror(errno));
		rc = EX_CANTCREAT;
		goto done;
	}
	struct stat ost;
	if (stat(out, &ost) == 0 && !S_ISDIR(ost.st_mode)) {
		umpire_diag(s->d, UMPIRE_ERROR, out, 0, 0, "is %s, not a "
			"directory: give a new or empty directory, or the one an "
			"earlier umpire site wrote", umpire_file_kind(ost.st_mode));
		rc = EX_CANTCREAT;
		goto done;
	}
	if (!ours(out)) {
		umpire_diag(s->d, UMPIRE_ERROR, out, 0, 0, "the directory holds "
			"files and no page umpire site wrote: give a new or empty "
			"directory, or the one an earlier umpire site wrote");
		rc = EX_CANTCREAT;
		goto done;
	}
	{
		/* The page it replaces, if any: which pictures were its. */
		char index[4096];
		struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
		snprintf(index, sizeof(index), "%s/index.html", out);
		if (umpire_file_read(&old_page, index, 64u << 20, &quiet))
			umpire_buf_clear(&old_page);
		umpire_diags_free(&quiet);
	}
	rc = umpire_history_rev_read(s->h, nrevs - 1, UMPIRE_SCENARIO_PATH,
		&scenario, s->d);
	if (rc > 1)
		goto done;

	struct umpire_buf *b = &s->html;
	umpire_buf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
		"'none'; script-src %s; style-src %s; img-src 'self'; base-uri "
		"'none'; form-action 'none'\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, "
		"initial-scale=1\">\n<meta name=\"generator\" content=\"umpire %s\">\n"
		"<title>", csp_hash(s, js->data), csp_hash(s, css->data),
		UMPIRE_VERSION);
	put_esc(b, title ? title : game);
	umpire_buf_puts(b, " \xe2\x80\x94 ");
	put_esc(b, game);
	umpire_buf_printf(b, "</title>\n<style>%s</style>\n</head>\n"
		"<body data-dice=\"not checked\" data-shuffles=\"not checked\">\n"
		"<header>\n<h1>", css->data);
	put_esc(b, title ? title : game);
	umpire_buf_puts(b, "</h1>\n<dl>\n<dt>Game</dt><dd><code>");
	put_esc(b, game);
	umpire_buf_puts(b, "</code>, ruleset <code>");
	put_esc(b, ruleset);
	umpire_buf_puts(b, "</code></dd>\n");
	put_players(s, state);
	put_result(s, state);
	umpire_buf_puts(b, "<dt>Dice</dt><dd><span id=\"dice\">");
	umpire_buf_puts(b, sealed ? "This game is sealed and its seed not revealed "
		"yet: its rolls can be checked once it is." : "Not checked: the "
		"page's script re-derives every roll from the seed.");
	umpire_buf_puts(b, "</span> <span id=\"shuffles\"></span> Seed: <code>");
	put_esc(b, seed);
	umpire_buf_puts(b, sealed ? "</code> (its commitment)</dd>\n" :
		"</code></dd>\n");
	if (rc == 0) {
		umpire_buf_puts(b, "<dt>Scenario</dt><dd><details><summary>"
			"scenario.yaml</summary><pre>");
		put_escaped(b, scenario.ptr, scenario.len);
		umpire_buf_puts(b, "</pre></details></dd>\n");
	}
	umpire_buf_puts(b, "</dl>\n</header>\n<nav>\n"
		"<button type=\"button\" id=\"prev\" title=\"previous step (left "
		"arrow)\">\xe2\x97\x80</button>\n"
		"<input type=\"range\" id=\"slider\" min=\"0\" step=\"1\" "
		"aria-label=\"step\">\n"
		"<button type=\"button\" id=\"next\" title=\"next step (right "
		"arrow)\">\xe2\x96\xb6</button>\n<span id=\"where\"></span>\n</nav>\n"
		"<main>\n");
	if ((rc = put_steps(s, out)))
		goto done;
	umpire_buf_puts(b, "</main>\n");
	put_data(s, game, seed, sealed);
	umpire_buf_printf(b, "<script>%s</script>\n</body>\n</html>\n", js->data);
	rc = write_file(out, "index.html", b->ptr, b->len, s->d);
	if (rc == 0)
		remove_stale(out, &old_page, b);
done:
	umpire_buf_free(&state_text);
	umpire_buf_free(&scenario);
	umpire_buf_free(&old_page);
	return rc;
}

int
cmd_site(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "commit-url", required_argument, NULL, 'u' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct site s = { UMPIRE_ARENA_INIT, NULL, NULL, NULL, 0, 0,
		UMPIRE_BUF_INIT, &d };
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'u')
			s.commit_url = optarg;
	}
	if (argc - optind != 2)
		return cli_usage(argv[0], "name a game directory and an output "
			"directory");
	if (s.commit_url && strncmp(s.commit_url, "https://", 8) != 0 &&
	    strncmp(s.commit_url, "http://", 7) != 0)
		return cli_usage(argv[0], "--commit-url '%.80s': expected an "
			"http:// or https:// address", s.commit_url);
	const char *out = argv[optind + 1];
	rc = build(&s, argv[optind], out);
	if (s.h)
		umpire_history_close(s.h);
	umpire_buf_free(&s.html);
	umpire_arena_free(&s.arena);
	if (rc == 0)
		printf("wrote %s/index.html: %zu step%s\n", out, s.nsteps,
			s.nsteps == 1 ? "" : "s");
	return cli_done(&d, rc);
}
