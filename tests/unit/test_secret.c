/*
 * test_secret - commitments and sealed values (game/secret.c): the
 * commitment's known answer (worked by hand in Python from the
 * derivation in secret.h), opening one in public, and every refusal of
 * a sealed value in orders.
 */
#include <sodium.h>

#include "crypto/age.h"
#include "game/gamekey.h"
#include "game/secret.h"
#include "unit.h"

static void
seed_of(struct umpire_seed *s)
{
	for (int i = 0; i < 32; i++)
		s->bytes[i] = (unsigned char)(i + 1);
}

static void
commitments(void **state)
{
	struct umpire_seed seed;
	struct umpire_secret_key k;
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	(void)state;
	seed_of(&seed);
	umpire_secret_key_init(&k, &seed);
	struct umpire_ctx ctx = { .arena = &a, .secret = &k };
	const char *c = umpire_secret_commit_str(&ctx, "mines/tan/1", "7");
	assert_string_equal(c, "sha256:20b0fbd1f259c44f177a61396be6b07eda420725"
	    "efa85fd04006c645a7b422ea");
	const char *salt = umpire_secret_salt(&ctx, "mines/tan/1");
	assert_string_equal(salt, "ca6ca69d97f4615826347b206d6e2614a9af78956718"
	    "beae215375835df5b4b9");
	assert_true(umpire_secret_opens(c, salt, "7", 1));
	assert_false(umpire_secret_opens(c, salt, "8", 1));
	assert_false(umpire_secret_opens(c, "00", "7", 1));
	assert_false(umpire_secret_opens(c, NULL, "7", 1));
	/* Another label, another salt. */
	assert_string_not_equal(umpire_secret_commit_str(&ctx, "mines/tan/2",
	    "7"), c);
	umpire_secret_key_wipe(&k);
	umpire_arena_free(&a);
}

/* Orders for game amb-0000000000 step 3 by tan, holding sealed s. */
static int
open_orders(struct umpire_arena *a, struct umpire_diags *d,
	const struct umpire_age_identity *id, const char *sealed,
	const struct umpire_node **value)
{
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_node *doc;
	const struct umpire_node **opened;
	size_t n;

	umpire_buf_puts(&text, "umpire: 1\nruleset: amb\ngame: amb-0000000000\n"
	    "player: tan\nstep: 3\nmines: |\n");
	for (const char *p = sealed; *p; ) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		umpire_buf_puts(&text, "  ");
		umpire_buf_add(&text, p, len);
		p += len;
	}
	assert_int_equal(umpire_yaml_parse(&doc, a, "orders.yaml", text.ptr,
	    text.len, NULL, d), 0);
	umpire_buf_free(&text);
	size_t bad = umpire_sealed_open(a, doc, id, &opened, &n, d);
	*value = umpire_map_get(doc, "mines");
	if (!bad) {
		assert_int_equal(n, 1);
		assert_ptr_equal(opened[0], *value);
	}
	return (int)bad;
}

static void
sealed_values(void **state)
{
	struct umpire_seed seed;
	struct umpire_age_identity id, other;
	struct umpire_buf r = UMPIRE_BUF_INIT, b = UMPIRE_BUF_INIT;
	struct umpire_crypto_error err;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	const struct umpire_node *v;

	(void)state;
	seed_of(&seed);
	umpire_gamekey_identity(&id, &seed);
	umpire_gamekey_recipient(&r, &seed);
	const char *rcp = umpire_buf_cstr(&r);

	assert_int_equal(umpire_sealed_make(&b, rcp, "amb-0000000000", 3, "tan",
	    "[4, 9]\n", 7, &err), 0);
	assert_int_equal(open_orders(&a, &d, &id, umpire_buf_cstr(&b), &v), 0);
	assert_int_equal(v->type, UMPIRE_SEQ);
	assert_int_equal(v->u.seq.n, 2);
	assert_int_equal(v->u.seq.v[1]->u.i, 9);
	assert_int_equal(v->line, 6);	/* where the block was */

	/* Without the seed. */
	assert_int_equal(open_orders(&a, &d, NULL, umpire_buf_cstr(&b), &v), 1);
	assert_diag(&d, "a sealed value, which only the holder of the game's "
	    "seed can open");
	umpire_diags_clear(&d);

	/* Sealed to another game's recipient. */
	seed.bytes[0] ^= 1;
	umpire_gamekey_identity(&other, &seed);
	assert_int_equal(open_orders(&a, &d, &other, umpire_buf_cstr(&b), &v), 1);
	assert_diag(&d, "does not open with the game's identity");
	umpire_diags_clear(&d);

	/* Green's block replayed in tan's orders, or another step's. */
	umpire_buf_clear(&b);
	assert_int_equal(umpire_sealed_make(&b, rcp, "amb-0000000000", 3, "green",
	    "[4, 9]\n", 7, &err), 0);
	assert_int_equal(open_orders(&a, &d, &id, umpire_buf_cstr(&b), &v), 1);
	assert_diag(&d, "was sealed for another player than these orders'");
	umpire_diags_clear(&d);
	umpire_buf_clear(&b);
	assert_int_equal(umpire_sealed_make(&b, rcp, "amb-0000000000", 1, "tan",
	    "[4, 9]\n", 7, &err), 0);
	assert_int_equal(open_orders(&a, &d, &id, umpire_buf_cstr(&b), &v), 1);
	assert_diag(&d, "was sealed for another step than these orders'");
	umpire_diags_clear(&d);

	/* No value. */
	struct umpire_age_recipient to;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	static const char novalue[] = "game: amb-0000000000\nstep: 3\n"
	    "player: tan\n";
	o.armor = true;
	assert_int_equal(umpire_age_recipient_parse(&to, rcp, strlen(rcp),
	    &err), 0);
	umpire_buf_clear(&b);
	assert_int_equal(umpire_age_encrypt(&b, &to, 1, novalue,
	    sizeof(novalue) - 1, &o, &err), 0);
	assert_int_equal(open_orders(&a, &d, &id, umpire_buf_cstr(&b), &v), 1);
	assert_diag(&d, "is not a YAML mapping of game, step, player and value");

	umpire_age_identity_wipe(&id);
	umpire_age_identity_wipe(&other);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	umpire_buf_free(&r);
	umpire_buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(commitments),
		cmocka_unit_test(sealed_values),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("secret", tests, NULL, NULL);
}
