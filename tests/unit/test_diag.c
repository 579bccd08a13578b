/*
 * test_diag - diagnostics (util/diag.c): their form, their order, the
 * cap on how many are kept, and the did-you-mean machinery.
 */
#include "unit.h"

static void
forms(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	umpire_diag(&d, UMPIRE_ERROR, "o.yaml", 3, 7, "bad %s", "thing");
	umpire_diag(&d, UMPIRE_WARNING, "o.yaml", 0, 0, "whole file");
	umpire_diag(&d, UMPIRE_NOTE, NULL, 0, 0, "no file at all");
	char *text = diags_text(&d);
	assert_string_equal(text,
		"o.yaml:3:7: error: bad thing\n"
		"o.yaml: warning: whole file\n"
		"umpire: note: no file at all\n");
	free(text);
	/* Only errors count as errors. */
	assert_int_equal(d.errors, 1);
	assert_int_equal(d.n, 3);
	umpire_diags_clear(&d);
	assert_int_equal(d.n, 0);
	assert_int_equal(d.errors, 0);
	umpire_diag(&d, UMPIRE_ERROR, "x", 1, 1, "again");
	assert_int_equal(d.n, 1);
	umpire_diags_free(&d);
}

static void
order(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	char name[] = "b.yaml";

	(void)state;
	/* Files in the order they first appear; each by line, then column. */
	umpire_diag(&d, UMPIRE_ERROR, name, 9, 1, "b9");
	umpire_diag(&d, UMPIRE_ERROR, "a.yaml", 5, 2, "a5.2");
	umpire_diag(&d, UMPIRE_ERROR, "b.yaml", 2, 1, "b2");
	umpire_diag(&d, UMPIRE_ERROR, "a.yaml", 0, 0, "a-whole");
	umpire_diag(&d, UMPIRE_ERROR, "a.yaml", 5, 1, "a5.1");
	umpire_diag(&d, UMPIRE_NOTE, "b.yaml", 2, 1, "b2-note");
	umpire_diag(&d, UMPIRE_ERROR, NULL, 0, 0, "nofile");
	umpire_diag(&d, UMPIRE_ERROR, "a.yaml", 1, 9, "a1");
	umpire_diag(&d, UMPIRE_ERROR, "b.yaml", 2, 1, "b2-again");
	/* The name is copied: the caller's buffer may change. */
	strcpy(name, "zzzzzz");
	char *text = diags_text(&d);
	assert_string_equal(text,
		"b.yaml:2:1: error: b2\n"
		"b.yaml:2:1: note: b2-note\n"
		"b.yaml:2:1: error: b2-again\n"
		"b.yaml:9:1: error: b9\n"
		"a.yaml:1:9: error: a1\n"
		"a.yaml:5:1: error: a5.1\n"
		"a.yaml:5:2: error: a5.2\n"
		"a.yaml: error: a-whole\n"
		"umpire: error: nofile\n");
	free(text);
	/* Printing sorts a copy: the record keeps insertion order. */
	assert_string_equal(d.v[0].msg, "b9");
	assert_string_equal(d.v[8].msg, "b2-again");
	for (size_t i = 0; i < d.n; i++)
		assert_int_equal(d.v[i].seq, i);
	umpire_diags_free(&d);
}

static void
cap(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	d.max = 5;
	for (int i = 0; i < 12; i++)
		umpire_diag(&d, UMPIRE_ERROR, "o.yaml", 12 - i, 1, "number %d", i);
	/* Five kept, one note that says so; every error still counted. */
	assert_int_equal(d.n, 6);
	assert_int_equal(d.errors, 12);
	char *text = diags_text(&d);
	assert_string_equal(text,
		"o.yaml:8:1: error: number 4\n"
		"o.yaml:9:1: error: number 3\n"
		"o.yaml:10:1: error: number 2\n"
		"o.yaml:11:1: error: number 1\n"
		"o.yaml:12:1: error: number 0\n"
		"o.yaml: note: too many diagnostics; stopping here\n");
	free(text);
	umpire_diags_free(&d);

	/* The default cap is 200. */
	d.max = 0;
	for (int i = 0; i < 1000; i++)
		umpire_diag(&d, UMPIRE_WARNING, "o.yaml", i + 1, 1, "w");
	assert_int_equal(d.n, 201);
	assert_int_equal(d.errors, 0);
	assert_string_equal(d.v[200].msg, "too many diagnostics; stopping here");
	umpire_diags_free(&d);
}

static void
cap_note_owns_file(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	char *name = strdup("orders.yaml");

	(void)state;
	/*
	 * umpire check frees the orders' arena, which holds the file name
	 * the nodes carry, before it prints: every diagnostic must own its
	 * copy of the name, the cap's note too (else a heap use after free
	 * in `umpire check` on orders with more than 200 problems).
	 */
	d.max = 2;
	for (int i = 0; i < 3; i++)
		umpire_diag(&d, UMPIRE_ERROR, name, i + 1, 1, "e%d", i);
	assert_true(d.v[2].file != name);
	memset(name, 'X', strlen(name));
	free(name);
	char *text = diags_text(&d);
	assert_string_equal(text,
		"orders.yaml:1:1: error: e0\n"
		"orders.yaml:2:1: error: e1\n"
		"orders.yaml: note: too many diagnostics; stopping here\n");
	free(text);
	umpire_diags_free(&d);
}

static void
print_nothing(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	char *text = NULL;
	size_t len = 0;

	(void)state;
	/*
	 * Every successful command prints its (empty) diagnostics; with none,
	 * umpire_diags_print passed NULL to memcpy, which UBSan stops on
	 * (make SANITIZE=address,undefined: every command then exited 1).
	 * Only a sanitizer build can see that.
	 */
	FILE *f = open_memstream(&text, &len);
	umpire_diags_print(&d, f);
	fclose(f);
	assert_int_equal(len, 0);
	free(text);
	umpire_diags_free(&d);
}

static void
edit_distance(void **state)
{
	(void)state;
	assert_int_equal(umpire_edit_distance("", ""), 0);
	assert_int_equal(umpire_edit_distance("", "abc"), 3);
	assert_int_equal(umpire_edit_distance("abc", ""), 3);
	assert_int_equal(umpire_edit_distance("rifle", "rifle"), 0);
	assert_int_equal(umpire_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(umpire_edit_distance("sitting", "kitten"), 3);
	/* Case does not count. */
	assert_int_equal(umpire_edit_distance("RIFLE", "rifle"), 0);
	assert_int_equal(umpire_edit_distance("Mortar", "mortor"), 1);
	/* A transposition is one edit. */
	assert_int_equal(umpire_edit_distance("rifel", "rifle"), 1);
	assert_int_equal(umpire_edit_distance("ab", "ba"), 1);
	assert_int_equal(umpire_edit_distance("tna", "tan"), 1);
	assert_int_equal(umpire_edit_distance("abcd", "badc"), 2);
	/* Optimal string alignment: no edits of a transposed pair. */
	assert_int_equal(umpire_edit_distance("ca", "abc"), 3);
	/* Insertions, deletions, substitutions. */
	assert_int_equal(umpire_edit_distance("machinegun", "machine-gun"), 1);
	assert_int_equal(umpire_edit_distance("smgg", "smg"), 1);
	assert_int_equal(umpire_edit_distance("pistol", "pistil"), 1);
	/* Words too long to compare are far from everything. */
	char long_word[70];
	memset(long_word, 'a', 65);
	long_word[65] = '\0';
	assert_true(umpire_edit_distance(long_word, "a") >= 1000);
	assert_true(umpire_edit_distance("a", long_word) >= 1000);
	long_word[64] = '\0';
	assert_int_equal(umpire_edit_distance(long_word, long_word), 0);
}

static const char *
suggest(const char *word, const char *const *candidates)
{
	struct umpire_suggest s;

	umpire_suggest_init(&s, word);
	for (; *candidates; candidates++)
		umpire_suggest_add(&s, *candidates);
	return s.best;
}

static void
suggestions(void **state)
{
	static const char *const weapons[] = { "bazooka", "mortar", "radio",
		"machine-gun", "rifle", "smg", "grenade", "flamethrower",
		"pistol", NULL };
	static const char *const men[] = { "g1", "g2", "g10", "g11", NULL };
	static const char *const sides[] = { "green", "tan", NULL };

	(void)state;
	assert_string_equal(suggest("rifel", weapons), "rifle");
	assert_string_equal(suggest("Rifle", weapons), "rifle");
	assert_string_equal(suggest("machinegun", weapons), "machine-gun");
	assert_string_equal(suggest("flamethrowr", weapons), "flamethrower");
	assert_null(suggest("sword", weapons));
	/* The word itself is no suggestion. */
	assert_null(suggest("rifle", weapons));
	/* The closest wins; among equals, the first given. */
	assert_string_equal(suggest("g12", men), "g1");
	assert_string_equal(suggest("g3", men), "g1");
	assert_string_equal(suggest("gren", sides), "green");
	assert_null(suggest("", sides));
	/* Among equals, the one that starts most alike: a shortened type. */
	static const char *const units[] = { "a-how1", "a-lt1", "a-fort1",
		NULL };
	assert_string_equal(suggest("a-fo1", units), "a-fort1");
}

static void
suggestion_thresholds(void **state)
{
	static const char *const four[] = { "abcd", NULL };
	static const char *const eight[] = { "abcdefgh", NULL };
	static const char *const nine[] = { "abcdefghi", NULL };

	(void)state;
	/* Up to four letters: one edit. */
	assert_string_equal(suggest("abcx", four), "abcd");
	assert_null(suggest("abxy", four));
	assert_null(suggest("ab", four));
	/* Five to eight letters: two edits. */
	assert_string_equal(suggest("abcdefxy", eight), "abcdefgh");
	assert_null(suggest("abcdexyz", eight));
	assert_null(suggest("abcde", eight));
	assert_string_equal(suggest("abcdef", eight), "abcdefgh");
	/* Nine and more: three. */
	assert_string_equal(suggest("abcdefxyz", nine), "abcdefghi");
	assert_null(suggest("abcdewxyz", nine));
	/* The limit follows the word typed, not the candidate. */
	assert_string_equal(suggest("abcdefgh", nine), "abcdefghi");
}

static void
hints(void **state)
{
	struct umpire_suggest s;

	(void)state;
	umpire_suggest_init(&s, "rifel");
	assert_string_equal(umpire_suggest_hint(&s), "");
	umpire_suggest_add(&s, "pistol");
	assert_string_equal(umpire_suggest_hint(&s), "");
	umpire_suggest_add(&s, "rifle");
	assert_string_equal(umpire_suggest_hint(&s), " (did you mean 'rifle'?)");
	assert_int_equal(s.dist, 1);
}

static void
quote_one(const char *s, size_t len, const char *want)
{
	char buf[UMPIRE_QUOTE_SIZE];

	assert_string_equal(umpire_quote_buf(buf, sizeof(buf), s, len), want);
}

/* Input in a message is short and inert (issue 8, item 2). */
static void
quotes(void **state)
{
	char big[900000];
	char buf[UMPIRE_QUOTE_SIZE];

	(void)state;
	quote_one("rifle", 5, "'rifle'");
	quote_one("", 0, "''");
	quote_one("a\nb\tc\rd\x01\x7f", 9, "'a\\nb\\tc\\rd\\x01\\x7f'");
	/* Right-to-left override and the other bidirectional controls. */
	quote_one("abc\xe2\x80\xaexyz", 9, "'abc\\u202exyz'");
	quote_one("\xe2\x81\xa6\xe2\x81\xa9\xe2\x80\x8f\xd8\x9c", 11,
		"'\\u2066\\u2069\\u200f\\u061c'");
	quote_one("\xc2\x85", 2, "'\\u0085'");	/* C1 next line */
	/* Not UTF-8: stray bytes, overlong forms, surrogates, a cut tail. */
	quote_one("\xff\xc0\xaf\xed\xa0\x80\xe2\x80", 8,
		"'\\xff\\xc0\\xaf\\xed\\xa0\\x80\\xe2\\x80'");
	quote_one("caf\xc3\xa9 \xf0\x9f\x8e\xb2", 10, "'caf\xc3\xa9 \xf0\x9f\x8e\xb2'");
	/* At most 40 characters, then "...". */
	memset(big, 'x', sizeof(big));
	umpire_quote_buf(buf, sizeof(buf), big, sizeof(big));
	assert_int_equal(strlen(buf), 40 + 5);
	assert_memory_equal(buf + 41, "...'", 5);
	memset(big, 1, 100);
	umpire_quote_buf(buf, sizeof(buf), big, 100);
	assert_int_equal(strlen(buf), 40 * 4 + 5);
	/* A small buffer cuts sooner, and still closes the quote. */
	umpire_quote_buf(buf, 16, "abcdefghijklmnopqrstuvwxyz", 26);
	assert_string_equal(buf, "'abcde...'");
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	assert_string_equal(umpire_quote_str(&d, "a\x1b[2J"), "'a\\x1b[2J'");
	umpire_diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(forms),
		cmocka_unit_test(order),
		cmocka_unit_test(cap),
		cmocka_unit_test(cap_note_owns_file),
		cmocka_unit_test(print_nothing),
		cmocka_unit_test(edit_distance),
		cmocka_unit_test(suggestions),
		cmocka_unit_test(suggestion_thresholds),
		cmocka_unit_test(hints),
		cmocka_unit_test(quotes),
	};

	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
