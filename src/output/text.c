/*
** text.c -- the text format: one verdict line per problem, and on request
** the solution (solution_text.c) and the explanation (explain_print.c).
*/
#include <stdlib.h>
#include <string.h>

#include "base/textsafe.h"
#include "output/explain_print.h"
#include "output/solution_text.h"
#include "output/writer.h"
#include "play/play.h"

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
	if (r->verdict == VERDICT_ERROR) {
		text_fprintf(f, "%s\n", r->reason);
		writer_problem_name(f, p, label, r, true);
		fputs(": error\n", f);
		return;
	}
	writer_verdict_head(f, p, label, r, true);
	const struct analysis *a = &r->an;
	if (r->verdict == VERDICT_SOUND && a->nkeys)
		text_fprintf(f, "  1.%s!", a->keys[0].note.text);
	else if (r->verdict == VERDICT_SOUND && a->play->family == FAMILY_LINES &&
	         a->solutions.count)
		fprintf(f, "  %d solution%s%s", a->solutions.count,
		        a->solutions.count == 1 ? "" : "s",
		        analysis_dual_plies(a) ? " (with duals)" : "");
	else if (r->verdict != VERDICT_SOUND)
		text_fprintf(f, ": %s", r->reason);
	fputc('\n', f);
	if (r->notes[0]) {
		writer_problem_name(f, p, label, r, true);
		text_fprintf(f, ": warning: %s\n", r->notes);
	}
	if (r->analysed && !a->timeout && a->play->family == FAMILY_BATTLE)
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
