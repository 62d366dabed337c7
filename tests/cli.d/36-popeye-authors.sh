# Popeye's Author lines (sourced by tests/cli.sh): each line is one author,
# kept whole -- a ';' in it splits nothing (Popeye's ReadAuthor appends the
# line and a line end to ActAuthor; py-engl.txt: "All the input of multiple
# author commands will be placed on the output").
AD=$(mktemp -d /tmp/maat-authors.XXXXXX)
"$MAAT" convert tests/data/popeye/authors.inp -o "$AD/a.inp" >/dev/null 2>&1
check "authors: one Author line each, as read, a ';' kept inside" sh -c "
	grep '^Author' '$AD/a.inp' >'$AD/got' &&
	printf '%s\n' 'Author Smith; Jones' 'Author P. Kahl & Jan Mortensen' 'Author Loyd, Samuel' | cmp -s - '$AD/got'"
"$MAAT" convert "$AD/a.inp" -o "$AD/b.inp" >/dev/null 2>&1
check "authors: Popeye input written again is the same" cmp -s "$AD/a.inp" "$AD/b.inp"
"$MAAT" convert tests/data/popeye/authors.inp -o "$AD/a.yaml" >/dev/null 2>&1
check "authors: YAML, three authors" sh -c "
	grep -A3 '^authors:' '$AD/a.yaml' >'$AD/goty' &&
	printf '%s\n' 'authors:' '  - \"Smith; Jones\"' '  - \"P. Kahl & Jan Mortensen\"' '  - \"Loyd, Samuel\"' | cmp -s - '$AD/goty'"
"$MAAT" convert "$AD/a.yaml" -o "$AD/c.inp" >/dev/null 2>&1
check "authors: YAML back to Popeye input, the same Author lines" sh -c "grep '^Author' '$AD/c.inp' | cmp -s - '$AD/got'"
"$MAAT" render tests/data/popeye/authors.inp -o "$AD/a.tex" >/dev/null 2>&1
check "authors: LaTeX, the package's ';' between names, braced inside one" \
	grep -qxF '  \author{Smith{;} Jones, \ignorespaces; P. Kahl \& Jan Mortensen, \ignorespaces; Loyd, Samuel}' "$AD/a.tex"
rm -rf "$AD"
