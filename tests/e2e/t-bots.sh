#!/bin/sh
# The bot's levels (umpire(1), BOTS; issue 28): bot --level 2 draws legal
# orders, the same each time (in Army Men and VSGMR after its search
# unit by unit too); simulate --levels pits the levels against
# each other and is reproducible; a deadline's default step plays the
# policy's bot-level and verify draws it again, in games that hide
# (bgw, amb with minefields) too; a VSGMR force marked
# bot: 2 is played by level 2 within the step, and verify replays it;
# and in every built-in scenario of every ruleset the level-1 bot ends
# its games and every player scores on average (the bots that play).
. "$(dirname "$0")/lib.sh"

H=3600
LATER=4102444800

# bot --level: 2 is legal and deterministic; anything else is usage.
G=$TMP/wwii
umpire new "$G" --scenario wwii --seed "$SEED1" >/dev/null || fail "new failed"
for i in 1 2 3; do
	umpire bot "$G" --level 2 >"$TMP/o.yaml" || fail "bot --level 2 failed"
	umpire bot "$G" --level 2 >"$TMP/o2.yaml" || fail "bot --level 2 failed"
	cmp -s "$TMP/o.yaml" "$TMP/o2.yaml" || fail "bot --level 2 drew two orders"
	expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
done
expect_exit 64 umpire bot "$G" --level 3
expect_err "--level takes 1"
expect_exit 64 umpire bot "$G" --level x
expect_exit 0 umpire verify "$G"

# The unit-by-unit search (Army Men, VSGMR): orders that mix the draws'
# entries still pass the check, the same each time, and verify agrees.
for sc in armymen "$TOP/tests/vsgmr/scenarios/map-duel.yaml"; do
	G=$TMP/units-$(basename "$sc" .yaml)
	umpire new "$G" --scenario "$sc" --seed "$SEED1" >/dev/null ||
		fail "new $sc failed"
	for i in 1 2 3 4; do
		umpire bot "$G" --level 2 >"$TMP/o.yaml" ||
			fail "bot --level 2 failed ($sc)"
		umpire bot "$G" --level 2 >"$TMP/o2.yaml" ||
			fail "bot --level 2 failed ($sc)"
		cmp -s "$TMP/o.yaml" "$TMP/o2.yaml" ||
			fail "bot --level 2 drew two orders ($sc)"
		expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
	done
	expect_exit 0 umpire verify "$G"
done

# simulate --levels: both seats, reproducible; bad levels are usage.
# (One game under valgrind, where level 2 is some fifty times slower.)
lv=4
[ -n "${UMPIRE_SLOW:-}" ] && lv=1
expect_exit 0 umpire simulate amb --games $lv --levels 2,1
cp "$TMP/out" "$TMP/a"
expect_exit 0 umpire simulate amb --games $lv --levels 2,1
grep -v '^ *speed' "$TMP/a" >"$TMP/a1"
grep -v '^ *speed' "$TMP/out" >"$TMP/b1"
cmp -s "$TMP/a1" "$TMP/b1" || fail "simulate --levels is not reproducible"
expect_exit 64 umpire simulate amb --games 1 --levels 0
expect_err "--levels takes levels from 1 to 2"
expect_exit 64 umpire simulate amb --games 1 --levels 1,,2

# A deadline's default step at level 2, drawn again by verify.
{ cat "$TOP/samples/wwii/standard.yaml"
  printf 'deadlines: {decision: 72h, default: bot, bot-level: 2}\n'; } >"$TMP/dl.yaml"
D=$TMP/dl
umpire new "$D" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new with bot-level 2 failed"
T0=$(git -C "$D" log -1 --format=%ct)
expect_exit 0 umpire tick "$D" --now $((T0 + 73 * H))
expect_out "umpire played the bot's orders"
expect_exit 0 umpire verify "$D" --now $LATER
sed 's/bot-level: 2/bot-level: 3/' "$TMP/dl.yaml" >"$TMP/dl3.yaml"
expect_exit 65 umpire new "$TMP/dl3" --scenario "$TMP/dl3.yaml"
expect_err "bot-level"

# The same in games that hide (a Power Deck, minefields): level 2
# searches from the player's own knowledge (umpire(1), BOTS), and verify
# draws its default steps again with the seed.  Six steps each, one
# under valgrind.
n=6
[ -n "${UMPIRE_SLOW:-}" ] && n=1
for sc in bgw:standard amb:mines; do
	rs=${sc%%:*}
	{ cat "$TOP/samples/$rs/${sc#*:}.yaml"
	  printf 'deadlines: {decision: 1h, default: bot, bot-level: 2}\n'; } >"$TMP/h-$rs.yaml"
	D=$TMP/hidden-$rs
	umpire new "$D" --scenario "$TMP/h-$rs.yaml" --sealed \
	    --seed-file "$TMP/$rs.seed" $(keys_for "$sc") >/dev/null ||
		fail "new $sc with bot-level 2 failed"
	T0=$(git -C "$D" log -1 --format=%ct)
	expect_exit 0 umpire tick "$D" --seed-file "$TMP/$rs.seed" \
		--now $((T0 + n * H + 60))
	expect_out "umpire played the bot's orders"
	steps=$(git -C "$D" rev-list --count HEAD)
	[ "$steps" -gt "$n" ] || fail "$sc: $steps commits after $n deadlines"
	expect_exit 0 umpire verify "$D" --seed-file "$TMP/$rs.seed" --now $LATER
done

# VSGMR solo play with the bot at level 2: played within each step, and
# verify makes the same decisions again.
sed 's/^\(    bot: \)true/\12/' "$TOP/samples/vsgmr/solo.yaml" >"$TMP/solo2.yaml"
grep -q 'bot: 2' "$TMP/solo2.yaml" || fail "solo.yaml has no bot: true to change"
S=$TMP/solo
umpire new "$S" --scenario "$TMP/solo2.yaml" --seed "$SEED1" >/dev/null ||
	fail "new of a solo game with bot: 2 failed"
grep -q 'bot: 2' "$S/game.yaml" || fail "the state lost bot: 2"
for i in 1 2 3 4 5 6; do
	umpire bot "$S" >"$TMP/s.yaml" 2>/dev/null || break
	expect_exit 0 umpire turn "$S" "$TMP/s.yaml"
done
expect_exit 0 umpire verify "$S"

# The bots play: every built-in scenario ends its games, and every
# player scores on average over 100 games, at level 1.  A figure of the
# bots' play, not of memory: under valgrind (UMPIRE_SLOW) the games
# above have run umpire's code already, and 2,500 more would take an
# hour there.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	done_ok
	exit 0
fi
umpire rules | awk '/^Built-in/ { on = 1; next } on && NF { print $1 }' >"$TMP/scenarios"
[ -s "$TMP/scenarios" ] || fail "umpire rules lists no scenario"
while read -r sc; do
	r=${sc%%:*}
	expect_exit 0 umpire simulate "$r" --scenario "$sc" --games 100
	awk -v sc="$sc" '
		/^  player/ { rows = 1; next }
		rows && /^  draws/ { rows = 0 }
		rows && $NF + 0 <= 0 { print sc ": " $1 " never scored"; bad = 1 }
		/^  unfinished/ && $2 != 0 { print sc ": " $2 " unfinished"; bad = 1 }
		END { exit bad }' "$TMP/out" >"$TMP/why" ||
		fail "$(cat "$TMP/why")"
done <"$TMP/scenarios"
done_ok
