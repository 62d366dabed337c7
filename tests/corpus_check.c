/*
** corpus_check.c -- one corpus record against maat (see corpus_check.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "corpus_check.h"
#include "popeye_series_hash.h"
#include "claim/claim.h"
#include "games/game.h"
#include "play/play.h"
#include "solve/analysis.h"

/*
** Where maat answers otherwise than Popeye on purpose.  Each is a position
** or a convention the rules (../shared/rules.md) decide differently; the
** README and maat(1) say so.
*/
static const struct {
	const char *id, *why;
} known_differences[] = {
    {"py-hs-d-0098", "a pawn on its own first rank (Popeye's fairy convention): not a position "
                     "of orthodox chess (O1), maat refuses it"},
    {"py-hs-d-0245", "a pawn on the last rank: not a position of orthodox chess (O1)"},
    {"py-hs-d-0246", "a pawn on the last rank: not a position of orthodox chess (O1)"},
};

static const char *known_difference(const char *id)
{
	for (size_t i = 0; i < sizeof known_differences / sizeof known_differences[0]; i++)
		if (!strcmp(known_differences[i].id, id))
			return known_differences[i].why;
	return NULL;
}

#define WHY(...) (snprintf(out->why, sizeof out->why, __VA_ARGS__), out->ok = false)

/* "e2e4 e7e5" */
static void join_line(const struct line_set *set, int i, char *buf, size_t len)
{
	const struct solution_line *l = &set->lines[i];
	size_t used = 0;
	buf[0] = 0;
	for (int p = 0; p < l->plies && used + 20 < len; p++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", p ? " " : "",
		                         set->moves[l->first + p].canon);
}

static void join_record_line(const struct mj *line, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (const struct mj *m = line->child; m && used + 20 < len; m = m->next)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "", m->str);
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The record's lines and maat's (sets of lines; each set given as lines). */
static bool same_lines(const struct mj *want, const struct line_set *const *sets, int nsets,
                       char *why, size_t whylen)
{
	int nw = mj_len(want), nm = 0;
	for (int k = 0; k < nsets; k++)
		nm += sets[k]->count;
	if (nw != nm) {
		snprintf(why, whylen, "%d lines, Popeye %d", nm, nw);
		return false;
	}
	char **a = calloc((size_t)nw + 1, sizeof *a), **b = calloc((size_t)nm + 1, sizeof *b);
	bool same = a && b;
	int i = 0;
	for (const struct mj *l = want ? want->child : NULL; l && same; l = l->next) {
		a[i] = malloc(1024);
		join_record_line(l, a[i++], 1024);
	}
	i = 0;
	for (int k = 0; k < nsets && same; k++)
		for (int j = 0; j < sets[k]->stored; j++) {
			b[i] = malloc(1024);
			join_line(sets[k], j, b[i++], 1024);
		}
	if (same) {
		qsort(a, (size_t)nw, sizeof *a, cmp_str);
		qsort(b, (size_t)i, sizeof *b, cmp_str);
		for (int j = 0; j < nw && j < i && same; j++)
			if (strcmp(a[j], b[j]) != 0) {
				snprintf(why, whylen, "line '%s' against Popeye's '%s'", b[j],
				         a[j]);
				same = false;
			}
	}
	for (int j = 0; a && j < nw; j++)
		free(a[j]);
	for (int j = 0; b && j < nm; j++)
		free(b[j]);
	free(a);
	free(b);
	return same;
}

/* Sorted copies of lines, NULL out of memory (free with free_lines). */
static char **sorted_copy(char **lines, int n)
{
	char **c = calloc((size_t)n + 1, sizeof *c);
	for (int i = 0; c && i < n; i++)
		c[i] = lines[i];
	if (c)
		qsort(c, (size_t)n, sizeof *c, cmp_str);
	return c;
}

static int cmp_key_str(const void *key, const void *elem)
{
	return strcmp(key, *(char *const *)elem);
}

/* Does the record's set of lines (want) hold exactly lines (n of them)? */
static bool record_is(const struct mj *want, char **lines, int n)
{
	if (mj_len(want) != n)
		return false;
	char **mine = sorted_copy(lines, n);
	bool same = mine != NULL;
	char buf[1024];
	for (const struct mj *l = want ? want->child : NULL; l && same; l = l->next) {
		join_record_line(l, buf, sizeof buf);
		same = bsearch(buf, mine, (size_t)n, sizeof *mine, cmp_key_str) != NULL;
	}
	free(mine);
	return same; /* as many, each of the record's among them: the same */
}

/* Are maat's lines (sets: as many as they count, each kept one among
   them) exactly lines (n of them)? */
static bool maat_is(const struct line_set *const *sets, int nsets, char **lines, int n)
{
	int count = 0;
	for (int k = 0; k < nsets; k++)
		count += sets[k]->count;
	if (count != n)
		return false;
	char **mine = sorted_copy(lines, n);
	bool same = mine != NULL;
	char buf[1024];
	for (int k = 0; k < nsets && same; k++)
		for (int j = 0; j < sets[k]->stored && same; j++) {
			join_line(sets[k], j, buf, sizeof buf);
			same = bsearch(buf, mine, (size_t)n, sizeof *mine, cmp_key_str) != NULL;
		}
	free(mine);
	return same;
}

/*
** Series-help play where Popeye lists fewer lines than maat: its hash table
** loses the lines through a position a longer line came back to
** (tests/popeye_series_hash.h, maat(1)).  Told, not assumed: the emulation
** of Popeye's table must give the record's lines exactly, and the same
** emulation with the table keeping every line must give maat's.
*/
static bool popeye_series_hash_explains(const struct game *g, const void *pos,
                                        const struct stipulation *st, const struct play *pl,
                                        const struct mj *want, const struct line_set *const *sets,
                                        char *why, size_t len)
{
	if (pl->plan != PLAN_SERIES_HELP || st->target != TARGET_WIN || st->exact)
		return false;
	char **popeye = NULL, **every = NULL;
	struct popeye_series_options as_popeye = {.last_check = true};
	struct popeye_series_options as_maat = {.keep_least = true};
	int np = popeye_series_help_lines(g, pos, st->n, as_popeye, &popeye);
	int ne = popeye_series_help_lines(g, pos, st->n, as_maat, &every);
	bool explained =
	    np >= 0 && ne >= 0 && record_is(want, popeye, np) && maat_is(sets, 2, every, ne);
	if (explained)
		snprintf(why, len,
		         "Popeye's hash table loses series lines that come back to a position "
		         "(maat(1), series-help): maat %d lines, Popeye %d; emulated, its table "
		         "gives Popeye's %d, and kept whole maat's",
		         ne, np, np);
	popeye_series_lines_free(popeye, np > 0 ? np : 0);
	popeye_series_lines_free(every, ne > 0 ? ne : 0);
	return explained;
}

static bool same_keys(const struct analysis *a, const struct mj *keys, char *why, size_t whylen)
{
	bool bad = a->nkeys != mj_len(keys);
	for (int k = 0; k < a->nkeys && !bad; k++) {
		const struct mj *w = mj_get(keys, a->keys[k].note.canon);
		bad = !w || (int)w->num != a->keys[k].moves;
	}
	if (!bad)
		return true;
	size_t used = (size_t)snprintf(why, whylen, "keys");
	for (int k = 0; k < a->nkeys && used + 24 < whylen; k++)
		used += (size_t)snprintf(why + used, whylen - used, " %s(%d)",
		                         a->keys[k].note.canon, a->keys[k].moves);
	snprintf(why + used, whylen - used, ", Popeye %d keys", mj_len(keys));
	return false;
}

static bool same_tries(const struct analysis *a, const struct mj *rtries)
{
	if (a->ntries != mj_len(rtries))
		return false;
	for (const struct mj *t = rtries->child; t; t = t->next) {
		const struct mj *mv = mj_get(t, "move"), *refs = mj_get(t, "refutations");
		if (!mv || !refs || !refs->child)
			return false;
		bool found = false;
		for (int i = 0; i < a->ntries && !found; i++)
			found = !strcmp(a->tries[i].note.canon, mv->str) &&
			        a->tries[i].nrefs == 1 &&
			        !strcmp(a->tries[i].refs[0].canon, refs->child->str);
		if (!found)
			return false;
	}
	return true;
}

/* Battle set play: {defence: [continuations]} as the record writes it. */
static bool same_set_map(const struct analysis *a, const struct mj *want, char *why, size_t whylen)
{
	int defences = 0;
	if (a->set_node >= 0)
		for (int d = a->nodes[a->set_node].child; d >= 0; d = a->nodes[d].sibling) {
			defences++;
			const struct mj *cont = mj_get(want, a->nodes[d].note.canon);
			int n = 0;
			for (int c = a->nodes[d].child; c >= 0; c = a->nodes[c].sibling) {
				if (!a->nodes[c].by_solver)
					continue;
				bool found = false;
				for (const struct mj *m = cont ? cont->child : NULL; m && !found;
				     m = m->next)
					found = !strcmp(m->str, a->nodes[c].note.canon);
				if (!found) {
					snprintf(why, whylen, "set play 1...%s %s not Popeye's",
					         a->nodes[d].note.canon, a->nodes[c].note.canon);
					return false;
				}
				n++;
			}
			if (!cont || n != mj_len(cont)) {
				snprintf(why, whylen,
				         "set play after 1...%s: %d answers, Popeye %d",
				         a->nodes[d].note.canon, n, cont ? mj_len(cont) : -1);
				return false;
			}
		}
	int want_n = 0;
	for (const struct mj *m = want->child; m; m = m->next)
		want_n++;
	if (defences != want_n) {
		snprintf(why, whylen, "set play: %d defences, Popeye %d", defences, want_n);
		return false;
	}
	return true;
}

void corpus_check_record(const struct mj *rec, struct tt *tt, const struct corpus_filter *flt,
                         struct corpus_result *out)
{
	memset(out, 0, sizeof *out);
	out->ok = true;
	const struct game *g = game_find("chess");
	const char *fen = mj_get(rec, "fen")->str, *status = mj_get(rec, "status")->str;
	const struct mj *stip_text = mj_get(rec, "stipulation");
	struct stipulation st;
	char err[256];
	if (!stip_text || stip_parse(stip_text->str, &st, err, sizeof err) != 0) {
		WHY("stipulation: %s", err);
		return;
	}
	const struct play *pl = play_of(st.kind);
	snprintf(out->play, sizeof out->play, "%s", pl ? pl->name : "?");
	double n = mj_get(rec, "n")->num;
	if (n < flt->min_n || n > flt->max_n || (flt->play && strcmp(flt->play, out->play) != 0) ||
	    (flt->id && strcmp(flt->id, mj_get(rec, "id")->str) != 0)) {
		out->skipped = true;
		return;
	}
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	int parsed = g->parse(pos, fen, err, sizeof err);
	if (strcmp(status, "ok") != 0) {
		if (parsed == 0)
			WHY("Popeye refuses the position, maat accepts it");
		return;
	}
	if (parsed != 0) {
		out->known = known_difference(mj_get(rec, "id")->str);
		if (!out->known)
			WHY("maat refuses the position: %s", err);
		return;
	}
	if (!pl) {
		WHY("no play row for %s", st.text);
		return;
	}
	const struct mj *rtries = mj_get(rec, "tries"), *set = mj_get(rec, "set_play");
	struct problem pb = {
	    .g = g,
	    .pos = pos,
	    .stip = st,
	    .play = pl,
	    .max_refs = flt->tries && rtries ? 1 : 0,
	    .set_play = set != NULL,
	    .tt = tt,
	    .hash_mb = 16,
	};
	if (flt->max_seconds > 0)
		pb.limits.deadline = search_clock() + flt->max_seconds;
	struct analysis a;
	clock_t c0 = clock();
	if (analysis_run(&pb, &a) != 0) {
		WHY("out of memory");
		return;
	}
	/* CPU time, not wall time: other work on the machine must not count. */
	out->seconds = (double)(clock() - c0) / CLOCKS_PER_SEC;
	if (a.timeout) {
		WHY("timeout");
	} else if (pl->family == FAMILY_LINES) {
		const struct line_set *sets[2] = {&a.short_sols, &a.solutions};
		char why[512];
		if (!same_lines(mj_get(rec, "solutions"), sets, 2, why, sizeof why)) {
			if (popeye_series_hash_explains(g, pos, &st, pl, mj_get(rec, "solutions"),
			                                sets, out->known_why,
			                                sizeof out->known_why))
				out->known = out->known_why;
			else
				WHY("solutions: %s", why);
		} else if (set) {
			const struct line_set *s1[1] = {&a.set_lines};
			if (!same_lines(set, s1, 1, why, sizeof why))
				WHY("set play: %s", why);
		}
	} else {
		char why[512];
		if (!same_keys(&a, mj_get(rec, "key_min_moves"), why, sizeof why))
			WHY("%s", why);
		else if (pb.max_refs && st.n > 1 && !same_tries(&a, rtries))
			WHY("tries differ (%d, Popeye %d)", a.ntries, mj_len(rtries));
		else if (set && set->type == MJ_OBJ && !same_set_map(&a, set, why, sizeof why))
			WHY("%s", why);
	}
	/* Popeye's own text of the solution, as a file would claim it: read
	   back, it agrees (whatever the verdict: every line and key it names
	   is true) */
	const struct mj *printed = mj_get(rec, "popeye_output");
	if (out->ok && flt->claims && printed && printed->str && *printed->str && !a.timeout) {
		struct strbuf why = STRBUF_INIT;
		pb.claim = printed->str;
		out->claim_checked = true;
		int rc = claim_check_why(&pb, &a, &why, NULL);
		if (rc != CLAIM_OK)
			WHY("Popeye's printed solution read as the claim: %s", strbuf_str(&why));
		strbuf_free(&why);
	}
	analysis_free(&a);
}
