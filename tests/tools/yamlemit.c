/*
 * yamlemit - parse a file with umpire's YAML reader and write it again
 * with umpire's emitter (doc/yaml.h), so tests/py/test_yaml_readback.py
 * can hold the emitter to its promise on any value, not only on the ones
 * a game happens to produce: whatever it writes, YAML 1.1 and 1.2 readers
 * read back as the same value.
 *
 *   yamlemit FILE [COMMENT]
 */
#include <stdio.h>

#include "util/fileio.h"
#include "doc/yaml.h"

int
main(int argc, char **argv)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *doc;
	int rc = 65;

	if (argc != 2 && argc != 3) {
		fputs("usage: yamlemit FILE [COMMENT]\n", stderr);
		return 64;
	}
	if (umpire_file_read(&text, argv[1], UMPIRE_YAML_MAX_BYTES, &d) == 0 &&
	    umpire_yaml_parse(&doc, &a, argv[1], text.ptr, text.len, NULL,
	    &d) == 0) {
		if (umpire_yaml_emit(&out, doc, argc == 3 ? argv[2] : NULL) < 0) {
			fprintf(stderr, "yamlemit: %s: the emitter failed\n", argv[1]);
			rc = 70;
		} else {
			fwrite(out.ptr, 1, out.len, stdout);
			rc = fflush(stdout) == 0 ? 0 : 74;
		}
	}
	umpire_diags_print(&d, stderr);
	umpire_diags_free(&d);
	umpire_buf_free(&text);
	umpire_buf_free(&out);
	umpire_arena_free(&a);
	return rc;
}
