#!/usr/bin/env python3
"""Known answers for umpire's dice (design brief, "Dice from a committed
seed"): the rolls umpire's C code makes must be the ones tests/dice.py
derives with Python's hmac from the brief alone.

1. thousands of rolls printed by tests/tools/roll (umpire_dice_derive())
   over several seeds, games, steps, roll numbers and die sizes, among
   them sizes whose rejection zone is large enough to be hit often;
2. every row of every roll table of real reports, from bot games played
   with git (open and sealed), re-derived from the seed, game and step;
3. a later order never changes an earlier roll: one Dig In turn resolved
   with two sets of orders that differ only after the first attack.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_dice.py
"""
import hashlib
import hmac
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

sys.path.insert(0, os.path.join(ut.ROOT, "tests"))
import dice  # noqa: E402  (tests/dice.py, the independent derivation)

check = ut.check

SEEDS = ["00" * 32, "ff" * 32, "ab" * 32,
         "0123456789abcdef" * 4,
         "c0ffee" * 10 + "beef"]
GAMES = ["amb-0123456789", "amb-68f649280c", "x", "vsgmr-ffffffffff"]
STEPS = [0, 1, 17, 1000000000]
ROLLS = range(3)
# Ordinary dice, and sizes where 2^32 mod n matters: for 2^31 + 1 about
# half of all words are rejected, for 3 * 2^30 a quarter, so some rolls
# need a second HMAC block (j = 1).
SIDES = list(range(2, 21)) + [1, 3, 7, 1000003, 2**31 + 1, 3 * 2**30,
                              2**32 - 1]

# Answers written down once, so that a change to both derivations at once
# (tests/dice.py too) still shows.  (seed, game, step, first r, sides,
# results)
KNOWN = [
    ("ab" * 32, "amb-68f649280c", 0, 0, 6, [3, 3, 5, 6, 4, 4]),
    ("00" * 32, "amb-0000000000", 1, 0, 1000003,
     [959257, 56180, 491409, 403754]),
    ("00" * 32, "amb-0000000000", 1, 0, 2**31 + 1,
     [1200962857, 198500853, 399962440, 295427035]),
    ("ff" * 32, "x", 1000000000, 0, 20, [14, 15, 5, 17, 2, 1, 18, 12]),
]


def word_used(seed, game, step, r, sides):
    """(j, i, die): the block j and word i that gave the die.

    A second reading of the brief, kept apart from tests/dice.py, to
    count how often the rejection path is taken.
    """
    limit = 2**32 - 2**32 % sides
    j = 0
    while True:
        msg = b"umpire-dice-v1\0%s\0%d\0%d\0%d" % (game.encode(), step, r, j)
        block = hmac.new(seed, msg, hashlib.sha256).digest()
        for i in range(8):
            w = int.from_bytes(block[4 * i:4 * i + 4], "big")
            if w < limit:
                return j, i, w % sides + 1
        j += 1


def c_rolls(questions):
    """Ask tests/tools/roll for each (seed, game, step, r, sides)."""
    text = "".join("%s %s %d %d %d\n" % q for q in questions)
    rc, out, err = ut.run([ut.tool("roll"), "-"], stdin=text.encode())
    check(rc == 0, "roll - exited %d: %s" % (rc, err.strip()))
    got = out.split()
    check(len(got) == len(questions), "roll printed %d answers for %d "
          "questions" % (len(got), len(questions)))
    return [int(x) for x in got]


def test_known_answers():
    for seed, game, step, first, sides, want in KNOWN:
        py = [dice.roll(bytes.fromhex(seed), game, step, r, sides)
              for r in range(first, first + len(want))]
        check(py == want, "tests/dice.py gives %s for %s, written down as %s"
              % (py, (seed[:8], game, step, sides), want))
        rc, out, err = ut.run([ut.tool("roll"), seed, game, str(step),
                               str(first), str(first + len(want)),
                               str(sides)])
        check(rc == 0, "roll exited %d: %s" % (rc, err.strip()))
        c = [int(x) for x in out.split()]
        check(c == want, "umpire_dice_derive gives %s for %s, written down "
              "as %s" % (c, (seed[:8], game, step, sides), want))


def test_c_against_python():
    questions = [(s, g, st, r, n) for s in SEEDS for g in GAMES
                 for st in STEPS for n in SIDES for r in ROLLS]
    check(len(questions) >= 1000, "only %d questions" % len(questions))
    got = c_rolls(questions)
    second_block = rejected = 0
    for q, c in zip(questions, got):
        seed, game, step, r, sides = q
        py = dice.roll(bytes.fromhex(seed), game, step, r, sides)
        check(c == py, "roll %d of step %d of %s, %d sides, seed %s...: "
              "umpire %d, tests/dice.py %d" % (r, step, game, sides,
                                               seed[:16], c, py))
        check(1 <= c <= sides, "die %d out of 1..%d" % (c, sides))
        j, i, die = word_used(bytes.fromhex(seed), game, step, r, sides)
        check(die == py, "the two Python readings disagree on %r" % (q,))
        second_block += j > 0
        rejected += j > 0 or i > 0
    # The rejection path must actually have been walked, both within a
    # block and into the next one, or the comparison proves little.
    check(rejected >= 100, "only %d rolls rejected a word" % rejected)
    check(second_block >= 1, "no roll needed a second block")
    print("test_dice: %d rolls agree; %d rejected a word, %d needed a "
          "second block" % (len(questions), rejected, second_block))


def test_roll_tool_refuses_nonsense():
    # Zero sides would divide by zero in C; the tool must say no.
    rc, out, err = ut.run([ut.tool("roll"), "ab" * 32, "g", "1", "0", "1",
                           "0"])
    check(rc == 64 and out == "", "roll with 0 sides: exit %d, %r" % (rc, out))


def check_reports(game, seed):
    """Re-derive every row of every roll table of a game's reports."""
    reports = ut.report_files(game, ".md")
    gid = ut.load12(ut.read(os.path.join(game, "game.yaml")))["game"]
    rows = 0
    for name, path in reports:
        step = int(name[:-3])
        table = ut.roll_table(ut.read(path))
        check(step > 0 or table, "report %s has no roll table" % name)
        for k, (r, sides, result, purpose) in enumerate(table):
            check(r == k, "%s: roll %d listed as number %d" % (name, k, r))
            want = dice.roll(seed, gid, step, r, sides)
            check(result == want, "%s: roll %d (%s) is %d, the seed gives %d"
                  % (name, r, purpose, result, want))
            rows += 1
    return len(reports), rows


def test_report_roll_tables():
    total = [0, 0, 0]
    with ut.scratch() as tmp:
        for i in range(3):
            seed = ut.seed_hex(0x31 + i)
            game = os.path.join(tmp, "g%d" % i)
            total[0] += ut.play(game, seed=seed)
            state = ut.load12(ut.read(os.path.join(game, "game.yaml")))
            check(state["seed"] == seed, "game.yaml keeps seed %r, not %r"
                  % (state["seed"], seed))
            n, rows = check_reports(game, bytes.fromhex(seed))
            total[1] += n
            total[2] += rows
        # A sealed game: game.yaml holds only the commitment; the rolls
        # still come from the secret seed.
        seed = "5e" * 32
        sf = os.path.join(tmp, "seed")
        ut.write(sf, seed + "\n")
        game = os.path.join(tmp, "sealed")
        total[0] += ut.play(game, seed_file=sf, sealed=True)
        state = ut.load12(ut.read(os.path.join(game, "game.yaml")))
        want = "sha256:" + hashlib.sha256(bytes.fromhex(seed)).hexdigest()
        check(state["seed"] == want, "sealed game.yaml seed is %r, want %r"
              % (state["seed"], want))
        n, rows = check_reports(game, bytes.fromhex(seed))
        total[1] += n
        total[2] += rows
    check(total[2] >= 100, "only %d roll table rows" % total[2])
    print("test_dice: %d turns, %d reports, %d roll table rows re-derived"
          % tuple(total))


DIG_IN_STATE = """\
umpire: 1
ruleset: amb
game: amb-0123456789
version: "0.1.0"
seed: "%(seed)s"
step: 12
title: "Dig In"
players:
  green: {name: "Green Player", email: "green@example.org"}
  tan: {name: "Tan Player", email: "tan@example.org"}
awaiting: {player: green, step: 12, kind: turn, dice: [4, 6]}
options:
  dice: 2
  fire-and-movement: true
  charge: true
  dig-in: true
  infiltration: true
  sergeant: true
armies:
  green:
  - {id: g1, weapon: rifle, stance: kneeling, row: 5}
  - {id: g2, weapon: bazooka, stance: prone, row: 3, sergeant: true}
  - {id: g3, weapon: pistol, stance: running, row: 1}
  tan:
  - {id: t1, weapon: rifle, stance: running, row: 9}
  - {id: t2, weapon: smg, stance: standing, row: 9, sergeant: true}
  - {id: t3, weapon: pistol, stance: kneeling, row: 9}
casualties:
  green: []
  tan: []
"""

DIG_IN_ORDERS = """\
umpire: 1
ruleset: amb
game: amb-0123456789
player: green
step: 12
actions:
- {attack: g1, die: 4, target: t1}
- {attack: g2, die: 6, target: %(second)s}
%(stance)s"""

# Orders A, then variants that differ only after the first attack: the
# second attack's target, its fallback list, or the Stance Phase.
VARIANTS = [
    {"second": "t2", "stance": ""},
    {"second": "t3", "stance": ""},
    {"second": "[t1, t3]", "stance": ""},
    {"second": "t2", "stance": "stance: {man: g3, to: prone}\n"},
]


def test_later_order_never_changes_earlier_roll():
    with ut.scratch() as tmp:
        state = os.path.join(tmp, "state.yaml")
        seeds = [ut.seed_hex(0xa0 + i) for i in range(12)]
        for seed in seeds:
            ut.write(state, DIG_IN_STATE % {"seed": seed})
            tables = []
            for k, v in enumerate(VARIANTS):
                orders = os.path.join(tmp, "o%d.yaml" % k)
                ut.write(orders, DIG_IN_ORDERS % v)
                rep = os.path.join(tmp, "r%d.md" % k)
                ut.umpire_ok("resolve", state, orders, "-o",
                             os.path.join(tmp, "n%d.yaml" % k), "-r", rep)
                table = ut.roll_table(ut.read(rep))
                check(len(table) >= 3, "seed %s variant %d: only %d rolls"
                      % (seed[:8], k, len(table)))
                check("against g1" in table[0][3], "roll 0 is not the first "
                      "attack's saving throw: %r" % (table[0],))
                tables.append(table)
            base = tables[0]
            for k, t in enumerate(tables[1:], 1):
                # The first attack's roll is the same row, word for word.
                check(t[0] == base[0], "seed %s: changing the second attack "
                      "(variant %d) changed roll 0: %r vs %r"
                      % (seed[:8], k, t[0], base[0]))
                # Every roll keeps its number's die whatever it is for.
                for row in t:
                    want = dice.roll(bytes.fromhex(seed), "amb-0123456789", 12,
                                     row[0], row[1])
                    check(row[2] == want, "seed %s variant %d: roll %d is %d, "
                          "tests/dice.py gives %d" % (seed[:8], k, row[0],
                                                      row[2], want))
                if k == 1:
                    # The change did reach the roll after roll 0.
                    check("t3 " in t[1][3] and "t2 " in base[1][3],
                          "seed %s: roll 1 is %r with orders A and %r with "
                          "A'" % (seed[:8], base[1], t[1]))
                if VARIANTS[k]["stance"]:
                    # Only the Stance Phase differs: the same rolls.
                    check(t == base, "seed %s: a Stance Phase change "
                          "changed the rolls" % seed[:8])


def test_shuffles_c_against_python():
    """Every shuffle umpire_dice_shuffle makes, re-derived from
    umpire-files(5) alone: lists of 0 to 60 items, the first four
    shuffles of a step, many seeds, games and steps."""
    questions = [(s, g, st, k, n) for s in SEEDS[:4] for g in GAMES[:2]
                 for st in STEPS[:3] for k in range(4)
                 for n in (0, 1, 2, 3, 8, 24, 60)]
    text = "".join("%s %s %d %d %d\n" % q for q in questions)
    rc, out, err = ut.run([ut.tool("shuffle"), "-"], stdin=text.encode())
    check(rc == 0, "shuffle - exited %d: %s" % (rc, err.strip()))
    lines = out.split("\n")[:-1]
    check(len(lines) == len(questions), "shuffle printed %d lines for %d "
          "questions" % (len(lines), len(questions)))
    moved = 0
    for q, line in zip(questions, lines):
        seed, game, step, k, n = q
        c = [int(x) for x in line.split()]
        py = dice.shuffle(bytes.fromhex(seed), game, step, k, range(n))
        check(c == py, "shuffle %d of step %d of %s, %d items: umpire %s, "
              "tests/dice.py %s" % (k, step, game, n, c, py))
        check(sorted(c) == list(range(n)), "not a permutation: %s" % c)
        moved += c != list(range(n))
    # The shuffles of 24 or 60 items must move something, or the test
    # compares two identities.
    check(moved >= len(questions) // 2, "only %d shuffles moved anything"
          % moved)
    print("test_dice: %d shuffles agree" % len(questions))


if __name__ == "__main__":
    ut.main([test_known_answers, test_c_against_python,
             test_roll_tool_refuses_nonsense, test_report_roll_tables,
             test_later_order_never_changes_earlier_roll,
             test_shuffles_c_against_python])
