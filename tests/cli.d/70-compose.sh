# maat compose (sourced by tests/cli.sh): bad input, what a run writes
# (a collection or a directory) verifies sound, the same seed gives the same
# bytes whatever -j, the command that made a problem is in its comments.
CD=$(mktemp -d /tmp/maat-compose.XXXXXX)


# ---- bad input: exit 2, one clear line
expect "compose: no game" 2 "usage: maat compose" -- compose --stip "win in 2"
expect "compose: unknown game" 2 "unknown game" -- compose --game go --stip "win in 2"
expect "compose: help play" 2 "direct problems only" -- compose --game chess --stip "h#2"
expect "compose: too long" 2 "win in 6 is beyond the composer" -- compose --game upuaut --stip "win in 6"
expect "compose: bad pieces" 2 "--pieces takes MIN-MAX" -- compose --game upuaut --stip "win in 2" --pieces 5-3
expect "compose: bad side" 2 "compose: --side takes white, black or any, got 'red'" -- compose --game upuaut --stip "win in 2" --side red
expect "compose: bad method" 2 "compose: --method takes place, play or mixed, got 'dream'" -- compose --game upuaut --stip "win in 2" --method dream
expect "compose: unknown option" 2 "unknown option '--fast'" -- compose --game upuaut --stip "win in 2" --fast

# ---- a collection: verified sound, reproducible, the command recorded
expect "compose: upuaut win in 2" 0 "compose: 3/3 problems" \
	-- compose --game upuaut --stip "win in 2" --count 3 --seed 11 -j 1 -o "$CD/u1.yaml"
expect "compose: same seed, two threads" 0 "compose: 3/3 problems" \
	-- compose --game upuaut --stip "win in 2" --count 3 --seed 11 -j 2 -o "$CD/u2.yaml"
check "compose: -j 1 and -j 2 write the same bytes" cmp -s "$CD/u1.yaml" "$CD/u2.yaml"
expect "compose: the collection is sound" 0 "3 puzzles: 3 sound" -- verify "$CD/u1.yaml"
check "compose: command in comments" grep -qF \
	"maat compose --game upuaut --stip 'win in 2' --count 3 --seed 11 (candidate " "$CD/u1.yaml"
check "compose: --quiet says nothing" test -z "$("$MAAT" compose --game upuaut --stip "win in 2" \
	--count 3 --seed 12 --quiet -o "$CD/u3.yaml" 2>&1)"
check "compose: another seed, other problems" sh -c "! cmp -s '$CD/u1.yaml' '$CD/u3.yaml'"

# ---- every game, win in 2 and 3, into a directory (one file per problem)
expect "compose: tavlei into a directory" 0 "compose: 2/2 problems" \
	-- compose --game tavlei --stip "win in 2" --count 2 --seed 12 --side defenders -o "$CD/dir/"
check "compose: one file per problem" test -f "$CD/dir/tavlei-2-s12-001.yaml" -a -f "$CD/dir/tavlei-2-s12-002.yaml"
expect "compose: morok" 0 "compose: 1/1 problems" -- compose --game morok --stip "win in 2" --seed 7 -o "$CD/dir/m.yaml"
expect "compose: chess" 0 "compose: 1/1 problems" -- compose --game chess --stip "#2" --seed 7 -o "$CD/dir/c.yaml"
expect "compose: upuaut win in 3" 0 "compose: 1/1 problems" -- compose --game upuaut --stip "win in 3" --seed 1 -o "$CD/dir/u3.yaml"
expect "compose: the directory is sound" 0 "5 puzzles: 5 sound" -- verify "$CD/dir"

# ---- not enough in the time given: what was found is written, exit 1
expect "compose: time runs out" 1 "compose: 0/5 problems" \
	-- compose --game chess --stip "#3" --count 5 --pieces 2-2 --max-time 0.2 -o "$CD/none.yaml"
check "compose: nothing found, empty file" test ! -s "$CD/none.yaml"
check "compose: no temporary files left" test -z "$(find "$CD" -name '*.tmp*')"

rm -rf "$CD"
