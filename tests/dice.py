#!/usr/bin/env python3
"""Independent derivation of umpire's dice (design brief, "Dice from a
committed seed"), written from the brief with Python's hmac module and
nothing of umpire's code.

    dice.py SEED_HEX GAME STEP R SIDES      print roll R of step STEP
    dice.py SEED_HEX GAME STEP --first N S  print rolls 0..N-1 of S sides
    dice.py SEED_HEX GAME STEP --shuffle K N
                                            print shuffle K of 0..N-1

Shuffles follow umpire-files(5), "Shuffles".
"""
import hashlib
import hmac
import sys


def roll(seed, game, step, r, sides):
    """Roll r of step `step` of game `game` for a die of `sides` sides."""
    limit = 2**32 - (2**32 % sides)
    j = 0
    while True:
        msg = b"\0".join([b"umpire-dice-v1", game.encode(), str(step).encode(),
                          str(r).encode(), str(j).encode()])
        block = hmac.new(seed, msg, hashlib.sha256).digest()
        for i in range(8):
            w = int.from_bytes(block[4 * i:4 * i + 4], "big")
            if w < limit:
                return w % sides + 1
        j += 1


def draw(seed, tag, fields, n):
    """The uniform draw rolls and shuffles share: 0 .. n-1."""
    limit = 2**32 - (2**32 % n)
    j = 0
    while True:
        msg = b"\0".join([tag] + [str(f).encode() if isinstance(f, int)
                                  else f.encode() for f in fields + [j]])
        block = hmac.new(seed, msg, hashlib.sha256).digest()
        for i in range(8):
            w = int.from_bytes(block[4 * i:4 * i + 4], "big")
            if w < limit:
                return w % n
        j += 1


def shuffle(seed, game, step, k, items):
    """Shuffle k of step `step`: Fisher-Yates from the last place down."""
    v = list(items)
    for i in range(len(v) - 1, 0, -1):
        x = draw(seed, b"umpire-shuffle-v1", [game, step, k, i], i + 1)
        v[i], v[x] = v[x], v[i]
    return v


def main(argv):
    if len(argv) == 6:
        seed = bytes.fromhex(argv[1])
        print(roll(seed, argv[2], int(argv[3]), int(argv[4]), int(argv[5])))
        return 0
    if len(argv) == 7 and argv[4] == "--first":
        seed = bytes.fromhex(argv[1])
        print(" ".join(str(roll(seed, argv[2], int(argv[3]), r, int(argv[6])))
                       for r in range(int(argv[5]))))
        return 0
    if len(argv) == 7 and argv[4] == "--shuffle":
        seed = bytes.fromhex(argv[1])
        print(" ".join(str(x) for x in shuffle(seed, argv[2], int(argv[3]),
                                               int(argv[5]),
                                               range(int(argv[6])))))
        return 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
