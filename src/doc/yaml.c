#include "doc/yaml.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* ---------------------------------------------------------------- build */

struct umpire_node *
umpire_node_new(struct umpire_arena *a, enum umpire_node_type type)
{
	struct umpire_node *n = umpire_arena_alloc(a, sizeof(*n));

	n->type = type;
	n->weight = 1;
	return n;
}

struct umpire_node *
umpire_node_str(struct umpire_arena *a, const char *s)
{
	struct umpire_node *n = umpire_node_new(a, UMPIRE_STR);

	n->u.s.ptr = s;
	n->u.s.len = strlen(s);
	return n;
}

struct umpire_node *
umpire_node_int(struct umpire_arena *a, long long i)
{
	struct umpire_node *n = umpire_node_new(a, UMPIRE_INT);

	n->u.i = i;
	return n;
}

struct umpire_node *
umpire_node_bool(struct umpire_arena *a, bool b)
{
	struct umpire_node *n = umpire_node_new(a, UMPIRE_BOOL);

	n->u.b = b;
	return n;
}

struct umpire_node *
umpire_node_map(struct umpire_arena *a, bool flow)
{
	struct umpire_node *n = umpire_node_new(a, UMPIRE_MAP);

	n->flow = flow;
	return n;
}

struct umpire_node *
umpire_node_seq(struct umpire_arena *a, bool flow)
{
	struct umpire_node *n = umpire_node_new(a, UMPIRE_SEQ);

	n->flow = flow;
	return n;
}

static void
map_push(struct umpire_arena *a, struct umpire_node *map,
	struct umpire_node *key, struct umpire_node *val)
{
	map->u.map.v = umpire_arena_grow(a, map->u.map.v,
		sizeof(*map->u.map.v), map->u.map.n, &map->u.map.cap,
		map->u.map.n + 1);
	map->u.map.v[map->u.map.n++] = (struct umpire_pair){ key, val };
}

struct umpire_node *
umpire_map_add(struct umpire_arena *a, struct umpire_node *map,
	const char *key, struct umpire_node *val)
{
	map_push(a, map, umpire_node_str(a, key), val);
	return val;
}

struct umpire_node *
umpire_seq_add(struct umpire_arena *a, struct umpire_node *seq,
	struct umpire_node *val)
{
	seq->u.seq.v = umpire_arena_grow(a, seq->u.seq.v,
		sizeof(*seq->u.seq.v), seq->u.seq.n, &seq->u.seq.cap,
		seq->u.seq.n + 1);
	seq->u.seq.v[seq->u.seq.n++] = val;
	return val;
}

/* ----------------------------------------------------------------- read */

const struct umpire_pair *
umpire_map_pair(const struct umpire_node *map, const char *key)
{
	if (!map || map->type != UMPIRE_MAP)
		return NULL;
	size_t len = strlen(key);
	for (size_t i = 0; i < map->u.map.n; i++) {
		const struct umpire_node *k = map->u.map.v[i].key;
		if (k->u.s.len == len && memcmp(k->u.s.ptr, key, len) == 0)
			return &map->u.map.v[i];
	}
	return NULL;
}

const struct umpire_node *
umpire_map_get(const struct umpire_node *map, const char *key)
{
	const struct umpire_pair *p = umpire_map_pair(map, key);

	return p ? p->val : NULL;
}

const char *
umpire_node_cstr(const struct umpire_node *n)
{
	return n && n->type == UMPIRE_STR ? n->u.s.ptr : NULL;
}

bool
umpire_node_is_str(const struct umpire_node *n, const char *s)
{
	return n && n->type == UMPIRE_STR && strcmp(n->u.s.ptr, s) == 0;
}

long long
umpire_node_integer(const struct umpire_node *n, long long def)
{
	if (!n || n->big)
		return def;
	if (n->type == UMPIRE_INT)
		return n->u.i;
	if (n->type == UMPIRE_FLOAT && umpire_float_is_integer(n->u.f))
		return (long long)n->u.f;
	return def;
}

int
umpire_node_fixed(const struct umpire_node *n, int places, long long max,
	long long *out)
{
	const char *s;
	long long whole = 0, frac = 0, scale = 1;
	bool neg = false;
	int k = 0;

	if (!n || n->big || (n->type != UMPIRE_INT && n->type != UMPIRE_FLOAT))
		return -1;
	for (int i = 0; i < places; i++)
		scale *= 10;
	if (!n->text) {
		/* A number built in memory: a whole one is exact. */
		if (n->type != UMPIRE_INT || n->u.i > max / scale ||
		    n->u.i < -(max / scale))
			return -1;
		*out = n->u.i * scale;
		return 0;
	}
	s = n->text;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!isdigit((unsigned char)*s) && *s != '.')
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		whole = whole * 10 + (*s - '0');
		if (whole > max / scale + 1)
			return -1;
	}
	if (*s == '.')
		for (s++; isdigit((unsigned char)*s); s++, k++) {
			if (k >= places) {
				if (*s != '0')
					return -1;
				continue;
			}
			frac = frac * 10 + (*s - '0');
		}
	if (*s)
		return -1;		/* an exponent, or 0x... */
	for (; k < places; k++)
		frac *= 10;
	long long v = whole * scale + frac;
	if (v > max)
		return -1;
	*out = neg ? -v : v;
	return 0;
}

struct umpire_node *
umpire_node_fixed_new(struct umpire_arena *a, long long v, int places)
{
	long long scale = 1;

	for (int i = 0; i < places; i++)
		scale *= 10;
	unsigned long long m = v < 0 ? 0ULL - (unsigned long long)v :
		(unsigned long long)v;
	unsigned long long frac = m % (unsigned long long)scale;
	if (!frac)
		return umpire_node_int(a, v / scale);
	int digits = places;
	while (frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	struct umpire_node *n = umpire_node_new(a, UMPIRE_FLOAT);
	n->text = umpire_arena_printf(a, "%s%llu.%0*llu", v < 0 ? "-" : "",
		m / (unsigned long long)scale, digits, frac);
	n->u.f = (double)v / (double)scale;
	return n;
}

bool
umpire_float_is_integer(double f)
{
	/* In range first: casting inf, NaN or 1e300 is undefined behaviour. */
	return isfinite(f) && f >= -9.2e18 && f <= 9.2e18 && f == floor(f);
}

const char *
umpire_node_type_name(enum umpire_node_type t)
{
	switch (t) {
	case UMPIRE_NULL: return "null";
	case UMPIRE_BOOL: return "a boolean";
	case UMPIRE_INT: return "an integer";
	case UMPIRE_FLOAT: return "a number";
	case UMPIRE_STR: return "a string";
	case UMPIRE_SEQ: return "a list";
	case UMPIRE_MAP: return "a mapping";
	}
	return "?";
}

void
umpire_node_error(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_node_vdiag(d, UMPIRE_ERROR, n, fmt, ap);
	va_end(ap);
}

void
umpire_node_warning(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_node_vdiag(d, UMPIRE_WARNING, n, fmt, ap);
	va_end(ap);
}

void
umpire_node_note(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_node_vdiag(d, UMPIRE_NOTE, n, fmt, ap);
	va_end(ap);
}

void
umpire_node_vdiag(struct umpire_diags *d, enum umpire_level level,
	const struct umpire_node *n, const char *fmt, va_list ap)
{
	umpire_vdiag(d, level, n ? n->file : NULL, n ? n->line : 0,
		n ? n->col : 0, fmt, ap);
}

/* ---------------------------------------------------------------- parse */

/* YAML 1.2 core schema resolution of a plain scalar. */
static bool
is_one_of(const char *s, const char *const *words)
{
	for (; *words; words++)
		if (strcmp(s, *words) == 0)
			return true;
	return false;
}

static bool
all_of(const char *s, const char *set)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!strchr(set, *s))
			return false;
	return true;
}

static bool
is_float(const char *s)
{
	static const char *const special[] = {
		".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
		"-.Inf", "-.INF", ".nan", ".NaN", ".NAN", NULL,
	};
	if (is_one_of(s, special))
		return true;
	/* [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE][-+]?[0-9]+ )? */
	const char *p = s;
	if (*p == '-' || *p == '+')
		p++;
	size_t digits = strspn(p, "0123456789");
	p += digits;
	if (*p == '.') {
		p++;
		size_t frac = strspn(p, "0123456789");
		if (!digits && !frac)
			return false;
		p += frac;
	} else if (!digits) {
		return false;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+')
			p++;
		size_t exp = strspn(p, "0123456789");
		if (!exp)
			return false;
		p += exp;
	}
	return *p == '\0';
}

static void
resolve_plain(struct umpire_node *n, const char *s)
{
	static const char *const nulls[] = { "", "~", "null", "Null", "NULL", NULL };
	static const char *const trues[] = { "true", "True", "TRUE", NULL };
	static const char *const falses[] = { "false", "False", "FALSE", NULL };

	/* Most scalars are words: only these first letters start anything else. */
	if (s[0] && !strchr("~nNtTfF+-.0123456789", s[0])) {
		n->type = UMPIRE_STR;
		return;
	}
	if (is_one_of(s, nulls)) {
		n->type = UMPIRE_NULL;
		return;
	}
	if (is_one_of(s, trues) || is_one_of(s, falses)) {
		n->type = UMPIRE_BOOL;
		n->u.b = s[0] == 't' || s[0] == 'T';
		return;
	}
	const char *body = s + (s[0] == '-' || s[0] == '+');
	int base = 0;
	const char *digits = NULL;
	if (all_of(body, "0123456789")) {
		base = 10;
		digits = s;
	} else if (s[0] == '0' && s[1] == 'o' && all_of(s + 2, "01234567")) {
		base = 8;
		digits = s + 2;
	} else if (s[0] == '0' && s[1] == 'x' &&
	    all_of(s + 2, "0123456789abcdefABCDEF")) {
		base = 16;
		digits = s + 2;
	}
	if (base) {
		n->type = UMPIRE_INT;
		errno = 0;
		char *end;
		long long v = strtoll(digits, &end, base);
		if (errno == ERANGE) {
			/* Too large for long long: keep the digits (u.s) instead. */
			n->big = true;
			return;
		}
		n->u.i = v;
		return;
	}
	if (is_float(s)) {
		n->type = UMPIRE_FLOAT;
		if (strstr(s, "inf") || strstr(s, "Inf") || strstr(s, "INF"))
			n->u.f = s[0] == '-' ? -HUGE_VAL : HUGE_VAL;
		else if (strstr(s, "nan") || strstr(s, "NaN") || strstr(s, "NAN"))
			n->u.f = NAN;
		else
			n->u.f = strtod(s, NULL);
		return;
	}
	n->type = UMPIRE_STR;
}

/* Open-addressing table from anchor name to node. */
struct anchor {
	const char *name;
	struct umpire_node *node;
};

struct anchors {
	struct anchor *v;
	size_t cap, n;
};

static size_t
hash_str(const char *s)
{
	size_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static void
anchors_put(struct umpire_arena *a, struct anchors *t, const char *name,
	struct umpire_node *node)
{
	if ((t->n + 1) * 2 > t->cap) {
		struct anchors old = *t;
		t->cap = t->cap ? t->cap * 2 : 16;
		t->v = umpire_arena_alloc(a, t->cap * sizeof(*t->v));
		t->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i].name)
				anchors_put(a, t, old.v[i].name, old.v[i].node);
	}
	size_t i = hash_str(name) & (t->cap - 1);
	while (t->v[i].name && strcmp(t->v[i].name, name) != 0)
		i = (i + 1) & (t->cap - 1);
	if (!t->v[i].name)
		t->n++;
	/* YAML lets a later anchor of the same name replace the earlier. */
	t->v[i] = (struct anchor){ name, node };
}

static struct umpire_node *
anchors_get(const struct anchors *t, const char *name)
{
	if (!t->cap)
		return NULL;
	size_t i = hash_str(name) & (t->cap - 1);
	while (t->v[i].name) {
		if (strcmp(t->v[i].name, name) == 0)
			return t->v[i].node;
		i = (i + 1) & (t->cap - 1);
	}
	return NULL;
}

struct frame {
	struct umpire_node *node;
	struct umpire_node *key;	/* a mapping's key awaiting its value */
	const char *anchor;
};

struct parser {
	struct umpire_arena *a;
	struct umpire_diags *d;
	const char *file;
	const struct umpire_yaml_limits *lim;
	struct frame *stack;
	size_t depth, cap;
	struct anchors anchors;
	size_t nodes;
	struct umpire_node *root;
	size_t bytes;
	bool failed;
};

static void
perror_at(struct parser *p, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void
perror_at(struct parser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	umpire_vdiag(p->d, UMPIRE_ERROR, p->file, line, col, fmt, ap);
	va_end(ap);
	p->failed = true;
}

/*
 * Aliases may repeat what they name, so a small file can stand for a
 * huge document (the "billion laughs"): count what it stands for, in
 * nodes and in the bytes of its scalars, which every later pass reads.
 */
static bool
budget(struct parser *p, size_t weight, size_t bytes, const yaml_mark_t *m)
{
	p->nodes += weight;
	p->bytes += bytes;
	if (p->nodes > p->lim->max_nodes || p->nodes < weight) {
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"document too large: more than %zu nodes once aliases "
			"are expanded", p->lim->max_nodes);
		return false;
	}
	if (p->lim->max_expanded && (p->bytes > p->lim->max_expanded ||
	    p->bytes < bytes)) {
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"document too large: more than %zu bytes of text once "
			"aliases are expanded", p->lim->max_expanded);
		return false;
	}
	return true;
}

/* Attach a finished node to the collection on top of the stack. */
static void
attach(struct parser *p, struct umpire_node *n)
{
	if (p->depth == 0) {
		p->root = n;
		return;
	}
	struct frame *f = &p->stack[p->depth - 1];
	f->node->weight += n->weight;
	f->node->bytes += n->bytes;
	if (f->node->type == UMPIRE_SEQ) {
		umpire_seq_add(p->a, f->node, n);
		return;
	}
	if (!f->key) {
		if (n->type == UMPIRE_SEQ || n->type == UMPIRE_MAP) {
			perror_at(p, n->line, n->col,
				"a mapping key must be a scalar, not %s",
				umpire_node_type_name(n->type));
			return;
		}
		/*
		 * Keys are strings.  A plain key is never typed (on_scalar), so
		 * only an alias to a typed scalar lands here.
		 */
		if (n->type != UMPIRE_STR) {
			struct umpire_node *k = umpire_arena_alloc(p->a, sizeof(*k));
			*k = *n;
			k->type = UMPIRE_STR;
			k->u.s.ptr = n->type == UMPIRE_BOOL ? (n->u.b ? "true" : "false") :
				n->type == UMPIRE_INT && n->big ? n->u.s.ptr :
				n->type == UMPIRE_INT ? umpire_arena_printf(p->a, "%lld", n->u.i) :
				n->type == UMPIRE_FLOAT ? umpire_arena_printf(p->a, "%g", n->u.f) :
				"null";
			k->u.s.len = strlen(k->u.s.ptr);
			n = k;
		}
		f->key = n;
		return;
	}
	map_push(p->a, f->node, f->key, n);
	f->key = NULL;
}

static int
cmp_pair_key(const void *pa, const void *pb)
{
	const struct umpire_pair *a = *(const struct umpire_pair *const *)pa;
	const struct umpire_pair *b = *(const struct umpire_pair *const *)pb;
	size_t n = a->key->u.s.len < b->key->u.s.len ? a->key->u.s.len :
		b->key->u.s.len;
	int c = memcmp(a->key->u.s.ptr, b->key->u.s.ptr, n);
	if (c)
		return c;
	if (a->key->u.s.len != b->key->u.s.len)
		return a->key->u.s.len < b->key->u.s.len ? -1 : 1;
	/* Among equal keys, the earlier in the file first. */
	return a < b ? -1 : a > b;
}

static bool
key_eq(const struct umpire_node *a, const struct umpire_node *b)
{
	return a->u.s.len == b->u.s.len &&
		memcmp(a->u.s.ptr, b->u.s.ptr, a->u.s.len) == 0;
}

static void
dup_error(struct parser *p, const struct umpire_pair *first,
	const struct umpire_pair *again)
{
	perror_at(p, again->key->line, again->key->col,
		"duplicate key %s (first given at line %d); give each key once",
		umpire_quote(p->d, again->key->u.s.ptr, again->key->u.s.len),
		first->key->line);
}

/* Duplicate keys are an error: readers disagree on which one wins. */
static void
check_duplicates(struct parser *p, const struct umpire_node *map)
{
	size_t n = map->u.map.n;

	if (n < 2)
		return;
	if (n <= 8) {
		for (size_t i = 1; i < n; i++)
			for (size_t j = 0; j < i; j++)
				if (key_eq(map->u.map.v[i].key, map->u.map.v[j].key)) {
					dup_error(p, &map->u.map.v[j], &map->u.map.v[i]);
					break;
				}
		return;
	}
	const struct umpire_pair **v = umpire_xmalloc(n * sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = &map->u.map.v[i];
	qsort(v, n, sizeof(*v), cmp_pair_key);
	for (size_t i = 1, first = 0; i < n; i++) {
		if (key_eq(v[first]->key, v[i]->key))
			dup_error(p, v[first], v[i]);
		else
			first = i;
	}
	free(v);
}

/*
 * Explicit tags: a tag may only say what the node is already.  "!" (the
 * non-specific tag) and !!str make a scalar a string, so "! 12" is the
 * string "12"; !!map may stand on a mapping and !!seq on a sequence.
 * Anything else is refused, !!map on a scalar ("step: !!map 1") as much
 * as a tag umpire does not know: a reader that honours tags would read
 * such a file differently.
 */
static bool
tag_ok(struct parser *p, const unsigned char *tag, const yaml_mark_t *m,
	enum umpire_node_type kind, bool *force_str)
{
	const char *t = (const char *)tag;

	*force_str = false;
	if (!t)
		return true;
	if (kind == UMPIRE_STR && (strcmp(t, "!") == 0 ||
	    strcmp(t, YAML_STR_TAG) == 0)) {
		*force_str = true;
		return true;
	}
	if ((kind == UMPIRE_MAP && (strcmp(t, YAML_MAP_TAG) == 0 ||
	    strcmp(t, "!") == 0)) ||
	    (kind == UMPIRE_SEQ && (strcmp(t, YAML_SEQ_TAG) == 0 ||
	    strcmp(t, "!") == 0)))
		return true;
	bool known = strcmp(t, YAML_STR_TAG) == 0 ||
		strcmp(t, YAML_MAP_TAG) == 0 || strcmp(t, YAML_SEQ_TAG) == 0;
	if (known)
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"tag %s does not fit %s; write the plain value",
			umpire_quote_str(p->d, t), kind == UMPIRE_STR ? "a scalar" :
			kind == UMPIRE_MAP ? "a mapping" : "a list");
	else
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"tag %s is not supported; write the plain value",
			umpire_quote_str(p->d, t));
	return false;
}

static struct umpire_node *
node_at(struct parser *p, enum umpire_node_type type, const yaml_mark_t *m)
{
	struct umpire_node *n = umpire_node_new(p->a, type);

	n->file = p->file;
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	return n;
}

static void
on_scalar(struct parser *p, const yaml_event_t *e)
{
	const yaml_mark_t *m = &e->start_mark;
	bool force_str;

	if (!tag_ok(p, e->data.scalar.tag, m, UMPIRE_STR, &force_str) ||
	    !budget(p, 1, e->data.scalar.length, m))
		return;
	struct umpire_node *n = node_at(p, UMPIRE_STR, m);
	n->u.s.ptr = umpire_arena_strndup(p->a,
		(const char *)e->data.scalar.value, e->data.scalar.length);
	n->u.s.len = e->data.scalar.length;
	n->bytes = n->u.s.len;
	if (memchr(e->data.scalar.value, '\0', e->data.scalar.length)) {
		perror_at(p, n->line, n->col, "a string holds a NUL character");
		return;
	}
	bool is_key = p->depth > 0 &&
		p->stack[p->depth - 1].node->type == UMPIRE_MAP &&
		!p->stack[p->depth - 1].key;
	if (e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !force_str &&
	    !is_key) {
		const char *text = n->u.s.ptr;
		resolve_plain(n, text);
		if ((n->type == UMPIRE_INT && !n->big) || n->type == UMPIRE_FLOAT)
			n->text = text;
	}
	if (e->data.scalar.anchor)
		anchors_put(p->a, &p->anchors, umpire_arena_strdup(p->a,
			(const char *)e->data.scalar.anchor), n);
	attach(p, n);
}

static void
on_alias(struct parser *p, const yaml_event_t *e)
{
	const yaml_mark_t *m = &e->start_mark;
	const char *name = (const char *)e->data.alias.anchor;
	struct umpire_node *n = anchors_get(&p->anchors, name);

	if (!n) {
		/* The name without its quotes: it is shown after '*' and '&'. */
		char buf[UMPIRE_QUOTE_SIZE];
		umpire_quote_buf(buf, sizeof(buf), name, strlen(name));
		buf[strlen(buf) - 1] = '\0';
		const char *q = umpire_arena_strdup(p->a, buf + 1);
		/* Also what an alias inside its own anchor looks like. */
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"alias '*%s' names no finished anchor '&%s'", q, q);
		return;
	}
	if (!budget(p, n->weight, n->bytes, m))
		return;
	attach(p, n);
}

static void
on_start(struct parser *p, const yaml_event_t *e, enum umpire_node_type type)
{
	const yaml_mark_t *m = &e->start_mark;
	const unsigned char *tag = type == UMPIRE_MAP ?
		e->data.mapping_start.tag : e->data.sequence_start.tag;
	const unsigned char *anchor = type == UMPIRE_MAP ?
		e->data.mapping_start.anchor : e->data.sequence_start.anchor;
	bool force_str;

	if (!tag_ok(p, tag, m, type, &force_str) || !budget(p, 1, 0, m))
		return;
	if (p->depth >= p->lim->max_depth) {
		perror_at(p, (int)m->line + 1, (int)m->column + 1,
			"nesting deeper than %zu levels", p->lim->max_depth);
		return;
	}
	struct umpire_node *n = node_at(p, type, m);
	n->flow = type == UMPIRE_MAP ?
		e->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE :
		e->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
	p->stack = umpire_arena_grow(p->a, p->stack, sizeof(*p->stack),
		p->depth, &p->cap, p->depth + 1);
	p->stack[p->depth++] = (struct frame){
		n, NULL, anchor ? umpire_arena_strdup(p->a, (const char *)anchor) : NULL,
	};
}

static void
on_end(struct parser *p)
{
	struct frame f = p->stack[--p->depth];

	if (f.node->type == UMPIRE_MAP)
		check_duplicates(p, f.node);
	if (f.anchor)
		anchors_put(p->a, &p->anchors, f.anchor, f.node);
	attach(p, f.node);
}

/* Line and column of a byte offset, for reader errors that carry only it. */
static void
offset_place(const char *text, size_t len, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
			(*col)++;
		}
	}
}

/*
 * The column (from 1, in characters) of a tab on line `line` (from 0) of
 * text that a syntax error at column `at` may be blamed on: one in the
 * line's indentation (spaces, tabs and block sequence dashes), or the
 * character at the error itself; 0 if none.  A tab inside a value is
 * legal YAML, and not blamed.
 */
static int
tab_on_line(const char *text, size_t len, int line, int at)
{
	size_t i = 0;
	int col = 1;
	bool indent = true;

	for (int l = 0; l < line && i < len; i++)
		if (text[i] == '\n')
			l++;
	for (; i < len && text[i] != '\n' && col <= at; i++) {
		indent = indent && strchr(" \t-", text[i]);
		if (text[i] == '\t' && (indent || col == at))
			return col;
		if (((unsigned char)text[i] & 0xc0) != 0x80)
			col++;
	}
	return 0;
}

static void
syntax_error(struct parser *p, const yaml_parser_t *yp, const char *text,
	size_t len)
{
	int line, col, tab;

	if (yp->error == YAML_READER_ERROR) {
		offset_place(text, len, yp->problem_offset, &line, &col);
		if (yp->problem_value > 0xff)
			perror_at(p, line, col, "%s (U+%04X); the file must be "
				"UTF-8 text", yp->problem, (unsigned)yp->problem_value);
		else if (yp->problem_value != -1)
			perror_at(p, line, col, "%s (byte 0x%02x); the file must "
				"be UTF-8 text", yp->problem, yp->problem_value & 0xff);
		else
			perror_at(p, line, col, "%s; the file must be UTF-8 text",
				yp->problem);
		return;
	}
	if (yp->error == YAML_MEMORY_ERROR)
		umpire_die_oom();
	line = (int)yp->problem_mark.line + 1;
	col = (int)yp->problem_mark.column + 1;
	/*
	 * A tab where YAML wants spaces: libyaml says "found character that
	 * cannot start any token", or finds the indentation wrong, and never
	 * says tab.  Editors insert tabs unasked; name it, and where it is.
	 */
	if ((tab = tab_on_line(text, len, line - 1, col))) {
		perror_at(p, line, tab, "a tab character: YAML indents with "
			"spaces only; replace the tab with spaces (libyaml: %s)",
			yp->problem ? yp->problem : "syntax error");
		return;
	}
	if (yp->context)
		perror_at(p, line, col, "%s %s (started at line %d)",
			yp->problem ? yp->problem : "syntax error", yp->context,
			(int)yp->context_mark.line + 1);
	else
		perror_at(p, line, col, "%s",
			yp->problem ? yp->problem : "YAML syntax error");
}

/*
 * libyaml reads UTF-16 too, when a byte order mark says so, but umpire's
 * files are UTF-8 (umpire-files(5)): a UTF-16 orders file would be
 * committed as binary, and no other reader need take it.  UTF-32, or
 * UTF-16 without a mark, is named here rather than as a stray NUL byte.
 * A UTF-8 byte order mark is accepted: it is UTF-8, and editors write it.
 */
static const char *
wide_encoding(const unsigned char *s, size_t len)
{
	if (len >= 4 && ((s[0] == 0 && s[1] == 0 && s[2] == 0xfe && s[3] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe && s[2] == 0 && s[3] == 0)))
		return "UTF-32 (it starts with a UTF-32 byte order mark)";
	if (len >= 2 && ((s[0] == 0xfe && s[1] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe)))
		return "UTF-16 (it starts with a UTF-16 byte order mark)";
	if (len >= 2 && (s[0] == 0 || s[1] == 0))
		return "not UTF-8 but UTF-16 or UTF-32 (it has NUL bytes)";
	return NULL;
}

int
umpire_yaml_parse(struct umpire_node **out, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_yaml_limits *lim, struct umpire_diags *d)
{
	static const struct umpire_yaml_limits defaults = UMPIRE_YAML_LIMITS_INIT;
	struct parser p = { 0 };
	yaml_parser_t yp;
	int documents = 0;

	p.a = a;
	p.d = d;
	p.file = umpire_arena_strdup(a, file);
	p.lim = lim ? lim : &defaults;
	*out = NULL;
	if (len > p.lim->max_bytes) {
		umpire_diag(d, UMPIRE_ERROR, file, 0, 0,
			"file is %zu bytes, over the limit of %zu", len,
			p.lim->max_bytes);
		return -1;
	}
	const char *wide = wide_encoding((const unsigned char *)text, len);
	if (wide) {
		umpire_diag(d, UMPIRE_ERROR, file, 1, 1, "the file is %s; umpire "
			"reads UTF-8 text only: save it as UTF-8", wide);
		return -1;
	}
	if (!yaml_parser_initialize(&yp))
		umpire_die_oom();
	yaml_parser_set_input_string(&yp, (const unsigned char *)text, len);
	for (;;) {
		yaml_event_t e;
		if (!yaml_parser_parse(&yp, &e)) {
			syntax_error(&p, &yp, text, len);
			break;
		}
		yaml_event_type_t type = e.type;
		switch (type) {
		case YAML_DOCUMENT_START_EVENT:
			if (++documents > 1)
				perror_at(&p, (int)e.start_mark.line + 1,
					(int)e.start_mark.column + 1,
					"a second YAML document; the file must hold one");
			break;
		case YAML_SCALAR_EVENT:
			on_scalar(&p, &e);
			break;
		case YAML_ALIAS_EVENT:
			on_alias(&p, &e);
			break;
		case YAML_SEQUENCE_START_EVENT:
			on_start(&p, &e, UMPIRE_SEQ);
			break;
		case YAML_MAPPING_START_EVENT:
			on_start(&p, &e, UMPIRE_MAP);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			on_end(&p);
			break;
		default:
			break;
		}
		yaml_event_delete(&e);
		if (p.failed || type == YAML_STREAM_END_EVENT)
			break;
	}
	yaml_parser_delete(&yp);
	if (p.failed)
		return -1;
	if (!p.root) {
		p.root = umpire_node_new(a, UMPIRE_NULL);
		p.root->file = p.file;
		p.root->line = p.root->col = 1;
	}
	*out = p.root;
	return 0;
}

/* ----------------------------------------------------------------- emit */

/* A letter, a digit, '_', '-' or '.': few tests, every scalar has many. */
static bool
word_char(char c)
{
	unsigned char u = (unsigned char)c;

	return (unsigned char)((u | 0x20) - 'a') < 26 ||
	    (unsigned char)(u - '0') < 10 || u == '_' || u == '-' || u == '.';
}

static bool
plain_is_safe(const char *s, size_t len)
{
	/*
	 * Keywords that YAML 1.1 (PyYAML) or 1.2 read as booleans or null.
	 * Everything else plain starts with a letter or '_' and holds only
	 * letters, digits, '_', '-' and '.', which no reader takes for a
	 * number, date, or anything else.
	 */
	static const char *const keywords[] = {
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"true", "True", "TRUE", "false", "False", "FALSE", "on", "On",
		"ON", "off", "Off", "OFF", "null", "Null", "NULL", NULL,
	};
	if (len == 0 || len > 200)
		return false;
	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	    s[0] == '_'))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!word_char(s[i]))
			return false;
	/* Every keyword is at most five letters and starts with one of these. */
	if (len > 5 || !strchr("yYnNtTfFoO", s[0]))
		return true;
	for (const char *const *k = keywords; *k; k++)
		if ((*k)[0] == s[0] && strcmp(s, *k) == 0)
			return false;
	return true;
}

static int
write_handler(void *data, unsigned char *buffer, size_t size)
{
	umpire_buf_add(data, buffer, size);
	return 1;
}

static int
emit_scalar(yaml_emitter_t *em, const char *s, size_t len, bool quote_ok)
{
	yaml_event_t e;
	yaml_scalar_style_t style = quote_ok && !plain_is_safe(s, len) ?
		YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE;

	if (!yaml_scalar_event_initialize(&e, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)len, 1, 1, style))
		return -1;
	return yaml_emitter_emit(em, &e) ? 0 : -1;
}

/*
 * Whether a number's text is digits, a point and digits, as in 12.25:
 * written as it was read, it reads back the same in YAML 1.1 and 1.2
 * alike (1e3, which 1.1 reads as a string, is written as 1000.0).
 */
static bool
plain_decimal(const char *t)
{
	size_t k;

	if (*t == '-')
		t++;
	k = strspn(t, "0123456789");
	if (!k || t[k] != '.')
		return false;
	t += k + 1;
	k = strspn(t, "0123456789");
	return k && !t[k];
}

/* v in decimal, as "%lld" writes it, at the end of num; returns its start. */
static const char *
decimal(char num[64], long long v)
{
	char *p = num + 63;
	/* The magnitude as unsigned, so that LLONG_MIN has one too. */
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v :
		(unsigned long long)v;

	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	return p;
}

/*
 * The text of a scalar node: 0, with *quote_ok telling whether it may
 * need quotes (strings) or is always plain (null, booleans, numbers);
 * -1 for a collection.  num is scratch space for the digits.
 */
static int
scalar_text(const struct umpire_node *n, char num[64], const char **s,
	size_t *len, bool *quote_ok)
{
	*quote_ok = false;
	switch (n->type) {
	case UMPIRE_NULL:
		*s = "null";
		break;
	case UMPIRE_BOOL:
		*s = n->u.b ? "true" : "false";
		break;
	case UMPIRE_INT:
		if (n->big) {
			*s = n->u.s.ptr;
			*len = n->u.s.len;
			return 0;
		}
		*s = decimal(num, n->u.i);
		break;
	case UMPIRE_FLOAT:
		if (n->text && plain_decimal(n->text)) {
			*s = n->text;
			break;
		}
		if (isnan(n->u.f)) {
			*s = ".nan";
			break;
		}
		if (isinf(n->u.f)) {
			*s = n->u.f < 0 ? "-.inf" : ".inf";
			break;
		}
		snprintf(num, 64, "%.17g", n->u.f);
		/* YAML 1.1 wants a '.' in every float, before any exponent. */
		if (!strchr(num, '.')) {
			char *exp = strchr(num, 'e');
			char tail[32] = "";
			if (exp) {
				snprintf(tail, sizeof(tail), "%s", exp);
				*exp = '\0';
			}
			size_t k = strlen(num);
			snprintf(num + k, 64 - k, ".0%s", tail);
		}
		*s = num;
		break;
	case UMPIRE_STR:
		*s = n->u.s.ptr;
		*len = n->u.s.len;
		*quote_ok = true;
		return 0;
	default:
		return -1;
	}
	*len = strlen(*s);
	return 0;
}

static int
emit_node(yaml_emitter_t *em, const struct umpire_node *n)
{
	yaml_event_t e;
	char num[64];
	const char *s;
	size_t len;
	bool quote_ok;

	switch (n->type) {
	case UMPIRE_NULL:
	case UMPIRE_BOOL:
	case UMPIRE_INT:
	case UMPIRE_FLOAT:
	case UMPIRE_STR:
		scalar_text(n, num, &s, &len, &quote_ok);
		return emit_scalar(em, s, len, quote_ok);
	case UMPIRE_SEQ:
		if (!yaml_sequence_start_event_initialize(&e, NULL, NULL, 1,
		    n->flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE) ||
		    !yaml_emitter_emit(em, &e))
			return -1;
		for (size_t i = 0; i < n->u.seq.n; i++)
			if (emit_node(em, n->u.seq.v[i]) < 0)
				return -1;
		if (!yaml_sequence_end_event_initialize(&e) ||
		    !yaml_emitter_emit(em, &e))
			return -1;
		return 0;
	case UMPIRE_MAP:
		if (!yaml_mapping_start_event_initialize(&e, NULL, NULL, 1,
		    n->flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE) ||
		    !yaml_emitter_emit(em, &e))
			return -1;
		for (size_t i = 0; i < n->u.map.n; i++)
			if (emit_node(em, n->u.map.v[i].key) < 0 ||
			    emit_node(em, n->u.map.v[i].val) < 0)
				return -1;
		if (!yaml_mapping_end_event_initialize(&e) ||
		    !yaml_emitter_emit(em, &e))
			return -1;
		return 0;
	}
	return -1;
}

/*
 * The same bytes, written directly.  libyaml's emitter costs more than
 * the rest of writing a state, and verify writes a state per step, so
 * the common shapes (block and flow collections, short keys, plain and
 * double-quoted scalars of valid UTF-8) are laid out here exactly as
 * libyaml lays them out with the settings above: indent 2, no line
 * width, unicode kept, a sequence inside a block mapping not indented,
 * an empty block collection written as a flow one.  Anything else
 * returns false and goes to libyaml, which stays the reference: the
 * unit tests and the fuzz target compare the two byte for byte.
 */

/* The next UTF-8 character of s[0..len), its length in *n; -1 if invalid. */
static long
utf8_next(const unsigned char *s, size_t len, size_t *n)
{
	unsigned c = s[0];
	size_t k;
	long v, min;

	if (c < 0x80) {
		*n = 1;
		return c;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		k = 2;
		v = c & 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		k = 3;
		v = c & 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		k = 4;
		v = c & 0x07;
		min = 0x10000;
	} else {
		return -1;
	}
	if (k > len)
		return -1;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return -1;
	*n = k;
	return v;
}

/* What libyaml writes unescaped in a double-quoted scalar. */
static bool
dq_literal(long v)
{
	if (v < 0x80)
		return v >= 0x20 && v <= 0x7e && v != '"' && v != '\\';
	return (v >= 0xa0 && v <= 0xd7ff && v != 0x2028 && v != 0x2029) ||
		(v >= 0xe000 && v <= 0xfffd && v != 0xfeff);
}

static bool
fast_double_quoted(struct umpire_buf *out, const char *str, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)str;

	umpire_buf_putc(out, '"');
	for (size_t i = 0, n; i < len; i += n) {
		long v = utf8_next(s + i, len - i, &n);
		if (v < 0)
			return false;
		if (dq_literal(v)) {
			umpire_buf_add(out, s + i, n);
			continue;
		}
		char esc = 0;
		switch (v) {
		case 0x00: esc = '0'; break;
		case 0x07: esc = 'a'; break;
		case 0x08: esc = 'b'; break;
		case 0x09: esc = 't'; break;
		case 0x0a: esc = 'n'; break;
		case 0x0b: esc = 'v'; break;
		case 0x0c: esc = 'f'; break;
		case 0x0d: esc = 'r'; break;
		case 0x1b: esc = 'e'; break;
		case 0x22: esc = '"'; break;
		case 0x5c: esc = '\\'; break;
		case 0x85: esc = 'N'; break;
		case 0x2028: esc = 'L'; break;
		case 0x2029: esc = 'P'; break;
		}
		umpire_buf_putc(out, '\\');
		if (esc) {
			umpire_buf_putc(out, esc);
			continue;
		}
		int digits = v <= 0xff ? 2 : v <= 0xffff ? 4 : 8;
		umpire_buf_putc(out, digits == 2 ? 'x' : digits == 4 ? 'u' : 'U');
		for (int k = digits - 1; k >= 0; k--)
			umpire_buf_putc(out, hex[(v >> (4 * k)) & 0xf]);
	}
	umpire_buf_putc(out, '"');
	return true;
}

/* A scalar as libyaml writes it; false if that is not known here. */
static bool
fast_scalar(struct umpire_buf *out, const struct umpire_node *n, bool key)
{
	char num[64];
	const char *s;
	size_t len;
	bool quote_ok;

	scalar_text(n, num, &s, &len, &quote_ok);
	/* libyaml writes longer or multi-line keys as complex ("? "). */
	if (key && len > 128)
		return false;
	/*
	 * Most scalars are words (ids, names, keys): safe plain, they pass
	 * every test below, so they are written at once.
	 */
	bool safe = quote_ok && plain_is_safe(s, len);
	if (safe) {
		umpire_buf_add(out, s, len);
		return true;
	}
	if (key)
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x80)
				return false;
	if (quote_ok)
		return fast_double_quoted(out, s, len);
	/* Plain: what libyaml takes as plain without a second look. */
	if (len == 0 || (len == 1 && s[0] == '-'))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!word_char(s[i]) && s[i] != '+')
			return false;
	umpire_buf_add(out, s, len);
	return true;
}

static bool
fast_flow(struct umpire_buf *out, const struct umpire_node *n)
{
	switch (n->type) {
	case UMPIRE_SEQ:
		umpire_buf_putc(out, '[');
		for (size_t i = 0; i < n->u.seq.n; i++) {
			if (i)
				umpire_buf_add(out, ", ", 2);
			if (!fast_flow(out, n->u.seq.v[i]))
				return false;
		}
		umpire_buf_putc(out, ']');
		return true;
	case UMPIRE_MAP:
		umpire_buf_putc(out, '{');
		for (size_t i = 0; i < n->u.map.n; i++) {
			if (i)
				umpire_buf_add(out, ", ", 2);
			if (!fast_scalar(out, n->u.map.v[i].key, true))
				return false;
			umpire_buf_add(out, ": ", 2);
			if (!fast_flow(out, n->u.map.v[i].val))
				return false;
		}
		umpire_buf_putc(out, '}');
		return true;
	default:
		return fast_scalar(out, n, false);
	}
}

static bool
is_block(const struct umpire_node *n)
{
	return !n->flow && ((n->type == UMPIRE_SEQ && n->u.seq.n) ||
		(n->type == UMPIRE_MAP && n->u.map.n));
}

enum fast_ctx { FAST_ROOT, FAST_AFTER_KEY, FAST_AFTER_DASH };

/*
 * n in block context.  indent is the column of the mapping key or
 * sequence dash n follows (0 at the root).
 */
static bool
fast_block(struct umpire_buf *out, const struct umpire_node *n,
	enum fast_ctx ctx, size_t indent)
{
	if (!is_block(n)) {
		if (ctx != FAST_ROOT)
			umpire_buf_putc(out, ' ');
		return fast_flow(out, n);
	}
	size_t in = ctx == FAST_ROOT ? 0 : indent + 2;
	size_t count = n->type == UMPIRE_MAP ? n->u.map.n : n->u.seq.n;

	/* A sequence that is a mapping's value sits at the key's column. */
	if (n->type == UMPIRE_SEQ && ctx == FAST_AFTER_KEY)
		in = indent;
	for (size_t i = 0; i < count; i++) {
		if (i > 0 || ctx == FAST_AFTER_KEY) {
			umpire_buf_putc(out, '\n');
			umpire_buf_pad(out, ' ', in);
		} else if (ctx == FAST_AFTER_DASH) {
			umpire_buf_putc(out, ' ');
		}
		if (n->type == UMPIRE_SEQ) {
			umpire_buf_putc(out, '-');
			if (!fast_block(out, n->u.seq.v[i], FAST_AFTER_DASH, in))
				return false;
		} else {
			if (!fast_scalar(out, n->u.map.v[i].key, true))
				return false;
			umpire_buf_putc(out, ':');
			if (!fast_block(out, n->u.map.v[i].val, FAST_AFTER_KEY, in))
				return false;
		}
	}
	return true;
}

static bool
emit_fast(struct umpire_buf *out, const struct umpire_node *root)
{
	if (root->type != UMPIRE_SEQ && root->type != UMPIRE_MAP)
		return false;
	if (!fast_block(out, root, FAST_ROOT, 0))
		return false;
	umpire_buf_putc(out, '\n');
	return true;
}

/* libyaml's emitter: the reference, and the way for every other shape. */
static int
emit_libyaml(struct umpire_buf *out, const struct umpire_node *root)
{
	yaml_emitter_t em;
	yaml_event_t e;
	int rc = -1;

	if (!yaml_emitter_initialize(&em))
		umpire_die_oom();
	yaml_emitter_set_output(&em, write_handler, out);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, -1);
	yaml_emitter_set_indent(&em, 2);
	if (yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING) &&
	    yaml_emitter_emit(&em, &e) &&
	    yaml_document_start_event_initialize(&e, NULL, NULL, NULL, 1) &&
	    yaml_emitter_emit(&em, &e) &&
	    emit_node(&em, root) == 0 &&
	    yaml_document_end_event_initialize(&e, 1) &&
	    yaml_emitter_emit(&em, &e) &&
	    yaml_stream_end_event_initialize(&e) &&
	    yaml_emitter_emit(&em, &e))
		rc = 0;
	yaml_emitter_delete(&em);
	return rc;
}

int
umpire_yaml_emit(struct umpire_buf *out, const struct umpire_node *root,
	const char *comment)
{
	if (comment)
		umpire_buf_printf(out, "# %s\n", comment);
	return umpire_yaml_emit_direct(out, root) ? 0 : emit_libyaml(out, root);
}

bool
umpire_yaml_emit_direct(struct umpire_buf *out, const struct umpire_node *root)
{
	size_t start = out->len;

	if (emit_fast(out, root))
		return true;
	umpire_buf_truncate(out, start);
	return false;
}

int
umpire_yaml_emit_reference(struct umpire_buf *out,
	const struct umpire_node *root)
{
	return emit_libyaml(out, root);
}
