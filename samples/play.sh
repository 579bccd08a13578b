#!/bin/sh
# play.sh UMPIRE: replay the sample games, Army Man Backgammon
# (samples/amb/game), WWII Combined Arms (samples/wwii/game), Army Men
# (samples/armymen/game), the first 40 steps of a game of Backgammon
# Wars (samples/bgw/game) and a four-player Basic Game of Very Simple
# Generic Miniatures Rules (samples/vsgmr/game): each is its seed and
# every player's orders.
# The Backgammon Wars game hides its players' hands, so it is sealed:
# its seed (published here, as a sample's may be) is given to every
# call, and each orders file carries its player's signature, made with
# ssh-keygen -Y sign and the published test keys of tests/crypto.  Each game is replayed into a
# fresh git repository in a temporary folder, then its last report, its
# history and its verification are shown.  `make demo` runs this.
set -eu
UMPIRE=${1:-umpire}
here=$(cd "$(dirname "$0")" && pwd)
top=$(mktemp -d "${TMPDIR:-/tmp}/umpire-demo.XXXXXX")
keys=$here/../tests/crypto

replay() {
	ruleset=$1
	sample=$here/$ruleset/game
	dir=$top/$ruleset
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
	done
	last=$(ls "$dir/reports" | tail -n 1)
	echo "==> the last report, $dir/reports/$last"
	echo
	cat "$dir/reports/$last"
	echo
	echo "==> git -C $dir log --oneline"
	git -C "$dir" log --oneline
	echo
	echo "==> umpire verify $dir $*"
	"$UMPIRE" verify "$dir" "$@"
	echo
}

replay amb
replay wwii
replay armymen
replay bgw
replay vsgmr
echo "The games are in $top/amb, $top/wwii, $top/armymen, $top/bgw and $top/vsgmr:"
echo "try umpire status on any of them, or read its reports/."
