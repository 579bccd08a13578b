/*
 * paths.h - where a game's files live in its repository.  One function
 * names a step's files, so the verbs that write them and verify, which
 * checks them, cannot disagree.
 */
#ifndef UMPIRE_PATHS_H
#define UMPIRE_PATHS_H

#define UMPIRE_STATE_PATH "game.yaml"
#define UMPIRE_SCENARIO_PATH "scenario.yaml"
#define UMPIRE_ORDERS_DIR "orders"
#define UMPIRE_REPORTS_DIR "reports"

/* Room for any of a step's paths: a step number and a player id. */
#define UMPIRE_PATH_MAX 128

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

/* A player's private view after step: "reports/0005-tan.md.age". */
void umpire_view_path(char out[UMPIRE_PATH_MAX], long step,
	const char *player);

/* The picture of a player's private view: "reports/0005-tan.svg.age". */
void umpire_view_picture_path(char out[UMPIRE_PATH_MAX], long step,
	const char *player);

/* The picture's name as the report links to it: "0005.svg". */
void umpire_picture_name(char out[UMPIRE_PATH_MAX], long step);

/* The files of step (player NULL: a step no player's orders make). */
void umpire_step_paths(struct umpire_step_paths *out, long step,
	const char *player);

#endif
