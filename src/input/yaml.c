/*
** yaml.c -- read puzzles from YAML: YACPDB/Olive entries as they are
** written in the wild, plus maat's own fields (game:, fen:, otn:, board:,
** to-move:, rules:, ...).  The format is described in maat-puzzle(5).
**
** libyaml's event parser feeds a small tree per document (children kept in
** a per-document arena, freed as soon as the document has been turned into
** a puzzle).  The tree is built by us, not by libyaml's document loader, so
** that the limits hold before anything big is built: nesting depth, scalar
** length, values per document, and no aliases at all -- an alias is refused,
** never expanded, which rules out alias bombs.
**
** Every document becomes one puzzle; whatever is wrong with it goes into
** that puzzle's `error` or `unsupported`, and the next document is read.
** libyaml cannot resume after a syntax error: the puzzles read so far are
** kept and one more puzzle carries the error.
*/
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "base/strbuf.h"
#include "base/textsafe.h"
#include "games/grid.h"
#include "model/duplex.h"
#include "model/puzzle.h"
#include "model/twin.h"
#include "notation/fairy.h"
#include "notation/popeye_lang.h"

/* Limits, all documented in maat-puzzle(5). */
#define MAX_FILE_BYTES ((size_t)16 << 20)
#define MAX_PUZZLES 100000
#define MAX_DEPTH 64
#define MAX_SCALAR ((size_t)1 << 20)
#define MAX_PIECES 1000
#define MAX_NODES 100000       /* values in one document: bounds the tree's memory */
#define MAX_WARNINGS 100       /* per puzzle; the rest are dropped */
#define MAX_DIRECTIVES 100     /* lines starting with '%' before one document */
#define MAX_FILE_WARNINGS 1000 /* per file: 100000 puzzles of 100 would be 10^7 */
#define MAX_TWINS 1000         /* per puzzle: each is a problem to solve */
#define QUOTE_MAX 40           /* bytes of user text quoted in a message */

/* ------------------------------------------------------------------ arena */

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct chunk *head;
};

static void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > 65536 ? n : 65536;
		c = malloc(sizeof *c + size);
		if (!c)
			return NULL;
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

static void arena_free(struct arena *a)
{
	while (a->head) {
		struct chunk *next = a->head->next;
		free(a->head);
		a->head = next;
	}
}

/* ------------------------------------------------------------------- tree */

enum ntype { N_SCALAR, N_SEQ, N_MAP };

struct node {
	enum ntype type;
	int line, col;       /* 1-based */
	bool plain, literal; /* scalar style */
	const char *s;       /* scalar text, NUL-terminated */
	size_t len;
	struct node *kids, *last, *next; /* a mapping's kids: key, value, key, ... */
	int n;                           /* kids (a mapping counts pairs) */
};

static const char *tname(enum ntype t)
{
	return t == N_SCALAR ? "a string" : t == N_SEQ ? "a sequence" : "a mapping";
}

static bool is_null(const struct node *n)
{
	if (!n)
		return true;
	if (n->type != N_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->s, "~") == 0 || strcmp(n->s, "null") == 0 ||
	       strcmp(n->s, "Null") == 0 || strcmp(n->s, "NULL") == 0;
}

/* Absent, null, "" or an empty collection. */
static bool is_empty(const struct node *n)
{
	return is_null(n) || (n->type == N_SCALAR ? n->len == 0 : n->n == 0);
}

/* --------------------------------------------------------------- loader */

struct loader {
	const char *name;
	const char *data;
	size_t len;
	struct collection *out;
	int cap;
	bool oom, stop;
	int ndocs;

	/* the document being read */
	bool in_doc, failed;
	struct arena arena;
	struct node *stack[MAX_DEPTH];
	int depth; /* open collections (counted on while failed) */
	struct node *root;
	int nodes;
	int doc_line;
	char fail[128];
	int fail_line, fail_col;

	/*
	 * Bad UTF-8 (or a control character) at byte `bad`: libyaml would
	 * refuse the whole 16 KiB around it, so only the lines before it are
	 * parsed (`len` ends there) and the document it falls in gets the error.
	 */
	size_t bad;
	char bad_msg[64];
	bool pending;  /* the last document read, held back until we know */
	int nwarnings; /* in the whole file */
};

struct ctx {
	struct loader *L;
	struct puzzle *p;
	bool castling_explicit;   /* fen: or castling: said which rights there are */
	int named_side;           /* the side to move the file names (fen:, otn:,
	                             to-move:), -1 when it names none (algebraic:) */
	bool white_to_play;       /* options: has WhiteToPlay (h#3 read as h#2.5) */
	char option_ep[3];        /* options: EnPassant's square passed, "" none */
	bool duplex, half_duplex; /* options: Duplex, HalfDuplex (duplex.h) */
	const struct node *duplex_at;
	bool some_duplex;      /* options: has Duplex or HalfDuplex (known before the position) */
	const char *duplex_ep; /* the en passant square when it is the duplex parts'
	                          (twin_build): duplex_ep_square, or NULL */
	char duplex_ep_square[sizeof ((struct setup *)0)->en_passant];
};

static char *vaprintf(struct loader *L, const char *fmt, va_list ap)
{
	char *s = text_vaprintf(fmt, ap);
	if (!s)
		L->oom = true;
	return s;
}

static char *aprintf(struct loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *aprintf(struct loader *L, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vaprintf(L, fmt, ap);
	va_end(ap);
	return s;
}

static char *xstrdup(struct loader *L, const char *s)
{
	char *d = strdup(s);
	if (!d)
		L->oom = true;
	return d;
}

/* User text for a message: at most QUOTE_MAX bytes, escaped (textsafe.h). */
struct quoted {
	char s[4 * QUOTE_MAX + 4];
};

static struct quoted quote_n(const char *s, size_t n)
{
	struct quoted q;
	text_quote(q.s, sizeof q.s, s, n, QUOTE_MAX);
	return q;
}

static struct quoted quote(const char *s)
{
	return quote_n(s, strlen(s));
}

static struct puzzle *new_puzzle(struct loader *L, int line)
{
	struct collection *c = L->out;
	if (c->count == L->cap) {
		int cap = L->cap ? L->cap * 2 : 16;
		struct puzzle *v = realloc(c->items, (size_t)cap * sizeof *v);
		if (!v) {
			L->oom = true;
			return NULL;
		}
		c->items = v;
		L->cap = cap;
	}
	struct puzzle *p = &c->items[c->count];
	memset(p, 0, sizeof *p);
	p->file = xstrdup(L, L->name);
	if (!p->file)
		return NULL;
	c->count++;
	p->index = c->count;
	p->line = line;
	p->game = game_default();
	return p;
}

/* A game's parse() may quote the text it was given as it is: a message
   stays one line (found by fuzzing: a fen: with "\n" in it). */
static void one_line(char *msg)
{
	for (; *msg; msg++)
		if ((unsigned char)*msg < 0x20 || *msg == 0x7f)
			*msg = ' ';
}

static void errorv(struct ctx *c, int line, int col, const char *fmt, va_list ap)
{
	if (c->p->error)
		return; /* the first error is the one to fix */
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	msg[text_whole(msg, strlen(msg))] = 0; /* a long message: cut between characters */
	one_line(msg);
	c->p->error = aprintf(c->L, "%s:%d:%d: %s", c->L->name, line, col, msg);
}

static void error_at(struct ctx *c, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void error_at(struct ctx *c, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	errorv(c, line, col, fmt, ap);
	va_end(ap);
}

static void error(struct ctx *c, const struct node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void error(struct ctx *c, const struct node *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	errorv(c, at ? at->line : c->p->line, at ? at->col : 1, fmt, ap);
	va_end(ap);
}

static void unsupported(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void unsupported(struct ctx *c, const char *fmt, ...)
{
	if (c->p->unsupported)
		return;
	va_list ap;
	va_start(ap, fmt);
	c->p->unsupported = vaprintf(c->L, fmt, ap);
	va_end(ap);
	if (c->p->unsupported)
		one_line(c->p->unsupported);
}

static void vwarning_at(struct ctx *c, int line, int col, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
static void vwarning_at(struct ctx *c, int line, int col, const char *fmt, va_list ap)
{
	struct puzzle *p = c->p;
	if (p->nwarnings >= MAX_WARNINGS || c->L->nwarnings > MAX_FILE_WARNINGS)
		return;
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	msg[text_whole(msg, strlen(msg))] = 0;
	if (c->L->nwarnings++ == MAX_FILE_WARNINGS)
		snprintf(msg, sizeof msg,
		         "more than %d warnings in this file: the rest are not shown",
		         MAX_FILE_WARNINGS);
	one_line(msg);
	char **v = realloc(p->warnings, (size_t)(p->nwarnings + 1) * sizeof *v);
	if (!v) {
		c->L->oom = true;
		return;
	}
	p->warnings = v;
	v[p->nwarnings] = aprintf(c->L, "%s:%d:%d: %s", c->L->name, line, col, msg);
	if (v[p->nwarnings])
		p->nwarnings++;
}

static void warning(struct ctx *c, const struct node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void warning(struct ctx *c, const struct node *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarning_at(c, at->line, at->col, fmt, ap);
	va_end(ap);
}

static void warning_at(struct ctx *c, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void warning_at(struct ctx *c, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarning_at(c, line, col, fmt, ap);
	va_end(ap);
}

/* n must be of type t; otherwise an error naming the field. */
static bool want(struct ctx *c, const struct node *n, enum ntype t, const char *what)
{
	if (n->type == t)
		return true;
	error(c, n, "expected %s for '%s', got %s", tname(t), what, tname(n->type));
	return false;
}

/* A string field: NULL when absent or null (or after a type error). */
static const char *str(struct ctx *c, const struct node *n, const char *what)
{
	if (is_null(n) || !want(c, n, N_SCALAR, what))
		return NULL;
	return n->s;
}

/* A string field copied for the puzzle; "" counts as absent. */
static char *dup_str(struct ctx *c, const struct node *n, const char *what)
{
	const char *s = str(c, n, what);
	return s && *s ? xstrdup(c->L, s) : NULL;
}

/* Find the value of `key` in mapping m (NULL if absent). */
static const struct node *get(const struct node *m, const char *key)
{
	if (!m || m->type != N_MAP)
		return NULL;
	for (const struct node *k = m->kids; k; k = k->next->next)
		if (k->type == N_SCALAR && strcmp(k->s, key) == 0)
			return k->next;
	return NULL;
}

/* The keys of mapping m, which maat reads as field names, are strings. */
static bool no_duplicates(struct ctx *c, const struct node *m, const char *prefix)
{
	for (const struct node *k = m->kids; k; k = k->next->next)
		if (k->type != N_SCALAR) {
			error(c, k, "expected a field name in '%s', got %s", prefix,
			      tname(k->type));
			return false;
		}
	return true;
}

/*
** A key twice in one mapping, anywhere in the document (YAML forbids it,
** and a reader that keeps the first or the last would silently drop the
** other).  Sorting makes a mapping of 100000 keys cost n log n, not n^2.
*/
struct dup {
	const struct node *key; /* the second occurrence, earliest in the file */
	char path[128];
};

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

static void find_dup(struct loader *L, const struct node *n, const char *path, struct dup *d)
{
	if (n->type == N_SEQ) {
		for (const struct node *e = n->kids; e; e = e->next)
			find_dup(L, e, path, d);
		return;
	}
	if (n->type != N_MAP || n->n == 0)
		return;
	const struct node **v = malloc((size_t)n->n * sizeof *v);
	int k = 0;
	if (!v) {
		L->oom = true;
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
		find_dup(L, key->next, sub, d);
	}
}

/* ------------------------------------------------------------- metadata */

/* A list of strings, or one string: authors, keywords, options. */
static int str_list(struct ctx *c, const struct node *n, const char *what, char ***out, int *count)
{
	*out = NULL;
	*count = 0;
	if (is_null(n))
		return 0;
	if (n->type == N_MAP) {
		error(c, n, "expected a sequence for '%s', got a mapping", what);
		return -1;
	}
	const struct node *first = n->type == N_SCALAR ? n : n->kids;
	int max = n->type == N_SCALAR ? 1 : n->n;
	char **v = calloc((size_t)max + 1, sizeof *v);
	if (!v) {
		c->L->oom = true;
		return -1;
	}
	*out = v;
	for (const struct node *e = first; e && *count < max; e = e->next) {
		if (e->type != N_SCALAR) {
			error(c, e, "expected a string in '%s', got %s", what, tname(e->type));
			return -1;
		}
		if (is_null(e) || !e->len)
			continue;
		if (!(v[*count] = xstrdup(c->L, e->s)))
			return -1;
		(*count)++;
	}
	return 0;
}

static void free_strs(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Join parts (NULL or "" skipped) with sep; NULL when nothing is left. */
static char *join(struct loader *L, const char *const *parts, int n, const char *sep)
{
	size_t len = 1;
	for (int i = 0; i < n; i++)
		if (parts[i] && *parts[i])
			len += strlen(parts[i]) + strlen(sep);
	if (len == 1)
		return NULL;
	char *s = malloc(len);
	if (!s) {
		L->oom = true;
		return NULL;
	}
	s[0] = 0;
	for (int i = 0; i < n; i++)
		if (parts[i] && *parts[i]) {
			if (*s)
				strcat(s, sep);
			strcat(s, parts[i]);
		}
	return s;
}

static void authors(struct ctx *c, const struct node *n)
{
	char **v;
	int count;
	if (str_list(c, n, "authors", &v, &count) == 0) {
		/* one a line (struct puzzle.authors): a line end inside one
		   would make two */
		for (int i = 0; i < count; i++)
			for (char *q = v[i]; *q; q++)
				if (*q == '\n' || *q == '\r')
					*q = ' ';
		c->p->authors = join(c->L, (const char *const *)v, count, "\n");
	}
	free_strs(v, count);
}

/* A YACPDB date: "2009-02", 1858, "1965-1967" or {year, month, day}, whole
   in b (the file's text: it reaches the writers); empty when there is none. */
static void date_text(struct ctx *c, const struct node *d, const char *what, struct strbuf *b)
{
	strbuf_clear(b);
	if (is_null(d))
		return;
	if (d->type == N_SCALAR) {
		strbuf_put(b, d->s, d->len);
		return;
	}
	if (!want(c, d, N_MAP, what))
		return;
	const char *part[3] = {"year", "month", "day"};
	for (int i = 0; i < 3; i++) {
		const struct node *v = get(d, part[i]);
		if (is_null(v))
			break;
		if (v->type != N_SCALAR) {
			error(c, v, "expected a string for '%s.%s', got %s", what, part[i],
			      tname(v->type));
			return;
		}
		/* month and day as two digits: 1859-05 */
		strbuf_puts(b, i ? "-" : "");
		strbuf_puts(b, i && v->len == 1 ? "0" : "");
		strbuf_put(b, v->s, v->len);
	}
}

/*
** "Name, issue, date".  YACPDB v1.1 nests these under source:, the older
** flat form (Olive collections) has source: NAME plus date: and source-id:
** ("50/1" = issue 50, problem 1) at the top level.
*/
/*
** What maat's YACPDB writer keeps as comments because YACPDB has no field
** for it (output/puzzle_write.c): "Title: The Hidden Bishop", "Source: maat
** compose, s5-c8567" (a source without a date), "Award: Commended" (an
** award YACPDB's distinction does not take), "Authors: ..." (names that
** are no YACPDB person) read back where the entry has none of its own, so
** that convert's round trips keep them (issue 23, item 14: a title was
** lost when the entry had a source) and a composed chess problem is
** captioned as the other games' are.
*/
static void comment_fields(struct ctx *c, const struct node *n)
{
	struct puzzle *p = c->p;
	if (is_null(n) || n->type == N_MAP)
		return;
	const struct node *e = n->type == N_SCALAR ? n : n->kids;
	for (; e; e = n->type == N_SCALAR ? NULL : e->next) {
		if (e->type != N_SCALAR || is_null(e))
			continue;
		bool more_authors = strncmp(e->s, "Authors: ", 9) == 0;
		char **field = strncmp(e->s, "Title: ", 7) == 0    ? &p->title
		               : strncmp(e->s, "Source: ", 8) == 0 ? &p->source
		               : strncmp(e->s, "Award: ", 7) == 0  ? &p->award
		               : more_authors                      ? &p->authors
		                                                   : NULL;
		if (!field || (*field && !more_authors) || (field == &p->source && p->source_name))
			continue;
		const char *v = strchr(e->s, ' ') + 1;
		if (!*v)
			continue;
		/* one author a line (struct puzzle.authors): the comment's are
		   one line, as the writer joined them */
		char *t = *field ? aprintf(c->L, "%s\n%s", *field, v) : xstrdup(c->L, v);
		if (!t)
			return;
		free(*field);
		*field = t;
	}
}

static void source(struct ctx *c, const struct node *src, const struct node *flat_date,
                   const struct node *flat_id)
{
	const char *name = NULL, *issue = NULL;
	struct strbuf db = STRBUF_INIT, ib = STRBUF_INIT;
	if (is_null(src))
		return;
	if (src->type == N_SEQ) {
		error(c, src, "expected a mapping for 'source', got a sequence");
		return;
	}
	const char *number = NULL;
	if (src->type == N_SCALAR) {
		name = src->s;
	} else {
		name = str(c, get(src, "name"), "source.name");
		issue = str(c, get(src, "issue"), "source.issue");
		number = str(c, get(src, "problemid"), "source.problemid");
		date_text(c, get(src, "date"), "source.date", &db);
	}
	if (!db.len)
		date_text(c, flat_date, "date", &db);
	const char *date = strbuf_str(&db);
	if (!issue && !is_null(flat_id) && flat_id->type == N_SCALAR) {
		const char *slash = strchr(flat_id->s, '/');
		if (slash) {
			strbuf_put(&ib, flat_id->s, (size_t)(slash - flat_id->s));
			issue = strbuf_str(&ib);
			if (!number && slash[1])
				number = slash + 1;
		} else if (!number && flat_id->s[0]) {
			number = flat_id->s;
		}
	}
	/* a name that ends in its date ("Schwalbe 1990", as maat's writer
	   gives a Popeye Origin's year) says it once: not "Schwalbe 1990, 1990"
	   (issue 23, item 14) */
	size_t nl = name ? strlen(name) : 0, dl = strlen(date);
	bool dated = dl && nl > dl && strcmp(name + nl - dl, date) == 0 &&
	             !isalnum((unsigned char)name[nl - dl - 1]);
	const char *parts[3] = {name, issue, dated ? NULL : date};
	struct puzzle *p = c->p;
	p->source = join(c->L, parts, 3, ", ");
	/* the parts apart, for captions that print them each in its place */
	p->source_name = name && *name ? xstrdup(c->L, name) : NULL;
	p->source_issue = issue && *issue ? xstrdup(c->L, issue) : NULL;
	p->source_number = number && *number ? xstrdup(c->L, number) : NULL;
	p->source_date = date[0] ? xstrdup(c->L, date) : NULL;
	if (strbuf_failed(&db) || strbuf_failed(&ib))
		c->L->oom = true;
	strbuf_free(&db);
	strbuf_free(&ib);
}

/* "1st Prize" or "1st Prize, Tourney name"; tourney "ditto" = the source. */
static void award(struct ctx *c, const struct node *aw, const struct node *flat_dist)
{
	const char *dist = NULL, *tourney = NULL;
	if (is_null(aw)) {
		c->p->award = dup_str(c, flat_dist, "distinction");
		c->p->distinction = c->p->award ? xstrdup(c->L, c->p->award) : NULL;
		return;
	}
	if (aw->type == N_SEQ) {
		error(c, aw, "expected a mapping for 'award', got a sequence");
		return;
	}
	if (aw->type == N_SCALAR) {
		c->p->award = dup_str(c, aw, "award");
		c->p->distinction = c->p->award ? xstrdup(c->L, c->p->award) : NULL;
		return;
	}
	dist = str(c, get(aw, "distinction"), "award.distinction");
	const struct node *t = get(aw, "tourney");
	if (!is_null(t)) {
		if (t->type == N_SCALAR)
			tourney = strcmp(t->s, "ditto") == 0 ? NULL : t->s;
		else if (t->type == N_MAP)
			tourney = str(c, get(t, "name"), "award.tourney.name");
		else
			error(c, t, "expected a mapping for 'award.tourney', got a sequence");
	}
	const char *parts[2] = {dist, tourney};
	c->p->award = join(c->L, parts, 2, ", ");
	c->p->distinction = dist && *dist ? xstrdup(c->L, dist) : NULL;
	c->p->tourney = tourney && *tourney ? xstrdup(c->L, tourney) : NULL;
}

/* YACPDB's twin labels: a..z, then z1, z2, ... ("b)" is taken too), in
   form, for both forms of twins:; twin_label_copy() keeps it whole. */
static bool twin_label_ok(const char *s, size_t len)
{
	if (len == 1)
		return s[0] >= 'a' && s[0] <= 'z';
	if (len < 2 || s[0] != 'z' || s[1] == '0')
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* A label (checked by twin_label_ok) into its twin, whole, however long
   (it was 7 characters at most, "z1234567)" overflowing the twin once). */
static bool twin_label_copy(struct ctx *c, struct twin *t, const char *s, size_t len)
{
	t->label = malloc(len + 1);
	if (!t->label) {
		c->L->oom = true;
		return false;
	}
	memcpy(t->label, s, len);
	t->label[len] = 0;
	return true;
}

/* Label order: a, b, ..., z, z1, z2, ..., z10 (numbers as numbers). */
static int twin_order(const void *x, const void *y)
{
	const char *a = ((const struct twin *)x)->label, *b = ((const struct twin *)y)->label;
	size_t la = strlen(a), lb = strlen(b);
	if (la != lb)
		return la < lb ? -1 : 1;
	return strcmp(a, b);
}

static int utf8_chars(const char *s, size_t n);
static void block_pos(struct ctx *c, const struct node *b, int li, const char *line, size_t linelen,
                      size_t off, int *lno, int *cno);

/* Line and column in the file of byte `off` of scalar n's text. */
static void scalar_pos(struct ctx *c, const struct node *n, size_t off, int *line, int *col)
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
		*col = n->col + !n->plain + utf8_chars(n->s, off);
	} else {
		*line = n->line + li;
		*col = 1 + utf8_chars(n->s + ls, off - ls);
	}
}

/* "b)", "+c)", "z1)": a twin's label as Popeye prints it; its length. */
static size_t printed_label(const char *tok, size_t len, bool *plus)
{
	*plus = len && tok[0] == '+';
	tok += *plus;
	len -= *plus;
	if (len < 2 || tok[len - 1] != ')' || !twin_label_ok(tok, len - 1))
		return 0;
	return len - 1;
}

/*
** Twins in one string, as Popeye prints them: "b) Move e1 e2 +c) Exchange
** a1 a2" (+ = Continued), on one line or one twin a line.
*/
static void twins_text(struct ctx *c, const struct node *n)
{
	struct puzzle *p = c->p;
	const char *s = n->s;
	size_t len = n->len;
	int count = 0;
	for (size_t i = 0; i < len;) {
		size_t j = i;
		while (j < len && !isspace((unsigned char)s[j]))
			j++;
		bool plus;
		if (j > i && printed_label(s + i, j - i, &plus))
			count++;
		i = j < len ? j + 1 : j;
	}
	if (count == 0) {
		error(c, n,
		      "expected a mapping for 'twins' (b: Move a1 a2), or twins as Popeye "
		      "prints them (b) Move a1 a2)");
		return;
	}
	if (count > MAX_TWINS) {
		error(c, n, "more than %d twins in one puzzle", MAX_TWINS);
		return;
	}
	p->twins = calloc((size_t)count + 1, sizeof *p->twins);
	if (!p->twins) {
		c->L->oom = true;
		return;
	}
	struct twin *t = NULL;
	size_t text_at = 0;
	for (size_t i = 0;;) {
		while (i < len && isspace((unsigned char)s[i]))
			i++;
		size_t j = i;
		while (j < len && !isspace((unsigned char)s[j]))
			j++;
		bool plus = false;
		size_t ll = i < len ? printed_label(s + i, j - i, &plus) : 0;
		if (i < len && !ll) {
			i = j; /* a word of the twinning */
			continue;
		}
		if (t) { /* a label or the end: the twin before ends here */
			size_t e = i, at = text_at;
			while (e > at && isspace((unsigned char)s[e - 1]))
				e--;
			while (at < e && isspace((unsigned char)s[at]))
				at++;
			if (!(t->text = malloc(e - at + 1))) {
				free(t->label);
				t->label = NULL;
				c->L->oom = true;
				return;
			}
			memcpy(t->text, s + at, e - at);
			t->text[e - at] = 0;
			scalar_pos(c, n, at, &t->line, &t->col);
			p->ntwins++;
		}
		if (i == len)
			break;
		if (!t && i > 0) {
			error(c, n, "twins: text before the first label '%.*s'", (int)(j - i),
			      s + i);
			return;
		}
		t = &p->twins[p->ntwins];
		int line, col;
		scalar_pos(c, n, i + plus, &line, &col);
		if (!twin_label_copy(c, t, s + i + plus, ll))
			return;
		t->continued = plus;
		for (int k = 0; k < p->ntwins; k++)
			if (strcmp(p->twins[k].label, t->label) == 0) {
				error_at(c, line, col, "duplicate twin '%s'", quote(t->label).s);
				free(t->label); /* not counted: freed here */
				t->label = NULL;
				return;
			}
		text_at = j;
		i = j;
	}
	qsort(p->twins, (size_t)p->ntwins, sizeof *p->twins, twin_order);
	p->zero_position = p->ntwins > 0 && strcmp(p->twins[0].label, "a") == 0;
}

static void twins(struct ctx *c, const struct node *n)
{
	if (!is_null(n) && n->type == N_SCALAR) {
		twins_text(c, n);
		return;
	}
	if (is_null(n) || !want(c, n, N_MAP, "twins") || !no_duplicates(c, n, "twins"))
		return;
	if (n->n > MAX_TWINS) {
		error(c, n, "more than %d twins in one puzzle", MAX_TWINS);
		return;
	}
	struct puzzle *p = c->p;
	p->twins = calloc((size_t)n->n + 1, sizeof *p->twins);
	if (!p->twins) {
		c->L->oom = true;
		return;
	}
	for (const struct node *k = n->kids; k; k = k->next->next) {
		const struct node *v = k->next;
		size_t len = k->len;
		if (len > 1 && k->s[len - 1] == ')')
			len--;
		if (!twin_label_ok(k->s, len)) {
			error(c, k,
			      "twin label '%s' must be a letter a-z or z1, z2, ... (as in YACPDB)",
			      quote(k->s).s);
			return;
		}
		if (v->type != N_SCALAR) {
			error(c, v, "expected a string for 'twins.%s', got %s", quote(k->s).s,
			      tname(v->type));
			return;
		}
		struct twin *t = &p->twins[p->ntwins];
		if (!twin_label_copy(c, t, k->s, len))
			return;
		for (int i = 0; i < p->ntwins; i++)
			if (strcmp(p->twins[i].label, t->label) == 0) {
				error(c, k, "duplicate twin '%s'", quote(t->label).s);
				free(t->label); /* not counted: freed here */
				t->label = NULL;
				return;
			}
		/* where the text starts: after the quote of a quoted scalar */
		t->line = v->line;
		t->col = v->col + (!v->plain && !v->literal && v->type == N_SCALAR);
		if (!(t->text = xstrdup(c->L, v->s))) {
			free(t->label);
			t->label = NULL;
			return;
		}
		p->ntwins++;
	}
	qsort(p->twins, (size_t)p->ntwins, sizeof *p->twins, twin_order);
	p->zero_position = p->ntwins > 0 && strcmp(p->twins[0].label, "a") == 0;
}

/* ----------------------------------------------------------- options */

/*
** One entry of the options: list read into an option (model/options.h):
** OPTION_OK, OPTION_NONE (no option: a fairy condition), or OPTION_BAD,
** the error reported at the word that is wrong when `report`.
*/
static int read_option(struct ctx *c, const struct node *e, struct puzzle_option *o, bool report)
{
	size_t at;
	char msg[160];
	int rc = option_read(e->s, o, &at, msg, sizeof msg);
	if (rc == OPTION_BAD && report) {
		/* a column where the text stands on one line as written */
		int col = e->col + (!e->plain && !e->literal);
		if (!strchr(e->s, '\n'))
			col += utf8_chars(e->s, at);
		size_t n = strcspn(e->s + at, " \t\r\n");
		if (n)
			error_at(c, e->line, col, "options: %s, got '%s'", msg,
			         quote_n(e->s + at, n).s);
		else
			error_at(c, e->line, col, "options: %s", msg);
	}
	return rc;
}

/* The entries of the options: list that are strings (NULL when none). */
static const struct node *option_entries(const struct node *n, int *count)
{
	*count = 0;
	if (is_null(n) || n->type == N_MAP)
		return NULL;
	*count = n->type == N_SCALAR ? 1 : n->n;
	return n->type == N_SCALAR ? n : n->kids;
}

/* The options: list's EnPassant square (the one passed), "" when none:
   "EnPassant f6" as Olive and YACPDB keep it, or the pawn's three squares
   "f7f6f5" (or "f7 f6 f5"). */
static void option_en_passant(const struct node *n, char ep[3])
{
	int count;
	const struct node *e = option_entries(n, &count);
	ep[0] = 0;
	for (int k = 0; e && k < count; e = e->next, k++) {
		struct puzzle_option o;
		if (e->type == N_SCALAR && !is_null(e) &&
		    read_option(NULL, e, &o, false) == OPTION_OK && o.id == PO_EN_PASSANT &&
		    (o.nsq == 1 || o.nsq == 3)) {
			ep[0] = (char)('a' + o.sq[o.nsq / 2][0]);
			ep[1] = (char)('1' + o.sq[o.nsq / 2][1]);
			ep[2] = 0;
			return;
		}
	}
}

/* A fairy condition as the file names it, for a diagram's caption:
   appended to p->conditions, "; " between two. */
static void add_condition(struct ctx *c, const char *text)
{
	struct puzzle *p = c->p;
	size_t have = p->conditions ? strlen(p->conditions) : 0, n = strlen(text);
	char *t = realloc(p->conditions, have + n + 3);
	if (!t) {
		error(c, NULL, "out of memory");
		return;
	}
	p->conditions = t;
	if (have)
		memcpy(t + have, "; ", 2), have += 2;
	memcpy(t + have, text, n + 1);
}

static void options(struct ctx *c, const struct node *n)
{
	struct puzzle *p = c->p;
	int count;
	const struct node *e = option_entries(n, &count);
	if (!is_null(n) && n->type == N_MAP) {
		error(c, n, "expected a sequence for 'options', got a mapping");
		return;
	}
	for (int k = 0; e && k < count; e = e->next, k++) {
		if (e->type != N_SCALAR) {
			error(c, e, "expected a string in 'options', got %s", tname(e->type));
			return;
		}
		if (is_null(e) || !e->len)
			continue;
		struct puzzle_option o;
		int rc = read_option(c, e, &o, true);
		if (rc == OPTION_BAD)
			continue; /* the error said */
		if (rc == OPTION_NONE) {
			unsupported(c, "fairy condition '%s' is not supported", quote(e->s).s);
			p->incomplete = true; /* not kept: writing it out would lose it */
			add_condition(c, e->s);
			continue;
		}
		char text[96];
		option_format(&o, text, sizeof text);
		const struct option_info *in = option_info(o.id);
		if (o.id == PO_WHITE_TO_PLAY)
			continue; /* applied to the stipulations (has_option) */
		if (o.id == PO_EN_PASSANT && (o.nsq == 1 || o.nsq == 3) &&
		    (p->game->notation & SETUP_RETRO))
			continue; /* applied to the position (option_en_passant) */
		if (in->use == OPTUSE_DUPLEX) {
			*(o.id == PO_DUPLEX ? &c->duplex : &c->half_duplex) = true;
			c->duplex_at = n; /* kept: the writers give it back */
		} else if (in->use == OPTUSE_UNSUPPORTED || in->use == OPTUSE_POSITION) {
			const char *hint = o.id == PO_NO_CASTLING  ? " (use castling:)"
			                   : o.id == PO_EN_PASSANT ? " (use en-passant:)"
			                                           : "";
			unsupported(c, "option '%s' is not supported%s: %s", text, hint,
			            in->popeye);
		}
		const char *na = p->has_stip ? option_not_applicable(&o, &p->stip) : NULL;
		if (na)
			warning(c, e, "%s", na);
		if (puzzle_add_option(p, &o) < 0) {
			c->L->oom = true;
			return;
		}
	}
}

/* ----------------------------------------------------------- position */

/* Games that take Popeye's algebraic: and FEN (their pieces have Popeye codes). */
static bool chess_set(const struct game *g)
{
	return (g->notation & SETUP_FEN) != 0;
}

static int side_of(const struct game *g, const char *s)
{
	for (int i = 0; i < 2; i++)
		if ((g->side_word[i] && strcasecmp(s, g->side_word[i]) == 0) ||
		    (g->side_name[i] && strcasecmp(s, g->side_name[i]) == 0))
			return i;
	return -1;
}

struct decl {
	char code[3];    /* Popeye piece code, as written */
	const char *prefix; /* "Royal " etc., in the text parsed; prefix_len 0 when none */
	size_t prefix_len;
	char square[8];  /* as written, "b4" */
	int file, rank;  /* may be off the board */
};

/* "[Prefix ...] CODE square": Kb4, Sb1, LEb2, Royal Zf3. */
static bool parse_decl(const char *s, struct decl *d)
{
	memset(d, 0, sizeof *d);
	while (*s == ' ')
		s++;
	size_t len = strlen(s);
	while (len && s[len - 1] == ' ')
		len--;
	const char *last = s + len;
	while (last > s && last[-1] != ' ')
		last--;
	/* prefixes: words of letters */
	size_t plen = (size_t)(last - s);
	for (size_t i = 0; i < plen; i++)
		if (!isalpha((unsigned char)s[i]) && s[i] != ' ')
			return false;
	d->prefix = s; /* whole, however long: the diagram shows it */
	d->prefix_len = plen;
	/* the square: a file letter and 1 or 2 digits at the end */
	const char *e = s + len, *q = e;
	while (q > last && isdigit((unsigned char)q[-1]))
		q--;
	if (q == e || e - q > 2 || q - 1 <= last || !islower((unsigned char)q[-1]))
		return false;
	q--;
	size_t clen = (size_t)(q - last);
	if (clen < 1 || clen > 2)
		return false;
	for (size_t i = 0; i < clen; i++)
		if (!isalnum((unsigned char)last[i]))
			return false;
	memcpy(d->code, last, clen);
	memcpy(d->square, q, (size_t)(e - q));
	d->file = q[0] - 'a';
	d->rank = atoi(q + 1) - 1;
	return true;
}

static const char *fairy_name(const char *code)
{
	const struct fairy_walk *w = fairy_walk_find(code, strlen(code));
	return w ? w->name : NULL;
}

/* Popeye's orthodox codes (S is the knight): anything else is a fairy piece. */
static char orthodox_code(const char *code)
{
	return popeye_orthodox_code(popeye_lang(POPEYE_ENGLISH), code, (int)strlen(code));
}

/* Returns 1 when s is complete, 0 when a piece is unsupported, -1 on error. */
static int build_algebraic(struct ctx *c, const struct node *alg, struct setup *s)
{
	static const char *const colours[3] = {"white", "black", "neutral"};
	const struct game *g = c->p->game;
	bool occupied[MAX_RANKS][MAX_FILES] = {{false}};
	int complete = 1;

	if (!want(c, alg, N_MAP, "algebraic") || !no_duplicates(c, alg, "algebraic"))
		return -1;
	for (const struct node *k = alg->kids; k; k = k->next->next) {
		const struct node *list = k->next;
		int col = 0;
		while (col < 3 && strcmp(k->s, colours[col]) != 0)
			col++;
		if (col == 3) {
			error(c, k, "unknown colour '%s' in algebraic (white, black, neutral)",
			      quote(k->s).s);
			return -1;
		}
		char what[24];
		snprintf(what, sizeof what, "algebraic.%s", colours[col]);
		if (is_null(list))
			continue;
		if (!want(c, list, N_SEQ, what))
			return -1;
		if (list->n > MAX_PIECES) {
			error(c, list, "more than %d pieces in %s", MAX_PIECES, what);
			return -1;
		}
		for (const struct node *e = list->kids; e; e = e->next) {
			struct decl d;
			if (e->type != N_SCALAR) {
				error(c, e, "expected a string in '%s', got %s", what,
				      tname(e->type));
				return -1;
			}
			if (!parse_decl(e->s, &d)) {
				error(c, e,
				      "malformed piece '%s' in %s (a piece code and a square, "
				      "as in 'Kb4')",
				      quote(e->s).s, what);
				return -1;
			}
			if (d.file >= g->files || d.rank < 0 || d.rank >= g->ranks) {
				error(c, e, "square '%s' is off the %dx%d board", d.square,
				      g->files, g->ranks);
				return -1;
			}
			if (occupied[d.rank][d.file]) {
				error(c, e, "two pieces on %s (%s)", d.square, what);
				return -1;
			}
			occupied[d.rank][d.file] = true;
			/* every man, for a diagram should the position not be held */
			char *attrs = d.prefix_len ? strndup(d.prefix, d.prefix_len) : NULL;
			int added = d.prefix_len && !attrs
			                ? -1
			                : puzzle_add_man(c->p, d.file, d.rank, col, d.code,
			                                 strlen(d.code), attrs);
			free(attrs);
			if (added < 0) {
				error(c, e, "out of memory");
				return -1;
			}
			char letter = orthodox_code(d.code);
			if (col == 2) {
				unsupported(c, "neutral pieces are not supported ('%s' in %s)",
				            quote(e->s).s, what);
				complete = 0;
				continue;
			}
			if (d.prefix_len || !letter) {
				const char *name = letter ? NULL : fairy_name(d.code);
				char named[40] = "";
				if (name)
					snprintf(named, sizeof named, " (%s)", name);
				/* N is nearly always a knight written as in FEN, not
				   Popeye's nightrider: say how the knight is written */
				bool n = !d.prefix_len && !strcasecmp(d.code, "n");
				unsupported(
				    c, "fairy piece '%.*s%s'%s at %s in %s%s", (int)d.prefix_len,
				    d.prefix, d.code, named, d.square, what,
				    n ? " (the knight is S in YACPDB's and Popeye's codes)" : "");
				complete = 0;
				continue;
			}
			letter = game_popeye_letter(g, letter, col);
			if (!letter) {
				error(c, e, "unknown piece letter '%s' in %s (no such piece in %s)",
				      d.code, what, g->id);
				return -1;
			}
			s->grid[d.rank][d.file] = letter;
		}
	}
	return complete;
}

/* Number of characters (not bytes) in s[0..n). */
static int utf8_chars(const char *s, size_t n)
{
	int k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xC0) != 0x80;
	return k;
}

/* Does a line end at byte i?  "\n", "\r\n" (at its '\n') or a lone "\r", as
   libyaml counts lines (found by fuzzing: old Mac files were all one line). */
static bool line_break(const char *d, size_t i, size_t len)
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
		if (line_break(L->data, i, L->len))
			cur++;
	if (cur != want_line)
		return;
	size_t j = i;
	while (j < L->len && L->data[j] != '\n' && L->data[j] != '\r')
		j++;
	int indent = utf8_chars(L->data + i, j - i) - utf8_chars(line, linelen);
	*cno = (indent > 0 ? indent : 0) + utf8_chars(line, off) + 1;
}

/* board: one line per rank, top rank first, '.' empty (the games' grid
   reader, games/grid.h, with its wording). */
static int build_board(struct ctx *c, const struct node *b, struct setup *s)
{
	const struct game *g = c->p->game;
	if (!want(c, b, N_SCALAR, "board"))
		return -1;
	if (!b->literal) {
		error(c, b,
		      "board: must be a literal block scalar ('board: |' and one line per rank)");
		return -1;
	}
	size_t len = strlen(b->s), at;
	char e[256];
	if (grid_read(g, &grid_board, b->s, len, s, &at, e, sizeof e) < 0) {
		if (at >= len) { /* too few ranks: the board */
			error(c, b, "%s", e);
		} else {
			int lno, cno;
			scalar_pos(c, b, at, &lno, &cno);
			error_at(c, lno, cno, "%s", e);
		}
		return -1;
	}
	return 1;
}

enum field {
	F_GAME,
	F_TITLE,
	F_AUTHORS,
	F_SOURCE,
	F_AWARD,
	F_ALGEBRAIC,
	F_FEN,
	F_OTN,
	F_BOARD,
	F_TO_MOVE,
	F_RULES,
	F_STIPULATION,
	F_SOLUTION,
	F_KEYWORDS,
	F_OPTIONS,
	F_TWINS,
	F_CAPTION_STYLE,
	F_CASTLING,
	F_EN_PASSANT,
	F_DATE,
	F_SOURCE_ID,
	F_DISTINCTION, /* YACPDB v1.0 (flat) */
	F_COMMENTS,
	F_INTENDED,
	NFIELDS_USED
};

/* In enum order; after the used ones, YACPDB fields maat reads past. */
static const char *const field_names[] = {
    "game",
    "title",
    "authors",
    "source",
    "award",
    "algebraic",
    "fen",
    "otn",
    "board",
    "to-move",
    "rules",
    "stipulation",
    "solution",
    "keywords",
    "options",
    "twins",
    "caption-style",
    "castling",
    "en-passant",
    "date",
    "source-id",
    "distinction",
    "comments",
    "intended-solutions",
    "reprints",
    "foreignids",
    "glyphs",
    "versionists",
    "correctors",
    "after",
    "version-of",
    "correction-of",
    "anticipated-by",
    "non-standard-stipulation",
    "legend",
    "ash",
    "id",
    NULL,
};
#define NFIELDS (sizeof field_names / sizeof field_names[0] - 1)

struct fields {
	const struct node *key[NFIELDS], *val[NFIELDS];
};

/* castling: "-", or rights of the game's table (chess: KQkq), each once. */
static bool castling_ok(const struct game *g, const char *s)
{
	if (strcmp(s, "-") == 0)
		return true;
	if (!*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!game_castling_right(g, *p) || strchr(p + 1, *p))
			return false;
	return true;
}

/* The side that moves first: the stipulation's, the side the file names (see
   stip_first_mover).  -1 after an error. */
static int first_mover(struct ctx *c, const struct fields *f, int named)
{
	const struct puzzle *p = c->p;
	if (!p->has_stip)
		return named >= 0 ? named : 0;
	char e[256];
	int first = stip_first_mover(&p->stip, named, p->game->side_name, e, sizeof e);
	if (first < 0) {
		const struct node *at = f->key[F_TO_MOVE];
		for (int k = F_FEN; !at && k <= F_OTN; k++)
			at = f->val[k];
		error(c, at ? at : f->val[F_STIPULATION], "%s", e);
	}
	return first;
}

/*
** The position of a setup whose side to move is the first mover's; `at`
** where a fault of it is said.  Duplex or HalfDuplex with an en passant
** square after the diagram starter's own double step (options: EnPassant,
** en-passant:, a FEN's field, which the diagram cannot have): the square
** is the duplex parts', where the other side plays first, as in Popeye's
** input (input/popeye.c, 4c7da2d).
*/
static void make_position(struct ctx *c, const struct fields *f, struct setup *s,
                          const struct node *at)
{
	struct puzzle *p = c->p;
	const struct game *g = p->game;
	char e[256];
	if (c->some_duplex && s->en_passant[0] && strcmp(s->en_passant, "-") != 0) {
		struct setup other = *s;
		other.side_to_move ^= 1;
		if (g->setup(p->pos, &other, e, sizeof e) == 0) {
			snprintf(c->duplex_ep_square, sizeof c->duplex_ep_square, "%s",
			         s->en_passant);
			c->duplex_ep = c->duplex_ep_square;
			s->en_passant[0] = 0;
		}
	}
	e[0] = 0;
	int rc = g->setup(p->pos, s, e, sizeof e);
	if (rc == -2) { /* a board maat does not play (chess without a king) */
		unsupported(c, "%s", e);
		return;
	}
	if (rc != 0) {
		error(c, at, "position: %s", e);
		return;
	}
	if (e[0]) /* what the game dropped (castling rights) */
		warning(c, f->key[F_CASTLING] ? f->key[F_CASTLING] : at, "position: %s", e);
	p->has_position = true;
}

static void position(struct ctx *c, const struct fields *f, int to_move)
{
	static const int srcs[4] = {F_ALGEBRAIC, F_FEN, F_OTN, F_BOARD};
	struct puzzle *p = c->p;
	const struct game *g = p->game;
	char e[256];
	int given = -1;

	for (int i = 0; i < 4; i++) {
		int k = srcs[i];
		const struct node *v = f->val[k];
		bool empty = is_empty(v);
		if (!empty && k == F_ALGEBRAIC && v->type == N_MAP) {
			empty = true; /* Olive's placeholder: no piece in any list */
			for (const struct node *kk = v->kids; kk; kk = kk->next->next)
				if (!is_empty(kk->next))
					empty = false;
		}
		if (empty)
			continue;
		if (given >= 0) {
			error(c, f->key[k], "two positions: %s: and %s: (give exactly one)",
			      field_names[given], field_names[k]);
			return;
		}
		given = k;
	}
	if (given < 0) {
		/* a field given empty (Olive's placeholder "algebraic: {}", a
		   "fen:" with nothing): named where its value stands, for "no
		   position" at its key said nothing of why */
		for (int i = 0; i < 4; i++) {
			int k = srcs[i];
			if (!f->key[k])
				continue;
			const struct node *at = f->val[k] && f->val[k]->line ? f->val[k] : f->key[k];
			if (k == F_ALGEBRAIC)
				error(c, at,
				      "algebraic: holds no men: no position (give them as white: [Ke1, "
				      "...] and black: [...], or give fen:)");
			else
				error(c, at, "%s: is empty: no position", field_names[k]);
			return;
		}
		error(c, NULL, "no position (give algebraic:, fen:, otn: or board:)");
		return;
	}
	bool cs = chess_set(g);
	if (!cs && (given == F_ALGEBRAIC || given == F_FEN)) {
		error(c, f->key[given], "%s positions are given with otn: or board:", g->id);
		return;
	}
	if (cs && given == F_OTN) {
		error(c, f->key[given],
		      "otn: is for tafl positions; %s positions are given "
		      "with fen:, algebraic: or board:",
		      g->id);
		return;
	}

	const char *castling = NULL, *ep = NULL;
	for (int k = F_CASTLING; k <= F_EN_PASSANT; k++) {
		const char *v = str(c, f->val[k], field_names[k]);
		if (!v)
			continue;
		if (!(g->notation & SETUP_RETRO)) {
			error(c, f->key[k], "%s: is only for chess", field_names[k]);
			return;
		}
		if (given == F_FEN) {
			error(c, f->key[k], "%s: does not go with fen: (the FEN says it)",
			      field_names[k]);
			return;
		}
		int fl, rk;
		if (k == F_CASTLING && !castling_ok(g, v)) {
			char rights[16] = "";
			size_t n = 0;
			for (const struct castling_right *r = g->castling;
			     r && r->right && n + 1 < sizeof rights; r++)
				rights[n++] = r->right;
			rights[n] = 0;
			error(c, f->val[k], "castling must be '-' or letters from %s, got '%s'",
			      rights, quote(v).s);
			return;
		}
		if (k == F_EN_PASSANT && strcmp(v, "-") != 0 &&
		    square_parse(v, g->files, g->ranks, &fl, &rk) != (int)strlen(v)) {
			error(c, f->val[k], "en-passant must be '-' or a square, got '%s'",
			      quote(v).s);
			return;
		}
		if (k == F_CASTLING)
			castling = v;
		else
			ep = v;
	}
	c->castling_explicit = given == F_FEN || castling != NULL;
	/* Popeye's option EnPassant where en-passant: and a FEN say nothing */
	if (!ep && given != F_FEN && c->option_ep[0] && (g->notation & SETUP_RETRO))
		ep = c->option_ep;

	const struct node *key = f->key[given], *val = f->val[given];
	struct setup s;
	if (given == F_FEN || given == F_OTN) {
		if (!want(c, val, N_SCALAR, field_names[given]))
			return;
		if (given == F_FEN && c->some_duplex && g->read_setup) {
			/* its en passant square may be Duplex's parts' (make_position):
			   the FEN read into a setup and made as algebraic: is */
			if (g->read_setup(val->s, &s, e, sizeof e) != 0) {
				error(c, val, "position: %s", e);
				return;
			}
			c->named_side = to_move >= 0 ? to_move : s.side_to_move;
			int first = first_mover(c, f, c->named_side);
			if (first < 0)
				return;
			s.side_to_move = first;
			make_position(c, f, &s, val);
			return;
		}
		e[0] = 0;
		int rc = g->parse(p->pos, val->s, e, sizeof e);
		if (rc == -2) { /* a board maat does not play (chess without a king) */
			unsupported(c, "%s", e);
			return;
		}
		if (rc != 0) {
			error(c, val, "position: %s", e);
			return;
		}
		if (e[0]) /* what the game dropped (castling rights) */
			warning(c, val, "position: %s", e);
		/* to-move: overrides the string's side to move */
		c->named_side = to_move >= 0 ? to_move : g->side_to_move(p->pos);
		int first = first_mover(c, f, c->named_side);
		if (first < 0)
			return;
		if (g->side_to_move(p->pos) != first) {
			g->get_setup(p->pos, &s);
			s.side_to_move = first;
			if (g->setup(p->pos, &s, e, sizeof e) != 0) {
				error(c, f->key[F_TO_MOVE] ? f->key[F_TO_MOVE] : val,
				      "position: %s", e);
				return;
			}
		}
		p->has_position = true;
		return;
	}
	c->named_side = to_move;
	int first = first_mover(c, f, to_move);
	if (first < 0)
		return;
	memset(&s, 0, sizeof s);
	memset(s.grid, '.', sizeof s.grid);
	s.side_to_move = first;
	snprintf(s.castling, sizeof s.castling, "%s", castling ? castling : "");
	snprintf(s.en_passant, sizeof s.en_passant, "%s", ep ? ep : "");
	s.halfmove = 0;
	s.fullmove = 1;
	int r = given == F_ALGEBRAIC ? build_algebraic(c, val, &s) : build_board(c, val, &s);
	if (r != 0)
		puzzle_drop_men(p); /* held (or in error): the position says it all */
	if (r <= 0)
		return;
	make_position(c, f, &s, key);
}

/* "corners-hostile" = "yes" -> "corners hostile"; = "no" -> "no corners
   hostile"; other values follow the name ("king max move 2"), whole.
   Appended to text, comma separated. */
static void describe_rule(struct strbuf *text, const char *name, const char *value)
{
	strbuf_puts(text, text->len ? ", " : "");
	if (strcmp(value, "no") == 0)
		strbuf_puts(text, "no ");
	for (const char *q = name; *q; q++)
		strbuf_putc(text, *q == '-' ? ' ' : *q);
	if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0)
		strbuf_printf(text, " %s", value);
}

static void rules(struct ctx *c, const struct fields *f)
{
	const struct node *n = f->val[F_RULES];
	struct puzzle *p = c->p;
	char e[256];
	if (is_empty(n) || !want(c, n, N_MAP, "rules") || !no_duplicates(c, n, "rules"))
		return;
	if (!p->game->set_rule || !p->game->rules) {
		error(c, f->key[F_RULES], "%s has no rule options", p->game->id);
		return;
	}
	struct strbuf text = STRBUF_INIT; /* the rules not at their default */
	for (const struct node *k = n->kids; k; k = k->next->next) {
		const struct node *v = k->next;
		if (v->type != N_SCALAR) {
			strbuf_free(&text);
			error(c, v, "expected a string for 'rules.%s', got %s", quote(k->s).s,
			      tname(v->type));
			return;
		}
		/* checked even without a position, so typos show up early */
		const struct rule_option *o = p->game->rules;
		while (o->name && strcmp(o->name, k->s) != 0)
			o++;
		if (!o->name) {
			char names[256] = "";
			for (o = p->game->rules; o->name; o++)
				snprintf(names + strlen(names), sizeof names - strlen(names),
				         "%s%s", names[0] ? ", " : "", o->name);
			error(c, k, "unknown rule '%s' for %s (%s)", quote(k->s).s, p->game->id,
			      names);
			strbuf_free(&text);
			return;
		}
		if (p->has_position && p->game->set_rule(p->pos, k->s, v->s, e, sizeof e) != 0) {
			error(c, v, "rules: %s", e);
			strbuf_free(&text);
			return;
		}
		if (strcmp(v->s, o->default_value) != 0)
			describe_rule(&text, o->name, v->s);
	}
	if (strbuf_failed(&text))
		c->L->oom = true;
	else if (text.len)
		p->rules_text = strbuf_take(&text);
	strbuf_free(&text);
}

/* The rules: of a puzzle, already checked by rules(), on a twin's position. */
static void rules_on(struct ctx *c, const struct fields *f, void *pos)
{
	const struct node *n = f->val[F_RULES];
	char e[256];
	if (is_empty(n) || n->type != N_MAP || !c->p->game->set_rule)
		return;
	for (const struct node *k = n->kids; k; k = k->next->next)
		if (k->next->type == N_SCALAR)
			c->p->game->set_rule(pos, k->s, k->next->s, e, sizeof e);
}

/*
** "stipulation: #2" unquoted: YAML reads the '#' as a comment and the
** value as empty, which was reported at 1:1 as "no stipulation".  The
** comment found on the key's line: its column, else 0.
*/
static int comment_after_key(const struct ctx *c, const struct node *key)
{
	const char *t = c->L->data, *end = t + c->L->len;
	for (int line = 1; line < key->line && t < end; t++)
		line += *t == '\n';
	const char *eol = memchr(t, '\n', (size_t)(end - t));
	if (!eol)
		eol = end;
	const char *colon = memchr(t, ':', (size_t)(eol - t));
	if (!colon)
		return 0;
	const char *q = colon + 1;
	while (q < eol && (*q == ' ' || *q == '\t'))
		q++;
	return q < eol && *q == '#' && q > colon + 1 ? utf8_chars(t, (size_t)(q - t)) + 1 : 0;
}

static void stipulation(struct ctx *c, const struct node *key, const struct node *n)
{
	struct puzzle *p = c->p;
	char e[256];
	if (key && is_null(n) && n && !n->len) {
		int col = comment_after_key(c, key);
		if (col) {
			error_at(
			    c, key->line, col,
			    "stipulation: unquoted, '#' starts a YAML comment and the value is "
			    "empty: quote it, as in stipulation: \"#2\"");
			return;
		}
	}
	const char *s = str(c, n, "stipulation");
	if (!s)
		return;
	int r = stip_parse(s, &p->stip, e, sizeof e);
	if (r == -2) {
		unsupported(c, "%s", e);
	} else if (r < 0) {
		error(c, n, "stipulation: %s", e);
	} else {
		p->has_stip = true;
		if (c->white_to_play && !stip_white_to_play(&p->stip))
			warning(c, n,
			        "option WhiteToPlay applies to help play in whole moves (h#N): "
			        "ignored, as Popeye does");
	}
}

/* Does the options: list hold WhiteToPlay?  Read before the stipulation,
   which it changes (the list itself is read later, by options()). */
/* Does the options: list hold option id (read before the options are, for
   what the position and stipulations need to know first)? */
static bool has_option(const struct node *n, enum popeye_option id)
{
	int count;
	const struct node *e = option_entries(n, &count);
	for (int k = 0; e && k < count; e = e->next, k++) {
		struct puzzle_option o;
		if (e->type == N_SCALAR && !is_null(e) &&
		    read_option(NULL, e, &o, false) == OPTION_OK && o.id == id)
			return true;
	}
	return false;
}

/* twin_build's callbacks: where byte `at` of twin i's text stands (a
   column only where the text stands on one line as written), and the
   rules: on each twin's position */
struct twin_ctx {
	struct ctx *c;
	const struct fields *f;
};

static void twin_where(void *ctx, int i, size_t at, int *line, int *col)
{
	const struct twin *t = &((struct twin_ctx *)ctx)->c->p->twins[i];
	*line = t->line;
	*col = t->col + (strchr(t->text, '\n') ? 0 : utf8_chars(t->text, at));
}

static void twin_rules(void *ctx, void *pos)
{
	struct twin_ctx *x = ctx;
	rules_on(x->c, x->f, pos);
}

/*
** The twin labels of the claimed solution ("b)", "+c)"): one that names no
** problem of the puzzle, or one named a second time, is a warning at the
** label (issue 23, item 19: a second "b)" was read silently, "d)" without
** a twin d dropped).  Popeye labels each problem once, a) the diagram
** (ZeroPosition: the first twin), then b), c), ...; the solution is read
** as before: an unknown label's text goes with the label before it, a
** label's two parts both go to its problem.
*/
struct label_ctx {
	struct ctx *c;
	const struct node *n;
};

static void bad_label(void *ctx, size_t at, size_t len, size_t first)
{
	struct label_ctx *x = ctx;
	const struct puzzle *p = x->c->p;
	int line, col;
	scalar_pos(x->c, x->n, at, &line, &col);
	const char *s = x->n->s + at;
	if (first != (size_t)-1) {
		int fl, fc;
		scalar_pos(x->c, x->n, first, &fl, &fc);
		warning_at(x->c, line, col,
		           "solution: twin %.*s labelled a second time (first at %d:%d): both "
		           "parts are read as its solution",
		           (int)len, s, fl, fc);
		return;
	}
	const char *last = "a"; /* the last problem's label, whole */
	for (int i = 0; i < p->ntwins; i++)
		if (!p->twins[i].duplex)
			last = p->twins[i].label;
	warning_at(x->c, line, col,
	           "solution: '%s' labels no problem of this puzzle, whose problems are %s) "
	           "to %s): the text after it is read with the label before it",
	           quote_n(s, len).s, p->zero_position ? p->twins[0].label : "a", last);
}

static void solution_labels(struct ctx *c, const struct node *n)
{
	if (!c->p->solution || is_null(n) || n->type != N_SCALAR || c->p->error)
		return;
	struct label_ctx x = {c, n};
	puzzle_solution_labels(c->p, bad_label, &x);
}

/* Every twin's position (twin.c's twin_build), then Duplex or HalfDuplex,
   as in Popeye's input. */
static void build_twins(struct ctx *c, const struct fields *f)
{
	struct puzzle *p = c->p;
	const struct game *g = p->game;
	if (c->duplex && c->half_duplex) {
		error(c, c->duplex_at, "options: Duplex and HalfDuplex do not go together");
		return;
	}
	if (p->error || p->unsupported || !p->has_position || !g->get_setup)
		return;
	struct setup diagram;
	g->get_setup(p->pos, &diagram);
	struct twin_ctx x = {c, f};
	struct twin_build tb = {.file = c->L->name,
	                        .castling_explicit = c->castling_explicit,
	                        .white_to_play = c->white_to_play,
	                        .duplex = c->duplex,
	                        .half_duplex = c->half_duplex,
	                        .duplex_ep = c->duplex_ep,
	                        .where = twin_where,
	                        .made = twin_rules,
	                        .ctx = &x};
	char err[128];
	int rc = twin_build(p, &diagram, &tb, err, sizeof err);
	if (rc == -1)
		c->L->oom = true;
	else if (rc == -2)
		error(c, c->duplex_at, "%s", err);
}

static int field_index(const char *name)
{
	for (int i = 0; field_names[i]; i++)
		if (strcmp(field_names[i], name) == 0)
			return i;
	return -1;
}

static void interpret(struct loader *L, const struct node *root)
{
	struct puzzle *p = new_puzzle(L, L->doc_line);
	if (!p)
		return;
	struct ctx cx = {.L = L, .p = p, .named_side = -1}, *c = &cx;
	struct fields f;

	memset(&f, 0, sizeof f);
	if (root->type != N_MAP) {
		error(c, root, "expected a mapping of fields for a puzzle, got %s",
		      tname(root->type));
		return;
	}
	for (const struct node *k = root->kids; k; k = k->next->next) {
		if (k->type != N_SCALAR) {
			error(c, k, "expected a field name, got %s", tname(k->type));
			return;
		}
	}
	struct dup d = {NULL, ""};
	find_dup(L, root, "", &d);
	if (d.key) {
		error(c, d.key, "duplicate field '%s'", quote(d.path).s);
		return;
	}
	for (const struct node *k = root->kids; k; k = k->next->next) {
		int i = field_index(k->s);
		if (i >= 0) {
			f.key[i] = k;
			f.val[i] = k->next;
		} else {
			warning(c, k, "unknown field '%s' (ignored)", quote(k->s).s);
		}
	}

	/* the game first: the position and the rules depend on it */
	const char *id = str(c, f.val[F_GAME], "game");
	if (id) {
		const struct game *g = game_find(id);
		if (!g) {
			char ids[256];
			game_ids(ids, sizeof ids);
			error(c, f.val[F_GAME], "unknown game '%s' (games: %s)", quote(id).s, ids);
			return;
		}
		p->game = g;
	} else if (p->error) {
		return;
	}

	/* metadata */
	p->title = dup_str(c, f.val[F_TITLE], "title");
	authors(c, f.val[F_AUTHORS]);
	source(c, f.val[F_SOURCE], f.val[F_DATE], f.val[F_SOURCE_ID]);
	award(c, f.val[F_AWARD], f.val[F_DISTINCTION]);
	comment_fields(c, f.val[F_COMMENTS]);
	p->solution = dup_str(c, f.val[F_SOLUTION], "solution");
	p->intended = dup_str(c, f.val[F_INTENDED], "intended-solutions");
	const char *style = str(c, f.val[F_CAPTION_STYLE], "caption-style");
	if (style && strcmp(style, "seed") == 0)
		p->caption_style = xstrdup(L, "seed");
	else if (style && strcmp(style, "plain") != 0)
		error(c, f.val[F_CAPTION_STYLE],
		      "caption-style must be 'seed' or 'plain', got '%s'", quote(style).s);
	if (str_list(c, f.val[F_KEYWORDS], "keywords", &p->keywords, &p->nkeywords) != 0) {
		free_strs(p->keywords, p->nkeywords);
		p->keywords = NULL;
		p->nkeywords = 0;
	}

	c->white_to_play = has_option(f.val[F_OPTIONS], PO_WHITE_TO_PLAY);
	c->some_duplex = has_option(f.val[F_OPTIONS], PO_DUPLEX) ||
	                 has_option(f.val[F_OPTIONS], PO_HALF_DUPLEX);
	option_en_passant(f.val[F_OPTIONS], c->option_ep);
	stipulation(c, f.key[F_STIPULATION], f.val[F_STIPULATION]);

	int to_move = -1;
	const char *tm = str(c, f.val[F_TO_MOVE], "to-move");
	if (tm && (to_move = side_of(p->game, tm)) < 0)
		error(c, f.val[F_TO_MOVE], "to-move must be '%s' or '%s', got '%s'",
		      p->game->side_word[0], p->game->side_word[1], quote(tm).s);
	if (!p->error && p->game->parse)
		position(c, &f, to_move);
	else if (!p->game->parse)
		error(c, NULL, "game '%s' is not available yet", p->game->id);
	rules(c, &f);

	options(c, f.val[F_OPTIONS]);
	twins(c, f.val[F_TWINS]);
	build_twins(c, &f);
	solution_labels(c, f.val[F_SOLUTION]);
}

/* ---------------------------------------------------------- the stream */

static void doc_fail(struct loader *L, const yaml_mark_t *m, const char *msg)
{
	if (L->failed)
		return;
	L->failed = true;
	snprintf(L->fail, sizeof L->fail, "%s", msg);
	L->fail_line = (int)m->line + 1;
	L->fail_col = (int)m->column + 1;
}

static void doc_reset(struct loader *L)
{
	arena_free(&L->arena);
	L->in_doc = L->failed = false;
	L->root = NULL;
	L->depth = L->nodes = 0;
}

static void doc_finish(struct loader *L)
{
	if (L->failed) {
		struct puzzle *p = new_puzzle(L, L->doc_line);
		if (p)
			p->error =
			    aprintf(L, "%s:%d:%d: %s", L->name, L->fail_line, L->fail_col, L->fail);
	} else if (L->root && L->depth == 0 && !is_null(L->root)) {
		interpret(L, L->root); /* depth 0: every mapping has its values */
	}
	/* an empty document (a stray "---") is no puzzle */
	doc_reset(L);
}

/*
** A collection opened 65 levels deep ends the reading of the file.  Going
** on would cost time quadratic in the file: libyaml's scanner walks every
** open flow level for each token (found with 100000 '[': 45 s; a file of
** 16 MiB of them would take days).  The document's first error stays.
*/
static void too_deep(struct loader *L, const yaml_mark_t *m)
{
	static const char msg[] =
	    "nesting deeper than 64 levels (the rest of the file is not read)";
	if (!L->failed) {
		doc_fail(L, m, msg);
		doc_finish(L);
	} else {
		doc_finish(L);
		struct puzzle *p = new_puzzle(L, (int)m->line + 1);
		if (p)
			p->error = aprintf(L, "%s:%d:%d: %s", L->name, (int)m->line + 1,
			                   (int)m->column + 1, msg);
	}
	L->bad_msg[0] = 0; /* a bad byte further on is not read either */
	L->stop = true;
}

static void doc_node(struct loader *L, const yaml_event_t *ev)
{
	bool open = ev->type != YAML_SCALAR_EVENT;
	const yaml_mark_t *m = &ev->start_mark;
	struct node *n;

	if (!L->failed) {
		if (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.length > MAX_SCALAR)
			doc_fail(L, m, "a value is longer than 1 MiB");
		else if (ev->type == YAML_SCALAR_EVENT &&
		         memchr(ev->data.scalar.value, 0, ev->data.scalar.length))
			/* "\0" in a quoted value: C strings would cut the text there */
			doc_fail(L, m, "a NUL character (\\0) in a value");
		else if (++L->nodes > MAX_NODES)
			doc_fail(L, m, "more than 100000 values in one document");
	}
	if (L->failed) {
		L->depth += open;
		return;
	}
	n = arena_alloc(&L->arena, sizeof *n);
	if (!n) {
		L->oom = true;
		doc_fail(L, m, "out of memory");
		L->depth += open;
		return;
	}
	memset(n, 0, sizeof *n);
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	if (ev->type == YAML_SCALAR_EVENT) {
		size_t len = ev->data.scalar.length;
		char *s = arena_alloc(&L->arena, len + 1);
		if (!s) {
			L->oom = true;
			doc_fail(L, m, "out of memory");
			return;
		}
		memcpy(s, ev->data.scalar.value, len);
		s[len] = 0;
		n->type = N_SCALAR;
		n->s = s;
		n->len = len;
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		n->literal = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
	} else {
		n->type = ev->type == YAML_SEQUENCE_START_EVENT ? N_SEQ : N_MAP;
		n->s = "";
	}
	if (L->depth == 0) {
		L->root = n;
	} else {
		struct node *parent = L->stack[L->depth - 1];
		if (parent->last)
			parent->last->next = n;
		else
			parent->kids = n;
		parent->last = n;
		parent->n++;
	}
	if (open)
		L->stack[L->depth++] = n;
}

static void doc_close(struct loader *L)
{
	if (L->depth > 0)
		L->depth--;
	if (!L->failed && L->depth < MAX_DEPTH && L->stack[L->depth]->type == N_MAP)
		L->stack[L->depth]->n /= 2; /* count pairs */
}

/* Line and column (1-based) of a byte offset. */
static void offset_pos(const struct loader *L, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (line_break(L->data, i, L->len)) {
			(*line)++;
			*col = 1;
		} else if (L->data[i] == '\r') {
			continue; /* of "\r\n" */
		} else if (((unsigned char)L->data[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/*
** The first byte libyaml's reader would refuse in UTF-8 input: a malformed
** sequence, a surrogate or a control character (YAML 1.1, 5.1).  Returns
** len when there is none.
*/
static size_t first_bad_byte(const char *data, size_t len, char *msg, size_t msglen)
{
	const unsigned char *s = (const unsigned char *)data;
	for (size_t i = 0; i < len;) {
		unsigned c = s[i];
		if (c < 0x80) {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
				snprintf(msg, msglen, "control character 0x%02x is not allowed", c);
				return i;
			}
			if (c == 0x7F) {
				snprintf(msg, msglen, "control character 0x7f is not allowed");
				return i;
			}
			i++;
			continue;
		}
		int n = c >= 0xC2 && c <= 0xDF   ? 2
		        : c >= 0xE0 && c <= 0xEF ? 3
		        : c >= 0xF0 && c <= 0xF4 ? 4
		                                 : 0;
		uint32_t v = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
		bool ok = n > 0 && i + (size_t)n <= len;
		for (int k = 1; ok && k < n; k++) {
			ok = (s[i + k] & 0xC0) == 0x80;
			v = v << 6 | (s[i + k] & 0x3F);
		}
		if (ok)
			ok = !(n == 3 && v < 0x800) && !(n == 4 && (v < 0x10000 || v > 0x10FFFF)) &&
			     !(v >= 0xD800 && v <= 0xDFFF);
		if (ok && (v == 0xFFFE || v == 0xFFFF || (v >= 0x80 && v < 0xA0 && v != 0x85))) {
			/* good UTF-8, but not a character YAML takes raw */
			snprintf(msg, msglen, "%s U+%04X is not allowed (write it as \\u%04X)",
			         v < 0xA0 ? "control character" : "character", v, v);
			return i;
		}
		if (!ok) {
			snprintf(msg, msglen, "invalid UTF-8 (byte 0x%02x); the file must be UTF-8",
			         c);
			return i;
		}
		i += (size_t)n;
	}
	return len;
}

/* The puzzle for the bad byte (see struct loader), once parsing is over. */
static void bad_byte_puzzle(struct loader *L)
{
	int line, col;
	offset_pos(L, L->bad, &line, &col);
	/* the bad line opens a document: the one before it is whole */
	const char *at = L->data + L->len;
	bool opens = strncmp(at, "---", 3) == 0 || strncmp(at, "...", 3) == 0;
	int doc_line = line;
	if (L->pending) {
		L->pending = false;
		if (opens && L->depth == 0)
			doc_finish(L);
		else
			doc_line = L->doc_line;
	}
	doc_reset(L);
	struct puzzle *p = new_puzzle(L, doc_line);
	if (p)
		p->error = aprintf(L, "%s:%d:%d: %s", L->name, line, col, L->bad_msg);
}

/* The byte at 0-based line and column (in characters) of a UTF-8 file. */
static char byte_at(const struct loader *L, size_t line, size_t col)
{
	size_t i = 0;
	if (L->len >= 3 && memcmp(L->data, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* a BOM is no character to libyaml */
	for (; i < L->len && line > 0; i++)
		if (line_break(L->data, i, L->len))
			line--;
	for (; i < L->len; i++) {
		if (((unsigned char)L->data[i] & 0xC0) == 0x80)
			continue;
		if (col-- == 0)
			return L->data[i];
	}
	return 0;
}

static void syntax_error(struct loader *L, const yaml_parser_t *ps)
{
	int line, col;
	if (ps->error == YAML_MEMORY_ERROR) {
		L->oom = true;
		return;
	}
	if (ps->error == YAML_READER_ERROR) {
		offset_pos(L, ps->problem_offset < L->len ? ps->problem_offset : L->len, &line,
		           &col);
	} else {
		line = (int)ps->problem_mark.line + 1;
		col = (int)ps->problem_mark.column + 1;
	}
	if (L->bad_msg[0]) {
		int bad_line, bad_col;
		offset_pos(L, L->len, &bad_line, &bad_col);
		if (line >= bad_line) {
			/* the cut before the bad byte caused it: report the byte */
			L->pending = L->in_doc;
			bad_byte_puzzle(L);
			L->bad_msg[0] = 0;
			return;
		}
	}
	if (L->pending) {
		L->pending = false;
		doc_finish(L);
	}
	/* a document complete before the error struck is still a puzzle */
	if (L->in_doc && !L->failed && L->root && L->depth == 0)
		doc_finish(L);
	const char *problem = ps->problem ? ps->problem : "YAML syntax error";
	/* libyaml's words for the commonest slip in a hand-written file */
	if (ps->error == YAML_SCANNER_ERROR &&
	    strcmp(problem, "found character that cannot start any token") == 0 &&
	    byte_at(L, ps->problem_mark.line, ps->problem_mark.column) == '\t')
		problem = "a tab in the indentation (YAML indents with spaces)";
	struct puzzle *p = new_puzzle(L, L->in_doc ? L->doc_line : line);
	if (p)
		p->error = aprintf(L, "%s:%d:%d: %s", L->name, line, col, problem);
	L->bad_msg[0] = 0; /* never reached: the stream stops here */
}

static void run(struct loader *L)
{
	yaml_parser_t ps;
	yaml_event_t ev;

	if (!yaml_parser_initialize(&ps)) {
		L->oom = true;
		return;
	}
	yaml_parser_set_input_string(&ps, (const unsigned char *)L->data, L->len);
	while (!L->stop && !L->oom) {
		if (!yaml_parser_parse(&ps, &ev)) {
			syntax_error(L, &ps);
			break;
		}
		switch (ev.type) {
		case YAML_DOCUMENT_START_EVENT:
			if (L->pending) {
				L->pending = false;
				doc_finish(L);
			}
			if (L->ndocs++ == MAX_PUZZLES) {
				struct puzzle *p = new_puzzle(L, (int)ev.start_mark.line + 1);
				if (p)
					p->error =
					    aprintf(L,
					            "%s:%d:%d: more than %d puzzles in one "
					            "file (the rest is ignored)",
					            L->name, (int)ev.start_mark.line + 1,
					            (int)ev.start_mark.column + 1, MAX_PUZZLES);
				L->stop = true;
				break;
			}
			doc_reset(L);
			L->in_doc = true;
			L->doc_line = (int)ev.start_mark.line + 1;
			break;
		case YAML_DOCUMENT_END_EVENT:
			if (L->bad_msg[0])
				L->pending = true; /* it may be the one cut short */
			else
				doc_finish(L);
			break;
		case YAML_ALIAS_EVENT:
			if (!L->failed)
				L->nodes++;
			doc_fail(L, &ev.start_mark, "aliases are not supported");
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (L->depth >= MAX_DEPTH) {
				too_deep(L, &ev.start_mark);
				break;
			}
			doc_node(L, &ev);
			break;
		case YAML_SCALAR_EVENT:
			doc_node(L, &ev);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			doc_close(L);
			break;
		case YAML_STREAM_END_EVENT:
			L->stop = true;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	if (L->bad_msg[0] && !L->oom && L->ndocs <= MAX_PUZZLES)
		bad_byte_puzzle(L);
	if (L->pending)
		doc_finish(L);
	doc_reset(L);
	yaml_parser_delete(&ps);
}

/*
** The file's name as messages and reports show it: one line of UTF-8, its
** controls and the bytes that are not UTF-8 escaped as all text output
** shows them (textsafe.h: "new\nline.yaml", "caf\xe9.yaml"), whatever bytes
** the directory holds -- "caf\351.yaml" would make the JSON invalid, a
** newline would split a verdict line in two.  NULL when out of memory.
*/
static char *shown_name(const char *name)
{
	size_t cap = 4 * strlen(name) + 1; /* an escape is at most 4 bytes a byte */
	char *s = malloc(cap);
	if (s)
		text_escape_name(s, cap, name); /* a backslash doubled: names never alike */
	return s;
}

/* A file that cannot be read at all: one puzzle with the reason. */
static int whole_file_error(const char *name, struct collection *out, const char *msg)
{
	char *shown = shown_name(name);
	if (!shown)
		return -1;
	struct loader L = {.name = shown, .out = out};
	struct puzzle *p = new_puzzle(&L, 1);
	if (p)
		p->error = aprintf(&L, "%s: %s", shown, msg);
	free(shown);
	if (L.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}

/*
** UTF-16 (with its byte order mark, as Windows editors save "Unicode") read
** as UTF-8: every line and column computed here, and the checks for bad
** bytes, then hold for it too.  Returns the new text (*n bytes), or NULL
** with *bad the offset of a lone surrogate or an odd last byte (*bad = len
** when out of memory).
*/
static char *utf16_to_utf8(const unsigned char *s, size_t len, size_t *n, size_t *bad)
{
	bool le = s[0] == 0xFF;
	char *d = malloc(len / 2 * 3 + 1), *o = d;
	*bad = len;
	if (!d)
		return NULL;
	for (size_t i = 2; i < len; i += 2) {
		if (i + 1 >= len) {
			*bad = i;
			free(d);
			return NULL;
		}
		uint32_t c = le ? s[i] | s[i + 1] << 8 : s[i] << 8 | s[i + 1];
		if (c >= 0xD800 && c <= 0xDBFF && i + 3 < len) {
			uint32_t lo = le ? s[i + 2] | s[i + 3] << 8 : s[i + 2] << 8 | s[i + 3];
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
				i += 2;
			}
		}
		if (c >= 0xD800 && c <= 0xDFFF) {
			*bad = i;
			free(d);
			return NULL;
		}
		if (c < 0x80) {
			*o++ = (char)c;
		} else if (c < 0x800) {
			*o++ = (char)(0xC0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3F));
		} else if (c < 0x10000) {
			*o++ = (char)(0xE0 | c >> 12);
			*o++ = (char)(0x80 | (c >> 6 & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		} else {
			*o++ = (char)(0xF0 | c >> 18);
			*o++ = (char)(0x80 | (c >> 12 & 0x3F));
			*o++ = (char)(0x80 | (c >> 6 & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		}
	}
	*n = (size_t)(o - d);
	return d;
}

static int load_utf8(const char *name, const char *data, size_t len, struct collection *out);

int puzzle_load_buffer(const char *name, const char *data, size_t len, struct collection *out)
{
	out->items = NULL;
	out->count = 0;
	if (len > MAX_FILE_BYTES)
		return whole_file_error(name, out, "file is larger than 16 MiB");
	const unsigned char *u = (const unsigned char *)data;
	if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
		size_t n, bad;
		char *text = utf16_to_utf8(u, len, &n, &bad), msg[64];
		if (!text && bad == len)
			return -1;
		if (!text) {
			if (bad + 1 >= len)
				snprintf(msg, sizeof msg,
				         "UTF-16 text cut in the middle of a character");
			else
				snprintf(msg, sizeof msg,
				         "invalid UTF-16 (a lone surrogate) at byte %zu", bad);
			return whole_file_error(name, out, msg);
		}
		int r = load_utf8(name, text, n, out);
		free(text);
		return r;
	}
	return load_utf8(name, data, len, out);
}

static int load_utf8(const char *name, const char *data, size_t len, struct collection *out)
{
	char *shown = shown_name(name);
	if (!shown)
		return -1;
	struct loader L = {.name = shown, .data = data, .len = len, .out = out};
	L.bad = first_bad_byte(data, len, L.bad_msg, sizeof L.bad_msg);
	/* libyaml checks each %TAG directive against all the others of its
	   document: 100000 of them took minutes.  A real document has one or
	   two.  (Counted per line start, "---" or "..." starting anew.) */
	for (size_t i = 0, ndir = 0; i < L.bad; i++) {
		if (i > 0 && data[i - 1] != '\n' && data[i - 1] != '\r')
			continue;
		if (data[i] == '-' || data[i] == '.')
			ndir = L.bad - i >= 3 && (memcmp(data + i, "---", 3) == 0 ||
			                          memcmp(data + i, "...", 3) == 0)
			           ? 0
			           : ndir;
		else if (data[i] == '%' && ++ndir > MAX_DIRECTIVES) {
			L.bad = i;
			snprintf(L.bad_msg, sizeof L.bad_msg,
			         "more than %d directives (%%YAML, %%TAG) before a document",
			         MAX_DIRECTIVES);
			break;
		}
	}
	if (L.bad < len) {
		size_t start = L.bad;
		while (start > 0 && data[start - 1] != '\n' && data[start - 1] != '\r')
			start--;
		L.len = start;
	}
	run(&L);
	free(shown);
	if (L.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}

int puzzle_load_file(const char *path, struct collection *out)
{
	char msg[256];
	out->items = NULL;
	out->count = 0;
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		snprintf(msg, sizeof msg, "cannot open: %s", strerror(errno));
		return whole_file_error(path, out, msg);
	}
	/* read at most one byte past the limit: enough to know it is too big */
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (len == cap) {
			if (cap > MAX_FILE_BYTES)
				break;
			size_t ncap = cap * 2 > MAX_FILE_BYTES + 1 ? MAX_FILE_BYTES + 1 : cap * 2;
			char *nb = realloc(buf, ncap);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap = ncap;
		}
		size_t n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (n == 0)
			break;
	}
	int rderr = ferror(fp) ? errno : 0;
	fclose(fp);
	if (!buf)
		return -1;
	int r;
	if (rderr) {
		snprintf(msg, sizeof msg, "cannot read: %s", strerror(rderr));
		r = whole_file_error(path, out, msg);
	} else {
		r = puzzle_load_buffer(path, buf, len, out);
		/* a file named on the command line or found in a directory is
		   meant to hold puzzles: an empty one is most likely a mistake */
		if (r == 0 && out->count == 0)
			r = whole_file_error(path, out,
			                     len == 0 ? "the file is empty"
			                              : "no puzzles in the file (only comments "
			                                "or empty documents)");
	}
	free(buf);
	return r;
}
