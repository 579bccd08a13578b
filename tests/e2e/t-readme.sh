#!/bin/sh
# The README's examples run as written: every ```sh block, in order, in a
# scratch directory with the samples and `umpire` on the PATH.
. "$(dirname "$0")/lib.sh"

mkdir "$TMP/bin" "$TMP/work"
printf '#!/bin/sh\nexec %s "$@"\n' "$UMPIRE" >"$TMP/bin/umpire"
chmod +x "$TMP/bin/umpire"
cp -r "$TOP/samples" "$TMP/work/"
mkdir "$TMP/work/tests" && cp -r "$TOP/tests/crypto" "$TMP/work/tests/"
awk '/^```sh$/ { on = 1; next } /^```/ { on = 0 } on' "$TOP/README.md" \
	>"$TMP/readme.sh"
[ "$(grep -c . "$TMP/readme.sh")" -gt 20 ] || fail "found no examples in README.md"
# Under valgrind (UMPIRE_SLOW) simulate plays two games where README's
# plays fifty: each game is many steps in memory, and one shows all that
# valgrind can find in them.
[ -n "${UMPIRE_SLOW:-}" ] &&
	sed -i 's/--games [0-9][0-9]*/--games 2/' "$TMP/readme.sh"
(cd "$TMP/work" && PATH=$TMP/bin:$PATH sh -e "$TMP/readme.sh") \
	>"$TMP/out" 2>"$TMP/err" || fail "README examples failed:
$(tail -20 "$TMP/out")
$(cat "$TMP/err")"
ok
# Every manual README names is there to read, before install
# (man ./man/umpire.1) and after (man umpire-amb).
grep -o 'man \./man/[a-z0-9.-]*' "$TOP/README.md" | sed 's/^man //' | sort -u |
while read -r page; do
	[ -f "$TOP/$page" ] || fail "README names $page, which is not there"
	mandoc -T ascii "$TOP/$page" >/dev/null 2>&1 || [ ! -x "$(command -v mandoc)" ] ||
		fail "mandoc cannot render $page"
done || exit 1
grep -o '`man [a-z-]*`' "$TOP/README.md" | tr -d '`' | sed 's/^man //' | sort -u |
while read -r page; do
	set -- "$TOP"/man/"$page".[1-9]
	[ -f "$1" ] || fail "README says man $page, and man/ has no $page"
done || exit 1
ok
expect_out "amb       Army Man Backgammon"
expect_out "ok: legal orders for green's turn at step 1"
expect_out "refused with exit status 65"
expect_err "bad.yaml:7:12: error: green has no man called 'g99'"
expect_err "unknown key 'tagret' (did you mean 'target'?)"
expect_out "every state, report, picture and roll matches"
expect_out "revealed the seed"
expect_out "games/s"
expect_out "armymen   Army Men"
expect_out "# Step 1: "
expect_out "'s hand"
expect_out "awaiting: "
expect_out "umpire played the bot's orders for "
expect_out "turn at step 1"
done_ok
