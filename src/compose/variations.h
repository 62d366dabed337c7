/*
** variations.h -- what the composer reads in a solution tree: variations
** (different wins), duals (compose.h declares those); and the squares of a
** canonical move, which near-duplicates compare too.  (Layer: compose.)
*/
#ifndef MAAT_COMPOSE_VARIATIONS_H
#define MAAT_COMPOSE_VARIATIONS_H

#include <stdbool.h>

struct analysis;

/* A square of a canonical move at *t, read as a file and a rank (from 1)
   and passed; false when there is none. */
bool compose_canon_square(const char **t, int *file, int *rank);

/* Is try t of a thematic (issue 22: the tries a judge reads): refuted by
   one defence that refutes no other try, with play of its own -- a threat
   or an answer to a defence that the key's play has nowhere.  The composer
   prints and scores only these. */
bool compose_thematic_try(const struct analysis *a, int t);

#endif
