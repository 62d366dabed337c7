/*
** explain_print.h -- printing `maat verify --explain`'s explanation
** (judge/explain.h) in the text and JSON writers.
*/
#ifndef MAAT_EXPLAIN_PRINT_H
#define MAAT_EXPLAIN_PRINT_H

#include <stdio.h>

#include "judge/explain.h"

/* Indented lines under the verdict line. */
void explain_print_text(FILE *f, const struct analysis *a, enum verdict v,
                        const struct explanation *e);
/* The "explain" member: ,"explain":{...} (nothing when there is none). */
void explain_print_json(FILE *f, const struct analysis *a, enum verdict v,
                        const struct explanation *e);

#endif
