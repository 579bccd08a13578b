#!/bin/sh
# Games made by released umpires (tests/released/VERSION/, written once
# by tests/released/make.sh with that release's own build) verify with
# this umpire, byte for byte where their steps' states, rolls, receipts
# and commits are concerned; and this umpire plays on from where they
# stopped, and verifies the history that mixes both versions.  A change
# of what a step decides or writes that is not gated on a later version
# (src/game/version.h) breaks these games, and this test.
. "$(dirname "$0")/lib.sh"
export UMPIRE_ALLOW_TEST_KEYS=1

n=0
for bundle in "$TOP"/tests/released/*/*.bundle; do
	[ -f "$bundle" ] || fail "no released games in tests/released"
	version=$(basename "$(dirname "$bundle")")
	name=$(basename "$bundle" .bundle)
	G=$TMP/$version-$name
	git clone -q -b main "$bundle" "$G" 2>"$TMP/clone.err" ||
		fail "$version/$name: git clone: $(cat "$TMP/clone.err")"
	seed=${bundle%.bundle}.seed
	sealed=
	[ -f "$seed" ] && sealed="--seed-file $seed"
	steps=$(git -C "$G" rev-list --count HEAD)
	expect_exit 0 umpire verify "$G" $sealed
	expect_out "verified "
	expect_out " $steps step"
	expect_out "umpire $version (not this umpire"

	# Two steps more by this umpire (the bot's orders, signed with the
	# published test keys where the game is sealed), then verify again;
	# but for a game already over (VSGMR's bots fight it out at set-up).
	if grep -q '^result:' "$G/game.yaml"; then
		n=$((n + 1))
		continue
	fi
	i=0
	while [ $i -lt 2 ]; do
		umpire bot "$G" >"$TMP/o.yaml" $sealed ||
			fail "$version/$name: bot after step $((steps + i - 1))"
		if [ -n "$sealed" ]; then
			who=$(sed -n 's/^player: //p' "$TMP/o.yaml")
			test_keys "$who"
			rm -f "$TMP/o.yaml.sig"
			ssh-keygen -q -Y sign -n umpire -f "$TMP/$who" "$TMP/o.yaml" ||
				fail "ssh-keygen -Y sign"
		fi
		umpire turn "$G" "$TMP/o.yaml" $sealed >/dev/null 2>"$TMP/turn.err" ||
			fail "$version/$name: this umpire's turn after the release's steps: $(cat "$TMP/turn.err")"
		i=$((i + 1))
	done
	expect_exit 0 umpire verify "$G" $sealed
	expect_out " $((steps + 2)) steps re-adjudicated"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n released games"
done_ok
