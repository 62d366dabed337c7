/*
** render_solve.h -- what `maat render` asks of the solver: is the puzzle
** sound (C+), which key did the solver prove (--arrow key, --key), and the
** solution text for a booklet's solutions section.
*/
#ifndef MAAT_RENDER_SOLVE_H
#define MAAT_RENDER_SOLVE_H

#include "model/puzzle.h"
#include "render/render.h"
#include "solve/tt.h"

/* Judge every problem of p (the diagram and its twins) with a time limit
   of max_seconds each (0: none) and fill *out; render_proof_free() frees
   it.  Returns -1 when out of memory (out is then empty). */
int render_solve(const struct puzzle *p, double max_seconds, struct tt *tt,
                 struct render_proof *out);
void render_proof_free(struct render_proof *pr);

#endif
