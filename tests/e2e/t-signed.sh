#!/bin/sh
# Signed orders (issue 10, items 1-3): a game whose players have keys
# takes only orders signed by the awaited player's key with the real
# ssh-keygen; every refusal exits 77 with one line and writes nothing;
# the signature is committed beside the orders, the commit names its
# key, and verify checks every signature again.
. "$(dirname "$0")/lib.sh"

K=$TOP/tests/crypto
test_keys green tan blue
cp "$K/test-key-rsa" "$TMP/rsa" && chmod 600 "$TMP/rsa"
fp() { ssh-keygen -l -f "$K/test-key-$1-ed25519.pub" | cut -d' ' -f2; }

# The standard game with a key for each player.
sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-green-ed25519.pub")\"}|" \
    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	"$SCENARIO" >"$TMP/keyed.yaml"
grep -q 'key: "ssh-ed25519' "$TMP/keyed.yaml" || fail "no keys in the scenario"

# Keys for one player only would let the other be impersonated.
sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-green-ed25519.pub")\"}|" \
	"$SCENARIO" >"$TMP/half.yaml"
expect_exit 65 umpire new "$TMP/half" --scenario "$TMP/half.yaml"
expect_err "players.tan: no key, though other players have keys"
[ ! -e "$TMP/half" ] || fail "a refused new made its directory"
# One key for two players.
sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	"$SCENARIO" >"$TMP/twice.yaml"
expect_exit 65 umpire new "$TMP/twice" --scenario "$TMP/twice.yaml"
expect_err "players.tan: has a key of green's"
# A key of another type.
sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-rsa.pub")\"}|" \
    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	"$SCENARIO" >"$TMP/rsa.yaml"
expect_exit 65 umpire new "$TMP/rsakey" --scenario "$TMP/rsa.yaml"

G=$TMP/game
# A seed with which green plays first.
expect_exit 0 umpire new "$G" --scenario "$TMP/keyed.yaml" --seed "$(printf %064d 1)"
expect_exit 0 umpire status "$G"
expect_out "orders:   signed: each player's orders need his key's signature"
head=$(head_of "$G")

umpire bot "$G" >"$TMP/o.yaml" || fail "bot"
refused() {
	expect_exit 77 "$@"
	[ "$(wc -l <"$TMP/err")" = 1 ] || fail "more than one line: $(cat "$TMP/err")"
	[ "$(head_of "$G")" = "$head" ] || fail "a refused turn moved HEAD"
	expect_clean "$G"
}
# Unsigned.
refused umpire check "$G" "$TMP/o.yaml"
expect_err "o.yaml.sig: error: unsigned orders: game amb-"
expect_err "key only (umpire sign ORDERS --key KEY, or ssh-keygen -Y sign -n umpire -f KEY ORDERS)"
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "unsigned orders"
refused umpire turn "$G" - <"$TMP/o.yaml"
expect_err "<stdin>: error: unsigned orders: orders on standard input take their signature from --signature FILE"
# Another player's key.
sign tan "$TMP/o.yaml"
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "signed with tan's key ($(fp tan)), not green's: these orders are green's"
# No player's key.
rm "$TMP/o.yaml.sig"; sign blue "$TMP/o.yaml"
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "signed with a key of no player of game amb-"
# The wrong namespace.
rm "$TMP/o.yaml.sig"; sign green "$TMP/o.yaml" git
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "signed for namespace 'git', not 'umpire'"
# Not ed25519.
rm "$TMP/o.yaml.sig"; sign rsa "$TMP/o.yaml"
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "signed with a key type other than ed25519 (ssh-rsa SHA256:"
# Changed after signing.
rm "$TMP/o.yaml.sig"; sign green "$TMP/o.yaml"
cp "$TMP/o.yaml" "$TMP/o.good"
printf '# changed\n' >>"$TMP/o.yaml"
refused umpire turn "$G" "$TMP/o.yaml"
expect_err "the orders changed after they were signed"
# Not a signature at all.
refused umpire turn "$G" "$TMP/o.good" --signature "$TMP/o.good"
expect_err "not an SSH signature"

# Signed by green: accepted, from the file and from standard input.
expect_exit 0 umpire check "$G" - --signature "$TMP/o.yaml.sig" <"$TMP/o.good"
expect_out "signed by $(fp green)"
expect_exit 0 umpire turn "$G" "$TMP/o.good" --signature "$TMP/o.yaml.sig"
git -C "$G" show --stat --format= HEAD | grep -q "orders/00/0001-green.yaml.sig" ||
	fail "the signature is not committed beside the orders"
cmp "$TMP/o.yaml.sig" "$G/orders/00/0001-green.yaml.sig" || fail "signature changed"
git -C "$G" log -1 --format=%B | grep -qx "Orders-Signed-By: $(fp green)" ||
	fail "the commit does not name the key: $(git -C "$G" log -1 --format=%B)"
ok

# A few signed turns more, by both players.
for i in 1 2 3 4; do
	umpire bot "$G" >"$TMP/b.yaml" || fail "bot"
	who=$(sed -n 's/^player: //p' "$TMP/b.yaml")
	rm -f "$TMP/b.yaml.sig"; sign "$who" "$TMP/b.yaml"
	expect_exit 0 umpire turn "$G" "$TMP/b.yaml"
done
expect_exit 0 umpire verify "$G"
expect_clean "$G"

# verify checks every signature again: a commit whose signature is
# swapped for another key's is refused.
c=$(git -C "$G" rev-parse HEAD)
path=$(git -C "$G" show --name-only --format= HEAD | grep '\.sig$')
git -C "$G" show "HEAD:${path%.sig}" >"$TMP/f.yaml"
rm -f "$TMP/f.yaml.sig"; sign blue "$TMP/f.yaml"
cp "$TMP/f.yaml.sig" "$G/$path"
git -C "$G" commit -q --amend -a -C HEAD
expect_exit 65 umpire verify "$G"
expect_err "signed with a key of no player of game"
expect_err "the signature of"
git -C "$G" reset -q --hard "$c"
expect_exit 0 umpire verify "$G"

done_ok
