/*
** magazine.h -- a solution as magazines print it (magazine.c): for the
** magazine writer (solve --format magazine), the booklet's and LaTeX's
** solutions (cli/render_solve.c).
*/
#ifndef MAAT_MAGAZINE_H
#define MAAT_MAGAZINE_H

#include <stdbool.h>
#include <stdio.h>

#include "judge/judge.h"
#include "model/puzzle.h"

struct magazine_opts {
	bool tries;     /* the tries, whether the file asks for them or not (--tries) */
	bool figurines; /* piece letters as figurines (U+2654 to U+2658) */
};

/* One problem's solution (r: the diagram, a twin or a Duplex part of p),
   after its twin's line ("b) -Se1, #4"). */
void magazine_solution(FILE *f, const struct puzzle *p, const struct judgement *r,
                       const struct magazine_opts *o);

#endif
