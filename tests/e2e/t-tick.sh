#!/bin/sh
# Deadlines (issue 13, item 9): umpire tick commits the bot's orders as
# umpire's once a decision's deadline has passed, dated with the
# deadline; lists reminders; exits 75 on a locked game; and verify
# accepts a proper default step and refuses a forged early one and a
# tampered one.  --now moves time: the history's own dates are real.
. "$(dirname "$0")/lib.sh"

H=3600
# tick --now runs ahead of the clock, so its default steps are dated
# in the future: verify as of a moment after them all.
LATER=4102444800
# The standard game with a policy: 72h a decision, 48h for minefields
# (a kind the standard game never awaits), reminders 24h and 1h before.
policy() {
	cat "$SCENARIO"
	printf 'deadlines:\n  decision: 72h\n  kinds: {minefields: 48h}\n'
	printf '  reminders: [24h, 1h]\n  default: %s\n' "$1"
}
policy bot >"$TMP/dl.yaml"
date_of() { git -C "$1" log -1 --format=%ct "${2:-HEAD}"; }

# A game without deadlines: tick does nothing, and says so.
umpire new "$TMP/plain" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
before=$(head_of "$TMP/plain")
expect_exit 0 umpire tick "$TMP/plain" --now 4000000000
expect_out "has no deadlines (its scenario sets none): nothing to do"
[ "$(head_of "$TMP/plain")" = "$before" ] || fail "tick moved a game without deadlines"
expect_exit 0 umpire tick "$TMP/plain" --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["policy"] is False and d["defaults"] == [], d' "$TMP/out" ||
	fail "tick --format json without a policy: $(cat "$TMP/out")"

# pass is a policy new takes since 0.5.0 (t-host plays it).
policy pass >"$TMP/pass.yaml"
expect_exit 0 umpire new "$TMP/pass" --scenario "$TMP/pass.yaml"
# Policies new refuses, at the key: a bad duration.
sed 's/decision: 72h/decision: 72 hours/' "$TMP/dl.yaml" >"$TMP/bad.yaml"
expect_exit 65 umpire new "$TMP/bad" --scenario "$TMP/bad.yaml"
expect_err "bad.yaml:"
expect_err "deadlines"

G=$TMP/game
umpire new "$G" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new failed"
T0=$(date_of "$G")
before=$(head_of "$G")

# Nothing due an hour in.
expect_exit 0 umpire tick "$G" --now $((T0 + H))
expect_out "awaits green's turn by "
expect_out "(71h left): nothing to do"
[ "$(head_of "$G")" = "$before" ] || fail "tick with nothing due moved HEAD"
# No game, no operand, a bad format.
expect_exit 66 umpire tick "$TMP/nothing"
expect_exit 64 umpire tick
expect_exit 64 umpire tick "$G" --format github
expect_err "--format is text or json"
# Bad times are usage errors.
expect_exit 64 umpire tick "$G" --now yesterday
expect_err "--now yesterday: not a time"
expect_exit 64 umpire tick "$G" --now 2026-02-30T00:00:00Z

# Reminders: 24h before the deadline, then both, then only the new one.
expect_exit 0 umpire tick "$G" --now $((T0 + 49 * H))
expect_out "reminder: step 1 of "
expect_out "awaits green's turn by"
[ "$(grep -c '^reminder:' "$TMP/out")" = 1 ] || fail "one reminder due at 49h"
expect_exit 0 umpire tick "$G" --now $((T0 + 71 * H + 1))
[ "$(grep -c '^reminder:' "$TMP/out")" = 2 ] || fail "two reminders due at 71h"
expect_exit 0 umpire tick "$G" --now $((T0 + 71 * H + 1)) --since $((T0 + 49 * H))
[ "$(grep -c '^reminder:' "$TMP/out")" = 1 ] || fail "--since: one new reminder"
expect_exit 0 umpire tick "$G" --now $((T0 + 71 * H + 1)) --since $((T0 + 49 * H)) --format json
python3 - "$TMP/out" <<'PY' || fail "tick --format json: $(cat "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["policy"] and d["defaults"] == [], d
assert [r["before"] for r in d["reminders"]] == ["1h"], d
assert d["awaiting"]["player"] == "green" and d["awaiting"]["step"] == 1, d
PY
ok
[ "$(head_of "$G")" = "$before" ] || fail "reminders moved HEAD"

# -q: nothing when there is nothing to do; the reminders when due.
expect_exit 0 umpire tick "$G" -q --now $((T0 + H))
[ ! -s "$TMP/out" ] || fail "tick -q with nothing to do printed: $(cat "$TMP/out")"
expect_exit 0 umpire tick "$G" -q --now $((T0 + 49 * H))
[ "$(wc -l <"$TMP/out")" = 1 ] || fail "tick -q said more than its reminder: $(cat "$TMP/out")"
expect_out "reminder: step 1"
# The crontab sample's command, as cron's sh runs it (% unescaped; the
# mail replaced by cat, the game by this one).
line=$(grep -m1 '^\*/10 ' "$TOP/samples/cron/umpire-tick") || fail "no crontab line"
cmd=$(printf '%s\n' "$line" | cut -d' ' -f6- | sed -e 's/\\%/%/g' \
	-e "s|/srv/games/duel|$G|" -e 's/mail -s "[^"]*" [^;]*;/cat;/')
mkdir "$TMP/bin" && printf '#!/bin/sh\nexec %s "$@"\n' "$UMPIRE" >"$TMP/bin/umpire" &&
	chmod +x "$TMP/bin/umpire" || fail "bin"
expect_exit 0 env PATH="$TMP/bin:$PATH" sh -c "$cmd"
[ ! -s "$TMP/out" ] || fail "the crontab line said: $(cat "$TMP/out")"
# The line for many games: the same, through tick --games.
games=$(grep '^\*/10 .*--games' "$TOP/samples/cron/umpire-tick") || fail "no crontab line for many games"
mkdir "$TMP/games" && cp -R "$G" "$TMP/games/duel" && cp -R "$G" "$TMP/games/other" || fail "games"
cmd=$(printf '%s\n' "$games" | cut -d' ' -f6- | sed -e 's/\\%/%/g' \
	-e "s|/srv/games|$TMP/games|" -e 's/mail -s "[^"]*" [^;]*;/cat;/')
expect_exit 0 env PATH="$TMP/bin:$PATH" sh -c "$cmd"
[ ! -s "$TMP/out" ] || fail "the crontab line for many games said: $(cat "$TMP/out")"
# The man page shows the first line, folded.
sed -n '/^\*\/10 .*umpire tick/,/^\.Ed/{p;/^\.Ed/q;}' "$TOP/man/umpire.1" | sed -e '$d' -e 's/\\e/\\/g' |
	sed -e ':a' -e '/\\$/N; s/ \\\n */ /; ta' >"$TMP/manline"
[ "$(cat "$TMP/manline")" = "$line" ] || fail "umpire(1)'s crontab line is not the sample's:
$(cat "$TMP/manline")
$line"
ok

# tick --games: every game in a directory, in one process, in name
# order; one that is not a game is named and the others still ticked.
mkdir "$TMP/many" "$TMP/many/notes" && cp -R "$G" "$TMP/many/b" &&
	cp -R "$G" "$TMP/many/a" && git init -q "$TMP/many/c" &&
	echo hello >"$TMP/many/readme" || fail "many"
expect_exit 66 umpire tick --games "$TMP/many" --now $((T0 + 72 * H + 5)) --format json
[ "$(wc -l <"$TMP/out")" = 2 ] || fail "tick --games: not a line a game: $(cat "$TMP/out")"
python3 - "$TMP/out" <<'PY' || fail "tick --games --format json: $(cat "$TMP/out")"
import json, sys
games = [json.loads(l) for l in open(sys.argv[1])]
assert [len(g["defaults"]) for g in games] == [1, 1], games
assert all(g["awaiting"]["step"] == 2 for g in games), games
PY
expect_err "many/c"
[ "$(step_of "$TMP/many/a")" = 2 ] && [ "$(step_of "$TMP/many/b")" = 2 ] ||
	fail "tick --games did not tick both games"
expect_exit 0 umpire verify "$TMP/many/b" --now $LATER
expect_exit 0 umpire tick --games "$TMP/many/notes" --now $((T0 + 72 * H + 5))
[ ! -s "$TMP/out" ] || fail "tick --games of no game said: $(cat "$TMP/out")"
expect_exit 64 umpire tick --games "$TMP/many" "$G"
expect_exit 66 umpire tick --games "$TMP/none"

# A locked game: 75, nothing written.
if command -v flock >/dev/null; then
	mkfifo "$TMP/held"
	sh -c '{ flock 9 && echo held >"$2" && exec sleep 600; } 9>>"$1"
		echo failed >"$2"' sh "$G/.git/umpire.lock" "$TMP/held" &
	holder=$!
	trap 'kill -9 "$holder" 2>/dev/null; rm -rf "$TMP"' EXIT
	read -r state <"$TMP/held"
	[ "$state" = held ] || fail "the stand-in could not take the lock"
	expect_exit 75 umpire tick "$G" --now $((T0 + 100 * H))
	[ "$(head_of "$G")" = "$before" ] || fail "a locked-out tick moved HEAD"
	kill -9 "$holder"
	wait "$holder" 2>/dev/null
fi

# new DIR from SCENARIO with the first seed by which green moves first:
# the game id binds the scenario, so the dice, and who moves first,
# follow it, and these tests need green's turn first.
green_first() {
	for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
		rm -rf "$2"
		umpire new "$2" --scenario "$1" --seed "$(printf '%064x' "$s")" \
			>/dev/null || fail "new $2 failed"
		grep -q '^awaiting: {player: green,' "$2/game.yaml" && return
	done
	fail "green moves first in $1 with none of 12 seeds"
}

# One overdue decision: the bot's orders, as umpire's, dated with the
# deadline, in the report and the commit.
umpire bot "$G" --seed tick | sed 1d >"$TMP/botorders"
expect_exit 0 umpire tick "$G" --now $((T0 + 72 * H + 5))
expect_out "tick: no orders from green by "
expect_out ": umpire played the bot's orders for green's turn at step 1"
expect_out "## Deadline"
[ "$(step_of "$G")" = 2 ] || fail "one default step: step $(step_of "$G")"
[ "$(date_of "$G")" = $((T0 + 72 * H)) ] || fail "the default step is not dated with its deadline"
[ "$(git -C "$G" log -1 --format='%an <%ae>')" = "umpire <umpire@umpire.invalid>" ] ||
	fail "the default step is not umpire's"
git -C "$G" log -1 --format=%B | grep -q '^Deadline-Default: bot$' ||
	fail "no Deadline-Default trailer"
git -C "$G" show HEAD:orders/00/0001-green.yaml | sed 1d | cmp -s - "$TMP/botorders" ||
	fail "the default orders are not umpire bot --seed tick's"
expect_clean "$G"
expect_exit 0 umpire verify "$G" --now $LATER

# A player's turn after it, then several overdue in one tick: each
# deadline counts from the default step before it.
play "$G" 1
T2=$(date_of "$G")
expect_exit 0 umpire tick "$G" --now $((T2 + 3 * 72 * H + 10))
[ "$(grep -c '^tick: no orders from' "$TMP/out")" = 3 ] ||
	fail "three defaults in one tick: $(grep '^tick:' "$TMP/out")"
[ "$(step_of "$G")" = 6 ] || fail "three default steps: step $(step_of "$G")"
[ "$(date_of "$G")" = $((T2 + 3 * 72 * H)) ] || fail "the third default's date"
expect_exit 0 umpire tick "$G" --now $((T2 + 3 * 72 * H + 10)) --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["defaults"] == [] and d["awaiting"]["step"] == 6, d' "$TMP/out" ||
	fail "a second tick at the same moment did something: $(cat "$TMP/out")"
expect_clean "$G"
expect_exit 0 umpire verify "$G" --now $LATER
expect_out "steps re-adjudicated"

# Forged: the last default step dated an hour before its deadline.
cp -R "$G" "$TMP/early"
D=$(date_of "$TMP/early")
recommit "$TMP/early" 5 "s/ $D +0000\$/ $((D - H)) +0000/"
expect_exit 65 umpire verify "$TMP/early" --now $LATER
expect_err "a default step for"
expect_err "before its deadline"
# Tampered: other orders in a default step (the bot's with another seed).
cp -R "$G" "$TMP/tampered"
git -C "$TMP/tampered" reset -q --hard HEAD~1
umpire bot "$TMP/tampered" --seed other | sed '1s/.*/# orders drawn by umpire tick/' >"$TMP/other.yaml"
git -C "$TMP/tampered" reset -q --hard 'main@{1}'
O=$(git -C "$TMP/tampered" show --name-only --format= HEAD -- orders/)
rewrite "$TMP/tampered" 5 "$O" "$TMP/other.yaml"
expect_exit 65 umpire verify "$TMP/tampered" --now $LATER
expect_err "are not the bot's that umpire tick plays"
# A default step put in the player's name: the report says umpire
# played for him, which a step of his never says.
cp -R "$G" "$TMP/stolen"
recommit "$TMP/stolen" 5 's/^author umpire <umpire@umpire.invalid>/author Green Player <green@example.org>/'
expect_exit 65 umpire verify "$TMP/stolen" --now $LATER
expect_err "reports/00/0005.md"

# A player's own time: green has a week, so nothing is due at 73h; and
# new refuses a time for someone who does not play.
sed 's/^  default: bot$/  default: bot\n  players: {green: 1w}/' "$TMP/dl.yaml" >"$TMP/slow.yaml"
grep -q 'players: {green: 1w}' "$TMP/slow.yaml" || fail "no players in slow.yaml"
green_first "$TMP/slow.yaml" "$TMP/slow"
expect_exit 0 umpire tick "$TMP/slow" --now $(($(date_of "$TMP/slow") + 73 * H))
expect_out "(95h left): nothing to do"
expect_exit 0 umpire tick "$TMP/slow" --now $(($(date_of "$TMP/slow") + 168 * H))
expect_out "umpire played the bot's orders for green's turn at step 1"
expect_out "awaits tan's turn by"
expect_exit 0 umpire verify "$TMP/slow" --now $LATER
sed 's/players: {green: 1w}/players: {grey: 1w}/' "$TMP/slow.yaml" >"$TMP/grey.yaml"
expect_exit 65 umpire new "$TMP/grey" --scenario "$TMP/grey.yaml"
expect_err "grey.yaml:"
expect_err "deadlines.players: 'grey' is not a player of this game"
expect_diagnostics_form

# Forfeit: the awaited player ranked last, the game over, verified; in
# every ruleset (Backgammon Wars sealed, as its hidden hands need).
policy forfeit >"$TMP/ff.yaml"
F=$TMP/forfeit
green_first "$TMP/ff.yaml" "$F"
F0=$(date_of "$F")
expect_exit 0 umpire tick "$F" --now $((F0 + 100 * H))
expect_out "tick: no orders from green by "
expect_out ": green forfeits the game at step 1"
expect_out "game amb-"
expect_out "is over (tan won)"
grep -q "nothing to do" "$TMP/out" && fail "a tick that forfeited says nothing to do"
[ "$(date_of "$F")" = $((F0 + 72 * H)) ] || fail "the forfeit's date"
git -C "$F" show --name-only --format= HEAD | grep -q '^orders/' &&
	fail "a forfeit committed orders"
expect_exit 0 umpire status "$F"
expect_out "over:     tan won at step 1 (no orders from green for green's turn at step 1 by"
expect_exit 0 umpire verify "$F" --now $LATER
expect_out "tan won at step 1"
expect_exit 0 umpire tick "$F" --now $((F0 + 1000 * H))
expect_out "is over (tan won): nothing to do"
cp -R "$F" "$TMP/ffearly"
D=$(date_of "$F")
recommit "$TMP/ffearly" 1 "s/ $D +0000\$/ $((D - 60)) +0000/"
expect_exit 65 umpire verify "$TMP/ffearly" --now $LATER
expect_err "before its deadline"
for rs in wwii armymen bgw; do
	{ cat "$TOP/samples/$rs/standard.yaml"
	  printf 'deadlines: {decision: 1d, default: forfeit}\n'; } >"$TMP/$rs.yaml"
	seed=
	[ "$rs" = bgw ] && seed="--seed-file $TMP/$rs.seed"
	umpire new "$TMP/$rs" --scenario "$TMP/$rs.yaml" ${seed:+--sealed} $seed \
	    $(keys_for "$rs") >/dev/null ||
		fail "new $rs failed"
	expect_exit 0 umpire tick "$TMP/$rs" $seed --now $(($(date_of "$TMP/$rs") + 25 * H))
	expect_out "forfeits the game at step 1"
	expect_exit 0 umpire verify "$TMP/$rs" --now $LATER $seed
	expect_out "won at step 1"
done
# A sealed game's default needs its seed: 66 without, nothing written.
umpire new "$TMP/sealed" --scenario "$TMP/dl.yaml" --sealed --seed-file "$TMP/s.seed" >/dev/null ||
	fail "new sealed failed"
before=$(head_of "$TMP/sealed")
expect_exit 66 umpire tick "$TMP/sealed" --now $(($(date_of "$TMP/sealed") + 73 * H))
expect_err "is sealed: give its seed"
[ "$(head_of "$TMP/sealed")" = "$before" ] || fail "a tick without the seed moved HEAD"
expect_clean "$TMP/sealed"
# At most 32 default steps a run: a 1s policy a day on stops there, and
# the next run goes on to the end.
sed 's/decision: 72h/decision: 1s/' "$TMP/dl.yaml" >"$TMP/fast.yaml"
umpire new "$TMP/fast" --scenario "$TMP/fast.yaml" --seed "$SEED1" >/dev/null ||
	fail "new fast failed"
day=$(($(date_of "$TMP/fast") + 86400))
expect_exit 0 umpire tick "$TMP/fast" --now $day --format json
expect_err "32 default steps in one run, the most; run tick again for the rest"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["defaults"]) == 32, d' "$TMP/out" ||
	fail "not 32 defaults"
expect_exit 0 umpire tick "$TMP/fast" --now $day -q
expect_out "is over"
total=$(($(git -C "$TMP/fast" rev-list --count HEAD) - 1))
[ "$total" -gt 32 ] || fail "the fast game ended within one run"
[ "$(grep -c '^tick: no orders' "$TMP/out")" = $((total - 32)) ] ||
	fail "the second run's defaults"
expect_exit 0 umpire verify "$TMP/fast" --now $LATER
expect_out "won at step $total"
# Sealed and not revealed: what anyone can check passes.
expect_exit 66 umpire verify "$TMP/bgw" --now $LATER
expect_err "checked in public 1 step"
expect_exit 0 umpire reveal "$TMP/bgw" --seed-file "$TMP/bgw.seed"
expect_exit 0 umpire verify "$TMP/bgw" --now $LATER

# A game whose players have keys: the default step is umpire's and
# unsigned, and verify takes it.
K=$TOP/tests/crypto
sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-green-ed25519.pub")\"}|" \
    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	"$TMP/dl.yaml" >"$TMP/keyed.yaml"
umpire new "$TMP/keyed" --scenario "$TMP/keyed.yaml" --seed "$SEED1" >/dev/null ||
	fail "new keyed failed"
expect_exit 0 umpire tick "$TMP/keyed" --now $(($(date_of "$TMP/keyed") + 73 * H))
expect_out "umpire played the bot's orders"
git -C "$TMP/keyed" show --name-only --format= HEAD | grep -q '\.sig$' &&
	fail "a default step committed a signature"
git -C "$TMP/keyed" log -1 --format=%B | grep -q Orders-Signed-By &&
	fail "a default step claims a signature"
expect_exit 0 umpire verify "$TMP/keyed" --now $LATER

# A shared git server: hooks/umpire-tick, which cron runs, applies the
# deadlines under the hooks' lock and pushes the default steps to main.
if command -v flock >/dev/null; then
	umpire new "$TMP/srv" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
		fail "new failed"
	S0=$(date_of "$TMP/srv")
	git clone -q --bare "$TMP/srv" "$TMP/shared.git" || fail "clone --bare"
	expect_exit 0 umpire hook install "$TMP/shared.git"
	expect_out "hooks/umpire-tick"
	[ -x "$TMP/shared.git/hooks/umpire-tick" ] || fail "no umpire-tick"
	expect_exit 0 "$TMP/shared.git/hooks/umpire-tick" --now $((S0 + H))
	expect_out "nothing to do"
	expect_exit 0 "$TMP/shared.git/hooks/umpire-tick" --now $((S0 + 2 * 72 * H))
	expect_out "umpire played the bot's orders"
	[ "$(git -C "$TMP/shared.git" log -1 --format=%ct main)" = $((S0 + 2 * 72 * H)) ] ||
		fail "umpire-tick did not push two default steps to main"
	git clone -q "$TMP/shared.git" "$TMP/check" || fail "clone"
	expect_exit 0 umpire verify "$TMP/check" --now $LATER
fi

done_ok
