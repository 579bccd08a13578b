#!/usr/bin/env python3
"""Editors: every orders file umpire writes or ships carries a
yaml-language-server modeline naming its schema, and `umpire schema
--write DIR` writes the schemas the modelines name, each one JSON
document that needs no other.  Checked with python-jsonschema, an
independent implementation: each bundle is a valid 2020-12 schema, and
every sample orders file, every orders file the bot writes (each
ruleset, a few steps of a game) and every orders file in the man pages
is valid against the schema its modeline names.

    UMPIRE=... python3 tests/py/test_modelines.py
"""
import glob
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

import jsonschema  # noqa: E402

check = ut.check
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.M)


def written_schemas(d):
    rc, out, err = ut.umpire("schema", "--write", d)
    check(rc == 0, "schema --write: %s" % err)
    files = sorted(glob.glob(os.path.join(d, "*.json")))
    check(any(f.endswith("amb-orders.json") for f in files), "no amb-orders")
    return files


def validate(d, name, text, valid=True, kind="orders"):
    m = MODELINE.search(text)
    check(m, "%s has no yaml-language-server modeline" % name)
    path = m.group(1)
    check(path.startswith(".umpire/schemas/") and
          path.endswith("-%s.json" % kind),
          "%s: the modeline names %s" % (name, path))
    schema = json.load(open(os.path.join(d, os.path.basename(path))))
    doc = ut.load12(text)
    errors = [e.message for e in
              jsonschema.Draft202012Validator(schema).iter_errors(doc)]
    if not valid:	# an example of what umpire refuses
        check(errors, "%s: meant to be refused, but valid under %s"
              % (name, path))
        return
    check(not errors, "%s: invalid under %s: %s" % (name, path, errors[:3]))
    check(path.endswith("/%s-%s.json" % (doc["ruleset"], kind)),
          "%s: a %s file names %s" % (name, doc["ruleset"], path))


def test_bundles_are_schemas():
    with ut.scratch() as d:
        files = written_schemas(d)
        for f in files:
            schema = json.load(open(f))
            jsonschema.Draft202012Validator.check_schema(schema)
            text = open(f).read()
            check("urn:umpire:" not in text.replace(schema["$id"], ""),
                  "%s refers outside itself" % f)
    print("test_modelines: %d schemas, each self-contained" % len(files))


def test_samples_and_bot():
    n = 0
    with ut.scratch() as d:
        written_schemas(d)
        for f in sorted(glob.glob(os.path.join(ut.ROOT, "samples", "*",
                                               "game", "orders", "*.yaml"))):
            if ut.SEALED not in ut.read(f):
                validate(d, f, ut.read(f))
                n += 1
        for f in sorted(glob.glob(os.path.join(ut.ROOT, "samples", "*",
                                               "armies", "*.yaml"))):
            validate(d, f, ut.read(f), kind="army")
            n += 1
        for i, ruleset in enumerate(ut.ruleset_names()):
            g = ut.Game(os.path.join(d, "g-" + ruleset), ruleset,
                        ut.seed_hex(90 + i))
            check(g.rc == 0, "new %s: %s" % (ruleset, g.err))
            for step in range(6):
                rc, orders, err = g.bot()
                check(rc == 0, "bot: %s" % err)
                # A sealed value is a string until umpire opens it.
                if ut.SEALED not in orders:
                    validate(d, "%s bot step %d" % (ruleset, step + 1),
                             orders)
                    n += 1
                path = os.path.join(d, "o.yaml")
                ut.write(path, orders)
                rc, out, err = g.turn(path)
                if rc:
                    break
    print("test_modelines: %d sample armies, sample and bot orders valid "
          "by their modelines" % n)


def test_man_pages():
    n = 0
    with ut.scratch() as d:
        written_schemas(d)
        for page in sorted(glob.glob(os.path.join(ut.ROOT, "man", "*.[157]"))):
            text = ut.read(page)
            for m in re.finditer(r"^(# yaml-language-server: .*\n(?:(?!\.Ed"
                                 r"\n).*\n)*?)\.Ed$", text, re.M):
                block = m.group(1).replace("\\&", "").replace("\\e", "\\")
                # A shell session may follow the file ($ umpire check ...).
                block = block.split("\n$ ")[0] + "\n"
                if "\numpire: 1\n" not in block:
                    continue	# the modeline alone, as an example of it
                # An example of refused orders: the page prints the
                # errors right after it.
                after = text[m.end():m.end() + 700]
                refused = "error: " in after and ".Cm check" in after
                validate(d, "%s, an orders example" % page, block,
                         valid=not refused)
                n += 1
    check(n >= 5, "only %d orders examples in the man pages" % n)
    print("test_modelines: %d orders examples in the man pages" % n)


if __name__ == "__main__":
    ut.main([test_bundles_are_schemas, test_samples_and_bot, test_man_pages])
