/*
 * picture.h - the picture of a step (reports/NNNN.svg): the frame core
 * draws around the board its ruleset draws (the picture hook).
 *
 * On top, the step's title, the game's, the headline, and what comes
 * next or how the game ended; below, the board, with the step's marks
 * (its moves, attacks and retreats as arrows); beside the board, the
 * dice: every roll of the step with its value and purpose, in the
 * order drawn, then every shuffle.  A step that rolls more than
 * UMPIRE_PICTURE_ROLLS dice shows that many and counts the rest; the
 * report lists them all.
 */
#ifndef UMPIRE_PICTURE_H
#define UMPIRE_PICTURE_H

#include "util/buf.h"
#include "game/dice.h"
#include "game/result.h"
#include "game/ruleset.h"
#include "render/marks.h"
#include "game/report.h"

#define UMPIRE_PICTURE_ROLLS 40

/*
 * What the frame shows of a game, filled in by the engine
 * (umpire_game_frame, game.h), which draws a step's picture: so this
 * file reads no game, and the engine is not called back by what it
 * calls.
 */
struct umpire_picture_game {
	const char *title;		/* the scenario's, or NULL */
	const struct umpire_ruleset *rules;
	const void *rs;			/* the ruleset's state, for its hook */
	const char *id;			/* the game's */
	long step;			/* the step awaited */
	const struct umpire_result *result;
	struct umpire_decision awaited;	/* player NULL once over */
};

/*
 * Append the picture of step to out: the state g is in after it, the
 * report rep the step made (NULL for a picture of the state alone,
 * with no step behind it), its dice and marks (either may be NULL),
 * for viewer (NULL: the public picture; see the picture hook).  Same
 * inputs, same bytes.
 */
void umpire_picture_render(struct umpire_buf *out,
	const struct umpire_picture_game *g, const struct umpire_report *rep,
	long step,
	const struct umpire_dice *dice, const struct umpire_marks *marks,
	const char *viewer);

#endif
