/*
 * fuzz_object - the loose object reader (history/odb.c), which inflates
 * whatever a power cut or a player left in .git/objects.
 *
 * The first byte chooses what the rest is:
 *   - even: a loose object file's bytes, as found on disk;
 *   - odd: an object's contents, which the target compresses first
 *     (so that the header parser sees what zlib lets through), then
 *     cuts at a length the second byte chooses (a truncated object).
 *
 * Promises checked: the header is read from at most the stream's first
 * bytes; an object whose header parses inflates, or is refused, in one
 * call; what inflates is exactly hlen + size bytes, and inflating the
 * same bytes again gives the same object.
 */
#include <zlib.h>

#include "history/repo.h"
#include "fuzz.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	return 0;
}

static void
check(const unsigned char *z, size_t zlen)
{
	git_object_t type;
	size_t size, hlen;
	const char *why;

	if (umpire_loose_header(z, zlen, &type, &size, &hlen, &why) != 0) {
		if (!why)
			fuzz_fail(NULL, NULL, 0, "a refused header without a reason");
		return;
	}
	/* "tag 0\0" is the shortest header, six bytes. */
	if (hlen < 6 || hlen > 64)
		fuzz_fail(NULL, NULL, 0, "a header of %zu bytes", hlen);
	if (size > 1 << 20)
		return;		/* the backend refuses these unread */
	unsigned char *out = umpire_xmalloc(hlen + size + 1);
	unsigned char *again = umpire_xmalloc(hlen + size + 1);
	int rc = umpire_loose_inflate(z, zlen, out, hlen, size, &why);
	int rc2 = umpire_loose_inflate(z, zlen, again, hlen, size, &why);
	if (rc != rc2)
		fuzz_fail(NULL, NULL, 0, "inflating twice disagrees");
	if (rc == 0 && memcmp(out, again, hlen + size) != 0)
		fuzz_fail(NULL, NULL, 0, "inflating twice gives two objects");
	free(out);
	free(again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	if (!(data[0] & 1)) {
		check(data + 1, size - 1);
		return 0;
	}
	uLongf zlen = compressBound((uLong)(size - 2));
	unsigned char *z = umpire_xmalloc(zlen);
	if (compress(z, &zlen, data + 2, (uLong)(size - 2)) == Z_OK) {
		size_t cut = data[1] == 0xff ? zlen : zlen * data[1] / 255;
		check(z, cut);
	}
	free(z);
	return 0;
}
