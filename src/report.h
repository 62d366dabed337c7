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

/* Fields of the analysis as JSON members (no braces): "keys":...,"tries":... */
void report_json_analysis(FILE *f, const struct analysis *a, int n);

#endif
