# maat convert --solve over many files: every file's puzzles get their
# solutions (files past the 64th were written without them), and a --solve
# that cannot run writes nothing (maat(1) convert)
CM=$(mktemp -d)
i=0
while [ $i -lt 70 ]; do
	printf '8/8/8/8/8/5k2/5q2/7K b - - 0 1\n' >"$CM/p$(printf %03d $i).fen"
	i=$((i + 1))
done
expect_exact "convert --solve: 70 files, 70 solutions" 0 -- \
	convert --solve --stip "#1" "$CM"/p*.fen -o "$CM/all.yaml" <<END
$CM/all.yaml: 70 puzzles written
END
check "convert --solve: ... each with its solution" test "$(grep -c '^solution: ' "$CM/all.yaml")" = 70
awk '/^---/ { n++ } n == 70' "$CM/all.yaml" >"$CM/last.yaml"
check "convert --solve: ... the last file's too" grep -q '^  1.Qf2-g2#!$' "$CM/last.yaml"
# the tables cannot be had: no file without the solutions asked for
printf 'old\n' >"$CM/old.yaml"
expect "convert --solve: tables that do not fit write nothing" 2 \
	": nothing written (the file is as it was)" -- \
	convert --solve --stip "#1" --hash 65536 -j 64 "$CM"/p000.fen -o "$CM/old.yaml"
check "convert --solve: ... the old file kept" test "$(cat "$CM/old.yaml")" = old
rm -rf "$CM"
