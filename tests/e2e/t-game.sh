#!/bin/sh
# A game by git: new, status, check, turn (from a file and from standard
# input), the commits umpire makes, bot, and verify at the end.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
expect_exit 0 umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1"
expect_out "# Step 0: set-up"
expect_out "| roll | sides | result | for |"
expect_clean "$G"
[ "$(git -C "$G" rev-parse --abbrev-ref HEAD)" = main ] || fail "branch is not main"
[ "$(git -C "$G" log --format=%an%x09%cn -1)" = "umpire	umpire" ] ||
	fail "step 0 is not by umpire"
git -C "$G" show --name-only --format= HEAD | sort >"$TMP/files"
printf 'game.yaml\nreports/00/0000.md\nreports/00/0000.svg\nscenario.yaml\n' | cmp -s - "$TMP/files" ||
	fail "step 0 commits $(cat "$TMP/files")"
cmp -s "$SCENARIO" "$G/scenario.yaml" || fail "scenario.yaml is not as given"
ok

expect_exit 0 umpire status "$G"
expect_out "awaiting: step 1, green's turn (Green Player)"
expect_out "seed:     open"
expect_out "orders:   not authenticated: the players have no keys"
expect_out "t11*:smg/R"

# A turn from a file: check first (nothing written), then turn.
umpire bot "$G" >"$TMP/o1.yaml" || fail "bot failed"
before=$(head_of "$G")
expect_exit 0 umpire check "$G" "$TMP/o1.yaml"
expect_out "ok: legal orders for green's turn at step 1"
[ "$(head_of "$G")" = "$before" ] || fail "check wrote a commit"
expect_clean "$G"
expect_exit 0 umpire turn "$G" "$TMP/o1.yaml"
expect_out "# Step 1: green's turn"
expect_clean "$G"
git -C "$G" log --format='%an <%ae>|%cn <%ce>|%s' -1 >"$TMP/log"
[ "$(cat "$TMP/log")" = "Green Player <green@example.org>|umpire <umpire@umpire.invalid>|Step 1: green's turn" ] ||
	fail "step 1 commit: $(cat "$TMP/log")"
git -C "$G" log --format=%b -1 | head -1 >"$TMP/body"
grep -q "Tan to play" "$TMP/body" || fail "commit body is not the headline: $(cat "$TMP/body")"
git -C "$G" show --name-only --format= HEAD | sort >"$TMP/files"
printf 'game.yaml\norders/00/0001-green.yaml\nreports/00/0001.md\nreports/00/0001.svg\n' |
	cmp -s - "$TMP/files" || fail "step 1 commits $(cat "$TMP/files")"
cmp -s "$TMP/o1.yaml" "$G/orders/00/0001-green.yaml" ||
	fail "orders are not committed as submitted"
ok
[ "$(step_of "$G")" = 2 ] || fail "HEAD does not await step 2"
ok

# Orders applied twice are refused: the step has moved on.
before=$(head_of "$G")
expect_exit 65 umpire turn "$G" "$TMP/o1.yaml"
expect_err "these orders are for step 1, but the game awaits step 2 (were they applied already?)"
expect_diagnostics_form
[ "$(head_of "$G")" = "$before" ] || fail "a refused turn moved HEAD"
expect_clean "$G"

# A turn from standard input.
umpire bot "$G" --player tan >"$TMP/o2.yaml" || fail "bot --player tan failed"
expect_exit 0 sh -c "$UMPIRE turn '$G' - <'$TMP/o2.yaml'"
expect_out "# Step 2: tan's turn"
cmp -s "$TMP/o2.yaml" "$G/orders/00/0002-tan.yaml" || fail "stdin orders not kept"
expect_clean "$G"

# bot: the awaited player only; reproducible; varied by --seed.
expect_exit 65 umpire bot "$G" --player tan
expect_err "step 3 awaits green's turn, not tan's"
# One who is no player at all: named as such, with the players.
expect_exit 65 umpire bot "$G" --player gren
expect_err "umpire: error: --player: gren is not a player of game $(sed -n 's/^game: //p' "$G/game.yaml"), whose players are green, tan (did you mean 'green'?)"
umpire bot "$G" >"$TMP/a.yaml"
umpire bot "$G" >"$TMP/b.yaml"
cmp -s "$TMP/a.yaml" "$TMP/b.yaml" || fail "bot is not reproducible"
ok

# Play a game to the end; the state then says who won.
G1=$TMP/whole
umpire new "$G1" --scenario "$PLAY_SCENARIO" --seed "$SEED1" >/dev/null
play "$G1" 400
expect_exit 0 umpire status "$G1"
expect_out "over:"
expect_exit 65 umpire bot "$G1"
expect_err "the game is over"
expect_clean "$G1"
expect_exit 0 umpire verify "$G1"
expect_out "every state, report, picture and roll matches"

# A game someone has packed (git gc) plays and verifies the same.
G3=$TMP/packed
umpire new "$G3" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null
play "$G3" 3
git -C "$G3" gc -q --aggressive --prune=now
ls "$G3"/.git/objects/pack/*.pack >/dev/null 2>&1 || fail "git gc made no pack"
play "$G3" 3
expect_clean "$G3"
expect_exit 0 umpire verify "$G3"
expect_out "7 steps re-adjudicated"

# The state read is HEAD's, not the work tree's: a hand edit there
# changes nothing, and the next umpire call puts it back.
G2=$TMP/game2
umpire new "$G2" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null
echo "# scribble" >>"$G2/game.yaml"
umpire bot "$G2" >"$TMP/o.yaml" || fail "bot after a work tree edit"
expect_exit 0 umpire turn "$G2" "$TMP/o.yaml"
expect_clean "$G2"
expect_exit 0 umpire verify "$G2"

# umpire rewrites the index's entries of a step itself (index.c): an
# index git wrote, with its cached trees, and one of version 3, stay
# clean and whole through the next steps; one of version 4 is left to
# libgit2, and stays so too.
echo "notes" >"$G2/README"
git -C "$G2" add README
git -C "$G2" -c user.name=t -c user.email=t@t commit -qm "a README"
for v in 3 4; do
	git -C "$G2" update-index --index-version "$v"
	umpire bot "$G2" >"$TMP/o.yaml" || fail "bot on an index of version $v"
	expect_exit 0 umpire turn "$G2" "$TMP/o.yaml" --force
	expect_clean "$G2"
	git -C "$G2" ls-files --error-unmatch README >/dev/null ||
		fail "the index lost README (version $v)"
done
expect_exit 0 umpire verify "$G2"
done_ok
