/*
** json.h -- the little JSON writing maat needs (strings escaped, no floats
** in deterministic fields).
*/
#ifndef MAAT_JSON_H
#define MAAT_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal (UTF-8 passed through, controls escaped,
   a byte that is not UTF-8 written as U+FFFD). */
void json_string(FILE *f, const char *s);

#endif
