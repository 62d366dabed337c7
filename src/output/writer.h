/*
** writer.h -- the output formats: one file and one row each.
**
** A writer prints one judged problem (verify, solve) the way its format
** does; the commands pick a writer by name (--format, --json) and never ask
** which one it is.
**
** Adding a format: write src/output/NAME.c defining `const struct writer
** writer_NAME`, add its row to writers.c, document it in man/maat.1.
*/
#ifndef MAAT_WRITER_H
#define MAAT_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "judge.h"
#include "puzzle.h"

struct writer_opts {
	bool solution;  /* the whole solution, not only the verdict (solve, --solution) */
	bool solve;     /* as `maat solve` prints: the position first, the effort after */
	bool with_time; /* times in the output (--no-time: none, for byte-equal runs) */
};

struct writer {
	const char *name; /* "text", "json" */
	/* One problem: label is "file" or "file#3" (judge_label). */
	void (*problem)(FILE *f, const struct puzzle *p, const char *label,
	                const struct judgement *r, const struct writer_opts *o);
};

extern const struct writer writer_text;  /* Popeye-like text (text.c) */
extern const struct writer writer_jsonl; /* one JSON object per line (jsonl.c) */

/* The writer named `name`, NULL if none. */
const struct writer *writer_find(const char *name);

#endif
