/*
** text.c -- helpers of the line-based readers: UTF-8, names, positions,
** the puzzles they make and the messages they attach.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/text.h"
#include "base/textsafe.h"

/* The end of the line starting at i: its '\n' or '\r' (both bytes are
   ASCII, so a line splits the same in any of the encodings read). */
static size_t line_end(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

/* The first byte of s[0..n) that starts no UTF-8 character, or n. */
static size_t first_bad(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = text_char(s + i, n - i);
		if (k == 0)
			return i;
		i += k;
	}
	return n;
}

static int note_latin1(struct input_text *t, int line, int col, unsigned char byte)
{
	if (t->nlatin1 % 16 == 0) {
		struct input_latin1 *v = realloc(t->latin1, (size_t)(t->nlatin1 + 16) * sizeof *v);
		if (!v)
			return -1;
		t->latin1 = v;
	}
	t->latin1[t->nlatin1++] = (struct input_latin1){line, col, byte};
	return 0;
}

int input_decode(const char *data, size_t len, struct input_text *t)
{
	memset(t, 0, sizeof *t);
	/* at worst every byte a Latin-1 letter of two UTF-8 bytes */
	char *out = malloc(2 * len + 1), *o = out;
	if (!out)
		return -1;
	int line = 1;
	for (size_t i = 0; i < len;) {
		size_t e = line_end(data, len, i), bad = first_bad(data + i, e - i);
		if (bad == e - i) {
			memcpy(o, data + i, e - i);
			o += e - i;
		} else {
			/* a line that is not UTF-8 is Latin-1, the encoding of old
			   Popeye files; its column counts the Latin-1 characters */
			if (note_latin1(t, line, 1 + (int)bad, (unsigned char)data[i + bad]) != 0) {
				free(out);
				input_text_free(t);
				return -1;
			}
			for (size_t j = i; j < e; j++) {
				unsigned char c = (unsigned char)data[j];
				if (c < 0x80) {
					*o++ = (char)c;
				} else {
					*o++ = (char)(0xC0 | c >> 6);
					*o++ = (char)(0x80 | (c & 0x3F));
				}
			}
		}
		if (e == len)
			break;
		/* the line end as it is: "\r\n" is one, and so is a lone '\r' */
		*o++ = data[e];
		if (data[e] == '\r' && e + 1 < len && data[e + 1] == '\n')
			*o++ = data[++e];
		line++;
		i = e + 1;
	}
	*o = 0;
	t->s = out;
	t->n = (size_t)(o - out);
	return 0;
}

void input_text_free(struct input_text *t)
{
	free(t->s);
	free(t->latin1);
	memset(t, 0, sizeof *t);
}

void input_warn_latin1(struct text_reader *r, struct puzzle *p, const struct input_latin1 *l,
                       int more)
{
	char others[64] = "";
	if (more)
		snprintf(others, sizeof others, " (and %d more line%s)", more, more > 1 ? "s" : "");
	input_warning(r, p, l->line, l->col, "not UTF-8 (byte 0x%02X): the line read as Latin-1%s",
	              l->byte, others);
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

void input_verror(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt,
                  va_list ap)
{
	if (p->error)
		return;                     /* the first error is the one to fix */
	char *msg = text_vaprintf(fmt, ap); /* whole: it may quote the input */
	if (!msg) {
		r->oom = true;
		return;
	}
	p->error = input_printf(r, "%s:%d:%d: %s", r->name, line, col, msg);
	free(msg);
}

void input_error(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_verror(r, p, line, col, fmt, ap);
	va_end(ap);
}

void input_vunsupported(struct text_reader *r, struct puzzle *p, const char *fmt, va_list ap)
{
	if (!p->unsupported)
		p->unsupported = input_vprintf(r, fmt, ap);
}

void input_unsupported(struct text_reader *r, struct puzzle *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_vunsupported(r, p, fmt, ap);
	va_end(ap);
}

void input_warning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_vwarning(r, p, line, col, fmt, ap);
	va_end(ap);
}

void input_vwarning(struct text_reader *r, struct puzzle *p, int line, int col, const char *fmt,
                    va_list ap)
{
	if (p->nwarnings >= INPUT_MAX_WARNINGS)
		return;
	char *msg = text_vaprintf(fmt, ap); /* whole: it may quote the input */
	char **v = msg ? realloc(p->warnings, (size_t)(p->nwarnings + 1) * sizeof *v) : NULL;
	if (!v) {
		free(msg);
		r->oom = true;
		return;
	}
	p->warnings = v;
	if ((v[p->nwarnings] = input_printf(r, "%s:%d:%d: %s", r->name, line, col, msg)))
		p->nwarnings++;
	free(msg);
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
