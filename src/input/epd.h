/*
** epd.h -- positions one a line: EPD records ("<board> <side> <castling>
** <ep> dm 3; bm Qg6; id \"WAC.001\";") and FEN lines.  Each line is a
** puzzle of chess; its stipulation is the record's `dm N` (direct mate in
** N, "#N"), else the one given on the command line (--stip).  Described
** in maat-puzzle(5), "EPD and FEN lines".
*/
#ifndef MAAT_INPUT_EPD_H
#define MAAT_INPUT_EPD_H

#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

/* Is the first line that is not blank or a '#' comment a FEN or EPD record?
 *epd tells which (EPD: no move clocks, operations may follow). */
bool epd_sniff(const char *data, size_t len, bool *epd);

/*
** Every record of the text into out.  stip: the stipulation of records
** without `dm` (NULL: none, such a record is an error).  Returns 0, or -1
** when out of memory (out freed).
*/
int epd_load_buffer(const char *name, const char *data, size_t len, const char *stip,
                    struct collection *out);

#endif
