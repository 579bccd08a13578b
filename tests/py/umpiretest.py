"""Shared pieces of the Python tests (tests/py/test_*.py): finding umpire
and the tools, running them, scratch directories, bot games, a YAML 1.2
core-schema loader, and python-jsonschema set up with umpire's schemas.

Not a test itself (make check-python runs only test_*.py).  Uses the
standard library, python3-yaml and python3-jsonschema, nothing else.
"""
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "amb", "standard.yaml")

# umpire's own tests may give players its published test keys, which
# umpire new refuses anywhere else (umpire(1), --key).
os.environ["UMPIRE_ALLOW_TEST_KEYS"] = "1"
# The players of the built-in scenarios that need keys, which carry none.
KEYED = {"bgw": ("white", "black"), "bgw:standard": ("white", "black"),
         "amb:mines": ("green", "tan")}


def test_keys(scenario):
    """The --key options that give the players of a built-in scenario, or
    of a scenario file that gives none keys, their published test keys
    (tests/crypto/test-key-PLAYER-ed25519.pub)."""
    args = []
    players = KEYED.get(scenario, ())
    if os.path.isfile(scenario):
        with open(scenario, encoding="utf-8") as f:
            doc = yaml.safe_load(f) or {}
        given = doc.get("players") or {}
        if not any(isinstance(p, dict) and "key" in p
                   for p in given.values()):
            players = list(given)
    for who in players:
        args += ["--key", "%s=%s" % (who, os.path.join(
            ROOT, "tests", "crypto", "test-key-%s-ed25519.pub" % who))]
    return args


# The exit codes of sysexits(3) that umpire uses.
EX_USAGE, EX_DATAERR, EX_NOINPUT = 64, 65, 66


class Failure(Exception):
    """A check failed; the message says which and why."""


def check(cond, msg):
    if not cond:
        raise Failure(msg)

def chromium():
    """Debian's Chromium, which make check installs."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    raise Failure("no chromium: make check installs Debian's chromium "
                  "package (apt-get install chromium)")


def main(tests):
    """Run each test function; print one line each; exit 1 on a failure.

    Every test runs even after one fails, so a run reports everything it
    can.  A failure prints the message and the test's name.
    """
    name = os.path.basename(sys.argv[0])
    failed = 0
    for t in tests:
        try:
            t()
        except Failure as e:
            failed += 1
            print("%s: FAIL %s: %s" % (name, t.__name__, e), flush=True)
        else:
            print("%s: ok %s" % (name, t.__name__), flush=True)
    if failed:
        print("%s: %d of %d tests failed" % (name, failed, len(tests)),
              file=sys.stderr)
        sys.exit(1)


def env_path(var, what):
    p = os.environ.get(var)
    if not p:
        sys.exit("%s: set %s to %s (make check-python does)"
                 % (os.path.basename(sys.argv[0]), var, what))
    return p


def umpire_bin():
    return env_path("UMPIRE", "the absolute path of the umpire binary")


def tool(name):
    path = os.path.join(env_path("TOOLS", "the directory of the built "
                                 "tests/tools programs"), name)
    if not os.access(path, os.X_OK):
        sys.exit("%s: %s is missing: make BUILD=... tools"
                 % (os.path.basename(sys.argv[0]), path))
    return path


def run(argv, stdin=None, cwd=None, env=None, timeout=60):
    """Run a program; return (exit code, stdout, stderr) as text."""
    p = subprocess.run(argv, input=stdin, cwd=cwd, env=env, timeout=timeout,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def umpire(*args, **kw):
    return run([umpire_bin()] + list(args), **kw)


def umpire_ok(*args, **kw):
    """Run umpire; fail unless it exits 0; return its stdout."""
    rc, out, err = umpire(*args, **kw)
    check(rc == 0, "umpire %s exited %d: %s" % (" ".join(args), rc,
                                               err.strip()))
    return out


@contextlib.contextmanager
def scratch():
    """A temporary directory, removed afterwards whatever happens."""
    d = tempfile.mkdtemp(prefix="umpire-pytest-")
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def step_file(game, step, name, top="reports"):
    """The path of step's file name ("0003.md") in the work tree of game:
    in reports/NN/ (or orders/NN/), the folder of its hundred steps, in a
    game laid out so (its state says "layout: grouped"), else in reports/
    (umpire-files(5), Layout)."""
    with open(os.path.join(game, "game.yaml")) as f:
        grouped = "\nlayout: grouped\n" in f.read()
    if grouped:
        return os.path.join(game, top, "%02d" % (step // 100), name)
    return os.path.join(game, top, name)


def report_files(game, ext):
    """The names of game's files in reports/ that end in ext, in order of
    their steps, and where each is: [(name, path)], in either layout."""
    top = os.path.join(game, "reports")
    found = []
    for n in os.listdir(top):
        sub = os.path.join(top, n)
        if os.path.isdir(sub):
            found += [(m, os.path.join(sub, m)) for m in os.listdir(sub)]
        else:
            found.append((n, sub))
    return sorted(f for f in found if f[0].endswith(ext))


def write(path, data):
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def seed_hex(i):
    """A fixed, distinct seed for test number i."""
    return ("%02x" % (i & 0xff)) * 32 if i < 256 else "%064x" % i


def play(game, scenario=SAMPLE, seed=None, max_steps=400, on_step=None,
         seed_file=None, sealed=False):
    """Make a git game and play it with the bot until it is over.

    on_step(step, game_dir, orders_path), if given, runs after each
    accepted turn.  Returns the number of turns played.
    """
    if seed and not seed_file and not sealed:
        # Open if the scenario allows it, else sealed (class Game).
        g = Game(game, scenario, seed)
        check(g.rc == 0, "umpire new %s: %s" % (game, g.err))
        bot, turn = g.bot, g.turn
    else:
        args = ["new", game, "--scenario", scenario]
        if seed_file:
            args += ["--seed-file", seed_file]
        elif seed:
            args += ["--seed", seed]
        if sealed:
            args.append("--sealed")
            if scenario in KEYED:   # a sealed game of a file may need none
                args += test_keys(scenario)
        umpire_ok(*args)
        turn_extra = ["--seed-file", seed_file] if sealed else []

        def bot():
            return umpire("bot", game)

        def turn(path):
            return umpire("turn", game, path, *turn_extra)
    orders = game + ".orders.yaml"
    try:
        for step in range(1, max_steps + 1):
            rc, out, err = bot()
            if rc == EX_DATAERR and "the game is over" in err:
                return step - 1
            check(rc == 0, "umpire bot %s exited %d: %s" % (game, rc, err))
            write(orders, out)
            rc, out, err = turn(orders)
            check(rc == 0, "umpire turn %s exited %d: %s" % (game, rc, err))
            if on_step:
                on_step(step, game, orders)
        raise Failure("%s: not over after %d steps" % (game, max_steps))
    finally:
        if os.path.exists(orders):
            os.unlink(orders)


# What a sealed value in orders starts with (age -a's armor): the schema
# sees what it holds only once umpire opens it.
SEALED = "-----BEGIN AGE ENCRYPTED FILE-----"


class Game:
    """A game of any ruleset, made as `umpire new` demands: open, with the
    seed given; or, when its scenario hides information (Backgammon
    Wars' hands), sealed, with the seed in a file that every call gets
    and each orders file signed by the player's published TEST KEY
    (tests/crypto/test-key-PLAYER-ed25519) with the real ssh-keygen."""

    def __init__(self, game, scenario, seed):
        self.dir, self.seed = game, seed
        rc, out, err = umpire("new", game, "--scenario", scenario, "--seed",
                              seed)
        self.sealed = rc == EX_DATAERR and "must be sealed" in err
        self.extra, self.env = [], None
        if self.sealed:
            self.seed_file = game + ".seed"
            write(self.seed_file, seed + "\n")
            self.extra = ["--seed-file", self.seed_file]
            self.env = dict(os.environ, UMPIRE_SEED=seed)
            rc, out, err = umpire("new", game, "--scenario", scenario,
                                  "--sealed", *(self.extra +
                                                test_keys(scenario)))
        self.rc, self.out, self.err = rc, out, err

    def bot(self):
        return umpire("bot", self.dir, env=self.env)

    def sign(self, path):
        """Sign orders at path as their player, if the game wants it."""
        if not self.sealed:
            return
        player = re.search(r"(?m)^player: *([a-z]+)", read(path)).group(1)
        key = "%s.key-%s" % (self.dir, player)
        if not os.path.exists(key):
            shutil.copy(os.path.join(ROOT, "tests", "crypto",
                                     "test-key-%s-ed25519" % player), key)
            os.chmod(key, 0o600)
        if os.path.exists(path + ".sig"):
            os.unlink(path + ".sig")
        rc, out, err = run(["ssh-keygen", "-q", "-Y", "sign", "-n", "umpire",
                            "-f", key, path])
        check(rc == 0, "ssh-keygen -Y sign %s: %s" % (path, err))

    def turn(self, path):
        """umpire turn with orders at path (signed first if need be)."""
        self.sign(path)
        return umpire("turn", self.dir, path, *self.extra, env=self.env)

    def verify(self):
        return umpire("verify", self.dir, *self.extra, env=self.env)


ROLL_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(.*?)\s*\|$")


def roll_table(report):
    """The rows (r, sides, result, purpose) of a report's roll table."""
    rows = []
    lines = report.split("\n")
    try:
        start = lines.index("| roll | sides | result | for |")
    except ValueError:
        return rows
    for line in lines[start + 2:]:
        m = ROLL_ROW.match(line)
        if not m:
            break
        rows.append((int(m.group(1)), int(m.group(2)), int(m.group(3)),
                     m.group(4)))
    return rows


# ------------------------------------------------------------------ YAML 1.2

class YamlError(Exception):
    """A file that umpire's reader would refuse too."""


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML with the YAML 1.2 core schema and umpire's restrictions.

    Plain scalars resolve as YAML 1.2 core does: true/false (three
    spellings) only as booleans, null/~/empty as null, decimal, 0o and 0x
    integers, core floats; no yes/no/on/off, no sexagesimal, no
    timestamps, no merge keys, no '=' values.  Like umpire's reader
    (src/doc/yaml.c): mapping keys are strings as written, duplicate keys
    are an error, explicit tags other than one that fits the node are an
    error, and so is a NUL character in a string.
    """


Yaml12Loader.yaml_implicit_resolvers = {}
for _tag, _re, _first in [
        ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$",
         "-+0123456789"),
        ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)"
         r"(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
         "-+0123456789.")]:
    Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:" + _tag,
                                       re.compile(_re), list(_first))

_Y = "tag:yaml.org,2002:"
# A tag may only say what the node is: "!" or !!str on a scalar, "!" or
# !!seq on a sequence, "!" or !!map on a mapping.
_ALLOWED_TAGS = {"scalar": (None, "!", _Y + "str"),
                 "sequence": (None, "!", _Y + "seq"),
                 "mapping": (None, "!", _Y + "map")}


def _tag_check(compose, kind):
    def composer(self, *args):
        event = self.peek_event()
        if event.tag not in _ALLOWED_TAGS[kind]:
            raise YamlError("%s: tag %s is not supported"
                            % (event.start_mark, event.tag))
        return compose(self, *args)
    return composer


Yaml12Loader.compose_scalar_node = _tag_check(
    yaml.SafeLoader.compose_scalar_node, "scalar")
Yaml12Loader.compose_sequence_node = _tag_check(
    yaml.SafeLoader.compose_sequence_node, "sequence")
Yaml12Loader.compose_mapping_node = _tag_check(
    yaml.SafeLoader.compose_mapping_node, "mapping")


def _construct_int(loader, node):
    v = loader.construct_scalar(node)
    if v.startswith("0o"):
        return int(v[2:], 8)
    if v.startswith("0x"):
        return int(v[2:], 16)
    return int(v, 10)  # "012" is twelve in YAML 1.2


def _construct_str(loader, node):
    v = loader.construct_scalar(node)
    if "\0" in v:
        raise YamlError("%s: a string holds a NUL character" % node.start_mark)
    return v


def _construct_mapping(loader, node, deep=False):
    if not isinstance(node, yaml.MappingNode):
        raise YamlError("%s: expected a mapping" % node.start_mark)
    out = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise YamlError("%s: a mapping key must be a scalar"
                            % key_node.start_mark)
        key = key_node.value
        if "\0" in key:
            raise YamlError("%s: a key holds a NUL character"
                            % key_node.start_mark)
        if key in out:
            raise YamlError("%s: duplicate key %r" % (key_node.start_mark, key))
        out[key] = loader.construct_object(value_node, deep=deep)
    return out


def _construct_map(loader, node):
    data = {}
    yield data
    data.update(_construct_mapping(loader, node))


Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
Yaml12Loader.add_constructor("tag:yaml.org,2002:str", _construct_str)
Yaml12Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
Yaml12Loader.construct_mapping = _construct_mapping


def load12(text):
    """Parse one document as YAML 1.2 core; YamlError if umpire would not."""
    try:
        return yaml.load(text, Loader=Yaml12Loader)
    except yaml.YAMLError as e:
        raise YamlError(str(e))


# ---------------------------------------------------------------- schemas

def ruleset_names():
    """The rulesets `umpire rules` lists, in its order."""
    lines = umpire_ok("rules").splitlines()
    check(lines and lines[0].split()[:1] == ["NAME"],
          "umpire rules has no header")
    names = []
    for line in lines[1:]:
        if not line.strip():
            break  # the built-in scenarios follow
        names.append(line.split()[0])
    return names


# Schemas umpire embeds that `umpire schema` does not print yet.
AUX_SCHEMAS = ["vsgmr/army"]


def schema_names():
    """Every schema umpire has: the envelope, and three per ruleset."""
    names = {"envelope": ["envelope"]}
    for r in ruleset_names():
        for kind in ("state", "orders", "scenario"):
            names["%s/%s" % (r, kind)] = [r, kind]
    return names


def ecma_pattern(pattern):
    """Python re source for an ECMA-262 pattern as JSON Schema means it.

    JSON Schema patterns are ECMA-262 regular expressions, where '$' (no
    multiline flag) matches only at the very end of the input.  Python's
    '$' also matches before a final newline, so stock python-jsonschema
    takes "g1\\n" for a man id.  Our patterns use nothing else whose
    meaning differs, so translating '$' to '\\Z' outside brackets is enough.
    """
    out, i, in_class = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":  # "[]...]": a literal ]
                out.append("[]")
                i += 2
                continue
        elif c == "$":
            c = r"\Z"
        out.append(c)
        i += 1
    return "".join(out)


def absolute_refs(schema, base):
    """schema with each "#..." $ref made "BASE#...".

    The two mean the same (a schema's $id is the base of its references),
    but jsonschema 4.10's RefResolver joins "#/$defs/x" to a urn: base
    with urllib, which does not know urn: and loses the base, so a
    relative $ref inside one schema reached from another resolves in the
    wrong one.  Absolute references resolve the same everywhere.
    """
    if isinstance(schema, dict):
        return {k: (base + v if k == "$ref" and isinstance(v, str) and
                    v.startswith("#") else absolute_refs(v, base))
                for k, v in schema.items()}
    if isinstance(schema, list):
        return [absolute_refs(v, base) for v in schema]
    return schema


class Schemas:
    """umpire's schemas as `umpire schema` prints them, in jsonschema.

    Each schema refers to the others by $id (urn:umpire:...).  The
    validators resolve those through a store, with the RefResolver of
    jsonschema 4.10 (Debian 12) or the `referencing` registry of newer
    versions.  ecma=True (the default) makes 'pattern' follow ECMA-262 as
    the specification says; ecma=False is stock python-jsonschema.
    """

    def __init__(self):
        import jsonschema
        self.jsonschema = jsonschema
        self.by_name, self.by_id = {}, {}
        for name, args in schema_names().items():
            s = load12(umpire_ok("schema", *args))
            check(isinstance(s, dict) and s.get("$id"),
                  "umpire schema %s: no $id" % " ".join(args))
            jsonschema.Draft202012Validator.check_schema(s)
            s = absolute_refs(s, s["$id"])
            self.by_name[name] = s
            self.by_id[s["$id"]] = s
        # A ruleset still being built has schemas in the tree before
        # `umpire schema` can print them (VSGMR's army files): read from
        # schemas/ as umpire embeds them.
        for name in AUX_SCHEMAS:
            s = load12(read(os.path.join(ROOT, "schemas", name + ".yaml")))
            jsonschema.Draft202012Validator.check_schema(s)
            s = absolute_refs(s, s["$id"])
            self.by_name[name] = s
            self.by_id[s["$id"]] = s
        self._validators = {}

    def _make(self, name, ecma):
        js = self.jsonschema
        base = js.Draft202012Validator
        cls = base
        if ecma:
            def pattern(validator, patrn, instance, schema):
                if (validator.is_type(instance, "string") and
                        not re.search(ecma_pattern(patrn), instance)):
                    yield js.ValidationError("%r does not match %r"
                                             % (instance, patrn))
            cls = js.validators.extend(base, {"pattern": pattern})
        schema = self.by_name[name]
        try:
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT202012
        except ImportError:
            resolver = js.RefResolver.from_schema(schema,
                                                  store=dict(self.by_id))
            return cls(schema, resolver=resolver)
        registry = Registry().with_resources(
            (i, Resource.from_contents(s, default_specification=DRAFT202012))
            for i, s in self.by_id.items())
        return cls(schema, registry=registry)

    def errors(self, name, doc, ecma=True):
        """The messages of every violation of schema `name` by doc."""
        key = (name, ecma)
        if key not in self._validators:
            self._validators[key] = self._make(name, ecma)
        return [e.message for e in self._validators[key].iter_errors(doc)]
