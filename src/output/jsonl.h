/*
** jsonl.h -- pieces of the JSON format that other JSON outputs reuse
** (explain's "tree" of a key).
*/
#ifndef MAAT_JSONL_H
#define MAAT_JSONL_H

#include <stdio.h>

#include "solve/analysis.h"

/* One key's tree as a JSON object (as in "tree"); null without a tree. */
void jsonl_key(FILE *f, const struct analysis *a, int k);

#endif
