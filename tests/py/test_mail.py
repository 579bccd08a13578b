#!/usr/bin/env python3
"""umpire mail, fed messages that Python's email package builds (a MIME
implementation independent of GMime, which umpire reads them with), its
answers written into a Maildir (--maildir) and read back with the same
package:

- orders as a plain body (7bit, base64, quoted-printable in Latin-1),
  in multipart/alternative, as a .yaml attachment (committed byte for
  byte), cut out of a reply that quotes earlier orders;
- the reply to the sender (To, Subject Re:, In-Reply-To, References,
  Auto-Submitted: auto-replied) and the report to the other player;
- refusals (bad orders, a wrong game, HTML only, not orders) answered
  with exit 0 and the game's HEAD unchanged; a locked game exits 75;
- loop guards (Auto-Submitted, Precedence, empty Return-Path or
  SENDER, MAILER-DAEMON): no reply; the size cap; header injection;
- replies from the game's own address (--from, or the envelope's
  RECIPIENT), never from the To: the sender wrote.

    UMPIRE=.../umpire python3 tests/py/test_mail.py
"""
import email
import email.policy
import fcntl
import glob
import os
import re
import shutil
import subprocess
import sys
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
SEED = "ab" * 32
GAME_ADDR = "duel@example.org"
TAN = "tan@example.org"  # the sample scenario's players' addresses
GREEN = "green@example.org"


def new_game(top, name="g", seed=SEED):
    game = os.path.join(top, name)
    ut.umpire_ok("new", game, "--scenario", "amb", "--seed", seed)
    return game


def bot(game):
    return ut.umpire_ok("bot", game)


def head(game):
    return subprocess.run(["git", "-C", game, "rev-parse", "HEAD"],
                          stdout=subprocess.PIPE, check=True).stdout.strip()


def committed_orders(game):
    # In orders/NN/ in a game grouped by hundreds of steps, the layout
    # of games made by umpire 0.5.0 on (umpire-files(5), Layout).
    files = sorted(glob.glob(os.path.join(game, "orders", "*.yaml")) +
                   glob.glob(os.path.join(game, "orders", "*", "*.yaml")))
    return ut.read(files[-1], "rb") if files else None


def message(body=None, subject="my orders", sender="Tan <%s>" % TAN, **hdr):
    m = EmailMessage()
    m["From"] = sender
    m["To"] = GAME_ADDR
    m["Subject"] = subject
    m["Message-ID"] = "<orders-1@example.org>"
    for k, v in hdr.items():
        m[k.replace("_", "-")] = v
    if body is not None:
        m.set_content(body)
    return m


def mail(top, game, msg, *opts, env=None):
    """Run umpire mail; (exit code, stderr, the messages it wrote)."""
    out = os.path.join(top, "out")
    data = msg if isinstance(msg, bytes) else msg.as_bytes()
    e = dict(os.environ)
    for k in ("SENDER", "RECIPIENT", "EXTENSION"):
        e.pop(k, None)
    # As Postfix's local delivery does: the envelope recipient.
    e["RECIPIENT"] = GAME_ADDR
    e.update(env or {})
    e = {k: v for k, v in e.items() if v is not None}
    args = ["mail", "--game", game] if game else ["mail"]
    rc, _, err = ut.umpire(*(args + ["--maildir", out] + list(opts)),
                           stdin=data, env=e)
    return rc, err, read_maildir(out, clear=True)


def read_maildir(d, clear=False):
    msgs = []
    for f in sorted(glob.glob(os.path.join(d, "new", "*"))):
        with open(f, "rb") as fh:
            msgs.append(email.message_from_binary_file(
                fh, policy=email.policy.default))
        if clear:
            os.unlink(f)
    check(not glob.glob(os.path.join(d, "tmp", "*")),
          "a message was left in %s/tmp" % d)
    return msgs


def to(msgs, addr):
    got = [m for m in msgs if m["To"].addresses[0].addr_spec == addr]
    check(len(got) == 1, "%d messages to %s, not 1: %r"
          % (len(got), addr, [m["To"] for m in msgs]))
    return got[0]


def text_of(m):
    return m.get_body(preferencelist=("plain",)).get_content()


def check_reply(r, subject="Re: my orders"):
    check(r["Subject"] == subject, "reply subject %r" % r["Subject"])
    check(r["In-Reply-To"] == "<orders-1@example.org>",
          "In-Reply-To %r" % r["In-Reply-To"])
    check("<orders-1@example.org>" in r["References"],
          "References %r" % r["References"])
    check(r["Auto-Submitted"] == "auto-replied",
          "Auto-Submitted %r" % r["Auto-Submitted"])
    check(r["From"].addresses[0].addr_spec == GAME_ADDR, "From %r" % r["From"])


def accepted(top, game, msg, *opts, **kw):
    before = head(game)
    rc, err, msgs = mail(top, game, msg, *opts, **kw)
    check(rc == 0, "exit %d: %s" % (rc, err))
    check(head(game) != before, "no step was committed: %s" % err)
    return msgs


def refused(top, game, msg, *opts, watch=None, **kw):
    """Run umpire mail on msg; fail unless it exits 0 and leaves the game
    (watch, when game is None: --games) as it was."""
    watch = watch or game
    before = head(watch)
    rc, err, msgs = mail(top, game, msg, *opts, **kw)
    check(rc == 0, "refusal exit %d (must be 0): %s" % (rc, err))
    check(head(watch) == before, "the game moved on a refusal")
    check(subprocess.run(["git", "-C", watch, "status", "--porcelain"],
                         stdout=subprocess.PIPE).stdout == b"",
          "the work tree changed on a refusal")
    return msgs, err


def test_plain_body():
    with ut.scratch() as top:
        game = new_game(top)
        orders = bot(game)
        msgs = accepted(top, game, message(orders))
        check(len(msgs) == 2, "%d messages, not 2" % len(msgs))
        r = to(msgs, TAN)
        check_reply(r)
        body = text_of(r)
        check("accepted your orders and played step 1" in body, body[:200])
        # The report in plain text: no Markdown marks.
        check("Step 1: tan's turn\n==================\n" in body,
              "no plain report in the reply: %s" % body[:300])
        check("**" not in body and "```" not in body and "# Step" not in body,
              "Markdown in the reply: %s" % body)
        g = to(msgs, GREEN)
        check(g["In-Reply-To"] is None, "the report to green is a reply")
        check(g["Auto-Submitted"] == "auto-generated", "green's Auto-Submitted")
        report = [p for p in g.iter_attachments()
                  if p.get_filename() == "0001.txt"]
        check(report and "Step 1: tan's turn\n=====" in
              report[0].get_content(), "no plain report for green")
        svg = [p for p in g.iter_attachments()
               if p.get_filename() == "0001.svg"]
        check(svg and svg[0].get_content_type() == "image/svg+xml" and
              b"<svg" in svg[0].get_content(), "no picture attached")
        check(committed_orders(game) == orders.encode(),
              "the committed orders differ from the body")


def uncomment(template):
    """The template with its example's '# ' taken out, as it says."""
    out, on = [], False
    for line in template.split("\n"):
        if on and line.startswith("# "):
            line = line[2:]
        on = on or "of the lines after this one" in line
        out.append(line)
    return "\n".join(out)


def test_your_turn_letter():
    """The letter to the player whose decision is next (issue 26): its
    subject says so, its body is the orders template, filled with the
    envelope, that he sends back; the report comes as plain text, the
    board as a PNG beside the SVG."""
    with ut.scratch() as top:
        game = new_game(top)
        msgs = accepted(top, game, message(bot(game)))
        g = to(msgs, GREEN)
        check(g["Subject"] == "Your turn: The standard game, step 2 "
              "(green's turn)", "subject %r" % g["Subject"])
        body = text_of(g)
        template = ut.umpire_ok("orders", game)
        check(body.startswith("Your turn: step 2 of ") and
              body.endswith(template), "the body is not the template:\n%s"
              % body)
        check("\nplayer: green\nstep: 2\n" in body, "envelope: %s" % body)
        check("# The decision awaited:\n#   {player: green, step: 2, "
              "kind: turn, dice: [" in body, "no dice: %s" % body)
        # Tan, who is not next, gets no template.
        check("umpire: 1" not in text_of(to(msgs, TAN)), "a template to tan")
        names = [p.get_filename() for p in g.iter_attachments()]
        check(names == ["0001.txt", "0001.svg", "0001.png"],
              "attachments %r" % names)
        png = [p for p in g.iter_attachments()
               if p.get_filename() == "0001.png"][0]
        data = png.get_content()
        check(png.get_content_type() == "image/png" and
              data.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG")
        # Its size is the SVG's (IHDR: width and height, big-endian).
        svg = [p for p in g.iter_attachments()
               if p.get_filename() == "0001.svg"][0].get_content()
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(
            data[20:24], "big")
        check(('width="%d"' % w).encode() in svg and
              ('height="%d"' % h).encode() in svg,
              "PNG %dx%d is not the SVG's size" % (w, h))
        txt = [p for p in g.iter_attachments()
               if p.get_filename() == "0001.txt"][0]
        check(txt.get_content_disposition() == "inline", "report not inline")
        plain = txt.get_content()
        check("\nRolls\n-----\n" in plain and "\n|" not in plain and
              re.search(r"\n {7}0 {6}6 {7}[1-6]  Tactics Phase: green's die 1",
                        plain) and
              "(The picture of the board is attached: 0001.png.)" in plain,
              "plain report: %s" % plain)
        # Filled in as it says and sent back, the template makes the step.
        reply = message(uncomment(body), subject="Re: " + g["Subject"],
                        sender="Green <%s>" % GREEN)
        msgs = accepted(top, game, reply)
        check(to(msgs, TAN)["Subject"].startswith("Your turn: The standard "
              "game, step 3 (tan's turn)"), "tan's turn next")
        # So does a reply that quotes it, the orders written in between.
        t = to(msgs, TAN)
        quoted = "\n".join("> " + line if line else ">" for line in
                           text_of(t).split("\n"))
        filled = uncomment(text_of(t))
        example = filled[filled.index("of the lines after this one.") + 29:]
        reply = ("On Mon, 1 Jan 2026, umpire wrote:\n" + quoted + "\n" +
                 example.strip("\n") + "\n")
        accepted(top, game, message(reply))
def test_page_url():
    """--page-url ends every report mailed with the step's link on the
    game's page; without it, no link."""
    with ut.scratch() as top:
        game = new_game(top)
        msgs = accepted(top, game, message(bot(game)), "--page-url",
                        "https://example.org/duel/")
        for m in msgs:
            check(text_of(m).rstrip().endswith(
                  "The game's page: https://example.org/duel/#step-1"),
                  "no link to the page: %r" % text_of(m)[-200:])
        msgs = accepted(top, game, message(bot(game)))
        check(all("The game's page" not in text_of(m) for m in msgs),
              "a link without --page-url")


def test_base64_utf8_headers():
    with ut.scratch() as top:
        game = new_game(top)
        orders = "# ordres de Tan, étape 1 — bonne chance\n" + bot(game)
        m = message(subject="Ordres pour l'étape 1 ⚔",
                    sender="Tân Ñguyen <%s>" % TAN)
        m.set_content(orders, charset="utf-8", cte="base64")
        check("=?utf-8?" in m.as_string(), "python did not encode the subject")
        msgs = accepted(top, game, m)
        check_reply(to(msgs, TAN), "Re: Ordres pour l'étape 1 ⚔")
        check(committed_orders(game) == orders.encode(),
              "the committed orders differ")


def test_quoted_printable_latin1():
    with ut.scratch() as top:
        game = new_game(top)
        orders = "# Tan: déjà vu, à l'assaut\n" + bot(game)
        m = MIMEText(orders, "plain", "iso-8859-1")  # quoted-printable
        m["From"], m["To"], m["Subject"] = TAN, GAME_ADDR, "my orders"
        m["Message-ID"] = "<orders-1@example.org>"
        raw = m.as_bytes()
        check(b"quoted-printable" in raw and b"=E9" in raw,
              "python did not write Latin-1 quoted-printable")
        accepted(top, game, raw)
        check(committed_orders(game) == orders.encode("utf-8"),
              "the orders were not converted to UTF-8")


def test_multipart_alternative():
    with ut.scratch() as top:
        game = new_game(top)
        orders = bot(game)
        m = message()
        m.set_content(orders)
        m.add_alternative("<html><body><pre>umpire: 2</pre></body></html>",
                          subtype="html")
        check(m.get_content_type() == "multipart/alternative", "not alternative")
        accepted(top, game, m)
        check(committed_orders(game) == orders.encode(), "orders differ")


def test_yaml_attachment():
    with ut.scratch() as top:
        game = new_game(top)
        # CR LF and a trailing blank kept: an attachment is taken as is.
        orders = bot(game).replace("\n", "\r\n").encode() + b"\r\n"
        for ctype in (("application", "x-yaml"), ("text", "yaml"),
                      ("application", "octet-stream")):
            m = message("Hello, my orders are attached.\n")
            m.add_attachment(orders, maintype=ctype[0], subtype=ctype[1],
                             filename="tan-orders.yaml")
            check(m.get_content_type() == "multipart/mixed", "not mixed")
            msgs = accepted(top, game, m)
            check(committed_orders(game) == orders,
                  "the attachment (%s/%s) was not committed byte for byte"
                  % ctype)
            check_reply(to(msgs, TAN))
            # The next step is green's: play it by hand to go on.
            path = os.path.join(top, "next.yaml")
            ut.write(path, bot(game))
            ut.umpire_ok("turn", game, path)
            orders = bot(game).replace("\n", "\r\n").encode() + b"\r\n"


def test_html_only():
    with ut.scratch() as top:
        game = new_game(top)
        keep = os.path.join(top, "kept")
        m = message()
        m.set_content("<html><body><pre>%s</pre></body></html>" % bot(game),
                      subtype="html")
        msgs, _ = refused(top, game, m, "--keep", keep)
        check(len(msgs) == 1, "%d messages, not 1" % len(msgs))
        r = to(msgs, TAN)
        check_reply(r)
        check("only HTML text" in text_of(r), text_of(r))
        kept = read_maildir(keep)
        check(len(kept) == 1 and kept[0]["X-Umpire-Kept"] ==
              "not orders: HTML only", "not kept: %r" % kept)


def test_reply_quoting_earlier_orders():
    with ut.scratch() as top:
        game = new_game(top)
        orders = bot(game)
        old = "".join("> " + line + "\n" for line in
                      orders.replace("step: 1", "step: 0").splitlines())
        # Top-posted: new orders, the attribution, the quotation.
        body = ("Here you go.\n\n" + orders + "\nOn Mon, 1 Jan 2026, "
                "umpire wrote:\n" + old + "\n-- \nTan\n")
        accepted(top, game, message(body))
        check(committed_orders(game) == orders.encode(),
              "top-posted: got %r" % committed_orders(game))
        # Bottom-posted, green's turn: the quotation first.
        orders = bot(game)
        body = ("On Mon, 1 Jan 2026, umpire wrote:\n" + old + "\n" +
                orders + "\n-- \nGreen\n")
        m = message(body, sender=GREEN)
        accepted(top, game, m)
        check(committed_orders(game) == orders.encode(),
              "bottom-posted: got %r" % committed_orders(game))


def test_fenced_block():
    with ut.scratch() as top:
        game = new_game(top)
        orders = bot(game)
        body = "My orders:\n\n```yaml\n" + orders + "```\n\nThanks\n"
        accepted(top, game, message(body))
        check(committed_orders(game) == orders.encode(), "orders differ")


def game_id(game):
    with open(os.path.join(game, "game.yaml")) as f:
        return re.search(r"^game: (\S+)$", f.read(), re.M).group(1)


def test_games_directory():
    """--games DIR finds a game by its id alone: DIR/ID, the game's
    folder or a link to it (umpire(1), Hosting many games)."""
    with ut.scratch() as top:
        games = os.path.join(top, "games")
        os.mkdir(games)
        a = new_game(games, "a", seed="01" * 32)
        b = new_game(top, "b", seed="02" * 32)
        # a is linked by its id; b's folder is named by it.
        os.symlink("a", os.path.join(games, game_id(a)))
        b = shutil.move(b, os.path.join(games, game_id(b)))
        ha = head(a)
        orders = bot(b)
        hb = head(b)
        rc, err, msgs = mail(top, None, message(orders), "--games", games)
        check(rc == 0 and head(b) != hb, "exit %d, game b not played: %s"
              % (rc, err))
        check(head(a) == ha, "the other game moved")
        orders = bot(a)
        rc, err, msgs = mail(top, None, message(orders), "--games", games)
        check(rc == 0 and head(a) != ha, "exit %d, game a, linked by its "
              "id, not played: %s" % (rc, err))
        keep = os.path.join(top, "kept")
        # A game no one plays here; an id that is no id (it would name
        # another file); a link to another game than its name says.
        wrong = orders.replace("game: ", "game: x")
        up = re.sub(r"^game: .*$", "game: ../b", orders, flags=re.M)
        os.symlink(os.path.basename(b), os.path.join(games, "amb-" + "0" * 32))
        liar = re.sub(r"^game: .*$", "game: amb-" + "0" * 32, orders,
                      flags=re.M)
        for body, say, why in (
                (wrong, "no game 'x", "orders refused: no such game"),
                (up, "no game '../b'", "orders refused: no such game"),
                (liar, "these orders are for game 'amb-" + "0" * 32,
                 "orders refused")):
            msgs, _ = refused(top, None, message(body), "--games", games,
                              "--keep", keep, watch=a)
            r = to(msgs, TAN)
            check_reply(r)
            check(say in text_of(r), text_of(r))
            check(read_maildir(keep, clear=True)[0]["X-Umpire-Kept"] == why,
                  "not kept as " + why)


def test_bad_orders():
    with ut.scratch() as top:
        game = new_game(top)
        orders = bot(game).replace("move: t", "move: zz") + "bogus: 1\n"
        msgs, _ = refused(top, game, message(orders))
        check(len(msgs) == 1, "the refusal went to %d" % len(msgs))
        r = to(msgs, TAN)
        check_reply(r)
        body = text_of(r)
        check("umpire refused your orders" in body, body)
        check(body.count("orders.yaml:") >= 2 and ": error: " in body,
              "not every diagnostic: %s" % body)
        check("    1 | # orders drawn by umpire bot" in body,
              "the orders are not quoted: %s" % body)


def test_locked_game():
    with ut.scratch() as top:
        game = new_game(top)
        before = head(game)
        with open(os.path.join(game, ".git", "umpire.lock"), "a") as lk:
            fcntl.flock(lk, fcntl.LOCK_EX)
            rc, err, msgs = mail(top, game, message(bot(game)), "--wait",
                                 "1")
        check(rc == 75, "locked: exit %d, not 75: %s" % (rc, err))
        check(not msgs, "a locked game answered")
        check(head(game) == before, "a locked game moved")


def test_busy_game_waits():
    """Another process holds the lock for a second: umpire mail, with
    its default wait, plays the orders once the lock is free instead of
    exiting 75 for the mail system to retry minutes later."""
    with ut.scratch() as top:
        game = new_game(top)
        before = head(game)
        lock = os.path.join(game, ".git", "umpire.lock")
        holder = subprocess.Popen(
            ["flock", lock, "sh", "-c", "echo held; sleep 1"],
            stdout=subprocess.PIPE)
        check(holder.stdout.readline() == b"held\n", "flock(1) did not hold")
        rc, err, msgs = mail(top, game, message(bot(game)))
        holder.wait()
        check(rc == 0, "a game busy for a second: exit %d: %s" % (rc, err))
        check(head(game) != before, "the orders were not played")
        check(len(msgs) >= 1, "no answer")


def test_not_orders():
    with ut.scratch() as top:
        game = new_game(top)
        keep = os.path.join(top, "kept")
        msgs, _ = refused(top, game, message("Hi, when do we play?\n"))
        r = to(msgs, TAN)
        check_reply(r)
        check("holds no orders" in text_of(r), text_of(r))
        msgs, _ = refused(top, game, message("Hi\n"), "--not-orders", "drop",
                          "--keep", keep)
        check(not msgs, "dropped mail was answered")
        check(read_maildir(keep)[0]["X-Umpire-Kept"] == "not orders",
              "dropped mail not kept")
        rc, err, _ = mail(top, game, message("Hi\n"), "--not-orders", "drop")
        check(rc == 64, "drop without --keep: exit %d" % rc)


def test_loop_guards():
    guards = [({"Auto_Submitted": "auto-replied"}, None),
              ({"Precedence": "bulk"}, None),
              ({"Precedence": "list"}, None),
              ({"Return_Path": "<>"}, None),
              ({}, {"SENDER": ""}),
              ({"sender": "MAILER-DAEMON@example.org"}, None)]
    with ut.scratch() as top:
        game = new_game(top)
        for hdr, env in guards:
            msgs, err = refused(top, game, message("Out of office\n", **hdr),
                                env=env)
            check(not msgs, "answered %r %r" % (hdr, env))
            check("no reply to the sender" in err, err)
        # Auto-Submitted: no is a person's mail.
        msgs, _ = refused(top, game, message("Hi\n", Auto_Submitted="no"))
        check(len(msgs) == 1, "Auto-Submitted: no was not answered")
        # Orders from a program are played; the players get the report,
        # the sender no reply.
        msgs = accepted(top, game, message(bot(game),
                                           Auto_Submitted="auto-generated"))
        check(all(m["In-Reply-To"] is None for m in msgs), "a reply went out")
        check(len(msgs) == 2, "%d reports, not 2" % len(msgs))


def test_size_cap():
    with ut.scratch() as top:
        game = new_game(top)
        keep = os.path.join(top, "kept")
        m = message(bot(game))
        m.add_attachment(b"\0" * (4 * 1024 * 1024), maintype="application",
                         subtype="octet-stream", filename="big.bin")
        msgs, _ = refused(top, game, m, "--keep", keep)
        r = to(msgs, TAN)
        check("larger than the 4 MiB" in text_of(r), text_of(r))
        kept = read_maildir(keep)
        check(len(kept) == 1 and kept[0]["X-Umpire-Kept"].startswith(
            "larger than 4 MiB"), "the large message was not kept")


def test_header_injection():
    with ut.scratch() as top:
        game = new_game(top)
        raw = (b"From: Tan <" + TAN.encode() + b">\n"
               b"To: " + GAME_ADDR.encode() + b"\n"
               b"Subject: =?utf-8?b?" +
               __import__("base64").b64encode(
                   b"hi\r\nBcc: victim@example.net\r\n\r\nowned") + b"?=\n"
               b"Message-ID: <orders-1@example.org>\n"
               b"\nhello\n")
        msgs, _ = refused(top, game, raw)
        r = to(msgs, TAN)
        check(r["Bcc"] is None and "victim" not in str(r["To"]),
              "a header was injected")
        check("\n" not in r["Subject"] and "\r" not in r["Subject"],
              "subject %r" % r["Subject"])
        check(r["Subject"].startswith("Re: hi"), "subject %r" % r["Subject"])
        # A From address that is not a plain address gets no reply.
        bad = raw.replace(b"From: Tan <" + TAN.encode() + b">",
                          b"From: \"x\" <a\\\nb@example.org>")
        rc, err, msgs = mail(top, game, bad)
        check(rc == 65 and not msgs, "a bad From: exit %d, %d answers: %s"
              % (rc, len(msgs), err))
        check("no plain From or Reply-To address" in err, err)
        keep = os.path.join(top, "kept")
        msgs, _ = refused(top, game, bad, "--keep", keep)
        check(not msgs and len(read_maildir(keep)) == 1, "a bad From with "
              "--keep: %d answers, not kept" % len(msgs))


def test_sendmail_command():
    """--sendmail: each message on the command's standard input; one that
    fails after the step is played keeps the message (--keep) or exits
    74, so that the mail system returns it with the reason."""
    with ut.scratch() as top:
        game = new_game(top)
        sent = os.path.join(top, "sent")
        # (a separator no letter holds: headings are underlined by =)
        cmd = "cat >> '%s'; echo '<<<sent>>>' >> '%s'" % (sent, sent)
        before = head(game)
        rc, _, err = ut.umpire("mail", "--game", game, "--from", GAME_ADDR,
                               "--sendmail", cmd,
                               stdin=message(bot(game)).as_bytes())
        check(rc == 0 and head(game) != before, "exit %d: %s" % (rc, err))
        parts = ut.read(sent).split("<<<sent>>>\n")[:-1]
        check(len(parts) == 2, "%d messages sent, not 2" % len(parts))
        rcpt = sorted(email.message_from_string(
            p, policy=email.policy.default)["To"].addresses[0].addr_spec
            for p in parts)
        check(rcpt == [GREEN, TAN], "sent to %r" % rcpt)
        keep = os.path.join(top, "kept")
        rc, _, err = ut.umpire("mail", "--game", game, "--from", GAME_ADDR,
                               "--sendmail", "exit 3",
                               "--keep", keep,
                               stdin=message(bot(game), sender=GREEN)
                               .as_bytes())
        check(rc == 0, "failed sendmail with --keep: exit %d: %s" % (rc, err))
        check("not every report could be sent" in err, err)
        check(read_maildir(keep)[0]["X-Umpire-Kept"] ==
              "step played, reports not all sent", "not kept")
        rc, _, err = ut.umpire("mail", "--game", game, "--from", GAME_ADDR,
                               "--sendmail", "head -c 1 >/dev/null; exit 1",
                               stdin=message(bot(game)).as_bytes())
        check(rc == 74, "failed sendmail, no --keep: exit %d: %s" % (rc, err))


def test_from_address():
    """Replies come from the game's own address: --from, else the
    envelope recipient the mail system sets (RECIPIENT, its address
    extension taken off), never the To: header the sender writes; with
    neither, umpire mail refuses to run (exit 64) and sends nothing."""
    spoof = "ceo@bank.example"
    with ut.scratch() as top:
        game = new_game(top)
        msg = message(bot(game))
        del msg["To"]
        msg["To"] = "%s, %s" % (spoof, GAME_ADDR)
        msgs = accepted(top, game, msg)
        check(len(msgs) == 2, "%d messages, not 2" % len(msgs))
        for m in msgs:
            check(m["From"].addresses[0].addr_spec == GAME_ADDR,
                  "a message from %r, chosen by the sender's To:" % m["From"])
            check(spoof not in str(m), "the spoofed address is in a reply")
        # An address extension is the sender's choice too.
        msg = message(bot(game), sender=GREEN)
        msg.replace_header("To", "duel+x@example.org")
        msgs = accepted(top, game, msg, env={
            "RECIPIENT": "duel+x@example.org", "EXTENSION": "x"})
        check(all(m["From"].addresses[0].addr_spec == GAME_ADDR
                  for m in msgs), "From %r" % [m["From"] for m in msgs])
        # --from wins over the envelope.
        msg = message(bot(game))
        msgs = accepted(top, game, msg, "--from", "game@example.net")
        check(all(m["From"].addresses[0].addr_spec == "game@example.net"
                  for m in msgs), "From %r" % [m["From"] for m in msgs])
        # Neither: exit 64, nothing played or sent, saying why.
        before = head(game)
        rc, err, msgs = mail(top, game, message(bot(game), sender=GREEN),
                             env={"RECIPIENT": None})
        check(rc == 64 and not msgs and head(game) == before,
              "no --from, no RECIPIENT: exit %d, %d messages: %s"
              % (rc, len(msgs), err))
        check("--from" in err and "To:" in err, err)


def sign(top, who, path):
    key = os.path.join(top, who)
    ut.write(key, ut.read(os.path.join(ut.ROOT, "tests", "crypto",
                                       "test-key-%s-ed25519" % who)))
    os.chmod(key, 0o600)
    if os.path.exists(path + ".sig"):
        os.unlink(path + ".sig")
    subprocess.run(["ssh-keygen", "-q", "-Y", "sign", "-n", "umpire", "-f",
                    key, path], check=True, stderr=subprocess.DEVNULL)
    return ut.read(path + ".sig", "rb")


def test_signed_hidden_game():
    """Backgammon Wars hides hands and its players have keys: signed
    orders attached or inline are played, unsigned ones refused, and
    each player's private report goes to him alone."""
    players = {"white": "white@example.org", "black": "black@example.org"}
    with ut.scratch() as top:
        game = os.path.join(top, "g")
        seed = os.path.join(top, "seed")
        ut.write(seed, ut.seed_hex(1))
        ut.umpire_ok("new", game, "--scenario", "bgw:standard", "--sealed",
                     "--seed-file", seed, *ut.test_keys("bgw:standard"))
        views = 0
        # Until a step has changed someone's hand (a private report).
        for step in range(1, 21):
            if step > 3 and views:
                break
            text = ut.umpire_ok("bot", game, "--seed-file", seed)
            who = [ln.split()[1] for ln in text.splitlines()
                   if ln.startswith("player:")][0]
            path = os.path.join(top, "orders.yaml")
            ut.write(path, text)
            sig = sign(top, who, path)
            m = message(sender=players[who])
            if step == 1:
                # Unsigned first: refused, with the reason, exit 0.
                m.set_content(text)
                msgs, _ = refused(top, game, m, "--seed-file", seed)
                check("unsigned orders" in text_of(to(msgs, players[who])),
                      text_of(to(msgs, players[who])))
                m = message(sender=players[who])
                m.set_content("Orders and signature attached.\n")
                m.add_attachment(text.encode(), maintype="application",
                                 subtype="yaml", filename="orders.yaml")
                m.add_attachment(sig, maintype="application",
                                 subtype="octet-stream",
                                 filename="orders.yaml.sig")
            elif step == 2:
                # Attached orders, the armored signature in the text.
                m.set_content("My orders are attached; my signature:\n\n" +
                              sig.decode() + "\n-- \nme\n")
                m.add_attachment(text.encode(), maintype="text",
                                 subtype="x-yaml", filename="o.yml")
            else:
                # The armored signature in the text, after the orders.
                m.set_content("Hi,\n\n" + text + "\n" + sig.decode() +
                              "\n-- \nme\n")
            msgs = accepted(top, game, m, "--seed-file", seed)
            check(sorted(m["To"].addresses[0].addr_spec for m in msgs) ==
                  sorted(players.values()), "recipients %r"
                  % [m["To"] for m in msgs])
            check_reply(to(msgs, players[who]))
            for m in msgs:
                rcpt = m["To"].addresses[0].username
                for a in m.iter_attachments():
                    name = a.get_filename()
                    if not name.endswith(".age"):
                        continue
                    check(name.startswith("%04d-%s." % (step, rcpt)),
                          "%s got %s" % (rcpt, name))
                    check(a.get_content().startswith(b"age-encryption.org/"),
                          "%s is not age" % name)
                    views += 1
            check(os.path.exists(ut.step_file(
                game, step, "%04d-%s.yaml.sig" % (step, who), top="orders")),
                "the signature was not committed at step %d" % step)
        check(views > 0, "no private report was attached")


def newest_view(game, rcpt):
    """The newest private view of rcpt's committed at HEAD: (step, name)."""
    names = subprocess.run(
        ["git", "-C", game, "ls-tree", "-r", "--name-only", "HEAD",
         "reports/"], stdout=subprocess.PIPE, check=True,
        universal_newlines=True).stdout.split()
    mine = [n.rsplit("/", 1)[-1] for n in names
            if n.endswith("-%s.md.age" % rcpt)]
    return max((int(n[:4]), n) for n in mine) if mine else (None, None)


def test_standing_steps_views():
    """Standing orders applied after a player's step may change another
    player's private view: each player's letter carries the newest view
    the letter's steps made, not only the one of the step mailed for."""
    players = {"white": "white@example.org", "black": "black@example.org"}
    with ut.scratch() as top:
        game = os.path.join(top, "g")
        seed = os.path.join(top, "seed")
        # This seed's bots make a standing step change a view by turn 11.
        ut.write(seed, "11" * 32)
        ut.umpire_ok("new", game, "--scenario", "bgw:standard", "--sealed",
                     "--seed-file", seed, *ut.test_keys("bgw:standard"))
        later = 0
        for turn in range(1, 15):
            first = int(re.search(r"^awaiting: +step (\d+),", ut.umpire_ok(
                "status", game), re.M).group(1))
            text = ut.umpire_ok("bot", game, "--standing", "--seed-file",
                                seed)
            who = [ln.split()[1] for ln in text.splitlines()
                   if ln.startswith("player:")][0]
            path = os.path.join(top, "orders.yaml")
            ut.write(path, text)
            sig = sign(top, who, path)
            m = message(sender=players[who])
            m.set_content("Hi,\n\n" + text + "\n" + sig.decode() + "\n")
            msgs = accepted(top, game, m, "--seed-file", seed)
            for m in msgs:
                rcpt = m["To"].addresses[0].username
                got = [a.get_filename() for a in m.iter_attachments()
                       if a.get_filename().endswith(".md.age")]
                step, name = newest_view(game, rcpt)
                want = [name] if step is not None and step >= first else []
                check(got == want, "turn %d: %s got %r, not %r"
                      % (turn, rcpt, got, want))
                if want and step > first:
                    later += 1
        check(later > 0, "no standing step changed a view: the test "
              "tests nothing")


if __name__ == "__main__":
    ut.main([test_plain_body, test_your_turn_letter, test_page_url,
             test_base64_utf8_headers,
             test_quoted_printable_latin1, test_multipart_alternative,
             test_yaml_attachment, test_html_only,
             test_reply_quoting_earlier_orders, test_fenced_block,
             test_games_directory, test_bad_orders, test_locked_game,
             test_busy_game_waits,
             test_not_orders, test_loop_guards, test_size_cap,
             test_header_injection, test_sendmail_command,
             test_from_address, test_signed_hidden_game,
             test_standing_steps_views])
