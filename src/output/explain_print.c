/*
** explain_print.c -- the explanation of a verdict (judge/explain.h), as
** indented text lines under the verdict line and as JSON's "explain".
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/explain_print.h"
#include "base/strbuf.h"
#include "base/json.h"
#include "base/textsafe.h"
#include "output/solution_json.h"
#include "output/solution_text.h"

static const char *const role_names[] = {"", "cook", "key", "short solution"};

/* "2.Rc7-c5#", "1...Kd6": a move numbered by its ply; "(pass)" a pass of
   a line; `mark` after it ("!" a key). */
static void numbered(const struct explain_move *m, const char *mark, char *buf, size_t len)
{
	const char *text = m->note.move == MOVE_NONE && !m->note.text[0] ? "(pass)" : m->note.text;
	snprintf(buf, len, "%d%s%s%s", m->ply / 2 + 1, m->ply % 2 ? "..." : ".", text, mark);
}

/* ---- text ---- */

static void print_list(FILE *f, const struct explain_list *l, const char *mark)
{
	for (int i = 0; i < l->n; i++) {
		char buf[80];
		numbered(&l->m[i], mark, buf, sizeof buf);
		text_fprintf(f, "%s%s", i ? ", " : "", buf);
	}
	if (l->more)
		text_fprintf(f, " (and %d more)", l->more);
}

/* A key's line of play, indented under the explanation. */
static void print_tree(FILE *f, const struct analysis *a, int k)
{
	text_key(f, a, k, "      ");
}

static void print_refutations(FILE *f, int n, const struct explanation *e)
{
	char key[80];
	numbered(&e->intended, "", key, sizeof key);
	if (e->ends) {
		text_fprintf(
		    f, "  the file's key %s does not win in %d: it ends the game without a win\n",
		    key, n);
		return;
	}
	text_fprintf(f,
	             "  the file's key %s does not win in %d; the defence%s that would have to be "
	             "stopped: ",
	             key, n, e->refutations.n + e->refutations.more == 1 ? "" : "s");
	print_list(f, &e->refutations, "!");
	fputc('\n', f);
}

/* "1.Rc7-c4 Ke5-d6", the line before the move that differs, as in print. */
/* The line before the move in question, added to b, whole. */
static void print_line(const struct explanation *e, struct strbuf *b)
{
	for (int i = 0; i < e->line_plies; i++) {
		const struct explain_move *m = &e->line[i];
		char one[80]; /* numbered: bounded */
		numbered(m, "", one, sizeof one);
		const char *text = strstr(one, "...") ? strstr(one, "...") + 3 : one;
		strbuf_printf(b, "%s%s", i ? " " : "", m->ply % 2 == 0 ? one : text);
	}
}

/* The move in question, numbered, added to b: maat's text when it is
   legal, else the file's, whole. */
static void given_numbered(const struct explanation *e, struct strbuf *b)
{
	if (!e->given_text) {
		char one[80]; /* numbered: bounded */
		numbered(&e->given, "", one, sizeof one);
		strbuf_puts(b, one);
		return;
	}
	strbuf_printf(b, "%d%s%s", e->given.ply / 2 + 1, e->given.ply % 2 ? "..." : ".",
	              e->given_text);
}

static void print_truth(FILE *f, const struct explanation *e)
{
	const struct explain_list *l = &e->truth;
	switch (e->truth_kind) {
	case TRUTH_CONTINUATIONS:
		if (l->n == 0) {
			text_fprintf(f, "  the truth: nothing wins there\n");
			return;
		}
		text_fprintf(f, "  the truth: %s ",
		             l->n + l->more == 1 ? "what wins there is" : "what wins there:");
		print_list(f, l, "");
		text_fprintf(f, " (in %d)\n", l->m[0].wins_in);
		return;
	case TRUTH_DEFENCES:
		text_fprintf(f, "  the truth: %s ",
		             l->n + l->more == 1 ? "the legal move there is"
		                                 : "the legal moves there are");
		print_list(f, l, "");
		fputc('\n', f);
		return;
	case TRUTH_KEYS:
		if (e->kind == CLAIM_TRY_WINS || e->kind == CLAIM_KEY_FAILS)
			return; /* their lines of play follow */
		text_fprintf(f, "  the truth: ");
		if (l->n == 0)
			text_fprintf(f, "no first move wins");
		for (int i = 0; i < l->n; i++) {
			char buf[80];
			numbered(&l->m[i], "!", buf, sizeof buf);
			text_fprintf(f, "%s%s (wins in %d)", i ? ", " : "", buf, l->m[i].wins_in);
		}
		if (l->more)
			text_fprintf(f, " (and %d more)", l->more);
		fputc('\n', f);
		return;
	default:
		return;
	}
}

void explain_print_text(FILE *f, const struct analysis *a, enum verdict v,
                        const struct explanation *e)
{
	if (!e->done)
		return;
	int n = a->stip.n;
	if (v == VERDICT_CLAIM_MISMATCH && e->kind != CLAIM_AGREES) {
		struct strbuf gb = STRBUF_INIT, lb = STRBUF_INIT;
		given_numbered(e, &gb);
		const char *given = strbuf_str(&gb);
		if (e->kind == CLAIM_KEY_FAILS) {
			print_refutations(f, n, e);
		} else if (e->kind == CLAIM_TRY_WINS) {
			text_fprintf(f, "  the file's try %s? wins in %d: it is a key\n", given,
			             e->truth.n ? e->truth.m[0].wins_in : n);
		} else {
			/* a defence after the line reads "1.Rc7-c4 Ke5-d6", as in print */
			print_line(e, &lb);
			const char *line = strbuf_str(&lb);
			const char *dots = strstr(given, "...");
			text_fprintf(
			    f, "  the file's line: %s%s%s%s\n", line, line[0] ? " " : "",
			    line[0] && dots ? dots + 3 : given,
			    e->kind == CLAIM_ILLEGAL          ? " (not a legal move)"
			    : e->kind == CLAIM_NOT_REFUTATION ? " (given as the refutation)"
			    : e->kind == CLAIM_OFF_LINE ? " (does not follow from the moves before)"
			    : e->kind == CLAIM_FALSE_ZUGZWANG
			        ? " (not zugzwang: it threatens)"
			        : " (does not win in the moves left)");
		}
		strbuf_free(&gb);
		strbuf_free(&lb);
		print_truth(f, e);
	} else if (e->has_intended && e->refuted) {
		print_refutations(f, n, e);
	} else if (e->has_intended && v == VERDICT_COOKED && e->named.n > 1) {
		text_fprintf(f, "  the file's keys: ");
		print_list(f, &e->named, "!");
		text_fprintf(f, e->all_named ? " (every key: the file's own solution is cooked)\n"
		                             : "\n");
	} else if (e->has_intended && v == VERDICT_COOKED) {
		char key[80];
		numbered(&e->intended, "", key, sizeof key);
		text_fprintf(f, "  the file's key: %s", key);
		if (e->intended.wins_in && e->intended.wins_in < n)
			text_fprintf(f, " (short: wins in %d)", e->intended.wins_in);
		fputc('\n', f);
	}
	if (v == VERDICT_NO_SOLUTION && !e->has_intended) {
		if (a->ntries == 0) {
			text_fprintf(
			    f, "  no try comes close (none fails to fewer than %d defences)\n",
			    ANALYSIS_MAX_REFS + 1);
		} else {
			text_fprintf(f, "  the nearest tries:\n");
			for (int i = 0; i < a->ntries; i++) {
				text_fprintf(f, "      1.%s? but", a->tries[i].note.text);
				for (int r = 0; r < a->tries[i].nrefs; r++)
					text_fprintf(f, "%s 1...%s!", r ? "," : "",
					             a->tries[i].refs[r].text);
				fputc('\n', f);
			}
		}
	}
	for (int k = 0; k < a->nkeys && k < MAX_MOVES; k++) {
		int r = e->role[k];
		if (r == EXPLAIN_NONE)
			continue;
		text_fprintf(f, "  %s 1.%s! (wins in %d):\n", role_names[r], a->keys[k].note.text,
		             a->keys[k].moves);
		print_tree(f, a, k);
	}
	if (e->cut)
		text_fprintf(f, "  (explanation cut short by --max-time or Ctrl-C)\n");
}

/* ---- JSON ---- */

static void json_list(FILE *f, const struct explain_list *l, const char *mark)
{
	fputc('[', f);
	for (int i = 0; i < l->n; i++) {
		char buf[80];
		numbered(&l->m[i], mark, buf, sizeof buf);
		fputs(i ? ",{\"move\":" : "{\"move\":", f);
		json_string(f, l->m[i].note.canon);
		fputs(",\"text\":", f);
		json_string(f, buf);
		if (l->m[i].wins_in)
			fprintf(f, ",\"wins_in\":%d", l->m[i].wins_in);
		fputc('}', f);
	}
	fputc(']', f);
}

static const char *const kind_names[] = {
    "agrees",           "illegal move", "key fails",      "try wins", "continuation fails",
    "not a refutation", "off the line", "false zugzwang",
};
static const char *const truth_names[] = {"none", "keys", "continuations", "defences"};

void explain_print_json(FILE *f, const struct analysis *a, enum verdict v,
                        const struct explanation *e)
{
	if (!e->done)
		return;
	fputs(",\"explain\":{\"intended\":", f);
	if (e->has_intended)
		json_string(f, e->intended.note.canon);
	else
		fputs("null", f);
	fprintf(f, ",\"intended_is_key\":%s", e->intended_key >= 0 ? "true" : "false");
	fputs(",\"named\":", f);
	json_list(f, &e->named, "");
	if (e->refuted) {
		fputs(",\"refutations\":", f);
		json_list(f, &e->refutations, "");
		fprintf(f, ",\"more_refutations\":%d", e->refutations.more);
		if (e->ends)
			fputs(",\"ends\":true", f);
	}
	fputs(",\"lines\":[", f);
	int first = 1;
	for (int k = 0; k < a->nkeys && k < MAX_MOVES; k++) {
		int r = e->role[k];
		if (r == EXPLAIN_NONE)
			continue;
		fputs(first ? "{\"role\":" : ",{\"role\":", f);
		first = 0;
		json_string(f, r == EXPLAIN_SHORT ? "short" : role_names[r]);
		fputs(",\"key\":", f);
		json_string(f, a->keys[k].note.canon);
		fprintf(f, ",\"wins_in\":%d,\"tree\":", a->keys[k].moves);
		solution_json_key(f, a, k);
		fputc('}', f);
	}
	fputs("],\"mismatch\":", f);
	if (v == VERDICT_CLAIM_MISMATCH && e->kind != CLAIM_AGREES) {
		fputs("{\"kind\":", f);
		json_string(f, kind_names[e->kind]);
		struct strbuf line = STRBUF_INIT, given = STRBUF_INIT;
		print_line(e, &line);
		given_numbered(e, &given);
		fputs(",\"line\":", f);
		json_string(f, strbuf_str(&line));
		fputs(",\"given\":", f);
		json_string(f, strbuf_str(&given));
		strbuf_free(&line);
		strbuf_free(&given);
		fputs(",\"truth_kind\":", f);
		json_string(f, truth_names[e->truth_kind]);
		fputs(",\"truth\":", f);
		json_list(f, &e->truth, e->truth_kind == TRUTH_KEYS ? "!" : "");
		fprintf(f, ",\"more\":%d}", e->truth.more);
	} else {
		fputs("null", f);
	}
	fprintf(f, ",\"complete\":%s}", e->cut ? "false" : "true");
}
