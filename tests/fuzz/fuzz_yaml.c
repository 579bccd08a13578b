/*
 * fuzz_yaml - the YAML reader and writer (doc/yaml.c), and the schema
 * validator on whatever shapes the reader lets through.
 *
 * For every input:
 *   - parse it with the default limits and with tight ones; whatever the
 *     tight parse accepts the default one accepts too, as the same tree;
 *   - validate what parses against every embedded schema (nothing to
 *     check but that the validator survives any shape);
 *   - emit what parses and parse that again: it must parse, to the same
 *     tree (types and values; places and styles may differ), and emitting
 *     the second tree must give the same bytes (the emitter is
 *     deterministic and its output is a fixed point).
 *
 * The emitter expands aliases, so a small input may stand for a large
 * document; inputs whose expansion would pass the reader's byte limit
 * are not round-tripped (the reader would rightly refuse the result).
 */
#include <math.h>

#include "doc/schema.h"
#include "fuzz.h"

static const char *const schemas[] = {
	"envelope", "amb/orders", "amb/scenario", "amb/state", NULL,
};

/* Bytes the emitted text will take, roughly; stops counting past cap. */
static size_t
expanded_bytes(const struct umpire_node *n, size_t cap, size_t sofar)
{
	sofar += 8;
	if (sofar > cap)
		return sofar;
	switch (n->type) {
	case UMPIRE_STR:
		/* Double quoting may escape a byte as \xXX or \uXXXX. */
		return sofar + 6 * n->u.s.len;
	case UMPIRE_SEQ:
		for (size_t i = 0; i < n->u.seq.n && sofar <= cap; i++)
			sofar = expanded_bytes(n->u.seq.v[i], cap, sofar);
		return sofar;
	case UMPIRE_MAP:
		for (size_t i = 0; i < n->u.map.n && sofar <= cap; i++) {
			sofar = expanded_bytes(n->u.map.v[i].key, cap, sofar);
			sofar = expanded_bytes(n->u.map.v[i].val, cap, sofar);
		}
		return sofar;
	default:
		return sofar + 32;
	}
}

/* NULL if a and b are the same tree, else what differs (static). */
static const char *
differ(const struct umpire_node *a, const struct umpire_node *b)
{
	static char why[200];

	if (a->type != b->type) {
		snprintf(why, sizeof(why), "line %d: %s became %s", a->line,
			umpire_node_type_name(a->type), umpire_node_type_name(b->type));
		return why;
	}
	switch (a->type) {
	case UMPIRE_NULL:
		return NULL;
	case UMPIRE_BOOL:
		return a->u.b == b->u.b ? NULL : "a boolean changed";
	case UMPIRE_INT:
		if (a->big != b->big) {
			snprintf(why, sizeof(why), "line %d: a big integer changed "
				"size", a->line);
			return why;
		}
		if (a->big ? strcmp(a->u.s.ptr, b->u.s.ptr) == 0 : a->u.i == b->u.i)
			return NULL;
		snprintf(why, sizeof(why), "line %d: an integer changed", a->line);
		return why;
	case UMPIRE_FLOAT:
		if (a->u.f == b->u.f || (isnan(a->u.f) && isnan(b->u.f)))
			return NULL;
		snprintf(why, sizeof(why), "line %d: %.17g became %.17g", a->line,
			a->u.f, b->u.f);
		return why;
	case UMPIRE_STR:
		if (a->u.s.len == b->u.s.len &&
		    memcmp(a->u.s.ptr, b->u.s.ptr, a->u.s.len) == 0)
			return NULL;
		snprintf(why, sizeof(why), "line %d: a string of %zu bytes became "
			"one of %zu", a->line, a->u.s.len, b->u.s.len);
		return why;
	case UMPIRE_SEQ:
		if (a->u.seq.n != b->u.seq.n)
			return "a list changed length";
		for (size_t i = 0; i < a->u.seq.n; i++) {
			const char *w = differ(a->u.seq.v[i], b->u.seq.v[i]);
			if (w)
				return w;
		}
		return NULL;
	case UMPIRE_MAP:
		if (a->u.map.n != b->u.map.n)
			return "a mapping changed size";
		for (size_t i = 0; i < a->u.map.n; i++) {
			const char *w = differ(a->u.map.v[i].key, b->u.map.v[i].key);
			if (!w)
				w = differ(a->u.map.v[i].val, b->u.map.v[i].val);
			if (w)
				return w;
		}
		return NULL;
	}
	return "unknown node type";
}

static void
round_trip(const struct umpire_node *root, const char *text, size_t len)
{
	struct umpire_buf out = UMPIRE_BUF_INIT, again = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *back;
	const char *why;

	if (expanded_bytes(root, UMPIRE_YAML_MAX_BYTES, 0) > UMPIRE_YAML_MAX_BYTES)
		return;
	if (umpire_yaml_emit(&out, root, "fuzz") != 0)
		fuzz_fail(NULL, text, len, "cannot emit a document that parsed");
	/* The direct writer, where it takes a document, writes libyaml's bytes. */
	struct umpire_buf direct = UMPIRE_BUF_INIT, ref = UMPIRE_BUF_INIT;
	if (umpire_yaml_emit_direct(&direct, root) &&
	    (umpire_yaml_emit_reference(&ref, root) != 0 ||
	    !umpire_buf_equal(&direct, ref.ptr, ref.len)))
		fuzz_fail(NULL, direct.ptr, direct.len, "the direct writer and "
			"libyaml's emitter disagree; libyaml gives:\n%s",
			umpire_buf_cstr(&ref));
	umpire_buf_free(&direct);
	umpire_buf_free(&ref);
	if (out.len > UMPIRE_YAML_MAX_BYTES)
		goto done;
	if (umpire_yaml_parse(&back, &a, "emitted.yaml", out.ptr, out.len, NULL,
	    &d) != 0)
		fuzz_fail(&d, out.ptr, out.len, "the emitted text does not parse");
	if ((why = differ(root, back)))
		fuzz_fail(NULL, out.ptr, out.len, "round trip changed the "
			"document: %s", why);
	if (umpire_yaml_emit(&again, back, "fuzz") != 0)
		fuzz_fail(NULL, out.ptr, out.len, "cannot emit the emitted text");
	if (!umpire_buf_equal(&again, out.ptr, out.len))
		fuzz_fail(NULL, again.ptr, again.len, "emitting the read-back "
			"document gives other bytes than the first emission");
done:
	fuzz_print(&d);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	umpire_buf_free(&out);
	umpire_buf_free(&again);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct umpire_yaml_limits tight = { 4096, 4, 64 };
	const char *text = (const char *)data;
	struct umpire_arena a = UMPIRE_ARENA_INIT, ta = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT, td = UMPIRE_DIAGS_INIT;
	struct umpire_node *root, *troot;
	int rc, trc;

	rc = umpire_yaml_parse(&root, &a, "fuzz.yaml", text, size, NULL, &d);
	trc = umpire_yaml_parse(&troot, &ta, "fuzz.yaml", text, size, &tight,
		&td);
	if (rc != 0 && d.errors == 0)
		fuzz_fail(NULL, text, size, "the parser failed without saying why");
	if (trc == 0) {
		const char *why;
		if (rc != 0)
			fuzz_fail(&d, text, size, "tight limits accept what the "
				"default limits refuse");
		if ((why = differ(troot, root)))
			fuzz_fail(NULL, text, size, "tight and default limits read "
				"different trees: %s", why);
	}
	if (rc == 0) {
		for (const char *const *s = schemas; *s; s++) {
			struct umpire_diags vd = UMPIRE_DIAGS_INIT;
			size_t n = umpire_schema_validate(*s, root, &vd);
			if (n && !vd.errors)
				fuzz_fail(NULL, text, size, "schema %s counts %zu errors "
					"but records none", *s, n);
			fuzz_print(&vd);
			umpire_diags_free(&vd);
		}
		round_trip(root, text, size);
	}
	fuzz_print(&d);
	fuzz_print(&td);
	umpire_diags_free(&d);
	umpire_diags_free(&td);
	umpire_arena_free(&a);
	umpire_arena_free(&ta);
	return 0;
}
