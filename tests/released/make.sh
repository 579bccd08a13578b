#!/bin/sh
# make.sh UMPIRE: the games of tests/released/VERSION/, played by a
# released umpire (UMPIRE, built from that release's commit), for
# t-released.sh to verify with every later umpire.  Each is a git bundle
# of a game's history, its scenario built in, STEPS steps of the bot
# against itself; the sealed ones (bgw, amb:mines) signed with the
# published test keys and their seed beside them, so that verify can
# re-derive what they hide.  Written once per release and committed:
# a later umpire that cannot verify them has broken that release's games.
#
#   git worktree add /tmp/old v0.5.0-commit && make -C /tmp/old
#   sh tests/released/make.sh /tmp/old/build/umpire
set -eu
UMPIRE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
STEPS=${STEPS:-16}
VERSION=$("$UMPIRE" --version | awk '{ print $2 }')
OUT=$TOP/tests/released/$VERSION
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export UMPIRE_ALLOW_TEST_KEYS=1
mkdir -p "$OUT"

for scenario in amb amb:mines armymen bgw vsgmr wwii; do
	name=$(echo "$scenario" | tr : -)
	G=$TMP/$name
	seed=$(printf '%064x' 7)
	keys=
	case $scenario in
	bgw) keys="white black" ;;
	amb:mines) keys="green tan" ;;
	esac
	if [ -n "$keys" ]; then
		echo "$seed" >"$OUT/$name.seed"
		set --
		for who in $keys; do
			set -- "$@" --key "$who=$TOP/tests/crypto/test-key-$who-ed25519.pub"
			cp "$TOP/tests/crypto/test-key-$who-ed25519" "$TMP/key-$who"
			chmod 600 "$TMP/key-$who"
		done
		"$UMPIRE" new "$G" --scenario "$scenario" --sealed \
			--seed-file "$OUT/$name.seed" --date 2026-12-07T00:00:00Z "$@" >/dev/null
	else
		"$UMPIRE" new "$G" --scenario "$scenario" --seed "$seed" \
			--date 2026-12-07T00:00:00Z >/dev/null
	fi
	i=0
	n=$STEPS
	[ -n "$keys" ] && n=$((STEPS / 2))
	while [ $i -lt "$n" ] &&
	    UMPIRE_SEED=$seed "$UMPIRE" bot "$G" >"$TMP/o.yaml" 2>/dev/null; do
		if [ -n "$keys" ]; then
			who=$(sed -n 's/^player: //p' "$TMP/o.yaml")
			rm -f "$TMP/o.yaml.sig"
			ssh-keygen -q -Y sign -n umpire -f "$TMP/key-$who" "$TMP/o.yaml"
			"$UMPIRE" turn "$G" "$TMP/o.yaml" \
				--seed-file "$OUT/$name.seed" >/dev/null
		else
			"$UMPIRE" turn "$G" "$TMP/o.yaml" >/dev/null
		fi
		i=$((i + 1))
	done
	git -C "$G" bundle create -q "$OUT/$name.bundle" main
	echo "$name: $i steps, $(wc -c <"$OUT/$name.bundle") bytes"
done

# Default steps: games that hide, whose deadlines play the bot at level 2
# (its search, and the version verify must draw it again by), every step
# one that umpire tick commits, two hours after the one before; dated
# a week before the release, so that no step lies in verify's future.
t0=$(date -u -d 2026-12-01T00:00:00Z +%s)
for scenario in bgw amb:mines; do
	name=$(echo "$scenario" | tr : -)-deadlines
	G=$TMP/$name
	case $scenario in
	bgw) file=samples/bgw/standard.yaml keys="white black" ;;
	amb:mines) file=samples/amb/mines.yaml keys="green tan" ;;
	esac
	{ cat "$TOP/$file"
	  echo "deadlines: {decision: 1h, default: bot, bot-level: 2}"; } >"$TMP/$name.yaml"
	printf '%064x\n' 7 >"$OUT/$name.seed"
	set --
	for who in $keys; do
		set -- "$@" --key "$who=$TOP/tests/crypto/test-key-$who-ed25519.pub"
	done
	"$UMPIRE" new "$G" --scenario "$TMP/$name.yaml" --sealed \
		--seed-file "$OUT/$name.seed" --date "$t0" "$@" >/dev/null
	i=0
	while [ $i -lt "$((STEPS / 4))" ]; do
		i=$((i + 1))
		"$UMPIRE" tick "$G" --now "$((t0 + i * 7200))" \
			--seed-file "$OUT/$name.seed" >/dev/null
	done
	git -C "$G" bundle create -q "$OUT/$name.bundle" main
	echo "$name: $(git -C "$G" rev-list --count main) commits, $(wc -c <"$OUT/$name.bundle") bytes"
done

# VSGMR with every force the bot's (tests/released/vsgmr-allbot.yaml, the
# solo sample with both sides the bot's, 18 inches apart): the whole
# game is played at set-up, sight and cover included.
for s in 5 7; do
	G=$TMP/vsgmr-allbot-$s
	"$UMPIRE" new "$G" --scenario "$TOP/tests/released/vsgmr-allbot.yaml" \
		--seed "$(printf '%064x' "$s")" --date "$t0" >/dev/null
	git -C "$G" bundle create -q "$OUT/vsgmr-allbot-$s.bundle" main
	echo "vsgmr-allbot-$s: $(wc -c <"$OUT/vsgmr-allbot-$s.bundle") bytes"
done
