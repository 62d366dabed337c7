/*
** chess_mate.h -- can a side still have mated within so many moves?  The
** exact pruning of help and series play for orthodox chess (chess.c's
** may_win op; the relaxation is described in chess_mate.c).
*/
#ifndef MAAT_CHESS_MATE_H
#define MAAT_CHESS_MATE_H

#include <stdbool.h>
#include <stdint.h>

/* The men of a position: pc[6] by kind (K Q R B N P, both colours), col[2]
   by colour (0 White), castling rights (bits: 1 White short, 2 White long,
   4 Black short, 8 Black long). */
struct chess_men {
	const uint64_t *pc;
	const uint64_t *col;
	int castle;
};

/*
** Of the squares in `within`, those where `winner` may have mated the other
** side's king once it has made at most `wm` more moves and the other side
** at most `lm`, in any order.  A square where such a mate is possible is
** never left out; 0: `winner` certainly cannot have mated.
*/
uint64_t chess_mate_squares(const struct chess_men *men, int winner, int wm, int lm,
                            uint64_t within);

/*
** The moves of `mover` (the side to move) that may still be on a line to a
** mate on a square of `found` (what chess_mate_squares answered for the
** same budgets) within those budgets.  False when every move may be (the
** side has a move to spare, or the test holds none of its men); true with,
** for each square a man of the mover stands on, the squares it may go to in
** useful[square] (every square for a man the test lets through).
*/
bool chess_mate_useful(const struct chess_men *men, int winner, int mover, int wm, int lm,
                       uint64_t found, uint64_t useful[64]);

/*
** The loser to move with two moves left to each side: its moves after
** which chess_mate_squares (one move of the loser's, two of the winner's,
** within `found`) may still find a square.  False when the test holds
** none; true with, per square of a man of the loser's, the squares it may
** go to in allowed[square] (every square for a man let through; the
** winner's squares are left whole).
*/
bool chess_mate_children(const struct chess_men *men, int winner, int wm, int lm, uint64_t found,
                         uint64_t allowed[64]);

/*
** The loser to move with three moves or more left to the winner: of its
** moves (from[k], to[k]), k < n, keep[k] is set false for those after which
** chess_mate_squares (wm, lm - 1, within `found`) would find no square.
** False when the test holds none (keep[] untouched).
*/
bool chess_mate_next(const struct chess_men *men, int winner, int wm, int lm, uint64_t found, int n,
                     const uint8_t *from, const uint8_t *to, bool *keep);

#endif
