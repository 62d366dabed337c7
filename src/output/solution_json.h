/*
** solution_json.h -- the solution as members of a JSON object (maat(1),
** JSON OUTPUT), for the JSON writer and explain's "tree".
*/
#ifndef MAAT_SOLUTION_JSON_H
#define MAAT_SOLUTION_JSON_H

#include <stdio.h>

#include "solve/analysis.h"

/* One key's tree as a JSON object (as in "tree"); null without a tree. */
void solution_json_key(FILE *f, const struct analysis *a, int k);
/* Battle play's members: ,"keys":...,"tree":[...] */
void solution_json_battle(FILE *f, const struct analysis *a);
/* Line play's members: ,"solutions":[...],...,"truncated":... */
void solution_json_lines(FILE *f, const struct analysis *a);

#endif
