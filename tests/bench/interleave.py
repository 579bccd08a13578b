#!/usr/bin/env python3
"""interleave.py ROUNDS PRISTINE GAME GITCOPY FILES BASE ORDERS UMPIRE

umpire turn against git add -A && git commit of the same files, one run
of each in turn, ROUNDS times: a machine that gets busier or quieter
meanwhile weighs on both alike.  Before each run, untimed, the game is a
fresh copy of PRISTINE (a reset would leave each turn's pack behind, and
the next turn's pack would take them in), and the git copy is put back
at BASE and given the step's files.  Each run
is timed by the wall clock and by the CPU time its processes used (user
and system, from wait4).  Each program is started the same way, with no
shell: git's two commands one after the other, their times added.  Prints the medians and the
ratios, turn over git.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time


def run(argv):
    """Wall and CPU seconds of argv, which must succeed."""
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = 0	# reaped here, not by Popen
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("bench: %s failed" % " ".join(argv))
    return wall, ru.ru_utime + ru.ru_stime


def quiet(argv):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)


def main():
    rounds = int(sys.argv[1])
    pristine, game, gitcopy, files, base, orders, umpire = sys.argv[2:9]
    turn, git = [], []
    for r in range(rounds + 2):	# the first two warm the caches
        shutil.rmtree(game)
        shutil.copytree(pristine, game, symlinks=True)
        t = run([umpire, "turn", game, orders])
        quiet(["git", "-C", gitcopy, "reset", "-q", "--hard", base])
        shutil.copytree(files, gitcopy, dirs_exist_ok=True)
        a = run(["git", "-C", gitcopy, "add", "-A"])
        c = run(["git", "-C", gitcopy, "-c", "user.name=x", "-c",
                 "user.email=x@x", "commit", "-q", "-m", "step"])
        if r >= 2:
            turn.append(t)
            git.append((a[0] + c[0], a[1] + c[1]))
    tw = statistics.median(x[0] for x in turn)
    tc = statistics.median(x[1] for x in turn)
    gw = statistics.median(x[0] for x in git)
    gc = statistics.median(x[1] for x in git)
    print("turn vs git:   umpire turn %.2f ms wall, %.2f ms CPU; "
          "git add -A && git commit %.2f ms wall, %.2f ms CPU"
          % (tw * 1e3, tc * 1e3, gw * 1e3, gc * 1e3))
    print("               (medians of %d runs each, interleaved)" % rounds)
    print("               ratio turn/git: wall %.2f, CPU %.2f (goal <= 0.5)"
          % (tw / gw, tc / gc if gc else float("inf")))


main()
