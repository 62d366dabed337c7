#!/bin/sh
# The drawings of two maat binaries compared byte for byte: every puzzle
# drawn as PNG, SVG and PDF (one file each), in each style, with
# coordinates and flipped, a booklet with its solutions and LaTeX.  Made to
# check that linking the renderer's libraries another way (issue 25 part 2,
# the start-up) changes no output.
#   sh bench/startup_render_check.sh OLD_MAAT NEW_MAAT [PUZZLE_DIR]
# (PUZZLE_DIR: a directory of directories of puzzles, as puzzles/)
set -eu
old=$1 new=$2 dir=${3:-puzzles}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
draw() { # BIN OUTDIR
	for sub in "$dir"/*/; do
		draw_dir "$1" "$sub" "$2/$(basename "$sub")"
	done
	"$1" render --game upuaut -o "$2/upuaut.png" >/dev/null
	"$1" render --game tavlei -o "$2/tavlei.svg" >/dev/null
}
draw_dir() { # BIN PUZZLES OUTDIR
	bin=$1 pdir=$2 out=$3
	mkdir -p "$out"
	for fmt in png svg pdf tex; do
		"$bin" render "$pdir" -o "$out/$fmt/" --format $fmt >/dev/null
	done
	for style in web grey; do
		"$bin" render "$pdir" -o "$out/$style-png/" --style $style --coords --flip >/dev/null
		"$bin" render "$pdir" -o "$out/$style-svg/" --format svg --style $style --key >/dev/null
	done
	"$bin" render "$pdir" -o "$out/png-mm/" --size 40mm --dpi 150 --arrow solution 2>/dev/null >/dev/null
	"$bin" render "$pdir" -o "$out/booklet.pdf" --per-page 4 --solutions --title "Check" >/dev/null
}
draw "$old" "$work/old"
draw "$new" "$work/new"
n=$(find "$work/old" -type f | wc -l)
if diff -r "$work/old" "$work/new" >/dev/null; then
	echo "startup_render_check: $n files, byte-identical"
else
	diff -rq "$work/old" "$work/new" | head -20
	echo "startup_render_check: $n files, some DIFFER" >&2
	exit 1
fi
