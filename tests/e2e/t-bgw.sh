#!/bin/sh
# A sealed game of Backgammon Wars with the Power Deck (issue 14): the
# hands dealt in secret, each side's hand in a private view that only
# the real age and that player's SSH key open; standing reactions sealed
# with umpire seal and with the real age, every orders file signed with
# the real ssh-keygen; no blob of any commit tells a hand, a reaction or
# the seed before the reveal; then the reveal and verify.
. "$(dirname "$0")/lib.sh"

K=$TOP/tests/crypto
test_keys white black
command -v age >/dev/null || fail "the real age is needed (Debian package age)"

G=$TMP/game
S=$TMP/seed
# Open: refused, saying why; sealed: made, with the game's recipient.
expect_exit 65 umpire new "$TMP/open" --scenario bgw --seed "$SEED1"
expect_err "the Power Deck deals secret hands of cards"
printf '%s\n' "$SEED1" >"$S"
expect_exit 0 umpire new "$G" --scenario bgw --sealed --seed-file "$S" $(keys_for bgw)
R=$(sed -n 's/^recipient: //p' "$G/game.yaml")
case $R in age1*) ok ;; *) fail "no recipient in game.yaml" ;; esac
ID=$(sed -n 's/^game: //p' "$G/game.yaml")
grep -q "hands: {white: 3, black: 3}" "$G/game.yaml" || fail "3 cards each: $(cat "$G/game.yaml")"

# Each side opens his own hand with the real age and his key, not the
# other's; the hand is three cards of the 24.
for who in white black; do
	age -d -i "$TMP/$who" "$G/reports/00/0000-$who.md.age" >"$TMP/$who.view" ||
		fail "age could not open $who's view with $who's key"
	grep -q "^# [WB][a-z]*'s hand" "$TMP/$who.view" || fail "$who's view: $(cat "$TMP/$who.view")"
	[ "$(sed -n 's/^hand: \[\(.*\)\]$/\1/p' "$TMP/$who.view" | tr ',' '\n' | grep -c .)" = 3 ] ||
		fail "$who's view holds no hand of 3"
done
if age -d -i "$TMP/black" "$G/reports/00/0000-white.md.age" >/dev/null 2>&1; then
	fail "black's key opens white's hand"
fi
ok
expect_exit 0 umpire status "$G" --as white --identity "$TMP/white"
expect_out "# White's hand"

# The first play, then black's declaration with reactions sealed by
# umpire seal; white's later with the real age.
first=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
other=black; [ "$first" = black ] && other=white
UMPIRE_SEED=$SEED1 $UMPIRE bot "$G" >"$TMP/o1.yaml" || fail "bot"
sign "$first" "$TMP/o1.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o1.yaml" --seed-file "$S"
step=$(sed -n 's/^awaiting: {player: [a-z]*, step: \([0-9]*\),.*/\1/p' "$G/game.yaml")
printf -- '- {card: caltrops, when: 11}\n- {card: parry, against: [thrust, aimed-shot]}\n' >"$TMP/react.yaml"
# In the clear, reactions are refused: every player reads the orders.
{ printf 'umpire: 1\nruleset: bgw\ngame: %s\nplayer: %s\nstep: %s\ndeclare: move\nreactions:\n' \
	"$ID" "$other" "$step"; sed 's/^/  /' "$TMP/react.yaml"; } >"$TMP/clear.yaml"
sign "$other" "$TMP/clear.yaml"
expect_exit 65 umpire check "$G" "$TMP/clear.yaml" --seed-file "$S"
expect_err "reactions: given in the clear"
# Nor in the form umpire simulate seals in, without age: only a game
# never written opens it (secret.h).
{ printf 'umpire: 1\nruleset: bgw\ngame: %s\nplayer: %s\nstep: %s\ndeclare: move\nreactions: |\n' \
	"$ID" "$other" "$step"
  printf '  umpire sealed in memory, never written\n  game: %s\n  step: %s\n  player: %s\n  value:\n' \
	"$ID" "$step" "$other"
  sed 's/^/    /' "$TMP/react.yaml"; } >"$TMP/mem.yaml"
sign "$other" "$TMP/mem.yaml"
expect_exit 65 umpire check "$G" "$TMP/mem.yaml" --seed-file "$S"
expect_err "reactions: "
expect_exit 0 umpire seal "$G" "$TMP/react.yaml"
{ printf 'umpire: 1\nruleset: bgw\ngame: %s\nplayer: %s\nstep: %s\ndeclare: move\nreactions: |\n' \
	"$ID" "$other" "$step"; sed 's/^/  /' "$TMP/out"; } >"$TMP/o2.yaml"
sign "$other" "$TMP/o2.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o2.yaml" --seed-file "$S"
expect_out "gives new standing reactions, sealed (BGW-21)"
# How many is secret too: the state has no count (umpire-bgw(7)).
! grep -q "^  reactions: {" "$G/game.yaml" ||
	fail "the state counts the reactions: $(grep reactions "$G/game.yaml")"
# The player's view lists them; nobody else's file does.
group=$G/reports/$(printf '%02d' $((step / 100)))
n=$(ls "$group" | grep -c "^0*$step-$other.md.age$")
[ "$n" = 1 ] || fail "no new view of $other's after his reactions"
age -d -i "$TMP/$other" "$group/$(printf '%04d' "$step")-$other.md.age" >"$TMP/rv" ||
	fail "age could not open $other's view"
grep -q "parry against thrust and aimed-shot" "$TMP/rv" || fail "the view: $(cat "$TMP/rv")"

# Play on with the host's bot, each orders file signed, until step 60
# (step 20 under valgrind, where every call is slow).
i=0 n=58
[ -n "${UMPIRE_SLOW:-}" ] && n=18
while [ $i -lt $n ]; do
	UMPIRE_SEED=$SEED1 drawer bot "$G" >"$TMP/b.yaml" 2>"$TMP/err" || break
	who=$(sed -n 's/^player: //p' "$TMP/b.yaml")
	sign "$who" "$TMP/b.yaml"
	umpire turn "$G" "$TMP/b.yaml" --seed-file "$S" >"$TMP/out" 2>"$TMP/err" ||
		fail "turn refused the bot's orders: $(cat "$TMP/err")"
	i=$((i + 1))
done
expect_clean "$G"

# Before the reveal: no blob of any commit holds the seed, a hand as a
# view states it, or the reactions' text.
hand_w=$(sed -n 's/^hand: //p' "$TMP/white.view")
hand_b=$(sed -n 's/^hand: //p' "$TMP/black.view")
git -C "$G" rev-list --all --objects | cut -d' ' -f1 |
	git -C "$G" cat-file --batch >"$TMP/blobs" || fail "reading the blobs"
for secret in "$SEED1" "hand: $hand_w" "hand: $hand_b" "against: [thrust, aimed-shot]" \
    "card: caltrops, when: 11"; do
	if grep -qF -- "$secret" "$TMP/blobs"; then
		fail "a blob holds a secret before the reveal: $secret"
	fi
done
ok
expect_exit 66 umpire verify "$G"
expect_exit 0 umpire verify "$G" --seed-file "$S"
expect_out "verified $ID"

# A hand swapped in a view is caught: verify encrypts each view again.
git clone -q "$G" "$TMP/t" || fail "git clone"
sed 's/^hand: \[[a-z0-9-]*/hand: [thief/' "$TMP/white.view" |
	age -R "$K/test-key-white-ed25519.pub" >"$TMP/forged.age" || fail "age -R"
rewrite "$TMP/t" 0 reports/00/0000-white.md.age "$TMP/forged.age"
expect_exit 65 umpire verify "$TMP/t" --seed-file "$S"
expect_err "reports/00/0000-white.md.age differs from the file umpire encrypts"
rm -rf "$TMP/t"

# The reveal (forced: the game goes on), then anyone verifies every
# roll, shuffle and hand.
expect_exit 0 umpire reveal "$G" --seed-file "$S" --force
expect_exit 0 umpire verify "$G"
expect_out "verified $ID"

done_ok
