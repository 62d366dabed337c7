# Hostile Popeye input, EPD and FEN (sourced by tests/cli.sh, whose row
# helper it uses): each row the exit status and one exact line.
H=tests/hostile
row "popeye: Latin-1 text, the warning at its byte" 1 "$H/popeye-latin1.inp:2:11: not UTF-8 (byte 0xE9): the line read as Latin-1: warning" \
	-- verify $H/popeye-latin1.inp
row "popeye: control characters in an Author line never reach the terminal" 1 \
	"$H/popeye-control.inp:1: no solution  #1: the game is over: a draw" -- verify $H/popeye-control.inp
row "popeye: a NUL byte" 2 "$H/popeye-nul.inp:3:32: unexpected character" -- verify $H/popeye-nul.inp
row "popeye: a twin cut off" 2 "$H/popeye-truncated-twin.inp:4:13: twin b): Move needs two squares, as in 'Move a1 a2'" \
	-- verify $H/popeye-truncated-twin.inp
# past Popeye's 255 bytes a word is refused where it stands (it was cut)
row "popeye: a word of 600 characters" 2 \
	"$H/popeye-long-token.inp:3:28: word longer than 255 bytes (Popeye's limit)" \
	-- verify $H/popeye-long-token.inp
row "popeye: 1001 twins" 2 "$H/popeye-many-twins.inp:1004:1: more than 1000 twins in one problem" \
	-- verify $H/popeye-many-twins.inp
# (no man placed: a board without kings, which Popeye solves, maat does not)
row "popeye: Forsyth past h1" 0 \
	"$H/popeye-forsyth-overflow.inp:3:18: Forsyth: more than 64 squares, the pieces past h1 are not placed (as Popeye): warning" \
	-- verify $H/popeye-forsyth-overflow.inp
row "popeye: Duplex and HalfDuplex" 2 "$H/popeye-duplex-halfduplex.inp:4:1: Duplex and HalfDuplex do not go together" \
	-- verify $H/popeye-duplex-halfduplex.inp
row "popeye: NextProblem at the end" 1 \
	"$H/popeye-next-at-end.inp:4:1: NextProblem at the end of the file: no problem follows: warning" \
	-- verify $H/popeye-next-at-end.inp
row "epd: a line of 5000 bytes" 2 "$H/epd-long-line.epd:1:1: line longer than 4096 bytes" -- verify $H/epd-long-line.epd
row "popeye: a binary file named .inp is no Popeye input: read as YAML" 2 \
	"$H/binary.inp:1:1: invalid UTF-8 (byte 0x89); the file must be UTF-8" -- verify $H/binary.inp
row "popeye: h#60, longer than the line table's 32 plies (no shift past 31 bits)" 1 \
	"$H/popeye-help-60.inp:1: timeout  h#60: no answer within 1 s (--max-time)" \
	-- verify --max-time 1 $H/popeye-help-60.inp
row "epd: a bm of marks only ('+') is no move" 0 \
	"$H/epd-bm-marks.epd:1:27: bm '+' is no legal move of the position (not read): warning" \
	-- verify $H/epd-bm-marks.epd
# the SAN reader once stepped past the end of an empty move (strchr finds
# the NUL): uninitialised bytes that ASan does not see, valgrind does
if command -v valgrind >/dev/null 2>&1; then
	vg=$(mktemp /tmp/maat-vg.XXXXXX)
	valgrind -q --error-exitcode=3 ./maat verify $H/epd-bm-marks.epd >/dev/null 2>"$vg"
	check "epd: a bm of marks only, clean under valgrind" test $? = 0
	head -3 "$vg" >&2
	rm -f "$vg"
else
	echo "SKIP epd: valgrind is not installed" >&2
fi
# ---- work linear in the file (a file of 16 MiB is allowed): 200,000
# Author lines, a line of 200,000 words (each token's column was counted
# from its line's start, each Author line joined by copying all before it)
PD=$(mktemp -d /tmp/maat-hostile-py.XXXXXX)
awk 'BEGIN { print "BeginProblem"; for (i = 0; i < 200000; i++) print "Author Xavier Y";
	print "Pieces White Kg6 Ra1 Black Kh8\nStipulation #1\nEndProblem" }' >"$PD/authors.inp"
# (refused at the 29th line, past the 255 bytes Popeye holds, the rest read past)
row "popeye: 200,000 Author lines" 2 \
	"$PD/authors.inp:30:1: Author: the lines take more than the 255 bytes Popeye holds (each with its line end)" \
	-- verify "$PD/authors.inp"
awk 'BEGIN { print "BeginProblem\nPieces White Kg6 Ra1 Black Kh8\nStipulation #1"; printf "Condition";
	for (i = 0; i < 200000; i++) printf " Circe"; print "\nEndProblem" }' >"$PD/words.inp"
row "popeye: a line of 200,000 words" 0 \
	"$PD/words.inp:1: unsupported  #1: fairy condition 'Circe Circe Circe Circe Circe Circe Circ...' is not supported" \
	-- verify "$PD/words.inp"
# a claimed solution past the 100,000 words the claim reader takes is read
# up to there (it was "out of memory", an error); one line of 200,000 words
# is linear too (each word looked for its line's end)
F='fen: "bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1"'
awk -v f="$F" 'BEGIN { print f "\nstipulation: \"#2\"\nsolution: |"; for (i = 0; i < 150000; i++) print "  word" }' \
	>"$PD/lines.yaml"
row "claim: 150,000 lines of prose, read up to its 100,000th word" 0 \
	"$PD/lines.yaml: warning: the solution reads as prose (100000 words that are not moves): only its keys are checked; the solution is longer than 100000 words: read to the end of its line 100000, the rest is not" \
	-- verify "$PD/lines.yaml"
awk -v f="$F" 'BEGIN { printf "%s\nstipulation: \"#2\"\nsolution: \"", f; for (i = 0; i < 200000; i++) printf "word ";
	print "\"" }' >"$PD/line.yaml"
row "claim: one line of 200,000 words" 0 "$PD/line.yaml: sound  #2  1.Sg5-f7+!" -- verify "$PD/line.yaml"
rm -rf "$PD"
