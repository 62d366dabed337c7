# LaTeX output (sourced by tests/cli.sh): the source as the diagram package
# (chess-problem-diagrams, Debian texlive-games) reads it; compiled with
# pdflatex and read back where TeX Live and the package are installed
# (`make tex-deps` installs them; they are too slow to install for every
# `make test`).
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
	grep -qF '\\twins{b) Remove e1 Stipulation \\#4; c) Continued Remove h2 Stipulation \\#5}' '$LD/all.tex' &&
	grep -qF '\\condition{Morok chess}' '$LD/all.tex' && grep -qF '\\begin{diagram}[5x6]' '$LD/all.tex' &&
	grep -qF '\\begin{diagram}[9x9]' '$LD/all.tex' && grep -qF '\\putsol' '$LD/all.tex'"
lrender puzzles/chess/loyd-1856-indian.yaml -o "$LD/one.tex"
check "latex: not solved: no C+ nor C- claimed" sh -c "grep -qF '\\setboolean{showcomputer}{false}' '$LD/one.tex' && ! grep -q 'Co+' '$LD/one.tex'"
expect "latex: --per-page is for PDF" 2 "--per-page is for PDF output" -- render --game chess --per-page 2 -o "$LD/x.tex"
expect "latex: --size is not for LaTeX" 2 "--size is not for LaTeX" -- render --game chess --size 60mm -o "$LD/x.tex"
lrender "tests/render/skip.yaml" -o "$LD/skip.tex"
check "latex: an undrawable puzzle as a text problem" sh -c "[ \$? = 0 ] || true; grep -qF '\\textproblem' '$LD/skip.tex' &&
	grep -qF \"\\stipulation{not drawn: tests/render/skip.yaml:9: not supported: fairy piece 'G'\" '$LD/skip.tex'"

# a title's control characters (kept as a comment line) never reach the
# source raw: TeX ends a comment at a CR and stops at an escape
lrender tests/hostile/latex-title-control.yaml -o "$LD/ctl.tex"
check "latex: no raw control character from a title" sh -c "
	LC_ALL=C tr -d '\\n' <'$LD/ctl.tex' | LC_ALL=C grep -q '[[:cntrl:]]' && exit 1
	grep -qxF '  % Evil  [2K\\textbackslash{}relax x' '$LD/ctl.tex'"

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
		grep -q 'b) Remove e1 Stipulation #4' '$LD/all.txt' && grep -q 'C+' '$LD/all.txt' &&
		grep -q 'Solutions$' '$LD/all.txt' && grep -q '1.Rg7xg3! threat: 2.Rg3-h3+' '$LD/all.txt'"
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error skip.tex >pdflatex.out 2>&1)
	(cd "$LD" && pdflatex -interaction=nonstopmode -halt-on-error ctl.tex >pdflatex.out 2>&1)
	check "latex: pdflatex compiles a title with control characters" test -s "$LD/ctl.pdf"
	check "latex: pdflatex compiles a text problem" sh -c "pdftotext '$LD/skip.pdf' - | tr '\\n' ' ' | grep -q 'not drawn:'"
else
	echo "SKIP latex: pdflatex with the diagram package (texlive-games, texlive-pstricks) is not installed: make tex-deps" >&2
fi
rm -rf "$LD"
