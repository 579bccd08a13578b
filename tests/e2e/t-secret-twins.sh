#!/bin/sh
# Games differing only in a secret ask the same players the same
# decisions (issue 26, Tests; the design brief: whether a player is
# asked must never depend on a secret).  Two sealed games of one seed,
# one scenario and one set of keys, in which one player's sealed orders
# differ (Army Man Backgammon's minefields: green lays his mines
# elsewhere; Backgammon Wars: black's reactions), then get the same
# orders, the bot's for the first game, with its standing orders
# (Backgammon Wars' declaration held): after every call the two games
# await the same decision of the same player at the same step, having
# passed the same empty decisions and applied the same standing orders,
# until a public report tells the secret (a mine goes off, a reaction
# answers), after which they may part.  test_autopass and test_standing
# check the same thing hook by hook on the public part of a state; here
# it is what umpire turn commits.
. "$(dirname "$0")/lib.sh"

test_keys green tan white black
command -v age >/dev/null || fail "the real age is needed (Debian package age)"

# Under valgrind (UMPIRE_SLOW) each call takes seconds and a pair makes
# five a step (the bot, two turns, two signatures): even Backgammon Wars
# alone over 8 calls took 3.5 minutes on a loaded machine.  This test is
# about which decisions are asked, not about memory, and the same
# calls on sealed games run under valgrind in t-padded and
# t-standing-samples: it runs natively only.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	done_ok
	exit 0
fi
# Calls a pair at most, and how many must be compared after the secrets
# part, over a few seeds (a mine or a reaction may tell its secret at
# once).
CALLS=24 WANT=10

# public DIR COMMIT: the public report of the call made after COMMIT:
# every report it made, without what binds the secret part (the
# receipt's hashes, which differ by the sealing).
public() {
	for f in $(git -C "$1" diff --name-only "$2" HEAD -- reports |
	    grep -E '/[0-9]+\.md$'); do
		sed '/^## Receipt/,$d' "$1/$f"
	done
}
awaiting() { sed -n 's/^awaiting: //p' "$1/game.yaml"; }
# sealed_value FILE KEY: the plain text of a sealed value in orders.
sealed_value() {
	sed -n "s/^$2: //p" "$1" | python3 -c 'import json, sys
sys.stdout.write(json.loads(sys.stdin.read()))' >"$TMP/sealed.age" ||
		fail "no $2 in $1"
	age -d -i "$TMP/identity" "$TMP/sealed.age" || fail "age cannot open $2"
}

# twins SCENARIO SEED PLAYER KEY: the pair's game, PLAYER's first
# orders with the sealed KEY made otherwise in the second game.
twins() {
	scen=$1 seed=$2 who=$3 key=$4
	rm -rf "$TMP/a" "$TMP/b"
	for g in a b; do
		umpire new "$TMP/$g" --scenario "$scen" --sealed --seed "$seed" \
			$(keys_for "$scen") >/dev/null || fail "$scen: new failed"
	done
	game_identity "$seed" "$TMP/identity"
	calls=0 differed= passes=0 stood=0
	while [ "$calls" -lt "$CALLS" ]; do
		# The bot's standing orders once the secrets differ: a standing
		# declaration sends no new reactions.
		UMPIRE_SEED=$seed umpire bot "$TMP/a" ${differed:+--standing} \
			>"$TMP/a.yaml" 2>/dev/null || break
		p=$(sed -n 's/^player: //p' "$TMP/a.yaml")
		cp "$TMP/a.yaml" "$TMP/b.yaml"
		if [ -z "$differed" ] && [ "$p" = "$who" ] &&
		    grep -q "^$key: " "$TMP/a.yaml"; then
			# The same orders but for the secret: the bot's with
			# another draw, until it is another secret.
			sealed_value "$TMP/a.yaml" "$key" >"$TMP/a.secret"
			for n in 1 2 3 4 5 6 7 8; do
				UMPIRE_SEED=$seed umpire bot "$TMP/b" --seed "other $n" \
					>"$TMP/other.yaml" 2>/dev/null || fail "no bot for b"
				sealed_value "$TMP/other.yaml" "$key" >"$TMP/b.secret"
				cmp -s "$TMP/a.secret" "$TMP/b.secret" || break
			done
			cmp -s "$TMP/a.secret" "$TMP/b.secret" &&
				fail "$scen: no other $key in 8 draws"
			# (ENVIRON: awk -v would read the block's \n as newlines.)
			line=$(grep "^$key: " "$TMP/other.yaml") k="$key: " \
			awk 'index($0, ENVIRON["k"]) == 1 { print ENVIRON["line"]; next }
				{ print }' "$TMP/a.yaml" >"$TMP/b.yaml"
			differed=$calls
		fi
		sign "$p" "$TMP/a.yaml"
		sign "$p" "$TMP/b.yaml"
		ha=$(head_of "$TMP/a") hb=$(head_of "$TMP/b")
		UMPIRE_SEED=$seed umpire turn "$TMP/a" "$TMP/a.yaml" >/dev/null \
			2>"$TMP/err" || fail "$scen: a refused the bot's orders: $(cat "$TMP/err")"
		# Whether orders are legal is public: b takes a's.
		UMPIRE_SEED=$seed umpire turn "$TMP/b" "$TMP/b.yaml" >/dev/null \
			2>"$TMP/err" || fail "$scen: b refused a's orders: $(cat "$TMP/err")"
		calls=$((calls + 1))
		public "$TMP/a" "$ha" >"$TMP/a.md"
		public "$TMP/b" "$hb" >"$TMP/b.md"
		# Once the reports differ the secret is out: they may part.
		cmp -s "$TMP/a.md" "$TMP/b.md" || break
		[ "$(awaiting "$TMP/a")" = "$(awaiting "$TMP/b")" ] ||
			fail "$scen: call $calls: a awaits $(awaiting "$TMP/a"), b $(awaiting "$TMP/b")"
		passes=$((passes + $(grep -c ', passed\.$' "$TMP/a.md")))
	done
	[ -n "$differed" ] || fail "$scen: $who never sent $key"
	stood=$(git -C "$TMP/a" log --format=%B | grep -c '^Standing-Orders: ')
	[ "$(git -C "$TMP/b" log --format=%B | grep -c '^Standing-Orders: ')" = \
	  "$stood" ] || fail "$scen: the games applied standing orders differently"
	echo "$((calls - differed - 1)) $passes $stood"
}

# pairs SCENARIO PLAYER KEY: pairs of games of seeds 1, 2, ... until
# WANT calls were compared after the secrets parted, but for the call
# that told them; "COMPARED PASSES STANDING-STEPS" in all.
pairs() {
	n=0 compared=0 passes=0 stood=0
	while [ "$compared" -lt "$WANT" ]; do
		n=$((n + 1))
		[ "$n" -le 6 ] || fail "$1: $compared calls compared in 6 pairs, expected $WANT"
		r=$(twins "$1" "$(printf '%064x' "$n")" "$2" "$3") || exit 1
		set -- "$@" $r
		compared=$((compared + $4)) passes=$((passes + $5)) stood=$((stood + $6))
		set -- "$1" "$2" "$3"
	done
	ok
	echo "# $1: $n pairs, $compared calls compared, $passes decisions passed, $stood standing steps" >&2
}

# Army Man Backgammon's minefields: turns passed as empty (AMB-12) are
# public, whatever lies under the rows.
pairs amb:mines green minefields
# Backgammon Wars: declarations stand (held) whatever the hands and the
# reactions.
pairs bgw black reactions
[ "$stood" -gt 0 ] || fail "bgw: no standing step"
ok

done_ok

