# Text from the input whole in what maat prints, never cut to a buffer:
# the puzzle's label past 1023 bytes of path, a twin's stipulation
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
# 'Stipulation help-win in N': the three words were cut to 63 bytes
# together unless the first was 'win'
cat >"$WT/hw.yaml" <<END
---
algebraic:
  white: [Kc1, Qd1]
  black: [Ka8]
stipulation: "#2"
twins:
  b: "Stipulation help-win in 2$(printf '%060d' 0)"
END
expect "twin: help-win in N too long is said so" 2 \
	"hw.yaml:7:19: twin b): Stipulation: 'help-win in 2000000000000000000000000000000000000000...' is too long" \
	-- verify "$WT/hw.yaml"
# paths maat makes or checks, whole: render's DIR/NAME-01.png past 4095
# bytes was cut (and the message naming it cut too), compose checked a
# copy of -o cut at 4095 bytes
rdir=$WT/r
while [ ${#rdir} -lt 3800 ]; do rdir=$rdir/$(printf '%0250d' 0); done
rdir=$rdir/$(printf "%0$((4088 - ${#rdir} - 1))d" 0) # a directory of 4088 bytes
mkdir -p "$rdir"
expect "render: a diagram's path too long is said so" 2 \
	"/: the path of the diagram of tests/verdicts/sound.yaml would be longer than 4095 bytes (nothing written)" \
	-- render tests/verdicts/sound.yaml -o "$rdir/"
long=$WT/$(printf '%05000d' 1).yaml
expect "compose: -o past 4095 bytes named whole" 2 "$(printf '%05000d' 1).yaml: File name too long" \
	-- compose --game upuaut --stip "win in 2" -o "$long"
rm -rf "$WT"
