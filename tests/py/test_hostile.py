#!/usr/bin/env python3
"""Hostile and wrong input files are refused cleanly: exit 65 (66 for a
missing input), a first diagnostic `FILE:LINE:COLUMN: error: MESSAGE` (or
`FILE: error: MESSAGE` for a whole-file problem) that is exactly the one
expected, and nothing written:

- `umpire resolve STATE ORDERS -o NEW -r REPORT` writes neither NEW nor
  REPORT nor any temporary file;
- `umpire turn DIR ORDERS` on a git game leaves HEAD where it was,
  `git status --porcelain --ignored` empty and no new git objects;
- `umpire check DIR ORDERS` says the same as turn.

Also: a billion-laughs file is refused about as fast as a one-line mistake
(within five times its time, in the same build), a file of exactly 1 MiB
is still read, and orders on standard input are named <stdin>.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_hostile.py
"""
import glob
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
MIB = 1024 * 1024


def laughs():
    """Ten levels of ten aliases each: 10^10 strings once expanded."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", '
             '"lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append("a%d: &a%d [%s]" % (i, i, ", ".join(["*a%d" % (i - 1)]
                                                         * 10)))
    return "\n".join(lines) + "\n"


def cases(env):
    """(name, content, exit code, first diagnostic) for orders file o.yaml.

    env: game, step, player (the awaited one), other (the other side),
    moves (legal actions for the awaited decision, as a flow list), man
    (one of the awaited player's men).
    The line and column of each diagnostic were checked by hand against
    the file.
    """
    h = ("umpire: 1\nruleset: amb\ngame: %(game)s\nplayer: %(player)s\n"
         "step: %(step)d\n" % env)
    good = h + "actions: %(moves)s\n" % env
    e = dict(env)
    return [
        ("malformed flow", h + "actions: [{move: x1, die: 4}\n", 65,
         "o.yaml:7:1: error: did not find expected ',' or ']' while parsing "
         "a flow sequence (started at line 6)"),
        ("malformed indentation", "umpire: 1\n ruleset: amb\n", 65,
         "o.yaml:2:9: error: mapping values are not allowed in this context"),
        ("duplicate key", good + "step: %(step)d\n" % e, 65,
         "o.yaml:7:1: error: duplicate key 'step' (first given at line 5); "
         "give each key once"),
        ("unknown key", good + "colour: red\n", 65,
         "o.yaml:7:1: error: unknown key 'colour'"),
        ("misspelt key", h + "acions: %(moves)s\n" % e, 65,
         "o.yaml:6:1: error: unknown key 'acions' (did you mean 'actions'?)"),
        ("wrong type", good.replace("step: %(step)d" % e, "step: seven"), 65,
         "o.yaml:5:7: error: step: expected an integer, got a string "
         "('seven')"),
        ("wrong type for a boolean-looking word", good + "stance: yes\n", 65,
         "o.yaml:7:9: error: stance: expected a mapping, got a string "
         "('yes')"),
        ("out of range", h + "actions: [{move: %(man)s, die: 9}]\n" % e, 65,
         "o.yaml:6:%d: error: actions[0].die: 9 is out of range 1 to 6"
         % (25 + len(env["man"]))),
        ("number too large", good.replace("step: %(step)d" % e,
                                          "step: 99999999999999999999999"), 65,
         "o.yaml:5:7: error: step: 99999999999999999999999 is out of range"),
        ("format version", good.replace("umpire: 1", "umpire: 2"), 65,
         "o.yaml:1:9: error: umpire: this is file format version 2; this "
         "umpire reads version 1 only"),
        ("unknown ruleset", good.replace("ruleset: amb", "ruleset: chess"), 65,
         "o.yaml:2:10: error: ruleset: unknown ruleset 'chess'; `umpire "
         "rules` lists them"),
        ("invalid UTF-8", (h + 'stance: {man: "x\x80", to: prone}\n')
         .encode("latin-1"), 65,
         "o.yaml:6:17: error: invalid leading UTF-8 octet (byte 0x80); the "
         "file must be UTF-8 text"),
        ("invalid UTF-8 byte 0xff", (good + "# \xff\n").encode("latin-1"), 65,
         "o.yaml:7:3: error: invalid leading UTF-8 octet (byte 0xff); the "
         "file must be UTF-8 text"),
        ("over 1 MiB", (good + "#" + "x" * MIB + "\n").encode(), 65,
         "o.yaml: error: file is over the limit of 1048576 bytes; nothing "
         "was read"),
        ("1 MiB and one byte", (good + "#" + "x" * (MIB - len(good) - 1)
                                + "\n").encode(), 65,
         "o.yaml: error: file is over the limit of 1048576 bytes; nothing "
         "was read"),
        ("nesting 65 deep", good + "x: " + "[" * 70 + "]" * 70 + "\n", 65,
         "o.yaml:7:67: error: nesting deeper than 64 levels"),
        ("nesting 65 deep in block mappings",
         good + "".join("%sk:\n" % (" " * i) for i in range(70)), 65,
         "o.yaml:71:65: error: nesting deeper than 64 levels"),
        ("billion laughs", laughs(), 65,
         "o.yaml:5:45: error: document too large: more than 100000 nodes "
         "once aliases are expanded"),
        ("raw NUL byte", (good + "#\0\n").encode(), 65,
         "o.yaml:7:2: error: control characters are not allowed (byte 0x00); "
         "the file must be UTF-8 text"),
        ("escaped NUL in a string", h + 'stance: {man: "x\\0", to: prone}\n',
         65, "o.yaml:6:15: error: a string holds a NUL character"),
        ("python tag", good + "stance: !!python/object/apply:os.system "
         "['true']\n", 65,
         # Input is quoted to 40 characters at most (issue 8, item 2).
         "o.yaml:7:9: error: tag 'tag:yaml.org,2002:python/object/apply:"
         "os...' is not supported; write the plain value"),
        ("local tag", good + "stance: !foo {man: x1, to: prone}\n", 65,
         "o.yaml:7:9: error: tag '!foo' is not supported; write the plain "
         "value"),
        ("two documents", good + "---\n" + good, 65,
         "o.yaml:7:1: error: a second YAML document; the file must hold one"),
        ("alias to itself", h + "actions: &x [*x]\n", 65,
         "o.yaml:6:14: error: alias '*x' names no finished anchor '&x'"),
        ("complex key", good + "? [a]\n: b\n", 65,
         "o.yaml:7:3: error: a mapping key must be a scalar, not a list"),
        ("empty file", "", 65,
         "o.yaml:1:1: error: the file holds no YAML, only comments or "
         "nothing: it must be a mapping that starts with 'umpire: 1' and "
         "'ruleset:'; umpire orders DIR prints orders to fill in"),
        ("a list", "- umpire: 1\n- ruleset: amb\n", 65,
         "o.yaml:1:1: error: expected a mapping that starts with 'umpire: 1' "
         "and 'ruleset:', got a list"),
        ("another game", good.replace(env["game"], "amb-0000000000"), 65,
         "o.yaml:3:7: error: these orders are for game 'amb-0000000000', but "
         "this is game '%(game)s'" % e),
        ("a later step", good.replace("step: %(step)d" % e,
                                      "step: %d" % (env["step"] + 5)), 65,
         "o.yaml:5:7: error: these orders are for step %d, but the game "
         "awaits step %d" % (env["step"] + 5, env["step"])),
        ("an earlier step", good.replace("step: %(step)d" % e,
                                         "step: %d" % (env["step"] - 1)), 65,
         "o.yaml:5:7: error: these orders are for step %d, but the game "
         "awaits step %d (were they applied already?)"
         % (env["step"] - 1, env["step"])),
        ("a player who is not awaited",
         good.replace("player: %(player)s" % e, "player: %(other)s" % e), 65,
         "o.yaml:4:9: error: these orders are from %(other)s, but the game "
         "awaits %(player)s's turn at step %(step)d" % e),
        ("not a player", good.replace("player: %(player)s" % e,
                                      "player: blue"), 65,
         "o.yaml:4:9: error: player: 'blue' is not one of: green, tan"),
    ]


class Game:
    """A git game one turn in, its state copied out, and the orders of
    that turn kept (to be applied again)."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.dir = os.path.join(tmp, "g")
        ut.umpire_ok("new", self.dir, "--scenario", ut.SAMPLE, "--seed",
                     ut.seed_hex(0x61))
        self.applied = os.path.join(tmp, "applied.yaml")
        ut.write(self.applied, ut.umpire_ok("bot", self.dir))
        ut.umpire_ok("turn", self.dir, self.applied)
        self.state = os.path.join(tmp, "state.yaml")
        ut.write(self.state, ut.read(os.path.join(self.dir, "game.yaml"),
                                     "rb"))
        s = ut.load12(ut.read(self.state))
        aw = s["awaiting"]
        bot = ut.load12(ut.umpire_ok("bot", self.dir))
        moves = "[%s]" % ", ".join(
            "{%s}" % ", ".join("%s: %s" % kv for kv in a.items())
            for a in bot.get("actions", []))
        self.env = {"game": s["game"], "step": aw["step"],
                    "player": aw["player"],
                    "other": "green" if aw["player"] == "tan" else "tan",
                    "moves": moves,
                    "man": s["armies"][aw["player"]][0]["id"]}

    def git(self, *args):
        rc, out, err = ut.run(["git", "-C", self.dir] + list(args))
        check(rc == 0, "git %s: %s" % (" ".join(args), err.strip()))
        return out

    def snapshot(self):
        """Everything a failed turn must leave as it was."""
        objects = []
        for root, _, names in os.walk(os.path.join(self.dir, ".git",
                                                   "objects")):
            objects += [os.path.join(root, n) for n in names]
        files = {}
        for root, dirs, names in os.walk(self.dir):
            dirs[:] = [d for d in dirs if d != ".git"]
            for n in names:
                p = os.path.join(root, n)
                files[p] = ut.read(p, "rb")
        return (self.git("rev-parse", "HEAD").strip(),
                self.git("status", "--porcelain", "--ignored"),
                sorted(objects), files)


def first_line(err):
    return err.split("\n", 1)[0]


def test_hostile_orders():
    problems = []
    with ut.scratch() as tmp:
        g = Game(tmp)
        before = g.snapshot()
        check(before[1] == "", "the game is not clean to start with: %r"
              % before[1])
        base = {}       # verb: the seconds it took on the first case
        for name, content, code, want in cases(g.env):
            ut.write(os.path.join(tmp, "o.yaml"), content)
            listing = sorted(os.listdir(tmp))
            for verb in ("resolve", "check", "turn"):
                if verb == "resolve":
                    argv = ["resolve", "state.yaml", "o.yaml", "-o",
                            "new.yaml", "-r", "rep.md"]
                else:
                    argv = [verb, "g", "o.yaml"]
                t0 = time.monotonic()
                rc, out, err = ut.umpire(*argv, cwd=tmp)
                took = time.monotonic() - t0
                if rc != code or first_line(err) != want:
                    problems.append("%s: umpire %s: exit %d, first line\n"
                                    "      %s\n    expected exit %d and\n"
                                    "      %s" % (name, verb, rc,
                                                  first_line(err), code, want))
                for b in malformed_diagnostics(err.encode(), [
                        "o.yaml", "state.yaml", "g", "umpire"]):
                    problems.append("%s: umpire %s: %s" % (name, verb, b))
                # Against the same verb refusing a one-line mistake in
                # this build, so that the bound is about the work umpire
                # does, not about a sanitizer's speed.
                base.setdefault(verb, took)
                if name == "billion laughs" and took > 5 * base[verb] + 0.05:
                    problems.append("billion laughs: umpire %s took %.3f s, "
                                    "more than 5 times the %.3f s of a "
                                    "one-line mistake"
                                    % (verb, took, base[verb]))
                if verb == "turn" and out:
                    problems.append("%s: a refused turn printed %r"
                                    % (name, out[:80]))
            if sorted(os.listdir(tmp)) != listing:
                problems.append("%s: resolve left %s" % (name, sorted(
                    set(os.listdir(tmp)) ^ set(listing))))
            after = g.snapshot()
            if after != before:
                what = [w for w, a, b in zip(("HEAD", "git status",
                                              "git objects", "files"),
                                             before, after) if a != b]
                problems.append("%s: a refused turn changed %s"
                                % (name, ", ".join(what)))
                before = after
    check(not problems, "%d problems:\n  %s" % (len(problems),
                                                "\n  ".join(problems)))


def test_applied_twice():
    """The orders of the last turn, submitted again, are refused."""
    with ut.scratch() as tmp:
        g = Game(tmp)
        before = g.snapshot()
        rc, out, err = ut.umpire("turn", "g", "applied.yaml", cwd=tmp)
        # Both the player and the step are wrong now; diagnostics come in
        # the order of the file (the bot's comment and modeline are lines
        # 1 and 2).
        want = ["applied.yaml:6:9: error: these orders are from %(other)s, "
                "but the game awaits %(player)s's turn at step %(step)d"
                % g.env,
                "applied.yaml:7:7: error: these orders are for step %d, but "
                "the game awaits step %d (were they applied already?)"
                % (g.env["step"] - 1, g.env["step"])]
        check(rc == 65 and err.splitlines() == want,
              "applying a turn twice: exit %d, %r; expected 65, %r"
              % (rc, err.splitlines(), want))
        check(g.snapshot() == before, "the refused turn changed the game")


def test_stdin_and_missing():
    with ut.scratch() as tmp:
        g = Game(tmp)
        before = g.snapshot()
        bad = ("umpire: 1\nruleset: amb\ngame: %(game)s\nplayer: %(player)s\n"
               "step: %(step)d\ncolour: red\n" % g.env)
        rc, out, err = ut.umpire("turn", "g", "-", cwd=tmp,
                                 stdin=bad.encode())
        check(rc == 65 and first_line(err) ==
              "<stdin>:6:1: error: unknown key 'colour'",
              "orders on stdin: exit %d, %r" % (rc, first_line(err)))
        rc, out, err = ut.umpire("turn", "g", "-", cwd=tmp,
                                 stdin=b"#" + b"x" * MIB + b"\n")
        check(rc == 65 and first_line(err) == "<stdin>: error: file is over "
              "the limit of 1048576 bytes; nothing was read",
              "1 MiB on stdin: exit %d, %r" % (rc, first_line(err)))
        rc, out, err = ut.umpire("turn", "g", "nosuch.yaml", cwd=tmp)
        check(rc == 66 and first_line(err) ==
              "nosuch.yaml: error: cannot open: No such file or directory",
              "missing orders: exit %d, %r" % (rc, first_line(err)))
        os.mkdir(os.path.join(tmp, "d.yaml"))
        rc, out, err = ut.umpire("turn", "g", "d.yaml", cwd=tmp)
        check(rc == 66 and first_line(err) ==
              "d.yaml: error: is a directory, not a regular file; give "
              "the file itself",
              "a directory for orders: exit %d, %r" % (rc, first_line(err)))
        check(g.snapshot() == before, "a refused turn changed the game")


def test_game_over():
    """Orders for a finished game are refused; the game stays as it was."""
    with ut.scratch() as tmp:
        game = os.path.join(tmp, "g")
        ut.play(game, seed=ut.seed_hex(0x62))
        s = ut.load12(ut.read(os.path.join(game, "game.yaml")))
        check("result" in s, "the game did not end with a result")
        g = Game.__new__(Game)
        g.dir = game
        before = g.snapshot()
        ut.write(os.path.join(tmp, "o.yaml"),
                 "umpire: 1\nruleset: amb\ngame: %s\nplayer: green\n"
                 "step: %d\n" % (s["game"], s["step"]))
        res = s["result"]
        winner = [p for p, st in res["standings"].items() if st["rank"] == 1]
        check(len(winner) == 1, "Army Man Backgammon ends with one winner")
        want = ("o.yaml:1:1: error: the game is over (%s won at step %d); no "
                "orders are awaited" % (winner[0], res["step"]))
        for verb in ("check", "turn"):
            rc, out, err = ut.umpire(verb, "g", "o.yaml", cwd=tmp)
            check(rc == 65 and first_line(err) == want,
                  "umpire %s on a finished game: exit %d, %r; expected 65, %r"
                  % (verb, rc, first_line(err), want))
        check(g.snapshot() == before, "a refused turn changed the game")


def test_exactly_one_mib():
    """The limit is "over 1 MiB": a file of exactly 1 MiB is read."""
    with ut.scratch() as tmp:
        g = Game(tmp)
        good = ("umpire: 1\nruleset: amb\ngame: %(game)s\nplayer: %(player)s"
                "\nstep: %(step)d\nactions: %(moves)s\n" % g.env)
        text = good + "#" + "x" * (MIB - len(good) - 2) + "\n"
        check(len(text.encode()) == MIB, "the file is not 1 MiB")
        ut.write(os.path.join(tmp, "o.yaml"), text)
        ut.umpire_ok("resolve", "state.yaml", "o.yaml", "-o", "new.yaml",
                     "-r", "rep.md", cwd=tmp)
        check(os.path.exists(os.path.join(tmp, "new.yaml")),
              "resolve wrote no state")


def test_hostile_state():
    """resolve refuses a broken state the same way and writes nothing."""
    problems = []
    with ut.scratch() as tmp:
        g = Game(tmp)
        state = ut.read(g.state)
        orders = ("umpire: 1\nruleset: amb\ngame: %(game)s\nplayer: "
                  "%(player)s\nstep: %(step)d\nactions: %(moves)s\n" % g.env)
        ut.write(os.path.join(tmp, "o.yaml"), orders)
        lines = state.split("\n")
        seed_line = next(i for i, l in enumerate(lines)
                         if l.startswith("seed: ")) + 1
        step_line = next(i for i, l in enumerate(lines)
                         if l.startswith("step: ")) + 1
        broken = [
            ("duplicate key", state.replace("\nstep: ", "\nstep: 1\nstep: ", 1),
             "s.yaml:%d:1: error: duplicate key 'step' (first given at line "
             "%d); give each key once" % (step_line + 1, step_line)),
            ("seed edited", state.replace("seed: ", "seed: x", 1),
             "s.yaml:%d:7: error: seed: 'x%s...' is not valid here: the dice "
             "seed as 64 lowercase hex digits (an open game), or 'sha256:' "
             "and the hex SHA-256 of the seed (a sealed game)"
             % (seed_line, lines[seed_line - 1][6:45])),
            ("truncated", state[:len(state) // 2] + "\n", None),
            ("billion laughs", laughs(), "s.yaml:5:45: error: document too "
             "large: more than 100000 nodes once aliases are expanded"),
        ]
        for name, text, want in broken:
            ut.write(os.path.join(tmp, "s.yaml"), text)
            listing = sorted(os.listdir(tmp))
            rc, out, err = ut.umpire("resolve", "s.yaml", "o.yaml", "-o",
                                     "new.yaml", "-r", "rep.md", cwd=tmp)
            line = first_line(err)
            if rc != 65 or (want and line != want) or \
                    not line.startswith("s.yaml:"):
                problems.append("%s: exit %d, %r; expected 65, %r"
                                % (name, rc, line, want))
            if sorted(os.listdir(tmp)) != listing:
                problems.append("%s: resolve wrote %s" % (name, sorted(
                    set(os.listdir(tmp)) ^ set(listing))))
    check(not problems, "\n  " + "\n  ".join(problems))


def malformed_diagnostics(err, names):
    """The lines of stderr (bytes) that are not well-formed diagnostics.

    Each line must be valid UTF-8 and read `FILE:LINE:COLUMN: LEVEL: ...`
    or `FILE: LEVEL: ...` for one of the files named.
    """
    alts = "|".join(re.escape(n) for n in names)
    form = re.compile(r"^(?:%s)(?::[1-9][0-9]*:[1-9][0-9]*)?: "
                      r"(?:error|warning|note): \S" % alts)
    bad = []
    for raw in err.split(b"\n")[:-1] if err.endswith(b"\n") else \
            err.split(b"\n"):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            bad.append("not UTF-8: %r" % raw)
            continue
        if not form.match(line):
            bad.append("not FILE:LINE:COLUMN: error: %r" % line)
    return bad


def test_diagnostics_well_formed():
    """Every diagnostic on every bad file of tests/schema is one line."""
    problems = []
    corpus = os.path.join(ut.ROOT, "tests", "schema")
    for kind in ("scenario", "state", "orders"):
        files = sorted(glob.glob(os.path.join(corpus, "amb-" + kind,
                                              "bad-*.yaml")))
        for f in files:
            p = subprocess.run([ut.tool("validate"), "amb/" + kind, f],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            check(p.returncode == 0, "validate %s exited %d"
                  % (f, p.returncode))
            check(p.stderr, "%s: no diagnostic" % f)
            for b in malformed_diagnostics(p.stderr, [f]):
                problems.append("%s: %s" % (os.path.relpath(f, ut.ROOT), b))
    check(not problems, "%d malformed diagnostic lines:\n  %s"
          % (len(problems), "\n  ".join(problems)))


if __name__ == "__main__":
    ut.main([test_hostile_orders, test_applied_twice, test_stdin_and_missing,
             test_game_over, test_exactly_one_mib, test_hostile_state,
             test_diagnostics_well_formed])
