"""Where VSGMR keeps a figure in its state, for tests/py/svgcheck.py:
on a table as Army Men's (a pixel, src/rules/vsgmr/picture.c), on a map
as WWII's (a square, the lowest of a figure's)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "py"))
import svgcheck  # noqa: E402


def place(state, side, unit):
    # Figures defeated, off or still to come are not drawn.
    if unit.get("status") in ("defeated", "off", "waiting"):
        return None
    at = unit["at"]
    if isinstance(at, str):
        return svgcheck.place_module("wwii").square(unit)
    return svgcheck.place_module("armymen").table_pixel(state, at)


def units(state):
    """{side: [figure, ...]}: each figure is its present owner's (Recruit
    moves none between forces)."""
    out = {}
    for force, f in (state.get("forces") or {}).items():
        for fig in f.get("figures") or []:
            out.setdefault(fig.get("owner", force), []).append(fig)
    return out
