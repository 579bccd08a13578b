"""Where WWII Combined Arms keeps a unit in its state, for
tests/py/svgcheck.py: (file, rank) of its square, files a=1, b=2, ..."""
import re


def place(state, side, unit):
    return square(unit)


def square(unit):
    """(file, rank) of a unit's square "b7", None if it is not placed."""
    at = unit.get("at")
    if not at:
        return None
    m = re.fullmatch(r"([a-z]+)(\d+)", at)
    f = 0
    for ch in m.group(1):
        f = f * 26 + ord(ch) - 96
    return f, int(m.group(2))
