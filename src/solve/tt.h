/*
** tt.h -- transposition table for the win-in-N proof search.
**
** An entry remembers two facts about a position with the solving side to
** move, both exact and independent of how the table is sized:
**   win_le  = k > 0 : the solving side wins within k moves (so within any n >= k);
**   fail_ge = j > 0 : the solving side does NOT win within j moves (nor any n <= j);
** plus the move that won last time, tried first next time.  The table can
** therefore only ever save work, never change an answer: a lost entry is
** recomputed.  Keys are full 64-bit Zobrist keys; the bucket index comes from
** the low bits, and the whole key is compared.
**
** Layout: buckets of 4 entries (16 bytes each, 64 bytes = one cache line).
** Replacement: same key first, then an entry of an older generation, then
** the entry holding the least valuable fact (smallest depth).  A table is
** reused from problem to problem: a new generation empties it in O(1) and starts its part in use
*small again.  Size: --hash MB, default
** TT_DEFAULT_MB; the table uses 64 KiB of it at first and doubles the part in use when a
** quarter of it is full (entries rehashed by the new index bit), so a short problem touches little
** memory and clears none.
*/
#ifndef MAAT_TT_H
#define MAAT_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

#define TT_DEFAULT_MB 64
#define TT_MAX_MB 65536
#define TT_BUCKET 4 /* entries per bucket: one cache line */

struct tt_entry {
	uint64_t key;
	move_t best;
	uint8_t win_le;      /* 0 = unknown */
	uint8_t fail_ge;     /* 0 = unknown */
	uint16_t generation; /* entries of another generation are empty */
};

struct tt {
	struct tt_entry *entries;
	uint64_t mask;       /* bucket count - 1: the part in use */
	uint64_t max_mask;   /* the same of the whole table, which the part grows to */
	uint64_t used_mask;  /* the most the part in use has been: what a clear clears */
	uint64_t filled;     /* entries of this generation, while the part grows */
	uint16_t generation; /* bumped per problem instead of clearing the table */
};

/* Returns 0, or -1 when the memory cannot be had -- or would be more than
   the budget of all tables (tt_budget_mb): a table of a long search is
   written all over in the end, so an overcommitted one would end in the
   OOM killer rather than in a message. */
int tt_init(struct tt *t, size_t megabytes);
/* Physical memory in MB (0 when unknown). */
size_t tt_memory_mb(void);
/*
** The budget of all the transposition tables of one run together: half of
** the physical memory (the other half for the puzzles, the system and the
** rest of the machine).  TT_MAX_MB when the memory is unknown.
*/
size_t tt_budget_mb(void);
/*
** How many tables of mb megabytes a run of `want` threads may have: want
** when they fit in the budget; fewer when the count was not asked for
** (exact false: "all cores"); 0 with the reason in err when not even one
** fits, or when an asked-for count does not ("-j 8 --hash 8192: 8 tables
** of 8192 MB are 65536 MB, more than the budget of all tables, 12052 MB
** (half of the memory)").
*/
int tt_fit(int want, bool exact, size_t mb, char *err, size_t errlen);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
/* Forget everything in O(1): a new problem (its rules may differ) starts here. */
void tt_new_generation(struct tt *t);
/* NULL when the position is not in the table. */
const struct tt_entry *tt_probe(const struct tt *t, uint64_t key);
/* Start loading key's bucket into the cache, for a tt_probe a little later. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
	__builtin_prefetch(t->entries + (key & t->mask) * TT_BUCKET);
}
void tt_store_win(struct tt *t, uint64_t key, int n, move_t best);
void tt_store_fail(struct tt *t, uint64_t key, int n);

/* Line play (solve/lines.c) keeps another fact in its entries (their keys
   are salted apart): bit k set = no line of the plan with 2k+1 or 2k+2
   plies left exists from the position.  The two depth bytes hold the bits. */
uint16_t tt_no_line(const struct tt *t, uint64_t key);
void tt_store_no_line(struct tt *t, uint64_t key, uint16_t bits);

#endif
