/*
** claim.h -- compare the solution a file claims with the truth, each play
** as its row says.  One tokenizer (lex.h) reads every way a solution is
** written -- Popeye's output in English, German and French, YACPDB and
** Olive texts, magazine style -- and each family of plays reads the
** tokens its way: battle play (claim.c) as keys, tries, threats and
** variations; help and series play (lines.c) as lines.
**
** Layer: claim -- may use: notation, solve.
** The layer of the file's claimed solution read and compared with the analysis.
*/
#ifndef MAAT_CLAIM_H
#define MAAT_CLAIM_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"
#include "games/game.h"
#include "solve/analysis.h"

/* What claim_check and claim_check_lines return. */
enum {
	CLAIM_OK = 0,         /* the text agrees with the analysis (or claims nothing) */
	CLAIM_DIFFERS = 1,    /* it does not: `why` says which move differs */
	CLAIM_NO_MEMORY = -1, /* could not be checked: out of memory */
	CLAIM_TIMEOUT = -2    /* could not be checked within the problem's limits */
};

#define CLAIM_MAX_LINE 128 /* plies: twice the longest stipulation, and more */
#define CLAIM_MAX_KEYS 8   /* first moves the file gives as keys, remembered */

/* What differs, for `maat verify --explain`. */
enum claim_kind {
	CLAIM_AGREES = 0,
	CLAIM_ILLEGAL,            /* a move that is not legal where it stands */
	CLAIM_KEY_FAILS,          /* the file's key does not win in n */
	CLAIM_TRY_WINS,           /* a move given as a try wins */
	CLAIM_CONTINUATION_FAILS, /* a continuation does not win in the moves left */
	CLAIM_NOT_REFUTATION,     /* "but 1...Y!" does not refute the try */
	CLAIM_OFF_LINE,           /* a move whose line does not follow from the moves before */
	CLAIM_FALSE_ZUGZWANG      /* "zugzwang." after a move that threatens (the line: to it) */
};

struct claim_diff {
	enum claim_kind kind;
	move_t intended; /* the file's key in question: the one that fails, else
	                    its first (legal), MOVE_NONE if none */
	int nclaimed;    /* keys the file names (legal ones, in its order) */
	move_t claimed[CLAIM_MAX_KEYS];
	int plies;                   /* moves of `line` before the one that differs
	                                (CLAIM_NOT_REFUTATION: try and defence) */
	move_t line[CLAIM_MAX_LINE]; /* MOVE_NONE: a pass (the line of a threat) */
	move_t given;                /* the move that differs, MOVE_NONE when not legal */
	char *given_text;            /* as the file writes it, whole (owned: claim_diff_free) */
};

struct problem;

/*
** The claim check of the problem's play (CLAIM_OK when pb->claim is none).
** why is emptied, then says what differs, whole (the file's moves as long
** as it writes them); d (may be NULL), filled afresh, is freed with
** claim_diff_free.  Every search keeps the problem's limits.
**
** Battle play (claim.c): every move the claim names is legal, its keys
** are real keys, its tries fail, its refutations refute, its continuations
** reach the goal in the moves left, its threats threaten, its set play
** continues the defence.
*/
int claim_check_why(const struct problem *pb, const struct analysis *a, struct strbuf *why,
                    struct claim_diff *d);
/* Help and series play (lines.c), from claim_check_why once why is
   emptied and there is a claim: every line the claim gives is a solution
   (of the stipulated length, a short one, or set play); what differs is
   said in why only (no claim_diff). */
int claim_check_lines(const struct problem *pb, const struct analysis *a, struct strbuf *why);
void claim_diff_free(struct claim_diff *d);

/*
** What the claim holds that is read but not checked, as one line for a
** warning (empty when nothing): words that are not moves, named; prose;
** the retro move; parts of twins the puzzle does not have.  The same
** reading as the checks'.
*/
void claim_notes(const char *claim, struct strbuf *b);

/* Help play: does the claim give set play, a line numbered the other way
   than the solutions: "1.X" where they start "1...X" (dots_first, h#2.5),
   "1...X" where they start "1.X" (h#2)? */
bool claim_claims_set_play(const char *claim, bool dots_first);

#endif
