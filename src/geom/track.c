#include "track.h"

int
umpire_track_dir(int side)
{
	return side == 0 ? 1 : -1;
}

int
umpire_track_advance(const struct umpire_track *t, int side, int p, int n)
{
	int to = p + umpire_track_dir(side) * n;

	return to < 1 || to > t->points ? 0 : to;
}

int
umpire_track_to_off(const struct umpire_track *t, int side, int p)
{
	return side == 0 ? t->points + 1 - p : p;
}

int
umpire_track_own(const struct umpire_track *t, int side, int p)
{
	return side == 0 ? p : t->points + 1 - p;
}

int
umpire_track_from_own(const struct umpire_track *t, int side, int own)
{
	return umpire_track_own(t, side, own);	/* the map is its own inverse */
}

int
umpire_track_distance(int a, int b)
{
	return a > b ? a - b : b - a;
}
