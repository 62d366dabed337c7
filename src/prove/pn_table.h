/*
** pn_table.h -- the proof-number prover's table: what is known about a
** position, for one attacker, under a budget of the attacker's moves.
**
** An entry holds, for one position (side to move included in the key):
**   pn, dn   the proof and disproof numbers of the last search of it, under
**            `budget` (the attacker moves still allowed; PN_UNBOUNDED = no
**            limit): the work it still seems to need, nothing more;
**   win_le   k > 0: the attacker wins within k moves (so within any more);
**            PN_UNBOUNDED: wins, in a number of moves not counted;
**   fail_ge  k > 0: the attacker does not win within k moves (nor fewer);
**            PN_UNBOUNDED: does not win at all;
**            both are the lengths the search worked out (dfpn.c), which
**            may say more than the budget it searched under: a win found
**            under no budget is stored with its length, and so answers
**            later searches under a budget;
**   work     log2 of the positions searched below it (replacement), and
**            one bit: pn and dn were stored by a helper thread (below).
** The facts are monotone in the budget, so one entry answers a search under
** any budget.  Nothing in the table is trusted for an answer: a prover's
** "proved" or "disproved" is re-walked with exact positions (strategy.h).
**
** Memory: the table takes the megabytes it is given (--hash), in buckets
** of 4 entries of 16 bytes (one cache line); the bucket is chosen from the
** high bits of the key by a multiply (no power-of-two rounding), and the
** entry keeps 40 other bits of the key.  Stored numbers are capped at
** 2^28 - 2 (they only guide the search).  The pages are the kernel's
** zeroed pages, huge pages where it gives them (madvise): only the part
** the search reaches becomes resident.
** Replacement: same key, else an empty entry, else the least work.
**
** Threads (maat prove -j) share one table without locks: an entry's two
** words are read and written with relaxed atomics, and the first word is
** stored xored with a mix of the second, so that an entry read half old,
** half new (another thread wrote between the two loads) fails the key
** check and is a miss; two stores of one key at once may lose one of
** them.  Neither can make an answer wrong (nothing here is trusted), only
** cost a search again.
** One thing is not shared in full: the numbers (pn, dn) a helper thread
** stores are marked, and the first thread does not read marked numbers
** (it takes the position's initial ones).  Numbers are path-dependent
** where positions come back (a cycle is a failure on one path, not on
** another), and a thread taking another's numbers mid-search could go on
** for ever on a drawn position, the numbers of a cycle growing (check_prove:
** about one search in 400 on two threads, under load, never on one).  The
** first thread reads its own numbers and every thread's settled facts, so
** it searches as one thread does, helped, and the first to settle the root
** ends the search.
*/
#ifndef MAAT_PN_TABLE_H
#define MAAT_PN_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PN_INF UINT32_MAX       /* proof or disproof number of a settled node */
#define PN_MAX (UINT32_MAX - 1) /* the largest number short of settled */
#define PN_UNBOUNDED 255        /* budget: no limit on the attacker's moves */
/* Upuaut's start stores 14.8 million positions (24.7 million stores):
   512 MB (32 million entries) searches as many positions as 1024 MB,
   and the kernel has half as many pages to give and zero. */
#define PN_TABLE_DEFAULT_MB 512
#define PN_TABLE_MAX_MB 65536
#define PN_BUCKET 4 /* entries to a bucket (a cache line) */

struct pn_entry {
	_Atomic uint64_t a; /* key check (40 bits), work, budget, win_le; xor mix(b) */
	_Atomic uint64_t b; /* fail_ge, pn (28 bits), dn (28 bits) */
};

struct pn_table {
	struct pn_entry *entries;
	uint64_t buckets;
	size_t bytes;
	void *map; /* the mapping (entries is in it, aligned for huge pages) */
	size_t map_bytes;
};

/* 0, or -1 when the memory cannot be had (or is more than the machine has). */
int pn_table_init(struct pn_table *t, size_t megabytes);
void pn_table_free(struct pn_table *t);

/* The facts of an entry that does not settle the question (a win known
   within more moves, a failure within fewer): they guide the initial
   numbers (dfpn.c), nothing more. */
struct pn_hint {
	int win_le, fail_ge;
	int other_win; /* with fail_ge PN_UNBOUNDED: the opponent wins within
	                  it (pn_table_store_never); 0: not known */
};
/* What the table knows of key under `budget`: 1 and *pn, *dn when it knows
   something (a settled fact, or numbers of the same budget, not a helper's
   unless `helpers_too`), else 0 (and when `hint` is not NULL and the
   entry is there, its facts in *hint all the same).  A
   settled fact comes with its length in *len (the win_le or fail_ge that
   settles it, at least the budget for a failure, at most for a win). */
int pn_table_lookup(const struct pn_table *t, uint64_t key, int budget, bool helpers_too,
                    uint32_t *pn, uint32_t *dn, int *len, struct pn_hint *hint);
/* The settled facts only: win_le and fail_ge (0 when none, or no entry). */
void pn_table_facts(const struct pn_table *t, uint64_t key, int *win_le, int *fail_ge);
/* The entry's work (log2 of the positions searched below it; 0: none). */
unsigned pn_table_work(const struct pn_table *t, uint64_t key);
/* Record the result of a search of key under budget: pn == 0 is a win
   within `budget`, dn == 0 a failure within it, anything else numbers.
   For a settled result the search passes the length it found, not the
   budget it searched under (dfpn.c: a win within 3 found under a budget
   of 9 is stored as one within 3; PN_UNBOUNDED: not counted).  `helper`:
   numbers stored by a helper thread, marked as such. */
void pn_table_store(struct pn_table *t, uint64_t key, int budget, uint32_t pn, uint32_t dn,
                    uint64_t work, bool helper);
/* "The attacker never wins" (dn 0 under PN_UNBOUNDED), with what the
   search worked out beside it where the game has no draws: the opponent
   wins within other_win of its moves (0: not known).  Kept in the entry's
   budget byte, which numbers no longer need once the failure settles
   every budget; read back as the hint's other_win. */
void pn_table_store_never(struct pn_table *t, uint64_t key, int other_win, uint64_t work,
                          bool helper);
/* The first entry of the key's bucket: chosen by the key's high bits (a
   multiply, no power-of-two rounding). */
static inline struct pn_entry *pn_table_bucket(const struct pn_table *t, uint64_t key)
{
	uint64_t i = (uint64_t)(((unsigned __int128)key * t->buckets) >> 64);
	return t->entries + i * PN_BUCKET;
}

/* Bring the key's bucket into the cache ahead of a lookup (inline: the
   search asks it for every child). */
static inline void pn_table_prefetch(const struct pn_table *t, uint64_t key)
{
	__builtin_prefetch(pn_table_bucket(t, key));
}
/* Entries in use (a scan; for reports). */
uint64_t pn_table_used(const struct pn_table *t);

#endif
