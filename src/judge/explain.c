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

#include "judge/explain.h"
#include "base/textsafe.h"
#include "play/play.h"
#include "solve/search.h"

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

/* m at ply `ply` of the line ("2.Rc7-c5#", "1...Kd6" as the writers
   number it), with its marks. */
static void describe(struct search *s, move_t m, int ply, int wins_in, struct explain_move *out)
{
	move_note_init(&out->note, s->g, s->pos, m);
	search_make(s, m);
	move_t moves[MAX_MOVES];
	int n;
	enum result r = search_status(s, moves, &n);
	const char *mark = (r == RESULT_LOSS && n == 0) || r == RESULT_WIN ? "#"
	                   : r == RESULT_DRAW                              ? "="
	                   : s->g->in_check && s->g->in_check(s->pos)      ? "+"
	                                                                   : "";
	search_unmake(s, m);
	move_note_mark(&out->note, mark);
	out->ply = ply;
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
		if (only != MOVE_NONE && a->keys[k].note.move != only)
			continue;
		struct explain_list *l = &e->truth;
		if (l->n == EXPLAIN_MAX) {
			l->more++;
			continue;
		}
		struct explain_move *m = &l->m[l->n++];
		m->note = a->keys[k].note;
		m->ply = 0;
		m->wins_in = a->keys[k].moves;
	}
}

/* Where the file's line goes wrong, and what is true there. */
static void mismatch(struct search *s, int n, const struct claim_diff *d, const struct analysis *a,
                     struct explanation *e)
{
	e->kind = d->kind;
	int plies = d->plies;
	for (int i = 0; i < plies && i < ANALYSIS_MAX_PLIES; i++) {
		/* the refutation in question is the given move, not the line */
		if (d->kind == CLAIM_NOT_REFUTATION && i == 1)
			describe(s, d->line[i], i, 0, &e->given);
		else if (d->line[i] == MOVE_NONE)
			e->line[e->line_plies++] = (struct explain_move){.ply = i}; /* a pass */
		else
			describe(s, d->line[i], i, 0, &e->line[e->line_plies++]);
		if (d->line[i] == MOVE_NONE)
			search_make_null(s);
		else
			search_make(s, d->line[i]);
	}
	/* the move as it is (marks too), or as the file writes it when illegal */
	int at = d->kind == CLAIM_NOT_REFUTATION ? 1 : plies;
	if (d->given != MOVE_NONE && d->kind != CLAIM_NOT_REFUTATION)
		describe(s, d->given, at, 0, &e->given);
	if (!e->given.note.text[0]) {
		/* the file's text, whole (a move_note holds maat's own texts) */
		struct move_note *g = &e->given.note;
		memset(g, 0, sizeof *g);
		g->move = MOVE_NONE;
		const char *t = d->given_text ? d->given_text : "";
		size_t l = strlen(t);
		while (l > 0 && strchr("!?", t[l - 1]))
			l--; /* the file's marks, not part of the move */
		e->given_text = strndup(t, l);
		e->given.ply = at;
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
	case CLAIM_FALSE_ZUGZWANG: /* the threat: what wins after a pass */
		search_make_null(s);
		continuations(s, n, plies + 1, e);
		search_unmake_null(s);
		break;
	default:
		break;
	}
}

/* ---- which lines of play to show ---- */

/* Does the file name key k of the analysis? */
static bool named(const struct analysis *a, const struct explanation *e, int k)
{
	for (int i = 0; i < e->named.n; i++)
		if (e->named_moves[i] == a->keys[k].note.move)
			return true;
	return false;
}

static enum explain_role role_of(const struct analysis *a, enum verdict v,
                                 const struct explanation *e, int k)
{
	switch (v) {
	case VERDICT_COOKED:
		/* the cooks are the keys the file does not name (when it names
		   one at all) */
		for (int i = 0; i < a->nkeys; i++)
			if (named(a, e, i))
				return named(a, e, k) ? EXPLAIN_NONE : EXPLAIN_COOK;
		return EXPLAIN_KEY;
	case VERDICT_SHORT:
		return a->keys[k].moves < a->stip.n ? EXPLAIN_SHORT : EXPLAIN_NONE;
	case VERDICT_CLAIM_MISMATCH:
		if (e->kind == CLAIM_KEY_FAILS)
			return EXPLAIN_KEY;
		if (e->kind == CLAIM_TRY_WINS && e->truth.n &&
		    e->truth.m[0].note.move == a->keys[k].note.move)
			return EXPLAIN_KEY;
		return EXPLAIN_NONE;
	default:
		return EXPLAIN_NONE;
	}
}

static void roles(const struct analysis *a, enum verdict v, struct explanation *e)
{
	e->all_named = true;
	for (int k = 0; k < a->nkeys && k < MAX_MOVES; k++) {
		e->role[k] = (unsigned char)role_of(a, v, e, k);
		e->all_named &= named(a, e, k);
	}
}

/* The searches of the explanation (e->cut when one was stopped). */
static void work_out(const struct problem *pb, const struct analysis *a, enum verdict v,
                     struct explanation *e)
{
	int n = pb->stip.n;
	struct claim_diff d;
	struct strbuf why = STRBUF_INIT; /* (the verdict has said it) */
	int rc = claim_check_why(pb, a, &why, &d);
	strbuf_free(&why);
	if (rc < 0) {
		claim_diff_free(&d);
		e->cut = true;
		return;
	}
	struct search *s = problem_search(pb);
	if (!s) {
		claim_diff_free(&d);
		e->cut = true;
		return;
	}
	search_set_goal(s, pb->play->goal);
	if (setjmp(s->abort)) {
		claim_diff_free(&d);
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
			if (a->keys[k].note.move == d.intended)
				e->intended_key = k;
		if (e->intended_key < 0)
			refutations(s, n, d.intended, e);
		else
			e->intended.wins_in = a->keys[e->intended_key].moves;
	}
	if (v == VERDICT_CLAIM_MISMATCH && d.kind != CLAIM_AGREES)
		mismatch(s, n, &d, a, e);
	claim_diff_free(&d);
	search_free(s);
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
	work_out(pb, a, v, e);
	roles(a, v, e); /* (what was found before a search was stopped) */
}

void explanation_free(struct explanation *e)
{
	free(e->given_text);
	e->given_text = NULL;
}
