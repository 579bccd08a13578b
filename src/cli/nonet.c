/*
 * nonet.c - umpire never talks to a network; do not pay for it.
 *
 * Debian's libgit2 is built for fetching and pushing over HTTPS (with
 * mbedTLS) and SSH (with libssh2, on OpenSSL), and git_libgit2_init()
 * prepares both: it parses every certificate of the system's CA bundle
 * (about 6 ms) and starts OpenSSL (about 1.6 MiB).  That was most of a
 * turn's time and memory, for transports umpire never uses.
 *
 * These definitions in the executable take precedence over the shared
 * libraries' for libgit2's calls (ELF symbol interposition) and do
 * nothing: no certificate is loaded, so no TLS connection could be
 * verified, and SSH is never started, and none is ever made.  With a
 * libgit2 built otherwise they are simply never called.  They live in
 * the command line's objects, not the library, so the tests' and fuzz
 * targets' programs keep the real ones.
 */

int mbedtls_x509_crt_parse_file(void *chain, const char *path);
int mbedtls_x509_crt_parse_path(void *chain, const char *path);
int libssh2_init(int flags);

int
mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}

int
mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}

int
libssh2_init(int flags)
{
	(void)flags;
	return 0;
}
