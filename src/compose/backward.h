/*
** backward.h -- self play built backwards from its last picture (issue 22,
** part 2: "build problems the way composers do").
**
** A selfmate is rare among random positions: after the solver's last move
** the defender must have a move and every move it has must win for it (in
** chess: mate the solver), which random men almost never allow.  So the
** composer starts from that picture and goes back:
**   1. back_picture: a local search over positions with the defender to
**      move for one where every defender's move wins for the defender;
**   2. back_retract, 2N-1 times: the solver's last move, then the
**      defender's and the solver's moves before it, back to the diagram.
** The diagram is then judged by the real solver like any other candidate
** (self_build.c); most chains fail, a few are sound.  Everything is drawn
** from the caller's generator, so the result depends only on its state.
** (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_BACKWARD_H
#define MAAT_COMPOSE_BACKWARD_H

#include <stdbool.h>

#include "compose/rng.h"
#include "games/compose_profile.h"
#include "games/game.h"

/* A position with side !solver to move that has a move, every one of them
   winning for it (the solver lost, S0), men kings included between lo and
   hi, drawn from pf's men, with force a game could have unless `promoted`
   (score_material); at most `steps` changes of the local search.  true
   and pos filled, or false. */
bool back_picture(const struct game *g, const struct compose_profile *pf, struct rng *r, int solver,
                  int lo, int hi, int steps, bool promoted, void *pos);

/* One random change of s for a local search: a man of pf's added near a
   king (men, kings included, at most hi), a man removed (at least lo
   left; never one of side `keep`, -1 none), a man moved, or a king moved
   a square.  s may come out a position the game refuses: the caller's
   setup() says. */
void back_change(const struct game *g, const struct compose_profile *pf, struct rng *r,
                 struct setup *s, int solver, int lo, int hi, int keep);

/* What the move taken back may be. */
enum retract {
	RETRACT_ANY,  /* any move that takes nothing */
	RETRACT_TAKE, /* a capture */
	RETRACT_QUIET /* neither a capture nor a check (the key) */
};

/* One ply back: pos has side X to move; pos becomes a position with the
   other side Y to move from which a legal move of Y leads to pos's men (a
   man of Y moved back, and for RETRACT_TAKE one of X's men, drawn from
   pf, put where it went: the move captured it).  Only a position the game
   accepts.  false, pos unchanged, when no such move was found. */
bool back_retract(const struct game *g, const struct compose_profile *pf, struct rng *r, void *pos,
                  enum retract how);

/* May man c stand on (f, k)?  Pawns never on the first or last rank,
   tafl men other than the king only on plain squares. */
bool back_square_ok(const struct game *g, char c, int f, int k);

/* The same, and a king off the edge where the game's profile says it has
   already won there (king_off_edge: Tavlei's escape, T8, no game goes on). */
bool back_may_stand(const struct game *g, const struct compose_profile *pf, char c, int f, int k);

#endif
