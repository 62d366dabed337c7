# Hostile input (sourced by tests/cli.sh): one row per input, each with the
# exit status and the exact line maat must print (the whole line, not a
# part of it).  Inputs are in tests/hostile/; the big ones (10,000 pieces,
# alias bombs, a 17 MiB file, symlink loops, a FIFO) are made here in a
# scratch directory.  Every run is bounded by `timeout`: a hang fails the
# row with status 124 instead of stopping the suite.
H=tests/hostile
HD=$(mktemp -d /tmp/maat-hostile.XXXXXX)
rows=0 # this file's own rows (row() in tests/cli.sh counts them)

# ---- empty, truncated, not text
row "empty file" 2 "$H/empty.yaml: the file is empty" -- verify $H/empty.yaml
row "only comments" 2 "$H/comments-only.yaml: no puzzles in the file (only comments or empty documents)" \
	-- verify $H/comments-only.yaml
row "only separators" 2 "$H/only-separators.yaml: no puzzles in the file (only comments or empty documents)" \
	-- verify $H/only-separators.yaml
row "truncated mid-value" 2 "$H/truncated-flow.yaml:3:1: did not find expected node content" \
	-- verify $H/truncated-flow.yaml
row "truncated list" 2 "$H/truncated-list.yaml:3:1: did not find expected ',' or ']'" \
	-- verify $H/truncated-list.yaml
row "truncated quote" 2 "$H/truncated-quote.yaml:2:1: found unexpected end of stream" \
	-- verify $H/truncated-quote.yaml
row "truncated block" 2 "$H/truncated-block.yaml:7:2: did not find expected key" \
	-- verify $H/truncated-block.yaml
row "truncated UTF-8 sequence" 2 \
	"$H/truncated-utf8.yaml:1:12: invalid UTF-8 (byte 0xc3); the file must be UTF-8" \
	-- verify $H/truncated-utf8.yaml
row "binary file" 2 "$H/binary.yaml:1:1: invalid UTF-8 (byte 0x89); the file must be UTF-8" \
	-- verify $H/binary.yaml

# ---- encodings, NUL and control characters
row "invalid UTF-8" 2 "$H/invalid-utf8.yaml:2:16: invalid UTF-8 (byte 0xff); the file must be UTF-8" \
	-- verify $H/invalid-utf8.yaml
row "Latin-1 name" 2 "$H/latin1.yaml:1:15: invalid UTF-8 (byte 0xe7); the file must be UTF-8" \
	-- verify $H/latin1.yaml
row "overlong UTF-8" 2 "$H/overlong-utf8.yaml:1:9: invalid UTF-8 (byte 0xc0); the file must be UTF-8" \
	-- verify $H/overlong-utf8.yaml
row "UTF-8 surrogate" 2 "$H/surrogate-utf8.yaml:1:9: invalid UTF-8 (byte 0xed); the file must be UTF-8" \
	-- verify $H/surrogate-utf8.yaml
row "NUL byte" 2 "$H/nul-byte.yaml:2:16: control character 0x00 is not allowed" -- verify $H/nul-byte.yaml
row "NUL escape in a value" 2 "$H/nul-escape.yaml:2:14: a NUL character (\\0) in a value" \
	-- verify $H/nul-escape.yaml
row "NUL escape in a key" 2 "$H/nul-key.yaml:1:1: a NUL character (\\0) in a value" -- verify $H/nul-key.yaml
row "control character" 2 "$H/control-char.yaml:2:17: control character 0x07 is not allowed" \
	-- verify $H/control-char.yaml
row "C1 control character: good UTF-8, not allowed by YAML" 2 \
	"$H/c1-control.yaml:1:10: control character U+009B is not allowed (write it as \u009B)" \
	-- verify $H/c1-control.yaml
printf '\376\377' >"$HD/utf16-cut.yaml"
printf 'fen: x' | iconv -f UTF-8 -t UTF-16BE >>"$HD/utf16-cut.yaml"
printf '\000' >>"$HD/utf16-cut.yaml"
row "UTF-16 cut in a character" 2 "$HD/utf16-cut.yaml: UTF-16 text cut in the middle of a character" \
	-- verify "$HD/utf16-cut.yaml"
printf 'fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"\nstipulation: "#1"\n' | iconv -f UTF-8 -t UTF-16 \
	>"$HD/utf16.yaml"
row "UTF-16 file loads" 0 "$HD/utf16.yaml: sound  #1  1.Ra1-a8#!" -- verify "$HD/utf16.yaml"

# ---- YAML structure
row "tab in the indentation" 2 "$H/tab-indent.yaml:2:1: a tab in the indentation (YAML indents with spaces)" \
	-- verify $H/tab-indent.yaml
row "tab in a block scalar" 2 \
	"$H/tab-board.yaml:2:1: found a tab character where an indentation space is expected" \
	-- verify $H/tab-board.yaml
row "bad indentation" 2 "$H/bad-indent.yaml:2:3: did not find expected key" -- verify $H/bad-indent.yaml
row "duplicate field" 2 "$H/duplicate-field.yaml:5:1: duplicate field 'stipulation'" \
	-- verify $H/duplicate-field.yaml
row "duplicate colour" 2 "$H/duplicate-nested.yaml:1:41: duplicate field 'algebraic.white'" \
	-- verify $H/duplicate-nested.yaml
row "duplicate in source" 2 "$H/duplicate-source.yaml:1:27: duplicate field 'source.name'" \
	-- verify $H/duplicate-source.yaml
row "duplicate deep in comments" 2 "$H/duplicate-deep.yaml:4:25: duplicate field 'comments.lang'" \
	-- verify $H/duplicate-deep.yaml
row "sequence for a puzzle" 2 \
	"$H/sequence-root.yaml:1:1: expected a mapping of fields for a puzzle, got a sequence" \
	-- verify $H/sequence-root.yaml
row "sequence for algebraic" 2 "$H/sequence-algebraic.yaml:2:3: expected a mapping for 'algebraic', got a sequence" \
	-- verify $H/sequence-algebraic.yaml
row "mapping for a piece list" 2 \
	"$H/sequence-white.yaml:2:10: expected a sequence for 'algebraic.white', got a mapping" \
	-- verify $H/sequence-white.yaml
row "mapping for the stipulation" 2 \
	"$H/mapping-stipulation.yaml:2:14: expected a string for 'stipulation', got a mapping" \
	-- verify $H/mapping-stipulation.yaml
row "plain text" 2 "$H/scalar-root.yaml:1:1: expected a mapping of fields for a puzzle, got a string" \
	-- verify $H/scalar-root.yaml
row "complex key" 2 "$H/complex-key.yaml:1:3: expected a field name, got a sequence" -- verify $H/complex-key.yaml
row "merge key alias" 2 "$H/alias.yaml:3:7: aliases are not supported" -- verify $H/alias.yaml
row "alias for a piece list" 2 "$H/alias-list.yaml:3:10: aliases are not supported" -- verify $H/alias-list.yaml
row "YAML 2.0" 2 "$H/yaml-2.yaml:1:1: found incompatible YAML document" -- verify $H/yaml-2.yaml
row "game as a sequence" 2 "$H/game-sequence.yaml:1:7: expected a string for 'game', got a sequence" \
	-- verify $H/game-sequence.yaml

# ---- stipulations and N
row "negative N" 2 "$H/negative-n.yaml:2:14: stipulation: N must be from 1 to 60 in '#-1'" -- verify $H/negative-n.yaml
row "negative N in words" 2 "$H/negative-n-words.yaml:2:14: stipulation: N must be from 1 to 60 in 'win in -3'" \
	-- verify $H/negative-n-words.yaml
row "N = 0" 2 "$H/zero-n.yaml:2:14: stipulation: N must be from 1 to 60 in 'win in 0'" -- verify $H/zero-n.yaml
row "N = 61" 2 "$H/n-61.yaml:2:14: stipulation: N must be from 1 to 60 in '#61'" -- verify $H/n-61.yaml
row "N of 20 digits" 2 "$H/huge-n.yaml:2:14: stipulation: N must be from 1 to 60 in '#99999999999999999999'" \
	-- verify $H/huge-n.yaml
row "empty stipulation" 2 "$H/empty-stipulation.yaml:2:14: stipulation: empty stipulation" \
	-- verify $H/empty-stipulation.yaml
row "stipulation: #2 unquoted (a YAML comment)" 2 \
	"$H/stipulation-unquoted.yaml:2:14: stipulation: unquoted, '#' starts a YAML comment and the value is empty: quote it, as in stipulation: \"#2\"" \
	-- verify $H/stipulation-unquoted.yaml
row "no stipulation" 2 "$H/no-stipulation.yaml:1:1: no stipulation" -- verify $H/no-stipulation.yaml

# ---- positions
row "board line of 100 files" 2 "$H/board-100-files.yaml:2:11: rank 8 has 100 squares, expected 8" \
	-- verify $H/board-100-files.yaml
row "board of 9 ranks" 2 "$H/board-9-ranks.yaml:10:3: the board has 9 ranks, expected 8" -- verify $H/board-9-ranks.yaml
row "short rank" 2 "$H/board-short-rank.yaml:8:10: rank 2 has 7 squares, expected 8" \
	-- verify $H/board-short-rank.yaml
row "board not a block" 2 \
	"$H/board-not-literal.yaml:1:8: board: must be a literal block scalar ('board: |' and one line per rank)" \
	-- verify $H/board-not-literal.yaml
row "Cyrillic letter in a board" 2 "$H/board-cyrillic.yaml:8:6: unknown piece letter 'ж' on d2 (Orthodox chess has K Q R B N P k q r b n p)" \
	-- verify $H/board-cyrillic.yaml
row "FEN rank of 100 files" 2 "$H/fen-100-files.yaml:1:6: position: rank 8 has 100 squares, expected 8" \
	-- verify $H/fen-100-files.yaml
row "FEN of words" 2 "$H/fen-garbage.yaml:1:6: position: the board has 1 rank, expected 8" -- verify $H/fen-garbage.yaml
row "square off the board" 2 "$H/square-off-board.yaml:1:26: square 'a99' is off the 8x8 board" \
	-- verify $H/square-off-board.yaml
row "malformed piece" 2 \
	"$H/malformed-piece.yaml:1:26: malformed piece 'Q-e4' in algebraic.white (a piece code and a square, as in 'Kb4')" \
	-- verify $H/malformed-piece.yaml
row "unknown colour" 2 "$H/unknown-colour.yaml:1:13: unknown colour 'red' in algebraic (white, black, neutral)" \
	-- verify $H/unknown-colour.yaml
row "two pieces on a square" 2 "$H/two-pieces-one-square.yaml:1:26: two pieces on a1 (algebraic.white)" \
	-- verify $H/two-pieces-one-square.yaml
row "two positions" 2 "$H/two-positions.yaml:1:1: two positions: algebraic: and fen: (give exactly one)" \
	-- verify $H/two-positions.yaml
row "no position" 2 "$H/no-position.yaml:1:1: no position (give algebraic:, fen:, otn: or board:)" \
	-- verify $H/no-position.yaml
row "two kings" 2 "$H/two-kings.yaml:1:1: position: white has 2 kings" -- verify $H/two-kings.yaml
row "morok pawn on rank 8" 2 "$H/morok-pawn-rank8.yaml:2:6: position: white pawn on a8: pawns may not stand on rank 1 or 8" \
	-- verify $H/morok-pawn-rank8.yaml
# M2: a Morok king taken is a finished game, not a bad position (issue 11)
row "morok: no white king, perft" 0 "0" -- perft --game morok --position "4k3/8/8/8/8/8/8/3Q4 w - - 0 1" 3
row "morok: no white king: white has lost" 1 \
	"$H/morok-king-gone.yaml: no solution  win in 1: the game is over: White, to move, has lost" \
	-- verify $H/morok-king-gone.yaml
row "morok: no white king, black to move: black has won" 1 \
	"(command line): no solution  win in 1: the game is over: Black, to move, has won already" \
	-- solve --game morok --position "4k3/8/8/8/8/8/8/3Q4 b - - 0 1" --stip "win in 1"
row "morok: no king at all" 2 "position: white and black have no king (a game ends when the first king goes, M2)" \
	-- perft --game morok --position "8/8/8/8/8/8/8/3Q4 w - - 0 1" 1
row "chess: mated before the first move" 1 \
	"(command line): no solution  #1: the game is over: Black, to move, has lost" \
	-- solve --game chess --position "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" --stip "#1"
row "tavlei attacker on a corner" 2 "$H/tavlei-corner.yaml:2:1: position: attacker on corner a9: only the king may stand there" \
	-- verify $H/tavlei-corner.yaml
row "upuaut two kings" 2 "$H/upuaut-two-kings.yaml:2:1: position: black has 2 kings" -- verify $H/upuaut-two-kings.yaml
row "unknown game" 2 "$H/unknown-game.yaml:1:7: unknown game 'go' (games: chess, morok, upuaut, tavlei)" \
	-- verify $H/unknown-game.yaml
row "FEN for tavlei" 2 "$H/tavlei-fen.yaml:2:1: tavlei positions are given with otn: or board:" \
	-- verify $H/tavlei-fen.yaml
row "to-move purple" 2 "$H/to-move-purple.yaml:1:10: to-move must be 'white' or 'black', got 'purple'" \
	-- verify $H/to-move-purple.yaml
row "rules for chess" 2 "$H/unknown-rule.yaml:1:1: chess has no rule options" -- verify $H/unknown-rule.yaml
row "castling junk" 2 "$H/castling-junk.yaml:1:11: castling must be '-' or letters from KQkq, got 'KX'" \
	-- verify $H/castling-junk.yaml

row "twin continuing a bad twin" 2 "$H/twin-continues-bad.yaml:7:7: twin c) continues twin b), which has an error" \
	-- verify $H/twin-continues-bad.yaml

# ---- fixed-size fields: what does not fit is an error, never cut short or
# copied past the field (issue 11: a twins: string with a label of 8
# characters overflowed the label on the heap).  A twin's label is held
# whole now, however long (issue 21, part 5): read and shown as written
row "twin label of 8 in a twins string, whole" 1 \
	"$H/twin-label-long-string.yaml twin z1234567): cooked  #2: 2 keys: 1.Qd2-d7! (wins in 2), 1.Rc3-c7! (wins in 2)" \
	-- verify $H/twin-label-long-string.yaml
row "twin label of 8 in a twins block, whole" 1 \
	"$H/twin-label-long-block.yaml twin z1234567): cooked  #2: 2 keys: 1.Qd2-d7! (wins in 2), 1.Qd2-g5+! (wins in 2)" \
	-- verify $H/twin-label-long-block.yaml
row "twin label of 8 in a twins mapping, whole" 1 \
	"$H/twin-label-long-mapping.yaml twin z1234567): cooked  #2: 2 keys: 1.Qd2-d7! (wins in 2), 1.Rc3-c7! (wins in 2)" \
	-- verify $H/twin-label-long-mapping.yaml
row "twin label of 7" 1 \
	"$H/twin-label-longest.yaml twin z999999): cooked  #2: 2 keys: 1.Qd2-d7! (wins in 2), 1.Rc3-c7! (wins in 2)" \
	-- verify $H/twin-label-longest.yaml
awk 'BEGIN { printf "algebraic:\n  white: [Kg1, Qd1, Rc3]\n  black: [Kg8]\nstipulation: \"#2\"\n";
	printf "twins: \"b) Move c3 f2 z"; for (i = 0; i < 4000; i++) printf "1"; print ") Move d1 d2\"" }' \
	>"$HD/twin-label-4000.yaml"
long_label=z$(awk 'BEGIN { for (i = 0; i < 4000; i++) printf "1" }')
row "verify: twin label of 4001 characters, whole" 1 \
	"$HD/twin-label-4000.yaml twin $long_label): cooked  #2: 2 keys: 1.Qd2-d7! (wins in 2), 1.Rc3-c7! (wins in 2)" \
	-- verify "$HD/twin-label-4000.yaml"
check "render: twin label of 4001 characters, a picture" sh -c \
	"'$MAAT' render '$HD/twin-label-4000.yaml' -o '$HD/t4000.svg' 2>/dev/null && test -s '$HD/t4000.svg'"
rm -f "$HD/t4000.svg"
row "stipulation cut short to fit" 2 \
	"$H/stip-long-blanks.yaml:2:14: stipulation: malformed stipulation 'win in 1                                ...' (longer than 255 bytes)" \
	-- verify $H/stip-long-blanks.yaml
# EPD: a bm longer than its field claimed whole, a mismatch (cut short, it
# was the key Ra8), an id of 401 bytes whole (it was cut at 255, between
# characters)
printf '7k/8/6K1/8/8/8/8/R7 w - - dm 1; bm Ra8++++++++++++++++++++++++++++zz;\n' >"$HD/bm.epd"
row "EPD bm not cut short" 1 \
	"$HD/bm.epd:1: claim mismatch  #1: the file's 1.Ra8++++++++++++++++++++++++++++zz is not a legal move in the diagram; the key is 1.Ra1-a8#" \
	-- verify "$HD/bm.epd"
awk 'BEGIN { printf "7k/8/6K1/8/8/8/8/R7 w - - dm 1; id \"a"; for (i = 0; i < 200; i++) printf "\303\251"; print "\";" }' \
	>"$HD/id.epd"
"$MAAT" verify --json "$HD/id.epd" >"$HD/id.json" 2>&1
check "EPD id whole" sh -c "iconv -f UTF-8 -t UTF-8 '$HD/id.json' >/dev/null &&
	grep -q '\"title\":\"a\(é\)\{200\}\"' '$HD/id.json'"
row "twin stipulation cut short to fit" 2 \
	"$H/twin-stip-long.yaml:6:19: twin b): Stipulation: '#000000000000000000000000000000000000000...' is too long" \
	-- verify $H/twin-stip-long.yaml

# ---- terminal escape injection (issue 11): a control character from a
# file, a file name or an argument is shown escaped (\e, \r, \n, \xHH,
# \uHHHH), in every text output; only JSON keeps it, in its own escapes
E=$H/escape-injection.yaml
row "escapes: a title cannot redraw the verdict line" 2 \
	"$E#1: claim mismatch  #1  \"x\\r\\e[2Kescape-injection.yaml: sound  #1  1.Ra1-a8!\\n1 puzzle: 1 sound\\e[8m\": the file's key 1.Ra1-a7 does not win in 1: 1...Kh8-g8 refutes it; the key is 1.Ra1-a8#" \
	-- verify $E
row "escapes: a stipulation quoted in a message" 2 \
	"$E:13:14: stipulation: malformed stipulation 'ser-h#5\\e[2K'" -- verify $E
row "escapes: a twin quoted in a message" 2 \
	"$E:18:15: twin b): Move: '\\e[2Ka2' is not a square of the 8x8 board" -- verify $E
row "escapes: a field name in a warning" 2 "$E:23:1: unknown field '\\e[2Kfield' (ignored): warning" \
	-- verify $E
row "escapes: a path from the command line" 2 "/nowhere/x\\e[2K.yaml: No such file or directory" \
	-- verify "$(printf '/nowhere/x\033[2K.yaml')"
row "escapes: a position from the command line" 2 "position: the board has 1 rank, expected 8" \
	-- solve --game chess --position "$(printf 'x\033[2Ky')" --stip '#1'
row "escapes: compose --stip" 2 "stipulation: malformed stipulation 'win in 2\\e[31m'" \
	-- compose --game chess --stip "$(printf 'win in 2\033[31m')" -o "$HD/c.yaml"
row "escapes: render's output name" 2 \
	"maat: render: $HD/x\\e.jpg: unknown output type (use .png, .svg, .pdf or .tex, or DIR/)" \
	-- render $E -o "$(printf '%s/x\033.jpg' "$HD")"
# no raw control byte but the newline in anything text output prints
for args in "verify $E" "verify --explain $E" "verify --solution $E" "solve $E" \
	"render $E -o $HD/e.pdf" "verify $(printf '/nowhere/\033\r\b\v.yaml')"; do
	# shellcheck disable=SC2086
	"$MAAT" $args >"$HD/esc.out" 2>&1
	if LC_ALL=C tr -d '\n' <"$HD/esc.out" | LC_ALL=C grep -q '[[:cntrl:]]'; then
		bad "hostile: escapes: a raw control character in the output of 'maat $args'"
	else
		ok
	fi
done
rm -f "$HD/e.pdf"
"$MAAT" verify --json $E >"$HD/esc.json" 2>/dev/null
check "escapes: JSON keeps the title, in its own escapes" \
	grep -qF '"title":"x\r\u001b[2Kescape-injection.yaml: sound  #1  1.Ra1-a8!\n1 puzzle: 1 sound\u001b[8m"' "$HD/esc.json"

# ---- the batch goes on
row "error, then a sound puzzle" 2 "$H/collection-goes-on.yaml#2: sound  #1  1.Ra1-a8#!" \
	-- verify $H/collection-goes-on.yaml
row "sound puzzle, then a syntax error" 2 "$H/syntax-after-puzzle.yaml:5:1: did not find expected ',' or ']'" \
	-- verify $H/syntax-after-puzzle.yaml

# ---- limits (generated): refused, never expanded or built
awk 'BEGIN { printf "algebraic:\n  white: [Kc3"; for (i = 0; i < 10000; i++) printf ", Pa2";
	print "]\n  black: [Ke5]\nstipulation: \"#2\"" }' >"$HD/pieces-flow.yaml"
row "10,000 pieces in a flow list" 2 "$HD/pieces-flow.yaml:2:10: more than 1000 pieces in algebraic.white" \
	-- verify "$HD/pieces-flow.yaml"
awk 'BEGIN { print "algebraic:\n  white:"; for (i = 0; i < 10000; i++) print "    - Pa2";
	print "  black: [Ke5]\nstipulation: \"#2\"" }' >"$HD/pieces-block.yaml"
row "10,000 pieces in a block list" 2 "$HD/pieces-block.yaml:3:5: more than 1000 pieces in algebraic.white" \
	-- verify "$HD/pieces-block.yaml"
# billion laughs: 9 levels of 9 aliases = 9^9 strings if expanded
awk 'BEGIN { print "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"; p = "a";
	for (i = 1; i <= 9; i++) { printf "l%d: &l%d [", i, i; for (j = 0; j < 9; j++) printf "%s*%s", j ? "," : "", p;
	print "]"; p = "l" i } }' >"$HD/laughs.yaml"
row "billion laughs" 2 "$HD/laughs.yaml:2:10: aliases are not supported" -- verify "$HD/laughs.yaml"
# the same bomb the size of the file limit: every alias refused in one pass
awk 'BEGIN { print "a: &a [lol]"; for (i = 0; i < 100000; i++) print "b" i ": [*a, *a, *a, *a, *a]" }' \
	>"$HD/alias-flood.yaml"
row "alias flood" 2 "$HD/alias-flood.yaml:2:6: aliases are not supported" -- verify "$HD/alias-flood.yaml"
awk 'BEGIN { printf "a: "; for (i = 0; i < 10000; i++) printf "["; for (i = 0; i < 10000; i++) printf "]";
	print "" }' >"$HD/deep-flow.yaml"
row "10,000 nested lists" 2 "$HD/deep-flow.yaml:1:67: nesting deeper than 64 levels (the rest of the file is not read)" -- verify "$HD/deep-flow.yaml"
# libyaml's scanner costs time quadratic in the flow nesting: refused at once
awk 'BEGIN { printf "a: "; for (i = 0; i < 16000000; i++) printf "[" }' >"$HD/deep-16m.yaml"
row "16 MB of [" 2 "$HD/deep-16m.yaml:1:67: nesting deeper than 64 levels (the rest of the file is not read)" \
	-- verify "$HD/deep-16m.yaml"
{ cat tests/verdicts/sound.yaml; printf -- '---\nb: &b [x]\nc: *b\nd: '; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{" }'; } \
	>"$HD/deep-after-alias.yaml"
row "deep after an alias: the alias" 2 "$HD/deep-after-alias.yaml:11:4: aliases are not supported" \
	-- verify "$HD/deep-after-alias.yaml"
row "deep after an alias: the nesting" 2 \
	"$HD/deep-after-alias.yaml:12:67: nesting deeper than 64 levels (the rest of the file is not read)" \
	-- verify "$HD/deep-after-alias.yaml"
row "deep after an alias: the puzzle before" 2 "$HD/deep-after-alias.yaml#1: sound  #2  1.Be7-g5!" \
	-- verify "$HD/deep-after-alias.yaml"
# libyaml checks each %TAG against all the others: quadratic, refused at 101
awk 'BEGIN { for (i = 0; i < 100000; i++) print "%TAG !a" i "! tag:x" i ",2000:"; print "---\na: 1" }' \
	>"$HD/tags.yaml"
row "100,000 %TAG directives" 2 "$HD/tags.yaml:101:1: more than 100 directives (%YAML, %TAG) before a document" \
	-- verify "$HD/tags.yaml"
awk 'BEGIN { for (i = 0; i < 200; i++) { for (j = 0; j < i; j++) printf "  "; print "k:" } }' \
	>"$HD/deep-map.yaml"
row "200 nested mappings" 2 "$HD/deep-map.yaml:65:129: nesting deeper than 64 levels (the rest of the file is not read)" -- verify "$HD/deep-map.yaml"
awk 'BEGIN { printf "title: \""; for (i = 0; i < 2100; i++) printf "%01000d", 0; print "\"" }' \
	>"$HD/long-value.yaml"
row "value of 2 MB" 2 "$HD/long-value.yaml:1:8: a value is longer than 1 MiB" -- verify "$HD/long-value.yaml"
awk 'BEGIN { printf "comments: [0"; for (i = 0; i < 100000; i++) printf ",0"; print "]" }' \
	>"$HD/many-values.yaml"
row "100,001 values" 2 "$HD/many-values.yaml:1:200006: more than 100000 values in one document" \
	-- verify "$HD/many-values.yaml"
awk 'BEGIN { for (d = 0; d < 20; d++) { print "---"; for (i = 0; i < 60; i++) print "f" i ": 1" } }' \
	>"$HD/warnings.yaml"
row "1200 unknown fields" 2 "$HD/warnings.yaml:1018:1: more than 1000 warnings in this file: the rest are not shown: warning" \
	-- verify "$HD/warnings.yaml"
awk 'BEGIN { for (i = 0; i <= 100000; i++) print "---" }' >"$HD/many-docs.yaml"
row "100,001 documents" 2 "$HD/many-docs.yaml:100001:1: more than 100000 puzzles in one file (the rest is ignored)" \
	-- verify "$HD/many-docs.yaml"
awk 'BEGIN { for (i = 0; i < 17 * 1024; i++) printf "#%01022d\n", 0 }' >"$HD/big.yaml"
row "17 MiB file" 2 "$HD/big.yaml: file is larger than 16 MiB" -- verify "$HD/big.yaml"

# ---- paths: loops, FIFOs, files that are not there
mkdir -p "$HD/loop/sub"
cp tests/verdicts/sound.yaml "$HD/loop/a.yaml"
ln -s .. "$HD/loop/sub/up"
ln -s "$HD/loop" "$HD/loop/sub/again"
row "directory loop through symlinks" 0 "1 puzzle: 1 sound" -- verify "$HD/loop"
# a ladder: every directory holds two links to the next, 2^30 paths
i=0
while [ $i -le 30 ]; do mkdir "$HD/ladder$i" && i=$((i + 1)); done
i=0
while [ $i -lt 30 ]; do
	ln -s "../ladder$((i + 1))" "$HD/ladder$i/a" && ln -s "../ladder$((i + 1))" "$HD/ladder$i/b"
	i=$((i + 1))
done
cp tests/verdicts/sound.yaml "$HD/ladder30/x.yaml"
row "symlink ladder (2^30 paths)" 0 "1 puzzle: 1 sound" -- verify "$HD/ladder0"
mkdir "$HD/fifo" && mkfifo "$HD/fifo/p.yaml" && cp tests/verdicts/sound.yaml "$HD/fifo/s.yaml"
row "FIFO in a directory" 2 "$HD/fifo/p.yaml: not a regular file (skipped)" -- verify "$HD/fifo"
mkdir "$HD/dangling" && ln -s nowhere "$HD/dangling/lost.yaml" && ln -s nowhere "$HD/dangling/notes.txt"
row "dangling symlink" 2 "$HD/dangling/lost.yaml: No such file or directory" -- verify "$HD/dangling"
# a directory below a path longer than PATH_MAX: it cannot be looked at,
# and that is an error with its path, not a silent skip (issue 11)
mkdir "$HD/deep" && cp tests/verdicts/sound.yaml "$HD/deep/a.yaml"
long=$(printf '%0200d' 0)
(cd -P "$HD/deep" && i=0 && while [ $i -lt 22 ]; do
	mkdir "$long" && cd -P "$long" || break
	i=$((i + 1))
done; : >x.yaml)
deep_out=$("$MAAT" verify "$HD/deep" 2>&1)
deep_rc=$?
if [ $deep_rc = 2 ] && printf '%s\n' "$deep_out" | grep -q ": File name too long\$" &&
	printf '%s\n' "$deep_out" | grep -qxF "1 puzzle: 1 sound, 1 unreadable path"; then
	ok
else
	bad "hostile: a directory whose path is too long: exit $deep_rc (want 2), output:"
	printf '%s\n' "$deep_out" | cut -c1-120 | head -5 >&2
fi
rm -rf "$HD/deep" 2>/dev/null || (cd "$HD/deep" && while [ -d "$long" ]; do mv "$long"/* . 2>/dev/null; rmdir "$long" 2>/dev/null || break; done)
mkdir "$HD/empty-dir" "$HD/dir.yaml"
row "empty directory" 2 "maat: no puzzle files (*.yaml, *.yml, *.olv, *.inp, *.epd, *.fen) found" -- verify "$HD/empty-dir"
row "directory named x.yaml" 2 "maat: no puzzle files (*.yaml, *.yml, *.olv, *.inp, *.epd, *.fen) found" -- verify "$HD/dir.yaml"
row "no such file" 2 "$HD/nowhere.yaml: No such file or directory" -- verify "$HD/nowhere.yaml"
# a file that opens but cannot be read, for root as well (the process's
# own memory from address 0)
row "file that cannot be read" 2 "/proc/self/mem: cannot read: Input/output error" -- verify /proc/self/mem
cp tests/verdicts/sound.yaml "$HD/secret.yaml" && chmod 000 "$HD/secret.yaml"
if [ -r "$HD/secret.yaml" ]; then
	echo "SKIP hostile: unreadable file: running as root, who reads any file" >&2
else
	row "unreadable file" 2 "$HD/secret.yaml: cannot open: Permission denied" -- verify "$HD/secret.yaml"
fi

mkdir "$HD/names"
: >"$HD/names/$(printf 'new\nline.yaml')"
cp tests/verdicts/sound.yaml "$HD/names/$(printf 'caf\351.yaml')"
row "newline in a file name" 2 "$HD/names/new\\nline.yaml: the file is empty" -- verify "$HD/names"
row "file name not UTF-8" 2 "$HD/names/caf\\xe9.yaml: sound  #2  1.Be7-g5!" -- verify "$HD/names"
"$MAAT" verify --json "$HD/names" >"$HD/names.json" 2>/dev/null
if iconv -f UTF-8 -t UTF-8 "$HD/names.json" >/dev/null 2>&1 && [ "$(wc -l <"$HD/names.json")" = 2 ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL hostile: JSON for odd file names is not two lines of UTF-8" >&2
fi

# ---- options
row "--hash 0" 2 "maat: verify: --hash takes megabytes from 1 to 65536" -- verify --hash 0 tests/verdicts/sound.yaml
row "--hash too big" 2 "maat: verify: --hash takes megabytes from 1 to 65536" -- verify --hash 65537 tests/verdicts/sound.yaml
row "--max-time -1" 2 "maat: verify: --max-time takes seconds, from 0 to 1000000" \
	-- verify --max-time -1 tests/verdicts/sound.yaml
row "--max-time nan" 2 "maat: verify: --max-time takes seconds, from 0 to 1000000" \
	-- verify --max-time nan tests/verdicts/sound.yaml
row "--max-time 0: no limit" 0 "1 puzzle: 1 sound" -- verify --max-time 0 tests/verdicts/sound.yaml
# one budget for all the transposition tables of a run: half the memory
# (issue 11: compose -j 8 --hash 8192 asked for 64 GB on a 24 GB machine)
V=tests/verdicts
expect "--hash beyond the budget of the tables" 2 "verify: --hash 65536: a table of 65536 MB is more than all the tables of a run may take" \
	-- verify --hash 65536 $V/sound.yaml
expect "solve --hash beyond the budget" 2 "solve: --hash 65536: a table of 65536 MB is more than all the tables of a run may take" \
	-- solve --hash 65536 $V/sound.yaml
expect "compose -j --hash beyond the budget" 2 "compose: -j 1024 --hash 1024: 1024 tables of 1024 MB are 1048576 MB, more than all the tables of a run may take" \
	-- compose --game upuaut --stip "win in 2" -j 1024 --hash 1024 -o "$HD/budget.yaml"
check "compose beyond the budget writes nothing" test ! -e "$HD/budget.yaml"
SLOW=tests/data/slow-collection.yaml
row "--max-time: timeout verdict" 1 "$SLOW#2: timeout  #9  \"slow\": no answer within 1 s (--max-time)" \
	-- verify --max-time 1 --hash 8 "$SLOW"
row "--max-time: the batch goes on" 1 "3 puzzles: 2 sound, 1 timeout" -- verify --max-time 1 --hash 8 "$SLOW"
# the time runs out after keys were found, before the first moves were all
# searched: --json crashed there (issue 11); the keys take milliseconds, the
# rest hours, so any machine stops in between.  Two keys found before the
# limit: cooked all the same (it said timeout), the keys in the JSON
KT=tests/data/keys-then-timeout.yaml
for cmd in verify solve; do
	"$MAAT" $cmd --json --max-time 1 --hash 8 "$KT" >"$HD/kt.json" 2>"$HD/kt.err"
	krc=$?
	if [ $krc = 1 ] && [ "$(grep -c '^{.*}$' "$HD/kt.json")" = 2 ] &&
		grep -q '"index":1,.*"verdict":"cooked","reason":"[^"]*(the search stopped there: --max-time reached)".*"keys":{"a2b1":1' "$HD/kt.json" &&
		grep -q '"index":1,.*"timeout":true' "$HD/kt.json" &&
		grep -q '"index":2,.*"verdict":"sound"' "$HD/kt.json" && [ ! -s "$HD/kt.err" ]; then
		ok
	else
		bad "hostile: $cmd --json --max-time after the keys: exit $krc (want 1), two objects"
		head -c 300 "$HD/kt.json" "$HD/kt.err" >&2
	fi
done
row "--max-time after the keys: text" 1 "$KT#1: cooked  #10  \"keys, then a timeout\": 2 keys: 1.Ka2-b1#! (wins in 1), 1.Ka2-b2#! (wins in 1) (the search stopped there: --max-time reached)" \
	-- verify --max-time 1 --hash 8 "$KT"

# ---- render: the same refusals, nothing written
row "render: alias" 2 "maat: render: $H/alias.yaml:3:7: aliases are not supported" -- render $H/alias.yaml -o "$HD/a.png"
row "render: empty file" 2 "maat: render: $H/empty.yaml: the file is empty" -- render $H/empty.yaml -o "$HD/e.pdf"
row "render: 10,000 pieces" 2 "maat: render: $HD/pieces-flow.yaml:2:10: more than 1000 pieces in algebraic.white" \
	-- render "$HD/pieces-flow.yaml" -o "$HD/p.svg"
if ls "$HD"/*.png "$HD"/*.pdf "$HD"/*.svg "$HD"/*.tmp* >/dev/null 2>&1; then
	fail=$((fail + 1))
	echo "FAIL hostile: render left files behind: $(ls "$HD" | grep -e png -e pdf -e svg -e tmp)" >&2
else
	pass=$((pass + 1))
fi

# a move number of 11 digits in the solution the arrows are read from
# (an int overflow under UBSan, found by fuzzing)
if "$MAAT" render $H/move-number-overflow.yaml -o "$HD/mn.png" 2>/dev/null && [ -s "$HD/mn.png" ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL hostile: render: move number of 11 digits" >&2
fi

if [ "$rows" -lt 50 ]; then
	fail=$((fail + 1))
	echo "FAIL hostile: only $rows rows" >&2
fi
chmod -R u+rwx "$HD" 2>/dev/null
rm -rf "$HD"
