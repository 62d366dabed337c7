# Popeye's board twinnings (issue 23, item 13): Rotate 90/180/270, Mirror
# a1<-->h1, a1<-->a8, a1<-->h8, a8<-->h1, Shift and PolishType, alone, two
# in one twin and continued, as Popeye 4.104 plays them: tests/data/popeye/
# twinnings.out is Popeye's output for twinnings.inp (made by
# `py -regression twinnings.inp`, see tests/data/popeye/README.md), and
# maat's --format popeye text is the same, twin line and solutions, for
# every problem.
LD=$(mktemp -d /tmp/maat-twinnings.XXXXXX)
. tests/popeye_compare.sh
same_problems "twinnings: Rotate, Mirror, Shift, PolishType as Popeye 4.104 (twinnings.inp)" \
	tests/data/popeye/twinnings.inp tests/data/popeye/twinnings.out
check "twinnings: every twin solved (15 problems: 2 diagrams, 13 twins)" \
	test "$(grep -c '^+*[a-z]) ' "$LD/out")" = 15 -a "$(grep -c '^solution finished' "$LD/out")" = 3
# the same twins from YAML: the same problems (convert writes them back)
"$MAAT" convert tests/data/popeye/twinnings.inp -o "$LD/tw.yaml" 2>/dev/null
check "twinnings: in YAML as Popeye's words" grep -qx '  b: "Mirror a1<-->h1"' "$LD/tw.yaml"
v1=$("$MAAT" verify --json --no-time tests/data/popeye/twinnings.inp 2>/dev/null | grep -o '"position":"[^"]*","stipulation":"[^"]*"')
v2=$("$MAAT" verify --json --no-time "$LD/tw.yaml" 2>/dev/null | grep -o '"position":"[^"]*","stipulation":"[^"]*"')
check "twinnings: YAML and Popeye input give the same 15 problems" \
	test -n "$v1" -a "$v1" = "$v2" -a "$(printf '%s\n' "$v1" | wc -l)" = 15
# what Popeye refuses, maat refuses at the word
printf 'BeginProblem\nPieces White Ka1 Rh1 Black Ke8\nStipulation #1\nTwin Shift a1 b1\nEndProblem\n' >"$LD/out.inp"
expect "twinnings: a man shifted off the board" 2 \
	"$LD/out.inp:4:12: twin b): Shift: the man on h1 would leave the board" -- verify "$LD/out.inp"
rm -rf "$LD"
