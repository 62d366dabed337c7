# maat prove and maat check-proof (issue 13): values, the proof file, a
# tampered proof refused with file:line:column, bad input (sourced by
# tests/cli.sh).
P01="2B2/k2B1/1b3/4K/2B2/5 w"
expect_stable "prove json" 0 -- prove --game upuaut --position "$P01" --shortest --json --no-time --hash 16 <<'END'
{"game":"upuaut","position":"2B2/k2B1/1b3/4K/2B2/5 w","value":"win","winner":"white","shortest":2,"seconds":0.000,"proof_positions":5,"proof_depth":2,"walk_seconds":0.000,"check_seconds":0.000,"table_mb":16}
END
TMP=${TMPDIR:-/tmp}/maat-prove.$$
mkdir -p "$TMP"
expect "prove writes the proof" 0 "written to $TMP/p01.proof" -- prove --game upuaut --position "$P01" --hash 16 --proof "$TMP/p01.proof"
expect "check-proof accepts it" 0 "the proof holds: white wins from 2B2/k2B1/1b3/4K/2B2/5 w (upuaut); 5 positions, 5 reached, longest line 2 moves" -- check-proof "$TMP/p01.proof"
check "proof is sorted" sh -c "grep -v '^#' '$TMP/p01.proof' | LC_ALL=C sort -c"
# a line of the strategy left out: the reply that leads there is named
grep -v '^2B2/k2B1/3K1/1b3/2B2/5 w' "$TMP/p01.proof" >"$TMP/cut.proof"
expect "check-proof: a missing position" 1 "cut.proof:6:25: after e3d4 b4b3 the position is not in the proof: 2B2/k2B1/3K1/1b3/2B2/5 w" -- check-proof "$TMP/cut.proof"
expect "check-proof: a missing position, summary" 1 "not a proof (1 error)" -- check-proof "$TMP/cut.proof"
# a move that is not legal
sed 's/ e3d4$/ e3e5/' "$TMP/p01.proof" >"$TMP/illegal.proof"
expect "check-proof: an illegal move" 1 "illegal.proof:6:25: 'e3e5' is not a legal move here" -- check-proof "$TMP/illegal.proof"
# the wrong winner, no game
sed 's/^# winner: white/# winner: black/' "$TMP/p01.proof" >"$TMP/winner.proof"
expect "check-proof: the loser's positions" 1 "the loser (white) is to move" -- check-proof "$TMP/winner.proof"
grep -v '^# game:' "$TMP/p01.proof" >"$TMP/nogame.proof"
expect "check-proof: no game" 2 "nogame.proof:1:1: no '# game:' line" -- check-proof "$TMP/nogame.proof"
printf '# game: upuaut\n# root: %s\n# winner: white\nnot a position e3d4\n' "$P01" >"$TMP/bad.proof"
expect "check-proof: not a position" 2 "bad.proof:4:1: position:" -- check-proof "$TMP/bad.proof"
expect "check-proof: no file" 2 "cannot read $TMP/none.proof" -- check-proof "$TMP/none.proof"
expect "check-proof json" 0 '"valid":true,"game":"upuaut"' -- check-proof --json "$TMP/p01.proof"
rm -rf "$TMP"
# a draw (chess: kings only) and a loss for the side to move
expect "prove: a draw" 0 "value: draw (neither side can force a win)" -- prove --game chess --position "8/8/8/8/8/2k5/8/K7 w - - 0 1" --hash 16
expect "prove: a loss" 0 "value: loss (white to move; black wins)" -- prove --game upuaut --position "bbk1b/3b1/5/5/5/BK1BB w" --hash 16
# bad input
expect "prove: no game" 2 "usage: maat prove [options] --game G" -- prove
expect "prove: unknown option" 2 "prove: unknown option '--frob'" -- prove --game upuaut --frob
expect "prove: hash range" 2 "prove: --hash takes megabytes from 1 to 65536" -- prove --game upuaut --hash 0
expect "prove: an operand" 2 "prove: unexpected argument 'x'" -- prove --game upuaut x
expect "check-proof: two files" 2 "check-proof: one FILE at a time" -- check-proof a b
expect "prove: bad position" 2 "position: the board has 1 rank, expected 6" -- prove --game upuaut --position "5 w"
