/*
** orthodox_pieces.h -- the six men of orthodox chess in both colours, as
** the games played with them (chess, Morok chess: M1) declare their pieces.
*/
#ifndef MAAT_ORTHODOX_PIECES_H
#define MAAT_ORTHODOX_PIECES_H

#include "games/game.h"

/* K Q R B N P k q r b n p, then the terminating row. */
extern const struct piece_kind orthodox_pieces[];

/* The kinds of men in the table's order: K Q R B N P. */
enum {
	ORTHODOX_KING,
	ORTHODOX_QUEEN,
	ORTHODOX_ROOK,
	ORTHODOX_BISHOP,
	ORTHODOX_KNIGHT,
	ORTHODOX_PAWN
};

/* Popeye's print order (game.h's print_order) of a move of an orthodox man
   of kind `kind` from square `from` to `to` (rank * 8 + file, a1 = 0):
   promo the kind promoted to (0: none), castle a castling (the king's
   move). */
uint32_t orthodox_print_order(int kind, int from, int to, int promo, bool castle);

/* game.h's attacks op for the men of this table on a chess board (chess,
   Morok: M1, orthodox moves). */
enum attack orthodox_attacks(const struct setup *s, int f, int r, int tf, int tr, int xf, int xr);

#endif
