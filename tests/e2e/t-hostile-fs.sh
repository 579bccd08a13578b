#!/bin/sh
# A game repository is hostile input (issue 8): what a player commits
# (links, files where directories go) never makes umpire write or read
# outside the game, and the file systems and users a host arranges
# (a git directory elsewhere, a group-shared game) work.  Items 1, 2, 3,
# 8, 9 and 10.
. "$(dirname "$0")/lib.sh"

# objects_of G: every object file in G's git directory, sorted.
objects_of() {
	(cd "$(git -C "$1" rev-parse --absolute-git-dir)" &&
		find objects -type f | sort)
}

new_game() {
	umpire new "$1" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
		fail "new $1 failed"
}

# ---- item 1: a committed link or file where umpire's paths go
# Each is a player's commit, which turn refuses to build on unless forced;
# --force takes these past that guard to the layout check itself.

mkdir "$TMP/outside"
for path in reports orders; do
	G=$TMP/link-$path
	new_game "$G"
	umpire bot "$G" >"$TMP/o.yaml"
	(cd "$G" && rm -rf "$path" && ln -s "$TMP/outside" "$path" &&
		git add -A && git commit -qm "a player's link")
	before=$(head_of "$G")
	objects_of "$G" >"$TMP/objects.before"
	expect_exit 65 umpire turn --force "$G" "$TMP/o.yaml"
	expect_err "$G: error: $path is a symbolic link, not a directory"
	[ -z "$(ls -A "$TMP/outside")" ] ||
		fail "a turn wrote through $path -> $TMP/outside: $(ls -A "$TMP/outside")"
	[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved on a refused turn"
	objects_of "$G" | cmp -s - "$TMP/objects.before" ||
		fail "a refused turn wrote objects"
	ok
done
# A file where a directory goes, and game.yaml as a link, committed.
G=$TMP/file-reports
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
(cd "$G" && rm -rf reports && echo x >reports && git add -A &&
	git commit -qm "a file")
expect_exit 65 umpire turn --force "$G" "$TMP/o.yaml"
expect_err "reports is a regular file, not a directory"
G=$TMP/link-state
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
cp "$G/game.yaml" "$TMP/state.yaml"
(cd "$G" && ln -sf "$TMP/state.yaml" game.yaml && git add -A &&
	git commit -qm "a link")
expect_exit 65 umpire turn --force "$G" "$TMP/o.yaml"
expect_err "game.yaml is a symbolic link, not a regular file"
# A link's "content" is its target's name: never read as the state.
expect_exit 65 umpire status "$G"
expect_err "HEAD:game.yaml is a symbolic link, not a file"
# A directory where this step's report goes, committed or not.
G=$TMP/dir-report
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
mkdir "$G/reports/00/0001.md"
before=$(head_of "$G")
expect_exit 65 umpire turn "$G" "$TMP/o.yaml"
expect_err "reports/00/0001.md is not a file, and this step would write it"
[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved"
touch "$G/reports/00/0001.md/x"
(cd "$G" && git add -A && git commit -qm "a directory")
expect_exit 65 umpire turn "$G" "$TMP/o.yaml"
expect_err "umpire builds only on its own steps"
# Told to build on the player's commit anyway, it still will not write there.
expect_exit 65 umpire turn --force "$G" "$TMP/o.yaml"
expect_err "reports/00/0001.md is not a file, and this step would write it"
# A bare repository has no work tree to check: HEAD's tree is checked.
G=$TMP/link-bare
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
(cd "$G" && rm -rf reports && ln -s "$TMP/outside" reports &&
	git add -A && git commit -qm "a player's link")
git clone -q --bare "$G" "$TMP/bare.git"
expect_exit 65 umpire turn --force "$TMP/bare.git" "$TMP/o.yaml"
expect_err "HEAD:reports is a symbolic link, not a directory; umpire does not build on it"
# Only a link in the work tree: a local hand, not a push; refused alike.
G=$TMP/link-worktree
new_game "$G"
umpire bot "$G" >"$TMP/o.yaml"
mv "$G/reports" "$TMP/real-reports"
ln -s "$TMP/real-reports" "$G/reports"
expect_exit 65 umpire turn "$G" "$TMP/o.yaml"
expect_err "reports is a symbolic link, not a directory"

# ---- item 2: the orders path is a link, a FIFO, a device

G=$TMP/inbox
new_game "$G"
game=$(git -C "$G" show HEAD:game.yaml | sed -n 's/^game: //p')
before=$(head_of "$G")
# A link to a file of the host's: not read, nothing of it quoted.
printf 'umpire: 1\nruleset: s3cr3t-of-the-host\n' >"$TMP/secret.yaml"
ln -s "$TMP/secret.yaml" "$G/inbox.yaml"
for verb in check turn; do
	expect_exit 66 umpire "$verb" "$G" "$G/inbox.yaml"
	expect_err "$G/inbox.yaml: error: is a symbolic link, not a regular file; give the file itself"
	if grep -q s3cr3t "$TMP/err"; then fail "$verb quoted the link's target"; fi
done
rm "$G/inbox.yaml"
# A FIFO no one writes, and a device: refused at once, never a block
# (turn would hold the game's lock meanwhile).
mkfifo "$G/inbox.yaml"
for verb in check turn; do
	expect_exit 66 timeout 60 $UMPIRE "$verb" "$G" "$G/inbox.yaml"
	expect_err "is a FIFO, not a regular file"
done
expect_exit 66 timeout 60 $UMPIRE resolve "$G/game.yaml" "$G/inbox.yaml" \
	-o "$TMP/n.yaml" -r "$TMP/r.md"
expect_err "is a FIFO, not a regular file"
rm "$G/inbox.yaml"
expect_exit 66 timeout 60 $UMPIRE check "$G" /dev/zero
expect_err "/dev/zero: error: is a character device, not a regular file"
[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved"
# The lock is free: a real turn goes through.
umpire bot "$G" >"$TMP/o.yaml"
expect_exit 0 umpire turn "$G" "$TMP/o.yaml"
expect_clean "$G"
# Standard input is still a pipe, and fine.
umpire bot "$G" >"$TMP/o.yaml"
expect_exit 0 sh -c "$UMPIRE check '$G' - <'$TMP/o.yaml'"

# ---- item 3: resolve's temporary files are made exclusively

# A sealed state, so that resolve waits for its seed on a FIFO while the
# test plants links where the old temporary names went (.NAME.PID.tmp).
S=$TMP/seed3
umpire new "$TMP/sealed3" --scenario "$SCENARIO" --sealed --seed-file "$S" \
	>/dev/null || fail "sealed new failed"
umpire bot "$TMP/sealed3" >"$TMP/o3.yaml"
mkdir "$TMP/out3"
printf 'precious\n' >"$TMP/victim"
mkfifo "$TMP/seed3.fifo"
$UMPIRE resolve "$TMP/sealed3/game.yaml" "$TMP/o3.yaml" -o "$TMP/out3/new.yaml" \
	-r "$TMP/out3/report.md" --seed-file "$TMP/seed3.fifo" \
	>"$TMP/out" 2>"$TMP/err" &
pid=$!
ln -s "$TMP/victim" "$TMP/out3/.new.yaml.$pid.tmp"
ln -s "$TMP/victim" "$TMP/out3/.report.md.$pid.tmp"
cat "$S" >"$TMP/seed3.fifo"
wait "$pid" || fail "resolve failed: $(cat "$TMP/err")"
[ "$(cat "$TMP/victim")" = precious ] ||
	fail "resolve wrote through a planted link: $(head -3 "$TMP/victim")"
grep -q '^step: 2' "$TMP/out3/new.yaml" || fail "resolve wrote no new state"
[ -z "$(find "$TMP/out3" -name '.umpire-tmp-*')" ] ||
	fail "resolve left a temporary file"
ok

# ---- item 8: the git directory on another file system

if [ -d /dev/shm ] && [ -w /dev/shm ] &&
    [ "$(stat -c %d /dev/shm)" != "$(stat -c %d "$TMP")" ]; then
	GD=$(mktemp -d /dev/shm/umpire-gitdir.XXXXXX)
	trap 'rm -rf "$TMP" "$GD"' EXIT
	G=$TMP/separate
	git init -q --separate-git-dir "$GD/git" "$G"
	expect_exit 0 umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1"
	expect_clean "$G"
	play "$G" 3
	expect_clean "$G"
	expect_exit 0 umpire verify "$G"
else
	echo "$NAME: skip item 8: no second file system at /dev/shm"
fi

# ---- item 10: new refuses a repository that holds umpire's paths

R=$TMP/used
git init -q "$R"
mkdir "$R/orders"
echo x >"$R/orders/0001-green.yaml"
git -C "$R" add -A
git -C "$R" -c user.name=t -c user.email=t@t commit -qm "a file"
expect_exit 73 umpire new "$R" --scenario "$SCENARIO"
expect_err "orders/0001-green.yaml is there already (at HEAD)"
[ -z "$(git -C "$R" rev-list HEAD -- game.yaml)" ] || fail "new committed"
R=$TMP/used2
git init -q "$R"
mkdir "$R/reports"
echo y >"$R/reports/0000.md"
expect_exit 73 umpire new "$R" --scenario "$SCENARIO"
expect_err "reports/0000.md is there already (in the work tree)"
[ "$(cat "$R/reports/0000.md")" = y ] || fail "new overwrote a file"
# An empty orders/ is harmless.
rm -r "$R/reports"
mkdir "$R/orders"
expect_exit 0 umpire new "$R" --scenario "$SCENARIO"

# ---- item 9: a game shared by a group; a repository of another user

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	chmod 755 "$TMP"
	for u in 1 65534; do
		mkdir -p "$TMP/home$u"
		chown "$u" "$TMP/home$u"
	done
	# as UID CMD...: a player of group 4242, umask 002 as a shared game asks.
	as() {
		u=$1
		shift
		HOME=$TMP/home$u setpriv --reuid="$u" --regid=4242 --clear-groups \
			sh -c 'umask 002; exec "$@"' sh "$@"
	}
	S9=$TMP/shared
	mkdir "$S9"
	chgrp 4242 "$S9"
	chmod 2775 "$S9"
	cp "$SCENARIO" "$TMP/scenario.yaml"
	chmod 644 "$TMP/scenario.yaml"
	as 1 git init -q --shared=group "$S9/game" || fail "git init as uid 1"
	# Each player trusts the game's directory (git's safe.directory).
	for u in 1 65534; do
		printf '[safe]\n\tdirectory = %s\n' "$S9/game" >"$TMP/home$u/.gitconfig"
	done
	expect_exit 0 as 1 $UMPIRE new "$S9/game" --scenario "$TMP/scenario.yaml" \
		--seed "$SEED1"
	[ "$(stat -c %a "$S9/game/.git/umpire.lock")" = 664 ] ||
		fail "the lock of a shared game is $(stat -c %a "$S9/game/.git/umpire.lock")"
	ok
	for u in 65534 1 65534; do
		as "$u" $UMPIRE bot "$S9/game" >"$TMP/o9.yaml" ||
			fail "bot as uid $u"
		expect_exit 0 as "$u" $UMPIRE turn "$S9/game" "$TMP/o9.yaml"
	done
	expect_exit 0 as 65534 $UMPIRE verify "$S9/game"
	# Another user's repository, not named by safe.directory: git refuses
	# it, and umpire says so, not "not a game".
	rm "$TMP/home65534/.gitconfig"
	expect_exit 77 as 65534 $UMPIRE status "$S9/game"
	expect_err "the repository belongs to another user (uid 1), and git trusts it only if safe.directory names it"
	expect_exit 77 as 65534 $UMPIRE new "$S9/game" --scenario "$TMP/scenario.yaml"
	expect_err "belongs to another user"
else
	echo "$NAME: skip item 9: needs root and setpriv(1) to play as two users"
fi

done_ok
