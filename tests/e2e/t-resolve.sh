#!/bin/sh
# umpire resolve: the adjudicator on plain files, no git.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null
cp "$G/game.yaml" "$TMP/s0.yaml"
umpire bot "$G" >"$TMP/o1.yaml"
umpire turn "$G" "$TMP/o1.yaml" >/dev/null
# Dated as turn dated the step (from 0.4.0 a state records its date).
D=$(git -C "$G" log -1 --format=%ct)
expect_exit 0 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$TMP/s1.yaml" \
	-r "$TMP/r1.md" --date "$D"
cmp -s "$TMP/s1.yaml" "$G/game.yaml" || fail "resolve and turn disagree on the state"
cmp -s "$TMP/r1.md" "$G/reports/00/0001.md" || fail "resolve and turn disagree on the report"
# Without --date the new state has none.
expect_exit 0 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$TMP/s1u.yaml" \
	-r "$TMP/r1u.md"
grep -q '^date: ' "$TMP/s1u.yaml" && fail "resolve without --date dated the state"
expect_exit 64 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$TMP/x.yaml" \
	-r "$TMP/x.md" --date soon
ok
# --svg: the picture turn commits, and status prints.
expect_exit 0 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$TMP/s1p.yaml" \
	-r "$TMP/r1p.md" --svg "$TMP/p1.svg" --date "$D"
cmp -s "$TMP/p1.svg" "$G/reports/00/0001.svg" ||
	fail "resolve and turn disagree on the picture"
cmp -s "$TMP/r1p.md" "$TMP/r1.md" || fail "--svg changed the report"
grep -q '^!\[The board after step 1\](0001.svg)$' "$TMP/r1.md" ||
	fail "the report does not show its picture"
expect_exit 0 umpire status "$G" --svg
cmp -s "$TMP/out" "$G/reports/00/0001.svg" || fail "status --svg is not the latest picture"
expect_exit 0 umpire status "$G"
expect_out "reports/00/0001.md is the latest (the board in 0001.svg)"
# Deterministic: the same inputs, the same bytes.
expect_exit 0 umpire resolve "$TMP/s0.yaml" - -o "$TMP/s1b.yaml" -r "$TMP/r1b.md" \
	--date "$D" <"$TMP/o1.yaml"
cmp -s "$TMP/s1.yaml" "$TMP/s1b.yaml" && cmp -s "$TMP/r1.md" "$TMP/r1b.md" ||
	fail "resolve is not deterministic"
ok
# In place.
cp "$TMP/s0.yaml" "$TMP/inplace.yaml"
expect_exit 0 umpire resolve "$TMP/inplace.yaml" "$TMP/o1.yaml" \
	-o "$TMP/inplace.yaml" -r "$TMP/r.md" --date "$D"
cmp -s "$TMP/s1.yaml" "$TMP/inplace.yaml" || fail "resolve in place differs"
ok
# Refused orders write nothing.
expect_exit 65 umpire resolve "$TMP/s1.yaml" "$TMP/o1.yaml" -o "$TMP/x.yaml" \
	-r "$TMP/x.md"
[ ! -e "$TMP/x.yaml" ] && [ ! -e "$TMP/x.md" ] || fail "refused resolve wrote files"
ok
expect_exit 65 umpire resolve "$TMP/s1.yaml" "$TMP/o1.yaml" -o "$TMP/x.yaml" \
	-r "$TMP/x.md" --svg "$TMP/x.svg"
[ ! -e "$TMP/x.svg" ] || fail "refused resolve wrote a picture"
ok
# An output whose directory is not there (a mistyped -o, or a file for
# a directory): refused before the report is written, not after.
for o in "$TMP/nodir/x.yaml" "$TMP/s0.yaml/x.yaml"; do
	expect_exit 73 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$o" \
		-r "$TMP/x.md" --svg "$TMP/x.svg"
	expect_err "$o: error: cannot create: "
	expect_err "; nothing was written"
	[ ! -e "$TMP/x.md" ] && [ ! -e "$TMP/x.svg" ] ||
		fail "a resolve refused for its -o wrote the report"
done
expect_err "s0.yaml is not a directory"
ok
expect_exit 64 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" -o "$TMP/x.yaml" \
	-r "$TMP/x.md" --svg
expect_exit 64 umpire resolve - "$TMP/o1.yaml" -o "$TMP/x.yaml" -r "$TMP/x.md"
expect_exit 66 umpire resolve "$TMP/none.yaml" "$TMP/o1.yaml" -o "$TMP/x" -r "$TMP/y"
# A broken state is refused with its place.
# (Line 8: the state says its layout on line 6, umpire-files(5).)
sed 's/^step: 1$/step: one/' "$TMP/s0.yaml" >"$TMP/bad.yaml"
expect_exit 65 umpire resolve "$TMP/bad.yaml" "$TMP/o1.yaml" -o "$TMP/x" -r "$TMP/y"
expect_err "bad.yaml:8:7: error: step: expected an integer, got a string ('one')"
# Unwritable output: 73, and the state is not half written.
expect_exit 73 umpire resolve "$TMP/s0.yaml" "$TMP/o1.yaml" \
	-o "$TMP/no/such/dir/s.yaml" -r "$TMP/r.md"
done_ok
