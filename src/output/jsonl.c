/*
** jsonl.c -- the JSON format: one object per problem, on one line (JSON
** lines), with a stable member order.  The schema is in maat(1), JSON
** OUTPUT; every member is written for every problem, so a reader never
** needs to ask which play it is (empty for the other family).
*/
#include <string.h>

#include "base/json.h"
#include "output/explain_print.h"
#include "output/solution_json.h"
#include "output/writer.h"
#include "play/play.h"

static void problem(FILE *f, const struct puzzle *p, const char *label, const struct judgement *r,
                    const struct writer_opts *o)
{
	(void)label;
	fputs("{\"file\":", f);
	json_string(f, p->file);
	fprintf(f, ",\"index\":%d,\"line\":%d", p->index, p->line);
	const char *tl = judge_twin_label(p, r);
	if (tl) {
		fputs(",\"twin\":", f);
		json_string(f, tl);
		fputs(",\"twinning\":", f);
		json_string(f, r->twin >= 0 ? p->twins[r->twin].text : "");
		fprintf(f, ",\"continued\":%s",
		        r->twin >= 0 && p->twins[r->twin].continued ? "true" : "false");
		if (judge_duplex(p, r))
			fputs(",\"duplex\":true", f);
	}
	fputs(",\"game\":", f);
	json_string(f, p->game ? p->game->id : "");
	fputs(",\"position\":", f);
	json_string(f, r->position);
	fputs(",\"stipulation\":", f);
	json_string(f, r->has_stip ? r->stip.text : "");
	fputs(",\"play\":", f);
	json_string(f, r->play ? r->play->name : "");
	fputs(",\"verdict\":", f);
	json_string(f, verdict_names[r->verdict]);
	if (r->verdict != VERDICT_SOUND) {
		fputs(",\"reason\":", f);
		json_string(f, r->reason);
	}
	if (p->title) {
		fputs(",\"title\":", f);
		json_string(f, p->title);
	}
	fputs(",\"warnings\":[", f);
	for (int i = 0; i < p->nwarnings; i++) {
		if (i)
			fputc(',', f);
		json_string(f, p->warnings[i]);
	}
	if (r->notes[0]) {
		if (p->nwarnings)
			fputc(',', f);
		json_string(f, r->notes);
	}
	fputc(']', f);
	const struct analysis *a = &r->an;
	if (r->analysed && a->play->family == FAMILY_LINES) {
		solution_json_lines(f, a);
	} else if (r->analysed) {
		solution_json_battle(f, a);
		explain_print_json(f, a, r->verdict, &r->ex);
	} else {
		fputs(",\"keys\":{},\"cooks\":[],\"short_solutions\":[],\"tries\":[],\"duals\":0,"
		      "\"last_move_duals\":0,\"tree\":[]",
		      f);
	}
	if (r->analysed) {
		fprintf(f, ",\"timeout\":%s", a->timeout ? "true" : "false");
		fprintf(f, ",\"nodes\":%llu", (unsigned long long)a->nodes_searched);
		if (o->with_time)
			fprintf(f, ",\"time\":%.3f", a->seconds);
	}
	fputs("}\n", f);
}

const struct writer writer_jsonl = {
    .name = "json",
    .tree = true,
    .problem = problem,
};
