/*
 * registry.h - the list of every ruleset umpire plays, which main hands
 * down to core (umpire_rulesets_use) before anything else.  Only
 * programs include this: core, and anything below it, never does.
 */
#ifndef UMPIRE_REGISTRY_H
#define UMPIRE_REGISTRY_H

#include "game/ruleset.h"

/* NULL-terminated, in the order `umpire rules` lists them. */
extern const struct umpire_ruleset *const umpire_rulesets[];

#endif
