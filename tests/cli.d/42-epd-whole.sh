# FEN lines and EPD records read whole, never cut to fit a buffer: --stip,
# dm, id and the position (maat(1) convert, verify --stip; rule ids: none,
# the reader's)
EW=$(mktemp -d)
printf '8/8/8/8/8/5k2/5q2/7K b - - 0 1\n8/8/8/8/8/5k2/5q2/7K b - - 0 1\n' >"$EW/two.fen"
blanks=$(printf '%70s' '')
# --stip past 60 bytes was cut: '#1', blanks, 'x' read as #1
printf 'old\n' >"$EW/out.yaml"
expect "--stip: '#1', 70 blanks and x is no stipulation" 2 \
	"maat: convert: --stip: malformed stipulation '#1" \
	-- convert --stip "#1${blanks}x" "$EW/two.fen" -o "$EW/out.yaml"
check "--stip: ... nothing written" test "$(cat "$EW/out.yaml")" = old
expect_exact "--stip: a bad one said once, not at each record" 2 \
	-- verify --stip "#1${blanks}x" "$EW/two.fen" <<END
maat: verify: --stip: malformed stipulation '#1                                      ...'
END
expect "--stip: 70 blanks and #1 is #1" 0 "2 puzzles: 2 sound" -- verify --stip "${blanks}#1" "$EW/two.fen"
# dm was cut to 1000 and named so; dm 0 was no dm
printf '8/8/8/8/8/5k2/5q2/7K b - - dm 5000;\n8/8/8/8/8/5k2/5q2/7K b - - dm 0;\n' >"$EW/dm.epd"
expect "dm 5000: the number the file gives" 2 \
	"dm.epd:1:28: stipulation: N must be from 1 to 60 in '#5000'" -- verify "$EW/dm.epd"
expect "dm 0: an error at dm" 2 "dm.epd:2:28: stipulation: N must be from 1 to 60 in '#0'" \
	-- verify "$EW/dm.epd"
# id past 255 bytes was cut: the title whole
long=$(printf '%0300d' 0)
printf '8/8/8/8/8/5k2/5q2/7K b - - dm 1; id "%sEND";\n' "$long" >"$EW/id.epd"
./maat convert --solve "$EW/id.epd" -o "$EW/id.yaml" 2>/dev/null
check "id: a title of 303 bytes whole" grep -q "Title: ${long}END" "$EW/id.yaml"
# a FEN line past 255 bytes was cut: what follows the cut not seen
printf '8/8/8/8/8/5k2/5q2/7K b - - 0 1 %300s junk\n' '' >"$EW/junk.fen"
expect "FEN: junk past byte 255 is junk" 2 "position: unexpected text after the move number: 'junk'" \
	-- verify --stip "#1" "$EW/junk.fen"
rm -rf "$EW"
