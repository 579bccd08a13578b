#!/bin/sh
# Nothing secret changes a size (issue 24): measured as a hostile
# opponent would, from the files alone.  Games of Backgammon Wars and of
# Army Man Backgammon's minefields that differ only in their seeds, so
# in the hands dealt and the mines laid, give encrypted files of one
# size a kind (views, their pictures, the secret part), at step 0 and
# all along; umpire seal and the bot seal blocks of one size, whatever
# they hold; the bot's standing reactions have one shape; and a history
# made before umpire padded still verifies.
. "$(dirname "$0")/lib.sh"

test_keys white black green tan
command -v age >/dev/null || fail "the real age is needed (Debian package age)"

# sizes GAME...: "KIND SIZE" for every encrypted file of the games,
# KIND the file's name without its step ("-white.md.age").
sizes() {
	for g; do
		# reports/NN/ in a game laid out by hundreds (0.5.0), else reports/.
		for f in "$g"/reports/*.age "$g"/reports/*/*.age; do
			[ -e "$f" ] || continue
			printf '%s %s\n' "$(basename "$f" | sed 's/^[0-9]*//')" \
				"$(wc -c <"$f")"
		done
	done | sort -u
}
# one_size GAME...: every kind has one size in all the games.
one_size() {
	sizes "$@" >"$TMP/sizes"
	[ -s "$TMP/sizes" ] || fail "no encrypted file in $*"
	bad=$(cut -d' ' -f1 "$TMP/sizes" | uniq -d)
	[ -z "$bad" ] || fail "the sizes of encrypted files tell secrets:
$(grep -F -e "$(echo "$bad" | head -n 3)" "$TMP/sizes")"
	ok
}
# play_signed GAME SEED N: N steps of the host's bot, every orders file
# signed by its player (by drawer, lib.sh: what this test checks is the
# sizes of what the steps encrypt, and valgrind watches sealed turns in
# t-mines, t-sealed and t-hostile-sealed).
play_signed() {
	i=0
	while [ $i -lt "$3" ]; do
		UMPIRE_SEED=$2 drawer bot "$1" >"$TMP/b.yaml" 2>"$TMP/err" || break
		who=$(sed -n 's/^player: //p' "$TMP/b.yaml")
		sign "$who" "$TMP/b.yaml"
		UMPIRE_SEED=$2 drawer turn "$1" "$TMP/b.yaml" >"$TMP/out" \
			2>"$TMP/err" || fail "turn $i of $1: $(cat "$TMP/err")"
		i=$((i + 1))
	done
}

# 1. Six Backgammon Wars games: six deals, one size a kind at step 0.
# Under valgrind (UMPIRE_SLOW) three, and two minefields in 3.: what
# valgrind looks for, each call's use of memory, more games of one kind
# would not find, and each call costs it about a second.
deals="1 2 3 4 5 6"
fields="1 2 3 4"
[ -n "${UMPIRE_SLOW:-}" ] && deals="1 2 3" fields="1 2"
games=""
for s in $deals; do
	seed=$(printf '%064x' "$s")
	expect_exit 0 umpire new "$TMP/bgw$s" --scenario bgw --sealed --seed "$seed" \
		$(keys_for bgw)
	games="$games $TMP/bgw$s"
done
one_size $games
# The padding is a last line of spaces: age -d shows the view as it was.
age -d -i "$TMP/white" "$TMP/bgw1/reports/00/0000-white.md.age" >"$TMP/view" ||
	fail "age cannot open the padded view"
grep -q "^# White's hand" "$TMP/view" || fail "the view: $(head "$TMP/view")"
[ "$(tail -n 1 "$TMP/view" | tr -d ' ')" = "" ] &&
	[ "$(tail -n 2 "$TMP/view" | head -n 1)" = '```' ] ||
	fail "the view does not end in its block, then a line of spaces"
ok
age -d -i "$TMP/black" "$TMP/bgw1/reports/00/0000-black.svg.age" >"$TMP/svg" ||
	fail "age cannot open the padded picture"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
	"$TMP/svg" || fail "the padded picture is no XML document"
ok
# status shows the view without its padding.
expect_exit 0 umpire status "$TMP/bgw1" --as white --identity "$TMP/white"
[ "$(tail -c 1 "$TMP/out" | od -An -c | tr -d ' ')" = '\n' ] &&
	! grep -q '^  *$' "$TMP/out" || fail "status shows the padding"
ok

# 2. Three of them played on: the draws change no size either.
n=40
[ -n "${UMPIRE_SLOW:-}" ] && n=8
for s in 1 2 3; do
	play_signed "$TMP/bgw$s" "$(printf '%064x' "$s")" $n
done
one_size "$TMP/bgw1" "$TMP/bgw2" "$TMP/bgw3"

# 3. Army Man Backgammon's minefields: green's mines, one size.
mines=""
for s in $fields; do
	seed=$(printf '%064x' "$s")
	expect_exit 0 umpire new "$TMP/amb$s" --scenario amb:mines --sealed \
		--seed "$seed" $(keys_for amb:mines)
	play_signed "$TMP/amb$s" "$seed" 6
	mines="$mines $TMP/amb$s"
done
one_size $mines

# 4. Sealed blocks: umpire seal pads what it seals.
ID=$(sed -n 's/^game: //p' "$TMP/bgw1/game.yaml")
printf -- '- {card: parry, against: [thrust]}\n' >"$TMP/r1.yaml"
printf -- '- {card: caltrops, when: 11}\n- {card: parry, against: [thrust, aimed-shot]}\n- {card: sabotage}\n' >"$TMP/r2.yaml"
for r in r1 r2; do
	expect_exit 0 umpire seal "$TMP/bgw1" "$TMP/$r.yaml"
	cp "$TMP/out" "$TMP/$r.age"
	grep -q "BEGIN AGE ENCRYPTED FILE" "$TMP/$r.age" || fail "no sealed block"
done
[ "$(wc -c <"$TMP/r1.age")" = "$(wc -c <"$TMP/r2.age")" ] ||
	fail "sealed blocks of one and of three reactions differ in size: $(wc -c "$TMP/r1.age" "$TMP/r2.age")"
ok

# 5. The bot's standing reactions have one shape whatever it holds: at
#    its first declaration in each of six deals, one entry for every
#    reaction card (8), so that neither their count, which the state
#    makes public, nor their block tells its hand.
for s in $deals; do
	seed=$(printf '%064x' "$s")
	G=$TMP/bgw$s
	[ "$s" -le 3 ] && { rm -rf "$G"; umpire new "$G" --scenario bgw \
		--sealed --seed "$seed" $(keys_for bgw) >/dev/null || fail "new $s"; }
	i=0
	until grep -q "^awaiting: {.*kind: declare" "$G/game.yaml"; do
		i=$((i + 1))
		[ $i -le 6 ] || fail "no declaration in game $s"
		play_signed "$G" "$seed" 1
	done
	UMPIRE_SEED=$seed $UMPIRE bot "$G" >"$TMP/b.yaml" || fail "bot $s"
	python3 -c 'import sys, yaml
r = yaml.safe_load(open(sys.argv[1])).get("reactions")
sys.stdout.write(r or "")' "$TMP/b.yaml" >"$TMP/block"
	[ -s "$TMP/block" ] || fail "the bot sealed no reactions at its first declaration: $(cat "$TMP/b.yaml")"
	game_identity "$seed" "$TMP/id$s"
	age -d -i "$TMP/id$s" "$TMP/block" >"$TMP/react" ||
		fail "the game's identity does not open the bot's block"
	n=$(grep -c '^  - .*card: ' "$TMP/react")
	[ "$n" = 8 ] || fail "the bot's reactions in game $s hold $n entries, not one for each of the 8 reaction cards:
$(cat "$TMP/react")"
	ok
done

# 6. A player's standing reactions tell nothing by their count: at one
#    declaration of one game, a list of one entry and a list of three
#    (as a player who lists only the cards he holds would give them)
#    make public files of the same sizes, and the same bytes but for
#    the commitments, the receipts and the sealed block: the state
#    counts no reactions, the report says none, nor does the board.
G=$TMP/bgw1
until grep -q "^awaiting: {.*kind: declare" "$G/game.yaml"; do
	play_signed "$G" "$(printf '%064x' 1)" 1
done
who=$(sed -n 's/^awaiting: {player: \([a-z]*\),.*/\1/p' "$G/game.yaml")
step=$(sed -n 's/^step: //p' "$G/game.yaml")
printf -- '- {card: parry, against: any}\n' >"$TMP/one.yaml"
printf -- '- {card: caltrops, when: 11}\n- {card: parry, against: [thrust, aimed-shot]}\n- {card: sabotage}\n' >"$TMP/three.yaml"
for r in one three; do
	rm -rf "$G.$r"
	cp -r "$G" "$G.$r"
	expect_exit 0 umpire seal "$G.$r" "$TMP/$r.yaml"
	{ printf 'umpire: 1\nruleset: bgw\ngame: %s\nplayer: %s\nstep: %s\ndeclare: move\nreactions: |\n' \
		"$ID" "$who" "$step"; sed 's/^/  /' "$TMP/out"; } >"$TMP/$r-orders.yaml"
	sign "$who" "$TMP/$r-orders.yaml"
	printf '%064x\n' 1 >"$TMP/seed1"
	expect_exit 0 umpire turn "$G.$r" "$TMP/$r-orders.yaml" --seed-file "$TMP/seed1"
	expect_out "gives new standing reactions, sealed (BGW-21)"
	git -C "$G.$r" show --name-only --format= HEAD | grep -v '\.age$' >"$TMP/$r.files"
done
cmp -s "$TMP/one.files" "$TMP/three.files" || fail "the steps wrote other files"
# mask FILE: the bytes that differ whatever is listed, as X; and the
# clock's date each step was made at (two turns may fall in two seconds,
# and the same size either way).
mask() { sed -e 's/[0-9a-f]\{64\}/X/g' -e '/^  [A-Za-z0-9+\/=]*$/d' \
	-e 's/^\(date\|deadline\): "[0-9T:Z-]*"$/\1: X/' "$1"; }
for f in $(cat "$TMP/one.files"); do
	[ "$(wc -c <"$G.one/$f")" = "$(wc -c <"$G.three/$f")" ] ||
		fail "$f: $(wc -c <"$G.one/$f") bytes after one reaction, $(wc -c <"$G.three/$f") after three"
	case $f in *.sig) continue ;; esac	# a signature: its size only
	mask "$G.one/$f" >"$TMP/m1"
	mask "$G.three/$f" >"$TMP/m2"
	cmp -s "$TMP/m1" "$TMP/m2" || fail "$f tells one reaction from three:
$(diff "$TMP/m1" "$TMP/m2" | head -n 20)"
done
ok
! grep -q "^  reactions: {" "$G.one/game.yaml" || fail "the state counts the reactions"
ok

# 7. A history made before umpire padded still verifies, and goes on
#    padded.  The old umpire is this tree with the padding taken out.
SRC=$TMP/old-src
mkdir -p "$SRC"
cp -r "$TOP/Makefile" "$TOP/src" "$TOP/schemas" "$TOP/samples" "$SRC/"
sed -i 's/^	size_t p = umpire_pad_size(b->len, floor) - b->len;$/	if (b) return;\n&/' \
	"$SRC/src/crypto/pad.c"
grep -q 'if (b) return;' "$SRC/src/crypto/pad.c" || fail "the old build still pads"
# ... and says so, as 0.3.0 did: its games also have the ids and the
# counts of reactions 0.3.0 wrote, which verify still reads.
sed -i 's/^#define UMPIRE_VERSION "[0-9.]*"$/#define UMPIRE_VERSION "0.3.0"/' \
	"$SRC/src/game/version.h"
grep -q '^#define UMPIRE_VERSION "0.3.0"$' "$SRC/src/game/version.h" ||
	fail "the old build is not 0.3.0"
sed -i 's/in->seed_id ? NULL :/1 ? NULL :/' "$SRC/src/play/step.c"
grep -q '1 ? NULL :' "$SRC/src/play/step.c" || fail "the old build binds ids"
make -s -C "$SRC" BUILD=build-old WERROR= SANITIZE= CFLAGS=-O0 build-old/umpire \
	>"$TMP/build.log" 2>&1 || fail "cannot build the old umpire:
$(tail -20 "$TMP/build.log")"
OLD=$SRC/build-old/umpire
ok
S=$(printf '%064x' 7)
printf '%s\n' "$S" >"$TMP/seed7"
"$OLD" new "$TMP/old" --scenario bgw --sealed --seed-file "$TMP/seed7" \
	$(keys_for bgw) >/dev/null || fail "old umpire new"
UMPIRE_SAVED=$UMPIRE PLAIN_SAVED=${UMPIRE_PLAIN:-}
UMPIRE=$OLD UMPIRE_PLAIN=$OLD play_signed "$TMP/old" "$S" 6
UMPIRE=$UMPIRE_SAVED UMPIRE_PLAIN=$PLAIN_SAVED
[ "$(wc -c <"$TMP/old/reports/0000.secret.yaml.age")" -lt 4096 ] ||
	fail "the old build padded"
ok
expect_exit 0 umpire verify "$TMP/old" --seed-file "$TMP/seed7"
play_signed "$TMP/old" "$S" 4
[ "$(wc -c <"$TMP/old/reports/0010.secret.yaml.age")" -gt 4096 ] ||
	fail "this umpire did not pad"
ok
expect_exit 0 umpire verify "$TMP/old" --seed-file "$TMP/seed7"

# A default step the old umpire's tick played, whose bot sealed its
# reactions unpadded and as it then did: verified too.
{ cat "$TOP/samples/bgw/standard.yaml"
  printf 'deadlines:\n  decision: 72h\n  default: bot\n'; } >"$TMP/dl.yaml"
found=
for s in 1 2 3 4 5 6 7 8; do
	seed=$(printf '%064x' "$s")
	printf '%s\n' "$seed" >"$TMP/dseed"
	D=$TMP/dl$s
	"$OLD" new "$D" --scenario "$TMP/dl.yaml" --sealed --seed-file \
		"$TMP/dseed" $(keys_for bgw) >/dev/null || fail "old umpire new with deadlines"
	i=0
	until grep -q "^awaiting: {.*kind: declare" "$D/game.yaml"; do
		i=$((i + 1))
		[ $i -le 6 ] || fail "no declaration in game $s"
		UMPIRE=$OLD UMPIRE_PLAIN=$OLD play_signed "$D" "$seed" 1
	done
	UMPIRE=$UMPIRE_SAVED UMPIRE_PLAIN=$PLAIN_SAVED
	now=$(( $(git -C "$D" log -1 --format=%ct) + 73 * 3600 ))
	UMPIRE_SEED=$seed "$OLD" tick "$D" --now "$now" >/dev/null 2>&1 ||
		fail "old umpire tick"
	if git -C "$D" show HEAD --stat | grep -q "orders/" &&
	    git -C "$D" show HEAD | grep -q "BEGIN AGE ENCRYPTED FILE"; then
		found=$D
		break
	fi
done
[ -n "$found" ] || fail "the old tick's bot sealed no reactions in 8 games"
ok
expect_exit 0 umpire verify "$found" --seed-file "$TMP/dseed"
done_ok
