/*
** puzzle_write.h -- write puzzles back out as puzzle files: YACPDB entries
** (YAML, valid against YACPDB's published entry schema for chess) and
** Popeye input (.inp), the two ways of `maat convert`.
**
** What the formats cannot say goes where each keeps such things: a title,
** an origin without a year or an award that is no YACPDB distinction go
** into a YACPDB entry's comments; a side to move other than the one the
** stipulation starts with is Popeye's (and YACPDB's) option HalfDuplex;
** castling rights other than Popeye's convention are NoCastling, an en
** passant square EnPassant.  Popeye input has no place for a solution.
*/
#ifndef MAAT_OUTPUT_PUZZLE_WRITE_H
#define MAAT_OUTPUT_PUZZLE_WRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "model/puzzle.h"

enum write_format { WRITE_YACPDB, WRITE_POPEYE };

/* Why p cannot be written in the format (a sentence), or NULL when it can. */
const char *puzzle_write_refusal(const struct puzzle *p, enum write_format f);

/* One YACPDB entry ("---" and its fields); the ncomments strings of
   comments (NULL: none) go first into its comments. */
void yacpdb_write(FILE *f, const struct puzzle *p, const char *const *comments, int ncomments);

/* Popeye input: each problem, the first with BeginProblem, the ones after
   it with NextProblem; popeye_write_end() writes EndProblem. */
void popeye_write(FILE *f, const struct puzzle *p, bool first);
void popeye_write_end(FILE *f);

/* A string as a YAML double-quoted scalar (escapes for '"', '\\' and
   control characters): for every writer of YAML. */
void yaml_write_quoted(FILE *f, const char *s);

/* The diagram of pos in YAML: "board: |", one line a rank, "to-move:". */
void yaml_write_board(FILE *f, const struct game *g, const void *pos);

#endif
