# Readers, round 3 (issue 23 items 12, 13, 14, 18, 19; sourced by tests/cli.sh,
# whose row helper it uses): the inputs under tests/hostile/, each row the
# exit status and an exact line.
H=tests/hostile
RD=$(mktemp -d /tmp/maat-readers.XXXXXX)

# ---- 18: one Latin-1 byte made the whole .inp Latin-1 (the UTF-8 names of
# other lines became mojibake), warned at 1:1.  Each line is decoded on its
# own, the warning at the byte, in the problem that holds it
L1=$H/popeye-latin1-lines.inp
row "latin-1 per line: the warning at the byte" 1 \
	"$L1:3:10: not UTF-8 (byte 0xE9): the line read as Latin-1: warning" -- verify $L1
row "latin-1 per line: the Latin-1 title read" 1 \
	"$L1:1: no solution  #1  \"Café crème\": the game is over: a draw" -- verify $L1
row "latin-1 per line: the second problem's own lines, counted" 1 \
	"$L1:8:9: not UTF-8 (byte 0xE9): the line read as Latin-1 (and 1 more line): warning" -- verify $L1
"$MAAT" convert $L1 --to yaml -o "$RD/l1.yaml" 2>/dev/null
check "latin-1 per line: UTF-8 names on other lines stay themselves" \
	sh -c "grep -qxF '  - \"Müller, Jörg\"' '$RD/l1.yaml' && grep -qxF '  - \"Émile\"' '$RD/l1.yaml'"
row "latin-1 per line: EPD, the record's line" 1 \
	"$H/epd-latin1-line.epd:1:34: not UTF-8 (byte 0xE9): the line read as Latin-1: warning" \
	-- verify --stip '#1' $H/epd-latin1-line.epd
row "latin-1 per line: EPD, a UTF-8 record untouched" 1 \
	"$H/epd-latin1-line.epd:2: no solution  #1  \"Müller\": no first move wins in 1" \
	-- verify --stip '#1' $H/epd-latin1-line.epd

# ---- 18: EPD id "A\"B" was shown with its quotes and escapes (and the
# ';' after it); bm with several moves claimed the first only
BS=$H/epd-bm-several.epd
row "epd: bm's second move, no legal move, is a mismatch" 1 \
	"$BS:1: claim mismatch  #1  \"bm: the second best move no legal move\": the file's 1.Rb8 is not a legal move in the diagram; the key is 1.Ra1-a8#" \
	-- verify $BS
row "epd: id's escapes undone" 1 "$BS:3: sound  #1  \"A\"B \\ C\"  1.Ra1-a8#!" -- verify $BS
"$MAAT" convert $BS --to yaml -o "$RD/bs.yaml" 2>/dev/null
check "epd: bm with two moves claims both" grep -qxF '  1.Rb1-b8! 1.Ra1-a8!' "$RD/bs.yaml"

# ---- 12: "Forsyth after Pieces: Popeye empties the board first" does not
# hold for Popeye 4.104, which adds the Forsyth men to the board as
# py-engl.txt says ("blank squares in the forsyth command will not be
# cleared"): /work/popeye/py on these files prints 1.Qe2-e8 # ! and
# 1.Qd1-d8 # ! (3 + 1), and 1.Qd1-d8 # ! (2 + 1).  maat reads them so.
row "Forsyth after Pieces adds to the board (as Popeye 4.104)" 1 \
	"$H/popeye-forsyth-after-pieces.inp:1: cooked  #1: 2 keys: 1.Qd1-d8#! (wins in 1), 1.Qe2-e8#! (wins in 1)" \
	-- verify $H/popeye-forsyth-after-pieces.inp
row "an empty Forsyth after Pieces empties nothing (as Popeye 4.104)" 0 \
	"$H/popeye-forsyth-empty-after-pieces.inp:1: sound  #1  1.Qd1-d8#!" \
	-- verify $H/popeye-forsyth-empty-after-pieces.inp

rm -rf "$RD"
