/*
 * testhook.c - the test build's hooks (src/util/testhook.h): at point P,
 * run the shell command in the environment variable UMPIRE_HOOK_P (P in
 * capitals), if set, and wait for it.  Linked into
 * $(BUILD)/tests/umpire-hooks before libumpire.a, whose do-nothing
 * testhook.o it thereby replaces; umpire itself never reads these
 * variables.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/testhook.h"

void
umpire_test_hook(const char *point)
{
	char name[64];
	size_t k = snprintf(name, sizeof(name), "UMPIRE_HOOK_");

	for (const char *p = point; *p && k + 1 < sizeof(name); p++)
		name[k++] = (char)toupper((unsigned char)*p);
	name[k] = '\0';
	const char *cmd = getenv(name);
	if (cmd && *cmd && system(cmd) != 0)
		fprintf(stderr, "umpire-hooks: %s: '%s' failed\n", name, cmd);
}
