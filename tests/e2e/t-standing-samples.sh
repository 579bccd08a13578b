#!/bin/sh
# Standing orders on the sample games (issue 26, Tests): each ruleset's
# sample game, replayed with standing orders wherever its choices can
# stand, reaches the same end as when played decision by decision.
# WWII Combined Arms' is t-standing.sh's.  Here:
#  - Army Men: a side's first card of a turn carries its other cards of
#    that turn, so a turn takes one letter a side;
#  - Backgammon Wars: a side's play carries its next declaration, held
#    (hold: true) while it is the same bare declaration, withdrawn
#    (standing: []) before one that plays a card or sends reactions,
#    which never stand (umpire-bgw(7), Standing orders): those and every
#    play of the dice are still letters of their own;
#  - VSGMR: a player's first decision of a round carries his others of
#    that round (initiative, move, attacks, skills), one letter a round;
#  - Army Man Backgammon: nothing stands; a standing entry sent with the
#    sample's orders is refused and the game is left as it was.
# The standing orders hold the very orders the sample sends later, so
# the choices coincide everywhere; what must differ is left out: who
# made each step and the trailers (umpire's standing steps), the
# reports, which name them, and the state's standing: list (a held
# declaration outlives the sample).  The states are compared whole
# otherwise: units, scores, awaiting and result; each standing step's
# orders are the sample's.  Last, a sealed value never stands: Backgammon
# Wars' reactions in a standing entry are refused at the value.
. "$(dirname "$0")/lib.sh"

# Under valgrind (UMPIRE_SLOW) each call takes seconds: there only the
# first 8 orders files of Backgammon Wars' sample, the sealed and signed
# one, in which each side's declaration already stands once.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	LIMIT=8 RULESETS=bgw
else
	LIMIT=1000 RULESETS="armymen bgw vsgmr"
fi

K=$TOP/tests/crypto
test_keys white black

state_of() {
	sed '/^date:/d;/^deadline:/d' "$1/game.yaml" |
		awk '/^standing:/ { skip = 1; next } skip && /^[ -]/ { next }
			{ skip = 0; print }'
}

# new RULESET DIR: the sample's game, new.
new() {
	if [ "$1" = bgw ]; then
		umpire new "$2" --scenario "$TOP/samples/bgw/standard.yaml" \
			--sealed --seed-file "$TOP/samples/bgw/game/seed" \
			--key white="$K/test-key-white-ed25519.pub" \
			--key black="$K/test-key-black-ed25519.pub" >/dev/null
	else
		umpire new "$2" --scenario "$TOP/samples/$1/standard.yaml" \
			--seed "$(cat "$TOP/samples/$1/game/seed")" >/dev/null
	fi || fail "$1: new failed"
}

# send RULESET DIR ORDERS: one letter.
send() {
	if [ "$1" = bgw ]; then
		umpire turn "$2" "$3" --seed-file "$TOP/samples/bgw/game/seed"
	else
		umpire turn "$2" "$3"
	fi >"$TMP/out" 2>"$TMP/err" || fail "$1: turn $3 failed: $(cat "$TMP/err")"
}

# body FILE: an orders file's own keys (after the envelope, which ends
# with step:), indented as an entry's orders.
body() { sed '1,/^step: /d; s/^/      /' "$1"; }

# can_stand RULESET FILE KIND: whether the sample's orders for this
# decision can stand (umpire-RULESET(7), Standing orders).
can_stand() {
	case $1 in
	bgw) [ "$3" = declare ] &&
		[ "$(sed '1,/^step: /d' "$2" | grep -c .)" = 1 ] ;;
	*) true ;;
	esac
}

replay() {
	r=$1
	files=$(ls "$TOP/samples/$r/game/orders/"*.yaml | head -n "$LIMIT")
	n=$(echo "$files" | wc -l)

	# Decision by decision, noting each file's decision: its kind and
	# the turn or round it falls in.
	new "$r" "$TMP/$r-one"
	: >"$TMP/$r.plan"
	for o in $files; do
		a=$(sed -n 's/^awaiting: {\(.*\)}$/\1/p' "$TMP/$r-one/game.yaml")
		kind=$(echo "$a" | sed -n 's/.*kind: \([a-z-]*\).*/\1/p')
		group=$(echo "$a" | sed -n 's/.*\(turn\|round\): \([0-9]*\).*/\2/p')
		who=$(sed -n 's/^player: //p' "$o")
		echo "$o $who $kind ${group:-0}" >>"$TMP/$r.plan"
		send "$r" "$TMP/$r-one" "$o"
	done
	ok

	# With standing orders: each letter carries the same player's next
	# decisions as long as they can stand (and, but in Backgammon Wars,
	# fall in the same turn or round); the files of those are not sent.
	new "$r" "$TMP/$r-two"
	: >"$TMP/$r.covered"
	: >"$TMP/held"
	letters=0
	while read -r o who kind group; do
		grep -qxF "$o" "$TMP/$r.covered" && continue
		cp "$o" "$TMP/letter.yaml"
		: >"$TMP/entries"
		if [ "$r" = bgw ]; then
			next=$(awk -v o="$o" -v who="$who" '
				f && $2 == who { print $1, $3; exit }
				$1 == o { f = 1 }' "$TMP/$r.plan")
			if [ -n "$next" ] && can_stand bgw ${next% *} ${next#* }; then
				d=$(sed -n 's/^declare: //p' "${next% *}")
				echo "${next% *}" >>"$TMP/$r.covered"
				if ! grep -qx "$who $d" "$TMP/held"; then
					printf '  - kind: declare\n    hold: true\n    orders: {declare: %s}\n' \
						"$d" >"$TMP/entries"
					grep -v "^$who " "$TMP/held" >"$TMP/held.new"
					echo "$who $d" >>"$TMP/held.new"
					mv "$TMP/held.new" "$TMP/held"
				fi
			elif grep -q "^$who " "$TMP/held"; then
				echo "standing: []" >>"$TMP/letter.yaml"
				grep -v "^$who " "$TMP/held" >"$TMP/held.new"
				mv "$TMP/held.new" "$TMP/held"
			fi
		else
			awk -v o="$o" -v who="$who" -v g="$group" '
				f && $2 == who { if ($4 != g) exit; print $1, $3 }
				$1 == o { f = 1 }' "$TMP/$r.plan" >"$TMP/later"
			while read -r later k; do
				can_stand "$r" "$later" "$k" || break
				printf '  - kind: %s\n    orders:\n' "$k" >>"$TMP/entries"
				body "$later" >>"$TMP/entries"
				echo "$later" >>"$TMP/$r.covered"
			done <"$TMP/later"
		fi
		if [ -s "$TMP/entries" ]; then
			echo "standing:" >>"$TMP/letter.yaml"
			cat "$TMP/entries" >>"$TMP/letter.yaml"
		fi
		[ "$r" = bgw ] && sign "$who" "$TMP/letter.yaml"
		send "$r" "$TMP/$r-two" "$TMP/letter.yaml"
		letters=$((letters + 1))
	done <"$TMP/$r.plan"
	ok

	# Every file was sent or stood, fewer letters than files, and the
	# standing steps are umpire's, with their trailers.
	covered=$(wc -l <"$TMP/$r.covered")
	[ $((letters + covered)) = "$n" ] ||
		fail "$r: $letters letters and $covered standing steps for $n files"
	[ "$covered" -gt 0 ] || fail "$r: nothing stood"
	s=$(git -C "$TMP/$r-two" log --format=%B | grep -c '^Standing-Orders: ')
	[ "$s" = "$covered" ] || fail "$r: $s standing steps, expected $covered"
	ok
	echo "# $r: $n orders files, $letters letters with standing orders" >&2

	# The same end.
	state_of "$TMP/$r-one" >"$TMP/one.state"
	state_of "$TMP/$r-two" >"$TMP/two.state"
	cmp -s "$TMP/one.state" "$TMP/two.state" ||
		fail "$r: the games end differently: $(diff "$TMP/one.state" "$TMP/two.state" | head -20)"
	ok
	# Each standing step holds the sample's orders for it.
	while read -r o; do
		b=$(basename "$o")
		g=$(ls "$TMP/$r-two/orders/"*/"$b" 2>/dev/null) ||
			fail "$r: no step $b"
		sed '1,/^step: /d' "$o" >"$TMP/want"
		sed '1,/^step: /d' "$g" | cmp -s - "$TMP/want" ||
			fail "$r: $b is not the sample's: $(cat "$g")"
	done <"$TMP/$r.covered"
	ok
}

for r in $RULESETS; do
	replay "$r"
done
# The standing game verifies, the sealed one too (the longest, and the
# one whose standing steps meet signatures and sealed reactions).
expect_exit 0 umpire verify "$TMP/bgw-two" --seed-file "$TOP/samples/bgw/game/seed"
expect_out "every state, report, picture and roll matches"
[ -n "${UMPIRE_SLOW:-}" ] || {
	expect_exit 0 umpire verify "$TMP/vsgmr-two"
	expect_out "every state, report, picture and roll matches"
	expect_exit 0 umpire verify "$TMP/armymen-two"
	expect_out "every state, report, picture and roll matches"
}

# A sealed value never stands (umpire-files(5), Standing orders): black's
# first declaration, standing again with its sealed reactions, is
# refused at the sealed value, and the game is left as it was.
new bgw "$TMP/sealed"
send bgw "$TMP/sealed" "$TOP/samples/bgw/game/orders/0001-white.yaml"
before=$(head_of "$TMP/sealed")
o=$TOP/samples/bgw/game/orders/0002-black.yaml
cp "$o" "$TMP/sealed.yaml"
printf 'standing:\n  - kind: declare\n    hold: true\n    orders:\n' >>"$TMP/sealed.yaml"
body "$o" >>"$TMP/sealed.yaml"
line=$(grep -n '^      reactions: ' "$TMP/sealed.yaml" | cut -d: -f1)
[ -n "$line" ] || fail "no standing reactions in $(cat "$TMP/sealed.yaml")"
sign black "$TMP/sealed.yaml"
expect_exit 65 umpire turn "$TMP/sealed" "$TMP/sealed.yaml" \
	--seed-file "$TOP/samples/bgw/game/seed"
expect_err "$TMP/sealed.yaml:$line:18: error: standing: a sealed value cannot stand: whether it is legal when its decision comes"
expect_diagnostics_form
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "more than the one error: $(cat "$TMP/err")"
[ "$(head_of "$TMP/sealed")" = "$before" ] || fail "bgw: the game moved"
expect_clean "$TMP/sealed"
expect_exit 0 umpire status "$TMP/sealed"
expect_out "awaiting: step 2, black's declare"

# Army Man Backgammon: nothing stands (umpire-amb(7), Standing orders).
# Its sample's first orders with a standing entry are refused, and the
# game is left as it was.
new amb "$TMP/amb"
before=$(head_of "$TMP/amb")
o=$(ls "$TOP/samples/amb/game/orders/"*.yaml | head -n 1)
cp "$o" "$TMP/amb.yaml"
printf 'standing:\n  - kind: turn\n    orders:\n' >>"$TMP/amb.yaml"
body "$o" >>"$TMP/amb.yaml"
line=$(grep -n '^standing:' "$TMP/amb.yaml" | cut -d: -f1)
expect_exit 65 umpire turn "$TMP/amb" "$TMP/amb.yaml"
expect_err "$TMP/amb.yaml:$((line + 1)):3: error: standing: no orders stand in Army Man Backgammon"
expect_diagnostics_form
[ "$(head_of "$TMP/amb")" = "$before" ] || fail "amb: the game moved"
expect_clean "$TMP/amb"
expect_exit 0 umpire turn "$TMP/amb" "$o"

done_ok
