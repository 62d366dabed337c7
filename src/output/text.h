/*
** text.h -- pieces of the text format that other text outputs reuse
** (explain, the solutions pages of a booklet).
*/
#ifndef MAAT_TEXT_H
#define MAAT_TEXT_H

#include <stdio.h>

#include "solve/analysis.h"

/* The whole solution, Popeye-like: set play, tries, keys with their trees
   (battle play), or every line (line play). */
void text_solution(FILE *f, const struct analysis *a);
/* One key's line of play (a->keys[k]), as text_solution prints it. */
void text_key(FILE *f, const struct analysis *a, int k);

#endif
