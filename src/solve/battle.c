/*
** battle.c -- keys, tries, set play and solution trees of battle play:
** direct, self and reflex "in N" (rules S1, S3-S6, S8), on the goal-aware
** proof search.
**
** Conventions (Popeye's, which composers read):
**  - a key's moves are the least number it needs: a key reaching the goal
**    in fewer moves than stipulated is a short solution;
**  - after a defence, the continuations shown are the ones that reach the
**    goal in the least number of moves left; more than one is a dual (a dual
**    on the solving side's last move is counted apart: composers usually
**    accept it);
**  - a try is a first move that fails to at most max_refs defences; its
**    tree is built like a key's, its refutations flagged;
**  - a defence after which every threat still works, or that allows a win
**    faster than the threat, is "covered": Popeye leaves it out; every
**    other defence is a variation and is shown; a quiet move of a threat
**    has its own threats, as Popeye prints them;
**  - set play (S8): the solving side passes first, and every defence that
**    then has a continuation is shown with it.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "solve/analysis.h"
#include "solve/lines.h"
#include "solve/search.h"

/* ---- tree storage ---- */

static int new_node(struct analysis *a)
{
	if (a->nnodes >= ANALYSIS_MAX_TREE) {
		a->truncated = true;
		return -1;
	}
	if (a->nnodes == a->cap) {
		int cap = a->cap ? a->cap * 2 : 256;
		struct tree_node *p = realloc(a->nodes, (size_t)cap * sizeof *p);
		if (!p) {
			a->truncated = true;
			return -1;
		}
		a->nodes = p;
		a->cap = cap;
	}
	struct tree_node *t = &a->nodes[a->nnodes];
	memset(t, 0, sizeof *t);
	t->child = t->sibling = -1;
	return a->nnodes++;
}

static void append_child(struct analysis *a, int parent, int child)
{
	if (parent < 0 || child < 0)
		return;
	int *link = &a->nodes[parent].child;
	while (*link >= 0)
		link = &a->nodes[*link].sibling;
	*link = child;
}

/* ---- moves, described ---- */

/* The mark of the move just made: '#' the game is over, '=' stalemate (a
   draw), "==" the double stalemate a target "==" asks for, '+' check.  A
   position lost only because every reply is fatal (Morok) is not over yet:
   the fatal reply gets the '#'. */
static const char *mark_of(struct search *s, enum result r, int replies)
{
	if (s->target == TARGET_MATE_OR_STALEMATE &&
	    (r == RESULT_DRAW || (r == RESULT_LOSS && replies == 0)))
		return "#="; /* Popeye marks either with its goal */
	if ((r == RESULT_LOSS && replies == 0) || r == RESULT_WIN)
		return "#";
	if (r == RESULT_DRAW)
		return s->target == TARGET_DOUBLE_STALEMATE && search_status_at_goal(s, r) ? "=="
		                                                                           : "=";
	if (s->g->in_check && s->g->in_check(s->pos))
		return "+";
	return "";
}

/* The note of m (legal in the working position, not made) with its mark:
   a first move, a refutation.  Made as search_make makes it, but outside
   the search's count of positions, so that the count is the search's. */
static void note_marked(struct search *s, move_t m, struct move_note *n)
{
	const struct game *g = s->g;
	move_t moves[MAX_MOVES];
	move_note_init(n, g, s->pos, m);
	g->make(s->pos, m, s->undo[s->ply++]);
	int count = g->gen_moves(s->pos, moves);
	/* (a double stalemate's test passes on the next ply's undo record) */
	move_note_mark(n, mark_of(s, g->outcome(s->pos, moves, count), count));
	g->unmake(s->pos, m, s->undo[--s->ply]);
}

/* Sort moves by pretty text so every listing is deterministic and readable. */
struct text_move {
	move_t m;
	char text[32];
};

static int by_text(const void *x, const void *y)
{
	return strcmp(((const struct text_move *)x)->text, ((const struct text_move *)y)->text);
}

static int sorted_moves(struct search *s, struct text_move *out, const move_t *moves, int n)
{
	for (int i = 0; i < n; i++) {
		out[i].m = moves[i];
		s->g->move_text(s->pos, moves[i], MOVE_PRETTY, out[i].text, sizeof out[i].text);
	}
	qsort(out, (size_t)n, sizeof *out, by_text);
	return n;
}

/* A node for move m of the side to move (not made yet). */
static int move_node(struct analysis *a, struct search *s, move_t m, int moves_left, bool by_solver)
{
	int id = new_node(a);
	if (id < 0)
		return -1;
	struct tree_node *t = &a->nodes[id];
	move_note_init(&t->note, s->g, s->pos, m);
	t->by_solver = by_solver;
	t->moves_left = moves_left;
	return id;
}

/* ---- answers kept ---- */

/* The tree and the tries ask the same questions again and again of the
   positions near the root: a try's refutations of every defence, then its
   tree, each defence's continuations (the least length, then every move
   of that length), the threats.  The search keeps only searches of three
   moves or more in its table (shorter ones cost less to redo than a cache
   miss, inside the search); out here they are few and each one a whole
   search, so they go to the table too, whatever their length (as the
   search's own answers do within table_plies of the root).  An entry is a
   fact (a win within k, a failure within k) that any later question of the
   same position, of any length, reads correctly.  attack: the solving side
   is to move (search_attack), else the defender (search_after). */
static bool kept(struct search *s, int k, bool attack)
{
	uint64_t key = s->g->hash(s->pos) ^ s->salt;
	const struct tt_entry *e = tt_probe(s->tt, key);
	if (e && e->win_le && e->win_le <= k)
		return true;
	if (e && e->fail_ge >= k)
		return false;
	bool won = attack ? search_attack(s, k) : search_after(s, k);
	if (won)
		tt_store_win(s->tt, key, k, attack && e ? e->best : MOVE_NONE);
	else
		tt_store_fail(s->tt, key, k);
	return won;
}

static bool attack_kept(struct search *s, int k)
{
	return k <= 0 ? search_attack(s, k) : kept(s, k, true);
}

static bool after_kept(struct search *s, int k)
{
	return kept(s, k, false);
}

/* ---- the tree ---- */

static int build_solver(struct analysis *a, struct search *s, move_t m, int k, bool threat);

/* Continuations after a defence (or a pass): every solving-side move that
   reaches the goal in the least number of moves left (at most k), attached
   under parent.  Returns that number, 0 when the goal is reached already,
   -1 when no continuation works. */
static int build_continuations(struct analysis *a, struct search *s, int parent, int k, bool threat)
{
	/* The full length first: when it fails, every shorter one fails too
	   (a win within j is a win within k), and that saves the deepening --
	   the common case in set play and after tries, where most defences
	   have no answer (a self-mate's set play was 27 searches a defence). */
	if (!attack_kept(s, k))
		return -1;
	int j = 0; /* the least length: k (known to win), unless a shorter one does */
	while (j < k && !attack_kept(s, j))
		j++;
	if (j <= 0)
		return j;
	move_t moves[MAX_MOVES];
	struct text_move sorted[MAX_MOVES];
	int n;
	search_status(s, moves, &n);
	n = sorted_moves(s, sorted, moves, n);
	int count = 0;
	for (int i = 0; i < n && !a->truncated; i++) {
		search_make(s, sorted[i].m);
		bool wins = after_kept(s, j);
		search_unmake(s, sorted[i].m);
		if (!wins)
			continue;
		int c = build_solver(a, s, sorted[i].m, j, threat);
		if (c < 0)
			break;
		append_child(a, parent, c);
		count++;
	}
	if (count > 1 && !threat) {
		for (int c = a->nodes[parent].child; c >= 0; c = a->nodes[c].sibling)
			if (a->nodes[c].by_solver)
				a->nodes[c].dual = 1;
		if (j == 1)
			a->last_move_duals++;
		else
			a->duals++;
	}
	return j;
}

/* The defender's moves that end the game now in the solving side's favour
   (its goal reached with no further move of its own), as ending children of
   node `id`: Morok's forced self-captures (direct), the forced mates of
   self play, the mates reflex play obliges.  Returns whether the goal is
   reached now.  moves/n are the defender's moves, r its status. */
static bool goal_now(struct analysis *a, struct search *s, int id, const move_t *moves, int n,
                     enum result r)
{
	enum goal goal = s->goal;
	if (goal == GOAL_DIRECT && !search_status_at_goal(s, r))
		return false;
	if (goal != GOAL_DIRECT && (r != RESULT_ONGOING || n == 0))
		return false;
	struct text_move sorted[MAX_MOVES];
	bool ending[MAX_MOVES];
	int nend = 0;
	n = sorted_moves(s, sorted, moves, n);
	for (int i = 0; i < n; i++) {
		if (goal == GOAL_DIRECT) {
			ending[i] = true; /* every reply is fatal (S0) */
		} else {
			search_make(s, sorted[i].m);
			ending[i] = search_at_goal(s);
			search_unmake(s, sorted[i].m);
		}
		nend += ending[i];
	}
	/* self: every move of O must win for O; reflex: one is enough (S6) */
	if (goal == GOAL_SELF ? nend < n : goal == GOAL_REFLEX && nend == 0)
		return false;
	for (int i = 0; i < n; i++) {
		if (!ending[i])
			continue;
		int d = move_node(a, s, sorted[i].m, 0, false);
		if (d < 0)
			break;
		a->nodes[d].ends = 1;
		move_note_mark(&a->nodes[d].note, stip_target_mark(s->target));
		append_child(a, id, d);
	}
	if (goal == GOAL_DIRECT)
		a->nodes[id].ends = n == 0;
	return true;
}

/* After a defence: the solving side's continuations, or the defence ends
   (the goal reached, or the defender's own loss), or refutes. */
static void after_defence(struct analysis *a, struct search *s, int d, int k, int threat_node,
                          int threat_moves)
{
	move_t replies[MAX_MOVES];
	int nr;
	enum result rr = search_status(s, replies, &nr);
	move_note_mark(&a->nodes[d].note, mark_of(s, rr, nr));
	if (rr == RESULT_WIN && s->goal == GOAL_DIRECT && s->target == TARGET_WIN) {
		a->nodes[d].ends = 1; /* the defence loses by itself */
		return;
	}
	if (rr != RESULT_ONGOING && s->goal != GOAL_DIRECT && search_status_at_goal(s, rr)) {
		a->nodes[d].ends = 1; /* the defender has won: the solving side's goal */
		return;
	}
	int j = rr == RESULT_ONGOING ? build_continuations(a, s, d, k - 1, false) : -1;
	if (j < 0) {
		a->nodes[d].refutes = 1;
		return;
	}
	/* Popeye leaves the defence out when it allows a win faster than
	   the threat, or when every threat still works, as fast
	   (threat_enforcer_solve in its solving/battle_play/threat.c). */
	if (threat_node < 0 || threat_moves <= 0)
		return;
	if (j < threat_moves) {
		a->nodes[d].covered = 1;
		return;
	}
	bool all = true, any = false;
	for (int th = a->nodes[threat_node].child; th >= 0 && all; th = a->nodes[th].sibling) {
		if (!a->nodes[th].threat)
			continue;
		any = true;
		/* the threat was found after a pass: after this defence it may be
		   no move at all (its man taken, its line closed) */
		move_t m = a->nodes[th].note.move;
		bool legal = false;
		for (int i = 0; i < nr && !legal; i++)
			legal = replies[i] == m;
		if (!legal) {
			all = false;
			break;
		}
		search_make(s, m);
		all = after_kept(s, threat_moves);
		search_unmake(s, m);
	}
	a->nodes[d].covered = any && all;
}

/* The node of solving-side move m (MOVE_NONE: a pass, for set play) that
   reaches the goal in k, with everything below. */
static int build_solver(struct analysis *a, struct search *s, move_t m, int k, bool threat)
{
	int id;
	if (m == MOVE_NONE) {
		id = new_node(a);
		if (id < 0)
			return -1;
		a->nodes[id].by_solver = 1;
		a->nodes[id].moves_left = k;
		search_make_null(s);
	} else {
		id = move_node(a, s, m, k, true);
		if (id < 0)
			return -1;
		a->nodes[id].threat = threat;
		search_make(s, m);
	}

	move_t moves[MAX_MOVES];
	struct text_move sorted[MAX_MOVES];
	int n;
	enum result r = search_status(s, moves, &n);
	if (m != MOVE_NONE)
		move_note_mark(&a->nodes[id].note, mark_of(s, r, n));
	if (goal_now(a, s, id, moves, n, r) || r != RESULT_ONGOING) {
		m == MOVE_NONE ? search_unmake_null(s) : search_unmake(s, m);
		return id;
	}
	/* The threat: what reaches the goal next if the defender could pass. */
	int threat_moves = 0;
	/* (a quiet move of a threat threatens too: Popeye prints that) */
	if (m != MOVE_NONE && k > 1 && s->g->has_threats &&
	    (!s->g->in_check || !s->g->in_check(s->pos))) {
		search_make_null(s);
		threat_moves = build_continuations(a, s, id, k - 1, true);
		search_unmake_null(s);
	}
	n = sorted_moves(s, sorted, moves, n);
	for (int i = 0; i < n && !a->truncated; i++) {
		int d = move_node(a, s, sorted[i].m, k - 1, false);
		if (d < 0)
			break;
		search_make(s, sorted[i].m);
		after_defence(a, s, d, k, id, threat_moves);
		search_unmake(s, sorted[i].m);
		/* set play shows only the defences that have an answer */
		if (m == MOVE_NONE && a->nodes[d].refutes)
			continue;
		append_child(a, id, d);
	}
	m == MOVE_NONE ? search_unmake_null(s) : search_unmake(s, m);
	return id;
}

/* Popeye's set play leaves out the defences that reach the goal at once
   (a selfmate the defender gives on its first move) whenever another
   defence has an answer of the solving side, and, beyond one move, when
   the problem has no key; they are shown only when they are all there is.
   So does maat, to agree with it (Popeye's output on the corpus and on
   variations of its positions; its code says no more). */
static void drop_immediate_set_play(struct analysis *a, int n)
{
	struct tree_node *set = &a->nodes[a->set_node];
	bool answered = false;
	for (int d = set->child; d >= 0; d = a->nodes[d].sibling)
		answered |= !a->nodes[d].ends;
	if (!answered && (n == 1 || a->nkeys > 0))
		return;
	int *link = &set->child;
	while (*link >= 0) {
		if (a->nodes[*link].ends)
			*link = a->nodes[*link].sibling;
		else
			link = &a->nodes[*link].sibling;
	}
}

/* ---- keys and tries ---- */

static int key_order(const void *x, const void *y)
{
	const struct key_info *p = x, *q = y;
	if (p->moves != q->moves)
		return p->moves - q->moves;
	return strcmp(p->note.text, q->note.text);
}

/* Refutations of a failing first move (at most max+1 counted), listed by
   their text.  Defences are tried in the search's order, the one that
   refuted in the key search first: a move that is no try is then dismissed
   after its first two refutations, usually the two cheapest to find. */
static void find_refutations(struct search *s, int n, int max, move_t hint, struct try_info *t)
{
	move_t moves[MAX_MOVES];
	struct text_move found[ANALYSIS_MAX_REFS + 1];
	int count;
	t->nrefs = 0;
	search_make(s, t->note.move);
	enum result r = search_status(s, moves, &count);
	if (r != RESULT_ONGOING || count == 0) {
		t->nrefs = -1; /* stalemate or self-inflicted loss: no defence refutes */
		search_unmake(s, t->note.move);
		return;
	}
	search_order_defences(s, moves, count, hint);
	int nfound = 0;
	for (int i = 0; i < count && nfound <= max; i++) {
		search_make(s, moves[i]);
		bool refutes = !attack_kept(s, n - 1);
		search_unmake(s, moves[i]);
		if (refutes) {
			found[nfound].m = moves[i];
			s->g->move_text(s->pos, moves[i], MOVE_PRETTY, found[nfound].text,
			                sizeof found[nfound].text);
			nfound++;
		}
	}
	if (nfound > max) {
		t->nrefs = max + 1;
	} else {
		qsort(found, (size_t)nfound, sizeof *found, by_text);
		for (int i = 0; i < nfound; i++)
			note_marked(s, found[i].m, &t->refs[i]);
		t->nrefs = nfound;
	}
	search_unmake(s, t->note.move);
}

/* ---- the first moves, on one thread or more ---- */

/* Problems of this many moves or more split their first moves over the
   threads they are given (pb->root_jobs): below, a thread and its table
   cost more than they save. */
#define ROOT_SPLIT_MIN_MOVES 3

/* What the analysis needs of one first move: the least number of moves it
   wins in (0: it does not), the defence that refuted it, and, for one that
   does not win, its refutations (tries). */
struct first_move {
	move_t move;
	int wins_in;
	move_t refuter;
	bool done;
	struct try_info t; /* t.nrefs: 0 when no tries were asked for */
};

/* A thread's share of the first moves (indices into fm, ascending), with
   a search (position, table, killers) of its own, so that what it finds,
   and the work it takes, depend on nothing the other threads do. */
struct root_share {
	struct search *s;
	struct first_move *fm;
	int idx[MAX_MOVES], count;
	int n, max_refs;
	uint64_t load; /* the estimated work of its moves */
	bool timeout;
	pthread_t thread;
};

/* Keys: a failing first move is usually refuted fast at full length; only
   winners need their least length.  Tries: a move that does not win. */
static void solve_first_move(struct search *s, int n, int max_refs, struct first_move *f)
{
	search_make(s, f->move);
	if (search_after(s, n))
		f->wins_in = search_after_min(s, n);
	else
		f->refuter = search_last_refutation(s, 1);
	search_unmake(s, f->move);
	if (!f->wins_in && max_refs > 0) {
		f->t.note.move = f->move;
		find_refutations(s, n, max_refs, f->refuter, &f->t);
	}
	f->done = true;
}

static void *run_share(void *arg)
{
	struct root_share *w = arg;
	if (setjmp(w->s->abort)) {
		w->timeout = true;
		return NULL;
	}
	for (int i = 0; i < w->count; i++)
		solve_first_move(w->s, w->n, w->max_refs, &w->fm[w->idx[i]]);
	return NULL;
}

static int by_index(const void *x, const void *y)
{
	return *(const int *)x - *(const int *)y;
}

/* The guess of a first move's work: the nodes a search two moves shorter
   takes (made on s, at the root, its abort armed; a few per cent of the
   whole).  It depends on the position alone. */
static uint64_t guess_work(struct search *s, int n, move_t m)
{
	uint64_t before = s->nodes;
	search_make(s, m);
	search_after(s, n - 2);
	search_unmake(s, m);
	return s->nodes - before;
}

/* Below this many nodes guessed in all, a problem is too short for the
   threads' tables to pay (a search of some 1 M nodes, a fraction of a
   second; a 64 MB table costs some 0.05 s to clear). */
#define ROOT_SPLIT_MIN_GUESS 50000

/*
** Deal the first moves out to `jobs` shares, the costliest first, each to
** the share with the least work so far (the longest-first rule), so that
** the threads get the same moves in every run.
*/
static void deal_first_moves(const uint64_t *work, int count, struct root_share *w, int jobs)
{
	int order[MAX_MOVES];
	for (int i = 0; i < count; i++)
		order[i] = i;
	for (int i = 1; i < count; i++) /* stable: by work, then by index */
		for (int j = i; j > 0 && work[order[j]] > work[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int i = 0; i < count; i++) {
		struct root_share *least = &w[0];
		for (int t = 1; t < jobs; t++)
			if (w[t].load < least->load)
				least = &w[t];
		least->idx[least->count++] = order[i];
		least->load += work[order[i]];
	}
	for (int t = 0; t < jobs; t++)
		qsort(w[t].idx, (size_t)w[t].count, sizeof w[t].idx[0], by_index);
}

/*
** Every first move of fm, on s and up to pb->root_jobs - 1 more threads,
** each with a search and a table of its own (within the budget the caller
** checked): the answer, and the node count (the sum over the threads,
** added to *nodes), are the same in every run with the same number of
** threads.  Returns whether a search ran out of time (then s is left
** where the search stopped); its abort is to be armed again (a timeout
** while the moves are dealt out longjmps to it as armed).
*/
static bool solve_first_moves(const struct problem *pb, struct search *s, struct first_move *fm,
                              int count, int max_refs, uint64_t *nodes)
{
	int n = pb->stip.n;
	int jobs = pb->root_jobs > 1 && n >= ROOT_SPLIT_MIN_MOVES ? pb->root_jobs : 1;
	if (jobs > count)
		jobs = count > 0 ? count : 1;
	uint64_t work[MAX_MOVES], guess = 0;
	for (int i = 0; i < count && jobs > 1; i++)
		guess += work[i] = guess_work(s, n, fm[i].move);
	if (guess < ROOT_SPLIT_MIN_GUESS)
		jobs = 1;
	struct root_share one = {0};
	struct root_share *w = jobs > 1 ? calloc((size_t)jobs, sizeof *w) : NULL;
	if (!w) {
		w = &one; /* one thread, or out of memory */
		jobs = 1;
	}
	if (jobs > 1) {
		deal_first_moves(work, count, w, jobs);
	} else {
		for (int i = 0; i < count; i++)
			w[0].idx[i] = i;
		w[0].count = count;
	}
	w[0].s = s;
	int made = 1;
	for (; made < jobs; made++) {
		/* a table of its own: pb->tt is the calling thread's */
		w[made].s =
		    search_new(pb->g, pb->pos, NULL, pb->hash_mb ? pb->hash_mb : TT_DEFAULT_MB);
		if (!w[made].s)
			break;
		w[made].s->limits = pb->limits;
		w[made].s->target = s->target;
		w[made].s->table_plies = s->table_plies;
		search_set_goal(w[made].s, s->goal);
	}
	/* out of memory for a search: its moves go to the first share */
	for (int t = made; t < jobs; t++) {
		memcpy(w[0].idx + w[0].count, w[t].idx, (size_t)w[t].count * sizeof w[t].idx[0]);
		w[0].count += w[t].count;
	}
	if (made < jobs)
		qsort(w[0].idx, (size_t)w[0].count, sizeof w[0].idx[0], by_index);
	jobs = made;
	bool running[MAX_MOVES] = {false};
	for (int t = 0; t < jobs; t++) {
		w[t].fm = fm;
		w[t].n = n;
		w[t].max_refs = max_refs;
		if (t > 0)
			running[t] = pthread_create(&w[t].thread, NULL, run_share, &w[t]) == 0;
	}
	run_share(&w[0]);
	bool timeout = w[0].timeout;
	for (int t = 1; t < jobs; t++) {
		if (running[t])
			pthread_join(w[t].thread, NULL);
		else
			run_share(&w[t]); /* no thread to be had: here, after the rest */
		timeout |= w[t].timeout;
		*nodes += w[t].s->nodes;
		search_free(w[t].s);
	}
	if (w != &one)
		free(w);
	return timeout;
}

int analysis_battle(const struct problem *pb, struct analysis *a)
{
	const struct game *g = pb->g;
	int n = pb->stip.n;
	a->no_threats = !g->has_threats;
	a->set_node = -1;
	struct search *s = problem_search(pb);
	if (!s)
		return -1;
	move_t moves[MAX_MOVES];
	int count;
	enum result status = search_status(s, moves, &count);
	/* keys and tries are first moves: as many as there are (with
	   MAX_MOVES each, 700 KB zeroed a judgement, most of the composer's
	   time where it judges many small problems: Morok, issue 22) */
	size_t cap = count > 0 ? (size_t)count : 1;
	a->keys = calloc(cap, sizeof *a->keys);
	a->tries = calloc(cap, sizeof *a->tries);
	a->key_nodes = calloc(cap, sizeof *a->key_nodes);
	a->try_nodes = calloc(cap, sizeof *a->try_nodes);
	struct first_move *fm = calloc(cap, sizeof *fm);
	if (!a->keys || !a->tries || !a->key_nodes || !a->try_nodes || !fm) {
		free(fm);
		search_free(s);
		return -1;
	}
	/* no tree node yet: a timeout may come before any is built */
	for (size_t i = 0; i < cap; i++)
		a->key_nodes[i] = a->try_nodes[i] = -1;
	search_set_goal(s, pb->play->goal);
	/* a first move and a defence: the positions the tries and the trees
	   ask about again (the refutation the key search found, first) */
	s->table_plies = 2;
	if (setjmp(s->abort)) {
		a->timeout = true;
		goto done;
	}
	/* reflex play: a solving side that can win at once must, so nothing
	   reaches the goal (S6) */
	bool must_win = pb->play->goal == GOAL_REFLEX && search_wins_now(s);
	if (status != RESULT_ONGOING || must_win)
		count = 0; /* a finished game has no key */
	/* and those wins are what is played, one ply each (Popeye prints
	   them "1.X # ?!?") */
	if (must_win && lines_find(s, PLAN_HELP_REFLEX, 0, &a->must_win) != 0) {
		free(fm);
		search_free(s);
		return -1;
	}
	int max_refs = pb->max_refs > ANALYSIS_MAX_REFS ? ANALYSIS_MAX_REFS : pb->max_refs;

	for (int i = 0; i < count; i++)
		fm[i].move = moves[i];
	bool timeout = solve_first_moves(pb, s, fm, count, max_refs, &a->nodes_searched);
	if (timeout)
		search_reset(s, pb->pos); /* a search cut short leaves s where it was */
	/* (what was finished before a timeout is kept, as it is reported) */
	for (int i = 0; i < count; i++) {
		if (!fm[i].done || !fm[i].wins_in)
			continue;
		struct key_info *key = &a->keys[a->nkeys++];
		key->moves = fm[i].wins_in;
		note_marked(s, moves[i], &key->note);
	}
	qsort(a->keys, (size_t)a->nkeys, sizeof *a->keys, key_order);
	if (max_refs > 0) {
		struct text_move sorted[MAX_MOVES];
		int nsorted = sorted_moves(s, sorted, moves, count);
		for (int i = 0; i < nsorted; i++) {
			const struct first_move *f = NULL;
			for (int j = 0; j < count && !f; j++)
				if (fm[j].move == sorted[i].m)
					f = &fm[j];
			if (!f->done || f->wins_in || f->t.nrefs < 1 || f->t.nrefs > max_refs)
				continue;
			struct try_info *t = &a->tries[a->ntries++];
			*t = f->t;
			note_marked(s, f->move, &t->note);
		}
	}
	if (timeout) {
		a->timeout = true;
		goto done;
	}
	if (setjmp(s->abort)) { /* s's abort pointed into the threads' frames */
		a->timeout = true;
		goto done;
	}
	if (pb->tree)
		for (int i = 0; i < a->nkeys && !a->truncated; i++)
			a->key_nodes[i] =
			    build_solver(a, s, a->keys[i].note.move, a->keys[i].moves, false);
	if (pb->tree)
		for (int i = 0; i < a->ntries && !a->truncated; i++)
			a->try_nodes[i] = build_solver(a, s, a->tries[i].note.move, n, false);

	/* Set play (S8): the solving side passes first. */
	if (pb->set_play && g->has_threats && count > 0 && (!g->in_check || !g->in_check(s->pos))) {
		a->set_node = build_solver(a, s, MOVE_NONE, n, false);
		/* no node when the tree is already full (truncated) */
		if (a->set_node >= 0)
			drop_immediate_set_play(a, n);
	}
done:
	a->nodes_searched += s->nodes; /* and the other threads' */
	free(fm);
	search_free(s);
	return 0;
}
