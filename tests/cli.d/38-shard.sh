# --shard K/N, maat summary, --progress, the batch's default --max-time (maat(1))
SH=$(mktemp -d)
./maat verify --json --no-time tests/verdicts >"$SH/all.jsonl" 2>/dev/null
for k in 0 1 2; do
	./maat verify --json --no-time --shard $k/3 tests/verdicts >"$SH/s$k.jsonl" 2>/dev/null
done
# the shards together are the whole batch, each problem once
n_all=$(wc -l <"$SH/all.jsonl")
n_shards=$(cat "$SH"/s?.jsonl | wc -l)
check "shard: the shards hold every problem" test "$n_all" = "$n_shards"
check "shard: the same verdicts" test "$(sort "$SH/all.jsonl" | md5sum)" = "$(cat "$SH"/s?.jsonl | sort | md5sum)"
whole=$(./maat verify tests/verdicts 2>/dev/null | tail -1)
expect "summary: merged shards give verify's summary" 2 "$whole" -- summary "$SH/s0.jsonl" "$SH/s1.jsonl" "$SH/s2.jsonl"
expect "summary: a problem given twice" 2 "given twice" -- summary "$SH/s0.jsonl" "$SH/s0.jsonl"
printf 'not json\n{"verdict":"sound"}\n' >"$SH/bad.jsonl"
expect "summary: a line that is no verdict" 2 "1 puzzle: 1 sound, 1 line not a verdict" -- summary "$SH/bad.jsonl"
out=$(head -1 "$SH/all.jsonl" | ./maat summary - 2>&1)
case $out in "1 puzzle: "*) ok ;; *) bad "summary: standard input: $out" ;; esac
expect "shard: K must be below N" 2 "maat: verify: --shard takes K/N with 0 <= K < N <= 1000000, got '3/3'" \
	-- verify --shard 3/3 tests/verdicts
expect "shard: the summary names the shard" 2 "(shard 1/3)" -- verify --shard 1/3 tests/verdicts
# --progress: a line on standard error even into a file (the batch is quick: the
# line comes every 10 s, so here only the option is taken and stdout stays clean)
./maat verify --progress tests/verdicts/sound.yaml >"$SH/out" 2>"$SH/err"
check "progress: stdout only verdicts" grep -q "^1 puzzle: 1 sound" "$SH/out"
expect "help: verify lists its options" 2 "--shard K/N" -- verify
rm -rf "$SH"
