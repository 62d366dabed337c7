/*
** zobrist.h -- fixed random keys for incremental position hashing.
**
** One shared read-only table; each game carves its own index ranges out of
** it (piece x square, side to move, castling, ...).  ZOBRIST_SIZE is enough
** for 12 piece kinds on 81 squares plus extras.
*/
#ifndef MAAT_ZOBRIST_H
#define MAAT_ZOBRIST_H

#include <stdint.h>

#define ZOBRIST_SIZE 2048

extern const uint64_t zobrist_table[ZOBRIST_SIZE];

#endif
