/*
 * yaml.h - the YAML document model: parse with libyaml into nodes that
 * remember where they came from, build nodes, emit them again.
 *
 * Plain scalars are typed by the YAML 1.2 core schema (so "yes" is a
 * string, not a boolean).  Mapping keys are always strings.  Nodes live
 * in the arena given to the parser or builder; an alias shares its
 * anchor's node, so a document is a DAG whose expanded size is bounded
 * by the node budget.
 */
#ifndef UMPIRE_YAML_H
#define UMPIRE_YAML_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"

enum umpire_node_type {
	UMPIRE_NULL, UMPIRE_BOOL, UMPIRE_INT, UMPIRE_FLOAT, UMPIRE_STR,
	UMPIRE_SEQ, UMPIRE_MAP,
};

struct umpire_pair;

struct umpire_node {
	enum umpire_node_type type;
	bool flow;		/* emit as [a, b] or {k: v} */
	bool big;		/* an integer too large for long long: u.s holds its digits */
	const char *file;	/* NULL for built nodes */
	int line, col;		/* 1-based; 0 for built nodes */
	size_t weight;		/* nodes below and including this, aliases expanded */
	size_t bytes;		/* scalar bytes below and including this, likewise */
	/*
	 * A number as it was written ("12.50"), for an exact reading of a
	 * decimal (umpire_node_fixed); NULL for other nodes.  A built number
	 * that has it is written with it.
	 */
	const char *text;
	union {
		bool b;
		long long i;
		double f;
		struct {
			const char *ptr;
			size_t len;
		} s;
		struct {
			struct umpire_node **v;
			size_t n, cap;
		} seq;
		struct {
			struct umpire_pair *v;
			size_t n, cap;
		} map;
	} u;
};

struct umpire_pair {
	struct umpire_node *key;	/* always UMPIRE_STR */
	struct umpire_node *val;
};

struct umpire_yaml_limits {
	size_t max_bytes;	/* larger inputs are refused unread */
	size_t max_depth;	/* nesting of collections */
	size_t max_nodes;	/* nodes after alias expansion */
	size_t max_expanded;	/* scalar bytes after alias expansion */
};

#define UMPIRE_YAML_MAX_BYTES (1024 * 1024)
#define UMPIRE_YAML_LIMITS_INIT { UMPIRE_YAML_MAX_BYTES, 64, 100000, \
	4 * UMPIRE_YAML_MAX_BYTES }

/*
 * Parse one document.  Returns 0, or -1 after recording every problem in
 * d.  Diagnostics name file; the nodes keep a copy of it.
 */
int umpire_yaml_parse(struct umpire_node **out, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_yaml_limits *lim, struct umpire_diags *d);

/*
 * Emit root as a block document, deterministically: same nodes, same
 * bytes.  Strings are quoted whenever a YAML 1.1 or 1.2 reader could take
 * them for anything but a string.  comment, if not NULL, becomes a "# "
 * line at the top.
 */
int umpire_yaml_emit(struct umpire_buf *out, const struct umpire_node *root,
	const char *comment);
/*
 * The two ways umpire_yaml_emit has, for the tests that hold them to the
 * same bytes (no comment line): libyaml's emitter, the reference, for
 * any document; and the direct writer, for the common shapes, which
 * returns false, and leaves out as it was, for any other.
 */
int umpire_yaml_emit_reference(struct umpire_buf *out,
	const struct umpire_node *root);
bool umpire_yaml_emit_direct(struct umpire_buf *out,
	const struct umpire_node *root);

/* Building. */
struct umpire_node *umpire_node_new(struct umpire_arena *a,
	enum umpire_node_type type);
struct umpire_node *umpire_node_str(struct umpire_arena *a, const char *s);
struct umpire_node *umpire_node_int(struct umpire_arena *a, long long i);
struct umpire_node *umpire_node_bool(struct umpire_arena *a, bool b);
struct umpire_node *umpire_node_map(struct umpire_arena *a, bool flow);
struct umpire_node *umpire_node_seq(struct umpire_arena *a, bool flow);
/* Append; returns val.  The key string is not copied. */
struct umpire_node *umpire_map_add(struct umpire_arena *a,
	struct umpire_node *map, const char *key, struct umpire_node *val);
struct umpire_node *umpire_seq_add(struct umpire_arena *a,
	struct umpire_node *seq, struct umpire_node *val);

/* Reading. */
const struct umpire_node *umpire_map_get(const struct umpire_node *map,
	const char *key);
/* The pair whose value is val, for diagnostics at the key. */
const struct umpire_pair *umpire_map_pair(const struct umpire_node *map,
	const char *key);
bool umpire_node_is_str(const struct umpire_node *n, const char *s);
const char *umpire_node_cstr(const struct umpire_node *n); /* NULL unless a string */
/* Integral value of an int or an integral float; def otherwise. */
long long umpire_node_integer(const struct umpire_node *n, long long def);
const char *umpire_node_type_name(enum umpire_node_type t);
/*
 * A decimal number with at most `places` digits after the point, read
 * exactly from the text it was written with (no floating point): 12.5
 * with places 2 is 1250 in *out.  Returns 0, or -1 when n is not such a
 * number (a string, too many decimals, an exponent) or |value| exceeds
 * max, in units of 10^-places.
 */
int umpire_node_fixed(const struct umpire_node *n, int places, long long max,
	long long *out);
/* A number node for v units of 10^-places, written without trailing
 * zeros (1250 with places 2 is 12.5), in a. */
struct umpire_node *umpire_node_fixed_new(struct umpire_arena *a, long long v,
	int places);
/* A finite whole number that fits in long long (4.0, not 4.5 or 1e300). */
bool umpire_float_is_integer(double f);

/* Diagnostics at a node ("FILE:LINE:COL: error: ..."). */
void umpire_node_error(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void umpire_node_warning(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void umpire_node_note(struct umpire_diags *d, const struct umpire_node *n,
	const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void umpire_node_vdiag(struct umpire_diags *d, enum umpire_level level,
	const struct umpire_node *n, const char *fmt, va_list ap);

#endif
