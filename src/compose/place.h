/*
** place.h -- the composer's candidate positions: men of the game's profile
** placed at random, a random game from the start thinned out, a random
** change for the local search; and what the stipulation's play asks of
** them (direct, self, help ...).  Everything is drawn from the caller's
** generator (rng.h), so a candidate depends only on its (seed, index).
** (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_PLACE_H
#define MAAT_COMPOSE_PLACE_H

#include <stdbool.h>
#include <stdint.h>

#include "compose/compose.h"
#include "compose/rng.h"
#include "games/compose_profile.h"

/* The game's compose_profile, or a generic one. */
const struct compose_profile *compose_profile_of(const struct game *g);
/* Men per side on s into men[]; the total. */
int compose_count_men(const struct game *g, const struct setup *s, int men[2]);

/* The play of o's stipulation: self play built backwards (S3), self or
   reflex play, help and series play (lines), direct play (S1). */
bool compose_backward_play(const struct compose_opts *o);
bool compose_self_play(const struct compose_opts *o);
bool compose_lines_play(const struct compose_opts *o);
bool compose_direct_play(const struct compose_opts *o);

/* Men on the board, kings included, for the solving side: --pieces or the
   profile's. */
void compose_pieces_range(const struct compose_opts *o, const struct compose_profile *pf,
                          int solver, int *lo, int *hi);
/* A candidate position by random placement / by random play: 0 and pos
   filled (and *men, the setup it was made from), or -1 (rejected tries
   counted in *illegal). */
int compose_place(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                  int solver, void *pos, struct setup *men, uint64_t *illegal);
int compose_play(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                 int solver, void *pos, struct setup *men, uint64_t *illegal);
/* A random change of s (the local search on the score). */
void compose_mutate(const struct compose_opts *o, struct rng *r, int solver, struct setup *s);
/* Force a game could have at pos, unless --allow-promoted. */
bool compose_force_allowed(const struct compose_opts *o, const void *pos, int solver);

#endif
