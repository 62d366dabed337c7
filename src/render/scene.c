/*
** scene.c -- from a puzzle to a diagram: the board as the game describes
** it, caption strings, marked squares, and arrows: the key maat's solver
** proved, or the key or main line read from the file's claimed solution.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textsafe.h"
#include "notation/fairy.h"
#include "notation/move_parse.h"
#include "render/caption.h"
#include "render/render.h"

/* The side a man belongs to, as the game's piece table says. */
static int render_man_side(const struct diagram *d, char letter)
{
	int side = game_letter_side(d->game, letter);
	return side < 0 ? 0 : side;
}

bool render_drawable(const struct puzzle *p)
{
	return p->has_position || (p->nmen > 0 && p->game && p->game->get_setup);
}

/* The men of a position maat holds, as the game's piece table draws them. */
static void held_men(struct diagram *d, const struct puzzle *p)
{
	const struct game *g = p->game;
	g->get_setup(p->pos, &d->setup);
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = d->setup.grid[r][f];
			const struct piece_kind *k = c && c != '.' ? game_piece(g, c) : NULL;
			if (!k)
				continue;
			char glyph = (char)tolower((unsigned char)k->glyph);
			if (k->glyph == 't' || k->glyph == 'T')
				glyph = k->glyph;
			else if (!strchr("kqrbnp", glyph))
				continue;
			d->man[r][f] = (struct render_man){
			    glyph, (unsigned char)render_man_side(d, c), TURN_UPRIGHT};
		}
}

/* The men as the file sets them up (a position maat does not hold: fairy
   men, neutrals), drawn as notation/fairy.h says; a walk Popeye has no
   code for is a circle. */
static void file_men(struct diagram *d, const struct puzzle *p)
{
	const struct game *g = p->game;
	for (int i = 0; i < p->nmen; i++) {
		const struct puzzle_man *m = &p->men[i];
		if (m->file < 0 || m->rank < 0 || m->file >= g->files || m->rank >= g->ranks)
			continue;
		const struct fairy_walk *w = fairy_walk_find(m->code, strlen(m->code));
		struct render_man *dm = &d->man[m->rank][m->file];
		dm->glyph = w ? w->glyph : 'c';
		dm->turn = (unsigned char)(w ? w->turn : TURN_UPRIGHT);
		dm->side = m->colour == MAN_NEUTRAL ? SIDE_NEUTRAL
		           : m->colour == MAN_BLACK ? SIDE_BLACK
		                                    : SIDE_WHITE;
	}
	d->fairy = true;
}

static int parse_marks(struct diagram *d, const char *list, char *err, size_t errlen)
{
	const struct game *g = d->game;
	const char *s = list;
	while (s && *s) {
		int f, r;
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		int used = square_parse(s, g->files, g->ranks, &f, &r);
		if (used < 0 || (size_t)used != n) {
			snprintf(err, errlen, "--mark: '%.*s' is not a square of the %dx%d board",
			         (int)n, s, g->files, g->ranks);
			return -1;
		}
		d->mark[r][f] = true;
		s = end ? end + 1 : NULL;
	}
	return 0;
}

/* From and to squares of m, read from its canonical spelling ("e2e4", "e7e8q"). */
static int move_squares(const struct game *g, const void *pos, move_t m, struct render_arrow *a)
{
	char buf[64];
	g->move_text(pos, m, MOVE_CANONICAL, buf, sizeof buf);
	int n = square_parse(buf, g->files, g->ranks, &a->from_file, &a->from_rank);
	if (n < 0 || square_parse(buf + n, g->files, g->ranks, &a->to_file, &a->to_rank) < 0)
		return -1;
	return 0;
}

static bool only_decoration_n(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!t[i] || !strchr("+#!?", t[i]))
			return false;
	return true;
}

static bool only_decoration(const char *t)
{
	return only_decoration_n(t, strlen(t));
}

/*
** Where the claimed key starts: the first "1.X" marked "!" ("1.Rh1!",
** Popeye's "1.Sf2-g4 + !"), so that tries written before it ("1.Rd1? but
** 1...Kd5!") are passed over; a solution that marks nothing starts at its
** beginning.
*/
static const char *claimed_key(const char *s)
{
	for (const char *t = s; *t;) {
		while (isspace((unsigned char)*t))
			t++;
		const char *tok = t;
		while (*t && !isspace((unsigned char)*t))
			t++;
		if (tok[0] != '1' || tok[1] != '.' || tok[2] == '.' || !tok[2])
			continue;
		/* the mark on the move itself, or in a token after it ("+ !") */
		bool key = t[-1] == '!';
		for (const char *u = t; !key && *u;) {
			while (isspace((unsigned char)*u))
				u++;
			const char *v = u;
			while (*u && !isspace((unsigned char)*u))
				u++;
			if (u == v || !only_decoration_n(v, (size_t)(u - v)))
				break;
			key = memchr(v, '!', (size_t)(u - v)) != NULL;
		}
		if (key)
			return tok;
	}
	return s;
}

/*
** Walk the claimed solution: "1.Rh1! Kg8 2.Rh8#", Popeye's "1.Sf2-g4 + !".
** Move numbers are stripped; a number going back (a new variation), a comment
** or anything that is not a legal move ends the line.  The key alone for
** ARROWS_CLAIMED.
*/
static void solution_arrows(struct diagram *d, const struct puzzle *p, const struct render_opts *o)
{
	const struct game *g = p->game;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	int last_number = 0;
	if (!p->solution || (o->arrows != ARROWS_CLAIMED && o->arrows != ARROWS_SOLUTION) ||
	    !g->gen_moves || !g->make || !p->has_position)
		return; /* (a fairy position: maat cannot read its moves) */
	/* the diagram's own part of a twin problem's solution ("a) ...") */
	char *own = puzzle_twin_solution(p, -1);
	if (!own)
		return;
	/* both from the key on, as maat(1) says: set play ("Set play:",
	   "1...Kc3-d4 2.Qb2#") and tries written before the key are no main line */
	const char *s = claimed_key(own);
	memcpy(pos, p->pos, g->pos_size);
	while (*s && d->narrows < RENDER_MAX_ARROWS) {
		char tok[64], err[128];
		size_t n = 0;
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '{' || *s == '(' || *s == '[')
			break;
		while (s[n] && !isspace((unsigned char)s[n]))
			n++;
		if (n >= sizeof tok)
			break; /* no move is this long: cut short, it might read as one */
		snprintf(tok, sizeof tok, "%.*s", (int)n, s);
		s += n;
		char *t = tok;
		if (isdigit((unsigned char)*t)) {
			int number = 0;
			/* saturated: "12222222222." overflowed an int (found by fuzzing) */
			for (; isdigit((unsigned char)*t); t++)
				number = number < 100000 ? number * 10 + (*t - '0') : number;
			if (*t != '.')
				break;
			while (*t == '.')
				t++;
			if (number < last_number)
				break;
			last_number = number;
		}
		if (only_decoration(t))
			continue;
		/* (long or short algebraic: notation/move_parse.h's one reader) */
		move_t m = game_parse_move(g, pos, t, err, sizeof err);
		struct render_arrow *a = &d->arrows[d->narrows];
		if (m == MOVE_NONE || move_squares(g, pos, m, a) < 0) {
			if (d->narrows == 0 && o->warn)
				fprintf(o->warn, "maat: %s:%d: no arrow: key '%s': %s\n",
				        p->file ? p->file : "-", p->line, t, err);
			break;
		}
		a->side = g->side_to_move(pos);
		d->narrows++;
		if (o->arrows == ARROWS_CLAIMED)
			break;
		g->make(pos, m, undo);
	}
	free(own);
}

/* The key the solver proved, when it proved the problem sound. */
static void proved_arrow(struct diagram *d, const struct puzzle *p, const struct render_opts *o)
{
	const struct render_proof *pr = d->proof;
	if (o->arrows != ARROWS_KEY)
		return;
	if (!pr || !pr->sound || pr->key == MOVE_NONE) {
		if (o->warn)
			text_fprintf(o->warn, "maat: %s:%d: no arrow: %s\n",
			             p->file ? p->file : "-", p->line,
			             !pr || !pr->solved ? "the key was not proved in this run"
			             : pr->verdict      ? pr->verdict
			                                : "no key proved");
		return;
	}
	struct render_arrow *a = &d->arrows[0];
	if (move_squares(p->game, p->pos, pr->key, a) < 0)
		return;
	a->side = p->game->side_to_move(p->pos);
	d->narrows = 1;
}

int render_diagram_build_proved(const struct render_ctx *ctx, const struct puzzle *p,
                                const struct render_proof *proof, int number,
                                const struct render_opts *o, struct diagram *d, char *err,
                                size_t errlen)
{
	(void)ctx;
	const struct game *g = p->game;
	memset(d, 0, sizeof *d);
	if (!g || !g->get_setup) {
		snprintf(err, errlen, "game '%s' cannot be drawn yet", g && g->id ? g->id : "?");
		return -1;
	}
	if (!p->has_position && !render_drawable(p)) {
		snprintf(err, errlen, "no position to draw");
		return -1;
	}
	d->game = g;
	d->puzzle = p;
	d->proof = proof && proof->solved ? proof : NULL;
	d->number = number;
	d->tafl = g->board == BOARD_TAFL;
	if (p->has_position)
		held_men(d, p);
	else
		file_men(d, p);
	if (parse_marks(d, o->marks, err, errlen) < 0)
		return -1;
	render_caption_build(d, p, number, o);
	solution_arrows(d, p, o);
	proved_arrow(d, p, o);
	return 0;
}

int render_diagram_build(const struct render_ctx *ctx, const struct puzzle *p, int number,
                         const struct render_opts *o, struct diagram *d, char *err, size_t errlen)
{
	return render_diagram_build_proved(ctx, p, NULL, number, o, d, err, errlen);
}

void render_diagram_skipped(const struct puzzle *p, int number, const char *reason,
                            struct diagram *d)
{
	memset(d, 0, sizeof *d);
	d->puzzle = p;
	d->game = p->game;
	d->number = number;
	d->skipped = true;
	render_copy_text(d->reason, sizeof d->reason, reason);
	char head[RENDER_LINE + 16];
	snprintf(head, sizeof head, "%.0d%s%s", number, number > 0 && p->title ? ". " : "",
	         p->title ? p->title : "");
	render_copy_text(d->head[0], sizeof d->head[0], head);
	d->nhead = d->head[0][0] != 0;
	char title[sizeof d->head[0] + sizeof d->reason + 16];
	snprintf(title, sizeof title, "%s%snot drawn: %s", d->head[0], d->nhead ? ": " : "",
	         d->reason);
	render_copy_text(d->title, sizeof d->title, title);
}
