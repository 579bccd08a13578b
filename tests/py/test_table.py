#!/usr/bin/env python3
"""The tabletop (src/geom/) against an independent implementation: every
question tests/tools/tablegeom answers is worked out again here with
Python's fractions and big integers, by other methods where there are
other methods (segments by their parameters, not orientations; lines of
sight and paths by clipping a segment's parameter against each edge;
overlaps by clipping one polygon with the other and taking the area;
arcs by comparing cosines; convexity by the hull; rounding by search),
on thousands of random layouts, and every answer must be equal.

Three kinds of layout: a small table where every coordinate is a small
integer, so corners, edges and lines meet exactly all the time; a 6 x 4
foot table with one-inch bases as Army Men plays; and layouts at the
bounds of the plane (2^14 hundredths, bases of 2048, facings of 2^15),
where an overflow would show.  The random seed is fixed; set
TABLE_SEED to try others.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_table.py
"""
import math
import os
import random
import sys
from fractions import Fraction as Fr

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check

PLANE = 16384
VEC = 32768
MAX_CORNERS = 16
KINDS = 32
BOX_MAX = 4096
OK, RANGE, CORNERS, CONVEX, RECT, KIND, FACING, SIZE = 0, -1, -2, -3, -4, \
    -5, -6, -7
RIM = [(0, 0), (5, 0), (4, 3), (3, 4), (0, 5), (-3, 4), (-4, 3), (-5, 0),
       (-4, -3), (-3, -4), (0, -5), (3, -4), (4, -3)]
SEED = int(os.environ.get("TABLE_SEED", "11"))


# ------------------------------------------------------------ arithmetic

def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def d2(a, b):
    return dot(sub(a, b), sub(a, b))


def sign(x):
    return (x > 0) - (x < 0)


def cmp(a, b):
    return (a > b) - (a < b)


def sqrt_down(n):
    """floor(sqrt(n)) for a Fraction or int n >= 0, found by search."""
    n = Fr(n)
    m = int(math.sqrt(float(n)))
    while m * m > n:
        m -= 1
    while (m + 1) * (m + 1) <= n:
        m += 1
    return m


def sqrt_up(n):
    m = sqrt_down(n)
    return m if m * m == Fr(n) else m + 1


def on_plane(p):
    return -PLANE <= p[0] <= PLANE and -PLANE <= p[1] <= PLANE


# ------------------------------------------------------------- polygons

def hull(points):
    """Convex hull, counter-clockwise from the least point, by gift
    wrapping; points in line with an edge are left out."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts
    out = [pts[0]]
    while True:
        cur = out[-1]
        cand = None
        for p in pts:
            if p == cur:
                continue
            if cand is None:
                cand = p
                continue
            c = cross(sub(cand, cur), sub(p, cur))
            if c < 0 or (c == 0 and d2(cur, p) > d2(cur, cand)):
                cand = p
        if cand == out[0]:
            return out
        out.append(cand)
        if len(out) > len(pts):
            return out


def area2(poly):
    return sum(cross(poly[i], poly[(i + 1) % len(poly)])
               for i in range(len(poly)))


def make_piece(kind, corners):
    """(error, counter-clockwise corners) as umpire_piece_make answers."""
    n = len(corners)
    if not 0 <= kind < KINDS:
        return KIND, None
    if n < 3 or n > MAX_CORNERS:
        return CORNERS, None
    if not all(on_plane(c) for c in corners):
        return RANGE, None
    h = hull(corners)
    if len(h) != n or len(set(corners)) != n:
        return CONVEX, None
    # In order round the hull, one way or the other.
    i = corners.index(h[0])
    turned = corners[i:] + corners[:i]
    back = [turned[0]] + turned[1:][::-1]
    if turned != h and back != h:
        return CONVEX, None
    return OK, (list(corners) if area2(corners) > 0 else corners[::-1])


def right_angles(poly):
    n = len(poly)
    return all(dot(sub(poly[(i + 1) % n], poly[i]),
                   sub(poly[(i + 2) % n], poly[(i + 1) % n])) == 0
               for i in range(n))


def make_rect(kind, facing, corners):
    err, poly = make_piece(kind, corners)
    if err:
        return err, None
    if not right_angles(poly):
        return RECT, None
    if facing != (0, 0):
        if not (-VEC <= facing[0] <= VEC and -VEC <= facing[1] <= VEC):
            return RANGE, None
        e0, e1 = sub(poly[1], poly[0]), sub(poly[2], poly[1])
        if cross(facing, e0) and cross(facing, e1):
            return FACING, None
    return OK, poly


def nearest_half_away(n, f):
    """n / (2 sqrt(f)) to the nearest integer, halves away from zero: the
    largest m with m <= |x| + 1/2, that is 2m - 1 <= |n| / sqrt(f)."""
    def fits(m):
        return 2 * m - 1 <= 0 or (2 * m - 1) ** 2 * f <= n * n
    m = int(abs(n) / (2 * math.sqrt(f)) + 0.5)
    while not fits(m):
        m -= 1
    while fits(m + 1):
        m += 1
    return m if n >= 0 else -m


def make_box(kind, c, f, length, width):
    if not (1 <= length <= BOX_MAX and 1 <= width <= BOX_MAX):
        return SIZE, None
    if f == (0, 0):
        return FACING, None
    if not on_plane(c) or not (-VEC <= f[0] <= VEC and -VEC <= f[1] <= VEC):
        return RANGE, None
    ff = dot(f, f)
    corners = []
    for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        nx = a * length * f[0] - b * width * f[1]
        ny = a * length * f[1] + b * width * f[0]
        corners.append((c[0] + nearest_half_away(nx, ff),
                        c[1] + nearest_half_away(ny, ff)))
    return make_piece(kind, corners)


def holds(poly, p, strict=False):
    """On or in the polygon (strict: in, not on), by crossing number."""
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if cross(sub(b, a), sub(p, a)) == 0 and \
                min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and \
                min(a[1], b[1]) <= p[1] <= max(a[1], b[1]):
            return not strict
    inside = False
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + Fr((p[1] - a[1]) * (b[0] - a[0]), b[1] - a[1])
            if p[0] < x:
                inside = not inside
    return inside


def clip(a, b, poly, strict):
    """The parameters t in [0, 1] at which a + t (b - a) is in the
    polygon (strict: in its inside): (lo, hi), or None if there are none."""
    lo, hi, lo_open, hi_open = Fr(0), Fr(1), False, False
    n = len(poly)
    for i in range(n):
        v, w = poly[i], poly[(i + 1) % n]
        e = sub(w, v)
        c0 = cross(e, sub(a, v))
        c1 = cross(e, sub(b, v)) - c0        # inside: c0 + c1 t >= 0
        if c1 == 0:
            if c0 < 0 or (strict and c0 == 0):
                return None
            continue
        t = Fr(-c0, c1)
        if c1 > 0:
            if t > lo:
                lo, lo_open = t, strict
            elif t == lo and strict:
                lo_open = True
        else:
            if t < hi:
                hi, hi_open = t, strict
            elif t == hi and strict:
                hi_open = True
    if lo_open or hi_open:
        return (lo, hi) if lo < hi else None
    return (lo, hi) if lo <= hi else None


def seg_dist2(p, a, b):
    """Squared distance from p to segment ab, by projecting."""
    d = sub(b, a)
    if d == (0, 0):
        return Fr(d2(p, a))
    t = Fr(dot(sub(p, a), d), dot(d, d))
    t = min(max(t, Fr(0)), Fr(1))
    x = a[0] + t * d[0] - p[0]
    y = a[1] + t * d[1] - p[1]
    return x * x + y * y


def near(poly, a, b, base):
    if base <= 0:
        return clip(a, b, poly, True) is not None
    if clip(a, b, poly, False) is not None:
        return True
    r2 = Fr(base * base, 4)
    n = len(poly)
    for i in range(n):
        v, w = poly[i], poly[(i + 1) % n]
        if seg_dist2(a, v, w) < r2 or seg_dist2(b, v, w) < r2 or \
                seg_dist2(v, a, b) < r2:
            return True
    return False


def clip_poly(subject, poly):
    """Sutherland-Hodgman: subject cut to each edge of poly (closed)."""
    out = [(Fr(x), Fr(y)) for x, y in subject]
    n = len(poly)
    for i in range(n):
        v, w = poly[i], poly[(i + 1) % n]
        e = sub(w, v)
        inp, out = out, []
        for j in range(len(inp)):
            p, q = inp[j], inp[(j + 1) % len(inp)]
            sp, sq = cross(e, sub(p, v)), cross(e, sub(q, v))
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        if not out:
            return []
    return out


def overlap(a, b):
    c = clip_poly(a, b)
    return len(c) >= 3 and area2(c) != 0


def segments_meet(a, b, c, d):
    r, s = sub(b, a), sub(d, c)
    den = cross(r, s)
    if den:
        t = Fr(cross(sub(c, a), s), den)
        u = Fr(cross(sub(c, a), r), den)
        return 0 <= t <= 1 and 0 <= u <= 1
    if a == b and c == d:
        return a == c
    if a == b:
        return seg_dist2(a, c, d) == 0
    if c == d:
        return seg_dist2(c, a, b) == 0
    if cross(sub(c, a), r):
        return False
    t0 = Fr(dot(sub(c, a), r), dot(r, r))
    t1 = Fr(dot(sub(d, a), r), dot(r, r))
    return max(min(t0, t1), 0) <= min(max(t0, t1), 1)


def in_arc(f, h, v):
    """The angle between f and v at most h's angle from the x axis:
    cos(angle(f, v)) >= h.x / |h|, with both sides squared by sign."""
    if v == (0, 0):
        return True
    lhs_sign, rhs_sign = sign(dot(f, v)), sign(h[0])
    lhs2 = dot(f, v) ** 2 * dot(h, h)
    rhs2 = h[0] ** 2 * dot(f, f) * dot(v, v)
    if lhs_sign != rhs_sign:
        return lhs_sign > rhs_sign
    if lhs_sign > 0:
        return lhs2 >= rhs2
    if lhs_sign < 0:
        return lhs2 <= rhs2
    return True


def sweep(poly, delta):
    if len(poly) > MAX_CORNERS - 2:
        return CORNERS, None
    moved = [(x + delta[0], y + delta[1]) for x, y in poly]
    if not all(on_plane(p) for p in moved):
        return RANGE, None
    return OK, hull(list(poly) + moved)


# -------------------------------------------------------------- measures

def dist_cmp(dd, less, length):
    """sqrt(dd) - less / 2, at least 0, against length."""
    r = length + Fr(less, 2)
    c = cmp(Fr(dd), r * r)
    return 0 if c < 0 and length == 0 else c


def dist_round(dd, less, up):
    """That distance rounded down or up to a whole hundredth, by search
    from a floating-point guess: m is at most the distance when
    (2 m + less)^2 <= 4 dd, at least it when >=."""
    dd = Fr(dd)

    def at_most(m):
        return (2 * m + less) ** 2 <= 4 * dd

    def at_least(m):
        return (2 * m + less) ** 2 >= 4 * dd
    guess = max(0, int(math.sqrt(float(dd)) - less / 2))
    if up:
        if at_least(0):
            return 0
        m = guess
        while not at_least(m):
            m += 1
        while m > 0 and at_least(m - 1):
            m -= 1
        return m
    if not at_most(0):
        return 0
    m = guess
    while not at_most(m):
        m -= 1
    while at_most(m + 1):
        m += 1
    return m


# ---------------------------------------------------------------- layouts

class Layout:
    def __init__(self, width, depth):
        self.width, self.depth = width, depth
        self.pieces = []      # (kind, counter-clockwise corners)
        self.figures = []     # (x, y, base)


def answer_sight(lay, i, j, mask):
    fx, fy, _ = lay.figures[i]
    tx, ty, base = lay.figures[j]
    f, t = (fx, fy), (tx, ty)
    by, first = [-1] * 13, [None] * 13
    for k, (a, b) in enumerate(RIM):
        p = (tx + Fr(base * a, 10), ty + Fr(base * b, 10))
        for n, (kind, poly) in enumerate(lay.pieces):
            if not mask >> kind & 1 or holds(poly, f) or holds(poly, t):
                continue
            got = clip(f, p, poly, False)
            if got is not None and (first[k] is None or got[0] < first[k]):
                first[k], by[k] = got[0], n
    lines = sum(1 << k for k in range(13) if by[k] >= 0)
    blocked = bin(lines).count("1")
    verdict = 0 if blocked == 0 else 2 if blocked == 13 else 1
    return "sight %d %d %d %s" % (verdict, blocked, lines,
                                  " ".join(str(b) for b in by))


def answer_path(lay, base, mask, wp):
    length = sum(sqrt_up(d2(wp[i - 1], wp[i])) for i in range(1, len(wp)))
    off = next((i for i, p in enumerate(wp)
                if not (0 <= p[0] <= lay.width and 0 <= p[1] <= lay.depth)),
               None)
    out = "path %d %d %d |" % (length, off is None, -1 if off is None
                               else off)
    legs = [(wp[i - 1], wp[i]) for i in range(1, len(wp))] or \
        [(wp[0], wp[0])]
    for n, (kind, poly) in enumerate(lay.pieces):
        if not mask >> kind & 1:
            continue
        crosses = any(near(poly, a, b, base) for a, b in legs)
        climbs = len(wp) > 1 and any(
            clip(a, b, poly, True) is not None and not holds(poly, a, True)
            for a, b in legs)
        starts = holds(poly, wp[0], True)
        if crosses or climbs or starts:
            out += " %d,%d,%d,%d" % (n, crosses, climbs, starts)
    out += " |"
    for fx, fy, fb in lay.figures:
        p = (fx, fy)
        if len(wp) == 1:
            best, leg = Fr(d2(p, wp[0])), 0
        else:
            dists = [seg_dist2(p, a, b) for a, b in legs]
            best = min(dists)
            leg = dists.index(best)
        out += " %d/%d@%d:%d:%d:%d:%d" % (
            best.numerator, best.denominator, leg,
            dist_cmp(best, 0, 300), dist_cmp(best, base + fb, 300),
            dist_round(best, base + fb, False), dist_round(best, 0, True))
    return out


def answer_measure(lay, i, j, length):
    (ax, ay, ab), (bx, by_, bb) = lay.figures[i], lay.figures[j]
    dd = d2((ax, ay), (bx, by_))
    return "measure %d %d %d %d %d %d" % (
        dist_cmp(dd, 0, length), dist_cmp(dd, ab + bb, length),
        dist_round(dd, 0, False), dist_round(dd, 0, True),
        dist_round(dd, ab + bb, False), dist_round(dd, ab + bb, True))


def answer_within(lay, p, r):
    cen = [n for n, (x, y, b) in enumerate(lay.figures)
           if dist_cmp(d2((x, y), p), 0, r) <= 0]
    edg = [n for n, (x, y, b) in enumerate(lay.figures)
           if dist_cmp(d2((x, y), p), b, r) <= 0]
    return "within" + "".join(" %d" % n for n in cen) + " |" + \
        "".join(" %d" % n for n in edg)


# ------------------------------------------------------------- generation

PYTH = [(1, 0), (0, 1), (3, 4), (4, 3), (-3, 4), (5, 12), (12, -5),
        (8, 15), (-15, 8), (7, 24), (20, 21)]


class Session:
    """Questions for the tool and the answers expected, line by line."""

    def __init__(self, rng):
        self.rng = rng
        self.questions = []
        self.expected = []
        self.counts = {}

    def ask(self, question, expected):
        self.questions.append(question)
        self.expected.append(expected)
        word = question.split()[0]
        self.counts[word] = self.counts.get(word, 0) + 1

    def add_piece(self, lay, kind, corners):
        err, poly = make_piece(kind, corners)
        self.ask("piece %d %d %s" % (kind, len(corners), " ".join(
            "%d %d" % c for c in corners)), "piece %d" % err)
        if err == OK:
            lay.pieces.append((kind, poly))

    def add_rect(self, lay, kind, facing, corners):
        err, poly = make_rect(kind, facing, corners)
        self.ask("rect %d %d %d %s" % (kind, facing[0], facing[1], " ".join(
            "%d %d" % c for c in corners)), "rect %d" % err)
        if err == OK:
            lay.pieces.append((kind, poly))

    def add_box(self, lay, kind, c, f, length, width):
        err, poly = make_box(kind, c, f, length, width)
        self.ask("box %d %d %d %d %d %d %d" % (kind, c[0], c[1], f[0], f[1],
                                               length, width),
                 "box %d" % err + ("" if err else "".join(
                     " %d %d" % p for p in poly)))
        if err == OK:
            lay.pieces.append((kind, poly))

    def add_figure(self, lay, x, y, base):
        self.ask("figure %d %d %d" % (x, y, base),
                 "figure %d" % len(lay.figures))
        lay.figures.append((x, y, base))


def random_polygon(rng, lo, hi, spread):
    """Corners of a convex polygon near a random point, either way round,
    from a random corner; sometimes spoilt (out of order, a corner in
    line, a corner twice)."""
    cx, cy = rng.randint(lo, hi), rng.randint(lo, hi)
    pts = [(max(-PLANE, min(PLANE, cx + rng.randint(-spread, spread))),
            max(-PLANE, min(PLANE, cy + rng.randint(-spread, spread))))
           for _ in range(rng.randint(3, 8))]
    h = hull(pts)
    if len(h) < 3:
        return pts
    if rng.random() < 0.5:
        h = h[::-1]
    k = rng.randrange(len(h))
    h = h[k:] + h[:k]
    spoil = rng.random()
    if spoil < 0.06 and len(h) >= 4:
        rng.shuffle(h)
    elif spoil < 0.10:
        a, b = h[0], h[1]
        if (a[0] + b[0]) % 2 == 0 and (a[1] + b[1]) % 2 == 0:
            h.insert(1, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    elif spoil < 0.12:
        h.insert(1, h[0])
    return h


def random_rect(rng, lo, hi, scale):
    """A rectangle at a Pythagorean angle, sometimes bent out of true."""
    a, b = rng.choice(PYTH)
    u, v = rng.randint(1, scale), rng.randint(1, scale)
    x, y = rng.randint(lo, hi), rng.randint(lo, hi)
    c = [(x, y), (x + u * a, y + u * b), (x + u * a - v * b, y + u * b + v * a),
         (x - v * b, y + v * a)]
    if rng.random() < 0.1:
        c[2] = (c[2][0] + 1, c[2][1])
    facing = rng.choice([(0, 0), (a, b), (-b, a), (1, 1), (2 * a, 2 * b)])
    if rng.random() < 0.5:
        c = c[::-1]
    return facing, c


def layout(session, kind_of_layout):
    rng = session.rng
    if kind_of_layout == "small":
        lay = Layout(40, 30)
        lo, hi, spread, scale, bases = -2, 42, 12, 4, (0, 12)
    elif kind_of_layout == "table":
        lay = Layout(7200, 4800)
        lo, hi, spread, scale, bases = 0, 7200, 400, 80, (100, 100)
    else:
        lay = Layout(16384, 16384)
        lo, hi, spread, scale, bases = -PLANE, PLANE, 6000, 500, (0, 2048)
    session.ask("table %d %d" % (lay.width, lay.depth), "ok")
    for _ in range(rng.randint(2, 6)):
        what = rng.random()
        kind = rng.choice([0, 0, 1, 2]) if rng.random() > 0.01 else 32
        if what < 0.4:
            session.add_piece(lay, kind, random_polygon(rng, lo, hi, spread))
        elif what < 0.7:
            facing, corners = random_rect(rng, lo, hi, scale)
            corners = [(max(-PLANE - 1, min(PLANE + 1, x)),
                        max(-PLANE - 1, min(PLANE + 1, y)))
                       for x, y in corners]
            session.add_rect(lay, kind, facing, corners)
        else:
            fmax = 12 if kind_of_layout != "extreme" else VEC
            f = (rng.randint(-fmax, fmax), rng.randint(-fmax, fmax))
            size = (lo, hi) if kind_of_layout != "small" else (-5, 45)
            session.add_box(lay, kind, (rng.randint(*size),
                                        rng.randint(*size)), f,
                            rng.randint(1, min(BOX_MAX, 2 * spread)),
                            rng.randint(1, min(BOX_MAX, 2 * spread)))
    for _ in range(rng.randint(2, 7)):
        if kind_of_layout == "small":
            x, y = rng.randint(-3, 43), rng.randint(-3, 33)
        else:
            x, y = rng.randint(lo, hi), rng.randint(max(lo, -PLANE),
                                                    min(hi, lay.depth))
        if rng.random() < 0.1 and lay.pieces:
            x, y = rng.choice(rng.choice(lay.pieces)[1])
        session.add_figure(lay, x, y, rng.randint(*bases))
    return lay


def ask_about(session, lay, kind_of_layout):
    rng = session.rng
    nf = len(lay.figures)
    small = kind_of_layout == "small"

    def point():
        if small:
            return (rng.randint(-3, 43), rng.randint(-3, 33))
        if rng.random() < 0.2 and lay.pieces:
            return rng.choice(rng.choice(lay.pieces)[1])
        return (rng.randint(-PLANE, PLANE) if kind_of_layout == "extreme"
                else rng.randint(-100, 7300),
                rng.randint(-PLANE, PLANE) if kind_of_layout == "extreme"
                else rng.randint(-100, 4900))

    for _ in range(6):
        i, j = rng.randrange(nf), rng.randrange(nf)
        mask = rng.choice([1, 1, 2, 3, 7, 4])
        session.ask("sight %d %d %d" % (i, j, mask),
                    answer_sight(lay, i, j, mask))
    for _ in range(2):
        base = rng.choice([0, rng.randint(0, 12 if small else 2048)])
        mask = rng.choice([1, 2, 7])
        wp = [point() for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.2 and len(wp) > 1:
            wp[1] = wp[0]
        session.ask("path %d %d %d %s" % (base, mask, len(wp), " ".join(
            "%d %d" % p for p in wp)), answer_path(lay, base, mask, wp))
    for _ in range(2):
        i, j = rng.randrange(nf), rng.randrange(nf)
        length = rng.choice([0, 1, 300, 1200, rng.randint(0, 40000)])
        session.ask("measure %d %d %d" % (i, j, length),
                    answer_measure(lay, i, j, length))
    p = point()
    r = rng.choice([0, 2, 200, 300, rng.randint(0, 30000)])
    session.ask("within %d %d %d" % (p[0], p[1], r), answer_within(lay, p, r))
    np_ = len(lay.pieces)
    for _ in range(3 if np_ else 0):
        n = rng.randrange(np_)
        poly = lay.pieces[n][1]
        a, b = point(), point()
        if rng.random() < 0.3:
            a = rng.choice(poly)
        if rng.random() < 0.2:
            b = a
        base = rng.choice([0, rng.randint(0, 12 if small else 2048)])
        session.ask("holds %d %d %d" % (n, a[0], a[1]), "holds %d %d" % (
            holds(poly, a), holds(poly, a, True)))
        session.ask("seg %d %d %d %d %d %d" % (n, a[0], a[1], b[0], b[1],
                                               base),
                    "seg %d %d %d" % (clip(a, b, poly, False) is not None,
                                      clip(a, b, poly, True) is not None,
                                      near(poly, a, b, base)))
        m = rng.randrange(np_)
        session.ask("overlap %d %d" % (n, m), "overlap %d" % overlap(
            poly, lay.pieces[m][1]))
        dx, dy = (rng.randint(-20, 20), rng.randint(-20, 20)) if small else \
            (rng.randint(-3000, 3000), rng.randint(-3000, 3000))
        err, sw = sweep(poly, (dx, dy))
        session.ask("sweep %d %d %d" % (n, dx, dy), "sweep %d" % err + (
            "" if err else " %d" % len(sw) + "".join(" %d %d" % q
                                                       for q in sw)))


def plane_questions(session):
    """Questions with no table: square roots, fractions, segments, arcs."""
    rng = session.rng
    for _ in range(300):
        n = rng.choice([rng.randint(0, 1000), rng.randint(0, 2**62),
                        rng.randint(0, 2**63 - 1), rng.randint(0, 2**31) ** 2,
                        rng.randint(1, 2**31) ** 2 - 1])
        session.ask("isqrt %d" % n, "isqrt %d %d" % (math.isqrt(n),
                                                     sqrt_up(n)))
    for _ in range(300):
        big = rng.choice([10, 1000, 2**62])
        a, b = rng.randint(0, big), rng.randint(1, big)
        c, d = (a, b) if rng.random() < 0.1 else (rng.randint(0, big),
                                                  rng.randint(1, big))
        if rng.random() < 0.1:
            k = rng.randint(1, 5)
            c, d = a * k, b * k
            if c > 2**63 - 1 or d > 2**63 - 1:
                c, d = a, b
        session.ask("frac %d %d %d %d" % (a, b, c, d),
                    "frac %d" % cmp(Fr(a, b), Fr(c, d)))
    for _ in range(600):
        r = rng.choice([4, 30, PLANE])
        pts = [(rng.randint(-r, r), rng.randint(-r, r)) for _ in range(4)]
        if rng.random() < 0.2:
            pts[3] = pts[2]
        session.ask("segs %s" % " ".join("%d %d" % p for p in pts),
                    "segs %d" % segments_meet(*pts))
        session.ask("dist2 %s" % " ".join("%d %d" % p for p in pts[:3]),
                    "dist2 %d %d" % (lambda q: (q.numerator, q.denominator))(
                        seg_dist2(*pts[:3])))
    for _ in range(600):
        r = rng.choice([3, 10, VEC])
        f = (0, 0)
        while f == (0, 0):
            f = (rng.randint(-r, r), rng.randint(-r, r))
        h = rng.choice([(1, 0), (1, 1), (0, 1), (-1, 0), (-1, 1), (3, 4),
                        (-4, 3), (rng.randint(-r, r), rng.randint(1, r))])
        v = (rng.randint(-r, r), rng.randint(-r, r))
        if rng.random() < 0.3:
            # On an edge of the arc, or straight ahead.
            v = rng.choice([f, (f[0] * h[0] - f[1] * h[1],
                                f[0] * h[1] + f[1] * h[0])])
            if abs(v[0]) > VEC or abs(v[1]) > VEC:
                v = f
        session.ask("arc %d %d %d %d %d %d" % (f + h + v),
                    "arc %d" % in_arc(f, h, v))


def test_cross_check():
    """Every answer of the C tabletop equals the one worked out here."""
    session = Session(random.Random(SEED))
    plane_questions(session)
    layouts = 0
    for kind_of_layout, count in (("small", 1200), ("table", 400),
                                  ("extreme", 400)):
        for _ in range(count):
            lay = layout(session, kind_of_layout)
            if lay.figures:
                ask_about(session, lay, kind_of_layout)
            layouts += 1
    text = "".join(q + "\n" for q in session.questions)
    rc, out, err = ut.run([ut.tool("tablegeom")], stdin=text.encode(),
                          timeout=600)
    check(rc == 0, "tablegeom exited %d: %s" % (rc, err.strip()))
    got = out.split("\n")[:-1]
    check(len(got) == len(session.questions), "tablegeom answered %d of "
          "%d questions" % (len(got), len(session.questions)))
    wrong = [(q, g, e) for q, g, e in zip(session.questions, got,
                                          session.expected) if g != e]
    for q, g, e in wrong[:10]:
        print("  %s\n    C:      %s\n    Python: %s" % (q, g, e))
    check(not wrong, "%d of %d answers differ (TABLE_SEED=%d)"
          % (len(wrong), len(got), SEED))
    # The layouts must have asked what they are meant to: partly blocked
    # lines, refused pieces, pieces climbed.
    partly = sum(1 for q, e in zip(session.questions, session.expected)
                 if q.startswith("sight") and e.split()[1] == "1")
    refused = sum(1 for e in session.expected
                  if e.split()[0] in ("piece", "rect", "box") and
                  e.split()[1] != "0")
    climbed = sum(e.count(",1,") for e in session.expected
                  if e.startswith("path"))
    check(partly > 100 and refused > 100 and climbed > 20,
          "too few telling cases: %d partly blocked, %d refused, %d climbs"
          % (partly, refused, climbed))
    print("test_table: %d answers agree over %d layouts (%s); %d partly "
          "blocked, %d pieces refused" % (
              len(got), layouts, ", ".join(
                  "%d %s" % (n, w) for w, n in sorted(session.counts.items())),
              partly, refused))


if __name__ == "__main__":
    ut.main([test_cross_check])
