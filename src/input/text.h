/*
** text.h -- what the line-based readers (Popeye input, EPD, FEN lines)
** share: the collection they fill, the text as UTF-8, positions in it,
** and messages that stay on one line.
*/
#ifndef MAAT_INPUT_TEXT_H
#define MAAT_INPUT_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

#define INPUT_QUOTE_MAX 40       /* bytes of user text quoted in a message */
#define INPUT_MAX_PUZZLES 100000 /* per file, as for YAML */
#define INPUT_MAX_WARNINGS 100   /* per puzzle */

/* A reader's state shared by its helpers. */
struct text_reader {
	const char *name; /* the file's name as shown (one line of UTF-8) */
	struct collection *out;
	int cap;
	bool oom;
};

/*
** The file's name as messages show it: control characters and bytes that
** are not UTF-8 escaped as all text output shows them (textsafe.h).  NULL
** when out of memory.
*/
char *input_shown_name(const char *name);

/*
** The text as UTF-8: a copy when it is UTF-8 already, else read as
** Latin-1 (the encoding of old Popeye files; *latin1 set).  NUL bytes are
** kept (the readers report them).  NULL when out of memory; *n the length.
*/
char *input_utf8(const char *data, size_t len, size_t *n, bool *latin1);

/* Length of the UTF-8 sequence at s (1 for a byte that starts none). */
size_t input_utf8_len(const char *s, size_t n);

/* Characters (not bytes) in s[0..n): columns are counted in characters. */
int input_columns(const char *s, size_t n);

/* A new puzzle at the end of the collection: chess, index and line set;
   NULL when out of memory (r->oom set). */
struct puzzle *input_new_puzzle(struct text_reader *r, int line);

/* printf into a new string, control characters made blanks; NULL and
   r->oom when out of memory. */
char *input_printf(struct text_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *input_vprintf(struct text_reader *r, const char *fmt, va_list ap);

/* The first error of a puzzle ("file:line:col: msg"), its first reason for
   unsupported, and warnings (at most INPUT_MAX_WARNINGS). */
void input_error(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void input_unsupported(struct text_reader *r, struct puzzle *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void input_warning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* User text for a message: at most INPUT_QUOTE_MAX bytes (cut at a
   character), control characters escaped (textsafe.h), "..." when cut. */
struct input_quoted {
	char s[4 * INPUT_QUOTE_MAX + 4];
};
struct input_quoted input_quote(const char *s, size_t n);

/* One puzzle carrying an error about the whole file ("name: msg"). */
int input_file_error(const char *name, struct collection *out, const char *msg);

#endif
