/*
 * fuzz.h - what the libFuzzer targets in this folder share.
 *
 * Each target is one translation unit (the Makefile builds
 * tests/fuzz/fuzz_NAME.c alone), so these are static functions.
 *
 * A target never calls abort() for anything the input may legitimately
 * cause: it aborts (fuzz_fail) only when umpire breaks one of its own
 * promises, such as a state it wrote that it cannot read back.  Every
 * diagnostic is printed (to /dev/null), because printing sorts them and
 * dereferences every file name they keep.
 */
#ifndef UMPIRE_FUZZ_H
#define UMPIRE_FUZZ_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "doc/yaml.h"
#include "rules/registry.h"

/*
 * Every program here plays the rulesets umpire plays: the registry is
 * handed down before main, as umpire's own main does first.
 */
__attribute__((constructor)) static void
fuzz_registry(void)
{
	umpire_rulesets_use(umpire_rulesets);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static FILE *fuzz_null;

/*
 * libFuzzer parses its flags after LLVMFuzzerInitialize, which may change
 * them: without a -dict of its own, a target run from the top of the
 * tree (as make fuzz-check does) uses its dictionary, dict (a path such
 * as tests/fuzz/yaml.dict).
 */
static inline void
fuzz_default_dict(int *argc, char ***argv, const char *dict)
{
	static char flag[256];
	static char *args[256];

	if (*argc < 1 || *argc > 250)
		return;
	for (int i = 1; i < *argc; i++)
		if (strncmp((*argv)[i], "-dict=", 6) == 0)
			return;
	FILE *f = fopen(dict, "r");
	if (!f)
		return;
	fclose(f);
	snprintf(flag, sizeof(flag), "-dict=%s", dict);
	args[0] = (*argv)[0];
	args[1] = flag;
	for (int i = 1; i < *argc; i++)
		args[i + 1] = (*argv)[i];
	*argc += 1;
	args[*argc] = NULL;
	*argv = args;
}

/* Set up a target whose dictionary is dict. */
static inline void
fuzz_setup_dict(int *argc, char ***argv, const char *dict)
{
	fuzz_default_dict(argc, argv, dict);
	if (sodium_init() < 0) {
		fputs("fuzz: cannot initialise libsodium\n", stderr);
		exit(1);
	}
	if (!(fuzz_null = fopen("/dev/null", "w"))) {
		perror("fuzz: /dev/null");
		exit(1);
	}
}

/* Set up a target of umpire's YAML files. */
static inline void
fuzz_setup(int *argc, char ***argv)
{
	fuzz_setup_dict(argc, argv, "tests/fuzz/yaml.dict");
}

static inline void
fuzz_print(struct umpire_diags *d)
{
	umpire_diags_print(d, fuzz_null);
}

/* umpire broke a promise: say which, with the text involved, and crash. */
static inline _Noreturn void fuzz_fail(struct umpire_diags *d, const char *text,
	size_t len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static inline _Noreturn void
fuzz_fail(struct umpire_diags *d, const char *text, size_t len,
	const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (d)
		umpire_diags_print(d, stderr);
	if (text) {
		fputs("---- text involved ----\n", stderr);
		fwrite(text, 1, len, stderr);
		fputs("\n---- end ----\n", stderr);
	}
	abort();
}

#endif
