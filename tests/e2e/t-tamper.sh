#!/bin/sh
# A history doctored the ways a player who can push would doctor it
# (issue 8, item 13), each caught by verify with a diagnostic naming the
# commit; the receipts that prove what no repository can prove alone,
# that its last steps are still there as they were; and turn, which
# builds only on steps umpire made.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >"$TMP/new.md" ||
	fail "new failed"
play "$G" 7
umpire bot "$G" >"$TMP/o8.yaml"
umpire turn "$G" "$TMP/o8.yaml" >"$TMP/turn8.md" || fail "turn 8 failed"
expect_exit 0 umpire verify "$G"
expect_out "9 steps re-adjudicated"

# commit_id G K: the short id verify names for commit K (0 = the first).
commit_id() {
	git -C "$1" rev-list --first-parent --reverse HEAD | sed -n "$(($2 + 1))p" |
		cut -c1-12
}
tampered() {
	rm -rf "$TMP/t"
	cp -r "$G" "$TMP/t"
}
sha256() { sha256sum | cut -d' ' -f1; }
orders_of() { (cd "$1" && ls orders/"$(printf %02d $(($2 / 100)))/$(printf %04d "$2")"-*.yaml); }

# ---- 1. Receipts: the last steps dropped, a step replayed.

# A report ends with its receipt: the step and the SHA-256 of game.yaml
# as the step left it.  turn prints it, new too.
receipt_of() { tail -n 1 "$1" | sed -n 's/^Receipt: `\([0-9]*:[0-9a-f]*\)`$/\1/p'; }
r8=$(receipt_of "$TMP/turn8.md")
[ "$r8" = "8:$(git -C "$G" show HEAD:game.yaml | sha256)" ] ||
	fail "turn's receipt is '$r8', not step 8 and the SHA-256 of game.yaml"
r0=$(receipt_of "$TMP/new.md")
[ "$r0" = "0:$(git -C "$G" show "$(commit_id "$G" 0):game.yaml" | sha256)" ] ||
	fail "new's receipt is '$r0'"
r3=$(receipt_of "$G/reports/00/0003.md")
[ -n "$r3" ] || fail "the report of step 3 has no receipt"
git -C "$G" show HEAD:reports/00/0008.md | cmp -s - "$TMP/turn8.md" ||
	fail "turn printed another report than it committed"
ok
expect_exit 0 umpire verify "$G" --receipt "$r8" --receipt "$r3" --receipt "$r0"
expect_out "receipt $r8 holds: step 8 is in the history as it was"
expect_out "receipt $r0 holds"

expect_exit 64 umpire verify "$G" --receipt 8
expect_err "expected STEP:HASH"
expect_exit 64 umpire verify "$G" --receipt "8:${r8#8:}0"
upper=$(echo "$r8" | tr a-f A-F)
expect_exit 0 umpire verify "$G" --receipt "$upper"

# The last two steps dropped: the repository alone looks honest; the
# receipt of step 8 does not hold.
tampered
git -C "$TMP/t" reset -q --hard HEAD~2
expect_exit 0 umpire verify "$TMP/t"
expect_exit 65 umpire verify "$TMP/t" --receipt "$r3" --receipt "$r8"
expect_err "receipt $r8: the history has no step 8, its last step is 6: the steps after it were dropped"
expect_exit 65 umpire verify "$TMP/t" --receipt "9:${r8#8:}"
expect_err "the history has no step 9"

# Step 8 rolled back and played again with other orders, once its dice
# were known: honest to look at, but not the step 8 its player was given.
tampered
git -C "$TMP/t" reset -q --hard HEAD~1
for salt in a b c d e; do
	umpire bot "$TMP/t" --seed "$salt" >"$TMP/o8b.yaml"
	cmp -s "$TMP/o8.yaml" "$TMP/o8b.yaml" || break
done
cmp -s "$TMP/o8.yaml" "$TMP/o8b.yaml" && fail "the bot gives no other orders"
umpire turn "$TMP/t" "$TMP/o8b.yaml" >/dev/null || fail "the replay failed"
expect_exit 0 umpire verify "$TMP/t"
expect_exit 65 umpire verify "$TMP/t" --receipt "$r8"
expect_err "receipt $r8: step 8 is now commit $(commit_id "$TMP/t" 8) (Step 8:"
expect_err "the step was rewritten or replayed since the receipt was given"

# ---- 2. Versions.

# A version before 0.4.0 wrote no date into a state: the tamperer drops it.
set_version() { edit_each "$1" "$2" "$3" game.yaml "s/^version: .*/version: \"$4\"/; /^date: /d; /^deadline: /d"; }

# Newer than this umpire.
tampered
set_version "$TMP/t" 8 "" 9.0.0
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 8) (Step 8:"
expect_err "its state was written by umpire 9.0.0, which is newer than this umpire"
expect_err "upgrade umpire to verify this game"

# Backwards: steps 4 on claim an older umpire than step 3's.
tampered
set_version "$TMP/t" 4 "" 0.1.9
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 4) (Step 4:"
expect_err "its state says umpire 0.1.9 wrote it, but umpire $(umpire --version | cut -d' ' -f2) wrote the state before it: a game's versions never go backwards"

# No release's version: the same number, written otherwise.
tampered
v=$(umpire --version | cut -d' ' -f2)
set_version "$TMP/t" 0 "" "0$v"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 0) (Step 0:"
expect_err "its state says umpire version '0$v' wrote it, which is no release's version"

# An older version claimed for the first steps, so that their words go
# unchecked: since 0.4.0 a game's id binds its scenario, and the id an
# older version would have made (from the seed alone) is not this
# game's, so verify refuses at step 0, receipts mended or not.  (How
# verify reads steps an older umpire really wrote: t-versions.sh.)
old_version() {
	git -C "$g" show "$1:game.yaml" |
		sed -e 's/^version: .*/version: "0.1.9"/' -e '/^date: /d' \
		    -e '/^deadline: /d' >"$TMP/state"
	state=$(git -C "$g" hash-object -w "$TMP/state")
	tix update-index --cacheinfo "100644,$state,game.yaml"
	step=$(sed -n 's/^step: //p' "$TMP/state")
	report=reports/$(printf %02d $(((step - 1) / 100)))/$(printf %04d $((step - 1))).md
	new=$(sha256 <"$TMP/state")
	old=$(git -C "$g" show "$1:game.yaml" | sha256)
	git -C "$g" show "$1:$report" | sed "s/$old/$new/; $reword" >"$TMP/report"
	carry 100644 "$(git -C "$g" hash-object -w "$TMP/report")" "$report"
}
tampered
set_version "$TMP/t" 0 4 0.1.9
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 0) (Step 0:"
expect_err "the game id is '$(sed -n 's/^game: //p' "$G/game.yaml")', but this seed makes '"
tampered
reword='s/^1\. \*\*\(.*\)Phase\.\*\*/1. **\1Phase, as agreed.**/'
rebuild "$TMP/t" 0 4 old_version
git -C "$TMP/t" show HEAD:reports/00/0002.md | grep -q "as agreed" ||
	fail "no words to reword in step 2"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 0) (Step 0:"
expect_err "but this seed makes '"

# A version that gives receipts may not leave one out.
tampered
git -C "$G" show HEAD:reports/00/0005.md | sed '/^## Receipt$/,$d' >"$TMP/r5.md"
rewrite "$TMP/t" 5 reports/00/0005.md "$TMP/r5.md"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 5) (Step 5:"
expect_err "reports/00/0005.md has no receipt, though umpire $v, which wrote it, gives every report one"

# ---- 3. Messages, re-derived: a step's, step 0's and the reveal's.

tampered
recommit "$TMP/t" 5 '$s/\.$/, as agreed./'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 5) (Step 5:"
expect_err "its message differs from the one umpire writes at line 3: umpire gives '"
expect_err ", as agreed.'"
tampered
recommit "$TMP/t" 7 's/^Step 7: .*/Step 7: a famous victory/'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 7) (Step 7: a famous victory): its message differs from the one umpire writes at line 1"
tampered
recommit "$TMP/t" 0 '$a\
Signed-off-by: Mallory <m@x>'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 0) (Step 0: set-up): its message differs from the one umpire writes at line 4: umpire gives '' but the commit holds 'Signed-off-by: Mallory <m@x>'"

# A sealed game revealed early, then played on: turn builds on the reveal.
S=$TMP/sealed
umpire new "$S" --scenario "$SCENARIO" --sealed --seed-file "$TMP/seed" \
	>/dev/null || fail "sealed new failed"
UMPIRE_SEED=$(cat "$TMP/seed") play "$S" 2
expect_exit 0 umpire reveal "$S" --seed-file "$TMP/seed" --force
play "$S" 2
expect_exit 0 umpire verify "$S"
sealed() {
	rm -rf "$TMP/t"
	cp -r "$S" "$TMP/t"
}
sealed
recommit "$TMP/t" 3 's/anyone can now verify/anyone may now verify/'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Reveal the seed): its message differs from the one umpire writes at line 3"

# ---- 4. Committer, author and dates.

tampered
recommit "$TMP/t" 3 's/^committer umpire <umpire@umpire.invalid>/committer Mallory <m@x>/'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Step 3:"
expect_err "its committer is Mallory <m@x>, but umpire commits every step as umpire <umpire@umpire.invalid>"
tampered
recommit "$TMP/t" 0 's/^author umpire <umpire@umpire.invalid>/author Mallory <m@x>/'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 0) (Step 0: set-up): its author is Mallory <m@x>, but umpire new makes a game as umpire <umpire@umpire.invalid>"
sealed
recommit "$TMP/t" 3 's/^author umpire <umpire@umpire.invalid>/author Mallory <m@x>/'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Reveal the seed): its author is Mallory <m@x>, but umpire reveal commits the seed as umpire <umpire@umpire.invalid>"

# date_of G K author|committer: commit K's date, in seconds.
date_of() {
	git -C "$1" cat-file commit "$(commit_id "$1" "$2")" |
		sed -n "s/^$3 .* \([0-9]*\) [-+][0-9]*\$/\1/p"
}
# An author date an hour before the commit's.
tampered
t4=$(date_of "$TMP/t" 4 author)
recommit "$TMP/t" 4 "s/^\(author .*\) $t4 /\1 $((t4 - 3600)) /"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 4) (Step 4:"
expect_err "its author date, "
expect_err ", is not its commit date, "
expect_err ": umpire gives both at one moment"
# Both dates of step 5 an hour before step 4's.
tampered
t5=$(date_of "$TMP/t" 5 author)
t4=$(date_of "$TMP/t" 4 committer)
recommit "$TMP/t" 5 "s/^\(author .*\|committer .*\) $t5 /\1 $((t4 - 3600)) /"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 5) (Step 5:"
expect_err ", the date of commit $(commit_id "$TMP/t" 4) before it: the dates of umpire's commits never go backwards"
# A clock behind the last step's (another CI runner's, say): turn dates
# its step as that step, never before it, even across a commit that is
# not umpire's.
tampered
t8=$(date_of "$TMP/t" 8 committer)
recommit "$TMP/t" 8 "s/^\\(author .*\\|committer .*\\) $t8 /\\1 $((t8 + 3600)) /"
echo "orders go here" >"$TMP/t/README"
git -C "$TMP/t" add README
git -C "$TMP/t" -c user.name=host -c user.email=h@x commit -qm "readme"
play "$TMP/t" 1
[ "$(date_of "$TMP/t" 10 author)" = $((t8 + 3600)) ] &&
	[ "$(date_of "$TMP/t" 10 committer)" = $((t8 + 3600)) ] ||
	fail "turn dated its step $(date_of "$TMP/t" 10 committer), before the step before it ($((t8 + 3600)))"
# ...but step 8's commit now tells another date than its state, which
# its receipt covers: from 0.4.0 on, that is a forged date.
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 8) (Step 8:"
expect_err "is not $(date -u -d @"$t8" +%Y-%m-%dT%H:%M:%SZ), the date its state records"
# A commit another program made: no encoding recorded.
tampered
recommit "$TMP/t" 2 '/^encoding UTF-8$/d'
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 2) (Step 2:"
expect_err "it does not record its message's encoding as UTF-8"
# A step made a merge.
tampered
recommit "$TMP/t" 6 "/^parent /a\\
parent $(git -C "$G" rev-parse HEAD~8)"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 6) (Step 6:"
expect_err "it merges 2 commits, and umpire never makes a merge"

# ---- 5. Modes: game.yaml executable, or a link.

# chmod_x C PATH: PATH executable in commit C.
chmod_x() {
	tix update-index --cacheinfo "100755,$(git -C "$g" rev-parse "$1:$2"),$2"
}
state_x() { chmod_x "$1" game.yaml; }
tampered
rebuild "$TMP/t" 5 "" state_x
git -C "$TMP/t" ls-tree HEAD game.yaml | grep -q '^100755' || fail "not executable"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 5) (Step 5:"
expect_err "game.yaml is an executable file (mode 100755); umpire writes its files as plain files, mode 100644"
# A link whose target is the state's own text: the same bytes.
link() {
	tix update-index --cacheinfo "120000,$(git -C "$g" rev-parse "$1:game.yaml"),game.yaml"
}
tampered
rebuild "$TMP/t" 8 "" link
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 8) (Step 8:"
expect_err "game.yaml is a symbolic link (mode 120000)"
# The same on top, in a commit of its own that changes no byte.
tampered
blob=$(git -C "$TMP/t" rev-parse HEAD:game.yaml)
git -C "$TMP/t" update-index --cacheinfo "120000,$blob,game.yaml"
git -C "$TMP/t" -c user.name=x -c user.email=x@x commit -qm "tidy"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 9) (tidy): game.yaml is a symbolic link (mode 120000)"
# An old orders file made executable.
tampered
o3=$(orders_of "$TMP/t" 3)
chmod_o3() { chmod_x "$1" "$o3"; }
rebuild "$TMP/t" 3 "" chmod_o3
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Step 3:"
expect_err "$o3 is an executable file (mode 100755)"

# ---- 6. Orders as submitted: a comment slipped into old orders.

tampered
o3=$(orders_of "$TMP/t" 3)
{ cat "$TMP/t/$o3"; echo "# and a word for my ally"; } >"$TMP/o3.yaml"
rewrite "$TMP/t" 3 "$o3" "$TMP/o3.yaml"
expect_exit 65 umpire verify "$TMP/t"
expect_err "commit $(commit_id "$TMP/t" 3) (Step 3:"
expect_err "$o3 is not the file step 3 accepted: its SHA-256 is $(sha256 <"$TMP/o3.yaml"), but the receipt in reports/00/0003.md gives $(sha256 <"$G/$o3")"

# ---- 7. turn builds only on umpire's steps.

# A hand edit committed on top: refused, and nothing written.
tampered
sed -i 's/^title: .*/title: "Mine"/' "$TMP/t/game.yaml"
git -C "$TMP/t" -c user.name=cheat -c user.email=c@x commit -qam "tidy up"
head=$(head_of "$TMP/t")
umpire bot "$TMP/t" >"$TMP/o.yaml"
expect_exit 65 umpire turn "$TMP/t" "$TMP/o.yaml"
expect_err "umpire builds only on its own steps: commit $(commit_id "$TMP/t" 9) (tidy up), HEAD, which changes the game's files, was committed by cheat <c@x>, not by umpire"
expect_err "add --force to build on it anyway"
[ "$(head_of "$TMP/t")" = "$head" ] || fail "a refused turn committed"
expect_clean "$TMP/t"
# Commits that leave the game alone on top of it do not hide it.
echo "orders go here" >"$TMP/t/README"
git -C "$TMP/t" add README
git -C "$TMP/t" -c user.name=host -c user.email=h@x commit -qm "readme"
expect_exit 65 umpire turn "$TMP/t" "$TMP/o.yaml"
expect_err "commit $(commit_id "$TMP/t" 9) (tidy up), the last under HEAD to change the game's files, was committed by cheat <c@x>"
# --force builds on it, and verify then names the hand edit.
expect_exit 0 umpire turn "$TMP/t" "$TMP/o.yaml" --force
expect_exit 65 umpire verify "$TMP/t"
expect_err "(tidy up): game.yaml changes with no orders and no report"
# A README on top of umpire's steps is no reason to refuse.
tampered
echo "orders go here" >"$TMP/t/README"
git -C "$TMP/t" add README
git -C "$TMP/t" -c user.name=host -c user.email=h@x commit -qm "readme"
play "$TMP/t" 1
expect_exit 0 umpire verify "$TMP/t"
done_ok
