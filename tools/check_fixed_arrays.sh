#!/bin/sh
# check_fixed_arrays.sh -- every fixed-size char array of src/ outside
# src/games/ is listed in tools/fixed_arrays.txt with the reason it is safe
# (issue 21, part 5: text is never cut); make fixed-arrays, make test.
#
# The arrays are the matches of
#   grep -rnoE 'char [a-z_]+\[[^]]+\]' src | grep -v '^src/games'
# one entry per match, "FILE<TAB>name[size]"; the list's entries are its lines
# that are not '#' comments, '##' headings or blank.  The two are compared as
# multisets (a file may hold two why[256]).  Printed, and exit 1 if any:
#   - an array of src/ the list does not hold (a new one needs a class);
#   - an entry of the list no longer in src/ (moved, renamed or gone);
#   - a section whose heading's count "(N)" is not its number of entries.
set -eu
cd "$(dirname "$0")/.."

LIST=tools/fixed_arrays.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -rnoE 'char [a-z_]+\[[^]]+\]' src | grep -v '^src/games' |
	sed -E 's/^([^:]*):[0-9]+:char /\1	/' | sort > "$tmp/src"
grep -vE '^(#|$)' "$LIST" | sort > "$tmp/list"

fail=0
# comm on sorted input compares multisets: a duplicate line pairs once.
comm -23 "$tmp/src" "$tmp/list" > "$tmp/new"
comm -13 "$tmp/src" "$tmp/list" > "$tmp/gone"
if [ -s "$tmp/new" ]; then
	fail=1
	awk -F'\t' -v list="$LIST" '{ print $1 ": not listed in " list ": char " $2 }' "$tmp/new"
fi
if [ -s "$tmp/gone" ]; then
	fail=1
	awk -F'\t' -v list="$LIST" '{ print $1 ": listed in " list " but not in the source: char " $2 }' "$tmp/gone"
fi

# Each "## class (N): ..." heading's N against its entries.
awk -v list="$LIST" '
	function close_section() {
		if (name != "" && want != got) {
			printf "%s:%d: section %s says (%d) but holds %d\n", list, at, name, want, got
			bad = 1
		}
	}
	/^## / {
		close_section()
		name = $2; at = NR; got = 0; want = -1
		if (match($0, /\([0-9]+\)/))
			want = substr($0, RSTART + 1, RLENGTH - 2) + 0
		else {
			printf "%s:%d: section %s has no count (N)\n", list, NR, name
			bad = 1
			want = 0; name = ""
		}
		next
	}
	/^#/ || /^[ \t]*$/ { next }
	{ got++ }
	END { close_section(); exit bad }
' "$LIST" || fail=1

if [ "$fail" = 0 ]; then
	echo "fixed-arrays: $(wc -l < "$tmp/src") fixed char arrays outside src/games/, each listed with its reason"
fi
exit "$fail"
