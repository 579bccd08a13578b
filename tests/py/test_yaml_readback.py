#!/usr/bin/env python3
"""The emitter's promise (src/doc/yaml.h): what umpire writes reads back
as the same value in any YAML reader, including python3-yaml's default
yaml.safe_load, which is YAML 1.1 (yes/no/on/off booleans, sexagesimal
numbers, timestamps).

umpire's own reading of a file comes from tests/tools/yaml2json (umpire's
parser, printed as JSON); python3-yaml's from yaml.safe_load.  Checked:

1. game.yaml after `umpire new` and after every turn of several bot
   games, and every orders file the bot printed;
2. states made from scenarios whose title, names and emails are strings
   that YAML readers like to take for something else ("yes", "0x1F",
   "2026-11-21", "12:30", "#hash", "a: b", unicode, newlines...): the
   state keeps each string exactly, and both readers read it back;
3. any value at all, through tests/tools/yamlemit (umpire's parser, then
   its emitter): strings as above plus "", numbers, booleans, nulls,
   empty and nested collections;
4. the emitter is deterministic: the same inputs give the same bytes.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_yaml_readback.py
"""
import json
import math
import os
import re
import sys

import yaml

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check

# Strings a YAML reader might take for something else.  Within the
# schema: no empty title or name, at most 200 characters.
TRICKY = [
    "yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "OFF", "true",
    "False", "TRUE", "null", "Null", "NULL", "~", "1.5", "0x1F", "0o17",
    "017", "0b101", "1_000", "1e3", "1E+3", "+1", "-0", "0", ".5", "5.",
    ".inf", "-.Inf", ".NaN", "nan", "inf", "2026-11-21",
    "2026-11-21 12:30:00", "2026-11-21T12:30:00Z", "12:30", "1:30:45",
    "190:20:30", "#hash", "a #b", "a# b", "- dash", "-", "--", "---", "...",
    "a: b", "a:b", ": x", "? q", "?", "[x]", "{x: y}", "x, y", "!tag",
    "!!str", "&anchor", "*alias", "|", ">", "|-\n  block", "%YAML 1.2",
    "@at", "`tick", "'single'", '"double"', "it's", 'say "hi"',
    "back\\slash", "\\n literally", "tab\there", "new\nline", "two\n\nlines",
    "trailing ", " leading", "  both  ", " ", "\t", "x\r\ny", "cr\r",
    "é ü ß 漢字 Ωmega", "🎲 dice", "\u2028line sep", "para\u2029sep",
    "nel\x85", "\ufeffbom", "\u00a0nbsp", "bell\x07", "\x1b[31mred",
    "del\x7f", "=", "<<", "<<: *x", "Y", "N", "off-on", "yes please",
    "null-ish", "True.", "_", "x" * 200,
]

EMAILS = [
    '"yes"@example.org', "#x@example.org", "a:b@c.d", "é@ü.example",
    "12:30@example.org", "-dash@x", "yes@no", "'q'@x", "!x@y", "*a@b",
    "tab\t@x", "nl@x\ny",
]


def dq(s):
    """s as a YAML double-quoted scalar that any reader takes literally."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7f or 0x80 <= o < 0xa0:
            out.append("\\x%02x" % o)
        elif ch in "\u2028\u2029\ufeff" or 0xd800 <= o < 0xe000 or \
                o in (0xfffe, 0xffff):
            out.append("\\u%04x" % o)
        elif o > 0xffff:
            out.append("\\U%08x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def umpire_reads(path):
    """What umpire's parser reads from path, through yaml2json."""
    rc, out, err = ut.run([ut.tool("yaml2json"), path])
    check(rc == 0, "yaml2json %s exited %d: %s" % (path, rc, err.strip()))
    return json.loads(out)


def same(a, b):
    """Equal values, NaN equal to NaN, int never equal to bool."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def first_difference(a, b, where="$"):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return "%s: keys %r vs %r" % (where, list(a), list(b))
        for k in a:
            d = first_difference(a[k], b[k], "%s.%s" % (where, k))
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return "%s: %d vs %d items" % (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d]" % (where, i))
            if d:
                return d
        return None
    return None if same(a, b) else "%s: %r vs %r" % (where, a, b)


def check_readback(path, problems):
    """Both readers must read path as the same value; returns umpire's."""
    mine = umpire_reads(path)
    try:
        theirs = yaml.safe_load(ut.read(path, "rb"))
    except yaml.YAMLError as e:
        problems.append("%s: yaml.safe_load fails: %s" % (path, e))
        return mine
    d = first_difference(mine, theirs)
    if d:
        problems.append("%s: umpire reads and yaml.safe_load read differ at %s"
                        % (os.path.basename(path), d))
    return mine


def fail_on(problems):
    check(not problems, "%d problems:\n  %s" % (
        len(problems), "\n  ".join(problems[:40])))


def test_games():
    problems = []
    count = [0]
    with ut.scratch() as tmp:
        def each(step, game, orders):
            for p in (os.path.join(game, "game.yaml"), orders):
                check_readback(p, problems)
                count[0] += 1

        for i in range(3):
            game = os.path.join(tmp, "g%d" % i)
            ut.play(game, seed=ut.seed_hex(0x71 + i), on_step=each)
            rc, first, err = ut.run(["git", "-C", game, "rev-list",
                                     "--max-parents=0", "HEAD"])
            rc, text, err = ut.run(["git", "-C", game, "show",
                                    first.strip() + ":game.yaml"])
            p = os.path.join(tmp, "new%d.yaml" % i)
            ut.write(p, text)
            check_readback(p, problems)
            count[0] += 1
    fail_on(problems)
    print("test_yaml_readback: %d files of bot games read back the same"
          % count[0])


def tricky_scenario(title, green, tan, green_email, tan_email):
    return """\
umpire: 1
ruleset: amb
title: %s
players:
  green: {name: %s, email: %s}
  tan: {name: %s, email: %s}
armies:
  green:
  - {id: g1, weapon: rifle, stance: running, sergeant: true}
  - {id: g2, weapon: smg, stance: standing}
  - {id: g3, weapon: bazooka, stance: kneeling}
  tan:
  - {id: t1, weapon: rifle, stance: running, sergeant: true}
  - {id: t2, weapon: smg, stance: standing}
  - {id: t3, weapon: bazooka, stance: kneeling}
""" % (dq(title), dq(green), dq(green_email), dq(tan), dq(tan_email))


def test_tricky_strings():
    problems = []
    with ut.scratch() as tmp:
        sets = []
        for i in range(0, len(TRICKY), 3):
            t = TRICKY[i:i + 3] + TRICKY[:3]
            sets.append((t[0], t[1][:100], t[2][:100],
                         EMAILS[i % len(EMAILS)],
                         EMAILS[(i + 1) % len(EMAILS)]))
        for k, (title, green, tan, ge, te) in enumerate(sets):
            scen = os.path.join(tmp, "s%d.yaml" % k)
            ut.write(scen, tricky_scenario(title, green, tan, ge, te))
            # umpire's parser must read the scenario as written.
            got = umpire_reads(scen)
            want = {"title": title, "green": green, "tan": tan, "ge": ge,
                    "te": te}
            have = {"title": got["title"],
                    "green": got["players"]["green"]["name"],
                    "tan": got["players"]["tan"]["name"],
                    "ge": got["players"]["green"]["email"],
                    "te": got["players"]["tan"]["email"]}
            if have != want:
                problems.append("%s: umpire reads %r, written %r"
                                % (scen, have, want))
                continue
            game = os.path.join(tmp, "g%d" % k)
            rc, out, err = ut.umpire("new", game, "--scenario", scen,
                                     "--seed", ut.seed_hex(0x90 + k))
            if refused_by_schema(scen, game, rc, err, problems):
                continue
            if rc != 0:
                problems.append("umpire new with %r refused (%d): %s"
                                % (want, rc, err.strip()))
                continue
            state = os.path.join(game, "game.yaml")
            mine = check_readback(state, problems)
            have = {"title": mine["title"],
                    "green": mine["players"]["green"]["name"],
                    "tan": mine["players"]["tan"]["name"],
                    "ge": mine["players"]["green"]["email"],
                    "te": mine["players"]["tan"]["email"]}
            if have != want:
                problems.append("%s: the state holds %r, the scenario said %r"
                                % (state, have, want))
            # A couple of turns: the strings survive each rewrite.
            for _ in range(2):
                rc, orders, err = ut.umpire("bot", game)
                if rc != 0:
                    break
                o = os.path.join(tmp, "o.yaml")
                ut.write(o, orders)
                rc, out, err = ut.umpire("turn", game, o)
                if rc != 0:
                    break  # test_tricky_names_commit says why
                mine = check_readback(state, problems)
                if mine["title"] != title:
                    problems.append("%s: title became %r after a turn"
                                    % (state, mine["title"]))
    fail_on(problems)
    print("test_yaml_readback: %d tricky strings in %d games read back the "
          "same" % (len(TRICKY) + len(EMAILS), len(sets)))


def refused_by_schema(scen, game, rc, err, problems):
    """True when the schema refuses the scenario, as it must refuse names
    and emails git would not record unchanged (control characters, '<'
    and '>', blanks at either end); then umpire new must have refused it
    too, with exit 65, a located message, and no game made."""
    vrc, out, verr = ut.run([ut.tool("validate"), "amb/scenario", scen])
    if out.strip().endswith(" valid"):
        return False
    if rc != 65 or "is not valid here" not in err or os.path.exists(game):
        problems.append("%s: the schema refuses it, but umpire new exited %d "
                        "(%s)" % (scen, rc, err.strip()))
    if not re.match(r"^\S+:\d+:\d+: error: ", err):
        problems.append("%s: not a located diagnostic: %r" % (scen, err))
    return True


def test_tricky_names_commit():
    """Every name and email the schema allows makes a sound git commit.

    The commits of a side's turns carry its player's name and email as
    the author (design brief, History); a name the schema accepts must
    neither stop the game nor corrupt the repository.
    """
    problems = []
    names = [n for n in TRICKY if len(n) <= 100]
    with ut.scratch() as tmp:
        for k in range(0, max(len(names), len(EMAILS) * 2), 2):
            green, tan = names[k % len(names)], names[(k + 1) % len(names)]
            ge, te = EMAILS[k % len(EMAILS)], EMAILS[(k + 1) % len(EMAILS)]
            scen = os.path.join(tmp, "s%d.yaml" % k)
            ut.write(scen, tricky_scenario("t", green, tan, ge, te))
            game = os.path.join(tmp, "g%d" % k)
            rc, out, err = ut.umpire("new", game, "--scenario", scen,
                                     "--seed", ut.seed_hex(0xb0 + k))
            if refused_by_schema(scen, game, rc, err, problems):
                continue
            if rc != 0:
                problems.append("umpire new refused names %r and %r (exit %d):"
                                " %s" % (green, tan, rc, err.strip()))
                continue
            # Two turns: one by each side, so both names author a commit.
            for _ in range(2):
                o = os.path.join(tmp, "o.yaml")
                rc, out, err = ut.umpire("bot", game)
                if rc == 0:
                    ut.write(o, out)
                    rc, out, err = ut.umpire("turn", game, o)
                if rc != 0:
                    problems.append("players %r <%r> and %r <%r>: umpire "
                                    "exited %d: %s" % (green, ge, tan, te, rc,
                                                       err.strip()))
                    break
            rc, out, err = ut.run(["git", "-C", game, "fsck", "--no-progress"])
            if rc != 0 or err.strip():
                problems.append("players %r <%r> and %r <%r>: git fsck: %s"
                                % (green, ge, tan, te,
                                   (err.strip() or out.strip()).split("\n")[0]))
    fail_on(problems)


def emit(path, comment=None):
    argv = [ut.tool("yamlemit"), path] + ([comment] if comment else [])
    rc, out, err = ut.run(argv)
    check(rc == 0, "yamlemit %s exited %d: %s" % (path, rc, err.strip()))
    return out


# Values through umpire's parser and emitter.  Integers and floats the
# emitter writes plain; the YAML 1.1 reader must read them as numbers.
NUMBERS = [
    "0", "-0", "7", "-7", "9223372036854775807", "-9223372036854775808",
    "0x7fffffff", "0o777", "1.5", "-2.25", "0.1", "1e3", "1.0e-5", "6.02e23",
    "1e20", "1e300", "-0.0", ".5", "5.", ".inf", "-.inf", ".nan",
]


def test_emitter_any_value():
    problems = []
    with ut.scratch() as tmp:
        lines = ["strings:"]
        lines += ["- %s" % dq(s) for s in TRICKY + EMAILS + ["", "ok", "x_y"]]
        lines.append("keys:")
        lines += ["  %s: %d" % (dq(s), i) for i, s in
                  enumerate(TRICKY + ["", "ok"])]
        lines.append("numbers:")
        lines += ["- %s" % n for n in NUMBERS]
        lines += ["other: [true, false, null, ~, '', {}, [], [[]], {a: {}}]",
                  "deep: {a: [{b: [{c: [1, {d: x}]}]}]}",
                  "flowmap: {yes: no, 'on': 'off'}"]
        src = os.path.join(tmp, "values.yaml")
        ut.write(src, "\n".join(lines) + "\n")
        original = umpire_reads(src)
        check(original["strings"][:len(TRICKY)] == TRICKY,
              "umpire's parser misreads the strings written with dq()")
        out = os.path.join(tmp, "emitted.yaml")
        ut.write(out, emit(src, "a comment: with # and 'quotes'"))
        again = check_readback(out, problems)
        d = first_difference(original, again)
        if d:
            problems.append("umpire's emit then parse changed a value at %s"
                            % d)
        # Each number on its own too, so one failure does not hide others.
        for n in NUMBERS:
            one = os.path.join(tmp, "n.yaml")
            ut.write(one, "v: %s\n" % n)
            mine = umpire_reads(one)["v"]
            ut.write(one, emit(one))
            try:
                theirs = yaml.safe_load(ut.read(one))["v"]
            except yaml.YAMLError as e:
                problems.append("%s emitted unreadably: %s" % (n, e))
                continue
            if not same(mine, theirs):
                problems.append("number %s: umpire reads %r, emits %r, "
                                "yaml.safe_load reads that as %r"
                                % (n, mine, ut.read(one).split(": ", 1)[1]
                                   .strip(), theirs))
            back = umpire_reads(one)["v"]
            if not same(mine, back):
                problems.append("number %s: umpire reads %r, emits %r, "
                                "reads that back as %r"
                                % (n, mine, ut.read(one).split(": ", 1)[1]
                                   .strip(), back))
    fail_on(problems)


def test_deterministic():
    with ut.scratch() as tmp:
        game = os.path.join(tmp, "g")
        ut.umpire_ok("new", game, "--scenario", ut.SAMPLE, "--seed",
                     ut.seed_hex(0x42))
        state = os.path.join(tmp, "state.yaml")
        ut.write(state, ut.read(os.path.join(game, "game.yaml"), "rb"))
        # umpire new twice with one seed: the same state, byte for byte.
        game2 = os.path.join(tmp, "g2")
        ut.umpire_ok("new", game2, "--scenario", ut.SAMPLE, "--seed",
                     ut.seed_hex(0x42))
        # (Each state records when it was made: the seconds may differ.)
        def undated(b):
            return b"\n".join(l for l in b.split(b"\n")
                              if not l.startswith(b"date: "))
        check(undated(ut.read(os.path.join(game2, "game.yaml"), "rb")) ==
              undated(ut.read(state, "rb")), "umpire new wrote two different "
              "states from one scenario and seed")
        # Then resolve the same state and orders several times over.
        for step in range(6):
            rc, orders, err = ut.umpire("bot", game)
            if rc != 0:
                break
            o = os.path.join(tmp, "o.yaml")
            ut.write(o, orders)
            # The git path (turn), then resolve dated as turn dated it.
            ut.umpire_ok("turn", game, o)
            rc, date, err = ut.run(["git", "-C", game, "log", "-1",
                                    "--format=%ct"])
            check(rc == 0, "git log: %s" % err)
            outs = []
            for k in range(3):
                ns = os.path.join(tmp, "n%d.yaml" % k)
                nr = os.path.join(tmp, "r%d.md" % k)
                ut.umpire_ok("resolve", state, o, "-o", ns, "-r", nr,
                             "--date", date.strip())
                outs.append((ut.read(ns, "rb"), ut.read(nr, "rb")))
            check(outs[0] == outs[1] == outs[2], "step %d: resolve gave "
                  "different bytes for the same inputs" % (step + 1))
            check(ut.read(os.path.join(game, "game.yaml"), "rb") == outs[0][0],
                  "step %d: turn and resolve wrote different states"
                  % (step + 1))
            check(ut.read(ut.step_file(game, step + 1, "%04d.md" % (step + 1)),
                          "rb") == outs[0][1],
                  "step %d: turn and resolve wrote different reports"
                  % (step + 1))
            ut.write(state, outs[0][0])
        # The emitter on a parsed file: twice the same bytes, and emitting
        # its own output changes nothing (a fixed point).
        first = emit(state)
        check(emit(state) == first, "yamlemit gave different bytes twice")
        fp = os.path.join(tmp, "fp.yaml")
        ut.write(fp, first)
        check(emit(fp) == first, "re-emitting the emitter's output changed it")


if __name__ == "__main__":
    ut.main([test_games, test_tricky_strings, test_tricky_names_commit,
             test_emitter_any_value, test_deterministic])
