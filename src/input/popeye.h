/*
** popeye.h -- read Popeye's input language (.inp files): one puzzle per
** problem (BeginProblem ... NextProblem ... EndProblem), in English,
** German or French, with the abbreviations Popeye accepts.  Described in
** maat-puzzle(5), "Popeye input".
*/
#ifndef MAAT_INPUT_POPEYE_H
#define MAAT_INPUT_POPEYE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

/* Does the text start (after blanks) with BeginProblem in one of Popeye's
   languages, abbreviated or not? */
bool popeye_sniff(const char *data, size_t len);

/*
** Every problem of the text into out (appended).  A problem's errors and
** unsupported features go into its puzzle; a text that is no Popeye input
** at all gives one puzzle with the error.  Returns 0, or -1 when out of
** memory (out freed).
*/
int popeye_load_buffer(const char *name, const char *data, size_t len, struct collection *out);

#endif
