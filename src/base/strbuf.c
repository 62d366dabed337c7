/*
** strbuf.c -- text built piece by piece (see strbuf.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"

/* Room for n more bytes and the NUL; false (and the buffer marked failed)
   when there is none to be had. */
static bool reserve(struct strbuf *b, size_t n)
{
	if (b->failed)
		return false;
	if (b->cap && n < b->cap - b->len)
		return true;
	if (n > (size_t)-1 / 2 - b->len - 1) {
		b->failed = true;
		return false;
	}
	size_t want = b->len + n + 1, cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->failed = true;
		return false;
	}
	b->s = s;
	b->cap = cap;
	return true;
}

void strbuf_put(struct strbuf *b, const char *s, size_t n)
{
	if (!reserve(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_put(b, s, strlen(s));
}

void strbuf_putc(struct strbuf *b, char c)
{
	strbuf_put(b, &c, 1);
}

void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		b->failed = true;
	} else if ((size_t)n < sizeof small) {
		strbuf_put(b, small, (size_t)n);
	} else if (reserve(b, (size_t)n)) {
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *strbuf_str(const struct strbuf *b)
{
	return b->len ? b->s : "";
}

bool strbuf_failed(const struct strbuf *b)
{
	return b->failed;
}

char *strbuf_take(struct strbuf *b)
{
	char *s = NULL;
	if (!b->failed)
		s = b->len ? b->s : strdup("");
	if (s == b->s)
		b->s = NULL;
	strbuf_free(b);
	return s;
}

void strbuf_clear(struct strbuf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = 0;
}

void strbuf_reset(struct strbuf *b)
{
	strbuf_clear(b);
	b->failed = false;
}

void strbuf_free(struct strbuf *b)
{
	free(b->s);
	*b = (struct strbuf)STRBUF_INIT;
}
