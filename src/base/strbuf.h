/*
** strbuf.h -- text built piece by piece, as long as it needs to be.
**
** Messages and output fields hold what the input holds (a move as the file
** writes it, a file name, a line of play), so they are never cut to a
** fixed size: they grow.  A buffer that could not grow (out of memory)
** remembers it, keeps what it had, and says so in strbuf_failed(); the
** caller reports "out of memory" once, at the end, instead of checking
** every piece.  Not for the searches' hot paths, which allocate nothing.
**
**     struct strbuf b = STRBUF_INIT;
**     strbuf_printf(&b, "%s: %d solutions", label, n);
**     char *text = strbuf_take(&b);   (NULL when out of memory)
*/
#ifndef MAAT_STRBUF_H
#define MAAT_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *s;    /* NUL-terminated when len > 0; NULL before the first piece */
	size_t len; /* bytes, without the NUL */
	size_t cap; /* bytes allocated */
	bool failed;
};

#define STRBUF_INIT                                                                                \
	{                                                                                          \
		NULL, 0, 0, false                                                                  \
	}

void strbuf_put(struct strbuf *b, const char *s, size_t n);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_putc(struct strbuf *b, char c);
void strbuf_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap);

/* The text so far ("" when empty); valid until the next change. */
const char *strbuf_str(const struct strbuf *b);
/* Could a piece not be added (out of memory)? */
bool strbuf_failed(const struct strbuf *b);
/* The text as a string of its own (free() it), the buffer emptied; NULL
   when a piece could not be added, or out of memory. */
char *strbuf_take(struct strbuf *b);
/* Empty it, keeping its memory -- and its failure: a text that lost a
   piece may have been read (strbuf_str) before the clear, so the failure
   stays to be reported at the end, and nothing more is added. */
void strbuf_clear(struct strbuf *b);
/* Empty it and forget its failure: for a caller that has seen the failure
   and puts its own words in its place ("out of memory"). */
void strbuf_reset(struct strbuf *b);
void strbuf_free(struct strbuf *b);

#endif
