/*
 * cmd_rules.c - umpire rules, umpire schema: what umpire knows.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "cli.h"
#include "doc/embedded.h"
#include "util/fileio.h"
#include "game/ruleset.h"
#include "doc/schema.h"

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
	/* The titles' column as wide as the longest. */
	int wide = 28;
	for (const struct umpire_ruleset *const *r = umpire_rulesets_list(); *r; r++)
		if ((int)strlen((*r)->title) > wide)
			wide = (int)strlen((*r)->title);
	printf("%-8s  %-*s  %s\n", "NAME", wide, "TITLE", "PLAYERS");
	for (const struct umpire_ruleset *const *r = umpire_rulesets_list(); *r; r++)
		printf("%-8s  %-*s  %s\n", (*r)->name, wide, (*r)->title,
			(*r)->players);
	printf("\nBuilt-in scenarios (umpire new DIR --scenario SCENARIO):\n");
	for (const struct umpire_ruleset *const *r = umpire_rulesets_list(); *r; r++) {
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

/*
 * mkdir -p: .umpire/schemas, which every modeline names, is written in a
 * game where .umpire/ does not exist yet.  0 or -1 with errno set.
 */
static int
make_dirs(const char *dir)
{
	char path[4096];
	size_t len = strlen(dir);

	if (len == 0 || len >= sizeof(path)) {
		errno = len ? ENAMETOOLONG : ENOENT;
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (char *p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char was = *p;
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return -1;
		if (!(*p = was))
			break;
	}
	struct stat st;
	if (stat(dir, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

/*
 * Write every schema of a ruleset as a bundle (schema.h) into dir,
 * schemas/RULESET/KIND.yaml as RULESET-KIND.json: the registered
 * rulesets' and any other umpire embeds (VSGMR's army files, before the
 * ruleset plays), so that every modeline in samples/ names a file.
 */
static int
write_all(const char *dir)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	char name[64], path[4096];
	int rc = 0, n = 0;

	if (make_dirs(dir) != 0) {
		umpire_diag(&d, UMPIRE_ERROR, dir, 0, 0, "cannot create: %s",
			strerror(errno));
		return cli_done(&d, EX_CANTCREAT);
	}
	for (const struct umpire_embedded *e = umpire_embedded; e->path && !rc;
	    e++) {
		const char *rel = e->path + strlen("schemas/");
		const char *slash = strchr(rel, '/');
		size_t len = strlen(rel);
		if (strncmp(e->path, "schemas/", 8) != 0 || !slash ||
		    strchr(slash + 1, '/') || len < 6 || len - 5 >= sizeof(name) ||
		    strcmp(rel + len - 5, ".yaml") != 0)
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(len - 5), rel);
		struct umpire_buf b = UMPIRE_BUF_INIT;
		if (umpire_schema_bundle(name, &b) == 0) {
			name[slash - rel] = '-';
			snprintf(path, sizeof(path), "%s/%s.json", dir, name);
			rc = umpire_file_write(path, b.ptr, b.len, &d);
			n += !rc;
		}
		umpire_buf_free(&b);
	}
	if (!rc)
		printf("umpire schema: %d schemas written to %s, as the modelines "
			"of orders name them\n", n, dir);
	return cli_done(&d, rc);
}

int
cmd_schema(int argc, char **argv)
{
	static const char *const kinds[] = { "state", "orders", "scenario", NULL };
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "write", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	int rc = 0, c;
	bool json = false;
	const char *dir = NULL;
	char name[64];

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'j')
			json = true;
		if (c == 'w')
			dir = optarg;
	}
	int left = argc - optind;
	if (dir) {
		if (left || json)
			return cli_usage(argv[0], "--write DIR writes every schema; "
				"name nothing else");
		return write_all(dir);
	}
	if (left == 1 && strcmp(argv[optind], "envelope") == 0) {
		snprintf(name, sizeof(name), "envelope");
	} else if (left == 2) {
		const char *ruleset = argv[optind], *kind = argv[optind + 1];
		if (!umpire_ruleset_find(ruleset)) {
			struct umpire_suggest sg;
			umpire_suggest_init(&sg, ruleset);
			for (const struct umpire_ruleset *const *r = umpire_rulesets_list(); *r; r++)
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
	if (json) {
		struct umpire_buf b = UMPIRE_BUF_INIT;
		if (umpire_schema_bundle(name, &b) != 0) {
			fprintf(stderr, "umpire schema: error: no built-in schema %s\n",
				name);
			return EX_SOFTWARE;
		}
		fwrite(b.ptr, 1, b.len, stdout);
		umpire_buf_free(&b);
		return ferror(stdout) ? EX_IOERR : 0;
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
