#!/bin/sh
# SIGKILL an umpire turn at random moments, many times: every game is at
# the old step or the new one, verifies, and the next turn leaves a clean
# work tree.
. "$(dirname "$0")/lib.sh"

RUNS=${KILL_RUNS:-60}
[ -n "${UMPIRE_SLOW:-}" ] && RUNS=12	# under valgrind every run is slow
G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null

# How long a whole turn lasts here, in microseconds: the slowest of
# three.  Kills land within that span, so they hit every part of a turn,
# the commit included, however fast the build (a sanitizer, valgrind)
# and the machine.
now_us() { t=$(date +%s%N); echo "${t%???}"; }
case $(now_us) in
''|*[!0-9]*) fail "date +%s%N does not count nanoseconds here" ;;
esac
span=0
k=0
while [ "$k" -lt 3 ]; do
	k=$((k + 1))
	umpire bot "$G" >"$TMP/o.yaml" || fail "bot failed"
	t0=$(now_us)
	umpire turn "$G" "$TMP/o.yaml" >/dev/null || fail "turn failed"
	t=$(($(now_us) - t0))
	[ "$t" -gt "$span" ] && span=$t
done

old=0
new=0
i=0
while [ "$i" -lt "$RUNS" ]; do
	i=$((i + 1))
	if ! umpire bot "$G" >"$TMP/o.yaml" 2>/dev/null; then
		# Game over: start another.
		rm -rf "$G"
		umpire new "$G" --scenario "$SCENARIO" >/dev/null
		continue
	fi
	before=$(step_of "$G")
	# A random moment within a turn's lifetime.
	r=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
	delay=$(awk -v r="$r" -v span="$span" \
		'BEGIN { printf "%.6f", r / 65536 * span / 1e6 }')
	$UMPIRE turn "$G" "$TMP/o.yaml" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	after=$(step_of "$G")
	if [ "$after" = "$before" ]; then
		old=$((old + 1))
	elif [ "$after" = $((before + 1)) ]; then
		new=$((new + 1))
	else
		fail "after a kill the game awaits step $after; it awaited $before"
	fi
	git -C "$G" fsck --no-dangling >"$TMP/fsck" 2>&1 ||
		fail "git fsck after a kill: $(cat "$TMP/fsck")"
	umpire verify "$G" >/dev/null 2>"$TMP/err" ||
		fail "verify after a kill at step $before: $(cat "$TMP/err")"
	ok
done
# The next turn repairs whatever a kill left half done; it repairs
# before it reads the orders, so even a game just ended is mended.
umpire bot "$G" >"$TMP/o.yaml" 2>/dev/null
umpire turn "$G" "$TMP/o.yaml" >/dev/null 2>&1
case $? in
0|65) ;;
*) fail "the turn after the kills failed" ;;
esac
expect_clean "$G"
echo "$NAME: $RUNS kills: $old left the old step, $new the new one"
# Sixty kills land on both sides of the commit; a dozen slow ones might not.
[ -n "${UMPIRE_SLOW:-}" ] || { [ "$old" -gt 0 ] && [ "$new" -gt 0 ]; } ||
	fail "the kills did not land both before and after the commit"
done_ok
