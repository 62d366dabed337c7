/*
** render_solve.c -- the one place where the render command asks the
** solver: judge_problem() (judge.h) for each problem of a puzzle, then
** magazine_solution() (output/magazine.h) for its text as magazines print it
** (the key, the threat, grouped defences, short algebraic with figurines,
** twins "b) -Se1, #4"), captured in memory.  When the solver's API changes, this file follows it;
*the render
** layer only reads the struct render_proof it fills.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/render_solve.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "judge/judge.h"
#include "output/magazine.h"

int render_solve(const struct puzzle *p, const struct render_solve_opts *ro, struct tt *tt,
                 struct render_proof *out)
{
	struct judge_opts o;
	char *text = NULL;
	size_t len = 0;
	memset(out, 0, sizeof *out);
	cli_default_solver_options(&o);
	o.an.max_seconds = ro->max_seconds;
	if (ro->tries >= 0)
		o.an.max_refs = ro->tries;
	o.an.set_play = ro->set_play;
	o.an.stop = ro->stop;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	struct judgement *r = malloc(sizeof *r);
	if (!r) {
		fclose(f);
		free(text);
		return -1;
	}
	out->solved = true;
	out->sound = true;
	int n = puzzle_problem_count(p);
	for (int i = 0; i < n; i++) {
		int twin = puzzle_problem_twin(p, i);
		judge_problem(p, twin, &o, tt, r);
		/* figurines: the booklet's FreeSerif has them, LaTeX writes them as
		   letters (render/latex.c) */
		struct magazine_opts mo = {.figurines = true, .tries = ro->tries >= 0};
		magazine_solution(f, p, r, &mo);
		if (r->verdict != VERDICT_SOUND) {
			out->sound = false;
			/* whole: a picture's line cuts it where it draws it, LaTeX
			   writes it whole (it was cut at 199 bytes here) */
			if (!out->verdict)
				out->verdict = text_aprintf(
				    "%s%s%s: %s", twin >= 0 ? p->twins[twin].label : "",
				    twin >= 0 ? ") " : "", verdict_names[r->verdict], r->reason);
		} else if (twin < 0 && r->an.nkeys > 0) {
			out->key = r->an.keys[0].note.move;
			snprintf(out->key_text, sizeof out->key_text, "1.%s!",
			         r->an.keys[0].note.text);
		}
		judgement_free(r);
	}
	free(r);
	if (n == 0) {
		out->sound = false;
		free(out->verdict);
		out->verdict = text_aprintf("no problem to solve");
	}
	if (!out->sound)
		out->key = MOVE_NONE;
	if (fclose(f) != 0) {
		free(text);
		free(out->verdict);
		memset(out, 0, sizeof *out);
		return -1;
	}
	if (len == 0) {
		free(text);
		text = NULL;
	}
	out->solution = text;
	return 0;
}

void render_proof_free(struct render_proof *pr)
{
	free(pr->solution);
	free(pr->verdict);
	memset(pr, 0, sizeof *pr);
}
