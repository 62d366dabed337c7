/*
** textsafe.h -- strings from input (puzzle files, file names, arguments)
** as text output shows them: never raw to a terminal, never cut inside a
** character.
**
** A puzzle file is a stranger's: a title holding ESC [ 2 K, a carriage
** return or a newline could rewrite what the terminal shows ("cooked"
** drawn over with "sound", a fake summary line).  Every string from input
** that text output prints goes through text_fprintf(), whose %s arguments
** are written escaped, one character at a time, in C's notation:
**
**   \a \b \t \n \v \f \r   those controls
**   \e                     ESC (0x1b)
**   \xHH                   any other control (0x00-0x1f, 0x7f) and every
**                          byte that is not UTF-8 (a file name's)
**   \uHHHH                 the C1 controls U+0080-U+009F, the line and
**                          paragraph separators U+2028, U+2029 and the
**                          bidirectional controls (U+061C, U+200E, U+200F,
**                          U+202A-U+202E, U+2066-U+2069), which reorder
**                          what the terminal shows
**
** A backslash stays as it is in text (titles are read by people; the
** escapes are for the eye, not to be parsed back); a file name's is
** doubled (text_escape_name), so that two names never print alike.  The format string
** itself, the program's own text, is written as it is.  JSON output has
** its own escaping (json.h).
**
** Layer: base -- may use: nothing.
** The layer of things every other uses and that know nothing of games or
** problems: safe text, JSON strings, whole-file writes, signals, Ctrl-C.
*/
#ifndef MAAT_TEXTSAFE_H
#define MAAT_TEXTSAFE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* fprintf() with every %s argument escaped as above (%.*s / %.Ns count the
   bytes of the argument, and never cut inside one of its characters).
   Returns the bytes written, or -1 on an output error. */
int text_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int text_vfprintf(FILE *f, const char *fmt, va_list ap);
int text_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* n bytes of s, escaped.  Returns the bytes written. */
size_t text_put(FILE *f, const char *s, size_t n);

/* The same into buf (NUL-terminated, cut at an escape or a character,
   never inside one).  Returns false when not all of s fitted. */
bool text_escape(char *buf, size_t cap, const char *s);

/* The same for a file name, with a backslash written "\\" too: a name's
   own backslash ("x\ny.yaml") and an escaped newline ("x<LF>y.yaml") would
   read alike, and two files would be one problem to `maat summary`. */
bool text_escape_name(char *buf, size_t cap, const char *s);

/* A word of the user's quoted in a message: at most max of the n bytes of
   s (cut between characters, "..." after a cut), escaped as above, into
   buf (4 * max + 4 bytes always suffice). */
void text_quote(char *buf, size_t cap, const char *s, size_t n, size_t max);

/* The bytes of the UTF-8 character at s (n > 0 bytes left), 0 when what
   is there is not UTF-8 (a stray or missing continuation byte, an
   overlong form, a surrogate). */
size_t text_char(const char *s, size_t n);
/* The same, with the character's code point in *cp when it is UTF-8. */
size_t text_char_cp(const char *s, size_t n, uint32_t *cp);

/* The most bytes of s[0..n), at most max, that end between two UTF-8
   characters (a byte that is not UTF-8 counts as one). */
size_t text_fit(const char *s, size_t n, size_t max);

/* n less the bytes of a character cut short at the end of s[0..n) (what
   snprintf() leaves when it truncates). */
size_t text_whole(const char *s, size_t n);

/*
** s into buf of cap bytes, NUL-terminated, cut at a character boundary
** when it is too long, with "..." (U+2026) at the end to say so.
** Returns false when s was cut.
*/
bool text_copy(char *buf, size_t cap, const char *s);

/* A new string of the formatted text (malloc'd; NULL out of memory). */
char *text_vaprintf(const char *fmt, va_list ap);
char *text_aprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
