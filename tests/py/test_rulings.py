#!/usr/bin/env python3
"""Every ruling in a ruleset's man page has a golden case.

The design brief: "Every ruling has a golden test."  A ruling is a
subsection of man/umpire-<ruleset>.7 headed by its number (".Ss VS-31
The map's scale"), for every ruleset `umpire rules` lists.  A golden
case is a folder tests/<ruleset>/<case>/ (tests/golden.py) whose
case.yaml cites the ruling by number in its cite: line.  Checked:

- every ruleset has its man page, and the page lists rulings;
- every ruling is cited by at least one golden case, of any ruleset
  (Army Men and VSGMR share the tabletop, so a case of one may settle a
  ruling of the other);
- every ruling number a case cites exists, so a typo cannot pass for
  coverage.

A unit test named in the man page ("Tested in test_vsgmr.c") does not
count: the unit tests exercise C functions, a golden case is the rule
put to umpire itself as a player meets it, readable without the C.
Where part of a ruling cannot be reached through a step (VSGMR's 100
tied roll-offs, VS-77), the golden case settles the part that can, and
the man page names the unit test for the rest.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_rulings.py
"""
import glob
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
HEADING = re.compile(r"^\.Ss ([A-Z]+)-([1-9][0-9]*)(?: |$)")


def rulings():
    """{"VS-31": man page} for every ruling of every ruleset."""
    found = {}
    for ruleset in ut.ruleset_names():
        page = os.path.join(ut.ROOT, "man", "umpire-%s.7" % ruleset)
        check(os.path.exists(page), "ruleset %s has no man page %s"
              % (ruleset, os.path.relpath(page, ut.ROOT)))
        here = 0
        for line in ut.read(page).splitlines():
            m = HEADING.match(line)
            if m:
                found["%s-%s" % m.groups()] = os.path.relpath(page, ut.ROOT)
                here += 1
        check(here, "%s lists no rulings (.Ss PREFIX-N Title)" % page)
    return found


def citations(prefixes):
    """{"VS-31": [case, ...]} from every golden case's cite:, for the
    ruling prefixes the man pages use (TABLE-N and the like are the
    code's own, cited but not listed in a man page)."""
    cite = re.compile(r"\b(%s)-([1-9][0-9]*)\b" % "|".join(
        sorted(prefixes, key=len, reverse=True)))
    found = {}
    cases = sorted(glob.glob(os.path.join(ut.ROOT, "tests", "*", "*",
                                          "case.yaml")))
    check(cases, "no golden cases under tests/")
    for path in cases:
        meta = ut.load12(ut.read(path)) or {}
        case = os.path.relpath(os.path.dirname(path), ut.ROOT)
        for m in cite.finditer(str(meta.get("cite", ""))):
            found.setdefault("%s-%s" % m.groups(), []).append(case)
    return found


def number(ruling):
    prefix, n = ruling.rsplit("-", 1)
    return prefix, int(n)


def test_every_ruling_has_a_golden_case():
    listed = rulings()
    cited = citations({r.rsplit("-", 1)[0] for r in listed})
    missing = sorted((r for r in listed if r not in cited), key=number)
    check(not missing, "%d rulings have no golden case citing them (write "
          "tests/<ruleset>/<case>/, see tests/golden.py):\n  %s"
          % (len(missing), "\n  ".join("%s (%s)" % (r, listed[r])
                                       for r in missing)))
    print("test_rulings: %d rulings, each cited by a golden case"
          % len(listed))


def test_every_cited_ruling_exists():
    listed = rulings()
    cited = citations({r.rsplit("-", 1)[0] for r in listed})
    unknown = sorted((r for r in cited if r not in listed), key=number)
    check(not unknown, "cases cite rulings no man page lists:\n  %s"
          % "\n  ".join("%s in %s" % (r, ", ".join(cited[r]))
                        for r in unknown))


if __name__ == "__main__":
    ut.main([test_every_ruling_has_a_golden_case,
             test_every_cited_ruling_exists])
