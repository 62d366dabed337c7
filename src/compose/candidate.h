/*
** candidate.h -- one candidate of a run, from its position to the problem
** written: the proof search and economy (wins.h), the filters and the
** score (filters.h), the local search on it (climb.h), the title,
** keywords and solution text.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_CANDIDATE_H
#define MAAT_COMPOSE_CANDIDATE_H

#include <stdint.h>

#include "compose/compose.h"
#include "compose/filters.h"
#include "compose/wins.h"

/* Candidate `index` of the run, judged alone: C_KEPT and *out filled, or
   why not (illegal placements counted in *illegal). */
enum outcome compose_try_candidate(struct worker *w, uint64_t index, struct composed *out,
                                   uint64_t *illegal);

#endif
