/*
 * nonet.c - umpire never talks to a network; do not pay for it.
 *
 * Debian's libgit2 is built for fetching and pushing over HTTPS (with
 * mbedTLS), SSH (with libssh2, on OpenSSL) and Negotiate authentication
 * (GSSAPI), and git_libgit2_init() prepares them: it parses every
 * certificate of the system's CA bundle (about 6 ms) and starts OpenSSL
 * (about 1.6 MiB).  That was most of a turn's time and memory, for
 * transports umpire never uses.
 *
 * The functions below load no certificate and start no SSH, so no TLS
 * connection could be verified and no SSH session made, and none ever
 * is.  How they take libgit2's calls depends on the link (Makefile,
 * LINK):
 *
 *  - static, the default: libgit2 and everything below it are linked
 *    in, and the linker sends libgit2's calls here (--wrap).  GSSAPI is
 *    not linked at all (it would pull in Kerberos's five shared
 *    libraries); the stand-ins at the end refuse every request, so
 *    Negotiate authentication, which umpire never asks for, fails.
 *  - shared: these definitions in the executable take precedence over
 *    the shared libraries' (ELF symbol interposition).
 *
 * They live in the command line's objects, not the library, so the
 * tests' and fuzz targets' programs keep the real ones.
 */
#ifdef UMPIRE_NONET_WRAP
#define NONET(name) __wrap_##name
#else
#define NONET(name) name
#endif

int NONET(mbedtls_x509_crt_parse_file)(void *chain, const char *path);
int NONET(mbedtls_x509_crt_parse_path)(void *chain, const char *path);
int NONET(libssh2_init)(int flags);

int
NONET(mbedtls_x509_crt_parse_file)(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}

int
NONET(mbedtls_x509_crt_parse_path)(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}

int
NONET(libssh2_init)(int flags)
{
	(void)flags;
	return 0;
}

#ifdef UMPIRE_NONET_WRAP
/*
 * GSSAPI, as libgit2's Negotiate authentication calls it, refusing
 * everything: GSS_S_FAILURE (a routine error in the top bits), with no
 * minor status.  The arguments are left alone: nothing is produced.
 */
#define GSS_S_FAILURE (13u << 16)

typedef unsigned gss_status;

gss_status gss_indicate_mechs(gss_status *minor, void *mechs);
gss_status gss_release_oid_set(gss_status *minor, void *set);
gss_status gss_import_name(gss_status *minor, void *buf, void *type,
	void *name);
gss_status gss_release_name(gss_status *minor, void *name);
gss_status gss_init_sec_context(gss_status *minor, void *cred, void *ctx,
	void *target, void *mech, unsigned flags, unsigned time, void *chan,
	void *input, void *actual, void *output, unsigned *ret, unsigned *rtime);
gss_status gss_delete_sec_context(gss_status *minor, void *ctx, void *out);
gss_status gss_release_buffer(gss_status *minor, void *buf);
gss_status gss_display_status(gss_status *minor, unsigned value, int type,
	void *mech, unsigned *more, void *out);

void *GSS_C_NT_HOSTBASED_SERVICE;

static gss_status
refuse(gss_status *minor)
{
	if (minor)
		*minor = 0;
	return GSS_S_FAILURE;
}

gss_status
gss_indicate_mechs(gss_status *minor, void *mechs)
{
	(void)mechs;
	return refuse(minor);
}

gss_status
gss_release_oid_set(gss_status *minor, void *set)
{
	(void)set;
	return refuse(minor);
}

gss_status
gss_import_name(gss_status *minor, void *buf, void *type, void *name)
{
	(void)buf;
	(void)type;
	(void)name;
	return refuse(minor);
}

gss_status
gss_release_name(gss_status *minor, void *name)
{
	(void)name;
	return refuse(minor);
}

gss_status
gss_init_sec_context(gss_status *minor, void *cred, void *ctx, void *target,
	void *mech, unsigned flags, unsigned time, void *chan, void *input,
	void *actual, void *output, unsigned *ret, unsigned *rtime)
{
	(void)cred; (void)ctx; (void)target; (void)mech; (void)flags;
	(void)time; (void)chan; (void)input; (void)actual; (void)output;
	(void)ret; (void)rtime;
	return refuse(minor);
}

gss_status
gss_delete_sec_context(gss_status *minor, void *ctx, void *out)
{
	(void)ctx;
	(void)out;
	return refuse(minor);
}

gss_status
gss_release_buffer(gss_status *minor, void *buf)
{
	(void)buf;
	return refuse(minor);
}

gss_status
gss_display_status(gss_status *minor, unsigned value, int type, void *mech,
	unsigned *more, void *out)
{
	(void)value;
	(void)type;
	(void)mech;
	if (more)
		*more = 0;
	(void)out;
	return refuse(minor);
}
#endif
