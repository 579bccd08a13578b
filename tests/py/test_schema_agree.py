#!/usr/bin/env python3
"""The schemas in schemas/ are the one description of umpire's files:
umpire's own validator (src/core/schema.c, driven through
tests/tools/validate) and an independent JSON Schema 2020-12
implementation (python-jsonschema) must agree on every file.

The corpus is tests/schema/<kind>/{good,bad}-<what>.yaml, kind being
scenario, state or orders of Army Man Backgammon, and
tests/schema/wwii-<kind>/, tests/schema/armymen-<kind>/ and
tests/schema/bgw-<kind>/ likewise for WWII Combined Arms, Army Men and
Backgammon Wars, and tests/schema/vsgmr-army/, vsgmr-scenario/ and
vsgmr-state/ and vsgmr-orders/ for VSGMR's army, scenario, state and
orders files (ut.AUX_SCHEMAS: the ruleset does not play yet); each bad
file breaks one thing, named in its first line.  A good file is good to
the schema: whether umpire's reader takes it as a game (ids, distances,
points) is the unit tests' question (tests/unit/test_vsgmr_scenario.c
reads tests/vsgmr/scenarios/, and tests/unit/test_vsgmr_state.c every
good file of vsgmr-state/).  Both
sides read YAML 1.2 core (see umpiretest.Yaml12Loader).  Checked:

- on every corpus file the two validators agree, good files are valid
  and bad files invalid (the envelope schema is run on each too, for
  agreement);
- every file in samples/ is a valid scenario, orders or army file;
- states written by `umpire new` and by every turn of a bot game, and
  the bot's orders, are valid (games of every ruleset: Army Men on both
  its sample scenarios); so are a default step of umpire tick's and a
  game it forfeited, in every ruleset.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_schema_agree.py
"""
import glob
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
CORPUS = os.path.join(ut.ROOT, "tests", "schema")
KINDS = ["scenario", "state", "orders"]
# (corpus directory, schema, fewest good files, fewest bad files)
AUX_CORPUS = [("vsgmr-army", "vsgmr/army", 6, 25)]
# (corpus directory prefix, ruleset, fewest good files, fewest bad files)
RULESETS = [("", "amb", 25, 40), ("wwii-", "wwii", 15, 30),
            ("armymen-", "armymen", 18, 36), ("bgw-", "bgw", 30, 100),
            ("vsgmr-", "vsgmr", 8, 24)]
# The rulesets whose games test_written_files plays.
PLAYED = ["amb", "wwii", "armymen", "bgw", "vsgmr"]
WWII_SAMPLE = os.path.join(ut.ROOT, "samples", "wwii", "standard.yaml")
VSGMR_SAMPLES = ["standard.yaml", "map.yaml", "spawning.yaml",
                 "fortress-assault.yaml", "solo.yaml"]
ARMYMEN_SAMPLES = [os.path.join(ut.ROOT, "samples", "armymen", name)
                   for name in ("standard.yaml", "skirmish.yaml")]

_schemas = None


def schemas():
    global _schemas
    if _schemas is None:
        _schemas = ut.Schemas()
    return _schemas


def c_verdicts(schema, files):
    """{file: True if valid} from tests/tools/validate."""
    rc, out, err = ut.run([ut.tool("validate"), schema] + files)
    check(rc == 0, "validate %s exited %d: %s" % (schema, rc, err.strip()))
    got = {}
    for line in out.splitlines():
        name, _, verdict = line.rpartition(" ")
        check(verdict in ("valid", "invalid"), "validate printed %r" % line)
        got[name] = verdict == "valid"
    check(sorted(got) == sorted(files), "validate %s answered for %d of %d "
          "files" % (schema, len(got), len(files)))
    return got


def py_verdict(schema, path, ecma=True):
    """(valid, why) from python-jsonschema on the YAML 1.2 reading."""
    try:
        doc = ut.load12(ut.read(path, "rb"))
    except ut.YamlError as e:
        return False, "does not load: %s" % str(e).splitlines()[0]
    except UnicodeDecodeError as e:
        return False, "not UTF-8: %s" % e
    errors = schemas().errors(schema, doc, ecma=ecma)
    return not errors, "; ".join(errors)[:300]


def test_corpus():
    problems = []
    for prefix, ruleset, good, bad in RULESETS:
        corpus_of(prefix, ruleset, good, bad, problems)
    for folder, schema, good, bad in AUX_CORPUS:
        corpus_of(folder, schema, good, bad, problems, kinds=[""])
    check(not problems, "\n  " + "\n  ".join(problems))


def corpus_of(prefix, ruleset, least_good, least_bad, problems, kinds=KINDS):
    """kinds [""]: prefix is the folder and ruleset the schema's name."""
    counts = {"good": 0, "bad": 0}
    stock_differs = []
    for kind in kinds:
        where = os.path.join(CORPUS, prefix + kind)
        files = sorted(glob.glob(os.path.join(where, "*.yaml")))
        check(files, "no files in %s" % where)
        schema = ruleset + "/" + kind if kind else ruleset
        c = c_verdicts(schema, files)
        c_env = c_verdicts("envelope", files)
        for f in files:
            rel = os.path.relpath(f, ut.ROOT)
            base = os.path.basename(f)
            want = base.split("-", 1)[0]
            if want not in counts:
                problems.append("%s: name it good-*.yaml or bad-*.yaml" % rel)
                continue
            counts[want] += 1
            py, why = py_verdict(schema, f)
            if py != c[f]:
                problems.append("%s: the validators disagree: umpire says %s, "
                                "python-jsonschema says %s (%s)"
                                % (rel, "valid" if c[f] else "invalid",
                                   "valid" if py else "invalid", why))
            elif py != (want == "good"):
                problems.append("%s: both say %s (%s)" % (
                    rel, "valid" if py else "invalid", why or "no errors"))
            env, why = py_verdict("envelope", f)
            if env != c_env[f]:
                problems.append("%s: the validators disagree on the envelope: "
                                "umpire %s, python-jsonschema %s (%s)"
                                % (rel, c_env[f], env, why))
            stock, _ = py_verdict(schema, f, ecma=False)
            if stock != py:
                stock_differs.append(rel)
    for rel in stock_differs:
        # Not umpire's fault: stock python-jsonschema uses Python's '$',
        # which also matches before a final newline (see ecma_pattern).
        print("note: stock python-jsonschema (Python regex semantics) "
              "differs from ECMA-262 on %s" % rel)
    print("test_schema_agree: %s: %d good and %d bad files"
          % (ruleset, counts["good"], counts["bad"]))
    check(counts["good"] >= least_good and counts["bad"] >= least_bad,
          "the %s corpus needs at least %d good and %d bad files, has %d "
          "and %d" % (ruleset, least_good, least_bad, counts["good"],
                      counts["bad"]))


def kind_of(doc):
    """Which kind of file a document is, by the keys only it has."""
    if "player" in doc and "step" in doc:
        return "orders"
    if "seed" in doc and "version" in doc:
        return "state"
    if "figures" in doc and "players" not in doc:
        return "army"
    return "scenario"


def test_samples():
    """Every file in samples/ (scenarios, a sample game's orders) is valid."""
    files = sorted(glob.glob(os.path.join(ut.ROOT, "samples", "**", "*.yaml"),
                             recursive=True))
    check(files, "no samples")
    problems = []
    by_schema = {}
    for f in files:
        text = ut.read(f)
        if ut.SEALED in text:
            continue	# the schema sees a sealed value once umpire opens it
        doc = ut.load12(text)
        check(isinstance(doc, dict), "%s: not a mapping" % f)
        by_schema.setdefault("%s/%s" % (doc.get("ruleset"), kind_of(doc)),
                             []).append(f)
    for schema, group in sorted(by_schema.items()):
        check(schema in ut.schema_names() or schema in ut.AUX_SCHEMAS,
              "%s: no schema %s" % (group[0], schema))
        c = c_verdicts(schema, group)
        for f in group:
            py, why = py_verdict(schema, f)
            if not (py and c[f]):
                problems.append("%s: umpire %s, python-jsonschema %s (%s)"
                                % (f, c[f], py, why))
    check(not problems, "\n  " + "\n  ".join(problems))


def test_written_files():
    """What umpire writes must satisfy the schemas it publishes."""
    with ut.scratch() as tmp:
        saved = {"%s/%s" % (ruleset, kind): []
                 for ruleset in PLAYED for kind in ("state", "orders")}

        def keeper(ruleset):
            def keep(step, game, orders):
                for kind, src in (("state", os.path.join(game, "game.yaml")),
                                  ("orders", orders)):
                    # A sealed value is a string until umpire opens it.
                    if kind == "orders" and ut.SEALED in ut.read(src):
                        continue
                    dst = os.path.join(tmp, "%s-%s-%04d.yaml"
                                       % (os.path.basename(game), kind, step))
                    ut.write(dst, ut.read(src, "rb"))
                    saved[ruleset + "/" + kind].append(dst)
            return keep

        def first_state(ruleset, game, name):
            """The state umpire new wrote: the game's first commit."""
            rc, first, err = ut.run(["git", "-C", game, "rev-list",
                                     "--max-parents=0", "HEAD"])
            check(rc == 0, "git rev-list: %s" % err)
            rc, text, err = ut.run(["git", "-C", game, "show",
                                    first.strip() + ":game.yaml"])
            check(rc == 0, "git show: %s" % err)
            dst = os.path.join(tmp, "%s-state-0000.yaml" % name)
            ut.write(dst, text)
            saved[ruleset + "/state"].append(dst)

        keep = keeper("amb")
        # WWII: an army, thirty-two placements, then turns, each checked.
        for i in range(2):
            ut.play(os.path.join(tmp, "w%d" % i), scenario=WWII_SAMPLE,
                    seed=ut.seed_hex(0x61 + i), on_step=keeper("wwii"))
        # Army Men: each sample scenario played to its end, every card's
        # orders and the state after them checked.
        for i, scenario in enumerate(ARMYMEN_SAMPLES):
            game = os.path.join(tmp, "a%d" % i)
            ut.play(game, scenario=scenario, seed=ut.seed_hex(0x71 + 2 * i),
                    on_step=keeper("armymen"))
            end = ut.load12(ut.read(os.path.join(game, "game.yaml")))
            check("result" in end and "awaiting" not in end,
                  "%s: a finished game's state has no result" % game)
            first_state("armymen", game, "a%d" % i)
        # Backgammon Wars: the standard game, sealed (its hands hidden).
        ut.play(os.path.join(tmp, "b0"), scenario="bgw",
                seed=ut.seed_hex(0x81), on_step=keeper("bgw"), max_steps=2000)
        # VSGMR: the sample scenarios, table and map, every phase's orders.
        for i, name in enumerate(VSGMR_SAMPLES):
            game = os.path.join(tmp, "v%d" % i)
            ut.play(game, scenario=os.path.join(ut.ROOT, "samples", "vsgmr",
                                                name),
                    seed=ut.seed_hex(0x91 + i), on_step=keeper("vsgmr"),
                    max_steps=2000)
            first_state("vsgmr", game, "v%d" % i)
        for i, sealed in enumerate([False, False, True]):
            game = os.path.join(tmp, "g%d" % i)
            kw = {"seed": ut.seed_hex(0x51 + i)}
            if sealed:
                sf = os.path.join(tmp, "seed%d" % i)
                ut.write(sf, ut.seed_hex(0x51 + i))
                kw = {"seed_file": sf, "sealed": True}
            ut.play(game, on_step=keep, **kw)
            end = ut.load12(ut.read(os.path.join(game, "game.yaml")))
            check("result" in end and "awaiting" not in end,
                  "%s: a finished game's state has no result" % game)
            first_state("amb", game, "g%d" % i)
        # Deadlines: a default step's orders and state, and a forfeited
        # game's state, in every ruleset (Backgammon Wars sealed).
        for ruleset in PLAYED:
            src = ut.read(os.path.join(ut.ROOT, "samples", ruleset,
                                       "standard.yaml"))
            for dflt in ("bot", "forfeit"):
                name = "dl-%s-%s" % (ruleset, dflt)
                game, scen = os.path.join(tmp, name), os.path.join(
                    tmp, name + ".yaml")
                ut.write(scen, src + "deadlines: {decision: 1h, default: %s}\n"
                         % dflt)
                seed = ["--seed", ut.seed_hex(0x91)]
                if ruleset == "bgw":
                    sf = os.path.join(tmp, name + ".seed")
                    ut.write(sf, ut.seed_hex(0x91))
                    seed = ["--seed-file", sf]
                ut.umpire_ok("new", game, "--scenario", scen, *(
                    seed + ["--sealed"] + ut.test_keys("bgw")
                    if ruleset == "bgw" else seed))
                rc, t0, err = ut.run(["git", "-C", game, "log", "-1",
                                      "--format=%ct"])
                check(rc == 0, "git log: %s" % err)
                ut.umpire_ok("tick", game, "--now", str(int(t0) + 3601),
                             *(seed if ruleset == "bgw" else []))
                files = [("state", os.path.join(game, "game.yaml"))]
                files += [("orders", f) for f in glob.glob(
                    os.path.join(game, "orders", "0001-*.yaml"))]
                check(len(files) == (2 if dflt == "bot" else 1),
                      "%s: %s" % (name, files))
                for kind, f in files:
                    dst = os.path.join(tmp, "%s-%s.yaml" % (name, kind))
                    ut.write(dst, ut.read(f, "rb"))
                    saved[ruleset + "/" + kind].append(dst)
        problems = []
        for schema, files in saved.items():
            c = c_verdicts(schema, files)
            for f in files:
                py, why = py_verdict(schema, f)
                if not (py and c[f]):
                    problems.append("%s: umpire %s, python-jsonschema %s (%s)"
                                    % (os.path.basename(f), c[f], py, why))
        check(not problems, "\n  " + "\n  ".join(problems))
        for ruleset in PLAYED:
            print("test_schema_agree: %s: %d states and %d orders umpire "
                  "wrote are valid" % (ruleset, len(saved[ruleset + "/state"]),
                                       len(saved[ruleset + "/orders"])))


def test_integral_floats_mean_integers():
    """A file the schema accepts means the same to umpire.

    JSON Schema 2020-12 (and so the schemas, and umpire's validator)
    takes an integral number such as 4.0 for an integer; YAML 1.2 reads
    "4.0" as a float.  umpire must then use it as the integer 4.
    """
    problems = []
    with ut.scratch() as tmp:
        game = os.path.join(tmp, "g")
        seed = ut.seed_hex(0x77)
        ut.umpire_ok("new", game, "--scenario", ut.SAMPLE, "--seed", seed)
        state = ut.read(os.path.join(game, "game.yaml"))
        orders = ut.umpire_ok("bot", game)
        doc = ut.load12(state)
        step = doc["step"]

        def resolve(state_text, orders_text, tag):
            sp = os.path.join(tmp, "s-%s.yaml" % tag)
            op = os.path.join(tmp, "o-%s.yaml" % tag)
            ut.write(sp, state_text)
            ut.write(op, orders_text)
            rc, out, err = ut.umpire("resolve", sp, op, "-o",
                                     os.path.join(tmp, "n-%s.yaml" % tag),
                                     "-r", os.path.join(tmp, "r-%s.md" % tag))
            if rc != 0:
                return "exit %d: %s" % (rc, err.strip().split("\n")[0])
            # The report's receipt hashes the orders' bytes, which differ
            # here by design; everything above it must not.
            report = ut.read(os.path.join(tmp, "r-%s.md" % tag))
            return (ut.read(os.path.join(tmp, "n-%s.yaml" % tag)),
                    report[:report.index("\n## Receipt\n")])

        want = resolve(state, orders, "int")
        check(isinstance(want, tuple), "the bot's orders: %s" % (want,))
        die = "die: %d}" % ut.load12(orders)["actions"][0]["die"]
        variants = [
            ("orders with die: N.0", state, orders.replace(
                die, die.replace("}", ".0}"), 1)),
            ("orders with umpire: 1.0", state,
             orders.replace("umpire: 1", "umpire: 1.0", 1)),
            ("orders with step: N.0", state, orders.replace(
                "step: %d" % step, "step: %d.0" % step, 1)),
            ("a state with step: N.0", state.replace(
                "\nstep: %d\n" % step, "\nstep: %d.0\n" % step, 1), orders),
            ("a state with a die N.0", state.replace(
                "dice: [%d," % doc["awaiting"]["dice"][0],
                "dice: [%d.0," % doc["awaiting"]["dice"][0], 1), orders),
        ]
        for k, (name, st, od) in enumerate(variants):
            check(st != state or od != orders, "%s: nothing replaced" % name)
            for text, kind in ((st, "amb/state"), (od, "amb/orders")):
                errs = schemas().errors(kind, ut.load12(text))
                check(not errs, "%s is not schema-valid: %s" % (name, errs))
            got = resolve(st, od, "v%d" % k)
            if got != want:
                problems.append("%s (valid by the schema): umpire %s"
                                % (name, got if isinstance(got, str) else
                                   "resolves it differently"))
        # A scenario with row: 2.0 makes the same game as row: 2.
        scen = ut.read(ut.SAMPLE)
        fscen = os.path.join(tmp, "float.yaml")
        ut.write(fscen, scen.replace("row: 2}", "row: 2.0}"))
        check(not schemas().errors("amb/scenario", ut.load12(ut.read(fscen))),
              "the scenario with row: 2.0 is not schema-valid")
        rc, out, err = ut.umpire("new", os.path.join(tmp, "f"), "--scenario",
                                 fscen, "--seed", seed)
        if rc != 0:
            problems.append("a scenario with row: 2.0 (valid by the schema): "
                            "umpire new exit %d: %s"
                            % (rc, err.strip().split("\n")[0]))
        elif ut.read(os.path.join(tmp, "f", "game.yaml")) != state:
            problems.append("a scenario with row: 2.0 makes another game "
                            "than row: 2")
    check(not problems, "\n  " + "\n  ".join(problems))


if __name__ == "__main__":
    ut.main([test_corpus, test_samples, test_written_files,
             test_integral_floats_mean_integers])
