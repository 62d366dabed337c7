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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "play/play.h"
#include "search.h"

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

/* Texts of m in the working position (before it is made). */
static void move_texts(struct search *s, move_t m, char *text, size_t tlen, char *canon,
                       size_t clen)
{
	s->g->move_text(s->pos, m, MOVE_PRETTY, text, tlen);
	s->g->move_text(s->pos, m, MOVE_CANONICAL, canon, clen);
}

static void append_mark(char *text, size_t len, const char *mark)
{
	size_t l = strlen(text);
	if (l + strlen(mark) < len)
		strcat(text, mark);
}

/* The mark of the move just made: '#' the game is over, '=' stalemate (a
   draw), '+' check.  A position lost only because every reply is fatal
   (Morok) is not over yet: the fatal reply gets the '#'. */
static const char *mark_of(const struct search *s, enum result r, int replies)
{
	if ((r == RESULT_LOSS && replies == 0) || r == RESULT_WIN)
		return "#";
	if (r == RESULT_DRAW)
		return "=";
	if (s->g->in_check && s->g->in_check(s->pos))
		return "+";
	return "";
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
	move_texts(s, m, t->text, sizeof t->text, t->canon, sizeof t->canon);
	t->move = m;
	t->by_solver = by_solver;
	t->moves_left = moves_left;
	return id;
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
	if (k > 0 && !search_attack(s, k))
		return -1;
	int j = search_attack_min(s, k);
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
		bool wins = search_after(s, j);
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
	if (goal == GOAL_DIRECT && r != RESULT_LOSS)
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
			ending[i] = search_lost(s);
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
		append_mark(a->nodes[d].text, sizeof a->nodes[d].text, "#");
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
	append_mark(a->nodes[d].text, sizeof a->nodes[d].text, mark_of(s, rr, nr));
	if (rr == RESULT_WIN && s->goal == GOAL_DIRECT) {
		a->nodes[d].ends = 1; /* the defence loses by itself */
		return;
	}
	if (rr == RESULT_LOSS && s->goal != GOAL_DIRECT) {
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
		move_t m = a->nodes[th].move;
		bool legal = false;
		for (int i = 0; i < nr && !legal; i++)
			legal = replies[i] == m;
		if (!legal) {
			all = false;
			break;
		}
		search_make(s, m);
		all = search_after(s, threat_moves);
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
		append_mark(a->nodes[id].text, sizeof a->nodes[id].text, mark_of(s, r, n));
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
	return strcmp(p->text, q->text);
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
	search_make(s, t->move);
	enum result r = search_status(s, moves, &count);
	if (r != RESULT_ONGOING || count == 0) {
		t->nrefs = -1; /* stalemate or self-inflicted loss: no defence refutes */
		search_unmake(s, t->move);
		return;
	}
	search_order_defences(s, moves, count, hint);
	int nfound = 0;
	for (int i = 0; i < count && nfound <= max; i++) {
		search_make(s, moves[i]);
		bool refutes = !search_attack(s, n - 1);
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
		for (int i = 0; i < nfound; i++) {
			snprintf(t->ref_text[i], sizeof t->ref_text[0], "%s", found[i].text);
			s->g->move_text(s->pos, found[i].m, MOVE_CANONICAL, t->ref_canon[i],
			                sizeof t->ref_canon[0]);
			t->ref_move[i] = found[i].m;
		}
		t->nrefs = nfound;
	}
	search_unmake(s, t->move);
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
	a->keys = calloc(MAX_MOVES, sizeof *a->keys);
	a->tries = calloc(MAX_MOVES, sizeof *a->tries);
	a->key_nodes = calloc(MAX_MOVES, sizeof *a->key_nodes);
	a->try_nodes = calloc(MAX_MOVES, sizeof *a->try_nodes);
	if (!a->keys || !a->tries || !a->key_nodes || !a->try_nodes) {
		search_free(s);
		return -1;
	}
	/* no tree node yet: a timeout may come before any is built */
	for (int i = 0; i < MAX_MOVES; i++)
		a->key_nodes[i] = a->try_nodes[i] = -1;
	search_set_goal(s, pb->play->goal);
	if (setjmp(s->abort)) {
		a->timeout = true;
		goto done;
	}
	move_t moves[MAX_MOVES];
	int count;
	/* reflex play: a solving side that can win at once must, so nothing
	   reaches the goal (S6) */
	bool must_win = pb->play->goal == GOAL_REFLEX && search_wins_now(s);
	if (search_status(s, moves, &count) != RESULT_ONGOING || must_win)
		count = 0; /* a finished game has no key */
	int max_refs = pb->max_refs > ANALYSIS_MAX_REFS ? ANALYSIS_MAX_REFS : pb->max_refs;

	/* Keys: a failing first move is usually refuted fast at full length;
	   only winners need their least length. */
	move_t refuter[MAX_MOVES];
	for (int i = 0; i < count; i++) {
		search_make(s, moves[i]);
		int k = 0;
		refuter[i] = MOVE_NONE;
		if (search_after(s, n))
			k = search_after_min(s, n);
		else
			refuter[i] = search_last_refutation(s, 1);
		search_unmake(s, moves[i]);
		if (k) {
			struct key_info *key = &a->keys[a->nkeys++];
			key->move = moves[i];
			key->moves = k;
			move_texts(s, moves[i], key->text, sizeof key->text, key->canon,
			           sizeof key->canon);
		}
	}
	qsort(a->keys, (size_t)a->nkeys, sizeof *a->keys, key_order);
	if (pb->tree)
		for (int i = 0; i < a->nkeys && !a->truncated; i++)
			a->key_nodes[i] =
			    build_solver(a, s, a->keys[i].move, a->keys[i].moves, false);

	if (max_refs > 0) {
		struct text_move sorted[MAX_MOVES];
		count = sorted_moves(s, sorted, moves, count);
		for (int i = 0; i < count; i++) {
			bool is_key = false;
			for (int k = 0; k < a->nkeys; k++)
				is_key |= a->keys[k].move == sorted[i].m;
			if (is_key)
				continue;
			struct try_info *t = &a->tries[a->ntries];
			memset(t, 0, sizeof *t);
			t->move = sorted[i].m;
			move_t hint = MOVE_NONE;
			for (int j = 0; j < count; j++)
				if (moves[j] == t->move)
					hint = refuter[j];
			find_refutations(s, n, max_refs, hint, t);
			if (t->nrefs >= 1 && t->nrefs <= max_refs) {
				move_texts(s, t->move, t->text, sizeof t->text, t->canon,
				           sizeof t->canon);
				a->ntries++;
			}
		}
		if (pb->tree)
			for (int i = 0; i < a->ntries && !a->truncated; i++)
				a->try_nodes[i] = build_solver(a, s, a->tries[i].move, n, false);
	}

	/* Set play (S8): the solving side passes first. */
	if (pb->set_play && g->has_threats && count > 0 && (!g->in_check || !g->in_check(s->pos))) {
		a->set_node = build_solver(a, s, MOVE_NONE, n, false);
		drop_immediate_set_play(a, n);
	}
done:
	a->nodes_searched = s->nodes;
	search_free(s);
	return 0;
}
