"""What the tests know of umpire's pictures (reports/NNNN.svg): reading
one, finding its pieces and where they stand, and telling colours apart
as players with red-green colour blindness see them.

Not a test itself (make check-python runs only test_*.py).  Standard
library only.
"""
import importlib.util
import os
import re
import xml.etree.ElementTree as ET

import umpiretest as ut

check = ut.check

NS = "{http://www.w3.org/2000/svg}"
# Under this for the standard scenarios and the sample games.
MAX_BYTES = 50 * 1024
# Attributes that place or size something: integers only, so that every
# machine draws the same bytes.
GEOMETRY = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "width",
            "height", "points", "viewBox", "transform", "textLength",
            "stroke-width", "font-size", "stroke-dasharray", "d"}
TRANSLATE = re.compile(r"^translate\((-?\d+),(-?\d+)\)$")


def parse(text, name):
    """The picture as an element tree, after the checks any picture must
    pass: well-formed, an SVG of integer size, nothing that runs, nothing
    from outside, integer geometry."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise ut.Failure("%s is not well-formed XML: %s" % (name, e))
    check(root.tag == NS + "svg", "%s: the root is %s, not svg"
          % (name, root.tag))
    for a in ("width", "height"):
        check(re.fullmatch(r"[1-9]\d*", root.get(a, "")),
              "%s: %s=%r is not a whole number" % (name, a, root.get(a)))
    symbols = {el.get("id") for el in root.iter(NS + "symbol")}
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        check(tag not in ("script", "foreignObject", "style", "image",
                          "a", "iframe", "object", "embed"),
              "%s: has a <%s> element" % (name, tag))
        for k, v in el.attrib.items():
            local = k.split("}")[-1]
            check(not local.startswith("on"), "%s: <%s %s> runs script"
                  % (name, tag, local))
            # A <use> may name a symbol of the picture itself, no more.
            check(local != "href" or (tag == "use" and v.startswith("#")
                                      and v[1:] in symbols),
                  "%s: <%s> links to %r" % (name, tag, v))
            check("url(" not in v or re.fullmatch(r"url\(#[\w-]+\)", v),
                  "%s: <%s %s=%r> loads from outside" % (name, tag, local, v))
            check("javascript:" not in v.lower(), "%s: javascript: in %s"
                  % (name, local))
            if local == "d":
                check(re.fullmatch(r"([MLHVlmhvZz]|-?\d+| )*", v),
                      "%s: <%s d=%r> is not in integers" % (name, tag, v))
            elif local in GEOMETRY:
                check("." not in v and "e" not in v.replace("translate", ""),
                      "%s: <%s %s=%r> is not in integers"
                      % (name, tag, local, v))
    check("@import" not in text and "<!ENTITY" not in text,
          "%s: imports or declares entities" % name)
    return root


def units(root):
    """{id: (group, x, y)} for every piece: a group (or a <use> of a
    symbol) with id unit-ID, and where its origin lands on the
    picture."""
    out = {}

    def walk(el, x, y):
        m = TRANSLATE.match(el.get("transform", ""))
        if m:
            x, y = x + int(m.group(1)), y + int(m.group(2))
        if el.tag == NS + "use":
            x, y = x + int(el.get("x", 0)), y + int(el.get("y", 0))
        uid = el.get("id", "")
        if uid.startswith("unit-"):
            check(uid[5:] not in out, "unit %s is drawn twice" % uid[5:])
            out[uid[5:]] = (el, x, y)
        for child in el:
            if child.tag != NS + "symbol":
                walk(child, x, y)

    walk(root, 0, 0)
    return out


def visible_texts(root):
    """Every text the picture shows (not tooltips), each <text> and each
    of its runs whole, and each word of them (a token's "g1* R" shows
    g1: a sergeant, standing)."""
    out = set()
    for el in root.iter(NS + "text"):
        runs = ["".join(el.itertext())]
        runs += ["".join(run.itertext()) for run in el.iter(NS + "tspan")]
        for text in runs:
            out.add(text)
            out.update(w.rstrip("*") for w in text.split())
    return out


def symbol_of(root, use):
    """The symbol a <use> draws."""
    want = use.get("href", "")[1:]
    for el in root.iter(NS + "symbol"):
        if el.get("id") == want:
            return el
    raise ut.Failure("<use> of %r, which is not in the picture" % want)


def token(group, root=None):
    """The piece's body, the first shape in its group (or in the symbol
    it uses): (its tag, its fill, its box relative to the group, its
    outline) - the outline being what tells its shape (rounded corners,
    points)."""
    if group.tag == NS + "use":
        return token(symbol_of(root, group), root)
    for el in group:
        tag = el.tag.replace(NS, "")
        if tag == "use":
            return token(symbol_of(root, el), root)
        if tag == "rect":
            x, y = int(el.get("x", 0)), int(el.get("y", 0))
            w, h = int(el.get("width")), int(el.get("height"))
            return tag, el.get("fill"), (x, y, w, h), ("rect", el.get("rx"))
        if tag == "polygon":
            pts = [int(v) for v in re.split(r"[ ,]", el.get("points"))]
            xs, ys = pts[0::2], pts[1::2]
            box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            return tag, el.get("fill"), box, ("polygon", len(xs))
        if tag == "circle":
            cx, cy, r = (int(el.get(a)) for a in ("cx", "cy", "r"))
            return tag, el.get("fill"), (cx - r, cy - r, 2 * r, 2 * r), \
                ("circle",)
    raise ut.Failure("unit %s has no shape" % group.get("id"))


def rgb(colour):
    """"#0072b2" or "#222" as (r, g, b)."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))


def _linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(v):
    v = min(max(v, 0.0), 1.0)
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4)
                  - 0.055)


def seen(colour, matrix):
    lin = [_linear(c) for c in rgb(colour)]
    return tuple(_gamma(sum(m * c for m, c in zip(row, lin)))
                 for row in matrix)


def apart(a, b):
    """The least distance (in sRGB, 0-441) between two colours as a
    protanope and a deuteranope see them.  Okabe and Ito's blue and
    orange are 213 apart; a grass green and a tan, 70; pure red and
    green, 36."""
    return min(sum((p - q) ** 2 for p, q in zip(seen(a, m), seen(b, m)))
               ** 0.5 for m in (PROTANOPIA, DEUTERANOPIA))


# Where each ruleset keeps a unit's place in its state is the ruleset's
# own: tests/<ruleset>/place.py defines place(state, side, unit), giving
# (file, rank) for the picture's columns and rows (None where the ruleset
# has one line only), or None for a unit that is not on the board; and,
# if its state does not keep units under armies: or units:, units(state)
# giving {side: [unit, ...]}.  A new ruleset adds its file, and the tests
# check its pictures too.
_places = {}


def place_module(ruleset):
    """tests/<ruleset>/place.py, loaded once."""
    if ruleset not in _places:
        path = os.path.join(ut.ROOT, "tests", ruleset, "place.py")
        check(os.path.exists(path), "%s is missing: the tests do not know "
              "where ruleset %s keeps its units" % (path, ruleset))
        spec = importlib.util.spec_from_file_location(
            "umpire_place_" + ruleset, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        _places[ruleset] = mod
    return _places[ruleset]


def on_board(ruleset, state):
    """{id: (side, place)} for every unit the state has on the board."""
    mod = place_module(ruleset)
    out = {}
    armies = (mod.units(state) if hasattr(mod, "units") else
              state.get("armies") or state.get("units") or {})
    for side, army in armies.items():
        for unit in army or []:
            place = mod.place(state, side, unit)
            if place is not None:
                out[unit["id"]] = (side, place)
    return out


# A unit's id is readable at 100 % zoom at this size or more (svg.h), and
# squeezed into no less than this part of the width it asks for.
MIN_ID_SIZE = 12
MIN_SQUEEZE = 0.8


def id_texts(root):
    """[(text, font size, squeeze, index)] for every <text> and <tspan>
    run in document order: its font size as inherited from the groups
    around it, how far textLength squeezes it (1 when it does not; the
    width asked for being 3/5 of an em a character, as svg.c lays text
    out), and its place among the picture's elements."""
    out = []
    order = {el: i for i, el in enumerate(root.iter())}

    def walk(el, size):
        if el.tag == NS + "symbol":
            return
        if el.get("font-size"):
            size = int(el.get("font-size"))
        if el.tag in (NS + "text", NS + "tspan"):
            text = (el.text or "") if el.tag == NS + "tspan" or \
                not list(el) else "".join(el.itertext())
            squeeze = 1.0
            if el.get("textLength") and text:
                want = len(text) * size * 3 / 5
                squeeze = min(1.0, int(el.get("textLength")) / want)
            out.append((text, size, squeeze, order[el]))
        for child in el:
            walk(child, size)

    walk(root, 16)
    return out


def unreadable_ids(root, ids):
    """The ids of ids that no run of text shows readably: at
    MIN_ID_SIZE pixels or more, squeezed no more than MIN_SQUEEZE."""
    good = set()
    for text, size, squeeze, _ in id_texts(root):
        if size >= MIN_ID_SIZE and squeeze >= MIN_SQUEEZE:
            good.add(text)
            good.update(w.rstrip("*") for w in text.split())
    return sorted(u for u in ids if u not in good)


def arrows_over_ids(root, ids):
    """The ids of ids not written after the last arrow (a <path>, as
    umpire_marks_draw draws them), which an arrow may then cover."""
    paths = [i for i, el in enumerate(root.iter()) if el.tag == NS + "path"]
    last = max(paths) if paths else -1
    after = set()
    for text, _, _, index in id_texts(root):
        if index > last:
            after.add(text)
            after.update(w.rstrip("*") for w in text.split())
    return sorted(u for u in ids if u not in after)


def _texts_placed(root):
    """[(text, x, y, size, anchor, length, index)] for every <text>: where
    its baseline starts on the picture (the translations of the groups
    around it added), its font size and text-anchor as inherited, and its
    textLength (None without)."""
    out = []
    order = {el: i for i, el in enumerate(root.iter())}

    def walk(el, x, y, size, anchor):
        if el.tag == NS + "symbol":
            return
        m = TRANSLATE.match(el.get("transform", ""))
        if m:
            x, y = x + int(m.group(1)), y + int(m.group(2))
        size = int(el.get("font-size", size))
        anchor = el.get("text-anchor", anchor)
        if el.tag == NS + "text":
            length = el.get("textLength")
            out.append(("".join(el.itertext()), x + int(el.get("x", 0)),
                        y + int(el.get("y", 0)), size, anchor,
                        int(length) if length else None, order[el]))
            return
        for child in el:
            walk(child, x, y, size, anchor)

    walk(root, 0, 0, 16, "start")
    return out


def text_box(text, x, y, size, anchor, length):
    """The box a line of text takes: from 3/4 of its size above its
    baseline to 1/4 below, 3/5 of its size wide a character (as svg.c
    lays text out) or its textLength, placed by its anchor."""
    w = len(text) * size * 3 / 5
    if length is not None:
        w = min(w, length)
    x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return (x0, y - size * 3 / 4, x0 + w, y + size / 4)


def ids_covered(root, ids):
    """The ids of ids that every text showing them has covered, in part,
    by the body of another piece drawn after it: a stack drawn too tight
    hides the ids under its later tokens."""
    pieces = units(root)
    order = {el: i for i, el in enumerate(root.iter())}
    bodies = []
    for uid, (el, x, y) in pieces.items():
        _, _, (bx, by, bw, bh), _ = token(el, root)
        bodies.append((order[el], uid, (x + bx, y + by, x + bx + bw,
                                        y + by + bh)))
    shown = {}
    for text, x, y, size, anchor, length, index in _texts_placed(root):
        words = {text} | {w.rstrip("*") for w in text.split()}
        for uid in words & set(ids):
            shown.setdefault(uid, []).append(
                (index, text_box(text, x, y, size, anchor, length)))
    covered = []
    for uid in ids:
        clear = False
        for index, (a0, b0, a1, b1) in shown.get(uid, []):
            over = [other for at, other, (c0, d0, c1, d1) in bodies
                    if at > index and other != uid and
                    c0 < a1 and a0 < c1 and d0 < b1 and b0 < d1]
            if not over:
                clear = True
                break
        if not clear and uid in shown:
            covered.append(uid)
    return sorted(covered)
