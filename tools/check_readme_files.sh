#!/bin/sh
# check_readme_files.sh -- the README's "Inside maat" table names every file
# of src/ (issue 21: a newcomer finds each file in its layer's row).
#
# Each folder src/DIR/ has one row of the table, "| `src/DIR/` | ... |",
# and that row names each of its files: NAME.c by name; a header NAME.h by
# name, or through its module's NAME.c (a module is NAME.c with NAME.h).
# Prints each file not named as README.md: what is missing; exits 1 if any.
set -eu
cd "$(dirname "$0")/.."
faults=0
for f in src/*/*.c src/*/*.h; do
	d=${f%/*}
	b=${f##*/}
	row=$(grep -F "| \`$d/\` |" README.md || true)
	if [ -z "$row" ]; then
		echo "README.md: \"Inside maat\" has no row for $d/ (which holds $b)"
		faults=$((faults + 1))
		continue
	fi
	# a header is named by itself, or by its module's .c when it has one
	names=$b
	case $b in *.h) [ -f "$d/${b%.h}.c" ] && names="$b ${b%.h}.c" ;; esac
	named=no
	for n in $names; do
		printf '%s\n' "$row" | grep -qwF "$n" && named=yes
	done
	if [ $named = no ]; then
		echo "README.md: $f is not named in the row of $d/ (\"Inside maat\")"
		faults=$((faults + 1))
	fi
done
if [ $faults -gt 0 ]; then
	echo "$faults file(s) of src/ not named in the README's \"Inside maat\" table"
	exit 1
fi
