/*
** orthodox_pieces.h -- the six men of orthodox chess in both colours, as
** the games played with them (chess, Morok chess: M1) declare their pieces.
*/
#ifndef MAAT_ORTHODOX_PIECES_H
#define MAAT_ORTHODOX_PIECES_H

#include "games/game.h"

/* K Q R B N P k q r b n p, then the terminating row. */
extern const struct piece_kind orthodox_pieces[];

#endif
