# maat verify --explain: for an unsound problem, each cook's line of play,
# the short solution's line, the refutations of a key the file names but
# that fails (the defences that would have to be stopped), and for a claim
# mismatch the line where the file goes wrong and what is true there.
# Whole outputs are compared (sourced by tests/cli.sh).
V=tests/verdicts

expect_exact "explain: sound, nothing to add" 0 -- verify --explain $V/sound.yaml <<'END'
tests/verdicts/sound.yaml: sound  #2  1.Be7-g5!
1 puzzle: 1 sound
END

expect_exact "explain: cooked, the cook's line" 1 -- verify --explain $V/cooked.yaml <<'END'
tests/verdicts/cooked.yaml: cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
  the file's key: 1.Be7-g5
  cook 1.Sb2-d3+! (wins in 2):
      1.Sb2-d3+! Ke5-f5 2.Rc7-c5#
1 puzzle: 1 cooked
END

expect_exact "explain: cooked, no key named: every key's line" 1 -- verify --explain $V/cooked-unclaimed.yaml <<'END'
tests/verdicts/cooked-unclaimed.yaml: cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
  key 1.Be7-g5! (wins in 2):
      1.Be7-g5! zugzwang.
          1...Ke5-d6 2.Bg5-f4#
          1...Ke5-f5 2.Rc7-c5#
  key 1.Sb2-d3+! (wins in 2):
      1.Sb2-d3+! Ke5-f5 2.Rc7-c5#
1 puzzle: 1 cooked
END

expect_exact "explain: cooked, the file's key fails" 1 -- verify --explain $V/cooked-claim-fails.yaml <<'END'
tests/verdicts/cooked-claim-fails.yaml: cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
  the file's key 1.Rc7-c5+ does not win in 2; the defence that would have to be stopped: 1...Ke5-f4!
  key 1.Be7-g5! (wins in 2):
      1.Be7-g5! zugzwang.
          1...Ke5-d6 2.Bg5-f4#
          1...Ke5-f5 2.Rc7-c5#
  key 1.Sb2-d3+! (wins in 2):
      1.Sb2-d3+! Ke5-f5 2.Rc7-c5#
1 puzzle: 1 cooked
END

expect_exact "explain: short, the short line" 1 -- verify --explain $V/short.yaml <<'END'
tests/verdicts/short.yaml: short  #3: 1.Be7-g5! wins in 2, fewer than 3
  short solution 1.Be7-g5! (wins in 2):
      1.Be7-g5! (short: wins in 2) zugzwang.
          1...Ke5-d6 2.Bg5-f4#
          1...Ke5-f5 2.Rc7-c5#
1 puzzle: 1 short
END

expect_exact "explain: no solution, the nearest tries" 1 -- verify --explain $V/no-solution.yaml <<'END'
tests/verdicts/no-solution.yaml: no solution  #1: no first move wins in 1
  the nearest tries:
      1.Rc7-c4? but 1...Ke5-f5!
      1.Rc7-c5+? but 1...Ke5-f4!
1 puzzle: 1 no solution
END

expect_exact "explain: no solution, the file's key refuted" 1 -- verify --explain $V/no-solution-intended.yaml <<'END'
tests/verdicts/no-solution-intended.yaml: no solution  #1: no first move wins in 1
  the file's key 1.Rc7-c5+ does not win in 1; the defence that would have to be stopped: 1...Ke5-f4!
1 puzzle: 1 no solution
END

expect_exact "explain: claim, a key that fails" 1 -- verify --explain $V/claim-wrong-key.yaml <<'END'
tests/verdicts/claim-wrong-key.yaml: claim mismatch  #2: the file's key 1.Rc7-c5+ does not win in 2: 1...Ke5-f4 refutes it; the key is 1.Be7-g5
  the file's key 1.Rc7-c5+ does not win in 2; the defence that would have to be stopped: 1...Ke5-f4!
  key 1.Be7-g5! (wins in 2):
      1.Be7-g5! zugzwang.
          1...Ke5-d6 2.Bg5-f4#
          1...Ke5-f5 2.Rc7-c5#
1 puzzle: 1 claim mismatch
END

expect_exact "explain: claim, a continuation that fails" 1 -- verify --explain $V/claim-wrong-continuation.yaml <<'END'
tests/verdicts/claim-wrong-continuation.yaml: claim mismatch  #2: after 1.Be7-g5 Ke5-f5 the file gives 2.Bg5-f4#, which does not win in the 1 move left; 2.Rc7-c5# does
  the file's line: 1.Be7-g5 Ke5-f5 2.Bg5-f4 (does not win in the moves left)
  the truth: what wins there is 2.Rc7-c5# (in 1)
1 puzzle: 1 claim mismatch
END

expect_exact "explain: claim, a refutation that does not refute" 1 -- verify --explain $V/claim-not-refutation.yaml <<'END'
tests/verdicts/claim-not-refutation.yaml: claim mismatch  #2: the file's refutation 1...Ke5-d6 does not refute 1.Be7-h4: 2.Bh4-g3# still wins; the refutation is 1...Ke5-f4
  the file's line: 1.Be7-h4 Ke5-d6 (given as the refutation)
  the truth: what wins there is 2.Bh4-g3# (in 1)
1 puzzle: 1 claim mismatch
END

expect_exact "explain: claim, a try that wins" 1 -- verify --explain $V/claim-try-wins.yaml <<'END'
tests/verdicts/claim-try-wins.yaml: claim mismatch  #2: the file gives 1.Be7-g5 as a try, but it wins in 2: it is a key
  the file's try 1.Be7-g5? wins in 2: it is a key
  key 1.Be7-g5! (wins in 2):
      1.Be7-g5! zugzwang.
          1...Ke5-d6 2.Bg5-f4#
          1...Ke5-f5 2.Rc7-c5#
1 puzzle: 1 claim mismatch
END

expect_exact "explain: claim, an illegal move" 1 -- verify --explain $V/claim-illegal.yaml <<'END'
tests/verdicts/claim-illegal.yaml: claim mismatch  #2: after 1.Rc7-c4 the file's 1...Ke5-d6 is not a legal move there; the moves there: Ke5-f5
  the file's line: 1.Rc7-c4 Ke5-d6 (not a legal move)
  the truth: the legal move there is 1...Ke5-f5
1 puzzle: 1 claim mismatch
END

expect_exact "explain: twins, each explained" 1 -- verify --explain $V/twins-cooked.yaml $V/twins-claim.yaml <<'END'
tests/verdicts/twins-cooked.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-cooked.yaml twin b): cooked  #2: 2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)
  the file's key: 1.Be7-g5
  cook 1.Sb2-d3+! (wins in 2):
      1.Sb2-d3+! Ke5-f5 2.Rc7-c5#
tests/verdicts/twins-cooked.yaml twin c): sound  #2  1.Kf2-e3!
tests/verdicts/twins-claim.yaml twin a): sound  #2  1.Be7-g5!
tests/verdicts/twins-claim.yaml twin b): sound  #2  1.Kf2-e3!
tests/verdicts/twins-claim.yaml twin c): claim mismatch  #2: the file's key 1.Kc3-d3 does not win in 2: 1...Ke5-f4 refutes it; the key is 1.Rc7-c4
  the file's key 1.Kc3-d3 does not win in 2; the defence that would have to be stopped: 1...Ke5-f4!
  key 1.Rc7-c4! (wins in 2):
      1.Rc7-c4! zugzwang. Ke5-d5 2.Rc4-c5#
6 puzzles: 4 sound, 1 cooked, 1 claim mismatch
END

expect_stable "explain: json, cooked" 1 -- verify --explain --json --no-time --tries 0 $V/cooked.yaml <<'END'
{"file":"tests/verdicts/cooked.yaml","index":1,"line":2,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/1N6/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"cooked","reason":"2 keys: 1.Be7-g5! (wins in 2), 1.Sb2-d3+! (wins in 2)","warnings":[],"keys":{"e7g5":2,"b2d3":2},"cooks":["b2d3"],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]},{"move":"b2d3","text":"Sb2-d3+","wins_in":2,"threats":[],"defences":[{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"explain":{"intended":"e7g5","intended_is_key":true,"named":[{"move":"e7g5","text":"1.Be7-g5"}],"lines":[{"role":"cook","key":"b2d3","wins_in":2,"tree":{"move":"b2d3","text":"Sb2-d3+","wins_in":2,"threats":[],"defences":[{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}}],"mismatch":null,"complete":true},"timeout":false}
END

expect_stable "explain: json, claim mismatch" 1 -- verify --explain --json --no-time --tries 0 $V/claim-wrong-key.yaml $V/claim-wrong-continuation.yaml <<'END'
{"file":"tests/verdicts/claim-wrong-key.yaml","index":1,"line":2,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/8/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"claim mismatch","reason":"the file's key 1.Rc7-c5+ does not win in 2: 1...Ke5-f4 refutes it; the key is 1.Be7-g5","warnings":[],"keys":{"e7g5":2},"cooks":[],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"explain":{"intended":"c7c5","intended_is_key":false,"named":[{"move":"c7c5","text":"1.Rc7-c5+"}],"refutations":[{"move":"e5f4","text":"1...Ke5-f4"}],"more_refutations":0,"lines":[{"role":"key","key":"e7g5","wins_in":2,"tree":{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}}],"mismatch":{"kind":"key fails","line":"","given":"1.Rc7-c5+","truth_kind":"keys","truth":[{"move":"e7g5","text":"1.Be7-g5!","wins_in":2}],"more":0},"complete":true},"timeout":false}
{"file":"tests/verdicts/claim-wrong-continuation.yaml","index":1,"line":3,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/8/8 w - - 0 1","stipulation":"#2","play":"direct","verdict":"claim mismatch","reason":"after 1.Be7-g5 Ke5-f5 the file gives 2.Bg5-f4#, which does not win in the 1 move left; 2.Rc7-c5# does","warnings":[],"keys":{"e7g5":2},"cooks":[],"short_solutions":[],"tries":[],"duals":0,"last_move_duals":0,"tree":[{"move":"e7g5","text":"Be7-g5","wins_in":2,"zugzwang":true,"threats":[],"defences":[{"move":"e5d6","text":"Ke5-d6","continuations":[{"move":"g5f4","text":"Bg5-f4#","wins_in":1,"threats":[],"defences":[]}]},{"move":"e5f5","text":"Ke5-f5","continuations":[{"move":"c7c5","text":"Rc7-c5#","wins_in":1,"threats":[],"defences":[]}]}]}],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"explain":{"intended":"e7g5","intended_is_key":true,"named":[{"move":"e7g5","text":"1.Be7-g5"}],"lines":[],"mismatch":{"kind":"continuation fails","line":"1.Be7-g5 Ke5-f5","given":"2.Bg5-f4","truth_kind":"continuations","truth":[{"move":"c7c5","text":"2.Rc7-c5#","wins_in":1}],"more":0},"complete":true},"timeout":false}
END

expect_stable "explain: json, no solution" 1 -- verify --explain --json --no-time $V/no-solution-intended.yaml <<'END'
{"file":"tests/verdicts/no-solution-intended.yaml","index":1,"line":2,"game":"chess","position":"8/2R1BB2/8/4k3/8/2K2P2/8/8 w - - 0 1","stipulation":"#1","play":"direct","verdict":"no solution","reason":"no first move wins in 1","warnings":[],"keys":{},"cooks":[],"short_solutions":[],"tries":[{"move":"c7c4","refutations":["e5f5"],"tree":{"move":"c7c4","text":"Rc7-c4","wins_in":1,"threats":[],"defences":[{"move":"e5f5","text":"Ke5-f5","refutes":true,"continuations":[]}]}},{"move":"c7c5","refutations":["e5f4"],"tree":{"move":"c7c5","text":"Rc7-c5+","wins_in":1,"threats":[],"defences":[{"move":"e5f4","text":"Ke5-f4","refutes":true,"continuations":[]}]}}],"duals":0,"last_move_duals":0,"tree":[],"set_play":{},"set_play_tree":null,"must_win":[],"must_win_texts":[],"truncated":false,"explain":{"intended":"c7c5","intended_is_key":false,"named":[{"move":"c7c5","text":"1.Rc7-c5+"}],"refutations":[{"move":"e5f4","text":"1...Ke5-f4"}],"more_refutations":0,"lines":[],"mismatch":null,"complete":true},"timeout":false}
END
