# popeye.awk -- read Popeye's answers (its plain output with NoBoard, Try,
# Defence 1) and compare them with the corpus records.  POSIX awk.
#
#   awk -f bench/popeye.awk D/expect OUTPUT...
#
# D/expect is written by bench/corpus.awk (mode=popeye): "ID N SIDE KEYS
# TRIES" per record.  Prints "ID N agree", "ID N DIFFER keys K tries T"
# (Popeye's answer in the record's canonical moves) or "ID N UNFINISHED"
# (no "solution finished.": -maxtime, a crash, a refusal) per record, in the
# order of D/expect.
#
# Popeye prints each problem's Remark (the record's id) first, then first
# moves as "1.Qa7-f2 !" (a key), "1.Rh1-h2 ?" (a try) followed by its
# refutation "1...Kc1-b1 !".  Black to move is HalfDuplex: the moves keep
# White's numbering, castling is the side's own.

# "Qa7-f2 +", "h7*g8=Q #", "h5*g6 ep.", "0-0-0" by side "w" or "b" -> "a7f2", "h7g8q", ...
function canon(text, side,   m, promo)
{
	sub(/^ *1\.(\.\.)?/, "", text)
	if (text ~ /^0-0-0/)
		return side == "w" ? "e1c1" : "e8c8"
	if (text ~ /^0-0/)
		return side == "w" ? "e1g1" : "e8g8"
	if (!match(text, /[a-h][1-8][-*][a-h][1-8]/))
		return "?" text
	m = substr(text, RSTART, 2) substr(text, RSTART + 3, 2)
	if (match(text, /=[QRBS]/)) {
		promo = tolower(substr(text, RSTART + 1, 1))
		m = m (promo == "s" ? "n" : promo)
	}
	return m
}

# The words of s sorted and joined by commas, "-" when none.
function sorted(s,   a, m, i, j, t, out)
{
	m = split(s, a, " ")
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	out = ""
	for (i = 1; i <= m; i++)
		out = out (i > 1 ? "," : "") a[i]
	return m ? out : "-"
}

FNR == NR {
	order[++nids] = $1
	n[$1] = $2
	side[$1] = $3
	want_keys[$1] = $4
	want_tries[$1] = $5
	next
}

{
	sub(/[ \r]+$/, "")
}

$0 in n {
	id = $0
	seen[id] = 1
	keys[id] = tries[id] = ""
	try = ""
	next
}

id == "" {
	next
}

/^solution finished\./ {
	finished[id] = 1
	id = ""
	next
}

/^ +1\.[^.]/ {
	mv = canon($0, side[id])
	try = ""
	if ($0 ~ / !$/)
		keys[id] = keys[id] " " mv
	else if ($0 ~ / \?$/)
		try = mv
	next
}

/^ +1\.\.\./ && try != "" && / !$/ {
	tries[id] = tries[id] " " try "/" canon($0, side[id] == "w" ? "b" : "w")
	try = ""
}

END {
	for (i = 1; i <= nids; i++) {
		r = order[i]
		if (!finished[r]) {
			print r, n[r], "UNFINISHED"
			continue
		}
		k = sorted(keys[r])
		t = want_tries[r] == "*" ? "*" : sorted(tries[r])
		if (k == want_keys[r] && t == want_tries[r])
			print r, n[r], "agree"
		else
			print r, n[r], "DIFFER", "keys", k, "tries", t
	}
}
