#!/bin/sh
# Very Simple Generic Miniatures Rules end to end, for any number of
# players: games of two (Escape), three (Spawning, and the battle map),
# four (the Basic Game) and eight (Melee for eight) played to their end
# through umpire bot and umpire turn, each verified, its standings one
# line a player; solo play, whose bot side's decisions come inside the
# human's steps; and refused orders leaving the game as it was.
. "$(dirname "$0")/lib.sh"

# Under valgrind every call is slow: two games, not five, and their
# first steps only.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	GAMES="map:3 eight:8"
	LIMIT=6
else
	GAMES="escape:2 spawning:3 map:3 standard:4 eight:8"
	LIMIT=1000
fi

for g in $GAMES; do
	name=${g%:*}
	players=${g#*:}
	G=$TMP/$name
	scenario=vsgmr:$name
	[ "$name" = standard ] && scenario=vsgmr
	expect_exit 0 umpire new "$G" --scenario "$scenario" --seed "$SEED1"
	play "$G" "$LIMIT"
	steps=$(step_of "$G")
	[ "$steps" -gt 1 ] || fail "$name: no step was played"
	ok
	expect_exit 0 umpire verify "$G"
	expect_out "every state, report, picture and roll matches"
	[ "$LIMIT" -lt 1000 ] && continue
	# The result ranks every player: one row each in the last report.
	last=$(cd "$G" && ls reports/*/*.md | tail -n 1)
	rows=$(sed -n '/^## Result/,/^## Board/p' "$G/$last" |
		grep -c '^| [0-9]* | ')
	[ "$rows" = "$players" ] ||
		fail "$name: the result ranks $rows players, not $players"
	ok
	echo "$NAME: $name, $players players: $steps steps, verified"
done

# Solo play (X): the Undead are the bot's; the human's steps hold its
# decisions, and the history only the human's orders.
G=$TMP/solo
expect_exit 0 umpire new "$G" --scenario vsgmr:solo --seed "$SEED1"
play "$G" "$LIMIT"
expect_exit 0 umpire verify "$G"
grep -q "umpire's bot, X" "$G"/reports/*/*.md ||
	fail "solo: no report tells a decision of umpire's bot"
ok
[ -z "$(cd "$G/orders" && ls */* | grep -v -- '-heroes\.yaml$')" ] ||
	fail "solo: orders of a player other than the human's: $(ls -R "$G/orders")"
ok

# Refused orders: a figure that is not the player's, named at its line,
# exit 65, and the game as it was.
G=$TMP/refused
umpire new "$G" --scenario vsgmr --seed "$SEED1" >/dev/null
umpire bot "$G" >"$TMP/o.yaml"
umpire turn "$G" "$TMP/o.yaml" >/dev/null || fail "the first turn failed"
before=$(head_of "$G")
umpire bot "$G" >"$TMP/o.yaml"
player=$(sed -n 's/^player: //p' "$TMP/o.yaml")
step=$(sed -n 's/^step: //p' "$TMP/o.yaml")
game=$(sed -n 's/^game: //p' "$TMP/o.yaml")
cat >"$TMP/bad.yaml" <<EOF
umpire: 1
ruleset: vsgmr
game: $game
player: $player
step: $step
moves:
  - {figure: nobody-9, path: [[10, 10]]}
EOF
expect_exit 65 umpire turn "$G" "$TMP/bad.yaml"
expect_err "bad.yaml:7:"
expect_err "nobody-9"
[ "$(head_of "$G")" = "$before" ] || fail "refused orders moved HEAD"
ok
expect_clean "$G"
done_ok
