#!/bin/sh
# maat's start-up (issue 25 part 2), measured with perf stat: task-clock and
# page faults of one process, the mean of many.
#
#   sh bench/startup.sh [MAAT...]
#       `MAAT --version` and `MAAT solve` of a mate in 1 beside an empty C
#       program linked to what maat links dynamically (libyaml, zlib, libm)
#       and one linked to cairo's shared libraries as well (cc and
#       pkg-config needed); each binary ROUNDS times (default 3),
#       alternating, REPS runs a round (default 100)
#   POPEYE=/work/popeye/py sh bench/startup.sh --records [MAAT...]
#       every self and reflex record of tests/corpus/popeye-help-self.jsonl,
#       one problem a process, with and without tries as in bench/bench.sh's
#       section (maat solve --format popeye --tries 0 and 1, Popeye with
#       Option Try and without), each the task-clock of one process (the
#       mean of REPS runs, default 20, where one run is under 50 ms); the
#       records where maat takes more than 1/5 of Popeye's CPU are named,
#       with each binary; TABLE=FILE keeps every record's line there (id,
#       play, length, Popeye without and with Try, then each binary's
#       --tries 0 and --tries 1, ms).  bench.sh times with the shell's `times`, in
#       clock ticks of 10 ms over 20 runs: steps of 0.5 ms where these
#       records take 1-3 ms; perf's task-clock is exact.
set -eu
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "startup.sh: perf is needed (Debian: linux-perf)" >&2; exit 2; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/maat-startup.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
ROUNDS=${ROUNDS:-3}

# clock FILE REPS CMD...: the mean task-clock (ms) and page faults of CMD
clock()
{
	file=$1 reps=$2
	shift 2
	perf stat -x, -e task-clock,page-faults -r "$reps" -o "$TMP/perf" "$@" >/dev/null 2>&1 </dev/null || true
	awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 }
		END { printf "%.3f %d\n", t, f }' "$TMP/perf" >"$file"
}

if [ "${1:-}" = --records ]; then
	shift
	[ $# -gt 0 ] || set -- ./maat
	POPEYE=${POPEYE:?POPEYE=path of Popeye is needed}
	REPS=${REPS:-20}
	mkdir "$TMP/sr"
	awk -f bench/plays.awk -v dir="$TMP/sr" -v maxtime=60 -v selfreflex=1 \
		tests/corpus/popeye-help-self.jsonl >"$TMP/list"
	n=$(wc -l <"$TMP/list")
	# timed CMD...: its task-clock (ms); one run first, REPS of them when it is short
	timed()
	{
		clock "$TMP/one" 1 "$@"
		if awk '{ exit !($1 < 50) }' "$TMP/one"; then
			clock "$TMP/one" "$REPS" "$@"
		fi
		cut -d' ' -f1 "$TMP/one"
	}
	while read -r play len id plain try; do
		p0=$(timed "$POPEYE" "$plain")
		p1=$(timed "$POPEYE" "$try")
		line="$id $play $len $p0 $p1"
		for m in "$@"; do
			m0=$(timed "$m" solve --format popeye --tries 0 --max-time 60 "$plain")
			m1=$(timed "$m" solve --format popeye --tries 1 --max-time 60 "$plain")
			line="$line $m0 $m1"
		done
		echo "$line"
	done <"$TMP/list" >"$TMP/records"
	[ -z "${TABLE:-}" ] || cp "$TMP/records" "$TABLE"
	i=0
	for m in "$@"; do
		awk -v c=$((6 + 2 * i)) -v m="$m" -v n="$n" '
			{ r0 = $4 / $c; r1 = $5 / $(c + 1); m0 += $c; m1 += $(c + 1); p0 += $4; p1 += $5
			  if (r0 < 5 || r1 < 5) {
				  under++
				  printf "   under 5: %s (%s %s) maat %.2f ms, Popeye %.2f ms; with tries %.2f, %.2f\n",
					  $1, $2, $3, $c, $4, $(c + 1), $5
			  } }
			END { printf "%s: %d of %d records under 1/5 of Popeye (with or without tries); " \
				  "CPU in all %.3f s (Popeye %.3f), with tries %.3f s (Popeye %.3f)\n",
				  m, n - under, n, m0 / 1000, p0 / 1000, m1 / 1000, p1 / 1000 }' "$TMP/records"
		i=$((i + 1))
	done
	exit 0
fi

[ $# -gt 0 ] || set -- ./maat
echo 'int main(void) { return 0; }' >"$TMP/empty.c"
# shellcheck disable=SC2046
cc -O2 -o "$TMP/empty-yaml-z-m" "$TMP/empty.c" -Wl,--no-as-needed $(pkg-config --libs yaml-0.1 zlib) -lm
# shellcheck disable=SC2046
cc -O2 -o "$TMP/empty-with-cairo" "$TMP/empty.c" -Wl,--no-as-needed \
	$(pkg-config --libs yaml-0.1 cairo freetype2 zlib) -lm
printf 'BeginProblem\nForsyth 7k/8/6K1/8/8/8/8/R7\nStipulation #1\nOption NoBoard\nEndProblem\n' >"$TMP/mate1.inp"
REPS=${REPS:-100}
echo "task-clock ms and page faults, the mean of $REPS runs, $ROUNDS rounds (perf stat)"
for _ in $(seq "$ROUNDS"); do
	for b in "$TMP/empty-yaml-z-m" "$TMP/empty-with-cairo" "$@"; do
		clock "$TMP/v" "$REPS" "$b" --version
		printf '  %-26s --version %s\n' "$(basename "$b")" "$(cat "$TMP/v")"
		case $b in "$TMP"/*) continue ;; esac
		clock "$TMP/s" "$REPS" "$b" solve --format popeye "$TMP/mate1.inp"
		printf '  %-26s solve #1  %s\n' "$(basename "$b")" "$(cat "$TMP/s")"
	done
done
