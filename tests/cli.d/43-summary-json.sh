# maat summary reads JSON as RFC 8259 writes it: escapes decoded (\u00e9,
# \u005c, surrogate pairs), so one problem written two ways is one problem;
# what is not JSON said with its line and column (maat(1) summary)
SJ=$(mktemp -d)
cat >"$SJ/two-ways.jsonl" <<'END'
{"file":"a\\b.yaml","index":1,"verdict":"sound"}
{"file":"a\u005cb.yaml","index":1,"verdict":"sound"}
{"file":"caf\u00e9.yaml","index":1,"verdict":"sound"}
{"file":"café.yaml","index":1,"verdict":"sound"}
{"file":"x\ud83d\ude00.yaml","index":1,"verdict":"sound"}
{"file":"x😀.yaml","index":1,"verdict":"sound"}
{"file":"ok","index":2,"verd\u0069ct":"cooked"}
{"file":"a\tb","index":1,"verdict":"sound"}
{"file":"a","index":1,"twin":"b\t1","verdict":"sound"}
END
expect_exact "summary: escapes decoded, one problem written two ways is one" 2 -- summary "$SJ/two-ways.jsonl" <<END
$SJ/two-ways.jsonl:2:1: a\\b.yaml#1 given twice (first at $SJ/two-ways.jsonl:1)
$SJ/two-ways.jsonl:4:1: café.yaml#1 given twice (first at $SJ/two-ways.jsonl:3)
$SJ/two-ways.jsonl:6:1: x😀.yaml#1 given twice (first at $SJ/two-ways.jsonl:5)
6 puzzles: 5 sound, 1 cooked, 3 given twice
END
cat >"$SJ/bad.jsonl" <<'END'
{"file":"bad\ud83d.yaml","index":1,"verdict":"sound"}
{"file":"bad\q.yaml","index":1,"verdict":"sound"}
{"file":"bad\u00zz.yaml","index":1,"verdict":"sound"}
  {"file":"é\ude00.yaml","index":1,"verdict":"sound"}
{"file":"ok","index":1,"verdict":"sounds"}
{"file":"ok","index":1,"verdict":"sound"} x
{"file":"ok","index":1 "verdict":"sound"}
{"file":"ok","index":tru,"verdict":"sound"}
{"file":"ok","index":3,"verdict":"sound","verdict":"cooked"}
{"file":"ok","index":4}
{"file":"ok	tab","index":5,"verdict":"sound"}
{"file":"ok","index":4,"verdict":"sound","x":[1,{"a":null,"b":-1.5e3}],"duplex":false}
END
expect_exact "summary: what is not JSON, with line and column" 2 -- summary "$SJ/bad.jsonl" <<END
$SJ/bad.jsonl:1:13: not a verdict of maat's JSON output: \\ud83d is the first half of a surrogate pair, without the second
$SJ/bad.jsonl:2:13: not a verdict of maat's JSON output: '\\q' is no JSON escape
$SJ/bad.jsonl:3:13: not a verdict of maat's JSON output: \\u needs four hexadecimal digits
$SJ/bad.jsonl:4:13: not a verdict of maat's JSON output: \\ude00 is the second half of a surrogate pair, alone
$SJ/bad.jsonl:5:34: not a verdict of maat's JSON output: unknown verdict 'sounds'
$SJ/bad.jsonl:6:43: not a verdict of maat's JSON output: text after the object
$SJ/bad.jsonl:7:24: not a verdict of maat's JSON output: ',' or '}' expected
$SJ/bad.jsonl:8:22: not a verdict of maat's JSON output: a value expected
$SJ/bad.jsonl:9:42: not a verdict of maat's JSON output: "verdict" given twice in the object
$SJ/bad.jsonl:10:1: not a verdict of maat's JSON output: no "verdict" in the object
$SJ/bad.jsonl:11:12: not a verdict of maat's JSON output: a control character (0x09) in a string: JSON writes it escaped
1 puzzle: 1 sound, 11 lines not a verdict
END
# a file name past 1023 bytes was cut: two names alike up to there were one problem
long=$(printf '%01100d' 0)
printf '{"file":"%sA","index":1,"verdict":"sound"}\n{"file":"%sB","index":1,"verdict":"sound"}\n' "$long" "$long" >"$SJ/long.jsonl"
expect "summary: long file names not cut" 0 "2 puzzles: 2 sound" -- summary "$SJ/long.jsonl"
# what cannot be read is not an empty file
expect "summary: a directory is unreadable" 2 "0 puzzles: 1 unreadable file" -- summary "$SJ"
# what maat writes, summary reads: a name with a control character and a quote
mkdir -p "$SJ/d"
cp tests/verdicts/sound.yaml "$SJ/d/$(printf 'q"\001.yaml')"
./maat verify --json --no-time "$SJ/d" >"$SJ/v.jsonl" 2>/dev/null
cat "$SJ/v.jsonl" "$SJ/v.jsonl" >"$SJ/v2.jsonl"
expect "summary: maat's own escapes read back" 2 "1 puzzle: 1 sound, 1 given twice" -- summary "$SJ/v2.jsonl"
# a line is read up to 64 MiB (maat(1) summary; it was 1 GiB, held in
# memory): a longer one is a line not a verdict, said at the column where it
# passes the limit, and the lines after it and the files after it are read
{
	printf '{"file":"a.yaml","index":1,"verdict":"sound"}\n{"file":"'
	head -c 67108864 /dev/zero | tr '\0' x
	printf '","index":1,"verdict":"sound"}\n{"file":"b.yaml","index":1,"verdict":"cooked"}\n'
} >"$SJ/huge.jsonl"
printf '{"file":"c.yaml","index":1,"verdict":"sound"}\n' >"$SJ/after.jsonl"
expect_exact "summary: a line of 64 MiB is no verdict, the rest of the batch read" 2 -- summary "$SJ/huge.jsonl" "$SJ/after.jsonl" <<END
$SJ/huge.jsonl:2:67108864: not a verdict of maat's JSON output: a line of 64 MiB or more
3 puzzles: 2 sound, 1 cooked, 1 line not a verdict
END
# a NUL byte past the limit still ends the input, at its own column
{
	printf '{"file":"'
	head -c 67108864 /dev/zero | tr '\0' x
	printf 'y\0z\n{"file":"b.yaml","index":1,"verdict":"cooked"}\n'
} >"$SJ/huge-nul.jsonl"
expect "summary: ... a NUL byte after it ends the input, at its column" 2 \
	"$SJ/huge-nul.jsonl:1:67108875: a NUL byte: not JSON lines (the rest is not read)" -- summary "$SJ/huge-nul.jsonl"
rm -f "$SJ/huge.jsonl" "$SJ/huge-nul.jsonl"
rm -rf "$SJ"
