# Every diagram drawable, the same in every format (sourced by tests/cli.sh;
# issue 24, part 5): fairy men drawn as the diagram package draws them
# while the solver still says unsupported; one meaning of Tavlei's colours;
# captions that name who wins; composed chess problems credited as the
# other games'; marks that keep the hatching; sizes in lengths for PNG.
FD=$(mktemp -d /tmp/maat-drawable.XXXXXX)
RFIX=tests/render
# the PDF's text on one line, no-break spaces as spaces
ptext() { pdftotext "$@" - | sed 's/\xc2\xa0/ /g' | tr '\n' ' ' | tr -s ' '; }

cat >"$FD/fairy.yaml" <<'END'
algebraic:
  white: [Kf4, Ga5, Ga6, Nb2, Zc3]
  black: [Kh5, Royal Zf3, Pg7]
  neutral: [Bd4]
stipulation: "#2"
END

# ---- fairy men: drawn, named under the board; unsupported for the solver
"$MAAT" render "$FD/fairy.yaml" -o "$FD/fairy.pdf" 2>"$FD/err"
check "drawable: a fairy problem is drawn (exit 0, nothing on stderr)" sh -c \
	"[ -s '$FD/fairy.pdf' ] && [ ! -s '$FD/err' ]"
check "drawable: the fairy men named, the count with the neutral men" sh -c \
	"ptext() { pdftotext \"\$1\" - | sed 's/\\xc2\\xa0/ /g' | tr '\\n' ' ' | tr -s ' '; }
	 ptext '$FD/fairy.pdf' | grep -qF '#2 (5+3+1) a5, a6: Grasshopper; b2: Nightrider; c3: Zebra; f3: Royal Zebra; d4: Neutral Bishop'"
expect "drawable: ... and the solver says unsupported" 0 "unsupported  #2: fairy piece 'G' (grasshopper) at a5" -- \
	verify "$FD/fairy.yaml"
# as the package draws them: \pieces with its rotations, the legend a remark
"$MAAT" render "$FD/fairy.yaml" -o "$FD/fairy.tex" 2>"$FD/err"
check "drawable: LaTeX \\pieces with the package's rotations and neutral men" \
	grep -qF '\pieces[5+3+1]{wKf4, wDUa5, wDUa6, wSRc3, wSUb2, sKh5, sSRf3, sBg7, nLd4}' "$FD/fairy.tex"
check "drawable: LaTeX: the fairy men in \\remark, a kind a line" \
	grep -qF '\remark{a5, a6:~Grasshopper; b2:~Nightrider; c3:~Zebra; f3:~Royal~Zebra; d4:~Neutral~Bishop}' \
	"$FD/fairy.tex"

# real fairy problems (tests/render/fairy-classics.inp: Onitiu's #6 of
# Popeye's manual, T. R. Dawson's Ship and Dragon of Popeye's EXAMPLES)
"$MAAT" render "$RFIX/fairy-classics.inp" --per-page 3 -o "$FD/classics.pdf" 2>"$FD/err"
check "drawable: Onitiu's grasshopper, Dawson's ship and dragon drawn and named" sh -c "
	pdftotext '$FD/classics.pdf' - | grep -qx 'f2: Grasshopper' && pdftotext '$FD/classics.pdf' - | grep -qx 'f3: Ship' &&
	pdftotext '$FD/classics.pdf' - | grep -qx 'f2: Dragon' && [ ! -s '$FD/err' ]"
expect "drawable: ... the solver says unsupported" 0 "unsupported  #6: fairy piece 'G' (grasshopper) at f2 is not supported" -- \
	verify "$RFIX/fairy-classics.inp"

# every walk of Popeye's list (py-engl.txt), white, black and neutral: each
# drawn, and each square named in its problem's legend
"$MAAT" render "$RFIX/fairy-walks.inp" --per-page 1 -o "$FD/walks.pdf" 2>"$FD/err"
rc=$?
check "drawable: every Popeye walk drawn (exit 0)" test "$rc" = 0 -a -s "$FD/walks.pdf"
walks_named() {
	page=0
	for sqs in $(awk '/^(Begin|Next)Problem/ { if (n) print s; s = ""; n = 1; next }
		/Pieces|^  (Black|Neutral)/ { neutral = $1 == "Neutral"
			for (i = 1; i <= NF; i++) if ($i ~ /^[0-9A-Z][0-9A-Z]?[a-h][1-8]$/ && $i !~ /^K/ &&
			                             (neutral || $i !~ /^[QRBSP][a-h]/))
				s = s (s ? "," : "") substr($i, length($i) - 1) }
		END { print s }' "$RFIX/fairy-walks.inp"); do
		page=$((page + 1))
		legend=$(pdftotext -f $page -l $page "$FD/walks.pdf" - | sed 's/\xc2\xa0/ /g' | tr '\n' ' ')
		for sq in $(echo "$sqs" | tr ',' ' '); do
			echo "$legend" | grep -qE "(^|[ ,;])$sq[,:]" || { echo "page $page: $sq not named"; return 1; }
		done
	done
	[ "$page" -ge 5 ]
}
check "drawable: every walk's square named under its board" walks_named

# the same in every format: the fairy diagram's PNG, SVG and PDF agree
if cc -O2 -o "$FD/imgcmp" "$RFIX/imgcmp.c" $(pkg-config --cflags --libs cairo) -lm 2>"$FD/cc.err"; then
	set -- "$FD/fairy.yaml" --no-caption
	"$MAAT" render "$@" -o "$FD/f.png" && "$MAAT" render "$@" --size 300px -o "$FD/f.svg" &&
		"$MAAT" render "$@" --size 300px -o "$FD/f2.pdf" &&
		rsvg-convert "$FD/f.svg" -o "$FD/f-svg.png" &&
		pdftocairo -png -r 72 -singlefile "$FD/f2.pdf" "$FD/f-pdf"
	below() { [ "$("$FD/imgcmp" "$1" "$2" | awk '/^maxdiff/ { print $2; exit } { print 999 }')" -lt 85 ]; }
	check "drawable: fairy men: svg matches png" below "$FD/f.png" "$FD/f-svg.png"
	check "drawable: fairy men: pdf matches png" below "$FD/f.png" "$FD/f-pdf.png"
else
	bad "drawable: cannot build tests/render/imgcmp.c: $(head -1 "$FD/cc.err")"
fi

# ---- Tavlei: black discs the attackers in every format, and said so
T=puzzles/tavlei/01-the-konung-on-the-high-seat.yaml
"$MAAT" render "$T" -o "$FD/t.pdf" && "$MAAT" render "$T" -o "$FD/t.svg" && "$MAAT" render "$T" -o "$FD/t.tex"
check "drawable: Tavlei's colours stated (PDF, print theme)" sh -c "pdftotext '$FD/t.pdf' - | grep -qx 'Attackers black, defenders white'"
check "drawable: ... (SVG, the seed's theme)" grep -q '>Attackers black, defenders red</text>' "$FD/t.svg"
check "drawable: ... (LaTeX)" grep -qF '\remark{Attackers black, defenders white}' "$FD/t.tex"

# ---- help and self play in words: who wins
"$MAAT" render puzzles/upuaut/help.yaml puzzles/morok/self.yaml puzzles/tavlei/self.yaml --per-page 6 -o "$FD/hs.pdf"
check "drawable: help play names the winner" sh -c "ptext() { pdftotext \"\$1\" - | tr '\\n' ' '; }; ptext '$FD/hs.pdf' | grep -qF 'Help-win in 2: White wins'"
check "drawable: self play names who forces whom" sh -c "pdftotext '$FD/hs.pdf' - | grep -qF 'Self-win in 2: White forces Black to win' &&
	pdftotext '$FD/hs.pdf' - | grep -qF 'Self-win in 2: Attackers force Defenders to win'"

# ---- a composed chess problem: a title and the credit, as the other games
"$MAAT" compose --game chess --stip '#2' --count 1 --seed 5 -o "$FD/c.yaml" 2>/dev/null
"$MAAT" render "$FD/c.yaml" -o "$FD/c.pdf"
check "drawable: composed chess: its title and maat compose's credit" sh -c \
	"pdftotext '$FD/c.pdf' - | head -2 | tr '\\n' '|' | grep -qE '^([A-Z][a-z]+ ){1,2}[A-Z][a-z]+\\|maat compose, s5-c[0-9]+\\|\$'"

# ---- --mark: a frame on the square's edge (the hatching stays: check_render)
expect "drawable: --mark takes squares" 2 "--mark: 'z9' is not a square of the 8x8 board" -- \
	render --game chess --mark z9 -o "$FD/m.png"

# ---- sizes in lengths for PNG, at --dpi (300 by default), said in the file
"$MAAT" render --game chess --size 60mm --no-caption -o "$FD/s300.png" &&
	"$MAAT" render --game chess --size 60mm --dpi 150 --no-caption -o "$FD/s150.png"
if cc -O2 -o "$FD/frames" "$RFIX/frames.c" $(pkg-config --cflags --libs cairo) 2>"$FD/cc.err"; then
	check "drawable: --size 60mm: the board 60 mm at 300 dpi" sh -c \
		"'$FD/frames' '$FD/s300.png' 300 | awk '{ exit !(\$3 > 59.5 && \$3 < 60.5) }'"
	check "drawable: --size 60mm --dpi 150: 60 mm at 150 dpi" sh -c \
		"'$FD/frames' '$FD/s150.png' 150 | awk '{ exit !(\$3 > 59.5 && \$3 < 60.5) }'"
else
	bad "drawable: cannot build tests/render/frames.c: $(head -1 "$FD/cc.err")"
fi
# pHYs: 300 dpi is 11811 pixels a metre (0x2e23)
check "drawable: the PNG says its resolution (pHYs)" sh -c \
	"od -An -tx1 -v '$FD/s300.png' | tr -d ' \\n' | grep -q '7048597300002e2300002e2301'"
expect "drawable: --dpi is for PNG" 2 "--dpi is for PNG" -- render --game chess --dpi 300 -o "$FD/x.pdf"
"$MAAT" render --game chess --size 2in -o "$FD/in.pdf"
check "drawable: --size 2in for PDF: 144 pt of board" sh -c "pdfinfo '$FD/in.pdf' | grep -q '^Page size: *162'"

# ---- a booklet of one problem: the diagram and its solution numbered 1, not "0."
"$MAAT" render puzzles/chess/baird-1893-bcm.yaml --solutions -o "$FD/one.pdf"
check "drawable: one problem's booklet numbers it 1" sh -c \
	"pdftotext -raw -f 2 '$FD/one.pdf' - | grep -qx '1. Edith Elina Helen Baird, #2' && pdftotext -f 1 -l 1 '$FD/one.pdf' - | grep -qx 1 &&
	 ! pdftotext '$FD/one.pdf' - | grep -q '^0\\.'"

rm -rf "$FD"
