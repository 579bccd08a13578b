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
# umpire's own tests may give players its published test keys, which
# umpire new refuses anywhere else (umpire(1), --key).
UMPIRE_ALLOW_TEST_KEYS=1
export UMPIRE_ALLOW_TEST_KEYS
# keys_for SCENARIO: the --key options that give a built-in scenario's
# players, which have none, their test keys (tests/crypto).
keys_for() {
	case $1 in
	bgw|bgw:standard) set -- white black ;;
	amb:mines) set -- green tan ;;
	*) return 0 ;;
	esac
	for who; do
		printf -- '--key %s=%s ' "$who" \
			"$TOP/tests/crypto/test-key-$who-ed25519.pub"
	done
}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/umpire-e2e.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
NAME=$(basename "$0" .sh)
CHECKS=0
SEED1=0000000000000000000000000000000000000000000000000000000000000001

umpire() { $UMPIRE "$@"; }
# The umpire that draws the orders a test plays through (umpire bot in
# play, and in the tests' own loops): under valgrind, the same build run
# plainly (UMPIRE_PLAIN, set by make valgrind-check), since the bot's
# own calls are the valgrind pass's in t-bots, and here each would cost
# it a second more per step; else UMPIRE itself.
drawer() { ${UMPIRE_PLAIN:-$UMPIRE} "$@"; }

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
		drawer bot "$1" >"$TMP/bot.yaml" 2>"$TMP/err"
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

# tix GIT-ARGS...: git in the game being rebuilt, on the index of the
# commit being rebuilt (see rebuild).
tix() { GIT_INDEX_FILE=$TMP/tamper.index git -C "$g" "$@"; }

# rebuild G K L EDIT: rebuild commits K to L of G's first-parent history
# (0 = the first; L empty: up to HEAD), then re-parent every later one:
# a history someone doctored with git's plumbing and force-pushed.  For
# each commit from K to L, EDIT is called with the commit's id, its tree
# in the index that tix uses and its raw object in $TMP/commit.raw, and
# may change either, or carry a file into every later commit too.
# Everything EDIT leaves alone is kept byte for byte: authors,
# committers, dates, headers and messages.
rebuild() {
	g=$1 k=$2 l=$3 edit=$4
	parent=
	i=0
	: >"$TMP/carry"
	for c in $(git -C "$g" rev-list --first-parent --reverse HEAD); do
		if [ "$i" -lt "$k" ]; then
			parent=$c
			i=$((i + 1))
			continue
		fi
		git -C "$g" cat-file commit "$c" >"$TMP/commit.raw"
		tix read-tree "$c"
		if [ -z "$l" ] || [ "$i" -le "$l" ]; then
			"$edit" "$c"
		fi
		while read -r entry; do
			tix update-index --add --cacheinfo "$entry"
		done <"$TMP/carry"
		tree=$(tix write-tree)
		# The header ends at the first empty line; the first parent is
		# the one rebuilt, any other is kept.
		awk -v tree="$tree" -v parent="$parent" '
			!body && /^tree / { print "tree " tree; next }
			!body && /^parent / && !seen++ { print "parent " parent; next }
			/^$/ { body = 1 }
			{ print }' "$TMP/commit.raw" >"$TMP/commit.new"
		parent=$(git -C "$g" hash-object -t commit -w --stdin \
			<"$TMP/commit.new") ||
			fail "rebuild: git refuses the rebuilt commit of $c"
		i=$((i + 1))
	done
	git -C "$g" update-ref refs/heads/main "$parent"
	git -C "$g" reset -q --hard
	rm -f "$TMP/tamper.index" "$TMP/commit.raw" "$TMP/commit.new" \
		"$TMP/carry"
}

# carry MODE BLOB PATH: from an EDIT, put BLOB at PATH, as a file of MODE
# (100644, say), in this commit and every later one.
carry() {
	tix update-index --add --cacheinfo "$1,$2,$3"
	echo "$1,$2,$3" >>"$TMP/carry"
}

# rewrite G K PATH FILE [MODE]: put FILE at PATH (as a file of MODE,
# 100644 by default) in commit K and every commit after it.
rewrite() {
	rw_path=$3
	rw_mode=${5:-100644}
	rw_blob=$(git -C "$1" hash-object -w "$4")
	rebuild "$1" "$2" "$2" rewrite_edit
}
rewrite_edit() { carry "$rw_mode" "$rw_blob" "$rw_path"; }

# recommit G K SED-SCRIPT: commit K's raw object (header and message)
# through sed; the commits after it are re-parented.
recommit() {
	rc_script=$3
	rebuild "$1" "$2" "$2" recommit_edit
}
recommit_edit() {
	sed "$rc_script" "$TMP/commit.raw" >"$TMP/commit.sed"
	cmp -s "$TMP/commit.raw" "$TMP/commit.sed" &&
		fail "recommit: '$rc_script' changes nothing in commit $1"
	mv "$TMP/commit.sed" "$TMP/commit.raw"
}

# edit_each G K L PATH SED-SCRIPT: PATH through sed in each of commits K
# to L (L empty: up to HEAD).
edit_each() {
	ee_path=$4
	ee_script=$5
	rebuild "$1" "$2" "$3" edit_each_edit
}
edit_each_edit() {
	git -C "$g" show "$1:$ee_path" | sed "$ee_script" >"$TMP/edit.file"
	ee_blob=$(git -C "$g" hash-object -w "$TMP/edit.file")
	tix update-index --cacheinfo "100644,$ee_blob,$ee_path"
	rm -f "$TMP/edit.file"
}

# The rulesets `umpire rules` lists, one a line (its first table).
rulesets() { umpire rules | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }'; }

# The published test keys (tests/crypto), copied where ssh-keygen takes
# them (private keys must be 0600): test_keys green tan.
test_keys() {
	for who; do
		cp "$TOP/tests/crypto/test-key-$who-ed25519" "$TMP/$who" &&
			chmod 600 "$TMP/$who" || fail "test key $who"
	done
}
# sign KEY FILE [NAMESPACE]: FILE.sig with the real ssh-keygen.
sign() {
	rm -f "$2.sig"
	ssh-keygen -q -Y sign -n "${3:-umpire}" -f "$TMP/$1" "$2" 2>/dev/null ||
		fail "ssh-keygen -Y sign failed"
}

# game_identity SEED FILE: the game's age identity, derived from its
# seed (umpire-files(5), Hidden information), into FILE.
game_identity() {
	python3 - "$1" "$2" <<'PY' || fail "deriving the identity"
import hashlib, hmac, sys
seed = bytes.fromhex(sys.argv[1])
s = bytearray(hmac.new(seed, b"umpire-age-identity-v1", hashlib.sha256).digest())
s[0] &= 248; s[31] &= 127; s[31] |= 64
CH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
def polymod(v):
    g = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]; c = 1
    for x in v:
        b = c >> 25; c = (c & 0x1ffffff) << 5 ^ x
        for i in range(5):
            c ^= g[i] if (b >> i) & 1 else 0
    return c
acc = bits = 0; data = []
for x in s:
    acc = acc << 8 | x; bits += 8
    while bits >= 5:
        bits -= 5; data.append(acc >> bits & 31)
if bits:
    data.append(acc << (5 - bits) & 31)
hrp = "age-secret-key-"
e = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
pm = polymod(e + data + [0] * 6) ^ 1
chk = [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
open(sys.argv[2], "w").write((hrp + "1" + "".join(CH[x] for x in data + chk)).upper() + "\n")
PY
}
