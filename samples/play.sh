#!/bin/sh
# play.sh UMPIRE: replay the sample game of Army Man Backgammon
# (samples/amb/game: its seed and every player's orders) into a fresh git
# repository in a temporary folder, then show its last report, its
# history and its verification.  `make demo` runs this.
set -eu
UMPIRE=${1:-umpire}
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/amb/game
dir=$(mktemp -d "${TMPDIR:-/tmp}/umpire-demo.XXXXXX")/game

"$UMPIRE" new "$dir" --scenario "$here/amb/standard.yaml" \
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
echo "The game is in $dir: try umpire status $dir, or read its reports/."
