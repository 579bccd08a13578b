#!/bin/sh
# A report may change its words between umpire versions without breaking
# old games (umpire-files(5), Versions): verify compares the states, the
# rolls, the receipts and the commits of steps another version wrote,
# their words only when this umpire wrote them, and says which steps it
# could not compare.
#
# The other version is a real build: this tree, copied, with some of the
# words a report uses changed and another version number, built apart.
. "$(dirname "$0")/lib.sh"

OLD_VERSION=0.1.9
SRC=$TMP/old-src
mkdir -p "$SRC"
cp -r "$TOP/Makefile" "$TOP/src" "$TOP/schemas" "$TOP/samples" "$SRC/"
sed -i 's/No dice were rolled in this step\./This step rolled no dice./' \
	"$SRC/src/game/report.c"
sed -i 's/in the Tactics Phase\. /for the Tactics Phase. /' \
	"$SRC/src/rules/amb/resolve.c"
# Like umpire 0.2.0, the old build commits no pictures: its steps (step.c)
# leave the picture out of the files they list.
grep -q 'if (in->picture)$' "$SRC/src/play/step.c" ||
	fail "step.c no longer lists the picture as this test expects"
sed -i 's/if (in->picture)$/if (0)/' "$SRC/src/play/step.c"
grep -q 'if (in->picture)$' "$SRC/src/play/step.c" &&
	fail "the old build still commits pictures"
# ... and, like every version before 0.4.0, makes its game ids from the
# seed alone (umpire-files(5), the game id).
sed -i 's/in->seed_id ? NULL :/1 ? NULL :/' "$SRC/src/play/step.c"
grep -q '1 ? NULL :' "$SRC/src/play/step.c" || fail "the old build binds ids"
grep -q 'This step rolled no dice' "$SRC/src/game/report.c" ||
	fail "the old build's words were not changed"
make -s -C "$SRC" BUILD=build-old WERROR= SANITIZE= \
	CFLAGS="-O0 -DUMPIRE_VERSION='\"$OLD_VERSION\"'" build-old/umpire \
	>"$TMP/build.log" 2>&1 || fail "cannot build the old umpire:
$(tail -20 "$TMP/build.log")"
OLD=$SRC/build-old/umpire
"$OLD" --version | grep -q "umpire $OLD_VERSION" ||
	fail "the old build says $("$OLD" --version)"
ok

# Six steps by the old build, then four by this one.
G=$TMP/game
"$OLD" new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "old umpire new"
i=0
while [ $i -lt 6 ]; do
	"$OLD" bot "$G" >"$TMP/o.yaml" && "$OLD" turn "$G" "$TMP/o.yaml" \
		>/dev/null || fail "old umpire turn $i"
	i=$((i + 1))
done
grep -q "^version: \"$OLD_VERSION\"" "$G/game.yaml" || fail "no old version"
git -C "$G" grep -q 'for the Tactics Phase' HEAD -- reports ||
	fail "the old build's reports have the old words"
ok
[ -e "$G/reports/0006.md" ] && [ ! -e "$G/reports/0006.svg" ] ||
	fail "the old build drew pictures"
# Its last step has no picture: status draws the state alone.
expect_exit 0 umpire status "$G" --svg
expect_out "<svg xmlns="
expect_out "<title>The board</title>"
play "$G" 4
grep -q "^version: \"$(umpire --version | cut -d' ' -f2)\"" "$G/game.yaml" ||
	fail "this umpire did not write its version"
[ -e "$G/reports/0010.svg" ] || fail "this umpire drew no picture"
# The game keeps the flat layout its maker gave it (umpire-files(5),
# Layout): this umpire's steps of it are not grouped by hundreds.
[ -e "$G/orders/0010-green.yaml" ] || [ -e "$G/orders/0010-tan.yaml" ] ||
	fail "this umpire's orders are not where the old game keeps them"
! grep -q '^layout:' "$G/game.yaml" && [ ! -e "$G/reports/00" ] &&
	[ ! -e "$G/orders/00" ] || fail "this umpire grouped an old game's files"
ok

expect_exit 0 umpire verify "$G"
expect_out "11 steps re-adjudicated"
expect_out "note: umpire $OLD_VERSION (not this umpire,"
expect_out "wrote the reports of 7 steps from step 0 to step 6; their states, rolls and commits were compared, and their receipts; their words and pictures were not"

# The old steps' rolls are still checked: change a result in a roll table.
cp -r "$G" "$TMP/rolls"
git -C "$G" show HEAD:reports/0003.md >"$TMP/r3.md"
sed -i '0,/^| 0 | 6 | \([1-6]\) |/s//| 0 | 6 | 9 |/' "$TMP/r3.md"
grep -q '^| 0 | 6 | 9 |' "$TMP/r3.md" || fail "no roll to change in step 3"
rewrite "$TMP/rolls" 3 reports/0003.md "$TMP/r3.md"
expect_exit 65 umpire verify "$TMP/rolls"
expect_err "lists other rolls than re-adjudication draws"
expect_err "reports/0003.md differs"

# The steps this umpire wrote are compared word for word.
cp -r "$G" "$TMP/words"
git -C "$G" show HEAD:reports/0008.md >"$TMP/r8.md"
sed -i 's/^\*\*\(.\)/**A \1/' "$TMP/r8.md"
rewrite "$TMP/words" 8 reports/0008.md "$TMP/r8.md"
expect_exit 65 umpire verify "$TMP/words"
expect_err "reports/0008.md differs from re-adjudication at line 5"
done_ok
