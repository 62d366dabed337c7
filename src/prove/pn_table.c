/*
** pn_table.c -- the prover's table (see pn_table.h).
*/
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "prove/pn_table.h"
#include "solve/tt.h"

#define BUCKET PN_BUCKET
#define HUGE_PAGE ((size_t)2 << 20)

int pn_table_init(struct pn_table *t, size_t megabytes)
{
	memset(t, 0, sizeof *t);
	size_t memory = tt_memory_mb();
	if (megabytes < 1 || megabytes > PN_TABLE_MAX_MB || (memory && megabytes > memory))
		return -1;
	size_t bucket_bytes = BUCKET * sizeof(struct pn_entry);
	t->buckets = (megabytes << 20) / bucket_bytes;
	t->bytes = t->buckets * bucket_bytes;
	/* Anonymous pages are zero: no memset, and the pages the search never
	   reaches cost nothing.  Huge pages where the kernel has them
	   (transparent_hugepage "madvise" or "always"): a probe of a table of
	   a gigabyte in 4 KB pages is a TLB miss and a page walk nearly every
	   time.  Their first touch costs more (zeroing 2 MB at a time: 4.2 s
	   of system time for Upuaut's start with 1 GB, against 1.8 s), the
	   search far less (58 s of user time against 81 s).  The mapping is
	   aligned to 2 MB so that it can be backed by them; without them (or
	   where madvise fails) it works as before. */
	t->map_bytes = t->bytes + HUGE_PAGE;
	void *mem =
	    mmap(NULL, t->map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		t->buckets = 0;
		return -1;
	}
	t->map = mem;
	uintptr_t at = ((uintptr_t)mem + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
	(void)madvise((void *)at, t->bytes, MADV_HUGEPAGE);
#endif
	t->entries = (struct pn_entry *)at;
	return 0;
}

void pn_table_free(struct pn_table *t)
{
	if (t->map)
		munmap(t->map, t->map_bytes);
	t->map = NULL;
	t->entries = NULL;
}

#define CHECK_BITS 40
#define CHECK_MASK ((1ULL << CHECK_BITS) - 1)
#define NUM_BITS 28
#define NUM_MASK ((1U << NUM_BITS) - 1) /* a stored PN_INF */
#define NUM_MAX (NUM_MASK - 1)
#define WORK_MASK 0x7f  /* the work byte: log2 of the positions (at most 65) */
#define HELPER_BIT 0x80 /* and whether a helper thread stored pn and dn */

/* An entry's words as they were meant: `a` with the mix taken off. */
struct raw {
	uint64_t a, b;
};

/* What the first word is xored with: every bit of b reaches the key check
   (a multiply carries bits up only, the shift brings the high ones down),
   and an empty entry (both words 0) stays all zero. */
static uint64_t mix(uint64_t b)
{
	uint64_t x = b * 0x9e3779b97f4a7c15ULL;
	return x ^ x >> 32;
}

static struct raw load(const struct pn_entry *e)
{
	struct raw r;
	r.b = atomic_load_explicit(&e->b, memory_order_relaxed);
	r.a = atomic_load_explicit(&e->a, memory_order_relaxed) ^ mix(r.b);
	return r;
}

static void save(struct pn_entry *e, struct raw r)
{
	atomic_store_explicit(&e->b, r.b, memory_order_relaxed);
	atomic_store_explicit(&e->a, r.a ^ mix(r.b), memory_order_relaxed);
}

/* The fields of an entry, unpacked. */
struct fields {
	uint64_t check;
	uint32_t pn, dn;
	uint8_t work, budget, win_le, fail_ge;
	bool helper; /* pn and dn were stored by a helper thread */
};

static struct fields unpack(struct raw e)
{
	struct fields f;
	f.check = e.a & CHECK_MASK;
	f.work = (uint8_t)(e.a >> 40) & WORK_MASK;
	f.helper = ((uint8_t)(e.a >> 40) & HELPER_BIT) != 0;
	f.budget = (uint8_t)(e.a >> 48);
	f.win_le = (uint8_t)(e.a >> 56);
	f.fail_ge = (uint8_t)e.b;
	uint32_t pn = (uint32_t)(e.b >> 8) & NUM_MASK, dn = (uint32_t)(e.b >> 36) & NUM_MASK;
	f.pn = pn == NUM_MASK ? PN_INF : pn;
	f.dn = dn == NUM_MASK ? PN_INF : dn;
	return f;
}

static uint64_t stored(uint32_t x)
{
	return x == PN_INF ? NUM_MASK : x > NUM_MAX ? NUM_MAX : x;
}

static struct raw pack(const struct fields *f)
{
	struct raw e;
	uint8_t work = (uint8_t)(f->work | (f->helper ? HELPER_BIT : 0));
	e.a =
	    f->check | (uint64_t)work << 40 | (uint64_t)f->budget << 48 | (uint64_t)f->win_le << 56;
	e.b = (uint64_t)f->fail_ge | stored(f->pn) << 8 | stored(f->dn) << 36;
	return e;
}

/* An entry is empty when it knows nothing (budget, win_le, fail_ge all 0). */
static bool is_empty(struct raw e)
{
	return (e.a >> 48) == 0 && (uint8_t)e.b == 0;
}

/* The key's entry (its words in *r), or NULL. */
static struct pn_entry *find(const struct pn_table *t, uint64_t key, struct raw *r)
{
	struct pn_entry *b = pn_table_bucket(t, key);
	for (int i = 0; i < BUCKET; i++) {
		*r = load(&b[i]);
		if ((r->a & CHECK_MASK) == (key & CHECK_MASK) && !is_empty(*r))
			return &b[i];
	}
	return NULL;
}

int pn_table_lookup(const struct pn_table *t, uint64_t key, int budget, bool helpers_too,
                    uint32_t *pn, uint32_t *dn, int *len, struct pn_hint *hint)
{
	struct raw r;
	if (!find(t, key, &r))
		return 0;
	struct fields f = unpack(r);
	if (hint) {
		hint->win_le = f.win_le;
		hint->fail_ge = f.fail_ge;
		hint->other_win =
		    f.fail_ge == PN_UNBOUNDED && f.budget < PN_UNBOUNDED ? f.budget : 0;
	}
	if (f.win_le && f.win_le <= budget) {
		*pn = 0;
		*dn = PN_INF;
		*len = f.win_le;
		return 1;
	}
	if (f.fail_ge >= budget) {
		*pn = PN_INF;
		*dn = 0;
		*len = f.fail_ge;
		return 1;
	}
	if (f.budget == budget && (helpers_too || !f.helper)) {
		*pn = f.pn;
		*dn = f.dn;
		return 1;
	}
	return 0;
}

void pn_table_facts(const struct pn_table *t, uint64_t key, int *win_le, int *fail_ge)
{
	struct raw r;
	struct fields f = find(t, key, &r) ? unpack(r) : (struct fields){0};
	*win_le = f.win_le;
	*fail_ge = f.fail_ge;
}

unsigned pn_table_work(const struct pn_table *t, uint64_t key)
{
	struct raw r;
	return find(t, key, &r) ? (uint8_t)(r.a >> 40) & WORK_MASK : 0;
}

static uint8_t log2_work(uint64_t work)
{
	uint8_t l = 1;
	while (work > 1 && l < WORK_MASK) {
		work >>= 1;
		l++;
	}
	return l;
}

static void store(struct pn_table *t, uint64_t key, int budget, uint32_t pn, uint32_t dn,
                  uint64_t work, bool helper, int other_win)
{
	struct raw r;
	struct pn_entry *e = find(t, key, &r);
	struct fields f;
	if (e) {
		f = unpack(r);
	} else {
		struct pn_entry *b = pn_table_bucket(t, key);
		uint8_t least = UINT8_MAX;
		e = b;
		for (int i = 0; i < BUCKET; i++) {
			struct raw x = load(&b[i]);
			if (is_empty(x)) {
				e = &b[i];
				break;
			}
			uint8_t used = (uint8_t)(x.a >> 40) & WORK_MASK;
			if (used < least) {
				least = used;
				e = &b[i];
			}
		}
		memset(&f, 0, sizeof f);
		f.check = key & CHECK_MASK;
	}
	uint8_t w = log2_work(work);
	if (w > f.work)
		f.work = w;
	if (pn == 0) {
		if (f.win_le == 0 || budget < f.win_le)
			f.win_le = (uint8_t)budget;
	} else if (dn == 0) {
		uint8_t was = f.fail_ge;
		if (budget > f.fail_ge)
			f.fail_ge = (uint8_t)budget;
		/* "never wins" settles every budget: the numbers' budget byte
		   is free to hold the opponent's win length (what the numbers
		   left there is not one) */
		if (f.fail_ge == PN_UNBOUNDED && other_win > 0 && other_win < PN_UNBOUNDED)
			f.budget = (uint8_t)other_win;
		else if (f.fail_ge == PN_UNBOUNDED && was != PN_UNBOUNDED)
			f.budget = 0;
	} else if (f.fail_ge != PN_UNBOUNDED) {
		/* (numbers for a position known never to be won are no use, and
		   its budget byte holds the opponent's win length: a thread
		   still inside it when another settled it stores none) */
		f.budget = (uint8_t)budget;
		f.pn = pn;
		f.dn = dn;
		f.helper = helper;
	}
	save(e, pack(&f));
}

void pn_table_store(struct pn_table *t, uint64_t key, int budget, uint32_t pn, uint32_t dn,
                    uint64_t work, bool helper)
{
	store(t, key, budget, pn, dn, work, helper, 0);
}

void pn_table_store_never(struct pn_table *t, uint64_t key, int other_win, uint64_t work,
                          bool helper)
{
	store(t, key, PN_UNBOUNDED, PN_INF, 0, work, helper, other_win);
}

uint64_t pn_table_used(const struct pn_table *t)
{
	uint64_t n = 0;
	for (uint64_t i = 0; i < t->buckets * BUCKET; i++)
		n += !is_empty(load(&t->entries[i]));
	return n;
}
