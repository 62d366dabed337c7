/*
** text.c -- the text format: one verdict line per problem, and on request
** the solution as composers read it (Popeye-like).
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

#include "explain.h"
#include "play/play.h"
#include "text.h"
#include "textsafe.h"
#include "writer.h"

static const struct tree_node *node(const struct analysis *a, int i)
{
	return i >= 0 ? &a->nodes[i] : NULL;
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

static void print_defences(FILE *f, const struct analysis *a, int solver, int movenum, int depth,
                           bool inline_ok, bool open);

/* " threat: 2.X#, 2.Y#" after a solving-side move.  A threat of more than
   one move goes on with its defences, on lines of their own.  Returns -1
   when the move threatens nothing, 1 when the line is still open, 0 when
   it has been ended. */
static int print_threats(FILE *f, const struct analysis *a, int solver, int movenum, int depth)
{
	int n = count_children(a, solver, true);
	if (n == 0)
		return -1;
	fputs(" threat:", f);
	int i = 0;
	bool open = true;
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (!a->nodes[c].threat)
			continue;
		const struct tree_node *t = &a->nodes[c];
		if (!open)
			indent(f, depth + 1);
		fprintf(f, "%s %d.%s", i++ && open ? "," : "", movenum, t->text);
		int defences = 0;
		for (int d = t->child; d >= 0; d = a->nodes[d].sibling)
			defences += shown(&a->nodes[d]);
		if (defences > 0) {
			/* the threat as a tree: its defences under it */
			print_defences(f, a, c, movenum, depth + 1, false, true);
			open = false;
		}
	}
	return open ? 1 : 0;
}

/* Continuations after a defence: the first is followed, duals named. */
static void print_continuations(FILE *f, const struct analysis *a, int defence, int movenum,
                                int depth)
{
	const struct tree_node *d = node(a, defence);
	int first = -1;
	for (int c = d->child; c >= 0 && first < 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver)
			first = c;
	if (first < 0) {
		fputc('\n', f);
		return;
	}
	fprintf(f, " %d.%s", movenum, a->nodes[first].text);
	if (a->nodes[first].dual) {
		fputs(" (dual:", f);
		for (int c = a->nodes[first].sibling; c >= 0; c = a->nodes[c].sibling)
			fprintf(f, " %d.%s", movenum, a->nodes[c].text);
		fputs(")", f);
	}
	/* A quiet move deeper in the tree threatens too: say what, as for the
	   key, and put its defences on lines of their own. */
	int threats = print_threats(f, a, first, movenum + 1, depth);
	print_defences(f, a, first, movenum, depth, threats < 0, threats != 0);
}

/* Defences after a solving-side move: on the current line if only one and
   inline_ok, or when they are the forced last replies of self and reflex
   play; else one per line.  `open`: the current line is not ended yet. */
static void print_defences(FILE *f, const struct analysis *a, int solver, int movenum, int depth,
                           bool inline_ok, bool open)
{
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
			fprintf(f, "%s%s", i++ ? ", " : " ", a->nodes[c].text);
			if (count == 1)
				print_continuations(f, a, c, movenum + 1, depth);
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
		fprintf(f, "%d...%s", movenum, a->nodes[c].text);
		print_continuations(f, a, c, movenum + 1, depth + 1);
	}
}

/* After the first move (key or try): threats, or zugzwang, and the play. */
static void print_first_move_play(FILE *f, const struct analysis *a, int id, int moves)
{
	const struct tree_node *t = &a->nodes[id];
	int threats = print_threats(f, a, id, 2, 0);
	if (threats < 0 && !a->no_threats && moves > 1 && !t->ends && !strchr(t->text, '+')) {
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
		fprintf(f, " %s", a->nodes[only].text);
		print_continuations(f, a, only, 2, 0);
		return;
	}
	print_defences(f, a, id, 1, 0, false, threats != 0);
}

void text_key(FILE *f, const struct analysis *a, int k)
{
	const struct key_info *key = &a->keys[k];
	int id = a->key_nodes ? a->key_nodes[k] : -1;
	fprintf(f, "1.%s!", id >= 0 ? a->nodes[id].text : key->text);
	if (key->moves < a->stip.n)
		fprintf(f, " (short: wins in %d)", key->moves);
	if (id < 0) {
		fputc('\n', f);
		return;
	}
	print_first_move_play(f, a, id, key->moves);
}

static void print_try(FILE *f, const struct analysis *a, int i)
{
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	fprintf(f, "1.%s?", id >= 0 ? a->nodes[id].text : t->text);
	bool play = false;
	if (id >= 0) {
		for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
			play |= shown(&a->nodes[c]) || a->nodes[c].threat;
	}
	if (play) {
		print_first_move_play(f, a, id, a->stip.n);
		fputs("    but", f);
	} else {
		fputs(" but", f);
	}
	for (int r = 0; r < t->nrefs; r++)
		fprintf(f, "%s 1...%s!", r ? "," : "", t->ref_text[r]);
	fputc('\n', f);
}

/* Set play: each defence after a pass, with its answer. */
static void print_set_play(FILE *f, const struct analysis *a)
{
	if (a->set_node < 0)
		return;
	for (int c = a->nodes[a->set_node].child; c >= 0; c = a->nodes[c].sibling) {
		fprintf(f, "1...%s", a->nodes[c].text);
		print_continuations(f, a, c, 2, 0);
	}
}

static void print_lines(FILE *f, enum line_plan plan, const struct line_set *set, bool winner_first,
                        const char *what)
{
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
	if (a->lines_family) {
		bool first = stip_dots_first(&a->stip);
		enum line_plan plan = a->play->plan;
		print_lines(f, plan_set_play(plan), &a->set_lines, !first, " {set play}");
		print_lines(f, plan, &a->short_sols, first, " {short}");
		print_lines(f, plan, &a->solutions, first, "");
		if (a->solutions.count == 0 && a->short_sols.count == 0)
			text_fprintf(f, "no solution in %s\n", a->stip.text);
		return;
	}
	print_set_play(f, a);
	for (int i = 0; i < a->ntries; i++)
		print_try(f, a, i);
	if (a->nkeys == 0)
		fprintf(f, "no solution in %d\n", a->stip.n);
	for (int k = 0; k < a->nkeys; k++)
		text_key(f, a, k);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}

/* ---- the writer ---- */

static void problem(FILE *f, const struct puzzle *p, const char *label, const struct judgement *r,
                    const struct writer_opts *o)
{
	if (o->solve && r->position[0])
		text_fprintf(f, "%s  %s  %s\n", p->game->id, r->position,
		             r->has_stip ? r->stip.text : "");
	/* the puzzle's warnings once, before its first problem */
	if (r->twin == puzzle_problem_twin(p, 0))
		for (int i = 0; i < p->nwarnings; i++)
			text_fprintf(f, "%s: warning\n", p->warnings[i]);
	const char *tl = judge_twin_label(p, r);
	const char *duplex = judge_duplex(p, r) ? " duplex" : "";
	if (r->verdict == VERDICT_ERROR) {
		text_fprintf(f, "%s\n%s%s%s%s%s: error\n", r->reason, label, tl ? " twin " : "",
		             tl ? tl : "", tl ? ")" : "", duplex);
		return;
	}
	text_fprintf(f, "%s%s%s%s%s: %s", label, tl ? " twin " : "", tl ? tl : "", tl ? ")" : "",
	             duplex, verdict_names[r->verdict]);
	if (r->has_stip)
		text_fprintf(f, "  %s", r->stip.text);
	if (p->title)
		text_fprintf(f, "  \"%s\"", p->title);
	const struct analysis *a = &r->an;
	if (r->verdict == VERDICT_SOUND && a->nkeys)
		text_fprintf(f, "  1.%s!", a->keys[0].text);
	else if (r->verdict == VERDICT_SOUND && a->lines_family && a->solutions.count)
		fprintf(f, "  %d solution%s%s", a->solutions.count,
		        a->solutions.count == 1 ? "" : "s",
		        analysis_dual_plies(a) ? " (with duals)" : "");
	else if (r->verdict != VERDICT_SOUND)
		text_fprintf(f, ": %s", r->reason);
	fputc('\n', f);
	if (r->notes[0])
		text_fprintf(f, "%s%s%s%s%s: warning: %s\n", label, tl ? " twin " : "",
		             tl ? tl : "", tl ? ")" : "", duplex, r->notes);
	if (r->analysed && !a->timeout && !a->lines_family)
		explain_print_text(f, a, r->verdict, &r->ex);
	if (o->solution && r->analysed && !a->timeout)
		text_solution(f, a);
	if (o->solve && r->analysed)
		fprintf(f, "(%llu positions, %.2f s)\n\n", (unsigned long long)a->nodes_searched,
		        o->with_time ? a->seconds : 0.0);
}

const struct writer writer_text = {
    .name = "text",
    .summary = true,
    .problem = problem,
};
