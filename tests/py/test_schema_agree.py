#!/usr/bin/env python3
"""The schemas in schemas/ are the one description of umpire's files:
umpire's own validator (src/doc/schema.c, driven through
tests/tools/validate) and an independent JSON Schema 2020-12
implementation (python-jsonschema) must agree on every file.

The corpus is tests/schema/<ruleset>-<kind>/{good,bad}-<what>.yaml for
every ruleset `umpire rules` lists, kind being scenario, state or
orders, and tests/schema/vsgmr-army/ for VSGMR's army files (each of
ut.AUX_SCHEMAS likewise, its slash a dash); each bad file breaks one
thing, named in its first line.  Each folder must hold at least
LEAST_GOOD good and LEAST_BAD bad files, so that a new ruleset brings
its corpus.  A good file is good to
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
  the bot's orders, are valid: a game of each scenario in
  samples/<ruleset>/, for every ruleset, open or sealed as the scenario
  demands; so are a default step of umpire tick's and a game it
  forfeited, in every ruleset, sealed.

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
# The fewest good and bad files a corpus folder may hold.
LEAST_GOOD, LEAST_BAD = 5, 10

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
    for ruleset in ut.ruleset_names():
        corpus_of(["%s/%s" % (ruleset, k) for k in KINDS], problems)
    for schema in ut.AUX_SCHEMAS:
        corpus_of([schema], problems)
    check(not problems, "\n  " + "\n  ".join(problems))


def corpus_of(schemas_of, problems):
    """Check tests/schema/<ruleset>-<kind>/ against each schema
    <ruleset>/<kind> of schemas_of."""
    counts = {"good": 0, "bad": 0}
    stock_differs = []
    for schema in schemas_of:
        where = os.path.join(CORPUS, schema.replace("/", "-"))
        files = sorted(glob.glob(os.path.join(where, "*.yaml")))
        check(files, "no files in %s: a ruleset's schemas need a corpus"
              % where)
        c = c_verdicts(schema, files)
        c_env = c_verdicts("envelope", files)
        here = {"good": 0, "bad": 0}
        for f in files:
            rel = os.path.relpath(f, ut.ROOT)
            base = os.path.basename(f)
            want = base.split("-", 1)[0]
            if want not in counts:
                problems.append("%s: name it good-*.yaml or bad-*.yaml" % rel)
                continue
            counts[want] += 1
            here[want] += 1
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
        if here["good"] < LEAST_GOOD or here["bad"] < LEAST_BAD:
            problems.append("%s needs at least %d good and %d bad files, "
                            "has %d and %d" % (os.path.relpath(where, ut.ROOT),
                                               LEAST_GOOD, LEAST_BAD,
                                               here["good"], here["bad"]))
    for rel in stock_differs:
        # Not umpire's fault: stock python-jsonschema uses Python's '$',
        # which also matches before a final newline (see ecma_pattern).
        print("note: stock python-jsonschema (Python regex semantics) "
              "differs from ECMA-262 on %s" % rel)
    print("test_schema_agree: %s: %d good and %d bad files"
          % (", ".join(schemas_of), counts["good"], counts["bad"]))


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


def sample_scenarios(ruleset):
    """The scenario files in samples/<ruleset>/."""
    found = []
    for f in sorted(glob.glob(os.path.join(ut.ROOT, "samples", ruleset,
                                           "*.yaml"))):
        text = ut.read(f)
        if ut.SEALED not in text and kind_of(ut.load12(text)) == "scenario":
            found.append(f)
    return found


def test_written_files():
    """What umpire writes must satisfy the schemas it publishes."""
    rulesets = ut.ruleset_names()
    with ut.scratch() as tmp:
        saved = {"%s/%s" % (ruleset, kind): []
                 for ruleset in rulesets for kind in ("state", "orders")}

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

        # Each sample scenario of each ruleset played to its end with the
        # bot, open or sealed as the scenario demands (ut.Game): the state
        # after every step and the orders of every step checked.
        seed = 0x51
        for ruleset in rulesets:
            scenarios = sample_scenarios(ruleset)
            check(scenarios, "samples/%s/ holds no scenario" % ruleset)
            for i, scenario in enumerate(scenarios):
                name = "%s-%d" % (ruleset, i)
                game = os.path.join(tmp, name)
                ut.play(game, scenario=scenario, seed=ut.seed_hex(seed),
                        on_step=keeper(ruleset), max_steps=2000)
                seed += 1
                end = ut.load12(ut.read(os.path.join(game, "game.yaml")))
                check("result" in end and "awaiting" not in end,
                      "%s: a finished game's state has no result" % game)
                first_state(ruleset, game, name)
        # Deadlines: a default step's orders and state, and a forfeited
        # game's state, in every ruleset, sealed (so that every ruleset's
        # sealed state is checked too).
        for ruleset in rulesets:
            src = ut.read(os.path.join(ut.ROOT, "samples", ruleset,
                                       "standard.yaml"))
            for dflt in ("bot", "forfeit"):
                name = "dl-%s-%s" % (ruleset, dflt)
                game, scen = os.path.join(tmp, name), os.path.join(
                    tmp, name + ".yaml")
                ut.write(scen, src + "deadlines: {decision: 1h, default: %s}\n"
                         % dflt)
                sf = os.path.join(tmp, name + ".seed")
                ut.write(sf, ut.seed_hex(0x91))
                ut.umpire_ok("new", game, "--scenario", scen, "--seed-file",
                             sf, "--sealed", *(ut.test_keys("bgw")
                                               if ruleset == "bgw" else []))
                rc, t0, err = ut.run(["git", "-C", game, "log", "-1",
                                      "--format=%ct"])
                check(rc == 0, "git log: %s" % err)
                ut.umpire_ok("tick", game, "--now", str(int(t0) + 3601),
                             "--seed-file", sf)
                files = [("state", os.path.join(game, "game.yaml"))]
                files += [("orders", f) for f in glob.glob(ut.step_file(
                    game, 1, "0001-*.yaml", top="orders"))]
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
        for ruleset in rulesets:
            print("test_schema_agree: %s: %d states and %d orders umpire "
                  "wrote are valid" % (ruleset, len(saved[ruleset + "/state"]),
                                       len(saved[ruleset + "/orders"])))


def same_but_id(a, b):
    """Whether two states are one but for the game id, what its dice
    decided at step 0 (the decision awaited, with its dice), and the
    clock's date each was made at (two runs may fall in two seconds)."""
    da, db = ut.load12(a), ut.load12(b)
    for d in (da, db):
        for key in ("game", "awaiting", "date", "deadline"):
            d.pop(key, None)
    return da == db


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
        # A scenario with row: 2.0 makes the same game as row: 2, but
        # for what the game id binds: the scenario's bytes, and so the
        # id and the dice of the opening roll (umpire-files(5)).
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
        elif not same_but_id(ut.read(os.path.join(tmp, "f", "game.yaml")),
                             state):
            problems.append("a scenario with row: 2.0 makes another game "
                            "than row: 2")
    check(not problems, "\n  " + "\n  ".join(problems))


if __name__ == "__main__":
    ut.main([test_corpus, test_samples, test_written_files,
             test_integral_floats_mean_integers])
