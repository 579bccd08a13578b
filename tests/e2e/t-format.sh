#!/bin/sh
# Diagnostics as JSON and as GitHub workflow commands (check and turn
# --format): the same problems as the text lines, each with its stable
# code, the game exactly as it was.
. "$(dirname "$0")/lib.sh"

G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
game=$(git -C "$G" show HEAD:game.yaml | sed -n 's/^game: //p')
before=$(head_of "$G")

# json FILE CODE...: the JSON on standard error parses, and its codes,
# in order, are CODE...
json() {
	file=$1
	shift
	python3 - "$TMP/err" "$@" <<'PY' || fail "json: $(cat "$TMP/err")"
import json, sys
doc = json.load(open(sys.argv[1]))
codes = [d["code"] for d in doc["diagnostics"]]
assert codes == sys.argv[2:], codes
for d in doc["diagnostics"]:
    assert set(d) == {"file", "line", "column", "severity", "code",
                      "message"}, d
    assert d["severity"] in ("error", "warning", "note"), d
PY
	ok
}

printf 'umpire: 1\nruleset: amb\ngame: %s\nplayer: green\nstep: 1\nactions: [\n' \
	"$game" >"$TMP/broken.yaml"
expect_exit 65 umpire check "$G" "$TMP/broken.yaml" --format json
json "$TMP/broken.yaml" yaml

cat >"$TMP/keys.yaml" <<EOF2
umpire: 1
ruleset: amb
game: $game
player: green
step: 1
actoins: []
stance: {man: g99, to: prone}
EOF2
expect_exit 65 umpire check "$G" "$TMP/keys.yaml" --format json
json "$TMP/keys.yaml" schema rules
grep -q '"message": "unknown key '"'"'actoins'"'"' (did you mean '"'"'actions'"'"'?)"' \
	"$TMP/err" || fail "the schema's message: $(cat "$TMP/err")"
ok

sed 's/^step: 1/step: 4/' "$TMP/keys.yaml" | sed '/actoins/d' >"$TMP/stale.yaml"
expect_exit 65 umpire turn "$G" "$TMP/stale.yaml" --format json
json "$TMP/stale.yaml" envelope
[ "$(head_of "$G")" = "$before" ] || fail "HEAD moved on refused orders"
expect_clean "$G"

# GitHub: one workflow command a problem, on standard output, with the
# file's place; % CR LF escaped in the message, : and , in properties.
cp "$TMP/keys.yaml" "$TMP/a,b:c.yaml"
expect_exit 65 umpire check "$G" "$TMP/a,b:c.yaml" --format github
grep -q "^::error file=$TMP/a%2Cb%3Ac.yaml,line=6,col=1,title=umpire schema::unknown key 'actoins' (did you mean 'actions'?)\$" \
	"$TMP/out" || fail "github: $(cat "$TMP/out")"
ok
grep -q "^::error file=$TMP/a%2Cb%3Ac.yaml,line=7,col=.*,title=umpire rules::" \
	"$TMP/out" || fail "github: $(cat "$TMP/out")"
ok
[ ! -s "$TMP/err" ] || fail "github wrote to standard error: $(cat "$TMP/err")"
ok

# GitLab: a Code Quality report on standard output, a finding a problem.
expect_exit 65 umpire check "$G" "$TMP/keys.yaml" --format gitlab
python3 - "$TMP/out" <<'PY' || fail "gitlab: $(cat "$TMP/out")"
import json, sys
report = json.load(open(sys.argv[1]))
assert [f["check_name"] for f in report] == ["umpire/schema", "umpire/rules"]
for f in report:
    assert set(f) == {"description", "check_name", "fingerprint", "severity",
                      "location"}, f
    assert f["location"]["path"].endswith("keys.yaml"), f
    assert f["location"]["lines"]["begin"] in (6, 7), f
    assert len(f["fingerprint"]) == 32 and f["severity"] == "major", f
assert report[0]["fingerprint"] != report[1]["fingerprint"]
PY
ok

# A problem with no place in a file: the exit status's code.
expect_exit 66 umpire check "$G" "$TMP/missing.yaml" --format json
json "$TMP/missing.yaml" input
expect_exit 64 umpire check "$G" "$TMP/keys.yaml" --format yaml
expect_err "--format: expected text, json, github or gitlab, not 'yaml'"

# Legal orders: no workflow command, the text as ever.
umpire bot "$G" >"$TMP/bot.yaml" || fail "bot"
expect_exit 0 umpire check "$G" "$TMP/bot.yaml" --format github
expect_out "ok: legal orders"
expect_exit 0 umpire turn "$G" "$TMP/bot.yaml" --format json
# JSON is always one object, an empty list when all is well.
[ "$(cat "$TMP/err")" = '{"diagnostics": [], "exit": 0}' ] ||
	fail "a legal turn's JSON: $(cat "$TMP/err")"
ok

done_ok
