/*
** text.c -- helpers of the line-based readers: UTF-8, names, positions,
** the puzzles they make and the messages they attach.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/text.h"
#include "base/textsafe.h"

size_t input_utf8_len(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	if (n == 0 || s[0] < 0x80)
		return 1;
	size_t need;
	uint32_t c;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		need = 2;
		c = s[0] & 0x1F;
	} else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		need = 3;
		c = s[0] & 0x0F;
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		need = 4;
		c = s[0] & 0x07;
	} else {
		return 0; /* not a start byte */
	}
	if (n < need)
		return 0;
	for (size_t i = 1; i < need; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	/* overlong forms, surrogates and values past U+10FFFF */
	if ((need == 3 && c < 0x800) || (need == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
	    (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	return need;
}

static bool valid_utf8(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = input_utf8_len(s + i, n - i);
		if (k == 0)
			return false;
		i += k;
	}
	return true;
}

char *input_utf8(const char *data, size_t len, size_t *n, bool *latin1)
{
	*latin1 = !valid_utf8(data, len);
	size_t size = *latin1 ? 2 * len : len;
	char *out = malloc(size + 1), *o = out;
	if (!out)
		return NULL;
	if (!*latin1) {
		memcpy(out, data, len);
		o += len;
	} else {
		for (size_t i = 0; i < len; i++) {
			unsigned char c = (unsigned char)data[i];
			if (c < 0x80) {
				*o++ = (char)c;
			} else {
				*o++ = (char)(0xC0 | c >> 6);
				*o++ = (char)(0x80 | (c & 0x3F));
			}
		}
	}
	*o = 0;
	*n = (size_t)(o - out);
	return out;
}

int input_columns(const char *s, size_t n)
{
	int cols = 0;
	for (size_t i = 0; i < n; i++)
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
	return cols;
}

char *input_shown_name(const char *name)
{
	/* the visible form of all text output (textsafe.h): "new\nline.yaml",
	   a backslash of the name doubled ("back\\slash.yaml") */
	size_t cap = 4 * strlen(name) + 1;
	char *s = malloc(cap);
	if (s)
		text_escape_name(s, cap, name);
	return s;
}

struct input_quoted input_quote(const char *s, size_t n)
{
	struct input_quoted q;
	text_quote(q.s, sizeof q.s, s, n, INPUT_QUOTE_MAX);
	return q;
}

static void blanks(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = ' ';
}

char *input_vprintf(struct text_reader *r, const char *fmt, va_list ap)
{
	char *s = text_vaprintf(fmt, ap);
	if (s)
		blanks(s);
	else
		r->oom = true;
	return s;
}

char *input_printf(struct text_reader *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = input_vprintf(r, fmt, ap);
	va_end(ap);
	return s;
}

struct puzzle *input_new_puzzle(struct text_reader *r, int line)
{
	struct collection *c = r->out;
	if (c->count == r->cap) {
		int cap = r->cap ? r->cap * 2 : 16;
		struct puzzle *v = realloc(c->items, (size_t)cap * sizeof *v);
		if (!v) {
			r->oom = true;
			return NULL;
		}
		c->items = v;
		r->cap = cap;
	}
	struct puzzle *p = &c->items[c->count];
	memset(p, 0, sizeof *p);
	if (!(p->file = strdup(r->name))) {
		r->oom = true;
		return NULL;
	}
	c->count++;
	p->index = c->count;
	p->line = line;
	p->game = game_default();
	return p;
}

void input_error(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
{
	if (p->error)
		return; /* the first error is the one to fix */
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	msg[text_whole(msg, strlen(msg))] = 0; /* cut between characters */
	p->error = input_printf(r, "%s:%d:%d: %s", r->name, line, col, msg);
}

void input_unsupported(struct text_reader *r, struct puzzle *p, const char *fmt, ...)
{
	if (p->unsupported)
		return;
	va_list ap;
	va_start(ap, fmt);
	p->unsupported = input_vprintf(r, fmt, ap);
	va_end(ap);
}

void input_warning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
{
	if (p->nwarnings >= INPUT_MAX_WARNINGS)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	char **v = realloc(p->warnings, (size_t)(p->nwarnings + 1) * sizeof *v);
	if (!v) {
		r->oom = true;
		return;
	}
	p->warnings = v;
	if ((v[p->nwarnings] = input_printf(r, "%s:%d:%d: %s", r->name, line, col, msg)))
		p->nwarnings++;
}

int input_file_error(const char *name, struct collection *out, const char *msg)
{
	char *shown = input_shown_name(name);
	if (!shown)
		return -1;
	struct text_reader r = {.name = shown, .out = out};
	struct puzzle *p = input_new_puzzle(&r, 1);
	if (p)
		p->error = input_printf(&r, "%s: %s", shown, msg);
	free(shown);
	if (r.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}
