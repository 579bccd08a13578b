#!/bin/sh
# Time that cannot be forged (issue 24, finding 2): from umpire 0.4.0 a
# step's date and the awaited decision's deadline are in game.yaml, so
# the player's receipt covers them; tick reads them from the state, not
# from commit dates; verify holds a commit to its state's date, refuses
# a step dated after now, names every default step and its deadline,
# and a player's signed orders contest a default step made in their
# place (verify --contest).
. "$(dirname "$0")/lib.sh"

H=3600
date_of() { git -C "$1" log -1 --format=%ct "${2:-HEAD}"; }
utc() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
sha256() { sha256sum | cut -d' ' -f1; }
receipt_of() { git -C "$1" show "HEAD:$2" | sed -n 's/^Receipt: `\(.*\)`$/\1/p'; }
K=$TOP/tests/crypto
{
	sed -e "s|^  green: {\(.*\)}|  green: {\1, key: \"$(cat "$K/test-key-green-ed25519.pub")\"}|" \
	    -e "s|^  tan: {\(.*\)}|  tan: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
		"$SCENARIO"
	printf 'deadlines: {decision: 72h, default: %s}\n' "${POLICY:-bot}"
} >"$TMP/dl.yaml"
grep -q 'key: "ssh-ed25519' "$TMP/dl.yaml" || fail "no keys in the scenario"
test_keys green tan

G=$TMP/game
umpire new "$G" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new failed"
T0=$(date_of "$G")
R0=$(receipt_of "$G" reports/00/0000.md)
# The state says when the decision became pending and when it is due,
# and the commit is dated the same.
git -C "$G" show HEAD:game.yaml >"$TMP/state"
grep -q "^date: \"$(utc "$T0")\"\$" "$TMP/state" || fail "no date in the state: $(head -9 "$TMP/state")"
grep -q "^deadline: \"$(utc $((T0 + 72 * H)))\"\$" "$TMP/state" ||
	fail "no deadline in the state: $(head -9 "$TMP/state")"
ok

# 1. The pending commit back-dated, in git's metadata alone: tick goes
#    by the state's date, so nothing is due; verify names the commit.
cp -R "$G" "$TMP/back"
recommit "$TMP/back" 0 "s/ $T0 +0000\$/ $((T0 - 100 * H)) +0000/"
before=$(head_of "$TMP/back")
expect_exit 0 umpire tick "$TMP/back" --now $((T0 + H))
expect_out "(71h left): nothing to do"
[ "$(head_of "$TMP/back")" = "$before" ] || fail "tick believed a back-dated commit"
expect_exit 65 umpire verify "$TMP/back"
expect_err "is not $(utc "$T0"), the date its state records"

# 2. Back-dated through and through (state, receipt, commit), as a host
#    who rewrites main can: tick forfeits or plays the bot, and the
#    history holds together, but the player's receipt of step 0 (in the
#    report he was sent) no longer does.
forge_edit() {
	git -C "$g" show "$1:game.yaml" >"$TMP/f.old"
	sed -e "s/^date: .*/date: \"$(utc "$FORGED")\"/" \
	    -e "s/^deadline: .*/deadline: \"$(utc $((FORGED + 72 * H)))\"/" \
		"$TMP/f.old" >"$TMP/f.new"
	o=$(sha256 <"$TMP/f.old") n=$(sha256 <"$TMP/f.new")
	git -C "$g" show "$1:reports/00/0000.md" | sed "s/$o/$n/g" >"$TMP/f.rep"
	tix update-index --cacheinfo "100644,$(git -C "$g" hash-object -w "$TMP/f.new"),game.yaml"
	tix update-index --cacheinfo "100644,$(git -C "$g" hash-object -w "$TMP/f.rep"),reports/00/0000.md"
	sed "s/ $T0 +0000\$/ $FORGED +0000/" "$TMP/commit.raw" >"$TMP/commit.sed"
	mv "$TMP/commit.sed" "$TMP/commit.raw"
}
cp -R "$G" "$TMP/forged"
FORGED=$((T0 - 100 * H))
rebuild "$TMP/forged" 0 0 forge_edit
git -C "$TMP/forged" reset -q --hard
expect_exit 0 umpire tick "$TMP/forged" --now $((T0 + H))
expect_out "umpire played the bot's orders for green's turn at step 1"
expect_exit 0 umpire verify "$TMP/forged"
expect_out "default: step 1, no orders from green for green's turn by its deadline $(utc $((FORGED + 72 * H))): umpire played the bot's orders"
expect_exit 65 umpire verify "$TMP/forged" --receipt "$R0"
expect_err "receipt $R0: step 0 is now commit "
expect_err "the step was rewritten or replayed since the receipt was given"

# 3. A step dated ten years ahead would put every later deadline off:
#    verify refuses it, and tick warns.
cp -R "$G" "$TMP/future"
FORGED=$((T0 + 3652 * 24 * H))
rebuild "$TMP/future" 0 0 forge_edit
git -C "$TMP/future" reset -q --hard
expect_exit 65 umpire verify "$TMP/future"
expect_err "it is dated $(utc "$FORGED"), after now ("
expect_err "one dated there would put off every later deadline"
expect_exit 0 umpire tick "$TMP/future" --now $((T0 + 100 * H))
expect_err "is dated $(utc "$FORGED"), after now: a clock is wrong or the date was forged"
# As of a moment after it, it verifies (the game's own tests move time so).
expect_exit 0 umpire verify "$TMP/future" --now $((FORGED + 1))

# 4. A default step in place of the step a player signed.  Green's
#    signed orders for step 1, and a tick past the deadline: his orders
#    contest the default step.
umpire bot "$G" >"$TMP/o1.yaml"
sign green "$TMP/o1.yaml"
cp -R "$G" "$TMP/played"
expect_exit 0 umpire tick "$G" --now $((T0 + 73 * H))
expect_out "umpire played the bot's orders"
expect_exit 0 umpire verify "$G" --now $((T0 + 73 * H))
expect_out "default: step 1, no orders from green for green's turn by its deadline $(utc $((T0 + 72 * H)))"
expect_exit 65 umpire verify "$G" --now $((T0 + 73 * H)) --contest "$TMP/o1.yaml"
expect_err "o1.yaml: error: step 1 is a default step of umpire tick's"
expect_err "but green signed these orders for it"
expect_err "a default step cannot replace a step its player signed"
expect_diagnostics_form
# The step he played holds them.
expect_exit 0 umpire turn "$TMP/played" "$TMP/o1.yaml"
R1=$(receipt_of "$TMP/played" reports/00/0001.md)
expect_exit 0 umpire verify "$TMP/played" --contest "$TMP/o1.yaml"
expect_out "contest $TMP/o1.yaml: step 1 holds these orders, as their player signed them"
# Signed by another key, or not this game's step: they contest nothing.
sign tan "$TMP/o1.yaml"
expect_exit 77 umpire verify "$G" --now $((T0 + 73 * H)) --contest "$TMP/o1.yaml"
sign green "$TMP/o1.yaml"
sed 's/^step: 1$/step: 9/' "$TMP/o1.yaml" >"$TMP/o9.yaml"
sign green "$TMP/o9.yaml"
expect_exit 65 umpire verify "$TMP/played" --contest "$TMP/o9.yaml"
expect_err "the history has no step 9"
expect_exit 64 umpire verify "$G" --signature "$TMP/o1.yaml.sig"
# The host drops green's step and ticks a default in its place: green's
# receipt of his step says so.
git -C "$TMP/played" reset -q --hard HEAD~1
expect_exit 0 umpire tick "$TMP/played" --now $((T0 + 73 * H))
expect_exit 65 umpire verify "$TMP/played" --now $((T0 + 73 * H)) --receipt "$R1"
expect_err "it is now a default step, which cannot replace the step the receipt was given for"

# 5. The host's extension (umpire deadline --extend): a host step that
#    moves the awaited decision's deadline, which tick honours and
#    verify checks.
E=$TMP/extend
umpire new "$E" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new failed"
E0=$(date_of "$E")
expect_exit 0 umpire deadline "$E" --extend 48h
expect_out "deadline: step 1 of amb-"
expect_out "now awaits green's turn by $(utc $((E0 + 120 * H)))"
git -C "$E" show HEAD:game.yaml | grep -q "^deadline: \"$(utc $((E0 + 120 * H)))\"\$" ||
	fail "the state's deadline did not move"
git -C "$E" log -1 --format=%B | grep -q '^Deadline-Extend: 2d$' || fail "no Deadline-Extend trailer"
[ "$(git -C "$E" show --name-only --format= HEAD)" = game.yaml ] || fail "a host step changes game.yaml alone"
expect_exit 0 umpire tick "$E" --now $((E0 + 73 * H))
expect_out "(47h left): nothing to do"
expect_exit 0 umpire verify "$E"
expect_exit 0 umpire tick "$E" --now $((E0 + 121 * H))
expect_out "no orders from green by $(utc $((E0 + 120 * H)))"
expect_exit 0 umpire verify "$E" --now $((E0 + 121 * H))
expect_out "default: step 1, no orders from green for green's turn by its deadline $(utc $((E0 + 120 * H)))"
# Refused: no duration, a bad one, a game without deadlines.
expect_exit 64 umpire deadline "$E"
expect_exit 64 umpire deadline "$E" --extend "two days"
expect_err "--extend two days: not a duration"
umpire new "$TMP/nodl" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null || fail "new"
before=$(head_of "$TMP/nodl")
expect_exit 65 umpire deadline "$TMP/nodl" --extend 1d
expect_err "records no deadline (its scenario sets no deadlines)"
[ "$(head_of "$TMP/nodl")" = "$before" ] || fail "a refused extension moved HEAD"
# Forged: an extension whose trailer says less than the state moved.
cp -R "$E" "$TMP/ext-forged"
git -C "$TMP/ext-forged" reset -q --hard HEAD~1
recommit "$TMP/ext-forged" 1 's/^Deadline-Extend: 2d$/Deadline-Extend: 1d/'
expect_exit 65 umpire verify "$TMP/ext-forged"
expect_err "game.yaml differs"

done_ok
