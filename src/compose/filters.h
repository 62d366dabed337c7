/*
** filters.h -- the composer's quality filters: those read from the
** position and its key (men, promoted force, lone king, a quiet key, ...),
** cheapest first, and those read from the full judgement (duals,
** variations, different wins, a short threat), which also gives the
** score.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_FILTERS_H
#define MAAT_COMPOSE_FILTERS_H

#include "compose/score.h"
#include "compose/wins.h"

/* What became of a candidate (the run counts each: compose_stats). */
enum outcome {
	C_KEPT,
	C_ILLEGAL,
	C_NO_WIN,
	C_SHORT,
	C_COOKED,
	C_TIMEOUT,
	C_SMALL,        /* economy left fewer men than asked for */
	C_KEY,          /* the key captures or checks, or the solver is in check */
	C_ONLY_MOVE,    /* the key is the only legal move */
	C_FORCED,       /* Morok: the solver starts possessed */
	C_LEGAL,        /* promoted force, or more men than a game reaches */
	C_LONE,         /* direct play: the defender has its king alone */
	C_SCORE,        /* below --min-score */
	C_DUALS,        /* duals in the main line */
	C_VARIATIONS,   /* too few variations */
	C_SHORT_THREAT, /* the threat wins sooner than the stipulation */
	C_SET_WIN,      /* self play: the defender could win at once */
	C_KING_RUN,     /* the key and every answer the solver's king's (T8) */
	C_REPEATED,     /* help play: two solutions end in the same move */
	C_UNREADABLE,   /* the solution text does not read back (a bug) */
	C_OOM
};

/* The filters of men and key (battle play), cheapest first; f gets the
   facts of material and key. */
enum outcome compose_cheap_filters(struct worker *w, const void *pos, int solver, move_t key,
                                   struct score_facts *f);
/* The refusals of compose_cheap_filters that need no key, asked before
   the search for one (most random positions of a game with forced
   captures or with checks are refused there: Morok's win in 2, 64 in 100
   -- the defender's king alone, the solver's king attacked or every move
   it has a capture): C_LONE, C_KEY or C_FORCED when the candidate would
   be refused whatever key the search found, else C_KEPT. */
enum outcome compose_diagram_filters(struct worker *w, const void *pos, int solver);
/* The full judgement and the score: C_KEPT with *jp (the caller frees
   it), or why not. */
enum outcome compose_judge_and_score(struct worker *w, const void *pos, int solver, move_t key,
                                     struct score_facts *f, struct judgement **jp,
                                     struct compose_score *sc, int *variations);

#endif
