/*
** yaml_options.c -- options: (Popeye's options, model/options.h): kept on the puzzle,
** fairy conditions noted, and the few read before the rest (WhiteToPlay,
** Duplex, EnPassant's square) for the stipulation and the position.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/yaml_tree.h"

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
			col += input_columns(e->s, at);
		size_t n = strcspn(e->s + at, " \t\r\n");
		if (n)
			yr_error_at(c, e->line, col, "options: %s, got '%s'", msg,
			            input_quote(e->s + at, n).s);
		else
			yr_error_at(c, e->line, col, "options: %s", msg);
	}
	return rc;
}

/* The entries of the options: list that are strings (NULL when none). */
static const struct node *option_entries(const struct node *n, int *count)
{
	*count = 0;
	if (yr_is_null(n) || n->type == N_MAP)
		return NULL;
	*count = n->type == N_SCALAR ? 1 : n->n;
	return n->type == N_SCALAR ? n : n->kids;
}

/* The options: list's EnPassant square (the one passed), "" when none:
   "EnPassant f6" as Olive and YACPDB keep it, or the pawn's three squares
   "f7f6f5" (or "f7 f6 f5"). */
void yr_option_en_passant(const struct node *n, char ep[3])
{
	int count;
	const struct node *e = option_entries(n, &count);
	ep[0] = 0;
	for (int k = 0; e && k < count; e = e->next, k++) {
		struct puzzle_option o;
		if (e->type == N_SCALAR && !yr_is_null(e) &&
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
	if (puzzle_add_condition(c->p, text) != 0)
		yr_error(c, NULL, "out of memory");
}

void yr_options(struct ctx *c, const struct node *n)
{
	struct puzzle *p = c->p;
	int count;
	const struct node *e = option_entries(n, &count);
	if (!yr_is_null(n) && n->type == N_MAP) {
		yr_error(c, n, "expected a sequence for 'options', got a mapping");
		return;
	}
	for (int k = 0; e && k < count; e = e->next, k++) {
		if (e->type != N_SCALAR) {
			yr_error(c, e, "expected a string in 'options', got %s", yr_tname(e->type));
			return;
		}
		if (yr_is_null(e) || !e->len)
			continue;
		struct puzzle_option o;
		int rc = read_option(c, e, &o, true);
		if (rc == OPTION_BAD)
			continue; /* the error said */
		if (rc == OPTION_NONE) {
			yr_unsupported(c, "fairy condition '%s' is not supported",
			               yr_quote(e->s).s);
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
			yr_unsupported(c, "option '%s' is not supported%s: %s", text, hint,
			               in->popeye);
		}
		const char *na = p->has_stip ? option_not_applicable(&o, &p->stip) : NULL;
		if (na)
			yr_warning(c, e, "%s", na);
		if (puzzle_add_option(p, &o) < 0) {
			c->L->r.oom = true;
			return;
		}
	}
}

/* Does the options: list hold WhiteToPlay?  Read before the stipulation,
   which it changes (the list itself is read later, by yr_options()). */
/* Does the options: list hold option id (read before the options are, for
   what the position and stipulations need to know first)? */
bool yr_has_option(const struct node *n, enum popeye_option id)
{
	int count;
	const struct node *e = option_entries(n, &count);
	for (int k = 0; e && k < count; e = e->next, k++) {
		struct puzzle_option o;
		if (e->type == N_SCALAR && !yr_is_null(e) &&
		    read_option(NULL, e, &o, false) == OPTION_OK && o.id == id)
			return true;
	}
	return false;
}
