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
#include "explain.h"
#include "puzzle.h"

struct judge_opts {
	struct analysis_opts an;
	bool explain;       /* --explain: work out what an unsound verdict needs */
};

struct judgement {
	enum verdict verdict;
	int twin;           /* -1: the diagram; else the puzzle's twins[twin] */
	struct stipulation stip; /* the problem's (a twin may change it) */
	bool has_stip;
	char reason[768];   /* what is wrong, for every verdict but sound */
	char position[512]; /* the position string */
	bool analysed;
	struct analysis an;
	struct explanation ex; /* with judge_opts.explain */
};

/* tt: the calling thread's table, reused from puzzle to puzzle (or NULL). */
void judge_puzzle(const struct puzzle *p, const struct judge_opts *o, struct tt *tt,
		  struct judgement *r);
/* One problem of a puzzle: twin -1 the diagram, else p->twins[twin]
   (see puzzle_problem_twin). */
void judge_problem(const struct puzzle *p, int twin, const struct judge_opts *o,
		   struct tt *tt, struct judgement *r);
void judgement_free(struct judgement *r);

/* "file#3" for a puzzle of a collection, "file" when it is alone; the
   problem's twin is added by judge_print_text ("file#3 twin b)"). */
void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len);
/* One verdict line (and warnings); with `solution`, the solution text too. */
void judge_print_text(FILE *f, const struct puzzle *p, const char *label,
		      const struct judgement *r, bool solution);
/* One JSON object on one line. */
void judge_print_json(FILE *f, const struct puzzle *p, const struct judgement *r,
		      bool with_time);

#endif
