# tests/popeye_compare.sh -- sourced by tests/cli.d files that compare
# `maat solve --format popeye` with Popeye's own output, problem by problem
# (49-popeye-language.sh, 67-twinnings.sh).  The caller sets LD to a
# scratch directory and has tests/cli.sh's check().
# split OUT DIR PREFIX: each problem's text in DIR/PREFIXnnn (Popeye's
# MoveNumbers lines "  1  (Ta1-b1 )" left out: maat prints none), through
# its "solution finished." or, where the search stopped early
# (StopOnShortSolutions), its "Partial solution"
split_popeye() {
	awk -v f0="$2/$3" '/^  [^ ].* [0-9]+ \+ [0-9]+ *$/ { p = 1; n++; f = sprintf("%s%03d", f0, n); next }
		/^ +[0-9]+  \(.*\) *$/ { next }
		/^(solution finished|Loesung beendet|solution terminee)\./ { if (p) print > f; p = 0; next }
		/^(Partial solution|Partielle Loesung|solution partielle)$/ { if (p) print > f; p = 0; next }
		p { print > f }' "$1"
}
split_maat() {
	awk -v f0="$2/$3" 'BEGIN { n = 1; f = sprintf("%s%03d", f0, n) }
		/^(solution finished|Loesung beendet|solution terminee)\.|^(Partial solution|Partielle Loesung|solution partielle)$/ { print > f; close(f); n++; f = sprintf("%s%03d", f0, n); next }
		{ print > f }' "$1"
}
# same_problems NAME INP OUT EXCEPT...: every problem maat solves is
# Popeye's text byte for byte, but the ones named (known, said why)
same_problems() {
	name=$1 inp=$2 ref=$3
	shift 3
	rm -f "$LD"/p* "$LD"/m*
	split_popeye "$ref" "$LD" p
	"$MAAT" solve --format popeye --no-time "$inp" >"$LD/out" 2>/dev/null
	split_maat "$LD/out" "$LD" m
	same=0 wrong=""
	for m in "$LD"/m*; do
		k=${m#"$LD"/m}
		[ -s "$m" ] || continue
		case " $* " in *" $k "*) continue ;; esac
		# a problem maat does not solve (unsupported) is its verdict
		grep -q ': unsupported: ' "$m" && continue
		if cmp -s "$m" "$LD/p$k"; then same=$((same + 1)); else wrong="$wrong $k"; diff "$LD/p$k" "$m" | head -6 >&2; fi
	done
	check "$name (problems the same: $same; not:${wrong:- none})" test -z "$wrong" -a "$same" -gt 0
}
