/*
 * test_sha256 - crypto/sha256.c: the digest of the SHA instructions is
 * libsodium's, byte for byte, at every length that pads differently
 * (around 55, 56, 64 and their multiples) and at a state's size; and
 * FIPS 180-4's examples hold whichever way this processor takes.
 */
#include <sodium.h>

#include "crypto/sha256.h"
#include "unit.h"

static void
hex(char out[65], const unsigned char h[32])
{
	sodium_bin2hex(out, 65, h, 32);
}

static void
known_answers(void **state)
{
	static const struct {
		const char *text, *digest;
	} cases[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
			"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	};
	unsigned char h[32];
	char got[65];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		umpire_sha256(h, cases[i].text, strlen(cases[i].text));
		hex(got, h);
		assert_string_equal(got, cases[i].digest);
	}
}

static void
same_as_libsodium(void **state)
{
	static unsigned char data[5000];
	unsigned char a[32], b[32];
	bool accelerated = false;

	(void)state;
	randombytes_buf_deterministic(data, sizeof(data),
		(const unsigned char *)"umpire sha256 test, 32 bytes!!!");
	for (size_t len = 0; len <= sizeof(data); len += len < 300 ? 1 : 97) {
		umpire_sha256_portable(a, data, len);
		memset(b, 0, sizeof(b));
		if (umpire_sha256_accelerated(b, data, len)) {
			accelerated = true;
			assert_memory_equal(a, b, 32);
		}
		umpire_sha256(b, data, len);
		assert_memory_equal(a, b, 32);
	}
	/* Unaligned input, as a buffer's middle is. */
	for (size_t off = 1; off < 16; off++) {
		umpire_sha256_portable(a, data + off, 4239);
		umpire_sha256(b, data + off, 4239);
		assert_memory_equal(a, b, 32);
	}
	printf("sha256: the SHA instructions %s\n", accelerated ? "compared" :
		"absent here (libsodium's alone)");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_answers),
		cmocka_unit_test(same_as_libsodium),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests_name("sha256", tests, NULL, NULL);
}
