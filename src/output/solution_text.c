/*
** solution_text.c -- the solution as composers read it (Popeye-like), for
** the text writer (text.c), explain, booklets and composed files.
**
** Battle play: set play first (the defences before the key, "1...Kd5
** 2.Qe4#"), then the tries ("1.Qa1? threat: ...", their variations, "but
** 1...Kb2!"), then each key on its own line ("1.Qa7-f2! threat: 2.Qf2-c2#")
** with each defence indented under it.  A line of play with a single
** defence and a single continuation stays on one line, as in print
** ("1...Kd4 2.Qc5+ Ke4 3.Qe5#").  Defences after which every threat still
** works are left out, as Popeye does; the JSON keeps them, flagged
** "covered".
**
** Line play: the set play lines, the short solutions and the solutions,
** one line each, numbered as Popeye numbers them; {comments} say which is
** which (the claim reader skips them).
*/
#include <stdlib.h>
#include <string.h>

#include "output/solution_text.h"
#include "base/textsafe.h"
#include "output/writer.h"
#include "play/play.h"
#include "solve/lines.h"

struct printer {
	FILE *f;
	const struct analysis *a;
};

static void put(struct printer *pr, const struct tree_node *t)
{
	fputs(t->note.text, pr->f);
}

static int count_children(const struct analysis *a, int i, bool threats)
{
	int c = 0;
	for (int k = a->nodes[i].child; k >= 0; k = a->nodes[k].sibling)
		if (a->nodes[k].threat == threats)
			c++;
	return c;
}

/* A defence shown as a variation: not answered by the threat, no refutation. */
static bool shown(const struct tree_node *d)
{
	return !d->threat && !d->covered && !d->refutes;
}

static void indent(FILE *f, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("    ", f);
}

static void print_defences(struct printer *pr, int solver, int movenum, int depth, bool inline_ok,
                           bool open);

/* " threat: 2.X#, 2.Y#" after a solving-side move (made).  A threat of
   more than one move goes on with its defences, on lines of their own.
   Returns -1 when the move threatens nothing, 1 when the line is still
   open, 0 when it has been ended. */
static int print_threats(struct printer *pr, int solver, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	int n = count_children(a, solver, true);
	if (n == 0)
		return -1;
	fputs(" threat:", f);
	int i = 0;
	bool open = true;
	/* threats answer a pass */
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (!a->nodes[c].threat)
			continue;
		const struct tree_node *t = &a->nodes[c];
		if (!open)
			indent(f, depth + 1);
		fprintf(f, "%s %d.", i++ && open ? "," : "", movenum);
		put(pr, t);
		int defences = 0;
		for (int d = t->child; d >= 0; d = a->nodes[d].sibling)
			defences += shown(&a->nodes[d]);
		if (defences > 0) {
			/* the threat as a tree: its defences under it */
			print_defences(pr, c, movenum, depth + 1, false, true);
			open = false;
		}
	}
	return open ? 1 : 0;
}

/* Continuations after a defence (made): the first is followed, duals
   named. */
static void print_continuations(struct printer *pr, int defence, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct tree_node *d = &a->nodes[defence];
	int first = -1;
	for (int c = d->child; c >= 0 && first < 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver)
			first = c;
	if (first < 0) {
		fputc('\n', f);
		return;
	}
	fprintf(f, " %d.", movenum);
	put(pr, &a->nodes[first]);
	if (a->nodes[first].dual) {
		fputs(" (dual:", f);
		for (int c = a->nodes[first].sibling; c >= 0; c = a->nodes[c].sibling) {
			fprintf(f, " %d.", movenum);
			put(pr, &a->nodes[c]);
		}
		fputs(")", f);
	}
	/* A quiet move deeper in the tree threatens too: say what, as for the
	   key, and put its defences on lines of their own. */
	int threats = print_threats(pr, first, movenum + 1, depth);
	print_defences(pr, first, movenum, depth, threats < 0, threats != 0);
}

/* Defences after a solving-side move (made): on the current line if only
   one and inline_ok, or when they are the forced last replies of self and
   reflex play; else one per line.  `open`: the current line is not ended
   yet. */
static void print_defences(struct printer *pr, int solver, int movenum, int depth, bool inline_ok,
                           bool open)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	int count = 0;
	bool all_end = true;
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling)
		if (shown(&a->nodes[c])) {
			count++;
			all_end &= a->nodes[c].ends;
		}
	if (count == 0) {
		if (open)
			fputc('\n', f);
		return;
	}
	if (open && ((count == 1 && inline_ok) || (all_end && a->nodes[solver].moves_left <= 1))) {
		int i = 0;
		for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
			if (!shown(&a->nodes[c]))
				continue;
			fputs(i++ ? ", " : " ", f);
			put(pr, &a->nodes[c]);
			if (count == 1) {
				print_continuations(pr, c, movenum + 1, depth);
			}
		}
		if (count > 1)
			fputc('\n', f);
		return;
	}
	if (open)
		fputc('\n', f);
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (!shown(&a->nodes[c]))
			continue;
		indent(f, depth + 1);
		fprintf(f, "%d...", movenum);
		put(pr, &a->nodes[c]);
		print_continuations(pr, c, movenum + 1, depth + 1);
	}
}

/* After the first move (key or try, made): threats, or zugzwang, and the
   play. */
static void print_first_move_play(struct printer *pr, int id, int moves)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct tree_node *t = &a->nodes[id];
	int threats = print_threats(pr, id, 2, 0);
	if (threats < 0 && !a->no_threats && moves > 1 && !t->ends &&
	    !strchr(t->note.text + t->note.mark, '+')) {
		/* a checking key threatens nothing and is no waiting move */
		fputs(" zugzwang.", f);
	}
	/* A lone defence goes on the key's line: "1.Kb4-c3! Bg7xh8#". */
	int count = 0, only = -1;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
		if (shown(&a->nodes[c])) {
			count++;
			only = c;
		}
	if (count == 1 && threats < 0) {
		fputc(' ', f);
		put(pr, &a->nodes[only]);
		print_continuations(pr, only, 2, 0);
		return;
	}
	print_defences(pr, id, 1, 0, false, threats != 0);
}

/* A first move (key or try) "1.X" and its mark. */
static void put_first(struct printer *pr, const struct move_note *n, const char *mark)
{
	fprintf(pr->f, "1.%s%s", n->text, mark);
}

void text_key(FILE *f, const struct analysis *a, int k)
{
	struct printer pr = {f, a};
	const struct key_info *key = &a->keys[k];
	int id = a->key_nodes ? a->key_nodes[k] : -1;
	put_first(&pr, &key->note, "!");
	if (key->moves < a->stip.n)
		fprintf(f, " (short: wins in %d)", key->moves);
	if (id < 0) {
		fputc('\n', f);
		return;
	}
	print_first_move_play(&pr, id, key->moves);
}

static void print_try(struct printer *pr, int i)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	put_first(pr, &t->note, "?");
	bool play = false;
	if (id >= 0) {
		for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
			play |= shown(&a->nodes[c]) || a->nodes[c].threat;
	}
	if (play) {
		print_first_move_play(pr, id, a->stip.n);
		fputs("    but", f);
	} else {
		fputs(" but", f);
	}
	for (int r = 0; r < t->nrefs; r++)
		fprintf(f, "%s 1...%s!", r ? "," : "", t->refs[r].text);
	fputc('\n', f);
}

/* Set play: each defence after a pass, with its answer. */
static void print_set_play(struct printer *pr)
{
	const struct analysis *a = pr->a;
	if (a->set_node < 0)
		return;
	for (int c = a->nodes[a->set_node].child; c >= 0; c = a->nodes[c].sibling) {
		fputs("1...", pr->f);
		put(pr, &a->nodes[c]);
		print_continuations(pr, c, 2, 0);
	}
}

/* The lines of a set, as lines_format numbers them. */
static void print_lines(struct printer *pr, enum line_plan plan, const struct line_set *set,
                        bool winner_first, const char *what)
{
	FILE *f = pr->f;
	for (int i = 0; i < set->stored; i++) {
		char buf[2048];
		lines_format(set, i, plan, winner_first, buf, sizeof buf);
		fprintf(f, "%s%s\n", buf, what);
	}
	if (set->count > set->stored)
		fprintf(f, "{and %d more%s}\n", set->count - set->stored, what);
}

void text_solution(FILE *f, const struct analysis *a)
{
	struct printer pr = {f, a};
	if (a->play->family == FAMILY_LINES) {
		bool first = stip_dots_first(&a->stip);
		enum line_plan plan = a->play->plan;
		if (a->play->set)
			print_lines(&pr, a->play->set->plan, &a->set_lines, !first, " {set play}");
		print_lines(&pr, plan, &a->short_sols, first, " {short}");
		print_lines(&pr, plan, &a->solutions, first, "");
		if (a->solutions.count == 0 && a->short_sols.count == 0)
			text_fprintf(f, "no solution in %s\n", a->stip.text);
		return;
	}
	print_set_play(&pr);
	for (int i = 0; i < a->ntries; i++)
		print_try(&pr, i);
	if (a->nkeys == 0)
		fprintf(f, "no solution in %d\n", a->stip.n);
	for (int k = 0; k < a->nkeys; k++)
		text_key(f, a, k);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}

void text_key_move(const struct analysis *a, int k, char *buf, size_t len)
{
	snprintf(buf, len, "%s", a->keys[k].note.text);
}
