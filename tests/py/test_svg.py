#!/usr/bin/env python3
"""The pictures umpire draws (reports/NNNN.svg; src/render/svg.h, picture.h
and each ruleset's picture.c):

1. a bot game of every ruleset `umpire rules` lists, from its standard
   scenario, through `umpire turn`: every step's picture is well-formed
   XML, an SVG with nothing that runs and nothing from outside, integer
   geometry only, under 50 KB, with one piece (id="unit-ID") for every
   unit the state has on the board and for no other;
2. the pieces stand where their places say, in order: a higher rank
   higher on the picture, a later file further right;
3. the sides' pieces differ in colour for players with red-green colour
   blindness (protanopia and deuteranopia simulated), and in shape; a
   player whose name is a colour has it; every piece's id is written
   on the picture (not only in a tooltip), readable at 100 % zoom (12
   pixels or more, hardly squeezed), drawn after every arrow and covered
   by no other piece (a crowded Backgammon Wars Wall too), and a
   tabletop has rulers numbered in inches;
4. the picture is the report's: the report links it, status --svg
   prints it, and the same game drawn twice is the same bytes;
5. hostile text (markup, quotes, control characters in a title) leaves
   the picture well-formed;
6. the picture README.md shows is what umpire draws for the sample game.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_svg.py
"""
import functools
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgcheck as sc  # noqa: E402
import umpiretest as ut  # noqa: E402

check = ut.check
# A player named for a colour is drawn in the palette's nearest
# (src/core/svg.c, umpire_svg_styles).
NAMED = {"red": "#d55e00", "green": "#009e73", "blue": "#0072b2",
         "gold": "#f0e442", "yellow": "#f0e442", "orange": "#e69f00",
         "tan": "#e69f00", "black": "#222"}
README_PICTURE = os.path.join(ut.ROOT, "samples", "wwii", "game",
                              "last-step.svg")


def check_picture(ruleset, state, text, name):
    """Every check of 1, 2 and 3 on one picture."""
    check(len(text.encode()) < sc.MAX_BYTES, "%s is %d bytes, over %d"
          % (name, len(text.encode()), sc.MAX_BYTES))
    root = sc.parse(text, name)
    drawn = sc.units(root)
    want = sc.on_board(ruleset, state)
    texts = sc.visible_texts(root)
    unnamed = sorted(u for u in want if u not in texts)
    check(not unnamed, "%s: the ids of %s are not written on the picture"
          % (name, ", ".join(unnamed)))
    if "table" in state or state.get("ruleset") == "armymen":
        check({"0", "6", "12"} <= texts, "%s: a tabletop without rulers "
              "numbered in inches" % name)
    small = sc.unreadable_ids(root, want)
    check(not small, "%s: the ids of %s are not readable at 100 %% zoom "
          "(under %d pixels, or squeezed)" % (name, ", ".join(small),
                                             sc.MIN_ID_SIZE))
    covered = sc.arrows_over_ids(root, want)
    check(not covered, "%s: arrows are drawn over the ids of %s"
          % (name, ", ".join(covered)))
    covered = sc.ids_covered(root, want)
    check(not covered, "%s: other pieces cover the ids of %s"
          % (name, ", ".join(covered)))
    missing = sorted(set(want) - set(drawn))
    extra = sorted(set(drawn) - set(want))
    check(not missing, "%s: no piece for %s" % (name, ", ".join(missing)))
    check(not extra, "%s: pieces for %s, not on the board"
          % (name, ", ".join(extra)))
    fills, shapes = {}, {}
    for uid, (side, (f, r)) in want.items():
        _, fill, _, outline = sc.token(drawn[uid][0], root)
        fills.setdefault(side, set()).add(fill)
        shapes.setdefault(side, set()).add(outline)
    # 2: places in order.
    items = [(want[u][1], drawn[u][1], drawn[u][2], u) for u in want]
    for (fa, ra), xa, ya, a in items:
        for (fb, rb), xb, yb, b in items:
            if ra > rb:
                check(ya < yb, "%s: %s (rank %d) is not above %s (rank %d)"
                      % (name, a, ra, b, rb))
            if fa is not None and fb is not None and fa < fb:
                check(xa < xb, "%s: %s is not left of %s" % (name, a, b))
    # 3: one colour a side, apart for every colour vision, and shapes.
    for side, f in fills.items():
        check(len(f) == 1, "%s: %s's pieces have colours %s" % (name, side,
                                                              sorted(f)))
        named = NAMED.get(side)
        check(not named or f == {named}, "%s: %s's pieces are %s, not %s"
              % (name, side, sorted(f), named))
    sides = sorted(fills)
    for i, a in enumerate(sides):
        for b in sides[i + 1:]:
            fa, fb = next(iter(fills[a])), next(iter(fills[b]))
            d = sc.apart(fa, fb)
            check(d >= 100, "%s: %s's %s and %s's %s are only %d apart for "
                  "red-green colour blindness" % (name, a, fa, b, fb, d))
            check(not shapes[a] & shapes[b], "%s: %s and %s have pieces of "
                  "the same shape: colour alone tells them apart"
                  % (name, a, b))
    return root


def git_show(game, rev_path):
    rc, out, err = ut.run(["git", "-C", game, "show", rev_path])
    check(rc == 0, "git show %s: %s" % (rev_path, err))
    return out


def report_file(state, k, name):
    """Where step k's file name is: in the folder of its hundred steps in
    a game laid out so (umpire-files(5), Layout), else in reports/."""
    if state.get("layout") == "grouped":
        return "reports/%02d/%s" % (k // 100, name)
    return "reports/" + name


def test_bot_games():
    sizes = {}
    for i, ruleset in enumerate(ut.ruleset_names()):
        biggest = [0, ""]

        def step(n, g, orders, ruleset=ruleset, biggest=biggest):
            for k in ([0, 1] if n == 1 else [n]):
                rev = "HEAD~1" if k < n else "HEAD"
                state = ut.load12(git_show(g, rev + ":game.yaml"))
                name = "%04d.svg" % k
                text = git_show(g, "%s:%s" % (rev, report_file(state, k,
                                                                name)))
                check_picture(ruleset, state, text, "%s %s" % (ruleset, name))
                if len(text.encode()) > biggest[0]:
                    biggest[:] = [len(text.encode()), name]

        with ut.scratch() as d:
            steps = ut.play(os.path.join(d, "g"), scenario=ruleset,
                            seed=ut.seed_hex(40 + i), on_step=step,
                            max_steps=2000)
        sizes[ruleset] = (steps, biggest[0], biggest[1])
    print("test_svg: " + "; ".join(
        "%s: %d steps, the largest picture %d bytes (%s)" % (r, *v)
        for r, v in sizes.items()))


def test_campaign_under_50k():
    """A WWII campaign (a 32 x 32 map, 400 units): each token is a symbol
    drawn once and used, so that a step's picture stays under 50 KB with
    every id written out."""
    with ut.scratch() as d:
        biggest = [0]

        def step(n, g, orders):
            for k in ([0, 1] if n == 1 else [n]):
                rev = "HEAD~1" if k < n else "HEAD"
                state = ut.load12(git_show(g, rev + ":game.yaml"))
                text = git_show(g, "%s:%s" % (rev, report_file(
                    state, k, "%04d.svg" % k)))
                check_picture("wwii", state, text, "campaign %04d.svg" % k)
                biggest[0] = max(biggest[0], len(text.encode()))

        try:
            ut.play(os.path.join(d, "g"), scenario=os.path.join(
                ut.ROOT, "samples", "wwii", "campaign.yaml"),
                seed=ut.seed_hex(1), on_step=step, max_steps=6)
        except ut.Failure as e:     # six steps are enough: not over yet
            if "not over after" not in str(e):
                raise
    print("test_svg: a WWII campaign's largest picture: %d bytes"
          % biggest[0])


CROWDED_WALL = os.path.join(ut.ROOT, "tests", "bgw",
                            "bgw-07-crowded-wall-every-id-readable")


def test_crowded_wall():
    """A Backgammon Wars Wall holding all fifteen of black's units and
    eleven of white's (the golden case's picture, which check-golden
    keeps what umpire draws): every id readable, none covered.  Drawn
    half as far apart, as stacked tokens were, the ids are covered, and
    the check says so."""
    state = ut.load12(ut.read(os.path.join(CROWDED_WALL, "expected.yaml")))
    text = ut.read(os.path.join(CROWDED_WALL, "expected.svg"))
    root = check_picture("bgw", state, text, "a crowded Wall")
    on_wall = {u: side for u, (side, (f, _)) in
               sc.on_board("bgw", state).items() if f == 6}
    check(sorted(on_wall.values()).count("black") == 15 and
          len(on_wall) == 26, "the case's Wall holds %s" % sorted(on_wall))
    ys = {u: y for u, (_, _, y) in sc.units(root).items()
          if on_wall.get(u) == "black"}
    top = min(ys.values())

    def closer(m):
        y = int(m.group(3))
        return "%s%d)" % (m.group(1), top + (y - top) // 2)
    squeezed = re.sub(r'(<g id="unit-(b-\w+)" transform="translate\(\d+,)'
                      r'(\d+)\)', lambda m: closer(m) if m.group(2) in ys
                      else m.group(0), text)
    covered = sc.ids_covered(sc.parse(squeezed, "squeezed"), list(ys))
    check(len(covered) == 14, "black's units on the Wall half as far "
          "apart: covered ids %s" % covered)


def test_the_report_shows_it():
    with ut.scratch() as d:
        game = os.path.join(d, "g")
        ut.umpire_ok("new", game, "--scenario", "amb", "--seed", ut.seed_hex(7))
        orders = os.path.join(d, "o.yaml")
        for _ in range(3):
            ut.write(orders, ut.umpire_ok("bot", game))
            ut.umpire_ok("turn", game, orders)
        report = ut.read(ut.step_file(game, 3, "0003.md"))
        check("\n![The board after step 3](0003.svg)\n" in report,
              "the report of step 3 does not show 0003.svg")
        picture = ut.read(ut.step_file(game, 3, "0003.svg"))
        check(ut.umpire_ok("status", game, "--svg") == picture,
              "status --svg is not the latest step's picture")
        # Drawn again from the files alone: the same bytes.
        ut.write(os.path.join(d, "s2.yaml"), git_show(game, "HEAD~1:game.yaml"))
        group = os.path.dirname(ut.step_file(game, 3, "", top="orders"))
        last = sorted(os.listdir(group))[-1]
        ut.umpire_ok("resolve", os.path.join(d, "s2.yaml"),
                     os.path.join(group, last), "-o",
                     os.path.join(d, "s3.yaml"), "-r",
                     os.path.join(d, "r3.md"), "--svg",
                     os.path.join(d, "p3.svg"))
        check(ut.read(os.path.join(d, "p3.svg")) == picture,
              "resolve --svg draws step 3 otherwise than turn did")


def test_hostile_text():
    # The schema refuses control characters in a title (the escaping of
    # those is test_svg.c's); markup, quotes and the rest get through.
    title = "<script>alert(1)</script> & \\\"q\\\" ' ]]> caf\\u00e9 \\U0001F3B2"
    with ut.scratch() as d:
        for ruleset in ut.ruleset_names():
            text = ut.read(os.path.join(ut.ROOT, "samples", ruleset,
                                        "standard.yaml"))
            text = re.sub(r"(?m)^title:.*$", lambda m: 'title: "%s"' % title,
                          text)
            if "\ntitle:" not in text:
                text = text.replace("\nplayers:", '\ntitle: "%s"\nplayers:'
                                    % title, 1)
            scen = os.path.join(d, ruleset + ".yaml")
            ut.write(scen, text)
            game = os.path.join(d, ruleset)
            g = ut.Game(game, scen, ut.seed_hex(9))
            check(g.rc == 0, "umpire new %s: %s" % (scen, g.err))
            svg = ut.read(ut.step_file(game, 0, "0000.svg"))
            root = sc.parse(svg, ruleset + " with a hostile title")
            texts = "".join(root.itertext())
            check("<script>alert(1)</script> & \"q\" ' ]]> caf\u00e9 "
                  "\U0001F3B2" in texts,
                  "%s: the title is not shown as written" % ruleset)
            check("<script" not in svg, "%s: markup passed into the picture"
                  % ruleset)


@functools.lru_cache(maxsize=None)
def sample_last_step():
    """Replay the sample game of WWII Combined Arms: the last step's
    picture, its name and the state after it."""
    sample = os.path.join(ut.ROOT, "samples", "wwii", "game")
    with ut.scratch() as d:
        game = os.path.join(d, "g")
        ut.umpire_ok("new", game, "--scenario", os.path.join(
            ut.ROOT, "samples", "wwii", "standard.yaml"), "--seed",
            ut.read(os.path.join(sample, "seed")).strip())
        for name in sorted(os.listdir(os.path.join(sample, "orders"))):
            ut.umpire_ok("turn", game, os.path.join(sample, "orders", name))
        last, path = ut.report_files(game, ".svg")[-1]
        return (ut.read(path), last,
                ut.load12(ut.read(os.path.join(game, "game.yaml"))))


def test_readme_picture():
    """README.md shows samples/wwii/game/last-step.svg: what umpire draws
    for the sample game's last step, still."""
    readme = ut.read(os.path.join(ut.ROOT, "README.md"))
    check("(samples/wwii/game/last-step.svg)" in readme,
          "README.md does not show samples/wwii/game/last-step.svg")
    now, last, state = sample_last_step()
    check(now == ut.read(README_PICTURE), "samples/wwii/game/last-step.svg "
          "is not what umpire draws for the sample game's last step (%s): "
          "copy it from a replay (samples/play.sh)" % last)
    check_picture("wwii", state, now, "last-step.svg")


def test_checks_can_fail():
    """The checks above refuse what they are for."""
    good, _, state = sample_last_step()
    check_picture("wwii", state, good, "the good picture")
    bad = {
        "a script": good.replace("<title>", "<script>x()</script><title>", 1),
        "a link": good.replace("<title>", '<a href="http://x.invalid/">'
                               "x</a><title>", 1),
        "an event handler": good.replace("<svg ", '<svg onload="x()" ', 1),
        "a fraction": re.sub(r'width="(\d+)"', r'width="\1.5"', good, 1),
        "a piece moved to another rank": re.sub(
            r'(<use id="unit-a-hq"[^/]*)/>', r'\1 y="-300"/>', good),
        "an id not written": re.sub(r">a-hq<", "><", good),
        "ids too small to read": good.replace('font-size="12"',
                                              'font-size="9"'),
        "an arrow over the ids": good.replace(
            "</svg>", '<path d="M0 0l9 9" stroke="#222"/></svg>', 1),
        "a side in the other's colour": good.replace(
            'fill="#0072b2" stroke="#222" stroke-width="2"/>',
            'fill="#e69f00" stroke="#222" stroke-width="2"/>'),
        "a piece missing": good.replace('id="unit-a-hq"', 'id="hq"', 1),
        "not XML": good.replace("</svg>", "", 1),
    }
    for what, text in bad.items():
        try:
            check_picture("wwii", state, text, what)
        except ut.Failure:
            continue
        raise ut.Failure("a picture with %s passes" % what)


if __name__ == "__main__":
    ut.main([test_bot_games, test_campaign_under_50k, test_crowded_wall,
             test_the_report_shows_it, test_hostile_text,
             test_readme_picture, test_checks_can_fail])
