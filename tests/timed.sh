#!/bin/sh
# timed.sh LABEL CMD...: run CMD, then print one line with LABEL, its
# wall-clock seconds and the CPU seconds of CMD and all its children
# (user + system), and exit as CMD did.  make check prints one such
# line a test, so that a slow test shows which it is, and CPU seconds,
# which a busy machine changes less than wall time, say what it costs.
label=$1
shift
start=$(date +%s)
"$@"
rc=$?
end=$(date +%s)
# times: the shell's own user and system time, then its children's (in
# this shell: in a pipe it would run in a subshell, which has none).
out=$(mktemp)
times >"$out"
awk -v l="$label" -v w=$((end - start)) -v rc=$rc '
	function s(t, m) { split(t, m, "m"); return m[1] * 60 + m[2] }
	NR == 2 { printf "time: %s: %d s wall, %.1f s cpu%s\n", l, w,
		s($1) + s($2), rc ? " (failed)" : "" }' "$out"
rm -f "$out"
exit $rc
