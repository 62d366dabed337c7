/*
** solution_walk.c -- the walk through a solution tree that the text and
** the magazine format share (solution_walk.h).
*/
#include <string.h>

#include "output/solution_walk.h"
#include "base/textsafe.h"

bool walk_shown(const struct tree_node *d)
{
	return !d->threat && !d->covered && !d->refutes;
}

bool walk_leaf(const struct tree_node *t)
{
	return t->ends || t->child < 0;
}

bool walk_has_play(const struct analysis *a, int id)
{
	bool play = false;
	if (id >= 0)
		for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
			play |= walk_shown(&a->nodes[c]) || a->nodes[c].threat;
	return play;
}

bool walk_zugzwang(const struct analysis *a, const struct tree_node *t, int threats)
{
	return threats == 0 && !a->no_threats && t->moves_left > 1 &&
	       !strchr(t->note.text + t->note.mark, '+');
}

void walk_line(const struct walk *w, int depth)
{
	fputs(w->margin, w->f);
	for (int i = 0; i < depth; i++)
		fputs("    ", w->f);
}

/* Node c (a child of parent) as the style writes it. */
static void put_move(struct walk *w, int parent, int c)
{
	char m[96];
	w->style->move(w, parent, c, m, sizeof m);
	text_fprintf(w->f, "%s", m);
}

void walk_solver(struct walk *w, int parent, int id, int movenum, int depth)
{
	fprintf(w->f, "%d.", movenum);
	put_move(w, parent, id);
	walk_play_after(w, id, movenum, depth);
}

void walk_answers(struct walk *w, int d, int movenum, int depth)
{
	const struct analysis *a = w->a;
	int n = 0, first = -1;
	bool leaves = true;
	for (int c = a->nodes[d].child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver) {
			n++;
			leaves &= walk_leaf(&a->nodes[c]);
			if (first < 0)
				first = c;
		}
	if (n == 0) {
		fputc('\n', w->f);
	} else if (n == 1) {
		fputc(' ', w->f);
		walk_solver(w, d, first, movenum, depth);
	} else if (leaves) {
		w->style->duals(w, d, first, movenum);
	} else {
		/* duals with play of their own: each on its line */
		fputc('\n', w->f);
		for (int c = first; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].by_solver) {
				walk_line(w, depth + 1);
				walk_solver(w, d, c, movenum, depth + 1);
			}
	}
}

void walk_play_after(struct walk *w, int id, int movenum, int depth)
{
	const struct analysis *a = w->a;
	FILE *f = w->f;
	const struct tree_node *t = &a->nodes[id];
	if (walk_leaf(t)) {
		fputc('\n', f);
		return;
	}
	int threats = 0, defences = 0, one = -1;
	bool threat_leaves = true, all_end = true;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling) {
		const struct tree_node *k = &a->nodes[c];
		if (k->threat) {
			threats++;
			threat_leaves &= walk_leaf(k);
		} else if (walk_shown(k)) {
			defences++;
			all_end &= k->ends;
			one = c;
		}
	}
	bool open = true, zugzwang = false;
	if (walk_zugzwang(a, t, threats)) {
		fputs(w->style->zugzwang, f);
		zugzwang = true;
	}
	if (threats == 1) {
		/* the threat goes on the line, its play under it */
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				fputs(" threat: ", f);
				walk_solver(w, id, c, movenum + 1, depth + 1);
			}
		open = false;
	} else if (threats > 1 && threat_leaves) {
		fputs(" threat:", f);
		int i = 0;
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				fprintf(f, "%s %d.", i++ ? "," : "", movenum + 1);
				put_move(w, id, c);
			}
	} else if (threats > 1) {
		fputs(" threat:\n", f);
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				walk_line(w, depth + 2);
				walk_solver(w, id, c, movenum + 1, depth + 2);
			}
		open = false;
	}
	if (defences == 0) {
		if (open)
			fputc('\n', f);
		return;
	}
	if (open && defences == 1 && threats == 0) {
		/* a lone defence stays on the line: "2.Qc5+ Ke4 3.Qe5#" */
		if (zugzwang && w->style->number_after_zugzwang)
			fprintf(f, ", %d...", movenum);
		else
			fputc(' ', f);
		put_move(w, id, one);
		walk_answers(w, one, movenum + 1, depth);
		return;
	}
	if (open && all_end && t->moves_left <= 1) {
		/* self and reflex play's forced last replies */
		int i = 0;
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (walk_shown(&a->nodes[c])) {
				fputs(i++ ? ", " : " ", f);
				put_move(w, id, c);
			}
		fputc('\n', f);
		return;
	}
	if (open)
		fputc('\n', f);
	w->style->defences(w, id, movenum, depth);
}

void walk_key(struct walk *w, int k, const char *first)
{
	const struct analysis *a = w->a;
	int id = a->key_nodes ? a->key_nodes[k] : -1;
	walk_line(w, 0);
	text_fprintf(w->f, "1.%s!", first);
	if (a->keys[k].moves < a->stip.n)
		fprintf(w->f, " (short: wins in %d)", a->keys[k].moves);
	if (id < 0)
		fputc('\n', w->f);
	else
		walk_play_after(w, id, 1, 0);
}
