/*
 * sshwire.h - the SSH wire encoding (RFC 4251, section 5): big-endian
 * uint32 and length-prefixed strings, read from and written to memory.
 *
 * A reader borrows the bytes it reads and every string it returns points
 * into them; a read past the end fails, and leaves the reader where it
 * was.  Writers append to a struct umpire_buf the caller owns.
 */
#ifndef UMPIRE_SSHWIRE_H
#define UMPIRE_SSHWIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

struct umpire_sshwire {
	const unsigned char *p;
	size_t left;
};

struct umpire_sshwire_str {
	const unsigned char *p;
	size_t len;
};

void umpire_sshwire_init(struct umpire_sshwire *r, const void *data, size_t len);
int umpire_sshwire_u32(struct umpire_sshwire *r, uint32_t *out);
int umpire_sshwire_string(struct umpire_sshwire *r, struct umpire_sshwire_str *out);
/* n raw bytes, no length prefix. */
int umpire_sshwire_bytes(struct umpire_sshwire *r, const unsigned char **out,
	size_t n);
/* Does s hold exactly the C string lit? */
bool umpire_sshwire_is(const struct umpire_sshwire_str *s, const char *lit);

void umpire_sshwire_put_u32(struct umpire_buf *b, uint32_t v);
void umpire_sshwire_put_string(struct umpire_buf *b, const void *data, size_t n);
void umpire_sshwire_put_cstring(struct umpire_buf *b, const char *s);

#endif
