/*
** yaml_tree.c -- the YAML reader's tree of one document: its accessors, and the
** messages of a puzzle ('file:line:col: message': the first error, the
** reason it is unsupported, its warnings, made by input/text.c as for the
** other readers), with where a byte of a value stands in the file.  What
** the modules share: yaml_tree.h.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/textsafe.h"
#include "input/yaml_tree.h"

const char *yr_tname(enum ntype t)
{
	return t == N_SCALAR ? "a string" : t == N_SEQ ? "a sequence" : "a mapping";
}

bool yr_is_null(const struct node *n)
{
	if (!n)
		return true;
	if (n->type != N_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->s, "~") == 0 || strcmp(n->s, "null") == 0 ||
	       strcmp(n->s, "Null") == 0 || strcmp(n->s, "NULL") == 0;
}

/* Absent, null, "" or an empty collection. */
bool yr_is_empty(const struct node *n)
{
	return yr_is_null(n) || (n->type == N_SCALAR ? n->len == 0 : n->n == 0);
}

char *yr_aprintf(struct loader *L, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = text_vaprintf(fmt, ap);
	va_end(ap);
	if (!s)
		L->r.oom = true;
	return s;
}

char *yr_xstrdup(struct loader *L, const char *s)
{
	char *d = strdup(s);
	if (!d)
		L->r.oom = true;
	return d;
}

struct input_quoted yr_quote(const char *s)
{
	return input_quote(s, strlen(s));
}

/* A game's parse() may quote the text it was given as it is: input_error
   keeps a message on one line (found by fuzzing: a fen: with "\n" in it). */
void yr_error_at(struct ctx *c, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_verror(&c->L->r, c->p, line, col, fmt, ap);
	va_end(ap);
}

void yr_error(struct ctx *c, const struct node *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_verror(&c->L->r, c->p, at ? at->line : c->p->line, at ? at->col : 1, fmt, ap);
	va_end(ap);
}

void yr_unsupported(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_vunsupported(&c->L->r, c->p, fmt, ap);
	va_end(ap);
}

/* input_vwarning, and at most MAX_FILE_WARNINGS in the whole file. */
static void vwarning_at(struct ctx *c, int line, int col, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
static void vwarning_at(struct ctx *c, int line, int col, const char *fmt, va_list ap)
{
	struct puzzle *p = c->p;
	if (p->nwarnings >= INPUT_MAX_WARNINGS || c->L->nwarnings > MAX_FILE_WARNINGS)
		return;
	if (c->L->nwarnings++ == MAX_FILE_WARNINGS)
		input_warning(&c->L->r, p, line, col,
		              "more than %d warnings in this file: the rest are not shown",
		              MAX_FILE_WARNINGS);
	else
		input_vwarning(&c->L->r, p, line, col, fmt, ap);
}

void yr_warning(struct ctx *c, const struct node *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarning_at(c, at->line, at->col, fmt, ap);
	va_end(ap);
}

void yr_warning_at(struct ctx *c, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarning_at(c, line, col, fmt, ap);
	va_end(ap);
}

/* n must be of type t; otherwise an error naming the field. */
bool yr_want(struct ctx *c, const struct node *n, enum ntype t, const char *what)
{
	if (n->type == t)
		return true;
	yr_error(c, n, "expected %s for '%s', got %s", yr_tname(t), what, yr_tname(n->type));
	return false;
}

/* A string field: NULL when absent or null (or after a type error). */
const char *yr_str(struct ctx *c, const struct node *n, const char *what)
{
	if (yr_is_null(n) || !yr_want(c, n, N_SCALAR, what))
		return NULL;
	return n->s;
}

/* A string field copied for the puzzle; "" counts as absent. */
char *yr_dup_str(struct ctx *c, const struct node *n, const char *what)
{
	const char *s = yr_str(c, n, what);
	return s && *s ? yr_xstrdup(c->L, s) : NULL;
}

/* Find the value of `key` in mapping m (NULL if absent). */
const struct node *yr_get(const struct node *m, const char *key)
{
	if (!m || m->type != N_MAP)
		return NULL;
	for (const struct node *k = m->kids; k; k = k->next->next)
		if (k->type == N_SCALAR && strcmp(k->s, key) == 0)
			return k->next;
	return NULL;
}

/* The keys of mapping m, which maat reads as field names, are strings. */
bool yr_no_duplicates(struct ctx *c, const struct node *m, const char *prefix)
{
	for (const struct node *k = m->kids; k; k = k->next->next)
		if (k->type != N_SCALAR) {
			yr_error(c, k, "expected a field name in '%s', got %s", prefix,
			         yr_tname(k->type));
			return false;
		}
	return true;
}

static int key_order(const void *x, const void *y)
{
	const struct node *a = *(const struct node *const *)x, *b = *(const struct node *const *)y;
	int d = strcmp(a->s, b->s);
	if (d)
		return d;
	return a->line != b->line ? (a->line > b->line) - (a->line < b->line)
	                          : (a->col > b->col) - (a->col < b->col);
}

static bool before(const struct node *a, const struct node *b)
{
	return !b || a->line < b->line || (a->line == b->line && a->col < b->col);
}

void yr_find_dup(struct loader *L, const struct node *n, const char *path, struct dup *d)
{
	if (n->type == N_SEQ) {
		for (const struct node *e = n->kids; e; e = e->next)
			yr_find_dup(L, e, path, d);
		return;
	}
	if (n->type != N_MAP || n->n == 0)
		return;
	const struct node **v = malloc((size_t)n->n * sizeof *v);
	int k = 0;
	if (!v) {
		L->r.oom = true;
		return;
	}
	for (const struct node *key = n->kids; key; key = key->next->next)
		if (key->type == N_SCALAR)
			v[k++] = key;
	qsort(v, (size_t)k, sizeof *v, key_order);
	for (int i = 1; i < k; i++)
		if (strcmp(v[i - 1]->s, v[i]->s) == 0 && before(v[i], d->key)) {
			d->key = v[i];
			snprintf(d->path, sizeof d->path, "%s%s%s", path, *path ? "." : "",
			         v[i]->s);
			d->path[text_whole(d->path, strlen(d->path))] = 0;
		}
	free(v);
	for (const struct node *key = n->kids; key; key = key->next->next) {
		char sub[128];
		const char *name = key->type == N_SCALAR ? key->s : "?";
		snprintf(sub, sizeof sub, "%s%s%.*s", path, *path ? "." : "",
		         (int)text_fit(name, strlen(name), 40), name);
		sub[text_whole(sub, strlen(sub))] = 0;
		yr_find_dup(L, key->next, sub, d);
	}
}

/* Does a line end at byte i?  "\n", "\r\n" (at its '\n') or a lone "\r", as
   libyaml counts lines (found by fuzzing: old Mac files were all one line). */
bool yr_line_break(const char *d, size_t i, size_t len)
{
	return d[i] == '\n' || (d[i] == '\r' && (i + 1 >= len || d[i + 1] != '\n'));
}

/*
** Where byte `off` of value line `li` of a literal block scalar stands in
** the file.  The scalar's lines are the file's lines after the header (the
** `|` line) minus the indentation, so the column is the raw line's length
** less the value line's, plus the offset.
*/
static void block_pos(struct ctx *c, const struct node *b, int li, const char *line, size_t linelen,
                      size_t off, int *lno, int *cno)
{
	const struct loader *L = c->L;
	int want_line = b->line + 1 + li, cur = 1;
	size_t i = 0;
	*lno = want_line;
	*cno = b->col;
	for (; i < L->len && cur < want_line; i++)
		if (yr_line_break(L->data, i, L->len))
			cur++;
	if (cur != want_line)
		return;
	size_t j = i;
	while (j < L->len && L->data[j] != '\n' && L->data[j] != '\r')
		j++;
	int indent = input_columns(L->data + i, j - i) - input_columns(line, linelen);
	*cno = (indent > 0 ? indent : 0) + input_columns(line, off) + 1;
}

/* Line and column in the file of byte `off` of scalar n's text. */
void yr_scalar_pos(struct ctx *c, const struct node *n, size_t off, int *line, int *col)
{
	size_t ls = 0;
	int li = 0;
	for (size_t i = 0; i < off; i++)
		if (n->s[i] == '\n') {
			li++;
			ls = i + 1;
		}
	if (n->literal) {
		block_pos(c, n, li, n->s + ls, strcspn(n->s + ls, "\n"), off - ls, line, col);
	} else if (li == 0) {
		*line = n->line;
		*col = n->col + !n->plain + input_columns(n->s, off);
	} else {
		*line = n->line + li;
		*col = 1 + input_columns(n->s + ls, off - ls);
	}
}
