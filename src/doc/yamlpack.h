/*
 * yamlpack.h - a parsed YAML document as bytes, rebuilt without parsing.
 *
 * The build parses each schema once (src/tools/schemapack.c) and writes
 * its nodes into the binary in this form; a call rebuilds the nodes it
 * needs from it in a few instructions a node, where libyaml's parse of
 * the same text costs some thousands a line.  What the bytes rebuild is
 * the parse, field for field (type, place, weight, the text a number was
 * written with), so nothing that reads the nodes can tell the two apart;
 * tests/unit/test_yamlpack.c holds every schema to that.
 */
#ifndef UMPIRE_YAMLPACK_H
#define UMPIRE_YAMLPACK_H

#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "yaml.h"

/* Append root, and every node below it, to out.  Aliases are written out
 * in full at each place they appear. */
void umpire_yamlpack_write(struct umpire_buf *out,
	const struct umpire_node *root);

/*
 * Rebuild the document in *out: its nodes and arrays in a, its strings
 * pointing into pack (which must outlive them), file the name every node
 * carries.  Returns 0, or -1 if pack is not what umpire_yamlpack_write
 * writes.
 */
int umpire_yamlpack_read(struct umpire_node **out, struct umpire_arena *a,
	const char *file, const unsigned char *pack, size_t len);

/* A packed file compiled into the binary (build/schemapack.c). */
struct umpire_yamlpack {
	const char *path;	/* as in the source tree: "schemas/amb/orders.yaml" */
	const unsigned char *data;
	size_t len;
	const char *id;		/* its top-level $id: "urn:umpire:amb:orders" */
};

/* Every schema, packed; terminated by an entry whose path is NULL. */
extern const struct umpire_yamlpack umpire_schema_packs[];

#endif
