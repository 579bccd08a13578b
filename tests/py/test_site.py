#!/usr/bin/env python3
"""umpire site in a real browser: each ruleset's sample game (samples/*/
game, replayed as samples/play.sh does) becomes a page that Debian's
Chromium, headless, opens from file:// and drives over the DevTools
protocol (--remote-debugging-pipe: no network, no npm).

On every page: the arrow keys and the slider step through the game; the
step's picture loads under the page's Content-Security-Policy, which is
never violated; the browser re-derives every roll and <body data-dice>
says "checked M of M", M being the rolls `umpire verify` re-derived; a
roll changed in the page's data is marked wrong.  Likewise every shuffle
whose order the reports tell (a game that hides nothing), or commit to
(a game that hides information, once its seed is revealed; before,
data-shuffles says "sealed"): <body data-shuffles> says "checked S of
S", and a shuffle changed in the page's data is marked wrong.  In OUT:
nothing but
index.html and the pictures, no outside reference, no private view
(*.age), and no seed of a sealed game that has not revealed it.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_site.py
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check


class Browser:
    """Headless Chromium driven over the DevTools protocol on a pipe:
    it reads commands on its fd 3 and writes answers on its fd 4, each
    a JSON object ended by a NUL byte."""

    def __init__(self, scratch):
        profile = os.path.join(scratch, "profile")
        os.makedirs(profile, exist_ok=True)
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            # Through fresh numbers, in case either end already is 3 or 4.
            r, w = os.dup(to_r), os.dup(from_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [ut.chromium(), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "about:blank"],
            pass_fds=(3, 4), preexec_fn=fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")
        self.session = self.call("Target.attachToTarget", flatten=True,
                                 targetId=target["targetId"])["sessionId"]
        for domain in ("Page", "Runtime"):
            self.call(domain + ".enable", session=True)
        # Before any script of the page: count what the policy refuses
        # (DevTools' own scripts are not bound by it).
        self.call("Page.addScriptToEvaluateOnNewDocument", session=True,
                  source="window.__csp = []; document.addEventListener("
                  "'securitypolicyviolation', function (e) { window.__csp"
                  ".push(e.violatedDirective + ' ' + e.blockedURI); });")

    def close(self):
        try:
            self.call("Browser.close")
        except (ut.Failure, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_w)
        os.close(self.from_r)

    def _read(self, deadline):
        while b"\0" not in self.buf:
            check(time.time() < deadline, "chromium did not answer in time")
            chunk = os.read(self.from_r, 65536)
            check(chunk, "chromium closed its DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                check("error" not in m, "%s: %s" % (method, m.get("error")))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, timeout=60):
        deadline = time.time() + timeout
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method:
                    del self.events[i]
                    return m
            self.events.append(self._read(deadline))

    def js(self, expr):
        r = self.call("Runtime.evaluate", session=True, expression=expr,
                      returnByValue=True, awaitPromise=True)
        check("exceptionDetails" not in r, "%s threw: %s"
              % (expr, r.get("exceptionDetails")))
        return r["result"].get("value")

    def open(self, path):
        self.events = [m for m in self.events
                       if m.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", session=True, url="file://" + path)
        self.wait_event("Page.loadEventFired")

    def key(self, name, code):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind,
                      key=name, code=name, windowsVirtualKeyCode=code)

    def verdict(self, timeout=60, attr="data-dice"):
        """<body data-dice> (or attr) once the page's script has done."""
        deadline = time.time() + timeout
        while True:
            v = self.js("document.body.getAttribute('%s')" % attr)
            if v and not v.startswith(("checking", "not checked")):
                return v
            check(time.time() < deadline, "the dice check never ended: %s"
                  % v)
            time.sleep(0.1)


def samples():
    """The rulesets with a sample game: samples/RULESET/game."""
    return sorted(os.path.basename(os.path.dirname(g)) for g in glob.glob(
        os.path.join(ut.ROOT, "samples", "*", "game")))


def replay(ruleset, game):
    """Replay a sample game into game; its seed file if sealed, else None.
    A ruleset whose games hide something must be sealed: umpire new says
    so, and the sample then gives the seed to every call."""
    sample = os.path.join(ut.ROOT, "samples", ruleset, "game")
    scenario = os.path.join(ut.ROOT, "samples", ruleset, "standard.yaml")
    seed_file = os.path.join(sample, "seed")
    extra = []
    rc, _, err = ut.umpire("new", game, "--scenario", scenario, "--seed",
                           ut.read(seed_file).strip())
    if rc == ut.EX_DATAERR and "--sealed" in err:
        shutil.rmtree(game, ignore_errors=True)
        extra = ["--seed-file", seed_file]
        # Its players need keys: the published test keys its orders are
        # signed with.
        ut.umpire_ok("new", game, "--scenario", scenario, "--sealed",
                     *(extra + ut.test_keys(scenario)))
    else:
        check(rc == 0, "umpire new %s exited %d: %s" % (ruleset, rc, err))
    for orders in sorted(glob.glob(os.path.join(sample, "orders", "*.yaml"))):
        ut.umpire_ok("turn", game, orders, *extra, timeout=120)
    return seed_file if extra else None


def told_shuffles(game):
    """The shuffles whose order the game's reports tell or commit to (the
    Shuffles table's fourth column), counted from the reports
    themselves."""
    n = 0
    for path in git(game, "ls-tree", "-r", "--name-only", "HEAD",
                    "reports/").split():
        if not re.fullmatch(r"reports/(\d{2,}/)?\d{4,}\.md", path):
            continue
        text = git(game, "show", "HEAD:" + path)
        table = text.split("\n## Shuffles\n", 1)
        if len(table) < 2:
            continue
        rows = [ln for ln in table[1].split("\n## ")[0].splitlines()
                if re.match(r"\| \d", ln)]
        n += sum(1 for ln in rows if ln.strip().count("|") == 5)
    return n


def verified_rolls(game):
    out = ut.umpire_ok("verify", game, timeout=300)
    m = re.search(r"(\d+) rolls re-derived", out)
    check(m, "umpire verify says no rolls: %s" % out)
    return int(m.group(1))


# An outside reference: any address with a scheme or a protocol-relative
# "//host", or a style that fetches.  XML namespace names
# (xmlns="http://www.w3.org/2000/svg") are names nothing fetches, and
# are left out first.
OUTSIDE = re.compile(r"https?:|//|url\(|@import", re.I)
XMLNS = re.compile(r'\sxmlns(:\w+)?="[^"]*"')


def check_out(ruleset, out, secret=None):
    """OUT holds the page and the pictures, refers to nothing outside
    and holds neither a private view nor a secret."""
    names = sorted(os.listdir(out))
    check("index.html" in names, "%s: no index.html in %s" % (ruleset, names))
    odd = [n for n in names if n != "index.html" and
           not re.fullmatch(r"\d{4,}\.svg", n)]
    check(not odd, "%s: OUT holds %s" % (ruleset, odd))
    for n in names:
        text = ut.read(os.path.join(out, n), "rb").decode("utf-8")
        check("age-encryption.org" not in text and "BEGIN AGE" not in text,
              "%s: %s holds an age file" % (ruleset, n))
        bare = XMLNS.sub("", text)
        m = OUTSIDE.search(bare)
        check(not m, "%s: %s refers outside: %r" % (
            ruleset, n, bare[max(0, m.start() - 60):m.end() + 60] if m
            else ""))
        if secret:
            check(secret.lower() not in text.lower(), "%s: %s holds the seed "
                  "of a sealed game not yet revealed" % (ruleset, n))


def page_steps(out):
    return [int(s) for s in re.findall(r'<section class="step" id="step-'
                                       r'\d+" data-step="(\d+)"',
                                       ut.read(os.path.join(out,
                                                            "index.html")))]


def check_page(b, ruleset, out, want, shuffles=None):
    """Open OUT's page; its verdict must be want (and, for shuffles, the
    verdict shuffles)."""
    index = os.path.join(out, "index.html")
    b.open(index)
    got = b.verdict()
    check(got == want, "%s: the page says data-dice=%r, umpire verify %r"
          % (ruleset, got, want))
    if shuffles:
        got = b.verdict(attr="data-shuffles")
        check(got == shuffles, "%s: the page says data-shuffles=%r, the "
              "reports %r" % (ruleset, got, shuffles))
    wrong = b.js("document.querySelectorAll('td.check.wrong').length")
    check(wrong == 0, "%s: %d rolls marked wrong" % (ruleset, wrong))
    csp = b.js("window.__csp")
    check(csp == [], "%s: the page's own policy refused %s" % (ruleset, csp))


def check_navigation(b, ruleset, steps):
    def now():
        return b.js("[document.body.getAttribute('data-current'), "
                    "Array.prototype.filter.call(document.querySelectorAll("
                    "'section.step'), function (s) { return !s.hidden; })"
                    ".map(function (s) { return s.id; }), "
                    "document.getElementById('slider').value]")

    def picture_loaded():
        return b.js("Array.prototype.every.call(document.querySelectorAll("
                    "'section.step:not([hidden]) img'), function (i) { "
                    "return i.complete && i.naturalWidth > 0; }) && "
                    "document.querySelectorAll('section.step:not([hidden]) "
                    "img').length")

    check(now() == [str(steps[-1]), ["step-%d" % steps[-1]],
                    str(len(steps) - 1)],
          "%s: the page opens on %s, not on the last step" % (ruleset, now()))
    b.key("ArrowLeft", 37)
    check(now() == [str(steps[-2]), ["step-%d" % steps[-2]],
                    str(len(steps) - 2)],
          "%s: left arrow shows %s, not step %d" % (ruleset, now(),
                                                    steps[-2]))
    b.key("Home", 36)
    check(now()[0] == str(steps[0]), "%s: Home shows %s" % (ruleset, now()))
    deadline = time.time() + 20
    while picture_loaded() is False and time.time() < deadline:
        time.sleep(0.1)
    check(picture_loaded(), "%s: step %d's picture does not load from "
          "file:// under the page's policy" % (ruleset, steps[0]))
    b.key("ArrowRight", 39)
    check(now()[0] == str(steps[1]), "%s: right arrow shows %s, not step %d"
          % (ruleset, now(), steps[1]))
    b.js("(function () { var s = document.getElementById('slider'); "
         "s.value = '3'; s.dispatchEvent(new Event('input')); })()")
    check(now()[0] == str(steps[3]), "%s: the slider at 3 shows %s"
          % (ruleset, now()))


def tamper(b, ruleset, out, m):
    """Change the first roll's die in the page's data: marked wrong."""
    index = os.path.join(out, "index.html")
    html = ut.read(index)
    data = re.search(r'(<script type="application/json" id="umpire-data">)'
                     r'(.*?)(</script>)', html, re.S)
    check(data, "%s: no data block in the page" % ruleset)
    d = json.loads(data.group(2))
    step = next(s for s in d["steps"] if s["rolls"])
    roll = step["rolls"][0]
    roll["die"] = roll["die"] % roll["sides"] + 1
    ut.write(index, html[:data.start(2)] + json.dumps(d).replace(
        "<", "\\u003c") + html[data.end(2):])
    b.open(index)
    got = b.verdict()
    check(got == "checked %d of %d" % (m - 1, m), "%s: after a roll of step "
          "%d was changed the page says %r" % (ruleset, step["step"], got))
    marked = b.js("Array.prototype.map.call(document.querySelectorAll("
                  "'td.check.wrong'), function (td) { return td.closest("
                  "'section').id + '/' + td.parentNode.getAttribute("
                  "'data-roll'); })")
    check(marked == ["step-%d/%d" % (step["step"], roll["roll"])],
          "%s: marked wrong: %s" % (ruleset, marked))


def tamper_shuffle(b, ruleset, out, n):
    """Swap two places of the first told shuffle's order in the page's
    data, or change a digit of the first commitment to a secret order:
    that shuffle, and it alone, is marked wrong."""
    index = os.path.join(out, "index.html")
    html = ut.read(index)
    data = re.search(r'(<script type="application/json" id="umpire-data">)'
                     r'(.*?)(</script>)', html, re.S)
    d = json.loads(data.group(2))
    step = next(s for s in d["steps"] if any(
        sh["order"] or sh["commitment"] for sh in s["shuffles"]))
    sh = next(sh for sh in step["shuffles"]
              if sh["order"] or sh["commitment"])
    if sh["order"]:
        sh["order"][0], sh["order"][1] = sh["order"][1], sh["order"][0]
    else:
        c = sh["commitment"]
        sh["commitment"] = c[:-1] + ("1" if c[-1] == "0" else "0")
    ut.write(index, html[:data.start(2)] + json.dumps(d).replace(
        "<", "\\u003c") + html[data.end(2):])
    b.open(index)
    got = b.verdict(attr="data-shuffles")
    check(got == "checked %d of %d" % (n - 1, n), "%s: after a shuffle of "
          "step %d was changed the page says %r" % (ruleset, step["step"],
                                                     got))
    marked = b.js("Array.prototype.map.call(document.querySelectorAll("
                  "'td.check.wrong'), function (td) { return td.closest("
                  "'section').id + '/' + td.parentNode.getAttribute("
                  "'data-shuffle'); })")
    check(marked == ["step-%d/%d" % (step["step"], sh["shuffle"])],
          "%s: marked wrong: %s" % (ruleset, marked))


def test_sample_games_in_chromium():
    tampered = shuffled = 0
    for ruleset in samples():
        with ut.scratch() as d:
            game, out = os.path.join(d, "game"), os.path.join(d, "out")
            seed_file = replay(ruleset, game)
            b = Browser(d)
            try:
                if seed_file:
                    # Sealed: the page says so, and keeps the seed out.
                    ut.umpire_ok("site", game, out)
                    check_out(ruleset, out, ut.read(seed_file).strip())
                    check_page(b, ruleset, out, "sealed", "sealed"
                               if told_shuffles(game) else None)
                    ut.umpire_ok("reveal", game, "--seed-file", seed_file,
                                 "--force")
                    shutil.rmtree(out)
                m = verified_rolls(game)
                n = told_shuffles(game)
                ut.umpire_ok("site", game, out)
                check_out(ruleset, out)
                check_page(b, ruleset, out, "checked %d of %d" % (m, m),
                           "checked %d of %d" % (n, n))
                steps = page_steps(out)
                check(len(steps) > 4, "%s: %d steps" % (ruleset, len(steps)))
                check_navigation(b, ruleset, steps)
                if m:  # WWII Combined Arms rolls no dice
                    tamper(b, ruleset, out, m)
                    tampered += 1
                if n:  # Army Men's turn deck, Backgammon Wars' Power Deck
                    ut.umpire_ok("site", game, out)     # untampered again
                    tamper_shuffle(b, ruleset, out, n)
                    shuffled += 1
            finally:
                b.close()
            print("test_site: %s: %d steps, %d rolls and %d shuffles checked "
                  "in Chromium%s" % (ruleset, len(steps), m, n,
                                     ", sealed then revealed" if seed_file
                                     else ""))
    check(tampered, "no sample game rolls any dice")
    check(shuffled, "no sample game tells a shuffle's order")


def git(game, *args):
    rc, out, err = ut.run(["git", "-C", game] + list(args))
    check(rc == 0, "git %s: %s" % (" ".join(args), err))
    return out


def test_players_words_stay_text():
    """A report's raw HTML is not passed through, and a forge address
    links each commit: a history written by hand, with git."""
    with ut.scratch() as d:
        game, out = os.path.join(d, "g"), os.path.join(d, "out")
        os.makedirs(os.path.join(game, "reports"))
        git(game, "init", "-q", "-b", "main")
        ut.write(os.path.join(game, "game.yaml"),
                 "umpire: 1\nruleset: amb\ngame: amb-0000000000\nseed: \"%s\""
                 "\nstep: 1\nplayers: {green: {name: \"<b>Gr</b>\"}}\n"
                 % ut.seed_hex(7))
        ut.write(os.path.join(game, "reports", "0000.md"),
                 "# Step 0\n\nGreen said <script>alert(1)</script> and "
                 "<img src=x onerror=alert(2)>.\n\n"
                 "[click](javascript:alert(3))\n\n## Rolls\n\n"
                 "| roll | sides | result | for |\n| ---: | ---: | ---: | --- "
                 "|\n| 0 | 6 | 9 | a </script><script>alert(4)</script> |\n")
        git(game, "add", "-A")
        git(game, "-c", "user.name=t", "-c", "user.email=t@t", "commit",
            "-qm", "step 0")
        ut.umpire_ok("site", game, out, "--commit-url",
                     "https://forge.invalid/o/r/commit/")
        html = ut.read(os.path.join(out, "index.html"))
        body = html[:html.index('<script type="application/json"')]
        for bad in ("<script>alert", "<img src=x", "onerror=",
                    "javascript:", "<b>Gr"):
            check(bad not in body, "the page passes %r through" % bad)
        data = html[html.index('id="umpire-data">'):]
        data = data[:data.index("</script>")]
        check("alert(4)" in data and "</script" not in data,
              "the data block can be ended by a player's words")
        sha = git(game, "rev-parse", "--short=12", "HEAD").strip()
        check('<a href="https://forge.invalid/o/r/commit/%s">' % sha in html,
              "no link to the commit %s" % sha)


def test_out_of_someone_else_untouched():
    """umpire site writes into an empty OUT or its own earlier output, and
    refuses (exit 73, nothing written) a directory of anything else; over
    its own earlier output it removes the pictures only that page showed,
    and says so, and nothing else."""
    with ut.scratch() as d:
        game = os.path.join(d, "g")
        ut.umpire_ok("new", game, "--scenario", "amb", "--seed",
                     ut.seed_hex(3))
        other = os.path.join(d, "other")
        os.mkdir(other)
        ut.write(os.path.join(other, "index.html"), "<p>my own page</p>\n")
        ut.write(os.path.join(other, "0000.svg"), "mine\n")
        rc, _, err = ut.umpire("site", game, other)
        check(rc == 73 and "no page umpire site wrote" in err,
              "site into a directory of other files: exit %d, %s" % (rc, err))
        check(sorted(os.listdir(other)) == ["0000.svg", "index.html"] and
              ut.read(os.path.join(other, "index.html")) ==
              "<p>my own page</p>\n" and
              ut.read(os.path.join(other, "0000.svg")) == "mine\n",
              "site touched a directory it refused")
        out = os.path.join(d, "out")
        os.mkdir(out)
        ut.umpire_ok("site", game, out)     # empty: fine
        ut.write(os.path.join(out, "notes.txt"), "kept\n")
        ut.umpire_ok("site", game, out)     # its own output: fine
        check(ut.read(os.path.join(out, "notes.txt")) == "kept\n",
              "site removed a file it did not write")
        # A longer game's page, then this one's: the pictures only the
        # page replaced showed go, each named; the notes stay.
        longer = os.path.join(d, "longer")
        ut.umpire_ok("new", longer, "--scenario", "amb", "--seed",
                     ut.seed_hex(4))
        for _ in range(3):
            ut.umpire_ok("turn", longer, "-",
                         stdin=ut.umpire_ok("bot", longer).encode())
        ut.umpire_ok("site", longer, out)
        check("0003.svg" in os.listdir(out), "no 0003.svg in %s"
              % sorted(os.listdir(out)))
        rc, _, err = ut.umpire("site", game, out)
        check(rc == 0, "site over a longer game's page: exit %d, %s"
              % (rc, err))
        check(sorted(os.listdir(out)) == ["0000.svg", "index.html",
                                          "notes.txt"],
              "after a shorter game's page OUT holds %s"
              % sorted(os.listdir(out)))
        for name in ("0001.svg", "0002.svg", "0003.svg"):
            check(os.path.join(out, name) in err, "site removed %s without "
                  "saying so: %s" % (name, err))


if __name__ == "__main__":
    ut.main([test_sample_games_in_chromium, test_players_words_stay_text,
             test_out_of_someone_else_untouched])
