#!/bin/sh
# grammar-dict.sh MANPAGE -- a libFuzzer dictionary made from the grammar
# of the puzzle format as man/maat-puzzle.5 states it: every word and
# phrase set in bold (field names, values, twinnings, stipulations, piece
# codes), the words of each, and the lines of the examples.  Made when the
# fuzzers run (tests/fuzz/run.sh), so it follows the man page.
man=${1:-man/maat-puzzle.5}
LC_ALL=C awk '
function unesc(s) {
	gsub(/\\-/, "-", s); gsub(/\\\(dq/, "\"", s); gsub(/\\\(:u/, "\303\274", s)
	gsub(/\\\(lq|\\\(rq/, "\"", s); gsub(/\\\(bu/, "", s); gsub(/\\&/, "", s)
	gsub(/\\e/, "\\", s); gsub(/\\f[BIRP]/, "", s)
	return s
}
function emit(s,   n, w, i) {
	s = unesc(s)
	if (s == "" || length(s) > 64 || s ~ /x\.yaml:/) return # messages are no grammar
	tok[s] = 1
	n = split(s, w, /[ ,\[\]{}]+/)
	if (n > 1) for (i = 1; i <= n; i++) if (w[i] != "") tok[w[i]] = 1
}
# the arguments of a groff request, quotes grouping
function args(line, a,   n, q, c, cur, i) {
	n = 0; q = 0; cur = ""
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\"") { q = !q; continue }
		if (c == " " && !q) { if (cur != "") a[++n] = cur; cur = ""; continue }
		cur = cur c
	}
	if (cur != "") a[++n] = cur
	return n
}
/^\.nf/ { ex = 1; next }
/^\.fi/ { ex = 0; next }
ex { line = unesc($0); sub(/^ +/, "", line); sub(/  +#.*/, "", line); emit(line); emit(line "\n"); next }
/^\.(B|BR|BI|RB|IB) / {
	req = $1; rest = substr($0, length(req) + 2); n = args(rest, a)
	for (i = 1; i <= n; i++) {
		bold = req == ".B" || ((req == ".BR" || req == ".BI") && i % 2) ||
		       ((req == ".RB" || req == ".IB") && !(i % 2))
		if (bold) emit(a[i])
	}
}
{
	s = $0
	while (match(s, /\\fB[^\\]*(\\[^f][^\\]*)*\\f[RP]/)) {
		emit(substr(s, RSTART, RLENGTH)); s = substr(s, RSTART + RLENGTH)
	}
}
END {
	# libFuzzer takes printable ASCII; the rest as \xHH
	for (i = 1; i < 256; i++) hex[sprintf("%c", i)] = sprintf("\\x%02x", i)
	for (t in tok) {
		out = ""
		for (i = 1; i <= length(t); i++) {
			c = substr(t, i, 1)
			if (c == "\"") out = out "\\x22"
			else if (c == "\\") out = out "\\x5c"
			else if (c < " " || c > "~") out = out hex[c]
			else out = out c
		}
		print "\"" out "\""
	}
}' "$man" | LC_ALL=C sort
