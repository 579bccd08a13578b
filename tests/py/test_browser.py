#!/usr/bin/env python3
"""umpire's pictures in a real browser: Debian's Chromium, headless,
takes a screenshot of sample boards, and the PNG (decoded here with
zlib alone) must not be blank and must show each unit's side colour
where the picture puts that unit.

The boards: the README's (the sample game of WWII Combined Arms), and
golden cases of each ruleset that cover men lost and terrain; the
colour of a unit's side is the one the picture gives all that side's
units (the state says which units are whose).  Chromium
runs with no network and a fresh profile each time (make check installs
the chromium package).

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_browser.py
"""
import os
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgcheck as sc  # noqa: E402
import umpiretest as ut  # noqa: E402
from test_svg import sample_last_step  # noqa: E402

check = ut.check
# A picture, and the state after its step (None: replay the sample game).
BOARDS = [
    ("samples/wwii/game/last-step.svg", None),
    ("tests/amb/amb-07-two-enemies-mover-lost/expected.svg", "expected.yaml"),
    ("tests/amb/amb-03-first-player-tie-rerolled/expected.svg",
     "expected.yaml"),
    ("tests/wwii/cities-placed-by-dice/expected.svg", "expected.yaml"),
    ("tests/armymen/am-09-tank-via-turn-within-6/expected.svg",
     "expected.yaml"),
    ("tests/armymen/am-13-bazooka-burst-6d6-friends-too/expected.svg",
     "expected.yaml"),
    ("tests/vsgmr/vs-66-area-effect-three-attacks/expected.svg",
     "expected.yaml"),
    ("tests/vsgmr/vs-46-knocked-off-table-scores-for-attacker/expected.svg",
     "expected.yaml"),
    ("tests/bgw/bgw-07-lone-enemy-hit/expected.svg", "expected.yaml"),
]
# A channel may differ this much from the fill (anti-aliasing aside).
TOLERANCE = 10


def screenshot(svg, png, width, height, scratch):
    profile = os.path.join(scratch, "profile")
    os.makedirs(profile, exist_ok=True)
    rc, out, err = ut.run([
        ut.chromium(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--hide-scrollbars",
        "--force-device-scale-factor=1", "--user-data-dir=" + profile,
        "--screenshot=" + png, "--window-size=%d,%d" % (width, height),
        "file://" + svg], timeout=120)
    check(rc == 0 and os.path.exists(png), "chromium exited %d and wrote %s"
          "no screenshot: %s" % (rc, "" if os.path.exists(png) else "",
                                 err.strip()[-500:]))


def decode_png(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA
    PNG, not interlaced: what Chromium writes."""
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG")
    pos, idat = 8, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB",
                                                               body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    check(depth == 8 and ctype in (2, 6) and interlace == 0,
          "a PNG of depth %d, colour type %d, interlace %d" % (depth, ctype,
                                                              interlace))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev, k = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[k], bytearray(raw[k + 1:k + 1 + stride])
        k += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xff
            elif f == 2:
                line[i] = (line[i] + b) & 0xff
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 0xff
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def near(p, q):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(p, q))


def side_colours(rel, root, state):
    """{unit id: the colour of its side}: each side's one colour, which
    the picture gives all its pieces."""
    ruleset = state["ruleset"]
    units = sc.units(root)
    sides = {}
    for uid, (side, _) in sc.on_board(ruleset, state).items():
        check(uid in units, "%s: no piece for %s" % (rel, uid))
        sides.setdefault(side, []).append(uid)
    out = {}
    for side, uids in sides.items():
        fills = {sc.token(units[u][0], root)[1] for u in uids}
        check(len(fills) == 1, "%s: %s's pieces have colours %s"
              % (rel, side, sorted(fills)))
        fill = fills.pop()
        out.update((u, fill) for u in uids)
    return out


def test_boards_in_chromium():
    for rel, state_file in BOARDS:
        path = os.path.join(ut.ROOT, rel)
        text = ut.read(path)
        root = sc.parse(text, rel)
        if state_file:
            state = ut.load12(ut.read(os.path.join(os.path.dirname(path),
                                                   state_file)))
        else:
            state = sample_last_step()[2]
        colour = side_colours(rel, root, state)
        width, height = int(root.get("width")), int(root.get("height"))
        with ut.scratch() as d:
            png = os.path.join(d, "shot.png")
            screenshot(path, png, width, height, d)
            w, h, rows = decode_png(ut.read(png, "rb"))
        check((w, h) == (width, height), "%s: a %dx%d screenshot of a %dx%d "
              "picture" % (rel, w, h, width, height))
        # Not blank: ink on the paper, and in many colours.
        white = sum(1 for row in rows for p in row if p == (255, 255, 255))
        colours = {p for row in rows[::4] for p in row[::4]}
        check(white < 0.95 * w * h and len(colours) >= 8,
              "%s is blank in Chromium: %d of %d pixels white, %d colours"
              % (rel, white, w * h, len(colours)))
        units = sc.units(root)
        check(units, "%s has no units" % rel)
        for uid, (group, x, y) in units.items():
            _, _, (bx, by, bw, bh), _ = sc.token(group, root)
            fill = colour[uid]
            want = sc.rgb(fill)
            x0, y0 = x + bx + 3, y + by + 3
            box = [rows[j][i] for j in range(y0, y0 + bh - 6)
                   for i in range(x0, x0 + bw - 6)]
            hits = sum(1 for p in box if near(p, want))
            check(box and hits >= 0.25 * len(box),
                  "%s: where %s stands (%d,%d, %dx%d) only %d of %d pixels "
                  "are its colour %s" % (rel, uid, x0, y0, bw - 6, bh - 6,
                                         hits, len(box), fill))
        print("test_browser: %s: %dx%d, %d units each in its colour"
              % (rel, w, h, len(units)))


if __name__ == "__main__":
    ut.main([test_boards_in_chromium])
