/*
** yaml.c -- read puzzles from YAML: YACPDB/Olive entries as they are
** written in the wild, plus maat's own fields (game:, fen:, otn:, board:,
** to-move:, rules:, ...).  The format is described in maat-puzzle(5).
**
** This module: the fields of one document made into one puzzle, in their
** order (the game first: the position and the rules depend on it; the
** options and stipulation before the position; the twins last).  The
** document's tree comes from yaml_stream.c; each part is read by its
** module (yaml_tree.h lists them).
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/yaml_tree.h"

/* In enum order; after the used ones, YACPDB fields maat reads past. */
const char *const yr_field_names[NFIELDS + 1] = {
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

_Static_assert(sizeof yr_field_names / sizeof yr_field_names[0] == NFIELDS + 1,
               "NFIELDS counts the names");

static int side_of(const struct game *g, const char *s)
{
	for (int i = 0; i < 2; i++)
		if ((g->side_word[i] && strcasecmp(s, g->side_word[i]) == 0) ||
		    (g->side_name[i] && strcasecmp(s, g->side_name[i]) == 0))
			return i;
	return -1;
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
	return q < eol && *q == '#' && q > colon + 1 ? input_columns(t, (size_t)(q - t)) + 1 : 0;
}

static void stipulation(struct ctx *c, const struct node *key, const struct node *n)
{
	struct puzzle *p = c->p;
	char e[256];
	if (key && yr_is_null(n) && n && !n->len) {
		int col = comment_after_key(c, key);
		if (col) {
			yr_error_at(
			    c, key->line, col,
			    "stipulation: unquoted, '#' starts a YAML comment and the value is "
			    "empty: quote it, as in stipulation: \"#2\"");
			return;
		}
	}
	const char *s = yr_str(c, n, "stipulation");
	if (!s)
		return;
	int r = stip_parse(s, &p->stip, e, sizeof e);
	if (r == -2) {
		yr_unsupported(c, "%s", e);
	} else if (r < 0) {
		yr_error(c, n, "stipulation: %s", e);
	} else {
		p->has_stip = true;
		if (c->white_to_play && !stip_white_to_play(&p->stip))
			yr_warning(c, n,
			           "option WhiteToPlay applies to help play in whole moves (h#N): "
			           "ignored, as Popeye does");
	}
}

static int field_index(const char *name)
{
	for (int i = 0; yr_field_names[i]; i++)
		if (strcmp(yr_field_names[i], name) == 0)
			return i;
	return -1;
}

void yr_interpret(struct loader *L, const struct node *root)
{
	struct puzzle *p = input_new_puzzle(&L->r, L->doc_line);
	if (!p)
		return;
	struct ctx cx = {.L = L, .p = p, .named_side = -1}, *c = &cx;
	struct fields f;

	memset(&f, 0, sizeof f);
	if (root->type != N_MAP) {
		yr_error(c, root, "expected a mapping of fields for a puzzle, got %s",
		         yr_tname(root->type));
		return;
	}
	for (const struct node *k = root->kids; k; k = k->next->next) {
		if (k->type != N_SCALAR) {
			yr_error(c, k, "expected a field name, got %s", yr_tname(k->type));
			return;
		}
	}
	struct dup d = {NULL, ""};
	yr_find_dup(L, root, "", &d);
	if (d.key) {
		yr_error(c, d.key, "duplicate field '%s'", yr_quote(d.path).s);
		return;
	}
	for (const struct node *k = root->kids; k; k = k->next->next) {
		int i = field_index(k->s);
		if (i >= 0) {
			f.key[i] = k;
			f.val[i] = k->next;
		} else {
			yr_warning(c, k, "unknown field '%s' (ignored)", yr_quote(k->s).s);
		}
	}

	/* the game first: the position and the rules depend on it */
	const char *id = yr_str(c, f.val[F_GAME], "game");
	if (id) {
		const struct game *g = game_find(id);
		if (!g) {
			char ids[256];
			game_ids(ids, sizeof ids);
			yr_error(c, f.val[F_GAME], "unknown game '%s' (games: %s)", yr_quote(id).s,
			         ids);
			return;
		}
		p->game = g;
	} else if (p->error) {
		return;
	}

	/* metadata */
	p->title = yr_dup_str(c, f.val[F_TITLE], "title");
	yr_authors(c, f.val[F_AUTHORS]);
	yr_source(c, f.val[F_SOURCE], f.val[F_DATE], f.val[F_SOURCE_ID]);
	yr_award(c, f.val[F_AWARD], f.val[F_DISTINCTION]);
	yr_comment_fields(c, f.val[F_COMMENTS]);
	p->solution = yr_dup_str(c, f.val[F_SOLUTION], "solution");
	/* a solution of blanks and line ends says nothing: none, as the
	   writers treat it (a YACPDB block of blank lines reads back empty) */
	if (p->solution && !p->solution[strspn(p->solution, " \t\r\n")]) {
		free(p->solution);
		p->solution = NULL;
	}
	p->intended = yr_dup_str(c, f.val[F_INTENDED], "intended-solutions");
	const char *style = yr_str(c, f.val[F_CAPTION_STYLE], "caption-style");
	if (style && strcmp(style, "seed") == 0)
		p->caption_style = yr_xstrdup(L, "seed");
	else if (style && strcmp(style, "plain") != 0)
		yr_error(c, f.val[F_CAPTION_STYLE],
		         "caption-style must be 'seed' or 'plain', got '%s'", yr_quote(style).s);
	if (yr_str_list(c, f.val[F_KEYWORDS], "keywords", &p->keywords, &p->nkeywords) != 0) {
		yr_free_strs(p->keywords, p->nkeywords);
		p->keywords = NULL;
		p->nkeywords = 0;
	}

	c->white_to_play = yr_has_option(f.val[F_OPTIONS], PO_WHITE_TO_PLAY);
	c->some_duplex = yr_has_option(f.val[F_OPTIONS], PO_DUPLEX) ||
	                 yr_has_option(f.val[F_OPTIONS], PO_HALF_DUPLEX);
	yr_option_en_passant(f.val[F_OPTIONS], c->option_ep);
	stipulation(c, f.key[F_STIPULATION], f.val[F_STIPULATION]);

	int to_move = -1;
	const char *tm = yr_str(c, f.val[F_TO_MOVE], "to-move");
	if (tm && (to_move = side_of(p->game, tm)) < 0)
		yr_error(c, f.val[F_TO_MOVE], "to-move must be '%s' or '%s', got '%s'",
		         p->game->side_word[0], p->game->side_word[1], yr_quote(tm).s);
	if (!p->error && p->game->parse)
		yr_position(c, &f, to_move);
	else if (!p->game->parse)
		yr_error(c, NULL, "game '%s' is not available yet", p->game->id);
	yr_rules(c, &f);

	yr_options(c, f.val[F_OPTIONS]);
	yr_twins(c, f.val[F_TWINS]);
	yr_build_twins(c, &f);
	yr_solution_labels(c, f.val[F_SOLUTION]);
}
