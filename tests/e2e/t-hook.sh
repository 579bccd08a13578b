#!/bin/sh
# A shared git server (umpire hook install): players push orders to
# refs/heads/orders/PLAYER of a bare repository; bad orders are refused
# with umpire's diagnostics in the player's own git push output, good
# ones are adjudicated and committed to main.  Over file:// and over git
# daemon on loopback; racing pushes; a sealed game whose seed the server
# keeps outside the repository.
. "$(dirname "$0")/lib.sh"
command -v git >/dev/null || fail "needs git"
command -v flock >/dev/null || fail "needs flock (util-linux)"

export GIT_AUTHOR_NAME=Player GIT_AUTHOR_EMAIL=player@example.org
export GIT_COMMITTER_NAME=Player GIT_COMMITTER_EMAIL=player@example.org

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
# An empty bare repository, before the host pushed the game: said so,
# with the push to make, and no hook is left behind.
git init -q --bare "$TMP/empty.git" || fail "git init --bare"
expect_exit 66 umpire hook install "$TMP/empty.git"
expect_err "$TMP/empty.git: error: has no branch main, so no game yet: push the game umpire new made to it first (git -C GAME push $TMP/empty.git main)"
[ ! -e "$TMP/empty.git/hooks/pre-receive" ] && [ ! -e "$TMP/empty.git/umpire-work" ] ||
	fail "a refused hook install left files"
expect_exit 64 umpire hook instal "$TMP/empty.git"
expect_err "umpire hook: unknown action 'instal' (did you mean 'install'?); the one there is: install REPO"
ok
git clone -q --bare "$G" "$TMP/shared.git" || fail "clone --bare"
# A main that git has packed is there too.
git -C "$TMP/shared.git" pack-refs --all || fail "git pack-refs"
expect_exit 0 umpire hook install "$TMP/shared.git"
expect_out "adjudicates game amb-"
expect_out "refs/heads/orders/PLAYER"
[ -x "$TMP/shared.git/hooks/pre-receive" ] || fail "no pre-receive hook"
ok

# play CLONE: the bot's orders for the awaited player, committed on his
# branch in CLONE (a clone of the shared repository, main pulled).
play() {
	git -C "$1" fetch -q origin main && git -C "$1" checkout -q -B work origin/main ||
		fail "fetch"
	player=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$1/game.yaml")
	umpire bot "$1" >"$TMP/bot.yaml" || fail "bot"
	git -C "$1" checkout -q -B "orders/$player" origin/main
	cp "$TMP/bot.yaml" "$1/orders.yaml"
	git -C "$1" add orders.yaml && git -C "$1" commit -q -m orders ||
		fail "commit"
}

P=$TMP/player
git clone -q "$TMP/shared.git" "$P" || fail "clone"
play "$P"
expect_exit 0 git -C "$P" push -f origin "orders/$player"
expect_err "remote: umpire: Step 1:"
expect_err "remote: umpire: the report: git fetch origin && git show origin/main:reports/00/0001.md"
git -C "$TMP/shared.git" log -1 --format=%s main | grep -q "^Step 1:" ||
	fail "main has no step 1: $(git -C "$TMP/shared.git" log -1 --format=%s main)"
ok

# Bad orders: refused, the diagnostics in git push's own output, main
# as it was.
before=$(git -C "$TMP/shared.git" rev-parse main)
play "$P"
sed 's/^step: .*/step: 99/' "$P/orders.yaml" >"$TMP/o" && cp "$TMP/o" "$P/orders.yaml"
git -C "$P" commit -q -a -m stale || fail "commit"
expect_exit 1 git -C "$P" push -f origin "orders/$player"
expect_err "remote: orders.yaml:7:7: error: these orders are for step 99, but the game awaits step 2"
expect_err "remote: umpire: push refused; the game is as it was"
[ "$(git -C "$TMP/shared.git" rev-parse main)" = "$before" ] ||
	fail "main moved on refused orders"
ok

# A huge orders.yaml is not even read.
play "$P"
head -c 2000000 /dev/zero | tr '\0' '#' >>"$P/orders.yaml"
git -C "$P" commit -q -a -m huge || fail "commit"
expect_exit 1 git -C "$P" push -f origin "orders/$player"
expect_err "holds no orders.yaml (a file of at most 1 MiB)"

# Orders on another player's branch, and a push to main: refused.
play "$P"
other=$( [ "$player" = green ] && echo tan || echo green)
expect_exit 1 git -C "$P" push -f origin "HEAD:orders/$other"
# The branch's player, and the file's, each named as what it is.
expect_err "umpire: refs/heads/orders/$other: orders.yaml is not $other's (it says player: $player); push each player's orders to his own branch, orders/$player"
expect_exit 1 git -C "$P" push origin HEAD:main
expect_err "only umpire writes the game's branches"

# Over git daemon on loopback.
port=$((20000 + $$ % 20000))
git daemon --reuseaddr --listen=127.0.0.1 --port=$port --base-path="$TMP" \
	--export-all --enable=receive-pack --detach \
	--pid-file="$TMP/daemon.pid" "$TMP" || fail "git daemon"
trap 'kill "$(cat "$TMP/daemon.pid" 2>/dev/null)" 2>/dev/null; rm -rf "$TMP"' EXIT
i=0
until git ls-remote "git://127.0.0.1:$port/shared.git" >/dev/null 2>&1; do
	i=$((i + 1)); [ $i -lt 50 ] || fail "git daemon did not answer"; sleep 0.1
done
D=$TMP/remote
git clone -q "git://127.0.0.1:$port/shared.git" "$D" || fail "clone git://"
play "$D"
expect_exit 0 git -C "$D" push -f origin "orders/$player"
expect_err "remote: umpire: Step 2:"
ok

# Racing pushes: the same orders from two clones at once.  One step is
# made; the other is refused, in the check or when its turn came; the
# history stays whole.
Q=$TMP/racer
git clone -q "$TMP/shared.git" "$Q" || fail "clone"
play "$P"
play "$Q"
cp "$P/orders.yaml" "$Q/orders.yaml"
git -C "$Q" commit -q -a -m same --allow-empty || fail "commit"
git -C "$P" push -f origin "orders/$player" >"$TMP/p1" 2>&1 &
p1=$!
git -C "$Q" push -f "git://127.0.0.1:$port/shared.git" "orders/$player" \
	>"$TMP/p2" 2>&1 &
p2=$!
wait $p1; wait $p2
steps=$(git -C "$TMP/shared.git" log --format=%s main | grep -c '^Step ')
[ "$steps" = 4 ] || fail "racing pushes made $steps steps (0 to 3 wanted):
$(cat "$TMP/p1" "$TMP/p2")"
ok
git clone -q "$TMP/shared.git" "$TMP/check" || fail "clone"
expect_exit 0 umpire verify "$TMP/check"
expect_out "every state, report, picture and roll matches"

# A sealed game: the server keeps the seed outside the repository.
S=$TMP/seed
umpire new "$TMP/sealed" --scenario "$SCENARIO" --sealed --seed-file "$S" \
	>/dev/null || fail "new --sealed"
git clone -q --bare "$TMP/sealed" "$TMP/sealed.git" || fail "clone --bare"
expect_exit 0 umpire hook install "$TMP/sealed.git" --seed-file "$S"
grep -q "$S" "$TMP/sealed.git/hooks/post-receive" || fail "the hook has no seed file"
git clone -q "$TMP/sealed.git" "$TMP/sp" || fail "clone"
play "$TMP/sp"
expect_exit 0 git -C "$TMP/sp" push -f origin "orders/$player"
expect_err "remote: umpire: Step 1:"
! git -C "$TMP/sealed.git" grep -q "$(cat "$S")" main -- 2>/dev/null ||
	fail "the seed is in the repository"
ok

# Hooks umpire did not write are kept unless --force.
printf '#!/bin/sh\nexit 0\n' >"$TMP/sealed.git/hooks/pre-receive"
expect_exit 73 umpire hook install "$TMP/sealed.git" --seed-file "$S"
expect_err "a hook umpire did not write is there"
expect_exit 0 umpire hook install "$TMP/sealed.git" --seed-file "$S" --force
expect_exit 64 umpire hook install "$G"
expect_err "not a bare git repository"

done_ok
