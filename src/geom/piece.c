#include "piece.h"

#include <string.h>

/* The cross product of edge i with q - corner i: > 0 is inside that edge. */
static int64_t
side(const struct umpire_piece *p, int i, struct umpire_pt q)
{
	struct umpire_pt a = p->corner[i], b = p->corner[(i + 1) % p->n];

	return umpire_cross(umpire_pt_sub(b, a), umpire_pt_sub(q, a));
}

int
umpire_piece_make(struct umpire_piece *out, int kind,
	const struct umpire_pt *corner, int n)
{
	struct umpire_piece p;
	int64_t area2 = 0;

	if (kind < 0 || kind >= UMPIRE_PIECE_KINDS)
		return UMPIRE_GEOM_KIND;
	if (n < 3 || n > UMPIRE_PIECE_CORNERS)
		return UMPIRE_GEOM_CORNERS;
	for (int i = 0; i < n; i++) {
		if (!umpire_plane_on(corner[i]))
			return UMPIRE_GEOM_RANGE;
		area2 += umpire_cross(corner[i], corner[(i + 1) % n]);
	}
	memset(&p, 0, sizeof(p));
	p.kind = kind;
	p.n = n;
	/* Either way round is fine for the caller; counter-clockwise inside. */
	for (int i = 0; i < n; i++)
		p.corner[i] = corner[area2 < 0 ? n - 1 - i : i];
	/*
	 * Every other corner strictly left of every edge: convex, simple, no
	 * corner repeated or in line with its neighbours, wound once (a
	 * pentagram turns left at every corner but fails this).
	 */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (j != i && j != (i + 1) % n && side(&p, i, p.corner[j]) <= 0)
				return UMPIRE_GEOM_CONVEX;
	p.lo = p.hi = p.corner[0];
	for (int i = 1; i < n; i++) {
		struct umpire_pt c = p.corner[i];
		if (c.x < p.lo.x)
			p.lo.x = c.x;
		if (c.y < p.lo.y)
			p.lo.y = c.y;
		if (c.x > p.hi.x)
			p.hi.x = c.x;
		if (c.y > p.hi.y)
			p.hi.y = c.y;
	}
	*out = p;
	return 0;
}

int
umpire_piece_rect(struct umpire_piece *out, int kind,
	const struct umpire_pt corner[4], struct umpire_pt facing)
{
	struct umpire_piece p;
	int err = umpire_piece_make(&p, kind, corner, 4);

	if (err)
		return err;
	struct umpire_pt e0 = umpire_pt_sub(p.corner[1], p.corner[0]);
	struct umpire_pt e1 = umpire_pt_sub(p.corner[2], p.corner[1]);
	struct umpire_pt e2 = umpire_pt_sub(p.corner[3], p.corner[2]);
	struct umpire_pt e3 = umpire_pt_sub(p.corner[0], p.corner[3]);
	/* A parallelogram with one right angle. */
	if (e0.x != -e2.x || e0.y != -e2.y || e1.x != -e3.x || e1.y != -e3.y ||
	    umpire_dot(e0, e1) != 0)
		return UMPIRE_GEOM_RECT;
	if (facing.x || facing.y) {
		if (!umpire_plane_vec_on(facing))
			return UMPIRE_GEOM_RANGE;
		if (umpire_cross(facing, e0) != 0 && umpire_cross(facing, e1) != 0)
			return UMPIRE_GEOM_FACING;
	}
	p.facing = facing;
	*out = p;
	return 0;
}

/*
 * n / (2 sqrt(f)), rounded to the nearest integer, halves away from zero:
 * with x = |n| / (2 sqrt(f)), floor(2x) = isqrt(floor(n^2 / f)), and the
 * nearest integer to x is floor((floor(2x) + 1) / 2).
 */
static int64_t
round_half_over_root(int64_t n, int64_t f)
{
	uint64_t m = (uint64_t)(n < 0 ? -n : n);
	int64_t r = (int64_t)((umpire_exact_isqrt(m * m / (uint64_t)f) + 1) / 2);

	return n < 0 ? -r : r;
}

int
umpire_piece_box(struct umpire_piece *out, int kind, struct umpire_pt centre,
	struct umpire_pt facing, int32_t length, int32_t width)
{
	/* Back right, front right, front left, back left: counter-clockwise. */
	static const int along[4] = { -1, 1, 1, -1 }, across[4] = { -1, -1, 1, 1 };
	struct umpire_pt c[4];

	if (length < 1 || length > UMPIRE_BOX_MAX || width < 1 ||
	    width > UMPIRE_BOX_MAX)
		return UMPIRE_GEOM_SIZE;
	if (facing.x == 0 && facing.y == 0)
		return UMPIRE_GEOM_FACING;
	if (!umpire_plane_on(centre) || !umpire_plane_vec_on(facing))
		return UMPIRE_GEOM_RANGE;
	/*
	 * A corner is centre + (a L f + b W f') / (2 |f|), f' being f turned
	 * left: each coordinate is n / (2 sqrt(|f|^2)), with |n| <= 2^13 *
	 * 2^15, so n^2 <= 2^56.
	 */
	int64_t ff = umpire_dot(facing, facing);
	for (int i = 0; i < 4; i++) {
		int64_t nx = (int64_t)along[i] * length * facing.x -
			(int64_t)across[i] * width * facing.y;
		int64_t ny = (int64_t)along[i] * length * facing.y +
			(int64_t)across[i] * width * facing.x;
		c[i].x = (int32_t)(centre.x + round_half_over_root(nx, ff));
		c[i].y = (int32_t)(centre.y + round_half_over_root(ny, ff));
	}
	int err = umpire_piece_make(out, kind, c, 4);
	if (err)
		return err;
	out->facing = facing;
	return 0;
}

int
umpire_piece_move(struct umpire_piece *p, struct umpire_pt delta)
{
	for (int i = 0; i < p->n; i++) {
		struct umpire_pt c = { p->corner[i].x + delta.x,
			p->corner[i].y + delta.y };
		if (!umpire_plane_on(c))
			return UMPIRE_GEOM_RANGE;
	}
	for (int i = 0; i < p->n; i++) {
		p->corner[i].x += delta.x;
		p->corner[i].y += delta.y;
	}
	p->lo.x += delta.x;
	p->lo.y += delta.y;
	p->hi.x += delta.x;
	p->hi.y += delta.y;
	return 0;
}

static bool
before(struct umpire_pt a, struct umpire_pt b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

int
umpire_piece_sweep(struct umpire_piece *out, const struct umpire_piece *p,
	struct umpire_pt delta)
{
	struct umpire_pt pts[2 * UMPIRE_PIECE_CORNERS], hull[2 * UMPIRE_PIECE_CORNERS + 1];
	int n = 0, k = 0;

	if (p->n > UMPIRE_PIECE_CORNERS - 2)
		return UMPIRE_GEOM_CORNERS;
	for (int i = 0; i < p->n; i++) {
		struct umpire_pt c = { p->corner[i].x + delta.x,
			p->corner[i].y + delta.y };
		if (!umpire_plane_on(c))
			return UMPIRE_GEOM_RANGE;
		pts[n++] = p->corner[i];
		pts[n++] = c;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && before(pts[j], pts[j - 1]); j--) {
			struct umpire_pt t = pts[j];
			pts[j] = pts[j - 1];
			pts[j - 1] = t;
		}
	/* Andrew's monotone chain, dropping corners in line with neighbours. */
	for (int i = 0; i < n; i++) {
		while (k >= 2 && umpire_plane_orient(hull[k - 2], hull[k - 1],
		    pts[i]) <= 0)
			k--;
		hull[k++] = pts[i];
	}
	for (int i = n - 2, low = k + 1; i >= 0; i--) {
		while (k >= low && umpire_plane_orient(hull[k - 2], hull[k - 1],
		    pts[i]) <= 0)
			k--;
		hull[k++] = pts[i];
	}
	int err = umpire_piece_make(out, p->kind, hull, k - 1);
	if (err)
		return err;
	out->facing = p->facing;
	return 0;
}

bool
umpire_piece_holds(const struct umpire_piece *p, struct umpire_pt q)
{
	for (int i = 0; i < p->n; i++)
		if (side(p, i, q) < 0)
			return false;
	return true;
}

bool
umpire_piece_holds_inside(const struct umpire_piece *p, struct umpire_pt q)
{
	for (int i = 0; i < p->n; i++)
		if (side(p, i, q) <= 0)
			return false;
	return true;
}

/*
 * Separating lines, for a convex piece and a segment: the lines of the
 * piece's edges and the segment's own line.  Closed sets are apart when
 * one of these puts them strictly on opposite sides; the segment and the
 * piece's inside when one puts them on opposite sides, touching allowed.
 */
bool
umpire_piece_meets(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b)
{
	struct umpire_pt d = umpire_pt_sub(b, a);
	bool all_left = true, all_right = true;

	for (int i = 0; i < p->n; i++)
		if (side(p, i, a) < 0 && side(p, i, b) < 0)
			return false;
	if (d.x == 0 && d.y == 0)
		return true;	/* a is inside or on every edge */
	for (int j = 0; j < p->n; j++) {
		int64_t s = umpire_cross(d, umpire_pt_sub(p->corner[j], a));
		all_left = all_left && s > 0;
		all_right = all_right && s < 0;
	}
	return !all_left && !all_right;
}

bool
umpire_piece_enters(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b)
{
	struct umpire_pt d = umpire_pt_sub(b, a);
	bool left = true, right = true;

	if (d.x == 0 && d.y == 0)
		return umpire_piece_holds_inside(p, a);
	for (int i = 0; i < p->n; i++)
		if (side(p, i, a) <= 0 && side(p, i, b) <= 0)
			return false;
	for (int j = 0; j < p->n; j++) {
		int64_t s = umpire_cross(d, umpire_pt_sub(p->corner[j], a));
		left = left && s >= 0;
		right = right && s <= 0;
	}
	return !left && !right;
}

bool
umpire_piece_near(const struct umpire_piece *p, struct umpire_pt a,
	struct umpire_pt b, int32_t base)
{
	if (base <= 0)
		return umpire_piece_enters(p, a, b);
	if (umpire_piece_meets(p, a, b))
		return true;
	/*
	 * Apart: the distance between a segment and a convex polygon is the
	 * least distance from an end of one to a side of the other.
	 */
	struct umpire_frac r2 = { (int64_t)base * base, 4 };
	for (int i = 0; i < p->n; i++) {
		struct umpire_pt c = p->corner[i], e = p->corner[(i + 1) % p->n];
		if (umpire_exact_frac_cmp(umpire_plane_seg_dist2(a, c, e), r2) < 0 ||
		    umpire_exact_frac_cmp(umpire_plane_seg_dist2(b, c, e), r2) < 0 ||
		    umpire_exact_frac_cmp(umpire_plane_seg_dist2(c, a, b), r2) < 0)
			return true;
	}
	return false;
}

/* Whether an edge of a has every corner of b outside it or on its line. */
static bool
apart(const struct umpire_piece *a, const struct umpire_piece *b)
{
	for (int i = 0; i < a->n; i++) {
		int j = 0;
		while (j < b->n && side(a, i, b->corner[j]) <= 0)
			j++;
		if (j == b->n)
			return true;
	}
	return false;
}

bool
umpire_piece_overlap(const struct umpire_piece *a, const struct umpire_piece *b)
{
	return !apart(a, b) && !apart(b, a);
}
