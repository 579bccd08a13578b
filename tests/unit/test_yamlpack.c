/*
 * test_yamlpack - nodes packed and rebuilt (doc/yamlpack.c) are the
 * nodes the parser makes, field for field: for every schema the build
 * packs (what the validator reads instead of parsing), and for documents
 * with every kind of node.
 */
#include "doc/embedded.h"
#include "doc/yamlpack.h"
#include "unit.h"

static void
same_text(const char *what, const char *a, const char *b, int line, int col)
{
	if (!a || !b) {
		if (a != b)
			fail_msg("%d:%d: %s: %s against %s", line, col, what,
			    a ? a : "NULL", b ? b : "NULL");
		return;
	}
	if (strcmp(a, b) != 0)
		fail_msg("%d:%d: %s: '%s' against '%s'", line, col, what, a, b);
}

/* Every field of every node below a and b alike. */
static void
same_node(const struct umpire_node *a, const struct umpire_node *b)
{
	if (a->type != b->type || a->flow != b->flow || a->big != b->big ||
	    a->line != b->line || a->col != b->col || a->weight != b->weight ||
	    a->bytes != b->bytes)
		fail_msg("%d:%d: parsed {type %d flow %d big %d at %d:%d weight %zu "
		    "bytes %zu}, rebuilt {type %d flow %d big %d at %d:%d weight %zu "
		    "bytes %zu}", a->line, a->col, a->type, a->flow, a->big,
		    a->line, a->col, a->weight, a->bytes, b->type, b->flow, b->big,
		    b->line, b->col, b->weight, b->bytes);
	same_text("file", a->file, b->file, a->line, a->col);
	same_text("text", a->text, b->text, a->line, a->col);
	switch (a->type) {
	case UMPIRE_NULL:
		break;
	case UMPIRE_BOOL:
		assert_int_equal(a->u.b, b->u.b);
		break;
	case UMPIRE_INT:
		if (a->big) {
			assert_int_equal(a->u.s.len, b->u.s.len);
			same_text("digits", a->u.s.ptr, b->u.s.ptr, a->line, a->col);
		} else {
			assert_true(a->u.i == b->u.i);
		}
		break;
	case UMPIRE_FLOAT:
		assert_memory_equal(&a->u.f, &b->u.f, sizeof(a->u.f));
		break;
	case UMPIRE_STR:
		assert_int_equal(a->u.s.len, b->u.s.len);
		assert_memory_equal(a->u.s.ptr, b->u.s.ptr, a->u.s.len + 1);
		break;
	case UMPIRE_SEQ:
		assert_int_equal(a->u.seq.n, b->u.seq.n);
		for (size_t i = 0; i < a->u.seq.n; i++)
			same_node(a->u.seq.v[i], b->u.seq.v[i]);
		break;
	case UMPIRE_MAP:
		assert_int_equal(a->u.map.n, b->u.map.n);
		for (size_t i = 0; i < a->u.map.n; i++) {
			same_node(a->u.map.v[i].key, b->u.map.v[i].key);
			same_node(a->u.map.v[i].val, b->u.map.v[i].val);
		}
		break;
	}
}

/* Every schema in the binary, parsed now, against its packed nodes. */
static void
schemas_as_parsed(void **state)
{
	size_t n = 0;

	(void)state;
	for (const struct umpire_embedded *f = umpire_embedded; f->path; f++) {
		if (strncmp(f->path, "schemas/", 8) != 0)
			continue;
		const struct umpire_yamlpack *p = umpire_schema_packs;
		while (p->path && strcmp(p->path, f->path) != 0)
			p++;
		if (!p->path)
			fail_msg("%s: not packed", f->path);
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_node *parsed, *rebuilt;
		char *file = umpire_arena_printf(&a, "<builtin>/%s", f->path);
		assert_int_equal(umpire_yaml_parse(&parsed, &a, file, f->data,
		    f->len, NULL, &d), 0);
		assert_int_equal(umpire_yamlpack_read(&rebuilt, &a, file, p->data,
		    p->len), 0);
		same_node(parsed, rebuilt);
		umpire_diags_free(&d);
		umpire_arena_free(&a);
		n++;
	}
	/* Every packed schema is an embedded one, and there are some. */
	size_t packed = 0;
	for (const struct umpire_yamlpack *p = umpire_schema_packs; p->path; p++)
		packed++;
	assert_int_equal(packed, n);
	assert_true(n >= 10);
}

static const char every_kind[] =
	"# every kind of node\n"
	"nothing: null\ntilde: ~\nempty:\n"
	"yes: true\nno: false\n"
	"small: 7\nnegative: -12\nzero: 0\nhex: 0x1F\n"
	"huge: 123456789012345678901234567890\n"
	"least: -9223372036854775808\n"
	"decimal: 12.50\nexp: -1.5e3\ninf: .inf\nnan: .nan\n"
	"plain: hello\nquoted: \"yes\"\nescaped: \"tab\\there\\u00e9\"\n"
	"block: |\n  two\n  lines\n"
	"flowseq: [1, two, [3]]\nflowmap: {a: 1, b: [x]}\n"
	"emptyseq: []\nemptymap: {}\n"
	"anchored: &a {k: [1, 2]}\nalias: *a\n"
	"list:\n  - one\n  - k: v\n    w: 2\n  -\n    - deep\n";

static void
every_kind_round_trips(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf packed = UMPIRE_BUF_INIT;
	struct umpire_node *parsed, *rebuilt;

	(void)state;
	assert_int_equal(umpire_yaml_parse(&parsed, &a, "every.yaml", every_kind,
	    strlen(every_kind), NULL, &d), 0);
	umpire_yamlpack_write(&packed, parsed);
	assert_int_equal(umpire_yamlpack_read(&rebuilt, &a, "every.yaml",
	    (const unsigned char *)packed.ptr, packed.len), 0);
	same_node(parsed, rebuilt);
	/* The same again, emitted: the bytes umpire would write. */
	struct umpire_buf x = UMPIRE_BUF_INIT, y = UMPIRE_BUF_INIT;
	assert_int_equal(umpire_yaml_emit(&x, parsed, NULL), 0);
	assert_int_equal(umpire_yaml_emit(&y, rebuilt, NULL), 0);
	assert_string_equal(umpire_buf_cstr(&x), umpire_buf_cstr(&y));
	umpire_buf_free(&x);
	umpire_buf_free(&y);
	umpire_buf_free(&packed);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* A pack cut short anywhere, or of another version, is refused. */
static void
broken_packs_refused(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf packed = UMPIRE_BUF_INIT;
	struct umpire_node *parsed, *rebuilt;

	(void)state;
	assert_int_equal(umpire_yaml_parse(&parsed, &a, "every.yaml", every_kind,
	    strlen(every_kind), NULL, &d), 0);
	umpire_yamlpack_write(&packed, parsed);
	const unsigned char *p = (const unsigned char *)packed.ptr;
	for (size_t len = 0; len < packed.len; len++) {
		assert_int_equal(umpire_yamlpack_read(&rebuilt, &a, "x", p, len), -1);
		assert_null(rebuilt);
	}
	/* One byte too many is not a pack either. */
	umpire_buf_putc(&packed, 0);
	p = (const unsigned char *)packed.ptr;
	assert_int_equal(umpire_yamlpack_read(&rebuilt, &a, "x", p,
	    packed.len), -1);
	packed.ptr[0] = 2;
	assert_int_equal(umpire_yamlpack_read(&rebuilt, &a, "x", p,
	    packed.len - 1), -1);
	umpire_buf_free(&packed);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(schemas_as_parsed),
		cmocka_unit_test(every_kind_round_trips),
		cmocka_unit_test(broken_packs_refused),
	};

	return cmocka_run_group_tests_name("yamlpack", tests, NULL, NULL);
}
