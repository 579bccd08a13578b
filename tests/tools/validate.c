/*
 * validate - check files against one of umpire's embedded schemas, and
 * nothing else: the C half of the schema agreement test
 * (tests/py/test_schema_agree.py), which runs python-jsonschema on the same
 * files.
 *
 *   validate SCHEMA FILE...     SCHEMA: "envelope", "amb/orders", ...
 *
 * Prints "FILE valid" or "FILE invalid" per file, diagnostics on stderr.
 */
#include <stdio.h>

#include "util/fileio.h"
#include "doc/schema.h"
#include "doc/yaml.h"

int
main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: validate SCHEMA FILE...\n", stderr);
		return 64;
	}
	for (int i = 2; i < argc; i++) {
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		struct umpire_buf text = UMPIRE_BUF_INIT;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_node *doc;
		int ok = umpire_file_read(&text, argv[i], UMPIRE_YAML_MAX_BYTES, &d) == 0 &&
			umpire_yaml_parse(&doc, &a, argv[i], text.ptr, text.len, NULL,
			&d) == 0 && umpire_schema_validate(argv[1], doc, &d) == 0;
		printf("%s %s\n", argv[i], ok ? "valid" : "invalid");
		umpire_diags_print(&d, stderr);
		umpire_diags_free(&d);
		umpire_buf_free(&text);
		umpire_arena_free(&a);
	}
	return 0;
}
