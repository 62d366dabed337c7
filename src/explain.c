/*
** explain.c -- `maat verify --explain` (issue "Composer", composer aids).
**
** The verdict says what is wrong; this says where to look.  The lines of
** play of the keys come from the analysis' tree (the one the solver
** prints).  What the analysis does not hold -- the refutations of a key
** the file claims but that fails, what wins at the point where the file's
** line goes wrong -- is searched here, on the thread's table, under the
** same time limit and Ctrl-C as the analysis.
*/
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "json.h"
#include "output/jsonl.h"
#include "output/text.h"
#include "play/play.h"
#include "solve/search.h"
#include "textsafe.h"

/* ---- moves, described ---- */

struct text_move {
	move_t m;
	char text[32];
};

static int by_text(const void *x, const void *y)
{
	return strcmp(((const struct text_move *)x)->text, ((const struct text_move *)y)->text);
}

static int sorted_moves(struct search *s, struct text_move *out)
{
	move_t moves[MAX_MOVES];
	int n;
	if (search_status(s, moves, &n) != RESULT_ONGOING)
		return 0;
	for (int i = 0; i < n; i++) {
		out[i].m = moves[i];
		s->g->move_text(s->pos, moves[i], MOVE_PRETTY, out[i].text, sizeof out[i].text);
	}
	qsort(out, (size_t)n, sizeof *out, by_text);
	return n;
}

/* "2.Rc7-c5#", "1...Kd6": m at ply `ply` of the line, with its mark. */
static void describe(struct search *s, move_t m, int ply, int wins_in, struct explain_move *out)
{
	char text[32];
	s->g->move_text(s->pos, m, MOVE_PRETTY, text, sizeof text);
	s->g->move_text(s->pos, m, MOVE_CANONICAL, out->canon, sizeof out->canon);
	search_make(s, m);
	move_t moves[MAX_MOVES];
	int n;
	enum result r = search_status(s, moves, &n);
	const char *mark = (r == RESULT_LOSS && n == 0) || r == RESULT_WIN ? "#"
	                   : r == RESULT_DRAW                              ? "="
	                   : s->g->in_check && s->g->in_check(s->pos)      ? "+"
	                                                                   : "";
	search_unmake(s, m);
	snprintf(out->text, sizeof out->text, "%d%s%s%s", ply / 2 + 1, ply % 2 ? "..." : ".", text,
	         mark);
	out->wins_in = wins_in;
}

static void add(struct explain_list *l, struct search *s, move_t m, int ply, int wins_in)
{
	if (l->n == EXPLAIN_MAX) {
		l->more++;
		return;
	}
	describe(s, m, ply, wins_in, &l->m[l->n++]);
}

/* ---- the searches ---- */

/* The defences after which first move `key` no longer wins in n. */
static void refutations(struct search *s, int n, move_t key, struct explanation *e)
{
	struct text_move sorted[MAX_MOVES];
	search_make(s, key);
	int count = sorted_moves(s, sorted);
	if (count == 0) {
		e->ends = true; /* stalemate, or a game over without a win */
	} else {
		for (int i = 0; i < count; i++) {
			search_make(s, sorted[i].m);
			bool refutes = !search_attack(s, n - 1);
			search_unmake(s, sorted[i].m);
			if (refutes)
				add(&e->refutations, s, sorted[i].m, 1, 0);
		}
	}
	search_unmake(s, key);
	e->refuted = true;
}

/* The solving side is to move at ply `ply`: its moves that win in the
   least number of moves left. */
static void continuations(struct search *s, int n, int ply, struct explanation *e)
{
	int left = n - ply / 2;
	e->truth_kind = TRUTH_CONTINUATIONS;
	if (left < 1)
		return;
	int j = search_attack_min(s, left);
	if (j <= 0)
		return;
	struct text_move sorted[MAX_MOVES];
	int count = sorted_moves(s, sorted);
	for (int i = 0; i < count; i++) {
		search_make(s, sorted[i].m);
		bool wins = search_after(s, j);
		search_unmake(s, sorted[i].m);
		if (wins)
			add(&e->truth, s, sorted[i].m, ply, j);
	}
}

static void keys(const struct analysis *a, move_t only, struct explanation *e)
{
	e->truth_kind = TRUTH_KEYS;
	for (int k = 0; k < a->nkeys; k++) {
		if (only != MOVE_NONE && a->keys[k].move != only)
			continue;
		struct explain_list *l = &e->truth;
		if (l->n == EXPLAIN_MAX) {
			l->more++;
			continue;
		}
		struct explain_move *m = &l->m[l->n++];
		snprintf(m->text, sizeof m->text, "1.%s!", a->keys[k].text);
		snprintf(m->canon, sizeof m->canon, "%s", a->keys[k].canon);
		m->wins_in = a->keys[k].moves;
	}
}

/* Where the file's line goes wrong, and what is true there. */
static void mismatch(struct search *s, int n, const struct claim_diff *d, const struct analysis *a,
                     struct explanation *e)
{
	e->kind = d->kind;
	size_t used = 0;
	int plies = d->plies;
	struct explain_move given = {"", "", 0};
	for (int i = 0; i < plies; i++) {
		char text[32] = "(pass)";
		if (d->kind == CLAIM_NOT_REFUTATION && i == 1)
			describe(s, d->line[i], i, 0, &given);
		if (d->line[i] != MOVE_NONE)
			s->g->move_text(s->pos, d->line[i], MOVE_PRETTY, text, sizeof text);
		/* the refutation in question is the given move, not the line */
		bool shown = !(d->kind == CLAIM_NOT_REFUTATION && i == 1);
		int w = !shown       ? 0
		        : i % 2 == 0 ? snprintf(e->line + used, sizeof e->line - used, "%s%d.%s",
		                                i ? " " : "", i / 2 + 1, text)
		                     : snprintf(e->line + used, sizeof e->line - used, " %s", text);
		if (w > 0 && (size_t)w < sizeof e->line - used)
			used += (size_t)w;
		if (d->line[i] == MOVE_NONE)
			search_make_null(s);
		else
			search_make(s, d->line[i]);
	}
	/* the move as it is (marks too), or as the file writes it when illegal */
	int at = d->kind == CLAIM_NOT_REFUTATION ? 1 : plies;
	if (d->given != MOVE_NONE && d->kind != CLAIM_NOT_REFUTATION)
		describe(s, d->given, at, 0, &given);
	if (given.text[0]) {
		snprintf(e->given, sizeof e->given, "%s", given.text);
	} else {
		snprintf(e->given, sizeof e->given, "%d%s%s", at / 2 + 1, at % 2 ? "..." : ".",
		         d->given_text);
		for (size_t l = strlen(e->given); l > 0 && strchr("!?", e->given[l - 1]); l--)
			e->given[l - 1] = 0; /* the file's marks, not part of the move */
	}
	switch (d->kind) {
	case CLAIM_ILLEGAL:
		if (plies == 0) {
			keys(a, MOVE_NONE, e);
		} else if (plies % 2 == 0) {
			continuations(s, n, plies, e);
		} else {
			struct text_move sorted[MAX_MOVES];
			int count = sorted_moves(s, sorted);
			e->truth_kind = TRUTH_DEFENCES;
			for (int i = 0; i < count; i++)
				add(&e->truth, s, sorted[i].m, plies, 0);
		}
		break;
	case CLAIM_KEY_FAILS:
		keys(a, MOVE_NONE, e);
		break;
	case CLAIM_TRY_WINS:
		keys(a, d->given, e);
		break;
	case CLAIM_CONTINUATION_FAILS:
	case CLAIM_NOT_REFUTATION:
		continuations(s, n, plies, e);
		break;
	default:
		break;
	}
}

void explain_run(const struct problem *pb, const struct analysis *a, enum verdict v,
                 struct explanation *e)
{
	memset(e, 0, sizeof *e);
	e->intended_key = -1;
	if (v != VERDICT_COOKED && v != VERDICT_SHORT && v != VERDICT_NO_SOLUTION &&
	    v != VERDICT_CLAIM_MISMATCH)
		return;
	e->done = true;
	int n = pb->stip.n;
	struct claim_diff d;
	char why[768];
	if (pb->play->check_claim(pb, a, why, sizeof why, &d) < 0) {
		e->cut = true;
		return;
	}
	struct search *s = problem_search(pb);
	if (!s) {
		e->cut = true;
		return;
	}
	search_set_goal(s, pb->play->goal);
	if (setjmp(s->abort)) {
		e->cut = true;
		search_free(s);
		return;
	}
	for (int i = 0; i < d.nclaimed; i++) {
		e->named_moves[i] = d.claimed[i];
		add(&e->named, s, d.claimed[i], 0, 0);
	}
	if (d.intended != MOVE_NONE) {
		e->has_intended = true;
		describe(s, d.intended, 0, 0, &e->intended);
		for (int k = 0; k < a->nkeys; k++)
			if (a->keys[k].move == d.intended)
				e->intended_key = k;
		if (e->intended_key < 0)
			refutations(s, n, d.intended, e);
		else
			e->intended.wins_in = a->keys[e->intended_key].moves;
	}
	if (v == VERDICT_CLAIM_MISMATCH && d.kind != CLAIM_AGREES)
		mismatch(s, n, &d, a, e);
	search_free(s);
}

/* ---- which lines of play to show ---- */

enum role { ROLE_NONE, ROLE_COOK, ROLE_KEY, ROLE_SHORT };
static const char *const role_names[] = {"", "cook", "key", "short solution"};

/* Does the file name key k of the analysis? */
static bool named(const struct analysis *a, const struct explanation *e, int k)
{
	for (int i = 0; i < e->named.n; i++)
		if (e->named_moves[i] == a->keys[k].move)
			return true;
	return false;
}

static enum role role_of(const struct analysis *a, enum verdict v, const struct explanation *e,
                         int k)
{
	switch (v) {
	case VERDICT_COOKED:
		/* the cooks are the keys the file does not name (when it names
		   one at all) */
		for (int i = 0; i < a->nkeys; i++)
			if (named(a, e, i))
				return named(a, e, k) ? ROLE_NONE : ROLE_COOK;
		return ROLE_KEY;
	case VERDICT_SHORT:
		return a->keys[k].moves < a->stip.n ? ROLE_SHORT : ROLE_NONE;
	case VERDICT_CLAIM_MISMATCH:
		if (e->kind == CLAIM_KEY_FAILS)
			return ROLE_KEY;
		if (e->kind == CLAIM_TRY_WINS && e->truth.n &&
		    !strcmp(e->truth.m[0].canon, a->keys[k].canon))
			return ROLE_KEY;
		return ROLE_NONE;
	default:
		return ROLE_NONE;
	}
}

/* ---- text ---- */

static void print_list(FILE *f, const struct explain_list *l, const char *mark)
{
	for (int i = 0; i < l->n; i++)
		text_fprintf(f, "%s%s%s", i ? ", " : "", l->m[i].text, mark);
	if (l->more)
		text_fprintf(f, " (and %d more)", l->more);
}

/* A key's line of play, indented under the explanation. */
static void print_tree(FILE *f, const struct analysis *a, int k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return;
	text_key(m, a, k);
	fclose(m);
	for (char *line = buf; line && *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		text_fprintf(f, "      %.*s\n", (int)n, line);
		line = nl ? nl + 1 : line + n;
	}
	free(buf);
}

static void print_refutations(FILE *f, int n, const struct explanation *e)
{
	if (e->ends) {
		text_fprintf(
		    f, "  the file's key %s does not win in %d: it ends the game without a win\n",
		    e->intended.text, n);
		return;
	}
	text_fprintf(f,
	             "  the file's key %s does not win in %d; the defence%s that would have to be "
	             "stopped: ",
	             e->intended.text, n, e->refutations.n + e->refutations.more == 1 ? "" : "s");
	print_list(f, &e->refutations, "!");
	fputc('\n', f);
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
		for (int i = 0; i < l->n; i++)
			text_fprintf(f, "%s%s (wins in %d)", i ? ", " : "", l->m[i].text,
			             l->m[i].wins_in);
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
		if (e->kind == CLAIM_KEY_FAILS) {
			print_refutations(f, n, e);
		} else if (e->kind == CLAIM_TRY_WINS) {
			text_fprintf(f, "  the file's try %s? wins in %d: it is a key\n", e->given,
			             e->truth.n ? e->truth.m[0].wins_in : n);
		} else {
			/* a defence after the line reads "1.Rc7-c4 Ke5-d6", as in print */
			const char *dots = strstr(e->given, "...");
			text_fprintf(
			    f, "  the file's line: %s%s%s%s\n", e->line, e->line[0] ? " " : "",
			    e->line[0] && dots ? dots + 3 : e->given,
			    e->kind == CLAIM_ILLEGAL          ? " (not a legal move)"
			    : e->kind == CLAIM_NOT_REFUTATION ? " (given as the refutation)"
			    : e->kind == CLAIM_OFF_LINE ? " (does not follow from the moves before)"
			                                : " (does not win in the moves left)");
		}
		print_truth(f, e);
	} else if (e->has_intended && e->refuted) {
		print_refutations(f, n, e);
	} else if (e->has_intended && v == VERDICT_COOKED && e->named.n > 1) {
		text_fprintf(f, "  the file's keys: ");
		print_list(f, &e->named, "!");
		bool all = true;
		for (int k = 0; k < a->nkeys; k++)
			all &= named(a, e, k);
		text_fprintf(f, all ? " (every key: the file's own solution is cooked)\n" : "\n");
	} else if (e->has_intended && v == VERDICT_COOKED) {
		text_fprintf(f, "  the file's key: %s", e->intended.text);
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
				text_fprintf(f, "      1.%s? but", a->tries[i].text);
				for (int r = 0; r < a->tries[i].nrefs; r++)
					text_fprintf(f, "%s 1...%s!", r ? "," : "",
					             a->tries[i].ref_text[r]);
				fputc('\n', f);
			}
		}
	}
	for (int k = 0; k < a->nkeys; k++) {
		enum role r = role_of(a, v, e, k);
		if (r == ROLE_NONE)
			continue;
		text_fprintf(f, "  %s 1.%s! (wins in %d):\n", role_names[r], a->keys[k].text,
		             a->keys[k].moves);
		print_tree(f, a, k);
	}
	if (e->cut)
		text_fprintf(f, "  (explanation cut short by --max-time or Ctrl-C)\n");
}

/* ---- JSON ---- */

static void json_list(FILE *f, const struct explain_list *l)
{
	fputc('[', f);
	for (int i = 0; i < l->n; i++) {
		fputs(i ? ",{\"move\":" : "{\"move\":", f);
		json_string(f, l->m[i].canon);
		fputs(",\"text\":", f);
		json_string(f, l->m[i].text);
		if (l->m[i].wins_in)
			fprintf(f, ",\"wins_in\":%d", l->m[i].wins_in);
		fputc('}', f);
	}
	fputc(']', f);
}

static const char *const kind_names[] = {
    "agrees",           "illegal move", "key fails", "try wins", "continuation fails",
    "not a refutation", "off the line",
};
static const char *const truth_names[] = {"none", "keys", "continuations", "defences"};

void explain_print_json(FILE *f, const struct analysis *a, enum verdict v,
                        const struct explanation *e)
{
	if (!e->done)
		return;
	fputs(",\"explain\":{\"intended\":", f);
	if (e->has_intended)
		json_string(f, e->intended.canon);
	else
		fputs("null", f);
	fprintf(f, ",\"intended_is_key\":%s", e->intended_key >= 0 ? "true" : "false");
	fputs(",\"named\":", f);
	json_list(f, &e->named);
	if (e->refuted) {
		fputs(",\"refutations\":", f);
		json_list(f, &e->refutations);
		fprintf(f, ",\"more_refutations\":%d", e->refutations.more);
		if (e->ends)
			fputs(",\"ends\":true", f);
	}
	fputs(",\"lines\":[", f);
	int first = 1;
	for (int k = 0; k < a->nkeys; k++) {
		enum role r = role_of(a, v, e, k);
		if (r == ROLE_NONE)
			continue;
		fputs(first ? "{\"role\":" : ",{\"role\":", f);
		first = 0;
		json_string(f, r == ROLE_SHORT ? "short" : role_names[r]);
		fputs(",\"key\":", f);
		json_string(f, a->keys[k].canon);
		fprintf(f, ",\"wins_in\":%d,\"tree\":", a->keys[k].moves);
		jsonl_key(f, a, k);
		fputc('}', f);
	}
	fputs("],\"mismatch\":", f);
	if (v == VERDICT_CLAIM_MISMATCH && e->kind != CLAIM_AGREES) {
		fputs("{\"kind\":", f);
		json_string(f, kind_names[e->kind]);
		fputs(",\"line\":", f);
		json_string(f, e->line);
		fputs(",\"given\":", f);
		json_string(f, e->given);
		fputs(",\"truth_kind\":", f);
		json_string(f, truth_names[e->truth_kind]);
		fputs(",\"truth\":", f);
		json_list(f, &e->truth);
		fprintf(f, ",\"more\":%d}", e->truth.more);
	} else {
		fputs("null", f);
	}
	fprintf(f, ",\"complete\":%s}", e->cut ? "false" : "true");
}
