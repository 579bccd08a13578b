/*
 * fuzz_sealed - what core reads of hidden information (secret.c,
 * hidden.c): an orders file whose strings may hold sealed values (ASCII-
 * armored age files, opened with a fixed game identity, their plaintext
 * parsed as YAML and checked against the orders' game, step and player),
 * and a private view's fenced YAML block.
 *
 * The identity is the game's of the seed 00 01 02 ... 1f (gamekey.h), so
 * that the corpus's blocks, sealed to its recipient
 * age19p8ylrsn3hp8rfp4a60d5s223pg80wnetrh0t7estsqm3fsugdnsjl8ecu with
 * the real age for game amb-86a7215226, open and reach the binding
 * checks and the value's replacement.
 */
#include "game/gamekey.h"
#include "play/hidden.h"
#include "game/secret.h"
#include "fuzz.h"

static struct umpire_age_identity id;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct umpire_seed seed;

	fuzz_setup_dict(argc, argv, "tests/fuzz/age.dict");
	for (int i = 0; i < 32; i++)
		seed.bytes[i] = (unsigned char)i;
	umpire_gamekey_identity(&id, &seed);
	return 0;
}

/* Every node the opening left is a well-formed tree. */
static void
walk(const struct umpire_node *n, const char *data, size_t size)
{
	if (!n)
		fuzz_fail(NULL, data, size, "a null node after opening");
	if (n->type == UMPIRE_SEQ)
		for (size_t i = 0; i < n->u.seq.n; i++)
			walk(n->u.seq.v[i], data, size);
	else if (n->type == UMPIRE_MAP)
		for (size_t i = 0; i < n->u.map.n; i++) {
			if (n->u.map.v[i].key->type != UMPIRE_STR)
				fuzz_fail(NULL, data, size, "a key that is no string");
			walk(n->u.map.v[i].val, data, size);
		}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_node *doc;
	const struct umpire_node **opened;
	size_t n;

	if (umpire_yaml_parse(&doc, &a, "orders.yaml", (const char *)data, size,
	    &lim, &d) == 0) {
		size_t bad = umpire_sealed_open(&a, doc, &id, &opened, &n, &d);
		for (size_t i = 0; i < n; i++)
			walk(opened[i], (const char *)data, size);
		if (bad && !d.errors)
			fuzz_fail(NULL, (const char *)data, size, "%zu sealed values "
				"refused without a diagnostic", bad);
		walk(doc, (const char *)data, size);
	}
	struct umpire_buf view = UMPIRE_BUF_INIT;
	umpire_buf_add(&view, data, size);
	umpire_hidden_knowledge(&a, "view", &view, &d);
	umpire_buf_free(&view);
	umpire_diags_print(&d, fuzz_null);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return 0;
}
