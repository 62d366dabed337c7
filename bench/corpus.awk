# corpus.awk -- turn a corpus JSONL file (tests/corpus/) into solver input for a
# peer, or into a maat puzzle collection.  POSIX awk; no JSON library: the
# corpus writes every field as "key": value on one line, which is all we read.
#
#   awk -f bench/corpus.awk -v mode=popeye -v dir=D [-v tries=1] [-v minn=N] [-v maxn=N] FILE.jsonl
#	writes Popeye inputs into D and prints "N COUNT FILE [ID]" per input:
#	D/nN.inp holds the records of #N solved in one process, D/aK.inp one
#	record run alone (ID given): those of #6 and longer, or whose recorded
#	Popeye time is a second or more, so that each gets its own CPU time.
#	D/expect gets "ID N SIDE KEYS TRIES" per record, the record's answers
#	in canonical moves for bench/popeye.awk (KEYS: comma-separated, "-"
#	when none; TRIES: "move/refutation" pairs, "-" when none, "*" when
#	they are not compared).
#   awk -f bench/corpus.awk -v mode=yaml [-v limit=K] FILE.jsonl > OUT.yaml
#
# Records are chosen exactly as build/corpus_bench chooses them: status "ok"
# and minn <= n <= maxn (and n < 16).  With tries=1 a record that lists tries is
# solved with Popeye's Try / Defence 1, as corpus_bench --tries does.
#
# Popeye's conventions (py-engl.txt): the English input language is chosen by
# BeginProblem; S is the knight (N would be a nightrider); #N is always played
# by White, so Black to move is HalfDuplex; castling is allowed whenever king
# and rook stand at home, so rights the FEN lacks become NoCastling; an en
# passant square becomes EnPassant <from><over><to>.

function str(k,   m)
{
	if (!match($0, "\"" k "\": \"[^\"]*\""))
		return ""
	m = substr($0, RSTART + length(k) + 5, RLENGTH - length(k) - 6)
	return m
}

function num(k,   m)
{
	if (!match($0, "\"" k "\": -?[0-9]+"))
		return -1
	m = substr($0, RSTART + length(k) + 4, RLENGTH - length(k) - 4)
	return m + 0
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

# The strings of list (a JSON array text) sorted and joined by commas.
function joined(list,   a, m, i, j, t, out)
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
		out = out (i > 1 ? "," : "") a[i]
	return m ? out : "-"
}

function popeye(   f, n, board, opt, nc, ep, file, out, list, trylist, k, alone, cpu)
{
	n = num("n")
	split(str("fen"), f, " ")
	board = f[1]
	gsub(/N/, "S", board)
	gsub(/n/, "s", board)
	opt = "NoBoard"
	trylist = "*"
	if (tries && $0 ~ /"tries": \[/) {
		opt = opt " Try Defence 1"
		# the array holds arrays: it ends at the first "}]"
		list = substr($0, index($0, "\"tries\": ["))
		list = index(list, "}]") ? substr(list, 1, index(list, "}]")) : ""
		trylist = ""
		while (match(list, /"move": "[^"]*", "refutations": \["[^"]*"/)) {
			k = substr(list, RSTART, RLENGTH)
			sub(/"move": "/, "", k)
			sub(/", "refutations": \["/, "/", k)
			sub(/"$/, "", k)
			trylist = trylist "\"" k "\" "
			list = substr(list, RSTART + RLENGTH)
		}
		trylist = joined(trylist)
	}
	if (f[2] == "b")
		opt = opt " HalfDuplex"
	nc = nocastling(f[1], f[3])
	if (nc != "")
		opt = opt " NoCastling " nc
	ep = f[4]
	if (ep ~ /^[a-h][36]$/) {
		file = substr(ep, 1, 1)
		if (substr(ep, 2, 1) == "3")
			opt = opt " EnPassant " file "2" file "3" file "4"
		else
			opt = opt " EnPassant " file "7" file "6" file "5"
	}
	list = ""
	if (match($0, /"keys": \[[^]]*\]/))
		list = substr($0, RSTART, RLENGTH)
	print str("id"), n, f[2], joined(substr(list, 9)), trylist > (dir "/expect")
	cpu = -1
	if (match($0, /"popeye_cpu_s": [0-9.eE+-]+/))
		cpu = substr($0, RSTART + 16, RLENGTH - 16) + 0
	alone = n >= 6 || cpu >= 1
	if (alone) {
		out = dir "/a" (++nalone) ".inp"
		print n, 1, out, str("id")
	} else {
		out = dir "/n" n ".inp"
		count[n]++
	}
	print (alone || count[n] == 1 ? "BeginProblem" : "NextProblem") > out
	print "Remark " str("id") > out
	print "Forsyth " board > out
	print "Stipulation #" n > out
	print "Option " opt > out
	if (alone) {
		print "EndProblem" > out
		close(out)
	}
}

function yaml()
{
	if (limit && ++written > limit)
		exit
	printf "---\ntitle: \"%s\"\nfen: \"%s\"\nstipulation: \"#%d\"\n", str("id"), str("fen"), num("n")
}

BEGIN {
	if (maxn == "")
		maxn = 99
	if (minn == "")
		minn = 1
}

{
	if (str("status") != "ok" || num("n") < minn + 0 || num("n") > maxn + 0 || num("n") >= 16)
		next
	if (mode == "popeye")
		popeye()
	else
		yaml()
}

END {
	if (mode != "popeye")
		exit
	for (n = 1; n < 16; n++)
		if (count[n]) {
			print "EndProblem" > (dir "/n" n ".inp")
			close(dir "/n" n ".inp")
			print n, count[n], dir "/n" n ".inp"
		}
}
