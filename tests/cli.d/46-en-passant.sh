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
rm -rf "$ED"
