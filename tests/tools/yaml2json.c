/*
 * yaml2json - parse a file with umpire's own YAML reader (doc/yaml.h)
 * and print what it read as JSON: the C half of the read-back test
 * (tests/py/test_yaml_readback.py), which compares it with what
 * python3-yaml reads from the same file.
 *
 *   yaml2json FILE
 *
 * Mappings keep their order; integers too large for a long long are
 * refused rather than printed wrong.  Non-finite numbers print as
 * Infinity and NaN, which Python's json module reads.  Exit 65 if the
 * file does not parse, with umpire's diagnostics on stderr.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/fileio.h"
#include "doc/yaml.h"

static void
put_string(FILE *out, const char *s, size_t len)
{
	putc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		default:
			/* Control characters must be escaped; UTF-8 passes as is. */
			if (c < 0x20 || c == 0x7f)
				fprintf(out, "\\u%04x", c);
			else
				putc(c, out);
		}
	}
	putc('"', out);
}

static int
put_node(FILE *out, const struct umpire_node *n)
{
	char num[64];

	switch (n->type) {
	case UMPIRE_NULL:
		fputs("null", out);
		return 0;
	case UMPIRE_BOOL:
		fputs(n->u.b ? "true" : "false", out);
		return 0;
	case UMPIRE_INT:
		if (n->big) {
			fprintf(stderr, "yaml2json: %s:%d:%d: integer too large to "
				"print faithfully\n", n->file, n->line, n->col);
			return -1;
		}
		fprintf(out, "%lld", n->u.i);
		return 0;
	case UMPIRE_FLOAT:
		if (isnan(n->u.f)) {
			fputs("NaN", out);
		} else if (isinf(n->u.f)) {
			fputs(n->u.f < 0 ? "-Infinity" : "Infinity", out);
		} else {
			snprintf(num, sizeof(num), "%.17g", n->u.f);
			/* Keep it a float for json.loads: 2.0, not 2. */
			if (!strpbrk(num, ".e"))
				strcat(num, ".0");
			fputs(num, out);
		}
		return 0;
	case UMPIRE_STR:
		put_string(out, n->u.s.ptr, n->u.s.len);
		return 0;
	case UMPIRE_SEQ:
		putc('[', out);
		for (size_t i = 0; i < n->u.seq.n; i++) {
			if (i)
				fputs(", ", out);
			if (put_node(out, n->u.seq.v[i]) < 0)
				return -1;
		}
		putc(']', out);
		return 0;
	case UMPIRE_MAP:
		putc('{', out);
		for (size_t i = 0; i < n->u.map.n; i++) {
			const struct umpire_node *k = n->u.map.v[i].key;
			if (i)
				fputs(", ", out);
			put_string(out, k->u.s.ptr, k->u.s.len);
			fputs(": ", out);
			if (put_node(out, n->u.map.v[i].val) < 0)
				return -1;
		}
		putc('}', out);
		return 0;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *doc;
	int rc = 65;

	if (argc != 2) {
		fputs("usage: yaml2json FILE\n", stderr);
		return 64;
	}
	if (umpire_file_read(&text, argv[1], UMPIRE_YAML_MAX_BYTES, &d) == 0 &&
	    umpire_yaml_parse(&doc, &a, argv[1], text.ptr, text.len, NULL,
	    &d) == 0 && put_node(stdout, doc) == 0) {
		putchar('\n');
		rc = fflush(stdout) == 0 ? 0 : 74;
	}
	umpire_diags_print(&d, stderr);
	umpire_diags_free(&d);
	umpire_buf_free(&text);
	umpire_arena_free(&a);
	return rc;
}
