# --format popeye answers in the language of the input as Popeye does
# (sourced by tests/cli.sh): a German file (AnfangProblem) gets "Drohung:",
# "Zugzwang.", "Aber", "Loesung beendet." and the letters K D T L S B, in
# moves and twins ("b) sKh7-->a6", "b) T ==> L"); a French one (DebutProbleme)
# "menace:", "blocus.", "mais", "solution terminee." and R D T F C P.  The
# references are Popeye 4.103's own outputs (tests/data/popeye/README.md),
# cut into problems between each stipulation line and the end word; maat's
# output is cut at the same end words.
LD=$(mktemp -d /tmp/maat-lang.XXXXXX)
. tests/popeye_compare.sh # split_popeye, split_maat, same_problems (in $LD)
# BEISPIEL/ep.inp's five: German, every one byte for byte
same_problems "S5 popeye text in the input's language: German (ep.inp), Drohung, Zugzwang, Aber, D T L S B" \
	tests/data/popeye/ep.inp tests/data/popeye/ep.out
check "S5 popeye German: the words are there" sh -c "grep -q ' Drohung:\$' '$LD/out' &&
	grep -qxF '  1.e4*d3 ep. Lf3*g4   2.f4-f3 Lg4-e6 #' '$LD/out' && grep -qxF 'Loesung beendet.' '$LD/out'"
# BEISPIEL/twin.inp: German twins.  Not the same, for what maat does not do:
# 009's b) is a Circe twin, 025's c) a neutral rook; 030 is solved in
# Popeye's Intelligent mode, which prints the solutions in another order.
# (026, 027 and 029 twin by PolishType, "Farbwechsel": the same since maat
# plays it.)
same_problems "S5 popeye text in the input's language: German twins (twin.inp)" \
	tests/data/popeye/twin.inp tests/data/popeye/twin.out 009 025 030
check "S5 popeye German twins: colours and letters" sh -c "grep -qxF 'b) sKh7-->a6  ' '$LD/out' &&
	grep -qxF 'b) T ==> L  ' '$LD/out' && grep -qxF 'c) s#2  ' '$LD/out' && grep -qxF 'b) Farbwechsel  ' '$LD/out'"
# French (french.inp): 004 has Option Menace 1 (Threat 1), whose pruning of
# first moves maat does not do past a #2
same_problems "S5 popeye text in the input's language: French (french.inp), menace, blocus, mais, R D T F C P" \
	tests/data/popeye/french.inp tests/data/popeye/french.out 004
check "S5 popeye French: the words are there" sh -c "grep -q ' menace:\$' '$LD/out' &&
	grep -qxF '    mais' '$LD/out' && grep -qxF 'b) nFb5  ' '$LD/out' && grep -qxF 'solution terminee.' '$LD/out'"
# an English file keeps English, and a file from elsewhere too
"$MAAT" solve --format popeye tests/data/popeye/options.inp >"$LD/en" 2>&1
check "S5 popeye English stays English" sh -c "grep -q ' threat:\$' '$LD/en' && ! grep -q 'Drohung\|menace' '$LD/en'"
# from standard input, where the file cannot be read again: the reader keeps
# the language in the puzzle, so the answer is the file's, word for word
"$MAAT" solve --format popeye --no-time tests/data/popeye/ep.inp >"$LD/file" 2>&1
"$MAAT" solve --format popeye --no-time - <tests/data/popeye/ep.inp >"$LD/stdin" 2>&1
check "S5 popeye German from standard input: Drohung, Loesung beendet, as from the file" sh -c \
	"grep -q ' Drohung:\$' '$LD/stdin' && grep -qxF 'Loesung beendet.' '$LD/stdin' &&
	cmp -s '$LD/file' '$LD/stdin'"
# S7 series lines of ten moves and more (BEISPIEL/hpint.inp's ser-h#14,
# ser-h=14 and ser-h=10): Popeye right-aligns the numbers in three columns,
# "9.d5-d4  10.d4-d3"
same_problems "S7 popeye series lines past nine moves, numbers right-aligned (series-long.inp)" \
	tests/data/popeye/series-long.inp tests/data/popeye/series-long.out
check "S7 popeye series past nine moves: '  10.' in the line" grep -qF '9.d5-d4  10.d4-d3' "$LD/out"
rm -rf "$LD"
