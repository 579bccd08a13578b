#!/bin/sh
# umpire-ci.sh check|turn|tick|site|publish - the steps every forge's workflow runs on a
# game repository (samples/forge/; see umpire(1), A GAME ON A FORGE).
# Copy it into the game's repository as .umpire/ci.sh.
#
# A player proposes his orders as inbox.yaml (with inbox.yaml.sig in a
# game whose players have keys), by a merge request or a push to main.
#
#   check   for a proposal: check inbox.yaml against the game; nothing
#           is written.  Refused orders fail the job, each problem shown
#           on its line of inbox.yaml (UMPIRE_FORMAT, github by default).
#   turn    on main: adjudicate inbox.yaml, remove it, push the step.
#           A sealed game's seed comes from the CI secret UMPIRE_SEED.
#   tick    on a schedule: apply the game's deadlines (umpire tick), push
#           any default step to main, list the reminders due since the
#           last run (UMPIRE_TICK_EVERY, the schedule's period in
#           seconds, default 900).  Nothing to do without deadlines.
#   site    after turn or tick: write the game's web page (umpire site)
#           into UMPIRE_SITE (default public), for the forge's Pages;
#           UMPIRE_COMMIT_URL, if set, links each step to its commit.
#   publish after site, for a forge whose Pages serve a branch (Forgejo,
#           Codeberg Pages): commit UMPIRE_SITE's files alone as the
#           tip of the branch UMPIRE_PAGES_BRANCH (default pages), on
#           top of its last page, and push it; nothing when the page
#           is as it was.  The work tree and main are left alone.
#
# Environment: UMPIRE (the command, default umpire), UMPIRE_FORMAT
# (text, json or github), UMPIRE_BRANCH (default main), UMPIRE_REPORT
# (where the step's report goes, default umpire-report.md), UMPIRE_NOW
# (tick at this time instead of the clock's: for tests).
set -eu
UMPIRE=${UMPIRE:-umpire}
FORMAT=${UMPIRE_FORMAT:-github}
BRANCH=${UMPIRE_BRANCH:-main}
REPORT=${UMPIRE_REPORT:-umpire-report.md}

case ${1:-} in
check | turn)
	if [ ! -e inbox.yaml ]; then
		echo "umpire: no inbox.yaml: nothing to adjudicate" >&2
		exit 0
	fi
	;;
esac
case ${1:-} in
tick)
	git checkout -q "$BRANCH"
	now=${UMPIRE_NOW:-$(date +%s)}
	before=$(git rev-parse HEAD)
	$UMPIRE tick . --now "$now" --since "$((now - ${UMPIRE_TICK_EVERY:-900}))"
	if [ "$(git rev-parse HEAD)" != "$before" ]; then
		git push -q origin "HEAD:$BRANCH"
	fi
	;;
check)
	$UMPIRE check . inbox.yaml --format "$FORMAT"
	;;
turn)
	# CI checks out a detached HEAD; umpire commits on a branch.
	git checkout -q "$BRANCH"
	$UMPIRE turn . inbox.yaml --format "$FORMAT" >"$REPORT"
	git rm -q --cached inbox.yaml
	rm -f inbox.yaml
	if [ -e inbox.yaml.sig ]; then
		git rm -q --cached inbox.yaml.sig
		rm -f inbox.yaml.sig
	fi
	git -c user.name=umpire -c user.email=umpire@umpire.invalid \
		commit -q -m "inbox: adjudicated"
	git push -q origin "HEAD:$BRANCH"
	sed -n '1,/^## Board/p' "$REPORT" | sed '$d'
	;;
site)
	$UMPIRE site . "${UMPIRE_SITE:-public}" \
		${UMPIRE_COMMIT_URL:+--commit-url "$UMPIRE_COMMIT_URL"}
	;;
publish)
	site=${UMPIRE_SITE:-public}
	pages=${UMPIRE_PAGES_BRANCH:-pages}
	if [ ! -e "$site/index.html" ]; then
		echo "umpire: no $site/index.html: run umpire-ci.sh site first" >&2
		exit 66
	fi
	# The page's files in an index of their own, so that neither the
	# work tree nor main's index is touched.
	GIT_INDEX_FILE=$(mktemp)
	export GIT_INDEX_FILE
	trap 'rm -f "$GIT_INDEX_FILE"' EXIT
	rm -f "$GIT_INDEX_FILE"
	git --work-tree="$site" add -A -f .
	tree=$(git write-tree)
	parent=
	if git fetch -q origin "refs/heads/$pages" 2>/dev/null; then
		parent=$(git rev-parse FETCH_HEAD)
		if [ "$(git rev-parse "$parent^{tree}")" = "$tree" ]; then
			echo "umpire: the page on $pages is up to date"
			exit 0
		fi
	fi
	commit=$(git -c user.name=umpire -c user.email=umpire@umpire.invalid \
		commit-tree "$tree" ${parent:+-p "$parent"} \
		-m "pages: the game's web page at $(git rev-parse --short HEAD)")
	git push -q origin "$commit:refs/heads/$pages"
	echo "umpire: published $site to $pages"
	;;
*)
	echo "usage: umpire-ci.sh check|turn|tick|site|publish" >&2
	exit 64
	;;
esac
