/*
 * registry.c - every ruleset umpire plays.  Adding one touches this table
 * and its own folder under src/rules/, nothing else; main hands the table
 * down to core, which checks each entry when umpire starts.
 */
#include "registry.h"

extern const struct umpire_ruleset umpire_ruleset_amb;
extern const struct umpire_ruleset umpire_ruleset_armymen;
extern const struct umpire_ruleset umpire_ruleset_bgw;
extern const struct umpire_ruleset umpire_ruleset_vsgmr;
extern const struct umpire_ruleset umpire_ruleset_wwii;

const struct umpire_ruleset *const umpire_rulesets[] = {
	&umpire_ruleset_amb,
	&umpire_ruleset_armymen,
	&umpire_ruleset_bgw,
	&umpire_ruleset_vsgmr,
	&umpire_ruleset_wwii,
	NULL,
};
