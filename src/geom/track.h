/*
 * track.h - the backgammon track: points (rows) 1..N in a line, two
 * sides moving in opposite directions and bearing off past the far end.
 *
 * Points are numbered from side 0's back point (1) to side 1's back point
 * (N); side 0 moves up, side 1 moves down.  Army Man Backgammon calls the
 * points rows; Backgammon Wars will number them from each player's own
 * side, which umpire_track_own gives.
 */
#ifndef UMPIRE_TRACK_H
#define UMPIRE_TRACK_H

struct umpire_track {
	int points;		/* 24 on a backgammon board */
};

#define UMPIRE_TRACK_BOARD { 24 }

/* +1 for side 0, -1 for side 1. */
int umpire_track_dir(int side);
/* Where a piece of side on p lands n points forward; 0 once off the board. */
int umpire_track_advance(const struct umpire_track *t, int side, int p, int n);
/* The least number of points that takes a piece on p off the far end. */
int umpire_track_to_off(const struct umpire_track *t, int side, int p);
/* Point p counted from side's own back point (1) and back. */
int umpire_track_own(const struct umpire_track *t, int side, int p);
int umpire_track_from_own(const struct umpire_track *t, int side, int own);
/* Points between a and b, in either direction. */
int umpire_track_distance(int a, int b);

#endif
