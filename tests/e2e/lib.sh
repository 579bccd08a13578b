# lib.sh - shared by the end-to-end tests: sourced, not run.
#
# $UMPIRE is the command to test: an absolute path, or a command with
# arguments (make valgrind-check runs every umpire under valgrind).

set -u
: "${UMPIRE:?set UMPIRE to the umpire binary}"
TOP=$(cd "$(dirname "$0")/../.." && pwd)
SCENARIO=$TOP/samples/amb/standard.yaml
# Games played to the end: the standard game, or under valgrind (where
# each call takes a second) a skirmish that ends in a few steps.
if [ -n "${UMPIRE_SLOW:-}" ]; then
	PLAY_SCENARIO=$TOP/tests/e2e/skirmish.yaml
else
	PLAY_SCENARIO=$SCENARIO
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/umpire-e2e.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
NAME=$(basename "$0" .sh)
CHECKS=0
SEED1=0000000000000000000000000000000000000000000000000000000000000001

umpire() { $UMPIRE "$@"; }

fail() {
	echo "FAIL $NAME: $*" >&2
	exit 1
}

ok() { CHECKS=$((CHECKS + 1)); }

done_ok() { echo "ok $NAME: $CHECKS checks"; }

# expect_exit CODE CMD...: run CMD, check its exit status.
expect_exit() {
	want=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	[ "$got" = "$want" ] || fail "exit $got, expected $want: $*
--- stdout
$(head -20 "$TMP/out")
--- stderr
$(head -20 "$TMP/err")"
	ok
}

# expect_err TEXT: the last command's stderr holds TEXT.
expect_err() {
	grep -qF -- "$1" "$TMP/err" || fail "stderr lacks '$1':
$(cat "$TMP/err")"
	ok
}

expect_out() {
	grep -qF -- "$1" "$TMP/out" || fail "stdout lacks '$1':
$(head -40 "$TMP/out")"
	ok
}

# Every line of stderr is a diagnostic in the compilers' form.
expect_diagnostics_form() {
	if grep -vE '^([^:]+:[0-9]+:[0-9]+|[^:]+|umpire): (error|warning|note): ' \
	    "$TMP/err" | grep -q .; then
		fail "stderr has lines not in FILE:LINE:COLUMN: error: form:
$(cat "$TMP/err")"
	fi
	ok
}

# The repository is clean, fsck is happy, and HEAD is what we say.
expect_clean() {
	[ -z "$(git -C "$1" status --porcelain)" ] ||
		fail "git status in $1 is not clean:
$(git -C "$1" status --porcelain)"
	git -C "$1" fsck --no-dangling >"$TMP/fsck" 2>&1 ||
		fail "git fsck failed in $1: $(cat "$TMP/fsck")"
	[ -z "$(cat "$TMP/fsck")" ] || fail "git fsck in $1 says: $(cat "$TMP/fsck")"
	ok
}

head_of() { git -C "$1" rev-parse HEAD; }

# play DIR N: N bot turns, fewer if the game ends first.  The bot says
# a game is over with exit status 65 and one line (umpire(1)); a bot
# that stops in any other way, or a turn that refuses its orders, fails
# the test.
play() {
	i=0
	while [ "$i" -lt "$2" ]; do
		umpire bot "$1" >"$TMP/bot.yaml" 2>"$TMP/err"
		s=$?
		if [ "$s" != 0 ]; then
			case $s:$(cat "$TMP/err") in
			"65:$1: error: the game is over ("*"); no decision is awaited")
				[ "$(wc -l <"$TMP/err")" = 1 ] && return 0 ;;
			esac
			fail "bot failed (exit $s), and not because the game is over:
$(cat "$TMP/err")"
		fi
		umpire turn "$1" "$TMP/bot.yaml" >"$TMP/out" 2>"$TMP/err" ||
			fail "turn refused the bot's orders:
$(cat "$TMP/bot.yaml")
$(cat "$TMP/err")"
		i=$((i + 1))
	done
}

# The step a game awaits, from HEAD.
step_of() {
	git -C "$1" show HEAD:game.yaml | sed -n 's/^step: //p'
}

# rewrite G K PATH FILE: put FILE at PATH in commit K (0 = the first) and
# every commit after it, keeping authors, dates and messages: a history
# someone doctored and force-pushed.
rewrite() {
	g=$1 k=$2 path=$3 file=$4
	blob=$(git -C "$g" hash-object -w "$file")
	parent=
	i=0
	for c in $(git -C "$g" rev-list --first-parent --reverse HEAD); do
		if [ "$i" -lt "$k" ]; then
			parent=$c
			i=$((i + 1))
			continue
		fi
		GIT_INDEX_FILE=$TMP/tamper.index git -C "$g" read-tree "$c"
		GIT_INDEX_FILE=$TMP/tamper.index git -C "$g" update-index --add \
			--cacheinfo "100644,$blob,$path"
		tree=$(GIT_INDEX_FILE=$TMP/tamper.index git -C "$g" write-tree)
		parent=$(GIT_AUTHOR_NAME=$(git -C "$g" log -1 --format=%an "$c") \
			GIT_AUTHOR_EMAIL=$(git -C "$g" log -1 --format=%ae "$c") \
			GIT_AUTHOR_DATE=$(git -C "$g" log -1 --format=%ad --date=raw "$c") \
			GIT_COMMITTER_NAME=$(git -C "$g" log -1 --format=%cn "$c") \
			GIT_COMMITTER_EMAIL=$(git -C "$g" log -1 --format=%ce "$c") \
			GIT_COMMITTER_DATE=$(git -C "$g" log -1 --format=%cd --date=raw "$c") \
			git -C "$g" commit-tree "$tree" ${parent:+-p "$parent"} \
			-m "$(git -C "$g" log -1 --format=%B "$c")")
	done
	git -C "$g" update-ref refs/heads/main "$parent"
	git -C "$g" reset -q --hard
	rm -f "$TMP/tamper.index"
}

# The rulesets `umpire rules` lists, one a line (its first table).
rulesets() { umpire rules | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }'; }
