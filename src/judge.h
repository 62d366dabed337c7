/*
** judge.h -- one puzzle, one verdict: load problems, analysis, claimed
** solution, in that order; the per-puzzle core of `maat verify` and
** `maat solve`.
*/
#ifndef MAAT_JUDGE_H
#define MAAT_JUDGE_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"
#include "puzzle.h"

struct judge_opts {
	struct analysis_opts an;
};

struct judgement {
	enum verdict verdict;
	char reason[768];   /* what is wrong, for every verdict but sound */
	char position[512]; /* the position string */
	bool analysed;
	struct analysis an;
};

/* tt: the calling thread's table, reused from puzzle to puzzle (or NULL). */
void judge_puzzle(const struct puzzle *p, const struct judge_opts *o, struct tt *tt,
		  struct judgement *r);
void judgement_free(struct judgement *r);

/* "file#3" for a puzzle of a collection, "file" when it is alone. */
void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len);
/* One verdict line (and warnings); with `solution`, the solution text too. */
void judge_print_text(FILE *f, const struct puzzle *p, const char *label,
		      const struct judgement *r, bool solution);
/* One JSON object on one line. */
void judge_print_json(FILE *f, const struct puzzle *p, const struct judgement *r,
		      bool with_time);

#endif
