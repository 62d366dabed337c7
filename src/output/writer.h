/*
** writer.h -- the output formats: one file and one row each.
**
** A writer prints one judged problem (verify, solve) the way its format
** does; the commands pick a writer by name (--format, --json) and never ask
** which one it is.
**
** Adding a format: write src/output/NAME.c defining `const struct writer
** writer_NAME`, add its row to writers.c, document it in man/maat.1.
**
** Layer: output -- may use: judge.
** The layer of the writers: text, JSON, Popeye's text, magazines' text, YAML and Popeye
** input.
*/
#ifndef MAAT_WRITER_H
#define MAAT_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "judge/judge.h"
#include "model/puzzle.h"

struct writer_opts {
	bool solution;  /* the whole solution, not only the verdict (solve, --solution) */
	bool solve;     /* as `maat solve` prints: the position first, the effort after */
	bool with_time; /* times in the output (--no-time: none, for byte-equal runs) */
	bool tries;     /* --tries was given: the magazine format prints the tries */
};

struct writer {
	const char *name; /* "text", "json", "popeye" */
	bool summary;     /* the command's summary line ("3 puzzles: 3 sound") follows
	                     the problems (not in a format read by programs) */
	bool tree;        /* it prints every problem's solution tree: the analysis
	                     must build it */
	/* with tree: whether it prints this puzzle's tree at all (NULL: it
	   does); the judge builds no tree it will not print */
	bool (*shows_tree)(const struct puzzle *p);
	/* One problem: label is "file" or "file#3" (judge_label). */
	void (*problem)(FILE *f, const struct puzzle *p, const char *label,
	                const struct judgement *r, const struct writer_opts *o);
};

extern const struct writer writer_text;     /* Popeye-like text (text.c) */
extern const struct writer writer_jsonl;    /* one JSON object per line (jsonl.c) */
extern const struct writer writer_popeye;   /* Popeye's solution text (popeye.c) */
extern const struct writer writer_magazine; /* as magazines print it (magazine.c) */

/*
** Shared by the text writers (text.c, magazine.c).
**
** The problem's name at the head of its lines: "file#2", then " twin b)"
** when twin is true and the problem is a twin, then " duplex" for a
** Duplex part.  No newline.
*/
void writer_problem_name(FILE *f, const struct puzzle *p, const char *label,
                         const struct judgement *r, bool twin);
/*
** The verdict line's head: the name as above, ": " and the verdict, then
** the stipulation and the title when there are: `file#2 twin b): sound  #2
** "Title"`.  No newline: each format says the rest in its own way.
*/
void writer_verdict_head(FILE *f, const struct puzzle *p, const char *label,
                         const struct judgement *r, bool twin);

/* The writer named `name`, NULL if none. */
const struct writer *writer_find(const char *name);
/* The names of the formats, for messages: "text, json, popeye". */
void writer_names(char *buf, size_t len);

#endif
