/*
** puzzle.c -- helpers on the puzzle model: freeing a collection, the
** problems of a puzzle (diagram and twins) and their part of the claimed
** solution, the Popeye piece count "(w+b)".
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/puzzle.h"

static void free_list(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void puzzle_free(struct puzzle *p)
{
	free(p->file);
	free(p->title);
	free(p->authors);
	free(p->source);
	free(p->award);
	free(p->source_name);
	free(p->source_issue);
	free(p->source_number);
	free(p->source_date);
	free(p->distinction);
	free(p->tourney);
	free(p->solution);
	free(p->intended);
	free(p->caption_style);
	free(p->rules_text);
	free_list(p->keywords, p->nkeywords);
	free(p->options);
	puzzle_drop_twins(p);
	puzzle_drop_men(p);
	free(p->conditions);
	free(p->error);
	free(p->unsupported);
	free_list(p->warnings, p->nwarnings);
}

void collection_free(struct collection *c)
{
	if (!c)
		return;
	for (int i = 0; i < c->count; i++)
		puzzle_free(&c->items[i]);
	free(c->items);
	c->items = NULL;
	c->count = 0;
}

/* A string as the heap holds it (malloc's header and rounding, about). */
static size_t str_bytes(const char *s)
{
	return s ? strlen(s) + 1 + 16 : 0;
}

static size_t list_bytes(char *const *v, int n)
{
	size_t b = v ? (size_t)n * sizeof *v + 16 : 0;
	for (int i = 0; i < n; i++)
		b += str_bytes(v[i]);
	return b;
}

int puzzle_add_option(struct puzzle *p, const struct puzzle_option *o)
{
	struct puzzle_option *v = realloc(p->options, (size_t)(p->noptions + 1) * sizeof *v);
	if (!v)
		return -1;
	p->options = v;
	v[p->noptions++] = *o;
	return 0;
}

int puzzle_add_condition(struct puzzle *p, const char *text)
{
	size_t have = p->conditions ? strlen(p->conditions) : 0, n = strlen(text);
	char *t = realloc(p->conditions, have + n + 3);
	if (!t)
		return -1;
	p->conditions = t;
	if (have)
		memcpy(t + have, "; ", 2), have += 2;
	memcpy(t + have, text, n + 1);
	return 0;
}

size_t collection_bytes(const struct collection *c)
{
	size_t b = (size_t)c->count * sizeof *c->items;
	for (int i = 0; i < c->count; i++) {
		const struct puzzle *p = &c->items[i];
		b += str_bytes(p->file) + str_bytes(p->title) + str_bytes(p->authors) +
		     str_bytes(p->source) + str_bytes(p->award) + str_bytes(p->solution) +
		     str_bytes(p->caption_style) + str_bytes(p->rules_text) + str_bytes(p->error) +
		     str_bytes(p->unsupported) + list_bytes(p->keywords, p->nkeywords) +
		     (size_t)p->noptions * sizeof *p->options +
		     list_bytes(p->warnings, p->nwarnings);
		if (p->twins)
			b += (size_t)(p->ntwins + 1) * sizeof *p->twins;
		b += (size_t)p->nmen * sizeof *p->men + str_bytes(p->conditions);
		for (int m = 0; m < p->nmen; m++)
			b += str_bytes(p->men[m].attrs);
		for (int t = 0; t < p->ntwins; t++)
			b += str_bytes(p->twins[t].label) + str_bytes(p->twins[t].text) +
			     str_bytes(p->twins[t].error) + str_bytes(p->twins[t].unsupported);
	}
	return b;
}

void puzzle_piece_count(const struct puzzle *p, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = 0;
	if (!p->has_position && p->nmen) {
		int n[3] = {0, 0, 0};
		for (int i = 0; i < p->nmen; i++)
			n[p->men[i].colour < 3 ? p->men[i].colour : 0]++;
		if (n[MAN_NEUTRAL])
			snprintf(buf, len, "(%d+%d+%d)", n[0], n[1], n[2]);
		else
			snprintf(buf, len, "(%d+%d)", n[0], n[1]);
		return;
	}
	if (!p->has_position || !p->game || !p->game->get_setup)
		return;
	struct setup s;
	int n[2] = {0, 0};
	p->game->get_setup(p->pos, &s);
	for (int r = 0; r < p->game->ranks; r++)
		for (int f = 0; f < p->game->files; f++)
			if (s.grid[r][f] != '.' && s.grid[r][f] != 0)
				n[game_letter_side(p->game, s.grid[r][f])]++;
	snprintf(buf, len, "(%d+%d)", n[0], n[1]);
}

int puzzle_add_man(struct puzzle *p, int file, int rank, int colour, const char *code, size_t len,
                   const char *attrs)
{
	if (p->nmen % 16 == 0) {
		struct puzzle_man *m = realloc(p->men, (size_t)(p->nmen + 16) * sizeof *m);
		if (!m)
			return -1;
		p->men = m;
	}
	struct puzzle_man *m = &p->men[p->nmen];
	memset(m, 0, sizeof *m);
	m->file = (signed char)file;
	m->rank = (signed char)rank;
	m->colour = (unsigned char)colour;
	for (size_t i = 0; i < len && i < sizeof m->code - 1; i++)
		m->code[i] = (char)tolower((unsigned char)code[i]);
	/* the attributes with their spacing folded ("Royal ", as YAML's
	   prefixes end, is "Royal") */
	while (attrs && isspace((unsigned char)*attrs))
		attrs++;
	if (attrs && *attrs) {
		size_t n = strlen(attrs);
		m->attrs = malloc(n + 1);
		if (!m->attrs)
			return -1;
		size_t o = 0;
		for (size_t i = 0; i < n; i++)
			if (!isspace((unsigned char)attrs[i]))
				m->attrs[o++] = attrs[i];
			else if (o && m->attrs[o - 1] != ' ')
				m->attrs[o++] = ' ';
		while (o && m->attrs[o - 1] == ' ')
			o--;
		m->attrs[o] = 0;
	}
	p->nmen++;
	return 0;
}

void puzzle_drop_twins(struct puzzle *p)
{
	for (int i = 0; i < p->ntwins; i++) {
		free(p->twins[i].label);
		free(p->twins[i].text);
		free(p->twins[i].error);
		free(p->twins[i].unsupported);
	}
	free(p->twins);
	p->twins = NULL;
	p->ntwins = 0;
}

void puzzle_drop_men(struct puzzle *p)
{
	for (int i = 0; i < p->nmen; i++)
		free(p->men[i].attrs);
	free(p->men);
	p->men = NULL;
	p->nmen = 0;
}

int puzzle_problem_count(const struct puzzle *p)
{
	if (!p->twins_ready || p->ntwins == 0)
		return 1;
	return p->ntwins + !p->zero_position;
}

int puzzle_problem_twin(const struct puzzle *p, int i)
{
	if (!p->twins_ready || p->ntwins == 0)
		return -1;
	return p->zero_position ? i : i - 1;
}

/* The twin a label token names ("b)", "+c)", "a)" the diagram): its index,
   -1 for the diagram, -2 when the token is no label of this puzzle. */
static int label_of(const struct puzzle *p, const char *tok, size_t len)
{
	if (len && *tok == '"') {
		tok++;
		len--;
	}
	if (len && *tok == '+') {
		tok++;
		len--;
	}
	if (len < 2 || tok[len - 1] != ')')
		return -2;
	len--;
	for (int i = 0; i < p->ntwins; i++) /* a duplex part has its twin's label */
		if (!p->twins[i].duplex && strlen(p->twins[i].label) == len &&
		    !memcmp(p->twins[i].label, tok, len))
			return i;
	if (!p->zero_position && len == 1 && *tok == 'a')
		return -1;
	return -2;
}

/* Is the token a label as Popeye prints them ("b)", "+c)", "z1)"), whether
   or not the puzzle has it?  Its length without a leading quote. */
static size_t label_like(const char *tok, size_t len, size_t *skip)
{
	*skip = len && *tok == '"';
	tok += *skip;
	len -= *skip;
	size_t plus = len && *tok == '+';
	if (len < plus + 2 || tok[len - 1] != ')')
		return 0;
	const char *l = tok + plus;
	size_t n = len - plus - 1;
	bool ok = n == 1 ? *l >= 'a' && *l <= 'z' : *l == 'z' && l[1] >= '1' && l[1] <= '9';
	for (size_t i = 1; ok && n > 1 && i < n; i++)
		ok = isdigit((unsigned char)l[i]) != 0;
	return ok ? len : 0;
}

/* One word of a claimed solution text: where it starts, its length, and
   whether it is commentary (inside a "{...}" comment, or opening one), where
   no label or move counts. */
struct solution_word {
	size_t at, len;
	bool comment;
};

/* The next word of text[0..len) from *i, *depth being the "{" nesting before
   it (0 at the start); false at the end of the text.  The twin-label check and
   the twin's share of the solution read the text through this one reader, so
   that they agree on what is a word and what is commentary. */
static bool solution_word(const char *text, size_t len, size_t *i, int *depth,
                          struct solution_word *w)
{
	while (*i < len && isspace((unsigned char)text[*i]))
		(*i)++;
	if (*i >= len)
		return false;
	size_t j = *i;
	while (j < len && !isspace((unsigned char)text[j]))
		j++;
	w->at = *i;
	w->len = j - *i;
	w->comment = *depth > 0 || text[*i] == '{';
	for (size_t k = *i; k < j; k++)
		*depth += text[k] == '{' ? 1 : text[k] == '}' && *depth > 0 ? -1 : 0;
	*i = j;
	return true;
}

void puzzle_solution_labels(const struct puzzle *p,
                            void (*bad)(void *ctx, size_t at, size_t len, size_t first), void *ctx)
{
	const char *text = p->solution;
	if (!text)
		return;
	size_t len = strlen(text);
	int depth = 0;
	/* where each problem's label was first seen: [0] the diagram */
	size_t *seen = malloc((size_t)(p->ntwins + 1) * sizeof *seen);
	if (!seen)
		return;
	for (int i = 0; i <= p->ntwins; i++)
		seen[i] = (size_t)-1;
	struct solution_word w;
	for (size_t i = 0; solution_word(text, len, &i, &depth, &w);) {
		size_t skip = 0;
		size_t ll = w.comment ? 0 : label_like(text + w.at, w.len, &skip);
		if (ll) {
			int l = label_of(p, text + w.at, w.len);
			if (l == -2)
				bad(ctx, w.at + skip, ll, (size_t)-1);
			else if (seen[l + 1] != (size_t)-1)
				bad(ctx, w.at + skip, ll, seen[l + 1]);
			else
				seen[l + 1] = w.at + skip;
		}
	}
	free(seen);
}

/* Does the token open a numbered move ("1.", "12...")? */
static bool move_number(const char *tok)
{
	if (*tok == '"')
		tok++;
	if (!isdigit((unsigned char)*tok))
		return false;
	while (isdigit((unsigned char)*tok))
		tok++;
	return *tok == '.';
}

char *puzzle_twin_solution(const struct puzzle *p, int twin)
{
	const char *text = p->solution;
	if (!text)
		return NULL;
	bool labels = false;
	size_t len = strlen(text);
	/* pass 1: are there labels at all? pass 2: collect twin's segments */
	char *out = NULL;
	size_t outlen = 0;
	for (int pass = 0; pass < 2; pass++) {
		int owner = -1; /* before any label: the diagram */
		bool started = false;
		int depth = 0;
		struct solution_word w;
		for (size_t i = 0; solution_word(text, len, &i, &depth, &w);) {
			int l = w.comment ? -2 : label_of(p, text + w.at, w.len);
			if (l != -2) {
				labels = true;
				owner = l;
				started = false;
			} else if (pass == 1 && labels && owner == twin) {
				/* a word opening a comment is no move number either */
				if (!started && !w.comment && move_number(text + w.at))
					started = true;
				if (started) {
					char *n = realloc(out, outlen + w.len + 2);
					if (!n) {
						free(out);
						return NULL;
					}
					out = n;
					if (outlen)
						out[outlen++] = ' ';
					memcpy(out + outlen, text + w.at, w.len);
					outlen += w.len;
					out[outlen] = 0;
				}
			}
		}
		if (!labels)
			break;
	}
	if (!labels)
		return twin < 0 && !p->zero_position ? strdup(text) : NULL;
	return out;
}
