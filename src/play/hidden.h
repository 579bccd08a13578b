/*
 * hidden.h - the encrypted files of a step in a game that hides
 * (ruleset.h, version 4): its secret part, encrypted to the game, and
 * each private view that changed, encrypted to its player's keys.  A
 * step (step.h) makes them for its commit, and again for verify, which
 * compares every byte.
 *
 * Use: umpire_hidden_before on the game before the step (it keeps each
 * player's view), then create or resolve, then umpire_hidden_after.
 * Ownership: the struct owns its buffers; umpire_hidden_free frees them
 * and wipes the plaintexts it kept.
 */
#ifndef UMPIRE_HIDDEN_H
#define UMPIRE_HIDDEN_H

#include <stdbool.h>

#include "util/buf.h"
#include "game/game.h"
#include "history/paths.h"

struct umpire_hidden_file {
	char path[UMPIRE_PATH_MAX];
	struct umpire_buf data;		/* padded (pad.h) */
	struct umpire_buf unpadded;	/* with legacy: as before padding */
};

struct umpire_hidden {
	/*
	 * Also make each file as umpire made it before it padded (verify,
	 * for a step that a version before UMPIRE_PADDED_SINCE wrote); set
	 * it between umpire_hidden_before and umpire_hidden_after.
	 */
	bool legacy;
	struct umpire_buf *before;	/* each player's view before the step */
	size_t nplayers;
	struct umpire_hidden_file *files;	/* the secret part first */
	size_t n;
};

/* Keep the views of g before a step (none before step 0: g NULL). */
void umpire_hidden_before(struct umpire_hidden *h,
	const struct umpire_game *g);
/*
 * The files of step (just made on g): nothing if g hides nothing.  A
 * view is written when it differs from the one kept before (at step 0,
 * when it is not empty).  Each text is padded before it is encrypted
 * (pad.h): views to UMPIRE_PAD_VIEW, pictures to UMPIRE_PAD_PICTURE, the
 * secret part to UMPIRE_PAD_SECRET.
 */
void umpire_hidden_after(struct umpire_hidden *h, const struct umpire_game *g,
	long step);
void umpire_hidden_free(struct umpire_hidden *h);

/*
 * The latest private view of player at or before step, as committed:
 * read its reports/NNNN-PLAYER.md.age (paths.h) through read (back from step to 0) and
 * decrypt it with id.  0 and the Markdown in out (its padding taken
 * off); 1 if he has none; or a
 * sysexits code after a diagnostic.
 */
typedef int (*umpire_hidden_read_fn)(void *ctx, const char *path,
	struct umpire_buf *out);
int umpire_hidden_latest_view(struct umpire_buf *out, const char *player,
	enum umpire_layout layout, long step,
	const struct umpire_age_identity *id, umpire_hidden_read_fn read, void *ctx, struct umpire_diags *d);

/* The YAML of a view's fenced ```yaml block, or NULL after diagnostics. */
const struct umpire_node *umpire_hidden_knowledge(struct umpire_arena *a,
	const char *file, const struct umpire_buf *view, struct umpire_diags *d);

#endif
