/*
** report.h -- writing an analysis the way composers read it (Popeye-like
** text) and as one JSON object per puzzle (schema in maat(1)).
*/
#ifndef MAAT_REPORT_H
#define MAAT_REPORT_H

#include <stdio.h>

#include "analysis.h"

/* The solution: keys with '!', threats, variations, duals, tries with '?'. */
void report_solution(FILE *f, const struct analysis *a);

/* One key's line of play (a->keys[k]), as report_solution prints it. */
void report_key(FILE *f, const struct analysis *a, int k);
/* One key's tree as a JSON object (as in "tree"); null without a tree. */
void report_json_key(FILE *f, const struct analysis *a, int k);

/* Fields of the analysis as JSON members (no braces): "keys":...,"tries":... */
void report_json_analysis(FILE *f, const struct analysis *a, int n);

#endif
