/*
** load.h -- read a puzzle file in whichever format it is written: YACPDB
** or maat YAML (input/yaml.c), Popeye input (popeye.c), EPD records or
** FEN lines (epd.c).  The format is recognised from the content, so a
** pipe or a file named anything is read the same as a .inp or .yaml.
**
** Layer: input -- may use: model.
** The layer of the readers: YAML (YACPDB, maat), Popeye input, EPD, FEN, each
** building the one model.
*/
#ifndef MAAT_INPUT_LOAD_H
#define MAAT_INPUT_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

/* The YAML reader (input/yaml_stream.c): every puzzle of a YAML text (one
   document = one puzzle), `name` used in messages.  A text that cannot be
   parsed at all yields one puzzle carrying the error.  Returns 0, or -1
   when out of memory.  Files are read by input_load_file(), for the YAML
   reader as for the others.  (Declared here, in the input layer that
   defines it, not in model/puzzle.h: the model names no reader.) */
int puzzle_load_buffer(const char *name, const char *data, size_t len, struct collection *out);

struct load_opts {
	const char *stip; /* --stip: the stipulation of FEN lines and EPD records
	                     without `dm` (NULL: none) */
};

/* What the content is: FORMAT_POPEYE when it starts with BeginProblem (in
   any of Popeye's languages), FORMAT_EPD/FORMAT_FEN when its first line
   that is not a comment is a FEN or EPD record, else FORMAT_YAML. */
enum puzzle_format input_format(const char *data, size_t len);
const char *input_format_name(enum puzzle_format f);

/* Read the file at path ("-": standard input) into out.  A file that
   cannot be read, is empty or holds no puzzle gives one puzzle carrying
   the error.  Returns 0, or -1 when out of memory. */
int input_load_file(const char *path, const struct load_opts *o, struct collection *out);
/* The same from a buffer (tests, fuzzing); name is used in messages. */
int input_load_buffer(const char *name, const char *data, size_t len, const struct load_opts *o,
                      struct collection *out);

#endif
