/*
 * test_sha1.c - SHA-1 against the vectors of FIPS 180-4's examples and
 * a million a's, fed whole and in uneven pieces.
 */
#include "unit.h"

#include <stdio.h>
#include <string.h>

#include "util/sha1.h"

static void
hex(char out[2 * UMPIRE_SHA1_SIZE + 1], const unsigned char *d)
{
	for (int i = 0; i < UMPIRE_SHA1_SIZE; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void
check(const char *text, size_t len, size_t piece, const char *want)
{
	struct umpire_sha1 s;
	unsigned char d[UMPIRE_SHA1_SIZE];
	char got[2 * UMPIRE_SHA1_SIZE + 1];

	umpire_sha1_init(&s);
	for (size_t at = 0; at < len; at += piece)
		umpire_sha1_update(&s, text + at, len - at < piece ? len - at :
			piece);
	umpire_sha1_final(&s, d);
	hex(got, d);
	assert_string_equal(got, want);
}

static void
vectors(void **state)
{
	static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmn"
		"lmnomnopnopq";
	static char million[1000000];

	(void)state;
	check("", 0, 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	check("abc", 3, 1, "a9993e364706816aba3e25717850c26c9cd0d89d");
	for (size_t piece = 1; piece <= 64; piece += 7)
		check(two, strlen(two), piece,
			"84983e441c3bd26ebaae4aa1f95129e5e54670f1");
	memset(million, 'a', sizeof(million));
	check(million, sizeof(million), sizeof(million),
		"34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	check(million, sizeof(million), 1000,
		"34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(vectors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
