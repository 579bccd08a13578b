#!/bin/sh
# chain.sh BUILD DIR... - the files of each DIR call only files listed
# before them in the one-way chain that DIR's header lists ("Files, in a
# one-way chain", then one "  name.c  what it holds" line a file).
#
# Judged on the objects in BUILD/DIR: a call, or a function's address
# taken in code, is a relocation in a .text section.  A table that only
# names functions, as a registry entry names the hooks, calls nothing.
set -eu

build=$1
shift
status=0
for dir in "$@"; do
	header=$(grep -l "one-way chain" "$dir"/*.h)
	chain=$(sed -n '/one-way chain/,/\*\//s/^ \*   *\([a-z_]*\.c\) .*/\1/p' \
		"$header")
	if [ -z "$chain" ]; then
		echo "chain: $header lists no one-way chain" >&2
		exit 1
	fi
	for c in "$dir"/*.c; do
		echo "$chain" | grep -qx "$(basename "$c")" || {
			echo "chain: $c is not in the chain $header lists" >&2
			status=1
		}
	done
	defs=$(mktemp)
	for f in $chain; do
		nm --defined-only -g "$build/$dir/${f%.c}.o" |
			awk -v f="$f" 'NF == 3 { print $3, f }'
	done >"$defs"
	before=""
	for f in $chain; do
		objdump -r "$build/$dir/${f%.c}.o" | awk '
			/^RELOCATION RECORDS FOR/ { text = $4 ~ /^\[\.text/; next }
			text && NF == 3 { sub(/[-+]0x.*/, "", $3); print $3 }' |
			sort -u | while read -r sym; do
				owner=$(awk -v s="$sym" '$1 == s { print $2 }' "$defs")
				[ -n "$owner" ] && [ "$owner" != "$f" ] || continue
				case " $before " in
				*" $owner "*) ;;
				*) echo "chain: $dir/$f calls $sym of $owner, which" \
					"comes after it in $header" >&2
				   echo x ;;
				esac
			done | grep -q x && status=1
		before="$before $f"
	done
	rm -f "$defs"
done
[ $status = 0 ] && echo "chain: each file of $* calls only files before it"
exit $status
