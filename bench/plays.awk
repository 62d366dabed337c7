# plays.awk -- Popeye's inputs for the records of tests/corpus/popeye-help-self.jsonl
# (help, self, reflex and series play), and the records' answers to compare its
# output with (bench/plays_check.awk).  POSIX awk; the corpus writes every field
# as "key": value on one line, which is all we read.
#
#   awk -f bench/plays.awk -v dir=D -v maxtime=S FILE.jsonl
#	writes D/PLAY-N.inp per play (help, self, reflex, series-direct,
#	series-help) and stipulation length N: every record of the play with
#	status "ok", one problem each (NextProblem), with the options the
#	record names (Intelligent) and SetPlay where it has set play;
#	D/help-intelligent-N.inp the help records again, all with Option
#	Intelligent.  D/expect gets
#	"ID PLAY KIND HALF ANSWER" per record: HALF 1 when a help play starts
#	with White (h#N.5), else 0; KIND "lines" (ANSWER: the solutions,
#	short ones included, each its moves joined by ",", sorted, joined by
#	";") or "keys" (ANSWER: the keys sorted, joined by ","); "-" when none.
#	Prints "PLAY N OPTIONS FILE" per file written (OPTIONS "named": the
#	record's, "intelligent": Option Intelligent for all), by play and N.
#
#   awk -f bench/plays.awk -v dir=D -v maxtime=S -v alone=1 -v minn=A -v maxn=B FILE.jsonl
#	help play from h#A to h#B only, one problem a file: D/ID.inp plain
#	(no Option Intelligent, whatever the record names) and
#	D/ID.intelligent.inp with it; D/expect as above.  Prints
#	"N ID PLAIN INTELLIGENT" per record, by N, in the file's order.
#
#   awk -f bench/plays.awk -v dir=D -v maxtime=S -v selfreflex=1 FILE.jsonl
#	self and reflex play, one problem a file: D/ID.inp with the
#	record's options and D/ID.try.inp with Option Try as well; D/expect
#	as above.  Prints "PLAY N ID PLAIN TRY" per record, in the file's
#	order.
#
# Popeye's conventions (py-engl.txt): BeginProblem picks English; S is the
# knight; the side the record's FEN gives to move is the side Popeye starts
# with for the stipulation as written (the corpus is made so); castling is
# allowed wherever king and rook stand at home, so rights the FEN lacks become
# NoCastling; an en passant square becomes EnPassant <from><over><to>; Option
# MaxTime bounds each problem (-maxtime alone is ignored by Popeye 4.103).

function str(k,   m)
{
	if (!match($0, "\"" k "\": \"[^\"]*\""))
		return ""
	return substr($0, RSTART + length(k) + 5, RLENGTH - length(k) - 6)
}

# The piece on square sq ("e1") of a FEN board, "" when empty.
function at(board, sq,   rank, file, row, i, c, f, r)
{
	file = index("abcdefgh", substr(sq, 1, 1))
	rank = substr(sq, 2, 1) + 0
	split(board, r, "/")
	row = r[9 - rank]
	f = 0
	for (i = 1; i <= length(row); i++) {
		c = substr(row, i, 1)
		if (c ~ /[1-9]/)
			f += c
		else if (++f == file)
			return c
		if (f >= file)
			return ""
	}
	return ""
}

function nocastling(board, rights,   s)
{
	s = ""
	if (at(board, "e1") == "K") {
		if (at(board, "h1") == "R" && rights !~ /K/) s = s "h1"
		if (at(board, "a1") == "R" && rights !~ /Q/) s = s "a1"
	}
	if (at(board, "e8") == "k") {
		if (at(board, "h8") == "r" && rights !~ /k/) s = s "h8"
		if (at(board, "a8") == "r" && rights !~ /q/) s = s "a8"
	}
	return s
}

# The strings of a JSON array text sorted and joined by sep ("-" when none).
function joined(list, sep,   a, m, i, j, t, out)
{
	m = 0
	while (match(list, /"[^"]*"/)) {
		a[++m] = substr(list, RSTART + 1, RLENGTH - 2)
		list = substr(list, RSTART + RLENGTH)
	}
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	out = ""
	for (i = 1; i <= m; i++)
		out = out (i > 1 ? sep : "") a[i]
	return m ? out : "-"
}

# The solutions of the record: [["m1", "m2"], ["m3"]] -> "m1,m2;m3", sorted.
function solutions(   s, end, one, a, m, i, j, t, out)
{
	s = substr($0, index($0, "\"solutions\": [") + 14)
	m = 0
	while (s ~ /^ *\[/) {
		end = index(s, "]")
		one = substr(s, 1, end)
		a[++m] = ""
		while (match(one, /"[^"]*"/)) {
			a[m] = a[m] (a[m] == "" ? "" : ",") substr(one, RSTART + 1, RLENGTH - 2)
			one = substr(one, RSTART + RLENGTH)
		}
		s = substr(s, end + 1)
		sub(/^, */, "", s)
	}
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	out = ""
	for (i = 1; i <= m; i++)
		out = out (i > 1 ? ";" : "") a[i]
	return m ? out : "-"
}

# A number field ("n": 2.5) as written.
function num(k)
{
	if (!match($0, "\"" k "\": [0-9.]+"))
		return ""
	return substr($0, RSTART + length(k) + 4, RLENGTH - length(k) - 4)
}

# Is group a ("PLAY N OPTIONS") listed after group b?
function later(a, b,   x, y)
{
	split(a, x, " ")
	split(b, y, " ")
	if (x[1] != y[1])
		return x[1] > y[1]
	if (x[2] + 0 != y[2] + 0)
		return x[2] + 0 > y[2] + 0
	return x[3] < y[3]
}

function problem(out, options, board, stip, id)
{
	print (started[out]++ ? "NextProblem" : "BeginProblem") > out
	print "Remark " id > out
	print "Forsyth " board > out
	print "Stipulation " stip > out
	print "Option " options > out
}

{
	if (str("status") != "ok")
		next
	id = str("id")
	play = str("play")
	split(str("fen"), f, " ")
	board = f[1]
	gsub(/N/, "S", board)
	gsub(/n/, "s", board)
	opt = "NoBoard MaxTime " maxtime
	if ($0 ~ /"set_play": /)
		opt = opt " SetPlay"
	nc = nocastling(f[1], f[3])
	if (nc != "")
		opt = opt " NoCastling " nc
	if (f[4] ~ /^[a-h][36]$/) {
		file = substr(f[4], 1, 1)
		if (substr(f[4], 2, 1) == "3")
			opt = opt " EnPassant " file "2" file "3" file "4"
		else
			opt = opt " EnPassant " file "7" file "6" file "5"
	}
	named = $0 ~ /"popeye_options": \[[^]]*"Intelligent"/ ? " Intelligent" : ""
	n = num("n")
	if (selfreflex) {
		if (play != "self" && play != "reflex")
			next
		list = ""
		if (match($0, /"keys": \[[^]]*\]/))
			list = substr($0, RSTART + 8, RLENGTH - 8)
		problem(dir "/" id ".inp", opt, board, str("stipulation"), id)
		problem(dir "/" id ".try.inp", opt " Try", board, str("stipulation"), id)
		print id, play, "keys", 0, joined(list, ",") > (dir "/expect")
		single[++nsingle] = play " " n " " id " " dir "/" id ".inp " dir "/" id ".try.inp"
		next
	}
	if (alone) {
		if (play != "help" || n + 0 < minn + 0 || n + 0 > maxn + 0)
			next
		problem(dir "/" id ".inp", opt, board, str("stipulation"), id)
		problem(dir "/" id ".intelligent.inp", opt " Intelligent", board, str("stipulation"), id)
		print id, play, "lines", (str("stipulation") ~ /\.5$/ ? 1 : 0), solutions() > (dir "/expect")
		single[++nsingle] = n " " id " " dir "/" id ".inp " dir "/" id ".intelligent.inp"
		next
	}
	group = play " " n " named"
	if (!(group in inp)) {
		inp[group] = dir "/" play "-" n ".inp"
		order[++ngroups] = group
	}
	problem(inp[group], opt named, board, str("stipulation"), id)
	if (play == "help") {
		group = play " " n " intelligent"
		if (!(group in inp)) {
			inp[group] = dir "/help-intelligent-" n ".inp"
			order[++ngroups] = group
		}
		problem(inp[group], opt " Intelligent", board, str("stipulation"), id)
	}
	if (play == "self" || play == "reflex") {
		list = ""
		if (match($0, /"keys": \[[^]]*\]/))
			list = substr($0, RSTART + 8, RLENGTH - 8)
		print id, play, "keys", 0, joined(list, ",") > (dir "/expect")
	} else {
		print id, play, "lines", (str("stipulation") ~ /\.5$/ ? 1 : 0), solutions() > (dir "/expect")
	}
}

END {
	for (out in started) {
		print "EndProblem" > out
		close(out)
	}
	if (selfreflex) {
		for (i = 1; i <= nsingle; i++)
			print single[i]
		exit
	}
	if (alone) {
		# by N (numerically), stable
		for (i = 2; i <= nsingle; i++)
			for (j = i; j > 1 && split(single[j - 1], x, " ") && split(single[j], y, " ") &&
			            x[1] + 0 > y[1] + 0; j--) {
				t = single[j]; single[j] = single[j - 1]; single[j - 1] = t
			}
		for (i = 1; i <= nsingle; i++)
			print single[i]
		exit
	}
	# by play, then N (numerically), then named before intelligent
	for (i = 2; i <= ngroups; i++)
		for (j = i; j > 1 && later(order[j - 1], order[j]); j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	for (i = 1; i <= ngroups; i++)
		print order[i], inp[order[i]]
}
