/*
** verdict.h -- the verdict rules of the two families of plays (rules S4,
** S5, S9): from the analysis and the claim to sound, cooked, short, duals,
** ...
*/
#ifndef MAAT_VERDICT_H
#define MAAT_VERDICT_H

#include <stddef.h>

#include "base/strbuf.h"
#include "play/play.h"
#include "solve/analysis.h"

/* How help and series play's solutions are counted (--count). */
enum verdict_count {
	COUNT_FIRST_MOVES, /* as YACPDB: lines that part at the first move; more
	                      lines after them than intended is the verdict duals */
	COUNT_LINES        /* every line a solution: more than intended is a cook */
};

/* What the verdict rules decide. */
struct verdict_info {
	enum verdict_count count; /* in: how solutions are counted (0: first moves) */
	enum verdict verdict;
	struct strbuf reason; /* what is wrong, for every verdict but sound, whole
	                         (strbuf_free it) */
};

/* The verdict of a problem by its play's family (the claim checked too). */
void verdict_judge(const struct problem *pb, const struct analysis *a, struct verdict_info *v);

/* The verdict rules of the two families (verdict.c). */
void verdict_battle(const struct problem *pb, const struct analysis *a, struct verdict_info *v);
void verdict_lines(const struct problem *pb, const struct analysis *a, struct verdict_info *v);

/*
** intended-solutions (YACPDB; S9) as the solutions' shape: want[p] is the
** number of lines branching off at ply p after one same line before it
** (-1: anything), `first` the ply that counts the solutions (0, or 1 when
** the winning side starts: h#N.5).  "2" -> 2 at the first ply, 1 after;
** "2.1.1.1" ply by ply; a trailing "..." leaves the rest free.  Returns the
** number of lines intended, or -1 (err added to) when spec is malformed.
*/
int intended_shape(const char *spec, const struct stipulation *st, int plies, int *want, int *first,
                   struct strbuf *err);

#endif
