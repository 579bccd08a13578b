#include "history/paths.h"

#include <stdio.h>

/* A picture's name, the same in its path and in the report's link. */
#define PICTURE_NAME "%04ld.svg"

void
umpire_step_paths(struct umpire_step_paths *out, long step,
	const char *player)
{
	snprintf(out->orders, sizeof(out->orders), UMPIRE_ORDERS_DIR
		"/%04ld-%s.yaml", step, player ? player : "umpire");
	snprintf(out->report, sizeof(out->report), UMPIRE_REPORTS_DIR
		"/%04ld.md", step);
	snprintf(out->picture, sizeof(out->picture), UMPIRE_REPORTS_DIR
		"/" PICTURE_NAME, step);
	snprintf(out->signature, sizeof(out->signature), "%.*s.sig",
		(int)(sizeof(out->signature) - 5), out->orders);
	snprintf(out->secret, sizeof(out->secret), UMPIRE_REPORTS_DIR
		"/%04ld.secret.yaml.age", step);
}

void
umpire_view_path(char out[UMPIRE_PATH_MAX], long step, const char *player)
{
	snprintf(out, UMPIRE_PATH_MAX, UMPIRE_REPORTS_DIR "/%04ld-%s.md.age",
		step, player);
}

void
umpire_view_picture_path(char out[UMPIRE_PATH_MAX], long step,
	const char *player)
{
	snprintf(out, UMPIRE_PATH_MAX, UMPIRE_REPORTS_DIR "/%04ld-%s.svg.age",
		step, player);
}

void
umpire_picture_name(char out[UMPIRE_PATH_MAX], long step)
{
	snprintf(out, UMPIRE_PATH_MAX, PICTURE_NAME, step);
}
