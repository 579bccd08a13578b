#!/bin/sh
# play.sh [UMPIRE]: replay the sample games, Army Man Backgammon
# (samples/amb/game), WWII Combined Arms (samples/wwii/game), Army Men
# (samples/armymen/game), the first 40 steps of a game of Backgammon
# Wars (samples/bgw/game) and a four-player Basic Game of Very Simple
# Generic Miniatures Rules (samples/vsgmr/game): each is its seed and
# every player's orders.
# The Backgammon Wars game hides its players' hands, so it is sealed:
# its seed (published here, as a sample's may be) is given to every
# call, and each orders file carries its player's signature, made with
# ssh-keygen -Y sign and the published test keys of tests/crypto.
#
# Each game is replayed into a fresh git repository in a temporary
# folder, a dot a step, then the start of its last report (up to the
# board), the start of its history and what verify says of it are shown,
# and last what to type next.  `make demo` runs this; it stays under 150
# lines with the build's (tests/e2e/t-demo.sh holds it there), so a
# newcomer reads it on one or two screens.
set -eu
UMPIRE=${1:-umpire}
here=$(cd "$(dirname "$0")" && pwd)
top=$(mktemp -d "${TMPDIR:-/tmp}/umpire-demo.XXXXXX")
keys=$here/../tests/crypto

count() { echo $#; }

replay() {
	ruleset=$1
	sample=$here/$ruleset/game
	dir=$top/$ruleset
	printf '==> %s: replaying %d orders files into %s ' "$ruleset" \
		"$(count "$sample"/orders/*.yaml)" "$dir"
	if [ "$ruleset" = bgw ]; then
		set -- --seed-file "$sample/seed"
		# A sample, not a game: umpire new takes the test keys only so.
		UMPIRE_ALLOW_TEST_KEYS=1 "$UMPIRE" new "$dir" \
			--scenario "$here/$ruleset/standard.yaml" --sealed "$@" \
			--key white="$keys/test-key-white-ed25519.pub" \
			--key black="$keys/test-key-black-ed25519.pub" >/dev/null
	else
		set --
		"$UMPIRE" new "$dir" --scenario "$here/$ruleset/standard.yaml" \
			--seed "$(cat "$sample/seed")" >/dev/null
	fi
	for orders in "$sample"/orders/*.yaml; do
		"$UMPIRE" turn "$dir" "$orders" "$@" >/dev/null
		printf .
	done
	echo
	# The newest report, in reports/NN/, the folder of its hundred
	# steps (umpire-files(5), Layout), which also holds each step's
	# picture (NNNN.svg) and private views: picked by name.
	last=$(cd "$dir" && ls -d reports/[0-9]*/* | grep -E '/[0-9]+\.md$' |
		tail -n 1)
	echo "==> the last report, up to its board: less $dir/$last"
	awk '/^## Board/ { exit } { print }' "$dir/$last"
	echo "==> git -C $dir log --oneline" \
		"(the newest 2 of $(git -C "$dir" rev-list --count HEAD) commits)"
	git -C "$dir" log --oneline -n 2
	echo "==> umpire verify $dir${*:+ $*}"
	"$UMPIRE" verify "$dir" "$@"
}

for ruleset in amb wwii armymen bgw vsgmr; do
	replay "$ruleset"
done

case $UMPIRE in
*/*) path=$(cd "$(dirname "$UMPIRE")" && pwd) ;;
*) path= ;;
esac
echo
echo "==> What next: the games are in $top/ (amb wwii armymen bgw vsgmr)"
if [ -n "$path" ]; then
	echo "export PATH=$path:\$PATH    # umpire on your PATH (or: make install PREFIX=\$HOME/.local)"
fi
echo "umpire status $top/wwii    # the board, and whose turn it is"
echo "umpire new mygame --scenario amb    # a game of your own: README.md, A tour"
echo "man ./man/umpire.1    # the manual, before make install (and man ./man/umpire-amb.7)"
