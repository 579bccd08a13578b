/*
 * paths.h - where a game's files live in its repository.  One function
 * names a step's files, so the verbs that write them and verify, which
 * checks them, cannot disagree, and one reads a step back from a path,
 * for the readers that walk a tree (umpire site, verify).
 */
#ifndef UMPIRE_PATHS_H
#define UMPIRE_PATHS_H

#include <stdbool.h>

#define UMPIRE_STATE_PATH "game.yaml"
#define UMPIRE_SCENARIO_PATH "scenario.yaml"
#define UMPIRE_ORDERS_DIR "orders"
#define UMPIRE_REPORTS_DIR "reports"

/* Room for any of a step's paths: a step number and a player id. */
#define UMPIRE_PATH_MAX 128

/*
 * How a game lays out orders/ and reports/ (umpire-files(5), Layout),
 * fixed when the game is made.  Flat: every step's files side by side,
 * "orders/0005-green.yaml", as games made before UMPIRE_GROUPED_SINCE
 * (game/version.h).  Grouped: in a folder for each hundred steps,
 * "orders/00/0005-green.yaml", "reports/12/1234.md", so that a step
 * rewrites a tree of at most a hundred steps' files and a tree of one
 * folder a hundred steps, whatever the game's length, where a flat
 * directory's tree grows by a step's files every step.
 */
enum umpire_layout { UMPIRE_LAYOUT_FLAT, UMPIRE_LAYOUT_GROUPED };

/* Steps to a group, and a group's name: step / 100 in two digits or more. */
#define UMPIRE_GROUP_STEPS 100

struct umpire_step_paths {
	char orders[UMPIRE_PATH_MAX];	/* "orders/0005-green.yaml" */
	char report[UMPIRE_PATH_MAX];	/* "reports/0005.md" */
	char picture[UMPIRE_PATH_MAX];	/* "reports/0005.svg", beside it */
	char signature[UMPIRE_PATH_MAX];	/* "orders/0005-green.yaml.sig" */
	/*
	 * What only the umpire may know after the step, encrypted to the
	 * game, in a game that hides (ruleset.h, version 4):
	 * "reports/0005.secret.yaml.age".
	 */
	char secret[UMPIRE_PATH_MAX];
};

/*
 * The folder that holds step's files under dir (UMPIRE_ORDERS_DIR or
 * UMPIRE_REPORTS_DIR): "reports", or grouped "reports/00".
 */
void umpire_step_dir(char out[UMPIRE_PATH_MAX], enum umpire_layout layout,
	const char *dir, long step);

/* A player's private view after step: "reports/0005-tan.md.age". */
void umpire_view_path(char out[UMPIRE_PATH_MAX], enum umpire_layout layout,
	long step, const char *player);

/* The picture of a player's private view: "reports/0005-tan.svg.age". */
void umpire_view_picture_path(char out[UMPIRE_PATH_MAX],
	enum umpire_layout layout, long step, const char *player);

/*
 * The picture's name as the report links to it: "0005.svg", in either
 * layout, since the picture lies beside the report.
 */
void umpire_picture_name(char out[UMPIRE_PATH_MAX], long step);

/* The files of step (player NULL: a step no player's orders make). */
void umpire_step_paths(struct umpire_step_paths *out,
	enum umpire_layout layout, long step, const char *player);

/*
 * Whether path names a file of dir in either layout ("reports/0005.md",
 * "reports/00/0005.md"): then *name is its name ("0005.md") and *step
 * the step its name begins with (-1 if it begins with no number), and
 * *grouped says which layout.  A group's folder must be the step's.
 */
bool umpire_path_parse(const char *path, const char *dir, const char **name,
	long *step, bool *grouped);

#endif
