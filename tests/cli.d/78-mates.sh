# Popeye's double mate (##) and counter-mate (##!) in help, series and
# series-help play (issue 25 part 3): the last move leaves the mover's own
# king in check, both sides are in check and neither has a legal move (a
# move taking the other king counts as one); for ## the mover had a legal
# move, for ##! it was mated.  tests/data/popeye/mates.out is Popeye
# 4.104's output for mates.inp (`py -regression mates.inp`): TESTS/'s
# orthodox h##!2, h##2 and ser-##2, and problems written for maat (the
# king's capture counted, the order of the last moves, promotions, set
# play); maat's --format popeye text is the same for every problem.
LD=$(mktemp -d /tmp/maat-mates.XXXXXX)
. tests/popeye_compare.sh
same_problems "mates: ## and ##! as Popeye 4.104 (mates.inp)" \
	tests/data/popeye/mates.inp tests/data/popeye/mates.out
check "mates: every problem solved, 14 with lines (ser-##2 has none: stalemate)" \
	test "$(grep -c '^solution finished' "$LD/out")" = 15 -a \
	"$(grep -c '^  1\.' "$LD/out")" -ge 14
# in words, and in maat's text
expect "mates: help-counter-mate in 2" 0 "1.Rg7-g4 Bh7-b1 2.Qh8-c3+ Ka3-a2##!" \
	-- solve --game chess --position "7q/6rB/8/8/8/K7/8/k7 b - - 0 1" --stip "help-counter-mate in 2"
expect "mates: help-double-mate in 2" 0 "1.Kg4-h3 Ke4-f3 2.g5-g4+ Kf3xg2##" \
	-- solve --game chess --position "8/8/8/6p1/4K1kN/6P1/4p1pq/7R b - - 0 1" --stip "help-double-mate in 2"
# what maat does not play, named with the reason
expect "mates: ser-h##! needs a check by the series (S7)" 0 \
	"unsupported  ser-h##!2: counter-mate in series-help play needs the winning side mated by the series' last move, and no move of the series may check it (S7)" \
	-- solve --game chess --position "7q/6r1/8/8/8/K7/8/kB6 b - - 0 1" --stip "ser-h##!2"
expect "mates: ##!2 in direct play" 0 \
	"the counter-mate goal (##!2) is supported in help and series play, not in direct play" \
	-- solve --game chess --position "1RK5/k7/8/2qr4/8/8/8/8 w - - 0 1" --stip "##!2"
expect "mates: none in Upuaut" 0 \
	"Upuaut has no double mate (a move leaving its own king in check): help-double-mate in 2 is not a goal there" \
	-- solve --game upuaut --position "bbkbb/5/5/5/5/BBKBB b" --stip "help-double-mate in 2"
rm -rf "$LD"
