# maat verify: one verdict per broken copy in tests/verdicts/, exit status
# 0 (all sound, unsupported allowed), 1 (something unsound), 2 (input error);
# the bundled collection (sourced by tests/cli.sh).
V=tests/verdicts

# ---- verdicts
expect "verify: sound" 0 "sound  #2  1.Be7-g5!" -- verify $V/sound.yaml
expect "verify: cooked, two keys" 1 "cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)" \
	-- verify $V/cooked.yaml
expect "verify: short" 1 "short  #3: 1.Be7-g5! wins in 2, fewer than 3" -- verify $V/short.yaml
expect "verify: no solution" 1 "no solution  #1: no first move wins in 1" -- verify $V/no-solution.yaml
expect "verify: claim, wrong key" 1 \
	"claim mismatch  #2: the file's key 1.Rc7-c5+ does not win in 2: 1...Ke5-f4 refutes it; the key is 1.Be7-g5" \
	-- verify $V/claim-wrong-key.yaml
expect "verify: claim, wrong continuation" 1 \
	"claim mismatch  #2: after 1.Be7-g5 Ke5-f5 the file gives 2.Bg5-f4#, which does not win in the 1 move left; 2.Rc7-c5# does" \
	-- verify $V/claim-wrong-continuation.yaml

# ---- unsupported: reported, not a failure
expect "verify: help play (S2)" 0 "sound  h#2  1 solution" \
	-- verify $V/help-sound.yaml
expect "verify: help play, the solution (S2)" 0 "1.Ke5-f4 Be7-g5+ 2.Kf4-f5 Rc7-c5#" \
	-- verify --solution $V/help-sound.yaml
expect "verify: unsupported fairy piece" 0 "unsupported  #2: fairy piece 'N' (nightrider) at b7 in algebraic.black" \
	-- verify $V/unsupported-nightrider.yaml
expect "verify: unsupported fairy condition" 0 "unsupported  #2: fairy condition 'Circe' is not supported" \
	-- verify $V/unsupported-condition.yaml
expect "verify: unsupported twin" 0 \
	"twin b): unsupported  #2: twinning 'Condition Circe' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)" \
	-- verify $V/unsupported-twins.yaml
expect "verify: unsupported stipulation" 0 "unsupported: parry-series play (pser-h#3) is not supported" \
	-- verify $V/unsupported-series.yaml
# O1: a pawn on rank 1 or 8, which Popeye keeps there, never moving:
# what maat does not play, not the file's error
expect "verify: pawn on rank 1 (O1)" 0 \
	"unsupported  #2: white pawn on f1: a pawn on rank 1 or 8 is not supported (no chess game has one, FIDE 3.7; Popeye's never moves or checks)" \
	-- verify $V/unsupported-pawn-rank1.yaml
expect "verify: pawn on rank 8 (O1)" 0 \
	"unsupported  #2: white pawn on b8: a pawn on rank 1 or 8 is not supported" \
	-- verify $V/unsupported-pawn-rank8.yaml

# ---- input errors: file:line:column and what is wrong
expect "verify: malformed yaml" 2 "$V/error-yaml.yaml:5:8: did not find expected ',' or ']'" \
	-- verify $V/error-yaml.yaml
expect "verify: unknown game" 2 "$V/error-game.yaml:3:7: unknown game 'go' (games: chess, morok, upuaut, tavlei)" \
	-- verify $V/error-game.yaml
expect "verify: malformed stipulation" 2 "$V/error-stip.yaml:6:14: stipulation: malformed stipulation 'mate in two'" \
	-- verify $V/error-stip.yaml
expect "verify: N = 0" 2 "$V/error-n0.yaml:6:14: stipulation: N must be from 1 to 60 in '#0'" \
	-- verify $V/error-n0.yaml
expect "verify: N = 61" 2 "$V/error-n61.yaml:6:14: stipulation: N must be from 1 to 60 in 'win in 61'" \
	-- verify $V/error-n61.yaml
expect "verify: two white kings" 2 "$V/error-two-kings.yaml:3:1: position: white has 2 kings" \
	-- verify $V/error-two-kings.yaml
expect "verify: two black pharaohs (upuaut)" 2 "$V/error-two-kings-upuaut.yaml:4:1: position: black has 2 kings" \
	-- verify $V/error-two-kings-upuaut.yaml
expect "verify: side not to move in check" 2 "$V/error-check.yaml:4:1: position: the side to move can capture the king" \
	-- verify $V/error-check.yaml
expect "verify: side not to move in check (upuaut)" 2 \
	"$V/error-check-upuaut.yaml:6:1: position: black king on c6 is in check with white to move" \
	-- verify $V/error-check-upuaut.yaml
expect "verify: attacker on the throne" 2 \
	"$V/error-throne.yaml:4:1: position: attacker on throne e5: only the king may stand there" \
	-- verify $V/error-throne.yaml
expect "verify: defender on a corner" 2 \
	"$V/error-corner.yaml:5:1: position: defender on corner a9: only the king may stand there" \
	-- verify $V/error-corner.yaml
expect "verify: unknown board letter" 2 "$V/error-piece-letter.yaml:9:15: unknown piece letter 'Z' on g3 (Orthodox chess has K Q R B N P k q r b n p)" \
	-- verify $V/error-piece-letter.yaml
expect "verify: no queen in upuaut" 2 \
	"$V/error-piece-upuaut.yaml:5:16: unknown piece letter 'Q' in algebraic.white (no such piece in upuaut)" \
	-- verify $V/error-piece-upuaut.yaml
expect "verify: board line too long" 2 "$V/error-board-long.yaml:7:19: rank 5 has 9 squares, expected 8" \
	-- verify $V/error-board-long.yaml
expect "verify: no position" 2 "$V/error-no-position.yaml:2:1: no position (give algebraic:, fen:, otn: or board:)" \
	-- verify $V/error-no-position.yaml

# ---- batches: every puzzle judged, the worst outcome decides the status
expect "verify: collection goes on after errors" 2 \
	"6 puzzles: 3 sound, 1 cooked, 1 short, 1 error" -- verify $V/mixed.yaml
expect "verify: collection, puzzle after the error" 2 \
	"mixed.yaml#6: short  win in 2  \"Short morok\": 1.Kb4-c3! wins in 1, fewer than 2" -- verify $V/mixed.yaml
expect "verify: yaml error mid-collection, puzzles before it verified" 2 \
	"error-yaml-late.yaml#1: sound  #2  \"Before the error\"  1.Be7-g5!" -- verify $V/error-yaml-late.yaml
expect "verify: yaml error mid-collection, summary" 2 "2 puzzles: 1 sound, 1 error" \
	-- verify $V/error-yaml-late.yaml
expect "verify: next file after a file with an error" 2 "tests/verdicts/sound.yaml: sound  #2  1.Be7-g5!" \
	-- verify $V/error-yaml.yaml $V/sound.yaml
expect "verify: every kind of input error in one run, each reported" 2 \
	"8 puzzles: 8 errors" -- verify $V/error-yaml.yaml $V/error-game.yaml $V/error-stip.yaml $V/error-n0.yaml \
	$V/error-n61.yaml $V/error-two-kings.yaml $V/error-check-upuaut.yaml $V/error-corner.yaml
expect "verify: sound and unsupported is success" 0 "3 puzzles: 2 sound, 1 unsupported" \
	-- verify $V/sound.yaml $V/unsupported-twins.yaml
expect "verify: unsound without errors is 1" 1 "2 puzzles: 1 sound, 1 short" -- verify $V/sound.yaml $V/short.yaml
expect "verify: json verdict" 1 '"verdict":"cooked"' -- verify --json $V/cooked.yaml

# ---- the bundled collection is all sound
expect "verify: puzzles/ all sound" 0 "sound" -- verify puzzles/

# ---- --format: the writers by name
expect "verify: --format popeye, Popeye's text" 0 "   1.Se8-g7 ! zugzwang." -- verify --format popeye puzzles/chess/baird-1893-bcm.yaml
pout=$("$MAAT" verify --format popeye puzzles/chess/baird-1893-bcm.yaml 2>&1)
check "verify: --format popeye, its end line and no summary line" sh -c "
	printf '%s\n' \"\$1\" | tail -1 | grep -qx 'solution finished.' && ! printf '%s' \"\$1\" | grep -q 'puzzle'" - "$pout"
expect "verify: --format json is --json" 0 '"verdict":"sound"' -- verify --format json puzzles/chess/baird-1893-bcm.yaml
expect "verify: --format unknown" 2 "maat: --format: unknown format 'yaml' (formats: text, json, popeye, magazine)" -- verify --format yaml puzzles/chess/baird-1893-bcm.yaml
expect "verify: --json and --format popeye" 2 "give one of them" -- verify --json --format popeye puzzles/chess/baird-1893-bcm.yaml

# ---- -j: a single long problem deals its first moves out to the threads
# (pylong-derived-003 of the corpus as #8, with tries and the tree): the
# same output with one thread and two (but the node count, the threads'
# sum), and the same node count in every run with two
JT=$(mktemp -d)
echo '2b2b2/8/6rr/3p3p/3k2P1/1PpNp3/4P1B1/1N2K3 w - - 0 1' >"$JT/deep.fen"
for run in j1 j2 j2again; do
	jobs=${run#j}
	"$MAAT" verify -j "${jobs%again}" --json --no-time --stip '#8' "$JT/deep.fen" >"$JT/$run" 2>&1
done
check "verify -j 2: a long problem splits (other nodes)" test "$(grep -o '"nodes":[0-9]*' "$JT/j1")" != \
	"$(grep -o '"nodes":[0-9]*' "$JT/j2")"
check "verify -j 2: the same answer as -j 1" test "$(sed 's/,"nodes":[0-9]*//' "$JT/j1")" = \
	"$(sed 's/,"nodes":[0-9]*//' "$JT/j2")"
check "verify -j 2: the same output in every run" cmp -s "$JT/j2" "$JT/j2again"
check "verify -j 2: tries found" grep -q '"tries":\[{"move":"b1a3","refutations":\["f8a3"\]' "$JT/j2"
rm -rf "$JT"

# Popeye's option EnPassant as Olive and YACPDB keep it (Olive's chest_test.olv #13);
# a square off the board is an error at it (issue 23, item 1: arguments checked)
expect_exact "verify: option EnPassant gives the en passant square" 2 -- verify tests/verdicts/enpassant-option.yaml <<'END'
tests/verdicts/enpassant-option.yaml#1: sound  #2  1.g5xf6 ep.!
tests/verdicts/enpassant-option.yaml#2: sound  #2  1.g5xf6 ep.!
tests/verdicts/enpassant-option.yaml:21:21: options: EnPassant needs squares (as 'a1h1'), got 'f9'
tests/verdicts/enpassant-option.yaml#3: error
3 puzzles: 2 sound, 1 error
END

# ---- help play with duals (issue 24 part 4): never sound with the lines
# hidden behind YACPDB's count of first moves
expect_exact "verify: S9 duals, more lines after the first moves than intended" 1 -- verify $V/help-duals.yaml <<'END'
tests/verdicts/help-duals.yaml twin a): duals  h#1: 2 lines after 1 first move, 1 intended: 1.h7-h6 Rd1-d8#; 1.h7-h6 Re1-e8#
tests/verdicts/help-duals.yaml twin b): duals  h#1: 2 lines after 1 first move, 1 intended: 1.h7-h6 Rd1-d8#; 1.h7-h6 Re1-e8#
tests/verdicts/help-duals.yaml twin c): sound  h#1  1 solution
3 puzzles: 1 sound, 2 duals
END
expect "verify: S9 duals in JSON, verdict and reason" 1 '"verdict":"duals","reason":"2 lines after 1 first move, 1 intended: ' \
	-- verify --json $V/help-duals.yaml
expect "solve: S9 duals, exit status 1" 1 "duals  h#1: 2 lines after 1 first move" -- solve $V/help-duals.yaml
expect "verify: S9 --count lines, every line a solution: cooked" 1 \
	"twin a): cooked  h#1: 2 solutions (lines), 1 intended: 1.h7-h6 Rd1-d8#; 1.h7-h6 Re1-e8#" \
	-- verify --count lines $V/help-duals.yaml
expect "verify: S9 --count first-moves is the default" 1 "twin b): duals  h#1: 2 lines" \
	-- verify --count first-moves $V/help-duals.yaml
expect "verify: S9 --count takes first-moves or lines" 2 "--count" -- verify --count all $V/help-duals.yaml
expect "verify: S9 the lines the file intends (1.2): sound" 0 "sound  h#1  2 solutions (with duals)" \
	-- verify $V/help-duals-intended.yaml
expect "verify: S9 --count lines, the intended shape's two lines: sound" 0 "sound  h#1  2 solutions" \
	-- verify --count lines $V/help-duals-intended.yaml
