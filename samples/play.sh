#!/bin/sh
# play.sh UMPIRE: replay the sample games, Army Man Backgammon
# (samples/amb/game), WWII Combined Arms (samples/wwii/game) and Army Men
# (samples/armymen/game): each is
# its seed and every player's orders.  Each game is replayed into a
# fresh git repository in a temporary folder, then its last report, its
# history and its verification are shown.  `make demo` runs this.
set -eu
UMPIRE=${1:-umpire}
here=$(cd "$(dirname "$0")" && pwd)
top=$(mktemp -d "${TMPDIR:-/tmp}/umpire-demo.XXXXXX")

replay() {
	ruleset=$1
	sample=$here/$ruleset/game
	dir=$top/$ruleset
	"$UMPIRE" new "$dir" --scenario "$here/$ruleset/standard.yaml" \
		--seed "$(cat "$sample/seed")" >/dev/null
	for orders in "$sample"/orders/*.yaml; do
		"$UMPIRE" turn "$dir" "$orders" >/dev/null
	done
	last=$(ls "$dir/reports" | tail -n 1)
	echo "==> the last report, $dir/reports/$last"
	echo
	cat "$dir/reports/$last"
	echo
	echo "==> git -C $dir log --oneline"
	git -C "$dir" log --oneline
	echo
	echo "==> umpire verify $dir"
	"$UMPIRE" verify "$dir"
	echo
}

replay amb
replay wwii
replay armymen
echo "The games are in $top/amb, $top/wwii and $top/armymen: try umpire"
echo "status on any of them, or read its reports/."
