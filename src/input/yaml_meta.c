/*
** yaml_meta.c -- a puzzle's metadata from its YAML fields: authors:, source: (YACPDB's
** nested form and Olive's flat date: and source-id:), award: (and the flat
** distinction:), and what maat's writer keeps in comments:.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "input/yaml_tree.h"

/* ------------------------------------------------------------- metadata */

/* A list of strings, or one string: authors, keywords, options. */
int yr_str_list(struct ctx *c, const struct node *n, const char *what, char ***out, int *count)
{
	*out = NULL;
	*count = 0;
	if (yr_is_null(n))
		return 0;
	if (n->type == N_MAP) {
		yr_error(c, n, "expected a sequence for '%s', got a mapping", what);
		return -1;
	}
	const struct node *first = n->type == N_SCALAR ? n : n->kids;
	int max = n->type == N_SCALAR ? 1 : n->n;
	char **v = calloc((size_t)max + 1, sizeof *v);
	if (!v) {
		c->L->r.oom = true;
		return -1;
	}
	*out = v;
	for (const struct node *e = first; e && *count < max; e = e->next) {
		if (e->type != N_SCALAR) {
			yr_error(c, e, "expected a string in '%s', got %s", what,
			         yr_tname(e->type));
			return -1;
		}
		if (yr_is_null(e) || !e->len)
			continue;
		if (!(v[*count] = yr_xstrdup(c->L, e->s)))
			return -1;
		(*count)++;
	}
	return 0;
}

void yr_free_strs(char **v, int n)
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
		L->r.oom = true;
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

void yr_authors(struct ctx *c, const struct node *n)
{
	char **v;
	int count;
	if (yr_str_list(c, n, "authors", &v, &count) == 0) {
		/* one a line (struct puzzle.authors): a line end inside one
		   would make two */
		for (int i = 0; i < count; i++)
			for (char *q = v[i]; *q; q++)
				if (*q == '\n' || *q == '\r')
					*q = ' ';
		c->p->authors = join(c->L, (const char *const *)v, count, "\n");
	}
	yr_free_strs(v, count);
}

/* A YACPDB date: "2009-02", 1858, "1965-1967" or {year, month, day}, whole
   in b (the file's text: it reaches the writers); empty when there is none. */
static void date_text(struct ctx *c, const struct node *d, const char *what, struct strbuf *b)
{
	strbuf_clear(b);
	if (yr_is_null(d))
		return;
	if (d->type == N_SCALAR) {
		strbuf_put(b, d->s, d->len);
		return;
	}
	if (!yr_want(c, d, N_MAP, what))
		return;
	const char *part[3] = {"year", "month", "day"};
	for (int i = 0; i < 3; i++) {
		const struct node *v = yr_get(d, part[i]);
		if (yr_is_null(v))
			break;
		if (v->type != N_SCALAR) {
			yr_error(c, v, "expected a string for '%s.%s', got %s", what, part[i],
			         yr_tname(v->type));
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
void yr_comment_fields(struct ctx *c, const struct node *n)
{
	struct puzzle *p = c->p;
	if (yr_is_null(n) || n->type == N_MAP)
		return;
	const struct node *e = n->type == N_SCALAR ? n : n->kids;
	for (; e; e = n->type == N_SCALAR ? NULL : e->next) {
		if (e->type != N_SCALAR || yr_is_null(e))
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
		char *t = *field ? yr_aprintf(c->L, "%s\n%s", *field, v) : yr_xstrdup(c->L, v);
		if (!t)
			return;
		free(*field);
		*field = t;
	}
}

void yr_source(struct ctx *c, const struct node *src, const struct node *flat_date,
               const struct node *flat_id)
{
	const char *name = NULL, *issue = NULL;
	struct strbuf db = STRBUF_INIT, ib = STRBUF_INIT;
	if (yr_is_null(src))
		return;
	if (src->type == N_SEQ) {
		yr_error(c, src, "expected a mapping for 'source', got a sequence");
		return;
	}
	const char *number = NULL;
	if (src->type == N_SCALAR) {
		name = src->s;
	} else {
		name = yr_str(c, yr_get(src, "name"), "source.name");
		issue = yr_str(c, yr_get(src, "issue"), "source.issue");
		number = yr_str(c, yr_get(src, "problemid"), "source.problemid");
		date_text(c, yr_get(src, "date"), "source.date", &db);
	}
	if (!db.len)
		date_text(c, flat_date, "date", &db);
	const char *date = strbuf_str(&db);
	if (!issue && !yr_is_null(flat_id) && flat_id->type == N_SCALAR) {
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
	p->source_name = name && *name ? yr_xstrdup(c->L, name) : NULL;
	p->source_issue = issue && *issue ? yr_xstrdup(c->L, issue) : NULL;
	p->source_number = number && *number ? yr_xstrdup(c->L, number) : NULL;
	p->source_date = date[0] ? yr_xstrdup(c->L, date) : NULL;
	if (strbuf_failed(&db) || strbuf_failed(&ib))
		c->L->r.oom = true;
	strbuf_free(&db);
	strbuf_free(&ib);
}

/* "1st Prize" or "1st Prize, Tourney name"; tourney "ditto" = the source. */
void yr_award(struct ctx *c, const struct node *aw, const struct node *flat_dist)
{
	const char *dist = NULL, *tourney = NULL;
	if (yr_is_null(aw)) {
		c->p->award = yr_dup_str(c, flat_dist, "distinction");
		c->p->distinction = c->p->award ? yr_xstrdup(c->L, c->p->award) : NULL;
		return;
	}
	if (aw->type == N_SEQ) {
		yr_error(c, aw, "expected a mapping for 'award', got a sequence");
		return;
	}
	if (aw->type == N_SCALAR) {
		c->p->award = yr_dup_str(c, aw, "award");
		c->p->distinction = c->p->award ? yr_xstrdup(c->L, c->p->award) : NULL;
		return;
	}
	dist = yr_str(c, yr_get(aw, "distinction"), "award.distinction");
	const struct node *t = yr_get(aw, "tourney");
	if (!yr_is_null(t)) {
		if (t->type == N_SCALAR)
			tourney = strcmp(t->s, "ditto") == 0 ? NULL : t->s;
		else if (t->type == N_MAP)
			tourney = yr_str(c, yr_get(t, "name"), "award.tourney.name");
		else
			yr_error(c, t, "expected a mapping for 'award.tourney', got a sequence");
	}
	const char *parts[2] = {dist, tourney};
	c->p->award = join(c->L, parts, 2, ", ");
	c->p->distinction = dist && *dist ? yr_xstrdup(c->L, dist) : NULL;
	c->p->tourney = tourney && *tourney ? yr_xstrdup(c->L, tourney) : NULL;
}
