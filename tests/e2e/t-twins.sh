#!/bin/sh
# Twin games (issue 24, finding 6): the game id binds the scenario and
# the sealing as well as the seed, so a game made with the same seed
# from another scenario, other players or other keys has another id, and
# orders signed for one game are refused in its twin with the error that
# names both ids.  The id is re-derived here as umpire-files(5) says.
. "$(dirname "$0")/lib.sh"

K=$TOP/tests/crypto
test_keys green tan blue
keyed() { # keyed OUT GREEN_KEY [SED...]: the standard game with keys
	out=$1 gk=$2
	shift 2
	sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-$gk-ed25519.pub")\"}|" \
	    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	    "$@" "$SCENARIO" >"$out"
}
keyed "$TMP/a.yaml" green
keyed "$TMP/b.yaml" green -e 's/^title: .*/title: "Another game"/'
keyed "$TMP/c.yaml" blue
cmp -s "$TMP/a.yaml" "$TMP/b.yaml" && fail "b.yaml is a.yaml"
# A seed with which the same player plays first in the three games, so
# that his signature passes and the game id is what refuses his orders.
# (The search for it by drawer, lib.sh: under valgrind each call of up
# to 40 rounds would cost a second, and finds nothing new.)
awaits() { drawer bot "$1" 2>/dev/null | sed -n 's/^player: //p'; }
n=0
while :; do
	n=$((n + 1))
	[ $n -le 40 ] || fail "no seed found with one first player in a, b and c"
	SEED=$(printf %064d $n)
	rm -rf "$TMP/a" "$TMP/b" "$TMP/c"
	for g in a b c; do
		drawer new "$TMP/$g" --scenario "$TMP/$g.yaml" --seed "$SEED" \
			>/dev/null || fail "new $g with seed $n"
	done
	who=$(awaits "$TMP/a")
	[ "$(awaits "$TMP/b")" = "$who" ] && [ "$(awaits "$TMP/c")" = "$who" ] && break
done
expect_exit 0 umpire new "$TMP/a2" --scenario "$TMP/a.yaml" --seed "$SEED"
expect_exit 0 umpire new "$TMP/as" --scenario "$TMP/a.yaml" --seed "$SEED" --sealed
id_of() { sed -n 's/^game: //p' "$1/game.yaml"; }
A=$(id_of "$TMP/a") B=$(id_of "$TMP/b") C=$(id_of "$TMP/c")

# Each id is the ruleset's name and 32 hex digits, as umpire-files(5)
# derives it: HMAC-SHA256 keyed by the seed over the label, the sealing
# and the scenario's bytes, its first 16 bytes.
derive() { # derive SCENARIO open|sealed
	python3 - "$SEED" "$1" "$2" <<'PY'
import hashlib, hmac, sys
seed, path, how = bytes.fromhex(sys.argv[1]), sys.argv[2], sys.argv[3]
msg = b"umpire-game-id-v2\0" + how.encode() + b"\0" + open(path, "rb").read()
print("amb-" + hmac.new(seed, msg, hashlib.sha256).hexdigest()[:32])
PY
}
[ "$A" = "$(derive "$TMP/a.yaml" open)" ] || fail "a's id $A is not the documented one"
[ "$B" = "$(derive "$TMP/b.yaml" open)" ] || fail "b's id $B is not the documented one"
[ "$(id_of "$TMP/as")" = "$(derive "$TMP/a.yaml" sealed)" ] ||
	fail "the sealed game's id is not the documented one"
ok
# Twins no more: the same seed and another title, another key, or
# sealing make another game; the same seed and scenario, the same game.
[ "$A" != "$B" ] && [ "$A" != "$C" ] && [ "$B" != "$C" ] ||
	fail "games made from other scenarios share an id: $A $B $C"
[ "$A" != "$(id_of "$TMP/as")" ] || fail "the sealed twin has the open game's id"
[ "$A" = "$(id_of "$TMP/a2")" ] || fail "one seed and one scenario made two ids"
ok

# The first player's orders for a, signed with his key, which b and c
# know too.
umpire bot "$TMP/a" >"$TMP/o.yaml" || fail "bot"
sign "$who" "$TMP/o.yaml"
for g in b c; do
	head=$(head_of "$TMP/$g")
	expect_exit 65 umpire turn "$TMP/$g" "$TMP/o.yaml"
	expect_err "o.yaml:5:7: error: these orders are for game '$A', but this is game '$(id_of "$TMP/$g")'"
	[ "$(head_of "$TMP/$g")" = "$head" ] || fail "a refused turn moved $g's HEAD"
	expect_clean "$TMP/$g"
done
# The game they were signed for takes them, and both verify.
expect_exit 0 umpire turn "$TMP/a" "$TMP/o.yaml"
expect_exit 0 umpire verify "$TMP/a"
expect_exit 0 umpire verify "$TMP/b"
expect_out "verified $B:"

# verify re-derives the id from the committed scenario: a game.yaml
# whose id is the seed's alone (as before 0.4.0) in a 0.4.0 game fails.
git clone -q "$TMP/b" "$TMP/forged" || fail "clone"
old=amb-$(python3 -c 'import hmac,hashlib,sys; print(hmac.new(bytes.fromhex(sys.argv[1]), b"umpire-game-id-v1", hashlib.sha256).hexdigest()[:10])' "$SEED")
sed -i "s/^game: .*/game: $old/" "$TMP/forged/game.yaml"
git -C "$TMP/forged" -c user.name=umpire -c user.email=umpire@umpire.invalid \
	commit -q --amend -a --no-edit || fail "amend"
expect_exit 65 umpire verify "$TMP/forged"
expect_err "the game id is '$old', but this seed and scenario.yaml makes '$B'"
done_ok
