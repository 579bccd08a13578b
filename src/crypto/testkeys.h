/*
 * testkeys.h - the public halves of umpire's own test keys, whose
 * private halves are published in its source (tests/crypto/), so that
 * umpire new can refuse them in a real game: whoever holds the source
 * could read that player's private views and sign his orders.
 */
#ifndef UMPIRE_TESTKEYS_H
#define UMPIRE_TESTKEYS_H

#include "crypto/sshkey.h"

/*
 * The environment variable that lets umpire new take them: set by
 * umpire's own tests and demo, never by a real game's host.
 */
#define UMPIRE_TESTKEYS_ENV "UMPIRE_ALLOW_TEST_KEYS"

/* The file name of k's private half under tests/crypto/, or NULL. */
const char *umpire_testkey_file(const struct umpire_sshkey *k);

#endif
