/*
** dfpn.c -- depth-first proof-number search (see dfpn.h).
**
** mid() is Nagai's multiple iterative deepening: a node is searched until
** its proof number reaches thpn or its disproof number thdn.  The numbers
** of a node's children are read from the table once, when the node is
** expanded, and then kept in the node's own child list, updated by each
** child search: re-reading every child from the table after every step
** costs a cache miss per child, for the rare transposition it would catch.
**
** With threads (pn_search_run_jobs) each thread runs the same mid() from
** the root over the one table (pn_table.h: lock-free, a torn entry is a
** miss).  They part ways as in Kaneko's parallel df-pn: a thread inside a
** node counts itself in a small shared array of "busy" counters (by the
** key's low bits), and a parent whose best child is busy takes the child
** that is best once each busy one's number is made worse by the threads in
** it -- another branch the search will need, searched meanwhile.  What the
** others settled reaches a thread through the table: a node it enters is
** looked up first (settled by another thread: it returns at once), and
** after a long child search the children another thread settled are read
** again.  The first thread to settle the root stops the others.
*/
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prove/dfpn.h"

#define CLOCK_CHECK_MASK 4095
#define ARENA_CHILDREN (1u << 18) /* children on the path, all plies together */
#define PATH_FILTER 4096          /* counts of path hashes by their low bits */
#define ATTACKER_SALT 0x8f1bbcdcca62c1d6ULL
#define BUSY_SLOTS (1u << 15) /* busy counters: 64 KB, in the cache */
#define REFRESH_NODES 1024    /* a child search this long: its siblings read again */

/* What the threads of one search share. */
struct pn_group {
	atomic_bool done;                  /* the root settled, or a limit reached: all stop */
	_Atomic uint64_t nodes;            /* positions made, in steps of CLOCK_CHECK_MASK + 1 */
	_Atomic uint16_t busy[BUSY_SLOTS]; /* threads inside a node, by key bits */
};

struct child {
	uint64_t key;
	move_t move;
	uint32_t pn, dn;
	int len;  /* settled: the length of the win or of the failure (fact_length) */
	int olen; /* failed, in a dual search: the opponent's win length (-1: not known) */
};

struct pn_search {
	const struct game *g;
	struct pn_table *table;
	struct pn_limits lim;
	int attacker;
	uint64_t nodes;
	bool stopped;
	uint32_t root_pn, root_dn;
	int root_len, root_olen;
	bool dual;    /* pn_search_set_dual */
	bool weak_dn; /* pn_search_set_weak_dn */
	int ply, max_ply;
	struct child *arena;
	size_t arena_used;
	uint64_t path[PN_MAX_PLY + 1];
	uint16_t filter[PATH_FILTER];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	_Alignas(16) unsigned char undo[PN_MAX_PLY + 1][MAX_UNDO_SIZE];
	_Alignas(16) unsigned char kid_undo[MAX_UNDO_SIZE];
	move_t moves[MAX_MOVES];
	unsigned char *kids; /* the children of the node being expanded */
	size_t kid_stride;
	struct pn_group *group;             /* NULL: one thread */
	bool helper;                        /* a thread other than the first (pn_table.h) */
	int threads;                        /* of the last run_jobs */
	uint64_t thread_nodes[PN_MAX_JOBS]; /* positions each made in it */
};

struct pn_search *pn_search_new(const struct game *g, struct pn_table *t,
                                const struct pn_limits *lim)
{
	struct pn_search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->kid_stride = (g->pos_size + 15) & ~(size_t)15;
	s->arena = malloc(ARENA_CHILDREN * sizeof *s->arena);
	s->kids = aligned_alloc(16, MAX_MOVES * s->kid_stride);
	if (!s->arena || !s->kids) {
		free(s->arena);
		free(s->kids);
		free(s);
		return NULL;
	}
	s->g = g;
	s->table = t;
	if (lim)
		s->lim = *lim;
	return s;
}

void pn_search_free(struct pn_search *s)
{
	if (!s)
		return;
	free(s->arena);
	free(s->kids);
	free(s);
}

uint64_t pn_key(const struct game *g, const void *pos, int attacker)
{
	uint64_t h = g->hash(pos);
	if (g->mirror_hash) {
		uint64_t m = g->mirror_hash(pos);
		if (m < h)
			h = m;
	}
	return attacker ? h ^ ATTACKER_SALT : h;
}

enum pn_answer pn_terminal(const struct game *g, const void *pos, enum result r, int attacker)
{
	int mover = g->side_to_move(pos);
	bool won =
	    (r == RESULT_WIN && mover == attacker) || (r == RESULT_LOSS && mover != attacker);
	return won ? PN_PROVED : PN_DISPROVED;
}

static void check_limits(struct pn_search *s)
{
	uint64_t nodes = s->nodes;
	if (s->group) {
		if (atomic_load_explicit(&s->group->done, memory_order_relaxed)) {
			s->stopped = true;
			return;
		}
		nodes = atomic_load_explicit(&s->group->nodes, memory_order_relaxed);
	}
	if (stop_requested(s->lim.stop) || (s->lim.max_nodes && nodes >= s->lim.max_nodes) ||
	    (s->lim.deadline > 0 && pn_clock() > s->lim.deadline)) {
		s->stopped = true;
		if (s->group)
			atomic_store_explicit(&s->group->done, true, memory_order_relaxed);
	}
}

/* A position of `ply` looked at: counted (and the limits looked at now
   and then). */
static void count_node(struct pn_search *s, int ply)
{
	if ((++s->nodes & CLOCK_CHECK_MASK) == 0) {
		if (s->group)
			atomic_fetch_add_explicit(&s->group->nodes, CLOCK_CHECK_MASK + 1,
			                          memory_order_relaxed);
		check_limits(s);
	}
	if (ply > s->max_ply)
		s->max_ply = ply;
}

static void make(struct pn_search *s, move_t m)
{
	count_node(s, s->ply + 1);
	s->g->make(s->pos, m, s->undo[s->ply]);
	s->ply++;
}

static void unmake(struct pn_search *s, move_t m)
{
	s->ply--;
	s->g->unmake(s->pos, m, s->undo[s->ply]);
}

static void path_push(struct pn_search *s, uint64_t h)
{
	s->path[s->ply] = h;
	s->filter[h % PATH_FILTER]++;
}

static void path_pop(struct pn_search *s)
{
	s->filter[s->path[s->ply] % PATH_FILTER]--;
}

/* Is the position with hash h on the path from the root (above ply)? */
static bool on_path(const struct pn_search *s, int ply, uint64_t h)
{
	if (!s->filter[h % PATH_FILTER])
		return false;
	for (int i = ply - 1; i >= 0; i--)
		if (s->path[i] == h)
			return true;
	return false;
}

static uint32_t add_sat(uint32_t a, uint32_t b)
{
	if (a == PN_INF || b == PN_INF)
		return PN_INF;
	uint64_t x = (uint64_t)a + b;
	return x > PN_MAX ? PN_MAX : (uint32_t)x;
}

/* 1 + epsilon: a child may go on until it is a quarter worse than the
   second best, so the search does not flip between two close children. */
static uint32_t widen(uint32_t second)
{
	if (second >= PN_MAX)
		return second;
	uint64_t x = (uint64_t)second + second / 4 + 1;
	return x > PN_MAX ? PN_MAX : (uint32_t)x;
}

/* ---- fact lengths ----
   A settled node is stored with the length of what was settled, worked
   out from its children's, not with the budget it was searched under:
   the attacker's move adds one, the defender's choice takes the longest
   win or the longest failure.  Under a budget of 9 a win within 3 is
   stored as one; a win found under no budget gets its length, and a
   search under a budget can use it.  PN_UNBOUNDED stays what it means:
   a win not counted, or no win at all. */

/* A win of `len` one attacker move further up. */
static int win_after_move(int len)
{
	return len >= PN_UNBOUNDED - 1 ? PN_UNBOUNDED : len + 1;
}

/* A failure within `len` one attacker move further up ("no win within
   len" below every move: none within len + 1 here); a finite failure
   stays finite. */
static int fail_after_move(int len)
{
	if (len >= PN_UNBOUNDED)
		return PN_UNBOUNDED;
	return len + 1 > PN_UNBOUNDED - 1 ? PN_UNBOUNDED - 1 : len + 1;
}

/* The length of a settled node from its children: at the attacker's (OR)
   node, a win is one move more than the shortest proved child's, a
   failure one more than the shortest failure among them (all failed); at
   the defender's (AND) node, a win is the longest of the children's wins
   (all proved), a failure the longest among the failed ones (the defender
   picks it).  A win is at least 1 (the table's 0 means none). */
static int fact_length(const struct child *c, int n, bool or_node, bool won)
{
	int len = or_node ? PN_UNBOUNDED : 0;
	for (int i = 0; i < n; i++) {
		bool settled = won ? c[i].pn == 0 : c[i].dn == 0;
		if (!settled)
			continue;
		if (or_node ? c[i].len < len : c[i].len > len)
			len = c[i].len;
	}
	if (or_node)
		len = won ? win_after_move(len) : fail_after_move(len);
	return won && len < 1 ? 1 : len;
}

/* The status of pos and its moves (in moves, their number in *n). */
static enum result moves_and_status(const struct game *g, void *pos, move_t *moves, int *n)
{
	*n = g->gen_moves(pos, moves);
	return g->outcome(pos, moves, *n);
}

enum result pn_count_moves(const struct game *g, void *pos, move_t *moves, int *n)
{
	if (g->count_moves)
		return g->count_moves(pos, n);
	return moves_and_status(g, pos, moves, n);
}

bool pn_wins_at_once(const struct game *g, void *pos, const move_t *mv, int n, int attacker)
{
	move_t room[MAX_MOVES];
	_Alignas(16) unsigned char u[MAX_UNDO_SIZE];
	for (int i = 0; i < n; i++) {
		g->make(pos, mv[i], u);
		int k;
		enum result r = pn_count_moves(g, pos, room, &k);
		bool won = (r != RESULT_ONGOING || k == 0) &&
		           pn_terminal(g, pos, r, attacker) == PN_PROVED;
		g->unmake(pos, mv[i], u);
		if (won)
			return true;
	}
	return false;
}

bool pn_wins_after_every_defence(const struct game *g, void *pos, const move_t *dm, int nd,
                                 int attacker)
{
	move_t am[MAX_MOVES];
	_Alignas(16) unsigned char u[MAX_UNDO_SIZE];
	bool won = true;
	for (int i = 0; i < nd && won; i++) {
		g->make(pos, dm[i], u);
		int na;
		enum result r = moves_and_status(g, pos, am, &na);
		if (r != RESULT_ONGOING || na == 0)
			won = pn_terminal(g, pos, r, attacker) == PN_PROVED;
		else
			won = pn_wins_at_once(g, pos, am, na, attacker);
		g->unmake(pos, dm[i], u);
	}
	return won;
}

/* A failure known within fewer moves than asked (the last bounded
   search's, or an earlier one's): the position probably fails within one
   or two more as well, so its disproof is made to look the nearer, its
   proof the farther -- df-pn then tries it first as the defender's
   refutation.  Numbers only guide; the answer is unchanged.  Refuting
   "within 21" on Upuaut's start: 392 -> 358 million positions, the
   refutation 3.74 -> 3.14 million; on four smaller Upuaut positions 9%
   fewer positions in all (a factor of 4 or 8 one move from the failure
   and 2 two moves from it; 1, 3 or 4 moves' reach, or the wins known
   within more moves used the same way, did no better). */
static void hint_failure(const struct pn_hint *hint, int budget, uint32_t *pn, uint32_t *dn)
{
	if (hint->fail_ge <= 0 || hint->fail_ge >= budget)
		return;
	int gap = budget - hint->fail_ge;
	if (gap == 1) {
		*dn = 1;
		*pn = *pn >= PN_MAX / 8 ? PN_MAX : *pn * 8;
	} else if (gap == 2) {
		*dn = (*dn + 1) / 2;
		*pn = *pn >= PN_MAX / 2 ? PN_MAX : *pn * 2;
	}
}

/* The numbers of pos (at `ply` below the root: the working position or a
   child of it) for a node of `budget`: settled when it is over, from the
   table, else initial; when settled, *len is the length of the fact.
   s->moves is used as room. */
static void evaluate(struct pn_search *s, void *pos, int ply, int budget, uint64_t key,
                     uint32_t *pn, uint32_t *dn, int *len, int *olen)
{
	const struct game *g = s->g;
	*len = 0;
	*olen = -1;
	if (ply >= PN_MAX_PLY || (!g->acyclic && on_path(s, ply, g->hash(pos)))) {
		*pn = PN_INF; /* a cycle (or a line too long) is no win */
		*dn = 0;
		*len = budget; /* on this path only: no more than asked */
		return;
	}
	struct pn_hint hint = {0, 0, 0};
	if (pn_table_lookup(s->table, key, budget, s->helper, pn, dn, len, &hint)) {
		if (*dn == 0 && hint.other_win > 0)
			*olen = hint.other_win;
		return;
	}
	bool or_node = g->side_to_move(pos) == s->attacker;
	bool last = or_node && budget == 1;
	int n;
	enum result r =
	    last ? moves_and_status(g, pos, s->moves, &n) : pn_count_moves(g, pos, s->moves, &n);
	if (r != RESULT_ONGOING || n == 0 || budget == 0) {
		bool won = r != RESULT_ONGOING && pn_terminal(g, pos, r, s->attacker) == PN_PROVED;
		*pn = won ? 0 : PN_INF;
		*dn = won ? PN_INF : 0;
		/* over: won in no moves, or never won; else no win within 0 */
		*len = won || r == RESULT_ONGOING ? 0 : PN_UNBOUNDED;
		/* the opponent has won (a draw is no one's win) */
		if (!won && (r == RESULT_WIN || r == RESULT_LOSS))
			*olen = 0;
		return;
	}
	if (last) {
		/* The attacker's last move: settled here by trying each, cheaper
		   than a node of its own in the table (a quarter less time
		   refuting a win within 9 of Upuaut's c1b1). */
		bool won = pn_wins_at_once(g, pos, s->moves, n, s->attacker);
		*pn = won ? 0 : PN_INF;
		*dn = won ? PN_INF : 0;
		*len = 1; /* won with this move, or no win within 1 */
		return;
	}
	if (!or_node && budget == 1) {
		/* The defender's move before the attacker's last: settled the
		   same way, each defence in turn until one leaves the attacker
		   no move that wins at once (in the failures most defences do:
		   a node of its own, with all its children looked at first,
		   cost a fifth more CPU refuting Upuaut positions' shortest
		   wins less one). */
		int nd = g->gen_moves(pos, s->moves);
		bool won = pn_wins_after_every_defence(g, pos, s->moves, nd, s->attacker);
		*pn = won ? 0 : PN_INF;
		*dn = won ? PN_INF : 0;
		*len = 1;
		return;
	}
	/* Mobility: the side that needs every child has n of them to settle,
	   each more work the more there are; 0.2 n^2 + 1 took 186 M positions
	   to solve Upuaut's start where n took 279 M (and n^2 / 10, 0.3 n^2
	   did worse on smaller Upuaut positions). */
	uint32_t h = (uint32_t)(n * n * 2 + 5) / 10 + 1;
	*pn = or_node ? 1 : h;
	*dn = or_node ? h : 1;
	if (budget != PN_UNBOUNDED)
		hint_failure(&hint, budget, pn, dn);
}

/* ---- threads: the busy counters ---- */

static _Atomic uint16_t *busy_slot(const struct pn_search *s, uint64_t key)
{
	return &s->group->busy[key % BUSY_SLOTS];
}

/* A number made worse by one for each thread searching below it: among
   children of equal numbers (the frontier's are mostly 1) a thread takes
   one no other is in.  (Made worse in proportion, 1.5 or 2 or 4 times
   for one thread in it, the threads searched 20-60% more positions than
   one thread, here none to 10% more: a child that looks best is usually
   the one to search, and another thread in it finishes it sooner.) */
static uint32_t burdened(const struct pn_search *s, uint32_t x, uint64_t key)
{
	unsigned k = atomic_load_explicit(busy_slot(s, key), memory_order_relaxed);
	if (!k || x >= PN_MAX)
		return x;
	uint64_t y = (uint64_t)x + k;
	return y > PN_MAX ? PN_MAX : (uint32_t)y;
}

/* Another thread is inside the best child (by the number that decides, pn
   at an OR node, dn at an AND node): the child best once the busy ones are
   burdened, if it is below the threshold th, else the best all the same
   (then the threads search it together).  *second: the second best of the
   burdened numbers, for the child's threshold. */
static int divert(const struct pn_search *s, const struct child *c, int n, bool or_node, int best,
                  uint32_t th, uint32_t *second)
{
	if (!atomic_load_explicit(busy_slot(s, c[best].key), memory_order_relaxed))
		return best;
	uint32_t b1 = PN_INF, b2 = PN_INF;
	int pick = best;
	for (int i = 0; i < n; i++) {
		uint32_t v = or_node ? c[i].pn : c[i].dn;
		if (v == PN_INF)
			continue;
		v = burdened(s, v, c[i].key);
		if (v < b1) {
			b2 = b1;
			b1 = v;
			pick = i;
		} else if (v < b2) {
			b2 = v;
		}
	}
	uint32_t v = or_node ? c[pick].pn : c[pick].dn;
	if (pick == best || v >= th)
		return best;
	*second = b2;
	return pick;
}

/* What the other threads settled below the children, from the table.
   Only what is settled: a child's numbers in the table may come from a
   search of it deeper on this very path (where positions can come back),
   and taking them made two threads on a chess draw go on for ever, the
   numbers growing, where one thread settles it in half a million
   positions; on Upuaut they saved nothing. */
static void refresh(struct pn_search *s, struct child *c, int n, int budget)
{
	for (int i = 0; i < n; i++)
		if (c[i].pn && c[i].dn)
			pn_table_prefetch(s->table, c[i].key);
	for (int i = 0; i < n; i++) {
		uint32_t pn, dn;
		int len;
		struct pn_hint hint = {0, 0, 0};
		if (c[i].pn && c[i].dn &&
		    pn_table_lookup(s->table, c[i].key, budget, true, &pn, &dn, &len, &hint) &&
		    (pn == 0 || dn == 0)) {
			c[i].pn = pn;
			c[i].dn = dn;
			c[i].len = len;
			c[i].olen = dn == 0 && hint.other_win > 0 ? hint.other_win : -1;
		}
	}
}

/* ---- dual facts ----
   In a game where no position comes back, an unbounded search's settled
   nodes say as much of the opponent as of the attacker: a win is the
   opponent's failure at every budget, and a failure whose lines all end
   in the opponent's win (no draw below it) is the opponent's win, whose
   length is worked out as fact_length works out the attacker's.  With
   `dual` (pn_search_set_dual) both are stored, the opponent's under its
   own key, so that depth-bounded searches with the opponent as the
   attacker start from what this one found. */

/* The opponent's win length at a failed node from its children's (-1:
   not known, a draw or a cycle below, or a fact from the table without
   it): at the attacker's node every child failed and the opponent needs
   the longest of theirs; at the opponent's node its move adds one to the
   shortest among the failed children that know theirs. */
static int other_win_length(const struct child *c, int n, bool or_node)
{
	int len = or_node ? 0 : PN_UNBOUNDED;
	for (int i = 0; i < n; i++) {
		if (c[i].dn != 0)
			continue;
		if (or_node && c[i].olen < 0)
			return -1;
		if (or_node ? c[i].olen > len : c[i].olen >= 0 && c[i].olen < len)
			len = c[i].olen;
	}
	if (!or_node)
		len = len >= PN_UNBOUNDED - 1 ? -1 : len + 1;
	return len >= PN_UNBOUNDED ? -1 : len < 1 ? 1 : len;
}

/* A node settled under no budget, stored with its dual: the attacker's
   win as the opponent's "never wins", the attacker's failure as the
   opponent's win within olen (when known). */
static void store_dual(struct pn_search *s, uint64_t key, bool won, int len, int olen,
                       uint64_t work)
{
	uint64_t other = key ^ ATTACKER_SALT;
	if (won) {
		pn_table_store(s->table, key, len, 0, PN_INF, work, s->helper);
		pn_table_store_never(s->table, other, 0, work, s->helper);
	} else {
		pn_table_store_never(s->table, key, olen > 0 ? olen : 0, work, s->helper);
		if (olen > 0)
			pn_table_store(s->table, other, olen, 0, PN_INF, work, s->helper);
	}
}

/* Search the working position (not over; its key `key`) until pn >= thpn
   or dn >= thdn; its numbers in *pn, *dn, and when settled the fact's
   length in *len. */
static void mid(struct pn_search *s, uint64_t key, int budget, uint32_t thpn, uint32_t thdn,
                uint32_t *out_pn, uint32_t *out_dn, int *out_len, int *out_olen)
{
	const struct game *g = s->g;
	uint32_t tpn, tdn;
	struct pn_hint hint = {0, 0, 0};
	*out_olen = -1;
	if (s->group && pn_table_lookup(s->table, key, budget, true, &tpn, &tdn, out_len, &hint) &&
	    (tpn == 0 || tdn == 0)) {
		*out_pn = tpn; /* another thread has settled it */
		*out_dn = tdn;
		if (tdn == 0 && hint.other_win > 0)
			*out_olen = hint.other_win;
		return;
	}
	uint64_t nodes_before = s->nodes;
	bool or_node = g->side_to_move(s->pos) == s->attacker;
	int child_budget = or_node && budget != PN_UNBOUNDED ? budget - 1 : budget;
	int n = g->gen_moves(s->pos, s->moves);
	if (s->arena_used + (size_t)n > ARENA_CHILDREN) {
		*out_pn = PN_INF; /* deeper than the path arena: no win found here */
		*out_dn = 0;
		*out_len = budget;
		return;
	}
	struct child *c = s->arena + s->arena_used;
	s->arena_used += (size_t)n;
	path_push(s, g->hash(s->pos));
	if (s->group)
		atomic_fetch_add_explicit(busy_slot(s, key), 1, memory_order_relaxed);
	/* The children's keys first, then their buckets fetched all at once,
	   then looked up: the look-ups find them in the cache.  A prefetch
	   waits for its address's page walk (the table is far beyond the
	   TLB's reach) before it retires; back to back the walks overlap,
	   between the children's makes they did not (the search 14% less
	   CPU on Upuaut's start).  Each child is made once, on a copy, and
	   looked at there. */
	for (int i = 0; i < n; i++) {
		unsigned char *kid = s->kids + (size_t)i * s->kid_stride;
		c[i].move = s->moves[i];
		memcpy(kid, s->pos, g->pos_size);
		g->make(kid, c[i].move, s->kid_undo);
		c[i].key = pn_key(g, kid, s->attacker);
	}
	for (int i = 0; i < n; i++)
		pn_table_prefetch(s->table, c[i].key);
	/* A child that settles the node (a win at the attacker's, a refutation
	   at the defender's) ends the looking: the rest would not change the
	   answer, only make its length shorter (a weaker but true fact is
	   stored).  5-20% fewer positions on Upuaut's shortest wins. */
	int all = n;
	for (int i = 0; i < n; i++) {
		count_node(s, s->ply + 1);
		evaluate(s, s->kids + (size_t)i * s->kid_stride, s->ply + 1, child_budget, c[i].key,
		         &c[i].pn, &c[i].dn, &c[i].len, &c[i].olen);
		if ((or_node ? c[i].pn : c[i].dn) == 0) {
			n = i + 1;
			break;
		}
	}
	uint32_t pn, dn;
	for (;;) {
		/* the node's numbers, the best child and the second best value */
		int best = 0;
		uint32_t second = PN_INF;
		uint32_t max_dn = 0; /* weak: the largest child's dn, the others open */
		uint32_t open_dn = 0;
		if (or_node) {
			pn = PN_INF;
			dn = 0;
			for (int i = 0; i < n; i++) {
				dn = add_sat(dn, c[i].dn);
				if (c[i].dn > max_dn)
					max_dn = c[i].dn;
				open_dn += c[i].dn != 0;
				if (c[i].pn < pn) {
					second = pn;
					pn = c[i].pn;
					best = i;
				} else if (c[i].pn < second) {
					second = c[i].pn;
				}
			}
		} else {
			pn = 0;
			dn = PN_INF;
			for (int i = 0; i < n; i++) {
				pn = add_sat(pn, c[i].pn);
				if (c[i].dn < dn) {
					second = dn;
					dn = c[i].dn;
					best = i;
				} else if (c[i].dn < second) {
					second = c[i].dn;
				}
			}
		}
		bool weak = or_node && s->weak_dn && budget != PN_UNBOUNDED;
		if (weak && pn != 0 && dn != 0)
			dn = add_sat(max_dn, open_dn - 1);
		if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || s->stopped)
			break;
		if (s->group)
			best = divert(s, c, n, or_node, best, or_node ? thpn : thdn, &second);
		uint32_t cpn, cdn;
		if (or_node) {
			cpn = thpn < widen(second) ? thpn : widen(second);
			/* the node's dn reaches thdn when the child's does this
			   (weak: when it passes the largest by what the others add) */
			uint64_t t = (uint64_t)thdn + (weak ? max_dn : c[best].dn) - dn;
			cdn = t > PN_INF || thdn == PN_INF ? PN_INF : (uint32_t)t;
		} else {
			cdn = thdn < widen(second) ? thdn : widen(second);
			uint64_t t = (uint64_t)thpn + c[best].pn - pn;
			cpn = t > PN_INF || thpn == PN_INF ? PN_INF : (uint32_t)t;
		}
		uint64_t before = s->nodes;
		make(s, c[best].move);
		mid(s, c[best].key, child_budget, cpn, cdn, &c[best].pn, &c[best].dn, &c[best].len,
		    &c[best].olen);
		unmake(s, c[best].move);
		if (s->group && s->nodes - before >= REFRESH_NODES)
			refresh(s, c, n, child_budget);
	}
	if (s->group)
		atomic_fetch_sub_explicit(busy_slot(s, key), 1, memory_order_relaxed);
	path_pop(s);
	s->arena_used -= (size_t)all;
	int len = pn == 0 || dn == 0 ? fact_length(c, n, or_node, pn == 0) : budget;
	int olen =
	    dn == 0 && s->dual && budget == PN_UNBOUNDED ? other_win_length(c, n, or_node) : -1;
	if (!s->stopped) {
		uint64_t work = s->nodes - nodes_before;
		if (s->dual && budget == PN_UNBOUNDED &&
		    (pn == 0 || (dn == 0 && len == PN_UNBOUNDED)))
			store_dual(s, key, pn == 0, len, olen, work);
		else
			pn_table_store(s->table, key, len, pn, dn, work, s->helper);
	}
	*out_pn = pn;
	*out_dn = dn;
	*out_len = len;
	*out_olen = olen;
}

static enum pn_answer run(struct pn_search *s, const void *pos, int attacker, int budget,
                          bool expand)
{
	const struct game *g = s->g;
	memcpy(s->pos, pos, g->pos_size);
	s->attacker = attacker;
	s->stopped = false;
	s->ply = 0;
	s->arena_used = 0;
	/* s->filter is all zero here: every mid() pops what it pushed */
	uint64_t key = pn_key(g, s->pos, attacker);
	uint32_t pn, dn;
	int len, olen;
	evaluate(s, s->pos, 0, budget, key, &pn, &dn, &len, &olen);
	if (expand && (pn == 0 || dn == 0)) {
		/* settled by the table: searched again unless the game is over
		   here (or the budget, or the line, is spent) */
		int n = g->gen_moves(s->pos, s->moves);
		if (g->outcome(s->pos, s->moves, n) == RESULT_ONGOING && n > 0 && budget > 0)
			pn = dn = 1;
	}
	if (pn != 0 && dn != 0) {
		check_limits(s);
		while (!s->stopped && pn != 0 && dn != 0)
			mid(s, key, budget, PN_INF, PN_INF, &pn, &dn, &len, &olen);
	}
	s->root_pn = pn;
	s->root_dn = dn;
	s->root_len = len;
	s->root_olen = dn == 0 ? olen : -1;
	return pn == 0 ? PN_PROVED : dn == 0 ? PN_DISPROVED : PN_OPEN;
}

enum pn_answer pn_search_run(struct pn_search *s, const void *pos, int attacker, int budget)
{
	return run(s, pos, attacker, budget, false);
}

/* ---- threads ---- */

struct helper {
	struct pn_search *s;
	const void *pos;
	int attacker, budget;
	enum pn_answer answer;
	pthread_t thread;
	bool running;
};

/* A thread's whole search: run() from the root; settled, it stops the
   others. */
static void *helper_main(void *arg)
{
	struct helper *h = arg;
	h->answer = run(h->s, h->pos, h->attacker, h->budget, false);
	if (h->answer != PN_OPEN)
		atomic_store_explicit(&h->s->group->done, true, memory_order_relaxed);
	return NULL;
}

enum pn_answer pn_search_run_jobs(struct pn_search *s, const void *pos, int attacker, int budget,
                                  int jobs)
{
	if (jobs > PN_MAX_JOBS)
		jobs = PN_MAX_JOBS;
	struct pn_group *group = jobs > 1 ? calloc(1, sizeof *group) : NULL;
	struct helper *h = group ? calloc((size_t)jobs, sizeof *h) : NULL;
	if (!h) { /* one thread, or no memory for more */
		free(group);
		uint64_t before = s->nodes;
		enum pn_answer a = run(s, pos, attacker, budget, false);
		s->threads = 1;
		s->thread_nodes[0] = s->nodes - before;
		return a;
	}
	atomic_init(&group->done, false);
	atomic_init(&group->nodes, s->nodes);
	for (int t = 0; t < jobs; t++) {
		h[t].s = t == 0 ? s : pn_search_new(s->g, s->table, &s->lim);
		h[t].pos = pos;
		h[t].attacker = attacker;
		h[t].budget = budget;
		if (h[t].s) {
			h[t].s->dual = s->dual;
			h[t].s->weak_dn = s->weak_dn;
			h[t].s->group = group;
			h[t].s->helper = t > 0;
		}
	}
	for (int t = 1; t < jobs; t++)
		h[t].running =
		    h[t].s && pthread_create(&h[t].thread, NULL, helper_main, &h[t]) == 0;
	uint64_t before = s->nodes;
	helper_main(&h[0]);
	s->threads = 1;
	s->thread_nodes[0] = s->nodes - before;
	/* The answer: the first thread's when it settled the root, else the
	   one of a thread that did (they agree unless the table lied, and
	   the re-walk that follows trusts neither). */
	enum pn_answer a = h[0].answer;
	uint32_t root_pn = s->root_pn, root_dn = s->root_dn;
	int root_len = s->root_len, root_olen = s->root_olen;
	for (int t = 1; t < jobs; t++) {
		if (!h[t].running)
			continue;
		pthread_join(h[t].thread, NULL);
		if (a == PN_OPEN && h[t].answer != PN_OPEN) {
			a = h[t].answer;
			root_pn = h[t].s->root_pn;
			root_dn = h[t].s->root_dn;
			root_len = h[t].s->root_len;
			root_olen = h[t].s->root_olen;
		}
		s->nodes += h[t].s->nodes;
		s->thread_nodes[s->threads++] = h[t].s->nodes;
		if (h[t].s->max_ply > s->max_ply)
			s->max_ply = h[t].s->max_ply;
	}
	for (int t = 1; t < jobs; t++)
		pn_search_free(h[t].s);
	s->group = NULL;
	s->root_pn = root_pn;
	s->root_dn = root_dn;
	s->root_len = root_len;
	s->root_olen = root_olen;
	/* stopped: only by a limit, not by another thread's answer */
	s->stopped = a == PN_OPEN;
	free(h);
	free(group);
	return a;
}

int pn_search_threads(const struct pn_search *s, uint64_t *nodes)
{
	for (int t = 0; t < s->threads; t++)
		nodes[t] = s->thread_nodes[t];
	return s->threads;
}

enum pn_answer pn_search_expand(struct pn_search *s, const void *pos, int attacker, int budget)
{
	return run(s, pos, attacker, budget, true);
}

enum pn_answer pn_search_known(struct pn_search *s, const void *pos, int attacker, int budget)
{
	return pn_search_known_key(s, pos, pn_key(s->g, pos, attacker), attacker, budget, NULL);
}

enum pn_answer pn_search_known_key(struct pn_search *s, const void *pos, uint64_t key, int attacker,
                                   int budget, unsigned *work)
{
	memcpy(s->pos, pos, s->g->pos_size);
	s->attacker = attacker;
	s->ply = 0;
	uint32_t pn, dn;
	int len, olen;
	evaluate(s, s->pos, 0, budget, key, &pn, &dn, &len, &olen);
	if (work)
		*work = pn_table_work(s->table, key);
	return pn == 0 ? PN_PROVED : dn == 0 ? PN_DISPROVED : PN_OPEN;
}

void pn_search_note_win(struct pn_search *s, const void *pos, int attacker, int len, uint64_t work)
{
	if (len >= 1 && len < PN_UNBOUNDED)
		pn_table_store(s->table, pn_key(s->g, pos, attacker), len, 0, PN_INF, work, false);
}

void pn_search_prefetch_key(const struct pn_search *s, uint64_t key)
{
	pn_table_prefetch(s->table, key);
}

double pn_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double pn_cpu_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const struct game *pn_search_game(const struct pn_search *s)
{
	return s->g;
}

uint64_t pn_search_nodes(const struct pn_search *s)
{
	return s->nodes;
}

bool pn_search_stopped(const struct pn_search *s)
{
	return s->stopped;
}

bool pn_search_limit_reached(struct pn_search *s)
{
	check_limits(s);
	return s->stopped;
}

void pn_search_root(const struct pn_search *s, uint32_t *pn, uint32_t *dn)
{
	*pn = s->root_pn;
	*dn = s->root_dn;
}

int pn_search_root_length(const struct pn_search *s)
{
	return s->root_len;
}

void pn_search_set_weak_dn(struct pn_search *s, bool on)
{
	s->weak_dn = on;
}

void pn_search_set_dual(struct pn_search *s, bool on)
{
	s->dual = on && s->g->acyclic;
}

int pn_search_root_other_length(const struct pn_search *s)
{
	return s->root_olen;
}

int pn_search_max_ply(const struct pn_search *s)
{
	return s->max_ply;
}
