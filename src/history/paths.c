#include "history/paths.h"

#include <stdio.h>
#include <string.h>

/* A picture's name, the same in its path and in the report's link. */
#define PICTURE_NAME "%04ld.svg"

/* "12/" for step 1234 of a grouped game, "" for a flat one. */
static void
group_of(char out[24], enum umpire_layout layout, long step)
{
	out[0] = '\0';
	if (layout == UMPIRE_LAYOUT_GROUPED)
		snprintf(out, 24, "%02ld/", step / UMPIRE_GROUP_STEPS);
}

void
umpire_step_dir(char out[UMPIRE_PATH_MAX], enum umpire_layout layout,
	const char *dir, long step)
{
	char g[24];

	group_of(g, layout, step);
	snprintf(out, UMPIRE_PATH_MAX, "%.64s/%s", dir, g);
	/* The folder, without the slash that ends it. */
	out[strlen(out) - 1] = '\0';
}

void
umpire_step_paths(struct umpire_step_paths *out, enum umpire_layout layout,
	long step, const char *player)
{
	char g[24];

	group_of(g, layout, step);
	snprintf(out->orders, sizeof(out->orders), UMPIRE_ORDERS_DIR
		"/%s%04ld-%s.yaml", g, step, player ? player : "umpire");
	snprintf(out->report, sizeof(out->report), UMPIRE_REPORTS_DIR
		"/%s%04ld.md", g, step);
	snprintf(out->picture, sizeof(out->picture), UMPIRE_REPORTS_DIR
		"/%s" PICTURE_NAME, g, step);
	snprintf(out->signature, sizeof(out->signature), "%.*s.sig",
		(int)(sizeof(out->signature) - 5), out->orders);
	snprintf(out->secret, sizeof(out->secret), UMPIRE_REPORTS_DIR
		"/%s%04ld.secret.yaml.age", g, step);
}

void
umpire_view_path(char out[UMPIRE_PATH_MAX], enum umpire_layout layout,
	long step, const char *player)
{
	char g[24];

	group_of(g, layout, step);
	snprintf(out, UMPIRE_PATH_MAX, UMPIRE_REPORTS_DIR "/%s%04ld-%s.md.age",
		g, step, player);
}

void
umpire_view_picture_path(char out[UMPIRE_PATH_MAX], enum umpire_layout layout,
	long step, const char *player)
{
	char g[24];

	group_of(g, layout, step);
	snprintf(out, UMPIRE_PATH_MAX, UMPIRE_REPORTS_DIR "/%s%04ld-%s.svg.age",
		g, step, player);
}

void
umpire_picture_name(char out[UMPIRE_PATH_MAX], long step)
{
	snprintf(out, UMPIRE_PATH_MAX, PICTURE_NAME, step);
}

/* The number path begins with, and where it ends; -1 if none. */
static long
leading_number(const char *p, const char **end)
{
	long n = 0;

	*end = p;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > 100000000)
			return -1;
		n = n * 10 + (*p - '0');
	}
	*end = p;
	return n;
}

bool
umpire_path_parse(const char *path, const char *dir, const char **name,
	long *step, bool *grouped)
{
	size_t len = strlen(dir);
	const char *p = path + len + 1, *end, *slash;

	if (strncmp(path, dir, len) != 0 || path[len] != '/')
		return false;
	*grouped = false;
	if ((slash = strchr(p, '/'))) {
		long group = leading_number(p, &end);
		/* "00", "12", "123": two digits or more, no leading zero past two. */
		if (group < 0 || end != slash || end - p < 2 ||
		    (end - p > 2 && *p == '0') || strchr(slash + 1, '/'))
			return false;
		p = slash + 1;
		*grouped = true;
		*step = leading_number(p, &end);
		if (*step < 0 || *step / UMPIRE_GROUP_STEPS != group)
			return false;
	} else {
		*step = leading_number(p, &end);
	}
	*name = p;
	return *p != '\0';
}
