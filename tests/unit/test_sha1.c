/*
 * test_sha1.c - SHA-1, against the examples of FIPS 180 (its appendix
 * vectors: "abc", the 448-bit message and a million a's), and fed in
 * pieces of every size across the block boundary.
 */
#include "unit.h"

#include "util/sha1.h"

static void
hex_of(char out[2 * UMPIRE_SHA1_LEN + 1], const unsigned char *sum)
{
	for (int i = 0; i < UMPIRE_SHA1_LEN; i++)
		snprintf(out + 2 * i, 3, "%02x", sum[i]);
}

static void
digest(char out[2 * UMPIRE_SHA1_LEN + 1], const void *data, size_t n,
	size_t piece)
{
	struct umpire_sha1 c;
	unsigned char sum[UMPIRE_SHA1_LEN];
	const unsigned char *p = data;

	umpire_sha1_init(&c);
	for (size_t at = 0; at < n; at += piece)
		umpire_sha1_update(&c, p + at, n - at < piece ? n - at : piece);
	umpire_sha1_final(&c, sum);
	hex_of(out, sum);
}

static void
standard_vectors(void **state)
{
	static const char m448[] =
	    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char hex[2 * UMPIRE_SHA1_LEN + 1];

	(void)state;
	digest(hex, "", 0, 1);
	assert_string_equal(hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	digest(hex, "abc", 3, 3);
	assert_string_equal(hex, "a9993e364706816aba3e25717850c26c9cd0d89d");
	digest(hex, m448, sizeof(m448) - 1, sizeof(m448) - 1);
	assert_string_equal(hex, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
	char *a = umpire_xmalloc(1000000);
	memset(a, 'a', 1000000);
	digest(hex, a, 1000000, 1000000);
	assert_string_equal(hex, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	digest(hex, a, 1000000, 4099);
	assert_string_equal(hex, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	free(a);
}

/* Any split of a message gives its digest whole; lengths around 55-64. */
static void
pieces(void **state)
{
	unsigned char msg[200];
	char whole[2 * UMPIRE_SHA1_LEN + 1], split[2 * UMPIRE_SHA1_LEN + 1];

	(void)state;
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 7 + 3);
	for (size_t n = 50; n <= 130; n++) {
		digest(whole, msg, n, n ? n : 1);
		for (size_t piece = 1; piece <= 70; piece++) {
			digest(split, msg, n, piece);
			assert_string_equal(split, whole);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(standard_vectors),
		cmocka_unit_test(pieces),
	};

	return cmocka_run_group_tests_name("sha1", tests, NULL, NULL);
}
