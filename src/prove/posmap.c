/*
** posmap.c -- exact position map (see posmap.h): open addressing over the
** records, keys in one arena.
*/
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "prove/posmap.h"

/* A map of a million positions is a hundred megabytes probed at random:
   huge pages (where the kernel gives them on request) spare most of the
   TLB misses.  Only the 2 MB pages wholly inside the block are asked for;
   without them nothing changes. */
static void advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	if (bytes < 4 * huge)
		return;
	uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t b = ((uintptr_t)p + bytes) & ~(huge - 1);
	if (b > a)
		(void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

size_t pos_key(const struct game *g, const void *pos, unsigned char *out)
{
	if (g->exact_key)
		return g->exact_key(pos, out);
	struct setup s;
	g->get_setup(pos, &s);
	size_t n = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			out[n++] = (unsigned char)s.grid[r][f];
	out[n++] = (unsigned char)('0' + s.side_to_move);
	for (size_t i = 0; i < sizeof s.castling && s.castling[i] && n < POSKEY_MAX - 6; i++)
		out[n++] = (unsigned char)s.castling[i];
	out[n++] = '/';
	for (size_t i = 0; i < sizeof s.en_passant && s.en_passant[i] && n < POSKEY_MAX - 1; i++)
		out[n++] = (unsigned char)s.en_passant[i];
	return n;
}

static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

void posmap_init(struct posmap *m)
{
	memset(m, 0, sizeof *m);
}

void posmap_free(struct posmap *m)
{
	free(m->recs);
	free(m->slots);
	free(m->keys);
	memset(m, 0, sizeof *m);
}

/* Where the record's key is: in the record itself when it is short (no
   third cache miss per probe), else in the arena. */
static const unsigned char *key_bytes(const struct posmap *m, const struct posrec *r)
{
	return r->key_len <= POSREC_INLINE ? r->key.inline_bytes : m->keys + r->key.off;
}

static struct posrec *lookup(const struct posmap *m, const unsigned char *key, size_t len,
                             uint64_t h, size_t *slot)
{
	if (!m->nslots) {
		*slot = 0;
		return NULL;
	}
	size_t i = h & (m->nslots - 1);
	uint64_t tag = h >> 32 << 32;
	while (m->slots[i]) {
		/* the slot's tag first: most probes then touch one cache line */
		if ((m->slots[i] & ~0xffffffffULL) == tag) {
			struct posrec *r = &m->recs[(m->slots[i] & 0xffffffffULL) - 1];
			if (r->hash == h && r->key_len == len &&
			    memcmp(key_bytes(m, r), key, len) == 0) {
				*slot = i;
				return r;
			}
		}
		i = (i + 1) & (m->nslots - 1);
	}
	*slot = i;
	return NULL;
}

struct posrec *posmap_find(const struct posmap *m, const unsigned char *key, size_t len)
{
	size_t slot;
	return lookup(m, key, len, hash_bytes(key, len), &slot);
}

/* The slots rebuilt at n (a power of two, at least twice the records). */
static int rehash(struct posmap *m, size_t n)
{
	uint64_t *slots = calloc(n, sizeof *slots);
	if (!slots)
		return -1;
	advise_huge(slots, n * sizeof *slots);
	for (size_t k = 0; k < m->count; k++) {
		size_t i = m->recs[k].hash & (n - 1);
		while (slots[i])
			i = (i + 1) & (n - 1);
		slots[i] = (m->recs[k].hash >> 32 << 32) | (k + 1);
	}
	free(m->slots);
	m->slots = slots;
	m->nslots = n;
	return 0;
}

static int grow_slots(struct posmap *m)
{
	return rehash(m, m->nslots ? m->nslots * 2 : 1024);
}

int posmap_reserve(struct posmap *m, size_t count)
{
	size_t n = m->nslots ? m->nslots : 1024;
	while (n < count * 2)
		n *= 2;
	if (n > m->nslots && rehash(m, n) < 0)
		return -1;
	if (count > m->cap) {
		struct posrec *recs = realloc(m->recs, count * sizeof *recs);
		if (!recs)
			return -1;
		m->recs = recs;
		m->cap = count;
		advise_huge(recs, count * sizeof *recs);
	}
	return 0;
}

struct posrec *posmap_get(struct posmap *m, const unsigned char *key, size_t len, int *added)
{
	uint64_t h = hash_bytes(key, len);
	size_t slot;
	struct posrec *r = lookup(m, key, len, h, &slot);
	*added = 0;
	if (r)
		return r;
	if (m->count >= UINT32_MAX - 1)
		return NULL;
	if ((m->count + 1) * 2 > m->nslots) {
		if (grow_slots(m) < 0)
			return NULL;
		lookup(m, key, len, h, &slot);
	}
	if (m->count == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 1024;
		struct posrec *recs = realloc(m->recs, cap * sizeof *recs);
		if (!recs)
			return NULL;
		m->recs = recs;
		m->cap = cap;
		advise_huge(recs, cap * sizeof *recs);
	}
	if (len > POSREC_INLINE && m->keys_used + len > m->keys_cap) {
		size_t cap = m->keys_cap ? m->keys_cap * 2 : 65536;
		while (cap < m->keys_used + len)
			cap *= 2;
		unsigned char *keys = realloc(m->keys, cap);
		if (!keys)
			return NULL;
		m->keys = keys;
		m->keys_cap = cap;
		advise_huge(keys, cap);
	}
	r = &m->recs[m->count];
	memset(r, 0, sizeof *r);
	r->hash = h;
	r->key_len = (uint16_t)len;
	if (len <= POSREC_INLINE) {
		memcpy(r->key.inline_bytes, key, len);
	} else {
		memcpy(m->keys + m->keys_used, key, len);
		r->key.off = m->keys_used;
		m->keys_used += len;
	}
	m->slots[slot] = (h >> 32 << 32) | ++m->count;
	*added = 1;
	return r;
}

struct posrec *posmap_find_pos(const struct posmap *m, const struct game *g, const void *pos)
{
	unsigned char key[POSKEY_MAX];
	return posmap_find(m, key, pos_key(g, pos, key));
}

struct posrec *posmap_get_pos(struct posmap *m, const struct game *g, const void *pos, int *added)
{
	unsigned char key[POSKEY_MAX];
	return posmap_get(m, key, pos_key(g, pos, key), added);
}

void posmap_prefetch_pos(const struct posmap *m, const struct game *g, const void *pos)
{
	struct poskey k;
	posmap_key_pos(g, pos, &k);
	posmap_prefetch_key(m, &k);
}

void posmap_key_pos(const struct game *g, const void *pos, struct poskey *k)
{
	k->len = pos_key(g, pos, k->bytes);
	k->hash = hash_bytes(k->bytes, k->len);
}

void posmap_prefetch_key(const struct posmap *m, const struct poskey *k)
{
	if (m->nslots)
		__builtin_prefetch(&m->slots[k->hash & (m->nslots - 1)]);
}

struct posrec *posmap_find_key(const struct posmap *m, const struct poskey *k)
{
	size_t slot;
	return lookup(m, k->bytes, k->len, k->hash, &slot);
}

size_t posmap_index(const struct posmap *m, const struct posrec *r)
{
	return (size_t)(r - m->recs);
}

size_t posmap_bytes(const struct posmap *m)
{
	return m->cap * sizeof *m->recs + m->nslots * sizeof *m->slots + m->keys_cap;
}
