/*
** search.c -- the proof search of battle play (see search.h).
**
** An AND/OR search: at the solving side's nodes one move reaching the goal
** is enough, at the defender's nodes every move must.  Move ordering aims at
** short proofs: the move that worked here before (from the table), then
** checks and captures for the solving side; the defence that refuted at
** this ply last time (killer) first for the defender.
*/
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve/search.h"

#define CLOCK_CHECK_MASK 4095 /* look at the clock every 4096 nodes */

double search_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Table keys of the goals apart (search.h); the line searches have their own. */
static const uint64_t goal_salt[GOALS] = {
    0,
    0x9E3779B97F4A7C15ULL,
    0xC2B2AE3D27D4EB4FULL,
};

/* ... and of the targets: a mate's entries keep the keys they had. */
static const uint64_t target_salt[TARGETS] = {
    0,
    0x94D049BB133111EBULL,
    0xBF58476D1CE4E5B9ULL,
    0x632BE59BD9B4E019ULL,
    0x85157AF5D0B9C3A1ULL,
    0xD1B54A32D192ED03ULL,
    0xAEF17502108EF2D9ULL,
    0x3C6EF372FE94F82BULL,
    0xA54FF53A5F1D36F1ULL,
    0x510E527FADE682D1ULL,
};

struct search *search_new(const struct game *g, const void *pos, struct tt *tt, size_t tt_megabytes)
{
	/* The scratch rows (undo, moves: 600 KB) are written before they are
	   read; zeroing them cost every new search a page fault a page, half
	   the composer's time in Morok (issue 22), where judgements are many
	   and small.  The rest is zeroed. */
	struct search *s = malloc(sizeof *s);
	if (!s)
		return NULL;
	memset(s, 0, offsetof(struct search, undo));
	s->g = g;
	s->target = TARGET_WIN;
	memcpy(s->pos, pos, g->pos_size);
	if (tt) {
		s->tt = tt;
		tt_new_generation(tt);
	} else {
		if (tt_init(&s->own_tt, tt_megabytes) < 0) {
			free(s);
			return NULL;
		}
		s->tt = &s->own_tt;
	}
	return s;
}

void search_free(struct search *s)
{
	if (!s)
		return;
	if (s->plan)
		s->g->win_plan_free(s->plan);
	if (s->tt == &s->own_tt)
		tt_free(&s->own_tt);
	free(s);
}

void search_reset(struct search *s, const void *pos)
{
	memcpy(s->pos, pos, s->g->pos_size);
	s->ply = 0;
	memset(s->killer, 0, sizeof s->killer);
}

void search_set_goal(struct search *s, enum goal goal)
{
	s->goal = goal;
	s->salt = goal_salt[goal] ^ target_salt[s->target];
	memset(s->killer, 0, sizeof s->killer);
}

void search_set_target(struct search *s, enum stip_target target)
{
	s->target = target;
	search_set_goal(s, s->goal);
}

bool search_limits_passed(const struct search *s)
{
	const struct search_limits *l = &s->limits;
	return stop_requested(l->stop) || (l->deadline > 0 && search_clock() > l->deadline);
}

void search_tick(struct search *s)
{
	if ((++s->nodes & CLOCK_CHECK_MASK) == 0 && search_limits_passed(s))
		longjmp(s->abort, 1);
}

void search_make(struct search *s, move_t m)
{
	search_tick(s);
	s->g->make(s->pos, m, s->undo[s->ply]);
	s->ply++;
}

void search_unmake(struct search *s, move_t m)
{
	s->ply--;
	s->g->unmake(s->pos, m, s->undo[s->ply]);
}

void search_make_null(struct search *s)
{
	search_tick(s);
	s->g->make_null(s->pos, s->undo[s->ply]);
	s->ply++;
}

void search_unmake_null(struct search *s)
{
	s->ply--;
	s->g->unmake_null(s->pos, s->undo[s->ply]);
}

enum result search_status(struct search *s, move_t *moves, int *n)
{
	*n = s->g->gen_moves(s->pos, moves);
	return s->g->outcome(s->pos, moves, *n);
}

static bool gives_check(struct search *s, move_t m)
{
	const struct game *g = s->g;
	if (g->gives_check)
		return g->gives_check(s->pos, m);
	g->make(s->pos, m, s->undo[s->ply]);
	bool check = g->in_check(s->pos);
	g->unmake(s->pos, m, s->undo[s->ply]);
	return check;
}

/* Searches of this many moves or more go to the table, on both sides: a
   probe is a cache miss, and a shorter search is cheaper to redo. */
#define TABLE_MIN_MOVES 3

#define SCORE_LEVELS 16 /* move scores are 0..15 */

/* Stable sort of moves by descending score, by counting (scores are small). */
static void sort_by_score(move_t *moves, const uint8_t *score, int n)
{
	int start[SCORE_LEVELS + 1] = {0};
	move_t sorted[MAX_MOVES];
	for (int i = 0; i < n; i++)
		start[SCORE_LEVELS - 1 - score[i] + 1]++;
	for (int k = 1; k <= SCORE_LEVELS; k++)
		start[k] += start[k - 1];
	for (int i = 0; i < n; i++)
		sorted[start[SCORE_LEVELS - 1 - score[i]]++] = moves[i];
	memcpy(moves, sorted, (size_t)n * sizeof *moves);
}

/* Solving side's moves, best first: the move that won here before, checks,
   captures.  At its last move in a game where only checks can win, only the
   checks (in any order: any mate ends the search).  Returns the count kept. */
static int order_attack(struct search *s, move_t *moves, int n, int budget, move_t best)
{
	const struct game *g = s->g;
	bool check[MAX_MOVES];
	uint8_t score[MAX_MOVES];
	int kept = 0;
	if (g->mark_checks)
		g->mark_checks(s->pos, moves, n, check);
	else
		for (int i = 0; i < n; i++)
			check[i] = g->in_check && gives_check(s, moves[i]);
	if (budget == 1 && g->win_needs_check && s->goal == GOAL_DIRECT &&
	    s->target == TARGET_WIN) {
		for (int i = 0; i < n; i++)
			if (check[i]) {
				moves[kept] = moves[i];
				if (moves[kept] == best) { /* the mate that worked here before */
					moves[kept] = moves[0];
					moves[0] = best;
				}
				kept++;
			}
		return kept;
	}
	for (int i = 0; i < n; i++)
		score[i] = (uint8_t)((moves[i] == best) * 8 + check[i] * 4 +
		                     g->is_capture(s->pos, moves[i]) * 2);
	sort_by_score(moves, score, n);
	return n;
}

/* Defences most likely to refute, first: checks and captures (hitting back
   at the attacker is the commonest refutation).  The killer is tried before
   this is called. */
static void order_defence(struct search *s, move_t *moves, int n)
{
	const struct game *g = s->g;
	bool check[MAX_MOVES];
	uint8_t score[MAX_MOVES];
	if (g->mark_checks)
		g->mark_checks(s->pos, moves, n, check);
	else
		memset(check, 0, (size_t)n * sizeof *check);
	for (int i = 0; i < n; i++)
		score[i] = (uint8_t)(check[i] * 2 + g->is_capture(s->pos, moves[i]));
	sort_by_score(moves, score, n);
}

/* Direct and self play, the defender with this many moves or more to go
   (its opponent two or more): defences leaving the fewest replies first
   (see search_after). */
#define FEW_REPLIES_MIN_MOVES 4

/* Replies counted: more than this many score as this many. */
#define REPLIES_COUNTED (SCORE_LEVELS - 2)

/* Stable sort of the defences by the number of the solving side's replies
   to each, fewest first (Popeye's "opponent moves few moves prioriser"):
   a refutation that leaves few replies -- a check, a capture of an
   attacking man, a block -- makes the proof that the attack fails small,
   and every defence after the first refutation is never looked at.
   Each reply position is made here anyway, so the table is asked about it
   too (an enhanced transposition cutoff): a defence the table knows to
   refute within left moves is returned at once (its index; -1 when there
   is none), and one it knows to lose goes last. */
static int order_fewest_replies(struct search *s, move_t *moves, int n, int left)
{
	const struct game *g = s->g;
	uint8_t score[MAX_MOVES];
	uint64_t keys[MAX_MOVES];
	move_t replies[MAX_MOVES];
	bool probe = left >= TABLE_MIN_MOVES;
	for (int i = 0; i < n; i++) {
		g->make(s->pos, moves[i], s->undo[s->ply]);
		keys[i] = g->hash(s->pos) ^ s->salt;
		if (probe)
			tt_prefetch(s->tt, keys[i]); /* read below, after the counting */
		int c = g->gen_moves(s->pos, replies);
		g->unmake(s->pos, moves[i], s->undo[s->ply]);
		score[i] = (uint8_t)(c >= REPLIES_COUNTED ? 1 : SCORE_LEVELS - 1 - c);
	}
	for (int i = 0; i < n && probe; i++) {
		const struct tt_entry *e = tt_probe(s->tt, keys[i]);
		if (!e)
			continue;
		if (e->fail_ge >= left)
			return i;
		if (e->win_le && e->win_le <= left)
			score[i] = 0;
	}
	sort_by_score(moves, score, n);
	return -1;
}

void search_order_defences(struct search *s, move_t *moves, int n, move_t first)
{
	for (int i = 0; i < n; i++)
		if (moves[i] == first && i > 0) {
			moves[i] = moves[0];
			moves[0] = first;
			break;
		}
	if (n > 0 && moves[0] == first)
		order_defence(s, moves + 1, n - 1);
	else
		order_defence(s, moves, n);
}

move_t search_last_refutation(const struct search *s, int ply)
{
	return ply >= 0 && ply < SEARCH_MAX_PLY ? s->killer[ply] : MOVE_NONE;
}

bool search_lost(struct search *s)
{
	if (s->g->status)
		return s->g->status(s->pos) == RESULT_LOSS;
	int n;
	return search_status(s, s->moves[s->ply], &n) == RESULT_LOSS;
}

/* Would the side that has just moved have no legal move if it were to
   move (double stalemate's second half)?  It is never in check. */
static bool mover_immobile(struct search *s)
{
	const struct game *g = s->g;
	search_make_null(s);
	enum result r =
	    g->status ? g->status(s->pos) : search_status(s, s->moves[s->ply], &(int){0});
	search_unmake_null(s);
	return r != RESULT_ONGOING;
}

bool search_status_at_goal(struct search *s, enum result r)
{
	switch (s->target) {
	case TARGET_STALEMATE:
		return r == RESULT_DRAW;
	case TARGET_DOUBLE_STALEMATE:
		return r == RESULT_DRAW && mover_immobile(s);
	case TARGET_CHECK: /* the last move checks, whatever follows */
		return s->g->in_check && s->g->in_check(s->pos);
	case TARGET_CAPTURE: /* properties of the move: its caller's (lines.c) */
	case TARGET_CASTLING:
	case TARGET_DOUBLE_MATE: /* reached by a self-checking move: lines.c's */
	case TARGET_COUNTER_MATE:
		return false;
	case TARGET_MATE_OR_STALEMATE:
		return r == RESULT_LOSS || r == RESULT_DRAW;
	case TARGET_ANY: /* whatever the move did */
		return true;
	default:
		return r == RESULT_LOSS;
	}
}

bool search_at_goal(struct search *s)
{
	if (s->target == TARGET_WIN)
		return search_lost(s);
	if (s->target == TARGET_ANY)
		return true;
	enum result r =
	    s->g->status ? s->g->status(s->pos) : search_status(s, s->moves[s->ply], &(int){0});
	return search_status_at_goal(s, r);
}

bool search_wins_now(struct search *s)
{
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	int count;
	if (g->win_needs_check && g->gen_check_candidates && s->target == TARGET_WIN)
		count = g->gen_check_candidates(s->pos, moves);
	else if (search_status(s, moves, &count) != RESULT_ONGOING)
		return false;
	move_t killer = s->killer[s->ply];
	for (int i = 1; i < count; i++)
		if (moves[i] == killer) {
			moves[i] = moves[0];
			moves[0] = killer;
		}
	for (int i = 0; i < count; i++) {
		move_t m = moves[i];
		search_make(s, m);
		bool won = search_at_goal(s);
		search_unmake(s, m);
		if (won) {
			s->killer[s->ply] = m;
			return true;
		}
	}
	return false;
}

/*
** The leaves of self and reflex play at S's node: O may have won already
** (the goal), and in reflex play S must not be able to win.  Returns 1 (the
** goal is reached), 0 (it is not, and S cannot go on: a finished game, or
** n = 0, or reflex S could win), or -1 (search on; moves[] holds S's moves).
*/
static int self_leaf(struct search *s, int n, move_t *moves, int *count)
{
	enum result r = search_status(s, moves, count);
	if (r != RESULT_ONGOING)
		return search_status_at_goal(s, r);
	if (n == 0)
		return 0;
	if (s->goal == GOAL_REFLEX) {
		if (search_wins_now(s))
			return 0;
		search_status(s, moves, count);
	}
	return -1;
}

bool search_attack(struct search *s, int n)
{
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	int count = -1;
	if (s->goal != GOAL_DIRECT) {
		int leaf = self_leaf(s, n, moves, &count);
		if (leaf >= 0)
			return leaf == 1;
	} else if (n == 0) {
		return false;
	}
	bool use_table = n >= TABLE_MIN_MOVES || s->ply <= s->table_plies;
	uint64_t key = use_table ? g->hash(s->pos) ^ s->salt : 0;
	const struct tt_entry *e = use_table ? tt_probe(s->tt, key) : NULL;
	move_t best = MOVE_NONE;
	if (e) {
		if (e->win_le && e->win_le <= n)
			return true;
		if (e->fail_ge >= n)
			return false;
		best = e->best;
	}
	/* Without the table's move, the move that won at this ply last time
	   (siblings often fall to the same mate). */
	if (best == MOVE_NONE)
		best = s->killer[s->ply];
	if (count >= 0) {
		/* moves[] holds S's moves already (self and reflex) */
	} else if (n == 1 && g->win_needs_check && g->gen_check_candidates &&
	           s->target == TARGET_WIN) {
		/* The last move must mate: only checks are worth generating. */
		count = g->gen_check_candidates(s->pos, moves);
	} else {
		enum result r = search_status(s, moves, &count);
		if (r != RESULT_ONGOING)
			return r == RESULT_WIN && s->target == TARGET_WIN;
	}
	count = order_attack(s, moves, count, n, best);
	/* Each reply position's probe is a cache miss: start them all now, so
	   that they overlap (a make and an unmake each cost less). */
	if (n >= TABLE_MIN_MOVES)
		for (int i = 0; i < count; i++) {
			g->make(s->pos, moves[i], s->undo[s->ply]);
			tt_prefetch(s->tt, g->hash(s->pos) ^ s->salt);
			g->unmake(s->pos, moves[i], s->undo[s->ply]);
		}
	for (int i = 0; i < count; i++) {
		move_t m = moves[i];
		search_make(s, m);
		bool won = search_after(s, n);
		search_unmake(s, m);
		if (won) {
			s->killer[s->ply] = m;
			if (use_table)
				tt_store_win(s->tt, key, n, m);
			return true;
		}
	}
	if (use_table)
		tt_store_fail(s->tt, key, n);
	return false;
}

bool search_after(struct search *s, int n)
{
	enum goal goal = s->goal;
	if (goal == GOAL_DIRECT && n <= 1 && s->g->status) {
		enum result r = s->g->status(s->pos);
		return s->target == TARGET_WIN ? r == RESULT_LOSS : search_status_at_goal(s, r);
	}
	/* Direct play, the defender's last move: the sibling's refutation
	   usually refutes here too, and when it is legal the defender is
	   neither mated nor stalemated (whatever the target) -- no moves generated (the bulk of a
	   deep tree is here: 7.5 M such nodes of 29 M in pylong-ortho-001). */
	move_t tried = MOVE_NONE;
	if (goal == GOAL_DIRECT && n == 2 && s->g->is_legal && s->killer[s->ply] &&
	    s->g->is_legal(s->pos, s->killer[s->ply])) {
		tried = s->killer[s->ply];
		search_make(s, tried);
		bool won = search_attack(s, 1);
		search_unmake(s, tried);
		if (!won)
			return false;
	}
	/* Self play, O's last move where only checks win (chess): one legal
	   quiet move refutes (see below).  The quiet move that refuted a
	   sibling usually stands here too -- the defender's king step, a pawn
	   push -- and it is tried before any move is generated (the
	   generation was two fifths of a selfmate's work: py-hs-s-0213). */
	bool quiet_refutes = goal == GOAL_SELF && n == 1 && s->g->win_needs_check &&
	                     s->g->gives_check && s->target == TARGET_WIN;
	move_t quiet = s->killer[s->ply];
	if (quiet_refutes && quiet && s->g->is_legal && s->g->is_legal(s->pos, quiet) &&
	    !s->g->gives_check(s->pos, quiet))
		return false;
	/* Different orders of the solving side's moves reach the same defence
	   position: the table keeps its answers too (the key includes the side
	   to move, so they never mix with the solving side's).  Asked before
	   the moves are generated: an entry is a fact about this position and
	   n alone, however the search came here (a finished game has none). */
	bool use_table = n >= TABLE_MIN_MOVES || s->ply <= s->table_plies;
	uint64_t key = use_table ? s->g->hash(s->pos) ^ s->salt : 0;
	const struct tt_entry *e = use_table ? tt_probe(s->tt, key) : NULL;
	if (e) {
		if (e->win_le && e->win_le <= n)
			return true;
		if (e->fail_ge >= n)
			return false;
	}
	move_t *moves = s->moves[s->ply];
	int count;
	enum result r = search_status(s, moves, &count);
	if (r != RESULT_ONGOING)
		return goal == GOAL_DIRECT && search_status_at_goal(s, r);
	if (goal == GOAL_REFLEX) {
		/* O can win: it must, and that is S's goal (S6) */
		if (search_wins_now(s))
			return true;
		if (n <= 1)
			return false;
		search_status(s, moves, &count);
	} else if (goal == GOAL_DIRECT && n <= 1) {
		return false;
	}
	/* Self play, O's last move: O has lost its defence only if every move
	   wins for it; where only checks win (chess), one quiet move refutes,
	   with no move made (most positions have one, and they are the bulk of
	   a selfmate's tree). */
	if (quiet_refutes) {
		for (int i = 0; i < count; i++)
			if (!s->g->gives_check(s->pos, moves[i])) { /* the first quiet one */
				s->killer[s->ply] = moves[i];
				if (use_table)
					tt_store_fail(s->tt, key, n);
				return false;
			}
	}
	/* The defence that refuted at this ply last time usually refutes again:
	   try it before paying for ordering the rest.  Not in direct and self
	   play with the solving side two moves or more from the end: there the
	   refutation that leaves it the fewest replies is worth more than a
	   quick one (a quiet killer lets every attacking move in below, a check
	   a few).  pylong-derived-003 as #8, CPU: 6.8 s with the killer, 0.3 s
	   without; Hundsdorfer's s#6 (py-hs-o-0034): 162 M nodes, 15 M. */
	bool use_killer = goal == GOAL_REFLEX || n <= 2;
	move_t killer = use_killer ? s->killer[s->ply] : MOVE_NONE;
	for (int i = 0; i < count && tried; i++)
		if (moves[i] == tried) { /* it did not refute */
			moves[i] = moves[--count];
			killer = MOVE_NONE;
			break;
		}
	for (int i = 0; i < count; i++) {
		if (moves[i] != killer)
			continue;
		moves[i] = moves[--count];
		search_make(s, killer);
		bool won = search_attack(s, n - 1);
		search_unmake(s, killer);
		if (!won) {
			if (use_table)
				tt_store_fail(s->tt, key, n);
			return false;
		}
		break;
	}
	order_defence(s, moves, count);
	if (goal != GOAL_REFLEX && n >= FEW_REPLIES_MIN_MOVES) {
		int known = order_fewest_replies(s, moves, count, n - 1);
		if (known >= 0) {
			s->killer[s->ply] = moves[known];
			if (use_table)
				tt_store_fail(s->tt, key, n);
			return false;
		}
	}
	for (int i = 0; i < count; i++) {
		move_t d = moves[i];
		search_make(s, d);
		bool won = search_attack(s, n - 1);
		search_unmake(s, d);
		if (!won) {
			s->killer[s->ply] = d;
			if (use_table)
				tt_store_fail(s->tt, key, n);
			return false;
		}
	}
	if (use_table)
		tt_store_win(s->tt, key, n, MOVE_NONE);
	return true;
}

int search_after_min(struct search *s, int n)
{
	for (int k = 1; k <= n; k++)
		if (search_after(s, k))
			return k;
	return 0;
}

int search_attack_min(struct search *s, int n)
{
	for (int k = 0; k <= n; k++)
		if (search_attack(s, k))
			return k;
	return -1;
}
