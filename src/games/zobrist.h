/*
** zobrist.h -- fixed random keys for incremental position hashing.
**
** One shared read-only table.  Every game takes its keys from its start,
** zobrist_table[0 .. n), in a layout of its own (piece x square, side to
** move, castling, ...), and says how many it takes (struct game's
** zobrist_keys, checked by the registry): there is no range to find for a
** new game, since the keys of two games never meet -- the solver's table
** is emptied between problems (a new generation, solve/tt.h), the
** prover's holds one game.  ZOBRIST_SIZE is enough for 12 piece kinds on
** 81 squares plus extras.
*/
#ifndef MAAT_ZOBRIST_H
#define MAAT_ZOBRIST_H

#include <stdint.h>

#define ZOBRIST_SIZE 2048

extern const uint64_t zobrist_table[ZOBRIST_SIZE];

#endif
