#!/bin/sh
# The player's tools (issue 26): umpire orders, the template a player
# fills in; umpire check --as, the check of a game that hides from his
# own view; umpire seal, which checks before it seals; umpire sign,
# which signs with the real ssh-keygen without its prompt.
. "$(dirname "$0")/lib.sh"

K=$TOP/tests/crypto
test_keys white black

# uncomment FILE: the template with its example's '# ' taken out, as
# the template tells the player to.
uncomment() {
	awk 'ex { sub(/^# /, "") } /take out the .# . of the lines after/ { ex = 1 }
		{ print }' "$1"
}

# --- umpire orders: an open game ---------------------------------------
G=$TMP/amb
expect_exit 0 umpire new "$G" --scenario amb --seed "$SEED1"
ID=$(sed -n 's/^game: //p' "$G/game.yaml")
P=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
dice=$(sed -n 's/^awaiting: .*dice: \(\[[0-9, ]*\]\).*/\1/p' "$G/game.yaml")
expect_exit 0 umpire orders "$G"
cp "$TMP/out" "$TMP/t.yaml"
# The envelope, filled, under the comment and the modeline.
sed -n 1,7p "$TMP/t.yaml" >"$TMP/head"
printf '%s\n' "# orders for $P's turn at step 1 of $ID (umpire orders)" \
	'# yaml-language-server: $schema=.umpire/schemas/amb-orders.json' \
	'umpire: 1' 'ruleset: amb' "game: $ID" "player: $P" 'step: 1' |
	cmp -s - "$TMP/head" || fail "template's head: $(cat "$TMP/head")"
ok
expect_out "#   {player: $P, step: 1, kind: turn, dice: $dice}"
expect_out "# The board:"
expect_out "#     1 | G  g1:baz/P"
# As printed, it answers nothing: check says what is missing.
expect_exit 65 umpire check "$G" "$TMP/t.yaml"
expect_err "t.yaml:3:1: error: these orders use 0 of the 2 dice"
# Filled with the example, it passes check and makes the step.
uncomment "$TMP/t.yaml" >"$TMP/filled.yaml"
grep -q '^actions:' "$TMP/filled.yaml" || fail "no example: $(cat "$TMP/filled.yaml")"
expect_exit 0 umpire check "$G" "$TMP/filled.yaml"
expect_out "filled.yaml: ok: legal orders for $P's turn at step 1 of $ID"
expect_exit 0 umpire turn "$G" "$TMP/filled.yaml"
# Every rest of the game: each template, filled, is legal.
for i in 1 2 3 4 5 6 7 8 9 10; do
	umpire orders "$G" >"$TMP/t.yaml" || fail "orders at round $i"
	uncomment "$TMP/t.yaml" >"$TMP/filled.yaml"
	expect_exit 0 umpire turn "$G" "$TMP/filled.yaml"
done
# Another player's template is refused, naming whose decision it is.
P=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
O=green; [ "$P" = green ] && O=tan
expect_exit 65 umpire orders "$G" --as "$O"
expect_err "awaits $P's turn, not $O's orders"
expect_exit 64 umpire orders "$G" --as nobody
expect_err "--as: nobody is not a player of game $ID"
expect_exit 64 umpire orders "$G" --identity "$TMP/white"
expect_err "--identity goes with --as PLAYER"

# --- umpire orders --as: a game that hides -------------------------------
B=$TMP/bgw
S=$TMP/seed
printf '%s\n' "$SEED1" >"$S"
expect_exit 0 umpire new "$B" --scenario bgw --sealed --seed-file "$S" $(keys_for bgw)
BID=$(sed -n 's/^game: //p' "$B/game.yaml")
P=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$B/game.yaml")
O=black; [ "$P" = black ] && O=white
expect_exit 0 umpire orders "$B" --as "$P" --identity "$TMP/$P"
cp "$TMP/out" "$TMP/b.yaml"
expect_out "# What you alone know (your private view):"
hand=$(age -d -i "$TMP/$P" "$B/reports/0000-$P.md.age" | sed -n 's/^hand: //p')
[ -n "$hand" ] || fail "no hand in $P's view"
expect_out "#   hand: $hand"
# Without --as nobody's hand is shown, nor with the other's key.
expect_exit 0 umpire orders "$B"
grep -q "hand:" "$TMP/out" && fail "a template without --as shows a hand"
ok
expect_exit 77 umpire orders "$B" --as "$P" --identity "$TMP/$O"
expect_err "is this the player's key?"
expect_exit 64 umpire orders "$B" --as "$P"
expect_err "--as needs --identity KEYFILE"
# Filled and signed, the host's check accepts it.
uncomment "$TMP/b.yaml" >"$TMP/bfilled.yaml"
sign "$P" "$TMP/bfilled.yaml"
expect_exit 0 umpire check "$B" "$TMP/bfilled.yaml" --seed-file "$S"
expect_out "bfilled.yaml: ok: legal orders for $P's play at step 1 of $BID"

done_ok
