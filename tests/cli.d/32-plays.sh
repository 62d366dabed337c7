# Help, self, reflex and series play (rules S2, S3, S6-S9; maat(1) STIPULATIONS).

# S2: every solution, numbered as Popeye numbers it (Popeye's corpus py-hs-o-0002)
H2="8/8/Kp3p2/p1B1pP2/1r1NPpq1/1rk2p2/1p1p4/1B6 b - - 0 1"
expect "plays: h#2, its solution" 0 "1.Rb4-c4 Bc5-b4+ 2.a5xb4 Sd4-b5#" \
	-- solve --game chess --position "$H2" --stip "h#2"
expect "plays: h#2, JSON solutions" 0 '"solutions":[["b4c4","c5b4","a5b4","d4b5"]],"solution_texts":["1.Rb4-c4 Bc5-b4+ 2.a5xb4 Sd4-b5#"],"count":1' \
	-- solve --json --game chess --position "$H2" --stip "h#2"
# the set play's lines with their text too (issue 24: marks in every writer)
expect "plays: h#2, JSON set play texts" 0 '"set_play":[["g4e2","e8c8","e2a6"]],"set_play_texts":["1...Bg4-e2 2.0-0-0 Be2-a6#"]' \
	-- solve --json --set-play --game chess --position "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1" --stip "h#2"
expect "plays: h#2 with White to move is an error" 2 \
	"position: in h#2 Black moves first (Popeye's convention: White is the winning side), but the position has White to move" \
	-- solve --game chess --position "8/8/Kp3p2/p1B1pP2/1r1NPpq1/1rk2p2/1p1p4/1B6 w - - 0 1" --stip "h#2"
# S8: help set play, one half-move shorter (Popeye's BEISPIEL/castling.inp 20, Kardos 1961)
expect "plays: h#2 set play" 0 "1...Bg4-e2 2.0-0-0 Be2-a6# {set play}" \
	-- solve --set-play --game chess --position "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1" --stip "h#2"
# the Popeye writer replays set play after the pass (it made 1...Bg4-e2 for
# Black: a piece index of -3, UBSan in the sanitizer pass of these tests)
expect "plays: h#2 set play, Popeye's text" 0 "  1...Bg4-e2   2.0-0-0 Be2-a6 #" \
	-- solve --set-play --format popeye --game chess --position "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1" --stip "h#2"
# S8: set play of direct play (Popeye's TESTS/battle_play.inp "#2 with setplay")
expect "plays: #2 set play" 0 "1...Kb8-a8 2.Rc6-c8#" \
	-- solve --set-play --tries 0 --game chess --position "1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1" --stip "#2"
# S3: self-mate (Popeye's corpus py-hs-o-0218, Avner 1981)
expect "plays: s#3 key" 0 "sound  s#3  1.Qb3-c2!" \
	-- solve --tries 0 --game chess --position "8/R4PpP/5kp1/PP1R2N1/Kp3P1B/bQ4P1/rr1p4/nn1b1N1B w - - 0 1" --stip "s#3"
# S6: reflex play, the solving side must mate at once: no key (Popeye's TESTS/battle_play.inp 38)
expect "plays: r#2, White must mate at once" 1 "no solution  r#2" \
	-- solve --game chess --position "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1" --stip "r#2"
# ... and the mate it must play, as Popeye prints it (REGRESSIONTESTS/battle_play.tst:
# "   1.Bg7-f8 # ?!?" for r#1, r#2 and r#3), in the reason, the text and JSON
expect "plays: r#3, the mate White must play, Popeye's text" 1 "   1.Bg7-f8 # ?!?" \
	-- solve --format popeye --game chess --position "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1" --stip "r#3"
expect "plays: r#1, the mate White must play in the reason" 1 "r#1: the solving side must win at once (S6): 1.Bg7-f8#" \
	-- solve --game chess --position "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1" --stip "r#1"
expect "plays: r#2, the mate White must play in JSON" 1 '"must_win_texts":["1.Bg7-f8#"]' \
	-- solve --format json --game chess --position "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1" --stip "r#2"
# S7: series mover, a short solution (Popeye's corpus py-hs-o-0312)
expect "plays: ser-#3 short" 1 "short  ser-#3: 1 short solution: 1.g2-g4 2.g4-g5#" \
	-- solve --game chess --position "8/6pp/6pk/8/7K/8/6P1/8 w - - 0 1" --stip "ser-#3"
# every game in words
expect "plays: Upuaut help-win" 0 "help-win in 2" \
	-- solve --game upuaut --position "5/1Bk2/4B/3Kb/5/5 b" --stip "help-win in 2"
expect "plays: Morok series (S7)" 0 "1.Ra1-a8 2.Ra8xe8#" \
	-- solve --game morok --position "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" --stip "series-win in 2"

# Popeye's option WhiteToPlay: h#3 with White first is h#2.5, in YAML and in
# Popeye's input (as Popeye 4.103 solves and prints it); elsewhere ignored
# with a warning, as Popeye ignores it
WD=$(mktemp -d /tmp/maat-wtp.XXXXXX)
cat >"$WD/wtp.yaml" <<'END'
---
algebraic:
  white: [Kb6, Re5, Pb3]
  black: [Kc3]
stipulation: "h#3"
options: [WhiteToPlay]
---
algebraic:
  white: [Kb6, Re5, Pb3]
  black: [Kc3]
stipulation: "#3"
options: [WhiteToPlay]
twins: {b: "Stipulation h#2"}
END
printf 'BeginProblem\nOption WhiteToPlay\nPieces White Kb6 Re5 Pb3 Black Kc3\nStipulation h#3\nTwin Stipulation h#2\nEndProblem\n' >"$WD/wtp.inp"
expect "plays: WhiteToPlay, YAML h#3 is h#2.5" 1 \
	"wtp.yaml#1: sound  h#2.5  1 solution
1...Kb6-c6 2.Kc3-b4 Re5-e4+ 3.Kb4-a5 Re4-a4#" -- verify --solution "$WD/wtp.yaml"
expect "plays: WhiteToPlay, not applicable in #3" 1 \
	"wtp.yaml:11:14: option WhiteToPlay applies to help play in whole moves (h#N): ignored, as Popeye does" \
	-- verify "$WD/wtp.yaml"
expect "plays: WhiteToPlay, a twin's stipulation too" 1 "twin b): no solution  h#1.5" \
	-- verify "$WD/wtp.yaml"
expect "plays: WhiteToPlay, Popeye input" 1 \
	"wtp.inp:1 twin a): sound  h#2.5  1 solution" -- verify "$WD/wtp.inp"
expect "plays: WhiteToPlay, Popeye input twin" 1 "wtp.inp:1 twin b): no solution  h#1.5" \
	-- verify "$WD/wtp.inp"
rm -rf "$WD"

# Duplex and HalfDuplex in YAML, as in Popeye's input (duplex.c): the duplex
# part is a problem of its own with the other side starting; Popeye 4.103
# gives the same two solutions (Mueller/Lins, Die Schwalbe 1986, corpus
# py-hs-o-0149, with WhiteToPlay: h#3 read as h#2.5)
WD=$(mktemp -d /tmp/maat-duplex.XXXXXX)
cat >"$WD/dup.yaml" <<'END'
---
algebraic:
  white: [Ke3, Bh4, Bf1, Ph2]
  black: [Kh5, Rf4, Se7, Pd6, Pd5, Ph3]
stipulation: "h#3"
options: [WhiteToPlay, Duplex]
---
algebraic:
  white: [Ke3, Bh4, Bf1, Ph2]
  black: [Kh5, Rf4, Se7, Pd6, Pd5, Ph3]
stipulation: "h#2.5"
options: [HalfDuplex]
---
algebraic:
  white: [Ke3]
  black: [Kh5]
stipulation: "h#2"
options: [Duplex, HalfDuplex]
END
expect_exact "plays: Duplex and HalfDuplex in YAML" 2 -- verify --solution "$WD/dup.yaml" <<END
$WD/dup.yaml#1 twin a): sound  h#2.5  1 solution
1...Bh4xe7 2.Rf4-f6 Bf1-e2+ 3.Kh5-h4 Be7xf6#
$WD/dup.yaml#1 twin a) duplex: sound  h#2.5  1 solution
1...Rf4xf1 2.Bh4-f2 Se7-f5+ 3.Ke3-f4 Rf1xf2#
$WD/dup.yaml#2: sound  h#2.5  1 solution
1...Rf4xf1 2.Bh4-f2 Se7-f5+ 3.Ke3-f4 Rf1xf2#
$WD/dup.yaml:18:10: options: Duplex and HalfDuplex do not go together
$WD/dup.yaml#3: error
4 puzzles: 3 sound, 1 error
END
rm -rf "$WD"

# The stalemate goal in help and series play ('=': Popeye's BEISPIEL/hpint.inp,
# Bursac, 3601 Problemkiste 96, 10/1994, and Steudel, 3457 Problemkiste 93, 6/1994)
HS3="8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1"
expect "plays: h=3, its solution" 0 "1.b2-b1=R c7-c8=R 2.Rb1-b7 Rc8-h8 3.Rb7-h7 Rh8xh7=" \
	-- solve --game chess --position "$HS3" --stip "h=3"
expect "plays: h=3 in words" 0 "sound  help-stalemate in 3" \
	-- solve --game chess --position "$HS3" --stip "help-stalemate in 3"
expect "plays: h=3, Popeye's text" 0 "  1.b2-b1=R c7-c8=R   2.Rb1-b7 Rc8-h8   3.Rb7-h7 Rh8*h7 =" \
	-- solve --format popeye --game chess --position "$HS3" --stip "h=3"
expect "plays: h=3 is not h#3" 1 "cooked  h#3: 810 solutions" \
	-- solve --game chess --position "$HS3" --stip "h#3"
expect "plays: ser-h=5" 0 "1.Kg1xf1 2.Rg2-g1 3.g3-g2 4.Bh2-f4 5.Bf4-d2 Kd1xd2=" \
	-- solve --game chess --position "8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1" --stip "ser-h=5"
expect "plays: a claimed h=3 solution that is wrong" 1 "claim mismatch" \
	-- verify tests/verdicts/help-stalemate-wrong.yaml
# The stalemate goals in direct, self and reflex play, and the double
# stalemate '==' (Popeye's, maat(1) STIPULATIONS; positions of
# tests/data/popeye/goals.inp, as Popeye 4.103 solves them)
expect "plays: =2 (direct stalemate), a try and a short key" 1 \
	"1.Kb6-a5? threat: 2.Ka5-a6=" \
	-- solve --game chess --position "k7/p7/1K6/4Q3/8/8/8/8 w - - 0 1" --stip "=2"
expect "plays: s=2, the forced stalemate, each dual's too" 0 "        2.Qe7-d8+ Kc8xd8=" \
	-- solve --tries 0 --game chess --position "3k4/K7/8/1q6/8/n4q2/b7/4Q3 w - - 0 1" --stip "s=2"
expect_exact "plays: s=2 in Popeye's text leaves out the early stalemate" 0 -- \
	solve --tries 0 --format popeye --game chess --position "3k4/K7/8/1q6/8/n4q2/b7/4Q3 w - - 0 1" --stip "s=2" <<'END'

   1.Qe1-e7 + !
      1...Kd8-c8
          2.Qe7-d8 +
              2...Kc8*d8 =
          2.Qe7-c7 +
              2...Kc8*c7 =


solution finished.
END
expect "plays: r=2 in words, White must stalemate at once (S6)" 1 "no solution  reflex-stalemate in 2" \
	-- solve --game chess --position "k7/p7/1K6/4Q3/8/8/8/8 w - - 0 1" --stip "reflex-stalemate in 2"
DS="kb6/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK w - - 0 1"
expect "plays: ==1 (double stalemate)" 0 "sound  ==1  1.c5-c6==!" \
	-- solve --game chess --position "$DS" --stip "==1"
expect "plays: ==1, Popeye's text" 0 "   1.c5-c6 == !" \
	-- solve --format popeye --game chess --position "$DS" --stip "==1"
expect "plays: ==1, JSON" 0 '"text":"c5-c6=="' \
	-- solve --json --game chess --position "$DS" --stip "==1"
expect "plays: h==1.5 in words, short" 1 "1 short solution: 1...c5-c6==" \
	-- solve --game chess --position "$DS" --stip "help-double-stalemate in 1.5"
expect "plays: a stalemate that is not double" 1 "no solution  ==1" \
	-- solve --game chess --position "kb5N/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK w - - 0 1" --stip "==1"
expect "plays: Morok has no double stalemate" 0 \
	"Morok chess has no stalemate (a side without a move loses): ==2 is not a goal there" \
	-- solve --game morok --position "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" --stip "==2"
# Popeye's check and capture goals in help and series play (tests/data/popeye/goals.inp)
CX="k6n/p7/2K5/8/8/8/8/7R w - - 0 1"
expect "plays: ser-+1 (check goal)" 0 "sound  ser-+1  1 solution" \
	-- solve --game chess --position "$CX" --stip "ser-+1"
expect "plays: ser-x1, Popeye's text" 0 "  1.Rh1*h8 + x" \
	-- solve --format popeye --game chess --position "$CX" --stip "ser-x1"
expect "plays: hx1.5 in words, Black's pawn taken" 1 "1...Rh1xh7x" \
	-- solve --game chess --position "k7/7p/2K5/8/8/8/8/7R w - - 0 1" --stip "help-capture in 1.5"
expect "plays: sx2 is not supported" 0 \
	"the capture goal (sx2) is supported in help and series play, not in self play" \
	-- solve --game chess --position "$CX" --stip "sx2"
expect "plays: Morok has no check goal" 0 "Morok chess has no check: ser-+2 is not a goal there" \
	-- solve --game morok --position "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" --stip "ser-+2"
GD=$(mktemp -d /tmp/maat-goals.XXXXXX)
cat >"$GD/goals.yaml" <<'END'
---
algebraic:
  white: [Kh1, Bg1, Pf2, Pg3, Ph2, Pa6, Pb5, Pc5]
  black: [Ka8, Bb8, Pa7, Pb6, Pc7, Pf3, Pg4, Ph3]
stipulation: ==1
solution: "1.c5-c6 =="
---
algebraic:
  white: [Kh1, Bg1, Pf2, Pg3, Ph2, Pa6, Pb5, Pc5]
  black: [Ka8, Bb8, Pa7, Pb6, Pc7, Pf3, Pg4, Ph3]
stipulation: ==1
solution: "1.g3-h4 =="
---
algebraic:
  white: [Kb6, Qe5]
  black: [Ka8, Pa7]
stipulation: "=2"
solution: "1.Kb6-a6 ="
END
expect "plays: YAML ==1 with its claim" 1 "goals.yaml#1: sound  ==1" -- verify "$GD/goals.yaml"
expect "plays: YAML ==1, a wrong claim" 1 "goals.yaml#2: claim mismatch" -- verify "$GD/goals.yaml"
expect "plays: YAML =2, short" 1 "goals.yaml#3: short  =2" -- verify "$GD/goals.yaml"
rm -rf "$GD"
expect "plays: Upuaut has no stalemate" 0 \
	"Upuaut has no stalemate (a side without a move loses): help-stalemate in 2 is not a goal there" \
	-- solve --game upuaut --position "bbkbb/5/5/5/5/BBKBB b" --stip "help-stalemate in 2"

# Help-self play (Popeye's hs#; BEISPIEL/helpself.inp, Baecker, 3071 PK 83, 10/1992):
# Popeye's four solutions, each with Black's forced mate
HS="8/P1bP4/1pP1pp2/p3pP2/4K3/5P2/1PpkPPp1/R4B2 w - - 0 1"
expect "plays: hs#3, its four solutions" 1 "cooked  hs#3: 4 solutions, 1 intended" \
	-- solve --game chess --position "$HS" --stip "hs#3"
expect "plays: hs#3, a solution with the forced reply" 1 "1.a7-a8=Q g2xf1=B 2.Qa8-a6 Bf1xe2 3.Qa6-d3+ Be2xd3#" \
	-- solve --game chess --position "$HS" --stip "hs#3"
expect "plays: hs#3, Popeye's text" 1 "  1.a7-a8=S c2-c1=R   2.Sa8*b6 Rc1-c2   3.Sb6-c4 + Rc2*c4 #" \
	-- solve --format popeye --game chess --position "$HS" --stip "hs#3"
expect "plays: hs#3 has White start" 2 "in hs#3 White moves first (Popeye's convention: White is the solving side)" \
	-- solve --game chess --position "8/P1bP4/1pP1pp2/p3pP2/4K3/5P2/1PpkPPp1/R4B2 b - - 0 1" --stip "hs#3"
expect "plays: hs#3, Popeye's four solutions claimed" 0 "sound  hs#3  4 solutions" \
	-- verify tests/verdicts/help-self-sound.yaml

# Series-self play (Popeye's ser-s#; BEISPIEL/castling.inp, Ct. of Whitefield,
# 1933 PK 52, 10/1987: castling in the series)
expect "plays: ser-s#6" 0 "1.f2-f4 2.Sg1-f3 3.Bf1-e2 4.0-0 5.Kg1-h2 6.Sf3-d4+ Sh4-f3#" \
	-- solve --game chess --position "8/8/8/7r/6kn/8/5PP1/4KBNR w K - 0 1" --stip "ser-s#6"
expect "plays: ser-s#6, Popeye's text" 0 "  1.f2-f4   2.Sg1-f3   3.Bf1-e2   4.0-0   5.Kg1-h2   6.Sf3-d4 + Sh4-f3 #" \
	-- solve --format popeye --game chess --position "8/8/8/7r/6kn/8/5PP1/4KBNR w K - 0 1" --stip "ser-s#6"

# The castling goal (Popeye's 00; TESTS/series_play.inp ser-003, whose king
# may not take on e2 and come back: it has moved)
expect "plays: ser-003, Popeye's text" 0 "  1.Sb5-d4   2.Sd4*e2   3.0-0" \
	-- solve --format popeye --game chess --position "8/8/b7/1N6/k7/8/4p3/4K2R w K - 0 1" --stip "ser-003"
expect "plays: series-castling in words" 0 "sound  series-castling in 3  1 solution" \
	-- solve --game chess --position "8/8/b7/1N6/k7/8/4p3/4K2R w K - 0 1" --stip "series-castling in 3"
expect "plays: no castling in Upuaut" 0 \
	"Upuaut has no castling: series-castling in 1 is not a goal there" \
	-- solve --game upuaut --stip "series-castling in 1"
expect "plays: no castling goal in direct play" 0 \
	"the castling goal (castling in 1) is supported in help and series play, not in direct play" \
	-- solve --game chess --position "k7/8/8/8/8/8/8/4K2R w K - 0 1" --stip "castling in 1"

# ---- set play when the solution tree is already full (ANALYSIS_MAX_TREE): the
# set play gets no node and is left out, never read at index -1 (a crash
# before, found composing Tavlei win in 4, seed 44); every output format
for fmt in text json popeye magazine; do
	expect "plays: full tree and set play, $fmt" 0 "" -- solve --game tavlei \
		--position "/9/9/TTt6/TKT6/ttt6/5t3/9/9/9/ d" --stip "win in 4" --set-play --format $fmt
done
expect "plays: full tree and set play, the cut said" 0 "(solution tree cut at 20000 lines of play)" \
	-- solve --game tavlei --position "/9/9/TTt6/TKT6/ttt6/5t3/9/9/9/ d" --stip "win in 4" --set-play
