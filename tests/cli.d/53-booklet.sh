# Booklets that keep their boards (sourced by tests/cli.sh; issue 24): at
# every paper and every --per-page from 1 to 12 the boards are measured on
# the printed page -- the PDF rasterised by poppler, the frames found in its
# pixels (tests/render/frames.c) -- never from maat's own numbers.  Each is
# at least as wide as a published diagram of that count, and every board of
# a page is as wide as the others; the captions read back with
# pdftotext -bbox are in one type size a page, 6 pt at the least.
BD=$(mktemp -d /tmp/maat-booklet.XXXXXX)
RFIX=tests/render
DPI=100

# Published diagram widths, in mm, for A4 and Letter pages: a book's page
# of one diagram (70), two or three (60, 50), four as problem books set
# them (45); six, the 38 mm of a two-column magazine page; nine (35);
# twelve, as three-column magazines (feenschach) print them (30).  A5 is
# A4 at 148/210 of its width.  Under 27 mm (squares of 3.2 mm) a board is
# not legible, and maat may refuse the layout -- there, and only there.
published() {
	awk -v paper="$1" -v n="$2" 'BEGIN {
		split("70 60 50 45 38 38 35 35 35 30 30 30", w, " ")
		printf "%.1f\n", w[n] * (paper == "a5" ? 148 / 210 : 1) }'
}

if cc -O2 -o "$BD/frames" "$RFIX/frames.c" $(pkg-config --cflags --libs cairo) 2>"$BD/cc.err"; then
	# frames FILE.pdf PAGE: "x y w h" (mm) of each board on that page
	frames() {
		rm -f "$BD/page.png"
		pdftocairo -png -r $DPI -f "$2" -l "$2" -singlefile "$1" "$BD/page" &&
			"$BD/frames" "$BD/page.png" $DPI
	}
	# the chess problems of puzzles/: 20 diagrams, so that a page of 12 is full
	CHESS=$(ls puzzles/chess/*.yaml)
	"$MAAT" render $CHESS --per-page 1 -o "$BD/one.pdf" 2>"$BD/err"
	nchess=$(pdfinfo "$BD/one.pdf" | sed -n 's/^Pages: *//p')
	check "booklet: the chess problems fill a page of 12" test "${nchess:-0}" -ge 12
	# (the sanitizer run, CLI_SANITIZED, takes every third --per-page of
	# each paper, a4 1 4 7 10, letter 2 5 8 11, a5 3 6 9 12: every count
	# and every paper, the refusals of a5 among them, drawn and measured
	# under ASan, in a third of the renders and rasterisations, which were
	# 10 of its 16 s of CPU; the plain run measures all 36)
	bp=0
	for paper in a4 letter a5; do
		bp=$((bp + 1))
		for per in 1 2 3 4 5 6 7 8 9 10 11 12; do
			[ -z "$CLI_SANITIZED" ] || [ $(((per - bp) % 3)) = 0 ] || continue
			want=$(published "$paper" "$per")
			name="booklet: $paper, --per-page $per"
			rm -f "$BD/b.pdf"
			"$MAAT" render $CHESS --per-page "$per" --paper "$paper" --title "Booklet" \
				-o "$BD/b.pdf" 2>"$BD/err"
			rc=$?
			if [ "$rc" != 0 ]; then
				# refused: only where no legible board is published, with a message
				if [ "$rc" = 2 ] && [ ! -e "$BD/b.pdf" ] && grep -q "too small to read" "$BD/err" &&
					awk -v w="$want" 'BEGIN { exit !(w < 27) }'; then
					ok
				else
					bad "$name: refused (exit $rc) where a $want mm board is published: $(cat "$BD/err")"
				fi
				continue
			fi
			frames "$BD/b.pdf" 1 >"$BD/f1"
			count=$(wc -l <"$BD/f1")
			full=$((per < nchess ? per : nchess))
			check "$name: $full boards on page 1" test "$count" = "$full"
			# every board of the page as wide as the others (a pixel or two)
			# and as a published one; the last page's boards the same
			pages=$(pdfinfo "$BD/b.pdf" | sed -n 's/^Pages: *//p')
			if [ "$pages" -gt 1 ]; then frames "$BD/b.pdf" "$pages" >"$BD/fl"; else : >"$BD/fl"; fi
			widths() { awk -v want="$want" '{ if (!n++ || $3 < lo) lo = $3; if ($3 > hi) hi = $3 }
				END { printf "%.1f-%.1f mm", lo, hi; exit !(n && hi - lo <= 0.5 && lo >= want) }' "$@"; }
			if w=$(widths "$BD/f1" "$BD/fl"); then ok; else bad "$name: boards $w, want one width >= $want mm"; fi
			# the caption type: one size on the page, 6 pt at least (word
			# heights against the 10 pt page number in the footer)
			pdftotext -bbox -f 1 -l 1 "$BD/b.pdf" - | LC_ALL=C awk -F'"' '
				/<page / { page_h = $4 }
				/<word / { h = $8 - $4; word = $0; sub(/.*">/, "", word); sub(/<\/word>.*/, "", word)
					if ($4 > page_h - 60) { if (word ~ /^[0-9]+$/) ten = h; next }
					if ($4 < 60 || word ~ /^(\342\231[\224-\237])+$/) next
					hs[sprintf("%.2f", h)]++ }
				END { n = 0; for (k in hs) { n++; size = k / ten * 10 }
					printf "%d sizes, %.1f pt\n", n, size; exit !(n == 1 && size >= 5.95) }' >"$BD/sizes"
			if [ $? = 0 ]; then ok; else bad "$name: caption type: $(cat "$BD/sizes")"; fi
		done
	done

	# ---- the issue's example: the man page's booklet at 6 a page
	"$MAAT" render puzzles/chess/ -o "$BD/man.pdf" --per-page 6 --solutions --title "Loyd and friends" 2>"$BD/err"
	frames "$BD/man.pdf" 1 >"$BD/f1"
	check "booklet: the man page's example keeps 45 mm boards" awk '{ if ($3 < 44) exit 1; n++ } END { exit n != 6 }' "$BD/f1"

	# ---- boards of other shapes: one square size a page, each shape whole
	"$MAAT" render puzzles/upuaut/0[1-3]*.yaml puzzles/tavlei/0[1-3]*.yaml --per-page 6 \
		-o "$BD/mixed.pdf" 2>"$BD/err"
	frames "$BD/mixed.pdf" 1 >"$BD/f1"
	# three 5x6 boards (narrower than high), three 9x9: squares of one size
	check "booklet: 5x6 and 9x9 boards on one page, squares of one size" awk '
		{ sq = $4 / ($3 < $4 - 1 ? 6 : 9); if (!n++ || sq < lo) lo = sq; if (sq > hi) hi = sq }
		END { exit !(n == 6 && (hi - lo) / lo < 0.03) }' "$BD/f1"
	"$MAAT" render puzzles/upuaut/0*.yaml --per-page 6 -o "$BD/upuaut.pdf" 2>"$BD/err"
	frames "$BD/upuaut.pdf" 1 >"$BD/f1"
	check "booklet: a page of 5x6 boards alone has larger squares" sh -c \
		"[ \$(awk '{ print int(\$3 * 10) ; exit }' '$BD/f1') -gt \$(awk '{ print int(\$3 * 10 / 9 * 5 * 1.2) ; exit }' '$BD/f1') ] ||
		 awk 'NR == 1 { exit !(\$4 / 6 > 5.5) }' '$BD/f1'"
else
	bad "booklet: cannot build tests/render/frames.c: $(head -1 "$BD/cc.err")"
fi

# ---- a narrow board's stipulation line stays whole: "White to win in 3"
# on one line with "(5+3)" beside it (Upuaut's 5x6 at 12 a page)
"$MAAT" render puzzles/upuaut/0*.yaml --per-page 12 -o "$BD/narrow.pdf" 2>"$BD/err"
# one_line "WORDS" "COUNT": the words in a row, and the count on their line
# a little to their right (in the same cell)
one_line() {
	pdftotext -bbox "$BD/narrow.pdf" - | awk -F'"' -v words="$1" -v count="$2" '
		BEGIN { n = split(words, w, " ") }
		/<word / { t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
			word[++k] = t; x[k] = $2; y[k] = $4 }
		END { for (i = 1; i + n - 1 <= k; i++) { hit = 1
				for (j = 1; j <= n; j++) if (word[i + j - 1] != w[j] || y[i + j - 1] != y[i]) hit = 0
				if (!hit) continue
				for (c = 1; c <= k; c++)
					if (word[c] == count && y[c] - y[i] < 0.5 && y[i] - y[c] < 0.5 &&
					    x[c] > x[i + n - 1] && x[c] - x[i] < 100) exit 0 }
			exit 1 }'
}
check "booklet: 'White to win in 3 (5+3)' on one line beside a 5x6 board" one_line "White to win in 3" "(5+3)"

# ---- a caption too wide for its cell: its short form, not wrapped words
cat >"$BD/one.yaml" <<'END'
---
authors: ["Loyd, Samuel", "Healey, Frederic", "Kling, Josef", "Horwitz, Bernhard"]
source: {name: "The Illustrated London News", issue: "vol. 33, no. 940", date: 1859-03-16}
fen: "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1"
stipulation: "#2"
END
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do cat "$BD/one.yaml"; done >"$BD/long.yaml"
"$MAAT" render "$BD/long.yaml" --per-page 12 -o "$BD/long.pdf" 2>"$BD/err"
check "booklet: authors as initials where the names do not fit" sh -c \
	"pdftotext '$BD/long.pdf' - | grep -qxF 'S. Loyd, F. Healey, J. Kling & B. Horwitz'"
check "booklet: the source short: no issue, the year alone" sh -c \
	"pdftotext '$BD/long.pdf' - | grep -qxF 'The Illustrated London News, 1859'"
"$MAAT" render "$BD/long.yaml" --per-page 2 -o "$BD/long2.pdf" 2>"$BD/err"
check "booklet: ... and whole where they fit" sh -c \
	"pdftotext '$BD/long2.pdf' - | grep -qxF 'Samuel Loyd, Frederic Healey, Josef Kling & Bernhard Horwitz'"

# ---- the solutions as a magazine sets a long line of play: it breaks
# before a move number, never between a defence and its answer, leaves no
# move alone on a line (Horwitz's #4 printed "4.Qd4#" alone, at the step of
# the variations below it, as if it were one), and its second line hangs
# deeper than the variations under it (a defence one step in, a second
# threat two steps).  Read back with pdftotext -bbox.
# sol_lines PDF: "page col x first-word words" for each line of the pages
# from "Solutions" on
sol_lines() {
	pdftotext -bbox "$1" - | LC_ALL=C awk -F'"' '
		/<page / { page++ }
		/<word / { t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
			if (t == "Solutions") sol = page
			if (!sol) next
			# a line: the words of one baseline, apart from those of the
			# other column (a gap of more than 12 pt)
			y = page " " int($4 + 0.5); s = 0
			for (i = 1; i <= m; i++)
				if (ky[i] == y && $2 >= x1[i] && $2 - x1[i] < 12) { s = i; break }
			if (!s) { s = ++m; ky[s] = y; x0[s] = $2; first[s] = t }
			x1[s] = $6; n[s]++ }
		END { for (i = 1; i <= m; i++) printf "%s %.1f %s %d\n", ky[i], x0[i], first[i], n[i] }'
}
# alone: a line of one move of the solving side ("4.Qd4#") whose next line
# in its column is not deeper in (a move with play of its own under it,
# "1.Bc5+?" or "2.Kd5" before their defences, is a line of its own)
alone() {
	awk '{ page[NR] = $1; y[NR] = $2; x[NR] = $3; w[NR] = $4; n[NR] = $5 }
		END { for (i = 1; i <= NR; i++)
			if (n[i] == 1 && w[i] ~ /^[0-9]+\.[^.]/ && !(i < NR && page[i + 1] == page[i] &&
			    y[i + 1] > y[i] && x[i + 1] > x[i] + 1)) printf "%s ", w[i] }' "$1"
}
for paper in a4 letter a5; do
	"$MAAT" render puzzles/chess/ --paper $paper -o "$BD/sol.pdf" --per-page 6 --solutions 2>"$BD/err"
	sol_lines "$BD/sol.pdf" >"$BD/lines"
	lone=$(alone "$BD/lines")
	check "booklet: $paper: no move alone on a line of the solutions (${lone:-none})" \
		test -z "$lone" -a "$(wc -l <"$BD/lines")" -gt 20
done
"$MAAT" render puzzles/chess/ -o "$BD/sol.pdf" --per-page 6 --solutions 2>"$BD/err"
sol_lines "$BD/sol.pdf" >"$BD/lines"
# Horwitz's #4 (BCM 1847): "1.Sc8! threat: 2.Sa7 zugzwang, 2...Kd5 3.Kd3
# zugzwang, 3...Kc5 4.Qd4#" is longer than a column of A4
check "booklet: a wrapped line goes on with the defence and its answer, deeper than the variations" \
	awk '$4 == "3...\342\231\224c5" && $5 == 2 && !w { w = $3 }
		$4 == "1...\342\231\224d5" && !d { d = $3 }
		END { exit !(w && d && w - d > 1.2 * 8.5 + 1) }' "$BD/lines"

# a deep tree (Popeye's text of a #30, each ply 4 spaces deeper): the
# indent went past the column, the last lines past the page's edge, and the
# deepest ten plies were not drawn at all; the indent is clamped (as LaTeX's
# \maatline), every move drawn, none past the right margin
{
	printf 'algebraic: {white: [Ka1, Qb1, Ga3], black: [Kh8]}\nstipulation: "#30"\nsolution: |\n'
	awk 'BEGIN { for (k = 0; k < 59; k++) { n = int(k / 2) + 1; pad = sprintf("%" (3 + 4 * k) "s", "")
		if (k % 2 == 0) printf "  %s%d.Qb%d-c%d +%s\n", pad, n, k % 7 + 1, k % 7 + 2, k ? "" : " !"
		else printf "  %s%d...Kh%d-g%d\n", pad, n, k % 7 + 1, k % 7 + 2 } }'
} >"$BD/deep.yaml"
"$MAAT" render "$BD/deep.yaml" --solutions -o "$BD/deep.pdf" 2>"$BD/err"
pdftotext -bbox "$BD/deep.pdf" - | awk -F'"' '/<page / { w = $2 } /<word / { t = $0; sub(/.*">/, "", t)
	sub(/<\/word>.*/, "", t); if (t ~ /^[0-9]+\.[.]*Q|^[0-9]+\.\.\.K/) { moves++; if ($6 > w - 36) far++ } }
	END { printf "%d moves, %d past the margin\n", moves, far }' >"$BD/x"
check "booklet: a deep tree's lines all drawn, on the page ($(cat "$BD/x"))" \
	grep -qx '59 moves, 0 past the margin' "$BD/x"

# ---- what cannot be laid out legibly is refused, the old file kept
echo old >"$BD/keep.pdf"
expect "booklet: --per-page 64 refused" 2 "--per-page 64: the boards would have squares of 1.7 mm on A4 paper, too small to read (3.2 mm at least); at most" -- \
	render puzzles/chess/ --per-page 64 -o "$BD/keep.pdf"
check "booklet: ... and the old file kept" grep -qx old "$BD/keep.pdf"
# a caption that does not fit even in 6 pt: which diagram, and what would do
{
	echo "fen: \"7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1\""
	echo "stipulation: \"#2\""
	echo "twins:"
	for t in b c d e f g h i j k l m n o p; do echo "  $t: \"Stipulation #3\""; done
} >"$BD/tall.yaml"
expect "booklet: a caption that does not fit is named" 2 "--per-page 6: the caption of diagram 1 ($BD/tall.yaml:1) does not fit beside its" -- \
	render "$BD/tall.yaml" puzzles/chess/baird-1893-bcm.yaml --per-page 6 -o "$BD/tall.pdf"

rm -rf "$BD"
