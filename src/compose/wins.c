/*
** wins.c -- the composer's searches for wins, as filters (see wins.h).
**
** Cheap tests come first: most random positions have no win in N at all,
** and the proof search says so fast.  The transposition table of a worker
** is kept from search to search: its entries are facts about positions,
** true whatever the root, so the economy pass (many near-identical
** positions) reuses most of the work.
*/
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose/wins.h"
#include "compose/backward.h"
#include "compose/place.h"
#include "notation/move_parse.h"
#include "play/play.h"
#include "solve/lines.h"

static int bound_at_root(struct worker *w, move_t key, int least);

/* Does the solver's move m win within n (the search at the root)? */
static bool wins_with(struct search *s, move_t m, int n)
{
	search_make(s, m);
	bool wins = search_after(s, n);
	search_unmake(s, m);
	return wins;
}

/*
** Exactly one first move wins within n, and nothing wins within n - 1:
** Q_SOUND and *key.  Each first move is searched once, the search ending
** at the second that wins (cooked); a search for any win first (as
** before) searched again every move it had tried.  With `want`, only its
** verdict matters (economy, idle men, climb: is the position sound with
** the key whose canonical text is want?): `hint`, a move that may be it
** (the key of the position one change away), is searched first when it
** is, and the answer is Q_NO_WIN as soon as want cannot be the one key
** (it does not win, or another move does).
*/
static enum quick verdict(struct worker *w, const void *pos, move_t *key, const char *want,
                          move_t hint, int least)
{
	const struct game *g = w->o->g;
	struct search *s = w->s;
	int n = w->o->stip.n;
	move_t moves[MAX_MOVES];
	int count;
	search_reset(s, pos);
	search_set_goal(s, play_of(w->o->stip.kind)->goal); /* direct, self, reflex */
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort))
		return Q_TIMEOUT;
	if (search_status(s, moves, &count) != RESULT_ONGOING || count == 0)
		return Q_NO_WIN;
	char canon[16];
	move_t first = MOVE_NONE;
	for (int i = 0; want && hint != MOVE_NONE && i < count && first == MOVE_NONE; i++)
		if (moves[i] == hint) {
			g->move_text(s->pos, hint, MOVE_CANONICAL, canon, sizeof canon);
			if (strcmp(canon, want) == 0)
				first = hint;
		}
	if (first != MOVE_NONE && !wins_with(s, first, n))
		return Q_NO_WIN;
	/* shallow first: a win in 1 is found at once, and most random
	   positions that win at all win too soon */
	for (int k = 1; k < n; k++)
		if (search_attack(s, k))
			return Q_SHORT;
	int found = first != MOVE_NONE;
	*key = first;
	for (int i = 0; i < count; i++) {
		if (moves[i] == first || !wins_with(s, moves[i], n))
			continue;
		if (found++)
			return Q_COOKED;
		*key = moves[i];
		/* too few variations after the first winning move: whether
		   another wins too (cooked) no longer matters, and the bound
		   costs one move's search where the cook costs the rest */
		if (least > 0 && !want && bound_at_root(w, moves[i], least) < least)
			return Q_FEW;
		if (want) {
			g->move_text(s->pos, moves[i], MOVE_CANONICAL, canon, sizeof canon);
			if (strcmp(canon, want) != 0)
				return Q_NO_WIN; /* another key, or cooked */
		}
	}
	return found == 1 ? Q_SOUND : Q_NO_WIN;
}

enum quick compose_quick_verdict(struct worker *w, const void *pos, move_t *key)
{
	return verdict(w, pos, key, NULL, MOVE_NONE, 0);
}

enum quick compose_quick_verdict_few(struct worker *w, const void *pos, int least, move_t *key)
{
	bool direct2 = w->o->stip.n == 2 && play_of(w->o->stip.kind)->goal == GOAL_DIRECT;
	return verdict(w, pos, key, NULL, MOVE_NONE, direct2 ? least : 0);
}

/* Whether trial is sound with the key key_canon: 1, 0, or -1 out of time;
   *key its key when sound (economy, idle men and every change climb and
   enrich try ask this of a position one man or piece away); hint the key
   of that position, or MOVE_NONE. */
int compose_sound_with_key(struct worker *w, const void *trial, const char *key_canon, move_t hint,
                           move_t *key)
{
	*key = MOVE_NONE;
	/* Q_SOUND with want: the one key is key_canon (verdict) */
	enum quick q = verdict(w, trial, key, key_canon, hint, 0);
	return q == Q_TIMEOUT ? -1 : q == Q_SOUND;
}

/* Is `m` among the n moves of `list`? */
static bool listed(const move_t *list, int n, move_t m)
{
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

/* compose_variations_bound with the search at the position (its root),
   counting up to `least` at most: the search's own abort (the caller's
   setjmp) ends it out of time. */
static int bound_at_root(struct worker *w, move_t key, int least)
{
	const struct game *g = w->o->g;
	struct search *s = w->s;
	move_t threats[MAX_MOVES], defences[MAX_MOVES], answers[MAX_MOVES], shown[MAX_MOVES];
	int nthreats = 0, ndefences, nanswers, nshown = 0;
	search_make(s, key);
	/* the threat: the solver's wins were the defender to pass; an answer
	   that is one is no variation (compose_variations) */
	if (g->make_null && g->has_threats) {
		search_make_null(s);
		if (search_status(s, answers, &nanswers) == RESULT_ONGOING)
			for (int i = 0; i < nanswers; i++)
				if (wins_with(s, answers[i], 1))
					threats[nthreats++] = answers[i];
		search_unmake_null(s);
	}
	search_status(s, defences, &ndefences);
	for (int d = 0; d < ndefences && nshown < least; d++) {
		search_make(s, defences[d]);
		move_t one = MOVE_NONE;
		int wins = 0;
		if (search_status(s, answers, &nanswers) == RESULT_ONGOING)
			for (int i = 0; i < nanswers && wins < 2; i++)
				if (wins_with(s, answers[i], 1)) {
					one = answers[i];
					wins++;
				}
		search_unmake(s, defences[d]);
		/* one answer (two: a dual, no variation), not the threat's, not
		   another defence's: at most one more variation */
		if (wins == 1 && !listed(threats, nthreats, one) && !listed(shown, nshown, one))
			shown[nshown++] = one;
	}
	search_unmake(s, key);
	return nshown;
}

int compose_variations_bound(struct worker *w, const void *pos, move_t key)
{
	struct search *s = w->s;
	if (w->o->stip.n != 2 || play_of(w->o->stip.kind)->goal != GOAL_DIRECT)
		return -1;
	search_reset(s, pos);
	search_set_goal(s, GOAL_DIRECT);
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort))
		return -1;
	return bound_at_root(w, key, MAX_MOVES);
}

/* Remove men while the problem stays sound with the same key and no fewer
   different wins (a man that makes a variation is needed: issue 22's
   economy); again until no man can go.  *variations gets the variations
   of what is left (compose_variations; -1 not counted), so that a
   problem with too few is dropped before its full judgement.  0, -1 out
   of time, -2 out of memory. */
int compose_economise(struct worker *w, void *pos, const char *key_canon, int *variations)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	struct setup s;
	g->get_setup(pos, &s);
	int wins = compose_wins_light(w, pos, variations);
	if (wins == WINS_TIMEOUT || wins == WINS_OOM)
		return wins == WINS_OOM ? -2 : -1;
	move_t key = game_parse_move(g, pos, key_canon, NULL, 0);
	/* wins not counted (the tree cut): no removal can be shown to keep
	   them, and compose_judge_and_score drops a problem it cannot judge whole
	   (every removal that kept the key went before) */
	if (wins < 0)
		return 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (int r = 0; r < g->ranks; r++)
			for (int f = 0; f < g->files; f++) {
				struct setup t;
				if (!compose_without_man(g, &s, f, r, &t, trial))
					continue;
				move_t k;
				int same = compose_sound_with_key(w, trial, key_canon, key, &k);
				if (same < 0)
					return -1;
				if (!same)
					continue;
				int v = -1;
				int now = compose_wins_light(w, trial, &v);
				if (now == WINS_TIMEOUT || now == WINS_OOM)
					return now == WINS_OOM ? -2 : -1;
				/* WINS_UNKNOWN is below any count: not taken */
				if (now < wins)
					continue;
				wins = now;
				*variations = v;
				key = k;
				s = t;
				memcpy(pos, trial, g->pos_size);
				changed = true;
			}
	}
	return 0;
}

/* The first ply at which the solutions are counted (YACPDB): the first,
   or the second when the winning side moves first (h#N.5). */
static int counting_ply(const struct stipulation *st)
{
	return stip_dots_first(st) ? 1 : 0;
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/*
** Exactly o->solutions lines of the stipulated length that part at the
** counting ply and nowhere else (no dual), and no shorter line (S9).  sig
** gets the solutions (canonical moves, sorted) for economy's comparisons.
*/
enum quick compose_quick_lines(struct worker *w, const void *pos, char *sig, size_t siglen)
{
	const struct compose_opts *o = w->o;
	const struct stipulation *st = &o->stip;
	enum line_plan plan = play_of(st->kind)->plan;
	struct search *s = w->s;
	struct line_set *set = calloc(1, sizeof *set);
	if (!set)
		return Q_TIMEOUT;
	search_reset(s, pos);
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort)) {
		line_set_free(set);
		free(set);
		return Q_TIMEOUT;
	}
	move_t moves[MAX_MOVES];
	int count;
	enum quick q = Q_SOUND;
	if (search_status(s, moves, &count) != RESULT_ONGOING)
		q = Q_NO_WIN;
	/* shorter lines first: most positions that have any are too short */
	for (int k = st->half ? 0 : 1; q == Q_SOUND && k < st->n; k++) {
		if (lines_find(s, plan, lines_plies(plan, k, st->half), set) != 0)
			q = Q_TIMEOUT;
		else if (set->count)
			q = Q_SHORT;
	}
	if (q == Q_SOUND && lines_find(s, plan, lines_plies(plan, st->n, st->half), set) != 0)
		q = Q_TIMEOUT;
	if (q == Q_SOUND && set->count == 0)
		q = Q_NO_WIN;
	else if (q == Q_SOUND && set->count > o->solutions)
		q = Q_COOKED;
	else if (q == Q_SOUND && set->count < o->solutions)
		q = Q_NO_WIN;
	if (q == Q_SOUND) {
		/* as many different lines up to the counting ply as solutions */
		int f = counting_ply(st), n = set->stored;
		/* n is o->solutions, 5 at most (cmd_compose's range): on the stack,
		   so no allocation can fail here */
		char buf[8][1024], *text[8];
		if (n > 8)
			n = 8;
		for (int i = 0; i < n; i++) {
			text[i] = buf[i];
			const struct solution_line *l = &set->lines[i];
			size_t used = 0;
			text[i][0] = 0;
			for (int p = 0; p < l->plies && used + 20 < 1024; p++)
				used +=
				    (size_t)snprintf(text[i] + used, 1024 - used, "%s%s",
				                     p ? " " : "", set->moves[l->first + p].canon);
		}
		qsort(text, (size_t)n, sizeof *text, cmp_str);
		int parts = 0;
		for (int i = 0; i < n; i++) {
			bool same = false;
			for (int j = 0; j < i && !same; j++) {
				/* lines i and j alike up to ply f */
				const char *x = text[i], *y = text[j];
				int spaces = 0;
				while (*x && *x == *y && spaces <= f) {
					spaces += *x == ' ';
					x++;
					y++;
				}
				same = spaces > f || (!*x && !*y);
			}
			parts += !same;
		}
		if (parts < n)
			q = Q_DUALS;
		size_t used = 0;
		sig[0] = 0;
		for (int i = 0; i < n; i++) {
			int wrote =
			    snprintf(sig + used, siglen - used, "%s%s", i ? ";" : "", text[i]);
			if (wrote > 0 && (size_t)wrote < siglen - used)
				used += (size_t)wrote;
		}
	}
	line_set_free(set);
	free(set);
	return q;
}

/* Remove men while the same solutions remain; again until no man can go.
   0, or -1 out of time. */
int compose_economise_lines(struct worker *w, void *pos, const char *sig)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char now[4096];
	struct setup s;
	g->get_setup(pos, &s);
	for (bool changed = true; changed;) {
		changed = false;
		for (int r = 0; r < g->ranks; r++)
			for (int f = 0; f < g->files; f++) {
				struct setup t;
				if (!compose_without_man(g, &s, f, r, &t, trial))
					continue;
				enum quick q = compose_quick_lines(w, trial, now, sizeof now);
				if (q == Q_TIMEOUT)
					return -1;
				if (q != Q_SOUND || strcmp(now, sig) != 0)
					continue;
				s = t;
				memcpy(pos, trial, g->pos_size);
				changed = true;
			}
	}
	return 0;
}

/* Men whose removal leaves a sound problem with the same key and no fewer
   different wins (battle play), or the same solutions (help and series
   play): idle men, the men economise would take away.  A man whose removal
   keeps the key but loses a variation makes that variation: it is needed
   (issue 22: "the same key and the same wins").  `first`: stop at the
   first idle man (is there one?).  -1 out of time, -2 out of memory, -3
   the problem's own wins cannot be counted (its tree cut: no removal can
   be shown to keep them). */
int compose_idle_men(struct worker *w, const void *pos, const char *key_canon, const char *sig,
                     bool first)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char now[4096];
	struct setup s;
	g->get_setup(pos, &s);
	int idle = 0;
	/* the problem's own wins, judged only once a removal keeps the key */
	int wins = 0;
	bool have_wins = false;
	for (int r = 0; r < g->ranks && !(first && idle); r++)
		for (int f = 0; f < g->files && !(first && idle); f++) {
			struct setup t;
			if (!compose_without_man(g, &s, f, r, &t, trial))
				continue;
			if (sig) {
				enum quick q = compose_quick_lines(w, trial, now, sizeof now);
				if (q == Q_TIMEOUT)
					return -1;
				idle += q == Q_SOUND && strcmp(now, sig) == 0;
				continue;
			}
			move_t k;
			int same = compose_sound_with_key(w, trial, key_canon, MOVE_NONE, &k);
			if (same < 0)
				return -1;
			if (!same)
				continue;
			if (!have_wins) {
				have_wins = true;
				wins = compose_wins_light(w, pos, NULL);
				if (wins < 0)
					return wins == WINS_TIMEOUT ? -1
					       : wins == WINS_OOM   ? -2
					                            : -3;
			}
			int without = compose_wins_light(w, trial, NULL);
			if (without == WINS_TIMEOUT || without == WINS_OOM)
				return without == WINS_OOM ? -2 : -1;
			/* WINS_UNKNOWN (the tree without the man cut) is no count:
			   not shown to keep the wins */
			idle += without >= wins;
		}
	return idle;
}

/* Judge pos as the problem of the run (the file's text claiming `claim`,
   intended solutions given); NULL out of memory. */
struct judgement *compose_judge_candidate(struct worker *w, const void *pos, const char *intended,
                                          bool light)
{
	const struct compose_opts *o = w->o;
	static const struct puzzle blank;
	struct puzzle *p = malloc(sizeof *p);
	struct judgement *j = malloc(sizeof *j);
	if (!p || !j) {
		free(p);
		free(j);
		return NULL;
	}
	*p = blank;
	p->file = "(composer)";
	p->index = 1;
	p->game = o->g;
	memcpy(p->pos, pos, o->g->pos_size);
	p->has_position = true;
	p->stip = o->stip;
	p->has_stip = true;
	p->intended = (char *)intended;
	struct judge_opts jo;
	memset(&jo, 0, sizeof jo);
	jo.an.max_refs = light ? 0 : 1;
	jo.an.tree = true;
	/* set play, for the score's changed play (S8); not in help play,
	   whose set play is another stipulation */
	jo.an.set_play = !light && o->g->has_threats && !compose_lines_play(o);
	jo.an.max_seconds = w->deadline > 0 ? w->deadline - search_clock() : 0;
	if (w->deadline > 0 && jo.an.max_seconds <= 0.001)
		jo.an.max_seconds = 0.001;
	jo.an.hash_mb = o->hash_mb;
	jo.an.stop = o->stop;
	judge_puzzle(p, &jo, w->have_tt ? &w->tt : NULL, j);
	free(p);
	j->pb.pos = NULL; /* the puzzle is gone: the caller has the position */
	j->pb.intended = NULL;
	return j;
}

/* Different wins after the key (score.h), from a judgement without tries
   or set play, or WINS_TIMEOUT, WINS_UNKNOWN, WINS_OOM; *variations (may
   be NULL) the variations among them (compose_variations), -1 when not
   counted. */
int compose_wins_light(struct worker *w, const void *pos, int *variations)
{
	if (variations)
		*variations = -1;
	struct judgement *j = compose_judge_candidate(w, pos, NULL, true);
	if (!j)
		return WINS_OOM;
	int wins = WINS_UNKNOWN;
	if (j->verdict == VERDICT_TIMEOUT)
		wins = WINS_TIMEOUT;
	else if (j->verdict == VERDICT_SOUND && !j->an.truncated && j->an.nkeys > 0 &&
	         j->an.key_nodes[0] >= 0) {
		wins = compose_variations(w->o->g, pos, &j->an);
		if (variations)
			*variations = wins;
		const struct tree_node *nodes = j->an.nodes;
		for (int c = nodes[j->an.key_nodes[0]].child; c >= 0; c = nodes[c].sibling)
			if (nodes[c].threat) {
				wins++;
				break;
			}
	}
	judgement_free(j);
	free(j);
	return wins;
}

int compose_worker_init(struct worker *w, const struct compose_opts *o)
{
	memset(w, 0, sizeof *w);
	w->o = o;
	w->have_tt = tt_init(&w->tt, o->hash_mb) == 0;
	if (!w->have_tt)
		return -1;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	if (o->g->parse(pos, o->g->start, err, sizeof err) != 0)
		memset(pos, 0, sizeof pos);
	w->s = search_new(o->g, pos, &w->tt, 0);
	if (w->s)
		w->s->limits.stop = o->stop; /* its searches end at a signal as at the deadline */
	if (!w->s) {
		tt_free(&w->tt);
		return -1;
	}
	return 0;
}

void compose_worker_free(struct worker *w)
{
	search_free(w->s);
	if (w->have_tt)
		tt_free(&w->tt);
}
