#!/bin/sh
# Standing orders (issue 26 item 2, umpire-files(5) Standing orders):
# the sample game of WWII Combined Arms replayed with each side's whole
# deployment in one letter, its first placement's, reaches the same end
# as when played decision by decision, the choices being the same; the
# placements are steps of umpire's, with their trailer, which verify
# re-derives; orders no longer legal when their decision comes are
# dropped and the game waits for the player; a forged standing step is
# refused by verify.
. "$(dirname "$0")/lib.sh"

SAMPLE=$TOP/samples/wwii/game
SEED=$(cat "$SAMPLE/seed")
state_of() { sed '/^date:/d;/^deadline:/d' "$1/game.yaml"; }

# Decision by decision: the sample as samples/play.sh plays it, the
# game to compare with (by drawer, lib.sh: under valgrind the standing
# game below is the one to watch, and these 59 calls would double it).
drawer new "$TMP/one" --scenario "$TOP/samples/wwii/standard.yaml" \
	--seed "$SEED" >/dev/null || fail "new failed"
for o in "$SAMPLE"/orders/*.yaml; do
	drawer turn "$TMP/one" "$o" >/dev/null || fail "turn $o failed"
done
ok

# The same with standing placements: each side's first placement
# carries all its others, in the sample's order; the files of those
# decisions are not sent.
umpire new "$TMP/two" --scenario "$TOP/samples/wwii/standard.yaml" \
	--seed "$SEED" >/dev/null || fail "new failed"
letters=0
for o in "$SAMPLE"/orders/*.yaml; do
	side=$(sed -n 's/^player: //p' "$o")
	if grep -q '^place:' "$o"; then
		[ -e "$TMP/sent-$side" ] && continue
		: >"$TMP/sent-$side"
		cp "$o" "$TMP/first.yaml"
		echo "standing:" >>"$TMP/first.yaml"
		for later in "$SAMPLE"/orders/*-"$side".yaml; do
			[ "$later" = "$o" ] && continue
			p=$(sed -n 's/^place: //p' "$later")
			[ -n "$p" ] || continue
			printf '  - kind: place\n    orders: {place: %s}\n' "$p" \
				>>"$TMP/first.yaml"
		done
		o=$TMP/first.yaml
	fi
	umpire turn "$TMP/two" "$o" >/dev/null || fail "turn $o failed"
	letters=$((letters + 1))
done
[ "$letters" = $((59 - 30)) ] || fail "$letters letters, expected 29"
ok
state_of "$TMP/one" >"$TMP/one.state"
state_of "$TMP/two" >"$TMP/two.state"
cmp -s "$TMP/one.state" "$TMP/two.state" ||
	fail "the games end differently: $(diff "$TMP/one.state" "$TMP/two.state" | head -20)"
ok
last=$(cd "$TMP/one/reports/00" && ls | grep -E '^[0-9]+\.md$' | tail -n 1)
sed '/^date\|Receipt\|^| /d' "$TMP/one/reports/00/$last" >"$TMP/one.md"
[ -s "$TMP/one.md" ] || fail "no last report"
sed '/^date\|Receipt\|^| /d' "$TMP/two/reports/00/$last" >"$TMP/two.md"
cmp -s "$TMP/one.md" "$TMP/two.md" || fail "the last reports differ"
ok

# The 30 placements after the first two are umpire's steps, each with
# the sample's placement and the trailer naming the step that sent it.
n=$(git -C "$TMP/two" log --format=%an | grep -c '^umpire$')
[ "$n" = 31 ] || fail "$n commits of umpire's, expected 31 (set-up and 30 placements)"
ok
git -C "$TMP/two" log -1 --format=%B "$(git -C "$TMP/two" log --format=%H \
	--grep='place a unit' | sed -n 2p)" >"$TMP/msg"
grep -q '^Standing-Orders: [34]$' "$TMP/msg" || fail "no trailer: $(cat "$TMP/msg")"
ok
for f in "$TMP"/two/orders/00/00[0-3][0-9]-*.yaml; do
	b=$(basename "$f")
	[ "$(sed -n 's/^place: //p' "$f")" = \
	  "$(sed -n 's/^place: //p' "$SAMPLE/orders/$b")" ] ||
		fail "$b places otherwise than the sample"
done
ok
grep -q '^# standing orders for allies. place, sent with the orders of step 3' \
	"$TMP/two/orders/00/0005-allies.yaml" || fail "0005-allies.yaml: $(head -2 "$TMP/two/orders/00/0005-allies.yaml")"
ok
expect_exit 0 umpire verify "$TMP/two"
expect_out "every state, report, picture and roll matches"

# Orders no longer legal when their decision comes: the allies' second
# placement names the square their first takes.  The axis's next step
# says why, and the game waits for the allies.
umpire new "$TMP/three" --scenario "$TOP/samples/wwii/standard.yaml" \
	--seed "$SEED" >/dev/null || fail "new failed"
for o in "$SAMPLE"/orders/000[12]-*.yaml; do
	umpire turn "$TMP/three" "$o" >/dev/null || fail "turn $o failed"
done
at=$(sed -n 's/^place: {unit: [a-z0-9-]*, at: \([a-z0-9]*\)}/\1/p' \
	"$SAMPLE/orders/0003-allies.yaml")
cp "$SAMPLE/orders/0003-allies.yaml" "$TMP/bad.yaml"
printf 'standing:\n  - kind: place\n    orders: {place: {unit: a-inf1, at: %s}}\n' \
	"$at" >>"$TMP/bad.yaml"
expect_exit 0 umpire turn "$TMP/three" "$TMP/bad.yaml"
expect_exit 0 umpire turn "$TMP/three" "$SAMPLE/orders/0004-axis.yaml"
expect_out "allies' standing orders for place, sent with the orders of step 3, are not legal now"
expect_out "$at is held by"
expect_exit 0 umpire status "$TMP/three"
expect_out "awaiting: step 5, allies' place"
grep -q '^standing:' "$TMP/three/game.yaml" && fail "the refused orders still stand"
ok
expect_exit 0 umpire verify "$TMP/three"

# A forged standing step: the standing placements of two, replayed by
# hand with another square as umpire's, is refused.
umpire new "$TMP/four" --scenario "$TOP/samples/wwii/standard.yaml" \
	--seed "$SEED" >/dev/null || fail "new failed"
for o in "$SAMPLE"/orders/000[12]-*.yaml; do
	umpire turn "$TMP/four" "$o" >/dev/null || fail "turn $o failed"
done
cp "$SAMPLE/orders/0003-allies.yaml" "$TMP/s.yaml"
printf 'standing:\n  - kind: place\n    orders: {place: {unit: a-inf1, at: a1}}\n' \
	>>"$TMP/s.yaml"
cp "$TMP/s.yaml" "$TMP/s2.yaml"
printf '    else:\n      - {place: {unit: a-inf1, at: a2}}\n  - kind: place\n    hold: true\n    orders: {place: {unit: a-inf2, at: a3}}\n' \
	>>"$TMP/s2.yaml"
umpire turn "$TMP/four" "$TMP/s2.yaml" >/dev/null || fail "turn failed"
# What stands, in status and in the player's template (not the other's).
expect_exit 0 umpire status "$TMP/four"
cat >"$TMP/want" <<'EOF2'
awaiting: step 4, axis' place (Axis Player)
standing: allies' place, sent with the orders of step 3, once, 1 alternative
          allies' place, sent with the orders of step 3, held until replaced
reports:  
EOF2
sed -n '/^awaiting: step/,/^reports:/p' "$TMP/out" | sed 's/^reports:  .*/reports:  /' |
	cmp -s - "$TMP/want" || fail "status: $(cat "$TMP/out")"
ok
expect_exit 0 umpire orders "$TMP/four" --as allies
cat >"$TMP/want" <<'EOF2'
#
# Your standing orders (umpire-files(5), Standing orders; a standing:
# list in these orders replaces them all):
#   place, sent with the orders of step 3, once, 1 alternative
#   place, sent with the orders of step 3, held until replaced
EOF2
sed -n '/^# Your standing orders/,/^#$/p' "$TMP/out" | sed '$d' |
	{ echo "#"; cat; } | cmp -s - "$TMP/want" || fail "orders: $(head -20 "$TMP/out")"
ok
expect_exit 0 umpire orders "$TMP/four"
grep -q "standing" "$TMP/out" && fail "axis' template shows allies' standing orders"
ok
umpire turn "$TMP/four" "$SAMPLE/orders/0004-axis.yaml" >/dev/null ||
	fail "turn failed"
sed -i 's/at: a1}$/at: a4}/' "$TMP/four/orders/00/0005-allies.yaml" 2>/dev/null ||
	fail "no standing step 5"
git -C "$TMP/four" -c user.name=umpire -c user.email=umpire@umpire.invalid \
	commit -q --amend -a --no-edit || fail "amend failed"
expect_exit 65 umpire verify "$TMP/four"
expect_err "not the standing orders allies sent with the orders of step 3"

# Orders a player signed for a decision that his standing orders
# answered contest nothing: the standing step holds his own orders, sent
# and signed with an earlier step's, and verify says so, not that a
# default step replaced them.
K=$TOP/tests/crypto
sed -e "s|^  allies: {\(.*\)}|  allies: {\1, key: \"$(cat "$K/test-key-green-ed25519.pub")\"}|" \
    -e "s|^  axis: {\(.*\)}|  axis: {\1, key: \"$(cat "$K/test-key-tan-ed25519.pub")\"}|" \
	"$TOP/samples/wwii/standard.yaml" >"$TMP/keyed.yaml"
grep -q 'key: "ssh-ed25519' "$TMP/keyed.yaml" || fail "no keys in the scenario"
test_keys green tan
umpire new "$TMP/six" --scenario "$TMP/keyed.yaml" --seed "$SEED" >/dev/null ||
	fail "new failed"
id=$(sed -n 's/^game: //p' "$TMP/six/game.yaml")
for o in "$SAMPLE"/orders/000[12]-*.yaml "$TMP/s.yaml" \
    "$SAMPLE/orders/0004-axis.yaml"; do
	sed "s/^game: .*/game: $id/" "$o" >"$TMP/signed.yaml"
	case $(sed -n 's/^player: //p' "$o") in
	allies) sign green "$TMP/signed.yaml" ;;
	*) sign tan "$TMP/signed.yaml" ;;
	esac
	umpire turn "$TMP/six" "$TMP/signed.yaml" >/dev/null || fail "turn $o failed"
done
git -C "$TMP/six" log -1 --format=%B | grep -q '^Standing-Orders: 3$' ||
	fail "no standing step 5"
sed "s/^game: .*/game: $id/" "$SAMPLE/orders/0005-allies.yaml" >"$TMP/late.yaml"
sign green "$TMP/late.yaml"
expect_exit 0 umpire verify "$TMP/six" --contest "$TMP/late.yaml"
expect_out "contest $TMP/late.yaml: step 5 holds the standing orders its player sent with the orders of step 3, not these: no default step replaced them"

# A default step at a deadline brings a decision that standing orders
# answer: tick applies them after it, as turn would have, and says so,
# in text and in JSON.
{ cat "$TOP/samples/wwii/standard.yaml"
  printf 'deadlines:\n  decision: 72h\n  default: bot\n'; } >"$TMP/dl.yaml"
umpire new "$TMP/seven" --scenario "$TMP/dl.yaml" --seed "$SEED" >/dev/null ||
	fail "new failed"
id=$(sed -n 's/^game: //p' "$TMP/seven/game.yaml")
for o in "$SAMPLE"/orders/000[12]-*.yaml "$TMP/s.yaml"; do
	sed "s/^game: .*/game: $id/" "$o" >"$TMP/o.yaml"
	umpire turn "$TMP/seven" "$TMP/o.yaml" >/dev/null || fail "turn $o failed"
done
due=$(( $(git -C "$TMP/seven" log -1 --format=%ct) + 72 * 3600 + 1 ))
cp -R "$TMP/seven" "$TMP/seven-json"
expect_exit 0 umpire tick "$TMP/seven-json" --now "$due" --format json
python3 - "$TMP/out" <<'PY' || fail "tick --format json: $(cat "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert [(x["step"], x["player"], x["default"]) for x in d["defaults"]] == \
    [(4, "axis", "bot")], d
assert d["standing"] == [{"step": 5, "player": "allies", "kind": "place",
                          "from": 3}], d
assert d["awaiting"]["step"] == 6 and d["awaiting"]["player"] == "axis", d
PY
ok
expect_exit 0 umpire tick "$TMP/seven" --now "$due"
expect_out "tick: no orders from axis by "
expect_out "umpire played the bot's orders for axis' place at step 4"
expect_out "tick: umpire applied the standing orders due after step 4 at step 5"
expect_out "tick: step 6 of "
git -C "$TMP/seven" log -1 --format=%B | grep -q '^Standing-Orders: 3$' ||
	fail "no standing step 5: $(git -C "$TMP/seven" log -1 --format=%B)"
ok
[ "$(git -C "$TMP/seven" rev-parse HEAD:game.yaml)" = \
  "$(git -C "$TMP/seven-json" rev-parse HEAD:game.yaml)" ] ||
	fail "tick --format json made another game"
ok
expect_exit 0 umpire verify "$TMP/seven" --now 4102444800

# A call that dies between a player's step and the standing steps due
# after it (here killed as it writes the first of them): tick applies
# them, as turn would have, and the game is the one turn makes.
if [ -n "${UMPIRE_HOOKS:-}" ]; then
	umpire new "$TMP/five" --scenario "$TOP/samples/wwii/standard.yaml" \
		--seed "$SEED" >/dev/null || fail "new failed"
	for o in "$SAMPLE"/orders/000[12]-*.yaml; do
		umpire turn "$TMP/five" "$o" >/dev/null || fail "turn $o failed"
	done
	umpire turn "$TMP/five" "$TMP/s.yaml" >/dev/null || fail "turn failed"
	: >"$TMP/count"
	UMPIRE_HOOK_OBJECTS="echo >>'$TMP/count'; [ \$(wc -l <'$TMP/count') -lt 2 ] || kill -9 \$PPID" \
		$UMPIRE_HOOKS turn "$TMP/five" "$SAMPLE/orders/0004-axis.yaml" \
		>/dev/null 2>&1 && fail "the call was not killed"
	[ -e "$TMP/five/orders/00/0004-axis.yaml" ] || fail "no step 4"
	[ -e "$TMP/five/orders/00/0005-allies.yaml" ] && fail "step 5 was made"
	expect_exit 0 umpire status "$TMP/five"
	expect_out "awaiting: step 5, allies' place"
	# tick --format json lists the standing steps it committed.
	cp -R "$TMP/five" "$TMP/five-json"
	expect_exit 0 umpire tick "$TMP/five-json" --format json
	python3 - "$TMP/out" <<'PY' || fail "tick --format json: $(cat "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["standing"] == [{"step": 5, "player": "allies", "kind": "place",
                          "from": 3}], d
assert d["defaults"] == [] and d["policy"] is False, d
PY
	ok
	expect_exit 0 umpire tick "$TMP/five"
	expect_out "tick: umpire applied the standing orders due after step 4 at step 5"
	[ "$(git -C "$TMP/five" log -1 --format=%B | grep '^Standing-Orders:')" = \
	  "$(git -C "$TMP/four" log -1 --format=%B HEAD | grep '^Standing-Orders:')" ] ||
		fail "step 5: $(git -C "$TMP/five" log -1 --format=%B)"
	sed 's/at: a4}$/at: a1}/' "$TMP/four/orders/00/0005-allies.yaml" |
		cmp -s - "$TMP/five/orders/00/0005-allies.yaml" ||
		fail "step 5 places otherwise than turn's"
	ok
	expect_exit 0 umpire tick "$TMP/five"
	expect_out "nothing to do"
	expect_exit 0 umpire verify "$TMP/five"
fi

done_ok
