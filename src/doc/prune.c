/*
 * prune.c - orders without the entries their schema refused (prune.h).
 */
#include "prune.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

/* Whether n or a node below it starts at the place of diagnostic v. */
static bool
holds(const struct umpire_node *n, const struct umpire_diag *v)
{
	if (n->line == v->line && n->col == v->col && n->file &&
	    strcmp(n->file, v->file) == 0)
		return true;
	if (n->type == UMPIRE_SEQ) {
		for (size_t i = 0; i < n->u.seq.n; i++)
			if (holds(n->u.seq.v[i], v))
				return true;
	} else if (n->type == UMPIRE_MAP) {
		for (size_t i = 0; i < n->u.map.n; i++)
			if (holds(n->u.map.v[i].key, v) ||
			    holds(n->u.map.v[i].val, v))
				return true;
	}
	return false;
}

static bool
before(const struct umpire_node *x, const struct umpire_node *y)
{
	return x->line < y->line || (x->line == y->line && x->col < y->col);
}

int
umpire_orders_prune(struct umpire_pruned *out, struct umpire_arena *a,
	const struct umpire_node *doc, const struct umpire_diags *d,
	size_t from, bool bad)
{
	if (doc->type != UMPIRE_MAP || !doc->u.map.n)
		return -1;
	size_t np = doc->u.map.n, total = 0;
	/* out[p][i]: entry i of pair p's list is left out. */
	bool **drop = umpire_arena_alloc(a, np * sizeof(*drop));
	for (size_t p = 0; p < np; p++) {
		const struct umpire_node *v = doc->u.map.v[p].val;
		drop[p] = v->type == UMPIRE_SEQ && v->u.seq.n ?
			umpire_arena_alloc(a, v->u.seq.n * sizeof(**drop)) : NULL;
		if (drop[p])
			memset(drop[p], 0, v->u.seq.n * sizeof(**drop));
	}
	for (size_t k = from; k < d->n; k++) {
		const struct umpire_diag *v = &d->v[k];
		bool found = false;
		if (v->level != UMPIRE_ERROR)
			continue;
		if (!v->file || v->line <= 0)
			return -1;
		for (size_t p = 0; p < np && !found; p++) {
			const struct umpire_pair *pr = &doc->u.map.v[p];
			for (size_t i = 0; drop[p] && i < pr->val->u.seq.n; i++)
				if (holds(pr->val->u.seq.v[i], v)) {
					total += !drop[p][i];
					drop[p][i] = found = true;
					break;
				}
		}
		if (!found)	/* the envelope, a key, a whole list: no entry */
			return -1;
	}
	if (!total)
		return -1;

	struct umpire_node *map = umpire_arena_alloc(a, sizeof(*map));
	*map = *doc;
	map->u.map.v = umpire_arena_alloc(a, np * sizeof(*map->u.map.v));
	map->u.map.cap = np;
	out->lists = umpire_arena_alloc(a, np * sizeof(*out->lists));
	out->nlists = 0;
	out->first_out = NULL;
	for (size_t p = 0; p < np; p++) {
		const struct umpire_pair *pr = &doc->u.map.v[p];
		map->u.map.v[p] = *pr;
		bool any = false;
		for (size_t i = 0; drop[p] && i < pr->val->u.seq.n; i++)
			any |= drop[p][i];
		if (!any && !(bad && drop[p]))
			continue;
		const struct umpire_node *old = pr->val;
		struct umpire_node *seq = umpire_arena_alloc(a, sizeof(*seq));
		size_t *index = umpire_arena_alloc(a, old->u.seq.n *
			sizeof(*index));
		struct umpire_pruned_list *l = &out->lists[out->nlists++];
		*seq = *old;
		seq->u.seq.v = umpire_arena_alloc(a, old->u.seq.n *
			sizeof(*seq->u.seq.v));
		seq->u.seq.n = 0;
		seq->u.seq.cap = old->u.seq.n;
		l->key = pr->key->u.s.ptr;
		for (size_t i = 0; i < old->u.seq.n; i++) {
			const struct umpire_node *e = old->u.seq.v[i];
			if (!bad && drop[p][i] && (!out->first_out || before(e,
			    out->first_out))) {
				out->first_out = e;
				out->first_key = l->key;
				out->first_index = i;
			}
			if (drop[p][i] != bad)
				continue;
			index[seq->u.seq.n] = i;
			seq->u.seq.v[seq->u.seq.n++] = old->u.seq.v[i];
		}
		l->node = old;
		l->index = index;
		l->n = seq->u.seq.n;
		map->u.map.v[p].val = seq;
	}
	out->doc = map;
	out->root = doc;
	return 0;
}

/* msg with "KEY[k]" of list l renumbered; msg itself if none is there. */
static const char *
renumber(struct umpire_arena *a, const char *msg,
	const struct umpire_pruned_list *l)
{
	size_t klen = strlen(l->key);
	struct umpire_buf b = UMPIRE_BUF_INIT;
	const char *p = msg, *done = msg;
	bool changed = false;

	while ((p = strstr(p, l->key))) {
		const char *q = p + klen;
		bool word = p == msg || !(isalnum((unsigned char)p[-1]) ||
			p[-1] == '_' || p[-1] == '.');
		if (!word || *q != '[' || !isdigit((unsigned char)q[1])) {
			p = q;
			continue;
		}
		char *end;
		unsigned long k = strtoul(q + 1, &end, 10);
		if (*end != ']' || k >= l->n) {
			p = q;
			continue;
		}
		umpire_buf_add(&b, done, (size_t)(q + 1 - done));
		umpire_buf_printf(&b, "%zu", l->index[k]);
		done = p = end;
		changed = true;
	}
	if (!changed)
		return msg;
	umpire_buf_add(&b, done, strlen(done));
	const char *s = umpire_arena_strdup(a, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return s;
}

static bool
at(const struct umpire_diag *v, const struct umpire_node *n)
{
	return v->line == n->line && v->col == n->col;
}

void
umpire_orders_renumber(struct umpire_diags *d, size_t from,
	const struct umpire_pruned *p)
{
	size_t kept = from;

	for (size_t k = from; k < d->n; k++) {
		struct umpire_diag v = d->v[k];
		/*
		 * A problem of the orders as a whole (at the document, at a
		 * list) was judged without the entries left out: unsound.
		 */
		bool drop = at(&v, p->root);
		for (size_t l = 0; l < p->nlists && !drop; l++)
			drop = at(&v, p->lists[l].node);
		for (size_t l = 0; l < p->nlists && !drop; l++)
			v.msg = renumber(&d->arena, v.msg, &p->lists[l]);
		if (!drop && p->first_out && (p->first_out->line < v.line ||
		    (p->first_out->line == v.line && p->first_out->col < v.col)))
			v.msg = umpire_arena_printf(&d->arena, "%s (judged without "
				"%s[%zu])", v.msg,
				p->first_key, p->first_index);
		/* Nor is a problem said twice, by two judgements. */
		for (size_t j = 0; j < kept && !drop; j++)
			drop = d->v[j].line == v.line && d->v[j].col == v.col &&
				strcmp(v.msg, d->v[j].msg) == 0;
		if (drop) {
			d->errors -= v.level == UMPIRE_ERROR;
			continue;
		}
		d->v[kept++] = v;
	}
	d->n = kept;
}
