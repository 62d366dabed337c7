/*
** analysis.c -- keys, tries and solution trees of a direct "win in N"
** (rules S1, S4, S5), built on the proof search.
**
** Conventions (Popeye's, which composers read):
**  - a key's moves are the least number it needs: a key winning in fewer
**    moves than stipulated is a short solution;
**  - after a defence, the continuations shown are the ones that win in the
**    least number of moves left; more than one is a dual (a dual on the
**    solving side's last move is counted apart: composers usually accept it);
**  - a try is a non-winning first move refuted by at most max_refs defences.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "search.h"

const char *const verdict_names[VERDICT_COUNT] = {
    "sound", "cooked", "short", "no solution", "claim mismatch", "timeout", "unsupported", "error",
};

/* As a summary counts more than one: "3 errors", "2 claim mismatches". */
const char *const verdict_plurals[VERDICT_COUNT] = {
    "sound",    "cooked",      "short",  "no solution", "claim mismatches",
    "timeouts", "unsupported", "errors",
};

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

/* Append the result mark of the move just made: '#' the game is over,
   '=' stalemate (a draw), '+' check.  A position lost only because every
   reply is fatal (Morok) is not over yet: the fatal reply gets the '#'. */
static void mark_after(struct search *s, char *text, size_t len, enum result r, int replies)
{
	const char *mark = "";
	if ((r == RESULT_LOSS && replies == 0) || r == RESULT_WIN)
		mark = "#";
	else if (r == RESULT_DRAW)
		mark = "=";
	else if (s->g->in_check && s->g->in_check(s->pos))
		mark = "+";
	size_t l = strlen(text);
	if (l + strlen(mark) < len)
		strcat(text, mark);
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

/* ---- the tree ---- */

static int build_solver(struct analysis *a, struct search *s, move_t m, int k, bool threat);

/* Continuations after a defence: every solving-side move that wins in the
   least number of moves left (at most k).  Attached under parent. */
static void build_continuations(struct analysis *a, struct search *s, int parent, int k,
                                bool threat)
{
	int j = search_attack_min(s, k);
	if (j == 0)
		return;
	move_t moves[MAX_MOVES];
	struct text_move sorted[MAX_MOVES];
	int n;
	search_status(s, moves, &n);
	n = sorted_moves(s, sorted, moves, n);
	int first = -1, count = 0;
	for (int i = 0; i < n && !a->truncated; i++) {
		search_make(s, sorted[i].m);
		bool wins = search_after(s, j);
		search_unmake(s, sorted[i].m);
		if (!wins)
			continue;
		int c = build_solver(a, s, sorted[i].m, j, threat);
		if (c < 0)
			break;
		if (parent >= 0)
			append_child(a, parent, c);
		else if (first < 0)
			first = c;
		count++;
	}
	if (count > 1 && !threat && parent >= 0) {
		for (int c = a->nodes[parent].child; c >= 0; c = a->nodes[c].sibling)
			a->nodes[c].dual = 1;
		if (j == 1)
			a->last_move_duals++;
		else
			a->duals++;
	}
}

/* The node of solving-side move m that wins in k, with everything below. */
static int build_solver(struct analysis *a, struct search *s, move_t m, int k, bool threat)
{
	int id = new_node(a);
	if (id < 0)
		return -1;
	struct tree_node *t = &a->nodes[id];
	move_texts(s, m, t->text, sizeof t->text, t->canon, sizeof t->canon);
	t->move = m;
	t->by_solver = 1;
	t->threat = threat;
	t->moves_left = k;

	move_t moves[MAX_MOVES];
	struct text_move sorted[MAX_MOVES];
	int n;
	search_make(s, m);
	enum result r = search_status(s, moves, &n);
	mark_after(s, a->nodes[id].text, sizeof a->nodes[id].text, r, n);
	if (r == RESULT_LOSS) {
		a->nodes[id].ends = n == 0;
		/* Morok: every reply captures the defender's own king (S0). */
		n = sorted_moves(s, sorted, moves, n);
		for (int i = 0; i < n; i++) {
			int d = new_node(a);
			if (d < 0)
				break;
			struct tree_node *dn = &a->nodes[d];
			move_texts(s, sorted[i].m, dn->text, sizeof dn->text, dn->canon,
			           sizeof dn->canon);
			dn->move = sorted[i].m;
			dn->ends = 1;
			size_t l = strlen(dn->text);
			if (l + 1 < sizeof dn->text)
				strcat(dn->text, "#");
			append_child(a, id, d);
		}
		search_unmake(s, m);
		return id;
	}
	if (r != RESULT_ONGOING || k <= 1) {
		search_unmake(s, m);
		return id;
	}
	/* The threat: what wins next if the defender could pass. */
	int threat_moves = 0;
	if (!threat && s->g->has_threats && (!s->g->in_check || !s->g->in_check(s->pos))) {
		search_make_null(s);
		threat_moves = search_attack_min(s, k - 1);
		if (threat_moves)
			build_continuations(a, s, id, threat_moves, true);
		search_unmake_null(s);
	}
	n = sorted_moves(s, sorted, moves, n);
	for (int i = 0; i < n && !a->truncated; i++) {
		int d = new_node(a);
		if (d < 0)
			break;
		struct tree_node *dn = &a->nodes[d];
		move_texts(s, sorted[i].m, dn->text, sizeof dn->text, dn->canon, sizeof dn->canon);
		dn->move = sorted[i].m;
		dn->moves_left = k - 1;
		append_child(a, id, d);
		search_make(s, sorted[i].m);
		move_t replies[MAX_MOVES];
		int nr;
		enum result rr = search_status(s, replies, &nr);
		mark_after(s, a->nodes[d].text, sizeof a->nodes[d].text, rr, nr);
		if (rr == RESULT_WIN)
			a->nodes[d].ends = 1; /* the defence loses by itself */
		else if (rr == RESULT_ONGOING) {
			build_continuations(a, s, d, k - 1, false);
			/* Answered by a threat move, as fast: Popeye leaves it out. */
			for (int c = a->nodes[d].child; c >= 0; c = a->nodes[c].sibling)
				for (int th = a->nodes[id].child; th >= 0;
				     th = a->nodes[th].sibling)
					if (a->nodes[th].threat &&
					    a->nodes[th].move == a->nodes[c].move &&
					    a->nodes[c].moves_left == threat_moves)
						a->nodes[d].covered = 1;
		}
		search_unmake(s, sorted[i].m);
	}
	search_unmake(s, m);
	return id;
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
		bool refutes = n <= 1 || !search_attack(s, n - 1);
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
		}
		t->nrefs = nfound;
	}
	search_unmake(s, t->move);
}

int analysis_run(const struct game *g, const void *pos, int n, const struct analysis_opts *o,
                 struct tt *tt, struct analysis *a)
{
	memset(a, 0, sizeof *a);
	a->n = n;
	a->no_threats = !g->has_threats;
	double t0 = search_clock();
	struct search *s = search_new(g, pos, tt, o->hash_mb ? o->hash_mb : TT_DEFAULT_MB);
	if (!s)
		return -1;
	a->keys = calloc(MAX_MOVES, sizeof *a->keys);
	a->tries = calloc(MAX_MOVES, sizeof *a->tries);
	a->key_nodes = calloc(MAX_MOVES, sizeof *a->key_nodes);
	if (!a->keys || !a->tries || !a->key_nodes) {
		search_free(s);
		analysis_free(a);
		return -1;
	}
	/* no key has a tree until build_solver() made it: a timeout while the
	   keys are still sought leaves keys without one (a crash in the JSON
	   printer when these were 0, issue 11) */
	for (int i = 0; i < MAX_MOVES; i++)
		a->key_nodes[i] = -1;
	if (o->max_seconds > 0)
		s->deadline = t0 + o->max_seconds;
	s->stop = o->stop;
	/* volatile: read after a longjmp from the search */
	volatile int phase = 0;
	if (setjmp(s->abort)) {
		a->timeout = true;
		goto done;
	}
	move_t moves[MAX_MOVES];
	int count;
	search_status(s, moves, &count);
	int max_refs = o->max_refs > ANALYSIS_MAX_REFS ? ANALYSIS_MAX_REFS : o->max_refs;

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
	phase = 1;
	if (o->tree)
		for (int i = 0; i < a->nkeys && !a->truncated; i++)
			a->key_nodes[i] =
			    build_solver(a, s, a->keys[i].move, a->keys[i].moves, false);

	phase = 2;
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
	}
	phase = 3;
done:
	(void)phase;
	a->nodes_searched = s->nodes;
	a->seconds = search_clock() - t0;
	search_free(s);
	return 0;
}

void analysis_free(struct analysis *a)
{
	free(a->keys);
	free(a->tries);
	free(a->nodes);
	free(a->key_nodes);
	memset(a, 0, sizeof *a);
}
