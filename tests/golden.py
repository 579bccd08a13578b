#!/usr/bin/env python3
"""Run the golden cases: tests/<ruleset>/<case>/, each a directory of data.

    golden.py UMPIRE [--update] [CASE_DIR ...]

A case holds case.yaml and its inputs:

    case.yaml      cite: the rule or ruling the case exercises (required)
                   exit: the expected exit status (default 0)
                   seed: 64 hex digits, for a set-up case (with scenario.yaml)
                   expect: strings the report (exit 0) or the diagnostics
                           (otherwise) must contain: the rule's outcome in
                           words, so the case reads without the snapshot
                   standing: true: no orders.yaml; run `umpire resolve
                           state.yaml --standing`, the step that applies
                           the standing orders the state holds
                   bot: true, for a set-up case: then run `umpire bot`
                           on the new game too (the bot's own rulings,
                           such as AM-22), its orders in expected.bot.yaml
    state.yaml     the state, and orders.yaml the orders: run
                   `umpire resolve state.yaml orders.yaml -o NEW -r REPORT`
    scenario.yaml  instead, a set-up case: run `umpire new DIR --scenario
                   scenario.yaml --seed SEED`
    secret.yaml    for a game that hides information (ruleset interface 4,
                   AMB-17's minefields): the plaintext of its secret part,
                   given to resolve with --secret; the state then holds
                   its seed in the open, as after the reveal, so that no
                   seed file is needed. Sealed values in orders.yaml are
                   made once with the real `age -r RECIPIENT -a` (the
                   case's case.yaml says what each holds)

and the expected outputs, which umpire computed and a person checked
against the rule (--update rewrites them; review the diff):

    expected.yaml  the new state (exit 0)
    expected.md    the report (exit 0)
    expected.svg   the picture of the step (exit 0), compared only in the
                   cases that have one: a few a ruleset, for its drawing
                   (create an empty one, then --update, and look at it)
    expected.secret.yaml  the new secret part (exit 0, with secret.yaml)
    expected.bot.yaml  the orders `umpire bot` printed (bot: true)
    expected.err   standard error, exactly

The commands run in the case directory, so diagnostics name orders.yaml.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

KNOWN_KEYS = {"cite", "exit", "seed", "expect", "bot", "standing"}
# A case's scenario may give its players umpire's published test keys.
os.environ["UMPIRE_ALLOW_TEST_KEYS"] = "1"


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def run_case(umpire, case, update):
    problems = []
    meta = yaml.safe_load(read(os.path.join(case, "case.yaml")) or "") or {}
    if not isinstance(meta, dict) or not meta.get("cite"):
        return ["case.yaml needs a cite: the rule or ruling the case tests"]
    extra = set(meta) - KNOWN_KEYS
    if extra:
        return ["case.yaml: unknown keys %s" % sorted(extra)]
    want_exit = int(meta.get("exit", 0))
    drawn = os.path.exists(os.path.join(case, "expected.svg"))
    tmp = tempfile.mkdtemp(prefix="umpire-golden-")
    try:
        if os.path.exists(os.path.join(case, "scenario.yaml")):
            game = os.path.join(tmp, "game")
            # A fixed date: the state records it (umpire 0.4.0 on).
            cmd = [umpire, "new", game, "--scenario", "scenario.yaml",
                   "--seed", str(meta.get("seed", "0" * 64)),
                   "--date", "2026-01-01T00:00:00Z"]
            # Step 0's files: grouped by hundreds of steps (reports/00/)
            # in a game made by umpire 0.5.0 or later, umpire-files(5).
            first = os.path.join(game, "reports", "00")
            outputs = {"expected.yaml": os.path.join(game, "game.yaml"),
                       "expected.md": os.path.join(first, "0000.md")}
            if drawn:
                outputs["expected.svg"] = os.path.join(first, "0000.svg")
            leftovers = [game]
        else:
            new, rep = os.path.join(tmp, "new.yaml"), os.path.join(tmp, "report.md")
            pic = os.path.join(tmp, "picture.svg")
            cmd = [umpire, "resolve", "state.yaml"] + (
                ["--standing"] if meta.get("standing") else ["orders.yaml"]) + [
                "-o", new, "-r", rep, "--svg", pic]
            outputs = {"expected.yaml": new, "expected.md": rep}
            if os.path.exists(os.path.join(case, "secret.yaml")):
                sec = os.path.join(tmp, "secret.yaml")
                cmd += ["--secret", "secret.yaml", "--secret-out", sec]
                outputs["expected.secret.yaml"] = sec
            if drawn:
                outputs["expected.svg"] = pic
            leftovers = [new, rep, pic] + ([outputs["expected.secret.yaml"]]
                                           if "expected.secret.yaml" in outputs
                                           else [])
        proc = subprocess.run(cmd, cwd=case, capture_output=True, text=True,
                              timeout=60)
        bot = None
        if meta.get("bot") and proc.returncode == 0:
            if not os.path.exists(os.path.join(case, "scenario.yaml")):
                return ["bot: true is for a set-up case (scenario.yaml)"]
            bot = subprocess.run([umpire, "bot", game], cwd=case,
                                 capture_output=True, text=True, timeout=60)
            if bot.returncode != 0:
                problems.append("umpire bot exited %d\n%s"
                                % (bot.returncode, bot.stderr))
        if proc.returncode != want_exit:
            problems.append("exit %d, expected %d\n%s" % (
                proc.returncode, want_exit, proc.stderr))
        if want_exit != 0:
            for path in leftovers:
                if os.path.exists(path):
                    problems.append("refused, yet %s was written"
                                    % os.path.basename(path))
        got = {"expected.err": proc.stderr}
        if want_exit == 0:
            for name, path in outputs.items():
                got[name] = read(path)
            if bot is not None:
                got["expected.bot.yaml"] = bot.stdout
        for name, text in got.items():
            if text is None:
                problems.append("%s: no output was written" % name)
                continue
            path = os.path.join(case, name)
            if update:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                continue
            want = read(path)
            if want is None:
                problems.append("%s is missing (run with --update, then "
                                "review it)" % name)
            elif want != text:
                problems.append("%s differs:\n%s" % (name, diff(want, text)))
        where = ((got.get("expected.md") or "") + (bot.stdout if bot else "")
                 if want_exit == 0 else proc.stderr)
        for s in meta.get("expect", []) or []:
            if s not in (where or ""):
                problems.append("expected to find %r in the %s" % (
                    s, "diagnostics" if want_exit else
                    "report or the bot's orders" if bot else "report"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return problems


def diff(want, got):
    import difflib
    lines = difflib.unified_diff(want.splitlines(), got.splitlines(),
                                 "expected", "got", lineterm="", n=2)
    return "\n".join(list(lines)[:40])


def cases_under(root):
    found = []
    for sub in sorted(os.listdir(root)):
        d = os.path.join(root, sub)
        if not os.path.isdir(d) or sub in ("py", "e2e", "unit", "fuzz",
                                           "tools", "schema", "yaml", "bench"):
            continue
        for case in sorted(os.listdir(d)):
            if os.path.exists(os.path.join(d, case, "case.yaml")):
                found.append(os.path.join(d, case))
    return found


def main(argv):
    args = [a for a in argv[1:] if a != "--update"]
    update = "--update" in argv
    if not args:
        sys.stderr.write(__doc__)
        return 64
    umpire = os.path.abspath(args[0])
    cases = [os.path.abspath(c) for c in args[1:]] or cases_under(
        os.path.dirname(os.path.abspath(__file__)))
    failed = 0
    for case in cases:
        problems = run_case(umpire, case, update)
        name = os.path.relpath(case, os.path.dirname(os.path.abspath(__file__)))
        if problems:
            failed += 1
            print("FAIL %s" % name)
            for p in problems:
                print("  " + p.replace("\n", "\n  "))
    print("golden: %d cases, %d failed%s" % (len(cases), failed,
                                             " (updated)" if update else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
