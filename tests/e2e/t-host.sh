#!/bin/sh
# The host's controls over time (issue 26, item 6): holidays, a deadline
# policy replaced mid-game and extensions, each a host step (game.yaml
# alone, by umpire, its message saying what changed) that tick honours
# and verify makes again; refused where they cannot apply, and caught
# when forged.  Every time here is computed from the game's first
# commit.
. "$(dirname "$0")/lib.sh"

H=3600
date_of() { git -C "$1" log -1 --format=%ct "${2:-HEAD}"; }
utc() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
state_has() { git -C "$1" show HEAD:game.yaml | grep -qxF -- "$2" ||
	fail "game.yaml has no line '$2': $(git -C "$1" show HEAD:game.yaml | sed -n '/^date:/,/^title:/p')"; }
{ cat "$SCENARIO"; printf 'deadlines: {decision: 72h, default: bot}\n'; } >"$TMP/dl.yaml"

G=$TMP/game
umpire new "$G" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new failed"
T0=$(date_of "$G")
at() { utc $((T0 + $1 * H)); }

# 1. Green, awaited, goes on holiday from hour 24 to 48: his clock stops,
#    and his deadline (hour 72) moves by the 24 hours of it.
expect_exit 0 umpire deadline "$G" --holiday "$(at 24)/$(at 48)" --player green
expect_out "now awaits green's turn by $(at 96)"
state_has "$G" "deadline: \"$(at 96)\""
state_has "$G" "- {from: \"$(at 24)\", to: \"$(at 48)\", player: green}"
[ "$(git -C "$G" show --name-only --format= HEAD)" = game.yaml ] ||
	fail "a host step changes game.yaml alone"
[ "$(git -C "$G" log -1 --format='%an %cn')" = "umpire umpire" ] ||
	fail "a host step is umpire's"
git -C "$G" log -1 --format=%B >"$TMP/msg"
grep -qx "Deadline-Holiday: $(at 24) $(at 48) green" "$TMP/msg" || fail "trailer: $(cat "$TMP/msg")"
grep -q "the deadline of green's turn is $(at 96), not $(at 72)" "$TMP/msg" || fail "message: $(cat "$TMP/msg")"
expect_exit 0 umpire verify "$G"

# 2. Tan's holiday does not stop green's clock; one for every player does
#    (hour 90 to 92): green's 72 hours of clock now end at hour 98.
expect_exit 0 umpire deadline "$G" --holiday "$(at 100)/$(at 124)" --player tan
expect_out "now awaits green's turn by $(at 96)"
git -C "$G" log -1 --format=%B | grep -q "the deadline of green's turn stays $(at 96)" ||
	fail "the message says nothing of the deadline: $(git -C "$G" log -1 --format=%B)"
expect_exit 0 umpire deadline "$G" --holiday "$(at 90)/$(at 92)"
expect_out "now awaits green's turn by $(at 98)"
state_has "$G" "- {from: \"$(at 90)\", to: \"$(at 92)\"}"
# An extension counts running clock: 2 hours more end at hour 100.
expect_exit 0 umpire deadline "$G" --extend 2h
expect_out "now awaits green's turn by $(at 100)"

# 3. tick honours it all: nothing at hour 99; at 101 a default step dated
#    hour 100, and tan's 72 hours start after his holiday (hour 124).
expect_exit 0 umpire tick "$G" --now $((T0 + 99 * H))
expect_out "(1h left): nothing to do"
expect_exit 0 umpire tick "$G" --now $((T0 + 101 * H)) --format json
expect_out "\"deadline\": \"$(at 100)\", \"default\": \"bot\""
expect_out "\"player\": \"tan\", \"kind\": \"turn\", \"since\": \"$(at 100)\", \"deadline\": \"$(at 196)\""
[ "$(date_of "$G")" = $((T0 + 100 * H)) ] || fail "the default step is not dated with its deadline"

# 4. A new policy from a step on: 24 hours and forfeit.  Tan's decision
#    is counted again from the host step (dated hour 100, the last
#    step's, since the clock here is earlier): his holiday, then 24h.
printf 'deadlines: {decision: 24h, default: forfeit, reminders: [2h]}\n' >"$TMP/pol.yaml"
expect_exit 0 umpire deadline "$G" --policy "$TMP/pol.yaml"
expect_out "now awaits tan's turn by $(at 148)"
state_has "$G" "deadlines: {decision: \"1d\", reminders: [\"2h\"], default: forfeit}"
git -C "$G" log -1 --format=%B | grep -qx "Deadline-Policy: replaced" || fail "no policy trailer"
expect_exit 0 umpire verify "$G" --now $((T0 + 101 * H))
expect_exit 0 umpire tick "$G" --now $((T0 + 147 * H))
expect_out "reminder: step 2 of"
expect_exit 0 umpire tick "$G" --now $((T0 + 149 * H))
expect_out "no orders from tan by $(at 148): tan forfeits the game"
expect_exit 0 umpire verify "$G" --now $((T0 + 149 * H))

# 5. Refused, the game left as it was.
P=$TMP/play
umpire new "$P" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null || fail "new"
P0=$(date_of "$P")
before=$(head_of "$P")
expect_exit 64 umpire deadline "$P"
expect_exit 64 umpire deadline "$P" --extend 1d --holiday "$(at 1)/$(at 2)"
expect_err "one thing a call"
expect_exit 64 umpire deadline "$P" --extend 1d --player tan
expect_err "--player goes with --holiday"
expect_exit 64 umpire deadline "$P" --holiday "$(at 1)"
expect_err "not two times FROM/TO"
expect_exit 65 umpire deadline "$P" --holiday "$(at 2)/$(at 1)"
expect_err "a holiday ends after it starts"
expect_exit 65 umpire deadline "$P" --holiday "$(at 1)/$(at 2)" --player red
expect_err "red is not a player of game"
expect_exit 65 umpire deadline "$P" --holiday "$(utc $((P0 - 48 * H)))/$(utc $((P0 - H)))"
expect_err "the holiday ends before the awaited decision became pending"
printf 'deadlines: {decision: 3 days}\n' >"$TMP/bad.yaml"
expect_exit 65 umpire deadline "$P" --policy "$TMP/bad.yaml"
expect_err "$TMP/bad.yaml:1:"
printf 'decision: 3d\n' >"$TMP/bare.yaml"
expect_exit 65 umpire deadline "$P" --policy "$TMP/bare.yaml"
expect_err "$TMP/bare.yaml:1:1: error: expected a mapping with the key deadlines"
expect_exit 66 umpire deadline "$P" --policy "$TMP/none.yaml"
expect_exit 65 umpire deadline "$G" --holiday "$(at 200)/$(at 201)"
expect_err "is over: no decision has a deadline to change"
[ "$(head_of "$P")" = "$before" ] || fail "a refused host step moved HEAD"

# 6. A game without deadlines gets a policy mid-game; its awaited
#    decision's deadline counts from the host step.
N=$TMP/nodl
umpire new "$N" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null || fail "new"
expect_exit 0 umpire deadline "$N" --policy "$TMP/pol.yaml"
D=$(date_of "$N")
expect_out "now awaits green's turn by $(utc $((D + 24 * H)))"
git -C "$N" log -1 --format=%B | grep -q "the deadline of green's turn is $(utc $((D + 24 * H)))\\." ||
	fail "message: $(git -C "$N" log -1 --format=%B)"
umpire bot "$N" >"$TMP/o.yaml" && umpire turn "$N" "$TMP/o.yaml" >/dev/null || fail "turn"
D=$(date_of "$N")
state_has "$N" "deadline: \"$(utc $((D + 24 * H)))\""
expect_exit 0 umpire verify "$N"

# 7. Forged: a host step a player made, and one whose deadline says more
#    than the holiday gives.
cp -R "$N" "$TMP/by-player"
git -C "$TMP/by-player" reset -q --hard HEAD~1
recommit "$TMP/by-player" 1 's/^author umpire <umpire@umpire.invalid>/author Green <green@umpire.invalid>/'
expect_exit 65 umpire verify "$TMP/by-player"
expect_err "its author is Green <green@umpire.invalid>, but umpire deadline commits a host step as umpire"
cp -R "$P" "$TMP/forged"
expect_exit 0 umpire deadline "$TMP/forged" --holiday "$(utc $((P0 + H)))/$(utc $((P0 + 2 * H)))"
edit_each "$TMP/forged" 1 "" game.yaml "s/^deadline: .*/deadline: \"$(utc $((P0 + 80 * H)))\"/"
expect_exit 65 umpire verify "$TMP/forged"
expect_err "game.yaml differs"

# 8. default: pass answers nothing where the rules allow it: Army Men's
#    cards (AM-16), but not Army Man Backgammon's dice, which must be
#    played when they can be (the bot plays them); verify makes both.
for r in armymen amb; do
	{ cat "$TOP/samples/$r/standard.yaml"; printf 'deadlines: {decision: 1h, default: pass}\n'; } >"$TMP/$r.yaml"
	umpire new "$TMP/$r" --scenario "$TMP/$r.yaml" --seed "$SEED1" >/dev/null || fail "new $r"
	R0=$(date_of "$TMP/$r")
	expect_exit 0 umpire tick "$TMP/$r" --now $((R0 + 90 * 60))
	git -C "$TMP/$r" log -1 --format=%B >"$TMP/msg"
	of=$(git -C "$TMP/$r" show --name-only --format= HEAD | grep -E '^orders/([0-9]+/)?0001-')
	who=${of##*/0001-}
	who=${who%.yaml}
	git -C "$TMP/$r" show "HEAD:$of" >"$TMP/o"
	if [ $r = armymen ]; then
		expect_out "umpire passed $who's moves at step 1"
		grep -qx "Deadline-Default: pass" "$TMP/msg" || fail "trailer: $(cat "$TMP/msg")"
		grep -q "^# orders made by umpire tick: no orders from $who by $(utc $((R0 + H))): nothing (default: pass)\$" "$TMP/o" ||
			fail "pass orders: $(cat "$TMP/o")"
		grep -qx "moves: \[\]" "$TMP/o" || fail "pass orders: $(cat "$TMP/o")"
		rep=$(git -C "$TMP/$r" show --name-only --format= HEAD | grep -E '^reports/([0-9]+/)?0001\.md$')
		git -C "$TMP/$r" show "HEAD:$rep" | grep -q "umpire passed for him, as the deadlines say: orders that do nothing" ||
			fail "the report does not say it passed"
	else
		expect_out "umpire played the bot's orders for $who's turn at step 1"
		grep -qx "Deadline-Default: bot" "$TMP/msg" || fail "trailer: $(cat "$TMP/msg")"
	fi
	expect_exit 0 umpire verify "$TMP/$r" --now $((R0 + 90 * 60))
done
# A pass forged into something: the orders say more than nothing.
cp -R "$TMP/armymen" "$TMP/pass-forged"
of=$(git -C "$TMP/pass-forged" show --name-only --format= HEAD | grep -E '^orders/([0-9]+/)?0001-')
edit_each "$TMP/pass-forged" 1 "" "$of" 's/^moves: \[\]$/moves: [{unit: x, path: [[1, 1]]}]/'
expect_exit 65 umpire verify "$TMP/pass-forged" --now $((R0 + 90 * 60))
expect_err "the orders of this default step are not the orders that do nothing that umpire tick plays (default: pass)"

done_ok
