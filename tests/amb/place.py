"""Where Army Man Backgammon keeps a man in its state, for
tests/py/svgcheck.py: the track has one line, so (None, row)."""


def place(state, side, unit):
    res = state.get("result") or {}
    if res.get("man") == unit["id"]:	# moved off the board (AMB-8)
        return None, 25 if side == "green" else 0
    return None, unit["row"]
