# convert's round trips (issue 23, item 14): every puzzle file of
# tests/data, tests/verdicts and puzzles/ that convert writes is written
# both ways, Popeye -> YAML -> Popeye and YAML -> Popeye -> YAML (other
# games: YAML -> YAML -> YAML), and the second round gives the first
# round's bytes:
# what maat writes, maat reads back as the same problems, title, origin
# (its year once), award, authors, HalfDuplex with en passant and all.
# The puzzles convert leaves out of the first file (fairy pieces, errors)
# are its to name (39-convert.sh); none may be lost after it.
RT=$(mktemp -d /tmp/maat-rt.XXXXXX)
rt_files=0 rt_bad=""
# round FILE EXT1 EXT2: FILE -> 1.EXT1 -> 2.EXT2 -> 3.EXT1; 1 and 3 the same
# (EXT2 yaml too: 2 and 3 are the same file then)
round() {
	rm -f "$RT"/1.* "$RT"/2.* "$RT"/3.*
	"$MAAT" convert "$1" -o "$RT/1.$2" >/dev/null 2>&1
	[ -s "$RT/1.$2" ] || return 0 # nothing maat writes in it
	n1=$(grep -c -e '^---' -e '^BeginProblem' -e '^NextProblem' "$RT/1.$2")
	"$MAAT" convert "$RT/1.$2" -o "$RT/2.$3" >/dev/null 2>&1
	"$MAAT" convert "$RT/2.$3" -o "$RT/3.$2" >/dev/null 2>&1
	n3=$(grep -c -e '^---' -e '^BeginProblem' -e '^NextProblem' "$RT/3.$2" 2>/dev/null)
	rt_files=$((rt_files + 1))
	if [ "$n1" != "$n3" ] || ! cmp -s "$RT/1.$2" "$RT/3.$2"; then
		rt_bad="$rt_bad $1($2->$3)"
		diff "$RT/1.$2" "$RT/3.$2" | head -6 >&2
	fi
}
# (the sanitizer run, CLI_SANITIZED, takes every third file: its five
# seconds a file go to memory errors, the same code on fewer files; the
# plain run takes them all)
rt_i=0 rt_min=60
[ -z "$CLI_SANITIZED" ] || rt_min=20
for f in tests/data/*.yaml tests/data/*/*.yaml tests/data/popeye/*.inp tests/verdicts/*.yaml \
	puzzles/*/*.yaml; do
	[ -f "$f" ] || continue
	rt_i=$((rt_i + 1))
	[ -z "$CLI_SANITIZED" ] || [ $((rt_i % 3)) = 1 ] || continue
	case $f in
	*.inp)
		# (from the YAML on: YACPDB writes a date as 1979-11-08, a Popeye
		# Origin may say 8.11.1979)
		round "$f" yaml inp
		;;
	*)
		# (a Popeye file holds no solution nor keywords: YAML -> Popeye ->
		# YAML is compared from the Popeye file on, YAML's own by YAML ->
		# YAML)
		round "$f" yaml yaml
		grep -q '^game: *\(tavlei\|upuaut\|morok\)' "$f" || round "$f" inp yaml
		;;
	esac
done
check "round trips: convert twice gives the same file ($rt_files files; not:${rt_bad:- none})" \
	test -z "$rt_bad" -a "$rt_files" -gt "$rt_min"
# item 14's cases, each by name
"$MAAT" convert tests/hostile/round-trip-meta.inp -o "$RT/meta.yaml" 2>/dev/null
"$MAAT" convert "$RT/meta.yaml" -o "$RT/meta2.inp" 2>/dev/null
check "round trips: .inp -> YAML -> .inp keeps the Title" grep -qx 'Title A title; with a semicolon' "$RT/meta2.inp"
check "round trips: ... and the Origin's year once" grep -qx 'Origin Schwalbe 1990' "$RT/meta2.inp"
check "round trips: ... and the Award" grep -qx 'Award 1st Prize' "$RT/meta2.inp"
printf 'fen: "4k3/8/8/8/4Pp2/8/8/4K2R b K e3 0 1"\nstipulation: "#2"\n' >"$RT/ep.yaml"
"$MAAT" convert "$RT/ep.yaml" -o "$RT/ep.inp" 2>/dev/null
check "round trips: Black to move with en passant is HalfDuplex and EnPassant" \
	grep -qx 'Option HalfDuplex EnPassant e2e3e4' "$RT/ep.inp"
v1=$("$MAAT" verify --json --no-time "$RT/ep.yaml" 2>/dev/null | grep -o '"position":"[^"]*"')
v2=$("$MAAT" verify --json --no-time "$RT/ep.inp" 2>/dev/null | grep -o '"position":"[^"]*"')
check "round trips: ... which maat reads back as the same position" test -n "$v1" -a "$v1" = "$v2"
printf 'fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"\nstipulation: "#1"\ntwins:\n  b: "Stipulation s#1"\n' >"$RT/s.yaml"
check "round trips: a twin's stipulation as written (s#1, not S#1)" \
	sh -c "'$MAAT' convert '$RT/s.yaml' -o - --to inp 2>/dev/null | grep -qx 'Twin Stipulation s#1'"
# what the fuzzer found with the known break gone (fuzz_convert, strict):
# a source Popeye cannot hold (its Origin buffer is 256 bytes with the
# line's end) is no Popeye input: the puzzle is left out with the reason,
# never written cut or past Popeye's buffer
long=$(printf '%0300d' 0 | tr 0 y)
printf 'authors: ["Loyd, Samuel"]\nsource: {name: "Saturda%s"}\nfen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"\nstipulation: "#2"\n' \
	"$long" >"$RT/long.yaml"
expect "round trips: a source longer than Popeye reads is not written as Popeye input" 2 \
	"not converted: its source takes more than the 255 bytes Popeye reads" \
	-- convert "$RT/long.yaml" -o "$RT/long.inp"
check "round trips: ... and its YACPDB entry keeps it whole" \
	sh -c "'$MAAT' convert '$RT/long.yaml' -o - --to yaml 2>/dev/null | grep -qF 'Saturda$long'"
# control characters in an Author line are spaces, the blanks at its ends
# dropped before and not after: "G.\1" came back as "G." and "\17" as an
# author of one space that vanished on the next round
printf 'BeginProblem\nAuthor \017\nAuthor G.\001\000\000"opfer\nPieces White Ke1 Qa7 Black Kc1\nStipulation #2\nEndProblem\n' \
	>"$RT/ctl.inp"
"$MAAT" convert "$RT/ctl.inp" -o "$RT/ctl1.inp" 2>/dev/null
"$MAAT" convert "$RT/ctl1.inp" -o "$RT/ctl2.inp" 2>/dev/null
check "round trips: an Author line with control characters reads back the same" cmp -s "$RT/ctl1.inp" "$RT/ctl2.inp"
check "round trips: ... the NUL a space, the rest of the line kept" grep -qx 'Author G.   "opfer' "$RT/ctl1.inp"
check "round trips: ... an author of blanks none" test "$(grep -c '^Author' "$RT/ctl1.inp")" = 1
# blanks at the ends of a YAML field are written as Popeye reads them back
printf 'authors: [" G. ", "A\\tB"]\nsource: {name: " X "}\ntitle: " T\\u0001 "\nfen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"\nstipulation: "#2"\n' \
	>"$RT/sp.yaml"
"$MAAT" convert "$RT/sp.yaml" -o "$RT/sp1.inp" 2>/dev/null
"$MAAT" convert "$RT/sp1.inp" -o "$RT/sp2.inp" 2>/dev/null
check "round trips: YAML fields with blanks at their ends, as Popeye reads them" \
	sh -c "grep -qx 'Author G.' '$RT/sp1.inp' && grep -qx 'Author A B' '$RT/sp1.inp' &&
		grep -qx 'Origin X' '$RT/sp1.inp' && grep -qx 'Title T' '$RT/sp1.inp' && cmp -s '$RT/sp1.inp' '$RT/sp2.inp'"
# a solution whose last line holds only blanks (found by fuzz_convert,
# stop 36): written as an empty line, YAML's clipped block dropped it on
# reading, so the second conversion gave other bytes
"$MAAT" convert tests/hostile/solution-blank-end.yaml -o "$RT/sb1.yaml" 2>/dev/null
"$MAAT" convert "$RT/sb1.yaml" -o "$RT/sb2.yaml" 2>/dev/null
check "round trips: a solution ending in a line of blanks converts to the same bytes twice" \
	sh -c "grep -qx '     1...Kd5-e4' '$RT/sb1.yaml' && cmp -s '$RT/sb1.yaml' '$RT/sb2.yaml'"
# ... and one of blanks alone is no solution, read or written (it was
# written as an empty block that the second reading took for none)
"$MAAT" convert tests/hostile/solution-blanks-only.yaml -o "$RT/so1.yaml" 2>/dev/null
"$MAAT" convert "$RT/so1.yaml" -o "$RT/so2.yaml" 2>/dev/null
check "round trips: a solution of blanks alone is none, and converts to the same bytes twice" \
	sh -c "! grep -q '^solution' '$RT/so1.yaml' && cmp -s '$RT/so1.yaml' '$RT/so2.yaml'"
rm -rf "$RT"
