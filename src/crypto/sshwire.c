#include "crypto/sshwire.h"

#include <string.h>

void
umpire_sshwire_init(struct umpire_sshwire *r, const void *data, size_t len)
{
	r->p = data;
	r->left = len;
}

int
umpire_sshwire_u32(struct umpire_sshwire *r, uint32_t *out)
{
	if (r->left < 4)
		return -1;
	*out = (uint32_t)r->p[0] << 24 | (uint32_t)r->p[1] << 16 |
		(uint32_t)r->p[2] << 8 | (uint32_t)r->p[3];
	r->p += 4;
	r->left -= 4;
	return 0;
}

int
umpire_sshwire_string(struct umpire_sshwire *r, struct umpire_sshwire_str *out)
{
	struct umpire_sshwire save = *r;
	uint32_t n;

	if (umpire_sshwire_u32(r, &n) != 0 || n > r->left) {
		*r = save;
		return -1;
	}
	out->p = r->p;
	out->len = n;
	r->p += n;
	r->left -= n;
	return 0;
}

int
umpire_sshwire_bytes(struct umpire_sshwire *r, const unsigned char **out,
	size_t n)
{
	if (n > r->left)
		return -1;
	*out = r->p;
	r->p += n;
	r->left -= n;
	return 0;
}

bool
umpire_sshwire_is(const struct umpire_sshwire_str *s, const char *lit)
{
	size_t n = strlen(lit);

	return s->len == n && memcmp(s->p, lit, n) == 0;
}

void
umpire_sshwire_put_u32(struct umpire_buf *b, uint32_t v)
{
	unsigned char x[4] = {
		(unsigned char)(v >> 24), (unsigned char)(v >> 16),
		(unsigned char)(v >> 8), (unsigned char)v,
	};

	umpire_buf_add(b, x, 4);
}

void
umpire_sshwire_put_string(struct umpire_buf *b, const void *data, size_t n)
{
	umpire_sshwire_put_u32(b, (uint32_t)n);
	umpire_buf_add(b, data, n);
}

void
umpire_sshwire_put_cstring(struct umpire_buf *b, const char *s)
{
	umpire_sshwire_put_string(b, s, strlen(s));
}
