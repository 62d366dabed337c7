/*
** explain.h -- `maat verify --explain`: what a composer needs to mend an
** unsound problem.  Each cook's line of play, the short solution's line,
** for a claim mismatch the move that differs and what is true there, and
** when the file's key fails its refutations: the defences that would have
** to be stopped.  Text and JSON ("explain") are described in maat(1).
*/
#ifndef MAAT_EXPLAIN_H
#define MAAT_EXPLAIN_H

#include <stdbool.h>

#include "base/stopflag.h"
#include "claim/claim.h"
#include "games/game.h"
#include "solve/analysis.h"

#define EXPLAIN_MAX 16 /* moves listed in one answer; the rest are counted */

struct explain_move {
	struct move_note note; /* the move with its marks; MOVE_NONE: a pass (in a line), or
	                          a move not legal (given), its text the file's */
	int ply;               /* its place in the line, 0 the first move: "2." or "1..." */
	int wins_in;           /* solving-side moves to the win, this one included; 0 = n/a */
};

struct explain_list {
	int n, more; /* listed, and left out */
	struct explain_move m[EXPLAIN_MAX];
};

/* Which key's line of play the explanation shows, and as what. */
enum explain_role { EXPLAIN_NONE, EXPLAIN_COOK, EXPLAIN_KEY, EXPLAIN_SHORT };

struct explanation {
	bool done;
	bool cut;                     /* a search was stopped (time, Ctrl-C): partial answer */
	bool has_intended;            /* the file's solution names a key */
	struct explain_move intended; /* the file's key in question: the one that fails, else
	                                 its first */
	int intended_key;             /* its index in the analysis' keys, -1: not a key */
	struct explain_list named;    /* every key the file names, in its order */
	move_t named_moves[CLAIM_MAX_KEYS];
	bool all_named; /* the file names every key of the analysis */
	/* the file's key fails: its refutations; `ends` when it ends the game
	   without a win (stalemate, ...) and so has none */
	bool refuted, ends;
	struct explain_list refutations;
	/* the keys whose play is shown: role[k] for key k of the analysis */
	unsigned char role[MAX_MOVES];
	/* claim mismatch */
	enum claim_kind kind;
	int line_plies;                               /* the line before the move that differs */
	struct explain_move line[ANALYSIS_MAX_PLIES]; /* (not a try's defence in question) */
	struct explain_move given; /* that move; when not legal its note's move is
	                              MOVE_NONE and given_text is the file's */
	char *given_text;          /* the file's text of the move, whole, when it is not
	                              legal (owned: explanation_free) */
	enum { TRUTH_NONE, TRUTH_KEYS, TRUTH_CONTINUATIONS, TRUTH_DEFENCES } truth_kind;
	struct explain_list truth;
};

/* Work out the explanation of verdict v (nothing to say for sound,
   timeout, unsupported, error), under the problem's limits. */
void explain_run(const struct problem *pb, const struct analysis *a, enum verdict v,
                 struct explanation *e);
void explanation_free(struct explanation *e);

#endif
