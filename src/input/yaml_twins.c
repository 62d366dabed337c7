/*
** yaml_twins.c -- twins: (YACPDB's mapping, or Popeye's printed 'b) Move a1 a2'), each
** twin's position built by model/twin.h's twin_build, and the twin labels
** of the claimed solution checked against the puzzle's problems.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/yaml_tree.h"
#include "model/twin.h"

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
		c->L->r.oom = true;
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
		yr_error(c, n,
		         "expected a mapping for 'twins' (b: Move a1 a2), or twins as Popeye "
		         "prints them (b) Move a1 a2)");
		return;
	}
	if (count > MAX_TWINS) {
		yr_error(c, n, "more than %d twins in one puzzle", MAX_TWINS);
		return;
	}
	p->twins = calloc((size_t)count + 1, sizeof *p->twins);
	if (!p->twins) {
		c->L->r.oom = true;
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
				c->L->r.oom = true;
				return;
			}
			memcpy(t->text, s + at, e - at);
			t->text[e - at] = 0;
			yr_scalar_pos(c, n, at, &t->line, &t->col);
			p->ntwins++;
		}
		if (i == len)
			break;
		if (!t && i > 0) {
			yr_error(c, n, "twins: text before the first label '%.*s'", (int)(j - i),
			         s + i);
			return;
		}
		t = &p->twins[p->ntwins];
		int line, col;
		yr_scalar_pos(c, n, i + plus, &line, &col);
		if (!twin_label_copy(c, t, s + i + plus, ll))
			return;
		t->continued = plus;
		for (int k = 0; k < p->ntwins; k++)
			if (strcmp(p->twins[k].label, t->label) == 0) {
				yr_error_at(c, line, col, "duplicate twin '%s'",
				            yr_quote(t->label).s);
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

void yr_twins(struct ctx *c, const struct node *n)
{
	if (!yr_is_null(n) && n->type == N_SCALAR) {
		twins_text(c, n);
		return;
	}
	if (yr_is_null(n) || !yr_want(c, n, N_MAP, "twins") || !yr_no_duplicates(c, n, "twins"))
		return;
	if (n->n > MAX_TWINS) {
		yr_error(c, n, "more than %d twins in one puzzle", MAX_TWINS);
		return;
	}
	struct puzzle *p = c->p;
	p->twins = calloc((size_t)n->n + 1, sizeof *p->twins);
	if (!p->twins) {
		c->L->r.oom = true;
		return;
	}
	for (const struct node *k = n->kids; k; k = k->next->next) {
		const struct node *v = k->next;
		size_t len = k->len;
		if (len > 1 && k->s[len - 1] == ')')
			len--;
		if (!twin_label_ok(k->s, len)) {
			yr_error(
			    c, k,
			    "twin label '%s' must be a letter a-z or z1, z2, ... (as in YACPDB)",
			    yr_quote(k->s).s);
			return;
		}
		if (v->type != N_SCALAR) {
			yr_error(c, v, "expected a string for 'twins.%s', got %s", yr_quote(k->s).s,
			         yr_tname(v->type));
			return;
		}
		struct twin *t = &p->twins[p->ntwins];
		if (!twin_label_copy(c, t, k->s, len))
			return;
		for (int i = 0; i < p->ntwins; i++)
			if (strcmp(p->twins[i].label, t->label) == 0) {
				yr_error(c, k, "duplicate twin '%s'", yr_quote(t->label).s);
				free(t->label); /* not counted: freed here */
				t->label = NULL;
				return;
			}
		/* where the text starts: after the quote of a quoted scalar */
		t->line = v->line;
		t->col = v->col + (!v->plain && !v->literal && v->type == N_SCALAR);
		if (!(t->text = yr_xstrdup(c->L, v->s))) {
			free(t->label);
			t->label = NULL;
			return;
		}
		p->ntwins++;
	}
	qsort(p->twins, (size_t)p->ntwins, sizeof *p->twins, twin_order);
	p->zero_position = p->ntwins > 0 && strcmp(p->twins[0].label, "a") == 0;
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
	*col = t->col + (strchr(t->text, '\n') ? 0 : input_columns(t->text, at));
}

static void twin_rules(void *ctx, void *pos)
{
	struct twin_ctx *x = ctx;
	yr_rules_on(x->c, x->f, pos);
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
	yr_scalar_pos(x->c, x->n, at, &line, &col);
	const char *s = x->n->s + at;
	if (first != (size_t)-1) {
		int fl, fc;
		yr_scalar_pos(x->c, x->n, first, &fl, &fc);
		yr_warning_at(x->c, line, col,
		              "solution: twin %.*s labelled a second time (first at %d:%d): both "
		              "parts are read as its solution",
		              (int)len, s, fl, fc);
		return;
	}
	const char *last = "a"; /* the last problem's label, whole */
	for (int i = 0; i < p->ntwins; i++)
		if (!p->twins[i].duplex)
			last = p->twins[i].label;
	yr_warning_at(x->c, line, col,
	              "solution: '%s' labels no problem of this puzzle, whose problems are %s) "
	              "to %s): the text after it is read with the label before it",
	              input_quote(s, len).s, p->zero_position ? p->twins[0].label : "a", last);
}

void yr_solution_labels(struct ctx *c, const struct node *n)
{
	if (!c->p->solution || yr_is_null(n) || n->type != N_SCALAR || c->p->error)
		return;
	struct label_ctx x = {c, n};
	puzzle_solution_labels(c->p, bad_label, &x);
}

/* Every twin's position (twin.c's twin_build), then Duplex or HalfDuplex,
   as in Popeye's input. */
void yr_build_twins(struct ctx *c, const struct fields *f)
{
	struct puzzle *p = c->p;
	const struct game *g = p->game;
	if (c->duplex && c->half_duplex) {
		yr_error(c, c->duplex_at, "options: Duplex and HalfDuplex do not go together");
		return;
	}
	if (p->error || p->unsupported || !p->has_position || !g->get_setup)
		return;
	struct setup diagram;
	g->get_setup(p->pos, &diagram);
	struct twin_ctx x = {c, f};
	struct twin_build tb = {.file = c->L->r.name,
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
		c->L->r.oom = true;
	else if (rc == -2)
		yr_error(c, c->duplex_at, "%s", err);
}
