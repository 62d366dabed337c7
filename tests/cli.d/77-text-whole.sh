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
# 255 bytes before; the reader keeps 4,096 bytes of authors and says so)
tw_mid=$(awk 'BEGIN { for (i = 0; i < 25; i++) printf "Lorem ipsum dolor sit amet "; }')
TW=${TMPDIR:-/tmp}/maat-text-whole.$$
mkdir -p "$TW"
cat >"$TW/long.inp" <<END
BeginProblem
Author $author
Author B$tw_mid second
Author C$tw_mid third
Origin $source, 1927
Award 1st Prize, T$tw_long tourney
Pieces White Ke1 Qa7 Rh1 Black Kc1
Stipulation #2
EndProblem
END
expect "text whole: convert, authors in the comments" 0 "Authors: $author; B$tw_mid second; C$tw_mid third" -- convert --solve -o - --to yaml "$TW/long.inp"
expect "text whole: convert, the source's name" 0 "name: \"$source\"" -- convert --solve -o - --to yaml "$TW/long.inp"
expect "text whole: convert, the tourney's name" 0 "name: \"T$tw_long tourney\"" -- convert --solve -o - --to yaml "$TW/long.inp"
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
