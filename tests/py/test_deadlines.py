#!/usr/bin/env python3
"""Deadlines recomputed from a game's history alone, in Python, as
umpire-files(5), "Deadlines", says anyone can: the deadline of a
decision is its duration (the player's, else the kind's, else
decision) after the date of the last commit, along first parents, that
changed game.yaml; a default step is umpire's and dated with exactly
that deadline, its trailers name it, and tick --format json agrees.

A game with a mixed policy is left to run through default steps and
players' turns (the bot's orders, by umpire turn), with tick at
irregular moments, some long after several deadlines.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_deadlines.py
"""
import datetime
import json
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
POLICY = {"decision": "5h", "players": {"tan": "2d"}, "default": "bot"}


def seconds(duration):
    return int(duration[:-1]) * UNITS[duration[-1]]


def utc(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc) \
        .strftime("%Y-%m-%dT%H:%M:%SZ")


def git(game, *args):
    rc, out, err = ut.run(["git", "-C", game] + list(args))
    check(rc == 0, "git %s: %s" % (" ".join(args), err))
    return out


def history(game):
    """(id, author, date, message, awaited player) along first parents,
    oldest first, for the commits that change game.yaml."""
    out = []
    for line in git(game, "rev-list", "--first-parent", "--reverse",
                    "HEAD").split():
        if not git(game, "diff-tree", "--no-commit-id", "--name-only",
                   "--root", "-r", line, "--", "game.yaml").strip():
            continue
        author, date = git(game, "log", "-1", "--format=%an%x00%ct",
                           line).strip().split("\0")
        message = git(game, "log", "-1", "--format=%B", line)
        state = ut.load12(git(game, "show", line + ":game.yaml"))
        out.append((line, author, int(date), message,
                    state.get("awaiting", {}).get("player")))
    return out


def test_deadlines_from_history():
    with ut.scratch() as tmp:
        game, scen = os.path.join(tmp, "g"), os.path.join(tmp, "s.yaml")
        ut.write(scen, ut.read(ut.SAMPLE) + "deadlines: %s\n"
                 % json.dumps(POLICY))
        ut.umpire_ok("new", game, "--scenario", scen, "--seed",
                     ut.seed_hex(0x33))
        t = int(git(game, "log", "-1", "--format=%ct"))
        # Ticks at irregular moments; a player's turn now and then.
        for i, gap in enumerate([1, 4, 7, 30, 1, 60, 200, 3, 9]):
            t += gap * 3600
            out = ut.umpire_ok("tick", game, "--now", str(t), "--format",
                               "json")
            doc = json.loads(out)
            check(doc["policy"] is True, out)
            if doc["awaiting"] is None:
                break
            # What tick says is awaited, recomputed here.
            h = history(game)
            since, player = h[-1][2], h[-1][4]
            want = since + seconds(POLICY["players"].get(player,
                                                         POLICY["decision"]))
            check(doc["awaiting"]["since"] == utc(since) and
                  doc["awaiting"]["deadline"] == utc(want) and
                  doc["awaiting"]["player"] == player,
                  "tick says %s; the history gives %s, %s"
                  % (doc["awaiting"], utc(since), utc(want)))
            check(want > t, "tick left an overdue decision: %s" % out)
            if i % 3 == 2:
                orders = ut.umpire_ok("bot", game)
                ut.umpire_ok("turn", game, "-", stdin=orders.encode())
        h = history(game)
        defaults = 0
        for before, step in zip(h, h[1:]):
            _, author, date, message, _ = step
            if author != "umpire":
                continue
            defaults += 1
            want = before[2] + seconds(POLICY["players"].get(
                before[4], POLICY["decision"]))
            check(date == want, "a default step dated %s, not %s"
                  % (utc(date), utc(want)))
            check("\nDeadline-Default: bot\nDeadline: %s\n" % utc(want)
                  in message, "trailers: %r" % message)
        check(defaults >= 5, "only %d default steps" % defaults)
        ut.umpire_ok("verify", game, "--now", str(t))
        print("test_deadlines: %d default steps of %d steps recomputed"
              % (defaults, len(h) - 1))


if __name__ == "__main__":
    ut.main([test_deadlines_from_history])
