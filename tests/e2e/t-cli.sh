#!/bin/sh
# The command line: verbs, --help, --version, usage errors (sysexits).
. "$(dirname "$0")/lib.sh"

expect_exit 0 umpire --version
expect_out "umpire 0."
expect_exit 0 umpire --help
expect_out "umpire simulate RULESET"
expect_exit 64 umpire
expect_exit 64 umpire tunr
expect_err "unknown verb 'tunr' (did you mean 'turn'?)"
# Every verb umpire --help lists has its own --help, which exits 0.
umpire --help | sed -n 's/^ *umpire \([a-z]*\) .*/\1/p; s/^ *umpire \([a-z]*\)$/\1/p' |
	sort -u >"$TMP/verbs"
[ "$(wc -l <"$TMP/verbs")" -ge 19 ] || fail "umpire --help lists $(wc -l <"$TMP/verbs") verbs"
while read -r verb; do
	expect_exit 0 umpire "$verb" --help
	expect_out "usage: umpire $verb"
	# -h and umpire help VERB say the same, as newcomers type them (two
	# verbs only under valgrind, where each call takes a second).
	[ -n "${UMPIRE_SLOW:-}" ] && [ "$verb" != check ] && [ "$verb" != resolve ] &&
		continue
	cp "$TMP/out" "$TMP/help"
	expect_exit 0 umpire "$verb" -h
	cmp -s "$TMP/out" "$TMP/help" || fail "umpire $verb -h is not its --help"
	expect_exit 0 umpire help "$verb"
	cmp -s "$TMP/out" "$TMP/help" || fail "umpire help $verb is not its --help"
done <"$TMP/verbs"
expect_exit 64 umpire help tunr
expect_err "unknown verb 'tunr' (did you mean 'turn'?)"
expect_exit 0 umpire help
expect_out "usage: umpire VERB [ARGS]"
ok
expect_exit 0 umpire rules
expect_out "amb"
expect_out "Army Man Backgammon"
expect_exit 64 umpire rules extra
expect_exit 64 umpire new
expect_exit 64 umpire new "$TMP/x"
expect_err "--scenario FILE is required"
expect_exit 64 umpire new "$TMP/x" --scenario "$SCENARIO" --bogus
expect_err "unknown option '--bogus'"
expect_exit 64 umpire new "$TMP/x" --scenario
expect_err "needs a value"
expect_exit 64 umpire new "$TMP/x" --scenario "$SCENARIO" --seed nothex
expect_err "--seed: expected 64 hex digits"
[ ! -e "$TMP/x" ] || fail "a refused new made its directory"
ok
expect_exit 64 umpire turn "$TMP/x"
expect_exit 64 umpire resolve a b
expect_err "-o NEW_STATE and -r REPORT are required"
expect_exit 64 umpire simulate amb
expect_err "--games N is required"
expect_exit 64 umpire simulate chess --games 1
expect_exit 64 umpire simulate amb --games 0
expect_exit 64 umpire site "$TMP/x"
expect_err "name a game directory and an output directory"
expect_exit 64 umpire site "$TMP/x" "$TMP/site" --commit-url 'javascript:alert(1)//'
expect_err "expected an http:// or https:// address"
expect_exit 66 umpire site "$TMP/x" "$TMP/site"
expect_err "no such game directory"
[ ! -e "$TMP/site" ] || fail "a refused site made its directory"

# schema: the embedded schemas, as YAML.
for kind in state orders scenario; do
	expect_exit 0 umpire schema amb "$kind"
	expect_out '$schema: https://json-schema.org/draft/2020-12/schema'
done
expect_exit 0 umpire schema envelope
expect_out "urn:umpire:envelope"
expect_exit 64 umpire schema amb order
expect_err "(did you mean 'orders'?)"
expect_exit 64 umpire schema abm state
expect_err "(did you mean 'amb'?)"

# simulate: reproducible from its seed.
expect_exit 0 umpire simulate amb --games 3
cp "$TMP/out" "$TMP/sim1"
expect_exit 0 umpire simulate amb --games 3
sed 's/speed.*//' "$TMP/sim1" >"$TMP/a"
sed 's/speed.*//' "$TMP/out" >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "simulate is not reproducible"
expect_out "wins"
expect_out "games/s"
[ -s "$TMP/err" ] && fail "simulate wrote to a standard error that is no terminal"
# On a terminal, a progress line, wiped at the end.
if command -v script >/dev/null 2>&1 && [ -z "${UMPIRE_SLOW:-}" ]; then
	script -qec "$UMPIRE simulate amb --games 400 >/dev/null" /dev/null \
		>"$TMP/tty" 2>&1 || fail "simulate on a terminal failed"
	grep -q 'simulate: [0-9]* of 400 games' "$TMP/tty" ||
		fail "no progress line on a terminal: $(cat -A "$TMP/tty" | head -3)"
	ok
	# verify too, commit by commit; and nothing when not on a terminal.
	umpire new "$TMP/progress" --scenario amb --seed "$SEED1" >/dev/null
	for i in 1 2 3; do
		$UMPIRE bot "$TMP/progress" | $UMPIRE turn "$TMP/progress" - >/dev/null
	done
	script -qec "$UMPIRE verify $TMP/progress >/dev/null" /dev/null \
		>"$TMP/tty" 2>&1 || fail "verify on a terminal failed"
	grep -q 'verify: 4 of 4 commits' "$TMP/tty" ||
		fail "no progress line on a terminal: $(cat -A "$TMP/tty" | head -3)"
	expect_exit 0 umpire verify "$TMP/progress"
	[ -s "$TMP/err" ] && fail "verify wrote to a standard error that is no terminal"
	ok
fi

# A ruleset's name stands for its built-in standard scenario; a file of
# that name needs a directory.
for r in $(rulesets); do
	# A scenario that hides information is made sealed (Backgammon Wars).
	if ! umpire new "$TMP/builtin-$r" --scenario "$r" --seed "$SEED1" \
	    >/dev/null 2>"$TMP/err-$r"; then
		grep -q "must be sealed" "$TMP/err-$r" ||
			fail "umpire new --scenario $r: $(cat "$TMP/err-$r")"
		echo "$SEED1" >"$TMP/seed-$r"
		expect_exit 0 umpire new "$TMP/builtin-$r" --scenario "$r" \
			--sealed --seed-file "$TMP/seed-$r" $(keys_for "$r")
	fi
	# With --key, the scenario committed is the built-in one with keys.
	if [ -n "$(keys_for "$r")" ]; then
		grep -v '^ *key: ' "$TMP/builtin-$r/scenario.yaml" |
			grep -v '^#' >"$TMP/keyless-$r"
		python3 -c 'import sys, yaml
a, b = (yaml.safe_load(open(f)) for f in sys.argv[1:3])
sys.exit(a != b)' "$TMP/keyless-$r" "$TOP/samples/$r/standard.yaml" ||
			fail "--scenario $r is not samples/$r/standard.yaml with keys"
		ok
		continue
	fi
	cmp -s "$TMP/builtin-$r/scenario.yaml" "$TOP/samples/$r/standard.yaml" ||
		fail "--scenario $r is not samples/$r/standard.yaml"
done
expect_exit 66 sh -c "cd '$TMP' && $UMPIRE new g2 --scenario ./amb"
expect_err "./amb: error: cannot open"
# RULESET:NAME for its other built-in scenarios, as umpire rules lists.
expect_exit 0 umpire rules
expect_out "Built-in scenarios (umpire new DIR --scenario SCENARIO):"
expect_out "  wwii:city-spaces        City Spaces"
expect_exit 0 umpire new "$TMP/builtin-cities" --scenario wwii:city-spaces \
	--seed "$SEED1"
cmp -s "$TMP/builtin-cities/scenario.yaml" "$TOP/samples/wwii/city-spaces.yaml" ||
	fail "--scenario wwii:city-spaces is not samples/wwii/city-spaces.yaml"
expect_exit 66 umpire new "$TMP/g3" --scenario wwii:city-space
expect_err "wwii:city-space: error: no built-in scenario wwii:city-space (did you mean 'wwii:city-spaces'?); umpire rules lists them"
# A bare word that is no file was meant for a built-in scenario.
expect_exit 66 sh -c "cd '$TMP' && $UMPIRE new g3 --scenario amd"
expect_err "amd: error: no such file, and no built-in scenario of that name (did you mean 'amb'?); umpire rules lists them"
[ ! -e "$TMP/g3" ] || fail "a refused new made its directory"
ok
# ... but "-" is no word: it is standard input, for new and simulate.
expect_exit 0 sh -c "$UMPIRE new '$TMP/stdin' --scenario - --seed $SEED1 <'$TOP/samples/amb/standard.yaml'"
cmp -s "$TMP/stdin/scenario.yaml" "$TOP/samples/amb/standard.yaml" ||
	fail "--scenario - did not read standard input"
expect_exit 0 sh -c "$UMPIRE simulate amb --scenario - --games 1 <'$TOP/samples/amb/standard.yaml'"

# A file where the game's directory goes (game.yaml, or the operands
# swapped) is named as such, and nothing is written.
G=$TMP/builtin-amb
umpire bot "$G" >"$TMP/o.yaml" || fail "bot"
head=$(head_of "$G")
for dir in "$G/game.yaml" "$TMP/o.yaml"; do
	expect_exit 66 umpire check "$dir" "$TMP/o.yaml"
	expect_err "$dir: error: is a regular file, not a game directory: name the directory that holds its game.yaml"
	expect_exit 66 umpire turn "$dir" "$TMP/o.yaml"
	expect_err "is a regular file, not a game directory"
done
[ "$(head_of "$G")" = "$head" ] || fail "a refused turn moved HEAD"
# A linked work tree keeps its objects and branch elsewhere: refused,
# saying so, by the verbs that read a game and by new.
git -C "$G" worktree add -q "$TMP/linked" 2>/dev/null || fail "git worktree add"
for verb in status verify; do
	expect_exit 66 umpire "$verb" "$TMP/linked"
	expect_err "$TMP/linked: error: a linked work tree (git worktree add), which umpire does not read: give the game's own directory, or a clone of it (git clone GAME DIR)"
done
expect_exit 66 umpire turn "$TMP/linked" "$TMP/o.yaml"
expect_err "a linked work tree (git worktree add)"
[ "$(head_of "$G")" = "$head" ] || fail "a turn in a linked work tree moved HEAD"
git init -q "$TMP/plain" && echo x >"$TMP/plain/x" && git -C "$TMP/plain" add x &&
	git -C "$TMP/plain" -c user.name=a -c user.email=a@b commit -qm x &&
	git -C "$TMP/plain" worktree add -q "$TMP/plain-linked" 2>/dev/null ||
	fail "a repository with a linked work tree"
expect_exit 73 umpire new "$TMP/plain-linked" --scenario amb
expect_err "a linked work tree (git worktree add)"
[ ! -e "$TMP/plain-linked/game.yaml" ] || fail "new wrote a game into a linked work tree"
# One step, one roll, one commit: no plural.
expect_exit 0 umpire verify "$TMP/builtin-wwii"
expect_out "1 step re-adjudicated and 0 rolls re-derived over 1 commit;"
expect_exit 0 umpire site "$TMP/builtin-wwii" "$TMP/one-site"
expect_out "wrote $TMP/one-site/index.html: 1 step"
# A file where the page's directory goes: named as a file.
expect_exit 73 umpire site "$TMP/builtin-wwii" "$TMP/o.yaml"
expect_err "o.yaml: error: is a regular file, not a directory: give a new or empty directory"
ok
done_ok
