#!/bin/sh
# make demo is a newcomer's first contact: it must fit on a screen or two
# (under 150 lines with the build's one line), show the last report of
# each game as Markdown (not the picture beside it: `ls | tail` once
# printed 869 lines of SVG), and end with what to type next, each line
# of which works as written.
. "$(dirname "$0")/lib.sh"

# Under valgrind the 325 turns would take most of an hour; the demo
# tests the samples and the script, which valgrind does not change.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	echo "ok $NAME: skipped under valgrind"
	exit 0
fi

mkdir "$TMP/bin" "$TMP/demo"
printf '#!/bin/sh\nexec %s "$@"\n' "$UMPIRE" >"$TMP/bin/umpire"
chmod +x "$TMP/bin/umpire"
expect_exit 0 env TMPDIR="$TMP/demo" sh "$TOP/samples/play.sh" "$TMP/bin/umpire"

# make demo adds one line, the build's dots.
lines=$(wc -l <"$TMP/out")
[ "$lines" -lt 149 ] || fail "the demo printed $lines lines, and make demo one more:
$(cat "$TMP/out")"
ok
[ -s "$TMP/err" ] && fail "the demo wrote to stderr: $(cat "$TMP/err")"
ok
grep -q '<svg' "$TMP/out" && fail "the demo printed a picture, not a report"
ok

dir=$(ls -d "$TMP/demo"/umpire-demo.*)
for r in amb wwii armymen bgw vsgmr; do
	n=$(ls "$TOP/samples/$r/game/orders" | grep -c '\.yaml$')
	report=$(printf '%s/%s/reports/%02d/%04d.md' "$dir" "$r" $((n / 100)) "$n")
	[ -f "$report" ] || fail "$r: no report $report after $n orders files"
	expect_out "==> $r: replaying $n orders files into $dir/$r $(printf "%${n}s" | tr ' ' .)"
	expect_out "==> the last report, up to its board: less $report"
	# The report as written, up to its board.
	awk '/^## Board/ { exit } { print }' "$report" >"$TMP/head"
	[ "$(wc -l <"$TMP/head")" -gt 3 ] || fail "$r: $report is too short"
	grep -qxF "$(head -n 1 "$report")" "$TMP/out" ||
		fail "$r: the demo lacks the report's title $(head -n 1 "$report")"
	grep -qxF "$(sed -n 's/^\(\*\*.*\*\*\)$/\1/p' "$report" | head -n 1)" \
		"$TMP/out" || fail "$r: the demo lacks the report's headline"
	ok
	expect_out "==> umpire verify $dir/$r"
	expect_out "verified $r-"
done

# What next: each suggestion is true.
expect_out "==> What next: the games are in $dir/"
expect_out "export PATH=$TMP/bin:\$PATH"
expect_out "man ./man/umpire.1"
[ -f "$TOP/man/umpire.1" ] && [ -f "$TOP/man/umpire-amb.7" ] || fail "man pages missing"
ok
tail -n 4 "$TMP/out" | grep '^umpire ' | sed 's/ *#.*//' >"$TMP/next.sh"
[ "$(wc -l <"$TMP/next.sh")" = 2 ] || fail "expected 2 umpire commands to try:
$(tail -n 6 "$TMP/out")"
(cd "$TMP" && PATH=$TMP/bin:$PATH sh -e "$TMP/next.sh") >"$TMP/out" 2>"$TMP/err" ||
	fail "what the demo says to type next fails:
$(cat "$TMP/next.sh")
$(cat "$TMP/err")"
ok
expect_out "awaiting"
done_ok
