/*
** proof_check.h -- the proof file (man/maat.1, PROOF FILES) and its checker.
**
** A proof file is text.  Lines starting with '#' are comments; four of them
** are also read, as "# NAME: VALUE":
**   # game: upuaut                 the game (required)
**   # rule: NAME=VALUE             a rule option of the game (any number)
**   # root: POSITION               the position proved (required)
**   # winner: black                the side that wins (required; the side's
**                                  word as puzzle files write it)
** Every other line is "POSITION MOVE": a position with the winner to move,
** as maat writes it, one space, and the winner's move there in canonical
** notation.  The loser's positions are not written: they are the ones the
** winner's moves lead to.
**
** The checker asks the game for nothing but positions read from text, the
** legal moves, make and the outcome.  The proof holds when
**   - every line's position has the winner to move and its move is legal;
**   - after it, the game is won (the loser has lost), or it goes on and
**     every reply of the loser leads to a position that is won for the
**     winner or is on a line of the file;
**   - the root is on a line (winner to move), or the loser is to move and
**     every reply leads to a won position or a line; or the root is won;
**   - no line's strategy comes back to it (play cannot go round forever).
** It then also says how long the strategy is: the winner's moves along its
** longest line from the root.  Positions are compared exactly (posmap.h).
*/
#ifndef MAAT_PROOF_CHECK_H
#define MAAT_PROOF_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/stopflag.h"
#include "games/game.h" /* MAX_RULES */

#define PROOF_MAX_ERRORS 20 /* errors printed; the rest are counted */

struct proof_report {
	bool valid;     /* the file proves the win */
	bool malformed; /* it could not be read as a proof file (exit 2) */
	bool stopped;   /* the stop flag was set: not checked to the end (not valid) */
	const char *game_id;
	char winner[16];
	char root[512];
	size_t lines;   /* positions in the file */
	size_t reached; /* of them, reached from the root */
	int depth;      /* winner's moves along the longest line */
	size_t errors;
	/* the "# rule:" lines, NAME=VALUE, in file order: the proof is of the
	   game with them (a Tavlei proof with corners-hostile=yes is not one
	   of plain Tavlei), so a report names them */
	char rules[MAX_RULES][128];
	int nrules;
};

/* Check the proof in text (len bytes; `name` for messages).  Every error
   goes to err as "name:line:column: what is wrong" (at most
   PROOF_MAX_ERRORS of them, then a count).  Fills r; returns r->valid ? 0 : -1. */
int proof_check(const char *text, size_t len, const char *name, FILE *err, struct proof_report *r);
/* The same, stopped when *stop is set (Ctrl-C: a check of Upuaut's start
   proof is seconds): then r->stopped, not valid, no error told; -1. */
int proof_check_until(const char *text, size_t len, const char *name, FILE *err,
                      const stop_flag *stop, struct proof_report *r);

#endif
