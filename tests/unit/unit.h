/*
 * unit.h - what the cmocka unit tests in this folder share.
 *
 * Each test file is its own program (the Makefile builds
 * tests/unit/NAME.c alone), so everything here is static inline.
 */
#ifndef UMPIRE_UNIT_H
#define UMPIRE_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "doc/embedded.h"
#include "doc/yaml.h"
#include "rules/registry.h"

/*
 * Every program here plays the rulesets umpire plays: the registry is
 * handed down before main, as umpire's own main does first.
 */
__attribute__((constructor)) static void
unit_registry(void)
{
	umpire_rulesets_use(umpire_rulesets);
}

/* Every diagnostic, printed as umpire prints them, in a heap string. */
static inline char *
diags_text(struct umpire_diags *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	/* Not with none: see test_diag.c, print_nothing. */
	if (d->n)
		umpire_diags_print(d, f);
	fclose(f);
	return text;
}

/* Assert that the printed diagnostics hold needle. */
#define assert_diag(d, needle) do {					\
	char *text_ = diags_text(d);					\
	if (!strstr(text_, (needle)))					\
		fail_msg("no diagnostic holds \"%s\"; they are:\n%s",	\
		    (needle), text_);					\
	free(text_);							\
} while (0)

#define assert_no_diag(d, needle) do {					\
	char *text_ = diags_text(d);					\
	if (strstr(text_, (needle)))					\
		fail_msg("a diagnostic holds \"%s\"; they are:\n%s",	\
		    (needle), text_);					\
	free(text_);							\
} while (0)

/* Parse text (NUL-terminated) with limits lim (NULL: the defaults). */
static inline struct umpire_node *
parse_lim(struct umpire_arena *a, struct umpire_diags *d, const char *text,
	const struct umpire_yaml_limits *lim)
{
	struct umpire_node *n = NULL;

	if (umpire_yaml_parse(&n, a, "t.yaml", text, strlen(text), lim, d) != 0) {
		assert_null(n);
		assert_true(d->errors > 0);
		return NULL;
	}
	assert_non_null(n);
	return n;
}

/* Parse text that must parse. */
static inline struct umpire_node *
parse_ok(struct umpire_arena *a, const char *text)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *n = parse_lim(a, &d, text, NULL);

	if (!n) {
		char *msg = diags_text(&d);
		fail_msg("does not parse:\n%s\n%s", text, msg);
	}
	assert_int_equal(d.n, 0);
	umpire_diags_free(&d);
	return n;
}

/* A file of the tree: tests/... read relative to the repository root. */
static inline char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		fail_msg("cannot open %s (run the tests from the top of the tree)",
		    path);
	for (;;) {
		if (n + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 8192;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		if (!k)
			break;
		n += k;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/*
 * A built-in scenario (path, as umpire_embedded_find knows it) with the
 * published test keys (tests/crypto) of its two players: a heap string.
 */
static inline char *
keyed(const char *path, const char *first, const char *second)
{
	const struct umpire_embedded *e = umpire_embedded_find(path);
	struct umpire_buf out = UMPIRE_BUF_INIT;
	const char *ids[2] = { first, second };

	assert_non_null(e);
	umpire_buf_puts(&out, e->data);
	for (int k = 0; k < 2; k++) {
		char file[128], *key;
		size_t n;
		snprintf(file, sizeof(file), "tests/crypto/test-key-%s-ed25519.pub",
			ids[k]);
		key = slurp(file, &n);
		key[strcspn(key, "\n")] = '\0';
		/* The players mapping's entry: "  ID:\n" gains a key line. */
		char head[64];
		snprintf(head, sizeof(head), "\n  %s:\n", ids[k]);
		char *at = strstr(out.ptr, head);
		assert_non_null(at);
		size_t off = (size_t)(at - out.ptr) + strlen(head);
		struct umpire_buf b = UMPIRE_BUF_INIT;
		umpire_buf_add(&b, out.ptr, off);
		umpire_buf_printf(&b, "    key: %s\n", key);
		umpire_buf_puts(&b, out.ptr + off);
		umpire_buf_free(&out);
		out = b;
		free(key);
	}
	return out.ptr;
}

#endif
