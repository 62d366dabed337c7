# En passant captures marked as Popeye marks them (sourced by tests/cli.sh):
# Popeye prints "1.g5*f6 ep. +" (REGRESSIONTESTS/ep.out, castling.out: the
# sign after the move, before its marks); maat's text "1.g5xf6 ep.+", and
# the claim reader takes the marks after the sign as the move's.
# tests/data/popeye/ep.inp: five problems of Popeye's BEISPIEL/ep.inp.
EP=tests/data/popeye/ep.inp
ED=$(mktemp -d /tmp/maat-ep.XXXXXX)
"$MAAT" solve "$EP" >"$ED/solve.txt" 2>&1
check "ep: text, a defence" grep -qxF '    1...g4xf3 ep. 2.Sc5-b7#' "$ED/solve.txt"
check "ep: text, a mating key" grep -qxF '1.h5xg6 ep.#!' "$ED/solve.txt"
check "ep: text, a checking key and its forced reply" grep -qxF '1.c5xb6 ep.+! Rb4xb6#' "$ED/solve.txt"
check "ep: text, a key with its threat" grep -qxF '1.h5xg6 ep.! threat: 2.Rh8xh7#' "$ED/solve.txt"
check "ep: text, the verdict line's key, its marks too" grep -qF 'sound  #1  1.h5xg6 ep.#!' "$ED/solve.txt"
check "ep: text, help play" grep -qxF '1.e4xd3 ep. Bf3xg4 2.f4-f3 Bg4-e6#' "$ED/solve.txt"
check "ep: no other capture marked" sh -c "! grep -q 'f4xe5 ep\|e5xf4 ep\|xe7 ep' '$ED/solve.txt'"
"$MAAT" solve --format popeye "$EP" >"$ED/popeye.txt" 2>&1
check "ep: popeye format, in the German of the file (Lf3*g4)" sh -c "grep -qxF '   1.h5*g6 ep. # !' '$ED/popeye.txt' &&
	grep -qxF '   1.c5*b6 ep. + !' '$ED/popeye.txt' && grep -qxF '  1.e4*d3 ep. Lf3*g4   2.f4-f3 Lg4-e6 #' '$ED/popeye.txt'"
# the text is what convert --solve writes as YACPDB's solution: read back
# (the title of #5, a YACPDB comment, with it: issue 23, item 14)
"$MAAT" convert --solve "$EP" -o "$ED/ep.yaml" >/dev/null 2>&1
expect_exact "ep: convert --solve, the solutions read back without a word skipped" 0 -- verify "$ED/ep.yaml" <<END
$ED/ep.yaml#1: sound  #2  1.f2-f4!
$ED/ep.yaml#2: sound  #2  1.h5xg6 ep.!
$ED/ep.yaml#3: sound  #1  1.h5xg6 ep.#!
$ED/ep.yaml#4: sound  s#1  1.c5xb6 ep.+!
$ED/ep.yaml#5: sound  h#2  "2. Preis"  1 solution
5 puzzles: 5 sound
END
# the marks after the sign are the move's: a '?' there makes it a try
sed 's/1\.h5xg6 ep\.#!/1.h5xg6 ep.#?/' "$ED/ep.yaml" >"$ED/try.yaml"
expect "ep: the marks glued to the sign are read" 1 "the file gives 1.h5xg6# as a try" -- verify "$ED/try.yaml"
# Duplex with EnPassant (issue 23): the square goes with the parts whose
# starter takes it -- the duplex parts after the diagram starter's own double
# step (e2e3e4 with White to move), the diagram's after the other side's --
# as Popeye 4.104 solves tests/data/popeye/duplex-ep.inp (duplex-ep.out);
# the square was dropped from the duplex parts, and the file was an error
LD=$ED
. tests/popeye_compare.sh
same_problems "ep: Duplex with EnPassant, Popeye's text problem by problem" \
	tests/data/popeye/duplex-ep.inp tests/data/popeye/duplex-ep.out
"$MAAT" verify --no-time tests/data/popeye/duplex-ep.inp >"$ED/dx.txt" 2>&1
check "ep: Duplex, Black's part takes en passant" \
	grep -qF 'duplex-ep.inp:1 twin a) duplex: sound  #1  "Black'"'"'s part takes en passant: the diagram'"'"'s double step is White'"'"'s"  1.f4xe3 ep.#!' "$ED/dx.txt"
check "ep: ... and a twin's Black part too" grep -qF 'duplex-ep.inp:13 twin b) duplex: sound' "$ED/dx.txt"
check "ep: ... White's part when the double step is Black's" grep -qF 'duplex-ep.inp:7 twin a): sound' "$ED/dx.txt"
# convert keeps the square, both ways: the same verdicts read back
"$MAAT" convert tests/data/popeye/duplex-ep.inp -o "$ED/dx.yaml" 2>/dev/null
"$MAAT" convert "$ED/dx.yaml" -o "$ED/dx.inp" 2>/dev/null
check "ep: Duplex's EnPassant written to YAML and Popeye input" sh -c "grep -qx '  - \"EnPassant e2e3e4\"' '$ED/dx.yaml' &&
	grep -qx 'Option Duplex EnPassant e2e3e4' '$ED/dx.inp'"
"$MAAT" verify --no-time "$ED/dx.yaml" 2>&1 | sed 's/^[^ :#]*#\([0-9]\)[^ ]*/\1/' | sed 's/ "[^"]*"//' >"$ED/v1"
"$MAAT" verify --no-time "$ED/dx.inp" 2>&1 | sed 's/^[^ :#]*:\([0-9]*\)[^ ]*/\1/' | sed 's/ "[^"]*"//' >"$ED/v2"
check "ep: ... the same verdicts read back" sh -c "grep -q 'f4xe3 ep' '$ED/v1' && [ \$(grep -c ': sound' '$ED/v1') = \$(grep -c ': sound' '$ED/v2') ] && [ \$(grep -c ': sound' '$ED/v1') = 4 ]"
rm -rf "$ED"
