/*
** verdict.c -- the verdict rules of the two families of plays (S4, S5, S9).
**
** Order of verdicts: timeout, no solution, cooked, short, duals, claim mismatch,
** sound (input errors and unsupported features are the judge's, before).
**
** Battle play: one key that needs all N moves (S4).  Line play (S9): the
** intended number of solutions and no short one.  Solutions are counted as
** YACPDB's soundness check counts them: lines that part at the first ply
** (h#N.5: at the first two, the winning side's move and the reply) are
** solutions (more than intended: cooked); lines that part later are one
** solution with duals: more of them than the file intends (one line a
** first move, or the shape "2.1.1.1") is the verdict duals, never sound.
** --count lines (COUNT_LINES) counts every line a solution instead.  Fewer
** solutions than the file intends is a claim of the file the truth does
** not bear out.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/verdict.h"
#include "claim/claim.h"
#include "play/play.h"
#include "solve/lines.h"

/* The keys, each whole: the first ones while the list is under
   KEYS_SHOWN bytes (a line a reader takes in), then ", ..." for the rest
   (they are all in the solution). */
#define KEYS_SHOWN 600
static void list_keys(const struct analysis *a, struct strbuf *b)
{
	size_t start = b->len;
	int k = 0;
	for (; k < a->nkeys && b->len - start + 40 < KEYS_SHOWN; k++)
		strbuf_printf(b, "%s1.%s! (wins in %d)", k ? ", " : "", a->keys[k].note.text,
		              a->keys[k].moves);
	if (k < a->nkeys)
		strbuf_puts(b, ", ...");
}

static void timeout_reason(const struct problem *pb, struct verdict_info *v)
{
	v->verdict = VERDICT_TIMEOUT;
	strbuf_clear(&v->reason);
	if (stop_requested(pb->limits.stop))
		strbuf_printf(&v->reason, "interrupted before an answer");
	else
		strbuf_printf(&v->reason, "no answer within %g s (--max-time)", pb->max_seconds);
}

/* After a verdict found before the search's limit stopped it: a cook or
   a short solution is a fact whatever the rest of the search would show. */
static void stopped_note(const struct problem *pb, struct verdict_info *v)
{
	strbuf_printf(&v->reason, " (the search stopped there: %s)",
	              stop_requested(pb->limits.stop) ? "interrupted" : "--max-time reached");
}

/* The claim decides between sound and claim mismatch; a claim that could
   not be checked is no mismatch (S4: "agrees with the computed one"). */
static void claim_verdict(const struct problem *pb, const struct analysis *a,
                          struct verdict_info *v)
{
	switch (claim_check_why(pb, a, &v->reason, NULL)) {
	case CLAIM_OK:
		v->verdict = VERDICT_SOUND;
		strbuf_clear(&v->reason);
		break;
	case CLAIM_DIFFERS:
		v->verdict = VERDICT_CLAIM_MISMATCH;
		break;
	case CLAIM_TIMEOUT:
		timeout_reason(pb, v);
		break;
	default:
		v->verdict = VERDICT_ERROR;
		strbuf_reset(&v->reason);
		strbuf_printf(&v->reason, "out of memory while checking the claim");
		break;
	}
}

static void some_lines(const struct problem *pb, const struct line_set *set, bool set_play,
                       struct strbuf *b);

void verdict_battle(const struct problem *pb, const struct analysis *a, struct verdict_info *v)
{
	const struct stipulation *st = &pb->stip;
	bool unsound = a->nkeys > 1 || (a->nkeys == 1 && a->keys[0].moves < st->n);
	if (a->timeout && !unsound) {
		timeout_reason(pb, v);
	} else if (a->nkeys == 0 && a->must_win.count > 0) {
		v->verdict = VERDICT_NO_SOLUTION;
		strbuf_printf(&v->reason, "the solving side must win at once (S6): ");
		some_lines(pb, &a->must_win, false, &v->reason);
	} else if (a->nkeys == 0) {
		v->verdict = VERDICT_NO_SOLUTION;
		strbuf_printf(&v->reason, "no first move %s in %d", pb->play->aim, st->n);
	} else if (a->nkeys > 1) {
		v->verdict = VERDICT_COOKED;
		strbuf_printf(&v->reason, "%d keys: ", a->nkeys);
		list_keys(a, &v->reason);
		if (a->timeout)
			stopped_note(pb, v);
	} else if (a->keys[0].moves < st->n) {
		v->verdict = VERDICT_SHORT;
		strbuf_printf(&v->reason, "1.%s! %s in %d, fewer than %d", a->keys[0].note.text,
		              pb->play->aim, a->keys[0].moves, st->n);
		if (a->timeout)
			stopped_note(pb, v);
	} else {
		claim_verdict(pb, a, v);
	}
}

/* The first lines of a set, "; "-separated, each whole (lines_format),
   for a reason: lines while the list is under LINES_SHOWN bytes, then
   "; ..." (they are all in the solution). */
#define LINES_SHOWN 600
static void some_lines(const struct problem *pb, const struct line_set *set, bool set_play,
                       struct strbuf *b)
{
	bool winner_first = stip_dots_first(&pb->stip) != set_play;
	size_t start = b->len;
	int i = 0;
	for (; i < set->stored && b->len - start + 80 < LINES_SHOWN; i++) {
		if (i)
			strbuf_puts(b, "; ");
		lines_format(set, i, pb->play->plan, winner_first, b);
	}
	if (set->count > i)
		strbuf_puts(b, "; ...");
}

int intended_shape(const char *spec, const struct stipulation *st, int plies, int *want, int *first,
                   struct strbuf *err)
{
	/* h#N.5: the solutions part at the second ply (h#0.5 has one ply) */
	*first = stip_dots_first(st) && plies > 1 ? 1 : 0;
	for (int p = 0; p < plies && p < ANALYSIS_MAX_PLIES; p++)
		want[p] = 1;
	if (!spec || !*spec)
		return 1;
	/* "3", "2.2.1.1", "4.1.1..." */
	long parts[ANALYSIS_MAX_PLIES];
	int nparts = 0;
	bool open = false;
	const char *s = spec;
	while (isspace((unsigned char)*s))
		s++;
	while (*s) {
		if (!isdigit((unsigned char)*s) || nparts == ANALYSIS_MAX_PLIES)
			goto bad;
		long v = 0;
		while (isdigit((unsigned char)*s) && v < 100000)
			v = v * 10 + (*s++ - '0');
		if (v < 1)
			goto bad;
		parts[nparts++] = v;
		if (!strncmp(s, "...", 3)) {
			open = true;
			s += 3;
			break;
		}
		if (*s == '.')
			s++;
		else
			break;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (*s || nparts == 0)
		goto bad;
	if (nparts == 1 && !open) {
		if (*first < plies)
			want[*first] = (int)parts[0];
		return (int)parts[0];
	}
	long total = 1;
	for (int p = 0; p < plies && p < ANALYSIS_MAX_PLIES; p++) {
		want[p] = p < nparts ? (int)parts[p] : open ? -1 : 1;
		if (want[p] > 0 && total < 1000000)
			total *= want[p];
	}
	*first = 0;
	return (int)total;
bad:
	strbuf_printf(err,
	              "intended-solutions '%s' is not a count (\"2\") nor a shape (\"2.1.1.1\", "
	              "\"4.1...\")",
	              spec);
	return -1;
}

/* The solutions as YACPDB counts them when intended-solutions is one count:
   the lines' different beginnings up to and including ply `first` (h#N.5:
   the winning side's first move and the reply, so two solutions that part
   at the first move are two, not a cook).  The set is sorted, so lines
   with a beginning in common are together; -1 when lines were not kept. */
static int solutions_through(const struct line_set *set, int first)
{
	if (set->count > set->stored)
		return -1;
	int n = 0;
	for (int i = 0; i < set->stored; i++) {
		const struct solution_line *l = &set->lines[i];
		bool same = i > 0;
		for (int p = 0; same && p <= first && p < l->plies; p++)
			same = set->lines[i - 1].plies > p &&
			       set->moves[set->lines[i - 1].first + p].move ==
			           set->moves[l->first + p].move;
		n += !same;
	}
	return n;
}

void verdict_lines(const struct problem *pb, const struct analysis *a, struct verdict_info *v)
{
	const struct stipulation *st = &pb->stip;
	int plies = lines_plies(pb->play->plan, st->n, st->half);
	int want[ANALYSIS_MAX_PLIES], first;
	int intended = intended_shape(pb->intended, st, plies, want, &first, &v->reason);
	if (a->timeout && a->short_sols.count == 0) {
		timeout_reason(pb, v);
		return;
	}
	if (intended < 0) {
		v->verdict = VERDICT_ERROR;
		return;
	}
	if (a->timeout) { /* short lines found before the limit: unsound all the same */
		v->verdict = VERDICT_SHORT;
		strbuf_printf(&v->reason, "%d short solution%s: ", a->short_sols.count,
		              a->short_sols.count == 1 ? "" : "s");
		some_lines(pb, &a->short_sols, false, &v->reason);
		stopped_note(pb, v);
		return;
	}
	if (a->solutions.count == 0 && a->short_sols.count == 0) {
		v->verdict = VERDICT_NO_SOLUTION;
		strbuf_printf(&v->reason, "no solution in %s", st->text);
		return;
	}
	/* one count at ply `first` (h#N.5): the beginnings through it are the
	   solutions; else ply by ply */
	int counted = first > 0 ? solutions_through(&a->solutions, first) : -1;
	if (counted < 0)
		counted = a->branching[first];
	/* --count lines: every line a solution, against the lines intended
	   (a shape left open, "4.1...", intends no number of lines) */
	bool by_lines = v->count == COUNT_LINES, open = false;
	for (int p = 0; p < plies && p < ANALYSIS_MAX_PLIES; p++)
		open |= want[p] < 0;
	if (by_lines)
		counted = open ? -1 : a->solutions.count;
	int wanted = by_lines ? (open ? -1 : intended) : want[first];
	if (a->solutions.count > 0 && wanted > 0 && counted > wanted) {
		v->verdict = VERDICT_COOKED;
		strbuf_printf(&v->reason, "%d solutions%s, %d intended: ", a->solutions.count,
		              by_lines ? " (lines)" : "", intended);
		some_lines(pb, &a->solutions, false, &v->reason);
		return;
	}
	if (a->short_sols.count > 0) {
		v->verdict = VERDICT_SHORT;
		strbuf_printf(&v->reason, "%d short solution%s: ", a->short_sols.count,
		              a->short_sols.count == 1 ? "" : "s");
		some_lines(pb, &a->short_sols, false, &v->reason);
		if (a->partial) /* not a cook's count: the full length was not searched */
			strbuf_puts(&v->reason,
			            " (StopOnShortSolutions: no longer line looked for)");
		return;
	}
	/* more lines after the solutions' first moves than the file intends:
	   duals, which YACPDB flags ("Has duals") and a judge reads as a cook
	   of the play; never sound with the lines hidden behind the count */
	int dual_ply = -1;
	for (int p = first + 1; !by_lines && p < plies && p < ANALYSIS_MAX_PLIES && dual_ply < 0;
	     p++)
		if (want[p] > 0 && a->branching[p] > want[p])
			dual_ply = p;
	if (dual_ply >= 0 && a->solutions.count > 0) {
		v->verdict = VERDICT_DUALS;
		strbuf_printf(&v->reason,
		              "%d lines after %d first move%s, %d intended: ", a->solutions.count,
		              counted, counted == 1 ? "" : "s", intended);
		some_lines(pb, &a->solutions, false, &v->reason);
		return;
	}
	/* the solutions the file intends, counted at the first ply (or lines) */
	if (wanted > 0 && counted < wanted) {
		v->verdict = VERDICT_CLAIM_MISMATCH;
		strbuf_printf(&v->reason, "the file intends %d solutions; there %s %d%s", wanted,
		              counted == 1 ? "is" : "are", counted, by_lines ? " (lines)" : "");
		return;
	}
	claim_verdict(pb, a, v);
}

void verdict_judge(const struct problem *pb, const struct analysis *a, struct verdict_info *v)
{
	if (pb->play->family == FAMILY_LINES)
		verdict_lines(pb, a, v);
	else
		verdict_battle(pb, a, v);
}
