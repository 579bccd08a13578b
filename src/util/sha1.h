/*
 * sha1.h - SHA-1 (FIPS 180-4), for the one place git still wants it
 * from umpire: the checksum that ends the index file, which
 * history/worktree.c rewrites itself (libgit2 has no public SHA-1).
 * Not for anything that must resist a forger: the game's own hashes
 * are SHA-256 (libsodium).
 */
#ifndef UMPIRE_SHA1_H
#define UMPIRE_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define UMPIRE_SHA1_SIZE 20

struct umpire_sha1 {
	uint32_t h[5];
	uint64_t len;		/* bytes hashed */
	unsigned char block[64];
	size_t used;		/* bytes of block filled */
};

void umpire_sha1_init(struct umpire_sha1 *s);
void umpire_sha1_update(struct umpire_sha1 *s, const void *data, size_t n);
void umpire_sha1_final(struct umpire_sha1 *s,
	unsigned char out[UMPIRE_SHA1_SIZE]);

#endif
