/*
 * prune.h - orders without the entries their schema refused, so that
 * the rules can still judge the others in the same run (umpire(1),
 * DIAGNOSTICS: every error in one pass).
 *
 * An orders file whose schema check failed is pruned list entry by
 * list entry: an entry of a top-level list (moves[2], attacks[0]) that
 * holds a place the schema flagged is left out.  If what is left passes
 * its schema, the rules judge it, and their messages are renumbered to
 * the entries' places in the file as written.
 *
 * Ownership: the pruned document lives in the arena given and shares
 * every node it keeps with the original; the original is not changed.
 */
#ifndef UMPIRE_PRUNE_H
#define UMPIRE_PRUNE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/diag.h"
#include "yaml.h"

struct umpire_pruned {
	const struct umpire_node *doc;	/* the orders without bad entries */
	const struct umpire_node *root;	/* the orders as written */
	/* Per top-level list that lost entries: its key, and for each kept
	 * entry its index in the file as written. */
	struct umpire_pruned_list {
		const char *key;
		const struct umpire_node *node;	/* the list as written */
		const size_t *index;	/* kept entry k was entry index[k] */
		size_t n;
	} *lists;
	size_t nlists;
	/* The entry left out that comes first in the file, and its list's
	 * key and index: what comes after it was judged without it. */
	const struct umpire_node *first_out;
	const char *first_key;
	size_t first_index;
};

/*
 * Prune doc of the entries holding a place of the diagnostics
 * d->v[from..d->n); with bad, the other way round: keep those entries
 * only (every list loses its others), for a look at the names they
 * hold.  Returns 0 and out, or -1 when nothing can be pruned that way:
 * a flagged place lies outside every list entry (the envelope, a key of
 * the orders themselves), or no entry was flagged.
 */
int umpire_orders_prune(struct umpire_pruned *out, struct umpire_arena *a,
	const struct umpire_node *doc, const struct umpire_diags *d,
	size_t from, bool bad);

/*
 * After the rules judged p->doc: of the diagnostics d->v[from..d->n),
 * drop those about the orders as a whole (at the document or at a
 * list p pruned, judged without some entries) and those said already
 * at the same place, and rewrite "KEY[k]" in the others to the entry's
 * index in the file as written; a problem found after the first entry
 * left out says it was judged without that one.
 */
void umpire_orders_renumber(struct umpire_diags *d, size_t from,
	const struct umpire_pruned *p);

#endif
