#!/usr/bin/env python3
"""Exact sight and exact path lengths (src/geom/sight.c, exact.c; TABLE-6,
TABLE-7 from version 0.4.0, AM-4, AM-12) against an independent
implementation in Python's integers and fractions.

Sight is worked out here by another method than the C one: every
corner of every piece and of the target gives a critical direction from
the firer; between two neighbours the pieces a ray meets, and in which
order, do not change, so one ray strictly between them (a whole vector,
or one within 2^-k of a tangent to a base, checked to be inside) is
clipped against the target and every piece with fractions, and its
points seen or hidden are read off the parameters (a base's by its
quadratic, compared without roots).  The C code instead sorts the
spans of directions the pieces in front hide and sweeps for a gap.
Every question is asked of the C code both one at a time and through an
eye (tests/tools/tablegeom checks they agree), and must agree here.

Path lengths: the sum of the legs' square roots against a whole length,
by bounding each root at growing precision with math.isqrt (the C code
extracts binary digits one at a time).

At least 10,000 sight configurations and 10,000 paths; the seed is
fixed (EXACT_SEED to try others).

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_exact.py
"""
import functools
import math
import os
import random
import sys
from fractions import Fraction as Fr

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
SEED = int(os.environ.get("EXACT_SEED", "28"))
CLEAR, PARTLY, BLOCKED = 0, 1, 2


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


# --------------------------------------------------------------- pieces

def ccw(pts):
    area = sum(cross(pts[i], pts[(i + 1) % len(pts)])
               for i in range(len(pts)))
    return pts if area > 0 else pts[::-1]


def holds(poly, q):
    """q on the closed polygon."""
    n = len(poly)
    return all(cross(sub(poly[(i + 1) % n], poly[i]), sub(q, poly[i])) >= 0
               for i in range(n))


def clip_ray(poly, f, w, t_max=None):
    """The parameters [lo, hi] of f + t w (t >= 0, t <= t_max) on the
    closed polygon, or None: clipped edge by edge."""
    lo, hi = Fr(0), (Fr(t_max) if t_max is not None else None)
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        e = sub(b, a)
        c0, c1 = cross(e, sub(f, a)), cross(e, w)
        if c1 == 0:
            if c0 < 0:
                return None
        elif c1 > 0:
            lo = max(lo, Fr(-c0, c1))
        else:
            t = Fr(-c0, c1)
            hi = t if hi is None else min(hi, t)
    if hi is not None and lo > hi:
        return None
    return lo, hi


def clip_poly(subject, clipper):
    """Sutherland-Hodgman: subject within the closed clipper (both ccw)."""
    out = [(Fr(x), Fr(y)) for x, y in subject]
    n = len(clipper)
    for i in range(n):
        a, b = clipper[i], clipper[(i + 1) % n]
        e = sub(b, a)
        inp, out = out, []
        for j in range(len(inp)):
            p, q = inp[j], inp[(j + 1) % len(inp)]
            sp, sq = cross(e, sub(p, a)), cross(e, sub(q, a))
            if sp >= 0:
                out.append(p)
            if (sp > 0 > sq) or (sp < 0 < sq):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        if not out:
            return []
    return out


def area2(pts):
    return sum(cross(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


def interiors_overlap(p, q):
    return area2(clip_poly(p, q)) > 0 if clip_poly(p, q) else False


def dist2_point_poly(c, poly):
    if holds(poly, c):
        return Fr(0)
    best = None
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        d = sub(b, a)
        t = Fr(dot(sub(c, a), d), dot(d, d))
        t = min(max(t, Fr(0)), Fr(1))
        x, y = a[0] + t * d[0] - c[0], a[1] + t * d[1] - c[1]
        v = x * x + y * y
        best = v if best is None or v < best else best
    return best


# ---------------------------------------------------------------- sight

def view(pieces, mask, f, target):
    """(verdict, by) of exact sight from point f; target is ("disc", C,
    base) or ("hull", C, poly); pieces are (kind, poly), ccw."""
    kind_t, c = target[0], target[1]
    if kind_t == "disc" and target[2] == 0:
        for i, (k, p) in enumerate(pieces):
            if mask >> k & 1 and not holds(p, f) and not holds(p, c) and \
                    clip_ray(p, f, sub(c, f), 1) is not None:
                return BLOCKED, i   # a point: the first in the table
        return CLEAR, -1
    D = sub(c, f)
    if kind_t == "disc":
        base = target[2]
        if 4 * dot(D, D) <= base * base:
            return CLEAR, -1
    else:
        hull = target[2]
        if holds(hull, f):
            return CLEAR, -1
    blockers = []
    for i, (k, p) in enumerate(pieces):
        if not mask >> k & 1 or holds(p, f) or holds(p, c):
            continue
        if kind_t == "disc":
            if 4 * dist2_point_poly(c, p) < target[2] ** 2:
                continue
        elif interiors_overlap(p, target[2]):
            continue
        blockers.append((i, p))

    def t_range(w):
        if kind_t == "hull":
            return clip_ray(target[2], f, w)
        return None

    def in_target(u):
        if kind_t == "hull":
            return clip_ray(target[2], f, u) is not None
        k = cross(D, u)
        return dot(D, u) > 0 and 4 * k * k <= target[2] ** 2 * dot(u, u)

    def on_tangent(u):
        k = cross(D, u)
        return kind_t == "disc" and 4 * k * k == target[2] ** 2 * dot(u, u)

    dirs = []
    corners = [q for _, p in blockers for q in p]
    if kind_t == "hull":
        corners += target[2]
    for q in corners:
        u = sub(q, f)
        if in_target(u) and not on_tangent(u):
            dirs.append(u)
    dirs.sort(key=functools.cmp_to_key(
        lambda u, v: -1 if cross(u, v) > 0 else (1 if cross(u, v) < 0 else 0)))
    uniq = []
    for u in dirs:
        if not uniq or cross(uniq[-1], u) != 0:
            uniq.append(u)
    if kind_t == "disc":
        seq = ["a"] + uniq + ["b"]
    else:
        seq = uniq

    def near_tangent(side, other):
        """A whole direction strictly between tangent `side` and the
        whole direction other (or D)."""
        base = target[2]
        perp = (-D[1], D[0])
        k = 16
        while True:
            s = math.isqrt((4 * dot(D, D) - base * base) * 4 ** k) + 1
            m = base * 2 ** k * (-1 if side == "a" else 1)
            A = (D[0] * s + perp[0] * m, D[1] * s + perp[1] * m)
            inside = cross(A, other) > 0 if side == "a" else \
                cross(other, A) > 0
            if inside:
                return A
            k += 16

    def mid(x, y):
        if x == "a" and y == "b":
            return D
        if x == "a":
            A = near_tangent("a", y)
            return (A[0] + y[0], A[1] + y[1])
        if y == "b":
            B = near_tangent("b", x)
            return (B[0] + x[0], B[1] + x[1])
        return (x[0] + y[0], x[1] + y[1])

    def near2(i):
        p = pieces[i][1]
        xs, ys = [q[0] for q in p], [q[1] for q in p]
        dx = max(min(xs) - f[0], 0, f[0] - max(xs))
        dy = max(min(ys) - f[1], 0, f[1] - max(ys))
        return (dx * dx + dy * dy, i)

    seen = False
    hiding = set()
    for x, y in zip(seq, seq[1:]):
        w = mid(x, y)
        ww, wd = dot(w, w), dot(w, D)
        if kind_t == "disc":
            disc4 = 4 * wd * wd - ww * (4 * dot(D, D) - target[2] ** 2)
            assert disc4 > 0

            def before_first(s):   # t_in < s
                L = 2 * wd - 2 * s * ww
                return L < 0 or L * L < disc4

            def before_last(s):    # s < t_out
                M = 2 * s * ww - 2 * wd
                return M < 0 or M * M < disc4
        else:
            t_in, t_out = t_range(w)

            def before_first(s, t_in=t_in):
                return t_in < s

            def before_last(s, t_out=t_out):
                return s < t_out
        ray_seen = True
        for i, p in blockers:
            r = clip_ray(p, f, w)
            if r is None:
                continue
            s_in = r[0]
            if not before_first(s_in):
                ray_seen = False
            if before_last(s_in):
                hiding.add(i)
        seen = seen or ray_seen
    # The piece named: the nearest of those that hide, by its box.
    if not seen:
        return BLOCKED, min(hiding, key=near2)
    if hiding:
        return PARTLY, min(hiding, key=near2)
    return CLEAR, -1


# ----------------------------------------------------------------- roots

def roots_cmp(a, L):
    if all(math.isqrt(x) ** 2 == x for x in a):
        s = sum(math.isqrt(x) for x in a)
        return (s > L) - (s < L)
    k = 64
    while True:
        lo = sum(math.isqrt(x * 4 ** k) for x in a)
        if lo + len(a) <= L * 2 ** k:
            return -1
        if lo >= L * 2 ** k:
            return 1
        k *= 2


def roots_up(a):
    m = int(sum(math.sqrt(x) for x in a)) - 2
    while roots_cmp(a, m) > 0:
        m += 1
    return max(m, 0)


# ------------------------------------------------------------- layouts

class Session:
    def __init__(self):
        self.questions, self.expected = [], []

    def ask(self, q, e):
        self.questions.append(q)
        self.expected.append(e)


def rect(rng, c, scale):
    u = (rng.randint(-scale, scale), rng.randint(-scale, scale))
    if u == (0, 0):
        u = (scale, 0)
    m = rng.choice([1, 1, 2, 3])
    v = (-u[1] * m, u[0] * m)
    pts = [c, (c[0] + u[0], c[1] + u[1]),
           (c[0] + u[0] + v[0], c[1] + u[1] + v[1]), (c[0] + v[0], c[1] + v[1])]
    return ccw(pts) if area2(pts) != 0 else None


def convex_ok(p):
    n = len(p)
    return all(cross(sub(p[(i + 1) % n], p[i]), sub(p[j], p[i])) > 0
               for i in range(n) for j in range(n)
               if j != i and j != (i + 1) % n)


def layout(rng, style):
    """Pieces, figures (points), for one kind of table."""
    if style == "small":
        span, scale, nb = 40, 6, rng.randint(1, 8)
    elif style == "slits":
        span, scale, nb = 60, 10, rng.randint(2, 10)
    else:
        span, scale, nb = 7200, 300, rng.randint(3, 25)
    pieces = []
    while len(pieces) < nb:
        c = (rng.randint(0, span), rng.randint(0, span * 2 // 3))
        if rng.random() < 0.25:
            pts = [(c[0] + rng.randint(-scale, scale),
                    c[1] + rng.randint(-scale, scale)) for _ in range(3)]
            pts = ccw(pts)
        else:
            pts = rect(rng, c, scale)
        if pts and convex_ok(pts):
            pieces.append((rng.choice([0, 0, 1]), pts))
    return pieces, span


def sight_questions(session, rng, count):
    n = 0
    verdicts = [0, 0, 0]
    while n < count:
        style = rng.choice(["small", "slits", "table"])
        pieces, span = layout(rng, style)
        lines = ["table 16384 16384"]
        for k, p in pieces:
            lines.append("piece %d %d %s" % (k, len(p), " ".join(
                "%d %d" % q for q in p)))
        for q in lines:
            session.ask(q, None)
        nfig = 0
        for _ in range(rng.randint(2, 6)):
            f = (rng.randint(0, span), rng.randint(0, span * 2 // 3))
            base = rng.choice([0, 2, 5, 10, 11]) if style != "table" else \
                rng.choice([0, 100, 250])
            session.ask("figure %d %d %d" % (f[0], f[1], base), None)
            nfig += 1
        figs = [tuple(map(int, q.split()[1:])) for q in session.questions
                if q.startswith("figure")][-nfig:]
        for i in range(nfig):
            for j in range(nfig):
                if i == j:
                    continue
                mask = rng.choice([1, 1, 3])
                f, (cx, cy, base) = figs[i][:2], figs[j]
                e = view(pieces, mask, f, ("disc", (cx, cy), base))
                verdicts[e[0]] += 1
                session.ask("view %d %d %d" % (i, j, mask), "view %d %d" % e)
                n += 1
        # A hull as the target: a rectangle added last, its centre whole.
        c = (rng.randint(0, span), rng.randint(0, span * 2 // 3))
        h = max(2, span // 12)
        u = (rng.randint(1, h), rng.randint(-h // 2, h // 2))
        v = (-u[1], u[0])
        hull = ccw([(c[0] - u[0] - v[0], c[1] - u[1] - v[1]),
                    (c[0] + u[0] - v[0], c[1] + u[1] - v[1]),
                    (c[0] + u[0] + v[0], c[1] + u[1] + v[1]),
                    (c[0] - u[0] + v[0], c[1] - u[1] + v[1])])
        hk = rng.choice([0, 2])
        session.ask("piece %d 4 %s" % (hk, " ".join("%d %d" % q for q in hull)),
                    None)
        allp = pieces + [(hk, hull)]
        for i in range(nfig):
            mask = rng.choice([1, 5])
            e = view(allp, mask, figs[i][:2], ("hull", c, hull))
            verdicts[e[0]] += 1
            session.ask("viewp %d %d %d %d %d" % (i, len(pieces), c[0], c[1],
                                                  mask), "view %d %d" % e)
            n += 1
    return n, verdicts


def slit_questions(session):
    """The edge cases named in issue 28, by hand: a slit one hundredth
    wide between two high blocks, closed; a hull end past a block."""
    cases = [
        # A slit from y 20 to 21 at x 500..510: a base at 1000 sees.
        (["piece 0 4 500 -60 510 -60 510 20 500 20",
          "piece 0 4 500 21 510 21 510 60 500 60"], (0, 0), (1000, 0, 100),
         "view 1 0"),
        # Closed: the blocks touch.
        (["piece 0 4 500 -60 510 -60 510 20 500 20",
          "piece 0 4 500 20 510 20 510 60 500 60"], (0, 0), (1000, 0, 100),
         "view 2 0"),
    ]
    for pieces, f, fig, want in cases:
        session.ask("table 16384 16384", None)
        for p in pieces:
            session.ask(p, None)
        session.ask("figure %d %d 100" % f, None)
        session.ask("figure %d %d %d" % fig, None)
        session.ask("view 0 1 1", want)


def path_questions(session, rng, count):
    for i in range(count):
        n = rng.randint(2, 17)
        span = rng.choice([10, 700, 7200])
        if i % 5 == 0:
            # Legs of whole lengths: the sum can be the limit exactly.
            pts = [(0, 0)]
            for _ in range(n - 1):
                a, b = rng.choice([(3, 4), (5, 12), (8, 15), (1, 0), (0, 1)])
                m = rng.randint(1, 20)
                last = pts[-1]
                pts.append((last[0] + a * m * rng.choice([-1, 1]),
                            last[1] + b * m * rng.choice([-1, 1])))
        else:
            pts = [(rng.randint(0, span), rng.randint(0, span))
                   for _ in range(n)]
        a = [dot(sub(pts[k + 1], pts[k]), sub(pts[k + 1], pts[k]))
             for k in range(n - 1)]
        L = roots_up(a) + rng.choice([-1, 0, 0, 1])
        session.ask("roots %d %d %s" % (L, n, " ".join("%d %d" % p for p in pts)),
                    "roots %d %d" % (roots_cmp(a, L), roots_up(a)))
    # 5.996 inches in two legs, and the 16-leg paths of issue 28.
    for pts, L in (([(0, 0), (300, 0), (599, 14)], 600),
                   ([(0, 0), (300, 0), (600, 1)], 600),
                   ([(0, 0)] + [(37 * k, 7 * (k % 2)) for k in range(1, 17)], 600)):
        a = [dot(sub(pts[k + 1], pts[k]), sub(pts[k + 1], pts[k]))
             for k in range(len(pts) - 1)]
        session.ask("roots %d %d %s" % (L, len(pts), " ".join(
            "%d %d" % p for p in pts)), "roots %d %d" % (roots_cmp(a, L),
                                                        roots_up(a)))


def test_cross_check():
    """Exact sight and lengths: C and Python agree everywhere."""
    rng = random.Random(SEED)
    session = Session()
    slit_questions(session)
    nsight, verdicts = sight_questions(session, rng, 10000)
    path_questions(session, rng, 10000)
    text = "".join(q + "\n" for q in session.questions)
    rc, out, err = ut.run([ut.tool("tablegeom")], stdin=text.encode(),
                          timeout=1200)
    check(rc == 0, "tablegeom exited %d: %s" % (rc, err.strip()))
    got = out.split("\n")[:-1]
    check(len(got) == len(session.questions), "tablegeom answered %d of "
          "%d questions" % (len(got), len(session.questions)))
    wrong = [(q, g, e) for q, g, e in zip(session.questions, got,
                                          session.expected)
             if e is not None and g != e]
    for q, g, e in wrong[:10]:
        print("  %s\n    C:      %s\n    Python: %s" % (q, g, e))
    asked = sum(1 for e in session.expected if e is not None)
    check(not wrong, "%d of %d answers differ (EXACT_SEED=%d)"
          % (len(wrong), asked, SEED))
    check(nsight >= 10000 and min(verdicts) > 500,
          "too few telling cases: %d questions, verdicts %s"
          % (nsight, verdicts))
    print("test_exact: %d answers agree: %d lines of sight (%d clear, %d "
          "partly, %d blocked), 10003 paths" % (asked, nsight, *verdicts))


if __name__ == "__main__":
    ut.main([test_cross_check])
