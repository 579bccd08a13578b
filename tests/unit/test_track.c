/*
 * test_track - the backgammon track (geom/track.c): moving forward,
 * bearing off, and each side's own numbering.
 */
#include "geom/track.h"
#include "unit.h"

static const struct umpire_track board = UMPIRE_TRACK_BOARD;

static void
directions(void **state)
{
	(void)state;
	assert_int_equal(board.points, 24);
	assert_int_equal(umpire_track_dir(0), 1);
	assert_int_equal(umpire_track_dir(1), -1);
}

static void
advance(void **state)
{
	(void)state;
	/* Side 0 moves up from its back point, 1. */
	assert_int_equal(umpire_track_advance(&board, 0, 1, 1), 2);
	assert_int_equal(umpire_track_advance(&board, 0, 1, 6), 7);
	assert_int_equal(umpire_track_advance(&board, 0, 18, 6), 24);
	assert_int_equal(umpire_track_advance(&board, 0, 19, 6), 0);
	assert_int_equal(umpire_track_advance(&board, 0, 24, 1), 0);
	/* Side 1 moves down from its back point, 24. */
	assert_int_equal(umpire_track_advance(&board, 1, 24, 1), 23);
	assert_int_equal(umpire_track_advance(&board, 1, 24, 6), 18);
	assert_int_equal(umpire_track_advance(&board, 1, 7, 6), 1);
	assert_int_equal(umpire_track_advance(&board, 1, 6, 6), 0);
	assert_int_equal(umpire_track_advance(&board, 1, 1, 1), 0);
	/* No move stays put. */
	assert_int_equal(umpire_track_advance(&board, 0, 5, 0), 5);
	/* Every landing is on the board or off it, never beyond. */
	for (int side = 0; side < 2; side++)
		for (int p = 1; p <= 24; p++)
			for (int n = 1; n <= 6; n++) {
				int to = umpire_track_advance(&board, side, p, n);
				assert_true(to >= 0 && to <= 24);
				if (to)
					assert_int_equal(umpire_track_distance(p, to), n);
			}
}

static void
to_off(void **state)
{
	(void)state;
	/* The Victory example: 4 rows away wins on a 4, 5 or 6. */
	assert_int_equal(umpire_track_to_off(&board, 0, 21), 4);
	assert_int_equal(umpire_track_to_off(&board, 1, 4), 4);
	assert_int_equal(umpire_track_to_off(&board, 0, 24), 1);
	assert_int_equal(umpire_track_to_off(&board, 1, 1), 1);
	assert_int_equal(umpire_track_to_off(&board, 0, 1), 24);
	assert_int_equal(umpire_track_to_off(&board, 1, 24), 24);
	/* to_off is the least die that bears off, for every point. */
	for (int side = 0; side < 2; side++)
		for (int p = 1; p <= 24; p++) {
			int need = umpire_track_to_off(&board, side, p);
			assert_int_equal(umpire_track_advance(&board, side, p, need), 0);
			assert_int_not_equal(umpire_track_advance(&board, side, p,
			    need - 1), 0);
		}
}

static void
own_numbering(void **state)
{
	(void)state;
	/* Side 0 counts as the board does; side 1 from the other end. */
	assert_int_equal(umpire_track_own(&board, 0, 1), 1);
	assert_int_equal(umpire_track_own(&board, 0, 24), 24);
	assert_int_equal(umpire_track_own(&board, 1, 24), 1);
	assert_int_equal(umpire_track_own(&board, 1, 20), 5);
	assert_int_equal(umpire_track_own(&board, 1, 1), 24);
	assert_int_equal(umpire_track_from_own(&board, 1, 5), 20);
	assert_int_equal(umpire_track_from_own(&board, 0, 5), 5);
	for (int side = 0; side < 2; side++)
		for (int p = 1; p <= 24; p++) {
			int own = umpire_track_own(&board, side, p);
			assert_true(own >= 1 && own <= 24);
			assert_int_equal(umpire_track_from_own(&board, side, own), p);
			/* Both sides see the same distance to bear off. */
			assert_int_equal(umpire_track_to_off(&board, side, p),
			    25 - own);
			/* Moving forward raises the own number by the die. */
			int to = umpire_track_advance(&board, side, p, 3);
			if (to)
				assert_int_equal(umpire_track_own(&board, side, to),
				    own + 3);
		}
	/* Another length of track. */
	const struct umpire_track t = { 12 };
	assert_int_equal(umpire_track_own(&t, 1, 12), 1);
	assert_int_equal(umpire_track_to_off(&t, 0, 12), 1);
	assert_int_equal(umpire_track_advance(&t, 0, 12, 1), 0);
}

static void
distance(void **state)
{
	(void)state;
	assert_int_equal(umpire_track_distance(3, 7), 4);
	assert_int_equal(umpire_track_distance(7, 3), 4);
	assert_int_equal(umpire_track_distance(5, 5), 0);
	assert_int_equal(umpire_track_distance(1, 24), 23);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(directions),
		cmocka_unit_test(advance),
		cmocka_unit_test(to_off),
		cmocka_unit_test(own_numbering),
		cmocka_unit_test(distance),
	};

	return cmocka_run_group_tests_name("track", tests, NULL, NULL);
}
