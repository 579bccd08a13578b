/*
 * cover.c - exact sight and cover at a round base through pieces and
 * through other round bases (sight.h's umpire_cover; VSGMR's VS-25 from
 * version 0.6.0).
 *
 * Why deciding over directions is exact, and why "in front" is one
 * question a blocker, is sight.c's proof (its steps 1 and 2): it holds
 * for any two closed convex shapes with insides apart, a base as much as
 * a piece.  What is new here is that the ends of the spans a blocker
 * hides may be tangents to other bases than the target's, so that two
 * ends compare as two tangents of two circles:
 *
 *   seen from the firer f, a base of diameter d whose centre is D from
 *   f has its left and right tangents along w = sqrt(n) D + s d D', with
 *   n = 4 |D|^2 - d^2, D' = D turned a quarter turn left, s = 1 or -1
 *   (cos and sin of the half-angle it spans are sqrt(n) / 2|D| and
 *   d / 2|D|).  A whole direction D (a piece's corner) is the same with
 *   d = 0 and n = 1.  cross(w1, w2) is then C sqrt(n1 n2) + s2 d2 P
 *   sqrt(n1) - s1 d1 P sqrt(n2) + s1 s2 d1 d2 C, with C = cross(D1, D2)
 *   and P = dot(D1, D2): its sign is exact.h's umpire_exact_sign_roots.
 *
 * Cover measures the target as a photograph taken from the firer's
 * centre and aimed at the target's centre shows it: on a line across
 * the line of sight, a direction at angle t from the target's centre
 * lands at tan t, so the target spans -tan b .. tan b (sin b = d / 2|D|,
 * tan b = d / sqrt(n)), and each span the cover hides, tan hi - tan lo.
 * A whole direction v's tan is cross(u, v) / dot(u, v), u to the target:
 * a fraction.  "At least half-blocked" is the sum of those at least
 * tan b: fractions against a whole number over a root, exact.h's
 * umpire_exact_sum_cmp_root.
 */
#include "sight.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

/* A direction from the firer: a whole vector, or a tangent to a base. */
struct cdir {
	struct umpire_pt v;	/* the vector, or to the base's centre */
	int32_t d;		/* the base's diameter; 0 for a vector */
	int side;		/* 1 the left tangent, -1 the right, 0 a vector */
	bool up;		/* its angle from the target in (0, pi] */
	int64_t n;		/* 4 |v|^2 - d^2, or 1 for a vector */
};

struct cspan {
	struct cdir lo, hi;
	bool cover;		/* a piece's (it gives cover), not a base's */
};

struct cq {
	struct umpire_pt f, c, u;	/* firer, target's centre, c - f */
	int32_t d;			/* the target's diameter */
	int64_t half;			/* of the square round it */
	int64_t reach;			/* at least the farthest of it from f */
	struct cdir a, b;		/* its right and left tangents */
	struct cspan local[32], *span;
	size_t n, cap;
	int piece, figure;
};

static bool
upper(const struct cq *q, struct umpire_pt v, int32_t d, int side, int64_t n)
{
	int64_t k = umpire_cross(q->u, v), o = umpire_dot(q->u, v);
	int s;

	if (!side)
		return k > 0 || (k == 0 && o < 0);
	/* cross(u, w) = sqrt(n) k + side d o; dot(u, w) = sqrt(n) o - side d k */
	s = umpire_exact_sign_root(side * d * o, k, n);
	if (s)
		return s > 0;
	return umpire_exact_sign_root(-side * d * k, o, n) < 0;
}

static struct cdir
direction(const struct cq *q, struct umpire_pt v, int32_t d, int side)
{
	struct cdir x = { v, d, side, false, 1 };

	if (side)
		x.n = 4 * umpire_dot(v, v) - (int64_t)d * d;
	x.up = upper(q, v, d, side, x.n);
	return x;
}

/* -1, 0 or 1 as x comes before, with or after y, counter-clockwise
 * from the direction opposite the target's. */
static int
dcmp(struct cdir x, struct cdir y)
{
	if (x.up != y.up)
		return x.up ? 1 : -1;
	int64_t c = umpire_cross(x.v, y.v);
	if (!x.side && !y.side)
		return c > 0 ? -1 : c < 0;
	if (x.side && y.side && x.d == y.d && umpire_pt_eq(x.v, y.v))
		return x.side == y.side ? 0 : x.side < y.side ? -1 : 1;
	int64_t p = umpire_dot(x.v, y.v);
	int64_t t[4] = { (int64_t)x.side * y.side * x.d * y.d * c,
		(int64_t)y.side * y.d * p, -(int64_t)x.side * x.d * p, c };
	int s = umpire_exact_sign_roots(t, x.n, y.n);
	return s > 0 ? -1 : s < 0;
}

static void
push(struct cq *q, struct cdir lo, struct cdir hi, bool cover)
{
	size_t k;

	if (q->n == q->cap) {
		size_t cap = 2 * q->cap;
		struct cspan *s = umpire_xmalloc(cap * sizeof(*s));
		memcpy(s, q->span, q->n * sizeof(*s));
		if (q->span != q->local)
			free(q->span);
		q->span = s;
		q->cap = cap;
	}
	for (k = q->n; k > 0 && dcmp(lo, q->span[k - 1].lo) < 0; k--)
		q->span[k] = q->span[k - 1];
	q->span[k] = (struct cspan){ lo, hi, cover };
	q->n++;
}

/*
 * The directions from lo to hi (counter-clockwise, less than half a
 * turn) that the target's [a, b] has too, as spans: one, two (when they
 * pass behind the firer) or none.  Returns whether any was added.
 */
static bool
clip(struct cq *q, struct cdir lo, struct cdir hi, bool cover)
{
	struct cdir s[2], e[2];
	int n;
	bool any = false;

	if (dcmp(lo, hi) <= 0) {
		s[0] = dcmp(lo, q->a) > 0 ? lo : q->a;
		e[0] = dcmp(hi, q->b) < 0 ? hi : q->b;
		n = 1;
	} else {
		s[0] = dcmp(lo, q->a) > 0 ? lo : q->a;
		e[0] = q->b;
		s[1] = q->a;
		e[1] = dcmp(hi, q->b) < 0 ? hi : q->b;
		n = 2;
	}
	/* A single direction hides nothing with an inside (sight.c, 2). */
	for (int k = 0; k < n; k++)
		if (dcmp(s[k], e[k]) < 0) {
			push(q, s[k], e[k], cover);
			any = true;
		}
	return any;
}

/* Side of x against edge j of p: > 0 inside. */
static int64_t
edge_side(const struct umpire_piece *p, int j, struct umpire_pt x)
{
	struct umpire_pt a = p->corner[j], b = p->corner[(j + 1) % p->n];

	return umpire_cross(umpire_pt_sub(b, a), umpire_pt_sub(x, a));
}

/* Whether p, apart from the target's base, is in front of it: the
 * firer strictly on p's side of a line between them (sight.c, 1, 4). */
static bool
piece_in_front(const struct cq *q, const struct umpire_piece *p)
{
	int n = p->n;

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
		if (umpire_dot(to_c, umpire_pt_sub(p->corner[(j + 1) % n],
		    cj)) <= 0 && umpire_dot(to_c,
		    umpire_pt_sub(p->corner[(j + n - 1) % n], cj)) <= 0)
			return umpire_dot(umpire_pt_sub(q->f, cj), to_c) < 0;
	}
	return false;
}

static int64_t
abs64(int64_t v)
{
	return v < 0 ? -v : v;
}

/* Piece i of t, of a kind that blocks: its span, if it hides some. */
static void
piece_view(struct cq *q, const struct umpire_table *t, size_t i)
{
	const struct umpire_piece *p = &t->piece[i];
	struct umpire_pt w[UMPIRE_PIECE_CORNERS];
	int lo = 0, hi = 0;

	/* TABLE-8: a piece that holds the firer's centre hides nothing. */
	if (umpire_piece_holds(p, q->f))
		return;
	/* Beyond every point of the target: farther than its reach. */
	int64_t near = umpire_piece_box2(p, q->f);
	if (near > q->reach * q->reach)
		return;
	for (int j = 0; j < p->n; j++) {
		w[j] = umpire_pt_sub(p->corner[j], q->f);
		if (j) {
			if (umpire_cross(w[lo], w[j]) < 0)
				lo = j;
			if (umpire_cross(w[hi], w[j]) > 0)
				hi = j;
		}
	}
	/* The square round the target wholly right of lo or left of hi:
	 * none of its directions (less than half a turn, sight.c). */
	struct umpire_pt l = w[lo], h = w[hi];
	int64_t mid_l = umpire_cross(l, q->u), mid_h = umpire_cross(h, q->u);
	if (mid_l + q->half * (abs64(l.x) + abs64(l.y)) < 0 ||
	    mid_h - q->half * (abs64(h.x) + abs64(h.y)) > 0)
		return;
	/* TABLE-8: nor one under the target's centre or on its base. */
	if (umpire_piece_holds(p, q->c) || umpire_piece_near(p, q->c, q->c,
	    q->d) || !piece_in_front(q, p))
		return;
	if (clip(q, direction(q, l, 0, 0), direction(q, h, 0, 0), true) &&
	    q->piece < 0)
		q->piece = (int)i;
}

/* 4 k^2 > d^2 m, for |k| < 2^62: a base of diameter d is wholly off a
 * line whose vector has squared length m, k its cross with the centre. */
static bool
clear_of(int64_t k, int32_t d, int64_t m)
{
	uint64_t k2 = (uint64_t)abs64(k) * 2;

	return umpire_exact_mul_cmp(k2, k2, (uint64_t)d * (uint64_t)d,
		(uint64_t)m) > 0;
}

/*
 * Base i (centre e, diameter db): its span, if it hides some.  Returns
 * false when it holds the firer's centre: then it hides everything.
 */
static bool
base_view(struct cq *q, struct umpire_pt e, int32_t db, size_t i,
	const struct umpire_pt *cone)
{
	struct umpire_pt dv = umpire_pt_sub(e, q->f);
	int64_t m = umpire_dot(dv, dv);

	if (4 * m <= (int64_t)db * db)
		return false;
	if (db == 0)
		return true;	/* a point hides no area */
	/* Farther than any of the target. */
	int64_t r = q->reach + (db + 1) / 2;
	if (m > r * r)
		return true;
	/* Behind the firer, or off the cone of the square round the
	 * target: a whole-number test first, most bases fail it. */
	int64_t o = umpire_dot(q->u, dv);
	if (o < 0 && clear_of(o, db, umpire_dot(q->u, q->u)))
		return true;
	if (cone) {
		int64_t kl = umpire_cross(cone[0], dv), kh = umpire_cross(cone[1], dv);
		if ((kl < 0 && clear_of(kl, db, umpire_dot(cone[0], cone[0]))) ||
		    (kh > 0 && clear_of(kh, db, umpire_dot(cone[1], cone[1]))))
			return true;
	}
	/* Overlapping the target's base: it hides nothing of it, as a
	 * piece that overlaps it does (TABLE-8). */
	struct umpire_pt ce = umpire_pt_sub(q->c, e);
	int64_t l2 = umpire_dot(ce, ce), sum = (int64_t)q->d + db;
	if (4 * l2 < sum * sum)
		return true;
	/* In front: the firer strictly on its side of the tangent to it
	 * across the line between the centres, dot(f - e, c - e) < |c - e|
	 * db / 2. */
	int64_t wv = umpire_dot(umpire_pt_sub(q->f, e), ce);
	if (wv >= 0 && !(umpire_exact_mul_cmp(2 * (uint64_t)wv, 2 * (uint64_t)wv,
	    (uint64_t)db * (uint64_t)db, (uint64_t)l2) < 0))
		return true;
	if (clip(q, direction(q, dv, db, -1), direction(q, dv, db, 1), false) &&
	    q->figure < 0)
		q->figure = (int)i;
	return true;
}

/* Whether the spans cover [a, b] with no gap (sight.c, 2). */
static bool
covered(const struct cq *q)
{
	struct cdir reach = q->a;

	for (size_t i = 0; i < q->n; i++) {
		if (dcmp(q->span[i].lo, reach) > 0)
			return false;
		if (dcmp(q->span[i].hi, reach) > 0)
			reach = q->span[i].hi;
	}
	return q->n > 0 && dcmp(reach, q->b) >= 0;
}

/*
 * The part of [a, b] the cover's spans hide, against one half: each
 * stretch of the union adds tan hi - tan lo (see the top of the file).
 */
static int
cover_half(const struct cq *q)
{
	size_t m = 0, k = 0, cap = 2 * q->n + 2;
	int64_t *num = umpire_xmalloc(2 * cap * sizeof(*num)), *den = num + cap;
	struct cdir lo = q->a, hi = q->a;
	bool open = false;

	for (size_t i = 0; i <= q->n; i++) {
		const struct cspan *s = i < q->n ? &q->span[i] : NULL;
		if (s && !s->cover)
			continue;
		if (open && (!s || dcmp(s->lo, hi) > 0)) {
			/* A stretch ends: + tan hi - tan lo. */
			const struct cdir *end[2] = { &hi, &lo };
			for (int j = 0; j < 2; j++) {
				if (end[j]->side) {
					k++;	/* a or b: tan b each */
					continue;
				}
				int64_t cr = umpire_cross(q->u, end[j]->v);
				num[m] = j ? -cr : cr;
				den[m++] = umpire_dot(q->u, end[j]->v);
			}
			open = false;
		}
		if (!s)
			break;
		if (!open) {
			lo = s->lo;
			hi = s->hi;
			open = true;
		} else if (dcmp(s->hi, hi) > 0) {
			hi = s->hi;
		}
	}
	int half = -1;
	if (m || k) {
		int64_t n0 = 4 * umpire_dot(q->u, q->u) - (int64_t)q->d * q->d;
		/* sum + k tan b against tan b: sum against (1 - k) d / sqrt(n0) */
		half = umpire_exact_sum_cmp_root(num, den, m,
			(1 - (int64_t)k) * q->d, n0);
	}
	free(num);
	return half;
}

/* The segment from f to c against the closed base of diameter db at e. */
static bool
meets_base(struct umpire_pt f, struct umpire_pt c, struct umpire_pt e,
	int32_t db)
{
	struct umpire_pt ab = umpire_pt_sub(c, f), ae = umpire_pt_sub(e, f);
	int64_t along = umpire_dot(ae, ab), len2 = umpire_dot(ab, ab);
	uint64_t d2 = (uint64_t)db * (uint64_t)db;

	if (along <= 0 || len2 == 0)
		return 4 * (uint64_t)umpire_dot(ae, ae) <= d2;
	if (along >= len2)
		return 4 * (uint64_t)umpire_dist2(c, e) <= d2;
	uint64_t k2 = (uint64_t)abs64(umpire_cross(ab, ae)) * 2;
	return umpire_exact_mul_cmp(k2, k2, d2, (uint64_t)len2) <= 0;
}

static void
point_view(struct umpire_cover *out, const struct umpire_table *t,
	struct umpire_pt f, struct umpire_pt c, unsigned mask,
	const struct umpire_figure *disc, size_t ndisc)
{
	for (size_t i = 0; i < t->npieces; i++) {
		const struct umpire_piece *p = &t->piece[i];
		if ((mask & UMPIRE_KIND(p->kind)) && !umpire_piece_holds(p, f) &&
		    !umpire_piece_holds(p, c) && umpire_piece_meets(p, f, c)) {
			out->seen = false;
			out->piece = (int)i;
			return;
		}
	}
	for (size_t i = 0; i < ndisc; i++)
		if (meets_base(f, c, disc[i].at, disc[i].base)) {
			out->seen = false;
			out->figure = (int)i;
			return;
		}
}

void
umpire_cover(struct umpire_cover *out, const struct umpire_table *t,
	struct umpire_pt from, const struct umpire_figure *to, unsigned mask,
	const struct umpire_figure *disc, size_t ndisc)
{
	struct cq q;
	struct umpire_pt cone[2], *conep = NULL;

	*out = (struct umpire_cover){ true, -1, -1, -1 };
	if (to->base == 0) {
		point_view(out, t, from, to->at, mask, disc, ndisc);
		return;
	}
	q.f = from;
	q.c = to->at;
	q.u = umpire_pt_sub(to->at, from);
	q.d = to->base;
	q.half = (to->base + 1) / 2;
	q.reach = (int64_t)umpire_exact_isqrt_up((uint64_t)umpire_dot(q.u,
		q.u)) + q.half;
	q.span = q.local;
	q.cap = sizeof(q.local) / sizeof(q.local[0]);
	q.n = 0;
	q.piece = q.figure = -1;
	/* A base that holds the firer's centre hides all (VS-25). */
	for (size_t i = 0; i < ndisc; i++)
		if (4 * umpire_dist2(disc[i].at, from) <=
		    (int64_t)disc[i].base * disc[i].base) {
			out->seen = false;
			out->figure = (int)i;
			return;
		}
	/* The firer within the target's base sees it (TABLE-8). */
	if (4 * umpire_dot(q.u, q.u) <= (int64_t)q.d * q.d)
		return;
	q.a = direction(&q, q.u, q.d, -1);
	q.b = direction(&q, q.u, q.d, 1);
	for (size_t i = 0; i < t->npieces; i++)
		if (mask & UMPIRE_KIND(t->piece[i].kind))
			piece_view(&q, t, i);
	/* The outermost corners of the square round the target, when the
	 * firer is outside it: every direction to the target is between. */
	if (abs64(q.u.x) > q.half || abs64(q.u.y) > q.half) {
		int lo = 0, hi = 0;
		struct umpire_pt w[4];
		for (int j = 0; j < 4; j++) {
			w[j] = (struct umpire_pt){
				(int32_t)(q.u.x + (j == 1 || j == 2 ? q.half : -q.half)),
				(int32_t)(q.u.y + (j >= 2 ? q.half : -q.half)) };
			if (j && umpire_cross(w[lo], w[j]) < 0)
				lo = j;
			if (j && umpire_cross(w[hi], w[j]) > 0)
				hi = j;
		}
		cone[0] = w[lo];
		cone[1] = w[hi];
		conep = cone;
	}
	for (size_t i = 0; i < ndisc; i++)
		base_view(&q, disc[i].at, disc[i].base, i, conep);
	out->seen = !covered(&q);
	out->half = cover_half(&q);
	out->piece = q.piece;
	out->figure = q.figure;
	if (q.span != q.local)
		free(q.span);
}
