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
grep -q 'signed orders' "$TMP/t.yaml" && fail "an open game's template asks for a signature"
# The other player, not asked yet: the template of his first decision.
O=green; [ "$P" = green ] && O=tan
expect_exit 0 umpire orders "$G" --as "$O"
expect_out "# orders for $O's next decision in $ID, not yet awaited (umpire orders)"
expect_out "# Not yet awaited: step 1 awaits $P's turn.  You have not been"
expect_out "player: $O"
expect_out "# The board now (it may change before your decision):"
cp "$TMP/t.yaml" "$TMP/out"
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
# Another player's template: his next decision, a round after the one
# before, which is not awaited yet (orders for it are refused now).
P=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
S=$(sed -n 's/^step: //p' "$G/game.yaml")
O=green; [ "$P" = green ] && O=tan
expect_exit 0 umpire orders "$G" --as "$O"
expect_out "# orders for $O's next decision (turn) in $ID, not yet awaited (umpire orders)"
expect_out "# Not yet awaited: step $S awaits $P's turn.  Your next decision"
expect_out "# is your turn, at step $((S + 1)) if it comes as it came a round ago"
grep -qx "step: $((S + 1))" "$TMP/out" || fail "next step: $(cat "$TMP/out")"
grep -q '^# - {' "$TMP/out" && fail "an example for a decision not yet awaited"
cp "$TMP/out" "$TMP/next.yaml"
expect_exit 65 umpire check "$G" "$TMP/next.yaml"
expect_err "next.yaml:7:7: error: these orders are for step $((S + 1)), but the game awaits step $S"
expect_exit 64 umpire orders "$G" --as nobody
expect_err "--as: nobody is not a player of game $ID, whose players are green, tan"
expect_exit 64 umpire orders "$G" --as tna
expect_err "whose players are green, tan (did you mean 'tan'?)"
expect_exit 64 umpire orders "$G" --identity "$TMP/white"
expect_err "--identity goes with --as PLAYER"

# --- umpire orders --as: a game that hides -------------------------------
B=$TMP/bgw
S=$TMP/seed
# The first seed whose first player's example plays a card: a card he
# does not hold is tried in its place below.  (The dice, and the bot's
# example, follow the game id, which binds the scenario.)
for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	rm -rf "$B"
	printf '%064x\n' "$s" >"$S"
	expect_exit 0 umpire new "$B" --scenario bgw --sealed --seed-file "$S" $(keys_for bgw)
	P=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$B/game.yaml")
	expect_exit 0 umpire orders "$B" --as "$P" --identity "$TMP/$P"
	grep -q '^# - {card: [a-z0-9-]*,' "$TMP/out" && break
done
BID=$(sed -n 's/^game: //p' "$B/game.yaml")
O=black; [ "$P" = black ] && O=white
cp "$TMP/out" "$TMP/b.yaml"
expect_out "# What you alone know (your private view):"
hand=$(age -d -i "$TMP/$P" "$B/reports/00/0000-$P.md.age" | sed -n 's/^hand: //p')
[ -n "$hand" ] || fail "no hand in $P's view"
expect_out "#   hand: $hand"
# A game whose players have keys takes signed orders: the template
# says how, before the example (whose lines the player uncomments).
expect_out "# This game takes signed orders only: once written, sign them with"
expect_out "# your key (umpire sign FILE --key ~/.ssh/id_ed25519 writes FILE.sig)."
sed -n '/This game takes signed/,$p' "$TMP/out" | grep -q 'Write your orders below' ||
	fail "the template says to sign after its example"
# The other player's next decision shows his own hand, not this one's.
ohand=$(age -d -i "$TMP/$O" "$B/reports/00/0000-$O.md.age" | sed -n 's/^hand: //p')
[ -n "$ohand" ] || fail "no hand in $O's view"
expect_exit 0 umpire orders "$B" --as "$O" --identity "$TMP/$O"
expect_out "# What you alone know now (your private view):"
expect_out "#   hand: $ohand"
expect_out "# Not yet awaited: step 1 awaits $P's"
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

# --- umpire check --as: the player's own check, without the seed --------
# The filled template: legal from his view as for the host, saying what
# it left to the host.
expect_exit 0 umpire check "$B" "$TMP/bfilled.yaml" --as "$P" --identity "$TMP/$P"
expect_out "bfilled.yaml: ok: legal orders for $P's play at step 1 of $BID"
expect_err "umpire: note: checked from $P's own view, without the seed; left to the host's check: what depends on the other players' secrets, since the Power Deck deals secret hands of cards (options.power-deck, BGW-21), and any sealed value"
# The other player, whose decision is not awaited: refused, with no
# note that says his orders were checked.
expect_exit 65 umpire check "$B" "$TMP/bfilled.yaml" --as "$O" --identity "$TMP/$O"
expect_err "error: step 1 awaits $P's play, not $O's orders"
grep -q "checked from" "$TMP/err" && fail "a check refused for the wrong player says it checked: $(cat "$TMP/err")"
# A card he does not hold: refused from his view as by the host, with
# every other error too.
card=$(sed -n 's/^- {card: \([a-z0-9-]*\),.*/\1/p' "$TMP/bfilled.yaml" | head -n 1)
[ -n "$card" ] || fail "the example plays no card: $(cat "$TMP/bfilled.yaml")"
for other in potion-1 potion-3 potion-5; do
	case " $(echo "$hand" | tr -d '[],') " in *" $other "*) continue ;; esac
	break
done
sed "s/card: $card/card: $other/" "$TMP/bfilled.yaml" >"$TMP/bbad.yaml"
sign "$P" "$TMP/bbad.yaml"
expect_exit 65 umpire check "$B" "$TMP/bbad.yaml" --seed-file "$S"
cp "$TMP/err" "$TMP/host.err"
expect_exit 65 umpire check "$B" "$TMP/bbad.yaml" --as "$P" --identity "$TMP/$P"
expect_err "$P does not hold $other"
grep -v '^umpire: note:' "$TMP/err" | cmp -s - "$TMP/host.err" ||
	fail "his check and the host's differ: $(cat "$TMP/err") -- $(cat "$TMP/host.err")"
ok
# Another player's orders, the seed too, an --identity alone: refused.
expect_exit 65 umpire check "$B" "$TMP/bfilled.yaml" --as "$O" --identity "$TMP/$O"
expect_err "awaits $P's play, not $O's orders"
expect_exit 64 umpire check "$B" "$TMP/bfilled.yaml" --as "$P" --identity "$TMP/$P" --seed-file "$S"
expect_err "give --as or --seed-file, not both"
expect_exit 64 umpire check "$B" "$TMP/bfilled.yaml" --identity "$TMP/$P"

# Minefields (AMB-17): the sealed value is the host's to open; the rest
# is checked.
test_keys green tan
M=$TMP/mines
expect_exit 0 umpire new "$M" --scenario amb:mines --sealed --seed-file "$S" $(keys_for amb:mines)
umpire bot "$M" --as green --identity "$TMP/green" >"$TMP/m1.yaml" || fail "bot"
sign green "$TMP/m1.yaml"
expect_exit 0 umpire check "$M" "$TMP/m1.yaml" --as green --identity "$TMP/green"
expect_err "m1.yaml:8:1: note: minefields: sealed to the game, so only the host can open it and check it"
expect_err "since the Mine Detector rules lay minefields in secret (options.mine-detector, AMB-17)"
sed 's/^step: 1/step: 2/' "$TMP/m1.yaml" >"$TMP/m2.yaml"
sign green "$TMP/m2.yaml"
expect_exit 65 umpire check "$M" "$TMP/m2.yaml" --as green --identity "$TMP/green"
expect_err "these orders are for step 2, but the game awaits step 1"

# --- umpire seal checks the value first ---------------------------------
# Minefields two on one row and one on another (AMB-17): a third row,
# a row of the other side's half, too few: refused at once, nothing
# sealed; the right ones sealed.
M2=$TMP/mines2
expect_exit 0 umpire new "$M2" --scenario amb:mines --sealed --seed-file "$S" $(keys_for amb:mines)
echo '[2, 3, 4]' >"$TMP/mf.yaml"
expect_exit 65 umpire seal "$M2" "$TMP/mf.yaml"
expect_err "mf.yaml:1:1: error: minefields: 3 minefields in 3 rows; the rules place them in 2 spaces, two on one row and one on another (AMB-17)"
[ -s "$TMP/out" ] && fail "sealed all the same: $(cat "$TMP/out")"
ok
echo '[2, 2, 20]' >"$TMP/mf.yaml"
expect_exit 65 umpire seal "$M2" "$TMP/mf.yaml"
expect_err "mf.yaml:1:8: error: row 20 is not on green's side of the board, rows 1 to 12 (AMB-17)"
echo '[2, 3]' >"$TMP/mf.yaml"
expect_exit 65 umpire seal "$M2" "$TMP/mf.yaml"
expect_err "mf.yaml:1:1: error: minefields: needs at least 3 items, has 2"
echo '[2, 2, 5]' >"$TMP/mf.yaml"
expect_exit 0 umpire seal "$M2" "$TMP/mf.yaml"
expect_out "-----BEGIN AGE ENCRYPTED FILE-----"
# The block it made, in orders, passes the host's check.
{ printf 'umpire: 1\nruleset: amb\ngame: %s\nplayer: green\nstep: 1\nminefields: |\n' \
	"$(sed -n 's/^game: //p' "$M2/game.yaml")"; sed 's/^/  /' "$TMP/out"; } >"$TMP/mo.yaml"
sign green "$TMP/mo.yaml"
expect_exit 0 umpire check "$M2" "$TMP/mo.yaml" --seed-file "$S"
# Standing reactions (BGW-21): one card twice, a key of another card.
printf -- '- {card: caltrops, when: 11}\n- {card: caltrops, when: 5}\n' >"$TMP/r.yaml"
expect_exit 65 umpire seal "$B" "$TMP/r.yaml"
expect_err "r.yaml:2:3: error: reactions: entries 1 and 2 name the same card; a card is played once"
printf -- '- {card: thief, when: 11, against: [thrust]}\n' >"$TMP/r.yaml"
expect_exit 65 umpire seal "$B" "$TMP/r.yaml"
expect_err "r.yaml:1:27: error: reactions[0]: unknown key 'against'"
printf -- '- {card: caltrops, when: 11}\n- {card: parry, against: [thrust, aimed-shot]}\n' >"$TMP/r.yaml"
expect_exit 0 umpire seal "$B" "$TMP/r.yaml"
expect_out "-----BEGIN AGE ENCRYPTED FILE-----"

# --- umpire sign: no prompt, a passphrase, an agent ---------------------
command -v ssh-agent >/dev/null || fail "the real ssh-agent is needed"
ssh-keygen -q -t ed25519 -N 'correct horse' -C green -f "$TMP/pass" ||
	fail "ssh-keygen"
printf '#!/bin/sh\necho "correct horse"\n' >"$TMP/askpass"
printf '#!/bin/sh\necho "wrong horse"\n' >"$TMP/badpass"
chmod +x "$TMP/askpass" "$TMP/badpass"
Y=$TMP/keyed
expect_exit 0 umpire new "$Y" --scenario amb --seed "$SEED1" \
	--key "green=$TMP/pass.pub" --key "tan=$K/test-key-tan-ed25519.pub"
YP=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$Y/game.yaml")
umpire orders "$Y" >"$TMP/y.yaml" || fail "orders"
uncomment "$TMP/y.yaml" >"$TMP/yo.yaml"
# Signed once, then again over the old .sig: no question, no terminal.
if [ "$YP" = tan ]; then
	expect_exit 0 umpire sign "$TMP/yo.yaml" --key "$TMP/tan" </dev/null
	echo stale >"$TMP/yo.yaml.sig"
	expect_exit 0 umpire sign "$TMP/yo.yaml" --key "$TMP/tan" </dev/null
else
	echo stale >"$TMP/yo.yaml.sig"
	SSH_ASKPASS=$TMP/askpass SSH_ASKPASS_REQUIRE=force \
		expect_exit 0 umpire sign "$TMP/yo.yaml" --key "$TMP/pass" </dev/null
fi
expect_out "yo.yaml.sig: signed by SHA256:"
grep -q "Overwrite" "$TMP/err" "$TMP/out" && fail "ssh-keygen asked: $(cat "$TMP/err")"
ok
expect_exit 0 umpire check "$Y" "$TMP/yo.yaml"
expect_exit 0 umpire turn "$Y" "$TMP/yo.yaml"
# Green's key has a passphrase: through SSH_ASKPASS, then through an
# agent that holds it (given its public half); a wrong passphrase is
# refused and the old signature stays.
for i in 1 2; do
	YP=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$Y/game.yaml")
	[ "$YP" = green ] && break
	umpire orders "$Y" >"$TMP/y.yaml" && uncomment "$TMP/y.yaml" >"$TMP/yo.yaml" ||
		fail "orders"
	expect_exit 0 umpire sign "$TMP/yo.yaml" --key "$TMP/tan" </dev/null
	expect_exit 0 umpire turn "$Y" "$TMP/yo.yaml"
done
umpire orders "$Y" >"$TMP/y.yaml" && uncomment "$TMP/y.yaml" >"$TMP/g.yaml" ||
	fail "orders"
echo stale >"$TMP/g.yaml.sig"
SSH_ASKPASS=$TMP/badpass SSH_ASKPASS_REQUIRE=force \
	expect_exit 77 umpire sign "$TMP/g.yaml" --key "$TMP/pass" </dev/null
expect_err "ssh-keygen could not sign with this key"
[ "$(cat "$TMP/g.yaml.sig")" = stale ] || fail "a failed sign replaced the .sig"
ok
SSH_ASKPASS=$TMP/askpass SSH_ASKPASS_REQUIRE=force \
	expect_exit 0 umpire sign "$TMP/g.yaml" --key "$TMP/pass" </dev/null
expect_exit 0 umpire check "$Y" "$TMP/g.yaml"
expect_out "signed by $(ssh-keygen -l -f "$TMP/pass.pub" | cut -d' ' -f2)"
eval "$(ssh-agent -s)" >/dev/null
trap 'ssh-agent -k >/dev/null 2>&1; rm -rf "$TMP"' EXIT
SSH_ASKPASS=$TMP/askpass SSH_ASKPASS_REQUIRE=force ssh-add -q "$TMP/pass" </dev/null 2>/dev/null ||
	fail "ssh-add"
rm -f "$TMP/g.yaml.sig"
SSH_ASKPASS=$TMP/badpass SSH_ASKPASS_REQUIRE=force \
	expect_exit 0 umpire sign "$TMP/g.yaml" --key "$TMP/pass.pub" </dev/null
expect_exit 0 umpire check "$Y" "$TMP/g.yaml"
ssh-agent -k >/dev/null 2>&1
# Usage and inputs.
expect_exit 64 umpire sign "$TMP/g.yaml"
expect_err "--key KEY names the OpenSSH key"
expect_exit 66 umpire sign "$TMP/nothing.yaml" --key "$TMP/tan"
expect_exit 64 umpire sign - --key "$TMP/tan"
expect_exit 66 umpire sign "$TMP/g.yaml" --key "$TMP/nokey"
expect_err "nokey: error: cannot open the key: No such file or directory"

done_ok
