/*
 * registry.c - every ruleset umpire plays.  Adding one touches this table
 * and its own folder under src/rules/, nothing else.
 */
#include <string.h>

#include "core/ruleset.h"

extern const struct umpire_ruleset umpire_ruleset_amb;
extern const struct umpire_ruleset umpire_ruleset_wwii;

const struct umpire_ruleset *const umpire_rulesets[] = {
	&umpire_ruleset_amb,
	&umpire_ruleset_wwii,
	NULL,
};

const struct umpire_ruleset *
umpire_ruleset_find(const char *name)
{
	for (const struct umpire_ruleset *const *r = umpire_rulesets; *r; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}
