/*
** variations.c -- variations and duals of a solution tree, as the
** composer's filters and score count them (see compose.h, variations.h).
*/
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"
#include "compose/variations.h"
#include "notation/move_parse.h"
#include "solve/analysis.h"

/* A dual before the last move anywhere below node n. */
static bool has_duals(const struct analysis *a, int n)
{
	const struct tree_node *nodes = a->nodes;
	for (int c = nodes[n].child; c >= 0; c = nodes[c].sibling) {
		if (!nodes[n].by_solver && nodes[c].dual && nodes[c].moves_left > 1)
			return true;
		if (has_duals(a, c))
			return true;
	}
	return false;
}

/* A square of a canonical move (game.h's MOVE_CANONICAL: from+to, each
   square its file letters and rank digits) at *t, read as a file and a
   rank and passed; false when there is none. */
bool compose_canon_square(const char **t, int *file, int *rank)
{
	const char *q = *t;
	int f = 0, r = 0;
	for (; *q >= 'a' && *q <= 'z'; q++)
		f = f * 26 + (*q - 'a' + 1);
	if (q == *t || *q < '0' || *q > '9')
		return false;
	for (; *q >= '0' && *q <= '9'; q++)
		r = r * 10 + (*q - '0');
	*file = f;
	*rank = r;
	*t = q;
	return true;
}

/*
** Is the answer `win` to the defence `def` the answer `win2` to `def2`
** again: the same man (the same first square) answering the same
** defending man, and either landing as far from where that man went or
** taking it both times (`took`, `took2`)?  A man capturing on each square
** one rook of the defender goes to, the king taking the king on each
** square it steps to: one win repeated (issue 22: "6 variations that are
** one edge capture repeated").  Taking it is one win from whatever side:
** Tavlei's custodial capture (T6) lands beside the man it takes, on the
** side the man's flight leaves open, so a lone man fleeing along the edge
** is taken from the next file, the next rank or behind (stop 40's blind
** judges: "a rook sweep: one lone piece captured against the edge on every
** square it can reach", "the same e2 attacker each time").  The same man
** taking another man, or another man taking it, stays another win (the
** hammer and anvil that change places, marked 3 where the sweep had 2).
** Mates on other squares around the king stay different wins (E. Baird,
** BCM 1893: three queen mates after three king moves).
*/
static bool repeated_win(const char *def, const char *win, bool took, const char *def2,
                         const char *win2, bool took2)
{
	int d[4], w[4], d2[4], w2[4];
	if (!compose_canon_square(&def, &d[0], &d[1]) ||
	    !compose_canon_square(&def, &d[2], &d[3]) ||
	    !compose_canon_square(&win, &w[0], &w[1]) ||
	    !compose_canon_square(&win, &w[2], &w[3]) ||
	    !compose_canon_square(&def2, &d2[0], &d2[1]) ||
	    !compose_canon_square(&def2, &d2[2], &d2[3]) ||
	    !compose_canon_square(&win2, &w2[0], &w2[1]) ||
	    !compose_canon_square(&win2, &w2[2], &w2[3]))
		return false;
	if (d[0] != d2[0] || d[1] != d2[1] || w[0] != w2[0] || w[1] != w2[1])
		return false;
	return (took && took2) || (w[2] - d[2] == w2[2] - d2[2] && w[3] - d[3] == w2[3] - d2[3]);
}

/* Does the answer w to the defence d take the defending man: after both,
   its arrival square holds it no more (every game's captures: chess's on
   the square, Tavlei's custodial beside it)?  p: the position after the
   key; as it was on return.  undo: two records' room. */
static bool takes_defender(const struct game *g, void *p, const struct tree_node *d,
                           const struct tree_node *w, unsigned char *undo)
{
	int8_t sq[4];
	if (!g->move_squares || d->note.move == MOVE_NONE || w->note.move == MOVE_NONE)
		return false;
	g->move_squares(p, d->note.move, sq);
	if (sq[2] < 0 || sq[3] < 0)
		return false;
	struct setup before, after;
	g->make(p, d->note.move, undo);
	g->get_setup(p, &before);
	g->make(p, w->note.move, undo + MAX_UNDO_SIZE);
	g->get_setup(p, &after);
	g->unmake(p, w->note.move, undo + MAX_UNDO_SIZE);
	g->unmake(p, d->note.move, undo);
	char man = before.grid[sq[3]][sq[2]];
	return man != '.' && man && after.grid[sq[3]][sq[2]] != man;
}

/* compose_variations, and with by_men its variations after a man's
   defence (compose_variations_by_men).  g and pos may be NULL: a taking
   answer is then not known (repeated_win compares the squares alone). */
static int count_variations(const struct game *g, const void *pos, const struct analysis *a,
                            int *by_men)
{
	if (by_men)
		*by_men = 0;
	if (a->nkeys < 1 || a->key_nodes[0] < 0)
		return 0;
	const struct tree_node *nodes = a->nodes;
	const struct tree_node *key = &nodes[a->key_nodes[0]];
	/* the position after the key: who makes each defence, and which
	   answers take the defending man; the undo records on the heap, two
	   for takes_defender's moves after the key's (tools/fixed_arrays.txt
	   lists the stack buffers) */
	struct setup after;
	_Alignas(16) unsigned char p[MAX_POS_SIZE];
	unsigned char *undo = g && pos ? malloc(3 * (size_t)MAX_UNDO_SIZE) : NULL;
	if (undo) {
		memcpy(p, pos, g->pos_size);
		g->make(p, key->note.move, undo + 2 * MAX_UNDO_SIZE);
		g->get_setup(p, &after);
	}
	/* each variation seen: the defence, its continuation, and whether
	   that takes the defending man */
	const char *seen_def[MAX_MOVES], *seen[MAX_MOVES];
	bool seen_took[MAX_MOVES];
	int nseen = 0, threats = 0;
	/* threat moves first: they are the "unchanged" continuation */
	for (int c = key->child; c >= 0 && nseen < MAX_MOVES; c = nodes[c].sibling)
		if (nodes[c].threat) {
			seen_def[nseen] = NULL;
			seen_took[nseen] = false;
			seen[nseen++] = nodes[c].note.canon;
		}
	threats = nseen;
	for (int d = key->child; d >= 0; d = nodes[d].sibling) {
		if (nodes[d].threat || nodes[d].covered)
			continue;
		int c = nodes[d].child;
		/* a defence with dual answers shows no particular continuation */
		if (c < 0 || nodes[c].sibling >= 0 || has_duals(a, c))
			continue;
		const char *def = nodes[d].note.canon, *win = nodes[c].note.canon;
		bool took = undo && takes_defender(g, p, &nodes[d], &nodes[c], undo);
		/* the same move as another continuation (the threat's, another
		   defence's), or another's win again (repeated_win): one win,
		   not another variation */
		bool known = false;
		for (int i = 0; i < nseen && !known; i++)
			known = strcmp(seen[i], win) == 0 ||
			        (i >= threats &&
			         repeated_win(seen_def[i], seen[i], seen_took[i], def, win, took));
		if (!known && nseen < MAX_MOVES) {
			seen_def[nseen] = def;
			seen_took[nseen] = took;
			seen[nseen++] = win;
			int f, r;
			if (by_men && undo && square_parse(def, g->files, g->ranks, &f, &r) > 0 &&
			    !game_is_royal(g, after.grid[r][f]))
				(*by_men)++;
		}
	}
	free(undo);
	return nseen - threats;
}

int compose_variations(const struct game *g, const void *pos, const struct analysis *a)
{
	return count_variations(g, pos, a, NULL);
}

int compose_variations_by_men(const struct game *g, const void *pos, const struct analysis *a,
                              int *by_men)
{
	return count_variations(g, pos, a, by_men);
}

bool compose_main_line_duals(const struct analysis *a)
{
	if (a->nkeys < 1 || a->key_nodes[0] < 0)
		return false;
	int threats = 0, threat = -1;
	for (int c = a->nodes[a->key_nodes[0]].child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].threat) {
			threats++;
			threat = c;
		}
	return threats > 1 || (threat >= 0 && has_duals(a, threat));
}

/* A dual in the play after the key: two threats, or a defence shown (not
   covered) answered more than one way, or with a dual further down. */
static bool play_duals(const struct analysis *a)
{
	if (compose_main_line_duals(a))
		return true;
	const struct tree_node *nodes = a->nodes;
	for (int d = nodes[a->key_nodes[0]].child; d >= 0; d = nodes[d].sibling) {
		if (nodes[d].threat || nodes[d].covered)
			continue;
		int c = nodes[d].child;
		if (c >= 0 && (nodes[c].sibling >= 0 || has_duals(a, c)))
			return true;
	}
	return false;
}

bool compose_duals_ok(const struct analysis *a, enum compose_duals level)
{
	switch (level) {
	case DUALS_PLAY:
		return a->nkeys < 1 || a->key_nodes[0] < 0 || !play_duals(a);
	case DUALS_ANY:
		return true;
	case DUALS_MAIN:
		return !compose_main_line_duals(a);
	case DUALS_STRICT:
		return a->duals == 0 && !compose_main_line_duals(a);
	case DUALS_NONE:
		return a->duals == 0 && a->last_move_duals == 0 && !compose_main_line_duals(a);
	}
	return false;
}
