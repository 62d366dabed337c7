# maat convert: YACPDB YAML and Popeye input, both ways (maat(1) convert)
CV=$(mktemp -d)
PD=tests/data/popeye
# NAME FILE...: valid YACPDB entries.  Without python3's yaml and jsonschema
# a developer's run says SKIP; make test (MAAT_REQUIRE_DEPS=1), whose `make
# deps` installs them, fails instead (issue 21 part 6: not skipped in CI).
schema_check() {
	sname=$1
	shift
	python3 tests/yacpdb_valid.py tests/data/yacpdb/yacpdb-entry.schema.json "$@" >"$CV/schema.out" 2>&1
	src=$?
	if [ "$src" = 0 ]; then
		ok
	elif [ "$src" = 77 ] || ! command -v python3 >/dev/null 2>&1; then
		if [ "${MAAT_REQUIRE_DEPS:-}" = 1 ]; then
			bad "$sname: python3 with yaml and jsonschema is not there (make deps installs them)"
		else
			echo "SKIP $sname: python3 with yaml and jsonschema is not there" >&2
		fi
	else
		bad "$sname: $(head -3 "$CV/schema.out")"
	fi
}

# Popeye -> YACPDB: the problems maat holds, the others named with the reason
expect "convert: inp to yaml, what cannot be written is named" 2 \
	"$PD/castling.inp:366: not converted: it has what maat does not read (fairy pieces or conditions)" \
	-- convert "$PD/castling.inp" -o "$CV/a.yaml"
# (castling.inp:255, whose twin is a Mirror, is written since maat plays it)
check "convert: 40 of 47 written" test "$(grep -c '^---' "$CV/a.yaml")" = 40
# YACPDB -> Popeye -> YACPDB: the same entries (a title is a comment in YACPDB, which maat does not read back)
./maat convert "$CV/a.yaml" -o "$CV/b.inp" 2>/dev/null
./maat convert "$CV/b.inp" -o "$CV/c.yaml" 2>/dev/null
grep -v -e '^comments:' -e '^  - "Title: ' "$CV/a.yaml" >"$CV/a2.yaml"
grep -v -e '^comments:' -e '^  - "Title: ' "$CV/c.yaml" >"$CV/c2.yaml"
check "convert: yaml -> inp -> yaml keeps every entry" cmp -s "$CV/a2.yaml" "$CV/c2.yaml"
./maat convert "$CV/c.yaml" -o "$CV/d.inp" 2>/dev/null
check "convert: inp -> yaml -> inp is stable" cmp -s "$CV/b.inp" "$CV/d.inp"
# the round trip keeps what is solved: position, stipulation and verdict of each problem
head -30 "$PD/castling.inp" >"$CV/three.inp"
./maat convert "$CV/three.inp" -o "$CV/three.yaml" 2>/dev/null
./maat convert "$CV/three.yaml" -o "$CV/three2.inp" 2>/dev/null
v1=$(./maat verify --json --no-time "$CV/three.inp" 2>/dev/null | grep -o '"position":.*"verdict":"[a-z ]*"')
v2=$(./maat verify --json --no-time "$CV/three2.inp" 2>/dev/null | grep -o '"position":.*"verdict":"[a-z ]*"')
check "convert: the same problems after the round trip" test -n "$v1" -a "$v1" = "$v2"
# German twins in English, as YACPDB writes them; Duplex stays an option
sed -n 1,18p "$PD/twin.inp" >"$CV/tw.inp"
echo "ende" >>"$CV/tw.inp"
./maat convert "$CV/tw.inp" -o "$CV/tw.yaml" 2>/dev/null
check "convert: twins in English" grep -q '^  b: "Stipulation h=2"' "$CV/tw.yaml"
check "convert: Duplex kept" grep -q '^  - "Duplex"' "$CV/tw.yaml"
# FEN with Black to move: HalfDuplex (Popeye's and YACPDB's way to say it)
printf '8/8/8/8/8/5k2/5q2/7K b - - 0 1\n' >"$CV/b.fen"
expect "convert: black to move is HalfDuplex" 0 "Option HalfDuplex" -- convert --stip "#1" "$CV/b.fen" -o - --to inp
./maat convert --stip "#1" "$CV/b.fen" -o "$CV/b2.inp" 2>/dev/null
expect "convert: ... and reads back as black to move" 0 "sound  #1  1.Qf2-g2#!" -- verify "$CV/b2.inp"
# a help play in words with the other side winning (compose's way: HalfDuplex):
# HalfDuplex kept and the stipulation in Popeye's spelling, the same problem
# read back (the YAML writer dropped HalfDuplex for help play, the Popeye one
# wrote "Stipulation help-win in 2", which Popeye does not read)
cat >"$CV/hw.yaml" <<'END'
algebraic:
  white: [Kf3, Qc6, Bh5]
  black: [Kb4, Bg5, Ph2, Pd4]
stipulation: "help-win in 2"
options: [HalfDuplex]
END
./maat convert "$CV/hw.yaml" -o "$CV/hw.inp" 2>/dev/null
./maat convert "$CV/hw.yaml" -o "$CV/hw2.yaml" 2>/dev/null
check "convert: help play in words, Black winning, to Popeye" \
	grep -qx 'Stipulation h#2' "$CV/hw.inp"
check "convert: ... with HalfDuplex" grep -qx 'Option HalfDuplex' "$CV/hw.inp"
check "convert: ... and to YAML with HalfDuplex" grep -qx '  - "HalfDuplex"' "$CV/hw2.yaml"
expect "convert: ... read back, the same problem (Popeye input)" 0 \
	"sound  h#2  1 solution" -- verify "$CV/hw.inp"
expect "convert: ... read back, the same problem (YAML)" 0 \
	"sound  help-win in 2  1 solution" -- verify "$CV/hw2.yaml"
# YACPDB's schema: solutions from --solve, the collections of puzzles/
./maat convert --solve "$CV/three.inp" -o "$CV/solved.yaml" 2>/dev/null
check "convert: --solve writes maat's solution" grep -q '1.Qa7-f2! threat: 2.0-0#' "$CV/solved.yaml"
awk '/^---/ { n++ } n == 1' "$CV/solved.yaml" >"$CV/one.yaml"
schema_check "convert: a solved entry is valid YACPDB" "$CV/one.yaml"
./maat convert puzzles/chess -o "$CV/chess.yaml" 2>/dev/null
schema_check "convert: puzzles/chess as YACPDB" "$CV/chess.yaml"
./maat compose --game chess --stip "#2" --seed 7 --count 2 -o "$CV/composed.yaml" >/dev/null 2>&1
schema_check "compose: chess entries are valid YACPDB" "$CV/composed.yaml"
check "compose: ... with no maat-only field" sh -c "! grep -q -e '^game:' -e '^title:' -e '^fen:' '$CV/composed.yaml'"
expect "compose: ... and sound" 0 "2 puzzles: 2 sound" -- verify "$CV/composed.yaml"
# what maat writes, maat reads: characters YAML takes only escaped (a C1
# control from a Latin-1 Popeye file, NEL, U+2028, U+FFFE) stay escaped
"$MAAT" convert tests/hostile/popeye-cp1252.inp -o "$CV/cp.yaml" 2>/dev/null
expect "convert: a Latin-1 Popeye file's C1 byte, written escaped" 0 "$CV/cp.yaml: sound  #1  1.Ra1-a8#!" \
	-- verify "$CV/cp.yaml"
check "convert: ... as \x96" grep -qxF '  - "Groß \x96 Müller"' "$CV/cp.yaml"
"$MAAT" convert tests/hostile/yaml-escaped-only.yaml -o "$CV/esc1.yaml" 2>/dev/null
"$MAAT" convert "$CV/esc1.yaml" -o "$CV/esc2.yaml" 2>/dev/null
check "convert: escaped-only characters read back the same" cmp -s "$CV/esc1.yaml" "$CV/esc2.yaml"
check "convert: ... each escaped" grep -qxF '  - "A\x9bB\x85C\u2028D\u2029E\ufffeF\uffffG, H"' "$CV/esc1.yaml"
check "convert: ... a solution with one quoted" grep -qxF 'solution: "1.Ra1-a8\x9b#\n"' "$CV/esc1.yaml"
# a long field cut to fit is cut between characters: a source name of 1000
# Cyrillic letters (2000 bytes, cut at 1023), authors YACPDB's schema
# refuses (4200 bytes into 2048), an author of 600 umlauts (Popeye: 1023)
awk 'BEGIN { printf "source: {name: \""; for (i = 0; i < 1000; i++) printf "\320\250";
	printf "\", date: \"1999\"}\nauthors: ["; for (j = 0; j < 10; j++) { printf "%s\"", j ? ", " : "";
	for (i = 0; i < 150; i++) printf "\303\244"; printf "\"" }
	printf ", \""; for (i = 0; i < 600; i++) printf "\303\244"; printf "\""
	print "]\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"" }' >"$CV/long.yaml"
"$MAAT" convert "$CV/long.yaml" -o "$CV/long-out.yaml" 2>/dev/null
expect "convert: long fields cut between characters (YAML)" 0 "$CV/long-out.yaml: sound  #1  1.Ra1-a8#!" \
	-- verify "$CV/long-out.yaml"
# Popeye input holds at most 255 bytes of each (Popeye's buffers): such a
# puzzle is left out of it, named; a source of 120 Cyrillic letters and
# authors of 60 umlauts fit, whole, and read back as UTF-8
expect "convert: fields longer than Popeye reads are not cut (Popeye)" 2 \
	"not converted: its authors take more than the 255 bytes Popeye reads" -- convert "$CV/long.yaml" -o "$CV/long-out.inp"
awk 'BEGIN { printf "source: {name: \""; for (i = 0; i < 120; i++) printf "\320\250";
	printf "\", date: \"1999\"}\nauthors: ["; for (j = 0; j < 2; j++) { printf "%s\"", j ? ", " : "";
	for (i = 0; i < 60; i++) printf "\303\244"; printf "\"" }
	print "]\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"" }' >"$CV/long2.yaml"
"$MAAT" convert "$CV/long2.yaml" -o "$CV/long-out.inp" 2>/dev/null
expect "convert: fields in UTF-8 (Popeye), read as UTF-8" 0 \
	"$CV/long-out.inp:1: sound  #1  1.Ra1-a8#!" -- verify "$CV/long-out.inp"
check "convert: ... no Latin-1 warning" sh -c "! '$MAAT' verify '$CV/long-out.inp' 2>&1 | grep -q Latin-1"
check "convert: ... the source whole" test "$(grep -c "^Origin $(awk 'BEGIN { for (i = 0; i < 120; i++) printf "\320\250" }'), 1999\$" "$CV/long-out.inp")" = 1
# a twinning's long word (a square list) in English whole, not cut at 63
expect "convert: a twin's word of 66 characters, whole" 0 \
	'  b: "Add white Pa2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4a5b5c5d5e5f5g5h5"' \
	-- convert tests/hostile/popeye-twin-long-word.inp --to yaml -o -
# never a file of nothing, never half a file
printf 'x' >"$CV/keep.yaml"
expect "convert: nothing to write leaves the file alone" 2 "maat: convert: nothing to write (no file made)" \
	-- convert tests/verdicts/error-stip.yaml -o "$CV/keep.yaml"
check "convert: ... the old file is there" test "$(cat "$CV/keep.yaml")" = x
expect "convert: an unknown extension" 2 "maat: convert: '$CV/x.txt' ends in neither .yaml nor .inp (or give --to)" \
	-- convert "$PD/castling.inp" -o "$CV/x.txt"
# two published helpmates nobody here wrote (tests/data/yacpdb/README.md):
# the help search toward mate pictures finds each composer's solutions, set
# play included, and nothing else (Popeye 4.104 with Option Intelligent agrees)
expect "verify: published h#4 (set play) and h#3 (twin) as their composers claim" 0 \
	"3 puzzles: 3 sound" -- verify tests/data/yacpdb/published-helpmates.yaml
# a real Olive collection (tests/data/olive/README.md): a problem whose
# position maat does not read is left out with what it is (it said "it has
# no position"), the other converted both ways to the same bytes
OL=tests/data/olive/broodings-50-excerpt.olv
expect "convert: Olive, a fairy piece named as the reason" 2 \
	"$OL#2: not converted: maat does not read it: fairy piece 'PA' (pao) at e4 in algebraic.white" \
	-- convert "$OL" -o "$CV/ol.inp"
"$MAAT" convert "$CV/ol.inp" -o "$CV/ol.yaml" 2>/dev/null
"$MAAT" convert "$CV/ol.yaml" -o "$CV/ol2.inp" 2>/dev/null
"$MAAT" convert "$CV/ol2.inp" -o "$CV/ol2.yaml" 2>/dev/null
check "convert: Olive, both ways the same" sh -c "cmp -s '$CV/ol.inp' '$CV/ol2.inp' && cmp -s '$CV/ol.yaml' '$CV/ol2.yaml' && grep -qx 'Stipulation s#3' '$CV/ol.inp'"
# its s#3's magazine solution: the black rook's mates end the play, each
# with its mark (they were grouped as a bare "1...Rg~")
"$MAAT" solve --no-time --format magazine "$OL" >"$CV/ol.mag" 2>&1
check "convert: Olive s#3 in magazine form, the defences that mate each with its mark" sh -c "
	grep -qx '    1...Rd4#' '$CV/ol.mag' && grep -qx '    1...Rg3#' '$CV/ol.mag' && ! grep -q 'Rg~' '$CV/ol.mag' &&
	grep -qx '1.Ra6! threat: 2.Qa7+ Kb5 3.Sd4+ Rxd4#' '$CV/ol.mag'"
rm -rf "$CV"
