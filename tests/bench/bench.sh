#!/bin/sh
# bench.sh UMPIRE: the performance figures (make bench).  Figures, not
# pass/fail: timed tests are flaky, so nothing here fails on a number.
#
#   1. umpire turn against `git add -A && git commit` of the same files in
#      the same game repository: median wall times and their ratio
#      (target <= 0.5), and each one's instructions under callgrind
#      (target <= 20 M for the turn);
#   2. umpire verify: steps re-adjudicated per second over long games
#      (target >= 5,000);
#   3. umpire simulate: games per second, Army Man Backgammon, Army Men
#      (target >= 100) and Backgammon Wars (target >= 200);
#   4. peak resident set size of one umpire turn (target <= 8 MiB);
#   5. a WWII Combined Arms campaign turn: `umpire resolve` of a 32x32
#      campaign in mid-battle, 200 units a side, and the allies' turn as
#      the bot draws it, about a hundred moves and two hundred attacks
#      (tests/wwii/bench, written by its make.py): median wall time
#      (target < 10 ms);
#   6. the tabletop (src/geom/): every line of sight of an Army Men Fire
#      card on a crowded 6 x 4 foot table, 250 figures a side and 200
#      blocks, 62,500 questions (tests/tools/tablebench.c): median CPU
#      time of the card (target < 10 ms), and the same questions asked
#      one at a time without an eye, for comparison;
#   7. VSGMR: one player's distance attack phase, 500 attacks among 1,000
#      figures (tests/tools/vsgmrbench.c): median CPU time (target < 50 ms).
#   8. Deadlines: the instructions of umpire tick on a game 300 steps long
#      with nothing due (it reads the pending date from the state, so the
#      figure does not grow with the game), and a sweep of 10,000 games
#      with nothing due by one umpire tick --games (target < 30 s).
set -eu
UMPIRE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
LONGGAME=$TOP/$BUILD/tests/tools/longgame
TABLEBENCH=$TOP/$BUILD/tests/tools/tablebench
TMP=$(mktemp -d "${TMPDIR:-/tmp}/umpire-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
PY=${PYTHON:-python3}
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine"; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: needs GNU time (/usr/bin/time)"; exit 1; }
[ -x "$LONGGAME" ] || make -C "$TOP" --no-print-directory "$BUILD/tests/tools/longgame" >/dev/null
make -C "$TOP" --no-print-directory "$BUILD/tests/tools/tablebench" >/dev/null

median() { $PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"; }

echo "umpire bench ($("$UMPIRE" --version), $(nproc) cores, $(uname -m))"
echo

# 1. A game 40 steps in, and the next step both ways.
G=$TMP/game
"$UMPIRE" new "$G" --scenario "$TOP/samples/amb/standard.yaml" \
	--seed "$(cat "$TOP/samples/amb/game/seed")" >/dev/null
for o in "$TOP"/samples/amb/game/orders/00[0-3]*.yaml "$TOP"/samples/amb/game/orders/0040-*.yaml; do
	"$UMPIRE" turn "$G" "$o" >/dev/null
done
base=$(git -C "$G" rev-parse HEAD)
next=$(ls "$TOP"/samples/amb/game/orders/0041-*.yaml)
cp -r "$G" "$TMP/git"
"$UMPIRE" turn "$G" "$next" >/dev/null
mkdir -p "$TMP/files"
for f in game.yaml orders/$(basename "$next") reports/0041.md; do
	mkdir -p "$TMP/files/$(dirname "$f")"
	cp "$G/$f" "$TMP/files/$f"
done
git -C "$G" reset -q --hard "$base"
# umpire runs as a plain command; git's two need a shell, whose own
# start-up hyperfine measures and subtracts.  The two alternate in five
# rounds of ten, so a machine that gets busier or quieter meanwhile
# weighs on both alike; each figure is the median of the rounds' medians.
for round in 1 2 3 4 5; do
	hyperfine -N -w 2 -r 10 --export-json "$TMP/turn-$round.json" \
		--prepare "git -C '$G' reset -q --hard $base" \
		"'$UMPIRE' turn '$G' '$next'" >/dev/null
	hyperfine -w 2 -r 10 --export-json "$TMP/git-$round.json" \
		--prepare "git -C '$TMP/git' reset -q --hard $base && cp -r '$TMP/files/.' '$TMP/git/'" \
		"git -C '$TMP/git' add -A && git -C '$TMP/git' -c user.name=x -c user.email=x@x commit -q -m step" >/dev/null
done
t_turn=$(for r in 1 2 3 4 5; do median "$TMP/turn-$r.json"; done | sort -g | sed -n 3p)
t_git=$(for r in 1 2 3 4 5; do median "$TMP/git-$r.json"; done | sort -g | sed -n 3p)
awk -v u="$t_turn" -v g="$t_git" 'BEGIN {
	printf "turn vs git:   umpire turn %.2f ms, git add -A && git commit %.2f ms (medians of 5 rounds of 10)\n", u * 1e3, g * 1e3
	printf "               ratio %.2f (target <= 0.5)\n", u / g }'

# Instructions, which a busy machine does not change: one turn, and
# git's add and commit of the same files (callgrind counts every
# process git starts).  Target: a turn within 20 M.
git -C "$G" reset -q --hard "$base"
count() {	# count LOG CMD...: instructions of CMD and its children
	log=$1
	shift
	valgrind --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$TMP/cg.%p" "$@" >/dev/null 2>"$log"
	sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$log" |
		awk '{ n += $1 } END { print n }'
}
i_turn=$(count "$TMP/cg-turn.log" "$UMPIRE" turn "$G" "$next")
git -C "$TMP/git" reset -q --hard "$base" && cp -r "$TMP/files/." "$TMP/git/"
i_git=$(count "$TMP/cg-git.log" sh -c "git -C '$TMP/git' add -A && git -C '$TMP/git' -c user.name=x -c user.email=x@x commit -q -m step")
awk -v u="$i_turn" -v g="$i_git" 'BEGIN {
	printf "               instructions: turn %.1f M (target <= 20 M), git %.1f M\n", u / 1e6, g / 1e6 }'
rm -f "$TMP"/cg.*

# 2. verify over long games.  Army Man Backgammon games end within
# some hundreds of steps even when every move is chosen to advance as
# little as the rules allow, so the figure is over two such games.
# verify's cost per step grows with the game: orders/ and reports/ are
# flat directories (design brief), so each step's commit holds new
# trees that grow by one entry, and verify inflates every version once.
steps=0
total=0
for seed in 6 7; do
	L=$TMP/long-$seed
	n=$("$LONGGAME" "$L" "$TOP/tests/bench/long.yaml" "$(printf '%064x' "$seed")" 1000)
	hyperfine -N -w 1 -r 5 --export-json "$TMP/verify.json" \
		"'$UMPIRE' verify '$L'" >/dev/null
	t=$(median "$TMP/verify.json")
	steps=$((steps + n + 1))
	total=$(awk -v a="$total" -v b="$t" 'BEGIN { print a + b }')
	awk -v n="$n" -v t="$t" 'BEGIN { printf "verify:        a %d-step game in %.3f s\n", n + 1, t }'
done
awk -v s="$steps" -v t="$total" 'BEGIN {
	printf "               %.0f steps/s over %d steps (target >= 5000)\n", s / t, s }'

# 3. simulate.
"$UMPIRE" simulate amb --games 1000 | sed -n 's/^ *speed */simulate:      /p'
# Army Men: whole games of the standard battle, 80 cards each, every
# shot measured on the tabletop (target >= 100 games/s, issue 11).
"$UMPIRE" simulate armymen --games 300 | sed -n 's/^ *speed */simulate armymen: /p'
# Backgammon Wars: the standard game with the Power Deck, sealed as new
# makes it, every card and reaction the bots hold (target >= 200 games/s,
# issue 14).
"$UMPIRE" simulate bgw --games 1000 | sed -n 's/^ *speed */simulate bgw:  /p'

# 4. Peak RSS of one turn, by GNU time (a Python parent's pages would
# count in a forked child's maximum).
git -C "$G" reset -q --hard "$base"
/usr/bin/time -f '%M' -o "$TMP/rss" "$UMPIRE" turn "$G" "$next" >/dev/null
awk '{ printf "turn peak RSS: %.2f MiB (target <= 8 MiB)\n", $1 / 1024 }' "$TMP/rss"

# 5. A campaign turn of WWII Combined Arms, on plain files.
W=$TOP/tests/wwii/bench
hyperfine -N -w 5 -r 50 --export-json "$TMP/wwii.json" \
	"'$UMPIRE' resolve '$W/state.yaml' '$W/orders.yaml' -o '$TMP/wwii-state.yaml' -r '$TMP/wwii-report.md'" >/dev/null
awk -v t="$(median "$TMP/wwii.json")" 'BEGIN {
	printf "wwii campaign turn: %.2f ms (target < 10 ms)\n", t * 1e3 }'

# 6. The tabletop: one Fire card's lines of sight, in CPU time, since a
# busy machine's other work would weigh on a wall clock.
"$TABLEBENCH" 21

# 7. VSGMR: one player's distance attack phase with 1,000 figures on the
# table (issue 12), resolved as resolve.c carries it out, in CPU time.
make -C "$TOP" --no-print-directory "$BUILD/tests/tools/vsgmrbench" >/dev/null
"$TOP/$BUILD/tests/tools/vsgmrbench" 21

# 8. Deadlines.  A long game with a policy: tick reads when its decision
# became pending from game.yaml instead of walking 300 steps of history.
{ cat "$TOP/tests/bench/long.yaml"; echo 'deadlines: {decision: 72h}'; } >"$TMP/longdl.yaml"
L=$TMP/long-dl
n=$("$LONGGAME" "$L" "$TMP/longdl.yaml" "$(printf '%064x' 6)" 300)
now=$(($(git -C "$L" log -1 --format=%ct) + 3600))
i_tick=$(count "$TMP/cg-tick.log" "$UMPIRE" tick "$L" --now "$now")
S=$TMP/short-dl
"$UMPIRE" new "$S" --scenario "$TMP/longdl.yaml" --seed "$(printf '%064x' 6)" >/dev/null
i_short=$(count "$TMP/cg-tick0.log" "$UMPIRE" tick "$S" --now "$now")
awk -v a="$i_short" -v b="$i_tick" -v n="$n" 'BEGIN {
	printf "tick:          %.1f M instructions at step 1, %.1f M at step %d\n", a / 1e6, b / 1e6, n + 1 }'
rm -f "$TMP"/cg.*
# 10,000 games, one game linked 10,000 times (its objects are read
# only; each copy gets its own lock), nothing due.
rm -f "$S/.git/umpire.lock"
mkdir "$TMP/games"
i=0
while [ $i -lt 10000 ]; do
	cp -al "$S" "$TMP/games/g$i"
	i=$((i + 1))
done
/usr/bin/time -f '%e %U %S' -o "$TMP/sweep" "$UMPIRE" tick -q --games "$TMP/games" --now "$now" >"$TMP/sweep.out"
[ ! -s "$TMP/sweep.out" ] || echo "bench: the sweep said: $(head -3 "$TMP/sweep.out")"
awk '{ printf "tick --games:  10000 games with nothing due in %.1f s (%.1f s CPU; target < 30 s)\n", $1, $2 + $3 }' "$TMP/sweep"
