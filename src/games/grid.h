/*
** grid.h -- one reader for a board written rank by rank, for every field
** that writes one: FEN's and Morok's and Upuaut's piece placement, OTN's
** (Tavlei), a puzzle file's board:, and the words for a setup's letter
** that is none of the game's men.  Whatever the field, what is wrong is said in
** one wording:
**
**   the board has 7 ranks, expected 8
**   rank 3 has 9 squares, expected 8
**   unknown piece letter 'Z' on h1 (Orthodox chess has K Q R B N P k q r b n p)
**   a run of 0 empty squares on rank 3
**
** The fields differ only in the form of a rank: what separates ranks, the
** order of the ranks, how empty squares are written.
*/
#ifndef MAAT_GRID_H
#define MAAT_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

/* How empty squares are written besides '.' (where dots allows it). */
enum grid_runs {
	RUNS_NONE = 0, /* no digits: each square written (board:) */
	RUNS_DIGIT,    /* each digit a run of empty squares, "44" is 8 (FEN) */
	RUNS_NUMBER    /* a number a run of empty squares, "11" is 11 (OTN) */
};

struct grid_form {
	char sep;            /* between ranks: '/' (FEN, OTN) or '\n' (board:) */
	bool bottom_first;   /* rank 1 first (OTN); else the top rank (FEN, board:) */
	bool outer_seps;     /* a separator may open and close the ranks (OTN) */
	bool skip_blank;     /* a rank of blanks alone is no rank (board:'s blank lines) */
	bool dots;           /* '.' is an empty square (board:) */
	bool blanks;         /* ' ' and '\t' between squares are nothing (board:) */
	enum grid_runs runs; /* digits */
};

/* FEN's piece placement (chess, Morok, Upuaut): the top rank first. */
extern const struct grid_form grid_fen;
/* OTN's (Tavlei, T10): rank 1 first, '/' around the ranks allowed, numbers. */
extern const struct grid_form grid_otn;
/* A puzzle file's board: a line a rank, the top rank first, '.' empty. */
extern const struct grid_form grid_board;

/*
** Read the len bytes of text as g's board in the given form into s->grid
** (every square: a letter of g's men or '.'; the rest of s untouched).
** Returns 0, or -1 with the fault in err and its byte offset in text in
** *at (the first square too many, the start of the rank too many, the
** letter; len when the board ends too soon).
*/
int grid_read(const struct game *g, const struct grid_form *form, const char *text, size_t len,
              struct setup *s, size_t *at, char *err, size_t errlen);

/* A setup's square (file, rank) holds c, a letter of none of g's men: the
   fault in the same words ("unknown piece letter 'X' on d4 (...)") into
   err; returns -1.  For each game's setup, which looks at every square. */
int grid_unknown_letter(const struct game *g, char c, int file, int rank, char *err, size_t errlen);

#endif
