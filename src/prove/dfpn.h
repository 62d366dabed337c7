/*
** dfpn.h -- depth-first proof-number search (df-pn, Nagai 2002, with the
** 1+epsilon thresholds of Pawlewicz and Lew 2007), over any game of game.h.
**
** The question: does `attacker` force a won position (S0) from the given
** position, within `budget` of its moves (PN_UNBOUNDED: at all)?  The
** search asks the game for nothing but its moves, make/unmake, outcome,
** hash and (when declared) mirror_hash.  Its answer is the table's: a
** collision could make it wrong, so callers re-walk it exactly
** (strategy.h) before they report it.
**
** Positions: an OR node has the attacker to move (one child must be
** proved), an AND node the defender (every child).  A position met again
** on the path counts as a failure of the attacker there (a game that
** cycles is no win); that makes some failures depend on the path, which
** the exact re-walk catches.  Initial numbers: 1 for the side that needs
** one child, the number of moves for the side that needs all (mobility).
*/
#ifndef MAAT_DFPN_H
#define MAAT_DFPN_H

#include <stdbool.h>
#include <stdint.h>

#include "base/stopflag.h"
#include "games/game.h"
#include "prove/pn_table.h"

#define PN_MAX_PLY 1000

enum pn_answer { PN_OPEN = 0, PN_PROVED, PN_DISPROVED };

struct pn_limits {
	double deadline;       /* monotonic seconds; 0 = none */
	const stop_flag *stop; /* set: stop (Ctrl-C); NULL: none */
	uint64_t max_nodes;    /* 0 = none */
};

struct pn_search;

/* A searcher over table t (kept by the caller, shared by later searches).
   NULL when out of memory. */
struct pn_search *pn_search_new(const struct game *g, struct pn_table *t,
                                const struct pn_limits *lim);
void pn_search_free(struct pn_search *s);

/* Search pos (not changed) for attacker under budget; PN_OPEN when a limit
   stopped it.  Every call adds to the counters below. */
enum pn_answer pn_search_run(struct pn_search *s, const void *pos, int attacker, int budget);
/* The same on `jobs` threads over the one table (dfpn.c): the same answer
   but for what a collision could change (the re-walk's to catch), the
   positions searched (the sum over the threads) depending on their
   timing.  jobs <= 1 is pn_search_run. */
#define PN_MAX_JOBS 256
enum pn_answer pn_search_run_jobs(struct pn_search *s, const void *pos, int attacker, int budget,
                                  int jobs);
/* The threads of the last pn_search_run_jobs, and the positions each made
   (in nodes[], room for PN_MAX_JOBS). */
int pn_search_threads(const struct pn_search *s, uint64_t *nodes);
/* The same, but a position the table already settles is searched again
   (its children looked up, searched where the table has forgotten them):
   for a walk that needs the children's facts, not the position's. */
enum pn_answer pn_search_expand(struct pn_search *s, const void *pos, int attacker, int budget);

/* The table key of pos for attacker: the smaller of the hash and the
   mirror image's hash (a declared symmetry), salted by the attacker. */
uint64_t pn_key(const struct game *g, const void *pos, int attacker);

/* What the table says of pos for attacker under budget, terminal positions
   included: PN_PROVED, PN_DISPROVED or PN_OPEN (not known). */
enum pn_answer pn_search_known(struct pn_search *s, const void *pos, int attacker, int budget);
/* The same with pos's table key given (pn_key's, worked out once by a walk
   that fetched the entry ahead, pn_search_prefetch_key), and, where work
   is not NULL, the table's log2 of the positions searched below pos (0:
   not in the table): how much work its answer took. */
enum pn_answer pn_search_known_key(struct pn_search *s, const void *pos, uint64_t key, int attacker,
                                   int budget, unsigned *work);

/* Tell the table that attacker wins from pos within len of its moves (a
   fact the caller established, e.g. by an exact re-walk): later searches
   under any budget of at least len find it settled.  `work` is the
   replacement weight (positions the fact stands for). */
void pn_search_note_win(struct pn_search *s, const void *pos, int attacker, int len, uint64_t work);

/* Bring the table's entry for key (pn_key's) into the cache ahead of
   pn_search_known_key (a walk that asks about several positions). */
void pn_search_prefetch_key(const struct pn_search *s, uint64_t key);

const struct game *pn_search_game(const struct pn_search *s);
uint64_t pn_search_nodes(const struct pn_search *s);
/* Monotonic seconds (for the limits and the reports). */
double pn_clock(void);
/* The process's CPU seconds, all threads (for the log's phases). */
double pn_cpu_clock(void);
bool pn_search_stopped(const struct pn_search *s);
/* Look at the limits now (for walks that make no search moves); true when
   one is reached. */
bool pn_search_limit_reached(struct pn_search *s);
/* The root's numbers after the last run (PN_INF/0 when settled). */
void pn_search_root(const struct pn_search *s, uint32_t *pn, uint32_t *dn);
/* The length of the last run's answer: proved, the attacker wins within
   it (the longest line of the strategy the search found, PN_UNBOUNDED
   when not counted); disproved, it does not win within it.  From the
   table, so to be re-walked like the answer. */
int pn_search_root_length(const struct pn_search *s);
int pn_search_max_ply(const struct pn_search *s);
/* Dual facts (dfpn.c), for a game where no position comes back (others:
   no effect): what a search under no budget settles is stored for the
   opponent too -- the attacker's win as the opponent's failure at every
   budget, a failure whose every line ends in the opponent's win as that
   win, with its length -- so that later depth-bounded searches with the
   opponent as the attacker start from it.  Off by default (each settled
   node is stored twice). */
void pn_search_set_dual(struct pn_search *s, bool on);
/* Weak disproof numbers (dfpn.c) for the depth-bounded searches: at the
   attacker's node the largest child's disproof number plus one for each
   other child still open, not their sum.  Where positions transpose (the
   defender's lines meet again below the attacker's moves) the sum counts
   a shared subtree once for each path to it and steers the search to big
   refutations: refuting Upuaut's "Black wins within 21" took 323 million
   positions with the sum, 73 million weak.  Searches under no budget keep
   the sum.  Numbers only: answers do not change.  Off by default. */
void pn_search_set_weak_dn(struct pn_search *s, bool on);
/* After a run that failed under no budget with dual facts on: the
   opponent's win length at the root, worked out as the attacker's lengths
   are (-1: not known, a draw below or dual facts off).  From the table,
   so a bound to be re-walked, like every answer. */
int pn_search_root_other_length(const struct pn_search *s);

/* The attacker's result in a position where the game is over (r is not
   RESULT_ONGOING): PN_PROVED when the attacker has won. */
enum pn_answer pn_terminal(const struct game *g, const void *pos, enum result r, int attacker);

/* The status of pos and the number of its moves in *n, counted without
   writing them where the game can (its count_moves), else generated into
   `moves` (room for MAX_MOVES). */
enum result pn_count_moves(const struct game *g, void *pos, move_t *moves, int *n);

/* Does `attacker`, to move in pos with its n moves in mv, have a move that
   wins at once (the game over in its favour, S0)?  Exact: each move made
   on pos and taken back. */
bool pn_wins_at_once(const struct game *g, void *pos, const move_t *mv, int n, int attacker);
/* Does every one of the defender's nd moves in dm (the defender to move in
   pos) leave `attacker` a move that wins at once, or end the game in its
   favour?  The defence before the attacker's last move, settled by trying
   the defences in turn until one refutes: the search's (dfpn.c) and the
   refutation re-walk's (strategy.c) one way of doing it. */
bool pn_wins_after_every_defence(const struct game *g, void *pos, const move_t *dm, int nd,
                                 int attacker);

#endif
