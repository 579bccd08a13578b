#!/usr/bin/env python3
"""The C2SP age test vectors (tests/crypto/age-testkit/, see its README)
against umpire's age code, through tests/tools/cryptotool.

Each vector names the outcome decryption must have; cryptotool's
failure code must be the one that outcome names, and the plaintext it
releases (all of it on success, what authenticated before a payload
failure) must hash to the vector's payload hash.  Every vector in the
folder runs; a vector the folder holds but this test cannot run fails
it, so that a vector added without the feature it needs is noticed.

    TOOLS=.../tests/tools python3 tests/py/test_age_testkit.py
"""
import hashlib
import os
import sys
import zlib

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
KIT = os.path.join(ut.ROOT, "tests", "crypto", "age-testkit")

# The testkit's outcomes and the failure codes cryptotool prints.
OUTCOME = {
    "success": None,
    "no match": "no-match",
    "HMAC failure": "hmac",
    "header failure": "header",
    "payload failure": "payload",
    "armor failure": "armor",
}


def parse(path):
    with open(path, "rb") as f:
        data = f.read()
    head, _, body = data.partition(b"\n\n")
    fields = {}
    for line in head.decode().split("\n"):
        key, _, value = line.partition(": ")
        fields.setdefault(key, []).append(value)
    if fields.get("compressed") == ["zlib"]:
        body = zlib.decompress(body)
    return fields, body


def run_vector(name):
    fields, body = parse(os.path.join(KIT, name))
    unknown = set(fields) - {"expect", "payload", "file key", "identity",
                             "armored", "comment", "compressed"}
    check(not unknown, "%s: fields this test does not know: %s"
          % (name, sorted(unknown)))
    expect = fields["expect"][0]
    check(expect in OUTCOME, "%s: unknown outcome %r" % (name, expect))
    argv = [ut.tool("cryptotool"), "age-decrypt", "-p",
            "-a" if fields.get("armored") == ["yes"] else "-b"]
    for ident in fields.get("identity", []):
        check(ident.startswith("AGE-SECRET-KEY-1"),
              "%s: an identity umpire has no use for: %s" % (name, ident))
        argv += ["-k", ident]
    import subprocess
    p = subprocess.run(argv, input=body, capture_output=True, timeout=120)
    err = p.stderr.decode(errors="replace").strip()
    want = OUTCOME[expect]
    if want is None:
        check(p.returncode == 0, "%s: expected success, got: %s" % (name, err))
    else:
        check(p.returncode == 1 and err.startswith("cryptotool: %s:" % want),
              "%s: expected %s (%s), got exit %d: %s"
              % (name, expect, want, p.returncode, err or "no error"))
    if "payload" in fields:
        got = hashlib.sha256(p.stdout).hexdigest()
        check(got == fields["payload"][0],
              "%s: the released plaintext (%d bytes) hashes to %s, not %s"
              % (name, len(p.stdout), got, fields["payload"][0]))
    return expect


def test_vectors():
    names = sorted(os.listdir(KIT))
    names.remove("README")
    check(len(names) >= 90, "only %d vectors in %s" % (len(names), KIT))
    failures, counts = [], {}
    for name in names:
        try:
            expect = run_vector(name)
            counts[expect] = counts.get(expect, 0) + 1
        except ut.Failure as e:
            failures.append(str(e))
    check(not failures, "%d of %d vectors fail:\n  %s"
          % (len(failures), len(names), "\n  ".join(failures)))
    print("test_age_testkit.py: %d vectors: %s" % (len(names), ", ".join(
        "%d %s" % (n, k) for k, n in sorted(counts.items()))))


if __name__ == "__main__":
    ut.main([test_vectors])
