#!/bin/sh
# A game repository is hostile input (issue 8): what a player puts in an
# orders file, or makes the orders path point at, is refused plainly and
# quoted short and inert; it never blocks a turn nor reads the host's
# files.  Items 2 and 14.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
game=$(git -C "$G" show HEAD:game.yaml | sed -n 's/^game: //p')
before=$(head_of "$G")

# refused CODE ORDERS: turn refuses, and the game is exactly as it was.
refused() {
	expect_exit "$1" umpire turn "$G" "$2"
	[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved on refused $2"
	expect_clean "$G"
}

envelope() {
	printf 'umpire: 1\nruleset: amb\ngame: %s\nplayer: green\nstep: 1\n' "$game"
}

# ---- item 2: input quoted short and inert in every diagnostic

# A 900 KB ruleset name is not echoed whole.
{
	printf 'umpire: 1\nruleset: '
	head -c 900000 /dev/zero | tr '\0' a
	printf '\n'
} >"$TMP/long.yaml"
refused 65 "$TMP/long.yaml"
expect_err "long.yaml:2:10: error: ruleset: unknown ruleset 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'"
[ "$(wc -c <"$TMP/err")" -lt 300 ] ||
	fail "a 900 KB value is echoed at length: $(wc -c <"$TMP/err") bytes"

# A right-to-left override (U+202E) or an escape sequence is escaped.
printf 'umpire: 1\nruleset: "am\\u202eb\\e[2J"\n' >"$TMP/rlo.yaml"
refused 65 "$TMP/rlo.yaml"
expect_err "unknown ruleset 'am\\u202eb\\x1b[2J'"
if grep -q "$(printf '\342\200\256')" "$TMP/err" ||
    grep -q "$(printf '\033')" "$TMP/err"; then
	fail "stderr holds a raw U+202E or ESC: $(od -c "$TMP/err" | head)"
fi
ok
# The same in a key the schema does not know, and in a duplicate key.
{ envelope; printf '"x\\u202ey\\ttab": 1\n'; } >"$TMP/key.yaml"
refused 65 "$TMP/key.yaml"
expect_err "unknown key 'x\\u202ey\\ttab'"
{ envelope; printf '"k\\u2066": 1\n"k\\u2066": 2\n'; } >"$TMP/dup.yaml"
refused 65 "$TMP/dup.yaml"
expect_err "duplicate key 'k\\u2066' (first given at line 6)"
# Bytes that are not UTF-8 in a double-quoted string never reach the
# terminal: libyaml refuses the file first, and says where.
expect_diagnostics_form

# ---- item 14: encodings, tags, the format version

# UTF-16 with a byte order mark is refused, not committed as binary.
envelope | iconv -f UTF-8 -t UTF-16 >"$TMP/utf16.yaml"
head -c 2 "$TMP/utf16.yaml" | od -An -tx1 | grep -Eq 'ff fe|fe ff' ||
	fail "iconv wrote no byte order mark"
refused 65 "$TMP/utf16.yaml"
expect_err "utf16.yaml:1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark); umpire reads UTF-8 text only: save it as UTF-8"
envelope | iconv -f UTF-8 -t UTF-32 >"$TMP/utf32.yaml"
refused 65 "$TMP/utf32.yaml"
expect_err "the file is UTF-32"
# A UTF-8 byte order mark is UTF-8: accepted (umpire(1)).
umpire bot "$G" >"$TMP/bot.yaml"
{ printf '\357\273\277'; cat "$TMP/bot.yaml"; } >"$TMP/bom8.yaml"
expect_exit 0 umpire check "$G" "$TMP/bom8.yaml"

# A tag says what its node is, or it is refused: step: !!map 1 was legal.
{ envelope | sed 's/^step: 1/step: !!map 1/'; } >"$TMP/tag.yaml"
refused 65 "$TMP/tag.yaml"
expect_err "tag.yaml:5:7: error: tag 'tag:yaml.org,2002:map' does not fit a scalar; write the plain value"
{ envelope | sed 's/^step: 1/step: !!seq 1/'; } >"$TMP/tag2.yaml"
refused 65 "$TMP/tag2.yaml"
expect_err "does not fit a scalar"

# umpire: 1.9 is "version 1.9", not "version -1".
printf 'umpire: 1.9\nruleset: amb\n' >"$TMP/v19.yaml"
refused 65 "$TMP/v19.yaml"
expect_err "v19.yaml:1:9: error: umpire: this is file format version 1.9; this umpire reads version 1 only"

done_ok
