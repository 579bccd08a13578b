#!/bin/sh
# Bad input is refused with the right exit status, a located message,
# and the game exactly as it was.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
game=$(git -C "$G" show HEAD:game.yaml | sed -n 's/^game: //p')
before=$(head_of "$G")

refused() {
	expect_exit "$1" umpire turn "$G" "$2"
	[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved on refused $2"
	expect_clean "$G"
}

orders() {
	cat >"$TMP/$1.yaml"
}

orders wrong-player <<EOF2
umpire: 1
ruleset: amb
game: $game
player: tan
step: 1
EOF2
refused 65 "$TMP/wrong-player.yaml"
expect_err "wrong-player.yaml:4:9: error: these orders are from tan, but the game awaits green's turn at step 1"

orders wrong-game <<EOF2
umpire: 1
ruleset: amb
game: amb-0123456789
player: green
step: 1
EOF2
refused 65 "$TMP/wrong-game.yaml"
expect_err "wrong-game.yaml:3:7: error: these orders are for game 'amb-0123456789', but this is game '$game'"

orders wrong-step <<EOF2
umpire: 1
ruleset: amb
game: $game
player: green
step: 7
EOF2
refused 65 "$TMP/wrong-step.yaml"
expect_err "these orders are for step 7, but the game awaits step 1"

orders many <<EOF2
umpire: 1
ruleset: amb
game: $game
player: green
step: 1
actions:
  - {move: g99, die: 3}
  - {atack: g1, die: 2}
stance: {man: t1, to: prone}
colour: green
EOF2
refused 65 "$TMP/many.yaml"
expect_diagnostics_form
[ "$(wc -l <"$TMP/err")" -ge 4 ] || fail "expected every error reported:
$(cat "$TMP/err")"
expect_err "unknown key 'colour'"
expect_err "green has no man called 'g99'"
expect_err "t1 is one of tan's men"

printf 'umpire: 1\nruleset: amb\n  bad: [\n' >"$TMP/broken.yaml"
refused 65 "$TMP/broken.yaml"
expect_err "broken.yaml:3:"

refused 66 "$TMP/no-such-file.yaml"
expect_err "no-such-file.yaml: error: cannot open"
expect_exit 66 umpire check "$TMP/nowhere" "$TMP/many.yaml"
expect_exit 66 umpire status "$TMP/nowhere"
mkdir "$TMP/empty"
expect_exit 66 umpire status "$TMP/empty"
git init -q "$TMP/repo"
expect_exit 66 umpire status "$TMP/repo"
expect_err "no commit"

# new refuses a directory that holds a game, or someone's files.
expect_exit 73 umpire new "$G" --scenario "$SCENARIO"
expect_err "already holds a game"
mkdir "$TMP/full" && echo hi >"$TMP/full/notes.txt"
expect_exit 73 umpire new "$TMP/full" --scenario "$SCENARIO"
[ "$(ls "$TMP/full")" = notes.txt ] || fail "new touched a full directory"
ok
# ... but takes an empty directory, or a repository with no game yet.
expect_exit 0 umpire new "$TMP/empty" --scenario "$SCENARIO" --seed "$SEED1"
git -C "$TMP/repo" -c user.name=x -c user.email=x@x commit -q \
	--allow-empty -m "the forge's first commit"
expect_exit 0 umpire new "$TMP/repo" --scenario "$SCENARIO"
[ "$(git -C "$TMP/repo" rev-list --count HEAD)" = 2 ] ||
	fail "new did not build on the repository's history"
ok

# A scenario that breaks the rules is refused and nothing is made.
sed 's/row: 5}/row: 7}/' "$SCENARIO" >"$TMP/bad-scenario.yaml"
expect_exit 65 umpire new "$TMP/nope" --scenario "$TMP/bad-scenario.yaml"
expect_err "g13 is set up on row 7; green sets up on its back five rows, 1 to 5"
[ ! -e "$TMP/nope" ] || fail "a refused scenario made its directory"
ok
expect_exit 66 umpire new "$TMP/nope" --scenario "$TMP/missing.yaml"
[ ! -e "$TMP/nope" ] || fail "a missing scenario made its directory"
ok
done_ok
