/*
** yaml_board.c -- the men of a position as a YAML puzzle lists them: algebraic:
** (Popeye's piece codes by colour, 'Kb4', fairy pieces noted as
** unsupported) and board: (a grid, read by games/grid.h).
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/grid.h"
#include "input/yaml_tree.h"
#include "notation/fairy.h"

struct decl {
	char code[3];       /* Popeye piece code, as written */
	const char *prefix; /* "Royal " etc., in the text parsed; prefix_len 0 when none */
	size_t prefix_len;
	char square[8]; /* as written, "b4" */
	int file, rank; /* may be off the board */
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
int yr_build_algebraic(struct ctx *c, const struct node *alg, struct setup *s)
{
	static const char *const colours[3] = {"white", "black", "neutral"};
	const struct game *g = c->p->game;
	bool occupied[MAX_RANKS][MAX_FILES] = {{false}};
	int complete = 1;

	if (!yr_want(c, alg, N_MAP, "algebraic") || !yr_no_duplicates(c, alg, "algebraic"))
		return -1;
	for (const struct node *k = alg->kids; k; k = k->next->next) {
		const struct node *list = k->next;
		int col = 0;
		while (col < 3 && strcmp(k->s, colours[col]) != 0)
			col++;
		if (col == 3) {
			yr_error(c, k, "unknown colour '%s' in algebraic (white, black, neutral)",
			         yr_quote(k->s).s);
			return -1;
		}
		char what[24];
		snprintf(what, sizeof what, "algebraic.%s", colours[col]);
		if (yr_is_null(list))
			continue;
		if (!yr_want(c, list, N_SEQ, what))
			return -1;
		if (list->n > MAX_PIECES) {
			yr_error(c, list, "more than %d pieces in %s", MAX_PIECES, what);
			return -1;
		}
		for (const struct node *e = list->kids; e; e = e->next) {
			struct decl d;
			if (e->type != N_SCALAR) {
				yr_error(c, e, "expected a string in '%s', got %s", what,
				         yr_tname(e->type));
				return -1;
			}
			if (!parse_decl(e->s, &d)) {
				yr_error(c, e,
				         "malformed piece '%s' in %s (a piece code and a square, "
				         "as in 'Kb4')",
				         yr_quote(e->s).s, what);
				return -1;
			}
			if (d.file >= g->files || d.rank < 0 || d.rank >= g->ranks) {
				yr_error(c, e, "square '%s' is off the %dx%d board", d.square,
				         g->files, g->ranks);
				return -1;
			}
			if (occupied[d.rank][d.file]) {
				yr_error(c, e, "two pieces on %s (%s)", d.square, what);
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
				yr_error(c, e, "out of memory");
				return -1;
			}
			char letter = orthodox_code(d.code);
			if (col == 2) {
				yr_unsupported(c, "neutral pieces are not supported ('%s' in %s)",
				               yr_quote(e->s).s, what);
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
				yr_unsupported(
				    c, "fairy piece '%.*s%s'%s at %s in %s%s", (int)d.prefix_len,
				    d.prefix, d.code, named, d.square, what,
				    n ? " (the knight is S in YACPDB's and Popeye's codes)" : "");
				complete = 0;
				continue;
			}
			letter = game_popeye_letter(g, letter, col);
			if (!letter) {
				yr_error(c, e,
				         "unknown piece letter '%s' in %s (no such piece in %s)",
				         d.code, what, g->id);
				return -1;
			}
			s->grid[d.rank][d.file] = letter;
		}
	}
	return complete;
}

/* board: one line per rank, top rank first, '.' empty (the games' grid
   reader, games/grid.h, with its wording). */
int yr_build_board(struct ctx *c, const struct node *b, struct setup *s)
{
	const struct game *g = c->p->game;
	if (!yr_want(c, b, N_SCALAR, "board"))
		return -1;
	if (!b->literal) {
		yr_error(
		    c, b,
		    "board: must be a literal block scalar ('board: |' and one line per rank)");
		return -1;
	}
	size_t len = strlen(b->s), at;
	char e[256];
	if (grid_read(g, &grid_board, b->s, len, s, &at, e, sizeof e) < 0) {
		if (at >= len) { /* too few ranks: the board */
			yr_error(c, b, "%s", e);
		} else {
			int lno, cno;
			yr_scalar_pos(c, b, at, &lno, &cno);
			yr_error_at(c, lno, cno, "%s", e);
		}
		return -1;
	}
	return 1;
}
