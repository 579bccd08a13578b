#!/bin/sh
# soak.sh [GAMES]: play GAMES whole games of bot against bot through
# `umpire turn` (git and all), two at a time, and verify each at the end.
# The games go round every ruleset `umpire rules` lists, each from its
# built-in standard scenario.  Run by make check with 25 games (5 a ruleset), by
# make soak with 1000.
. "$(dirname "$0")/lib.sh"

if [ "${1:-}" = --one ]; then
	# One game, seeded by its number, in the directory given.
	G=$3/game-$2
	seed=$(printf '%064x' "$2")
	ruleset=$(rulesets | awk -v i="$2" \
		'{ r[n++] = $1 } END { print r[(i - 1) % n] }')
	# A scenario that hides information is played sealed, as umpire new
	# demands, with every orders file signed by the player's test key.
	sealed=
	if ! umpire new "$G" --scenario "$ruleset" --seed "$seed" >/dev/null \
	    2>"$G.err"; then
		grep -q "must be sealed" "$G.err" ||
			fail "game $2 ($ruleset): new failed: $(cat "$G.err")"
		echo "$seed" >"$G.seed"
		sealed="--seed-file $G.seed"	# mktemp's path: no blanks
		umpire new "$G" --scenario "$ruleset" --sealed $sealed \
		    $(keys_for "$ruleset") >/dev/null ||
			fail "game $2 ($ruleset): new --sealed failed"
	fi
	steps=0
	while UMPIRE_SEED=$seed umpire bot "$G" >"$G.orders" 2>/dev/null; do
		if [ -n "$sealed" ]; then
			who=$(sed -n 's/^player: //p' "$G.orders")
			key=$G.key-$who
			[ -f "$key" ] || { cp "$TOP/tests/crypto/test-key-$who-ed25519" \
				"$key" && chmod 600 "$key"; }
			rm -f "$G.orders.sig"
			ssh-keygen -q -Y sign -n umpire -f "$key" "$G.orders" ||
				fail "game $2 ($ruleset): ssh-keygen -Y sign"
		fi
		umpire turn "$G" "$G.orders" $sealed >/dev/null 2>"$G.err" ||
			fail "game $2 ($ruleset): turn refused the bot's orders at step $((steps + 1)):
$(cat "$G.orders" "$G.err")"
		steps=$((steps + 1))
		[ "$steps" -lt 2000 ] || fail "game $2 ($ruleset): no end after 2000 steps"
	done
	umpire status "$G" | grep -q "^over:" || fail "game $2 ($ruleset): bot stopped early"
	umpire verify "$G" $sealed >/dev/null 2>"$G.err" ||
		fail "game $2 ($ruleset): verify: $(cat "$G.err")"
	[ -z "$(git -C "$G" status --porcelain)" ] ||
		fail "game $2: git status is not clean"
	git -C "$G" fsck --no-dangling >/dev/null 2>&1 || fail "game $2: git fsck"
	echo "$ruleset $steps" >"$3/steps-$2"
	# How far the soak is, every tenth of the way (make check's output is
	# no terminal, so a line each time).
	done=$(ls "$3" | grep -c '^steps-')
	all=$(cat "$3/games")
	[ $((done * 10 / all)) -gt $(((done - 1) * 10 / all)) ] &&
		echo "soak: $done of $all games played and verified"
	rm -rf "$G" "$G".*
	exit 0
fi

GAMES=${1:-200}
JOBS=${SOAK_JOBS:-2}
start=$(date +%s)
echo "$GAMES" >"$TMP/games"
seq 1 "$GAMES" | xargs -P "$JOBS" -I{} sh "$0" --one {} "$TMP" ||
	fail "a soak game failed (see above)"
played=$(ls "$TMP" | grep -c '^steps-')
rm -f "$TMP/games"
[ "$played" = "$GAMES" ] || fail "only $played of $GAMES games finished"
total=$(cat "$TMP"/steps-* | awk '{ s += $2 } END { print s }')
each=$(cat "$TMP"/steps-* | awk '{ g[$1]++ } END { for (r in g) print g[r], r }' |
	sort -k2 | paste -sd, - | sed 's/,/, /g')
echo "ok soak: $GAMES games ($each), $total steps through umpire turn," \
	"all verified ($(($(date +%s) - start)) s)"
