/*
 * sha1.h - SHA-1 (FIPS 180-4), for the checksums git's pack, pack
 * index and index files end with (history/pack.c, history/index.c:
 * libgit2 has no public SHA-1).  Not for anything that must resist a forger: git's
 * object ids are libgit2's business (it hashes with collision
 * detection); a pack's checksum only guards against a torn file.
 * The caller owns the context; nothing here allocates.
 */
#ifndef UMPIRE_SHA1_H
#define UMPIRE_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define UMPIRE_SHA1_LEN 20

struct umpire_sha1 {
	uint32_t h[5];
	uint64_t len;			/* bytes hashed so far */
	unsigned char block[64];	/* the part of a block not yet hashed */
};

void umpire_sha1_init(struct umpire_sha1 *c);
void umpire_sha1_update(struct umpire_sha1 *c, const void *data, size_t n);
void umpire_sha1_final(struct umpire_sha1 *c,
	unsigned char out[UMPIRE_SHA1_LEN]);

#endif
