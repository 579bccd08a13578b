/*
 * cmd_rules.c - umpire rules, umpire schema: what umpire knows.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cli.h"
#include "core/embedded.h"
#include "core/ruleset.h"
#include "core/schema.h"

static const struct option help_only[] = {
	{ "help", no_argument, NULL, CLI_HELP },
	{ NULL, 0, NULL, 0 },
};

/* A scenario's title, read off its text: "title: The campaign". */
static const char *
title_of(const struct umpire_embedded *e)
{
	static char title[120];
	const char *p = strstr(e->data, "\ntitle: ");

	if (!p)
		return "";
	p += strlen("\ntitle: ");
	size_t n = strcspn(p, "\r\n");
	if (n >= 2 && (*p == '"' || *p == '\'') && p[n - 1] == *p) {
		p++;
		n -= 2;
	}
	snprintf(title, sizeof(title), "%.*s", (int)n, p);
	return title;
}

int
cmd_rules(int argc, char **argv)
{
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", help_only, &rc)) != -1)
		if (c == -2)
			return rc;
	if (optind != argc)
		return cli_usage(argv[0], "takes no operands");
	printf("%-8s  %-28s  %s\n", "NAME", "TITLE", "PLAYERS");
	for (const struct umpire_ruleset *const *r = umpire_rulesets; *r; r++)
		printf("%-8s  %-28s  %s\n", (*r)->name, (*r)->title, (*r)->players);
	printf("\nBuilt-in scenarios (umpire new DIR --scenario SCENARIO):\n");
	for (const struct umpire_ruleset *const *r = umpire_rulesets; *r; r++) {
		const struct umpire_embedded *std =
			umpire_embedded_find((*r)->default_scenario);
		char prefix[64];
		int n = snprintf(prefix, sizeof(prefix), "samples/%s/", (*r)->name);
		printf("  %-22s  %s\n", (*r)->name, title_of(std));
		for (const struct umpire_embedded *e = umpire_embedded; e->path;
		    e++) {
			const char *base = e->path + n;
			size_t len = strlen(e->path);
			if (e == std || strncmp(e->path, prefix, (size_t)n) != 0 ||
			    strchr(base, '/') || len < (size_t)n + 6 ||
			    strcmp(e->path + len - 5, ".yaml") != 0)
				continue;
			char name[96];
			snprintf(name, sizeof(name), "%s:%.*s", (*r)->name,
				(int)(len - (size_t)n - 5), base);
			printf("  %-22s  %s\n", name, title_of(e));
		}
	}
	return 0;
}

int
cmd_schema(int argc, char **argv)
{
	static const char *const kinds[] = { "state", "orders", "scenario", NULL };
	int rc = 0, c;
	char name[64];

	while ((c = cli_getopt(argc, argv, "", help_only, &rc)) != -1)
		if (c == -2)
			return rc;
	int left = argc - optind;
	if (left == 1 && strcmp(argv[optind], "envelope") == 0) {
		snprintf(name, sizeof(name), "envelope");
	} else if (left == 2) {
		const char *ruleset = argv[optind], *kind = argv[optind + 1];
		if (!umpire_ruleset_find(ruleset)) {
			struct umpire_suggest sg;
			umpire_suggest_init(&sg, ruleset);
			for (const struct umpire_ruleset *const *r = umpire_rulesets; *r; r++)
				umpire_suggest_add(&sg, (*r)->name);
			return cli_usage(argv[0], "unknown ruleset '%s'%s; `umpire rules` "
				"lists them", ruleset, umpire_suggest_hint(&sg));
		}
		bool known = false;
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, kind);
		for (const char *const *k = kinds; *k; k++) {
			known |= strcmp(*k, kind) == 0;
			umpire_suggest_add(&sg, *k);
		}
		if (!known)
			return cli_usage(argv[0], "no schema '%s'%s: say state, orders or "
				"scenario", kind, umpire_suggest_hint(&sg));
		snprintf(name, sizeof(name), "%s/%s", ruleset, kind);
	} else {
		return cli_usage(argv[0], "name a ruleset and a kind of file");
	}
	size_t len;
	const char *text = umpire_schema_text(name, &len);
	if (!text) {
		fprintf(stderr, "umpire schema: error: no built-in schema %s\n", name);
		return EX_SOFTWARE;
	}
	fwrite(text, 1, len, stdout);
	return ferror(stdout) ? EX_IOERR : 0;
}
