#!/bin/sh
# A sealed game: only the commitment in the repository, the seed
# outside; turns need it; verify needs it until reveal publishes it.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
S=$TMP/seed
expect_exit 64 umpire new "$G" --scenario "$SCENARIO" --sealed
expect_err "a sealed game keeps its seed outside the repository"
[ ! -e "$G" ] || fail "a refused sealed new made its directory"
# UMPIRE_SEED is a secret: an open game would publish it.
expect_exit 64 env UMPIRE_SEED="$(printf '%064d' 9)" $UMPIRE new "$TMP/open" \
	--scenario "$SCENARIO"
expect_err "UMPIRE_SEED is set, and an open game would write it into game.yaml"
[ ! -e "$TMP/open" ] || fail "new published UMPIRE_SEED"
ok
expect_exit 0 umpire new "$G" --scenario "$PLAY_SCENARIO" --sealed --seed-file "$S"
[ -f "$S" ] || fail "--sealed --seed-file did not make the seed file"
[ "$(stat -c %a "$S")" = 600 ] || fail "the seed file is readable by others"
seed=$(cat "$S")
git -C "$G" show HEAD:game.yaml | grep -q '^seed: "sha256:' ||
	fail "a sealed game.yaml does not hold the commitment"
if git -C "$G" grep -q "$seed" HEAD; then fail "the seed is in the repository"; fi
commitment=$(printf '%s' "$seed" | xxd -r -p 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ -n "$commitment" ] && command -v xxd >/dev/null; then
	git -C "$G" show HEAD:game.yaml | grep -q "sha256:$commitment" ||
		fail "the commitment is not sha256 of the seed's bytes"
fi
ok
expect_exit 0 umpire status "$G"
expect_out "seed:     sealed"

umpire bot "$G" >"$TMP/o.yaml"
expect_exit 66 umpire turn "$G" "$TMP/o.yaml"
expect_err "is sealed: give its seed with --seed-file F or the environment variable UMPIRE_SEED"
expect_clean "$G"
printf '%064d\n' 7 >"$TMP/wrong"
expect_exit 65 umpire turn "$G" "$TMP/o.yaml" --seed-file "$TMP/wrong"
expect_err "this seed does not match the game's commitment"
expect_exit 0 umpire turn "$G" "$TMP/o.yaml" --seed-file "$S"
umpire bot "$G" >"$TMP/o.yaml"
expect_exit 0 env UMPIRE_SEED="$seed" $UMPIRE turn "$G" "$TMP/o.yaml"
expect_clean "$G"

expect_exit 66 umpire verify "$G"
expect_err "a sealed game whose seed is not revealed"
expect_exit 65 umpire verify "$G" --seed-file "$TMP/wrong"
expect_exit 0 umpire verify "$G" --seed-file "$S"

expect_exit 65 umpire reveal "$G" --seed-file "$S"
expect_err "is not over"
expect_exit 65 umpire reveal "$G" --seed-file "$TMP/wrong" --force
expect_err "does not match"
export UMPIRE_SEED="$seed"
play "$G" 400
unset UMPIRE_SEED
expect_exit 0 umpire status "$G"
expect_out "over:"
expect_exit 0 umpire reveal "$G" --seed-file "$S"
expect_out "revealed the seed"
git -C "$G" show HEAD:game.yaml | grep -Eq "^seed: \"?$seed\"?\$" ||
	fail "reveal did not put the seed in game.yaml"
ok
expect_clean "$G"
expect_exit 0 umpire verify "$G"
expect_out "every state, report, picture and roll matches"
expect_exit 65 umpire reveal "$G" --seed-file "$S"
expect_err "is not sealed"
done_ok
