/*
** climb.h -- a problem improved by local search on its score (issue 22,
** part 2): random changes kept while it stays sound with the same key,
** passes every filter and scores more; a near miss repaired the same way;
** self play's plain defender enriched.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_CLIMB_H
#define MAAT_COMPOSE_CLIMB_H

#include <stdint.h>

#include "compose/filters.h"
#include "compose/rng.h"
#include "games/compose_profile.h"

/* pos, bf, bj, bs and bvar are the best so far (position, facts,
   judgement, score, variations), updated in place; canon the key. */
int compose_climb(struct worker *w, struct rng *r, int solver, const char *canon, void *pos,
                  struct score_facts *bf, struct judgement **bj, struct compose_score *bs,
                  int *bvar);
enum outcome compose_repair(struct worker *w, uint64_t index, int solver, const char *canon,
                            void *pos, struct score_facts *f, struct judgement **jp,
                            struct compose_score *sc, int *variations);
int compose_enrich_defender(struct worker *w, const struct compose_profile *pf, int solver,
                            const char *canon, void *pos, struct score_facts *bf,
                            struct judgement **bj, struct compose_score *bs, int *bvar);

#endif
