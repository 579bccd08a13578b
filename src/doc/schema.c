#include "doc/schema.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/embedded.h"
#include "doc/pattern.h"
#include "doc/yamlpack.h"

struct schema {
	const char *name;	/* "amb/orders" */
	const char *id;		/* "urn:umpire:amb:orders", as the build read it */
	const struct umpire_embedded *file;
	struct umpire_node *root;	/* parsed when first needed */
};

struct pattern {
	const struct umpire_node *node;
	struct umpire_pattern *re;	/* NULL if it does not compile */
};

/* Immutable once loaded; freed at exit so leak checkers stay quiet. */
static struct {
	bool loaded;
	struct umpire_arena arena;
	struct schema *v;
	size_t n, cap;
	struct pattern *patterns;
	size_t npatterns, patterns_cap;
} cache;

/*
 * The schemas never change once loaded, so a reference resolves to the
 * same node every time: remember the last answers, by the address of
 * the reference's text and the schema it is in (a direct-mapped table:
 * a clash only costs a walk).
 */
static struct {
	const char *ref;
	const struct umpire_node *root, *out_root, *target;
} ref_memo[512];

/*
 * Likewise the keywords of a schema node, looked up for every node
 * validated against it (most often to find them absent): the answers by
 * the node's address and the keyword's (a literal of this file).  1,024
 * answers hold what a call asks as well as 4,096 did (within 0.2 % of
 * verify's instructions), and a call's memory holds 72 KiB less of them.
 */
static struct {
	const struct umpire_node *s;
	const char *key;
	const struct umpire_node *val;
} kw_memo[1024];

static const struct umpire_node *
kw(const struct umpire_node *s, const char *key)
{
	uintptr_t h = ((uintptr_t)s >> 4) * 31u + ((uintptr_t)key >> 1);
	size_t i = (size_t)(h ^ (h >> 12)) % (sizeof(kw_memo) / sizeof(*kw_memo));

	if (kw_memo[i].s != s || kw_memo[i].key != key) {
		kw_memo[i].s = s;
		kw_memo[i].key = key;
		kw_memo[i].val = umpire_map_get(s, key);
	}
	return kw_memo[i].val;
}

static void
unload(void)
{
	for (size_t i = 0; i < cache.npatterns; i++)
		umpire_pattern_free(cache.patterns[i].re);
	free(cache.patterns);
	umpire_arena_free(&cache.arena);
	memset(&cache, 0, sizeof(cache));
	memset(ref_memo, 0, sizeof(ref_memo));
	memset(kw_memo, 0, sizeof(kw_memo));
}

/*
 * The $id the build read from the schema at path (src/tools/schemapack.c):
 * reading it off the text here would bring every schema's text into
 * memory on every call.
 */
static const char *
packed_id(const char *path)
{
	for (const struct umpire_yamlpack *p = umpire_schema_packs; p->path; p++)
		if (strcmp(p->path, path) == 0)
			return p->id;
	return NULL;
}

/*
 * Index the embedded schemas by name and $id.  Each is parsed only when
 * a validation first needs it: a call validates against one ruleset's
 * schemas, and parsing every ruleset's on every call would cost each
 * command more than its own work.
 */
static void
load(void)
{
	static const char prefix[] = "schemas/", suffix[] = ".yaml";

	if (cache.loaded)
		return;
	cache.loaded = true;
	atexit(unload);
	for (const struct umpire_embedded *f = umpire_embedded; f->path; f++) {
		size_t len = strlen(f->path);
		if (strncmp(f->path, prefix, sizeof(prefix) - 1) != 0 ||
		    len < sizeof(prefix) + sizeof(suffix) ||
		    strcmp(f->path + len - sizeof(suffix) + 1, suffix) != 0)
			continue;
		cache.v = umpire_arena_grow(&cache.arena, cache.v,
			sizeof(*cache.v), cache.n, &cache.cap, cache.n + 1);
		cache.v[cache.n++] = (struct schema){
			umpire_arena_strndup(&cache.arena, f->path + sizeof(prefix) - 1,
				len - (sizeof(prefix) - 1) - (sizeof(suffix) - 1)),
			packed_id(f->path), f, NULL,
		};
	}
}

/*
 * The schema's document, rebuilt on first use from the nodes the build
 * parsed (doc/yamlpack.h): parsing the YAML here cost each call more
 * than its own validation.
 */
static const struct umpire_node *
root_of(struct schema *s)
{
	const struct umpire_yamlpack *p = umpire_schema_packs;

	if (s->root)
		return s->root;
	while (p->path && strcmp(p->path, s->file->path) != 0)
		p++;
	char *file = umpire_arena_printf(&cache.arena, "<builtin>/%s",
		s->file->path);
	if (!p->path || umpire_yamlpack_read(&s->root, &cache.arena, file,
	    p->data, p->len) < 0) {
		/* A schema the build did not pack is a build bug; say which. */
		fprintf(stderr, "%s: internal error: no packed schema\n", file);
		abort();
	}
	return s->root;
}

static struct schema *
find_by_name(const char *name)
{
	load();
	for (size_t i = 0; i < cache.n; i++)
		if (strcmp(cache.v[i].name, name) == 0)
			return &cache.v[i];
	return NULL;
}

const char *
umpire_schema_text(const char *name, size_t *len)
{
	const struct schema *s = find_by_name(name);

	if (!s)
		return NULL;
	if (len)
		*len = s->file->len;
	return s->file->data;
}

/*
 * Resolve a $ref: "#/json/pointer" in the current schema, or
 * "urn:...#/pointer" in the schema with that $id.
 */
static const struct umpire_node *resolve_ref_walk(const char *ref,
	const struct umpire_node *root, const struct umpire_node **out_root);

static const struct umpire_node *
resolve_ref(const char *ref, const struct umpire_node *root,
	const struct umpire_node **out_root)
{
	size_t slot = (((uintptr_t)ref >> 3) ^ ((uintptr_t)root >> 5)) %
		(sizeof(ref_memo) / sizeof(ref_memo[0]));

	if (ref_memo[slot].ref == ref && ref_memo[slot].root == root) {
		*out_root = ref_memo[slot].out_root;
		return ref_memo[slot].target;
	}
	const struct umpire_node *t = resolve_ref_walk(ref, root, out_root);
	if (t) {
		ref_memo[slot].ref = ref;
		ref_memo[slot].root = root;
		ref_memo[slot].out_root = *out_root;
		ref_memo[slot].target = t;
	}
	return t;
}

static const struct umpire_node *
resolve_ref_walk(const char *ref, const struct umpire_node *root,
	const struct umpire_node **out_root)
{
	const char *hash = strchr(ref, '#');
	size_t idlen = hash ? (size_t)(hash - ref) : strlen(ref);

	if (idlen) {
		root = NULL;
		for (size_t i = 0; i < cache.n; i++)
			if (cache.v[i].id && strlen(cache.v[i].id) == idlen &&
			    strncmp(cache.v[i].id, ref, idlen) == 0)
				root = root_of(&cache.v[i]);
		if (!root)
			return NULL;
	}
	*out_root = root;
	const struct umpire_node *n = root;
	const char *p = hash ? hash + 1 : "";
	while (*p == '/') {
		char tok[128];
		size_t k = 0;
		for (p++; *p && *p != '/'; p++) {
			char c = *p;
			if (c == '~' && (p[1] == '0' || p[1] == '1'))
				c = *++p == '0' ? '~' : '/';
			if (k + 1 >= sizeof(tok))
				return NULL;
			tok[k++] = c;
		}
		tok[k] = '\0';
		if (n->type == UMPIRE_MAP)
			n = umpire_map_get(n, tok);
		else if (n->type == UMPIRE_SEQ && strspn(tok, "0123456789") == k &&
		    (size_t)atol(tok) < n->u.seq.n)
			n = n->u.seq.v[atol(tok)];
		else
			n = NULL;
		if (!n)
			return NULL;
	}
	return *p ? NULL : n;
}

static struct umpire_pattern *
pattern_for(const struct umpire_node *s)
{
	for (size_t i = 0; i < cache.npatterns; i++)
		if (cache.patterns[i].node == s)
			return cache.patterns[i].re;
	if (cache.npatterns == cache.patterns_cap) {
		cache.patterns_cap = cache.patterns_cap ? cache.patterns_cap * 2 : 16;
		cache.patterns = umpire_xrealloc(cache.patterns,
			cache.patterns_cap * sizeof(*cache.patterns));
	}
	struct pattern *p = &cache.patterns[cache.npatterns++];
	p->node = s;
	p->re = umpire_pattern_compile(s->u.s.ptr);
	return p->re;
}

/* ------------------------------------------------------------ validate */

struct vctx {
	struct umpire_diags *d;
	size_t errors;
	int quiet;
	unsigned depth;
	char path[512];
	size_t plen;
};

static void verr(struct vctx *c, const struct umpire_node *at,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
verr(struct vctx *c, const struct umpire_node *at, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	c->errors++;
	if (c->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (c->plen)
		umpire_node_error(c->d, at, "%s: %s", c->path, msg);
	else
		umpire_node_error(c->d, at, "%s", msg);
}

/* Appends s as snprintf at the path's end would: cut to fit, counted whole. */
static void
path_add(struct vctx *c, const char *s, size_t len)
{
	size_t room = sizeof(c->path) - c->plen;
	size_t k = len < room ? len : room - 1;

	memcpy(c->path + c->plen, s, k);
	c->path[c->plen + k] = '\0';
	c->plen += len;
	if (c->plen >= sizeof(c->path))
		c->plen = sizeof(c->path) - 1;
}

/* A key shown as it is: letters, digits, '_' and '-', not too long. */
static bool
plain_key(const char *key, size_t len)
{
	if (len == 0 || len > UMPIRE_QUOTE_CHARS)
		return false;
	for (size_t i = 0; i < len; i++) {
		char ch = key[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'))
			return false;
	}
	return true;
}

/*
 * Every key the validator enters is pushed, for the messages, so this
 * copies rather than formats: it ran some 600 times a turn.
 */
static size_t
path_push_key(struct vctx *c, const char *key)
{
	size_t old = c->plen, len = strlen(key);
	char q[UMPIRE_QUOTE_SIZE];

	if (c->quiet)
		return old;	/* a trial says nothing: no path to build */
	if (c->plen)
		path_add(c, ".", 1);
	/* A key of the input's own choosing is shown quoted, like a value. */
	if (plain_key(key, len))
		path_add(c, key, len);
	else {
		const char *shown = umpire_quote_buf(q, sizeof(q), key, len);
		path_add(c, shown, strlen(shown));
	}
	return old;
}

static size_t
path_push_index(struct vctx *c, size_t i)
{
	size_t old = c->plen;

	if (c->quiet)
		return old;
	int n = snprintf(c->path + c->plen, sizeof(c->path) - c->plen,
		"[%zu]", i);
	if (n > 0)
		c->plen += (size_t)n;
	if (c->plen >= sizeof(c->path))
		c->plen = sizeof(c->path) - 1;
	return old;
}

static void
path_pop(struct vctx *c, size_t old)
{
	c->plen = old;
	c->path[old] = '\0';
}

static bool
type_admits(const char *type, const struct umpire_node *n)
{
	if (strcmp(type, "object") == 0)
		return n->type == UMPIRE_MAP;
	if (strcmp(type, "array") == 0)
		return n->type == UMPIRE_SEQ;
	if (strcmp(type, "string") == 0)
		return n->type == UMPIRE_STR;
	if (strcmp(type, "boolean") == 0)
		return n->type == UMPIRE_BOOL;
	if (strcmp(type, "null") == 0)
		return n->type == UMPIRE_NULL;
	if (strcmp(type, "number") == 0)
		return n->type == UMPIRE_INT || n->type == UMPIRE_FLOAT;
	if (strcmp(type, "integer") == 0)
		return n->type == UMPIRE_INT || (n->type == UMPIRE_FLOAT &&
			umpire_float_is_integer(n->u.f));
	return false;
}

static const char *
type_words(const char *type)
{
	static const char *const names[][2] = {
		{ "object", "a mapping" }, { "array", "a list" },
		{ "string", "a string" }, { "boolean", "a boolean" },
		{ "null", "null" }, { "number", "a number" },
		{ "integer", "an integer" },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(type, names[i][0]) == 0)
			return names[i][1];
	return type;
}

/* A short rendering of a scalar for messages. */
static const char *
show(const struct umpire_node *n, char *buf, size_t size)
{
	switch (n->type) {
	case UMPIRE_STR:
		umpire_quote_buf(buf, size, n->u.s.ptr, n->u.s.len);
		break;
	case UMPIRE_INT:
		if (n->big)
			snprintf(buf, size, "%.40s%s", n->u.s.ptr,
				n->u.s.len > 40 ? "..." : "");
		else
			snprintf(buf, size, "%lld", n->u.i);
		break;
	case UMPIRE_FLOAT:
		snprintf(buf, size, "%g", n->u.f);
		break;
	case UMPIRE_BOOL:
		snprintf(buf, size, "%s", n->u.b ? "true" : "false");
		break;
	case UMPIRE_NULL:
		snprintf(buf, size, "null");
		break;
	default:
		snprintf(buf, size, "%s", umpire_node_type_name(n->type));
		break;
	}
	return buf;
}

static bool
scalar_equal(const struct umpire_node *a, const struct umpire_node *b)
{
	bool an = a->type == UMPIRE_INT || a->type == UMPIRE_FLOAT;
	bool bn = b->type == UMPIRE_INT || b->type == UMPIRE_FLOAT;

	if (an && bn) {
		if (a->big || b->big)
			return false;
		double x = a->type == UMPIRE_INT ? (double)a->u.i : a->u.f;
		double y = b->type == UMPIRE_INT ? (double)b->u.i : b->u.f;
		return x == y;
	}
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case UMPIRE_STR:
		return a->u.s.len == b->u.s.len &&
			memcmp(a->u.s.ptr, b->u.s.ptr, a->u.s.len) == 0;
	case UMPIRE_BOOL:
		return a->u.b == b->u.b;
	case UMPIRE_NULL:
		return true;
	default:
		return false;	/* collections are not compared by value here */
	}
}

static double
num(const struct umpire_node *n)
{
	return n->type == UMPIRE_INT ? (double)n->u.i : n->u.f;
}

static size_t
codepoints(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

static void validate(struct vctx *c, const struct umpire_node *root,
	const struct umpire_node *s, const struct umpire_node *inst);

/* The "type" of a schema, looking through a leading $ref. */
static const struct umpire_node *
schema_type(const struct umpire_node *root, const struct umpire_node *s)
{
	for (int i = 0; i < 16 && s && s->type == UMPIRE_MAP; i++) {
		const struct umpire_node *t = kw(s, "type");
		if (t)
			return t;
		const char *ref = umpire_node_cstr(kw(s, "$ref"));
		if (!ref)
			return NULL;
		s = resolve_ref(ref, root, &root);
	}
	return NULL;
}

static bool
types_admit(const struct umpire_node *t, const struct umpire_node *inst)
{
	if (!t)
		return true;
	if (t->type == UMPIRE_STR)
		return type_admits(t->u.s.ptr, inst);
	for (size_t i = 0; t->type == UMPIRE_SEQ && i < t->u.seq.n; i++)
		if (type_admits(t->u.seq.v[i]->u.s.ptr, inst))
			return true;
	return false;
}

/* "a string or a list" for a type keyword (string or array of strings). */
static void
describe_types(const struct umpire_node *t, char *buf, size_t size,
	size_t *used)
{
	size_t n = t->type == UMPIRE_SEQ ? t->u.seq.n : 1;
	for (size_t i = 0; i < n; i++) {
		const struct umpire_node *one = t->type == UMPIRE_SEQ ?
			t->u.seq.v[i] : t;
		const char *w = type_words(one->u.s.ptr);
		if (strstr(buf, w))
			continue;
		int k = snprintf(buf + *used, size - *used, "%s%s",
			*used ? " or " : "", w);
		if (k > 0 && *used + (size_t)k < size)
			*used += (size_t)k;
	}
}

static void
validate_type(struct vctx *c, const struct umpire_node *t,
	const struct umpire_node *inst, bool *ok)
{
	char want[200] = "", got[UMPIRE_QUOTE_SIZE];
	size_t used = 0;

	*ok = types_admit(t, inst);
	if (*ok)
		return;
	if (c->quiet) {		/* a trial: the count is all it needs */
		c->errors++;
		return;
	}
	describe_types(t, want, sizeof(want), &used);
	const char *hint = "";
	if (strstr(want, "boolean") && inst->type == UMPIRE_STR) {
		static const char *const yaml11[] = { "yes", "no", "on", "off",
			"y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF",
			NULL };
		for (const char *const *w = yaml11; *w; w++)
			if (strcmp(*w, inst->u.s.ptr) == 0)
				hint = "; write true or false";
	}
	if (inst->type == UMPIRE_MAP || inst->type == UMPIRE_SEQ)
		verr(c, inst, "expected %s, got %s", want,
			umpire_node_type_name(inst->type));
	else
		verr(c, inst, "expected %s, got %s (%s)%s", want,
			umpire_node_type_name(inst->type), show(inst, got, sizeof(got)),
			hint);
}

static void
validate_enum(struct vctx *c, const struct umpire_node *e,
	const struct umpire_node *inst)
{
	char list[600] = "", got[UMPIRE_QUOTE_SIZE];
	size_t used = 0;
	struct umpire_suggest sg;

	for (size_t i = 0; i < e->u.seq.n; i++)
		if (scalar_equal(e->u.seq.v[i], inst))
			return;
	if (c->quiet) {		/* a trial: the count is all it needs */
		c->errors++;
		return;
	}
	umpire_suggest_init(&sg, inst->type == UMPIRE_STR ? inst->u.s.ptr : "");
	for (size_t i = 0; i < e->u.seq.n; i++) {
		char one[UMPIRE_QUOTE_SIZE];
		const struct umpire_node *v = e->u.seq.v[i];
		if (v->type == UMPIRE_STR) {
			snprintf(one, sizeof(one), "%s", v->u.s.ptr);
			if (inst->type == UMPIRE_STR)
				umpire_suggest_add(&sg, v->u.s.ptr);
		} else {
			show(v, one, sizeof(one));
		}
		int k = snprintf(list + used, sizeof(list) - used, "%s%s",
			i ? ", " : "", one);
		if (k > 0 && used + (size_t)k < sizeof(list))
			used += (size_t)k;
	}
	verr(c, inst, "%s is not one of: %s%s", show(inst, got, sizeof(got)),
		list, umpire_suggest_hint(&sg));
}

static void
validate_object(struct vctx *c, const struct umpire_node *root,
	const struct umpire_node *s, const struct umpire_node *inst)
{
	const struct umpire_node *props = kw(s, "properties");
	const struct umpire_node *req = kw(s, "required");
	const struct umpire_node *addl = kw(s, "additionalProperties");
	const struct umpire_node *names = kw(s, "propertyNames");
	const struct umpire_node *minp = kw(s, "minProperties");
	const struct umpire_node *maxp = kw(s, "maxProperties");

	for (size_t i = 0; i < inst->u.map.n; i++) {
		const struct umpire_pair *p = &inst->u.map.v[i];
		const char *key = p->key->u.s.ptr;
		const struct umpire_node *ps = umpire_map_get(props, key);
		size_t old = path_push_key(c, key);

		if (names)
			validate(c, root, names, p->key);
		if (ps) {
			validate(c, root, ps, p->val);
		} else if (addl && addl->type == UMPIRE_BOOL && !addl->u.b) {
			struct umpire_suggest sg;
			umpire_suggest_init(&sg, key);
			for (size_t j = 0; props && j < props->u.map.n; j++)
				umpire_suggest_add(&sg, props->u.map.v[j].key->u.s.ptr);
			path_pop(c, old);
			verr(c, p->key, "unknown key %s%s", umpire_quote(c->d, key,
				p->key->u.s.len), umpire_suggest_hint(&sg));
			continue;
		} else if (addl) {
			validate(c, root, addl, p->val);
		}
		path_pop(c, old);
	}
	for (size_t i = 0; req && i < req->u.seq.n; i++) {
		const char *key = req->u.seq.v[i]->u.s.ptr;
		if (!umpire_map_get(inst, key))
			verr(c, inst, "missing required key '%s'", key);
	}
	if (minp && (long long)inst->u.map.n < umpire_node_integer(minp, 0))
		verr(c, inst, "needs at least %lld entries, has %zu",
			umpire_node_integer(minp, 0), inst->u.map.n);
	if (maxp && (long long)inst->u.map.n > umpire_node_integer(maxp, 0))
		verr(c, inst, "allows at most %lld entries, has %zu",
			umpire_node_integer(maxp, 0), inst->u.map.n);
}

static void
validate_array(struct vctx *c, const struct umpire_node *root,
	const struct umpire_node *s, const struct umpire_node *inst)
{
	const struct umpire_node *items = kw(s, "items");
	const struct umpire_node *min = kw(s, "minItems");
	const struct umpire_node *max = kw(s, "maxItems");
	const struct umpire_node *uniq = kw(s, "uniqueItems");
	size_t n = inst->u.seq.n;

	/* A list too long is one problem, not one per extra item. */
	size_t check = max && (long long)n > umpire_node_integer(max, 0) ?
		(size_t)umpire_node_integer(max, 0) : n;
	for (size_t i = 0; items && i < check; i++) {
		size_t old = path_push_index(c, i);
		validate(c, root, items, inst->u.seq.v[i]);
		path_pop(c, old);
	}
	if (min && (long long)n < umpire_node_integer(min, 0))
		verr(c, inst, "needs at least %lld item%s, has %zu",
			umpire_node_integer(min, 0),
			umpire_node_integer(min, 0) == 1 ? "" : "s", n);
	if (max && (long long)n > umpire_node_integer(max, 0))
		verr(c, inst, "allows at most %lld item%s, has %zu",
			umpire_node_integer(max, 0),
			umpire_node_integer(max, 0) == 1 ? "" : "s", n);
	if (uniq && uniq->type == UMPIRE_BOOL && uniq->u.b && n <= 4096) {
		for (size_t i = 1; i < n; i++)
			for (size_t j = 0; j < i; j++)
				if (scalar_equal(inst->u.seq.v[i], inst->u.seq.v[j])) {
					char got[UMPIRE_QUOTE_SIZE];
					verr(c, inst->u.seq.v[i], "%s is listed twice "
						"(items must be unique)",
						show(inst->u.seq.v[i], got, sizeof(got)));
					break;
				}
	}
}

static void
validate_number(struct vctx *c, const struct umpire_node *s,
	const struct umpire_node *inst)
{
	const struct umpire_node *min = kw(s, "minimum");
	const struct umpire_node *max = kw(s, "maximum");
	char got[UMPIRE_QUOTE_SIZE];

	if (inst->big) {
		if (min || max)
			verr(c, inst, "%s is out of range", show(inst, got, sizeof(got)));
		return;
	}
	if ((min && num(inst) < num(min)) || (max && num(inst) > num(max))) {
		if (min && max)
			verr(c, inst, "%s is out of range %s to %s",
				show(inst, got, sizeof(got)),
				show(min, (char[40]){ 0 }, 40), show(max, (char[40]){ 0 }, 40));
		else if (min)
			verr(c, inst, "%s is below the minimum, %s",
				show(inst, got, sizeof(got)), show(min, (char[40]){ 0 }, 40));
		else
			verr(c, inst, "%s is above the maximum, %s",
				show(inst, got, sizeof(got)), show(max, (char[40]){ 0 }, 40));
	}
}

static void
validate_string(struct vctx *c, const struct umpire_node *s,
	const struct umpire_node *inst)
{
	const struct umpire_node *minl = kw(s, "minLength");
	const struct umpire_node *maxl = kw(s, "maxLength");
	const struct umpire_node *pat = kw(s, "pattern");
	const char *desc = umpire_node_cstr(kw(s, "description"));
	size_t len = minl || maxl ? codepoints(inst->u.s.ptr, inst->u.s.len) : 0;
	char got[UMPIRE_QUOTE_SIZE];

	if (minl && (long long)len < umpire_node_integer(minl, 0))
		verr(c, inst, "%s is too short (at least %lld character%s)",
			show(inst, got, sizeof(got)), umpire_node_integer(minl, 0),
			umpire_node_integer(minl, 0) == 1 ? "" : "s");
	if (maxl && (long long)len > umpire_node_integer(maxl, 0))
		verr(c, inst, "%s is too long (at most %lld characters)",
			show(inst, got, sizeof(got)), umpire_node_integer(maxl, 0));
	if (pat) {
		struct umpire_pattern *re = pattern_for(pat);
		if (re && !umpire_pattern_match(re, inst->u.s.ptr)) {
			if (desc)
				verr(c, inst, "%s is not valid here: %s",
					show(inst, got, sizeof(got)), desc);
			else
				verr(c, inst, "%s does not match the pattern %s",
					show(inst, got, sizeof(got)), pat->u.s.ptr);
		}
	}
}

/*
 * How well a mapping fits one form of a oneOf or anyOf: a point for each
 * of its keys the form names in its properties or requires (two for a
 * string the form fixes with const, and one less for another string
 * there), less a point for each key the form forbids (`key: false`) and
 * for each key it requires that the mapping lacks.  The form with the best fit is the
 * one the mapping is evidently meant to have, and the one whose errors
 * are reported.
 */
static long
key_score(const struct umpire_node *root, const struct umpire_node *s,
	const struct umpire_node *inst)
{
	for (int i = 0; i < 16 && s && s->type == UMPIRE_MAP &&
	    !kw(s, "properties") && !kw(s, "required");
	    i++) {
		const char *ref = umpire_node_cstr(kw(s, "$ref"));
		s = ref ? resolve_ref(ref, root, &root) : NULL;
	}
	const struct umpire_node *props = s && s->type == UMPIRE_MAP ?
		kw(s, "properties") : NULL;
	const struct umpire_node *req = s && s->type == UMPIRE_MAP ?
		kw(s, "required") : NULL;
	long score = 0;
	if (inst->type != UMPIRE_MAP || (!props && !req))
		return 0;
	for (size_t i = 0; props && i < inst->u.map.n; i++) {
		const struct umpire_node *p = umpire_map_get(props,
			inst->u.map.v[i].key->u.s.ptr);
		if (!p)
			continue;
		if (p->type == UMPIRE_BOOL && !p->u.b) {
			score--;
			continue;
		}
		/* A key whose value the form fixes: does it have that value? */
		const char *want = p->type == UMPIRE_MAP ?
			umpire_node_cstr(umpire_map_get(p, "const")) : NULL;
		const char *got = umpire_node_cstr(inst->u.map.v[i].val);
		score += want && got ? (strcmp(want, got) == 0 ? 2 : -1) : 1;
	}
	for (size_t i = 0; req && req->type == UMPIRE_SEQ && i < req->u.seq.n;
	    i++) {
		const char *k = umpire_node_cstr(req->u.seq.v[i]);
		score += k && umpire_map_get(inst, k) ? 1 : -1;
	}
	return score;
}

static void
validate_alternatives(struct vctx *c, const struct umpire_node *root,
	const struct umpire_node *alts, const struct umpire_node *inst,
	bool one)
{
	size_t passed = 0, admitting = 0;
	const struct umpire_node *only = NULL;
	char want[200] = "";
	size_t used = 0;

	long best_score = LONG_MIN;
	size_t best_count = 0;
	/* The usual case first: a value that passes, with nothing to say. */
	for (size_t i = 0; i < alts->u.seq.n; i++) {
		struct vctx trial = *c;
		trial.quiet = 1;
		trial.errors = 0;
		validate(&trial, root, alts->u.seq.v[i], inst);
		if (trial.errors == 0 && (++passed > 1 || !one))
			break;
	}
	if (one ? passed == 1 : passed >= 1)
		return;
	for (size_t i = 0; i < alts->u.seq.n; i++) {
		const struct umpire_node *t = schema_type(root, alts->u.seq.v[i]);
		if (types_admit(t, inst)) {
			/*
			 * Among mappings, the form whose keys the value uses most
			 * is the one it is evidently meant to have.
			 */
			long score = key_score(root, alts->u.seq.v[i], inst);
			admitting++;
			if (score > best_score) {
				best_score = score;
				best_count = 1;
				only = alts->u.seq.v[i];
			} else if (score == best_score) {
				best_count++;
			}
		}
		if (t)
			describe_types(t, want, sizeof(want), &used);
	}
	if (admitting > 1 && best_count == 1)
		admitting = 1;
	/* Alternatives that only require one key each: say which keys. */
	char keys[200] = "";
	size_t kl = 0;
	bool keyed = inst->type == UMPIRE_MAP;
	for (size_t i = 0; keyed && i < alts->u.seq.n; i++) {
		const struct umpire_node *a = alts->u.seq.v[i];
		const struct umpire_node *r = umpire_map_get(a, "required");
		keyed = a->type == UMPIRE_MAP && a->u.map.n == 1 && r &&
			r->type == UMPIRE_SEQ && r->u.seq.n == 1;
		if (keyed) {
			int k = snprintf(keys + kl, sizeof(keys) - kl, "%s'%s'",
				i == 0 ? "" : i + 1 == alts->u.seq.n ? " or " : ", ",
				r->u.seq.v[0]->u.s.ptr);
			if (k > 0 && kl + (size_t)k < sizeof(keys))
				kl += (size_t)k;
		}
	}
	if (keyed) {
		if (passed > 1)
			verr(c, inst, "give only one of the keys %s", keys);
		else
			verr(c, inst, "needs %s the keys %s", one ? "exactly one of" :
				"one of", keys);
		return;
	}
	if (passed > 1) {
		verr(c, inst, "matches more than one of the allowed forms");
		return;
	}
	if (admitting == 1) {
		/* The form the value is evidently meant to have: say why not. */
		validate(c, root, only, inst);
		return;
	}
	char got[UMPIRE_QUOTE_SIZE];
	if (admitting == 0 && used)
		verr(c, inst, "expected %s, got %s", want,
			inst->type == UMPIRE_MAP || inst->type == UMPIRE_SEQ ?
			umpire_node_type_name(inst->type) : show(inst, got, sizeof(got)));
	else
		verr(c, inst, "matches none of the allowed forms");
}

static void
validate(struct vctx *c, const struct umpire_node *root,
	const struct umpire_node *s, const struct umpire_node *inst)
{
	/* Once the diagnostics are full, more checking only costs time. */
	if (!c->quiet && c->d->n > (c->d->max ? c->d->max : 200))
		return;
	if (s->type == UMPIRE_BOOL) {
		if (!s->u.b)
			verr(c, inst, "no value is allowed here");
		return;
	}
	if (s->type != UMPIRE_MAP)
		return;
	const char *ref = umpire_node_cstr(kw(s, "$ref"));
	if (ref) {
		const struct umpire_node *nroot, *target;
		if (c->depth > 64 || !(target = resolve_ref(ref, root, &nroot))) {
			verr(c, inst, "internal error: schema reference '%s' does not "
				"resolve", ref);
			return;
		}
		size_t before = c->errors;
		c->depth++;
		validate(c, nroot, target, inst);
		c->depth--;
		if (c->errors != before)
			return;
	}
	const struct umpire_node *t = kw(s, "type");
	if (t) {
		bool ok;
		validate_type(c, t, inst, &ok);
		if (!ok)
			return;
	}
	const struct umpire_node *k;
	if ((k = kw(s, "const")) && !scalar_equal(k, inst)) {
		char want[UMPIRE_QUOTE_SIZE], got[UMPIRE_QUOTE_SIZE];
		const char *desc = umpire_node_cstr(kw(s, "description"));
		verr(c, inst, "must be %s, not %s%s%s", show(k, want, sizeof(want)),
			show(inst, got, sizeof(got)), desc ? ": " : "", desc ? desc : "");
		return;
	}
	if ((k = kw(s, "enum"))) {
		size_t before = c->errors;
		validate_enum(c, k, inst);
		if (c->errors != before)
			return;
	}
	switch (inst->type) {
	case UMPIRE_MAP:
		validate_object(c, root, s, inst);
		break;
	case UMPIRE_SEQ:
		validate_array(c, root, s, inst);
		break;
	case UMPIRE_INT:
	case UMPIRE_FLOAT:
		validate_number(c, s, inst);
		break;
	case UMPIRE_STR:
		validate_string(c, s, inst);
		break;
	default:
		break;
	}
	if ((k = kw(s, "allOf")))
		for (size_t i = 0; i < k->u.seq.n; i++)
			validate(c, root, k->u.seq.v[i], inst);
	if ((k = kw(s, "anyOf")))
		validate_alternatives(c, root, k, inst, false);
	if ((k = kw(s, "oneOf")))
		validate_alternatives(c, root, k, inst, true);
}

size_t
umpire_schema_validate(const char *name, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	struct schema *s = find_by_name(name);
	struct vctx c = { .d = d };

	if (!s) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0,
			"internal error: no built-in schema '%s'", name);
		return 1;
	}
	const struct umpire_node *root = root_of(s);
	validate(&c, root, root, doc);
	return c.errors;
}

/* ------------------------------------------------------------ selftest */

static const char *const keywords[] = {
	/* annotations */
	"$schema", "$id", "$defs", "$comment", "title", "description",
	"examples", "default", "deprecated",
	/* applicators and assertions this validator implements */
	"$ref", "type", "enum", "const", "properties", "required",
	"additionalProperties", "propertyNames", "minProperties",
	"maxProperties", "items", "minItems", "maxItems", "uniqueItems",
	"minimum", "maximum", "minLength", "maxLength", "pattern", "allOf",
	"anyOf", "oneOf", NULL,
};

static size_t check_schema(struct umpire_diags *d,
	const struct umpire_node *root, const struct umpire_node *s);

static size_t
check_schema_map(struct umpire_diags *d, const struct umpire_node *root,
	const struct umpire_node *m)
{
	size_t bad = 0;
	if (!m || m->type != UMPIRE_MAP)
		return 0;
	for (size_t i = 0; i < m->u.map.n; i++)
		bad += check_schema(d, root, m->u.map.v[i].val);
	return bad;
}

static size_t
check_schema(struct umpire_diags *d, const struct umpire_node *root,
	const struct umpire_node *s)
{
	size_t bad = 0;

	if (s->type == UMPIRE_BOOL)
		return 0;
	if (s->type != UMPIRE_MAP) {
		umpire_node_error(d, s, "a schema must be a mapping or a boolean");
		return 1;
	}
	for (size_t i = 0; i < s->u.map.n; i++) {
		const struct umpire_pair *p = &s->u.map.v[i];
		const char *kw = p->key->u.s.ptr;
		bool known = false;
		for (const char *const *k = keywords; *k; k++)
			known |= strcmp(*k, kw) == 0;
		if (!known) {
			umpire_node_error(d, p->key, "keyword '%s' is not implemented "
				"by umpire's validator", kw);
			bad++;
			continue;
		}
		if (strcmp(kw, "$ref") == 0) {
			const struct umpire_node *nroot;
			if (!umpire_node_cstr(p->val) ||
			    !resolve_ref(p->val->u.s.ptr, root, &nroot)) {
				umpire_node_error(d, p->val, "$ref does not resolve");
				bad++;
			}
		} else if (strcmp(kw, "properties") == 0 || strcmp(kw, "$defs") == 0) {
			bad += check_schema_map(d, root, p->val);
		} else if (strcmp(kw, "items") == 0 ||
		    strcmp(kw, "additionalProperties") == 0 ||
		    strcmp(kw, "propertyNames") == 0) {
			bad += check_schema(d, root, p->val);
		} else if (strcmp(kw, "allOf") == 0 || strcmp(kw, "anyOf") == 0 ||
		    strcmp(kw, "oneOf") == 0 || strcmp(kw, "enum") == 0 ||
		    strcmp(kw, "required") == 0) {
			if (p->val->type != UMPIRE_SEQ) {
				umpire_node_error(d, p->val, "'%s' must be a list", kw);
				bad++;
			} else if (kw[0] == 'a' || kw[0] == 'o') {
				for (size_t j = 0; j < p->val->u.seq.n; j++)
					bad += check_schema(d, root, p->val->u.seq.v[j]);
			}
		} else if (strcmp(kw, "pattern") == 0) {
			if (!umpire_node_cstr(p->val) || !pattern_for(p->val)) {
				umpire_node_error(d, p->val, "pattern does not compile");
				bad++;
			}
		} else if (strcmp(kw, "$schema") == 0 &&
		    !umpire_node_is_str(p->val,
		    "https://json-schema.org/draft/2020-12/schema")) {
			umpire_node_error(d, p->val, "schemas are JSON Schema 2020-12");
			bad++;
		}
	}
	return bad;
}

size_t
umpire_schema_selftest(struct umpire_diags *d)
{
	size_t bad = 0;

	load();
	for (size_t i = 0; i < cache.n; i++) {
		const struct umpire_node *root = root_of(&cache.v[i]);
		const char *id = umpire_node_cstr(umpire_map_get(root, "$id"));
		if (!id || !cache.v[i].id || strcmp(id, cache.v[i].id) != 0) {
			umpire_node_error(d, root, "schema has no top-level $id, or "
				"not the one the build read (umpire finds schemas by it "
				"before rebuilding them)");
			bad++;
		}
		bad += check_schema(d, root, root);
	}
	return bad;
}

/* ------------------------------------------------------------- bundles */

/*
 * A bundle is one schema as one JSON document that needs no other: the
 * schemas it refers to (by $id, urn:umpire:...) copied into its $defs
 * under their names with '/' as '-' ("envelope", "amb-scenario"), every
 * $ref rewritten to a JSON pointer into the bundle, and no $id but the
 * root's.  Editors that check YAML against a JSON Schema
 * (yaml-language-server) load it from a file, with no resolver.
 */
struct bundle {
	struct schema *member[64];	/* [0] is the root */
	size_t n;
};

static size_t
bundle_add(struct bundle *b, struct schema *s)
{
	for (size_t i = 0; i < b->n; i++)
		if (b->member[i] == s)
			return i;
	if (b->n == sizeof(b->member) / sizeof(b->member[0]))
		abort();		/* a build bug: 64 schemas deep */
	b->member[b->n] = s;
	return b->n++;
}

static struct schema *
find_by_id(const char *ref, size_t idlen)
{
	for (size_t i = 0; i < cache.n; i++)
		if (cache.v[i].id && strlen(cache.v[i].id) == idlen &&
		    strncmp(cache.v[i].id, ref, idlen) == 0)
			return &cache.v[i];
	return NULL;
}

/* Every schema n refers to, into b. */
static void
bundle_collect(struct bundle *b, const struct umpire_node *n)
{
	if (n->type == UMPIRE_SEQ)
		for (size_t i = 0; i < n->u.seq.n; i++)
			bundle_collect(b, n->u.seq.v[i]);
	if (n->type != UMPIRE_MAP)
		return;
	for (size_t i = 0; i < n->u.map.n; i++) {
		const struct umpire_pair *p = &n->u.map.v[i];
		const char *ref = umpire_node_cstr(p->val);
		if (strcmp(p->key->u.s.ptr, "$ref") == 0 && ref && ref[0] != '#') {
			const char *hash = strchr(ref, '#');
			struct schema *s = find_by_id(ref, hash ? (size_t)(hash - ref) :
				strlen(ref));
			size_t before = b->n;
			if (s && bundle_add(b, s) == before)
				bundle_collect(b, root_of(s));
		} else {
			bundle_collect(b, p->val);
		}
	}
}

static void
json_text(struct umpire_buf *out, const char *s, size_t len)
{
	umpire_buf_putc(out, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			umpire_buf_printf(out, "\\%c", c);
		else if (c == '\n')
			umpire_buf_puts(out, "\\n");
		else if (c < 0x20 || c == 0x7f)
			umpire_buf_printf(out, "\\u%04x", c);
		else
			umpire_buf_putc(out, (char)c);
	}
	umpire_buf_putc(out, '"');
}

static void
member_key(struct umpire_buf *out, const struct schema *s)
{
	for (const char *p = s->name; *p; p++)
		umpire_buf_putc(out, *p == '/' ? '-' : *p);
}

/* n as JSON, its refs rewritten; `self` is the member it belongs to. */
static void
bundle_json(struct umpire_buf *out, const struct bundle *b, size_t self,
	const struct umpire_node *n, int depth, bool drop_id)
{
	char num[64];

	switch (n->type) {
	case UMPIRE_NULL:
		umpire_buf_puts(out, "null");
		return;
	case UMPIRE_BOOL:
		umpire_buf_puts(out, n->u.b ? "true" : "false");
		return;
	case UMPIRE_INT:
		if (n->big)
			umpire_buf_add(out, n->u.s.ptr, n->u.s.len);
		else
			umpire_buf_printf(out, "%lld", n->u.i);
		return;
	case UMPIRE_FLOAT:
		snprintf(num, sizeof(num), "%.17g", n->u.f);
		umpire_buf_puts(out, n->text ? n->text : num);
		return;
	case UMPIRE_STR:
		json_text(out, n->u.s.ptr, n->u.s.len);
		return;
	case UMPIRE_SEQ:
		umpire_buf_putc(out, '[');
		for (size_t i = 0; i < n->u.seq.n; i++) {
			umpire_buf_puts(out, i ? ", " : "");
			bundle_json(out, b, self, n->u.seq.v[i], depth + 1, false);
		}
		umpire_buf_putc(out, ']');
		return;
	case UMPIRE_MAP:
		break;
	}
	bool first = true;
	umpire_buf_putc(out, '{');
	for (size_t i = 0; i < n->u.map.n; i++) {
		const struct umpire_pair *p = &n->u.map.v[i];
		const char *key = p->key->u.s.ptr;
		if (drop_id && strcmp(key, "$id") == 0)
			continue;
		/* The root's $defs gain the members after its own. */
		if (depth == 0 && self == 0 && strcmp(key, "$defs") == 0)
			continue;
		umpire_buf_puts(out, first ? "" : ", ");
		first = false;
		json_text(out, key, strlen(key));
		umpire_buf_puts(out, ": ");
		const char *ref = umpire_node_cstr(p->val);
		if (strcmp(key, "$ref") == 0 && ref) {
			const char *hash = strchr(ref, '#');
			size_t m = self;
			if (ref[0] != '#')
				m = bundle_add((struct bundle *)b, find_by_id(ref, hash ?
					(size_t)(hash - ref) : strlen(ref)));
			struct umpire_buf r = UMPIRE_BUF_INIT;
			umpire_buf_puts(&r, "#");
			if (m) {
				umpire_buf_puts(&r, "/$defs/");
				member_key(&r, b->member[m]);
			}
			umpire_buf_puts(&r, hash ? hash + 1 : "");
			json_text(out, r.ptr, r.len);
			umpire_buf_free(&r);
			continue;
		}
		bundle_json(out, b, self, p->val, depth + 1, false);
	}
	if (depth == 0 && self == 0) {
		const struct umpire_node *own = umpire_map_get(n, "$defs");
		umpire_buf_puts(out, first ? "" : ", ");
		umpire_buf_puts(out, "\"$defs\": {");
		bool any = false;
		for (size_t i = 0; own && i < own->u.map.n; i++) {
			const struct umpire_pair *p = &own->u.map.v[i];
			umpire_buf_puts(out, any ? ", " : "");
			any = true;
			json_text(out, p->key->u.s.ptr, p->key->u.s.len);
			umpire_buf_puts(out, ": ");
			bundle_json(out, b, 0, p->val, 2, false);
		}
		for (size_t m = 1; m < b->n; m++) {
			umpire_buf_puts(out, any ? ", " : "");
			any = true;
			umpire_buf_putc(out, '"');
			member_key(out, b->member[m]);
			umpire_buf_puts(out, "\": ");
			bundle_json(out, b, m, root_of(b->member[m]), 1, true);
		}
		umpire_buf_putc(out, '}');
	}
	umpire_buf_putc(out, '}');
}

int
umpire_schema_bundle(const char *name, struct umpire_buf *out)
{
	struct schema *s = find_by_name(name);
	struct bundle b = { { NULL }, 0 };

	if (!s)
		return -1;
	bundle_add(&b, s);
	bundle_collect(&b, root_of(s));
	bundle_json(out, &b, 0, root_of(s), 0, false);
	umpire_buf_putc(out, '\n');
	return 0;
}
