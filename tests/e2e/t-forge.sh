#!/bin/sh
# The forge workflows (samples/forge/): valid for a real validator, and
# their shell steps run here against a real game as a runner would run
# them: a proposal checked, each problem a workflow command on its line;
# orders on main adjudicated, the step pushed, inbox.yaml gone.
. "$(dirname "$0")/lib.sh"
: "${ACTION_VALIDATOR:?set ACTION_VALIDATOR (make check-e2e installs it)}"
FORGE=$TOP/samples/forge

# 1. The workflows, by @action-validator/cli; and it can fail.
for wf in "$FORGE/github/umpire.yml" "$FORGE/forgejo/umpire.yml"; do
	expect_exit 0 "$ACTION_VALIDATOR" "$wf"
done
sed 's/^  push:/  pusj:/' "$FORGE/github/umpire.yml" >"$TMP/broken.yml"
expect_exit 1 "$ACTION_VALIDATOR" "$TMP/broken.yml"
python3 - "$FORGE/gitlab/gitlab-ci.yml" <<'PY' || fail "gitlab-ci.yml"
import sys, yaml
ci = yaml.safe_load(open(sys.argv[1]))
for job in ("umpire-check", "umpire-turn", "umpire-tick"):
    assert ci[job]["script"] and ci[job]["rules"], job
assert "ci.sh tick" in ci["umpire-tick"]["script"][-1]
assert ci["umpire-tick"]["rules"][0]["if"] == '$CI_PIPELINE_SOURCE == "schedule"'
assert ci["default"]["resource_group"] == "umpire"
assert ci["umpire-check"]["artifacts"]["reports"]["codequality"]
assert "ci.sh site" in ci["pages"]["script"][-1]
assert ci["pages"]["artifacts"]["paths"] == ["public"]
PY
ok

# The steps of a workflow (GitHub's unless named) that run umpire, as
# its runner would: the step's plain env: values exported (those the
# forge fills in, ${{ ... }}, are the test's to give), then its run:.
steps() {
	python3 - "${2:-$FORGE/github/umpire.yml}" "$1" <<'PY'
import shlex, sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
for step in wf["jobs"]["umpire"]["steps"]:
    if step.get("name") == sys.argv[2]:
        for k, v in (step.get("env") or {}).items():
            if "${{" not in str(v):
                print("export %s=%s" % (k, shlex.quote(str(v))))
        print(step["run"])
PY
}
steps "Check the proposed orders" >"$TMP/check.sh"
steps "Adjudicate" >"$TMP/turn.sh"
steps "Apply the deadlines" >"$TMP/tick.sh"
steps "Write the web page" >"$TMP/site.sh"
grep -q 'ci.sh check' "$TMP/check.sh" && grep -q 'ci.sh turn' "$TMP/turn.sh" &&
	grep -q 'ci.sh tick' "$TMP/tick.sh" && grep -q 'ci.sh site' "$TMP/site.sh" ||
	fail "the workflow's steps: $(cat "$TMP/check.sh" "$TMP/turn.sh" "$TMP/tick.sh" "$TMP/site.sh")"
python3 - "$FORGE/github/umpire.yml" <<'PY' || fail "no Pages deployment"
import sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
up = [s for s in wf["jobs"]["umpire"]["steps"]
      if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
assert up and up[0]["with"]["path"] == "public", up
pages = wf["jobs"]["pages"]
assert pages["needs"] == "umpire" and pages["permissions"]["pages"] == "write"
assert pages["steps"][0]["uses"].startswith("actions/deploy-pages@")
PY
for wf in "$FORGE/github/umpire.yml" "$FORGE/forgejo/umpire.yml"; do
	python3 - "$wf" <<'PY' || fail "$wf: no schedule for tick"
import sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
on = wf[True] if True in wf else wf["on"]
assert on["schedule"][0]["cron"], on
PY
done
ok

export GIT_AUTHOR_NAME=Player GIT_AUTHOR_EMAIL=player@example.org
export GIT_COMMITTER_NAME=Player GIT_COMMITTER_EMAIL=player@example.org
mkdir "$TMP/bin"
printf '#!/bin/sh\nexec %s "$@"\n' "$UMPIRE" >"$TMP/bin/umpire"
chmod +x "$TMP/bin/umpire"
PATH=$TMP/bin:$PATH

# The host: a game, its CI script, the shared repository.
G=$TMP/game
umpire new "$G" --scenario "$SCENARIO" --seed "$SEED1" >/dev/null ||
	fail "new failed"
mkdir "$G/.umpire" && cp "$FORGE/umpire-ci.sh" "$G/.umpire/ci.sh"
git -C "$G" add .umpire && git -C "$G" commit -q -m "CI" || fail "commit"
git clone -q --bare "$G" "$TMP/origin.git" || fail "clone --bare"

# runner STEPS: a fresh checkout of main at a detached HEAD, the steps run.
runner() {
	rm -rf "$TMP/run"
	git clone -q "$TMP/origin.git" "$TMP/run" &&
		git -C "$TMP/run" checkout -q --detach || fail "runner checkout"
	(cd "$TMP/run" && sh -e "$1")
}

# A player proposes orders with a mistake: the check fails the job, the
# problem on its line of inbox.yaml.
P=$TMP/player
git clone -q "$TMP/origin.git" "$P" || fail "clone"
umpire bot "$P" >"$P/inbox.yaml" || fail "bot"
sed 's/^step: 1/step: 7/' "$P/inbox.yaml" >"$TMP/bad" && cp "$TMP/bad" "$P/inbox.yaml"
git -C "$P" add inbox.yaml && git -C "$P" commit -q -m "green: step 1" &&
	git -C "$P" push -q origin main || fail "push"
expect_exit 65 runner "$TMP/check.sh"
expect_out "::error file=inbox.yaml,line=7,col=7,title=umpire envelope::these orders are for step 7, but the game awaits step 1"

# Corrected, and pushed: adjudicated on main, inbox.yaml gone.
umpire bot "$P" >"$P/inbox.yaml" || fail "bot"
git -C "$P" commit -q -a -m "green: step 1, again" && git -C "$P" push -q origin main ||
	fail "push"
expect_exit 0 runner "$TMP/check.sh"
expect_out "ok: legal orders"
expect_exit 0 runner "$TMP/turn.sh"
expect_out "# Step 1:"
git -C "$TMP/origin.git" log --format=%s main | sed -n 2p | grep -q '^Step 1:' ||
	fail "main: $(git -C "$TMP/origin.git" log --format=%s main | head -3)"
[ "$(git -C "$TMP/origin.git" log -1 --format=%s main)" = "inbox: adjudicated" ] ||
	fail "inbox.yaml not removed"
! git -C "$TMP/origin.git" cat-file -e main:inbox.yaml 2>/dev/null ||
	fail "inbox.yaml still on main"
ok
# The web page, for Pages: built from the history pushed, the step in it.
UMPIRE_COMMIT_URL=https://forge.invalid/o/g/commit/ \
	expect_exit 0 runner "$TMP/site.sh"
grep -q 'id="step-1"' "$TMP/run/public/index.html" &&
	grep -q 'href="https://forge.invalid/o/g/commit/' "$TMP/run/public/index.html" ||
	fail "the page lacks step 1 or its commit's link"
ok
# Forgejo's: the page written, then pushed as the tip of the branch
# pages (what Codeberg Pages serves), its files alone; main untouched.
for name in "Write the web page" "Publish the web page"; do
	steps "$name" "$FORGE/forgejo/umpire.yml"
done >"$TMP/fpages.sh"
grep -q 'ci.sh site' "$TMP/fpages.sh" && grep -q 'ci.sh publish' "$TMP/fpages.sh" &&
	grep -q 'UMPIRE_PAGES_BRANCH=pages' "$TMP/fpages.sh" ||
	fail "the Forgejo workflow's page steps: $(cat "$TMP/fpages.sh")"
python3 - "$FORGE/forgejo/umpire.yml" <<'PY' || fail "Forgejo: the page steps run on pull requests"
import sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
steps = {s.get("name"): s for s in wf["jobs"]["umpire"]["steps"]}
for name in ("Write the web page", "Publish the web page"):
    assert steps[name]["if"] == "forge.event_name != 'pull_request'", name
assert wf["permissions"]["contents"] == "write"
PY
main=$(git -C "$TMP/origin.git" rev-parse main)
UMPIRE_COMMIT_URL=https://codeberg.invalid/o/g/commit/ \
	expect_exit 0 runner "$TMP/fpages.sh"
expect_out "published public to pages"
git -C "$TMP/origin.git" show pages:index.html >"$TMP/page.html" ||
	fail "no index.html on the branch pages"
grep -q 'id="step-1"' "$TMP/page.html" &&
	grep -q 'href="https://codeberg.invalid/o/g/commit/' "$TMP/page.html" &&
	git -C "$TMP/origin.git" cat-file -e pages:0001.svg ||
	fail "the page on pages lacks step 1, its picture or its commit's link"
[ "$(git -C "$TMP/origin.git" ls-tree --name-only pages | grep -cv '^[0-9]*\.svg$')" = 1 ] ||
	fail "pages holds more than the page: $(git -C "$TMP/origin.git" ls-tree --name-only pages)"
[ "$(git -C "$TMP/origin.git" rev-parse main)" = "$main" ] || fail "publish moved main"
# Again, with nothing new: nothing pushed.
pages=$(git -C "$TMP/origin.git" rev-parse pages)
UMPIRE_COMMIT_URL=https://codeberg.invalid/o/g/commit/ \
	expect_exit 0 runner "$TMP/fpages.sh"
expect_out "up to date"
[ "$(git -C "$TMP/origin.git" rev-parse pages)" = "$pages" ] ||
	fail "publish pushed an unchanged page"
# With nothing proposed, the steps do nothing.
expect_exit 0 runner "$TMP/turn.sh"
expect_err "nothing to adjudicate"
git clone -q "$TMP/origin.git" "$TMP/v" || fail "clone"
expect_exit 0 umpire verify "$TMP/v"
expect_out "every state, report, picture and roll matches"

# The scheduled run: with no deadlines, tick says so and pushes nothing.
before=$(git -C "$TMP/origin.git" rev-parse main)
expect_exit 0 runner "$TMP/tick.sh"
expect_out "has no deadlines"
[ "$(git -C "$TMP/origin.git" rev-parse main)" = "$before" ] ||
	fail "a tick without deadlines pushed"
# A game with deadlines, 72h a decision: a scheduled run 7 days on plays
# the two overdue decisions and pushes them; the game still verifies.
D=$TMP/dgame
{ cat "$SCENARIO"; printf 'deadlines: {decision: 72h, reminders: [1h]}\n'; } >"$TMP/dl.yaml"
umpire new "$D" --scenario "$TMP/dl.yaml" --seed "$SEED1" >/dev/null ||
	fail "new failed"
T0=$(git -C "$D" log -1 --format=%ct)
mkdir "$D/.umpire" && cp "$FORGE/umpire-ci.sh" "$D/.umpire/ci.sh"
git -C "$D" add .umpire && git -C "$D" commit -q -m "CI" || fail "commit"
rm -rf "$TMP/origin.git"
git clone -q --bare "$D" "$TMP/origin.git" || fail "clone --bare"
UMPIRE_NOW=$((T0 + 71 * 3600 + 60)) expect_exit 0 runner "$TMP/tick.sh"
expect_out "reminder: step 1 of amb-"
UMPIRE_NOW=$((T0 + 7 * 86400)) expect_exit 0 runner "$TMP/tick.sh"
expect_out "umpire played the bot's orders for green's turn at step 1"
[ "$(git -C "$TMP/origin.git" log -1 --format='%an %ct' main)" = "umpire $((T0 + 144 * 3600))" ] ||
	fail "tick pushed: $(git -C "$TMP/origin.git" log -2 --format='%an %ct %s' main)"
rm -rf "$TMP/v" && git clone -q "$TMP/origin.git" "$TMP/v" || fail "clone"
# As of the scheduled run's moment: its default steps are dated ahead
# of the clock, which verify refuses otherwise.
expect_exit 0 umpire verify "$TMP/v" --now $((T0 + 7 * 86400))

done_ok
