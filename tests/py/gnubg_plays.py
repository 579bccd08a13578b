"""Run inside GNU Backgammon (gnubg -t -p): the other half of
test_gnubg.py.  Reads the positions file named by GNUBG_IN (lines of 52
numbers, as tests/tools/bgplays reads them), writes to GNUBG_OUT one line
for each: the plays gnubg's hint lists, in its notation, joined by ';'.
Evaluation is at 0 ply: only the list of legal plays matters here."""
import os

import gnubg

gnubg.command("set display off")
gnubg.command("set threads 1")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
gnubg.command("set evaluation chequerplay evaluation plies 0")
out = open(os.environ["GNUBG_OUT"], "w")
for line in open(os.environ["GNUBG_IN"]):
    v = [int(x) for x in line.split()]
    d1, d2 = v[0], v[1]
    own, opp = v[2:27], v[27:52]
    # gnubg: index 0..23 a side's 1- to 24-point, 24 its bar; the board
    # is (the opponent's, the mover's), each in its own numbering.
    me = own[:24] + [own[24]]
    him = [0] * 25
    for q in range(1, 25):
        him[24 - q] = opp[q - 1]
    him[24] = opp[24]
    gnubg.command("set board " + gnubg.positionid((him, me)))
    gnubg.command("set dice %d %d" % (d1, d2))
    try:
        h = gnubg.hint(100000)
        moves = [m["move"] for m in h["hint"]]
    except Exception:	# no legal move: gnubg has no hint to give
        moves = []
    out.write(";".join(moves) + "\n")
out.close()
