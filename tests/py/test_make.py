"""make check runs every test the tree holds.

The lists make check runs are derived from the tree (every
tests/e2e/t-*.sh, every tests/py/test_*.py), and a list a rule names
before it is defined expands to nothing there: make check once skipped
every end-to-end test for a day and said "every test passed".  This
asks make what check-all would run (make -n) and holds it to the tree.
"""

import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def planned(*args):
    """The commands make -n prints for check-all, with args."""
    # Not the make that runs this test's flags (SANITIZE=... among them).
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "SANITIZE")}
    out = subprocess.run(["make", "-n", "--no-print-directory", "-C", TOP,
                          "check-all", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, universal_newlines=True,
                         timeout=120, env=env)
    ut.check(out.returncode == 0, "make -n check-all failed:\n%s"
             % out.stdout[-2000:])
    return out.stdout


def test_every_test_runs():
    plan = planned()
    e2e = sorted(glob.glob(os.path.join(TOP, "tests/e2e/t-*.sh")))
    py = sorted(glob.glob(os.path.join(TOP, "tests/py/test_*.py")))
    ut.check(len(e2e) > 10 and len(py) > 10, "too few tests found: %d, %d"
             % (len(e2e), len(py)))
    missing = [os.path.relpath(t, TOP) for t in e2e + py
               if "tests/%s/%s" % (os.path.basename(os.path.dirname(t)),
                                   os.path.basename(t)) not in plan]
    ut.check(not missing, "make check would not run: %s" % ", ".join(missing))
    for what in ("tests/golden.py", "tests/e2e/soak.sh"):
        ut.check(what in plan, "make check would not run %s" % what)


def test_sanitized_leaves_out_only_the_browser():
    """Under a sanitizer only the browser test (which runs no umpire code
    the others do not) is left out, and the man lint and the chain."""
    plan = planned("SANITIZE=address,undefined")
    e2e = sorted(glob.glob(os.path.join(TOP, "tests/e2e/t-*.sh")))
    missing = [os.path.relpath(t, TOP) for t in e2e
               if "tests/e2e/%s" % os.path.basename(t) not in plan]
    ut.check(not missing, "make SANITIZE=... check would not run: %s"
             % ", ".join(missing))
    ut.check("tests/py/test_browser.py" not in plan,
             "the browser test runs under a sanitizer")


if __name__ == "__main__":
    ut.main([test_every_test_runs, test_sanitized_leaves_out_only_the_browser])
