/*
** self_build.h -- a self-play diagram built backwards (backward.h) with
** the real search: the defender's turns made refutation-free, then a quiet
** key that is the diagram's only one.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_SELF_BUILD_H
#define MAAT_COMPOSE_SELF_BUILD_H

#include <stdbool.h>

#include "compose/rng.h"
#include "compose/wins.h"
#include "games/compose_profile.h"

/* 0 and pos filled, 1 none found, -1 out of time. */
int compose_backward(struct worker *w, const struct compose_profile *pf, struct rng *r, int solver,
                     void *pos);
/* Self play: could the defender, to move in the diagram, win at once? */
bool compose_defender_wins_at_once(const struct game *g, const void *pos);

#endif
