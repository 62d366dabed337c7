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
rm -rf "$PDIR"
