#!/bin/sh
# The helpers the other tests lean on fail when they should: play()
# stops quietly at the end of a game and nowhere else; rebuild() keeps
# what it is not told to change.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$PLAY_SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"

# A bot that crashes (status 139, as for SIGSEGV) fails the test.
if (
	drawer() { [ "$1" = bot ] && return 139; $UMPIRE "$@"; }
	play "$G" 3
) 2>"$TMP/play.err"; then
	fail "play went on past a bot that crashed"
fi
grep -qF "bot failed (exit 139), and not because the game is over" \
	"$TMP/play.err" || fail "play's message: $(cat "$TMP/play.err")"
ok

# So does a bot that refuses for another reason, with the same status as
# for a game over (65): here, no decision of nobody's is awaited.
if (
	drawer() { [ "$1" = bot ] && set -- "$@" --player nobody; $UMPIRE "$@"; }
	play "$G" 3
) 2>"$TMP/play.err"; then
	fail "play went on past a bot that refused"
fi
grep -qF "bot failed (exit 65), and not because the game is over" \
	"$TMP/play.err" || fail "play's message: $(cat "$TMP/play.err")"
expect_exit 0 umpire bot "$G"	# the game was left as it was

# A game played out: play stops at its end and returns 0.
play "$G" 400 || fail "play failed at the end of a game"
expect_exit 0 umpire status "$G"
expect_out "over:"

# rebuild keeps byte for byte what its edit leaves alone: with an edit
# that changes nothing, every commit comes back with its own id.
noop() { :; }
before=$(head_of "$G")
rebuild "$G" 0 "" noop
[ "$(head_of "$G")" = "$before" ] || fail "rebuild changed what it should keep"
ok
done_ok
