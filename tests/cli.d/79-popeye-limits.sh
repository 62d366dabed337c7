# Popeye's own limits on its input (issues 21 and 23): Popeye 4.104 reads a
# word, and the rest of a line after Author, Origin, Title, Award, Remark,
# Protocol or LaTeX, into 256 bytes ("input line overflow" past 255), and
# holds the Author (Origin, Title) lines of a problem in 256 bytes, each
# with its line end.  maat refuses what Popeye cannot read, the limit
# named, at the word or the line (file:line:column, exit 2); nothing is
# cut.  (sourced by tests/cli.sh)
PL=$(mktemp -d /tmp/maat-popeye-limits.XXXXXX)
pl_255=$(awk 'BEGIN { for (i = 0; i < 255; i++) printf "x" }')
pl_256="${pl_255}x"
pl_sq=$(awk 'BEGIN { for (i = 0; i < 128; i++) printf "a1" }')
pl_row() { # NAME FILE LINE:COL MESSAGE (the file's problem written by the caller)
	expect "popeye limits: $1" 2 "$PL/$2:$3: $4" -- verify "$PL/$2"
}
pl_inp() { # FILE LINES...: a #2 whose lines are given, one a line
	f=$1
	shift
	{
		echo BeginProblem
		echo "Pieces White Ke1 Qa7 Rh1 Black Kc1"
		for l in "$@"; do printf '%s\n' "$l"; done
		echo EndProblem
	} >"$PL/$f"
}
# ---- a word: one rule whatever reads it (it was cut at 255 and then
# refused as an unknown option, a malformed stipulation, a square ...)
pl_inp opt.inp "Stipulation #2" "Option Try$pl_256"
pl_row "an option's word of 256 bytes" opt.inp 4:8 "word longer than 255 bytes (Popeye's limit)"
pl_inp defence.inp "Stipulation #2" "Option Defence 1$pl_255"
pl_row "an option's number of 256 bytes" defence.inp 4:16 "word longer than 255 bytes"
pl_inp stip.inp "Stipulation #2$pl_255"
pl_row "a stipulation of 257 bytes" stip.inp 3:13 "word longer than 255 bytes"
pl_inp nocastle.inp "Stipulation #2" "Option NoCastling $pl_sq"
pl_row "NoCastling's squares, 256 bytes" nocastle.inp 4:19 "word longer than 255 bytes"
pl_inp twin.inp "Stipulation #2" "Twin Move a7 $pl_256"
pl_row "a twinning's word of 256 bytes" twin.inp 4:14 "word longer than 255 bytes"
pl_inp cond.inp "Stipulation #2" "Condition Circe $pl_256"
pl_row "a condition's word of 256 bytes" cond.inp 4:17 "word longer than 255 bytes"
printf 'BeginProblem\nPieces White Ke1 Qa7 Rh1%s Black Kc1\nStipulation #2\nEndProblem\n' "$pl_sq" >"$PL/pieces.inp"
pl_row "a piece's squares, 259 bytes" pieces.inp 2:22 "word longer than 255 bytes"
printf 'BeginProblem\nForsyth %s\nStipulation #2\nEndProblem\n' "$(awk 'BEGIN { for (i = 0; i < 256; i++) printf "1" }')" >"$PL/forsyth.inp"
pl_row "a Forsyth of 256 bytes" forsyth.inp 2:9 "word longer than 255 bytes"
printf 'BeginProblem\n%s\nPieces White Ke1 Qa7 Rh1 Black Kc1\nStipulation #2\nEndProblem\n' "$pl_256" >"$PL/first.inp"
pl_row "the problem's first word" first.inp 2:1 "word longer than 255 bytes"
# 255 bytes is a word Popeye reads: refused for what it says, not its length
pl_inp opt255.inp "Stipulation #2" "Option $(printf '%s' "$pl_255" | sed 's/^x/T/')"
expect "popeye limits: an option's word of 255 bytes is read" 2 "$PL/opt255.inp:4:8: Option: unknown option 'T" -- verify "$PL/opt255.inp"
# after EndProblem nothing is read, a long word too (as Popeye)
pl_inp after.inp "Stipulation #2"
printf '%s\n' "$pl_256" >>"$PL/after.inp"
expect "popeye limits: a long word after EndProblem is not read" 0 "text after EndProblem is not read" -- verify "$PL/after.inp"
# ---- the rest of a line (kept up to 4,096 bytes before, the rest dropped)
for pl_cmd in Title Origin Author Award Remark Protocol; do
	pl_inp "line-$pl_cmd.inp" "$pl_cmd $pl_256" "Stipulation #2"
	pl_row "$pl_cmd: a line of 256 bytes" "line-$pl_cmd.inp" 3:1 \
		"line longer than 255 bytes after '$pl_cmd' (Popeye's limit: 'input line overflow')"
done
# blanks at the line's end count, as Popeye keeps them
pl_inp blanks.inp "Title $(printf '%s' "$pl_255" | cut -c1-253)   " "Stipulation #2"
pl_row "a title of 253 bytes and 3 blanks" blanks.inp 3:1 "line longer than 255 bytes after 'Title'"
# ---- the lines of a field, each with its line end, in 255 bytes
pl_100=$(printf '%s' "$pl_255" | cut -c1-100)
pl_inp authors.inp "Author A$pl_100" "Author B$pl_100" "Author C$pl_100" "Stipulation #2"
pl_row "three authors of 101 bytes" authors.inp 5:1 \
	"Author: the lines take more than the 255 bytes Popeye holds (each with its line end)"
pl_inp origins.inp "Origin A$pl_100" "Origin B$pl_100" "Origin C$pl_100" "Stipulation #2"
pl_row "three origins of 101 bytes" origins.inp 5:1 "Origin: the lines take more than the 255 bytes"
pl_inp title255.inp "Title $pl_255" "Stipulation #2"
pl_row "a title of 255 bytes (Popeye's buffer holds its line end too)" title255.inp 3:1 \
	"Title: the lines take more than the 255 bytes Popeye holds"
# what Popeye holds is read, and written back whole
pl_127=$(printf '%s' "$pl_255" | cut -c1-126)
pl_inp fits.inp "Author A$pl_127" "Author B$(printf '%s' "$pl_127" | cut -c1-125)" "Title T$(printf '%s' "$pl_255" | cut -c1-253)" "Stipulation #2"
expect "popeye limits: two authors in 255 bytes, a title of 254" 0 "sound" -- verify "$PL/fits.inp"
expect "popeye limits: ... written back to Popeye whole" 0 "Author B$(printf '%s' "$pl_127" | cut -c1-125)" -- convert -o - --to inp "$PL/fits.inp"
rm -rf "$PL"
# O1: a pawn on rank 1 or 8 is what maat does not play (Popeye keeps it,
# never moving it; ae99570), not the file's error: the same class and the
# same words for the diagram and for a twin that puts it there, in Popeye
# input and YAML alike
PL=$(mktemp -d /tmp/maat-popeye-limits.XXXXXX)
pl_pawn="white pawn on b8: a pawn on rank 1 or 8 is not supported (no chess game has one, FIDE 3.7; Popeye's never moves or checks)"
printf 'BeginProblem\nPieces White Ke1 Qa7 Rh1 Pb8 Black Kc1\nStipulation #2\nEndProblem\n' >"$PL/diagram.inp"
expect "O1 pawn on rank 8: the diagram, Popeye input" 0 "diagram.inp:1: unsupported  #2: $pl_pawn" -- verify "$PL/diagram.inp"
printf 'BeginProblem\nPieces White Ke1 Qa7 Rh1 Black Kc1\nStipulation #2\nTwin Add White Pb8\nEndProblem\n' >"$PL/add.inp"
expect "O1 pawn on rank 8: a twin adds it, Popeye input" 0 "add.inp:1 twin b): unsupported  #2: $pl_pawn" -- verify "$PL/add.inp"
printf 'BeginProblem\nPieces White Ke1 Qa7 Rh1 Pb7 Black Kc1\nStipulation #2\nTwin Move b7 b8\nEndProblem\n' >"$PL/move.inp"
expect "O1 pawn on rank 8: a twin moves it there, Popeye input" 0 "move.inp:1 twin b): unsupported  #2: $pl_pawn" -- verify "$PL/move.inp"
printf 'fen: "1P6/Q7/8/8/8/8/8/2k1K2R w K - 0 1"\nstipulation: "#2"\n' >"$PL/diagram.yaml"
expect "O1 pawn on rank 8: the diagram, YAML" 0 "diagram.yaml: unsupported  #2: $pl_pawn" -- verify "$PL/diagram.yaml"
printf 'fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"\nstipulation: "#2"\ntwins:\n  b: "Add White Pb8"\n' >"$PL/add.yaml"
expect "O1 pawn on rank 8: a twin adds it, YAML" 0 "add.yaml twin b): unsupported  #2: $pl_pawn" -- verify "$PL/add.yaml"
printf 'fen: "8/QP6/8/8/8/8/8/2k1K2R w K - 0 1"\nstipulation: "#2"\ntwins:\n  b: "Move b7 b8"\n  c: "Continued Move a7 a6"\n' >"$PL/move.yaml"
expect "O1 pawn on rank 8: a twin moves it there, YAML" 0 "move.yaml twin b): unsupported  #2: $pl_pawn" -- verify "$PL/move.yaml"
expect "O1 pawn on rank 8: a twin continued from it" 0 "move.yaml twin c): unsupported" -- verify "$PL/move.yaml"
rm -rf "$PL"
# Olive's empty diagram "algebraic: {}" (and an empty position field): the
# field named where its value stands, not "no position" at its key
PL=$(mktemp -d /tmp/maat-popeye-limits.XXXXXX)
printf -- '---\ntitle: "empty"\nalgebraic: {}\nstipulation: "#2"\n' >"$PL/empty-map.yaml"
expect "yaml: algebraic: {} named at its value" 2 \
	"$PL/empty-map.yaml:3:12: algebraic: holds no men: no position (give them as white: [Ke1, ...] and black: [...], or give fen:)" \
	-- verify "$PL/empty-map.yaml"
printf 'algebraic:\n  white: []\n  black: []\nstipulation: "#2"\n' >"$PL/empty-lists.yaml"
expect "yaml: algebraic: with empty lists" 2 "$PL/empty-lists.yaml:2:3: algebraic: holds no men: no position" \
	-- verify "$PL/empty-lists.yaml"
printf 'fen: ""\nstipulation: "#2"\n' >"$PL/empty-fen.yaml"
expect "yaml: fen: \"\"" 2 "$PL/empty-fen.yaml:1:6: fen: is empty: no position" -- verify "$PL/empty-fen.yaml"
printf 'stipulation: "#2"\n' >"$PL/none.yaml"
expect "yaml: no position field at all" 2 "$PL/none.yaml:1:1: no position (give algebraic:, fen:, otn: or board:)" \
	-- verify "$PL/none.yaml"
# Duplex with a FEN whose en passant square follows the diagram starter's
# own double step (White's e2-e4, White starting): the duplex parts' square,
# as Popeye's EnPassant e2e3e4 (tests/data/popeye/duplex-ep.inp); the FEN
# was an error ("must be on rank 6")
printf 'fen: "k4r2/8/8/8/4Pp2/2n5/3p2P1/5KR1 w - e3 0 1"\nstipulation: "#1"\noptions:\n  - "Duplex"\n' >"$PL/duplex-fen.yaml"
"$MAAT" verify --no-time "$PL/duplex-fen.yaml" >"$PL/dx.txt" 2>&1
check "yaml: Duplex, the FEN's e.p. square the duplex part's: its Black takes" \
	grep -qF 'duplex-fen.yaml twin a) duplex: sound  #1  1.f4xe3 ep.#!' "$PL/dx.txt"
check "yaml: ... and the diagram's White has none" grep -qF 'duplex-fen.yaml twin a): no solution' "$PL/dx.txt"
# the same square given by en-passant: with algebraic:
printf 'algebraic:\n  white: [Kf1, Rg1, Pg2, Pe4]\n  black: [Ka8, Rf8, Sc3, Pd2, Pf4]\nen-passant: e3\nstipulation: "#1"\noptions:\n  - "Duplex"\n' >"$PL/duplex-alg.yaml"
expect "yaml: Duplex, en-passant: the duplex part's" 1 "duplex-alg.yaml twin a) duplex: sound  #1  1.f4xe3 ep.#!" \
	-- verify --no-time "$PL/duplex-alg.yaml"
# the diagram's own square (Black's double step, White starting) stays the diagram's
printf 'fen: "5kr1/3P2p1/2N5/4pP2/8/8/8/K4R2 w - e6 0 1"\nstipulation: "#1"\noptions:\n  - "Duplex"\n' >"$PL/duplex-own.yaml"
expect "yaml: Duplex, the FEN's own e.p. square stays the diagram's" 1 "duplex-own.yaml twin a): sound  #1  1.f5xe6 ep.#!" \
	-- verify --no-time "$PL/duplex-own.yaml"
# without Duplex such a FEN stays an error
printf 'fen: "k4r2/8/8/8/4Pp2/2n5/3p2P1/5KR1 w - e3 0 1"\nstipulation: "#1"\n' >"$PL/nodup-fen.yaml"
expect "yaml: no Duplex, the same FEN is an error" 2 "nodup-fen.yaml:1:6: position: bad en passant square 'e3': must be on rank 6" \
	-- verify "$PL/nodup-fen.yaml"
rm -rf "$PL"
