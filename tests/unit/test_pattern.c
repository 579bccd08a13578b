/*
 * test_pattern - the schemas' pattern matcher (doc/pattern.c) gives
 * regexec(3)'s answer (POSIX extended, the C locale) on every pattern
 * the schemas hold and on patterns of every construct it implements,
 * for strings made to come near them; and it refuses what it does not
 * implement.
 */
#include <regex.h>

#include "doc/embedded.h"
#include "doc/pattern.h"
#include "doc/yamlpack.h"
#include "unit.h"

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned
next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* Bytes strings are made of: the pattern's own, and some others. */
static void
alphabet(const char *re, char *out, size_t size)
{
	static const char extra[] = "az09AZ-_.:@ /+\t\n\x01\x1f\x7f\x80\xc3\xa9"
		"\"'\\<>,;w";
	size_t n = 0;

	for (const char *p = re; *p && n + 1 < size; p++)
		if (!memchr(out, *p, n))
			out[n++] = *p;
	for (const char *p = extra; *p && n + 1 < size; p++)
		if (!memchr(out, *p, n))
			out[n++] = *p;
	out[n] = '\0';
}

/* regexec and the matcher agree on s. */
static void
agree(const char *re, regex_t *posix, const struct umpire_pattern *p,
	const char *s)
{
	bool want = regexec(posix, s, 0, NULL, 0) == 0;

	if (umpire_pattern_match(p, s) != want)
		fail_msg("/%s/ on \"%s\": regexec says %s", re, s,
		    want ? "match" : "no match");
}

/* Many strings near re: random, grown from a match, and cut. */
static void
compare(const char *re)
{
	regex_t posix;
	struct umpire_pattern *p = umpire_pattern_compile(re);
	char alpha[128], s[160];

	if (!p)
		fail_msg("/%s/ does not compile", re);
	assert_int_equal(regcomp(&posix, re, REG_EXTENDED | REG_NOSUB), 0);
	alphabet(re, alpha, sizeof(alpha));
	size_t na = strlen(alpha);
	agree(re, &posix, p, "");
	for (int i = 0; i < 3000; i++) {
		size_t len = next(i < 1500 ? 12 : 90);
		for (size_t j = 0; j < len; j++)
			s[j] = alpha[next((unsigned)na)];
		s[len] = '\0';
		agree(re, &posix, p, s);
	}
	/* Strings that match, found by growing one byte at a time, each
	 * step and its neighbours compared. */
	for (int round = 0; round < 200; round++) {
		size_t len = 0;
		for (int step = 0; step < 100 && len + 1 < sizeof(s); step++) {
			s[len] = alpha[next((unsigned)na)];
			s[++len] = '\0';
			agree(re, &posix, p, s);
			if (regexec(&posix, s, 0, NULL, 0) != 0 && next(4))
				s[--len] = '\0';	/* mostly keep to prefixes */
		}
	}
	regfree(&posix);
	umpire_pattern_free(p);
}

static void
collect(const struct umpire_node *n, void (*fn)(const char *))
{
	if (n->type == UMPIRE_SEQ)
		for (size_t i = 0; i < n->u.seq.n; i++)
			collect(n->u.seq.v[i], fn);
	if (n->type != UMPIRE_MAP)
		return;
	for (size_t i = 0; i < n->u.map.n; i++) {
		const struct umpire_pair *pr = &n->u.map.v[i];
		if (strcmp(pr->key->u.s.ptr, "pattern") == 0 &&
		    pr->val->type == UMPIRE_STR)
			fn(pr->val->u.s.ptr);
		else
			collect(pr->val, fn);
	}
}

static int seen;

static void
compare_counted(const char *re)
{
	compare(re);
	seen++;
}

/* Every pattern of every schema in the binary. */
static void
schema_patterns(void **state)
{
	(void)state;
	for (const struct umpire_yamlpack *p = umpire_schema_packs; p->path;
	    p++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_node *root;
		assert_int_equal(umpire_yamlpack_read(&root, &a, p->path, p->data,
		    p->len), 0);
		collect(root, compare_counted);
		umpire_arena_free(&a);
	}
	assert_true(seen >= 20);
}

/* Each construct, alone and together. */
static void
constructs(void **state)
{
	static const char *const res[] = {
		"a", "abc", "^a", "a$", "^a$", "^$", "b", "^ab*c$", "a+b", "^a?b$",
		"^(ab|cd)+$", "x(a|bc)*y", "^a{3}$", "^a{2,}$",
		"^a{0,2}b{1,3}$", "^[a-c]{2,4}$", "[^a-c]", "^[^a-c]*$", "^[]a]$",
		"^[^]a]+$", "^[a-]$", "^[-a]+$", "^[\\\\.]+$", "^\\.\\*\\+$",
		"^.$", "^..?x", "a.c", "^(a(b(c)?)?)?$", "^(a*)*$", "^(a|ab)(c|bcd)$",
		"(^a|b$)", "^w-", "^[wb]-(war([1-9]|10)|arc[1-3]|mag[12])$",
		"^[0-9]+\\.[0-9]+\\.[0-9]+$", "^(sha256:)?[0-9a-f]{4}$",
		"^[^\x01-\x1f\x7f]+$", "^[\x80-\xff]+$", "\\$", "^\\^",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(res) / sizeof(res[0]); i++)
		compare(res[i]);
}

/* What the matcher does not implement, refused, not misread. */
static void
refused(void **state)
{
	static const char *const res[] = {
		"[[:alpha:]]", "[[=a=]]", "[[.a.]]", "\\w", "\\d", "\\1", "(a)\\1",
		"a**", "a+?", "^*", "$+", "*a", "+", "?", "{1}", "a{", "a{x}",
		"a{2,1}", "a{300}", "(a", "a)", "[a", "[z-a]", "a|*", "a}", "]",
		"a\\", "", "^(a|b|)c$", "a||b",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(res) / sizeof(res[0]); i++) {
		struct umpire_pattern *p = umpire_pattern_compile(res[i]);
		if (p)
			fail_msg("/%s/ compiles", res[i]);
	}
}

/* A long string costs time in proportion to its length: no way through
 * the pattern is tried again and again. */
static void
long_strings(void **state)
{
	struct umpire_pattern *p = umpire_pattern_compile(
		"^[^<>\x01-\x20\x7f.,:;\"'\\\\]([^<>\x01-\x1f\x7f]*"
		"[^<>\x01-\x20\x7f.,:;\"'\\\\])?$");
	size_t n = 1 << 20;
	char *s = malloc(n + 1);

	(void)state;
	assert_non_null(p);
	memset(s, 'a', n);
	s[n] = '\0';
	assert_true(umpire_pattern_match(p, s));
	s[n - 1] = '\x01';
	assert_false(umpire_pattern_match(p, s));
	free(s);
	umpire_pattern_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(schema_patterns),
		cmocka_unit_test(constructs),
		cmocka_unit_test(refused),
		cmocka_unit_test(long_strings),
	};

	return cmocka_run_group_tests_name("pattern", tests, NULL, NULL);
}
