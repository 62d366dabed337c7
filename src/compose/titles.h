/*
** titles.h -- a problem's title, in its game's spirit and unique within a
** run and a collection, and its keywords.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_TITLES_H
#define MAAT_COMPOSE_TITLES_H

#include <stdbool.h>

#include "compose/compose.h"
#include "compose/rng.h"
#include "solve/analysis.h"

/* One of the profile's title forms for c (its key canon), drawn from r. */
void compose_make_title(const struct compose_opts *o, struct composed *c, const char *canon,
                        struct rng *r);
void compose_add_keyword(struct composed *c, const char *k);
/* Keywords of a battle-play problem (a its judgement; check: a checking key). */
void compose_make_keywords(const struct compose_opts *o, struct composed *c,
                           const struct analysis *a, bool check);
/* A title that none of kept[0..n) and no avoided title has. */
void compose_title_once(const struct compose_opts *o, const struct composed *kept, int n,
                        struct composed *c);

#endif
