# Hardening, round 3 (issue 23; sourced by tests/cli.sh, whose row helper it
# uses): each item's input under tests/hostile/, the exit status and an
# exact line.
H=tests/hostile
R3=$(mktemp -d /tmp/maat-round3.XXXXXX)

# ---- 2: Unicode noncharacters in a title, an author, a source, a solution,
# a --title and a file name put cairo in an error state: it drew nothing
# after them (a booklet of three puzzles came out as one page, exit 0), SVG
# held U+FFFE that XML forbids.  Drawn as U+FFFD now; a context in error is
# a write error (check_render.c test_cairo_error_is_a_write_error)
NC=$H/noncharacters.yaml
if command -v pdfinfo >/dev/null 2>&1; then
	"$MAAT" render $NC --per-page 1 --solutions --title "Book $(printf '\357\277\276')" \
		-o "$R3/nc.pdf" 2>"$R3/nc.err"
	check "noncharacters: the booklet written, exit 0" test $? = 0 -a -s "$R3/nc.pdf"
	check "noncharacters: every page (3 diagrams and the solutions)" \
		sh -c "pdfinfo '$R3/nc.pdf' | grep -qx 'Pages: *4'"
	check "noncharacters: the captions and the solutions drawn" sh -c "pdftotext '$R3/nc.pdf' - |
		grep -q 'Noncharacter $(printf '\357\277\275') here' &&
		pdftotext '$R3/nc.pdf' - | grep -q '^Solutions\$' && pdftotext '$R3/nc.pdf' - | grep -q 'third'"
	mkdir "$R3/fn"
	ncname="$R3/fn/x$(printf '\357\277\276')y.inp"
	cp tests/render/skip.inp "$ncname"
	"$MAAT" render "$ncname" --per-page 1 --solutions -o "$R3/fn.pdf" 2>/dev/null
	check "noncharacters: a file name's, exit 1 (a puzzle not drawn)" test $? = 1
	check "noncharacters: a file name's: every page" sh -c "pdfinfo '$R3/fn.pdf' | grep -qx 'Pages: *3'"
	"$MAAT" render $H/noncharacter-verdict.yaml --solutions --per-page 1 -o "$R3/ncv.pdf" 2>/dev/null
	rc=$?
	check "noncharacters: a verdict quoting the claim, drawn in the solutions" sh -c "test $rc = 0 &&
		pdftotext '$R3/ncv.pdf' - | grep -q \"maat: claim mismatch: the file's 1.Rb8$(printf '\357\277\275') is not\""
else
	echo "SKIP noncharacters in PDF: pdfinfo (poppler-utils) is not installed" >&2
fi
"$MAAT" render $NC -o "$R3/ncsvg/" --format svg 2>/dev/null
check "noncharacters: SVG written" test $? = 0 -a -s "$R3/ncsvg/noncharacters-01.svg"
check "noncharacters: no U+FFFE or U+FFFF in the SVG (XML forbids them)" \
	sh -c "! cat '$R3'/ncsvg/*.svg | grep -q -e '$(printf '\357\277\276')' -e '$(printf '\357\277\277')'"
check "noncharacters: the SVG's caption there" grep -q "Noncharacter $(printf '\357\277\275') here" \
	"$R3/ncsvg/noncharacters-01.svg"

# ---- 3: convert F -o F replaced F with the one puzzle it could write (the
# grasshopper and the puzzle in error were gone): an output that is one of
# the files read is refused, whatever its name; nothing is written
cp $H/convert-left-out.inp "$R3/f.inp"
cp "$R3/f.inp" "$R3/f.orig"
row "convert F -o F refused" 2 \
	"maat: convert: '$R3/f.inp' is one of the files read: writing it would replace its puzzles, and lose those not written (give another output; nothing written)" \
	-- convert "$R3/f.inp" -o "$R3/f.inp"
check "convert F -o F: F as it was" cmp -s "$R3/f.inp" "$R3/f.orig"
ln -s f.inp "$R3/link.inp"
row "convert: through a symbolic link" 2 \
	"maat: convert: '$R3/link.inp' is one of the files read: writing it would replace its puzzles, and lose those not written (give another output; nothing written)" \
	-- convert "$R3/f.inp" -o "$R3/link.inp"
mkdir "$R3/dir"
cp "$R3/f.inp" "$R3/dir/g.inp"
row "convert: a file of a directory read" 2 \
	"maat: convert: '$R3/dir/g.inp' is one of the files read: writing it would replace its puzzles, and lose those not written (give another output; nothing written)" \
	-- convert "$R3/dir" -o "$R3/dir/g.inp"
check "convert: ... the files as they were" sh -c "cmp -s '$R3/f.inp' '$R3/f.orig' && cmp -s '$R3/dir/g.inp' '$R3/f.orig'"
row "convert: another output is written" 2 "$R3/other.yaml: 1 puzzle written" -- convert "$R3/f.inp" -o "$R3/other.yaml"
# the same for render (a puzzle file named .tex or .svg, drawn onto itself)
cp tests/verdicts/sound.yaml "$R3/p.tex"
row "render F -o F refused" 2 \
	"maat: render: '$R3/p.tex' is one of the files read: writing it would replace its puzzles, and lose those not written (give another output; nothing written)" \
	-- render "$R3/p.tex" -o "$R3/p.tex"
check "render F -o F: F as it was" cmp -s "$R3/p.tex" tests/verdicts/sound.yaml

# ---- 4: render's solving (--solve, --solutions, --key, --arrow key) had no
# time limit: one h#20 hung a booklet.  verify's 60 s by default (checked by
# hand: slow-collection.yaml --solutions ends after 60 s with "no answer
# within 60 s"); --max-time honoured by every one of them
row "render: the solver's limit is verify's" 0 \
	"  --max-time S             give up solving a problem after S seconds (default 60, as verify; 0: no limit)" \
	-- help render
"$MAAT" render tests/data/slow-collection.yaml --solutions --max-time 1 -o "$R3/slow.tex" 2>"$R3/slow.err"
check "render --solutions --max-time 1: written" test $? = 0 -a -s "$R3/slow.tex"
check "render --solutions --max-time 1: the slow one out of time" \
	grep -qF '\textit{maat: timeout: no answer within 1 s (--max-time)}' "$R3/slow.tex"
for opt in --solve --key; do
	check "render $opt --max-time 1: ends" timeout 60 "$MAAT" render tests/data/slow-collection.yaml \
		$opt --max-time 1 -o "$R3/slow-dir/"
done
row "render --arrow key --max-time 1: ends, says so" 0 \
	"maat: tests/data/slow-collection.yaml:6: no arrow: timeout: no answer within 1 s (--max-time)" \
	-- render tests/data/slow-collection.yaml --arrow key --max-time 1 -o "$R3/slow-dir/"

# ---- 5: an EPD bm that is no legal move is a claim mismatch, as in YAML
# (it was a warning and "sound", exit 0)
row "epd: bm of a knight the position has not" 1 \
	"$H/epd-bm-illegal.epd:1: claim mismatch  #1  \"bm names no man of the position\": the file's 1.Ncd5 is not a legal move in the diagram; the key is 1.Ra1-a8#" \
	-- verify $H/epd-bm-illegal.epd
row "epd: bm of a move the rook cannot make" 1 \
	"$H/epd-bm-illegal.epd:2: claim mismatch  #1  \"bm the rook cannot play\": the file's 1.Rb8 is not a legal move in the diagram; the key is 1.Ra1-a8#" \
	-- verify $H/epd-bm-illegal.epd
row "epd: bm the key" 1 "$H/epd-bm-illegal.epd:3: sound  #1  \"bm the key\"  1.Ra1-a8#!" \
	-- verify $H/epd-bm-illegal.epd
row "epd: ... the summary" 1 "3 puzzles: 1 sound, 2 claim mismatches" -- verify $H/epd-bm-illegal.epd
printf 'fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"\nstipulation: "#1"\nsolution: "1.Ncd5!"\n' >"$R3/bm.yaml"
row "epd: the same claim in YAML" 1 \
	"$R3/bm.yaml: claim mismatch  #1: the file's 1.Ncd5 is not a legal move in the diagram; the key is 1.Ra1-a8#" \
	-- verify "$R3/bm.yaml"

# ---- 6: the piece letter of a claim names the man that moves, in the
# claim's language (long notation ignored it; a short 'R' with no rook was
# read as the French Roi); a false "zugzwang." is a mismatch (S4)
W=$H/claim-wrong-letter.yaml
row "claim S4: the rook's letter for the queen" 1 \
	"$W#1: claim mismatch  #2  \"rook's letter for the queen\": the file's 1.Ra7-f2 is not a legal move in the diagram (the man on a7 is a queen, not a rook); the key is 1.Qa7-f2" \
	-- verify $W
row "claim S4: the knight's letter for the queen" 1 \
	"$W#2: claim mismatch  #2  \"knight's letter for the queen\": the file's 1.Sa7-f2 is not a legal move in the diagram (the man on a7 is a queen, not a knight); the key is 1.Qa7-f2" \
	-- verify $W
row "claim S4: the queen's letter for the king" 1 \
	"$W#3: claim mismatch  #2  \"queen's letter for the king, in a try\": the file's 1.Qe1-e2+ is not a legal move in the diagram (the man on e1 is a king, not a queen); the key is 1.Qa7-f2" \
	-- verify $W
row "claim S4: an English R is no French Roi" 1 \
	"$W#4: claim mismatch  #2  \"an English R is no French Roi\": after 1.Qa7-f2 the file's 1...Rb1 is not a legal move there; the moves there: Kc1-b1" \
	-- verify $W
row "claim S4: the rook's letter for castling" 1 \
	"$W#5: claim mismatch  #2  \"the rook's letter for castling\": after 1.Qa7-f2 threat: the file's 2.Re1-g1# is not a legal move there (the man on e1 is a king, not a rook); what wins there: 2.0-0#" \
	-- verify $W
row "claim S4: German letters read as German" 1 \
	"$W#6: sound  #2  \"right letters, German and English\"  1.Qa7-f2!" -- verify $W
Z=$H/claim-false-zugzwang.yaml
row "claim S4: zugzwang after a key that threatens" 1 \
	"$Z#1: claim mismatch  #2  \"a key with a threat called zugzwang\": the file says zugzwang after 1.Qa7-f2, but it threatens 2.0-0#" \
	-- verify $Z
row "claim S4: zugzwang after a try that threatens" 1 \
	"$Z#2: claim mismatch  #2  \"a try with a threat called zugzwang\": the file says zugzwang after 1.Rh1-h2, but it threatens 2.Qa7-a1#" \
	-- verify $Z
row "claim S4: true zugzwangs, after a key and after a continuation" 1 \
	"4 puzzles: 2 sound, 2 claim mismatches" -- verify $Z
row "claim S4: a false zugzwang explained" 1 \
	"  the file's line: 1.Qa7-f2 zugzwang (not zugzwang: it threatens)" -- verify --explain $Z

# ---- 9: castling rights the men cannot have (O1; "R3K3 w KQkq", as real
# collections hold them) are dropped with a warning naming them; the problem
# is solved (the whole problem was an error)
C=$H/castling-impossible
row "castling O1: a FEN's impossible rights dropped, named" 0 \
	"$C.yaml:5:6: position: castling rights 'KQkq' dropped: 'K' needs the white king on e1 and a rook on h1; 'Q' needs the white king on e1 and a rook on a1; 'k' needs the black king on e8 and a rook on h8; 'q' needs the black king on e8 and a rook on a8: warning" \
	-- verify $C.yaml
row "castling O1: ... the problem solved" 0 \
	"$C.yaml#1: sound  #1  \"no rook on h1, and no black men at home\"  1.Ra1-a8#!" -- verify $C.yaml
row "castling O1: castling: K dropped, Q kept" 0 \
	"$C.yaml:12:1: position: castling right 'K' dropped: 'K' needs the white king on e1 and a rook on h1: warning" \
	-- verify $C.yaml
row "castling O1: an EPD record, at its castling field" 1 \
	"$C.epd:1:24: position: castling rights 'KQkq' dropped: 'K' needs the white king on e1 and a rook on h1; 'Q' needs the white king on e1 and a rook on a1; 'k' needs the black king on e8 and a rook on h8; 'q' needs the black king on e8 and a rook on a8: warning" \
	-- verify $C.epd
row "castling O1: --position too" 0 \
	"position: castling right 'Q' dropped: 'Q' needs the white king on e1 and a rook on a1: warning" \
	-- solve --game chess --position "7k/8/6K1/8/8/8/8/R7 w Q - 0 1" --stip "#1"
printf 'fen: "4k3/8/8/8/8/8/8/4K3 w KK - 0 1"\nstipulation: "#1"\n' >"$R3/kk.yaml"
row "castling O1: a right twice is still a bad field" 2 \
	"$R3/kk.yaml:1:6: position: bad castling field 'KK'" -- verify "$R3/kk.yaml"

# ---- 10: N in YACPDB's algebraic: (and in Popeye's Pieces) is the
# nightrider, rightly unsupported; nearly every such file is a slip: the
# message says how the knight is written
row "N: the knight is S in algebraic:" 0 \
	"$H/knight-as-n.yaml: unsupported  #2: fairy piece 'N' (nightrider) at d4 in algebraic.white (the knight is S in YACPDB's and Popeye's codes)" \
	-- verify $H/knight-as-n.yaml
row "N: the knight is S in Popeye's Pieces" 0 \
	"$H/knight-as-n.inp:1: unsupported  #2: fairy piece 'N' (nightrider) at d4 is not supported (the knight is S in Popeye's codes)" \
	-- verify $H/knight-as-n.inp

# ---- 11: orthodox boards without a king, which Popeye solves: unsupported
# (maat's chess plays with both kings), never an error of the file; in
# algebraic:, fen:, a twin that removes a king (as from Popeye input) and EPD
K=$H/kingless
row "kingless O1: no white king, algebraic" 0 \
	"$K.yaml#1: unsupported  h#2  \"no white king, algebraic\": a position without a white king is not supported" \
	-- verify $K.yaml
row "kingless O1: no black king, FEN" 0 \
	"$K.yaml#2: unsupported  ser-=3  \"no black king, FEN\": a position without a black king is not supported" \
	-- verify $K.yaml
row "kingless O1: a twin that removes the king" 0 \
	"$K.yaml#3 twin b): unsupported  #1  \"a twin that removes the king\": a position without a black king is not supported" \
	-- verify $K.yaml
row "kingless O1: EPD" 0 "$K.epd:1: unsupported: a position without a black king is not supported" \
	-- verify $K.epd

# ---- 15: limits that did not hold
# compose --max-time: a candidate's search went on past the run's end (2 s
# took 11.4 s; here Tavlei win in 5, seed 1: 14 s with --candidate-time 30,
# 18 s with 0, before); now each candidate's deadline is the run's at most
for ct in 30 0; do
	timeout 10 "$MAAT" compose --game tavlei --stip "win in 5" --max-time 2 --candidate-time $ct \
		--seed 1 -j 1 --count 5 --quiet -o "$R3/c$ct.yaml" >/dev/null 2>&1
	check "compose --max-time 2 --candidate-time $ct: ends with the run (not killed at 10 s)" \
		test $? != 124
done
# prove --hash within the budget its own message states (half the memory:
# a table above it was taken, its pages touched); --proof checked before the
# search; no "written to" before a write that fails
mem=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo 2>/dev/null)
if [ -n "$mem" ] && [ $((mem / 2 + 1024)) -le 65536 ]; then
	row "prove --hash above half the memory refused" 2 \
		"maat: prove: --hash $((mem / 2 + 1024)): a table of $((mem / 2 + 1024)) MB is more than all the tables of a run may take, $((mem / 2)) MB (half of the $mem MB of memory)" \
		-- prove --game upuaut --hash $((mem / 2 + 1024)) --max-time 1
fi
row "prove --proof in no directory: refused before the search" 2 \
	"maat: prove: cannot write $R3/none/p.proof: No such file or directory" \
	-- prove --game upuaut --max-time 30 --proof "$R3/none/p.proof"
mkdir "$R3/pdir"
row "prove --proof a directory: cannot write" 2 "maat: prove: cannot write $R3/pdir: Is a directory" \
	-- prove --game upuaut --position "k4/5/5/5/5/BK3 w" --proof "$R3/pdir"
check "prove --proof a directory: no 'written to'" sh -c "! '$MAAT' prove --game upuaut \
	--position 'k4/5/5/5/5/BK3 w' --proof '$R3/pdir' 2>&1 | grep -q 'written to'"
# check-proof and summary read regular files (a FIFO too, for summary) and
# check-proof within a memory budget (about 10 times the file)
row "check-proof /dev/zero refused" 2 \
	"maat: check-proof: /dev/zero is not a regular file (a proof is read whole, and its size must be known)" \
	-- check-proof /dev/zero
truncate -s 5G "$R3/huge.proof" 2>/dev/null &&
	row "check-proof: past 4 GB refused before reading" 2 "maat: check-proof: $R3/huge.proof: larger than 4 GB" \
		-- check-proof "$R3/huge.proof"
rm -f "$R3/huge.proof"
if [ -n "$mem" ] && [ $((mem / 20 + 1)) -lt 4095 ]; then
	truncate -s $((mem / 20 + 1))M "$R3/big.proof" 2>/dev/null &&
		row "check-proof: more than the memory allows, refused before reading" 2 \
			"maat: check-proof: $R3/big.proof: $((mem / 20 + 1)) MB; checking it takes about 10 times that, more than half of the $mem MB of memory" \
			-- check-proof "$R3/big.proof"
	rm -f "$R3/big.proof"
fi
row "summary /dev/zero refused (it was read for ever)" 2 \
	"maat: /dev/zero: not a file of JSON lines (a character device)" -- summary /dev/zero
# the same on standard input, which may be a device: a NUL byte is no JSON
# text, and the rest is not read (it was read for ever, skipping to a
# newline that never came)
check "summary - < /dev/zero refused at the first NUL byte, exit 2" sh -c \
	"out=\$(timeout 20 '$MAAT' summary - </dev/zero 2>&1); [ \$? = 2 ] &&
	printf '%s' \"\$out\" | grep -qF '(standard input):1:1: a NUL byte: not JSON lines (the rest is not read)'"
row "summary: a directory" 2 "maat: $R3: not a file of JSON lines (a directory)" -- summary "$R3"
mkfifo "$R3/fifo"
(printf '{"file":"a.yaml","index":1,"verdict":"sound"}\n' >"$R3/fifo") &
row "summary: a FIFO is read" 0 "1 puzzle: 1 sound" -- summary "$R3/fifo"
wait

# ---- 16: file names: a name's own backslash is doubled, so x<LF>y.yaml and
# x\ny.yaml (a real backslash) no longer print alike, in text and JSON, and
# summary counts two puzzles (it reported a false duplicate); summary's
# index is a number (1, 1.0 and 1e0 were three puzzles) from 1
mkdir "$R3/bs"
cp tests/verdicts/sound.yaml "$R3/bs/x
y.yaml"
cp tests/verdicts/sound.yaml "$R3/bs/x\\ny.yaml"
row "names: a newline escaped" 0 "$R3/bs/x\\ny.yaml: sound  #2  1.Be7-g5!" -- verify "$R3/bs/"
row "names: a backslash doubled" 0 "$R3/bs/x\\\\ny.yaml: sound  #2  1.Be7-g5!" -- verify "$R3/bs/"
"$MAAT" verify --json --no-time "$R3/bs/" >"$R3/bs.jsonl"
row "names: summary of the two: two puzzles" 0 "2 puzzles: 2 sound" -- summary "$R3/bs.jsonl"
S=$H/summary-index.jsonl
row "summary: index 1.0 is 1" 2 "$S:2:1: a.yaml#1 given twice (first at $S:1)" -- summary $S
row "summary: index 1e0 is 1" 2 "$S:3:1: a.yaml#1 given twice (first at $S:1)" -- summary $S
row "summary: a negative index refused" 2 \
	"$S:4:26: not a verdict of maat's JSON output: \"index\" is a whole number from 1 (verify counts puzzles from 1)" \
	-- summary $S
row "summary: index 0 refused" 2 \
	"$S:5:26: not a verdict of maat's JSON output: \"index\" is a whole number from 1 (verify counts puzzles from 1)" \
	-- summary $S
row "summary: index 2.5 refused" 2 \
	"$S:6:26: not a verdict of maat's JSON output: \"index\" is a whole number from 1 (verify counts puzzles from 1)" \
	-- summary $S
row "summary: the count" 2 "2 puzzles: 1 sound, 1 cooked, 2 given twice, 3 lines not a verdict" -- summary $S

# ---- 17: check-proof names the rule options a proof is of ("defenders wins"
# of a Tavlei proof with corners-hostile=yes is no proof of plain Tavlei),
# and a bad "# rule:" is reported at its line (it was 1:1, on the root)
# (tests/hostile/proof-rule.proof: maat prove --game tavlei --position
# "/9/9/9/T4t3/9/5T3/9/tK7/1t7/ d" --rule corners-hostile=yes, the position of
# puzzles/tavlei/06-the-corner-bites.yaml)
# (expect: the time at the end of the line is the machine's)
expect "check-proof T9: the rule named" 0 \
	"$H/proof-rule.proof: the proof holds: defenders wins from /9/9/9/T4t3/9/5T3/9/tK7/1t7/ d (tavlei, corners-hostile=yes); 19 positions, 19 reached, longest line 2 moves; checked in " \
	-- check-proof $H/proof-rule.proof
expect "check-proof T9: the rule in JSON" 0 \
	"{\"file\":\"$H/proof-rule.proof\",\"valid\":true,\"game\":\"tavlei\",\"root\":\"/9/9/9/T4t3/9/5T3/9/tK7/1t7/ d\",\"winner\":\"defenders\",\"rules\":[\"corners-hostile=yes\"],\"positions\":19,\"reached\":19,\"depth\":2,\"errors\":0,\"seconds\":" \
	-- check-proof --json $H/proof-rule.proof
row "check-proof T9: a bad rule at its line" 2 \
	"$H/proof-bad-rule.proof:3:9: rule: rule 'corners-hostile' takes yes or no" \
	-- check-proof $H/proof-bad-rule.proof

# ---- 19: a claim past the 100,000 words the claim reader takes is read to
# the end of the line the limit falls in, never judged on part of a line:
# Schoepfer's #2 with 100,001 words, the last line a try whose "refutation"
# is no legal move, cut after its "but" (read as a try with no refutation:
# sound); a line that goes on 20,000 words past the limit is left out whole
Q='fen: "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1"'
awk -v q="$Q" 'BEGIN { print q "\nstipulation: \"#2\"\nsolution: |\n  1.Qa7-f2 ! Kc1-b1";
	for (i = 0; i < 19999; i++) print "  1.Qa7-f2 ! threat: 2.0-0 #";
	print "  1.Rh1-h2 ? but 1...Kc1-c2 !" }' >"$R3/cut.yaml"
row "claim: the line the limit falls in read whole" 1 \
	"$R3/cut.yaml: claim mismatch  #2: after 1.Rh1-h2 the file's 1...Kc1-c2 (solution line 20001) is not a legal move there; the moves there: Kc1-b1" \
	-- verify "$R3/cut.yaml"
awk -v q="$Q" 'BEGIN { print q "\nstipulation: \"#2\"\nsolution: |\n  1.Qa7-f2 ! Kc1-b1";
	for (i = 0; i < 19999; i++) print "  1.Qa7-f2 ! threat: 2.0-0 #";
	printf "  1.Rh1-h2"; for (i = 0; i < 25000; i++) printf " 1...Kc1-c2"; print "" }' >"$R3/cut2.yaml"
row "claim: a line past the limit and 20,000 words more left out whole" 0 \
	"$R3/cut2.yaml: warning: the solution is longer than 100000 words: read to the end of its line 20000, the rest is not" \
	-- verify "$R3/cut2.yaml"

# ---- 19: the memory message quotes the -j given (-j 190 on 21 problems,
# 9 threads each, said "-j 189"): two problems, -j 5, tables of a third of
# the budget each (2 threads a problem: 4 tables)
if [ -n "$mem" ]; then
	cat tests/verdicts/sound.yaml >"$R3/two.yaml"
	printf -- '---\n' >>"$R3/two.yaml"
	cat tests/verdicts/sound.yaml >>"$R3/two.yaml"
	third=$((mem / 2 / 3 + 1))
	expect "memory message: the -j given" 2 \
		"verify: -j 5 --hash $third: 2 problems on 2 threads each take 4 tables of $third MB, $((4 * third)) MB, more than all the tables of a run may take" \
		-- verify -j 5 --hash $third "$R3/two.yaml"
fi

# ---- 19: twins past what a caption holds are not dropped without a sign
"$MAAT" render $H/twins-20.yaml -o "$R3/tw.svg" 2>/dev/null
check "twins: 20 of them, the caption says 5 are not shown" \
	grep -q '>\.\.\. and 5 more twins (not shown)</text>' "$R3/tw.svg"
check "twins: ... and shows b) to p)" sh -c "grep -q '>p) ♖a1→a4</text>' '$R3/tw.svg' &&
	! grep -q '>q) ♖a1→a5</text>' '$R3/tw.svg'"
# LaTeX's \twins field, which TeX wraps, holds every one (it held b) to q))
"$MAAT" render $H/twins-20.yaml -o "$R3/tw.tex" 2>/dev/null
check "twins: the LaTeX twins field holds all 20" grep -qF 'q) \wT{}a1{$\rightarrow$}a5; r) \wT{}a1{$\rightarrow$}a6; s) \wT{}a1{$\rightarrow$}a7; t) \wT{}a1{$\rightarrow$}a2; u) \wT{}a1{$\rightarrow$}a3}' "$R3/tw.tex"

# ---- 2, LaTeX: a Cyrillic capital the transliteration has no letter for
# was written "capital" from "?", the control character 0x1F raw in the
# source (found by fuzz_drawtext); the old Russian letters are transliterated
"$MAAT" render $H/cyrillic-capitals.yaml -o "$R3/cyr.tex" 2>/dev/null
check "LaTeX: no control character from a Cyrillic capital" sh -c "test -s '$R3/cyr.tex' &&
	! tr -d '\\n' <'$R3/cyr.tex' | LC_ALL=C grep -q '[[:cntrl:]]'"
check "LaTeX: Yat, Fita and Izhitsa transliterated" grep -q '{Elkin}, .*{Fedorov}, .*{??} .*{I},' "$R3/cyr.tex"

# ---- 19: README, maat(1) and maat-puzzle(5) said N is 1 to 20, while 60 is
# taken: the bound maat states in its message is the one the pages state
printf 'fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"\nstipulation: "win in 0"\n' >"$R3/n0.yaml"
nmax=$("$MAAT" verify "$R3/n0.yaml" 2>&1 | sed -n "s/.*N must be from 1 to \([0-9]*\) in.*/\1/p" | head -1)
check "docs: maat names its bound of N" test -n "$nmax"
check "docs: maat(1) states the same bound" grep -q "1 to $nmax" man/maat.1
check "docs: maat-puzzle(5) quotes the same message" grep -q "N must be from 1 to $nmax in" man/maat-puzzle.5
check "docs: README states the same bound" grep -q "N up to $nmax," README.md

# ---- a source's year (puzzle_write.c): any four digits at the end were a
# year ("Problem Paradise No. 2345" became date: "2345" in convert); only a
# plausible year where a date stands is one, the rest stays the whole
# source, in a comment.  The sources as collections write them.
SY=$H/source-years.inp
"$MAAT" convert $SY -o "$R3/sy.yaml" 2>/dev/null
check "source years: a number after its mark, a year too late, an id: no date" sh -c "
	grep -qxF '  - \"Source: Problem Paradise No. 2345\"' '$R3/sy.yaml' &&
	grep -qxF '  - \"Source: Springaren Nr. 1923\"' '$R3/sy.yaml' &&
	grep -qxF '  - \"Source: Problem Paradise, 2345\"' '$R3/sy.yaml' &&
	grep -qxF '  - \"Source: Themes-64 #1964\"' '$R3/sy.yaml' &&
	grep -qxF '  - \"Source: maat compose, s1-c2872\"' '$R3/sy.yaml' &&
	grep -qxF '  - \"Source: The Problemist 1923, 2nd Prize\"' '$R3/sy.yaml'"
check "source years: the dates where dates stand, and only those" \
	test "$(grep '^  date: ' "$R3/sy.yaml" | tr '\n' ' ')" = \
	'  date: "1990"   date: "1985"   date: "1979"   date: "1979-07-12"   date: "1960-03"   date: "1965-1967" '
"$MAAT" convert "$R3/sy.yaml" -o "$R3/sy.inp" 2>/dev/null
"$MAAT" convert "$R3/sy.inp" -o "$R3/sy2.yaml" 2>/dev/null
check "source years: YAML -> .inp -> YAML the same" cmp -s "$R3/sy.yaml" "$R3/sy2.yaml"


# ---- a control character in an EPD record is a blank (as in Popeye input): the
# claimed move "Re8+nichtpu^Olizierte" is two words, a claim mismatch, and no
# raw control character reaches the output or the claim (found by fuzz_popeye)
printf '6k1/5ppp/8/8/8/8/8/4R1K1 w - - dm 1; bm Re8+nichtpu\017lizierteoption; id "A\001B";\n' > "$R3/ctl.epd"
expect "EPD control character: a blank between two words" 1 "the solution's word 'lizierteoption!' is not a move" -- verify "$R3/ctl.epd"
"$MAAT" convert "$R3/ctl.epd" -o "$R3/ctl.yaml" 2>/dev/null
check "EPD control character: a blank in the claim and the title written" sh -c \
	"grep -qF '1.Re8+nichtpu! 1.lizierteoption!' '$R3/ctl.yaml' && grep -qF 'Title: A B' '$R3/ctl.yaml'"

rm -rf "$R3"
