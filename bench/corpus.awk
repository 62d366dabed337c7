# corpus.awk -- turn a corpus JSONL file (tests/corpus/) into solver input for a
# peer, or into a maat puzzle collection.  POSIX awk; no JSON library: the
# corpus writes every field as "key": value on one line, which is all we read.
#
#   awk -f bench/corpus.awk -v mode=popeye -v dir=D [-v tries=1] [-v maxn=N] FILE.jsonl
#	writes D/nN.inp (one Popeye batch per stipulation length N) and
#	prints "N COUNT KEYS" per file written (KEYS: the keys the records list).
#   awk -f bench/corpus.awk -v mode=yaml [-v limit=K] FILE.jsonl > OUT.yaml
#
# Records are chosen exactly as build/corpus_bench chooses them: status "ok"
# and n <= maxn (and n < 16).  With tries=1 a record that lists tries is
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

function popeye(   f, n, board, opt, nc, ep, file, out, list)
{
	n = num("n")
	split(str("fen"), f, " ")
	board = f[1]
	gsub(/N/, "S", board)
	gsub(/n/, "s", board)
	opt = "NoBoard"
	if (tries && $0 ~ /"tries": \[/)
		opt = opt " Try Defence 1"
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
	if (match($0, /"keys": \[[^]]*\]/)) {
		list = substr($0, RSTART + 9, RLENGTH - 9)
		keys[n] += gsub(/"[^"]*"/, "", list)
	}
	out = dir "/n" n ".inp"
	print (count[n]++ ? "NextProblem" : "BeginProblem") > out
	print "Remark " str("id") > out
	print "Forsyth " board > out
	print "Stipulation #" n > out
	print "Option " opt > out
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
}

{
	if (str("status") != "ok" || num("n") < 1 || num("n") > maxn + 0 || num("n") >= 16)
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
			print n, count[n], keys[n] + 0
		}
}
