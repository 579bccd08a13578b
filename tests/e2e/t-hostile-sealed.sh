#!/bin/sh
# A game repository is hostile input (issue 8), and a sealed game's dice
# are its secret: a step that fails leaves none of its objects (its
# report holds the rolls to come) where a clone would copy them, and no
# core file holds the seed.  Items 11 and 12.
. "$(dirname "$0")/lib.sh"

objects_of() {
	(cd "$1/.git" && find objects -type f ! -path 'objects/info/*' | sort)
}

G=$TMP/sealed
S=$TMP/seed
umpire new "$G" --scenario "$PLAY_SCENARIO" --sealed --seed-file "$S" \
	>/dev/null || fail "new failed"
export UMPIRE_SEED="$(cat "$S")"
play "$G" 2
umpire bot "$G" >"$TMP/o.yaml"

# no_trace WHAT: the repository and a clone of it hold exactly the
# objects they held before WHAT.
no_trace() {
	objects_of "$G" | cmp -s - "$TMP/objects.before" ||
		fail "$1 left objects: $(objects_of "$G" | comm -13 "$TMP/objects.before" -)"
	[ -z "$(find "$G/.git" -name '*umpire-incoming*' -o -name '.umpire-tmp-*')" ] ||
		fail "$1 left files: $(find "$G/.git" -name '*umpire*')"
	rm -rf "$TMP/clone"
	git clone -q --no-hardlinks "$G" "$TMP/clone"
	objects_of "$TMP/clone" | comm -13 "$TMP/objects.before" - >"$TMP/new"
	[ ! -s "$TMP/new" ] || fail "a clone after $1 holds new objects: $(cat "$TMP/new")"
	ok
}

# ---- item 11: a sealed turn that fails after resolving leaves nothing

# The branch is locked by someone else: the step is resolved, its report
# rolled, and refused at the branch.
objects_of "$G" >"$TMP/objects.before"
before=$(head_of "$G")
printf 'a git command\n' >"$G/.git/refs/heads/main.lock"
expect_exit 75 umpire turn "$G" "$TMP/o.yaml"
expect_err "refs/heads/main.lock exists"
rm "$G/.git/refs/heads/main.lock"
[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved"
no_trace "a turn refused at the branch"

if [ -n "${UMPIRE_HOOKS:-}" ]; then
	# The branch moved under it (compare and swap).
	expect_exit 75 env UMPIRE_HOOK_OBJECTS="git -C '$G' update-ref refs/heads/main HEAD^" \
		$UMPIRE_HOOKS turn "$G" "$TMP/o.yaml"
	expect_err "the game's branch moved while this step was adjudicated"
	git -C "$G" update-ref refs/heads/main "$before"
	no_trace "a turn refused by compare and swap"
	# Killed once its objects have moved in, before the branch moves:
	# the next umpire to take the lock removes them.
	expect_exit 137 env UMPIRE_HOOK_MIGRATED='kill -9 $PPID' \
		$UMPIRE_HOOKS turn "$G" "$TMP/o.yaml"
	objects_of "$G" | cmp -s - "$TMP/objects.before" &&
		fail "the hook killed umpire before its objects moved in"
	ok
	printf 'umpire: 1\n' >"$TMP/bad.yaml"
	expect_exit 65 umpire turn "$G" "$TMP/bad.yaml"
	[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved"
	no_trace "a turn killed before the branch moved"
	# Its objects are gone, and no reflog line names its commit.
	git -C "$G" fsck --no-dangling >"$TMP/fsck" 2>&1 ||
		fail "fsck after a turn killed before the branch moved: $(cat "$TMP/fsck")"
	# Killed after: the step is committed, and its objects stay.
	expect_exit 137 env UMPIRE_HOOK_MOVED='kill -9 $PPID' \
		$UMPIRE_HOOKS turn "$G" "$TMP/o.yaml"
	[ "$(git -C "$G" rev-parse HEAD^)" = "$before" ] ||
		fail "the step killed after the branch moved is not committed"
	expect_exit 65 umpire turn "$G" "$TMP/bad.yaml"
	git -C "$G" fsck --no-dangling >"$TMP/fsck" 2>&1 ||
		fail "fsck: $(cat "$TMP/fsck")"
	expect_clean "$G"
	expect_exit 0 umpire verify "$G"
fi

# ---- item 12: no core file holds the seed

# A turn that waits for its seed on a FIFO: once it holds the seed (read,
# but the FIFO not yet closed), it may dump no core.
umpire bot "$G" >"$TMP/o.yaml"
unset UMPIRE_SEED
mkfifo "$TMP/seed.fifo"
mkdir "$TMP/cwd"
# Under the sanitizers, SIGSEGV must still kill it, not their handler.
(cd "$TMP/cwd" && ulimit -c unlimited 2>/dev/null
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0 \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}handle_segv=0 \
	exec $UMPIRE turn "$G" "$TMP/o.yaml" --seed-file "$TMP/seed.fifo") \
	>"$TMP/out" 2>"$TMP/err" &
pid=$!
exec 3>"$TMP/seed.fifo"
cat "$S" >&3
if [ -r "/proc/$pid/limits" ]; then
	# Wait until it has read the seed and blocks for the end of the file.
	i=0
	while [ "$i" -lt 600 ]; do
		grep -q '^Max core file size *0 *0 ' "/proc/$pid/limits" && break
		i=$((i + 1))
		sleep 0.1
	done
	grep '^Max core file size' "/proc/$pid/limits" | grep -q ' 0 *0 ' ||
		fail "a turn holding a seed may dump core: $(grep core "/proc/$pid/limits")"
	ok
fi
kill -SEGV "$pid"
exec 3>&-
wait "$pid" 2>/dev/null
s=$?
[ "$s" = $((128 + 11)) ] || fail "the turn exited $s, not by SIGSEGV"
[ -z "$(ls -A "$TMP/cwd")" ] || fail "a core file: $(ls -A "$TMP/cwd")"
[ -z "$(find "$G" -name 'core*' ! -path '*/.git/*')" ] ||
	fail "a core file in the work tree"
ok

done_ok
