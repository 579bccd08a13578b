#include "plane.h"

const char *
umpire_geom_strerror(int err)
{
	switch (err) {
	case UMPIRE_GEOM_OK:
		return "no error";
	case UMPIRE_GEOM_RANGE:
		return "a position is more than 163.84 inches from the table's "
		    "corner";
	case UMPIRE_GEOM_CORNERS:
		return "a piece has 3 to 16 corners";
	case UMPIRE_GEOM_CONVEX:
		return "the corners are not those of a convex shape, in order "
		    "around it";
	case UMPIRE_GEOM_RECT:
		return "the corners are not those of a rectangle";
	case UMPIRE_GEOM_KIND:
		return "a kind of piece is a number from 0 to 31";
	case UMPIRE_GEOM_FACING:
		return "the facing is not along a side";
	case UMPIRE_GEOM_SIZE:
		return "a size is out of bounds";
	}
	return "unknown error";
}

static bool
within(int32_t v, int32_t max)
{
	return v >= -max && v <= max;
}

bool
umpire_plane_on(struct umpire_pt p)
{
	return within(p.x, UMPIRE_PLANE_MAX) && within(p.y, UMPIRE_PLANE_MAX);
}

bool
umpire_plane_vec_on(struct umpire_pt v)
{
	return within(v.x, UMPIRE_VEC_MAX) && within(v.y, UMPIRE_VEC_MAX);
}

int
umpire_plane_orient(struct umpire_pt a, struct umpire_pt b, struct umpire_pt c)
{
	int64_t k = umpire_cross(umpire_pt_sub(b, a), umpire_pt_sub(c, a));

	return (k > 0) - (k < 0);
}

/* p, known to be on the line ab, within the segment's box. */
static bool
between(struct umpire_pt a, struct umpire_pt b, struct umpire_pt p)
{
	return (p.x >= a.x || p.x >= b.x) && (p.x <= a.x || p.x <= b.x) &&
		(p.y >= a.y || p.y >= b.y) && (p.y <= a.y || p.y <= b.y);
}

bool
umpire_plane_segments_meet(struct umpire_pt a, struct umpire_pt b,
	struct umpire_pt c, struct umpire_pt d)
{
	int o1 = umpire_plane_orient(a, b, c), o2 = umpire_plane_orient(a, b, d);
	int o3 = umpire_plane_orient(c, d, a), o4 = umpire_plane_orient(c, d, b);

	if (o1 * o2 < 0 && o3 * o4 < 0)
		return true;
	/* Touching, or in one line: an end of one lies on the other. */
	return (o1 == 0 && between(a, b, c)) || (o2 == 0 && between(a, b, d)) ||
		(o3 == 0 && between(c, d, a)) || (o4 == 0 && between(c, d, b));
}

struct umpire_frac
umpire_plane_seg_dist2(struct umpire_pt p, struct umpire_pt a,
	struct umpire_pt b)
{
	struct umpire_pt d = umpire_pt_sub(b, a), v = umpire_pt_sub(p, a);
	int64_t dd = umpire_dot(d, d), t = umpire_dot(v, d);

	if (dd == 0 || t <= 0)
		return (struct umpire_frac){ umpire_dot(v, v), 1 };
	if (t >= dd)
		return (struct umpire_frac){ umpire_dist2(p, b), 1 };
	int64_t k = umpire_cross(v, d);
	return umpire_exact_frac(k * k, dd);
}

bool
umpire_plane_in_arc(struct umpire_pt facing, struct umpire_pt half,
	struct umpire_pt v)
{
	if (v.x == 0 && v.y == 0)
		return true;
	if (half.y == 0 && half.x < 0)
		return true;
	/* The arc's edges: facing turned by half, left (l) and right (r). */
	int64_t fx = facing.x, fy = facing.y, hx = half.x, hy = half.y;
	int64_t lx = fx * hx - fy * hy, ly = fx * hy + fy * hx;
	int64_t rx = fx * hx + fy * hy, ry = fy * hx - fx * hy;
	int64_t right = rx * v.y - ry * v.x;	/* >= 0: v left of r */
	int64_t left = v.x * ly - v.y * lx;	/* >= 0: v right of l */

	if (half.x >= 0)	/* at most 90 degrees: the arc is convex */
		return right >= 0 && left >= 0 && umpire_dot(facing, v) >= 0;
	return right >= 0 || left >= 0;
}

const struct umpire_pt umpire_plane_dirs[UMPIRE_PLANE_DIRS] = {
	{ 100, 0 }, { 92, 38 }, { 70, 70 }, { 38, 92 }, { 0, 100 },
	{ -38, 92 }, { -70, 70 }, { -92, 38 }, { -100, 0 }, { -92, -38 },
	{ -70, -70 }, { -38, -92 }, { 0, -100 }, { 38, -92 }, { 70, -70 },
	{ 92, -38 },
};
