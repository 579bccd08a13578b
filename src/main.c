/*
 * main.c - hand the rulesets down, then run the verb; nothing else.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#ifdef __GLIBC__	/* defined by any of the C library's headers above */
#include <malloc.h>
#endif

#include "cli/cli.h"
#include "util/diag.h"
#include "game/game.h"
#include "game/ruleset.h"
#include "rules/registry.h"

static int
usage(FILE *out)
{
	fprintf(out, "usage: umpire VERB [ARGS]\n\n");
	for (const struct cli_verb *v = cli_verbs; v->name; v++)
		fprintf(out, "  %s\n", v->synopsis);
	fprintf(out, "\n`umpire VERB --help` says more; see umpire(1).\n");
	return out == stdout ? 0 : EX_USAGE;
}

int
main(int argc, char **argv)
{
	/* Core names no ruleset: the registry is handed down from here. */
	umpire_rulesets_use(umpire_rulesets);
	if (argc < 2)
		return usage(stderr);
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("umpire %s\n", UMPIRE_VERSION);
		return 0;
	}
	/* umpire help VERB, as umpire VERB --help. */
	const char *verb = argv[1];
	if (strcmp(verb, "help") == 0 && argc >= 3) {
		for (const struct cli_verb *v = cli_verbs; v->name; v++)
			if (strcmp(v->name, argv[2]) == 0)
				return cli_help(v->name);
		verb = argv[2];
	} else if (strcmp(verb, "--help") == 0 || strcmp(verb, "-h") == 0 ||
	    strcmp(verb, "help") == 0) {
		return usage(stdout);
	}
#ifdef __GLIBC__
	/*
	 * A call allocates a few MiB and exits: let the heap grow in big
	 * steps and never give memory back, instead of a brk(2) per page
	 * (untouched pages cost no memory).  Other C libraries have their
	 * own allocators, and no mallopt.
	 */
	mallopt(M_TOP_PAD, 4 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
	for (const struct cli_verb *v = cli_verbs; v->name; v++) {
		if (strcmp(v->name, argv[1]) != 0)
			continue;
		if (sodium_init() < 0) {
			fputs("umpire: error: cannot initialise libsodium\n", stderr);
			return EX_SOFTWARE;
		}
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		if (umpire_rulesets_check(&d)) {
			umpire_diags_print(&d, stderr);
			umpire_diags_free(&d);
			return EX_SOFTWARE;
		}
		cli_program = argv[0];
		return v->run(argc - 1, argv + 1);
	}
	struct umpire_suggest sg;
	umpire_suggest_init(&sg, verb);
	for (const struct cli_verb *v = cli_verbs; v->name; v++)
		umpire_suggest_add(&sg, v->name);
	fprintf(stderr, "umpire: error: unknown verb '%s'%s\n", verb,
		umpire_suggest_hint(&sg));
	return usage(stderr);
}
