/*
** render_solve.h -- what `maat render` asks of the solver: is the puzzle
** sound (C+), which key did the solver prove (--arrow key, --key), and the
** solution text for a booklet's solutions section.
*/
#ifndef MAAT_RENDER_SOLVE_H
#define MAAT_RENDER_SOLVE_H

#include <stdbool.h>

#include "base/stopflag.h"
#include "model/puzzle.h"
#include "render/render.h"
#include "solve/tt.h"

struct render_solve_opts {
	double max_seconds;    /* a problem's time limit (0: none) */
	int tries;             /* --tries K: the tries refuted by at most K defences
	                          printed; -1: only where the file asks for them */
	bool set_play;         /* --set-play: set play also where the file asks for none */
	const stop_flag *stop; /* Ctrl-C: the search ends as on a timeout; may be NULL */
};

/* Judge every problem of p (the diagram and its twins) as o says and fill
   *out; render_proof_free() frees it.  Returns -1 when out of memory (out
   is then empty). */
int render_solve(const struct puzzle *p, const struct render_solve_opts *o, struct tt *tt,
                 struct render_proof *out);
void render_proof_free(struct render_proof *pr);

#endif
