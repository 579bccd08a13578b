/*
 * test_yaml - the YAML document model (doc/yaml.c): typing by the YAML
 * 1.2 core schema, places, limits, refusals, and the emitter.
 */
#define _XOPEN_SOURCE 700	/* nftw */
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <sys/stat.h>

#include "unit.h"

/* The value of key in the root mapping of text. */
static const struct umpire_node *
value_of(struct umpire_arena *a, const char *text, const char *key)
{
	const struct umpire_node *root = parse_ok(a, text);
	const struct umpire_node *v = umpire_map_get(root, key);

	if (!v)
		fail_msg("no key '%s' in:\n%s", key, text);
	return v;
}

/* The type and, for scalars, the value a plain scalar reads as. */
static const struct umpire_node *
plain(struct umpire_arena *a, const char *scalar)
{
	char *text = umpire_arena_printf(a, "v: %s\n", scalar);

	return value_of(a, text, "v");
}

static void
assert_str(const struct umpire_node *n, const char *s)
{
	assert_non_null(n);
	if (n->type != UMPIRE_STR)
		fail_msg("expected the string '%s', got %s", s,
		    umpire_node_type_name(n->type));
	assert_int_equal(n->u.s.len, strlen(s));
	assert_memory_equal(n->u.s.ptr, s, n->u.s.len);
}

static void
assert_int_node(const struct umpire_node *n, long long i, bool big)
{
	assert_non_null(n);
	if (n->type != UMPIRE_INT)
		fail_msg("expected the integer %lld, got %s", i,
		    umpire_node_type_name(n->type));
	assert_int_equal(n->big, big);
	if (!big)
		assert_true(n->u.i == i);
}

/* A big integer keeps its digits, for diagnostics and the emitter. */
static void
assert_big_node(const struct umpire_node *n, const char *digits)
{
	assert_non_null(n);
	assert_int_equal(n->type, UMPIRE_INT);
	assert_true(n->big);
	assert_string_equal(n->u.s.ptr, digits);
}

static void
assert_float_node(const struct umpire_node *n, double f)
{
	assert_non_null(n);
	if (n->type != UMPIRE_FLOAT)
		fail_msg("expected the float %g, got %s", f,
		    umpire_node_type_name(n->type));
	if (isnan(f))
		assert_true(isnan(n->u.f));
	else
		assert_true(n->u.f == f);
}

/* Parse text that must fail; returns the diagnostics printed. */
static char *
refused(const char *text, const struct umpire_yaml_limits *lim)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	if (parse_lim(&a, &d, text, lim))
		fail_msg("parsed, but should not:\n%s", text);
	char *msg = diags_text(&d);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return msg;
}

#define assert_refused(text, lim, needle) do {				\
	char *msg_ = refused((text), (lim));				\
	if (!strstr(msg_, (needle)))					\
		fail_msg("expected \"%s\" in:\n%s", (needle), msg_);	\
	free(msg_);							\
} while (0)


/* ------------------------------------------------------------- types */

static void
nulls(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const words[] = { "~", "null", "Null", "NULL", "" };

	(void)state;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		assert_int_equal(plain(&a, words[i])->type, UMPIRE_NULL);
	/* Only these spellings: the rest are strings. */
	assert_str(plain(&a, "nULL"), "nULL");
	assert_str(value_of(&a, "v: \"null\"\n", "v"), "null");
	assert_str(value_of(&a, "v: '~'\n", "v"), "~");
	assert_str(value_of(&a, "v: \"\"\n", "v"), "");
	umpire_arena_free(&a);
}

static void
booleans(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const yes[] = { "true", "True", "TRUE" };
	static const char *const no[] = { "false", "False", "FALSE" };
	/* YAML 1.1 booleans are strings in the 1.2 core schema. */
	static const char *const words[] = { "yes", "no", "on", "off", "y", "n",
		"Yes", "NO", "On", "OFF", "tRUE" };

	(void)state;
	for (size_t i = 0; i < 3; i++) {
		const struct umpire_node *t = plain(&a, yes[i]);
		const struct umpire_node *f = plain(&a, no[i]);
		assert_int_equal(t->type, UMPIRE_BOOL);
		assert_true(t->u.b);
		assert_int_equal(f->type, UMPIRE_BOOL);
		assert_false(f->u.b);
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		assert_str(plain(&a, words[i]), words[i]);
	assert_str(value_of(&a, "v: 'true'\n", "v"), "true");
	umpire_arena_free(&a);
}

static void
integers(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_int_node(plain(&a, "0"), 0, false);
	assert_int_node(plain(&a, "-12"), -12, false);
	assert_int_node(plain(&a, "+7"), 7, false);
	assert_int_node(plain(&a, "007"), 7, false);
	assert_int_node(plain(&a, "0o17"), 15, false);
	assert_int_node(plain(&a, "0o0"), 0, false);
	assert_int_node(plain(&a, "0x1F"), 31, false);
	assert_int_node(plain(&a, "0x1f"), 31, false);
	assert_int_node(plain(&a, "0xff"), 255, false);
	assert_int_node(plain(&a, "9223372036854775807"), LLONG_MAX, false);
	assert_int_node(plain(&a, "-9223372036854775808"), LLONG_MIN, false);
	/* Not integers in the core schema. */
	assert_str(plain(&a, "0o8"), "0o8");
	assert_str(plain(&a, "0o"), "0o");
	assert_str(plain(&a, "0x"), "0x");
	assert_str(plain(&a, "0xG1"), "0xG1");
	assert_str(plain(&a, "-0x1F"), "-0x1F");
	assert_str(plain(&a, "0O17"), "0O17");
	assert_str(plain(&a, "1_000"), "1_000");
	assert_str(plain(&a, "12abc"), "12abc");
	assert_str(plain(&a, "+"), "+");
	assert_str(plain(&a, "-x"), "-x");
	/* Quoted, a number is a string. */
	assert_str(value_of(&a, "v: \"12\"\n", "v"), "12");
	assert_str(value_of(&a, "v: '0x1F'\n", "v"), "0x1F");
	umpire_arena_free(&a);
}

static void
integer_overflow(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_big_node(plain(&a, "9223372036854775808"), "9223372036854775808");
	assert_big_node(plain(&a, "99999999999999999999999"),
	    "99999999999999999999999");
	assert_big_node(plain(&a, "-9223372036854775809"), "-9223372036854775809");
	assert_big_node(plain(&a, "0x8000000000000000"), "0x8000000000000000");
	assert_big_node(plain(&a, "0xffffffffffffffffff"), "0xffffffffffffffffff");
	assert_big_node(plain(&a, "0o1000000000000000000000"),
	    "0o1000000000000000000000");
	assert_int_node(plain(&a, "0x7fffffffffffffff"), LLONG_MAX, false);
	/* A big integer is no usable integer. */
	assert_true(umpire_node_integer(plain(&a, "9223372036854775808"), -5)
	    == -5);
	umpire_arena_free(&a);
}

static void
floats(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_float_node(plain(&a, "1.5"), 1.5);
	assert_float_node(plain(&a, "-0.5"), -0.5);
	assert_float_node(plain(&a, ".5"), 0.5);
	assert_float_node(plain(&a, "+.5e1"), 5.0);
	assert_float_node(plain(&a, "1."), 1.0);
	assert_float_node(plain(&a, "1e3"), 1000.0);
	assert_float_node(plain(&a, "1E+2"), 100.0);
	assert_float_node(plain(&a, "2.5e-1"), 0.25);
	assert_float_node(plain(&a, "3.0"), 3.0);
	assert_float_node(plain(&a, ".inf"), HUGE_VAL);
	assert_float_node(plain(&a, ".Inf"), HUGE_VAL);
	assert_float_node(plain(&a, "+.INF"), HUGE_VAL);
	assert_float_node(plain(&a, "-.inf"), -HUGE_VAL);
	assert_float_node(plain(&a, ".nan"), NAN);
	assert_float_node(plain(&a, ".NaN"), NAN);
	/* Not floats in the core schema. */
	assert_str(plain(&a, "."), ".");
	assert_str(plain(&a, "1e"), "1e");
	assert_str(plain(&a, "e3"), "e3");
	assert_str(plain(&a, "inf"), "inf");
	assert_str(plain(&a, "nan"), "nan");
	assert_str(plain(&a, "1.5.2"), "1.5.2");
	assert_str(plain(&a, "1,5"), "1,5");
	assert_str(value_of(&a, "v: \"1.5\"\n", "v"), "1.5");
	/* An integral float is an integer to umpire_node_integer. */
	assert_true(umpire_node_integer(plain(&a, "3.0"), -1) == 3);
	assert_true(umpire_node_integer(plain(&a, "3.5"), -1) == -1);
	umpire_arena_free(&a);
}

/* A decimal read exactly from its digits: what inches are made of. */
static long long
fixed2(struct umpire_arena *a, const char *text, int *rc)
{
	long long v = -99;

	*rc = umpire_node_fixed(plain(a, text), 2, 16384, &v);
	return v;
}

static void
fixed_decimals(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_buf b = UMPIRE_BUF_INIT;
	int rc;

	(void)state;
	assert_true(fixed2(&a, "12.25", &rc) == 1225 && rc == 0);
	assert_true(fixed2(&a, "12.5", &rc) == 1250 && rc == 0);
	assert_true(fixed2(&a, "12", &rc) == 1200 && rc == 0);
	assert_true(fixed2(&a, "0.07", &rc) == 7 && rc == 0);
	assert_true(fixed2(&a, ".5", &rc) == 50 && rc == 0);
	assert_true(fixed2(&a, "-3.1", &rc) == -310 && rc == 0);
	/* 0.29 is 0.28999999999999998 as a double: no double decides. */
	assert_true(fixed2(&a, "0.29", &rc) == 29 && rc == 0);
	assert_true(fixed2(&a, "163.84", &rc) == 16384 && rc == 0);
	assert_true(fixed2(&a, "12.250", &rc) == 1225 && rc == 0);
	/* Refused: a third decimal, beyond max, exponents, strings. */
	fixed2(&a, "12.255", &rc);
	assert_int_equal(rc, -1);
	fixed2(&a, "163.85", &rc);
	assert_int_equal(rc, -1);
	fixed2(&a, "1e2", &rc);
	assert_int_equal(rc, -1);
	fixed2(&a, "0x10", &rc);
	assert_int_equal(rc, -1);
	fixed2(&a, "99999999999999999999999", &rc);
	assert_int_equal(rc, -1);
	fixed2(&a, ".inf", &rc);
	assert_int_equal(rc, -1);
	assert_int_equal(umpire_node_fixed(value_of(&a, "v: \"1.5\"\n", "v"),
	    2, 16384, &(long long){ 0 }), -1);
	/* Written back without trailing zeros, and read back the same. */
	const char *want[] = { "12.5", "12", "0.07", "-3.1", "163.84" };
	long long vals[] = { 1250, 1200, 7, -310, 16384 };
	for (int i = 0; i < 5; i++) {
		struct umpire_node *n = umpire_node_fixed_new(&a, vals[i], 2);
		long long back;
		umpire_buf_clear(&b);
		assert_int_equal(umpire_yaml_emit(&b, n, NULL), 0);
		assert_non_null(strstr(umpire_buf_cstr(&b), want[i]));
		assert_int_equal(umpire_node_fixed(n, 2, 16384, &back), 0);
		assert_true(back == vals[i]);
	}
	umpire_buf_free(&b);
	umpire_arena_free(&a);
}

static void
strings(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a,
		"plain: hello world\n"
		"double: \"tab\\there\"\n"
		"single: 'it''s'\n"
		"literal: |\n  one\n  two\n"
		"folded: >-\n  one\n  two\n"
		"unicode: \"\\u00e9\xe4\xb8\xad\"\n");

	(void)state;
	assert_str(umpire_map_get(root, "plain"), "hello world");
	assert_str(umpire_map_get(root, "double"), "tab\there");
	assert_str(umpire_map_get(root, "single"), "it's");
	assert_str(umpire_map_get(root, "literal"), "one\ntwo\n");
	assert_str(umpire_map_get(root, "folded"), "one two");
	assert_str(umpire_map_get(root, "unicode"), "\xc3\xa9\xe4\xb8\xad");
	assert_string_equal(umpire_node_cstr(umpire_map_get(root, "plain")),
	    "hello world");
	assert_null(umpire_node_cstr(NULL));
	assert_true(umpire_node_is_str(umpire_map_get(root, "single"), "it's"));
	assert_false(umpire_node_is_str(umpire_map_get(root, "single"), "it"));
	umpire_arena_free(&a);
}

static void
keys_are_strings(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a,
		"1: one\ntrue: yes\nnull: x\n0x1F: hex\n");

	(void)state;
	for (size_t i = 0; i < root->u.map.n; i++)
		assert_int_equal(root->u.map.v[i].key->type, UMPIRE_STR);
	assert_str(umpire_map_get(root, "1"), "one");
	assert_str(umpire_map_get(root, "true"), "yes");
	assert_str(umpire_map_get(root, "null"), "x");
	assert_str(umpire_map_get(root, "0x1F"), "hex");
	assert_null(umpire_map_get(root, "31"));
	/* An alias to a typed scalar as a key becomes its string. */
	root = parse_ok(&a, "x: &n 12\ny: &t true\n*n : a\n*t : b\n");
	assert_str(umpire_map_get(root, "12"), "a");
	assert_str(umpire_map_get(root, "true"), "b");
	assert_int_node(umpire_map_get(root, "x"), 12, false);
	umpire_arena_free(&a);
}

static void
empty_documents(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const texts[] = { "", "# only a comment\n", "~\n",
		"---\n" };

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		const struct umpire_node *n = parse_ok(&a, texts[i]);
		assert_int_equal(n->type, UMPIRE_NULL);
		assert_string_equal(n->file, "t.yaml");
		/* After "---" the empty value is on the next line. */
		assert_int_equal(n->line, i < 3 ? 1 : 2);
		assert_int_equal(n->col, 1);
	}
	umpire_arena_free(&a);
}

/* ------------------------------------------------------------ places */

static void
places(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a,
		"a: 1\n"
		"b:\n"
		"  - x\n"
		"  - {c: d, e: [f]}\n"
		"\xc3\xa9: \xc3\xa9t\xc3\xa9\n");

	(void)state;
	assert_string_equal(root->file, "t.yaml");
	assert_int_equal(root->line, 1);
	assert_int_equal(root->col, 1);
	const struct umpire_pair *pa = umpire_map_pair(root, "a");
	assert_non_null(pa);
	assert_int_equal(pa->key->line, 1);
	assert_int_equal(pa->key->col, 1);
	assert_int_equal(pa->val->line, 1);
	assert_int_equal(pa->val->col, 4);
	const struct umpire_node *b = umpire_map_get(root, "b");
	assert_int_equal(b->type, UMPIRE_SEQ);
	assert_false(b->flow);
	assert_int_equal(b->line, 3);
	assert_int_equal(b->col, 3);
	assert_int_equal(b->u.seq.v[0]->line, 3);
	assert_int_equal(b->u.seq.v[0]->col, 5);
	const struct umpire_node *m = b->u.seq.v[1];
	assert_true(m->flow);
	assert_int_equal(m->line, 4);
	assert_int_equal(m->col, 5);
	assert_int_equal(m->u.map.v[0].key->col, 6);
	assert_int_equal(m->u.map.v[0].val->col, 9);
	const struct umpire_node *e = umpire_map_get(m, "e");
	assert_int_equal(e->col, 15);
	assert_int_equal(e->u.seq.v[0]->col, 16);
	/* Columns count characters, not bytes. */
	const struct umpire_pair *pe = umpire_map_pair(root, "\xc3\xa9");
	assert_non_null(pe);
	assert_int_equal(pe->key->line, 5);
	assert_int_equal(pe->val->col, 4);
	assert_null(umpire_map_pair(root, "zz"));
	assert_null(umpire_map_pair(b, "a"));
	umpire_arena_free(&a);
}

static void
error_places(void **state)
{
	(void)state;
	assert_refused("a: 1\nb: [1, 2\nc: 3\n", NULL, "t.yaml:");
	assert_refused("a: 1\n  b: 2\n", NULL, "t.yaml:2:");
	assert_refused("a:\n\tb: 1\n", NULL, "t.yaml:2:");
}

/* ------------------------------------------------------------ limits */

static void
limit_bytes(void **state)
{
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const char *text = "a: 12345\n";	/* 9 bytes */

	(void)state;
	lim.max_bytes = 9;
	assert_non_null(parse_lim(&a, &d, text, &lim));
	lim.max_bytes = 8;
	assert_null(parse_lim(&a, &d, text, &lim));
	assert_diag(&d, "t.yaml: error: file is 9 bytes, over the limit of 8");
	assert_int_equal(d.n, 1);
	assert_int_equal(UMPIRE_YAML_MAX_BYTES, 1024 * 1024);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static char *
nested(size_t depth)
{
	char *s = malloc(2 * depth + 2);

	assert_non_null(s);
	memset(s, '[', depth);
	memset(s + depth, ']', depth);
	s[2 * depth] = '\n';
	s[2 * depth + 1] = '\0';
	return s;
}

static void
limit_depth(void **state)
{
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	char *ok = nested(64), *deep = nested(65);

	(void)state;
	assert_int_equal(lim.max_depth, 64);
	assert_non_null(parse_lim(&a, &d, ok, NULL));
	assert_null(parse_lim(&a, &d, deep, NULL));
	assert_diag(&d, "t.yaml:1:65: error: nesting deeper than 64 levels");
	umpire_diags_free(&d);
	lim.max_depth = 2;
	assert_non_null(parse_lim(&a, &d, "a: {b: 1}\n", &lim));
	assert_null(parse_lim(&a, &d, "a: {b: [1]}\n", &lim));
	assert_diag(&d, "t.yaml:1:8: error: nesting deeper than 2 levels");
	free(ok);
	free(deep);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static void
limit_nodes(void **state)
{
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const struct umpire_node *n;

	(void)state;
	assert_int_equal(lim.max_nodes, 100000);
	/* The list and its three items. */
	lim.max_nodes = 4;
	n = parse_lim(&a, &d, "[1, 2, 3]\n", &lim);
	assert_non_null(n);
	assert_int_equal(n->weight, 4);
	lim.max_nodes = 3;
	assert_null(parse_lim(&a, &d, "[1, 2, 3]\n", &lim));
	assert_diag(&d, "more than 3 nodes once aliases are expanded");
	umpire_diags_free(&d);
	/*
	 * Keys count too, and an alias counts as its anchor's whole weight:
	 * map 1, a 1, [x, y] 3, b 1, *x 3.
	 */
	const char *alias = "a: &x [x, y]\nb: *x\n";
	lim.max_nodes = 9;
	n = parse_lim(&a, &d, alias, &lim);
	assert_non_null(n);
	assert_int_equal(n->weight, 9);
	assert_ptr_equal(umpire_map_get(n, "a"), umpire_map_get(n, "b"));
	lim.max_nodes = 8;
	assert_null(parse_lim(&a, &d, alias, &lim));
	assert_diag(&d, "t.yaml:2:4: error: document too large");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static void
billion_laughs(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const char *laughs =
		"a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
		"b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
		"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
		"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
		"f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
		"g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
		"h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
		"i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n";

	(void)state;
	assert_null(parse_lim(&a, &d, laughs, NULL));
	assert_diag(&d, "document too large: more than 100000 nodes once "
	    "aliases are expanded");
	assert_int_equal(d.errors, 1);
	umpire_diags_free(&d);
	/* A few levels are fine. */
	const char *few = "a: &a [lol, lol]\nb: &b [*a, *a]\nc: [*b, *b]\n";
	assert_non_null(parse_lim(&a, &d, few, NULL));
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* ---------------------------------------------------------- refusals */

static void
duplicate_keys_small(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	assert_null(parse_lim(&a, &d, "a: 1\nb: 2\na: 3\n", NULL));
	assert_diag(&d, "t.yaml:3:1: error: duplicate key 'a' (first given at "
	    "line 1); give each key once");
	assert_int_equal(d.errors, 1);
	umpire_diags_free(&d);
	/* Quoting does not make a key another key. */
	assert_null(parse_lim(&a, &d, "{a: 1, \"a\": 2}\n", NULL));
	assert_diag(&d, "t.yaml:1:8: error: duplicate key 'a' (first given at "
	    "line 1)");
	umpire_diags_free(&d);
	/* Nor does an alias. */
	assert_null(parse_lim(&a, &d, "&k k: 1\n*k : 2\n", NULL));
	assert_diag(&d, "duplicate key 'k'");
	umpire_diags_free(&d);
	assert_non_null(parse_lim(&a, &d, "a: 1\nA: 2\na1: 3\n", NULL));
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static void
duplicate_keys_large(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;

	(void)state;
	/* Past eight keys the check sorts: the same messages, each once. */
	for (int i = 0; i < 40; i++)
		umpire_buf_printf(&text, "key%02d: %d\n", i, i);
	assert_non_null(parse_lim(&a, &d, text.ptr, NULL));
	umpire_buf_printf(&text, "key07: again\nkey30: again\nkey07: thrice\n");
	assert_null(parse_lim(&a, &d, text.ptr, NULL));
	assert_diag(&d, "t.yaml:41:1: error: duplicate key 'key07' (first given "
	    "at line 8)");
	assert_diag(&d, "t.yaml:42:1: error: duplicate key 'key30' (first given "
	    "at line 31)");
	assert_diag(&d, "t.yaml:43:1: error: duplicate key 'key07' (first given "
	    "at line 8)");
	assert_int_equal(d.errors, 3);
	umpire_diags_free(&d);
	umpire_buf_free(&text);
	umpire_arena_free(&a);
}

static void
unknown_anchors(void **state)
{
	(void)state;
	assert_refused("a: 1\nb: *nope\n", NULL, "t.yaml:2:4: error: alias "
	    "'*nope' names no finished anchor '&nope'");
	/* An alias inside its own anchor would make a cycle. */
	assert_refused("a: &x [1, *x]\n", NULL, "t.yaml:1:11: error: alias '*x' "
	    "names no finished anchor");
	assert_refused("a: &x {b: *x}\n", NULL, "names no finished anchor");
	/* A later anchor of the same name replaces the earlier one. */
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a, "a: &x 1\nb: &x 2\nc: *x\n");
	assert_int_node(umpire_map_get(root, "c"), 2, false);
	umpire_arena_free(&a);
}

static void
tags(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a,
		"a: !!str 12\nb: !!str true\nc: !!map {x: 1}\nd: !!seq [1]\n");

	(void)state;
	assert_str(umpire_map_get(root, "a"), "12");
	assert_str(umpire_map_get(root, "b"), "true");
	assert_int_equal(umpire_map_get(root, "c")->type, UMPIRE_MAP);
	assert_int_equal(umpire_map_get(root, "d")->type, UMPIRE_SEQ);
	assert_refused("a: 1\nb: !custom x\n", NULL, "t.yaml:2:4: error: tag "
	    "'!custom' is not supported; write the plain value");
	assert_refused("a: !!int \"3\"\n", NULL, "tag 'tag:yaml.org,2002:int' is "
	    "not supported");
	assert_refused("a: !!binary aGk=\n", NULL, "is not supported");
	assert_refused("a: !x [1]\n", NULL, "t.yaml:1:4: error: tag '!x'");
	umpire_arena_free(&a);
}

/* A tag may only say what the node is (issue 8, item 14). */
static void
tags_must_fit(void **state)
{
	(void)state;
	assert_refused("step: !!map 1\n", NULL, "t.yaml:1:7: error: tag "
	    "'tag:yaml.org,2002:map' does not fit a scalar; write the plain "
	    "value");
	assert_refused("a: !!seq {x: 1}\n", NULL, "tag 'tag:yaml.org,2002:seq' "
	    "does not fit a mapping");
	assert_refused("a: !!str [1]\n", NULL, "tag 'tag:yaml.org,2002:str' "
	    "does not fit a list");
	assert_refused("a: !!map [1]\n", NULL, "does not fit a list");
	/* A hostile tag is quoted short and inert. */
	assert_refused("a: !abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz x\n",
	    NULL, "tag '!abcdefghijklmnopqrstuvwxyzabcdefghijklm...' is "
	    "not supported");
}

/* Byte order marks: UTF-8's is read past, UTF-16 and UTF-32 refused. */
static void
byte_order_marks(void **state)
{
	static const struct {
		const char *text;
		size_t len;
		const char *needle;
	} bad[] = {
		{ "\xff\xfeu\0:\0 \x001\0\n\0", 12, "t.yaml:1:1: error: the file "
		  "is UTF-16 (it starts with a UTF-16 byte order mark); umpire reads "
		  "UTF-8 text only: save it as UTF-8" },
		{ "\xfe\xff\0u\0:\0 \0001\0\n", 12, "is UTF-16" },
		{ "\xff\xfe\0\0u\0\0\0", 8, "is UTF-32" },
		{ "\0\0\xfe\xff\0\0\0u", 8, "is UTF-32" },
		{ "u\0:\0 \0001\0", 8, "is not UTF-8 but UTF-16 or UTF-32" },
	};
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_node *n;
		assert_int_equal(umpire_yaml_parse(&n, &a, "t.yaml", bad[i].text,
			bad[i].len, NULL, &d), -1);
		assert_diag(&d, bad[i].needle);
		umpire_diags_free(&d);
	}
	assert_str(value_of(&a, "\xef\xbb\xbfv: x\n", "v"), "x");
	umpire_arena_free(&a);
}

static void
non_specific_tag(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	/* YAML 1.2, 6.9.1: a scalar tagged "!" is a string. */
	assert_str(value_of(&a, "v: ! 5\n", "v"), "5");
	assert_str(value_of(&a, "v: ! true\n", "v"), "true");
	umpire_arena_free(&a);
}

static void
collection_keys(void **state)
{
	(void)state;
	assert_refused("? [a, b]\n: c\n", NULL, "t.yaml:1:3: error: a mapping "
	    "key must be a scalar, not a list");
	assert_refused("{{a: 1}: 2}\n", NULL, "a mapping key must be a scalar, "
	    "not a mapping");
	assert_refused("x: &s [1]\n*s : v\n", NULL, "not a list");
}

static void
two_documents(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_refused("a: 1\n---\nb: 2\n", NULL, "t.yaml:2:1: error: a second "
	    "YAML document; the file must hold one");
	assert_refused("--- 1\n--- 2\n", NULL, "a second YAML document");
	/* One document with its markers is fine. */
	const struct umpire_node *root = parse_ok(&a,
		"%YAML 1.2\n---\na: 1\n...\n");
	assert_int_node(umpire_map_get(root, "a"), 1, false);
	umpire_arena_free(&a);
}

static void
invalid_utf8(void **state)
{
	(void)state;
	assert_refused("a: ok\nb: caf\xff\n", NULL, "t.yaml:2:7: error: invalid "
	    "leading UTF-8 octet (byte 0xff); the file must be UTF-8 text");
	/* The column counts characters: two of two bytes each here. */
	assert_refused("a: \xc3\xa9\xc3\xa9 \xfe\n", NULL,
	    "t.yaml:1:7: error: invalid leading UTF-8 octet (byte 0xfe)");
	assert_refused("a: \xc3\n", NULL, "t.yaml:1:");
	assert_refused("a: \xed\xa0\x80\n", NULL, "the file must be UTF-8 text");
	assert_refused("a: \xc0\xaf\n", NULL, "the file must be UTF-8 text");
}

static void
nul_in_strings(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const char raw[] = "a: x\0y\n";

	(void)state;
	assert_refused("a: 1\nb: \"x\\0y\"\n", NULL, "t.yaml:2:4: error: a string "
	    "holds a NUL character");
	assert_refused("a: \"\\x00\"\n", NULL, "holds a NUL character");
	assert_refused("\"\\u0000\": 1\n", NULL, "holds a NUL character");
	/* A raw NUL byte is no text at all. */
	struct umpire_node *n;
	assert_int_equal(umpire_yaml_parse(&n, &a, "t.yaml", raw, sizeof(raw) - 1,
	    NULL, &d), -1);
	assert_null(n);
	assert_diag(&d, "t.yaml:1:5: error:");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

static void
syntax_errors(void **state)
{
	(void)state;
	assert_refused("a: [1, 2\n", NULL, "t.yaml:2:1: error:");
	assert_refused("a: b: c\n", NULL, "t.yaml:1:5: error: mapping values are "
	    "not allowed in this context");
	assert_refused("- a\nb: c\n", NULL, "t.yaml:2:1: error:");
	assert_refused("a: 'open\n", NULL, "t.yaml:");
}

/* ---------------------------------------------------------- emitting */

static char *
emit(const struct umpire_node *n, const char *comment)
{
	struct umpire_buf out = UMPIRE_BUF_INIT;

	assert_int_equal(umpire_yaml_emit(&out, n, comment), 0);
	char *s = strdup(umpire_buf_cstr(&out));
	umpire_buf_free(&out);
	return s;
}

static void
emit_quotes_ambiguous(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const quoted[] = { "yes", "no", "on", "off", "y",
		"n", "Y", "N", "Yes", "NO", "On", "OFF", "true", "False", "null",
		"Null", "~", "", "1.5", "12", "-3", "0x1F", "0o17", "1e3", ".inf",
		".nan", "-", "- x", "a: b", "#c", "a #c", " lead", "trail ",
		"2024-01-01", "12:30", "@x", "`x", "!x", "&x", "*x", "%x", "[x]",
		"{x}", "x,y", "line\nbreak", "tab\there", "\"", "'", "\\",
		"caf\xc3\xa9", "1_000", "+1", ".5", "=", "<<", "?", "|", ">" };
	static const char *const bare[] = { "rifle", "g1", "machine-gun",
		"a.b_c", "Green", "_x", "t15", "amb-74d31d4dc6", "yes-man",
		"nob", "onward", "nullx", "truely" };

	(void)state;
	for (size_t i = 0; i < sizeof(quoted) / sizeof(quoted[0]); i++) {
		struct umpire_node *m = umpire_node_map(&a, false);
		umpire_map_add(&a, m, "k", umpire_node_str(&a, quoted[i]));
		char *text = emit(m, NULL);
		if (strncmp(text, "k: \"", 4) != 0)
			fail_msg("'%s' is not double-quoted: %s", quoted[i], text);
		/* ...and reads back as the same string. */
		struct umpire_node *back = parse_ok(&a, text);
		assert_str(umpire_map_get(back, "k"), quoted[i]);
		free(text);
	}
	for (size_t i = 0; i < sizeof(bare) / sizeof(bare[0]); i++) {
		struct umpire_node *m = umpire_node_map(&a, false);
		umpire_map_add(&a, m, "k", umpire_node_str(&a, bare[i]));
		char *text = emit(m, NULL);
		char *want = umpire_arena_printf(&a, "k: %s\n", bare[i]);
		assert_string_equal(text, want);
		free(text);
	}
	/* Keys are quoted by the same rule. */
	struct umpire_node *m = umpire_node_map(&a, false);
	umpire_map_add(&a, m, "yes", umpire_node_int(&a, 1));
	umpire_map_add(&a, m, "on", umpire_node_int(&a, 2));
	umpire_map_add(&a, m, "plain", umpire_node_int(&a, 3));
	char *text = emit(m, NULL);
	assert_string_equal(text, "\"yes\": 1\n\"on\": 2\nplain: 3\n");
	free(text);
	umpire_arena_free(&a);
}

static void
emit_values(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *m = umpire_node_map(&a, false);
	struct umpire_node *f = umpire_node_new(&a, UMPIRE_FLOAT);

	(void)state;
	f->u.f = 2.0;
	umpire_map_add(&a, m, "nil", umpire_node_new(&a, UMPIRE_NULL));
	umpire_map_add(&a, m, "t", umpire_node_bool(&a, true));
	umpire_map_add(&a, m, "f", umpire_node_bool(&a, false));
	umpire_map_add(&a, m, "i", umpire_node_int(&a, -42));
	umpire_map_add(&a, m, "min", umpire_node_int(&a, LLONG_MIN));
	umpire_map_add(&a, m, "x", f);
	char *text = emit(m, "a comment");
	assert_string_equal(text, "# a comment\nnil: null\nt: true\nf: false\n"
	    "i: -42\nmin: -9223372036854775808\nx: 2.0\n");
	free(text);
	umpire_arena_free(&a);
}

static void
emit_flow_and_block(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *root = umpire_node_map(&a, false);
	struct umpire_node *fm = umpire_map_add(&a, root, "fm",
		umpire_node_map(&a, true));
	struct umpire_node *fs = umpire_map_add(&a, root, "fs",
		umpire_node_seq(&a, true));
	struct umpire_node *bs = umpire_map_add(&a, root, "bs",
		umpire_node_seq(&a, false));
	struct umpire_node *bm = umpire_map_add(&a, root, "bm",
		umpire_node_map(&a, false));

	(void)state;
	umpire_map_add(&a, fm, "a", umpire_node_int(&a, 1));
	umpire_map_add(&a, fm, "b", umpire_node_str(&a, "x"));
	umpire_seq_add(&a, fs, umpire_node_int(&a, 6));
	umpire_seq_add(&a, fs, umpire_node_int(&a, 4));
	umpire_seq_add(&a, bs, umpire_node_str(&a, "one"));
	umpire_seq_add(&a, bs, fm);
	umpire_map_add(&a, bm, "k", umpire_node_str(&a, "v"));
	umpire_map_add(&a, root, "empty", umpire_node_seq(&a, false));
	char *text = emit(root, NULL);
	assert_string_equal(text,
		"fm: {a: 1, b: x}\n"
		"fs: [6, 4]\n"
		"bs:\n"
		"- one\n"
		"- {a: 1, b: x}\n"
		"bm:\n"
		"  k: v\n"
		"empty: []\n");
	/* Deterministic: the same nodes give the same bytes. */
	char *again = emit(root, NULL);
	assert_string_equal(text, again);
	/* Reading it back keeps the styles. */
	const struct umpire_node *back = parse_ok(&a, text);
	assert_true(umpire_map_get(back, "fm")->flow);
	assert_true(umpire_map_get(back, "fs")->flow);
	assert_false(umpire_map_get(back, "bs")->flow);
	assert_false(umpire_map_get(back, "bm")->flow);
	free(text);
	free(again);
	umpire_arena_free(&a);
}

/* Same tree: types and values, in order. */
static void
assert_same_tree(const struct umpire_node *x, const struct umpire_node *y)
{
	assert_int_equal(x->type, y->type);
	switch (x->type) {
	case UMPIRE_NULL:
		break;
	case UMPIRE_BOOL:
		assert_int_equal(x->u.b, y->u.b);
		break;
	case UMPIRE_INT:
		assert_int_equal(x->big, y->big);
		if (x->big)
			assert_string_equal(x->u.s.ptr, y->u.s.ptr);
		else
			assert_true(x->u.i == y->u.i);
		break;
	case UMPIRE_FLOAT:
		if (isnan(x->u.f))
			assert_true(isnan(y->u.f));
		else
			assert_true(x->u.f == y->u.f);
		break;
	case UMPIRE_STR:
		assert_int_equal(x->u.s.len, y->u.s.len);
		assert_memory_equal(x->u.s.ptr, y->u.s.ptr, x->u.s.len);
		break;
	case UMPIRE_SEQ:
		assert_int_equal(x->u.seq.n, y->u.seq.n);
		for (size_t i = 0; i < x->u.seq.n; i++)
			assert_same_tree(x->u.seq.v[i], y->u.seq.v[i]);
		break;
	case UMPIRE_MAP:
		assert_int_equal(x->u.map.n, y->u.map.n);
		for (size_t i = 0; i < x->u.map.n; i++) {
			assert_same_tree(x->u.map.v[i].key, y->u.map.v[i].key);
			assert_same_tree(x->u.map.v[i].val, y->u.map.v[i].val);
		}
		break;
	}
}

/* parse(emit(x)) == x, and emit(parse(emit(x))) == emit(x). */
static void
assert_round_trip(const struct umpire_node *x)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	char *text = emit(x, NULL);
	const struct umpire_node *back = parse_ok(&a, text);
	char *again = emit(back, NULL);

	assert_same_tree(x, back);
	assert_string_equal(text, again);
	free(text);
	free(again);
	umpire_arena_free(&a);
}

static void
round_trip_parsed(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	static const char *const docs[] = {
		"a: null\nb: ~\nc:\nd: true\ne: False\nf: yes\ng: 0o17\n"
		"h: 0x1F\ni: -12\nj: +7\nk: 1.5\nl: \"1.5\"\nm: 'no'\nn: 007\n"
		"o: 1e300\np: -0.0\nq: 0.1\nr: .5\n",
		"list:\n  - one\n  - two: {three: 3, four: [4, 4.5]}\n  - []\n"
		"  - {}\n  - - nested\n",
		"base: &b {x: 1, y: [a, b]}\nuse: *b\nagain: [*b, *b]\n",
		"s: \"tab\\there \\\"quoted\\\" back\\\\slash\"\n"
		"u: \"caf\xc3\xa9 \\u2028 \\x85 \\ufeff \\e \\x01 \\u00a0\"\n"
		"lit: |\n  line one\n  line two\n"
		"sp: \"  \"\nlead: \" x\"\ncolon: \"a: b\"\nhash: \"#x\"\n",
		"\"yes\": 1\n\"1\": 2\n\"\": 3\n\"a b\": 4\n\"k: v\": 5\n",
		"[1, [2, [3, [4, {five: [6]}]]]]\n",
		"just a string\n",
		"- 9223372036854775807\n- -9223372036854775808\n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
		assert_round_trip(parse_ok(&a, docs[i]));
	umpire_arena_free(&a);
}

/* ------------------------------------------ direct writer and libyaml */

/*
 * umpire_yaml_emit writes the common shapes itself and leaves the rest
 * to libyaml's emitter.  The bytes must be libyaml's, always: a state
 * written one way and re-encoded the other by verify must compare equal.
 * Returns whether the direct writer took the document.
 */
static bool
assert_direct_is_libyaml(const struct umpire_node *n, const char *what)
{
	struct umpire_buf direct = UMPIRE_BUF_INIT, ref = UMPIRE_BUF_INIT;
	bool took = umpire_yaml_emit_direct(&direct, n);

	assert_int_equal(umpire_yaml_emit_reference(&ref, n), 0);
	if (took && !umpire_buf_equal(&direct, ref.ptr, ref.len))
		fail_msg("%s: the direct writer gives\n%s\nand libyaml\n%s", what,
		    umpire_buf_cstr(&direct), umpire_buf_cstr(&ref));
	if (!took)
		assert_int_equal(direct.len, 0);
	umpire_buf_free(&direct);
	umpire_buf_free(&ref);
	return took;
}

static size_t corpus_files, corpus_direct;

static int
corpus_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *root;
	size_t len, n = strlen(path);

	(void)st;
	(void)ftw;
	if (flag != FTW_F || n < 5 || strcmp(path + n - 5, ".yaml") != 0)
		return 0;
	char *text = slurp(path, &len);
	if (umpire_yaml_parse(&root, &a, path, text, len, NULL, &d) == 0) {
		corpus_files++;
		corpus_direct += assert_direct_is_libyaml(root, path);
	}
	free(text);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return 0;
}

/* Every YAML file of the tree that parses: samples, golden cases, schemas. */
static void
direct_writer_corpus(void **state)
{
	(void)state;
	assert_int_equal(nftw("samples", corpus_one, 16, FTW_PHYS), 0);
	assert_int_equal(nftw("tests", corpus_one, 16, FTW_PHYS), 0);
	assert_int_equal(nftw("schemas", corpus_one, 16, FTW_PHYS), 0);
	print_message("%zu of %zu files written directly\n", corpus_direct,
	    corpus_files);
	assert_true(corpus_files > 500);
	/* The few left to libyaml are the fuzz corpus's odd keys. */
	assert_true(corpus_direct * 100 >= corpus_files * 95);
}

static uint64_t rnd_state;

static uint64_t
rnd(uint64_t n)
{
	/* xorshift64*: reproducible, and enough for shapes. */
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return (rnd_state * 0x2545f4914f6cdd1dULL) % n;
}

/* A string of the pieces the two writers could disagree on. */
static struct umpire_node *
random_string(struct umpire_arena *a, bool key)
{
	static const char *const pieces[] = {
		"a", "Z", "_", "x1", "-", ".", "+", " ", "  ", ":", ": ", "#",
		" #", ",", "[", "]", "{", "}", "'", "\"", "\\", "?", "!", "&",
		"*", "|", ">", "%", "@", "`", "\t", "\n", "\r", "\x01", "\x1b",
		"\x7f", "0", "12", "1.5", "1e3", "0x1F", "yes", "No", "null",
		"~", "true", "---", "...", "caf\xc3\xa9", "\xc2\x85",
		"\xc2\xa0", "\xc2\x9f", "\xe2\x80\xa8", "\xe2\x80\xa9",
		"\xef\xbb\xbf", "\xef\xbf\xbe", "\xef\xbf\xbd", "\xed\x9f\xbf",
		"\xee\x80\x80", "\xf0\x9f\x8e\xb2", "\xe6\x88\xa6", "-a", "a-",
		"_x", ".inf", "-.inf", ".nan",
	};
	size_t n = rnd(8), cap = 1;
	char *s;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	if (rnd(20) == 0)
		n = key ? 30 + rnd(40) : 100 + rnd(200);	/* long ones */
	for (size_t i = 0; i < n; i++)
		umpire_buf_puts(&b, pieces[rnd(sizeof(pieces) / sizeof(*pieces))]);
	if (rnd(30) == 0)
		umpire_buf_add(&b, "\0", 1);	/* a NUL inside */
	cap += b.len;
	s = umpire_arena_alloc(a, cap);
	if (b.len)
		memcpy(s, b.ptr, b.len);
	struct umpire_node *node = umpire_node_new(a, UMPIRE_STR);
	node->u.s.ptr = s;
	node->u.s.len = b.len;
	umpire_buf_free(&b);
	return node;
}

static struct umpire_node *
random_node(struct umpire_arena *a, int depth)
{
	struct umpire_node *n;

	switch (depth > 4 ? rnd(5) : rnd(9)) {
	case 0:
		return umpire_node_new(a, UMPIRE_NULL);
	case 1:
		return umpire_node_bool(a, rnd(2));
	case 2: {
		/* Any 64 bits, the extremes included. */
		uint64_t bits = rnd(UINT64_MAX) ^ (rnd(2) << 63);
		long long v;
		memcpy(&v, &bits, sizeof(v));
		return umpire_node_int(a, v);
	}
	case 3:
		n = umpire_node_new(a, UMPIRE_FLOAT);
		n->u.f = rnd(10) == 0 ? (rnd(2) ? INFINITY : NAN) :
		    ((double)rnd(1000000) - 500000) / (double)(1 + rnd(1000)) *
		    (rnd(4) ? 1 : 1e30);
		return n;
	case 4:
		return random_string(a, false);
	case 5:
	case 6:
		n = umpire_node_seq(a, rnd(3) == 0);
		for (size_t i = 0, k = rnd(5); i < k; i++)
			umpire_seq_add(a, n, random_node(a, depth + 1));
		return n;
	default:
		n = umpire_node_map(a, rnd(3) == 0);
		for (size_t i = 0, k = rnd(5); i < k; i++) {
			struct umpire_node *key = random_string(a, true);
			umpire_map_add(a, n, "", random_node(a, depth + 1));
			n->u.map.v[n->u.map.n - 1].key = key;
		}
		return n;
	}
}

/* Random documents, seeded: shapes, scalars and strings of every kind. */
static void
direct_writer_random(void **state)
{
	size_t direct = 0, total = 20000;

	(void)state;
	rnd_state = 0x756d70697265ULL;
	for (size_t i = 0; i < total; i++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_node *root = random_node(&a, 0);
		if (root->type != UMPIRE_SEQ && root->type != UMPIRE_MAP) {
			struct umpire_node *seq = umpire_node_seq(&a, rnd(4) == 0);
			umpire_seq_add(&a, seq, root);
			root = seq;
		}
		char what[64];
		snprintf(what, sizeof(what), "random document %zu", i);
		direct += assert_direct_is_libyaml(root, what);
		umpire_arena_free(&a);
	}
	print_message("%zu of %zu random documents written directly\n", direct,
	    total);
	assert_true(direct * 2 >= total);
}

static void
round_trip_built(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *root = umpire_node_map(&a, false);
	char *longs = umpire_arena_alloc(&a, 301);

	(void)state;
	memset(longs, 'x', 300);
	umpire_map_add(&a, root, "long", umpire_node_str(&a, longs));
	umpire_map_add(&a, root, longs, umpire_node_str(&a, "long key"));
	struct umpire_node *s = umpire_map_add(&a, root, "mixed",
		umpire_node_seq(&a, true));
	umpire_seq_add(&a, s, umpire_node_str(&a, "off"));
	umpire_seq_add(&a, s, umpire_node_int(&a, 0));
	umpire_seq_add(&a, s, umpire_node_bool(&a, false));
	umpire_seq_add(&a, s, umpire_node_new(&a, UMPIRE_NULL));
	struct umpire_node *f = umpire_node_new(&a, UMPIRE_FLOAT);
	f->u.f = 0.1 + 0.2;
	umpire_seq_add(&a, s, f);
	f = umpire_node_new(&a, UMPIRE_FLOAT);
	f->u.f = 1e-310;
	umpire_seq_add(&a, s, f);
	f = umpire_node_new(&a, UMPIRE_FLOAT);
	f->u.f = -1e22;
	umpire_seq_add(&a, s, f);
	umpire_map_add(&a, root, "nl", umpire_node_str(&a, "a\nb\n"));
	umpire_map_add(&a, root, "cr", umpire_node_str(&a, "a\r\nb"));
	umpire_map_add(&a, root, "ctl", umpire_node_str(&a, "\x01\x1f\x7f"));
	assert_round_trip(root);
	umpire_arena_free(&a);
}

static void
round_trip_special_floats(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_round_trip(parse_ok(&a, "[.inf, -.inf, .nan, 1e999]\n"));
	umpire_arena_free(&a);
}

static void
round_trip_big_integers(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	assert_round_trip(parse_ok(&a, "- 99999999999999999999\n"));
	umpire_arena_free(&a);
}

static void
accessors(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	const struct umpire_node *root = parse_ok(&a,
		"i: 3\nf: 4.0\ng: 4.5\ns: '5'\nb: true\n");

	(void)state;
	assert_true(umpire_node_integer(umpire_map_get(root, "i"), -1) == 3);
	assert_true(umpire_node_integer(umpire_map_get(root, "f"), -1) == 4);
	assert_true(umpire_node_integer(umpire_map_get(root, "g"), -1) == -1);
	assert_true(umpire_node_integer(umpire_map_get(root, "s"), -1) == -1);
	assert_true(umpire_node_integer(umpire_map_get(root, "b"), -1) == -1);
	assert_true(umpire_node_integer(NULL, -7) == -7);
	assert_null(umpire_map_get(NULL, "i"));
	assert_null(umpire_map_get(umpire_map_get(root, "i"), "i"));
	assert_string_equal(umpire_node_type_name(UMPIRE_NULL), "null");
	assert_string_equal(umpire_node_type_name(UMPIRE_BOOL), "a boolean");
	assert_string_equal(umpire_node_type_name(UMPIRE_INT), "an integer");
	assert_string_equal(umpire_node_type_name(UMPIRE_FLOAT), "a number");
	assert_string_equal(umpire_node_type_name(UMPIRE_STR), "a string");
	assert_string_equal(umpire_node_type_name(UMPIRE_SEQ), "a list");
	assert_string_equal(umpire_node_type_name(UMPIRE_MAP), "a mapping");
	umpire_arena_free(&a);
}

static void
integral_floats_out_of_range(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	/*
	 * (long long)f is undefined for these: umpire_node_integer must not
	 * convert them.  Only clang's -fsanitize=undefined (with its
	 * float-cast-overflow) sees the difference.
	 */
	assert_true(umpire_node_integer(plain(&a, ".inf"), -1) == -1);
	assert_true(umpire_node_integer(plain(&a, "1e19"), -1) == -1);
	assert_true(umpire_node_integer(plain(&a, ".nan"), -1) == -1);
	umpire_arena_free(&a);
}

static void
node_errors(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const struct umpire_node *root = parse_ok(&a, "a:\n  b: 1\n");

	(void)state;
	umpire_node_error(&d, umpire_map_get(umpire_map_get(root, "a"), "b"),
	    "bad %s", "b");
	umpire_node_note(&d, root, "see %d", 1);
	umpire_node_error(&d, NULL, "no place");
	assert_diag(&d, "t.yaml:2:6: error: bad b\n");
	assert_diag(&d, "t.yaml:1:1: note: see 1\n");
	assert_diag(&d, "umpire: error: no place\n");
	assert_int_equal(d.errors, 2);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nulls),
		cmocka_unit_test(booleans),
		cmocka_unit_test(integers),
		cmocka_unit_test(integer_overflow),
		cmocka_unit_test(floats),
		cmocka_unit_test(strings),
		cmocka_unit_test(keys_are_strings),
		cmocka_unit_test(empty_documents),
		cmocka_unit_test(places),
		cmocka_unit_test(error_places),
		cmocka_unit_test(limit_bytes),
		cmocka_unit_test(limit_depth),
		cmocka_unit_test(limit_nodes),
		cmocka_unit_test(billion_laughs),
		cmocka_unit_test(duplicate_keys_small),
		cmocka_unit_test(duplicate_keys_large),
		cmocka_unit_test(unknown_anchors),
		cmocka_unit_test(tags),
		cmocka_unit_test(non_specific_tag),
		cmocka_unit_test(tags_must_fit),
		cmocka_unit_test(byte_order_marks),
		cmocka_unit_test(collection_keys),
		cmocka_unit_test(two_documents),
		cmocka_unit_test(invalid_utf8),
		cmocka_unit_test(nul_in_strings),
		cmocka_unit_test(syntax_errors),
		cmocka_unit_test(emit_quotes_ambiguous),
		cmocka_unit_test(emit_values),
		cmocka_unit_test(emit_flow_and_block),
		cmocka_unit_test(round_trip_parsed),
		cmocka_unit_test(round_trip_built),
		cmocka_unit_test(direct_writer_corpus),
		cmocka_unit_test(direct_writer_random),
		cmocka_unit_test(round_trip_special_floats),
		cmocka_unit_test(round_trip_big_integers),
		cmocka_unit_test(accessors),
		cmocka_unit_test(fixed_decimals),
		cmocka_unit_test(integral_floats_out_of_range),
		cmocka_unit_test(node_errors),
	};

	return cmocka_run_group_tests_name("yaml", tests, NULL, NULL);
}
