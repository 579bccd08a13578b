/*
 * embedded.h - files compiled into the binary (schemas/, default
 * scenarios), generated at build time by src/tools/embed.c.
 */
#ifndef UMPIRE_EMBEDDED_H
#define UMPIRE_EMBEDDED_H

#include <stddef.h>

struct umpire_embedded {
	const char *path;	/* as in the source tree: "schemas/amb/orders.yaml" */
	const char *data;	/* NUL-terminated */
	size_t len;
};

/* Terminated by an entry whose path is NULL. */
extern const struct umpire_embedded umpire_embedded[];

/* The file at path, or NULL. */
const struct umpire_embedded *umpire_embedded_find(const char *path);

#endif
