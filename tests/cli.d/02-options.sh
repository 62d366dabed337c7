# Options in every form getopt_long reads, from each command's one table:
# "--jobs 2", "--jobs=2", "-j 2", "-j2" (as make and xargs take -j); the
# same checks and messages whichever form (maat(1) OPTIONS)
OP=$(mktemp -d)
P1=puzzles/chess/loyd-1859-charles-xii.yaml
expect "-j1 is -j 1" 0 "3 puzzles: 3 sound" -- verify -j1 "$P1"
expect "-j2 is -j 2" 0 "3 puzzles: 3 sound" -- verify -j2 "$P1"
expect "--jobs=2 is --jobs 2" 0 "3 puzzles: 3 sound" -- verify --jobs=2 "$P1"
expect "--max-time=30 is --max-time 30" 0 "3 puzzles: 3 sound" -- verify --max-time=30 "$P1"
expect "-j2000: the range of -j 2000" 2 "verify: -j takes a number from 0 to 1024" -- verify -j2000 "$P1"
expect "--jobs=: no number" 2 "verify: -j takes a number from 0 to 1024" -- verify --jobs= "$P1"
expect "a flag takes no value" 2 "verify: --set-play takes no value, got '1'" -- verify --set-play=1 "$P1"
expect "-o=FILE is refused, not a file named '=FILE'" 2 \
	"convert: '-o=x.yaml': give the value without '=' (-o x.yaml, or --output=x.yaml)" \
	-- convert "$P1" -o=x.yaml
expect "an unknown option with a value is named without it" 2 \
	"verify: unknown option '--frob' ('maat verify --help' lists them)" -- verify --frob=2 "$P1"
expect "-jx" 2 "verify: -j takes a number from 0 to 1024" -- verify -jx "$P1"
./maat convert "$P1" --output="$OP/out.yaml" 2>/dev/null
check "--output=FILE writes FILE" test -s "$OP/out.yaml"
# every option of every command: "--opt V" and "--opt=V" (and "-x V",
# "-xV") are one option, the same output and status (V is no good value;
# standard input empty, the commands run in an empty directory)
cmds=$("$MAAT" help | sed -n 's/^  maat \([a-z-]*\).*/\1/p')
maat_abs=$(cd "$(dirname "$MAAT")" && pwd)/$(basename "$MAAT")
for c in $cmds; do
	"$MAAT" $c --help | sed -n 's/^  \(-[a-z]\), \(--[a-z-]*\) [^ ].*/\2 \1/p; s/^  \(--[a-z-]*\), \(-[a-z]\) [^ ].*/\1 \2/p; s/^  \(--[a-z-]*\) [^ ].*/\1/p' >"$OP/opts"
	while read -r long short; do
		a=$(cd "$OP" && "$maat_abs" $c "$long" @bad </dev/null 2>&1; echo "rc=$?")
		b=$(cd "$OP" && "$maat_abs" $c "$long=@bad" </dev/null 2>&1; echo "rc=$?")
		if [ "$a" = "$b" ]; then ok; else bad "maat $c $long @bad and $long=@bad differ: $a / $b"; fi
		[ -n "$short" ] || continue
		s1=$(cd "$OP" && "$maat_abs" $c "$short" @bad </dev/null 2>&1; echo "rc=$?")
		s2=$(cd "$OP" && "$maat_abs" $c "$short@bad" </dev/null 2>&1; echo "rc=$?")
		if [ "$s1" = "$a" ] && [ "$s2" = "$a" ]; then ok; else bad "maat $c $short @bad, $short@bad and $long @bad differ: $s1 / $s2 / $a"; fi
	done <"$OP/opts"
done
check "options: the loop read every command's table" test "$(grep -c . "$OP/opts")" -ge 5
# compose's command line in its output: the options as parsed, whatever
# their form, and without threads, time limit or output
./maat compose --game upuaut --stip "win in 2" --seed=7 --count 1 -j1 --max-time=30 --quiet -o "$OP/c1.yaml" 2>/dev/null
./maat compose --game upuaut --stip "win in 2" --seed 7 --count 1 -j 1 --quiet -o "$OP/c2.yaml" 2>/dev/null
check "compose: --seed=7 -j1 written as --seed 7" \
	grep -qF "maat compose --game upuaut --stip 'win in 2' --seed 7 --count 1 (candidate" "$OP/c1.yaml"
check "compose: ... the same file as with --seed 7 -j 1" cmp -s "$OP/c1.yaml" "$OP/c2.yaml"
./maat compose --game upuaut --stip "win in 2" --seed 3 --seed 7 --count 1 --quiet -o "$OP/c3.yaml" 2>/dev/null
check "compose: an option given twice written once, as it counted" \
	grep -qF "maat compose --game upuaut --stip 'win in 2' --seed 7 --count 1 (candidate" "$OP/c3.yaml"
# too many operands: said so (help was silent, games gave the usage alone)
expect "help with two commands" 2 "help: one command at most, got 'verify' and 'solve'" -- help verify solve
expect "games with an operand" 2 "games: unexpected argument 'x'" -- games x
rm -rf "$OP"
