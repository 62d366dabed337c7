/*
** solution_text.c -- the solution as composers read it (Popeye-like), for
** the text writer (text.c), explain, booklets and composed files.
**
** Battle play: set play first (the defences before the key, "1...Kd5
** 2.Qe4#"), then the tries ("1.Qa1? threat: ...", their variations, "but
** 1...Kb2!"), then each key ("1.Qa7-f2! threat: 2.Qf2-c2#") with its
** play.  Every move Popeye prints is printed, with its marks (check,
** the goal's sign, "ep.") and words ("threat:", "zugzwang."), in a
** shape that keeps a line of play on one line where it can:
**   - after a move of the solving side: "zugzwang." when it threatens
**     nothing (and is no check, no last move); its threats after
**     "threat:" -- on its line when there is one, or when every threat
**     ends the play ("threat: 3.Rb1-h1#, 3.Rb1-h2#"), else each on a line
**     of its own two levels deeper; then its defences, each on a line of
**     its own one level deeper ("    1...Kd4 2.Qc5+"), but a lone defence
**     of a move without threats stays on the line ("2.Qc5+ Ke4 3.Qe5#"),
**     and so do self play's forced last replies;
**   - after a defence: its continuation on its line; several (duals) as
**     "2.Qd3# (dual: 2.c2-c3#)" when they end the play, else each on a
**     line of its own one level deeper.
** A threat's defences are two levels deeper than the move threatening,
** its own defences one: the move numbers and the depth say which move
** each line answers.  Defences after which every threat still works are
** left out, as Popeye does; the JSON keeps them, flagged "covered".
**
** Line play: the set play lines, the short solutions and the solutions,
** one line each, numbered as Popeye numbers them; {comments} say which is
** which (the claim reader skips them).
**
** Every move is printed from its note (solve/analysis.h): nothing here
** replays a position.
*/
#include <stdlib.h>
#include <string.h>

#include "output/solution_text.h"
#include "base/textsafe.h"
#include "play/play.h"
#include "solve/lines.h"

struct printer {
	FILE *f;
	const struct analysis *a;
	const char *margin; /* before every line (explain indents a key's play) */
};

static void put(struct printer *pr, const struct tree_node *t)
{
	fputs(t->note.text, pr->f);
}

/* A new line of depth `depth` (four columns a level). */
static void line(struct printer *pr, int depth)
{
	fputs(pr->margin, pr->f);
	for (int i = 0; i < depth; i++)
		fputs("    ", pr->f);
}

/* A defence shown as a variation: not answered by the threat, no refutation. */
static bool shown(const struct tree_node *d)
{
	return !d->threat && !d->covered && !d->refutes;
}

/* A solving-side move after which nothing is printed: it reaches the
   goal, or nothing follows it. */
static bool leaf(const struct tree_node *t)
{
	return t->ends || t->child < 0;
}

static void play_after(struct printer *pr, int id, int movenum, int depth);

/* "N.X" and its play; the line is open. */
static void print_solver(struct printer *pr, int id, int movenum, int depth)
{
	fprintf(pr->f, "%d.", movenum);
	put(pr, &pr->a->nodes[id]);
	play_after(pr, id, movenum, depth);
}

/* The continuations after defence d (printed, the line open): the
   solving side's move number movenum. */
static void print_continuations(struct printer *pr, int d, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	int n = 0, first = -1;
	bool leaves = true;
	for (int c = a->nodes[d].child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver) {
			n++;
			leaves &= leaf(&a->nodes[c]);
			if (first < 0)
				first = c;
		}
	if (n == 0) {
		fputc('\n', f);
	} else if (n == 1) {
		fputc(' ', f);
		print_solver(pr, first, movenum, depth);
	} else if (leaves) {
		/* duals that end the play: "2.Qd3# (dual: 2.c2-c3#)" */
		fprintf(f, " %d.", movenum);
		put(pr, &a->nodes[first]);
		fputs(" (dual:", f);
		for (int c = a->nodes[first].sibling; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].by_solver) {
				fprintf(f, " %d.", movenum);
				put(pr, &a->nodes[c]);
			}
		fputs(")\n", f);
	} else {
		/* duals with play of their own: each on its line */
		fputc('\n', f);
		for (int c = first; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].by_solver) {
				line(pr, depth + 1);
				print_solver(pr, c, movenum, depth + 1);
			}
	}
}

/*
** The play after solving-side move `id` (printed as move number movenum,
** the line open): "zugzwang." or its threats, then its defences (see the
** top of this file).  Its defences' lines are at depth + 1, its threats'
** at depth + 2.
*/
static void play_after(struct printer *pr, int id, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct tree_node *t = &a->nodes[id];
	if (leaf(t)) {
		fputc('\n', f);
		return;
	}
	int threats = 0, defences = 0, one = -1;
	bool threat_leaves = true, all_end = true;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling) {
		const struct tree_node *k = &a->nodes[c];
		if (k->threat) {
			threats++;
			threat_leaves &= leaf(k);
		} else if (shown(k)) {
			defences++;
			all_end &= k->ends;
			one = c;
		}
	}
	bool open = true;
	if (threats == 0 && !a->no_threats && t->moves_left > 1 &&
	    !strchr(t->note.text + t->note.mark, '+'))
		fputs(" zugzwang.", f); /* (a check threatens nothing, and waits for nothing) */
	if (threats == 1) {
		/* the threat goes on the line, its play under it */
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				fputs(" threat: ", f);
				print_solver(pr, c, movenum + 1, depth + 1);
			}
		open = false;
	} else if (threats > 1 && threat_leaves) {
		fputs(" threat:", f);
		int i = 0;
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				fprintf(f, "%s %d.", i++ ? "," : "", movenum + 1);
				put(pr, &a->nodes[c]);
			}
	} else if (threats > 1) {
		fputs(" threat:\n", f);
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].threat) {
				line(pr, depth + 2);
				print_solver(pr, c, movenum + 1, depth + 2);
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
		fputc(' ', f);
		put(pr, &a->nodes[one]);
		print_continuations(pr, one, movenum + 1, depth);
		return;
	}
	if (open && all_end && t->moves_left <= 1) {
		/* self and reflex play's forced last replies */
		int i = 0;
		for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
			if (shown(&a->nodes[c])) {
				fputs(i++ ? ", " : " ", f);
				put(pr, &a->nodes[c]);
			}
		fputc('\n', f);
		return;
	}
	if (open)
		fputc('\n', f);
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling) {
		if (!shown(&a->nodes[c]))
			continue;
		line(pr, depth + 1);
		fprintf(f, "%d...", movenum);
		put(pr, &a->nodes[c]);
		print_continuations(pr, c, movenum + 1, depth + 1);
	}
}

/* A key's line and its play, every line after `margin`. */
static void print_key(struct printer *pr, int k)
{
	const struct analysis *a = pr->a;
	const struct key_info *key = &a->keys[k];
	int id = a->key_nodes ? a->key_nodes[k] : -1;
	line(pr, 0);
	fprintf(pr->f, "1.%s!", key->note.text);
	if (key->moves < a->stip.n)
		fprintf(pr->f, " (short: wins in %d)", key->moves);
	if (id < 0)
		fputc('\n', pr->f);
	else
		play_after(pr, id, 1, 0);
}

void text_key(FILE *f, const struct analysis *a, int k, const char *margin)
{
	struct printer pr = {f, a, margin ? margin : ""};
	print_key(&pr, k);
}

/* A try: its play, then "but" and its refutations. */
static void print_try(struct printer *pr, int i)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	line(pr, 0);
	fprintf(f, "1.%s?", t->note.text);
	/* the play, or only the words of a try that has none: " zugzwang." */
	bool play = false;
	if (id >= 0)
		for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
			play |= shown(&a->nodes[c]) || a->nodes[c].threat;
	if (play) {
		play_after(pr, id, 1, 0);
		line(pr, 0);
		fputs("    but", f);
	} else {
		const struct tree_node *n = id >= 0 ? &a->nodes[id] : NULL;
		if (n && !leaf(n) && !a->no_threats && n->moves_left > 1 &&
		    !strchr(n->note.text + n->note.mark, '+'))
			fputs(" zugzwang.", f);
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
		line(pr, 0);
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
		fprintf(f, "%s%s%s\n", pr->margin, buf, what);
	}
	if (set->count > set->stored)
		fprintf(f, "%s{and %d more%s}\n", pr->margin, set->count - set->stored, what);
}

void text_solution(FILE *f, const struct analysis *a)
{
	struct printer pr = {f, a, ""};
	if (a->play->family == FAMILY_LINES) {
		bool first = stip_dots_first(&a->stip);
		enum line_plan plan = a->play->plan;
		if (a->play->set)
			print_lines(&pr, a->play->set->plan, &a->set_lines, !first, " {set play}");
		print_lines(&pr, plan_alternates(plan) ? plan : PLAN_SERIES, &a->must_win, first,
		            " ?!? {must win (S6)}");
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
		print_key(&pr, k);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}
