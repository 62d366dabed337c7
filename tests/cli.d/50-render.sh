# Diagrams (sourced by tests/cli.sh): bad input, determinism, the three
# formats read back with rsvg-convert / poppler and compared with the PNG,
# fonts embedded, men found back on their squares in the PDF text layer.
RD=$(mktemp -d /tmp/maat-render.XXXXXX)
RFIX=tests/render
SAMPLE="bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1"

render() { "$MAAT" render "$@" 2>"$RD/stderr"; }

# a twin problem's solution text starts with "a)": the key arrow is still drawn
render puzzles/chess/loyd-1859-charles-xii.yaml --arrow key -o "$RD/twin.png"
check "render: key arrow of a twin problem (a) label skipped)" sh -c "[ ! -s '$RD/stderr' ]"
rm -f "$RD/twin.png"
# --arrow solution draws the main line from the key on, as maat(1) says:
# set play and tries written before the key are passed over (it began at
# the set play's "1...Kc3-d4", read as White's move: "no arrow")
cat >"$RD/setplay.yaml" <<'EOF'
algebraic:
  white: [Kg5, Qc1, Re5, Se3, Pc2]
  black: [Kc3, Bb3, Sb2]
stipulation: "#2"
solution: |2
  1...Kc3-d4 2.Qc1xb2#
  1.Qc1-d2+? but 1...Kc3xd2!
  1.Re5-e4! threat: 2.Qc1-e1#
      1...Bb3xc2 2.Qc1xc2#
EOF
render "$RD/setplay.yaml" --arrow solution -o "$RD/setplay.svg"
check "render: --arrow solution passes set play and tries over" sh -c "[ ! -s '$RD/stderr' ]"
render "$RD/setplay.yaml" --arrow claimed -o "$RD/claimed.svg"
check "render: --arrow solution of a #2 is its key's arrow" cmp -s "$RD/setplay.svg" "$RD/claimed.svg"
rm -f "$RD/setplay.yaml" "$RD/setplay.svg" "$RD/claimed.svg"
# a rule option the problem changes is printed under the board (T9)
if command -v pdftotext >/dev/null; then
	render puzzles/tavlei/06-the-corner-bites.yaml -o "$RD/rules.pdf"
	check "render: T9 rule options on the condition line" sh -c \
		"pdftotext '$RD/rules.pdf' - | grep -q 'Tavlei; corners hostile'"
	rm -f "$RD/rules.pdf"
fi

# a title or source longer than a caption line (255 bytes) is cut between
# two characters, with an ellipsis; cut inside one it was no UTF-8, and
# cairo then drew no caption at all (issue 11): the long title draws the
# same diagram as the title cut by hand
long_caption() { # TITLE-REPEATS SOURCE-REPEATS
	awk -v t="$1" -v s="$2" 'BEGIN { printf "title: \"a"; for (i = 0; i < t; i++) printf "\342\202\254";
		printf "%s\"\nauthors: [\"Loyd, Samuel\"]\nsource: \"", t < 100 ? "\342\200\246" : "";
		for (i = 0; i < s; i++) printf "\303\266";
		printf "%s\"\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"\n", s < 200 ? "\342\200\246" : "" }'
}
long_caption 100 200 >"$RD/long-caption.yaml"
long_caption 83 126 >"$RD/cut-caption.yaml"
render "$RD/long-caption.yaml" -o "$RD/long-caption.png"
render "$RD/cut-caption.yaml" -o "$RD/cut-caption.png"
check "render: a 301-byte title cut between characters, the caption kept" \
	cmp -s "$RD/long-caption.png" "$RD/cut-caption.png"
if command -v pdftotext >/dev/null; then
	render "$RD/long-caption.yaml" -o "$RD/long-caption.pdf"
	pdftotext "$RD/long-caption.pdf" "$RD/long-caption.txt"
	check "render: long title: the caption in the PDF" sh -c "grep -q '^a€€€.*€…\$' '$RD/long-caption.txt' &&
		grep -q '^Samuel Loyd\$' '$RD/long-caption.txt' && grep -q '^#1\$' '$RD/long-caption.txt' &&
		grep -q '^ööö.*ö…\$' '$RD/long-caption.txt'"
fi
rm -f "$RD"/long-caption.* "$RD"/cut-caption.*
# the same class in an author's name and a solution line: each was cut
# first at a fixed size, inside a character, which came out as a '?' and
# no ellipsis (an odd number of bytes before the two-byte characters)
awk 'BEGIN { printf "authors: [\"Loyd, Sx"; for (i = 0; i < 200; i++) printf "\303\266";
	printf "\"]\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"dia8\"\nsolution: \"1.Ra8# x";
	for (i = 0; i < 1000; i++) printf "\303\266"; print "\"" }' >"$RD/long-names.yaml"
render --solutions "$RD/long-names.yaml" -o "$RD/long-names.tex"
# LaTeX is text: the solution's line whole (it was cut with an ellipsis
# at 1,023 bytes, issue 21 part 5), valid UTF-8
rn_oe=$(awk 'BEGIN { for (i = 0; i < 1000; i++) printf "\303\266" }')
check "render: a long solution line whole in LaTeX" sh -c \
	"iconv -f UTF-8 -t UTF-8 '$RD/long-names.tex' >/dev/null && grep -qF '1.Ra8\\# x$rn_oe}\\newline' '$RD/long-names.tex'"
if command -v pdftotext >/dev/null; then
	render "$RD/long-names.yaml" -o "$RD/long-names.pdf"
	check "render: a long author's name cut between characters, with an ellipsis" sh -c \
		"pdftotext '$RD/long-names.pdf' - | grep -q '^Sxöö*…\$'"
fi
rm -f "$RD"/long-names.*

# ---- bad input: exit 2, one clear line, nothing written
expect "render: no output" 2 "no output: give -o" -- render --game chess
expect "render: unknown extension" 2 "x.jpg: unknown output type" -- render --game chess -o "$RD/x.jpg"
expect "render: unwritable path" 2 "cannot write /nonexistent-dir/x.png: No such file or directory" \
	-- render --game chess -o /nonexistent-dir/x.png
expect "render: font missing" 2 "font /nonexistent/FreeSerif.ttf not found" \
	-- render --game chess --font-dir /nonexistent -o "$RD/font.png"
: >"$RD/empty.yaml"
expect "render: empty collection" 2 "render: $RD/empty.yaml: the file is empty" -- render "$RD/empty.yaml" -o "$RD/empty.pdf"
expect "render: several into one png" 2 "2 diagrams: write them to a .pdf or .tex, or to a directory" \
	-- render "$RFIX/loyd-1858.yaml" -o "$RD/two.png"
expect "render: mark off the board" 2 "--mark: 'i9' is not a square of the 8x8 board" \
	-- render --game chess --mark e4,i9 -o "$RD/mark.png"
expect "render: an unknown unit" 2 "--size: unknown unit 'ft' (px, pt, mm, cm, in)" -- render --game chess --size 6ft -o "$RD/ft.png"
expect "render: per-page needs pdf" 2 "--per-page is for PDF output" \
	-- render --game chess --per-page 4 -o "$RD/pp.png"
expect "render: unknown style" 2 "render: --style takes print, web or grey, got 'fancy'" -- render --game chess --style fancy -o "$RD/s.png"
expect "render: bad position" 2 "position:" -- render --game chess --position "8/8 w" -o "$RD/bad.png"
check "render: failures leave no file behind" test -z "$(ls "$RD" | grep -v -e '^empty.yaml$' -e '^stderr$')"

# ---- each format, and byte-identical in a second process
for ext in png svg pdf; do
	render --game chess --position "$SAMPLE" --stip "#2" --coords --solution "1.Rh1!" --arrow key \
		-o "$RD/a.$ext" && render --game chess --position "$SAMPLE" --stip "#2" --coords \
		--solution "1.Rh1!" --arrow key -o "$RD/b.$ext"
	check "render: $ext written" test -s "$RD/a.$ext"
	check "render: $ext deterministic" cmp -s "$RD/a.$ext" "$RD/b.$ext"
done
check "render: png is 8-bit grey (print style)" sh -c "file '$RD/a.png' | grep -q 'grayscale'"
check "render: svg is well-formed" xmllint --noout "$RD/a.svg"
render "$RFIX/tavlei.yaml" -o "$RD/t1.pdf" && render "$RFIX/tavlei.yaml" -o "$RD/t2.pdf"
check "render: tafl pdf deterministic" cmp -s "$RD/t1.pdf" "$RD/t2.pdf"
# cairo's SVG ids count per process: the ids are renumbered per file, so a
# diagram drawn after others is the same file as drawn alone
render "$RFIX/loyd-1858.yaml" "$RFIX/tavlei.yaml" -o "$RD/s1/" --format svg &&
	render "$RFIX/tavlei.yaml" -o "$RD/s2/" --format svg
check "render: svg ids independent of the batch" cmp -s "$RD/s1/tavlei-01.svg" "$RD/s2/tavlei-01.svg"

# ---- PDF: fonts embedded, pages, captions
check "render: pdf fonts all embedded" sh -c "pdffonts '$RD/a.pdf' | tail -n +3 | awk '{ if (\$(NF-4) != \"yes\") bad = 1 } END { exit bad || NR == 0 }'"
render "$RFIX/loyd-1858.yaml" -o "$RD/c.pdf"
for face in FreeSerif FreeSerifBold FreeSerifItalic; do
	check "render: $face embedded" sh -c "pdffonts '$RD/c.pdf' | grep -q '+$face .* yes *yes *yes'"
done
check "render: collection pdf one page each" sh -c "pdfinfo '$RD/c.pdf' | grep -q '^Pages: *2$'"
check "render: caption text in pdf" sh -c "pdftotext '$RD/c.pdf' - | tr '\\n' ' ' | grep -q 'Samuel Loyd & Frederic Healey.*Illustrated London News, 1858.*#2.*(3+1)'"
render "$RFIX/loyd-1858.yaml" "$RFIX/tavlei.yaml" "$RFIX/upuaut-seed.yaml" --per-page 4 -o "$RD/pp.pdf"
check "render: per-page A4" sh -c "pdfinfo '$RD/pp.pdf' | grep -q '^Pages: *1$' && pdfinfo '$RD/pp.pdf' | grep -q 'Page size: *595.27.* x 841.8'"
check "render: seed caption for upuaut" sh -c "pdftotext '$RD/pp.pdf' - | tr '\\n' ' ' | grep -q 'South Pharaoh to win in 2'"

# ---- a directory of numbered files, named after the puzzle file
render "$RFIX/loyd-1858.yaml" "$RFIX/tavlei.yaml" -o "$RD/dir/"
check "render: numbered files in dir" test -s "$RD/dir/loyd-1858-01.png" -a -s "$RD/dir/loyd-1858-02.png" -a -s "$RD/dir/tavlei-01.png"
render --game chess --transparent -o "$RD/tr.png"
check "render: transparent png has alpha" sh -c "file '$RD/tr.png' | grep -q 'gray+alpha'"

# ---- where the men are: glyph boxes from the PDF text layer
# centre CHAR FILE -> "x y" of that man's glyph box
centre() {
	pdftotext -bbox "$2" - | grep ">$1</word>" |
		sed 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="\([0-9.]*\)" yMax="\([0-9.]*\)".*/\1 \2 \3 \4/' |
		awk '{ printf "%f %f\n", ($1 + $3) / 2, ($2 + $4) / 2 }'
}
# squares_ok FILE FLIP: K a1 and k h8 fix the grid; Q must be on d4, n on f6
squares_ok() {
	set -- $(centre '♔' "$1") $(centre '♚' "$1") $(centre '♕' "$1") $(centre '♞' "$1") "$2"
	[ $# = 9 ] || return 1
	awk -v ax="$1" -v ay="$2" -v hx="$3" -v hy="$4" -v qx="$5" -v qy="$6" -v nx="$7" -v ny="$8" -v flip="$9" '
	function near(v, want) { return v > want - 0.15 && v < want + 0.15 }
	BEGIN {
		s = flip ? -1 : 1
		sq = s * (hx - ax) / 7
		if (sq <= 0 || !near(s * (ay - hy) / sq, 7)) exit 1
		if (!near(s * (qx - ax) / sq, 3) || !near(s * (ay - qy) / sq, 3)) exit 1
		if (!near(s * (nx - ax) / sq, 5) || !near(s * (ay - ny) / sq, 5)) exit 1
	}'
}
render --game chess --position "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1" -o "$RD/sq.pdf"
check "render: men on their squares (pdf text)" squares_ok "$RD/sq.pdf" 0
render --game chess --position "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1" --flip -o "$RD/sqf.pdf"
check "render: men on their squares, flipped" squares_ok "$RD/sqf.pdf" 1

# ---- the three formats agree: rasterise SVG and PDF, compare with the PNG
# (3x3 blur, max difference: renderer noise stays ~50, a missing man >= 110).
# Without captions: the SVG's are text, set by the viewer's font engine
# (hinting), and read back as text in 52-print.sh.  The tafl men in the
# seed's colours in all three (PDF's default is the print theme).
if cc -O2 -o "$RD/imgcmp" "$RFIX/imgcmp.c" $(pkg-config --cflags --libs cairo) -lm 2>"$RD/cc.err"; then
	maxdiff() { "$RD/imgcmp" "$1" "$2" | awk '/^maxdiff/ { print $2; exit } { print 999 }'; }
	below() { [ "$(maxdiff "$1" "$2")" -lt "$3" ]; }
	for style in print web; do
		for game in chess tavlei upuaut; do
			pos=
			[ $game = chess ] && pos="$SAMPLE"
			set -- --game $game ${pos:+--position "$pos"} --style $style --coords --mark c3 \
				--no-caption --theme seed
			render "$@" -o "$RD/x.png" && render "$@" --size 300px -o "$RD/x.svg" &&
				render "$@" --size 300px -o "$RD/x.pdf" &&
				rsvg-convert "$RD/x.svg" -o "$RD/x-svg.png" &&
				pdftocairo -png -r 72 -singlefile "$RD/x.pdf" "$RD/x-pdf"
			check "render: svg matches png ($game, $style)" below "$RD/x.png" "$RD/x-svg.png" 85
			check "render: pdf matches png ($game, $style)" below "$RD/x.png" "$RD/x-pdf.png" 85
		done
	done
	# the comparison does see one man gone: b2 pawn removed
	render --game chess --position "bn5k/pp6/5K2/6N1/8/2P5/8/2B3R1 w - - 0 1" --size 300px -o "$RD/miss.svg" &&
		rsvg-convert "$RD/miss.svg" -o "$RD/miss.png" &&
		render --game chess --position "$SAMPLE" -o "$RD/full.png"
	check "render: comparison catches a missing man" sh -c "[ \$('$RD/imgcmp' '$RD/full.png' '$RD/miss.png' | awk '{print \$2}') -ge 100 ]"
else
	bad "render: cannot build tests/render/imgcmp.c: $(head -1 "$RD/cc.err")"
fi

rm -rf "$RD"
