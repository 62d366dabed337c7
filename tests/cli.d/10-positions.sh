# Malformed positions on the command line: one line saying what is wrong
# and where, exit status 2 (issue "Game engine", section 6; rules O1, U1,
# U2, M1, T1, T3, T10).
bad_position() {
	expect "bad position: $1" 2 "position: $4" -- perft --game "$2" --position "$3" 1
}
CHESS_TAIL="w - - 0 1"
bad_position "O1 rank too long" chess "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR $CHESS_TAIL" "rank 6 has 9 squares, expected 8"
bad_position "O1 missing rank" chess "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR $CHESS_TAIL" "the board has 7 ranks, expected 8"
bad_position "O1 unknown letter" chess "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ $CHESS_TAIL" "unknown piece letter 'Z' on h1 (Orthodox chess has K Q R B N P k q r b n p)"
bad_position "O1 no king" chess "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR $CHESS_TAIL" "a position without a white king is not supported"
bad_position "O1 two kings" chess "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR $CHESS_TAIL" "white has 2 kings"
bad_position "O1 pawn on rank 8" chess "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR $CHESS_TAIL" "white pawn on a8: a pawn on rank 1 or 8 is not supported (no chess game has one, FIDE 3.7; Popeye's never moves or checks)"
bad_position "O1 pawn on rank 1" chess "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp $CHESS_TAIL" "black pawn on h1: a pawn on rank 1 or 8 is not supported (no chess game has one, FIDE 3.7; Popeye's never moves or checks)"
bad_position "O1 king capturable" chess "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1" "the side to move can capture the king"
bad_position "U1 queen" upuaut "bbkbb/5/5/5/5/BBKBQ w" "unknown piece letter 'Q' on e1 (Upuaut has K B k b)"
bad_position "U1 seven ranks" upuaut "bbkbb/5/5/5/5/BBKBB/5 w" "the board has 7 ranks, expected 6"
bad_position "U1 six files" upuaut "bbkbb/5/5/5/5/BBKBBB w" "rank 1 has 6 squares, expected 5"
bad_position "U2 five bishops" upuaut "bbkbb/5/5/5/B4/BBKBB w" "white has 5 bishops, at most 4"
bad_position "U2 no king" upuaut "bbkbb/5/5/5/5/BBBBB w" "white has no king"
bad_position "U1 side letter" upuaut "bbkbb/5/5/5/5/BBKBB x" "side to move must be 'w' or 'b', got 'x'"
bad_position "M1 castling" morok "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "Morok has no castling: castling field must be '-'"
bad_position "M1 en passant" morok "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1" "Morok has no en passant: en passant field must be '-'"
bad_position "T10 side letter" tavlei "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ x" "side to move must be 'a' or 'd', got 'x'"
bad_position "T3 throne" tavlei "/3ttt3/4t4/4T4/t3T3t/ttTTtTTtt/t3T3t/4T4/4t4/3ttt3/ a" "attacker on throne e5: only the king may stand there"
bad_position "T1 ten files" tavlei "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3tttt3/ a" "rank 9 has 10 squares, expected 9"
bad_position "T3 corner" tavlei "/t2ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ a" "attacker on corner a1: only the king may stand there"
bad_position "T10 unknown letter" tavlei "/3ttt3/4t4/4T4/t3T3t/ttTZKTTtt/t3T3t/4T4/4t4/3ttt3/ a" "unknown piece letter 'Z' on d5 (Tavlei has t T K)"
