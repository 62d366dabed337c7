/*
** tt.c -- transposition table (see tt.h for the design).
*/
#define _DEFAULT_SOURCE /* madvise, _SC_PHYS_PAGES */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "solve/tt.h"

#define BUCKET TT_BUCKET

size_t tt_memory_mb(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || size <= 0)
		return 0;
	return (size_t)pages * (size_t)size >> 20;
}

size_t tt_budget_mb(void)
{
	size_t memory = tt_memory_mb();
	return memory ? memory / 2 : TT_MAX_MB;
}

int tt_fit(int want, bool exact, size_t mb, char *err, size_t errlen)
{
	size_t budget = tt_budget_mb(), memory = tt_memory_mb();
	if (want < 1)
		want = 1;
	size_t fit = mb ? budget / mb : (size_t)want;
	if (fit >= (size_t)want)
		return want;
	if (fit >= 1 && !exact)
		return (int)fit;
	if (fit == 0)
		snprintf(err, errlen,
		         "--hash %zu: a table of %zu MB is more than all the tables of a run may "
		         "take, %zu MB (half of the %zu MB of memory)",
		         mb, mb, budget, memory);
	else
		snprintf(
		    err, errlen,
		    "-j %d --hash %zu: %d tables of %zu MB are %zu MB, more than all the tables "
		    "of a run may take, %zu MB (half of the %zu MB of memory): give fewer "
		    "threads or a smaller --hash",
		    want, mb, want, mb, (size_t)want * mb, budget, memory);
	return 0;
}

/* A table starts this small and doubles as it fills, up to the size it was
   given: a fresh anonymous mapping reads as zeros and costs nothing until
   touched, so a problem solved in a few thousand nodes no longer pays for
   clearing 64 MB (8 ms of a 9 ms run of `maat verify` on a mate in 1).
   It starts at 64 KiB, not 1 MiB: the entries of a small problem fall at
   random in the part in use, each on a page of its own to fault in until
   the part is a few of them (issue 25 part 2). */
#define START_BUCKETS 1024 /* 64 KiB */
/* Huge pages are asked for once the part in use is this large; see tt_init. */
#define HUGE_BUCKETS 32768 /* 2 MiB */

int tt_init(struct tt *t, size_t megabytes)
{
	t->entries = NULL;
	if (megabytes < 1)
		megabytes = 1;
	if (megabytes > TT_MAX_MB || megabytes > tt_budget_mb())
		return -1;
	size_t bytes = megabytes << 20;
	size_t buckets = 1;
	while (buckets * 2 * BUCKET * sizeof(struct tt_entry) <= bytes)
		buckets *= 2;
	/* 2 MiB alignment lets the kernel back the table with huge pages: a
	   table touched at random would otherwise cost a page fault per 4 KiB.
	   They are asked for when the part in use reaches 2 MiB (grow), not
	   here: the first write to a huge page clears all of its 2 MiB, more
	   than the whole search of a small problem, which touches a few pages
	   (issue 25 part 2).  mmap, not malloc: only a fresh mapping is known
	   to be zero. */
	const size_t align = (size_t)2 << 20;
	size_t size = buckets * BUCKET * sizeof(struct tt_entry);
	size_t span = size + align;
	char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return -1;
	char *mem = (char *)(((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1));
	if (mem > raw)
		munmap(raw, (size_t)(mem - raw));
	if (mem + size < raw + span)
		munmap(mem + size, (size_t)(raw + span - (mem + size)));
	t->entries = (struct tt_entry *)mem;
	t->generation = 1; /* never 0: a zeroed entry is of no generation in use */
	t->max_mask = buckets - 1;
	t->mask = (buckets < START_BUCKETS ? buckets : START_BUCKETS) - 1;
	t->used_mask = t->mask;
	t->filled = 0;
	return 0;
}

void tt_free(struct tt *t)
{
	if (t->entries)
		munmap(t->entries, (t->max_mask + 1) * BUCKET * sizeof(struct tt_entry));
	t->entries = NULL;
}

void tt_clear(struct tt *t)
{
	memset(t->entries, 0, (t->used_mask + 1) * BUCKET * sizeof(struct tt_entry));
	t->generation = 1;
	t->filled = 0;
}

/* A new problem: the older entries are free slots now, and the part in use
   starts small again, so that a problem's search (its node count) is the
   same whatever the batch solved before it (a shard, a single solve).
   Beyond the part, older entries may stay: of another generation, they
   read as the zeros grow() expects there. */
void tt_new_generation(struct tt *t)
{
	t->filled = 0;
	t->mask = t->max_mask < START_BUCKETS - 1 ? t->max_mask : START_BUCKETS - 1;
	if (++t->generation == 0)
		tt_clear(t); /* wrapped: old entries would look current again */
}

/* Twice the buckets: an entry whose key has the new index bit moves to the
   bucket as far above its own as the table was long (untouched, so zero,
   beyond the old end).  Entries of older generations are dropped. */
static void grow(struct tt *t)
{
	uint64_t old = t->mask + 1;
	for (uint64_t b = 0; b < old; b++) {
		struct tt_entry *from = t->entries + b * BUCKET, *to = from + old * BUCKET;
		int kept = 0;
		for (int i = 0; i < BUCKET; i++) {
			struct tt_entry e = from[i];
			memset(&from[i], 0, sizeof from[i]);
			if (e.generation != t->generation)
				continue;
			if (e.key & old)
				*to++ = e;
			else
				from[kept++] = e;
		}
	}
	t->mask = old * 2 - 1;
	if (t->mask > t->used_mask)
		t->used_mask = t->mask;
#ifdef MADV_HUGEPAGE
	if (t->mask + 1 == HUGE_BUCKETS) /* see tt_init */
		madvise(t->entries, (t->max_mask + 1) * BUCKET * sizeof(struct tt_entry),
		        MADV_HUGEPAGE);
#endif
}

static struct tt_entry *bucket(const struct tt *t, uint64_t key)
{
	return t->entries + (key & t->mask) * BUCKET;
}

const struct tt_entry *tt_probe(const struct tt *t, uint64_t key)
{
	struct tt_entry *b = bucket(t, key);
	for (int i = 0; i < BUCKET; i++)
		if (b[i].key == key && b[i].generation == t->generation)
			return &b[i];
	return NULL;
}

/* Value of what an entry knows: a deep proof costs more to redo; an entry
   of an older generation knows nothing. */
static int worth(const struct tt *t, const struct tt_entry *e)
{
	if (e->generation != t->generation)
		return -1;
	return e->win_le > e->fail_ge ? e->win_le : e->fail_ge;
}

static struct tt_entry *slot(struct tt *t, uint64_t key)
{
	struct tt_entry *b = bucket(t, key), *victim = b;
	for (int i = 0; i < BUCKET; i++) {
		if (b[i].key == key && b[i].generation == t->generation)
			return &b[i];
		if (worth(t, &b[i]) < worth(t, victim))
			victim = &b[i];
	}
	if (worth(t, victim) < 0) { /* a free slot taken */
		if (t->mask < t->max_mask && (t->filled + 1) * 4 > (t->mask + 1) * BUCKET) {
			grow(t); /* a quarter full: buckets of four start to overflow */
			return slot(t, key);
		}
		t->filled++;
	}
	memset(victim, 0, sizeof *victim);
	victim->key = key;
	victim->generation = t->generation;
	return victim;
}

void tt_store_win(struct tt *t, uint64_t key, int n, move_t best)
{
	struct tt_entry *e = slot(t, key);
	if (e->win_le == 0 || n < e->win_le) {
		e->win_le = (uint8_t)n;
		e->best = best;
	}
}

uint16_t tt_no_line(const struct tt *t, uint64_t key)
{
	const struct tt_entry *e = tt_probe(t, key);
	return e ? (uint16_t)(e->win_le | e->fail_ge << 8) : 0;
}

void tt_store_no_line(struct tt *t, uint64_t key, uint16_t bits)
{
	struct tt_entry *e = slot(t, key);
	bits |= (uint16_t)(e->win_le | e->fail_ge << 8);
	e->win_le = (uint8_t)(bits & 0xff);
	e->fail_ge = (uint8_t)(bits >> 8);
}

void tt_store_fail(struct tt *t, uint64_t key, int n)
{
	struct tt_entry *e = slot(t, key);
	if (n > e->fail_ge)
		e->fail_ge = (uint8_t)n;
}
