# Printing (sourced by tests/cli.sh): what an editor sends to the printer.
# Captions read back from the PDF text layer and the SVG's <text>; booklets
# (pages, paper, header, page numbers, running numbers, solutions); puzzles
# that cannot be drawn listed in their place; all of it deterministic.
PD=$(mktemp -d /tmp/maat-print.XXXXXX)
RFIX=tests/render
prender() { "$MAAT" render "$@" 2>"$PD/stderr"; }
# text FILE.pdf [ARGS]: its text layer on one line (pdftotext breaks lines
# where the captions wrap); has FILE STRING: it is there; line FILE STRING:
# a line of its own
text() { f=$1; shift; pdftotext "$@" "$f" - | tr '\n' ' ' | tr -s ' '; }
has() { text "$1" | grep -qF -- "$2"; }
line() { pdftotext "$1" - | grep -qxF -- "$2"; }
# in the footer / header band of page N of an A4 PDF
footer() { pdftotext -f "$2" -l "$2" -x 0 -y 790 -W 596 -H 52 "$1" - | tr -d '\f' | grep -v '^$'; }
header() { pdftotext -f "$2" -l "$2" -x 0 -y 0 -W 596 -H 60 "$1" - | tr -d '\f' | grep -v '^$'; }
# colour PNG: is some pixel not grey?  (pdftoppm's PPM, read with od)
colour() {
	pdftoppm -r 20 -singlefile "$1" "$PD/colour" &&
		tail -c +$(($(head -n 3 "$PD/colour.ppm" | wc -c) + 1)) "$PD/colour.ppm" | od -An -v -tu1 |
		awk '{ for (i = 1; i <= NF; i++) { v[n++ % 3] = $i; if (n % 3 == 0 && (v[0] != v[1] || v[1] != v[2])) c = 1 } }
		     END { exit !c }'
}

# ---- captions: twins, the game, retro facts, side to move, dates
prender puzzles/chess/loyd-1859-charles-xii.yaml -o "$PD/twins.pdf"
check "print: twins under the board as magazines print them (Loyd's Charles XII)" sh -c "
	pdftotext '$PD/twins.pdf' - | grep -qxF '#3' && pdftotext '$PD/twins.pdf' - | grep -qxF '(5+4)' &&
	pdftotext '$PD/twins.pdf' - | tr '\\n' ' ' | grep -qF 'b) -♘e1, #4 c) from b) -Ph2, #5'"
prender puzzles/morok/example-1.yaml -o "$PD/morok.pdf"
check "print: the game named (Morok chess)" line "$PD/morok.pdf" "Morok chess"
prender puzzles/upuaut/01-the-step-before-judgement.yaml -o "$PD/upuaut.pdf"
check "print: the game named (Upuaut 5x6)" line "$PD/upuaut.pdf" "Upuaut 5x6"
prender puzzles/chess/loyd-1894-nysca-ep.yaml -o "$PD/ep.pdf"
check "print: e.p. remark" has "$PD/ep.pdf" "e.p. possible (f6)"
check "print: the date as diagram.sty prints it" has "$PD/ep.pdf" "New York State Chess Association, 16.8.1894"
prender --game chess --position "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1" --stip "#2" -o "$PD/retro.pdf"
check "print: Black to move, castling taken away" has "$PD/retro.pdf" "#2 Black to move no castling"
for style in "long:The Chess Monthly, March 1859" "roman:The Chess Monthly, III/1859" \
	"iso:The Chess Monthly, 1859-03" "year:The Chess Monthly, 1859"; do
	prender puzzles/chess/loyd-1859-charles-xii.yaml --date-style "${style%%:*}" -o "$PD/date.pdf"
	check "print: --date-style ${style%%:*}" has "$PD/date.pdf" "${style#*:}"
done
expect "print: unknown date style" 2 "--date-style takes numeric, iso, roman, long or year, got 'julian'" -- \
	render --game chess --date-style julian -o "$PD/x.pdf"

# ---- the solver in the caption: C+, the key it proved
prender puzzles/tavlei/06-the-corner-bites.yaml --solve --key --arrow key -o "$PD/key.pdf"
check "print: C+ and the proved key (tries written first)" sh -c \
	"pdftotext '$PD/key.pdf' - | grep -qx 'C+ (3+3)' && pdftotext '$PD/key.pdf' - | grep -qx 'Key: 1.a6-a3xa2!' &&
	 [ ! -s '$PD/stderr' ]"
prender tests/render/loyd-1858.yaml -o "$PD/nokey.pdf"
check "print: no C+ without the solver" sh -c "! pdftotext '$PD/nokey.pdf' - | grep -q 'C+'"
prender --game chess --stip "#2" --arrow key -o "$PD/nosol.png"
check "print: --arrow key on a problem without a solution says so" \
	grep -q "no arrow: no solution: no first move wins in 2" "$PD/stderr"

# ---- a long caption wraps within the board: the PNG is as wide as the board
cat >"$PD/long.yaml" <<'END'
authors: ["Loyd, Samuel", "Healey, Frederic", "Kling, Josef", "Horwitz, Bernhard"]
source: {name: "The Illustrated London News and the Chess Player's Chronicle, joint tourney", date: 1858}
fen: "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1"
stipulation: "#2"
END
prender "$PD/long.yaml" -o "$PD/long.png" && prender --game chess -o "$PD/short.png"
check "print: long caption wrapped, not wider than the board" sh -c \
	"[ \"\$(file '$PD/long.png' | sed 's/.*, \([0-9]*\) x.*/\1/')\" = \"\$(file '$PD/short.png' | sed 's/.*, \([0-9]*\) x.*/\1/')\" ]"

# ---- SVG: captions as text, a title, still one well-formed file
prender puzzles/chess/loyd-1859-charles-xii.yaml -o "$PD/a.svg" && prender puzzles/chess/loyd-1859-charles-xii.yaml -o "$PD/b.svg"
check "print: svg well-formed" xmllint --noout "$PD/a.svg"
check "print: svg deterministic" cmp -s "$PD/a.svg" "$PD/b.svg"
check "print: svg caption as <text>" sh -c \
	"grep -q '<text [^>]*font-weight=\"bold\">Charles XII at Bender</text>' '$PD/a.svg' &&
	 grep -q '>b) -♘e1, #4</text>' '$PD/a.svg' && grep -q '>(5+4)</text>' '$PD/a.svg'"
check "print: svg <title>" grep -q '<title>Charles XII at Bender, Samuel Loyd, The Chess Monthly, 3/1859: #3 (5+4); b) -♘e1, #4; c) from b) -Ph2, #5' "$PD/a.svg"

# ---- booklets (the classic direct problems: the help and self collections aside)
CLASSIC_CHESS=$(ls puzzles/chess/*-1[0-9][0-9][0-9]-*.yaml)
CLASSIC_MOROK=$(ls puzzles/morok/example-*.yaml)
CLASSIC_TAVLEI=$(ls puzzles/tavlei/0*.yaml)
prender $CLASSIC_CHESS $CLASSIC_MOROK --per-page 4 --solutions --title "Maat test booklet" -o "$PD/book.pdf"
rc=$?
check "print: booklet written" test "$rc" = 0 -a -s "$PD/book.pdf"
pages=$(pdfinfo "$PD/book.pdf" | sed -n 's/^Pages: *//p')
check "print: booklet on A4" sh -c "pdfinfo '$PD/book.pdf' | grep -q 'Page size: *595.276 x 841.89 pts (A4)'"
titled() { for i in $(seq 1 "$pages"); do [ "$(header "$1" "$i")" = "Maat test booklet" ] || return 1; done; }
numbered() { for i in $(seq 1 "$pages"); do [ "$(footer "$1" "$i")" = "$i" ] || return 1; done; }
check "print: the title on every page" titled "$PD/book.pdf"
check "print: page numbers in the footer" numbered "$PD/book.pdf"
# 13 chess puzzles and 3 Morok ones: numbers 1 to 16 across the files, 4 a page
check "print: numbers run across the booklet" sh -c "pdftotext -f 4 -l 4 '$PD/book.pdf' - | grep -q '^16\. Morok, example 3\$' &&
	pdftotext -f 4 -l 4 '$PD/book.pdf' - | grep -qx 'Morok chess' && pdftotext -f 1 -l 1 '$PD/book.pdf' - | grep -qx '1'"
# (-raw: in the order drawn, the columns one after the other)
solutions() {
	text "$PD/book.pdf" -raw -f 5 |
		grep -q "^Maat test booklet 5 Solutions 1\. Edith Elina Helen Baird, #2 1\.♘g7! zugzwang .* 7\. Samuel Loyd, #3 a) 1\.♖xg3! threat: 2\.♖h3+ ♗h4 3\.g4# 1\.\.\.♗xg3 2\.♘f3 zugzwang 2\.\.\.♗~ 3\.g4# b) -♘e1, #4 "
}
# (no try of Baird's: the file names none, and the booklet prints tries where asked)
check "print: solutions section as magazines print them (figurines, short algebraic, B~, twins), the same numbers" solutions
check "print: every problem proved (C+)" test "$(pdftotext -l 4 "$PD/book.pdf" - | grep -c 'C+')" = 16
prender $CLASSIC_CHESS $CLASSIC_MOROK --per-page 4 --solutions --title "Maat test booklet" -o "$PD/book2.pdf"
check "print: booklet deterministic" cmp -s "$PD/book.pdf" "$PD/book2.pdf"
prender $CLASSIC_CHESS --per-page 6 --paper letter -o "$PD/letter.pdf"
check "print: --paper letter" sh -c "pdfinfo '$PD/letter.pdf' | grep -q 'Page size: *612 x 792 pts (letter)' &&
	pdfinfo '$PD/letter.pdf' | grep -q '^Pages: *3\$'"
prender $CLASSIC_TAVLEI --paper a5 -o "$PD/a5.pdf"
check "print: --paper a5, one a page" sh -c "pdfinfo '$PD/a5.pdf' | grep -q 'Page size: *419.528 x 595.276 pts' &&
	pdfinfo '$PD/a5.pdf' | grep -q '^Pages: *9\$'"
expect "print: --solutions needs one PDF or LaTeX file" 2 "--solutions is for one PDF or LaTeX file" -- \
	render --game chess --solutions -o "$PD/x.png"

# tries and set play in the solutions only where the file asks for them, or
# where the editor does: render --tries K and --set-play (issue 24 part 2;
# Baird's #2 of 1893: the try 1.Qe3? threat: 2.Se7#, 2.Sgf6#, but 1...c3!,
# and set play 1...Kc5 2.Qe5#)
BAIRD=puzzles/chess/baird-1893-bcm.yaml
prender $BAIRD --solutions -o "$PD/plain.pdf"
check "print: no tries nor set play the file does not ask for" sh -c \
	"pdftotext '$PD/plain.pdf' - | grep -q '^1.♘g7! zugzwang' && ! pdftotext '$PD/plain.pdf' - | grep -q '?\|Set play'"
prender $BAIRD --solutions --tries 1 -o "$PD/tries.pdf"
tries_shown() {
	line "$PD/tries.pdf" '1.♕e3? threat: 2.♘e7#, 2.♘gf6#' && line "$PD/tries.pdf" 'but 1...c3!' &&
		line "$PD/tries.pdf" '1.♕e5+? but 1...♔xe5!' && ! pdftotext "$PD/tries.pdf" - | grep -q 'Set play'
}
check "print: render --tries 1: the tries with their refutation" tries_shown
prender $BAIRD --solutions --set-play -o "$PD/set.pdf"
check "print: render --set-play: the set play before the key" sh -c \
	"pdftotext '$PD/set.pdf' - | grep -A1 -x 'Set play:' | grep -qx '1...♔c5 2.♕e5#' && ! pdftotext '$PD/set.pdf' - | grep -q '?'"
prender $BAIRD --solutions --tries 1 --set-play -o "$PD/tries.tex"
check "print: LaTeX's \\solution with --tries and --set-play" sh -c \
	"grep -qF '1.\wD{}e3? threat: 2.\wS{}e7\#, 2.\wS{}gf6\#' '$PD/tries.tex' && grep -qF 'Set play:' '$PD/tries.tex'"
expect "print: --tries without --solutions" 2 "render: --tries chooses what the solutions print: give --solutions too" -- \
	render $BAIRD --tries 1 -o "$PD/x.pdf"
expect "print: --set-play without --solutions" 2 "render: --set-play chooses what the solutions print: give --solutions too" -- \
	render $BAIRD --set-play -o "$PD/x.png"

# one theme for the booklet: the tafl men black and white (no red) in PDF
prender puzzles/tavlei/01-the-konung-on-the-high-seat.yaml puzzles/chess/baird-1893-bcm.yaml --per-page 2 -o "$PD/theme.pdf"
grey_only() { ! colour "$1"; }
check "print: PDF in the print theme (no colour)" grey_only "$PD/theme.pdf"
prender puzzles/tavlei/01-the-konung-on-the-high-seat.yaml --theme seed -o "$PD/seed.pdf"
check "print: --theme seed: the seed's red" colour "$PD/seed.pdf"

# ---- puzzles that cannot be drawn: listed in their place, the rest drawn
# (a fairy condition and no men: nothing to draw)
prender "$RFIX/skip.inp" --per-page 4 -o "$PD/skip.pdf"
rc=$?
check "print: an undrawable puzzle: exit 1, the booklet written" test "$rc" = 1 -a -s "$PD/skip.pdf"
check "print: listed in its place with the reason" sh -c "pdftotext -raw '$PD/skip.pdf' - | tr '\\n' ' ' |
	grep -qF \"2. A Circe without men not drawn: $RFIX/skip.inp:6: not supported: fairy condition 'Circe' is not supported\""
check "print: ... and said on stderr" grep -q '1 of 2 puzzles not drawn' "$PD/stderr"
prender "$RFIX/broken.yaml" -o "$PD/broken.pdf"
rc=$?
check "print: a malformed puzzle: exit 2, the rest drawn" test "$rc" = 2 -a -s "$PD/broken.pdf"
prender "$RFIX/skip.inp" -o "$PD/skipdir/"
rc=$?
check "print: directory: the drawable ones written, exit 1" test "$rc" = 1 -a -s "$PD/skipdir/skip-01.png" -a ! -e "$PD/skipdir/skip-02.png"
printf 'BeginProblem\nCondition Circe\nStipulation #2\nEndProblem\n' >"$PD/empty.inp"
expect "print: nothing drawable: exit 2" 2 "not supported: fairy condition 'Circe'" -- render "$PD/empty.inp" -o "$PD/empty.pdf"
check "print: nothing drawable: no file" test ! -e "$PD/empty.pdf"

rm -rf "$PD"
