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

A second game has the host's steps too (umpire deadline, from 0.5.0):
holidays that stop a player's clock or everyone's, extensions, and a
policy that replaces the scenario's mid-game.  Every state's deadline is
recomputed here from game.yaml's holidays and policy and the commits'
dates alone, by an interval walk of this file's own.

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


def running(holidays, player):
    """The holidays that stop player's clock, merged, as (from, to)."""
    spans = sorted((parse(h["from"]), parse(h["to"])) for h in holidays
                   if h.get("player") in (None, player))
    merged = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def due(holidays, player, since, secs):
    """The moment secs of running clock after since."""
    t = since
    for a, b in running(holidays, player):
        if b <= t:
            continue
        if a > t:
            if a - t >= secs:
                return t + secs
            secs -= a - t
        t = max(t, b)
    return t + secs


def worked(holidays, player, since, until):
    """Seconds of running clock in [since, until)."""
    total, t = 0, since
    for a, b in running(holidays, player):
        if b <= t:
            continue
        if a >= until:
            break
        total += max(0, min(a, until) - t)
        t = max(t, b)
    return total + max(0, until - t)


def parse(text):
    return int(datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
               .replace(tzinfo=datetime.timezone.utc).timestamp())


def duration_of(policy, player, kind):
    if player in policy.get("players", {}):
        return seconds(policy["players"][player])
    return seconds(policy.get("kinds", {}).get(kind, policy["decision"]))


def test_host_steps_from_history():
    with ut.scratch() as tmp:
        game, scen = os.path.join(tmp, "g"), os.path.join(tmp, "s.yaml")
        ut.write(scen, ut.read(ut.SAMPLE) + "deadlines: %s\n"
                 % json.dumps(POLICY))
        ut.umpire_ok("new", game, "--scenario", scen, "--seed",
                     ut.seed_hex(0x34))
        t0 = t = int(git(game, "log", "-1", "--format=%ct"))
        pol = os.path.join(tmp, "p.yaml")
        ut.write(pol, "deadlines: {decision: 7h, kinds: {turn: 9h}, "
                 "players: {green: 3h}}\n")
        # What the host does, hour by hour: a holiday for each player
        # and one for all, an extension, a new policy.
        host = {3: ["--holiday", "%s/%s" % (utc(t0 + 4 * 3600),
                                             utc(t0 + 30 * 3600)),
                    "--player", "tan"],
                8: ["--extend", "90m"],
                20: ["--holiday", "%s/%s" % (utc(t0 + 25 * 3600),
                                              utc(t0 + 27 * 3600))],
                40: ["--policy", pol],
                60: ["--holiday", "%s/%s" % (utc(t0 + 61 * 3600),
                                              utc(t0 + 75 * 3600)),
                     "--player", "green"]}
        hosted = 0
        for hour in range(1, 120, 1):
            t = t0 + hour * 3600
            doc = json.loads(ut.umpire_ok("tick", game, "--now", str(t),
                                          "--format", "json"))
            if doc["awaiting"] is None:
                break
            if hour in host:
                ut.umpire_ok("deadline", game, *host[hour])
                hosted += 1
            if hour % 11 == 5:
                orders = ut.umpire_ok("bot", game)
                ut.umpire_ok("turn", game, "-", stdin=orders.encode())
        # Recomputed from git alone.
        scenario_policy = POLICY
        before = None
        checked = {"step": 0, "holiday": 0, "extend": 0, "policy": 0}
        for line in git(game, "rev-list", "--first-parent", "--reverse",
                        "HEAD").split():
            if not git(game, "diff-tree", "--no-commit-id", "--name-only",
                       "--root", "-r", line, "--", "game.yaml").strip():
                continue
            state = ut.load12(git(game, "show", line + ":game.yaml"))
            message = git(game, "log", "-1", "--format=%B", line)
            date = int(git(game, "log", "-1", "--format=%ct", line))
            aw = state.get("awaiting")
            if not aw or "deadline" not in state:
                before = state
                continue
            policy = state.get("deadlines", scenario_policy)
            hol = state.get("holidays", [])
            got = parse(state["deadline"])
            player = aw["player"]
            if "\nDeadline-Holiday: " in message:
                want = due(hol, player, parse(state["date"]),
                           worked(before.get("holidays", []), player,
                                  parse(before["date"]),
                                  parse(before["deadline"])))
                kind = "holiday"
            elif "\nDeadline-Extend: " in message:
                ext = message.split("\nDeadline-Extend: ")[1].split()[0]
                want = due(hol, player, parse(before["deadline"]),
                           seconds(ext))
                kind = "extend"
            elif "\nDeadline-Policy: " in message:
                want = due(hol, player, date,
                           duration_of(policy, player, aw["kind"]))
                kind = "policy"
            else:
                check(parse(state["date"]) == date, "a step's date")
                want = due(hol, player, date,
                           duration_of(policy, player, aw["kind"]))
                kind = "step"
            check(got == want, "%s %s: deadline %s, recomputed %s"
                  % (kind, line[:10], state["deadline"], utc(want)))
            checked[kind] += 1
            before = state
        check(hosted == len(host) and all(checked.values()),
              "not every kind was checked: %s" % checked)
        ut.umpire_ok("verify", game, "--now", str(t))
        print("test_deadlines: host steps and steps recomputed: %s"
              % checked)


if __name__ == "__main__":
    ut.main([test_deadlines_from_history, test_host_steps_from_history])
