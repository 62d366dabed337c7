/*
** claim.h -- compare the solution a file claims (Popeye's text format, or
** the compact print style) with the truth.
*/
#ifndef MAAT_CLAIM_H
#define MAAT_CLAIM_H

#include <stddef.h>

#include "analysis.h"
#include "game.h"

/* 0: the text agrees with the analysis (every move it names is legal, its
   key is a real key, its tries fail, its refutations refute, its
   continuations win in the moves left).  1: it does not, and why says
   which move differs.  The text may be empty (nothing claimed: 0). */
int claim_compare(const struct game *g, const void *pos, int n, const char *text,
		  const struct analysis *a, struct tt *tt, char *why, size_t whylen);

#define CLAIM_MAX_LINE 96 /* plies: twice the longest stipulation, and more */

/* What differs, for `maat verify --explain`. */
enum claim_kind {
	CLAIM_AGREES = 0,
	CLAIM_ILLEGAL,            /* a move that is not legal where it stands */
	CLAIM_KEY_FAILS,          /* the file's key does not win in n */
	CLAIM_TRY_WINS,           /* a move given as a try wins */
	CLAIM_CONTINUATION_FAILS, /* a continuation does not win in the moves left */
	CLAIM_NOT_REFUTATION,     /* "but 1...Y!" does not refute the try */
	CLAIM_OFF_LINE            /* a move whose line does not follow from the moves before */
};

struct claim_diff {
	enum claim_kind kind;
	move_t intended;               /* the file's first key (legal), MOVE_NONE if none */
	int plies;                     /* moves of `line` before the one that differs
					  (CLAIM_NOT_REFUTATION: try and defence) */
	move_t line[CLAIM_MAX_LINE];   /* MOVE_NONE: a pass (the line of a threat) */
	move_t given;                  /* the move that differs, MOVE_NONE when not legal */
	char given_text[40];           /* as the file writes it */
};

/* claim_compare, telling what differs in d (which may be NULL). */
int claim_check(const struct game *g, const void *pos, int n, const char *text,
		const struct analysis *a, struct tt *tt, char *why, size_t whylen,
		struct claim_diff *d);

#endif
