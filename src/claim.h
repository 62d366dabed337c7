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

#endif
