#include "diag.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
				(unsigned)d->n,
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
		(unsigned)d->n,
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

void
umpire_suggest_add(struct umpire_suggest *s, const char *candidate)
{
	size_t len = strlen(s->word);
	int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
	int dist = umpire_edit_distance(s->word, candidate);

	/* "Rifle" for "rifle" is worth a hint; the word itself is not. */
	if (strcmp(s->word, candidate) == 0 || dist > limit)
		return;
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
