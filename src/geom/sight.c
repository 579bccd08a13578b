#include "sight.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

/*
 * The ends of the lines on a rim of radius 5: the centre, then the compass
 * points and the 3-4-5 directions, counter-clockwise from the east.
 */
static const struct umpire_pt rim[UMPIRE_SIGHT_LINES] = {
	{ 0, 0 }, { 5, 0 }, { 4, 3 }, { 3, 4 }, { 0, 5 }, { -3, 4 }, { -4, 3 },
	{ -5, 0 }, { -4, -3 }, { -3, -4 }, { 0, -5 }, { 3, -4 }, { 4, -3 },
};

struct umpire_pt
umpire_sight_end10(const struct umpire_figure *to, int k)
{
	return (struct umpire_pt){ 10 * to->at.x + to->base * rim[k].x,
		10 * to->at.y + to->base * rim[k].y };
}

/*
 * What an eye keeps of a piece that can block its lines, nearest first:
 * bit r of a bin is the r-th of these.
 */
struct umpire_eye_piece {
	int64_t near2;		/* at most its squared distance from the
				   firer: its box's */
	uint32_t index;		/* in the table */
	uint8_t lo, hi;		/* its rightmost and leftmost corners */
	uint16_t front;		/* bit j: the firer is outside edge j */
};

/*
 * One question and what is found so far.  All points are ten times the
 * table's: f the firer's centre, c the target's.  The square around the
 * target's base, c +- 5 d along both axes, holds the far end of every
 * line.
 */
struct look {
	const struct umpire_table *t;
	bool explain;
	struct umpire_pt to;		/* the target's centre, as given */
	const struct umpire_figure *target;
	struct umpire_pt f;
	int64_t dist2;			/* from the firer to the target */
	int64_t r;			/* the target's radius, rounded up */
	struct umpire_pt c;		/* ten times the target's centre */
	uint32_t lines;
	struct umpire_frac first[UMPIRE_SIGHT_LINES];	/* where by[k] is met */
	int by[UMPIRE_SIGHT_LINES];
};

/* Ten times corner j of p, less f: as seen from the firer. */
static struct umpire_pt
far(const struct umpire_piece *p, int j, struct umpire_pt f)
{
	return (struct umpire_pt){ 10 * p->corner[j].x - f.x,
		10 * p->corner[j].y - f.y };
}

/*
 * The outermost of n directions, all within less than half a turn: lo the
 * one every other is left of, hi the one every other is right of.
 */
static void
outermost(const struct umpire_pt *w, int n, int *lo, int *hi)
{
	*lo = *hi = 0;
	for (int j = 1; j < n; j++) {
		if (umpire_cross(w[*lo], w[j]) < 0)
			*lo = j;
		if (umpire_cross(w[*hi], w[j]) > 0)
			*hi = j;
	}
}

/*
 * Whether a piece at least sqrt(near2) from the firer is beyond every
 * line, each at most sqrt(dist2) + r long: near2 > (sqrt(dist2) + r)^2,
 * that is near2 - dist2 - r^2 > 2 r sqrt(dist2), squared where both
 * sides are positive (at most 2^62: near2 and dist2 are within 2^31).
 */
static bool
beyond(const struct look *l, int64_t near2)
{
	int64_t left = near2 - l->dist2 - l->r * l->r;

	return left > 0 && left * left > 4 * l->r * l->r * l->dist2;
}

static void
start(struct look *l, const struct umpire_table *t,
	struct umpire_pt from, const struct umpire_figure *to, unsigned flags)
{
	l->t = t;
	l->explain = (flags & UMPIRE_SIGHT_EXPLAIN) != 0;
	l->to = to->at;
	l->target = to;
	l->f = (struct umpire_pt){ 10 * from.x, 10 * from.y };
	l->dist2 = umpire_dist2(from, to->at);
	l->r = (to->base + 1) / 2;
	l->c = (struct umpire_pt){ 10 * to->at.x, 10 * to->at.y };
	l->lines = 0;
	if (l->explain)
		for (int k = 0; k < UMPIRE_SIGHT_LINES; k++)
			l->by[k] = -1;
}

/*
 * The lines whose far ends lie left of, or on, the line through o in
 * direction u, as bits: cross(u, q[k] - o) >= 0.  With q[k] = 10 c +
 * d rim[k], that is cross(u, 10 c - o) + rim[k].y (d u.x) - rim[k].x
 * (d u.y): one cross product and two products for all thirteen, the rest
 * additions, and no branch (which way a line goes is a coin toss to a
 * CPU).  At most 2^39 + 2 * 5 * 2^30.
 */
static uint32_t
left_ends(const struct look *l, struct umpire_pt u, struct umpire_pt o)
{
	int64_t c0 = umpire_cross(u, umpire_pt_sub(l->c, o));
	int64_t p = (int64_t)l->target->base * u.x;
	int64_t q = (int64_t)l->target->base * u.y;
	uint32_t m = 0;

#define END(k, rx, ry) (m |= (uint32_t)(c0 + (ry) * p - (rx) * q >= 0) << (k))
	END(0, 0, 0); END(1, 5, 0); END(2, 4, 3); END(3, 3, 4); END(4, 0, 5);
	END(5, -3, 4); END(6, -4, 3); END(7, -5, 0); END(8, -4, -3);
	END(9, -3, -4); END(10, 0, -5); END(11, 3, -4); END(12, 4, -3);
#undef END
	return m;
}

/*
 * Where line k comes into the piece, as a fraction of its length from f:
 * the last of the front edges it crosses (for TABLE-9).  The line is
 * known to meet the piece, so each front edge has f outside and q[k]
 * inside or on it.
 */
static struct umpire_frac
entry(const struct look *l, int k, const struct umpire_pt *v,
	const struct umpire_pt *e, const int *out, int nout)
{
	struct umpire_frac in = { 0, 1 };
	struct umpire_pt q = umpire_sight_end10(l->target, k);

	for (int j = 0; j < nout; j++) {
		int o = out[j];
		int64_t cf = umpire_cross(e[o], umpire_pt_sub(l->f, v[o]));
		int64_t cq = umpire_cross(e[o], umpire_pt_sub(q, v[o]));
		struct umpire_frac at = { -cf, cq - cf };
		if (umpire_exact_frac_cmp(at, in) > 0)
			in = at;
	}
	return in;
}

/*
 * The edges of p that have the firer (ten times, f) outside, as bits; 0
 * if p holds f.  Those are the edges that can keep a line from f off p.
 */
static unsigned
front_of(const struct umpire_piece *p, struct umpire_pt f)
{
	unsigned front = 0;

	for (int j = 0; j < p->n; j++) {
		struct umpire_pt e = umpire_pt_sub(p->corner[(j + 1) % p->n],
			p->corner[j]);
		if (umpire_cross(e, far(p, j, f)) > 0)
			front |= 1u << j;
	}
	return front;
}

/*
 * Where the square around the target lies against the line through o in
 * direction u: 1 wholly left of it or on it, -1 wholly right, 0 across.
 * Over the square's corners c + (+-h, +-h), cross(u, x - o) is at most
 * h (|u.x| + |u.y|) from its value at the centre c.
 */
static int
square_side(const struct look *l, struct umpire_pt u, struct umpire_pt o)
{
	int64_t mid = umpire_cross(u, umpire_pt_sub(l->c, o));
	int64_t h = 5 * (int64_t)l->target->base;
	int64_t spread = h * ((u.x < 0 ? -(int64_t)u.x : u.x) +
		(u.y < 0 ? -(int64_t)u.y : u.y));

	return mid - spread >= 0 ? 1 : mid + spread < 0 ? -1 : 0;
}

/*
 * Look at piece i, which does not hold the firer's centre: lo and hi are
 * its outermost corners as seen from the firer, front its edges that have
 * the firer outside (front_of).  Returns whether every line is now
 * blocked and the question is settled.
 *
 * Line k meets the piece exactly when its far end lies in the piece's
 * shadow: left of the line from f along the rightmost corner, right of
 * the one along the leftmost, and not outside any front edge.  (The
 * lines that can hold a segment and a convex piece apart are the piece's
 * edges, of which only the front ones have f outside, and the segment's
 * own line, which does when both outermost corners lie on one side of
 * it: when its far end is outside the wedge.)  Each of those lines is
 * tried on the square around the target first: most of the time it
 * holds all the ends or none, and no line need be looked at one by one.
 */
static bool
examine(struct look *l, size_t i, int lo, int hi, unsigned front)
{
	const struct umpire_piece *p = &l->t->piece[i];
	struct umpire_pt v[UMPIRE_PIECE_CORNERS], e[UMPIRE_PIECE_CORNERS];
	int out[UMPIRE_PIECE_CORNERS], nout = 0, n = p->n, side[2];

	struct umpire_pt wlo = far(p, lo, l->f), whi = far(p, hi, l->f);
	struct umpire_pt right = { -whi.x, -whi.y };
	uint32_t meet = UMPIRE_SIGHT_ALL;

	if ((side[0] = square_side(l, wlo, l->f)) < 0 ||
	    (side[1] = square_side(l, right, l->f)) < 0)
		return false;
	for (unsigned bits = front; bits; bits &= bits - 1) {
		int j = umpire_exact_ctz(bits);
		v[j] = (struct umpire_pt){ 10 * p->corner[j].x, 10 * p->corner[j].y };
		e[j] = umpire_pt_sub(p->corner[(j + 1) % n], p->corner[j]);
		switch (square_side(l, e[j], v[j])) {
		case -1:
			return false;
		case 0:
			meet &= left_ends(l, e[j], v[j]);
			break;
		}
		out[nout++] = j;
	}
	if (meet && side[0] == 0)
		meet &= left_ends(l, wlo, l->f);
	if (meet && side[1] == 0)
		meet &= left_ends(l, right, l->f);
	if (!l->explain)
		meet &= ~l->lines;
	/* TABLE-8: a piece under the target hides nothing. */
	if (!meet || (l->to.x >= p->lo.x && l->to.x <= p->hi.x &&
	    l->to.y >= p->lo.y && l->to.y <= p->hi.y &&
	    umpire_piece_holds(p, l->to)))
		return false;
	l->lines |= meet;
	if (l->explain)
		for (int k = 0; k < UMPIRE_SIGHT_LINES; k++) {
			if (!(meet >> k & 1))
				continue;
			struct umpire_frac in = entry(l, k, v, e, out, nout);
			int c = l->by[k] < 0 ? -1 :
				umpire_exact_frac_cmp(in, l->first[k]);
			if (c < 0 || (c == 0 && (int)i < l->by[k])) {
				l->by[k] = (int)i;
				l->first[k] = in;
			}
		}
	return !l->explain && l->lines == UMPIRE_SIGHT_ALL;
}

static void
finish(struct umpire_sight *out, const struct look *l)
{
	uint32_t n = l->lines;

	out->lines = l->lines;
	/* Counting bits in parallel: pairs, nibbles, then bytes. */
	n = n - ((n >> 1) & 0x55555555u);
	n = (n & 0x33333333u) + ((n >> 2) & 0x33333333u);
	n = (n + (n >> 4)) & 0x0f0f0f0fu;
	out->blocked = (int)((n * 0x01010101u) >> 24);
	if (l->explain)
		memcpy(out->by, l->by, sizeof(out->by));
	else
		for (int k = 0; k < UMPIRE_SIGHT_LINES; k++)
			out->by[k] = -1;
	out->verdict = out->blocked == 0 ? UMPIRE_SIGHT_CLEAR :
		out->blocked == UMPIRE_SIGHT_LINES ? UMPIRE_SIGHT_BLOCKED :
		UMPIRE_SIGHT_PARTLY;
}

void
umpire_sight(struct umpire_sight *out, const struct umpire_table *t,
	const struct umpire_figure *from, const struct umpire_figure *to,
	unsigned mask, unsigned flags)
{
	struct look l;

	start(&l, t, from->at, to, flags);
	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		struct umpire_pt w[UMPIRE_PIECE_CORNERS];
		unsigned front;
		int lo, hi;

		if (!(mask & UMPIRE_KIND(p->kind)) ||
		    beyond(&l, umpire_piece_box2(p, from->at)) ||
		    (front = front_of(p, l.f)) == 0)
			continue;
		for (int j = 0; j < p->n; j++)
			w[j] = far(p, j, l.f);
		outermost(w, p->n, &lo, &hi);
		if (examine(&l, i, lo, hi, front))
			break;
	}
	finish(out, &l);
}

/* ------------------------------------------------------------------- eyes */

/*
 * The bin of a direction (not zero), 0..255, in the order of its angle
 * counter-clockwise from the east: the quarter turn it is in, then 64
 * slices of that quarter by y / (x + y) once turned into the first.  Not
 * equal angles, but in order, which is all the filing needs: a piece
 * covering the directions from lo to hi is in the bins from lo's to hi's.
 */
static int
bin_of(struct umpire_pt v)
{
	int32_t x = v.x, y = v.y, t;
	int q;

	if (x > 0 && y >= 0) {
		q = 0;
	} else if (x <= 0 && y > 0) {
		q = 1;
		t = x;
		x = y;
		y = -t;
	} else if (x < 0 && y <= 0) {
		q = 2;
		x = -x;
		y = -y;
	} else {
		q = 3;
		t = x;
		x = -y;
		y = t;
	}
	/* x, y < 2^19 (sight.h): 64 y and x + y fit in 32 bits. */
	return q * 64 + (int)(((uint32_t)y * 64) / ((uint32_t)x + (uint32_t)y));
}

/*
 * Sort n keys by their upper 32 bits, keeping the order of equal ones: a
 * radix sort, a byte at a time from the lowest, through tmp (room for n).
 * The keys come in the table's order, so equals stay in it.
 */
static void
sort_keys(uint64_t *a, uint64_t *tmp, size_t n)
{
	for (int shift = 32; shift < 64; shift += 8) {
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[(a[i] >> shift & 0xff) + 1]++;
		if (count[(a[0] >> shift & 0xff) + 1] == n)
			continue;	/* one byte for all: nothing to do */
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (size_t i = 0; i < n; i++)
			tmp[count[a[i] >> shift & 0xff]++] = a[i];
		memcpy(a, tmp, n * sizeof(*a));
	}
}

void
umpire_eye_aim(struct umpire_eye *e, const struct umpire_table *t,
	const struct umpire_figure *from, unsigned mask)
{
	struct umpire_pt f = { 10 * from->at.x, 10 * from->at.y };
	size_t m = 0;

	if (t->npieces > e->cap || !e->piece) {
		size_t cap = t->npieces > 64 ? t->npieces : 64;
		free(e->piece);
		free(e->key);
		free(e->front);
		free(e->bins);
		e->cap = cap;
		e->piece = umpire_xmalloc(cap * sizeof(*e->piece));
		e->key = umpire_xmalloc(2 * cap * sizeof(*e->key));
		e->front = umpire_xmalloc(cap * sizeof(*e->front));
		e->bins = umpire_xmalloc(UMPIRE_EYE_BINS * ((cap + 63) / 64) *
			sizeof(*e->bins));
	}
	e->t = t;
	e->mask = mask;
	e->from = from->at;
	/*
	 * Nearest first: a line is most often blocked by what is nearest
	 * the firer, and once one piece is beyond the target all the rest
	 * are.  A key is the squared distance of the piece's box (within
	 * 2^31) over its index (within 2^32): sorted, they rank the pieces
	 * by distance, then by index.
	 */
	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		e->front[i] = (mask & UMPIRE_KIND(p->kind)) ?
			(uint16_t)front_of(p, f) : 0;
		if (e->front[i])
			e->key[m++] = (uint64_t)umpire_piece_box2(p, from->at) << 32 |
				i;
	}
	if (m)
		sort_keys(e->key, e->key + t->npieces, m);
	e->n = m;
	e->words = (m + 63) / 64;
	memset(e->bins, 0, UMPIRE_EYE_BINS * e->words * sizeof(*e->bins));
	for (size_t r = 0; r < m; r++) {
		struct umpire_eye_piece *ep = &e->piece[r];
		uint32_t i = (uint32_t)(e->key[r] & 0xffffffffu);
		const struct umpire_piece *p = &t->piece[i];
		struct umpire_pt w[UMPIRE_PIECE_CORNERS];
		int lo, hi;

		ep->index = i;
		ep->near2 = (int64_t)(e->key[r] >> 32);
		ep->front = e->front[i];
		for (int j = 0; j < p->n; j++)
			w[j] = far(p, j, f);
		outermost(w, p->n, &lo, &hi);
		ep->lo = (uint8_t)lo;
		ep->hi = (uint8_t)hi;
		uint64_t bit = (uint64_t)1 << (r % 64);
		for (int b = bin_of(w[lo]), last = bin_of(w[hi]);;
		    b = (b + 1) & (UMPIRE_EYE_BINS - 1)) {
			e->bins[(size_t)b * e->words + r / 64] |= bit;
			if (b == last)
				break;
		}
	}
}

void
umpire_eye_look(struct umpire_sight *out, struct umpire_eye *e,
	const struct umpire_figure *to, unsigned flags)
{
	struct look l;
	uint64_t want[16];	/* room for 1024 pieces; more on the heap */
	uint64_t *cand = want;
	size_t words = e->words;

	start(&l, e->t, e->from, to, flags);
	if (words > sizeof(want) / sizeof(want[0]))
		cand = umpire_xmalloc(words * sizeof(*cand));
	/*
	 * The pieces in the bins the lines run through, or all of them if the
	 * firer is within the square around the target: from outside it,
	 * its corners span less than half a turn, and every line lies
	 * between the outermost two.
	 */
	int64_t h = 5 * (int64_t)to->base;
	if (l.f.x < l.c.x - h || l.f.x > l.c.x + h || l.f.y < l.c.y - h ||
	    l.f.y > l.c.y + h) {
		struct umpire_pt w[4];
		int lo, hi;
		for (int j = 0; j < 4; j++)
			w[j] = (struct umpire_pt){
				(int32_t)(l.c.x - l.f.x + (j == 1 || j == 2 ? h : -h)),
				(int32_t)(l.c.y - l.f.y + (j >= 2 ? h : -h)) };
		outermost(w, 4, &lo, &hi);
		int b = bin_of(w[lo]), last = bin_of(w[hi]);
		memcpy(cand, &e->bins[(size_t)b * words], words * sizeof(*cand));
		while (b != last) {
			b = (b + 1) & (UMPIRE_EYE_BINS - 1);
			for (size_t word = 0; word < words; word++)
				cand[word] |= e->bins[(size_t)b * words + word];
		}
	} else {
		memset(cand, 0xff, words * sizeof(*cand));
	}
	for (size_t word = 0; word < words; word++)
		for (uint64_t bits = cand[word]; bits; bits &= bits - 1) {
			size_t r = word * 64 + (size_t)umpire_exact_ctz(bits);
			const struct umpire_eye_piece *ep;
			if (r >= e->n)
				goto done;
			ep = &e->piece[r];
			if (beyond(&l, ep->near2))
				goto done;
			if (examine(&l, ep->index, ep->lo, ep->hi, ep->front))
				goto done;
		}
done:
	if (cand != want)
		free(cand);
	finish(out, &l);
}

void
umpire_eye_free(struct umpire_eye *e)
{
	free(e->piece);
	free(e->key);
	free(e->front);
	free(e->bins);
	memset(e, 0, sizeof(*e));
}

/* ------------------------------------------------------------ exact sight */

/*
 * Why deciding over directions is exact.  Seen from the firer's centre
 * f (outside the target T, else he sees it: TABLE-8 leaves no piece
 * that could hide the point he stands on), every direction is a ray.
 * T is convex, so a ray meets it in one segment, from t_in to t_out
 * along the ray; a piece P met by the ray, from s_in.  A point of T on
 * the ray is seen exactly when it comes before every piece the ray
 * meets, so the ray sees some of T exactly when t_in < s_in for every P
 * it meets.  The directions of T form a closed interval [a, b] of less
 * than half a turn, and those of P another, [lo, hi].
 *
 * 1. A piece that overlaps T is left out (TABLE-8); any other has its
 *    inside apart from T's, so a line L separates them, P on one closed
 *    side and T on the other.  If f is strictly on P's side, every ray
 *    meets L once, P's points before it and T's after: s_in <= t_in on
 *    every ray meeting both, and P hides the whole of T on the
 *    directions [lo, hi] and [a, b] share; P is "in front".  If f is on
 *    T's side, or on L, P comes after T on every ray that meets both,
 *    but where a ray meets T in a single point of L that P holds too:
 *    such a ray touches T, so its direction is a or b.  Whichever L is
 *    taken, the answer is the same where it matters (two lines giving
 *    both would make P and T meet in a point on every ray of a range of
 *    directions, impossible for pieces with an inside).
 * 2. So every point of T is hidden exactly when [a, b] is covered by
 *    the intervals of the pieces in front, up to the two directions a
 *    and b, which alone cannot hold all of a T with an inside: the
 *    uncovered directions of [a, b] form a set open in [a, b], so if
 *    any, a whole open interval of them; a ray strictly between a and b
 *    passes through T's inside (t_in < t_out), meets no piece in front,
 *    and meets the pieces behind only after t_out: it sees T.
 *    Covering [a, b] with closed intervals is decided by sorting their
 *    ends and sweeping: a gap is an end strictly before the next start.
 *    The critical directions are only the ends: corners of pieces (whole
 *    vectors from f) and a and b (corners of a hull, or the tangents to
 *    a base, which are not whole).
 * 3. Directions are compared exactly by their angle from f to T's
 *    centre, in (-pi, pi]: which half-turn, then a cross product.  A
 *    whole direction v against the tangent of a base of diameter d,
 *    centre D from f, at angle beta = asin(d / 2|D|) either side: v at
 *    angle phi within a quarter turn of D lies beyond the tangent when
 *    sin phi > sin beta, that is 4 cross(D, v)^2 > d^2 |v|^2, compared
 *    in two words (exact.h) since the left side reaches 2^64.
 * 4. The separating line: between two convex pieces, an edge of one
 *    with every corner of the other on or outside it; between a piece
 *    and a base, the tangent to the base at right angles to the line
 *    from its centre to the nearest point of the piece (a corner, or
 *    the foot on an edge, when the edge's line is the tangent itself).
 */

struct dir {
	struct umpire_pt v;	/* a whole direction, when tan is 0 */
	int tan;		/* -1 the base's right tangent, 1 its left */
};

struct span {
	struct dir lo, hi;
	int piece;
};

struct exact {
	struct umpire_pt f, c, u0;	/* firer, target's centre, c - f */
	int32_t base;
	const struct umpire_piece *hull;
	struct dir a, b;		/* the target's directions */
	int64_t half;			/* of a square round it, centred on c */
	struct span local[32], *span;
	size_t n, cap;
	int by;				/* the piece named, or -1 */
	int64_t by_near;		/* its squared distance, as the eye's */
};

static bool
upper(const struct exact *q, struct umpire_pt v)
{
	int64_t k = umpire_cross(q->u0, v);

	return k > 0 || (k == 0 && umpire_dot(q->u0, v) < 0);
}

/* A whole direction against a tangent of the base (side -1 or 1). */
static int
cmp_tangent(const struct exact *q, struct umpire_pt v, int side)
{
	int64_t k = umpire_cross(q->u0, v);
	bool up = upper(q, v);

	/* phi on the tangent's side of 0, within a quarter turn? */
	if (side > 0 ? !up : (up || k == 0))
		return side > 0 ? -1 : 1;
	if (umpire_dot(q->u0, v) < 0)
		return side > 0 ? 1 : -1;
	uint64_t m = (uint64_t)(k < 0 ? -k : k) * 2;
	uint64_t right = (uint64_t)q->base * q->base * (uint64_t)umpire_dot(v, v);
	/* d^2 |v|^2 is within 2^53; 4 cross^2 within 2^64, rarely beyond
	 * 2^63: one word but at the bound. */
	int c = m < ((uint64_t)1 << 32) ? (m * m > right) - (m * m < right) :
		umpire_exact_mul_cmp(m, m, (uint64_t)q->base * q->base,
		(uint64_t)umpire_dot(v, v));
	/* Beyond the tangent: after the left one, before the right one. */
	return side > 0 ? c : -c;
}

static int
dir_cmp(const struct exact *q, struct dir x, struct dir y)
{
	if (x.tan && y.tan)
		return x.tan == y.tan ? 0 : x.tan < y.tan ? -1 : 1;
	if (y.tan)
		return cmp_tangent(q, x.v, y.tan);
	if (x.tan)
		return -cmp_tangent(q, y.v, x.tan);
	bool ux = upper(q, x.v), uy = upper(q, y.v);
	if (ux != uy)
		return ux ? 1 : -1;
	int64_t k = umpire_cross(x.v, y.v);
	return k > 0 ? -1 : k < 0;
}

static struct dir
whole(struct umpire_pt v)
{
	return (struct dir){ v, 0 };
}

/* Side of q against edge j of p: > 0 inside. */
static int64_t
edge_side(const struct umpire_piece *p, int j, struct umpire_pt q)
{
	struct umpire_pt a = p->corner[j], b = p->corner[(j + 1) % p->n];

	return umpire_cross(umpire_pt_sub(b, a), umpire_pt_sub(q, a));
}

/* Whether p, apart from the target, is in front of it (step 1, 4). */
static bool
in_front(const struct exact *q, const struct umpire_piece *p)
{
	int n = p->n;

	if (q->hull) {
		const struct umpire_piece *h = q->hull;
		for (int pass = 0; pass < 2; pass++) {
			const struct umpire_piece *x = pass ? h : p, *y = pass ? p : h;
			for (int i = 0; i < x->n; i++) {
				int j = 0;
				while (j < y->n && edge_side(x, i, y->corner[j]) <= 0)
					j++;
				if (j == y->n)
					return pass ? edge_side(h, i, q->f) < 0 :
						edge_side(p, i, q->f) > 0;
			}
		}
		return false;
	}
	for (int j = 0; j < n; j++) {
		struct umpire_pt cj = p->corner[j], cn = p->corner[(j + 1) % n];
		struct umpire_pt e = umpire_pt_sub(cn, cj);
		if (edge_side(p, j, q->c) < 0 &&
		    umpire_dot(umpire_pt_sub(q->c, cj), e) > 0 &&
		    umpire_dot(umpire_pt_sub(q->c, cn), e) < 0)
			return edge_side(p, j, q->f) > 0;
	}
	for (int j = 0; j < n; j++) {
		struct umpire_pt cj = p->corner[j];
		struct umpire_pt to_c = umpire_pt_sub(q->c, cj);
		if (umpire_dot(to_c, umpire_pt_sub(p->corner[(j + 1) % n], cj)) <= 0 &&
		    umpire_dot(to_c, umpire_pt_sub(p->corner[(j + n - 1) % n],
		    cj)) <= 0)
			return umpire_dot(umpire_pt_sub(q->f, cj), to_c) < 0;
	}
	return false;
}

/*
 * A span of directions a piece in front hides, kept in order of their
 * starts.  A single direction hides no more than a line, nothing with
 * an inside (step 2): it is left out, so that "partly" means some of
 * the target with an area.  The piece named is the nearest of those
 * that hide (by its box, then its index).
 */
static void
add_span(struct exact *q, struct dir lo, struct dir hi, int piece,
	int64_t near)
{
	size_t k;

	if (q->n == q->cap) {
		size_t cap = 2 * q->cap;
		struct span *s = umpire_xmalloc(cap * sizeof(*s));
		memcpy(s, q->span, q->n * sizeof(*s));
		if (q->span != q->local)
			free(q->span);
		q->span = s;
		q->cap = cap;
	}
	for (k = q->n; k > 0 && dir_cmp(q, lo, q->span[k - 1].lo) < 0; k--)
		q->span[k] = q->span[k - 1];
	q->span[k] = (struct span){ lo, hi, piece };
	q->n++;
	if (q->by < 0 || near < q->by_near ||
	    (near == q->by_near && piece < q->by))
		q->by = piece, q->by_near = near;
}

/* Step 2: whether the spans cover [a, b], with no gap. */
static bool
covered(const struct exact *q)
{
	struct dir reach = q->a;

	for (size_t i = 0; i < q->n; i++) {
		if (dir_cmp(q, q->span[i].lo, reach) > 0)
			return false;
		if (dir_cmp(q, q->span[i].hi, reach) > 0)
			reach = q->span[i].hi;
	}
	return q->n > 0 && dir_cmp(q, reach, q->b) >= 0;
}

/* Whether boxes lo..hi of a and b leave no room for insides to meet. */
static bool
boxes_apart(const struct umpire_piece *a, const struct umpire_piece *b)
{
	return a->hi.x <= b->lo.x || b->hi.x <= a->lo.x ||
		a->hi.y <= b->lo.y || b->hi.y <= a->lo.y;
}

/*
 * Piece i, which does not hold the firer's centre: lo, hi its outermost
 * corners from him, near at most its squared distance from him.  The
 * directions are tried first, the cheapest question: most pieces hide
 * none of the target's.  Returns whether it added a span.
 */
static bool
consider(struct exact *q, const struct umpire_table *t, size_t i, int lo,
	int hi, int64_t near)
{
	const struct umpire_piece *p = &t->piece[i];
	struct dir l = whole(umpire_pt_sub(p->corner[lo], q->f));
	struct dir h = whole(umpire_pt_sub(p->corner[hi], q->f));
	struct dir s[2], e[2];
	int n = 0;

	/*
	 * First, whole numbers only: the square round the target (half-side
	 * q->half) against the lines from the firer along l and h.  Wholly
	 * right of l or wholly left of h, it has no direction in [l, h]
	 * (less than half a turn); wholly between them, all of [a, b] is.
	 */
	int64_t spread_l = q->half * ((l.v.x < 0 ? -(int64_t)l.v.x : l.v.x) +
		(l.v.y < 0 ? -(int64_t)l.v.y : l.v.y));
	int64_t spread_h = q->half * ((h.v.x < 0 ? -(int64_t)h.v.x : h.v.x) +
		(h.v.y < 0 ? -(int64_t)h.v.y : h.v.y));
	int64_t mid_l = umpire_cross(l.v, q->u0), mid_h = umpire_cross(h.v, q->u0);
	if (mid_l + spread_l < 0 || mid_h - spread_h > 0)
		return false;
	if (mid_l - spread_l >= 0 && mid_h + spread_h <= 0) {
		s[0] = q->a;
		e[0] = q->b;
		n = 1;
	} else if (dir_cmp(q, l, h) <= 0) {
		s[0] = dir_cmp(q, l, q->a) > 0 ? l : q->a;
		e[0] = dir_cmp(q, h, q->b) < 0 ? h : q->b;
		n = 1;
	} else {	/* across the turn behind the firer: two parts */
		s[0] = dir_cmp(q, l, q->a) > 0 ? l : q->a;
		e[0] = q->b;
		s[1] = q->a;
		e[1] = dir_cmp(q, h, q->b) < 0 ? h : q->b;
		n = 2;
	}
	bool any = false;
	for (int k = 0; k < n; k++)
		any = any || dir_cmp(q, s[k], e[k]) < 0;
	if (!any)
		return false;
	/* TABLE-8: a piece under the target's centre or on the target. */
	if (q->c.x >= p->lo.x && q->c.x <= p->hi.x && q->c.y >= p->lo.y &&
	    q->c.y <= p->hi.y && umpire_piece_holds(p, q->c))
		return false;
	if (q->hull ? !boxes_apart(p, q->hull) &&
	    umpire_piece_overlap(p, q->hull) :
	    4 * umpire_piece_box2(p, q->c) < (int64_t)q->base * q->base &&
	    umpire_piece_near(p, q->c, q->c, q->base))
		return false;
	if (!in_front(q, p))
		return false;
	for (int k = 0; k < n; k++)
		if (dir_cmp(q, s[k], e[k]) < 0)
			add_span(q, s[k], e[k], (int)i, near);
	return true;
}

/* Set up a question; false if the firer stands within the target. */
static bool
exact_start(struct exact *q, struct umpire_pt from,
	const struct umpire_target *to)
{
	q->f = from;
	q->c = to->at;
	q->u0 = umpire_pt_sub(to->at, from);
	q->hull = to->hull;
	q->base = to->hull ? 0 : to->base;
	q->span = q->local;
	q->cap = sizeof(q->local) / sizeof(q->local[0]);
	q->n = 0;
	q->by = -1;
	if (q->hull) {
		struct umpire_pt w[UMPIRE_PIECE_CORNERS] = { { 0, 0 } };
		int lo, hi;
		if (umpire_piece_holds(q->hull, from))
			return false;
		for (int j = 0; j < q->hull->n; j++)
			w[j] = umpire_pt_sub(q->hull->corner[j], from);
		outermost(w, q->hull->n, &lo, &hi);
		q->a = whole(w[lo]);
		q->b = whole(w[hi]);
		q->half = 0;
		for (int j = 0; j < q->hull->n; j++) {
			struct umpire_pt d = umpire_pt_sub(q->hull->corner[j], q->c);
			int64_t m = d.x < 0 ? -(int64_t)d.x : d.x;
			m = m > (d.y < 0 ? -(int64_t)d.y : d.y) ? m :
				(d.y < 0 ? -(int64_t)d.y : d.y);
			q->half = m > q->half ? m : q->half;
		}
		return true;
	}
	q->half = (q->base + 1) / 2;
	q->a = (struct dir){ q->u0, q->base ? -1 : 0 };
	q->b = (struct dir){ q->u0, q->base ? 1 : 0 };
	return 4 * umpire_dot(q->u0, q->u0) > (int64_t)q->base * q->base;
}

static void
exact_finish(struct umpire_view *out, struct exact *q)
{
	out->by = q->by;
	out->verdict = covered(q) ? UMPIRE_SIGHT_BLOCKED : q->n ?
		UMPIRE_SIGHT_PARTLY : UMPIRE_SIGHT_CLEAR;
	if (q->span != q->local)
		free(q->span);
}

/* A point target: the one segment to it (TABLE-7, TABLE-8). */
static void
exact_point(struct umpire_view *out, const struct umpire_table *t,
	struct umpire_pt from, struct umpire_pt at, unsigned mask)
{
	out->by = -1;
	out->verdict = UMPIRE_SIGHT_CLEAR;
	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		if ((mask & UMPIRE_KIND(p->kind)) && !umpire_piece_holds(p, from) &&
		    !umpire_piece_holds(p, at) && umpire_piece_meets(p, from, at)) {
			out->by = (int)i;
			out->verdict = UMPIRE_SIGHT_BLOCKED;
			return;
		}
	}
}

void
umpire_view(struct umpire_view *out, const struct umpire_table *t,
	struct umpire_pt from, const struct umpire_target *to, unsigned mask)
{
	struct exact q;

	if (!to->hull && to->base == 0) {
		exact_point(out, t, from, to->at, mask);
		return;
	}
	if (!exact_start(&q, from, to)) {
		*out = (struct umpire_view){ UMPIRE_SIGHT_CLEAR, -1 };
		return;
	}
	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		struct umpire_pt w[UMPIRE_PIECE_CORNERS];
		int lo, hi;
		if (!(mask & UMPIRE_KIND(p->kind)) || umpire_piece_holds(p, from))
			continue;
		for (int j = 0; j < p->n; j++)
			w[j] = umpire_pt_sub(p->corner[j], from);
		outermost(w, p->n, &lo, &hi);
		consider(&q, t, i, lo, hi, umpire_piece_box2(p, from));
	}
	exact_finish(out, &q);
}

/*
 * The pieces an eye holds whose bins meet the directions of the square
 * centred on c10 (ten times the table's scale) with half-side h10, into
 * cand (e->words words); every piece if the firer is within the square.
 */
static void
gather(const struct umpire_eye *e, struct umpire_pt c10, int64_t h10,
	uint64_t *cand)
{
	struct umpire_pt f = { 10 * e->from.x, 10 * e->from.y };
	size_t words = e->words;

	if (f.x < c10.x - h10 || f.x > c10.x + h10 || f.y < c10.y - h10 ||
	    f.y > c10.y + h10) {
		struct umpire_pt w[4];
		int lo, hi;
		for (int j = 0; j < 4; j++)
			w[j] = (struct umpire_pt){
				(int32_t)(c10.x - f.x + (j == 1 || j == 2 ? h10 : -h10)),
				(int32_t)(c10.y - f.y + (j >= 2 ? h10 : -h10)) };
		outermost(w, 4, &lo, &hi);
		int b = bin_of(w[lo]), last = bin_of(w[hi]);
		memcpy(cand, &e->bins[(size_t)b * words], words * sizeof(*cand));
		while (b != last) {
			b = (b + 1) & (UMPIRE_EYE_BINS - 1);
			for (size_t word = 0; word < words; word++)
				cand[word] |= e->bins[(size_t)b * words + word];
		}
	} else {
		memset(cand, 0xff, words * sizeof(*cand));
	}
}

void
umpire_eye_view(struct umpire_view *out, struct umpire_eye *e,
	const struct umpire_target *to)
{
	struct exact q;
	uint64_t want[16], *cand = want;
	size_t words = e->words;
	int64_t r = (to->base + 1) / 2;

	if (!to->hull && to->base == 0) {
		exact_point(out, e->t, e->from, to->at, e->mask);
		return;
	}
	if (!exact_start(&q, e->from, to)) {
		*out = (struct umpire_view){ UMPIRE_SIGHT_CLEAR, -1 };
		return;
	}
	if (to->hull) {
		int64_t far2 = 0;
		for (int j = 0; j < to->hull->n; j++) {
			int64_t d2 = umpire_dist2(to->hull->corner[j], to->at);
			far2 = d2 > far2 ? d2 : far2;
		}
		r = (int64_t)umpire_exact_isqrt_up((uint64_t)far2);
	}
	if (words > sizeof(want) / sizeof(want[0]))
		cand = umpire_xmalloc(words * sizeof(*cand));
	gather(e, (struct umpire_pt){ 10 * to->at.x, 10 * to->at.y }, 10 * r,
		cand);
	/* Nearest first: once a piece is beyond every point of the target
	 * (sight.c's beyond, at the table's scale), so are the rest. */
	int64_t dist2 = umpire_dist2(e->from, to->at);
	for (size_t word = 0; word < words; word++)
		for (uint64_t bits = cand[word]; bits; bits &= bits - 1) {
			size_t k = word * 64 + (size_t)umpire_exact_ctz(bits);
			if (k >= e->n)
				goto done;
			const struct umpire_eye_piece *ep = &e->piece[k];
			int64_t left = ep->near2 - dist2 - r * r;
			if (left > 0 && left * left > 4 * r * r * dist2)
				goto done;
			/* Nearest first: once covered, nothing can uncover. */
			if (consider(&q, e->t, ep->index, ep->lo, ep->hi,
			    ep->near2) && covered(&q))
				goto done;
		}
done:
	if (cand != want)
		free(cand);
	exact_finish(out, &q);
}
