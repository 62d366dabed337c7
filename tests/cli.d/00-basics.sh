# Command-line basics and perft (sourced by tests/cli.sh).
expect "no command" 2 "usage: maat" --
expect "unknown command" 2 "unknown command 'frobnicate'" -- frobnicate
expect "help" 0 "maat perft" -- help
expect "unknown game" 2 "maat: unknown game 'go' (games: chess, morok, upuaut, tavlei)" -- perft --game go 1
# a game's name in any case, as in a puzzle file's game: (was 'unknown game')
expect_exact "perft --game Chess" 0 -- perft --game Chess 1 <<END
20
END
expect "compose --game UPUAUT" 0 "game: upuaut" -- compose --game UPUAUT --stip "win in 1" --quiet --max-time 5
expect "perft bad depth" 2 "perft: DEPTH takes a number from 0 to 30, got 'x'" -- perft --game chess x

# every command's --help (and -h) prints its usage on standard output, exit
# 0 (issue 11: "unknown option"); the commands are those 'maat help' lists
cmds=$("$MAAT" help | sed -n 's/^  maat \([a-z-]*\).*/\1/p')
check "help lists the commands" test "$(echo $cmds | wc -w)" -ge 8
for c in $cmds; do
	for h in --help -h; do
		out=$("$MAAT" $c $h 2>/dev/null)
		hrc=$?
		if [ $hrc = 0 ] && [ "$(printf '%s\n' "$out" | head -1 | cut -d' ' -f1-3)" = "usage: maat $c" ]; then
			ok
		else
			bad "maat $c $h: exit $hrc (want 0), first line: $(printf '%s\n' "$out" | head -1)"
		fi
	done
	expect "help $c" 0 "usage: maat $c" -- help "$c"
done
# --help names every option of the command's table: each is accepted
for o in $("$MAAT" verify --help | sed -n 's/^  \(-[a-z]\), \(--[a-z-]*\).*/\1 \2/p; s/^  \(--[a-z-]*\).*/\1/p'); do
	[ "$o" = --help ] && continue
	out=$("$MAAT" verify "$o" 2>&1)
	case $out in *"unknown option"*) bad "verify --help lists $o, which verify refuses" ;; *) ok ;; esac
done
expect "help of an unknown command" 2 "help: unknown command 'frob'" -- help frob
expect "unknown option points at --help" 2 "verify: unknown option '--frob' ('maat verify --help' lists them)" \
	-- verify --frob x.yaml
# --seed " -1": strtoull skips the blank and wraps the sign (issue 11)
expect "compose --seed ' -1'" 2 "compose: --seed takes a number from 0 to 18446744073709551615" \
	-- compose --game upuaut --stip "win in 2" --seed " -1"
expect "compose --seed -1" 2 "compose: --seed takes a number from 0 to 18446744073709551615" \
	-- compose --game upuaut --stip "win in 2" --seed -1
expect "compose --seed 2^64" 2 "compose: --seed takes a number from 0 to 18446744073709551615" \
	-- compose --game upuaut --stip "win in 2" --seed 18446744073709551616
