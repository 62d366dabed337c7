# Twins (YACPDB's twins: field): each twin is a problem of its own, with
# its own verdict line, keys and JSON object, counted in the summary;
# twinnings maat does not play are unsupported with the reason; malformed
# twins are errors with file:line:column.  Whole outputs are compared
# (sourced by tests/cli.sh).
V=tests/verdicts

expect_exact "twins: sound, continued, a claim per twin" 0 -- verify $V/twins-sound.yaml <<'END'
tests/verdicts/twins-sound.yaml twin a): sound  #2  "One position, four keys"  1.Be7-g5!
tests/verdicts/twins-sound.yaml twin b): sound  #2  "One position, four keys"  1.Kf2-e3!
tests/verdicts/twins-sound.yaml twin c): sound  #2  "One position, four keys"  1.Rc7-c4!
tests/verdicts/twins-sound.yaml twin d): sound  #2  "One position, four keys"  1.Ra7-a4!
4 puzzles: 4 sound
END

expect_exact "twins: in one string, as Popeye prints them" 0 -- verify $V/twins-printed.yaml <<'END'
tests/verdicts/twins-printed.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-printed.yaml twin b): sound  #2  1.Kf2-e3!
tests/verdicts/twins-printed.yaml twin c): sound  #2  1.Rc7-c4!
tests/verdicts/twins-printed.yaml twin d): sound  #2  1.Ra7-a4!
4 puzzles: 4 sound
END

expect_exact "twins: a cooked twin" 1 -- verify $V/twins-cooked.yaml <<'END'
tests/verdicts/twins-cooked.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-cooked.yaml twin b): cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
tests/verdicts/twins-cooked.yaml twin c): sound  #2  1.Kf2-e3!
3 puzzles: 2 sound, 1 cooked
END

expect_exact "twins: zero position" 0 -- verify $V/twins-zero.yaml <<'END'
tests/verdicts/twins-zero.yaml twin a): sound  #2  1.Kf2-e3!
tests/verdicts/twins-zero.yaml twin b): sound  #2  1.Rc7-c4!
2 puzzles: 2 sound
END

expect_exact "twins: unsupported twinnings" 0 -- verify $V/twins-unsupported.yaml <<'END'
tests/verdicts/twins-unsupported.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-unsupported.yaml twin b): unsupported  #2: twinning 'Condition Madrasi' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
tests/verdicts/twins-unsupported.yaml twin c): unsupported  #2: it continues twin b): twinning 'Condition Madrasi' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
tests/verdicts/twins-unsupported.yaml twin d): unsupported  #2: twinning 'Forsyth 8/8/8/8/8/8/8/8' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
tests/verdicts/twins-unsupported.yaml twin e): unsupported  #2: twinning 'Condition Circe' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
tests/verdicts/twins-unsupported.yaml twin f): unsupported  #2: semi-reflex play (semi-r#2) is not supported
tests/verdicts/twins-unsupported.yaml twin g): unsupported  #2: fairy piece 'G' is not supported (pieces: K Q R B S P, S is the knight)
7 puzzles: 1 sound, 6 unsupported
END

expect_exact "twins: malformed twins" 2 -- verify $V/error-twin.yaml <<'END'
tests/verdicts/error-twin.yaml#1 twin a): sound  #2  1.Be7-g5!
tests/verdicts/error-twin.yaml:9:11: twin b): Move: no piece on e4
tests/verdicts/error-twin.yaml#1 twin b): error
tests/verdicts/error-twin.yaml:10:6: twin c): unknown twinning 'Jump' (maat knows: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
tests/verdicts/error-twin.yaml#1 twin c): error
tests/verdicts/error-twin.yaml:11:14: twin d): Move needs two squares, as in 'Move a1 a2'
tests/verdicts/error-twin.yaml#1 twin d): error
tests/verdicts/error-twin.yaml:12:6: twin e): position: the side to move can capture the king
tests/verdicts/error-twin.yaml#1 twin e): error
tests/verdicts/error-twin.yaml:13:6: twin f) continues twin e), which has an error
tests/verdicts/error-twin.yaml#1 twin f): error
tests/verdicts/error-twin.yaml:20:3: twin label 'B' must be a letter a-z or z1, z2, ... (as in YACPDB)
tests/verdicts/error-twin.yaml#2: error
7 puzzles: 1 sound, 6 errors
END

expect_exact "twins: the summary counts every twin" 1 -- verify $V/sound.yaml $V/twins-cooked.yaml $V/unsupported-twins.yaml <<'END'
tests/verdicts/sound.yaml: sound  #2  1.Be7-g5!
tests/verdicts/twins-cooked.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-cooked.yaml twin b): cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
tests/verdicts/twins-cooked.yaml twin c): sound  #2  1.Kf2-e3!
tests/verdicts/unsupported-twins.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/unsupported-twins.yaml twin b): unsupported  #2: twinning 'Condition Circe' is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)
6 puzzles: 4 sound, 1 cooked, 1 unsupported
END

expect_exact "twins: a wrong claim in one twin" 1 -- verify $V/twins-claim.yaml <<'END'
tests/verdicts/twins-claim.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-claim.yaml twin b): sound  #2  1.Kf2-e3!
tests/verdicts/twins-claim.yaml twin c): claim mismatch  #2: the file's key 1.Kc3-d3 does not win in 2: 1...Ke5-f4 refutes it; the key is 1.Rc7-c4
3 puzzles: 2 sound, 1 claim mismatch
END

expect_stable "twins: json, one object per twin" 1 -- verify --json --no-time --tries 0 $V/twins-cooked.yaml <<'END'
{"file":"tests/verdicts/twins-cooked.yaml","index":1,"line":3,"twin":"a","twinning":"","continued":false,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/8/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"sound","warnings":[],"keys":{"e7g5":2},"cooks":[],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"timeout":false}
{"file":"tests/verdicts/twins-cooked.yaml","index":1,"line":3,"twin":"b","twinning":"Add white Sb2","continued":false,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/1N6/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"cooked","reason":"2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)","warnings":[],"keys":{"e7g5":2,"b2d3":2},"cooks":["b2d3"],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]},{"move":"b2d3","text":"Sb2-d3+","wins_in":2,"threats":[],"defences":[{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"timeout":false}
{"file":"tests/verdicts/twins-cooked.yaml","index":1,"line":3,"twin":"c","twinning":"Continued Remove b2 Move c3 f2","continued":true,"game":"chess","position":"8/2R1BB2/8/4k3/8/5P2/5K2/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"sound","warnings":[],"keys":{"f2e3":2},"cooks":[],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"f2e3","text":"Kf2-e3","wins_in":2,"threats":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}],"defences":[{"move":"e5f5","text":"Ke5-f5","covered":true,"continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"timeout":false}
END

expect_stable "twins: solve, each twin" 0 -- solve --no-time --tries 0 $V/twins-zero.yaml <<'END'
chess  8/2R1BB2/8/4k3/8/5P2/5K2/8 w - - 0 1  #2
tests/verdicts/twins-zero.yaml twin a): sound  #2  1.Kf2-e3!
1.Kf2-e3! threat: 2.Rc7-c5#
(N positions, 0.00 s)

chess  8/2RBB3/8/4k3/8/2K2P2/8/8 w - - 0 1  #2
tests/verdicts/twins-zero.yaml twin b): sound  #2  1.Rc7-c4!
1.Rc7-c4! zugzwang. Ke5-d5 2.Rc4-c5#
(N positions, 0.00 s)
END

expect_exact "twins: the collection's twin problem" 0 -- verify puzzles/chess/loyd-1859-charles-xii.yaml <<'END'
puzzles/chess/loyd-1859-charles-xii.yaml twin a): sound  #3  "Charles XII at Bender"  1.Rg7xg3!
puzzles/chess/loyd-1859-charles-xii.yaml twin b): sound  #4  "Charles XII at Bender"  1.h2xg3!
puzzles/chess/loyd-1859-charles-xii.yaml twin c): sound  #5  "Charles XII at Bender"  1.Rg7-b7!
3 puzzles: 3 sound
END

# the solution's twin labels (issue 23, item 19): a label named twice, or
# one for a problem the puzzle does not have, is a warning at the label
TL=$(mktemp -d /tmp/maat-labels.XXXXXX)
cat >"$TL/l.yaml" <<'END'
fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"
stipulation: "#1"
twins:
  b: Move a1 b1
solution: |
  a) 1.Ra1-a8#!
  b) 1.Rb1-b8#!
  b) 1.Rb1-b7?
  d) 1.Ra1-a8#!
END
expect "twins: a solution's label given twice is a warning at it" 0 \
	"$TL/l.yaml:8:3: solution: twin b) labelled a second time (first at 7:3): both parts are read as its solution" \
	-- verify "$TL/l.yaml"
expect "twins: a label for no problem of the puzzle is a warning at it" 0 \
	"$TL/l.yaml:9:3: solution: 'd)' labels no problem of this puzzle, whose problems are a) to b): the text after it is read with the label before it" \
	-- verify "$TL/l.yaml"
rm -rf "$TL"
