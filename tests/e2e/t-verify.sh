#!/bin/sh
# verify names the first commit whose state, report, orders or rolls
# differ from re-adjudication, and passes honest histories, including
# commits that are not umpire's.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null
play "$G" 8
expect_exit 0 umpire verify "$G"
expect_out "9 steps re-adjudicated"

# A shallow clone (a forge's checkout at its default depth) lacks the
# history: said so, with git's fix, rather than as a missing object.
git clone -q --depth 1 "file://$G" "$TMP/shallow" || fail "git clone --depth 1"
expect_exit 66 umpire verify "$TMP/shallow"
expect_err "$TMP/shallow: error: a shallow clone (git clone --depth) lacks the game's early history, which umpire reads: git -C $TMP/shallow fetch --unshallow, or a forge's checkout with fetch-depth: 0"
umpire bot "$TMP/shallow" >"$TMP/shallow.yaml" || fail "bot on a shallow clone"
head=$(head_of "$TMP/shallow")
expect_exit 66 umpire turn "$TMP/shallow" "$TMP/shallow.yaml"
expect_err "a shallow clone (git clone --depth)"
[ "$(head_of "$TMP/shallow")" = "$head" ] || fail "a refused turn moved HEAD"
git -C "$TMP/shallow" fetch -q --unshallow || fail "git fetch --unshallow"
expect_exit 0 umpire verify "$TMP/shallow"
expect_out "9 steps re-adjudicated"
ok

# Commits that leave umpire's files alone are not steps: a forge's CI
# file, a player's incoming orders.
cp -r "$G" "$TMP/mixed"
echo "ci: umpire turn" >"$TMP/mixed/ci.yaml"
git -C "$TMP/mixed" add ci.yaml
git -C "$TMP/mixed" -c user.name=host -c user.email=h@x commit -qm "add CI"
play "$TMP/mixed" 2
expect_exit 0 umpire verify "$TMP/mixed"
expect_out "11 steps re-adjudicated"
expect_clean "$TMP/mixed"

# commit_id G K: the short id verify names for commit K.
commit_id() {
	git -C "$1" rev-list --first-parent --reverse HEAD | sed -n "$(($2 + 1))p" |
		cut -c1-12
}

tampered() {
	rm -rf "$TMP/t"
	cp -r "$G" "$TMP/t"
}

# A hand-edited state, committed on top.
tampered
sed -i 's/^step: 9$/step: 10/' "$TMP/t/game.yaml"
git -C "$TMP/t" -c user.name=cheat -c user.email=c@x commit -qam "tidy up"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 9) (tidy up): game.yaml changes with no orders and no report: it was edited by hand"

# A state edited inside history: step 4's game.yaml moves a man.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 4):game.yaml" |
	sed '0,/row: 1}/s//row: 2}/' >"$TMP/state"
rewrite "$TMP/t" 4 game.yaml "$TMP/state"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 4) (Step 4:"
expect_err "game.yaml differs from re-adjudication at line"

# An edited report.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 3):reports/00/0003.md" |
	sed 's/Tactics Phase/tactics phase/' >"$TMP/report"
rewrite "$TMP/t" 3 reports/00/0003.md "$TMP/report"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Step 3:"
expect_err "reports/00/0003.md differs from re-adjudication"

# An edited picture: a man moved on step 3's board.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 3):reports/00/0003.svg" |
	sed '0,/<g id="unit-\([a-z0-9]*\)" transform="translate(\([0-9]*\),/s//<g id="unit-\1" transform="translate(\29,/' \
	>"$TMP/picture"
cmp -s "$TMP/picture" "$TMP/t/reports/00/0003.svg" && fail "no man to move"
rewrite "$TMP/t" 3 reports/00/0003.svg "$TMP/picture"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Step 3:"
expect_err "reports/00/0003.svg differs from re-adjudication at line"

# A step of this umpire's committed without its picture.
tampered
git -C "$TMP/t" rm -q reports/00/0008.svg
git -C "$TMP/t" commit -q --amend --no-edit
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 8) (Step 8:"
expect_err "reports/00/0008.svg is missing: umpire $(umpire --version | cut -d' ' -f2) draws the picture of every step"

# A forged roll: step 5's report claims a different die in its roll table.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 5):reports/00/0005.md" |
	awk '/^\| [0-9]+ \| 6 \| [0-9] \|/ && !done {
		split($0, f, "|"); r = f[4] + 0; n = r % 6 + 1;
		sub("\\| " r " \\|", "| " n " |"); done = 1 } { print }' >"$TMP/report"
cmp -s "$TMP/report" "$TMP/t/reports/00/0005.md" && fail "no roll to forge"
rewrite "$TMP/t" 5 reports/00/0005.md "$TMP/report"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 5) (Step 5:"
expect_err "reports/00/0005.md differs from re-adjudication at line"

# Forged dice in the state: step 6 awaits other Tactics dice than rolled.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 6):game.yaml" |
	sed -E 's/dice: \[([0-9]), ([0-9])\]/dice: [\2, \1]/' >"$TMP/state"
git -C "$TMP/t" show "$(commit_id "$TMP/t" 6):game.yaml" | cmp -s - "$TMP/state" &&
	sed -i -E 's/dice: \[([1-5]),/dice: [6,/; t; s/dice: \[6,/dice: [1,/' "$TMP/state"
rewrite "$TMP/t" 6 game.yaml "$TMP/state"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 6) (Step 6:"

# Edited orders: step 2's orders replaced by other legal orders.
tampered
git -C "$TMP/t" show "$(commit_id "$TMP/t" 1):game.yaml" >"$TMP/s1.yaml"
git -C "$TMP/t" show "$(commit_id "$TMP/t" 2):orders/00/0002-tan.yaml" >"$TMP/o2.yaml"
umpire resolve "$TMP/s1.yaml" "$TMP/o2.yaml" -o "$TMP/s2.yaml" -r "$TMP/r2.md" ||
	fail "cannot replay step 2"
cat >"$TMP/o2b.yaml" <<EOF2
$(sed -n '1,/^step:/p' "$TMP/o2.yaml" | grep -v '^#')
EOF2
rewrite "$TMP/t" 2 orders/00/0002-tan.yaml "$TMP/o2b.yaml"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 2) (Step 2:"

# A step committed by someone else than the player.
tampered
git -C "$TMP/t" -c user.name=x commit -q --amend --no-edit --author="Mallory <m@x>"
expect_exit 65 umpire verify "$TMP/t"
expect_err "its author is Mallory <m@x>, but the orders are"

# An extra file slipped into umpire's directories.
tampered
echo "bonus" >"$TMP/t/reports/extra.md"
git -C "$TMP/t" add reports/extra.md
git -C "$TMP/t" -c user.name=x -c user.email=x@x commit -qm "notes"
expect_exit 65 umpire verify "$TMP/t"
expect_err "(notes): step 9 should modify game.yaml and add orders/00/0009-green.yaml"

# Old files of umpire's edited and removed: changes inside the directories,
# not at their ends, each named.
tampered
o3=$(cd "$TMP/t" && ls orders/00/0003-*.yaml)
echo "# seen" >>"$TMP/t/$o3"
git -C "$TMP/t" rm -q reports/00/0001.md
git -C "$TMP/t" -c user.name=x -c user.email=x@x commit -qam "tidy"
expect_exit 65 umpire verify "$TMP/t"
expect_err "(tidy): step 9 should modify game.yaml and add orders/00/0009-green.yaml, reports/00/0009.md and reports/00/0009.svg, and nothing else of umpire's; this commit: $o3 (modified), reports/00/0001.md (deleted)"
done_ok
