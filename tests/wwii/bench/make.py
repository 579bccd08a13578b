#!/usr/bin/env python3
"""Write the campaign position that `make bench` times (tests/bench/bench.sh).

    make.py UMPIRE [DIR]    writes DIR/state.yaml and DIR/orders.yaml

A 32x32 campaign map with 200 units a side in the thick of a battle:
ten bands of an allied rank in contact with an axis rank, with free
ranks and files between them.  The allies' orders are a realistic
campaign turn, drawn by `UMPIRE bot` (WW-26): half the units move, a
fair share of them two or three squares, toward the axis HQ, and nearly
every unit attacks, in concentrated waves, each attack drawn on the
position the attacks before it leave, so that some two dozen axis units
retreat or are destroyed.  Both HQs stand far from the fighting, so the
turn is played out to its end.  DIR defaults to the folder of this
script; the files there were written by it.
"""
import os
import shutil
import subprocess
import sys
import tempfile

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


def main(umpire, out):
    # Mid-battle: the armies meet in ten bands across the map, an allied
    # rank under an axis one, then an empty rank; every fourth file is
    # free too, so the roads between the bands take moves of several
    # squares, and every unit has enemies within its range.
    allied = [(f, r) for r in range(3, 32, 3) for f in range(1, 33)
              if f % 4][:199]
    axis = [(f, r + 1) for r in range(3, 32, 3) for f in range(1, 33)
            if f % 4][:199]
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

    # The bot draws the allies' turn, in a scratch game of this state.
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(out, "state.yaml"),
                    os.path.join(tmp, "game.yaml"))
        for cmd in (["init", "-q"], ["add", "game.yaml"],
                    ["-c", "user.name=bench", "-c", "user.email=bench@example.org",
                     "commit", "-q", "-m", "bench"]):
            subprocess.run(["git", "-C", tmp] + cmd, check=True)
        drawn = subprocess.run([umpire, "bot", tmp, "--seed", "bench"],
                               check=True, capture_output=True,
                               text=True).stdout
    body = drawn.split("\n", 1)[1] if drawn.startswith("#") else drawn
    with open(os.path.join(out, "orders.yaml"), "w") as fh:
        fh.write("# The allies' turn 5 in the campaign bench, drawn by "
                 "umpire bot: see make.py.\n" + body)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2
         else os.path.dirname(os.path.abspath(__file__)))
