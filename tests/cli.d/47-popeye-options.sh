# --format popeye prints the play Popeye prints for the file's options
# (sourced by tests/cli.sh): without Option Variation the first moves alone,
# the tries only with Try or Defence, set play whole.  It printed every
# problem as if Option Variation were given.  The reference is Popeye
# 4.103's own output (tests/data/popeye/options.out, py -regression), each
# problem's text between its stipulation line and "solution finished.".
OD=$(mktemp -d /tmp/maat-options.XXXXXX)
awk '/^  [^ ].* [0-9]+ \+ [0-9]+ *$/ { p = 1; next }
	/^solution finished/ { print "solution finished."; p = 0; next } p' \
	tests/data/popeye/options.out >"$OD/popeye"
"$MAAT" solve --format popeye tests/data/popeye/options.inp >"$OD/maat" 2>&1
check "popeye options: the nine problems byte for byte as Popeye prints them" cmp -s "$OD/popeye" "$OD/maat"
cmp -s "$OD/popeye" "$OD/maat" || diff "$OD/popeye" "$OD/maat" | head -10 >&2
# and what is not a Popeye file keeps Olive's Option Variation
"$MAAT" convert tests/data/popeye/options.inp -o "$OD/o.yaml" >/dev/null 2>&1
"$MAAT" solve --format popeye "$OD/o.yaml" >"$OD/yaml" 2>&1
check "popeye options: a YACPDB entry as Olive runs Popeye, with its variations" sh -c "
	grep -c '^   1\\.f2-f4 ! threat:\$' '$OD/yaml' | grep -qx 8"
rm -rf "$OD"
# Option NoThreat: no threat, and so every defence a variation, those the
# threat answered too (TESTS/battle_play.inp's s#2 "1.Rc4-e4 ! 1...c5-c4
# 2.Re4*c4"); maat printed the threat.  40 #2, #3, s#2 and s#3 of the
# corpus with Option Variation NoThreat, as Popeye 4.104 prints them.
LD=$(mktemp -d /tmp/maat-nothreat.XXXXXX)
. tests/popeye_compare.sh # split_popeye, split_maat, same_problems (in $LD)
same_problems "popeye options: NoThreat, 40 direct and self problems byte for byte (nothreat.inp)" \
	tests/data/popeye/nothreat.inp tests/data/popeye/nothreat.out
rm -rf "$LD"
# Option StopOnShortSolutions (help and series play): the search stops at
# the shortest length that has lines, set play too, and Popeye ends with
# "Partial solution".  maat searched every length: Berlinger's h=6 Duplex
# (REGRESSIONS/4_85_to_4_87.inp), whose Duplex part has 19,195 short
# lines, ran past 280 s; Popeye stops at its h=1.  Popeye 4.104's output.
LD=$(mktemp -d /tmp/maat-stoponshort.XXXXXX)
same_problems "popeye options: StopOnShortSolutions, five problems byte for byte (the last without it: set play's short line first) (stoponshort.inp)" \
	tests/data/popeye/stoponshort.inp tests/data/popeye/stoponshort.out
"$MAAT" verify tests/data/popeye/stoponshort.inp >"$LD/v" 2>&1
check "popeye options: StopOnShortSolutions says the search stopped at the short lines" \
	grep -q 'duplex: short .*1.Ka3xa4 Bc3xb4= (StopOnShortSolutions: no longer line looked for)' "$LD/v"
# Without the option the short lines are searched first too: a search that
# its limit stops after one has found the problem unsound all the same, and
# says short (it said timeout).  The Duplex part's h=1 is found at once;
# the rest takes minutes.
printf 'BeginProblem\npieces white Ka3 Pb4 black Kc4 Bc3 Sd1 Pa2a4e2\noption enPassant b2b3b4 duplex\nstipulation h=6\nEndProblem\n' >"$LD/b.inp"
"$MAAT" verify --max-time 2 "$LD/b.inp" >"$LD/v2" 2>&1
check "help play: short lines found before --max-time make the verdict short, not timeout" \
	grep -q 'duplex: short .*: 1.Ka3xa4 Bc3xb4=; .*(the search stopped there: --max-time reached)' "$LD/v2"
rm -rf "$LD"
