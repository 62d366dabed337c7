/*
** text.h -- what the readers (YAML, Popeye input, EPD, FEN lines) share:
** the limits, the collection they fill, the text as UTF-8, positions in
** it, and messages that stay on one line.
*/
#ifndef MAAT_INPUT_TEXT_H
#define MAAT_INPUT_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

/* Limits of every reader, documented in maat-puzzle(5). */
#define INPUT_MAX_FILE_BYTES ((size_t)16 << 20)
#define INPUT_QUOTE_MAX 40       /* bytes of user text quoted in a message */
#define INPUT_MAX_PUZZLES 100000 /* per file */
#define INPUT_MAX_WARNINGS 100   /* per puzzle; the rest are dropped */

/* A reader's state shared by its helpers. */
struct text_reader {
	const char *name; /* the file's name as shown (one line of UTF-8) */
	struct collection *out;
	int cap;
	bool oom;
};

/*
** The file's name as messages and reports show it: one line of UTF-8, its
** control characters and bytes that are not UTF-8 escaped as all text
** output shows them (textsafe.h: "new\nline.yaml", "caf\xe9.yaml") --
** "caf\351.yaml" raw would make the JSON invalid, a newline would split a
** verdict line in two.  NULL when out of memory.
*/
char *input_shown_name(const char *name);

/* A line of the file that is not UTF-8: where its first such byte is. */
struct input_latin1 {
	int line, col; /* col in characters of the line as read */
	unsigned char byte;
};

/* The file's text as UTF-8, and the lines that were not. */
struct input_text {
	char *s; /* NUL-terminated; NUL bytes of the file kept (the readers
	            report them) */
	size_t n;
	struct input_latin1 *latin1; /* in line order */
	int nlatin1;
};

/*
** The text as UTF-8, line by line: a line that is UTF-8 is kept, a line
** that is not is read as Latin-1 (the encoding of old Popeye files), so
** one Latin-1 byte does not make mojibake of the UTF-8 names of other
** lines.  Lines end as the readers count them ("\n", "\r\n", a lone
** "\r").  Returns 0, -1 out of memory.
*/
int input_decode(const char *data, size_t len, struct input_text *t);
void input_text_free(struct input_text *t);
/* The warning for such a line, at its first byte that is not UTF-8, and
   the count of `more` such lines of the same puzzle. */
void input_warn_latin1(struct text_reader *r, struct puzzle *p, const struct input_latin1 *l,
                       int more);

/* Characters (not bytes) in s[0..n): columns are counted in characters. */
int input_columns(const char *s, size_t n);

/* A new puzzle at the end of the collection: chess, index and line set;
   NULL when out of memory (r->oom set). */
struct puzzle *input_new_puzzle(struct text_reader *r, int line);

/* printf into a new string, control characters made blanks; NULL and
   r->oom when out of memory. */
char *input_printf(struct text_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *input_vprintf(struct text_reader *r, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* The first error of a puzzle ("file:line:col: msg"), its first reason for
   unsupported, and warnings (at most INPUT_MAX_WARNINGS). */
void input_error(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void input_verror(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt,
                  va_list ap) __attribute__((format(printf, 5, 0)));
void input_unsupported(struct text_reader *r, struct puzzle *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void input_vunsupported(struct text_reader *r, struct puzzle *p, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
void input_warning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void input_vwarning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt,
                    va_list ap) __attribute__((format(printf, 5, 0)));

/* User text for a message: at most INPUT_QUOTE_MAX bytes (cut at a
   character), control characters escaped (textsafe.h), "..." when cut. */
struct input_quoted {
	char s[4 * INPUT_QUOTE_MAX + 4];
};
struct input_quoted input_quote(const char *s, size_t n);

/* One puzzle carrying an error about the whole file ("name: msg"). */
int input_file_error(const char *name, struct collection *out, const char *msg);

#endif
