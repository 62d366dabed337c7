/*
** judge.c -- the verdict of one puzzle (issue "Verifier", rules S4, S5).
**
** Order of verdicts: input error, unsupported, timeout, no solution,
** cooked (more than one key), short (the one key wins sooner), claim
** mismatch (the file's solution names a move that is not the truth), sound.
*/
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "claim.h"
#include "json.h"
#include "report.h"

static void list_keys(const struct analysis *a, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (int k = 0; k < a->nkeys && used + 40 < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s1.%s! (wins in %d)",
					 k ? ", " : "", a->keys[k].text, a->keys[k].moves);
	if (used + 40 >= len && a->nkeys)
		snprintf(buf + used, len - used, ", ...");
}

void judge_puzzle(const struct puzzle *p, const struct judge_opts *o, struct tt *tt,
		  struct judgement *r)
{
	memset(r, 0, sizeof *r);
	if (p->error) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "%s", p->error);
		return;
	}
	if (p->has_position)
		p->game->format(p->pos, r->position, sizeof r->position);
	if (p->unsupported) {
		r->verdict = VERDICT_UNSUPPORTED;
		snprintf(r->reason, sizeof r->reason, "%s", p->unsupported);
		return;
	}
	if (!p->has_position || !p->has_stip) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "%s:%d:1: %s", p->file, p->line,
			 p->has_position ? "no stipulation" : "no position");
		return;
	}
	if (p->stip.kind != STIP_DIRECT) {
		r->verdict = VERDICT_UNSUPPORTED;
		snprintf(r->reason, sizeof r->reason, "%s play (%s) is not supported yet",
			 p->stip.kind == STIP_HELP ? "help" : "self", p->stip.text);
		return;
	}
	if (analysis_run(p->game, p->pos, p->stip.n, &o->an, tt, &r->an) < 0) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "out of memory");
		return;
	}
	r->analysed = true;
	const struct analysis *a = &r->an;
	if (a->timeout) {
		r->verdict = VERDICT_TIMEOUT;
		snprintf(r->reason, sizeof r->reason, "no answer within %g s (--max-time)",
			 o->an.max_seconds);
	} else if (a->nkeys == 0) {
		r->verdict = VERDICT_NO_SOLUTION;
		snprintf(r->reason, sizeof r->reason, "no first move wins in %d", p->stip.n);
	} else if (a->nkeys > 1) {
		r->verdict = VERDICT_COOKED;
		char keys[600];
		list_keys(a, keys, sizeof keys);
		snprintf(r->reason, sizeof r->reason, "%d keys: %s", a->nkeys, keys);
	} else if (a->keys[0].moves < p->stip.n) {
		r->verdict = VERDICT_SHORT;
		snprintf(r->reason, sizeof r->reason, "1.%s! wins in %d, fewer than %d",
			 a->keys[0].text, a->keys[0].moves, p->stip.n);
	} else if (claim_compare(p->game, p->pos, p->stip.n, p->solution, a, tt, r->reason,
				 sizeof r->reason)) {
		r->verdict = VERDICT_CLAIM_MISMATCH;
	} else {
		r->verdict = VERDICT_SOUND;
	}
}

void judgement_free(struct judgement *r)
{
	if (r->analysed)
		analysis_free(&r->an);
	r->analysed = false;
}

void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len)
{
	if (collection_size > 1)
		snprintf(buf, len, "%s#%d", p->file, p->index);
	else
		snprintf(buf, len, "%s", p->file);
}

void judge_print_text(FILE *f, const struct puzzle *p, const char *label,
		      const struct judgement *r, bool solution)
{
	for (int i = 0; i < p->nwarnings; i++)
		fprintf(f, "%s: warning\n", p->warnings[i]);
	if (r->verdict == VERDICT_ERROR) {
		fprintf(f, "%s\n%s: error\n", r->reason, label);
		return;
	}
	fprintf(f, "%s: %s", label, verdict_names[r->verdict]);
	if (p->has_stip)
		fprintf(f, "  %s", p->stip.text);
	if (p->title)
		fprintf(f, "  \"%s\"", p->title);
	if (r->verdict == VERDICT_SOUND && r->an.nkeys)
		fprintf(f, "  1.%s!", r->an.keys[0].text);
	else if (r->verdict != VERDICT_SOUND)
		fprintf(f, ": %s", r->reason);
	fputc('\n', f);
	if (solution && r->analysed && !r->an.timeout)
		report_solution(f, &r->an);
}

void judge_print_json(FILE *f, const struct puzzle *p, const struct judgement *r,
		      bool with_time)
{
	fputs("{\"file\":", f);
	json_string(f, p->file);
	fprintf(f, ",\"index\":%d,\"game\":", p->index);
	json_string(f, p->game ? p->game->id : "");
	fputs(",\"position\":", f);
	json_string(f, r->position);
	fputs(",\"stipulation\":", f);
	json_string(f, p->has_stip ? p->stip.text : "");
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
	fputs("],", f);
	if (r->analysed) {
		report_json_analysis(f, &r->an, p->stip.n);
		fprintf(f, ",\"nodes\":%llu", (unsigned long long)r->an.nodes_searched);
		if (with_time)
			fprintf(f, ",\"time\":%.3f", r->an.seconds);
	} else {
		fputs("\"keys\":{},\"cooks\":[],\"short_solutions\":[],\"tries\":[],\"duals\":0,"
		      "\"last_move_duals\":0,\"tree\":[]",
		      f);
	}
	fputs("}\n", f);
}
