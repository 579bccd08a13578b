#!/bin/sh
# A step reaches the disk in one batch (issue 23, item 5) and as one pack
# that keeps the repository small (issue 29): no loose object, at most
# three syncs a step, some log2(steps) packs, and a repository within
# twice what git gc makes of it.  The kills are t-kill.sh's.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"

loose_objects() { find "$G/.git/objects" -path '*/objects/[0-9a-f][0-9a-f]/*' -type f | wc -l; }
packs() { find "$G/.git/objects/pack" -name 'pack-*.pack' | wc -l; }

[ "$(loose_objects)" = 0 ] || fail "new left loose objects"
[ "$(packs)" = 1 ] || fail "new made $(packs) packs, not 1"
ok

# The syncs of one turn, counted by strace(1) (not under valgrind, whose
# own calls strace would count).
if [ -z "${UMPIRE_SLOW:-}" ] && command -v strace >/dev/null; then
	umpire bot "$G" >"$TMP/o.yaml"
	# LeakSanitizer cannot run under ptrace: an ASan build leaves it off.
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -o "$TMP/trace" -e trace=fsync,fdatasync,syncfs,sync,msync \
		$UMPIRE turn "$G" "$TMP/o.yaml" >/dev/null 2>&1 ||
		fail "turn under strace failed"
	n=$(grep -cE '(fsync|fdatasync|syncfs|sync|msync)\(' "$TMP/trace")
	[ "$n" -le 3 ] || fail "a turn made $n syncs: $(cat "$TMP/trace")"
	[ "$n" -ge 1 ] || fail "a turn made no sync at all"
	ok
fi

# objects/ on another file system (a link to tmpfs): one syncfs would
# not cover the branch and the pack both, so each file is fsynced.
if [ -z "${UMPIRE_SLOW:-}" ] && command -v strace >/dev/null &&
    [ -d /dev/shm ] && [ -w /dev/shm ] &&
    [ "$(stat -c %d /dev/shm)" != "$(stat -c %d "$TMP")" ]; then
	F=$TMP/far
	umpire new "$F" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null
	far=$(mktemp -d /dev/shm/umpire-e2e.XXXXXX)
	mv "$F/.git/objects" "$far/objects"
	ln -s "$far/objects" "$F/.git/objects"
	umpire bot "$F" >"$TMP/o.yaml"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -o "$TMP/trace" -e trace=fsync,fdatasync,syncfs \
		$UMPIRE turn "$F" "$TMP/o.yaml" >/dev/null 2>&1 ||
		{ rm -rf "$far"; fail "turn with objects elsewhere failed"; }
	grep -q 'syncfs(' "$TMP/trace" &&
		{ rm -rf "$far"; fail "syncfs with objects on another file system"; }
	n=$(grep -c 'fsync(' "$TMP/trace")
	[ "$n" = 5 ] || { rm -rf "$far"; fail "objects elsewhere: $n fsyncs, not 5"; }
	umpire verify "$F" >/dev/null 2>&1 ||
		{ rm -rf "$far"; fail "verify with objects elsewhere failed"; }
	rm -rf "$far"
	ok
fi

steps=1
: >"$TMP/frozen"
while [ "$steps" -lt 40 ] && drawer bot "$G" >"$TMP/o.yaml" 2>/dev/null; do
	umpire turn "$G" "$TMP/o.yaml" >/dev/null || fail "turn $steps failed"
	steps=$((steps + 1))
	[ "$(loose_objects)" = 0 ] || fail "step $steps left loose objects"
	# Geometric: each pack twice the smaller ones together, up to 128
	# objects, and no pack of 128 taken in again: a game of n steps
	# (each some ten objects) keeps at most 10 n / 128 of those, and
	# under log2(128) + 1 smaller ones.
	max=$(awk -v n="$steps" 'BEGIN { print int(10 * n / 128) + 8 }')
	[ "$(packs)" -le "$max" ] ||
		fail "after $steps steps, $(packs) packs (at most $max)"
	# Every pack whole by git's own reading: checksums, index, CRCs
	# (a step that takes in no pack writes its own, without libgit2).
	for idx in "$G"/.git/objects/pack/pack-*.idx; do
		git -C "$G" verify-pack "$idx" >"$TMP/vp" 2>&1 ||
			fail "after $steps steps, $(basename "$idx"): $(cat "$TMP/vp")"
	done
	# A pack of 128 objects is never taken in again (the cost of a step
	# stays flat, issue 29): once seen, it stays.
	while read -r idx; do
		[ -f "$idx" ] || fail "after $steps steps, $(basename "$idx") was taken in"
	done <"$TMP/frozen"
	for idx in "$G"/.git/objects/pack/pack-*.idx; do
		[ "$(git show-index <"$idx" | wc -l)" -lt 128 ] || echo "$idx"
	done | sort -u - "$TMP/frozen" >"$TMP/frozen.new"
	mv "$TMP/frozen.new" "$TMP/frozen"
	ok
done
[ -s "$TMP/frozen" ] || fail "after $steps steps, no pack of 128 objects"
git -C "$G" fsck --strict >"$TMP/fsck" 2>&1 || fail "fsck: $(cat "$TMP/fsck")"
expect_exit 0 umpire verify "$G"
expect_clean "$G"

# Within twice what git gc makes of the same objects.
size() { du -sk "$1/.git/objects" | cut -f1; }
ours=$(size "$G")
cp -r "$G" "$TMP/gc"
git -C "$TMP/gc" gc -q --prune=now
theirs=$(size "$TMP/gc")
[ "$ours" -le $((2 * theirs)) ] ||
	fail "the game's objects take $ours KiB, git gc's $theirs KiB"
ok

# A pack kept by hand (.keep) is left as it is.
keep=$(find "$G/.git/objects/pack" -name 'pack-*.pack' | head -1)
touch "${keep%.pack}.keep"
umpire bot "$G" >"$TMP/o.yaml" 2>/dev/null &&
	expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
[ -f "$keep" ] || fail "umpire took in a pack that has a .keep"
expect_exit 0 umpire verify "$G"
done_ok
