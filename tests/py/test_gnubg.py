#!/usr/bin/env python3
"""Plain backgammon's legal plays, as src/rules/bgw/plan.c finds them,
against GNU Backgammon (Debian's gnubg), an independent move generator.

With Backgammon Wars' additions off (every unit a plain checker, no cap
of 5, nothing closed or burning), umpire's set of legal plays must equal
gnubg's: the same positions left, for every position and roll tried.
Tried: hand-picked awkward cases (entering from the bar with one die
blocked, bearing off with a higher die, only the larger die playable,
no move at all, doubles that stop part way), then GNUBG_POSITIONS random
positions (10,000 by default) drawn to visit the bar, contact and the
bear-off often.

    UMPIRE=... TOOLS=.../tests/tools python3 tests/py/test_gnubg.py
"""
import os
import random
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
GNUBG = os.environ.get("GNUBG", "/usr/games/gnubg")
HERE = os.path.dirname(os.path.abspath(__file__))


def line(d1, d2, own, opp):
    """own, opp: 25 counts each (points 1..24 from the mover, then the
    Walls), as tests/tools/bgplays reads them."""
    return " ".join(str(x) for x in [d1, d2] + own + opp)


def apply_gnubg(text, own, opp):
    """The position gnubg's play `text` leaves: its notation parsed here
    ("bar/22 13/7*", "24/18/13", "6/off(2)"), hits found on the board."""
    own, opp = own[:], opp[:]
    for token in text.split():
        rep = 1
        if token.endswith(")"):
            token, _, n = token[:-1].rpartition("(")
            rep = int(n)
        stops = [s.rstrip("*") for s in token.split("/")]
        pts = [25 if s == "bar" else 0 if s == "off" else int(s)
               for s in stops]
        for _ in range(rep):
            for a, b in zip(pts, pts[1:]):
                own[a - 1] -= 1
                if b:
                    if opp[b - 1] == 1:
                        opp[b - 1] = 0
                        opp[24] += 1
                    own[b - 1] += 1
    return ",".join(str(x) for x in own + opp)


def gnubg_plays(lines, jobs=8):
    """gnubg's plays for each line.  gnubg idles some milliseconds in each
    hint (it waits on its evaluation threads), so the lines are split
    between several gnubg processes at once."""
    with tempfile.TemporaryDirectory(prefix="umpire-gnubg-") as d:
        chunks = [lines[i::jobs] for i in range(jobs)]
        procs = []
        for i, chunk in enumerate(chunks):
            fin = os.path.join(d, "in%d" % i)
            with open(fin, "w") as f:
                f.write("".join(x + "\n" for x in chunk))
            # A home each: gnubg makes ~/.gnubg at start, and two doing
            # it at once in one home fail ("File exists").
            home = os.path.join(d, "home%d" % i)
            os.mkdir(home)
            env = dict(os.environ, GNUBG_IN=fin,
                       GNUBG_OUT=os.path.join(d, "out%d" % i), HOME=home)
            procs.append(subprocess.Popen(
                [GNUBG, "-q", "-t", "-r", "-p",
                 os.path.join(HERE, "gnubg_plays.py")], env=env,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL))
        answers = []
        for i, p in enumerate(procs):
            _, err = p.communicate(timeout=1800)
            check(p.returncode == 0, "gnubg failed: %s" % err[-2000:])
            with open(os.path.join(d, "out%d" % i)) as f:
                answers.append(f.read().split("\n")[:-1])
            check(len(answers[i]) == len(chunks[i]), "gnubg answered %d of "
                  "%d positions" % (len(answers[i]), len(chunks[i])))
    got = [None] * len(lines)
    for i, a in enumerate(answers):
        got[i::jobs] = a
    return got


def umpire_plays(lines):
    r = subprocess.run([ut.tool("bgplays"), "-"], input="".join(
        x + "\n" for x in lines), capture_output=True, text=True)
    check(r.returncode == 0, "bgplays: %s" % r.stderr)
    return r.stdout.split("\n")[:-1]


def compare(cases):
    lines = [line(*c) for c in cases]
    ours = umpire_plays(lines)
    theirs = gnubg_plays(lines)
    for c, text, o, t in zip(cases, lines, ours, theirs):
        n, *mine = o.split()
        d1, d2, own, opp = c
        gn = sorted({apply_gnubg(p, own, opp) for p in t.split(";") if p})
        if not gn:		# no move: the one play that leaves it as it is
            gn = [",".join(str(x) for x in own + opp)]
        check(sorted(mine) == gn and int(n) == len(mine),
              "dice %d-%d on %s: umpire finds %d plays, gnubg %d\n"
              "  only umpire: %s\n  only gnubg: %s\n  gnubg says: %s"
              % (d1, d2, text, len(mine), len(gn),
                 sorted(set(mine) - set(gn))[:3],
                 sorted(set(gn) - set(mine))[:3], t[:300]))
    return len(cases)


def board(spec_own, spec_opp):
    """Counts from {point: n} dicts; 25 is the Wall.  The opponent's are
    given on the mover's points."""
    own = [0] * 25
    opp = [0] * 25
    for p, n in spec_own.items():
        own[p - 1] = n
    for p, n in spec_opp.items():
        opp[p - 1] = n
    return own, opp


# Hand-picked awkward cases: (d1, d2, own, opp, what).
AWKWARD = [
    (6, 3) + board({25: 1, 6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2}) +
    ("bar entry, the 3 blocked",),
    (6, 5) + board({25: 2, 6: 13}, {19: 2, 20: 2, 21: 0, 22: 2, 23: 2,
                                    24: 2}) +
    ("two on the bar, only the 4-point open: no entry",),
    (5, 2) + board({25: 1, 13: 14}, {20: 2, 23: 1}) +
    ("bar entry with a hit",),
    (6, 5) + board({3: 3, 2: 2}, {14: 15}) + ("bearing off with higher dice",),
    (6, 2) + board({5: 1, 4: 2, 1: 1}, {14: 15}) +
    ("a higher die bears off from the highest point only",),
    (6, 1) + board({24: 1, 23: 14}, {17: 2, 16: 2, 22: 2, 18: 2}) +
    ("only one die can be used",),
    (6, 5) + board({13: 1, 24: 14}, {7: 2, 8: 2, 2: 2, 19: 2, 18: 2}) +
    ("either die alone, not both: the larger",),
    (4, 4) + board({24: 2, 13: 13}, {20: 2, 16: 2, 9: 2, 5: 2}) +
    ("doubles that stop part way",),
    (3, 3) + board({25: 1, 8: 14}, {22: 2, 19: 2}) +
    ("doubles on the bar, entry blocked",),
    (2, 1) + board({1: 15}, {24: 15}) + ("everything bears off",),
    (5, 4) + board({6: 1, 3: 2}, {20: 3}) +
    ("bear off with a 5 from the 6? no: move; the 4 then",),
]


def random_case(rng):
    """A random position and roll: each side's 15 units spread over the
    board, with some on the Wall and some borne off, never two sides on
    one point; a third of the time the mover has all his units home."""
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    own, opp = [0] * 25, [0] * 25
    home = rng.random() < 1 / 3
    off_own = rng.choice([0, 0, 0, 2, 5, 9]) if home else 0
    bar_own = 0 if home else rng.choice([0, 0, 0, 1, 1, 2, 3])
    off_opp = rng.choice([0, 0, 0, 3, 8])
    bar_opp = rng.choice([0, 0, 0, 1, 2])
    own[24], opp[24] = bar_own, bar_opp
    spots = list(range(1, 7)) if home else list(range(1, 25))
    for _ in range(15 - off_own - bar_own):
        own[rng.choice(spots) - 1] += 1
    free = [p for p in range(1, 25) if not own[p - 1]]
    # The opponent clusters: a few points, often in the mover's way.
    picks = rng.sample(free, min(len(free), rng.randint(1, 8)))
    for _ in range(15 - off_opp - bar_opp):
        opp[rng.choice(picks) - 1] += 1
    return d1, d2, own, opp


def test_awkward_cases():
    n = compare([c[:4] for c in AWKWARD])
    print("test_gnubg: %d hand-picked cases agree" % n)


def test_random_positions():
    total = int(os.environ.get("GNUBG_POSITIONS", "10000"))
    rng = random.Random(20261125)
    cases = [random_case(rng) for _ in range(total)]
    n = compare(cases)
    print("test_gnubg: %d random positions and rolls agree" % n)


if __name__ == "__main__":
    ut.main([test_awkward_cases, test_random_positions])
