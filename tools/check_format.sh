#!/bin/sh
# check_format.sh -- every C file of src/, tests/ and bench/ is as the
# committed .clang-format writes it (make format-check, make test).  Names
# each file that is not, with its first differing lines, and exits 1; when
# clang-format is missing (make deps installs it) it says so and passes.
# `clang-format -i FILE` mends a file.
set -eu
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format-check: SKIPPED: clang-format is not installed"
	exit 0
fi
files=$(git ls-files 'src/*.[ch]' 'tests/*.[ch]' 'bench/*.[ch]' 2>/dev/null ||
	find src tests bench -name '*.[ch]')
# one clang-format for all the files; the diffs only for those it names
bad=$(clang-format --dry-run $files 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: .*/\1/p' | sort -u)
for f in $bad; do
	echo "format-check: $f differs from .clang-format's layout:"
	clang-format "$f" | diff "$f" - | head -8 | sed 's/^/  /'
done
[ -z "$bad" ] || exit 1
echo "format-check: $(echo "$files" | wc -l) C files as .clang-format writes them"
