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
** replays a position.  The walk through a battle-play tree (what goes on
** which line) is solution_walk.c's, which the magazine format shares;
** this file gives it Popeye's way of writing moves, duals and defences.
*/
#include <stdlib.h>
#include <string.h>

#include "output/solution_text.h"
#include "base/textsafe.h"
#include "output/solution_walk.h"
#include "play/play.h"
#include "solve/lines.h"

/* A move as Popeye writes it: its long text, marks after it. */
static void long_move(const struct walk *w, int parent, int c, char *out, size_t len)
{
	(void)parent;
	snprintf(out, len, "%s", w->a->nodes[c].note.text);
}

/* Duals that end the play: "2.Qd3# (dual: 2.c2-c3#)". */
static void dual_list(struct walk *w, int d, int first, int movenum)
{
	const struct analysis *a = w->a;
	(void)d;
	fprintf(w->f, " %d.%s (dual:", movenum, a->nodes[first].note.text);
	for (int c = a->nodes[first].sibling; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver)
			fprintf(w->f, " %d.%s", movenum, a->nodes[c].note.text);
	fputs(")\n", w->f);
}

/* Each defence on a line of its own, with its continuations. */
static void defence_lines(struct walk *w, int id, int movenum, int depth)
{
	const struct analysis *a = w->a;
	for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling) {
		if (!walk_shown(&a->nodes[c]))
			continue;
		walk_line(w, depth + 1);
		fprintf(w->f, "%d...%s", movenum, a->nodes[c].note.text);
		walk_answers(w, c, movenum + 1, depth + 1);
	}
}

static const struct walk_style popeye_like = {
    .move = long_move,
    .duals = dual_list,
    .defences = defence_lines,
    .zugzwang = " zugzwang.",
};

void text_key(FILE *f, const struct analysis *a, int k, const char *margin)
{
	struct walk w = {f, a, margin ? margin : "", &popeye_like};
	walk_key(&w, k, a->keys[k].note.text);
}

/* A try: its play, then "but" and its refutations. */
static void print_try(struct walk *w, int i)
{
	const struct analysis *a = w->a;
	FILE *f = w->f;
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	walk_line(w, 0);
	fprintf(f, "1.%s?", t->note.text);
	/* the play, or only the words of a try that has none: " zugzwang." */
	if (walk_has_play(a, id)) {
		walk_play_after(w, id, 1, 0);
		walk_line(w, 0);
		fputs("    but", f);
	} else {
		const struct tree_node *n = id >= 0 ? &a->nodes[id] : NULL;
		if (n && !walk_leaf(n) && walk_zugzwang(a, n, 0))
			fputs(w->style->zugzwang, f);
		fputs(" but", f);
	}
	for (int r = 0; r < t->nrefs; r++)
		fprintf(f, "%s 1...%s!", r ? "," : "", t->refs[r].text);
	fputc('\n', f);
}

/* Set play: each defence after a pass, with its answer. */
static void print_set_play(struct walk *w)
{
	const struct analysis *a = w->a;
	if (a->set_node < 0)
		return;
	for (int c = a->nodes[a->set_node].child; c >= 0; c = a->nodes[c].sibling) {
		walk_line(w, 0);
		fprintf(w->f, "1...%s", a->nodes[c].note.text);
		walk_answers(w, c, 2, 0);
	}
}

/* The lines of a set, as lines_format numbers them. */
static void print_lines(const struct walk *w, enum line_plan plan, const struct line_set *set,
                        bool winner_first, const char *what)
{
	FILE *f = w->f;
	struct strbuf b = STRBUF_INIT; /* a line whole: 2,048 bytes cut a long one */
	for (int i = 0; i < set->stored; i++) {
		strbuf_reset(&b); /* a line that failed said so; the next may fit */
		lines_format(set, i, plan, winner_first, &b);
		fprintf(f, "%s%s%s\n", w->margin,
		        strbuf_failed(&b) ? "(out of memory)" : strbuf_str(&b), what);
	}
	strbuf_free(&b);
	if (set->count > set->stored)
		fprintf(f, "%s{and %d more%s}\n", w->margin, set->count - set->stored, what);
}

void text_solution(FILE *f, const struct analysis *a)
{
	struct walk w = {f, a, "", &popeye_like};
	if (a->play->family == FAMILY_LINES) {
		bool first = stip_dots_first(&a->stip);
		enum line_plan plan = a->play->plan;
		if (a->play->set)
			print_lines(&w, a->play->set->plan, &a->set_lines, !first, " {set play}");
		print_lines(&w, plan_alternates(plan) ? plan : PLAN_SERIES, &a->must_win, first,
		            " ?!? {must win (S6)}");
		print_lines(&w, plan, &a->short_sols, first, " {short}");
		print_lines(&w, plan, &a->solutions, first, "");
		if (a->solutions.count == 0 && a->short_sols.count == 0)
			text_fprintf(f, "no solution in %s\n", a->stip.text);
		return;
	}
	print_set_play(&w);
	print_lines(&w, PLAN_SERIES, &a->must_win, false, " ?!? {must win (S6)}");
	for (int i = 0; i < a->ntries; i++)
		print_try(&w, i);
	if (a->nkeys == 0)
		fprintf(f, "no solution in %d\n", a->stip.n);
	for (int k = 0; k < a->nkeys; k++)
		walk_key(&w, k, a->keys[k].note.text);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}
