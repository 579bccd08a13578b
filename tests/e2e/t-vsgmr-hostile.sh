#!/bin/sh
# VSGMR's orders are hostile input too: through the real CLI, on a game
# on a table (the Basic Game for four) and one on a map (vsgmr:map),
# wrong types, ids of the wrong kind, other players' figures, a figure
# named twice, places off the surface, a facing of [0, 0], boarding an
# enemy, a spawn nobody is owed, a stale step, an alias bomb: each is
# refused with exit 65 and FILE:LINE:COLUMN diagnostics, and the game is
# exactly as it was.  A map game's pictures stay small, and a player's
# skill task draws nothing into the report's Markdown.
. "$(dirname "$0")/lib.sh"

T=$TMP/table
M=$TMP/map
umpire new "$T" --scenario vsgmr --seed "$SEED1" >/dev/null || fail "new table"
umpire new "$M" --scenario vsgmr:map --seed "$SEED1" >/dev/null || fail "new map"
# Past the first initiative, to the first player's move.
play "$T" 1
play "$M" 1

# envelope GAME: the awaited decision's envelope.
envelope() {
	sed -n 's/^game: \(.*\)/umpire: 1\nruleset: vsgmr\ngame: \1/p' "$1/game.yaml"
	sed -n 's/^awaiting: {player: \([a-z0-9_-]*\), step: \([0-9]*\),.*/player: \1\nstep: \2/p' \
		"$1/game.yaml"
}
awaited() { sed -n 's/^awaiting: {player: \([a-z0-9_-]*\),.*/\1/p' "$1/game.yaml"; }
# own GAME: an id of one of the awaited player's figures on the surface;
# theirs GAME: one of another player's.
own() {
	p=$(awaited "$1")
	sed -n "/^  $p:\$/,/^  [a-z]/p" "$1/game.yaml" |
		sed -n 's/.*- {id: \([a-z0-9_-]*\),.* at: .*/\1/p' | head -1
}
theirs() {
	p=$(awaited "$1")
	awk -v p="  $p:" '/^forces:/ { f = 1; next } /^[a-z]/ { f = 0 }
		f && /^  [a-z]/ { mine = ($0 == p) }
		f && !mine' "$1/game.yaml" |
		sed -n 's/.*- {id: \([a-z0-9_-]*\),.* at: .*/\1/p' | head -1
}

# refused GAME NAME BODY: orders of the envelope and BODY are refused by
# check and by turn, in compilers' form, and the game is as it was.
refused() {
	g=$1
	{ envelope "$g"; printf '%s\n' "$3"; } >"$TMP/$2.yaml"
	before=$(head_of "$g")
	for verb in check turn; do
		expect_exit 65 umpire "$verb" "$g" "$TMP/$2.yaml"
		expect_diagnostics_form
		grep -q "^$TMP/$2.yaml:[0-9]*:[0-9]*: error: " "$TMP/err" ||
			fail "$2: no FILE:LINE:COLUMN diagnostic: $(cat "$TMP/err")"
		[ "$(head_of "$g")" = "$before" ] || fail "$2: HEAD moved"
		expect_clean "$g"
	done
}

for g in "$T" "$M"; do
	me=$(own "$g")
	you=$(theirs "$g")
	[ -n "$me" ] && [ -n "$you" ] || fail "no figures found in $g"
	refused "$g" wrongtype 'moves: 5'
	refused "$g" figure-int "moves:
  - {figure: 12}"
	refused "$g" feature "moves:
  - {figure: $(sed -n 's/^- {id: \([a-z0-9_-]*\),.*/\1/p' "$g/game.yaml" | head -1)}"
	refused "$g" another "moves:
  - {figure: $you}"
	refused "$g" twice "moves:
  - {figure: $me}
  - {figure: $me}"
	refused "$g" board-enemy "moves:
  - {figure: $me, board: $you}"
	refused "$g" spawn "spawn: {figure: $me, at: [1, 1]}"
	refused "$g" attacks "attacks: []"
	refused "$g" bomb 'a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
moves: [*e, *e]'
done
refused "$T" far "moves:
  - {figure: $(own "$T"), path: [[1e9, -1e9]]}"
refused "$T" facing "moves:
  - {figure: $(own "$T"), facing: [0, 0]}"
refused "$M" off-map "moves:
  - {figure: $(own "$M"), path: [zz999]}"
refused "$M" facing-on-map "moves:
  - {figure: $(own "$M"), facing: [0, 1]}"

# A stale step and the wrong player.
{ envelope "$T" | sed 's/^step: .*/step: 1/'; echo 'moves: []'; } >"$TMP/stale.yaml"
expect_exit 65 umpire turn "$T" "$TMP/stale.yaml"
expect_err "but the game awaits step"
other=$(sed -n '/^players:/,/^awaiting:/s/^  \([a-z0-9_-]*\): .*/\1/p' "$T/game.yaml" |
	grep -vx "$(awaited "$T")" | head -1)
{ envelope "$T" | sed "s/^player: .*/player: $other/"; echo 'moves: []'; } \
	>"$TMP/who.yaml"
expect_exit 65 umpire turn "$T" "$TMP/who.yaml"
expect_err "these orders are from $other, but the game awaits"

# The map game's pictures, to its end: each under 50 KB.
play "$M" 200
for f in "$M"/reports/*/*.svg; do
	[ "$(wc -c <"$f")" -lt 51200 ] ||
		fail "$(basename "$f") is $(wc -c <"$f") bytes: over 50 KB"
done
ok
expect_exit 0 umpire verify "$M"

done_ok
