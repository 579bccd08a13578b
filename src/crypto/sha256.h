/*
 * sha256.h - SHA-256 of a buffer in one call, with the processor's SHA
 * instructions where it has them (x86-64's SHA extensions), libsodium's
 * otherwise.  The receipts hash every state (a few kilobytes a step),
 * and verify hashes them again for every step of a game: there the SHA
 * instructions do in a tenth of the time what portable C does.  Both
 * ways give the same digest; tests/unit/test_sha256.c holds them to it.
 */
#ifndef UMPIRE_SHA256_H
#define UMPIRE_SHA256_H

#include <stdbool.h>
#include <stddef.h>

#define UMPIRE_SHA256_BYTES 32

void umpire_sha256(unsigned char out[UMPIRE_SHA256_BYTES], const void *data,
	size_t len);

/*
 * The same digest by the way named: the SHA instructions (false when
 * this processor or build has none, out untouched) or libsodium's.
 * For the tests.
 */
bool umpire_sha256_accelerated(unsigned char out[UMPIRE_SHA256_BYTES],
	const void *data, size_t len);
void umpire_sha256_portable(unsigned char out[UMPIRE_SHA256_BYTES],
	const void *data, size_t len);

#endif
