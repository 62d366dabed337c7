#!/bin/sh
# run.sh DIR SECONDS NAME... -- run each harness DIR/fuzz_NAME for SECONDS,
# starting from the seed corpus tests/fuzz/corpus-NAME (read only: what
# the run finds goes to a scratch directory), with the dictionary
# tests/fuzz/NAME.dict; the harnesses that read puzzle files or their
# stipulations also get the grammar of man/maat-puzzle.5 (grammar-dict.sh).
# A crash, a sanitizer report, a leak, a hang (FUZZ_TIMEOUT, 10 s, for one
# input) or a broken invariant fails the run, and the input is kept in
# tests/fuzz/crash-NAME-* to be turned into a regression test.  Prints
# execs and coverage for each harness.
# FUZZ_CORPUS=DIR: grow DIR/NAME instead (kept, so that a long run made of
# several goes starts where the last one ended).
# libFuzzer's timeout is wall-clock time: a run at nice 19 on a busy machine
# can be starved of the CPU for longer than that on an input of a few
# milliseconds.  So a timeout's input is run again alone, and the run says
# whether it reproduces; long niced runs want FUZZ_TIMEOUT=120 or so.
dir=$1 secs=$2
timeout=${FUZZ_TIMEOUT:-10}
shift 2
here=$(dirname "$0")
status=0
for name in "$@"; do
	work=$(mktemp -d /tmp/maat-fuzz-"$name".XXXXXX) || exit 1
	log="$work/log"
	corpus="$work/corpus"
	[ -n "$FUZZ_CORPUS" ] && corpus="$FUZZ_CORPUS/$name"
	mkdir -p "$corpus"
	: >"$work/dict"
	[ -f "$here/$name.dict" ] && cat "$here/$name.dict" >>"$work/dict"
	case $name in
	yaml | render | stip | convert)
		sh "$here/grammar-dict.sh" "$here/../../man/maat-puzzle.5" >>"$work/dict" || exit 1
		;;
	esac
	# convert reads YAML and Popeye input alike
	[ "$name" = convert ] && cat "$here/yaml.dict" "$here/popeye.dict" >>"$work/dict"
	dict=
	[ -s "$work/dict" ] && dict="-dict=$work/dict"
	"$dir/fuzz_$name" -max_total_time="$secs" -timeout="$timeout" -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="$here/crash-$name-" \
		$dict "$corpus" "$here/corpus-$name" >"$log" 2>&1
	rc=$?
	# the last "#N ... cov: C ft: F" line, and the final execs
	stats=$(grep -aE '^#[0-9]+' "$log" | tail -1 | sed 's/^\(#[0-9]*\).*\(cov: [0-9]*\).*\(ft: [0-9]*\).*\(corp: [^ ]*\).*/\1 \2 \3 \4/')
	execs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
	if [ "$rc" = 0 ]; then
		echo "fuzz $name: ok, $execs execs in ${secs}s, $stats"
	else
		echo "fuzz $name: FAILED (exit $rc); log:" >&2
		grep -av '^#[0-9]' "$log" | tail -40 >&2
		unit=$(sed -n 's/.*Test unit written to \(.*-timeout-.*\)/\1/p' "$log" | tail -1)
		if [ -n "$unit" ] && [ -f "$unit" ]; then
			if "$dir/fuzz_$name" -timeout="$timeout" -runs=1 "$unit" >"$work/again" 2>&1; then
				echo "fuzz $name: the timeout does not reproduce alone:" \
					"$(grep -a '^Executed' "$work/again")" \
					"(starved of the CPU? FUZZ_TIMEOUT=$timeout)" >&2
			else
				echo "fuzz $name: the timeout reproduces: $unit" >&2
			fi
		fi
		status=1
	fi
	rm -rf "$work"
done
exit $status
