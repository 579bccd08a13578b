#!/bin/sh
# A whole sealed game of Army Man Backgammon with the Mine Detector rules
# (AMB-17) and keys (issue 10, item 11): minefields laid in secret, one
# side's sealed with umpire seal and the other's with the real age,
# every turn signed with the real ssh-keygen and played through umpire
# turn, each private view opened with the real age and the player's SSH
# key, then revealed and verified.  Before the reveal no blob of any
# commit holds the seed, the game's identity, or a side's minefield rows
# as the secret part or a view states them.
. "$(dirname "$0")/lib.sh"

K=$TOP/tests/crypto
test_keys green tan
command -v age >/dev/null || fail "the real age is needed (Debian package age)"

G=$TMP/game
S=$TMP/seed
# Open: refused, saying why; sealed: made, with the game's recipient.
expect_exit 65 umpire new "$TMP/open" --scenario "$TOP/samples/amb/mines.yaml"
expect_err "the Mine Detector rules lay minefields in secret"
expect_exit 0 umpire new "$G" --scenario amb:mines --sealed --seed-file "$S" \
	$(keys_for amb:mines)
R=$(sed -n 's/^recipient: //p' "$G/game.yaml")
case $R in age1*) ok ;; *) fail "no recipient in game.yaml" ;; esac
ID=$(sed -n 's/^game: //p' "$G/game.yaml")
expect_exit 0 umpire status "$G"
expect_out "awaiting: step 1, green's minefields"

# Green seals his minefields with umpire seal; tan with the real age.
printf '[2, 2, 11]\n' >"$TMP/green-rows.yaml"
expect_exit 0 umpire seal "$G" "$TMP/green-rows.yaml"
{ printf 'umpire: 1\nruleset: amb\ngame: %s\nplayer: green\nstep: 1\nminefields: |\n' "$ID"
  sed 's/^/  /' "$TMP/out"; } >"$TMP/o1.yaml"
sign green "$TMP/o1.yaml"
expect_exit 66 umpire turn "$G" "$TMP/o1.yaml"
expect_err "is sealed: give its seed"
expect_exit 0 umpire turn "$G" "$TMP/o1.yaml" --seed-file "$S"
printf 'game: %s\nstep: 2\nplayer: tan\nvalue: [15, 15, 23]\n' "$ID" |
	age -r "$R" -a >"$TMP/tan.age" || fail "age -r"
{ printf 'umpire: 1\nruleset: amb\ngame: %s\nplayer: tan\nstep: 2\nminefields: |\n' "$ID"
  sed 's/^/  /' "$TMP/tan.age"; } >"$TMP/o2.yaml"
sign tan "$TMP/o2.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o2.yaml" --seed-file "$S"

# Each side opens his own view with the real age and his SSH key, and
# not the other's.
age -d -i "$TMP/green" "$G/reports/00/0001-green.md.age" >"$TMP/gv" ||
	fail "age could not open green's view with green's key"
grep -q "minefield 3: row 11, secret" "$TMP/gv" || fail "green's view: $(cat "$TMP/gv")"
age -d -i "$TMP/tan" "$G/reports/00/0002-tan.md.age" >"$TMP/tv" ||
	fail "age could not open tan's view with tan's key"
grep -q "minefield 1: row 15, secret" "$TMP/tv" || fail "tan's view: $(cat "$TMP/tv")"
if age -d -i "$TMP/tan" "$G/reports/00/0001-green.md.age" >/dev/null 2>&1; then
	fail "tan's key opens green's view"
fi
ok
# Beside each view, his picture of the board: his own minefields drawn
# on it (issue 9), never on the public picture or the other side's.
age -d -i "$TMP/green" "$G/reports/00/0001-green.svg.age" >"$TMP/gp.svg" ||
	fail "age could not open green's picture with green's key"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
	"$TMP/gp.svg" || fail "green's private picture is not well-formed XML"
grep -q "your minefield" "$TMP/gp.svg" || fail "green's picture shows no minefield"
age -d -i "$TMP/tan" "$G/reports/00/0002-tan.svg.age" >"$TMP/tp.svg" ||
	fail "age could not open tan's picture with tan's key"
[ "$(grep -c 'your minefield' "$TMP/tp.svg")" -eq 2 ] ||
	fail "tan's picture: his 3 minefields on rows 15, 15 and 23 are not 2 bands"
grep -q "your minefield x2" "$TMP/tp.svg" || fail "tan's picture: no x2 on row 15"
! grep -q "your minefield" "$G/reports/00/0001.svg" "$G/reports/00/0002.svg" ||
	fail "a public picture shows a minefield"
if age -d -i "$TMP/green" "$G/reports/00/0002-tan.svg.age" >/dev/null 2>&1; then
	fail "green's key opens tan's picture"
fi
ok
expect_exit 0 umpire status "$G" --as tan --identity "$TMP/tan"
expect_out "minefield 3: row 23, secret"
first=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
expect_exit 0 umpire bot "$G" --as "$first" --identity "$TMP/$first"
grep -q '^actions:' "$TMP/out" || fail "$first's bot drew no turn: $(cat "$TMP/out")"
# The bot --as a player needs no seed, and reads only his own view.
expect_exit 77 umpire status "$G" --as green --identity "$TMP/tan"

# Play to the end: the host's bot for both, each turn signed.
i=0
while [ $i -lt 400 ]; do
	UMPIRE_SEED=$(cat "$S") drawer bot "$G" >"$TMP/b.yaml" 2>"$TMP/err" || break
	who=$(sed -n 's/^player: //p' "$TMP/b.yaml")
	sign "$who" "$TMP/b.yaml"
	umpire turn "$G" "$TMP/b.yaml" --seed-file "$S" >"$TMP/out" 2>"$TMP/err" ||
		fail "turn refused the bot's orders: $(cat "$TMP/err")"
	i=$((i + 1))
done
grep -q "the game is over" "$TMP/err" || fail "the game did not end: $(cat "$TMP/err")"
expect_clean "$G"

# Before the reveal: nothing secret in any blob of any commit.
seed=$(cat "$S")
game_identity "$seed" "$TMP/identity"
identity=$(cat "$TMP/identity")
# The derived identity is the game's: it opens the secret part.
age -d -i "$TMP/identity" "$G/reports/00/0002.secret.yaml.age" >"$TMP/secret" ||
	fail "the identity derived as umpire-files(5) says does not open the secret part"
grep -q "green: \[2, 2, 11\]" "$TMP/secret" || fail "secret part: $(cat "$TMP/secret")"
git -C "$G" rev-list --all --objects | cut -d' ' -f1 |
	git -C "$G" cat-file --batch >"$TMP/blobs" || fail "reading the blobs"
for secret in "$seed" "$identity" "green: [2, 2, 11]" "tan: [15, 15, 23]" \
    "minefield 3: row 11" "minefield 1: row 15" "value: [15, 15, 23]"; do
	if grep -qF -- "$secret" "$TMP/blobs"; then
		fail "a blob holds a secret before the reveal: $secret"
	fi
done
# A minefield's row appears only once it went off or was cleared, with
# its salt, and every such salt opens its commitment.
python3 - "$G/game.yaml" <<'PY' || fail "a revealed minefield does not open its commitment"
import hashlib, sys, yaml
st = yaml.safe_load(open(sys.argv[1]))
for side, fields in (st.get("minefields") or {}).items():
    for f in fields:
        if "row" in f:
            h = hashlib.sha256(bytes.fromhex(f["salt"]) + str(f["row"]).encode())
            assert "sha256:" + h.hexdigest() == f["commitment"], f
PY
ok
expect_exit 66 umpire verify "$G"
expect_err "a sealed game whose seed is not revealed: checked in public"
expect_err "steps and every signature (each secret part present); the rolls, the adjudication of every step and every secret wait for the seed"
expect_exit 0 umpire verify "$G" --seed-file "$S"
expect_out "verified $ID"

# verify makes every encrypted file again: another step's secret part in
# the place of step 2's, or a view forged to green's key, is caught.
git clone -q "$G" "$TMP/t" || fail "git clone"
git -C "$G" show HEAD:reports/00/0001.secret.yaml.age >"$TMP/s1.age"
rewrite "$TMP/t" 2 reports/00/0002.secret.yaml.age "$TMP/s1.age"
expect_exit 65 umpire verify "$TMP/t" --seed-file "$S"
expect_err "reports/00/0002.secret.yaml.age differs from the file umpire encrypts"
rm -rf "$TMP/t"
git clone -q "$G" "$TMP/t" || fail "git clone"
sed 's/row 11, secret/row 12, secret/' "$TMP/gv" |
	age -R "$K/test-key-green-ed25519.pub" >"$TMP/forged.age" || fail "age -R"
rewrite "$TMP/t" 1 reports/00/0001-green.md.age "$TMP/forged.age"
expect_exit 65 umpire verify "$TMP/t" --seed-file "$S"
expect_err "reports/00/0001-green.md.age differs from the file umpire encrypts"
rm -rf "$TMP/t"
git clone -q "$G" "$TMP/t" || fail "git clone"
sed 's/your minefield/a minefield/' "$TMP/gp.svg" |
	age -R "$K/test-key-green-ed25519.pub" >"$TMP/forged.age" || fail "age -R"
rewrite "$TMP/t" 1 reports/00/0001-green.svg.age "$TMP/forged.age"
expect_exit 65 umpire verify "$TMP/t" --seed-file "$S"
expect_err "reports/00/0001-green.svg.age differs from the file umpire encrypts"

# The reveal: then verify opens every secret with the seed at HEAD.
expect_exit 0 umpire reveal "$G" --seed-file "$S"
expect_exit 0 umpire verify "$G"
expect_out "verified $ID"

done_ok
