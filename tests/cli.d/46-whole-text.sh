# Text from the input whole in what maat prints, never cut to a buffer:
# the puzzle's label past 1023 bytes of path
WT=$(mktemp -d)
deep=$WT
for k in 1 2 3 4 5 6; do deep=$deep/$(printf '%0200d' $k); done
mkdir -p "$deep"
cp tests/verdicts/sound.yaml "$deep/s.yaml"
# the label was cut at 1023 bytes: 'DIR/.../000: sound', a directory's name
out=$(./maat verify "$deep/s.yaml" 2>&1)
case $out in "$deep/s.yaml: sound"*) ok ;; *) bad "verify: a path of 1250 bytes whole: $(printf '%s' "$out" | tail -c 80)" ;; esac
out=$(./maat solve "$deep/s.yaml" 2>&1)
case $out in *"$deep/s.yaml"*) ok ;; *) bad "solve: a path of 1250 bytes whole" ;; esac
printf 'BeginProblem\nPieces White Kc1 Qz1 Black Ka8\nStipulation #2\nEndProblem\n' >"$deep/bad.inp"
expect "convert: not converted, the path whole" 2 "$deep/bad.inp:1: not converted" \
	-- convert "$deep/bad.inp" "$deep/s.yaml" -o "$WT/out.yaml"
rm -rf "$WT"
