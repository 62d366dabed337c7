# plays_check.awk -- read Popeye's answers to the inputs of bench/plays.awk and
# compare them with the records.  POSIX awk.
#
#   awk -f bench/plays_check.awk D/expect OUTPUT...
#
# Prints "ID PLAY agree", "ID PLAY DIFFER ANSWER" (Popeye's answer in the
# form of D/expect) or "ID PLAY UNFINISHED" (no "solution finished.", or
# "solving interrupted": Option MaxTime, a crash) per record of OUTPUT, in
# the order of D/expect (records of other plays are left out).
#
# Popeye prints each problem's Remark (the record's id) first.  Keys (self,
# reflex) are lines "   1.Qb3-c2 !"; the set play's tree before them is
# indented further and numbered "1...".  Help play prints one line per
# solution, "  1.Rb4-c4 Bc5-b4 +   2.a5*b4 Sd4-b5 #"; a line whose first
# move is White's starts "1..." (h#N.5, and the set play of h#N), and the
# set play's lines are the other kind of line.  Series: "  1.d7-d6 ...
# 14.Bc2-b1 Bf1-c4 #", the unnumbered last move is the other side's.

# "Qa7-f2", "h7*g8=Q", "0-0-0" by side "w" or "b" -> "a7f2", "h7g8q", ...
function canon(text, side,   m, promo)
{
	if (text ~ /^0-0-0/)
		return side == "w" ? "e1c1" : "e8c8"
	if (text ~ /^0-0/)
		return side == "w" ? "e1g1" : "e8g8"
	if (!match(text, /[a-h][1-8][-*][a-h][1-8]/))
		return ""
	m = substr(text, RSTART, 2) substr(text, RSTART + 3, 2)
	if (match(text, /=[QRBS]/)) {
		promo = tolower(substr(text, RSTART + 1, 1))
		m = m (promo == "s" ? "n" : promo)
	}
	return m
}

# The words of s (separated by sep) sorted and joined by sep, "-" when none.
function sorted(s, sep,   a, m, i, j, t, out)
{
	m = split(s, a, sep)
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	out = ""
	for (i = 1; i <= m; i++)
		out = out (i > 1 ? sep : "") a[i]
	return m ? out : "-"
}

# One line of help or series play in canonical moves, or "" when it is not
# a solution line of the stipulation (set play).
function line(text,   w, n, i, t, side, numbered, moves, mv, white_first)
{
	white_first = text ~ /^ *1\.\.\./
	if (play[id] == "help" && white_first != half[id])
		return ""
	side = white_first ? "w" : "b"
	if (play[id] == "series-direct")
		side = "w"
	n = split(text, w, " ")
	moves = ""
	for (i = 1; i <= n; i++) {
		t = w[i]
		numbered = t ~ /^[0-9]+\./
		sub(/^[0-9]+\.(\.\.)?/, "", t)
		mv = canon(t, play[id] == "series-help" ? (numbered ? "b" : "w") : side)
		if (mv == "")
			continue
		moves = moves (moves == "" ? "" : ",") mv
		if (play[id] == "help")
			side = side == "w" ? "b" : "w"
	}
	return moves
}

FNR == NR {
	order[++nids] = $1
	play[$1] = $2
	kind[$1] = $3
	half[$1] = $4
	want[$1] = $5
	next
}

FNR == 1 {
	id = ""
}

{
	sub(/[ \r]+$/, "")
}

$0 in play {
	id = $0
	seen[id] = 1
	got[id] = ""
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

/^solving interrupted/ {
	id = ""
	next
}

kind[id] == "keys" && /^   1\.[^.].* !$/ {
	t = $0
	sub(/^ *1\./, "", t)
	got[id] = got[id] (got[id] == "" ? "" : ",") canon(t, "w")
	next
}

kind[id] == "lines" && /^ +1\./ {
	mv = line($0)
	if (mv != "")
		got[id] = got[id] (got[id] == "" ? "" : ";") mv
}

END {
	for (i = 1; i <= nids; i++) {
		r = order[i]
		if (!seen[r])
			continue
		if (!finished[r]) {
			print r, play[r], "UNFINISHED"
			continue
		}
		got[r] = sorted(got[r], kind[r] == "lines" ? ";" : ",")
		if (got[r] == "")
			got[r] = "-"
		if (got[r] == want[r])
			print r, play[r], "agree"
		else
			print r, play[r], "DIFFER", got[r]
	}
}
