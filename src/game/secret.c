/*
 * secret.c - commitments and sealed values (secret.h).
 */
#include "game/secret.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "crypto/age.h"
#include "crypto/pad.h"

void
umpire_secret_key_init(struct umpire_secret_key *k,
	const struct umpire_seed *seed)
{
	k->seed = *seed;
}

void
umpire_secret_key_wipe(struct umpire_secret_key *k)
{
	sodium_memzero(k, sizeof(*k));
}

static void
salt_of(unsigned char salt[crypto_auth_hmacsha256_BYTES],
	const struct umpire_secret_key *k, const char *label)
{
	crypto_auth_hmacsha256_state st;

	crypto_auth_hmacsha256_init(&st, k->seed.bytes, sizeof(k->seed.bytes));
	crypto_auth_hmacsha256_update(&st,
		(const unsigned char *)UMPIRE_SECRET_SALT_LABEL,
		sizeof(UMPIRE_SECRET_SALT_LABEL));	/* with its 0x00 */
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)label,
		strlen(label));
	crypto_auth_hmacsha256_final(&st, salt);
	sodium_memzero(&st, sizeof(st));
}

static void
commitment(char out[UMPIRE_SECRET_COMMITMENT_SIZE],
	const unsigned char salt[32], const void *value, size_t len)
{
	crypto_hash_sha256_state st;
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256_init(&st);
	crypto_hash_sha256_update(&st, salt, 32);
	crypto_hash_sha256_update(&st, value, len);
	crypto_hash_sha256_final(&st, h);
	memcpy(out, "sha256:", 7);
	sodium_bin2hex(out + 7, UMPIRE_SECRET_COMMITMENT_SIZE - 7, h, sizeof(h));
}

/* A ruleset asking without the seed is a bug, not bad input. */
static const struct umpire_secret_key *
need_key(const struct umpire_ctx *ctx)
{
	if (!ctx->secret) {
		fprintf(stderr, "umpire: internal error: a commitment asked for "
			"without the seed\n");
		abort();
	}
	return ctx->secret;
}

const char *
umpire_secret_commit(const struct umpire_ctx *ctx, const char *label,
	const void *value, size_t len)
{
	unsigned char salt[32];
	char *out = umpire_arena_alloc(ctx->arena, UMPIRE_SECRET_COMMITMENT_SIZE);

	salt_of(salt, need_key(ctx), label);
	commitment(out, salt, value, len);
	sodium_memzero(salt, sizeof(salt));
	return out;
}

const char *
umpire_secret_commit_str(const struct umpire_ctx *ctx, const char *label,
	const char *value)
{
	return umpire_secret_commit(ctx, label, value, strlen(value));
}

const char *
umpire_secret_salt(const struct umpire_ctx *ctx, const char *label)
{
	unsigned char salt[32];
	char *out = umpire_arena_alloc(ctx->arena, 65);

	salt_of(salt, need_key(ctx), label);
	sodium_bin2hex(out, 65, salt, sizeof(salt));
	return out;
}

bool
umpire_secret_opens(const char *c, const char *salt_hex, const void *value,
	size_t len)
{
	unsigned char salt[32];
	size_t n;
	char mine[UMPIRE_SECRET_COMMITMENT_SIZE];

	if (!c || !salt_hex || strlen(salt_hex) != 64 ||
	    sodium_hex2bin(salt, sizeof(salt), salt_hex, 64, NULL, &n, NULL) ||
	    n != 32)
		return false;
	commitment(mine, salt, value, len);
	return strcmp(mine, c) == 0;
}

/* Give every node of an opened value the sealed block's place. */
static void
relabel(struct umpire_node *n, const char *file, int line, int col)
{
	n->file = file;
	n->line = line;
	n->col = col;
	if (n->type == UMPIRE_SEQ)
		for (size_t i = 0; i < n->u.seq.n; i++)
			relabel(n->u.seq.v[i], file, line, col);
	else if (n->type == UMPIRE_MAP)
		for (size_t i = 0; i < n->u.map.n; i++) {
			relabel(n->u.map.v[i].key, file, line, col);
			relabel(n->u.map.v[i].val, file, line, col);
		}
}

static bool open_plain(struct umpire_arena *a, struct umpire_node *n,
	const struct umpire_node *orders, const char *plain, size_t len,
	struct umpire_diags *d);

/* Open one sealed string n in place; the problems go to d. */
static bool
open_one(struct umpire_arena *a, struct umpire_node *n,
	const struct umpire_node *orders, const struct umpire_age_identity *id,
	struct umpire_diags *d)
{
	struct umpire_buf plain = UMPIRE_BUF_INIT;
	struct umpire_crypto_error err;
	struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
	bool ok = false;

	if (!id) {
		umpire_node_error(d, n, "a sealed value, which only the holder "
			"of the game's seed can open");
		return false;
	}
	o.format = UMPIRE_AGE_ARMORED;
	if (umpire_age_decrypt(&plain, id, 1, n->u.s.ptr, n->u.s.len, &o,
	    &err)) {
		umpire_node_error(d, n, "this sealed value does not open with the "
			"game's identity: %s (seal it to the game's recipient)",
			err.msg);
		goto out;
	}
	ok = open_plain(a, n, orders, plain.ptr, plain.len, d);
out:
	sodium_memzero(plain.ptr, plain.len);
	umpire_buf_free(&plain);
	return ok;
}

/* What a sealed string n holds, padded plaintext, put in its place. */
static bool
open_plain(struct umpire_arena *a, struct umpire_node *n,
	const struct umpire_node *orders, const char *plain, size_t len,
	struct umpire_diags *d)
{
	struct umpire_node *doc;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_diags inner = UMPIRE_DIAGS_INIT;

	/* Never quote a sealed text in a diagnostic: stderr may be public. */
	if (umpire_yaml_parse(&doc, a, "(sealed)", plain,
	    umpire_pad_strip(plain, len), &lim, &inner) ||
	    doc->type != UMPIRE_MAP) {
		umpire_node_error(d, n, "this sealed value is not a YAML mapping "
			"of game, step, player and value");
		umpire_diags_free(&inner);
		return false;
	}
	umpire_diags_free(&inner);
	static const char *const bind[] = { "game", "step", "player" };
	for (size_t i = 0; i < 3; i++) {
		const struct umpire_node *want = umpire_map_get(orders, bind[i]);
		const struct umpire_node *got = umpire_map_get(doc, bind[i]);
		bool same = want && got && want->type == got->type &&
		    (got->type == UMPIRE_INT ? got->u.i == want->u.i :
		    got->type == UMPIRE_STR && got->u.s.len == want->u.s.len &&
		    memcmp(got->u.s.ptr, want->u.s.ptr, got->u.s.len) == 0);
		if (!same) {
			umpire_node_error(d, n, "this sealed value was sealed for "
				"another %s than these orders' (a sealed value names the "
				"game, step and player it is for)", bind[i]);
			return false;
		}
	}
	const struct umpire_node *value = umpire_map_get(doc, "value");
	if (!value || doc->u.map.n != 4) {
		umpire_node_error(d, n, "this sealed value is not a YAML mapping "
			"of game, step, player and value");
		return false;
	}
	/* Keep n's place, for diagnostics about what it holds. */
	const char *file = n->file;
	int line = n->line, col = n->col;
	*n = *value;
	relabel(n, file, line, col);
	return true;
}

/* A value sealed in memory: the mark, then the padded plaintext. */
static bool
in_memory(const struct umpire_node *n)
{
	size_t m = sizeof(UMPIRE_SEALED_IN_MEMORY) - 1;

	return n->type == UMPIRE_STR && n->u.s.len >= m &&
	    memcmp(n->u.s.ptr, UMPIRE_SEALED_IN_MEMORY, m) == 0;
}

static void
walk(struct umpire_arena *a, struct umpire_node *n,
	const struct umpire_node *orders, const struct umpire_age_identity *id,
	bool mem, struct umpire_node ***list, size_t *count, size_t *cap,
	size_t *bad, struct umpire_diags *d)
{
	if (n->type == UMPIRE_STR) {
		size_t m = sizeof(UMPIRE_SEALED_IN_MEMORY) - 1;
		bool ok;
		if (mem && in_memory(n))
			ok = open_plain(a, n, orders, n->u.s.ptr + m, n->u.s.len - m,
				d);
		else if (umpire_age_is_armored(n->u.s.ptr, n->u.s.len))
			ok = open_one(a, n, orders, mem ? NULL : id, d);
		else
			return;
		if (!ok) {
			(*bad)++;
			return;
		}
		*list = umpire_arena_grow(a, *list, sizeof(**list), *count, cap,
			*count + 1);
		(*list)[(*count)++] = n;
	} else if (n->type == UMPIRE_SEQ) {
		for (size_t i = 0; i < n->u.seq.n; i++)
			walk(a, n->u.seq.v[i], orders, id, mem, list, count, cap, bad,
				d);
	} else if (n->type == UMPIRE_MAP) {
		for (size_t i = 0; i < n->u.map.n; i++)
			walk(a, n->u.map.v[i].val, orders, id, mem, list, count, cap,
				bad, d);
	}
}

const struct umpire_node *
umpire_sealed_first(const struct umpire_node *n)
{
	const struct umpire_node *s = NULL;

	if (n->type == UMPIRE_STR)
		return umpire_age_is_armored(n->u.s.ptr, n->u.s.len) ||
		    in_memory(n) ? n : NULL;
	if (n->type == UMPIRE_SEQ) {
		for (size_t i = 0; !s && i < n->u.seq.n; i++)
			s = umpire_sealed_first(n->u.seq.v[i]);
	} else if (n->type == UMPIRE_MAP) {
		for (size_t i = 0; !s && i < n->u.map.n; i++)
			s = umpire_sealed_first(n->u.map.v[i].val);
	}
	return s;
}

bool
umpire_sealed_any(const struct umpire_node *n)
{
	return umpire_sealed_first(n) != NULL;
}

size_t
umpire_sealed_open(struct umpire_arena *a, struct umpire_node *orders,
	const struct umpire_age_identity *id, const struct umpire_node ***opened,
	size_t *nopened, struct umpire_diags *d)
{
	struct umpire_node **list = NULL;
	size_t count = 0, cap = 0, bad = 0;

	walk(a, orders, orders, id, id == UMPIRE_SEALED_IN_MEMORY_ID, &list,
		&count, &cap, &bad, d);
	*opened = (const struct umpire_node **)list;
	*nopened = count;
	return bad;
}

int
umpire_sealed_make(struct umpire_buf *out, const char *recipient,
	const char *game, long step, const char *player, const char *value,
	size_t len, struct umpire_crypto_error *err)
{
	struct umpire_age_recipient r;
	struct umpire_buf plain = UMPIRE_BUF_INIT;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	int rc;

	if ((rc = umpire_age_recipient_parse(&r, recipient, strlen(recipient),
	    err)))
		return rc;
	umpire_buf_printf(&plain, "game: %s\nstep: %ld\nplayer: %s\nvalue:\n",
		game, step, player);
	/* Indent every line of value under value:, YAML's block nesting. */
	for (size_t i = 0; i < len; ) {
		const char *nl = memchr(value + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - value) + 1 : len;
		umpire_buf_puts(&plain, "  ");
		umpire_buf_add(&plain, value + i, end - i);
		i = end;
	}
	if (plain.len && plain.ptr[plain.len - 1] != '\n')
		umpire_buf_putc(&plain, '\n');
	umpire_pad(&plain, UMPIRE_PAD_SEALED);
	o.armor = true;
	rc = umpire_age_encrypt(out, &r, 1, plain.ptr, plain.len, &o, err);
	sodium_memzero(plain.ptr, plain.len);
	umpire_buf_free(&plain);
	return rc;
}

struct umpire_node *
umpire_secret_seal(const struct umpire_ctx *ctx, const char *player,
	const struct umpire_node *value)
{
	struct umpire_buf text = UMPIRE_BUF_INIT, plain = UMPIRE_BUF_INIT,
		out = UMPIRE_BUF_INIT;
	struct umpire_age_recipient r;
	struct umpire_crypto_error err;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	struct umpire_age_detrand dr;

	if (!ctx->recipient || umpire_age_recipient_parse(&r, ctx->recipient,
	    strlen(ctx->recipient), &err)) {
		fprintf(stderr, "umpire: internal error: a sealed value in a game "
			"with no recipient\n");
		abort();
	}
	umpire_yaml_emit(&text, value, NULL);
	umpire_buf_printf(&plain, "game: %s\nstep: %ld\nplayer: %s\nvalue:\n",
		ctx->game_id, ctx->step, player);
	for (size_t i = 0; i < text.len; ) {
		const char *nl = memchr(text.ptr + i, '\n', text.len - i);
		size_t end = nl ? (size_t)(nl - text.ptr) + 1 : text.len;
		umpire_buf_puts(&plain, "  ");
		umpire_buf_add(&plain, text.ptr + i, end - i);
		i = end;
	}
	umpire_pad(&plain, UMPIRE_PAD_SEALED);
	if (ctx->in_memory) {
		/* The same padded plaintext; only the age layer is left out. */
		struct umpire_buf mem = UMPIRE_BUF_INIT;
		umpire_buf_puts(&mem, UMPIRE_SEALED_IN_MEMORY);
		umpire_buf_add(&mem, plain.ptr, plain.len);
		struct umpire_node *n = umpire_node_str(ctx->arena,
			umpire_arena_strndup(ctx->arena, mem.ptr, mem.len));
		umpire_buf_free(&mem);
		umpire_buf_free(&plain);
		umpire_buf_free(&text);
		return n;
	}
	o.armor = true;
	if (ctx->secret) {
		umpire_age_detrand_init(&dr, ctx->secret->seed.bytes, "bot",
			plain.ptr, plain.len);
		o.random = umpire_age_detrand;
		o.random_ctx = &dr;
	}
	if (umpire_age_encrypt(&out, &r, 1, plain.ptr, plain.len, &o, &err)) {
		fprintf(stderr, "umpire: internal error: sealing: %s\n", err.msg);
		abort();
	}
	if (ctx->secret)
		umpire_age_detrand_wipe(&dr);
	struct umpire_node *n = umpire_node_str(ctx->arena,
		umpire_arena_strdup(ctx->arena, umpire_buf_cstr(&out)));
	sodium_memzero(plain.ptr, plain.len);
	sodium_memzero(text.ptr, text.len);
	umpire_buf_free(&plain);
	umpire_buf_free(&text);
	umpire_buf_free(&out);
	return n;
}
