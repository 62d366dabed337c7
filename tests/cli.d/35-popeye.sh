# Popeye input, EPD records and FEN lines (maat-puzzle(5) POPEYE INPUT, EPD AND FEN LINES)
PD=tests/data/popeye

# Popeye's own file (its problem count is a unit test): the first problems, German
PDIR=$(mktemp -d)
head -30 "$PD/castling.inp" >"$PDIR/castling3.inp"
expect_exact "popeye: German, abbreviated, problems named by their line" 0 \
	-- verify --no-time "$PDIR/castling3.inp" <<END
$PDIR/castling3.inp:1: sound  #2  1.Qa7-f2!
$PDIR/castling3.inp:11: sound  h#2  1 solution
$PDIR/castling3.inp:31:1: no EndProblem at the end of the file: warning
$PDIR/castling3.inp:20: sound  #3  "Verbesserung"  1.Qf8-e7!
3 puzzles: 3 sound
END
# InitialGameArray: the men of the game's start position, as the game gives it
# (issue 21: no chess position written outside src/games/)
printf 'BeginProblem\nInitialGameArray\nStipulation h#2\nEndProblem\n' >"$PDIR/array.inp"
expect_exact "popeye: InitialGameArray sets up the game's start" 0 \
	-- convert "$PDIR/array.inp" -o - --to inp <<'END'
BeginProblem
Pieces White Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Black Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7
Stipulation h#2

EndProblem
END
sed -n 378,389p "$PD/castling.inp" | sed '1s/^weiter/anfangproblem/' >"$PDIR/circe.inp"
expect "popeye: an unsupported condition says which" 0 \
	"circe.inp:1: unsupported  #5: fairy condition 'circe' is not supported" \
	-- verify "$PDIR/circe.inp"

# the format comes from the content: standard input, any name
out=$(head -9 "$PD/castling.inp" | ./maat verify - 2>&1)
case $out in
*"(standard input):1: sound  #2  1.Qa7-f2!"*"1 puzzle: 1 sound") ok ;;
*) bad "popeye: standard input: $out" ;;
esac

# a directory picks up .inp files
rm -f "$PDIR"/*
printf 'beginproblem\nstip #1\npieces white kh1 black kf3 qf2\noption duplex\nendproblem\n' >"$PDIR/duplex.inp"
expect_exact "popeye: Duplex, directory walk" 1 -- verify --no-time "$PDIR" <<END
$PDIR/duplex.inp:1 twin a): no solution  #1: the game is over: a draw
$PDIR/duplex.inp:1 twin a) duplex: sound  #1  1.Qf2-g2#!
2 puzzles: 1 sound, 1 no solution
END

# FEN lines with --stip, EPD with dm and bm
printf '# mates\n8/8/8/8/8/5k2/5q2/7K b - - 0 1\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n' >"$PDIR/m.fen"
expect_exact "fen: --stip" 0 -- verify --no-time --stip "#1" "$PDIR/m.fen" <<END
$PDIR/m.fen:2: sound  #1  1.Qf2-g2#!
$PDIR/m.fen:3: sound  #1  1.Re1-e8#!
2 puzzles: 2 sound
END
expect "fen: without --stip, each line says so" 2 \
	"m.fen:2:1: no stipulation: give one with --stip (or an EPD 'dm N' operation)" \
	-- verify "$PDIR/m.fen"
printf '6k1/5ppp/8/8/8/8/8/4R1K1 w - - dm 1; bm Rb1; id "wrong key";\n' >"$PDIR/w.epd"
expect "epd: bm is the claimed key" 1 "w.epd:1: claim mismatch  #1" -- verify --no-time "$PDIR/w.epd"
# bm in short algebraic, read by notation/move_parse.c (the one reader of
# moves): a rank that tells two rooks apart, marks after it
printf '6k1/5ppp/8/8/4R3/8/8/4R1K1 w - - dm 1; bm R4e8+; id "rank";\n' >"$PDIR/r.epd"
expect "epd: bm R4e8+ is Re4-e8" 0 'r.epd:1: sound  #1  "rank"  1.Re4-e8#!' \
	-- verify --no-time "$PDIR/r.epd"
# an error in --format popeye: its place once, then the verdict (Popeye's
# TESTS/help_play.inp opens with a position whose side to move can take
# the king, and a problem without a stipulation)
printf 'begin\npieces white kh1 pb7\n       black ka8\nstip h#1.5\nnext\ntitle no stip\nend\n' >"$PDIR/e.inp"
"$MAAT" solve --format popeye "$PDIR/e.inp" >"$PDIR/e.out" 2>/dev/null
check "popeye format: an error's place said once ('e.inp:1:1: error: position: ...')" sh -c \
	"grep -qxF '$PDIR/e.inp:1:1: error: position: the side to move can capture the king' '$PDIR/e.out' &&
	grep -qxF '$PDIR/e.inp:5:1: error: no Stipulation in this problem' '$PDIR/e.out'"
rm -rf "$PDIR"
