"""Where Backgammon Wars keeps a unit in its state, for
tests/py/svgcheck.py.

The board as white sees it (src/rules/bgw/picture.c): columns 0-5 and
7-12 are the points, 6 the Wall, 13 the tray of units borne off; rank 1
the top row (white's 13 to 24), 0 the bottom.  Black's points are white's
25 - p."""


def place(state, side, unit):
    at = unit["at"]
    row = 0 if side == "white" else 1
    if at == "wall":
        return 6, row
    if at == "off":
        return 13, row
    p = at if side == "white" else 25 - at
    k = p - 13 if p >= 13 else 12 - p
    return k + (k >= 6), 1 if p >= 13 else 0
