#!/usr/bin/env python3
"""Write the campaign position that `make bench` times (tests/bench/bench.sh).

    make.py DIR    writes DIR/state.yaml and DIR/orders.yaml

A 32x32 campaign map with 200 units a side in contact along fourteen
fronts: ranks of allied units (on the odd files) on either side of each
rank of axis units.  In the allies' turn every allied unit but the HQ
moves one square sideways, staying in contact, and attacks; the attacks
come in fours on one axis unit each, so about fifty units must retreat
or are destroyed.  Both HQs stand far from the fighting, so the turn is
played out to its end.  The files here were written by this script.
"""
import os
import sys

TYPES = ["infantry", "engineers", "mech-infantry", "light-tank",
         "medium-tank", "heavy-tank", "howitzer", "at-gun", "aa-gun",
         "paratroopers"]
IDCODE = {"infantry": "inf", "engineers": "eng", "mech-infantry": "mech",
          "light-tank": "lt", "medium-tank": "mt", "heavy-tank": "ht",
          "howitzer": "how", "at-gun": "at", "aa-gun": "aa",
          "paratroopers": "para"}


def fname(f):
    return chr(96 + f) if f <= 26 else "a" + chr(96 + f - 26)


def sq(f, r):
    return "%s%d" % (fname(f), r)


def main(out):
    allied, axis = [], []          # (file, rank)
    for t in range(7):
        base = 6 + 3 * t
        for r in (base, base + 2):
            for f in range(1, 33, 2):
                allied.append((f, r))
        for f in range(1, 33):
            axis.append((f, base + 1))
    allied, axis = allied[:199], axis[:199]
    counts = {"a": {}, "x": {}}

    def unit(side, k, at, extra=""):
        t = TYPES[k % len(TYPES)]
        n = counts[side][t] = counts[side].get(t, 0) + 1
        uid = "%s-%s%d" % (side, IDCODE[t], n)
        return uid, "  - {id: %s, type: %s, at: %s%s}" % (uid, t, at, extra)

    lines = ["# The campaign position timed by make bench: see make.py.",
             "umpire: 1", "ruleset: wwii", "game: wwii-0123456789",
             'version: "0.1.0"', "seed: \"%s\"" % ("5a" * 32), "step: 9",
             'title: "Campaign bench"', "players:",
             "  allies: {name: Allied Player, email: allies@example.org}",
             "  axis: {name: Axis Player, email: axis@example.org}",
             "awaiting: {player: allies, step: 9, kind: turn, turn: 5}",
             "first: allies", "turn-limit: 100",
             "turns: {allies: 4, axis: 4}", "options:"]
    for o in ("city-spaces", "difficult-terrain", "elite-units",
              "experienced-units", "reinforcements", "campaign"):
        lines.append("  %s: true" % o)
    lines += ["map:", "  files: 32", "  ranks: 32", "  setup-rows: 7",
              "  terrain: [c10, d10, e13, f13, p19, q19]",
              "  cities: [a16, b16, a17, c17]",
              "army: {units: 200, max-tanks: 60, min-types: 7, "
              "max-per-type: 40, elite: 4}", "armies:", "  allies:"]
    ids = {}
    for k, (f, r) in enumerate(allied):
        uid, line = unit("a", k, sq(f, r), ", elite: true" if k < 4 else "")
        ids[(f, r)] = uid
        lines.append(line)
    lines.append("  - {id: a-hq, type: hq, at: a1}")
    lines.append("  axis:")
    xids = {}
    for k, (f, r) in enumerate(axis):
        uid, line = unit("x", k + 3, sq(f, r),
                         ", kills: 3" if k % 50 == 0 else "")
        xids[(f, r)] = uid
        lines.append(line)
    lines.append("  - {id: x-hq, type: hq, at: af32}")
    lines += ["destroyed:", "  allies: []", "  axis: []"]
    with open(os.path.join(out, "state.yaml"), "w") as fh:
        fh.write("\n".join(lines) + "\n")

    orders = ["# The allies' turn 5 in the campaign bench: see make.py.",
              "umpire: 1", "ruleset: wwii", "game: wwii-0123456789",
              "player: allies", "step: 9", "moves:"]
    attacks = ["attacks:"]
    axis_at = set(axis)
    for (f, r) in allied:
        uid = ids[(f, r)]
        to = (f + 1, r)
        orders.append("  - {unit: %s, to: %s}" % (uid, sq(*to)))
        # Fours: once moved, the allies on files 4k+2 and 4k+4 of both
        # ranks next to an axis rank strike its unit on file 4k+3.
        above = (r + 1) if (f, r + 1) in axis_at else (r - 1)
        m = (f + 1) // 2
        target = xids.get((4 * ((m - 1) // 2) + 3, above))
        if target:
            attacks.append("  - {unit: %s, target: %s}" % (uid, target))
    with open(os.path.join(out, "orders.yaml"), "w") as fh:
        fh.write("\n".join(orders + attacks) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.abspath(__file__)))
