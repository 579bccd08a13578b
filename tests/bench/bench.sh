#!/bin/sh
# bench.sh UMPIRE: the performance figures (make bench).  Figures, not
# pass/fail: timed tests are flaky, so nothing here fails on a number.
#
#   1. umpire turn against `git add -A && git commit` of the same files in
#      the same game repository, run in turn: median wall and CPU times
#      and their ratios (goal <= 0.5), each one's instructions under
#      callgrind (target <= 20 M for the turn), and their fsyncs;
#   2. umpire verify: steps re-adjudicated per second over long games, by
#      the wall clock and per second of the verify process's CPU time
#      (target >= 5,000 per CPU second), and over the first 100 steps;
#   3. umpire simulate: games per second, Army Man Backgammon, Army Men
#      (target >= 100) and Backgammon Wars (target >= 200); then every
#      ruleset with the bot at level 1 and at level 2;
#   4. peak resident set size of one umpire turn (target <= 8 MiB), and
#      git's;
#   5. a WWII Combined Arms campaign turn: `umpire resolve` of a 32x32
#      campaign in mid-battle, 200 units a side, and the allies' turn as
#      the bot draws it, about a hundred moves and two hundred attacks
#      (tests/wwii/bench, written by its make.py): median wall time
#      (target < 10 ms);
#   6. the tabletop (src/geom/): every line of sight of an Army Men Fire
#      card on a crowded 6 x 4 foot table, 250 figures a side and 200
#      blocks, 62,500 questions (tests/tools/tablebench.c): median CPU
#      time of the card (target < 10 ms), and the same questions asked
#      one at a time without an eye, for comparison; then the same card
#      with exact sight over every point of every base, as Army Men
#      rules from 0.4.0 (target < 10 ms too);
#   7. VSGMR: one player's distance attack phase, 500 attacks among 1,000
#      figures (tests/tools/vsgmrbench.c): median CPU time (target < 50 ms);
#   8. the history, on the long game of 2.: the syncs of one turn (target
#      <= 3, issue 23); the repository against what git gc makes of it
#      (target <= 2x, issue 29); verify's instructions per step near step
#      100 and near the end (target: the end <= 1.3x); turn, tick and
#      status at step 10 and near the end, in instructions (target <=
#      1.2x, issue 29; a turn's figure is the mean of 32 consecutive
#      turns, since merges of packs fall on some steps and not others),
#      and, since Army Man Backgammon games end before step 1,000
#      however slowly they are played, the ratio at step 1,000
#      projected along the line through the two.
#   9. umpire mail --games: a message's cost at 10, 1,000 and 10,000
#      games (target: 10,000 costs <= 1.2 times 10).
#  10. Deadlines: the instructions of umpire tick on a game 300 steps long
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
# The CPU time of a command, user and system, in seconds: hyperfine's
# means of its runs.  A shared machine's other work stretches the wall
# clock, not this.
cputime() { $PY -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print(r["user"] + r["system"])' "$1"; }

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
# Each turn below starts from a copy of the game as it is now: git reset
# would leave the pack of the turn before behind, and the next turn's
# pack would take it in, so that each turn would cost more than a real
# one.  (This step's pack takes in no other, as about every other
# step's does not; the steps that do cost more, with the pack builder.)
cp -a "$G" "$TMP/pristine"
fresh() { rm -rf "$G" && cp -a "$TMP/pristine" "$G"; }
"$UMPIRE" turn "$G" "$next" >/dev/null
mkdir -p "$TMP/files"
# (Grouped by hundreds of steps, as umpire new lays a game out from 0.5.0.)
for f in game.yaml orders/00/$(basename "$next") reports/00/0041.md reports/00/0041.svg; do
	mkdir -p "$TMP/files/$(dirname "$f")"
	cp "$G/$f" "$TMP/files/$f"
done
fresh
# One turn, then git's add and commit of the same files, in turn, each
# run timed by the wall clock and by its CPU time (tests/bench/interleave.py).
$PY "$TOP/tests/bench/interleave.py" 50 "$TMP/pristine" "$G" "$TMP/git" \
	"$TMP/files" "$base" "$next" "$UMPIRE"

# Instructions, which a busy machine does not change: one turn, and
# git's add and commit of the same files (callgrind counts every
# process git starts).  Target: a turn within 20 M.
fresh
count() {	# count LOG CMD...: instructions of CMD and its children
	log=$1
	shift
	valgrind --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$TMP/cg.%p" "$@" >/dev/null 2>"$log"
	sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$log" |
		awk '{ n += $1 } END { print n }'
}
i_turn=$(count "$TMP/cg-turn.log" "$UMPIRE" turn "$G" "$next")
mkdir "$TMP/cg-turn" && mv "$TMP"/cg.* "$TMP/cg-turn/"
git -C "$TMP/git" reset -q --hard "$base" && cp -r "$TMP/files/." "$TMP/git/"
i_git=$(count "$TMP/cg-git.log" sh -c "git -C '$TMP/git' add -A && git -C '$TMP/git' -c user.name=x -c user.email=x@x commit -q -m step")
# Of the turn's, those the dynamic linker runs before main (loading and
# binding the shared libraries).
i_start=$(callgrind_annotate --inclusive=yes "$(ls "$TMP"/cg-turn/cg.* | head -n 1)" \
	2>/dev/null | sed -n 's/^ *\([0-9,]*\) .*:_dl_start .*/\1/p' | tr -d , | head -n 1)
awk -v u="$i_turn" -v g="$i_git" -v s="${i_start:-0}" 'BEGIN {
	printf "               instructions: turn %.1f M (target <= 20 M; start-up %.1f M of it), git %.1f M\n", u / 1e6, s / 1e6, g / 1e6 }'
rm -rf "$TMP"/cg.* "$TMP/cg-turn"
# The step after it, whose pack takes in the packs of the steps before
# (libgit2's pack builder compresses them together), as about every
# other step's does.
next2=$(ls "$TOP"/samples/amb/game/orders/0042-*.yaml)
i_merge=$(count "$TMP/cg-merge.log" "$UMPIRE" turn "$G" "$next2")
awk -v m="$i_merge" 'BEGIN {
	printf "               the next turn, whose pack takes others in: %.1f M\n", m / 1e6 }'
rm -f "$TMP"/cg.*

# fsyncs of one turn, and of git's add and commit (core.fsync as the
# machine's git is configured), counted, not judged: strace -f counts
# every process's fsync, fdatasync, syncfs and sync_file_range.
fsyncs() {
	strace -f -qq -e trace=fsync,fdatasync,syncfs,sync_file_range -o "$TMP/strace" "$@" \
		>/dev/null 2>&1
	grep -c -E '(fsync|fdatasync|syncfs|sync_file_range)\(' "$TMP/strace" || true
}
if command -v strace >/dev/null; then
	fresh
	f_turn=$(fsyncs "$UMPIRE" turn "$G" "$next")
	git -C "$TMP/git" reset -q --hard "$base" && cp -r "$TMP/files/." "$TMP/git/"
	f_git=$(fsyncs sh -c "git -C '$TMP/git' add -A && git -C '$TMP/git' -c user.name=x -c user.email=x@x commit -q -m step")
	echo "               fsyncs: turn $f_turn, git $f_git"
fi

# 2. verify over long games.  Army Man Backgammon games end within
# some hundreds of steps even when every move is chosen to advance as
# little as the rules allow, so the figure is over two such games.
# verify's cost per step grew with a game made before 0.5.0, whose
# orders/ and reports/ are flat: each step's commit holds new trees that
# grow by a step's files, and verify inflates every version once.  From
# 0.5.0 they are grouped by hundreds of steps (umpire-files(5), Layout),
# and a step's trees hold at most a hundred steps' files.
# Each figure twice: by the wall clock, and by the CPU time of the
# verify process (user and system), which the target is of, since on a
# shared machine the others' work stretches the wall clock.  And the
# first 100 steps of the first game alone, to compare with the whole.
steps=0
total=0
cpu=0
for seed in 6 7; do
	L=$TMP/long-$seed
	n=$("$LONGGAME" "$L" "$TOP/tests/bench/long.yaml" "$(printf '%064x' "$seed")" 1000)
	[ "$seed" = 6 ] && long_steps=$n
	hyperfine -N -w 1 -r 5 --export-json "$TMP/verify.json" \
		"'$UMPIRE' verify '$L'" >/dev/null
	t=$(median "$TMP/verify.json")
	c=$(cputime "$TMP/verify.json")
	steps=$((steps + n + 1))
	total=$(awk -v a="$total" -v b="$t" 'BEGIN { print a + b }')
	cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN { print a + b }')
	awk -v n="$n" -v t="$t" -v c="$c" 'BEGIN {
		printf "verify:        a %d-step game in %.3f s (%.3f s CPU): %.0f steps/s, %.0f per CPU second\n",
			n + 1, t, c, (n + 1) / t, (n + 1) / c }'
done
awk -v s="$steps" -v t="$total" -v c="$cpu" 'BEGIN {
	printf "               %.0f steps/s over %d steps, %.0f per CPU second (target >= 5000)\n", s / t, s, s / c }'
rm -rf "$TMP/v100" && cp -r "$TMP/long-6" "$TMP/v100"
git -C "$TMP/v100" reset -q --hard \
	"$(git -C "$TMP/v100" rev-list --first-parent --reverse HEAD | sed -n 100p)"
hyperfine -N -w 1 -r 10 --export-json "$TMP/verify.json" \
	"'$UMPIRE' verify '$TMP/v100'" >/dev/null
awk -v t="$(median "$TMP/verify.json")" -v c="$(cputime "$TMP/verify.json")" 'BEGIN {
	printf "               its first 100 steps: %.0f steps/s, %.0f per CPU second\n", 100 / t, 100 / c }'
rm -rf "$TMP/v100"

# 3. simulate.
"$UMPIRE" simulate amb --games 1000 | sed -n 's/^ *speed */simulate:      /p'
# Army Men: whole games of the standard battle, 80 cards each, every
# shot measured on the tabletop (target >= 100 games/s, issue 11).
"$UMPIRE" simulate armymen --games 300 | sed -n 's/^ *speed */simulate armymen: /p'
# Backgammon Wars: the standard game with the Power Deck, sealed as new
# makes it, every card and reaction the bots hold (target >= 200 games/s,
# issue 14).
"$UMPIRE" simulate bgw --games 1000 | sed -n 's/^ *speed */simulate bgw:  /p'
# Both levels of the bot (umpire(1), BOTS) in every ruleset umpire plays,
# its default scenario: every player at level 1, then at level 2, the
# one-ply search, which resolves each of its candidates on copies of
# the game and is the slower by far, over two games only (no target:
# figures to compare).
for r in $("$UMPIRE" rules | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }'); do
	for level in 1 2; do
		n=200
		[ "$level" = 2 ] && n=2
		"$UMPIRE" simulate "$r" --games "$n" --levels "$level" |
			sed -n "s/^ *speed */simulate $r, level $level: /p"
	done
done

# 4. Peak RSS of one turn, by GNU time (a Python parent's pages would
# count in a forked child's maximum): the median of nine turns, since
# the pages of the libraries that a fault maps around it vary from run
# to run; git's, for comparison, is the larger of its two commands'.
rss=""
for i in 1 2 3 4 5 6 7 8 9; do
	fresh
	/usr/bin/time -f '%M' -o "$TMP/rss" "$UMPIRE" turn "$G" "$next" >/dev/null
	rss="$rss $(cat "$TMP/rss")"
done
git -C "$TMP/git" reset -q --hard "$base" && cp -r "$TMP/files/." "$TMP/git/"
/usr/bin/time -f '%M' -o "$TMP/rss-add" git -C "$TMP/git" add -A
/usr/bin/time -f '%M' -o "$TMP/rss-commit" git -C "$TMP/git" -c user.name=x \
	-c user.email=x@x commit -q -m step
echo $rss | tr ' ' '\n' | sort -n | awk -v a="$(cat "$TMP/rss-add")" \
	-v c="$(cat "$TMP/rss-commit")" '{ v[NR] = $1 } END {
	printf "turn peak RSS: %.2f MiB (median of %d; %.2f to %.2f; target <= 8 MiB), git %.2f MiB\n",
		v[int((NR + 1) / 2)] / 1024, NR, v[1] / 1024, v[NR] / 1024,
		(a > c ? a : c) / 1024 }'

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

# 8. The history, on the first long game of 2.
L=$TMP/long-6
if command -v strace >/dev/null; then
	H=$TMP/hist
	rm -rf "$H" && cp -a "$TMP/pristine" "$H"
	strace -f -o "$TMP/trace" -e trace=fsync,fdatasync,syncfs,sync \
		"$UMPIRE" turn "$H" "$next" >/dev/null
	printf 'history:       a turn syncs %d times (target <= 3)\n' \
		"$(grep -cE '^[0-9]+ +(fsync|fdatasync|syncfs|sync)\(' "$TMP/trace")"
fi
ours=$(du -sk "$L/.git/objects" | cut -f1)
rm -rf "$TMP/gc" && cp -r "$L" "$TMP/gc" && git -C "$TMP/gc" gc -q --prune=now
theirs=$(du -sk "$TMP/gc/.git/objects" | cut -f1)
awk -v n="$long_steps" -v a="$ours" -v b="$theirs" 'BEGIN {
	printf "               a %d-step game: objects %d KiB, after git gc %d KiB: %.2fx (target <= 2)\n", n + 1, a, b, a / b }'
at() {	# at K: a copy of the long game with HEAD at its Kth commit, in $TMP/at
	rm -rf "$TMP/at" && cp -r "$L" "$TMP/at"
	git -C "$TMP/at" reset -q --hard \
		"$(git -C "$TMP/at" rev-list --first-parent --reverse HEAD | sed -n "${1}p")"
}
cg() { count "$TMP/cg-hist.log" "$@"; rm -f "$TMP"/cg.*; }
vi() { at "$1"; cg "$UMPIRE" verify "$TMP/at"; }
last=$((long_steps + 1))
v50=$(vi 50); v150=$(vi 150); va=$(vi $((last - 100))); vb=$(vi "$last")
awk -v a=$((v150 - v50)) -v b=$((vb - va)) -v n="$last" 'BEGIN {
	printf "               verify per step: %.2f M near step 100, %.2f M near step %d: %.2fx (target <= 1.3)\n", a / 1e8, b / 1e8, n - 50, b / a }'
# Turn, tick and status early and late in a game.  Each figure is taken
# on a game longgame really played to that step (with the same seed, the
# long game's first steps), not on a copy of the long game set back to
# it, which would hold the packs of all its later steps.  A turn's cost
# depends on whether its pack takes others in (pack.c merges packs
# geometrically, and a pack of some sixteen steps is taken in no more):
# one turn where a merge falls against one where none does says nothing,
# so a turn's figure is the mean of W consecutive turns, the long game's
# own orders, two rounds of merges (W = 32); tick and status write
# nothing, so one call at the step is their figure.
W=32
early=10
late=$((long_steps - W - 1))
verbs() {	# verbs K: instructions of status and tick at step K, then turn's mean
	g=$TMP/step-$1
	"$LONGGAME" "$g" "$TOP/tests/bench/long.yaml" "$(printf '%064x' 6)" "$1" >/dev/null
	s=$(cg "$UMPIRE" status "$g")
	cp -r "$g" "$TMP/ticked"
	k=$(cg "$UMPIRE" tick "$TMP/ticked")
	rm -rf "$TMP/ticked"
	t=0
	for c in $(git -C "$L" rev-list --first-parent --reverse HEAD |
	    sed -n "$(($1 + 2)),$(($1 + 1 + W))p"); do
		f=$(git -C "$L" diff-tree --no-commit-id --name-only -r "$c^" "$c" -- orders)
		git -C "$L" show "$c:$f" >"$TMP/step.yaml"
		t=$((t + $(cg "$UMPIRE" turn "$g" "$TMP/step.yaml")))
	done
	rm -rf "$g"
	echo "$s $((t / W)) $k"
}
set -- $(verbs $early) $(verbs $late)
awk -v s1="$1" -v t1="$2" -v k1="$3" -v s2="$4" -v t2="$5" -v k2="$6" \
    -v a="$early" -v m="$late" -v w="$W" 'BEGIN {
	printf "               step %d vs step %d, instructions (target <= 1.2x; turn: the mean of %d turns):\n", a, m, w
	printf "                 turn %.1f M vs %.1f M (%.2fx), tick %.1f M vs %.1f M (%.2fx), status %.1f M vs %.1f M (%.2fx)\n",
		t1 / 1e6, t2 / 1e6, t2 / t1, k1 / 1e6, k2 / 1e6, k2 / k1, s1 / 1e6, s2 / 1e6, s2 / s1
	# Along the line through the two, at step 1,000: Army Man
	# Backgammon games end before it however slowly they are played.
	f = (1000 - a) / (m - a)
	printf "               projected to step 1000: turn %.2fx, tick %.2fx, status %.2fx (target <= 1.2x)\n",
		1 + (t2 / t1 - 1) * f, 1 + (k2 / k1 - 1) * f, 1 + (s2 / s1 - 1) * f }'

# 9. umpire mail --games: the cost of a message as the host's games grow
# (issue 29), at 10, 1,000 and 10,000 games.  The games are made cheaply:
# one game, and for each other an entry named by an id of its own that
# links to a copy of it, as a host's folder holds games or links named
# by their ids (umpire(1), Hosting many games).  The message carries
# orders for a step gone by, so each run finds the game, reads it and
# refuses them (a reply and the message kept), leaving it as it was;
# and then orders for a game no one plays.  Target: the per-message
# cost at 10,000 games <= 1.2 times that at 10.
M=$TMP/mail
mkdir -p "$M"
"$UMPIRE" new "$M/game" --scenario "$TOP/samples/amb/standard.yaml" \
	--seed "$(printf '%064x' 29)" >/dev/null
cp -r "$M/game" "$M/other"
id=$(sed -n 's/^game: //p' "$M/game/game.yaml")
mailmsg() { # mailmsg FILE GAME: a message of stale orders for GAME
	{ printf 'From: Tan <tan@example.org>\nTo: game@example.org\n'
	  printf 'Subject: orders\nMessage-ID: <%s@example.org>\n\n' "$(basename "$1")"
	  "$UMPIRE" bot "$M/game" | sed -e "s/^game: .*/game: $2/" -e 's/^step: .*/step: 0/'
	} >"$1"
}
mailmsg "$M/known.eml" "$id"
mailmsg "$M/unknown.eml" "amb-$(printf '%032x' 999999)"
for n in 10 1000 10000; do
	D=$M/games-$n
	mkdir -p "$D"
	ln -s ../game "$D/$id"
	i=1
	while [ $i -lt "$n" ]; do
		ln -s ../other "$D/amb-$(printf '%032x' "$i")"
		i=$((i + 1))
	done
	for what in known unknown; do
		hyperfine -N -w 2 -r 20 --export-json "$TMP/mail-$n-$what.json" \
			"sh -c \"'$UMPIRE' mail --games '$D' --from game@example.org --maildir '$M/out' --keep '$M/kept' < '$M/$what.eml'\"" >/dev/null
	done
	awk -v n="$n" -v k="$(median "$TMP/mail-$n-known.json")" \
	    -v u="$(median "$TMP/mail-$n-unknown.json")" 'BEGIN {
		printf "mail --games:  %5d games: %.1f ms a message, %.1f ms for an unknown game\n", n, k * 1e3, u * 1e3 }'
done
awk -v a="$(median "$TMP/mail-10-known.json")" -v b="$(median "$TMP/mail-10000-known.json")" 'BEGIN {
	printf "               10,000 games cost %.2f times 10 (target <= 1.2)\n", b / a }'

# 10. Deadlines.  A long game with a policy: tick reads when its decision
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
