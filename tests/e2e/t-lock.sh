#!/bin/sh
# Two umpires on one game: the second exits 75 (try again) and loses
# nothing; a killed umpire leaves no stale lock.
. "$(dirname "$0")/lib.sh"

command -v flock >/dev/null || { echo "skip $NAME: no flock(1)"; exit 0; }
G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
umpire bot "$G" >"$TMP/o.yaml"
before=$(head_of "$G")

# Another process holds the game's lock (flock(1) stands in for an
# umpire) and says so through a FIFO once it does: no guessing how long
# it takes to start.
mkfifo "$TMP/held"
sh -c '{ flock 9 && echo held >"$2" && exec sleep 600; } 9>>"$1"
	echo failed >"$2"' sh "$G/.git/umpire.lock" "$TMP/held" &
holder=$!
trap 'kill -9 "$holder" 2>/dev/null; rm -rf "$TMP"' EXIT
read -r state <"$TMP/held"
[ "$state" = held ] || fail "the stand-in could not take the lock"
expect_exit 75 umpire turn "$G" "$TMP/o.yaml"
expect_err "another umpire is adjudicating this game; try again shortly"
# --wait: a bounded wait on a busy game, then 75 all the same.
start=$(date +%s)
expect_exit 75 umpire turn "$G" "$TMP/o.yaml" --wait 1
[ $(($(date +%s) - start)) -ge 1 ] || fail "turn --wait 1 did not wait"
expect_exit 75 umpire tick "$G" --wait 1
expect_exit 64 umpire turn "$G" "$TMP/o.yaml" --wait soon
expect_err "--wait soon: give a whole number of seconds"
[ "$(head_of "$G")" = "$before" ] || fail "the locked-out turn moved HEAD"
expect_clean "$G"
# Killed, it leaves no stale lock: the kernel drops a flock with its
# holder, and the next turn goes through.
kill -9 "$holder"
wait "$holder" 2>/dev/null
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
expect_clean "$G"

# A game busy for a second: turn --wait 30 plays once the lock is free.
umpire bot "$G" >"$TMP/ow.yaml"
before=$(head_of "$G")
rm -f "$TMP/held" && mkfifo "$TMP/held"
sh -c '{ flock 9 && echo held >"$2" && sleep 1; } 9>>"$1"' \
	sh "$G/.git/umpire.lock" "$TMP/held" &
holder=$!
read -r state <"$TMP/held"
[ "$state" = held ] || fail "the stand-in could not take the lock"
expect_exit 0 umpire turn "$G" "$TMP/ow.yaml" --wait 30
wait "$holder"
[ "$(head_of "$G")" != "$before" ] || fail "turn --wait did not play"

# Two real turns at once with the same orders: exactly one wins.
umpire bot "$G" >"$TMP/o2.yaml"
before=$(head_of "$G")
$UMPIRE turn "$G" "$TMP/o2.yaml" >"$TMP/r1" 2>"$TMP/e1" &
p1=$!
$UMPIRE turn "$G" "$TMP/o2.yaml" >"$TMP/r2" 2>"$TMP/e2" &
p2=$!
wait "$p1"; s1=$?
wait "$p2"; s2=$?
case "$s1$s2" in
075|750|065|650) ;;
*) fail "two concurrent turns exited $s1 and $s2:
$(cat "$TMP/e1" "$TMP/e2")" ;;
esac
[ "$(git -C "$G" rev-list --count "$before..HEAD")" = 1 ] ||
	fail "two concurrent turns made $(git -C "$G" rev-list --count "$before..HEAD") commits"
expect_clean "$G"
expect_exit 0 umpire verify "$G"
done_ok
