"""Where Army Men keeps a unit in its state, for tests/py/svgcheck.py:
the picture's pixel column and row (row as minus the pixel row, so that
north is a higher rank): k hundredths of an inch a pixel, north up
(src/rules/armymen/picture.c)."""


def place(state, side, unit):
    # A wreck is drawn, but not as a piece.
    if unit.get("destroyed"):
        return None
    return table_pixel(state, unit["at"])


def table_pixel(state, at):
    """The pixel (column, -row) of a point of the table, in inches."""
    k = max(1, -(-round(state["table"]["width"] * 100) // 760))
    depth = round(state["table"]["depth"] * 100)
    x, y = (round(v * 100) for v in at)
    return x // k, -((depth - y) // k)
