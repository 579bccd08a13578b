#include "paths.h"

#include <stdio.h>

void
umpire_step_paths(struct umpire_step_paths *out, long step,
	const char *player)
{
	snprintf(out->orders, sizeof(out->orders), UMPIRE_ORDERS_DIR
		"/%04ld-%s.yaml", step, player ? player : "umpire");
	snprintf(out->report, sizeof(out->report), UMPIRE_REPORTS_DIR
		"/%04ld.md", step);
}
