/*
** yaml_position.c -- a YAML puzzle's position from its fields: exactly one of fen:,
** otn:, algebraic:, board:, with to-move:, castling: and en-passant:, the
** side that moves first by the stipulation, Duplex's en passant square;
** then rules: (a game's rule options), on the diagram and each twin.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "input/yaml_tree.h"

/* Games that take Popeye's algebraic: and FEN (their pieces have Popeye codes). */
static bool chess_set(const struct game *g)
{
	return (g->notation & SETUP_FEN) != 0;
}

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
		yr_error(c, at ? at : f->val[F_STIPULATION], "%s", e);
	}
	return first;
}

/*
** What a game's setup() or parse() answered (rc, its message e): a board
** maat does not play (-2, chess without a king) is unsupported, another
** fault an error at `at`; what it dropped (castling rights) a warning at
** `warn_at`.  True when the position stands.
*/
static bool position_made(struct ctx *c, int rc, const char *e, const struct node *at,
                          const struct node *warn_at)
{
	if (rc == -2) {
		yr_unsupported(c, "%s", e);
		return false;
	}
	if (rc != 0) {
		yr_error(c, at, "position: %s", e);
		return false;
	}
	if (e[0])
		yr_warning(c, warn_at, "position: %s", e);
	return true;
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
	if (position_made(c, rc, e, at, f->key[F_CASTLING] ? f->key[F_CASTLING] : at))
		p->has_position = true;
}

void yr_position(struct ctx *c, const struct fields *f, int to_move)
{
	static const int srcs[4] = {F_ALGEBRAIC, F_FEN, F_OTN, F_BOARD};
	struct puzzle *p = c->p;
	const struct game *g = p->game;
	char e[256];
	int given = -1;

	for (int i = 0; i < 4; i++) {
		int k = srcs[i];
		const struct node *v = f->val[k];
		bool empty = yr_is_empty(v);
		if (!empty && k == F_ALGEBRAIC && v->type == N_MAP) {
			empty = true; /* Olive's placeholder: no piece in any list */
			for (const struct node *kk = v->kids; kk; kk = kk->next->next)
				if (!yr_is_empty(kk->next))
					empty = false;
		}
		if (empty)
			continue;
		if (given >= 0) {
			yr_error(c, f->key[k], "two positions: %s: and %s: (give exactly one)",
			         yr_field_names[given], yr_field_names[k]);
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
			const struct node *at =
			    f->val[k] && f->val[k]->line ? f->val[k] : f->key[k];
			if (k == F_ALGEBRAIC)
				yr_error(c, at,
				         "algebraic: holds no men: no position (give them as "
				         "white: [Ke1, "
				         "...] and black: [...], or give fen:)");
			else
				yr_error(c, at, "%s: is empty: no position", yr_field_names[k]);
			return;
		}
		yr_error(c, NULL, "no position (give algebraic:, fen:, otn: or board:)");
		return;
	}
	bool cs = chess_set(g);
	if (!cs && (given == F_ALGEBRAIC || given == F_FEN)) {
		yr_error(c, f->key[given], "%s positions are given with otn: or board:", g->id);
		return;
	}
	if (cs && given == F_OTN) {
		yr_error(c, f->key[given],
		         "otn: is for tafl positions; %s positions are given "
		         "with fen:, algebraic: or board:",
		         g->id);
		return;
	}

	const char *castling = NULL, *ep = NULL;
	for (int k = F_CASTLING; k <= F_EN_PASSANT; k++) {
		const char *v = yr_str(c, f->val[k], yr_field_names[k]);
		if (!v)
			continue;
		if (!(g->notation & SETUP_RETRO)) {
			yr_error(c, f->key[k], "%s: is only for chess", yr_field_names[k]);
			return;
		}
		if (given == F_FEN) {
			yr_error(c, f->key[k], "%s: does not go with fen: (the FEN says it)",
			         yr_field_names[k]);
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
			yr_error(c, f->val[k], "castling must be '-' or letters from %s, got '%s'",
			         rights, yr_quote(v).s);
			return;
		}
		if (k == F_EN_PASSANT && strcmp(v, "-") != 0 &&
		    square_parse(v, g->files, g->ranks, &fl, &rk) != (int)strlen(v)) {
			yr_error(c, f->val[k], "en-passant must be '-' or a square, got '%s'",
			         yr_quote(v).s);
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
		if (!yr_want(c, val, N_SCALAR, yr_field_names[given]))
			return;
		if (given == F_FEN && c->some_duplex && g->read_setup) {
			/* its en passant square may be Duplex's parts' (make_position):
			   the FEN read into a setup and made as algebraic: is */
			if (g->read_setup(val->s, &s, e, sizeof e) != 0) {
				yr_error(c, val, "position: %s", e);
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
		if (!position_made(c, g->parse(p->pos, val->s, e, sizeof e), e, val, val))
			return;
		/* to-move: overrides the string's side to move */
		c->named_side = to_move >= 0 ? to_move : g->side_to_move(p->pos);
		int first = first_mover(c, f, c->named_side);
		if (first < 0)
			return;
		if (g->side_to_move(p->pos) != first) {
			g->get_setup(p->pos, &s);
			s.side_to_move = first;
			if (g->setup(p->pos, &s, e, sizeof e) != 0) {
				yr_error(c, f->key[F_TO_MOVE] ? f->key[F_TO_MOVE] : val,
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
	int r = given == F_ALGEBRAIC ? yr_build_algebraic(c, val, &s) : yr_build_board(c, val, &s);
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

void yr_rules(struct ctx *c, const struct fields *f)
{
	const struct node *n = f->val[F_RULES];
	struct puzzle *p = c->p;
	char e[256];
	if (yr_is_empty(n) || !yr_want(c, n, N_MAP, "rules") || !yr_no_duplicates(c, n, "rules"))
		return;
	if (!p->game->set_rule || !p->game->rules) {
		yr_error(c, f->key[F_RULES], "%s has no rule options", p->game->id);
		return;
	}
	struct strbuf text = STRBUF_INIT; /* the rules not at their default */
	for (const struct node *k = n->kids; k; k = k->next->next) {
		const struct node *v = k->next;
		if (v->type != N_SCALAR) {
			strbuf_free(&text);
			yr_error(c, v, "expected a string for 'rules.%s', got %s", yr_quote(k->s).s,
			         yr_tname(v->type));
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
			yr_error(c, k, "unknown rule '%s' for %s (%s)", yr_quote(k->s).s,
			         p->game->id, names);
			strbuf_free(&text);
			return;
		}
		if (p->has_position && p->game->set_rule(p->pos, k->s, v->s, e, sizeof e) != 0) {
			yr_error(c, v, "rules: %s", e);
			strbuf_free(&text);
			return;
		}
		if (strcmp(v->s, o->default_value) != 0)
			describe_rule(&text, o->name, v->s);
	}
	if (strbuf_failed(&text))
		c->L->r.oom = true;
	else if (text.len)
		p->rules_text = strbuf_take(&text);
	strbuf_free(&text);
}

/* The rules: of a puzzle, already checked by yr_rules(), on a twin's position. */
void yr_rules_on(struct ctx *c, const struct fields *f, void *pos)
{
	const struct node *n = f->val[F_RULES];
	char e[256];
	if (yr_is_empty(n) || n->type != N_MAP || !c->p->game->set_rule)
		return;
	for (const struct node *k = n->kids; k; k = k->next->next)
		if (k->next->type == N_SCALAR)
			c->p->game->set_rule(pos, k->s, k->next->s, e, sizeof e);
}
