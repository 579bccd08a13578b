#include "game/dice.h"

#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

int
umpire_seed_from_hex(struct umpire_seed *out, const char *hex)
{
	while (isspace((unsigned char)*hex))
		hex++;
	size_t len = strspn(hex, "0123456789abcdefABCDEF");
	const char *rest = hex + len;
	while (isspace((unsigned char)*rest))
		rest++;
	if (len != UMPIRE_SEED_HEX || *rest)
		return -1;
	size_t got;
	if (sodium_hex2bin(out->bytes, sizeof(out->bytes), hex, len, NULL, &got,
	    NULL) != 0 || got != sizeof(out->bytes))
		return -1;
	return 0;
}

void
umpire_seed_to_hex(const struct umpire_seed *s, char out[UMPIRE_SEED_HEX + 1])
{
	sodium_bin2hex(out, UMPIRE_SEED_HEX + 1, s->bytes, sizeof(s->bytes));
}

void
umpire_seed_commitment(const struct umpire_seed *s,
	char out[sizeof(UMPIRE_COMMITMENT_PREFIX) + UMPIRE_SEED_HEX])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, s->bytes, sizeof(s->bytes));
	memcpy(out, UMPIRE_COMMITMENT_PREFIX, sizeof(UMPIRE_COMMITMENT_PREFIX) - 1);
	sodium_bin2hex(out + sizeof(UMPIRE_COMMITMENT_PREFIX) - 1,
		UMPIRE_SEED_HEX + 1, h, sizeof(h));
}

void
umpire_seed_guard(void)
{
	struct rlimit none = { 0, 0 };

	setrlimit(RLIMIT_CORE, &none);
#ifdef __linux__
	/* A core_pattern pipe (systemd-coredump) may not heed RLIMIT_CORE. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
}

void
umpire_seed_random(struct umpire_seed *out)
{
	umpire_seed_guard();
	randombytes_buf(out->bytes, sizeof(out->bytes));
}

/*
 * The uniform draw the dice and the shuffles share: HMAC-SHA256 keyed by
 * the seed over tag 0x00 game 0x00 and the fields (decimal numbers, each
 * followed by 0x00) and decimal(j), for j = 0, 1, 2, ...; the first of
 * each MAC's eight big-endian 32-bit words below the largest multiple of
 * n under 2^32, modulo n.  Returns 0 .. n - 1.
 */
static unsigned
draw(const crypto_auth_hmacsha256_state *keyed, const char *tag,
	const char *game, const char *fields, size_t flen, unsigned n)
{
	const uint64_t limit = (UINT64_C(1) << 32) - ((UINT64_C(1) << 32) % n);
	crypto_auth_hmacsha256_state st;
	unsigned char b[crypto_auth_hmacsha256_BYTES];
	char num[24];

	for (unsigned long j = 0;; j++) {
		int k = snprintf(num, sizeof(num), "%lu", j);
		st = *keyed;
		crypto_auth_hmacsha256_update(&st, (const unsigned char *)tag,
			strlen(tag) + 1);	/* with its 0x00 */
		crypto_auth_hmacsha256_update(&st, (const unsigned char *)game,
			strlen(game) + 1);
		crypto_auth_hmacsha256_update(&st, (const unsigned char *)fields,
			flen);
		crypto_auth_hmacsha256_update(&st, (const unsigned char *)num,
			(size_t)k);
		crypto_auth_hmacsha256_final(&st, b);
		for (int i = 0; i < 8; i++) {
			uint32_t w = (uint32_t)b[4 * i] << 24 |
				(uint32_t)b[4 * i + 1] << 16 |
				(uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
			if (w < limit) {
				sodium_memzero(&st, sizeof(st));
				sodium_memzero(b, sizeof(b));
				return (unsigned)(w % n);
			}
		}
	}
}

static unsigned
derive(const crypto_auth_hmacsha256_state *keyed, const char *game, long step,
	unsigned r, unsigned sides)
{
	char fields[48];
	int len = snprintf(fields, sizeof(fields), "%ld%c%u%c", step, 0, r, 0);

	return draw(keyed, "umpire-dice-v1", game, fields, (size_t)len, sides) + 1;
}

unsigned
umpire_dice_derive(const struct umpire_seed *seed, const char *game, long step,
	unsigned r, unsigned sides)
{
	crypto_auth_hmacsha256_state keyed;

	crypto_auth_hmacsha256_init(&keyed, seed->bytes, sizeof(seed->bytes));
	unsigned die = derive(&keyed, game, step, r, sides);
	sodium_memzero(&keyed, sizeof(keyed));
	return die;
}

unsigned
umpire_dice_peek(const struct umpire_dice *d, long step, unsigned r,
	unsigned sides)
{
	return derive(&d->keyed, d->game, step, r, sides);
}

void
umpire_dice_init(struct umpire_dice *d, struct umpire_arena *a,
	const struct umpire_seed *seed, const char *game, long step)
{
	memset(d, 0, sizeof(*d));
	d->arena = a;
	if (seed) {
		crypto_auth_hmacsha256_init(&d->keyed, seed->bytes,
			sizeof(seed->bytes));
		d->have_seed = true;
	}
	d->game = game;
	d->step = step;
}

void
umpire_dice_end(struct umpire_dice *d)
{
	sodium_memzero(&d->keyed, sizeof(d->keyed));
	d->have_seed = false;
}

unsigned
umpire_dice_roll(struct umpire_dice *d, unsigned sides, const char *fmt, ...)
{
	va_list ap;

	if (!d->have_seed || sides < 1) {
		/* Callers check for the seed first; this is a bug, not input. */
		fprintf(stderr, "umpire: internal error: roll without a seed\n");
		abort();
	}
	unsigned r = (unsigned)d->n;
	unsigned result = derive(&d->keyed, d->game, d->step, r, sides);
	d->log = umpire_arena_grow(d->arena, d->log, sizeof(*d->log), d->n,
		&d->cap, d->n + 1);
	va_start(ap, fmt);
	d->log[d->n++] = (struct umpire_roll){
		r, sides, result, umpire_arena_vprintf(d->arena, fmt, ap),
	};
	va_end(ap);
	return result;
}

void
umpire_dice_shuffle(struct umpire_dice *d, int *v, size_t n,
	const char *fmt, ...)
{
	va_list ap;

	if (!d->have_seed) {
		fprintf(stderr, "umpire: internal error: shuffle without a seed\n");
		abort();
	}
	unsigned k = (unsigned)d->nshuffles;
	unsigned *order = umpire_arena_alloc(d->arena, (n ? n : 1) *
		sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = (unsigned)i;
	for (size_t i = n; i-- > 1;) {
		char fields[72];
		int len = snprintf(fields, sizeof(fields), "%ld%c%u%c%zu%c", d->step,
			0, k, 0, i, 0);
		unsigned j = draw(&d->keyed, "umpire-shuffle-v1", d->game, fields,
			(size_t)len, (unsigned)i + 1);
		int t = v[i];
		v[i] = v[j];
		v[j] = t;
		unsigned o = order[i];
		order[i] = order[j];
		order[j] = o;
	}
	d->shuffles = umpire_arena_grow(d->arena, d->shuffles,
		sizeof(*d->shuffles), d->nshuffles, &d->shuffles_cap,
		d->nshuffles + 1);
	va_start(ap, fmt);
	d->shuffles[d->nshuffles++] = (struct umpire_shuffle){
		k, n, umpire_arena_vprintf(d->arena, fmt, ap), order, NULL,
	};
	va_end(ap);
}
