/*
** report.c -- Popeye-like text and JSON for an analysis.
**
** Text layout: a key on its own line ("1.Qa7-f2! threat: 2.Qf2-c2#"),
** then each defence indented with its continuation.  A line of play with a
** single defence and a single continuation stays on one line, as in print
** ("1...Kd4 2.Qc5+ Ke4 3.Qe5#").  Defences answered by the threat are left
** out, as Popeye does; the JSON keeps them, flagged "covered".
*/
#include <string.h>

#include "json.h"
#include "report.h"

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

static void indent(FILE *f, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("    ", f);
}

static void print_defences(FILE *f, const struct analysis *a, int solver, int movenum, int depth,
                           bool inline_ok);

/* " threat: 2.X#, 2.Y#" after a solving-side move; false if it threatens nothing. */
static bool print_threats(FILE *f, const struct analysis *a, int solver, int movenum)
{
	if (count_children(a, solver, true) == 0)
		return false;
	fputs(" threat:", f);
	int n = 0;
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].threat)
			fprintf(f, "%s %d.%s", n++ ? "," : "", movenum, a->nodes[c].text);
	return true;
}

/* Continuations after a defence: the first is followed, duals named. */
static void print_continuations(FILE *f, const struct analysis *a, int defence, int movenum,
                                int depth)
{
	const struct tree_node *d = node(a, defence);
	int first = d->child;
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
	bool threatens = print_threats(f, a, first, movenum + 1);
	print_defences(f, a, first, movenum, depth, !threatens);
}

/* Defences after a solving-side move (on the current line if only one and
   inline_ok). */
static void print_defences(FILE *f, const struct analysis *a, int solver, int movenum, int depth,
                           bool inline_ok)
{
	int shown = 0;
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling)
		if (!a->nodes[c].threat && !a->nodes[c].covered)
			shown++;
	if (shown == 0) {
		fputc('\n', f);
		return;
	}
	if (shown == 1 && inline_ok) {
		for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
			if (a->nodes[c].threat || a->nodes[c].covered)
				continue;
			fprintf(f, " %s", a->nodes[c].text);
			print_continuations(f, a, c, movenum + 1, depth);
		}
		return;
	}
	fputc('\n', f);
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (a->nodes[c].threat || a->nodes[c].covered)
			continue;
		indent(f, depth + 1);
		fprintf(f, "%d...%s", movenum, a->nodes[c].text);
		print_continuations(f, a, c, movenum + 1, depth + 1);
	}
}

static void print_key(FILE *f, const struct analysis *a, int k)
{
	const struct key_info *key = &a->keys[k];
	int id = a->key_nodes[k];
	fprintf(f, "1.%s!", id >= 0 ? a->nodes[id].text : key->text);
	if (key->moves < a->n)
		fprintf(f, " (short: wins in %d)", key->moves);
	if (id < 0) {
		fputc('\n', f);
		return;
	}
	if (!print_threats(f, a, id, 2) && !a->no_threats && key->moves > 1 && !a->nodes[id].ends &&
	    !strchr(a->nodes[id].text, '+')) {
		/* a checking key threatens nothing and is no waiting move */
		fputs(" zugzwang.", f);
	}
	/* A lone defence goes on the key's line: "1.Kb4-c3! Bg7xh8#". */
	int shown = 0, only = -1;
	for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
		if (!a->nodes[c].threat && !a->nodes[c].covered) {
			shown++;
			only = c;
		}
	if (shown == 1 && count_children(a, id, true) == 0) {
		fprintf(f, " %s", a->nodes[only].text);
		print_continuations(f, a, only, 2, 0);
		return;
	}
	print_defences(f, a, id, 1, 0, false);
}

void report_key(FILE *f, const struct analysis *a, int k)
{
	print_key(f, a, k);
}

void report_solution(FILE *f, const struct analysis *a)
{
	for (int i = 0; i < a->ntries; i++) {
		const struct try_info *t = &a->tries[i];
		fprintf(f, "1.%s? but", t->text);
		for (int r = 0; r < t->nrefs; r++)
			fprintf(f, "%s 1...%s!", r ? "," : "", t->ref_text[r]);
		fputc('\n', f);
	}
	if (a->nkeys == 0)
		fprintf(f, "no solution in %d\n", a->n);
	for (int k = 0; k < a->nkeys; k++)
		print_key(f, a, k);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}

/* ---- JSON ---- */

static void json_solver(FILE *f, const struct analysis *a, int i);

static void json_defence(FILE *f, const struct analysis *a, int i)
{
	const struct tree_node *d = node(a, i);
	fputs("{\"move\":", f);
	json_string(f, d->canon);
	fputs(",\"text\":", f);
	json_string(f, d->text);
	if (d->covered)
		fputs(",\"covered\":true", f);
	if (d->ends)
		fputs(",\"ends\":true", f);
	fputs(",\"continuations\":[", f);
	int first = 1;
	for (int c = d->child; c >= 0; c = a->nodes[c].sibling) {
		if (!first)
			fputc(',', f);
		json_solver(f, a, c);
		first = 0;
	}
	fputs("]}", f);
}

static void json_solver(FILE *f, const struct analysis *a, int i)
{
	const struct tree_node *t = node(a, i);
	fputs("{\"move\":", f);
	json_string(f, t->canon);
	fputs(",\"text\":", f);
	json_string(f, t->text);
	fprintf(f, ",\"wins_in\":%d", t->moves_left);
	if (t->dual)
		fputs(",\"dual\":true", f);
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

void report_json_key(FILE *f, const struct analysis *a, int k)
{
	if (a->key_nodes && a->key_nodes[k] >= 0 && a->nodes)
		json_solver(f, a, a->key_nodes[k]);
	else
		fputs("null", f);
}

void report_json_analysis(FILE *f, const struct analysis *a, int n)
{
	fputs("\"keys\":{", f);
	for (int k = 0; k < a->nkeys; k++) {
		if (k)
			fputc(',', f);
		json_string(f, a->keys[k].canon);
		fprintf(f, ":%d", a->keys[k].moves);
	}
	fputs("},\"cooks\":[", f);
	for (int k = 1; k < a->nkeys; k++) {
		if (k > 1)
			fputc(',', f);
		json_string(f, a->keys[k].canon);
	}
	fputs("],\"short_solutions\":[", f);
	int first = 1;
	for (int k = 0; k < a->nkeys; k++)
		if (a->keys[k].moves < n) {
			if (!first)
				fputc(',', f);
			json_string(f, a->keys[k].canon);
			first = 0;
		}
	fputs("],\"tries\":[", f);
	for (int i = 0; i < a->ntries; i++) {
		const struct try_info *t = &a->tries[i];
		if (i)
			fputc(',', f);
		fputs("{\"move\":", f);
		json_string(f, t->canon);
		fputs(",\"refutations\":[", f);
		for (int r = 0; r < t->nrefs; r++) {
			if (r)
				fputc(',', f);
			json_string(f, t->ref_canon[r]);
		}
		fputs("]}", f);
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
	fprintf(f, "],\"truncated\":%s", a->truncated ? "true" : "false");
}
