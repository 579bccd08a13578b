/*
 * yamlpack.c - nodes to bytes and back (yamlpack.h).
 *
 * A node is its type, a byte of flags, its line, column, weight and
 * bytes, the text a number was written with (when it has one), then its
 * value: a string's length and bytes and a NUL, so that the rebuilt
 * node points into the pack; an integer zigzagged; a double's 64 bits;
 * a list's length and its items; a mapping's length and its keys and
 * values.  Numbers are unsigned LEB128, 7 bits a byte, low first.
 */
#include "yamlpack.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum {
	PACK_VERSION = 1,
	FLAG_FLOW = 1, FLAG_BIG = 2, FLAG_TEXT = 4,
};

static void
put_u(struct umpire_buf *out, uint64_t v)
{
	do {
		unsigned char c = v & 0x7f;
		v >>= 7;
		umpire_buf_putc(out, (char)(c | (v ? 0x80 : 0)));
	} while (v);
}

static void
put_s(struct umpire_buf *out, const char *s, size_t len)
{
	put_u(out, len);
	umpire_buf_add(out, s, len);
	umpire_buf_putc(out, '\0');
}

static void
put_node(struct umpire_buf *out, const struct umpire_node *n)
{
	uint64_t bits;

	umpire_buf_putc(out, (char)n->type);
	umpire_buf_putc(out, (char)((n->flow ? FLAG_FLOW : 0) |
		(n->big ? FLAG_BIG : 0) | (n->text ? FLAG_TEXT : 0)));
	put_u(out, (uint64_t)n->line);
	put_u(out, (uint64_t)n->col);
	put_u(out, n->weight);
	put_u(out, n->bytes);
	if (n->text)
		put_s(out, n->text, strlen(n->text));
	switch (n->type) {
	case UMPIRE_NULL:
		break;
	case UMPIRE_BOOL:
		umpire_buf_putc(out, n->u.b);
		break;
	case UMPIRE_INT:
		if (n->big)
			put_s(out, n->u.s.ptr, n->u.s.len);
		else
			put_u(out, ((uint64_t)n->u.i << 1) ^
				(uint64_t)(n->u.i < 0 ? -1 : 0));
		break;
	case UMPIRE_FLOAT:
		memcpy(&bits, &n->u.f, sizeof(bits));
		put_u(out, bits);
		break;
	case UMPIRE_STR:
		put_s(out, n->u.s.ptr, n->u.s.len);
		break;
	case UMPIRE_SEQ:
		put_u(out, n->u.seq.n);
		for (size_t i = 0; i < n->u.seq.n; i++)
			put_node(out, n->u.seq.v[i]);
		break;
	case UMPIRE_MAP:
		put_u(out, n->u.map.n);
		for (size_t i = 0; i < n->u.map.n; i++) {
			put_node(out, n->u.map.v[i].key);
			put_node(out, n->u.map.v[i].val);
		}
		break;
	}
}

void
umpire_yamlpack_write(struct umpire_buf *out, const struct umpire_node *root)
{
	umpire_buf_putc(out, PACK_VERSION);
	put_node(out, root);
}

struct reader {
	struct umpire_arena *a;
	const char *file;
	const unsigned char *p, *end;
	unsigned depth;
};

static bool
get_u(struct reader *r, uint64_t *out)
{
	uint64_t v = 0;

	for (unsigned shift = 0; r->p < r->end && shift < 64; shift += 7) {
		unsigned char c = *r->p++;
		v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*out = v;
			return true;
		}
	}
	return false;
}

static bool
get_size(struct reader *r, size_t *out)
{
	uint64_t v;

	/* Each item takes bytes: no more items than bytes are left. */
	if (!get_u(r, &v) || v > (uint64_t)(r->end - r->p))
		return false;
	*out = (size_t)v;
	return true;
}

static bool
get_int(struct reader *r, int *out)
{
	uint64_t v;

	if (!get_u(r, &v) || v > INT32_MAX)
		return false;
	*out = (int)v;
	return true;
}

static bool
get_s(struct reader *r, const char **s, size_t *len)
{
	uint64_t n;

	if (!get_u(r, &n) || n >= (uint64_t)(r->end - r->p) || r->p[n] != '\0')
		return false;
	*s = (const char *)r->p;
	*len = (size_t)n;
	r->p += n + 1;
	return true;
}

static struct umpire_node *
get_node(struct reader *r)
{
	uint64_t v;
	size_t len;

	if (r->end - r->p < 2 || *r->p > UMPIRE_MAP || ++r->depth > 256)
		return NULL;
	struct umpire_node *n = umpire_arena_alloc(r->a, sizeof(*n));
	n->type = (enum umpire_node_type)*r->p++;
	unsigned flags = *r->p++;
	n->flow = flags & FLAG_FLOW;
	n->big = flags & FLAG_BIG;
	n->file = r->file;
	if (!get_int(r, &n->line) || !get_int(r, &n->col) || !get_u(r, &v) ||
	    (uint64_t)(size_t)v != v)
		return NULL;
	n->weight = (size_t)v;
	if (!get_u(r, &v) || (uint64_t)(size_t)v != v)
		return NULL;
	n->bytes = (size_t)v;
	if ((flags & FLAG_TEXT) && !get_s(r, &n->text, &len))
		return NULL;
	switch (n->type) {
	case UMPIRE_NULL:
		break;
	case UMPIRE_BOOL:
		if (r->p == r->end)
			return NULL;
		n->u.b = *r->p++;
		break;
	case UMPIRE_INT:
		if (n->big) {
			if (!get_s(r, &n->u.s.ptr, &n->u.s.len))
				return NULL;
		} else {
			if (!get_u(r, &v))
				return NULL;
			n->u.i = (long long)(v >> 1) ^ -(long long)(v & 1);
		}
		break;
	case UMPIRE_FLOAT:
		if (!get_u(r, &v))
			return NULL;
		memcpy(&n->u.f, &v, sizeof(n->u.f));
		break;
	case UMPIRE_STR:
		if (!get_s(r, &n->u.s.ptr, &n->u.s.len))
			return NULL;
		break;
	case UMPIRE_SEQ:
		if (!get_size(r, &len))
			return NULL;
		if (len)	/* as the parser leaves an empty list: no array */
			n->u.seq.v = umpire_arena_alloc(r->a,
				len * sizeof(*n->u.seq.v));
		n->u.seq.n = n->u.seq.cap = len;
		for (size_t i = 0; i < len; i++)
			if (!(n->u.seq.v[i] = get_node(r)))
				return NULL;
		break;
	case UMPIRE_MAP:
		if (!get_size(r, &len))
			return NULL;
		if (len)
			n->u.map.v = umpire_arena_alloc(r->a,
				len * sizeof(*n->u.map.v));
		n->u.map.n = n->u.map.cap = len;
		for (size_t i = 0; i < len; i++)
			if (!(n->u.map.v[i].key = get_node(r)) ||
			    n->u.map.v[i].key->type != UMPIRE_STR ||
			    !(n->u.map.v[i].val = get_node(r)))
				return NULL;
		break;
	}
	r->depth--;
	return n;
}

int
umpire_yamlpack_read(struct umpire_node **out, struct umpire_arena *a,
	const char *file, const unsigned char *pack, size_t len)
{
	struct reader r = { a, file, pack, pack + len, 0 };

	*out = NULL;
	if (len < 1 || *r.p++ != PACK_VERSION)
		return -1;
	struct umpire_node *root = get_node(&r);
	if (!root || r.p != r.end)
		return -1;
	*out = root;
	return 0;
}
