/*
** solution_text.h -- the solution as text (Popeye-like), for every output
** that prints one: the text writer, explain, booklets, composed files.
*/
#ifndef MAAT_SOLUTION_TEXT_H
#define MAAT_SOLUTION_TEXT_H

#include <stdio.h>

#include "solve/analysis.h"

/* The whole solution, Popeye-like: set play, tries, keys with their trees
   (battle play), or every line (line play). */
void text_solution(FILE *f, const struct analysis *a);
/* One key's line of play (a->keys[k]), as text_solution prints it, each
   line after `margin` (NULL: none). */
void text_key(FILE *f, const struct analysis *a, int k, const char *margin);

#endif
