/*
** lines.c -- the line searches of help and series play (see lines.h).
**
** A depth-first walk over every move of the side the plan names at each
** ply.  The cost is at the end of the tree, so:
**  - the last ply of a game where only a check can win (chess mate) takes
**    only the checking moves (gen_check_candidates), and the mate test does
**    not generate the loser's moves (status);
**  - a position from which no line of the k plies left exists is stored in
**    the table (a bit per k), and any later visit with k plies left -- from
**    another order of the same moves, or from a shorter line's search --
**    returns at once.  A stored "no line" is a fact about the position, so
**    every line is still found;
**  - a game may say (its optional win_targets) which of its win targets
**    (chess: the squares of the mated king) its winner may still reach
**    within the moves each side has left, a relaxation that never leaves
**    out one where a win is possible.  The walk is goal-directed: each
**    position asks only about the targets its parent kept (a line from
**    here is a line from the parent), so the set narrows along the line
**    and the question gets cheaper as it goes.  A position with none left
**    is not searched, and is stored as one without a line (a fact about
**    the position: a line from it would reach a target every position
**    before it kept).  A game without the op is walked in full.
**    (tests/check_prune.c: the same lines with and without it.)
** Texts are made only for the lines found, by replaying them.
*/
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/lines.h"

/* Table keys of the plans, apart from each other and from battle play's;
   a stalemate goal's apart from a win's (the same position has other
   lines). */
static const uint64_t plan_salt[PLANS] = {
    0xD6E8FEB86659FD93ULL, 0xA0761D6478BD642FULL, 0xE7037ED1A0B428DBULL, 0x1D8E4E27C47D124FULL,
    0x5851F42D4C957F2DULL, 0x9E3779B97F4A7C15ULL, 0xBF58476D1CE4E5B9ULL,
};
/* ... and the targets' apart: a mate's keep the keys they had */
static const uint64_t target_salt[TARGETS] = {
    0,
    0x8EBC6AF09C88C6E3ULL,
    0x2545F4914F6CDD1DULL,
    0x9FB21C651E98DF25ULL,
    0xC13FA9A902A6328FULL,
    0x7FB5D329728EA185ULL,
    0x81DADEF4BC2DD44DULL,
    0x5BD1E9955BD1E995ULL,
    0x2127599BF4325C37ULL,
    0x880355F21E6D1965ULL,
};

/* Searches of fewer plies left than this do not go to the table: they are
   cheaper to redo than a probe that misses the cache. */
#define LINE_TABLE_MIN_PLIES 2
#define LINE_TABLE_MAX_PLIES 32 /* 16 bits of "no line of k plies" per entry */
/* The game's win_targets is asked from this many plies left on: with the
   targets narrowed along the line it pays from two plies left (the
   loser's last move) on; at the last ply, the winning move's own test
   is as cheap as the relaxation. */
/* The children's table buckets prefetched (walk()); -DLINES_PREFETCH=0
   builds without, to measure what it saves. */
#ifndef LINES_PREFETCH
#define LINES_PREFETCH 1
#endif
/* Help play of this many plies or more is walked with the game's win
   pictures (win_plan_new) where it has them. */
#ifndef PICTURE_MIN_PLIES
#define PICTURE_MIN_PLIES 6
#endif
/* ... and help play to a stalemate ("=", "#=", "==") from this many plies
   on (no win_targets prunes these) */
#ifndef STALEMATE_PLAN_MIN_PLIES
#define STALEMATE_PLAN_MIN_PLIES 4
#endif
#ifndef PRUNE_MIN_PLIES
#define PRUNE_MIN_PLIES 2
#endif

struct walk {
	struct search *s;
	enum line_plan plan;
	int plies;                       /* L */
	int recorded;                    /* plies of a line kept: L, or L + 1 with
	                                    help-self play's forced reply */
	move_t line[ANALYSIS_MAX_PLIES]; /* MOVE_NONE = a pass */
	_Alignas(16) unsigned char root[MAX_POS_SIZE];
	struct line_set *out;
	int moves_left[ANALYSIS_MAX_PLIES + 1][2]; /* [i][side]: moves from ply i on */
	uint64_t targets[ANALYSIS_MAX_PLIES + 1];  /* [i]: win targets left at ply i */
	/* [i]: the moves made before ply i, passes not counted: the ply of the
	   win plan (a pass moves no man, so the plan has no ply for it) */
	int plan_ply[ANALYSIS_MAX_PLIES + 1];
	bool oom;
	long found;
	int winner;
	int first; /* the side that makes ply 0 */
};

int lines_plies(enum line_plan plan, int n, bool half)
{
	switch (plan) {
	case PLAN_HELP:
		return 2 * n + half;
	case PLAN_SERIES:
		return 2 * n - 1;
	case PLAN_SERIES_HELP:
		return 2 * n;
	case PLAN_HELP_SELF:
	case PLAN_HELP_REFLEX:
		return 2 * n - 1 + half; /* the forced reply after them */
	case PLAN_SERIES_SELF:
	case PLAN_SERIES_REFLEX:
		return 2 * n - 1; /* passes included; the forced reply after them */
	default:
		return 0;
	}
}

/* Is ply i of the plan a pass? */
static bool is_pass(const struct walk *w, int i)
{
	switch (w->plan) {
	case PLAN_SERIES:
	case PLAN_SERIES_SELF:
	case PLAN_SERIES_REFLEX:
		return i % 2 == 1;
	case PLAN_SERIES_HELP:
		return i % 2 == 1 && i != w->plies - 1;
	default:
		return false;
	}
}

/* The line is complete: keep it, with its texts. */
static void record(struct walk *w)
{
	const struct game *g = w->s->g;
	struct move_note lm[ANALYSIS_MAX_PLIES];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	int kept = 0;
	w->found++;
	if (w->out->stored >= ANALYSIS_MAX_LINES) {
		w->out->count++;
		return;
	}
	memcpy(pos, w->root, g->pos_size);
	for (int i = 0; i < w->recorded; i++) {
		move_t m = w->line[i];
		if (m == MOVE_NONE) {
			g->make_null(pos, undo);
			continue;
		}
		struct move_note *x = &lm[kept++];
		move_note_init(x, g, pos, m);
		g->make(pos, m, undo);
		/* the goal's sign on the deciding move ('#', '=', "==", '+'; a
		   capture's 'x' after its check, as Popeye writes "+ x"), '+' on
		   a check */
		bool check = g->in_check && g->in_check(pos);
		const char *mark = check ? "+" : "";
		if (i == w->recorded - 1 && w->s->target == TARGET_CAPTURE)
			mark = check ? "+x" : "x";
		else if (i == w->recorded - 1)
			mark =
			    *stip_target_mark(w->s->target) ? stip_target_mark(w->s->target) : mark;
		move_note_mark(x, mark);
	}
	if (line_set_add(w->out, lm, kept) != 0)
		w->oom = true;
}

/* May the game go on after this move, as the plan needs before its last
   ply?  For a series: the passive side not in check (S7), the game not
   over by another rule.  Help play tests the next position itself. */
static bool series_move_ok(const struct search *s)
{
	const struct game *g = s->g;
	if (g->in_check && g->in_check(s->pos))
		return false;
	return !g->is_over || !g->is_over(s->pos);
}

/*
** Help-self play's last ply (s#1): S's moves after which the opponent O
** has a move and every move O has reaches the goal for O; each of O's
** replies is kept as the end of a line.  In a game where only checks win,
** one reply that gives no check refutes without being made.
*/
static void forced_replies(struct walk *w, int i)
{
	struct search *s = w->s;
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	int count;
	if (search_status(s, moves, &count) != RESULT_ONGOING)
		return;
	bool quick = g->win_needs_check && g->gives_check && s->target == TARGET_WIN;
	for (int k = 0; k < count; k++) {
		search_make(s, moves[k]);
		move_t *replies = s->moves[s->ply];
		int n;
		bool forced = search_status(s, replies, &n) == RESULT_ONGOING;
		for (int r = 0; forced && quick && r < n; r++)
			forced = g->gives_check(s->pos, replies[r]);
		for (int r = 0; forced && r < n; r++) {
			search_make(s, replies[r]);
			forced = search_at_goal(s);
			search_unmake(s, replies[r]);
		}
		for (int r = 0; forced && r < n; r++) {
			w->line[i] = moves[k];
			w->line[i + 1] = replies[r];
			record(w);
		}
		search_unmake(s, moves[k]);
	}
}

/* ---- the goals of the move itself ---- */

/* Is the target a property of the last move, told before it is made (a
   capture, a castling, any move)?  (The check is told after it.) */
static bool move_target(enum stip_target target)
{
	return target == TARGET_CAPTURE || target == TARGET_CASTLING || target == TARGET_ANY;
}

/* Does m, a move of the side to move, reach such a target?  A castling is
   the game's to tell (games/game.h: is_castling; none in a game without). */
static bool move_reaches(const struct search *s, move_t m)
{
	const struct game *g = s->g;
	switch (s->target) {
	case TARGET_CAPTURE:
		return g->is_capture(s->pos, m);
	case TARGET_CASTLING:
		return g->is_castling && g->is_castling(s->pos, m);
	case TARGET_ANY:
		return true;
	default:
		return false;
	}
}

/* ---- double mate and counter-mate: a self-checking last move ---- */

static bool self_check_target(enum stip_target target)
{
	return target == TARGET_DOUBLE_MATE || target == TARGET_COUNTER_MATE;
}

/*
** The winning side's last move for Popeye's ## and ##!: one the rules
** refuse only for leaving its own king in check, after which both sides
** are in check and neither has a legal move.  For ## the side had a legal
** move (it is not stalemated or mated: Popeye's "no ser-##2 solution
** because of stalemate"), for ##! it was mated (its opponent's last move
** mated it, which ends no line here).
*/
static void self_check_mates(struct walk *w, int i)
{
	struct search *s = w->s;
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	int count;
	enum result r = search_status(s, moves, &count);
	bool ready = s->target == TARGET_DOUBLE_MATE
	                 ? r == RESULT_ONGOING
	                 : r == RESULT_LOSS && g->in_check && g->in_check(s->pos);
	if (!ready)
		return;
	count = g->gen_self_checks(s->pos, moves);
	for (int k = 0; k < count; k++) {
		search_make(s, moves[k]);
		if (g->both_mated(s->pos)) {
			w->line[i] = moves[k];
			record(w);
		}
		search_unmake(s, moves[k]);
	}
}

/* ---- reflex play (S6): a side that can win with its next move must ---- */

/* Does m, a legal move of the side to move, reach the goal?  (The position
   is left as it was.) */
static bool goal_move(struct search *s, move_t m)
{
	const struct game *g = s->g;
	if (move_target(s->target))
		return move_reaches(s, m);
	search_make(s, m);
	bool check = g->in_check && g->in_check(s->pos);
	bool at = s->target == TARGET_CHECK ? check
	          : s->target == TARGET_WIN && g->win_needs_check && g->in_check && !check
	              ? false /* only a check mates: the mate test spared */
	              : search_at_goal(s);
	search_unmake(s, m);
	return at;
}

/*
** The moves of the side to move that reach the goal at once (S6: it must
** play one).  With `keep`, each ends a line at ply i (the line's forced
** reply); without, the first one found is enough.  Returns whether there
** is one.
*/
static bool reflex_wins(struct walk *w, int i, bool keep)
{
	struct search *s = w->s;
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	int count;
	bool checking = s->target == TARGET_WIN || s->target == TARGET_CHECK;
	if (g->win_needs_check && g->gen_check_candidates && checking)
		count = g->gen_check_candidates(s->pos, moves);
	else if (search_status(s, moves, &count) != RESULT_ONGOING)
		return false;
	bool any = false;
	for (int k = 0; k < count; k++) {
		if (!goal_move(s, moves[k]))
			continue;
		if (!keep)
			return true;
		any = true;
		w->line[i] = moves[k];
		record(w);
	}
	return any;
}

/* The solving side's last move of a reflex line, each followed by the
   opponent's wins at once (none: no line through it). */
static void reflex_last(struct walk *w, int i)
{
	struct search *s = w->s;
	move_t *moves = s->moves[s->ply];
	int count;
	if (search_status(s, moves, &count) != RESULT_ONGOING)
		return;
	for (int k = 0; k < count; k++) {
		search_make(s, moves[k]);
		w->line[i] = moves[k];
		reflex_wins(w, i + 1, true);
		search_unmake(s, moves[k]);
	}
}

/* Is the side to move forced to reach the goal (s#1's end: it has a move,
   and every move it has reaches the goal)?  Its moves are left in
   s->moves[s->ply], *count of them.  Where only a check wins, a move that
   gives none answers at once. */
static bool forced_now(struct search *s, int *count)
{
	const struct game *g = s->g;
	move_t *moves = s->moves[s->ply];
	if (search_status(s, moves, count) != RESULT_ONGOING)
		return false;
	if (g->win_needs_check && g->gives_check && s->target == TARGET_WIN)
		for (int k = 0; k < *count; k++)
			if (!g->gives_check(s->pos, moves[k]))
				return false;
	for (int k = 0; k < *count; k++) {
		search_make(s, moves[k]);
		bool at = search_at_goal(s);
		search_unmake(s, moves[k]);
		if (!at)
			return false;
	}
	return true;
}

/* Help-self play of no move before the end (hs#0.5: the short solution of
   hs#N.5, series-self's set play): the opponent to move is forced to reach
   the goal -- each of its moves a line. */
static void forced_root(struct walk *w)
{
	struct search *s = w->s;
	int count;
	if (!forced_now(s, &count))
		return;
	for (int k = 0; k < count; k++) {
		w->line[0] = s->moves[s->ply][k];
		record(w);
	}
}

/* Is m, the move of ply i, on the way to one of the game's win pictures
   (its win_plan) still within reach? */
static bool on_plan(struct walk *w, int i, move_t m)
{
	const struct search *s = w->s;
	return s->g->win_plan_move(s->plan, w->plan_ply[i], s->pos, m,
	                           w->moves_left[i + 1][w->winner],
	                           w->moves_left[i + 1][w->winner ^ 1]);
}

static void walk(struct walk *w, int i)
{
	struct search *s = w->s;
	const struct game *g = s->g;
	int left = w->plies - i;
	if (w->oom)
		return;
	w->targets[i + 1] = w->targets[i];
	/* S6: a side that can win at once must -- the solving side's line
	   fails, the opponent's ends (sooner: a shorter line) */
	if (plan_reflex(w->plan) && reflex_wins(w, i, false))
		return;
	/* series-self: where the opponent is forced to win already, the
	   series ends there (a shorter line), as Popeye's ser-s# has it */
	if (w->plan == PLAN_SERIES_SELF && is_pass(w, i) && forced_now(s, &(int){0}))
		return;
	if (is_pass(w, i)) {
		search_make_null(s);
		w->line[i] = MOVE_NONE;
		walk(w, i + 1);
		search_unmake_null(s);
		return;
	}
	bool use_table =
	    !s->no_line_table && left >= LINE_TABLE_MIN_PLIES && left <= LINE_TABLE_MAX_PLIES;
	uint64_t key = 0;
	/* only inside the table's range: 1u << 59 (h#60) is undefined */
	uint16_t bit = use_table ? (uint16_t)(1u << ((left - 1) >> 1)) : 0;
	if (use_table) {
		key = g->hash(s->pos) ^ s->salt;
		if (tt_no_line(s->tt, key) & bit)
			return;
	}
	bool filter = false; /* the game's win_moves may drop moves here */
	if (g->win_targets && left >= PRUNE_MIN_PLIES && s->target == TARGET_WIN &&
	    !plan_forced_end(w->plan) && !s->plan) {
		int winner = w->winner;
		filter = g->win_moves != NULL;
		w->targets[i + 1] = g->win_targets(s->pos, winner, w->moves_left[i][winner],
		                                   w->moves_left[i][winner ^ 1], w->targets[i]);
		if (!w->targets[i + 1]) {
			if (use_table)
				tt_store_no_line(s->tt, key, bit);
			return;
		}
	}
	long before = w->found;
	move_t *moves = s->moves[s->ply];
	int count;
	if (left == 1 && plan_reflex(w->plan)) {
		reflex_last(w, i);
	} else if (left == 1 && plan_forced_end(w->plan)) {
		forced_replies(w, i);
	} else if (left == 1 && self_check_target(s->target)) {
		self_check_mates(w, i);
	} else if (left == 1) {
		/* the winning ply (a mate needs a check, and so does the check
		   goal; a stalemate and a capture do not) */
		bool checking = s->target == TARGET_WIN || s->target == TARGET_CHECK;
		if (g->win_needs_check && g->gen_check_candidates && checking)
			count = g->gen_check_candidates(s->pos, moves);
		else if (search_status(s, moves, &count) != RESULT_ONGOING)
			count = 0;
		/* where only a check mates, a move that gives none is no mate:
		   in_check is cheaper than the mate test (the candidates
		   include every move of a man that may uncover a line) */
		bool checks_only = g->win_needs_check && g->in_check && s->target == TARGET_WIN;
		bool by_move = move_target(s->target);
		for (int k = 0; k < count; k++) {
			/* the capture and castling goals: a property of the move,
			   not of where it leads */
			if (by_move && !move_reaches(s, moves[k]))
				continue;
			if (s->plan && !on_plan(w, i, moves[k]))
				continue;
			search_make(s, moves[k]);
			if (by_move ||
			    ((!checks_only || g->in_check(s->pos)) && search_at_goal(s))) {
				w->line[i] = moves[k];
				record(w);
			}
			search_unmake(s, moves[k]);
		}
	} else {
		enum result r = search_status(s, moves, &count);
		/* help play: no position before the last ply may be over (S2) */
		if (r != RESULT_ONGOING && plan_alternates(w->plan))
			count = 0;
		if (filter && count)
			count = g->win_moves(s->pos, w->winner, w->moves_left[i][w->winner],
			                     w->moves_left[i][w->winner ^ 1], w->targets[i + 1],
			                     moves, count);
		/* the goals of the move (check, capture, castling, any move):
		   a move of the winning side that reaches the goal ends the
		   line there (a shorter solution, as Popeye counts it), as a
		   mate or stalemate ends the game */
		bool move_goal = (s->target == TARGET_CHECK || move_target(s->target)) &&
		                 (w->first ^ (i & 1)) == w->winner;
		/* The children's table buckets, loaded all at once before the
		   first child asks: a probe is a cache miss, and one after the
		   other they cost a third of the search; made this way they
		   overlap.  (Each child is made and unmade once more for its
		   key; the game keeps the key incrementally.) */
		if (LINES_PREFETCH && !s->no_line_table && left - 1 >= LINE_TABLE_MIN_PLIES &&
		    left - 1 <= LINE_TABLE_MAX_PLIES && !is_pass(w, i + 1))
			for (int k = 0; k < count; k++) {
				g->make(s->pos, moves[k], s->undo[s->ply]);
				tt_prefetch(s->tt, g->hash(s->pos) ^ s->salt);
				g->unmake(s->pos, moves[k], s->undo[s->ply]);
			}
		for (int k = 0; k < count; k++) {
			move_t m = moves[k];
			if (s->plan && !on_plan(w, i, m))
				continue;
			bool early = move_goal && move_reaches(s, m);
			search_make(s, m);
			early |= move_goal && s->target == TARGET_CHECK && g->in_check(s->pos);
			if (!early && (plan_alternates(w->plan) || series_move_ok(s))) {
				w->line[i] = m;
				walk(w, i + 1);
			}
			search_unmake(s, m);
		}
	}
	if (use_table && w->found == before)
		tt_store_no_line(s->tt, key, bit);
}

/* The search's limits, for the game's win pictures to ask. */
static bool limits_passed(void *search)
{
	return search_limits_passed(search);
}

int lines_find(struct search *s, enum line_plan plan, int plies, struct line_set *out)
{
	/* On the stack, not the heap: a timeout or Ctrl-C leaves through
	   s->abort (longjmp) from deep inside walk(), and would leak it. */
	struct walk w;
	memset(&w, 0, sizeof w);
	w.s = s;
	w.plan = plan;
	w.plies = plies;
	w.recorded = plan_forced_end(plan) ? plies + 1 : plies;
	w.out = out;
	memcpy(w.root, s->pos, s->g->pos_size);
	w.targets[0] = ~0ULL;
	s->salt = plan_salt[plan] ^ target_salt[s->target];
	/* who makes each ply: the sides alternate, passes included; the
	   last ply is the winner's */
	if (plies > 0 && plies <= ANALYSIS_MAX_PLIES) {
		int side = s->g->side_to_move(s->pos);
		w.first = side;
		w.winner = side ^ ((plies - 1) & 1);
		for (int i = plies - 1; i >= 0; i--) {
			int mover = side ^ (i & 1);
			w.moves_left[i][0] = w.moves_left[i + 1][0];
			w.moves_left[i][1] = w.moves_left[i + 1][1];
			if (!is_pass(&w, i))
				w.moves_left[i][mover]++;
		}
		for (int i = 0; i < plies; i++)
			w.plan_ply[i + 1] = w.plan_ply[i] + !is_pass(&w, i);
	}
	if (s->plan) {
		s->g->win_plan_free(s->plan);
		s->plan = NULL;
	}
	/* help and series-help play to a win at length: the game's win
	   pictures, where it has them, instead of its per-position
	   win_targets (a series-help's passes are no plies of the plan: it
	   follows the moves made) */
	/* the goals with a plan: a win, a stalemate ("="), either ("#="), a
	   double stalemate ("==", planned as the loser's stalemate); those
	   with a stalemate from fewer plies (no win_targets for them) */
	enum plan_goal goal = s->target == TARGET_STALEMATE           ? PLAN_GOAL_STALEMATE
	                      : s->target == TARGET_MATE_OR_STALEMATE ? PLAN_GOAL_WIN_OR_STALEMATE
	                      : s->target == TARGET_DOUBLE_STALEMATE  ? PLAN_GOAL_DOUBLE_STALEMATE
	                                                              : PLAN_GOAL_WIN;
	bool planned = s->target == TARGET_WIN || goal != PLAN_GOAL_WIN;
	int least = s->picture_plies > 0    ? s->picture_plies
	            : goal != PLAN_GOAL_WIN ? STALEMATE_PLAN_MIN_PLIES
	                                    : PICTURE_MIN_PLIES;
	if (s->g->win_plan_new && (plan == PLAN_HELP || plan == PLAN_SERIES_HELP) && planned &&
	    plies >= least && plies <= ANALYSIS_MAX_PLIES) {
		s->plan = s->g->win_plan_new(s->pos, w.winner, w.moves_left[0][w.winner],
		                             w.moves_left[0][w.winner ^ 1], w.plan_ply[plies], goal,
		                             limits_passed, s);
		/* given up at the limits: stopped here, as a node would stop
		   (the enumeration makes none, and frees its own) */
		if (!s->plan && search_limits_passed(s))
			longjmp(s->abort, 1);
	}
	if (plies > 0 && w.recorded <= ANALYSIS_MAX_PLIES)
		walk(&w, 0);
	else if (plies == 0 && plan_reflex(plan)) /* hr#0.5: the reply alone */
		reflex_wins(&w, 0, true);
	else if (plies == 0 && plan_forced_end(plan)) /* hs#0.5 */
		forced_root(&w);
	if (s->plan) {
		s->g->win_plan_free(s->plan);
		s->plan = NULL;
	}
	return w.oom ? -1 : 0;
}

void lines_put_move(struct strbuf *b, int p, int plies, enum line_plan plan, bool winner_first,
                    const char *text)
{
	const char *sep = p ? " " : "";
	if (!plan_alternates(plan)) {
		if (plan_series_reply(plan) && p == plies - 1)
			strbuf_printf(b, " %s", text); /* the reply of a helping series */
		else
			strbuf_printf(b, "%s%d.%s", sep, p + 1, text);
		return;
	}
	int ply = p + winner_first; /* the plies of a line that starts with O */
	if (p == 0 && winner_first)
		strbuf_printf(b, "1...%s", text);
	else if (ply % 2 == 0)
		strbuf_printf(b, "%s%d.%s", sep, ply / 2 + 1, text);
	else
		strbuf_printf(b, " %s", text);
}

void lines_format(const struct line_set *set, int i, enum line_plan plan, bool winner_first,
                  struct strbuf *b)
{
	const struct solution_line *l = &set->lines[i];
	for (int p = 0; p < l->plies; p++)
		lines_put_move(b, p, l->plies, plan, winner_first, set->moves[l->first + p].text);
}

int line_set_add(struct line_set *set, const struct move_note *moves, int plies)
{
	set->count++;
	if (set->stored >= ANALYSIS_MAX_LINES)
		return 0;
	if (set->stored == set->cap_lines) {
		int cap = set->cap_lines ? set->cap_lines * 2 : 16;
		struct solution_line *l = realloc(set->lines, (size_t)cap * sizeof *l);
		if (!l)
			return -1;
		set->lines = l;
		set->cap_lines = cap;
	}
	if (set->nmoves + plies > set->cap_moves) {
		int cap = set->cap_moves ? set->cap_moves * 2 : 64;
		while (cap < set->nmoves + plies)
			cap *= 2;
		struct move_note *m = realloc(set->moves, (size_t)cap * sizeof *m);
		if (!m)
			return -1;
		set->moves = m;
		set->cap_moves = cap;
	}
	set->lines[set->stored].plies = plies;
	set->lines[set->stored].first = set->nmoves;
	memcpy(set->moves + set->nmoves, moves, (size_t)plies * sizeof *moves);
	set->nmoves += plies;
	set->stored++;
	return 0;
}

void line_set_free(struct line_set *set)
{
	free(set->lines);
	free(set->moves);
	memset(set, 0, sizeof *set);
}
