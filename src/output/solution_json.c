/*
** solution_json.c -- the solution as JSON members, for the JSON writer
** (jsonl.c) and explain's "tree" of a key.
*/
#include <stdlib.h>
#include <string.h>

#include "output/solution_json.h"
#include "base/json.h"
#include "output/solution_walk.h"
#include "play/play.h"
#include "solve/lines.h"

static void json_solver(FILE *f, const struct analysis *a, int i);

static void json_defence(FILE *f, const struct analysis *a, int i)
{
	const struct tree_node *d = &a->nodes[i];
	fputs("{\"move\":", f);
	json_string(f, d->note.canon);
	fputs(",\"text\":", f);
	json_string(f, d->note.text);
	if (d->covered)
		fputs(",\"covered\":true", f);
	if (d->ends)
		fputs(",\"ends\":true", f);
	if (d->refutes)
		fputs(",\"refutes\":true", f);
	fputs(",\"continuations\":[", f);
	int first = 1;
	for (int c = d->child; c >= 0; c = a->nodes[c].sibling) {
		if (!first)
			fputc(',', f);
		if (a->nodes[c].by_solver)
			json_solver(f, a, c);
		else
			json_defence(f, a, c); /* a forced reply of self and reflex play */
		first = 0;
	}
	fputs("]}", f);
}

static void json_solver(FILE *f, const struct analysis *a, int i)
{
	const struct tree_node *t = &a->nodes[i];
	fputs("{\"move\":", f);
	json_string(f, t->note.canon);
	fputs(",\"text\":", f);
	json_string(f, t->note.text);
	fprintf(f, ",\"wins_in\":%d", t->moves_left);
	if (t->dual)
		fputs(",\"dual\":true", f);
	int threats = 0;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
		threats += a->nodes[c].threat;
	/* Popeye's and the text's "zugzwang.": no threat, though not the
	   last move, nor a check, nor under Option NoThreat, which JSON
	   does not tell (an empty threats list alone does not say it) */
	if (!walk_leaf(t) && walk_zugzwang(a, t, threats))
		fputs(",\"zugzwang\":true", f);
	fputs(",\"threats\":[", f);
	int first = 1;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].threat) {
			if (!first)
				fputc(',', f);
			json_solver(f, a, c);
			first = 0;
		}
	fputs("],\"defences\":[", f);
	first = 1;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
		if (!a->nodes[c].threat) {
			if (!first)
				fputc(',', f);
			json_defence(f, a, c);
			first = 0;
		}
	fputs("]}", f);
}

static void json_node_or_null(FILE *f, const struct analysis *a, int id)
{
	if (id >= 0 && a->nodes)
		json_solver(f, a, id);
	else
		fputs("null", f);
}

/* ["1.Kd8-c8 Ra1-a7 2.Kc8-b8 Ra7-c7#",...]: each line of set as the text
   writer prints it, marks and all (lines_format) */
static void json_line_texts(FILE *f, const struct line_set *set, enum line_plan plan,
                            bool winner_first)
{
	fputc('[', f);
	struct strbuf b = STRBUF_INIT; /* a line whole (2,048 bytes cut a ser-h#40's) */
	for (int i = 0; i < set->stored; i++) {
		if (i)
			fputc(',', f);
		strbuf_reset(&b); /* a line that failed said so; the next may fit */
		lines_format(set, i, plan, winner_first, &b);
		json_string(f, strbuf_failed(&b) ? "(out of memory)" : strbuf_str(&b));
	}
	strbuf_free(&b);
	fputc(']', f);
}

/* [["e8d7","a1a7"],...] */
static void json_lines(FILE *f, const struct line_set *set)
{
	fputc('[', f);
	for (int i = 0; i < set->stored; i++) {
		const struct solution_line *l = &set->lines[i];
		fputs(i ? ",[" : "[", f);
		for (int p = 0; p < l->plies; p++) {
			if (p)
				fputc(',', f);
			json_string(f, set->moves[l->first + p].canon);
		}
		fputc(']', f);
	}
	fputc(']', f);
}

/* Set play of battle play as {defence: [continuations]}: the corpus' shape. */
static void json_set_play_map(FILE *f, const struct analysis *a)
{
	fputc('{', f);
	if (a->set_node >= 0) {
		int first = 1;
		for (int d = a->nodes[a->set_node].child; d >= 0; d = a->nodes[d].sibling) {
			if (!first)
				fputc(',', f);
			first = 0;
			json_string(f, a->nodes[d].note.canon);
			fputs(":[", f);
			int k = 0;
			for (int c = a->nodes[d].child; c >= 0; c = a->nodes[c].sibling)
				if (a->nodes[c].by_solver) {
					if (k++)
						fputc(',', f);
					json_string(f, a->nodes[c].note.canon);
				}
			fputc(']', f);
		}
	}
	fputc('}', f);
}

/* Reflex play's wins at once that its solving side must play (S6), one
   ply each: battle and line play alike. */
static void json_must_win(FILE *f, const struct analysis *a, enum line_plan plan, bool first)
{
	fputs(",\"must_win\":", f);
	json_lines(f, &a->must_win);
	fputs(",\"must_win_texts\":", f);
	json_line_texts(f, &a->must_win, plan, first);
}

void solution_json_key(FILE *f, const struct analysis *a, int k)
{
	json_node_or_null(f, a, a->key_nodes ? a->key_nodes[k] : -1);
}

void solution_json_battle(FILE *f, const struct analysis *a)
{
	int n = a->stip.n;
	fputs(",\"keys\":{", f);
	for (int k = 0; k < a->nkeys; k++) {
		if (k)
			fputc(',', f);
		json_string(f, a->keys[k].note.canon);
		fprintf(f, ":%d", a->keys[k].moves);
	}
	fputs("},\"cooks\":[", f);
	for (int k = 1; k < a->nkeys; k++) {
		if (k > 1)
			fputc(',', f);
		json_string(f, a->keys[k].note.canon);
	}
	fputs("],\"short_solutions\":[", f);
	int first = 1;
	for (int k = 0; k < a->nkeys; k++)
		if (a->keys[k].moves < n) {
			if (!first)
				fputc(',', f);
			json_string(f, a->keys[k].note.canon);
			first = 0;
		}
	fputs("],\"tries\":[", f);
	for (int i = 0; i < a->ntries; i++) {
		const struct try_info *t = &a->tries[i];
		if (i)
			fputc(',', f);
		fputs("{\"move\":", f);
		json_string(f, t->note.canon);
		fputs(",\"refutations\":[", f);
		for (int r = 0; r < t->nrefs; r++) {
			if (r)
				fputc(',', f);
			json_string(f, t->refs[r].canon);
		}
		fputs("],\"tree\":", f);
		json_node_or_null(f, a, a->try_nodes ? a->try_nodes[i] : -1);
		fputc('}', f);
	}
	fprintf(f, "],\"duals\":%d,\"last_move_duals\":%d,\"tree\":[", a->duals,
	        a->last_move_duals);
	first = 1;
	for (int k = 0; k < a->nkeys; k++)
		if (a->key_nodes && a->key_nodes[k] >= 0 && a->nodes) {
			if (!first)
				fputc(',', f);
			json_solver(f, a, a->key_nodes[k]);
			first = 0;
		}
	fputs("],\"set_play\":", f);
	json_set_play_map(f, a);
	fputs(",\"set_play_tree\":", f);
	json_node_or_null(f, a, a->set_node);
	/* reflex play's wins at once that its solving side must play (S6) */
	json_must_win(f, a, PLAN_SERIES, false);
	fprintf(f, ",\"truncated\":%s", a->truncated ? "true" : "false");
}

void solution_json_lines(FILE *f, const struct analysis *a)
{
	bool first = stip_dots_first(&a->stip);
	enum line_plan plan = a->play->plan;
	fputs(",\"solutions\":", f);
	json_lines(f, &a->solutions);
	fputs(",\"solution_texts\":", f);
	json_line_texts(f, &a->solutions, plan, first);
	fprintf(f, ",\"count\":%d,\"short\":", a->solutions.count);
	json_lines(f, &a->short_sols);
	fputs(",\"short_texts\":", f);
	json_line_texts(f, &a->short_sols, plan, first);
	fprintf(f, ",\"short_count\":%d,\"set_play\":", a->short_sols.count);
	if (a->has_set_play)
		json_lines(f, &a->set_lines);
	else
		fputs("[]", f);
	fputs(",\"set_play_texts\":", f);
	if (a->has_set_play && a->play->set)
		json_line_texts(f, &a->set_lines, a->play->set->plan, !first);
	else
		fputs("[]", f);
	/* reflex play's wins its solving side must play (S6), one ply each */
	json_must_win(f, a, plan_alternates(plan) ? plan : PLAN_SERIES, first);
	int plies = a->solutions.stored ? a->solutions.lines[0].plies : 0;
	fprintf(f, ",\"duals\":%d", analysis_dual_plies(a));
	fputs(",\"branching\":[", f);
	for (int p = 0; p < plies; p++)
		fprintf(f, "%s%d", p ? "," : "", a->branching[p]);
	fprintf(f, "],\"truncated\":%s",
	        a->solutions.count > a->solutions.stored ||
	                a->short_sols.count > a->short_sols.stored
	            ? "true"
	            : "false");
}
