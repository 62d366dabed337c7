/*
** variations.h -- what the composer reads in a solution tree: variations
** (different wins), duals (compose.h declares those); and the squares of a
** canonical move, which near-duplicates compare too.  (Layer: compose.)
*/
#ifndef MAAT_COMPOSE_VARIATIONS_H
#define MAAT_COMPOSE_VARIATIONS_H

#include <stdbool.h>

/* A square of a canonical move at *t, read as a file and a rank (from 1)
   and passed; false when there is none. */
bool compose_canon_square(const char **t, int *file, int *rank);

#endif
