/*
 * schema.h - validate documents against the JSON Schemas in schemas/.
 *
 * The schemas are compiled into the binary (doc/embedded.h) and are the
 * one description of every file format: `umpire schema` prints them, and
 * this validator enforces them.  It implements the subset of JSON Schema
 * 2020-12 that the schemas use, and refuses (umpire_schema_selftest) any
 * schema that uses a keyword it does not implement, so the two cannot
 * silently disagree.
 *
 * Schemas are named by path below schemas/ without ".yaml": "envelope",
 * "amb/orders".  They refer to each other by $id ("urn:umpire:envelope").
 */
#ifndef UMPIRE_SCHEMA_H
#define UMPIRE_SCHEMA_H

#include <stddef.h>

#include "util/diag.h"
#include "doc/yaml.h"

/* Record every violation of doc in d; returns the number found. */
size_t umpire_schema_validate(const char *name, const struct umpire_node *doc,
	struct umpire_diags *d);

/* The schema's source text (its length in *len, if len is not NULL),
 * or NULL if there is no such schema. */
const char *umpire_schema_text(const char *name, size_t *len);
/*
 * The schema called name ("amb/orders") as one self-contained JSON
 * document: the schemas it refers to copied into its $defs, every $ref
 * a pointer into it (for editors, which resolve nothing else).  -1 if
 * there is no such schema.
 */
int umpire_schema_bundle(const char *name, struct umpire_buf *out);

/*
 * Parse every embedded schema and check that each keyword is one the
 * validator implements and each $ref resolves.  Returns the number of
 * problems, recorded in d.
 */
size_t umpire_schema_selftest(struct umpire_diags *d);

#endif
