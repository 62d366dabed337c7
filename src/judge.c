/*
** judge.c -- the verdict of one puzzle (issue "Verifier", rules S4, S5).
**
** Order of verdicts: input error, unsupported, timeout, no solution,
** cooked (more than one key), short (the one key wins sooner), claim
** mismatch (the file's solution names a move that is not the truth), sound.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "claim.h"
#include "json.h"
#include "report.h"
#include "textsafe.h"

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
	judge_problem(p, -1, o, tt, r);
}

void judge_problem(const struct puzzle *p, int twin, const struct judge_opts *o,
		   struct tt *tt, struct judgement *r)
{
	memset(r, 0, sizeof *r);
	r->twin = twin;
	if (p->error) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "%s", p->error);
		return;
	}
	const struct twin *t = twin >= 0 ? &p->twins[twin] : NULL;
	const unsigned char *pos = t ? t->pos : p->pos;
	bool has_position = t ? t->has_position : p->has_position;
	r->stip = t ? t->stip : p->stip;
	r->has_stip = p->has_stip;
	if (has_position)
		p->game->format(pos, r->position, sizeof r->position);
	if (p->unsupported || (t && t->unsupported)) {
		r->verdict = VERDICT_UNSUPPORTED;
		snprintf(r->reason, sizeof r->reason, "%s", p->unsupported ? p->unsupported :
										t->unsupported);
		return;
	}
	if (t && t->error) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "%s", t->error);
		return;
	}
	if (!has_position || !p->has_stip) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "%s:%d:1: %s", p->file, p->line,
			 has_position ? "no stipulation" : "no position");
		return;
	}
	const struct stipulation *st = &r->stip;
	if (st->kind != STIP_DIRECT) {
		r->verdict = VERDICT_UNSUPPORTED;
		snprintf(r->reason, sizeof r->reason, "%s play (%s) is not supported yet",
			 st->kind == STIP_HELP ? "help" : "self", st->text);
		return;
	}
	if (analysis_run(p->game, pos, st->n, &o->an, tt, &r->an) < 0) {
		r->verdict = VERDICT_ERROR;
		snprintf(r->reason, sizeof r->reason, "out of memory");
		return;
	}
	r->analysed = true;
	/* a twin's part of the solution ("b) ... 1.Qd4!"), or all of it */
	char *own = p->ntwins && p->twins_ready ? puzzle_twin_solution(p, twin) : NULL;
	const char *claim = p->ntwins && p->twins_ready ? own : p->solution;
	const struct analysis *a = &r->an;
	if (a->timeout) {
		r->verdict = VERDICT_TIMEOUT;
		snprintf(r->reason, sizeof r->reason, "no answer within %g s (--max-time)",
			 o->an.max_seconds);
	} else if (a->nkeys == 0) {
		r->verdict = VERDICT_NO_SOLUTION;
		snprintf(r->reason, sizeof r->reason, "no first move wins in %d", st->n);
	} else if (a->nkeys > 1) {
		r->verdict = VERDICT_COOKED;
		char keys[600];
		list_keys(a, keys, sizeof keys);
		snprintf(r->reason, sizeof r->reason, "%d keys: %s", a->nkeys, keys);
	} else if (a->keys[0].moves < st->n) {
		r->verdict = VERDICT_SHORT;
		snprintf(r->reason, sizeof r->reason, "1.%s! wins in %d, fewer than %d",
			 a->keys[0].text, a->keys[0].moves, st->n);
	} else if (claim_compare(p->game, pos, st->n, claim, a, tt, r->reason,
				 sizeof r->reason)) {
		r->verdict = VERDICT_CLAIM_MISMATCH;
	} else {
		r->verdict = VERDICT_SOUND;
	}
	if (o->explain && !a->timeout) {
		struct explain_opts eo = {.max_seconds = o->an.max_seconds, .stop = o->an.stop};
		explain_run(p->game, pos, st->n, claim, a, r->verdict, &eo, tt, &r->ex);
	}
	free(own);
}

void judgement_free(struct judgement *r)
{
	if (r->analysed)
		analysis_free(&r->an);
	r->analysed = false;
}

void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len)
{
	/* files of problems one after another: the line to look at */
	if (p->format != FORMAT_YAML)
		snprintf(buf, len, "%s:%d", p->file, p->line);
	else if (collection_size > 1)
		snprintf(buf, len, "%s#%d", p->file, p->index);
	else
		snprintf(buf, len, "%s", p->file);
}

/* The problem's twin label: "b", "a" for the diagram of a twin problem,
   NULL for a puzzle without twins. */
static const char *twin_label(const struct puzzle *p, const struct judgement *r)
{
	if (!p->ntwins || !p->twins_ready)
		return NULL;
	return r->twin >= 0 ? p->twins[r->twin].label : "a";
}

/* " duplex" after the label of a duplex part (Popeye's Duplex option). */
static const char *duplex_mark(const struct puzzle *p, const struct judgement *r)
{
	return r->twin >= 0 && p->twins_ready && p->twins[r->twin].duplex ? " duplex" : "";
}

void judge_print_text(FILE *f, const struct puzzle *p, const char *label,
		      const struct judgement *r, bool solution)
{
	/* the puzzle's warnings once, before its first problem */
	if (r->twin == puzzle_problem_twin(p, 0))
		for (int i = 0; i < p->nwarnings; i++)
			text_fprintf(f, "%s: warning\n", p->warnings[i]);
	const char *tl = twin_label(p, r);
	if (r->verdict == VERDICT_ERROR) {
		text_fprintf(f, "%s\n%s%s%s%s%s: error\n", r->reason, label, tl ? " twin " : "",
			tl ? tl : "", tl ? ")" : "", duplex_mark(p, r));
		return;
	}
	text_fprintf(f, "%s%s%s%s%s: %s", label, tl ? " twin " : "", tl ? tl : "", tl ? ")" : "",
		duplex_mark(p, r), verdict_names[r->verdict]);
	if (r->has_stip)
		text_fprintf(f, "  %s", r->stip.text);
	if (p->title)
		text_fprintf(f, "  \"%s\"", p->title);
	if (r->verdict == VERDICT_SOUND && r->an.nkeys)
		text_fprintf(f, "  1.%s!", r->an.keys[0].text);
	else if (r->verdict != VERDICT_SOUND)
		text_fprintf(f, ": %s", r->reason);
	fputc('\n', f);
	if (r->analysed && !r->an.timeout)
		explain_print_text(f, &r->an, r->verdict, &r->ex);
	if (solution && r->analysed && !r->an.timeout)
		report_solution(f, &r->an);
}

void judge_print_json(FILE *f, const struct puzzle *p, const struct judgement *r,
		      bool with_time)
{
	fputs("{\"file\":", f);
	json_string(f, p->file);
	fprintf(f, ",\"index\":%d,\"line\":%d", p->index, p->line);
	const char *tl = twin_label(p, r);
	if (tl) {
		fputs(",\"twin\":", f);
		json_string(f, tl);
		fputs(",\"twinning\":", f);
		json_string(f, r->twin >= 0 ? p->twins[r->twin].text : "");
		fprintf(f, ",\"continued\":%s",
			r->twin >= 0 && p->twins[r->twin].continued ? "true" : "false");
		if (*duplex_mark(p, r))
			fputs(",\"duplex\":true", f);
	}
	fputs(",\"game\":", f);
	json_string(f, p->game ? p->game->id : "");
	fputs(",\"position\":", f);
	json_string(f, r->position);
	fputs(",\"stipulation\":", f);
	json_string(f, r->has_stip ? r->stip.text : "");
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
		report_json_analysis(f, &r->an, r->stip.n);
		explain_print_json(f, &r->an, r->verdict, &r->ex);
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
