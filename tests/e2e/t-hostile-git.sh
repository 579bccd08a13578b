#!/bin/sh
# A game repository is hostile input (issue 8): a damaged or huge object
# is a clear error, never a hang nor gigabytes of memory; the exit status
# tells whether the step happened; and umpire removes only the lock files
# it can prove its own.  Items 4, 5, 6 and 7.
. "$(dirname "$0")/lib.sh"

new_game() {
	umpire new "$1" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
		fail "new $1 failed"
}

# unpack G: every object loose, as umpire before 0.4.0 and a push leave
# them (umpire now writes packs).
unpack() {
	mkdir -p "$TMP/packs"
	for p in "$1"/.git/objects/pack/pack-*.pack; do
		[ -f "$p" ] || continue
		mv "$p" "$TMP/packs/"
		rm -f "${p%.pack}.idx"
	done
	for p in "$TMP"/packs/pack-*.pack; do
		[ -f "$p" ] || continue
		git -C "$1" unpack-objects -q <"$p" || fail "unpack-objects failed"
		rm "$p"
	done
}

loose() {	# loose G OBJECT: the file of a loose object
	id=$(git -C "$1" rev-parse "$2")
	echo "$1/.git/objects/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-)"
}

# ---- item 4: a truncated loose object, at every length

G=$TMP/cut
new_game "$G"
play "$G" 2
unpack "$G"
umpire bot "$G" >"$TMP/o.yaml"
# Every truncation of the HEAD commit, which every verb reads first: an
# error naming the object, exit 74, at once (libgit2 1.5.1 alone spins
# forever).  Then game.yaml's blob: its header's lengths, then every
# 13th, then its last bytes (fewer of each under valgrind).
for what in HEAD HEAD:game.yaml; do
	f=$(loose "$G" "$what")
	[ -f "$f" ] || fail "$what is not a loose object"
	id=$(git -C "$G" rev-parse "$what")
	cp "$f" "$TMP/whole"
	chmod u+w "$f"
	size=$(wc -c <"$TMP/whole")
	len=0
	while [ "$len" -lt "$size" ]; do
		head -c "$len" "$TMP/whole" >"$f"
		expect_exit 74 timeout 60 $UMPIRE status "$G"
		expect_err "object $id"
		if [ -n "${UMPIRE_SLOW:-}" ]; then
			len=$((len + size / 8 + 1))
		elif [ "$what" = HEAD ] || [ "$len" -lt 48 ] ||
		    [ "$len" -ge $((size - 24)) ]; then
			len=$((len + 1))
		else
			len=$((len + 13))
		fi
	done
	# turn and check, too; and the lock is free after the failed turn.
	head -c $((size / 2)) "$TMP/whole" >"$f"
	expect_exit 74 timeout 60 $UMPIRE turn "$G" "$TMP/o.yaml"
	expect_err "(objects/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-)) is damaged: truncated"
	expect_exit 74 timeout 60 $UMPIRE check "$G" "$TMP/o.yaml"
	timeout 60 $UMPIRE verify "$G" >"$TMP/out" 2>"$TMP/err"
	case $? in
	0|124) fail "verify of a damaged game exited $?" ;;
	esac
	cp "$TMP/whole" "$f"
	expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
	unpack "$G"
	umpire bot "$G" >"$TMP/o.yaml"
done
# A loose object with more data than its header says, or none of zlib.
f=$(loose "$G" HEAD)
cp "$f" "$TMP/whole"
chmod u+w "$f"
printf 'not zlib at all' >"$f"
expect_exit 74 timeout 60 $UMPIRE status "$G"
expect_err "is damaged: not zlib data"
cp "$TMP/whole" "$f"
expect_exit 0 umpire status "$G"

# ---- item 5: a huge object is refused from its header, unread

# The bound is on what umpire reads, not on the build: the peak resident
# set is measured against the same command on the same game before the
# huge commit, in the same build, so a sanitizer's shadow memory and
# allocator (ASan adds some 25 MiB) count on both sides.  Reading the
# object would add 64 MiB; a quarter of that is the margin.
G=$TMP/huge
new_game "$G"
rss() {	# rss CMD...: the peak resident set of CMD, in KiB (GNU time)
	/usr/bin/time -f '%M' -o "$TMP/rss" "$@" >"$TMP/out" 2>"$TMP/err"
	echo $? >"$TMP/status"
	tail -1 "$TMP/rss"
}
measure_rss() { [ -x /usr/bin/time ] && [ -z "${UMPIRE_SLOW:-}" ]; }
if measure_rss; then
	base=$(rss $UMPIRE status "$G")
	[ "$(cat "$TMP/status")" = 0 ] || fail "status of the small game exited $(cat "$TMP/status")"
fi
(cd "$G" && head -c 67108864 /dev/zero >game.yaml && git add game.yaml &&
	git -c user.name=p -c user.email=p@p commit -qm "64 MiB")
for packed in loose packed; do
	[ "$packed" = packed ] && git -C "$G" gc -q
	if measure_rss; then
		kib=$(rss $UMPIRE status "$G")
		[ "$(cat "$TMP/status")" = 65 ] || fail "status exited $(cat "$TMP/status")"
		[ "$((kib - base))" -lt 16384 ] ||
			fail "status of a 64 MiB game.yaml ($packed) took $kib KiB, $((kib - base)) KiB more than the game before it"
	else
		expect_exit 65 umpire status "$G"
	fi
	expect_err "HEAD:game.yaml: object $(git -C "$G" rev-parse HEAD:game.yaml | cut -c1-12) is 67108864 bytes, over the limit of 1048576; it is not read"
done

# ---- item 6: once the branch has moved, the step is done: exit 0

G=$TMP/moved
new_game "$G"
# A git command holds index.lock: the step is committed, and said so.
printf 'a git command\n' >"$G/.git/index.lock"
umpire bot "$G" >"$TMP/o.yaml"
before=$(head_of "$G")
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
expect_out "# Step 1: green's turn"
expect_err "warning: cannot update the index: $G/.git/index.lock exists"
expect_err "warning: the step is committed, but the work tree or the index lags it; the next umpire call on this game brings them up to date"
[ "$(git -C "$G" rev-parse HEAD^)" = "$before" ] || fail "the step is not committed"
[ "$(cat "$G/.git/index.lock")" = "a git command" ] ||
	fail "umpire removed a lock that was not its own"
# Once the git command is done, the next call repairs.
rm "$G/.git/index.lock"
umpire bot "$G" >"$TMP/o.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
[ ! -s "$TMP/err" ] || fail "the repairing turn says: $(cat "$TMP/err")"
expect_clean "$G"
expect_exit 0 umpire verify "$G"

if [ -n "${UMPIRE_HOOKS:-}" ]; then
	# The exact moments, with the test build's hooks (src/util/testhook.h).
	# The branch moves between reading the state and committing: compare
	# and swap refuses, nothing is committed, no object is left.
	umpire bot "$G" >"$TMP/o.yaml"
	git -C "$G" fsck --unreachable --no-reflogs 2>/dev/null | sort >"$TMP/unreach.before"
	expect_exit 75 env UMPIRE_HOOK_OBJECTS="git -C '$G' -c user.name=p -c user.email=p@p commit -q --allow-empty -m pushed" \
		$UMPIRE_HOOKS turn "$G" "$TMP/o.yaml"
	expect_err "the game's branch moved while this step was adjudicated (a push or a commit came first); nothing was committed, try again"
	[ "$(git -C "$G" log -1 --format=%s)" = pushed ] ||
		fail "the push is not HEAD"
	git -C "$G" fsck --unreachable --no-reflogs 2>/dev/null | sort |
		cmp -s - "$TMP/unreach.before" ||
		fail "the refused step left objects: $(git -C "$G" fsck --unreachable --no-reflogs 2>&1)"
	[ ! -s "$G/.git/umpire.lock" ] || fail "the lock is still marked"
	[ -z "$(find "$G/.git" -name '*umpire-incoming*' -o -name '.umpire-tmp-*')" ] ||
		fail "the refused step left files: $(find "$G/.git" -name '*umpire*')"
	# A full disk after the branch moved (writes fail with EFBIG): exit
	# 0, the report, and a warning; the next call repairs.
	if command -v prlimit >/dev/null; then
		git -C "$G" reset -q --hard HEAD^
		before=$(head_of "$G")
		expect_exit 0 sh -c "trap '' XFSZ; UMPIRE_HOOK_MOVED='prlimit --pid \$PPID --fsize=1024' exec $UMPIRE_HOOKS turn '$G' '$TMP/o.yaml'"
		expect_out "# Step "
		expect_err "warning: the step is committed"
		expect_err "File too large"
		[ "$(git -C "$G" rev-parse HEAD^)" = "$before" ] ||
			fail "the step is not committed"
		umpire bot "$G" >"$TMP/o.yaml"
		expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
		expect_clean "$G"
		expect_exit 0 umpire verify "$G"
	fi
fi

# ---- item 7: the mark is cleared; only umpire's own locks are removed

G=$TMP/locks
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
before=$(head_of "$G")
# Someone else's refs/heads/main.lock: named as what it is, and kept.
printf 'a git command\n' >"$G/.git/refs/heads/main.lock"
expect_exit 75 umpire turn "$G" "$TMP/o.yaml"
expect_err "refs/heads/main.lock exists: a git command is updating the game's branch, or one crashed and left the lock; nothing was committed"
[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved"
[ ! -s "$G/.git/umpire.lock" ] || fail "a failed turn left its mark: $(cat "$G/.git/umpire.lock")"
[ -f "$G/.git/refs/heads/main.lock" ] || fail "umpire removed someone's lock"
# A dead umpire's mark, with someone else's locks: none is removed.
printf 'committing 999999 0123456789abcdef0123456789abcdef %040d\n' 7 \
	>"$G/.git/umpire.lock"
printf 'a git command\n' >"$G/.git/index.lock"
expect_exit 75 umpire turn "$G" "$TMP/o.yaml"
[ "$(cat "$G/.git/index.lock")" = "a git command" ] ||
	fail "umpire removed someone's index.lock"
[ -f "$G/.git/refs/heads/main.lock" ] || fail "umpire removed someone's main.lock"
rm "$G/.git/index.lock" "$G/.git/refs/heads/main.lock"
# An older umpire's mark says only "committing": still no proof.
printf 'committing\n' >"$G/.git/umpire.lock"
printf 'a git command\n' >"$G/.git/index.lock"
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
expect_err "index.lock exists"
[ -f "$G/.git/index.lock" ] || fail "umpire removed someone's index.lock"
rm "$G/.git/index.lock"
# A dead umpire's own locks, which its mark proves: removed, and the
# game goes on.
token=00112233445566778899aabbccddeeff
new=$(printf '%040d' 5)
printf 'committing 4242 %s %s\n' "$token" "$new" >"$G/.git/umpire.lock"
printf 'umpire 4242 %s\n' "$token" >"$G/.git/index.lock"
printf '%s\n' "$new" >"$G/.git/refs/heads/main.lock"
umpire bot "$G" >"$TMP/o.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
[ ! -e "$G/.git/index.lock" ] && [ ! -e "$G/.git/refs/heads/main.lock" ] ||
	fail "a dead umpire's locks are still there"
[ ! -s "$G/.git/umpire.lock" ] || fail "the mark is still there"
expect_clean "$G"
expect_exit 0 umpire verify "$G"

done_ok
