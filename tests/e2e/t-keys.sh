#!/bin/sh
# No published key in a real game (issue 24): the built-in scenarios
# that need keys carry none, umpire new takes each player's own key
# with --key PLAYER=FILE, and refuses umpire's own test keys (whose
# private halves are in tests/crypto) outside umpire's tests, saying
# why, whether they come by --key or in a scenario.
. "$(dirname "$0")/lib.sh"

command -v age >/dev/null || fail "the real age is needed (Debian package age)"
unset UMPIRE_ALLOW_TEST_KEYS
K=$TOP/tests/crypto
printf '%064x\n' 5 >"$TMP/seed"

# The built-in scenario has no keys: new says to give them.
expect_exit 65 umpire new "$TMP/a" --scenario bgw --sealed --seed-file "$TMP/seed"
expect_err "its players need keys"
expect_err "--key ID=FILE"
grep -q "^ *key:" "$TOP/samples/bgw/standard.yaml" "$TOP/samples/amb/mines.yaml" &&
	fail "a built-in scenario carries keys"
ok

# The published test keys: refused, by --key or in the scenario, and
# nothing is made (no directory, no seed file).
expect_exit 65 umpire new "$TMP/a" --scenario bgw --sealed \
	--seed-file "$TMP/a.seed" $(keys_for bgw)
expect_err "players.white.key: this is umpire's published test key"
expect_err "tests/crypto/test-key-white-ed25519"
expect_err "anyone could read white's private views and sign his orders"
expect_err "players.black.key"
[ ! -e "$TMP/a" ] && [ ! -e "$TMP/a.seed" ] || fail "a refused new left files"
ok
expect_exit 65 umpire new "$TMP/a" --scenario "$TOP/tests/schema/bgw-scenario/good-standard.yaml" \
	--sealed --seed-file "$TMP/seed"
expect_err "good-standard.yaml:9:"
expect_err "published test key"
# The comment says nothing: the key itself is recognised.
sed 's/ umpire test key [a-z]* (not secret)//' \
	"$TOP/tests/schema/bgw-scenario/good-standard.yaml" >"$TMP/bare.yaml"
expect_exit 65 umpire new "$TMP/a" --scenario "$TMP/bare.yaml" --sealed \
	--seed-file "$TMP/seed"
expect_err "published test key"

# Bad --key options.
ssh-keygen -q -t ed25519 -N '' -C 'white player' -f "$TMP/white" || fail "ssh-keygen"
ssh-keygen -q -t ed25519 -N '' -C 'black player' -f "$TMP/black" || fail "ssh-keygen"
expect_exit 64 umpire new "$TMP/a" --scenario bgw --sealed --seed-file "$TMP/seed" \
	--key white="$TMP/white.pub" --key red="$TMP/black.pub"
expect_err "--key red="
expect_exit 64 umpire new "$TMP/a" --scenario bgw --sealed --seed-file "$TMP/seed" \
	--key "$TMP/white.pub"
expect_exit 65 umpire new "$TMP/a" --scenario bgw --sealed --seed-file "$TMP/seed" \
	--key white="$TMP/white" --key black="$TMP/black.pub"
expect_err "not an OpenSSH ed25519 public key"
# The private key for the public one, the easiest slip: named as such.
expect_err "white:1:1: error: not an OpenSSH ed25519 public key (such as ~/.ssh/id_ed25519.pub): public key: this is a private key (-----BEGIN ...), which stays with its owner; give its public half, the .pub file beside it"
[ ! -e "$TMP/a" ] || fail "a refused new made its directory"
ok

# The players' own keys: the game is made, its committed scenario
# carries them, each opens his own view with age, signs with his key,
# and verify replays it all.
G=$TMP/game
expect_exit 0 umpire new "$G" --scenario bgw --sealed --seed-file "$TMP/seed" \
	--key white="$TMP/white.pub" --key black="$TMP/black.pub"
for who in white black; do
	grep -qF "$(cut -d' ' -f1-2 "$TMP/$who.pub")" "$G/scenario.yaml" ||
		fail "the committed scenario lacks $who's key"
	age -d -i "$TMP/$who" "$G/reports/00/0000-$who.md.age" >/dev/null ||
		fail "$who's own key does not open his view"
done
ok
i=0
while [ $i -lt 4 ]; do
	UMPIRE_SEED=$(cat "$TMP/seed") $UMPIRE bot "$G" >"$TMP/o.yaml" || fail "bot"
	who=$(sed -n 's/^player: //p' "$TMP/o.yaml")
	sign "$who" "$TMP/o.yaml"
	expect_exit 0 umpire turn "$G" "$TMP/o.yaml" --seed-file "$TMP/seed"
	i=$((i + 1))
done
expect_exit 0 umpire verify "$G" --seed-file "$TMP/seed"

# A player's slips, each named with what to do instead: his public key
# for his identity, a key file that is not there, and a check without
# the seed (which only the host has) that is not --as.
who=$(umpire status "$G" | sed -n 's/^awaiting: step [0-9]*, \([a-z]*\).*/\1/p')
expect_exit 65 umpire status "$G" --as "$who" --identity "$TMP/$who.pub"
expect_err "$who.pub: error: private key: this is a public key (a line ssh-...); give the private key, the file of that name without .pub"
UMPIRE_SEED=$(cat "$TMP/seed") $UMPIRE bot "$G" >"$TMP/o.yaml" || fail "bot"
rm -f "$TMP/o.yaml.sig"
expect_exit 66 umpire sign "$TMP/o.yaml" --key "$TMP/nokey"
expect_err "nokey: error: cannot open the key: No such file or directory; --key names your OpenSSH key file, such as ~/.ssh/id_ed25519"
expect_exit 66 umpire sign "$TMP/o.yaml" --key "$TMP"
expect_err "error: is a directory, not a key file"
[ ! -e "$TMP/o.yaml.sig" ] || fail "a refused sign wrote a signature"
expect_exit 0 umpire sign "$TMP/o.yaml" --key "$TMP/$who"
expect_exit 66 umpire check "$G" "$TMP/o.yaml"
expect_err "is sealed: give its seed with --seed-file F"
expect_err "umpire: note: a player, who has no seed, checks his own orders from his own view: umpire check $G $TMP/o.yaml --as PLAYER --identity KEYFILE"
expect_exit 0 umpire check "$G" "$TMP/o.yaml" --as "$who" --identity "$TMP/$who"
ok

# umpire's own tests may use the test keys.
UMPIRE_ALLOW_TEST_KEYS=1 expect_exit 0 umpire new "$TMP/t" --scenario bgw \
	--sealed --seed-file "$TMP/seed" $(keys_for bgw)
done_ok
