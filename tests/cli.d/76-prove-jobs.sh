# maat prove -j (issue 13): threads over one table give the value, the
# winner and the shortest win of one thread; the proof they lead to may be
# another, and holds (sourced by tests/cli.sh).
PJ="2k2/1b3/5/5/3B1/2K2 w" # black wins in 9 (tests/check_prove.c)
TMP=${TMPDIR:-/tmp}/maat-prove-jobs.$$
mkdir -p "$TMP"
# the fields that must not depend on the threads
pj_fields() {
	"$MAAT" prove --game upuaut --position "$PJ" --shortest --json --no-time --hash 16 "$@" |
		sed -e 's/.*\("value":"[a-z]*","winner":"[a-z]*","shortest":[0-9]*\).*/\1/'
}
pj_one=$(pj_fields -j 1)
check "prove -j 1: the fields" test "$pj_one" = '"value":"loss","winner":"black","shortest":9'
for j in 2 3 0; do
	check "prove -j $j: the value, winner and shortest of -j 1" test "$(pj_fields -j $j)" = "$pj_one"
done
expect "prove -j 2 writes a proof" 0 "value: loss (white to move; black wins)" -- prove --game upuaut --position "$PJ" -j 2 --shortest --hash 16 --proof "$TMP/pj.proof"
expect "check-proof accepts the proof of -j 2" 0 "the proof holds: black wins from 2k2/1b3/5/5/3B1/2K2 w (upuaut)" -- check-proof "$TMP/pj.proof"
expect "check-proof: the proof of -j 2 is as short as the win" 0 "longest line 9 moves" -- check-proof "$TMP/pj.proof"
expect "prove --jobs 2: a draw" 0 "value: draw (neither side can force a win)" -- prove --game chess --position "8/8/8/8/8/2k5/8/K7 w - - 0 1" --hash 16 --jobs 2
rm -rf "$TMP"
# the option's range, from its table
expect "prove: -j range, above" 2 "prove: -j takes a number from 0 to 256" -- prove --game upuaut -j 257
expect "prove: -j range, below" 2 "prove: -j takes a number from 0 to 256" -- prove --game upuaut -j -1
expect "prove: -j not a number" 2 "prove: -j takes a number from 0 to 256" -- prove --game upuaut --jobs two
expect "prove: -j in the usage" 0 "-j, --jobs N" -- prove --help
