/*
** lineplay.c -- the analysis of help and series play (rules S2, S5, S7-S9):
** every solution of the stipulated length, the short solutions (every
** shorter length, shortest first, as Popeye prints them), the set play of
** help play, and the shape of the solutions (how many lines branch off at
** each ply) that YACPDB's intended-solutions is read against.
*/
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "solve/analysis.h"
#include "solve/lines.h"

/* ---- order: line by line, move by move, by text ---- */

static int compare_lines(const struct line_set *set, int x, int y)
{
	const struct solution_line *a = &set->lines[x], *b = &set->lines[y];
	for (int i = 0; i < a->plies && i < b->plies; i++) {
		int c = strcmp(set->moves[a->first + i].text, set->moves[b->first + i].text);
		if (c)
			return c;
	}
	return a->plies - b->plies;
}

/* qsort has no context argument in C11: sort indices by insertion, the
   sets are small (at most ANALYSIS_MAX_LINES) and mostly in order. */
static int sort_lines(struct line_set *set)
{
	int n = set->stored;
	if (n < 2)
		return 0;
	int *idx = malloc((size_t)n * sizeof *idx);
	struct solution_line *lines = malloc((size_t)n * sizeof *lines);
	if (!idx || !lines) {
		free(idx);
		free(lines);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		int j = i;
		while (j > 0 && compare_lines(set, idx[j - 1], i) > 0) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	for (int i = 0; i < n; i++)
		lines[i] = set->lines[idx[i]];
	memcpy(set->lines, lines, (size_t)n * sizeof *lines);
	free(idx);
	free(lines);
	return 0;
}

static bool same_prefix(const struct line_set *set, int x, int y, int plies)
{
	const struct solution_line *a = &set->lines[x], *b = &set->lines[y];
	for (int i = 0; i < plies; i++)
		if (set->moves[a->first + i].move != set->moves[b->first + i].move)
			return false;
	return true;
}

/* branching[p]: the most different moves at ply p after one same line of
   p plies (the set sorted, so lines with a prefix in common are together). */
static void shape(const struct line_set *set, int plies, int *branching)
{
	for (int p = 0; p < plies && p < ANALYSIS_MAX_PLIES; p++) {
		int most = 0, here = 0;
		for (int i = 0; i < set->stored; i++) {
			if (set->lines[i].plies <= p)
				continue;
			if (i == 0 || !same_prefix(set, i - 1, i, p)) {
				here = 1;
			} else if (set->moves[set->lines[i - 1].first + p].move !=
			           set->moves[set->lines[i].first + p].move) {
				here++;
			}
			if (here > most)
				most = here;
		}
		branching[p] = most;
	}
}

/* Lines of exactly `plies` plies added to out, sorted among themselves (the
   lines before them, shorter, stay first). */
static int find_sorted(struct search *s, enum line_plan plan, int plies, struct line_set *out)
{
	int before = out->stored;
	if (lines_find(s, plan, plies, out) != 0)
		return -1;
	if (out->stored == before)
		return 0; /* none (and perhaps no array yet) */
	struct line_set part = *out;
	part.lines += before;
	part.stored -= before;
	return sort_lines(&part);
}

/* Lines of every length below the stipulated one, shortest first; none
   in an exact stipulation, which asks for N moves exactly.  With `stop`
   (StopOnShortSolutions) only the shortest length that has lines. */
static int find_short(struct search *s, const struct stipulation *st, enum line_plan plan,
                      bool stop, struct line_set *out)
{
	for (int k = st->half ? 0 : 1; k < st->n && !st->exact && !(stop && out->stored); k++)
		if (find_sorted(s, plan, lines_plies(plan, k, st->half), out) != 0)
			return -1;
	return 0;
}

/* Short lines, then the stipulated length's unless stop_on_short found
   short ones (Popeye's StopOnShortSolutions: it stops there, "Partial
   solution").  Shortest first: a short line is a fact of its own, so a
   search stopped by its limit after it still has an answer (short), and
   the shorter searches are the cheaper. */
static int find_all(struct search *s, const struct problem *pb, const struct stipulation *st,
                    enum line_plan plan, struct line_set *lines, struct line_set *short_lines,
                    bool *partial)
{
	int plies = lines_plies(plan, st->n, st->half);
	if (find_short(s, st, plan, pb->stop_on_short, short_lines) != 0)
		return -1;
	if (pb->stop_on_short && short_lines->stored) {
		*partial = true;
		return 0;
	}
	return find_sorted(s, plan, plies, lines);
}

int analysis_dual_plies(const struct analysis *a)
{
	int first = stip_dots_first(&a->stip) ? 1 : 0, n = 0;
	int plies = a->solutions.stored ? a->solutions.lines[0].plies : 0;
	for (int p = first + 1; p < plies && p < ANALYSIS_MAX_PLIES; p++)
		n += a->branching[p] > 1;
	return n;
}

int analysis_lines(const struct problem *pb, struct analysis *a)
{
	const struct game *g = pb->g;
	const struct stipulation *st = &pb->stip;
	enum line_plan plan = pb->play->plan;
	struct search *s = problem_search(pb);
	if (!s)
		return -1;
	volatile int rc = 0;
	if (setjmp(s->abort)) {
		a->timeout = true;
		goto done;
	}
	move_t moves[MAX_MOVES];
	int count;
	/* a finished game has no solution, but where a mated side's move
	   counter-mates (Popeye's h##!0.5) */
	if (search_status(s, moves, &count) != RESULT_ONGOING && st->target != TARGET_COUNTER_MATE)
		goto done;
	int plies = lines_plies(plan, st->n, st->half);
	if (find_all(s, pb, st, plan, &a->solutions, &a->short_sols, &a->partial) != 0) {
		rc = -1;
		goto done;
	}
	shape(&a->solutions, plies, a->branching);
	/* S6: a solving side that can win at once must, and then nothing is a
	   solution: its wins, one ply each */
	if (plan_reflex(plan) && stip_solver_starts(st) &&
	    lines_find(s, plan, 0, &a->must_win) != 0) {
		rc = -1;
		goto done;
	}

	/* Set play (S8): the side to move passes, then the play one half-move
	   shorter (series-help: the winning move at once). */
	struct stipulation set;
	if (pb->set_play && pb->play->set && g->has_threats && stip_set_play(st, &set) &&
	    (!g->in_check || !g->in_check(s->pos))) {
		/* every length, shortest first: Popeye's set play has its short lines */
		search_make_null(s);
		enum line_plan set_plan = pb->play->set->plan;
		int r = find_short(s, &set, set_plan, pb->stop_on_short, &a->set_lines);
		if (pb->stop_on_short && a->set_lines.stored)
			a->partial = true;
		else if (r == 0)
			r = find_sorted(s, set_plan, lines_plies(set_plan, set.n, set.half),
			                &a->set_lines);
		search_unmake_null(s);
		if (r != 0) {
			rc = -1;
			goto done;
		}
		a->has_set_play = true;
	}
done:
	a->nodes_searched = s->nodes;
	search_free(s);
	return rc;
}
