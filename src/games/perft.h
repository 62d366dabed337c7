/*
** perft.h -- count the leaves of the legal move tree (move generator proof).
*/
#ifndef MAAT_PERFT_H
#define MAAT_PERFT_H

#include <stdint.h>

#include "games/game.h"

/* Leaves at `depth` plies below pos (depth 0 = 1).  A finished game has no
   moves, so it has no leaves below it.  Leaves are counted in bulk: at
   depth 1 the number of legal moves is the answer. */
uint64_t perft(const struct game *g, void *pos, int depth);

#endif
