#!/usr/bin/env python3
"""One conformance test for every ruleset umpire plays.

The rulesets come from `umpire rules`, not from a list here, so a new
ruleset is tested the moment it is registered.  For each:

- its three schemas, as `umpire schema` prints them, are valid JSON
  Schema 2020-12 and are the files in schemas/;
- whole games from its built-in scenario, played by the bot through
  `umpire turn` (each call reads the state back from the repository and
  plays on), end within a bound; every state and every orders file is
  valid under python-jsonschema, an independent validator, with the
  schemas umpire prints; `umpire check` accepts every order the bot gives;
  the envelope (awaiting, result) is what umpire-files(5) says;
- `umpire verify` replays each game clean and names how it ended.

A ruleset whose built-in scenario hides information (Backgammon Wars'
hands) is played as `umpire new` demands: sealed, its seed in a file
that every call is given, and every orders file signed with the real
ssh-keygen by the player's TEST KEY (tests/crypto/test-key-PLAYER-ed25519),
one game instead of two to keep the time down.

    UMPIRE=.../umpire TOOLS=.../tests/tools python3 tests/py/test_conformance.py
"""
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
KINDS = ["scenario", "state", "orders"]
GAMES = 2
MAX_STEPS = 2000


def same_schemas(name):
    """umpire schema prints the files in schemas/."""
    for kind in KINDS:
        rc, text, err = ut.umpire("schema", name, kind)
        check(rc == 0, "umpire schema %s %s: exit %d: %s" % (name, kind, rc,
                                                             err))
        with open(os.path.join(ut.ROOT, "schemas", name, kind + ".yaml"),
                  encoding="utf-8") as f:
            check(f.read() == text, "umpire schema %s %s is not "
                  "schemas/%s/%s.yaml" % (name, kind, name, kind))


class Validators:
    def __init__(self, schemas, name):
        self.schemas, self.name = schemas, name

    def check(self, kind, doc, what):
        errors = self.schemas.errors("%s/%s" % (self.name, kind), doc)
        check(not errors, "%s is invalid under python-jsonschema: %s"
              % (what, errors[:2]))


def sign(tmp, player, path):
    """Sign path as player with his test key, as ssh-keygen -Y sign does."""
    key = os.path.join(tmp, "key-" + player)
    if not os.path.exists(key):
        shutil.copy(os.path.join(ut.ROOT, "tests", "crypto",
                                 "test-key-%s-ed25519" % player), key)
        os.chmod(key, 0o600)
    if os.path.exists(path + ".sig"):
        os.unlink(path + ".sig")
    p = subprocess.run(["ssh-keygen", "-q", "-Y", "sign", "-n", "umpire",
                        "-f", key, path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    check(p.returncode == 0, "ssh-keygen -Y sign: %s" % p.stderr)


def new_game(name, seed, tmp):
    """The game, and the environment its calls need (a sealed game's seed)."""
    game = os.path.join(tmp, "%s-%s" % (name, seed[-2:]))
    rc, out, err = ut.umpire("new", game, "--scenario", name, "--seed", seed)
    if rc == 65 and "must be sealed" in err:
        seed_file = os.path.join(tmp, "seed-" + seed[-2:])
        ut.write(seed_file, seed + "\n")
        rc, out, err = ut.umpire("new", game, "--scenario", name, "--sealed",
                                 "--seed-file", seed_file,
                                 *ut.test_keys(name))
        env = dict(os.environ, UMPIRE_SEED=seed)
        return game, rc, err, env, ["--seed-file", seed_file]
    return game, rc, err, None, []


def play(name, seed, tmp, validators):
    game, rc, err, env, seeded = new_game(name, seed, tmp)
    check(rc == 0, "umpire new --scenario %s: exit %d: %s" % (name, rc, err))
    sealed = env is not None
    steps = 0
    while True:
        state = ut.load12(ut.read(os.path.join(game, "game.yaml")))
        validators.check("state", state, "%s step %d state" % (name,
                                                              state["step"]))
        players = list(state["players"])
        if "result" in state:
            res = state["result"]
            check(list(res["standings"]) == players, "result.standings "
                  "are not the players in order: %s" % list(res["standings"]))
            check(res["step"] == state["step"] - 1, "result.step %d in a "
                  "state of step %d" % (res["step"], state["step"]))
            ranks = [s["rank"] for s in res["standings"].values()]
            for r in ranks:
                check(sum(1 for q in ranks if q < r) == r - 1,
                      "ranks %s are no ranking" % ranks)
            break
        aw = state["awaiting"]
        check(list(aw)[:3] == ["player", "step", "kind"], "awaiting starts "
              "with %s" % list(aw)[:3])
        check(aw["player"] in players and aw["step"] == state["step"],
              "awaiting %s in a state of step %d" % (aw, state["step"]))
        check(steps < MAX_STEPS, "%s: no end after %d steps" % (name, steps))
        rc, orders, err = ut.umpire("bot", game, env=env)
        check(rc == 0, "umpire bot at step %d: exit %d: %s" % (
            state["step"], rc, err))
        # A sealed value is a string until umpire opens it: the schema
        # sees the opened value, so python-jsonschema checks the rest.
        if ut.SEALED not in orders:
            validators.check("orders", ut.load12(orders), "%s step %d bot "
                             "orders" % (name, state["step"]))
        path = os.path.join(tmp, "orders.yaml")
        ut.write(path, orders)
        if sealed:
            sign(tmp, aw["player"], path)
        rc, _, err = ut.umpire("check", game, path, *seeded, env=env)
        check(rc == 0, "umpire check refuses the bot's orders at step %d: "
              "%s\n%s" % (state["step"], err, orders))
        rc, report, err = ut.umpire("turn", game, path, *seeded, env=env)
        check(rc == 0, "umpire turn refuses the bot's orders at step %d: "
              "%s\n%s" % (state["step"], err, orders))
        check(report.startswith("# ") and "\n## Rolls\n" in report,
              "the report of step %d has no title or rolls" % state["step"])
        steps += 1
    rc, out, err = ut.umpire("verify", game, *seeded, env=env)
    check(rc == 0, "umpire verify %s: exit %d: %s" % (game, rc, err))
    check(" at step %d (" % state["result"]["step"] in out,
          "verify does not say how the game ended: %s" % out)
    rc, out, err = ut.umpire("status", game)
    check(rc == 0 and "\nover:" in "\n" + out, "status of a finished game: "
          "%s %s" % (out, err))
    return steps, sealed


def test_every_ruleset():
    names = ut.ruleset_names()
    check(len(names) >= 2, "umpire rules lists %d rulesets" % len(names))
    schemas = ut.Schemas()  # checks each is valid JSON Schema 2020-12
    for name in names:
        same_schemas(name)
        validators = Validators(schemas, name)
        total = 0
        with ut.scratch() as tmp:
            games = 0
            for g in range(GAMES):
                n, sealed = play(name, "%064x" % (0xc0 + g), tmp, validators)
                total += n
                games += 1
                if sealed:
                    break
        print("test_conformance: %s: %d game%s, %d steps through umpire "
              "turn, every file valid, verified" % (
                  name, games, "" if games == 1 else "s", total), flush=True)


if __name__ == "__main__":
    ut.main([test_every_ruleset])
