/*
** judge.h -- one problem, one verdict: load errors, the play's row, the
** analysis, the claimed solution, in that order; the per-problem core of
** `maat verify` and `maat solve`.  Writers (output/writer.h) print a
** judgement; the judge prints nothing.
**
** Layer: judge -- may use: claim, input.
** The layer of one verdict per problem, batches of them on threads, explanations.
*/
#ifndef MAAT_JUDGE_H
#define MAAT_JUDGE_H

#include <stdbool.h>
#include <stdio.h>

#include "base/strbuf.h"
#include "judge/explain.h"
#include "model/puzzle.h"
#include "play/play.h"
#include "solve/analysis.h"

struct judge_opts {
	struct analysis_opts an;
	bool explain; /* --explain: work out what an unsound verdict needs */
	int count;    /* --count: how help and series solutions are counted
	                 (enum verdict_count: first moves, as YACPDB, or lines) */
	/* With an.tree: does the writer print this puzzle's solution tree?
	   Where it does not, none is built (NULL: it prints every one). */
	bool (*shows_tree)(const struct puzzle *p);
};

struct judgement {
	enum verdict verdict;
	int twin;                /* -1: the diagram; else the puzzle's twins[twin] */
	struct stipulation stip; /* the problem's (a twin may change it) */
	bool has_stip;
	const struct play *play; /* its row, NULL when none */
	const char *reason;      /* what is wrong, for every verdict but sound, whole;
	                            never NULL after judge_problem ("" when sound) */
	char position[512];      /* the position string: bounded by construction (a
	                            game's format() writes at most 81 squares' letters,
	                            their separators and four short fields, < 200) */
	bool analysed;
	struct problem pb; /* the problem as analysed (valid with `analysed`) */
	struct analysis an;
	struct explanation ex;   /* with judge_opts.explain */
	char *claim;             /* a twin's part of the claimed solution (owned) */
	const char *notes;       /* what the claim holds that is not read (claim_notes):
	                            words that are not moves, prose, the retro move, whole;
	                            never NULL after judge_problem ("" when none) */
	struct strbuf why, said; /* where reason and notes are kept */
};

/* tt: the calling thread's table, reused from puzzle to puzzle (or NULL). */
void judge_puzzle(const struct puzzle *p, const struct judge_opts *o, struct tt *tt,
                  struct judgement *r);
/* One problem of a puzzle: twin -1 the diagram, else p->twins[twin]
   (see puzzle_problem_twin). */
void judge_problem(const struct puzzle *p, int twin, const struct judge_opts *o, struct tt *tt,
                   struct judgement *r);
void judgement_free(struct judgement *r);

/* "file#3" for a puzzle of a collection, "file" when it is alone; the
   problem's twin is added by the writers ("file#3 twin b)"). */
void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len);
/* The problem's twin label: "b", "a" for the diagram of a twin problem,
   NULL for a puzzle without twins. */
const char *judge_twin_label(const struct puzzle *p, const struct judgement *r);
/* Is the problem the duplex part of a twin (Popeye's Duplex option)? */
bool judge_duplex(const struct puzzle *p, const struct judgement *r);

#endif
