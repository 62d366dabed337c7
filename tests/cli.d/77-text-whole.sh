# Text is never cut (issue 21 part 5): what the input holds reaches every
# writer whole -- a 2,000-character title, author and source, a claimed
# move of 480 characters -- or is refused with a message naming the limit
# (sourced by tests/cli.sh).
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
tw_long=$(awk 'BEGIN { for (i = 0; i < 75; i++) printf "Lorem ipsum dolor sit amet "; }')
tw_move=$(awk 'BEGIN { printf "Qa7-f2"; for (i = 0; i < 40; i++) printf "xa1xb2xc3xd4"; }')
cat >"$TW/long.yaml" <<END
title: "T$tw_long end-of-title"
authors: ["A$tw_long end-of-author"]
source: "S$tw_long end-of-source"
fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"
stipulation: "#2"
solution: "1.Qa7-f2!"
END
sed "s|^solution: .*|solution: \"1.$tw_move! Kc1-b1 2.0-0#\"|" "$TW/long.yaml" >"$TW/claim.yaml"
title="T$tw_long end-of-title"
author="A$tw_long end-of-author"
source="S$tw_long end-of-source"
expect "text whole: solve --format text, the title" 0 "\"$title\"" -- solve --format text "$TW/long.yaml"
expect "text whole: solve --format json, the title" 0 "\"title\":\"$title\"" -- solve --format json "$TW/long.yaml"
expect "text whole: verify --format json, the title" 0 "\"title\":\"$title\"" -- verify --format json "$TW/long.yaml"
for f in "$title" "$author" "$source"; do
	expect "text whole: convert to YAML, ${f%% *}" 0 "$f" -- convert -o - --to yaml "$TW/long.yaml"
done
# Popeye 4.104 holds an Author, Origin or Title in 256 bytes ("input line
# overflow"): such a puzzle is refused as Popeye input, the limit named
expect "text whole: convert to Popeye, the authors refused by Popeye's limit" 2 \
	"not converted: its authors take more than the 255 bytes Popeye reads" -- convert -o - --to inp "$TW/long.yaml"
sed '/^authors:/d' "$TW/long.yaml" >"$TW/long-s.yaml"
expect "text whole: ... the source" 2 "not converted: its source takes more than the 255 bytes Popeye reads" \
	-- convert -o - --to inp "$TW/long-s.yaml"
sed '/^source:/d' "$TW/long-s.yaml" >"$TW/long-t.yaml"
expect "text whole: ... the title" 2 "not converted: its title takes more than the 255 bytes Popeye reads" \
	-- convert -o - --to inp "$TW/long-t.yaml"
# the claimed move, as the file writes it, in the verdict and the explanation
expect "text whole: a long claimed move in the reason" 1 "the file's 1.$tw_move is not a legal move in the diagram" -- verify "$TW/claim.yaml"
expect "text whole: a long claimed move in JSON" 1 "the file's 1.$tw_move is not a legal move in the diagram" -- verify --format json "$TW/claim.yaml"
expect "text whole: a long claimed move in --explain" 1 "the file's line: 1.$tw_move (not a legal move)" -- verify --explain "$TW/claim.yaml"
expect "text whole: a long claimed move in --explain JSON" 1 "\"given\":\"1.$tw_move\"" -- verify --explain --format json "$TW/claim.yaml"
rm -rf "$TW"
# LaTeX is text: its fields whole (a picture's caption line is cut with '…')
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
cat >"$TW/long.yaml" <<END
title: "$title"
authors: ["$author", "B; C"]
source: "$source"
source-id: "12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"
stipulation: "#2"
solution: "1.Qa7-f2!"
END
if "$MAAT" render -o "$TW/long.tex" "$TW/long.yaml" >/dev/null 2>&1; then
	check "text whole: LaTeX, the title" grep -qF "\\maattitle{$title}" "$TW/long.tex"
	check "text whole: LaTeX, the authors" grep -qF "\\author{$author, \\ignorespaces; B{;} C, \\ignorespaces}" "$TW/long.tex"
	check "text whole: LaTeX, the source" grep -qF "\\source{$source}" "$TW/long.tex"
	check "text whole: LaTeX, a 260-digit source number" grep -qE "sourcenr\{(1234567890){26}\.\}" "$TW/long.tex"
else
	bad "text whole: render -o long.tex"
fi
rm -rf "$TW"
# convert to YAML: authors YACPDB has no person for, a source's name before
# its year, a distinction's tourney, each whole (cut at 2,048, 1,023 and
# 255 bytes before); from YAML, as Popeye input holds 255 bytes of authors
# (tests/cli.d/79-popeye-limits.sh)
tw_mid=$(awk 'BEGIN { for (i = 0; i < 25; i++) printf "Lorem ipsum dolor sit amet "; }')
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
cat >"$TW/long-authors.yaml" <<END
authors: ["$author", "B$tw_mid second", "C$tw_mid third"]
source: "$source, 1927"
award: "1st Prize, T$tw_long tourney"
fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"
stipulation: "#2"
END
expect "text whole: convert, authors in the comments" 0 "Authors: $author; B$tw_mid second; C$tw_mid third" -- convert --solve -o - --to yaml "$TW/long-authors.yaml"
expect "text whole: convert, the source's name" 0 "name: \"$source\"" -- convert --solve -o - --to yaml "$TW/long-authors.yaml"
expect "text whole: convert, the tourney's name" 0 "name: \"T$tw_long tourney\"" -- convert --solve -o - --to yaml "$TW/long-authors.yaml"
rm -rf "$TW"
# LaTeX: a Cyrillic title's transliteration whole (it was cut at 1,023 bytes)
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
tw_cyr=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "Щука"; }')
tw_lat=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "Shchuka"; }')
printf 'title: "%s"\nfen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"\nstipulation: "#2"\nsolution: "1.Qa7-f2!"\n' "$tw_cyr" >"$TW/cyr.yaml"
if "$MAAT" render -o "$TW/cyr.tex" "$TW/cyr.yaml" >/dev/null 2>&1; then
	check "text whole: LaTeX, a Cyrillic title and its transliteration" grep -qF "\\maatcyr{$tw_cyr}{$tw_lat}" "$TW/cyr.tex"
else
	bad "text whole: render -o cyr.tex"
fi
rm -rf "$TW"
# A source's date and issue whole (they were cut at 40 and 63 bytes)
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
tw_long=$(awk 'BEGIN { for (i = 0; i < 20; i++) printf "Lorem ipsum dolor sit amet "; }')
cat >"$TW/date.yaml" <<END
source: "Schwalbe"
date: "D$tw_long end-of-date"
source-id: "I$tw_long end-of-issue/17"
fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"
stipulation: "#2"
solution: "1.Qa7-f2!"
END
expect "text whole: a source's date and issue" 0 "Source: Schwalbe, I$tw_long end-of-issue, D$tw_long end-of-date" \
	-- convert -o - --to yaml "$TW/date.yaml"
# A twin line that Popeye's words make longer than the file's (a mirror
# abbreviated, 'mi a1<-->h1' printed 'mirror a1<-->h1'): past 511 bytes it
# fell back to the file's words
tw_mi=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf "mi a1<-->h1 "; }')
tw_out=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf "mirror a1<-->h1  "; }')
cat >"$TW/twin.inp" <<END
BeginProblem
Pieces White Kh1 Ra1 Rb1 Qa7 Black Kh8
Stipulation #1
Twin $tw_mi
EndProblem
END
expect "text whole: a Popeye twin line of 548 bytes in Popeye's words" 0 "b) $tw_out" -- solve --format popeye "$TW/twin.inp"
# A condition's word longer than a Popeye token is refused, not cut
tw_word=$(awk 'BEGIN { for (i = 0; i < 30; i++) printf "Circeparrain"; }')
cat >"$TW/cond.inp" <<END
BeginProblem
Pieces White Kh1 Qa7 Black Kh8
Stipulation #1
Condition $tw_word
EndProblem
END
expect "text whole: a condition's word of 360 bytes refused" 2 "cond.inp:4:11: word longer than 255 bytes (Popeye's limit)" -- verify "$TW/cond.inp"
# A piece's prefixes whole, however many (they were cut at 47 bytes)
tw_pre="Royal Royal Royal Royal Royal Royal Royal Royal Royal"
cat >"$TW/prefix.yaml" <<END
algebraic:
  white: ["$tw_pre Qa7", "Ke1"]
  black: ["Kc1"]
stipulation: "#2"
END
expect "text whole: a piece's prefixes of 54 bytes" 0 "unsupported  #2: fairy piece '$tw_pre Q' at a7" -- verify "$TW/prefix.yaml"
# A rule's value whole in the conditions (it was cut at 20 bytes)
sed 's/^  corners-hostile: yes/&\n  king-max-move: "000000000000000000000000003"/' \
	puzzles/tavlei/06-the-corner-bites.yaml >"$TW/rules.yaml"
if "$MAAT" render -o "$TW/rules.tex" "$TW/rules.yaml" >/dev/null 2>&1; then
	check "text whole: LaTeX, a rule's value" grep -qF "king max move 000000000000000000000000003" "$TW/rules.tex"
else
	bad "text whole: render -o rules.tex"
fi
# A condition of many words whole in LaTeX (it was cut as a caption line)
tw_cond=$(awk 'BEGIN { for (i = 0; i < 30; i++) printf "Madrasi Circe Andernach "; }')
cat >"$TW/conds.inp" <<END
BeginProblem
Pieces White Kh1 Qa7 Black Kh8
Stipulation #1
Condition ${tw_cond}Isardam
EndProblem
END
if "$MAAT" render -o "$TW/conds.tex" "$TW/conds.inp" >/dev/null 2>&1; then
	check "text whole: LaTeX, a condition of 700 bytes" grep -qF "{${tw_cond}Isardam}" "$TW/conds.tex"
else
	bad "text whole: render -o conds.tex"
fi
# The command compose records, whole, whatever the length of a path in it
tw_dir="$TW/$(awk 'BEGIN { for (i = 0; i < 150; i++) printf "d"; }')"
tw_dir="$tw_dir/$(basename "$tw_dir")/$(basename "$tw_dir")/$(basename "$tw_dir")/$(basename "$tw_dir")/$(basename "$tw_dir")"
mkdir -p "$tw_dir"
printf 'title: "none"\n' >"$tw_dir/avoid.yaml"
for tw_fmt in yaml json; do
	if "$MAAT" compose --game upuaut --stip "win in 2" --count 1 --seed 11 -j 1 \
		--avoid-titles "$tw_dir/avoid.yaml" --format $tw_fmt -o "$TW/c.$tw_fmt" >/dev/null 2>&1; then
		check "text whole: compose --format $tw_fmt, the command with a long path" \
			grep -qF -- "--avoid-titles $tw_dir/avoid.yaml --format $tw_fmt (candidate " "$TW/c.$tw_fmt"
	else
		bad "text whole: compose --format $tw_fmt with a long --avoid-titles path"
	fi
done
rm -rf "$TW"
# LaTeX: a solution's line, a twin's line and the booklet's title whole
# (cut at 1,023, 255 and 255 bytes before): an unsupported puzzle's
# solution as the file gives it, a twin in the file's words
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
tw_sol=$(awk 'BEGIN { printf "1.Qa7-f2!"; for (i = 0; i < 150; i++) printf " lorem%d", i; }')
tw_twin=$(awk 'BEGIN { for (i = 0; i < 20; i++) printf "Exchange a7 h1 "; printf "Exchange a7 h1"; }')
tw_title=$(awk 'BEGIN { for (i = 0; i < 20; i++) printf "Lorem ipsum dolor sit amet "; }')
cat >"$TW/sol.yaml" <<END
algebraic:
  white: [Ke1, Qa7, Rh1, Nb3]
  black: [Kc1]
stipulation: "#2"
solution: "$tw_sol"
twins:
  b: "$tw_twin"
END
if "$MAAT" render --solutions --title "T$tw_title end" -o "$TW/sol.tex" "$TW/sol.yaml" >/dev/null 2>&1; then
	check "text whole: LaTeX, a solution's line of 1,249 bytes" grep -qF "$tw_sol" "$TW/sol.tex"
	check "text whole: LaTeX, a twin's line of 314 bytes" grep -qF "\\twins{b) $tw_twin}" "$TW/sol.tex"
	check "text whole: LaTeX, the booklet's title" grep -qF "\\itshape T$tw_title end\\end{center}" "$TW/sol.tex"
else
	bad "text whole: render -o sol.tex"
fi
rm -rf "$TW"
# LaTeX: maat's verdict under a solution whole (cut at 199 bytes before):
# a claimed move of 486 bytes quoted in it
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
tw_move=$(awk 'BEGIN { printf "Qa7-f2"; for (i = 0; i < 40; i++) printf "xa1xb2xc3xd4"; }')
cat >"$TW/claim.yaml" <<END
fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"
stipulation: "#2"
solution: "1.$tw_move! Kc1-b1 2.0-0#"
END
if "$MAAT" render --solutions -o "$TW/claim.tex" "$TW/claim.yaml" >/dev/null 2>&1; then
	check "text whole: LaTeX, maat's verdict quoting a claimed move of 486 bytes" \
		grep -qF "the file's 1.$tw_move is not a legal move" "$TW/claim.tex"
else
	bad "text whole: render -o claim.tex"
fi
rm -rf "$TW"
