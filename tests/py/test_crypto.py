#!/usr/bin/env python3
"""umpire's SSH-key, SSHSIG and age code against the real tools, through
tests/tools/cryptotool: OpenSSH's ssh-keygen and the age command (Debian
packages openssh-client and age, in make check's dependencies).

1. fingerprints: what ssh-keygen -l prints, for every key type; private
   key files both ways (ssh-keygen's read by umpire, umpire's by
   ssh-keygen);
2. signatures by ssh-keygen -Y sign are accepted (sha512 and sha256), and
   each refusal issue 10 lists is produced with the real tools: another
   player's key, another namespace, an ecdsa and an rsa key, a changed
   message, no signature, and a file that is no signature; what umpire
   signs, ssh-keygen -Y verify accepts;
3. files umpire encrypts to an ssh-ed25519 key and to an X25519
   recipient, binary and armored, are opened by age -d; files age
   encrypts, binary and armored, are opened by umpire;
4. the game's identity, re-derived here from the text of
   src/game/gamekey.h with Python's hmac and age-keygen -y, is umpire's,
   and a choice sealed with age -r to its recipient opens with the seed;
5. deterministic encryption is deterministic, and its file key and nonce
   are the ones age.h documents (recomputed here from its text).

Every key is made afresh in a scratch directory.

    TOOLS=.../tests/tools python3 tests/py/test_crypto.py
"""
import base64
import hashlib
import hmac
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umpiretest as ut  # noqa: E402

check = ut.check
SEED = "5eed" * 16


def run(argv, data=b"", cwd=None):
    """Run a program on bytes; return (exit code, stdout bytes, stderr)."""
    p = subprocess.run(argv, input=data, cwd=cwd, capture_output=True,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace").strip()


def ok(argv, data=b"", cwd=None):
    rc, out, err = run(argv, data, cwd)
    check(rc == 0, "%s exited %d: %s" % (" ".join(argv), rc, err))
    return out


def tool(*args, data=b""):
    return run([ut.tool("cryptotool")] + list(args), data)


def refused(code, needle, *args, data=b""):
    """cryptotool must fail with code, its message holding needle."""
    rc, out, err = tool(*args, data=data)
    check(rc == 1 and err.startswith("cryptotool: %s: " % code)
          and needle in err,
          "cryptotool %s: expected %s holding %r, got exit %d: %s"
          % (" ".join(args), code, needle, rc, err))
    return err


def keygen(d, name, *opts):
    path = os.path.join(d, name)
    ok(["ssh-keygen", "-q", "-N", "", "-C", "umpire test key " + name,
        "-f", path] + list(opts))
    return path


def fingerprint_of(path):
    """The SHA256:... field of ssh-keygen -l."""
    return ok(["ssh-keygen", "-l", "-f", path]).decode().split()[1]


def sign(d, key, msg, *opts, ns="umpire"):
    """ssh-keygen -Y sign; return the signature file's path."""
    path = os.path.join(d, "msg")
    ut.write(path, msg)
    if os.path.exists(path + ".sig"):
        os.unlink(path + ".sig")
    ok(["ssh-keygen", "-Y", "sign", "-n", ns, "-f", key] + list(opts) + [path])
    os.rename(path + ".sig", os.path.join(d, "sig"))
    return os.path.join(d, "sig")


def test_fingerprints():
    with ut.scratch() as d:
        for kind, opts in [("ed25519", ["-t", "ed25519"]),
                           ("ecdsa", ["-t", "ecdsa"]),
                           ("ecdsa384", ["-t", "ecdsa", "-b", "384"]),
                           ("rsa", ["-t", "rsa", "-b", "2048"])]:
            k = keygen(d, kind, *opts)
            fp = fingerprint_of(k + ".pub")
            line = ut.read(k + ".pub", "rb")
            if kind == "ed25519":
                out = ok([ut.tool("cryptotool"), "fingerprint"], line)
                check(out.decode().strip() == fp,
                      "fingerprint %s, ssh-keygen says %s" % (out, fp))
                pub = ok([ut.tool("cryptotool"), "private-key", k])
                check(pub.split() == line.split()[:2],
                      "private key %s gives %s" % (k, pub))
            else:
                refused("key-type", "a key type other than ed25519",
                        "fingerprint", data=line)
                refused("key-type", fp, "fingerprint", data=line)
                refused("key-type", "a key type other than ed25519",
                        "private-key", k)
        # A private key file umpire writes, ssh-keygen reads and signs with.
        k = os.path.join(d, "made")
        ut.write(k, ok([ut.tool("cryptotool"), "make-key", SEED]))
        os.chmod(k, 0o600)
        pub = ok(["ssh-keygen", "-y", "-f", k])
        check(ok([ut.tool("cryptotool"), "private-key", k]).split() ==
              pub.split()[:2], "ssh-keygen -y and umpire disagree on %s" % k)
        ut.write(k + ".pub", pub)
        sig = sign(d, k, b"text")
        rc, out, err = tool("sshsig-verify", "-n", "umpire", "-s", sig, "-k",
                            k + ".pub", data=b"text")
        check(rc == 0, "ssh-keygen's signature with umpire's key file: "
              + err)
        k = os.path.join(d, "locked")
        ok(["ssh-keygen", "-q", "-t", "ed25519", "-N", "a passphrase",
            "-f", k])
        refused("encrypted-key", "protected by a passphrase", "private-key", k)


def test_signatures():
    msg = b"player: tan\norders:\n  - move 1 from 6 to 3\n"
    with ut.scratch() as d:
        tan = keygen(d, "tan", "-t", "ed25519")
        blue = keygen(d, "blue", "-t", "ed25519")
        ecdsa = keygen(d, "ecdsa", "-t", "ecdsa")
        rsa = keygen(d, "rsa", "-t", "rsa", "-b", "2048")
        both = ["-k", blue + ".pub", "-k", tan + ".pub"]
        fp_tan, fp_blue = fingerprint_of(tan + ".pub"), fingerprint_of(
            blue + ".pub")

        for opts in [[], ["-O", "hashalg=sha512"], ["-O", "hashalg=sha256"]]:
            sig = sign(d, tan, msg, *opts)
            rc, out, err = tool("sshsig-verify", "-n", "umpire", "-s", sig,
                                *both, data=msg)
            check(rc == 0 and out.decode() == "ok 1 %s\n" % fp_tan,
                  "ssh-keygen %s signature: exit %d: %s %s"
                  % (opts, rc, out, err))

        sig = sign(d, tan, msg)
        refused("bad-signature", "changed after it was signed",
                "sshsig-verify", "-n", "umpire", "-s", sig, *both,
                data=msg.replace(b"6 to 3", b"6 to 2"))
        refused("bad-signature", fp_tan, "sshsig-verify", "-n", "umpire",
                "-s", sig, *both, data=msg + b"\n")
        refused("namespace", "signed for namespace 'umpire', not 'other'",
                "sshsig-verify", "-n", "other", "-s", sig, *both, data=msg)
        sig = sign(d, tan, msg, ns="other")
        refused("namespace", "signed for namespace 'other', not 'umpire'",
                "sshsig-verify", "-n", "umpire", "-s", sig, *both, data=msg)
        sig = sign(d, blue, msg)
        refused("not-allowed", "signed by a key that is not allowed (%s)"
                % fp_blue, "sshsig-verify", "-n", "umpire", "-s", sig,
                "-k", tan + ".pub", data=msg)
        for key, name in [(ecdsa, "ecdsa-sha2-nistp256"), (rsa, "ssh-rsa")]:
            sig = sign(d, key, msg)
            refused("key-type", "a key type other than ed25519 (%s %s)"
                    % (name, fingerprint_of(key + ".pub")),
                    "sshsig-verify", "-n", "umpire", "-s", sig, *both,
                    data=msg)
        empty = os.path.join(d, "empty")
        ut.write(empty, "")
        refused("no-signature", "no signature", "sshsig-verify", "-n",
                "umpire", "-s", empty, *both, data=msg)
        refused("malformed", "not an SSH signature", "sshsig-verify", "-n",
                "umpire", "-s", tan + ".pub", *both, data=msg)

        # What umpire signs, ssh-keygen verifies, and it is what
        # ssh-keygen itself writes.
        allowed = os.path.join(d, "allowed_signers")
        ut.write(allowed, "tan@example " + ut.read(tan + ".pub"))
        for opt in [[], ["-2"]]:
            ours = ok([ut.tool("cryptotool"), "sshsig-sign", "-n", "umpire",
                       "-f", tan] + opt, msg)
            path = os.path.join(d, "ours.sig")
            ut.write(path, ours)
            ok(["ssh-keygen", "-Y", "verify", "-f", allowed, "-I",
                "tan@example", "-n", "umpire", "-s", path], msg)
            theirs = ut.read(sign(d, tan, msg, *(
                ["-O", "hashalg=sha256"] if opt else [])), "rb")
            check(ours == theirs, "umpire's signature differs from "
                  "ssh-keygen's:\n%s\n%s" % (ours, theirs))
            rc, _, _ = run(["ssh-keygen", "-Y", "verify", "-f", allowed, "-I",
                            "tan@example", "-n", "umpire", "-s", path],
                           msg + b"x")
            check(rc != 0, "ssh-keygen accepts a changed message")


PLAINS = [b"", b"tan sees: mine at row 4\n", os.urandom(65536),
          os.urandom(200000)]


def test_umpire_to_age():
    with ut.scratch() as d:
        tan = keygen(d, "tan", "-t", "ed25519")
        ident = os.path.join(d, "identity.txt")
        ok(["age-keygen", "-o", ident])
        recip = ok(["age-keygen", "-y", ident]).decode().strip()
        for plain in PLAINS:
            for armor in ([], ["-a"]):
                for to, key in [("@" + tan + ".pub", tan), (recip, ident)]:
                    c = ok([ut.tool("cryptotool"), "age-encrypt"] + armor +
                           [to], plain)
                    if armor:
                        check(c.startswith(b"-----BEGIN AGE ENCRYPTED FILE"),
                              "not armored")
                    path = os.path.join(d, "file.age")
                    ut.write(path, c)
                    out = ok(["age", "-d", "-i", key, path])
                    check(out == plain, "age -d gives %d bytes, not %d"
                          % (len(out), len(plain)))
                # Both at once: each opens it alone.
                c = ok([ut.tool("cryptotool"), "age-encrypt"] + armor +
                       [recip, "@" + tan + ".pub"], plain)
                ut.write(path, c)
                for key in (tan, ident):
                    check(ok(["age", "-d", "-i", key, path]) == plain,
                          "two recipients: %s cannot open" % key)


def test_age_to_umpire():
    with ut.scratch() as d:
        tan = keygen(d, "tan", "-t", "ed25519")
        blue = keygen(d, "blue", "-t", "ed25519")
        ident = os.path.join(d, "identity.txt")
        ok(["age-keygen", "-o", ident])
        recip = ok(["age-keygen", "-y", ident]).decode().strip()
        path = os.path.join(d, "plain")
        for plain in PLAINS:
            ut.write(path, plain)
            for armor in ([], ["-a"]):
                for to, key in [(["-R", tan + ".pub"], tan),
                                (["-r", recip], ident)]:
                    c = ok(["age"] + armor + to + [path])
                    out = ok([ut.tool("cryptotool"), "age-decrypt", "-i",
                              key], c)
                    check(out == plain, "umpire gives %d bytes, not %d"
                          % (len(out), len(plain)))
                    # Said to be what it is, it opens too.
                    out = ok([ut.tool("cryptotool"), "age-decrypt",
                              "-a" if armor else "-b", "-i", key], c)
                    check(out == plain, "with the format given")
                c = ok(["age"] + armor + ["-R", tan + ".pub", path])
                refused("no-match", "no identity given opens", "age-decrypt",
                        "-i", blue, data=c)
                refused("no-match", "no identity given opens", "age-decrypt",
                        "-i", ident, data=c)


def bech32(hrp, data):
    """BIP 173, as c2sp.org/age uses it (no length limit)."""
    chars = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

    def polymod(values):
        gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
        chk = 1
        for v in values:
            top = chk >> 25
            chk = (chk & 0x1ffffff) << 5 ^ v
            for i in range(5):
                if top >> i & 1:
                    chk ^= gen[i]
        return chk

    acc = bits = 0
    five = []
    for b in data:
        acc, bits = acc << 8 | b, bits + 8
        while bits >= 5:
            bits -= 5
            five.append(acc >> bits & 31)
    if bits:
        five.append(acc << (5 - bits) & 31)
    h = hrp.lower()
    expanded = [ord(c) >> 5 for c in h] + [0] + [ord(c) & 31 for c in h]
    pm = polymod(expanded + five + [0] * 6) ^ 1
    five += [pm >> 5 * (5 - i) & 31 for i in range(6)]
    return hrp + "1" + "".join(chars[v] for v in five)


def test_game_identity():
    for seed in [SEED, "00" * 32, "ff" * 32]:
        # src/game/gamekey.h, read as a specification.
        s = bytearray(hmac.new(bytes.fromhex(seed), b"umpire-age-identity-v1",
                               hashlib.sha256).digest())
        s[0] &= 248
        s[31] &= 127
        s[31] |= 64
        ident = bech32("AGE-SECRET-KEY-", bytes(s)).upper()
        recip = ok(["age-keygen", "-y"], (ident + "\n").encode())
        rc, out, err = tool("game-identity", seed)
        check(rc == 0 and out.decode().strip() == ident,
              "game identity %s, the text gives %s" % (out, ident))
        rc, out, err = tool("game-recipient", seed)
        check(rc == 0 and out == recip,
              "game recipient %s, age-keygen -y gives %s" % (out, recip))
    # A choice sealed by a player with the standard tool opens with the seed;
    # what umpire seals to the game, age opens with the identity.
    recip = tool("game-recipient", SEED)[1].decode().strip()
    choice = b"mines: [4, 9, 17]\n"
    c = ok(["age", "-a", "-r", recip], choice)
    check(ok([ut.tool("cryptotool"), "age-decrypt", "-g", SEED], c) == choice,
          "a choice sealed with age -r does not open with the seed")
    refused("no-match", "no identity given opens", "age-decrypt", "-g",
            "00" * 32, data=c)
    with ut.scratch() as d:
        path = os.path.join(d, "game.key")
        ut.write(path, tool("game-identity", SEED)[1])
        c = ok([ut.tool("cryptotool"), "age-encrypt", "-a", recip], choice)
        check(ok(["age", "-d", "-i", path], c) == choice,
              "age cannot open what umpire sealed to the game")


def hkdf(ikm, salt, info):
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    return hmac.new(prk, info + b"\x01", hashlib.sha256).digest()


def test_deterministic():
    plain = b"tan sees: mine at row 4\n"
    with ut.scratch() as d:
        tan = keygen(d, "tan", "-t", "ed25519")
        recip = tool("game-recipient", SEED)[1].decode().strip()
        args = ["age-encrypt", "-d", SEED, "reports/0012-tan.md.age",
                "@" + tan + ".pub", recip]
        one, two = tool(*args, data=plain), tool(*args, data=plain)
        check(one[0] == 0 and one[1] == two[1], "not deterministic")
        other = tool("age-encrypt", "-d", SEED, "reports/0013-tan.md.age",
                     "@" + tan + ".pub", recip, data=plain)[1]
        check(other != one[1], "another label, the same file")
        c = one[1]
        check(ok(["age", "-d", "-i", tan], c) == plain, "age cannot open it")

        # The draws as age.h documents them.
        def draw(name, index, n):
            msg = (b"umpire-age-random-v1\0reports/0012-tan.md.age\0" +
                   hashlib.sha256(plain).digest() + b"\0" + name + b"\0" +
                   str(index).encode())
            return hmac.new(bytes.fromhex(SEED), msg,
                            hashlib.sha256).digest()[:n]
        file_key, nonce = draw(b"file-key", 0, 16), draw(b"nonce", 0, 16)
        end = c.index(b"\n---") + 4
        mac_line_end = c.index(b"\n", end)
        mac = base64.b64decode(c[end + 1:mac_line_end] + b"=")
        want = hmac.new(hkdf(file_key, b"", b"header"), c[:end],
                        hashlib.sha256).digest()
        check(mac == want, "the header MAC is not the one of the documented "
              "file key")
        check(c[mac_line_end + 1:mac_line_end + 17] == nonce,
              "the payload nonce is not the documented one")


if __name__ == "__main__":
    ut.main([test_fingerprints, test_signatures, test_umpire_to_age,
             test_age_to_umpire, test_game_identity, test_deterministic])
