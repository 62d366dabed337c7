# LaTeX output (sourced by tests/cli.sh): the source as the diagram package
# (chess-problem-diagrams, Debian texlive-games) reads it; compiled with
# pdflatex and read back where TeX Live and the package are installed
# (`make tex-deps` installs them, and `make test` does).
LD=$(mktemp -d /tmp/maat-latex.XXXXXX)
lrender() { "$MAAT" render "$@" 2>"$LD/stderr"; }

lrender puzzles/ --solutions --title "The maat collection" -o "$LD/all.tex"
rc=$?
check "latex: the collection written" test "$rc" = 0 -a -s "$LD/all.tex"
lrender puzzles/ --solutions --title "The maat collection" -o "$LD/all2.tex"
check "latex: deterministic" cmp -s "$LD/all.tex" "$LD/all2.tex"
envs=$(grep -c '^\\begin{diagram}' "$LD/all.tex")
check "latex: one diagram environment per puzzle" test "$envs" = "$(grep -c '^\\end{diagram}' "$LD/all.tex")" -a "$envs" -gt 60
check "latex: proved problems \\Co+, twins, conditions, boards" sh -c "
	grep -c '^  \\\\Co+\$' '$LD/all.tex' | grep -qx '$envs' &&
	grep -qF '\\twins{b) -\\wS{}e1, \\#4; c) from b) -Ph2, \\#5}' '$LD/all.tex' &&
	grep -qF '\\condition{Morok chess}' '$LD/all.tex' && grep -qF '\\begin{diagram}[5x6]' '$LD/all.tex' &&
	grep -qF '\\begin{diagram}[9x9]' '$LD/all.tex' && grep -qF '\\putsol' '$LD/all.tex'"
lrender puzzles/chess/loyd-1856-indian.yaml -o "$LD/one.tex"
check "latex: not solved: no C+ nor C- claimed" sh -c "grep -qF '\\setboolean{showcomputer}{false}' '$LD/one.tex' && ! grep -q 'Co+' '$LD/one.tex'"
expect "latex: --per-page is for PDF" 2 "--per-page is for PDF output" -- render --game chess --per-page 2 -o "$LD/x.tex"
expect "latex: --size is not for LaTeX" 2 "--size is not for LaTeX" -- render --game chess --size 60mm -o "$LD/x.tex"
# (exit 1, as the PDF booklet: the source written, a puzzle not drawn)
lrender "tests/render/skip.inp" -o "$LD/skip.tex"
rc=$?
check "latex: an undrawable puzzle: exit 1, the source written" test "$rc" = 1 -a -s "$LD/skip.tex"
check "latex: ... said on stderr" grep -qF '1 of 2 puzzles not drawn' "$LD/stderr"
check "latex: an undrawable puzzle as a text problem" sh -c "grep -qF '\\textproblem' '$LD/skip.tex' &&
	grep -qF \"\\stipulation{not drawn: tests/render/skip.inp:6: not supported: fairy condition 'Circe' is not supported\" '$LD/skip.tex'"

# a title's control characters never reach the source raw: TeX stops at an
# escape (the title is printed on the number's line, \maattitle)
lrender tests/hostile/latex-title-control.yaml -o "$LD/ctl.tex"
check "latex: a title with control characters: exit 0" test $? = 0
check "latex: no raw control character from a title" sh -c "
	LC_ALL=C tr -d '\\n' <'$LD/ctl.tex' | LC_ALL=C grep -q '[[:cntrl:]]' && exit 1
	grep -qxF '  \\maattitle{Evil  [2K\\textbackslash{}relax x}' '$LD/ctl.tex'"

# the fields as the package's manual has them: the title (no field of the
# package: \maattitle, on the number's line), the authors "Family, Given"
# as \author takes them (printed "Given Family", its default fullname),
# \sourcenr a number with its full stop ("3104." as the manual's example),
# an id as it is
check "latex: the title, the authors as \\author takes them" sh -c "
	grep -qxF '  \\maattitle{Charles XII at Bender}' '$LD/all.tex' &&
	grep -qxF '  \\author{Baird, Edith Elina Helen}' '$LD/all.tex'"
lrender puzzles/composed/upuaut.yaml -o "$LD/composed.tex"
check "latex: an id in \\sourcenr without a full stop" sh -c "
	grep -qxF '  \\sourcenr{s2026-c1595}' '$LD/composed.tex' && ! grep -q 'sourcenr{.*[^0-9]\\.}' '$LD/composed.tex'"
printf 'source: {name: feenschach, problemid: "7100", date: 1965}\nfen: "7k/8/8/8/8/8/8/K5Q1 w - - 0 1"\nstipulation: "#2"\n' >"$LD/nr.yaml"
lrender "$LD/nr.yaml" -o "$LD/nr.tex"
check "latex: a problem number in \\sourcenr with its full stop" grep -qxF '  \sourcenr{7100.}' "$LD/nr.tex"
# the solutions as magazines print them, with the package's figurines
# (\wT: its German letters) and "any move" as a tilde at mid height
check "latex: the solution's figurines as the package's \\wT, \\wL" grep -qxF \
	'    \maatline{0.0}{1.\wT{}xg3! threat: 2.\wT{}h3+ \wL{}h4 3.g4\#}\newline' "$LD/all.tex"
check "latex: 'any move' as a mid-height tilde" grep -qF '2...\wL{}{$\sim$} 3.g4\#' "$LD/all.tex"
check "latex: the count in \\pieces, which the package checks" \
	grep -qxF '  \pieces[6+2]{wKb7, wDc3, wSe8, wSg8, wBa3, wBg3, sKd5, sBc4}' "$LD/all.tex"
lrender tests/render/fairy-walks.inp -o "$LD/walks.tex"

# names beyond Latin-1 (tests/render/latex-names.yaml): T1 for accented
# Latin letters, Cyrillic as \maatcyr{letters}{transliteration} (T2A where
# TeX Live has it), the rest by code -- pdflatex stopped at the first
# Cyrillic letter ("Unicode character Ж (U+0416) not set up")
# a capital Cyrillic letter maat cannot transliterate ("?") stays "?": it
# became byte 0x1f ('?' - 'a' + 'A'), a raw control character in the
# source (found by fuzz_drawtext)
printf 'fen: "7k/8/8/8/8/8/8/R6K w - - 0 1"\nstipulation: "#1"\nauthors: ["\322\236\320\226"]\n' >"$LD/cyr-q.yaml"
lrender "$LD/cyr-q.yaml" -o "$LD/cyr-q.tex"
check "latex: an untransliterated capital Cyrillic letter as '?'" grep -qF '\maatcyr{ҞЖ}{?Zh}' "$LD/cyr-q.tex"
check "latex: ... no control character in the source" sh -c "! LC_ALL=C tr -d '\\n' <'$LD/cyr-q.tex' | LC_ALL=C grep -q '[[:cntrl:]]'"
lrender tests/render/latex-names.yaml -o "$LD/names.tex"
check "latex: names beyond Latin-1: exit 0" test $? = 0
check "latex: Cyrillic names as \\maatcyr, with their transliteration" grep -qxF \
	'  \author{\maatcyr{Јаневски}{Janevski}, \maatcyr{Живко}{Zhivko}; Abdurahmanović, Fadil; \maatcyr{Щербаков}{Shcherbakov}, \maatcyr{Юрий}{Jurij} \maatcyr{Ёлкин}{Elkin}; \maatu{03A0}\maatu{03B1}\maatu{03C0}\maatu{03B1}\maatu{03B4}\maatu{03CC}\maatu{03C0}\maatu{03BF}\maatu{03C5}\maatu{03BB}\maatu{03BF}\maatu{03C2}, \maatu{0393}\maatu{03B9}\maatu{03CE}\maatu{03C1}\maatu{03B3}\maatu{03BF}\maatu{03C2}; \maatu{795E}\maatu{7530}, \maatu{592A}\maatu{90CE}; \maatu{0126}al, Ġorġ; Āboliņš, Ēriks}' "$LD/names.tex"
check "latex: a source with guillemets, a dash and Polish letters" grep -qxF \
	'  \source{«\maatcyr{Шахматна}{Shahmatna} \maatcyr{мисъл}{misal}» – Łódź}' "$LD/names.tex"
check "latex: T1, and T2A where it is there" sh -c "grep -qxF '\\IfFileExists{t2acmr.fd}{\\usepackage[T2A,T1]{fontenc}\\let\\maatcyr=\\maatcyrillic}%' '$LD/names.tex' &&
	grep -qxF '  {\\usepackage[T1]{fontenc}\\let\\maatcyr=\\maattranslit}' '$LD/names.tex'"
# (perl-base is on every Debian)
check "latex: no character past ASCII but T1's and Cyrillic inside \\maatcyr" perl -CSD -ne '
	next if /^%/; s/\\maatcyr\{[\x{400}-\x{4FF}]+\}//g;
	$bad = 1 if /[^\x{20}-\x{7E}\x{A0}-\x{17F}\x{2013}\x{2014}\x{2018}-\x{201E}\x{2020}-\x{2022}\x{2026}\x{2030}\x{2039}\x{203A}\x{20AC}\x{2116}\n]/;
	$bad = 1 if /[\x{126}\x{127}\x{138}\x{13F}\x{140}\x{149}\x{166}\x{167}\x{17F}]/;
	END { exit($bad ? 1 : 0) }' "$LD/names.tex"

# compiled, where TeX Live is there
if command -v pdflatex >/dev/null 2>&1 && command -v kpsewhich >/dev/null 2>&1 &&
	kpsewhich diagram.sty >/dev/null 2>&1 && kpsewhich pstricks.sty >/dev/null 2>&1; then
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error all.tex >pdflatex.out 2>&1)
	check "latex: pdflatex compiles the collection" test -s "$LD/all.pdf"
	grep '^!' "$LD/all.log" 2>/dev/null | head -3 >&2
	pdftotext "$LD/all.pdf" "$LD/all.txt"
	check "latex: its PDF reads back" sh -c "grep -qx 'The maat collection' '$LD/all.txt' &&
		grep -qx 'Samuel Loyd' '$LD/all.txt' && grep -q 'Morok chess' '$LD/all.txt' &&
		grep -q 'Upuaut 5x6' '$LD/all.txt' && grep -qx 'corners hostile' '$LD/all.txt' &&
		grep -q '^c) from b) -Ph2, #5' '$LD/all.txt' && grep -q 'C+' '$LD/all.txt' &&
		grep -q 'Solutions$' '$LD/all.txt' && grep -qx 'xg3! threat: 2.' '$LD/all.txt' &&
		grep -qx '1.hxg3! threat: 2.' '$LD/all.txt'"
	check "latex: ... the title on the number's line, the authors given name first" sh -c "
		tr '\\n' ' ' <'$LD/all.txt' | grep -q '[0-9]\\. Charles XII at Bender' && grep -q 'Edith Elina Helen' '$LD/all.txt' &&
		! grep -q 'Baird, Edith' '$LD/all.txt'"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error walks.tex >pdflatex.out 2>&1)
	check "latex: pdflatex compiles every Popeye walk, turned and neutral" test -s "$LD/walks.pdf"
	grep '^!' "$LD/walks.log" 2>/dev/null | head -3 >&2
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error composed.tex >pdflatex.out 2>&1)
	check "latex: ... an id before the source, no full stop" sh -c "pdftotext '$LD/composed.pdf' - | grep -q '^s2026-c1595 maat'"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error skip.tex >pdflatex.out 2>&1)
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error ctl.tex >pdflatex.out 2>&1)
	check "latex: pdflatex compiles a title with control characters" test -s "$LD/ctl.pdf"
	check "latex: pdflatex compiles a text problem" sh -c "pdftotext '$LD/skip.pdf' - | tr '\\n' ' ' | grep -q 'not drawn:'"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error names.tex >pdflatex.out 2>&1)
	check "latex: pdflatex compiles Cyrillic, Greek and CJK names" test -s "$LD/names.pdf"
	grep '^!' "$LD/names.log" 2>/dev/null | head -3 >&2
	# without T2A (no texlive-lang-cyrillic): the transliterations
	sed 's/t2acmr\.fd/maat-no-such.fd/' "$LD/names.tex" >"$LD/translit.tex"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error translit.tex >pdflatex.out 2>&1)
	check "latex: without T2A, the names transliterated" sh -c "pdftotext '$LD/translit.pdf' - | grep -qx 'Zhivko Janevski'"
	# a solution's line longer than the page goes on deeper than the
	# variations under it (it went on at the margin, where it read as a
	# line of its own); a grasshopper problem's solution as the file gives it
	cat >"$LD/long.yaml" <<'END'
algebraic: {white: [Ka1, Qb1, Ga3], black: [Kh8]}
stipulation: "#7"
solution: |
  1.Qb1-b8+! Kh8-h7 2.Qb8-b7+ Kh7-h6 3.Qb7-b6+ Kh6-h5 4.Qb6-b5+ Kh5-h4 5.Qb5-b4+ Kh4-h3 6.Qb4-b3+ Kh3-h2 7.Qb3-g3#
      1...Kh8-g7 2.Qb8-e5+ Kg7-g6 3.Qe5-g5#
END
	lrender "$LD/long.yaml" --solutions -o "$LD/long.tex"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error long.tex >pdflatex.out 2>&1)
	pdftotext -bbox "$LD/long.pdf" - | awk -F'"' '/<word / { t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
		if (t ~ /^1\./ && !key) key = $2
		if (t ~ /^1\.\.\./ && !def) def = $2
		if (t ~ /^[4-7]\./ && !cont && int($4) != line1) { cont = $2 }
		if (t ~ /^1\./ && !line1) line1 = int($4) }
		END { printf "%s %s %s\n", key, def, cont }' >"$LD/x"
	check "latex: a long solution line hangs deeper than the variations ($(cat "$LD/x"))" \
		awk '{ exit !($1 > 0 && $2 > $1 + 5 && $3 > $1 + 2 * ($2 - $1)) }' "$LD/x"
	# a deep tree (Popeye's text of a #12, each ply 4 spaces deeper, 46 em
	# at the end): a line's indent wider than the column put the line past
	# the page's edge, out of sight (issue 24's nit); the indent is clamped,
	# every move on the page, the deepest one whole, an inch from its edge
	{
		printf 'algebraic: {white: [Ka1, Qb1, Ga3], black: [Kh8]}\nstipulation: "#12"\nsolution: |\n'
		awk 'BEGIN { for (k = 0; k < 23; k++) { n = int(k / 2) + 1; pad = sprintf("%" (3 + 4 * k) "s", "")
			if (k % 2 == 0) printf "  %s%d.Qb%d-c%d +%s\n", pad, n, k % 7 + 1, k % 7 + 2, k ? "" : " !"
			else printf "  %s%d...Kh%d-g%d\n", pad, n, k % 7 + 1, k % 7 + 2 } }'
	} >"$LD/deep.yaml"
	lrender "$LD/deep.yaml" --solutions -o "$LD/deep.tex"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error deep.tex >pdflatex.out 2>&1)
	pdftotext -bbox "$LD/deep.pdf" - | awk -F'"' '/<page / { w = $2 } /<word / { t = $0; sub(/.*">/, "", t)
		sub(/<\/word>.*/, "", t); if (t ~ /^[0-9]+\./) { moves++; if ($6 > w - 72) far++ }
		if (t == "12.Qb2-c3") last = 1 }
		END { printf "%d moves, %d past the margin, the last %s\n", moves, far, last ? "whole" : "cut" }' >"$LD/x"
	check "latex: a deep tree's lines on the page, indents clamped ($(cat "$LD/x"))" \
		grep -qx '23 moves, 0 past the margin, the last whole' "$LD/x"
else
	echo "SKIP latex: pdflatex with the diagram package (texlive-games, texlive-pstricks) is not installed: make tex-deps" >&2
fi
rm -rf "$LD"
