/*
 * cryptotool - umpire's SSH-key, SSHSIG and age code as a command, so
 * that tests/py/test_crypto.py can play it against the real ssh-keygen
 * and age, and tests/py/test_age_testkit.py can run the C2SP vectors.
 *
 *   cryptotool fingerprint                 (public key line on stdin)
 *   cryptotool private-key KEYFILE         (prints the public key line)
 *   cryptotool make-key SEEDHEX            (an OpenSSH private key file)
 *   cryptotool sshsig-verify -n NS -s SIG [-k PUBFILE]...   (msg on stdin)
 *   cryptotool sshsig-sign -n NS -f KEYFILE [-2]   (msg on stdin; -2: sha256)
 *   cryptotool age-encrypt [-a] [-d SEEDHEX LABEL] RECIPIENT...
 *   cryptotool age-decrypt [-a|-b] [-p] [-i FILE]... [-k KEY]... [-g SEEDHEX]
 *   cryptotool game-identity SEEDHEX
 *   cryptotool game-recipient SEEDHEX
 *
 * A RECIPIENT is "age1..." or an OpenSSH public key line, or @FILE for
 * the first line of FILE.  age-decrypt's -i FILE is an OpenSSH private
 * key or a file of AGE-SECRET-KEY-1... lines (# comments and blank lines
 * skipped); -k gives such a key on the command line, -g the game's
 * identity from its seed; -a/-b say the input is armored/binary (else
 * auto); -p keeps what decrypted before a payload failure.
 *
 * On failure it prints "cryptotool: CODE: message" on stderr, CODE being
 * umpire_crypto_code_name(), and exits 1; a usage error exits 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "crypto/age.h"
#include "game/gamekey.h"
#include "crypto/sshkey.h"
#include "crypto/sshsig.h"

static struct umpire_buf
slurp(FILE *f, const char *name)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	char chunk[65536];
	size_t n;

	if (!f) {
		fprintf(stderr, "cryptotool: cannot open %s\n", name);
		exit(2);
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		umpire_buf_add(&b, chunk, n);
	umpire_buf_grow(&b, 1);
	b.ptr[b.len] = '\0';
	return b;
}

static struct umpire_buf
slurp_path(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct umpire_buf b = slurp(f, path);

	fclose(f);
	return b;
}

static int
failed(const struct umpire_crypto_error *e)
{
	fprintf(stderr, "cryptotool: %s: %s\n", umpire_crypto_code_name(e->code),
		e->msg);
	return 1;
}

static _Noreturn void
usage(void)
{
	fputs("usage: cryptotool fingerprint | private-key KEYFILE |\n"
	    "       make-key SEEDHEX |\n"
	    "       sshsig-verify -n NS -s SIG [-k PUBFILE]... |\n"
	    "       sshsig-sign -n NS -f KEYFILE [-2] |\n"
	    "       age-encrypt [-a] [-d SEEDHEX LABEL] RECIPIENT... |\n"
	    "       age-decrypt [-a|-b] [-p] [-i FILE]... [-k KEY]... [-g SEEDHEX] |\n"
	    "       game-identity SEEDHEX | game-recipient SEEDHEX\n", stderr);
	exit(2);
}

static void
seed_arg(struct umpire_seed *s, const char *hex)
{
	if (umpire_seed_from_hex(s, hex) != 0) {
		fprintf(stderr, "cryptotool: '%s': not 64 hex digits\n", hex);
		exit(2);
	}
}

static int
cmd_fingerprint(void)
{
	struct umpire_buf in = slurp(stdin, "standard input");
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey k;
	char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];

	if (umpire_sshkey_parse_public(&k, in.ptr, in.len, &e) != 0)
		return failed(&e);
	umpire_sshkey_fingerprint(fp, &k);
	puts(fp);
	umpire_buf_free(&in);
	return 0;
}

static int
cmd_private_key(int argc, char **argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey_private k;
	struct umpire_buf line = UMPIRE_BUF_INIT;

	if (argc != 2)
		usage();
	struct umpire_buf in = slurp_path(argv[1]);
	int rc = umpire_sshkey_parse_private(&k, in.ptr, in.len, &e);
	umpire_buf_free(&in);
	if (rc != 0)
		return failed(&e);
	umpire_sshkey_format_public(&line, &k.pub, NULL);
	puts(line.ptr);
	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&line);
	return 0;
}

static int
cmd_make_key(int argc, char **argv)
{
	struct umpire_sshkey_private k;
	struct umpire_buf out = UMPIRE_BUF_INIT;
	struct umpire_seed seed;

	if (argc != 2)
		usage();
	seed_arg(&seed, argv[1]);
	umpire_sshkey_private_from_seed(&k, seed.bytes);
	umpire_sshkey_format_private(&out, &k, "made by cryptotool", 0x5eed);
	fwrite(out.ptr, 1, out.len, stdout);
	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&out);
	return 0;
}

static int
cmd_sshsig_verify(int argc, char **argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_sshkey keys[16];
	const char *ns = NULL, *sig = NULL;
	size_t n = 0, which;

	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "-n") == 0) {
			ns = argv[++i];
		} else if (strcmp(argv[i], "-s") == 0) {
			sig = argv[++i];
		} else if (strcmp(argv[i], "-k") == 0 && n < 16) {
			struct umpire_buf k = slurp_path(argv[++i]);
			if (umpire_sshkey_parse_public(&keys[n++], k.ptr, k.len, &e) != 0)
				return failed(&e);
			umpire_buf_free(&k);
		} else {
			usage();
		}
	}
	if (!ns || !sig)
		usage();
	struct umpire_buf s = slurp_path(sig), msg = slurp(stdin, "standard input");
	int rc = umpire_sshsig_check(&which, s.ptr, s.len, msg.ptr, msg.len, ns,
		keys, n, &e);
	umpire_buf_free(&s);
	umpire_buf_free(&msg);
	if (rc != 0)
		return failed(&e);
	char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];
	umpire_sshkey_fingerprint(fp, &keys[which]);
	printf("ok %zu %s\n", which, fp);
	return 0;
}

static int
cmd_sshsig_sign(int argc, char **argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	enum umpire_sshsig_hash hash = UMPIRE_SSHSIG_SHA512;
	const char *ns = NULL, *keyfile = NULL;
	struct umpire_sshkey_private k;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-2") == 0)
			hash = UMPIRE_SSHSIG_SHA256;
		else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
			ns = argv[++i];
		else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc)
			keyfile = argv[++i];
		else
			usage();
	}
	if (!ns || !keyfile)
		usage();
	struct umpire_buf kb = slurp_path(keyfile);
	int rc = umpire_sshkey_parse_private(&k, kb.ptr, kb.len, &e);
	umpire_buf_free(&kb);
	if (rc != 0)
		return failed(&e);
	struct umpire_buf msg = slurp(stdin, "standard input"), out = UMPIRE_BUF_INIT;
	umpire_sshsig_sign(&out, &k, ns, msg.ptr, msg.len, hash);
	fwrite(out.ptr, 1, out.len, stdout);
	umpire_sshkey_private_wipe(&k);
	umpire_buf_free(&msg);
	umpire_buf_free(&out);
	return 0;
}

static int
cmd_age_encrypt(int argc, char **argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	struct umpire_age_recipient r[16];
	struct umpire_age_detrand dr;
	const char *seedhex = NULL, *label = NULL;
	size_t n = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-a") == 0) {
			o.armor = true;
		} else if (strcmp(argv[i], "-d") == 0 && i + 2 < argc) {
			seedhex = argv[++i];
			label = argv[++i];
		} else if (n < 16) {
			struct umpire_buf file = UMPIRE_BUF_INIT;
			const char *s = argv[i];
			size_t len = strlen(s);
			if (s[0] == '@') {
				file = slurp_path(s + 1);
				s = file.ptr;
				const char *nl = memchr(s, '\n', file.len);
				len = nl ? (size_t)(nl - s) : file.len;
			}
			int rc = umpire_age_recipient_parse(&r[n++], s, len, &e);
			umpire_buf_free(&file);
			if (rc != 0)
				return failed(&e);
		} else {
			usage();
		}
	}
	if (n == 0)
		usage();
	struct umpire_buf in = slurp(stdin, "standard input"), out = UMPIRE_BUF_INIT;
	if (seedhex) {
		struct umpire_seed seed;
		seed_arg(&seed, seedhex);
		umpire_age_detrand_init(&dr, seed.bytes, label, in.ptr, in.len);
		o.random = umpire_age_detrand;
		o.random_ctx = &dr;
	}
	int rc = umpire_age_encrypt(&out, r, n, in.ptr, in.len, &o, &e);
	if (rc == 0)
		fwrite(out.ptr, 1, out.len, stdout);
	umpire_buf_free(&in);
	umpire_buf_free(&out);
	return rc ? failed(&e) : 0;
}

/* Add the identities of FILE: an OpenSSH key, or AGE-SECRET-KEY lines. */
static int
identities_from_file(struct umpire_age_identity *ids, size_t *n, size_t max,
	const char *path, struct umpire_crypto_error *e)
{
	struct umpire_buf b = slurp_path(path);
	int rc = 0;

	if (strstr(b.ptr, "-----BEGIN")) {
		struct umpire_sshkey_private k;
		if ((rc = umpire_sshkey_parse_private(&k, b.ptr, b.len, e)) == 0 &&
		    *n < max)
			umpire_age_identity_from_sshkey(&ids[(*n)++], &k);
		umpire_sshkey_private_wipe(&k);
	} else {
		for (char *line = strtok(b.ptr, "\n"); line && rc == 0;
		    line = strtok(NULL, "\n")) {
			if (line[0] == '#' || line[0] == '\0' || *n == max)
				continue;
			rc = umpire_age_identity_parse(&ids[(*n)++], line, strlen(line), e);
		}
	}
	sodium_memzero(b.ptr, b.cap);
	umpire_buf_free(&b);
	return rc;
}

static int
cmd_age_decrypt(int argc, char **argv)
{
	struct umpire_crypto_error e = UMPIRE_CRYPTO_ERROR_INIT;
	struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
	struct umpire_age_identity ids[16];
	size_t n = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-a") == 0) {
			o.format = UMPIRE_AGE_ARMORED;
		} else if (strcmp(argv[i], "-b") == 0) {
			o.format = UMPIRE_AGE_BINARY;
		} else if (strcmp(argv[i], "-p") == 0) {
			o.keep_partial = true;
		} else if (i + 1 < argc && n < 16 && strcmp(argv[i], "-i") == 0) {
			if (identities_from_file(ids, &n, 16, argv[++i], &e) != 0)
				return failed(&e);
		} else if (i + 1 < argc && n < 16 && strcmp(argv[i], "-k") == 0) {
			i++;
			if (umpire_age_identity_parse(&ids[n++], argv[i], strlen(argv[i]),
			    &e) != 0)
				return failed(&e);
		} else if (i + 1 < argc && n < 16 && strcmp(argv[i], "-g") == 0) {
			struct umpire_seed seed;
			seed_arg(&seed, argv[++i]);
			umpire_gamekey_identity(&ids[n++], &seed);
		} else {
			usage();
		}
	}
	struct umpire_buf in = slurp(stdin, "standard input"), out = UMPIRE_BUF_INIT;
	int rc = umpire_age_decrypt(&out, ids, n, in.ptr, in.len, &o, &e);
	if (rc == 0 || o.keep_partial)
		fwrite(out.ptr ? out.ptr : "", 1, out.len, stdout);
	for (size_t i = 0; i < n; i++)
		umpire_age_identity_wipe(&ids[i]);
	umpire_buf_free(&in);
	umpire_buf_free(&out);
	return rc ? failed(&e) : 0;
}

static int
cmd_game(int argc, char **argv, int identity)
{
	struct umpire_buf out = UMPIRE_BUF_INIT;
	struct umpire_seed seed;

	if (argc != 2)
		usage();
	seed_arg(&seed, argv[1]);
	if (identity) {
		struct umpire_age_identity id;
		umpire_gamekey_identity(&id, &seed);
		umpire_age_identity_format(&out, &id);
		umpire_age_identity_wipe(&id);
	} else {
		umpire_gamekey_recipient(&out, &seed);
	}
	puts(out.ptr);
	umpire_buf_free(&out);
	return 0;
}

int
main(int argc, char **argv)
{
	if (sodium_init() < 0) {
		fputs("cryptotool: cannot initialise libsodium\n", stderr);
		return 2;
	}
	if (argc < 2)
		usage();
	argc--, argv++;
	if (strcmp(argv[0], "fingerprint") == 0 && argc == 1)
		return cmd_fingerprint();
	if (strcmp(argv[0], "private-key") == 0)
		return cmd_private_key(argc, argv);
	if (strcmp(argv[0], "make-key") == 0)
		return cmd_make_key(argc, argv);
	if (strcmp(argv[0], "sshsig-verify") == 0)
		return cmd_sshsig_verify(argc, argv);
	if (strcmp(argv[0], "sshsig-sign") == 0)
		return cmd_sshsig_sign(argc, argv);
	if (strcmp(argv[0], "age-encrypt") == 0)
		return cmd_age_encrypt(argc, argv);
	if (strcmp(argv[0], "age-decrypt") == 0)
		return cmd_age_decrypt(argc, argv);
	if (strcmp(argv[0], "game-identity") == 0)
		return cmd_game(argc, argv, 1);
	if (strcmp(argv[0], "game-recipient") == 0)
		return cmd_game(argc, argv, 0);
	usage();
}
