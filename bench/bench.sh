#!/bin/sh
# bench.sh -- maat's speed, with the peers measured in the same run (make bench).
#
#   sh bench/bench.sh
#
# 1. perft per game (node counts checked), against Stockfish's `go perft` when
#    it is installed (PATH, or Debian's /usr/games; STOCKFISH=path overrides);
# 2. the solver on tests/corpus (build/corpus_bench), against Popeye when
#    POPEYE names its binary (POPEYE_ARGS: extra arguments, POPEYE_MAXTIME:
#    -maxtime per problem, default 600), both checked against the records;
#    pylong-derived-003 solved as #5 to #BENCH_DEEP_N (default 10) by both,
#    with each one's growth per extra move (with BENCH_MAX_N of 6 or more);
#    then help, self, reflex and series play (popeye-help-self.jsonl) per
#    play, Popeye also with Option Intelligent for help play (PLAYS_MAXTIME:
#    seconds per problem for maat and Popeye alike, default 60); then help
#    play from h#3 to h#8 (BENCH_HELP_MIN, BENCH_HELP_MAX) one problem a
#    process for each of maat, plain Popeye and Popeye Intelligent, per
#    length (BENCH_ONLY=help runs this section alone; BENCH_HELP_PLAIN=no
#    leaves plain Popeye out of it, its minutes of timeouts); then self and
#    reflex play one problem a process, with tries and without, for maat
#    and Popeye (Option Try) alike (BENCH_ONLY=selfreflex: this alone;
#    BENCH_SR_EACH=1: a line per record);
#    then the published helpmates of tests/data/helpmates-long (h#4 to h#8,
#    ser-h#4 to ser-h#14), one problem a process, against Popeye with the
#    files' Option Intelligent (BENCH_ONLY=realhelp: this alone);
# 3. diagrams per second (PNG, SVG, PDF).
#
# The machine is shared, so times are CPU seconds of the process (or, for
# corpus_bench, of the search) unless a column says "wall"; short runs are
# medians of 3.  BENCH_MAX_N (default 9: all) bounds the stipulation length
# taken from popeye-orthodox.jsonl: its nine records of #6 to #9 take each
# solver a minute or two of CPU (BENCH_MAX_N=5 leaves them out; with 6 or
# more they also run a second time without tries).  Exit status 1 when a
# node count or a solver answer is wrong.

set -u
cd "$(dirname "$0")/.." || exit 2
MAAT=./maat
CORPUS_BENCH=build/corpus_bench
MAX_N=${BENCH_MAX_N:-9}
POPEYE=${POPEYE:-}
POPEYE_ARGS=${POPEYE_ARGS:-}
POPEYE_MAXTIME=${POPEYE_MAXTIME:-600}
PLAYS_MAXTIME=${PLAYS_MAXTIME:-60}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/maat-bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
failed=0

for f in "$MAAT" "$CORPUS_BENCH"; do
	if [ ! -x "$f" ]; then
		echo "bench: $f is missing (make maat $CORPUS_BENCH)" >&2
		exit 2
	fi
done

# ---- helpers

fail()
{
	echo "FAIL: $*"
	failed=1
}

now() { date +%s.%N; }

# run_repeat R OUT ERR CMD...: run CMD (stdin passed on) R times with its
# output in OUT and ERR; CPU (user + system seconds of all R runs and their
# children, from the shell's `times`, read once) and WALL are set; the
# status is the last run's.
run_repeat()
{
	reps=$1 out=$2 err=$3
	shift 3
	t0=$(now)
	(
		k=0 rc=0
		while [ $k -lt "$reps" ]; do
			"$@" >"$out" 2>"$err"
			rc=$?
			k=$((k + 1))
		done
		times >"$TMP/times"
		exit $rc
	)
	rc=$?
	WALL=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
	CPU=$(awk 'function sec(s,   m) {
			m = s; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", s); sub(/s$/, "", s)
			return m * 60 + s
		}
		NR == 2 { printf "%.3f", sec($1) + sec($2) }' "$TMP/times")
	return $rc
}

# run_fine OUT ERR CMD...: one run; one under 0.05 s of CPU (the shell's
# `times` counts hundredths) runs 20 times more, and CPU is their mean: the
# ratio of one short problem is then more than the ticks' noise.
run_fine()
{
	run "$@"
	rc=$?
	if awk -v c="$CPU" 'BEGIN { exit !(c < 0.05) }'; then
		run_repeat 20 "$@"
		rc=$?
		CPU=$(awk -v c="$CPU" 'BEGIN { printf "%.4f", c / 20 }')
	fi
	return $rc
}

# run OUT ERR CMD...: one run.
run() { run_repeat 1 "$@"; }

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ratio A B: A / B to two places ("-" when B is 0)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }

mnps() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", n / s / 1e6; else printf "-" }'; }

# help_alone FILE: help play from h#HELP_MIN to h#HELP_MAX (BENCH_HELP_MIN,
# BENCH_HELP_MAX: 3 and 8) of FILE, one problem a process for each solver:
# maat (solve --format popeye, the record as a Popeye input file), plain
# Popeye and Popeye with Option Intelligent, each with PLAYS_MAXTIME seconds
# (maat's --max-time, Popeye's Option MaxTime), CPU of the whole process
# (start-up included).  Every answer compared with the record
# (bench/plays_check.awk).  One row per length, then all; the target of
# issue 25: maat at most 1/5 of Intelligent's CPU (Intell./maat >= 5), no
# record over 10 s.
help_alone()
{
	file=$1 lo=${BENCH_HELP_MIN:-3} hi=${BENCH_HELP_MAX:-8}
	echo
	echo "-- help play h#$lo to h#$hi, one problem a process: $MAAT solve --format popeye --max-time $PLAYS_MAXTIME"
	rm -rf "$TMP/al" && mkdir "$TMP/al"
	awk -f bench/plays.awk -v dir="$TMP/al" -v maxtime="$PLAYS_MAXTIME" -v alone=1 -v minn="$lo" \
		-v maxn="$hi" "$file" >"$TMP/al.list" || { fail "plays.awk $file (alone)"; return; }
	: >"$TMP/al.cpu"
	while read -r n id plain intel; do
		run "$TMP/al/$id.m" "$TMP/al/$id.m.err" "$MAAT" solve --format popeye --max-time "$PLAYS_MAXTIME" \
			"$plain" </dev/null
		mc=$CPU
		# the record's id first, as Popeye prints its Remark; a timeout
		# is no answer, and counts as over 10 s: --max-time is wall
		# time, so under load a record cut off there has used less CPU
		# than its limit (un: 1 when maat did not finish: a timeout, or
		# no "solution finished." -- a crash)
		un=0
		grep -q 'timeout' "$TMP/al/$id.m" "$TMP/al/$id.m.err" && un=1
		grep -q 'solution finished' "$TMP/al/$id.m" || un=1
		{
			echo "$id"
			[ "$un" = 1 ] || cat "$TMP/al/$id.m"
		} >"$TMP/al/$id.maat"
		pc=- ic=-
		if [ -n "$POPEYE" ] && [ "${BENCH_HELP_PLAIN:-yes}" != no ]; then
			# shellcheck disable=SC2086
			run "$TMP/al/$id.plain" "$TMP/al/$id.plain.err" "$POPEYE" $POPEYE_ARGS "$plain" </dev/null
			pc=$CPU
		fi
		if [ -n "$POPEYE" ]; then
			# shellcheck disable=SC2086
			run "$TMP/al/$id.intel" "$TMP/al/$id.intel.err" "$POPEYE" $POPEYE_ARGS "$intel" </dev/null
			ic=$CPU
		fi
		echo "$n $id $mc $pc $ic $un" >>"$TMP/al.cpu"
	done <"$TMP/al.list"
	awk -f bench/plays_check.awk "$TMP/al/expect" "$TMP"/al/*.maat >"$TMP/al.maat.ok"
	: >"$TMP/al.plain.ok"
	: >"$TMP/al.intel.ok"
	plain=
	[ -n "$POPEYE" ] && [ "${BENCH_HELP_PLAIN:-yes}" != no ] && plain=yes
	if [ -n "$plain" ]; then
		awk -f bench/plays_check.awk "$TMP/al/expect" "$TMP"/al/*.plain >"$TMP/al.plain.ok"
	fi
	if [ -n "$POPEYE" ]; then
		awk -f bench/plays_check.awk "$TMP/al/expect" "$TMP"/al/*.intel >"$TMP/al.intel.ok"
	fi
	echo "   CPU s of one process per problem; ratios Popeye/maat (target: Intell./maat >= 5, no maat record over 10 s)"
	echo "   >10s: maat's records over 10 s of CPU or unfinished within --max-time (wall time)"
	printf '   %-6s %5s %9s %9s %5s %10s %7s %9s %7s %6s %6s %6s\n' N problems "maat CPU" "slowest" ">10s" \
		"Popeye" ratio "Intell." ratio "maat" Popeye Intell.
	awk '
		FILENAME ~ /al.cpu$/ {
			n = $1; if (!(n in cnt)) ns[++nn] = n
			cnt[n]++; m[n] += $3; if ($3 > top[n]) top[n] = $3; if ($3 > 10 || $6) over[n]++
			p[n] += $4; i[n] += $5; len[$2] = n
			next
		}
		FILENAME ~ /al.maat.ok$/ { if ($3 == "agree") mok[len[$1]]++; next }
		FILENAME ~ /al.plain.ok$/ { if ($3 == "agree") pok[len[$1]]++; next }
		FILENAME ~ /al.intel.ok$/ { if ($3 == "agree") iok[len[$1]]++; next }
		function ratio(a, b) { return a > 0 && b != "-" ? sprintf("%.2f", b / a) : "-" }
		function row(g, c, a, t, o, b, x, y, z, w) {
			printf "   %-6s %5d %9.3f %9.3f %5d %10s %7s %9s %7s %6s %6s %6s\n", g, c, a, t, o,
				(plain ? sprintf("%.3f", b) : "-"), (plain ? ratio(a, b) : "-"),
				(popeye ? sprintf("%.3f", x) : "-"), (popeye ? ratio(a, x) : "-"),
				y "/" c, (plain ? z "/" c : "-"), (popeye ? w "/" c : "-")
		}
		END {
			for (k = 1; k <= nn; k++) {
				n = ns[k]
				row("h#" n, cnt[n], m[n], top[n], over[n], p[n], i[n], mok[n] + 0, pok[n] + 0, iok[n] + 0)
				C += cnt[n]; M += m[n]; if (top[n] > T) T = top[n]; O += over[n]; P += p[n]; I += i[n]
				MO += mok[n]; PO += pok[n]; IO += iok[n]
			}
			row("all", C, M, T, O, P, I, MO, PO, IO)
		}' popeye="$POPEYE" plain="$plain" "$TMP/al.cpu" "$TMP/al.maat.ok" "$TMP/al.plain.ok" "$TMP/al.intel.ok"
	awk '$3 > 10 || $6 { printf "   %s: %s (h#%s) %.3f s of CPU\n", $6 ? "unfinished" : "over 10 s", $2, $1, $3 }' \
		"$TMP/al.cpu"
	grep -hv ' agree$' "$TMP/al.maat.ok" | sed 's/^/   maat differs from the record or did not finish: /'
	if grep -qv ' agree$' "$TMP/al.maat.ok"; then
		fail "help play alone: maat differs from a record"
	fi
	grep -hv ' agree$' "$TMP/al.intel.ok" | sed 's/^/   Popeye Intelligent differs or did not finish: /'
}

# run_long OUT ERR CMD...: CPU of CMD (a mean), to a few per cent: the
# shell's `times` counts hundredths and truncates user and system time each,
# so one process of 1-10 ms (most self and reflex records, maat's and
# Popeye's) reads as 0 or 0.01 s, and 20 of them (run_fine) as 0.02-0.04 s
# for maat, a ratio out by up to half.  A run under RUN_LONG_CPU seconds
# (default 0.5) is repeated until the runs took that long together (10, then
# as many as the first 10 say are needed, at most 2000): the truncation is
# then at most 0.02 s of 0.5, and CPU their mean.
run_long()
{
	run "$@"
	rc=$?
	goal=${RUN_LONG_CPU:-0.5}
	awk -v c="$CPU" -v g="$goal" 'BEGIN { exit !(c < g) }' || return $rc
	run_repeat 10 "$@"
	first=$CPU
	more=$(awk -v c="$first" -v g="$goal" 'BEGIN {
		each = c / 10; if (each < 0.0005) each = 0.0005
		k = int((g - c) / each + 0.999); if (k < 0) k = 0; if (k > 2000) k = 2000
		print k }')
	if [ "$more" -gt 0 ]; then
		run_repeat "$more" "$@"
		rc=$?
	else
		CPU=0
	fi
	CPU=$(awk -v a="$first" -v b="$CPU" -v k="$more" 'BEGIN { printf "%.5f", (a + b) / (10 + k) }')
	return $rc
}

# selfreflex_alone FILE: every self and reflex record of FILE, one problem a
# process, with tries and without: maat solve --format popeye --tries 1 (its
# default: the tries to one refutation) and --tries 0, Popeye with Option Try
# and without (CPU of the whole process, start-up included, PLAYS_MAXTIME
# seconds each; a run under 0.5 s is the mean of as many as take 0.5 s,
# run_long).  The keys compared with the record (bench/plays_check.awk).
# The target of issue 25: every record at most 1/5 of Popeye's CPU, with
# tries and without (ratio Popeye/maat >= 5); the records below it are named.
selfreflex_alone()
{
	file=$1
	echo
	echo "-- self and reflex play, one problem a process: $MAAT solve --format popeye --tries 1 and --tries 0"
	rm -rf "$TMP/sr" && mkdir "$TMP/sr"
	awk -f bench/plays.awk -v dir="$TMP/sr" -v maxtime="$PLAYS_MAXTIME" -v selfreflex=1 "$file" \
		>"$TMP/sr.list" || { fail "plays.awk $file (self, reflex)"; return; }
	: >"$TMP/sr.cpu"
	while read -r play n id plain try; do
		for t in 0 1; do
			run_long "$TMP/sr/$id.m$t" "$TMP/sr/$id.m$t.err" "$MAAT" solve --format popeye --tries $t \
				--max-time "$PLAYS_MAXTIME" "$plain" </dev/null
			eval "mc$t=\$CPU"
			{
				echo "$id"
				cat "$TMP/sr/$id.m$t"
			} >"$TMP/sr/$id.maat$t"
		done
		pc=- tc=-
		if [ -n "$POPEYE" ]; then
			# shellcheck disable=SC2086
			run_long "$TMP/sr/$id.plain" "$TMP/sr/$id.plain.err" "$POPEYE" $POPEYE_ARGS "$plain" </dev/null
			pc=$CPU
			# shellcheck disable=SC2086
			run_long "$TMP/sr/$id.try" "$TMP/sr/$id.try.err" "$POPEYE" $POPEYE_ARGS "$try" </dev/null
			tc=$CPU
		fi
		echo "$play $n $id $mc0 $pc $mc1 $tc" >>"$TMP/sr.cpu"
	done <"$TMP/sr.list"
	awk -f bench/plays_check.awk "$TMP/sr/expect" "$TMP"/sr/*.maat0 >"$TMP/sr.ok0"
	awk -f bench/plays_check.awk "$TMP/sr/expect" "$TMP"/sr/*.maat1 >"$TMP/sr.ok1"
	echo "   CPU s of one process per problem; ratios Popeye/maat (target: 5 or more on every record)"
	printf '   %-7s %4s %5s %9s %9s %7s %9s %9s %7s %7s %7s\n' play N problems "maat" "Popeye" ratio \
		"maat try" "Py Try" ratio "ok" "ok try"
	awk '
		FILENAME ~ /sr.cpu$/ {
			k = $1 " " $2; if (!(k in cnt)) ks[++nk] = k
			cnt[k]++; m[k] += $4; p[k] += $5; mt[k] += $6; pt[k] += $7; of[$3] = k
			next
		}
		FILENAME ~ /sr.ok0$/ { if ($3 == "agree") ok[of[$1]]++; next }
		FILENAME ~ /sr.ok1$/ { if ($3 == "agree") okt[of[$1]]++; next }
		function ratio(a, b) { return a > 0 && b != "-" ? sprintf("%.2f", b / a) : "-" }
		function row(P, N, c, a, b, x, y, o, ot) {
			printf "   %-7s %4s %5d %9.3f %9s %7s %9.3f %9s %7s %7s %7s\n", P, N, c, a,
				(popeye ? sprintf("%.3f", b) : "-"), (popeye ? ratio(a, b) : "-"), x,
				(popeye ? sprintf("%.3f", y) : "-"), (popeye ? ratio(x, y) : "-"), o "/" c, ot "/" c
		}
		function later(a, b,   x, y) {
			split(a, x, " "); split(b, y, " ")
			return x[1] != y[1] ? x[1] > y[1] : x[2] + 0 > y[2] + 0
		}
		END {
			for (i = 2; i <= nk; i++)
				for (j = i; j > 1 && later(ks[j - 1], ks[j]); j--) {
					t = ks[j]; ks[j] = ks[j - 1]; ks[j - 1] = t
				}
			for (i = 1; i <= nk; i++) {
				split(ks[i], f, " ")
				row(f[1], f[2], cnt[ks[i]], m[ks[i]], p[ks[i]], mt[ks[i]], pt[ks[i]], ok[ks[i]] + 0, okt[ks[i]] + 0)
				C += cnt[ks[i]]; M += m[ks[i]]; P += p[ks[i]]; MT += mt[ks[i]]; PT += pt[ks[i]]
				O += ok[ks[i]]; OT += okt[ks[i]]
			}
			row("all", "", C, M, P, MT, PT, O + 0, OT + 0)
		}' popeye="$POPEYE" "$TMP/sr.cpu" "$TMP/sr.ok0" "$TMP/sr.ok1"
	if [ -n "$POPEYE" ]; then
		awk '{ r = $4 > 0 ? $5 / $4 : 99; rt = $6 > 0 ? $7 / $6 : 99
			if (r > w) { w = r } if (r < lo || NR == 1) { lo = r; lid = $3 }
			if (rt < lot || NR == 1) { lot = rt; ltid = $3 }
			if (r < 5 || rt < 5) printf "   under 5: %s (%s %s) maat %.4f s, Popeye %.4f s; with tries %.4f s, %.4f s\n", $3, $1, $2, $4, $5, $6, $7 }
			END { printf "   least ratio: %.2f (%s) without tries, %.2f (%s) with\n", lo, lid, lot, ltid
				printf "   worst maat/Popeye CPU: %.3f without tries, %.3f with (target: under 0.2)\n",
					(lo > 0 ? 1 / lo : 99), (lot > 0 ? 1 / lot : 99) }' \
			"$TMP/sr.cpu"
		if [ -n "${BENCH_SR_EACH:-}" ]; then
			# every record, the least of its two ratios first
			echo "   per record (ms): id play N, maat Popeye ratio, with tries maat Popeye ratio"
			awk '{ r = $4 > 0 ? $5 / $4 : 99; rt = $6 > 0 ? $7 / $6 : 99
				printf "%.2f    %-13s %-6s %2s %8.2f %8.2f %6.2f %8.2f %8.2f %6.2f\n", (r < rt ? r : rt),
					$3, $1, $2, $4 * 1000, $5 * 1000, r, $6 * 1000, $7 * 1000, rt }' "$TMP/sr.cpu" |
				sort -g | sed 's/^[^ ]*//'
		fi
	fi
	grep -hv ' agree$' "$TMP/sr.ok0" "$TMP/sr.ok1" | sed 's/^/   maat differs from the record or did not finish: /'
	if grep -qv ' agree$' "$TMP/sr.ok0" "$TMP/sr.ok1"; then
		fail "self and reflex play alone: maat differs from a record"
	fi
}

# solution_lines OUT: the solution lines of a Popeye-style output (maat's
# --format popeye or Popeye's own), each after its twin's letter, sorted:
# the lines of two spaces and a move number (a header's "1. Preis" has
# more spaces), whatever else either prints around them.
solution_lines()
{
	awk '/^[a-z]\)/ { twin = substr($0, 1, 1); next }
		/^  [0-9]+\./ { line = $0; gsub(/[ \t]+/, " ", line); print twin line }' "$1" | sort
}

# realhelp_alone DIR: the published helpmates of DIR (tests/data/helpmates-long:
# h#4 to h#8, ser-h#4 to ser-h#14, taken from Popeye's example inputs), one
# problem a process: maat solve --format popeye and Popeye with the file's
# Option Intelligent, PLAYS_MAXTIME seconds each (maat's --max-time,
# Popeye's -maxtime), CPU of the whole process; their solution lines compared.
# One line per problem, then one per stipulation (twins apart); the target
# of issue 25: maat at most 1/5 of Intelligent's CPU, none over 10 s.
realhelp_alone()
{
	dir=$1
	echo
	echo "-- published helpmates ($dir), one problem a process: $MAAT solve --format popeye --max-time $PLAYS_MAXTIME; Popeye with the files' Option Intelligent"
	rm -rf "$TMP/rh" && mkdir "$TMP/rh"
	: >"$TMP/rh.cpu"
	for inp in "$dir"/*.inp; do
		id=$(basename "$inp" .inp)
		stip=$(sed -n 's/^Stipulation //p' "$inp" | sed -n 1p)
		run_fine "$TMP/rh/$id.m" "$TMP/rh/$id.m.err" "$MAAT" solve --format popeye --max-time "$PLAYS_MAXTIME" \
			"$inp" </dev/null
		mc=$CPU
		ic=- state=-
		if [ -n "$POPEYE" ]; then
			# shellcheck disable=SC2086
			run_fine "$TMP/rh/$id.p" "$TMP/rh/$id.p.err" "$POPEYE" $POPEYE_ARGS -maxtime "$PLAYS_MAXTIME" \
				"$inp" </dev/null
			ic=$CPU
			solution_lines "$TMP/rh/$id.m" >"$TMP/rh/$id.ms"
			solution_lines "$TMP/rh/$id.p" >"$TMP/rh/$id.ps"
			if grep -q timeout "$TMP/rh/$id.m" "$TMP/rh/$id.m.err"; then
				state=unfinished
			elif cmp -s "$TMP/rh/$id.ms" "$TMP/rh/$id.ps"; then
				state=agree
			else
				state=differs
			fi
		fi
		echo "$stip $id $mc $ic $state" >>"$TMP/rh.cpu"
	done
	echo "   CPU s of one process per problem; ratio Intell./maat (target: 5 or more, no problem over 10 s)"
	printf '   %-26s %-9s %9s %9s %7s %s\n' problem stip "maat" "Intell." ratio solutions
	awk '{ r = $3 > 0 && $4 != "-" ? sprintf("%.2f", $4 / $3) : "-"
		printf "   %-26s %-9s %9.4f %9s %7s %s\n", $2, $1, $3, $4, r, $5 }' "$TMP/rh.cpu"
	sort -k1,1V -s "$TMP/rh.cpu" >"$TMP/rh.sorted"
	awk '{ k = $1; if (!(k in c)) ks[++n] = k; c[k]++; m[k] += $3; i[k] += $4; ok[k] += $5 == "agree"
			if ($3 > 10 || $5 == "unfinished") o[k]++ }
		function ratio(a, b) { return a > 0 && popeye ? sprintf("%.2f", b / a) : "-" }
		END {
			printf "   %-9s %8s %9s %9s %7s %5s %s\n", "stip", "problems", "maat", "Intell.", "ratio", ">10s", "agree"
			for (j = 1; j <= n; j++) {
				k = ks[j]
				printf "   %-9s %8d %9.3f %9.3f %7s %5d %d/%d\n", k, c[k], m[k], i[k], ratio(m[k], i[k]), o[k], ok[k], c[k]
				C += c[k]; M += m[k]; I += i[k]; O += o[k]; OK += ok[k]
			}
			printf "   %-9s %8d %9.3f %9.3f %7s %5d %d/%d\n", "all", C, M, I, ratio(M, I), O, OK, C
		}' popeye="$POPEYE" "$TMP/rh.sorted"
	if [ -n "$POPEYE" ] && grep -q ' differs$' "$TMP/rh.cpu"; then
		fail "published helpmates: maat and Popeye Intelligent differ"
	fi
}

# ---- machine

echo "maat bench -- $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "machine: $(nproc 2>/dev/null || echo '?') cores, $(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo 2>/dev/null | sed -n 1p)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "compiler: $(${CC:-cc} --version 2>/dev/null | sed -n 1p)"
bench_t0=$(now)

# BENCH_ONLY=help: only the help play section, one problem a process;
# BENCH_ONLY=selfreflex: only self and reflex play, one problem a process
if [ "${BENCH_ONLY:-}" = realhelp ]; then
	realhelp_alone tests/data/helpmates-long
	echo
	echo "total time of the bench: $(awk -v a="$bench_t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s wall"
	exit $failed
fi
if [ "${BENCH_ONLY:-}" = selfreflex ]; then
	if [ -n "$POPEYE" ] && [ ! -x "$POPEYE" ]; then
		echo "bench: POPEYE=$POPEYE is not an executable" >&2
		exit 2
	fi
	selfreflex_alone tests/corpus/popeye-help-self.jsonl
	echo
	echo "total time of the bench: $(awk -v a="$bench_t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s wall"
	exit $failed
fi
# BENCH_ONLY=help: only the help play section, one problem a process
if [ "${BENCH_ONLY:-}" = help ]; then
	if [ -n "$POPEYE" ] && [ ! -x "$POPEYE" ]; then
		echo "bench: POPEYE=$POPEYE is not an executable" >&2
		exit 2
	fi
	help_alone tests/corpus/popeye-help-self.jsonl
	echo
	echo "total time of the bench: $(awk -v a="$bench_t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s wall"
	exit $failed
fi

# ---- 1. perft

STOCKFISH=${STOCKFISH:-$(command -v stockfish || { [ -x /usr/games/stockfish ] && echo /usr/games/stockfish; })}
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

echo
echo "== 1. perft: ./maat perft --game G [--position P] DEPTH --stats"
echo "   medians of 3; wall: maat's own timing of the count (--stats), CPU: the whole process"
printf '   %-22s %5s %12s %9s %9s %7s %s\n' "game / position" depth nodes "Mn/s wall" "Mn/s CPU" "CPU s" "node count"

# perft_row LABEL GAME POSITION DEPTH EXPECTED [runs]: sets MAAT_CPU
perft_row()
{
	label=$1 game=$2 position=$3 depth=$4 want=$5 runs=${6:-3}
	speeds='' cpus='' i=0 got=''
	while [ $i -lt "$runs" ]; do
		i=$((i + 1))
		if [ -n "$position" ]; then
			run "$TMP/out" "$TMP/err" "$MAAT" perft --game "$game" --position "$position" "$depth" --stats
		else
			run "$TMP/out" "$TMP/err" "$MAAT" perft --game "$game" "$depth" --stats
		fi || { fail "maat perft --game $game $depth: $(cat "$TMP/err")"; return; }
		got=$(cat "$TMP/out")
		speeds="$speeds $(sed -n 's/.* \([0-9.]*\) M nodes\/s.*/\1/p' "$TMP/err")"
		cpus="$cpus $CPU"
	done
	MAAT_CPU=$(median $cpus)
	MAAT_MNPS=$(median $speeds)
	if [ -z "$want" ]; then
		check="not checked (no independent value)"
	elif [ "$got" = "$want" ]; then
		check=ok
	else
		check="WRONG, expected $want"
		fail "perft $label depth $depth: $got nodes, expected $want"
	fi
	# shellcheck disable=SC2086
	printf '   %-22s %5s %12s %9s %9s %7s %s\n' "$label" "$depth" "$got" "$MAAT_MNPS" \
		"$(mnps "$got" "$MAAT_CPU")" "$MAAT_CPU" "$check"
}

# stockfish_row LABEL POSITION-COMMAND DEPTH EXPECTED MAAT-CPU
stockfish_row()
{
	printf '%s\ngo perft %s\nquit\n' "$2" "$3" >"$TMP/sf.in"
	cpus='' walls='' i=0
	while [ $i -lt 3 ]; do
		i=$((i + 1))
		run "$TMP/out" "$TMP/err" "$STOCKFISH" <"$TMP/sf.in" || { fail "stockfish $1"; return; }
		cpus="$cpus $CPU"
		walls="$walls $WALL"
	done
	got=$(sed -n 's/^Nodes searched: *//p' "$TMP/out")
	[ "$got" = "$4" ] || fail "stockfish perft $1 depth $3: $got nodes, expected $4"
	sc=$(median $cpus)
	printf '   %-22s %5s %12s %9s %9s %7s maat %sx as fast (CPU)\n' "stockfish: $1" "$3" "$got" \
		"$(mnps "$got" "$(median $walls)")" "$(mnps "$got" "$sc")" "$sc" "$(ratio "$sc" "$5")"
}

perft_row "chess start" chess "" 6 119060324
chess_cpu=$MAAT_CPU
perft_row "chess Kiwipete" chess "$KIWIPETE" 5 193690690
kiwi_cpu=$MAAT_CPU
if [ -n "$STOCKFISH" ] && [ -x "$STOCKFISH" ]; then
	printf 'quit\n' >"$TMP/sf.in"
	starts=''
	for i in 1 2 3; do
		run "$TMP/out" "$TMP/err" "$STOCKFISH" <"$TMP/sf.in"
		starts="$starts $CPU"
	done
	stockfish_row "start" "position startpos" 6 119060324 "$chess_cpu"
	stockfish_row "Kiwipete" "position fen $KIWIPETE" 5 193690690 "$kiwi_cpu"
	echo "   ($(sed -n 1p "$TMP/out" | cut -c1-40)...: its times include start-up and"
	echo "    network loading, $(median $starts) s CPU alone for 'quit'; nothing subtracted)"
else
	echo "   (stockfish not found: no peer for chess perft)"
fi
perft_row "upuaut start" upuaut "" 7 69360902
awk -v r="$(mnps 69360902 "$MAAT_CPU")" 'BEGIN { exit !(r + 0 <= 15) }' &&
	echo "   upuaut below the target of 15 M nodes/s (CPU)"
perft_row "morok start" morok "" 5 8985488 1
perft_row "morok start" morok "" 6 ""
perft_row "tavlei start" tavlei "" 4 16018408 1
perft_row "tavlei start" tavlei "" 5 ""

# ---- 2. solver

echo
echo "== 2. solver: build/corpus_bench FILE (maat: CPU time of the searches, one thread)"
if [ -n "$POPEYE" ]; then
	if [ ! -x "$POPEYE" ]; then
		fail "POPEYE=$POPEYE is not an executable"
		POPEYE=''
	else
		printf 'BeginProblem\nEndProblem\n' >"$TMP/empty.inp"
		cpus=''
		for i in 1 2 3; do
			# shellcheck disable=SC2086
			run "$TMP/out" "$TMP/err" "$POPEYE" $POPEYE_ARGS "$TMP/empty.inp" </dev/null
			cpus="$cpus $CPU"
		done
		echo "   Popeye: $(sed -n 's/^\(Popeye.*\)$/\1/p' "$TMP/out" | sed -n 1p)"
		echo "   its times: CPU of the process, start-up included ($(median $cpus) s alone), -maxtime $POPEYE_MAXTIME $POPEYE_ARGS"
		echo "   options as the records were made: Try Defence 1 where a record lists tries, HalfDuplex"
		echo "   for Black to move, NoCastling / EnPassant from the FEN (bench/corpus.awk)"
	fi
else
	echo "   (POPEYE not set: no peer for the solver; POPEYE=/path/to/py make bench)"
fi

# corpus FILE LABEL [corpus_bench options]: maat on every record, then Popeye
# on the same records: one process per stipulation length, except records of
# #6 and longer or recorded as taking Popeye a second or more, which get a
# process each (and a line each below).  Popeye's answers are compared with
# the records (bench/popeye.awk), as corpus_bench compares maat's.
corpus()
{
	file=$1 label=$2
	shift 2
	echo
	echo "-- $label: $CORPUS_BENCH $file $*"
	"$CORPUS_BENCH" "$file" "$@" --times "$TMP/maat.each" >"$TMP/cb.out" 2>"$TMP/cb.err"
	rc=$?
	sed 's/^/   /' "$TMP/cb.out"
	if [ $rc -ne 0 ] || grep -q . "$TMP/cb.err"; then
		sed 's/^/   /' "$TMP/cb.err"
		fail "corpus_bench $file: status $rc"
	fi
	[ -n "$POPEYE" ] || return 0
	rm -rf "$TMP/py" && mkdir "$TMP/py"
	tries=0 minn=1 maxn=99 prev=''
	for a in "$@"; do
		[ "$a" = --tries ] && tries=1
		[ "$prev" = --min-n ] && minn=$a
		[ "$prev" = --max-n ] && maxn=$a
		prev=$a
	done
	awk -f bench/corpus.awk -v mode=popeye -v dir="$TMP/py" -v tries=$tries -v minn="$minn" -v maxn="$maxn" \
		"$file" >"$TMP/inputs" || { fail "corpus.awk $file"; return; }
	: >"$TMP/py.cpu"
	while read -r n k inp id; do
		# shellcheck disable=SC2086
		run "$inp.out" "$inp.err" "$POPEYE" $POPEYE_ARGS -maxtime "$POPEYE_MAXTIME" "$inp" </dev/null
		echo "$n $k ${id:--} $CPU" >>"$TMP/py.cpu"
	done <"$TMP/inputs"
	awk -f bench/popeye.awk "$TMP/py/expect" "$TMP"/py/*.out >"$TMP/py.answers"
	echo "   same problems, Popeye (CPU of its processes: $(awk '$3 == "-"' "$TMP/py.cpu" | wc -l) for the groups,"
	echo "   $(awk '$3 != "-"' "$TMP/py.cpu" | wc -l) for records run alone); answers compared with the records:"
	printf '   %-5s %8s %12s %14s %12s %13s %13s\n' group problems "maat CPU s" "Popeye CPU s" "Popeye/maat" \
		"maat agrees" "Popeye agrees"
	# one row per stipulation length, then the total
	awk '
		FILENAME ~ /maat.each$/ { m[$3] += $4; c[$3]++; if ($5 == "ok") mok[$3]++; next }
		FILENAME ~ /py.cpu$/ { p[$1] += $4; next }
		{ if ($3 == "agree") pok[$2]++ }
		function row(g, n, a, b, x, y) {
			printf "   %-5s %8d %12.3f %14.3f %12s %13s %13s\n", g, n, a, b,
				(a > 0 ? sprintf("%.2f", b / a) : "-"), x "/" n, y "/" n
		}
		END {
			for (g = 1; g < 16; g++)
				if (c[g]) {
					row("#" g, c[g], m[g], p[g], mok[g] + 0, pok[g] + 0)
					tc += c[g]; tm += m[g]; tp += p[g]; tmo += mok[g]; tpo += pok[g]
				}
			row("all", tc, tm, tp, tmo, tpo)
		}' "$TMP/maat.each" "$TMP/py.cpu" "$TMP/py.answers"
	if awk '$3 != "-"' "$TMP/py.cpu" | grep -q .; then
		echo "   records run alone:"
		printf '   %-22s %3s %12s %14s %12s %s\n' record N "maat CPU s" "Popeye CPU s" "Popeye/maat" "answers (maat, Popeye)"
		awk '
			FILENAME ~ /maat.each$/ { m[$1] = $4; mv[$1] = $5; next }
			FILENAME ~ /py.answers$/ { pv[$1] = $3; next }
			$3 != "-" {
				printf "   %-22s %3s %12.3f %14.3f %12s %s, %s\n", $3, "#" $1, m[$3], $4,
					(m[$3] > 0 ? sprintf("%.2f", $4 / m[$3]) : "-"), mv[$3], pv[$3]
			}' "$TMP/maat.each" "$TMP/py.answers" "$TMP/py.cpu"
	fi
	if grep -qv ' agree$' "$TMP/py.answers"; then
		echo "   Popeye differs from the record (its answer in canonical moves):"
		grep -v ' agree$' "$TMP/py.answers" | sed 's/^/     /'
		echo "   (a record is Popeye 4.104's answer: a difference means another Popeye, options or -maxtime)"
	fi
}

skipped=$(awk -v m="$MAX_N" '/"status": "ok"/ && match($0, /"n": [0-9]+/) && substr($0, RSTART + 5, RLENGTH - 5) + 0 > m + 0' \
	tests/corpus/popeye-orthodox.jsonl | wc -l)
skipped=$((skipped + 0))
if [ "$skipped" -gt 0 ]; then
	label="#N <= $MAX_N; $skipped longer ones skipped: BENCH_MAX_N=9 runs them"
else
	label="all of them, #1 to #9"
fi
corpus tests/corpus/popeye-orthodox.jsonl "Popeye's orthodox examples with tries ($label)" \
	--tries --max-n "$MAX_N"
# Tries cost Popeye much more than keys alone on the long ones, and the
# records' popeye_cpu_s timed keys alone: the long ones again without tries.
if [ "$MAX_N" -ge 6 ]; then
	corpus tests/corpus/popeye-orthodox.jsonl "the same, #6 to #$MAX_N, keys only (no tries)" \
		--min-n 6 --max-n "$MAX_N"
fi
corpus tests/corpus/lichess-mates.jsonl "Lichess mates in 2 to 5 (all)"

# deep ID FIRST LAST: one record of popeye-orthodox.jsonl solved as #FIRST to
# #LAST (keys only) by `maat verify` and, with POPEYE, by Popeye: CPU of the
# whole process (medians of 3 below 10 s, else one run), the ratio
# Popeye/maat, and each one's growth per extra move (the target: maat's
# growth no more than Popeye's).  Popeye's key set is compared with maat's.
deep()
{
	id=$1 first=$2 last=$3
	grep "\"id\": \"$id\"" tests/corpus/popeye-orthodox.jsonl >"$TMP/deep.jsonl"
	fen=$(sed -n 's/.*"fen": "\([^"]*\)".*/\1/p' "$TMP/deep.jsonl")
	if [ -z "$fen" ]; then
		fail "deep: no record $id"
		return
	fi
	echo "$fen" >"$TMP/deep.fen"
	rm -rf "$TMP/deep" && mkdir "$TMP/deep"
	if [ -n "$POPEYE" ]; then
		awk -f bench/corpus.awk -v mode=popeye -v dir="$TMP/deep" "$TMP/deep.jsonl" >"$TMP/deep.list" ||
			{ fail "corpus.awk $id"; return; }
		inp=$(awk '{ print $3; exit }' "$TMP/deep.list")
	fi
	echo
	echo "-- $id solved as #$first to #$last: $MAAT verify -j 1 --tries 0 --stip '#N' (keys only)"
	echo "   CPU of the whole process (user + system), medians of 3 below 10 s (maat below 0.5 s: the mean"
	echo "   of as many runs as take 2 s); growth: CPU(#N) / CPU(#N-1)"
	printf '   %-4s %10s %8s %12s %8s %12s %s\n' N "maat CPU s" growth "Popeye CPU s" growth Popeye/maat \
		"keys (maat; Popeye)"
	n=$first pm='' pp=''
	while [ "$n" -le "$last" ]; do
		cpus='' i=0 mc=0
		while [ $i -lt 3 ] && awk -v c="$mc" 'BEGIN { exit !(c < 10) }'; do
			i=$((i + 1))
			run "$TMP/deep.out" "$TMP/deep.err" "$MAAT" verify -j 1 --tries 0 --json --no-time --stip "#$n" \
				"$TMP/deep.fen"
			[ $? -le 1 ] || { fail "maat verify $id #$n: $(sed -n 1p "$TMP/deep.err")"; return; }
			cpus="$cpus $CPU"
			mc=$CPU
		done
		mc=$(median $cpus)
		# Below 0.5 s of wall, the mean of as many runs as take 2 s: the CPU
		# a shell reads is counted in 10 ms ticks, and cut, not rounded, per
		# read -- runs of 0.006 and 0.019 s read 0.00 and 0.01.  The runs
		# go in one read, so the cut is one tick in 2 s.
		if awk -v w="$WALL" 'BEGIN { exit !(w < 0.5) }'; then
			reps=$(awk -v w="$WALL" 'BEGIN { r = int(2 / (w > 0.002 ? w : 0.002)); print (r > 1000 ? 1000 : r) }')
			run_repeat "$reps" "$TMP/deep.out" "$TMP/deep.err" "$MAAT" verify -j 1 --tries 0 --json \
				--no-time --stip "#$n" "$TMP/deep.fen"
			mc=$(awk -v c="$CPU" -v r="$reps" 'BEGIN { printf "%.4f", c / r }')
		fi
		keys=$(sed -n 's/.*"keys":{\([^}]*\)}.*/\1/p' "$TMP/deep.out" | tr ',' '\n' |
			sed -n 's/^"\([a-h][1-8][a-h][1-8][qrbn]*\)".*/\1/p' | sort | paste -sd, -)
		[ -n "$keys" ] || keys=-
		pc=- ratio_s=- growth_p=- answer=$keys
		if [ -n "$POPEYE" ]; then
			sed "s/^Stipulation #.*/Stipulation #$n/" "$inp" >"$TMP/deep/n$n.inp"
			echo "$id $n w $keys *" >"$TMP/deep/expect"
			cpus='' i=0 c=0
			while [ $i -lt 3 ] && awk -v c="$c" 'BEGIN { exit !(c < 10) }'; do
				i=$((i + 1))
				# shellcheck disable=SC2086
				run "$TMP/deep/n$n.out" "$TMP/deep/n$n.err" "$POPEYE" $POPEYE_ARGS \
					-maxtime "$POPEYE_MAXTIME" "$TMP/deep/n$n.inp" </dev/null
				cpus="$cpus $CPU"
				c=$CPU
			done
			pc=$(median $cpus)
			verdict=$(awk -f bench/popeye.awk "$TMP/deep/expect" "$TMP/deep/n$n.out" | cut -d' ' -f3-)
			case "$verdict" in
			agree) answer="$keys; the same" ;;
			*)
				answer="$keys; Popeye: $verdict"
				fail "$id #$n: Popeye's keys differ from maat's ($verdict)"
				;;
			esac
			ratio_s=$(ratio "$pc" "$mc")
			[ -n "$pp" ] && growth_p=$(ratio "$pc" "$pp")
			pp=$pc
		fi
		growth_m=-
		[ -n "$pm" ] && growth_m=$(ratio "$mc" "$pm")
		pm=$mc
		printf '   %-4s %10s %8s %12s %8s %12s %s\n' "#$n" "$mc" "$growth_m" "$pc" "$growth_p" "$ratio_s" \
			"$answer"
		n=$((n + 1))
	done
}

if [ "$MAX_N" -ge 6 ]; then
	deep pylong-derived-003 5 "${BENCH_DEEP_N:-10}"
fi

# plays FILE: help, self, reflex and series play (tests/corpus/popeye-help-self.jsonl):
# maat on every record (corpus_bench, PLAYS_MAXTIME seconds each at most),
# then, with POPEYE, Popeye on the same records in one process per play and
# length (bench/plays.awk writes the inputs, Option MaxTime PLAYS_MAXTIME),
# with the options the records name, and help play again with Option
# Intelligent; its answers compared with the records (bench/plays_check.awk).
# One row per play and length, one per play; the target: Popeye/maat >= 5.
plays()
{
	file=$1
	echo
	echo "-- help, self, reflex and series play: $CORPUS_BENCH $file --max-time $PLAYS_MAXTIME"
	"$CORPUS_BENCH" "$file" --max-time "$PLAYS_MAXTIME" --times "$TMP/maat.each" >"$TMP/cb.out" 2>"$TMP/cb.err"
	rc=$?
	sed 's/^/   /' "$TMP/cb.out"
	if [ $rc -ne 0 ] || grep -q . "$TMP/cb.err"; then
		sed 's/^/   /' "$TMP/cb.err"
		fail "corpus_bench $file: status $rc"
	fi
	[ -n "$POPEYE" ] || return 0
	rm -rf "$TMP/py" && mkdir "$TMP/py"
	awk -f bench/plays.awk -v dir="$TMP/py" -v maxtime="$PLAYS_MAXTIME" "$file" >"$TMP/groups" ||
		{ fail "plays.awk $file"; return; }
	: >"$TMP/py.cpu"
	while read -r play n how inp; do
		# shellcheck disable=SC2086
		run "$inp.out" "$inp.err" "$POPEYE" $POPEYE_ARGS "$inp" </dev/null
		echo "$play $n $how $CPU" >>"$TMP/py.cpu"
	done <"$TMP/groups"
	# help-N (not help-intelligent-N), reflex, self, series-*
	awk -f bench/plays_check.awk "$TMP/py/expect" "$TMP"/py/help-[0-9]*.out "$TMP"/py/[rs]*.out \
		>"$TMP/py.answers" 2>/dev/null
	awk -f bench/plays_check.awk "$TMP/py/expect" "$TMP"/py/help-intelligent-*.out >"$TMP/py.intelligent"
	echo "   same problems, Popeye (CPU of one process per play and length; its start-up included),"
	echo "   with the records' options, and help play with Option Intelligent for all (\"Intell.\");"
	echo "   answers compared with the records; ratios Popeye/maat (target: 5 or more)"
	printf '   %-14s %5s %6s %10s %10s %8s %10s %8s %8s %8s %8s\n' play N problems "maat CPU" "Popeye" \
		"ratio" "Intell." "ratio" "maat ok" "Popeye" "Intell."
	# the per-record answers know their play and length from maat.each
	awk 'FILENAME ~ /maat.each$/ { pn[$1] = $2 " " $3; next } { print $1, pn[$1], $3 }' \
		"$TMP/maat.each" "$TMP/py.answers" >"$TMP/py.answers.pn"
	awk 'FILENAME ~ /maat.each$/ { pn[$1] = $2 " " $3; next } { print $1, pn[$1], $3 }' \
		"$TMP/maat.each" "$TMP/py.intelligent" >"$TMP/py.intelligent.pn"
	awk '
		FILENAME ~ /maat.each$/ {
			k = $2 " " $3; m[k] += $4; c[k]++; if ($5 == "ok") mok[k]++
			if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
			next
		}
		FILENAME ~ /py.cpu$/ { if ($3 == "named") p[$1 " " $2] = $4; else pi[$1 " " $2] = $4; next }
		FILENAME ~ /py.answers.pn$/ { if ($4 == "agree") pok[$2 " " $3]++; next }
		FILENAME ~ /py.intelligent.pn$/ { if ($4 == "agree") piok[$2 " " $3]++; next }
		function ratio(a, b) { return a > 0 ? sprintf("%.2f", b / a) : "-" }
		function row(play, n, cnt, a, b, bi, x, y, z, hi) {
			printf "   %-14s %5s %6d %10.3f %10.3f %8s %10s %8s %8s %8s %8s\n", play, n, cnt, a, b,
				ratio(a, b), (hi ? sprintf("%.3f", bi) : "-"), (hi ? ratio(a, bi) : "-"),
				x "/" cnt, y "/" cnt, (hi ? z "/" cnt : "-")
		}
		function later(a, b,   x, y) {
			split(a, x, " "); split(b, y, " ")
			return x[1] != y[1] ? x[1] > y[1] : x[2] + 0 > y[2] + 0
		}
		END {
			for (i = 2; i <= nk; i++)
				for (j = i; j > 1 && later(keys[j - 1], keys[j]); j--) {
					t = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = t
				}
			for (i = 1; i <= nk; i++) {
				k = keys[i]; split(k, f, " "); P = f[1]; hi = k in pi
				row(P, f[2], c[k], m[k], p[k], pi[k], mok[k] + 0, pok[k] + 0, piok[k] + 0, hi)
				tc[P] += c[k]; tm[P] += m[k]; tp[P] += p[k]; tmo[P] += mok[k]; tpo[P] += pok[k]
				if (hi) { tpi[P] += pi[k]; tpio[P] += piok[k]; hasi[P] = 1 }
				if (!(P in pseen)) { pseen[P] = 1; plays[++np] = P }
			}
			for (i = 1; i <= np; i++) {
				P = plays[i]
				row(P, "all", tc[P], tm[P], tp[P], tpi[P], tmo[P] + 0, tpo[P] + 0, tpio[P] + 0, P in hasi)
			}
		}' "$TMP/maat.each" "$TMP/py.cpu" "$TMP/py.answers.pn" "$TMP/py.intelligent.pn"
	grep -v ' agree$' "$TMP/py.answers" "$TMP/py.intelligent" | sed 's/^[^:]*py\./     Popeye (/; s/:/): /' |
		sed -n '1s/^/   Popeye differs from the record or did not finish:\n/; p'
}

plays tests/corpus/popeye-help-self.jsonl
help_alone tests/corpus/popeye-help-self.jsonl
selfreflex_alone tests/corpus/popeye-help-self.jsonl
realhelp_alone tests/data/helpmates-long

# ---- 3. diagrams

echo
echo "== 3. diagrams: ./maat render SET -o DIR/ --format F (one file per diagram)"
echo "   diagrams per second of wall time and per second of CPU (whole process), medians of 3"
awk -f bench/corpus.awk -v mode=yaml -v limit=100 tests/corpus/popeye-orthodox.jsonl >"$TMP/corpus200.yaml"
awk -f bench/corpus.awk -v mode=yaml -v limit=100 tests/corpus/lichess-mates.jsonl >>"$TMP/corpus200.yaml"

# render_row LABEL FORMAT ARGS...: renders into $TMP/r three times; FILES is
# the number of files written, RATE the diagrams ($DIAGRAMS) per wall second,
# CRATE per CPU second (the machine is shared: wall time includes waiting).
render_row()
{
	label=$1 format=$2
	shift 2
	walls='' cpus='' i=0
	while [ $i -lt 3 ]; do
		i=$((i + 1))
		rm -rf "$TMP/r" && mkdir "$TMP/r"
		run "$TMP/out" "$TMP/err" "$MAAT" render "$@" || {
			fail "maat render $*: $(sed -n 1p "$TMP/err")"
			FILES=0 RATE=0 CRATE=0
			return
		}
		walls="$walls $WALL"
		cpus="$cpus $CPU"
	done
	FILES=$(find "$TMP/r" -type f | wc -l)
	FILES=$((FILES + 0))
	[ -n "$DIAGRAMS" ] || DIAGRAMS=$FILES
	w=$(median $walls) c=$(median $cpus)
	RATE=$(awk -v n="$DIAGRAMS" -v s="$w" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
	CRATE=$(awk -v n="$DIAGRAMS" -v s="$c" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
	printf '   %-30s %-14s %6s %8s %7s %7s %7s\n' "$label" "$format" "$FILES" "$w" "$c" "$RATE" "$CRATE"
}

# render_set LABEL PATH...: the PNG run, one file per diagram, counts them.
render_set()
{
	label=$1
	shift
	DIAGRAMS=''
	render_row "$label" png "$@" -o "$TMP/r/" --format png
	png_rate=$RATE png_crate=$CRATE
	render_row "$label" svg "$@" -o "$TMP/r/" --format svg
	render_row "$label" pdf "$@" -o "$TMP/r/" --format pdf
	render_row "$label" "pdf, one file" "$@" -o "$TMP/r/all.pdf"
	[ "$png_rate" -ge 100 ] ||
		echo "   $label: below the target of 100 PNG/s in wall time ($png_crate per CPU second," \
			"load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null))"
}

printf '   %-30s %-14s %6s %8s %7s %7s %7s\n' set format files "wall s" "CPU s" "/s wall" "/s CPU"
if [ -n "$(find puzzles -name '*.yaml' 2>/dev/null | sed -n 1p)" ]; then
	render_set "puzzles/" puzzles
else
	echo "   (puzzles/ holds no .yaml file yet)"
fi
render_set "corpus sample (200 chess)" "$TMP/corpus200.yaml"

# ---- 4. composer (maat compose; this section belongs to the composer)
# Sound problems found per minute, per game and length, with all cores (the
# target: 10 win-in-2 problems a minute per game); every problem written is
# verified again.  BENCH_COMPOSE_SECONDS (default 20) per run.

echo
COMPOSE_S=${BENCH_COMPOSE_SECONDS:-20}
echo "== 4. composer: ./maat compose --game G --stip 'win in N' --seed 1 --count 100000 --max-time $COMPOSE_S"
echo "   all cores (-j 0: $(nproc 2>/dev/null || echo '?')); per minute of wall time and of CPU time; then ./maat verify on the output"
printf '   %-7s %-9s %7s %8s %8s %9s %9s %11s %s\n' game stip found "wall s" "CPU s" "/min wall" "/min CPU" candidates verified
for game in upuaut tavlei morok chess; do
	for n in 2 3; do
		run "$TMP/c.yaml" "$TMP/c.err" "$MAAT" compose --game "$game" --stip "win in $n" --seed 1 \
			--count 100000 --max-time "$COMPOSE_S" -o "$TMP/c.yaml"
		found=$(sed -n 's/^compose: \([0-9]*\)\/.*/\1/p' "$TMP/c.err")
		cands=$(sed -n 's/^compose: .* s; \([0-9]*\) candidates.*/\1/p' "$TMP/c.err")
		if [ -z "$found" ]; then
			fail "maat compose --game $game --stip 'win in $n': $(sed -n 1p "$TMP/c.err")"
			continue
		fi
		verified='-'
		if [ "$found" -gt 0 ]; then
			"$MAAT" verify "$TMP/c.yaml" >"$TMP/v.out" 2>&1
			verified=$(tail -n 1 "$TMP/v.out")
			case "$verified" in
			"$found puzzles: $found sound" | "1 puzzle: 1 sound") verified="all sound" ;;
			*) fail "compose $game win in $n: not all sound: $verified" ;;
			esac
		fi
		pm_wall=$(awk -v f="$found" -v s="$WALL" 'BEGIN { printf "%.1f", (s > 0 ? 60 * f / s : 0) }')
		pm_cpu=$(awk -v f="$found" -v s="$CPU" 'BEGIN { printf "%.1f", (s > 0 ? 60 * f / s : 0) }')
		printf '   %-7s %-9s %7s %8s %8s %9s %9s %11s %s\n' "$game" "win in $n" "$found" "$WALL" "$CPU" \
			"$pm_wall" "$pm_cpu" "$cands" "$verified"
		[ "$n" = 2 ] && awk -v r="$pm_wall" 'BEGIN { exit !(r + 0 < 10) }' &&
			echo "   $game: below the target of 10 sound win-in-2 problems a minute"
	done
done

# The issue's own measure (issue 22): one core, the default settings, ten
# problems of win in 2 per game, problems per CPU-minute, each verified
# (bench/compose_rate.sh; BENCH_COMPOSE_SEEDS, default "44 45": ~4 min of CPU).
echo
COMPOSE_SEEDS=${BENCH_COMPOSE_SEEDS:-44 45} sh bench/compose_rate.sh "$MAAT" ||
	fail "bench/compose_rate.sh: a run failed or a problem was not sound"

# ---- end

echo
echo "total time of the bench: $(awk -v a="$bench_t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s wall"
if [ $failed -ne 0 ]; then
	echo "bench: FAILED (see FAIL lines above)"
	exit 1
fi
