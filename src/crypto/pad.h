/*
 * pad.h - padding before encryption, so that the size of an encrypted
 * file or sealed block tells nothing secret (umpire-files(5), Padding).
 *
 * age hides a plaintext's bytes, not its length: a private view that
 * lists a hand is as long as the names of its cards.  So every text
 * umpire encrypts is first padded to a size of its kind: the smallest
 * floor * 2^k that is longer than the text, where floor is the kind's
 * (below).  The floors are far above what any built-in ruleset writes
 * (make check measures it), so in practice every file of a kind has one
 * size, whatever it holds; a text past its floor lands in a larger
 * size, which tells only that it is that large.
 *
 * The padding is a last line of spaces: P - 1 spaces and a newline, P
 * >= 1.  Markdown, SVG and YAML all ignore it, so a player's `age -d`
 * shows his view as it is, and umpire_pad_strip takes it off again.
 *
 * Ownership: the caller owns the buffers.
 */
#ifndef UMPIRE_PAD_H
#define UMPIRE_PAD_H

#include <stddef.h>

#include "util/buf.h"

/* The floors, in bytes, one a kind of encrypted text. */
#define UMPIRE_PAD_VIEW 4096		/* reports/NNNN-PLAYER.md.age */
#define UMPIRE_PAD_PICTURE 32768	/* reports/NNNN-PLAYER.svg.age */
#define UMPIRE_PAD_SECRET 4096 		/* reports/NNNN.secret.yaml.age */
#define UMPIRE_PAD_SEALED 1024		/* a sealed value in orders */

/* The size a text of len bytes is padded to, with floor (> 0). */
size_t umpire_pad_size(size_t len, size_t floor);
/* Append to b the padding that brings it to umpire_pad_size(b->len). */
void umpire_pad(struct umpire_buf *b, size_t floor);
/*
 * Take the padding off text[0..len): its length without a last line of
 * spaces that follows a newline.  A text that has none is left whole.
 */
size_t umpire_pad_strip(const char *text, size_t len);

#endif
